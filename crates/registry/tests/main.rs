//! The integration tests of this crate, in one test binary (one link instead of one per file:
//! a first `cargo test --workspace` builds far fewer binaries). Each file is a module;
//! run one with `cargo test -p CRATE --test main MODULE::`.

mod allocation;
mod layout;
mod leaks;
mod position;
mod protocol;
mod rule_ids;
mod session;
