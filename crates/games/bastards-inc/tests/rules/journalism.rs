//! Journalism (BI-JOURN-1..4) and the grey zone (BI-SELL-2).

use worlds_bastards_inc::{Entry, Spot, Vp};
use worlds_engine::{Game, Turn};

use crate::common::{act, blank, game, legal, load, money, p, put, put_square, region, square};

/// P1 sells Stuff in the grey zone of The Rogue State (Stuff 2 from 2 up); P2 and P3 have VPs in the
/// World section of the Media circus.
fn grey_sale() -> (worlds_bastards_inc::BastardsInc, worlds_bastards_inc::Table) {
    let g = game(3);
    let rogue = region(&g, "rogue-state");
    let mut t = blank(&g);
    put(&mut t, 0, 0, rogue, Entry::Crime, 0);
    t.stuff[usize::from(rogue)] = 2;
    put_square(&mut t, 1, 0, square(&g, "charity-scam"));
    put_square(&mut t, 2, 0, square(&g, "war-correspondents"));
    put_square(&mut t, 2, 1, square(&g, "charity-scam"));
    money(&mut t, 0, 10, 3);
    (g, t)
}

/// BI-SELL-2, BI-JOURN-1, BI-JOURN-2, BI-JOURN-3: a sale in the grey zone is illegal: each other
/// player with a VP in the World section is asked in turn, clockwise from the seller, first offered
/// hush money; keeping quiet takes it.
#[test]
fn bi_journ_1_2_3_bi_sell_2_hush_money_and_keeping_quiet() {
    let (g, t) = grey_sale();
    let mut s = load(&g, &t);
    assert_eq!(act(&g, &mut s, 0, "sell 1"), Vec::<String>::new());
    assert_eq!(g.turn(&s), Turn::Decide(p(0)));
    assert_eq!(legal(&g, &s, 0), ["hush 0", "hush 1", "hush 2", "hush 3", "hush 5", "hush 8", "hush all"]);
    assert_eq!(act(&g, &mut s, 0, "hush 2"), ["P1 offers P2 2 Billion(s) to keep quiet"]);
    assert_eq!(legal(&g, &s, 1), ["expose", "quiet"]);
    assert_eq!(act(&g, &mut s, 1, "quiet"), ["P2 keeps quiet", "P1 pays P2 2 Billion(s)"]);
    act(&g, &mut s, 0, "hush 0");
    let log = act(&g, &mut s, 2, "quiet");
    assert_eq!(
        log,
        [
            "P3 keeps quiet",
            "P1's VP 1 goes from The Rogue State to the VIP Lounge",
            "P1 sells Stuff to The Rogue State for 18 Billion(s)",
            "P1's Billions 8 → 26",
            "Stuff in The Rogue State: 2 → 3",
        ]
    );
    assert_eq!(s.table().seats[p(1)].billions, 32);
}

/// BI-JOURN-4: the first exposure ends the asking: the sale does not happen, the seller's VP goes to
/// the VIP Lounge without income, he loses 2 Goodwill; the exposer gains 1 and his VP in the section
/// goes to the VIP Lounge (BI-RULING-6: the one on the lower square).
#[test]
fn bi_journ_4_an_exposed_sale() {
    let (g, t) = grey_sale();
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "sell 1");
    act(&g, &mut s, 0, "hush 0");
    act(&g, &mut s, 1, "quiet");
    act(&g, &mut s, 0, "hush 0");
    let log = act(&g, &mut s, 2, "expose");
    assert_eq!(
        log,
        [
            "P3 exposes P1's illegal act: it does not happen",
            "P1's VP 1 goes from The Rogue State to the VIP Lounge",
            "P1's Goodwill 3 → 1",
            "P3's Goodwill 9 → 10",
            "P3's VP 2 goes from Charity Scam (World section) to the VIP Lounge",
        ]
    );
    assert_eq!(s.table().stuff[usize::from(region(&g, "rogue-state"))], 2);
    assert_eq!(s.table().seats[p(0)].billions, 10);
    assert_eq!(s.table().seats[p(2)].vps[0].at, Spot::Square(square(&g, "war-correspondents")));
    assert_eq!(s.table().seats[p(2)].vps[1], Vp::LOUNGE);
    assert_eq!(g.turn(&s), Turn::Decide(p(1)), "an exposed act still used P1's action turn");
    assert_eq!(s.table().stats.exposed, 1);
}

/// BI-SELL-2: the sale that moves the marker into the grey zone is legal: nobody is asked.
#[test]
fn bi_sell_2_the_sale_into_the_grey_zone_is_legal() {
    let (g, mut t) = grey_sale();
    t.stuff[usize::from(region(&g, "rogue-state"))] = 1;
    let mut s = load(&g, &t);
    let log = act(&g, &mut s, 0, "sell 1");
    assert_eq!(log.last().unwrap(), "Stuff in The Rogue State: 1 → 2");
}
