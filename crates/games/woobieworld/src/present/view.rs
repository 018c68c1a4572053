//! What players see: the observation (hands are secret, WOOB-HAND-1) and the numeric tensor; the
//! terminal drawings are in `render.rs`. Cards are shown by number and name, areas by their id in
//! the map (`"cheeseport"`), never by index; what a card being resolved asks is said in words
//! (the decision), never as interpreter internals.

use serde::Serialize;
use worlds_engine::secret::Seen;
use worlds_engine::{Decision, MAX_PLAYERS, Player, Turn, Viewer};

use crate::area::{Colour, Support};
use crate::card::CardId;
use crate::content::Content;
use crate::decision::{branches, decision};
use crate::flow;
use crate::in_force;
use crate::state::{Phase, State, Step};

/// A card as a viewer sees it: its number, its name and (where it helps) its rules text.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CardView {
    pub number: u16,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

impl CardView {
    fn new(c: &Content, id: CardId, with_text: bool) -> CardView {
        let card = c.card(id);
        let text = (with_text && !card.is_mount_saint_woobie()).then(|| card.text());
        CardView { number: card.number, name: card.name.clone(), text }
    }
}

/// One area as everyone sees it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct AreaView {
    /// The area's id in the map, e.g. `"cheeseport"`.
    pub area: String,
    /// Red, yellow, green, blue, Anarchs.
    pub support: [u8; 5],
    pub industries: [u8; 4],
    pub home_of: Option<Player>,
}

/// A face-down cycle choice as a viewer sees it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Choice {
    NotChosen,
    /// Chosen, face down (someone else's, before the reveal).
    Chosen,
    Card(CardView),
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SeatView {
    pub seat: Player,
    /// The id of the home's area in the map, once chosen.
    pub home: Option<String>,
    pub hand_size: u8,
    /// Cards of this hand that everyone knows.
    pub known: Vec<CardView>,
    pub score: i64,
    pub choice: Choice,
}

/// An environment in play.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct InPlayView {
    pub card: CardView,
    pub caretaker: Player,
}

/// The card being resolved: whose it is and what it has chosen so far.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Resolving {
    pub card: CardView,
    pub player: Player,
    /// E.g. "area Oceana", "red industry in Doom Grove", "player P2", "colour blue".
    pub so_far: Vec<String>,
    /// When the card waits for its player to choose a side of an OR: each side's text, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<String>,
}

/// Everything a viewer may know, and nothing more.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Observation {
    pub viewer: Viewer,
    pub cycles: bool,
    /// Who decides what, in the game's words (or how the game ended).
    pub decision: Decision,
    pub phase: Phase,
    pub turn: u32,
    pub first: Player,
    pub active: Player,
    pub to_act: Turn,
    pub areas: Vec<AreaView>,
    pub seats: Vec<SeatView>,
    /// The viewer's own hand (empty for a spectator).
    pub hand: Vec<CardView>,
    pub pile: [u8; 5],
    pub industry_pile: [u8; 4],
    pub deck: u8,
    pub discard: Vec<CardView>,
    pub in_play: Vec<InPlayView>,
    pub volcanoes: u8,
    /// Coloured support taken so far in this support phase.
    pub support_taken: u8,
    pub resolving: Option<Resolving>,
}

