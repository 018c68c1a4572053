//! What a player sees, described once: the phase, each player's panel (named counts, the cards in
//! front of them, their hand if the viewer may see it, what they are doing) and the piles. A game
//! builds a [`Table`] from an observation ([`crate::Present::table`]), so it holds only
//! what that viewer may know; shared code draws it for the terminal ([`Table::draw`]) and says
//! what changed for a seat between two of them ([`Table::changes`], the "since your last decision"
//! summary). The board itself stays a game's own drawing (its scene and its terminal map).
//!
//! Here the description; its terminal drawing is in `terminal.rs`, the summary of changes in
//! `changes.rs`.

use serde::Serialize;

use crate::game::Present;
use crate::player::{Player, Viewer};

mod changes;
mod terminal;

pub use terminal::{in_full, more};

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
    /// The viewer's choices now that belong to nothing drawn (pass, done, skip): empty unless the
    /// viewer has a decision to make. The browser draws them as buttons; the terminal's menu
    /// lists every choice anyway.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub buttons: Vec<Button>,
    /// What anyone may read beside the board that is neither a seat's nor a card: the war table,
    /// the prices of extra effort, the last event. The browser draws each as a box of lines, the
    /// terminal as a line or two.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lists: Vec<List>,
}

/// A heading and short lines under it ("War table": "2–5 nothing happens", …).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct List {
    /// Its id in the browser: its name in lower case with dashes ("war-table").
    pub id: String,
    pub name: String,
    pub items: Vec<String>,
}

impl List {
    pub fn new(name: impl Into<String>, items: Vec<String>) -> List {
        let name = name.into();
        List { id: slug(&name), name, items }
    }
}

/// `name` in lower case, its words joined by dashes: "Level 1 deck" is `level-1-deck`.
fn slug(name: &str) -> String {
    let mut id = String::new();
    for word in name.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()) {
        if !id.is_empty() {
            id.push('-');
        }
        id.extend(word.chars().flat_map(char::to_lowercase));
    }
    id
}

/// A choice that belongs to nothing drawn: its id (which actions name, like any element's), the
/// word on it and what it does.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Button {
    pub id: String,
    pub label: String,
    /// What choosing it does, in words ("pass priority once").
    pub title: String,
    /// The caption of the buttons it goes with ("Extra cards:"), drawn once before the first of
    /// them; empty for none.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub group: String,
}

impl Button {
    pub fn new(id: impl Into<String>, label: impl Into<String>, title: impl Into<String>) -> Button {
        Button { id: id.into(), label: label.into(), title: title.into(), group: String::new() }
    }

    /// The button among those captioned `group`.
    pub fn in_group(self, group: impl Into<String>) -> Button {
        Button { group: group.into(), ..self }
    }
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
    /// Whether the seat has a decision to make now (marked "▶" where panels are drawn).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub acting: bool,
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
    /// A detail ("Units left 4"): shown where there is room (the browser, the full terminal board
    /// by [`Table::scoreboard_in_full`]), left out of the compact [`Table::scoreboard`] and of
    /// [`Table::changes`].
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub detail: bool,
}

impl Count {
    pub fn new(name: impl Into<String>, value: impl Into<i64>) -> Count {
        Count { name: name.into(), value: value.into(), of: None, detail: false }
    }

    pub fn of(name: impl Into<String>, value: impl Into<i64>, most: impl Into<i64>) -> Count {
        Count { of: Some(most.into()), ..Count::new(name, value) }
    }

    /// A count that is a detail ([`Count::detail`]).
    pub fn detail(name: impl Into<String>, value: impl Into<i64>) -> Count {
        Count { detail: true, ..Count::new(name, value) }
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
    /// Its id in the browser and in actions ("deck", "discard"): an action that names it is
    /// offered as a click on the pile.
    pub id: String,
    pub name: String,
    pub count: usize,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub shown: Vec<Card>,
    /// Face-down cards every player knows the place of, at the bottom of a deck, by name, the one
    /// to be drawn first first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub known_bottom: Vec<String>,
}

/// The id of `seat`'s panel where the browser draws the table ("seat-1" for P1): an action that
/// names it ([`crate::Present::action_elements`]) is offered as a click on that panel.
pub fn seat_id(seat: Player) -> String {
    format!("seat-{}", seat.index() + 1)
}

impl Table {
    /// Every id the browser gives what it draws of the table, in drawing order: each seat's panel
    /// ([`seat_id`]), the cards in front of it, its hand's cards; each pile and its face-up cards;
    /// the lists; the buttons.
    pub fn ids(&self) -> Vec<String> {
        let mut ids = Vec::new();
        for panel in &self.panels {
            ids.push(seat_id(panel.seat));
            ids.extend(panel.cards.iter().chain(panel.hand.iter().flatten()).map(|c| c.id.clone()));
        }
        for pile in &self.piles {
            ids.push(pile.id.clone());
            ids.extend(pile.shown.iter().map(|c| c.id.clone()));
        }
        ids.extend(self.lists.iter().map(|l| l.id.clone()));
        ids.extend(self.buttons.iter().map(|b| b.id.clone()));
        ids
    }
}

/// What `viewer` sees of `state` apart from the board ([`Present::table`] of `observation`, the
/// viewer's), with a button for each of the viewer's choices now that the game draws as one
/// ([`Present::button`]), in the order of the legal actions: those without a caption first, then
/// each caption's together.
pub fn with_buttons<G: Present>(
    game: &G,
    state: &G::State,
    observation: &G::Observation,
    viewer: Viewer,
) -> Option<Table> {
    let mut table = game.table(observation)?;
    if let Some(p) = viewer.player() {
        for action in game.legal_actions(state, p) {
            if let Some(b) = game.button(state, p, action).filter(|b| table.buttons.iter().all(|x| x.id != b.id)) {
                table.buttons.push(b);
            }
        }
        // The buttons without a caption first, then each caption's together, captions in the
        // order they first come.
        let captions: Vec<String> = table.buttons.iter().map(|b| b.group.clone()).collect();
        table.buttons.sort_by_key(|b| (!b.group.is_empty(), captions.iter().position(|g| *g == b.group)));
    }
    Some(table)
}

impl Table {
    /// The viewer's hand, when the viewer is a seat and the table shows it.
    fn hand_of(&self, viewer: Option<Player>) -> Option<&Vec<Card>> {
        self.panels.iter().find(|p| Some(p.seat) == viewer).and_then(|p| p.hand.as_ref())
    }
}

impl Panel {
    /// The panel's seat as `viewer` reads it after "In front of": "you" or "P2".
    fn who(&self, viewer: Option<Player>) -> String {
        if viewer == Some(self.seat) { "you".to_owned() } else { self.seat.to_string() }
    }

