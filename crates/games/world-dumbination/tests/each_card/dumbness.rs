//! Dumbness cards (15): face up on the board in round 2, they resolve in phase 3 (WD-DUMB-1):
//! acting on the players they pick, auctioned, or waiting for a player to qualify (WD-RULING-10).
//! The order track is P3, P2, P1 (round 1's), so P3 answers and bids first (WD-DUMB-7).

use worlds_engine::{Present, Viewer};
use worlds_world_dumbination::{InForce, RuleKind};

use super::*;

/// Round 2, phase 2, with these Dumbness cards face up on the board.
fn face_up(g: &WorldDumbination, t: &mut Table, ids: &[&str]) {
    t.round = 2;
    for id in ids {
        let k = strip(g, t, id);
        drawn_dumbness(g, t, k);
        t.dumb.up.insert(k);
    }
    assert_eq!(t.order.as_slice(), [p(2), p(1), p(0)]);
}

/// Everyone passes in phase 2 of round 2 with `id` face up on the board (after `edit`); phase 3
/// resolves it.
fn resolve(g: &WorldDumbination, id: &str, edit: impl FnOnce(&mut Table)) -> Played {
    play_all(g, &[], |t| {
        face_up(g, t, &[id]);
        edit(t);
    })
}

/// A card that is done goes to the Dumbness discard pile for good (WD-DUMB-2).
fn spent(g: &WorldDumbination, pl: &Played, id: &str) {
    let k = no(g, id);
    assert!(pl.s.table().dumb.spent.contains(k) && !pl.s.table().dumb.up.contains(k));
    pl.saw(&[
        &format!("the Dumbness card {} resolves", named(g, id)),
        &format!("{} is done and goes to the Dumbness discard pile", named(g, id)),
    ]);
}

#[test]
fn card_005_alien_groupies() {
    let (g, id) = (g3(), "alien-groupies");
    let pl = resolve(&g, id, |t| {
        t.seats[p(USA)].popularity = 4;
        t.seats[p(KOREA)].popularity = 2;
    });
    // Popularity 4 or less: P3 first, then P1; P2 (6) gains nothing.
    pl.saw(&["P3's Popularity goes from 2 to 3", "P1's Popularity goes from 4 to 5"]);
    assert_eq!(pl.changes(&g), [d(USA, "Popularity", 4, 5), d(KOREA, "Popularity", 2, 3)]);
    spent(&g, &pl, id);
}

#[test]
fn card_017_alien_sighting() {
    let (g, id) = (g3(), "alien-sighting");
    let mut pl = resolve(&g, id, |_| {});
    // Every player chooses, one at a time in player order.
    for (q, pick) in [(KOREA, "option 1"), (RUSSIA, "option 2"), (USA, "option 1")] {
        assert_eq!(g.turn(&pl.s).players().iter().collect::<Vec<_>>(), [p(q)]);
        assert_eq!(pl.options(&g, q), ["option 1", "option 2"]);
        pl.answer(&g, q, pick);
    }
    assert_eq!(
        pl.changes(&g),
        [d(USA, "Popularity", 5, 6), d(RUSSIA, "resources", 15, 17), d(KOREA, "Popularity", 7, 8)]
    );
    spent(&g, &pl, id);
}

#[test]
fn card_028_cute_kittens() {
    let (g, id) = (g3(), "cute-kittens");
    let mut pl = resolve(&g, id, |_| {});
    // WD-DUMB-3: the first raise makes the minimum bid, 2.
    assert_eq!(pl.options(&g, KOREA), ["raise 1", "raise 2", "raise 5", "raise 10", "pass"]);
    for (q, bid) in [(KOREA, "raise 1"), (RUSSIA, "pass"), (USA, "raise 2"), (KOREA, "pass")] {
        pl.answer(&g, q, bid);
    }
    pl.saw(&["P3 bids 2 for Cute Kittens [28]", "P1 bids 4 for Cute Kittens [28]", "P1 wins Cute Kittens [28] for 4"]);
    assert_eq!(
        pl.changes(&g),
        [
            d(USA, "Popularity", 5, 7),
            d(USA, "resources", 15, 11),
            d(USA, "VP", 5, 5 + vp(&g, id)),
            d(USA, "projects", "[]", "[cute-kittens]"),
        ]
    );
    assert!(!pl.s.table().dumb.up.contains(no(&g, id)));
}

