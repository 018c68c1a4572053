//! The state of a game of Woobieworld.
//!
//! Inside: fixed-size per-area arrays and card sets as bit masks (no heap, cheap to clone for
//! search). Outside: JSON with lists (`StateJson`), cards and areas by their index in the content
//! files, checked against the content by [`crate::Woobieworld`] when loaded.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use worlds_engine::{ByPlayer, MAX_PLAYERS, Player, PlayerSet};

use crate::area::{Area, Colour, Support};
use crate::card::CardId;

/// Where the game is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// WOOB-SETUP-2: `active` picks a home and its first support.
    ChooseHome,
    /// WOOB-CYCLE-1: everyone chooses a card face down.
    Choose,
    /// The start of a turn: environments' upkeep effects.
    Upkeep,
    /// WOOB-SUPPORT-1 / WOOB-SUPPORT-2.
    Support,
    /// WOOB-INDUSTRY-1.
    Industry,
    /// WOOB-PLAY-1.
    Play,
    /// WOOB-DRAW-1 (automatic).
    Draw,
    /// WOOB-END-1, or the turn cap (WOOB-RULING-4).
    Over { turn_cap: bool },
}

/// Where a resolution came from, and so what follows it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Origin {
    /// A card played in the play phase; afterwards it is discarded and the player draws.
    Played,
    /// An environment's upkeep at the start of a turn.
    Upkeep,
}

/// A part of a step that handles several homes, or several pieces, one decision at a time.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Task {
    /// The home being handled.
    pub current: Player,
    /// Pieces still to gain, lose or move there.
    pub left: u8,
    /// Homes still to handle after it (clockwise from the card's player).
    pub next: PlayerSet,
}

/// A card (or an environment's upkeep) being resolved, step by step (WOOB-PLAY-2).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Resolution {
    pub card: CardId,
    /// "You": the card's player (or the player whose upkeep it is).
    pub player: Player,
    pub origin: Origin,
    /// The next instruction of the card's program.
    pub pc: u16,
    pub area: Option<Area>,
    pub industry: Option<(Area, Colour)>,
    pub chosen: Option<Player>,
    pub colour: Option<Colour>,
    /// Industries this card removed, per colour.
    pub removed: [u8; 4],
    pub task: Option<Task>,
}

/// An environment in play and its caretaker (WOOB-DRAW-1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct InPlay {
    pub card: CardId,
    pub caretaker: Player,
}

/// The cycles variant's bookkeeping (WOOB-CYCLE-1, WOOB-CYCLE-2).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Cycle {
    /// Each player's face-down card (hidden from the others until revealed).
    pub committed: ByPlayer<Option<CardId>>,
    pub revealed: bool,
    /// Turn order of this cycle: ascending card number.
    pub order: ArrayVec<Player, MAX_PLAYERS>,
    /// Index in `order` of the player whose turn it is.
    pub position: u8,
}

pub const MAX_IN_PLAY: usize = 32;

/// A game of Woobieworld in progress.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "StateJson", into = "StateJson")]
pub struct State {
    pub(crate) areas: usize,
    pub(crate) phase: Phase,
    pub(crate) first: Player,
    pub(crate) active: Player,
    pub(crate) turn: u32,
    pub(crate) homes: ByPlayer<Option<Area>>,
    /// Support in each area: red, yellow, green, blue, Anarchs.
    pub(crate) support: [[u8; 5]; Area::MAX],
    /// Industries in each area, per colour.
    pub(crate) industry: [[u8; 4]; Area::MAX],
    pub(crate) hands: ByPlayer<u128>,
    /// Cards in each hand that everyone knows (taken back in the cycles variant).
    pub(crate) known: ByPlayer<u128>,
    /// The face-down deck: an unordered set (drawn uniformly with the rng at draw time).
    pub(crate) deck: u128,
    pub(crate) discard: u128,
    pub(crate) in_play: ArrayVec<InPlay, MAX_IN_PLAY>,
    /// Coloured support taken so far in this support phase.
    pub(crate) support_taken: u8,
    /// Environments whose upkeep already ran this turn.
    pub(crate) upkeep_done: u128,
    pub(crate) resolution: Option<Resolution>,
    pub(crate) cycle: Option<Cycle>,
}

