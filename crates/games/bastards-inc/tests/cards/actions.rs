//! The 16 Action card designs of business timing (BI-ACT-1, BI-CARD-1, BI-CARD-3, BI-CARD-4): each
//! card's cost, legal targets and exact effect, and when it cannot be played.

use worlds_bastards_inc::{Attr, BastardsInc, Entry, Spot, Table, Vp};
use worlds_engine::{Game, Turn};

use super::{changed, offered, offers};
use crate::common::{
    CardSet, act, attrs, bit, blank, business, card, game, give, lay, legal, load, money, p, put, region,
};

/// A blank position with P1 holding `id`, with 10 Billions and no Goodwill (so a cost is paid in
/// Billions without a choice).
fn holding(id: &str) -> (BastardsInc, Table) {
    let g = game(3);
    let mut t = blank(&g);
    give(&mut t, 0, card(&g, id));
    money(&mut t, 0, 10, 0);
    (g, t)
}

/// Checks a "pay twice the new value: your ATTR +1 (not at 6)" card: offered below 6 when its
/// player can pay, never at 6; played at `from`, it costs 2 × (`from` + 1).
fn raise(id: &str, attr: Attr, name: &str) {
    let (g, mut t) = holding(id);
    let k = card(&g, id);
    let mut a = [2; 4];
    a[attr.index()] = 6;
    attrs(&mut t, 0, a);
    money(&mut t, 0, 99, 9);
    assert!(!offers(&g, &load(&g, &t), 0, id), "{id} at 6");
    // At 5 the new value is 6: it costs 12; 11 is not enough, Billions and Goodwill together are.
    t.seats[p(0)].attrs[attr.index()] = 5;
    money(&mut t, 0, 11, 0);
    assert!(!offers(&g, &load(&g, &t), 0, id), "{id} costs 12 at 5");
    money(&mut t, 0, 8, 4);
    assert!(offers(&g, &load(&g, &t), 0, id), "{id} paid in a mix (BI-MONEY-1)");
    // At 3: 8, paid in Billions.
    t.seats[p(0)].attrs[attr.index()] = 3;
    money(&mut t, 0, 10, 0);
    let mut s = load(&g, &t);
    assert_eq!(
        act(&g, &mut s, 0, id),
        [
            format!("P1 plays {name}"),
            "P1 pays 8 Billion(s) and 0 Goodwill (2 B and 0 G left)".to_owned(),
            format!("P1's {} 3 → 4", attr.name()),
        ]
    );
    // Played: to the discard pile (BI-CARD-3).
    changed(&t, &s, |w| {
        w.seats[p(0)].attrs[attr.index()] = 4;
        w.seats[p(0)].billions = 2;
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.discard = bit(k);
    });
    assert_eq!(g.turn(&s), Turn::Decide(p(1)));
}

/// BI-CARD-3, BI-MONEY-1: Lobbyists costs twice the new Corruption and raises it by 1, never at 6;
/// a payer with Billions and Goodwill chooses the Goodwill part.
#[test]
fn lobbyists_pay_twice_the_new_corruption() {
    raise("lobbyists#1", Attr::Corruption, "Lobbyists");
    // Greasepalm's Corruption 3 → 4 costs 8: with 10 Billions and 3 Goodwill, 0 to 3 in Goodwill.
    let (g, mut t) = holding("lobbyists#2");
    money(&mut t, 0, 10, 3);
    let mut s = load(&g, &t);
    assert_eq!(act(&g, &mut s, 0, "lobbyists#2"), ["P1 plays Lobbyists"]);
    assert_eq!(legal(&g, &s, 0), ["goodwill 0", "goodwill 1", "goodwill 2", "goodwill 3"]);
    assert_eq!(
        act(&g, &mut s, 0, "goodwill 2"),
        ["P1 pays 6 Billion(s) and 2 Goodwill (4 B and 1 G left)", "P1's Corruption 3 → 4"]
    );
    changed(&t, &s, |w| {
        w.seats[p(0)].attrs = [4, 2, 1, 2];
        w.seats[p(0)].billions = 4;
        w.seats[p(0)].goodwill = 1;
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.discard = bit(card(&g, "lobbyists#2"));
    });
}

/// BI-CARD-3: Hired Muscle costs twice the new Crime and raises it by 1, never at 6.
#[test]
fn hired_muscle_pay_twice_the_new_crime() {
    raise("hired-muscle#1", Attr::Crime, "Hired Muscle");
}

