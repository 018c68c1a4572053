//! Level 2, Brown (32; the six Nuclear Bombs are in `nuclear_bombs.rs`): mostly military. P1 (USA)
//! aims at P2 (Russia) and chooses the Base, Unit or project where a card leaves it open
//! (WD-CARD-6); removed pieces score P1 their VP (WD-VP-1), and Russia keeps a marker where a card
//! took its last piece from a land space (WD-MARK-3).

use super::*;

#[test]
fn card_081_industrial_espionage() {
    let (g, id) = (g3(), "industrial-espionage");
    let mut pl = at_russia(&g, id, |t| {
        own(&g, t, p(RUSSIA), "offshore-bank-account");
        own(&g, t, p(RUSSIA), "oil-pipeline");
    });
    assert_eq!(pl.options(&g, USA), ["offshore-bank-account", "oil-pipeline"]);
    pl.answer(&g, USA, "oil-pipeline");
    pl.saw(&["P1 sabotages P2's project Oil Pipeline [97]"]);
    assert_eq!(
        pl.changes(&g),
        [
            paid(&g, USA, id),
            d(RUSSIA, "income", 7, 5),
            d(
                RUSSIA,
                "projects",
                "[offshore-bank-account, oil-pipeline]",
                "[offshore-bank-account, oil-pipeline (sabotaged)]"
            ),
        ]
    );
}

#[test]
fn card_084_border_skirmish() {
    let (g, id) = (g3(), "border-skirmish");
    let mut pl = play(&g, USA, id, "target north-korea", |t| {
        put_units(t, p(KOREA), sp("E17"), 1);
        put_units(t, p(KOREA), sp("F17"), 1);
    });
    // Not the two Units on North Korea's Base on E18.
    assert_eq!(pl.options(&g, USA), ["E17", "F17"]);
    pl.answer(&g, USA, "E17");
    pl.saw(&["P3's unit on E17 (China) is removed", "P1 gains 1 VP (6)", "P3 leaves a marker on E17 (China)"]);
    // The marker keeps the resource space E17 North Korea's: its income stays.
    assert_eq!(
        pl.changes(&g),
        [
            paid(&g, USA, id),
            d(USA, "VP", 5, 6),
            d(KOREA, "units", "[E17 1, E18 2, F17 1]", "[E18 2, F17 1]"),
            d(KOREA, "markers", 14, 13),
        ]
    );
}

#[test]
fn card_088_computer_virus() {
    let (g, id) = (g3(), "computer-virus");
    // Russia's only project is sabotaged without a question.
    let pl = at_russia(&g, id, |t| {
        own(&g, t, p(RUSSIA), "offshore-bank-account");
    });
    pl.saw(&["P1 sabotages P2's project Offshore Bank Account [9]"]);
    assert_eq!(
        pl.changes(&g),
        [
            paid(&g, USA, id),
            d(RUSSIA, "income", 5, 3),
            d(RUSSIA, "projects", "[offshore-bank-account]", "[offshore-bank-account (sabotaged)]"),
        ]
    );
    let mut s = pl.s.clone();
    next_round(&g, &mut s);
    assert_eq!(g.income(&s, p(RUSSIA)), 4, "the -1 is gone, the sabotage lasts");
}

#[test]
fn card_090_sniper_team() {
    let (g, id) = (g3(), "sniper-team");
    let mut pl = at_russia(&g, id, |t| {
        put_units(t, p(RUSSIA), sp("C3"), 1);
        put_units(t, p(RUSSIA), sp("E5"), 1);
    });
    // Within 2 spaces of P1's Units on E3: not Russia's Units on B14.
    assert_eq!(pl.options(&g, USA), ["C3", "E5"]);
    pl.answer(&g, USA, "E5");
    assert_eq!(
        pl.changes(&g),
        [
            paid(&g, USA, id),
            d(USA, "VP", 5, 6),
            d(RUSSIA, "units", "[B14 2, C3 1, E5 1]", "[B14 2, C3 1]"),
            d(RUSSIA, "markers", 12, 11),
        ]
    );
}

