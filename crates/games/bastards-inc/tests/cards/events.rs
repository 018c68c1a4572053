//! The 18 Event cards (BI-EVENT-1..3), each revealed at the start of the Events phase by the
//! starting player (P1): wars (BI-EVENT-2, BI-REGION-2, BI-COMP-4), natural disasters and famines
//! (BI-CRISIS-1..3), market shifts and scandals.

use worlds_bastards_inc::{BastardsInc, Entry, Phase, Step, Table, Window};
use worlds_engine::{Game, ScriptedValue, Turn};

use super::{changed_by_event, reveal};
use crate::common::{CardSet, blank, card, game, give, legal, load, money, p, put, refused, region};

/// The events of the reveal: P1's last placement, the Events phase, `lines`, then `after`.
fn framed(lines: &[&str], after: &[&str]) -> Vec<String> {
    ["P1 places VP 1 in the VIP Lounge", "Phase 3 events"]
        .iter()
        .chain(lines)
        .chain(after)
        .map(|s| (*s).to_owned())
        .collect()
}

/// No war follows: the War phase passes straight to the Business phase.
const CALM: [&str; 2] = ["Phase 4 war", "Phase 5 business"];

/// A blank position where P2 holds a card, so a war window waits for him.
fn table(g: &BastardsInc) -> Table {
    let mut t = blank(g);
    give(&mut t, 1, card(g, "charity-gala"));
    t
}

/// Checks a war event on a calm board (a war counter in `region`, the window open on a 2 and
/// waiting for P2), then with a counter there already, then with all 3 counters out elsewhere.
fn war_event(id: &str, text: &str, region_id: &str) {
    let g = game(3);
    let r = region(&g, region_id);
    let name = g.content().board.region(r).name.clone();
    let t = table(&g);
    let (s, log) = reveal(&g, &t, id, &[ScriptedValue::Die(2)]);
    let broke = format!("war breaks out in {name}: a war counter goes there");
    let roll = format!("war in {name}: the die shows 2");
    assert_eq!(log, framed(&[text, broke.as_str()], &["Phase 4 war", roll.as_str()]));
    changed_by_event(&g, &t, &s, id, |w| {
        w.war = 1 << r;
        w.stats.wars = 1;
    });
    assert!(matches!(s.table().stack.top(), Some(Step::Window(Window { die: 2, .. }))));
    assert_eq!(g.turn(&s), Turn::Decide(p(1)), "P1 has no cards: the window asks P2");
    // A counter there already: nothing more.
    let mut there = t.clone();
    there.war = 1 << r;
    let (s, log) = reveal(&g, &there, id, &[ScriptedValue::Die(2)]);
    let none = format!("no war in {name} (a war counter is there already, or none is left)");
    assert_eq!(log, framed(&[text, none.as_str()], &["Phase 4 war", roll.as_str()]));
    changed_by_event(&g, &there, &s, id, |_| {});
    // All 3 counters out elsewhere (BI-COMP-4): nothing; the starting player orders the 3 wars.
    let mut full = t.clone();
    let others: Vec<u8> = ["the-rest", "corruptistan", "tigers", "rogue-state", "meek"]
        .iter()
        .map(|id| region(&g, id))
        .filter(|&x| x != r)
        .take(3)
        .collect();
    full.war = others.iter().fold(0, |w, x| w | 1 << x);
    let (s, log) = reveal(&g, &full, id, &[]);
    assert_eq!(log, framed(&[text, none.as_str()], &["Phase 4 war"]));
    changed_by_event(&g, &full, &s, id, |_| {});
    assert_eq!(legal(&g, &s, 0).len(), 3, "BI-WAR-1: P1 chooses which war first");
}

/// BI-EVENT-2, BI-REGION-2: Regime Change: the One $uperpower attacks the Rogue State; only the
/// Rogue State gets a war counter.
#[test]
fn regime_change_war_in_the_rogue_state_only() {
    war_event("regime-change", "Event: Regime Change — war breaks out in The Rogue State", "rogue-state");
}

