//! What players read: card texts, the words of every choice and its options, messages without
//! rule IDs, and the event JSON clients get.
#![allow(clippy::unwrap_used)]

use crate::common;

use common::*;
use worlds_engine::{Config, Game, Present, SeededRng, Turn};
use worlds_woobieworld::Woobieworld;

/// A new user's report: "Your home loses -1A" (a signed number after loses), "Place 1 Anarch in
/// the chosen area" where the chosen thing is a player's home. Card texts read as a printed card
/// would: no signs after gains and loses, a chosen player's home is "their home", an OR's sides
/// are whole sentences.
#[test]
fn reported_card_texts_read_naturally() {
    let g = game(2);
    // A loss of Anarchs (and an OR).
    assert_eq!(
        card_text(&g, 95),
        "Your home gains 2Y and loses 1A. OR Discard an environment in play (not a Mount Saint Woobie) and your \
         home gains 1Y."
    );
    // Placing in a player's home.
    assert_eq!(
        card_text(&g, 655),
        "Choose another player. If your home has at least 3 red support, place 2 Anarchs in their home. Otherwise, \
         place 1 Anarch in their home."
    );
    // An OR of four sides.
    assert_eq!(
        card_text(&g, 215),
        "Your home gains 2G. OR Choose a land area, then place a green industry there. OR Your home and every home \
         bordering it gain 1G. OR Remove half the Anarchs (rounded down) from your home and it gains 1G."
    );
    // Quicksand, as the rulebook tells it.
    assert_eq!(
        card_text(&g, 105),
        "Choose a coastal area. Remove all industries neighbouring it. For each industry removed, every home \
         neighbouring that area loses 1 support of that industry's colour."
    );
    assert_eq!(card_text(&g, 70), "Choose an industry. Move it to a bordering area. Your home gains 1Y.");
    // No card of the deck has a signed count, a bare reference to "the chosen" thing, or a
    // sentence that does not start with a capital.
    for c in &g.content().cards {
        let t = c.text();
        for sign in ["gains +", "gains -", "loses +", "loses -", " +1", " -1"] {
            assert!(!t.contains(sign), "{} ({}): {t}", c.name, c.number);
        }
        assert!(!t.contains("the chosen"), "{} ({}): {t}", c.name, c.number);
        assert!(!t.contains("  ") && t.ends_with('.'), "{} ({}): {t}", c.name, c.number);
        for sentence in t.split(". ") {
            assert!(sentence.starts_with(|ch: char| ch.is_uppercase()), "{} ({}): {t}", c.name, c.number);
        }
    }
}

/// WOOB-PLAY-2: an OR card's player picks a side; each side is offered by its text (the notation
/// stays `option N`), and the log says which text was chosen.
#[test]
fn woob_play_2_an_or_offers_each_side_by_its_text() {
    let g = game(2);
    let mut s = Position::new(&g, &["woobania", "oceana"], 0, "play")
        .support(&g, "woobania", "1G 3A")
        .support(&g, "oceana", "1Y")
        .hand(&g, 0, &["Season's Greenings"])
        .load(&g);
    play(&g, &mut s, 0, "play seasons-greenings", &mut SeededRng::new(0));
    let d = g.decision(&s);
    assert_eq!((d.rule, d.text.as_str()), ("WOOB-PLAY-2", "P1 resolves Season's Greenings: choose one"));
    let menu: Vec<(String, Option<String>)> =
        g.legal_actions(&s, p(0)).into_iter().map(|a| (g.format_action(a), g.action_hint(&s, a))).collect();
    let hint = |t: &str| Some(t.to_owned());
    assert_eq!(
        menu,
        [
            ("option 1".to_owned(), hint("Your home gains 2G.")),
            ("option 2".to_owned(), hint("Choose a land area, then place a green industry there.")),
            ("option 3".to_owned(), hint("Your home and every home bordering it gain 1G.")),
            ("option 4".to_owned(), hint("Remove half the Anarchs (rounded down) from your home and it gains 1G.")),
        ]
    );
    let events = play(&g, &mut s, 0, "option 2", &mut SeededRng::new(0));
    assert_eq!(told(&g, &events), ["P1 chooses option 2: \"Choose a land area, then place a green industry there.\""]);
    let d = g.decision(&s);
    assert_eq!(d.text, "P1 resolves Season's Greenings: choose a land area");
    let a = g.parse_action("area doom-grove").unwrap();
    assert_eq!(g.action_hint(&s, a).as_deref(), None);
    let a = g.parse_action("area oceana").unwrap();
    assert_eq!(g.action_hint(&s, a).as_deref(), Some("P2's home"));
}

