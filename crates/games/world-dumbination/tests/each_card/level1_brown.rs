//! Level 1, Brown (20): each acts on its player's target (WD-CARD-6); P1 (USA) mostly aims at P2
//! (Russia), which scores P1 the VP of what a card removes (WD-VP-1).

use super::*;

#[test]
fn card_001_fake_news() {
    let (g, id) = (g3(), "fake-news");
    let pl = at_russia(&g, id, |_| {});
    pl.saw(&["P1 turns their target: Russia", "P1 uses Fake News [1] (pays 1)", "P2's Popularity goes from 6 to 5"]);
    assert_eq!(pl.changes(&g), [paid(&g, USA, id), d(RUSSIA, "Popularity", 6, 5)]);
}

#[test]
fn card_004_embarrassing_tweet() {
    let (g, id) = (g3(), "embarrassing-tweet");
    let pl = at_russia(&g, id, |_| {});
    assert_eq!(pl.changes(&g), [paid(&g, USA, id), d(RUSSIA, "Ego", 7, 6)]);
}

#[test]
fn card_007_laugh_at_their_hat() {
    let (g, id) = (g3(), "laugh-at-their-hat");
    let pl = play(&g, KOREA, id, "target russia", |_| {});
    // The target's loss first, then the player's gain (WD-FLIP-3).
    pl.saw(&["P2's Ego goes from 7 to 6", "P3's Ego goes from 8 to 9"]);
    assert_eq!(pl.changes(&g), [d(RUSSIA, "Ego", 7, 6), d(KOREA, "Ego", 8, 9), paid(&g, KOREA, id)]);
}

#[test]
fn card_013_lost_in_the_mail() {
    let (g, id) = (g3(), "lost-in-the-mail");
    // P2's Kiss a Baby (2) acts before Lost in the Mail (13); P2's Golden Statue (41) never does.
    let pl = play_all(
        &g,
        &[
            (USA, &[id, "target russia", "done"][..]),
            (RUSSIA, &["kiss-a-baby", "golden-statue", "target usa", "done"][..]),
        ],
        |_| {},
    );
    pl.saw(&[
        "P2 uses Kiss a Baby [2] (pays 1)",
        "P1 uses Lost in the Mail [13] (pays 6)",
        "P2's Golden Statue [41] is cancelled and discarded without effect",
    ]);
    assert_eq!(
        pl.changes(&g),
        [paid(&g, USA, id), d(RUSSIA, "Popularity", 6, 7), d(RUSSIA, "resources", 15, 15 - cost(&g, "kiss-a-baby")),],
        "no fine for the cancelled card"
    );
    assert_eq!(pl.seat(RUSSIA).spaces[1], None);
    assert!(pl.s.table().discards[0].contains(no(&g, "golden-statue")));
    refused(&g, USA, id, |t| t.seats[p(USA)].ego = 6);
    // WD-RULING-9: a First Goal flip is not touched (standard game, round 2; Russia's goal is
    // bought with its corruption cost).
    let g5 = g5();
    let goal = play_all(
        &g5,
        &[(RUSSIA, &["nothing", "flip goal", "target usa", "done"][..]), (USA, &[id, "target russia", "done"][..])],
        |t| {
            t.round = 2;
            t.seats[p(RUSSIA)].goal = Some(no(&g5, "back-in-the-ussr"));
            t.seats[p(RUSSIA)].resources = 12;
        },
    );
    goal.saw(&["P1 uses Lost in the Mail [13] (pays 6)", "P2 completes their First Goal, Back in the U.S.S.R. [38]"]);
}

#[test]
fn card_015_steal_their_slogan() {
    let (g, id) = (g3(), "steal-their-slogan");
    let pl = at_russia(&g, id, |_| {});
    assert_eq!(pl.changes(&g), [d(USA, "Popularity", 5, 6), paid(&g, USA, id), d(RUSSIA, "Popularity", 6, 5)]);
}

#[test]
fn card_018_troll_farm() {
    let (g, id) = (g3(), "troll-farm");
    let pl = at_russia(&g, id, |_| {});
    assert_eq!(pl.changes(&g), [paid(&g, USA, id), d(RUSSIA, "Ego", 7, 6), d(RUSSIA, "Popularity", 6, 5)]);
}

