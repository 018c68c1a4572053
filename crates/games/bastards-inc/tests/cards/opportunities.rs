//! The 18 Business Opportunity designs (BI-BO-1, BI-BO-2, BI-BO-3): each design's attribute
//! minimum, the regions of its slots, the exact black money each VP receives and the card lying
//! sideways in front of its owner afterwards; joint ventures (BI-JV-1, BI-DEAL-5) on the
//! two-slot cards.

use worlds_bastards_inc::{Attr, BastardsInc, Entry, State, Table, Vp};
use worlds_engine::{Game, Turn};

use super::{changed, offered, offers};
use crate::common::{
    CardSet, act, attrs, bit, blank, business, card, game, give, legal, load, money, p, put, refused, region,
};

/// P1 holds `id` and has exactly the attribute minimum (`attr` at `min`, the others 0); his VP 3
/// stands in `slot` with 2 black money, his VP 4 in another region. Checks that the card is
/// offered only at the minimum and with a VP in the slot's region, then uses it: returns the
/// game, the position before and the state after.
fn one_slot(
    id: &str,
    attr: Attr,
    min: u8,
    slot: &str,
    income: u32,
    tweak: impl Fn(&BastardsInc, &mut Table),
) -> (BastardsInc, Table, State) {
    let g = game(3);
    let k = card(&g, id);
    let r = region(&g, slot);
    let elsewhere = region(&g, if slot == "meek" { "corruptistan" } else { "meek" });
    let mut t = blank(&g);
    let mut a = [0; 4];
    a[attr.index()] = min;
    attrs(&mut t, 0, a);
    put(&mut t, 0, 2, r, Entry::Crime, 2);
    put(&mut t, 0, 3, elsewhere, Entry::Corruption, 1);
    give(&mut t, 0, k);
    tweak(&g, &mut t);
    // BI-BO-1: the attribute minimum.
    let mut low = t.clone();
    low.seats[p(0)].attrs[attr.index()] = min - 1;
    assert!(!offers(&g, &load(&g, &low), 0, id), "{id} below its minimum");
    assert_eq!(
        refused(&g, &load(&g, &low), 0, id),
        "that card cannot be played now: check its cost, its target and, for a Business Opportunity, its minimum and slots [BI-CARD-3]"
    );
    // BI-BO-1: a VP in the slot's region (VP 4 elsewhere does not fit).
    let mut away = t.clone();
    away.seats[p(0)].vps[2] = Vp::LOUNGE;
    assert!(!offers(&g, &load(&g, &away), 0, id), "{id} without a VP in its region");
    let mut s = load(&g, &t);
    assert!(offers(&g, &s, 0, id));
    assert_eq!(act(&g, &mut s, 0, id), Vec::<String>::new(), "its slot is chosen first");
    assert_eq!(legal(&g, &s, 0), ["target P1.3"]);
    let name = &g.content().cards.card(k).name;
    assert_eq!(
        act(&g, &mut s, 0, "target P1.3"),
        [format!("P1 uses {name}"), format!("P1's VP 3 receives {income} black money")]
    );
    // BI-BO-2, BI-BO-3: the slot's full Income on the VP (not in the reserve, BI-BLACK-1), the card
    // in front of its owner, sideways; VP 4 receives nothing.
    changed(&t, &s, |w| {
        w.seats[p(0)].hand &= !bit(k);
        w.seats[p(0)].table |= bit(k);
        w.seats[p(0)].sideways |= bit(k);
        w.seats[p(0)].vps[2].black = 2 + income;
    });
    assert_eq!(
        s.table().seats[p(0)].vps[2],
        Vp { at: worlds_bastards_inc::Spot::Region(r), entry: Some(Entry::Crime), black: 2 + income }
    );
    assert_eq!(g.turn(&s), Turn::Decide(p(1)), "the use was P1's action");
    // Sideways, it cannot be used again before the next Business phase.
    let mut again = g.to_setup(&s);
    business(&mut again, 0);
    assert!(!offers(&g, &load(&g, &again), 0, id), "{id} is sideways");
    (g, t, s)
}

