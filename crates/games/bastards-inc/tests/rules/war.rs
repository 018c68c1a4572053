//! Events (BI-EVENT-1..3, BI-CRISIS-3) and wars (BI-WAR-1..5, BI-WARTAB-1, BI-WARTAB-2, BI-INTERV-1,
//! BI-CRISIS-1, BI-CRISIS-2, BI-CARD-2, BI-REGION-2, BI-COMP-4, BI-BUNKER-2).

use worlds_bastards_inc::{BastardsInc, Ending, Entry, State, Table};
use worlds_engine::ScriptedValue::{Die, Pick};
use worlds_engine::{Game, ScriptedValue, Turn};

use crate::common::{CardSet, act_with, blank, card, game, give, last_placement, legal, load, p, put, region, script};

/// Runs the last placement into the Events phase (revealing `event`) and the War phase with the
/// given dice; the log.
fn to_war(g: &BastardsInc, t: &mut Table, event: &str, rolls: &[ScriptedValue]) -> (State, Vec<String>) {
    last_placement(g, t, event);
    let mut s = load(g, t);
    let mut values = vec![Pick(0)];
    values.extend_from_slice(rolls);
    let log = act_with(g, &mut s, 0, "place lounge", &mut script(&values));
    (s, log)
}

fn lines<'a>(log: &'a [String], from: &str) -> Vec<&'a String> {
    let at = log.iter().position(|l| l.starts_with(from)).unwrap_or_else(|| panic!("no `{from}` in {log:?}"));
    log[at..].iter().take_while(|l| !l.starts_with("Phase 5")).collect()
}

/// BI-WAR-2, BI-WAR-3, BI-WARTAB-1: the die plus the region's Stuff, looked up on the war table;
/// the region loses the Stuff the row names.
#[test]
fn bi_war_2_bi_war_3_bi_wartab_1_die_plus_stuff_on_the_war_table() {
    let g = game(3);
    let tigers = region(&g, "tigers");
    for (stuff, die, row, after) in [(0, 2, "Skirmishes", 0), (2, 3, "Open war", 1), (3, 4, "Escalation", 2)] {
        let mut t = blank(&g);
        t.war = 1 << tigers;
        t.stuff[usize::from(tigers)] = stuff;
        let (s, log) = to_war(&g, &mut t, "market-glut", &[Die(die)]);
        // Market Glut raised every Stuff by 1 first.
        let total = die + u32::from(stuff) + 1;
        let line = format!("war in The Tigers: {die} + Stuff {} = {total}: {row}", stuff + 1);
        assert!(log.contains(&line), "{line} not in {log:?}");
        assert_eq!(s.table().stuff[usize::from(tigers)], after);
        assert!(s.table().at_war(tigers), "a die of {die} does not end the war");
    }
}

