//! What a browser draws of the board (the engine's `scene`), made from the viewer's observation,
//! so it shows nothing that viewer may not know (WOD-INFO-1, WOD-INFO-2).
//!
//! From the top of a 1200 × 330 board: the turn, the step and who decides what; the VP track; the
//! response stack (the waiting action at the bottom, the newest card last, a card still choosing
//! its targets on top) and the Effect cards of the turn already off the stack; the buttons of the
//! viewer's choices that belong to no card, dungeon or player. The seats with their guilds,
//! Stashes and claimed dungeons, the viewer's hand, the Dungeon and Forum rows (with the raid), the
//! decks, discard piles and Patch Notes are the table's (`table.rs`), which the browser draws
//! beside the board.
//!
//! The ids of the elements and the clicks of each action are in `clicks.rs`.

use worlds_engine::scene::{CardFace, Element, Kind, Point, Scene, TrackMark};

use crate::action::Action;
use crate::clicks::{PlayedCard, button, played_id};
use crate::content::{Content, VP_TO_WIN};
use crate::state::Fate;
use crate::status::{arrow, fate_words};
use crate::view::{Observation, StackView, card_view};

// ---------------------------------------------------------------------------- the layout

const WIDTH: f64 = 1200.0;
const HEIGHT: f64 = 330.0;
const MARGIN: f64 = 10.0;
/// Between cards side by side.
const GAP: f64 = 8.0;

/// The heading lines, centred.
const TITLE_Y: f64 = 18.0;
const STEP_Y: f64 = 38.0;
const DECISION_Y: f64 = 56.0;
const TRACK_X: f64 = 150.0;
const TRACK_Y: f64 = 74.0;
const TRACK_W: f64 = 900.0;

/// A strip of cards: the span `x`..`x + w` it fills, the line of its caption and its cards' top
/// edge. Cards lie side by side, overlapping when there are too many to fit.
#[derive(Clone, Copy, Debug)]
struct Strip {
    x: f64,
    w: f64,
    caption: f64,
    top: f64,
}

impl Strip {
    /// The top-left corner of the `i`-th of `n` cards.
    fn at(&self, i: usize, n: usize) -> Point {
        let step = if n <= 1 { 0.0 } else { ((self.w - CARD_W) / (n - 1) as f64).clamp(0.0, CARD_W + GAP) };
        Point::new(self.x + step * i as f64, self.top)
    }

    fn caption_at(&self) -> Point {
        Point::new(self.x + self.w / 2.0, self.caption)
    }
}

/// A card on the stack or among the played ones.
const CARD_W: f64 = 80.0;
const CARD_H: f64 = 110.0;
const STACK: Strip = Strip { x: MARGIN, w: 560.0, caption: 104.0, top: 112.0 };
const PLAYED: Strip = Strip { x: 580.0, w: 300.0, caption: 104.0, top: 112.0 };

/// The buttons, right of the stack: up to three a column, the first column rightmost.
const BUTTON_X: f64 = 1130.0;
const BUTTON_DX: f64 = 120.0;
const BUTTON_Y: [f64; 3] = [130.0, 170.0, 210.0];

// ---------------------------------------------------------------------------- the drawing

/// The elements by layer, back to front.
#[derive(Default)]
struct Layers {
    areas: Vec<Element>,
    texts: Vec<Element>,
    holders: Vec<Element>,
    cards: Vec<Element>,
    tops: Vec<Element>,
}

pub(crate) fn scene(c: &Content, obs: &Observation) -> Scene {
    let mut l = Layers::default();
    heading(obs, &mut l);
    stack(c, obs, &mut l);
    buttons(obs, &mut l);
    let Layers { areas, texts, holders, cards, tops } = l;
    let elements = [areas, texts, holders, cards, tops].into_iter().flatten().collect();
    Scene { width: WIDTH, height: HEIGHT, elements }
}

/// The turn, the step, the decision and the VP track.
fn heading(obs: &Observation, l: &mut Layers) {
    let centre = WIDTH / 2.0;
    let mut title = vec![format!("World of Dungeons · turn {} of {}", obs.turn, obs.turn_cap)];
    if obs.over.is_none() {
        title.push(format!("{}'s turn", obs.active));
    }
    if let Some(me) = &obs.viewer {
        title.push(format!("you are {me}"));
    }
    l.texts.push(text("title", Point::new(centre, TITLE_Y), 18.0, title.join(" · ")));
    let mut behind = Vec::new();
    if !obs.done.is_empty() {
        behind.push(format!("Steps behind {} this turn: {}.", obs.active, obs.done.join(", ")));
    }
    if obs.troll_joined {
        behind.push(format!("A Troll joined {}'s guild this turn: no recruiting.", obs.active));
    }
    if obs.raid_failed {
        behind.push("The raid failed this turn.".into());
    }
    let mut step = text("step", Point::new(centre, STEP_Y), 14.0, obs.step.clone());
    if !behind.is_empty() {
        step = step.title(behind.join(" "));
    }
    l.texts.push(step);
    let decision = match &obs.over {
        Some(why) => format!("Game over: {why}"),
        None => obs.decision.clone(),
    };
    l.texts.push(text("decision", Point::new(centre, DECISION_Y), 14.0, decision).marked(true));
    let marks = obs.seats.iter().enumerate().map(|(p, x)| TrackMark { seat: p, value: i64::from(x.vp) }).collect();
    let most = obs.seats.iter().map(|x| x.vp).max().unwrap_or(0);
    let length = u32::try_from(VP_TO_WIN.max(most)).unwrap_or(0);
    let scores: Vec<String> = obs.seats.iter().map(|x| format!("{} {}", x.player, x.vp)).collect();
    l.holders.push(
        Element::new("track-vp", Kind::Track { at: Point::new(TRACK_X, TRACK_Y), w: TRACK_W, length, marks })
            .label("VP")
            .title(format!("Victory points: {}; {VP_TO_WIN} VP end the game", scores.join(", "))),
    );
}

