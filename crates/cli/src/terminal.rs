//! Small terminal helpers shared by `play` and `replay`.

use std::io::BufRead;
use std::path::Path;

use anyhow::Context as _;
use worlds_engine::paint::{dim, visible_width};
use worlds_engine::{Match, Style};
use worlds_registry::LegalAction;

/// Reads one line from stdin after a prompt; `None` at the end of input. A line that is not UTF-8
/// is read with its bad bytes replaced (and then refused as notation like any typo): it never
/// ends the game.
pub fn prompt(text: &str) -> Option<String> {
    out!("{text}");
    let mut line = Vec::new();
    match std::io::stdin().lock().read_until(b'\n', &mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(String::from_utf8_lossy(&line).trim().to_owned()),
    }
}

/// The numbered menu of legal actions, in columns when it is long.
pub fn menu(actions: &[LegalAction], style: Style) -> String {
    let items: Vec<String> = actions
        .iter()
        .enumerate()
        .map(|(i, a)| match &a.hint {
            Some(h) => format!("{:>3}  {} {}", i + 1, a.text, dim(&format!("({h})"), style)),
            None => format!("{:>3}  {}", i + 1, a.text),
        })
        .collect();
    let width = items.iter().map(|s| visible_width(s)).max().unwrap_or(0) + 3;
    let columns = if items.len() > 10 { (100 / width.max(1)).clamp(1, 3) } else { 1 };
    let rows = items.len().div_ceil(columns);
    let mut out = String::new();
    for r in 0..rows {
        let mut line = String::new();
        for c in 0..columns {
            if let Some(item) = items.get(c * rows + r) {
                line.push_str(&worlds_engine::paint::pad(item, width));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Saves a match as pretty JSON, atomically (a temporary file renamed into place), so a crash
/// never leaves half a save.
pub fn save(record: &Match, path: &Path) -> anyhow::Result<()> {
    let json = serde_json::to_string_pretty(record)?;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, json + "\n").with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("saving to {}", path.display()))?;
    Ok(())
}

/// Reads a saved match.
pub fn load(path: &Path) -> anyhow::Result<Match> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    serde_json::from_str(&text).with_context(|| format!("{} is not a saved Worlds match", path.display()))
}
