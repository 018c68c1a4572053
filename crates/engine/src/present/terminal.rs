//! A table drawn for the terminal: the seats' counts as a scoreboard, the cards in front of them,
//! the viewer's hand and the piles, in few lines for the screen before a decision or every card in
//! full for the board.

use std::fmt::Write as _;

use super::{Card, Panel, Table};
use crate::game::Style;
use crate::paint::{bold, clip, dim, fit, pack, pad, visible_width, wrap};
use crate::player::Player;
use crate::text::plural;

impl Table {
    /// The panels, the cards in front of each seat, the viewer's hand and the piles as terminal
    /// lines within `width` columns: [`Table::scoreboard`], then [`Table::fronts`] (two lines a
    /// seat at most), [`Table::hand`] (three), [`Table::pile_lines`] (two) and
    /// [`Table::list_lines`] (two a list).
    pub fn draw(&self, viewer: Option<Player>, width: usize, style: Style) -> String {
        let mut lines = self.scoreboard(viewer, width, style);
        lines.extend(self.fronts(viewer, width, 2));
        lines.extend(self.hand(viewer, width, 3));
        lines.extend(self.pile_lines(width, 2).iter().map(|l| dim(l, style)));
        lines.extend(self.list_lines(width, 2));
        let mut out = String::new();
        for line in lines {
            let _ = writeln!(out, "{line}");
        }
        out
    }

    /// The whole table for a full terminal board (`board`), a section each with a blank line
    /// between: "PLAYERS" with every count ([`Table::scoreboard_in_full`]) and the cards in front
    /// of each seat in full; each pile with face-up cards under its name and size, its cards in
    /// full; the other piles' sizes, with the cards known at the bottom of a deck; the lists, an
    /// item a line; the viewer's hand in full. The board itself is the game's own drawing.
    pub fn draw_in_full(&self, viewer: Option<Player>, width: usize, style: Style) -> Vec<String> {
        let mut players = vec![bold("PLAYERS", style)];
        players.extend(self.scoreboard_in_full(viewer, width, style));
        players.extend(self.fronts_in_full(viewer, width, style));
        let mut sections = vec![players];
        for pile in self.piles.iter().filter(|p| !p.shown.is_empty()) {
            let cards = plural(pile.count as u64, "card", "cards");
            let mut lines = vec![bold(&format!("{}  {cards}", pile.name.to_uppercase()), style)];
            lines.extend(in_full(&pile.shown, width, style));
            sections.push(lines);
        }
        let sizes: Vec<String> =
            self.piles.iter().filter(|p| p.shown.is_empty()).map(|p| format!("{} {}", p.name, p.count)).collect();
        let mut piles = if sizes.is_empty() { Vec::new() } else { pack("", sizes, " · ", 0, width) };
        for pile in self.piles.iter().filter(|p| !p.known_bottom.is_empty()) {
            let head = format!("  Known at the bottom of the {}: ", pile.name);
            piles.extend(wrap(&head, &pile.known_bottom.join(", "), 4, width));
        }
        sections.extend([piles, self.lists_in_full(width, style), self.hand_in_full(viewer, width, style)]);
        let mut lines = Vec::new();
        for section in sections.into_iter().filter(|s| !s.is_empty()) {
            if !lines.is_empty() {
                lines.push(String::new());
            }
            lines.extend(section);
        }
        lines
    }

    /// The seats' counts as a table: a header of the counts' names, then one line a seat, its
    /// counts under their names and its notes after them; "▶" marks a seat with a decision to
    /// make, "(you)" the viewer (whose line is bold). Each line at most `width` columns. Counts that
    /// are details ([`Count::detail`]) are left out.
    pub fn scoreboard(&self, viewer: Option<Player>, width: usize, style: Style) -> Vec<String> {
        let names: Vec<&str> = self.count_names().into_iter().filter(|(_, detail)| !detail).map(|(n, _)| n).collect();
        self.counts_table(&names, true, viewer, width, style)
    }

