//! What a browser draws of Bastards Inc. (BI-VIEW-1..3): the board for one viewer as a scene (the
//! table beside it is the view's); every legal action a click on elements of the acting player's
//! scene or table; no hidden card in a scene or a spectator's table.

use std::collections::BTreeSet;

use worlds_bastards_inc::{Action, BastardsInc, State, StepView};
use worlds_engine::present::with_buttons;
use worlds_engine::scene::{Element, Kind, Point, Scene, Shape};
use worlds_engine::{Config, Game, Player, Present, SeededRng, Viewer, conformance, next_decider};

fn game(players: usize) -> BastardsInc {
    BastardsInc::new(&Config::players(players)).unwrap()
}

fn scene(g: &BastardsInc, s: &State, viewer: Viewer) -> Scene {
    g.scene(&g.observe(s, viewer)).unwrap()
}

fn ids(scene: &Scene) -> BTreeSet<&str> {
    scene.elements.iter().map(|e| e.id.as_str()).collect()
}

/// Plays seeded random actions until `stop` holds (after at least `min` actions).
fn seeded(g: &BastardsInc, seed: u64, min: usize, stop: impl Fn(&State) -> bool) -> State {
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
    for (players, seed) in [(3, 3), (4, 4), (6, 6)] {
        let (games, steps) = (3, 400);
        let report = conformance::check_scenes(&game(players), seed, games, steps);
        eprintln!("{players}p: {report:?}");
        assert!(report.actions > games * steps, "{players} players: {report:?}");
        assert!(report.scenes > games * steps * players, "{players} players: {report:?}");
    }
}

/// The box an element takes: cards, rectangles and polygons whole, a button as the browser
/// draws it (32 high, as wide as its label needs), texts, pieces and captions by their point.
fn extent(e: &Element) -> Vec<Point> {
    match &e.kind {
        Kind::Card { at, w, h, .. } => vec![*at, Point::new(at.x + w, at.y + h)],
        Kind::Region { shape: Shape::Rect { x, y, w, h } } => vec![Point::new(*x, *y), Point::new(x + w, y + h)],
        Kind::Region { shape: Shape::Polygon { points } } => points.clone(),
        Kind::Region { shape: Shape::Circle { cx, cy, r } | Shape::Hex { cx, cy, r } } => {
            vec![Point::new(cx - r, cy - r), Point::new(cx + r, cy + r)]
        }
        Kind::Button { at } => {
            let w = (e.label.as_deref().unwrap_or("").chars().count() as f64 * 9.0 + 26.0).max(60.0);
            vec![Point::new(at.x - w / 2.0, at.y - 16.0), Point::new(at.x + w / 2.0, at.y + 16.0)]
        }
        Kind::Track { at, w, .. } => vec![*at, Point::new(at.x + w, at.y)],
        Kind::Link { from, to } => vec![*from, *to],
        Kind::Text { at, .. } | Kind::Piece { at, .. } | Kind::Pile { at, .. } => vec![*at],
    }
}

/// Over seeded games of 3 to 6 players, for every player to decide and a spectator, every
/// element lies on the table.
#[test]
fn every_element_lies_on_the_table() {
    let mut elements = 0;
    for players in 3..=6 {
        let g = game(players);
        let mut rng = SeededRng::new(40 + players as u64);
        let (mut s, _) = g.new_game(&mut rng);
        for step in 0..600 {
            let turn = g.turn(&s);
            let viewers: Vec<Viewer> = turn.players().iter().map(Viewer::Player).chain([Viewer::Spectator]).collect();
            for viewer in viewers {
                let sc = scene(&g, &s, viewer);
                for e in &sc.elements {
                    for at in extent(e) {
                        let inside = 0.0 <= at.x && at.x <= sc.width && 0.0 <= at.y && at.y <= sc.height;
                        assert!(inside, "{players} players, step {step}, {viewer}: `{}` is off the table: {e:?}", e.id);
                    }
                    elements += 1;
                }
            }
            let Some(p) = next_decider(turn) else { break };
            let legal = g.legal_actions(&s, p);
            let a = legal[rng.below(legal.len() as u32) as usize];
            g.apply(&mut s, p, a, &mut rng).unwrap();
        }
    }
    assert!(elements > 100_000, "{elements} elements");
}

