//! Level 2, Blue (21): projects, with the movement powers of "Effect vocabulary" (sea movement,
//! the hidden move, moving a Base). Each lasts while owned and stops while sabotaged (WD-CARD-7,
//! WD-CARD-8).

use super::*;

/// The lines of [`changes`] every funded project shares: paid, VP scored, owned.
fn funded(g: &WorldDumbination, q: usize, id: &str) -> [String; 3] {
    [paid(g, q, id), d(q, "VP", 5, 5 + vp(g, id)), d(q, "projects", "[]", format!("[{id}]"))]
}

/// `funded`, with the lines `more` in their place between the VP and the projects.
fn funded_with(g: &WorldDumbination, q: usize, id: &str, before: &[String], more: &[String]) -> Vec<String> {
    let [res, vp, project] = funded(g, q, id);
    before.iter().cloned().chain([res, vp]).chain(more.iter().cloned()).chain([project]).collect()
}

#[test]
fn card_073_submarine() {
    let (g, id) = (g3(), "submarine");
    // Two USA Units on E5, by the sea (E6).
    let mut pl = fund(&g, USA, id, |t| put_units(t, p(USA), sp("E5"), 2));
    assert_eq!(pl.changes(&g), funded(&g, USA, id));
    assert!(!moves(&g, &pl.before, USA).contains(&"move 3 e".to_owned()), "no sea move without it");
    assert!(!moves(&g, &sabotaged(&g, &pl.s, p(USA), id), USA).contains(&"move 3 e".to_owned()));
    // P1 moves first this round: one Unit onto the sea, and it may end its move there...
    pl.answer(&g, USA, "move 3 e");
    assert!(pl.options(&g, USA).contains(&"done".to_owned()));
    // ...but only 1 Unit a round: the other one stays ashore.
    assert!(pl.options(&g, USA).contains(&"move 4 w".to_owned()));
    assert!(!pl.options(&g, USA).contains(&"move 4 e".to_owned()));
    pl.answer(&g, USA, "done");
    assert_eq!(pl.seat(USA).units[2].at, sp("E6"));
}

#[test]
fn card_076_national_lottery() {
    let (g, id) = (g3(), "national-lottery");
    let pl = fund(&g, USA, id, |_| {});
    assert_eq!(pl.changes(&g), funded_with(&g, USA, id, &[d(USA, "Popularity", 5, 6)], &[d(USA, "income", 5, 6)]));
    assert_eq!(g.income(&sabotaged(&g, &pl.s, p(USA), id), p(USA)), 5);
}

#[test]
fn card_078_highway_network() {
    let (g, id) = (g3(), "highway-network");
    let pl = fund(&g, USA, id, |_| {});
    assert_eq!(pl.changes(&g), funded(&g, USA, id));
    let steps = |s: &State| movement(&g, s, USA, "move 1 e");
    assert_eq!((steps(&pl.before), steps(&pl.s), steps(&sabotaged(&g, &pl.s, p(USA), id))), (2, 3, 2));
}

#[test]
fn card_083_stealth_technology() {
    let (g, id) = (g3(), "stealth-technology");
    let pl = fund(&g, USA, id, |_| {});
    assert_eq!(pl.changes(&g), funded(&g, USA, id));
    // WD-RULING-7: a unit's move may start hidden.
    let hide = |s: &State| moves(&g, s, USA).contains(&"hide 1".to_owned());
    assert_eq!((hide(&pl.before), hide(&pl.s), hide(&sabotaged(&g, &pl.s, p(USA), id))), (false, true, false));
    let mut s = pl.s.clone();
    let shown = act(&g, &mut s, USA, "hide 1");
    assert_eq!(shown, ["P1's unit leaves E3 (USA) on a hidden move"]);
}

#[test]
fn card_087_doomsday_bunker() {
    let (g, id) = (g3(), "doomsday-bunker");
    let pl = fund(&g, RUSSIA, id, |_| {});
    assert_eq!(pl.changes(&g), funded_with(&g, RUSSIA, id, &[d(RUSSIA, "Ego", 7, 9)], &[]));
}

#[test]
fn card_089_spy_satellite() {
    let (g, id) = (g3(), "spy-satellite");
    let pl = fund(&g, USA, id, |_| {});
    assert_eq!(pl.changes(&g), funded(&g, USA, id));
    let mut s = pl.s.clone();
    next_round(&g, &mut s);
    let hands: Vec<u32> = s.table().seats.values().map(|seat| seat.hand.len()).collect();
    assert_eq!(hands, [6, 5, 5], "hand limit 6");
    let mut idle = sabotaged(&g, &pl.s, p(USA), id);
    next_round(&g, &mut idle);
    assert_eq!(idle.table().seats[p(USA)].hand.len(), 5);
}

