//! The board data: the spec's properties hold on the shipped boards, and a bad board file is
//! refused with file, line and reason.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;

use worlds_engine::{Config, ConfigError, Game};
use worlds_world_war_5::{BUILT_IN_BOARD, Board, Continent, Territory, WorldWar5};

fn t(id: &str) -> Territory {
    id.parse().unwrap()
}

fn crossings(board: &Board) -> BTreeSet<(String, String)> {
    board
        .crossings()
        .into_iter()
        .map(|(a, b)| {
            let (a, b) = (a.id().to_owned(), b.id().to_owned());
            if a < b { (a, b) } else { (b, a) }
        })
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> BTreeSet<(String, String)> {
    list.iter()
        .map(|(a, b)| if a < b { (a.to_string(), b.to_string()) } else { (b.to_string(), a.to_string()) })
        .collect()
}

/// WW5-BOARD-3, exactly as the spec lists them.
const ORIGINAL: [(&str, &str); 26] = [
    ("na-north", "as-north"),
    ("na-north", "eu-north"),
    ("na-southwest", "sa-north"),
    ("na-southwest", "as-southeast"),
    ("na-southwest", "au-southeast"),
    ("na-southeast", "af-northwest"),
    ("na-southeast", "eu-west"),
    ("na-southeast", "sa-north"),
    ("sa-north", "as-north"),
    ("sa-east", "eu-west"),
    ("sa-east", "af-northwest"),
    ("sa-east", "af-south"),
    ("sa-south", "af-south"),
    ("sa-south", "au-southeast"),
    ("sa-south", "au-southwest"),
    ("eu-north", "as-north"),
    ("eu-west", "af-northwest"),
    ("eu-south", "af-northeast"),
    ("eu-south", "as-southwest"),
    ("eu-south", "au-north"),
    ("af-northeast", "as-southwest"),
    ("af-northeast", "au-north"),
    ("af-south", "au-southwest"),
    ("as-southwest", "au-southwest"),
    ("as-southeast", "au-north"),
    ("as-southeast", "au-southeast"),
];

#[test]
fn ww5_board_2_the_territories_of_a_continent_all_border_one_another() {
    for variant in ["original", "pyramid-arcade"] {
        let board = Board::built_in(variant).unwrap();
        let mut edges = 0;
        for c in Continent::ALL {
            let [a, b, d] = c.territories();
            for (x, y) in [(a, b), (a, d), (b, d)] {
                assert!(board.borders(x, y) && board.borders(y, x), "{x} {y}");
                edges += 1;
            }
        }
        assert_eq!(edges, 18);
    }
}

#[test]
fn ww5_board_3_the_original_board_has_exactly_the_26_connections() {
    let board = Board::built_in("original").unwrap();
    assert_eq!(crossings(&board), pairs(&ORIGINAL));
    // Every territory has three connections abroad, except na-north and eu-north with two.
    for x in Territory::ALL {
        let abroad = (board.neighbours(x) & !x.continent().mask()).count_ones();
        let expected = if ["na-north", "eu-north"].contains(&x.id()) { 2 } else { 3 };
        assert_eq!(abroad, expected, "{x}");
    }
    // Everyone perfectly connected to every other nation-state.
    for a in Continent::ALL {
        for b in Continent::ALL.into_iter().filter(|&b| b != a) {
            let linked = a.territories().iter().any(|&x| board.neighbours(x) & b.mask() != 0);
            assert!(linked, "{a} and {b} are not directly connected");
        }
    }
    assert!(board.borders(t("na-southeast"), t("af-northwest")));
    assert!(board.borders(t("au-southwest"), t("af-south")));
    assert!(!board.borders(t("eu-north"), t("as-southwest")));
    // Symmetric.
    for x in Territory::ALL {
        for y in Territory::ALL {
            assert_eq!(board.borders(x, y), board.borders(y, x));
        }
    }
}

#[test]
fn ww5_board_4_the_pyramid_arcade_board() {
    let board = Board::built_in("pyramid-arcade").unwrap();
    let mut expected = pairs(&ORIGINAL);
    expected.remove(&("af-northwest".into(), "na-southeast".into()));
    expected.remove(&("af-south".into(), "au-southwest".into()));
    expected.insert(("as-southwest".into(), "eu-north".into()));
    assert_eq!(crossings(&board), expected);
    assert_eq!(board.description(), "the board as printed in the Pyramid Arcade box");
    let g = WorldWar5::new(&Config::players(2).with_variant("pyramid-arcade")).unwrap();
    assert!(g.board().borders(t("eu-north"), t("as-southwest")));
}

#[test]
fn ww5_board_5_every_continent_has_its_own_colour() {
    let board = Board::built_in("original").unwrap();
    let colours: BTreeSet<_> = Continent::ALL.iter().map(|&c| board.colour(c).name()).collect();
    assert_eq!(colours.len(), 6);
}

fn parse(text: &str) -> ConfigError {
    Board::parse(text, "board.toml", "original").unwrap_err()
}

fn line_of(needle: &str) -> usize {
    BUILT_IN_BOARD.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn a_bad_board_file_is_refused_with_file_line_and_reason() {
    let unknown = BUILT_IN_BOARD.replacen(r#"["sa-north", "as-north"]"#, r#"["sa-north", "as-nort"]"#, 1);
    assert_eq!(
        parse(&unknown).to_string(),
        format!(
            "board.toml:{}: `as-nort` is not a territory; did you mean as-north?",
            line_of(r#"["sa-north", "as-north"]"#)
        )
    );
    let twice = BUILT_IN_BOARD.replacen(
        r#"  ["sa-north", "as-north"],"#,
        "  [\"sa-north\", \"as-north\"],\n  [\"as-north\", \"sa-north\"],",
        1,
    );
    assert_eq!(
        parse(&twice).to_string(),
        format!(
            "board.toml:{}: as-north and sa-north are already connected (it is listed twice)",
            line_of(r#"["sa-north", "as-north"]"#) + 1
        )
    );
    let inside = BUILT_IN_BOARD.replacen(r#"["sa-north", "as-north"]"#, r#"["sa-north", "sa-east"]"#, 1);
    assert!(parse(&inside).to_string().ends_with(
        "sa-north and sa-east are already connected (territories of one continent always border one another)"
    ));
    let self_loop = BUILT_IN_BOARD.replacen(r#"["sa-north", "as-north"]"#, r#"["sa-north", "sa-north"]"#, 1);
    assert!(parse(&self_loop).to_string().ends_with("sa-north cannot border itself"));
    let triple = BUILT_IN_BOARD.replacen(r#"["sa-north", "as-north"]"#, r#"["sa-north", "as-north", "eu-west"]"#, 1);
    assert!(parse(&triple).to_string().contains("a connection is a pair of territories"));
    let colour = BUILT_IN_BOARD.replacen(r#"colour = "blue""#, r#"colour = "plaid""#, 1);
    assert_eq!(
        parse(&colour).to_string(),
        format!(
            "board.toml:{}: `plaid` is not a colour; colours are red, green, yellow, blue, magenta, cyan, white",
            line_of(r#"colour = "blue""#)
        )
    );
    let field = BUILT_IN_BOARD.replacen(r#"name = "North America""#, "name = \"North America\"\nflag = 1", 1);
    let err = parse(&field).to_string();
    assert!(
        err.starts_with(&format!("board.toml:{}: unknown field `flag`", line_of(r#"name = "North America""#) + 1)),
        "{err}"
    );
    let syntax = BUILT_IN_BOARD.replacen(r#"id = "na""#, r#"id = "na"#, 1);
    assert!(parse(&syntax).to_string().starts_with(&format!("board.toml:{}:", line_of(r#"id = "na""#))));
    let wrong_continent = BUILT_IN_BOARD.replacen(r#"{ id = "na-north""#, r#"{ id = "sa-north""#, 1);
    assert!(parse(&wrong_continent).to_string().ends_with("territory `sa-north` belongs to continent `sa`, not `na`"));
    assert_eq!(
        Board::parse(BUILT_IN_BOARD, "board.toml", "giant").unwrap_err().to_string(),
        "board.toml: the board has no variant `giant`; it has: original, pyramid-arcade"
    );
}

#[test]
fn a_board_that_falls_apart_is_refused() {
    // Cut Australia off: remove its five connections in a variant.
    let cut = format!(
        "{BUILT_IN_BOARD}\n[variant.island]\ndescription = \"x\"\nbased-on = \"original\"\nwithout = [[\"eu-south\", \"au-north\"], [\"af-northeast\", \"au-north\"], [\"as-southeast\", \"au-north\"], [\"as-southeast\", \"au-southeast\"], [\"na-southwest\", \"au-southeast\"], [\"sa-south\", \"au-southeast\"], [\"sa-south\", \"au-southwest\"], [\"af-south\", \"au-southwest\"], [\"as-southwest\", \"au-southwest\"]]\n"
    );
    let err = Board::parse(&cut, "board.toml", "island").unwrap_err().to_string();
    assert!(
        err.ends_with("in variant `island`, `au-north` cannot be reached from na-north: the board must be connected"),
        "{err}"
    );
}

#[test]
fn a_replacement_board_is_used_through_the_config() {
    let mine = BUILT_IN_BOARD.replacen(r#"name = "Brazil""#, r#"name = "Amazonia""#, 1);
    let mut config = Config::players(2);
    config.content.insert("board.toml".into(), mine);
    let g = WorldWar5::new(&config).unwrap();
    assert_eq!(g.board().territory_name(t("sa-east")), "Amazonia");
    config.content.insert("cards.toml".into(), String::new());
    assert_eq!(WorldWar5::new(&config).unwrap_err().to_string(), "cards.toml: World War 5 reads only board.toml");
}

/// The player's page lists each territory's connections abroad; it must agree with the data.
#[test]
fn the_players_page_map_matches_the_board_data() {
    let page = include_str!("../docs/players.md");
    let board = Board::built_in("original").unwrap();
    for x in Territory::ALL {
        let line = page.lines().find(|l| l.split_whitespace().next() == Some(x.id())).unwrap();
        let listed: BTreeSet<&str> = line.split_whitespace().skip(1).collect();
        let data: BTreeSet<&str> =
            Territory::in_mask(board.neighbours(x) & !x.continent().mask()).map(|t| t.id()).collect();
        assert_eq!(listed, data, "{x}");
    }
}
