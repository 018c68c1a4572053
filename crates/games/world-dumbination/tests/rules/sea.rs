//! Part 2: sea movement (WD-MOVE-6, WD-MOVE-9, WD-COMBAT-10), the hidden move (WD-INFO-2,
//! WD-INFO-4, WD-RULING-7), moving a Base, cancelling cards and temporary rule changes.

use worlds_engine::{Game, Player, SeededRng, Viewer};
use worlds_world_dumbination::{CardNo, CardStep, InForce, Kind, RuleKind, State, Table, WorldDumbination};

use super::combat::fixed;
use crate::common::*;

/// The card with this step (the first, by number).
fn with_step(g: &WorldDumbination, f: impl Fn(&CardStep) -> bool) -> CardNo {
    g.content().cards.all().iter().find(|c| c.effect.iter().any(&f)).map(|c| c.number).expect("a card with the step")
}

/// Gives `p` a project, taking it out of the decks and discard piles.
fn own(t: &mut Table, p: Player, k: CardNo) {
    for set in t.decks.iter_mut().chain(t.discards.iter_mut()) {
        set.remove(k);
    }
    t.seats[p].projects.insert(k);
}

/// Phase 5, USA (seat 0) to move, with USA's 6-Base and one unit on E5 by the Atlantic, Russia
/// and North Korea far away, and `edit` applied.
fn coast(g: &WorldDumbination, edit: impl FnOnce(&mut Table)) -> State {
    let s = start(g, 1);
    let mut t = table(g, &s);
    clear_board(&mut t);
    put_base(&mut t, p(0), sp("E5"), 6);
    put_units(&mut t, p(0), sp("E5"), 1);
    put_base(&mut t, p(1), sp("C16"), 4);
    put_units(&mut t, p(1), sp("C16"), 1);
    put_base(&mut t, p(2), sp("E12"), 4);
    put_units(&mut t, p(2), sp("E12"), 1);
    edit(&mut t);
    // USA moves first.
    t.order = [0, 1, 2].into_iter().map(p).collect();
    move_turn(&mut t, p(0));
    load(g, &t)
}

fn submarine(g: &WorldDumbination) -> CardNo {
    with_step(g, |s| matches!(s, CardStep::SeaMovement { may_end_at_sea: true, .. }))
}

fn carrier(g: &WorldDumbination) -> CardNo {
    with_step(g, |s| matches!(s, CardStep::SeaMovement { may_end_at_sea: false, .. }))
}

/// WD-MOVE-6: without a sea project no unit enters the sea.
#[test]
fn wd_move_6_only_sea_projects_take_units_to_sea() {
    let g = fixed(3);
    let s = coast(&g, |_| {});
    assert!(!legal(&g, &s, 0).contains(&"move 1 e".to_owned()), "E6 is sea");
    let s = coast(&g, |t| {
        own(t, p(0), submarine(&g));
    });
    assert!(legal(&g, &s, 0).contains(&"move 1 e".to_owned()));
}

/// Submarine: one unit a round may go to sea and end its move there; the unit stays at sea.
#[test]
fn wd_ruling_6_submarine_units_may_end_at_sea() {
    let g = fixed(3);
    let mut s = coast(&g, |t| {
        own(t, p(0), submarine(&g));
    });
    act(&g, &mut s, 0, "move 1 e");
    act(&g, &mut s, 0, "move 1 e");
    assert!(legal(&g, &s, 0).contains(&"done".to_owned()), "a Submarine unit may stop at sea");
    act(&g, &mut s, 0, "done");
    assert_eq!(s.table().seats[p(0)].units[0].at, sp("E7"));
    assert_eq!(s.table().seats[p(0)].sea_used, 1);
}

/// WD-MOVE-9: an Aircraft Carrier unit at sea must keep land in reach and cannot stop there:
/// neither another unit nor `done` while it is at sea.
#[test]
fn wd_move_9_a_carrier_unit_must_end_on_land() {
    let g = fixed(3);
    let mut s = coast(&g, |t| {
        own(t, p(0), carrier(&g));
        put_units(t, p(0), sp("D4"), 1);
    });
    act(&g, &mut s, 0, "move 1 e");
    let options = legal(&g, &s, 0);
    assert!(!options.contains(&"done".to_owned()), "{options:?}");
    assert!(options.iter().all(|a| a.starts_with("move 1")), "only the unit at sea moves on: {options:?}");
    // From E6 with 2 steps left, E7 would leave no land within 1 step.
    assert!(!options.contains(&"move 1 e".to_owned()), "{options:?}");
    assert!(options.contains(&"move 1 w".to_owned()), "{options:?}");
    act(&g, &mut s, 0, "move 1 w");
    assert!(legal(&g, &s, 0).contains(&"done".to_owned()));
}