#[test]
fn card_023_cyber_heist() {
    let (g, id) = (g3(), "cyber-heist");
    let pl = at_russia(&g, id, |_| {});
    pl.saw(&["P1 takes 3 resources from P2"]);
    assert_eq!(pl.changes(&g), [d(USA, "resources", 15, 15 - cost(&g, id) + 3), d(RUSSIA, "resources", 15, 12)]);
    // As many as the target has.
    let poor = at_russia(&g, id, |t| t.seats[p(RUSSIA)].resources = 1);
    poor.saw(&["P1 takes 1 resources from P2"]);
    assert_eq!(poor.changes(&g), [d(USA, "resources", 15, 15 - cost(&g, id) + 1), d(RUSSIA, "resources", 1, 0)]);
}

#[test]
fn card_026_trade_tariffs() {
    let (g, id) = (g3(), "trade-tariffs");
    let pl = at_russia(&g, id, |_| {});
    assert_eq!(pl.changes(&g), [paid(&g, USA, id), d(RUSSIA, "income", 4, 2)]);
    let mut s = pl.s.clone();
    let events = next_round(&g, &mut s);
    assert!(events.contains(&"P2 collects 2 resources (17)".to_owned()), "{events:?}");
    assert_eq!(g.income(&s, p(RUSSIA)), 4, "for the round only");
}

#[test]
fn card_030_diplomatic_insult() {
    let (g, id) = (g3(), "diplomatic-insult");
    let pl = at_russia(&g, id, |_| {});
    assert_eq!(pl.changes(&g), [d(USA, "Popularity", 5, 4), paid(&g, USA, id), d(RUSSIA, "Ego", 7, 5)]);
}

#[test]
fn card_032_leak_their_tax_returns() {
    let (g, id) = (g3(), "leak-their-tax-returns");
    let pl = at_russia(&g, id, |_| {});
    assert_eq!(pl.changes(&g), [paid(&g, USA, id), d(RUSSIA, "Popularity", 6, 5), d(RUSSIA, "resources", 15, 13)]);
}

#[test]
fn card_039_unauthorised_biography() {
    let (g, id) = (g3(), "unauthorised-biography");
    let pl = at_russia(&g, id, |_| {});
    assert_eq!(pl.changes(&g), [paid(&g, USA, id), d(RUSSIA, "Ego", 7, 5)]);
}

#[test]
fn card_042_leaked_photos() {
    let (g, id) = (g3(), "leaked-photos");
    let pl = at_russia(&g, id, |_| {});
    assert_eq!(pl.changes(&g), [paid(&g, USA, id), d(RUSSIA, "Popularity", 6, 4)]);
}

#[test]
fn card_047_oil_embargo() {
    let (g, id) = (g3(), "oil-embargo");
    // North Korea's income 2, less 3, stops at 0 (WD-INCOME-1).
    let pl = play(&g, USA, id, "target north-korea", |_| {});
    assert_eq!(pl.changes(&g), [paid(&g, USA, id), d(KOREA, "income", 2, 0)]);
    let mut s = pl.s.clone();
    let events = next_round(&g, &mut s);
    assert!(events.contains(&"P3 collects 0 resources (15)".to_owned()), "{events:?}");
    assert_eq!(g.income(&s, p(KOREA)), 2);
}

#[test]
fn card_049_sanctions() {
    let (g, id) = (g3(), "sanctions");
    let pl = at_russia(&g, id, |_| {});
    assert_eq!(pl.changes(&g), [paid(&g, USA, id), d(RUSSIA, "resources", 15, 11)]);
    refused(&g, USA, id, |t| t.seats[p(USA)].popularity = 4);
}

#[test]
fn card_053_election_meddling() {
    let (g, id) = (g3(), "election-meddling");
    let pl = at_russia(&g, id, |_| {});
    assert_eq!(pl.changes(&g), [d(USA, "Popularity", 5, 4), paid(&g, USA, id), d(RUSSIA, "Popularity", 6, 3)]);
    refused(&g, USA, id, |t| t.seats[p(USA)].ego = 5);
}

#[test]
fn card_058_deepfake_video() {
    let (g, id) = (g3(), "deepfake-video");
    let pl = at_russia(&g, id, |_| {});
    assert_eq!(pl.changes(&g), [paid(&g, USA, id), d(RUSSIA, "Ego", 7, 6), d(RUSSIA, "Popularity", 6, 4)]);
    refused(&g, USA, id, |t| t.seats[p(USA)].ego = 6);
}

