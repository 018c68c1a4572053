//! The state: the pile, whose turn it is, and the stack of pending steps (one step in Nim: the
//! turn; a richer game pushes more, e.g. a retreat or a card being resolved).

use serde::{Deserialize, Serialize};
use worlds_engine::Player;
use worlds_engine::flow::Stack;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Step {
    Take,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct State {
    pub(crate) stones: u8,
    pub(crate) to_move: Player,
    /// Empty once the last stone is taken.
    pub(crate) stack: Stack<Step, 1>,
}
