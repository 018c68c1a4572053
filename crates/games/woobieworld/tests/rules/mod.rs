//! Woobieworld, rule by rule, in the families of the rulebook (`docs/rules/woobieworld.md`). Each
//! test names the rule ID it checks:
//! - `setup`: the deal, the homes and secret hands;
//! - `turn`: a turn's phases (support, industry, draw);
//! - `play`: playing a card and resolving it;
//! - `supply`: the pile, where support may stand, colours and neighbouring;
//! - `end`: the end of the game and the scores.
#![allow(clippy::unwrap_used)]

mod end;
mod play;
mod setup;
mod supply;
mod turn;
