//! Environments that change the rules while in play (WOOB-PLAY-6), and the cards that discard an
//! environment (never a Mount Saint Woobie, WOOB-RULING-9).

use super::*;

/// P1's support phase (P1 at home in Oceana with 1R, P2 in Doom Grove with 1Y, Quicksand in P1's
/// hand) under the environments in play: the steps, what they made happen and the homes after.
struct SupportPhase {
    name: &'static str,
    in_play: &'static [(u16, usize)],
    /// Anarchs by area.
    anarchs: &'static [(&'static str, &'static str)],
    steps: Vec<Step>,
    told: &'static [&'static str],
    homes_after: [&'static str; 2],
}

const GAINS: [&str; 4] = ["gain red", "gain yellow", "gain green", "gain blue"];

#[test]
fn environments_in_the_support_phase() {
    let rows = [
        // WOOB-PLAY-6, WOOB-SUPPORT-1, WOOB-RULING-7: with Baby Boom in play the support phase takes two
        // coloured support (any colours, whoever the caretaker is), and no Anarch move once taking;
        // moving an Anarch instead is still possible before taking any. Without it: one piece.
        SupportPhase {
            name: "card 10, two pieces",
            in_play: &[(10, 1)],
            anarchs: &[("sea-of-dreams", "1A")],
            steps: vec![
                asks(
                    0,
                    &[
                        "gain red",
                        "gain yellow",
                        "gain green",
                        "gain blue",
                        "anarch sea-of-dreams to bambooton",
                        "anarch sea-of-dreams to fuzzy-hollow",
                        "anarch sea-of-dreams to lullaby-lowlands",
                        "anarch sea-of-dreams to sea-of-despair",
                        "anarch sea-of-dreams to prismatic-ocean",
                    ],
                ),
                Do(0, "gain red"),
                // A second piece to take.
                InPhase(Phase::Support),
                asks(0, &GAINS),
                Do(0, "gain blue"),
                InPhase(Phase::Industry),
            ],
            told: &["P1's home gains 1R", "P1's home gains 1B"],
            homes_after: ["2R 0Y 0G 1B 0A @Oceana", "0R 1Y 0G 0B 0A @Doom Grove"],
        },
        SupportPhase {
            name: "card 10, an Anarch moved instead",
            in_play: &[(10, 1)],
            anarchs: &[("sea-of-dreams", "1A")],
            steps: vec![Do(0, "anarch sea-of-dreams to bambooton"), InPhase(Phase::Industry)],
            told: &["1A moves from Sea of Dreams to BamBooton"],
            homes_after: ["1R 0Y 0G 0B 0A @Oceana", "0R 1Y 0G 0B 0A @Doom Grove"],
        },
        // Without Baby Boom: one piece, and the support phase is over.
        SupportPhase {
            name: "card 10, not in play",
            in_play: &[],
            anarchs: &[("sea-of-dreams", "1A")],
            steps: vec![Do(0, "gain red"), InPhase(Phase::Industry)],
            told: &["P1's home gains 1R"],
            homes_after: ["2R 0Y 0G 0B 0A @Oceana", "0R 1Y 0G 0B 0A @Doom Grove"],
        },
        // WOOB-PLAY-6, WOOB-SUPPORT-1, WOOB-RULING-9: with Monsoon in play no Anarch enters water in the
        // support phase (one already at sea may still come ashore); for cards, see `cards_and_environments`.
        SupportPhase {
            name: "card 80",
            in_play: &[(80, 1)],
            anarchs: &[("bambooton", "1A"), ("sea-of-dreams", "1A")],
            steps: vec![
                asks(
                    0,
                    &[
                        "gain red",
                        "gain yellow",
                        "gain green",
                        "gain blue",
                        "anarch bambooton to doom-grove",
                        "anarch bambooton to sulfer-springs",
                        "anarch bambooton to lullaby-lowlands",
                        "anarch sea-of-dreams to bambooton",
                        "anarch sea-of-dreams to fuzzy-hollow",
                        "anarch sea-of-dreams to lullaby-lowlands",
                    ],
                ),
                Refused(
                    0,
                    "anarch bambooton to sea-of-dreams",
                    "an environment in play keeps Anarchs out of Sea of Dreams [WOOB-PLAY-6]",
                ),
            ],
            told: &[],
            homes_after: ["1R 0Y 0G 0B 0A @Oceana", "0R 1Y 0G 0B 0A @Doom Grove"],
        },
        // WOOB-PLAY-6, WOOB-TURN-1: with General Strike in play the industry phase is skipped.
        SupportPhase {
            name: "card 260",
            in_play: &[(260, 1)],
            anarchs: &[],
            // Straight from support to play.
            steps: vec![Do(0, "gain red"), InPhase(Phase::Play), asks(0, &["play quicksand"])],
            told: &["P1's home gains 1R"],
            homes_after: ["2R 0Y 0G 0B 0A @Oceana", "0R 1Y 0G 0B 0A @Doom Grove"],
        },
        SupportPhase {
            name: "card 260, not in play",
            in_play: &[],
            anarchs: &[],
            steps: vec![Do(0, "gain red"), InPhase(Phase::Industry)],
            told: &["P1's home gains 1R"],
            homes_after: ["2R 0Y 0G 0B 0A @Oceana", "0R 1Y 0G 0B 0A @Doom Grove"],
        },
    ];
    let g = game(2);
    assert_eq!(
        text(&g, 10),
        "In the support phase, a player who takes support takes 2 coloured support instead of one."
    );
    assert_eq!(text(&g, 80), "Anarchs may not enter bodies of water.");
    assert_eq!(text(&g, 260), "Players skip the industry phase.");
    for row in rows {
        let name = row.name;
        let mut pos = position(&g, &["oceana", "doom-grove"], 0, "support", row.in_play, &[])
            .support(&g, "oceana", "1R")
            .support(&g, "doom-grove", "1Y");
        for (at, pieces) in row.anarchs {
            pos = pos.support(&g, at, pieces);
        }
        let mut s = pos.hand(&g, 0, &["Quicksand"]).load(&g);
        let mut told = Vec::new();
        take(&g, &mut s, name, &row.steps, &mut told);
        assert_eq!(told, row.told, "{name}: what happened");
        assert_eq!([home(&g, &s, 0), home(&g, &s, 1)], row.homes_after, "{name}: the homes");
    }
}

