//! The faces of the cards the board draws (`scene.rs`): the played Effect cards and the waiting
//! action of the stack, each with its rules text and a longer description for a tooltip (the other
//! cards are the table's, `table.rs`).

use worlds_engine::scene::{CardFace, Element, Kind, Point};

use crate::clicks::{PlayedCard, played_id};
use crate::content::Content;
use crate::state::Fate;
use crate::status::{arrow, fate_words};
use crate::view::{StackView, card_view};

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