/// BI-CARD-3: PR Agency costs twice the new Media and raises it by 1, never at 6.
#[test]
fn pr_agency_pay_twice_the_new_media() {
    raise("pr-agency#2", Attr::Media, "PR Agency");
}

/// BI-CARD-3: R&D Lab costs twice the new Technology and raises it by 1, never at 6.
#[test]
fn rnd_lab_pay_twice_the_new_technology() {
    raise("rnd-lab#1", Attr::Technology, "R&D Lab");
}

/// Smear Campaign: another player loses 1 Media and 2 Goodwill (each stopping at 0, BI-PLAN-1,
/// BI-MONEY-4); with no journalist in the Politics section it is not exposed.
#[test]
fn smear_campaign_another_player_loses_1_media_and_2_goodwill() {
    let (g, mut t) = holding("smear-campaign#1");
    money(&mut t, 2, 10, 1);
    attrs(&mut t, 2, [2, 1, 0, 3]);
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "smear-campaign#1");
    assert_eq!(legal(&g, &s, 0), ["target P2", "target P3"], "another player, not himself");
    assert_eq!(
        act(&g, &mut s, 0, "target P2"),
        ["P1 plays Smear Campaign on P2", "P2's Media 3 → 2", "P2's Goodwill 9 → 7"]
    );
    let k = card(&g, "smear-campaign#1");
    changed(&t, &s, |w| {
        w.seats[p(1)].attrs = [2, 1, 2, 2];
        w.seats[p(1)].goodwill = 7;
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.discard = bit(k);
    });
    // Media 0 and 1 Goodwill: both stop at 0.
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "smear-campaign#1");
    assert_eq!(act(&g, &mut s, 0, "target P3"), ["P1 plays Smear Campaign on P3", "P3's Goodwill 1 → 0"]);
    changed(&t, &s, |w| {
        w.seats[p(2)].goodwill = 0;
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.discard = bit(k);
    });
}

/// BI-REGION-3, BI-CARD-4: Police Raid sends another player's VP that entered its region by Crime
/// to the VIP Lounge (its black money back to the bank, BI-BLACK-2); never one that entered by
/// Corruption, one of the player's own, or one in a region at war.
#[test]
fn police_raid_only_another_players_vp_that_entered_by_crime_not_at_war() {
    let (g, mut t) = holding("police-raid#1");
    let (tigers, meek, corruptistan) = (region(&g, "tigers"), region(&g, "meek"), region(&g, "corruptistan"));
    put(&mut t, 1, 0, tigers, Entry::Crime, 3);
    put(&mut t, 1, 1, corruptistan, Entry::Corruption, 2);
    put(&mut t, 2, 0, meek, Entry::Crime, 0);
    put(&mut t, 2, 2, corruptistan, Entry::Crime, 0);
    put(&mut t, 0, 2, tigers, Entry::Crime, 0);
    t.war = 1 << meek;
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "police-raid#1");
    assert_eq!(legal(&g, &s, 0), ["target P2.1", "target P3.3"]);
    assert_eq!(
        act(&g, &mut s, 0, "target P2.1"),
        [
            "P1 plays Police Raid on P2's VP 1",
            "P2's VP 1 goes from The Tigers to the VIP Lounge (3 black money back to the bank)",
        ]
    );
    changed(&t, &s, |w| {
        w.seats[p(1)].vps[0] = Vp::LOUNGE;
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.discard = bit(card(&g, "police-raid#1"));
    });
    // No target: not playable.
    t.seats[p(2)].vps[2] = Vp::LOUNGE;
    t.seats[p(1)].vps[0] = Vp::LOUNGE;
    assert!(!offers(&g, &load(&g, &t), 0, "police-raid#1"));
}

/// Tax Audit: all the black money on one VP of another player goes to the bank; only a VP with
/// black money, never one's own. The VP does not move, so a region at war does not protect it.
#[test]
fn tax_audit_only_another_players_vp_with_black_money() {
    let (g, mut t) = holding("tax-audit#2");
    let (corruptistan, tigers, meek) = (region(&g, "corruptistan"), region(&g, "tigers"), region(&g, "meek"));
    put(&mut t, 1, 2, corruptistan, Entry::Corruption, 5);
    put(&mut t, 1, 3, tigers, Entry::Crime, 0);
    put(&mut t, 2, 2, meek, Entry::Crime, 2);
    put(&mut t, 0, 2, corruptistan, Entry::Corruption, 4);
    t.war = 1 << meek;
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "tax-audit#2");
    assert_eq!(legal(&g, &s, 0), ["target P2.3", "target P3.3"]);
    assert_eq!(
        act(&g, &mut s, 0, "target P2.3"),
        ["P1 plays Tax Audit on P2's VP 3", "black money on P2's VP 3 5 → 0"]
    );
    // To the bank, not to anybody's reserve; the VP stays.
    changed(&t, &s, |w| {
        w.seats[p(1)].vps[2].black = 0;
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.discard = bit(card(&g, "tax-audit#2"));
    });
    assert_eq!(
        s.table().seats[p(1)].vps[2],
        Vp { at: Spot::Region(corruptistan), entry: Some(Entry::Corruption), black: 0 }
    );
    // No other player's VP carries black money: not playable.
    t.seats[p(1)].vps[2].black = 0;
    t.seats[p(2)].vps[2].black = 0;
    assert!(!offers(&g, &load(&g, &t), 0, "tax-audit#2"));
}

