//! What a browser draws of Woobieworld: the island from the outlines in map.toml (or hexagons and
//! circles without them), the pieces, the card being resolved (the players and their cards are the
//! table's, drawn beside it); every legal action a click on elements of its player's scene or
//! table; hidden hands never in another's scene or table; a bad outline refused with file, line and
//! reason.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;

use worlds_engine::present::with_buttons;
use worlds_engine::scene::{Kind, Point, Scene, Shape};
use worlds_engine::{Config, Game, Player, Present, SeededRng, Viewer, conformance, next_decider};
use worlds_woobieworld::{Area, BUILT_IN_MAP, CardId, Map, State, Woobieworld};

use crate::common::{Position, cycles, game, p, play};

fn scene(g: &Woobieworld, s: &State, viewer: Viewer) -> Scene {
    g.scene(&g.observe(s, viewer)).unwrap()
}

fn ids(scene: &Scene) -> BTreeSet<&str> {
    scene.elements.iter().map(|e| e.id.as_str()).collect()
}

/// Plays seeded random actions until `stop` holds (after at least `min` actions).
fn seeded(g: &Woobieworld, seed: u64, min: usize, stop: impl Fn(&State) -> bool) -> State {
    let (mut state, _) = g.new_game(&mut SeededRng::new(seed));
    let mut rng = SeededRng::new(seed + 1);
    for step in 0.. {
        if step >= min && stop(&state) {
            break;
        }
        let p = next_decider(g.turn(&state)).expect("the game ended first");
        let legal = g.legal_actions(&state, p);
        let a = legal[rng.below(legal.len() as u32) as usize];
        g.apply(&mut state, p, a, &mut rng).unwrap();
    }
    state
}

#[test]
fn every_legal_action_is_a_click_on_elements_of_its_players_scene() {
    for (g, name) in
        [(game(2), "2p"), (game(4), "4p"), (game(6), "6p"), (cycles(3), "cycles 3p"), (cycles(5), "cycles 5p")]
    {
        let report = conformance::check_scenes(&g, 21, 3, 100_000);
        eprintln!("{name}: {report:?}");
        assert!(report.actions > 3000, "{name}: {report:?}");
    }
}

#[test]
fn the_scene_of_a_game_in_progress_for_a_player_and_a_spectator() {
    let g = game(3);
    // The first OR decision after forty seeded actions: the card's sides are buttons.
    let s = seeded(&g, 5, 40, |s| {
        s.resolving().is_some() && !g.observe(s, Viewer::Spectator).resolving.unwrap().options.is_empty()
    });
    let seat = s.resolving().unwrap().player;
    let mine = scene(&g, &s, Viewer::Player(seat));
    let spectator = scene(&g, &s, Viewer::Spectator);
    insta::assert_json_snapshot!("scene_mid_game_player", mine);
    insta::assert_json_snapshot!("scene_mid_game_spectator", spectator);
    for sc in [&mine, &spectator] {
        pieces_stand_in_their_areas(sc);
    }
    // The sides of the card's OR are buttons on its player's table, with their text; a spectator's
    // has none.
    let buttons = |viewer| {
        let t = with_buttons(&g, &s, &g.observe(&s, viewer), viewer).unwrap();
        t.buttons.iter().map(|b| format!("{} [{}]: {}", b.label, b.id, b.title)).collect::<Vec<_>>()
    };
    assert_eq!(
        buttons(Viewer::Player(seat)),
        [
            "Option 1 [button_option-1]: Your home gains 1 support of each colour.",
            "Option 2 [button_option-2]: Choose another player, then place 2 Anarchs in their home."
        ]
    );
    assert_eq!(buttons(Viewer::Spectator), Vec::<String>::new());
    // The card being resolved is the table's first pile, for everyone, with its player.
    let resolving = g.table(&g.observe(&s, Viewer::Spectator)).unwrap().piles.swap_remove(0);
    assert_eq!((resolving.id.as_str(), resolving.count), ("resolving", 1));
    let card = &resolving.shown[0];
    assert_eq!(
        (card.id.as_str(), card.name.as_str(), card.kind.as_deref()),
        ("card_560", "Hard Choices", Some("P1's"))
    );
    assert!(!ids(&spectator).contains("card_560"), "the card is drawn twice");
    // The hand is the table's: the player sees it face up, the spectator as a count; no scene
    // draws it.
    // The hand's cards carry the ids its clicks name (`card_105`), in the hand's order.
    let table = |viewer| g.table(&g.observe(&s, viewer)).unwrap().panels;
    let (held, seen) = (table(Viewer::Player(seat)), table(Viewer::Spectator));
    let hand: Vec<&str> = held[seat.index()].hand.iter().flatten().map(|k| k.id.as_str()).collect();
    let numbers: Vec<String> =
        CardId::in_set(s.hand(seat)).map(|id| format!("card_{}", g.content().card(id).number)).collect();
    assert_eq!(hand, numbers);
    assert!(!hand.is_empty() && hand.len() == s.hand_size(seat), "{hand:?}");
    for (i, panel) in held.iter().enumerate() {
        assert_eq!(panel.hand.is_some(), i == seat.index(), "{panel:?}");
    }
    assert!(seen.iter().all(|panel| panel.hand.is_none()), "{seen:?}");
    let cards = seen[seat.index()].counts.iter().find(|c| c.name == "Cards").unwrap();
    assert_eq!(cards.value, s.hand_size(seat) as i64);
}

