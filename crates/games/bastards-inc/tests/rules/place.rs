//! The Place VPs phase (BI-PLACE-1..7), extra effort (BI-EFFORT-1..3), the Peace Nobel Prize's
//! benefits when placing (BI-NOBEL-1, BI-NOBEL-2, BI-NOBEL-5), the VIP Lounge (BI-LOUNGE-1), entry
//! records (BI-REGION-3) and black money leaving with its VP (BI-BLACK-2).

use worlds_bastards_inc::{Entry, Spot, Vp};
use worlds_engine::{Game, Turn, Viewer};

use crate::common::{
    act, attrs, blank, can, game, legal, lifting, load, money, p, placing, put, put_square, refused, region, square,
};

/// BI-PLACE-1.
#[test]
fn bi_place_1_lifts_are_hidden_until_all_have_chosen_and_the_lounge_is_always_lifted() {
    let g = game(3);
    let mut t = blank(&g);
    lifting(&mut t);
    let corruptistan = region(&g, "corruptistan");
    put(&mut t, 0, 0, corruptistan, Entry::Corruption, 3);
    put_square(&mut t, 0, 1, square(&g, "talk-show"));
    let mut s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["lift 1", "lift 2", "done"]);
    assert_eq!(legal(&g, &s, 1), ["done"], "P2's VPs are all in the VIP Lounge");
    assert_eq!(act(&g, &mut s, 0, "lift 1"), ["P1 will lift VP 1"]);
    assert_eq!(legal(&g, &s, 0), ["lift 2", "done"]);
    let spectator = g.observe(&s, Viewer::Spectator);
    assert_eq!(spectator.regions[usize::from(corruptistan)].vps.len(), 1, "nothing moves before the reveal");
    assert!(!serde_json::to_string(&spectator).unwrap().contains("\"lift\":[0]"));
    act(&g, &mut s, 0, "done");
    act(&g, &mut s, 1, "done");
    let log = act(&g, &mut s, 2, "done");
    assert_eq!(log[1], "P1 lifts VP 1 from Corruptistan (3 black money back to the bank)");
    assert_eq!(s.table().seats[p(0)].vps[0], Vp { at: Spot::Lifted, entry: None, black: 0 });
    assert_eq!(s.table().seats[p(0)].vps[1].at, Spot::Square(square(&g, "talk-show")), "not lifted: stays");
    assert_eq!(s.table().seats[p(1)].vps[0].at, Spot::Lifted, "the VIP Lounge is always lifted");
}

/// BI-PLACE-2.
#[test]
fn bi_place_2_snake_order_one_each_then_the_last_player_places_all_and_the_others_follow() {
    let g = game(4);
    let mut t = blank(&g);
    t.start = p(1);
    // Lifted VPs: P1 1, P2 2, P3 none, P4 3.
    for (q, n) in [(p(0), 1), (p(1), 2), (p(2), 0), (p(3), 3)] {
        for i in 0..4 {
            t.seats[q].vps[i] = if i < n { Vp { at: Spot::Lifted, entry: None, black: 0 } } else { Vp::SUPPLY };
        }
    }
    t.stack = worlds_engine::flow::Stack::with(worlds_bastards_inc::Step::Place { turn: 0 });
    let mut s = load(&g, &t);
    let mut order = Vec::new();
    while let Turn::Decide(q) = g.turn(&s) {
        if s.table().phase() != worlds_bastards_inc::Phase::Place {
            break;
        }
        order.push(q.index() + 1);
        act(&g, &mut s, q.index(), "place lounge");
    }
    assert_eq!(order, [2, 4, 1, 4, 4, 2]);
}

/// BI-PLACE-3.
#[test]
fn bi_place_3_every_lifted_vp_is_placed_and_the_lounge_is_always_allowed() {
    let g = game(3);
    let mut t = blank(&g);
    attrs(&mut t, 0, [0, 0, 0, 0]);
    placing(&mut t, 0);
    let s = load(&g, &t);
    // With every attribute at 0, only The Meek is out of reach... and the VIP Lounge is open.
    let l = legal(&g, &s, 0);
    assert!(l.iter().any(|a| a == "place lounge"));
    assert!(!l.iter().any(|a| a == "done" || a == "pass"), "no VP may be held back: {l:?}");
    // Several players, and one player several times, in one region.
    let meek = region(&g, "meek");
    let mut t = blank(&g);
    placing(&mut t, 0);
    put(&mut t, 0, 2, meek, Entry::Crime, 0);
    t.seats[p(0)].vps[3] = Vp::SUPPLY;
    put(&mut t, 1, 2, meek, Entry::Corruption, 0);
    let s = load(&g, &t);
    assert!(can(&g, &s, 0, "place meek by corruption"));
}

