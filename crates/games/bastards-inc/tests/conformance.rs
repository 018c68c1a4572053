//! The engine's conformance kit on Bastards Inc., every player count.

use worlds_bastards_inc::BastardsInc;
use worlds_engine::{Config, Game, conformance};

fn game(players: usize) -> BastardsInc {
    BastardsInc::new(&Config::players(players)).unwrap()
}

#[test]
fn random_playouts_keep_the_contract() {
    for players in 3..=6 {
        let report = conformance::check(
            &game(players),
            &conformance::Settings { seed: players as u64, playouts: 6, deep_playouts: 1, ..Default::default() },
        );
        eprintln!("{players}p: {report:?}");
    }
}

#[test]
fn replays_reproduce_every_state_and_event() {
    conformance::check_replay(&game(4), 4, 6, 200_000);
}

/// BI-CARD-5, BI-DRAW-4: the leak test: no card of another player's hand reaches a viewer who may
/// not see it, by name or number, in observations, views or events.
#[test]
fn bi_card_5_no_hidden_card_reaches_a_viewer_who_may_not_see_it() {
    for (players, seed) in [(3, 1), (4, 2), (6, 3)] {
        let report = conformance::check_secrets(&game(players), seed, 3, 200_000);
        assert!(report.secrets > 10 * report.steps, "{players}p: {report:?}");
    }
}

/// Real positions, mutated: whatever loads must play on.
#[test]
fn mutated_positions_load_only_when_playable() {
    for players in [3, 6] {
        let report = conformance::check_state_mutations(&game(players), players as u64, 3, 150);
        eprintln!("{players}p: {report:?}");
    }
}

/// BI-BATTLE-2, BI-CARD-5: the structural secret tests: a sealed resistance looks the same to
/// everyone else until the battle is revealed, and what a seat is given depends only on what it
/// knows.
#[test]
fn bi_battle_2_secret_choices_and_observations_depend_only_on_what_a_seat_knows() {
    for (players, seed, games) in [(3, 31, 2), (6, 33, 1)] {
        let g = game(players);
        let choices = conformance::check_secret_choices(&g, seed, games, 200_000, 2);
        let info = conformance::check_observation_is_information(&g, seed, 1, 200_000, 9);
        eprintln!("{players}p: {choices:?} {info:?}");
        assert!(choices.comparisons > 20, "{players}p: {choices:?}");
        assert!(info.comparisons > 100, "{players}p: {info:?}");
    }
}