/// Industrial Sabotage (illegal, Business section): turns another player's upright Business
/// Opportunity sideways; never a sideways one nor one's own.
#[test]
fn industrial_sabotage_only_another_players_upright_opportunity() {
    let (g, mut t) = holding("industrial-sabotage#1");
    lay(&mut t, 1, card(&g, "oil-concession#1"), true);
    lay(&mut t, 1, card(&g, "sweatshop#1"), false);
    lay(&mut t, 2, card(&g, "tax-haven"), true);
    lay(&mut t, 0, card(&g, "mercenaries"), true);
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "industrial-sabotage#1");
    assert_eq!(legal(&g, &s, 0), ["target oil-concession#1", "target tax-haven"]);
    assert_eq!(
        act(&g, &mut s, 0, "target oil-concession#1"),
        ["P1 plays Industrial Sabotage on Oil Concession", "P2's Oil Concession is turned sideways"]
    );
    let oil = card(&g, "oil-concession#1");
    // It stays in front of P2.
    changed(&t, &s, |w| {
        w.seats[p(1)].sideways |= bit(oil);
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.discard = bit(card(&g, "industrial-sabotage#1"));
    });
    // Nothing upright in front of the others: not playable.
    t.seats[p(1)].sideways = t.seats[p(1)].table;
    t.seats[p(2)].sideways = t.seats[p(2)].table;
    assert!(!offers(&g, &load(&g, &t), 0, "industrial-sabotage#1"));
}

/// Gunrunning (illegal, World section): sell Stuff to a region with a war counter without a VP
/// there: its Income, its Stuff +1; only where the player's Technology reaches the region's
/// minimum, the Stuff is below 6 and there is no famine (BI-SELL-1, BI-CRISIS-2).
#[test]
fn gunrunning_only_a_region_at_war_that_takes_your_stuff() {
    let (g, mut t) = holding("gunrunning#1");
    let (corruptistan, tigers, meek) = (region(&g, "corruptistan"), region(&g, "tigers"), region(&g, "meek"));
    // Greasepalm: Technology 2. Corruptistan (2) and The Meek (0) are in reach, The Tigers (3) not.
    t.war = 1 << corruptistan | 1 << tigers | 1 << meek;
    t.famine = 1 << meek;
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "gunrunning#1");
    assert_eq!(legal(&g, &s, 0), ["target corruptistan"]);
    assert_eq!(
        act(&g, &mut s, 0, "target corruptistan"),
        [
            "P1 plays Gunrunning on Corruptistan",
            "P1 sells Stuff to Corruptistan for 12 Billion(s)",
            "P1's Billions 10 → 22",
            "Stuff in Corruptistan: 1 → 2",
        ]
    );
    // The war goes on.
    changed(&t, &s, |w| {
        w.seats[p(0)].billions = 22;
        w.stuff[usize::from(corruptistan)] = 2;
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.discard = bit(card(&g, "gunrunning#1"));
    });
    // Stuff 6 takes no more; no region at war in reach: not playable.
    t.stuff[usize::from(corruptistan)] = 6;
    assert!(!offers(&g, &load(&g, &t), 0, "gunrunning#1"));
    t.stuff[usize::from(corruptistan)] = 2;
    t.war = 1 << tigers;
    assert!(!offers(&g, &load(&g, &t), 0, "gunrunning#1"));
}

