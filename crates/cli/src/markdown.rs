//! A player's page (Markdown) drawn for a terminal: headings, paragraphs wrapped to the width,
//! lists, quotes, code, and tables drawn with box lines. HTML — comments for developers, tags —
//! is left out (a `<br>` in a table cell breaks the line); links show their text.

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use worlds_engine::Style;
use worlds_engine::paint::bold;

/// `markdown` as text for a terminal `width` columns wide.
pub fn render(markdown: &str, width: usize, style: Style) -> String {
    let mut r = Renderer { width: width.max(30), style, ..Renderer::default() };
    for event in Parser::new_ext(markdown, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH) {
        r.event(event);
    }
    r.flush();
    let mut out = r.out.trim_end().to_owned();
    out.push('\n');
    out
}

#[derive(Default)]
struct Table {
    rows: Vec<Vec<String>>,
    head: usize,
}

#[derive(Default)]
struct Renderer {
    width: usize,
    style: Style,
    out: String,
    /// The text of the block being read.
    text: String,
    /// For each open list, the next number (ordered) or `None` (bullets).
    lists: Vec<Option<u64>>,
    /// The marker of a list item whose first line is not written yet.
    bullet: Option<String>,
    quotes: usize,
    strong: usize,
    heading: Option<HeadingLevel>,
    code: Option<String>,
    table: Option<Table>,
    link: Option<String>,
}

impl Renderer {
    fn event(&mut self, event: Event<'_>) {
        match event {
            Event::Start(tag) => self.start(tag),
            Event::End(tag) => self.end(tag),
            Event::Text(t) => match &mut self.code {
                Some(code) => code.push_str(&t),
                None => self.push_text(&t),
            },
            Event::Code(t) => self.push_text(&t),
            Event::SoftBreak => self.text.push(' '),
            Event::HardBreak => self.text.push('\n'),
            Event::InlineHtml(html) if is_line_break(&html) => {
                self.text.push(if self.table.is_some() { '\n' } else { ' ' });
            }
            Event::Rule => {
                self.flush();
                let rule = "─".repeat(self.width.min(60));
                self.out.push_str(&rule);
                self.out.push_str("\n\n");
            }
            // Developers' comments and other HTML are not for players.
            Event::Html(_) | Event::InlineHtml(_) => {}
            _ => {}
        }
    }

    fn push_text(&mut self, t: &str) {
        if self.strong > 0 || self.heading.is_some() {
            // Bold word by word, so wrapping never splits a colour code from its text.
            let words: Vec<String> =
                t.split(' ').map(|w| if w.is_empty() { String::new() } else { bold(w, self.style) }).collect();
            self.text.push_str(&words.join(" "));
        } else {
            self.text.push_str(t);
        }
    }

