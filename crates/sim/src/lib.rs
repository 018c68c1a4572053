//! # worlds-sim
//!
//! Many games of bots, for designers ("is my game balanced?") and researchers: [`simulate`] plays a
//! run in parallel, exactly reproducible from its seed whatever the thread count, and summarises it
//! with 95% intervals ([`Summary`]); [`write_outputs`] writes `games.jsonl`, `summary.json`,
//! `summary.md` and SVG plots atomically; [`tournament`] rates agents against each other.
#![forbid(unsafe_code)]

pub mod format;
mod play;
mod stats;
mod summary;
pub mod svg;
mod tournament;

use std::path::Path;

pub use play::{GameRecord, play_counting, play_one, seating};
pub use stats::{Rate, Spread};
pub use summary::{Group, Measured, ScoreGroup, Summary};
pub use tournament::{HeadToHead, Rating, TournamentResult, tournament};
use worlds_agents::AgentSpec;
use worlds_engine::{Config, ErrorKind};
use worlds_registry::RegistryError;

/// The most games one run plays: results of every game are kept for the summary and
/// `games.jsonl`; a larger study is several runs with other seeds.
pub const MAX_GAMES: usize = 1_000_000;

/// What can go wrong in a run.
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    #[error(transparent)]
    Registry(#[from] RegistryError),
    #[error("{0}")]
    Setup(String),
    /// A file or folder could not be written (`reason` is the system's error).
    #[error("cannot write {path}: {reason}")]
    Write { path: String, reason: String },
    /// A game broke: an agent chose nothing, or an action it chose was refused.
    #[error("game {index} (seed {seed}) failed after {step} actions: {reason}")]
    Game { index: usize, seed: u64, step: usize, reason: String },
}

impl SimError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            SimError::Registry(e) => e.kind(),
            SimError::Setup(_) => ErrorKind::BadRequest,
            SimError::Write { .. } => ErrorKind::Io,
            SimError::Game { .. } => ErrorKind::Internal,
        }
    }
}

fn write_error(path: &Path, e: &std::io::Error) -> SimError {
    SimError::Write { path: path.display().to_string(), reason: e.to_string() }
}

