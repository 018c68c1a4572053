//! The rules of play: the turn on the flow kit, the legal actions, why others are refused, the
//! raid, the values in force and what Effect cards do.

pub mod ctx;
pub mod effects;
pub mod explain;
pub mod flow;
pub mod legal;
pub mod raid;
pub mod values;