/// WD-COMBAT-10: units at sea can be attacked only by units with sea movement that may end there.
#[test]
fn wd_combat_10_only_sea_units_attack_at_sea() {
    let g = fixed(3);
    let s = coast(&g, |t| {
        put_units(t, p(1), sp("E6"), 1);
    });
    assert!(!legal(&g, &s, 0).contains(&"E6".to_owned()));
    let mut s = coast(&g, |t| {
        put_units(t, p(1), sp("E6"), 1);
        own(t, p(0), submarine(&g));
    });
    assert!(legal(&g, &s, 0).contains(&"E6".to_owned()));
    act(&g, &mut s, 0, "E6");
    act(&g, &mut s, 0, "commit 1");
    assert_eq!(s.table().seats[p(0)].units[0].at, sp("E6"));
    assert_eq!(s.table().seats[p(1)].units_at(sp("E6")), 0);
}

/// The hidden move: others see the unit leave, not where it goes; it enters no marked space; at the
/// end of phase 5 it is revealed.
#[test]
fn wd_ruling_7_the_hidden_move_is_seen_only_by_its_player_until_phase_five_ends() {
    let g = fixed(3);
    let card = with_step(&g, |s| matches!(s, CardStep::HiddenMove));
    let mut s = coast(&g, |t| {
        own(t, p(0), card);
    });
    let shown = act(&g, &mut s, 0, "hide 1");
    assert!(shown.iter().any(|e| e.contains("leaves E5") && e.contains("hidden move")), "{shown:?}");
    let events = play(&g, &mut s, 0, "move 1 nw", &mut SeededRng::new(1));
    let to = s.table().seats[p(0)].units[0].at;
    for e in &events {
        assert!(!e.visibility.visible_to(Viewer::Player(p(1))), "the step is secret: {:?}", e.event);
    }
    let other = g.observe(&s, Viewer::Player(p(1)));
    assert!(other.spaces.iter().all(|v| v.space != to || v.units == 0));
    assert_eq!(other.seats[p(0)].hidden_from, Some(sp("E5")));
    assert_eq!(other.seats[p(0)].hidden_at, None);
    let mine = g.observe(&s, Viewer::Player(p(0)));
    assert_eq!(mine.seats[p(0)].hidden_at, Some(to));
    // Determinization for another player keeps what they see.
    for seed in 0..10 {
        let d = g.determinize(&s, p(1), &mut SeededRng::new(seed));
        assert_eq!(g.observe(&d, Viewer::Player(p(1))), other);
    }
    let mut end = act(&g, &mut s, 0, "done");
    end.extend(play_until(&g, &mut s, |s| s.table().phase() == worlds_world_dumbination::Phase::Buy));
    assert!(end.iter().any(|e| e.contains("hidden unit from E5") && e.contains("revealed on D4")), "{end:?}");
    assert_eq!(s.table().seats[p(0)].hidden, None);
}

/// WD-RULING-7: a hidden unit whose space an opponent entered goes back to where it left.
#[test]
fn wd_ruling_7_a_hidden_unit_finding_its_space_taken_goes_back() {
    let g = fixed(3);
    let card = with_step(&g, |s| matches!(s, CardStep::HiddenMove));
    let mut s = coast(&g, |t| {
        own(t, p(0), card);
    });
    act(&g, &mut s, 0, "hide 1");
    act(&g, &mut s, 0, "move 1 ne");
    let to = s.table().seats[p(0)].units[0].at;
    assert_eq!(to, sp("D5"));
    act(&g, &mut s, 0, "done");
    let mut t = table(&g, &s);
    t.seats[p(1)].units[0].at = to;
    take_home(&mut t, p(1), to);
    let mut s = load(&g, &t);
    let end = play_until(&g, &mut s, |s| s.table().phase() == worlds_world_dumbination::Phase::Buy);
    assert!(end.iter().any(|e| e.contains("hidden unit is back on E5")), "{end:?}");
    assert_eq!(s.table().seats[p(0)].units[0].at, sp("E5"));
}

