//! The object-safe session: one match of any game, spoken in JSON, text notation and integer
//! codes. It keeps the match's event log and gives each viewer only the events that viewer may
//! see: a card dealt to seat 2 is "a card was dealt" for everyone else.

use serde_json::Value;
use worlds_agents::{Agent, AgentSpec, build};
use worlds_engine::{
    ApplyError, Game, Logged, Match, MatchAction, MatchDriver, Player, PlayerView, Present, Replay, ScriptMismatch,
    ScriptedValue, StateError, Style, Turn, Viewer, derive_seed, forced, replay,
};

use crate::RegistryError;
use crate::shown::{Audience, BotError, EventView, LegalAction, ReplayFrame, ReplayStep, ShownJson, UndoError};
use crate::view::{DynView, Holds};

/// One match of some game, behind an object-safe interface: all that the command line, the
/// engine protocol, a server or Python bindings need, with nothing game-specific.
/// What it shares with a bare position ([`crate::DynPosition`]) is [`DynView`].
pub trait DynSession: DynView + Send {
    /// The legal actions of `player` (empty when they have nothing to decide).
    fn legal(&self, player: Player) -> Vec<LegalAction>;
    /// The codes of `player`'s legal actions, ascending (empty when they have nothing to decide),
    /// as [`crate::DynPosition::legal_indices`] gives them.
    fn legal_indices(&self, player: Player) -> Vec<usize>;
    /// The action `player` may take without thinking, if their decision is forced (one legal
    /// action, or only kinds of pass): still a decision, to be applied like any other.
    fn forced(&self, player: Player) -> Option<String>;
    /// Applies an action given in text notation; on error nothing changes. Returns the sequence
    /// number of the first event it caused (read them with [`DynSession::events_for`]).
    ///
    /// # Errors
    /// A notation error, a rule error, or a script mismatch.
    fn apply(&mut self, player: Player, text: &str) -> Result<usize, ApplyError>;
    /// Applies an action given by its integer code, as [`DynSession::apply`].
    ///
    /// # Errors
    /// A code that is no action, a rule error, or a script mismatch.
    fn apply_index(&mut self, player: Player, index: usize) -> Result<usize, ApplyError>;
    /// The events from sequence number `since` on that `audience` may see.
    fn events_for(&self, audience: Audience, since: usize) -> Vec<EventView>;
    /// The number of events in the log (the sequence number the next event will get).
    fn event_count(&self) -> usize;
    /// The same observation as JSON text, without building a [`Value`] first (the server sends
    /// one after every action to every connection); with `scene`, also what a browser draws of
    /// it: the scene and the table ([`ShownJson`]).
    fn observe_json(&self, viewer: Viewer, scene: bool) -> ShownJson;
    /// `player`'s legal actions as [`DynSession::legal`] lists them, each with the scene
    /// elements it belongs to.
    fn legal_in_scene(&self, player: Player) -> Vec<LegalAction>;
    /// How many actions taking back `player`'s last decision would undo (theirs and every one
    /// after it), or why it may not be taken back: only while no chance step happened since and
    /// nothing then hidden from `player` was revealed to them (what they learned would otherwise
    /// let them choose again knowing it).
    ///
    /// # Errors
    /// An [`UndoError`] saying why not.
    fn undo_check(&self, player: Player) -> Result<usize, UndoError>;
    /// Takes back `player`'s last decision and every action after it (see
    /// [`DynSession::undo_check`]): the match is replayed from its record without them. Returns
    /// how many actions were undone.
    ///
    /// # Errors
    /// An [`UndoError`]; the match is then unchanged.
    fn undo(&mut self, player: Player) -> Result<usize, UndoError>;
    /// The full state as JSON (for saving positions and bug reports; it holds every secret).
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
    /// A new bot, with no memory of earlier decisions, ready to say what `player` should do now,
    /// holding its own copy of the position (only the position: not the log), so it can think on
    /// another thread while the match goes on. Its seed comes from the match's seed, the seat and
    /// the number of actions so far, so each decision draws afresh and the same position always
    /// gets the same answer (the server's bots).
    ///
    /// # Errors
    /// When `player` has nothing to decide.
    fn bot_once(&self, player: Player, spec: AgentSpec) -> Result<BotTask, BotError>;
    /// An independent copy of the match (without the bots' memories), e.g. to try actions on.
    fn clone_session(&self) -> Box<dyn DynSession>;
}

