//! Positions and options from outside: a saved position loads only through every check and is
//! refused with the field that is wrong; a bad option names its path.

use serde_json::json;
use worlds_engine::{Config, Game, SeededRng};
use worlds_world_war_5::{Ending, WorldWar5};

use super::EU_AS;
use crate::common::*;

#[test]
fn bad_states_are_refused_with_the_field_that_is_wrong() {
    let g = game(2);
    let cases = [
        (
            json!({"stack": ["play"], "first": 0, "active": 0, "turn": 3, "homes": ["eu"], "board": {}}),
            "state field `homes`: 1 seats given, but this game has 2 players",
        ),
        (
            json!({"stack": ["play"], "first": 0, "active": 5, "turn": 3, "homes": ["eu", "as"], "board": {}}),
            "state field `active`: seat 5 does not exist in a 2-player game",
        ),
        (position_json(&["eu", "eu"], EU_AS, 0), "state field `homes[1]`: Europe is the home of two players"),
        (
            position_json(&["eu", "as"], &[EU_AS, &[("af-south", 1, "small")]].concat()[..3], 0),
            "state field `board`: fewer than two players are still in, so the game should be over",
        ),
        (
            position_json(&["eu", "as", "af"], EU_AS, 0),
            "state field `homes`: 3 seats given, but this game has 2 players",
        ),
        (
            json!({"stack": ["play"], "first": 0, "active": 0, "turn": 3, "homes": ["eu", "as"], "board": {"mars": {"player": 0, "size": "small"}}}),
            "state field `board.mars`: `mars` is not a territory; territories are a continent (na, sa, eu, af, as, au) and a direction, e.g. eu-south",
        ),
        (
            json!({"stack": ["play", {"retreat": {"from": "eu-south", "contested": "af-northeast"}}], "first": 0, "active": 0, "turn": 3, "homes": ["eu", "as"], "board": {"eu-north": {"player": 0, "size": "small"}, "as-north": {"player": 1, "size": "small"}}}),
            "state field `stack[1].retreat.from`: eu-south must hold the attacker P1's piece",
        ),
    ];
    for (json, expected) in cases {
        let err = g.load_state_value(json).unwrap_err();
        assert_eq!(err.to_string(), expected);
    }
    let err = g.load_state("{\"stack\": ").unwrap_err();
    assert!(matches!(err, worlds_engine::StateError::Json { line: 1, .. }), "{err:?}");
    let err =
        g.load_state(r#"{"stack":["play"],"first":0,"active":0,"turn":1,"homes":["eu","as"],"board":{},"extra":1}"#);
    assert_eq!(
        err.unwrap_err().to_string(),
        "state field `extra`: unknown field `extra`, expected one of `stack`, `ending`, `first`, `active`, `turn`, `homes`, `board`, `last_combat`"
    );
}

/// Defect 2: `load` accepted two pieces in one territory spelled two ways (`eu-north` and
/// `EU-North`); the state then offered actions it refused. A position names each territory once,
/// by its id.
#[test]
fn defect_2_a_territory_spelled_two_ways_is_refused() {
    let g = game(2);
    let mut json = position_json(&["eu", "as"], EU_AS, 0);
    json["board"]["EU-North"] = json!({"player": 1, "size": "small"});
    let err = g.load_state_value(json).unwrap_err();
    assert_eq!(err.to_string(), "state field `board.EU-North`: `EU-North` is not a territory id; write `eu-north`");
    // The same id twice in the text is refused too (a map would keep the last one silently).
    let text = r#"{"stack":["play"],"first":0,"active":0,"turn":3,"homes":["eu","as"],
        "board":{"eu-north":{"player":0,"size":"small"},"eu-north":{"player":1,"size":"small"},
        "as-north":{"player":1,"size":"small"}}}"#;
    let err = g.load_state(text).unwrap_err();
    assert_eq!(err.to_string(), "state JSON, line 2 column 66: `eu-north` is given twice");
    // Continents too: `Europe` is notation, not data.
    let err = g.load_state_value(position_json(&["Europe", "as"], EU_AS, 0)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "state field `homes[0]`: `Europe` is not a continent id (na, sa, eu, af, as, au); write `eu`"
    );
}

