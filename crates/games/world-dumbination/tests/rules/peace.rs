//! Nuclear Bombs, radioactive spaces and the peace track (WD-NUKE, WD-PEACE, WD-END-2).

use worlds_engine::Game;
use worlds_world_dumbination::{Ending, Lying, Nation, Phase, Placing, Token};

use crate::common::*;

/// WD-PEACE-1, WD-PEACE-2, WD-MARK-5: a bomb with the Peace target is disarmed at its turn: a
/// marker on the lowest spot, its cost paid, +1 Popularity; the bomb lies on the spot.
#[test]
fn wd_peace_1_a_bomb_aimed_at_peace_is_disarmed() {
    let g = short(3);
    let mut s = placing(&g, &[(0, &["nuclear-bomb-1"])], |t| t.seats[p(0)].resources = 4);
    place(&g, &mut s, 0, &["nuclear-bomb-1"]);
    // WD-PLACE-6: with 4 resources the bomb can only be disarmed.
    assert_eq!(legal(&g, &s, 0), ["target peace"]);
    place(&g, &mut s, 0, &["target peace", "done"]);
    let events = others_pass(&g, &mut s, &[0]);
    assert!(events.contains(&"P1 turns their target: Peace".to_owned()), "{events:?}");
    assert!(events.contains(&"P1 disarms Nuclear Bomb [98] onto peace spot 1 (pays 4)".to_owned()), "{events:?}");
    let seat = &s.table().seats[p(0)];
    assert_eq!((seat.resources, seat.popularity, seat.markers), (0, 6, 10));
    assert_eq!(s.table().peace[0], Some((p(0), 98)));
    assert_eq!(seat.spaces[0], None);
}

/// WD-PEACE-3, WD-PEACE-2: two bombs in one round fill two spots; only the last is paid (6), and
/// the Popularity bonus comes once.
#[test]
fn wd_peace_3_two_disarmaments_pay_only_the_last() {
    let g = short(3);
    let mut s = placing(&g, &[(0, &["nuclear-bomb-1", "nuclear-bomb-2"])], |t| t.seats[p(0)].resources = 6);
    place(&g, &mut s, 0, &["nuclear-bomb-1", "nuclear-bomb-2", "target peace", "done"]);
    let events = others_pass(&g, &mut s, &[0]);
    assert!(events.contains(&"P1 disarms Nuclear Bomb [98] onto peace spot 1 (pays 4)".to_owned()), "{events:?}");
    assert!(events.contains(&"P1 disarms Nuclear Bomb [111] onto peace spot 2 (pays 2)".to_owned()), "{events:?}");
    assert_eq!((s.table().seats[p(0)].resources, s.table().seats[p(0)].popularity), (0, 6));
}

/// WD-PEACE-4: a disarmament the player can no longer pay at its turn fails: discarded, fined.
#[test]
fn wd_peace_4_an_unpaid_disarmament_fails() {
    let g = short(3);
    let mut s = placing(&g, &[(0, &["nuclear-bomb-1"]), (1, &["cyber-heist"])], |t| t.seats[p(0)].resources = 4);
    place(&g, &mut s, 0, &["nuclear-bomb-1", "target peace", "done"]);
    place(&g, &mut s, 1, &["cyber-heist", "target usa", "done"]);
    let events = others_pass(&g, &mut s, &[0, 1]);
    assert!(events.contains(&"P2 takes 3 resources from P1".to_owned()), "{events:?}");
    assert!(events.contains(&"P1 cannot fund Nuclear Bomb [98] and pays a fine of 1".to_owned()), "{events:?}");
    assert_eq!(s.table().peace, [None; 4]);
    assert_eq!(s.table().seats[p(0)].resources, 0);
}

