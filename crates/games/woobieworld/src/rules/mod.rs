//! The rules of play: the turn on the flow kit, why actions are refused, what is in force now,
//! and what cards do and ask.

pub mod effects;
pub mod explain;
pub mod flow;
pub mod in_force;
pub mod question;
