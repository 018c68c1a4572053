//! The two halves of a simulation that `worlds.ray.simulate` spreads over a cluster: playing a
//! part of a run's games (in a Ray task, on all of its cores) and summarising the whole run from
//! every part's records, exactly as `worlds sim` does in one process.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use worlds_agents::AgentSpec;
use worlds_engine::ErrorKind;
use worlds_sim::{GameRecord, Run};

use crate::error;
use crate::game::PyGame;

/// The run `worlds sim GAME --seats SEATS --games GAMES --seed SEED` would play (with
/// `--players`, `--variant`, `--option`s and `--no-rotate` as given).
#[allow(clippy::too_many_arguments)]
fn run(
    py: Python<'_>,
    game: &str,
    seats: Vec<String>,
    games: usize,
    seed: u64,
    players: Option<usize>,
    variant: Option<String>,
    options: Option<&Bound<'_, PyDict>>,
    rotate: bool,
) -> PyResult<Run> {
    let specs = seats
        .iter()
        .map(|s| s.parse::<AgentSpec>().map_err(|e| error(py, ErrorKind::BadAgent, format!("seat `{s}`: {e}"))))
        .collect::<PyResult<Vec<_>>>()?;
    let info = worlds_registry::find(game).map_err(|e| error(py, e.kind(), e))?;
    let players = players.unwrap_or(info.min_players.max(specs.len()));
    // Checked by the run itself (an unknown variant or a bad option is refused there).
    let config = PyGame::config_of(py, game, Some(players), variant, options, None)?;
    Ok(Run { game: game.to_owned(), config, seats: specs, games, seed, rotate, count: Vec::new() })
}

/// Plays games `start..stop` of the run (see `run`) on `threads` threads (default: one per core
/// of this machine) and returns their records as `games.jsonl` lines.
#[pyfunction]
#[pyo3(signature = (game, seats, games, seed, start, stop, players=None, variant=None, options=None, rotate=false, threads=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn simulate_games(
    py: Python<'_>,
    game: &str,
    seats: Vec<String>,
    games: usize,
    seed: u64,
    start: usize,
    stop: usize,
    players: Option<usize>,
    variant: Option<String>,
    options: Option<&Bound<'_, PyDict>>,
    rotate: bool,
    threads: Option<usize>,
) -> PyResult<Vec<String>> {
    let run = run(py, game, seats, games, seed, players, variant, options, rotate)?;
    let play = || worlds_sim::simulate_games(&run, start..stop, || {});
    let records = match threads {
        None => py.detach(play),
        Some(threads) => {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|e| error(py, ErrorKind::BadRequest, format!("threads={threads}: {e}")))?;
            py.detach(|| pool.install(play))
        }
    }
    .map_err(|e| error(py, e.kind(), e))?;
    records.iter().map(|r| serde_json::to_string(r).map_err(|e| error(py, ErrorKind::Internal, e))).collect()
}

/// The run's `summary.json` (as text) and `summary.md` from all its records (`games.jsonl`
/// lines, in game order).
#[pyfunction]
#[pyo3(signature = (game, seats, games, seed, records, players=None, variant=None, options=None, rotate=false))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn summarize(
    py: Python<'_>,
    game: &str,
    seats: Vec<String>,
    games: usize,
    seed: u64,
    records: Vec<String>,
    players: Option<usize>,
    variant: Option<String>,
    options: Option<&Bound<'_, PyDict>>,
    rotate: bool,
) -> PyResult<(String, String)> {
    let run = run(py, game, seats, games, seed, players, variant, options, rotate)?;
    let records = records
        .iter()
        .enumerate()
        .map(|(i, line)| {
            serde_json::from_str::<GameRecord>(line)
                .map_err(|e| error(py, ErrorKind::BadRequest, format!("record {i}: {e}")))
        })
        .collect::<PyResult<Vec<_>>>()?;
    let summary = worlds_sim::summarize(&run, &records).map_err(|e| error(py, e.kind(), e))?;
    let json = serde_json::to_string_pretty(&summary).map_err(|e| error(py, ErrorKind::Internal, e))? + "\n";
    Ok((json, summary.markdown()))
}