#[test]
fn card_094_cut_their_fuel_lines() {
    let (g, id) = (g3(), "cut-their-fuel-lines");
    let pl = at_russia(&g, id, |t| t.seats[p(RUSSIA)].bases[0].strength = 8);
    assert_eq!(pl.changes(&g), [paid(&g, USA, id)]);
    // Half the 8-Base, -2.
    let steps = |s: &State| movement(&g, s, RUSSIA, "move 1 e");
    assert_eq!((steps(&pl.before), steps(&pl.s)), (4, 2));
}

#[test]
fn card_095_general_strike() {
    let (g, id) = (g3(), "general-strike");
    let pl = at_russia(&g, id, |t| {
        own(&g, t, p(RUSSIA), "offshore-bank-account");
    });
    assert_eq!(
        pl.changes(&g),
        [
            paid(&g, USA, id),
            d(RUSSIA, "Popularity", 6, 5),
            d(RUSSIA, "income", 5, 4),
            d(RUSSIA, "projects", "[offshore-bank-account]", "[offshore-bank-account (sabotaged)]"),
        ]
    );
}

#[test]
fn card_101_special_forces_raid() {
    let (g, id) = (g3(), "special-forces-raid");
    let mut pl = at_russia(&g, id, |t| put_units(t, p(RUSSIA), sp("C13"), 1));
    // Any Unit, on a Base or not.
    assert_eq!(pl.options(&g, USA), ["B14", "C13"]);
    pl.answer(&g, USA, "B14");
    assert_eq!(
        pl.changes(&g),
        [paid(&g, USA, id), d(USA, "VP", 5, 6), d(RUSSIA, "units", "[B14 2, C13 1]", "[B14 1, C13 1]")]
    );
}

#[test]
fn card_104_mysterious_explosion() {
    let (g, id) = (g3(), "mysterious-explosion");
    // Russia's only Base: no question. Its 4 less 2 is below 4: removed, 2 VP; its Units stay.
    let pl = at_russia(&g, id, |_| {});
    pl.saw(&["P2's 4-Base on B14 (Russia) is removed", "P1 gains 2 VP (7)", "P2's Ego goes from 7 to 6"]);
    assert_eq!(
        pl.changes(&g),
        [
            paid(&g, USA, id),
            d(USA, "VP", 5, 7),
            d(RUSSIA, "Ego", 7, 6),
            d(RUSSIA, "income", 4, 2),
            d(RUSSIA, "Bases", "[B14 4]", "[]"),
        ]
    );
    refused(&g, USA, id, |t| t.seats[p(USA)].popularity = 4);
}

#[test]
fn card_106_naval_blockade() {
    let (g, id) = (g3(), "naval-blockade");
    let mut pl = at_russia(&g, id, |t| {
        put_units(t, p(RUSSIA), sp("E6"), 1);
        put_units(t, p(RUSSIA), sp("E7"), 1);
    });
    // Only Units at sea; the second goes without a question; no marker at sea (WD-RULING-6).
    assert_eq!(pl.options(&g, USA), ["E6", "E7"]);
    pl.answer(&g, USA, "E7");
    pl.saw(&["P2's unit on E7 is removed", "P2's unit on E6 is removed"]);
    assert_eq!(
        pl.changes(&g),
        [
            paid(&g, USA, id),
            d(USA, "VP", 5, 7),
            d(RUSSIA, "income", 4, 2),
            d(RUSSIA, "units", "[B14 2, E6 1, E7 1]", "[B14 2]"),
        ]
    );
}

