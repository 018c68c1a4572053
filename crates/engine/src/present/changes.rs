//! What changed at a table between two of a seat's decisions, in words: the "since your last
//! decision" summary.

use super::Table;
use crate::player::Player;

impl Table {
    /// What changed for everyone at the table from `before` to `self`, as `viewer` sees it, the
    /// viewer's own line first: "your Popularity 7 → 3", "P2's VP 3 → 4", the cards that came
    /// into and left the viewer's hand, and notes that appeared. Counts are compared by name,
    /// seat by seat; details ([`Count::detail`]) are left out.
    pub fn changes(&self, before: &Table, viewer: Option<Player>) -> Vec<String> {
        let mut out = Vec::new();
        let mine = self.panels.iter().filter(|p| Some(p.seat) == viewer);
        for now in mine.chain(self.panels.iter().filter(|p| Some(p.seat) != viewer)) {
            let Some(then) = before.panels.iter().find(|p| p.seat == now.seat) else { continue };
            let you = viewer == Some(now.seat);
            let whose = if you { "your".to_owned() } else { format!("{}'s", now.seat) };
            let counts: Vec<String> = now
                .counts
                .iter()
                .filter(|c| !c.detail)
                .filter_map(|c| {
                    let old = then.counts.iter().find(|o| o.name == c.name)?;
                    (old.value != c.value).then(|| format!("{} {} → {}", c.name, old.value, c.value))
                })
                .collect();
            let mut changed = Vec::new();
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
            if !notes.is_empty() {
                changed.push(notes.join(", "));
            }
            if !counts.is_empty() {
                out.push(format!("{whose} {}", [counts, changed].concat().join("; ")));
            } else if !changed.is_empty() {
                // The hand and notes ("passed", "priority") are not counts: after the seat, not
                // its possessive.
                let who = if you { "You".to_owned() } else { now.seat.to_string() };
                out.push(format!("{who}: {}", changed.join("; ")));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{p, table};

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
        // A hand that changed with no count is named after the seat too: never "your new in hand".
        let drew = table(7, &[("c1", "Bribe"), ("c2", "Strike"), ("c5", "Lobby")], 3, &[]);
        assert_eq!(drew.changes(&before, Some(p(0))), ["You: new in hand: Lobby"]);
        assert_eq!(before.changes(&drew, Some(p(0))), ["You: gone from hand: Lobby"]);
        // A seat whose only change is a note is named, not made possessive.
        let noted = table(7, &[("c1", "Bribe"), ("c2", "Strike")], 3, &["passed"]);
        assert_eq!(noted.changes(&before, Some(p(0))), ["P2: passed"]);
        assert_eq!(noted.changes(&before, Some(p(1))), ["You: passed"]);
        assert_eq!(after.changes(&before, None), ["P1's Popularity 7 → 3", "P2's VP 3 → 4; passed"]);
        assert_eq!(after.changes(&before, Some(p(1))), ["your VP 3 → 4; passed", "P1's Popularity 7 → 3"]);
    }
}
