//! Sets of cards and of spaces, as bits; in JSON, lists of numbers. Sets of seats (the engine's
//! `PlayerSet`) in JSON as bit masks.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::board::{SPACES, Space};

/// A set of cards by number (0–150); in JSON a list of numbers.
pub type CardSet = worlds_engine::cards::CardSet<3>;

/// A set of spaces (0–252); in JSON a list of space indices.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct SpaceSet(pub [u64; 4]);

impl SpaceSet {
    pub const EMPTY: SpaceSet = SpaceSet([0; 4]);

    pub fn contains(self, s: Space) -> bool {
        let s = usize::from(s);
        s < SPACES && self.0[s / 64] & (1 << (s % 64)) != 0
    }
    pub fn insert(&mut self, s: Space) {
        let s = usize::from(s);
        if s < SPACES {
            self.0[s / 64] |= 1 << (s % 64);
        }
    }
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }
    /// The spaces, lowest index first.
    pub fn iter(self) -> impl Iterator<Item = Space> + Clone {
        (0..4).flat_map(move |w| worlds_engine::bits::ones(self.0[w]).map(move |b| (w * 64 + b) as Space))
    }
}

impl Serialize for SpaceSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for SpaceSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SpaceSet, D::Error> {
        let ids: Vec<u16> = Vec::deserialize(d)?;
        let mut set = SpaceSet::EMPTY;
        for id in ids {
            let Some(s) = Space::try_from(id).ok().filter(|&s| usize::from(s) < SPACES) else {
                return Err(serde::de::Error::custom(format!("space {id} does not exist; spaces are 0–252")));
            };
            if set.contains(s) {
                return Err(serde::de::Error::custom(format!("space {id} is listed twice")));
            }
            set.insert(s);
        }
        Ok(set)
    }
}

/// A set of seats in JSON: its bit mask, a bit per seat.
pub mod seat_mask {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use worlds_engine::{MAX_PLAYERS, Player, PlayerSet};

    pub fn serialize<S: Serializer>(set: &PlayerSet, s: S) -> Result<S::Ok, S::Error> {
        set.iter().fold(0u8, |m, p| m | 1 << p.index()).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<PlayerSet, D::Error> {
        let bits = u8::deserialize(d)?;
        if bits >> MAX_PLAYERS != 0 {
            return Err(serde::de::Error::custom(format!("{bits} names a seat past the last, {}", MAX_PLAYERS - 1)));
        }
        Ok(Player::all(MAX_PLAYERS).filter(|p| bits & 1 << p.index() != 0).collect())
    }
}
