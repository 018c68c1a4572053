//! The 2 war-card designs, played in the war window (BI-CARD-1, BI-CARD-2): Propaganda Victory
//! (±1 to the total) and Fog of War (the die rolled again), with the war table's result
//! (BI-WARTAB-1, BI-WARTAB-2, BI-WAR-5).

use worlds_bastards_inc::{BastardsInc, Entry, Phase, Step, Table, Window};
use worlds_engine::{Game, ScriptedValue, Turn};

use super::{changed, offered, war_window};
use crate::common::{CardSet, act, act_with, bit, blank, card, game, give, legal, load, money, p, put, region, script};

/// The war window of The Tigers (Stuff set to 3) on a roll of `die`: P1 holds `p1`, P2 `p2` (if
/// any), P3 a Charity Gala (asked, he can only pass); P2's VP 1 stands in The Tigers with 3 black
/// money. The One $uperpower keeps its starting Stuff (2).
fn tigers_window(die: u8, p1: &str, p2: Option<&str>) -> (BastardsInc, Table) {
    let g = game(3);
    let mut t = blank(&g);
    let tigers = region(&g, "tigers");
    give(&mut t, 0, card(&g, p1));
    if let Some(k) = p2 {
        give(&mut t, 1, card(&g, k));
    }
    give(&mut t, 2, card(&g, "charity-gala"));
    put(&mut t, 1, 0, tigers, Entry::Crime, 3);
    t.stuff[usize::from(tigers)] = 3;
    war_window(&mut t, tigers, die);
    (g, t)
}

/// BI-CARD-2, BI-WARTAB-1: Propaganda Victory adds 1 to or subtracts 1 from the war total, as its
/// player chooses; players with no cards are skipped, those with cards but no war card may only
/// pass; it is not a business action (BI-CARD-1).
#[test]
fn propaganda_victory_adds_or_subtracts_1_from_the_war_total() {
    let (g, t) = tigers_window(4, "propaganda-victory#1", None);
    let k = card(&g, "propaganda-victory#1");
    // -1: 4 + 3 - 1 = 6, Open war (7 would be an Escalation).
    let mut s = load(&g, &t);
    assert_eq!(g.turn(&s), Turn::Decide(p(0)));
    assert_eq!(legal(&g, &s, 0), ["propaganda-victory#1", "pass"]);
    assert_eq!(act(&g, &mut s, 0, "propaganda-victory#1"), ["P1 plays Propaganda Victory"]);
    assert_eq!(legal(&g, &s, 0), ["option 1", "option 2"]);
    assert_eq!(act(&g, &mut s, 0, "option 2"), ["the war total is changed by -1"]);
    assert!(matches!(s.table().stack.top(), Some(Step::Window(Window { modifier: -1, asked: 1, card: None, .. }))));
    assert_eq!(s.table().discard, bit(k));
    assert_eq!(g.turn(&s), Turn::Decide(p(2)), "P2 has no cards: skipped");
    assert_eq!(legal(&g, &s, 2), ["pass"]);
    assert_eq!(
        act(&g, &mut s, 2, "pass"),
        ["war in The Tigers: 4 + Stuff 3 -1 = 6: Open war", "Stuff in The Tigers: 3 → 1", "Phase 5 business"]
    );
    // No intervention; a 4: the war goes on.
    let tigers = region(&g, "tigers");
    let last = s.table().last_war;
    changed(&t, &s, |w| {
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.discard = bit(k);
        w.stuff[usize::from(tigers)] = 1;
        w.last_war = last;
    });
    assert_eq!(last.map(|w| (w.region, w.die, w.total, w.row)), Some((tigers, 4, 6, 1)));
    // +1: 8, Escalation: an intervention freezes the black money there.
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "propaganda-victory#1");
    assert_eq!(act(&g, &mut s, 0, "option 1"), ["the war total is changed by +1"]);
    assert_eq!(
        act(&g, &mut s, 2, "pass"),
        [
            "war in The Tigers: 4 + Stuff 3 +1 = 8: Escalation",
            "Stuff in The Tigers: 3 → 1",
            "intervention in The Tigers: the One $uperpower's troops use up Stuff, and all black money there is frozen",
            "Stuff in The One $uperpower: 2 → 1",
            "black money on P2's VP 1 3 → 0",
            "Phase 5 business",
        ]
    );
    let last = s.table().last_war;
    changed(&t, &s, |w| {
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.discard = bit(k);
        w.stuff[usize::from(tigers)] = 1;
        w.stuff[0] = 1;
        w.seats[p(1)].vps[0].black = 0;
        w.last_war = last;
    });
    assert_eq!(last.map(|w| (w.total, w.row)), Some((8, 2)));
    // BI-CARD-1: not a business action.
    let mut t = blank(&g);
    give(&mut t, 0, k);
    give(&mut t, 0, card(&g, "fog-of-war"));
    money(&mut t, 0, 50, 0);
    t.war = 1 << region(&g, "tigers");
    assert_eq!(offered(&g, &load(&g, &t), 0), Vec::<String>::new());
}

