//! Journalism against illegal cards (BI-JOURN-1..4): hush money, keeping quiet, exposing, and
//! what an exposed card costs its player, on Counterfeit Goods, Smear Campaign, Gunrunning,
//! Sanctions Busting and Drug Cartel.

use worlds_bastards_inc::{Entry, Spot, Vp};
use worlds_engine::{Game, Turn};

use super::changed;
use crate::common::{
    CardSet, act, attrs, bit, blank, card, game, give, lay, legal, load, p, put, put_square, region, square,
};

/// BI-JOURN-2..4: Counterfeit Goods (Business section) is exposed by the first journalist asked:
/// it does not happen and goes to the discard pile, P1 loses 2 Goodwill, P2 gains 1 and his VP in
/// the section goes to the VIP Lounge; nobody else is asked, and P1's action turn is used.
#[test]
fn counterfeit_goods_exposed_by_the_first_journalist() {
    let g = game(3);
    let mut t = blank(&g);
    let tigers = region(&g, "tigers");
    // P1 (Greasepalm) with Media 2, as Counterfeit Goods needs.
    attrs(&mut t, 0, [3, 2, 2, 2]);
    put(&mut t, 0, 2, tigers, Entry::Crime, 1);
    give(&mut t, 0, card(&g, "counterfeit-goods"));
    put_square(&mut t, 1, 0, square(&g, "stock-tips"));
    put_square(&mut t, 2, 0, square(&g, "investigative-desk"));
    // P1's own VP in the section makes no journalist of him.
    put_square(&mut t, 0, 1, square(&g, "stock-tips"));
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "counterfeit-goods");
    assert_eq!(act(&g, &mut s, 0, "target P1.3"), ["P1 uses Counterfeit Goods"]);
    // BI-JOURN-3, BI-MONEY-5: the actor first offers hush money to P2, from his 30 Billions (30 is a
    // step: no "all").
    assert_eq!(g.turn(&s), Turn::Decide(p(0)));
    assert_eq!(
        legal(&g, &s, 0),
        ["hush 0", "hush 1", "hush 2", "hush 3", "hush 5", "hush 8", "hush 12", "hush 20", "hush 30"]
    );
    assert_eq!(act(&g, &mut s, 0, "hush 0"), ["P1 offers P2 0 Billion(s) to keep quiet"]);
    assert_eq!(legal(&g, &s, 1), ["expose", "quiet"]);
    assert_eq!(
        act(&g, &mut s, 1, "expose"),
        [
            "P2 exposes P1's illegal act: it does not happen",
            "P1's Goodwill 9 → 7",
            "P2's Goodwill 9 → 10",
            "P2's VP 1 goes from Stock Tips (Business section) to the VIP Lounge",
        ]
    );
    // The card to the discard pile, not in front of P1; no income; P3 was not asked.
    let k = card(&g, "counterfeit-goods");
    changed(&t, &s, |w| {
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.discard = bit(k);
        w.seats[p(0)].goodwill = 7;
        w.seats[p(1)].goodwill = 10;
        w.seats[p(1)].vps[0] = Vp::LOUNGE;
        w.stats.exposed = 1;
    });
    assert_eq!(s.table().seats[p(0)].vps[2], Vp { at: Spot::Region(tigers), entry: Some(Entry::Crime), black: 1 });
    assert_eq!(g.turn(&s), Turn::Decide(p(1)), "the exposed act used P1's action turn");
}

/// BI-JOURN-3: each journalist clockwise from the actor is offered hush money; keeping quiet takes
/// it at once; when nobody exposes, Smear Campaign (Politics section) resolves normally.
#[test]
fn smear_campaign_kept_quiet_with_hush_money() {
    let g = game(3);
    let mut t = blank(&g);
    give(&mut t, 0, card(&g, "smear-campaign#2"));
    put_square(&mut t, 1, 0, square(&g, "talk-show"));
    put_square(&mut t, 2, 1, square(&g, "late-night-satire"));
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "smear-campaign#2");
    assert_eq!(act(&g, &mut s, 0, "target P3"), ["P1 plays Smear Campaign on P3"]);
    assert_eq!(act(&g, &mut s, 0, "hush 5"), ["P1 offers P2 5 Billion(s) to keep quiet"]);
    assert_eq!(act(&g, &mut s, 1, "quiet"), ["P2 keeps quiet", "P1 pays P2 5 Billion(s)"]);
    // P3, the target, is a journalist too; P1 has 25 Billions left (off the steps: "all").
    assert_eq!(g.turn(&s), Turn::Decide(p(0)));
    assert_eq!(
        legal(&g, &s, 0),
        ["hush 0", "hush 1", "hush 2", "hush 3", "hush 5", "hush 8", "hush 12", "hush 20", "hush all"]
    );
    assert_eq!(act(&g, &mut s, 0, "hush 3"), ["P1 offers P3 3 Billion(s) to keep quiet"]);
    assert_eq!(
        act(&g, &mut s, 2, "quiet"),
        ["P3 keeps quiet", "P1 pays P3 3 Billion(s)", "P3's Media 3 → 2", "P3's Goodwill 9 → 7"]
    );
    // Quiet journalists stay where they are.
    changed(&t, &s, |w| {
        w.seats[p(0)].billions = 22;
        w.seats[p(1)].billions = 35;
        w.seats[p(2)].billions = 33;
        w.seats[p(2)].attrs = [1, 2, 2, 2];
        w.seats[p(2)].goodwill = 7;
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.discard = bit(card(&g, "smear-campaign#2"));
    });
}

