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
            eprintln!("{variant} {players}p: {report:?}");
        }
    }
}

#[test]
fn replays_reproduce_every_state_and_event() {
    conformance::check_replay(&game(2, "original"), 5, 20, 100_000);
    conformance::check_replay(&game(4, "pyramid-arcade"), 6, 10, 100_000);
}

/// Perft from a new two-player game (seed 1 decides the roll-off): 6 × 5 home choices, then
/// 3 × 3 × 2 × 2 × 1 × 1 placements, then the first turns.
#[test]
fn perft_golden_counts_from_the_start() {
    let g = game(2, "original");
    let mut rng = SeededRng::new(1);
    let (start, _) = g.new_game(&mut rng);
    let counts: Vec<u64> = (1..=10).map(|d| perft(&g, &start, d, &rng)).collect();
    assert_eq!(counts, [6, 30, 90, 270, 540, 1080, 1080, 1080, 11520, 115376]);
}

/// Perft from a middle-game position where invasions roll dice: chance is scripted by cloning the
/// seeded stream along every path, so the counts are exact and stable.
#[test]
fn perft_golden_counts_with_combat() {
    let g = game(2, "original");
    let s = g
        .load_state_value(serde_json::json!({
            "stack": ["play"], "first": 0, "active": 0, "turn": 7, "homes": ["eu", "af"],
            "board": {
                "eu-north": {"player": 0, "size": "small"}, "eu-south": {"player": 0, "size": "large"},
                "af-northeast": {"player": 1, "size": "medium"}, "af-south": {"player": 1, "size": "small"},
                "as-southwest": {"player": 1, "size": "large"}
            }
        }))
        .unwrap();
    let rng = Scripted::with([ScriptedValue::Die(6)], SeededRng::new(3));
    let counts: Vec<u64> = (1..=4).map(|d| perft(&g, &s, d, &rng)).collect();
    // Depth 1 by hand: grow eu-north, build eu-west, five moves, two invasions.
    assert_eq!(counts, [9, 103, 1047, 12848]);
}

/// The structural secret tests on both boards: World War 5 hides nothing (each check compares
/// positions that are the same to every seat), and a seat's view depends only on the position.
#[test]
fn secret_choices_and_observations_depend_only_on_what_a_seat_knows() {
    for (variant, seed) in [("original", 51), ("pyramid-arcade", 52)] {
        let g = game(2, variant);
        let choices = conformance::check_secret_choices(&g, seed, 2, 100_000, 4);
        let info = conformance::check_observation_is_information(&g, seed, 2, 100_000, 5);
        eprintln!("{variant}: {choices:?} {info:?}");
        assert!(info.comparisons > 20, "{variant}: {info:?}");
    }
}
