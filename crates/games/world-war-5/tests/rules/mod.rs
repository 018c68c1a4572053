//! World War 5, rule by rule, one file a family of the spec's rules. Each test names the rule ID it
//! checks; positions are set up as (territory, seat, size) and loaded through the same validation
//! as a saved game.
#![allow(clippy::unwrap_used)]

mod actions;
mod combat;
mod ending;
mod positions;
mod setup;

/// Both homes full: P1 Europe, P2 Asia.
const EU_AS: &[(&str, usize, &str)] = &[
    ("eu-north", 0, "small"),
    ("eu-west", 0, "medium"),
    ("eu-south", 0, "large"),
    ("as-north", 1, "small"),
    ("as-southwest", 1, "medium"),
    ("as-southeast", 1, "large"),
];
