//! # Woobieworld
//!
//! The rules of Woobieworld (`../shared/specs/woobieworld.md`) on the Worlds engine contract: an
//! island of support and industries, a deck of card effects written in a small effect vocabulary
//! (content data, with generated rules text), hidden hands, environments that change the rules,
//! and the cycles variant's simultaneous face-down choice.
#![forbid(unsafe_code)]

mod action;
mod area;
mod card;
mod content;
mod effect;
mod event;
mod interpret;
mod map;
mod rules;
mod state;
mod validate;
mod view;

pub use action::{Action, FORMS as NOTATION_FORMS};
pub use area::{Area, Colour, INDUSTRIES_PER_COLOUR, Support};
pub use card::{BUILT_IN_CARDS, CARDS_FILE, Card, CardId, CardType, parse_cards};
pub use content::Content;
pub use effect::{
    AreaFilter, Chooser, Condition, Count, Homes, NamedCount, Op, Per, Pieces, Place, PlayerFilter, Rule, Step,
};
pub use event::Event;
pub use map::{AreaInfo, BUILT_IN_MAP, MAP_FILE, Map, Terrain};
pub use rules::{DEFAULT_TURN_CAP, HAND, Options, Woobieworld};
pub use state::{Cycle, InPlay, Origin, Phase, Resolution, State, Task};
pub use view::{AreaView, Choice, Observation, SeatView};
