//! The cards as data: the Action and Business Opportunity cards of the one deck (BI-COMP-3) and the
//! Event cards, each Action card and Event with its effect in the game's small vocabulary of steps
//! ([`Op`]), compiled into a card program for the engine's runner.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use worlds_engine::program::Source;

use crate::attr::{Attr, Section};

pub const CARDS_FILE: &str = "cards.toml";
pub const EVENTS_FILE: &str = "events.toml";
/// BI-COMP-1: 54 Action and Business Opportunity cards.
pub const DECK: usize = 54;
/// BI-COMP-1: 18 Event cards.
pub const EVENTS: usize = 18;

/// A physical card of the deck, 0–53 (copies of one card are different numbers).
pub type CardNo = u8;
/// A set of cards of the deck (a hand, the deck, a pile) or of Event cards, by number; in JSON the
/// list of its numbers.
pub type CardSet = worlds_engine::cards::CardSet<1>;
/// A card design (its name), in file order.
pub type KindNo = u8;

/// Action card or Business Opportunity.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Action,
    Business,
}

/// When an Action card is played (BI-CARD-1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    Business,
    War,
}

/// What playing an Action card costs (BI-CARD-3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Cost {
    Free,
    Fixed(u8),
    /// Twice the new value of the attribute the card raises.
    TwiceNew(Attr),
}

/// A region selector of a step.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Sel {
    Region(u8),
    Target,
    Every,
    /// Not The One $uperpower, no war counter, the most Stuff; ties chosen by the card's player.
    MostStuff,
}

/// Whose values a step changes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Who {
    Me,
    Target,
    Every,
    /// Every player whose value of the step's attribute is the highest, if above 0.
    Highest,
}

/// One step of a card's or an event's effect.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Op {
    Attribute {
        attr: Attr,
        change: i8,
        who: Who,
    },
    Goodwill {
        n: i16,
        who: Who,
    },
    Billions {
        n: i16,
        who: Who,
    },
    /// Lose a `d`-th of one's Billions, rounded down.
    LoseShare {
        d: u8,
        who: Who,
    },
    Stuff {
        n: i8,
        region: Sel,
    },
    War(Sel),
    EndWar,
    Disaster(Sel),
    Famine(Sel),
    Lounge,
    Confiscate,
    Collect,
    HalveBlack,
    Sideways,
    Upright,
    Sell,
    NewVp,
    Bunker,
    HaloReturns,
    Modify(i8),
    Reroll,
}

/// The test of an `if` step.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Cond {
    /// A war counter, natural-disaster or famine marker is on the board.
    Crisis,
}

/// The filters of a region target.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct RegionFilter {
    /// With (true) or without (false) a war counter.
    pub war: Option<bool>,
    /// `Some(false)`: not The One $uperpower.
    pub superpower: Option<bool>,
    /// A war counter is still free (BI-COMP-4).
    pub counter_free: bool,
    /// Stuff can be sold there by the card's player: Technology, the cap of 6, no famine.
    pub sellable: bool,
    /// The card's player has no VP there.
    pub no_own_vp: bool,
}

/// The filters of a VP target (always a VP in a region).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct VpFilter {
    /// The card's player's own VP (true) or another player's (false).
    pub own: bool,
    /// Entered its region by Crime.
    pub crime: bool,
    /// Carries black money.
    pub black: bool,
    /// In a region with (true) or without (false) a war counter.
    pub war: Option<bool>,
}

/// The filters of a Business Opportunity target (a card in front of a player).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct OpportunityFilter {
    pub own: bool,
    pub upright: Option<bool>,
}

/// What an Action card is aimed at (at most one thing, BI-CARD-3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum TargetKind {
    #[default]
    None,
    /// Another player.
    Player,
    Region(RegionFilter),
    Vp(VpFilter),
    Opportunity(OpportunityFilter),
}

/// A slot of a Business Opportunity: where its VP stands and the Income it receives (BI-BO-1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Slot {
    /// A region, or `None` for any region with a war counter.
    pub region: Option<u8>,
    pub income: u8,
}

/// A card design of the deck.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Card {
    pub kind_no: KindNo,
    pub id: String,
    pub name: String,
    pub kind: Kind,
    pub copies: u8,
    /// The Media section whose journalists can expose it (BI-JOURN-2).
    pub illegal: Option<Section>,
    // Action cards:
    pub timing: Timing,
    pub cost: Cost,
    pub target: TargetKind,
    pub effect: Vec<Source<Op, Cond>>,
    // Business Opportunities:
    pub requires: Option<(Attr, u8)>,
    pub slots: ArrayVec<Slot, 2>,
}

impl Card {
    pub fn is_business(&self) -> bool {
        self.kind == Kind::Business
    }