/// The response stack and the Effect cards already off it.
fn stack(c: &Content, obs: &Observation, l: &mut Layers) {
    let facts = &obs.scene;
    // The stack, bottom first; a card still choosing its targets goes on it next.
    let on_stack: Vec<u8> = facts.stack.iter().flatten().copied().collect();
    let picking = facts.played.iter().enumerate().filter(|(_, p)| p.fate == Fate::Picking).map(|(k, _)| k);
    let mut items: Vec<Result<usize, usize>> = (0..obs.stack.len())
        .map(|i| match facts.stack.get(i).copied().flatten() {
            Some(k) => Ok(usize::from(k)),
            None => Err(i),
        })
        .collect();
    items.extend(picking.map(Ok));
    let n = items.len();
    let mut ids = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        let at = STACK.at(i, n);
        let e = match item {
            Ok(k) => match facts.played.get(k) {
                Some(p) => played_card(c, k, p, at),
                None => continue,
            },
            Err(i) => match obs.stack.get(i) {
                Some(x) => waiting_card(i, x, at),
                None => continue,
            },
        };
        ids.push(e.id.clone());
        l.cards.push(e);
    }
    let mut label = "Stack (newest resolves first)".to_owned();
    let mut title = vec!["The response stack: the waiting action at the bottom, the newest card on top".to_owned()];
    if let Some(p) = &obs.priority {
        label = format!("Stack · {p} holds priority");
        title.push(format!("{p} holds priority"));
        if !obs.passed.is_empty() {
            title.push(format!("passed since the last card: {}", obs.passed.join(", ")));
        }
    }
    for s in &obs.standing {
        title.push(format!("{} passes {}", s.player, s.until));
    }
    l.holders.push(pile("pile-stack", STACK.caption_at(), ids, n).label(label).title(title.join("; ")));
    let mut ids = Vec::new();
    let done: Vec<(usize, &PlayedCard)> = facts
        .played
        .iter()
        .enumerate()
        .filter(|(k, p)| p.fate != Fate::Picking && !on_stack.contains(&(*k as u8)))
        .collect();
    let n = done.len();
    for (i, (k, p)) in done.into_iter().enumerate() {
        let e = played_card(c, k, p, PLAYED.at(i, n));
        ids.push(e.id.clone());
        l.cards.push(e);
    }
    l.holders.push(
        pile("pile-played", PLAYED.caption_at(), ids, n)
            .label("Effect cards this turn")
            .title("Effect cards played this turn and off the stack; their changes last until the end of the turn"),
    );
}

/// The viewer's choices that belong to no card, dungeon or player.
fn buttons(obs: &Observation, l: &mut Layers) {
    for (i, (action, hint)) in obs.scene.buttons.iter().enumerate() {
        let Some((id, label, means)) = button(*action) else { continue };
        let at = Point::new(BUTTON_X - BUTTON_DX * (i / BUTTON_Y.len()) as f64, BUTTON_Y[i % BUTTON_Y.len()]);
        let title = match (action, hint) {
            (_, Some(h)) => h.clone(),
            (Action::Skip, None) => format!("{means} ({})", obs.step),
            (_, None) => means.to_owned(),
        };
        l.tops.push(Element::new(id, Kind::Button { at }).label(label).title(title));
    }
}

// ---------------------------------------------------------------------------- the elements

fn card(id: String, at: Point, face: CardFace) -> Element {
    Element::new(id, Kind::Card { at, w: CARD_W, h: CARD_H, face: Some(face) })
}

fn text(id: impl Into<String>, at: Point, size: f64, label: impl Into<String>) -> Element {
    Element::new(id, Kind::Text { at, size }).label(label)
}

fn pile(id: impl Into<String>, at: Point, cards: Vec<String>, count: usize) -> Element {
    Element::new(id, Kind::Pile { at, cards, count })
}

/// A played Effect card: its player, targets and what became of it.
fn played_card(c: &Content, k: usize, p: &PlayedCard, at: Point) -> Element {
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
    let mut e = card(played_id(k), at, face).title(title).owner(p.player.index()).colour("blue");
    if p.fate != Fate::Waiting {
        e = e.label(fate_words(p.fate));
    }
    e.marked(p.fate == Fate::Picking)
}

/// The action at the bottom of the stack (a recruit, the raid's declaration, a roll, a claim).
fn waiting_card(i: usize, item: &StackView, at: Point) -> Element {
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
    let mut e = card(format!("stack-{i}"), at, face).title(title);
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
