//! The cards (WD-COMP-1, WD-CARD, WD-GOAL, WD-DUMB, WD-SETUP-10, "Content to design"): the built-in
//! content, the parser's errors and the generated rules text.

mod dumbness;
mod errors;
mod goals;
mod level;
mod text;

use worlds_world_dumbination::{Card, CardStep as Step, Cards, Deck, Kind, MAX_NUMBER, card_text};

/// The built-in card file, as the crate compiles it in.
const BUILT_IN_CARDS: &str = include_str!("../content/cards.toml");

fn cards() -> std::sync::Arc<Cards> {
    match Cards::built_in() {
        Ok(c) => c,
        Err(e) => panic!("the built-in cards do not parse: {e}"),
    }
}

fn card(id: &str) -> Card {
    cards().by_id(id).unwrap_or_else(|| panic!("no card `{id}`")).clone()
}

fn count(cards: &Cards, deck: Deck, kind: Kind) -> usize {
    cards.deck(deck).filter(|c| c.kind == kind).count()
}

fn any_step(c: &Card, f: impl Fn(&Step) -> bool) -> bool {
    c.all_steps().into_iter().any(f)
}

#[test]
fn wd_comp_1_the_built_in_cards_parse_with_exact_counts() {
    let c = cards();
    assert_eq!(c.all().len(), 140);
    let split = |d| [count(&c, d, Kind::Green), count(&c, d, Kind::Brown), count(&c, d, Kind::Blue)];
    assert_eq!(c.deck(Deck::Level1).count(), 50);
    assert_eq!(split(Deck::Level1), [16, 20, 14]);
    assert_eq!(c.deck(Deck::Level2).count(), 65);
    assert_eq!(split(Deck::Level2), [12, 32, 21]);
    assert_eq!(c.deck(Deck::FirstGoal).count(), 10);
    assert_eq!(count(&c, Deck::FirstGoal, Kind::FirstGoal), 10);
    assert_eq!(c.deck(Deck::Dumbness).count(), 15);
    assert!(c.deck(Deck::Dumbness).all(|x| x.kind == Kind::Dumbness));
    assert!(c.all().iter().filter(|x| x.kind == Kind::Dumbness).all(|x| x.deck == Deck::Dumbness));
    // Parsing the same text again gives the same cards.
    assert_eq!(Cards::parse(BUILT_IN_CARDS).as_ref(), Ok(&*c));
}