/// P1 holds `id` and has exactly its minimum; his VP 3 stands in the first slot's region `r1`,
/// his VP 4 in the second's `r2`. Checks the minimum and that both slots need a VP, then uses it
/// alone.
#[allow(clippy::too_many_arguments)]
fn two_slots(id: &str, attr: Attr, min: u8, r1: &str, income1: u32, r2: &str, income2: u32) -> (BastardsInc, State) {
    let g = game(3);
    let k = card(&g, id);
    let mut t = blank(&g);
    let mut a = [0; 4];
    a[attr.index()] = min;
    attrs(&mut t, 0, a);
    put(&mut t, 0, 2, region(&g, r1), Entry::Corruption, 0);
    put(&mut t, 0, 3, region(&g, r2), Entry::Crime, 3);
    give(&mut t, 0, k);
    let mut low = t.clone();
    low.seats[p(0)].attrs[attr.index()] = min - 1;
    assert!(!offers(&g, &load(&g, &low), 0, id), "{id} below its minimum");
    // Each slot is filled by its own VP: one VP alone, and no partner, is not enough.
    for vp in [2, 3] {
        let mut one = t.clone();
        one.seats[p(0)].vps[vp] = Vp::LOUNGE;
        assert!(!offers(&g, &load(&g, &one), 0, id), "{id} with one slot empty");
    }
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, id);
    assert_eq!(legal(&g, &s, 0), ["target P1.3"]);
    assert_eq!(act(&g, &mut s, 0, "target P1.3"), Vec::<String>::new());
    assert_eq!(legal(&g, &s, 0), ["target P1.4"]);
    let name = &g.content().cards.card(k).name;
    assert_eq!(
        act(&g, &mut s, 0, "target P1.4"),
        [
            format!("P1 uses {name}"),
            format!("P1's VP 3 receives {income1} black money"),
            format!("P1's VP 4 receives {income2} black money"),
        ]
    );
    changed(&t, &s, |w| {
        w.seats[p(0)].hand &= !bit(k);
        w.seats[p(0)].table |= bit(k);
        w.seats[p(0)].sideways |= bit(k);
        w.seats[p(0)].vps[2].black = income1;
        w.seats[p(0)].vps[3].black = 3 + income2;
    });
    assert_eq!(g.turn(&s), Turn::Decide(p(1)));
    (g, s)
}

fn none(_: &BastardsInc, _: &mut Table) {}

/// BI-BO-1, BI-BO-2: Sweatshop needs Corruption 1 and a VP in The Meek, which receives 9.
#[test]
fn sweatshop_corruption_1_meek_earns_9() {
    one_slot("sweatshop#1", Attr::Corruption, 1, "meek", 9, none);
}

/// BI-BO-1, BI-BO-2: Payday Loans needs Media 1 (our retune of the spec's Crime 1, see the
/// balance analysis) and a VP in The Meek, which receives 9.
#[test]
fn payday_loans_media_1_meek_earns_9() {
    one_slot("payday-loans", Attr::Media, 1, "meek", 9, none);
}

/// BI-BO-1, BI-BO-2: Aid Agency Front needs Media 2 and a VP in The Meek, which receives 12.
#[test]
fn aid_agency_front_media_2_meek_earns_12() {
    one_slot("aid-agency-front", Attr::Media, 2, "meek", 12, none);
}

