//! The atomic decisions and their integer codes.

use serde::{Deserialize, Serialize};
use worlds_engine::ActionCode;

/// NIM-TAKE: take 1, 2 or 3 stones.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "u8")]
pub struct Take(pub(crate) u8);

impl TryFrom<u8> for Take {
    type Error = String;
    fn try_from(n: u8) -> Result<Take, String> {
        if (1..=3).contains(&n) { Ok(Take(n)) } else { Err(format!("take 1 to 3 stones, not {n}")) }
    }
}

impl ActionCode for Take {
    const COUNT: usize = 3;
    fn index(self) -> usize {
        usize::from(self.0) - 1
    }
    fn from_index(i: usize) -> Option<Take> {
        (i < 3).then_some(Take(i as u8 + 1))
    }
}