    /// For a full terminal board: every count, details too, as [`Table::scoreboard`] draws them;
    /// where they do not fit `width` beside the seats, in more tables one under another (the notes
    /// after the first, which keeps up to a third of the width for them).
    pub fn scoreboard_in_full(&self, viewer: Option<Player>, width: usize, style: Style) -> Vec<String> {
        let names: Vec<&str> = self.count_names().into_iter().map(|(n, _)| n).collect();
        // The narrowest the seats' column gets, its marker included: "▶ P1 Ru… (you)".
        let seats = self.panels.iter().map(|p| 2 + visible_width(&p.label(viewer, 3))).max().unwrap_or(0);
        // The first table keeps room for the notes after it, up to a third of the width.
        let notes = self.panels.iter().map(|p| p.notes.join(" · ")).map(|n| visible_width(&n)).max().unwrap_or(0);
        let mut notes = if notes > 0 { (notes + 2).min(width / 3) } else { 0 };
        let mut lines = Vec::new();
        let mut rest = &names[..];
        while !rest.is_empty() {
            // As many counts as fit beside the seats (the faction's name cut to 3 columns at least).
            let mut n = 1;
            while n < rest.len() && seats + self.counts_width(&rest[..=n]) + notes <= width {
                n += 1;
            }
            notes = 0;
            lines.extend(self.counts_table(&rest[..n], lines.is_empty(), viewer, width, style));
            rest = &rest[n..];
        }
        lines
    }

    /// Each count's name, in the order they first appear, the details last, and whether it is a
    /// detail.
    fn count_names(&self) -> Vec<(&str, bool)> {
        let mut names: Vec<(&str, bool)> = Vec::new();
        for count in self.panels.iter().flat_map(|p| &p.counts) {
            if !names.iter().any(|(n, _)| *n == count.name) {
                names.push((&count.name, count.detail));
            }
        }
        names.sort_by_key(|&(_, detail)| detail);
        names
    }

    /// The columns of the counts `names`: each as wide as its name or its widest value.
    fn count_widths(&self, names: &[&str]) -> Vec<usize> {
        names
            .iter()
            .map(|&n| {
                let values = self.panels.iter().filter_map(|p| p.value_text(n)).map(|v| visible_width(&v));
                values.chain([visible_width(n)]).max().unwrap_or(0)
            })
            .collect()
    }

    fn counts_width(&self, names: &[&str]) -> usize {
        self.count_widths(names).iter().map(|w| w + 2).sum()
    }

    /// The table of the counts `names` a seat a line, with the seats' notes if `notes`.
    fn counts_table(
        &self,
        names: &[&str],
        notes: bool,
        viewer: Option<Player>,
        width: usize,
        style: Style,
    ) -> Vec<String> {
        let widths = self.count_widths(names);
        // A faction's name gives way (cut with "…") where the counts would not fit beside it, down
        // to 3 columns; the seat and "(you)" stay whole. Notes after the counts are cut first.
        let room = width.saturating_sub(2 + self.counts_width(names));
        let longest =
            |faction_width: usize| self.panels.iter().map(|p| visible_width(&p.label(viewer, faction_width))).max();
        let full = self.panels.iter().filter_map(|p| p.faction.as_deref()).map(visible_width).max().unwrap_or(0);
        let mut faction_width = full;
        while faction_width > 3 && longest(faction_width).unwrap_or(0) > room {
            faction_width -= 1;
        }
        let label = |panel: &Panel| panel.label(viewer, faction_width);
        let label_width = longest(faction_width).unwrap_or(0);
        let mut head = " ".repeat(2 + label_width);
        for (name, w) in names.iter().zip(&widths) {
            let _ = write!(head, "  {name:>w$}");
        }
        let mut lines = vec![dim(&clip(head.trim_end(), width), style)];
        for panel in &self.panels {
            let marker = if panel.acting { "▶ " } else { "  " };
            let mut line = format!("{marker}{}", pad(&label(panel), label_width));
            for (name, w) in names.iter().zip(&widths) {
                let _ = write!(line, "  {:>w$}", panel.value_text(name).unwrap_or_default());
            }
            // The notes take what room is left: cut, they leave the counts whole.
            let left = width.saturating_sub(visible_width(line.trim_end()) + 2);
            if notes && !panel.notes.is_empty() && left >= 4 {
                let _ = write!(line, "  {}", clip(&panel.notes.join(" · "), left));
            }
            let line = clip(line.trim_end(), width);
            lines.push(if viewer == Some(panel.seat) { bold(&line, style) } else { line });
        }
        lines
    }

