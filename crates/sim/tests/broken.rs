//! A game that breaks its contract is reported, never played to a silent, shortened end.
#![allow(clippy::unwrap_used)]

use serde::{Deserialize, Serialize};
use worlds_agents::AgentSpec;
use worlds_engine::{
    ActionCode, Chance, Config, ConfigError, Decision, EventSink, Game, GameInfo, NotationError, Outcome, Player,
    Present, RuleError, StateError, Style, Turn, VariantInfo, Viewer,
};
use worlds_sim::{SimError, play_one};

static INFO: GameInfo = GameInfo {
    id: "broken",
    name: "Broken",
    min_players: 2,
    max_players: 2,
    recommended_max_players: 2,
    variants: &[VariantInfo { id: "standard", description: "a count to three" }],
    summary: "a game whose checks disagree with its legal list",
    hidden_information: false,
    simultaneous: false,
    chance: false,
    page: "",
    views: &[],
};

/// Counting to three. `refuse` makes its check refuse what its legal list offers (the bug);
/// `mute` makes its legal list empty while a player must decide (another bug).
#[derive(Clone, Debug)]
struct Broken {
    config: Config,
    refuse: bool,
    mute: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
struct Step;

impl ActionCode for Step {
    const COUNT: usize = 1;
    fn index(self) -> usize {
        0
    }
    fn from_index(i: usize) -> Option<Step> {
        (i == 0).then_some(Step)
    }
}

impl Game for Broken {
    type State = u8;
    type Setup = u8;
    type Action = Step;
    type Event = u8;
    type Observation = u8;

    fn info() -> &'static GameInfo {
        &INFO
    }
    fn new(config: &Config) -> Result<Broken, ConfigError> {
        Ok(Broken { config: config.clone(), refuse: false, mute: false })
    }
    fn config(&self) -> &Config {
        &self.config
    }
    fn start(&self, _: &mut impl Chance, _: &mut impl EventSink<u8>) -> u8 {
        0
    }
    fn turn(&self, s: &u8) -> Turn {
        if *s >= 3 { Turn::Over } else { Turn::Decide(Player::from_index(usize::from(*s % 2))) }
    }
    fn decision(&self, s: &u8) -> Decision {
        Decision::new("BROKEN-1", format!("count {s}"))
    }
    fn legal_actions_into(&self, s: &u8, p: Player, out: &mut Vec<Step>) {
        if !self.mute && self.turn(s) == Turn::Decide(p) {
            out.push(Step);
        }
    }
    fn explain_illegal(&self, _: &u8, _: Player, _: Step) -> RuleError {
        RuleError::illegal("BROKEN-1", "no")
    }
    fn check(&self, s: &u8, p: Player, _: Step) -> Result<(), RuleError> {
        if self.refuse || self.turn(s) != Turn::Decide(p) {
            Err(RuleError::illegal("BROKEN-1", "this game refuses its own legal actions"))
        } else {
            Ok(())
        }
    }
    fn apply_unchecked(&self, s: &mut u8, _: Player, _: Step, _: &mut impl Chance, _: &mut impl EventSink<u8>) {
        *s += 1;
    }
    fn outcome(&self, s: &u8) -> Option<Outcome> {
        (*s >= 3).then(|| Outcome::single_winner(2, Player::from_index(0)))
    }
    fn observe(&self, s: &u8, _: Viewer) -> u8 {
        *s
    }
    fn determinize(&self, s: &u8, _: Player, _: &mut impl Chance) -> u8 {
        *s
    }
    fn tensor_len(&self) -> usize {
        1
    }
    fn write_tensor(&self, s: &u8, _: Player, out: &mut [f32]) {
        out[0] = f32::from(*s);
    }
    fn format_action(&self, _: Step) -> String {
        "step".into()
    }
    fn parse_action(&self, text: &str) -> Result<Step, NotationError> {
        if text.trim() == "step" { Ok(Step) } else { Err(NotationError::new(text, "write `step`")) }
    }
    fn describe_event(&self, e: &u8) -> String {
        e.to_string()
    }
    fn from_setup(&self, s: u8) -> Result<u8, StateError> {
        Ok(s)
    }
    fn to_setup(&self, s: &u8) -> u8 {
        *s
    }
}

impl Present for Broken {
    fn render(&self, s: &u8, _: Style) -> String {
        s.to_string()
    }
}

#[test]
fn a_game_whose_apply_fails_is_reported_with_its_seed_and_step() {
    let game = Broken { config: Config::players(2), refuse: true, mute: false };
    let err = play_one(&game, &[AgentSpec::Random, AgentSpec::Random], 5, 3).unwrap_err();
    let SimError::Game { index, step, ref reason, .. } = err else { panic!("{err}") };
    assert_eq!((index, step), (3, 0));
    assert_eq!(
        reason,
        "P1 (random) chose `step`, which was refused: this game refuses its own legal actions [BROKEN-1]"
    );
    assert!(err.to_string().starts_with("game 3 (seed "), "{err}");
}

#[test]
fn a_player_who_must_decide_but_has_nothing_to_choose_is_reported() {
    let game = Broken { config: Config::players(2), refuse: false, mute: true };
    let err = play_one(&game, &[AgentSpec::Greedy, AgentSpec::Random], 5, 0).unwrap_err();
    assert!(
        err.to_string()
            .ends_with("failed after 0 actions: P1 (greedy) must decide but chose nothing (0 legal actions)"),
        "{err}"
    );
    // The same game, not broken, plays to its end.
    let fine = Broken { config: Config::players(2), refuse: false, mute: false };
    assert_eq!(play_one(&fine, &[AgentSpec::Random, AgentSpec::Random], 5, 0).unwrap().actions, 3);
}
