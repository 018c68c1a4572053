//! # Woobieworld
//!
//! The rules of Woobieworld on the Worlds engine contract: an island of support and industries, a
//! deck of card effects written in a small effect vocabulary (content data, with generated rules
//! text) and run by the engine's program kit, hidden hands, environments that change the rules,
//! and the cycles variant's simultaneous face-down choice. Every rule has an ID (`docs/rules/`);
//! the code and the test of a rule name it.
//!
//! The files follow `docs/adding-a-game.md`: this file holds the game and its trait impl; the
//! rules of play are in `rules/` (`flow.rs` the turn on the engine's stack, `effects.rs` and
//! `question.rs` what cards do and ask, `in_force.rs` what environments change, `explain.rs` why
//! an action is refused), what players see in `present/` (`view.rs`, `table.rs`, `decision.rs`
//! who decides what, `render.rs` the terminal, `scene.rs` the browser with `clicks.rs`), the
//! content and options in `content/` (`content.rs`, `map.rs` with `drawing.rs` the areas'
//! outlines, `card.rs` with `text.rs` the cards' words, which the card file's errors and the events
//! use too) and positions from outside in `setup/` (`validate.rs`); `hidden.rs` the hidden information,
//! `heuristic.rs` the bots' estimate, `effect.rs` the cards' vocabulary and the other rulebook
//! nouns at the top.
#![forbid(unsafe_code)]

mod action;
mod area;
mod content;
mod effect;
mod event;
mod heuristic;
mod hidden;
mod notation;
mod present;
mod rules;
mod setup;
mod state;

// Every module keeps its short path (`crate::flow`) in its room.
use content::{card, drawing, map, text};
use present::{clicks, decision, render, scene, table, view};
use rules::{effects, explain, flow, in_force, question};
use setup::validate;

use std::sync::Arc;

pub use action::Action;
pub use area::{Area, Colour, INDUSTRIES_PER_COLOUR, Support};
pub use card::{BUILT_IN_CARDS, CARDS_FILE, Card, CardId, CardSet, CardType, parse_cards};
pub use content::{Content, DEFAULT_TURN_CAP, HAND, Options};
pub use drawing::{HEIGHT as DRAWING_HEIGHT, Outline, WIDTH as DRAWING_WIDTH};
pub use effect::{
    AreaFilter, Chooser, Condition, Count, Effect, Homes, NamedCount, Per, Pieces, Place, PlayerFilter, Program, Rule,
};
pub use event::Event;
pub use map::{AreaInfo, BUILT_IN_MAP, MAP_FILE, Map, Terrain};
pub use notation::FORMS as NOTATION_FORMS;
pub use question::Question;
pub use state::{Cycle, Ending, InPlay, Phase, Resolution, State, Step};
pub use validate::{CycleSetup, Setup};
pub use view::{AreaView, CardView, Choice, InPlayView, Observation, Resolving, SeatView};

use worlds_engine::{
    Chance, Config, ConfigError, Decision, EventSink, Game, GameInfo, NotationError, Outcome, Player, Present,
    RuleError, StateError, Style, Turn, VariantInfo, ViewInfo, Viewer,
};

static INFO: GameInfo = GameInfo {
    id: "woobieworld",
    name: "Woobieworld",
    min_players: 2,
    max_players: 6,
    recommended_max_players: 6,
    variants: &[
        VariantInfo { id: "standard", description: "players take full turns clockwise" },
        VariantInfo { id: "cycles", description: "everyone picks a card face down; turns go in ascending card number" },
    ],
    summary: "win the island's support before Mount Saint Woobie erupts; squares of each colour, minus Anarchs",
    hidden_information: true,
    simultaneous: true,
    chance: true,
    page: include_str!("../docs/players.md"),
    views: &[ViewInfo { name: "map", help: "the map: which areas border which" }],
};

/// Woobieworld: the content and the options of one game.
#[derive(Clone, Debug)]
pub struct Woobieworld {
    config: Config,
    content: Arc<Content>,
}

impl Woobieworld {
    pub fn content(&self) -> &Content {
        &self.content
    }

    pub fn turn_cap(&self) -> u32 {
        self.content.turn_cap
    }

    /// WOOB-PLAY-1: whether `p` may play `card` now (its colour at home, no environment banning it).
    pub fn playable(&self, s: &State, p: Player, card: CardId) -> bool {
        in_force::playable(&self.content, s, p, card)
    }

