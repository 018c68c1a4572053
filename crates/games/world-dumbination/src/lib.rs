//! # World Dumbination
//!
//! The rules of World Dumbination on the Worlds engine contract: a 253-space hex world that wraps
//! left to right, five nations, rounds of seven phases (draw, secret simultaneous placement, flip
//! and act in card-number order, movement and combat, buying, income), Ego and Popularity tracks,
//! Nuclear Bombs and the peace track. Every rule has an ID (`docs/rules/world-dumbination.md`); the
//! code and the test of a rule name it. This is Part 1 of the spec: the named cards and the core
//! effect set; Dumbness cards and the rest of the card vocabulary come with Part 2.
//!
//! The files follow `docs/adding-a-game.md`: this file holds the game and its trait impl; the
//! rules of play are in `rules/`, what players see in `present/`, the content in `content/` and
//! positions from outside in `setup/`. In `rules/`, `flow.rs` holds the phases on the engine's
//! stack, `place.rs` phase 2 (its secret choices typed in `choice.rs`), `act.rs` phase 4 (with `effects.rs`, the `Machine` of the card
//! programs), `military.rs` phase 5, `buy.rs` phase 6, `ctx.rs` the queries and mutations every rule
//! uses, `need.rs` the conditions, `score.rs` the end, `legal.rs` who decides what and `explain.rs`
//! why an action is refused; `decision.rs` words the decision, `view.rs`, `table.rs`, `render.rs`
//! and `scene.rs` show it, with `clicks.rs`; `validate.rs` checks positions from outside; `hidden.rs` determinizes and
//! lists secrets, `heuristic.rs` is the bots' estimate; `content/` holds the board, the cards and
//! their parsers; `hex.rs`, `nation.rs` and `sets.rs` are the vocabulary below them.
#![forbid(unsafe_code)]

mod action;
mod choice;
mod content;
mod event;
mod heuristic;
mod hex;
mod hidden;
mod nation;
mod notation;
mod present;
mod rules;
mod sets;
mod setup;
mod state;

// Every module keeps its short path (`crate::flow`) in its room.
pub use content::board;
use content::{card, card_step, grid};
use present::{clicks, decision, render, scene, table, text, view};
use rules::{act, buy, ctx, dumb, effects, explain, flow, legal, military, need, place, score};
use setup::{conservation, reachable, validate};

use std::sync::Arc;

pub use action::{Action, CODES};
pub use card::{
    CARDS_FILE, Card, CardNo, Cards, Cond, Deck, Filter, Kind, MAX_NUMBER, Pending, Pick, RuleKind, Stat,
    Step as CardStep, Who,
};
pub use content::{
    Content, DEFAULT_END_VP, DEFAULT_ROUND_CAP, Leader, NATIONS_FILE, Options, nations_in_play, parse_nations,
};
pub use dumb::per_deck as dumbness_per_deck;
pub use event::{Event, space_name};
pub use nation::Nation;
pub use notation::parse_space;
pub use sets::SpaceSet;
pub use state::{
    Acting, BOARD_SPACE, Base, CardSet, Dumbness, Ending, InForce, LEFT, Lying, Mods, NOBODY, Phase, Placed, Placement,
    Placing, RIGHT, Seat, State, Step, Table, Token, Unit,
};
pub use text::{card_face, card_text};
pub use validate::{Setup, VP_BEYOND_GOAL, most_resources};
pub use view::{
    AuctionView, CardView, DumbCardView, DumbnessView, HandCard, Observation, ProjectView, SeatView, SpaceCard,
    SpaceView, StepView, TargetView,
};

use worlds_engine::{
    Chance, Config, ConfigError, Decision, EventSink, Game, GameInfo, NotationError, Outcome, Player, Present,
    RuleError, StateError, Style, Turn, VariantInfo, ViewInfo, Viewer,
};

static INFO: GameInfo = GameInfo {
    id: "world-dumbination",
    name: "World Dumbination",
    min_players: 2,
    max_players: 5,
    recommended_max_players: 5,
    variants: &[
        VariantInfo { id: "standard", description: "the rulebook's game, with First Goals and Dumbness cards" },
        VariantInfo { id: "short", description: "WD-VAR-1: no First Goals; 15 resources and 5 VP each" },
        VariantInfo { id: "serious", description: "WD-VAR-2: no Dumbness cards" },
    ],
    summary: "five dumb world leaders race to VP with cards, armies and nukes on a wrapping hex world; disarm for peace",
    hidden_information: true,
    simultaneous: true,
    chance: true,
    page: include_str!("../docs/players.md"),
    views: &[
        ViewInfo { name: "map", help: "the world map; `map COL` (0–22) turns it so column COL is at the left edge" },
        ViewInfo { name: "zoom", help: "`zoom SPACE` (e.g. zoom E12): the spaces around one, in full" },
    ],
};

