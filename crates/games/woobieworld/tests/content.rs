//! The shipped content keeps every constraint of the spec (WOOB-MAP-1, WOOB-MAP-2, the deck's
//! quantities, Quicksand as the rulebook describes it).
#![allow(clippy::unwrap_used)]

use worlds_woobieworld::{BUILT_IN_CARDS, BUILT_IN_MAP, CardType, Effect, Map, parse_cards};

#[test]
fn the_deck_has_the_spec_quantities() {
    let cards = parse_cards(BUILT_IN_CARDS, "cards.toml").unwrap();
    assert_eq!(cards.len(), 80, "80 cards");
    let volcanoes = cards.iter().filter(|c| c.is_mount_saint_woobie()).count();
    assert_eq!(volcanoes, 4, "four Mount Saint Woobie cards");
    let environments = cards.iter().filter(|c| c.is_environment() && !c.is_mount_saint_woobie()).count();
    assert!(environments >= 6, "at least 6 other environments, found {environments}");
    let colour_actions = cards.iter().filter(|c| c.kind.colour().is_some()).count();
    assert!(colour_actions >= 40, "at least 40 COLOUR ACTION cards, found {colour_actions}");
    for kind in [CardType::RedAction, CardType::YellowAction, CardType::GreenAction, CardType::BlueAction] {
        let n = cards.iter().filter(|c| c.kind == kind).count();
        assert!(n >= 8, "{kind:?}: only {n} cards; spread the colour actions over all four colours");
    }
    assert!(cards.iter().any(|c| c.kind == CardType::Action), "plain ACTION cards");
    // Numbers are unique and have gaps.
    let mut numbers: Vec<u16> = cards.iter().map(|c| c.number).collect();
    numbers.sort_unstable();
    assert!(numbers.windows(2).any(|w| w[1] - w[0] > 1), "numbers have gaps");
    for c in &cards {
        assert!(!c.text().is_empty(), "{c} has rules text");
    }
}

#[test]
fn quicksand_is_exactly_as_the_rulebook_describes_it() {
    let cards = parse_cards(BUILT_IN_CARDS, "cards.toml").unwrap();
    let q = cards.iter().find(|c| c.name == "Quicksand").unwrap();
    assert_eq!(q.kind, CardType::Action);
    let expected: Vec<Effect> = toml::from_str::<toml::Table>(
        r#"steps = [
          { do = "choose-area", filter = "coastal" },
          { do = "remove-industries", at = "neighbouring" },
          { do = "lose", homes = "neighbouring", pieces = "removed-industry-colours", count = 1 },
        ]"#,
    )
    .unwrap()["steps"]
        .clone()
        .try_into()
        .unwrap();
    assert_eq!(q.steps, expected);
}

/// WOOB-MAP-1, WOOB-MAP-2 on the shipped map.
#[test]
fn woob_map_1_and_2_the_map_keeps_the_rulebooks_constraints() {
    let map = Map::parse(BUILT_IN_MAP, "map.toml").unwrap();
    assert_eq!(map.len(), 17);
    assert_eq!(map.land().count_ones(), 13);
    assert_eq!(map.water().count_ones(), 4);
    for water in ["Coldish Ocean", "Prismatic Ocean", "Sea of Dreams", "Sea of Despair"] {
        let a = map.find(water).unwrap();
        assert_eq!(map.water() & a.bit(), a.bit(), "{water} is water");
        assert!((map.borders(a) & map.land()).count_ones() >= 3, "{water} borders at least three land areas");
    }
    for land in [
        "Woobania",
        "Cheeseport",
        "Doom Grove",
        "Margaritaville",
        "Sulfer Springs",
        "BamBooton",
        "Oceana",
        "Mount Saint Woobie",
    ] {
        let a = map.find(land).unwrap();
        assert_eq!(map.land() & a.bit(), a.bit(), "{land} is land");
    }
    assert!(map.mountains() & map.find("Mount Saint Woobie").unwrap().bit() != 0);
    let doom = map.find("Doom Grove").unwrap();
    assert!(map.coastal() & doom.bit() != 0, "Doom Grove is coastal");
    let mut doom_neighbours: Vec<&str> =
        worlds_woobieworld::Area::in_mask(map.borders(doom)).map(|a| map.name(a)).collect();
    doom_neighbours.sort_unstable();
    assert_eq!(
        doom_neighbours,
        ["BamBooton", "Cheeseport", "Margaritaville", "Sea of Despair", "Sulfer Springs", "Woobania"]
    );
    assert!(map.mountains().count_ones() >= 3, "at least three mountains");
    assert!(map.inland().count_ones() >= 3, "at least three inland areas");
    for a in map.areas() {
        for b in worlds_woobieworld::Area::in_mask(map.borders(a)) {
            assert!(map.borders(b) & a.bit() != 0, "symmetric");
        }
    }
}