/// BI-WARTAB-1, BI-WARTAB-2, BI-INTERV-1, BI-CRISIS-1, BI-CRISIS-2, BI-RULING-8: a total of 11 or
/// 12 is Scorched earth: Stuff −4, an intervention (the One $uperpower −1, black money frozen),
/// famine and natural disaster, in that order.
#[test]
fn bi_wartab_2_bi_interv_1_scorched_earth_in_order() {
    let g = game(3);
    let tigers = region(&g, "tigers");
    let mut t = blank(&g);
    t.war = 1 << tigers;
    t.stuff[usize::from(tigers)] = 5;
    put(&mut t, 1, 2, tigers, Entry::Crime, 6);
    let (s, log) = to_war(&g, &mut t, "planned-obsolescence", &[Die(5)]);
    assert_eq!(
        lines(&log, "war in The Tigers: 5 +"),
        [
            "war in The Tigers: 5 + Stuff 4 = 9: Devastation",
            "Stuff in The Tigers: 4 → 1",
            "intervention in The Tigers: the One $uperpower's troops use up Stuff, and all black money there is frozen",
            "Stuff in The One $uperpower: 1 → 0",
            "black money on P2's VP 3 6 → 0",
            "famine in The Tigers",
        ]
    );
    let mut t = blank(&g);
    t.war = 1 << tigers;
    t.stuff[usize::from(tigers)] = 5;
    let (s2, log) = to_war(&g, &mut t, "market-glut", &[Die(5)]);
    assert_eq!(
        lines(&log, "war in The Tigers: 5 +"),
        [
            "war in The Tigers: 5 + Stuff 6 = 11: Scorched earth",
            "Stuff in The Tigers: 6 → 2",
            "intervention in The Tigers: the One $uperpower's troops use up Stuff, and all black money there is frozen",
            "Stuff in The One $uperpower: 3 → 2",
            "famine in The Tigers",
            "natural disaster in The Tigers",
            "Stuff in The Tigers: 2 → 0",
        ]
    );
    assert_eq!((s2.table().famine, s2.table().disaster), (1 << tigers, 1 << tigers));
    // 12, the highest total without a war card (a 6 on Stuff 6), is still Scorched earth; the 6
    // then ends the war (BI-WAR-5).
    let mut t = blank(&g);
    t.war = 1 << tigers;
    t.stuff[usize::from(tigers)] = 5;
    let (s3, log) = to_war(&g, &mut t, "market-glut", &[Die(6)]);
    assert_eq!(
        lines(&log, "war in The Tigers: 6 +"),
        [
            "war in The Tigers: 6 + Stuff 6 = 12: Scorched earth",
            "Stuff in The Tigers: 6 → 2",
            "intervention in The Tigers: the One $uperpower's troops use up Stuff, and all black money there is frozen",
            "Stuff in The One $uperpower: 3 → 2",
            "famine in The Tigers",
            "natural disaster in The Tigers",
            "Stuff in The Tigers: 2 → 0",
            "the war in The Tigers is over: its war counter is removed",
        ]
    );
    assert_eq!((s3.table().over, s3.table().stuff[usize::from(tigers)], s3.table().war), (None, 0, 0));
    let _ = s;
}

/// BI-WAR-3, BI-WARTAB-2: a war in The Rogue State costs the One $uperpower the row's own loss.
#[test]
fn bi_war_3_a_rogue_state_war_costs_the_superpower() {
    let g = game(3);
    let rogue = region(&g, "rogue-state");
    let mut t = blank(&g);
    t.war = 1 << rogue;
    t.stuff[usize::from(rogue)] = 3;
    // The One $uperpower at 3, 2 after Planned Obsolescence: it loses the full 2 of Open war.
    t.stuff[usize::from(region(&g, "superpower"))] = 3;
    let (s, log) = to_war(&g, &mut t, "planned-obsolescence", &[Die(2)]);
    assert_eq!(
        lines(&log, "war in The Rogue State: 2"),
        [
            "war in The Rogue State: 2 + Stuff 2 = 4: Open war",
            "Stuff in The Rogue State: 2 → 0",
            "Stuff in The One $uperpower: 2 → 0",
        ]
    );
    assert_eq!(s.table().stuff[usize::from(region(&g, "superpower"))], 0);
}

/// BI-WAR-5: a 1 or a 6 on the die ends the war once its result is applied.
#[test]
fn bi_war_5_a_1_or_a_6_ends_the_war() {
    let g = game(3);
    let meek = region(&g, "meek");
    for (die, ends) in [(1, true), (6, true), (3, false)] {
        let mut t = blank(&g);
        t.war = 1 << meek;
        t.stuff[usize::from(meek)] = 0;
        let (s, log) = to_war(&g, &mut t, "planned-obsolescence", &[Die(die)]);
        assert_eq!(!s.table().at_war(meek), ends, "die {die}");
        assert_eq!(log.contains(&"the war in The Meek is over: its war counter is removed".to_owned()), ends);
    }
}

/// BI-WAR-1: the starting player chooses the order of the wars, one region at a time.
#[test]
fn bi_war_1_the_starting_player_orders_the_wars() {
    let g = game(3);
    let (tigers, meek) = (region(&g, "tigers"), region(&g, "meek"));
    let mut t = blank(&g);
    t.war = (1 << tigers) | (1 << meek);
    let (mut s, _) = to_war(&g, &mut t, "planned-obsolescence", &[]);
    assert_eq!(g.turn(&s), Turn::Decide(p(0)));
    assert_eq!(legal(&g, &s, 0), ["region tigers", "region meek"]);
    let log = act_with(&g, &mut s, 0, "region meek", &mut script(&[Die(3), Die(3)]));
    let wars: Vec<&String> = log.iter().filter(|l| l.contains("the die shows")).collect();
    assert_eq!(wars, ["war in The Meek: the die shows 3", "war in The Tigers: the die shows 3"]);
}

