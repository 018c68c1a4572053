//! What a player sees, described once: the phase, each player's panel (named counts, the cards in
//! front of them, their hand if the viewer may see it, what they are doing), the piles and the
//! tracks. A game builds a [`Table`] from an observation ([`crate::Present::table`]), so it holds only
//! what that viewer may know; shared code draws it for the terminal ([`Table::draw`]) and says
//! what changed for a seat between two of them ([`Table::changes`], the "since your last decision"
//! summary). The board itself stays a game's own drawing (its scene and its terminal map).

use std::fmt::Write as _;

use serde::Serialize;

use crate::game::Style;
use crate::paint::{bold, clip, dim};
use crate::player::Player;

/// A position as a viewer may see it, apart from the board.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize)]
pub struct Table {
    /// Where the game stands, in the rulebook's words ("Round 3 · Phase 2: Placing").
    pub phase: String,
    /// One panel per seat, seat order.
    pub panels: Vec<Panel>,
    /// Decks, discard piles, markets: what everyone sees of them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub piles: Vec<Pile>,
}

/// One player's side of the table.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Panel {
    pub seat: Player,
    /// What the seat plays as, if the game gives it a name ("Germany", "the Red party").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub faction: Option<String>,
    /// Named counts, in the order the game lists them ("Popularity 7", "Cards in hand 5").
    pub counts: Vec<Count>,
    /// Face-up cards in front of the player (played, in force, owned).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<Card>,
    /// The hand, when the viewer may see it (else its size is one of the counts).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<Card>>,
    /// Short states anyone can see ("passed", "priority", "choice made face down"): [`Table::changes`]
    /// puts them after a seat ("P2: passed") or after what else changed for it ("P2's VP 3 → 4;
    /// passed").
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// A named number on a panel, and its most, where there is one ("VP 3 of 10").
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Count {
    pub name: String,
    pub value: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub of: Option<i64>,
}

impl Count {
    pub fn new(name: impl Into<String>, value: impl Into<i64>) -> Count {
        Count { name: name.into(), value: value.into(), of: None }
    }

    pub fn of(name: impl Into<String>, value: impl Into<i64>, most: impl Into<i64>) -> Count {
        Count { name: name.into(), value: value.into(), of: Some(most.into()) }
    }
}

/// A face-up card with everything printed on it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Card {
    /// Its id in scenes and actions.
    pub id: String,
    pub name: String,
    /// The label at its top ("ACTION", "Level 2 · Blue"), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// Its rules text, in full.
    pub text: String,
}

/// A deck, a discard pile or a market: how many cards it holds and the ones face up.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Pile {
    pub name: String,
    pub count: usize,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub shown: Vec<Card>,
}

impl Table {
    /// The panels and piles as terminal lines within `width` columns: one line per seat with
    /// its counts and notes (the viewer's marked "you"), the viewer's hand by card name, and one
    /// line of piles with their sizes.
    pub fn draw(&self, viewer: Option<Player>, width: usize, style: Style) -> String {
        let mut out = String::new();
        for panel in &self.panels {
            let you = viewer == Some(panel.seat);
            let mut who = panel.seat.to_string();
            if let Some(f) = &panel.faction {
                let _ = write!(who, " {f}");
            }
            if you {
                who.push_str(" (you)");
            }
            let mut parts: Vec<String> = panel.counts.iter().map(Count::text).collect();
            parts.extend(panel.notes.iter().cloned());
            let line = clip(&format!("{who}: {}", parts.join(" · ")), width);
            let line = if you { bold(&line, style) } else { line };
            let _ = writeln!(out, "{line}");
            if you && let Some(hand) = &panel.hand {
                let names: Vec<&str> = hand.iter().map(|c| c.name.as_str()).collect();
                let text = if names.is_empty() { "(empty)".to_owned() } else { names.join(" · ") };
                let _ = writeln!(out, "{}", clip(&format!("  Hand: {text}"), width));
            }
        }
        if !self.piles.is_empty() {
            let piles: Vec<String> = self.piles.iter().map(|p| format!("{} {}", p.name, p.count)).collect();
            let _ = writeln!(out, "{}", dim(&clip(&piles.join(" · "), width), style));
        }
        out
    }