    fn start(&mut self, tag: Tag<'_>) {
        match tag {
            Tag::Heading { level, .. } => {
                self.flush();
                self.heading = Some(level);
            }
            Tag::Paragraph => {}
            Tag::BlockQuote(_) => {
                self.flush();
                self.quotes += 1;
            }
            Tag::CodeBlock(_) => {
                self.flush();
                self.code = Some(String::new());
            }
            Tag::List(first) => {
                self.flush();
                self.lists.push(first);
            }
            Tag::Item => {
                self.flush();
                let marker = match self.lists.last_mut() {
                    Some(Some(n)) => {
                        let m = format!("{n}. ");
                        *n += 1;
                        m
                    }
                    _ => "• ".to_owned(),
                };
                self.bullet = Some(marker);
            }
            Tag::Table(_) => {
                self.flush();
                self.table = Some(Table::default());
            }
            Tag::TableHead | Tag::TableRow => {
                if let Some(t) = &mut self.table {
                    t.rows.push(Vec::new());
                }
            }
            Tag::TableCell => self.text.clear(),
            Tag::Strong => self.strong += 1,
            Tag::Link { dest_url, .. } => {
                self.link =
                    (dest_url.starts_with("http://") || dest_url.starts_with("https://")).then(|| dest_url.to_string());
            }
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::Heading(level) => {
                let text = std::mem::take(&mut self.text);
                let text = if level == HeadingLevel::H1 { text.to_uppercase() } else { text };
                if !self.out.is_empty() && !self.out.ends_with("\n\n") {
                    self.out.push('\n');
                }
                self.out.push_str(&text);
                self.out.push('\n');
                if level <= HeadingLevel::H2 {
                    let w = textwrap::core::display_width(&text).min(self.width);
                    self.out.push_str(&(if level == HeadingLevel::H1 { "═" } else { "─" }).repeat(w));
                    self.out.push('\n');
                }
                self.out.push('\n');
                self.heading = None;
            }
            TagEnd::Paragraph => {
                self.flush();
                if self.lists.is_empty() {
                    self.out.push_str(&self.prefix());
                    self.out.truncate(self.out.trim_end_matches([' ', '│']).len());
                    self.out.push('\n');
                }
            }
            TagEnd::Item => self.flush(),
            TagEnd::List(_) => {
                self.flush();
                self.lists.pop();
                if self.lists.is_empty() {
                    self.out.push('\n');
                }
            }
            TagEnd::BlockQuote(_) => {
                self.flush();
                self.quotes = self.quotes.saturating_sub(1);
            }
            TagEnd::CodeBlock => {
                let code = self.code.take().unwrap_or_default();
                // Commands stay whole where they fit; a longer line breaks at a space.
                let first = format!("{}  ", self.prefix());
                let rest = format!("{}      ", self.prefix());
                for line in code.lines() {
                    if line.trim().is_empty() {
                        self.out.push('\n');
                        continue;
                    }
                    let options = textwrap::Options::new(self.width)
                        .initial_indent(&first)
                        .subsequent_indent(&rest)
                        .word_separator(textwrap::WordSeparator::AsciiSpace)
                        .word_splitter(textwrap::WordSplitter::NoHyphenation);
                    for part in textwrap::wrap(line, options) {
                        self.out.push_str(&part);
                        self.out.push('\n');
                    }
                }
                self.out.push('\n');
            }
            TagEnd::TableCell => {
                let cell = std::mem::take(&mut self.text);
                if let Some(row) = self.table.as_mut().and_then(|t| t.rows.last_mut()) {
                    row.push(cell.trim().to_owned());
                }
            }
            TagEnd::TableHead => {
                if let Some(t) = &mut self.table {
                    t.head = t.rows.len();
                }
            }
            TagEnd::Table => {
                if let Some(t) = self.table.take() {
                    let drawn = draw_table(&t, self.width, self.style);
                    self.out.push_str(&drawn);
                    self.out.push('\n');
                }
            }
            TagEnd::Strong => self.strong = self.strong.saturating_sub(1),
            TagEnd::Link => {
                if let Some(url) = self.link.take()
                    && !self.text.ends_with(url.as_str())
                {
                    self.text.push_str(&format!(" ({url})"));
                }
            }
            _ => {}
        }
    }

    /// What starts every line at this depth: quote bars and list indentation.
    fn prefix(&self) -> String {
        let mut p = "│ ".repeat(self.quotes);
        p.push_str(&"  ".repeat(self.lists.len().saturating_sub(1)));
        p
    }

    /// Writes the text read so far as a wrapped paragraph (or list item).
    fn flush(&mut self) {
        if self.table.is_some() || self.heading.is_some() {
            return;
        }
        let text = std::mem::take(&mut self.text);
        let text = text.trim();
        let bullet = self.bullet.take();
        if text.is_empty() {
            if let Some(b) = bullet {
                // An item whose text comes later (a nested list first): keep its marker.
                self.bullet = Some(b);
            }
            return;
        }
        let prefix = self.prefix();
        let first = format!("{prefix}{}", bullet.as_deref().unwrap_or(""));
        let rest = format!("{prefix}{}", " ".repeat(bullet.as_deref().map_or(0, |b| b.chars().count())));
        for (k, line) in text.split('\n').enumerate() {
            let options = textwrap::Options::new(self.width)
                .initial_indent(if k == 0 { &first } else { &rest })
                .subsequent_indent(&rest)
                .word_separator(textwrap::WordSeparator::AsciiSpace)
                .word_splitter(textwrap::WordSplitter::NoHyphenation);
            for part in textwrap::wrap(line.trim(), options) {
                self.out.push_str(&part);
                self.out.push('\n');
            }
        }
    }
}

fn is_line_break(html: &str) -> bool {
    let tag = html.trim().to_ascii_lowercase();
    matches!(tag.as_str(), "<br>" | "<br/>" | "<br />")
}

