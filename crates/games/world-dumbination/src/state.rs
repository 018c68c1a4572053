//! The state: the board's pieces, markers and radioactive tokens, each leaderboard, the decks, the
//! peace track, and the engine's stack of pending rule steps. Plain data ([`Table`]) shared with
//! `validate.rs`, which checks it before anything outside the crate can make a state of it.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use worlds_engine::flow::Stack;
use worlds_engine::program::Cursor;
use worlds_engine::secret::Secret;

pub use crate::choice::{Placement, Placing, Token};
use worlds_engine::{ByPlayer, Player, PlayerSet};

use crate::board::{NO_SPACE, SPACES, Space};
use crate::card::CardNo;
pub use crate::card::Mods;
use crate::nation::Nation;
pub use crate::sets::{CardSet, SpaceSet};

/// WD-COMP-2: Units, Base tokens, Radioactive tokens and marker cubes of each nation.
pub const UNITS: usize = 6;
pub const BASES: usize = 8;
pub const RADIOACTIVE: usize = 3;
pub const MARKERS: u8 = 14;
/// No unit (a movement turn before its first step), nobody (an auction's highest bidder, in JSON).
pub const NOBODY: u8 = 255;

/// A Unit on the board (`at` is a space) or in the supply (`at` is absent).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Unit {
    #[serde(default = "no_space", skip_serializing_if = "is_no_space")]
    pub at: Space,
    /// WD-MOVE-7: laid down in a war zone: 2 in the phase 5 it entered, 1 through the next round
    /// until the end of its phase 5, 0 standing.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub war: u8,
}

/// A Base on the board (strength 4–10) or in the supply (strength 0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Base {
    #[serde(default = "no_space", skip_serializing_if = "is_no_space")]
    pub at: Space,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub strength: u8,
    /// WD-BUY-3: built or upgraded this round.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub changed: bool,
}

fn no_space() -> Space {
    NO_SPACE
}

fn is_no_space(s: &Space) -> bool {
    *s == NO_SPACE
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

fn no_seats(s: &PlayerSet) -> bool {
    s.is_empty()
}

fn no_spaces(s: &SpaceSet) -> bool {
    s.is_empty()
}

impl Unit {
    pub const SUPPLY: Unit = Unit { at: NO_SPACE, war: 0 };
    pub fn on_board(self) -> bool {
        self.at != NO_SPACE
    }
}

impl Base {
    pub const SUPPLY: Base = Base { at: NO_SPACE, strength: 0, changed: false };
    pub fn on_board(self) -> bool {
        self.at != NO_SPACE && self.strength > 0
    }
}

/// What lies on a card space.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lying {
    /// Placed face down this round (phase 2, WD-PLACE-2).
    Hidden,
    /// Turned up and funded so far, waiting for its turn (WD-FLIP-2, WD-FLIP-3).
    Waiting,
    /// Acted; a Green or Brown card lies here until phase 7 (WD-FLIP-6).
    Used,
    /// A fired Nuclear Bomb, leaving in phase 7 of this round number (WD-NUKE-4).
    Fired(u16),
}

/// A card on a card space.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placed {
    pub card: CardNo,
    pub lying: Lying,
    /// Aimed at Peace: a disarmament (WD-PEACE-1).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub peace: bool,
}

/// The two card spaces (WD-PLACE-2): 0 left, 1 right.
pub const LEFT: usize = 0;
pub const RIGHT: usize = 1;

