//! Playing many games of bots in parallel, each exactly reproducible from the run's seed.

use std::collections::BTreeMap;
use std::time::Instant;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use worlds_agents::{Agent, AgentSpec, build};
use worlds_engine::{Game, MatchDriver, Player, PlayerView, Turn, derive_seed, next_decider};
use worlds_registry::GameVisitor;

use crate::SimError;

/// One finished game, as written to `games.jsonl`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's index in the run (0-based).
    pub index: usize,
    /// The game's own seed (derived from the run's seed and the index).
    pub seed: u64,
    /// The agent spec in each seat.
    pub seats: Vec<String>,
    /// What each seat played as (e.g. its home continent), when the game has factions.
    pub factions: Vec<Option<String>>,
    /// The seats placed first (more than one: a shared result).
    pub winners: Vec<usize>,
    pub scores: Vec<i64>,
    pub ranks: Vec<u8>,
    pub returns: Vec<f64>,
    /// The seat that made the first decision.
    pub first_mover: usize,
    /// Decisions taken (actions applied).
    pub actions: usize,
    /// Turns: maximal runs of consecutive decisions by one player.
    pub turns: usize,
    /// Mean number of legal actions per decision.
    pub branching: f64,
    /// The seat the game's heuristic rated best at three quarters of the game (if it has one).
    pub leader_at_three_quarters: Option<usize>,
    /// How often the heuristic's leader changed.
    pub lead_changes: usize,
    /// Wall-clock time to play the game, in milliseconds.
    pub millis: f64,
    /// How the game ended, in the game's words (its decision once over).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<String>,
    /// What the finished game counts (see [`Game::measures`]), in the game's order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub measures: Vec<(String, f64)>,
    /// With `--count PREFIX`: how often each seat took each action whose notation starts with a
    /// counted prefix (e.g. `play` for World of Dungeons' Effect cards), by notation.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub counted: BTreeMap<String, Vec<u32>>,
}

/// Plays game `index` of a run.
///
/// # Errors
/// [`SimError::Game`] when an agent chooses nothing for a player who must decide, or an action it
/// chose is refused: never a silently shortened game.
pub fn play_one<G: Game>(game: &G, specs: &[AgentSpec], run_seed: u64, index: usize) -> Result<GameRecord, SimError> {
    play_counting(game, specs, run_seed, index, &[])
}

