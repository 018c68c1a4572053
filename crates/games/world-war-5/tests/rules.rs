//! World War 5, rule by rule. Each test names the rule ID it checks; positions are set up as
//! (territory, seat, size) and loaded through the same validation as a saved game.
#![allow(clippy::unwrap_used)]

mod actions;
mod combat;
mod setup;

use crate::common;

use common::*;
use serde_json::json;
use worlds_engine::{Config, Game, Outcome, PlayerSet, SeededRng, Turn};
use worlds_world_war_5::{Continent, Ending};

/// Both homes full: P1 Europe, P2 Asia.
const EU_AS: &[(&str, usize, &str)] = &[
    ("eu-north", 0, "small"),
    ("eu-west", 0, "medium"),
    ("eu-south", 0, "large"),
    ("as-north", 1, "small"),
    ("as-southwest", 1, "medium"),
    ("as-southeast", 1, "large"),
];

// ----- elimination and winning -----

#[test]
fn ww5_elim_1_by_your_own_move_every_piece_leaves_and_you_take_no_more_turns() {
    let g = game(3);
    let pieces =
        [("eu-north", 0, "small"), ("sa-south", 0, "medium"), ("as-north", 1, "small"), ("af-south", 2, "small")];
    let mut s = position(&g, &["eu", "as", "af"], &pieces, 0);
    let events = play(&g, &mut s, 0, "move eu-north to na-north", &mut SeededRng::new(0));
    assert_eq!(told(&g, &events)[1], "P1 has no piece left at home and is eliminated; their pieces leave the board");
    assert_eq!([at(&s, "na-north"), at(&s, "sa-south")], ["empty", "empty"]);
    assert_eq!(s.players_in(), [p(1), p(2)].into_iter().collect::<PlayerSet>());
    let mut rng = SeededRng::new(0);
    play(&g, &mut s, 1, "build as-southwest", &mut rng);
    play(&g, &mut s, 2, "build af-northwest", &mut rng);
    // P1 is skipped.
    assert_eq!(g.turn(&s), Turn::Decide(p(1)));
}

#[test]
fn ww5_elim_1_by_retreat_and_by_shrinking_away() {
    // By retreat: P2 chooses to leave its only home territory.
    let g = game(3);
    let pieces =
        [("eu-north", 0, "small"), ("eu-south", 0, "large"), ("af-northeast", 1, "small"), ("as-north", 2, "small")];
    let mut s = position(&g, &["eu", "af", "as"], &pieces, 0);
    play(&g, &mut s, 0, "invade af-northeast from eu-south", &mut dice(&[6, 6, 6, 1]));
    let events = play(&g, &mut s, 1, "retreat au-north", &mut SeededRng::new(0));
    assert_eq!(told(&g, &events)[2], "P2 has no piece left at home and is eliminated; their pieces leave the board");
    assert_eq!(at(&s, "au-north"), "empty");
    assert_eq!(g.turn(&s), Turn::Decide(p(2)));

    // By shrinking away: a small with nowhere to retreat is removed.
    let pieces = [
        ("eu-north", 0, "small"),
        ("eu-south", 0, "large"),
        ("as-southwest", 0, "small"),
        ("au-north", 0, "small"),
        ("af-northeast", 1, "small"),
        ("af-northwest", 2, "small"),
        ("af-south", 2, "small"),
        ("as-north", 2, "small"),
    ];
    let mut s = position(&g, &["eu", "af", "as"], &pieces, 0);
    let events = play(&g, &mut s, 0, "invade af-northeast from eu-south", &mut dice(&[6, 6, 6, 1]));
    assert_eq!(told(&g, &events)[3], "P2 has no piece left at home and is eliminated; their pieces leave the board");
    assert_eq!(s.players_in(), [p(0), p(2)].into_iter().collect::<PlayerSet>());
}

