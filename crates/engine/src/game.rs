//! The contract every game implements.

use std::fmt;
use std::hash::Hash;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::chance::Chance;
use crate::error::{ConfigError, NotationError, RuleError, RuleErrorKind, StateError, state_error};
use crate::outcome::Outcome;
use crate::player::{Player, PlayerSet, Viewer};

pub use crate::config::{Config, GameInfo, NoOptions, VariantInfo, ViewInfo};

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

    /// This visibility in a match of `n` seats: a restricted one names only seats that exist
    /// (`all_but(P1)` with two players is P2 and spectators); a public one stays public.
    pub fn seated(self, n: usize) -> Visibility {
        if self.is_public() {
            return self;
        }
        Visibility { players: self.players.intersection(PlayerSet::first_n(n)), spectators: self.spectators }
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

/// What is being decided now, in the game's words: who decides what, and the rule that asks for
/// it. Once the game is over: how it ended, and the rule that ended it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Decision {
    /// The rule ID, e.g. `WW5-COMBAT-3`.
    pub rule: &'static str,
    /// One sentence, e.g. "P2 chooses where to retreat from af-northeast".
    pub text: String,
}

impl Decision {
    pub fn new(rule: &'static str, text: impl Into<String>) -> Decision {
        Decision { rule, text: text.into() }
    }
}

/// The stable integer encoding of a game's actions, for learning agents: every action has a code
/// below [`ActionCode::COUNT`], and every code decodes to at most one action.
pub trait ActionCode: Copy {
    /// The size of the integer action space.
    const COUNT: usize;
    /// The action's code, below [`ActionCode::COUNT`].
    fn index(self) -> usize;
    /// The action with a code, if there is one.
    fn from_index(index: usize) -> Option<Self>;
}

