//! WOOB-VIEW-1: the terminal drawings (the full board, the compact drawing shown before every
//! decision, the `map` view) as snapshots; every line of every drawing fits an 80-column terminal;
//! the observation names areas by their id in the map.
#![allow(clippy::unwrap_used)]

use crate::common;

use common::*;
use serde_json::json;
use worlds_engine::paint::visible_width;
use worlds_engine::{Game, Present, SeededRng, Style, Viewer, next_decider, random_playout};
use worlds_woobieworld::{State, Woobieworld};

const PLAIN: Style = Style { colour: false };

fn full(g: &Woobieworld, s: &State, viewer: Viewer) -> String {
    g.render(&g.observe(s, viewer), PLAIN)
}

fn compact(g: &Woobieworld, s: &State, viewer: Viewer) -> String {
    g.render_compact(&g.observe(s, viewer), PLAIN)
}

/// Every area with kind and flags (neighbours are in the `map` view); homes with support by colour and Anarchs; industries;
/// environments with caretakers; the Mount Saint Woobie count; your hand with each card's text;
/// others' hand sizes; every home's current score.
#[test]
fn woob_view_1_the_whole_table_for_one_player() {
    let g = game(3);
    let mut s = Position::new(&g, &["oceana", "doom-grove", "woobania"], 0, "play")
        .support(&g, "oceana", "2R 6Y 4B 1G 5A")
        .support(&g, "doom-grove", "1Y 2B")
        .support(&g, "woobania", "3G 1A")
        .support(&g, "sea-of-dreams", "2A")
        .industries(&g, "margaritaville", "1Y")
        .industries(&g, "doom-grove", "1R 1B")
        .hand(&g, 0, &["Quicksand", "Calm Waters", "Clean Slate"])
        .hand(&g, 1, &["Bonfire Night"])
        .hand(&g, 2, &["General Amnesty", "Hard Choices"])
        .in_play(&g, 80, 1)
        .in_play(&g, 820, 2)
        .load(&g);
    insta::assert_snapshot!("p1_to_play", g.render(&g.observe(&s, Viewer::Player(p(0))), Style::default()));
    play(&g, &mut s, 0, "play quicksand", &mut SeededRng::new(0));
    insta::assert_snapshot!("spectator_during_a_card", g.render(&g.observe(&s, Viewer::Spectator), Style::default()));
}

/// Setup: P1 has made Oceana home, P2 chooses; no scores or pieces yet but P1's support.
#[test]
fn woob_view_1_at_setup() {
    let g = game(4);
    let s = Position::new(&g, &["oceana", "oceana", "oceana", "oceana"], 1, "choose-home")
        .set("homes", json!([area(&g, "oceana").index(), null, null, null]))
        .set("turn", json!(0))
        .support(&g, "oceana", "1R")
        .hand(&g, 0, &["Quicksand", "Calm Waters", "Clean Slate", "Bonfire Night"])
        .hand(&g, 1, &["Colour Wheel", "Hug a Tree", "Pirate Treasure", "Hard Choices"])
        .hand(&g, 2, &["General Amnesty", "Moving Day", "Banana Price War", "Eco-Protest"])
        .hand(&g, 3, &["Bolt from the Peaks", "Headline News", "Pickpocket Parliament", "Surprise Inspection"])
        .load(&g);
    insta::assert_snapshot!("setup_compact", compact(&g, &s, Viewer::Player(p(1))));
    insta::assert_snapshot!("setup_full", full(&g, &s, Viewer::Player(p(1))));
}

/// A four-player game in its middle: industries, Anarchs outside homes, environments, a discard.
fn mid_game(g: &Woobieworld) -> State {
    Position::new(g, &["oceana", "doom-grove", "fuzzy-hollow", "pillow-peaks"], 1, "play")
        .set("turn", json!(23))
        .support(g, "oceana", "2R 6Y 4B 1G 5A")
        .support(g, "doom-grove", "3R 1Y 2B")
        .support(g, "fuzzy-hollow", "4G 2B 1A")
        .support(g, "pillow-peaks", "1R 1Y 1G 1B")
        .support(g, "sea-of-dreams", "2A")
        .support(g, "cheeseport", "1A")
        .industries(g, "margaritaville", "1Y")
        .industries(g, "doom-grove", "1R 1B")
        .industries(g, "coldish-ocean", "2G")
        .industries(g, "mount-saint-woobie", "1R")
        .hand(g, 0, &["Calm Waters", "Clean Slate", "Hard Choices"])
        .hand(g, 1, &["Quicksand", "Pickpocket Parliament", "Colour Wheel", "Pirate Treasure"])
        .hand(g, 2, &["General Amnesty", "Moving Day", "Hug a Tree"])
        .hand(g, 3, &["Bonfire Night", "Headline News", "Surprise Inspection", "Bolt from the Peaks"])
        .in_play(g, 80, 0)
        .in_play(g, 10, 2)
        .in_play(g, 820, 3)
        .in_play(g, 930, 1)
        .discard(g, &["Banana Price War", "Eco-Protest"])
        .load(g)
}

