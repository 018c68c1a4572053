//! Sets of cards and of spaces, as bits; in JSON, lists of numbers. Sets of seats (the engine's
//! `PlayerSet`) in JSON as bit masks.

use crate::board::SPACES;

/// A set of cards by number (0–150); in JSON a list of numbers.
pub type CardSet = worlds_engine::cards::CardSet<3>;

/// A set of spaces (0–252), as the kit's bits; in JSON a list of space indices ([`space_list`]).
pub type SpaceSet = worlds_engine::cards::CardSet<4>;

/// A space read from JSON: on the board, and not `listed` already.
pub fn read_space<E: serde::de::Error>(i: usize, listed: bool) -> Result<usize, E> {
    if i >= SPACES {
        return Err(E::custom(format!("space {i} does not exist; spaces are 0–252")));
    }
    if listed {
        return Err(E::custom(format!("space {i} is listed twice")));
    }
    Ok(i)
}

/// A set of spaces in JSON: the list of its spaces, each on the board once.
pub mod space_list {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{SpaceSet, read_space};

    pub fn serialize<S: Serializer>(set: &SpaceSet, s: S) -> Result<S::Ok, S::Error> {
        set.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<SpaceSet, D::Error> {
        let mut set = SpaceSet::EMPTY;
        for id in Vec::<u16>::deserialize(d)? {
            let s = read_space(usize::from(id), usize::from(id) < SpaceSet::CAPACITY && set.contains(id as u8))?;
            set.insert(s as u8);
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
