//! `worlds bench GAME`: random-playout throughput on one core.

use std::time::Instant;

use anyhow::bail;
use serde::Serialize;
use worlds_agents::{Budget, Mcts, MctsConfig};
use worlds_engine::{NoEvents, Present, SeededRng, random_playout};
use worlds_registry::GameVisitor;

use crate::options::GameArgs;

#[derive(Serialize)]
struct MctsResult {
    game: String,
    mode: String,
    players: usize,
    seconds: f64,
    searches: u64,
    iterations: u64,
    iterations_per_second: f64,
}

/// Single-threaded UCT with random rollouts from the initial position: repeated searches of
/// 10 000 iterations (a typical per-move budget), until the time is up.
struct MctsBench {
    seconds: f64,
    seed: u64,
}

impl GameVisitor for MctsBench {
    type Output = (u64, u64, f64);
    fn visit<G: Present>(self, game: G) -> (u64, u64, f64) {
        let mut rng = SeededRng::new(self.seed);
        let state = game.start(&mut rng, &mut NoEvents);
        let Some(player) = worlds_engine::next_decider(game.turn(&state)) else { return (0, 0, 1.0) };
        let view = worlds_engine::PlayerView::new(&game, &state, player);
        let config = MctsConfig { budget: Budget::Iterations(10_000), ..MctsConfig::default() };
        let mut agent = Mcts::new(config, self.seed);
        let (mut searches, mut iterations) = (0u64, 0u64);
        let start = Instant::now();
        loop {
            iterations += agent.analyse(&view).1;
            searches += 1;
            let elapsed = start.elapsed().as_secs_f64();
            if elapsed >= self.seconds {
                return (searches, iterations, elapsed);
            }
        }
    }
}

#[derive(Serialize)]
struct Result {
    game: String,
    mode: String,
    players: usize,
    seconds: f64,
    games: u64,
    actions: u64,
    games_per_second: f64,
    actions_per_second: f64,
}

struct Playouts {
    seconds: f64,
    seed: u64,
}

impl GameVisitor for Playouts {
    type Output = (u64, u64, f64);

    /// Plays random games back to back until the time is up (checking the clock every few games).
    fn visit<G: Present>(self, game: G) -> (u64, u64, f64) {
        let mut rng = SeededRng::new(self.seed);
        let mut buf = Vec::with_capacity(256);
        let (mut games, mut actions) = (0u64, 0u64);
        let start = Instant::now();
        loop {
            for _ in 0..64 {
                let mut state = game.start(&mut rng, &mut NoEvents);
                actions += random_playout(&game, &mut state, &mut rng, &mut buf, usize::MAX) as u64;
                games += 1;
            }
            let elapsed = start.elapsed().as_secs_f64();
            if elapsed >= self.seconds {
                return (games, actions, elapsed);
            }
        }
    }
}

pub fn run(args: &GameArgs, mode: &str, seconds: f64, seed: u64, json: bool) -> anyhow::Result<()> {
    let id = args.id()?;
    let info = worlds_registry::find(id)?;
    let config = args.config(info.min_players)?;
    if !(seconds > 0.0 && seconds.is_finite()) {
        bail!("--seconds must be a positive number");
    }
    let (games, actions, elapsed) = match mode {
        "playouts" => worlds_registry::with_game(id, &config, Playouts { seconds, seed })?,
        "mcts" => {
            let (searches, iterations, elapsed) = worlds_registry::with_game(id, &config, MctsBench { seconds, seed })?;
            let result = MctsResult {
                game: id.to_owned(),
                mode: mode.to_owned(),
                players: config.players,
                seconds: elapsed,
                searches,
                iterations,
                iterations_per_second: iterations as f64 / elapsed,
            };
            if json {
                outln!("{}", serde_json::to_string(&result)?);
            } else {
                outln!(
                    "{id} · {} players · single-threaded UCT, random rollouts, from the start, {:.1} s\n  {:>12.0} iterations/s",
                    result.players,
                    elapsed,
                    result.iterations_per_second
                );
            }
            return Ok(());
        }
        other => bail!("unknown --mode `{other}`; modes are: playouts, mcts"),
    };
    let result = Result {
        game: id.to_owned(),
        mode: mode.to_owned(),
        players: config.players,
        seconds: elapsed,
        games,
        actions,
        games_per_second: games as f64 / elapsed,
        actions_per_second: actions as f64 / elapsed,
    };
    if json {
        outln!("{}", serde_json::to_string(&result)?);
    } else {
        outln!(
            "{id} · {} players · random playouts on one core for {:.1} s\n  {:>12.0} games/s\n  {:>12.0} actions/s  ({:.1} actions per game)",
            result.players,
            elapsed,
            result.games_per_second,
            result.actions_per_second,
            actions as f64 / games.max(1) as f64
        );
    }
    Ok(())
}
