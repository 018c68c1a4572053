//! Battles of Goodwill (BI-BATTLE-1..6), the Prize in battles (BI-NOBEL-3, BI-NOBEL-4), Goodwill-only
//! payments (BI-MONEY-2); bids are whole amounts of Goodwill, not the ladder of BI-MONEY-5.

use worlds_bastards_inc::{Entry, Spot, Step, Vp};
use worlds_engine::{Game, Present, Turn, Viewer};

use crate::common::{act, blank, game, legal, load, money, p, placing, put, refused, region};

/// P1 to place into Corruptistan, where P2 (VP 3) and P3 (VP 3) stand; P1 has a VP there already
/// (VP 3) when `own` is set.
fn contested(own: bool) -> (worlds_bastards_inc::BastardsInc, worlds_bastards_inc::State) {
    let g = game(3);
    let corruptistan = region(&g, "corruptistan");
    let mut t = blank(&g);
    placing(&mut t, 0);
    put(&mut t, 1, 2, corruptistan, Entry::Corruption, 4);
    put(&mut t, 2, 2, corruptistan, Entry::Crime, 1);
    if own {
        put(&mut t, 0, 2, corruptistan, Entry::Corruption, 2);
    }
    money(&mut t, 0, 10, 9);
    money(&mut t, 1, 10, 13);
    money(&mut t, 2, 10, 5);
    let s = load(&g, &t);
    (g, s)
}

/// BI-BATTLE-1.
#[test]
fn bi_battle_1_placing_where_others_stand_starts_a_battle() {
    let (g, mut s) = contested(false);
    let log = act(&g, &mut s, 0, "place corruptistan by corruption");
    assert_eq!(
        log,
        ["Battle of Goodwill: P1 wants into Corruptistan by Corruption; P2 and P3 decide whether to keep him out"]
    );
    assert_eq!(g.turn(&s), Turn::Simultaneous([p(1), p(2)].into_iter().collect()));
}

/// BI-BATTLE-2: each occupant lets the newcomer in or resists with "an amount (even 0) of
/// Goodwill": every whole amount up to what he holds (not the ladder of BI-MONEY-5, which stays for
/// Billions), in secret; then all are revealed and resisters pay.
#[test]
fn bi_battle_2_goodwill_bids_take_every_whole_amount() {
    let (g, mut s) = contested(false);
    act(&g, &mut s, 0, "place corruptistan by corruption");
    // P2 holds 13 Goodwill: every amount from 0 to 13.
    let mut all: Vec<String> = vec!["let in".into()];
    all.extend((0..=13).map(|n| format!("resist {n}")));
    assert_eq!(legal(&g, &s, 1), all);
    // P3 holds 5.
    assert_eq!(legal(&g, &s, 2), ["let in", "resist 0", "resist 1", "resist 2", "resist 3", "resist 4", "resist 5"]);
    assert_eq!(refused(&g, &s, 2, "resist 6"), "you cannot resist with more Goodwill than you hold [BI-BATTLE-2]");
    // Every amount has its own code and its own button.
    for a in g.legal_actions(&s, p(1)) {
        assert_eq!(g.action_from_index(g.action_index(a)), Some(a));
        assert_eq!(g.parse_action(&g.format_action(a)), Ok(a));
    }
    assert_eq!(g.action_elements(&s, g.parse_action("resist 7").unwrap()), ["act-resist-7"]);
    assert_eq!(act(&g, &mut s, 1, "resist 7"), ["P2 will resist with 7 Goodwill", "P2 has chosen"]);
    let seen = serde_json::to_string(&g.observe(&s, Viewer::Player(p(2)))).unwrap();
    assert!(!seen.contains("\"resist\":7"), "P3 does not see P2's resistance");
    let log = act(&g, &mut s, 2, "let in");
    assert_eq!(
        log,
        [
            "P3 will let the newcomer in",
            "P3 has chosen",
            "P2 resists with 7 Goodwill",
            "P2 pays 0 Billion(s) and 7 Goodwill (10 B and 6 G left)",
            "P3 lets the newcomer in",
        ]
    );
    assert_eq!(g.turn(&s), Turn::Decide(p(0)));
    // P1 holds 9 Goodwill: outbidding 7 costs 8.
    assert_eq!(legal(&g, &s, 0), ["outbid", "withdraw"]);
}

