//! A bare position of any game, with its own random stream: no event log, no match record, no bot
//! kept between calls. What learning loops step (the Python bindings' `State`): cheap to copy,
//! addressed by integer action codes and tensors, saved whole (position and random stream) as
//! JSON so that a saved position goes on exactly as the original would have.
//!
//! Chance is not a separate player here: each position draws dice and cards from its own seeded
//! stream when an action needs them. A copy made with [`DynPosition::clone_position`] keeps the
//! stream (it replays the same future); [`DynPosition::reseeded`] and
//! [`DynPosition::determinize`] give the copy a new one, so a search that tries actions on copies
//! does not learn the dice to come.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use worlds_agents::{AgentSpec, build};
use worlds_engine::{
    ApplyError, Config, NoEvents, NotationError, Player, PlayerView, Present, SeededRng, StateError, StreamPosition,
};

use crate::view::{DynView, Holds};
use crate::{BotError, GameVisitor, RegistryError, with_game};

/// A position of some game behind an object-safe interface (see the module's documentation).
/// What it shares with a match ([`crate::DynSession`]) is [`DynView`].
pub trait DynPosition: DynView + Send + Sync {
    /// The number of actions applied since the game began.
    fn steps(&self) -> usize;
    /// The most actions a game can last, when the rules bound it ([`Game::max_game_length`]).
    fn max_game_length(&self) -> Option<usize>;
    /// The codes of `player`'s legal actions, ascending (empty when they have nothing to decide).
    fn legal_indices(&self, player: Player) -> Vec<usize>;
    /// Sets `mask[code]` to 1 for each legal action of `player` and every other entry to 0;
    /// `mask` is [`DynPosition::num_distinct_actions`] long.
    fn legal_mask_into(&self, player: Player, mask: &mut [i8]);
    /// Applies the action with code `index` for `player` if it is legal; on error nothing changes.
    ///
    /// # Errors
    /// A code that is no action, or a rule error naming the broken rule.
    fn apply_index(&mut self, player: Player, index: usize) -> Result<(), ApplyError>;
    /// The notation of the action with code `index`, if the code is an action of the game.
    fn action_text(&self, index: usize) -> Option<String>;
    /// The code of the action written `text`.
    ///
    /// # Errors
    /// Notation that cannot be read.
    fn action_index(&self, text: &str) -> Result<usize, NotationError>;
    /// The whole position as JSON: game, config, state (every secret) and random stream.
    fn to_json(&self) -> Value;
    /// An exact copy, random stream included.
    fn clone_position(&self) -> Box<dyn DynPosition>;
    /// A copy that draws its chance from a new stream seeded with `seed`.
    fn reseeded(&self, seed: u64) -> Box<dyn DynPosition>;
    /// A position `player` cannot tell from this one: what they may not know is re-sampled
    /// (with `seed`) consistently with what they have seen, and the copy draws its chance from a
    /// new stream.
    fn determinize(&self, player: Player, seed: u64) -> Box<dyn DynPosition>;
    /// The code of the action a bot of `spec`, seeded with `seed`, chooses for `player` from
    /// what `player` may know.
    ///
    /// # Errors
    /// When `player` has nothing to decide.
    fn bot(&self, player: Player, spec: &AgentSpec, seed: u64) -> Result<usize, BotError>;
}

/// A position of the game `G` (see [`DynPosition`]).
#[derive(Debug)]
pub struct Position<G: Present> {
    game: Arc<G>,
    state: G::State,
    rng: SeededRng,
    steps: usize,
}

impl<G: Present> Clone for Position<G> {
    fn clone(&self) -> Self {
        Position { game: Arc::clone(&self.game), state: self.state.clone(), rng: self.rng.clone(), steps: self.steps }
    }
}

/// A position as JSON ([`DynPosition::to_json`]).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Saved {
    game: String,
    config: Config,
    state: Value,
    random: StreamPosition,
    steps: usize,
}

impl<G: Present> Position<G> {
    /// A new game of `game` whose setup and chance draw from the stream of `seed`.
    pub fn new(game: G, seed: u64) -> Position<G> {
        let mut rng = SeededRng::new(seed);
        let state = game.start(&mut rng, &mut NoEvents);
        Position { game: Arc::new(game), state, rng, steps: 0 }
    }

    /// A position from its parts: `steps` actions into a game, drawing from `rng` next.
    pub fn from_parts(game: Arc<G>, state: G::State, rng: SeededRng, steps: usize) -> Position<G> {
        Position { game, state, rng, steps }
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn state(&self) -> &G::State {
        &self.state
    }
}

impl<G: Present> Holds for Position<G> {
    type Game = G;

    fn game(&self) -> &G {
        &self.game
    }

    fn state(&self) -> &G::State {
        &self.state
    }
}

impl<G: Present> DynPosition for Position<G> {
    fn steps(&self) -> usize {
        self.steps
    }

    fn max_game_length(&self) -> Option<usize> {
        self.game.max_game_length()
    }