#[test]
fn wd_card_3_numbers_are_unique_at_most_150_and_the_header_lists_the_dumbness_numbers() {
    let c = cards();
    let numbers: Vec<u8> = c.all().iter().map(|x| x.number).collect();
    assert!(numbers.windows(2).all(|w| w[0] < w[1]), "sorted and unique");
    assert!(numbers.iter().all(|&n| n <= MAX_NUMBER));
    for x in c.all() {
        assert_eq!(c.get(x.number).map(|y| &y.id), Some(&x.id));
    }
    let free = c.free_numbers();
    assert_eq!(free.len(), 151 - 140);
    // The header lists the Dumbness cards' numbers and the spare ones.
    let listed = |prefix: &str| -> Vec<u8> {
        let line = BUILT_IN_CARDS
            .lines()
            .find_map(|l| l.strip_prefix(prefix))
            .unwrap_or_else(|| panic!("the header has `{prefix}`"));
        line.trim_end_matches('.').split(", ").map(|n| n.parse().unwrap_or_else(|_| panic!("number `{n}`"))).collect()
    };
    let dumb = listed("# Dumbness card numbers: ");
    assert!(dumb.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(dumb, c.deck(Deck::Dumbness).map(|x| x.number).collect::<Vec<u8>>());
    assert_eq!(listed("# Spare numbers (unused; for later changes): "), free);
    // Each card's line is its `[[card]]`.
    for x in c.all() {
        assert_eq!(BUILT_IN_CARDS.lines().nth(x.line - 1), Some("[[card]]"), "{}", x.name);
    }
}

#[test]
fn every_card_has_text_flavour_and_a_findable_id() {
    let c = cards();
    for x in c.all() {
        let text = card_text(x);
        assert!(text.starts_with(x.kind.name()) && text.ends_with('.'), "{text}");
        assert!(x.flavour.as_ref().is_some_and(|f| !f.is_empty()), "{}", x.name);
        assert_eq!(c.by_id(&x.id.to_uppercase()).map(|y| y.number), Some(x.number));
        if !x.is_nuclear_bomb() {
            assert_eq!(c.by_id(&x.name.to_lowercase()).map(|y| y.number), Some(x.number));
        }
    }
    assert!(c.by_id("no-such-card").is_none());
}

// ---------------------------------------------------------------------------------------------
// Bad input: the real text with one line changed, and the exact error.

/// The real text with `from` replaced by `to` in the first place after `after`, and that line.
fn mutate(after: &str, from: &str, to: &str) -> (String, usize) {
    let start = BUILT_IN_CARDS.find(after).unwrap_or_else(|| panic!("`{after}` is in the file"));
    let at = start + BUILT_IN_CARDS[start..].find(from).unwrap_or_else(|| panic!("`{from}` after `{after}`"));
    let text = format!("{}{to}{}", &BUILT_IN_CARDS[..at], &BUILT_IN_CARDS[at + from.len()..]);
    (text, worlds_engine::line_of(BUILT_IN_CARDS, at))
}

/// The line of the first `s` after `after`.
fn line_after(after: &str, s: &str) -> usize {
    mutate(after, s, s).1
}

/// The line of the `[[card]]` before `after`.
fn card_line(after: &str) -> usize {
    let at = BUILT_IN_CARDS.find(after).unwrap_or_else(|| panic!("`{after}` is in the file"));
    let header = BUILT_IN_CARDS[..at].rfind("[[card]]").unwrap_or(0);
    worlds_engine::line_of(BUILT_IN_CARDS, header)
}

fn error(text: &str) -> String {
    match Cards::parse(text) {
        Ok(_) => panic!("the mutated text parsed"),
        Err(e) => e.to_string(),
    }
}

const FAKE: &str = "id = \"fake-news\"";

/// The line an error names: the changed one, the one after it (`to` adds a line), the `[[card]]`
/// line of the card holding some text (a key left out), or the first line with some text after
/// `after`.
#[derive(Clone, Copy)]
enum At {
    Changed,
    Next,
    Card(&'static str),
    Line(&'static str),
}

/// The real text with `from` replaced by `to` after `after` is refused with exactly
/// `cards.toml:LINE: ` and `reason`, the line being told by `at`.
fn refused(after: &str, from: &str, to: &str, at: At, reason: &str) {
    let (e, line) = error_at(after, from, to);
    let line = match at {
        At::Changed => line,
        At::Next => line + 1,
        At::Card(of) => card_line(of),
        At::Line(s) => line_after(after, s),
    };
    assert_eq!(e, format!("cards.toml:{line}: {reason}"), "`{from}` changed to `{to}` after `{after}`");
}

// ---------------------------------------------------------------------------------------------
// Part 2 bad input.

const GROUPIES: &str = "id = \"alien-groupies\"";
const KITTENS: &str = "id = \"cute-kittens\"";
const NOBEL: &str = "id = \"nobel-peace-prize\"";
const HUG: &str = "id = \"mandatory-group-hug\"";
const SHIP: &str = "id = \"alien-ship\"";

/// The error of the real text with `from` replaced by `to` after `after`, and that line.
fn error_at(after: &str, from: &str, to: &str) -> (String, usize) {
    let (text, line) = mutate(after, from, to);
    (error(&text), line)
}

/// The real text without the `[[card]]` holding `id`.
fn without(text: &str, id: &str) -> String {
    let at = text.find(&format!("id = \"{id}\"")).unwrap_or_else(|| panic!("no `{id}`"));
    let start = text[..at].rfind("[[card]]").unwrap_or(0);
    let end = text[at..].find("[[card]]").map_or(text.len(), |e| at + e);
    format!("{}{}", &text[..start], &text[end..])
}

#[test]
fn wd_dumb_dumbness_fields_only_on_dumbness_cards() {
    for (key, value) in [
        ("back", "\"level1\""),
        ("crazy", "true"),
        ("min_bid", "3"),
        ("pending", "{ highest = \"vp\" }"),
        ("players", "\"each\""),
    ] {
        let (e, line) = error_at(FAKE, "target = true", &format!("target = true\n{key} = {value}"));
        assert_eq!(
            e,
            format!("cards.toml:{}: card 1 (Fake News): only Dumbness cards have `{key}` (WD-DUMB)", line + 1)
        );
    }
    let (e, line) = error_at(FAKE, "type = \"brown\"", "type = \"dumbness\"");
    assert_eq!(e, format!("cards.toml:{line}: card 1 (Fake News): a Dumbness card cannot be in the level1 deck"));
    let (e, line) = error_at(GROUPIES, "type = \"dumbness\"", "type = \"green\"");
    assert_eq!(e, format!("cards.toml:{line}: card 5 (Alien Groupies): a Green card cannot be in the dumbness deck"));
}

#[test]
fn wd_setup_10_a_back_names_a_level_deck() {
    let (e, line) = error_at("id = \"alien-sighting\"", "back = \"level1\"", "back = \"first_goal\"");
    assert_eq!(
        e,
        format!(
            "cards.toml:{line}: card 17 (Alien Sighting): the back names a Level deck, level1 or level2, not first_goal"
        )
    );
}

#[test]
fn wd_dumb_a_dumbness_card_has_no_cost_need_or_lose_gain_and_vp_only_when_won() {
    let at = |key: &str, reason: &str| {
        let (e, line) = error_at(GROUPIES, "players =", &format!("{key}\nplayers ="));
        assert_eq!(e, format!("cards.toml:{line}: card 5 (Alien Groupies): {reason}"));
    };
    at("cost = 1", "a Dumbness card has no cost: its winner pays a bid (`min_bid`)");
    at("need = [{ ego_at_least = 5 }]", "a Dumbness card has no need: nobody places it (WD-DUMB-6)");
    at("lose_gain = [{ do = \"ego\", n = 1 }]", "a Dumbness card has no lose/gain: put its steps in `effect`");
    at("vp = 1", "only a won Dumbness card (`min_bid` or `pending`) gives VP, to its winner (WD-DUMB-2)");
    // A Level card still needs its cost.
    let (text, _) = mutate(FAKE, "cost = 1\n", "");
    assert_eq!(
        error(&text),
        format!("cards.toml:{}: card 1 (Fake News): the card needs a `cost` (0 to 12)", card_line(FAKE))
    );
}

#[test]
fn wd_dumb_3_the_minimum_bid_is_1_to_12_and_not_with_pending() {
    for bid in ["0", "13"] {
        let (e, line) = error_at(KITTENS, "min_bid = 2", &format!("min_bid = {bid}"));
        assert_eq!(e, format!("cards.toml:{line}: card 28 (Cute Kittens): the minimum bid is 1 to 12, not {bid}"));
    }
    let (e, line) = error_at(KITTENS, "min_bid = 2", "min_bid = 2\npending = { highest = \"vp\" }");
    assert_eq!(
        e,
        format!(
            "cards.toml:{}: card 28 (Cute Kittens): a Dumbness card is auctioned (`min_bid`) or pending, not both",
            line + 1
        )
    );
    let (e, line) = error_at(KITTENS, "min_bid = 2", "min_bid = 2\nplayers = \"each\"");
    assert_eq!(
        e,
        format!(
            "cards.toml:{}: card 28 (Cute Kittens): a won Dumbness card acts on its winner: `players` is for cards \
             that act from the board",
            line + 1
        )
    );
}

#[test]
fn wd_dumb_5_bad_pending_conditions_are_refused() {
    const NOBEL_PENDING: &str = "pending = { highest = \"peace_markers\", tie = \"nobody\" }";
    let shapes = "{ lowest = \"vp\" }, { highest = \"ego\" }, { at_most = \"popularity\", n = 4 } or { at_least = \
                  \"income\", n = 8 }";
    let cases = [
        ("\"each\"", format!("a pending card goes to one player who qualifies: `pending` is {shapes}")),
        ("3", format!("`pending` is {shapes}")),
        (
            "{ highest = \"peace\" }",
            "unknown stat `peace`; the stats are vp, ego, popularity, income, resources, peace_markers, spaces, units, \
             base"
                .to_owned(),
        ),
        ("{ at_least = \"peace_markers\" }", "`at_least` needs `n`".to_owned()),
        ("{ highest = \"peace_markers\", n = 1 }", "`highest` takes no `n`".to_owned()),
        ("{ at_least = \"vp\", n = 0 }", "`at_least` with n = 0 picks every player".to_owned()),
        ("{ at_least = \"vp\", n = 300 }", "`n` is 0 to 255, not 300".to_owned()),
        ("{ at_most = \"ego\", n = 11 }", "ego runs 0 to 10, not 11".to_owned()),
        (
            "{ highest = \"peace_markers\", tie = \"coin\" }",
            "`tie` is \"nobody\" or \"first\" (the earliest in player order)".to_owned(),
        ),
        (
            "{ highest = \"ego\", lowest = \"vp\" }",
            "`pending` holds one of lowest, highest, at_most and at_least, not 2".to_owned(),
        ),
        ("{ tie = \"nobody\" }", "`pending` holds one of lowest, highest, at_most and at_least, not 0".to_owned()),
        (
            "{ most = \"vp\" }",
            "unknown key `most` in `pending`; the keys are lowest, highest, at_most, at_least, n, tie".to_owned(),
        ),
    ];
    for (value, reason) in cases {
        let (e, line) = error_at(NOBEL, NOBEL_PENDING, &format!("pending = {value}"));
        assert_eq!(e, format!("cards.toml:{line}: card 51 (Nobel Peace Prize): {reason}"), "{value}");
    }
}

#[test]
fn wd_dumb_7_bad_players_are_refused() {
    const PLAYERS: &str = "players = { at_most = \"popularity\", n = 4 }";
    let cases = [
        (
            "\"all\"",
            "`players` is \"each\", { lowest = \"vp\" }, { highest = \"ego\" }, { at_most = \"popularity\", n = 4 } \
             or { at_least = \"income\", n = 8 }",
        ),
        (
            "{ at_most = \"popularity\", n = 4, tie = \"nobody\" }",
            "`tie` is only for pending cards: on other cards a tie picks the earliest in player order (WD-DUMB-7)",
        ),
        (
            "{ lowest = \"luck\" }",
            "unknown stat `luck`; the stats are vp, ego, popularity, income, resources, peace_markers, spaces, units, base",
        ),
        (
            "{ at_most = \"popularity\", m = 4 }",
            "unknown key `m` in `players`; the keys are lowest, highest, at_most, at_least, n",
        ),
    ];
    for (value, reason) in cases {
        let (e, line) = error_at(GROUPIES, PLAYERS, &format!("players = {value}"));
        assert_eq!(e, format!("cards.toml:{line}: card 5 (Alien Groupies): {reason}"), "{value}");
    }
    // A rule acts on the whole game, so its card picks nobody.
    let (e, line) = error_at(HUG, "effect =", "players = { lowest = \"vp\" }\neffect =");
    assert_eq!(
        e,
        format!(
            "cards.toml:{line}: card 63 (Mandatory Group Hug): `rule` and `leave_game` act on the whole game: a card \
             with them acts on every player (leave out `players`)"
        )
    );
}

#[test]
fn wd_dumb_dumbness_steps_are_checked_against_the_shape() {
    let (e, line) = error_at(GROUPIES, "do = \"popularity\", n = 1", "do = \"hand_limit\", n = 1");
    assert_eq!(
        e,
        format!(
            "cards.toml:{line}: card 5 (Alien Groupies): `hand_limit` is not a step of a Dumbness card that acts from \
             the board: those are ego, popularity, resources, lose_half_resources, income, unit_strength, movement, \
             choose, free_base, free_unit, rule, leave_game"
        )
    );
    let (e, line) = error_at(KITTENS, "do = \"popularity\", n = 2", "do = \"rule\", kind = \"no_attacks\", rounds = 1");
    assert_eq!(
        e,
        format!(
            "cards.toml:{line}: card 28 (Cute Kittens): `rule` is not a step of a won Dumbness card (`min_bid` or \
             `pending`): those are ego, popularity, resources, income, unit_strength, movement, hand_limit, choose, \
             free_base, free_unit, sea_movement, hidden_move, move_base"
        )
    );
    let (e, line) = error_at(KITTENS, "do = \"popularity\", n = 2", "do = \"attack_project\"");
    assert!(
        e.starts_with(&format!("cards.toml:{line}: card 28 (Cute Kittens): `attack_project` is not a step")),
        "{e}"
    );
    let (e, line) =
        error_at(GROUPIES, "do = \"popularity\", n = 1", "do = \"popularity\", n = 1, who = \"each_player\"");
    assert_eq!(
        e,
        format!(
            "cards.toml:{line}: card 5 (Alien Groupies): a Dumbness card's steps act on each player it picks, or on \
             its winner: `who` can only be \"self\""
        )
    );
    let (e, line) = error_at(
        "id = \"alien-sighting\"",
        "[[{ do = \"popularity\", n = 1 }]",
        "[[{ do = \"rule\", kind = \"no_attacks\", rounds = 1 }]",
    );
    assert_eq!(e, format!("cards.toml:{line}: card 17 (Alien Sighting): a `choose` cannot hold `rule`"));
}

#[test]
fn wd_dumb_rule_changes_are_checked() {
    const ARMS: &str = "id = \"arms-fair-scandal\"";
    for (after, from, to, card, reason) in [
        (
            HUG,
            "kind = \"no_attacks\"",
            "kind = \"no_fun\"",
            "63 (Mandatory Group Hug)",
            "unknown rule kind `no_fun`; the kinds are no_attacks, brown_cost, no_resource_income, movement",
        ),
        (HUG, "rounds = 2", "n = 1, rounds = 2", "63 (Mandatory Group Hug)", "a `no_attacks` rule takes no `n`"),
        (HUG, "rounds = 2", "rounds = 5", "63 (Mandatory Group Hug)", "a rule lasts 1 to 4 rounds, not 5"),
        (HUG, ", rounds = 2", "", "63 (Mandatory Group Hug)", "`rule` needs `rounds`"),
        (ARMS, "n = 2, ", "", "119 (Arms Fair Scandal)", "a `brown_cost` rule needs `n`"),
        (ARMS, "n = 2, ", "n = 0, ", "119 (Arms Fair Scandal)", "`n` is -10 to 10 and not 0, not 0"),
    ] {
        let (e, line) = error_at(after, from, to);
        assert_eq!(e, format!("cards.toml:{line}: card {card}: {reason}"), "{to}");
    }
}

#[test]
fn wd_setup_10_a_content_deck_needs_12_dumbness_cards() {
    // Three fewer still fills both decks with 2 players; four fewer does not.
    let mut text = BUILT_IN_CARDS.to_owned();
    for id in ["alien-groupies", "cute-kittens", "mandatory-group-hug"] {
        text = without(&text, id);
    }
    let c = Cards::parse(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.deck(Deck::Dumbness).count(), 12);
    let text = without(&text, "sympathy-vote");
    assert_eq!(
        error(&text),
        "cards.toml: the dumbness deck has 11 cards; it needs at least 12, as 6 join each Level deck with 2 players \
         (WD-SETUP-10)"
    );
}

#[test]
fn wd_setup_10_at_most_3_marked_cards_for_each_level_deck() {
    let (text, _) = mutate(GROUPIES, "players =", "back = \"level1\"\nplayers =");
    let text = text.replacen("min_bid = 2\n", "min_bid = 2\nback = \"level1\"\n", 1);
    // In file order the marked Level 1 cards are Alien Groupies, Alien Sighting, Cute Kittens, and
    // fourth Definitely a Weather Balloon.
    let line = worlds_engine::line_of(&text, text.find("back = \"level1\"\nmin_bid = 3").unwrap_or(0));
    assert_eq!(
        error(&text),
        format!(
            "cards.toml:{line}: card 131 (Definitely a Weather Balloon): a 4th Dumbness card with a level1 back; at \
             most 3 each, as only 3 join each Level deck with 5 players (WD-SETUP-10)"
        )
    );
}

#[test]
fn wd_card_12_a_dumbness_card_linked_to_another_must_be_marked() {
    let reason = |with: &str| {
        format!(
            "cards.toml:{}: card 28 (Cute Kittens): linked to the Dumbness card {with}, so it needs a `back`: only \
             marked cards may be linked, as a linked group joins whole (WD-SETUP-10, WD-CARD-12)",
            card_line(KITTENS)
        )
    };
    // Its own link, and a link to it: links work both ways.
    let (e, _) = error_at(KITTENS, "min_bid = 2", "min_bid = 2\nlink = [\"Alien Ship\"]");
    assert_eq!(e, reason("Alien Ship"));
    let (e, _) = error_at(SHIP, "\"The Last Alien\"]", "\"The Last Alien\", \"Cute Kittens\"]");
    assert_eq!(e, reason("Alien Ship"));
    // A keyword links every card that has it: Alien Ship linking `genius` would pull in Hidden Genius.
    let (e, _) = error_at(SHIP, "\"The Last Alien\"]", "\"The Last Alien\", \"genius\"]");
    assert_eq!(
        e,
        format!(
            "cards.toml:{}: card 40 (Hidden Genius): linked to the Dumbness card Alien Ship, so it needs a `back`: \
             only marked cards may be linked, as a linked group joins whole (WD-SETUP-10, WD-CARD-12)",
            card_line("id = \"hidden-genius\"")
        )
    );
}
