//! Areas, colours and kinds of support: the nouns of Woobieworld.

use std::fmt;

use serde::{Deserialize, Serialize};

/// An area of the map (land or body of water), by its index in the map file. At most 32. From
/// JSON an area is range-checked here and checked against the map by the game.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "u8")]
pub struct Area(pub(crate) u8);

impl TryFrom<u8> for Area {
    type Error = String;
    fn try_from(i: u8) -> Result<Area, String> {
        Area::from_index(usize::from(i)).ok_or_else(|| format!("area {i} does not exist; a map has at most 32"))
    }
}

impl Area {
    pub const MAX: usize = 32;

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn bit(self) -> u32 {
        1 << self.0
    }

    /// The area with this index, if below [`Area::MAX`] (whether the map has it is the map's
    /// business).
    pub fn from_index(i: usize) -> Option<Area> {
        (i < Area::MAX).then_some(Area(i as u8))
    }

    /// The areas of a mask, in map order.
    pub fn in_mask(mask: u32) -> impl Iterator<Item = Area> + Clone {
        worlds_engine::bits::ones(mask).map(|i| Area(i as u8))
    }
}

/// The four colours of support, industries and COLOUR ACTION cards.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Red,
    Yellow,
    Green,
    Blue,
}

impl Colour {
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Yellow, Colour::Green, Colour::Blue];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Yellow => "yellow",
            Colour::Green => "green",
            Colour::Blue => "blue",
        }
    }

    /// The rulebook's letter: R, Y, G, B.
    pub fn letter(self) -> char {
        self.support().letter()
    }

    pub fn support(self) -> Support {
        Support::ALL[self.index()]
    }

    pub fn paint(self) -> worlds_engine::paint::Colour {
        match self {
            Colour::Red => worlds_engine::paint::Colour::Red,
            Colour::Yellow => worlds_engine::paint::Colour::Yellow,
            Colour::Green => worlds_engine::paint::Colour::Green,
            Colour::Blue => worlds_engine::paint::Colour::Blue,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Colour {
    type Err = String;
    fn from_str(s: &str) -> Result<Colour, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "red" | "r" => Ok(Colour::Red),
            "yellow" | "y" => Ok(Colour::Yellow),
            "green" | "g" => Ok(Colour::Green),
            "blue" | "b" => Ok(Colour::Blue),
            other => Err(format!("`{other}` is not a colour; colours are red, yellow, green, blue")),
        }
    }
}

/// A kind of support: one of the four colours, or the Anarchs (WOOB-SUP-1).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Support {
    Red,
    Yellow,
    Green,
    Blue,
    Anarch,
}

impl Support {
    pub const ALL: [Support; 5] = [Support::Red, Support::Yellow, Support::Green, Support::Blue, Support::Anarch];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn colour(self) -> Option<Colour> {
        Colour::ALL.get(self.index()).copied()
    }

    /// The rulebook's letter: R, Y, G, B, A.
    pub fn letter(self) -> char {
        ['R', 'Y', 'G', 'B', 'A'][self.index()]
    }

    pub fn name(self) -> &'static str {
        match self {
            Support::Anarch => "anarch",
            s => s.colour().map_or("anarch", Colour::name),
        }
    }

    /// How many pieces of this kind the game has (WOOB-SUP-1): 25 of each colour, 15 Anarchs.
    pub fn total(self) -> u8 {
        if self == Support::Anarch { 15 } else { 25 }
    }
}

impl fmt::Display for Support {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Support {
    type Err = String;
    fn from_str(s: &str) -> Result<Support, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "anarch" | "anarchs" | "a" => Ok(Support::Anarch),
            other => other
                .parse::<Colour>()
                .map(Colour::support)
                .map_err(|_| format!("`{other}` is not a kind of support; they are red, yellow, green, blue, anarch")),
        }
    }
}

/// Industries of each colour in the game (WOOB-SUP-1).
pub const INDUSTRIES_PER_COLOUR: u8 = 3;
