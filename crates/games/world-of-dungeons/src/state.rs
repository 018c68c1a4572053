//! The state: decks, rows, guilds, hands, the Effect cards of the turn, the response stack and the
//! engine's stack of pending rule steps. Plain data ([`Table`]) shared with `validate.rs`, which
//! checks it before anything outside the crate can make a state of it.

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};
use worlds_engine::cards::CardSet;
use worlds_engine::flow::{Each, Round, Stack};
use worlds_engine::{ByPlayer, Player};

use crate::vocab::{Face, GamerType, Row};

/// WOD-COMP-2: a Dungeon or Forum deck: unseen cards drawn at random, then the bottom list in order.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deck {
    pub unseen: CardSet<1>,
    /// Cards come here from their row, and every card is in one place (`validate::card_places`):
    /// never more than the deck's 64 (`MAX_DECK`).
    pub bottom: ArrayVec<u8, 64>,
}

impl Deck {
    pub fn count(&self) -> usize {
        self.unseen.len() as usize + self.bottom.len()
    }

    pub fn is_empty(&self) -> bool {
        self.count() == 0
    }
}

/// A guildmember: the gamer and its marks and counters (WOD-TURN-2, WOD-VIEW-2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Member {
    pub gamer: u8,
    /// Joined its guild this turn (WOD-TURN-2).
    #[serde(default)]
    pub joined: bool,
    /// Raids counted towards burn-out (WOD-RAID-14).
    #[serde(default)]
    pub raids: u8,
    /// Claims it took part in (Learns).
    #[serde(default)]
    pub claims: u8,
    /// The declared dungeon (its place in the raid) whose party it is in.
    #[serde(default)]
    pub party: Option<u8>,
    /// Barred from parties this turn (AFK).
    #[serde(default)]
    pub afk: bool,
}

impl Member {
    pub fn new(gamer: u8) -> Member {
        Member { gamer, joined: true, raids: 0, claims: 0, party: None, afk: false }
    }
}

/// A standing pass (WOD-RESP-10).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Standing {
    #[default]
    None,
    /// Passed for the rest of the turn.
    Turn,
    /// Passed until their next turn starts.
    UntilMyTurn,
}

/// The most guildmembers a guild can hold: content whose cards could fill a guild beyond it is
/// refused when it is loaded (WOD-RULING-7), so no join in play meets it.
pub const GUILD_CAP: usize = 12;

/// A player's public table and secret hand (WOD-COMP-4).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seat {
    pub hand: CardSet<2>,
    pub guild: ArrayVec<Member, GUILD_CAP>,
    /// Stash cards in the Guild Stash.
    pub stash: CardSet<2>,
    /// Dungeons claimed, in the order claimed: each leaves the Dungeon row for it (WOD-CLAIM-1), so
    /// never more than the deck's 64.
    pub dungeons: ArrayVec<u8, 64>,
    #[serde(default)]
    pub standing: Standing,
}

/// What an Effect card picked when played (WOD-EFFECT-1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Picked {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dungeon: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gamer: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forum: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<Player>,
    /// The Effect card picked on the stack, by its place in [`Table::played`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ty: Option<GamerType>,
}

/// What became of a played Effect card.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fate {
    /// Its player is still choosing its targets.
    Picking,
    /// On the stack.
    Waiting,
    Resolved,
    /// Its target was gone or no longer legal (WOD-EFFECT-3).
    Fizzled,
    Cancelled,
    /// Attached to a gamer that left its guild: already in the Loot discard pile (WOD-EFFECT-5).
    Detached,
}

/// An Effect card played this turn (WOD-EFFECT-4): face up until end of turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Played {
    pub card: u8,
    pub player: Player,
    pub picked: Picked,
    pub fate: Fate,
}

/// An item of the response stack (WOD-RESP-2): the action that opened the window at the bottom,
/// Effect cards above it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Item {
    /// A recruit waits: the gamer joins when it resolves (a Troll's forced join if `troll`).
    Recruit {
        gamer: u8,
        #[serde(default)]
        troll: bool,
        #[serde(default)]
        cancelled: bool,
    },
    /// A kick waits: the guildmember goes to the Forum discard pile when it resolves (WOD-KICK-1).
    Kick { gamer: u8 },
    /// A Stash card played from hand waits, face up: it goes into the Guild Stash when it resolves
    /// (WOD-STASH-1).
    Stash { card: u8 },
    /// A raid was declared (it took effect when made).
    Declare,
    /// A roll waits for the declared dungeon at this place of the raid.
    Roll { at: u8, face: Face },
    /// A claim waits; `loot` is the change cards made to the Loot it draws.
    Claim { loot: i8 },
    /// An Effect card, by its place in [`Table::played`].
    Card { played: u8 },
}

/// A declared dungeon of the turn's raid (WOD-RAID-1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Declared {
    pub dungeon: u8,
    /// The last face rolled for it, if rolled.
    #[serde(default)]
    pub face: Option<Face>,
    /// Its roll is settled (and succeeded: the first failure ends the raid).
    #[serde(default)]
    pub won: bool,
}