fn inside(p: Point, points: &[Point]) -> bool {
    let mut inside = false;
    for (i, a) in points.iter().enumerate() {
        let b = points[(i + points.len() - 1) % points.len()];
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            inside = !inside;
        }
    }
    inside
}

/// Every home, support and industry piece stands inside the outline of the area its id names.
fn pieces_stand_in_their_areas(scene: &Scene) {
    for e in &scene.elements {
        let Kind::Piece { at, .. } = e.kind else { continue };
        let area = match e.id.split('_').collect::<Vec<_>>()[..] {
            ["support" | "industry", area, _] => area.to_owned(),
            ["home", _] => {
                let region =
                    scene.elements.iter().find(|r| matches!(r.kind, Kind::Region { .. }) && r.owner == e.owner);
                region.unwrap().id.clone()
            }
            _ => continue,
        };
        let region = scene.elements.iter().find(|r| r.id == area).unwrap();
        let Kind::Region { shape: Shape::Polygon { points } } = &region.kind else { panic!("{region:?}") };
        assert!(inside(at, points), "{} at {at:?} is outside {area}", e.id);
    }
}

/// The names of the cards `viewer` may not know: other players' hands (but for cards known to
/// all) and their face-down choices before the reveal (but for cards known to all).
fn hidden_names(g: &Woobieworld, s: &State, viewer: Viewer) -> Vec<String> {
    let obs = g.observe(s, Viewer::Spectator);
    let mut names = Vec::new();
    for p in Player::all(s.players()).filter(|&p| Some(p) != viewer.player()) {
        let known: Vec<&str> = obs.seats[p.index()].known.iter().map(|k| k.name.as_str()).collect();
        for id in CardId::in_set(s.hand(p)) {
            let name = &g.content().card(id).name;
            if !known.contains(&name.as_str()) {
                names.push(name.clone());
            }
        }
        // A known card chosen face down is still known by name; which card was chosen is not.
        if let Some(k) = s.cycle().filter(|k| !k.chosen.is_revealed())
            && let Some(id) = k.chosen.get(p)
            && !known.contains(&g.content().card(id).name.as_str())
        {
            names.push(g.content().card(id).name.clone());
        }
    }
    names
}

#[test]
fn woob_hand_1_a_hidden_hand_is_in_no_other_scene() {
    let mut checked = 0;
    for (g, seed) in [(game(3), 1), (game(4), 2), (cycles(3), 3), (cycles(4), 4)] {
        for min in [4, 20, 60] {
            let s = seeded(&g, seed, min, |_| true);
            let me = Player::from_index(1);
            for viewer in [Viewer::Spectator, Viewer::Player(me)] {
                // What the browser draws: the board and the table beside it.
                let table = g.table(&g.observe(&s, viewer)).unwrap();
                let json = serde_json::to_string(&(scene(&g, &s, viewer), table)).unwrap();
                let hidden = hidden_names(&g, &s, viewer);
                assert!(!hidden.is_empty());
                for name in &hidden {
                    assert!(!json.contains(name.as_str()), "{viewer:?} may not know {name}:\n{json}");
                    checked += 1;
                }
            }
            // The seat's own cards are in its own hand on the table, face up.
            let table = g.table(&g.observe(&s, Viewer::Player(me))).unwrap();
            let hand: Vec<&str> = table.panels[1].hand.iter().flatten().map(|k| k.name.as_str()).collect();
            let held: Vec<&str> = CardId::in_set(s.hand(me)).map(|id| g.content().card(id).name.as_str()).collect();
            assert_eq!(hand, held);
        }
    }
    assert!(checked > 100, "{checked}");
}

fn elements(g: &Woobieworld, s: &State, text: &str) -> Vec<String> {
    g.action_elements(s, g.parse_action(text).unwrap())
}