/// The Tigers at war at Stuff 6 (5, then Market Glut) on a 6 (12: Scorched earth), and P1, the
/// only player holding a card, plays Propaganda Victory +1 in the war window: 13. The log of the
/// +1 on.
fn thirteen(g: &BastardsInc, t: &mut Table) -> (State, Vec<String>) {
    let tigers = region(g, "tigers");
    t.war = 1 << tigers;
    t.stuff[usize::from(tigers)] = 5;
    give(t, 0, card(g, "propaganda-victory#1"));
    let (mut s, log) = to_war(g, t, "market-glut", &[Die(6)]);
    assert!(log.contains(&"war in The Tigers: the die shows 6".to_owned()), "{log:?}");
    assert_eq!(g.turn(&s), Turn::Decide(p(0)), "the war window asks P1");
    assert_eq!(act_with(g, &mut s, 0, "propaganda-victory#1", &mut script(&[])), ["P1 plays Propaganda Victory"]);
    let log = act_with(g, &mut s, 0, "option 1", &mut script(&[]));
    (s, log)
}

/// BI-WAR-4, BI-BUNKER-2, BI-WARTAB-1: Nuclear Apocalypse (a total of 13 or more: a 6 on Stuff 6
/// needs a war card's +1) ends the game at once; everybody loses, unless someone has a bunker: the
/// bunker owners rank first, by Billions.
#[test]
fn bi_war_4_bi_bunker_2_nuclear_apocalypse() {
    let g = game(3);
    let mut t = blank(&g);
    let (s, log) = thirteen(&g, &mut t);
    assert_eq!(
        log,
        [
            "the war total is changed by +1",
            "war in The Tigers: 6 + Stuff 6 +1 = 13: Nuclear Apocalypse",
            "Nuclear Apocalypse!",
            "the game ends in Nuclear Apocalypse",
        ]
    );
    assert_eq!(s.table().over, Some(Ending::Apocalypse));
    let o = g.outcome(&s).unwrap();
    assert_eq!((o.ranks.as_slice(), o.returns.as_slice()), (&[1, 1, 1][..], &[0.0, 0.0, 0.0][..]));
    // With bunkers: P3 (5 Billions) and P2 (9) have one; P1 has the most money but no bunker.
    let mut t = blank(&g);
    for (q, billions, bunker) in [(p(0), 50, None), (p(1), 9, Some("bunker#1")), (p(2), 5, Some("bunker#2"))] {
        t.seats[q].billions = billions;
        if let Some(b) = bunker {
            let k = card(&g, b);
            t.deck.remove(k);
            t.seats[q].bunker = Some(k);
        }
    }
    let (s, _) = thirteen(&g, &mut t);
    assert_eq!(s.table().over, Some(Ending::Apocalypse));
    let o = g.outcome(&s).unwrap();
    assert_eq!((o.ranks.as_slice(), o.returns.as_slice()), (&[3, 1, 2][..], &[0.0, 1.0, 0.0][..]));
}

/// BI-CARD-2, BI-RULING-5: after the die, each player with cards is asked once, clockwise from the
/// starting player, for a war card; a player without cards is skipped; a war card changes the total
/// (Propaganda Victory) before the table is read.
#[test]
fn bi_card_2_the_war_window() {
    let g = game(3);
    let tigers = region(&g, "tigers");
    let mut t = blank(&g);
    t.war = 1 << tigers;
    t.stuff[usize::from(tigers)] = 2;
    give(&mut t, 1, card(&g, "propaganda-victory#1"));
    give(&mut t, 2, card(&g, "lobbyists#1"));
    let (mut s, log) = to_war(&g, &mut t, "planned-obsolescence", &[Die(4)]);
    assert!(log.contains(&"war in The Tigers: the die shows 4".to_owned()));
    // P1 has no cards: skipped. P2 is asked.
    assert_eq!(g.turn(&s), Turn::Decide(p(1)));
    assert_eq!(legal(&g, &s, 1), ["propaganda-victory#1", "pass"]);
    act_with(&g, &mut s, 1, "propaganda-victory#1", &mut script(&[]));
    assert_eq!(legal(&g, &s, 1), ["option 1", "option 2"], "+1 or −1");
    let log = act_with(&g, &mut s, 1, "option 2", &mut script(&[]));
    assert_eq!(log, ["the war total is changed by -1"]);
    // P3 holds no war card but is asked all the same.
    assert_eq!(legal(&g, &s, 2), ["pass"]);
    let log = act_with(&g, &mut s, 2, "pass", &mut script(&[]));
    assert_eq!(log[0], "war in The Tigers: 4 + Stuff 1 -1 = 4: Open war");
}