/// [`play_one`], also counting by seat the actions whose notation starts with one of `count`
/// (a whole word: `play` counts `play easy-mode`, not `player`).
///
/// # Errors
/// As [`play_one`].
pub fn play_counting<G: Game>(
    game: &G,
    specs: &[AgentSpec],
    run_seed: u64,
    index: usize,
    count: &[String],
) -> Result<GameRecord, SimError> {
    let mut counted: BTreeMap<String, Vec<u32>> = BTreeMap::new();
    let seed = derive_seed(run_seed, index as u64);
    let n = game.num_players();
    let started = Instant::now();
    let mut agents: Vec<Box<dyn Agent<G>>> =
        specs.iter().enumerate().map(|(i, s)| build::<G>(s, derive_seed(seed, 1000 + i as u64))).collect();
    let (mut m, _) = MatchDriver::new(game.clone(), seed);
    let mut factions: Vec<Option<String>> = vec![None; n];
    let mut leaders: Vec<u8> = Vec::new();
    let (mut actions, mut turns, mut legal_total) = (0usize, 0usize, 0usize);
    let mut last: Option<Player> = None;
    let mut first_mover = None;
    let mut buf = Vec::new();
    while let Some(who) = next_decider(m.turn()) {
        buf.clear();
        game.legal_actions_into(m.state(), who, &mut buf);
        legal_total += buf.len();
        let spec = specs.get(who.index()).map_or_else(|| "no agent".to_owned(), ToString::to_string);
        let failed = |reason: String| SimError::Game { index, seed, step: actions, reason };
        let Some(agent) = agents.get_mut(who.index()) else {
            return Err(failed(format!("{who} must decide but has no agent")));
        };
        let Some(action) = agent.choose(&PlayerView::new(m.game(), m.state(), who)) else {
            return Err(failed(format!("{who} ({spec}) must decide but chose nothing ({} legal actions)", buf.len())));
        };
        if let Err(e) = m.apply(who, action) {
            let text = game.format_action(action);
            return Err(failed(format!("{who} ({spec}) chose `{text}`, which was refused: {e}")));
        }
        actions += 1;
        if !count.is_empty() {
            let text = game.format_action(action);
            let counts = |prefix: &String| {
                text.strip_prefix(prefix.as_str()).is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
            };
            if count.iter().any(counts) {
                counted.entry(text).or_insert_with(|| vec![0; n])[who.index()] += 1;
            }
        }
        first_mover.get_or_insert(who);
        if last != Some(who) {
            turns += 1;
            last = Some(who);
        }
        for (p, f) in Player::all(n).zip(factions.iter_mut()) {
            if f.is_none() {
                *f = game.faction(m.state(), p);
            }
        }
        if m.turn() != Turn::Over {
            let leader = Player::all(n)
                .map(|p| (p, game.evaluate(m.state(), p)))
                .filter_map(|(p, v)| Some((p, v?)))
                .max_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(p, _)| p.index() as u8);
            if let Some(l) = leader {
                leaders.push(l);
            }
        }
    }
    let outcome = m.outcome();
    let lead_changes = leaders.windows(2).filter(|w| w[0] != w[1]).count();
    let leader_at_three_quarters = leaders.get(leaders.len() * 3 / 4).map(|&l| usize::from(l));
    let to_vec = |f: &dyn Fn(Player) -> f64| Player::all(n).map(f).collect::<Vec<_>>();
    Ok(GameRecord {
        index,
        seed,
        seats: specs.iter().map(ToString::to_string).collect(),
        factions,
        winners: outcome.as_ref().map(|o| o.winners().iter().map(Player::index).collect()).unwrap_or_default(),
        scores: outcome.as_ref().map(|o| o.scores.as_slice().to_vec()).unwrap_or_else(|| vec![0; n]),
        ranks: outcome.as_ref().map(|o| o.ranks.as_slice().to_vec()).unwrap_or_else(|| vec![1; n]),
        returns: match &outcome {
            Some(o) => to_vec(&|p| o.returns[p]),
            None => vec![0.0; n],
        },
        first_mover: first_mover.map_or(0, Player::index),
        actions,
        turns,
        branching: if actions == 0 { 0.0 } else { legal_total as f64 / actions as f64 },
        leader_at_three_quarters,
        lead_changes,
        millis: started.elapsed().as_secs_f64() * 1000.0,
        ending: (m.turn() == Turn::Over).then(|| game.decision(m.state()).text),
        measures: if m.turn() == Turn::Over {
            game.measures(m.state()).into_iter().map(|(name, x)| (name.to_owned(), x)).collect()
        } else {
            Vec::new()
        },
        counted,
    })
}

/// The specs seated in game `index`: with `rotate`, seat `j` gets spec `(j + index) mod n`, so each
/// spec plays each seat equally often over every `n` games.
pub fn seating(specs: &[AgentSpec], players: usize, rotate: bool, index: usize) -> Vec<AgentSpec> {
    let full: Vec<AgentSpec> = (0..players).map(|j| specs[j.min(specs.len() - 1)]).collect();
    if rotate { (0..players).map(|j| full[(j + index) % players]).collect() } else { full }
}

/// Games are played in parallel a chunk at a time, so nothing is allocated per game up front.
const CHUNK: usize = 256;

/// Plays games `0..games` of one game type in parallel (rayon), seating `lineup(i)` in game `i`;
/// `progress` is called after each game. Stops at the first chunk with a failed game and reports
/// the failure of the lowest game index in it.
pub(crate) struct PlayAll<'a, L, F> {
    /// The indices of the games to play (of a run of at least `games.end` games).
    pub games: std::ops::Range<usize>,
    pub lineup: L,
    pub seed: u64,
    pub progress: F,
    pub count: &'a [String],
}

impl<L: Fn(usize) -> Vec<AgentSpec> + Sync, F: Fn() + Sync> GameVisitor for PlayAll<'_, L, F> {
    type Output = Result<Vec<GameRecord>, SimError>;
    fn visit<G: Game>(self, game: G) -> Self::Output {
        let mut records = Vec::new();
        for start in self.games.clone().step_by(CHUNK) {
            let end = (start + CHUNK).min(self.games.end);
            let chunk: Vec<Result<GameRecord, SimError>> = (start..end)
                .into_par_iter()
                .map(|i| {
                    let r = play_counting(&game, &(self.lineup)(i), self.seed, i, self.count);
                    (self.progress)();
                    r
                })
                .collect();
            for r in chunk {
                records.push(r?);
            }
        }
        Ok(records)
    }
}