/// WD-END-2: filling the fourth peace spot ends the game at once.
#[test]
fn wd_end_2_world_peace_ends_the_game_at_once() {
    let g = short(3);
    let mut s = placing(&g, &[(0, &["nuclear-bomb-1"])], |t| {
        for (i, id) in ["nuclear-bomb-2", "nuclear-bomb-3", "nuclear-bomb-4"].into_iter().enumerate() {
            let k = give(&g, t, p(1), id);
            t.seats[p(1)].hand.remove(k);
            t.peace[i] = Some((p(1), k));
            t.seats[p(1)].markers -= 1;
        }
        t.seats[p(0)].resources = 10;
    });
    place(&g, &mut s, 0, &["nuclear-bomb-1", "target peace", "done"]);
    let events = others_pass(&g, &mut s, &[0]);
    assert!(events.contains(&"game over: World Peace: the fourth peace spot is filled".to_owned()), "{events:?}");
    assert_eq!(s.table().over, Some(Ending::WorldPeace));
    assert!(g.turn(&s).is_over());
    // WD-SCORE-2: both players with a marker on the track score the highest spot, 10, once.
    for (q, peace) in [(0, 10), (1, 10), (2, 0)] {
        let seat = &s.table().seats[p(q)];
        let units = seat.units.iter().filter(|u| u.on_board()).count() as u16;
        let want = seat.vp + units + g.income(&s, p(q)).min(24) + u16::from(seat.popularity) + peace;
        assert_eq!(g.score(&s, p(q)), want, "P{}", q + 1);
    }
}

/// WD-NUKE-1, WD-NUKE-2, WD-NUKE-4, WD-CARD-5: a fired bomb clears a space of the target, scores as
/// an attack, leaves a radioactive token, costs 2 Popularity and stays on its card space.
#[test]
fn wd_nuke_1_a_bomb_clears_a_space_and_makes_it_radioactive() {
    let g = short(3);
    // Popularity 7, so the bomb's -2 leaves the left space usable (WD-LEAD-2 would discard it).
    let mut s = placing(&g, &[(0, &["nuclear-bomb-1"])], |t| t.seats[p(0)].popularity = 7);
    let home = g.content().board.start(Nation::Russia);
    place(&g, &mut s, 0, &["nuclear-bomb-1", "target russia", "done"]);
    others_pass(&g, &mut s, &[0]);
    let choices = legal(&g, &s, 0);
    assert!(choices.contains(&space_name(home)), "{choices:?}");
    let events = act(&g, &mut s, 0, &space_name(home));
    assert!(events.iter().any(|e| e.contains("nukes") && e.contains("2 unit(s)")), "{events:?}");
    // 2 units + a 4-Base (2): +4 VP; Popularity 7 - 2.
    assert_eq!(s.table().seats[p(0)].vp, 5 + 4);
    assert_eq!(s.table().seats[p(0)].popularity, 5);
    assert_eq!(s.table().radioactive[usize::from(home)], Some(p(1)));
    assert_eq!(s.table().seats[p(1)].radioactive.as_slice(), [home]);
    assert!(matches!(s.table().seats[p(0)].spaces[0].map(|x| x.lying), Some(Lying::Fired(2))));
    // WD-ELIM-2: Russia had only that Base and those units: neutralized, with USA the overtaker.
    assert!(s.table().seats[p(1)].out.is_some());
}

/// WD-NUKE-3: a target with no token left moves its earliest one to the new space.
#[test]
fn wd_nuke_3_the_earliest_token_moves() {
    let g = short(3);
    let mut s = placing(&g, &[(0, &["nuclear-bomb-1"])], |t| {
        let board = &g.content().board;
        let spaces: Vec<_> = board
            .home_spaces(Nation::Russia)
            .filter(|&x| {
                t.markers[usize::from(x)].is_none()
                    && t.seats[p(1)].units_at(x) == 0
                    && t.seats[p(1)].base_at(x).is_none()
            })
            .take(3)
            .collect();
        for &x in &spaces {
            put_radioactive(t, p(1), x);
        }
    });
    let first = s.table().seats[p(1)].radioactive[0];
    let home = g.content().board.start(Nation::Russia);
    place(&g, &mut s, 0, &["nuclear-bomb-1", "target russia", "done"]);
    others_pass(&g, &mut s, &[0]);
    act(&g, &mut s, 0, &space_name(home));
    assert_eq!(s.table().radioactive[usize::from(first)], None);
    assert_eq!(s.table().seats[p(1)].radioactive.last(), Some(&home));
    assert_eq!(s.table().seats[p(1)].radioactive.len(), 3);
}

