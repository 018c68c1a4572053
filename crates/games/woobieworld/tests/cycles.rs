//! The cycles variant (WOOB-CYCLE-1 to WOOB-CYCLE-3).
#![allow(clippy::unwrap_used)]

use crate::common;

use common::*;
use worlds_engine::{Game, PlayerSet, SeededRng, Turn, Viewer};
use worlds_woobieworld::{CardView, Choice, Phase};

fn chosen_cycle(g: &worlds_woobieworld::Woobieworld) -> worlds_woobieworld::State {
    Position::new(g, &["oceana", "doom-grove", "woobania"], 0, "choose")
        .support(g, "oceana", "1R")
        .support(g, "doom-grove", "1Y")
        .support(g, "woobania", "1B")
        .hand(g, 0, &["Quicksand", "Calm Waters"])
        .hand(g, 1, &["Bonfire Night", "Banana Price War"])
        .hand(g, 2, &["General Amnesty", "Hard Choices"])
        .set(
            "cycle",
            serde_json::json!({"committed": [null, null, null], "revealed": false, "order": [], "position": 0}),
        )
        .load(g)
}

/// WOOB-CYCLE-1: everyone chooses a card face down at the same time; others see only that a
/// choice was made; all are revealed together.
#[test]
fn woob_cycle_1_simultaneous_face_down_choice() {
    let g = cycles(3);
    let mut s = chosen_cycle(&g);
    assert_eq!(g.turn(&s), Turn::Simultaneous(PlayerSet::first_n(3)));
    assert_eq!(legal(&g, &s, 1), ["commit bonfire-night", "commit banana-price-war"]);
    let events = play(&g, &mut s, 1, "commit bonfire-night", &mut SeededRng::new(0));
    // P2 sees the card; everyone else sees that P2 has chosen.
    let mine: Vec<_> = events
        .iter()
        .filter(|e| e.visibility.visible_to(Viewer::Player(p(1))))
        .map(|e| g.describe_event(&e.event))
        .collect();
    let theirs: Vec<_> = events
        .iter()
        .filter(|e| e.visibility.visible_to(Viewer::Player(p(0))))
        .map(|e| g.describe_event(&e.event))
        .collect();
    assert_eq!(mine, ["P2 chooses Bonfire Night face down"]);
    assert_eq!(theirs, ["P2 has chosen a card"]);
    assert_eq!(g.observe(&s, Viewer::Player(p(0))).seats[1].choice, Choice::Chosen);
    let bonfire = CardView { number: 300, name: "Bonfire Night".into(), text: None };
    assert_eq!(g.observe(&s, Viewer::Player(p(1))).seats[1].choice, Choice::Card(bonfire));
    assert_eq!(g.turn(&s), Turn::Simultaneous([p(0), p(2)].into_iter().collect()));
    assert_eq!(
        refused(&g, &s, 1, "commit banana-price-war"),
        "it is not your decision now: P1, P3 choose a card face down [WOOB-CYCLE-1]"
    );
    play(&g, &mut s, 2, "commit hard-choices", &mut SeededRng::new(0));
    let events = play(&g, &mut s, 0, "commit quicksand", &mut SeededRng::new(0));
    assert_eq!(
        told(&g, &events)[..4],
        [
            "P1 has chosen a card",
            "P1 chooses Quicksand face down",
            "cards revealed, in turn order: P1 Quicksand (105), P2 Bonfire Night (300), P3 Hard Choices (560)",
            "turn 6: P1",
        ]
    );
}

