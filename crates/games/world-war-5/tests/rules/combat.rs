//! Combat: dice by pips (WW5-COMP-2), sums and ties (WW5-COMBAT-1, WW5-COMBAT-2), the defender's
//! retreat (WW5-COMBAT-3), shrinking where there is nowhere to go (WW5-COMBAT-4, WW5-COMBAT-5) and
//! the odds (WW5-COMBAT-6).

use worlds_engine::{Game, SeededRng, Turn};
use worlds_world_war_5::{Size, Stash, State, Step, WorldWar5};

use super::EU_AS;
use crate::common::*;

#[test]
fn ww5_comp_2_a_piece_rolls_as_many_dice_as_it_has_pips() {
    let g = game(2);
    let s = position(&g, &["eu", "as"], &[EU_AS, &[("af-northeast", 1, "medium")]].concat(), 0);
    let mut s1 = s.clone();
    let events = play(&g, &mut s1, 0, "invade af-northeast from eu-south", &mut dice(&[1, 2, 3, 4, 5]));
    assert_eq!(
        told(&g, &events)[0],
        "P1 invades af-northeast from eu-south: large rolls 1+2+3 = 6 against P2's medium 4+5 = 9: defender holds"
    );
    let combat = s1.last_combat().unwrap();
    assert_eq!((combat.attack.len(), combat.defence.len()), (3, 2));
}

/// P1 (Europe) large on eu-south against P2 (Africa) on af-northeast.
fn duel(defender: &str, extra: &[(&str, usize, &str)]) -> (WorldWar5, State) {
    let g = game(2);
    let mut pieces = vec![
        ("eu-north", 0, "small"),
        ("eu-west", 0, "medium"),
        ("eu-south", 0, "large"),
        ("af-northeast", 1, defender),
    ];
    pieces.extend_from_slice(extra);
    let s = position(&g, &["eu", "af"], &pieces, 0);
    (g, s)
}

#[test]
fn ww5_combat_1_and_2_dice_sums_and_ties_go_to_the_defender() {
    let (g, s) = duel("medium", &[("af-south", 1, "small")]);
    let mut tie = s.clone();
    let events = play(&g, &mut tie, 0, "invade af-northeast from eu-south", &mut dice(&[1, 2, 3, 5, 1]));
    assert_eq!(
        told(&g, &events),
        [
            "P1 invades af-northeast from eu-south: large rolls 1+2+3 = 6 against P2's medium 5+1 = 6: defender holds",
            "the attack on af-northeast is repelled",
        ]
    );
    // Nothing moved, nothing shrank; the turn passed.
    for t in ["eu-south", "af-northeast"] {
        assert_eq!(at(&tie, t), at(&s, t));
    }
    assert_eq!(g.turn(&tie), Turn::Decide(p(1)));
}

#[test]
fn ww5_combat_3_the_defender_chooses_where_to_retreat_and_the_attacker_moves_in() {
    // af-northeast borders af-northwest, af-south, eu-south (the attacker), as-southwest, au-north.
    let (g, s) = duel("medium", &[("af-south", 1, "small"), ("as-southwest", 0, "small")]);
    let mut won = s.clone();
    let events = play(&g, &mut won, 0, "invade af-northeast from eu-south", &mut dice(&[6, 6, 6, 1, 1]));
    assert_eq!(told(&g, &events)[1], "P2 must retreat from af-northeast");
    // The defender decides, in the middle of the attacker's turn.
    assert_eq!(g.turn(&won), Turn::Decide(p(1)));
    assert_eq!(legal(&g, &won, 1), ["retreat af-northwest", "retreat au-north"]);
    assert_eq!(legal(&g, &won, 0), Vec::<String>::new());
    assert_eq!(
        refused(&g, &won, 0, "grow eu-north"),
        "it is not your decision now: P2 chooses where to retreat from af-northeast [WW5-COMBAT-3]"
    );
    assert_eq!(
        refused(&g, &won, 1, "retreat eu-south"),
        "you cannot retreat into eu-south, where the attacker is coming from [WW5-COMBAT-3]"
    );
    assert_eq!(
        refused(&g, &won, 1, "retreat af-south"),
        "af-south is not empty; retreat into an empty territory [WW5-COMBAT-3]"
    );
    assert_eq!(refused(&g, &won, 1, "retreat sa-east"), "sa-east is not connected to af-northeast [WW5-COMBAT-3]");
    assert_eq!(
        refused(&g, &won, 1, "grow af-south"),
        "you lost the combat for af-northeast: choose where to retreat, e.g. `retreat TERRITORY` [WW5-COMBAT-3]"
    );
    let events = play(&g, &mut won, 1, "retreat au-north", &mut SeededRng::new(0));
    assert_eq!(
        told(&g, &events),
        ["P2 retreats from af-northeast to au-north", "P1 advances from eu-south into af-northeast"]
    );
    assert_eq!(
        [at(&won, "eu-south"), at(&won, "af-northeast"), at(&won, "au-north")],
        ["empty", "P1 large", "P2 medium"]
    );
    // The attacker's turn is over.
    assert_eq!(g.turn(&won), Turn::Decide(p(1)));
    assert_eq!(won.step(), Some(Step::Play));
}