#[test]
fn card_061_freeze_their_bank_accounts() {
    let (g, id) = (g3(), "freeze-their-bank-accounts");
    let pl = at_russia(&g, id, |_| {});
    // Half of 15, rounded down, is lost.
    pl.saw(&["P2 loses 7 resources (8)"]);
    assert_eq!(pl.changes(&g), [paid(&g, USA, id), d(RUSSIA, "resources", 15, 8)]);
    refused(&g, USA, id, |t| t.seats[p(USA)].ego = 5);
}

#[test]
fn card_065_hack_their_servers() {
    let (g, id) = (g3(), "hack-their-servers");
    let mut pl = at_russia(&g, id, |t| {
        for project in ["offshore-bank-account", "tourist-resort", "cute-kittens"] {
            own(&g, t, p(RUSSIA), project);
        }
    });
    // Any project of the target, an owned Dumbness card included (WD-DUMB-4).
    assert_eq!(pl.options(&g, USA), ["offshore-bank-account", "tourist-resort", "cute-kittens"]);
    pl.answer(&g, USA, "tourist-resort");
    pl.saw(&["P1 sabotages P2's project Tourist Resort [21]"]);
    assert_eq!(
        pl.changes(&g),
        [
            paid(&g, USA, id),
            d(RUSSIA, "income", 6, 5),
            d(
                RUSSIA,
                "projects",
                "[offshore-bank-account, tourist-resort, cute-kittens]",
                "[offshore-bank-account, tourist-resort (sabotaged), cute-kittens]"
            ),
        ]
    );
    // WD-CARD-8: idle through the next round, working again the round after.
    let mut s = pl.s.clone();
    next_round(&g, &mut s);
    assert_eq!(g.income(&s, p(RUSSIA)), 5);
    next_round(&g, &mut s);
    assert_eq!(g.income(&s, p(RUSSIA)), 6);
}

#[test]
fn card_070_border_incident() {
    let (g, id) = (g3(), "border-incident");
    let mut pl = at_russia(&g, id, |t| {
        put_units(t, p(RUSSIA), sp("B13"), 1);
        put_units(t, p(RUSSIA), sp("C13"), 1);
    });
    // Not the two Units on Russia's Base on B14.
    assert_eq!(pl.options(&g, USA), ["B13", "C13"]);
    pl.answer(&g, USA, "B13");
    // WD-MARK-3: Russia leaves a marker where its last piece went.
    pl.saw(&["P2's unit on B13 (Russia) is removed", "P1 gains 1 VP (6)", "P2 leaves a marker on B13 (Russia)"]);
    assert_eq!(
        pl.changes(&g),
        [
            paid(&g, USA, id),
            d(USA, "VP", 5, 6),
            d(RUSSIA, "units", "[B13 1, B14 2, C13 1]", "[B14 2, C13 1]"),
            d(RUSSIA, "markers", 12, 11),
        ]
    );
    refused(&g, USA, id, |t| t.seats[p(USA)].ego = 5);
}

#[test]
fn card_075_suspicious_warehouse_fire() {
    let (g, id) = (g3(), "suspicious-warehouse-fire");
    let pl = at_russia(&g, id, |t| put_base(t, p(RUSSIA), sp("C13"), 8));
    assert_eq!(pl.options(&g, USA), ["B14", "C13"]);
    let mut hit = Played { before: pl.before.clone(), s: pl.s.clone(), events: vec![] };
    hit.answer(&g, USA, "C13");
    hit.saw(&["P2's Base on C13 (Russia) goes from 8 to 6", "P1 gains 1 VP (6)"]);
    assert_eq!(
        hit.changes(&g),
        [
            paid(&g, USA, id),
            d(USA, "VP", 5, 6),
            d(RUSSIA, "income", 8, 7),
            d(RUSSIA, "Bases", "[B14 4, C13 8]", "[B14 4, C13 6]"),
        ]
    );
    // A 4-Base loses its 2 and is removed; its income, 2, is P1's VP; its Units stay.
    let mut gone = pl;
    gone.answer(&g, USA, "B14");
    gone.saw(&["P2's 4-Base on B14 (Russia) is removed", "P1 gains 2 VP (7)"]);
    assert_eq!(
        gone.changes(&g),
        [
            paid(&g, USA, id),
            d(USA, "VP", 5, 7),
            d(RUSSIA, "income", 8, 6),
            d(RUSSIA, "Bases", "[B14 4, C13 8]", "[C13 8]"),
        ]
    );
    refused(&g, USA, id, |t| t.seats[p(USA)].ego = 6);
}
