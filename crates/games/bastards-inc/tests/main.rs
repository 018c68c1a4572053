//! The integration tests of this crate, in one test binary (one link instead of one per file);
//! run one module with `cargo test -p worlds-bastards-inc --test main MODULE::`.
#![allow(clippy::unwrap_used)]

mod cards;
mod common;
mod conformance;
mod content;
mod docs;
mod golden;
mod layout;
mod mutations;
mod properties;
mod rules;
mod scene;
mod view;
