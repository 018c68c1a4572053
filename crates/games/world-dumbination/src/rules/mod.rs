//! The rules of play: the seven phases on the flow kit, the legal actions, why others are refused,
//! each phase's rules, what cards do, the conditions and the end.

pub mod act;
pub mod buy;
pub mod ctx;
pub mod dumb;
pub mod effects;
pub mod explain;
pub mod flow;
pub mod legal;
pub mod military;
pub mod need;
pub mod place;
pub mod score;
