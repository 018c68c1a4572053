//! Text notation: `home doom-grove red`, `gain red`, `anarch woobania to oceana`, `industry red
//! woobania`, `skip industry`, `play quicksand`, `area oceana`, `option 2`, … Areas and cards are
//! named from the content (by id or name, forgiving case and spacing).

use worlds_engine::{NotationError, Player};

use crate::action::Action;
use crate::area::{Area, Colour, Support};
use crate::card::CardId;
use crate::content::Content;

/// The notation, with areas and cards named from the content.
pub fn format(action: Action, content: &Content) -> String {
    // An action code may name an area or a card this content lacks (it is never legal): it still
    // prints, as `area-N` or `card-N`.
    let area = |a: Area| content.map.id_or_number(a);
    let card = |c: CardId| content.card_slug(c);
    match action {
        Action::Home { area: a, colour } => format!("home {} {colour}", area(a)),
        Action::Gain(c) => format!("gain {c}"),
        Action::MoveAnarch { from, to } => format!("anarch {} to {}", area(from), area(to)),
        Action::PlaceIndustry { colour, area: a } => format!("industry {colour} {}", area(a)),
        Action::SkipIndustry => "skip industry".into(),
        Action::Play(c) => format!("play {}", card(c)),
        Action::Discard(c) => format!("discard {}", card(c)),
        Action::Commit(c) => format!("commit {}", card(c)),
        Action::Area(a) => format!("area {}", area(a)),
        Action::Industry { area: a, colour } => format!("choose {colour} industry {}", area(a)),
        Action::Player(p) => format!("player {p}"),
        Action::Colour(c) => format!("colour {c}"),
        Action::Pick(s) => format!("pick {s}"),
        Action::Branch(b) => format!("option {}", b + 1),
        Action::Environment(c) => format!("environment {}", card(c)),
    }
}

/// Reads notation (forgiving case and spacing; areas and cards by id or name).
///
/// # Errors
/// A [`NotationError`] saying what could not be read.
pub fn parse(text: &str, content: &Content) -> Result<Action, NotationError> {
    let lower = text.trim().to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let fail = |why: String| NotationError::new(text, why);
    let area = |s: &str| content.map.find(s).ok_or_else(|| fail(format!("`{s}` is not an area of the map")));
    let card = |s: &str| content.find_card(s).ok_or_else(|| fail(format!("`{s}` is not a card of the deck")));
    let colour = |s: &str| s.parse::<Colour>().map_err(&fail);
    let rest = |k: usize| words.get(k..).map(|w| w.join(" ")).unwrap_or_default();
    match words.as_slice() {
        ["home", .., last] if words.len() >= 3 && last.parse::<Colour>().is_ok() => {
            Ok(Action::Home { area: area(&words[1..words.len() - 1].join(" "))?, colour: colour(last)? })
        }
        ["home", ..] => Err(fail("write `home AREA COLOUR`, e.g. `home doom-grove red`".into())),
        ["gain", c] => Ok(Action::Gain(colour(c)?)),
        ["anarch" | "anarchs", ..] => {
            let body = rest(1);
            let (from, to) = body
                .split_once(" to ")
                .ok_or_else(|| fail("write `anarch FROM to TO`, e.g. `anarch woobania to oceana`".into()))?;
            Ok(Action::MoveAnarch { from: area(from.trim_start_matches("from "))?, to: area(to)? })
        }
        ["industry", c, ..] if words.len() >= 3 => {
            Ok(Action::PlaceIndustry { colour: colour(c)?, area: area(&rest(2))? })
        }
        ["skip"] | ["skip", "industry"] => Ok(Action::SkipIndustry),
        ["play", ..] if words.len() >= 2 => Ok(Action::Play(card(&rest(1))?)),
        ["discard", ..] if words.len() >= 2 => Ok(Action::Discard(card(&rest(1))?)),
        ["commit", ..] if words.len() >= 2 => Ok(Action::Commit(card(&rest(1))?)),
        ["area", ..] if words.len() >= 2 => Ok(Action::Area(area(&rest(1))?)),
        ["choose", c, "industry", ..] if words.len() >= 4 => {
            Ok(Action::Industry { colour: colour(c)?, area: area(rest(3).trim_start_matches("in "))? })
        }
        ["player", p] => p.parse::<Player>().map(Action::Player).map_err(fail),
        ["colour" | "color", c] => Ok(Action::Colour(colour(c)?)),
        ["pick", s] => s.parse::<Support>().map(Action::Pick).map_err(fail),
        ["option", k] => match k.parse::<u8>() {
            Ok(n @ 1..=4) => Ok(Action::Branch(n - 1)),
            _ => Err(fail("options are numbered from 1, e.g. `option 2`".into())),
        },
        ["environment", ..] if words.len() >= 2 => Ok(Action::Environment(card(&rest(1))?)),
        _ => Err(fail(format!("write one of: {FORMS}"))),
    }
}

/// What a player can write, for errors and help.
pub const FORMS: &str = "home AREA COLOUR, gain COLOUR, anarch FROM to TO, industry COLOUR AREA, skip industry, \
play CARD, discard CARD, commit CARD, area AREA, choose COLOUR industry AREA, player P2, colour COLOUR, \
pick red|yellow|green|blue|anarch, option N, environment CARD";
