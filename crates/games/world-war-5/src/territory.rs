//! The six continents and their eighteen territories (ids fixed by the spec).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A continent: a nation-state, and a possible home.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Continent {
    NorthAmerica,
    SouthAmerica,
    Europe,
    Africa,
    Asia,
    Australia,
}

impl Continent {
    pub const ALL: [Continent; 6] = [
        Continent::NorthAmerica,
        Continent::SouthAmerica,
        Continent::Europe,
        Continent::Africa,
        Continent::Asia,
        Continent::Australia,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Option<Continent> {
        Continent::ALL.get(i).copied()
    }

    /// The id used in notation and data: `na`, `sa`, `eu`, `af`, `as`, `au`.
    pub const fn id(self) -> &'static str {
        match self {
            Continent::NorthAmerica => "na",
            Continent::SouthAmerica => "sa",
            Continent::Europe => "eu",
            Continent::Africa => "af",
            Continent::Asia => "as",
            Continent::Australia => "au",
        }
    }

    /// The English name (used when the board file gives none).
    pub const fn name(self) -> &'static str {
        match self {
            Continent::NorthAmerica => "North America",
            Continent::SouthAmerica => "South America",
            Continent::Europe => "Europe",
            Continent::Africa => "Africa",
            Continent::Asia => "Asia",
            Continent::Australia => "Australia",
        }
    }

    /// Its three territories.
    pub fn territories(self) -> [Territory; 3] {
        let base = self.index() * 3;
        [Territory::ALL[base], Territory::ALL[base + 1], Territory::ALL[base + 2]]
    }

    /// Its three territories as a bit mask.
    pub const fn mask(self) -> u32 {
        0b111 << (self.index() * 3)
    }
}

impl fmt::Display for Continent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Continent {
    type Err = String;

    /// Reads an id (`eu`) or an English name (`europe`, `north america`, `north-america`).
    fn from_str(s: &str) -> Result<Continent, String> {
        let key: String = s.trim().to_ascii_lowercase().chars().filter(|c| c.is_ascii_alphanumeric()).collect();
        Continent::ALL
            .into_iter()
            .find(|c| {
                c.id() == key
                    || c.name().to_ascii_lowercase().chars().filter(|c| c.is_ascii_alphanumeric()).eq(key.chars())
            })
            .ok_or_else(|| format!("`{}` is not a continent; continents are na, sa, eu, af, as, au", s.trim()))
    }
}

impl Serialize for Continent {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl Continent {
    /// The continent with exactly this id (`eu`), as data spells it; notation is more forgiving
    /// ([`FromStr`]).
    pub fn from_id(id: &str) -> Option<Continent> {
        Continent::ALL.into_iter().find(|c| c.id() == id)
    }
}

/// Data names each continent once, by its id: `"Europe"` or `"EU"` is refused, not read as `eu`.
impl<'de> Deserialize<'de> for Continent {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Continent, D::Error> {
        let s = String::deserialize(d)?;
        Continent::from_id(&s).ok_or_else(|| {
            let hint = s.parse::<Continent>().map_or(String::new(), |c| format!("; write `{c}`"));
            serde::de::Error::custom(format!("`{s}` is not a continent id (na, sa, eu, af, as, au){hint}"))
        })
    }
}

/// One of the eighteen territories; a territory holds at most one piece (WW5-BOARD-1).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Territory(u8);

const IDS: [&str; 18] = [
    "na-north",
    "na-southwest",
    "na-southeast",
    "sa-north",
    "sa-east",
    "sa-south",
    "eu-north",
    "eu-west",
    "eu-south",
    "af-northwest",
    "af-northeast",
    "af-south",
    "as-north",
    "as-southwest",
    "as-southeast",
    "au-north",
    "au-southwest",
    "au-southeast",
];

impl Territory {
    pub const COUNT: usize = 18;
    /// Every territory, continent by continent.
    pub const ALL: [Territory; 18] = {
        let mut all = [Territory(0); 18];
        let mut i = 0;
        while i < 18 {
            all[i] = Territory(i as u8);
            i += 1;
        }
        all
    };
    /// A mask with every territory.
    pub const ALL_MASK: u32 = (1 << 18) - 1;

