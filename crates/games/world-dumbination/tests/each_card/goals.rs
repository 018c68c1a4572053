//! First Goals (10), in the standard game with five players (P1 USA, P2 Russia, P3 North Korea,
//! P4 Venezuela, P5 Turkey; 10 resources and 0 VP each). In round 2 the player flips their goal
//! (WD-PLACE-4); at its number it is paid (its cost with the need met, else its corruption cost),
//! scores 3 VP and gives its bonus (WD-GOAL-2, WD-GOAL-3).

use super::*;

const VENEZUELA: usize = 3;
const TURKEY: usize = 4;

/// Round 2 of the five-player game: every player keeps their nation's first goal, `q` keeps
/// `goal` and flips it, everyone else passes (after `edit`).
fn flip(g: &WorldDumbination, q: usize, goal: &str, edit: impl FnOnce(&mut Table)) -> Played {
    let target = if q == RUSSIA { "target usa" } else { "target russia" };
    play_all(g, &[(q, &["nothing", "flip goal", target, "done"][..])], |t| {
        t.round = 2;
        for seat in t.seats.values_mut() {
            seat.goal = Some(g.content().cards.first_goals(seat.nation)[0]);
        }
        t.seats[p(q)].goal = Some(no(g, goal));
        edit(t);
    })
}

/// The lines of [`changes`] for a completed goal: paid `from -> to`, 3 VP, owned.
fn completed(g: &WorldDumbination, q: usize, goal: &str, from: i64, paid: i64) -> [String; 3] {
    [d(q, "resources", from, from - paid), d(q, "VP", 0, vp(g, goal)), d(q, "projects", "[]", format!("[{goal}]"))]
}

/// The events of a completed goal.
fn announced(g: &WorldDumbination, pl: &Played, q: usize, goal: &str, paid: i64) {
    let card = named(g, goal);
    let who = format!("P{}", q + 1);
    pl.saw(&[
        &format!("{who} flips their First Goal: {card}"),
        &format!("{who} uses {card} (pays {paid})"),
        &format!("{who} completes their First Goal, {card}"),
        &format!("{who} gains 3 VP (3)"),
    ]);
    assert!(pl.seat(q).goal_done);
}

/// A goal's corruption cost (WD-GOAL-2).
fn corruption(g: &WorldDumbination, goal: &str) -> i64 {
    i64::from(g.content().cards.by_id(goal).unwrap().corruption.unwrap())
}

#[test]
fn card_019_be_most_peaceful() {
    let (g, id) = (g5(), "be-most-peaceful");
    let pl = flip(&g, KOREA, id, |t| t.seats[p(KOREA)].popularity = 8);
    announced(&g, &pl, KOREA, id, cost(&g, id));
    let [res, vp, project] = completed(&g, KOREA, id, 10, cost(&g, id));
    assert_eq!(pl.changes(&g), [d(KOREA, "Popularity", 8, 9), res, vp, project]);
    // Having attacked, the need is unmet: corruption 10.
    let bought = flip(&g, KOREA, id, |t| {
        t.seats[p(KOREA)].popularity = 8;
        t.seats[p(KOREA)].attacked = true;
    });
    let [res, vp, project] = completed(&g, KOREA, id, 10, corruption(&g, id));
    assert_eq!(bought.changes(&g), [d(KOREA, "Popularity", 8, 9), res, vp, project]);
}

#[test]
fn card_025_stay_in_power() {
    let (g, id) = (g5(), "stay-in-power");
    // Venezuela starts with Ego 6 and Popularity 6: the need is met.
    let pl = flip(&g, VENEZUELA, id, |_| {});
    announced(&g, &pl, VENEZUELA, id, cost(&g, id));
    assert_eq!(pl.changes(&g), completed(&g, VENEZUELA, id, 10, cost(&g, id)), "no bonus");
    let bought = flip(&g, VENEZUELA, id, |t| t.seats[p(VENEZUELA)].popularity = 5);
    assert_eq!(bought.changes(&g), completed(&g, VENEZUELA, id, 10, corruption(&g, id)));
}

