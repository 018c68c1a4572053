//! The integration tests of this crate, in one test binary (one link instead of one per file:
//! a first `cargo test --workspace` builds far fewer binaries). Each file is a module;
//! run one with `cargo test -p CRATE --test main MODULE::`.

mod cli;
mod common;
mod faults;
mod hostile;
mod play;
mod protocol;
mod server;
mod serving;