/// BI-EVENT-2, BI-REGION-2: Weapons of Mass Distraction: war in the Rogue State only.
#[test]
fn weapons_of_mass_distraction_war_in_the_rogue_state_only() {
    war_event(
        "weapons-of-mass-distraction",
        "Event: Weapons of Mass Distraction — war breaks out in The Rogue State",
        "rogue-state",
    );
}

/// BI-EVENT-2: Border Clash: war in Corruptistan.
#[test]
fn border_clash_war_in_corruptistan() {
    war_event("border-clash", "Event: Border Clash — war breaks out in Corruptistan", "corruptistan");
}

/// BI-EVENT-2: Trade War Turns Hot: war in The Tigers.
#[test]
fn trade_war_turns_hot_war_in_the_tigers() {
    war_event("trade-war-turns-hot", "Event: Trade War Turns Hot — war breaks out in The Tigers", "tigers");
}

/// BI-EVENT-2: Civil War: war in The Meek.
#[test]
fn civil_war_war_in_the_meek() {
    war_event("civil-war", "Event: Civil War — war breaks out in The Meek", "meek");
}

/// BI-EVENT-2: Secession Crisis: war in The Rest.
#[test]
fn secession_crisis_war_in_the_rest() {
    war_event("secession-crisis", "Event: Secession Crisis — war breaks out in The Rest", "the-rest");
}

const PROXY: &str = "Event: Proxy War — war breaks out in the region with the most Stuff (not The One $uperpower, none at war; ties: the starting player chooses)";

/// BI-EVENT-1, BI-EVENT-2: Proxy War: war in the region with the most Stuff, never The One
/// $uperpower nor a region with a war counter; the starting player breaks a tie.
#[test]
fn proxy_war_most_stuff_not_the_superpower_nor_at_war_ties_by_the_starting_player() {
    let g = game(3);
    let (rogue, tigers, corruptistan) = (region(&g, "rogue-state"), region(&g, "tigers"), region(&g, "corruptistan"));
    let mut t = table(&g);
    // The One $uperpower 6 and The Rogue State 5 (at war) are passed over: The Tigers (3).
    t.stuff = [6, 2, 2, 3, 5, 1];
    t.war = 1 << rogue;
    let (s, log) = reveal(&g, &t, "proxy-war", &[]);
    assert_eq!(log, framed(&[PROXY, "war breaks out in The Tigers: a war counter goes there"], &["Phase 4 war"]));
    changed_by_event(&g, &t, &s, "proxy-war", |w| {
        w.war = 1 << rogue | 1 << tigers;
        w.stats.wars = 1;
    });
    assert_eq!(legal(&g, &s, 0), ["region tigers", "region rogue-state"], "BI-WAR-1: P1 orders the wars");
    // Corruptistan 3 ties with The Tigers: the starting player (here P2) chooses.
    t.stuff[usize::from(corruptistan)] = 3;
    t.start = p(1);
    let (mut s, log) = reveal(&g, &t, "proxy-war", &[]);
    assert_eq!(log, ["P2 places VP 1 in the VIP Lounge", "Phase 3 events", PROXY]);
    assert_eq!(g.turn(&s), Turn::Decide(p(1)));
    assert_eq!(legal(&g, &s, 1), ["region corruptistan", "region tigers"]);
    assert_eq!(
        crate::common::act(&g, &mut s, 1, "region corruptistan"),
        ["war breaks out in Corruptistan: a war counter goes there", "Phase 4 war"]
    );
    changed_by_event(&g, &t, &s, "proxy-war", |w| {
        w.war = 1 << rogue | 1 << corruptistan;
        w.stats.wars = 1;
    });
}

