//! Level 2, Brown: the six Nuclear Bombs (WD-NUKE, WD-PEACE), each test showing another part of
//! the rules. P3 (North Korea, Ego 8, Popularity 7) fires at P2 (Russia), who keeps a second
//! 4-Base on C13 so that one strike does not neutralize it.

use worlds_world_dumbination::{Lying, Nation, Placing};

use super::*;

/// P3 places `id` at Russia, which has a second 4-Base on C13 (after `edit`).
fn fire(g: &WorldDumbination, id: &str, edit: impl FnOnce(&mut Table)) -> Played {
    play(g, KOREA, id, "target russia", |t| {
        put_base(t, p(RUSSIA), sp("C13"), 4);
        edit(t);
    })
}

/// The spaces a bomb may strike at Russia: its home spaces, which it owns (WD-OWN-2), and `more`,
/// in board order.
fn russian(g: &WorldDumbination, more: &[&str]) -> Vec<String> {
    let mut all: Vec<u8> = g.content().board.home_spaces(Nation::Russia).collect();
    all.extend(more.iter().map(|s| sp(s)));
    all.sort_unstable();
    all.iter().map(|&s| space_name(s)).collect()
}

/// The line of [`changes`] for P3 firing: the cost paid and the 2 Popularity lost (WD-CARD-5).
fn fired(g: &WorldDumbination, id: &str) -> [String; 2] {
    [d(KOREA, "Popularity", 7, 5), paid(g, KOREA, id)]
}

#[test]
fn card_098_nuclear_bomb_1() {
    let (g, id) = (g3(), "nuclear-bomb-1");
    let mut pl = fire(&g, id, |_| {});
    // WD-NUKE-1: any land space the target owns, chosen by the firing player.
    assert_eq!(pl.options(&g, KOREA), russian(&g, &[]));
    pl.answer(&g, KOREA, "B14");
    pl.saw(&[
        "P3 uses Nuclear Bomb [98] (pays 8)",
        "P3 nukes B14 (Russia) of P2: 2 unit(s) and all there are gone; it is radioactive",
        "P3 gains 4 VP (9)",
        "P3's Popularity goes from 7 to 5",
    ]);
    // 2 Units and a 4-Base: 4 VP, as for an attack.
    let [pop, res] = fired(&g, id);
    assert_eq!(
        pl.changes(&g),
        [
            d(RUSSIA, "income", 6, 4),
            d(RUSSIA, "units", "[B14 2]", "[]"),
            d(RUSSIA, "Bases", "[B14 4, C13 4]", "[C13 4]"),
            pop,
            res,
            d(KOREA, "VP", 5, 9),
        ]
    );
    let b14 = sp("B14");
    assert_eq!(
        (pl.s.table().radioactive[usize::from(b14)], pl.seat(RUSSIA).radioactive.as_slice()),
        (Some(p(1)), &[b14][..])
    );
    assert!(matches!(pl.seat(KOREA).spaces[0].map(|x| x.lying), Some(Lying::Fired(2))));
    // Firing needs Ego 8+: with 7 the bomb may only go to Peace (WD-PLACE-6).
    let mut s = placing(&g, &[(KOREA, &[id])], |t| t.seats[p(KOREA)].ego = 7);
    act(&g, &mut s, KOREA, id);
    assert_eq!(legal(&g, &s, KOREA), ["target peace"]);
}

#[test]
fn card_111_nuclear_bomb_2() {
    let (g, id) = (g3(), "nuclear-bomb-2");
    // WD-PEACE-1, WD-PLACE-6: aimed at Peace, the bomb is judged as a disarmament: its own need
    // (Ego 8) does not apply, so with Ego 5 Peace is the only target it may go with.
    let mut s = placing(&g, &[(KOREA, &[id])], |t| t.seats[p(KOREA)].ego = 5);
    act(&g, &mut s, KOREA, id);
    assert_eq!(legal(&g, &s, KOREA), ["target peace"]);
    let pl = play(&g, KOREA, id, "target peace", |t| t.seats[p(KOREA)].ego = 5);
    pl.saw(&["P3 turns their target: Peace", "P3 disarms Nuclear Bomb [111] onto peace spot 1 (pays 4)"]);
    // Spot 1 costs 4, not the bomb's 8; +1 Popularity instead of -2; a marker on the track.
    assert_eq!(
        pl.changes(&g),
        [d(KOREA, "Popularity", 7, 8), d(KOREA, "resources", 15, 11), d(KOREA, "markers", 14, 13)]
    );
    assert_eq!(pl.s.table().peace, [Some((p(2), no(&g, id))), None, None, None]);
    assert_eq!(pl.seat(KOREA).spaces[0], None, "the bomb lies on the peace spot");
}

