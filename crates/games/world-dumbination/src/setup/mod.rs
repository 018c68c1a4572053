//! Positions from outside: the plain `Setup` checked into a state, every component's conservation,
//! and what play can reach.

pub mod conservation;
pub mod reachable;
pub mod validate;
