//! The cards as content (WD-COMP-1, WD-CARD, WD-GOAL, WD-DUMB, WD-SETUP-10, "Content to design"):
//! the built-in file as a whole here; what each family of cards holds in `level`, `goals` and
//! `dumbness`; the generated rules text in `text`; the exact errors of a bad card file in `errors`
//! and `dumbness_errors`. (What each card does in play is in `each_card`.)

mod dumbness;
mod dumbness_errors;
mod errors;
mod goals;
mod level;
mod text;

use worlds_world_dumbination::{Card, CardStep as Step, Cards, Deck, Kind, MAX_NUMBER, card_text};

/// The built-in card file, as the crate compiles it in.
const BUILT_IN_CARDS: &str = include_str!("../../content/cards.toml");

fn cards() -> std::sync::Arc<Cards> {
    match Cards::built_in() {
        Ok(c) => c,
        Err(e) => panic!("the built-in cards do not parse: {e}"),
    }
}

fn card(id: &str) -> Card {
    cards().by_id(id).unwrap_or_else(|| panic!("no card `{id}`")).clone()
}

fn any_step(c: &Card, f: impl Fn(&Step) -> bool) -> bool {
    c.all_steps().into_iter().any(f)
}

// Bad input: the real text with one line changed, and the exact error.

const FAKE: &str = "id = \"fake-news\"";
const GROUPIES: &str = "id = \"alien-groupies\"";
const KITTENS: &str = "id = \"cute-kittens\"";
const HUG: &str = "id = \"mandatory-group-hug\"";
const SHIP: &str = "id = \"alien-ship\"";

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

/// The error of the real text with `from` replaced by `to` after `after`, and that line.
fn error_at(after: &str, from: &str, to: &str) -> (String, usize) {
    let (text, line) = mutate(after, from, to);
    (error(&text), line)
}

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

fn count(cards: &Cards, deck: Deck, kind: Kind) -> usize {
    cards.deck(deck).filter(|c| c.kind == kind).count()
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