    /// An Action card played as a Business action (and so one a commission may name).
    pub fn is_business_action(&self) -> bool {
        self.kind == Kind::Action && self.timing == Timing::Business
    }

    pub fn is_war_card(&self) -> bool {
        self.kind == Kind::Action && self.timing == Timing::War
    }

    /// Whether the effect holds a step (searching branches).
    pub fn has(&self, f: impl Fn(&Op) -> bool + Copy) -> bool {
        holds(&self.effect, f)
    }
}

/// Whether an effect holds a step (searching branches).
fn holds(s: &[Source<Op, Cond>], f: impl Fn(&Op) -> bool + Copy) -> bool {
    s.iter().any(|x| match x {
        Source::Do(op) => f(op),
        Source::Either(bs) => bs.iter().any(|b| holds(b, f)),
        Source::If { then, otherwise, .. } => holds(then, f) || holds(otherwise, f),
    })
}

/// Whether a step earns its player Billions (an Income, a collection, a gain).
pub fn earns(op: &Op) -> bool {
    matches!(op, Op::Billions { n, .. } if *n > 0) || matches!(op, Op::Collect | Op::Sell)
}

/// The kind of an Event card (how it is grouped).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    War,
    Disaster,
    Famine,
    Market,
    Scandal,
}

/// An Event card.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EventCard {
    pub id: String,
    pub name: String,
    pub kind: EventKind,
    pub effect: Vec<Source<Op, Cond>>,
}

impl EventCard {
    /// Whether the effect holds a step (searching branches).
    pub fn has(&self, f: impl Fn(&Op) -> bool + Copy) -> bool {
        holds(&self.effect, f)
    }
}

/// The deck's card designs, each physical card's design, and the Event cards.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Cards {
    pub kinds: Vec<Card>,
    /// By card number: its design.
    pub numbers: Vec<KindNo>,
    /// By design: its first card number.
    pub first: Vec<CardNo>,
    pub events: Vec<EventCard>,
}

impl Cards {
    pub fn new(kinds: Vec<Card>, events: Vec<EventCard>) -> Cards {
        let mut numbers = Vec::new();
        let mut first = Vec::new();
        for k in &kinds {
            first.push(numbers.len() as CardNo);
            for _ in 0..k.copies {
                numbers.push(k.kind_no);
            }
        }
        Cards { kinds, numbers, first, events }
    }

    /// The design of a card number.
    pub fn card(&self, n: CardNo) -> &Card {
        &self.kinds[usize::from(self.kind_of(n))]
    }

    pub fn kind_of(&self, n: CardNo) -> KindNo {
        self.numbers.get(usize::from(n)).copied().unwrap_or(0)
    }

    /// Which copy of its design a card is, from 1.
    pub fn copy_of(&self, n: CardNo) -> u8 {
        n - self.first[usize::from(self.kind_of(n))] + 1
    }

    /// A card by its notation: the design's id, with `#N` for the N-th copy of a design that has
    /// several (`lobbyists#2`).
    pub fn by_id(&self, text: &str) -> Option<CardNo> {
        let (id, copy) = match text.split_once('#') {
            Some((id, n)) => (id, n.parse::<u8>().ok()?),
            None => (text, 1),
        };
        let k = self.kinds.iter().find(|k| k.id == id)?;
        if copy == 0 || copy > k.copies || (k.copies > 1 && !text.contains('#')) {
            return None;
        }
        Some(self.first[usize::from(k.kind_no)] + copy - 1)
    }

    /// A card's notation (see [`Cards::by_id`]).
    pub fn id_of(&self, n: CardNo) -> String {
        let k = self.card(n);
        if k.copies > 1 { format!("{}#{}", k.id, self.copy_of(n)) } else { k.id.clone() }
    }

    /// The card numbers of a design's copies.
    pub fn copies(&self, kind: usize) -> CardSet {
        let first = self.first[kind];
        CardSet::from_ids(first..first + self.kinds[kind].copies)
    }

    pub fn kind_by_id(&self, id: &str) -> Option<KindNo> {
        self.kinds.iter().position(|k| k.id == id).map(|i| i as KindNo)
    }

    /// Every card number of the deck.
    pub fn all(&self) -> CardSet {
        CardSet::first_n(self.numbers.len())
    }

    /// The card numbers of the war cards (BI-CARD-2).
    pub fn war_cards(&self) -> CardSet {
        let war = |&(_, &k): &(usize, &KindNo)| self.kinds[usize::from(k)].is_war_card();
        self.numbers.iter().enumerate().filter(war).map(|(n, _)| n as CardNo).collect()
    }

    pub fn event(&self, e: u8) -> &EventCard {
        &self.events[usize::from(e).min(self.events.len() - 1)]
    }

    pub fn event_by_id(&self, id: &str) -> Option<u8> {
        self.events.iter().position(|e| e.id == id).map(|i| i as u8)
    }
}
