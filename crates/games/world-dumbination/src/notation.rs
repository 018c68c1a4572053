//! The text form of actions: a card's id (`fake-news`), a space by row letter and column (`E12`),
//! `unit E12` (buy a Unit there), `move 3 ne` (unit slot 3 steps north-east), `commit 3`,
//! `level 2`, `target russia`, `option 1`, `flip goal`, `nothing`, `marker`, `no marker`, `done`,
//! `raise 5`, `pass`, `hide 2` (unit slot 2 moves in secret).
//! Round-trips through [`parse`].

use worlds_engine::NotationError;

use crate::action::Action;
use crate::board::{COLS, ROWS, Space, space};
use crate::content::Content;
use crate::event::space_name;
use crate::state::Token;

/// The forms, for help texts.
pub const FORMS: &str = "CARD-ID | SPACE (e.g. E12) | unit SPACE | move UNIT DIR | commit UNIT | level 1|2 | target NATION|peace | option N | flip goal | nothing | marker | no marker | done | raise 1|2|5|10 | pass | hide UNIT";

/// The six directions, in code order (WD-DEC-4).
pub const DIRS: [&str; 6] = ["e", "se", "sw", "w", "nw", "ne"];

pub fn format(c: &Content, a: Action) -> String {
    match a {
        Action::Card(n) => c.cards.get(n).map_or_else(|| format!("card-{n}"), |k| k.id.clone()),
        Action::Space(s) => space_name(s),
        Action::Recruit(s) => format!("unit {}", space_name(s)),
        Action::Step { unit, dir } => {
            format!("move {} {}", unit + 1, DIRS.get(usize::from(dir)).copied().unwrap_or("?"))
        }
        Action::Commit(u) => format!("commit {}", u + 1),
        Action::Level(l) => format!("level {l}"),
        Action::Target(Token::Peace) => "target peace".into(),
        Action::Target(Token::Nation(n)) => format!("target {}", n.id()),
        Action::Branch(b) => format!("option {}", b + 1),
        Action::FlipGoal => "flip goal".into(),
        Action::Nothing => "nothing".into(),
        Action::Marker(true) => "marker".into(),
        Action::Marker(false) => "no marker".into(),
        Action::Done => "done".into(),
        Action::Raise(n) => format!("raise {n}"),
        Action::Pass => "pass".into(),
        Action::Hide(u) => format!("hide {}", u + 1),
    }
}

/// Reads a space: its row letter A–K and column 0–22 (`E12`).
pub fn parse_space(word: &str) -> Option<Space> {
    let mut chars = word.chars();
    let row = chars.next()?.to_ascii_uppercase();
    if !row.is_ascii_uppercase() {
        return None;
    }
    let row = usize::from(row as u8 - b'A');
    let col: usize = chars.as_str().parse().ok()?;
    (row < ROWS && col < COLS).then(|| space(col, row))
}

pub fn parse(c: &Content, text: &str) -> Result<Action, NotationError> {
    let t = text.trim().to_lowercase();
    let words: Vec<&str> = t.split_whitespace().collect();
    let fail = |reason: String| NotationError::new(text, reason);
    let slot = |w: &str| -> Result<u8, NotationError> {
        match w.parse::<u8>() {
            Ok(n) if (1..=6).contains(&n) => Ok(n - 1),
            _ => Err(fail(format!("`{w}` is not a unit: units are 1–6"))),
        }
    };
    let place = |w: &str| {
        parse_space(w)
            .ok_or_else(|| fail(format!("`{w}` is not a space: write a row letter A–K and a column 0–22, e.g. E12")))
    };
    Ok(match words.as_slice() {
        ["done"] => Action::Done,
        ["pass"] => Action::Pass,
        ["hide", u] => Action::Hide(slot(u)?),
        ["raise", n] => match n.parse::<u8>() {
            Ok(n) if crate::action::RAISES.contains(&n) => Action::Raise(n),
            _ => return Err(fail(format!("`{n}` is not a raise: 1, 2, 5 or 10 (WD-DUMB-3)"))),
        },
        ["nothing"] => Action::Nothing,
        ["marker"] => Action::Marker(true),
        ["no", "marker"] | ["no-marker"] => Action::Marker(false),
        ["flip", "goal"] | ["flip-goal"] | ["flip"] => Action::FlipGoal,
        ["unit", s] => Action::Recruit(place(s)?),
        ["commit", u] => Action::Commit(slot(u)?),
        ["move", u, d] => {
            let dir = DIRS
                .iter()
                .position(|x| x == d)
                .ok_or_else(|| fail(format!("`{d}` is not a direction: e, se, sw, w, nw or ne")))?;
            Action::Step { unit: slot(u)?, dir: dir as u8 }
        }
        ["level", l] => match *l {
            "1" => Action::Level(1),
            "2" => Action::Level(2),
            _ => return Err(fail(format!("`{l}` is not a level: 1 or 2"))),
        },
        ["target", "peace"] => Action::Target(Token::Peace),
        ["target", rest @ ..] => Action::Target(Token::Nation(rest.join(" ").parse().map_err(|e: String| fail(e))?)),
        ["option", n] => match n.parse::<u8>() {
            Ok(n) if (1..=4).contains(&n) => Action::Branch(n - 1),
            _ => return Err(fail(format!("`{n}` is not an option: 1–4"))),
        },
        [one] if parse_space(one).is_some() => Action::Space(place(one)?),
        _ => match c.cards.by_id(&t) {
            Some(card) => Action::Card(card.number),
            None => return Err(fail(format!("not an action; the forms are: {FORMS}"))),
        },
    })
}
