//! The rules of play: the phases of a game turn on the flow kit, the legal actions, why others are
//! refused, each phase's and act's rules, what cards and events do, and the end.

pub mod act;
pub mod aim;
pub mod business;
pub mod ctx;
pub mod deal;
pub mod draw;
pub mod effects;
pub mod explain;
pub mod flow;
pub mod legal;
pub mod place;
pub mod round;
pub mod score;
pub mod war;