    /// The face-up cards in front of each seat that has some, by name and kind ("In front of P2:
    /// Lunch-Break Larry (Casual · XP 3) · …"), in at most `max` lines a seat; what does not fit
    /// is counted.
    pub fn fronts(&self, viewer: Option<Player>, width: usize, max: usize) -> Vec<String> {
        let mut lines = Vec::new();
        for panel in self.panels.iter().filter(|p| !p.cards.is_empty()) {
            let who = panel.who(viewer);
            let items = grouped(&panel.cards);
            lines.extend(fit(&format!("In front of {who}: "), &items, 4, width, max, more));
        }
        lines
    }

    /// The viewer's hand by name and kind in at most `max` lines ("Hand: Bribe (Action) ·
    /// Strike (Action)"), by name alone when that fits every card and the kinds would not, or
    /// "Hand: (empty)"; nothing for a spectator.
    pub fn hand(&self, viewer: Option<Player>, width: usize, max: usize) -> Vec<String> {
        let Some(hand) = self.hand_of(viewer) else {
            return Vec::new();
        };
        if hand.is_empty() {
            return vec!["Hand: (empty)".to_owned()];
        }
        let fits = |items: &[String]| {
            let lines = pack("Hand: ", items.iter().cloned(), " · ", 6, width);
            lines.len() <= max && lines.iter().all(|l| visible_width(l) <= width)
        };
        let labels = grouped(hand);
        let names = grouped(&hand.iter().map(|c| Card { kind: None, ..c.clone() }).collect::<Vec<_>>());
        let items = if !fits(&labels) && fits(&names) { names } else { labels };
        fit("Hand: ", &items, 6, width, max, more)
    }

    /// For a full terminal board: under "In front of P2:", the face-up cards in front of each
    /// seat that has some, each with its full text ([`in_full`]).
    pub fn fronts_in_full(&self, viewer: Option<Player>, width: usize, style: Style) -> Vec<String> {
        let mut lines = Vec::new();
        for panel in self.panels.iter().filter(|p| !p.cards.is_empty()) {
            let who = panel.who(viewer);
            lines.push(format!("In front of {who}:"));
            lines.extend(in_full(&panel.cards, width, style));
        }
        lines
    }

    /// For a full terminal board: "YOUR HAND  3 cards" and each card with its full text
    /// ([`in_full`]), or "(empty)"; nothing for a spectator.
    pub fn hand_in_full(&self, viewer: Option<Player>, width: usize, style: Style) -> Vec<String> {
        let Some(hand) = self.hand_of(viewer) else {
            return Vec::new();
        };
        let cards = plural(hand.len() as u64, "card", "cards");
        let mut lines = vec![bold(&format!("YOUR HAND  {cards}"), style)];
        if hand.is_empty() {
            lines.push("  (empty)".to_owned());
        }
        lines.extend(in_full(hand, width, style));
        lines
    }

    /// Each list after its name ("War table: 2–5 nothing; 6–7 …"), in at most `max` lines a
    /// list.
    pub fn list_lines(&self, width: usize, max: usize) -> Vec<String> {
        let mut lines = Vec::new();
        for list in self.lists.iter().filter(|l| !l.items.is_empty()) {
            lines.extend(fit(&format!("{}: ", list.name), &list.items, 2, width, max, more));
        }
        lines
    }

    /// For a full terminal board: each list's name, then its items a line each.
    pub fn lists_in_full(&self, width: usize, style: Style) -> Vec<String> {
        let mut lines = Vec::new();
        for list in self.lists.iter().filter(|l| !l.items.is_empty()) {
            lines.push(bold(&list.name, style));
            lines.extend(list.items.iter().flat_map(|item| wrap("  ", item, 4, width)));
        }
        lines
    }

