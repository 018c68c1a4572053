//! OR cards: the player chooses one branch and the others are ignored; each branch's choices are made
//! when it is reached (WOOB-PLAY-2). One row per branch.

use super::*;

#[test]
fn or_cards() {
    run(vec![
        // WOOB-PLAY-2 (an OR card: one branch), WOOB-RULING-2 (one environment to discard: chosen for you).
        row(95, "option 1")
            .text(
                "Your home gains 2Y and loses 1A. OR Discard an environment in play (not a Mount Saint Woobie) and \
                 your home gains 1Y.",
            )
            .homes(&[("cheeseport", "1Y 2A"), ("oceana", "1R")])
            .in_play(&[(175, 1), (820, 1)])
            .steps(vec![asks(0, &["option 1", "option 2"]), Do(0, "option 1")])
            .told(&[
                "P1 chooses option 1: \"Your home gains 2Y and loses 1A.\"",
                "P1's home gains 2Y",
                "P1's home loses 1A",
            ])
            .homes_after(&["0R 3Y 0G 0B 1A @Cheeseport", "1R 0Y 0G 0B 0A @Oceana"])
            .anarchs_after(&["Cheeseport: 1A"])
            .environments_after(&["Red Tape (P2)", "Mount Saint Woobie (P2)"]),
        row(95, "option 2")
            .homes(&[("cheeseport", "1Y 2A"), ("oceana", "1R")])
            .in_play(&[(175, 1), (820, 1)])
            .steps(vec![Do(0, "option 2")])
            .told(&[
                "P1 chooses option 2: \"Discard an environment in play (not a Mount Saint Woobie) and your home gains \
                 1Y.\"",
                "Red Tape leaves play",
                "P1's home gains 1Y",
            ])
            .homes_after(&["0R 2Y 0G 0B 2A @Cheeseport", "1R 0Y 0G 0B 0A @Oceana"])
            .environments_after(&["Mount Saint Woobie (P2)"])
            .discarded(&["Red Tape"]),
        // WOOB-PLAY-2 (an OR card with three branches; each branch's choices are made when reached).
        row(140, "option 1")
            .text(
                "Your home gains 2R. OR Choose an industry, then remove it. OR Choose another player, then place 1 \
                 Anarch in their home.",
            )
            .homes(&[("woobania", "1R"), ("oceana", "1Y"), ("fuzzy-hollow", "1G")])
            .industries(&[("oceana", "1Y"), ("snugglebury", "1B")])
            .steps(vec![asks(0, &["option 1", "option 2", "option 3"]), Do(0, "option 1")])
            .told(&["P1 chooses option 1: \"Your home gains 2R.\"", "P1's home gains 2R"])
            .homes_after(&["3R 0Y 0G 0B 0A @Woobania", "0R 1Y 0G 0B 0A @Oceana", "0R 0Y 1G 0B 0A @Fuzzy Hollow"])
            .industries_after(&["Oceana: 1Y", "Snugglebury: 1B"]),
        row(140, "option 2")
            .homes(&[("woobania", "1R"), ("oceana", "1Y"), ("fuzzy-hollow", "1G")])
            .industries(&[("oceana", "1Y"), ("snugglebury", "1B")])
            .steps(vec![
                Do(0, "option 2"),
                asks(0, &["choose yellow industry oceana", "choose blue industry snugglebury"]),
                Do(0, "choose yellow industry oceana"),
            ])
            .told(&[
                "P1 chooses option 2: \"Choose an industry, then remove it.\"",
                "P1 chooses the yellow industry in Oceana",
                "the yellow industry in Oceana is removed",
            ])
            .homes_after(&["1R 0Y 0G 0B 0A @Woobania", "0R 1Y 0G 0B 0A @Oceana", "0R 0Y 1G 0B 0A @Fuzzy Hollow"])
            .industries_after(&["Snugglebury: 1B"]),
        row(140, "option 3")
            .homes(&[("woobania", "1R"), ("oceana", "1Y"), ("fuzzy-hollow", "1G")])
            .industries(&[("oceana", "1Y"), ("snugglebury", "1B")])
            .steps(vec![Do(0, "option 3"), asks(0, &["player P2", "player P3"]), Do(0, "player P2")])
            .told(&[
                "P1 chooses option 3: \"Choose another player, then place 1 Anarch in their home.\"",
                "P1 chooses P2",
                "1A placed in Oceana",
            ])
            .homes_after(&["1R 0Y 0G 0B 0A @Woobania", "0R 1Y 0G 0B 1A @Oceana", "0R 0Y 1G 0B 0A @Fuzzy Hollow"])
            .anarchs_after(&["Oceana: 1A"]),
        // WOOB-PLAY-2 (four branches), WOOB-MAP-3 ("every home neighbouring yours (yours too)": Snugglebury
        // does not neighbour Woobania), half of the Anarchs rounding down.
        row(215, "option 1")
            .text(
                "Your home gains 2G. OR Choose a land area, then place a green industry there. OR Your home and \
                 every home bordering it gain 1G. OR Remove half the Anarchs (rounded down) from your home and it \
                 gains 1G.",
            )
            .homes(&[("woobania", "1G 3A"), ("oceana", "1R"), ("snugglebury", "1B")])
            .steps(vec![asks(0, &["option 1", "option 2", "option 3", "option 4"]), Do(0, "option 1")])
            .told(&["P1 chooses option 1: \"Your home gains 2G.\"", "P1's home gains 2G"])
            .homes_after(&["0R 0Y 3G 0B 3A @Woobania", "1R 0Y 0G 0B 0A @Oceana", "0R 0Y 0G 1B 0A @Snugglebury"]),
        row(215, "option 2")
            .homes(&[("woobania", "1G 3A"), ("oceana", "1R"), ("snugglebury", "1B")])
            .steps(vec![Do(0, "option 2"), asks_areas(0, &LAND), Do(0, "area pillow-peaks")])
            .told(&[
                "P1 chooses option 2: \"Choose a land area, then place a green industry there.\"",
                "P1 chooses Pillow Peaks",
                "a green industry is placed in Pillow Peaks",
            ])
            .homes_after(&["0R 0Y 1G 0B 3A @Woobania", "1R 0Y 0G 0B 0A @Oceana", "0R 0Y 0G 1B 0A @Snugglebury"])
            .industries_after(&["Pillow Peaks: 1G"]),
        row(215, "option 3")
            .homes(&[("woobania", "1G 3A"), ("oceana", "1R"), ("snugglebury", "1B")])
            .steps(vec![Do(0, "option 3")])
            .told(&[
                "P1 chooses option 3: \"Your home and every home bordering it gain 1G.\"",
                "P1's home gains 1G",
                "P2's home gains 1G",
            ])
            .homes_after(&["0R 0Y 2G 0B 3A @Woobania", "1R 0Y 1G 0B 0A @Oceana", "0R 0Y 0G 1B 0A @Snugglebury"]),
        row(215, "option 4")
            .homes(&[("woobania", "1G 3A"), ("oceana", "1R"), ("snugglebury", "1B")])
            .steps(vec![Do(0, "option 4")])
            .told(&[
                "P1 chooses option 4: \"Remove half the Anarchs (rounded down) from your home and it gains 1G.\"",
                "1A removed from Woobania",
                "P1's home gains 1G",
            ])
            .homes_after(&["0R 0Y 2G 0B 2A @Woobania", "1R 0Y 0G 0B 0A @Oceana", "0R 0Y 0G 1B 0A @Snugglebury"])
            .anarchs_after(&["Woobania: 2A"]),
        // WOOB-SUP-4 ("half of all support": Anarchs included, the owner picks, rounding the loss down:
        // 7 pieces, 3 lost), WOOB-PLAY-2 (OR).
        row(270, "option 1")
            .text(
                "Your home loses half of all its support (rounded down; you choose which) and gains 1 support of \
                 each colour. OR Your home gains 2 support of any colour.",
            )
            .homes(&[("cheeseport", "3R 1Y 3A"), ("oceana", "1Y")])
            .steps(vec![
                Do(0, "option 1"),
                asks(0, &["pick red", "pick yellow", "pick anarch"]),
                Do(0, "pick anarch"),
                Do(0, "pick anarch"),
                Do(0, "pick anarch"),
            ])
            .told(&[
                "P1 chooses option 1: \"Your home loses half of all its support (rounded down; you choose which) and \
                 gains 1 support of each colour.\"",
                "P1's home loses 1A",
                "P1's home loses 1A",
                "P1's home loses 1A",
                "P1's home gains 1R",
                "P1's home gains 1Y",
                "P1's home gains 1G",
                "P1's home gains 1B",
            ])
            .homes_after(&["4R 2Y 1G 1B 0A @Cheeseport", "0R 1Y 0G 0B 0A @Oceana"])
            .anarchs_after(&[]),
        row(270, "option 2")
            .homes(&[("cheeseport", "3R 1Y 3A"), ("oceana", "1Y")])
            .steps(vec![Do(0, "option 2"), Do(0, "pick green"), Do(0, "pick green")])
            .told(&[
                "P1 chooses option 2: \"Your home gains 2 support of any colour.\"",
                "P1's home gains 1G",
                "P1's home gains 1G",
            ])
            .homes_after(&["3R 1Y 2G 0B 3A @Cheeseport", "0R 1Y 0G 0B 0A @Oceana"]),
        // WOOB-PLAY-2 (the colour is chosen before the OR), WOOB-PLAY-3 ("every other home", clockwise;
        // a home without that colour loses nothing).
        row(320, "option 1")
            .text(
                "Choose a colour. Then either your home gains 2 support of that colour, OR every other home loses 1 \
                 support of that colour.",
            )
            .homes(&[("oceana", "1R"), ("woobania", "2G"), ("snugglebury", "1R 1G")])
            .steps(vec![
                asks(0, &COLOURS),
                Do(0, "colour green"),
                asks(0, &["option 1", "option 2"]),
                Do(0, "option 1"),
            ])
            .told(&[
                "P1 chooses green",
                "P1 chooses option 1: \"Your home gains 2 support of that colour.\"",
                "P1's home gains 2G",
            ])
            .homes_after(&["1R 0Y 2G 0B 0A @Oceana", "0R 0Y 2G 0B 0A @Woobania", "1R 0Y 1G 0B 0A @Snugglebury"]),
        row(320, "option 2")
            .homes(&[("oceana", "1R"), ("woobania", "2G"), ("snugglebury", "1R 1G")])
            .steps(vec![Do(0, "colour green"), Do(0, "option 2")])
            .told(&[
                "P1 chooses green",
                "P1 chooses option 2: \"Every other home loses 1 support of that colour.\"",
                "P2's home loses 1G",
                "P3's home loses 1G",
            ])
            .homes_after(&["1R 0Y 0G 0B 0A @Oceana", "0R 0Y 1G 0B 0A @Woobania", "1R 0Y 0G 0B 0A @Snugglebury"]),
        // WOOB-PLAY-2 (OR).
        row(560, "option 1")
            .text(
                "Your home gains 1 support of each colour. OR Choose another player, then place 2 Anarchs in their \
                 home.",
            )
            .homes(&[("cheeseport", "1R"), ("oceana", "1Y"), ("snugglebury", "1G")])
            .steps(vec![Do(0, "option 1")])
            .told(&[
                "P1 chooses option 1: \"Your home gains 1 support of each colour.\"",
                "P1's home gains 1R",
                "P1's home gains 1Y",
                "P1's home gains 1G",
                "P1's home gains 1B",
            ])
            .homes_after(&["2R 1Y 1G 1B 0A @Cheeseport", "0R 1Y 0G 0B 0A @Oceana", "0R 0Y 1G 0B 0A @Snugglebury"]),
        row(560, "option 2")
            .homes(&[("cheeseport", "1R"), ("oceana", "1Y"), ("snugglebury", "1G")])
            .steps(vec![Do(0, "option 2"), asks(0, &["player P2", "player P3"]), Do(0, "player P3")])
            .told(&[
                "P1 chooses option 2: \"Choose another player, then place 2 Anarchs in their home.\"",
                "P1 chooses P3",
                "2A placed in Snugglebury",
            ])
            .homes_after(&["1R 0Y 0G 0B 0A @Cheeseport", "0R 1Y 0G 0B 0A @Oceana", "0R 0Y 1G 0B 2A @Snugglebury"])
            .anarchs_after(&["Snugglebury: 2A"]),
        // WOOB-PLAY-2 (OR), per industry removed, the player picking the colours (WOOB-SUP-4).
        row(715, "option 1")
            .text(
                "Remove all industries from your home and your home gains 2 support of any colour for each \
                 industry removed. OR Your home gains 1 support of any colour.",
            )
            .homes(&[("woobania", "1R"), ("snugglebury", "1Y")])
            .industries(&[("woobania", "1Y 1B"), ("oceana", "1G")])
            .steps(vec![
                Do(0, "option 1"),
                Do(0, "pick red"),
                Do(0, "pick red"),
                Do(0, "pick green"),
                Do(0, "pick green"),
            ])
            .told(&[
                "P1 chooses option 1: \"Remove all industries from your home and your home gains 2 support of any \
                 colour for each industry removed.\"",
                "the yellow industry in Woobania is removed",
                "the blue industry in Woobania is removed",
                "P1's home gains 1R",
                "P1's home gains 1R",
                "P1's home gains 1G",
                "P1's home gains 1G",
            ])
            .homes_after(&["3R 0Y 2G 0B 0A @Woobania", "0R 1Y 0G 0B 0A @Snugglebury"])
            .industries_after(&["Oceana: 1G"]),
        row(715, "option 2")
            .homes(&[("woobania", "1R"), ("snugglebury", "1Y")])
            .industries(&[("woobania", "1Y 1B"), ("oceana", "1G")])
            .steps(vec![Do(0, "option 2"), Do(0, "pick blue")])
            .told(&["P1 chooses option 2: \"Your home gains 1 support of any colour.\"", "P1's home gains 1B"])
            .homes_after(&["1R 0Y 0G 1B 0A @Woobania", "0R 1Y 0G 0B 0A @Snugglebury"])
            .industries_after(&["Oceana: 1G", "Woobania: 1Y 1B"]),
    ]);
}