#[test]
fn card_093_palace_guard() {
    let (g, id) = (g3(), "palace-guard");
    let mut pl = fund(&g, RUSSIA, id, |t| put_base(t, p(RUSSIA), sp("C13"), 4));
    assert_eq!(pl.options(&g, RUSSIA), ["B14", "C13"]);
    pl.answer(&g, RUSSIA, "C13");
    assert_eq!(
        pl.changes(&g),
        funded_with(&g, RUSSIA, id, &[d(RUSSIA, "Ego", 7, 8)], &[d(RUSSIA, "units", "[B14 2]", "[B14 2, C13 1]")])
    );
}

#[test]
fn card_097_oil_pipeline() {
    let (g, id) = (g3(), "oil-pipeline");
    let pl = fund(&g, USA, id, |_| {});
    assert_eq!(pl.changes(&g), funded_with(&g, USA, id, &[], &[d(USA, "income", 5, 7)]));
    assert_eq!(g.income(&sabotaged(&g, &pl.s, p(USA), id), p(USA)), 5);
}

#[test]
fn card_099_palace_on_wheels() {
    let (g, id) = (g3(), "palace-on-wheels");
    // A standing USA Unit on D4, next to the Base on E3.
    let pl = fund(&g, USA, id, |t| put_units(t, p(USA), sp("D4"), 1));
    assert_eq!(pl.changes(&g), funded(&g, USA, id));
    // WD-RULING-8: asked at the start of P1's phase 6, before buying.
    let phase_six = |s: &State| {
        let mut s = s.clone();
        play_until(
            &g,
            &mut s,
            |s| matches!(s.table().stack.top(), Some(&(Step::MoveBase { seat, .. } | Step::Buy { seat, .. })) if seat == p(0)),
        );
        s
    };
    let idle = phase_six(&sabotaged(&g, &pl.s, p(USA), id));
    assert!(matches!(idle.table().stack.top(), Some(Step::Buy { .. })), "sabotaged: no move");
    let mut s = phase_six(&pl.s);
    assert_eq!(legal(&g, &s, USA), ["E3", "nothing"]);
    act(&g, &mut s, USA, "E3");
    assert_eq!(legal(&g, &s, USA), ["D4"]);
    assert_eq!(act(&g, &mut s, USA, "D4"), ["P1 moves the Base on E3 (USA) to D4 (USA)"]);
    assert_eq!(changes(&g, &pl.s, &s), [d(USA, "Bases", "[E3 4]", "[D4 4]")]);
    assert!(matches!(s.table().stack.top(), Some(&Step::Buy { seat, .. }) if seat == p(0)));
}

#[test]
fn card_103_mass_surveillance() {
    let (g, id) = (g3(), "mass-surveillance");
    let pl = fund(&g, USA, id, |_| {});
    assert_eq!(pl.changes(&g), funded_with(&g, USA, id, &[d(USA, "Popularity", 5, 7)], &[]));
}

#[test]
fn card_105_fortress() {
    let (g, id) = (g3(), "fortress");
    let mut pl = fund(&g, USA, id, |t| {
        put_units(t, p(USA), sp("D4"), 1);
        put_units(t, p(USA), sp("E4"), 1);
    });
    // Where a standing Unit of P1's is, on a space P1 owns, without a Base (WD-BUY-2).
    assert_eq!(pl.options(&g, USA), ["D4", "E4"]);
    pl.answer(&g, USA, "E4");
    pl.saw(&["P1 builds a 4-Base on E4 (USA) (pays 0)"]);
    assert_eq!(
        pl.changes(&g),
        funded_with(&g, USA, id, &[], &[d(USA, "income", 5, 7), d(USA, "Bases", "[E3 4]", "[E3 4, E4 4]")])
    );
}

#[test]
fn card_107_military_academy() {
    let (g, id) = (g3(), "military-academy");
    let pl = fund(&g, RUSSIA, id, |_| {});
    assert_eq!(pl.changes(&g), funded_with(&g, RUSSIA, id, &[], &[d(RUSSIA, "units", "[B14 2]", "[B14 3]")]));
    // All 6 Units on the board: none to put, the project is funded all the same (WD-COMP-3).
    let full = fund(&g, RUSSIA, id, |t| put_units(t, p(RUSSIA), sp("B14"), 4));
    assert_eq!(full.changes(&g), funded(&g, RUSSIA, id));
}

#[test]
fn card_113_military_industrial_complex() {
    let (g, id) = (g3(), "military-industrial-complex");
    let pl = fund(&g, USA, id, |_| {});
    assert_eq!(pl.changes(&g), funded_with(&g, USA, id, &[], &[d(USA, "income", 5, 7)]));
    assert_eq!(g.income(&sabotaged(&g, &pl.s, p(USA), id), p(USA)), 5);
}

#[test]
fn card_118_naval_base() {
    let (g, id) = (g3(), "naval-base");
    // D4 is the only place for the free Base: no question.
    let pl = fund(&g, USA, id, |t| put_units(t, p(USA), sp("D4"), 1));
    assert_eq!(
        pl.changes(&g),
        funded_with(&g, USA, id, &[], &[d(USA, "income", 5, 8), d(USA, "Bases", "[E3 4]", "[D4 4, E3 4]")])
    );
    // Sabotage stops the +1; the Base it brought stays (WD-CARD-8).
    assert_eq!(g.income(&sabotaged(&g, &pl.s, p(USA), id), p(USA)), 7);
}

