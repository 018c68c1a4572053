//! The Business phase (BI-BUS-1..4) and its actions: Action cards (BI-ACT-1), Business
//! Opportunities (BI-BO-1..3) and joint ventures (BI-JV-1), laundering (BI-LAUNDER-1), selling
//! Stuff (BI-SELL-1), media campaigns (BI-MEDIA-1), buying a VP (BI-BUYVP-1, BI-COMP-2) and the
//! Prize (BI-BUYNOBEL-1, BI-HALO-1), passing (BI-PASS-1).

use worlds_bastards_inc::{Entry, Spot, Step, Vp};
use worlds_engine::{Game, Turn};

use crate::common::{
    CardSet, act, attrs, bit, blank, can, card, game, give, last_placement, lay, legal, load, money, p, put,
    put_square, refused, region, square,
};

/// BI-BUS-1: every Business Opportunity is upright again when the phase begins.
#[test]
fn bi_bus_1_business_opportunities_turn_upright() {
    let g = game(3);
    let mut t = blank(&g);
    lay(&mut t, 1, card(&g, "sweatshop#1"), false);
    last_placement(&g, &mut t, "market-glut");
    let mut s = load(&g, &t);
    let log = act(&g, &mut s, 0, "place lounge");
    assert!(log.iter().any(|l| l == "Phase 5 business"), "{log:?}");
    assert_eq!(s.table().seats[p(1)].sideways, CardSet::EMPTY);
    assert_eq!(g.turn(&s), Turn::Decide(p(0)), "BI-BUS-2: the starting player begins");
}

/// BI-BUS-2, BI-BUS-3, BI-PASS-1: one action or a pass per turn, clockwise; the phase ends when all
/// have passed in succession, and a player who passed may act again.
#[test]
fn bi_bus_2_bi_bus_3_bi_pass_1_turns_until_all_pass_in_succession() {
    let g = game(3);
    let mut t = blank(&g);
    money(&mut t, 2, 0, 0);
    t.seats[p(2)].vps = [Vp::LOUNGE, Vp::LOUNGE, Vp::SUPPLY, Vp::SUPPLY];
    put_square(&mut t, 2, 0, square(&g, "charity-scam"));
    let mut s = load(&g, &t);
    assert_eq!(act(&g, &mut s, 0, "pass"), ["P1 passes"]);
    assert_eq!(g.turn(&s), Turn::Decide(p(1)));
    act(&g, &mut s, 1, "pass");
    // P3 acts after two passes: the count starts again.
    act(&g, &mut s, 2, "campaign 1");
    assert_eq!(g.turn(&s), Turn::Decide(p(0)), "P1 passed before and may act again");
    act(&g, &mut s, 0, "pass");
    act(&g, &mut s, 1, "pass");
    assert_eq!(g.turn(&s), Turn::Decide(p(2)));
    let log = act(&g, &mut s, 2, "pass");
    assert!(log.contains(&"Turn 2 begins; P2 is the starting player".to_owned()), "{log:?}");
}

/// BI-BUS-4: a VP in a region with a war counter may not launder or sell, unless its owner holds
/// the Prize (BI-NOBEL-1).
#[test]
fn bi_bus_4_vps_at_war_stay_unless_their_owner_holds_the_prize() {
    let g = game(3);
    let meek = region(&g, "meek");
    let mut t = blank(&g);
    put(&mut t, 0, 0, meek, Entry::Crime, 5);
    t.war = 1 << meek;
    let s = load(&g, &t);
    assert!(!legal(&g, &s, 0).iter().any(|a| a.starts_with("launder") || a.starts_with("sell")));
    assert_eq!(
        refused(&g, &s, 0, "sell 1"),
        "a VP in a region at war may not leave it (unless you hold the Peace Nobel Prize) [BI-BUS-4]"
    );
    t.halo = Some(p(0));
    let s = load(&g, &t);
    assert!(can(&g, &s, 0, "launder 1 corruption"));
    assert!(can(&g, &s, 0, "sell 1"));
}

/// BI-ACT-1, BI-CARD-1: a business card is played as the action; a war card is not.
#[test]
fn bi_act_1_an_action_card_is_played_as_the_action() {
    let g = game(3);
    let mut t = blank(&g);
    give(&mut t, 0, card(&g, "charity-gala"));
    give(&mut t, 0, card(&g, "fog-of-war"));
    let mut s = load(&g, &t);
    assert!(!can(&g, &s, 0, "fog-of-war"));
    let log = act(&g, &mut s, 0, "charity-gala");
    assert_eq!(log, ["P1 plays Charity Gala", "P1's Goodwill 9 → 11"]);
    assert_eq!(g.turn(&s), Turn::Decide(p(1)));
    assert!(s.table().discard.contains(card(&g, "charity-gala")));
}

