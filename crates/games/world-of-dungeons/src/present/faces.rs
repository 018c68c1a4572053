//! The faces of the cards the scene draws (`scene.rs`): dungeons, gamers, Loot cards, the played
//! Effect cards and the waiting action of the stack, each with its numbers, its rules text and a
//! longer description for a tooltip.

use worlds_engine::scene::{CardFace, Element, Kind, Point};

use crate::clicks::{PlayedCard, dungeon_id, gamer_id, played_id};
use crate::content::Content;
use crate::state::Fate;
use crate::status::{arrow, fate_words};
use crate::view::{CardView, DungeonView, GamerView, RaidView, StackView, card_view, gamer_type, value};

/// The size of a card.
#[derive(Clone, Copy, Debug)]
pub struct Size {
    pub w: f64,
    pub h: f64,
}

pub(crate) fn card(id: String, at: Point, size: Size, face: Option<CardFace>) -> Element {
    Element::new(id, Kind::Card { at, w: size.w, h: size.h, face })
}

pub(crate) fn text(id: impl Into<String>, at: Point, size: f64, label: impl Into<String>) -> Element {
    Element::new(id, Kind::Text { at, size }).label(label)
}

pub(crate) fn pile(id: impl Into<String>, at: Point, cards: Vec<String>, count: usize) -> Element {
    Element::new(id, Kind::Pile { at, cards, count })
}

/// "Goblin Warrens: Farm dungeon, difficulty 4, loot 1, 2 VP, needs nothing. Here: …"
pub(crate) fn dungeon_card(d: &DungeonView, at: Point, size: Size) -> Element {
    let face = CardFace {
        title: d.name.clone(),
        kind: Some(format!("{} · needs {}", d.kind, d.needs)),
        numbers: vec![
            ("difficulty".into(), i64::from(d.difficulty_now)),
            ("loot".into(), i64::from(d.loot_now)),
            ("VP".into(), i64::from(d.vp)),
        ],
        text: d.text.clone(),
    };
    let mut title = format!(
        "{}: {} dungeon, difficulty {}, loot {}, {} VP, needs {}.",
        d.name,
        d.kind,
        value(d.difficulty, d.difficulty_now),
        value(d.loot, d.loot_now),
        d.vp,
        d.needs_words
    );
    if !d.text.is_empty() {
        title = format!("{title} {}", d.text);
    }
    let colour = if d.kind == "Boss" { "red" } else { "green" };
    card(dungeon_id(&d.id), at, size, Some(face)).title(title).colour(colour)
}

fn type_colour(ty: &str) -> &'static str {
    match ty {
        "Casual" => "green",
        "Hardcore" => "red",
        "Leader" => "yellow",
        "Roleplayer" => "magenta",
        "Noob" => "cyan",
        _ => "grey",
    }
}

/// A gamer with its experience now, and in a guild its marks: joined this turn, its raids towards
/// burn-out, its party, AFK, attached cards.
pub(crate) fn gamer_card(g: &GamerView, at: Point, size: Size) -> Element {
    let mut numbers = vec![("xp".to_owned(), i64::from(g.xp_now))];
    if let Some(b) = g.burnout {
        numbers.push(("raids".into(), i64::from(g.raids)));
        numbers.push(("burn-out".into(), i64::from(b)));
    }
    let mut notes = Vec::new();
    if g.joined {
        notes.push("Joined this turn.".to_owned());
    }
    if let Some(d) = &g.party {
        notes.push(format!("Raiding {d}."));
    }
    if g.afk {
        notes.push("AFK: no party this turn.".into());
    }
    if !g.attached.is_empty() {
        notes.push(format!("Attached: {}.", g.attached.join(", ")));
    }
    let text = [g.skill.clone()].into_iter().chain(notes).filter(|x| !x.is_empty()).collect::<Vec<_>>().join(" ");
    let ty = gamer_type(g);
    let title = format!("{}: {ty}, {} xp. {text}", g.name, value(g.xp, g.xp_now));
    let face = CardFace { title: g.name.clone(), kind: Some(ty), numbers, text };
    let now = g.type_now.as_deref().unwrap_or(&g.ty);
    card(gamer_id(&g.id), at, size, Some(face)).title(title.trim_end()).colour(type_colour(now))
}

fn loot_colour(kind: &str) -> &'static str {
    match kind {
        "Effect" => "blue",
        "Stash" => "yellow",
        _ => "cyan",
    }
}

/// A Loot card face up: "Lag Spike: Effect, played while a die roll waits. Roll: reroll …"
pub(crate) fn loot_card(id: String, k: &CardView, at: Point, size: Size) -> Element {
    let face =
        CardFace { title: k.name.clone(), kind: Some(k.kind.to_owned()), numbers: Vec::new(), text: k.text.clone() };
    let title = match k.when {
        Some(when) => format!("{}: {}, played {when}. {}", k.name, k.kind, k.text),
        None => format!("{}: {}. {}", k.name, k.kind, k.text),
    };
    card(id, at, size, Some(face)).title(title).colour(loot_colour(k.kind))
}

/// A played Effect card: its player, targets and what became of it.
pub(crate) fn played_card(c: &Content, k: usize, p: &PlayedCard, at: Point, size: Size) -> Element {
    let card_text = card_view(c, p.card);
    let aim = arrow(&p.targets);
    let text =
        if aim.is_empty() { card_text.text.clone() } else { format!("{}. {}", aim.trim_start(), card_text.text) };
    let face = CardFace {
        title: card_text.name.clone(),
        kind: Some(format!("Effect · {}", p.player)),
        numbers: Vec::new(),
        text,
    };
    let who = p.player;
    let title = format!("{} ({who}){aim}: {}. {}", card_text.name, fate_words(p.fate), card_text.text);
    let mut e = card(played_id(k), at, size, Some(face)).title(title).owner(p.player.index()).colour("blue");
    if p.fate != Fate::Waiting {
        e = e.label(fate_words(p.fate));
    }
    e.marked(p.fate == Fate::Picking)
}

/// The action at the bottom of the stack (a recruit, the raid's declaration, a roll, a claim).
pub(crate) fn waiting_card(i: usize, item: &StackView, at: Point, size: Size) -> Element {
    let face = CardFace {
        title: item.what.clone(),
        kind: Some("waiting action".into()),
        numbers: Vec::new(),
        text: if item.cancelled { "Cancelled: it does nothing when it resolves.".into() } else { String::new() },
    };
    let title = if item.cancelled {
        format!("{} (cancelled)", item.what)
    } else {
        format!("{} (the waiting action: it resolves last)", item.what)
    };
    let mut e = card(format!("stack-{i}"), at, size, Some(face)).title(title);
    if let Some(p) = item.player.as_deref().and_then(seat_index) {
        e = e.owner(p);
    }
    if item.cancelled {
        e = e.label("cancelled");
    }
    e
}

/// "P3" → 2.
fn seat_index(name: &str) -> Option<usize> {
    name.strip_prefix('P')?.parse::<usize>().ok()?.checked_sub(1)
}

/// A declared dungeon's standing in a few words: "xp 3 vs 4", "rolled -1: fails", "won (+1)".
pub(crate) fn raid_label(r: &RaidView, failed: bool) -> String {
    match (&r.rolled, r.outlook) {
        (Some(f), _) if r.won => format!("won ({f})"),
        (Some(f), Some(outlook)) => format!("rolled {f}: {outlook}"),
        (Some(f), None) => format!("failed ({f})"),
        (None, _) if failed => "not raided".into(),
        (None, _) => format!("party xp {} vs {}", r.xp, r.difficulty),
    }
}
