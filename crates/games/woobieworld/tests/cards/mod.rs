//! Woobieworld, card by card: every card of the deck (`content/cards.toml`) played from a position, with
//! the exact result. Each expectation was worked out by hand from the card's generated rules text
//! (`Card::text()`, asserted in the card's first row) and the rules; each row names the rule IDs
//! it exercises.
//!
//! Most cards share one shape (a position, the card, the choices, the exact outcome), so most files
//! are a table of [`Case`]s, one row per card or per branch of a card, checked by [`run`]. The files
//! follow the kinds of effect the rulebook names:
//! - `support`: coloured support gained, lost or moved between homes;
//! - `anarchs`: Anarchs placed, removed, moved and counted;
//! - `industries`: industries placed and moved;
//! - `industry_gains`: support paid for the industries near a home or an area;
//! - `industry_removals`: industries removed, and what the removal costs or pays;
//! - `options`: OR cards, one branch chosen;
//! - `playable`: which cards may be played (COLOUR ACTIONS, Red Tape);
//! - `environments`: environments that change the rules, and the cards that discard environments;
//! - `upkeep`: environments acting at the start of a turn (and one drawn into play);
//! - `volcano`: the four Mount Saint Woobie cards.
#![allow(clippy::unwrap_used)]

mod anarchs;
mod environments;
mod industries;
mod industry_gains;
mod industry_removals;
mod options;
mod playable;
mod support;
mod upkeep;
mod volcano;

use crate::common;

use common::*;
use serde_json::json;
use worlds_engine::{Game, Logged, SeededRng, Turn};
use worlds_woobieworld::{Action, Colour, Event, Phase, State, Woobieworld};

/// A card's generated rules text, by number.
use common::card_text as text;

/// Every ENVIRONMENT of the deck, by number.
const ENVIRONMENTS: [u16; 12] = [10, 80, 175, 260, 365, 450, 540, 625, 820, 875, 930, 985];

fn rng() -> SeededRng {
    SeededRng::new(0)
}

type Pairs = &'static [(&'static str, &'static str)];
type Texts = &'static [&'static str];

/// One card played from a position, and everything that follows, exactly: a row of a table, written
/// `row(card, case)` then one method per field set. Fields left out are empty (no Anarch outside
/// the homes, no industry, no environment, nothing to do after playing the card), except that the
/// board after is by default the board before.
#[derive(Default)]
struct Case {
    /// The card, by number, played by `active` (alone in their hand, in their play phase).
    card: u16,
    /// What the row shows, when the card has several rows; it names the row in a failure.
    case: &'static str,
    /// The card's generated rules text; empty when another row of the same card asserts it.
    text: &'static str,
    /// Homes by seat with their support, in the rulebook's notation ("2R 1A"): the game has one
    /// player per home.
    homes: Pairs,
    active: usize,
    /// Environments in play, with their caretakers' seats (see [`position`]).
    in_play: &'static [(u16, usize)],
    /// Anarchs outside homes, and industries, by area.
    anarchs: Pairs,
    industries: Pairs,
    /// What is asked and done after the card is played, in order.
    steps: Vec<Step>,
    /// Everything that happened after "Pn plays Card (number)", up to the draw.
    told: Texts,
    /// Then: every home by seat (see [`home`]); the industries, Anarchs and environments on the board
    /// as [`industries`], [`anarchs`] and [`environments`] list them (`None`: as they were before the
    /// card); cards that must lie in the discard pile. The card is always fully resolved, and the next
    /// player clockwise in their support phase.
    homes_after: Texts,
    industries_after: Option<Texts>,
    anarchs_after: Option<Texts>,
    environments_after: Option<Texts>,
    discarded: Texts,
}

/// A row for this card (by number), showing this case (empty when the card has one row).
fn row(card: u16, case: &'static str) -> Case {
    Case { card, case, ..Case::default() }
}

/// A method to set each field of a [`Case`] but the card and the case (`Some` for an `Option`).
macro_rules! set {
    ($($field:ident: $type:ty),*; $($some:ident),*) => {
        impl Case {
            $(fn $field(mut self, $field: $type) -> Case {
                self.$field = $field;
                self
            })*
            $(fn $some(mut self, $some: Texts) -> Case {
                self.$some = Some($some);
                self
            })*
        }
    };
}

