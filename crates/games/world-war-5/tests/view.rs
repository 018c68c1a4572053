//! WW5-VIEW-1: the terminal view, as snapshots (plain and coloured).
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use worlds_engine::{Game, Style, Viewer};

#[test]
fn ww5_view_1_the_board_by_continent_stashes_turn_and_last_combat() {
    let g = game(3);
    let pieces = [
        ("eu-north", 0, "small"),
        ("eu-west", 0, "medium"),
        ("eu-south", 0, "large"),
        ("as-north", 1, "small"),
        ("as-southwest", 1, "medium"),
        ("af-northeast", 1, "large"),
        ("au-north", 2, "small"),
        ("au-southeast", 2, "large"),
    ];
    let mut s = position(&g, &["eu", "as", "au"], &pieces, 0);
    play(&g, &mut s, 0, "invade af-northeast from eu-south", &mut dice(&[6, 5, 4, 1, 2, 3]));
    let obs = g.observe(&s, Viewer::Spectator);
    insta::assert_snapshot!("retreat_pending", g.render(&obs, Style { colour: false }));
    play(&g, &mut s, 1, "retreat af-northwest", &mut dice(&[]));
    let obs = g.observe(&s, Viewer::Player(p(2)));
    insta::assert_snapshot!("after_the_retreat", g.render(&obs, Style { colour: false }));
}

/// WW5-BOARD-5: a player's pieces use the colour of their home continent (Europe is magenta,
/// bright ANSI 95).
#[test]
fn ww5_board_5_pieces_wear_their_home_colour() {
    let g = game(2);
    let s = position(&g, &["eu", "as"], &[("eu-north", 0, "small"), ("as-north", 1, "large")], 0);
    let text = g.render(&g.observe(&s, Viewer::Spectator), Style { colour: true });
    assert!(text.contains("\x1b[95mP1 small  ▲\x1b[0m"), "{text}");
    assert!(text.contains("\x1b[91mP2 large  ▲▲▲\x1b[0m"), "{text}");
}

#[test]
fn setup_views_say_who_does_what() {
    let g = game(2);
    let (s, _) = g.new_game(&mut dice(&[2, 5]));
    let text = g.render(&g.observe(&s, Viewer::Spectator), Style::default());
    assert!(text.starts_with("WORLD WAR 5 · original board · setup\nP2 chooses a home continent\n"), "{text}");
}