/// BI-BO-1, BI-BO-2: Oil Concession needs Corruption 2 and a VP in Corruptistan, which receives
/// 15; BI-BO-1: an upright copy already in front is used again, and a second copy in the hand is
/// offered beside it.
#[test]
fn oil_concession_corruption_2_corruptistan_earns_15_and_is_used_from_the_table() {
    let (g, _, s) = one_slot("oil-concession#1", Attr::Corruption, 2, "corruptistan", 15, none);
    assert_eq!(s.table().seats[p(0)].vps[2].black, 17);
    // From the table: the copy in front, upright (a new Business phase), used again.
    let mut t = g.to_setup(&s);
    t.seats[p(0)].sideways = CardSet::EMPTY;
    give(&mut t, 0, card(&g, "oil-concession#2"));
    business(&mut t, 0);
    let mut s = load(&g, &t);
    assert_eq!(offered(&g, &s, 0), ["oil-concession#2", "oil-concession#1"]);
    act(&g, &mut s, 0, "oil-concession#1");
    assert_eq!(act(&g, &mut s, 0, "target P1.3"), ["P1 uses Oil Concession", "P1's VP 3 receives 15 black money"]);
    // The second copy stays in the hand.
    changed(&t, &s, |w| {
        w.seats[p(0)].sideways = bit(card(&g, "oil-concession#1"));
        w.seats[p(0)].vps[2].black = 32;
    });
}

/// BI-BO-1, BI-BO-2: Privatised Pipeline needs Corruption 3 and VPs in Corruptistan (15) and The
/// Rest (12).
#[test]
fn privatised_pipeline_corruption_3_corruptistan_15_and_the_rest_12() {
    two_slots("privatised-pipeline", Attr::Corruption, 3, "corruptistan", 15, "the-rest", 12);
}

/// BI-BO-1, BI-BO-2: Electronics Factory needs Technology 2 and a VP in The Tigers, which receives
/// 12.
#[test]
fn electronics_factory_technology_2_tigers_earns_12() {
    one_slot("electronics-factory#2", Attr::Technology, 2, "tigers", 12, none);
}

/// BI-BO-1, BI-BO-2: Outsourcing needs Technology 3 and VPs in The Rest (12) and The Tigers (12).
#[test]
fn outsourcing_technology_3_the_rest_12_and_tigers_12() {
    two_slots("outsourcing#1", Attr::Technology, 3, "the-rest", 12, "tigers", 12);
}

/// BI-BO-1, BI-BO-2, BI-JOURN-4: Counterfeit Goods (illegal, Business section) needs Media 2 (our
/// retune of the spec's Crime 2, see the balance analysis) and a VP in The Tigers, which receives
/// 18; journalists of other sections are not asked, so it resolves normally.
#[test]
fn counterfeit_goods_media_2_tigers_earns_18_unexposed() {
    one_slot("counterfeit-goods", Attr::Media, 2, "tigers", 18, |g, t| {
        crate::common::put_square(t, 1, 0, crate::common::square(g, "talk-show"));
        crate::common::put_square(t, 2, 0, crate::common::square(g, "charity-scam"));
    });
}

/// BI-BO-1, BI-BO-2: Sanctions Busting (illegal, World section) needs Crime 3 and a VP in The
/// Rogue State, which receives 21; with no journalist in the World section it resolves normally.
#[test]
fn sanctions_busting_crime_3_rogue_state_earns_21_unexposed() {
    one_slot("sanctions-busting", Attr::Crime, 3, "rogue-state", 21, |g, t| {
        crate::common::put_square(t, 1, 0, crate::common::square(g, "stock-tips"));
    });
}

/// BI-BO-1, BI-BO-2: Mercenaries needs Media 2 (our retune of the spec's Crime 2, see the balance
/// analysis) and a VP in The Rogue State, which receives 15.
#[test]
fn mercenaries_media_2_rogue_state_earns_15() {
    one_slot("mercenaries", Attr::Media, 2, "rogue-state", 15, none);
}

