//! VP, elimination, the end and the final scoring (WD-VP, WD-LEAD-5, WD-ELIM, WD-END, WD-SCORE).

use worlds_engine::{Game, Viewer};
use worlds_world_dumbination::{Ending, Nation, Phase, Token};

use crate::common::*;
use crate::rules::combat::fixed;

/// WD-SCORE-1 (the spec's example): 12 VP, 4 Units, income 26 (counted as 24), Popularity 7, the
/// highest filled peace spot 3 → 12 + 4 + 24 + 7 + 8 = 55.
#[test]
fn wd_score_1_the_final_score() {
    let g = fixed(3);
    let s = start(&g, 1);
    let mut t = table(&g, &s);
    clear_board(&mut t);
    put_base(&mut t, p(0), at(3, 4), 10);
    put_units(&mut t, p(0), at(3, 4), 4);
    put_units(&mut t, p(1), at(20, 2), 1);
    put_units(&mut t, p(2), at(18, 4), 1);
    t.seats[p(0)].vp = 12;
    t.seats[p(0)].ten_vp = true;
    t.seats[p(0)].popularity = 7;
    // A 10-Base (5), its 3 resource home spaces (3, WD-OWN-2) and 18 from cards.
    t.seats[p(0)].round_mods.income = 18;
    for (i, (q, id)) in [(0, "nuclear-bomb-1"), (1, "nuclear-bomb-2"), (1, "nuclear-bomb-3")].into_iter().enumerate() {
        let k = give(&g, &mut t, p(q), id);
        t.seats[p(q)].hand.remove(k);
        t.peace[i] = Some((p(q), k));
        t.seats[p(q)].markers -= 1;
    }
    let s = load(&g, &t);
    assert_eq!(g.income(&s, p(0)), 26);
    assert_eq!(g.score(&s, p(0)), 55);
}

/// WD-SCORE-3: the highest score wins, a tie goes to the most Ego, eliminated players rank last
/// (later eliminations above earlier ones).
#[test]
fn wd_score_3_ranking_and_returns() {
    let g = fixed(3);
    let s = start(&g, 1);
    let mut t = table(&g, &s);
    // The game ended after phase 7 of the last round (WD-END-3).
    past_setup(&mut t);
    t.round = g.content().round_cap;
    t.stack = worlds_engine::flow::Stack::with(worlds_world_dumbination::Step::Phase { phase: Phase::Income, next: 0 });
    t.over = Some(Ending::RoundCap);
    // USA and Russia tie on score; USA has more Ego. North Korea is out.
    t.seats[p(2)].out = Some(1);
    let hand = std::mem::take(&mut t.seats[p(2)].hand);
    t.discards[0] = t.discards[0].union(hand);
    let s0 = load(&g, &t);
    let gap = i32::from(g.score(&s0, p(0))) - i32::from(g.score(&s0, p(1)));
    t.seats[p(1)].vp = (i32::from(t.seats[p(1)].vp) + gap) as u16;
    t.seats[p(1)].ten_vp = t.seats[p(1)].vp >= 10;
    t.seats[p(0)].ego = 9;
    t.seats[p(1)].ego = 7;
    let s = load(&g, &t);
    assert_eq!(g.score(&s, p(0)), g.score(&s, p(1)));
    let o = g.outcome(&s).unwrap();
    assert_eq!(o.ranks.as_slice(), [1, 2, 3]);
    assert_eq!(o.returns.as_slice(), [1.0, 0.0, 0.0]);
    t.seats[p(1)].ego = 9;
    let o = g.outcome(&load(&g, &t)).unwrap();
    assert_eq!(o.ranks.as_slice(), [1, 1, 3]);
    assert_eq!(o.returns.as_slice(), [0.5, 0.5, 0.0]);
}