impl State {
    pub fn players(&self) -> usize {
        self.homes.len()
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn active(&self) -> Player {
        self.active
    }

    pub fn first_player(&self) -> Player {
        self.first
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

    pub fn hand(&self, p: Player) -> u128 {
        self.hands.get(p).copied().unwrap_or(0)
    }

    pub fn hand_size(&self, p: Player) -> usize {
        self.hand(p).count_ones() as usize
    }

    pub fn deck_size(&self) -> usize {
        self.deck.count_ones() as usize
    }

    pub fn in_play(&self) -> &[InPlay] {
        &self.in_play
    }

    pub fn resolution(&self) -> Option<&Resolution> {
        self.resolution.as_ref()
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

// ----- JSON -----

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct CycleJson {
    committed: Vec<Option<u8>>,
    revealed: bool,
    order: Vec<Player>,
    position: u8,
}

/// A state as programs read and write it: areas and cards by their index in the content files.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StateJson {
    phase: Phase,
    first: Player,
    active: Player,
    turn: u32,
    /// Each seat's home area (`null` until chosen).
    homes: Vec<Option<Area>>,
    /// Per area: red, yellow, green, blue, Anarchs.
    support: Vec<[u8; 5]>,
    /// Per area: red, yellow, green, blue industries.
    industries: Vec<[u8; 4]>,
    hands: Vec<Vec<u8>>,
    #[serde(default)]
    known: Vec<Vec<u8>>,
    deck: Vec<u8>,
    discard: Vec<u8>,
    in_play: Vec<InPlay>,
    #[serde(default)]
    support_taken: u8,
    #[serde(default)]
    upkeep_done: Vec<u8>,
    #[serde(default)]
    resolution: Option<Resolution>,
    #[serde(default)]
    cycle: Option<CycleJson>,
}

fn list(mask: u128) -> Vec<u8> {
    CardId::in_mask(mask).map(|c| c.0).collect()
}

fn set(field: &str, cards: &[u8]) -> Result<u128, String> {
    let mut mask = 0u128;
    for &c in cards {
        if usize::from(c) >= CardId::MAX {
            return Err(format!("{field}: card {c} is out of range"));
        }
        if mask & (1 << c) != 0 {
            return Err(format!("{field}: card {c} is listed twice"));
        }
        mask |= 1 << c;
    }
    Ok(mask)
}

impl From<State> for StateJson {
    fn from(s: State) -> StateJson {
        StateJson {
            phase: s.phase,
            first: s.first,
            active: s.active,
            turn: s.turn,
            homes: s.homes.values().copied().collect(),
            support: s.support[..s.areas].to_vec(),
            industries: s.industry[..s.areas].to_vec(),
            hands: s.hands.values().map(|&h| list(h)).collect(),
            known: s.known.values().map(|&h| list(h)).collect(),
            deck: list(s.deck),
            discard: list(s.discard),
            in_play: s.in_play.to_vec(),
            support_taken: s.support_taken,
            upkeep_done: list(s.upkeep_done),
            resolution: s.resolution,
            cycle: s.cycle.map(|c| CycleJson {
                committed: c.committed.values().map(|x| x.map(|c| c.0)).collect(),
                revealed: c.revealed,
                order: c.order.to_vec(),
                position: c.position,
            }),
        }
    }
}

impl TryFrom<StateJson> for State {
    type Error = String;

    /// Structural checks; [`crate::Woobieworld`] checks the rest against the content.
    fn try_from(j: StateJson) -> Result<State, String> {
        let n = j.homes.len();
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err(format!("homes: {n} seats given; Woobieworld seats 2–6 players"));
        }
        if j.support.len() != j.industries.len() || j.support.len() > Area::MAX || j.support.is_empty() {
            return Err("support: one entry per area of the map, for support and industries alike".into());
        }
        for (field, lists) in [("hands", &j.hands), ("known", &j.known)] {
            if lists.len() != n && !(field == "known" && lists.is_empty()) {
                return Err(format!("{field}: one list per seat ({n})"));
            }
        }
        let hands: Vec<u128> = j.hands.iter().map(|h| set("hands", h)).collect::<Result<_, _>>()?;
        let known: Vec<u128> = if j.known.is_empty() {
            vec![0; n]
        } else {
            j.known.iter().map(|h| set("known", h)).collect::<Result<_, _>>()?
        };
        if j.in_play.len() > MAX_IN_PLAY {
            return Err(format!("in_play: at most {MAX_IN_PLAY} environments"));
        }
        let mut support = [[0u8; 5]; Area::MAX];
        support[..j.support.len()].copy_from_slice(&j.support);
        let mut industry = [[0u8; 4]; Area::MAX];
        industry[..j.industries.len()].copy_from_slice(&j.industries);
        let cycle = match j.cycle {
            None => None,
            Some(c) => {
                if c.committed.len() != n {
                    return Err(format!("cycle.committed: one entry per seat ({n})"));
                }
                if c.order.len() > n || usize::from(c.position) > c.order.len() {
                    return Err("cycle.order: at most one entry per seat, and the position within it".into());
                }
                Some(Cycle {
                    committed: ByPlayer::from_vec(c.committed.iter().map(|x| x.map(CardId)).collect())
                        .ok_or("cycle.committed: too many seats")?,
                    revealed: c.revealed,
                    order: c.order.iter().copied().collect(),
                    position: c.position,
                })
            }
        };
        Ok(State {
            areas: j.support.len(),
            phase: j.phase,
            first: j.first,
            active: j.active,
            turn: j.turn,
            homes: ByPlayer::from_vec(j.homes).ok_or("homes: too many seats")?,
            support,
            industry,
            hands: ByPlayer::from_vec(hands).ok_or("hands: too many seats")?,
            known: ByPlayer::from_vec(known).ok_or("known: too many seats")?,
            deck: set("deck", &j.deck)?,
            discard: set("discard", &j.discard)?,
            in_play: j.in_play.into_iter().collect(),
            support_taken: j.support_taken,
            upkeep_done: set("upkeep_done", &j.upkeep_done)?,
            resolution: j.resolution,
            cycle,
        })
    }
}