#[test]
fn card_040_hidden_genius() {
    let (g, id) = (g3(), "hidden-genius");
    let mut pl = resolve(&g, id, |_| {});
    for (q, bid) in [(KOREA, "pass"), (RUSSIA, "raise 1"), (USA, "pass")] {
        pl.answer(&g, q, bid);
    }
    pl.saw(&["P2 wins Hidden Genius [40] for 4"]);
    assert_eq!(
        pl.changes(&g),
        [
            d(RUSSIA, "Ego", 7, 8),
            d(RUSSIA, "resources", 15, 11),
            d(RUSSIA, "VP", 5, 5 + vp(&g, id)),
            d(RUSSIA, "income", 4, 5),
            d(RUSSIA, "projects", "[]", "[hidden-genius]"),
        ]
    );
    // WD-DUMB-4: its +1 income lasts while owned, and stops while sabotaged.
    assert_eq!(g.income(&sabotaged(&g, &pl.s, p(RUSSIA), id), p(RUSSIA)), 4);
}

#[test]
fn card_051_nobel_peace_prize() {
    let (g, id) = (g3(), "nobel-peace-prize");
    // Nobody has a marker on the peace track: it waits.
    let none = resolve(&g, id, |_| {});
    none.saw(&["Nobel Peace Prize [51] stays on the board"]);
    assert!(none.changes(&g).is_empty() && none.s.table().dumb.up.contains(no(&g, id)));
    // P2 has the only one: P2 takes it for free.
    let pl = resolve(&g, id, |t| {
        let bomb = strip(&g, t, "nuclear-bomb-1");
        t.peace[0] = Some((p(1), bomb));
        t.seats[p(RUSSIA)].markers -= 1;
    });
    pl.saw(&["P2 wins Nobel Peace Prize [51]"]);
    assert_eq!(
        pl.changes(&g),
        [
            d(RUSSIA, "Popularity", 6, 8),
            d(RUSSIA, "VP", 5, 5 + vp(&g, id)),
            d(RUSSIA, "projects", "[]", "[nobel-peace-prize]"),
        ]
    );
}

#[test]
fn card_063_mandatory_group_hug() {
    let (g, id) = (g3(), "mandatory-group-hug");
    // A lone Russian Unit next to P1's two on E3: P1 could take it.
    let pl = resolve(&g, id, |t| put_units(t, p(RUSSIA), sp("E4"), 1));
    let attack = |s: &State| moves(&g, s, USA).contains(&"E4".to_owned());
    assert!(attack(&pl.before));
    assert!(!attack(&pl.s), "no attacks this round");
    pl.saw(&["the Dumbness card Mandatory Group Hug [63] resolves", "Mandatory Group Hug [63] stays on the board"]);
    assert_eq!(pl.s.table().dumb.rules.as_slice(), [InForce { kind: RuleKind::NoAttacks, until: 3, card: no(&g, id) }]);
    // The table shows the card face up with the round its rule change lasts to.
    let table = g.table(&g.observe(&pl.s, Viewer::Spectator)).unwrap();
    let up = table.piles.iter().find(|x| x.id == "dumbness-face-up").unwrap();
    let shown: Vec<(&str, Option<&str>)> = up.shown.iter().map(|k| (k.name.as_str(), k.kind.as_deref())).collect();
    assert_eq!(shown, [("Mandatory Group Hug", Some("Dumbness, in force to round 3"))]);
    assert!(pl.changes(&g).is_empty());
    let mut s = pl.s.clone();
    next_round(&g, &mut s);
    assert!(!attack(&s), "nor the next");
    let events = next_round(&g, &mut s);
    assert!(events.contains(&"the rule change of Mandatory Group Hug [63] ends".to_owned()), "{events:?}");
    assert!(s.table().dumb.spent.contains(no(&g, id)));
    assert!(attack(&s));
}

#[test]
fn card_074_sympathy_vote() {
    let (g, id) = (g3(), "sympathy-vote");
    let pl = resolve(&g, id, |t| [USA, KOREA].into_iter().for_each(|q| t.seats[p(q)].vp = 8));
    assert_eq!(pl.changes(&g), [d(RUSSIA, "Popularity", 6, 8), d(RUSSIA, "resources", 15, 18)]);
    spent(&g, &pl, id);
    // A tie (all at 5 VP) picks the earliest in player order, P3 (WD-DUMB-7).
    let tie = resolve(&g, id, |_| {});
    assert_eq!(tie.changes(&g), [d(KOREA, "Popularity", 7, 9), d(KOREA, "resources", 15, 18)]);
}

