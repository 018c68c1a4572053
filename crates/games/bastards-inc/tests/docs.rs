//! The player's page shows the board, the war table, the plans, every card and every event as the
//! content defines them, generated from the content files, so the page and the game never
//! disagree. After changing the content, regenerate with
//!   WORLDS_BLESS=1 cargo test -p worlds-bastards-inc --test main docs::

use std::path::Path;

use worlds_bastards_inc::{Attr, BastardsInc, Kind, card_text};
use worlds_engine::{Config, Game, Present, Style, Viewer, conformance};

fn cell(s: &str) -> String {
    s.replace('|', "\\|")
}

fn regions(g: &BastardsInc) -> String {
    let mut out = String::from(
        "| Region (id) | Corruption | Crime | Technology | Income | grey from | starting Stuff |\n|---|---|---|---|---|---|---|\n",
    );
    for r in &g.content().board.regions {
        out.push_str(&format!(
            "| {} (`{}`) | {} | {} | {} | {} | {} | {} |\n",
            r.name, r.id, r.corruption, r.crime, r.technology, r.income, r.grey_from, r.stuff
        ));
    }
    out
}

fn circus(g: &BastardsInc) -> String {
    let b = &g.content().board;
    let mut out = String::from("| Section | Squares (id, minimum Media) |\n|---|---|\n");
    for section in worlds_bastards_inc::Section::ALL {
        let squares: Vec<String> = b
            .squares
            .iter()
            .filter(|q| q.section == section)
            .map(|q| format!("{} (`{}`, {})", q.name, q.id, q.media))
            .collect();
        out.push_str(&format!("| {} | {} |\n", section.name(), squares.join(", ")));
    }
    out
}

fn war(g: &BastardsInc) -> String {
    let mut out = String::from("| Total | Result | Effects on the region at war |\n|---|---|---|\n");
    let mut from: Option<u8> = None;
    for w in &g.content().board.war {
        let total = match (from, w.up_to) {
            (None, Some(u)) => format!("{u} or less"),
            (Some(f), Some(u)) if f == u => format!("{u}"),
            (Some(f), Some(u)) => format!("{f}–{u}"),
            (Some(f), None) => format!("{f} or more"),
            (None, None) => "any".to_owned(),
        };
        let mut fx = Vec::new();
        if w.apocalypse {
            fx.push("the game ends".to_owned());
        } else {
            fx.push(format!("Stuff −{}", w.stuff));
        }
        for (on, what) in [(w.intervention, "intervention"), (w.famine, "famine"), (w.disaster, "natural disaster")] {
            if on {
                fx.push(what.to_owned());
            }
        }
        out.push_str(&format!("| {total} | {} | {} |\n", w.name, fx.join("; ")));
        from = w.up_to.map(|u| u + 1);
    }
    out
}

fn effort(g: &BastardsInc) -> String {
    let e = g.content().board.effort;
    format!(
        "| Bonus (or extra cards) | +1 | +2 | +3 |\n|---|---|---|---|\n| Price | {} | {} | {} |\n",
        e[0], e[1], e[2]
    )
}

fn plans(g: &BastardsInc) -> String {
    let mut out = String::from("| Plan (id) | Corruption | Crime | Media | Technology |\n|---|---|---|---|---|\n");
    for p in &g.content().plans.0 {
        let a = p.attrs;
        out.push_str(&format!("| {} (`{}`) | {} | {} | {} | {} |\n", p.name, p.id, a[0], a[1], a[2], a[3]));
    }
    out
}

fn opportunities(g: &BastardsInc) -> String {
    let c = g.content();
    let mut out =
        String::from("| Card (id) | Copies | Needs | Slots: region and Income | Illegal |\n|---|---|---|---|---|\n");
    for k in c.cards.kinds.iter().filter(|k| k.kind == Kind::Business) {
        let needs = k.requires.map_or_else(String::new, |(a, n): (Attr, u8)| format!("{} {n}", a.name()));
        let slots: Vec<String> = k
            .slots
            .iter()
            .map(|s| {
                let r = s.region.map_or_else(|| "any at war".to_owned(), |r| c.board.region(r).name.clone());
                format!("{r} {}", s.income)
            })
            .collect();
        let illegal = k.illegal.map_or("", |s| s.name());
        out.push_str(&format!(
            "| {} (`{}`) | {} | {needs} | {} | {illegal} |\n",
            k.name,
            k.id,
            k.copies,
            slots.join(" + ")
        ));
    }
    out
}

