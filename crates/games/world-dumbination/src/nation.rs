//! The five nations (WD-COMP-5): their fixed order, colours and letters.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A nation of the board. The order is the data order (USA first), not the round-1 player order
/// (WD-SETUP-7), which the nations file gives.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Nation {
    Usa,
    Russia,
    NorthKorea,
    Venezuela,
    Turkey,
}

impl Nation {
    pub const ALL: [Nation; 5] = [Nation::Usa, Nation::Russia, Nation::NorthKorea, Nation::Venezuela, Nation::Turkey];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Option<Nation> {
        Nation::ALL.get(i).copied()
    }

    /// The id used in notation and data: `usa`, `russia`, `north-korea`, `venezuela`, `turkey`.
    pub const fn id(self) -> &'static str {
        match self {
            Nation::Usa => "usa",
            Nation::Russia => "russia",
            Nation::NorthKorea => "north-korea",
            Nation::Venezuela => "venezuela",
            Nation::Turkey => "turkey",
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Nation::Usa => "USA",
            Nation::Russia => "Russia",
            Nation::NorthKorea => "North Korea",
            Nation::Venezuela => "Venezuela",
            Nation::Turkey => "Turkey",
        }
    }

    /// The map letter (capital on the board: units or a Base there; small: a marker only).
    pub const fn letter(self) -> char {
        match self {
            Nation::Usa => 'U',
            Nation::Russia => 'R',
            Nation::NorthKorea => 'N',
            Nation::Venezuela => 'V',
            Nation::Turkey => 'T',
        }
    }

    /// WD-COMP-5: the nation's colour.
    pub const fn colour(self) -> &'static str {
        match self {
            Nation::Usa => "blue",
            Nation::Russia => "red",
            Nation::NorthKorea => "purple",
            Nation::Venezuela => "yellow",
            Nation::Turkey => "green",
        }
    }

    /// The drawing colour of its pieces, in the terminal and the browser (purple is magenta).
    pub const fn ink(self) -> worlds_engine::paint::Colour {
        use worlds_engine::paint::Colour;
        match self {
            Nation::Usa => Colour::Blue,
            Nation::Russia => Colour::Red,
            Nation::NorthKorea => Colour::Magenta,
            Nation::Venezuela => Colour::Yellow,
            Nation::Turkey => Colour::Green,
        }
    }
}

impl fmt::Display for Nation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Nation {
    type Err = String;
    fn from_str(s: &str) -> Result<Nation, String> {
        let key: String =
            s.trim().to_ascii_lowercase().chars().map(|c| if c == ' ' || c == '_' { '-' } else { c }).collect();
        Nation::ALL
            .into_iter()
            .find(|n| n.id() == key || n.name().to_ascii_lowercase() == key.replace('-', " "))
            .ok_or_else(|| format!("no nation `{s}`; the nations are usa, russia, north-korea, venezuela, turkey"))
    }
}

impl Serialize for Nation {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Nation {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Nation, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
