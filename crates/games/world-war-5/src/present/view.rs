//! What players see: the observation (everything is public in World War 5), the players one
//! action from winning, and the numeric tensor. The drawings are in `render.rs`.

use serde::Serialize;
use worlds_engine::{Decision, MAX_PLAYERS, Player, Turn, Viewer};

use crate::combat::shrunk_size;
use crate::content::Content;
use crate::flow;
use crate::piece::{Piece, Stash};
use crate::state::{Combat, Ending, State, Step};
use crate::territory::{Continent, Territory};

/// Everything a viewer knows: in World War 5, everything.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Observation {
    pub viewer: Viewer,
    pub variant: String,
    /// Who decides what, in the game's words (or how the game ended).
    pub decision: Decision,
    /// The pending steps, bottom first (empty once over).
    pub stack: Vec<Step>,
    pub ending: Option<Ending>,
    pub turn: u32,
    pub turn_cap: u32,
    pub first: Player,
    pub active: Player,
    pub to_act: Turn,
    pub players: Vec<PlayerInfo>,
    /// All eighteen territories in board order.
    pub board: Vec<Square>,
    pub last_combat: Option<Combat>,
    /// During a retreat: where the defender may go.
    pub retreat_options: Vec<Territory>,
    /// The players one action from winning, by seat (see [`threats`]).
    pub threats: Vec<Threat>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct PlayerInfo {
    pub seat: Player,
    pub home: Option<Continent>,
    pub stash: Stash,
    pub still_in: bool,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Square {
    pub territory: Territory,
    pub piece: Option<Piece>,
}

pub fn observe(content: &Content, s: &State, viewer: Viewer) -> Observation {
    Observation {
        viewer,
        variant: content.board.variant().to_owned(),
        decision: flow::decision(content, s),
        stack: s.stack.iter().copied().collect(),
        ending: s.ending,
        turn: s.turn,
        turn_cap: content.turn_cap,
        first: s.first,
        active: s.active,
        to_act: flow::turn(s),
        players: Player::all(s.players())
            .map(|p| PlayerInfo { seat: p, home: s.home(p), stash: s.stash(p), still_in: s.is_in(p) })
            .collect(),
        board: Territory::ALL.into_iter().map(|t| Square { territory: t, piece: s.piece(t) }).collect(),
        last_combat: s.last_combat.clone(),
        retreat_options: match s.step() {
            Some(Step::Retreat { from, contested }) => {
                Territory::in_mask(flow::retreat_options(content, s, from, contested)).collect()
            }
            _ => Vec::new(),
        },
        threats: threats(content, s),
    }
}

// ----- threats -----

/// A player who could win with one action of their own, were it their turn on this board.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case", tag = "win")]
pub enum Threat {
    /// WW5-WIN-1: `player` holds the other two territories of `continent` and can take
    /// `territory` from any of `from`: by moving there if it is empty, or by invading it, in which
    /// case winning the combat wins the game.
    Conquest { player: Player, continent: Continent, territory: Territory, from: Vec<Territory> },
    /// WW5-WIN-3: `against` is the only other player still in, with a single piece at home, on
    /// `territory`; winning an invasion of it from any of `from` eliminates them, wherever they
    /// choose to retreat.
    LastStanding { player: Player, against: Player, territory: Territory, from: Vec<Territory> },
}

impl Threat {
    /// Who threatens to win.
    pub fn player(&self) -> Player {
        match self {
            Threat::Conquest { player, .. } | Threat::LastStanding { player, .. } => *player,
        }
    }

    /// The territory they would take.
    pub fn territory(&self) -> Territory {
        match self {
            Threat::Conquest { territory, .. } | Threat::LastStanding { territory, .. } => *territory,
        }
    }

    /// The territories of their pieces that could take it.
    pub fn from(&self) -> &[Territory] {
        match self {
            Threat::Conquest { from, .. } | Threat::LastStanding { from, .. } => from,
        }
    }
}

/// Who is one action from winning, computed on the board as it stands, as if each player (still
/// in) took their turn now. A single action adds at most one territory to a player's holdings
/// and removes at most one piece from another's home, so:
///
/// - WW5-WIN-1: a player holding two territories of a continent other than their home threatens
///   it when one of their pieces outside that continent borders the third territory and taking
///   it by that piece would complete the continent: it is empty (a move, WW5-MOVE-1), or the
///   enemy piece there, once beaten, retreats (WW5-COMBAT-3) or is removed (WW5-COMBAT-5) so the
///   attacker moves in; not when it would only shrink in place (WW5-COMBAT-4), the attacker
///   staying where it was. A piece inside the continent would leave it.
/// - WW5-WIN-3: with one opponent left, whose home holds a single piece of theirs, a player
///   threatens to eliminate them when a piece of theirs borders that piece and a won invasion
///   takes it off their home whatever the defender chooses: every retreat leads abroad (none
///   home), or there is none and the piece is removed.
///
/// In both, the acting piece may not be the player's last at home: leaving would eliminate them
/// before the victory is checked (WW5-ELIM-1, WW5-WIN-2). Nothing threatens during setup or
/// once the game is over.
pub fn threats(content: &Content, s: &State) -> Vec<Threat> {
    let mut out = Vec::new();
    if s.ending.is_some() || s.in_setup() {
        return out;
    }
    let board = &content.board;
    let players_in = s.players_in();
    let occupied = s.occupied();
    for p in players_in.iter() {
        let own = s.owned_by(p);
        let home = s.home_mask(p);
        let movers = if (own & home).count_ones() > 1 { own } else { own & !home };
        let attackers = |t: Territory, mask: u32| Territory::in_mask(movers & mask & board.neighbours(t));
        for k in Continent::ALL {
            let missing = k.mask() & !own;
            if s.home(p) == Some(k) || missing.count_ones() != 1 {
                continue;
            }
            let Some(t) = Territory::in_mask(missing).next() else { continue };
            let from: Vec<Territory> = if occupied & t.bit() == 0 {
                attackers(t, !k.mask()).collect()
            } else {
                let removed = s.piece(t).is_some_and(|d| shrunk_size(d.size, s.stash(d.player)).is_none());
                attackers(t, !k.mask()).filter(|&f| removed || flow::retreat_options(content, s, f, t) != 0).collect()
            };
            if !from.is_empty() {
                out.push(Threat::Conquest { player: p, continent: k, territory: t, from });
            }
        }
        let Some(against) = players_in.iter().find(|&q| q != p).filter(|_| players_in.len() == 2) else {
            continue;
        };
        let their_home = s.home_mask(against);
        let at_home = s.owned_by(against) & their_home;
        let (Some(t), 1) = (Territory::in_mask(at_home).next(), at_home.count_ones()) else { continue };
        let removed = s.piece(t).is_some_and(|d| shrunk_size(d.size, s.stash(d.player)).is_none());
        let from: Vec<Territory> = attackers(t, Territory::ALL_MASK)
            .filter(|&f| match flow::retreat_options(content, s, f, t) {
                0 => removed,
                options => options & their_home == 0,
            })
            .collect();
        if !from.is_empty() {
            out.push(Threat::LastStanding { player: p, against, territory: t, from });
        }
    }
    out
}

// ----- tensor -----

const PER_TERRITORY: usize = MAX_PLAYERS * 3;
const PHASES: usize = 7;
/// Board (owner relative to the viewer × size), homes, who is in, phase, whose decision, the
/// retreat's two territories, and the turn as a fraction of the cap.
pub const TENSOR_LEN: usize = Territory::COUNT * PER_TERRITORY
    + MAX_PLAYERS * 6
    + MAX_PLAYERS
    + PHASES
    + 1
    + MAX_PLAYERS
    + 2 * Territory::COUNT
    + 1;

pub fn write_tensor(content: &Content, s: &State, viewer: Player, out: &mut [f32]) {
    out.fill(0.0);
    let n = s.players();
    // Seats relative to the viewer: 0 is the viewer, 1 the next clockwise, …
    let rel = |p: Player| (p.index() + n - viewer.index() % n) % n;
    let mut set = |i: usize, v: f32| {
        if let Some(x) = out.get_mut(i) {
            *x = v;
        }
    };
    for t in Territory::ALL {
        if let Some(piece) = s.piece(t) {
            set(t.index() * PER_TERRITORY + rel(piece.player) * 3 + piece.size.index(), 1.0);
        }
    }
    let mut at = Territory::COUNT * PER_TERRITORY;
    for p in Player::all(n) {
        if let Some(c) = s.home(p) {
            set(at + rel(p) * 6 + c.index(), 1.0);
        }
        set(at + MAX_PLAYERS * 6 + rel(p), f32::from(u8::from(s.is_in(p))));
    }
    at += MAX_PLAYERS * 7;
    let phase = match s.step() {
        Some(Step::ChooseHome) => 0,
        Some(Step::Place(size)) => 1 + size.index(),
        Some(Step::Play) => 4,
        Some(Step::Retreat { .. }) => 5,
        None => 6,
    };
    set(at + phase, 1.0);
    at += PHASES;
    set(at, f32::from(u8::from(flow::turn(s) == Turn::Decide(viewer))));
    at += 1;
    set(at + rel(s.active), 1.0);
    at += MAX_PLAYERS;
    if let Some(Step::Retreat { from, contested }) = s.step() {
        set(at + contested.index(), 1.0);
        set(at + Territory::COUNT + from.index(), 1.0);
    }
    at += 2 * Territory::COUNT;
    set(at, s.turn as f32 / content.turn_cap as f32);
}
