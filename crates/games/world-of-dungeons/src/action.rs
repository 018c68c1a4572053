//! The atomic decisions (WOD-TURN-4) and their integer codes.

use serde::{Deserialize, Serialize};
use worlds_engine::{ActionCode, Player};

use crate::vocab::GamerType;

/// One decision. Cards in a hand are named by their design (`def`), never by which copy, so an
/// action says no more than the card's name.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Pass priority once (WOD-RESP-4).
    Pass,
    /// Pass for the rest of the turn (WOD-RESP-10).
    PassTurn,
    /// Pass until my next turn starts (WOD-RESP-10).
    PassUntilMyTurn,
    /// Skip a phase-2 step (WOD-GUILD-1).
    Skip,
    /// Grind for Loot (WOD-GRIND-1).
    Grind,
    /// No more dungeons to declare (WOD-RAID-1).
    Done,
    /// Claim the raided dungeons (WOD-CLAIM-1).
    Claim,
    /// Leave the guildmember out of every party (WOD-RAID-2).
    Out,
    /// A gamer, by its id in the Forum deck: kick, recruit, discard, target.
    Gamer(u8),
    /// A dungeon, by its id in the Dungeon deck: raid, put a member in its party, target.
    Dungeon(u8),
    /// A player, by seat: a target.
    Seat(Player),
    /// A gamer type: a target (respec).
    Type(GamerType),
    /// An Effect card on the stack, by its place in the turn's played cards: a target.
    Stacked(u8),
    /// A Loot card by design, not played as an Effect: a Stash card to play or discard, a card to
    /// discard at the hand limit.
    Card(u8),
    /// Play an Effect card by design (WOD-RESP-4, WOD-RESP-8).
    Play(u8),
}

/// The decisions that name nothing, in the order of their codes, with their words (in notation
/// and the ids of buttons).
const WORDS: [(Action, &str); 8] = [
    (Action::Pass, "pass"),
    (Action::PassTurn, "pass-turn"),
    (Action::PassUntilMyTurn, "pass-until-my-turn"),
    (Action::Skip, "skip"),
    (Action::Grind, "grind"),
    (Action::Done, "done"),
    (Action::Claim, "claim"),
    (Action::Out, "out"),
];

const FIXED: usize = WORDS.len();
const GAMER: usize = FIXED;
const DUNGEON: usize = GAMER + 64;
const SEAT: usize = DUNGEON + 64;
const TYPE: usize = SEAT + 5;
const STACKED: usize = TYPE + 6;
const CARD: usize = STACKED + 32;
const PLAY: usize = CARD + 64;
/// The number of distinct action codes.
pub const CODES: usize = PLAY + 64;

impl ActionCode for Action {
    const COUNT: usize = CODES;

    fn index(self) -> usize {
        match self {
            Action::Pass => 0,
            Action::PassTurn => 1,
            Action::PassUntilMyTurn => 2,
            Action::Skip => 3,
            Action::Grind => 4,
            Action::Done => 5,
            Action::Claim => 6,
            Action::Out => 7,
            Action::Gamer(g) => GAMER + usize::from(g),
            Action::Dungeon(d) => DUNGEON + usize::from(d),
            Action::Seat(s) => SEAT + s.index(),
            Action::Type(t) => TYPE + t.index(),
            Action::Stacked(k) => STACKED + usize::from(k),
            Action::Card(c) => CARD + usize::from(c),
            Action::Play(c) => PLAY + usize::from(c),
        }
    }

    fn from_index(i: usize) -> Option<Action> {
        Some(match i {
            i if i < FIXED => WORDS[i].0,
            i if i < DUNGEON => Action::Gamer((i - GAMER) as u8),
            i if i < SEAT => Action::Dungeon((i - DUNGEON) as u8),
            i if i < TYPE => Action::Seat(Player::from_index(i - SEAT)),
            i if i < STACKED => Action::Type(*GamerType::ALL.get(i - TYPE)?),
            i if i < CARD => Action::Stacked((i - STACKED) as u8),
            i if i < PLAY => Action::Card((i - CARD) as u8),
            i if i < CODES => Action::Play((i - PLAY) as u8),
            _ => return None,
        })
    }
}

impl Action {
    /// The word of a decision that names nothing: "pass", "pass-until-my-turn", "grind".
    pub fn word(self) -> Option<&'static str> {
        WORDS.iter().find(|(a, _)| *a == self).map(|(_, word)| *word)
    }

    pub fn from_word(word: &str) -> Option<Action> {
        WORDS.iter().find(|(_, w)| *w == word).map(|(a, _)| *a)
    }

    /// WOD-RESP-11: every kind of pass.
    pub fn is_pass(self) -> bool {
        matches!(self, Action::Pass | Action::PassTurn | Action::PassUntilMyTurn)
    }
}