pub fn observe(c: &Content, s: &State, viewer: Viewer) -> Observation {
    let me = viewer.player();
    let map = &c.map;
    let card = |id: CardId| CardView::new(c, id, false);
    Observation {
        viewer,
        cycles: c.cycles,
        decision: decision(c, s),
        phase: s.phase(),
        turn: s.turn,
        first: s.first,
        active: s.active,
        to_act: flow::turn(c, s),
        areas: map
            .areas()
            .map(|a| AreaView {
                area: map.id(a).to_owned(),
                support: s.support[a.index()],
                industries: s.industry[a.index()],
                home_of: s.home_owner(a),
            })
            .collect(),
        seats: Player::all(s.players())
            .map(|p| SeatView {
                seat: p,
                home: s.home(p).map(|a| map.id(a).to_owned()),
                hand_size: s.hand_size(p) as u8,
                known: CardId::in_set(s.known_to_all(p)).map(card).collect(),
                score: s.score(p),
                choice: match s.cycle.as_ref().map_or(Seen::Nothing, |k| k.chosen.seen_by(p, viewer)) {
                    Seen::Nothing => Choice::NotChosen,
                    Seen::FaceDown => Choice::Chosen,
                    Seen::Choice(id) => Choice::Card(card(id)),
                },
            })
            .collect(),
        hand: me.map(|p| CardId::in_set(s.hand(p)).map(|id| CardView::new(c, id, true)).collect()).unwrap_or_default(),
        pile: Support::ALL.map(|k| s.pile(k)),
        industry_pile: Colour::ALL.map(|k| s.industry_pile(k)),
        deck: s.deck.len() as u8,
        discard: CardId::in_set(s.discard).map(card).collect(),
        in_play: s
            .in_play
            .iter()
            .map(|e| InPlayView { card: CardView::new(c, e.card, true), caretaker: e.caretaker })
            .collect(),
        volcanoes: in_force::volcanoes_in_play(c, s),
        support_taken: match s.stack.bottom() {
            Some(Step::Support { taken }) => *taken,
            _ => 0,
        },
        resolving: s.resolving().map(|r| {
            let mut so_far = Vec::new();
            if let Some(a) = r.area {
                so_far.push(format!("area {}", map.name(a)));
            }
            if let Some((a, colour)) = r.industry {
                so_far.push(format!("{colour} industry in {}", map.name(a)));
            }
            if let Some(p) = r.chosen {
                so_far.push(format!("player {p}"));
            }
            if let Some(colour) = r.colour {
                so_far.push(format!("colour {colour}"));
            }
            let options = branches(c, s).unwrap_or_default();
            Resolving { card: CardView::new(c, r.card, true), player: r.player, so_far, options }
        }),
    }
}

const PHASES: usize = 9;

pub fn tensor_len(c: &Content) -> usize {
    let areas = c.map.len();
    let cards = c.cards.len();
    areas * (5 + 4 + MAX_PLAYERS) + MAX_PLAYERS * 3 + cards * 3 + PHASES + MAX_PLAYERS + 2
}

pub fn write_tensor(c: &Content, s: &State, viewer: Player, out: &mut [f32]) {
    out.fill(0.0);
    let n = s.players();
    let rel = |p: Player| (p.index() + n - viewer.index() % n) % n;
    let map = &c.map;
    let cards = c.cards.len();
    let mut set = |i: usize, v: f32| {
        if let Some(x) = out.get_mut(i) {
            *x = v;
        }
    };
    let mut at = 0;
    for a in map.areas() {
        for k in 0..5 {
            set(at + k, f32::from(s.support[a.index()][k]) / 10.0);
        }
        for k in 0..4 {
            set(at + 5 + k, f32::from(s.industry[a.index()][k]));
        }
        if let Some(p) = s.home_owner(a) {
            set(at + 9 + rel(p), 1.0);
        }
        at += 15;
    }
    for p in Player::all(n) {
        set(at + rel(p) * 3, s.score(p) as f32 / 100.0);
        set(at + rel(p) * 3 + 1, s.hand_size(p) as f32 / 4.0);
        set(at + rel(p) * 3 + 2, s.known_to_all(p).len() as f32);
    }
    at += MAX_PLAYERS * 3;
    for c in CardId::in_set(s.hand(viewer)) {
        set(at + c.index(), 1.0);
    }
    for e in &s.in_play {
        set(at + cards + e.card.index(), 1.0);
    }
    for c in CardId::in_set(s.discard) {
        set(at + 2 * cards + c.index(), 1.0);
    }
    at += 3 * cards;
    let phase = match s.phase() {
        Phase::ChooseHome => 0,
        Phase::Choose => 1,
        Phase::Upkeep => 2,
        Phase::Support => 3,
        Phase::Industry => 4,
        Phase::Play => 5,
        Phase::Draw => 6,
        Phase::Over(_) => 7,
    };
    set(at + if s.resolving().is_some() { 8 } else { phase }, 1.0);
    at += PHASES;
    set(at + rel(s.active), 1.0);
    at += MAX_PLAYERS;
    set(at, f32::from(in_force::volcanoes_in_play(c, s)) / 4.0);
    set(at + 1, s.deck.len() as f32 / cards.max(1) as f32);
}
