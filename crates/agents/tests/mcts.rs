//! Search agents: strength, tactics, agreement with exhaustive search, and blindness to hidden
//! information.
#![allow(clippy::unwrap_used)]

use worlds_agents::{Agent, AgentSpec, build};
use worlds_engine::reference::{ConnectFour, TicTacToe};
use worlds_engine::{Config, Game, MatchDriver, Player, PlayerView, next_decider};
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
                    g.apply(&mut c, who, a, &mut worlds_engine::SeededRng::new(0)).unwrap();
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
    let mut rng = worlds_engine::SeededRng::new(5);
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
    let mut rng = worlds_engine::SeededRng::new(12);
    let (mut s, _) = g.new_game(&mut rng);
    let mut buf = Vec::new();
    worlds_engine::random_playout(&g, &mut s, &mut rng, &mut buf, 30);
    let who = next_decider(g.turn(&s)).unwrap();
    // Another state the player cannot tell apart: the opponent's hand dealt again.
    let other = g.determinize(&s, who, &mut worlds_engine::SeededRng::new(99));
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