/// BI-BO-1, BI-BO-2, BI-BO-3: a Business Opportunity from the hand or upright in front: its minimum
/// met, each slot filled by its own VP, each VP receiving its slot's Income as black money; the
/// card lies in front, sideways, until the next Business phase.
#[test]
fn bi_bo_1_bi_bo_2_bi_bo_3_using_a_business_opportunity() {
    let g = game(3);
    let (corruptistan, rest) = (region(&g, "corruptistan"), region(&g, "the-rest"));
    let mut t = blank(&g);
    attrs(&mut t, 0, [3, 2, 1, 2]);
    put(&mut t, 0, 0, corruptistan, Entry::Corruption, 1);
    put(&mut t, 0, 1, rest, Entry::Corruption, 0);
    let pipeline = card(&g, "privatised-pipeline");
    give(&mut t, 0, pipeline);
    let mut s = load(&g, &t);
    assert!(can(&g, &s, 0, "privatised-pipeline"));
    act(&g, &mut s, 0, "privatised-pipeline");
    assert_eq!(legal(&g, &s, 0), ["target P1.1"], "slot 1: Corruptistan");
    act(&g, &mut s, 0, "target P1.1");
    assert_eq!(legal(&g, &s, 0), ["target P1.2"], "slot 2: The Rest");
    let log = act(&g, &mut s, 0, "target P1.2");
    assert_eq!(
        log,
        ["P1 uses Privatised Pipeline", "P1's VP 1 receives 15 black money", "P1's VP 2 receives 12 black money"]
    );
    assert_eq!((s.table().seats[p(0)].vps[0].black, s.table().seats[p(0)].vps[1].black), (16, 12));
    assert_eq!(
        (s.table().seats[p(0)].table, s.table().seats[p(0)].sideways, s.table().seats[p(0)].hand),
        (bit(pipeline), bit(pipeline), CardSet::EMPTY)
    );
    // Sideways: not again this phase.
    act(&g, &mut s, 1, "pass");
    act(&g, &mut s, 2, "pass");
    assert!(!can(&g, &s, 0, "privatised-pipeline"));
    // Corruption 2 is below the card's 3.
    let mut t = g.to_setup(&s);
    crate::common::business(&mut t, 0);
    t.seats[p(0)].sideways = CardSet::EMPTY;
    attrs(&mut t, 0, [2, 2, 1, 2]);
    let s = load(&g, &t);
    assert!(!can(&g, &s, 0, "privatised-pipeline"));
    assert!(can(&g, &s, 0, "effort corruption 1"));
}

/// BI-JV-1, BI-DEAL-5: a two-slot card as a joint venture: the owner meets the minimum and fills
/// one slot, the partner's VP the other and receives its full Income; a side payment moves on
/// acceptance; a declined proposal changes nothing, the owner's turn goes on, and the same card is
/// not proposed to the same partner again this phase.
#[test]
fn bi_jv_1_bi_deal_5_a_joint_venture() {
    let g = game(3);
    let (corruptistan, rest) = (region(&g, "corruptistan"), region(&g, "the-rest"));
    let mut t = blank(&g);
    put(&mut t, 0, 0, corruptistan, Entry::Corruption, 0);
    put(&mut t, 1, 0, rest, Entry::Corruption, 0);
    attrs(&mut t, 1, [0, 0, 0, 0]);
    let pipeline = card(&g, "privatised-pipeline");
    lay(&mut t, 0, pipeline, true);
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "privatised-pipeline");
    act(&g, &mut s, 0, "target P1.1");
    assert_eq!(legal(&g, &s, 0), ["target P2.1"]);
    act(&g, &mut s, 0, "target P2.1");
    assert_eq!(legal(&g, &s, 0)[..4], ["no side", "give 1", "give 2", "give 3"]);
    // P2 can pay up to his 30 Billions (a step: no "take all").
    assert!(legal(&g, &s, 0).contains(&"take 30".to_owned()) && !legal(&g, &s, 0).contains(&"take 50".to_owned()));
    assert!(!legal(&g, &s, 0).contains(&"take all".to_owned()));
    let log = act(&g, &mut s, 0, "take 5");
    assert_eq!(log, ["P1 proposes a joint venture in Privatised Pipeline to P2 (P2 pays P1 5)"]);
    assert_eq!(g.turn(&s), Turn::Decide(p(1)));
    assert_eq!(legal(&g, &s, 1), ["accept", "decline"]);
    assert_eq!(act(&g, &mut s, 1, "decline"), ["P2 declines the joint venture"]);
    assert_eq!(g.turn(&s), Turn::Decide(p(0)), "the owner's action turn goes on");
    assert!(!can(&g, &s, 0, "privatised-pipeline"), "not proposed to P2 again this phase");
    // Accepted.
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "privatised-pipeline");
    act(&g, &mut s, 0, "target P1.1");
    act(&g, &mut s, 0, "target P2.1");
    act(&g, &mut s, 0, "give 2");
    let log = act(&g, &mut s, 1, "accept");
    assert_eq!(
        log,
        [
            "P2 accepts the joint venture",
            "P1 uses Privatised Pipeline",
            "P1 pays P2 2 Billion(s)",
            "P1's VP 1 receives 15 black money",
            "P2's VP 1 receives 12 black money",
        ]
    );
    assert_eq!((s.table().seats[p(0)].billions, s.table().seats[p(1)].billions), (28, 32));
    assert_eq!(s.table().stats.ventures, 1);
}