#[test]
fn card_110_bulldoze_their_monument() {
    let (g, id) = (g3(), "bulldoze-their-monument");
    let mut pl = at_russia(&g, id, |t| {
        for project in ["offshore-bank-account", "cute-kittens", "luxury-palace"] {
            own(&g, t, p(RUSSIA), project);
        }
    });
    // An owned Dumbness card is never attacked (WD-DUMB-4).
    assert_eq!(pl.options(&g, USA), ["offshore-bank-account", "luxury-palace"]);
    pl.answer(&g, USA, "offshore-bank-account");
    pl.saw(&["P1 destroys P2's project Offshore Bank Account [9]", "P1's Popularity goes from 5 to 4"]);
    assert_eq!(
        pl.changes(&g),
        [
            d(USA, "Popularity", 5, 4),
            paid(&g, USA, id),
            d(RUSSIA, "income", 5, 4),
            d(
                RUSSIA,
                "projects",
                "[offshore-bank-account, cute-kittens, luxury-palace]",
                "[cute-kittens, luxury-palace]"
            ),
        ]
    );
    assert!(pl.s.table().discards[0].contains(no(&g, "offshore-bank-account")), "to its level's discard pile");
}

#[test]
fn card_112_arms_embargo() {
    let (g, id) = (g3(), "arms-embargo");
    let pl = at_russia(&g, id, |_| {});
    assert_eq!(pl.changes(&g), [paid(&g, USA, id)]);
    let b14 = sp("B14");
    assert_eq!((g.strength(&pl.before, p(RUSSIA), b14), g.strength(&pl.s, p(RUSSIA), b14)), (4, 2));
    let mut s = pl.s.clone();
    next_round(&g, &mut s);
    assert_eq!(g.strength(&s, p(RUSSIA), b14), 4, "for the round only");
}

#[test]
fn card_115_air_strike() {
    let (g, id) = (g3(), "air-strike");
    let mut pl = at_russia(&g, id, |t| put_base(t, p(RUSSIA), sp("C13"), 6));
    assert_eq!(pl.options(&g, USA), ["B14", "C13"]);
    pl.answer(&g, USA, "C13");
    assert_eq!(
        pl.changes(&g),
        [
            paid(&g, USA, id),
            d(USA, "VP", 5, 6),
            d(RUSSIA, "income", 7, 6),
            d(RUSSIA, "Bases", "[B14 4, C13 6]", "[B14 4, C13 4]"),
        ]
    );
    refused(&g, USA, id, |t| t.seats[p(USA)].ego = 5);
}

#[test]
fn card_117_unfortunate_accident() {
    let (g, id) = (g3(), "unfortunate-accident");
    let mut pl = at_russia(&g, id, |t| put_units(t, p(RUSSIA), sp("C13"), 1));
    assert_eq!(pl.options(&g, USA), ["B14", "C13"]);
    pl.answer(&g, USA, "C13");
    pl.saw(&[
        "P2's unit on C13 (Russia) is removed",
        "P2 leaves a marker on C13 (Russia)",
        "P2's Ego goes from 7 to 6",
    ]);
    assert_eq!(
        pl.changes(&g),
        [
            paid(&g, USA, id),
            d(USA, "VP", 5, 6),
            d(RUSSIA, "Ego", 7, 6),
            d(RUSSIA, "units", "[B14 2, C13 1]", "[B14 2]"),
            d(RUSSIA, "markers", 12, 11),
        ]
    );
}

#[test]
fn card_120_government_shutdown() {
    let (g, id) = (g3(), "government-shutdown");
    // P2's Golden Statue (41) acts before Government Shutdown (120); P2's Nuclear Bomb (124) aimed
    // at Peace is never disarmed (WD-RULING-9).
    let pl = play_all(
        &g,
        &[
            (KOREA, &[id, "target russia", "done"][..]),
            (RUSSIA, &["golden-statue", "nuclear-bomb-3", "target peace", "done"][..]),
        ],
        |_| {},
    );
    pl.saw(&[
        "P2 uses Golden Statue [41] (pays 3)",
        "P3 uses Government Shutdown [120] (pays 6)",
        "P2's Nuclear Bomb [124] is cancelled and discarded without effect",
        "P3's Ego goes from 8 to 9",
    ]);
    assert_eq!(pl.s.table().peace, [None; 4]);
    assert_eq!(
        pl.changes(&g),
        [
            d(RUSSIA, "Ego", 7, 9),
            d(RUSSIA, "resources", 15, 15 - cost(&g, "golden-statue")),
            d(KOREA, "Ego", 8, 9),
            paid(&g, KOREA, id),
        ],
        "no fine for the cancelled card"
    );
    assert!(pl.s.table().discards[1].contains(no(&g, "nuclear-bomb-3")));
    refused(&g, KOREA, id, |t| t.seats[p(KOREA)].ego = 5);
}

