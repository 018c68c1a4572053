//! Matches: (game id, config, seed, action log), the driver that records them, and replay.

use serde::{Deserialize, Serialize};

use crate::chance::{Chance, ScriptMismatch, Scripted, ScriptedValue, SeededRng};
use crate::error::{ErrorKind, NotationError, RuleError, StateError};
use crate::game::{Config, Game, Logged, Turn};
use crate::outcome::Outcome;
use crate::player::Player;

/// A whole match, enough to replay it exactly. Saved as JSON by `worlds play` (`save FILE`).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Match {
    /// The registry id of the game.
    pub game: String,
    pub config: Config,
    /// The seed of the match's random stream (setup and every die or draw).
    pub seed: u64,
    /// The position the match started from, when it did not start from a new game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<serde_json::Value>,
    /// Every action taken, in order.
    pub actions: Vec<MatchAction>,
    /// Random values fed by hand before the game was set up (the engine protocol's `new` with a
    /// `script`, e.g. to force the roll-off or the opening deal).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub setup_script: Vec<ScriptedValue>,
    /// Random values fed by hand (the engine protocol's `script`), with the action they preceded.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scripted: Vec<ScriptedAt>,
    /// Names of who sat where (`human`, `random`, `mcts:500`, …), for people reading the file.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<String>,
}

/// One action of a match log, in text notation.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchAction {
    pub player: Player,
    pub action: String,
}

/// Scripted random values that were queued before action number `before` (0-based).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScriptedAt {
    pub before: usize,
    pub values: Vec<ScriptedValue>,
}

/// Why an action given to a driver was not applied. The match is unchanged.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ApplyError {
    #[error(transparent)]
    Notation(#[from] NotationError),
    #[error(transparent)]
    Rule(#[from] RuleError),
    #[error("the action was refused because {0}; the match is unchanged")]
    Script(ScriptMismatch),
    #[error("action code {index} is not an action of this game; codes are 0–{}", count.saturating_sub(1))]
    Code { index: usize, count: usize },
}

impl ApplyError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            ApplyError::Notation(e) => e.kind(),
            ApplyError::Rule(e) => e.kind(),
            ApplyError::Script(_) => ErrorKind::ScriptMismatch,
            ApplyError::Code { .. } => ErrorKind::BadRequest,
        }
    }
}

/// Why a match could not be replayed.
#[derive(Clone, PartialEq, Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("this match is of `{found}`, not `{expected}`")]
    WrongGame { expected: String, found: String },
    #[error("the match's start position is invalid: {0}")]
    Start(StateError),
    #[error("the match's setup script does not fit: {0}")]
    Setup(ScriptMismatch),
    #[error("action {step} (`{action}` by {player}): {error}")]
    Action { step: usize, player: Player, action: String, error: ApplyError },
}

impl ReplayError {
    pub fn kind(&self) -> ErrorKind {
        ErrorKind::BadReplay
    }
}

/// Runs one match: the state, the random stream, and the record of everything done.
#[derive(Clone, Debug)]
pub struct MatchDriver<G: Game> {
    game: G,
    state: G::State,
    rng: Scripted<SeededRng>,
    record: Match,
}

impl<G: Game> MatchDriver<G> {
    /// A new game with this seed, and the events of its setup.
    pub fn new(game: G, seed: u64) -> (MatchDriver<G>, Vec<Logged<G::Event>>) {
        match MatchDriver::new_scripted(game, seed, Vec::new()) {
            Ok(made) => made,
            Err((game, _)) => {
                // Unreachable: an empty script cannot mismatch. Set up without one all the same.
                let mut rng = Scripted::new(SeededRng::new(seed));
                let (state, events) = game.new_game(&mut rng);
                let record = MatchDriver::fresh_record(&game, seed);
                (MatchDriver { game, state, rng, record }, events)
            }
        }
    }

    fn fresh_record(game: &G, seed: u64) -> Match {
        Match {
            game: G::info().id.to_owned(),
            config: game.config().clone(),
            seed,
            start: None,
            actions: Vec::new(),
            setup_script: Vec::new(),
            scripted: Vec::new(),
            seats: Vec::new(),
        }
    }

    /// A new game whose setup draws `script` first (e.g. a forced roll-off or opening deal); what
    /// setup leaves of the script is drawn by the first actions.
    ///
    /// # Errors
    /// When a scripted value does not fit the draw it meets (the game is handed back).
    #[allow(clippy::type_complexity)]
    pub fn new_scripted(
        game: G,
        seed: u64,
        script: Vec<ScriptedValue>,
    ) -> Result<(MatchDriver<G>, Vec<Logged<G::Event>>), (G, ScriptMismatch)> {
        let mut rng = Scripted::with(script.iter().copied(), SeededRng::new(seed));
        let (state, events) = game.new_game(&mut rng);
        if let Some(mismatch) = rng.take_mismatch() {
            return Err((game, mismatch));
        }
        let mut record = MatchDriver::fresh_record(&game, seed);
        record.setup_script = script;
        Ok((MatchDriver { game, state, rng, record }, events))
    }