#[test]
fn card_031_america_first() {
    let (g, id) = (g5(), "america-first");
    // A 10-Base (5) and three resource spaces: income 8.
    let pl = flip(&g, USA, id, |t| t.seats[p(USA)].bases[0].strength = 10);
    announced(&g, &pl, USA, id, cost(&g, id));
    let [res, vp, project] = completed(&g, USA, id, 10, cost(&g, id));
    assert_eq!(pl.changes(&g), [d(USA, "Popularity", 5, 6), res, vp, project]);
    // Income 5: corruption 10.
    let bought = flip(&g, USA, id, |_| {});
    let [res, vp, project] = completed(&g, USA, id, 10, corruption(&g, id));
    assert_eq!(bought.changes(&g), [d(USA, "Popularity", 5, 6), res, vp, project]);
}

#[test]
fn card_036_nuclear_power() {
    let (g, id) = (g5(), "nuclear-power");
    // Hidden Genius, a Dumbness card won at auction, is a genius card.
    let pl = flip(&g, KOREA, id, |t| {
        own(&g, t, p(KOREA), "hidden-genius");
    });
    announced(&g, &pl, KOREA, id, cost(&g, id));
    assert_eq!(
        pl.changes(&g),
        [
            d(KOREA, "Ego", 8, 9),
            d(KOREA, "resources", 10, 10 - cost(&g, id)),
            d(KOREA, "VP", 0, 3),
            d(KOREA, "projects", "[hidden-genius]", "[nuclear-power, hidden-genius]"),
        ]
    );
    let bought = flip(&g, KOREA, id, |_| {});
    let [res, vp, project] = completed(&g, KOREA, id, 10, corruption(&g, id));
    assert_eq!(bought.changes(&g), [d(KOREA, "Ego", 8, 9), res, vp, project]);
}

#[test]
fn card_038_back_in_the_ussr() {
    let (g, id) = (g5(), "back-in-the-ussr");
    // Markers on 3 of the 5 USSR-flag spaces.
    let pl = flip(&g, RUSSIA, id, |t| {
        for x in ["C11", "D11", "D12"] {
            put_marker(t, p(RUSSIA), sp(x));
        }
    });
    announced(&g, &pl, RUSSIA, id, cost(&g, id));
    let [res, vp, project] = completed(&g, RUSSIA, id, 10, cost(&g, id));
    assert_eq!(pl.changes(&g), [d(RUSSIA, "Popularity", 6, 7), res, vp, project]);
    let bought = flip(&g, RUSSIA, id, |t| t.seats[p(RUSSIA)].resources = 12);
    let [res, vp, project] = completed(&g, RUSSIA, id, 12, corruption(&g, id));
    assert_eq!(bought.changes(&g), [d(RUSSIA, "Popularity", 6, 7), res, vp, project]);
}

#[test]
fn card_044_successful_dictator() {
    let (g, id) = (g5(), "successful-dictator");
    // Markers on 3 of the 6 EU-flag spaces.
    let pl = flip(&g, TURKEY, id, |t| {
        for x in ["B11", "C10", "D9"] {
            put_marker(t, p(TURKEY), sp(x));
        }
    });
    announced(&g, &pl, TURKEY, id, cost(&g, id));
    let [res, vp, project] = completed(&g, TURKEY, id, 10, cost(&g, id));
    assert_eq!(pl.changes(&g), [d(TURKEY, "Ego", 8, 9), res, vp, project]);
    let bought = flip(&g, TURKEY, id, |t| t.seats[p(TURKEY)].resources = 12);
    let [res, vp, project] = completed(&g, TURKEY, id, 12, corruption(&g, id));
    assert_eq!(bought.changes(&g), [d(TURKEY, "Ego", 8, 9), res, vp, project]);
}

