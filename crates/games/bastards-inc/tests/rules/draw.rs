//! The Draw Action cards phase (BI-DRAW-1..5) and extra effort for drawing (BI-EFFORT-1,
//! BI-EFFORT-4, BI-EFFORT-5, BI-MONEY-1).

use worlds_bastards_inc::{Observation, Stage};
use worlds_engine::{Game, Present, ScriptedValue, Turn, Viewer};

use crate::common::{CardSet, act, act_with, bit, blank, card, drawing, game, give, legal, load, money, p, script};

/// Only `keep` in the deck (in number order), every other card not in a hand on the discard pile.
fn deck_of(t: &mut worlds_bastards_inc::Table, keep: &[u8]) {
    let held = t.seats.values().fold(CardSet::EMPTY, |a, s| a | s.hand);
    let wanted = CardSet::from_ids(keep.iter().copied());
    t.discard = CardSet::first_n(54) - held - wanted;
    t.deck = wanted;
}

/// BI-DRAW-1.
#[test]
fn bi_draw_1_discard_any_then_draw_up_to_the_vps_controlled() {
    let g = game(3);
    let mut t = blank(&g);
    drawing(&mut t);
    for k in ["lobbyists#1", "bunker#1", "sweatshop#1"] {
        give(&mut t, 0, card(&g, k));
    }
    deck_of(
        &mut t,
        &[card(&g, "oil-concession#1"), card(&g, "tax-haven"), card(&g, "mercenaries"), card(&g, "overtime")],
    );
    let mut s = load(&g, &t);
    assert_eq!(act(&g, &mut s, 0, "lobbyists#1"), ["P1 will discard Lobbyists"]);
    assert_eq!(act(&g, &mut s, 0, "bunker#1"), ["P1 will discard Bunker"]);
    assert_eq!(act(&g, &mut s, 0, "done"), ["P1 has chosen"]);
    act(&g, &mut s, 1, "done");
    let mut rng = script(&[
        ScriptedValue::Pick(0),
        ScriptedValue::Pick(0),
        ScriptedValue::Pick(0),
        ScriptedValue::Pick(0),
        ScriptedValue::Pick(0),
    ]);
    let log = act_with(&g, &mut s, 2, "done", &mut rng);
    let seen: Vec<&String> = log.iter().filter(|l| !l.ends_with("draws a card")).collect();
    assert_eq!(
        seen[..6],
        [
            "P3 has chosen",
            "P1 discards Lobbyists, Bunker",
            "P1 draws Oil Concession",
            "P2 draws Mercenaries",
            "P2 draws Tax Haven",
            "P3 draws Overtime"
        ]
    );
    // P1 holds 2 cards for 2 VPs; the discards are on the pile.
    assert_eq!(s.table().seats[p(0)].hand, bit(card(&g, "sweatshop#1")) | bit(card(&g, "oil-concession#1")));
    assert!(s.table().discard.contains(card(&g, "lobbyists#1")));
    assert_eq!(s.table().seats[p(1)].hand.len(), 2);
    assert_eq!(s.table().seats[p(2)].hand.len(), 2);
}

/// BI-DRAW-2.
#[test]
fn bi_draw_2_a_player_holding_enough_keeps_all_and_draws_nothing() {
    let g = game(3);
    let mut t = blank(&g);
    drawing(&mut t);
    for k in ["lobbyists#1", "bunker#1", "sweatshop#1"] {
        give(&mut t, 1, card(&g, k));
    }
    let mut s = load(&g, &t);
    for q in 0..3 {
        act(&g, &mut s, q, "done");
    }
    assert_eq!(s.table().seats[p(1)].hand.len(), 3, "3 cards for 2 VPs: he need not discard");
    assert_eq!(s.table().seats[p(0)].hand.len(), 2);
}

