//! The integration tests of this crate, in one test binary (one link instead of one per file);
//! run one module with `cargo test -p worlds-world-of-dungeons --test main MODULE::`.

mod cards;
mod common;
mod conformance;
mod content;
mod docs;
mod golden;
mod layout;
mod properties;
mod raids;
mod responses;
mod rules;
mod rulings;
mod table;
mod view;
