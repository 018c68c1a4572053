//! A turn's phases in order (WOOB-TURN-1): support (WOOB-SUPPORT-1, WOOB-SUPPORT-2), industry
//! (WOOB-INDUSTRY-1), and the draw (WOOB-DRAW-1); playing a card is in `play`.

use crate::common::*;
use worlds_engine::{Game, SeededRng, Turn};
use worlds_woobieworld::{Phase, Support};

/// WOOB-TURN-1: support, industry, play a card, draw a card; then the next player clockwise.
#[test]
fn woob_turn_1_four_phases_in_order() {
    let g = game(2);
    let mut s = Position::new(&g, &["oceana", "doom-grove"], 0, "support")
        .support(&g, "oceana", "1R")
        .support(&g, "doom-grove", "1Y")
        .hand(&g, 0, &["Calm Waters", "Rabble Rousing"])
        .load(&g);
    let mut rng = SeededRng::new(3);
    assert_eq!(s.phase(), Phase::Support);
    play(&g, &mut s, 0, "gain blue", &mut rng);
    assert_eq!(s.phase(), Phase::Industry);
    play(&g, &mut s, 0, "skip industry", &mut rng);
    assert_eq!(s.phase(), Phase::Play);
    let events = play(&g, &mut s, 0, "play calm-waters", &mut rng);
    let text = told(&g, &events);
    assert_eq!(text[..2], ["P1 plays Calm Waters (195)", "P1's home gains 2B"]);
    assert!(text.iter().any(|t| t == "P1 draws a card"), "{text:?}");
    assert!(text.iter().any(|t| t == "turn 6: P2"), "{text:?}");
    assert_eq!(s.hand_size(p(0)), 2, "played one, drew one");
    assert_eq!(g.turn(&s), Turn::Decide(p(1)));
}

/// WOOB-SUPPORT-1: one coloured support to your home, or one Anarch to a neighbouring area,
/// water included, never off the board.
#[test]
fn woob_support_1_take_support_or_move_an_anarch() {
    let g = game(2);
    let s = Position::new(&g, &["oceana", "doom-grove"], 0, "support")
        .support(&g, "oceana", "1R")
        .support(&g, "doom-grove", "1Y")
        .support(&g, "bambooton", "1A")
        .hand(&g, 0, &["Quicksand"])
        .load(&g);
    let actions = legal(&g, &s, 0);
    assert_eq!(
        actions,
        [
            "gain red",
            "gain yellow",
            "gain green",
            "gain blue",
            "anarch bambooton to doom-grove",
            "anarch bambooton to sulfer-springs",
            "anarch bambooton to lullaby-lowlands",
            "anarch bambooton to sea-of-despair",
            "anarch bambooton to sea-of-dreams",
        ]
    );
    let mut gained = s.clone();
    let events = play(&g, &mut gained, 0, "gain blue", &mut SeededRng::new(0));
    assert_eq!(told(&g, &events), ["P1's home gains 1B"]);
    assert_eq!(gained.phase(), Phase::Industry);
    let mut moved = s.clone();
    play(&g, &mut moved, 0, "anarch bambooton to sea-of-dreams", &mut SeededRng::new(0));
    assert_eq!(moved.support_in(area(&g, "sea-of-dreams"), Support::Anarch), 1);
    assert_eq!(
        refused(&g, &s, 0, "anarch bambooton to oceana"),
        "an Anarch moves to a neighbouring area, and that does not border BamBooton [WOOB-SUPPORT-1]"
    );
}

/// WOOB-SUPPORT-2: no support at home at the start of the turn: a new home on a land area that is
/// not another player's home, and that is the support phase.
#[test]
fn woob_support_2_an_empty_home_forces_a_new_home() {
    let g = game(2);
    let s = Position::new(&g, &["oceana", "doom-grove"], 0, "support")
        .support(&g, "doom-grove", "1Y")
        .hand(&g, 0, &["Quicksand"])
        .load(&g);
    let actions = legal(&g, &s, 0);
    assert!(actions.iter().all(|a| a.starts_with("home ")), "{actions:?}");
    assert!(actions.contains(&"home oceana red".to_owned()), "the old home is land and nobody else's");
    assert!(!actions.iter().any(|a| a.starts_with("home doom-grove")), "another player's home");
    assert!(!actions.iter().any(|a| a.starts_with("home sea-of-dreams")), "water");
    assert_eq!(
        refused(&g, &s, 0, "gain red"),
        "your home has no support: place a coloured support on a land area to start a new home, e.g. `home woobania red` [WOOB-SUPPORT-2]"
    );
    let mut moved = s.clone();
    let events = play(&g, &mut moved, 0, "home woobania green", &mut SeededRng::new(0));
    assert_eq!(told(&g, &events)[0], "P1's home is empty: P1 starts a new home in Woobania with 1 green support");
    assert_eq!(moved.home(p(0)), Some(area(&g, "woobania")));
    assert_eq!(moved.phase(), Phase::Industry);
}