/// An OR after a choice speaks of what was chosen: Colour Wheel's sides name the colour.
#[test]
fn woob_play_2_an_or_after_a_choice_names_what_was_chosen() {
    let g = game(3);
    let mut s = Position::new(&g, &["woobania", "oceana", "doom-grove"], 0, "play")
        .support(&g, "woobania", "1G")
        .support(&g, "oceana", "1Y")
        .support(&g, "doom-grove", "1B")
        .hand(&g, 0, &["Colour Wheel"])
        .load(&g);
    play(&g, &mut s, 0, "play colour-wheel", &mut SeededRng::new(0));
    assert_eq!(g.decision(&s).text, "P1 resolves Colour Wheel: choose a colour");
    play(&g, &mut s, 0, "colour blue", &mut SeededRng::new(0));
    assert_eq!(g.decision(&s).text, "P1 resolves Colour Wheel: choose one");
    let hints: Vec<Option<String>> = g.legal_actions(&s, p(0)).into_iter().map(|a| g.action_hint(&s, a)).collect();
    assert_eq!(hints, [Some("Your home gains 2B.".to_owned()), Some("Every other home loses 1B.".to_owned())]);
}

/// WOOB-PLAY-2: every choice inside a card names the card and the step, and the areas it offers
/// by name.
#[test]
fn woob_play_2_every_choice_names_the_card_and_the_step() {
    let g = game(3);
    let decided = |s: &worlds_woobieworld::State| g.decision(s).text;
    // Quicksand: choose a coastal area.
    let mut s = Position::new(&g, &["oceana", "doom-grove", "woobania"], 0, "play")
        .support(&g, "oceana", "1R 1Y")
        .support(&g, "doom-grove", "2R 1Y")
        .support(&g, "woobania", "1G")
        .industries(&g, "woobania", "1R")
        .industries(&g, "pillow-peaks", "1B")
        .hand(&g, 0, &["Quicksand", "Trade Winds", "Bolt from the Peaks"])
        .load(&g);
    let start = s.clone();
    play(&g, &mut s, 0, "play quicksand", &mut SeededRng::new(0));
    assert_eq!(decided(&s), "P1 resolves Quicksand: choose a coastal area");
    // Trade Winds: which industry moves, then where to.
    let mut s = start.clone();
    play(&g, &mut s, 0, "play trade-winds", &mut SeededRng::new(0));
    assert_eq!(decided(&s), "P1 resolves Trade Winds: choose an industry to move");
    let a = g.parse_action("choose red industry woobania").unwrap();
    assert_eq!(g.action_hint(&s, a).as_deref(), Some("in P3's home"));
    play(&g, &mut s, 0, "choose red industry woobania", &mut SeededRng::new(0));
    assert_eq!(
        decided(&s),
        "P1 resolves Trade Winds: choose where the red industry in Woobania moves (a bordering area)"
    );
    let a = g.parse_action("area doom-grove").unwrap();
    assert_eq!(g.action_hint(&s, a).as_deref(), Some("P2's home"));
    // Bolt from the Peaks: a mountain area, then an area neighbouring the one chosen, by name.
    let mut s = start;
    play(&g, &mut s, 0, "play bolt-from-the-peaks", &mut SeededRng::new(0));
    assert_eq!(decided(&s), "P1 resolves Bolt from the Peaks: choose a mountain area");
    play(&g, &mut s, 0, "area pillow-peaks", &mut SeededRng::new(0));
    assert_eq!(decided(&s), "P1 resolves Bolt from the Peaks: choose an area neighbouring Pillow Peaks");
    // A choice another player makes for the card (WOOB-RULING-3) names whose card it is.
    let mut s = Position::new(&g, &["margaritaville", "doom-grove", "woobania"], 0, "play")
        .support(&g, "margaritaville", "1R")
        .support(&g, "doom-grove", "2R 1Y")
        .support(&g, "woobania", "1G 1B")
        .industries(&g, "pillow-peaks", "1B")
        .hand(&g, 0, &["Referendum"])
        .load(&g);
    play(&g, &mut s, 0, "play referendum", &mut SeededRng::new(0));
    assert_eq!(decided(&s), "P1 resolves Referendum: choose a player");
    let a = g.parse_action("player P2").unwrap();
    assert_eq!(g.action_hint(&s, a).as_deref(), Some("home: Doom Grove"));
    play(&g, &mut s, 0, "player P2", &mut SeededRng::new(0));
    let d = g.decision(&s);
    assert_eq!(
        (d.rule, d.text.as_str()),
        ("WOOB-RULING-3", "P2, for P1's Referendum: pick the colour their home gains (2 to pick)")
    );
}

/// Plays random games of both variants (several player counts), calling `decide` at every decision
/// (before the move) and `happened` with the events of every move.
fn random_games(
    mut decide: impl FnMut(&Woobieworld, &worlds_woobieworld::State, &[worlds_woobieworld::Action]),
    mut happened: impl FnMut(&Woobieworld, &[worlds_engine::Logged<worlds_woobieworld::Event>]),
) {
    for (variant, players, seed) in [("standard", 3, 11), ("cycles", 4, 12), ("standard", 5, 13)] {
        let g = Woobieworld::new(&Config::players(players).with_variant(variant)).unwrap();
        for game_no in 0..25 {
            let mut rng = SeededRng::new(seed * 1000 + game_no);
            let (mut s, events) = g.new_game(&mut rng);
            happened(&g, &events);
            for _ in 0..3000 {
                let who = match g.turn(&s) {
                    Turn::Decide(p) => p,
                    Turn::Simultaneous(set) => set.first().unwrap(),
                    Turn::Over => break,
                };
                let legal = g.legal_actions(&s, who);
                decide(&g, &s, &legal);
                let action = legal[rng.below(legal.len() as u32) as usize];
                let events = g.apply(&mut s, who, action, &mut rng).unwrap();
                happened(&g, &events);
            }
        }
    }
}