/// BI-DRAW-3, BI-EFFORT-5.
#[test]
fn bi_draw_3_bi_effort_5_extra_cards_bought_before_drawing() {
    let g = game(3);
    let mut t = blank(&g);
    drawing(&mut t);
    money(&mut t, 0, 3, 3);
    let mut s = load(&g, &t);
    // +1 costs 2 and +2 costs 5 (within 3 B + 3 G); +3 costs 9.
    assert_eq!(legal(&g, &s, 0), ["extra 1", "extra 2", "done"]);
    // Each choice says what it costs.
    let hints = |s: &worlds_bastards_inc::State| -> Vec<Option<String>> {
        g.legal_actions(s, p(0)).into_iter().map(|a| g.action_hint(s, a)).collect()
    };
    assert_eq!(
        hints(&s),
        [
            Some("draw 1 more card, for 2 (Billions or Goodwill)".to_owned()),
            Some("draw 2 more cards, for 5 (Billions or Goodwill)".to_owned()),
            None
        ]
    );
    act(&g, &mut s, 0, "extra 2");
    // BI-MONEY-1: 5 to pay from 3 B and 3 G: 2 or 3 of it in Goodwill.
    assert_eq!(legal(&g, &s, 0), ["goodwill 2", "goodwill 3"]);
    assert_eq!(
        hints(&s),
        [
            Some("pay 2 of it in Goodwill, the rest in Billions".to_owned()),
            Some("pay 3 of it in Goodwill, the rest in Billions".to_owned())
        ]
    );
    act(&g, &mut s, 0, "goodwill 3");
    assert_eq!(legal(&g, &s, 0), ["done"], "extra effort once, before drawing");
    act(&g, &mut s, 0, "done");
    act(&g, &mut s, 1, "done");
    let log = act(&g, &mut s, 2, "done");
    assert_eq!(
        log[1..3],
        ["P1 buys 2 extra card(s) with extra effort", "P1 pays 2 Billion(s) and 3 Goodwill (1 B and 0 G left)"]
    );
    assert_eq!(s.table().seats[p(0)].hand.len(), 4, "2 VPs + 2 extra cards");
}

/// BI-DRAW-4: the choices are hidden until all have chosen (others see only "chosen / not yet");
/// then the players draw from the starting player clockwise.
#[test]
fn bi_draw_4_hidden_simultaneous_choices_then_draws_from_the_starting_player() {
    let g = game(3);
    let mut t = blank(&g);
    drawing(&mut t);
    t.start = p(1);
    give(&mut t, 0, card(&g, "bunker#1"));
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "bunker#1");
    act(&g, &mut s, 0, "extra 1");
    act(&g, &mut s, 0, "goodwill 0");
    let seen_by = |s: &worlds_bastards_inc::State, q: usize| -> Observation { g.observe(s, Viewer::Player(p(q))) };
    let other = seen_by(&s, 1);
    assert_eq!(other.seats[0].chosen, Some(false), "P2 sees that P1 has not finished");
    assert_eq!(other.seats[0].hand, 1, "the marked card still counts in P1's hand");
    assert_eq!(other.mine.as_ref().map(|m| m.extra), Some(0), "P2 sees only his own choice");
    assert_eq!(seen_by(&s, 0).mine.as_ref().map(|m| m.extra), Some(1));
    assert!(seen_by(&s, 0).hand[0].marked);
    act(&g, &mut s, 0, "done");
    assert_eq!(seen_by(&s, 1).seats[0].chosen, Some(true));
    assert_eq!(g.turn(&s), Turn::Simultaneous([p(1), p(2)].into_iter().collect()));
    act(&g, &mut s, 2, "done");
    let log = act(&g, &mut s, 1, "done");
    let draws: Vec<&String> = log.iter().filter(|l| l.contains("draws") && !l.ends_with("draws a card")).collect();
    let order: Vec<&str> = draws.iter().map(|l| &l[..2]).collect();
    assert_eq!(order, ["P2", "P2", "P3", "P3", "P1", "P1", "P1"], "{log:?}");
    // The lifts of the Place VPs phase begin, with nothing left of the draw's choices.
    assert_eq!(s.table().phase(), worlds_bastards_inc::Phase::Place);
    assert_eq!(
        (s.table().stage(p(0)), s.table().choice(p(0)).extra, s.table().choice(p(0)).marked),
        (Stage::Choosing, 0, CardSet::EMPTY)
    );
}

