//! Terminal colours for game views, without a dependency: a handful of ANSI codes, applied only
//! when the [`Style`] asks for colour (the CLI turns it off for `NO_COLOR` and non-terminals).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::game::Style;

/// A terminal colour that a game's content may name.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Red,
    Green,
    Yellow,
    Blue,
    Magenta,
    Cyan,
    White,
}

impl Colour {
    pub const ALL: [Colour; 7] =
        [Colour::Red, Colour::Green, Colour::Yellow, Colour::Blue, Colour::Magenta, Colour::Cyan, Colour::White];

    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Green => "green",
            Colour::Yellow => "yellow",
            Colour::Blue => "blue",
            Colour::Magenta => "magenta",
            Colour::Cyan => "cyan",
            Colour::White => "white",
        }
    }

    /// The bright ANSI foreground code.
    fn code(self) -> u8 {
        match self {
            Colour::Red => 91,
            Colour::Green => 92,
            Colour::Yellow => 93,
            Colour::Blue => 94,
            Colour::Magenta => 95,
            Colour::Cyan => 96,
            Colour::White => 97,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Colour {
    type Err = String;
    fn from_str(s: &str) -> Result<Colour, String> {
        Colour::ALL.into_iter().find(|c| c.name() == s.trim().to_ascii_lowercase()).ok_or_else(|| {
            let names: Vec<_> = Colour::ALL.iter().map(|c| c.name()).collect();
            format!("`{s}` is not a colour; colours are {}", names.join(", "))
        })
    }
}

/// `text` in `colour` (when the style has colour).
pub fn paint(text: &str, colour: Colour, style: Style) -> String {
    if style.colour { format!("\x1b[{}m{text}\x1b[0m", colour.code()) } else { text.to_owned() }
}

/// `text` in bold (when the style has colour).
pub fn bold(text: &str, style: Style) -> String {
    if style.colour { format!("\x1b[1m{text}\x1b[0m") } else { text.to_owned() }
}

/// `text` dimmed (when the style has colour).
pub fn dim(text: &str, style: Style) -> String {
    if style.colour { format!("\x1b[2m{text}\x1b[0m") } else { text.to_owned() }
}

/// The width of `text` on a terminal, ignoring ANSI escapes (every other char counts one).
pub fn visible_width(text: &str) -> usize {
    let mut width = 0;
    let mut in_escape = false;
    for c in text.chars() {
        match (in_escape, c) {
            (false, '\x1b') => in_escape = true,
            (true, 'm') => in_escape = false,
            (true, _) => {}
            (false, _) => width += 1,
        }
    }
    width
}

/// `text` padded with spaces to `width` visible columns.
pub fn pad(text: &str, width: usize) -> String {
    let w = visible_width(text);
    format!("{text}{}", " ".repeat(width.saturating_sub(w)))
}