/// BI-BO-1, BI-BO-2: Reconstruction Contract needs Corruption 3 and a VP in any region with a war
/// counter, which receives 18 (and stays there, BI-BUS-4).
#[test]
fn reconstruction_contract_corruption_3_any_region_at_war_earns_18() {
    let g = game(3);
    let k = card(&g, "reconstruction-contract#1");
    let (tigers, meek, corruptistan) = (region(&g, "tigers"), region(&g, "meek"), region(&g, "corruptistan"));
    let mut t = blank(&g);
    attrs(&mut t, 0, [3, 0, 0, 0]);
    put(&mut t, 0, 0, corruptistan, Entry::Corruption, 0);
    put(&mut t, 0, 2, tigers, Entry::Crime, 1);
    put(&mut t, 0, 3, meek, Entry::Corruption, 0);
    give(&mut t, 0, k);
    // No war: no slot.
    assert!(!offers(&g, &load(&g, &t), 0, "reconstruction-contract#1"));
    t.war = 1 << tigers | 1 << meek;
    let mut low = t.clone();
    low.seats[p(0)].attrs = [2, 6, 6, 6];
    assert!(!offers(&g, &load(&g, &low), 0, "reconstruction-contract#1"), "Corruption 2");
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "reconstruction-contract#1");
    assert_eq!(legal(&g, &s, 0), ["target P1.3", "target P1.4"], "the VPs in regions at war, not Corruptistan");
    assert_eq!(
        act(&g, &mut s, 0, "target P1.4"),
        ["P1 uses Reconstruction Contract", "P1's VP 4 receives 18 black money"]
    );
    changed(&t, &s, |w| {
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.seats[p(0)].table = bit(k);
        w.seats[p(0)].sideways = bit(k);
        w.seats[p(0)].vps[3].black = 18;
    });
    assert_eq!(
        s.table().seats[p(0)].vps[3],
        Vp { at: worlds_bastards_inc::Spot::Region(meek), entry: Some(Entry::Corruption), black: 18 }
    );
}

/// BI-BO-1, BI-BO-2: Defence Contract needs Technology 4 and a VP in The One $uperpower, which
/// receives 24.
#[test]
fn defence_contract_technology_4_superpower_earns_24() {
    one_slot("defence-contract#1", Attr::Technology, 4, "superpower", 24, none);
}

/// BI-BO-1, BI-EFFORT-1: the minimum counts the bonus of extra effort, which then expires: P1's
/// Technology 3 + 1 uses Defence Contract.
#[test]
fn defence_contract_minimum_met_with_extra_effort() {
    let g = game(3);
    let k = card(&g, "defence-contract#2");
    let mut t = blank(&g);
    attrs(&mut t, 0, [0, 0, 0, 3]);
    money(&mut t, 0, 10, 0);
    put(&mut t, 0, 2, region(&g, "superpower"), Entry::Corruption, 0);
    give(&mut t, 0, k);
    let mut s = load(&g, &t);
    assert!(!offers(&g, &s, 0, "defence-contract#2"));
    assert_eq!(
        act(&g, &mut s, 0, "effort technology 1"),
        [
            "P1 buys extra effort: Technology +1 for the next action",
            "P1 pays 2 Billion(s) and 0 Goodwill (8 B and 0 G left)"
        ]
    );
    assert_eq!(offered(&g, &s, 0), ["defence-contract#2"]);
    act(&g, &mut s, 0, "defence-contract#2");
    assert_eq!(act(&g, &mut s, 0, "target P1.3"), ["P1 uses Defence Contract", "P1's VP 3 receives 24 black money"]);
    changed(&t, &s, |w| {
        w.seats[p(0)].billions = 8;
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.seats[p(0)].table = bit(k);
        w.seats[p(0)].sideways = bit(k);
        w.seats[p(0)].vps[2].black = 24;
    });
    assert_eq!(s.table().seats[p(0)].bonus, [0; 4], "the bonus expired with the action");
}

/// BI-BO-1, BI-BO-2: Private Prisons needs Crime 4 and a VP in The One $uperpower, which receives
/// 21.
#[test]
fn private_prisons_crime_4_superpower_earns_21() {
    one_slot("private-prisons", Attr::Crime, 4, "superpower", 21, none);
}

/// BI-BO-1, BI-BO-2: Tax Haven needs Corruption 4 and a VP in The Rest, which receives 18.
#[test]
fn tax_haven_corruption_4_the_rest_earns_18() {
    one_slot("tax-haven", Attr::Corruption, 4, "the-rest", 18, none);
}