/// BI-JOURN-3, BI-JOURN-4: Gunrunning (World section) exposed: the hush money offered is not paid,
/// no Stuff is sold, and the exposer's VP on the section's lowest square (Charity Scam,
/// BI-RULING-6) leaves; his other one stays.
#[test]
fn gunrunning_exposed_despite_hush_money() {
    let g = game(3);
    let mut t = blank(&g);
    let corruptistan = region(&g, "corruptistan");
    t.war = 1 << corruptistan;
    give(&mut t, 0, card(&g, "gunrunning#2"));
    put_square(&mut t, 1, 0, square(&g, "war-correspondents"));
    put_square(&mut t, 1, 1, square(&g, "charity-scam"));
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "gunrunning#2");
    assert_eq!(act(&g, &mut s, 0, "target corruptistan"), ["P1 plays Gunrunning on Corruptistan"]);
    assert_eq!(act(&g, &mut s, 0, "hush 3"), ["P1 offers P2 3 Billion(s) to keep quiet"]);
    assert_eq!(
        act(&g, &mut s, 1, "expose"),
        [
            "P2 exposes P1's illegal act: it does not happen",
            "P1's Goodwill 9 → 7",
            "P2's Goodwill 9 → 10",
            "P2's VP 2 goes from Charity Scam (World section) to the VIP Lounge",
        ]
    );
    // No hush money, no sale; P2's VP on War Correspondents stays.
    changed(&t, &s, |w| {
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.discard = bit(card(&g, "gunrunning#2"));
        w.seats[p(0)].goodwill = 7;
        w.seats[p(1)].goodwill = 10;
        w.seats[p(1)].vps[1] = Vp::LOUNGE;
        w.stats.exposed = 1;
    });
}

/// BI-JOURN-4: an illegal Business Opportunity used from the table and exposed leaves the table for
/// the discard pile (Sanctions Busting, World section; P2 is no journalist and is skipped).
#[test]
fn sanctions_busting_exposed_leaves_the_table() {
    let g = game(3);
    let mut t = blank(&g);
    attrs(&mut t, 0, [3, 3, 1, 2]);
    put(&mut t, 0, 2, region(&g, "rogue-state"), Entry::Crime, 0);
    let k = card(&g, "sanctions-busting");
    lay(&mut t, 0, k, true);
    put_square(&mut t, 2, 0, square(&g, "charity-scam"));
    put_square(&mut t, 1, 0, square(&g, "stock-tips"));
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "sanctions-busting");
    assert_eq!(act(&g, &mut s, 0, "target P1.3"), ["P1 uses Sanctions Busting"]);
    assert_eq!(act(&g, &mut s, 0, "hush 0"), ["P1 offers P3 0 Billion(s) to keep quiet"]);
    assert_eq!(
        act(&g, &mut s, 2, "expose"),
        [
            "P3 exposes P1's illegal act: it does not happen",
            "P1's Goodwill 9 → 7",
            "P3's Goodwill 9 → 10",
            "P3's VP 1 goes from Charity Scam (World section) to the VIP Lounge",
        ]
    );
    changed(&t, &s, |w| {
        w.seats[p(0)].table = CardSet::EMPTY;
        w.discard = bit(k);
        w.seats[p(0)].goodwill = 7;
        w.seats[p(2)].goodwill = 10;
        w.seats[p(2)].vps[0] = Vp::LOUNGE;
        w.stats.exposed = 1;
    });
}

/// BI-JOURN-3, BI-JOURN-4, BI-DEAL-5: an illegal joint venture (Drug Cartel) is announced once the
/// partner has accepted, "nothing yet paid": exposed, it does not happen and the side payment does
/// not move either.
#[test]
fn drug_cartel_joint_venture_exposed_moves_no_side_payment() {
    let g = game(3);
    let mut t = blank(&g);
    attrs(&mut t, 0, [3, 3, 1, 2]);
    put(&mut t, 0, 2, region(&g, "corruptistan"), Entry::Crime, 0);
    put(&mut t, 1, 2, region(&g, "the-rest"), Entry::Corruption, 0);
    give(&mut t, 0, card(&g, "drug-cartel"));
    put_square(&mut t, 2, 0, square(&g, "stock-tips"));
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "drug-cartel");
    act(&g, &mut s, 0, "target P1.3");
    act(&g, &mut s, 0, "target P2.3");
    act(&g, &mut s, 0, "give 5");
    assert_eq!(act(&g, &mut s, 1, "accept"), ["P2 accepts the joint venture", "P1 uses Drug Cartel"]);
    act(&g, &mut s, 0, "hush 0");
    act(&g, &mut s, 2, "expose");
    // (Whether the statistics count it as a venture is no rule.)
    let ventures = s.table().stats.ventures;
    changed(&t, &s, |w| {
        w.seats[p(0)].hand = CardSet::EMPTY;
        w.discard = bit(card(&g, "drug-cartel"));
        w.seats[p(0)].goodwill = 7;
        w.seats[p(2)].goodwill = 10;
        w.seats[p(2)].vps[0] = Vp::LOUNGE;
        w.stats.exposed = 1;
        w.stats.ventures = ventures;
    });
}
