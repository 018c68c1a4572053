//! Level 1, Blue (14): projects. A funded Blue card scores its VP and gains at once and keeps its
//! lasting effect while owned and not sabotaged (WD-CARD-7, WD-CARD-8).

use super::*;

/// The line of [`changes`] for a new project.
fn project(q: usize, id: &str) -> String {
    d(q, "projects", "[]", format!("[{id}]"))
}

#[test]
fn card_009_offshore_bank_account() {
    let (g, id) = (g3(), "offshore-bank-account");
    let pl = fund(&g, USA, id, |_| {});
    pl.saw(&["P1 uses Offshore Bank Account [9] (pays 2)"]);
    assert_eq!(pl.changes(&g), [paid(&g, USA, id), d(USA, "income", 5, 6), project(USA, id)], "no VP on this one");
    assert_eq!(g.income(&sabotaged(&g, &pl.s, p(USA), id), p(USA)), 5, "sabotaged: no income");
    let mut s = pl.s.clone();
    next_round(&g, &mut s);
    assert_eq!(g.income(&s, p(USA)), 6, "it lasts");
}

#[test]
fn card_012_gold_plated_toilet() {
    let (g, id) = (g3(), "gold-plated-toilet");
    let pl = fund(&g, RUSSIA, id, |_| {});
    pl.saw(&["P2 uses Gold-Plated Toilet [12] (pays 2)", "P2 gains 1 VP (6)", "P2's Ego goes from 7 to 8"]);
    assert_eq!(
        pl.changes(&g),
        [
            d(RUSSIA, "Ego", 7, 8),
            d(RUSSIA, "Popularity", 6, 5),
            paid(&g, RUSSIA, id),
            d(RUSSIA, "VP", 5, 5 + vp(&g, id)),
            project(RUSSIA, id),
        ]
    );
}

#[test]
fn card_021_tourist_resort() {
    let (g, id) = (g3(), "tourist-resort");
    let pl = fund(&g, USA, id, |_| {});
    assert_eq!(
        pl.changes(&g),
        [paid(&g, USA, id), d(USA, "VP", 5, 5 + vp(&g, id)), d(USA, "income", 5, 6), project(USA, id),]
    );
    assert_eq!(g.income(&sabotaged(&g, &pl.s, p(USA), id), p(USA)), 5);
}

#[test]
fn card_029_lobbyist_network() {
    let (g, id) = (g3(), "lobbyist-network");
    let pl = fund(&g, RUSSIA, id, |_| {});
    assert_eq!(
        pl.changes(&g),
        [d(RUSSIA, "Ego", 7, 8), paid(&g, RUSSIA, id), d(RUSSIA, "income", 4, 5), project(RUSSIA, id),]
    );
    // Sabotage stops the income; the Ego gained stays (WD-CARD-8).
    let idle = sabotaged(&g, &pl.s, p(RUSSIA), id);
    assert_eq!((g.income(&idle, p(RUSSIA)), idle.table().seats[p(RUSSIA)].ego), (4, 8));
}

#[test]
fn card_035_genius_speechwriter() {
    let (g, id) = (g3(), "genius-speechwriter");
    let pl = fund(&g, USA, id, |_| {});
    assert_eq!(pl.changes(&g), [paid(&g, USA, id), d(USA, "VP", 5, 5 + vp(&g, id)), project(USA, id)]);
    // Hand limit 6: the next draw fills P1's hand to 6, the others' to 5.
    let mut s = pl.s.clone();
    next_round(&g, &mut s);
    let hands: Vec<u32> = s.table().seats.values().map(|seat| seat.hand.len()).collect();
    assert_eq!(hands, [6, 5, 5]);
    let mut idle = sabotaged(&g, &pl.s, p(USA), id);
    next_round(&g, &mut idle);
    assert_eq!(idle.table().seats[p(USA)].hand.len(), 5, "sabotaged: the limit is 5");
}

#[test]
fn card_046_charity_foundation() {
    let (g, id) = (g3(), "charity-foundation");
    let pl = fund(&g, USA, id, |_| {});
    assert_eq!(
        pl.changes(&g),
        [d(USA, "Popularity", 5, 6), paid(&g, USA, id), d(USA, "VP", 5, 5 + vp(&g, id)), project(USA, id),]
    );
    // Needs Popularity 4+: at 4 it is offered; at 3 not even on the right card space, which stays
    // open in the short game (the left one closes, WD-PLACE-3).
    let right = |pop: u8| {
        let mut s = placing(&g, &[(USA, &[id])], |t| t.seats[p(USA)].popularity = pop);
        act(&g, &mut s, USA, "nothing");
        legal(&g, &s, USA)
    };
    assert_eq!(right(4), [id, "nothing"]);
    assert_eq!(right(3), ["target russia", "target north-korea", "target peace"]);
}

