//! What fixes a game before it starts: what a game is ([`GameInfo`]: its variants, player counts
//! and drawings) and the [`Config`] of one game (players, variant, options, content).

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::error::{ConfigError, json_path_error};
use crate::player::Player;

/// What a game is, before any config: shown by `worlds games`.
#[derive(Debug)]
pub struct GameInfo {
    /// The registry id, e.g. `world-war-5`.
    pub id: &'static str,
    pub name: &'static str,
    pub min_players: usize,
    pub max_players: usize,
    /// Counts above this are allowed but the rulebook advises against them (shown as a warning).
    pub recommended_max_players: usize,
    /// The variants; the first one is the default.
    pub variants: &'static [VariantInfo],
    /// One line for listings.
    pub summary: &'static str,
    /// Whether players hold information others may not see (hands, face-down choices).
    pub hidden_information: bool,
    /// Whether several players ever decide at once, in secret ([`crate::Turn::Simultaneous`]), in
    /// some variant of the game (Woobieworld's in its cycles variant only).
    pub simultaneous: bool,
    /// Whether chance plays a part (dice, shuffled or drawn cards).
    pub chance: bool,
    /// The player's page (Markdown), kept in the game's crate and shown by `worlds rules`.
    pub page: &'static str,
    /// Extra drawings a player can ask for by name besides the board (e.g. Woobieworld's `map`),
    /// drawn by [`crate::Present::render_view`].
    pub views: &'static [ViewInfo],
}

/// An extra drawing of a game (see [`GameInfo::views`]).
#[derive(Debug)]
pub struct ViewInfo {
    /// The word a player types, e.g. `map`.
    pub name: &'static str,
    /// What it shows, for `help`.
    pub help: &'static str,
}

#[derive(Debug)]
pub struct VariantInfo {
    pub id: &'static str,
    pub description: &'static str,
}

impl GameInfo {
    /// Checks the player count and the variant of `config` and returns the variant (the default when
    /// none is named).
    ///
    /// # Errors
    /// [`ConfigError::PlayerCount`] or [`ConfigError::UnknownVariant`].
    pub fn check(&'static self, config: &Config) -> Result<&'static VariantInfo, ConfigError> {
        let players = config.players;
        if players < self.min_players || players > self.max_players {
            return Err(ConfigError::PlayerCount {
                game: self.id,
                players,
                min: self.min_players,
                max: self.max_players,
            });
        }
        match config.variant.as_deref() {
            None => self.variants.first().ok_or_else(|| ConfigError::UnknownVariant {
                game: self.id,
                variant: "default".into(),
                known: "none".into(),
            }),
            Some(v) => self.variants.iter().find(|info| info.id == v).ok_or_else(|| ConfigError::UnknownVariant {
                game: self.id,
                variant: crate::error::quote(v),
                known: self.variants.iter().map(|info| info.id).collect::<Vec<_>>().join(", "),
            }),
        }
    }

    /// True when `players` is allowed but above the rulebook's recommendation.
    pub fn is_long_game(&self, players: usize) -> bool {
        players > self.recommended_max_players
    }
}

/// Everything that fixes a game before it starts.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    pub players: usize,
    /// A variant id from [`GameInfo::variants`]; `None` is the default variant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// Game-specific options (each game documents and validates its own).
    #[serde(default, skip_serializing_if = "serde_json::Map::is_empty")]
    pub options: serde_json::Map<String, serde_json::Value>,
    /// Replacement content files (file name → text), e.g. a board typed in from a physical copy.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub content: BTreeMap<String, String>,
}

impl Config {
    pub fn players(players: usize) -> Config {
        Config { players, ..Config::default() }
    }

    pub fn with_variant(mut self, variant: impl Into<String>) -> Config {
        self.variant = Some(variant.into());
        self
    }

    pub fn with_option(mut self, key: &str, value: impl Into<serde_json::Value>) -> Config {
        self.options.insert(key.to_owned(), value.into());
        self
    }

    /// A seat named by an option (e.g. `first`, 0-based), checked against the player count.
    ///
    /// # Errors
    /// [`ConfigError::Option`] naming `field` when the seat does not exist.
    pub fn seat_option(&self, field: &str, seat: Option<usize>) -> Result<Option<Player>, ConfigError> {
        match seat {
            None => Ok(None),
            Some(i) => Player::new(i).filter(|_| i < self.players).map(Some).ok_or_else(|| ConfigError::Option {
                field: field.into(),
                reason: format!("seat {i} does not exist; seats are 0–{}", self.players.saturating_sub(1)),
            }),
        }
    }

    /// Reads the game's options into its own options type (which refuses unknown fields); an
    /// error names the option's JSON path, e.g. `homes[2]`.
    ///
    /// # Errors
    /// [`ConfigError::Option`] naming the offending field.
    pub fn parse_options<T: DeserializeOwned + Default>(&self) -> Result<T, ConfigError> {
        if self.options.is_empty() {
            return Ok(T::default());
        }
        serde_path_to_error::deserialize(serde_json::Value::Object(self.options.clone())).map_err(|e| {
            let (field, reason) = json_path_error(e);
            // An unknown option has no path of its own: name it from the message.
            let field = match (field.is_empty(), reason.strip_prefix("unknown field `")) {
                (true, Some(rest)) => rest.split('`').next().unwrap_or_default().to_owned(),
                _ => field,
            };
            ConfigError::Option { field, reason }
        })
    }
}

/// A game without options: any option is refused by name.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoOptions {}
