//! Positions from outside, rule by rule: a saved position loads only if play could have reached
//! it. Each test starts from a real position reached by play, saves it, changes what the rule
//! forbids and checks the exact refusal, which names the JSON path and the rule.
#![allow(clippy::unwrap_used)]

use crate::common;

use common::*;
use serde_json::{Value, json};
use worlds_engine::{Game, SeededRng, Turn};
use worlds_world_war_5::{State, WorldWar5};

/// P1 (Europe) invades af-northeast from eu-south with their large and wins 6+6+6 against P2's
/// medium 1+1: P2 must retreat (to af-northwest or au-north). Returns the saved position.
fn retreat_pending() -> (WorldWar5, State, Value) {
    let g = game(2);
    let pieces = [
        ("eu-north", 0, "small"),
        ("eu-west", 0, "medium"),
        ("eu-south", 0, "large"),
        ("af-northeast", 1, "medium"),
        ("af-south", 1, "small"),
        ("as-southwest", 0, "small"),
    ];
    let mut s = position(&g, &["eu", "af"], &pieces, 0);
    play(&g, &mut s, 0, "invade af-northeast from eu-south", &mut dice(&[6, 6, 6, 1, 1]));
    assert_eq!(g.turn(&s), Turn::Decide(p(1)));
    let json = g.save_state(&s);
    assert_eq!(json["stack"][1], json!({"retreat": {"from": "eu-south", "contested": "af-northeast"}}));
    (g, s, json)
}

/// The legitimate position, a retreat after a combat the attacker won, loads back and plays on.
#[test]
fn ww5_combat_3_a_retreat_after_a_combat_the_attacker_won_loads() {
    let (g, s, json) = retreat_pending();
    let mut loaded = g.load_state_value(json).unwrap();
    assert_eq!(loaded, s);
    assert_eq!(legal(&g, &loaded, 1), ["retreat af-northwest", "retreat au-north"]);
    play(&g, &mut loaded, 1, "retreat au-north", &mut SeededRng::new(0));
    assert_eq!([at(&loaded, "af-northeast"), at(&loaded, "au-north")], ["P1 large", "P2 medium"]);
}

/// WW5-COMBAT-2: when the attacker does not win, nothing moves, so no retreat can be pending
/// after a combat the attacker lost or tied.
#[test]
fn ww5_combat_2_a_retreat_after_a_combat_the_attacker_lost_is_refused() {
    let (g, _, json) = retreat_pending();
    for (defence, totals) in [([6, 6], "3 against 12"), ([2, 1], "3 against 3")] {
        let mut lost = json.clone();
        lost["last_combat"]["attack"] = json!([1, 1, 1]);
        lost["last_combat"]["defence"] = json!(defence);
        let err = g.load_state_value(lost).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "state field `stack[1].retreat`: the attacker lost the combat for af-northeast ({totals}; ties go to the defender), so nothing retreats (WW5-COMBAT-2)"
            )
        );
    }
}

/// WW5-COMBAT-3: a retreat is pending only right after the combat the attacker won for the
/// contested territory: never with no combat, nor after another combat.
#[test]
fn ww5_combat_3_a_retreat_with_no_combat_won_is_refused() {
    let (g, _, json) = retreat_pending();
    let mut none = json.clone();
    none.as_object_mut().unwrap().remove("last_combat");
    let err = g.load_state_value(none).unwrap_err();
    assert_eq!(
        err.to_string(),
        "state field `stack[1].retreat`: a retreat follows a combat the attacker won, but there is no `last_combat` (WW5-COMBAT-3)"
    );
    // Another combat: a different origin, target, attacker and defender, or size.
    let other_combats: [&[(&str, Value)]; 5] = [
        &[("from", json!("as-southwest"))],
        &[("target", json!("au-north"))],
        &[("attacker", json!(1)), ("defender", json!(0))],
        &[("attacker_size", json!("medium")), ("attack", json!([6, 6]))],
        &[("defender_size", json!("small")), ("defence", json!([1]))],
    ];
    for changes in other_combats {
        let mut other = json.clone();
        for (field, value) in changes {
            other["last_combat"][field] = value.clone();
        }
        let err = g.load_state_value(other).unwrap_err();
        assert_eq!(
            err.to_string(),
            "state field `last_combat`: the pending retreat follows P1's large invading af-northeast from eu-south against P2's medium; the last combat is another one (WW5-COMBAT-3)",
            "{changes:?}"
        );
    }
}

