//! The state of a game of World War 5.
//!
//! Inside, the board is bit masks (one per player, one per size) so that legal-action generation is a
//! few mask operations; outside, a state reads and writes as plain JSON (`StateJson`) and is
//! validated on the way in.

use std::collections::BTreeMap;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use worlds_engine::{ByPlayer, MAX_PLAYERS, Player, PlayerSet};

use crate::piece::{Piece, Size, Stash};
use crate::territory::{Continent, Territory};

/// Where the game is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Players choose home continents in turn order (WW5-SETUP-3); `active` chooses.
    ChooseHome,
    /// Players place their pieces of this size in turn order (WW5-SETUP-4); `active` places.
    Place(Size),
    /// `active` takes a turn (WW5-TURN-1).
    Play,
    /// The attacker (`active`) won a combat from `from` against `contested`; the defender must
    /// choose where to retreat (WW5-COMBAT-3).
    Retreat { from: Territory, contested: Territory },
    /// The game has ended.
    Over(Ending),
}

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
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "StateJson", into = "StateJson")]
pub struct State {
    pub(crate) phase: Phase,
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
            phase: Phase::ChooseHome,
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

    pub fn phase(&self) -> Phase {
        self.phase
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
        let player = self.owned.iter().find(|(_, m)| **m & t.bit() != 0).map(|(p, _)| p)?;
        let size = Size::ALL.into_iter().find(|s| self.sized[s.index()] & t.bit() != 0)?;
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
        match self.phase {
            Phase::ChooseHome | Phase::Place(_) => true,
            _ => self.owned_by(p) & self.home_mask(p) != 0,
        }
    }

    /// The players still in.
    pub fn players_in(&self) -> PlayerSet {
        Player::all(self.players()).filter(|&p| self.is_in(p)).collect()
    }
}

// ----- JSON -----

/// A state as people and programs read and write it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StateJson {
    phase: Phase,
    first: Player,
    active: Player,
    turn: u32,
    /// Each seat's home continent (`null` while not chosen).
    homes: Vec<Option<Continent>>,
    /// The pieces on the board, by territory id.
    board: BTreeMap<String, Piece>,
    #[serde(default)]
    last_combat: Option<Combat>,
}

impl From<State> for StateJson {
    fn from(s: State) -> StateJson {
        StateJson {
            phase: s.phase,
            first: s.first,
            active: s.active,
            turn: s.turn,
            homes: s.homes.values().copied().collect(),
            board: Territory::ALL.into_iter().filter_map(|t| Some((t.id().to_owned(), s.piece(t)?))).collect(),
            last_combat: s.last_combat,
        }
    }
}

impl TryFrom<StateJson> for State {
    type Error = String;

    /// Structural checks only; [`crate::WorldWar5`] checks the rest against the game's config.
    fn try_from(j: StateJson) -> Result<State, String> {
        let n = j.homes.len();
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err(format!("homes: {n} seats given; World War 5 seats 2–6 players"));
        }
        for (field, p) in [("first", j.first), ("active", j.active)] {
            if p.index() >= n {
                return Err(format!("{field}: seat {} does not exist in a {n}-player game", p.index()));
            }
        }
        let mut s = State::empty(n, j.first);
        s.phase = j.phase;
        s.active = j.active;
        s.turn = j.turn;
        s.homes = ByPlayer::from_vec(j.homes).ok_or("homes: too many seats")?;
        for (id, piece) in j.board {
            let t: Territory = id.parse().map_err(|e| format!("board: {e}"))?;
            if piece.player.index() >= n {
                return Err(format!("board: {t} holds a piece of seat {}, which does not exist", piece.player.index()));
            }
            s.put(t, piece);
        }
        for p in Player::all(n) {
            for size in Size::ALL {
                let on_board = (s.owned_by(p) & s.sized[size.index()]).count_ones();
                if on_board > u32::from(Size::PER_PLAYER) {
                    return Err(format!(
                        "board: {p} has {on_board} {size} pieces on the board; each player has only 3"
                    ));
                }
            }
        }
        s.last_combat = j.last_combat;
        Ok(s)
    }
}
