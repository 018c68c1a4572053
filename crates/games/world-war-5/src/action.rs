//! The atomic decisions of World War 5 and their stable integer encoding.

use serde::{Deserialize, Serialize};
use worlds_engine::ActionCode;

use crate::territory::{Continent, Territory};

/// One decision. Setup: `Home`, `Place`. A turn: `Grow`, `Build`, `Move`, `Invade` (or `Pass` when
/// none is possible). The defender's answer to a lost combat: `Retreat`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// WW5-SETUP-3: choose an unchosen continent as home.
    Home(Continent),
    /// WW5-SETUP-4: place the piece of the current size on an empty home territory.
    Place(Territory),
    /// WW5-GROW-1.
    Grow(Territory),
    /// WW5-BUILD-1.
    Build(Territory),
    /// WW5-MOVE-1.
    Move { from: Territory, to: Territory },
    /// WW5-INVADE-1: attack the enemy piece on `target` with the piece on `from`.
    Invade { target: Territory, from: Territory },
    /// WW5-COMBAT-3: the defender's retreat.
    Retreat(Territory),
    /// WW5-TURN-1: only when no action is possible.
    Pass,
}

const T: usize = Territory::COUNT;
const HOME: usize = 0;
const PLACE: usize = HOME + 6;
const GROW: usize = PLACE + T;
const BUILD: usize = GROW + T;
const MOVE: usize = BUILD + T;
const INVADE: usize = MOVE + T * T;
const RETREAT: usize = INVADE + T * T;
const PASS: usize = RETREAT + T;

impl ActionCode for Action {
    const COUNT: usize = PASS + 1;

    fn index(self) -> usize {
        match self {
            Action::Home(c) => HOME + c.index(),
            Action::Place(t) => PLACE + t.index(),
            Action::Grow(t) => GROW + t.index(),
            Action::Build(t) => BUILD + t.index(),
            Action::Move { from, to } => MOVE + from.index() * T + to.index(),
            Action::Invade { target, from } => INVADE + target.index() * T + from.index(),
            Action::Retreat(t) => RETREAT + t.index(),
            Action::Pass => PASS,
        }
    }

    fn from_index(i: usize) -> Option<Action> {
        let t = Territory::from_index;
        Some(match i {
            _ if i < PLACE => Action::Home(Continent::from_index(i - HOME)?),
            _ if i < GROW => Action::Place(t(i - PLACE)?),
            _ if i < BUILD => Action::Grow(t(i - GROW)?),
            _ if i < MOVE => Action::Build(t(i - BUILD)?),
            _ if i < INVADE => Action::Move { from: t((i - MOVE) / T)?, to: t((i - MOVE) % T)? },
            _ if i < RETREAT => Action::Invade { target: t((i - INVADE) / T)?, from: t((i - INVADE) % T)? },
            _ if i < PASS => Action::Retreat(t(i - RETREAT)?),
            PASS => Action::Pass,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_decodes_and_encodes_back() {
        for i in 0..Action::COUNT {
            let a = Action::from_index(i).unwrap();
            assert_eq!(a.index(), i, "{a:?}");
        }
        assert_eq!(Action::from_index(Action::COUNT), None);
        assert_eq!(Action::COUNT, 727);
    }
}
