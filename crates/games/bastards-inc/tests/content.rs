//! The content files (original design, replaceable with `--content DIR`): the built-in ones load,
//! and a malformed file is refused with its file, line and reason, before any game starts.

use worlds_bastards_inc::BastardsInc;
use worlds_engine::{Config, ConfigError, Game};

const BOARD: &str = include_str!("../content/board.toml");
const PLANS: &str = include_str!("../content/plans.toml");
const CARDS: &str = include_str!("../content/cards.toml");
const EVENTS: &str = include_str!("../content/events.toml");

/// The error of a game whose content file `file` reads `text`.
fn error(file: &str, text: &str) -> String {
    let mut config = Config::players(3);
    config.content.insert(file.to_owned(), text.to_owned());
    BastardsInc::new(&config).unwrap_err().to_string()
}

/// The 1-based line of the first line of `text` holding `needle`.
fn line(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle) && !l.starts_with('#')).unwrap_or_else(|| panic!("no `{needle}`")) + 1
}

#[test]
fn the_built_in_content_loads_and_a_replacement_of_it_is_the_same_game() {
    let mut config = Config::players(4);
    for (file, text) in [("board.toml", BOARD), ("plans.toml", PLANS), ("cards.toml", CARDS), ("events.toml", EVENTS)] {
        config.content.insert(file.to_owned(), text.to_owned());
    }
    let replaced = BastardsInc::new(&config).unwrap();
    let built_in = BastardsInc::new(&Config::players(4)).unwrap();
    assert_eq!(replaced.content().board, built_in.content().board);
    assert_eq!(replaced.content().cards, built_in.content().cards);
    assert_eq!(replaced.content().plans, built_in.content().plans);
    let mut rng = worlds_engine::SeededRng::new(1);
    assert_eq!(replaced.new_game(&mut rng.clone()).0, built_in.new_game(&mut rng).0);
}

#[test]
fn an_unknown_content_file_is_refused() {
    assert_eq!(
        error("map.toml", ""),
        "map.toml: Bastards Inc. reads only board.toml, plans.toml, cards.toml, events.toml"
    );
}

#[test]
fn a_malformed_board_names_its_line() {
    assert_eq!(
        error("board.toml", &BOARD.replacen("corruption = 5", "corruption = 7", 1)),
        format!(
            "board.toml:{}: region superpower: corruption 7 is above 6 (attributes run 0–6, BI-PLAN-1)",
            line(BOARD, "[[region]]")
        )
    );
    assert_eq!(
        error("board.toml", &BOARD.replacen("superpower = true", "", 1)),
        "board.toml: no region is marked superpower = true"
    );
    let l = line(BOARD, "up_to = 6");
    assert_eq!(
        error("board.toml", &BOARD.replacen("up_to = 6", "up_to = 2", 1)),
        format!("board.toml:{}: war row Open war: up_to 2 does not rise above the row before (3)", l - 1)
    );
    assert_eq!(
        error("board.toml", &BOARD.replacen("prices = [2, 5, 9]", "prices = [2, 9, 5]", 1)),
        format!(
            "board.toml:{}: effort prices [2, 9, 5] must rise, from at least 1 to at most 20 (BI-EFFORT-5)",
            line(BOARD, "[effort]")
        )
    );
    let l = line(BOARD, "grey_from = 5");
    assert_eq!(
        error("board.toml", &BOARD.replacen("grey_from = 5", "grey_form = 5", 1)),
        format!(
            "board.toml:{l}: unknown field `grey_form`, expected one of `id`, `name`, `row`, `corruption`, `crime`, `technology`, `income`, `grey_from`, `stuff`, `superpower`, `rogue`"
        )
    );
}

#[test]
fn a_malformed_plan_file_names_its_line() {
    let l = line(PLANS, "id = \"gizmotronic\"");
    assert_eq!(
        error("plans.toml", &PLANS.replacen("Gizmotronic\"\ncorruption = 1", "Gizmotronic\"\ncorruption = 9", 1)),
        format!("plans.toml:{}: plan gizmotronic: corruption 9 is above 6 (BI-PLAN-1)", l - 1)
    );
    let five = PLANS[..PLANS.rfind("[[plan]]").unwrap()].to_owned();
    assert_eq!(error("plans.toml", &five), "plans.toml: 5 plans; the game has 6 Business Plans (BI-COMP-1)");
}

#[test]
fn a_malformed_card_file_names_its_line() {
    let l = line(CARDS, "slots = [{ region = \"meek\", income = 9 }]");
    assert_eq!(
        error(
            "cards.toml",
            &CARDS.replacen("region = \"meek\", income = 9 }]", "region = \"atlantis\", income = 9 }]", 1)
        ),
        format!(
            "cards.toml:{l}: card sweatshop: no region `atlantis`; the regions are superpower, the-rest, \
             corruptistan, tigers, rogue-state, meek"
        )
    );
    assert_eq!(
        error("cards.toml", &CARDS.replacen("copies = 2", "copies = 3", 1)),
        "cards.toml: the copies add up to 55 cards; the deck has 54 (BI-COMP-1)"
    );
    // A step that acts on the target of a card without one.
    let l = line(CARDS, "effect = [{ new_vp = true }]");
    assert_eq!(
        error("cards.toml", &CARDS.replacen("effect = [{ new_vp = true }]", "effect = [{ lounge = \"target\" }]", 1)),
        format!("cards.toml:{l}: card headhunter: the step `lounge` acts on the target: the card needs a vp target")
    );
    let l = line(CARDS, "effect = [{ reroll = true }]");
    assert_eq!(
        error(
            "cards.toml",
            &CARDS.replacen("effect = [{ reroll = true }]", "effect = [{ reroll = true, explode = 1 }]", 1)
        ),
        format!("cards.toml:{l}: card fog-of-war: the step `reroll` takes no `explode`")
    );
    let l = line(CARDS, "target = { kind = \"player\" }");
    assert_eq!(
        error("cards.toml", &CARDS.replacen("target = { kind = \"player\" }", "target = { kind = \"planet\" }", 1)),
        format!("cards.toml:{l}: card smear-campaign: target kind `planet` is not player, region, vp or opportunity")
    );
}

#[test]
fn a_malformed_event_file_names_its_line() {
    let l = line(EVENTS, "effect = [{ famine = \"meek\" }]");
    assert_eq!(
        error(
            "events.toml",
            &EVENTS.replacen("effect = [{ famine = \"meek\" }]", "effect = [{ famine = \"meek\", who = \"me\" }]", 1)
        ),
        format!("events.toml:{l}: event drought: the step `famine` takes no `who`")
    );
    let seventeen = EVENTS[..EVENTS.rfind("[[event]]").unwrap()].to_owned();
    assert_eq!(error("events.toml", &seventeen), "events.toml: 17 events; the Event deck has 18 cards (BI-COMP-1)");
    assert_eq!(
        error("events.toml", &EVENTS.replacen("who = \"every\" }]", "who = \"me\" }]", 1)),
        format!(
            "events.toml:{}: event stock-market-crash: `who = \"me\"` does not fit this step or card",
            line(EVENTS, "lose_share")
        )
    );
    let _ = ConfigError::Option { field: String::new(), reason: String::new() };
}
