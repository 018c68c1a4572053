//! The contract every game implements.

use std::collections::BTreeMap;
use std::fmt;
use std::hash::Hash;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::chance::Chance;
use crate::error::{ConfigError, NotationError, RuleError, StateError};
use crate::outcome::Outcome;
use crate::player::{Player, PlayerSet, Viewer};

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
                variant: v.to_owned(),
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

    /// Reads the game's options into its own options type, refusing unknown fields.
    ///
    /// # Errors
    /// [`ConfigError::Option`] naming the offending field.
    pub fn parse_options<T: DeserializeOwned + Default>(&self) -> Result<T, ConfigError> {
        if self.options.is_empty() {
            return Ok(T::default());
        }
        serde_json::from_value(serde_json::Value::Object(self.options.clone())).map_err(|e| {
            let message = e.to_string();
            let field = message
                .split('`')
                .nth(1)
                .filter(|_| message.starts_with("unknown field"))
                .unwrap_or("options")
                .to_owned();
            ConfigError::Option { field, reason: message }
        })
    }
}

/// Who must act now.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "players")]
pub enum Turn {
    /// This player must decide.
    Decide(Player),
    /// Each of these players must decide, in any order; choices stay hidden until all have chosen.
    Simultaneous(PlayerSet),
    /// The game has ended; see [`Game::outcome`].
    Over,
}

impl Turn {
    /// The players who may act now.
    pub fn players(self) -> PlayerSet {
        match self {
            Turn::Decide(p) => PlayerSet::only(p),
            Turn::Simultaneous(set) => set,
            Turn::Over => PlayerSet::EMPTY,
        }
    }

    pub fn is_over(self) -> bool {
        self == Turn::Over
    }
}

/// Who may see an event. In JSON, `"public"` or `{"players": [...], "spectators": false}`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(into = "VisibilityJson", from = "VisibilityJson")]
pub struct Visibility {
    /// The seated players who see it.
    pub players: PlayerSet,
    /// Whether spectators see it (only public events).
    pub spectators: bool,
}

impl Visibility {
    /// Everyone sees it.
    pub const PUBLIC: Visibility =
        Visibility { players: PlayerSet::first_n(crate::player::MAX_PLAYERS), spectators: true };

    /// Only `p` sees it (e.g. the card they drew).
    pub fn only(p: Player) -> Visibility {
        Visibility { players: PlayerSet::only(p), spectators: false }
    }

    /// Everyone but `p` sees it (e.g. "P2 drew a card", paired with the private event for P2).
    pub fn all_but(p: Player) -> Visibility {
        Visibility { players: Visibility::PUBLIC.players.without(p), spectators: true }
    }

    pub fn is_public(self) -> bool {
        self == Visibility::PUBLIC
    }

    pub fn visible_to(self, viewer: Viewer) -> bool {
        match viewer {
            Viewer::Player(p) => self.players.contains(p),
            Viewer::Spectator => self.spectators,
        }
    }
}

#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(untagged)]
enum VisibilityJson {
    Public(PublicTag),
    Restricted { players: PlayerSet, spectators: bool },
}

#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum PublicTag {
    Public,
}

impl From<Visibility> for VisibilityJson {
    fn from(v: Visibility) -> VisibilityJson {
        if v.is_public() {
            VisibilityJson::Public(PublicTag::Public)
        } else {
            VisibilityJson::Restricted { players: v.players, spectators: v.spectators }
        }
    }
}

impl From<VisibilityJson> for Visibility {
    fn from(v: VisibilityJson) -> Visibility {
        match v {
            VisibilityJson::Public(_) => Visibility::PUBLIC,
            VisibilityJson::Restricted { players, spectators } => Visibility { players, spectators },
        }
    }
}

/// An event together with who may see it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Logged<E> {
    pub visibility: Visibility,
    pub event: E,
}

/// Where a game reports what happened while applying an action.
pub trait EventSink<E> {
    fn emit(&mut self, visibility: Visibility, event: E);
}

impl<E> EventSink<E> for Vec<Logged<E>> {
    fn emit(&mut self, visibility: Visibility, event: E) {
        self.push(Logged { visibility, event });
    }
}

/// Discards events: the sink of search and playouts, where nobody watches.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoEvents;

impl<E> EventSink<E> for NoEvents {
    #[inline(always)]
    fn emit(&mut self, _: Visibility, _: E) {}
}

/// How a terminal view is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Style {
    /// Use ANSI colours.
    pub colour: bool,
}

