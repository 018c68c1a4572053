//! The secret simultaneous choice of phase 2 (WD-DEC-3): each player's cards for the card spaces,
//! First Goal flip and target, made step by step in the kit's `Secret` (the table's
//! `placements`), and the target tokens; `place.rs` says what each step allows.

use serde::{Deserialize, Serialize};

use crate::card::CardNo;
use crate::nation::Nation;

/// How far a player's secret choice of phase 2 has got (WD-DEC-3): `Finished` once it is made,
/// and for everyone outside phase 2.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Placing {
    #[default]
    Left,
    Right,
    Target,
    Confirm,
    Finished,
}

/// A player's secret choice of phase 2 (WD-DEC-3, WD-PLACE-2..5), made step by step: the cards
/// for the left and right card spaces (taken from the hand as they are chosen), the First Goal
/// flip and the target token. It is the kit's [`Secret`] in [`Table::placements`]; at the end of
/// phase 2 every choice is laid on the leaderboards face down (`place::lay`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    /// The step the player is at (never `Finished`: a made choice is no longer open).
    #[serde(default)]
    pub step: Placing,
    #[serde(default)]
    pub cards: [Option<CardNo>; 2],
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub flip: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Token>,
}

/// A target token (WD-PLACE-5): a nation, or Peace.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Token {
    Nation(Nation),
    Peace,
}

impl Token {
    /// Its code 0–5 (nations in data order, then Peace).
    pub fn index(self) -> usize {
        match self {
            Token::Nation(n) => n.index(),
            Token::Peace => 5,
        }
    }

    pub fn from_index(i: usize) -> Option<Token> {
        if i == 5 { Some(Token::Peace) } else { Nation::from_index(i).map(Token::Nation) }
    }

    pub fn name(self) -> &'static str {
        match self {
            Token::Nation(n) => n.name(),
            Token::Peace => "Peace",
        }
    }
}