#[test]
fn each_kind_of_action_is_its_natural_clicks() {
    let g = game(2);
    let setup = g.new_game(&mut SeededRng::new(1)).0;
    // A home: the colour from the unused pile, then the area.
    assert_eq!(elements(&g, &setup, "home doom-grove red"), ["supply_red", "doom-grove"]);
    let s = Position::new(&g, &["doom-grove", "oceana"], 0, "support")
        .support(&g, "doom-grove", "2R 1A")
        .support(&g, "oceana", "1B")
        .industries(&g, "woobania", "1R")
        .hand(&g, 0, &["Quicksand", "Clean Slate", "Factory Opening", "Market Day"])
        .hand(&g, 1, &["Moving Day"])
        .in_play(&g, 80, 1)
        .load(&g);
    assert_eq!(elements(&g, &s, "gain yellow"), ["supply_yellow"]);
    assert_eq!(
        elements(&g, &s, "anarch doom-grove to sea-of-despair"),
        ["support_doom-grove_anarch", "sea-of-despair"]
    );
    assert_eq!(elements(&g, &s, "industry green oceana"), ["supply_industry_green", "oceana"]);
    assert_eq!(elements(&g, &s, "skip industry"), ["button_skip-industry"]);
    // A card in the hand; to discard it, then the discard pile.
    assert_eq!(elements(&g, &s, "play quicksand"), ["card_105"]);
    assert_eq!(elements(&g, &s, "discard quicksand"), ["card_105", "discard"]);
    assert_eq!(elements(&g, &s, "commit quicksand"), ["card_105"]);
    // A card's choices: an area, an industry, a player's row, an environment in play.
    assert_eq!(elements(&g, &s, "area woobania"), ["woobania"]);
    assert_eq!(elements(&g, &s, "choose red industry woobania"), ["industry_woobania_red"]);
    assert_eq!(elements(&g, &s, "player P2"), ["seat-2"]);
    assert_eq!(elements(&g, &s, "environment monsoon"), ["card_80"]);
    assert_eq!(elements(&g, &s, "option 2"), ["button_option-2"]);
    // Every element named is on the board of the player to decide, or on the table beside it.
    let mine = scene(&g, &s, Viewer::Player(p(0)));
    for id in ["supply_yellow", "support_doom-grove_anarch", "supply_industry_green", "industry_woobania_red"] {
        assert!(ids(&mine).contains(id), "{id}");
    }
    let table = g.table(&g.observe(&s, Viewer::Player(p(0)))).unwrap().ids();
    for id in ["seat-2", "card_80", "card_105", "discard"] {
        assert!(table.iter().any(|t| t == id) && !ids(&mine).contains(id), "{id}");
    }
}

#[test]
fn a_colour_or_a_piece_is_picked_where_it_comes_from() {
    let g = game(2);
    let at_play = |cards: &[&str]| {
        Position::new(&g, &["doom-grove", "oceana"], 0, "play")
            .support(&g, "doom-grove", "4R 2Y 1B 1A")
            .support(&g, "oceana", "1B")
            .hand(&g, 0, cards)
            .load(&g)
    };
    let mut rng = SeededRng::new(0);
    // Market Day's colour is one of the unused pile's.
    let mut s = at_play(&["Market Day"]);
    play(&g, &mut s, 0, "play market-day", &mut rng);
    assert_eq!(elements(&g, &s, "colour green"), ["supply_green"]);
    // Factory Opening's industry colour is one of the industries' pile.
    let mut s = at_play(&["Factory Opening"]);
    play(&g, &mut s, 0, "play factory-opening", &mut rng);
    play(&g, &mut s, 0, "area woobania", &mut rng);
    assert_eq!(elements(&g, &s, "colour green"), ["supply_industry_green"]);
    // Clean Slate: the sides of its OR are buttons; the support the home loses is picked in it.
    let mut s = at_play(&["Clean Slate"]);
    play(&g, &mut s, 0, "play clean-slate", &mut rng);
    assert_eq!(elements(&g, &s, "option 1"), ["button_option-1"]);
    let o = g.observe(&s, Viewer::Player(p(0)));
    let mine = with_buttons(&g, &s, &o, Viewer::Player(p(0))).unwrap().ids().into_iter().collect::<BTreeSet<_>>();
    assert!(mine.contains("button_option-1") && mine.contains("button_option-2") && !mine.contains("button_option-3"));
    play(&g, &mut s, 0, "option 1", &mut rng);
    assert_eq!(elements(&g, &s, "pick red"), ["support_doom-grove_red"]);
    assert_eq!(elements(&g, &s, "pick anarch"), ["support_doom-grove_anarch"]);
}

