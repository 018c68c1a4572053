//! The rules of play: the turn on the flow kit, why actions are refused, and combat.

pub mod combat;
pub mod explain;
pub mod flow;
