//! Woobieworld, rule by rule. Each test names the rule ID it checks.
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use worlds_engine::{Config, Game, PlayerSet, RuleErrorKind, SeededRng, Turn, Viewer};
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
            "P2's home loses -1R",
            "P2's home loses -1B",
            "P3's home loses -2R",
            "P3's home loses -2Y",
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
        "state field `support`: Woobania holds coloured support but is nobody's home (WOOB-SUP-3)"
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
    assert_eq!(told(&g, &events), ["P1's home gains +1B"]);
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