#[test]
fn woob_view_1_mid_game_with_four_players() {
    let g = game(4);
    let mut s = mid_game(&g);
    insta::assert_snapshot!("mid_game_compact", compact(&g, &s, Viewer::Player(p(1))));
    insta::assert_snapshot!("mid_game_full", full(&g, &s, Viewer::Player(p(1))));
    // A card being resolved: its number, its player, what it chose so far, and its text.
    play(&g, &mut s, 1, "play quicksand", &mut SeededRng::new(0));
    insta::assert_snapshot!("mid_game_resolving_compact", compact(&g, &s, Viewer::Player(p(1))));
    insta::assert_snapshot!("mid_game_resolving_spectator_compact", compact(&g, &s, Viewer::Spectator));
}

/// Cycles: P1 and P3 have chosen face down, P2 and P4 still choose; P1 sees its own card only.
#[test]
fn woob_view_1_cycles_after_commits_before_the_reveal() {
    let g = cycles(4);
    let mut s = Position::new(&g, &["oceana", "doom-grove", "fuzzy-hollow", "pillow-peaks"], 0, "choose")
        .set("turn", json!(9))
        .support(&g, "oceana", "1R 2Y")
        .support(&g, "doom-grove", "1Y 1A")
        .support(&g, "fuzzy-hollow", "2B")
        .support(&g, "pillow-peaks", "1G")
        .industries(&g, "woobania", "1B")
        .hand(&g, 0, &["Quicksand", "Calm Waters"])
        .hand(&g, 1, &["Bonfire Night", "Banana Price War"])
        .hand(&g, 2, &["General Amnesty", "Hard Choices"])
        .hand(&g, 3, &["Colour Wheel", "Hug a Tree"])
        .set("cycle", json!({"committed": [null, null, null, null], "revealed": false, "order": [], "position": 0}))
        .load(&g);
    play(&g, &mut s, 0, "commit quicksand", &mut SeededRng::new(0));
    play(&g, &mut s, 2, "commit hard-choices", &mut SeededRng::new(0));
    insta::assert_snapshot!("cycles_chosen_compact", compact(&g, &s, Viewer::Player(p(0))));
    insta::assert_snapshot!("cycles_chosen_full", full(&g, &s, Viewer::Player(p(0))));
    let theirs = compact(&g, &s, Viewer::Player(p(1)));
    assert!(!theirs.contains("Quicksand") && !theirs.contains("Hard Choices"), "{theirs}");
}

/// A card of a hand known to all (a cycle's choice taken back, WOOB-CYCLE-3) is on every screen:
/// a note on its holder's line, for every viewer.
#[test]
fn woob_view_1_a_card_known_to_all_is_noted_on_its_holders_line() {
    let g = cycles(3);
    let s = Position::new(&g, &["oceana", "doom-grove", "woobania"], 0, "choose")
        .support(&g, "oceana", "1R")
        .hand(&g, 0, &["Quicksand", "Calm Waters"])
        .hand(&g, 1, &["Bonfire Night", "Banana Price War"])
        .hand(&g, 2, &["General Amnesty", "Hard Choices"])
        .set("known", json!([[card(&g, "Calm Waters").index()], [], []]))
        .set("cycle", json!({"committed": [null, null, null], "revealed": false, "order": [], "position": 0}))
        .load(&g);
    for (viewer, line) in [
        (Viewer::Player(p(0)), "▶ P1 Oceana (you)      1      2  1  0  0  0  0  holds Calm Waters"),
        (Viewer::Player(p(1)), "▶ P1 Oceana                1      2  1  0  0  0  0  holds Calm Waters"),
        (Viewer::Spectator, "▶ P1 Oceana          1      2  1  0  0  0  0  holds Calm Waters"),
    ] {
        let drawn = compact(&g, &s, viewer);
        assert!(drawn.lines().any(|l| l == line), "{viewer}:\n{drawn}");
        assert!(full(&g, &s, viewer).lines().any(|l| l == line), "{viewer}");
    }
}

