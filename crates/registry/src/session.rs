//! The object-safe session: one match of any game, spoken in JSON and text notation.

use serde::Serialize;
use serde_json::Value;
use worlds_agents::{Agent, AgentSpec, build};
use worlds_engine::{
    ApplyError, Config, Game, GameInfo, Logged, Match, MatchDriver, Outcome, Player, PlayerView, ScriptedValue,
    StateError, Style, Turn, Viewer, Visibility, derive_seed, replay,
};

use crate::RegistryError;

/// An event as the dynamic layer reports it.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct EventView {
    /// One line of English.
    pub text: String,
    /// The game's own event, as JSON.
    pub event: Value,
    pub visibility: Visibility,
}

/// One legal action, for menus and the protocol.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct LegalAction {
    /// Text notation, accepted back by [`DynSession::apply`].
    pub text: String,
    /// The stable integer code.
    pub index: usize,
    /// A note for people (e.g. the odds of an attack).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
}

/// One step of a replayed match: the action, what it caused, and the view after it.
#[derive(Clone, PartialEq, Debug)]
pub struct ReplayStep {
    /// `None` for the starting position.
    pub player: Option<Player>,
    pub action: Option<String>,
    pub events: Vec<EventView>,
    pub view: String,
}

/// Why a bot could not move.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum BotError {
    #[error("{0} has nothing to decide now")]
    NotToAct(Player),
    #[error("the bot found no legal action for {0}")]
    NoAction(Player),
}

/// One match of some game, behind an object-safe interface.
pub trait DynSession: Send {
    fn info(&self) -> &'static GameInfo;
    fn config(&self) -> &Config;
    fn turn(&self) -> Turn;
    fn outcome(&self) -> Option<Outcome>;
    /// The legal actions of `player` (empty when they have nothing to decide).
    fn legal(&self, player: Player) -> Vec<LegalAction>;
    /// Applies an action given in text notation; on error nothing changes.
    ///
    /// # Errors
    /// A notation error, a rule error, or a script mismatch.
    fn apply(&mut self, player: Player, text: &str) -> Result<Vec<EventView>, ApplyError>;
    /// What `viewer` may know, as JSON.
    fn observe(&self, viewer: Viewer) -> Value;
    /// The terminal view for `viewer`.
    fn render(&self, viewer: Viewer, style: Style) -> String;
    /// The full state as JSON (for saving positions and bug reports).
    fn state(&self) -> Value;
    /// Queues exact random values for the next draws.
    fn script(&mut self, values: Vec<ScriptedValue>);
    /// Scripted values not consumed yet.
    fn pending_script(&self) -> Vec<ScriptedValue>;
    /// The match so far, ready to save.
    fn record(&self) -> &Match;
    fn set_seats(&mut self, seats: Vec<String>);
    /// Asks a bot of the given spec what `player` should do (the bot keeps its memory between
    /// calls for the same seat and spec). Does not apply the action.
    ///
    /// # Errors
    /// When `player` has nothing to decide.
    fn bot(&mut self, player: Player, spec: AgentSpec) -> Result<String, BotError>;
}

/// The bot sitting in a seat, with the spec it was built from.
type SeatBot<G> = Option<(AgentSpec, Box<dyn Agent<G>>)>;

/// The generic session behind [`DynSession`].
pub struct Session<G: Game> {
    driver: MatchDriver<G>,
    bots: Vec<SeatBot<G>>,
}

impl<G: Game> std::fmt::Debug for Session<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session").field("driver", &self.driver).finish_non_exhaustive()
    }
}

fn views<G: Game>(game: &G, events: Vec<Logged<G::Event>>) -> Vec<EventView> {
    events
        .into_iter()
        .map(|e| EventView {
            text: game.describe_event(&e.event),
            event: serde_json::to_value(&e.event).unwrap_or(Value::Null),
            visibility: e.visibility,
        })
        .collect()
}

impl<G: Game> Session<G> {
    pub fn new(game: G, seed: u64) -> (Session<G>, Vec<EventView>) {
        let n = game.num_players();
        let (driver, events) = MatchDriver::new(game, seed);
        let events = views(driver.game(), events);
        (Session { driver, bots: (0..n).map(|_| None).collect() }, events)
    }

