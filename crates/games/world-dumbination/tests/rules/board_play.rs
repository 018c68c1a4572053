//! Owning spaces, conquering, war zones, markers, buying and income (WD-OWN, WD-MOVE, WD-MARK,
//! WD-BUY, WD-BASE, WD-INCOME, WD-COMBAT-5/6/9/11/13).

use worlds_engine::{Game, Present};
use worlds_world_dumbination::{Nation, Phase, State, Step, Table, WorldDumbination};

use crate::common::*;
use crate::rules::combat::fixed;

/// A cleared board in phase 5 with `mover` to move.
fn moving(g: &WorldDumbination, mover: usize, setup: impl FnOnce(&mut Table)) -> State {
    let s = start(g, 1);
    let mut t = table(g, &s);
    clear_board(&mut t);
    setup(&mut t);
    move_turn(&mut t, p(mover));
    load(g, &t)
}

/// A war zone of the default board with plain land to its west.
fn war_zone(g: &WorldDumbination) -> worlds_world_dumbination::board::Space {
    let b = &g.content().board;
    b.spaces()
        .find(|&s| {
            b.cell(s).war && b.step(s, 3).is_some_and(|w| b.cell(w).land && !b.cell(w).war && b.cell(w).home.is_none())
        })
        .unwrap()
}

/// WD-OWN-1, WD-OWN-2, WD-OWN-3: a space is its pieces' or marker's player's; an unheld home space
/// is its nation's; sea and radioactive spaces are nobody's, and so is a war zone held only at war.
#[test]
fn wd_own_1_who_owns_a_space() {
    let g = fixed(3);
    let s = start(&g, 1);
    let o = g.observe(&s, worlds_engine::Viewer::Spectator);
    let b = &g.content().board;
    let russia_home = b
        .home_spaces(Nation::Russia)
        .find(|&x| s.table().markers[usize::from(x)].is_none() && s.table().seats[p(1)].base_at(x).is_none())
        .unwrap();
    assert_eq!(o.map_owner(russia_home), Some(p(1)), "WD-OWN-2");
    let sea = b.spaces().find(|&x| !b.cell(x).land).unwrap();
    assert_eq!(o.map_owner(sea), None, "WD-OWN-3");
    let w = war_zone(&g);
    let mut t = table(&g, &s);
    t.seats[p(2)].units[0].at = w;
    t.seats[p(2)].units[0].war = 1;
    let s2 = load(&g, &t);
    assert_eq!(g.observe(&s2, worlds_engine::Viewer::Spectator).map_owner(w), None, "WD-OWN-3: held only at war");
}

/// WD-OWN-2, WD-MARK-2, WD-MOVE-2: a home space is its nation's until another player takes it: a
/// unit passing through leaves it to its nation, but one that ends its move there takes it, and
/// once that unit leaves without a marker the space is nobody's: a space its nation lost stays
/// lost ("the income is lost if the space isn't marked with a cube").
#[test]
fn wd_own_2_a_space_its_nation_lost_stays_lost() {
    let g = fixed(3);
    let (c12, c13) = (at(12, 2), at(13, 2));
    let mut s = moving(&g, 0, |t| {
        put_base(t, p(0), at(11, 2), 8);
        put_units(t, p(0), at(11, 2), 1);
        put_units(t, p(1), at(20, 2), 1);
        put_units(t, p(2), at(18, 4), 1);
    });
    let owner = |s: &State, x| g.observe(s, worlds_engine::Viewer::Spectator).map_owner(x);
    assert_eq!((owner(&s, c12), owner(&s, c13)), (Some(p(1)), Some(p(1))), "Russia's home spaces");
    act(&g, &mut s, 0, "move 1 e");
    act(&g, &mut s, 0, "move 1 e");
    act(&g, &mut s, 0, "done");
    assert_eq!((owner(&s, c12), owner(&s, c13)), (Some(p(1)), Some(p(0))), "passed through C12, stopped on C13");
    play_until(&g, &mut s, |s| matches!(s.table().stack.top(), Some(&Step::Move { seat, .. }) if seat == p(0)));
    assert_eq!(act(&g, &mut s, 0, "move 1 w"), ["P1 moves a unit from C13 (Russia) to C12 (Russia)"]);
    assert_eq!(legal(&g, &s, 0), ["marker", "no marker"]);
    act(&g, &mut s, 0, "no marker");
    assert_eq!(owner(&s, c13), None, "lost to Russia: it does not fall back");
    act(&g, &mut s, 0, "done");
    assert_eq!(owner(&s, c12), Some(p(0)));
}