    /// The piles with their sizes ("Deck 23 · Discard 4"), in at most `max` lines.
    pub fn pile_lines(&self, width: usize, max: usize) -> Vec<String> {
        if self.piles.is_empty() {
            return Vec::new();
        }
        let items: Vec<String> = self.piles.iter().map(|p| format!("{} {}", p.name, p.count)).collect();
        fit("", &items, 0, width, max, more)
    }
}

/// The cards' labels, copies of one card (same name and kind) once with their number
/// ("2× Wrong Pull (Effect · Raid)"), in the order each first appears.
fn grouped(cards: &[Card]) -> Vec<String> {
    let mut seen: Vec<(String, usize)> = Vec::new();
    for label in cards.iter().map(Card::label) {
        match seen.iter_mut().find(|(l, _)| *l == label) {
            Some((_, n)) => *n += 1,
            None => seen.push((label, 1)),
        }
    }
    seen.into_iter().map(|(l, n)| if n > 1 { format!("{n}× {l}") } else { l }).collect()
}

/// Cards a paragraph each, copies of one card once ("2× "), with their kind and full text
/// wrapped under a hanging indent: "  Boss Strats (Stash): Your parties +1 experience in Boss
/// dungeons."
pub fn in_full(cards: &[Card], width: usize, style: Style) -> Vec<String> {
    let mut out = Vec::new();
    for (i, card) in cards.iter().enumerate() {
        let same = |c: &&Card| c.name == card.name && c.kind == card.kind && c.text == card.text;
        if cards[..i].iter().any(|c| same(&c)) {
            continue;
        }
        let n = cards[i..].iter().filter(same).count();
        let copies = if n > 1 { format!("{n}× ") } else { String::new() };
        let label = format!("{copies}{}", card.label());
        if visible_width(&label) + 4 + 20 > width {
            // A label too long to leave room for text beside it: the label wrapped, the text
            // under it.
            for line in wrap("  ", &label, 6, width) {
                let text = line.trim_start();
                out.push(format!("{}{}", &line[..line.len() - text.len()], bold(text, style)));
            }
            out.extend(wrap("      ", &card.text, 6, width).into_iter().filter(|l| !l.trim().is_empty()));
            continue;
        }
        let head = format!("  {copies}{}", bold(&card.label(), style));
        out.extend(if card.text.is_empty() { vec![head] } else { wrap(&format!("{head}: "), &card.text, 6, width) });
    }
    out
}

/// "+3 more": what a list that does not fit says of the rest.
pub fn more(n: usize) -> String {
    format!("+{n} more")
}

#[cfg(test)]
mod tests {
    use super::super::tests::{card, p, table};
    use super::*;
    use crate::present::{Count, Pile};

    #[test]
    fn panels_draw_a_scoreboard_the_cards_in_front_the_viewers_hand_and_the_piles() {
        let t = table(7, &[("c1", "Bribe"), ("c2", "Strike")], 3, &["passed"]);
        // Copies of one card are counted, not repeated.
        let copies = table(7, &[("c1", "Bribe"), ("c2", "Strike"), ("c3", "Bribe")], 3, &[]);
        assert_eq!(copies.hand(Some(p(0)), 80, 1), ["Hand: 2× Bribe · Strike"]);
        // Kinds give way to names where the names alone fit and the kinds would not.
        let mut kinds = table(7, &[("c1", "Bribe"), ("c2", "Strike")], 3, &[]);
        for card in kinds.panels[0].hand.as_mut().unwrap() {
            card.kind = Some("Action".into());
        }
        assert_eq!(kinds.hand(Some(p(0)), 40, 1), ["Hand: Bribe (Action) · Strike (Action)"]);
        assert_eq!(kinds.hand(Some(p(0)), 30, 1), ["Hand: Bribe · Strike"]);
        assert_eq!(kinds.hand(Some(p(0)), 12, 1), ["Hand: +2 mo…"]);
        assert_eq!(
            t.draw(Some(p(0)), 80, Style::default()),
            "              Popularity    VP  Cards
▶ P1 (you)             7  3/10
  P2 Germany           4  3/10      5  passed
In front of P2: Oil Rig (Business · 3)
Hand: Bribe · Strike
Deck 23 · Discard 4
"
        );
        // A count a seat lacks leaves its column blank; the spectator's view has no "(you)".
        assert_eq!(t.scoreboard(None, 80, Style::default())[1], "▶ P1                   7  3/10");
        assert_eq!(t.fronts(None, 30, 1), ["In front of P2: +1 more"]);
        // A long faction name is cut so the counts keep their columns.
        let mut long = t.clone();
        long.panels[1].faction = Some("the Federal Republic of Germany".into());
        assert_eq!(
            long.scoreboard(Some(p(0)), 44, Style::default())[1..],
            ["▶ P1 (you)                    7  3/10", "  P2 the Federal R…           4  3/10      5"]
        );
        let narrow = t.draw(None, 20, Style::default());
        assert!(narrow.lines().all(|l| l.chars().count() <= 20), "{narrow}");
        assert!(!narrow.contains("Hand"), "a spectator sees no hand");
    }