/// Random games: whatever a card asks names the card and says what is asked (never a bare "make
/// a choice"); an OR's sides each carry their text.
#[test]
fn woob_play_2_random_games_never_ask_a_nameless_choice() {
    let mut asked = std::collections::BTreeSet::new();
    let decide = |g: &Woobieworld, s: &worlds_woobieworld::State, legal: &[worlds_woobieworld::Action]| {
        let Some(r) = s.resolving() else { return };
        let card = &g.content().card(r.card).name;
        let text = g.decision(s).text;
        let what = text.split_once(&format!("{card}: ")).map(|(_, w)| w.to_owned());
        assert!(what.as_ref().is_some_and(|w| !w.contains("make a choice")), "{text}");
        if what.as_deref() == Some("choose one") {
            let hints: Vec<Option<String>> = legal.iter().map(|a| g.action_hint(s, *a)).collect();
            assert!(hints.iter().all(|h| h.as_ref().is_some_and(|h| h.ends_with('.'))), "{hints:?}");
        }
        asked.insert(format!("{card}: {}", what.unwrap_or_default()));
    };
    random_games(decide, |_, _| {});
    assert!(asked.len() > 40, "{asked:#?}");
}

/// A word like `WOOB-PLAY-2`: rule IDs belong in errors and code, not in what players read.
fn has_rule_id(text: &str) -> bool {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')).any(|w| {
        let parts: Vec<&str> = w.split('-').collect();
        parts.len() >= 3
            && parts[..parts.len() - 1].iter().all(|p| {
                p.starts_with(|c: char| c.is_ascii_uppercase())
                    && p.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
            })
            && parts[parts.len() - 1].chars().all(|c| c.is_ascii_digit())
    })
}

/// Decision texts and event texts carry no rule IDs (those stay in `Decision::rule` and in the
/// errors of refused actions), in every decision and event of random games.
#[test]
fn player_messages_carry_no_rule_ids() {
    assert!(has_rule_id("a [WOOB-PLAY-2] b") && has_rule_id("WOOB-HAND-1") && !has_rule_id("turn 3: P1"));
    let (mut decisions, mut events) = (0, 0);
    random_games(
        |g, s, _| {
            let d = g.decision(s);
            assert!(!has_rule_id(&d.text), "{}", d.text);
            decisions += 1;
        },
        |g, logged| {
            for e in logged {
                let text = g.describe_event(&e.event);
                assert!(!has_rule_id(&text), "{text}");
                events += 1;
            }
        },
    );
    assert!(decisions > 10_000 && events > 10_000, "{decisions} decisions, {events} events");
}

/// Event JSON for clients names areas by their map id, not their index; cards stay as their
/// index in the deck (as hidden-card checks expect), players as their seat index.
#[test]
fn event_json_names_areas_by_their_map_id() {
    let g = game(2);
    let mut s = Position::new(&g, &["woobania", "oceana"], 0, "support")
        .support(&g, "woobania", "1Y 1A")
        .support(&g, "oceana", "1Y")
        .hand(&g, 0, &["Trade Winds"])
        .load(&g);
    let json = |events: &[worlds_engine::Logged<worlds_woobieworld::Event>]| -> Vec<serde_json::Value> {
        events.iter().map(|e| g.event_value(&e.event)).collect()
    };
    let moved = play(&g, &mut s, 0, "anarch woobania to doom-grove", &mut SeededRng::new(0));
    assert_eq!(
        json(&moved),
        [serde_json::json!({"type": "anarchs-moved", "from": "woobania", "to": "doom-grove", "count": 1})]
    );
    let placed = play(&g, &mut s, 0, "industry red sea-of-despair", &mut SeededRng::new(0));
    assert_eq!(
        json(&placed),
        [serde_json::json!({"type": "industry-placed", "area": "sea-of-despair", "colour": "red"})]
    );
    let played = play(&g, &mut s, 0, "play trade-winds", &mut SeededRng::new(0));
    let trade_winds = card(&g, "Trade Winds").index();
    assert_eq!(
        json(&played)[..2],
        [
            serde_json::json!({"type": "played", "player": 0, "card": trade_winds}),
            serde_json::json!({"type": "chose-industry", "player": 0, "area": "sea-of-despair", "colour": "red"}),
        ]
    );
    let moved = play(&g, &mut s, 0, "area cheeseport", &mut SeededRng::new(0));
    assert_eq!(
        json(&moved)[..2],
        [
            serde_json::json!({"type": "industry-moved", "from": "sea-of-despair", "to": "cheeseport", "colour": "red"}),
            serde_json::json!({"type": "gained", "player": 0, "support": "yellow", "count": 1}),
        ]
    );
    assert_eq!(
        told(&g, &moved)[..2],
        ["the red industry moves from Sea of Despair to Cheeseport", "P1's home gains 1Y"]
    );
}