/// BI-LAUNDER-1: the black money of a VP goes to the reserve and the VP to the VIP Lounge, when the
/// declared Corruption or Crime beats the region's value (strictly).
#[test]
fn bi_launder_1_beating_the_regions_value() {
    let g = game(3);
    let corruptistan = region(&g, "corruptistan");
    let mut t = blank(&g);
    // Greasepalm: Corruption 3 beats Corruptistan's 1; Crime 2 does not beat its 3.
    put(&mut t, 0, 0, corruptistan, Entry::Corruption, 7);
    let mut s = load(&g, &t);
    let launder: Vec<String> = legal(&g, &s, 0).into_iter().filter(|a| a.starts_with("launder")).collect();
    assert_eq!(launder, ["launder 1 corruption"]);
    let log = act(&g, &mut s, 0, "launder 1 corruption");
    assert_eq!(
        log,
        [
            "P1 launders 7 Billion(s) from VP 1",
            "P1's VP 1 goes from Corruptistan to the VIP Lounge",
            "P1's Billions 30 → 37"
        ]
    );
    // At equal values laundering fails: Crime 3 does not beat Corruptistan's Crime 3.
    let mut t = blank(&g);
    attrs(&mut t, 0, [1, 3, 1, 1]);
    put(&mut t, 0, 0, corruptistan, Entry::Crime, 7);
    let s = load(&g, &t);
    assert!(!legal(&g, &s, 0).iter().any(|a| a.starts_with("launder")));
    // The One $uperpower's Crime 6 cannot be beaten (BI-EFFORT-3); Corruption 6 beats its 5.
    let superpower = region(&g, "superpower");
    let mut t = blank(&g);
    attrs(&mut t, 0, [6, 6, 1, 1]);
    put(&mut t, 0, 0, superpower, Entry::Crime, 3);
    let s = load(&g, &t);
    let launder: Vec<String> = legal(&g, &s, 0).into_iter().filter(|a| a.starts_with("launder")).collect();
    assert_eq!(launder, ["launder 1 corruption"]);
}

/// BI-SELL-1, BI-CRISIS-2: a VP sells Stuff with enough Technology: the VP goes to the VIP Lounge,
/// the region's Income to the reserve, its Stuff +1; never at 6, never during a famine.
#[test]
fn bi_sell_1_selling_stuff() {
    let g = game(3);
    let tigers = region(&g, "tigers");
    let mut t = blank(&g);
    // P3 (Gizmotronic, raised to Technology 3 = The Tigers' 3).
    attrs(&mut t, 2, [1, 2, 3, 3]);
    put(&mut t, 2, 0, tigers, Entry::Crime, 2);
    t.stuff[usize::from(tigers)] = 2;
    crate::common::business(&mut t, 2);
    let mut s = load(&g, &t);
    let log = act(&g, &mut s, 2, "sell 1");
    assert_eq!(
        log,
        [
            "P3's VP 1 goes from The Tigers to the VIP Lounge (2 black money back to the bank)",
            "P3 sells Stuff to The Tigers for 15 Billion(s)",
            "P3's Billions 30 → 45",
            "Stuff in The Tigers: 2 → 3",
        ]
    );
    for (stuff, famine, ok) in [(6, false, false), (2, true, false)] {
        t.stuff[usize::from(tigers)] = stuff;
        t.famine = if famine { 1 << tigers } else { 0 };
        let s = load(&g, &t);
        assert_eq!(can(&g, &s, 2, "sell 1"), ok);
    }
    t.famine = 1 << tigers;
    let s = load(&g, &t);
    assert_eq!(refused(&g, &s, 2, "sell 1"), "no Stuff can be sold to a region with a famine marker [BI-CRISIS-2]");
    // Greasepalm's Technology 2 is below The Tigers' 3.
    let mut t = blank(&g);
    put(&mut t, 0, 0, tigers, Entry::Crime, 0);
    let s = load(&g, &t);
    assert_eq!(refused(&g, &s, 0, "sell 1"), "your Technology is 2 but The Tigers needs 3 [BI-SELL-1]");
}

