//! What a player clicks in the browser: the ids of the board's spaces, units and Bases (`scene.rs`)
//! and of the table's cards (`table.rs`), the buttons of the choices that belong to nothing drawn,
//! and the elements each action belongs to, in the order they are clicked.

use worlds_engine::present::Button;

use crate::action::Action;
use crate::board::Space;
use crate::card::CardNo;
use crate::content::Content;
use crate::event::space_name;
use crate::state::{State, Step, Token};

pub fn space_id(s: Space) -> String {
    format!("sp-{}", space_name(s))
}

/// A card's id on the table beside the board (`table.rs`), which a click on the card names.
pub fn card_id(k: CardNo) -> String {
    format!("card-{k}")
}

fn token_id(t: Token) -> String {
    match t {
        Token::Nation(n) => format!("target-{}", n.id()),
        Token::Peace => "target-peace".into(),
    }
}

/// The button of a choice that belongs to nothing on the map or the table: nothing, done, a
/// marker or none, a raise or a pass in an auction, a card's option, a target token, the First
/// Goal flipped; what it does is the decision's hint, or the action in notation.
pub fn button(c: &Content, s: &State, action: Action) -> Option<Button> {
    let (id, label) = match action {
        Action::Nothing if matches!(s.t.stack.top(), Some(Step::MoveBase { .. })) => {
            ("nothing".into(), "Keep the Bases".into())
        }
        Action::Nothing => ("nothing".into(), "Nothing".into()),
        Action::FlipGoal => ("flip-goal".into(), "Flip First Goal".into()),
        Action::Target(t @ Token::Nation(n)) => (token_id(t), format!("Target {}", n.name())),
        Action::Target(Token::Peace) => (token_id(Token::Peace), "Target Peace".into()),
        Action::Done => ("done".into(), "Done".into()),
        Action::Marker(true) => ("marker".into(), "Leave a marker".into()),
        Action::Marker(false) => ("no-marker".into(), "No marker".into()),
        Action::Raise(r) => (format!("raise-{r}"), format!("Raise {r}")),
        Action::Pass => ("pass".into(), "Pass".into()),
        Action::Branch(b) => (format!("option-{}", b + 1), format!("Option {}", b + 1)),
        _ => return None,
    };
    let title = crate::decision::hint(c, s, action).unwrap_or_else(|| crate::notation::format(c, action));
    Some(Button::new(id, label, title))
}

/// The elements a legal action belongs to.
pub fn action_elements(c: &Content, s: &State, action: Action) -> Vec<String> {
    let t = &s.t;
    match action {
        Action::Card(k) => vec![card_id(k)],
        Action::Space(sp) => vec![space_id(sp)],
        Action::Recruit(sp) => vec![format!("base-{}", space_name(sp))],
        Action::Step { unit, dir } => {
            let Some(seat) = (match t.stack.top() {
                Some(Step::Move { seat, .. }) => t.seats.get(*seat),
                _ => None,
            }) else {
                return Vec::new();
            };
            let from = seat.units[usize::from(unit)].at;
            match c.board.step(from, usize::from(dir)) {
                Some(to) => vec![format!("units-{}", space_name(from)), space_id(to)],
                None => Vec::new(),
            }
        }
        Action::Commit(u) => match t.stack.top() {
            Some(Step::Attack { seat, .. }) => {
                vec![format!("units-{}", space_name(t.seats[*seat].units[usize::from(u)].at))]
            }
            _ => Vec::new(),
        },
        Action::Level(l) => vec![format!("level-{l}-deck")],
        Action::Target(tok) => vec![token_id(tok)],
        Action::Branch(b) => vec![format!("option-{}", b + 1)],
        Action::FlipGoal => vec!["flip-goal".into()],
        Action::Nothing => vec!["nothing".into()],
        Action::Marker(true) => vec!["marker".into()],
        Action::Marker(false) => vec!["no-marker".into()],
        Action::Done => vec!["done".into()],
        Action::Raise(n) => vec![format!("raise-{n}")],
        Action::Pass => vec!["pass".into()],
        Action::Hide(u) => match t.stack.top() {
            Some(Step::Move { seat, .. }) => {
                vec![format!("units-{}", space_name(t.seats[*seat].units[usize::from(u)].at))]
            }
            _ => Vec::new(),
        },
    }
}