/// WD-MOVE-7, WD-MOVE-8: a unit entering a war zone stops, is at war through the next round's
/// phase 5 (it cannot move), then stands up and owns the space.
#[test]
fn wd_move_7_a_war_zone_takes_an_extra_round() {
    let g = fixed(3);
    let w = war_zone(&g);
    let west = g.content().board.step(w, 3).unwrap();
    let mut s = moving(&g, 0, |t| {
        put_base(t, p(0), west, 6);
        put_units(t, p(0), west, 1);
        put_units(t, p(1), at(20, 2), 1);
        put_units(t, p(2), at(18, 4), 1);
    });
    let events = act(&g, &mut s, 0, "move 1 e");
    assert_eq!(events[1], format!("P1's unit joins the war on {}", space_name(w)) + &region(&g, w));
    assert_eq!(s.table().seats[p(0)].units[0].war, 2);
    assert!(!legal(&g, &s, 0).iter().any(|a| a.starts_with("move 1")), "it stops");
    act(&g, &mut s, 0, "done");
    // End of this phase 5: one round still to wait.
    play_until(&g, &mut s, |s| {
        s.table().phase() == Phase::Move
            && matches!(s.table().stack.top(), Some(&Step::Move { seat, .. }) if seat == p(0))
    });
    assert_eq!(s.table().seats[p(0)].units[0].war, 1);
    assert!(!legal(&g, &s, 0).iter().any(|a| a.starts_with("move 1")), "at war: it waits");
    act(&g, &mut s, 0, "done");
    play_until(&g, &mut s, |s| s.table().phase() != Phase::Move);
    assert_eq!(s.table().seats[p(0)].units[0].war, 0);
    assert_eq!(g.observe(&s, worlds_engine::Viewer::Spectator).map_owner(w), Some(p(0)));
}

fn region(g: &WorldDumbination, s: worlds_world_dumbination::board::Space) -> String {
    g.content().board.region_name(s).map(|r| format!(" ({r})")).unwrap_or_default()
}

/// WD-MOVE-4, WD-MARK-4: a unit entering an opponent's marked space stops and conquers it; the
/// marker goes back to its owner (markers return only when their space is lost).
#[test]
fn wd_move_4_entering_a_marked_space_conquers_it() {
    let g = fixed(3);
    let mut s = moving(&g, 0, |t| {
        put_base(t, p(0), at(12, 2), 8);
        put_units(t, p(0), at(12, 2), 1);
        put_marker(t, p(1), at(13, 2));
        put_units(t, p(1), at(20, 2), 1);
        put_units(t, p(2), at(18, 4), 1);
    });
    assert_eq!(s.table().seats[p(1)].markers, 13);
    let events = act(&g, &mut s, 0, "move 1 e");
    assert_eq!(events[1], "P1 conquers C13 (Russia)");
    assert_eq!(s.table().seats[p(1)].markers, 14);
    assert!(!legal(&g, &s, 0).iter().any(|a| a.starts_with("move 1")), "it stops there");
}

/// WD-MARK-1, WD-MARK-2: leaving a space where a unit began, the player may leave a marker (the
/// space stays theirs); without one it stops being theirs.
#[test]
fn wd_mark_1_a_marker_keeps_a_space_that_units_leave() {
    let g = fixed(3);
    let setup = |t: &mut Table| {
        put_base(t, p(0), at(12, 2), 8);
        put_units(t, p(0), at(13, 2), 2);
        put_units(t, p(1), at(20, 2), 1);
        put_units(t, p(2), at(18, 4), 1);
    };
    let mut s = moving(&g, 0, setup);
    act(&g, &mut s, 0, "move 1 e");
    assert_eq!(legal(&g, &s, 0).iter().filter(|a| a.contains("marker")).count(), 0, "a unit of P1 is still there");
    act(&g, &mut s, 0, "move 2 e");
    assert_eq!(legal(&g, &s, 0), ["marker", "no marker"]);
    act(&g, &mut s, 0, "marker");
    assert_eq!(s.table().markers[usize::from(at(13, 2))], Some(p(0)));
    let mut s = moving(&g, 0, setup);
    act(&g, &mut s, 0, "move 1 e");
    act(&g, &mut s, 0, "move 2 e");
    act(&g, &mut s, 0, "no marker");
    let o = g.observe(&s, worlds_engine::Viewer::Spectator);
    assert_eq!(o.map_owner(at(13, 2)), None, "WD-MARK-2, WD-OWN-2: P1 had taken it from Russia: it is nobody's");
}