/// WD-NUKE-3, WD-OWN-2: the rulebook's fourth strike: "remove the player's first placed
/// radioactive token and place it on the latest nuked space. The old space is back to normal, but
/// lost": a Russian home space that was nuked does not return to Russia when its token moves on.
#[test]
fn wd_nuke_3_the_space_the_earliest_token_leaves_is_lost() {
    let g = short(3);
    let (b12, b13, c12, b14) = (sp("B12"), sp("B13"), sp("C12"), sp("B14"));
    let mut s = placing(&g, &[(0, &["nuclear-bomb-1"])], |t| {
        put_base(t, p(1), sp("C13"), 4);
        for x in [b12, b13, c12] {
            put_radioactive(t, p(1), x);
        }
        t.seats[p(0)].popularity = 7;
    });
    place(&g, &mut s, 0, &["nuclear-bomb-1", "target russia", "done"]);
    others_pass(&g, &mut s, &[0]);
    act(&g, &mut s, 0, "B14");
    assert_eq!(s.table().radioactive[usize::from(b12)], None, "back to normal");
    let o = g.observe(&s, worlds_engine::Viewer::Spectator);
    assert_eq!((o.map_owner(b12), o.map_owner(b14)), (None, None), "but lost");
    assert_eq!(o.map_owner(sp("B15")), Some(p(1)), "Russia keeps the home spaces it never lost");
}

/// WD-NUKE-5, WD-NUKE-4: a fired bomb blocks its card space through the next round and then leaves
/// the game (never to a discard pile).
#[test]
fn wd_nuke_5_a_fired_bomb_leaves_the_game() {
    let g = short(3);
    let mut s = placing(&g, &[(0, &["nuclear-bomb-1", "kiss-a-baby"])], |t| t.seats[p(0)].popularity = 7);
    place(&g, &mut s, 0, &["nuclear-bomb-1", "nothing", "target russia", "done"]);
    others_pass(&g, &mut s, &[0]);
    let target = legal(&g, &s, 0)[0].clone();
    act(&g, &mut s, 0, &target);
    // Play on to the next phase 2: the left space is still taken.
    play_until(&g, &mut s, |s| s.table().phase() == Phase::Place && s.table().round == 2);
    assert!(matches!(s.table().seats[p(0)].spaces[0].map(|x| x.lying), Some(Lying::Fired(2))));
    assert_ne!(s.table().placing(p(0)), Placing::Left, "the left space is taken: that step is passed over");
    let _ = Token::Peace;
    play_until(&g, &mut s, |s| s.table().round > 2 || g.turn(s).is_over());
    assert_eq!(s.table().seats[p(0)].spaces[0], None);
    assert!(!s.table().discards[1].contains(98) && !s.table().decks[1].contains(98));
}

/// WD-NUKE-5, WD-ELIM-1: a bomb whose own Popularity loss eliminates its firer has been used: it
/// leaves the game with its card space, never to the Level 2 discard pile, so it can never be
/// drawn or disarmed again ("You cannot disarm a Nuclear Bomb that has already been used").
#[test]
fn wd_nuke_5_a_bomb_that_eliminates_its_firer_leaves_the_game() {
    let g = short(3);
    // Popularity 2: the left card space is closed, so the bomb goes on the right one.
    let mut s = placing(&g, &[(0, &["nuclear-bomb-1"])], |t| {
        t.seats[p(0)].popularity = 2;
        put_base(t, p(1), sp("C13"), 4);
    });
    place(&g, &mut s, 0, &["nothing", "nuclear-bomb-1", "target russia", "done"]);
    others_pass(&g, &mut s, &[0]);
    let events = act(&g, &mut s, 0, "B14");
    let from = events.iter().position(|e| e == "P1's Popularity goes from 2 to 0").expect("the bomb's -2");
    assert_eq!(
        events[from + 1..].iter().take(2).cloned().collect::<Vec<_>>(),
        ["P1 is removed from office and out of the game", "P1's fired Nuclear Bomb [98] leaves the game"],
        "{events:?}"
    );
    assert!(s.table().seats[p(0)].out.is_some());
    assert_eq!(s.table().seats[p(0)].spaces, [None, None]);
    assert!(s.table().dumb.gone.contains(98), "the bomb is out of the game");
    assert!(!s.table().discards[1].contains(98) && !s.table().decks[1].contains(98));
    // It stays out: the game plays on, and the Level 2 pile never holds it again.
    play_until(&g, &mut s, |s| s.table().round > 2 || g.turn(s).is_over());
    assert!(!s.table().discards[1].contains(98) && !s.table().decks[1].contains(98));
    assert!(s.table().seats.values().all(|x| !x.hand.contains(98)));
}