#[test]
fn ww5_win_1_holding_another_continent_wins_whether_or_not_it_is_a_home() {
    let g = game(2);
    let pieces = [EU_AS, &[("af-northeast", 0, "small"), ("af-south", 0, "medium")]].concat();
    let mut s = position(&g, &["eu", "as"], &pieces, 0);
    let events = play(&g, &mut s, 0, "move eu-west to af-northwest", &mut SeededRng::new(0));
    assert_eq!(told(&g, &events)[1], "P1 holds all of Africa and wins");
    assert_eq!(s.ending(), Some(Ending::Conquest { player: p(0), continent: Continent::Africa }));
    assert_eq!(s.step(), None);
    assert_eq!(g.turn(&s), Turn::Over);
    assert_eq!(refused(&g, &s, 1, "build as-north"), "the game is over: P1 holds all of Africa and wins [WW5-WIN-1]");
}

#[test]
fn ww5_win_1_no_win_without_a_piece_at_home() {
    // P1 completes Africa with its last home piece: eliminated at once, so P2 wins instead.
    let g = game(2);
    let pieces =
        [("eu-south", 0, "small"), ("af-northwest", 0, "small"), ("af-south", 0, "small"), ("as-north", 1, "small")];
    let mut s = position(&g, &["eu", "as"], &pieces, 0);
    let events = play(&g, &mut s, 0, "move eu-south to af-northeast", &mut SeededRng::new(0));
    assert_eq!(
        told(&g, &events)[1..],
        [
            "P1 has no piece left at home and is eliminated; their pieces leave the board",
            "P2 is the last player standing and wins",
        ]
    );
}

#[test]
fn ww5_win_2_checked_after_the_retreat_and_the_active_player_wins_a_tie() {
    // P2 retreats into au-north and holds all of Australia: P2 wins during P1's turn.
    let g = game(2);
    let pieces = [
        ("eu-north", 0, "small"),
        ("eu-south", 0, "large"),
        ("af-northwest", 0, "small"),
        ("as-north", 1, "small"),
        ("as-southwest", 1, "small"),
        ("af-northeast", 1, "small"),
        ("af-south", 1, "medium"),
        ("au-southwest", 1, "medium"),
        ("au-southeast", 1, "medium"),
    ];
    let mut s = position(&g, &["eu", "as"], &pieces, 0);
    play(&g, &mut s, 0, "invade af-northeast from eu-south", &mut dice(&[6, 6, 6, 1]));
    assert_eq!(legal(&g, &s, 1), ["retreat au-north"]);
    let events = play(&g, &mut s, 1, "retreat au-north", &mut SeededRng::new(0));
    assert_eq!(told(&g, &events)[2], "P2 holds all of Australia and wins");

    // Had P1 also completed Africa by advancing, both would meet the condition: P1 is active and wins.
    let mut both = pieces.to_vec();
    both[6] = ("af-south", 0, "medium");
    let mut s = position(&g, &["eu", "as"], &both, 0);
    play(&g, &mut s, 0, "invade af-northeast from eu-south", &mut dice(&[6, 6, 6, 1]));
    assert_eq!(legal(&g, &s, 1), ["retreat au-north"]);
    let events = play(&g, &mut s, 1, "retreat au-north", &mut SeededRng::new(0));
    assert_eq!(told(&g, &events)[2], "P1 holds all of Africa and wins");
    assert_eq!(g.outcome(&s).unwrap(), Outcome::single_winner(2, p(0)));
}

#[test]
fn ww5_win_3_the_last_player_standing_wins() {
    let g = game(2);
    let pieces = [
        ("eu-north", 0, "small"),
        ("eu-south", 0, "large"),
        ("as-southwest", 0, "medium"),
        ("au-north", 0, "small"),
        ("af-northeast", 1, "small"),
        ("af-northwest", 0, "small"),
        ("af-south", 0, "medium"),
    ];
    let mut s = position(&g, &["eu", "af"], &pieces, 0);
    let events = play(&g, &mut s, 0, "invade af-northeast from eu-south", &mut dice(&[6, 6, 6, 1]));
    // Removing P2's last home piece eliminates P2; P1 now also holds all of Africa, which is checked first.
    assert_eq!(
        told(&g, &events)[3..],
        [
            "P2 has no piece left at home and is eliminated; their pieces leave the board",
            "P1 holds all of Africa and wins"
        ]
    );

    // P2's only home piece loses and P2 retreats it out of Africa: P2 is out, P1 stands alone.
    let pieces = [("eu-north", 0, "small"), ("eu-south", 0, "large"), ("af-northeast", 1, "small")];
    let mut s = position(&g, &["eu", "af"], &pieces, 0);
    play(&g, &mut s, 0, "invade af-northeast from eu-south", &mut dice(&[6, 6, 6, 1]));
    let events = play(&g, &mut s, 1, "retreat as-southwest", &mut SeededRng::new(0));
    assert_eq!(
        told(&g, &events)[2..],
        [
            "P2 has no piece left at home and is eliminated; their pieces leave the board",
            "P1 is the last player standing and wins",
        ]
    );
    assert_eq!(s.ending(), Some(Ending::LastStanding { player: p(0) }));
}

