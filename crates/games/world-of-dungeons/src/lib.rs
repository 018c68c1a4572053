//! # World of Dungeons
//!
//! The rules of World of Dungeons on the Worlds engine contract: three decks (Dungeon, Forum,
//! Loot), guilds of gamers, raids with a die, and Effect cards played on anyone's turn in response
//! windows that resolve last in, first out. Every rule has an ID (`docs/rules/world-of-dungeons.md`);
//! the code and the test of a rule name it.
//!
//! The files follow `docs/adding-a-game.md`: this file holds the game and its trait impl; `rules/`
//! the rules of play (`flow.rs` the turn on the engine's stack with response windows as priority
//! rounds, `raid.rs` phase 3, `effects.rs` what Effect cards do as a `Machine` for the program
//! kit, `ctx.rs` the mutations every rule uses, `values.rs` the modifiers in force, `legal.rs` and
//! `explain.rs`); `present/` what players see (`decision.rs` who decides what, `view.rs` with
//! `status.rs`, `table.rs` with `clicks.rs`, `render.rs`, `compact.rs`, and the
//! generated rules text in `text.rs`, `effect_text.rs` and `wording.rs`); `content/` the content
//! files and their parsers; `setup/` positions from outside (`validate.rs`, `reach.rs`); beside
//! them the state, actions, events, notation, hidden information, the bots' estimate and the
//! vocabulary (`vocab.rs`, and `ability.rs`, the abilities that content files are read into).
#![forbid(unsafe_code)]

mod ability;
mod action;
mod content;
mod event;
mod heuristic;
mod hidden;
mod notation;
mod present;
mod rules;
mod setup;
mod state;
mod vocab;

// Every module keeps its short path (`crate::flow`) in its room.
use present::{clicks, compact, decision, effect_text, render, status, table, text, view, wording};
use rules::{ctx, effects, explain, flow, legal, raid, values};
use setup::{reach, validate};

use std::sync::Arc;

pub use ability::{Gamers, Needs, Op, Passive, Pick, Whose, With};
pub use action::Action;
pub use clicks::{Facts, PlayedCard};
pub use content::{
    BUILT_IN_DIE, BUILT_IN_DUNGEONS, BUILT_IN_FORUM, BUILT_IN_LOOT, Content, DEFAULT_TURN_CAP, DIE_FILE, DUNGEONS_FILE,
    Dungeon, FORUM_FILE, Gamer, LOOT_FILE, LootDef, LootKind, MAX_DECK, MAX_LOOT, Options, Refuses,
};
pub use event::{Event, Target};
pub use state::{
    Deck, Declared, Ending, Fate, Item, Member, Phase, Picked, Played, Seat, Standing, State, Step, Table,
};
pub use validate::Setup;
pub use view::Observation;
pub use vocab::{Face, GamerType, Kind, Row, Timing, Types};

use worlds_engine::{
    Chance, Config, ConfigError, Decision, EventSink, Game, GameInfo, NotationError, Outcome, Player, Present,
    RuleError, StateError, Style, Turn, VariantInfo, ViewInfo, Viewer,
};

static INFO: GameInfo = GameInfo {
    id: "world-of-dungeons",
    name: "World of Dungeons",
    min_players: 2,
    max_players: 5,
    recommended_max_players: 5,
    variants: &[VariantInfo { id: "standard", description: "the rulebook's game" }],
    summary: "raid dungeons with a guild of gamers to 20 VP; Effect cards answer anyone's action, last in first out",
    hidden_information: true,
    simultaneous: false,
    chance: true,
    page: include_str!("../docs/players.md"),
    views: &[ViewInfo { name: "cards", help: "every dungeon and gamer, and the Loot cards seen so far" }],
};

/// World of Dungeons: the content and the options of one game.
#[derive(Clone, Debug)]
pub struct WorldOfDungeons {
    config: Config,
    content: Arc<Content>,
}

impl WorldOfDungeons {
    pub fn content(&self) -> &Content {
        &self.content
    }

    /// A player's VP now (WOD-CLAIM-2).
    pub fn vp(&self, s: &State, p: Player) -> i32 {
        values::Values::new(&self.content, &s.t).vp(p)
    }

    /// The rules text of a Loot design.
    pub fn loot_text(&self, def: u8) -> String {
        self.content.defs.get(usize::from(def)).map(text::loot).unwrap_or_default()
    }

    /// The rules text of a gamer's skill (WOD-DATA-2).
    pub fn gamer_text(&self, gamer: u8) -> String {
        self.content.gamers.get(usize::from(gamer)).map_or_else(String::new, |_| text::gamer(&self.content, gamer))
    }

    /// The rules text of a dungeon's abilities (WOD-DATA-2).
    pub fn dungeon_text(&self, dungeon: u8) -> String {
        self.content
            .dungeons
            .get(usize::from(dungeon))
            .map_or_else(String::new, |_| text::dungeon(&self.content, dungeon))
    }
}