#[test]
fn card_085_foreign_aid_package() {
    let (g, id) = (g3(), "foreign-aid-package");
    // Incomes 5, 4 and 2: P3 has the lowest and takes it for free.
    let pl = resolve(&g, id, |_| {});
    pl.saw(&["P3 wins Foreign Aid Package [85]"]);
    assert_eq!(
        pl.changes(&g),
        [d(KOREA, "resources", 15, 18), d(KOREA, "income", 2, 4), d(KOREA, "projects", "[]", "[foreign-aid-package]"),]
    );
    assert_eq!(g.income(&sabotaged(&g, &pl.s, p(KOREA), id), p(KOREA)), 2);
    // A tie for the lowest (P2 and P3 at 4): nobody, it stays.
    let tie = resolve(&g, id, |t| t.seats[p(KOREA)].bases[0].strength = 8);
    tie.saw(&["Foreign Aid Package [85] stays on the board"]);
    assert!(tie.changes(&g).is_empty());
}

#[test]
fn card_096_tame_sea_monster() {
    let (g, id) = (g3(), "tame-sea-monster");
    let mut pl = resolve(&g, id, |t| put_units(t, p(USA), sp("E5"), 1));
    for (q, bid) in [(KOREA, "pass"), (RUSSIA, "pass"), (USA, "raise 1")] {
        pl.answer(&g, q, bid);
    }
    // The first raise makes the minimum bid, 5.
    pl.saw(&["P1 wins Tame Sea Monster [96] for 5"]);
    assert_eq!(
        pl.changes(&g),
        [d(USA, "resources", 15, 10), d(USA, "VP", 5, 5 + vp(&g, id)), d(USA, "projects", "[]", "[tame-sea-monster]"),]
    );
    // Like a Submarine: the Unit on E5 may go to sea.
    let sea = |s: &State| moves(&g, s, USA).contains(&"move 3 e".to_owned());
    assert_eq!((sea(&pl.before), sea(&pl.s), sea(&sabotaged(&g, &pl.s, p(USA), id))), (false, true, false));
}

#[test]
fn card_108_stock_market_crash() {
    let (g, id) = (g3(), "stock-market-crash");
    let pl = resolve(&g, id, |t| {
        t.seats[p(USA)].resources = 7;
        t.seats[p(KOREA)].resources = 8;
    });
    // 8 or more: P3 (8) first, then P2 (15); P1 (7) is spared.
    pl.saw(&["P3 loses 4 resources (4)", "P3's Popularity goes from 7 to 6", "P2 loses 7 resources (8)"]);
    assert_eq!(
        pl.changes(&g),
        [
            d(RUSSIA, "Popularity", 6, 5),
            d(RUSSIA, "resources", 15, 8),
            d(KOREA, "Popularity", 7, 6),
            d(KOREA, "resources", 8, 4),
        ]
    );
    spent(&g, &pl, id);
}

#[test]
fn card_119_arms_fair_scandal() {
    let (g, id) = (g3(), "arms-fair-scandal");
    // P1's Fake News, placed before phase 3, is funded after it: 1 + 2.
    let pl = play_all(&g, &[(USA, &["fake-news", "target russia", "done"][..])], |t| face_up(&g, t, &[id]));
    pl.saw(&["Arms Fair Scandal [119] stays on the board", "P1 uses Fake News [1] (pays 3)"]);
    assert_eq!(pl.changes(&g), [d(USA, "resources", 15, 12), d(RUSSIA, "Popularity", 6, 5)]);
    assert_eq!(
        pl.s.table().dumb.rules.as_slice(),
        [InForce { kind: RuleKind::BrownCost(2), until: 3, card: no(&g, id) }]
    );
    // Round 3: with 2 resources Fake News cannot be placed; Kiss a Baby (Green, 1) can.
    let mut s = pl.s.clone();
    next_round(&g, &mut s);
    let poor = edited(&g, &s, |t| {
        to_place(t);
        give(&g, t, p(USA), "fake-news");
        give(&g, t, p(USA), "kiss-a-baby");
        t.seats[p(USA)].resources = 2;
    });
    assert_eq!(legal(&g, &poor, USA), ["kiss-a-baby", "nothing"]);
    let events = next_round(&g, &mut s);
    assert!(events.contains(&"the rule change of Arms Fair Scandal [119] ends".to_owned()), "{events:?}");
    assert!(s.table().dumb.spent.contains(no(&g, id)) && s.table().dumb.rules.is_empty());
}