/// P1's large on eu-south beats P2's piece on af-northeast with nowhere for it to retreat: P2's
/// other pieces and P1's smalls on as-southwest and au-north take every other neighbour.
struct Cornered<'a> {
    rule: &'a str,
    defender: &'a str,
    p2_around: &'a [(&'a str, usize, &'a str)],
    dice: &'a [u32],
    /// Every event after the dice.
    told: &'a [&'a str],
    /// af-northeast and eu-south after the combat.
    after: [&'a str; 2],
    p2_stash: Stash,
}

#[test]
fn ww5_combat_4_and_5_with_nowhere_to_retreat_the_defender_shrinks_or_is_removed() {
    let smalls = [("af-northwest", 1, "small"), ("af-south", 1, "small")];
    let cases = [
        Cornered {
            rule: "WW5-COMBAT-4: the defender shrinks and the attacker stays",
            defender: "medium",
            p2_around: &smalls,
            dice: &[6, 6, 6, 1, 1],
            told: &["P2's medium on af-northeast has nowhere to retreat and shrinks to a small"],
            after: ["P2 small", "P1 large"],
            p2_stash: Stash([0, 3, 3]),
        },
        Cornered {
            rule: "WW5-COMBAT-5: with every P2 medium on the board, the large shrinks straight to a small",
            defender: "large",
            p2_around: &[("af-northwest", 1, "medium"), ("af-south", 1, "medium"), ("sa-east", 1, "medium")],
            dice: &[6, 6, 6, 1, 1, 1],
            told: &["P2's large on af-northeast has nowhere to retreat and shrinks to a small"],
            after: ["P2 small", "P1 large"],
            p2_stash: Stash([2, 0, 3]),
        },
        Cornered {
            rule: "WW5-COMBAT-5: a small with nowhere to go is removed, and the attacker moves in",
            defender: "small",
            p2_around: &smalls,
            dice: &[6, 6, 6, 1],
            told: &[
                "P2's small on af-northeast has nowhere to retreat and is removed",
                "P1 advances from eu-south into af-northeast",
            ],
            after: ["P1 large", "empty"],
            p2_stash: Stash([1, 3, 3]),
        },
    ];
    for c in cases {
        let blocked = [c.p2_around, &[("as-southwest", 0, "small"), ("au-north", 0, "small")]].concat();
        let (g, mut s) = duel(c.defender, &blocked);
        let events = play(&g, &mut s, 0, "invade af-northeast from eu-south", &mut dice(c.dice));
        assert_eq!(told(&g, &events)[1..], *c.told, "{}", c.rule);
        assert_eq!([at(&s, "af-northeast"), at(&s, "eu-south")], c.after, "{}", c.rule);
        assert_eq!(s.stash(p(1)), c.p2_stash, "{}", c.rule);
        assert_eq!(g.turn(&s), Turn::Decide(p(1)), "{}", c.rule);
    }
}

/// WW5-COMBAT-6 on the real combat code: the win rate of every size pairing agrees with the
/// published odds within four standard errors.
#[test]
fn ww5_combat_6_real_combats_agree_with_the_published_odds() {
    let mut rng = SeededRng::new(6);
    for attacker in Size::ALL {
        for defender in Size::ALL {
            let g = game(2);
            let s = position(
                &g,
                &["eu", "af"],
                &[
                    ("eu-north", 0, "small"),
                    ("eu-south", 0, attacker.name()),
                    ("af-northeast", 1, defender.name()),
                    ("af-south", 1, "small"),
                ],
                0,
            );
            let action = g.parse_action("invade af-northeast from eu-south").unwrap();
            let trials = 6000;
            let wins = (0..trials)
                .filter(|_| {
                    let mut t = s.clone();
                    g.apply(&mut t, p(0), action, &mut rng).unwrap();
                    t.last_combat().unwrap().attacker_wins()
                })
                .count();
            let (num, den) = worlds_world_war_5::odds(attacker, defender);
            let expected = num as f64 / den as f64;
            let se = (expected * (1.0 - expected) / trials as f64).sqrt();
            let seen = wins as f64 / trials as f64;
            assert!((seen - expected).abs() <= 4.0 * se + 1e-9, "{attacker} vs {defender}: {seen} vs {expected}");
        }
    }
}
