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

/// `text` without its ANSI escapes.
pub fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_escape = false;
    for c in text.chars() {
        match (in_escape, c) {
            (false, '\x1b') => in_escape = true,
            (true, 'm') => in_escape = false,
            (true, _) => {}
            (false, _) => out.push(c),
        }
    }
    out
}

/// `text` cut to at most `max` visible columns, ending in `…` when cut (its colour is dropped
/// then): for names from content files and menu lines that must stay on one line.
pub fn clip(text: &str, max: usize) -> String {
    if visible_width(text) <= max {
        return text.to_owned();
    }
    let mut out: String = plain(text).chars().take(max.saturating_sub(1)).collect();
    out.truncate(out.trim_end().len());
    out.push('…');
    out
}

/// `items` after `head`, joined by `sep`, in lines of at most `width` visible columns; each
/// further line starts with `indent` spaces. An item is never split (one wider than a line stands
/// alone on it).
pub fn pack(
    head: &str,
    items: impl IntoIterator<Item = String>,
    sep: &str,
    indent: usize,
    width: usize,
) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = head.to_owned();
    let mut empty = true;
    for item in items {
        if !empty && visible_width(&line) + visible_width(sep) + visible_width(&item) > width {
            lines.push(std::mem::replace(&mut line, " ".repeat(indent)));
            empty = true;
        }
        if !empty {
            line.push_str(sep);
        }
        line.push_str(&item);
        empty = false;
    }
    lines.push(line);
    lines
}

/// `items` as [`pack`] lays them out, in at most `max` lines (at least one): when they do not
/// fit, the last ones give way to `more(n)` for the `n` left out ("+3 more"), and a line still too
/// wide is cut. For lists on a screen with a budget of lines: a hand, a guild, a row of cards.
pub fn fit(
    head: &str,
    items: &[String],
    indent: usize,
    width: usize,
    max: usize,
    more: impl Fn(usize) -> String,
) -> Vec<String> {
    for shown in (0..=items.len()).rev() {
        let mut some: Vec<String> = items[..shown].to_vec();
        if shown < items.len() {
            some.push(more(items.len() - shown));
        }
        let lines = pack(head, some, " · ", indent, width);
        if (lines.len() <= max.max(1) && lines.iter().all(|l| visible_width(l) <= width)) || shown == 0 {
            return lines.iter().take(max.max(1)).map(|l| clip(l, width)).collect();
        }
    }
    Vec::new()
}

/// The words of `text` after `head`, broken at spaces into lines of at most `width` visible
/// columns, with a hanging indent of `indent` spaces.
pub fn wrap(head: &str, text: &str, indent: usize, width: usize) -> Vec<String> {
    pack(head, text.split_whitespace().map(str::to_owned), " ", indent, width)
}

/// Lines as one text, each ended by a newline, without trailing spaces: a screen to print.
pub fn finish(lines: &[String]) -> String {
    lines.iter().map(|l| format!("{}\n", l.trim_end())).collect()
}

/// `text` padded with spaces to `width` visible columns.
pub fn pad(text: &str, width: usize) -> String {
    let w = visible_width(text);
    format!("{text}{}", " ".repeat(width.saturating_sub(w)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What does not fit gives way to a count of what was left out, never cut mid-item.
    #[test]
    fn fit_leaves_out_the_last_items_and_counts_them() {
        let items: Vec<String> = ["Alpha", "Bravo", "Charlie", "Delta"].map(String::from).to_vec();
        let more = |n: usize| format!("+{n} more");
        assert_eq!(fit("Hand: ", &items, 6, 40, 1, more), ["Hand: Alpha · Bravo · Charlie · Delta"]);
        assert_eq!(fit("Hand: ", &items, 6, 30, 1, more), ["Hand: Alpha · Bravo · +2 more"]);
        assert_eq!(fit("Hand: ", &items, 6, 30, 2, more), ["Hand: Alpha · Bravo · Charlie", "      Delta"]);
        assert_eq!(fit("Hand: ", &items, 6, 12, 1, more), ["Hand: +4 mo…"]);
        assert_eq!(fit("Hand: ", &[], 6, 30, 1, more), ["Hand: "]);
    }

    #[test]
    fn a_screen_is_its_lines_without_trailing_spaces() {
        assert_eq!(finish(&["a  ".into(), String::new(), "b".into()]), "a\n\nb\n");
    }

    #[test]
    fn wrap_breaks_at_spaces_and_indents() {
        assert_eq!(wrap("", "aaa bbb ccc ddd", 2, 8), ["aaa bbb", "  ccc", "  ddd"]);
        assert_eq!(wrap("", "short", 2, 80), ["short"]);
        assert_eq!(wrap("Card: ", "one two three", 4, 14), ["Card: one two", "    three"]);
        // Colour does not count towards the width.
        let red = paint("aaa", Colour::Red, Style { colour: true });
        assert_eq!(pack("", [red.clone(), red.clone(), red.clone()], " · ", 0, 10), [format!("{red} · {red}"), red]);
    }

    #[test]
    fn clip_cuts_to_the_width_with_an_ellipsis() {
        assert_eq!(clip("Scandinavia", 6), "Scand…");
        assert_eq!(visible_width(&clip("Scandinavia", 6)), 6);
        assert_eq!(clip("Choose an industry. Move", 11), "Choose an…");
        assert_eq!(clip("short", 80), "short");
        let bold_text = bold("Scandinavia", Style { colour: true });
        assert_eq!(clip(&bold_text, 6), "Scand…");
        assert_eq!(plain(&bold_text), "Scandinavia");
    }
}