/// WW5-RULING-2: when the last players are eliminated by the same action, they share a draw.
#[test]
fn ww5_ruling_2_eliminated_together_is_a_shared_draw() {
    let g = game(2);
    let pieces = [("eu-south", 0, "large"), ("af-northeast", 1, "small")];
    let mut s = position(&g, &["eu", "af"], &pieces, 0);
    play(&g, &mut s, 0, "invade af-northeast from eu-south", &mut dice(&[6, 6, 6, 1]));
    let events = play(&g, &mut s, 1, "retreat as-southwest", &mut SeededRng::new(0));
    assert_eq!(told(&g, &events)[4], "nobody is left: the game is drawn among P1, P2, eliminated together");
    assert_eq!(g.outcome(&s).unwrap().returns.as_slice(), [0.5, 0.5]);
}

#[test]
fn ww5_end_1_the_turn_cap_draws_among_the_players_still_in() {
    let g = game_with(Config::players(3).with_option("turn_cap", 10));
    let mut s = position(&g, &["eu", "as", "af"], EU_AS, 0);
    let events = play(&g, &mut s, 0, "grow eu-north", &mut SeededRng::new(0));
    assert_eq!(told(&g, &events)[1], "turn 10 is over: the game is drawn among P1, P2");
    // WW5-OUT-1: the draw is shared among the survivors.
    assert_eq!(g.outcome(&s).unwrap().returns.as_slice(), [0.5, 0.5, 0.0]);
    let err = worlds_world_war_5::WorldWar5::new(&Config::players(2).with_option("turn_cap", 0)).unwrap_err();
    assert_eq!(err.to_string(), "option `turn_cap`: must be at least 1");
    let err = worlds_world_war_5::WorldWar5::new(&Config::players(2).with_option("cap", 5)).unwrap_err();
    assert!(err.to_string().starts_with("option `cap`: unknown field `cap`"), "{err}");
}

#[test]
fn ww5_out_1_the_winner_returns_one_and_the_others_nothing() {
    let g = game(3);
    let pieces = [
        EU_AS,
        &[("af-northeast", 0, "small"), ("af-south", 0, "medium"), ("sa-east", 2, "small"), ("au-north", 2, "small")],
    ]
    .concat();
    let mut s = position(&g, &["eu", "as", "au"], &pieces, 0);
    play(&g, &mut s, 0, "move eu-west to af-northwest", &mut SeededRng::new(0));
    let o = g.outcome(&s).unwrap();
    assert_eq!(o.returns.as_slice(), [1.0, 0.0, 0.0]);
    assert_eq!(o.ranks.as_slice(), [1, 2, 2]);
    assert_eq!(g.evaluate(&s, p(0)), Some(1.0));
}

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
    let err =
        worlds_world_war_5::WorldWar5::new(&Config::players(2).with_option("homes", json!(["eu", 5]))).unwrap_err();
    assert_eq!(err.to_string(), "option `homes[1]`: invalid type: integer `5`, expected a string");
    let err = worlds_world_war_5::WorldWar5::new(&Config::players(2).with_option("homes", json!(["eu", "Mars"])))
        .unwrap_err();
    assert_eq!(err.to_string(), "option `homes[1]`: `Mars` is not a continent id (na, sa, eu, af, as, au)");
    let err = worlds_world_war_5::WorldWar5::new(&Config::players(2).with_option("turn_cap", "banana")).unwrap_err();
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
