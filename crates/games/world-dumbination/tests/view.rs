//! What players see (WD-VIEW-1..4): the map, the leaderboards, the shared tracks, the hand, and the
//! browser's scene, as snapshots of a real position; and the map's extra views.

use worlds_engine::present::with_buttons;
use worlds_engine::scene::Kind;
use worlds_engine::{Config, Game, Present, Style, Viewer};
use worlds_world_dumbination::WorldDumbination;

use crate::common::*;

/// A 5-player game a few rounds in (seeded random play), as P1 sees it.
fn midgame() -> (WorldDumbination, worlds_world_dumbination::State) {
    let g = WorldDumbination::new(&Config::players(5)).unwrap();
    let mut s = start(&g, 11);
    let mut rng = worlds_engine::SeededRng::new(11);
    let mut k = 0usize;
    while s.table().round < 6 {
        let who = g.turn(&s).players().iter().next().unwrap();
        let legal = g.legal_actions(&s, who);
        let a = legal[(k * 7) % legal.len()];
        k += 1;
        g.apply(&mut s, who, a, &mut rng).unwrap();
    }
    (g, s)
}

/// WD-VIEW-1, WD-VIEW-2, WD-VIEW-3, WD-VIEW-4: the whole table for P1, every line at most 80 wide.
#[test]
fn wd_view_1_the_table_in_the_terminal() {
    let (g, s) = midgame();
    let o = g.observe(&s, Viewer::Player(p(0)));
    let text = g.render(&o, Style::default());
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "too wide: {line}");
    }
    insta::assert_snapshot!(text);
}

#[test]
fn wd_view_1_compact_and_turned_and_zoomed() {
    let (g, s) = midgame();
    let o = g.observe(&s, Viewer::Player(p(0)));
    insta::assert_snapshot!("compact", g.render_compact(&o, Style::default()));
    insta::assert_snapshot!("map_from_column_12", g.render_view(&o, "map 12", Style::default()).unwrap());
    insta::assert_snapshot!("zoom_e12", g.render_view(&o, "zoom E12", Style::default()).unwrap());
    assert_eq!(
        g.render_view(&o, "zoom Q99", Style::default()).unwrap(),
        "`Q99` is not a space: write a row letter A–K and a column 0–22, e.g. E12"
    );
    assert_eq!(g.render_view(&o, "map 23", Style::default()), None);
}

/// WD-INFO-1: a spectator sees the public facts (tracks, resources, incomes, hand sizes, decks and
/// discard piles) and no hand.
#[test]
fn wd_info_1_what_everyone_sees() {
    let (g, s) = midgame();
    let o = g.observe(&s, Viewer::Spectator);
    for (q, seat) in o.seats.iter() {
        let real = &s.table().seats[q];
        assert_eq!((seat.vp, seat.resources, seat.hand as u32), (real.vp, real.resources, real.hand.len()));
        assert_eq!(seat.income, g.income(&s, q));
    }
    assert_eq!(o.decks, [s.table().decks[0].len() as u8, s.table().decks[1].len() as u8]);
    assert_eq!(o.discards[0].len(), s.table().discards[0].len() as usize);
    assert!(o.hand.is_empty());
}

/// The browser's scene of the same position draws the board only, the same for P1 and a spectator
/// (no button while P3 draws); the hand is the table's, on P1's panel only, each card by the id a
/// click on it names (`card-N`), and the decks P3 draws from are the table's piles.
#[test]
fn scene_of_a_midgame() {
    let (g, s) = midgame();
    let scene = g.scene(&g.observe(&s, Viewer::Player(p(0)))).unwrap();
    insta::assert_json_snapshot!("scene_p1", scene);
    assert_eq!(g.scene(&g.observe(&s, Viewer::Spectator)).unwrap(), scene);
    let table = g.table(&g.observe(&s, Viewer::Player(p(0)))).unwrap();
    let hand: Vec<&str> = table.panels[0].hand.iter().flatten().map(|k| k.id.as_str()).collect();
    let held: Vec<String> = s.table().seats[p(0)].hand.iter().map(|k| format!("card-{k}")).collect();
    assert_eq!(hand, held);
    assert_eq!(hand.len(), 4);
    assert!(table.panels[1..].iter().all(|x| x.hand.is_none()));
    let draws: Vec<Vec<String>> = g.legal_actions(&s, p(2)).into_iter().map(|a| g.action_elements(&s, a)).collect();
    assert_eq!(draws, [["level-1-deck"], ["level-2-deck"]]);
    assert_eq!([&table.piles[0].id, &table.piles[1].id], ["level-1-deck", "level-2-deck"]);
}