#[test]
fn card_131_definitely_a_weather_balloon() {
    let (g, id) = (g3(), "definitely-a-weather-balloon");
    let mut pl = resolve(&g, id, |_| {});
    for (q, bid) in [(KOREA, "pass"), (RUSSIA, "pass"), (USA, "raise 1")] {
        pl.answer(&g, q, bid);
    }
    pl.saw(&["P1 wins Definitely a Weather Balloon [131] for 3"]);
    assert_eq!(
        pl.changes(&g),
        [d(USA, "resources", 15, 12), d(USA, "projects", "[]", "[definitely-a-weather-balloon]")],
        "no VP on this one"
    );
    // The hidden move (WD-RULING-7).
    let hide = |s: &State| moves(&g, s, USA).contains(&"hide 1".to_owned());
    assert_eq!((hide(&pl.before), hide(&pl.s), hide(&sabotaged(&g, &pl.s, p(USA), id))), (false, true, false));
}

#[test]
fn card_137_oil_price_crash() {
    let (g, id) = (g3(), "oil-price-crash");
    let pl = resolve(&g, id, |_| {});
    // Resource spaces add nothing: USA's three and Russia's two.
    assert_eq!(pl.changes(&g), [d(USA, "income", 5, 2), d(RUSSIA, "income", 4, 2)]);
    let mut s = pl.s.clone();
    let events = next_round(&g, &mut s);
    for text in ["P1 collects 2 resources (17)", "the rule change of Oil Price Crash [137] ends"] {
        assert!(events.contains(&text.to_owned()), "{text}: {events:?}");
    }
    assert!(s.table().dumb.spent.contains(no(&g, id)));
    assert_eq!(g.income(&s, p(USA)), 5);
}

#[test]
fn card_143_weather_machine() {
    let (g, id) = (g3(), "weather-machine");
    let pl = resolve(&g, id, |_| {});
    assert!(pl.changes(&g).is_empty());
    // All Units +2 movement, this round and the next.
    let steps = |s: &State, q: usize| movement(&g, s, q, "move 1 e");
    assert_eq!((steps(&pl.before, USA), steps(&pl.s, USA), steps(&pl.s, RUSSIA)), (2, 4, 4));
    let mut s = pl.s.clone();
    next_round(&g, &mut s);
    assert_eq!(steps(&s, USA), 4);
    next_round(&g, &mut s);
    assert_eq!(steps(&s, USA), 2);
    assert!(s.table().dumb.spent.contains(no(&g, id)));
}

#[test]
fn card_149_alien_ship() {
    let (g, id) = (g3(), "alien-ship");
    let pl = resolve(&g, id, |t| {
        own(&g, t, p(USA), "the-last-alien");
        own(&g, t, p(RUSSIA), "hidden-genius");
        own(&g, t, p(RUSSIA), "genius-economist");
        give(&g, t, p(KOREA), "genius-speechwriter");
    });
    // WD-CARD-13: wherever they are; the VP and Ego they gave stay.
    pl.saw(&[
        "Genius Speechwriter [35], Hidden Genius [40], Genius Rocket Engineer [56], Genius Economist [59] leave the game",
    ]);
    assert_eq!(
        pl.changes(&g),
        [
            d(USA, "income", 6, 5),
            d(USA, "projects", "[the-last-alien]", "[]"),
            d(RUSSIA, "income", 7, 4),
            d(RUSSIA, "projects", "[hidden-genius, genius-economist]", "[]"),
        ]
    );
    assert!(pl.seat(KOREA).hand.is_empty());
    for gone in ["genius-speechwriter", "hidden-genius", "the-last-alien", "genius-rocket-engineer", "genius-economist"]
    {
        assert!(pl.s.table().dumb.gone.contains(no(&g, gone)), "{gone}");
    }
    spent(&g, &pl, id);
}
