//! Pyramids: three sizes, three of each per player (WW5-COMP-1).

use std::fmt;

use serde::{Deserialize, Serialize};
use worlds_engine::Player;

/// A pyramid's size; it rolls as many dice as it has pips (WW5-COMP-2).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Size {
    Small,
    Medium,
    Large,
}

impl Size {
    pub const ALL: [Size; 3] = [Size::Small, Size::Medium, Size::Large];

    /// Each player owns this many pyramids of each size (WW5-COMP-1).
    pub const PER_PLAYER: u8 = 3;

    pub const fn index(self) -> usize {
        self as usize
    }

    /// Pips, which is also the number of dice it rolls.
    pub const fn pips(self) -> u8 {
        self as u8 + 1
    }

    pub const fn larger(self) -> Option<Size> {
        match self {
            Size::Small => Some(Size::Medium),
            Size::Medium => Some(Size::Large),
            Size::Large => None,
        }
    }

    pub const fn smaller(self) -> Option<Size> {
        match self {
            Size::Small => None,
            Size::Medium => Some(Size::Small),
            Size::Large => Some(Size::Medium),
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Size::Small => "small",
            Size::Medium => "medium",
            Size::Large => "large",
        }
    }

    /// A picture of the size for terminals: one triangle per pip.
    pub const fn glyph(self) -> &'static str {
        match self {
            Size::Small => "▲",
            Size::Medium => "▲▲",
            Size::Large => "▲▲▲",
        }
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A pyramid on the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Piece {
    pub player: Player,
    pub size: Size,
}

/// How many pyramids of each size a player has off the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Stash(pub [u8; 3]);

impl Stash {
    pub fn count(self, size: Size) -> u8 {
        self.0[size.index()]
    }

    pub fn has(self, size: Size) -> bool {
        self.count(size) > 0
    }
}