/// A game's rules: the contract of the architecture (`docs/adding-a-game.md`).
///
/// A `Game` value is built once from a [`Config`] and is immutable; it creates and acts on states.
/// Every method that takes an action or a state from outside is total: it returns an error, never
/// panics. A state from outside enters only as a [`Game::Setup`] through [`Game::from_setup`],
/// which checks it; states have no `Deserialize` of their own.
pub trait Game: Clone + Send + Sync + fmt::Debug + 'static {
    /// Everything about a game in progress. Saved as its [`Game::Setup`] ([`Game::to_setup`]).
    type State: Clone + PartialEq + fmt::Debug + Send + Sync + 'static;
    /// A position as plain data, as JSON holds it: unchecked, it becomes a state only through
    /// [`Game::from_setup`].
    type Setup: fmt::Debug + Serialize + DeserializeOwned;
    /// One atomic decision.
    type Action: ActionCode + Eq + Hash + fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
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

    /// Who must decide what, in the game's words (never interpreter internals), and the rule that
    /// asks it; once the game is over, how it ended.
    fn decision(&self, state: &Self::State) -> Decision;

    /// Appends the legal actions of `player` to `out` (which the caller clears and reuses, so the hot
    /// path allocates nothing). Empty when `player` has nothing to decide now. This list is the
    /// truth: [`Game::check`] accepts exactly what it holds.
    fn legal_actions_into(&self, state: &Self::State, player: Player, out: &mut Vec<Self::Action>);

    /// Why `player`, who must decide now, may not take `action` (which is not in their legal list):
    /// what is wrong, what to do instead, and the rule ID. Called only for such actions.
    fn explain_illegal(&self, state: &Self::State, player: Player, action: Self::Action) -> RuleError;

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

    /// Turns a position into a playable state, checking everything a game could not have reached:
    /// the only way into a state from outside.
    ///
    /// # Errors
    /// A [`StateError`] naming the JSON path of the offending field.
    // The game is the factory: it builds the state from the setup, checking it against its config
    // and content, so this `from_` takes `self`.
    #[allow(clippy::wrong_self_convention)]
    fn from_setup(&self, setup: Self::Setup) -> Result<Self::State, StateError>;

    /// The position a state is in, as plain data (`from_setup(to_setup(s)) == s`).
    fn to_setup(&self, state: &Self::State) -> Self::Setup;

    /// A cheap estimate of how good `state` is for `player` (0 = lost … 1 = won), if the game has one.
    fn evaluate(&self, _state: &Self::State, _player: Player) -> Option<f64> {
        None
    }

    /// What a seat plays as, for balance statistics (e.g. World War 5's home continent), once known.
    fn faction(&self, _state: &Self::State, _player: Player) -> Option<String> {
        None
    }

    /// What a finished game counts for balance statistics beyond who won, in a fixed order: e.g.
    /// the game turns it lasted, or how it ended as 1 (yes) or 0 (no). `worlds sim` reports each
    /// measure's mean and spread and the share of games where it is above 0; empty for a game
    /// with none.
    fn measures(&self, _state: &Self::State) -> Vec<(&'static str, f64)> {
        Vec::new()
    }

    /// Whether an action is a kind of pass (a decision whose every legal action is a pass is
    /// forced: see [`forced`]).
    fn is_pass(&self, _action: Self::Action) -> bool {
        false
    }

    /// For the leak test: the names and ids (as they would appear in text or JSON, e.g. a card's
    /// name and `"card":12`) of everything `viewer` may not know in `state`. None of them may appear
    /// in what `viewer` observes or in the events `viewer` sees.
    fn secrets(&self, _state: &Self::State, _viewer: Viewer) -> Vec<String> {
        Vec::new()
    }

    // ----- provided -----

    /// Whether `player` may take `action` now; the error names the broken rule. Derived from the
    /// legal list: refusals of a player who is not to decide, or of a finished game, come from
    /// [`Game::turn`] and [`Game::decision`]; an action in the list is accepted; anything else is
    /// explained by [`Game::explain_illegal`].
    ///
    /// # Errors
    /// A [`RuleError`] naming the broken rule.
    fn check(&self, state: &Self::State, player: Player, action: Self::Action) -> Result<(), RuleError> {
        let turn = self.turn(state);
        if turn.is_over() {
            let d = self.decision(state);
            return Err(RuleError::game_over(d.rule, d.text));
        }
        if !turn.players().contains(player) {
            let d = self.decision(state);
            if player.index() >= self.num_players() {
                let n = self.num_players();
                return Err(RuleError::not_your_turn(d.rule, format!("there is no seat {player}: seats are P1–P{n}")));
            }
            return Err(RuleError::not_your_turn(d.rule, format!("it is not your decision now: {}", d.text)));
        }
        let mut legal = Vec::new();
        self.legal_actions_into(state, player, &mut legal);
        if legal.contains(&action) {
            return Ok(());
        }
        let mut e = self.explain_illegal(state, player, action);
        e.kind = RuleErrorKind::Illegal;
        Err(e)
    }

    /// The legal actions of `player` in a new list (convenience; hot paths use
    /// [`Game::legal_actions_into`]).
    fn legal_actions(&self, state: &Self::State, player: Player) -> Vec<Self::Action> {
        let mut out = Vec::new();
        self.legal_actions_into(state, player, &mut out);
        out
    }

    /// The action `player` may take without thinking, when their decision is forced (see
    /// [`forced`]). It is still a decision, logged and applied like any other.
    fn forced_action(&self, state: &Self::State, player: Player) -> Option<Self::Action> {
        forced(self, &self.legal_actions(state, player))
    }

    /// The most actions a game can last under its rules, when they bound it (OpenSpiel's
    /// `max_game_length`); `None` when they bound only turns or rounds, not the decisions within
    /// them.
    fn max_game_length(&self) -> Option<usize> {
        None
    }

    /// Size of the integer action space: every [`Game::action_index`] is below it.
    fn num_distinct_actions(&self) -> usize {
        <Self::Action as ActionCode>::COUNT
    }

    /// The stable integer code of an action.
    fn action_index(&self, action: Self::Action) -> usize {
        action.index()
    }

    /// The action with a code, if the code is in range.
    fn action_from_index(&self, index: usize) -> Option<Self::Action> {
        <Self::Action as ActionCode>::from_index(index)
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

    /// Reads a position from JSON text and checks it ([`Game::from_setup`]).
    ///
    /// # Errors
    /// A [`StateError`] with the JSON position of a syntax error, or the JSON path of the
    /// offending field.
    fn load_state(&self, json: &str) -> Result<Self::State, StateError> {
        // Text goes through a JSON value, so text and value load exactly alike (read from text,
        // serde_json would also take a struct variant written as an array; from a value it does
        // not); a key given twice is refused. Syntax errors keep their line and column.
        let value = crate::json::parse_unique(json).map_err(|e| StateError::Json {
            line: e.line(),
            column: e.column(),
            message: match e.to_string().rfind(" at line ") {
                Some(at) => e.to_string()[..at].to_owned(),
                None => e.to_string(),
            },
        })?;
        self.load_state_value(value)
    }

    /// Reads a position from a JSON value and checks it.
    ///
    /// # Errors
    /// As [`Game::load_state`].
    fn load_state_value(&self, json: serde_json::Value) -> Result<Self::State, StateError> {
        let setup: Self::Setup = serde_path_to_error::deserialize(json).map_err(state_error)?;
        let state = self.from_setup(setup)?;
        playable(self, &state)?;
        Ok(state)
    }

    /// The state as JSON (its setup).
    fn save_state(&self, state: &Self::State) -> serde_json::Value {
        serde_json::to_value(self.to_setup(state)).unwrap_or(serde_json::Value::Null)
    }
}