/// BI-COMP-4, BI-EVENT-1: with all 3 war counters out, Proxy War does nothing ("a war card does
/// nothing"), so it asks the starting player nothing, even when two regions tie for the most
/// Stuff.
#[test]
fn proxy_war_with_no_counter_left_asks_nothing() {
    let g = game(3);
    let mut t = table(&g);
    t.stuff = [6, 2, 3, 3, 5, 1];
    t.war = 1 << region(&g, "rogue-state") | 1 << region(&g, "meek") | 1 << region(&g, "the-rest");
    let (s, log) = reveal(&g, &t, "proxy-war", &[]);
    assert_eq!(log.len(), 5, "{log:?}");
    assert_eq!(log[..3], framed(&[PROXY], &[]));
    assert!(log[3].starts_with("no war in "), "{log:?}");
    assert_eq!(log[4..], ["Phase 4 war"]);
    assert_eq!(s.table().phase(), Phase::War);
    assert_eq!(legal(&g, &s, 0), ["region the-rest", "region rogue-state", "region meek"], "BI-WAR-1");
    changed_by_event(&g, &t, &s, "proxy-war", |_| {});
}

/// Checks a natural disaster: markers of the last turn leave first (BI-CRISIS-3), then the region
/// loses 2 Stuff (never below 0) and gets a disaster marker (BI-CRISIS-1); no war counter.
fn disaster_event(id: &str, text: &str, region_id: &str, from: u8, to: u8) {
    let g = game(3);
    let r = region(&g, region_id);
    let name = g.content().board.region(r).name.clone();
    let mut t = table(&g);
    t.stuff[usize::from(r)] = from;
    let other = region(&g, if region_id == "meek" { "tigers" } else { "meek" });
    t.famine = 1 << other;
    t.disaster = 1 << other;
    let (s, log) = reveal(&g, &t, id, &[]);
    let marker = format!("natural disaster in {name}");
    let stuff = format!("Stuff in {name}: {from} → {to}");
    let mut lines = vec!["the natural-disaster and famine markers are removed", text, marker.as_str()];
    if from != to {
        lines.push(stuff.as_str());
    }
    assert_eq!(log, framed(&lines, &CALM));
    changed_by_event(&g, &t, &s, id, |w| {
        w.disaster = 1 << r;
        w.famine = 0;
        w.stuff[usize::from(r)] = to;
    });
    assert_eq!(s.table().phase(), Phase::Business);
}

/// BI-CRISIS-1, BI-CRISIS-3: Earthquake: natural disaster in The Tigers (Stuff 3 → 1).
#[test]
fn earthquake_disaster_in_the_tigers() {
    disaster_event("earthquake", "Event: Earthquake — natural disaster in The Tigers", "tigers", 3, 1);
}

/// BI-CRISIS-1, BI-REGION-2: Hurricane: natural disaster in The One $uperpower (Stuff 3 → 1),
/// which never gets a war counter.
#[test]
fn hurricane_disaster_in_the_superpower() {
    disaster_event("hurricane", "Event: Hurricane — natural disaster in The One $uperpower", "superpower", 3, 1);
}

/// BI-CRISIS-1, BI-BOARD-3: Flood: natural disaster in The Meek; its Stuff 1 stops at 0.
#[test]
fn flood_disaster_in_the_meek_stuff_stops_at_0() {
    disaster_event("flood", "Event: Flood — natural disaster in The Meek", "meek", 1, 0);
}

/// Checks a famine: a famine marker on the region (BI-CRISIS-2): in the Business phase that
/// follows, P1's VP 3 there cannot sell Stuff, his VP 4 elsewhere can.
fn famine_event(id: &str, text: &str, region_id: &str) {
    let g = game(3);
    let r = region(&g, region_id);
    let name = g.content().board.region(r).name.clone();
    let mut t = table(&g);
    put(&mut t, 0, 2, r, Entry::Corruption, 0);
    put(&mut t, 0, 3, region(&g, if region_id == "meek" { "corruptistan" } else { "meek" }), Entry::Crime, 0);
    let (s, log) = reveal(&g, &t, id, &[]);
    let marker = format!("famine in {name}");
    assert_eq!(log, framed(&[text, marker.as_str()], &CALM));
    changed_by_event(&g, &t, &s, id, |w| w.famine = 1 << r);
    let l = legal(&g, &s, 0);
    assert!(!l.iter().any(|a| a == "sell 3") && l.iter().any(|a| a == "sell 4"), "{l:?}");
    assert_eq!(refused(&g, &s, 0, "sell 3"), "no Stuff can be sold to a region with a famine marker [BI-CRISIS-2]");
}