    /// Replays a match's record and returns the driver at its end, ready to continue with the same
    /// random stream; `each` sees the starting state with the setup events, then every state with
    /// the events of the action that led to it. This is the one replay loop ([`replay`] and resuming
    /// a saved game both use it).
    ///
    /// # Errors
    /// A [`ReplayError`] naming the first action that cannot be applied.
    pub fn resume(
        game: G,
        record: &Match,
        mut each: impl FnMut(&G::State, Vec<Logged<G::Event>>),
    ) -> Result<MatchDriver<G>, ReplayError> {
        if record.game != G::info().id {
            return Err(ReplayError::WrongGame { expected: G::info().id.to_owned(), found: record.game.clone() });
        }
        let (mut driver, setup) = match &record.start {
            None => MatchDriver::new_scripted(game, record.seed, record.setup_script.clone())
                .map_err(|(_, mismatch)| ReplayError::Setup(mismatch))?,
            Some(json) => {
                let state = game.load_state_value(json.clone()).map_err(ReplayError::Start)?;
                (MatchDriver::from_state(game, state, record.seed), Vec::new())
            }
        };
        each(driver.state(), setup);
        let mut scripted = record.scripted.iter().peekable();
        for (step, entry) in record.actions.iter().enumerate() {
            while let Some(s) = scripted.next_if(|s| s.before == step) {
                driver.script(s.values.clone());
            }
            let events = driver.apply_text(entry.player, &entry.action).map_err(|error| ReplayError::Action {
                step,
                player: entry.player,
                action: entry.action.clone(),
                error,
            })?;
            each(driver.state(), events);
        }
        driver.set_seats(record.seats.clone());
        Ok(driver)
    }

    /// A match that starts from a given (validated) position.
    pub fn from_state(game: G, state: G::State, seed: u64) -> MatchDriver<G> {
        let mut record = MatchDriver::fresh_record(&game, seed);
        record.start = Some(game.save_state(&state));
        MatchDriver { game, state, rng: Scripted::new(SeededRng::new(seed)), record }
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn state(&self) -> &G::State {
        &self.state
    }

    pub fn turn(&self) -> Turn {
        self.game.turn(&self.state)
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome(&self.state)
    }

    /// How many random values the match has drawn so far (setup included).
    pub fn chance_draws(&self) -> u64 {
        self.rng.drawn()
    }

    pub fn record(&self) -> &Match {
        &self.record
    }

    pub fn set_seats(&mut self, seats: Vec<String>) {
        self.record.seats = seats;
    }

    /// Queues exact random values for the next draws.
    pub fn script(&mut self, values: Vec<ScriptedValue>) {
        if values.is_empty() {
            return;
        }
        let before = self.record.actions.len();
        match self.record.scripted.last_mut() {
            Some(last) if last.before == before => last.values.extend(values.iter().copied()),
            _ => self.record.scripted.push(ScriptedAt { before, values: values.clone() }),
        }
        self.rng.push(values);
    }

    /// Scripted values not consumed yet.
    pub fn pending_script(&self) -> Vec<ScriptedValue> {
        self.rng.remaining().copied().collect()
    }

    /// Applies an action given in text notation.
    ///
    /// # Errors
    /// As [`MatchDriver::apply`], or a [`NotationError`].
    pub fn apply_text(&mut self, player: Player, text: &str) -> Result<Vec<Logged<G::Event>>, ApplyError> {
        let action = self.game.parse_action(text)?;
        self.apply(player, action)
    }

    /// Applies an action given by its integer code.
    ///
    /// # Errors
    /// [`ApplyError::Code`] for a code that is no action, else as [`MatchDriver::apply`].
    pub fn apply_index(&mut self, player: Player, index: usize) -> Result<Vec<Logged<G::Event>>, ApplyError> {
        let action = self
            .game
            .action_from_index(index)
            .ok_or(ApplyError::Code { index, count: self.game.num_distinct_actions() })?;
        self.apply(player, action)
    }

    /// Applies a checked action and records it.
    ///
    /// # Errors
    /// A [`RuleError`] if illegal, or a script mismatch; the match is then unchanged.
    pub fn apply(&mut self, player: Player, action: G::Action) -> Result<Vec<Logged<G::Event>>, ApplyError> {
        self.game.check(&self.state, player, action)?;
        let mut events = Vec::new();
        if self.rng.remaining().next().is_none() {
            // Nothing scripted, so nothing can refuse the action: apply in place.
            self.game.apply_unchecked(&mut self.state, player, action, &mut self.rng, &mut events);
        } else {
            // A scripted value may not fit a draw: work on copies, keep them only if it all fits.
            let mut next = self.state.clone();
            let saved_rng = self.rng.clone();
            self.game.apply_unchecked(&mut next, player, action, &mut self.rng, &mut events);
            if let Some(mismatch) = self.rng.take_mismatch() {
                self.rng = saved_rng;
                return Err(ApplyError::Script(mismatch));
            }
            self.state = next;
        }
        self.record.actions.push(MatchAction { player, action: self.game.format_action(action) });
        Ok(events)
    }

    /// The random source, e.g. for a bot that must not share it (fork it) or for tests.
    pub fn rng_mut(&mut self) -> &mut impl Chance {
        &mut self.rng
    }
}

/// A replayed match: every state and the events that led to it.
#[derive(Clone, Debug)]
pub struct Replay<G: Game> {
    /// `states[0]` is the start; `states[i + 1]` follows action `i`.
    pub states: Vec<G::State>,
    /// `events[0]` are the setup events; `events[i + 1]` those of action `i`.
    pub events: Vec<Vec<Logged<G::Event>>>,
}

/// Replays a match from its record.
///
/// # Errors
/// A [`ReplayError`] naming the first action that cannot be applied.
pub fn replay<G: Game>(game: &G, record: &Match) -> Result<Replay<G>, ReplayError> {
    let mut out = Replay { states: Vec::new(), events: Vec::new() };
    MatchDriver::resume(game.clone(), record, |state, events| {
        out.states.push(state.clone());
        out.events.push(events);
    })?;
    Ok(out)
}
