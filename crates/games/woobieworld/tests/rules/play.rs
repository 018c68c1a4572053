//! Playing a card (WOOB-PLAY-1 to WOOB-PLAY-6): what may be played, how a card resolves, and a card
//! in the middle of resolving.

use crate::common::*;
use worlds_engine::{Game, SeededRng, Turn, Viewer};
use worlds_woobieworld::Phase;

/// WOOB-PLAY-1: a COLOUR ACTION needs that colour in your home; a plain ACTION needs nothing.
#[test]
fn woob_play_1_colour_actions_need_their_colour_at_home() {
    let g = game(2);
    let s = Position::new(&g, &["oceana", "doom-grove"], 0, "play")
        .support(&g, "oceana", "1Y")
        .support(&g, "doom-grove", "1Y")
        .hand(&g, 0, &["Rabble Rousing", "Quicksand", "Banana Price War"])
        .load(&g);
    assert_eq!(legal(&g, &s, 0), ["play quicksand", "play banana-price-war"]);
    assert_eq!(
        refused(&g, &s, 0, "play rabble-rousing"),
        "Rabble Rousing is a RED ACTION: you need red support in your home [WOOB-PLAY-1]"
    );
    assert_eq!(refused(&g, &s, 0, "play hard-choices"), "that card is not in your hand [WOOB-PLAY-1]");
}

/// The rulebook's Quicksand example, step by step (WOOB-PLAY-2, WOOB-MAP-3, WOOB-SUP-4).
/// Two yellow, two red and one blue industry are removed around Doom Grove; each neighbouring home
/// loses one support per removed industry of that industry's colour, as far as it has any; green
/// and Anarchs are untouched; the far-away industry stays.
#[test]
fn woob_play_2_the_quicksand_example_step_by_step() {
    let g = game(3);
    let position = Position::new(&g, &["oceana", "doom-grove", "woobania"], 0, "play")
        .support(&g, "oceana", "1R")
        .support(&g, "doom-grove", "1R 2G 3B 2A")
        .support(&g, "woobania", "3R 3Y 1G")
        .industries(&g, "margaritaville", "1Y")
        .industries(&g, "sea-of-despair", "1Y")
        .industries(&g, "doom-grove", "1R")
        .industries(&g, "woobania", "1R")
        .industries(&g, "cheeseport", "1B")
        .industries(&g, "snugglebury", "1G")
        .hand(&g, 0, &["Quicksand"]);
    let mut s = position.load(&g);
    let events = play(&g, &mut s, 0, "play quicksand", &mut SeededRng::new(0));
    assert_eq!(told(&g, &events), ["P1 plays Quicksand (105)"]);
    // Sentence 1: choose a coastal area (a decision of the card's player).
    assert_eq!(g.turn(&s), Turn::Decide(p(0)));
    let areas = legal(&g, &s, 0);
    assert!(areas.contains(&"area doom-grove".to_owned()));
    assert!(!areas.contains(&"area woobania".to_owned()), "Woobania is inland");
    assert!(!areas.contains(&"area sea-of-despair".to_owned()), "water is not a coastal area");
    // Sentences 2 and 3 need no decision.
    let events = play(&g, &mut s, 0, "area doom-grove", &mut SeededRng::new(0));
    let text = told(&g, &events);
    assert_eq!(
        text[..10],
        [
            "P1 chooses Doom Grove",
            "the blue industry in Cheeseport is removed",
            "the yellow industry in Margaritaville is removed",
            "the red industry in Doom Grove is removed",
            "the red industry in Woobania is removed",
            "the yellow industry in Sea of Despair is removed",
            "P2's home loses 1R",
            "P2's home loses 1B",
            "P3's home loses 2R",
            "P3's home loses 2Y",
        ]
    );
    assert_eq!(home(&g, &s, 1), "0R 0Y 2G 2B 2A @Doom Grove");
    assert_eq!(home(&g, &s, 2), "1R 1Y 1G 0B 0A @Woobania");
    assert_eq!(home(&g, &s, 0), "1R 0Y 0G 0B 0A @Oceana", "Oceana does not neighbour Doom Grove");
    let snug = area(&g, "snugglebury");
    assert_eq!(s.industries_in(snug, worlds_woobieworld::Colour::Green), 1);
}