/// BI-BO-1, BI-BO-2: Media Empire needs Media 3 and a VP in The Rest, which receives 15.
#[test]
fn media_empire_media_3_the_rest_earns_15() {
    one_slot("media-empire", Attr::Media, 3, "the-rest", 15, none);
}

/// BI-BO-1, BI-BO-2: Drug Cartel (illegal, Business section) needs Crime 3 and VPs in Corruptistan
/// (15) and The Rest (15); with no journalist it resolves normally.
#[test]
fn drug_cartel_crime_3_corruptistan_15_and_the_rest_15() {
    two_slots("drug-cartel", Attr::Crime, 3, "corruptistan", 15, "the-rest", 15);
}

/// BI-BO-1, BI-BO-2: Blood Diamonds (illegal, World section) needs Media 2 (our retune of the
/// spec's Crime 1, see the balance analysis) and VPs in The Meek (9) and The Rest (15); with no
/// journalist it resolves normally.
#[test]
fn blood_diamonds_media_2_meek_9_and_the_rest_15() {
    two_slots("blood-diamonds", Attr::Media, 2, "meek", 9, "the-rest", 15);
}

/// BI-BO-1, BI-BO-2: Data Harvesting needs Technology 5 and VPs in The One $uperpower (21) and The
/// Tigers (12).
#[test]
fn data_harvesting_technology_5_superpower_21_and_tigers_12() {
    two_slots("data-harvesting", Attr::Technology, 5, "superpower", 21, "tigers", 12);
}

/// P1 (Corruption 3) holds Privatised Pipeline with his VP 3 in Corruptistan; P2 (Spin & Sons,
/// Corruption 2: his attributes do not matter) has his VP 3 in The Rest.
fn pipeline_venture() -> (BastardsInc, Table) {
    let g = game(3);
    let mut t = blank(&g);
    put(&mut t, 0, 2, region(&g, "corruptistan"), Entry::Corruption, 0);
    put(&mut t, 1, 2, region(&g, "the-rest"), Entry::Crime, 1);
    give(&mut t, 0, card(&g, "privatised-pipeline"));
    money(&mut t, 0, 10, 3);
    money(&mut t, 1, 20, 3);
    (g, t)
}

/// BI-JV-1, BI-DEAL-5: Privatised Pipeline as a joint venture: P1 meets the minimum and fills one
/// slot, P2's VP fills the other and receives its full Income; the side payment "I pay you 5"
/// moves when P2 accepts.
#[test]
fn privatised_pipeline_joint_venture_with_a_side_payment_accepted() {
    let (g, t) = pipeline_venture();
    let mut s = load(&g, &t);
    assert!(offers(&g, &s, 0, "privatised-pipeline"));
    act(&g, &mut s, 0, "privatised-pipeline");
    assert_eq!(legal(&g, &s, 0), ["target P1.3"]);
    act(&g, &mut s, 0, "target P1.3");
    assert_eq!(legal(&g, &s, 0), ["target P2.3"]);
    assert_eq!(act(&g, &mut s, 0, "target P2.3"), Vec::<String>::new());
    // BI-DEAL-5, BI-MONEY-5: none, "I pay you N" within P1's 10, "you pay me N" within P2's 20.
    assert_eq!(
        legal(&g, &s, 0),
        [
            "no side", "give 1", "give 2", "give 3", "give 5", "give 8", "give all", "take 1", "take 2", "take 3",
            "take 5", "take 8", "take 12", "take 20"
        ]
    );
    assert_eq!(
        act(&g, &mut s, 0, "give 5"),
        ["P1 proposes a joint venture in Privatised Pipeline to P2 (P1 pays P2 5)"]
    );
    assert_eq!(g.turn(&s), Turn::Decide(p(1)));
    assert_eq!(legal(&g, &s, 1), ["accept", "decline"]);
    assert_eq!(
        act(&g, &mut s, 1, "accept"),
        [
            "P2 accepts the joint venture",
            "P1 uses Privatised Pipeline",
            "P1 pays P2 5 Billion(s)",
            "P1's VP 3 receives 15 black money",
            "P2's VP 3 receives 12 black money",
        ]
    );
    // In front of its owner, sideways; each VP has its slot's full Income.
    let k = card(&g, "privatised-pipeline");
    changed(&t, &s, |w| {
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.seats[p(0)].table = bit(k);
        w.seats[p(0)].sideways = bit(k);
        w.seats[p(0)].billions = 5;
        w.seats[p(1)].billions = 25;
        w.seats[p(0)].vps[2].black = 15;
        w.seats[p(1)].vps[2].black = 13;
        w.stats.ventures = 1;
    });
    assert_eq!(g.turn(&s), Turn::Decide(p(1)), "P1's action is over: P2's action turn");
}

