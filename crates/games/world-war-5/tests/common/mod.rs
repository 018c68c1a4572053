//! Helpers for setting up World War 5 positions in tests: a position reads like the rulebook
//! (homes, pieces, who is to play), goes through JSON loading and validation like any saved game.
#![allow(dead_code, clippy::unwrap_used)]

use serde_json::{Value, json};
use worlds_engine::{Chance, Config, Game, Logged, Player, Scripted, ScriptedValue, SeededRng};
use worlds_world_war_5::{Event, State, WorldWar5};

pub fn p(i: usize) -> Player {
    Player::from_index(i)
}

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

/// A random source that rolls exactly these dice (attacker's first, then the defender's).
pub fn dice(faces: &[u32]) -> Scripted<SeededRng> {
    Scripted::with(faces.iter().map(|&f| ScriptedValue::Die(f)), SeededRng::new(0))
}

/// Applies a text action, which must be legal.
pub fn play(game: &WorldWar5, s: &mut State, seat: usize, text: &str, rng: &mut impl Chance) -> Vec<Logged<Event>> {
    let action = game.parse_action(text).unwrap();
    game.apply(s, p(seat), action, rng).unwrap_or_else(|e| panic!("`{text}` by P{}: {e}", seat + 1))
}

/// The events as plain English.
pub fn told(game: &WorldWar5, events: &[Logged<Event>]) -> Vec<String> {
    events.iter().map(|e| game.describe_event(&e.event)).collect()
}

/// The legal actions of a seat, as text.
pub fn legal(game: &WorldWar5, s: &State, seat: usize) -> Vec<String> {
    game.legal_actions(s, p(seat)).into_iter().map(|a| game.format_action(a)).collect()
}

/// Tries an illegal action: returns the error text and checks the state did not change.
pub fn refused(game: &WorldWar5, s: &State, seat: usize, text: &str) -> String {
    let mut tried = s.clone();
    let action = game.parse_action(text).unwrap();
    let err = game.apply(&mut tried, p(seat), action, &mut SeededRng::new(0)).unwrap_err();
    assert_eq!(&tried, s, "refusing `{text}` changed the state");
    err.to_string()
}

/// What stands on a territory, as "P1 small" or "empty".
pub fn at(s: &State, territory: &str) -> String {
    match s.piece(territory.parse().unwrap()) {
        Some(piece) => format!("{} {}", piece.player, piece.size),
        None => "empty".into(),
    }
}
