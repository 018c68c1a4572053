//! Level 1, Green (16): each acts on its player, for the round (WD-CARD-6).

use worlds_world_dumbination::{Phase, Step};

use super::*;

#[test]
fn card_000_take_a_vacation() {
    let g = g3();
    // P1 goes on vacation with a Blue card on the right space; P2 plays Fake News at P1.
    let pl = play_all(
        &g,
        &[
            (USA, &["take-a-vacation", "offshore-bank-account", "target russia", "done"][..]),
            (RUSSIA, &["fake-news", "target usa", "done"][..]),
        ],
        |t| {
            give(&g, t, p(USA), "kiss-a-baby");
        },
    );
    pl.saw(&[
        "P1 uses Take a Vacation [0] (pays 0)",
        "P1 takes a vacation and discards their hand: Kiss a Baby [2]",
        "P2 uses Fake News [1] (pays 1)",
        "P2 attacked P1, who is on vacation, and loses 1 Popularity",
        "P1 uses Offshore Bank Account [9] (pays 2)",
    ]);
    let paid = cost(&g, "take-a-vacation") + cost(&g, "offshore-bank-account");
    assert_eq!(
        pl.changes(&g),
        [
            d(USA, "Popularity", 5, 4),
            d(USA, "resources", 15, 15 - paid),
            d(USA, "income", 5, 6),
            d(USA, "projects", "[]", "[offshore-bank-account]"),
            d(RUSSIA, "Popularity", 6, 5),
            d(RUSSIA, "resources", 15, 15 - cost(&g, "fake-news")),
        ]
    );
    assert!(pl.seat(USA).hand.is_empty());
    assert!(pl.s.table().discards[0].contains(no(&g, "kiss-a-baby")));
    // P1 is first in order but skips phases 5 and 6.
    assert!(
        matches!(pl.s.table().stack.top(), Some(&Step::Move { seat, .. }) if seat == p(1)),
        "{:?}",
        pl.s.table().stack.top()
    );
    let mut s = pl.s.clone();
    play_until(&g, &mut s, |s| s.table().phase() == Phase::Buy);
    assert!(
        matches!(s.table().stack.top(), Some(&Step::Buy { seat, .. }) if seat == p(1)),
        "{:?}",
        s.table().stack.top()
    );
}

#[test]
fn card_002_kiss_a_baby() {
    let (g, id) = (g3(), "kiss-a-baby");
    let pl = play(&g, USA, id, "target russia", |_| {});
    pl.saw(&["P1 uses Kiss a Baby [2] (pays 1)", "P1's Popularity goes from 5 to 6"]);
    assert_eq!(pl.changes(&g), [d(USA, "Popularity", 5, 6), paid(&g, USA, id)]);
}

#[test]
fn card_003_sell_state_assets() {
    let (g, id) = (g3(), "sell-state-assets");
    let pl = play(&g, USA, id, "target russia", |_| {});
    assert_eq!(pl.changes(&g), [d(USA, "Popularity", 5, 4), d(USA, "resources", 15, 15 - cost(&g, id) + 3)]);
}

#[test]
fn card_006_print_more_money() {
    let (g, id) = (g3(), "print-more-money");
    let pl = play(&g, KOREA, id, "target usa", |_| {});
    assert_eq!(pl.changes(&g), [d(KOREA, "Popularity", 7, 5), d(KOREA, "resources", 15, 15 - cost(&g, id) + 5)]);
    refused(&g, KOREA, id, |t| t.seats[p(KOREA)].popularity = 4);
}

#[test]
fn card_008_blame_the_previous_government() {
    let (g, id) = (g3(), "blame-the-previous-government");
    let pl = play(&g, USA, id, "target russia", |_| {});
    assert_eq!(pl.changes(&g), [d(USA, "Popularity", 5, 7), paid(&g, USA, id)]);
    // Russia's Popularity 6 is too high.
    refused(&g, RUSSIA, id, |_| {});
}

#[test]
fn card_010_apologise_on_television() {
    let (g, id) = (g3(), "apologise-on-television");
    let pl = play(&g, USA, id, "target russia", |_| {});
    pl.saw(&["P1's Popularity goes from 5 to 7", "P1's Ego goes from 9 to 8"]);
    assert_eq!(pl.changes(&g), [d(USA, "Ego", 9, 8), d(USA, "Popularity", 5, 7), paid(&g, USA, id)]);
    refused(&g, USA, id, |t| t.seats[p(USA)].ego = 4);
}

#[test]
fn card_014_ghost_written_memoirs() {
    let (g, id) = (g3(), "ghost-written-memoirs");
    let pl = play(&g, RUSSIA, id, "target usa", |_| {});
    assert_eq!(pl.changes(&g), [d(RUSSIA, "Ego", 7, 8), d(RUSSIA, "resources", 15, 15 - cost(&g, id) + 3)]);
    refused(&g, RUSSIA, id, |t| t.seats[p(RUSSIA)].ego = 5);
}