/// WD-CARD-7, WD-FLIP-6, WD-LEAD-5, WD-VP-1, WD-END-1, WD-END-4: the first to 10 VP gains 1 Ego (once); the first to 15
/// starts one more round; reaching 15 again adds none.
#[test]
fn wd_end_1_fifteen_vp_then_one_more_round() {
    let g = short(3);
    let mut s = placing(&g, &[(0, &["space-programme"])], |t| {
        t.seats[p(0)].vp = 9;
        t.seats[p(0)].ego = 7;
        t.seats[p(1)].vp = 14;
        t.seats[p(1)].ten_vp = true;
    });
    // Space Programme: Blue, 2 VP, +1 Ego +1 Popularity.
    place(&g, &mut s, 0, &["space-programme", "target russia", "done"]);
    let events = others_pass(&g, &mut s, &[0]);
    assert!(events.contains(&"P1 gains 2 VP (11)".to_owned()), "{events:?}");
    assert_eq!(s.table().seats[p(0)].ego, 7 + 1 + 1, "the +1 at 10 VP and the card's +1");
    assert!(s.table().seats[p(0)].ten_vp);
    assert_eq!(s.table().last_round, None);
    let mut t = table(&g, &s);
    t.seats[p(1)].vp = 15;
    t.seats[p(1)].ten_vp = true;
    t.last_round = Some(t.round + 1);
    let mut s = load(&g, &t);
    let last = s.table().round + 1;
    play_until(&g, &mut s, |s| g.turn(s).is_over());
    assert_eq!((s.table().round, s.table().over), (last, Some(Ending::Points)));
}

/// WD-ELIM-1: at 0 Ego a player is out at once: hand and card spaces discarded, tokens showing
/// their nation gone; their pieces stay.
#[test]
fn wd_elim_1_zero_ego_removes_a_leader_from_office() {
    let g = short(3);
    let mut s = placing(&g, &[(0, &["unauthorised-biography"]), (2, &["leaked-photos"])], |t| t.seats[p(1)].ego = 2);
    place(&g, &mut s, 0, &["unauthorised-biography", "target russia", "done"]);
    place(&g, &mut s, 2, &["leaked-photos", "target russia", "done"]);
    let events = others_pass(&g, &mut s, &[0, 2]);
    assert!(events.contains(&"P2 is removed from office and out of the game".to_owned()), "{events:?}");
    assert!(s.table().seats[p(1)].out.is_some());
    assert!(s.table().seats[p(1)].hand.is_empty());
    assert!(s.table().seats[p(1)].units.iter().any(|u| u.on_board()), "pieces stay on the board");
    assert_eq!(s.table().seats[p(2)].target, None, "a token showing Russia leaves the game");
    assert!(
        events.contains(&"P3's Leaked Photos [42] is discarded without effect".to_owned()),
        "WD-FLIP-5: {events:?}"
    );
    assert_eq!(g.decision(&s).rule, "WD-MOVE-2");
}

/// WD-ELIM-2, WD-ELIM-3: a player losing their last Unit and Base is neutralized; the last attacker
/// is the overtaker, and targets showing the neutralized nation now show the overtaker.
#[test]
fn wd_elim_3_the_last_attacker_overtakes() {
    let g = fixed(3);
    let s = start(&g, 1);
    let mut t = table(&g, &s);
    clear_board(&mut t);
    put_base(&mut t, p(0), at(15, 2), 6);
    put_units(&mut t, p(0), at(15, 2), 1);
    put_units(&mut t, p(1), at(16, 2), 1);
    put_units(&mut t, p(2), at(18, 4), 1);
    put_base(&mut t, p(2), at(18, 4), 4);
    t.seats[p(2)].target = Some(Token::Nation(Nation::Russia));
    t.seats[p(2)].ego = 10;
    move_turn(&mut t, p(0));
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "C16");
    let events = act(&g, &mut s, 0, "commit 1");
    assert!(events.contains(&"P2 is out of the game; P1 is the overtaker".to_owned()), "{events:?}");
    assert_eq!(s.table().seats[p(2)].target, Some(Token::Nation(Nation::Usa)));
}

/// WD-ELIM-4: when one leader is left the game ends at once.
#[test]
fn wd_elim_4_the_last_leader_wins() {
    let g = fixed(2);
    let s = start(&g, 1);
    let mut t = table(&g, &s);
    clear_board(&mut t);
    put_base(&mut t, p(0), at(15, 2), 6);
    put_units(&mut t, p(0), at(15, 2), 1);
    put_units(&mut t, p(1), at(16, 2), 1);
    move_turn(&mut t, p(0));
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "C16");
    act(&g, &mut s, 0, "commit 1");
    assert_eq!(s.table().over, Some(Ending::LastLeader));
    assert_eq!(g.outcome(&s).unwrap().returns.as_slice(), [1.0, 0.0]);
    assert_eq!(g.decision(&s).rule, "WD-ELIM-4");
    let _ = (Phase::Move, Viewer::Spectator);
}
