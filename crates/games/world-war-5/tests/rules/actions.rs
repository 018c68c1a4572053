//! A turn: one action of the active player (WW5-TURN-1, WW5-RULING-1), GROW (WW5-GROW-1), BUILD
//! (WW5-BUILD-1), MOVE (WW5-MOVE-1) and INVADE (WW5-INVADE-1).

use worlds_engine::{Config, Game, RuleErrorKind, SeededRng, Turn};
use worlds_world_war_5::{Action, Stash};

use super::EU_AS;
use crate::common::*;

#[test]
fn ww5_turn_1_one_action_then_the_next_player_clockwise() {
    let g = game(3);
    let pieces = [EU_AS, &[("af-northwest", 2, "small"), ("af-northeast", 2, "small")]].concat();
    let mut s = position(&g, &["eu", "as", "af"], &pieces, 2);
    play(&g, &mut s, 2, "build af-south", &mut SeededRng::new(0));
    assert_eq!(g.turn(&s), Turn::Decide(p(0)));
    assert_eq!(s.turn_number(), 11);
    assert_eq!(
        refused(&g, &s, 2, "grow af-south"),
        "it is not your decision now: P1 takes a turn (grow, build, move or invade) [WW5-TURN-1]"
    );
}

#[test]
fn ww5_turn_1_passing_is_refused_while_any_action_is_possible() {
    let g = game(2);
    let s = position(&g, &["eu", "as"], EU_AS, 0);
    assert_eq!(
        refused(&g, &s, 0, "pass"),
        "you may pass only when no grow, build, move or invade is possible [WW5-TURN-1]"
    );
    assert!(!legal(&g, &s, 0).contains(&"pass".to_owned()));
}

#[test]
fn a_seat_that_does_not_exist_is_refused() {
    let g = game(2);
    let s = position(&g, &["eu", "as"], EU_AS, 0);
    let err = g.check(&s, p(4), g.parse_action("grow eu-north").unwrap()).unwrap_err();
    assert_eq!(err.kind, RuleErrorKind::NotYourTurn);
    assert_eq!(err.to_string(), "there is no seat P5: seats are P1–P2 [WW5-TURN-1]");
}

/// Defect 2: `load` accepted two pieces in one territory spelled two ways (`eu-north` and
/// WW5-RULING-1: on a connected board a player always has a move or an invasion (some piece of
/// theirs borders a territory that is not theirs), so `pass` never becomes legal. Checked over
/// thousands of random positions of both boards.
#[test]
fn ww5_ruling_1_pass_never_becomes_legal_on_a_connected_board() {
    for variant in ["original", "pyramid-arcade"] {
        for players in [2, 4, 6] {
            let g = game_with(Config::players(players).with_variant(variant));
            let mut rng = SeededRng::new(players as u64);
            for _ in 0..100 {
                let (mut s, _) = g.new_game(&mut rng);
                while let Turn::Decide(d) = g.turn(&s) {
                    let actions = g.legal_actions(&s, d);
                    assert!(!actions.contains(&Action::Pass));
                    let a = actions[rng.below(actions.len() as u32) as usize];
                    g.apply(&mut s, d, a, &mut rng).unwrap();
                }
            }
        }
    }
}