/// Column widths that fit `width`: narrow columns keep their natural width, the others share the
/// rest equally.
fn fit_columns(natural: &[usize], width: usize) -> Vec<usize> {
    let cols = natural.len();
    let room = width.saturating_sub(3 * cols + 1).max(cols * 4);
    if natural.iter().sum::<usize>() <= room {
        return natural.to_vec();
    }
    let mut widths = vec![0; cols];
    let mut order: Vec<usize> = (0..cols).collect();
    order.sort_by_key(|&c| natural[c]);
    let mut left = room;
    for (k, &c) in order.iter().enumerate() {
        let share = left / (cols - k);
        widths[c] = natural[c].min(share).max(3);
        left = left.saturating_sub(widths[c]);
    }
    widths
}

fn draw_table(t: &Table, width: usize, style: Style) -> String {
    let cols = t.rows.iter().map(Vec::len).max().unwrap_or(0);
    if cols == 0 {
        return String::new();
    }
    let natural: Vec<usize> = (0..cols)
        .map(|c| {
            t.rows
                .iter()
                .filter_map(|r| r.get(c))
                .flat_map(|cell| cell.split('\n'))
                .map(textwrap::core::display_width)
                .max()
                .unwrap_or(0)
                .max(1)
        })
        .collect();
    let widths = fit_columns(&natural, width);
    let line = |left: &str, mid: &str, right: &str| {
        let parts: Vec<String> = widths.iter().map(|w| "─".repeat(w + 2)).collect();
        format!("{left}{}{right}\n", parts.join(mid))
    };
    let mut out = line("┌", "┬", "┐");
    for (r, row) in t.rows.iter().enumerate() {
        if r == t.head && r > 0 {
            out.push_str(&line("├", "┼", "┤"));
        }
        let cells: Vec<Vec<String>> = (0..cols)
            .map(|c| {
                let text = row.get(c).map_or("", String::as_str);
                let mut lines = Vec::new();
                for part in text.split('\n') {
                    let options = textwrap::Options::new(widths[c])
                        .word_separator(textwrap::WordSeparator::AsciiSpace)
                        .word_splitter(textwrap::WordSplitter::NoHyphenation);
                    lines.extend(
                        textwrap::wrap(part, options)
                            .into_iter()
                            .map(|l| if r < t.head { bold(&l, style) } else { l.into_owned() }),
                    );
                }
                lines
            })
            .collect();
        let height = cells.iter().map(Vec::len).max().unwrap_or(1).max(1);
        for k in 0..height {
            out.push('│');
            for (c, lines) in cells.iter().enumerate() {
                let text = lines.get(k).map_or("", String::as_str);
                out.push(' ');
                out.push_str(&worlds_engine::paint::pad(text, widths[c]));
                out.push_str(" │");
            }
            out.push('\n');
        }
    }
    out.push_str(&line("└", "┴", "┘"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_paragraphs_lists_and_comments() {
        let md = "# World War 5\n\n<!-- for developers: regenerate with ... -->\n*2–4 players*\n\n## A turn\n\nTake **one** action: grow, build, move or invade a pyramid of yours. It is a long sentence that wraps.\n\n- **Grow** a pyramid\n- Build one `build eu-west`\n\n1. first\n2. second\n";
        assert_eq!(
            render(md, 40, Style::default()),
            "WORLD WAR 5\n═══════════\n\n2–4 players\n\nA turn\n──────\n\nTake one action: grow, build, move or\ninvade a pyramid of yours. It is a long\nsentence that wraps.\n\n• Grow a pyramid\n• Build one build eu-west\n\n1. first\n2. second\n"
        );
    }

    #[test]
    fn tables_are_drawn_and_fit_the_width() {
        let md = "| action | what it does |\n|---|---|\n| **Grow** | Replace one of your pyramids on your home continent with the next larger size. |\n| Build | Put a small<br>on an empty territory. |\n";
        let out = render(md, 40, Style::default());
        assert_eq!(
            out,
            "┌────────┬─────────────────────────────┐\n\
             │ action │ what it does                │\n\
             ├────────┼─────────────────────────────┤\n\
             │ Grow   │ Replace one of your         │\n\
             │        │ pyramids on your home       │\n\
             │        │ continent with the next     │\n\
             │        │ larger size.                │\n\
             │ Build  │ Put a small                 │\n\
             │        │ on an empty territory.      │\n\
             └────────┴─────────────────────────────┘\n"
        );
    }
}
