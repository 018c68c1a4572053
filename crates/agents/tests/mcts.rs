//! Search agents: strength, tactics, agreement with exhaustive search, blindness to hidden
//! information, simultaneous decisions, forced steps and panics in search threads.
#![allow(clippy::unwrap_used)]

use worlds_agents::{Agent, AgentSpec, Mcts, build};
use worlds_engine::reference::{ConnectFour, TicTacToe};
use worlds_engine::{Config, Game, MatchDriver, NoEvents, Player, PlayerView, SeededRng, next_decider};
use worlds_woobieworld::Woobieworld;
use worlds_world_war_5::WorldWar5;

fn p(i: usize) -> Player {
    Player::from_index(i)
}

fn spec(s: &str) -> AgentSpec {
    s.parse().unwrap()
}

/// Plays a game between agents; returns the returns.
fn play<G: Game>(game: &G, specs: &[AgentSpec], seed: u64) -> Vec<f64> {
    let mut agents: Vec<Box<dyn Agent<G>>> =
        specs.iter().enumerate().map(|(i, s)| build::<G>(s, worlds_engine::derive_seed(seed, i as u64))).collect();
    let (mut m, _) = MatchDriver::new(game.clone(), seed);
    while let Some(who) = next_decider(m.turn()) {
        let a = agents[who.index()].choose(&PlayerView::new(m.game(), m.state(), who)).unwrap();
        m.apply(who, a).unwrap();
    }
    m.outcome().unwrap().returns.as_slice().to_vec()
}

/// MCTS wins at least 90% against random in each seat.
fn strength<G: Game>(game: &G, mcts: &str, games: usize) {
    for seat in 0..2 {
        let mut specs = vec![spec("random"); 2];
        specs[seat] = spec(mcts);
        let wins: f64 = (0..games).map(|g| play(game, &specs, g as u64 * 7 + seat as u64)[seat]).sum();
        assert!(wins >= 0.9 * games as f64, "{mcts} in seat {seat} won {wins} of {games}");
    }
}

#[test]
fn mcts_beats_random_at_connect_four_in_each_seat() {
    strength(&ConnectFour::new(&Config::players(2)).unwrap(), "mcts:300", 200);
}

#[test]
fn mcts_beats_random_at_world_war_5_in_each_seat() {
    strength(&WorldWar5::new(&Config::players(2)).unwrap(), "mcts:100,rollout=heuristic:30", 100);
}

fn c4_choice(rows: &str, spec_text: &str) -> String {
    let g = ConnectFour::new(&Config::players(2)).unwrap();
    let s = g.load_state(rows).unwrap();
    let Some(who) = next_decider(g.turn(&s)) else { panic!("over") };
    let mut agent = build::<ConnectFour>(&spec(spec_text), 1);
    g.format_action(agent.choose(&PlayerView::new(&g, &s, who)).unwrap())
}

#[test]
fn mcts_takes_an_immediate_connect_four_win() {
    // X (to move) has three in the bottom row.
    let rows = r#"{"rows":[".......",".......",".......","O......","O......","XXX...O"]}"#;
    assert_eq!(c4_choice(rows, "mcts:2000"), "3");
}

#[test]
fn mcts_blocks_an_immediate_connect_four_loss() {
    // O (to move) must block X's three in column 3.
    let rows = r#"{"rows":[".......",".......",".......","...X...","...X...","O..X..O"]}"#;
    assert_eq!(c4_choice(rows, "mcts:3000"), "3");
}

/// Exhaustive negamax on tic-tac-toe: the value of each move for the player to move.
fn negamax(g: &TicTacToe, s: &worlds_engine::reference::TicTacToeState) -> f64 {
    match g.outcome(s) {
        Some(o) => {
            // From the point of view of the player who would move next: win 1, draw 0, loss -1.
            let mover =
                (0..9).filter(|&i| s.cell(worlds_engine::reference::Cell::new(i).unwrap()).is_some()).count() % 2;
            o.returns[p(mover)] * 2.0 - 1.0
        }
        None => {
            let who = next_decider(g.turn(s)).unwrap();
            g.legal_actions(s, who)
                .into_iter()
                .map(|a| {
                    let mut c = s.clone();
                    g.apply(&mut c, who, a, &mut SeededRng::new(0)).unwrap();
                    -negamax(g, &c)
                })
                .fold(f64::NEG_INFINITY, f64::max)
        }
    }
}