    /// A list is a line or two after its name on the compact drawing, an item a line on the
    /// full board; what does not fit is counted.
    #[test]
    fn lists_are_drawn_after_their_name() {
        let mut t = table(7, &[], 3, &[]);
        let rows = ["2–5 nothing happens", "6–7 the region loses 1 Income", "8+ civil war"];
        t.lists.push(super::super::List::new("War table", rows.map(str::to_owned).to_vec()));
        t.lists.push(super::super::List::new("Empty", vec![]));
        assert_eq!(
            t.list_lines(80, 2),
            ["War table: 2–5 nothing happens · 6–7 the region loses 1 Income · 8+ civil war"]
        );
        assert_eq!(t.list_lines(40, 1), ["War table: 2–5 nothing happens · +2 more"]);
        assert!(
            t.draw(None, 80, Style::default())
                .ends_with("War table: 2–5 nothing happens · 6–7 the region loses 1 Income · 8+ civil war\n")
        );
        assert_eq!(
            t.lists_in_full(30, Style::default()),
            ["War table", "  2–5 nothing happens", "  6–7 the region loses 1", "    Income", "  8+ civil war"]
        );
    }

    /// A full board draws every card with its text, copies of a card once with their number.
    #[test]
    fn the_full_board_draws_the_cards_in_front_and_the_hand_with_their_text() {
        let mut t = table(7, &[("c1", "Bribe"), ("c2", "Strike"), ("c3", "Bribe")], 3, &[]);
        t.panels[0].hand.as_mut().unwrap()[1].text = "Every other player loses 1 Popularity at once.".into();
        let plain = Style::default();
        assert_eq!(
            t.fronts_in_full(Some(p(0)), 80, plain),
            ["In front of P2:", "  Oil Rig (Business · 3): Pays 3 a turn."]
        );
        assert_eq!(
            t.hand_in_full(Some(p(0)), 32, plain),
            [
                "YOUR HAND  3 cards",
                "  2× Bribe",
                "  Strike: Every other player",
                "      loses 1 Popularity at",
                "      once."
            ]
        );
        assert_eq!(t.hand_in_full(None, 80, plain), Vec::<String>::new());
        let empty = table(7, &[], 3, &[]);
        assert_eq!(empty.hand_in_full(Some(p(0)), 80, plain), ["YOUR HAND  0 cards", "  (empty)"]);
        // Two cards of one name but other texts are two paragraphs.
        let two = [card("a", "Patch"), Card { text: "Other.".into(), ..card("b", "Patch") }];
        assert_eq!(in_full(&two, 80, plain), ["  Patch", "  Patch: Other."]);
        // A label too long for its text beside it has the text under it.
        let long = [Card {
            kind: Some("Boss · difficulty 11 · loot 3".into()),
            text: "Loot +1.".into(),
            ..card("d", "Cathedral")
        }];
        assert_eq!(in_full(&long, 50, plain), ["  Cathedral (Boss · difficulty 11 · loot 3)", "      Loot +1."]);
        assert_eq!(
            in_full(&long, 40, plain),
            ["  Cathedral (Boss · difficulty 11 · loot", "      3)", "      Loot +1."]
        );
    }

