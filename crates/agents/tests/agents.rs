#![allow(clippy::unwrap_used)]

use worlds_agents::{Agent, AgentSpec, build};
use worlds_engine::reference::ConnectFour;
use worlds_engine::{Config, Game, MatchDriver, Player, PlayerView, next_decider};
use worlds_world_war_5::WorldWar5;

fn play_out<G: Game>(game: G, specs: [AgentSpec; 2], seed: u64) -> worlds_engine::Outcome {
    let mut agents: Vec<Box<dyn Agent<G>>> =
        specs.iter().enumerate().map(|(i, s)| build::<G>(s, seed + i as u64)).collect();
    let (mut m, _) = MatchDriver::new(game, seed);
    while let Some(p) = next_decider(m.turn()) {
        let a = agents[p.index()].choose(&PlayerView::new(m.game(), m.state(), p)).unwrap();
        m.apply(p, a).unwrap();
    }
    m.outcome().unwrap()
}

#[test]
fn specs_parse_and_print() {
    for s in ["random", "greedy", " Greedy "] {
        let spec: AgentSpec = s.parse().unwrap();
        assert_eq!(spec.to_string(), s.trim().to_lowercase());
    }
    assert!("mcts:x".parse::<AgentSpec>().is_err());
}

#[test]
fn agents_are_reproducible_from_their_seed() {
    let g = WorldWar5::new(&Config::players(2)).unwrap();
    let a = play_out(g.clone(), [AgentSpec::Random, AgentSpec::Greedy], 11);
    let b = play_out(g, [AgentSpec::Random, AgentSpec::Greedy], 11);
    assert_eq!(a, b);
}

#[test]
fn greedy_beats_random_at_world_war_5() {
    let g = WorldWar5::new(&Config::players(2)).unwrap();
    let mut greedy_wins = 0.0;
    for seed in 0..40 {
        let specs =
            if seed % 2 == 0 { [AgentSpec::Greedy, AgentSpec::Random] } else { [AgentSpec::Random, AgentSpec::Greedy] };
        let o = play_out(g.clone(), specs, seed);
        greedy_wins += o.returns[Player::from_index((seed % 2) as usize)];
    }
    assert!(greedy_wins >= 30.0, "greedy won {greedy_wins} of 40");
}

#[test]
fn greedy_takes_an_immediate_connect_four_win() {
    let g = ConnectFour::new(&Config::players(2)).unwrap();
    let s = g.load_state(r#"{"rows":[".......",".......",".......","O......","O......","XXX...O"]}"#).unwrap();
    let mut agent = build::<ConnectFour>(&AgentSpec::Greedy, 1);
    let a = agent.choose(&PlayerView::new(&g, &s, Player::from_index(0))).unwrap();
    assert_eq!(g.format_action(a), "3");
}