/// One line per element: its id, kind and place, label, owner, mark and title.
fn listing(sc: &Scene) -> String {
    let mut lines = vec![format!("{} × {}", sc.width, sc.height)];
    for e in &sc.elements {
        let place = match &e.kind {
            Kind::Region { shape: Shape::Rect { x, y, w, h } } => format!("region rect {x:.0},{y:.0} {w:.0}×{h:.0}"),
            Kind::Region { shape: Shape::Polygon { points } } => {
                let p: Vec<String> = points.iter().map(|p| format!("{:.0},{:.0}", p.x, p.y)).collect();
                format!("region polygon {}", p.join(" "))
            }
            Kind::Region { shape } => format!("region {shape:?}"),
            Kind::Piece { at, token } => format!("piece {token:?} {:.0},{:.0}", at.x, at.y),
            Kind::Text { at, size } => format!("text {:.0},{:.0} size {size}", at.x, at.y),
            Kind::Link { from, to } => format!("link {:.0},{:.0} {:.0},{:.0}", from.x, from.y, to.x, to.y),
            Kind::Button { at } => format!("button {:.0},{:.0}", at.x, at.y),
            Kind::Card { at, w, h, face } => {
                let face = face.as_ref().map_or_else(|| "back".to_owned(), |f| format!("{:?} {:?}", f.title, f.kind));
                format!("card {:.0},{:.0} {w:.0}×{h:.0} {face}", at.x, at.y)
            }
            Kind::Pile { at, cards, count } => format!("pile {:.0},{:.0} {count} [{}]", at.x, at.y, cards.join(" ")),
            Kind::Track { at, w, length, .. } => format!("track {:.0},{:.0} {w:.0} 0–{length}", at.x, at.y),
        };
        let mut line = format!("{} {place}", e.id);
        if let Some(label) = &e.label {
            line.push_str(&format!(" «{label}»"));
        }
        if let Some(o) = e.owner {
            line.push_str(&format!(" owner {o}"));
        }
        if let Some(c) = &e.colour {
            line.push_str(&format!(" {c}"));
        }
        if e.marked {
            line.push_str(" marked");
        }
        if let Some(t) = &e.title {
            line.push_str(&format!(" — {t}"));
        }
        lines.push(line);
    }
    lines.join("\n")
}

/// BI-VIEW-1..3: four players in the Business phase after seeded play: the player to act (with
/// the buttons of the turn) and a spectator see the same board; the hand is face up for its owner
/// alone.
#[test]
fn the_scene_of_a_business_turn_for_its_player_and_a_spectator() {
    let g = game(4);
    let s = seeded(&g, 7, 300, |s| {
        let o = g.observe(s, Viewer::Spectator);
        matches!(o.step, StepView::Business { .. })
            && o.regions.iter().map(|r| r.vps.len()).sum::<usize>() >= 4
            && o.seats.iter().any(|x| !x.opportunities.is_empty())
    });
    let seat = next_decider(g.turn(&s)).unwrap();
    let mine = scene(&g, &s, Viewer::Player(seat));
    let spectator = scene(&g, &s, Viewer::Spectator);
    insta::assert_snapshot!("scene_business_player", listing(&mine));
    insta::assert_snapshot!("scene_business_spectator", listing(&spectator));
    // The player's choices that belong to nothing on the board are buttons on their table, under
    // their captions; a spectator has none.
    let table = |viewer| with_buttons(&g, &s, &g.observe(&s, viewer), viewer).unwrap();
    let buttons = |t: &worlds_engine::present::Table| -> Vec<String> {
        t.buttons.iter().map(|b| format!("{}{} [{}]: {}", b.group, b.label, b.id, b.title)).collect()
    };
    insta::assert_snapshot!("buttons_business_player", buttons(&table(Viewer::Player(seat))).join("\n"));
    assert_eq!(buttons(&table(Viewer::Spectator)), Vec::<String>::new());
    // The hand is the table's, beside the board: the player's own panel lists it by card id (the
    // ids its card actions name), no other panel and no spectator's has one, and no scene draws it;
    // the Business Opportunity in front of P1 is on every table.
    let table = |viewer| g.table(&g.observe(&s, viewer)).unwrap();
    let (mine_t, spectator_t) = (table(Viewer::Player(seat)), table(Viewer::Spectator));
    assert_eq!(seat, Player::from_index(1));
    // The turn, phase and starting player are the table's heading, not the board's.
    for t in [&mine_t, &spectator_t] {
        assert_eq!(t.phase, "Turn 4 of 30 · phase 5 business · P4 starts");
    }
    let hands = |t: &worlds_engine::present::Table| -> Vec<Option<Vec<String>>> {
        t.panels.iter().map(|p| p.hand.as_ref().map(|h| h.iter().map(|c| c.id.clone()).collect())).collect()
    };
    let hand = vec!["sweatshop#2".to_owned(), "reconstruction-contract#1".to_owned()];
    assert_eq!(hands(&mine_t), [None, Some(hand.clone()), None, None]);
    assert_eq!(hands(&spectator_t), [None, None, None, None]);
    for t in [&mine_t, &spectator_t] {
        let fronts: Vec<Vec<&str>> = t.panels.iter().map(|p| p.cards.iter().map(|c| c.id.as_str()).collect()).collect();
        assert_eq!(fronts, [vec!["outsourcing#2"], vec![], vec![], vec![]]);
    }
    for id in &hand {
        assert!(!ids(&mine).contains(id.as_str()) && !spectator_t.ids().contains(id), "{id} is drawn twice or shown");
    }
}