/// BI-PLACE-4.
#[test]
fn bi_place_4_a_region_needs_the_declared_attribute_at_least_at_its_minimum() {
    let g = game(3);
    let mut t = blank(&g);
    placing(&mut t, 0);
    // Greasepalm Holdings: Corruption 3, Crime 2, Media 1, Technology 2.
    let s = load(&g, &t);
    let regions: Vec<String> = legal(&g, &s, 0).into_iter().filter(|a| a.contains(" by ")).collect();
    assert_eq!(
        regions,
        [
            "place corruptistan by corruption",
            "place tigers by corruption",
            "place tigers by crime",
            "place rogue-state by crime",
            "place meek by corruption",
            "place meek by crime",
        ]
    );
    assert_eq!(
        refused(&g, &s, 0, "place the-rest by corruption"),
        "your Corruption is 3 but The Rest needs 4: buy extra effort first, or declare the other attribute [BI-PLACE-4]"
    );
}

/// BI-PLACE-5.
#[test]
fn bi_place_5_a_media_square_needs_media_at_least_its_value() {
    let g = game(3);
    let mut t = blank(&g);
    placing(&mut t, 1);
    // Spin & Sons: Media 3.
    t.stack = worlds_engine::flow::Stack::with(worlds_bastards_inc::Step::Place { turn: 1 });
    let s = load(&g, &t);
    let squares: Vec<String> = legal(&g, &s, 1)
        .into_iter()
        .filter(|a| a.starts_with("place ") && !a.contains(" by ") && a != "place lounge")
        .collect();
    assert_eq!(squares, ["place charity-scam", "place talk-show", "place late-night-satire", "place stock-tips"]);
    assert_eq!(
        refused(&g, &s, 1, "place investigative-desk"),
        "your Media is 3 but Investigative Desk needs 5 [BI-PLACE-5]"
    );
}

/// BI-PLACE-6.
#[test]
fn bi_place_6_no_vp_lifted_from_or_placed_into_a_region_at_war() {
    let g = game(3);
    let tigers = region(&g, "tigers");
    let mut t = blank(&g);
    lifting(&mut t);
    t.war = 1 << tigers;
    put(&mut t, 0, 0, tigers, Entry::Crime, 0);
    let s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["done"]);
    assert_eq!(
        refused(&g, &s, 0, "lift 1"),
        "a VP in a region with a war counter stays there (unless you hold the Peace Nobel Prize) [BI-PLACE-6]"
    );
    let mut t = blank(&g);
    placing(&mut t, 0);
    t.war = 1 << tigers;
    let s = load(&g, &t);
    assert!(!can(&g, &s, 0, "place tigers by crime"));
    assert_eq!(
        refused(&g, &s, 0, "place tigers by crime"),
        "no VP may be sent into a region with a war counter [BI-PLACE-6]"
    );
}