/// BI-DEAL-5: a declined joint venture does nothing: the card goes back to the hand, P1's action
/// turn goes on, and he cannot propose that card to P2 again this Business phase.
#[test]
fn privatised_pipeline_joint_venture_declined() {
    let (g, t) = pipeline_venture();
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "privatised-pipeline");
    act(&g, &mut s, 0, "target P1.3");
    act(&g, &mut s, 0, "target P2.3");
    assert_eq!(
        act(&g, &mut s, 0, "take 5"),
        ["P1 proposes a joint venture in Privatised Pipeline to P2 (P2 pays P1 5)"]
    );
    assert_eq!(act(&g, &mut s, 1, "decline"), ["P2 declines the joint venture"]);
    // Back in the hand, no money moved; only the proposal is remembered.
    let k = card(&g, "privatised-pipeline");
    changed(&t, &s, |w| w.proposed[1] = bit(k));
    assert_eq!(g.turn(&s), Turn::Decide(p(0)), "P1's action turn goes on");
    assert!(!offers(&g, &s, 0, "privatised-pipeline"), "proposed to P2 once this phase");
    // With P3 in The Rest too, P3 may still be asked.
    let mut t = g.to_setup(&s);
    put(&mut t, 2, 2, region(&g, "the-rest"), Entry::Corruption, 0);
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "privatised-pipeline");
    act(&g, &mut s, 0, "target P1.3");
    assert_eq!(legal(&g, &s, 0), ["target P3.3"]);
}

/// BI-JV-1: the partner's VP may fill the first slot, the owner's the second (Data Harvesting:
/// P2's VP in The One $uperpower, P1's in The Tigers), with no side payment.
#[test]
fn data_harvesting_joint_venture_partner_in_the_first_slot() {
    let g = game(3);
    let mut t = blank(&g);
    attrs(&mut t, 0, [0, 0, 0, 5]);
    put(&mut t, 0, 2, region(&g, "tigers"), Entry::Crime, 0);
    put(&mut t, 1, 2, region(&g, "superpower"), Entry::Corruption, 0);
    give(&mut t, 0, card(&g, "data-harvesting"));
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "data-harvesting");
    assert_eq!(legal(&g, &s, 0), ["target P2.3"]);
    act(&g, &mut s, 0, "target P2.3");
    assert_eq!(legal(&g, &s, 0), ["target P1.3"]);
    act(&g, &mut s, 0, "target P1.3");
    assert_eq!(
        act(&g, &mut s, 0, "no side"),
        ["P1 proposes a joint venture in Data Harvesting to P2 (no side payment)"]
    );
    assert_eq!(
        act(&g, &mut s, 1, "accept"),
        [
            "P2 accepts the joint venture",
            "P1 uses Data Harvesting",
            "P2's VP 3 receives 21 black money",
            "P1's VP 3 receives 12 black money",
        ]
    );
    let k = card(&g, "data-harvesting");
    changed(&t, &s, |w| {
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.seats[p(0)].table = bit(k);
        w.seats[p(0)].sideways = bit(k);
        w.seats[p(1)].vps[2].black = 21;
        w.seats[p(0)].vps[2].black = 12;
        w.stats.ventures = 1;
    });
}