/// BI-CRISIS-2: Drought: famine in The Meek.
#[test]
fn drought_famine_in_the_meek() {
    famine_event("drought", "Event: Drought — famine in The Meek", "meek");
}

/// BI-CRISIS-2: Crop Failure: famine in Corruptistan.
#[test]
fn crop_failure_famine_in_corruptistan() {
    famine_event("crop-failure", "Event: Crop Failure — famine in Corruptistan", "corruptistan");
}

/// BI-BOARD-3: Planned Obsolescence: every region's Stuff −1, never below 0.
#[test]
fn planned_obsolescence_every_regions_stuff_minus_1_stops_at_0() {
    let g = game(3);
    let mut t = table(&g);
    t.stuff = [3, 0, 2, 3, 1, 1];
    let (s, log) = reveal(&g, &t, "planned-obsolescence", &[]);
    assert_eq!(
        log,
        framed(
            &[
                "Event: Planned Obsolescence — Stuff -1 in every region",
                "Stuff in The One $uperpower: 3 → 2",
                "Stuff in Corruptistan: 2 → 1",
                "Stuff in The Tigers: 3 → 2",
                "Stuff in The Rogue State: 1 → 0",
                "Stuff in The Meek: 1 → 0",
            ],
            &CALM
        )
    );
    changed_by_event(&g, &t, &s, "planned-obsolescence", |w| w.stuff = [2, 0, 1, 2, 0, 0]);
}

/// BI-BOARD-3: Market Glut: every region's Stuff +1, never above 6.
#[test]
fn market_glut_every_regions_stuff_plus_1_stops_at_6() {
    let g = game(3);
    let mut t = table(&g);
    t.stuff = [6, 2, 2, 3, 1, 5];
    let (s, log) = reveal(&g, &t, "market-glut", &[]);
    assert_eq!(
        log,
        framed(
            &[
                "Event: Market Glut — Stuff +1 in every region",
                "Stuff in The Rest: 2 → 3",
                "Stuff in Corruptistan: 2 → 3",
                "Stuff in The Tigers: 3 → 4",
                "Stuff in The Rogue State: 1 → 2",
                "Stuff in The Meek: 5 → 6",
            ],
            &CALM
        )
    );
    changed_by_event(&g, &t, &s, "market-glut", |w| w.stuff = [6, 3, 3, 4, 2, 6]);
}

/// Stock Market Crash: every player loses a tenth of his Billions, rounded down (19 → 18, 10 → 9,
/// 9 → 9); Goodwill is untouched.
#[test]
fn stock_market_crash_every_player_loses_a_tenth_rounded_down() {
    let g = game(3);
    let mut t = table(&g);
    money(&mut t, 0, 19, 3);
    money(&mut t, 1, 10, 3);
    money(&mut t, 2, 9, 3);
    let (s, log) = reveal(&g, &t, "stock-market-crash", &[]);
    assert_eq!(
        log,
        framed(
            &[
                "Event: Stock Market Crash — every player loses a tenth of their Billions, rounded down",
                "P1's Billions 19 → 18",
                "P2's Billions 10 → 9",
            ],
            &CALM
        )
    );
    // Goodwill is untouched.
    changed_by_event(&g, &t, &s, "stock-market-crash", |w| {
        w.seats[p(0)].billions = 18;
        w.seats[p(1)].billions = 9;
    });
}

const BRIBERY: &str =
    "Event: Bribery Scandal — every player with the highest Corruption (if above 0) loses 1 Corruption";

/// Bribery Scandal: every player whose Corruption equals the highest loses 1, only if the highest
/// is above 0.
#[test]
fn bribery_scandal_only_the_highest_corruption_if_above_0() {
    let g = game(3);
    let mut t = table(&g);
    t.seats[p(2)].attrs[0] = 3;
    let (s, log) = reveal(&g, &t, "bribery-scandal", &[]);
    assert_eq!(log, framed(&[BRIBERY, "P1's Corruption 3 → 2", "P3's Corruption 3 → 2"], &CALM));
    changed_by_event(&g, &t, &s, "bribery-scandal", |w| {
        w.seats[p(0)].attrs[0] = 2;
        w.seats[p(2)].attrs[0] = 2;
    });
    for seat in t.seats.values_mut() {
        seat.attrs[0] = 0;
    }
    let (s, log) = reveal(&g, &t, "bribery-scandal", &[]);
    assert_eq!(log, framed(&[BRIBERY], &CALM));
    changed_by_event(&g, &t, &s, "bribery-scandal", |_| {});
}