#[test]
fn ww5_grow_1_the_next_size_from_the_stash_on_the_home_continent() {
    let g = game(2);
    let s = position(&g, &["eu", "as"], &[EU_AS, &[("af-south", 0, "small")]].concat(), 0);
    assert_eq!(
        legal(&g, &s, 0).into_iter().filter(|a| a.starts_with("grow")).collect::<Vec<_>>(),
        ["grow eu-north", "grow eu-west"]
    );
    let mut grown = s.clone();
    let events = play(&g, &mut grown, 0, "grow eu-west", &mut SeededRng::new(0));
    assert_eq!(told(&g, &events), ["P1 grows eu-west to a large"]);
    assert_eq!(at(&grown, "eu-west"), "P1 large");
    assert_eq!(grown.stash(p(0)), Stash([1, 3, 1]));
    assert_eq!(refused(&g, &s, 0, "grow eu-south"), "the piece on eu-south is large and cannot grow [WW5-GROW-1]");
    assert_eq!(
        refused(&g, &s, 0, "grow af-south"),
        "af-south is not on your home continent; you can only grow at home [WW5-GROW-1]"
    );
    assert_eq!(refused(&g, &s, 0, "grow as-north"), "as-north does not hold one of your pieces [WW5-GROW-1]");
    // Only the next size: with every medium on the board a small cannot grow, not even to a large.
    let no_medium =
        position(&g, &["eu", "as"], &[EU_AS, &[("af-south", 0, "medium"), ("sa-south", 0, "medium")]].concat(), 0);
    assert_eq!(no_medium.stash(p(0)), Stash([2, 0, 2]));
    assert_eq!(refused(&g, &no_medium, 0, "grow eu-north"), "your stash has no medium piece to grow into [WW5-GROW-1]");
}

#[test]
fn ww5_build_1_a_small_from_the_stash_on_an_empty_home_territory() {
    let g = game(2);
    let s = position(&g, &["eu", "as"], &[("eu-north", 0, "medium"), ("as-north", 1, "small")], 0);
    let mut built = s.clone();
    assert_eq!(
        told(&g, &play(&g, &mut built, 0, "build eu-west", &mut SeededRng::new(0))),
        ["P1 builds a small on eu-west"]
    );
    assert_eq!(at(&built, "eu-west"), "P1 small");
    assert_eq!(
        refused(&g, &s, 0, "build af-south"),
        "af-south is not on your home continent; you can only build at home [WW5-BUILD-1]"
    );
    let no_small = position(
        &g,
        &["eu", "as"],
        &[("eu-north", 0, "small"), ("sa-south", 0, "small"), ("af-south", 0, "small"), ("as-north", 1, "small")],
        0,
    );
    assert_eq!(refused(&g, &no_small, 0, "build eu-west"), "your stash has no small piece left [WW5-BUILD-1]");
}

#[test]
fn ww5_move_1_any_piece_to_an_empty_connected_territory() {
    let g = game(2);
    let s = position(&g, &["eu", "as"], &[EU_AS, &[("au-southwest", 0, "small")]].concat(), 0);
    let mut moved = s.clone();
    // Far from home too.
    assert_eq!(
        told(&g, &play(&g, &mut moved, 0, "move au-southwest to sa-south", &mut SeededRng::new(0))),
        ["P1 moves au-southwest to sa-south"]
    );
    assert_eq!((at(&moved, "au-southwest"), at(&moved, "sa-south")), ("empty".into(), "P1 small".into()));
    assert_eq!(refused(&g, &s, 0, "move eu-north to af-south"), "af-south is not connected to eu-north [WW5-MOVE-1]");
    assert_eq!(
        refused(&g, &s, 0, "move eu-north to as-north"),
        "as-north holds P2's small; you can only move into an empty territory; to push an enemy out, invade it [WW5-MOVE-1]"
    );
    assert_eq!(
        refused(&g, &s, 0, "move na-north to as-north"),
        "na-north does not hold one of your pieces [WW5-MOVE-1]"
    );
}

#[test]
fn ww5_invade_1_only_connected_enemy_pieces() {
    let g = game(2);
    let s = position(&g, &["eu", "as"], EU_AS, 0);
    assert!(legal(&g, &s, 0).contains(&"invade as-north from eu-north".to_owned()));
    assert_eq!(
        refused(&g, &s, 0, "invade eu-west from eu-north"),
        "eu-west holds your own piece; you cannot attack your own pieces [WW5-INVADE-1]"
    );
    assert_eq!(
        refused(&g, &s, 0, "invade as-southeast from eu-north"),
        "as-southeast is not connected to eu-north [WW5-INVADE-1]"
    );
    assert_eq!(
        refused(&g, &s, 0, "invade na-north from eu-north"),
        "na-north is empty: move there instead [WW5-INVADE-1]"
    );
}
