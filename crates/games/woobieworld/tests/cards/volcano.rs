//! The four Mount Saint Woobie cards: the volcano (WOOB-DRAW-1, WOOB-END-1, WOOB-SCORE-1).

use super::*;

/// WOOB-DRAW-1, WOOB-END-1: with three Mount Saint Woobie cards in play, drawing the fourth (a
/// scripted pick from a scripted deck) ends the game at once and it is scored (WOOB-SCORE-1);
/// drawing anything else does not.
#[test]
fn card_820_875_930_985_mount_saint_woobie() {
    let g = game(2);
    for n in [820, 875, 930, 985] {
        assert_eq!(text(&g, n), "The volcano rumbles. When the fourth Mount Saint Woobie is in play, the game ends.");
    }
    // The deck: Referendum and the fourth Mount Saint Woobie; everything else is discarded.
    let kept = ["Calm Waters", "Quicksand", "Referendum"];
    let rest: Vec<String> = g
        .content()
        .cards
        .iter()
        .filter(|c| ![820, 875, 930, 985].contains(&c.number) && !kept.contains(&c.name.as_str()))
        .map(|c| c.number.to_string())
        .collect();
    let rest: Vec<&str> = rest.iter().map(String::as_str).collect();
    let pos = Position::new(&g, &["oceana", "woobania"], 0, "play")
        .in_play(&g, 820, 0)
        .in_play(&g, 875, 1)
        .in_play(&g, 930, 0)
        .discard(&g, &rest)
        .support(&g, "oceana", "1B")
        .support(&g, "woobania", "2Y 1A")
        .hand(&g, 0, &["Calm Waters"])
        .hand(&g, 1, &["Quicksand"]);
    let s = pos.load(&g);
    assert_eq!(s.deck_size(), 2);
    assert_eq!(g.volcanoes_in_play(&s), 3);
    assert_eq!(deck_index(&g, &pos, 985), 1);
    // Drawing Referendum: the game goes on.
    let mut on = s.clone();
    play(&g, &mut on, 0, "play calm-waters", &mut picks(&[0]));
    assert_eq!((on.active(), on.phase()), (p(1), Phase::Support));
    assert_eq!(g.volcanoes_in_play(&on), 3);
    // Drawing the fourth: the volcano erupts.
    let mut s = s;
    let e = told(&g, &play(&g, &mut s, 0, "play calm-waters", &mut picks(&[1])));
    assert_eq!(
        e[e.len() - 2..],
        [
            "Mount Saint Woobie rumbles! P1 drew it and it goes into play",
            "the fourth Mount Saint Woobie is in play: the volcano erupts and the game ends",
        ]
    );
    assert_eq!(g.volcanoes_in_play(&s), 4);
    assert_eq!(s.phase(), Phase::Over(worlds_woobieworld::Ending::Eruption));
    assert_eq!(g.turn(&s), Turn::Over);
    assert_eq!(home(&g, &s, 0), "0R 0Y 0G 3B 0A @Oceana");
    let outcome = g.outcome(&s).unwrap();
    assert_eq!((outcome.scores[p(0)], outcome.scores[p(1)]), (9, 3));
    assert!(outcome.winners().contains(p(0)) && !outcome.winners().contains(p(1)));
    assert_eq!(s.hand_size(p(0)), 0, "the game ended before any further draw");
}