/// Differential test: with a large budget, MCTS picks a move exhaustive search rates optimal, on
/// random small tic-tac-toe positions.
#[test]
fn mcts_agrees_with_exhaustive_search_on_small_tic_tac_toe_positions() {
    let g = TicTacToe::new(&Config::players(2)).unwrap();
    let mut rng = SeededRng::new(5);
    let mut checked = 0;
    while checked < 12 {
        let (mut s, _) = g.new_game(&mut rng);
        for _ in 0..4 + rng.below(2) {
            let Some(who) = next_decider(g.turn(&s)) else { break };
            let legal = g.legal_actions(&s, who);
            let a = legal[rng.below(legal.len() as u32) as usize];
            g.apply(&mut s, who, a, &mut rng).unwrap();
        }
        let Some(who) = next_decider(g.turn(&s)) else { continue };
        let values: Vec<(worlds_engine::reference::Cell, f64)> = g
            .legal_actions(&s, who)
            .into_iter()
            .map(|a| {
                let mut c = s.clone();
                g.apply(&mut c, who, a, &mut rng).unwrap();
                (a, -negamax(&g, &c))
            })
            .collect();
        let best = values.iter().map(|(_, v)| *v).fold(f64::NEG_INFINITY, f64::max);
        let mut agent = build::<TicTacToe>(&spec("mcts:20000"), checked);
        let chosen = agent.choose(&PlayerView::new(&g, &s, who)).unwrap();
        let value = values.iter().find(|(a, _)| *a == chosen).unwrap().1;
        assert_eq!(
            value,
            best,
            "position {:?}: MCTS chose {} worth {value}, the best is worth {best}",
            s,
            g.format_action(chosen)
        );
        checked += 1;
    }
}

/// An agent decides from what its player may know: two states that differ only in the opponent's
/// hidden hand (same observation for the agent's player) give the same decision.
#[test]
fn an_agent_cannot_read_hidden_information() {
    let g = Woobieworld::new(&Config::players(2)).unwrap();
    let mut rng = SeededRng::new(12);
    let (mut s, _) = g.new_game(&mut rng);
    let mut buf = Vec::new();
    worlds_engine::random_playout(&g, &mut s, &mut rng, &mut buf, 30);
    let who = next_decider(g.turn(&s)).unwrap();
    // Another state the player cannot tell apart: the opponent's hand dealt again.
    let other = g.determinize(&s, who, &mut SeededRng::new(99));
    assert_eq!(g.observe(&other, who.into()), g.observe(&s, who.into()));
    for spec_text in ["ismcts:300", "mcts:300", "greedy", "random"] {
        let a = build::<Woobieworld>(&spec(spec_text), 4).choose(&PlayerView::new(&g, &s, who));
        let b = build::<Woobieworld>(&spec(spec_text), 4).choose(&PlayerView::new(&g, &other, who));
        assert_eq!(a, b, "{spec_text} decided differently on information it cannot have");
    }
}