/// WOOB-CYCLE-2: full turns in ascending order of the revealed cards' numbers.
#[test]
fn woob_cycle_2_turns_in_ascending_card_number() {
    let g = cycles(3);
    let mut s = chosen_cycle(&g);
    let mut rng = SeededRng::new(0);
    play(&g, &mut s, 0, "commit calm-waters", &mut rng); // 195
    play(&g, &mut s, 1, "commit banana-price-war", &mut rng); // 425
    play(&g, &mut s, 2, "commit general-amnesty", &mut rng); // 25
    assert_eq!(s.cycle().unwrap().order.as_slice(), [p(2), p(0), p(1)]);
    assert_eq!(g.turn(&s), Turn::Decide(p(2)));
    // P3's full turn, playing the chosen card.
    play(&g, &mut s, 2, "gain blue", &mut rng);
    play(&g, &mut s, 2, "skip industry", &mut rng);
    assert_eq!(legal(&g, &s, 2), ["play general-amnesty"], "the chosen card must be played when it can be");
    play(&g, &mut s, 2, "play general-amnesty", &mut rng);
    let mut guard = 0;
    while g.turn(&s) == Turn::Decide(p(2)) && guard < 5 {
        let a = g.legal_actions(&s, p(2))[0];
        g.apply(&mut s, p(2), a, &mut rng).unwrap();
        guard += 1;
    }
    assert_eq!(g.turn(&s), Turn::Decide(p(0)), "then P1 (195), then P2 (425)");
}

/// WOOB-CYCLE-3: a chosen card that cannot be played even after the support and industry phases:
/// take it back and play another card, or discard it without effect.
#[test]
fn woob_cycle_3_take_back_or_discard_an_unplayable_choice() {
    let g = cycles(3);
    let mut s = chosen_cycle(&g);
    let mut rng = SeededRng::new(0);
    play(&g, &mut s, 0, "commit calm-waters", &mut rng); // BLUE ACTION; P1 has no blue
    play(&g, &mut s, 1, "commit banana-price-war", &mut rng);
    play(&g, &mut s, 2, "commit hard-choices", &mut rng);
    assert_eq!(g.turn(&s), Turn::Decide(p(0)));
    play(&g, &mut s, 0, "gain red", &mut rng);
    play(&g, &mut s, 0, "skip industry", &mut rng);
    assert_eq!(s.phase(), Phase::Play);
    assert_eq!(legal(&g, &s, 0), ["play quicksand", "discard calm-waters"]);
    let mut taken = s.clone();
    let events = play(&g, &mut taken, 0, "play quicksand", &mut rng);
    assert_eq!(told(&g, &events)[..2], ["P1 cannot play Calm Waters and takes it back", "P1 plays Quicksand (105)"]);
    // The card taken back is known to everyone from now on.
    let obs = g.observe(&taken, Viewer::Player(p(1)));
    assert_eq!(obs.seats[0].known, [CardView { number: 195, name: "Calm Waters".into(), text: None }]);
    let mut discarded = s.clone();
    let events = play(&g, &mut discarded, 0, "discard calm-waters", &mut rng);
    assert_eq!(told(&g, &events)[0], "P1 discards Calm Waters without effect");
    // Had P1 gained blue in the support phase, Calm Waters would have to be played.
    let mut blue = chosen_cycle(&g);
    play(&g, &mut blue, 0, "commit calm-waters", &mut rng);
    play(&g, &mut blue, 1, "commit banana-price-war", &mut rng);
    play(&g, &mut blue, 2, "commit hard-choices", &mut rng);
    play(&g, &mut blue, 0, "gain blue", &mut rng);
    play(&g, &mut blue, 0, "skip industry", &mut rng);
    assert_eq!(legal(&g, &blue, 0), ["play calm-waters"]);
    assert_eq!(
        refused(&g, &blue, 0, "play quicksand"),
        "you chose Calm Waters for this cycle and can play it [WOOB-CYCLE-2]"
    );
}

