//! Cards that place, remove, move or count Anarchs, which may stand anywhere, land or water
//! (WOOB-SUP-3), and which "colour" effects never touch (WOOB-SUP-4).

use super::*;

#[test]
fn anarch_cards() {
    run(vec![
        // WOOB-SUP-4 (a gain "of any colour": the player picks; Anarchs are removed by count, per area).
        row(25, "")
            .text("Remove 1 Anarch from every area. Your home gains 1 support of any colour.")
            .homes(&[("oceana", "1R 2A"), ("doom-grove", "1Y 1A")])
            .anarchs(&[("woobania", "1A"), ("sea-of-dreams", "3A")])
            .steps(vec![Do(0, "pick yellow")])
            .told(&[
                "1A removed from Oceana",
                "1A removed from Doom Grove",
                "1A removed from Woobania",
                "1A removed from Sea of Dreams",
                "P1's home gains 1Y",
            ])
            .homes_after(&["1R 1Y 0G 0B 1A @Oceana", "0R 1Y 0G 0B 0A @Doom Grove"])
            .anarchs_after(&["Oceana: 1A", "Sea of Dreams: 2A"]),
        // WOOB-PLAY-1 (BLUE ACTION), WOOB-SUP-3 (Anarchs at sea): any body of water may be chosen; only the
        // chosen one is cleared.
        row(30, "")
            .text("Choose a body of water. Remove all Anarchs from it. Your home gains 1B.")
            .homes(&[("cheeseport", "1B 1A"), ("oceana", "1Y")])
            .anarchs(&[("coldish-ocean", "3A"), ("sea-of-despair", "2A")])
            .steps(vec![asks_areas(0, &WATERS), Do(0, "area coldish-ocean")])
            .told(&["P1 chooses Coldish Ocean", "3A removed from Coldish Ocean", "P1's home gains 1B"])
            .homes_after(&["0R 0Y 0G 2B 1A @Cheeseport", "0R 1Y 0G 0B 0A @Oceana"])
            .anarchs_after(&["Cheeseport: 1A", "Sea of Despair: 2A"]),
        // WOOB-PLAY-1 (GREEN ACTION), WOOB-PLAY-2 (if/otherwise).
        row(50, "4 Anarchs at home")
            .text(
                "If your home has at least 3 Anarchs, remove 3 Anarchs from it. Otherwise, remove 1 Anarch from \
                 your home and it gains 2G.",
            )
            .homes(&[("woobania", "1G 4A"), ("oceana", "1Y 2A")])
            .told(&["3A removed from Woobania"])
            .homes_after(&["0R 0Y 1G 0B 1A @Woobania", "0R 1Y 0G 0B 2A @Oceana"])
            .anarchs_after(&["Oceana: 2A", "Woobania: 1A"]),
        row(50, "2 Anarchs at home")
            .homes(&[("woobania", "1G 2A"), ("oceana", "1Y 2A")])
            .told(&["1A removed from Woobania", "P1's home gains 2G"])
            .homes_after(&["0R 0Y 3G 0B 1A @Woobania", "0R 1Y 0G 0B 2A @Oceana"])
            .anarchs_after(&["Oceana: 2A", "Woobania: 1A"]),
        // WOOB-PLAY-1 (YELLOW ACTION), WOOB-SUP-3 (Anarchs go to sea): Anarchs from homes, land and water
        // bordering the chosen water move into it; farther ones stay.
        row(60, "")
            .text("Choose a body of water. Move into it all Anarchs from the areas bordering it. Your home gains 1Y.")
            .homes(&[("bambooton", "1Y 2A"), ("lullaby-lowlands", "1R 1A")])
            .anarchs(&[
                ("fuzzy-hollow", "3A"),
                ("sea-of-despair", "1A"),
                ("prismatic-ocean", "2A"),
                ("sea-of-dreams", "1A"),
                ("woobania", "1A"),
            ])
            .steps(vec![Do(0, "area sea-of-dreams")])
            .told(&[
                "P1 chooses Sea of Dreams",
                "2A moves from BamBooton to Sea of Dreams",
                "3A moves from Fuzzy Hollow to Sea of Dreams",
                "1A moves from Lullaby Lowlands to Sea of Dreams",
                "1A moves from Sea of Despair to Sea of Dreams",
                "2A moves from Prismatic Ocean to Sea of Dreams",
                "P1's home gains 1Y",
            ])
            .homes_after(&["0R 2Y 0G 0B 0A @BamBooton", "1R 0Y 0G 0B 0A @Lullaby Lowlands"])
            .anarchs_after(&["Woobania: 1A", "Sea of Dreams: 10A"]),
        // WOOB-MAP-3 (the coastal area, land and water around it), "half, rounding down". Each area holds
        // an even number, so "half of each area's" and "half of them all" agree.
        row(115, "")
            .text(
                "Choose a coastal area. Remove half the Anarchs (rounded down) from each area neighbouring it. Your \
                 home gains 1B.",
            )
            .homes(&[("cheeseport", "1B 4A"), ("doom-grove", "1R 2A")])
            .anarchs(&[("sea-of-despair", "2A"), ("coldish-ocean", "6A"), ("woobania", "1A")])
            .steps(vec![Do(0, "area cheeseport")])
            .told(&[
                "P1 chooses Cheeseport",
                "2A removed from Cheeseport",
                "1A removed from Doom Grove",
                "3A removed from Coldish Ocean",
                "1A removed from Sea of Despair",
                "P1's home gains 1B",
            ])
            .homes_after(&["0R 0Y 0G 2B 2A @Cheeseport", "1R 0Y 0G 0B 1A @Doom Grove"])
            .anarchs_after(&[
                "Cheeseport: 2A",
                "Doom Grove: 1A",
                "Woobania: 1A",
                "Coldish Ocean: 3A",
                "Sea of Despair: 1A",
            ]),
        // The same card where each area holds an odd number: the count applies to each area separately,
        // as the text says ("from each area"): one Anarch in each, half of one rounded down is none, in
        // each; not half of the three there all together (3 → 1 removed, the card's player choosing
        // which, WOOB-RULING-3). Woobania, farther away, keeps its Anarch too.
        row(115, "halves each area separately")
            .homes(&[("cheeseport", "1B 1A"), ("doom-grove", "1R 1A")])
            .anarchs(&[("sea-of-despair", "1A"), ("woobania", "1A")])
            .steps(vec![Do(0, "area cheeseport")])
            .told(&["P1 chooses Cheeseport", "P1's home gains 1B"])
            .homes_after(&["0R 0Y 0G 2B 1A @Cheeseport", "1R 0Y 0G 0B 1A @Doom Grove"])
            .anarchs_after(&["Cheeseport: 1A", "Doom Grove: 1A", "Woobania: 1A", "Sea of Despair: 1A"]),
        // WOOB-SUP-3 (Anarchs anywhere): only areas holding Anarchs may be chosen.
        row(125, "")
            .text("Choose an area with Anarchs. Remove 2 Anarchs from it. Your home gains 1G.")
            .homes(&[("woobania", "1G 1A"), ("oceana", "1R 1A")])
            .anarchs(&[("sea-of-dreams", "3A")])
            .steps(vec![asks_areas(0, &["oceana", "woobania", "sea-of-dreams"]), Do(0, "area sea-of-dreams")])
            .told(&["P1 chooses Sea of Dreams", "2A removed from Sea of Dreams", "P1's home gains 1G"])
            .homes_after(&["0R 0Y 2G 0B 1A @Woobania", "1R 0Y 0G 0B 1A @Oceana"])
            .anarchs_after(&["Oceana: 1A", "Woobania: 1A", "Sea of Dreams: 1A"]),
        // WOOB-MAP-3 (your home and everything bordering it, homes and water included), WOOB-SUP-3: the
        // chosen water need not border your home.
        row(330, "")
            .text(
                "Choose a body of water. Move all Anarchs neighbouring your home to that body of water. Your home \
                 gains 1G.",
            )
            .homes(&[("bambooton", "1G 2A"), ("doom-grove", "1R 1A")])
            .anarchs(&[
                ("sulfer-springs", "3A"),
                ("sea-of-despair", "1A"),
                ("lullaby-lowlands", "1A"),
                ("sea-of-dreams", "1A"),
                ("woobania", "2A"),
            ])
            .steps(vec![asks_areas(0, &WATERS), Do(0, "area prismatic-ocean")])
            .told(&[
                "P1 chooses Prismatic Ocean",
                "1A moves from Doom Grove to Prismatic Ocean",
                "2A moves from BamBooton to Prismatic Ocean",
                "3A moves from Sulfer Springs to Prismatic Ocean",
                "1A moves from Lullaby Lowlands to Prismatic Ocean",
                "1A moves from Sea of Despair to Prismatic Ocean",
                "1A moves from Sea of Dreams to Prismatic Ocean",
                "P1's home gains 1G",
            ])
            .homes_after(&["0R 0Y 2G 0B 0A @BamBooton", "1R 0Y 0G 0B 0A @Doom Grove"])
            .anarchs_after(&["Woobania: 2A", "Prismatic Ocean: 9A"]),
        // If / otherwise: a mountain home, or Anarchs sent off to a mountain.
        row(460, "a mountain home")
            .text(
                "If your home is a mountain area, it gains 3R. Otherwise, choose a mountain area, then move all \
                 Anarchs from your home to that area and your home gains 1R.",
            )
            .homes(&[("cocoa-cliffs", "1R 1A"), ("snugglebury", "1Y")])
            .told(&["P1's home gains 3R"])
            .homes_after(&["4R 0Y 0G 0B 1A @Cocoa Cliffs", "0R 1Y 0G 0B 0A @Snugglebury"]),
        row(460, "a home off the mountains")
            .homes(&[("woobania", "1R 3A"), ("snugglebury", "1Y")])
            .steps(vec![asks_areas(0, &MOUNTAINS), Do(0, "area pillow-peaks")])
            .told(&["P1 chooses Pillow Peaks", "3A moves from Woobania to Pillow Peaks", "P1's home gains 1R"])
            .homes_after(&["2R 0Y 0G 0B 0A @Woobania", "0R 1Y 0G 0B 0A @Snugglebury"])
            .anarchs_after(&["Pillow Peaks: 3A"]),
        // Anarchs from every bordering area (homes, land, water) into the chosen home; farther ones stay.
        row(510, "")
            .text("Choose a home. Move into it all Anarchs from the areas bordering it.")
            .homes(&[("cheeseport", "1R"), ("woobania", "1Y 1A")])
            .anarchs(&[
                ("oceana", "2A"),
                ("sulfer-springs", "1A"),
                ("doom-grove", "3A"),
                ("mount-saint-woobie", "1A"),
                ("bambooton", "1A"),
            ])
            .steps(vec![asks_areas(0, &["cheeseport", "woobania"]), Do(0, "area woobania")])
            .told(&[
                "P1 chooses Woobania",
                "2A moves from Oceana to Woobania",
                "3A moves from Doom Grove to Woobania",
                "1A moves from Sulfer Springs to Woobania",
                "1A moves from Mount Saint Woobie to Woobania",
            ])
            .homes_after(&["1R 0Y 0G 0B 0A @Cheeseport", "0R 1Y 0G 0B 8A @Woobania"])
            .anarchs_after(&["Woobania: 8A", "BamBooton: 1A"]),
        // Anarchs from home to a land area nobody calls home, however far.
        row(530, "")
            .text(
                "Choose a land area that is nobody's home. Move all Anarchs from your home to that area. Your home \
                 gains 1 support of any colour.",
            )
            .homes(&[("cheeseport", "1R 3A"), ("woobania", "1Y")])
            .steps(vec![
                asks_areas(0, &land_but(&["cheeseport", "woobania"])),
                Do(0, "area mount-saint-woobie"),
                Do(0, "pick red"),
            ])
            .told(&[
                "P1 chooses Mount Saint Woobie",
                "3A moves from Cheeseport to Mount Saint Woobie",
                "P1's home gains 1R",
            ])
            .homes_after(&["2R 0Y 0G 0B 0A @Cheeseport", "0R 1Y 0G 0B 0A @Woobania"])
            .anarchs_after(&["Mount Saint Woobie: 3A"]),
        // If / otherwise on the Anarchs at home (WOOB-RULING-2: one other player, chosen for you).
        row(590, "Anarchs at home")
            .text(
                "Choose another player. If your home has at least 1 Anarch, move 2 Anarchs from it to their home. \
                 Otherwise, place 1 Anarch in their home.",
            )
            .homes(&[("cheeseport", "1R 3A"), ("oceana", "1Y")])
            .told(&["P1 chooses P2", "2A moves from Cheeseport to Oceana"])
            .homes_after(&["1R 0Y 0G 0B 1A @Cheeseport", "0R 1Y 0G 0B 2A @Oceana"])
            .anarchs_after(&["Cheeseport: 1A", "Oceana: 2A"]),
        row(590, "no Anarch at home")
            .homes(&[("cheeseport", "1R"), ("oceana", "1Y")])
            .told(&["P1 chooses P2", "1A placed in Oceana"])
            .homes_after(&["1R 0Y 0G 0B 0A @Cheeseport", "0R 1Y 0G 0B 1A @Oceana"])
            .anarchs_after(&["Oceana: 1A"]),
        // WOOB-PLAY-2 (counted before the removal), WOOB-RULING-2 ("your home": one choice, made for you).
        row(615, "")
            .text("Your home gains 1B, plus 1B for each Anarch in it. Remove 2 Anarchs from your home.")
            .homes(&[("cheeseport", "1B 3A"), ("oceana", "1Y")])
            .told(&["P1's home gains 1B", "P1 chooses Cheeseport", "P1's home gains 3B", "2A removed from Cheeseport"])
            .homes_after(&["0R 0Y 0G 5B 1A @Cheeseport", "0R 1Y 0G 0B 0A @Oceana"])
            .anarchs_after(&["Cheeseport: 1A"]),
        // If / otherwise on the red at home.
        row(655, "3R")
            .text(
                "Choose another player. If your home has at least 3 red support, place 2 Anarchs in their home. \
                 Otherwise, place 1 Anarch in their home.",
            )
            .homes(&[("cheeseport", "3R"), ("oceana", "1Y")])
            .told(&["P1 chooses P2", "2A placed in Oceana"])
            .homes_after(&["3R 0Y 0G 0B 0A @Cheeseport", "0R 1Y 0G 0B 2A @Oceana"])
            .anarchs_after(&["Oceana: 2A"]),
        row(655, "2R")
            .homes(&[("cheeseport", "2R"), ("oceana", "1Y")])
            .told(&["P1 chooses P2", "1A placed in Oceana"])
            .homes_after(&["2R 0Y 0G 0B 0A @Cheeseport", "0R 1Y 0G 0B 1A @Oceana"])
            .anarchs_after(&["Oceana: 1A"]),
        // WOOB-SUP-3 (Anarchs at sea are counted, not moved), WOOB-SUP-4 (the player picks the colours).
        row(670, "")
            .text(
                "Your home gains 1 support of any colour. Choose a body of water. Your home gains 1 support of any \
                 colour for each Anarch in that body of water.",
            )
            .homes(&[("cheeseport", "1R"), ("oceana", "1Y")])
            .anarchs(&[("coldish-ocean", "3A"), ("sea-of-dreams", "1A")])
            .steps(vec![
                Do(0, "pick red"),
                asks_areas(0, &WATERS),
                Do(0, "area coldish-ocean"),
                Do(0, "pick yellow"),
                Do(0, "pick yellow"),
                Do(0, "pick blue"),
            ])
            .told(&[
                "P1's home gains 1R",
                "P1 chooses Coldish Ocean",
                "P1's home gains 1Y",
                "P1's home gains 1Y",
                "P1's home gains 1B",
            ])
            .homes_after(&["2R 2Y 0G 1B 0A @Cheeseport", "0R 1Y 0G 0B 0A @Oceana"])
            .anarchs_after(&["Coldish Ocean: 3A", "Sea of Dreams: 1A"]),
        // WOOB-MAP-3 (the chosen home and the homes bordering it — the player's own included),
        // WOOB-PLAY-3.
        row(730, "")
            .text("Choose another player's home. Every home neighbouring it gains 1A.")
            .homes(&[("oceana", "1R"), ("woobania", "1Y"), ("doom-grove", "1B"), ("snugglebury", "1G")])
            .steps(vec![asks_areas(0, &["doom-grove", "woobania", "snugglebury"]), Do(0, "area woobania")])
            .told(&["P1 chooses Woobania", "P1's home gains 1A", "P2's home gains 1A", "P3's home gains 1A"])
            .homes_after(&[
                "1R 0Y 0G 0B 1A @Oceana",
                "0R 1Y 0G 0B 1A @Woobania",
                "0R 0Y 0G 1B 1A @Doom Grove",
                "0R 0Y 1G 0B 0A @Snugglebury",
            ])
            .anarchs_after(&["Oceana: 1A", "Doom Grove: 1A", "Woobania: 1A"]),
        // WOOB-MAP-3 (homes in or bordering any chosen area), WOOB-PLAY-3: homes lose their Anarchs; an
        // area that is no home keeps them, and so does the far-away player's home.
        row(745, "")
            .text(
                "Choose an area. Every home neighbouring it loses all its Anarchs. Your home gains 1 support of \
                 any colour.",
            )
            .homes(&[("snugglebury", "1R 2A"), ("woobania", "1Y 3A"), ("doom-grove", "1B 1A")])
            .anarchs(&[("sulfer-springs", "2A")])
            .steps(vec![asks_areas(0, &everywhere_but(&[])), Do(0, "area sulfer-springs"), Do(0, "pick green")])
            .told(&["P1 chooses Sulfer Springs", "P2's home loses 3A", "P3's home loses 1A", "P1's home gains 1G"])
            .homes_after(&["1R 0Y 1G 0B 2A @Snugglebury", "0R 1Y 0G 0B 0A @Woobania", "0R 0Y 0G 1B 0A @Doom Grove"])
            .anarchs_after(&["Snugglebury: 2A", "Sulfer Springs: 2A"]),
    ]);
}
