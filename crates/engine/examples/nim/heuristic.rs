//! The bots' estimate: a pile that is a multiple of four loses for the player to move.

use worlds_engine::Player;

use crate::flow;
use crate::state::State;

pub fn evaluate(s: &State, p: Player) -> f64 {
    if let Some(o) = flow::outcome(s) {
        return o.returns[p];
    }
    let mover_wins = !s.stones.is_multiple_of(4);
    if mover_wins == (s.to_move == p) { 0.9 } else { 0.1 }
}
