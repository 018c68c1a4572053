//! The end of a turn and of the game (BI-TURN-2, BI-SIGN-1, BI-END-1, BI-END-2, BI-WIN-1,
//! BI-OUT-1, BI-BLACK-3).

use worlds_bastards_inc::{Ending, Entry};
use worlds_engine::{Config, Game, Turn};

use crate::common::{act, blank, game_with, load, money, p, put, region};

fn game(players: usize, target: u32, cap: u16) -> worlds_bastards_inc::BastardsInc {
    game_with(
        &Config::players(players)
            .with_option(
                "plans",
                serde_json::json!(["greasepalm", "spin-and-sons", "gizmotronic", "famiglia"][..players]),
            )
            .with_option("first", 0)
            .with_option("target", target)
            .with_option("turn_cap", cap),
    )
}

/// Everyone passes in turn: the Business phase ends.
fn all_pass(g: &worlds_bastards_inc::BastardsInc, s: &mut worlds_bastards_inc::State) -> Vec<String> {
    let mut log = Vec::new();
    while let Turn::Decide(q) = g.turn(s) {
        if s.table().phase() != worlds_bastards_inc::Phase::Business {
            break;
        }
        log = act(g, s, q.index(), "pass");
    }
    log
}

/// BI-TURN-2, BI-SIGN-1: after the Business phase the player to the left takes the sign and the next
/// turn begins with drawing.
#[test]
fn bi_turn_2_bi_sign_1_the_sign_passes_left() {
    let g = game(3, 100, 30);
    let mut t = blank(&g);
    t.start = p(2);
    crate::common::business(&mut t, 2);
    let mut s = load(&g, &t);
    let log = all_pass(&g, &mut s);
    assert_eq!(log[1..], ["Turn 2 begins; P1 is the starting player", "Phase 1 draw Action cards"]);
    assert_eq!((s.table().turn, s.table().start), (2, p(0)));
    assert!(g.observe(&s, worlds_engine::Viewer::Spectator).seats[0].sign);
}

/// BI-END-1, BI-WIN-1, BI-OUT-1, BI-BLACK-3: the game ends after a Business phase in which someone
/// has the money target; players rank by Billions, then Goodwill; black money counts nothing.
#[test]
fn bi_end_1_bi_win_1_bi_out_1_bi_black_3_the_money_target_and_the_ranking() {
    let g = game(4, 60, 30);
    let mut t = blank(&g);
    money(&mut t, 0, 59, 9);
    money(&mut t, 1, 60, 2);
    money(&mut t, 2, 60, 5);
    money(&mut t, 3, 10, 0);
    put(&mut t, 0, 0, region(&g, "meek"), Entry::Crime, 40);
    let mut s = load(&g, &t);
    let log = all_pass(&g, &mut s);
    assert_eq!(log.last().unwrap(), "the game ends: the money target is reached");
    assert_eq!(s.table().over, Some(Ending::Money));
    let o = g.outcome(&s).unwrap();
    assert_eq!(o.scores.as_slice(), [59, 60, 60, 10]);
    assert_eq!(o.ranks.as_slice(), [3, 2, 1, 4], "P3 and P2 have 60: P3's 5 Goodwill beat P2's 2");
    assert_eq!(o.returns.as_slice(), [0.0, 0.0, 1.0, 0.0]);
    // Equal in both: the win is shared.
    let mut t = blank(&g);
    money(&mut t, 1, 60, 5);
    money(&mut t, 2, 60, 5);
    let mut s = load(&g, &t);
    all_pass(&g, &mut s);
    let o = g.outcome(&s).unwrap();
    assert_eq!((o.ranks.as_slice(), o.returns.as_slice()), (&[3, 1, 1, 3][..], &[0.0, 0.5, 0.5, 0.0][..]));
    // Below the target the game goes on, and a VP standing in a region earns nothing.
    let mut t = blank(&g);
    money(&mut t, 0, 59, 0);
    put(&mut t, 0, 0, region(&g, "meek"), Entry::Crime, 0);
    let mut s = load(&g, &t);
    all_pass(&g, &mut s);
    assert_eq!((s.table().over, s.table().turn, s.table().seats[p(0)].vps[0].black), (None, 2, 0));
}

/// BI-END-2: the game ends after the last turn's Business phase.
#[test]
fn bi_end_2_the_turn_cap() {
    let g = game(3, 100, 1);
    let t = blank(&g);
    let mut s = load(&g, &t);
    let log = all_pass(&g, &mut s);
    assert_eq!(log.last().unwrap(), "the game ends: the last turn is played");
    assert_eq!(s.table().over, Some(Ending::TurnCap));
    assert_eq!(
        g.decision(&s).text,
        "the game is over in turn 1: the last turn is played (0 war(s), the Peace Nobel Prize bought 0 time(s))"
    );
    assert_eq!(g.turn(&s), Turn::Over);
    let _ = p;
}