    fn legal_indices(&self, player: Player) -> Vec<usize> {
        legal_codes(&*self.game, &self.state, player)
    }

    fn legal_mask_into(&self, player: Player, mask: &mut [i8]) {
        mask.fill(0);
        for a in self.game.legal_actions(&self.state, player) {
            if let Some(m) = mask.get_mut(self.game.action_index(a)) {
                *m = 1;
            }
        }
    }

    fn apply_index(&mut self, player: Player, index: usize) -> Result<(), ApplyError> {
        let count = self.game.num_distinct_actions();
        let action = self.game.action_from_index(index).ok_or(ApplyError::Code { index, count })?;
        self.game.check(&self.state, player, action)?;
        self.game.apply_unchecked(&mut self.state, player, action, &mut self.rng, &mut NoEvents);
        self.steps += 1;
        Ok(())
    }

    fn action_text(&self, index: usize) -> Option<String> {
        self.game.action_from_index(index).map(|a| self.game.format_action(a))
    }

    fn action_index(&self, text: &str) -> Result<usize, NotationError> {
        self.game.parse_action(text).map(|a| self.game.action_index(a))
    }

    fn to_json(&self) -> Value {
        let saved = Saved {
            game: G::info().id.to_owned(),
            config: self.game.config().clone(),
            state: self.game.save_state(&self.state),
            random: self.rng.position(),
            steps: self.steps,
        };
        serde_json::to_value(saved).unwrap_or(Value::Null)
    }

    fn clone_position(&self) -> Box<dyn DynPosition> {
        Box::new(self.clone())
    }

    fn reseeded(&self, seed: u64) -> Box<dyn DynPosition> {
        Box::new(Position { rng: SeededRng::new(seed), ..self.clone() })
    }

    fn determinize(&self, player: Player, seed: u64) -> Box<dyn DynPosition> {
        let mut rng = SeededRng::new(seed);
        let state = self.game.determinize(&self.state, player, &mut rng);
        Box::new(Position { game: Arc::clone(&self.game), state, rng, steps: self.steps })
    }

    fn bot(&self, player: Player, spec: &AgentSpec, seed: u64) -> Result<usize, BotError> {
        if !self.game.turn(&self.state).players().contains(player) {
            return Err(BotError::NotToAct(player));
        }
        let mut agent = build::<G>(spec, seed);
        let action =
            agent.choose(&PlayerView::new(&*self.game, &self.state, player)).ok_or(BotError::NoAction(player))?;
        Ok(self.game.action_index(action))
    }
}

/// A new game of `id` at its first decision, drawing its chance from the stream of `seed`.
///
/// # Errors
/// An unknown id or a bad config.
pub fn new_position(id: &str, config: &Config, seed: u64) -> Result<Box<dyn DynPosition>, RegistryError> {
    struct New(u64);
    impl GameVisitor for New {
        type Output = Box<dyn DynPosition>;
        fn visit<G: Present>(self, game: G) -> Self::Output {
            Box::new(Position::new(game, self.0))
        }
    }
    with_game(id, config, New(seed))
}

/// A position saved by [`DynPosition::to_json`], checked (its state as [`Game::load_state`]
/// checks one).
///
/// # Errors
/// JSON that is not a saved position (the error gives the JSON path), an unknown game, a bad
/// config, or an impossible state.
pub fn position_from_json(json: Value) -> Result<Box<dyn DynPosition>, RegistryError> {
    let saved: Saved = serde_path_to_error::deserialize(json).map_err(|e| {
        let field = e.path().to_string();
        RegistryError::State(StateError::invalid(
            if field == "." { String::new() } else { field },
            e.inner().to_string(),
        ))
    })?;
    struct Load(Value, StreamPosition, usize);
    impl GameVisitor for Load {
        type Output = Result<Box<dyn DynPosition>, StateError>;
        fn visit<G: Present>(self, game: G) -> Self::Output {
            let state = game.load_state_value(self.0).map_err(|e| match e {
                StateError::Invalid { field, reason } if field.is_empty() => StateError::invalid("state", reason),
                StateError::Invalid { field, reason } => StateError::invalid(format!("state.{field}"), reason),
                other => other,
            })?;
            Ok(Box::new(Position { game: Arc::new(game), state, rng: SeededRng::at(self.1), steps: self.2 }))
        }
    }
    Ok(with_game(&saved.game, &saved.config, Load(saved.state, saved.random, saved.steps))??)
}

/// The codes of `player`'s legal actions, ascending and each once: what both
/// [`DynPosition::legal_indices`] and [`crate::DynSession::legal_indices`] answer.
pub(crate) fn legal_codes<G: worlds_engine::Game>(game: &G, state: &G::State, player: Player) -> Vec<usize> {
    let mut codes: Vec<usize> = game.legal_actions(state, player).into_iter().map(|a| game.action_index(a)).collect();
    codes.sort_unstable();
    codes.dedup();
    codes
}