impl Game for WorldOfDungeons {
    type State = State;
    type Setup = Setup;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(config: &Config) -> Result<WorldOfDungeons, ConfigError> {
        INFO.check(config)?;
        let content = Content::load(config)?;
        Ok(WorldOfDungeons { config: config.clone(), content: Arc::new(content) })
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn start(&self, rng: &mut impl Chance, events: &mut impl EventSink<Event>) -> State {
        flow::start(&self.content, self.num_players(), rng, events)
    }

    fn turn(&self, s: &State) -> Turn {
        legal::turn(&s.t)
    }

    fn decision(&self, s: &State) -> Decision {
        decision::decision(&self.content, s)
    }

    fn legal_actions_into(&self, s: &State, p: Player, out: &mut Vec<Action>) {
        legal::legal_actions(&self.content, &s.t, p, out);
    }

    fn explain_illegal(&self, s: &State, p: Player, action: Action) -> RuleError {
        explain::explain(&self.content, s, p, action)
    }

    fn apply_unchecked(
        &self,
        s: &mut State,
        _p: Player,
        action: Action,
        rng: &mut impl Chance,
        events: &mut impl EventSink<Event>,
    ) {
        flow::apply(&self.content, s, action, rng, events);
    }

    /// WOD-WIN-2, WOD-OUT-1: the most VP win, ties share.
    fn outcome(&self, s: &State) -> Option<Outcome> {
        s.t.over?;
        // Ranked by VP, tied players sharing a place (1, 1, 3); the most VP share the win.
        Some(Outcome::from_scores(flow::scores(&self.content, &s.t)))
    }

    fn observe(&self, s: &State, viewer: Viewer) -> Observation {
        view::observe(&self.content, s, viewer)
    }

    /// WOD-INFO-3: the unseen Loot cards dealt again (`hidden.rs`).
    fn determinize(&self, s: &State, viewer: Player, rng: &mut impl Chance) -> State {
        hidden::determinize(&self.content, s, viewer, rng)
    }

    fn tensor_len(&self) -> usize {
        view::tensor_len(&self.content)
    }

    fn write_tensor(&self, s: &State, player: Player, out: &mut [f32]) {
        view::write_tensor(&self.content, s, player, out);
    }

    fn format_action(&self, action: Action) -> String {
        notation::format(&self.content, action)
    }

    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        notation::parse(&self.content, text)
    }

    fn describe_event(&self, event: &Event) -> String {
        event::describe(&self.content, event)
    }

    fn from_setup(&self, setup: Setup) -> Result<State, StateError> {
        validate::from_setup(&self.content, self.num_players(), setup)
    }

    fn to_setup(&self, s: &State) -> Setup {
        s.t.clone()
    }

    fn evaluate(&self, s: &State, player: Player) -> Option<f64> {
        Some(heuristic::evaluate(&self.content, s, player))
    }

    /// WOD-RESP-11: passes.
    fn is_pass(&self, action: Action) -> bool {
        action.is_pass()
    }

    /// WOD-INFO-2: the Loot designs and cards a viewer may not know (`hidden.rs`).
    fn secrets(&self, s: &State, viewer: Viewer) -> Vec<String> {
        hidden::secrets(&self.content, s, viewer)
    }
}

impl Present for WorldOfDungeons {
    fn event_value(&self, event: &Event) -> serde_json::Value {
        event::to_value(&self.content, event)
    }

    fn render(&self, observation: &Observation, style: Style) -> String {
        render::render(&self.content, observation, style)
    }

    fn render_compact(&self, observation: &Observation, style: Style) -> String {
        compact::render_compact(&self.content, observation, style)
    }

    fn render_view(&self, observation: &Observation, name: &str, style: Style) -> Option<String> {
        render::render_view(&self.content, observation, name, style)
    }

    /// What a viewer sees (`table.rs`): panels, the rows, the stack and other piles, the phase,
    /// the buttons. There is no board beside it.
    fn table(&self, observation: &Observation) -> Option<worlds_engine::present::Table> {
        Some(table::table(&self.content, observation))
    }

    /// What a player clicks for an action: the card in hand, the gamer, dungeon, seat or stacked
    /// card picked, a button for the rest (`clicks.rs`).
    fn action_elements(&self, s: &State, action: Action) -> Vec<String> {
        clicks::action_elements(&self.content, s, action)
    }

    /// Passes, skip, grind, done, claim, leave out and gamer types are buttons (`clicks.rs`).
    fn button(&self, s: &State, _: Player, action: Action) -> Option<worlds_engine::present::Button> {
        clicks::button(&self.content, s, action)
    }

    /// What an action means at this decision, in words (a card's rules text; "kick Leroy").
    fn action_hint(&self, s: &State, action: Action) -> Option<String> {
        decision::hint(&self.content, s, action)
    }
}
