//! Positions from outside: the plain `Setup` checked into a state.

pub mod validate;