/// A player's leaderboard and pieces.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seat {
    pub nation: Nation,
    pub ego: u8,
    pub popularity: u8,
    pub resources: u16,
    pub vp: u16,
    pub hand: CardSet,
    pub spaces: [Option<Placed>; 2],
    /// The kept First Goal (WD-SETUP-8); absent until chosen, and in the short variant.
    pub goal: Option<CardNo>,
    #[serde(default)]
    pub goal_done: bool,
    /// The First Goal is to be flipped this round (a secret of phase 2, WD-PLACE-4), or was
    /// flipped and waits for its turn.
    pub goal_flip: Option<Lying>,
    /// The kept First Goal was turned up once (it is no secret any more, WD-INFO-2).
    #[serde(default)]
    pub goal_shown: bool,
    /// The token on the target spot and whether it was turned (WD-FLIP-1).
    pub target: Option<Token>,
    #[serde(default)]
    pub target_turned: bool,
    /// Only in a position saved before the table's `placements`: how far this seat's choice of
    /// phase 2 had got (its cards lay face down on the spaces, its target on the spot).
    #[serde(default, skip_serializing)]
    pub placing: Option<Placing>,
    /// Funded Blue cards and completed First Goals beside the leaderboard (WD-CARD-7).
    pub projects: CardSet,
    /// WD-CARD-8: sabotaged projects: [0] sabotaged this round, [1] last round.
    #[serde(default)]
    pub sabotaged: [CardSet; 2],
    pub units: [Unit; UNITS],
    pub bases: [Base; BASES],
    /// Radioactive tokens on the board, earliest placed first (WD-NUKE-3).
    #[serde(default)]
    pub radioactive: ArrayVec<Space, RADIOACTIVE>,
    /// Marker cubes still on the leaderboard.
    pub markers: u8,
    /// Changes for this round from Green and Brown cards (WD-CARD-6).
    #[serde(default)]
    pub round_mods: Mods,
    /// WD-CARD-10: on vacation this round.
    #[serde(default)]
    pub vacation: bool,
    /// WD-COMBAT-11: this player has attacked someone (Be Most Peaceful).
    #[serde(default)]
    pub attacked: bool,
    /// WD-COMBAT-11: the last player who attacked this one (the overtaker, WD-ELIM-3).
    pub last_attacker: Option<Player>,
    /// WD-LEAD-5: the +1 Ego at 10 VP was given.
    #[serde(default)]
    pub ten_vp: bool,
    /// WD-PEACE-2: disarmed this round (the +1 Popularity is given once a round).
    #[serde(default)]
    pub disarmed: bool,
    /// Eliminated: the order of elimination (1 = first out) (WD-ELIM, WD-SCORE-3).
    pub out: Option<u8>,
    /// Phase 5: the units that have moved or attacked, and where each began (WD-MOVE-2, WD-MARK-1).
    #[serde(default)]
    pub moved: u8,
    #[serde(default)]
    pub origin: [Space; UNITS],
    /// Phase 5: units that stepped onto the sea this round (Submarine, Aircraft Carrier).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub sea_used: u8,
    /// Phase 5: the unit on a hidden move and the space it left (until the reveal at the end of
    /// phase 5), and whether the hidden move of this round was used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hidden: Option<(u8, Space)>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden_used: bool,
}

impl Seat {
    pub fn in_game(&self) -> bool {
        self.out.is_none()
    }

    pub fn units_on_board(&self) -> impl Iterator<Item = (usize, Unit)> + '_ {
        self.units.iter().copied().enumerate().filter(|(_, u)| u.on_board())
    }

    /// The units on the board, less a unit on a hidden move (it is revealed at the end of phase 5).
    pub fn units_seen(&self) -> impl Iterator<Item = (usize, Unit)> + '_ {
        let hidden = self.hidden.map_or(usize::MAX, |(u, _)| usize::from(u));
        self.units_on_board().filter(move |(i, _)| *i != hidden)
    }

    pub fn bases_on_board(&self) -> impl Iterator<Item = (usize, Base)> + '_ {
        self.bases.iter().copied().enumerate().filter(|(_, b)| b.on_board())
    }

    pub fn base_at(&self, s: Space) -> Option<usize> {
        self.bases.iter().position(|b| b.on_board() && b.at == s)
    }

    pub fn units_at(&self, s: Space) -> usize {
        self.units.iter().filter(|u| u.at == s).count()
    }

    pub fn strongest_base(&self) -> u8 {
        self.bases.iter().map(|b| b.strength).max().unwrap_or(0)
    }

    pub fn is_sabotaged(&self, card: CardNo) -> bool {
        self.sabotaged[0].contains(card) || self.sabotaged[1].contains(card)
    }
}

/// One of the seven phases (WD-ROUND-1); 0 is the set-up's First Goal choice.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Setup,
    Draw,
    Place,
    Dumbness,
    Flip,
    Move,
    Buy,
    Income,
}

impl Phase {
    /// Its number, 0 (set-up) to 7: the variants are in the rulebook's order.
    pub fn number(self) -> u8 {
        self as u8
    }

    pub fn name(self) -> &'static str {
        match self {
            Phase::Setup => "set-up",
            Phase::Draw => "1 draw cards",
            Phase::Place => "2 choose and place cards",
            Phase::Dumbness => "3 Dumbness cards",
            Phase::Flip => "4 flip and use cards",
            Phase::Move => "5 move units",
            Phase::Buy => "6 buy & upgrade",
            Phase::Income => "7 get resources",
        }
    }
}

/// A card resolving in phase 4 (WD-FLIP-3): whose, which, on which space, and where its program is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Acting {
    pub seat: Player,
    pub card: CardNo,
    /// The card space it lies on; 2 for a First Goal.
    pub space: u8,
    /// In the card's effect (false) or its lose/gain (true).
    #[serde(default)]
    pub gain: bool,
    #[serde(default)]
    pub cursor: Cursor,
    /// Units still to remove, or other counts a step carries.
    #[serde(default)]
    pub left: u8,
    /// A Dumbness card acting on several players (WD-DUMB-7): the seats still to act on, after
    /// `seat`.
    #[serde(default, skip_serializing_if = "no_seats", with = "crate::sets::seat_mask")]
    pub rest: PlayerSet,
}

