//! Golden playthroughs: a seeded game's full text log, checked in. Any rules change shows up as a
//! diff. Regenerate after an intended change with
//!   INSTA_UPDATE=always cargo test -p worlds-world-war-5 --test main golden::
//! and review the diff of `tests/snapshots/` before committing.
#![allow(clippy::unwrap_used)]

use worlds_engine::{Config, Game, conformance};
use worlds_world_war_5::WorldWar5;

#[test]
fn golden_playthrough_two_players_original_board() {
    let g = WorldWar5::new(&Config::players(2)).unwrap();
    insta::assert_snapshot!(conformance::playthrough(&g, 2026, 10_000));
}

#[test]
fn golden_playthrough_four_players_pyramid_arcade_board() {
    let g = WorldWar5::new(&Config::players(4).with_variant("pyramid-arcade")).unwrap();
    insta::assert_snapshot!(conformance::playthrough(&g, 5, 10_000));
}