/// A bot's decision to run (on any thread): the action it chooses, in notation.
pub type BotTask = Box<dyn FnOnce() -> Result<String, BotError> + Send>;

/// The bot sitting in a seat, with the spec it was built from.
type SeatBot<G> = Option<(AgentSpec, Box<dyn Agent<G>>)>;

/// What `agent` chooses for `player` in the driver's position, in notation.
fn choose<G: Present>(
    game: &G,
    state: &G::State,
    agent: &mut dyn Agent<G>,
    player: Player,
) -> Result<String, BotError> {
    let action = agent.choose(&PlayerView::new(game, state, player)).ok_or(BotError::NoAction(player))?;
    Ok(game.format_action(action))
}

/// The generic session behind [`DynSession`].
pub struct Session<G: Present> {
    driver: MatchDriver<G>,
    /// Every event of the match, setup first.
    log: Vec<Logged<G::Event>>,
    bots: Vec<SeatBot<G>>,
}

impl<G: Present> std::fmt::Debug for Session<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session").field("driver", &self.driver).field("events", &self.log.len()).finish_non_exhaustive()
    }
}

pub(crate) fn view<G: Present>(game: &G, seq: usize, e: &Logged<G::Event>) -> EventView {
    EventView {
        seq,
        text: game.describe_event(&e.event),
        event: game.event_value(&e.event),
        visibility: e.visibility.seated(game.num_players()),
    }
}

/// A match as it was earlier: its record, its driver and its event log.
type Earlier<G> = (Match, MatchDriver<G>, Vec<Logged<<G as Game>::Event>>);

/// Step `step` of a replay (its events numbered from `seq`) as `audience` sees it: who acted, the
/// action, and the events it may see. The action of a simultaneous decision (a secret choice made
/// alongside others, e.g. a card placed face down) is shown only to its player.
fn seen<G: Present>(game: &G, record: &Match, audience: Audience, r: &Replay<G>, step: usize, seq: usize) -> Seen {
    let action = step.checked_sub(1).and_then(|k| record.actions.get(k));
    let before = step.checked_sub(1).and_then(|k| r.states.get(k));
    let events = r.events.get(step).map(Vec::as_slice).unwrap_or_default();
    seen_step(game, audience, before, action, events, seq)
}

/// A step as `audience` sees it, from the state `before` its action, the action, and its events
/// (numbered from `seq`): [`seen`], for any way of replaying.
pub(crate) fn seen_step<G: Present>(
    game: &G,
    audience: Audience,
    before: Option<&G::State>,
    action: Option<&MatchAction>,
    events: &[Logged<G::Event>],
    seq: usize,
) -> Seen {
    let simultaneous = before.is_some_and(|s| matches!(game.turn(s), Turn::Simultaneous(_)));
    let shown =
        |p: Player| !simultaneous || matches!(audience, Audience::All) || audience.viewer() == Viewer::Player(p);
    let seen = events
        .iter()
        .enumerate()
        .filter(|(_, e)| audience.sees(e.visibility))
        .map(|(k, e)| view(game, seq + k, e))
        .collect();
    (action.map(|a| a.player), action.filter(|a| shown(a.player)).map(|a| a.action.clone()), seen)
}

/// Who acted, the action as seen, and the events seen.
pub(crate) type Seen = (Option<Player>, Option<String>, Vec<EventView>);

fn no_bots<G: Present>(n: usize) -> Vec<SeatBot<G>> {
    (0..n).map(|_| None).collect()
}

impl<G: Present> Session<G> {
    pub fn new(game: G, seed: u64) -> Session<G> {
        let n = game.num_players();
        let (driver, log) = MatchDriver::new(game, seed);
        Session { driver, log, bots: no_bots(n) }
    }

    /// A new game whose setup draws `script` first.
    ///
    /// # Errors
    /// When a scripted value does not fit the setup's draws.
    pub fn new_scripted(game: G, seed: u64, script: Vec<ScriptedValue>) -> Result<Session<G>, ScriptMismatch> {
        let n = game.num_players();
        let (driver, log) = MatchDriver::new_scripted(game, seed, script).map_err(|(_, m)| m)?;
        Ok(Session { driver, log, bots: no_bots(n) })
    }