/// WW5-INVADE-1: a combat is an invasion of an enemy piece connected to the attacker's, during a
/// turn: a saved combat against oneself, between territories that are not connected, or during
/// setup is refused (found by the mutation tests).
#[test]
fn ww5_invade_1_a_saved_combat_is_against_a_connected_enemy_during_a_turn() {
    let (g, mut s, _) = retreat_pending();
    play(&g, &mut s, 1, "retreat au-north", &mut SeededRng::new(0));
    let json = g.save_state(&s);
    assert_eq!(g.load_state_value(json.clone()).unwrap(), s);
    let mut own = json.clone();
    own["last_combat"]["defender"] = json!(0);
    assert_eq!(
        g.load_state_value(own).unwrap_err().to_string(),
        "state field `last_combat.defender`: P1 invaded their own piece; an invasion attacks an enemy piece (WW5-INVADE-1)"
    );
    let mut apart = json.clone();
    apart["last_combat"]["target"] = json!("sa-east");
    assert_eq!(
        g.load_state_value(apart).unwrap_err().to_string(),
        "state field `last_combat.target`: sa-east is not connected to eu-south; an invasion attacks a connected territory (WW5-INVADE-1)"
    );
    // During setup, nobody has invaded yet.
    let mut rng = SeededRng::new(3);
    let (mut setup, _) = g.new_game(&mut rng);
    let p0 = match g.turn(&setup) {
        Turn::Decide(p) => p,
        Turn::Over | Turn::Simultaneous(_) => unreachable!(),
    };
    let home = g.legal_actions(&setup, p0)[0];
    g.apply(&mut setup, p0, home, &mut rng).unwrap();
    let mut early = g.save_state(&setup);
    early["last_combat"] = json["last_combat"].clone();
    assert_eq!(
        g.load_state_value(early).unwrap_err().to_string(),
        "state field `last_combat`: combats happen in turns, after setup (WW5-INVADE-1)"
    );
}

/// WW5-RULING-2: one action eliminates at most the player who acted and the defender, so a game
/// where nobody is left is drawn between exactly those two; a saved draw shared otherwise (one
/// player, or a player eliminated earlier) is refused (found by the mutation tests).
#[test]
fn ww5_ruling_2_a_saved_draw_with_nobody_left_is_shared_by_the_two_eliminated_together() {
    // P3 (Asia) is already out; P1 and P2 eliminate each other.
    let g = game(3);
    let mut s = position(&g, &["eu", "af", "as"], &[("eu-south", 0, "large"), ("af-northeast", 1, "small")], 0);
    play(&g, &mut s, 0, "invade af-northeast from eu-south", &mut dice(&[6, 6, 6, 1]));
    play(&g, &mut s, 1, "retreat as-southwest", &mut SeededRng::new(0));
    let json = g.save_state(&s);
    assert_eq!(json["ending"], json!({"nobody-left": {"among": [0, 1]}}));
    assert_eq!(g.load_state_value(json.clone()).unwrap(), s);
    for among in [json!([0]), json!([0, 2]), json!([1, 2]), json!([0, 1, 2])] {
        let mut other = json.clone();
        other["ending"]["nobody-left"]["among"] = among.clone();
        assert_eq!(
            g.load_state_value(other).unwrap_err().to_string(),
            "state field `ending.nobody-left.among`: P1's invasion of P2 eliminated both, the last two in, who share the draw (WW5-RULING-2)",
            "{among}"
        );
    }
    let mut no_combat = json.clone();
    no_combat.as_object_mut().unwrap().remove("last_combat");
    assert_eq!(
        g.load_state_value(no_combat).unwrap_err().to_string(),
        "state field `ending.nobody-left`: the last two players are eliminated together only by an invasion, and P1 invaded nobody (WW5-RULING-2)"
    );
}
