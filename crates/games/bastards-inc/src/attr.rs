//! The rulebook's small vocabularies: a company's four attributes (BI-PLAN-1), the three sections
//! of the Media circus (BI-CIRCUS-1), and how a VP entered its region (BI-REGION-3).

use std::fmt;

use serde::{Deserialize, Serialize};

/// An attribute of a Business Plan, 0–6 (BI-PLAN-1).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Attr {
    Corruption,
    Crime,
    Media,
    Technology,
}

impl Attr {
    pub const ALL: [Attr; 4] = [Attr::Corruption, Attr::Crime, Attr::Media, Attr::Technology];

    /// Each attribute's word in notation and data, its name, and its three letters for narrow
    /// tables, in order.
    const WORDS: [[&'static str; 3]; 4] = [
        ["corruption", "Corruption", "Cor"],
        ["crime", "Crime", "Cri"],
        ["media", "Media", "Med"],
        ["technology", "Technology", "Tec"],
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The word used in notation and data: `corruption`, `crime`, `media`, `technology`.
    pub const fn id(self) -> &'static str {
        Attr::WORDS[self.index()][0]
    }

    pub const fn name(self) -> &'static str {
        Attr::WORDS[self.index()][1]
    }

    /// Three letters for narrow tables.
    pub const fn short(self) -> &'static str {
        Attr::WORDS[self.index()][2]
    }

    /// Reads `corruption`, `crime`, `media`, `technology` (or `tech`).
    pub fn parse(word: &str) -> Option<Attr> {
        match word {
            "tech" => Some(Attr::Technology),
            w => Attr::ALL.into_iter().find(|a| a.id() == w),
        }
    }
}

impl fmt::Display for Attr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A section of the Media circus: which illegal acts its journalists can expose (BI-JOURN-2).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Section {
    World,
    Politics,
    Business,
}

impl Section {
    pub const ALL: [Section; 3] = [Section::World, Section::Politics, Section::Business];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// Each section's word in data and its name, in order.
    const WORDS: [[&'static str; 2]; 3] = [["world", "World"], ["politics", "Politics"], ["business", "Business"]];

    pub const fn id(self) -> &'static str {
        Section::WORDS[self.index()][0]
    }

    pub const fn name(self) -> &'static str {
        Section::WORDS[self.index()][1]
    }
}

/// How a VP entered its region (BI-PLACE-4, BI-NOBEL-2, BI-REGION-3): the attribute declared, or
/// the Peace Nobel Prize (nothing declared).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Entry {
    Corruption,
    Crime,
    Prize,
}

impl Entry {
    pub const ALL: [Entry; 3] = [Entry::Corruption, Entry::Crime, Entry::Prize];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The attribute declared, if any.
    pub const fn attr(self) -> Option<Attr> {
        match self {
            Entry::Corruption => Some(Attr::Corruption),
            Entry::Crime => Some(Attr::Crime),
            Entry::Prize => None,
        }
    }

    pub const fn id(self) -> &'static str {
        match self {
            Entry::Corruption => "corruption",
            Entry::Crime => "crime",
            Entry::Prize => "prize",
        }
    }
}