#[test]
fn card_123_commando_raid() {
    let (g, id) = (g3(), "commando-raid");
    let mut pl = at_russia(&g, id, |t| {
        own(&g, t, p(RUSSIA), "offshore-bank-account");
        own(&g, t, p(RUSSIA), "tourist-resort");
    });
    assert_eq!(pl.options(&g, USA), ["offshore-bank-account", "tourist-resort"]);
    pl.answer(&g, USA, "tourist-resort");
    pl.saw(&["P1 destroys P2's project Tourist Resort [21]"]);
    assert_eq!(
        pl.changes(&g),
        [
            paid(&g, USA, id),
            d(RUSSIA, "income", 6, 5),
            d(RUSSIA, "projects", "[offshore-bank-account, tourist-resort]", "[offshore-bank-account]"),
        ],
        "the VP Russia scored for it stay"
    );
    assert!(pl.s.table().discards[0].contains(no(&g, "tourist-resort")));
}

#[test]
fn card_126_artillery_barrage() {
    let (g, id) = (g3(), "artillery-barrage");
    let mut pl = at_russia(&g, id, |t| {
        put_units(t, p(RUSSIA), sp("C3"), 1);
        put_units(t, p(RUSSIA), sp("E5"), 1);
    });
    // Two Units within 2 spaces of P1's Units: the second is the only one left, taken unasked.
    assert_eq!(pl.options(&g, USA), ["C3", "E5"]);
    pl.answer(&g, USA, "C3");
    assert_eq!(
        pl.changes(&g),
        [
            paid(&g, USA, id),
            d(USA, "VP", 5, 7),
            d(RUSSIA, "units", "[B14 2, C3 1, E5 1]", "[B14 2]"),
            d(RUSSIA, "markers", 12, 10),
        ]
    );
}

#[test]
fn card_128_drone_swarm() {
    let (g, id) = (g3(), "drone-swarm");
    let mut pl = at_russia(&g, id, |t| {
        put_units(t, p(RUSSIA), sp("B13"), 1);
        put_units(t, p(RUSSIA), sp("C13"), 1);
    });
    assert_eq!(pl.options(&g, USA), ["B13", "C13"]);
    pl.answer(&g, USA, "C13");
    pl.saw(&["P2's unit on C13 (Russia) is removed", "P2's unit on B13 (Russia) is removed"]);
    assert_eq!(
        pl.changes(&g),
        [
            paid(&g, USA, id),
            d(USA, "VP", 5, 7),
            d(RUSSIA, "units", "[B13 1, B14 2, C13 1]", "[B14 2]"),
            d(RUSSIA, "markers", 12, 10),
        ]
    );
}

#[test]
fn card_130_coup_attempt() {
    let (g, id) = (g3(), "coup-attempt");
    let mut pl = at_russia(&g, id, |t| put_base(t, p(RUSSIA), sp("C13"), 4));
    assert_eq!(pl.options(&g, USA), ["B14", "C13"]);
    pl.answer(&g, USA, "B14");
    assert_eq!(
        pl.changes(&g),
        [
            paid(&g, USA, id),
            d(USA, "VP", 5, 7),
            d(RUSSIA, "Popularity", 6, 5),
            d(RUSSIA, "income", 6, 4),
            d(RUSSIA, "Bases", "[B14 4, C13 4]", "[C13 4]"),
        ]
    );
    refused(&g, USA, id, |t| t.seats[p(USA)].ego = 6);
}

