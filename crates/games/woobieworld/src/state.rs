//! The state of a game of Woobieworld: fixed-size per-area arrays and card sets as bit masks (no
//! heap, cheap to clone for search), and the stack of pending rule steps.
//!
//! A state is made by the rules ([`crate::flow`]) or from a checked [`crate::Setup`]; it has no
//! `Deserialize` of its own.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use worlds_engine::flow::Stack;
use worlds_engine::program::Cursor;
use worlds_engine::secret::Secret;
use worlds_engine::{ByPlayer, MAX_PLAYERS, Player, Viewer};

use crate::area::{Area, Colour, Support};
use crate::card::{CardId, CardSet};

/// A pending rule step. The bottom step is the part of the game in progress (setup, the cycle's
/// face-down choice, or a phase of a turn); a card being resolved is pushed on top of it: the
/// play phase's `draw` (a played card), or an `upkeep` (an environment's effect).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    /// WOOB-SETUP-2: the active player picks a home and its first support.
    ChooseHome,
    /// WOOB-CYCLE-1: everyone chooses a card face down.
    Choose,
    /// The start of a turn: environments' upkeep effects, in the order they came into play
    /// (WOOB-RULING-8); `done` are those that have taken effect this turn.
    Upkeep { done: CardSet },
    /// WOOB-SUPPORT-1 / WOOB-SUPPORT-2; `taken` is the coloured support taken so far.
    Support { taken: u8 },
    /// WOOB-INDUSTRY-1.
    Industry,
    /// WOOB-PLAY-1.
    Play,
    /// WOOB-DRAW-1: after the card (automatic), then the turn ends.
    Draw,
    /// A card (or an environment's upkeep) being resolved, step by step (WOOB-PLAY-2).
    Resolve(Resolution),
}

/// At most a phase and a card being resolved are pending.
pub const STACK: usize = 2;

/// A card being resolved: its player, where its program is, and what it has chosen so far.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Resolution {
    pub card: CardId,
    /// "You": the card's player (or the player whose upkeep it is).
    pub player: Player,
    /// Where the card's program is (and a home-by-home step in progress).
    #[serde(default)]
    pub cursor: Cursor,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub area: Option<Area>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub industry: Option<(Area, Colour)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen: Option<Player>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<Colour>,
    /// Industries this card removed, per colour.
    #[serde(default)]
    pub removed: [u8; 4],
}

impl Resolution {
    pub(crate) fn new(card: CardId, player: Player) -> Resolution {
        Resolution {
            card,
            player,
            cursor: Cursor::default(),
            area: None,
            industry: None,
            chosen: None,
            colour: None,
            removed: [0; 4],
        }
    }
}

/// How the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// WOOB-END-1: the fourth Mount Saint Woobie came into play.
    Eruption,
    /// WOOB-RULING-4: the turn cap was reached.
    TurnCap,
}

/// Where the game is, in the rulebook's words: the phase at the bottom of the stack, or the end.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    ChooseHome,
    Choose,
    Upkeep,
    Support,
    Industry,
    Play,
    Draw,
    Over(Ending),
}

/// An environment in play and its caretaker (WOOB-DRAW-1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InPlay {
    pub card: CardId,
    pub caretaker: Player,
}

/// The cycles variant's bookkeeping (WOOB-CYCLE-1, WOOB-CYCLE-2).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Cycle {
    /// Each player's face-down card (hidden from the others until revealed), until played.
    pub chosen: Secret<CardId>,
    /// Turn order of this cycle: ascending card number, then those who chose nothing.
    pub order: ArrayVec<Player, MAX_PLAYERS>,
    /// Index in `order` of the player whose turn it is.
    pub position: u8,
}

pub const MAX_IN_PLAY: usize = 32;

/// A game of Woobieworld in progress.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct State {
    pub(crate) areas: usize,
    pub(crate) stack: Stack<Step, STACK>,
    pub(crate) ending: Option<Ending>,
    pub(crate) first: Player,
    pub(crate) active: Player,
    pub(crate) turn: u32,
    pub(crate) homes: ByPlayer<Option<Area>>,
    /// Support in each area: red, yellow, green, blue, Anarchs.
    pub(crate) support: [[u8; 5]; Area::MAX],
    /// Industries in each area, per colour.
    pub(crate) industry: [[u8; 4]; Area::MAX],
    pub(crate) hands: ByPlayer<CardSet>,
    /// Cards of each player that everyone knows (taken back in the cycles variant): in the hand,
    /// or chosen face down and not yet revealed. A known card chosen face down stays known until
    /// the reveal, so the others' view of a player's known cards never tells which card was chosen
    /// (WOOB-HAND-1).
    pub(crate) known: ByPlayer<CardSet>,
    /// The face-down deck: an unordered set (drawn uniformly with the rng at draw time).
    pub(crate) deck: CardSet,
    pub(crate) discard: CardSet,
    pub(crate) in_play: ArrayVec<InPlay, MAX_IN_PLAY>,
    pub(crate) cycle: Option<Cycle>,
}

impl State {
    pub fn players(&self) -> usize {
        self.homes.len()
    }

    /// Where the game is: the phase at the bottom of the stack, or the end.
    pub fn phase(&self) -> Phase {
        if let Some(e) = self.ending {
            return Phase::Over(e);
        }
        match self.stack.bottom() {
            Some(Step::ChooseHome) | None => Phase::ChooseHome,
            Some(Step::Choose) => Phase::Choose,
            Some(Step::Upkeep { .. }) => Phase::Upkeep,
            Some(Step::Support { .. }) => Phase::Support,
            Some(Step::Industry) => Phase::Industry,
            Some(Step::Play) => Phase::Play,
            Some(Step::Draw | Step::Resolve(_)) => Phase::Draw,
        }
    }