/// BI-PLACE-7, BI-EFFORT-1, BI-EFFORT-2, BI-EFFORT-3: a placement names its destination and the
/// declared attribute; extra effort bought just before counts for that placement only, one bonus
/// per attribute, never past 6.
#[test]
fn bi_place_7_bi_effort_1_a_bonus_bought_before_a_placement_counts_for_it_only() {
    let g = game(3);
    let mut t = blank(&g);
    placing(&mut t, 0);
    money(&mut t, 0, 10, 0);
    let mut s = load(&g, &t);
    let effort: Vec<String> = legal(&g, &s, 0).into_iter().filter(|a| a.starts_with("effort")).collect();
    // Corruption 3 → +3 at most; Crime 2 → +3; Media 1 → +3; no Technology before a placement
    // (BI-RULING-10).
    assert_eq!(
        effort,
        [
            "effort corruption 1",
            "effort corruption 2",
            "effort corruption 3",
            "effort crime 1",
            "effort crime 2",
            "effort crime 3",
            "effort media 1",
            "effort media 2",
            "effort media 3",
        ]
    );
    let log = act(&g, &mut s, 0, "effort corruption 1");
    assert_eq!(
        log,
        [
            "P1 buys extra effort: Corruption +1 for the next action",
            "P1 pays 2 Billion(s) and 0 Goodwill (8 B and 0 G left)"
        ]
    );
    assert!(!legal(&g, &s, 0).iter().any(|a| a.starts_with("effort corruption")), "one bonus per attribute");
    assert!(can(&g, &s, 0, "place the-rest by corruption"));
    act(&g, &mut s, 0, "place the-rest by corruption");
    assert_eq!(s.table().seats[p(0)].bonus, [0; 4], "the bonus lapses after the placement");
    assert_eq!(s.table().seats[p(0)].vps[0].at, Spot::Region(region(&g, "the-rest")));
    assert_eq!(s.table().seats[p(0)].vps[0].entry, Some(Entry::Corruption));
    // BI-EFFORT-3: at 5, only +1 is offered (5 + 1 = 6).
    let mut t = blank(&g);
    placing(&mut t, 0);
    attrs(&mut t, 0, [5, 2, 1, 2]);
    let s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0).iter().filter(|a| a.starts_with("effort corruption")).count(), 1);
}

/// BI-NOBEL-1, BI-NOBEL-2: the holder lifts from and enters regions at war, without declaring or
/// meeting minimums.
#[test]
fn bi_nobel_1_bi_nobel_2_the_holder_enters_any_region_by_the_prize() {
    let g = game(3);
    let tigers = region(&g, "tigers");
    let mut t = blank(&g);
    lifting(&mut t);
    t.war = 1 << tigers;
    t.halo = Some(p(0));
    put(&mut t, 0, 0, tigers, Entry::Crime, 2);
    let s = load(&g, &t);
    assert_eq!(legal(&g, &s, 0), ["lift 1", "done"]);
    let mut t = blank(&g);
    placing(&mut t, 0);
    t.war = 1 << tigers;
    t.halo = Some(p(0));
    attrs(&mut t, 0, [0, 0, 0, 0]);
    let mut s = load(&g, &t);
    let regions: Vec<String> = legal(&g, &s, 0).into_iter().filter(|a| a.contains(" by ")).collect();
    assert_eq!(
        regions,
        [
            "place superpower by prize",
            "place the-rest by prize",
            "place corruptistan by prize",
            "place tigers by prize",
            "place rogue-state by prize",
            "place meek by prize",
        ]
    );
    act(&g, &mut s, 0, "place tigers by prize");
    assert_eq!(s.table().seats[p(0)].vps[0], Vp { at: Spot::Region(tigers), entry: Some(Entry::Prize), black: 0 });
}

/// BI-NOBEL-5: on Media squares the Prize gives nothing.
#[test]
fn bi_nobel_5_the_prize_gives_nothing_in_the_media_circus() {
    let g = game(3);
    let mut t = blank(&g);
    placing(&mut t, 0);
    t.halo = Some(p(0));
    let s = load(&g, &t);
    // Greasepalm's Media 1: Charity Scam only.
    let squares: Vec<String> = legal(&g, &s, 0)
        .into_iter()
        .filter(|a| a.starts_with("place ") && !a.contains(" by ") && a != "place lounge")
        .collect();
    assert_eq!(squares, ["place charity-scam"]);
}

/// BI-LOUNGE-1, BI-REGION-3, BI-BLACK-2: the VIP Lounge holds any VPs without battles; a VP in a
/// region records how it entered and loses its black money and record when it leaves.
#[test]
fn bi_lounge_1_bi_region_3_bi_black_2_the_lounge_and_leaving_a_region() {
    let g = game(3);
    let mut t = blank(&g);
    placing(&mut t, 0);
    let mut s = load(&g, &t);
    let log = act(&g, &mut s, 0, "place lounge");
    assert_eq!(log, ["P1 places VP 1 in the VIP Lounge"]);
    assert_eq!(s.table().seats[p(0)].vps[0], Vp::LOUNGE);
    let log = act(&g, &mut s, 1, "place lounge");
    assert_eq!(log, ["P2 places VP 1 in the VIP Lounge"], "no battle in the VIP Lounge");
    let _ = p;
}