/// BI-BATTLE-3, BI-BATTLE-4, BI-MONEY-2: the newcomer pays one more than all resisters, in
/// Goodwill; every resister's VPs there go to the VIP Lounge, the others stay.
#[test]
fn bi_battle_3_bi_battle_4_bi_money_2_outbidding_sends_the_resisters_away() {
    let (g, mut s) = contested(false);
    act(&g, &mut s, 0, "place corruptistan by corruption");
    act(&g, &mut s, 1, "resist 3");
    act(&g, &mut s, 2, "let in");
    assert_eq!(legal(&g, &s, 0), ["outbid", "withdraw"]);
    let log = act(&g, &mut s, 0, "outbid");
    assert_eq!(
        log,
        [
            "P1 pays 0 Billion(s) and 4 Goodwill (10 B and 5 G left)",
            "P1 pays 4 Goodwill and enters",
            "P2's VP 3 goes from Corruptistan to the VIP Lounge (4 black money back to the bank)",
            "P1 places VP 1 in Corruptistan by Corruption",
        ]
    );
    let corruptistan = region(&g, "corruptistan");
    assert_eq!(s.table().seats[p(1)].vps[2], Vp::LOUNGE);
    assert_eq!(s.table().seats[p(2)].vps[2].at, Spot::Region(corruptistan), "P3 let him in: unaffected");
    assert_eq!(s.table().seats[p(0)].billions, 10, "Goodwill only");
}

/// BI-BATTLE-3.
#[test]
fn bi_battle_3_nobody_resists_the_vp_enters_and_outbidding_needs_the_goodwill() {
    let (g, mut s) = contested(false);
    act(&g, &mut s, 0, "place corruptistan by corruption");
    act(&g, &mut s, 1, "let in");
    let log = act(&g, &mut s, 2, "let in");
    assert_eq!(log.last().unwrap(), "P1 places VP 1 in Corruptistan by Corruption");
    // A resistance of 9 needs 10 Goodwill; P1 has 9.
    let (g, mut s) = contested(false);
    act(&g, &mut s, 0, "place corruptistan by corruption");
    act(&g, &mut s, 1, "resist 8");
    act(&g, &mut s, 2, "resist 1");
    assert_eq!(legal(&g, &s, 0), ["withdraw"]);
    assert_eq!(
        refused(&g, &s, 0, "outbid"),
        "you need one Goodwill more than all resisters together; go to the VIP Lounge instead [BI-BATTLE-3]"
    );
}

/// BI-BATTLE-5: a newcomer who does not pay goes to the VIP Lounge with every VP of his already
/// there.
#[test]
fn bi_battle_5_the_loser_leaves_with_his_earlier_vps() {
    let (g, mut s) = contested(true);
    act(&g, &mut s, 0, "place corruptistan by corruption");
    act(&g, &mut s, 1, "resist 0");
    act(&g, &mut s, 2, "let in");
    let log = act(&g, &mut s, 0, "withdraw");
    assert_eq!(
        log,
        [
            "P1 gives way and goes to the VIP Lounge",
            "P1's VP 3 goes from Corruptistan to the VIP Lounge (2 black money back to the bank)",
        ]
    );
    assert_eq!(s.table().seats[p(0)].vps.iter().filter(|v| v.at == Spot::Lounge).count(), 2);
}

/// BI-BATTLE-6: a VP sent to the VIP Lounge while placing stays there until the next Place VPs
/// phase.
#[test]
fn bi_battle_6_a_vp_sent_to_the_lounge_is_not_placed_again_this_phase() {
    let (g, mut s) = contested(false);
    act(&g, &mut s, 0, "place corruptistan by corruption");
    act(&g, &mut s, 1, "resist 0");
    act(&g, &mut s, 2, "let in");
    act(&g, &mut s, 0, "withdraw");
    // P1's VP 1 is in the VIP Lounge, not lifted: P1 has one lifted VP left (VP 2).
    assert_eq!(s.table().seats[p(0)].vps[0].at, Spot::Lounge);
    assert_eq!(s.table().seats[p(0)].vps.iter().filter(|v| v.at == Spot::Lifted).count(), 1);
}

/// BI-NOBEL-3: the holder's placement in a region never starts a battle.
#[test]
fn bi_nobel_3_the_holder_cannot_be_kept_out() {
    let (g, s) = contested(false);
    let mut t = g.to_setup(&s);
    t.halo = Some(p(0));
    let mut s = load(&g, &t);
    let log = act(&g, &mut s, 0, "place corruptistan by prize");
    assert_eq!(log, ["P1 places VP 1 in Corruptistan (by the Peace Nobel Prize)"]);
}

/// BI-NOBEL-4: a holder who resists and loses sees his VPs leave like anyone's.
#[test]
fn bi_nobel_4_a_resisting_holder_loses_his_vps_too() {
    let (g, s) = contested(false);
    let mut t = g.to_setup(&s);
    t.halo = Some(p(1));
    let mut s = load(&g, &t);
    act(&g, &mut s, 0, "place corruptistan by corruption");
    act(&g, &mut s, 1, "resist 1");
    act(&g, &mut s, 2, "let in");
    act(&g, &mut s, 0, "outbid");
    assert_eq!(s.table().seats[p(1)].vps[2], Vp::LOUNGE);
    assert!(matches!(s.table().stack.top(), Some(Step::Place { .. })));
}
