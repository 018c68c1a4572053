//! Cards that gain, lose or move coloured support in homes: a gain or loss as far as the pile or the
//! home allows (WOOB-SUP-2, WOOB-SUP-4), several homes clockwise from the card's player (WOOB-PLAY-3).

use super::*;

#[test]
fn support_cards() {
    run(vec![
        // WOOB-PLAY-2 (sentence by sentence: the condition is checked after the first gain), WOOB-PLAY-1
        // (a RED ACTION needs red support at home: see `playable`).
        row(20, "3R, +2R reaches 5, so +1R")
            .text("Your home gains 2R. If your home has at least 5 red support, it gains 1R.")
            .homes(&[("woobania", "3R"), ("oceana", "1Y")])
            .told(&["P1's home gains 2R", "P1's home gains 1R"])
            .homes_after(&["6R 0Y 0G 0B 0A @Woobania", "0R 1Y 0G 0B 0A @Oceana"]),
        row(20, "2R, +2R is 4")
            .homes(&[("woobania", "2R"), ("oceana", "1Y")])
            .told(&["P1's home gains 2R"])
            .homes_after(&["4R 0Y 0G 0B 0A @Woobania", "0R 1Y 0G 0B 0A @Oceana"]),
        // WOOB-SUP-2: +2B, or as much as the pile still holds.
        row(195, "")
            .text("Your home gains 2B.")
            .homes(&[("oceana", "1B"), ("woobania", "1Y")])
            .told(&["P1's home gains 2B"])
            .homes_after(&["0R 0Y 0G 3B 0A @Oceana", "0R 1Y 0G 0B 0A @Woobania"]),
        row(195, "one blue left in the pile")
            .homes(&[("oceana", "1B"), ("woobania", "23B")])
            .told(&["P1's home gains 1B", "the pile has run dry of blue support"])
            .homes_after(&["0R 0Y 0G 2B 0A @Oceana", "0R 0Y 0G 23B 0A @Woobania"]),
        // WOOB-PLAY-2 (a colour chosen, then used), WOOB-PLAY-1 (YELLOW ACTION).
        row(205, "")
            .text("Choose a colour. Your home gains 1 support of that colour and 1Y.")
            .homes(&[("cheeseport", "1Y"), ("oceana", "1R")])
            .steps(vec![asks(0, &COLOURS), Do(0, "colour green")])
            .told(&["P1 chooses green", "P1's home gains 1G", "P1's home gains 1Y"])
            .homes_after(&["0R 2Y 1G 0B 0A @Cheeseport", "1R 0Y 0G 0B 0A @Oceana"]),
        // WOOB-RULING-3 (the card gives the choice of colours to the chosen home's owner); any player,
        // yourself included, may be chosen.
        row(225, "")
            .text("Choose a player. Their home gains 2 support of colours they pick.")
            .homes(&[("cheeseport", "1R"), ("oceana", "1Y"), ("snugglebury", "1G")])
            .steps(vec![
                asks(0, &["player P1", "player P2", "player P3"]),
                Do(0, "player P2"),
                // P2 picks the colours.
                asks(1, &PICKS),
                Refused(
                    0,
                    "pick red",
                    "it is not your decision now: P2, for P1's Referendum: pick the colour their home gains (2 to \
                     pick) [WOOB-RULING-3]",
                ),
                Do(1, "pick blue"),
                Do(1, "pick blue"),
            ])
            .told(&["P1 chooses P2", "P2's home gains 1B", "P2's home gains 1B"])
            .homes_after(&["1R 0Y 0G 0B 0A @Cheeseport", "0R 1Y 0G 2B 0A @Oceana", "0R 0Y 1G 0B 0A @Snugglebury"]),
        // WOOB-PLAY-3 (clockwise from the card's player) and WOOB-SUP-2 (until the pile runs dry).
        row(300, "")
            .text("Every home gains 1R. Your home gains 1R.")
            .homes(&[("oceana", "1R"), ("woobania", "1Y")])
            .told(&["P1's home gains 1R", "P2's home gains 1R", "P1's home gains 1R"])
            .homes_after(&["3R 0Y 0G 0B 0A @Oceana", "1R 1Y 0G 0B 0A @Woobania"]),
        // Two red left, P2 plays: P2, then P3, get one each; P1 and P2's second are too late.
        row(300, "two red left, P2 plays")
            .homes(&[("oceana", "12R"), ("woobania", "1R"), ("snugglebury", "10R")])
            .active(1)
            .told(&[
                "P2's home gains 1R",
                "P3's home gains 1R",
                "the pile has run dry of red support",
                "the pile has run dry of red support",
            ])
            .homes_after(&["12R 0Y 0G 0B 0A @Oceana", "2R 0Y 0G 0B 0A @Woobania", "11R 0Y 0G 0B 0A @Snugglebury"]),
        // Coastal (touching water) or not.
        row(310, "a coastal home")
            .text("If your home is coastal, it gains 3Y. Otherwise, it gains 1Y.")
            .homes(&[("cheeseport", "1Y"), ("snugglebury", "1R")])
            .told(&["P1's home gains 3Y"])
            .homes_after(&["0R 4Y 0G 0B 0A @Cheeseport", "1R 0Y 0G 0B 0A @Snugglebury"]),
        row(310, "an inland home")
            .homes(&[("woobania", "1Y"), ("snugglebury", "1R")])
            .told(&["P1's home gains 1Y"])
            .homes_after(&["0R 2Y 0G 0B 0A @Woobania", "1R 0Y 0G 0B 0A @Snugglebury"]),
        // Moving support between homes, then a gain (WOOB-PLAY-2).
        row(350, "")
            .text("Choose another player. Move 2R from their home to yours. Your home gains 1R.")
            .homes(&[("cheeseport", "1R"), ("oceana", "3R 1Y"), ("snugglebury", "1R")])
            .steps(vec![asks(0, &["player P2", "player P3"]), Do(0, "player P2")])
            .told(&["P1 chooses P2", "2R moves from P2's home to P1's home", "P1's home gains 1R"])
            .homes_after(&["4R 0Y 0G 0B 0A @Cheeseport", "1R 1Y 0G 0B 0A @Oceana", "1R 0Y 0G 0B 0A @Snugglebury"]),
        // WOOB-MAP-3 (homes in or bordering the coastal area: an inland home too), WOOB-PLAY-3. Woobania is
        // inland, so it cannot be chosen.
        row(360, "")
            .text("Choose a coastal area. Every home neighbouring it gains 1B. Your home gains 1B.")
            .homes(&[("woobania", "1B"), ("doom-grove", "1R"), ("cheeseport", "1Y"), ("snugglebury", "1G")])
            .steps(vec![asks_areas(0, &COASTAL), Do(0, "area doom-grove")])
            .told(&[
                "P1 chooses Doom Grove",
                "P1's home gains 1B",
                "P2's home gains 1B",
                "P3's home gains 1B",
                "P1's home gains 1B",
            ])
            .homes_after(&[
                "0R 0Y 0G 3B 0A @Woobania",
                "1R 0Y 0G 1B 0A @Doom Grove",
                "0R 1Y 0G 1B 0A @Cheeseport",
                "0R 0Y 1G 0B 0A @Snugglebury",
            ]),
        // Inland (touching no water) or not.
        row(395, "an inland home")
            .text("If your home is inland, it gains 3G. Otherwise, it gains 1G and you remove 1 Anarch from it.")
            .homes(&[("woobania", "1G 1A"), ("snugglebury", "1Y")])
            .told(&["P1's home gains 3G"])
            .homes_after(&["0R 0Y 4G 0B 1A @Woobania", "0R 1Y 0G 0B 0A @Snugglebury"]),
        row(395, "a coastal home")
            .homes(&[("cheeseport", "1G 2A"), ("snugglebury", "1Y")])
            .told(&["P1's home gains 1G", "1A removed from Cheeseport"])
            .homes_after(&["0R 0Y 2G 0B 1A @Cheeseport", "0R 1Y 0G 0B 0A @Snugglebury"])
            .anarchs_after(&["Cheeseport: 1A"]),
        // Moving support both ways between two homes (WOOB-PLAY-2).
        row(415, "")
            .text("Choose another player. Move 1A from your home to theirs. Move 1B from their home to yours.")
            .homes(&[("cheeseport", "1B 2A"), ("oceana", "2B"), ("snugglebury", "1B")])
            .steps(vec![Do(0, "player P2")])
            .told(&["P1 chooses P2", "1A moves from P1's home to P2's home", "1B moves from P2's home to P1's home"])
            .homes_after(&["0R 0Y 0G 2B 1A @Cheeseport", "0R 0Y 0G 1B 1A @Oceana", "0R 0Y 0G 1B 0A @Snugglebury"])
            .anarchs_after(&["Cheeseport: 1A", "Oceana: 1A"]),
        // WOOB-PLAY-3 ("every other home", clockwise), a loss as far as the home has it.
        row(425, "")
            .text("Every other home loses 1Y. Your home gains 1Y.")
            .homes(&[("cheeseport", "1Y"), ("oceana", "2Y"), ("snugglebury", "1R")])
            .told(&["P2's home loses 1Y", "P1's home gains 1Y"])
            .homes_after(&["0R 2Y 0G 0B 0A @Cheeseport", "0R 1Y 0G 0B 0A @Oceana", "1R 0Y 0G 0B 0A @Snugglebury"]),
        // WOOB-RULING-2 (one other player: chosen for you), WOOB-SUP-4 (coloured support only: the
        // Anarch stays), WOOB-RULING-3 (the player picks).
        row(435, "")
            .text(
                "Choose another player. Move 2 coloured support from your home to theirs (you choose which). Your \
                 home gains 3 support of any colour.",
            )
            .homes(&[("cheeseport", "2R 1G 1A"), ("oceana", "1Y")])
            .steps(vec![
                asks(0, &["pick red", "pick green"]),
                Do(0, "pick red"),
                asks(0, &["pick red", "pick green"]),
                Do(0, "pick green"),
                Do(0, "pick blue"),
                Do(0, "pick blue"),
                Do(0, "pick blue"),
            ])
            .told(&[
                "P1 chooses P2",
                "1R moves from P1's home to P2's home",
                "1G moves from P1's home to P2's home",
                "P1's home gains 1B",
                "P1's home gains 1B",
                "P1's home gains 1B",
            ])
            .homes_after(&["1R 0Y 0G 3B 1A @Cheeseport", "1R 1Y 1G 0B 0A @Oceana"]),
        // WOOB-RULING-3 (the card's player picks which), WOOB-SUP-4 (coloured: never the Anarchs).
        row(490, "")
            .text("Choose another player. Move 2 coloured support from their home to yours (you choose which).")
            .homes(&[("cheeseport", "1R"), ("oceana", "1R 2Y 1B 2A"), ("snugglebury", "1G")])
            .steps(vec![
                Do(0, "player P2"),
                asks(0, &["pick red", "pick yellow", "pick blue"]),
                Do(0, "pick blue"),
                asks(0, &["pick red", "pick yellow"]),
                Do(0, "pick yellow"),
            ])
            .told(&["P1 chooses P2", "1B moves from P2's home to P1's home", "1Y moves from P2's home to P1's home"])
            .homes_after(&["1R 1Y 0G 1B 0A @Cheeseport", "1R 1Y 0G 0B 2A @Oceana", "0R 0Y 1G 0B 0A @Snugglebury"]),
        // If / otherwise on the green at home.
        row(500, "3G")
            .text("If your home has at least 3 green support, it gains 3G. Otherwise, it gains 1G.")
            .homes(&[("woobania", "3G"), ("snugglebury", "1Y")])
            .told(&["P1's home gains 3G"])
            .homes_after(&["0R 0Y 6G 0B 0A @Woobania", "0R 1Y 0G 0B 0A @Snugglebury"]),
        row(500, "2G")
            .homes(&[("woobania", "2G"), ("snugglebury", "1Y")])
            .told(&["P1's home gains 1G"])
            .homes_after(&["0R 0Y 3G 0B 0A @Woobania", "0R 1Y 0G 0B 0A @Snugglebury"]),
        // WOOB-MAP-3 ("every home neighbouring yours (yours too)"), WOOB-PLAY-3.
        row(520, "")
            .text(
                "Choose a colour. Your home and every home bordering it lose 1 support of that colour. Your home \
                 gains 2R.",
            )
            .homes(&[("woobania", "1R 2B"), ("oceana", "1B"), ("snugglebury", "3B")])
            .steps(vec![Do(0, "colour blue")])
            .told(&["P1 chooses blue", "P1's home loses 1B", "P2's home loses 1B", "P1's home gains 2R"])
            .homes_after(&["3R 0Y 0G 1B 0A @Woobania", "0R 0Y 0G 0B 0A @Oceana", "0R 0Y 0G 3B 0A @Snugglebury"]),
        // "-1 of each colour": as far as the home has each; Anarchs untouched (WOOB-SUP-4).
        row(600, "")
            .text("Choose another player. Their home loses 1 support of each colour.")
            .homes(&[("cheeseport", "1R"), ("oceana", "2R 1Y 3B 2A")])
            .told(&["P1 chooses P2", "P2's home loses 1R", "P2's home loses 1Y", "P2's home loses 1B"])
            .homes_after(&["1R 0Y 0G 0B 0A @Cheeseport", "1R 0Y 0G 2B 2A @Oceana"]),
        // WOOB-MAP-3 (an area neighbouring your home); half of one colour, rounding the loss down.
        row(685, "")
            .text(
                "Choose an area neighbouring your home. Choose a colour. The home in that area, if any, loses half \
                 of its support of that colour (rounded down).",
            )
            .homes(&[("oceana", "1Y"), ("woobania", "2R 5B")])
            .steps(vec![
                asks_areas(
                    0,
                    &["margaritaville", "oceana", "cocoa-cliffs", "woobania", "pillow-peaks", "coldish-ocean"],
                ),
                Do(0, "area woobania"),
                Do(0, "colour blue"),
            ])
            .told(&["P1 chooses Woobania", "P1 chooses blue", "P2's home loses 2B"])
            .homes_after(&["0R 1Y 0G 0B 0A @Oceana", "2R 0Y 0G 3B 0A @Woobania"]),
        // If / otherwise on the blue at home.
        row(700, "6B")
            .text("If your home has at least 6 blue support, it gains 4B. Otherwise, it gains 1B.")
            .homes(&[("oceana", "6B"), ("woobania", "1Y")])
            .told(&["P1's home gains 4B"])
            .homes_after(&["0R 0Y 0G 10B 0A @Oceana", "0R 1Y 0G 0B 0A @Woobania"]),
        row(700, "5B")
            .homes(&[("oceana", "5B"), ("woobania", "1Y")])
            .told(&["P1's home gains 1B"])
            .homes_after(&["0R 0Y 0G 6B 0A @Oceana", "0R 1Y 0G 0B 0A @Woobania"]),
        // WOOB-SUP-4 (the player picks four colours), then two Anarchs at home.
        row(760, "")
            .text("Your home gains 4 support of any colour. Place 2 Anarchs in your home.")
            .homes(&[("cheeseport", "1R"), ("oceana", "1Y")])
            .steps(vec![Do(0, "pick red"), Do(0, "pick red"), Do(0, "pick blue"), Do(0, "pick blue")])
            .told(&[
                "P1's home gains 1R",
                "P1's home gains 1R",
                "P1's home gains 1B",
                "P1's home gains 1B",
                "2A placed in Cheeseport",
            ])
            .homes_after(&["3R 0Y 0G 2B 2A @Cheeseport", "0R 1Y 0G 0B 0A @Oceana"])
            .anarchs_after(&["Cheeseport: 2A"]),
    ]);
}
