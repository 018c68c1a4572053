//! A test per rule, named after its ID, grouped by the spec's sections.

mod battle;
mod business;
mod draw;
mod place;
mod setup;