/// Where an acting card lies: card space 0 or 1, the First Goal, or the board (Dumbness).
pub const GOAL_SPACE: u8 = 2;
pub const BOARD_SPACE: u8 = 3;

/// A temporary rule change in force (a Dumbness card's `rule` step) until the end of `until`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InForce {
    pub kind: crate::card::RuleKind,
    pub until: u16,
    pub card: CardNo,
}

/// The Dumbness cards in the game (WD-DUMB, WD-SETUP-10).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dumbness {
    /// How many joined each Level deck at set-up (public, WD-INFO-1).
    #[serde(default)]
    pub added: [u8; 2],
    /// How many were drawn from each deck so far (public).
    #[serde(default)]
    pub drawn: [u8; 2],
    /// Face down on the board, by the deck they came from (nobody knows which, WD-DRAW-2).
    #[serde(default)]
    pub down: [CardSet; 2],
    /// Face up on the board, waiting to be won or done (WD-DUMB-5).
    #[serde(default)]
    pub up: CardSet,
    /// The Dumbness discard pile, never returning (WD-DUMB-2).
    #[serde(default)]
    pub spent: CardSet,
    /// Temporary rule changes in force (as many as the face-up cards bring: four without
    /// allocating, more never lost).
    #[serde(default)]
    pub rules: SmallVec<[InForce; 4]>,
    /// Cards that left the game: with Alien Ship (WD-CARD-13), and used Nuclear Bombs (WD-NUKE-5).
    #[serde(default)]
    pub gone: CardSet,
}

/// A pending rule step: the bottom one is the phase in progress; steps above it decide first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// A phase, with the place on the player order track of the next player to handle.
    Phase { phase: Phase, next: u8 },
    /// WD-DRAW-1: this player chooses the level of their next card.
    Draw { seat: Player },
    /// WD-CARD-9: this player discards down to their hand limit.
    Discard { seat: Player },
    /// A card acting and waiting for its player's choice (WD-CARD-6).
    Act(Acting),
    /// WD-MOVE-2: a player's movement turn; `unit` is moving with `left` steps left; `sea` is
    /// how it uses the sea this move (0 not yet, 1 may end there, 2 must end on land,
    /// WD-MOVE-9), and `hidden` whether it is the hidden move.
    Move {
        seat: Player,
        unit: u8,
        left: u8,
        #[serde(default, skip_serializing_if = "is_zero")]
        sea: u8,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        hidden: bool,
    },
    /// WD-COMBAT-4: an attack on `space` with the units committed so far.
    Attack { seat: Player, space: Space, committed: u8 },
    /// WD-MARK-1: may this player leave a marker on `space`?
    Marker { seat: Player, space: Space },
    /// WD-DUMB-3: an auction of a Dumbness card: the price so far, the highest bidder, the
    /// players out and the place on the order track of the player to bid.
    Auction {
        card: CardNo,
        price: u8,
        #[serde(with = "nobody")]
        high: Option<Player>,
        #[serde(with = "crate::sets::seat_mask")]
        out: PlayerSet,
        turn: u8,
    },
    /// `move_base`: at the start of their phase 6 this player may move a Base (`from`, once
    /// chosen) up to `range` spaces.
    MoveBase { seat: Player, from: Space, range: u8 },
    /// WD-BUY-1: a player's phase 6; `units` once they bought a Unit.
    Buy { seat: Player, units: bool },
}

impl Step {
    /// The player this step waits for, if one (a phase waits for several or none; an auction for
    /// whoever bids now).
    pub fn seat(&self) -> Option<Player> {
        match *self {
            Step::Phase { .. } | Step::Auction { .. } => None,
            Step::Draw { seat } | Step::Discard { seat } | Step::Move { seat, .. } | Step::Attack { seat, .. } => {
                Some(seat)
            }
            Step::Marker { seat, .. } | Step::Buy { seat, .. } | Step::MoveBase { seat, .. } => Some(seat),
            Step::Act(a) => Some(a.seat),
        }
    }
}

/// How the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// WD-END-1: the round after someone reached the VP goal.
    Points,
    /// WD-END-2: the fourth peace spot was filled.
    WorldPeace,
    /// WD-ELIM-4: one player was left.
    LastLeader,
    /// WD-END-3: the round cap.
    RoundCap,
}

