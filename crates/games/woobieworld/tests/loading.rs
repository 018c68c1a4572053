//! Positions from outside, rule by rule: a saved position loads only if play could have reached
//! it. Each test starts from a real position reached by play, saves it, changes what the rule
//! forbids and checks the exact refusal, which names the JSON path and the rule.
#![allow(clippy::unwrap_used)]

use crate::common;

use common::*;
use serde_json::{Value, json};
use worlds_engine::{Game, SeededRng};
use worlds_woobieworld::{State, Step, Woobieworld};

/// Plays a seeded two-player game until `stop` holds, and returns that position, saved.
fn reached(g: &Woobieworld, seed: u64, stop: impl Fn(&State) -> bool) -> (State, Value) {
    let mut rng = SeededRng::new(seed);
    let (mut s, _) = g.new_game(&mut rng);
    while !stop(&s) {
        let p = g.turn(&s).players().first().unwrap();
        let legal = g.legal_actions(&s, p);
        g.apply(&mut s, p, legal[rng.below(legal.len() as u32) as usize], &mut rng).unwrap();
    }
    let json = g.save_state(&s);
    assert_eq!(g.load_state_value(json.clone()).as_ref(), Ok(&s));
    (s, json)
}

/// Moves the first card of the deck into seat `seat`'s hand.
fn deal_one_more(json: &mut Value, seat: usize) {
    let card = json["deck"].as_array_mut().unwrap().remove(0);
    json["hands"][seat].as_array_mut().unwrap().push(card);
}

/// WOOB-SETUP-1, WOOB-DRAW-1: hands are dealt four cards and draw one after each card played,
/// so a hand never holds more than four (with the card chosen face down in the cycles variant),
/// and, between playing a card and drawing, three.
#[test]
fn woob_setup_1_a_saved_hand_holds_at_most_four_cards() {
    let g = game(2);
    let (_, json) = reached(&g, 7, |s| s.turn_number() == 3 && s.stack() == [Step::Industry]);
    let mut five = json.clone();
    deal_one_more(&mut five, 1);
    assert_eq!(
        g.load_state_value(five).unwrap_err().to_string(),
        "state field `hands[1]`: P2 holds 5 cards; a hand is dealt four and draws one for each card played (WOOB-SETUP-1, WOOB-DRAW-1)"
    );
    let g = cycles(2);
    let (s, json) = reached(&g, 8, |s| s.turn_number() == 2 && s.stack() == [Step::Industry]);
    let waiting = worlds_engine::Player::all(2)
        .find(|&p| s.hidden_choice(p).is_some() || s.cycle().unwrap().chosen.has_chosen(p))
        .unwrap();
    let mut five = json.clone();
    deal_one_more(&mut five, waiting.index());
    assert_eq!(
        g.load_state_value(five).unwrap_err().to_string(),
        format!(
            "state field `hands[{}]`: {waiting} holds 4 cards and one chosen face down; a hand is dealt four and draws one for each card played (WOOB-SETUP-1, WOOB-DRAW-1)",
            waiting.index()
        )
    );
    // Between playing a card and drawing.
    let g = game(2);
    let (s, json) = reached(&g, 9, |s| matches!(s.stack(), [Step::Draw, Step::Resolve(_)]));
    let active = s.active().index();
    let mut four = json.clone();
    if four["hands"][active].as_array().unwrap().len() < 4 {
        deal_one_more(&mut four, active);
    }
    assert_eq!(four["hands"][active].as_array().unwrap().len(), 4);
    assert_eq!(
        g.load_state_value(four).unwrap_err().to_string(),
        format!(
            "state field `hands[{active}]`: {} has played a card this turn and not drawn yet, so holds at most 3 cards (WOOB-DRAW-1)",
            s.active()
        )
    );
}

/// A change to a saved position.
type Change = Box<dyn Fn(&mut Value)>;

/// WOOB-SETUP-1, WOOB-SETUP-2: before the first turn, the board holds only the homes' first
/// supports (one coloured support each), and every hand its four dealt cards; nothing is in play
/// or discarded.
#[test]
fn woob_setup_2_before_the_first_turn_the_board_holds_only_each_homes_first_support() {
    // While homes are chosen (two of three chosen), and during the first cycle's choice.
    let homes_chosen = |s: &State| worlds_engine::Player::all(3).filter(|&p| s.home(p).is_some()).count();
    for (g, stop) in [(game(3), 2), (cycles(3), 3)] {
        let (_, json) = reached(&g, 5, |s| {
            homes_chosen(s) == stop && s.stack() != [Step::ChooseHome] || stop == 2 && homes_chosen(s) == 2
        });
        assert_eq!(json["turn"], json!(0), "{json}");
        let home = json["homes"].as_array().unwrap().iter().find_map(Value::as_u64).unwrap() as usize;
        let empty =
            (0..g.content().map.len()).find(|a| json["support"][a] == json!([0, 0, 0, 0, 0]) && *a != home).unwrap();
        let cases: [(&str, Change, String); 5] = [
            (
                "a second support at home",
                Box::new(move |j: &mut Value| j["support"][home][4] = json!(1)),
                format!("support[{home}]"),
            ),
            (
                "an Anarch",
                Box::new(move |j: &mut Value| j["support"][empty][4] = json!(1)),
                format!("support[{empty}]"),
            ),
            (
                "an industry",
                Box::new(move |j: &mut Value| j["industries"][empty][0] = json!(1)),
                format!("industries[{empty}]"),
            ),
            (
                "a discarded card",
                Box::new(|j: &mut Value| {
                    let card = j["deck"].as_array_mut().unwrap().remove(0);
                    j["discard"] = json!([card]);
                }),
                "discard".into(),
            ),
            (
                "a card missing from a hand",
                Box::new(|j: &mut Value| {
                    let card = j["hands"][2].as_array_mut().unwrap().remove(0);
                    j["deck"].as_array_mut().unwrap().push(card);
                }),
                "hands[2]".into(),
            ),
        ];
        for (what, change, field) in cases {
            let mut bad = json.clone();
            change(&mut bad);
            let err = g.load_state_value(bad).unwrap_err().to_string();
            assert!(
                err.starts_with(&format!("state field `{field}`: "))
                    && err.ends_with("before the first turn (WOOB-SETUP-1, WOOB-SETUP-2)"),
                "{what}: {err}"
            );
        }
    }
}
