//! WOOB-VIEW-1: the terminal view, as snapshots.
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use worlds_engine::{Game, SeededRng, Style, Viewer};

/// Every area with kind, flags and neighbours; homes with support by colour and Anarchs; industries;
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
