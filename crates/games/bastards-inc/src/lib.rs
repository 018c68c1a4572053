//! # Bastards Inc.
//!
//! The rules of Bastards Inc. on the Worlds engine contract: ruthless companies place VPs in a
//! pyramid of regions by Corruption or Crime, fight Battles of Goodwill, sell Stuff to wars, run
//! Business Opportunities (alone or as joint ventures), launder the black money, bribe journalists
//! and buy the Peace Nobel Prize. Part A of the spec follows the published chapter "The game
//! turn"; Part B (set-up, board, plans, cards, events, war table, journalism, the end) is our own
//! design. Every rule has an ID (`docs/rules/bastards-inc.md`); the code and the test of a rule
//! name it.
//!
//! The files follow `docs/adding-a-game.md`: this file holds the game and its trait impl; the
//! rules of play are in `rules/`, what players see in `present/`, the content in `content/` and
//! positions from outside in `setup/`. In `rules/`, `flow.rs` holds the phases on the engine's stack, `draw.rs` phase 1, `place.rs` phase 2 with the
//! Battles of Goodwill, `war.rs` phases 3 and 4, `business.rs` phase 5's action turns with
//! `deal.rs` (gifts, commissions), `act.rs` (cards played, Business Opportunities used, Stuff sold,
//! joint ventures and journalism), `aim.rs` (targets and what can be done), `effects.rs` (the
//! `Machine` of the card programs), `round.rs` (the business round), `ctx.rs` the queries and
//! changes every rule uses, `score.rs` the end, `legal.rs` who decides what, `decision.rs` the
//! decision in words, `explain.rs` why an action is refused, `validate.rs` positions from outside,
//! `hidden.rs` determinization and secrets, `view.rs`, `table.rs`, `render.rs` and `scene.rs`
//! what players see, `heuristic.rs` the bots' estimate; `content.rs`, `board.rs`, `plan.rs`,
//! `card.rs` and `card_file.rs` the content; `attr.rs` the vocabulary; `choice.rs` the hidden
//! simultaneous choices, kept in the kit's `Secret`.
#![forbid(unsafe_code)]

mod action;
mod attr;
mod choice;
mod content;
mod event;
mod heuristic;
mod hidden;
mod notation;
mod present;
mod rules;
mod setup;
mod state;

// Every module keeps its short path (`crate::flow`) in its room.
pub use content::{board, plan};
use content::{card, card_file};
use present::{clicks, decision, render, scene, table, text, view};
use rules::{act, aim, business, ctx, deal, draw, effects, explain, flow, legal, place, round, score, war};
use setup::{reach, validate};

use std::sync::Arc;

pub use action::{Action, Amount, CODES, LADDER};
pub use attr::{Attr, Entry, Section};
pub use card::{CARDS_FILE, Card, CardNo, CardSet, Cards, Cost, DECK, EVENTS, EVENTS_FILE, Kind, Op, Timing};
pub use content::{Content, DEFAULT_TARGET, DEFAULT_TURN_CAP, Options};
pub use event::Event;
pub use state::{
    Act, ActStage, Battle, Choice, Commission, Deal, Deed, Dest, Ending, OldChoice, Phase, Seat, Side, Spot, Stage,
    State, Stats, Step, Table, Target, Vp, WarRoll, Window,
};
pub use text::{card_text, event_text};
pub use validate::Setup;
pub use view::{Observation, SeatView, StepView, VpView};

use worlds_engine::{
    Chance, Config, ConfigError, Decision, EventSink, Game, GameInfo, NotationError, Outcome, Player, Present,
    RuleError, StateError, Style, Turn, VariantInfo, Viewer,
};

static INFO: GameInfo = GameInfo {
    id: "bastards-inc",
    name: "Bastards Inc.",
    min_players: 3,
    max_players: 6,
    recommended_max_players: 6,
    variants: &[VariantInfo { id: "standard", description: "the game turn of the rulebook, the rest as designed" }],
    summary: "ruthless companies buy influence in a pyramid of regions, sell Stuff to wars and launder the profits",
    hidden_information: true,
    simultaneous: true,
    chance: true,
    page: include_str!("../docs/players.md"),
    views: &[],
};

/// Bastards Inc.: the content and the options of one game.
#[derive(Clone, Debug)]
pub struct BastardsInc {
    config: Config,
    content: Arc<Content>,
}

impl BastardsInc {
    pub fn content(&self) -> &Content {
        &self.content
    }
}

