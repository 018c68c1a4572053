//! Golden playthroughs (3 and 5 players) and perft counts. Regenerate after an intended change:
//!   INSTA_UPDATE=always cargo test -p worlds-bastards-inc --test main golden::

use worlds_bastards_inc::BastardsInc;
use worlds_engine::{Config, Game, SeededRng, conformance, perft};

use crate::common::game;

#[test]
fn golden_playthrough_three_players() {
    let g = BastardsInc::new(&Config::players(3)).unwrap();
    insta::assert_snapshot!(conformance::playthrough(&g, 2026, 20_000));
}

#[test]
fn golden_playthrough_five_players() {
    let g = BastardsInc::new(&Config::players(5)).unwrap();
    insta::assert_snapshot!(conformance::playthrough(&g, 5, 20_000));
}

/// Perft from a new 3-player game (P1 starting, 30 Billions and 9 Goodwill each, no cards): the
/// Draw phase's hidden choices. P1 (first pending) may finish or buy 1, 2 or 3 extra cards (4);
/// after `done` P2 has the same 4, after `extra 1` P1 chooses the Goodwill part of 2 (0–2: 3), of
/// 5 after `extra 2` (0–5: 6), of 9 after `extra 3` (0–9: 10): 4 + 3 + 6 + 10 = 23; at depth 3 a
/// player who bought extra cards has only `done` left (he has no card to discard): 23 + 3 + 6 + 10
/// = 42.
#[test]
fn perft_golden_counts() {
    let g = game(3);
    let rng = SeededRng::new(3);
    let start = g.new_game(&mut rng.clone()).0;
    let counts: Vec<u64> = (1..=5).map(|d| perft(&g, &start, d, &rng)).collect();
    assert_eq!(counts[..3], [4, 23, 42]);
    insta::assert_debug_snapshot!(counts);
}