/// BI-MEDIA-1: a media campaign: the VP goes to the VIP Lounge for 1 Goodwill, 2 on Charity Scam
/// during a crisis.
#[test]
fn bi_media_1_media_campaigns() {
    let g = game(3);
    let mut t = blank(&g);
    put_square(&mut t, 0, 0, square(&g, "charity-scam"));
    put_square(&mut t, 0, 1, square(&g, "talk-show"));
    let mut s = load(&g, &t);
    let log = act(&g, &mut s, 0, "campaign 1");
    assert_eq!(
        log,
        [
            "P1 runs a media campaign with VP 1: +1 Goodwill",
            "P1's VP 1 goes from Charity Scam (World section) to the VIP Lounge",
            "P1's Goodwill 9 → 10",
        ]
    );
    t.famine = 1 << region(&g, "meek");
    let mut s = load(&g, &t);
    assert_eq!(act(&g, &mut s, 0, "campaign 1")[0], "P1 runs a media campaign with VP 1: +2 Goodwill");
    crate::common::business(&mut t, 0);
    let mut s = load(&g, &t);
    assert_eq!(act(&g, &mut s, 0, "campaign 2")[0], "P1 runs a media campaign with VP 2: +1 Goodwill");
}

/// BI-BUYVP-1, BI-COMP-2, BI-RULING-1: a VP costs 12 Billions (never Goodwill) and enters the VIP
/// Lounge; nobody controls more than 4.
#[test]
fn bi_buyvp_1_bi_comp_2_buying_a_vp() {
    let g = game(3);
    let mut t = blank(&g);
    money(&mut t, 0, 11, 20);
    let s = load(&g, &t);
    assert!(!can(&g, &s, 0, "buy vp"), "11 Billions and 20 Goodwill do not buy a VP");
    money(&mut t, 0, 12, 0);
    let mut s = load(&g, &t);
    let log = act(&g, &mut s, 0, "buy vp");
    assert_eq!(
        log,
        ["P1 pays 12 Billion(s) and 0 Goodwill (0 B and 0 G left)", "P1 buys VP 3: it enters the VIP Lounge"]
    );
    assert_eq!(s.table().seats[p(0)].vps[2], Vp::LOUNGE);
    t.seats[p(0)].vps = [Vp::LOUNGE; 4];
    money(&mut t, 0, 50, 0);
    let s = load(&g, &t);
    assert_eq!(
        refused(&g, &s, 0, "buy vp"),
        "a VP costs 12 Billions (BI-RULING-1) and you control at most 4 (BI-COMP-2) [BI-BUYVP-1]"
    );
}

/// BI-BUYNOBEL-1, BI-HALO-1, BI-MONEY-2: the Prize costs 10 Goodwill (never Billions), comes from the
/// bank or its holder, and the holder cannot buy it.
#[test]
fn bi_buynobel_1_bi_halo_1_buying_the_prize() {
    let g = game(3);
    let mut t = blank(&g);
    money(&mut t, 0, 50, 9);
    let s = load(&g, &t);
    assert!(!can(&g, &s, 0, "buy prize"));
    money(&mut t, 0, 0, 12);
    t.halo = Some(p(1));
    let mut s = load(&g, &t);
    let log = act(&g, &mut s, 0, "buy prize");
    assert_eq!(
        log,
        [
            "P1 pays 0 Billion(s) and 10 Goodwill (0 B and 2 G left)",
            "P1 buys the Peace Nobel Prize",
            "P1 puts on the halo of the Peace Nobel Prize",
        ]
    );
    assert_eq!((s.table().halo, s.table().stats.prizes), (Some(p(0)), 1));
    t.halo = Some(p(0));
    let s = load(&g, &t);
    assert_eq!(
        refused(&g, &s, 0, "buy prize"),
        "the Peace Nobel Prize costs 10 Goodwill, and the holder cannot buy it [BI-BUYNOBEL-1]"
    );
    let _ = Step::Draw;
    let _ = Spot::Lounge;
}
