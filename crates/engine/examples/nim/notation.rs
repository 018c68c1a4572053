//! Text notation: `take 2`.

use std::fmt;
use std::str::FromStr;

use worlds_engine::NotationError;

use crate::action::Take;

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {}", self.0)
    }
}

impl FromStr for Take {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<Take, NotationError> {
        let n = text.trim().strip_prefix("take").unwrap_or(text).trim();
        n.parse::<u8>()
            .ok()
            .and_then(|n| Take::try_from(n).ok())
            .ok_or_else(|| NotationError::new(text, "write `take N`, N from 1 to 3"))
    }
}
