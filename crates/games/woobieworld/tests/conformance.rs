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