/// A card played or used is a click on that card where the table shows it: in the player's hand
/// or in front of them (a Business Opportunity), by the card's id.
#[test]
fn a_card_action_is_a_click_on_that_card_in_the_players_hand_or_in_front_of_them() {
    let g = game(4);
    let mut rng = SeededRng::new(8);
    let (mut s, _) = g.new_game(&mut rng);
    let mut checked = 0;
    for _ in 0..1500 {
        let Some(p) = next_decider(g.turn(&s)) else { break };
        let table = g.table(&g.observe(&s, Viewer::Player(p))).unwrap();
        let panel = &table.panels[p.index()];
        let held: Vec<&str> = panel.hand.iter().flatten().chain(&panel.cards).map(|c| c.id.as_str()).collect();
        let legal = g.legal_actions(&s, p);
        for &a in legal.iter().filter(|a| matches!(a, Action::Card(_))) {
            let elements = g.action_elements(&s, a);
            assert_eq!(elements, [g.format_action(a)], "a card action names the card");
            assert!(held.contains(&elements[0].as_str()), "{elements:?} is not among {p}'s cards {held:?}");
            checked += 1;
        }
        g.apply(&mut s, p, legal[rng.below(legal.len() as u32) as usize], &mut rng).unwrap();
    }
    assert!(checked > 50, "{checked} card actions");
}

/// The clicks of the Place VPs phase: the lifts are buttons; a placement is a button per
/// declaration in its region, a Media square or the VIP Lounge.
#[test]
fn placements_are_buttons_in_the_regions_squares_and_the_lounge() {
    let g = game(3);
    let s = seeded(&g, 11, 0, |s| {
        matches!(g.observe(s, Viewer::Spectator).step, StepView::Place { .. })
            && next_decider(g.turn(s)).is_some_and(|p| g.legal_actions(s, p).len() > 3)
    });
    let p = next_decider(g.turn(&s)).unwrap();
    let sc = scene(&g, &s, Viewer::Player(p));
    let table = with_buttons(&g, &s, &g.observe(&s, Viewer::Player(p)), Viewer::Player(p)).unwrap();
    let mut places = 0;
    for a in g.legal_actions(&s, p) {
        let text = g.format_action(a);
        let elements = g.action_elements(&s, a);
        assert_eq!(elements.len(), 1, "{text}");
        let id = &elements[0];
        assert!(ids(&sc).contains(id.as_str()) || table.ids().contains(id), "{text}: {id}");
        if let Some(rest) = text.strip_prefix("place ") {
            places += 1;
            match rest.split_once(" by ") {
                Some((region, by)) => assert_eq!(id, &format!("place-{region}-{by}")),
                None if rest == "lounge" => assert_eq!(id, "lounge"),
                None => assert_eq!(id, &format!("square-{rest}")),
            }
        }
    }
    assert!(places > 1, "{places} placements");
    let others = scene(&g, &s, Viewer::Player(Player::from_index((p.index() + 1) % 3)));
    assert!(!ids(&others).iter().any(|id| id.starts_with("place-")), "another player sees the placer's buttons");
}

/// BI-ACT-1: the Action card being played is the table's first pile, "In play", for every viewer,
/// with who plays it and its full text; the board draws no card.
#[test]
fn the_card_being_played_is_on_the_table() {
    let g = game(4);
    let s = seeded(&g, 9, 0, |s| matches!(&g.observe(s, Viewer::Spectator).step, StepView::Act(a) if a.card.is_some()));
    let StepView::Act(act) = g.observe(&s, Viewer::Spectator).step else { unreachable!() };
    let played = act.card.unwrap();
    for viewer in [Viewer::Spectator, Viewer::Player(act.player)] {
        let pile = g.table(&g.observe(&s, viewer)).unwrap().piles.swap_remove(0);
        assert_eq!((pile.id.as_str(), pile.name.as_str(), pile.count), ("in-play", "In play", 1));
        let card = &pile.shown[0];
        assert_eq!((card.id.as_str(), &card.name, &card.text), ("act-card", &played.name, &played.text));
        assert_eq!(card.kind, Some(format!("played by {}", act.player)));
        let sc = scene(&g, &s, viewer);
        assert!(!sc.elements.iter().any(|e| matches!(e.kind, Kind::Card { .. })), "a card on the board");
    }
}

