//! Bad content is refused at load with file, line and reason.
#![allow(clippy::unwrap_used)]

use worlds_engine::{Config, ConfigError, Game};
use worlds_woobieworld::{BUILT_IN_CARDS, BUILT_IN_MAP, Map, Woobieworld, parse_cards};

fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

fn cards_err(text: &str) -> String {
    parse_cards(text, "cards.toml").unwrap_err().to_string()
}

fn map_err(text: &str) -> String {
    Map::parse(text, "map.toml").unwrap_err().to_string()
}

#[test]
fn an_unknown_step_is_refused_with_its_line() {
    let bad = BUILT_IN_CARDS.replacen(
        r#"{ do = "choose-area", filter = "coastal" }"#,
        r#"{ do = "teleport", filter = "coastal" }"#,
        1,
    );
    let line = line_of(&bad, "teleport");
    let err = cards_err(&bad);
    assert!(err.starts_with(&format!("cards.toml:{line}: unknown variant `teleport`")), "{err}");
}

#[test]
fn an_unknown_colour_or_field_is_refused_with_its_line() {
    let colour = BUILT_IN_CARDS.replacen(r#"pieces = "blue""#, r#"pieces = "purple""#, 1);
    let err = cards_err(&colour);
    assert!(err.starts_with(&format!("cards.toml:{}: unknown variant `purple`", line_of(&colour, "purple"))), "{err}");
    let field = BUILT_IN_CARDS.replacen("name = \"Quicksand\"", "name = \"Quicksand\"\nflavour = \"soggy\"", 1);
    let err = cards_err(&field);
    assert!(err.contains("unknown field `flavour`"), "{err}");
    assert!(err.starts_with("cards.toml:"), "{err}");
}

#[test]
fn a_step_that_refers_to_an_unmade_choice_is_refused() {
    let bad = BUILT_IN_CARDS.replacen(r#"  { do = "choose-area", filter = "coastal" },"#, "", 1);
    let err = cards_err(&bad);
    assert!(
        err.ends_with("card 105 (Quicksand): step 1 (Remove all industries neighbouring the chosen area): refers to the chosen area, but no earlier step chooses one"),
        "{err}"
    );
    assert!(err.starts_with("cards.toml:"), "{err}");
}

#[test]
fn a_duplicate_card_number_is_refused() {
    let bad = BUILT_IN_CARDS.replacen("number = 105", "number = 5", 1);
    let err = cards_err(&bad);
    // The second `number = 5` is Quicksand's, further down the file.
    let second = bad.match_indices("number = 5\n").nth(1).map(|(i, _)| bad[..i].matches('\n').count() + 1).unwrap();
    assert_eq!(err, format!("cards.toml:{second}: card number 5 is used twice (also by Eviction Notice)"));
}

#[test]
fn fewer_than_four_volcanoes_are_refused() {
    let mut bad = BUILT_IN_CARDS.to_owned();
    let at = bad.rfind("[[card]]").unwrap();
    bad.truncate(at);
    assert_eq!(
        cards_err(&bad),
        "cards.toml: the deck has 3 Mount Saint Woobie cards; it needs at least four (WOOB-END-1)"
    );
}

#[test]
fn an_unknown_area_is_refused_with_its_line() {
    let bad = BUILT_IN_MAP.replacen(
        r#""margaritaville", "doom-grove", "coldish-ocean", "sea-of-despair""#,
        r#""margaritaville", "doom-grove", "coldish-ocean", "sea-of-dispair""#,
        1,
    );
    assert_eq!(
        map_err(&bad),
        format!("map.toml:{}: `sea-of-dispair` is not an area of this map", line_of(&bad, "sea-of-dispair"))
    );
}

#[test]
fn an_asymmetric_connection_is_refused_with_its_line() {
    let bad = BUILT_IN_MAP.replacen(
        r#"neighbours = ["margaritaville", "doom-grove", "coldish-ocean", "sea-of-despair"]"#,
        r#"neighbours = ["margaritaville", "doom-grove", "coldish-ocean", "sea-of-despair", "woobania"]"#,
        1,
    );
    assert_eq!(
        map_err(&bad),
        format!(
            "map.toml:{}: `cheeseport` lists `woobania` as a neighbour, but `woobania` does not list `cheeseport`: connections go both ways",
            line_of(&bad, r#""sea-of-despair", "woobania"]"#)
        )
    );
    let dup = BUILT_IN_MAP.replacen("id = \"oceana\"", "id = \"cheeseport\"", 1);
    assert!(map_err(&dup).ends_with("area `cheeseport` is described twice"));
    let mountain = BUILT_IN_MAP.replacen(
        "id = \"sea-of-dreams\"\nname = \"Sea of Dreams\"\nkind = \"water\"",
        "id = \"sea-of-dreams\"\nname = \"Sea of Dreams\"\nkind = \"water\"\nmountain = true",
        1,
    );
    assert!(map_err(&mountain).ends_with("`sea-of-dreams` is water and cannot be a mountain"));
}

#[test]
fn replacement_content_comes_through_the_config() {
    let mut config = Config::players(2);
    config
        .content
        .insert("cards.toml".into(), BUILT_IN_CARDS.replacen("name = \"Quicksand\"", "name = \"Mudslide\"", 1));
    let g = Woobieworld::new(&config).unwrap();
    assert!(g.content().find_card("mudslide").is_some());
    assert!(g.parse_action("play quicksand").is_err());
    config.content.insert("board.toml".into(), String::new());
    assert_eq!(
        Woobieworld::new(&config).unwrap_err(),
        ConfigError::Content {
            file: "board.toml".into(),
            line: None,
            reason: "Woobieworld reads only map.toml and cards.toml".into()
        }
    );
}

/// Defect 8: a bad count leaked serde's "data did not match any variant of untagged enum Count";
/// it says what a count is instead.
#[test]
fn defect_8_a_bad_count_says_what_a_count_is() {
    let first = BUILT_IN_CARDS.lines().find(|l| l.contains("do = \"gain\"") && l.contains("count = 2")).unwrap();
    let bad = BUILT_IN_CARDS.replacen(first, &first.replacen("count = 2", "count = \"lots\"", 1), 1);
    let err = cards_err(&bad);
    assert_eq!(
        err,
        format!("cards.toml:{}: a count is a number, `half` or `all`, not `lots`", line_of(&bad, "\"lots\""))
    );
    let negative = BUILT_IN_CARDS.replacen(first, &first.replacen("count = 2", "count = -3", 1), 1);
    let err = cards_err(&negative);
    assert!(err.ends_with("a count is a number from 1 to 255, `half` or `all`, not -3"), "{err}");
    assert!(!err.contains("untagged"), "{err}");
}
