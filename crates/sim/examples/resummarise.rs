//! Rewrites the summaries and plots of run folders from their `games.jsonl`, playing no game: for
//! results kept in the repository after the report format changed. `games.jsonl` is kept as it was.
//!
//! `cargo run --release -p worlds-sim --example resummarise -- docs/analysis/world-war-5`

use std::error::Error;
use std::path::Path;

use worlds_sim::{GameRecord, Outcome, Summary, write_outputs};

fn main() -> Result<(), Box<dyn Error>> {
    let dirs: Vec<String> = std::env::args().skip(1).collect();
    if dirs.is_empty() {
        return Err("give the run folders to rewrite (each with games.jsonl and summary.json)".into());
    }
    for dir in &dirs {
        let dir = Path::new(dir);
        let old: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json"))?)?;
        let text = std::fs::read_to_string(dir.join("games.jsonl"))?;
        let records = text.lines().map(serde_json::from_str).collect::<Result<Vec<GameRecord>, _>>()?;
        let field = |key: &str| old.get(key).ok_or_else(|| format!("{}: summary.json has no `{key}`", dir.display()));
        let agents: Vec<String> = serde_json::from_value(field("agents")?.clone())?;
        let summary = Summary::new(
            field("game")?.as_str().unwrap_or_default(),
            usize::try_from(field("players")?.as_u64().unwrap_or_default())?,
            field("variant")?.as_str().unwrap_or_default(),
            field("seed")?.as_u64().unwrap_or_default(),
            &agents,
            field("rotated")?.as_bool().unwrap_or_default(),
            &records,
        );
        let files = write_outputs(dir, &Outcome { records, summary })?;
        // The games as they were: a float read and written again may change in its last digit.
        std::fs::write(dir.join("games.jsonl"), text)?;
        println!("{}: {}", dir.display(), files.join(", "));
    }
    Ok(())
}