/// The choices of every step that belong to nothing on the map (targets, raises and a pass, a
/// card's options, done, nothing) are buttons on the deciding seat's table, each once, with what
/// it does; nobody else's table has them, and the board draws none. The board's pieces are in
/// their seats' colours.
#[test]
fn the_buttons_are_the_deciding_seats_alone() {
    let g = game(5);
    let mut s = start(&g, 7);
    let mut rng = worlds_engine::SeededRng::new(7);
    let mut seen = std::collections::BTreeSet::new();
    for k in 0..4000usize {
        let Some(who) = g.turn(&s).players().iter().next() else { break };
        // Another seat with nothing to decide now (placing is simultaneous), and a spectator.
        let deciding = g.turn(&s).players();
        let idle = (0..5).map(worlds_engine::Player::from_index).find(|&q| !deciding.contains(q));
        for viewer in
            [Some(Viewer::Player(who)), idle.map(Viewer::Player), Some(Viewer::Spectator)].into_iter().flatten()
        {
            let o = g.observe(&s, viewer);
            let table = with_buttons(&g, &s, &o, viewer).unwrap();
            let scene = g.scene(&o).unwrap();
            assert!(!scene.elements.iter().any(|e| matches!(e.kind, Kind::Button { .. })), "a button on the board");
            // A unit, Base or marker takes its seat's colour, never a nation's that could
            // contradict it.
            for e in scene.elements.iter().filter(|e| matches!(e.kind, Kind::Piece { .. })) {
                assert!(e.owner.is_some() && e.colour.is_none(), "{e:?}");
            }
            if viewer != Viewer::Player(who) {
                assert_eq!(table.buttons, [], "{viewer} has {who}'s buttons");
                continue;
            }
            let ids: Vec<&str> = table.buttons.iter().map(|b| b.id.as_str()).collect();
            let unique: std::collections::BTreeSet<&str> = ids.iter().copied().collect();
            assert_eq!(unique.len(), ids.len(), "{ids:?}");
            assert!(table.buttons.iter().all(|b| !b.label.is_empty() && !b.title.is_empty()), "{:?}", table.buttons);
            seen.extend(ids.iter().map(|id| id.to_string()));
        }
        let legal = g.legal_actions(&s, who);
        g.apply(&mut s, who, legal[(k * 7) % legal.len()], &mut rng).unwrap();
    }
    assert!(seen.contains("target-peace") && seen.contains("raise-10") && seen.contains("done"), "{seen:?}");
}

/// WD-SETUP-8: at set-up the hand on the table holds the two First Goals on offer first, then the
/// five cards dealt; choosing a goal is a click on its card there, and the board has no card.
#[test]
fn wd_setup_8_the_first_goals_on_offer_are_in_the_hand() {
    let g = game(3);
    let s = start(&g, 4);
    let o = g.observe(&s, Viewer::Player(p(0)));
    let hand = g.table(&o).unwrap().panels.swap_remove(0).hand.unwrap();
    let kinds: Vec<&str> = hand.iter().map(|k| k.kind.as_deref().unwrap_or("")).collect();
    // What each goal is stays beside "on offer"; its text has the rest (its need first).
    assert_eq!(
        kinds[..2],
        ["First Goal on offer (North Korea), cost 6, 3 VP", "First Goal on offer (North Korea), cost 4, 3 VP"]
    );
    assert!(hand[1].text.starts_with("Needs no attack by you so far and Popularity 8+."), "{}", hand[1].text);
    assert_eq!(hand.len(), 7);
    let offered: Vec<Vec<String>> = o.goals_offered.iter().map(|k| vec![format!("card-{}", k.number)]).collect();
    let clicks: Vec<Vec<String>> = g.legal_actions(&s, p(0)).into_iter().map(|a| g.action_elements(&s, a)).collect();
    assert_eq!(clicks, offered);
    assert_eq!([[hand[0].id.clone()], [hand[1].id.clone()]], [&offered[0][..], &offered[1][..]]);
    let scene = g.scene(&o).unwrap();
    assert!(!scene.elements.iter().any(|e| e.id.starts_with("card-")), "{scene:?}");
}

