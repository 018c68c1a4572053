//! Small terminal helpers shared by `play`, `replay` and `rules`: the screen's size, wrapping at
//! word boundaries, reading a line, paging, and saving matches.

use std::io::{BufRead, IsTerminal as _};
use std::path::{Path, PathBuf};

use anyhow::Context as _;
use worlds_engine::Match;

/// The screen: its width and height in characters. Off a terminal (a pipe, a test) it is the
/// classic 80×24, so output is the same wherever it goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Screen {
    pub width: usize,
    pub height: usize,
}

impl Screen {
    pub const CLASSIC: Screen = Screen { width: 80, height: 24 };

    pub fn detect() -> Screen {
        if !std::io::stdout().is_terminal() {
            return Screen::CLASSIC;
        }
        match terminal_size::terminal_size() {
            Some((terminal_size::Width(w), terminal_size::Height(h))) => {
                Screen { width: usize::from(w).max(40), height: usize::from(h).max(12) }
            }
            None => Screen::CLASSIC,
        }
    }
}

/// `text` with every line longer than `width` broken at word boundaries; continuation lines are
/// indented like the line's text (its leading spaces and a bullet such as `· ` or `1  `), so a
/// list stays a list. Colour codes do not count towards the width.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for line in text.split_inclusive('\n') {
        let (body, newline) = line.strip_suffix('\n').map_or((line, ""), |b| (b, "\n"));
        if textwrap::core::display_width(body) <= width {
            out.push_str(line);
            continue;
        }
        let indent = " ".repeat(hanging_indent(body).min(width / 2));
        let options = textwrap::Options::new(width)
            .subsequent_indent(&indent)
            .break_words(true)
            .word_separator(textwrap::WordSeparator::AsciiSpace)
            // Never at a hyphen: `mount-saint-woobie` is one name (and notation).
            .word_splitter(textwrap::WordSplitter::NoHyphenation);
        let lines = textwrap::wrap(body, options);
        for (i, part) in lines.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            out.push_str(part);
        }
        out.push_str(newline);
    }
    out
}

/// How far a wrapped line's continuation is indented: past leading spaces and a leading marker
/// (`· `, `- `, `• `), or under the second column of a two-column line (` 12  text`,
/// `  board       the whole board`): where the text after the first run of two spaces starts.
fn hanging_indent(line: &str) -> usize {
    let lead = line.len() - line.trim_start().len();
    let rest = &line[lead..];
    for marker in ["· ", "- ", "• ", "│ "] {
        if rest.starts_with(marker) {
            return lead + marker.chars().count();
        }
    }
    if let Some(gap) = rest.find("  ") {
        let after = rest[gap..].len() - rest[gap..].trim_start().len();
        let column = lead + rest[..gap].chars().count() + after;
        if column <= 40 {
            return column;
        }
    }
    lead + 2
}

/// Prints `text` wrapped to the screen's width.
pub fn show(text: &str, screen: Screen) {
    out!("{}", wrap(text, screen.width));
}

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

/// Shows `text` a screen at a time: Enter for the next screen, `q` to stop. Returns `false` when
/// input ended.
pub fn page(text: &str, screen: Screen) -> bool {
    let wrapped = wrap(text, screen.width);
    let lines: Vec<&str> = wrapped.lines().collect();
    let per_page = screen.height.saturating_sub(1).max(5);
    let pages = lines.len().div_ceil(per_page);
    for (k, chunk) in lines.chunks(per_page).enumerate() {
        for line in chunk {
            outln!("{line}");
        }
        if k + 1 < pages {
            match prompt(&format!("-- page {} of {pages}: Enter for more, q to go back -- ", k + 1)) {
                None => return false,
                Some(answer) if answer.eq_ignore_ascii_case("q") => return true,
                Some(_) => {}
            }
        }
    }
    true
}

/// Saves a match as pretty JSON, atomically (a temporary file renamed into place), so a crash
/// never leaves half a save.
pub fn save(record: &Match, path: &Path) -> anyhow::Result<()> {
    let json = serde_json::to_string_pretty(record)?;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, json + "\n").with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("saving to {}", path.display()))?;
    Ok(())
}

/// Reads a saved match.
pub fn load(path: &Path) -> anyhow::Result<Match> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    serde_json::from_str(&text).with_context(|| format!("{} is not a saved Worlds match", path.display()))
}

/// Where matches are saved when the player did not name a file: `$WORLDS_DATA_DIR`, else
/// `$XDG_DATA_HOME/worlds/saves`, else `~/.local/share/worlds/saves`, else `./worlds-saves`.
pub fn saves_dir() -> PathBuf {
    let env = |key: &str| std::env::var_os(key).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(dir) = env("WORLDS_DATA_DIR") {
        return dir;
    }
    if let Some(data) = env("XDG_DATA_HOME") {
        return data.join("worlds").join("saves");
    }
    if let Some(home) = env("HOME") {
        return home.join(".local").join("share").join("worlds").join("saves");
    }
    PathBuf::from("worlds-saves")
}

/// Whether the file at `path` holds `record`'s match (the same game, config, seed and start, and
/// a log that `record` continues): saving over it loses nothing.
pub fn holds_this_match(path: &Path, record: &Match) -> bool {
    let Ok(saved) = load(path) else { return false };
    saved.game == record.game
        && saved.config == record.config
        && saved.seed == record.seed
        && saved.start == record.start
        && saved.setup_script == record.setup_script
        && record.actions.starts_with(&saved.actions)
}

/// Saves `record` in the saves folder under a name made of the game and the seed (with `-2`,
/// `-3`, … when that name holds another match) and returns the path.
pub fn save_in_data_dir(record: &Match) -> anyhow::Result<PathBuf> {
    let dir = saves_dir();
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let stem = format!("{}-seed{}", record.game, record.seed);
    let mut k = 1;
    let path = loop {
        let name = if k == 1 { format!("{stem}.json") } else { format!("{stem}-{k}.json") };
        let path = dir.join(name);
        if !path.exists() || holds_this_match(&path, record) {
            break path;
        }
        k += 1;
    };
    save(record, &path)?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_break_between_words_and_keep_their_indent() {
        let text = "  · P1 makes Fuzzy Hollow home, with 1 green support, and then a great deal more happens on the island\nshort\n";
        assert_eq!(
            wrap(text, 40),
            "  · P1 makes Fuzzy Hollow home, with 1\n    green support, and then a great deal\n    more happens on the island\nshort\n"
        );
        // Menu lines continue under the action's text.
        assert_eq!(
            wrap(" 12  commit trade-winds  Choose an industry. Move the chosen industry to another area.", 44),
            " 12  commit trade-winds  Choose an industry.\n     Move the chosen industry to another\n     area."
        );
        // Colour codes do not count.
        let coloured = "\x1b[1mbold\x1b[0m words";
        assert_eq!(wrap(coloured, 10), coloured);
    }
}