/// The `map` view: the picture, then every area's kind, flags and neighbours (neighbours on
/// request). No other view has a name.
#[test]
fn woob_view_1_the_map_with_every_areas_neighbours() {
    let g = game(4);
    let s = mid_game(&g);
    let obs = g.observe(&s, Viewer::Spectator);
    insta::assert_snapshot!("map", g.render_view(&obs, "map", PLAIN).unwrap());
    assert_eq!(g.render_view(&obs, "neighbours", PLAIN), None);
    assert_eq!(g.render_view(&obs, "board", PLAIN), None);
}

/// The compact drawing's lines: 12 with up to four players, one more per further seat.
fn compact_budget(players: usize) -> usize {
    12 + players.saturating_sub(4)
}

/// Every line of every drawing, for every viewer, all along random games of both variants with
/// two to six players, is at most 80 columns wide; the compact drawing stays within its lines.
#[test]
fn woob_view_1_every_drawing_fits_an_80_column_terminal() {
    let check = |what: &str, text: &str, max_lines: usize| {
        for line in text.lines() {
            assert!(visible_width(line) <= 80, "{what}: a line of {} columns:\n{line}\n\n{text}", visible_width(line));
        }
        assert!(text.lines().count() <= max_lines, "{what}: {} lines:\n{text}", text.lines().count());
    };
    let mut states = 0;
    for players in 2..=6 {
        for variant in ["standard", "cycles"] {
            for seed in 0..4 {
                let g = if variant == "cycles" { cycles(players) } else { game(players) };
                let mut rng = SeededRng::new(seed);
                let (mut s, _) = g.new_game(&mut rng);
                let mut buf = Vec::new();
                let viewers: Vec<Viewer> =
                    (0..players).map(|i| Viewer::Player(p(i))).chain([Viewer::Spectator]).collect();
                loop {
                    let what = format!("{variant}, {players} players, seed {seed}, turn {}", s.turn_number());
                    for &viewer in &viewers {
                        let obs = g.observe(&s, viewer);
                        check(
                            &what,
                            &g.render_compact(&obs, Style { colour: states % 2 == 0 }),
                            compact_budget(players),
                        );
                        if states % 3 == 0 {
                            check(&what, &g.render(&obs, Style { colour: states % 2 == 1 }), usize::MAX);
                        }
                        if states % 50 == 0 {
                            let style = Style { colour: states % 100 == 0 };
                            check(&what, &g.render_view(&obs, "map", style).unwrap(), usize::MAX);
                        }
                    }
                    states += 1;
                    if next_decider(g.turn(&s)).is_none() || random_playout(&g, &mut s, &mut rng, &mut buf, 1) == 0 {
                        break;
                    }
                }
            }
        }
    }
    assert!(states > 2000, "only {states} positions");
}

/// The observation names areas by their id in the map, never by index (clients read it as JSON).
#[test]
fn woob_view_1_the_observation_names_areas_by_id() {
    let g = game(4);
    let s = mid_game(&g);
    let obs = g.observe(&s, Viewer::Player(p(1)));
    let doom_grove = obs.areas.iter().find(|a| a.area == "doom-grove").unwrap();
    assert_eq!(
        serde_json::to_string(doom_grove).unwrap(),
        r#"{"area":"doom-grove","support":[3,1,0,2,0],"industries":[1,0,0,1],"home_of":1}"#
    );
    let json = serde_json::to_value(&obs).unwrap();
    assert_eq!(json["seats"][2]["home"], "fuzzy-hollow");
    assert_eq!(json["areas"][16]["area"], "sea-of-dreams");
    assert_eq!(json["areas"][16]["support"], json!([0, 0, 0, 0, 2]));
    let ids: Vec<&str> = json["areas"].as_array().unwrap().iter().map(|a| a["area"].as_str().unwrap()).collect();
    let map: Vec<&str> = g.content().map.areas().map(|a| g.content().map.id(a)).collect();
    assert_eq!(ids, map, "every area, in map order");
    // Before a seat has a home, it has none.
    let (fresh, _) = g.new_game(&mut SeededRng::new(1));
    assert_eq!(serde_json::to_value(g.observe(&fresh, Viewer::Spectator)).unwrap()["seats"][0]["home"], json!(null));
}