#[test]
fn search_agents_play_whole_games_of_every_kind() {
    let g = Woobieworld::new(&Config::players(3).with_variant("cycles")).unwrap();
    let r = play(&g, &[spec("ismcts:50"), spec("mcts:50"), spec("random")], 3);
    assert!((r.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    let g = WorldWar5::new(&Config::players(4)).unwrap();
    let r = play(&g, &[spec("mcts:30,threads=2"), spec("greedy"), spec("random"), spec("ismcts:20")], 3);
    assert!((r.iter().sum::<f64>() - 1.0).abs() < 1e-9);
}

/// At Woobieworld's simultaneous card choice (cycles, 4 players), the default search (keyed by
/// the searching player's own choice) holds its own against the joint keying at equal
/// iterations: one decoupled seat, rotated over the seats, against three joint ones.
///
/// This is a guard against a clearly weaker default, not a claim of strength: experiments of
/// 2 400 games (4 and 5 players, 200 to 5 000 iterations, several rollouts) found no measurable
/// difference either way: the decoupled seat's share was 0.248 ± 0.010 over 1 800 games at 4
/// players (fair 0.25) and 0.181 ± 0.016 over 600 at 5 (fair 0.20).
#[test]
fn decoupled_search_holds_its_own_against_joint_search_at_woobieworld_cycles() {
    let g = Woobieworld::new(&Config::players(4).with_variant("cycles")).unwrap();
    let decoupled = spec("mcts:200,rollout=heuristic:3");
    let joint = spec("mcts:200,rollout=heuristic:3,simultaneous=joint");
    let games = 100;
    let share = (0..games)
        .map(|game| {
            let seat = game % 4;
            let mut specs = vec![joint; 4];
            specs[seat] = decoupled;
            play(&g, &specs, game as u64)[seat]
        })
        .sum::<f64>()
        / games as f64;
    // A fair share is 0.25; a seat playing at random against these searches gets about 0.01.
    assert!(share >= 0.125, "the decoupled seat won a share of {share:.3} in {games} games");
}

/// Where the new keying matters, at Woobieworld's cycles with four players choosing at once. P1
/// holds Clean Slate (270, an OR: lose half your support and gain one of each colour, or gain two
/// support of any colour) and Calm Waters (195, +2 blue); every card anyone else could hold is
/// numbered above 300, so whichever P1 commits, P1 moves first after the reveal, and with the
/// industry piles empty P1's turn is: support, the play (forced), and Clean Slate's choice. On
/// P1's home of 10 red, Clean Slate with the right follow-up (the second option, red twice) is
/// the best card; with a random follow-up it averages less than Calm Waters. The new search keeps
/// P1's follow-up under P1's own card and learns it; the old one keys it by the joint choice of
/// all four, spreads it over every combination of the others' hidden cards and never learns it.
/// Measured: at 800 iterations the new search commits Clean Slate in 18 of 20 seeds, the old in
/// none; the old needs some 12 000 iterations to get to 8 of 20.
#[test]
fn decoupled_search_finds_the_card_whose_worth_is_its_own_follow_up_where_joint_search_does_not() {
    let g = Woobieworld::new(&Config::players(4).with_variant("cycles")).unwrap();
    let c = g.content();
    let id = |name: &str| c.find_card(name).unwrap().index() as u8;
    let area = |name: &str| c.map.find(name).unwrap().index();
    let mine = [id("Clean Slate"), id("Calm Waters")];
    let (mut discard, mut unseen) = (Vec::new(), Vec::new());
    for (i, card) in c.cards.iter().enumerate().map(|(i, card)| (i as u8, card)) {
        if !mine.contains(&i) {
            if card.is_environment() || card.number < 300 { discard.push(i) } else { unseen.push(i) }
        }
    }
    let mut support = vec![[0u8; 5]; c.map.len()];
    support[area("oceana")] = [10, 0, 0, 1, 0];
    support[area("doom-grove")] = [0, 11, 0, 0, 0];
    support[area("woobania")] = [0, 0, 2, 0, 0];
    support[area("cheeseport")] = [0, 0, 0, 2, 0];
    let mut industries = vec![[0u8; 4]; c.map.len()];
    industries[area("bambooton")] = [3, 3, 3, 3];
    let s = g
        .load_state_value(serde_json::json!({
            "stack": ["choose"], "first": 0, "active": 0, "turn": 8,
            "homes": [area("oceana"), area("doom-grove"), area("woobania"), area("cheeseport")],
            "support": support, "industries": industries,
            "hands": [mine, &unseen[0..4], &unseen[4..8], &unseen[8..12]], "deck": &unseen[12..],
            "discard": discard, "in_play": [],
            "cycle": {"committed": [null, null, null, null], "revealed": false, "order": [], "position": 0}
        }))
        .unwrap();
    assert_eq!(g.turn(&s), worlds_engine::Turn::Simultaneous(worlds_engine::PlayerSet::first_n(4)));
    let commits_clean_slate = |spec_text: &str| {
        (0..20)
            .filter(|&seed| {
                let action = build::<Woobieworld>(&spec(spec_text), seed).choose(&PlayerView::new(&g, &s, p(0)));
                g.format_action(action.unwrap()) == "commit clean-slate"
            })
            .count()
    };
    let new = commits_clean_slate("mcts:800,rollout=heuristic:6");
    let old = commits_clean_slate("mcts:800,rollout=heuristic:6,simultaneous=joint");
    assert!(new >= 15 && old <= 3, "Clean Slate committed in {new} of 20 searches by the new keying, {old} by the old");
}

/// A tiny game for the search's plumbing: P1 picks a digit; then come `forced_steps` decisions
/// (P2, P1, P2, …) between 0 and 1, both kinds of pass; then P1 and P2 choose at once, P1 by force
/// (one action, 0) and P2 among four digits. P1 wins when the two digits have the same parity. Applying
/// the digit `trap` at P1's first decision panics.
mod relay {
    use serde::{Deserialize, Serialize};
    use worlds_engine::{
        ActionCode, Chance, Config, ConfigError, Decision, EventSink, Game, GameInfo, NotationError, Outcome, Player,
        PlayerSet, Present, RuleError, StateError, Style, Turn, VariantInfo, Viewer,
    };

    static INFO: GameInfo = GameInfo {
        id: "relay",
        name: "Relay",
        min_players: 2,
        max_players: 2,
        recommended_max_players: 2,
        variants: &[VariantInfo { id: "standard", description: "a digit, forced steps, a simultaneous digit" }],
        summary: "test game: forced steps and a simultaneous decision",
        hidden_information: true,
        simultaneous: true,
        chance: false,
        page: "",
        views: &[],
    };

    #[derive(Clone, Debug)]
    pub struct Relay {
        config: Config,
        pub forced_steps: u8,
        pub trap: Option<u8>,
    }

    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
    pub struct Digit(pub u8);

    impl ActionCode for Digit {
        const COUNT: usize = 4;
        fn index(self) -> usize {
            usize::from(self.0)
        }
        fn from_index(index: usize) -> Option<Digit> {
            (index < 4).then_some(Digit(index as u8))
        }
    }

    #[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
    pub struct RelayState {
        step: u8,
        first: u8,
        p1_done: bool,
        last: Option<u8>,
    }

    fn p(i: usize) -> Player {
        Player::from_index(i)
    }

    impl Game for Relay {
        type State = RelayState;
        type Setup = RelayState;
        type Action = Digit;
        type Event = ();
        type Observation = RelayState;

        fn info() -> &'static GameInfo {
            &INFO
        }

        fn new(config: &Config) -> Result<Relay, ConfigError> {
            INFO.check(config)?;
            Ok(Relay { config: config.clone(), forced_steps: 6, trap: None })
        }

        fn config(&self) -> &Config {
            &self.config
        }

        fn start(&self, _: &mut impl Chance, _: &mut impl EventSink<()>) -> RelayState {
            RelayState::default()
        }

        fn turn(&self, s: &RelayState) -> Turn {
            match s.step {
                0 => Turn::Decide(p(0)),
                n if n <= self.forced_steps => Turn::Decide(p(usize::from(n % 2))),
                n if n == self.forced_steps + 1 => {
                    let mut set = PlayerSet::EMPTY;
                    if !s.p1_done {
                        set.insert(p(0));
                    }
                    if s.last.is_none() {
                        set.insert(p(1));
                    }
                    Turn::Simultaneous(set)
                }
                _ => Turn::Over,
            }
        }

        fn decision(&self, _: &RelayState) -> Decision {
            Decision::new("RELAY", "a digit")
        }

        fn legal_actions_into(&self, s: &RelayState, player: Player, out: &mut Vec<Digit>) {
            if !self.turn(s).players().contains(player) {
                return;
            }
            if s.step == 0 || (s.step > self.forced_steps && player == p(1)) {
                out.extend((0..4).map(Digit));
            } else if s.step <= self.forced_steps {
                out.extend([Digit(0), Digit(1)]);
            } else {
                out.push(Digit(0));
            }
        }

        fn is_pass(&self, Digit(d): Digit) -> bool {
            d < 2
        }

        fn explain_illegal(&self, _: &RelayState, _: Player, _: Digit) -> RuleError {
            RuleError::illegal("RELAY", "not a choice now")
        }

        fn apply_unchecked(
            &self,
            s: &mut RelayState,
            player: Player,
            Digit(d): Digit,
            _: &mut impl Chance,
            _: &mut impl EventSink<()>,
        ) {
            if s.step == 0 {
                assert!(self.trap != Some(d), "the trap digit {d} was played");
                s.first = d;
                s.step = 1;
            } else if s.step <= self.forced_steps {
                s.step += 1;
            } else {
                if player == p(0) {
                    s.p1_done = true;
                } else {
                    s.last = Some(d);
                }
                if s.p1_done && s.last.is_some() {
                    s.step += 1;
                }
            }
        }

        fn outcome(&self, s: &RelayState) -> Option<Outcome> {
            let last = s.last.filter(|_| self.turn(s) == Turn::Over)?;
            Some(Outcome::single_winner(2, p(usize::from(!(s.first + last).is_multiple_of(2)))))
        }

        fn observe(&self, s: &RelayState, _: Viewer) -> RelayState {
            s.clone()
        }

        fn determinize(&self, s: &RelayState, _: Player, _: &mut impl Chance) -> RelayState {
            s.clone()
        }

        fn tensor_len(&self) -> usize {
            0
        }

        fn write_tensor(&self, _: &RelayState, _: Player, _: &mut [f32]) {}

        fn format_action(&self, Digit(d): Digit) -> String {
            d.to_string()
        }

        fn parse_action(&self, text: &str) -> Result<Digit, NotationError> {
            text.trim()
                .parse::<usize>()
                .ok()
                .and_then(Digit::from_index)
                .ok_or_else(|| NotationError::new(text, "a digit 0–3"))
        }

        fn describe_event(&self, _: &()) -> String {
            String::new()
        }

        fn from_setup(&self, setup: RelayState) -> Result<RelayState, StateError> {
            Ok(setup)
        }

        fn to_setup(&self, s: &RelayState) -> RelayState {
            s.clone()
        }
    }

    impl Present for Relay {
        fn render(&self, s: &RelayState, _: Style) -> String {
            format!("{s:?}")
        }
    }
}

fn relay(trap: Option<u8>) -> relay::Relay {
    let mut g = relay::Relay::new(&Config::players(2)).unwrap();
    g.trap = trap;
    g
}

fn mcts_agent(spec_text: &str, seed: u64) -> Mcts {
    let AgentSpec::Mcts(config) = spec(spec_text) else { panic!("{spec_text} is not a search") };
    Mcts::new(config, seed)
}

#[test]
fn a_forced_decision_is_taken_without_searching() {
    let g = relay(None);
    let mut s = g.start(&mut SeededRng::new(1), &mut NoEvents);
    g.apply(&mut s, p(0), relay::Digit(2), &mut SeededRng::new(1)).unwrap();
    let mut agent = mcts_agent("mcts:500", 3);
    assert_eq!(g.legal_actions(&s, p(1)), [relay::Digit(0), relay::Digit(1)]);
    // P2's two actions are both passes: the decision is forced, the first pass is taken.
    assert_eq!(agent.choose(&PlayerView::new(&g, &s, p(1))), Some(relay::Digit(0)));
    assert_eq!((agent.last_iterations, agent.last_nodes), (0, 0));
    // At the simultaneous decision P1 has a single action.
    for who in [1, 0, 1, 0, 1, 0] {
        g.apply(&mut s, p(who), relay::Digit(1), &mut SeededRng::new(1)).unwrap();
    }
    assert_eq!(g.legal_actions(&s, p(0)), [relay::Digit(0)]);
    agent.last_iterations = 7;
    assert_eq!(agent.choose(&PlayerView::new(&g, &s, p(0))), Some(relay::Digit(0)));
    assert_eq!(agent.last_iterations, 0);
    // P1's first decision is a real one.
    let s = g.start(&mut SeededRng::new(1), &mut NoEvents);
    agent.choose(&PlayerView::new(&g, &s, p(0))).unwrap();
    assert_eq!(agent.last_iterations, 500);
}

#[test]
fn forced_steps_make_no_nodes() {
    let g = relay(None);
    let s = g.start(&mut SeededRng::new(1), &mut NoEvents);
    let view = PlayerView::new(&g, &s, p(0));
    // Root, one child per digit of P1 (P2's simultaneous choice is hidden from P1: one child
    // whatever P2 chose; P1's own part of it is forced). The six forced steps add nothing.
    let mut agent = mcts_agent("mcts:400", 3);
    let (visits, iterations) = agent.analyse(&view);
    assert_eq!((iterations, agent.last_nodes), (400, 1 + 4 + 4));
    assert_eq!(visits.iter().map(|(_, v)| v).sum::<u32>(), 400);
    // Keyed by the joint choice, the tree branches on P2's digit too, still without nodes for
    // the forced steps.
    let mut agent = mcts_agent("mcts:400,simultaneous=joint", 3);
    agent.analyse(&view);
    assert_eq!(agent.last_nodes, 1 + 4 + 4 * 4);
    // A search from a forced position still runs (a benchmark may ask), giving the forced action
    // every visit.
    let mut s2 = s.clone();
    g.apply(&mut s2, p(0), relay::Digit(1), &mut SeededRng::new(1)).unwrap();
    let mut agent = mcts_agent("mcts:100", 3);
    assert_eq!(agent.analyse(&PlayerView::new(&g, &s2, p(1))), (vec![(relay::Digit(0), 100)], 100));
}

#[test]
fn a_panic_in_a_search_thread_is_not_dropped() {
    let g = relay(Some(3));
    let s = g.start(&mut SeededRng::new(1), &mut NoEvents);
    for spec_text in ["mcts:200,threads=2", "ismcts:200,threads=3", "mcts:200"] {
        let mut agent = mcts_agent(spec_text, 3);
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            agent.analyse(&PlayerView::new(&g, &s, p(0)));
        }));
        let panic = result.expect_err(&format!("{spec_text}: the game's panic was dropped"));
        let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
        assert_eq!(message, "the trap digit 3 was played", "{spec_text}");
    }
}

