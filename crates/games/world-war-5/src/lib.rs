//! # World War 5
//!
//! The rules of World War 5 on the Worlds engine contract: six continents of three territories,
//! pyramids that grow, build, move and invade, dice combat where the defender chooses where to
//! retreat, and victory by holding another continent. Every rule has an ID (`docs/rules/`); the
//! code and the test of a rule name it.
//!
//! ```
//! use worlds_engine::{Config, Game, MatchDriver, Turn};
//! use worlds_world_war_5::WorldWar5;
//!
//! let game = WorldWar5::new(&Config::players(2).with_option("homes", serde_json::json!(["eu", "as"]))).unwrap();
//! let (mut m, _setup) = MatchDriver::new(game, 1);
//! let Turn::Decide(first) = m.turn() else { unreachable!() };
//! let place = if first.index() == 0 { "place eu-north" } else { "place as-north" };
//! m.apply_text(first, place).unwrap();
//! assert!(m.apply_text(first, "grow eu-north").is_err()); // setup first, and not your turn
//! ```
//!
//! The files follow `docs/adding-a-game.md`: this file holds the game and its trait impl; the
//! rules of play are in `rules/` (`flow.rs`, `explain.rs` why an action is refused, `combat.rs`),
//! what players see in `present/` (`view.rs`, `table.rs`, `render.rs` the terminal, `scene.rs`
//! the browser), the board and options in `content/` (`content.rs`, `board.rs` with `drawing.rs`,
//! the board's geometry read from its `[drawing]`) and positions from outside in `setup/`
//! (`validate.rs`);
//! `heuristic.rs` the bots' estimate and the vocabulary at the top.
#![forbid(unsafe_code)]

mod action;
mod content;
mod event;
mod heuristic;
mod notation;
mod piece;
mod present;
mod rules;
mod setup;
mod state;
mod territory;

// Every module keeps its short path (`crate::flow`) in its room.
use content::{board, drawing};
use present::{render, scene, table, view};
use rules::{combat, explain, flow};
use setup::validate;

pub use action::Action;
pub use board::{BOARD_FILE, BUILT_IN as BUILT_IN_BOARD, Board};
pub use combat::{ODDS, enumerate_odds, odds, shrunk_size};
pub use content::{Content, DEFAULT_TURN_CAP, Options};
pub use event::Event;
pub use notation::FORMS as NOTATION_FORMS;
pub use piece::{Piece, Size, Stash};
pub use state::{Combat, Ending, State, Step};
pub use territory::{Continent, Territory};
pub use validate::Setup;
pub use view::{Observation, PlayerInfo, Square, TENSOR_LEN, Threat};

use worlds_engine::{
    Chance, Config, ConfigError, Decision, EventSink, Game, GameInfo, NotationError, Outcome, Player, Present,
    RuleError, StateError, Style, Turn, VariantInfo, Viewer,
};

static INFO: GameInfo = GameInfo {
    id: "world-war-5",
    name: "World War 5",
    min_players: 2,
    max_players: 6,
    recommended_max_players: 4,
    variants: &[
        VariantInfo { id: "original", description: "the default board, reconstructed from every published constraint" },
        VariantInfo { id: "pyramid-arcade", description: "the board as printed in the Pyramid Arcade box" },
    ],
    summary: "conquer another continent while holding your own; pyramids grow, dice decide invasions",
    hidden_information: false,
    simultaneous: false,
    chance: true,
    page: include_str!("../docs/players.md"),
    views: &[],
};

/// World War 5: the rules, the board and the options of one game.
#[derive(Clone, Debug)]
pub struct WorldWar5 {
    config: Config,
    content: Content,
}

impl WorldWar5 {
    pub fn board(&self) -> &Board {
        self.content.board()
    }

    pub fn turn_cap(&self) -> u32 {
        self.content.turn_cap()
    }

    /// The territories the defender may retreat to (WW5-COMBAT-3), as a mask.
    pub fn retreat_options(&self, s: &State, from: Territory, contested: Territory) -> u32 {
        flow::retreat_options(&self.content, s, from, contested)
    }
}

impl Game for WorldWar5 {
    type State = State;
    type Setup = Setup;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(config: &Config) -> Result<WorldWar5, ConfigError> {
        // WW5-SETUP-1: 2–6 players (more than 4 with a warning, shown by the CLI).
        let variant = INFO.check(config)?;
        Ok(WorldWar5 { config: config.clone(), content: Content::new(config, variant.id)? })
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn start(&self, rng: &mut impl Chance, events: &mut impl EventSink<Event>) -> State {
        flow::start(&self.content, self.num_players(), rng, events)
    }

    fn turn(&self, s: &State) -> Turn {
        flow::turn(s)
    }

    fn decision(&self, s: &State) -> Decision {
        flow::decision(&self.content, s)
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

    fn determinize(&self, s: &State, _: Player, _: &mut impl Chance) -> State {
        // Everything in World War 5 is public (WW5-VIEW-1).
        s.clone()
    }

    fn tensor_len(&self) -> usize {
        TENSOR_LEN
    }

    fn write_tensor(&self, s: &State, player: Player, out: &mut [f32]) {
        view::write_tensor(&self.content, s, player, out);
    }

    fn format_action(&self, action: Action) -> String {
        action.to_string()
    }

    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        text.parse()
    }

    fn describe_event(&self, event: &Event) -> String {
        event.describe()
    }

    fn from_setup(&self, setup: Setup) -> Result<State, StateError> {
        validate::from_setup(&self.content, self.num_players(), setup)
    }

    fn to_setup(&self, s: &State) -> Setup {
        Setup::from(s.clone())
    }

    fn evaluate(&self, s: &State, player: Player) -> Option<f64> {
        Some(heuristic::evaluate(s, player))
    }

    fn faction(&self, s: &State, player: Player) -> Option<String> {
        s.home(player).map(|c| self.board().continent_name(c).to_owned())
    }

    fn is_pass(&self, action: Action) -> bool {
        action == Action::Pass
    }
}

impl Present for WorldWar5 {
    fn scene(&self, obs: &Observation) -> Option<worlds_engine::scene::Scene> {
        Some(scene::scene(self.content.board(), obs))
    }

    fn action_elements(&self, _: &State, action: Action) -> Vec<String> {
        scene::action_elements(action)
    }

    /// WW5-TURN-1: a pass, when no action is possible, is a button.
    fn button(&self, _: &State, _: Player, action: Action) -> Option<worlds_engine::present::Button> {
        (action == Action::Pass).then(|| worlds_engine::present::Button::new("pass", "Pass", "no action is possible"))
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

    fn action_hint(&self, s: &State, action: Action) -> Option<String> {
        let Action::Invade { target, from } = action else { return None };
        let (a, d) = odds(s.piece(from)?.size, s.piece(target)?.size);
        Some(format!("{}% to win", (a * 100 + d / 2) / d))
    }
}