/// BI-CARD-2, BI-WARTAB-2, BI-WAR-5: Fog of War rolls the die again and the new roll replaces the
/// old: the 1-or-6 test reads the new die; modifiers already played still count and the window
/// goes on with the players not yet asked.
#[test]
fn fog_of_war_rerolls_the_die_and_the_new_roll_counts() {
    // P1 plays +1 on a 6 (6 + 3 + 1 = 10, Devastation, and the war would end); P2 rolls again: 2.
    // P1 holds a second war card but plays at most one in a window.
    let (g, mut t) = tigers_window(6, "propaganda-victory#1", Some("fog-of-war"));
    give(&mut t, 0, card(&g, "propaganda-victory#2"));
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "propaganda-victory#1");
    act(&g, &mut s, 0, "option 1");
    assert_eq!(g.turn(&s), Turn::Decide(p(1)));
    assert_eq!(legal(&g, &s, 1), ["fog-of-war", "pass"]);
    assert_eq!(
        act_with(&g, &mut s, 1, "fog-of-war", &mut script(&[ScriptedValue::Die(2)])),
        ["P2 plays Fog of War", "the die is rolled again: 2"]
    );
    assert!(matches!(s.table().stack.top(), Some(Step::Window(Window { die: 2, modifier: 1, asked: 2, .. }))));
    assert_eq!(s.table().discard, bit(card(&g, "propaganda-victory#1")) | bit(card(&g, "fog-of-war")));
    assert_eq!(g.turn(&s), Turn::Decide(p(2)), "no new window: P3 is next, P1 is not asked again");
    assert_eq!(
        act(&g, &mut s, 2, "pass"),
        ["war in The Tigers: 2 + Stuff 3 +1 = 6: Open war", "Stuff in The Tigers: 3 → 1", "Phase 5 business"]
    );
    // The new die (2) does not end the war.
    let tigers = region(&g, "tigers");
    let last = s.table().last_war;
    changed(&t, &s, |w| {
        w.seats[p(0)].hand = bit(card(&g, "propaganda-victory#2"));
        w.seats[p(1)].hand = CardSet::EMPTY;
        w.discard = bit(card(&g, "propaganda-victory#1")) | bit(card(&g, "fog-of-war"));
        w.stuff[usize::from(tigers)] = 1;
        w.last_war = last;
    });
    assert_eq!(last.map(|w| (w.die, w.total)), Some((2, 6)));
    assert_eq!(s.table().phase(), Phase::Business);
    // A 3 rolled again to a 1: the war ends after its result.
    let (g, t) = tigers_window(3, "fog-of-war", None);
    let mut s = load(&g, &t);
    assert_eq!(
        act_with(&g, &mut s, 0, "fog-of-war", &mut script(&[ScriptedValue::Die(1)])),
        ["P1 plays Fog of War", "the die is rolled again: 1"]
    );
    assert_eq!(
        act(&g, &mut s, 2, "pass"),
        [
            "war in The Tigers: 1 + Stuff 3 = 4: Open war",
            "Stuff in The Tigers: 3 → 1",
            "the war in The Tigers is over: its war counter is removed",
            "Phase 5 business",
        ]
    );
    let last = s.table().last_war;
    changed(&t, &s, |w| {
        w.war = 0;
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.discard = bit(card(&g, "fog-of-war"));
        w.stuff[usize::from(tigers)] = 1;
        w.last_war = last;
    });
}