fn actions(g: &BastardsInc) -> String {
    let c = g.content();
    let mut out = String::from("| Card (id) | Copies | What it does | Illegal |\n|---|---|---|---|\n");
    for k in c.cards.kinds.iter().filter(|k| k.kind == Kind::Action) {
        let illegal = k.illegal.map_or("", |s| s.name());
        let text = card_text(c, k);
        let text = text.split(". Illegal").next().unwrap_or(&text);
        out.push_str(&format!("| {} (`{}`) | {} | {} | {illegal} |\n", k.name, k.id, k.copies, cell(text)));
    }
    out
}

fn events(g: &BastardsInc) -> String {
    let c = g.content();
    let mut out = String::from("| Event | Kind | What happens |\n|---|---|---|\n");
    for (i, e) in c.cards.events.iter().enumerate() {
        let kind = serde_json::to_value(e.kind).unwrap().as_str().unwrap().to_owned();
        out.push_str(&format!("| {} | {kind} | {} |\n", e.name, cell(&worlds_bastards_inc::event_text(c, i as u8))));
    }
    out
}

/// The compact table of the view test's position, as P1 sees it.
fn screen() -> String {
    let g = &crate::common::game(4);
    let s = crate::view::position(g);
    let compact = g.render_compact(&g.observe(&s, Viewer::Player(crate::common::p(0))), Style::default());
    format!("```text\n{compact}\n```\n")
}

#[test]
fn bi_view_1_the_players_page_shows_the_content_as_it_is() {
    let g = BastardsInc::new(&Config::players(4)).unwrap();
    let page = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/players.md");
    if let Err(e) = conformance::check_generated_page(
        &page,
        &[
            ("screen", screen()),
            ("regions", regions(&g)),
            ("circus", circus(&g)),
            ("war", war(&g)),
            ("effort", effort(&g)),
            ("plans", plans(&g)),
            ("opportunities", opportunities(&g)),
            ("actions", actions(&g)),
            ("events", events(&g)),
        ],
        "WORLDS_BLESS=1 cargo test -p worlds-bastards-inc --test main docs::",
    ) {
        panic!("{e}");
    }
    let _ = g.num_players();
}

/// The number right after `marker` in `text`.
fn number_after(text: &str, marker: &str) -> Option<i32> {
    let rest = &text[text.find(marker)? + marker.len()..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// BI-WARTAB-1, BI-WAR-4: the page's words on Nuclear Apocalypse give the war table's own figures:
/// the lowest total of its row, the most a die and a Stuff level make (6 and 6, BI-BOARD-3), and so
/// the modifier still needed, which the Propaganda Victories in the deck must be able to add.
#[test]
fn bi_wartab_1_the_pages_apocalypse_total_is_the_war_tables() {
    let g = BastardsInc::new(&Config::players(4)).unwrap();
    let c = g.content();
    let rows = &c.board.war;
    let apocalypse = rows.iter().position(|w| w.apocalypse).expect("the war table has a Nuclear Apocalypse row");
    let threshold = rows[..apocalypse].last().and_then(|w| w.up_to).map_or(i32::MIN, |u| i32::from(u) + 1);
    let page = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/players.md")).unwrap();
    let words = page.replace("\n  ", " ");
    let at = words.find("**Nuclear Apocalypse** ends the game; see").expect("the War phase's Apocalypse paragraph");
    let prose = &words[at..at + words[at..].find("\n").unwrap_or(words.len() - at)];
    assert_eq!(number_after(prose, "It needs a total of "), Some(threshold), "{prose}");
    // A die shows at most 6 and a Stuff level is at most 6.
    assert_eq!(number_after(prose, "the die and the Stuff level make at most "), Some(12), "{prose}");
    let needed = threshold - 12;
    let copies = c.cards.kinds.iter().find(|k| k.id == "propaganda-victory").map_or(0, |k| i32::from(k.copies));
    assert!((1..=copies).contains(&needed), "{needed} more than 12 takes that many Propaganda Victories");
    let stuff_6 = format!("a 6 rolled for a region at Stuff 6 with a Propaganda Victory adding {needed}");
    assert!(needed != 1 || prose.contains(&stuff_6), "{prose}");
}