impl Game for BastardsInc {
    type State = State;
    type Setup = Setup;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;

    fn info() -> &'static GameInfo {
        &INFO
    }

    /// BI-SETUP-1: 3 to 6 players.
    fn new(config: &Config) -> Result<BastardsInc, ConfigError> {
        INFO.check(config)?;
        let content = Content::new(config)?;
        Ok(BastardsInc { config: config.clone(), content: Arc::new(content) })
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn start(&self, rng: &mut impl Chance, events: &mut impl EventSink<Event>) -> State {
        flow::start(&self.content, self.num_players(), rng, events)
    }

    fn turn(&self, s: &State) -> Turn {
        legal::turn(&self.content, &s.t)
    }

    fn decision(&self, s: &State) -> Decision {
        decision::decision(&self.content, s)
    }

    fn legal_actions_into(&self, s: &State, p: Player, out: &mut Vec<Action>) {
        legal::legal_actions(&self.content, &s.t, p, out);
    }

    fn explain_illegal(&self, s: &State, p: Player, action: Action) -> RuleError {
        explain::explain(&self.content, s, p, action, decision::decision(&self.content, s))
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

    /// BI-WIN-1, BI-OUT-1, BI-BUNKER-2.
    fn outcome(&self, s: &State) -> Option<Outcome> {
        s.t.over?;
        Some(score::outcome(&s.t))
    }

    fn observe(&self, s: &State, viewer: Viewer) -> Observation {
        view::observe(&self.content, s, viewer)
    }

    /// BI-CARD-5: the others' hands and their hidden choices in progress are re-sampled.
    fn determinize(&self, s: &State, viewer: Player, rng: &mut impl Chance) -> State {
        hidden::determinize(&self.content, s, viewer, rng)
    }

    fn tensor_len(&self) -> usize {
        view::tensor_len()
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
        event::describe(&self.content, event, event_text)
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
        s.t.seats.get(player).map(|seat| self.content.plans.get(seat.plan).name.clone())
    }

    /// The figures of the spec's Balance targets: the game's length in turns, how it ended, the
    /// wars and the Prizes bought, and how often players dealt and were exposed.
    fn measures(&self, s: &State) -> Vec<(&'static str, f64)> {
        let t = &s.t;
        let ended = |e: Ending| if t.over == Some(e) { 1.0 } else { 0.0 };
        vec![
            ("game turns", f64::from(t.turn)),
            ("money target reached (BI-END-1)", ended(Ending::Money)),
            ("last turn played (BI-END-2)", ended(Ending::TurnCap)),
            ("Nuclear Apocalypse (BI-WAR-4)", ended(Ending::Apocalypse)),
            ("wars", f64::from(t.stats.wars)),
            ("Peace Nobel Prizes bought (BI-BUYNOBEL-1)", f64::from(t.stats.prizes)),
            ("joint ventures", f64::from(t.stats.ventures)),
            ("illegal acts exposed", f64::from(t.stats.exposed)),
        ]
    }

    fn is_pass(&self, action: Action) -> bool {
        action.is_pass()
    }

    /// BI-CARD-5: the cards in others' hands, by number, and by name where no copy is visible.
    fn secrets(&self, s: &State, viewer: Viewer) -> Vec<String> {
        hidden::secrets(&self.content, s, viewer)
    }
}

impl Present for BastardsInc {
    fn event_value(&self, event: &Event) -> serde_json::Value {
        event::to_value(&self.content, event)
    }

    fn render(&self, observation: &Observation, style: Style) -> String {
        render::render(&self.content, observation, style)
    }

    fn render_compact(&self, observation: &Observation, style: Style) -> String {
        render::render_compact(&self.content, observation, style)
    }

    fn scene(&self, observation: &Observation) -> Option<worlds_engine::scene::Scene> {
        Some(scene::scene(&self.content, observation))
    }

    fn table(&self, observation: &Observation) -> Option<worlds_engine::present::Table> {
        Some(table::table(observation))
    }

    /// Every answer and amount is a button, under its row's caption (`clicks.rs`); a VP placed by a
    /// declaration is a click on its region.
    fn button(&self, s: &State, player: Player, action: Action) -> Option<worlds_engine::present::Button> {
        clicks::button(&self.content, s, player, action)
    }

    fn action_elements(&self, s: &State, action: Action) -> Vec<String> {
        clicks::action_elements(&self.content, s, action)
    }

    fn action_hint(&self, s: &State, action: Action) -> Option<String> {
        decision::hint(&self.content, s, action)
    }
}