set!(
    text: &'static str,
    homes: Pairs,
    active: usize,
    in_play: &'static [(u16, usize)],
    anarchs: Pairs,
    industries: Pairs,
    steps: Vec<Step>,
    told: Texts,
    homes_after: Texts,
    discarded: Texts;
    industries_after,
    anarchs_after,
    environments_after
);

/// A step of a case after its card is played (or of a support phase, in `environments`).
enum Step {
    /// It is this seat's decision, and these are exactly their legal actions.
    Asks(usize, Vec<String>),
    /// This seat makes this move (it must be their decision).
    Do(usize, &'static str),
    /// This seat's move is refused with these words, and the state is unchanged.
    Refused(usize, &'static str, &'static str),
    /// The pending decision, in words.
    Question(&'static str),
    /// The turn is in this phase.
    InPhase(Phase),
}

use Step::*;

/// [`Step::Asks`], written as text.
fn asks(seat: usize, actions: &[&str]) -> Step {
    Asks(seat, actions.iter().map(|a| a.to_string()).collect())
}

/// [`Step::Asks`] for a choice among these areas, by ID.
fn asks_areas(seat: usize, ids: &[&str]) -> Step {
    Asks(seat, areas(ids))
}

/// Checks every case, then fails naming each case that failed (each failure is told above it).
fn run(cases: Vec<Case>) {
    let failed: Vec<String> = cases
        .iter()
        .filter(|case| std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| case.check())).is_err())
        .map(Case::name)
        .collect();
    assert!(failed.is_empty(), "{} of {} cases failed: {failed:?}", failed.len(), cases.len());
}

impl Case {
    fn name(&self) -> String {
        match self.case {
            "" => format!("card {}", self.card),
            case => format!("card {}, {case}", self.card),
        }
    }

    fn check(&self) {
        let name = &self.name();
        let players = self.homes.len();
        let g = game(players);
        if !self.text.is_empty() {
            assert_eq!(text(&g, self.card), self.text, "{name}: the card's text");
        }
        let card = g.content().cards.iter().find(|c| c.number == self.card).unwrap();
        let homes: Vec<&str> = self.homes.iter().map(|(at, _)| *at).collect();
        let mut pos = position(&g, &homes, self.active, "play", self.in_play, &[]);
        for (at, pieces) in self.homes.iter().chain(self.anarchs) {
            pos = pos.support(&g, at, pieces);
        }
        for (at, pieces) in self.industries {
            pos = pos.industries(&g, at, pieces);
        }
        let mut s = pos.hand(&g, self.active, &[&card.name]).load(&g);
        let board = |s: &State| (industries(&g, s), anarchs(&g, s), environments(&g, s));
        let before = board(&s);
        let play = g.format_action(Action::Play(common::card(&g, &card.name)));
        let mut told = step(&g, &mut s, name, self.active, &play);
        let plays = format!("P{} plays {} ({})", self.active + 1, card.name, self.card);
        assert_eq!(told.remove(0), plays, "{name}");
        take(&g, &mut s, name, &self.steps, &mut told);
        assert_eq!(told, self.told, "{name}: what happened");
        let homes: Vec<String> = (0..players).map(|seat| home(&g, &s, seat)).collect();
        assert_eq!(homes, self.homes_after, "{name}: the homes");
        let after = board(&s);
        board_is(name, "the industries", &after.0, self.industries_after, &before.0);
        board_is(name, "the Anarchs", &after.1, self.anarchs_after, &before.1);
        board_is(name, "the environments", &after.2, self.environments_after, &before.2);
        for card in self.discarded {
            assert!(in_discard(&g, &s, card), "{name}: {card} is not in the discard pile");
        }
        assert!(s.resolving().is_none(), "{name}: the card is still being resolved: {:?}", s.resolving());
        assert_eq!((s.active(), s.phase()), (p((self.active + 1) % players), Phase::Support), "{name}: next");
    }
}