/// BI-CARD-2: the window is skipped when every war card is in the discard pile.
#[test]
fn bi_card_2_no_window_when_every_war_card_is_discarded() {
    let g = game(3);
    let tigers = region(&g, "tigers");
    let mut t = blank(&g);
    t.war = 1 << tigers;
    give(&mut t, 1, card(&g, "lobbyists#1"));
    for k in ["propaganda-victory#1", "propaganda-victory#2", "fog-of-war"] {
        let n = card(&g, k);
        t.deck.remove(n);
        t.discard.insert(n);
    }
    let (s, log) = to_war(&g, &mut t, "planned-obsolescence", &[Die(3)]);
    assert!(log.iter().any(|l| l.starts_with("war in The Tigers: 3 + Stuff")), "{log:?}");
    assert_eq!(s.table().phase(), worlds_bastards_inc::Phase::Business);
}

/// BI-EVENT-1, BI-EVENT-2, BI-COMP-4: the starting player reveals an event; a war puts a counter on
/// its region, unless it has one or all three are out.
#[test]
fn bi_event_1_bi_event_2_bi_comp_4_a_war_event_and_the_three_counters() {
    let g = game(3);
    let (rest, tigers, meek, corr) =
        (region(&g, "the-rest"), region(&g, "tigers"), region(&g, "meek"), region(&g, "corruptistan"));
    let mut t = blank(&g);
    let (s, log) = to_war(&g, &mut t, "border-clash", &[Die(3)]);
    assert!(log.contains(&"war breaks out in Corruptistan: a war counter goes there".to_owned()), "{log:?}");
    assert_eq!(s.table().last_event, g.content().cards.event_by_id("border-clash"));
    let mut t = blank(&g);
    t.war = (1 << rest) | (1 << tigers) | (1 << meek);
    let (s, log) = to_war(&g, &mut t, "border-clash", &[Die(3), Die(3), Die(3)]);
    assert!(log.contains(&"no war in Corruptistan (a war counter is there already, or none is left)".to_owned()));
    assert!(!s.table().at_war(corr));
}

/// BI-EVENT-3: an empty Event deck takes the used events first.
#[test]
fn bi_event_3_the_used_events_are_reshuffled() {
    let g = game(3);
    let mut t = blank(&g);
    last_placement(&g, &mut t, "market-glut");
    t.events = CardSet::EMPTY;
    t.used = CardSet::first_n(18);
    let mut s = load(&g, &t);
    let log = act_with(&g, &mut s, 0, "place lounge", &mut script(&[Pick(0)]));
    assert!(log.contains(&"the used Event cards are shuffled into a new Event deck".to_owned()));
    assert_eq!((s.table().events.len(), s.table().used.len()), (17, 1));
}

/// BI-CRISIS-3: the natural-disaster and famine markers leave at the start of the Events phase.
#[test]
fn bi_crisis_3_markers_leave_before_the_reveal() {
    let g = game(3);
    let meek = region(&g, "meek");
    let mut t = blank(&g);
    t.famine = 1 << meek;
    t.disaster = 1 << meek;
    let (s, log) = to_war(&g, &mut t, "market-glut", &[]);
    let at = log.iter().position(|l| l == "the natural-disaster and famine markers are removed").unwrap();
    assert!(log[at + 1].starts_with("Event: Market Glut"), "{log:?}");
    assert_eq!((s.table().famine, s.table().disaster), (0, 0));
}

/// BI-REGION-2: The One $uperpower never carries a war counter.
#[test]
fn bi_region_2_the_superpower_never_at_war() {
    let g = game(3);
    let mut t = blank(&g);
    t.war = 1 << region(&g, "superpower");
    let e = g.load_state_value(serde_json::to_value(&t).unwrap()).unwrap_err();
    assert_eq!(e.to_string(), "state field `war`: The One $uperpower never gets a war counter (BI-REGION-2)");
}
