//! The terminal view of an observation (WOD-VIEW-1 to WOD-VIEW-3).

use std::fmt::Write;

use worlds_engine::Style;
use worlds_engine::paint::{bold, dim};

use crate::view::Observation;

pub fn render(o: &Observation, style: Style) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} — turn {} of {}, {} is active, step: {}",
        bold("World of Dungeons", style),
        o.turn,
        o.turn_cap,
        o.active,
        o.step
    );
    let _ = writeln!(s, "Decks: Dungeon {}, Forum {}, Loot {}", o.dungeon_deck, o.forum_deck, o.loot_deck);
    for p in &o.patch_notes {
        let _ = writeln!(s, "Patch Notes: {} — {}", p.name, p.text);
    }
    let _ = writeln!(s, "{}", bold("Dungeon row", style));
    for d in &o.dungeon_row {
        let _ = writeln!(
            s,
            "  {} ({}) difficulty {} loot {} VP {} needs {} {}",
            d.name, d.kind, d.difficulty_now, d.loot, d.vp, d.needs, d.text
        );
    }
    let _ = writeln!(s, "{}", bold("Forum row", style));
    for g in &o.forum_row {
        let _ = writeln!(s, "  {} ({} {}) {}", g.name, g.ty, g.xp, g.skill);
    }
    for seat in &o.seats {
        let _ = writeln!(
            s,
            "{}{} — {} VP, hand {}",
            if seat.active { "> " } else { "  " },
            seat.player,
            seat.vp,
            seat.hand_size
        );
        for g in &seat.guild {
            let _ = writeln!(s, "    {} ({} {}→{}) {}", g.name, g.ty, g.xp, g.xp_now, dim(&g.skill, style));
        }
    }
    for r in &o.raid {
        let _ = writeln!(s, "Raid {}: {} xp {} vs {}", r.dungeon, r.party.join(", "), r.xp, r.difficulty);
    }
    for item in &o.stack {
        let _ = writeln!(s, "Stack: {}", item.what);
    }
    if let Some(hand) = &o.hand {
        for c in hand {
            let _ = writeln!(s, "Hand: {} ({}) {}", c.name, c.kind, c.text);
        }
    }
    s
}