/// What a case finds on the board is what it expects, or, expecting nothing, what was there before.
fn board_is(name: &str, what: &str, found: &[String], expected: Option<Texts>, before: &[String]) {
    match expected {
        Some(expected) => assert_eq!(found, expected, "{name}: {what}"),
        None => assert_eq!(found, before, "{name}: {what}, unchanged"),
    }
}

/// Takes the steps in order, adding what each move made happen (up to a draw) to `told`.
fn take(g: &Woobieworld, s: &mut State, name: &str, steps: &[Step], told: &mut Vec<String>) {
    for next in steps {
        match next {
            Asks(seat, actions) => {
                assert_eq!(g.turn(s), Turn::Decide(p(*seat)), "{name}: whose decision it is");
                assert_eq!(&legal(g, s, *seat), actions, "{name}: what P{} is asked", seat + 1);
            }
            Do(seat, text) => {
                assert_eq!(g.turn(s), Turn::Decide(p(*seat)), "{name}: whose decision `{text}` is");
                told.extend(step(g, s, name, *seat, text));
            }
            Refused(seat, text, why) => {
                assert_eq!(refused(g, s, *seat, text), *why, "{name}: `{text}` by P{}", seat + 1);
            }
            Question(text) => assert_eq!(g.decision(s).text, *text, "{name}: the question"),
            InPhase(phase) => assert_eq!(s.phase(), *phase, "{name}: the phase"),
        }
    }
}

/// One move by `seat`; what it made happen, up to the draw.
fn step(g: &Woobieworld, s: &mut State, name: &str, seat: usize, text: &str) -> Vec<String> {
    let action = g.parse_action(text).unwrap_or_else(|e| panic!("{name}: `{text}`: {e}"));
    let events = g.apply(s, p(seat), action, &mut rng());
    effects(g, &events.unwrap_or_else(|e| panic!("{name}: `{text}` by P{}: {e}", seat + 1)))
}

/// A position with homes by seat and `active` in `phase`. The environments in `in_play` are in play
/// with their caretakers and those in `in_deck` wait in the deck; every other environment lies in
/// the discard pile, so the draw after a played card (WOOB-DRAW-1) is an action card and cannot
/// change the board the test looks at.
fn position(
    g: &Woobieworld,
    homes: &[&str],
    active: usize,
    phase: &str,
    in_play: &[(u16, usize)],
    in_deck: &[u16],
) -> Position {
    let mut pos = Position::new(g, homes, active, phase);
    for &(number, caretaker) in in_play {
        pos = pos.in_play(g, number, caretaker);
    }
    let rest: Vec<String> = ENVIRONMENTS
        .iter()
        .filter(|n| !in_play.iter().any(|(k, _)| k == *n) && !in_deck.contains(n))
        .map(u16::to_string)
        .collect();
    let rest: Vec<&str> = rest.iter().map(String::as_str).collect();
    pos.discard(g, &rest)
}

/// A position in `active`'s play phase (see [`position`]).
fn at(g: &Woobieworld, homes: &[&str], active: usize, in_play: &[(u16, usize)]) -> Position {
    position(g, homes, active, "play", in_play, &[])
}

/// What the events say, up to the draw that follows a played card.
fn effects(g: &Woobieworld, events: &[Logged<Event>]) -> Vec<String> {
    events
        .iter()
        .take_while(|e| !matches!(e.event, Event::Drew { .. } | Event::DrewCard { .. } | Event::TurnStarted { .. }))
        .map(|e| g.describe_event(&e.event))
        .collect()
}

/// Makes the moves in order (each by its seat) and returns what happened, up to the draw.
fn act(g: &Woobieworld, s: &mut State, moves: &[(usize, &str)]) -> Vec<String> {
    let mut events = Vec::new();
    for (seat, text) in moves {
        events.extend(play(g, s, *seat, text, &mut rng()));
    }
    effects(g, &events)
}

/// Every industry on the board, by area in map order: "Woobania: 1R 1B".
fn industries(g: &Woobieworld, s: &State) -> Vec<String> {
    let map = &g.content().map;
    map.areas()
        .filter_map(|a| {
            let here: Vec<String> = Colour::ALL
                .iter()
                .filter(|&&c| s.industries_in(a, c) > 0)
                .map(|&c| format!("{}{}", s.industries_in(a, c), c.letter()))
                .collect();
            (!here.is_empty()).then(|| format!("{}: {}", map.name(a), here.join(" ")))
        })
        .collect()
}