    /// # Errors
    /// An impossible state.
    pub fn from_state(game: G, state: Value, seed: u64) -> Result<Session<G>, StateError> {
        let n = game.num_players();
        let state = game.load_state_value(state)?;
        Ok(Session { driver: MatchDriver::from_state(game, state, seed), log: Vec::new(), bots: no_bots(n) })
    }

    /// Replays `record` and continues from its end, with its whole event log.
    ///
    /// # Errors
    /// When the record does not replay.
    pub fn resume(game: G, record: &Match) -> Result<Session<G>, RegistryError> {
        let n = game.num_players();
        let mut log = Vec::new();
        let driver = MatchDriver::resume(game, record, |_, events| log.extend(events))?;
        Ok(Session { driver, log, bots: no_bots(n) })
    }

    /// Every step of a match as `audience` sees it.
    ///
    /// # Errors
    /// When the record does not replay.
    pub fn replay_steps(
        game: &G,
        record: &Match,
        audience: Audience,
        style: Style,
    ) -> Result<Vec<ReplayStep>, RegistryError> {
        let r = replay(game, record)?;
        let mut seq = 0;
        let mut steps = Vec::with_capacity(r.states.len());
        for (i, (state, events)) in r.states.iter().zip(&r.events).enumerate() {
            let (player, action, events_seen) = seen(game, record, audience, &r, i, seq);
            seq += events.len();
            let view = game.render(&game.observe(state, audience.viewer()), style);
            steps.push(ReplayStep { player, action, events: events_seen, view });
        }
        Ok(steps)
    }

    /// Step `step` of a match as `audience` sees it, with its scene (none past the end), and the
    /// number of the last step.
    ///
    /// # Errors
    /// When the record does not replay.
    pub fn replay_frame(
        game: &G,
        record: &Match,
        audience: Audience,
        step: usize,
    ) -> Result<(Option<ReplayFrame>, usize), RegistryError> {
        let r = replay(game, record)?;
        let last = r.states.len().saturating_sub(1);
        let Some(state) = r.states.get(step) else { return Ok((None, last)) };
        let seq = r.events.iter().take(step).map(Vec::len).sum();
        let (player, action, events) = seen(game, record, audience, &r, step, seq);
        let observation = game.observe(state, audience.viewer());
        let scene = game.scene(&observation).and_then(|s| serde_json::to_value(s).ok());
        let table = game.table(&observation).and_then(|t| serde_json::to_value(t).ok());
        let decision = game.decision(state).text;
        Ok((Some(ReplayFrame { player, action, events, decision, scene, table }), last))
    }

    pub fn driver(&self) -> &MatchDriver<G> {
        &self.driver
    }

    /// The match as it was before `player`'s last decision, if that decision may be taken back.
    fn before_last_decision(&self, player: Player) -> Result<Earlier<G>, UndoError> {
        let record = self.driver.record();
        let k = record.actions.iter().rposition(|a| a.player == player).ok_or(UndoError::NothingToUndo(player))?;
        let mut earlier = record.clone();
        earlier.actions.truncate(k);
        let mut log = Vec::new();
        let driver = MatchDriver::resume(self.driver.game().clone(), &earlier, |_, events| log.extend(events))
            .map_err(|e| UndoError::Replay(e.to_string()))?;
        if driver.chance_draws() != self.driver.chance_draws() {
            return Err(UndoError::Chance(player));
        }
        let game = self.driver.game();
        let viewer = Viewer::Player(player);
        let still_hidden: std::collections::HashSet<String> =
            game.secrets(self.driver.state(), viewer).into_iter().collect();
        if game.secrets(driver.state(), viewer).iter().any(|s| !still_hidden.contains(s)) {
            return Err(UndoError::Revealed(player));
        }
        Ok((earlier, driver, log))
    }

    fn logged(&mut self, events: Vec<Logged<G::Event>>) -> usize {
        let first = self.log.len();
        self.log.extend(events);
        first
    }
}