#[test]
fn card_133_nationalise_their_factory() {
    let (g, id) = (g3(), "nationalise-their-factory");
    let pl = at_russia(&g, id, |t| {
        own(&g, t, p(RUSSIA), "oil-pipeline");
    });
    pl.saw(&["P1 destroys P2's project Oil Pipeline [97]", "P1's Ego goes from 9 to 10"]);
    assert_eq!(
        pl.changes(&g),
        [
            d(USA, "Ego", 9, 10),
            paid(&g, USA, id),
            d(RUSSIA, "income", 6, 4),
            d(RUSSIA, "projects", "[oil-pipeline]", "[]"),
        ]
    );
    assert!(pl.s.table().discards[1].contains(no(&g, "oil-pipeline")));
}

#[test]
fn card_134_tank_column() {
    let (g, id) = (g3(), "tank-column");
    let mut pl = at_russia(&g, id, |t| put_units(t, p(RUSSIA), sp("C13"), 1));
    assert_eq!(pl.options(&g, USA), ["B14", "C13"]);
    pl.answer(&g, USA, "B14");
    assert_eq!(pl.options(&g, USA), ["B14", "C13"]);
    pl.answer(&g, USA, "B14");
    // The Base stays on B14, so no marker.
    assert_eq!(
        pl.changes(&g),
        [paid(&g, USA, id), d(USA, "VP", 5, 7), d(RUSSIA, "units", "[B14 2, C13 1]", "[C13 1]")]
    );
}

#[test]
fn card_138_cruise_missiles() {
    let (g, id) = (g3(), "cruise-missiles");
    let mut pl = at_russia(&g, id, |t| {
        put_base(t, p(RUSSIA), sp("C13"), 6);
        put_units(t, p(RUSSIA), sp("B13"), 1);
    });
    assert_eq!(pl.options(&g, USA), ["B14", "C13"]);
    pl.answer(&g, USA, "C13");
    // Then the only Unit not on a Base goes unasked.
    pl.saw(&["P2's Base on C13 (Russia) goes from 6 to 4", "P2's unit on B13 (Russia) is removed"]);
    assert_eq!(
        pl.changes(&g),
        [
            paid(&g, USA, id),
            d(USA, "VP", 5, 7),
            d(RUSSIA, "income", 7, 6),
            d(RUSSIA, "units", "[B13 1, B14 2]", "[B14 2]"),
            d(RUSSIA, "Bases", "[B14 4, C13 6]", "[B14 4, C13 4]"),
            d(RUSSIA, "markers", 12, 11),
        ]
    );
}

#[test]
fn card_140_bunker_buster() {
    let (g, id) = (g3(), "bunker-buster");
    let mut pl = at_russia(&g, id, |t| {
        t.seats[p(USA)].bases[0].strength = 8;
        put_base(t, p(RUSSIA), sp("C13"), 8);
    });
    assert_eq!(pl.options(&g, USA), ["B14", "C13"]);
    pl.answer(&g, USA, "C13");
    // Two steps: 8 to 4, 2 income taken.
    pl.saw(&["P2's Base on C13 (Russia) goes from 8 to 4", "P1 gains 2 VP (7)"]);
    assert_eq!(
        pl.changes(&g),
        [
            paid(&g, USA, id),
            d(USA, "VP", 5, 7),
            d(RUSSIA, "income", 8, 6),
            d(RUSSIA, "Bases", "[B14 4, C13 8]", "[B14 4, C13 4]"),
        ]
    );
    // Needs a Base of 8+ of P1's own.
    refused(&g, USA, id, |t| t.seats[p(USA)].bases[0].strength = 6);
}