/// WD-COMBAT-5, WD-COMBAT-6, WD-COMBAT-11, WD-COMBAT-13: the winner removes the defenders, moves in
/// and scores; the attack counts against the defender; the lost attacker's space may get a marker.
#[test]
fn wd_combat_13_a_lost_attackers_space_may_keep_a_marker() {
    let g = fixed(3);
    let x = at(15, 2);
    let mut s = moving(&g, 0, |t| {
        put_base(t, p(0), at(13, 1), 8);
        put_units(t, p(0), at(14, 2), 1);
        put_units(t, p(0), at(14, 1), 1);
        put_units(t, p(1), x, 1);
        put_base(t, p(1), at(20, 2), 4);
    });
    // Russia's unit at (15, 2) has 0 strength there (its Base is 5 away): defence 0.
    act(&g, &mut s, 0, "C15");
    act(&g, &mut s, 0, "commit 1");
    assert_eq!(s.table().seats[p(0)].vp, 1, "WD-COMBAT-6: 1 VP for the unit");
    assert_eq!(s.table().seats[p(1)].last_attacker, Some(p(0)), "WD-COMBAT-11");
    assert!(s.table().seats[p(0)].attacked);
    assert_eq!(legal(&g, &s, 0), ["marker", "no marker"], "WD-COMBAT-13 / WD-MARK-1: (14, 2) was left");
}

/// WD-BUY-1, WD-BUY-2, WD-BUY-3, WD-BUY-4, WD-BASE-1: Bases first (4 to build, the new strength to
/// upgrade, once a round each), then Units for their Base's strength.
#[test]
fn wd_buy_1_bases_then_units() {
    let g = fixed(3);
    let s = start(&g, 1);
    let mut t = table(&g, &s);
    clear_board(&mut t);
    put_base(&mut t, p(0), at(3, 4), 4);
    put_units(&mut t, p(0), at(3, 4), 1);
    put_units(&mut t, p(0), at(2, 3), 1);
    put_units(&mut t, p(1), at(20, 2), 1);
    put_units(&mut t, p(2), at(18, 4), 1);
    t.seats[p(0)].resources = 30;
    buy_turn(&mut t, p(0));
    let mut s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["D2", "E3", "unit E3", "done"]);
    // Each choice says what it buys and costs.
    let hints: Vec<Option<String>> = g.legal_actions(&s, p(0)).into_iter().map(|a| g.action_hint(&s, a)).collect();
    assert_eq!(
        hints,
        [
            Some("build a 4-Base on D2 (USA), for 4".to_owned()),
            Some("upgrade your Base on E3 (USA) to 6, for 6".to_owned()),
            Some("a new unit on E3 (USA), for 4".to_owned()),
            Some("buy nothing more this round".to_owned())
        ]
    );
    assert_eq!(act(&g, &mut s, 0, "E3"), ["P1 upgrades the Base on E3 (USA) to 6 (pays 6)"]);
    assert_eq!(act(&g, &mut s, 0, "D2"), ["P1 builds a 4-Base on D2 (USA) (pays 4)"]);
    assert_eq!(legal(&g, &s, 0), ["unit E3", "unit D2", "done"], "each Base changes once a round");
    assert_eq!(act(&g, &mut s, 0, "unit E3"), ["P1 puts a new unit on E3 (USA) (pays 6)"]);
    assert_eq!(legal(&g, &s, 0), ["unit E3", "unit D2", "done"], "no Base after a Unit");
    assert_eq!(s.table().seats[p(0)].resources, 30 - 6 - 4 - 6);
}

