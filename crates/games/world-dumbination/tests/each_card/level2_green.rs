//! Level 2, Green (12): each acts on its player, for the round (WD-CARD-6). The short game lets
//! anyone hold Level 2 cards from the start.

use super::*;

#[test]
fn card_067_war_bonds() {
    let (g, id) = (g3(), "war-bonds");
    let pl = play(&g, RUSSIA, id, "target usa", |_| {});
    assert_eq!(pl.changes(&g), [d(RUSSIA, "Popularity", 6, 5), d(RUSSIA, "resources", 15, 15 - cost(&g, id) + 5)]);
}

#[test]
fn card_069_olympics() {
    let (g, id) = (g3(), "olympics");
    let pl = play(&g, RUSSIA, id, "target usa", |_| {});
    // WD-CARD-11: +2 Ego or +2 Popularity, chosen when the card acts, after it is paid.
    assert_eq!(pl.options(&g, RUSSIA), ["option 1", "option 2"]);
    assert_eq!(pl.changes(&g), [paid(&g, RUSSIA, id)]);
    let mut ego = Played { before: pl.before.clone(), s: pl.s.clone(), events: vec![] };
    ego.answer(&g, RUSSIA, "option 1");
    assert_eq!(ego.changes(&g), [d(RUSSIA, "Ego", 7, 9), paid(&g, RUSSIA, id)]);
    let mut popular = pl;
    popular.answer(&g, RUSSIA, "option 2");
    assert_eq!(popular.changes(&g), [d(RUSSIA, "Popularity", 6, 8), paid(&g, RUSSIA, id)]);
}

#[test]
fn card_071_state_of_emergency() {
    let (g, id) = (g3(), "state-of-emergency");
    let pl = play(&g, RUSSIA, id, "target usa", |_| {});
    assert_eq!(pl.changes(&g), [d(RUSSIA, "Ego", 7, 9), d(RUSSIA, "Popularity", 6, 5), paid(&g, RUSSIA, id)]);
}

#[test]
fn card_080_propaganda() {
    let (g, id) = (g3(), "propaganda");
    let pl = play(&g, RUSSIA, id, "target usa", |_| {});
    pl.saw(&["P2 uses Propaganda [80] (pays 3)", "P2's Popularity goes from 6 to 7"]);
    assert_eq!(pl.changes(&g), [d(RUSSIA, "Popularity", 6, 7), paid(&g, RUSSIA, id)]);
}

#[test]
fn card_082_rally_round_the_flag() {
    let (g, id) = (g3(), "rally-round-the-flag");
    let pl = play(&g, USA, id, "target russia", |_| {});
    assert_eq!(pl.changes(&g), [d(USA, "Popularity", 5, 7), paid(&g, USA, id)]);
    let e3 = sp("E3");
    assert_eq!((g.strength(&pl.before, p(USA), e3), g.strength(&pl.s, p(USA), e3)), (4, 5));
    // Russia's Popularity 6 is too high.
    refused(&g, RUSSIA, id, |_| {});
}

#[test]
fn card_086_national_holiday() {
    let (g, id) = (g3(), "national-holiday");
    let pl = play(&g, RUSSIA, id, "target usa", |_| {});
    assert_eq!(pl.changes(&g), [d(RUSSIA, "Popularity", 6, 9), paid(&g, RUSSIA, id), d(RUSSIA, "income", 4, 2)]);
}

#[test]
fn card_092_nationalise_the_oil() {
    let (g, id) = (g3(), "nationalise-the-oil");
    let pl = play(&g, RUSSIA, id, "target usa", |_| {});
    let left = 15 - cost(&g, id);
    assert_eq!(pl.changes(&g), [d(RUSSIA, "Ego", 7, 8), d(RUSSIA, "resources", 15, left), d(RUSSIA, "income", 4, 9)]);
    let mut s = pl.s.clone();
    let events = next_round(&g, &mut s);
    assert!(events.contains(&format!("P2 collects 9 resources ({})", left + 9)), "{events:?}");
    assert_eq!(g.income(&s, p(RUSSIA)), 4);
}