#[test]
fn cards_and_environments() {
    run(vec![
        // WOOB-PLAY-2, WOOB-RULING-9: the chosen environment leaves play for the discard pile; a Mount
        // Saint Woobie cannot be chosen; then +1 of a colour the player picks (WOOB-SUP-4).
        row(5, "")
            .text(
                "Discard an environment in play (not a Mount Saint Woobie). Your home gains 1 support of any \
                 colour.",
            )
            .homes(&[("oceana", "1R"), ("doom-grove", "1Y")])
            .in_play(&[(10, 0), (80, 1), (820, 1)])
            .steps(vec![
                // Never a Mount Saint Woobie.
                asks(0, &["environment baby-boom", "environment monsoon"]),
                Do(0, "environment monsoon"),
                asks(0, &PICKS),
                Do(0, "pick green"),
            ])
            .told(&["Monsoon leaves play", "P1's home gains 1G"])
            .homes_after(&["1R 0Y 1G 0B 0A @Oceana", "0R 1Y 0G 0B 0A @Doom Grove"])
            .environments_after(&["Baby Boom (P1)", "Mount Saint Woobie (P2)"])
            .discarded(&["Monsoon"]),
        // WOOB-PLAY-6, WOOB-RULING-9: with Monsoon in play a card cannot send Anarchs to sea either:
        // Pirate Radio moves nothing, and still gives +1Y.
        row(60, "under Monsoon (card 80)")
            .homes(&[("bambooton", "1Y 2A"), ("oceana", "1R")])
            .in_play(&[(80, 1)])
            .anarchs(&[("lullaby-lowlands", "1A")])
            .steps(vec![Do(0, "area sea-of-dreams")])
            .told(&["P1 chooses Sea of Dreams", "P1's home gains 1Y"])
            .homes_after(&["0R 2Y 0G 0B 2A @BamBooton", "1R 0Y 0G 0B 0A @Oceana"])
            .anarchs_after(&["BamBooton: 2A", "Lullaby Lowlands: 1A"])
            .environments_after(&["Monsoon (P2)"]),
        // WOOB-RULING-2 (one environment that may go: it goes), WOOB-PLAY-3 (clockwise from the card's
        // player, P2), WOOB-RULING-3 (each owner picks their colour).
        row(645, "")
            .text(
                "Discard an environment in play (not a Mount Saint Woobie). Every home gains 1 support of a colour \
                 its owner picks.",
            )
            .homes(&[("cheeseport", "1R"), ("oceana", "1Y"), ("snugglebury", "1G")])
            .active(1)
            .in_play(&[(260, 0), (820, 2)])
            .steps(vec![Do(1, "pick yellow"), Do(2, "pick green"), Do(0, "pick red")])
            .told(&["General Strike leaves play", "P2's home gains 1Y", "P3's home gains 1G", "P1's home gains 1R"])
            .homes_after(&["2R 0Y 0G 0B 0A @Cheeseport", "0R 2Y 0G 0B 0A @Oceana", "0R 0Y 2G 0B 0A @Snugglebury"])
            .environments_after(&["Mount Saint Woobie (P3)"]),
        // No environment but a Mount Saint Woobie: nothing to discard. Only two red left in the pile and
        // no other colour: nobody is asked; P2 and P3 get one each, clockwise, and the pile is dry for P1
        // (WOOB-RULING-2, WOOB-SUP-2, WOOB-PLAY-3). (The Anarch at sea gives P3 a support phase.)
        row(645, "nothing to discard, two red left")
            .homes(&[("cheeseport", "25Y 11R"), ("oceana", "25G 6R"), ("snugglebury", "25B 6R")])
            .active(1)
            .in_play(&[(820, 2)])
            .anarchs(&[("sea-of-dreams", "1A")])
            .told(&[
                "there is nothing to choose, so that part has no effect",
                "P2's home gains 1R",
                "P3's home gains 1R",
            ])
            .homes_after(&["11R 25Y 0G 0B 0A @Cheeseport", "7R 0Y 25G 0B 0A @Oceana", "7R 0Y 0G 25B 0A @Snugglebury"])
            .environments_after(&["Mount Saint Woobie (P3)"]),
    ]);
}
