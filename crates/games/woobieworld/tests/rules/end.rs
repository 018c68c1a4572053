//! The end of the game and the scores (WOOB-END-1, WOOB-SCORE-1, WOOB-SCORE-2).

use crate::common::*;
use worlds_engine::{Game, SeededRng, Turn};

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

/// WOOB-END-1, WOOB-SCORE-1, WOOB-SCORE-2: the fourth Mount Saint Woobie ends the game at once;
/// the highest score wins and tied players share the win.
#[test]
fn woob_end_1_the_fourth_volcano_ends_the_game_and_ties_share() {
    let g = game(3);
    let mut s = Position::new(&g, &["oceana", "doom-grove", "woobania"], 0, "play")
        .support(&g, "oceana", "3R")
        .support(&g, "doom-grove", "2R 1Y 1G 1B")
        .support(&g, "woobania", "1B")
        .hand(&g, 0, &["Quicksand"])
        .in_play(&g, 820, 1)
        .in_play(&g, 875, 2)
        .in_play(&g, 930, 1)
        .load(&g);
    // The deck's only volcano is card 985; pick it.
    let deck: Vec<_> =
        worlds_woobieworld::CardId::in_set(serde_json::from_value(g.save_state(&s)["deck"].clone()).unwrap()).collect();
    let k = deck.iter().position(|c| g.content().card(*c).number == 985).unwrap() as u32;
    play(&g, &mut s, 0, "play quicksand", &mut SeededRng::new(0));
    let events = play(&g, &mut s, 0, "area cheeseport", &mut picks(&[k]));
    assert_eq!(
        told(&g, &events).last().unwrap(),
        "the fourth Mount Saint Woobie is in play: the volcano erupts and the game ends"
    );
    assert_eq!(g.turn(&s), Turn::Over);
    let o = g.outcome(&s).unwrap();
    assert_eq!(o.scores.as_slice(), [9, 7, 1]);
    assert_eq!(o.ranks.as_slice(), [1, 2, 3]);

    let tie = Position::new(&g, &["oceana", "doom-grove", "woobania"], 0, "play")
        .support(&g, "oceana", "3R")
        .support(&g, "doom-grove", "3Y")
        .support(&g, "woobania", "1B")
        .set("stack", serde_json::json!([]))
        .set("ending", serde_json::json!("eruption"))
        .in_play(&g, 820, 1)
        .in_play(&g, 875, 2)
        .in_play(&g, 930, 1)
        .in_play(&g, 985, 1)
        .load(&g);
    let o = g.outcome(&tie).unwrap();
    assert_eq!(o.returns.as_slice(), [0.5, 0.5, 0.0], "tied players share the win");
}