#[test]
fn card_048_football_stadium() {
    let (g, id) = (g3(), "football-stadium");
    let pl = fund(&g, USA, id, |_| {});
    assert_eq!(
        pl.changes(&g),
        [
            d(USA, "Popularity", 5, 6),
            paid(&g, USA, id),
            d(USA, "VP", 5, 5 + vp(&g, id)),
            d(USA, "income", 5, 6),
            project(USA, id),
        ]
    );
    assert_eq!(g.income(&sabotaged(&g, &pl.s, p(USA), id), p(USA)), 5);
}

#[test]
fn card_050_the_last_alien() {
    let (g, id) = (g3(), "the-last-alien");
    let pl = fund(&g, USA, id, |_| {});
    assert_eq!(
        pl.changes(&g),
        [
            d(USA, "Popularity", 5, 7),
            paid(&g, USA, id),
            d(USA, "VP", 5, 5 + vp(&g, id)),
            d(USA, "income", 5, 6),
            project(USA, id),
        ]
    );
    assert_eq!(g.income(&sabotaged(&g, &pl.s, p(USA), id), p(USA)), 5);
}

#[test]
fn card_056_genius_rocket_engineer() {
    let (g, id) = (g3(), "genius-rocket-engineer");
    let pl = fund(&g, USA, id, |_| {});
    assert_eq!(pl.changes(&g), [paid(&g, USA, id), d(USA, "VP", 5, 5 + vp(&g, id)), project(USA, id)]);
    // Half the 4-Base, +1.
    let steps = |s: &State| movement(&g, s, USA, "move 1 e");
    assert_eq!((steps(&pl.before), steps(&pl.s)), (2, 3));
    assert_eq!(steps(&sabotaged(&g, &pl.s, p(USA), id)), 2);
}

#[test]
fn card_059_genius_economist() {
    let (g, id) = (g3(), "genius-economist");
    let pl = fund(&g, USA, id, |_| {});
    assert_eq!(
        pl.changes(&g),
        [paid(&g, USA, id), d(USA, "VP", 5, 5 + vp(&g, id)), d(USA, "income", 5, 7), project(USA, id),]
    );
    assert_eq!(g.income(&sabotaged(&g, &pl.s, p(USA), id), p(USA)), 5);
}

#[test]
fn card_062_casino_complex() {
    let (g, id) = (g3(), "casino-complex");
    let pl = fund(&g, USA, id, |_| {});
    assert_eq!(
        pl.changes(&g),
        [d(USA, "Popularity", 5, 4), paid(&g, USA, id), d(USA, "income", 5, 7), project(USA, id),]
    );
    assert_eq!(g.income(&sabotaged(&g, &pl.s, p(USA), id), p(USA)), 5);
}

#[test]
fn card_066_luxury_palace() {
    let (g, id) = (g3(), "luxury-palace");
    let pl = fund(&g, RUSSIA, id, |_| {});
    assert_eq!(
        pl.changes(&g),
        [d(RUSSIA, "Ego", 7, 9), paid(&g, RUSSIA, id), d(RUSSIA, "VP", 5, 5 + vp(&g, id)), project(RUSSIA, id),]
    );
}

#[test]
fn card_072_ministry_of_truth() {
    let (g, id) = (g3(), "ministry-of-truth");
    let pl = fund(&g, USA, id, |_| {});
    assert_eq!(
        pl.changes(&g),
        [d(USA, "Popularity", 5, 7), paid(&g, USA, id), d(USA, "VP", 5, 5 + vp(&g, id)), project(USA, id),]
    );
    refused(&g, USA, id, |t| t.seats[p(USA)].ego = 5);
}

#[test]
fn card_077_space_programme() {
    let (g, id) = (g3(), "space-programme");
    let pl = fund(&g, RUSSIA, id, |_| {});
    assert_eq!(
        pl.changes(&g),
        [
            d(RUSSIA, "Ego", 7, 8),
            d(RUSSIA, "Popularity", 6, 7),
            paid(&g, RUSSIA, id),
            d(RUSSIA, "VP", 5, 5 + vp(&g, id)),
            project(RUSSIA, id),
        ]
    );
}