#[test]
fn card_121_aircraft_carrier() {
    let (g, id) = (g3(), "aircraft-carrier");
    let mut pl = fund(&g, USA, id, |t| put_units(t, p(USA), sp("E5"), 1));
    assert_eq!(pl.changes(&g), funded(&g, USA, id));
    assert!(!moves(&g, &pl.before, USA).contains(&"move 3 e".to_owned()));
    assert!(!moves(&g, &sabotaged(&g, &pl.s, p(USA), id), USA).contains(&"move 3 e".to_owned()));
    // WD-MOVE-9: at sea (E6) with one step left it must go back to land: no `done`, no other
    // unit, no step further out to sea.
    pl.answer(&g, USA, "move 3 e");
    pl.answer(&g, USA, "no marker");
    assert_eq!(pl.options(&g, USA), ["move 3 sw", "move 3 w", "move 3 nw"]);
    pl.answer(&g, USA, "move 3 w");
    assert!(pl.options(&g, USA).contains(&"done".to_owned()));
}

#[test]
fn card_127_state_oil_company() {
    let (g, id) = (g3(), "state-oil-company");
    let pl = fund(&g, USA, id, |_| {});
    assert_eq!(pl.changes(&g), funded_with(&g, USA, id, &[], &[d(USA, "income", 5, 8)]));
    assert_eq!(g.income(&sabotaged(&g, &pl.s, p(USA), id), p(USA)), 5);
}

#[test]
fn card_129_tank_factory() {
    let (g, id) = (g3(), "tank-factory");
    let pl = fund(&g, USA, id, |_| {});
    assert_eq!(pl.changes(&g), funded(&g, USA, id));
    let e3 = sp("E3");
    let strength = |s: &State| g.strength(s, p(USA), e3);
    assert_eq!((strength(&pl.before), strength(&pl.s), strength(&sabotaged(&g, &pl.s, p(USA), id))), (4, 5, 4));
    let mut s = pl.s.clone();
    next_round(&g, &mut s);
    assert_eq!(strength(&s), 5, "it lasts");
}

#[test]
fn card_132_foreign_legion() {
    let (g, id) = (g3(), "foreign-legion");
    let mut pl = fund(&g, RUSSIA, id, |t| put_base(t, p(RUSSIA), sp("C13"), 4));
    assert_eq!(pl.options(&g, RUSSIA), ["B14", "C13"]);
    pl.answer(&g, RUSSIA, "B14");
    assert_eq!(pl.options(&g, RUSSIA), ["B14", "C13"]);
    pl.answer(&g, RUSSIA, "C13");
    assert_eq!(pl.changes(&g), funded_with(&g, RUSSIA, id, &[], &[d(RUSSIA, "units", "[B14 2]", "[B14 3, C13 1]")]));
}

#[test]
fn card_139_special_forces_command() {
    let (g, id) = (g3(), "special-forces-command");
    let six = |t: &mut Table| t.seats[p(RUSSIA)].bases[0].strength = 6;
    let pl = fund(&g, RUSSIA, id, six);
    assert_eq!(pl.changes(&g), funded(&g, RUSSIA, id));
    let b14 = sp("B14");
    let strength = |s: &State| g.strength(s, p(RUSSIA), b14);
    let steps = |s: &State| movement(&g, s, RUSSIA, "move 1 e");
    let idle = sabotaged(&g, &pl.s, p(RUSSIA), id);
    assert_eq!((strength(&pl.before), strength(&pl.s), strength(&idle)), (6, 7, 6));
    assert_eq!((steps(&pl.before), steps(&pl.s), steps(&idle)), (3, 4, 3));
    // Needs a Base of 6+.
    refused(&g, RUSSIA, id, |_| {});
}

#[test]
fn card_141_tallest_tower_in_the_world() {
    let (g, id) = (g3(), "tallest-tower-in-the-world");
    let pl = fund(&g, RUSSIA, id, |_| {});
    assert_eq!(pl.changes(&g), funded_with(&g, RUSSIA, id, &[d(RUSSIA, "Ego", 7, 8)], &[]));
    refused(&g, RUSSIA, id, |t| t.seats[p(RUSSIA)].ego = 6);
}

#[test]
fn card_147_space_force() {
    let (g, id) = (g3(), "space-force");
    let eight = |t: &mut Table| t.seats[p(RUSSIA)].bases[0].strength = 8;
    let pl = fund(&g, RUSSIA, id, eight);
    assert_eq!(pl.changes(&g), funded(&g, RUSSIA, id));
    let b14 = sp("B14");
    let strength = |s: &State| g.strength(s, p(RUSSIA), b14);
    assert_eq!((strength(&pl.before), strength(&pl.s), strength(&sabotaged(&g, &pl.s, p(RUSSIA), id))), (8, 10, 8));
    refused(&g, RUSSIA, id, |t| t.seats[p(RUSSIA)].bases[0].strength = 6);
}