    /// The pending steps, bottom first.
    pub fn stack(&self) -> &[Step] {
        self.stack.as_slice()
    }

    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    pub fn active(&self) -> Player {
        self.active
    }

    pub fn turn_number(&self) -> u32 {
        self.turn
    }

    pub fn home(&self, p: Player) -> Option<Area> {
        self.homes.get(p).copied().flatten()
    }

    /// Whose home is in `area`.
    pub fn home_owner(&self, area: Area) -> Option<Player> {
        self.homes.iter().find(|(_, h)| **h == Some(area)).map(|(p, _)| p)
    }

    /// All homes, as a mask of areas.
    pub(crate) fn home_mask(&self) -> u32 {
        self.homes.values().flatten().fold(0, |m, a| m | a.bit())
    }

    pub fn support_in(&self, area: Area, kind: Support) -> u8 {
        self.support.get(area.index()).map_or(0, |s| s[kind.index()])
    }

    pub fn industries_in(&self, area: Area, colour: Colour) -> u8 {
        self.industry.get(area.index()).map_or(0, |s| s[colour.index()])
    }

    /// All support in an area (coloured and Anarchs).
    pub fn total_support(&self, area: Area) -> u8 {
        self.support.get(area.index()).map_or(0, |s| s.iter().sum())
    }

    /// Support of a kind in `p`'s home.
    pub fn home_support(&self, p: Player, kind: Support) -> u8 {
        self.home(p).map_or(0, |a| self.support_in(a, kind))
    }

    /// WOOB-SUP-1: what is left in the unused pile.
    pub fn pile(&self, kind: Support) -> u8 {
        let used: u32 = self.support[..self.areas].iter().map(|s| u32::from(s[kind.index()])).sum();
        kind.total().saturating_sub(used.min(255) as u8)
    }

    pub fn industry_pile(&self, colour: Colour) -> u8 {
        let used: u32 = self.industry[..self.areas].iter().map(|s| u32::from(s[colour.index()])).sum();
        crate::area::INDUSTRIES_PER_COLOUR.saturating_sub(used.min(255) as u8)
    }

    pub fn hand(&self, p: Player) -> CardSet {
        self.hands.get(p).copied().unwrap_or_default()
    }

    /// The card `p` has chosen face down this cycle, while it is not yet revealed.
    pub fn hidden_choice(&self, p: Player) -> Option<CardId> {
        self.cycle.as_ref()?.chosen.hidden_from(Viewer::Spectator).find_map(|(q, card)| (q == p).then_some(card))
    }

    /// WOOB-HAND-1: the cards of `p` everyone knows, in the hand or chosen face down (which of
    /// the two is not known until the reveal).
    pub fn known_to_all(&self, p: Player) -> CardSet {
        let held = self.hand(p) | self.hidden_choice(p).map_or(CardSet::EMPTY, CardId::set);
        self.known.get(p).copied().unwrap_or_default() & held
    }

    pub fn hand_size(&self, p: Player) -> usize {
        self.hand(p).len() as usize
    }

    pub fn deck_size(&self) -> usize {
        self.deck.len() as usize
    }

    pub fn in_play(&self) -> &[InPlay] {
        &self.in_play
    }

    /// The card being resolved, if one is.
    pub fn resolving(&self) -> Option<&Resolution> {
        match self.stack.top() {
            Some(Step::Resolve(r)) => Some(r),
            _ => None,
        }
    }

    pub(crate) fn resolving_mut(&mut self) -> Option<&mut Resolution> {
        match self.stack.top_mut() {
            Some(Step::Resolve(r)) => Some(r),
            _ => None,
        }
    }

    pub fn cycle(&self) -> Option<&Cycle> {
        self.cycle.as_ref()
    }

    /// WOOB-SCORE-1: the sum of each colour's count squared, minus the Anarchs squared.
    pub fn score(&self, p: Player) -> i64 {
        let Some(home) = self.home(p) else { return 0 };
        let s = self.support[home.index()];
        let colours: i64 = s[..4].iter().map(|&n| i64::from(n) * i64::from(n)).sum();
        colours - i64::from(s[4]) * i64::from(s[4])
    }

    pub(crate) fn add_support(&mut self, area: Area, kind: Support, n: u8) {
        if let Some(s) = self.support.get_mut(area.index()) {
            s[kind.index()] = s[kind.index()].saturating_add(n);
        }
    }

    pub(crate) fn take_support(&mut self, area: Area, kind: Support, n: u8) -> u8 {
        let Some(s) = self.support.get_mut(area.index()) else { return 0 };
        let taken = n.min(s[kind.index()]);
        s[kind.index()] -= taken;
        taken
    }

    pub(crate) fn add_industry(&mut self, area: Area, colour: Colour) {
        if let Some(s) = self.industry.get_mut(area.index()) {
            s[colour.index()] = s[colour.index()].saturating_add(1);
        }
    }

    pub(crate) fn take_industries(&mut self, area: Area, colour: Colour, n: u8) -> u8 {
        let Some(s) = self.industry.get_mut(area.index()) else { return 0 };
        let taken = n.min(s[colour.index()]);
        s[colour.index()] -= taken;
        taken
    }
}