/// A position in the middle of a card, with a choice pending, loads and plays on; what is asked
/// is said in words, not as the card program's internals.
#[test]
fn woob_play_2_a_position_in_the_middle_of_a_card_loads_and_says_what_is_asked() {
    let g = game(2);
    let mut s = Position::new(&g, &["oceana", "doom-grove"], 0, "play")
        .support(&g, "oceana", "1R")
        .support(&g, "doom-grove", "2R")
        .hand(&g, 0, &["Quicksand"])
        .load(&g);
    play(&g, &mut s, 0, "play quicksand", &mut SeededRng::new(0));
    let decision = g.decision(&s);
    assert_eq!(
        (decision.rule, decision.text.as_str()),
        ("WOOB-PLAY-2", "P1 resolves Quicksand: choose a coastal area")
    );
    let json = g.save_state(&s);
    assert_eq!(json["stack"][0], serde_json::json!("draw"));
    assert_eq!(json["stack"][1]["resolve"]["cursor"]["pc"], serde_json::json!(0));
    let mut loaded = g.load_state_value(json.clone()).unwrap();
    assert_eq!(loaded, s);
    let obs = serde_json::to_value(g.observe(&loaded, Viewer::Spectator)).unwrap();
    assert_eq!(obs["decision"]["text"], "P1 resolves Quicksand: choose a coastal area");
    assert_eq!(obs["resolving"]["card"]["name"], "Quicksand");
    assert!(obs.to_string().find("\"pc\"").is_none(), "no program counter in an observation: {obs}");
    play(&g, &mut loaded, 0, "area doom-grove", &mut SeededRng::new(0));
    assert!(loaded.resolving().is_none());
    // A played card on a turn's support phase, or an environment resolved on a draw, is refused.
    let mut misplaced = json.clone();
    misplaced["stack"][0] = serde_json::json!("industry");
    let err = g.load_state_value(misplaced).unwrap_err();
    assert_eq!(
        err.to_string(),
        "state field `stack[1]`: the stack holds a phase, and on top of `draw` or `upkeep` at most a card being resolved"
    );
    let mut far = json;
    far["stack"][1]["resolve"]["cursor"]["pc"] = serde_json::json!(40);
    let err = g.load_state_value(far).unwrap_err();
    assert!(err.to_string().starts_with("state field `stack[1].resolve.cursor.pc`: Quicksand has "), "{err}");
}

/// WOOB-PLAY-3: several homes gain clockwise from the card's player, until the pile runs dry
/// (WOOB-SUP-2).
#[test]
fn woob_play_3_clockwise_from_the_cards_player_until_the_pile_runs_dry() {
    let g = game(3);
    // 23 red on the board: 2 left in the pile. P2 plays Bonfire Night: every home gains 1R.
    let mut s = Position::new(&g, &["oceana", "doom-grove", "woobania"], 1, "play")
        .support(&g, "oceana", "20R")
        .support(&g, "doom-grove", "2R")
        .support(&g, "woobania", "1R")
        .hand(&g, 1, &["Bonfire Night"])
        .load(&g);
    let events = play(&g, &mut s, 1, "play bonfire-night", &mut SeededRng::new(0));
    assert_eq!(
        told(&g, &events)[1..5],
        [
            "P2's home gains 1R",
            "P3's home gains 1R",
            "the pile has run dry of red support",
            "the pile has run dry of red support",
        ]
    );
    assert_eq!(home(&g, &s, 0), "20R 0Y 0G 0B 0A @Oceana", "P1 comes last and gets nothing");
    assert_eq!(home(&g, &s, 1), "3R 0Y 0G 0B 0A @Doom Grove");
    assert_eq!(home(&g, &s, 2), "2R 0Y 0G 0B 0A @Woobania");
}

