//! What players see (WD-VIEW-1..4): the map, the leaderboards, the shared tracks, the hand, and the
//! browser's scene, as snapshots of a real position; and the map's extra views.

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

/// The browser's scene of the same position, for P1 and for a spectator.
#[test]
fn scene_of_a_midgame() {
    let (g, s) = midgame();
    let scene = g.scene(&g.observe(&s, Viewer::Player(p(0)))).unwrap();
    insta::assert_json_snapshot!("scene_p1", scene);
    let spectator = g.scene(&g.observe(&s, Viewer::Spectator)).unwrap();
    assert!(spectator.elements.iter().all(|e| e.id != "hand"));
}