/// Phase 2 and 3 steps of the active player's turn (WOD-TURN-1), the bottom of the step stack.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Phase {
    Kick,
    Recruit,
    Stash,
    /// Grind or raid (WOD-DUNG-1).
    Dungeon,
    /// Choosing the dungeons of the raid (WOD-RAID-1).
    Declare,
    /// Putting guildmember `member` (by place in the guild) in a party (WOD-RAID-2).
    Parties {
        member: u8,
    },
    /// Choosing the next dungeon to raid (WOD-RAID-6).
    NextRaid,
    /// Claiming (WOD-CLAIM-1).
    Claim,
}

/// A step of the engine's stack: the phase at the bottom, then what is pushed on it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum Step {
    Phase(Phase),
    /// A response window (WOD-RESP-1) with its priority round.
    Window(Round),
    /// The player of a played Effect card picks its `k`-th target (WOD-EFFECT-1).
    Pick {
        played: u8,
        k: u8,
    },
    /// The stack is resolving; an Effect card's program waits at `pc` for the picked player's
    /// choice (item decay).
    Resolve {
        played: u8,
        pc: u16,
    },
    /// After a skull, the active player discards `left` more members of the party at `at`
    /// (WOD-RAID-11).
    SkullDiscard {
        at: u8,
        left: u8,
    },
    /// WOD-HAND-1: players discard down to their hand limit, clockwise from the active player.
    HandLimit(Each),
}

/// How the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ending {
    /// A player reached 20 VP (WOD-WIN-1).
    Vp,
    /// A deck is empty (WOD-WIN-1).
    EmptyDeck,
    /// The turn cap (WOD-END-2).
    TurnCap,
}

/// Steps already used this turn (WOD-GUILD-1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Used {
    /// A Troll joined the active player's guild in phase 1 (WOD-RECRUIT-3).
    #[serde(default)]
    pub troll_joined: bool,
    /// The raid failed (WOD-RAID-13).
    #[serde(default)]
    pub failed: bool,
}

/// The most Patch Notes cards a Loot deck may hold (all of them may come into force).
pub const PATCH: usize = 32;
pub const STEPS: usize = 12;
pub const PLAYED: usize = 32;

/// The whole position as plain data: what a saved game holds (`Setup`) and what a state wraps.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    /// The turn number, from 1.
    pub turn: u16,
    pub active: Player,
    pub dungeon_deck: Deck,
    pub forum_deck: Deck,
    pub loot_deck: CardSet<2>,
    /// Oldest first.
    pub dungeon_row: ArrayVec<u8, 8>,
    pub forum_row: ArrayVec<u8, 8>,
    pub forum_discard: CardSet<1>,
    pub loot_discard: CardSet<2>,
    /// Patch Notes in force, in the order drawn: each card once (WOD-PATCH-1), and a Loot deck
    /// holds at most `PATCH` of them (content files with more are refused).
    pub patch: ArrayVec<u8, PATCH>,
    pub seats: ByPlayer<Seat>,
    /// Effect cards played this turn, in order.
    pub played: ArrayVec<Played, PLAYED>,
    /// The response stack, bottom first: the action that opened the window (WOD-RESP-2) and each
    /// card of the turn at most once (WOD-RESP-4), so never more than `PLAYED + 1`.
    pub pending: ArrayVec<Item, { PLAYED + 1 }>,
    /// The turn's raid, in the order declared: dungeons of the row, each once (WOD-RAID-1), so
    /// never more than the row's 8.
    pub raid: ArrayVec<Declared, 8>,
    #[serde(default)]
    pub used: Used,
    pub steps: Stack<Step, STEPS>,
    #[serde(default)]
    pub over: Option<Ending>,
}

impl Table {
    /// A row and the deck it fills from (WOD-POP-2).
    pub fn row_mut(&mut self, row: Row) -> (&mut ArrayVec<u8, 8>, &mut Deck) {
        match row {
            Row::Dungeon => (&mut self.dungeon_row, &mut self.dungeon_deck),
            Row::Forum => (&mut self.forum_row, &mut self.forum_deck),
        }
    }

    /// The first empty deck, by name ("Dungeon", "Forum", "Loot"): the game ends on it (WOD-WIN-1).
    pub fn empty_deck(&self) -> Option<&'static str> {
        [
            ("Dungeon", self.dungeon_deck.is_empty()),
            ("Forum", self.forum_deck.is_empty()),
            ("Loot", self.loot_deck.is_empty()),
        ]
        .into_iter()
        .find_map(|(deck, empty)| empty.then_some(deck))
    }
}

/// A position of World of Dungeons. Made only by `start` and `from_setup` (which checks it).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct State {
    pub(crate) t: Table,
}

impl State {
    pub fn turn_number(&self) -> u16 {
        self.t.turn
    }

    pub fn is_over(&self) -> bool {
        self.t.over.is_some()
    }

    pub fn ending(&self) -> Option<Ending> {
        self.t.over
    }

    pub fn table(&self) -> &Table {
        &self.t
    }
}