/// Defect 3: `load` accepted a seat that had already played this cycle but still held a chosen
/// card; two actions later the card vanished. Impossible cycles are refused, and card ids are
/// checked, never wrapped (card 200 is not card 72).
#[test]
fn defect_3_a_seat_that_has_played_holds_no_chosen_card_and_ids_never_wrap() {
    let g = cycles(3);
    let mut s = chosen_cycle(&g);
    let mut rng = SeededRng::new(0);
    play(&g, &mut s, 0, "commit calm-waters", &mut rng); // 195
    play(&g, &mut s, 1, "commit banana-price-war", &mut rng); // 425
    play(&g, &mut s, 2, "commit general-amnesty", &mut rng); // 25: P3 first, then P1, then P2
    let json = g.save_state(&s);
    assert_eq!(json["cycle"]["order"], serde_json::json!([2, 0, 1]));
    // P1 is to play second, so P3 (position 0) has played: P3 cannot still hold a chosen card.
    let mut later = json.clone();
    later["cycle"]["position"] = serde_json::json!(1);
    later["active"] = serde_json::json!(0);
    later["cycle"]["committed"][2] = later["cycle"]["committed"][2].clone();
    let err = g.load_state_value(later).unwrap_err();
    assert_eq!(
        err.to_string(),
        "state field `cycle.committed[2]`: P3 has played this cycle, so has no chosen card left"
    );
    // A card index of 128 or more is refused by the parser, with its path.
    let mut wrapped = json.clone();
    wrapped["cycle"]["committed"][0] = serde_json::json!(200);
    let err = g.load_state_value(wrapped).unwrap_err();
    assert_eq!(err.to_string(), "state field `cycle.committed[0]`: card 200 does not exist; a deck has at most 128");
    let mut beyond = json.clone();
    beyond["hands"][0] = serde_json::json!([100]);
    let err = g.load_state_value(beyond).unwrap_err();
    assert_eq!(err.to_string(), "state field `hands[0]`: card 100 is not in this deck, which has 80 cards");
    // The position as it is loads back equal.
    assert_eq!(g.load_state_value(json).unwrap(), s);
}

/// WOOB-HAND-1 in cycles: a card everyone knows (taken back last cycle) and chosen face down stays
/// among that player's known cards for everyone else until the choices are revealed; had it left
/// the known cards, the others would learn exactly which card was chosen.
#[test]
fn woob_hand_1_a_known_card_chosen_face_down_stays_known_until_the_reveal() {
    let g = cycles(3);
    let calm = card(&g, "Calm Waters");
    let mut json = g.save_state(&chosen_cycle(&g));
    json["known"] = serde_json::json!([[calm.index()], [], []]);
    let s = g.load_state_value(json).unwrap();
    let calm_view = CardView { number: 195, name: "Calm Waters".into(), text: None };
    let mut known_chosen = s.clone();
    play(&g, &mut known_chosen, 0, "commit calm-waters", &mut SeededRng::new(0));
    let mut other_chosen = s.clone();
    play(&g, &mut other_chosen, 0, "commit quicksand", &mut SeededRng::new(0));
    for viewer in [Viewer::Player(p(1)), Viewer::Player(p(2)), Viewer::Spectator] {
        let (a, b) = (g.observe(&known_chosen, viewer), g.observe(&other_chosen, viewer));
        assert_eq!(a.seats[0].known, std::slice::from_ref(&calm_view), "{viewer}");
        assert_eq!(a.seats[0].choice, Choice::Chosen);
        assert_eq!(a, b, "{viewer} must not tell which card P1 chose");
        assert!(!g.secrets(&known_chosen, viewer).iter().any(|x| x == "Calm Waters"), "its name is known to all");
    }
    // The position saves and loads back as it is.
    assert_eq!(g.load_state_value(g.save_state(&known_chosen)).unwrap(), known_chosen);
    // At the reveal the chosen card is shown as chosen, and no longer among the known cards.
    let mut rng = SeededRng::new(0);
    play(&g, &mut known_chosen, 1, "commit bonfire-night", &mut rng);
    play(&g, &mut known_chosen, 2, "commit hard-choices", &mut rng);
    let obs = g.observe(&known_chosen, Viewer::Player(p(1)));
    assert_eq!(obs.seats[0].known, []);
    assert_eq!(obs.seats[0].choice, Choice::Card(calm_view));
    assert_eq!(g.save_state(&known_chosen)["known"], serde_json::json!([[], [], []]));
    // A known card must be in its holder's hand or chosen face down and not yet revealed.
    let mut json = g.save_state(&s);
    json["known"] = serde_json::json!([[card(&g, "Bonfire Night").index()], [], []]);
    assert_eq!(
        g.load_state_value(json).unwrap_err().to_string(),
        "state field `known[0]`: P1's known cards must be in P1's hand or chosen face down and not yet revealed"
    );
}
