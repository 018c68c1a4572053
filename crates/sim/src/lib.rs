//! # worlds-sim
//!
//! Many games of bots, for designers ("is my game balanced?") and researchers: [`simulate`] plays a
//! run in parallel, exactly reproducible from its seed whatever the thread count, and summarises it
//! with 95% intervals ([`Summary`]); [`write_outputs`] writes `games.jsonl`, `summary.json`,
//! `summary.md` and SVG plots atomically; [`tournament`] rates agents against each other.
#![forbid(unsafe_code)]

mod play;
mod stats;
mod summary;
pub mod svg;
mod tournament;

use std::path::Path;

pub use play::{GameRecord, seating};
pub use stats::{Rate, Spread};
pub use summary::{Group, Summary};
pub use tournament::{HeadToHead, Rating, TournamentResult, tournament};
use worlds_agents::AgentSpec;
use worlds_engine::Config;
use worlds_registry::RegistryError;

/// What can go wrong in a run.
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    #[error(transparent)]
    Registry(#[from] RegistryError),
    #[error("{0}")]
    Setup(String),
    #[error("cannot write {path}: {source}")]
    Write { path: String, source: std::io::Error },
}

/// A run: which game, who plays, how many games.
#[derive(Clone, Debug)]
pub struct Run {
    pub game: String,
    pub config: Config,
    /// Specs by seat; fewer than the players: the last repeats.
    pub seats: Vec<AgentSpec>,
    pub games: usize,
    pub seed: u64,
    pub rotate: bool,
}

/// The results of a run.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub records: Vec<GameRecord>,
    pub summary: Summary,
}

/// Plays a run on the current rayon pool; `progress` is called once per finished game (from any
/// thread). The records are in game order and do not depend on the number of threads.
///
/// # Errors
/// An unknown game, a bad config or no agents.
pub fn simulate(run: &Run, progress: impl Fn() + Sync) -> Result<Outcome, SimError> {
    if run.seats.is_empty() {
        return Err(SimError::Setup("give at least one agent for the seats".into()));
    }
    if run.seats.len() > run.config.players {
        return Err(SimError::Setup(format!("{} seats given for {} players", run.seats.len(), run.config.players)));
    }
    let entry = worlds_registry::find(&run.game)?;
    let variant = entry.info.check(&run.config).map_err(RegistryError::from)?.id;
    let lineups: Vec<Vec<AgentSpec>> =
        (0..run.games).map(|i| seating(&run.seats, run.config.players, run.rotate, i)).collect();
    let records = worlds_registry::with_game(
        &run.game,
        &run.config,
        play::PlayAll { lineups: &lineups, seed: run.seed, progress },
    )?;
    let agents: Vec<String> = run.seats.iter().map(ToString::to_string).collect();
    let summary = Summary::new(&run.game, run.config.players, variant, run.seed, &agents, run.rotate, &records);
    Ok(Outcome { records, summary })
}

/// Checks that `dir` can be written to (creating it), before a long run starts.
///
/// # Errors
/// When the folder cannot be created or written.
pub fn check_writable(dir: &Path) -> Result<(), SimError> {
    let fail = |source| SimError::Write { path: dir.display().to_string(), source };
    std::fs::create_dir_all(dir).map_err(fail)?;
    let probe = dir.join(".worlds-write-test");
    std::fs::write(&probe, b"").map_err(fail)?;
    std::fs::remove_file(&probe).map_err(fail)?;
    Ok(())
}

/// Writes the run's files into `dir`: each is written to a temporary name and renamed into place
/// only once every file was written, so a failure leaves nothing that looks like a result.
///
/// # Errors
/// When a file cannot be written.
pub fn write_outputs(dir: &Path, outcome: &Outcome) -> Result<Vec<String>, SimError> {
    let s = &outcome.summary;
    let mut files: Vec<(String, String)> = Vec::new();
    let mut jsonl = String::new();
    for r in &outcome.records {
        jsonl.push_str(&serde_json::to_string(r).unwrap_or_default());
        jsonl.push('\n');
    }
    files.push(("games.jsonl".into(), jsonl));
    files.push(("summary.json".into(), serde_json::to_string_pretty(s).unwrap_or_default() + "\n"));
    files.push(("summary.md".into(), s.markdown()));
    let fair = 1.0 / s.players as f64;
    files.push((
        "win-rate-by-seat.svg".into(),
        svg::win_rates(&format!("{}: win rate by seat", s.game), &s.by_seat, fair),
    ));
    if s.by_agent.len() > 1 {
        files.push((
            "win-rate-by-agent.svg".into(),
            svg::win_rates(&format!("{}: win rate by agent", s.game), &s.by_agent, fair),
        ));
    }
    if !s.by_faction.is_empty() {
        files.push((
            "win-rate-by-faction.svg".into(),
            svg::win_rates(&format!("{}: win rate by faction", s.game), &s.by_faction, fair),
        ));
    }
    let lengths: Vec<f64> = outcome.records.iter().map(|r| r.turns as f64).collect();
    files.push(("game-length.svg".into(), svg::histogram(&format!("{}: game length", s.game), "turns", &lengths)));
    check_writable(dir)?;
    let mut written = Vec::new();
    for (name, text) in &files {
        let tmp = dir.join(format!(".{name}.tmp"));
        if let Err(source) = std::fs::write(&tmp, text) {
            for (n, _) in &files {
                let _ = std::fs::remove_file(dir.join(format!(".{n}.tmp")));
            }
            return Err(SimError::Write { path: tmp.display().to_string(), source });
        }
        written.push(name.clone());
    }
    for name in &written {
        let (tmp, path) = (dir.join(format!(".{name}.tmp")), dir.join(name));
        std::fs::rename(&tmp, &path).map_err(|source| SimError::Write { path: path.display().to_string(), source })?;
    }
    Ok(written)
}
