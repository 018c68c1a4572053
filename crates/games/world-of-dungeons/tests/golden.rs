//! Golden playthroughs (2 and 5 players) and perft counts. Regenerate after an intended change:
//!   INSTA_UPDATE=always cargo test -p worlds-world-of-dungeons --test main golden::
#![allow(clippy::unwrap_used)]

use worlds_engine::{Config, Game, SeededRng, conformance, perft};
use worlds_world_of_dungeons::WorldOfDungeons;

#[test]
fn golden_playthrough_two_players() {
    let g = WorldOfDungeons::new(&Config::players(2)).unwrap();
    insta::assert_snapshot!(conformance::playthrough(&g, 2026, 10_000));
}

#[test]
fn golden_playthrough_five_players() {
    let g = WorldOfDungeons::new(&Config::players(5)).unwrap();
    insta::assert_snapshot!(conformance::playthrough(&g, 5, 10_000));
}

/// Perft from a new game (seed 3, P1 first): phase 1 draws the Troll Flamebait, whose forced
/// join opens a window (WOD-POP-4, WOD-RESP-3): P2 and P3 hold priority first (three kinds of pass
/// each; their cards' timings do not apply), then P1 (three passes, or Invite Declined, a
/// `recruit` card that may cancel the join: 4); then the first turn's steps. Chance follows the
/// seeded stream along every path.
#[test]
fn perft_golden_counts() {
    let g = WorldOfDungeons::new(&Config::players(3).with_option("first", 0)).unwrap();
    let rng = SeededRng::new(3);
    let start = g.new_game(&mut rng.clone()).0;
    let counts: Vec<u64> = (1..=5).map(|d| perft(&g, &start, d, &rng)).collect();
    assert_eq!(counts, [3, 9, 36, 46, 64]);
}
