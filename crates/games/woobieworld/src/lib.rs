//! # Woobieworld
#![forbid(unsafe_code)]

mod area;
mod card;
mod effect;
mod map;

pub use area::{Area, Colour, INDUSTRIES_PER_COLOUR, Support};
pub use card::{BUILT_IN_CARDS, CARDS_FILE, Card, CardId, CardType, parse_cards};
pub use effect::{
    AreaFilter, Chooser, Condition, Count, Homes, NamedCount, Op, Per, Pieces, Place, PlayerFilter, Rule, Step,
};
pub use map::{AreaInfo, BUILT_IN_MAP, MAP_FILE, Map, Terrain};
