//! The rulebook's nouns: gamer types, kinds of dungeon, timings of Effect cards, die faces, rows.

use std::fmt;

use serde::{Deserialize, Serialize};

/// WOD-COMP-5: the six gamer types.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GamerType {
    Casual,
    Hardcore,
    Leader,
    Roleplayer,
    Noob,
    Troll,
}

impl GamerType {
    pub const ALL: [GamerType; 6] = [
        GamerType::Casual,
        GamerType::Hardcore,
        GamerType::Leader,
        GamerType::Roleplayer,
        GamerType::Noob,
        GamerType::Troll,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The word (as in notation and content files), the name (capitalised, as printed), the plural
    /// (as in rules text, "your Casuals") and the one-letter mark of a requirement ("L+H").
    const WORDS: [(&'static str, &'static str, &'static str, char); 6] = [
        ("casual", "Casual", "Casuals", 'C'),
        ("hardcore", "Hardcore", "Hardcores", 'H'),
        ("leader", "Leader", "Leaders", 'L'),
        ("roleplayer", "Roleplayer", "Roleplayers", 'R'),
        ("noob", "Noob", "Noobs", 'N'),
        ("troll", "Troll", "Trolls", 'T'),
    ];

    pub fn word(self) -> &'static str {
        GamerType::WORDS[self.index()].0
    }

    pub fn name(self) -> &'static str {
        GamerType::WORDS[self.index()].1
    }

    pub fn plural(self) -> &'static str {
        GamerType::WORDS[self.index()].2
    }

    pub fn letter(self) -> char {
        GamerType::WORDS[self.index()].3
    }

    pub fn parse(word: &str) -> Option<GamerType> {
        GamerType::ALL.into_iter().find(|t| t.word() == word || t.name() == word)
    }
}

impl fmt::Display for GamerType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of gamer types (a requirement, WOD-COMP-6), as bits of [`GamerType::bit`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Types(pub u8);

impl Types {
    pub fn has(self, t: GamerType) -> bool {
        self.0 & t.bit() != 0
    }

    pub fn iter(self) -> impl Iterator<Item = GamerType> {
        GamerType::ALL.into_iter().filter(move |t| self.has(*t))
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// `*` for no requirement, else the letters joined by `+`.
    pub fn letters(self) -> String {
        if self.is_empty() {
            return "*".into();
        }
        self.iter().map(|t| t.letter().to_string()).collect::<Vec<_>>().join("+")
    }

    /// A requirement in words: "nothing", "a Leader", "a Leader and a Hardcore".
    pub fn words(self) -> String {
        if self.is_empty() {
            return "nothing".into();
        }
        worlds_engine::text::and_list(&self.iter().map(|t| format!("a {}", t.name())).collect::<Vec<_>>())
    }
}

/// WOD-COMP-6: the two kinds of dungeon.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Farm,
    Boss,
}

impl Kind {
    pub fn bit(self) -> u8 {
        1 << self as u8
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Farm => "Farm",
            Kind::Boss => "Boss",
        }
    }
}

/// WOD-EFFECT-2: when an Effect card may be played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Timing {
    Any,
    Raid,
    Roll,
    Recruit,
    Effect,
    Claim,
}

impl Timing {
    /// The word (as in content files), the word an Effect card's text starts with (WOD-EFFECT-2)
    /// and when it may be played, in words.
    const WORDS: [(&'static str, &'static str, &'static str); 6] = [
        ("any", "Any time", "at any time"),
        ("raid", "Raid", "during a raid, before its last roll is settled"),
        ("roll", "Roll", "while a die roll waits"),
        ("recruit", "Recruit", "while a recruit waits"),
        ("effect", "Effect", "while another Effect card waits"),
        ("claim", "Claim", "while a claim waits"),
    ];

    pub fn word(self) -> &'static str {
        Timing::WORDS[self as usize].0
    }

    /// The timing word an Effect card's text starts with (WOD-EFFECT-2).
    pub fn title(self) -> &'static str {
        Timing::WORDS[self as usize].1
    }

    pub fn when(self) -> &'static str {
        Timing::WORDS[self as usize].2
    }
}

/// WOD-COMP-8: a face of the raid die: the skull or a modifier.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Face {
    Skull,
    Number(i8),
}

impl Face {
    pub fn parse(s: &str) -> Option<Face> {
        let s = s.trim();
        if s == "skull" {
            return Some(Face::Skull);
        }
        let n: i8 = s.strip_prefix('+').unwrap_or(s).replace('−', "-").parse().ok()?;
        (-9..=9).contains(&n).then_some(Face::Number(n))
    }
}

impl Face {
    /// A party's experience and a face rolled, added up: "3 - 1 = 2", "3 + 0 = 3".
    pub fn sum(xp: i32, n: i8) -> String {
        format!("{xp} {} {} = {}", if n < 0 { '-' } else { '+' }, n.unsigned_abs(), xp + i32::from(n))
    }
}

impl TryFrom<String> for Face {
    type Error = String;
    fn try_from(s: String) -> Result<Face, String> {
        Face::parse(&s).ok_or_else(|| format!("`{s}` is not a die face: `skull` or a number from -9 to +9"))
    }
}

impl From<Face> for String {
    fn from(f: Face) -> String {
        f.to_string()
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Face::Skull => f.write_str("skull"),
            Face::Number(n) if *n > 0 => write!(f, "+{n}"),
            Face::Number(n) => write!(f, "{n}"),
        }
    }
}

/// The two rows of face-up cards that fill from a deck.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Row {
    Dungeon,
    Forum,
}

impl Row {
    pub fn name(self) -> &'static str {
        match self {
            Row::Dungeon => "Dungeon",
            Row::Forum => "Forum",
        }
    }
}
