//! The engine's conformance kit on World War 5, for every player count and both boards, plus
//! perft golden counts and the golden playthrough.
#![allow(clippy::unwrap_used)]

use worlds_engine::{Config, Game, Scripted, ScriptedValue, SeededRng, conformance, perft};
use worlds_world_war_5::WorldWar5;

fn game(players: usize, variant: &str) -> WorldWar5 {
    WorldWar5::new(&Config::players(players).with_variant(variant)).unwrap()
}

#[test]
fn random_playouts_keep_the_contract_on_both_boards() {
    for variant in ["original", "pyramid-arcade"] {
        for players in 2..=6 {
            let g = game(players, variant);
            let report = conformance::check(
                &g,
                &conformance::Settings { seed: players as u64, playouts: 300, deep_playouts: 4, ..Default::default() },
            );
            assert_eq!(report.playouts, 300);
            eprintln!("{variant} {players}p: {report:?}");
        }
    }
}

#[test]
fn replays_reproduce_every_state_and_event() {
    conformance::check_replay(&game(2, "original"), 5, 20, 100_000);
    conformance::check_replay(&game(4, "pyramid-arcade"), 6, 10, 100_000);
}