/// BI-BLACK-1: Offshore Leaks: every VP keeps half its black money, rounded down.
#[test]
fn offshore_leaks_every_vp_keeps_half_its_black_money_rounded_down() {
    let g = game(3);
    let mut t = table(&g);
    let (corruptistan, meek) = (region(&g, "corruptistan"), region(&g, "meek"));
    put(&mut t, 0, 2, corruptistan, Entry::Corruption, 5);
    put(&mut t, 1, 2, corruptistan, Entry::Crime, 1);
    put(&mut t, 2, 2, meek, Entry::Crime, 4);
    put(&mut t, 2, 3, meek, Entry::Corruption, 0);
    let (s, log) = reveal(&g, &t, "offshore-leaks", &[]);
    assert_eq!(
        log,
        framed(
            &[
                "Event: Offshore Leaks — every VP keeps half its black money, rounded down",
                "black money on P1's VP 3 5 → 2",
                "black money on P2's VP 3 1 → 0",
                "black money on P3's VP 3 4 → 2",
            ],
            &CALM
        )
    );
    // The VPs stay.
    changed_by_event(&g, &t, &s, "offshore-leaks", |w| {
        w.seats[p(0)].vps[2].black = 2;
        w.seats[p(1)].vps[2].black = 0;
        w.seats[p(2)].vps[2].black = 2;
    });
}

/// BI-HALO-1: Nobel Committee Scandal: the halo returns to the bank (nothing when the bank has it).
#[test]
fn nobel_committee_scandal_returns_the_halo() {
    let g = game(3);
    let mut t = table(&g);
    t.halo = Some(p(1));
    let text = "Event: Nobel Committee Scandal — the halo of the Peace Nobel Prize returns to the bank";
    let (s, log) = reveal(&g, &t, "nobel-committee-scandal", &[]);
    assert_eq!(log, framed(&[text, "the halo of the Peace Nobel Prize returns to the bank"], &CALM));
    changed_by_event(&g, &t, &s, "nobel-committee-scandal", |w| w.halo = None);
    t.halo = None;
    let (s, log) = reveal(&g, &t, "nobel-committee-scandal", &[]);
    assert_eq!(log, framed(&[text], &CALM));
    changed_by_event(&g, &t, &s, "nobel-committee-scandal", |_| {});
}

/// BI-EVENT-3: with the Event deck empty, the used cards are shuffled into a new deck first.
#[test]
fn civil_war_revealed_from_a_reshuffled_event_deck() {
    let g = game(3);
    let mut t = table(&g);
    t.events = CardSet::EMPTY;
    t.used = CardSet::first_n(18);
    t.seats[p(0)].vps[0] = worlds_bastards_inc::Vp { at: worlds_bastards_inc::Spot::Lifted, entry: None, black: 0 };
    t.stack = worlds_engine::flow::Stack::with(Step::Place { turn: 5 });
    let civil = g.content().cards.event_by_id("civil-war").unwrap();
    let mut s = load(&g, &t);
    let log = crate::common::act_with(
        &g,
        &mut s,
        0,
        "place lounge",
        &mut crate::common::script(&[ScriptedValue::Pick(u32::from(civil)), ScriptedValue::Die(3)]),
    );
    assert_eq!(
        &log[..4],
        [
            "P1 places VP 1 in the VIP Lounge",
            "Phase 3 events",
            "the used Event cards are shuffled into a new Event deck",
            "Event: Civil War — war breaks out in The Meek"
        ]
    );
    assert_eq!(
        (s.table().events, s.table().used),
        (CardSet::first_n(18) - CardSet::from_ids([civil]), CardSet::from_ids([civil]))
    );
}
