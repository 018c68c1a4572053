//! What the user typed about a game, and the config it turns into.

use std::io::IsTerminal as _;
use std::path::PathBuf;

use anyhow::{Context as _, bail};
use clap::{Args, ValueEnum};
use worlds_engine::{Config, GameInfo, Style};

use crate::errors::Unreadable;

/// The game and how to set it up.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The game id (see `worlds games`).
    pub game: Option<String>,
    /// Number of players (default: the number of seats given, or the game's minimum).
    #[arg(long)]
    pub players: Option<usize>,
    /// A variant (see `worlds games`).
    #[arg(long)]
    pub variant: Option<String>,
    /// A game option, KEY=VALUE (VALUE is read as JSON when it parses, e.g. turn_cap=100,
    /// homes=["eu","as"]); repeatable.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// A folder of content files replacing the built-in ones (e.g. board.toml).
    #[arg(long, value_name = "DIR")]
    pub content: Option<PathBuf>,
}

impl GameArgs {
    pub fn id(&self) -> anyhow::Result<&str> {
        self.game.as_deref().context("which game? name one (see `worlds games`)")
    }

    /// The config, with `default_players` when `--players` is absent.
    pub fn config(&self, default_players: usize) -> anyhow::Result<Config> {
        let mut config = Config::players(self.players.unwrap_or(default_players));
        config.variant.clone_from(&self.variant);
        for option in &self.options {
            let Some((key, value)) = option.split_once('=') else {
                bail!("--option {option}: write KEY=VALUE, e.g. --option turn_cap=100");
            };
            let value = serde_json::from_str(value).unwrap_or_else(|_| serde_json::Value::String(value.to_owned()));
            config.options.insert(key.trim().to_owned(), value);
        }
        if let Some(dir) = &self.content {
            config.content = worlds_registry::content_folder(dir).map_err(|e| anyhow::Error::new(Unreadable(e)))?;
        }
        Ok(config)
    }
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourChoice {
    Auto,
    Always,
    Never,
}

impl ColourChoice {
    /// Colour when asked, or (auto) when stdout is a terminal and `NO_COLOR` is not set.
    pub fn style(self) -> Style {
        let colour = match self {
            ColourChoice::Always => true,
            ColourChoice::Never => false,
            ColourChoice::Auto => {
                std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        };
        Style { colour }
    }
}

fn players(info: &GameInfo) -> String {
    let range = if info.min_players == info.max_players {
        info.min_players.to_string()
    } else {
        format!("{}–{}", info.min_players, info.max_players)
    };
    if info.recommended_max_players < info.max_players {
        format!("{range} players (best {}–{})", info.min_players, info.recommended_max_players)
    } else if range == "1" {
        "1 player".to_owned()
    } else {
        format!("{range} players")
    }
}

/// `worlds games`, within 80 columns: each game's id, name and player counts, its summary, and
/// its variants.
pub fn list_games() -> String {
    const WIDTH: usize = 80;
    let indented = |text: &str, first: &str, rest: &str| {
        let options = textwrap::Options::new(WIDTH).initial_indent(first).subsequent_indent(rest);
        textwrap::fill(text, options) + "\n"
    };
    let mut out = String::new();
    for info in worlds_registry::games() {
        out.push_str(&indented(&format!("{} · {} · {}", info.id, info.name, players(info)), "", "    "));
        out.push_str(&indented(info.summary, "    ", "    "));
        for (i, v) in info.variants.iter().enumerate() {
            let default = if i == 0 { " (default)" } else { "" };
            out.push_str(&indented(&format!("--variant {}{default}: {}", v.id, v.description), "    ", "        "));
        }
        out.push('\n');
    }
    out
}

/// The warning for player counts the rulebook advises against (e.g. WW5-SETUP-1).
pub fn long_game_warning(info: &GameInfo, players: usize) -> Option<String> {
    info.is_long_game(players).then(|| {
        format!(
            "warning: {} is best with {}–{} players; with {players}, expect a long game",
            info.name, info.min_players, info.recommended_max_players
        )
    })
}
