//! Positions from outside: the plain `Setup` checked into a state, and what play can reach.

pub mod reach;
pub mod validate;