/// The whole position as plain data.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    pub round: u16,
    pub seats: ByPlayer<Seat>,
    /// The player order track, first first (WD-ORDER-1).
    pub order: ArrayVec<Player, 5>,
    pub decks: [CardSet; 2],
    pub discards: [CardSet; 2],
    /// Markers on the board: the seat whose cube is on each space.
    #[serde(with = "spaces")]
    pub markers: [Option<Player>; SPACES],
    /// Radioactive spaces: whose token is there (WD-NUKE-2).
    #[serde(with = "spaces")]
    pub radioactive: [Option<Player>; SPACES],
    /// WD-OWN-2: home spaces their nation lost (another player's unit ended a move there, or a
    /// bomb struck it); they never fall back to it.
    #[serde(default, skip_serializing_if = "no_spaces", with = "crate::sets::space_list")]
    pub lost: SpaceSet,
    /// The peace track: who disarmed onto each spot and with which bomb (WD-PEACE-1).
    pub peace: [Option<(Player, CardNo)>; 4],
    /// WD-END-1: the round after which the game ends, once someone reached the VP goal.
    pub last_round: Option<u16>,
    pub over: Option<Ending>,
    #[serde(default)]
    pub dumb: Dumbness,
    /// Nuclear Bombs fired so far (the game's summary).
    #[serde(default)]
    pub bombs_fired: u8,
    pub stack: Stack<Step, 6>,
    /// The secret choices of phase 2 (WD-DEC-3): open while a player places, made at `done`.
    #[serde(default)]
    pub placements: Secret<Placement>,
}

/// The board arrays in JSON: a list of `[space, seat]` pairs.
mod spaces {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use worlds_engine::Player;

    use super::SPACES;

    pub fn serialize<S: Serializer>(a: &[Option<Player>; SPACES], s: S) -> Result<S::Ok, S::Error> {
        let pairs: Vec<(usize, Player)> = a.iter().enumerate().filter_map(|(i, v)| Some((i, (*v)?))).collect();
        pairs.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[Option<Player>; SPACES], D::Error> {
        let pairs: Vec<(usize, Player)> = Vec::deserialize(d)?;
        let mut a = [None; SPACES];
        for (i, v) in pairs {
            a[crate::sets::read_space(i, i < SPACES && a[i].is_some())?] = Some(v);
        }
        Ok(a)
    }
}

/// A seat or nobody in JSON: its number, or 255 ([`NOBODY`]).
mod nobody {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use worlds_engine::Player;

    use super::NOBODY;

    pub fn serialize<S: Serializer>(p: &Option<Player>, s: S) -> Result<S::Ok, S::Error> {
        p.map_or(NOBODY, |p| p.index() as u8).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Player>, D::Error> {
        match u8::deserialize(d)? {
            NOBODY => Ok(None),
            i => Player::new(usize::from(i))
                .map(Some)
                .ok_or_else(|| serde::de::Error::custom(format!("seat {i} is out of range; 255 is nobody"))),
        }
    }
}

impl Table {
    pub fn phase(&self) -> Phase {
        match self.stack.bottom() {
            Some(Step::Phase { phase, .. }) => *phase,
            _ => Phase::Income,
        }
    }

    /// The players still in the game, in player order.
    pub fn in_order(&self) -> impl Iterator<Item = Player> + '_ {
        self.order.iter().copied().filter(|&p| self.seats[p].in_game())
    }

    /// The players still in the game.
    pub fn in_game(&self) -> PlayerSet {
        self.seats.iter().filter(|(_, s)| s.in_game()).map(|(p, _)| p).collect()
    }

    /// The unit of `p` in the middle of a move, if any.
    pub fn moving_unit(&self, p: Player) -> Option<usize> {
        self.stack.iter().find_map(|step| match *step {
            Step::Move { seat, unit, .. } if seat == p => Some(usize::from(unit)),
            _ => None,
        })
    }

    /// How far `p`'s secret choice of phase 2 has got (`Finished` when they make none now).
    pub fn placing(&self, p: Player) -> Placing {
        match self.placements.get(p) {
            Some(pl) if self.placements.is_open(p) => pl.step,
            _ => Placing::Finished,
        }
    }

    /// `p`'s choice of phase 2 so far, as the rules see it (nothing chosen outside phase 2).
    pub fn placement(&self, p: Player) -> Placement {
        self.placements.get(p).unwrap_or_default()
    }

    /// Phase 2's choices start: the players `only` begin theirs at the left card space.
    pub fn open_placements(&mut self, only: PlayerSet) {
        self.placements = Secret::new(self.seats.len());
        for p in only.iter() {
            self.placements.open(p, Placement::default());
        }
    }

    /// The seat of a nation in play (with 2 players, Turkey and Venezuela belong to no seat).
    pub fn seat_of(&self, n: Nation) -> Option<Player> {
        self.seats.iter().find(|(_, s)| s.nation == n).map(|(p, _)| p)
    }
}

/// The state of a game: its table. Made only by `start` and `from_setup` (which checks it).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct State {
    pub(crate) t: Table,
}

impl State {
    /// The position as plain data, to read (a copy to edit comes from `to_setup`).
    pub fn table(&self) -> &Table {
        &self.t
    }
}