/// A position in the middle of a turn, with the defender to retreat, loads and plays on.
#[test]
fn ww5_combat_3_a_position_with_a_retreat_pending_loads() {
    let g = game(2);
    let mut json = position_json(
        &["eu", "af"],
        &[("eu-north", 0, "small"), ("af-northeast", 0, "large"), ("af-south", 1, "small")],
        0,
    );
    // P1 cannot have beaten their own piece.
    json["stack"] = json!(["play", {"retreat": {"from": "af-northeast", "contested": "eu-north"}}]);
    let err = g.load_state_value(json.clone()).unwrap_err();
    assert_eq!(err.to_string(), "state field `stack[1].retreat.contested`: eu-north must hold the defender's piece");
    // A retreat is pushed onto a turn, never onto setup.
    json["stack"] = json!(["choose-home", {"retreat": {"from": "af-northeast", "contested": "af-south"}}]);
    let err = g.load_state_value(json.clone()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "state field `stack[1]`: the stack holds a setup step or the turn, and on top of the turn at most a retreat"
    );
    let pieces =
        [("eu-north", 0, "small"), ("eu-south", 0, "large"), ("af-northeast", 1, "small"), ("af-south", 1, "medium")];
    let mut json = position_json(&["eu", "af"], &pieces, 0);
    json["stack"] = json!(["play", {"retreat": {"from": "eu-south", "contested": "af-northeast"}}]);
    // The retreat follows the combat P1 just won for af-northeast (WW5-COMBAT-3).
    json["last_combat"] = json!({
        "attacker": 0, "defender": 1, "from": "eu-south", "target": "af-northeast",
        "attacker_size": "large", "defender_size": "small", "attack": [6, 6, 6], "defence": [1]
    });
    let mut s = g.load_state_value(json).unwrap();
    assert_eq!(g.decision(&s).text, "P2 chooses where to retreat from af-northeast");
    assert_eq!(legal(&g, &s, 1), ["retreat af-northwest", "retreat as-southwest", "retreat au-north"]);
    play(&g, &mut s, 1, "retreat af-northwest", &mut SeededRng::new(0));
    assert_eq!([at(&s, "af-northeast"), at(&s, "af-northwest")], ["P1 large", "P2 small"]);
}

/// Defect 8: option errors named `options` instead of the option's JSON path.
#[test]
fn defect_8_option_errors_name_the_options_path() {
    let err = WorldWar5::new(&Config::players(2).with_option("homes", json!(["eu", 5]))).unwrap_err();
    assert_eq!(err.to_string(), "option `homes[1]`: invalid type: integer `5`, expected a string");
    let err = WorldWar5::new(&Config::players(2).with_option("homes", json!(["eu", "Mars"]))).unwrap_err();
    assert_eq!(err.to_string(), "option `homes[1]`: `Mars` is not a continent id (na, sa, eu, af, as, au)");
    let err = WorldWar5::new(&Config::players(2).with_option("turn_cap", "banana")).unwrap_err();
    assert_eq!(err.to_string(), "option `turn_cap`: invalid type: string \"banana\", expected u32");
}

/// Found by fuzzing: read from text, serde_json took a struct variant written as an array
/// (`{"last-standing": [0]}`), read from a JSON value it did not; a position now loads the same
/// way from text and from a value.
#[test]
fn a_position_loads_alike_from_text_and_from_a_json_value() {
    let g = game(2);
    let text = r#"{"stack":[],"ending":{"last-standing":[0]},"first":0,"active":1,"turn":10,"homes":["af","au"],
        "board":{"af-northwest":{"player":0,"size":"medium"},"au-north":{"player":0,"size":"large"}}}"#;
    let from_value = g.load_state_value(serde_json::from_str(text).unwrap());
    assert_eq!(g.load_state(text), from_value);
    assert_eq!(
        from_value.unwrap_err().to_string(),
        "state field `ending.last-standing`: invalid type: sequence, expected struct variant"
    );
    let canonical = text.replace("[0]", r#"{"player":0}"#);
    assert_eq!(g.load_state(&canonical).unwrap().ending(), Some(Ending::LastStanding { player: p(0) }));
}
