//! Golden playthroughs (2 and 5 players) and perft counts. Regenerate after an intended change:
//!   INSTA_UPDATE=always cargo test -p worlds-world-dumbination --test main golden::

use worlds_engine::{Config, Game, SeededRng, conformance, perft};
use worlds_world_dumbination::WorldDumbination;

#[test]
fn golden_playthrough_two_players() {
    let g = WorldDumbination::new(&Config::players(2)).unwrap();
    insta::assert_snapshot!(conformance::playthrough(&g, 2026, 20_000));
}

#[test]
fn golden_playthrough_five_players() {
    let g = WorldDumbination::new(&Config::players(5)).unwrap();
    insta::assert_snapshot!(conformance::playthrough(&g, 5, 20_000));
}

/// Perft from a new 3-player game (USA, Russia, North Korea; seed 3): the First Goal choice is
/// simultaneous, each player choosing one of two (2, then 2 × 2, then 2 × 2 × 2); then phase 2,
/// where USA (first of the simultaneous set) holds five Brown cards, all placeable: the left card
/// space takes one of them or nothing (8 × 6 = 48; the right space is closed until the First Goal is
/// done, so its step is passed over); the target is Russia or North Korea after a Brown card, or
/// either or Peace after nothing (8 × (5 × 2 + 3) = 104); then `done` (104).
#[test]
fn perft_golden_counts() {
    let g = WorldDumbination::new(
        &Config::players(3).with_option("nations", serde_json::json!(["usa", "russia", "north-korea"])),
    )
    .unwrap();
    let rng = SeededRng::new(3);
    let start = g.new_game(&mut rng.clone()).0;
    let hand = start.table().seats[worlds_engine::testing::seat(0)].hand;
    assert!(hand.iter().all(|k| g.content().cards.get(k).unwrap().kind == worlds_world_dumbination::Kind::Brown));
    assert_eq!(hand.len(), 5);
    let counts: Vec<u64> = (1..=6).map(|d| perft(&g, &start, d, &rng)).collect();
    assert_eq!(counts, [2, 4, 8, 48, 104, 104]);
}