    /// # Errors
    /// An impossible state.
    pub fn from_state(game: G, state: Value, seed: u64) -> Result<Session<G>, StateError> {
        let n = game.num_players();
        let state = game.load_state_value(state)?;
        Ok(Session { driver: MatchDriver::from_state(game, state, seed), bots: (0..n).map(|_| None).collect() })
    }

    /// Replays `record` and continues from its end.
    ///
    /// # Errors
    /// When the record does not replay.
    pub fn resume(game: G, record: &Match) -> Result<Session<G>, RegistryError> {
        let n = game.num_players();
        let driver = MatchDriver::resume(game, record, |_, _| {})?;
        Ok(Session { driver, bots: (0..n).map(|_| None).collect() })
    }

    /// Every step of a match, rendered for `viewer`.
    ///
    /// # Errors
    /// When the record does not replay.
    pub fn replay_steps(
        game: &G,
        record: &Match,
        viewer: Viewer,
        style: Style,
    ) -> Result<Vec<ReplayStep>, RegistryError> {
        let r = replay(game, record)?;
        let mut steps = Vec::with_capacity(r.states.len());
        for (i, (state, events)) in r.states.iter().zip(r.events).enumerate() {
            let action = i.checked_sub(1).and_then(|k| record.actions.get(k));
            steps.push(ReplayStep {
                player: action.map(|a| a.player),
                action: action.map(|a| a.action.clone()),
                events: views(game, events),
                view: game.render(&game.observe(state, viewer), style),
            });
        }
        Ok(steps)
    }

    pub fn driver(&self) -> &MatchDriver<G> {
        &self.driver
    }
}

impl<G: Game> DynSession for Session<G> {
    fn info(&self) -> &'static GameInfo {
        G::info()
    }

    fn config(&self) -> &Config {
        self.driver.game().config()
    }

    fn turn(&self) -> Turn {
        self.driver.turn()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.driver.outcome()
    }

    fn legal(&self, player: Player) -> Vec<LegalAction> {
        let game = self.driver.game();
        let state = self.driver.state();
        game.legal_actions(state, player)
            .into_iter()
            .map(|a| LegalAction {
                text: game.format_action(a),
                index: game.action_index(a),
                hint: game.action_hint(state, a),
            })
            .collect()
    }

    fn apply(&mut self, player: Player, text: &str) -> Result<Vec<EventView>, ApplyError> {
        let events = self.driver.apply_text(player, text)?;
        Ok(views(self.driver.game(), events))
    }

    fn observe(&self, viewer: Viewer) -> Value {
        serde_json::to_value(self.driver.game().observe(self.driver.state(), viewer)).unwrap_or(Value::Null)
    }

    fn render(&self, viewer: Viewer, style: Style) -> String {
        let game = self.driver.game();
        game.render(&game.observe(self.driver.state(), viewer), style)
    }

    fn state(&self) -> Value {
        self.driver.game().save_state(self.driver.state())
    }

    fn script(&mut self, values: Vec<ScriptedValue>) {
        self.driver.script(values);
    }

    fn pending_script(&self) -> Vec<ScriptedValue> {
        self.driver.pending_script()
    }

    fn record(&self) -> &Match {
        self.driver.record()
    }

    fn set_seats(&mut self, seats: Vec<String>) {
        self.driver.set_seats(seats);
    }

    fn bot(&mut self, player: Player, spec: AgentSpec) -> Result<String, BotError> {
        if !self.driver.turn().players().contains(player) {
            return Err(BotError::NotToAct(player));
        }
        let seed = derive_seed(self.driver.record().seed, 0xB07 + player.index() as u64);
        let slot = self.bots.get_mut(player.index()).ok_or(BotError::NotToAct(player))?;
        if slot.as_ref().map(|(s, _)| *s) != Some(spec) {
            *slot = Some((spec, build::<G>(&spec, seed)));
        }
        let Some((_, agent)) = slot.as_mut() else { return Err(BotError::NoAction(player)) };
        let game = self.driver.game();
        let action =
            agent.choose(&PlayerView::new(game, self.driver.state(), player)).ok_or(BotError::NoAction(player))?;
        Ok(game.format_action(action))
    }
}
