//! The player's page shows the map and the card list generated from the content data, so the page
//! and the game can never disagree. After changing the content, regenerate with
//!   WORLDS_BLESS=1 cargo test -p worlds-woobieworld --test main docs::
#![allow(clippy::unwrap_used)]

use std::fmt::Write as _;

use worlds_woobieworld::{Area, BUILT_IN_CARDS, Map, Terrain, parse_cards};

const PAGE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/players.md");

fn map_section() -> String {
    let map = Map::built_in();
    let mut out = String::from("```text\n");
    out.push_str(&map.picture());
    out.push_str("```\n\n| area | kind | borders |\n|---|---|---|\n");
    for a in map.areas() {
        let info = map.info(a);
        let mut kind = vec![if info.terrain == Terrain::Water { "water" } else { "land" }];
        if info.mountain {
            kind.push("mountain");
        }
        if info.coastal {
            kind.push("coastal");
        }
        if info.terrain == Terrain::Land && !info.coastal {
            kind.push("inland");
        }
        let borders: Vec<&str> = Area::in_mask(map.borders(a)).map(|b| map.name(b)).collect();
        let _ = writeln!(out, "| {} (`{}`) | {} | {} |", info.name, info.id, kind.join(", "), borders.join(", "));
    }
    out
}

fn cards_section() -> String {
    let mut cards = parse_cards(BUILT_IN_CARDS, "cards.toml").unwrap();
    cards.sort_by_key(|c| c.number);
    let mut out = String::from("| # | card | type | rules text |\n|---|---|---|---|\n");
    for c in &cards {
        let quote = c.quote.as_deref().map_or(String::new(), |q| format!(" <br>*{}*", q.replace('|', "/")));
        let _ = writeln!(
            out,
            "| {} | **{}** | {} | {}{quote} |",
            c.number,
            c.name,
            c.kind.label(),
            c.text().replace('|', "/")
        );
    }
    out
}

#[test]
fn the_players_page_shows_the_map_and_cards_from_the_data() {
    let sections = [("map", map_section()), ("cards", cards_section())];
    let regenerate = "WORLDS_BLESS=1 cargo test -p worlds-woobieworld --test main docs::";
    if let Err(e) = worlds_engine::conformance::check_generated_page(std::path::Path::new(PAGE), &sections, regenerate)
    {
        panic!("{e}");
    }
}