#[test]
fn card_124_nuclear_bomb_3() {
    let (g, id) = (g3(), "nuclear-bomb-3");
    // A space Russia holds only by a marker: the marker goes back, nothing scores.
    let mut pl = fire(&g, id, |t| put_marker(t, p(RUSSIA), sp("C11")));
    assert_eq!(pl.options(&g, KOREA), russian(&g, &["C11"]));
    pl.answer(&g, KOREA, "C11");
    pl.saw(&["P3 nukes C11 (Eastern Europe) of P2: 0 unit(s) and all there are gone; it is radioactive"]);
    let [pop, res] = fired(&g, id);
    assert_eq!(pl.changes(&g), [d(RUSSIA, "markers", 11, 12), pop, res]);
    assert_eq!(pl.s.table().markers[usize::from(sp("C11"))], None, "no marker is left in its place");
    assert_eq!(pl.s.table().radioactive[usize::from(sp("C11"))], Some(p(1)));
}

#[test]
fn card_135_nuclear_bomb_4() {
    let (g, id) = (g3(), "nuclear-bomb-4");
    // An empty Russian home space: it becomes radioactive, nobody's.
    let mut pl = fire(&g, id, |_| {});
    pl.answer(&g, KOREA, "B13");
    let [pop, res] = fired(&g, id);
    assert_eq!(pl.changes(&g), [pop, res]);
    assert_eq!(pl.s.table().radioactive[usize::from(sp("B13"))], Some(p(1)));
    // WD-NUKE-4: it blocks P3's left card space through the next round...
    let mut s = pl.s.clone();
    next_round(&g, &mut s);
    assert!(matches!(s.table().seats[p(KOREA)].spaces[0].map(|x| x.lying), Some(Lying::Fired(2))));
    assert_ne!(s.table().placing(p(KOREA)), Placing::Left, "the left space is passed over");
    // ...and then leaves the game (WD-NUKE-5).
    let events = next_round(&g, &mut s);
    assert!(events.contains(&"P3's fired Nuclear Bomb [135] leaves the game".to_owned()), "{events:?}");
    assert_eq!(s.table().seats[p(KOREA)].spaces[0], None);
    assert!(!s.table().discards[1].contains(no(&g, id)) && !s.table().decks[1].contains(no(&g, id)));
}

#[test]
fn card_142_nuclear_bomb_5() {
    let (g, id) = (g3(), "nuclear-bomb-5");
    // WD-NUKE-3: Russia's three Radioactive tokens are out; the earliest (B12) moves to the new space.
    let mut pl = fire(&g, id, |t| {
        for x in ["B12", "B13", "C12"] {
            put_radioactive(t, p(RUSSIA), sp(x));
        }
    });
    pl.answer(&g, KOREA, "B14");
    pl.saw(&[
        "P3 nukes B14 (Russia) of P2: 2 unit(s) and all there are gone; it is radioactive (the token on B12 (Russia) \
         moves there)",
    ]);
    let [pop, res] = fired(&g, id);
    assert_eq!(
        pl.changes(&g),
        [
            d(RUSSIA, "income", 6, 4),
            d(RUSSIA, "units", "[B14 2]", "[]"),
            d(RUSSIA, "Bases", "[B14 4, C13 4]", "[C13 4]"),
            pop,
            res,
            d(KOREA, "VP", 5, 9),
        ]
    );
    assert_eq!(pl.s.table().radioactive[usize::from(sp("B12"))], None);
    assert_eq!(pl.seat(RUSSIA).radioactive.as_slice(), [sp("B13"), sp("C12"), sp("B14")]);
}

#[test]
fn card_148_nuclear_bomb_6() {
    let (g, id) = (g3(), "nuclear-bomb-6");
    // WD-NUKE-1: a war zone held only by the target's Unit at war, owned by nobody yet.
    let e14 = sp("E14");
    let mut pl = fire(&g, id, |t| {
        put_units(t, p(RUSSIA), e14, 1);
        t.seats[p(RUSSIA)].units[2].war = 1;
    });
    assert_eq!(pl.options(&g, KOREA), russian(&g, &["E14"]));
    pl.answer(&g, KOREA, "E14");
    let [pop, res] = fired(&g, id);
    assert_eq!(pl.changes(&g), [d(RUSSIA, "units", "[B14 2, E14 1]", "[B14 2]"), pop, res, d(KOREA, "VP", 5, 6)]);
    assert_eq!(pl.s.table().radioactive[usize::from(e14)], Some(p(1)));
}