#[test]
fn card_052_oil_boom() {
    let (g, id) = (g5(), "oil-boom");
    // Markers on three resource spaces: income 2 + 3; Oil Boom adds 1 while owned.
    let three = |t: &mut Table| {
        for x in ["G3", "I6", "J5"] {
            put_marker(t, p(VENEZUELA), sp(x));
        }
    };
    let pl = flip(&g, VENEZUELA, id, three);
    announced(&g, &pl, VENEZUELA, id, cost(&g, id));
    let [res, vp, project] = completed(&g, VENEZUELA, id, 10, cost(&g, id));
    assert_eq!(pl.changes(&g), [res, vp, d(VENEZUELA, "income", 5, 6), project]);
    let bought = flip(&g, VENEZUELA, id, |t| t.seats[p(VENEZUELA)].resources = 12);
    let [res, vp, project] = completed(&g, VENEZUELA, id, 12, corruption(&g, id));
    assert_eq!(bought.changes(&g), [res, vp, d(VENEZUELA, "income", 2, 3), project]);
}

#[test]
fn card_055_build_a_wall() {
    let (g, id) = (g5(), "build-a-wall");
    // A USA marker on each of the three wall spaces.
    let pl = flip(&g, USA, id, |t| {
        for x in ["F1", "F2", "F3"] {
            put_marker(t, p(USA), sp(x));
        }
    });
    announced(&g, &pl, USA, id, cost(&g, id));
    let [res, vp, project] = completed(&g, USA, id, 10, cost(&g, id));
    assert_eq!(pl.changes(&g), [d(USA, "Ego", 9, 10), res, vp, project]);
    // No corruption: with its need unmet it cannot even be flipped (WD-PLACE-6); the right card
    // space, with nothing else to take, is passed over.
    let mut s = placing(&g, &[], |t| {
        t.round = 2;
        t.seats[p(USA)].goal = Some(no(&g, id));
    });
    act(&g, &mut s, USA, "nothing");
    assert!(!legal(&g, &s, USA).contains(&"flip goal".to_owned()));
    assert!(legal(&g, &s, USA).iter().all(|a| a.starts_with("target")), "{:?}", legal(&g, &s, USA));
}

#[test]
fn card_060_new_sultanate() {
    let (g, id) = (g5(), "new-sultanate");
    // Turkey's start space and seven markers: 8 spaces; Ego 8.
    let pl = flip(&g, TURKEY, id, |t| {
        for x in ["E11", "E13", "E15", "E16", "F11", "F12", "F14"] {
            put_marker(t, p(TURKEY), sp(x));
        }
    });
    announced(&g, &pl, TURKEY, id, cost(&g, id));
    assert_eq!(pl.changes(&g), completed(&g, TURKEY, id, 10, cost(&g, id)), "no bonus");
    let bought = flip(&g, TURKEY, id, |_| {});
    assert_eq!(bought.changes(&g), completed(&g, TURKEY, id, 10, corruption(&g, id)));
}

#[test]
fn card_064_red_army_parade() {
    let (g, id) = (g5(), "red-army-parade");
    // 4 Units on the board and a 6-Base.
    let pl = flip(&g, RUSSIA, id, |t| {
        put_units(t, p(RUSSIA), sp("B14"), 2);
        t.seats[p(RUSSIA)].bases[0].strength = 6;
    });
    announced(&g, &pl, RUSSIA, id, cost(&g, id));
    let [res, vp, project] = completed(&g, RUSSIA, id, 10, cost(&g, id));
    assert_eq!(pl.changes(&g), [d(RUSSIA, "Ego", 7, 8), res, vp, project]);
    let bought = flip(&g, RUSSIA, id, |_| {});
    let [res, vp, project] = completed(&g, RUSSIA, id, 10, corruption(&g, id));
    assert_eq!(bought.changes(&g), [d(RUSSIA, "Ego", 7, 8), res, vp, project]);
}