/// While the companies lift VPs at once in secret (BI-PLACE-1), each sees its own lift buttons,
/// each saying where that company's VP stands.
#[test]
fn bi_place_1_each_company_lifting_at_once_has_buttons_for_its_own_vps() {
    let g = game(3);
    let lifting = |s: &State| -> Vec<Player> {
        Player::all(3).filter(|&p| g.legal_actions(s, p).iter().any(|a| matches!(a, Action::Lift(_)))).collect()
    };
    let s =
        seeded(&g, 5, 0, |s| matches!(g.observe(s, Viewer::Spectator).step, StepView::Lift) && lifting(s).len() >= 2);
    let o = g.observe(&s, Viewer::Spectator);
    // Where P's VP v stands, read from what everyone sees of the pyramid and the Media circus: a
    // region by its name, a Media square by its name and section.
    let place = |p: Player, v: u8| -> String {
        let here = |vps: &[worlds_bastards_inc::VpView]| vps.iter().any(|x| x.player == p && x.vp == v);
        let region = o.regions.iter().find(|r| here(&r.vps)).map(|r| r.name.clone());
        let square =
            || o.circus.iter().find(|q| here(&q.vps)).map(|q| format!("{} ({} section)", q.name, q.section.name()));
        region.or_else(square).unwrap()
    };
    let mut titles = BTreeSet::new();
    for p in lifting(&s) {
        let table = with_buttons(&g, &s, &g.observe(&s, Viewer::Player(p)), Viewer::Player(p)).unwrap();
        let lifts: Vec<_> = table.buttons.iter().filter(|b| b.id.starts_with("act-lift-")).collect();
        assert!(!lifts.is_empty(), "{p} has no lift button");
        for b in lifts {
            let n: u8 = b.id["act-lift-".len()..].parse().unwrap();
            assert_eq!((b.label.as_str(), b.group.as_str()), (format!("VP {n}").as_str(), "Lift:"));
            assert_eq!(b.title, format!("lift your VP {n} from {}", place(p, n - 1)), "{p}");
            titles.insert((p, b.title.clone()));
        }
    }
    assert!(titles.len() >= 2, "{titles:?}");
}

/// BI-PLACE-1: a company's face-down lift so far is a note on its own panel, in its own table
/// only: the others and a spectator see no choice until it is done.
#[test]
fn bi_place_1_the_lift_chosen_so_far_is_a_note_for_its_company_alone() {
    let g = game(3);
    let lifting = |s: &State| -> Vec<Player> {
        Player::all(3).filter(|&p| g.legal_actions(s, p).iter().any(|a| matches!(a, Action::Lift(_)))).collect()
    };
    let mut s =
        seeded(&g, 5, 0, |s| matches!(g.observe(s, Viewer::Spectator).step, StepView::Lift) && lifting(s).len() >= 2);
    let p = lifting(&s)[0];
    let v = g.legal_actions(&s, p).into_iter().find_map(|a| if let Action::Lift(v) = a { Some(v) } else { None });
    let v = v.unwrap();
    g.apply(&mut s, p, Action::Lift(v), &mut SeededRng::new(1)).unwrap();
    let notes = |viewer: Viewer| {
        let table = g.table(&g.observe(&s, viewer)).unwrap();
        table.panels.iter().find(|x| x.seat == p).unwrap().notes.clone()
    };
    assert_eq!(notes(Viewer::Player(p)), [format!("lifting VP {}", v + 1)]);
    for viewer in Player::all(3).filter(|&q| q != p).map(Viewer::Player).chain([Viewer::Spectator]) {
        assert_eq!(notes(viewer), Vec::<String>::new(), "{viewer}");
    }
}

/// Over a seeded game, the deciding company's buttons come without a caption first, then each
/// caption's row together (the browser draws a caption once, before its row).
#[test]
fn buttons_come_uncaptioned_first_then_a_row_a_caption() {
    let g = game(4);
    let mut rng = SeededRng::new(21);
    let (mut s, _) = g.new_game(&mut rng);
    let mut rows = 0;
    for _ in 0..1500 {
        let Some(p) = next_decider(g.turn(&s)) else { break };
        let table = with_buttons(&g, &s, &g.observe(&s, Viewer::Player(p)), Viewer::Player(p)).unwrap();
        let mut captions: Vec<&str> = Vec::new();
        for b in &table.buttons {
            if captions.last() != Some(&b.group.as_str()) {
                assert!(!captions.contains(&b.group.as_str()), "{} comes twice: {:?}", b.group, table.buttons);
                assert!(!b.group.is_empty() || captions.is_empty(), "uncaptioned after a row: {:?}", table.buttons);
                captions.push(&b.group);
            }
        }
        rows += captions.len().saturating_sub(1);
        let legal = g.legal_actions(&s, p);
        g.apply(&mut s, p, legal[rng.below(legal.len() as u32) as usize], &mut rng).unwrap();
    }
    assert!(rows > 20, "{rows} decisions with more than one row");
}