/// BI-DRAW-5.
#[test]
fn bi_draw_5_an_empty_deck_takes_the_discard_pile_and_both_empty_stop_the_draw() {
    let g = game(3);
    let mut t = blank(&g);
    drawing(&mut t);
    // Every card but one in hands: P1 holds 25 (2 VPs), P2 27 and the deck 1 with P3 to draw 2.
    let cards: Vec<u8> = (0..54).collect();
    t.deck = CardSet::EMPTY;
    for &k in &cards[..25] {
        t.seats[p(0)].hand |= bit(k);
    }
    for &k in &cards[25..52] {
        t.seats[p(1)].hand |= bit(k);
    }
    t.discard = bit(52);
    t.deck = bit(53);
    let mut s = load(&g, &t);
    for q in 0..2 {
        act(&g, &mut s, q, "done");
    }
    let log = act(&g, &mut s, 2, "done");
    assert!(log.contains(&"the discard pile is shuffled into a new deck".to_owned()), "{log:?}");
    assert_eq!(s.table().seats[p(2)].hand, bit(52) | bit(53));
    // Now nothing is left anywhere but in hands: a player short of cards draws nothing.
    let mut t = g.to_setup(&s);
    drawing(&mut t);
    t.seats[p(2)].vps[2] = worlds_bastards_inc::Vp::LOUNGE;
    let mut s = load(&g, &t);
    for q in 0..3 {
        act(&g, &mut s, q, "done");
    }
    assert_eq!(s.table().seats[p(2)].hand.len(), 2, "3 VPs, but no card left to draw");
}

/// BI-EFFORT-4: one draw is one action for extra effort; the extra cards count for this draw only.
#[test]
fn bi_effort_4_extra_cards_count_for_one_draw() {
    let g = game(3);
    let mut t = blank(&g);
    drawing(&mut t);
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "extra 1");
    assert_eq!(legal(&g, &s, 0), ["goodwill 0", "goodwill 1", "goodwill 2"], "BI-MONEY-1: 30 B and 9 G pay 2");
    assert_eq!(
        crate::common::refused(&g, &s, 0, "done"),
        "first choose how much of the price of 2 Goodwill pays: 0 to 2 [BI-MONEY-1]"
    );
    act(&g, &mut s, 0, "goodwill 0");
    for q in 0..3 {
        act(&g, &mut s, q, "done");
    }
    assert_eq!(s.table().seats[p(0)].hand.len(), 3);
    assert_eq!(s.table().choice(p(0)).extra, 0);
}

/// A position saved before the table's `choices`, each seat's hidden choice in `seats[i].secret`
/// with its stage, loads as the same state: a choice still open (a card marked), one at the price
/// step (BI-MONEY-1), one made. A seat's choice in both places is refused.
#[test]
fn a_position_saved_with_the_choices_on_the_seats_loads_as_the_same_state() {
    let g = game(3);
    let mut t = blank(&g);
    drawing(&mut t);
    give(&mut t, 0, card(&g, "lobbyists#1"));
    money(&mut t, 1, 30, 9);
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "lobbyists#1");
    act(&g, &mut s, 1, "extra 1");
    act(&g, &mut s, 2, "done");
    assert_eq!([0, 1, 2].map(|i| s.table().stage(p(i))), [Stage::Choosing, Stage::Goodwill, Stage::Done]);
    let saved = g.save_state(&s);
    // The same position as it was saved before: no `choices`, each seat's choice and stage on it.
    let mut old = saved.clone();
    let choices = old.as_object_mut().unwrap().remove("choices").unwrap();
    let open = choices["open"].as_array().unwrap().clone();
    for (i, seat) in old["seats"].as_array_mut().unwrap().iter_mut().enumerate() {
        let mut secret = choices["chosen"][i].as_object().cloned().unwrap_or_default();
        let paying = secret.remove("paying").is_some();
        let stage = match (open.contains(&serde_json::json!(i)), paying) {
            (true, true) => "goodwill",
            (true, false) => "choosing",
            (false, _) => "done",
        };
        secret.insert("stage".into(), stage.into());
        seat["secret"] = secret.into();
    }
    assert_eq!(
        old["seats"][0]["secret"],
        serde_json::json!({"stage": "choosing", "marked": [card(&g, "lobbyists#1")]})
    );
    assert_eq!(old["seats"][1]["secret"], serde_json::json!({"stage": "goodwill", "extra": 1}));
    assert_eq!(old["seats"][2]["secret"], serde_json::json!({"stage": "done"}));
    let loaded = g.load_state_value(old.clone()).unwrap();
    assert_eq!(loaded, s);
    assert_eq!(g.save_state(&loaded), saved);
    let mut both = old;
    both["choices"] = choices;
    let e = g.load_state_value(both).unwrap_err().to_string();
    assert!(e.contains("choices") && e.contains("not both"), "{e}");
}