    /// What changed for everyone at the table from `before` to `self`, as `viewer` sees it, the
    /// viewer's own line first: "your Popularity 7 → 3", "P2's VP 3 → 4", the cards that came
    /// into and left the viewer's hand, and notes that appeared. Counts are compared by name,
    /// seat by seat.
    pub fn changes(&self, before: &Table, viewer: Option<Player>) -> Vec<String> {
        let mut out = Vec::new();
        let mine = self.panels.iter().filter(|p| Some(p.seat) == viewer);
        for now in mine.chain(self.panels.iter().filter(|p| Some(p.seat) != viewer)) {
            let Some(then) = before.panels.iter().find(|p| p.seat == now.seat) else { continue };
            let you = viewer == Some(now.seat);
            let whose = if you { "your".to_owned() } else { format!("{}'s", now.seat) };
            let mut changed: Vec<String> = now
                .counts
                .iter()
                .filter_map(|c| {
                    let old = then.counts.iter().find(|o| o.name == c.name)?;
                    (old.value != c.value).then(|| format!("{} {} → {}", c.name, old.value, c.value))
                })
                .collect();
            if you && let (Some(h0), Some(h1)) = (&then.hand, &now.hand) {
                let gained: Vec<&str> =
                    h1.iter().filter(|c| !h0.iter().any(|o| o.id == c.id)).map(|c| c.name.as_str()).collect();
                let lost: Vec<&str> =
                    h0.iter().filter(|c| !h1.iter().any(|o| o.id == c.id)).map(|c| c.name.as_str()).collect();
                if !gained.is_empty() {
                    changed.push(format!("new in hand: {}", gained.join(", ")));
                }
                if !lost.is_empty() {
                    changed.push(format!("gone from hand: {}", lost.join(", ")));
                }
            }
            let notes: Vec<&str> = now.notes.iter().filter(|n| !then.notes.contains(n)).map(String::as_str).collect();
            if changed.is_empty() && !notes.is_empty() {
                // Notes are states ("passed", "priority"), not counts: after the seat, not its
                // possessive.
                let who = if you { "You".to_owned() } else { now.seat.to_string() };
                out.push(format!("{who}: {}", notes.join(", ")));
                continue;
            }
            if !notes.is_empty() {
                changed.push(notes.join(", "));
            }
            if !changed.is_empty() {
                out.push(format!("{whose} {}", changed.join("; ")));
            }
        }
        out
    }
}

impl Count {
    /// "VP 3/10", "Money 12".
    pub fn text(&self) -> String {
        match self.of {
            Some(most) => format!("{} {}/{most}", self.name, self.value),
            None => format!("{} {}", self.name, self.value),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(i: usize) -> Player {
        Player::from_index(i)
    }

    fn card(id: &str, name: &str) -> Card {
        Card { id: id.into(), name: name.into(), kind: None, text: String::new() }
    }

    fn table(popularity: i64, hand: &[(&str, &str)], p2_vp: i64, p2_notes: &[&str]) -> Table {
        Table {
            phase: "Round 2 · Business".into(),
            panels: vec![
                Panel {
                    seat: p(0),
                    faction: None,
                    counts: vec![Count::new("Popularity", popularity), Count::of("VP", 3, 10)],
                    cards: vec![],
                    hand: Some(hand.iter().map(|(i, n)| card(i, n)).collect()),
                    notes: vec![],
                },
                Panel {
                    seat: p(1),
                    faction: Some("Germany".into()),
                    counts: vec![Count::new("Popularity", 4), Count::of("VP", p2_vp, 10), Count::new("Cards", 5)],
                    cards: vec![],
                    hand: None,
                    notes: p2_notes.iter().map(|&n| n.to_owned()).collect(),
                },
            ],
            piles: vec![
                Pile { name: "Deck".into(), count: 23, shown: vec![] },
                Pile { name: "Discard".into(), count: 4, shown: vec![card("c9", "Riot")] },
            ],
        }
    }

    #[test]
    fn panels_draw_one_line_a_seat_with_the_viewers_hand() {
        let t = table(7, &[("c1", "Bribe"), ("c2", "Strike")], 3, &["passed"]);
        assert_eq!(
            t.draw(Some(p(0)), 80, Style::default()),
            "P1 (you): Popularity 7 · VP 3/10\n  Hand: Bribe · Strike\nP2 Germany: Popularity 4 · VP 3/10 · Cards \
             5 · passed\nDeck 23 · Discard 4\n"
        );
        let narrow = t.draw(None, 20, Style::default());
        assert!(narrow.lines().all(|l| l.chars().count() <= 20), "{narrow}");
        assert!(!narrow.contains("Hand"), "a spectator sees no hand");
    }

    /// The summary says what changed for each seat, the viewer's own first person, and
    /// nothing for a seat where nothing changed.
    #[test]
    fn changes_name_each_count_that_moved_and_the_cards_that_came_and_went() {
        let before = table(7, &[("c1", "Bribe"), ("c2", "Strike")], 3, &[]);
        let after = table(3, &[("c2", "Strike"), ("c5", "Lobby")], 4, &["passed"]);
        assert_eq!(
            after.changes(&before, Some(p(0))),
            ["your Popularity 7 → 3; new in hand: Lobby; gone from hand: Bribe", "P2's VP 3 → 4; passed",]
        );
        assert_eq!(after.changes(&after, Some(p(0))), Vec::<String>::new());
        // A seat whose only change is a note is named, not made possessive.
        let noted = table(7, &[("c1", "Bribe"), ("c2", "Strike")], 3, &["passed"]);
        assert_eq!(noted.changes(&before, Some(p(0))), ["P2: passed"]);
        assert_eq!(noted.changes(&before, Some(p(1))), ["You: passed"]);
        assert_eq!(after.changes(&before, None), ["P1's Popularity 7 → 3", "P2's VP 3 → 4; passed"]);
        assert_eq!(after.changes(&before, Some(p(1))), ["your VP 3 → 4; passed", "P1's Popularity 7 → 3"]);
    }
}
