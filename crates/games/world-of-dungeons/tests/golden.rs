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

/// Perft from a new game (seed 3, P1 first, P1 holding Invite Declined): the kick step of an
/// empty guild has only `skip` (Invite Declined waits for a recruit: 1); the recruit step offers the
/// three gamers of the Forum row or `skip` (4); a recruit opens a window where P2 holds priority
/// with three kinds of pass, a skip leads to the Stash step with no Stash card in hand: 3 × 3 + 1
/// (10); then the windows and steps of the first turn. Chance follows the seeded stream along
/// every path.
#[test]
fn perft_golden_counts() {
    let g = WorldOfDungeons::new(&Config::players(3).with_option("first", 0)).unwrap();
    let rng = SeededRng::new(3);
    let start = g.new_game(&mut rng.clone()).0;
    let counts: Vec<u64> = (1..=5).map(|d| perft(&g, &start, d, &rng)).collect();
    assert_eq!(counts, [1, 4, 10, 37, 118]);
}