/// WD-VIEW-2, WD-INFO-1, WD-INFO-2: the table as P1 sees it (Table::draw at 80 columns): the round
/// and phase, each leaderboard's counts and notes, ▶ for the seat drawing, the cards in front of
/// each seat (a project by name; a First Goal or Dumbness card won says so; P1's own First Goal
/// face down is the one more), P1's hand only, each card by colour and cost and marked when it may
/// be placed now, the piles.
#[test]
fn wd_view_2_the_table_for_a_seat() {
    let (g, s) = midgame();
    let table = g.table(&g.observe(&s, Viewer::Player(p(0)))).unwrap();
    assert_eq!(table.phase, "Round 6, phase 1 draw cards");
    assert_eq!(
        table.draw(Some(p(0)), 80, Style::default()),
        "                   VP  Res  Inc  Ego  Pop  Hand
  P1 Russia (you)   1    7    4    8    5     4
  P2 North Korea    1    7    6    6    8     4
▶ P3 Venezuela      5   16   11    7    9     4
  P4 USA            5    8    8   10    6     3  target North Korea
  P5 Turkey         0   15    6    8    5     5
In front of you: Lobbyist Network · Genius Rocket Engineer
    Definitely a Weather Balloon (Dumbness) · +1 more
In front of P2: Genius Speechwriter · Casino Complex
In front of P3: Stay in Power (First Goal) · Football Stadium · The Last Alien
In front of P4: America First (First Goal) · Luxury Palace · Ministry of Truth
Hand: Steal Their Slogan (Brown, cost 2, placeable)
      Stage a Comeback (Green, cost 3) · Oil Embargo (Brown, cost 3, placeable)
      Space Programme (Blue, cost 6, 2 VP, placeable)
Level 1 deck 7 · Level 2 deck 66 · Level 1 discards 17 · Dumbness discards 2
"
    );
    // The pieces left in each supply are details: in the browser and on the full board, not in
    // the compact scoreboard above.
    let supply: Vec<String> = table.panels[0].counts.iter().filter(|c| c.detail).map(|c| c.text()).collect();
    assert_eq!(supply, ["Units left 2", "Bases left 7", "Markers left 7", "Radioactive left 3"]);
}

/// WD-INFO-2: a spectator's and another seat's table hold no hand but their own; the cards in
/// front of a seat carry their full text.
#[test]
fn wd_info_2_no_hand_on_a_table_but_the_viewers() {
    let (g, s) = midgame();
    let spectator = g.table(&g.observe(&s, Viewer::Spectator)).unwrap();
    assert!(spectator.panels.iter().all(|x| x.hand.is_none()));
    let p2 = g.table(&g.observe(&s, Viewer::Player(p(1)))).unwrap();
    for panel in &p2.panels {
        assert_eq!(panel.hand.is_some(), panel.seat == p(1), "{:?}", panel.seat);
    }
    let drawn = p2.draw(Some(p(1)), 80, Style::default());
    let own = s.table().seats[p(0)].hand;
    for k in own.iter() {
        let name = &g.content().cards.get(k).unwrap().name;
        let anywhere_else = s
            .table()
            .seats
            .values()
            .skip(1)
            .any(|x| x.hand.iter().any(|j| &g.content().cards.get(j).unwrap().name == name));
        assert!(anywhere_else || !drawn.contains(name.as_str()), "P1's {name} on P2's table");
    }
    for card in p2.panels.iter().flat_map(|x| &x.cards) {
        let k = g.content().cards.get(card.id.trim_start_matches("card-").parse().unwrap()).unwrap();
        // The kind says what the card is; the text, the rest of its rules text.
        let (kind, text) = worlds_world_dumbination::card_face(k);
        assert_eq!(worlds_world_dumbination::card_text(k), format!("{kind}. {text}").replace(". Needs", ", needs"));
        assert_eq!(card.text, text);
    }
}
