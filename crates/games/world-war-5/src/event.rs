//! What happens in a game of World War 5. Everything is public (WW5-VIEW-1).

use arrayvec::ArrayVec;
use serde::Serialize;
use worlds_engine::{Player, PlayerSet};

use crate::piece::Size;
use crate::territory::{Continent, Territory};

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum Event {
    /// WW5-SETUP-2: a roll for who starts.
    RolledForFirst {
        player: Player,
        die: u8,
    },
    /// WW5-SETUP-2: the highest rollers tied and roll again.
    RollOffTied {
        players: PlayerSet,
    },
    /// WW5-SETUP-2: who goes first (turn order runs clockwise from them).
    GoesFirst {
        player: Player,
    },
    HomeChosen {
        player: Player,
        continent: Continent,
    },
    Placed {
        player: Player,
        territory: Territory,
        size: Size,
    },
    Grew {
        player: Player,
        territory: Territory,
        to: Size,
    },
    Built {
        player: Player,
        territory: Territory,
    },
    Moved {
        player: Player,
        from: Territory,
        to: Territory,
    },
    Passed {
        player: Player,
    },
    /// WW5-COMBAT-1, WW5-COMBAT-6: the dice of a combat, shown to everyone.
    Combat {
        attacker: Player,
        defender: Player,
        from: Territory,
        target: Territory,
        attacker_size: Size,
        defender_size: Size,
        attack: ArrayVec<u8, 3>,
        defence: ArrayVec<u8, 3>,
    },
    /// WW5-COMBAT-2: the attack failed; nothing moves.
    Repelled {
        target: Territory,
    },
    /// WW5-COMBAT-3: the defender must choose where to retreat.
    MustRetreat {
        defender: Player,
        from: Territory,
    },
    Retreated {
        player: Player,
        from: Territory,
        to: Territory,
    },
    /// WW5-COMBAT-4/5.
    Shrunk {
        player: Player,
        territory: Territory,
        from: Size,
        to: Size,
    },
    /// WW5-COMBAT-5: removed to the stash.
    Removed {
        player: Player,
        territory: Territory,
        size: Size,
    },
    /// The attacker moves into the contested territory.
    Advanced {
        player: Player,
        from: Territory,
        to: Territory,
    },
    /// WW5-ELIM-1: no piece left at home; all their pieces leave the board.
    Eliminated {
        player: Player,
    },
    /// WW5-WIN-1.
    Conquered {
        player: Player,
        continent: Continent,
    },
    /// WW5-WIN-3.
    LastStanding {
        player: Player,
    },
    /// WW5-END-1.
    TurnCapReached {
        cap: u32,
        among: PlayerSet,
    },
    /// WW5-RULING-2.
    NobodyLeft {
        among: PlayerSet,
    },
}

fn dice(d: &[u8]) -> String {
    let faces: Vec<String> = d.iter().map(u8::to_string).collect();
    let total: u32 = d.iter().map(|&x| u32::from(x)).sum();
    if d.len() == 1 { total.to_string() } else { format!("{} = {total}", faces.join("+")) }
}

fn players(set: PlayerSet) -> String {
    set.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(", ")
}

impl Event {
    pub fn describe(&self) -> String {
        match self {
            Event::RolledForFirst { player, die } => format!("{player} rolls {die} for first player"),
            Event::RollOffTied { players: set } => format!("{} tie and roll again", players(*set)),
            Event::GoesFirst { player } => format!("{player} goes first"),
            Event::HomeChosen { player, continent } => format!("{player} makes {} home", continent.name()),
            Event::Placed { player, territory, size } => format!("{player} places a {size} on {territory}"),
            Event::Grew { player, territory, to } => format!("{player} grows {territory} to a {to}"),
            Event::Built { player, territory } => format!("{player} builds a small on {territory}"),
            Event::Moved { player, from, to } => format!("{player} moves {from} to {to}"),
            Event::Passed { player } => format!("{player} has no possible action and passes"),
            Event::Combat { attacker, defender, from, target, attacker_size, defender_size, attack, defence } => {
                let verdict = if attack.iter().map(|&x| u32::from(x)).sum::<u32>()
                    > defence.iter().map(|&x| u32::from(x)).sum::<u32>()
                {
                    "attacker wins"
                } else {
                    "defender holds"
                };
                format!(
                    "{attacker} invades {target} from {from}: {attacker_size} rolls {} against {defender}'s {defender_size} {}: {verdict}",
                    dice(attack),
                    dice(defence)
                )
            }
            Event::Repelled { target } => format!("the attack on {target} is repelled"),
            Event::MustRetreat { defender, from } => format!("{defender} must retreat from {from}"),
            Event::Retreated { player, from, to } => format!("{player} retreats from {from} to {to}"),
            Event::Shrunk { player, territory, from, to } => {
                format!("{player}'s {from} on {territory} has nowhere to retreat and shrinks to a {to}")
            }
            Event::Removed { player, territory, size } => {
                format!("{player}'s {size} on {territory} has nowhere to retreat and is removed")
            }
            Event::Advanced { player, from, to } => format!("{player} advances from {from} into {to}"),
            Event::Eliminated { player } => {
                format!("{player} has no piece left at home and is eliminated; their pieces leave the board")
            }
            Event::Conquered { player, continent } => format!("{player} holds all of {} and wins", continent.name()),
            Event::LastStanding { player } => format!("{player} is the last player standing and wins"),
            Event::TurnCapReached { cap, among } => {
                format!("turn {cap} is over: the game is drawn among {}", players(*among))
            }
            Event::NobodyLeft { among } => {
                format!("nobody is left: the game is drawn among {}, eliminated together", players(*among))
            }
        }
    }
}