#[test]
fn card_016_windfall_tax() {
    let (g, id) = (g3(), "windfall-tax");
    let pl = play(&g, USA, id, "target russia", |_| {});
    let left = 15 - cost(&g, id);
    assert_eq!(pl.changes(&g), [d(USA, "Popularity", 5, 4), d(USA, "resources", 15, left), d(USA, "income", 5, 9)]);
    // Collected in phase 7 of this round; gone in the next.
    let mut s = pl.s.clone();
    let events = next_round(&g, &mut s);
    assert!(events.contains(&format!("P1 collects 9 resources ({})", left + 9)), "{events:?}");
    assert_eq!(g.income(&s, p(USA)), 5);
}

#[test]
fn card_020_shirtless_horse_ride() {
    let (g, id) = (g3(), "shirtless-horse-ride");
    let pl = play(&g, RUSSIA, id, "target usa", |_| {});
    assert_eq!(pl.changes(&g), [d(RUSSIA, "Ego", 7, 8), d(RUSSIA, "Popularity", 6, 7), paid(&g, RUSSIA, id)]);
}

#[test]
fn card_024_referendum_on_everything() {
    let (g, id) = (g3(), "referendum-on-everything");
    let pl = play(&g, USA, id, "target russia", |_| {});
    assert_eq!(pl.options(&g, USA), ["option 1", "option 2"]);
    assert_eq!(pl.changes(&g), [paid(&g, USA, id)], "paid, nothing chosen yet");
    let mut votes = Played { before: pl.before.clone(), s: pl.s.clone(), events: vec![] };
    votes.answer(&g, USA, "option 1");
    assert_eq!(votes.changes(&g), [d(USA, "Popularity", 5, 7), paid(&g, USA, id)]);
    let mut cash = pl;
    cash.answer(&g, USA, "option 2");
    assert_eq!(cash.changes(&g), [d(USA, "resources", 15, 15 - cost(&g, id) + 4)]);
}

#[test]
fn card_027_ribbon_cutting_ceremony() {
    let (g, id) = (g3(), "ribbon-cutting-ceremony");
    let pl = play(&g, USA, id, "target russia", |_| {});
    assert_eq!(pl.changes(&g), [d(USA, "Popularity", 5, 6), paid(&g, USA, id), d(USA, "income", 5, 6)]);
    let mut s = pl.s.clone();
    next_round(&g, &mut s);
    assert_eq!(g.income(&s, p(USA)), 5, "+1 income for the round only");
}

#[test]
fn card_033_stage_a_comeback() {
    let (g, id) = (g3(), "stage-a-comeback");
    let pl = play(&g, RUSSIA, id, "target usa", |t| t.seats[p(RUSSIA)].ego = 4);
    assert_eq!(pl.changes(&g), [d(RUSSIA, "Ego", 4, 7), paid(&g, RUSSIA, id)]);
    refused(&g, RUSSIA, id, |t| t.seats[p(RUSSIA)].ego = 5);
}

#[test]
fn card_037_patriotic_speech() {
    let (g, id) = (g3(), "patriotic-speech");
    let pl = play(&g, RUSSIA, id, "target usa", |_| {});
    assert_eq!(pl.changes(&g), [d(RUSSIA, "Ego", 7, 8), paid(&g, RUSSIA, id)]);
    let b14 = sp("B14");
    assert_eq!((g.strength(&pl.before, p(RUSSIA), b14), g.strength(&pl.s, p(RUSSIA), b14)), (4, 5));
    let mut s = pl.s.clone();
    next_round(&g, &mut s);
    assert_eq!(g.strength(&s, p(RUSSIA), b14), 4, "+1 strength for the round only");
}

#[test]
fn card_041_golden_statue() {
    let (g, id) = (g3(), "golden-statue");
    let pl = play(&g, RUSSIA, id, "target usa", |_| {});
    pl.saw(&["P2's Ego goes from 7 to 9"]);
    assert_eq!(pl.changes(&g), [d(RUSSIA, "Ego", 7, 9), paid(&g, RUSSIA, id)]);
}

#[test]
fn card_043_bread_and_circuses() {
    let (g, id) = (g3(), "bread-and-circuses");
    let pl = play(&g, USA, id, "target russia", |_| {});
    assert_eq!(pl.changes(&g), [d(USA, "Popularity", 5, 7), paid(&g, USA, id)]);
}

#[test]
fn card_054_conscription() {
    let (g, id) = (g3(), "conscription");
    let mut pl = play(&g, USA, id, "target russia", |t| put_base(t, p(USA), sp("D4"), 4));
    // A free Unit on one of P1's Bases, P1 choosing which.
    assert_eq!(pl.options(&g, USA), ["E3", "D4"]);
    pl.answer(&g, USA, "D4");
    pl.saw(&["P1 puts a new unit on D4 (USA) (pays 0)", "P1's Popularity goes from 5 to 4"]);
    assert_eq!(
        pl.changes(&g),
        [d(USA, "Popularity", 5, 4), paid(&g, USA, id), d(USA, "units", "[E3 2]", "[D4 1, E3 2]"),]
    );
}
