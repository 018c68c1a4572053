//! A test per rule, named after its ID, grouped by the spec's sections.

mod battle;
mod business;
mod deals;
mod draw;
mod end;
mod journalism;
mod place;
mod positions;
mod setup;
mod war;