/// WOOB-PLAY-4: a card may have no effect; playing it is legal.
#[test]
fn woob_play_4_a_card_without_effect_is_still_played() {
    let g = game(2);
    let mut s = Position::new(&g, &["oceana", "doom-grove"], 0, "play")
        .support(&g, "oceana", "1R")
        .support(&g, "doom-grove", "1Y")
        .hand(&g, 0, &["Quicksand"])
        .load(&g);
    play(&g, &mut s, 0, "play quicksand", &mut SeededRng::new(0));
    let events = play(&g, &mut s, 0, "area cheeseport", &mut SeededRng::new(0));
    assert_eq!(told(&g, &events)[0], "P1 chooses Cheeseport");
    assert!(!told(&g, &events).iter().any(|t| t.contains("loses")), "nothing to remove, nothing lost");
}

/// WOOB-PLAY-5: with no playable card, discard one of your choice without effect.
#[test]
fn woob_play_5_nothing_playable_means_discarding_one() {
    let g = game(2);
    let mut s = Position::new(&g, &["oceana", "doom-grove"], 0, "play")
        .support(&g, "oceana", "1Y")
        .support(&g, "doom-grove", "1Y")
        .hand(&g, 0, &["Rabble Rousing", "Calm Waters"])
        .load(&g);
    assert_eq!(legal(&g, &s, 0), ["discard rabble-rousing", "discard calm-waters"]);
    let events = play(&g, &mut s, 0, "discard calm-waters", &mut SeededRng::new(0));
    assert_eq!(told(&g, &events)[0], "P1 discards Calm Waters without effect");
    let playable = Position::new(&g, &["oceana", "doom-grove"], 0, "play")
        .support(&g, "oceana", "1R")
        .support(&g, "doom-grove", "1Y")
        .hand(&g, 0, &["Rabble Rousing", "Calm Waters"])
        .load(&g);
    assert_eq!(
        refused(&g, &playable, 0, "discard calm-waters"),
        "you have a card you can play, so you must play one [WOOB-PLAY-5]"
    );
}

/// WOOB-PLAY-6: environments in play change the rules (Monsoon keeps Anarchs out of the water,
/// General Strike skips the industry phase, Baby Boom gives two support, Red Tape bans red cards).
#[test]
fn woob_play_6_environments_override_the_rules() {
    let g = game(2);
    let base = Position::new(&g, &["oceana", "doom-grove"], 0, "support")
        .support(&g, "oceana", "1R")
        .support(&g, "doom-grove", "1Y")
        .support(&g, "bambooton", "1A")
        .hand(&g, 0, &["Rabble Rousing", "Quicksand"]);
    let plain = legal(&g, &base.load(&g), 0);
    assert!(plain.contains(&"anarch bambooton to sea-of-dreams".to_owned()));
    let monsoon = legal(&g, &base.clone().in_play(&g, 80, 1).load(&g), 0);
    assert!(!monsoon.contains(&"anarch bambooton to sea-of-dreams".to_owned()), "Monsoon");
    assert!(monsoon.contains(&"anarch bambooton to sulfer-springs".to_owned()));

    let mut strike = base.clone().in_play(&g, 260, 1).load(&g);
    play(&g, &mut strike, 0, "gain red", &mut SeededRng::new(0));
    assert_eq!(strike.phase(), Phase::Play, "General Strike: no industry phase");

    let mut boom = base.clone().in_play(&g, 10, 1).load(&g);
    play(&g, &mut boom, 0, "gain red", &mut SeededRng::new(0));
    assert_eq!(boom.phase(), Phase::Support, "Baby Boom: a second piece");
    assert!(!legal(&g, &boom, 0).iter().any(|a| a.starts_with("anarch")), "no Anarch move once taking support");
    play(&g, &mut boom, 0, "gain yellow", &mut SeededRng::new(0));
    assert_eq!(home(&g, &boom, 0), "2R 1Y 0G 0B 0A @Oceana");
    assert_eq!(boom.phase(), Phase::Industry);

    let tape = base.clone().in_play(&g, 175, 1).set("stack", serde_json::json!(["play"])).load(&g);
    assert_eq!(legal(&g, &tape, 0), ["play quicksand"]);
    assert_eq!(
        refused(&g, &tape, 0, "play rabble-rousing"),
        "an environment in play forbids RED ACTION cards [WOOB-PLAY-6]"
    );
}