/// World Dumbination: the content and the options of one game.
#[derive(Clone, Debug)]
pub struct WorldDumbination {
    config: Config,
    content: Arc<Content>,
}

impl WorldDumbination {
    pub fn content(&self) -> &Content {
        &self.content
    }

    /// A player's final score if the game ended now (WD-SCORE-1).
    pub fn score(&self, s: &State, p: Player) -> u16 {
        score::final_score(&self.content, &s.t, &ctx::Map::new(&self.content, &s.t), p)
    }

    /// A player's income now (WD-INCOME-1).
    pub fn income(&self, s: &State, p: Player) -> u16 {
        ctx::income(&self.content, &s.t, &ctx::Map::new(&self.content, &s.t), p)
    }

    /// A unit's strength of `p` at a space (WD-STR-1, WD-STR-2).
    pub fn strength(&self, s: &State, p: Player, space: board::Space) -> u8 {
        let seat = &s.t.seats[p];
        ctx::strength_at(&self.content, seat, ctx::mods(&self.content, seat), space)
    }
}

impl Game for WorldDumbination {
    type State = State;
    type Setup = Setup;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(config: &Config) -> Result<WorldDumbination, ConfigError> {
        let variant = INFO.check(config)?;
        let content = Content::new(config, variant.id)?;
        Ok(WorldDumbination { config: config.clone(), content: Arc::new(content) })
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
        p: Player,
        action: Action,
        rng: &mut impl Chance,
        events: &mut impl EventSink<Event>,
    ) {
        flow::apply(&self.content, s, p, action, rng, events);
    }

    /// WD-SCORE-3.
    fn outcome(&self, s: &State) -> Option<Outcome> {
        s.t.over?;
        Some(score::outcome(&self.content, &s.t))
    }

    fn observe(&self, s: &State, viewer: Viewer) -> Observation {
        view::observe(&self.content, s, viewer)
    }

    /// WD-INFO-4 (Part 1): others' hands and face-down cards, the decks, others' kept First Goals
    /// and unturned target tokens are re-sampled.
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

    fn faction(&self, s: &State, player: Player) -> Option<String> {
        s.t.seats.get(player).map(|seat| seat.nation.name().to_owned())
    }

    fn is_pass(&self, action: Action) -> bool {
        action.is_pass()
    }

    /// WD-INFO-2: the cards others hold or placed face down, and their kept First Goals: by number,
    /// and by name where no other card has that name.
    fn secrets(&self, s: &State, viewer: Viewer) -> Vec<String> {
        hidden::secrets(&self.content, s, viewer)
    }
}

impl Present for WorldDumbination {
    fn event_value(&self, event: &Event) -> serde_json::Value {
        event::to_value(&self.content, event)
    }

    fn render(&self, observation: &Observation, style: Style) -> String {
        render::render(&self.content, observation, style)
    }

    fn render_compact(&self, observation: &Observation, style: Style) -> String {
        render::render_compact(&self.content, observation, style)
    }

    fn render_view(&self, observation: &Observation, name: &str, style: Style) -> Option<String> {
        render::render_view(&self.content, observation, name, style)
    }

    fn scene(&self, observation: &Observation) -> Option<worlds_engine::scene::Scene> {
        Some(scene::scene(&self.content, observation))
    }

    fn table(&self, observation: &Observation) -> Option<worlds_engine::present::Table> {
        Some(table::table(&self.content, observation))
    }

    fn action_elements(&self, s: &State, action: Action) -> Vec<String> {
        clicks::action_elements(&self.content, s, action)
    }

    fn action_hint(&self, s: &State, action: Action) -> Option<String> {
        decision::hint(&self.content, s, action)
    }

    /// Nothing, done, markers, raises, passes, options and target tokens are buttons (`clicks.rs`).
    fn button(&self, s: &State, _: Player, action: Action) -> Option<worlds_engine::present::Button> {
        clicks::button(&self.content, s, action)
    }
}
