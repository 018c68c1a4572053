//! Text notation: `home eu`, `place na-north`, `grow na-north`, `build na-north`,
//! `move na-north to as-north`, `invade eu-south from af-northeast`, `retreat as-southwest`, `pass`.

use std::fmt;

use worlds_engine::NotationError;

use crate::action::Action;
use crate::territory::{Continent, Territory};

/// What a player can write, for error messages and `help`.
pub const FORMS: &str = "home CONTINENT, place T, grow T, build T, move T to T, invade T from T, retreat T, pass";

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Home(c) => write!(f, "home {c}"),
            Action::Place(t) => write!(f, "place {t}"),
            Action::Grow(t) => write!(f, "grow {t}"),
            Action::Build(t) => write!(f, "build {t}"),
            Action::Move { from, to } => write!(f, "move {from} to {to}"),
            Action::Invade { target, from } => write!(f, "invade {target} from {from}"),
            Action::Retreat(t) => write!(f, "retreat {t}"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

impl std::str::FromStr for Action {
    type Err = NotationError;

    /// Reads notation, forgiving case, extra spaces, `attack` for `invade`, and a missing `to`.
    fn from_str(text: &str) -> Result<Action, NotationError> {
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().filter(|w| *w != "->").collect();
        let territory = |w: &str| w.parse::<Territory>().map_err(|e| NotationError::new(text, e));
        let one = |verb: &str| match words.as_slice() {
            [_, t] => territory(t),
            _ => Err(NotationError::new(text, format!("write `{verb} TERRITORY`, e.g. `{verb} eu-south`"))),
        };
        match words.first().copied() {
            Some("home") => match words.as_slice() {
                [_, rest @ ..] if !rest.is_empty() => {
                    rest.join(" ").parse::<Continent>().map(Action::Home).map_err(|e| NotationError::new(text, e))
                }
                _ => Err(NotationError::new(text, "write `home CONTINENT`, e.g. `home eu`")),
            },
            Some("place") => one("place").map(Action::Place),
            Some("grow") => one("grow").map(Action::Grow),
            Some("build") => one("build").map(Action::Build),
            Some("retreat") => one("retreat").map(Action::Retreat),
            Some("move") => match words.as_slice() {
                [_, from, "to", to] | [_, from, to] => Ok(Action::Move { from: territory(from)?, to: territory(to)? }),
                _ => Err(NotationError::new(text, "write `move FROM to TO`, e.g. `move na-north to as-north`")),
            },
            Some("invade" | "attack") => match words.as_slice() {
                [_, target, "from", from] => Ok(Action::Invade { target: territory(target)?, from: territory(from)? }),
                _ => Err(NotationError::new(
                    text,
                    "write `invade TARGET from FROM`, e.g. `invade eu-south from af-northeast`",
                )),
            },
            Some("pass") if words.len() == 1 => Ok(Action::Pass),
            _ => Err(NotationError::new(text, format!("write one of: {FORMS}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issue_examples_round_trip() {
        for text in ["invade eu-south from af-northeast", "retreat as-southwest", "grow na-north", "home eu", "pass"] {
            let a: Action = text.parse().unwrap();
            assert_eq!(a.to_string(), text);
        }
    }

    #[test]
    fn forgiving_but_precise() {
        assert_eq!("  MOVE na-north   as-north ".parse::<Action>().unwrap().to_string(), "move na-north to as-north");
        assert_eq!(
            "attack eu-south from af-northeast".parse::<Action>().unwrap().to_string(),
            "invade eu-south from af-northeast"
        );
        assert_eq!("home North America".parse::<Action>().unwrap().to_string(), "home na");
        assert_eq!(
            "grow eu-sout".parse::<Action>().unwrap_err().to_string(),
            "cannot read `grow eu-sout`: `eu-sout` is not a territory; did you mean eu-south?"
        );
        assert_eq!(
            "invade eu-south".parse::<Action>().unwrap_err().reason,
            "write `invade TARGET from FROM`, e.g. `invade eu-south from af-northeast`"
        );
        assert_eq!("fly".parse::<Action>().unwrap_err().reason, format!("write one of: {FORMS}"));
    }
}
