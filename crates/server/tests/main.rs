//! The server's tests: every one runs against SQLite, and against PostgreSQL too when
//! `WORLDS_TEST_POSTGRES` names a server (`.ci/run` starts a throwaway one).
#![allow(clippy::unwrap_used)]

mod support;

mod clocks;
mod docs;
mod leak;
mod limits;
mod matches;
mod reconnect;
mod security;
mod store;
mod web;