#[test]
fn card_100_forced_march() {
    let (g, id) = (g3(), "forced-march");
    let pl = play(&g, USA, id, "target russia", |_| {});
    assert_eq!(pl.changes(&g), [paid(&g, USA, id)]);
    let steps = |s: &State| movement(&g, s, USA, "move 1 e");
    assert_eq!((steps(&pl.before), steps(&pl.s)), (2, 4));
    let mut s = pl.s.clone();
    next_round(&g, &mut s);
    assert_eq!(steps(&s), 2, "for the round only");
}

#[test]
fn card_109_military_parade() {
    let (g, id) = (g3(), "military-parade");
    let six = |t: &mut Table| t.seats[p(RUSSIA)].bases[0].strength = 6;
    let pl = play(&g, RUSSIA, id, "target usa", six);
    assert_eq!(pl.changes(&g), [d(RUSSIA, "Ego", 7, 8), paid(&g, RUSSIA, id)]);
    let b14 = sp("B14");
    assert_eq!((g.strength(&pl.before, p(RUSSIA), b14), g.strength(&pl.s, p(RUSSIA), b14)), (6, 8));
    // Needs a Base of 6+: Russia's 4-Base is not enough.
    refused(&g, RUSSIA, id, |_| {});
}

#[test]
fn card_116_emergency_draft() {
    let (g, id) = (g3(), "emergency-draft");
    let mut pl = play(&g, RUSSIA, id, "target usa", |t| put_base(t, p(RUSSIA), sp("C13"), 4));
    // Two free Units, each on a Base P2 chooses.
    assert_eq!(pl.options(&g, RUSSIA), ["B14", "C13"]);
    pl.answer(&g, RUSSIA, "C13");
    assert_eq!(pl.options(&g, RUSSIA), ["B14", "C13"]);
    pl.answer(&g, RUSSIA, "B14");
    pl.saw(&["P2 puts a new unit on C13 (Russia) (pays 0)", "P2 puts a new unit on B14 (Russia) (pays 0)"]);
    assert_eq!(
        pl.changes(&g),
        [d(RUSSIA, "Popularity", 6, 5), paid(&g, RUSSIA, id), d(RUSSIA, "units", "[B14 2]", "[B14 3, C13 1]"),]
    );
}

#[test]
fn card_122_fortify_the_border() {
    let (g, id) = (g3(), "fortify-the-border");
    let mut pl = play(&g, RUSSIA, id, "target usa", |t| {
        put_units(t, p(RUSSIA), sp("B13"), 1);
        put_units(t, p(RUSSIA), sp("C13"), 1);
    });
    // Where a standing Unit of P2's is on a space P2 owns, without a Base (WD-BUY-2).
    assert_eq!(pl.options(&g, RUSSIA), ["B13", "C13"]);
    pl.answer(&g, RUSSIA, "C13");
    pl.saw(&["P2 builds a 4-Base on C13 (Russia) (pays 0)", "P2's Ego goes from 7 to 8"]);
    assert_eq!(
        pl.changes(&g),
        [
            d(RUSSIA, "Ego", 7, 8),
            paid(&g, RUSSIA, id),
            d(RUSSIA, "income", 4, 6),
            d(RUSSIA, "Bases", "[B14 4]", "[B14 4, C13 4]"),
        ]
    );
}

#[test]
fn card_136_blitzkrieg_doctrine() {
    let (g, id) = (g3(), "blitzkrieg-doctrine");
    let pl = play(&g, RUSSIA, id, "target usa", |_| {});
    assert_eq!(pl.changes(&g), [paid(&g, RUSSIA, id)]);
    let b14 = sp("B14");
    assert_eq!((g.strength(&pl.before, p(RUSSIA), b14), g.strength(&pl.s, p(RUSSIA), b14)), (4, 5));
    let steps = |s: &State| movement(&g, s, RUSSIA, "move 1 e");
    assert_eq!((steps(&pl.before), steps(&pl.s)), (2, 3));
    refused(&g, RUSSIA, id, |t| t.seats[p(RUSSIA)].ego = 6);
}