/// BI-EVENT-2, BI-REGION-2, BI-COMP-4: False Flag (illegal, Politics section) puts a war counter
/// on a region without one, never The One $uperpower, and not when all 3 counters are out.
#[test]
fn false_flag_never_the_superpower_nor_a_region_at_war_nor_with_no_counter_left() {
    let (g, mut t) = holding("false-flag#2");
    let (tigers, meek, rogue) = (region(&g, "tigers"), region(&g, "meek"), region(&g, "rogue-state"));
    t.war = 1 << meek;
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "false-flag#2");
    assert_eq!(legal(&g, &s, 0), ["target the-rest", "target corruptistan", "target tigers", "target rogue-state"]);
    assert_eq!(
        act(&g, &mut s, 0, "target tigers"),
        ["P1 plays False Flag on The Tigers", "war breaks out in The Tigers: a war counter goes there"]
    );
    changed(&t, &s, |w| {
        w.war = 1 << meek | 1 << tigers;
        w.stats.wars += 1;
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.discard = bit(card(&g, "false-flag#2"));
    });
    t.war = 1 << meek | 1 << tigers | 1 << rogue;
    assert!(!offers(&g, &load(&g, &t), 0, "false-flag#2"), "all 3 counters are out");
}

/// Peace Talks removes the war counter of a region at war; with no war it cannot be played.
#[test]
fn peace_talks_only_on_a_region_at_war() {
    let (g, mut t) = holding("peace-talks");
    let (tigers, meek) = (region(&g, "tigers"), region(&g, "meek"));
    assert!(!offers(&g, &load(&g, &t), 0, "peace-talks"), "no war");
    t.war = 1 << tigers | 1 << meek;
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "peace-talks");
    assert_eq!(legal(&g, &s, 0), ["target tigers", "target meek"]);
    assert_eq!(
        act(&g, &mut s, 0, "target meek"),
        ["P1 plays Peace Talks on The Meek", "the war in The Meek is over: its war counter is removed"]
    );
    changed(&t, &s, |w| {
        w.war = 1 << tigers;
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.discard = bit(card(&g, "peace-talks"));
    });
}

/// BI-BUNKER-1: Bunker costs 10 and stays face up in front of its player (not in the discard
/// pile); a player with a bunker cannot play another, nor one who cannot pay.
#[test]
fn bunker_costs_10_stays_in_front_and_only_once() {
    let (g, mut t) = holding("bunker#1");
    give(&mut t, 0, card(&g, "bunker#2"));
    money(&mut t, 0, 9, 0);
    assert!(!offers(&g, &load(&g, &t), 0, "bunker#1"), "9 cannot pay 10");
    money(&mut t, 0, 12, 0);
    let mut s = load(&g, &t);
    assert_eq!(offered(&g, &s, 0), ["bunker#1"], "one of each design");
    assert_eq!(
        act(&g, &mut s, 0, "bunker#1"),
        ["P1 plays Bunker", "P1 pays 10 Billion(s) and 0 Goodwill (2 B and 0 G left)", "P1 has a bunker"]
    );
    // In front of P1, not discarded.
    let k = card(&g, "bunker#1");
    changed(&t, &s, |w| {
        w.seats[p(0)].bunker = Some(k);
        w.seats[p(0)].billions = 2;
        w.seats[p(0)].hand = bit(card(&g, "bunker#2"));
    });
    let mut t = g.to_setup(&s);
    money(&mut t, 0, 50, 0);
    business(&mut t, 0);
    assert!(!offers(&g, &load(&g, &t), 0, "bunker#2"), "a second bunker");
}

/// Offshore Account (illegal, Business section): the black money of one of the player's own VPs
/// goes to his reserve and the VP stays; only his own VP carrying black money.
#[test]
fn offshore_account_only_your_own_vp_with_black_money() {
    let (g, mut t) = holding("offshore-account");
    let (corruptistan, meek) = (region(&g, "corruptistan"), region(&g, "meek"));
    put(&mut t, 0, 2, corruptistan, Entry::Crime, 6);
    put(&mut t, 0, 3, meek, Entry::Corruption, 0);
    put(&mut t, 1, 2, corruptistan, Entry::Corruption, 4);
    t.war = 1 << corruptistan;
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "offshore-account");
    assert_eq!(legal(&g, &s, 0), ["target P1.3"]);
    assert_eq!(
        act(&g, &mut s, 0, "target P1.3"),
        ["P1 plays Offshore Account on P1's VP 3", "black money on P1's VP 3 6 → 0", "P1's Billions 10 → 16"]
    );
    changed(&t, &s, |w| {
        w.seats[p(0)].vps[2].black = 0;
        w.seats[p(0)].billions = 16;
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.discard = bit(card(&g, "offshore-account"));
    });
    assert_eq!(
        s.table().seats[p(0)].vps[2],
        Vp { at: Spot::Region(corruptistan), entry: Some(Entry::Crime), black: 0 }
    );
    t.seats[p(0)].vps[2].black = 0;
    assert!(!offers(&g, &load(&g, &t), 0, "offshore-account"), "no black money of his own");
}

