//! The atomic decisions (WD-DEC-1, WD-DEC-2) and their integer codes (WD-DEC-4): cards by number,
//! spaces by index, unit steps as a unit slot and a direction.

use serde::{Deserialize, Serialize};
use worlds_engine::ActionCode;

use crate::board::{SPACES, Space};
use crate::card::{CardNo, MAX_NUMBER};
use crate::state::{Token, UNITS};

/// One decision. What a card or a space is chosen for is said by the pending decision.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// A card by number: the First Goal kept, a card placed, discarded, or a project picked.
    Card(CardNo),
    /// A space by index: attacked, struck, built on, reduced, cleared, given a free piece.
    Space(Space),
    /// WD-BUY-4: a Unit bought and put on the own Base on this space.
    Recruit(Space),
    /// WD-MOVE-2: a unit (slot 0–5) steps one space in a direction (0 east, 1 south-east,
    /// 2 south-west, 3 west, 4 north-west, 5 north-east).
    Step { unit: u8, dir: u8 },
    /// WD-COMBAT-4: a unit (slot) joins the attack.
    Commit(u8),
    /// WD-DRAW-1: the level of the next card drawn.
    Level(u8),
    /// WD-PLACE-5: the target token.
    Target(Token),
    /// The branch of a card's choice (Olympics).
    Branch(u8),
    /// WD-PLACE-4: flip the First Goal this round.
    FlipGoal,
    /// Leave this card space empty.
    Nothing,
    /// WD-MARK-1: leave a marker (true) or not.
    Marker(bool),
    /// End this turn or confirm a placement.
    Done,
    /// WD-DUMB-3: raise the auction's price by 1, 2, 5 or 10.
    Raise(u8),
    /// WD-DUMB-3: pass, and be out of this auction.
    Pass,
    /// `hidden_move`: this unit (slot) starts its move in secret.
    Hide(u8),
}

/// WD-DUMB-3: the raises an auction allows.
pub const RAISES: [u8; 4] = [1, 2, 5, 10];

const CARDS: usize = MAX_NUMBER as usize + 1;
const CARD_AT: usize = 0;
const SPACE_AT: usize = CARD_AT + CARDS;
const RECRUIT_AT: usize = SPACE_AT + SPACES;
const STEP_AT: usize = RECRUIT_AT + SPACES;
const COMMIT_AT: usize = STEP_AT + UNITS * 6;
const LEVEL_AT: usize = COMMIT_AT + UNITS;
const TARGET_AT: usize = LEVEL_AT + 2;
const BRANCH_AT: usize = TARGET_AT + 6;
const BRANCHES: usize = 4;
const FLIP_AT: usize = BRANCH_AT + BRANCHES;
const NOTHING_AT: usize = FLIP_AT + 1;
const MARKER_AT: usize = NOTHING_AT + 1;
const DONE_AT: usize = MARKER_AT + 2;
const RAISE_AT: usize = DONE_AT + 1;
const PASS_AT: usize = RAISE_AT + RAISES.len();
const HIDE_AT: usize = PASS_AT + 1;
/// How many codes there are (WD-DEC-4: under about 1,000).
pub const CODES: usize = HIDE_AT + UNITS;

impl ActionCode for Action {
    const COUNT: usize = CODES;

    fn index(self) -> usize {
        match self {
            Action::Card(n) => CARD_AT + usize::from(n).min(CARDS - 1),
            Action::Space(s) => SPACE_AT + usize::from(s).min(SPACES - 1),
            Action::Recruit(s) => RECRUIT_AT + usize::from(s).min(SPACES - 1),
            Action::Step { unit, dir } => STEP_AT + usize::from(unit).min(UNITS - 1) * 6 + usize::from(dir).min(5),
            Action::Commit(u) => COMMIT_AT + usize::from(u).min(UNITS - 1),
            Action::Level(l) => LEVEL_AT + usize::from(l.clamp(1, 2) - 1),
            Action::Target(t) => TARGET_AT + t.index(),
            Action::Branch(b) => BRANCH_AT + usize::from(b).min(BRANCHES - 1),
            Action::FlipGoal => FLIP_AT,
            Action::Nothing => NOTHING_AT,
            Action::Marker(yes) => MARKER_AT + usize::from(yes),
            Action::Done => DONE_AT,
            Action::Raise(n) => RAISE_AT + RAISES.iter().position(|&r| r == n).unwrap_or(0),
            Action::Pass => PASS_AT,
            Action::Hide(u) => HIDE_AT + usize::from(u).min(UNITS - 1),
        }
    }

    fn from_index(i: usize) -> Option<Action> {
        Some(match i {
            _ if i < SPACE_AT => Action::Card((i - CARD_AT) as CardNo),
            _ if i < RECRUIT_AT => Action::Space((i - SPACE_AT) as Space),
            _ if i < STEP_AT => Action::Recruit((i - RECRUIT_AT) as Space),
            _ if i < COMMIT_AT => Action::Step { unit: ((i - STEP_AT) / 6) as u8, dir: ((i - STEP_AT) % 6) as u8 },
            _ if i < LEVEL_AT => Action::Commit((i - COMMIT_AT) as u8),
            _ if i < TARGET_AT => Action::Level((i - LEVEL_AT + 1) as u8),
            _ if i < BRANCH_AT => Action::Target(Token::from_index(i - TARGET_AT)?),
            _ if i < FLIP_AT => Action::Branch((i - BRANCH_AT) as u8),
            FLIP_AT => Action::FlipGoal,
            NOTHING_AT => Action::Nothing,
            _ if i < DONE_AT => Action::Marker(i - MARKER_AT == 1),
            DONE_AT => Action::Done,
            _ if i < PASS_AT => Action::Raise(RAISES[i - RAISE_AT]),
            PASS_AT => Action::Pass,
            _ if i < CODES => Action::Hide((i - HIDE_AT) as u8),
            _ => return None,
        })
    }
}

impl Action {
    /// Whether the action is a kind of pass (leave a space empty, decline a marker, end a turn).
    pub fn is_pass(self) -> bool {
        matches!(self, Action::Nothing | Action::Marker(false) | Action::Done | Action::Pass)
    }
}