    /// The full board: the players, each pile with face-up cards in full, the other piles'
    /// sizes and known bottoms, the lists, the hand; a blank line between sections, none for an
    /// empty one.
    #[test]
    fn the_full_table_draws_a_section_each() {
        let mut t = table(7, &[("c1", "Bribe")], 3, &["passed"]);
        t.piles[0].known_bottom = vec!["Oil Rig".into(), "Bribe".into()];
        t.piles.insert(0, Pile::new("Market", 2, vec![card("m1", "Strike"), card("m2", "Strike")]));
        t.lists.push(super::super::List::new("War table", vec!["2–5 nothing happens".into()]));
        assert_eq!(
            t.draw_in_full(Some(p(0)), 80, Style::default()),
            [
                "PLAYERS",
                "              Popularity    VP  Cards",
                "▶ P1 (you)             7  3/10",
                "  P2 Germany           4  3/10      5  passed",
                "In front of P2:",
                "  Oil Rig (Business · 3): Pays 3 a turn.",
                "",
                "MARKET  2 cards",
                "  2× Strike",
                "",
                "DISCARD  4 cards",
                "  Riot",
                "",
                "Deck 23",
                "  Known at the bottom of the Deck: Oil Rig, Bribe",
                "",
                "War table",
                "  2–5 nothing happens",
                "",
                "YOUR HAND  1 card",
                "  Bribe",
            ]
        );
        let spectator = t.draw_in_full(None, 80, Style::default());
        assert_eq!(spectator.last().map(String::as_str), Some("  2–5 nothing happens"));
        // No piles, no lists, no hand: the players alone, with no blank line after them.
        let players = Table { piles: Vec::new(), lists: Vec::new(), ..t };
        assert_eq!(
            players.draw_in_full(None, 80, Style::default()).last().map(String::as_str),
            Some("  Oil Rig (Business · 3): Pays 3 a turn.")
        );
    }

    /// Details are on the full board, in a second table where they do not fit beside the first
    /// counts; the compact scoreboard and the summary of changes leave them out.
    #[test]
    fn details_are_drawn_on_the_full_board_only() {
        let mut t = table(7, &[("c1", "Bribe")], 3, &["passed"]);
        for (panel, units) in t.panels.iter_mut().zip([12, 9]) {
            panel.counts.extend([Count::detail("Units left", units), Count::detail("Bases left", 2)]);
        }
        let plain = Style::default();
        assert_eq!(
            t.scoreboard(Some(p(0)), 80, plain),
            table(7, &[], 3, &["passed"]).scoreboard(Some(p(0)), 80, plain)
        );
        assert_eq!(
            t.scoreboard_in_full(Some(p(0)), 80, plain),
            [
                "              Popularity    VP  Cards  Units left  Bases left",
                "▶ P1 (you)             7  3/10                 12           2",
                "  P2 Germany           4  3/10      5           9           2  passed",
            ]
        );
        assert_eq!(
            t.scoreboard_in_full(Some(p(0)), 44, plain),
            [
                "              Popularity    VP  Cards",
                "▶ P1 (you)             7  3/10",
                "  P2 Germany           4  3/10      5  pass…",
                "              Units left  Bases left",
                "▶ P1 (you)            12           2",
                "  P2 Germany           9           2",
            ]
        );
        let mut after = t.clone();
        after.panels[0].counts[2].value = 10;
        assert_eq!(after.changes(&t, Some(p(0))), Vec::<String>::new());
        let json = serde_json::to_value(&after.panels[0].counts).unwrap();
        assert_eq!(json[1], serde_json::json!({"name": "VP", "value": 3, "of": 10}));
        assert_eq!(json[2], serde_json::json!({"name": "Units left", "value": 10, "detail": true}));
    }
}
