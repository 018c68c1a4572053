//! Everything fixed before the first move: here only an option, the size of the pile. (A game
//! with content files parses and checks them here: board, map, cards.)

use serde::Deserialize;
use worlds_engine::{Config, ConfigError};

#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Options {
    stones: Option<u8>,
}

#[derive(Clone, Copy, Debug)]
pub struct Content {
    pub stones: u8,
}

impl Content {
    pub fn new(config: &Config) -> Result<Content, ConfigError> {
        let stones = config.parse_options::<Options>()?.stones.unwrap_or(21);
        if stones == 0 {
            return Err(ConfigError::Option { field: "stones".into(), reason: "a pile has at least one stone".into() });
        }
        Ok(Content { stones })
    }
}