/// WD-BASE-2: a player without a Base who can build one must.
#[test]
fn wd_base_2_a_player_without_a_base_must_build() {
    let g = fixed(3);
    let s = start(&g, 1);
    let mut t = table(&g, &s);
    clear_board(&mut t);
    put_units(&mut t, p(0), at(3, 4), 1);
    put_units(&mut t, p(1), at(20, 2), 1);
    put_units(&mut t, p(2), at(18, 4), 1);
    buy_turn(&mut t, p(0));
    let s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["E3"]);
    assert!(refused(&g, &s, 0, "done").ends_with("[WD-BASE-2]"));
    // And without a Base its units move 2, only on its own spaces.
    let mut t = table(&g, &s);
    move_turn(&mut t, p(0));
    let s = load(&g, &t);
    assert_eq!(g.strength(&s, p(0), at(3, 4)), 0);
}

/// WD-INCOME-1, WD-INCOME-2, WD-BOARD-4: in phase 7 each player gains their income: Bases' strength
/// ÷ 2 plus owned resource spaces (plus card changes).
#[test]
fn wd_income_2_phase_seven_pays_the_income() {
    let g = fixed(3);
    let mut s = start(&g, 1);
    for q in 0..3 {
        let goal = legal(&g, &s, q)[0].clone();
        act(&g, &mut s, q, &goal);
    }
    let before: Vec<u16> = s.table().seats.values().map(|x| x.resources).collect();
    play_until(&g, &mut s, |s| s.table().round == 2);
    let after: Vec<u16> = s.table().seats.values().map(|x| x.resources).collect();
    // Nobody placed a card (the passes): USA 5, Russia 4, North Korea 2.
    assert_eq!(after.iter().zip(&before).map(|(a, b)| a - b).collect::<Vec<_>>(), [5, 4, 2]);
}

/// WD-COMBAT-9 (the rulebook's map example, 5 players): a red unit next to its 8-Base has 7: it may
/// take a lone purple 6-Base next to that Base (+3 VP) or a yellow unit 2 from the Base that has 5
/// there (red has 6); two yellow units of 4 on the red unit's space together beat it (8 > 7).
#[test]
fn wd_combat_9_the_rulebooks_map_example() {
    let g = fixed(5);
    let setup = |t: &mut Table| {
        put_base(t, p(1), at(15, 2), 8);
        put_units(t, p(1), at(16, 2), 1);
        put_base(t, p(2), at(15, 1), 6);
        put_base(t, p(3), at(18, 2), 6);
        put_units(t, p(3), at(17, 2), 1);
        put_units(t, p(3), at(16, 3), 1);
        put_units(t, p(0), at(3, 4), 1);
        put_units(t, p(4), at(12, 4), 1);
    };
    let mut s = moving(&g, 1, setup);
    assert_eq!(g.strength(&s, p(1), at(16, 2)), 7);
    assert_eq!(g.strength(&s, p(1), at(17, 2)), 6);
    assert_eq!(g.strength(&s, p(3), at(17, 2)), 5);
    assert_eq!(g.strength(&s, p(3), at(16, 2)), 4);
    let options = legal(&g, &s, 1);
    assert!(options.contains(&"B15".to_owned()) && options.contains(&"C17".to_owned()), "{options:?}");
    act(&g, &mut s, 1, "B15");
    act(&g, &mut s, 1, "commit 1");
    assert_eq!(s.table().seats[p(1)].vp, 3);
    // Yellow's turn instead: the two units of 4 attack the red unit (8 > 7) and one is lost.
    let mut s = moving(&g, 3, setup);
    assert!(legal(&g, &s, 3).contains(&"C16".to_owned()));
    act(&g, &mut s, 3, "C16");
    act(&g, &mut s, 3, "commit 1");
    act(&g, &mut s, 3, "commit 2");
    assert_eq!(s.table().seats[p(3)].units.iter().filter(|u| u.on_board()).count(), 1);
    assert_eq!(s.table().seats[p(3)].vp, 1);
}

/// WD-COMP-3: at most 6 Units and 8 Bases on the board: with all 6 Units out none can be bought.
#[test]
fn wd_comp_3_piece_limits() {
    let g = fixed(3);
    let s = start(&g, 1);
    let mut t = table(&g, &s);
    clear_board(&mut t);
    put_base(&mut t, p(0), at(3, 4), 4);
    put_units(&mut t, p(0), at(3, 4), 6);
    put_units(&mut t, p(1), at(20, 2), 1);
    put_units(&mut t, p(2), at(18, 4), 1);
    t.seats[p(0)].resources = 30;
    buy_turn(&mut t, p(0));
    let s = load(&g, &t);
    assert!(!legal(&g, &s, 0).iter().any(|a| a.starts_with("unit")), "{:?}", legal(&g, &s, 0));
}

