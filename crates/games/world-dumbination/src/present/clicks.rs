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

/// The id of the units on a space, and of its Base (`scene.rs`).
pub fn units_id(s: Space) -> String {
    format!("units-{}", space_name(s))
}

pub fn base_id(s: Space) -> String {
    format!("base-{}", space_name(s))
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
    let (id, label) = button_face(s, action)?;
    let title = crate::decision::hint(c, s, action).unwrap_or_else(|| crate::notation::format(c, action));
    Some(Button::new(id, label, title))
}

/// A button's id and label.
fn button_face(s: &State, action: Action) -> Option<(String, String)> {
    Some(match action {
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
    })
}

/// The elements a legal action belongs to.
pub fn action_elements(c: &Content, s: &State, action: Action) -> Vec<String> {
    let t = &s.t;
    match (action, t.stack.top()) {
        (Action::Card(k), _) => vec![card_id(k)],
        (Action::Space(sp), _) => vec![space_id(sp)],
        (Action::Recruit(sp), _) => vec![base_id(sp)],
        (Action::Step { unit, dir }, Some(Step::Move { seat: p, .. })) => {
            let Some(from) = t.seats.get(*p).map(|x| x.units[usize::from(unit)].at) else { return Vec::new() };
            match c.board.step(from, usize::from(dir)) {
                Some(to) => vec![units_id(from), space_id(to)],
                None => Vec::new(),
            }
        }
        (Action::Commit(u), Some(Step::Attack { seat: p, .. }))
        | (Action::Hide(u), Some(Step::Move { seat: p, .. })) => {
            vec![units_id(t.seats[*p].units[usize::from(u)].at)]
        }
        (Action::Level(l), _) => vec![format!("level-{l}-deck")],
        _ => button_face(s, action).map(|(id, _)| vec![id]).unwrap_or_default(),
    }
}