    pub fn volcanoes_in_play(&self, s: &State) -> u8 {
        in_force::volcanoes_in_play(&self.content, s)
    }
}

impl Game for Woobieworld {
    type State = State;
    type Setup = Setup;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(config: &Config) -> Result<Woobieworld, ConfigError> {
        let variant = INFO.check(config)?;
        let content = Content::load(config, variant.id == "cycles")?;
        Ok(Woobieworld { config: config.clone(), content: Arc::new(content) })
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn start(&self, rng: &mut impl Chance, events: &mut impl EventSink<Event>) -> State {
        flow::start(&self.content, self.num_players(), rng, events)
    }

    fn turn(&self, s: &State) -> Turn {
        flow::turn(&self.content, s)
    }

    fn decision(&self, s: &State) -> Decision {
        decision::decision(&self.content, s)
    }

    fn legal_actions_into(&self, s: &State, p: Player, out: &mut Vec<Action>) {
        flow::legal_actions(&self.content, s, p, out);
    }

    fn explain_illegal(&self, s: &State, p: Player, action: Action) -> RuleError {
        explain::explain(&self.content, s, p, action)
    }

    fn apply_unchecked(
        &self,
        s: &mut State,
        p: Player,
        action: Action,
        rng: &mut impl Chance,
        events: &mut impl EventSink<Event>,
    ) {
        flow::apply(&self.content, s, p, action, rng, events);
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        flow::outcome(s)
    }

    fn observe(&self, s: &State, viewer: Viewer) -> Observation {
        view::observe(&self.content, s, viewer)
    }

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
        notation::format(action, &self.content)
    }

    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        notation::parse(text, &self.content)
    }

    fn describe_event(&self, event: &Event) -> String {
        event::describe(&self.content, event)
    }

    fn from_setup(&self, setup: Setup) -> Result<State, StateError> {
        validate::from_setup(&self.content, self.num_players(), setup)
    }

    fn to_setup(&self, s: &State) -> Setup {
        Setup::from(s)
    }

    fn evaluate(&self, s: &State, player: Player) -> Option<f64> {
        Some(heuristic::evaluate(&self.content, s, player))
    }

    /// The area a player first made home.
    fn faction(&self, s: &State, player: Player) -> Option<String> {
        s.home(player).map(|a| self.content.map.name(a).to_owned())
    }

    /// WOOB-HAND-1: the cards in other hands not known to all, and face-down choices (`hidden.rs`).
    fn secrets(&self, s: &State, viewer: Viewer) -> Vec<String> {
        hidden::secrets(&self.content, s, viewer)
    }
}

impl Present for Woobieworld {
    fn event_value(&self, event: &Event) -> serde_json::Value {
        event::to_value(&self.content, event)
    }

    fn render(&self, observation: &Observation, style: Style) -> String {
        render::render(&self.content, observation, style)
    }

    fn render_compact(&self, observation: &Observation, style: Style) -> String {
        render::render_compact(&self.content, observation, style)
    }

    fn table(&self, observation: &Observation) -> Option<worlds_engine::present::Table> {
        Some(table::table(&self.content, observation))
    }

    fn render_view(&self, observation: &Observation, name: &str, style: Style) -> Option<String> {
        render::render_view(&self.content, observation, name, style)
    }

    /// The island, its pieces, the players, the cards this viewer may see (`scene.rs`).
    fn scene(&self, observation: &Observation) -> Option<worlds_engine::scene::Scene> {
        Some(scene::scene(&self.content, observation))
    }

    fn action_elements(&self, s: &State, action: Action) -> Vec<String> {
        clicks::action_elements(&self.content, s, action)
    }

    /// A card's rules text; what a choice inside a card means (an OR's branch by its text, an
    /// area by its name).
    /// Skipping the industry step and a card's options are buttons (`clicks.rs`).
    fn button(&self, s: &State, _: Player, action: Action) -> Option<worlds_engine::present::Button> {
        clicks::button(&self.content, s, action)
    }

    fn action_hint(&self, s: &State, action: Action) -> Option<String> {
        match action {
            Action::Play(card) | Action::Discard(card) | Action::Commit(card) => self.content.get(card).map(Card::text),
            _ => decision::hint(&self.content, s, action),
        }
    }
}
