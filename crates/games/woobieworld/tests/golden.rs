//! Golden playthroughs of both variants, and perft counts. Regenerate after an intended change:
//!   INSTA_UPDATE=always cargo test -p worlds-woobieworld --test main golden::
#![allow(clippy::unwrap_used)]

use worlds_engine::{Config, Game, SeededRng, conformance, perft};
use worlds_woobieworld::Woobieworld;

#[test]
fn golden_playthrough_standard_three_players() {
    let g = Woobieworld::new(&Config::players(3)).unwrap();
    insta::assert_snapshot!(conformance::playthrough(&g, 2026, 10_000));
}

#[test]
fn golden_playthrough_cycles_four_players() {
    let g = Woobieworld::new(&Config::players(4).with_variant("cycles")).unwrap();
    insta::assert_snapshot!(conformance::playthrough(&g, 7, 10_000));
}

/// Perft from a new game (seed 3): home choices (13 land areas × 4 colours, minus taken areas),
/// then the first turn's phases. Chance (draws) follows the seeded stream along every path.
#[test]
fn perft_golden_counts() {
    let g = Woobieworld::new(&Config::players(2).with_option("first", 0)).unwrap();
    let rng = SeededRng::new(3);
    let start = g.new_game(&mut rng.clone()).0;
    let counts: Vec<u64> = (1..=4).map(|d| perft(&g, &start, d, &rng)).collect();
    // 52 homes; 12 × 4 for P2; 4 colours of support; 4 colours × 17 areas of industry + skip.
    assert_eq!(counts, [52, 2496, 9984, 688896]);
    let cycles = Woobieworld::new(&Config::players(2).with_variant("cycles").with_option("first", 0)).unwrap();
    let start = cycles.new_game(&mut rng.clone()).0;
    let counts: Vec<u64> = (1..=4).map(|d| perft(&cycles, &start, d, &rng)).collect();
    // Homes as above, then each player commits one of their four cards, face down.
    assert_eq!(counts, [52, 2496, 9984, 39936]);
}