/// Overtime turns one of the player's own sideways Business Opportunities upright, which he can
/// then use again; never an upright one or another player's.
#[test]
fn overtime_only_your_own_sideways_opportunity() {
    let (g, mut t) = holding("overtime");
    let sweatshop = card(&g, "sweatshop#1");
    lay(&mut t, 0, sweatshop, false);
    lay(&mut t, 0, card(&g, "oil-concession#1"), true);
    lay(&mut t, 1, card(&g, "sweatshop#2"), false);
    put(&mut t, 0, 2, region(&g, "meek"), Entry::Corruption, 3);
    let mut s = load(&g, &t);
    assert_eq!(offered(&g, &s, 0), ["overtime"], "the sideways Sweatshop is not offered");
    act(&g, &mut s, 0, "overtime");
    assert_eq!(legal(&g, &s, 0), ["target sweatshop#1"]);
    assert_eq!(
        act(&g, &mut s, 0, "target sweatshop#1"),
        ["P1 plays Overtime on Sweatshop", "P1's Sweatshop is turned upright"]
    );
    changed(&t, &s, |w| {
        w.seats[p(0)].sideways = CardSet::EMPTY;
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.discard = bit(card(&g, "overtime"));
    });
    let mut t2 = g.to_setup(&s);
    business(&mut t2, 0);
    assert_eq!(offered(&g, &load(&g, &t2), 0), ["sweatshop#1"], "usable again");
    t.seats[p(0)].sideways = CardSet::EMPTY;
    assert!(!offers(&g, &load(&g, &t), 0, "overtime"), "nothing sideways");
}

/// BI-COMP-2: Headhunter costs 6 and a new VP of the player enters the VIP Lounge; not with all 4
/// VPs controlled.
#[test]
fn headhunter_costs_6_and_needs_a_vp_in_the_supply() {
    let (g, mut t) = holding("headhunter");
    let mut s = load(&g, &t);
    assert_eq!(
        act(&g, &mut s, 0, "headhunter"),
        [
            "P1 plays Headhunter",
            "P1 pays 6 Billion(s) and 0 Goodwill (4 B and 0 G left)",
            "P1 buys VP 3: it enters the VIP Lounge"
        ]
    );
    changed(&t, &s, |w| {
        w.seats[p(0)].vps[2] = Vp::LOUNGE;
        w.seats[p(0)].billions = 4;
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.discard = bit(card(&g, "headhunter"));
    });
    assert_eq!(s.table().seats[p(0)].vps, [Vp::LOUNGE, Vp::LOUNGE, Vp::LOUNGE, Vp::SUPPLY]);
    t.seats[p(0)].vps = [Vp::LOUNGE; 4];
    assert!(!offers(&g, &load(&g, &t), 0, "headhunter"), "4 VPs");
    t.seats[p(0)].vps[3] = Vp::SUPPLY;
    money(&mut t, 0, 5, 0);
    assert!(!offers(&g, &load(&g, &t), 0, "headhunter"), "5 cannot pay 6");
}

/// Charity Gala: the player gains 2 Goodwill, or 3 during a crisis (a war counter, a disaster or a
/// famine marker anywhere).
#[test]
fn charity_gala_2_goodwill_or_3_during_a_crisis() {
    let (g, mut t) = holding("charity-gala");
    money(&mut t, 0, 10, 3);
    let mut s = load(&g, &t);
    assert_eq!(act(&g, &mut s, 0, "charity-gala"), ["P1 plays Charity Gala", "P1's Goodwill 3 → 5"]);
    let k = card(&g, "charity-gala");
    changed(&t, &s, |w| {
        w.seats[p(0)].goodwill = 5;
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.discard = bit(k);
    });
    let meek = region(&g, "meek");
    let crises: [fn(&mut Table, u8); 3] = [|t, r| t.war = 1 << r, |t, r| t.disaster = 1 << r, |t, r| t.famine = 1 << r];
    for crisis in crises {
        let mut t = t.clone();
        crisis(&mut t, meek);
        let mut s = load(&g, &t);
        assert_eq!(act(&g, &mut s, 0, "charity-gala"), ["P1 plays Charity Gala", "P1's Goodwill 3 → 6"]);
        changed(&t, &s, |w| {
            w.seats[p(0)].goodwill = 6;
            w.seats[p(0)].hand = CardSet::EMPTY;
            w.discard = bit(k);
        });
    }
}