    pub fn from_index(i: usize) -> Option<Territory> {
        (i < Territory::COUNT).then_some(Territory(i as u8))
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn bit(self) -> u32 {
        1 << self.0
    }

    /// The id used in notation and data, e.g. `eu-south`.
    pub const fn id(self) -> &'static str {
        IDS[self.0 as usize]
    }

    pub const fn continent(self) -> Continent {
        match self.0 / 3 {
            0 => Continent::NorthAmerica,
            1 => Continent::SouthAmerica,
            2 => Continent::Europe,
            3 => Continent::Africa,
            4 => Continent::Asia,
            _ => Continent::Australia,
        }
    }

    /// The territories of a mask, in board order.
    pub fn in_mask(mask: u32) -> impl Iterator<Item = Territory> + Clone {
        worlds_engine::bits::ones(mask & Territory::ALL_MASK).map(|i| Territory(i as u8))
    }
}

impl fmt::Display for Territory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The edit distance between two short strings, for "did you mean" hints.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

impl FromStr for Territory {
    type Err = String;

    /// Reads an id such as `eu-south` (case and `_`/space for `-` forgiven).
    fn from_str(s: &str) -> Result<Territory, String> {
        let key = s.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        if let Some(i) = IDS.iter().position(|id| *id == key) {
            return Ok(Territory(i as u8));
        }
        let closest = IDS.iter().min_by_key(|id| distance(id, &key)).filter(|id| distance(id, &key) <= 3);
        Err(match closest {
            Some(id) => format!("`{}` is not a territory; did you mean {id}?", s.trim()),
            None => format!(
                "`{}` is not a territory; territories are a continent (na, sa, eu, af, as, au) and a direction, e.g. eu-south",
                s.trim()
            ),
        })
    }
}

impl Serialize for Territory {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl Territory {
    /// The territory with exactly this id (`eu-north`), as data spells it; notation is more
    /// forgiving ([`FromStr`]).
    pub fn from_id(id: &str) -> Option<Territory> {
        IDS.iter().position(|k| *k == id).map(|i| Territory(i as u8))
    }
}

/// Data names each territory once, by its id: `"EU-North"` is refused, not read as `eu-north`
/// (two spellings of one territory let a position hold two pieces there).
impl<'de> Deserialize<'de> for Territory {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Territory, D::Error> {
        let s = String::deserialize(d)?;
        Territory::from_id(&s).ok_or_else(|| serde::de::Error::custom(not_an_id(&s)))
    }
}

/// Why `s` is not a territory id, with the id it probably means.
pub(crate) fn not_an_id(s: &str) -> String {
    match s.parse::<Territory>() {
        Ok(t) => format!("`{s}` is not a territory id; write `{t}`"),
        Err(e) => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_territory_belongs_to_the_continent_of_its_id() {
        for t in Territory::ALL {
            assert!(t.id().starts_with(t.continent().id()), "{t}");
            assert_eq!(t.id().parse::<Territory>(), Ok(t));
            assert!(t.continent().territories().contains(&t));
            assert_ne!(t.continent().mask() & t.bit(), 0);
        }
    }

    #[test]
    fn names_are_read_forgivingly() {
        assert_eq!("EU_South".parse::<Territory>().map(|t| t.id()), Ok("eu-south"));
        assert_eq!("europe".parse::<Continent>(), Ok(Continent::Europe));
        assert_eq!("North America".parse::<Continent>(), Ok(Continent::NorthAmerica));
        assert_eq!("eu-sout".parse::<Territory>(), Err("`eu-sout` is not a territory; did you mean eu-south?".into()));
        assert!("mars".parse::<Continent>().is_err());
    }
}