/// Every Anarch on the board, by area in map order: "Oceana: 2A".
fn anarchs(g: &Woobieworld, s: &State) -> Vec<String> {
    let map = &g.content().map;
    map.areas()
        .filter(|&a| s.support_in(a, worlds_woobieworld::Support::Anarch) > 0)
        .map(|a| format!("{}: {}A", map.name(a), s.support_in(a, worlds_woobieworld::Support::Anarch)))
        .collect()
}

/// The environments in play with their caretakers, in the order they came into play.
fn environments(g: &Woobieworld, s: &State) -> Vec<String> {
    s.in_play().iter().map(|e| format!("{} ({})", g.content().card(e.card).name, e.caretaker)).collect()
}

fn in_discard(g: &Woobieworld, s: &State, name: &str) -> bool {
    let j = g.save_state(s);
    j["discard"].as_array().unwrap().contains(&json!(card(g, name).index()))
}

/// Where a card lies in a position's deck (the index a scripted pick names).
fn deck_index(g: &Woobieworld, pos: &Position, number: u16) -> u32 {
    let id = g.content().cards.iter().position(|c| c.number == number).unwrap();
    let deck = pos.to_json(g)["deck"].as_array().unwrap().clone();
    deck.iter().position(|c| c == &json!(id)).unwrap() as u32
}

/// All the areas of the map, as `area ID` choices.
fn all_areas(g: &Woobieworld) -> Vec<String> {
    g.content().map.areas().map(|a| format!("area {}", g.content().map.id(a))).collect()
}

fn areas(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| format!("area {n}")).collect()
}

const PICKS: [&str; 4] = ["pick red", "pick yellow", "pick green", "pick blue"];
const COLOURS: [&str; 4] = ["colour red", "colour yellow", "colour green", "colour blue"];
const LAND: [&str; 13] = [
    "cheeseport",
    "margaritaville",
    "oceana",
    "cocoa-cliffs",
    "doom-grove",
    "woobania",
    "pillow-peaks",
    "snugglebury",
    "bambooton",
    "sulfer-springs",
    "mount-saint-woobie",
    "fuzzy-hollow",
    "lullaby-lowlands",
];
const WATERS: [&str; 4] = ["coldish-ocean", "sea-of-despair", "prismatic-ocean", "sea-of-dreams"];
/// The coastal land areas (touching water) and the inland ones.
const COASTAL: [&str; 9] = [
    "cheeseport",
    "margaritaville",
    "oceana",
    "cocoa-cliffs",
    "doom-grove",
    "snugglebury",
    "bambooton",
    "fuzzy-hollow",
    "lullaby-lowlands",
];
const INLAND: [&str; 4] = ["woobania", "pillow-peaks", "sulfer-springs", "mount-saint-woobie"];
const MOUNTAINS: [&str; 3] = ["cocoa-cliffs", "pillow-peaks", "mount-saint-woobie"];

/// The land areas but these, in map order.
fn land_but(ids: &[&str]) -> Vec<&'static str> {
    LAND.into_iter().filter(|a| !ids.contains(a)).collect()
}

/// Every area but these, in map order (land, then water).
fn everywhere_but(ids: &[&str]) -> Vec<&'static str> {
    LAND.into_iter().chain(WATERS).filter(|a| !ids.contains(a)).collect()
}

/// The area lists above are the map's, in its order.
#[test]
fn the_map_in_order() {
    let g = game(2);
    assert_eq!(all_areas(&g), areas(&everywhere_but(&[])));
    let map = &g.content().map;
    let only = |mask: u32| -> Vec<&str> { LAND.into_iter().filter(|a| mask & area(&g, a).bit() != 0).collect() };
    assert_eq!(
        (only(map.coastal()), only(map.inland()), only(map.mountains())),
        (COASTAL.into(), INLAND.into(), MOUNTAINS.into())
    );
}
