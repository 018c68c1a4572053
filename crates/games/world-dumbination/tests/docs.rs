//! The player's page shows the default world as the terminal draws it at the start of a 5-player
//! game, generated from the content, so the page and the game never disagree. After changing the
//! board, regenerate with
//!   WORLDS_BLESS=1 cargo test -p worlds-world-dumbination --test main docs::

use std::path::Path;

use worlds_engine::{Config, Game, Style, Viewer, conformance};
use worlds_world_dumbination::WorldDumbination;

use crate::common::start;

#[test]
fn wd_view_1_the_players_page_shows_the_default_world() {
    let nations = serde_json::json!(["usa", "russia", "north-korea", "venezuela", "turkey"]);
    let g = WorldDumbination::new(&Config::players(5).with_option("nations", nations)).unwrap();
    let s = start(&g, 1);
    let map = g.render_view(&g.observe(&s, Viewer::Spectator), "map", Style::default()).unwrap();
    let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../docs/games/world-dumbination.md");
    let body = format!("```text\n{map}\n```\n");
    if let Err(e) = conformance::check_generated_page(
        &page,
        &[("map", body)],
        "WORLDS_BLESS=1 cargo test -p worlds-world-dumbination --test main docs::",
    ) {
        panic!("{e}");
    }
}