/// WD-DEC-2, WD-ROUND-1, WD-ROUND-2: phases follow in order; movement and buying follow the order track
/// (round 1 without cards: North Korea, Russia, USA).
#[test]
fn wd_round_2_phases_follow_the_order_track() {
    let g = fixed(3);
    let mut s = start(&g, 1);
    for q in 0..3 {
        let goal = legal(&g, &s, q)[0].clone();
        act(&g, &mut s, q, &goal);
    }
    let movers = std::cell::RefCell::new(Vec::new());
    let phases = std::cell::RefCell::new(Vec::new());
    play_until(&g, &mut s, |s| {
        if s.table().round > 1 {
            return true;
        }
        let (mut phases, mut movers) = (phases.borrow_mut(), movers.borrow_mut());
        if phases.last() != Some(&s.table().phase()) {
            phases.push(s.table().phase());
        }
        if let Some(Step::Move { seat, .. } | Step::Buy { seat, .. }) = s.table().stack.top()
            && movers.last() != Some(&(s.table().phase(), *seat))
        {
            movers.push((s.table().phase(), *seat));
        }
        false
    });
    let (phases, movers) = (phases.into_inner(), movers.into_inner());
    assert_eq!(phases, [Phase::Place, Phase::Move, Phase::Buy]);
    assert_eq!(
        movers,
        [
            (Phase::Move, p(2)),
            (Phase::Move, p(1)),
            (Phase::Move, p(0)),
            (Phase::Buy, p(2)),
            (Phase::Buy, p(1)),
            (Phase::Buy, p(0))
        ]
    );
}

/// WD-MOVE-5, WD-MOVE-6: a space with another player's pieces is entered only by an attack; sea
/// takes no unit without sea movement.
#[test]
fn wd_move_5_pieces_and_sea_stop_a_step() {
    let g = fixed(3);
    let b = &g.content().board;
    let coast = b
        .spaces()
        .find(|&x| {
            b.cell(x).land
                && b.cell(x).home.is_none()
                && b.step(x, 3).is_some_and(|w| !b.cell(w).land)
                && b.step(x, 0).is_some_and(|e| b.cell(e).land && b.cell(e).home.is_none())
        })
        .unwrap();
    let east = b.step(coast, 0).unwrap();
    let s = moving(&g, 0, |t| {
        put_base(t, p(0), coast, 8);
        put_units(t, p(0), coast, 1);
        put_units(t, p(1), east, 1);
        put_units(t, p(1), at(20, 2), 1);
        put_units(t, p(2), at(18, 4), 1);
    });
    let options = legal(&g, &s, 0);
    assert!(!options.contains(&"move 1 w".to_owned()) && !options.contains(&"move 1 e".to_owned()), "{options:?}");
    assert!(refused(&g, &s, 0, "move 1 w").ends_with("[WD-MOVE-6]"));
    assert!(refused(&g, &s, 0, "move 1 e").ends_with("[WD-MOVE-5]"));
    assert!(options.contains(&space_name(east)), "it may attack instead: {options:?}");
}

/// WD-MARK-3: a card that removes a player's last pieces from a space leaves their marker there.
#[test]
fn wd_mark_3_a_card_leaves_a_marker_behind() {
    let g = short(3);
    let lone = at(17, 2);
    let mut s = placing(&g, &[(0, &["border-incident"])], |t| {
        put_units(t, p(1), lone, 1);
    });
    place(&g, &mut s, 0, &["border-incident", "target russia", "done"]);
    others_pass(&g, &mut s, &[0]);
    if matches!(s.table().stack.top(), Some(Step::Act(_))) {
        act(&g, &mut s, 0, &space_name(lone));
    }
    assert_eq!(s.table().markers[usize::from(lone)], Some(p(1)));
    assert_eq!(s.table().seats[p(0)].vp, 5 + 1, "WD-VP-1: 1 VP for the unit");
}

/// WD-COMP-5: the nations' colours.
#[test]
fn wd_comp_5_colours() {
    let colours: Vec<&str> = Nation::ALL.iter().map(|n| n.colour()).collect();
    assert_eq!(colours, ["blue", "red", "purple", "yellow", "green"]);
}