impl<G: Present> Session<G> {
    /// `player`'s legal actions, with the scene elements each belongs to when `elements`.
    fn legal_listed(&self, player: Player, elements: bool) -> Vec<LegalAction> {
        let game = self.driver.game();
        let state = self.driver.state();
        game.legal_actions(state, player)
            .into_iter()
            .map(|a| LegalAction {
                text: game.format_action(a),
                index: game.action_index(a),
                hint: game.action_hint(state, a),
                elements: if elements { game.action_elements(state, a) } else { Vec::new() },
            })
            .collect()
    }
}

impl<G: Present> Holds for Session<G> {
    type Game = G;

    fn game(&self) -> &G {
        self.driver.game()
    }

    fn state(&self) -> &G::State {
        self.driver.state()
    }
}

impl<G: Present> DynSession for Session<G> {
    fn legal(&self, player: Player) -> Vec<LegalAction> {
        self.legal_listed(player, false)
    }

    fn legal_in_scene(&self, player: Player) -> Vec<LegalAction> {
        self.legal_listed(player, true)
    }

    fn legal_indices(&self, player: Player) -> Vec<usize> {
        crate::position::legal_codes(self.driver.game(), self.driver.state(), player)
    }

    fn forced(&self, player: Player) -> Option<String> {
        let game = self.driver.game();
        forced(game, &game.legal_actions(self.driver.state(), player)).map(|a| game.format_action(a))
    }

    fn apply(&mut self, player: Player, text: &str) -> Result<usize, ApplyError> {
        let events = self.driver.apply_text(player, text)?;
        Ok(self.logged(events))
    }

    fn apply_index(&mut self, player: Player, index: usize) -> Result<usize, ApplyError> {
        let events = self.driver.apply_index(player, index)?;
        Ok(self.logged(events))
    }

    fn events_for(&self, audience: Audience, since: usize) -> Vec<EventView> {
        let game = self.driver.game();
        let Some(newer) = self.log.get(since..) else { return Vec::new() };
        newer
            .iter()
            .enumerate()
            .filter(|(_, e)| audience.sees(e.visibility))
            .map(|(k, e)| view(game, since + k, e))
            .collect()
    }

    fn event_count(&self) -> usize {
        self.log.len()
    }

    fn observe_json(&self, viewer: Viewer, scene: bool) -> ShownJson {
        let game = self.driver.game();
        let observation = game.observe(self.driver.state(), viewer);
        let (drawn, table) = if scene {
            let table = worlds_engine::present::with_buttons(game, self.driver.state(), &observation, viewer);
            (game.scene(&observation), table)
        } else {
            (None, None)
        };
        ShownJson {
            scene: drawn.and_then(|s| serde_json::value::to_raw_value(&s).ok()),
            table: table.and_then(|t| serde_json::value::to_raw_value(&t).ok()),
            observation: serde_json::value::to_raw_value(&observation).unwrap_or_default(),
        }
    }

    fn undo_check(&self, player: Player) -> Result<usize, UndoError> {
        let (earlier, _, _) = self.before_last_decision(player)?;
        Ok(self.driver.record().actions.len() - earlier.actions.len())
    }

    fn undo(&mut self, player: Player) -> Result<usize, UndoError> {
        let (earlier, driver, log) = self.before_last_decision(player)?;
        let undone = self.driver.record().actions.len() - earlier.actions.len();
        let n = driver.game().num_players();
        *self = Session { driver, log, bots: no_bots(n) };
        Ok(undone)
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
        choose(self.driver.game(), self.driver.state(), agent.as_mut(), player)
    }

    fn bot_once(&self, player: Player, spec: AgentSpec) -> Result<BotTask, BotError> {
        if !self.driver.turn().players().contains(player) {
            return Err(BotError::NotToAct(player));
        }
        let record = self.driver.record();
        let seed = derive_seed(derive_seed(record.seed, 0xB07 + player.index() as u64), record.actions.len() as u64);
        let (game, state) = (self.driver.game().clone(), self.driver.state().clone());
        Ok(Box::new(move || choose(&game, &state, build::<G>(&spec, seed).as_mut(), player)))
    }

    fn clone_session(&self) -> Box<dyn DynSession> {
        let n = self.driver.game().num_players();
        Box::new(Session { driver: self.driver.clone(), log: self.log.clone(), bots: no_bots(n) })
    }
}
