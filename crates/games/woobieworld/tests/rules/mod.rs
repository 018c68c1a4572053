//! Woobieworld, rule by rule. Each test names the rule ID it checks.
#![allow(clippy::unwrap_used)]

use crate::common;

use common::*;
use worlds_engine::{Config, Game, PlayerSet, RuleErrorKind, SeededRng, Turn, Viewer, Visibility};
use worlds_woobieworld::{Phase, Support, Woobieworld};

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

/// WOOB-SCORE-1: the rulebook's example scores 32.
#[test]
fn woob_score_1_squares_minus_anarchs_squared() {
    let g = game(2);
    let s = Position::new(&g, &["oceana", "doom-grove"], 0, "play")
        .support(&g, "oceana", "2R 6Y 4B 1G 5A")
        .support(&g, "doom-grove", "1Y")
        .hand(&g, 0, &["Quicksand"])
        .load(&g);
    assert_eq!(s.score(p(0)), 32);
    assert_eq!(s.score(p(1)), 1);
    let negative = Position::new(&g, &["oceana", "doom-grove"], 0, "play")
        .support(&g, "oceana", "1R 3A")
        .support(&g, "doom-grove", "1Y")
        .hand(&g, 0, &["Quicksand"])
        .load(&g);
    assert_eq!(negative.score(p(0)), -8, "scores may be negative");
}

/// WOOB-SUP-1, WOOB-SUP-2: the pile holds 25 of each colour and 15 Anarchs; a dry colour cannot
/// be taken.
#[test]
fn woob_sup_1_and_2_the_pile_and_running_dry() {
    let g = game(2);
    let s = Position::new(&g, &["oceana", "doom-grove"], 0, "support")
        .support(&g, "oceana", "25R 1Y")
        .support(&g, "doom-grove", "1Y 4A")
        .hand(&g, 0, &["Quicksand"])
        .load(&g);
    assert_eq!(s.pile(Support::Red), 0);
    assert_eq!(s.pile(Support::Yellow), 23);
    assert_eq!(s.pile(Support::Anarch), 11);
    let actions = legal(&g, &s, 0);
    assert!(!actions.contains(&"gain red".to_owned()));
    assert!(actions.contains(&"gain yellow".to_owned()));
    assert_eq!(refused(&g, &s, 0, "gain red"), "the pile has no red support left [WOOB-SUP-2]");
    let too_many = Position::new(&g, &["oceana", "doom-grove"], 0, "support")
        .support(&g, "oceana", "20R")
        .support(&g, "doom-grove", "6R")
        .to_json(&g);
    let err = g.load_state_value(too_many).unwrap_err();
    assert_eq!(err.to_string(), "state field `support`: 26 red pieces on the board; the game has 25");
}

