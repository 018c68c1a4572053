//! Cards that pay support for the industries around a home or an area (WOOB-MAP-3: neighbouring
//! includes the area itself, water included), homes clockwise from the card's player (WOOB-PLAY-3).

use super::*;

#[test]
fn cards_paying_by_industries() {
    run(vec![
        // WOOB-MAP-3 (industries in the home, in bordering land and water; several in one area count
        // each).
        row(255, "")
            .text("Your home gains 1R, plus 1R for each industry neighbouring it.")
            .homes(&[("doom-grove", "1R"), ("oceana", "1Y")])
            .industries(&[("doom-grove", "1B"), ("sea-of-despair", "1G"), ("woobania", "2Y"), ("oceana", "1R")])
            .told(&["P1's home gains 1R", "P1's home gains 4R"])
            .homes_after(&["6R 0Y 0G 0B 0A @Doom Grove", "0R 1Y 0G 0B 0A @Oceana"]),
        // WOOB-MAP-3 (industries in or next to your home), WOOB-PLAY-2 (if/otherwise).
        row(280, "industries near")
            .text(
                "If your home neighbours an industry, choose an industry neighbouring it and your home gains 2 \
                 support of that industry's colour. Otherwise, your home gains 2G.",
            )
            .homes(&[("woobania", "1G"), ("cheeseport", "1Y")])
            .industries(&[("oceana", "1B"), ("sulfer-springs", "1R"), ("snugglebury", "1Y")])
            .steps(vec![
                asks(0, &["choose blue industry oceana", "choose red industry sulfer-springs"]),
                Do(0, "choose blue industry oceana"),
            ])
            .told(&["P1 chooses the blue industry in Oceana", "P1's home gains 2B"])
            .homes_after(&["0R 0Y 1G 2B 0A @Woobania", "0R 1Y 0G 0B 0A @Cheeseport"])
            .industries_after(&["Oceana: 1B", "Snugglebury: 1Y", "Sulfer Springs: 1R"]),
        row(280, "no industry near")
            .homes(&[("woobania", "1G"), ("cheeseport", "1Y")])
            .industries(&[("snugglebury", "1Y")])
            .told(&["P1's home gains 2G"])
            .homes_after(&["0R 0Y 3G 0B 0A @Woobania", "0R 1Y 0G 0B 0A @Cheeseport"]),
        // WOOB-MAP-3 (homes around the industry's area), WOOB-PLAY-3 (clockwise; the player's home gains
        // twice when it is one of them).
        row(290, "")
            .text("Choose a blue industry. Every home neighbouring it gains 1B. Your home gains 1B.")
            .homes(&[("oceana", "1B"), ("woobania", "1R"), ("cheeseport", "1Y")])
            .industries(&[("margaritaville", "1B"), ("snugglebury", "1B"), ("doom-grove", "1R")])
            .steps(vec![
                asks(0, &["choose blue industry margaritaville", "choose blue industry snugglebury"]),
                Do(0, "choose blue industry margaritaville"),
            ])
            .told(&[
                "P1 chooses the blue industry in Margaritaville",
                "P1's home gains 1B",
                "P2's home gains 1B",
                "P3's home gains 1B",
                "P1's home gains 1B",
            ])
            .homes_after(&["0R 0Y 0G 3B 0A @Oceana", "1R 0Y 0G 1B 0A @Woobania", "0R 1Y 0G 1B 0A @Cheeseport"]),
        // WOOB-MAP-3 (homes around an area with a yellow industry, water included).
        row(375, "")
            .text("Choose an area with a yellow industry. Every home neighbouring it gains 2Y.")
            .homes(&[("oceana", "1Y"), ("cocoa-cliffs", "1R"), ("doom-grove", "1B")])
            .industries(&[("pillow-peaks", "1Y"), ("sea-of-dreams", "1Y"), ("margaritaville", "1R")])
            .steps(vec![asks_areas(0, &["pillow-peaks", "sea-of-dreams"]), Do(0, "area pillow-peaks")])
            .told(&["P1 chooses Pillow Peaks", "P1's home gains 2Y", "P2's home gains 2Y"])
            .homes_after(&["0R 3Y 0G 0B 0A @Oceana", "1R 2Y 0G 0B 0A @Cocoa Cliffs", "0R 0Y 0G 1B 0A @Doom Grove"]),
        // WOOB-MAP-3 (industries in or bordering the chosen land area, water included).
        row(580, "")
            .text("Choose a land area. Your home gains 1Y for each industry neighbouring that area.")
            .homes(&[("cheeseport", "1Y"), ("woobania", "1R")])
            .industries(&[
                ("pillow-peaks", "1R"),
                ("oceana", "1G 1B"),
                ("snugglebury", "1Y"),
                ("prismatic-ocean", "1B"),
                ("sea-of-dreams", "1B"),
            ])
            .steps(vec![asks_areas(0, &LAND), Do(0, "area cocoa-cliffs")])
            .told(&["P1 chooses Cocoa Cliffs", "P1's home gains 5Y"])
            .homes_after(&["0R 6Y 0G 0B 0A @Cheeseport", "1R 0Y 0G 0B 0A @Woobania"]),
    ]);
}
