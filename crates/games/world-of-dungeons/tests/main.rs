//! The integration tests of this crate, in one test binary; run one module with
//! `cargo test -p worlds-world-of-dungeons --test main MODULE::`.

mod conformance;
mod content;