/// A game's rules: the contract of `ARCHITECTURE.md`.
///
/// A `Game` value is built once from a [`Config`] and is immutable; it creates and acts on states.
/// Every method that takes an action or a state from outside is total: it returns an error, never
/// panics.
pub trait Game: Clone + Send + Sync + fmt::Debug + 'static {
    /// Everything about a game in progress (serializes to JSON and loads back equal).
    type State: Clone + PartialEq + fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// One atomic decision.
    type Action: Copy + Eq + Hash + fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// Something that happened, for logs and animations.
    type Event: Clone + PartialEq + fmt::Debug + Serialize + Send + Sync + 'static;
    /// What one viewer may know.
    type Observation: Clone + PartialEq + fmt::Debug + Serialize + Send + Sync + 'static;

    /// The game's description, independent of any config.
    fn info() -> &'static GameInfo;

    /// Builds the game.
    ///
    /// # Errors
    /// A [`ConfigError`] naming what is wrong with `config`.
    fn new(config: &Config) -> Result<Self, ConfigError>;

    fn config(&self) -> &Config;

    fn num_players(&self) -> usize {
        self.config().players
    }

    /// A new game: the state before the first decision (setup steps that are pure chance, such as a
    /// roll for the first player, happen here and are reported as events).
    fn start(&self, rng: &mut impl Chance, events: &mut impl EventSink<Self::Event>) -> Self::State;

    /// Who must act.
    fn turn(&self, state: &Self::State) -> Turn;

    /// Appends the legal actions of `player` to `out` (which the caller clears and reuses, so the hot
    /// path allocates nothing). Empty when `player` has nothing to decide now.
    fn legal_actions_into(&self, state: &Self::State, player: Player, out: &mut Vec<Self::Action>);

    /// Whether `player` may take `action` now; the error names the broken rule. Agrees exactly with
    /// [`Game::legal_actions_into`].
    ///
    /// # Errors
    /// A [`RuleError`] naming the broken rule.
    fn check(&self, state: &Self::State, player: Player, action: Self::Action) -> Result<(), RuleError>;

    /// Applies an action known to be legal (search fast path). On an illegal action the result is
    /// unspecified but never a panic or undefined behaviour.
    fn apply_unchecked(
        &self,
        state: &mut Self::State,
        player: Player,
        action: Self::Action,
        rng: &mut impl Chance,
        events: &mut impl EventSink<Self::Event>,
    );

    /// The result, once [`Game::turn`] is [`Turn::Over`].
    fn outcome(&self, state: &Self::State) -> Option<Outcome>;

    /// Everything `viewer` may know, and nothing more.
    fn observe(&self, state: &Self::State, viewer: Viewer) -> Self::Observation;

    /// A full state that `viewer` cannot tell apart from `state`: what they cannot know is re-sampled
    /// consistently with everything they have seen. `observe(determinize(s, p), p) == observe(s, p)`.
    fn determinize(&self, state: &Self::State, viewer: Player, rng: &mut impl Chance) -> Self::State;

    /// Length of [`Game::write_tensor`]'s output.
    fn tensor_len(&self) -> usize;

    /// A fixed-size numeric encoding of `player`'s observation, for learning agents.
    fn write_tensor(&self, state: &Self::State, player: Player, out: &mut [f32]);

    /// Size of the integer action space: [`Game::action_index`] is below it.
    fn num_distinct_actions(&self) -> usize;

    /// The stable integer code of an action.
    fn action_index(&self, action: Self::Action) -> usize;

    /// The action with a code, if the code is in range.
    fn action_from_index(&self, index: usize) -> Option<Self::Action>;

    /// The action's text notation (e.g. `invade eu-south from af-northeast`); round-trips through
    /// [`Game::parse_action`].
    fn format_action(&self, action: Self::Action) -> String;

    /// Reads text notation (forgiving of case and spacing).
    ///
    /// # Errors
    /// A [`NotationError`] saying what could not be read.
    fn parse_action(&self, text: &str) -> Result<Self::Action, NotationError>;

    /// One line of English for an event, for logs and golden playthroughs.
    fn describe_event(&self, event: &Self::Event) -> String;

    /// Checks that a state (e.g. one read from JSON) is possible in this game.
    ///
    /// # Errors
    /// A [`StateError`] naming the offending field.
    fn validate_state(&self, state: &Self::State) -> Result<(), StateError>;

    /// Draws `observation` for a terminal.
    fn render(&self, observation: &Self::Observation, style: Style) -> String;

    /// A cheap estimate of how good `state` is for `player` (0 = lost … 1 = won), if the game has one.
    fn evaluate(&self, _state: &Self::State, _player: Player) -> Option<f64> {
        None
    }

    /// What a seat plays as, for balance statistics (e.g. World War 5's home continent), once known.
    fn faction(&self, _state: &Self::State, _player: Player) -> Option<String> {
        None
    }

    /// A short note a player may want next to an action in a menu (e.g. the odds of an attack).
    fn action_hint(&self, _state: &Self::State, _action: Self::Action) -> Option<String> {
        None
    }

    // ----- provided -----

    /// The legal actions of `player` in a new list (convenience; hot paths use
    /// [`Game::legal_actions_into`]).
    fn legal_actions(&self, state: &Self::State, player: Player) -> Vec<Self::Action> {
        let mut out = Vec::new();
        self.legal_actions_into(state, player, &mut out);
        out
    }

    /// A new game and the events of its setup.
    fn new_game(&self, rng: &mut impl Chance) -> (Self::State, Vec<Logged<Self::Event>>) {
        let mut events = Vec::new();
        let state = self.start(rng, &mut events);
        (state, events)
    }

    /// Applies `action` for `player` if it is legal, returning what happened.
    ///
    /// # Errors
    /// A [`RuleError`] naming the broken rule; `state` is then untouched.
    fn apply(
        &self,
        state: &mut Self::State,
        player: Player,
        action: Self::Action,
        rng: &mut impl Chance,
    ) -> Result<Vec<Logged<Self::Event>>, RuleError> {
        self.check(state, player, action)?;
        let mut events = Vec::new();
        self.apply_unchecked(state, player, action, rng, &mut events);
        Ok(events)
    }

    /// Reads and validates a state from JSON.
    ///
    /// # Errors
    /// A [`StateError`] with the JSON position or the offending field.
    fn load_state(&self, json: &str) -> Result<Self::State, StateError> {
        let state: Self::State = serde_json::from_str(json)?;
        self.validate_state(&state)?;
        Ok(state)
    }

    /// Reads and validates a state from a JSON value.
    ///
    /// # Errors
    /// As [`Game::load_state`].
    fn load_state_value(&self, json: serde_json::Value) -> Result<Self::State, StateError> {
        let state: Self::State = serde_json::from_value(json)?;
        self.validate_state(&state)?;
        Ok(state)
    }

    /// The state as JSON.
    fn save_state(&self, state: &Self::State) -> serde_json::Value {
        serde_json::to_value(state).unwrap_or(serde_json::Value::Null)
    }
}
