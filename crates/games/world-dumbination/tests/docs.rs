//! The player's page shows the default world as the terminal draws it at the start of a 5-player
//! game, and every card with its generated rules text, both generated from the content, so the
//! page and the game never disagree. After changing the board or the cards, regenerate with
//!   WORLDS_BLESS=1 cargo test -p worlds-world-dumbination --test main docs::

use std::path::Path;

use worlds_engine::{Config, Game, Present, Style, Viewer, conformance};
use worlds_world_dumbination::{Cards, Deck, WorldDumbination, card_text};

use crate::common::start;

/// The page's card list: one table per deck, each card by number with its name, type and text.
fn card_list() -> String {
    let cards = Cards::built_in().unwrap_or_else(|e| panic!("{e}"));
    let cell = |s: &str| s.replace('|', "\\|");
    let mut out = String::new();
    for (deck, title) in [
        (Deck::FirstGoal, "First Goals"),
        (Deck::Level1, "Level 1"),
        (Deck::Level2, "Level 2"),
        (Deck::Dumbness, "Dumbness"),
    ] {
        let list: Vec<_> = cards.deck(deck).collect();
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&format!(
            "### {title} ({} cards)\n\n| No. | Card | Type | Text |\n|---|---|---|---|\n",
            list.len()
        ));
        for c in list {
            out.push_str(&format!(
                "| {} | {} | {} | {} |\n",
                c.number,
                cell(&c.name),
                c.kind.name(),
                cell(&card_text(c))
            ));
        }
    }
    out
}

#[test]
fn wd_view_1_the_players_page_shows_the_default_world_and_every_card() {
    let nations = serde_json::json!(["usa", "russia", "north-korea", "venezuela", "turkey"]);
    let g = WorldDumbination::new(&Config::players(5).with_option("nations", nations)).unwrap();
    let s = start(&g, 1);
    let map = g.render_view(&g.observe(&s, Viewer::Spectator), "map", Style::default()).unwrap();
    let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/players.md");
    let body = format!("```text\n{map}\n```\n");
    if let Err(e) = conformance::check_generated_page(
        &page,
        &[("map", body), ("cards", card_list())],
        "WORLDS_BLESS=1 cargo test -p worlds-world-dumbination --test main docs::",
    ) {
        panic!("{e}");
    }
}