/// Moving a Base: at the start of phase 6, once, to an owned space with a standing unit within range.
#[test]
fn wd_ruling_8_a_base_moves_at_the_start_of_phase_six() {
    let g = fixed(3);
    let card = with_step(&g, |s| matches!(s, CardStep::MoveBase { .. }));
    let mut s = coast(&g, |t| {
        own(t, p(0), card);
        put_units(t, p(0), sp("D4"), 1);
    });
    let mut events = act(&g, &mut s, 0, "done");
    events.extend(play_until(&g, &mut s, |s| {
        matches!(s.table().stack.top(), Some(&worlds_world_dumbination::Step::MoveBase { seat, .. }) if seat == p(0))
    }));
    assert_eq!(legal(&g, &s, 0), ["E5", "nothing"]);
    act(&g, &mut s, 0, "E5");
    assert_eq!(legal(&g, &s, 0), ["D4"]);
    let moved = act(&g, &mut s, 0, "D4");
    assert_eq!(moved, ["P1 moves the Base on E5 (USA) to D4 (USA)"]);
    assert_eq!(s.table().seats[p(0)].base_at(sp("D4")).map(|b| s.table().seats[p(0)].bases[b].strength), Some(6));
    assert!(matches!(s.table().stack.top(), Some(worlds_world_dumbination::Step::Buy { .. })));
}

/// cancel_cards: the target's cards that have not acted yet are discarded without effect or fine.
#[test]
fn wd_ruling_9_cancel_cards_discards_the_targets_cards_not_yet_used() {
    let g = short(2);
    let cancel = g
        .content()
        .cards
        .all()
        .iter()
        .filter(|c| c.effect.contains(&CardStep::CancelCards))
        .min_by_key(|c| c.number)
        .expect("a cancel card")
        .clone();
    // A Russian card numbered above the cancel card.
    let later = g
        .content()
        .cards
        .all()
        .iter()
        .find(|c| c.number > cancel.number && c.kind == Kind::Green && c.need.is_empty() && c.deck == cancel.deck)
        .expect("a later Green card")
        .clone();
    let mut s = placing(&g, &[(0, &[cancel.id.as_str()]), (1, &[later.id.as_str()])], |t| {
        for seat in t.seats.values_mut() {
            (seat.resources, seat.ego, seat.popularity) = (30, 9, 9);
        }
    });
    place_card(&g, &mut s, 0, &cancel.id, "target russia");
    let mut events = place_card(&g, &mut s, 1, &later.id, "target usa");
    let rest = play_until(&g, &mut s, |s| s.table().phase() == worlds_world_dumbination::Phase::Move);
    events.extend(rest);
    assert!(
        events.contains(&format!("P2's {} [{}] is cancelled and discarded without effect", later.name, later.number)),
        "{events:?}"
    );
    assert!(!events.iter().any(|e| e.contains(&format!("P2 uses {}", later.name))));
    assert!(!events.iter().any(|e| e.contains("P2 cannot fund")));
}

/// Temporary rule changes: no unit attacks while in force; Brown cards cost more; resource spaces
/// yield nothing; movement changes for everyone.
#[test]
fn temporary_rules_change_attacks_costs_income_and_movement() {
    let g = fixed(3);
    let rule_card = g.content().cards.all().iter().find(|c| c.kind == Kind::Dumbness).unwrap().number;
    let with_rule = |kind: RuleKind| {
        coast(&g, |t| {
            put_units(t, p(1), sp("E4"), 1);
            for l in 0..2 {
                t.decks[l].remove(rule_card);
            }
            drawn_dumbness(&g, t, rule_card);
            t.dumb.up.insert(rule_card);
            t.dumb.rules.push(InForce { kind, until: t.round, card: rule_card });
        })
    };
    let plain = coast(&g, |t| put_units(t, p(1), sp("E4"), 1));
    assert!(legal(&g, &plain, 0).contains(&"E4".to_owned()));
    assert!(!legal(&g, &with_rule(RuleKind::NoAttacks), 0).contains(&"E4".to_owned()));
    let usa = p(0);
    let slow = with_rule(RuleKind::Movement(-2));
    let fast = with_rule(RuleKind::Movement(1));
    // The steps a unit has: one taken, and what is left.
    let steps = |s: &State| {
        let mut s = s.clone();
        act(&g, &mut s, 0, "move 1 nw");
        match s.table().stack.top() {
            Some(worlds_world_dumbination::Step::Move { left, .. }) => left + 1,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!((steps(&slow), steps(&plain), steps(&fast)), (1, 3, 4));
    // USA's 6-Base gives 3 and its three resource home spaces 3, unless they yield nothing.
    let poor = with_rule(RuleKind::NoResourceIncome);
    assert_eq!((g.income(&plain, usa), g.income(&poor, usa)), (6, 3));
}
