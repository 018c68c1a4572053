//! Positions from outside: the plain `Setup` and the checked way into a state.

use serde::{Deserialize, Serialize};
use worlds_engine::flow::Stack;
use worlds_engine::{Player, StateError};

use crate::content::Content;
use crate::state::{State, Step};

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    pub stones: u8,
    pub to_move: Player,
}

impl From<&State> for Setup {
    fn from(s: &State) -> Setup {
        Setup { stones: s.stones, to_move: s.to_move }
    }
}

pub fn from_setup(c: &Content, j: Setup) -> Result<State, StateError> {
    if j.to_move.index() >= 2 {
        return Err(StateError::invalid("to_move", "Nim has two seats, 0 and 1"));
    }
    if j.stones > c.stones {
        return Err(StateError::invalid("stones", format!("the pile started with {}", c.stones)));
    }
    // No stone left: the game is over, won by the last taker (the player not to move).
    let stack = if j.stones == 0 { Stack::new() } else { Stack::with(Step::Take) };
    Ok(State { stones: j.stones, to_move: j.to_move, stack })
}
