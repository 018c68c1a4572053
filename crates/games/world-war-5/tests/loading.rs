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
    // Another combat: a different origin, target, attacker, defender or size.
    for (field, value) in [
        ("from", json!("eu-west")),
        ("target", json!("af-south")),
        ("attacker", json!(1)),
        ("defender", json!(0)),
        ("attacker_size", json!("medium")),
        ("defender_size", json!("small")),
    ] {
        let mut other = json.clone();
        other["last_combat"][field] = value;
        if field.ends_with("_size") {
            let dice = if field == "attacker_size" { json!([6, 6]) } else { json!([1]) };
            other["last_combat"][if field == "attacker_size" { "attack" } else { "defence" }] = dice;
        }
        let err = g.load_state_value(other).unwrap_err();
        assert_eq!(
            err.to_string(),
            "state field `last_combat`: the pending retreat follows P1's large invading af-northeast from eu-south against P2's medium; the last combat is another one (WW5-COMBAT-3)",
            "{field}"
        );
    }
}
