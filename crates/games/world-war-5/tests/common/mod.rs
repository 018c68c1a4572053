//! Helpers for setting up World War 5 positions in tests: a position reads like the rulebook
//! (homes, pieces, who is to play), goes through JSON loading and validation like any saved game.
#![allow(dead_code, clippy::unwrap_used)]

use serde_json::{Value, json};
pub use worlds_engine::testing::{dice, legal, play, refused, seat as p, told};
use worlds_engine::{Config, Game};
use worlds_world_war_5::{State, WorldWar5};

pub fn game(players: usize) -> WorldWar5 {
    WorldWar5::new(&Config::players(players)).unwrap()
}

pub fn game_with(config: Config) -> WorldWar5 {
    WorldWar5::new(&config).unwrap()
}

/// A play-phase position: `homes` by seat, `pieces` as (territory, seat, size), `active` to play.
pub fn position(game: &WorldWar5, homes: &[&str], pieces: &[(&str, usize, &str)], active: usize) -> State {
    game.load_state_value(position_json(homes, pieces, active)).unwrap()
}

pub fn position_json(homes: &[&str], pieces: &[(&str, usize, &str)], active: usize) -> Value {
    let board: serde_json::Map<String, Value> =
        pieces.iter().map(|(t, seat, size)| ((*t).to_owned(), json!({"player": seat, "size": size}))).collect();
    json!({
        "stack": ["play"],
        "first": 0,
        "active": active,
        "turn": 10,
        "homes": homes,
        "board": board,
    })
}

/// What stands on a territory, as "P1 small" or "empty".
pub fn at(s: &State, territory: &str) -> String {
    match s.piece(territory.parse().unwrap()) {
        Some(piece) => format!("{} {}", piece.player, piece.size),
        None => "empty".into(),
    }
}
