//! The state of a game of World War 5: the board as bit masks (one per player, one per size), so
//! legal-action generation is a few mask operations, and the stack of pending rule steps.
//!
//! A state is made by the rules ([`crate::flow`]) or from a checked [`crate::Setup`]; it has no
//! `Deserialize` of its own.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use worlds_engine::flow::Stack;
use worlds_engine::{ByPlayer, Player, PlayerSet};

use crate::piece::{Piece, Size, Stash};
use crate::territory::{Continent, Territory};

/// A pending rule step. The bottom step is the part of the game in progress (setup, or a turn);
/// a retreat is pushed on top of the attacker's turn and decided by the defender.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Step {
    /// Players choose home continents in turn order (WW5-SETUP-3); the active player chooses.
    ChooseHome,
    /// Players place their pieces of this size in turn order (WW5-SETUP-4).
    Place(Size),
    /// The active player takes a turn (WW5-TURN-1).
    Play,
    /// The attacker (the active player) won a combat from `from` against `contested`; the defender
    /// must choose where to retreat (WW5-COMBAT-3).
    Retreat { from: Territory, contested: Territory },
}

/// At most a turn and a retreat are pending.
pub const STACK: usize = 2;

/// How the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// WW5-WIN-1: holds every territory of `continent` while keeping a piece at home.
    Conquest { player: Player, continent: Continent },
    /// WW5-WIN-3: every other player is eliminated.
    LastStanding { player: Player },
    /// WW5-END-1: the turn cap was reached; the players still in share the draw.
    TurnCap { among: PlayerSet },
    /// WW5-RULING-2: the last players were eliminated by the same action; they share the draw.
    NobodyLeft { among: PlayerSet },
}

/// The last combat, shown to everyone (WW5-COMBAT-6, WW5-VIEW-1).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Combat {
    pub attacker: Player,
    pub defender: Player,
    pub from: Territory,
    pub target: Territory,
    pub attacker_size: Size,
    pub defender_size: Size,
    pub attack: ArrayVec<u8, 3>,
    pub defence: ArrayVec<u8, 3>,
}

impl Combat {
    pub fn attack_total(&self) -> u32 {
        self.attack.iter().map(|&d| u32::from(d)).sum()
    }

    pub fn defence_total(&self) -> u32 {
        self.defence.iter().map(|&d| u32::from(d)).sum()
    }

    /// WW5-COMBAT-2: only a strictly higher total wins; ties go to the defender.
    pub fn attacker_wins(&self) -> bool {
        self.attack_total() > self.defence_total()
    }
}

/// A game of World War 5 in progress.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct State {
    pub(crate) stack: Stack<Step, STACK>,
    pub(crate) ending: Option<Ending>,
    /// Who won the roll-off (WW5-SETUP-2); turn order runs clockwise from them.
    pub(crate) first: Player,
    /// Whose turn it is (the chooser or placer during setup; the attacker during a retreat).
    pub(crate) active: Player,
    /// The number of the current turn, from 1 (0 during setup).
    pub(crate) turn: u32,
    pub(crate) homes: ByPlayer<Option<Continent>>,
    /// Territories holding each player's pieces.
    pub(crate) owned: ByPlayer<u32>,
    /// Territories holding a piece of each size.
    pub(crate) sized: [u32; 3],
    pub(crate) last_combat: Option<Combat>,
}

impl State {
    pub(crate) fn empty(players: usize, first: Player) -> State {
        State {
            stack: Stack::with(Step::ChooseHome),
            ending: None,
            first,
            active: first,
            turn: 0,
            homes: ByPlayer::filled(players, None),
            owned: ByPlayer::filled(players, 0),
            sized: [0; 3],
            last_combat: None,
        }
    }

    pub fn players(&self) -> usize {
        self.homes.len()
    }

    /// The step that decides now (`None` once the game is over).
    pub fn step(&self) -> Option<Step> {
        self.stack.top().copied()
    }

    /// The pending steps, bottom first.
    pub fn stack(&self) -> &[Step] {
        self.stack.as_slice()
    }

    /// How the game ended, once it has.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    pub fn first_player(&self) -> Player {
        self.first
    }

    pub fn active(&self) -> Player {
        self.active
    }

    /// The current turn number (0 during setup).
    pub fn turn_number(&self) -> u32 {
        self.turn
    }

    pub fn home(&self, p: Player) -> Option<Continent> {
        self.homes.get(p).copied().flatten()
    }

    pub fn last_combat(&self) -> Option<&Combat> {
        self.last_combat.as_ref()
    }

    /// Whether setup (choosing homes, placing pieces) is still going on.
    pub fn in_setup(&self) -> bool {
        matches!(self.stack.bottom(), Some(Step::ChooseHome | Step::Place(_)))
    }

    #[inline]
    pub(crate) fn occupied(&self) -> u32 {
        self.owned.values().fold(0, |acc, m| acc | m)
    }

    #[inline]
    pub(crate) fn owned_by(&self, p: Player) -> u32 {
        self.owned.get(p).copied().unwrap_or(0)
    }

    #[inline]
    pub(crate) fn home_mask(&self, p: Player) -> u32 {
        self.home(p).map_or(0, Continent::mask)
    }

    /// The piece on a territory.
    pub fn piece(&self, t: Territory) -> Option<Piece> {
        let player = self.owner_at(t)?;
        let size = self.size_at(t)?;
        Some(Piece { player, size })
    }

    pub(crate) fn size_at(&self, t: Territory) -> Option<Size> {
        Size::ALL.into_iter().find(|s| self.sized[s.index()] & t.bit() != 0)
    }

    pub(crate) fn owner_at(&self, t: Territory) -> Option<Player> {
        self.owned.iter().find(|(_, m)| **m & t.bit() != 0).map(|(p, _)| p)
    }

    /// The pieces a player has off the board (WW5-COMP-1).
    pub fn stash(&self, p: Player) -> Stash {
        let mine = self.owned_by(p);
        Stash(Size::ALL.map(|s| Size::PER_PLAYER.saturating_sub((mine & self.sized[s.index()]).count_ones() as u8)))
    }

    pub(crate) fn put(&mut self, t: Territory, piece: Piece) {
        if let Some(m) = self.owned.get_mut(piece.player) {
            *m |= t.bit();
        }
        self.sized[piece.size.index()] |= t.bit();
    }

    pub(crate) fn clear(&mut self, t: Territory) {
        for m in self.owned.values_mut() {
            *m &= !t.bit();
        }
        for s in &mut self.sized {
            *s &= !t.bit();
        }
    }

    pub(crate) fn resize(&mut self, t: Territory, size: Size) {
        for s in &mut self.sized {
            *s &= !t.bit();
        }
        self.sized[size.index()] |= t.bit();
    }

    /// Moves whatever stands on `from` to `to` (which must be empty).
    pub(crate) fn shift(&mut self, from: Territory, to: Territory) {
        let (f, t) = (from.bit(), to.bit());
        for m in self.owned.values_mut().chain(self.sized.iter_mut()) {
            if *m & f != 0 {
                *m = (*m & !f) | t;
            }
        }
    }

    /// Whether `p` is still in the game: from the start of play, a player is in while they have a
    /// piece on their home continent (WW5-ELIM-1); everyone is in during setup.
    pub fn is_in(&self, p: Player) -> bool {
        self.in_setup() || self.owned_by(p) & self.home_mask(p) != 0
    }

    /// The players still in.
    pub fn players_in(&self) -> PlayerSet {
        Player::all(self.players()).filter(|&p| self.is_in(p)).collect()
    }
}