/// Bastards Inc. (BI-JV-1, BI-DEAL-5): P1 proposes a joint venture in his Privatised Pipeline to
/// a bot: his VP in Corruptistan will receive 15 black money, which he can launder at once, and the
/// bot's in The Rest 12, which it could launder only with extra effort. The bot declines for 2
/// Billions on top and accepts for all of P1's 10: a person can run a joint venture with a bot
/// partner by paying for it.
#[test]
fn a_bot_partner_declines_a_stingy_joint_venture_and_accepts_a_generous_one() {
    use worlds_bastards_inc::BastardsInc;
    let g = BastardsInc::new(&Config::players(3)).unwrap();
    let state = serde_json::json!({
        "turn": 4, "start": 0,
        "seats": [
            {"plan": 0, "attrs": [3, 2, 1, 2], "billions": 10, "goodwill": 3,
             "vps": [{"at": {"region": 2}, "entry": "corruption"}, {"at": "lounge"}, {"at": "supply"}, {"at": "supply"}],
             "hand": [], "table": [6], "sideways": [], "bonus": [0, 0, 0, 0], "secret": {}},
            {"plan": 1, "attrs": [2, 1, 3, 2], "billions": 12, "goodwill": 3,
             "vps": [{"at": {"region": 1}, "entry": "crime"}, {"at": "lounge"}, {"at": "supply"}, {"at": "supply"}],
             "hand": [], "table": [], "sideways": [], "bonus": [0, 0, 0, 0], "secret": {}},
            {"plan": 2, "attrs": [1, 2, 3, 2], "billions": 8, "goodwill": 3,
             "vps": [{"at": "lounge"}, {"at": "lounge"}, {"at": "supply"}, {"at": "supply"}],
             "hand": [], "table": [], "sideways": [], "bonus": [0, 0, 0, 0], "secret": {}}
        ],
        "stuff": [2, 1, 1, 2, 0, 0],
        "deck": (0..54).filter(|&k| k != 6).collect::<Vec<u8>>(), "events": (2..18).collect::<Vec<u8>>(), "used": [0, 1],
        "stack": [{"business": {"round": {"holder": 0, "seats": [0, 1, 2], "passed": []}, "deal": {}}}]
    });
    for (side, expected) in [("give 2", "decline"), ("give all", "accept")] {
        let mut s = g.load_state_value(state.clone()).unwrap();
        let mut rng = SeededRng::new(1);
        for a in ["privatised-pipeline", "target P1.1", "target P2.1", side] {
            g.apply(&mut s, p(0), g.parse_action(a).unwrap(), &mut rng).unwrap();
        }
        assert_eq!(
            g.legal_actions(&s, p(1)).iter().map(|&a| g.format_action(a)).collect::<Vec<_>>(),
            ["accept", "decline"]
        );
        for seed in 0..3 {
            let a = build::<BastardsInc>(&spec("ismcts:1000:rollout=heuristic:0"), seed)
                .choose(&PlayerView::new(&g, &s, p(1)))
                .unwrap();
            assert_eq!(g.format_action(a), expected, "{side}, seed {seed}");
        }
    }
}
