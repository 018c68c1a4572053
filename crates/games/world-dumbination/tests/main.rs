//! The integration tests of this crate, in one test binary (one link instead of one per file);
//! run one module with `cargo test -p worlds-world-dumbination --test main MODULE::`.
#![allow(clippy::unwrap_used)]

mod board;
mod cards;
mod common;
mod conformance;
mod docs;
mod each_card;
mod golden;
mod layout;
mod mutations;
mod properties;
mod rules;
mod view;
