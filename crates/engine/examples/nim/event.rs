//! What happens, and its text.

use serde::Serialize;
use worlds_engine::Player;

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum Event {
    Took { player: Player, stones: u8, left: u8 },
    Won { player: Player },
}

impl Event {
    pub fn describe(&self) -> String {
        match self {
            Event::Took { player, stones, left } => format!("{player} takes {stones}, {left} left"),
            Event::Won { player } => format!("{player} takes the last stone and wins"),
        }
    }
}
