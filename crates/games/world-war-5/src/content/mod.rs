//! Everything fixed before the first move: the board with its drawing (content data) and the
//! options.

use std::sync::Arc;

use serde::Deserialize;
use worlds_engine::{Config, ConfigError};

pub mod board;
pub mod drawing;

use crate::board::{BOARD_FILE, Board};
use crate::territory::Continent;

/// The default turn cap (WW5-END-1).
pub const DEFAULT_TURN_CAP: u32 = 500;

/// Options of `Config::options`.
#[derive(Clone, PartialEq, Eq, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// WW5-END-1: the game is drawn after this many turns (default 500).
    #[serde(default)]
    pub turn_cap: Option<u32>,
    /// WW5-SETUP-3: assign home continents by seat instead of choosing them.
    #[serde(default)]
    pub homes: Option<Vec<Continent>>,
}

/// The board and the options of one game, shared by every state.
#[derive(Clone, Debug)]
pub struct Content {
    pub(crate) board: Arc<Board>,
    pub(crate) turn_cap: u32,
    pub(crate) homes: Option<Vec<Continent>>,
}

impl Content {
    /// Reads the board (built in, or `board.toml` from the config) and the options.
    ///
    /// # Errors
    /// A bad board file, an unknown content file, or a bad option.
    pub fn new(config: &Config, variant: &str) -> Result<Content, ConfigError> {
        let options: Options = config.parse_options()?;
        let board = match config.content.get(BOARD_FILE) {
            Some(text) => Arc::new(Board::parse(text, BOARD_FILE, variant)?),
            None => Board::built_in_shared(variant)?,
        };
        if let Some(unknown) = config.content.keys().find(|k| *k != BOARD_FILE) {
            return Err(ConfigError::Content {
                file: unknown.clone(),
                line: None,
                reason: format!("World War 5 reads only {BOARD_FILE}"),
            });
        }
        let turn_cap = options.turn_cap.unwrap_or(DEFAULT_TURN_CAP);
        if turn_cap == 0 {
            return Err(ConfigError::Option { field: "turn_cap".into(), reason: "must be at least 1".into() });
        }
        if let Some(homes) = &options.homes {
            if homes.len() != config.players {
                return Err(ConfigError::Option {
                    field: "homes".into(),
                    reason: format!("{} homes given for {} players", homes.len(), config.players),
                });
            }
            if let Some(c) = homes.iter().enumerate().find_map(|(i, c)| homes[..i].contains(c).then_some(c)) {
                return Err(ConfigError::Option {
                    field: "homes".into(),
                    reason: format!("{} is given twice", c.name()),
                });
            }
        }
        Ok(Content { board, turn_cap, homes: options.homes })
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn turn_cap(&self) -> u32 {
        self.turn_cap
    }
}
