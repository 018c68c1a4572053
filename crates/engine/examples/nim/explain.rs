//! Why an action is refused (only called for actions not in the legal list).

use worlds_engine::{Player, RuleError};

use crate::action::Take;
use crate::state::State;

pub fn explain(s: &State, _: Player, _: Take) -> RuleError {
    // The list offers 1 to 3, never more than are left: a refused take asked for too many.
    RuleError::illegal("NIM-TAKE", format!("only {} stones are left", s.stones))
}
