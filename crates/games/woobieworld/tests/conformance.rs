//! The engine's conformance kit on Woobieworld, both variants, every player count.
#![allow(clippy::unwrap_used)]

use worlds_engine::{Config, Game, conformance};
use worlds_woobieworld::Woobieworld;

fn game(players: usize, variant: &str) -> Woobieworld {
    Woobieworld::new(&Config::players(players).with_variant(variant)).unwrap()
}

fn max_players() -> usize {
    let cards = worlds_woobieworld::parse_cards(worlds_woobieworld::BUILT_IN_CARDS, "cards.toml").unwrap();
    (cards.iter().filter(|c| !c.is_environment()).count() / 4).min(6)
}

#[test]
fn random_playouts_keep_the_contract_in_both_variants() {
    for variant in ["standard", "cycles"] {
        for players in 2..=max_players() {
            let g = game(players, variant);
            let report = conformance::check(
                &g,
                &conformance::Settings { seed: players as u64, playouts: 200, deep_playouts: 4, ..Default::default() },
            );
            eprintln!("{variant} {players}p: {report:?}");
        }
    }
}

#[test]
fn replays_reproduce_every_state_and_event() {
    conformance::check_replay(&game(2, "standard"), 5, 10, 100_000);
    conformance::check_replay(&game(2, "cycles"), 6, 10, 100_000);
}

/// The leak test: no card in another player's hand (unless known to all) or chosen face down and
/// not yet revealed appears, by name or by id, in what a seat or a spectator observes or in the
/// events they see, at any step of hundreds of random games of both variants.
#[test]
fn woob_hand_1_no_hidden_card_reaches_a_viewer_who_may_not_see_it() {
    for (variant, players, seed) in [("standard", 2, 1), ("standard", 4, 2), ("cycles", 3, 3), ("cycles", 5, 4)] {
        let report = conformance::check_secrets(&game(players, variant), seed, 60, 100_000);
        assert!(report.secrets > 1000 * report.games, "{variant} {players}p: {report:?}");
    }
}

/// The structural secret tests, in both variants: a seat's secret choice (a card picked face down
/// in cycles) looks the same to everyone else until it is revealed, and what a seat is given
/// depends only on what it knows.
#[test]
fn woob_hand_1_secret_choices_and_observations_depend_only_on_what_a_seat_knows() {
    for (variant, players, seed) in [("standard", 2, 11), ("standard", 4, 12), ("cycles", 3, 13), ("cycles", 5, 14)] {
        let g = game(players, variant);
        let choices = conformance::check_secret_choices(&g, seed, 6, 100_000, 6);
        let info = conformance::check_observation_is_information(&g, seed, 3, 100_000, 5);
        eprintln!("{variant} {players}p: {choices:?} {info:?}");
        if variant == "cycles" {
            assert!(choices.comparisons > 100, "{variant} {players}p: {choices:?}");
        }
        assert!(info.comparisons > 100, "{variant} {players}p: {info:?}");
    }
}
