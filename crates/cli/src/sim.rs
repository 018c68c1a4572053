//! `worlds sim` and `worlds tournament`.

use std::path::Path;

use anyhow::{Context as _, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use worlds_agents::AgentSpec;

use crate::options::GameArgs;

fn specs(list: &[String]) -> anyhow::Result<Vec<AgentSpec>> {
    list.iter().map(|s| s.parse::<AgentSpec>().map_err(anyhow::Error::from)).collect()
}

/// A progress bar on stderr: games done, games per second, time left. Draws nothing when stderr is
/// not a terminal.
fn progress(games: usize) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(games as u64), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} games · {per_sec} · {eta} left") {
        bar.set_style(style);
    }
    bar
}

/// The most worker threads a run starts: more than the cores only adds waiting.
const MAX_THREADS: usize = 256;

fn pool(threads: Option<usize>) -> anyhow::Result<rayon::ThreadPool> {
    let mut b = rayon::ThreadPoolBuilder::new();
    if let Some(t) = threads {
        if !(1..=MAX_THREADS).contains(&t) {
            bail!("--threads {t}: give 1 to {MAX_THREADS} worker threads (this machine has {})", cores());
        }
        b = b.num_threads(t);
    }
    b.build().context("starting worker threads")
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// What `worlds sim` plays besides the game and the seats.
pub struct SimSettings {
    pub games: usize,
    pub seed: u64,
    pub threads: Option<usize>,
    pub rotate: bool,
    pub count: Vec<String>,
}

pub fn run_sim(args: &GameArgs, seats: &[String], settings: SimSettings, out: Option<&Path>) -> anyhow::Result<()> {
    let SimSettings { games, seed, threads, rotate, count } = settings;
    let id = args.id()?;
    let info = worlds_registry::find(id)?;
    let seats = specs(seats)?;
    let config = args.config(info.min_players.max(seats.len()))?;
    worlds_sim::check_games(games).context("--games")?;
    if let Some(dir) = out {
        // Fail before a long run, not after it.
        worlds_sim::check_writable(dir)?;
    }
    let run = worlds_sim::Run { game: id.to_owned(), config, seats, games, seed, rotate, count };
    let bar = progress(games);
    let outcome = pool(threads)?.install(|| worlds_sim::simulate(&run, || bar.inc(1)))?;
    bar.finish_and_clear();
    out!("{}", outcome.summary.markdown());
    if let Some(dir) = out {
        let files = worlds_sim::write_outputs(dir, &outcome)?;
        outln!();
        outln!("Written to {}: {}", dir.display(), files.join(", "));
    }
    Ok(())
}

pub fn run_tournament(
    args: &GameArgs,
    agents: &[String],
    games: usize,
    seed: u64,
    threads: Option<usize>,
    json: bool,
) -> anyhow::Result<()> {
    let id = args.id()?;
    let info = worlds_registry::find(id)?;
    let agents = specs(agents)?;
    let config = args.config(info.min_players)?;
    worlds_sim::check_games(games).context("--games")?;
    let bar = progress(games);
    let result = pool(threads)?.install(|| worlds_sim::tournament(id, &config, &agents, games, seed, || bar.inc(1)))?;
    bar.finish_and_clear();
    if json {
        outln!("{}", serde_json::to_string_pretty(&result)?);
    } else {
        out!("{}", result.markdown());
    }
    Ok(())
}
