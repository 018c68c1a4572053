//! Cards that remove industries, and what the removal costs the homes around (WOOB-MAP-3: the chosen
//! area, land and water around it, the area itself included) or pays the card's player.

use super::*;

#[test]
fn cards_removing_industries() {
    run(vec![
        // WOOB-MAP-3 (the second area neighbours the mountain, the mountain itself included), WOOB-PLAY-2.
        row(40, "")
            .text(
                "Choose a mountain area. Choose an area neighbouring it. Remove all industries from it. Place 1 \
                 Anarch there.",
            )
            .homes(&[("cheeseport", "1R"), ("oceana", "1Y")])
            .industries(&[("oceana", "1R 1B"), ("woobania", "1G")])
            .steps(vec![
                asks_areas(0, &MOUNTAINS),
                Do(0, "area cocoa-cliffs"),
                asks_areas(
                    0,
                    &["oceana", "cocoa-cliffs", "pillow-peaks", "snugglebury", "coldish-ocean", "prismatic-ocean"],
                ),
                Do(0, "area oceana"),
            ])
            .told(&[
                "P1 chooses Cocoa Cliffs",
                "P1 chooses Oceana",
                "the red industry in Oceana is removed",
                "the blue industry in Oceana is removed",
                "1A placed in Oceana",
            ])
            .homes_after(&["1R 0Y 0G 0B 0A @Cheeseport", "0R 1Y 0G 0B 1A @Oceana"])
            .industries_after(&["Woobania: 1G"])
            .anarchs_after(&["Oceana: 1A"]),
        // WOOB-MAP-3 (the mountain and its borders), WOOB-PLAY-3 (homes clockwise from the card's player),
        // WOOB-SUP-4 (coloured only, never Anarchs; the owner picks; a home loses as much as it has).
        row(85, "")
            .text(
                "Choose a mountain area. Remove all industries neighbouring it. Every home neighbouring it loses 1 \
                 coloured support for each industry removed (its owner chooses which).",
            )
            .homes(&[("cheeseport", "1R"), ("woobania", "2R 2Y 1A"), ("fuzzy-hollow", "1G 1B")])
            .industries(&[("oceana", "1Y"), ("woobania", "1B"), ("mount-saint-woobie", "1G"), ("cheeseport", "1R")])
            .steps(vec![
                asks_areas(0, &MOUNTAINS),
                Do(0, "area pillow-peaks"),
                // P2 (Woobania) must lose 3 of its 2R 2Y: its owner decides.
                asks(1, &["pick red", "pick yellow"]),
                Refused(
                    0,
                    "pick red",
                    "it is not your decision now: P2, for P1's Mountain Sneeze: pick the support their home loses (3 \
                     to pick) [WOOB-RULING-3]",
                ),
                Do(1, "pick red"),
                Do(1, "pick red"),
            ])
            .told(&[
                "P1 chooses Pillow Peaks",
                "the yellow industry in Oceana is removed",
                "the blue industry in Woobania is removed",
                "the green industry in Mount Saint Woobie is removed",
                "P2's home loses 1R",
                "P2's home loses 1R",
                "P2's home loses 1Y",
                "P3's home loses 1G",
                "P3's home loses 1B",
            ])
            .homes_after(&["1R 0Y 0G 0B 0A @Cheeseport", "0R 1Y 0G 0B 1A @Woobania", "0R 0Y 0G 0B 0A @Fuzzy Hollow"])
            .industries_after(&["Cheeseport: 1R"]),
        // The rulebook's Quicksand on another coast: WOOB-MAP-3 (BamBooton and its borders, water
        // included), WOOB-PLAY-3, WOOB-SUP-4 (a loss per removed industry of that colour, as far as the home
        // has it; other colours and Anarchs untouched). Only coastal areas may be chosen: not Sulfer
        // Springs (inland), nor the Sea of Dreams (water is not a coastal area). Oceana does not
        // neighbour BamBooton.
        row(105, "")
            .text(
                "Choose a coastal area. Remove all industries neighbouring it. For each industry removed, every \
                 home neighbouring that area loses 1 support of that industry's colour.",
            )
            .homes(&[("lullaby-lowlands", "3R 1Y 2G 1A"), ("sulfer-springs", "1R 2G 1B"), ("oceana", "2R")])
            .industries(&[("bambooton", "2R"), ("sea-of-dreams", "1G"), ("lullaby-lowlands", "1Y"), ("woobania", "1B")])
            .steps(vec![asks_areas(0, &COASTAL), Do(0, "area bambooton")])
            .told(&[
                "P1 chooses BamBooton",
                "2 red industries in BamBooton are removed",
                "the yellow industry in Lullaby Lowlands is removed",
                "the green industry in Sea of Dreams is removed",
                "P1's home loses 2R",
                "P1's home loses 1Y",
                "P1's home loses 1G",
                "P2's home loses 1R",
                "P2's home loses 1G",
            ])
            .homes_after(&[
                "1R 0Y 1G 0B 1A @Lullaby Lowlands",
                "0R 0Y 1G 1B 0A @Sulfer Springs",
                "2R 0Y 0G 0B 0A @Oceana",
            ])
            .industries_after(&["Woobania: 1B"]),
        // WOOB-RULING-3 (the card's player picks the lost colours), WOOB-SUP-4 (colours only), WOOB-PLAY-2
        // (if/otherwise on the chosen area).
        row(340, "a home")
            .text(
                "Choose an area with an industry. If it is a home, that home loses 2 coloured support (you choose \
                 which). Otherwise, remove all industries from it.",
            )
            .homes(&[("cheeseport", "1R"), ("woobania", "2R 1Y 1A")])
            .industries(&[("woobania", "1G"), ("pillow-peaks", "1R 1B")])
            .steps(vec![
                asks_areas(0, &["woobania", "pillow-peaks"]),
                Do(0, "area woobania"),
                // The card's player chooses which.
                asks(0, &["pick red", "pick yellow"]),
                Do(0, "pick yellow"),
            ])
            .told(&["P1 chooses Woobania", "P2's home loses 1Y", "P2's home loses 1R"])
            .homes_after(&["1R 0Y 0G 0B 0A @Cheeseport", "1R 0Y 0G 0B 1A @Woobania"])
            .industries_after(&["Woobania: 1G", "Pillow Peaks: 1R 1B"]),
        row(340, "no home")
            .homes(&[("cheeseport", "1R"), ("woobania", "2R 1Y 1A")])
            .industries(&[("woobania", "1G"), ("pillow-peaks", "1R 1B")])
            .steps(vec![Do(0, "area pillow-peaks")])
            .told(&[
                "P1 chooses Pillow Peaks",
                "the red industry in Pillow Peaks is removed",
                "the blue industry in Pillow Peaks is removed",
            ])
            .homes_after(&["1R 0Y 0G 0B 0A @Cheeseport", "2R 1Y 0G 0B 1A @Woobania"])
            .industries_after(&["Woobania: 1G"]),
        // WOOB-MAP-3 (homes around the removed industry's area), WOOB-PLAY-3: only the chosen industry
        // goes, and every neighbouring home — the player's own too — loses 2 of its colour.
        row(405, "")
            .text(
                "Choose an industry neighbouring your home. Remove it. Every home neighbouring that industry's area \
                 loses 2 support of that industry's colour.",
            )
            .homes(&[("doom-grove", "1R 3Y"), ("woobania", "1R 2Y"), ("oceana", "3Y")])
            .industries(&[("margaritaville", "2Y"), ("bambooton", "1B"), ("snugglebury", "1R")])
            .steps(vec![
                asks(0, &["choose yellow industry margaritaville", "choose blue industry bambooton"]),
                Do(0, "choose yellow industry margaritaville"),
            ])
            .told(&[
                "P1 chooses the yellow industry in Margaritaville",
                "the yellow industry in Margaritaville is removed",
                "P1's home loses 2Y",
                "P2's home loses 2Y",
                "P3's home loses 2Y",
            ])
            .homes_after(&["1R 1Y 0G 0B 0A @Doom Grove", "1R 0Y 0G 0B 0A @Woobania", "0R 1Y 0G 0B 0A @Oceana"])
            .industries_after(&["Margaritaville: 1Y", "Snugglebury: 1R", "BamBooton: 1B"]),
        // "The chosen area" after choosing an industry is the industry's area.
        row(420, "")
            .text("Choose an industry. Remove it. Place 2 Anarchs in its area.")
            .homes(&[("cheeseport", "1R"), ("woobania", "1Y")])
            .industries(&[("woobania", "1R 1G")])
            .steps(vec![
                asks(0, &["choose red industry woobania", "choose green industry woobania"]),
                Do(0, "choose red industry woobania"),
            ])
            .told(&[
                "P1 chooses the red industry in Woobania",
                "the red industry in Woobania is removed",
                "2A placed in Woobania",
            ])
            .homes_after(&["1R 0Y 0G 0B 0A @Cheeseport", "0R 1Y 0G 0B 2A @Woobania"])
            .industries_after(&["Woobania: 1G"])
            .anarchs_after(&["Woobania: 2A"]),
        // One Anarch left in the pile (WOOB-SUP-2); one industry: chosen for you (WOOB-RULING-2).
        row(420, "one Anarch left")
            .homes(&[("cheeseport", "1R"), ("woobania", "1Y")])
            .anarchs(&[("sea-of-dreams", "14A")])
            .industries(&[("woobania", "1R")])
            .told(&[
                "P1 chooses the red industry in Woobania",
                "the red industry in Woobania is removed",
                "1A placed in Woobania",
                "the pile has run out of Anarchs",
            ])
            .homes_after(&["1R 0Y 0G 0B 0A @Cheeseport", "0R 1Y 0G 0B 1A @Woobania"])
            .industries_after(&[])
            .anarchs_after(&["Woobania: 1A", "Sea of Dreams: 14A"]),
        // Per industry removed (two in one area count two).
        row(445, "")
            .text("Remove all red industries. Your home gains 1G, plus 1G for each industry removed.")
            .homes(&[("cheeseport", "1G"), ("snugglebury", "1Y")])
            .industries(&[("oceana", "1Y"), ("woobania", "2R 1B"), ("sea-of-dreams", "1R")])
            .told(&[
                "2 red industries in Woobania are removed",
                "the red industry in Sea of Dreams is removed",
                "P1's home gains 1G",
                "P1's home gains 3G",
            ])
            .homes_after(&["0R 0Y 5G 0B 0A @Cheeseport", "0R 1Y 0G 0B 0A @Snugglebury"])
            .industries_after(&["Oceana: 1Y", "Woobania: 1B"]),
        // WOOB-MAP-3 (the water and the areas around it), a condition on what the card removed.
        row(480, "two removed")
            .text(
                "Choose a body of water. Remove all industries neighbouring it. If at least 2 industries were \
                 removed, your home gains 3B. Otherwise, it gains 1B.",
            )
            .homes(&[("oceana", "1B"), ("snugglebury", "1Y")])
            .industries(&[("cheeseport", "1R"), ("sea-of-dreams", "1Y"), ("woobania", "1G")])
            .steps(vec![Do(0, "area sea-of-despair")])
            .told(&[
                "P1 chooses Sea of Despair",
                "the red industry in Cheeseport is removed",
                "the yellow industry in Sea of Dreams is removed",
                "P1's home gains 3B",
            ])
            .homes_after(&["0R 0Y 0G 4B 0A @Oceana", "0R 1Y 0G 0B 0A @Snugglebury"])
            .industries_after(&["Woobania: 1G"]),
        row(480, "one removed")
            .homes(&[("oceana", "1B"), ("snugglebury", "1Y")])
            .industries(&[("cheeseport", "1R"), ("sea-of-dreams", "1Y"), ("woobania", "1G")])
            .steps(vec![Do(0, "area prismatic-ocean")])
            .told(&[
                "P1 chooses Prismatic Ocean",
                "the yellow industry in Sea of Dreams is removed",
                "P1's home gains 1B",
            ])
            .homes_after(&["0R 0Y 0G 2B 0A @Oceana", "0R 1Y 0G 0B 0A @Snugglebury"])
            .industries_after(&["Cheeseport: 1R", "Woobania: 1G"]),
        // Only an inland area; its industries go, and homes around it gain (WOOB-MAP-3, WOOB-PLAY-3).
        row(550, "")
            .text("Choose an inland area. Remove all industries from it. Every home neighbouring it gains 1G.")
            .homes(&[("oceana", "1G"), ("doom-grove", "1R"), ("snugglebury", "1B")])
            .industries(&[("woobania", "1R 1Y"), ("oceana", "1B")])
            .steps(vec![asks_areas(0, &INLAND), Do(0, "area woobania")])
            .told(&[
                "P1 chooses Woobania",
                "the red industry in Woobania is removed",
                "the yellow industry in Woobania is removed",
                "P1's home gains 1G",
                "P2's home gains 1G",
            ])
            .homes_after(&["0R 0Y 2G 0B 0A @Oceana", "1R 0Y 1G 0B 0A @Doom Grove", "0R 0Y 0G 1B 0A @Snugglebury"])
            .industries_after(&["Oceana: 1B"]),
        // WOOB-MAP-3 (your home and every area bordering it, water included), per industry removed.
        row(635, "")
            .text(
                "Remove all industries neighbouring your home. Your home gains 1G, plus 1G for each industry \
                 removed.",
            )
            .homes(&[("doom-grove", "1G"), ("oceana", "1Y")])
            .industries(&[("doom-grove", "1R"), ("sea-of-despair", "1B"), ("woobania", "1Y"), ("oceana", "1G")])
            .told(&[
                "the red industry in Doom Grove is removed",
                "the yellow industry in Woobania is removed",
                "the blue industry in Sea of Despair is removed",
                "P1's home gains 1G",
                "P1's home gains 3G",
            ])
            .homes_after(&["0R 0Y 5G 0B 0A @Doom Grove", "0R 1Y 0G 0B 0A @Oceana"])
            .industries_after(&["Oceana: 1G"]),
    ]);
}
