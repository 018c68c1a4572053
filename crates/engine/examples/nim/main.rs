//! Nim, as a worked example of a game crate (`docs/adding-a-game.md`): every file role in
//! miniature. Two players take turns removing 1 to 3 stones from a pile; who takes the last stone
//! wins. `cargo run -p worlds-engine --example nim` plays a random game; `cargo test -p
//! worlds-engine --example nim` runs its checks.
//!
//! This file is the game crate's `lib.rs`: the modules, the game and its `impl Game`, each method
//! one line into the module that owns it.
#![forbid(unsafe_code)]

mod action;
mod content;
mod event;
mod explain;
mod flow;
mod heuristic;
mod notation;
mod state;
mod validate;
mod view;

use action::Take;
use content::Content;
use event::Event;
use state::State;
use validate::Setup;
use view::Observation;
use worlds_engine::{
    Chance, Config, ConfigError, Decision, EventSink, Game, GameInfo, NotationError, Outcome, Player, Present,
    RuleError, StateError, Style, Turn, VariantInfo, Viewer,
};

static INFO: GameInfo = GameInfo {
    id: "nim",
    name: "Nim",
    min_players: 2,
    max_players: 2,
    recommended_max_players: 2,
    variants: &[VariantInfo { id: "standard", description: "take 1–3 stones; the last stone wins" }],
    summary: "a worked example: take 1 to 3 stones, who takes the last wins",
    hidden_information: false,
    simultaneous: false,
    chance: false,
    page: "# Nim\n\nTake 1 to 3 stones from the pile. Who takes the last stone wins.\n",
    views: &[],
};

#[derive(Clone, Debug)]
pub struct Nim {
    config: Config,
    content: Content,
}

impl Game for Nim {
    type State = State;
    type Setup = Setup;
    type Action = Take;
    type Event = Event;
    type Observation = Observation;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(config: &Config) -> Result<Nim, ConfigError> {
        INFO.check(config)?;
        Ok(Nim { config: config.clone(), content: Content::new(config)? })
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn start(&self, _: &mut impl Chance, _: &mut impl EventSink<Event>) -> State {
        flow::start(&self.content)
    }

    fn turn(&self, s: &State) -> Turn {
        flow::turn(s)
    }

    fn decision(&self, s: &State) -> Decision {
        flow::decision(s)
    }

    fn legal_actions_into(&self, s: &State, p: Player, out: &mut Vec<Take>) {
        flow::legal_actions(s, p, out);
    }

    fn explain_illegal(&self, s: &State, p: Player, take: Take) -> RuleError {
        explain::explain(s, p, take)
    }

    fn apply_unchecked(
        &self,
        s: &mut State,
        p: Player,
        take: Take,
        _: &mut impl Chance,
        events: &mut impl EventSink<Event>,
    ) {
        flow::apply(s, p, take, events);
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        flow::outcome(s)
    }

    fn observe(&self, s: &State, viewer: Viewer) -> Observation {
        view::observe(s, viewer)
    }

    fn determinize(&self, s: &State, _: Player, _: &mut impl Chance) -> State {
        s.clone() // Nothing is hidden.
    }

    fn tensor_len(&self) -> usize {
        view::TENSOR_LEN
    }

    fn write_tensor(&self, s: &State, p: Player, out: &mut [f32]) {
        view::write_tensor(&self.content, s, p, out);
    }

    fn format_action(&self, take: Take) -> String {
        take.to_string()
    }

    fn parse_action(&self, text: &str) -> Result<Take, NotationError> {
        text.parse()
    }

    fn describe_event(&self, e: &Event) -> String {
        e.describe()
    }

    fn from_setup(&self, setup: Setup) -> Result<State, StateError> {
        validate::from_setup(&self.content, setup)
    }

    fn to_setup(&self, s: &State) -> Setup {
        Setup::from(s)
    }

    fn evaluate(&self, s: &State, p: Player) -> Option<f64> {
        Some(heuristic::evaluate(s, p))
    }
}

impl Present for Nim {
    fn render(&self, o: &Observation, _: Style) -> String {
        view::render(o)
    }
}

fn main() {
    let game = Nim::new(&Config::players(2)).expect("a valid config");
    println!("{}", worlds_engine::conformance::playthrough(&game, 7, 100));
}

#[cfg(test)]
mod tests {
    use worlds_engine::{Config, Game, SeededRng, conformance, perft};

    use super::Nim;

    #[test]
    fn nim_keeps_the_contract_and_its_layout() {
        let game = Nim::new(&Config::players(2).with_option("stones", 9)).unwrap();
        conformance::check(&game, &conformance::Settings { playouts: 200, ..Default::default() });
        conformance::check_replay(&game, 1, 20, 100);
        conformance::check_state_mutations(&game, 1, 200, 20);
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/nim");
        assert_eq!(conformance::check_layout(&src, 600), Ok(()));
        // From 5 stones: 3 first moves, then 3 + 3 + 2 replies (from 4, 3, 2 left).
        let five = game.load_state(r#"{"stones": 5, "to_move": 0}"#).unwrap();
        assert_eq!(perft(&game, &five, 1, &SeededRng::new(0)), 3);
        assert_eq!(perft(&game, &five, 2, &SeededRng::new(0)), 8);
    }

    #[test]
    fn refusals_say_why() {
        let game = Nim::new(&Config::players(2)).unwrap();
        let two = game.load_state(r#"{"stones": 2, "to_move": 1}"#).unwrap();
        let err = game.check(&two, worlds_engine::Player::from_index(1), "take 3".parse().unwrap()).unwrap_err();
        assert_eq!(err.to_string(), "only 2 stones are left [NIM-TAKE]");
        let err = game.load_state(r#"{"stones": 30, "to_move": 1}"#).unwrap_err();
        assert_eq!(err.to_string(), "state field `stones`: the pile started with 21");
        let over = game.load_state(r#"{"stones": 0, "to_move": 1}"#).unwrap();
        assert_eq!(game.decision(&over).text, "P1 took the last stone and won");
    }
}