fn without_outlines(map: &str) -> String {
    let mut out = String::new();
    let mut in_outline = false;
    for line in map.lines() {
        if line.starts_with("outline = [") {
            in_outline = true;
        } else if in_outline {
            in_outline = line != "]";
        } else if !line.starts_with("label = ") {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

#[test]
fn a_map_without_outlines_is_drawn_at_its_layout_coordinates() {
    let mut config = Config::players(3);
    config.content.insert("map.toml".into(), without_outlines(BUILT_IN_MAP));
    let g = Woobieworld::new(&config).unwrap();
    assert!(!g.content().map.outlined());
    let s = seeded(&g, 3, 10, |_| true);
    let sc = scene(&g, &s, Viewer::Spectator);
    let region = |id: &str| &sc.elements.iter().find(|e| e.id == id).unwrap().kind;
    assert!(matches!(region("doom-grove"), Kind::Region { shape: Shape::Hex { .. } }));
    assert!(matches!(region("sea-of-despair"), Kind::Region { shape: Shape::Circle { .. } }));
    // A line between neighbours, none between other areas.
    assert!(ids(&sc).contains("border_cheeseport_doom-grove"));
    assert!(!ids(&sc).contains("border_cheeseport_woobania"));
    let report = conformance::check_scenes(&g, 4, 1, 100_000);
    assert!(report.actions > 500, "{report:?}");
}

#[test]
fn the_built_in_outlines_agree_with_the_neighbours() {
    let map = Map::built_in();
    assert!(map.outlined());
    let outline = |a: Area| map.info(a).outline.clone().unwrap();
    let edges = |a: Area| {
        let pts = outline(a).points;
        (0..pts.len()).map(|i| BTreeSet::from([pts[i], pts[(i + 1) % pts.len()]])).collect::<Vec<_>>()
    };
    for a in map.areas() {
        let o = outline(a);
        assert!(inside(point(o.label), &o.points.iter().map(|&p| point(p)).collect::<Vec<_>>()), "{}", map.id(a));
        for b in map.areas().filter(|&b| b > a) {
            let shared = edges(a).iter().filter(|e| edges(b).contains(e)).count();
            let touching = outline(a).points.iter().any(|p| outline(b).points.contains(p));
            if map.borders(a) & b.bit() != 0 {
                assert!(shared > 0, "{} and {} border each other but share no edge", map.id(a), map.id(b));
            } else {
                assert!(!touching, "{} and {} do not border each other but touch", map.id(a), map.id(b));
            }
        }
    }
}

fn point([x, y]: [u16; 2]) -> Point {
    Point::new(f64::from(x), f64::from(y))
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

fn map_err(text: &str) -> String {
    Map::parse(text, "map.toml").unwrap_err().to_string()
}

#[test]
fn a_bad_outline_is_refused_with_file_line_and_reason() {
    // Cheeseport's outline: its first line of points, and the line after `outline = [`.
    let first = BUILT_IN_MAP.lines().skip_while(|l| !l.starts_with("outline = [")).nth(1).unwrap();
    let line = line_of(BUILT_IN_MAP, first);
    let outside = BUILT_IN_MAP.replacen(first, "  [168, 250], [2000, 10], [156, 176],", 1);
    assert_eq!(map_err(&outside), format!("map.toml:{line}: the point [2000, 10] is outside the 1100 × 700 drawing"));
    let negative = BUILT_IN_MAP.replacen(first, "  [168, 250], [-5, 10], [156, 176],", 1);
    assert_eq!(map_err(&negative), format!("map.toml:{line}: the point [-5, 10] is outside the 1100 × 700 drawing"));
    let malformed = BUILT_IN_MAP.replacen(first, "  [168, 250], [150], [156, 176],", 1);
    assert_eq!(map_err(&malformed), format!("map.toml:{line}: invalid length 1, expected an array of length 2"));
    let start = line_of(BUILT_IN_MAP, "outline = [");
    let short = BUILT_IN_MAP.replacen(
        &BUILT_IN_MAP.lines().skip(start - 1).take_while(|l| *l != "]").collect::<Vec<_>>().join("\n"),
        "outline = [\n  [10, 10], [20, 10],",
        1,
    );
    assert_eq!(map_err(&short), format!("map.toml:{start}: the outline of `cheeseport` needs at least 3 points"));
    let no_label = BUILT_IN_MAP.replacen("label = [250, 177]\n", "", 1);
    assert_eq!(
        map_err(&no_label),
        format!("map.toml:{}: `cheeseport` has an outline but no label point", line_of(BUILT_IN_MAP, "[[area]]"))
    );
    // Margaritaville (the second area) without its outline and label.
    let second = BUILT_IN_MAP.match_indices("[[area]]").nth(1).unwrap().0;
    let third = BUILT_IN_MAP.match_indices("[[area]]").nth(2).unwrap().0;
    let area = &BUILT_IN_MAP[second..third];
    let bare = BUILT_IN_MAP.replacen(area, &without_outlines(area), 1);
    let line = BUILT_IN_MAP[..second].matches('\n').count() + 1;
    assert_eq!(
        map_err(&bare),
        format!(
            "map.toml:{line}: `margaritaville` has no outline, but `cheeseport` has one: outline every area or none"
        )
    );
}
