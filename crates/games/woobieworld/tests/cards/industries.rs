//! Cards that place or move industries (where they may go, and what placing one pays).

use super::*;

/// The areas bordering Woobania, where an industry there may move.
const WOOBANIA_BORDERS: [&str; 6] =
    ["margaritaville", "oceana", "doom-grove", "pillow-peaks", "sulfer-springs", "mount-saint-woobie"];

#[test]
fn industry_cards() {
    run(vec![
        // WOOB-MAP-3 (the destination neighbours the industry's area; moving means leaving it):
        // Snugglebury does not border Woobania.
        row(70, "")
            .text("Choose an industry. Move it to a bordering area. Your home gains 1Y.")
            .homes(&[("cheeseport", "1Y"), ("snugglebury", "1R")])
            .industries(&[("woobania", "1R"), ("snugglebury", "1B")])
            .steps(vec![
                asks(0, &["choose red industry woobania", "choose blue industry snugglebury"]),
                Do(0, "choose red industry woobania"),
                asks_areas(0, &WOOBANIA_BORDERS),
                Do(0, "area doom-grove"),
            ])
            .told(&[
                "P1 chooses the red industry in Woobania",
                "the red industry moves from Woobania to Doom Grove",
                "P1's home gains 1Y",
            ])
            .homes_after(&["0R 2Y 0G 0B 0A @Cheeseport", "1R 0Y 0G 0B 0A @Snugglebury"])
            .industries_after(&["Doom Grove: 1R", "Snugglebury: 1B"]),
        // WOOB-MAP-3: "an area neighbouring the chosen one" includes the chosen area itself (as it does for
        // Bolt from the Peaks' identical choice), which alone would let the player leave the industry
        // where it is and still take +1Y. WOOB-RULING-12: moving an industry always takes it to another
        // area (WOOB-MAP-3 would otherwise let "an area neighbouring the chosen one" be its own).
        row(70, "WOOB-RULING-12: a move goes elsewhere")
            .homes(&[("cheeseport", "1Y"), ("snugglebury", "1R")])
            .industries(&[("woobania", "1R")])
            .steps(vec![
                asks_areas(0, &WOOBANIA_BORDERS),
                // Not its own area.
                Refused(
                    0,
                    "area woobania",
                    "that is not one of the possibilities: Trade Winds asks you to choose an area [WOOB-PLAY-2]",
                ),
                Do(0, "area oceana"),
            ])
            .told(&[
                "P1 chooses the red industry in Woobania",
                "the red industry moves from Woobania to Oceana",
                "P1's home gains 1Y",
            ])
            .homes_after(&["0R 2Y 0G 0B 0A @Cheeseport", "1R 0Y 0G 0B 0A @Snugglebury"])
            .industries_after(&["Oceana: 1R"]),
        // WOOB-PLAY-2, WOOB-SUP-4 (+1 of any colour: the player picks); any area but its own.
        row(150, "")
            .text("Choose an industry. Move it to any other area. Your home gains 1 support of any colour.")
            .homes(&[("cheeseport", "1R"), ("oceana", "1Y")])
            .industries(&[("snugglebury", "1G"), ("woobania", "1B")])
            .steps(vec![
                Do(0, "choose green industry snugglebury"),
                asks_areas(0, &everywhere_but(&["snugglebury"])),
                Do(0, "area sea-of-dreams"),
                Do(0, "pick yellow"),
            ])
            .told(&[
                "P1 chooses the green industry in Snugglebury",
                "the green industry moves from Snugglebury to Sea of Dreams",
                "P1's home gains 1Y",
            ])
            .homes_after(&["1R 1Y 0G 0B 0A @Cheeseport", "0R 1Y 0G 0B 0A @Oceana"])
            .industries_after(&["Woobania: 1B", "Sea of Dreams: 1G"]),
        // WOOB-RULING-2, found reading what cards ask: with no industry on the board there is nothing to
        // move, so nobody is asked where "the industry" moves (it used to be a choice of every area).
        row(150, "with no industry, asks nothing about moving it")
            .homes(&[("cheeseport", "1R"), ("oceana", "1Y")])
            .steps(vec![
                Question("P1 resolves Moving Day: pick the colour their home gains (1 to pick)"),
                asks(0, &PICKS),
                Do(0, "pick blue"),
            ])
            .told(&["there is nothing to choose, so that part has no effect", "P1's home gains 1B"])
            .homes_after(&["1R 0Y 0G 1B 0A @Cheeseport", "0R 1Y 0G 0B 0A @Oceana"]),
        // WOOB-RULING-2 (one industry: chosen for you), WOOB-PLAY-2.
        row(160, "")
            .text("Choose an industry. Move it to a body of water. Your home gains 1B.")
            .homes(&[("doom-grove", "1B"), ("oceana", "1Y")])
            .industries(&[("woobania", "1R")])
            .steps(vec![asks_areas(0, &WATERS), Do(0, "area sea-of-despair")])
            .told(&[
                "P1 chooses the red industry in Woobania",
                "the red industry moves from Woobania to Sea of Despair",
                "P1's home gains 1B",
            ])
            .homes_after(&["0R 0Y 0G 2B 0A @Doom Grove", "0R 1Y 0G 0B 0A @Oceana"])
            .industries_after(&["Sea of Despair: 1R"]),
        // WOOB-RULING-2 (one kind of industry to choose), WOOB-PLAY-2: the destination is land nobody
        // calls home.
        row(170, "")
            .text("Choose an industry. Move it to a land area that is nobody's home. Your home gains 1G.")
            .homes(&[("woobania", "1G"), ("oceana", "1R")])
            .industries(&[("woobania", "2Y")])
            .steps(vec![asks_areas(0, &land_but(&["woobania", "oceana"])), Do(0, "area pillow-peaks")])
            .told(&[
                "P1 chooses the yellow industry in Woobania",
                "the yellow industry moves from Woobania to Pillow Peaks",
                "P1's home gains 1G",
            ])
            .homes_after(&["0R 0Y 2G 0B 0A @Woobania", "1R 0Y 0G 0B 0A @Oceana"])
            .industries_after(&["Woobania: 1Y", "Pillow Peaks: 1Y"]),
        // WOOB-SUP-2 (a colour with no industry left cannot be placed: every red industry is in use),
        // WOOB-MAP-3, WOOB-PLAY-3.
        row(235, "")
            .text(
                "Choose a land area. Place an industry of any colour there. Every home neighbouring it gains 1 \
                 support of that industry's colour.",
            )
            .homes(&[("doom-grove", "1B"), ("woobania", "1Y"), ("snugglebury", "1G")])
            .industries(&[("snugglebury", "3R")])
            .steps(vec![
                asks_areas(0, &LAND),
                Do(0, "area margaritaville"),
                asks(0, &["colour yellow", "colour green", "colour blue"]),
                Do(0, "colour yellow"),
            ])
            .told(&[
                "P1 chooses Margaritaville",
                "a yellow industry is placed in Margaritaville",
                "P1's home gains 1Y",
                "P2's home gains 1Y",
            ])
            .homes_after(&["0R 1Y 0G 1B 0A @Doom Grove", "0R 2Y 0G 0B 0A @Woobania", "0R 0Y 1G 0B 0A @Snugglebury"])
            .industries_after(&["Margaritaville: 1Y", "Snugglebury: 3R"]),
        // Only blue industries left: the colour is not asked (WOOB-RULING-2).
        row(235, "only blue industries left")
            .homes(&[("doom-grove", "1B"), ("woobania", "1Y"), ("snugglebury", "1G")])
            .industries(&[("snugglebury", "3R 3Y"), ("sea-of-dreams", "3G 1B")])
            .steps(vec![Do(0, "area sulfer-springs")])
            .told(&[
                "P1 chooses Sulfer Springs",
                "a blue industry is placed in Sulfer Springs",
                "P1's home gains 1B",
                "P2's home gains 1B",
            ])
            .homes_after(&["0R 0Y 0G 2B 0A @Doom Grove", "0R 1Y 0G 1B 0A @Woobania", "0R 0Y 1G 0B 0A @Snugglebury"])
            .industries_after(&["Snugglebury: 3R 3Y", "Sulfer Springs: 1B", "Sea of Dreams: 3G 1B"]),
        // WOOB-MAP-3, WOOB-PLAY-3, WOOB-PLAY-4 / WOOB-SUP-2 (no yellow industry left: nothing placed, so
        // there is no "that industry" and nobody gains).
        row(245, "")
            .text(
                "Choose a land area that is nobody's home. Place a yellow industry there. Every home neighbouring \
                 it gains 1Y.",
            )
            .homes(&[("cheeseport", "1Y"), ("doom-grove", "1R"), ("oceana", "1B")])
            .industries(&[("snugglebury", "1Y")])
            .steps(vec![
                asks_areas(0, &land_but(&["cheeseport", "doom-grove", "oceana"])),
                Do(0, "area margaritaville"),
            ])
            .told(&[
                "P1 chooses Margaritaville",
                "a yellow industry is placed in Margaritaville",
                "P1's home gains 1Y",
                "P2's home gains 1Y",
                "P3's home gains 1Y",
            ])
            .homes_after(&["0R 2Y 0G 0B 0A @Cheeseport", "1R 1Y 0G 0B 0A @Doom Grove", "0R 1Y 0G 1B 0A @Oceana"])
            .industries_after(&["Margaritaville: 1Y", "Snugglebury: 1Y"]),
        row(245, "no yellow industry left")
            .homes(&[("cheeseport", "1Y"), ("doom-grove", "1R"), ("oceana", "1B")])
            .industries(&[("snugglebury", "3Y")])
            .steps(vec![Do(0, "area margaritaville")])
            .told(&["P1 chooses Margaritaville"])
            .homes_after(&["0R 1Y 0G 0B 0A @Cheeseport", "1R 0Y 0G 0B 0A @Doom Grove", "0R 0Y 0G 1B 0A @Oceana"])
            .industries_after(&["Snugglebury: 3Y"]),
        // WOOB-MAP-3, WOOB-PLAY-2 (if/otherwise; the otherwise places an industry of the player's colour).
        row(385, "industries near")
            .text(
                "If your home neighbours an industry, choose an industry neighbouring it and your home gains 1 \
                 support of that industry's colour for each industry neighbouring it. Otherwise, place an \
                 industry of any colour in your home.",
            )
            .homes(&[("woobania", "1R"), ("snugglebury", "1Y")])
            .industries(&[("woobania", "1G"), ("oceana", "2B"), ("snugglebury", "1Y")])
            .steps(vec![
                asks(0, &["choose blue industry oceana", "choose green industry woobania"]),
                Do(0, "choose blue industry oceana"),
            ])
            .told(&["P1 chooses the blue industry in Oceana", "P1's home gains 3B"])
            .homes_after(&["1R 0Y 0G 3B 0A @Woobania", "0R 1Y 0G 0B 0A @Snugglebury"]),
        row(385, "no industry near")
            .homes(&[("cheeseport", "1R"), ("snugglebury", "1Y")])
            .industries(&[("snugglebury", "1Y")])
            .steps(vec![asks(0, &COLOURS), Do(0, "colour red")])
            .told(&["a red industry is placed in Cheeseport"])
            .homes_after(&["1R 0Y 0G 0B 0A @Cheeseport", "0R 1Y 0G 0B 0A @Snugglebury"])
            .industries_after(&["Cheeseport: 1R", "Snugglebury: 1Y"]),
        // The industry moves home; its colour is gained (WOOB-PLAY-2).
        row(470, "")
            .text(
                "Choose an industry. Move it to your home. Your home gains 1 support of that industry's colour and \
                 1Y.",
            )
            .homes(&[("cheeseport", "1Y"), ("oceana", "1R")])
            .industries(&[("snugglebury", "1G"), ("woobania", "1R")])
            .steps(vec![Do(0, "choose green industry snugglebury")])
            .told(&[
                "P1 chooses the green industry in Snugglebury",
                "the green industry moves from Snugglebury to Cheeseport",
                "P1's home gains 1G",
                "P1's home gains 1Y",
            ])
            .homes_after(&["0R 2Y 1G 0B 0A @Cheeseport", "1R 0Y 0G 0B 0A @Oceana"])
            .industries_after(&["Cheeseport: 1G", "Woobania: 1R"]),
        // An industry already at home stays there, and still pays.
        row(470, "an industry at home")
            .homes(&[("cheeseport", "1Y"), ("oceana", "1R")])
            .industries(&[("cheeseport", "1B")])
            .told(&["P1 chooses the blue industry in Cheeseport", "P1's home gains 1B", "P1's home gains 1Y"])
            .homes_after(&["0R 2Y 0G 1B 0A @Cheeseport", "1R 0Y 0G 0B 0A @Oceana"])
            .industries_after(&["Cheeseport: 1B"]),
        // A red industry in or next to your home, or one is built there.
        row(570, "a red industry near")
            .text("If your home neighbours a red industry, it gains 3R. Otherwise, place a red industry in your home.")
            .homes(&[("woobania", "1R"), ("snugglebury", "1Y")])
            .industries(&[("sulfer-springs", "1R")])
            .told(&["P1's home gains 3R"])
            .homes_after(&["4R 0Y 0G 0B 0A @Woobania", "0R 1Y 0G 0B 0A @Snugglebury"])
            .industries_after(&["Sulfer Springs: 1R"]),
        row(570, "no red industry near")
            .homes(&[("woobania", "1R"), ("snugglebury", "1Y")])
            .industries(&[("oceana", "1B")])
            .told(&["a red industry is placed in Woobania"])
            .homes_after(&["1R 0Y 0G 0B 0A @Woobania", "0R 1Y 0G 0B 0A @Snugglebury"])
            .industries_after(&["Oceana: 1B", "Woobania: 1R"]),
    ]);
}