/// WOOB-SUP-3: coloured support exists only in homes; Anarchs anywhere.
#[test]
fn woob_sup_3_coloured_support_only_in_homes() {
    let g = game(2);
    let wrong = Position::new(&g, &["oceana", "doom-grove"], 0, "support")
        .support(&g, "oceana", "1R")
        .support(&g, "doom-grove", "1Y")
        .support(&g, "woobania", "1G")
        .to_json(&g);
    assert_eq!(
        g.load_state_value(wrong).unwrap_err().to_string(),
        "state field `support[5]`: Woobania holds coloured support but is nobody's home (WOOB-SUP-3)"
    );
    let fine = Position::new(&g, &["oceana", "doom-grove"], 0, "support")
        .support(&g, "oceana", "1R")
        .support(&g, "doom-grove", "1Y")
        .support(&g, "sea-of-dreams", "2A")
        .hand(&g, 0, &["Quicksand"]);
    fine.load(&g);
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

/// WOOB-HAND-1: hands are secret, sizes public; an opponent's hand never appears in what a player
/// observes, in the notation or events they see, or in errors.
#[test]
fn woob_hand_1_an_opponents_hand_never_leaks() {
    for variant in ["standard", "cycles"] {
        let g = Woobieworld::new(&Config::players(3).with_variant(variant)).unwrap();
        let mut rng = SeededRng::new(77);
        let (mut s, setup) = g.new_game(&mut rng);
        let secret = |s: &worlds_woobieworld::State| s.hand(p(1));
        // The setup deal: P1 sees only its own cards.
        for e in &setup {
            if e.visibility.visible_to(Viewer::Player(p(0))) {
                let text = g.describe_event(&e.event);
                for c in worlds_woobieworld::CardId::in_mask(secret(&s)) {
                    assert!(!text.contains(&g.content().card(c).name), "P1 saw P2's card in `{text}`");
                }
            }
        }
        for _ in 0..300 {
            let turn = g.turn(&s);
            if turn == Turn::Over {
                break;
            }
            let who = turn.players().first().unwrap();
            // What P1 observes never names P2's hidden cards.
            let obs = serde_json::to_string(&g.observe(&s, Viewer::Player(p(0)))).unwrap();
            let hidden = secret(&s) & !s.hand(p(0));
            for c in worlds_woobieworld::CardId::in_mask(hidden) {
                let known =
                    serde_json::to_value(g.observe(&s, Viewer::Player(p(0)))).unwrap()["seats"][1]["known"].clone();
                if known.as_array().unwrap().iter().any(|k| k == &serde_json::json!(c)) {
                    continue;
                }
                let needle = format!("\"hand\":[{}", c.index());
                assert!(!obs.contains(&needle));
            }
            // An error for P1 never names P2's cards.
            let err = g.check(
                &s,
                p(0),
                worlds_woobieworld::Action::Play(
                    worlds_woobieworld::CardId::in_mask(secret(&s))
                        .next()
                        .unwrap_or(g.content().find_card("Quicksand").unwrap()),
                ),
            );
            if let Err(e) = err {
                for c in worlds_woobieworld::CardId::in_mask(secret(&s) & !s.hand(p(0))) {
                    assert!(!e.message.contains(&g.content().card(c).name), "{e}");
                }
                assert!(matches!(e.kind, RuleErrorKind::NotYourTurn | RuleErrorKind::Illegal));
            }
            let actions = g.legal_actions(&s, who);
            let a = actions[rng.below(actions.len() as u32) as usize];
            for e in g.apply(&mut s, who, a, &mut rng).unwrap() {
                if !e.visibility.visible_to(Viewer::Player(p(0))) {
                    continue;
                }
                if let worlds_woobieworld::Event::DrewCard { player, .. }
                | worlds_woobieworld::Event::CommittedCard { player, .. }
                | worlds_woobieworld::Event::DealtCard { player, .. } = e.event
                {
                    assert_eq!(player, p(0), "P1 saw a private event of {player}");
                }
            }
        }
        // Hand sizes are public.
        let obs = g.observe(&s, Viewer::Player(p(0)));
        assert_eq!(usize::from(obs.seats[1].hand_size), s.hand_size(p(1)));
        let _ = PlayerSet::EMPTY;
    }
}

/// WOOB-SETUP-1: four cards each, never an environment (WOOB-RULING-1); hand sizes public.
#[test]
fn woob_setup_1_deal_four_without_environments() {
    for players in 2..=6 {
        let g = game(players);
        for seed in 0..20 {
            let (s, events) = g.new_game(&mut SeededRng::new(seed));
            for seat in 0..players {
                assert_eq!(s.hand_size(p(seat)), 4);
                assert_eq!(s.hand(p(seat)) & g.content().environments, 0, "an environment was dealt");
            }
            assert_eq!(s.deck_size(), 80 - 4 * players);
            // Hand sizes are told to everyone else (the player sees each card dealt); the first
            // player to everyone.
            assert_eq!(events.iter().filter(|e| e.visibility.is_public()).count(), 1);
            for seat in 0..players {
                let told = events.iter().filter(|e| e.visibility == Visibility::all_but(p(seat))).count();
                assert_eq!(told, 1, "seat {seat}");
                let own = events.iter().filter(|e| e.visibility == Visibility::only(p(seat))).count();
                assert_eq!(own, 4, "seat {seat}");
            }
        }
    }
}

/// WOOB-SETUP-2: the first player (random unless configured), then clockwise, each takes one
/// coloured support to an unoccupied land area: their home.
#[test]
fn woob_setup_2_homes_clockwise_from_the_first_player() {
    let g = Woobieworld::new(&Config::players(3).with_option("first", 1)).unwrap();
    let (mut s, events) = g.new_game(&mut SeededRng::new(1));
    assert_eq!(told(&g, &events).last().unwrap(), "P2 goes first");
    assert_eq!(g.turn(&s), Turn::Decide(p(1)));
    let mut rng = SeededRng::new(0);
    play(&g, &mut s, 1, "home woobania red", &mut rng);
    assert_eq!(g.turn(&s), Turn::Decide(p(2)));
    assert_eq!(refused(&g, &s, 2, "home woobania blue"), "Woobania is already P2's home [WOOB-SETUP-2]");
    assert_eq!(refused(&g, &s, 2, "home sea-of-dreams blue"), "a home must be on a land area [WOOB-SETUP-2]");
    assert_eq!(
        refused(&g, &s, 0, "home oceana blue"),
        "it is not your decision now: P3 chooses a home: a land area and one coloured support [WOOB-SETUP-2]"
    );
    play(&g, &mut s, 2, "home oceana blue", &mut rng);
    let events = play(&g, &mut s, 0, "home cheeseport green", &mut rng);
    assert_eq!(told(&g, &events), ["P1 makes Cheeseport home, with 1 green support", "turn 1: P2"]);
    assert_eq!(home(&g, &s, 1), "1R 0Y 0G 0B 0A @Woobania");
    let bad = Woobieworld::new(&Config::players(3).with_option("first", 3)).unwrap_err();
    assert_eq!(bad.to_string(), "option `first`: seat 3 does not exist; seats are 0–2");
}

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

/// WOOB-END-1, WOOB-SCORE-1, WOOB-SCORE-2: the fourth Mount Saint Woobie ends the game at once;
/// the highest score wins and tied players share the win.
#[test]
fn woob_end_1_the_fourth_volcano_ends_the_game_and_ties_share() {
    let g = game(3);
    let mut s = Position::new(&g, &["oceana", "doom-grove", "woobania"], 0, "play")
        .support(&g, "oceana", "3R")
        .support(&g, "doom-grove", "2R 1Y 1G 1B")
        .support(&g, "woobania", "1B")
        .hand(&g, 0, &["Quicksand"])
        .in_play(&g, 820, 1)
        .in_play(&g, 875, 2)
        .in_play(&g, 930, 1)
        .load(&g);
    // The deck's only volcano is card 985; pick it.
    let deck: Vec<_> = worlds_woobieworld::CardId::in_mask(
        g.save_state(&s)["deck"].as_array().unwrap().iter().fold(0u128, |m, v| m | 1 << v.as_u64().unwrap()),
    )
    .collect();
    let k = deck.iter().position(|c| g.content().card(*c).number == 985).unwrap() as u32;
    play(&g, &mut s, 0, "play quicksand", &mut SeededRng::new(0));
    let events = play(&g, &mut s, 0, "area cheeseport", &mut picks(&[k]));
    assert_eq!(
        told(&g, &events).last().unwrap(),
        "the fourth Mount Saint Woobie is in play: the volcano erupts and the game ends"
    );
    assert_eq!(g.turn(&s), Turn::Over);
    let o = g.outcome(&s).unwrap();
    assert_eq!(o.scores.as_slice(), [9, 7, 1]);
    assert_eq!(o.ranks.as_slice(), [1, 2, 3]);

    let tie = Position::new(&g, &["oceana", "doom-grove", "woobania"], 0, "play")
        .support(&g, "oceana", "3R")
        .support(&g, "doom-grove", "3Y")
        .support(&g, "woobania", "1B")
        .set("stack", serde_json::json!([]))
        .set("ending", serde_json::json!("eruption"))
        .in_play(&g, 820, 1)
        .in_play(&g, 875, 2)
        .in_play(&g, 930, 1)
        .in_play(&g, 985, 1)
        .load(&g);
    let o = g.outcome(&tie).unwrap();
    assert_eq!(o.returns.as_slice(), [0.5, 0.5, 0.0], "tied players share the win");
}

/// WOOB-SUP-4: colour effects never touch Anarchs; plain "support" may, the named chooser picking.
/// WOOB-MAP-3: neighbouring includes the chosen area itself.
#[test]
fn woob_sup_4_colours_never_touch_anarchs_and_map_3_neighbouring_includes_itself() {
    let g = game(2);
    // The Great Audit: the chosen home loses 1 of each colour: Anarchs stay.
    let mut s = Position::new(&g, &["oceana", "doom-grove"], 0, "play")
        .support(&g, "oceana", "1R")
        .support(&g, "doom-grove", "1R 1Y 3A")
        .hand(&g, 0, &["The Great Audit"])
        .load(&g);
    play(&g, &mut s, 0, "play the-great-audit", &mut SeededRng::new(0));
    assert_eq!(home(&g, &s, 1), "0R 0Y 0G 0B 3A @Doom Grove");
    // Clean Slate, first option: your home loses half of all support, its owner choosing which.
    let mut s = Position::new(&g, &["oceana", "doom-grove"], 0, "play")
        .support(&g, "oceana", "2R 1Y 2A")
        .support(&g, "doom-grove", "1Y")
        .hand(&g, 0, &["Clean Slate"])
        .load(&g);
    play(&g, &mut s, 0, "play clean-slate", &mut SeededRng::new(0));
    play(&g, &mut s, 0, "option 1", &mut SeededRng::new(0));
    // Half of 5, rounded down: 2 pieces, chosen one at a time among red, yellow and Anarch.
    assert_eq!(legal(&g, &s, 0), ["pick red", "pick yellow", "pick anarch"]);
    play(&g, &mut s, 0, "pick anarch", &mut SeededRng::new(0));
    play(&g, &mut s, 0, "pick anarch", &mut SeededRng::new(0));
    assert_eq!(home(&g, &s, 0), "3R 2Y 1G 1B 0A @Oceana", "then +1 of each colour");
    // Neighbouring includes the chosen area itself: Quicksand on Doom Grove removes its own industry.
    let mut q = Position::new(&g, &["oceana", "doom-grove"], 0, "play")
        .support(&g, "oceana", "1R")
        .support(&g, "doom-grove", "2R")
        .industries(&g, "doom-grove", "1R")
        .hand(&g, 0, &["Quicksand"])
        .load(&g);
    play(&g, &mut q, 0, "play quicksand", &mut SeededRng::new(0));
    play(&g, &mut q, 0, "area doom-grove", &mut SeededRng::new(0));
    assert_eq!(home(&g, &q, 1), "1R 0Y 0G 0B 0A @Doom Grove");
}

/// Defect 7: a map with fewer land areas than players was accepted, and then no seat had a legal
/// action. WOOB-SETUP-2 needs a land area of their own for every home.
#[test]
fn defect_7_a_map_with_fewer_land_areas_than_players_is_refused() {
    let map = r#"
[[area]]
id = "isle"
name = "Isle"
kind = "land"
x = 10
y = 10
neighbours = ["sea"]

[[area]]
id = "sea"
name = "Sea"
kind = "water"
x = 50
y = 50
neighbours = ["isle"]
"#;
    let mut config = Config::players(2);
    config.content.insert("map.toml".into(), map.into());
    let err = Woobieworld::new(&config).unwrap_err();
    assert_eq!(err.to_string(), "map.toml: the map has 1 land areas; 2 players need one home each");
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
