//! Setting up: the deal (WOOB-SETUP-1), the homes (WOOB-SETUP-2) and secret hands (WOOB-HAND-1).

use crate::common::*;
use worlds_engine::{Config, Game, PlayerSet, RuleErrorKind, SeededRng, Turn, Viewer, Visibility};
use worlds_woobieworld::Woobieworld;

/// WOOB-SETUP-1: four cards each, never an environment (WOOB-RULING-1); hand sizes public.
#[test]
fn woob_setup_1_deal_four_without_environments() {
    for players in 2..=6 {
        let g = game(players);
        for seed in 0..20 {
            let (s, events) = g.new_game(&mut SeededRng::new(seed));
            for seat in 0..players {
                assert_eq!(s.hand_size(p(seat)), 4);
                assert!((s.hand(p(seat)) & g.content().environments).is_empty(), "an environment was dealt");
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
                for c in worlds_woobieworld::CardId::in_set(secret(&s)) {
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
            let hidden = secret(&s) - s.hand(p(0));
            for c in worlds_woobieworld::CardId::in_set(hidden) {
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
                    worlds_woobieworld::CardId::in_set(secret(&s))
                        .next()
                        .unwrap_or(g.content().find_card("Quicksand").unwrap()),
                ),
            );
            if let Err(e) = err {
                for c in worlds_woobieworld::CardId::in_set(secret(&s) - s.hand(p(0))) {
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