#[test]
fn card_144_carpet_bombing() {
    let (g, id) = (g3(), "carpet-bombing");
    let mut pl = at_russia(&g, id, |t| {
        put_base(t, p(RUSSIA), sp("C13"), 10);
        put_units(t, p(RUSSIA), sp("B13"), 1);
    });
    assert_eq!(pl.options(&g, USA), ["B14", "C13"]);
    pl.answer(&g, USA, "C13");
    pl.saw(&["P2's Base on C13 (Russia) goes from 10 to 6", "P2's unit on B13 (Russia) is removed"]);
    assert_eq!(
        pl.changes(&g),
        [
            d(USA, "Popularity", 5, 4),
            paid(&g, USA, id),
            d(USA, "VP", 5, 8),
            d(RUSSIA, "income", 9, 7),
            d(RUSSIA, "units", "[B13 1, B14 2]", "[B14 2]"),
            d(RUSSIA, "Bases", "[B14 4, C13 10]", "[B14 4, C13 6]"),
            d(RUSSIA, "markers", 12, 11),
        ]
    );
    refused(&g, USA, id, |t| t.seats[p(USA)].ego = 7);
}

#[test]
fn card_145_regime_change() {
    let (g, id) = (g3(), "regime-change");
    let mut pl = at_russia(&g, id, |t| {
        own(&g, t, p(RUSSIA), "offshore-bank-account");
        own(&g, t, p(RUSSIA), "genius-economist");
    });
    assert_eq!(pl.options(&g, USA), ["offshore-bank-account", "genius-economist"]);
    pl.answer(&g, USA, "genius-economist");
    assert_eq!(
        pl.changes(&g),
        [
            paid(&g, USA, id),
            d(RUSSIA, "Popularity", 6, 4),
            d(RUSSIA, "income", 7, 5),
            d(RUSSIA, "projects", "[offshore-bank-account, genius-economist]", "[offshore-bank-account]"),
        ]
    );
    refused(&g, USA, id, |t| t.seats[p(USA)].ego = 7);
}

#[test]
fn card_146_mercenary_invasion() {
    let (g, id) = (g3(), "mercenary-invasion");
    let mut pl = play(&g, KOREA, id, "target russia", |t| {
        put_units(t, p(RUSSIA), sp("B13"), 1);
        put_units(t, p(RUSSIA), sp("C13"), 1);
    });
    assert_eq!(pl.options(&g, KOREA), ["B14", "B13", "C13"]);
    pl.answer(&g, KOREA, "B13");
    assert_eq!(pl.options(&g, KOREA), ["B14", "C13"]);
    pl.answer(&g, KOREA, "C13");
    // The third: only B14 is left.
    assert_eq!(
        pl.changes(&g),
        [
            d(RUSSIA, "units", "[B13 1, B14 2, C13 1]", "[B14 1]"),
            d(RUSSIA, "markers", 12, 10),
            d(KOREA, "Popularity", 7, 5),
            paid(&g, KOREA, id),
            d(KOREA, "VP", 5, 8),
        ]
    );
}

#[test]
fn card_150_shock_and_awe() {
    let (g, id) = (g3(), "shock-and-awe");
    let mut pl = play(&g, KOREA, id, "target russia", |t| {
        put_base(t, p(RUSSIA), sp("C13"), 8);
        put_units(t, p(RUSSIA), sp("C13"), 1);
    });
    assert_eq!(pl.options(&g, KOREA), ["B14", "C13"]);
    pl.answer(&g, KOREA, "C13");
    assert_eq!(pl.options(&g, KOREA), ["B14", "C13"]);
    pl.answer(&g, KOREA, "C13");
    // 8 to 4 (2 VP); the Unit on C13 (1 VP); the second Unit from B14, the only space left (1 VP).
    assert_eq!(
        pl.changes(&g),
        [
            d(RUSSIA, "income", 8, 6),
            d(RUSSIA, "units", "[B14 2, C13 1]", "[B14 1]"),
            d(RUSSIA, "Bases", "[B14 4, C13 8]", "[B14 4, C13 4]"),
            d(KOREA, "Popularity", 7, 5),
            paid(&g, KOREA, id),
            d(KOREA, "VP", 5, 9),
        ]
    );
    refused(&g, KOREA, id, |t| t.seats[p(KOREA)].ego = 7);
}