/// WOOB-INDUSTRY-1: optionally place one industry from the pile in any area.
#[test]
fn woob_industry_1_place_one_industry_anywhere_or_skip() {
    let g = game(2);
    let s = Position::new(&g, &["oceana", "doom-grove"], 0, "industry")
        .support(&g, "oceana", "1R")
        .support(&g, "doom-grove", "1Y")
        .industries(&g, "woobania", "3R")
        .hand(&g, 0, &["Quicksand"])
        .load(&g);
    let actions = legal(&g, &s, 0);
    assert_eq!(actions.len(), 3 * 17 + 1, "yellow, green, blue anywhere (red is all used) or skip");
    assert!(actions.contains(&"industry blue sea-of-dreams".to_owned()));
    assert_eq!(refused(&g, &s, 0, "industry red oceana"), "the pile has no red industry left [WOOB-SUP-2]");
    let mut skipped = s.clone();
    let events = play(&g, &mut skipped, 0, "skip industry", &mut SeededRng::new(0));
    assert_eq!(told(&g, &events), ["P1 places no industry"]);
    assert_eq!(skipped.phase(), Phase::Play);
}

/// WOOB-DRAW-1: an environment drawn goes into play at once with its drawer as caretaker, and the
/// drawer draws again; an empty deck is refilled from the discard pile.
#[test]
fn woob_draw_1_environments_enter_play_and_the_deck_refills() {
    let g = game(2);
    // Everything is in hands or the discard pile except Monsoon and Calm Waters.
    let all: Vec<String> =
        g.content().cards.iter().filter(|c| !c.is_mount_saint_woobie()).map(|c| c.name.clone()).collect();
    let keep = ["Monsoon", "Calm Waters", "Quicksand", "Rabble Rousing"];
    let discarded: Vec<&str> = all.iter().map(String::as_str).filter(|n| !keep.contains(n)).collect();
    let mut pos = Position::new(&g, &["oceana", "doom-grove"], 0, "play")
        .support(&g, "oceana", "1R")
        .support(&g, "doom-grove", "1Y")
        .hand(&g, 0, &["Quicksand"])
        .hand(&g, 1, &["Rabble Rousing"])
        .discard(&g, &discarded);
    for number in [820, 875, 930, 985] {
        pos = pos.in_play(&g, number, 1);
    }
    // Four volcanoes would have ended the game: keep three in play, one in the discard pile.
    let mut json = pos.to_json(&g);
    let fourth = json["in_play"].as_array_mut().unwrap().pop().unwrap();
    json["discard"].as_array_mut().unwrap().push(fourth["card"].clone());
    let deck: Vec<u64> = json["deck"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .filter(|v| *v != fourth["card"].as_u64().unwrap())
        .collect();
    json["deck"] = serde_json::json!(deck);
    let mut s = g.load_state_value(json).unwrap();
    assert_eq!(s.deck_size(), 2, "Monsoon and Calm Waters");
    play(&g, &mut s, 0, "play quicksand", &mut SeededRng::new(0));
    // Draw Monsoon (the first card of the deck) into play, then Calm Waters.
    let events = play(&g, &mut s, 0, "area cheeseport", &mut picks(&[0, 0]));
    let text = told(&g, &events);
    assert!(text.contains(&"Monsoon comes into play; P1 is its caretaker".to_owned()), "{text:?}");
    assert!(text.contains(&"P1 draws a card".to_owned()));
    assert_eq!(s.deck_size(), 0);
    assert!(s.in_play().iter().any(|e| g.content().card(e.card).name == "Monsoon" && e.caretaker == p(0)));
    // Next draw: the deck is empty, so the discard pile is shuffled into a new deck.
    let mut s2 = s.clone();
    let mut rng = SeededRng::new(1);
    while g.turn(&s2) == Turn::Decide(p(1)) && s2.deck_size() == 0 && g.outcome(&s2).is_none() {
        let a = g.legal_actions(&s2, p(1))[0];
        let text = told(&g, &g.apply(&mut s2, p(1), a, &mut rng).unwrap());
        if text.iter().any(|t| t.starts_with("the discard pile")) {
            return;
        }
    }
    panic!("no reshuffle seen");
}
