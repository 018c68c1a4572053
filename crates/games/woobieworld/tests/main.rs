//! The integration tests of this crate, in one test binary (one link instead of one per file:
//! a first `cargo test --workspace` builds far fewer binaries). Each file is a module;
//! run one with `cargo test -p CRATE --test main MODULE::`.

mod cards;
mod common;
mod conformance;
mod content;
mod content_errors;
mod cycles;
mod docs;
mod golden;
mod layout;
mod loading;
mod mutations;
mod properties;
mod rules;
mod scene;
mod view;
mod wording;