/// How a game is shown to people: drawn for a terminal and a browser, its events as JSON for
/// clients, notes beside actions in menus. Apart from the rules ([`Game`]) so that bots,
/// simulations and learning code depend on the rules alone; the registry, the CLI, the server and
/// Python reach games through it.
pub trait Present: Game {
    /// An event as JSON for clients (the protocol, a server): by default its serde form; a game
    /// whose events hold content indices writes names instead.
    fn event_value(&self, event: &Self::Event) -> serde_json::Value {
        serde_json::to_value(event).unwrap_or(serde_json::Value::Null)
    }

    /// Draws `observation` for a terminal: the whole board, every line at most 80 columns wide.
    fn render(&self, observation: &Self::Observation, style: Style) -> String;

    /// A compact drawing for play in an 80×24 terminal: the status and what the current decision
    /// needs, in few lines (leaving room for the decision's menu), at most 80 columns wide. The
    /// full board stays one command away ([`Present::render`]).
    fn render_compact(&self, observation: &Self::Observation, style: Style) -> String {
        self.render(observation, style)
    }

    /// The extra drawing `name` (one of [`GameInfo::views`]) for `observation`, at most 80 columns
    /// wide; `None` for a name the game does not have.
    fn render_view(&self, _observation: &Self::Observation, _name: &str, _style: Style) -> Option<String> {
        None
    }

    /// A short note a player may want next to an action in a menu (e.g. the odds of an attack).
    fn action_hint(&self, _state: &Self::State, _action: Self::Action) -> Option<String> {
        None
    }

    /// What the viewer of `observation` sees apart from the board: the phase, each player's panel
    /// (named counts, cards in front of them, the hand if visible), the piles
    /// ([`crate::present::Table`]); the terminal draws it and says what changed for a seat since
    /// its last decision. `None` for a game that does not describe one yet.
    fn table(&self, _observation: &Self::Observation) -> Option<crate::present::Table> {
        None
    }

    /// What a browser draws of `observation` (see [`crate::scene`]); `None` for a game that has
    /// no scene yet.
    fn scene(&self, _observation: &Self::Observation) -> Option<crate::scene::Scene> {
        None
    }

    /// The ids of the scene elements `action` belongs to (what a player clicks to take it).
    fn action_elements(&self, _state: &Self::State, _action: Self::Action) -> Vec<String> {
        Vec::new()
    }

    /// The button `player`'s `action` is offered as when it belongs to nothing the scene or the
    /// table draws (pass, done, skip): its id (the one [`Present::action_elements`] names), its
    /// word and what it does, in `player`'s words where several seats decide at once ("lift your
    /// VP 2 from Siberia"). [`crate::present::with_buttons`] puts the deciding viewer's buttons on
    /// its table.
    fn button(&self, _state: &Self::State, _player: Player, _action: Self::Action) -> Option<crate::present::Button> {
        None
    }
}

/// Whether a position can go on, whatever the game: a game not over has someone to decide, and
/// everyone to decide has a legal action; a game over has an outcome. Every loaded position is
/// checked so ([`Game::load_state_value`]): a game's own checks need not repeat it, and no
/// position that loads leaves a bot or a player with nothing to do.
///
/// # Errors
/// A [`StateError`] for the state as a whole, saying who cannot act.
pub fn playable<G: Game>(game: &G, state: &G::State) -> Result<(), StateError> {
    let turn = game.turn(state);
    if turn.is_over() {
        if game.outcome(state).is_none() {
            return Err(StateError::invalid("", "the game is over but has no outcome"));
        }
        return Ok(());
    }
    if turn.players().is_empty() {
        return Err(StateError::invalid("", "the game is not over, but nobody is to decide"));
    }
    for p in turn.players().iter() {
        if game.legal_actions(state, p).is_empty() {
            let decision = game.decision(state).text;
            return Err(StateError::invalid(
                "",
                format!("{p} is to decide ({decision}) but has no legal action: no game reaches this position"),
            ));
        }
    }
    Ok(())
}

/// The action to take without thinking from a legal list, if the decision is forced: its only
/// action, or its first when every action is a kind of pass (WOD-RESP-11). A forced decision is
/// still a decision: never skipped, always logged.
pub fn forced<G: Game>(game: &G, legal: &[G::Action]) -> Option<G::Action> {
    match legal {
        [one] => Some(*one),
        [first, ..] if legal.iter().all(|a| game.is_pass(*a)) => Some(*first),
        _ => None,
    }
}