/// Refuses a number of games outside `1..=MAX_GAMES`.
///
/// # Errors
/// [`SimError::Setup`] saying the bounds.
pub fn check_games(games: usize) -> Result<(), SimError> {
    if games == 0 || games > MAX_GAMES {
        return Err(SimError::Setup(format!(
            "{games} games: a run plays 1 to {MAX_GAMES} games; split a larger study into runs with other seeds"
        )));
    }
    Ok(())
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
    /// Action notation prefixes to count by seat (`worlds sim --count play`).
    pub count: Vec<String>,
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
/// An unknown game, a bad config, no agents, too many games, or a game that failed.
pub fn simulate(run: &Run, progress: impl Fn() + Sync) -> Result<Outcome, SimError> {
    let records = simulate_games(run, 0..run.games, progress)?;
    let summary = summarize(run, &records)?;
    Ok(Outcome { records, summary })
}

/// Plays the games of `run` whose indices are in `games` (a part of `0..run.games`): each is
/// exactly the game [`simulate`] plays at that index, so a run split into parts (over the
/// machines of a cluster) gives, put back in order, the records of the whole run.
///
/// # Errors
/// As [`simulate`], and indices outside the run.
pub fn simulate_games(
    run: &Run,
    games: std::ops::Range<usize>,
    progress: impl Fn() + Sync,
) -> Result<Vec<GameRecord>, SimError> {
    check_run(run)?;
    if games.start > games.end || games.end > run.games {
        return Err(SimError::Setup(format!(
            "games {}..{} are not games of a run of {}: give indices from 0 to {}",
            games.start, games.end, run.games, run.games
        )));
    }
    let lineup = |i: usize| seating(&run.seats, run.config.players, run.rotate, i);
    worlds_registry::with_game(
        &run.game,
        &run.config,
        play::PlayAll { games, lineup, seed: run.seed, progress, count: &run.count },
    )?
}

/// The summary of `run` from the records of all its games, in game order (as [`simulate`] makes
/// it).
///
/// # Errors
/// As [`simulate`], and records that are not the run's games `0..run.games` in order.
pub fn summarize(run: &Run, records: &[GameRecord]) -> Result<Summary, SimError> {
    check_run(run)?;
    if let Some((i, r)) = records.iter().enumerate().find(|(i, r)| r.index != *i) {
        return Err(SimError::Setup(format!(
            "record {i} is game {} of the run: give the records in game order",
            r.index
        )));
    }
    if records.len() != run.games {
        return Err(SimError::Setup(format!("{} records for a run of {} games", records.len(), run.games)));
    }
    let info = worlds_registry::find(&run.game)?;
    let variant = info.check(&run.config).map_err(RegistryError::from)?.id;
    let agents: Vec<String> = run.seats.iter().map(ToString::to_string).collect();
    Ok(Summary::new(&run.game, run.config.players, variant, run.seed, &agents, run.rotate, records))
}

/// Refuses a run that cannot be played: too many or no games, no agents, more agents than seats,
/// an unknown game or a bad config.
fn check_run(run: &Run) -> Result<(), SimError> {
    check_games(run.games)?;
    if run.seats.is_empty() {
        return Err(SimError::Setup("give at least one agent for the seats".into()));
    }
    if run.seats.len() > run.config.players {
        return Err(SimError::Setup(format!("{} seats given for {} players", run.seats.len(), run.config.players)));
    }
    let info = worlds_registry::find(&run.game)?;
    info.check(&run.config).map_err(RegistryError::from)?;
    Ok(())
}

/// The files a run may write into its folder.
pub const OUTPUT_FILES: [&str; 7] = [
    "games.jsonl",
    "summary.json",
    "summary.md",
    "win-rate-by-seat.svg",
    "win-rate-by-agent.svg",
    "win-rate-by-faction.svg",
    "game-length.svg",
];

/// The temporary siblings of `dir` a write uses: the new set while it is written, the old set
/// while it is swapped out.
fn siblings(dir: &Path) -> Result<(std::path::PathBuf, std::path::PathBuf), SimError> {
    let name = dir
        .file_name()
        .ok_or_else(|| SimError::Setup(format!("{} is not a folder name to write results into", dir.display())))?
        .to_string_lossy()
        .into_owned();
    let parent = dir.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let pid = std::process::id();
    Ok((parent.join(format!(".{name}.partial-{pid}")), parent.join(format!(".{name}.old-{pid}"))))
}

/// Checks, before a long run starts, that its results can go into `dir`: the folder is new,
/// empty, or holds only the files of an earlier run (which the new set replaces whole), and
/// its parent is writable.
///
/// # Errors
/// A folder holding other files, or one that cannot be written.
pub fn check_writable(dir: &Path) -> Result<(), SimError> {
    if dir.exists() {
        let entries = std::fs::read_dir(dir).map_err(|e| write_error(dir, &e))?;
        for entry in entries {
            let name = entry.map_err(|e| write_error(dir, &e))?.file_name().to_string_lossy().into_owned();
            if !OUTPUT_FILES.contains(&name.as_str()) {
                return Err(SimError::Setup(format!(
                    "{} holds `{name}`, which a run does not write; give a new or empty folder (a run replaces the whole folder)",
                    dir.display()
                )));
            }
        }
    }
    // Errors name the folder the user gave, not the temporary one beside it.
    let (partial, _) = siblings(dir)?;
    std::fs::create_dir_all(&partial).map_err(|e| write_error(dir, &e))?;
    std::fs::remove_dir_all(&partial).map_err(|e| write_error(dir, &e))?;
    Ok(())
}

/// Writes the run's files as one set: into a temporary folder beside `dir`, which then replaces
/// `dir` by renaming. A run killed at any moment leaves either the old set or the new one in
/// `dir` (or, between the two renames, neither, with both kept complete beside it), never files
/// of two runs side by side.
///
/// # Errors
/// When a file cannot be written (nothing in `dir` has changed then).
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
    let (partial, old) = siblings(dir)?;
    std::fs::create_dir_all(&partial).map_err(|e| write_error(dir, &e))?;
    for (name, text) in &files {
        if let Err(e) = std::fs::write(partial.join(name), text) {
            let _ = std::fs::remove_dir_all(&partial);
            return Err(write_error(&dir.join(name), &e));
        }
    }
    if dir.exists() {
        std::fs::rename(dir, &old).map_err(|e| write_error(dir, &e))?;
    }
    if let Err(e) = std::fs::rename(&partial, dir) {
        // Put the old set back.
        let _ = std::fs::rename(&old, dir);
        return Err(write_error(dir, &e));
    }
    let _ = std::fs::remove_dir_all(&old);
    Ok(files.into_iter().map(|(name, _)| name).collect())
}