    /// The seat as a scoreboard names it, its faction cut to `faction_width` columns: "P1 Russia
    /// (you)", "P2 North K…".
    fn label(&self, viewer: Option<Player>, faction_width: usize) -> String {
        let mut label = self.seat.to_string();
        if let Some(f) = &self.faction {
            label = format!("{label} {}", crate::paint::clip(f, faction_width));
        }
        if viewer == Some(self.seat) {
            label.push_str(" (you)");
        }
        label
    }

    /// The count `name`'s value as drawn ("3/10"), if the panel has it.
    fn value_text(&self, name: &str) -> Option<String> {
        self.counts.iter().find(|c| c.name == name).map(Count::value_text)
    }
}

impl Pile {
    /// A pile whose id is its name in lower case with dashes: "Level 1 deck" is `level-1-deck`.
    pub fn new(name: impl Into<String>, count: usize, shown: Vec<Card>) -> Pile {
        let name = name.into();
        Pile { id: slug(&name), name, count, shown, known_bottom: Vec::new() }
    }
}

impl Count {
    /// "VP 3/10", "Money 12".
    pub fn text(&self) -> String {
        format!("{} {}", self.name, self.value_text())
    }

    /// "3/10", "12".
    pub fn value_text(&self) -> String {
        match self.of {
            Some(most) => format!("{}/{most}", self.value),
            None => self.value.to_string(),
        }
    }
}

impl Card {
    /// Its name and, where it has one, its kind: "Lunch-Break Larry (Casual · XP 3)".
    pub fn label(&self) -> String {
        match self.kind.as_deref() {
            Some(kind) if !kind.is_empty() => format!("{} ({kind})", self.name),
            _ => self.name.clone(),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn p(i: usize) -> Player {
        Player::from_index(i)
    }

    pub(crate) fn card(id: &str, name: &str) -> Card {
        Card { id: id.into(), name: name.into(), kind: None, text: String::new() }
    }

    pub(crate) fn table(popularity: i64, hand: &[(&str, &str)], p2_vp: i64, p2_notes: &[&str]) -> Table {
        Table {
            phase: "Round 2 · Business".into(),
            panels: vec![
                Panel {
                    seat: p(0),
                    faction: None,
                    counts: vec![Count::new("Popularity", popularity), Count::of("VP", 3, 10)],
                    cards: vec![],
                    hand: Some(hand.iter().map(|(i, n)| card(i, n)).collect()),
                    acting: true,
                    notes: vec![],
                },
                Panel {
                    seat: p(1),
                    faction: Some("Germany".into()),
                    counts: vec![Count::new("Popularity", 4), Count::of("VP", p2_vp, 10), Count::new("Cards", 5)],
                    cards: vec![Card {
                        id: "c7".into(),
                        name: "Oil Rig".into(),
                        kind: Some("Business · 3".into()),
                        text: "Pays 3 a turn.".into(),
                    }],
                    hand: None,
                    acting: false,
                    notes: p2_notes.iter().map(|&n| n.to_owned()).collect(),
                },
            ],
            piles: vec![Pile::new("Deck", 23, vec![]), Pile::new("Discard", 4, vec![card("c9", "Riot")])],
            buttons: vec![],
            lists: vec![],
        }
    }

    #[test]
    fn the_browser_ids_of_a_table_are_its_panels_cards_and_piles_in_drawing_order() {
        let mut t = table(7, &[("c1", "Bribe")], 3, &[]);
        t.buttons.push(Button::new("pass", "Pass", "pass priority once"));
        t.lists.push(List::new("War table", vec!["2–5 nothing".into()]));
        assert_eq!(t.ids(), ["seat-1", "c1", "seat-2", "c7", "deck", "discard", "c9", "war-table", "pass"]);
        assert_eq!(Pile::new("Level 1 deck", 0, vec![]).id, "level-1-deck");
        assert_eq!(Pile::new("Dumbness: face up", 0, vec![]).id, "dumbness-face-up");
    }
}
