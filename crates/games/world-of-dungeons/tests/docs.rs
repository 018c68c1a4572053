//! The player's page (`docs/players.md`) lists every card with the text generated
//! from the content data, so the page and the game can never disagree. After changing the content
//! or the text generator, regenerate with
//!   WORLDS_BLESS=1 cargo test -p worlds-world-of-dungeons --test main docs::
#![allow(clippy::unwrap_used)]

use std::fmt::Write as _;

use worlds_engine::{Config, Game};
use worlds_world_of_dungeons::{LootKind, WorldOfDungeons};

const PAGE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/players.md");

fn cell(s: &str) -> String {
    s.replace('|', "/")
}

fn quote(q: Option<&str>) -> String {
    q.map_or(String::new(), |q| format!(" <br>*{}*", cell(q)))
}

fn sections(g: &WorldOfDungeons) -> [(&'static str, String); 3] {
    let c = g.content();
    let mut gamers = String::from("| gamer | type | experience | skill |\n|---|---|---|---|\n");
    for (i, x) in c.gamers.iter().enumerate() {
        let _ = writeln!(
            gamers,
            "| **{}** (`{}`) | {} | {} | {}{} |",
            x.name,
            x.id,
            x.ty.name(),
            x.xp,
            cell(&g.gamer_text(i as u8)),
            quote(x.quote.as_deref())
        );
    }
    let mut dungeons = String::from(
        "| dungeon | kind | difficulty | loot | VP | needs | abilities |\n|---|---|---|---|---|---|---|\n",
    );
    for (i, d) in c.dungeons.iter().enumerate() {
        let _ = writeln!(
            dungeons,
            "| **{}** (`{}`) | {} | {} | {} | {} | {} | {}{} |",
            d.name,
            d.id,
            d.kind.name(),
            d.difficulty,
            d.loot,
            d.vp,
            d.needs.letters(),
            cell(&g.dungeon_text(i as u8)),
            quote(d.quote.as_deref())
        );
    }
    let mut loot = String::from("| card | kind | copies | rules text |\n|---|---|---|---|\n");
    for kind in [LootKind::Effect, LootKind::Stash, LootKind::PatchNotes] {
        for (i, d) in c.defs.iter().enumerate().filter(|(_, d)| d.kind == kind) {
            let _ = writeln!(
                loot,
                "| **{}** (`{}`) | {} | {} | {}{} |",
                d.name,
                d.id,
                d.kind.name(),
                d.copies,
                cell(&g.loot_text(i as u8)),
                quote(d.quote.as_deref())
            );
        }
    }
    [("gamers", gamers), ("dungeons", dungeons), ("loot", loot)]
}

#[test]
fn wod_data_2_the_players_page_lists_every_card_from_the_data() {
    let g = WorldOfDungeons::new(&Config::players(3)).unwrap();
    let regenerate = "WORLDS_BLESS=1 cargo test -p worlds-world-of-dungeons --test main docs::";
    if let Err(e) =
        worlds_engine::conformance::check_generated_page(std::path::Path::new(PAGE), &sections(&g), regenerate)
    {
        panic!("{e}");
    }
}

/// WOD-RESP-11: the page warns that autopass is a tell.
#[test]
fn wod_resp_11_the_players_page_says_autopass_gives_a_tell() {
    let page = std::fs::read_to_string(PAGE).unwrap();
    assert!(page.contains("it is a tell"));
    assert_eq!(WorldOfDungeons::info().page, page);
}
