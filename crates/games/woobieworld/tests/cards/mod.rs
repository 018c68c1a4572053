//! Woobieworld, card by card: every card of the deck (`content/cards.toml`) played from a position, with
//! the exact result. Each expectation was worked out by hand from the card's generated rules text
//! (`Card::text()`, asserted with the card's first case) and the rules; each case names the rule IDs
//! it exercises.
//!
//! Most cards share one shape (a position, the card, the choices, the exact outcome), so most files
//! are a table of [`Case`]s, one row per card or per branch of a card, checked by [`run`]. The files
//! follow the kinds of effect the rulebook names:
//! - `support`: coloured support gained, lost or moved between homes;
//! - `anarchs`: Anarchs placed, removed and moved (and counted);
//! - `industries`: industries placed and moved, and the support industries pay;
//! - `industry_removals`: industries removed, and what the removal costs or pays;
//! - `options`: OR cards, one branch chosen;
//! - `playable`: which cards may be played (COLOUR ACTIONS, Red Tape);
//! - `environments`: environments that change the rules, and the cards that discard environments;
//! - `upkeep`: environments acting at the start of a turn;
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

use crate::common;

use common::*;
use serde_json::json;
use worlds_engine::{Game, Logged, SeededRng, Turn};
use worlds_woobieworld::{Action, Colour, Event, Phase, State, Woobieworld};

/// Every ENVIRONMENT of the deck, by number.
const ENVIRONMENTS: [u16; 12] = [10, 80, 175, 260, 365, 450, 540, 625, 820, 875, 930, 985];

fn rng() -> SeededRng {
    SeededRng::new(0)
}

/// One card played from a position, and everything that follows, exactly. Fields left out are
/// empty: no industry, no Anarch, no environment, nothing more to do after the card is played.
#[derive(Default)]
struct Case {
    /// Names the row in a failure: the test it was, and what the row shows.
    name: &'static str,
    /// The card, by number, played by `active` (alone in their hand, in their play phase).
    card: u16,
    /// The card's generated rules text; empty when another row of the same card asserts it.
    text: &'static str,
    /// Homes by seat: the game has one player per home.
    homes: &'static [&'static str],
    active: usize,
    /// Environments in play, with their caretakers' seats (see [`position`]).
    in_play: &'static [(u16, usize)],
    /// Support and industries by area, in the rulebook's notation ("2R 1A").
    support: &'static [(&'static str, &'static str)],
    industries: &'static [(&'static str, &'static str)],
    /// What is asked and done after the card is played, in order.
    steps: Vec<Step>,
    /// Everything that happened after "Pn plays Card (number)", up to the draw.
    told: &'static [&'static str],
    /// Then: every home by seat (see [`home`]), industries, Anarchs and environments as [`industries`],
    /// [`anarchs`] and [`environments`] list them, and cards that must lie in the discard pile. The
    /// card is always fully resolved and the next player in their support phase ([`done`]).
    homes_after: &'static [&'static str],
    industries_after: &'static [&'static str],
    anarchs_after: &'static [&'static str],
    environments_after: &'static [&'static str],
    discarded: &'static [&'static str],
}

/// A step of a case after its card is played (or of a turn, see `environments`).
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
    let failed: Vec<&str> = cases
        .iter()
        .filter(|case| std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| case.check())).is_err())
        .map(|case| case.name)
        .collect();
    assert!(failed.is_empty(), "{} of {} cases failed: {failed:?}", failed.len(), cases.len());
}

impl Case {
    fn check(&self) {
        let name = self.name;
        let players = self.homes.len();
        let g = game(players);
        if !self.text.is_empty() {
            assert_eq!(text(&g, self.card), self.text, "{name}: the card's text");
        }
        let card = g.content().cards.iter().find(|c| c.number == self.card).unwrap();
        let mut pos = position(&g, self.homes, self.active, "play", self.in_play, &[]);
        for (at, pieces) in self.support {
            pos = pos.support(&g, at, pieces);
        }
        for (at, pieces) in self.industries {
            pos = pos.industries(&g, at, pieces);
        }
        let mut s = pos.hand(&g, self.active, &[&card.name]).load(&g);
        let play = g.format_action(Action::Play(common::card(&g, &card.name)));
        let mut told = step(&g, &mut s, name, self.active, &play);
        let plays = format!("P{} plays {} ({})", self.active + 1, card.name, self.card);
        assert_eq!(told.remove(0), plays, "{name}");
        take(&g, &mut s, name, &self.steps, &mut told);
        assert_eq!(told, self.told, "{name}: what happened");
        let homes: Vec<String> = (0..players).map(|seat| home(&g, &s, seat)).collect();
        assert_eq!(homes, self.homes_after, "{name}: the homes");
        assert_eq!(industries(&g, &s), self.industries_after, "{name}: the industries");
        assert_eq!(anarchs(&g, &s), self.anarchs_after, "{name}: the Anarchs");
        assert_eq!(environments(&g, &s), self.environments_after, "{name}: the environments");
        for card in self.discarded {
            assert!(in_discard(&g, &s, card), "{name}: {card} is not in the discard pile");
        }
        assert!(s.resolving().is_none(), "{name}: the card is still being resolved: {:?}", s.resolving());
        assert_eq!((s.active(), s.phase()), (p((self.active + 1) % players), Phase::Support), "{name}: next");
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

/// A card's generated rules text, by number.
use common::card_text as text;

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

// ---------------------------------------------------------------- 0–199

// ---------------------------------------------------------------- 200–399

/// WOOB-DRAW-1 (drawn: in play at once, the drawer its caretaker, then a second draw),
/// WOOB-RULING-8 (caretaker upkeep at the start of the caretaker's turn only, before the support
/// phase).
#[test]
fn card_365_bumper_crop() {
    let g = game(2);
    assert_eq!(text(&g, 365), "Caretaker: at the start of your turn, your home gains 1G.");
    let pos = position(&g, &["oceana", "woobania"], 0, "play", &[], &[365])
        .support(&g, "oceana", "1R")
        .support(&g, "woobania", "1Y")
        .hand(&g, 0, &["Calm Waters"])
        .hand(&g, 1, &["Harbour Police"]);
    let mut s = pos.load(&g);
    let hand_before = s.hand_size(p(0));
    // P1 has no blue: Calm Waters is discarded; the scripted draw is Bumper Crop.
    let events = play(&g, &mut s, 0, "discard calm-waters", &mut picks(&[deck_index(&g, &pos, 365)]));
    let text_of = told(&g, &events);
    assert!(text_of.contains(&"Bumper Crop comes into play; P1 is its caretaker".to_owned()), "{text_of:?}");
    assert_eq!(environments(&g, &s), ["Bumper Crop (P1)"]);
    assert_eq!(s.hand_size(p(0)), hand_before, "P1 drew again after the environment");
    assert!(!text_of.iter().any(|t| t.starts_with("Bumper Crop takes effect")), "not P2's crop");
    assert_eq!(home(&g, &s, 1), "0R 1Y 0G 0B 0A @Woobania");
    assert_eq!((s.active(), s.phase()), (p(1), Phase::Support));
    // P2's turn; then P1's turn starts with the crop.
    let e = told(
        &g,
        &[
            play(&g, &mut s, 1, "gain red", &mut rng()),
            play(&g, &mut s, 1, "skip industry", &mut rng()),
            play(&g, &mut s, 1, "discard harbour-police", &mut rng()),
        ]
        .concat(),
    );
    let start = e.iter().position(|t| t.starts_with("turn ")).unwrap();
    assert_eq!(e[start + 1..], ["Bumper Crop takes effect for P1", "P1's home gains 1G"]);
    assert_eq!(home(&g, &s, 0), "1R 0Y 1G 0B 0A @Oceana");
    assert_eq!(home(&g, &s, 1), "1R 1Y 0G 0B 0A @Woobania");
    assert_eq!((s.active(), s.phase()), (p(0), Phase::Support));
}

// ---------------------------------------------------------------- 400–599

/// WOOB-RULING-8 (caretaker upkeep: the caretaker decides at the start of their own turn, before
/// the support phase), WOOB-MAP-3 ("neighbouring your home" includes water and the home itself).
#[test]
fn card_450_the_grumpy_ghost() {
    let g = game(2);
    assert_eq!(
        text(&g, 450),
        "Caretaker: at the start of your turn, choose an area neighbouring your home, then place 1 Anarch there."
    );
    let mut s = at(&g, &["doom-grove", "cheeseport"], 0, &[(450, 1)])
        .support(&g, "doom-grove", "1R")
        .support(&g, "cheeseport", "1Y")
        .hand(&g, 0, &["Calm Waters"])
        .load(&g);
    let e = told(&g, &play(&g, &mut s, 0, "discard calm-waters", &mut rng()));
    assert_eq!(e.last().unwrap(), "The Grumpy Ghost takes effect for P2");
    assert_eq!(g.turn(&s), Turn::Decide(p(1)));
    assert_eq!(
        legal(&g, &s, 1),
        areas(&["cheeseport", "margaritaville", "doom-grove", "coldish-ocean", "sea-of-despair"])
    );
    let e = act(&g, &mut s, &[(1, "area doom-grove")]);
    assert_eq!(e, ["P2 chooses Doom Grove", "1A placed in Doom Grove"]);
    assert_eq!(home(&g, &s, 0), "1R 0Y 0G 0B 1A @Doom Grove");
    assert_eq!((s.active(), s.phase()), (p(1), Phase::Support));
    assert!(s.resolving().is_none());
}

/// WOOB-RULING-8 (upkeep for all: at the start of every turn, for the player whose turn it is,
/// caretaker or not), WOOB-RULING-2 (no industry near: the gain does nothing).
#[test]
fn card_540_boom_times() {
    let g = game(2);
    assert_eq!(
        text(&g, 540),
        "Every player: at the start of your turn, choose an industry neighbouring your home and your home gains 1 \
         support of that industry's colour."
    );
    let mut s = at(&g, &["cheeseport", "woobania"], 0, &[(540, 0)])
        .support(&g, "cheeseport", "1R")
        .support(&g, "woobania", "1Y")
        .industries(&g, "oceana", "1B")
        .industries(&g, "woobania", "1R")
        .industries(&g, "snugglebury", "1G")
        .hand(&g, 0, &["Calm Waters"])
        .hand(&g, 1, &["Harbour Police"])
        .load(&g);
    let e = told(&g, &play(&g, &mut s, 0, "discard calm-waters", &mut rng()));
    assert_eq!(e.last().unwrap(), "Boom Times takes effect for P2");
    assert_eq!(g.turn(&s), Turn::Decide(p(1)));
    assert_eq!(legal(&g, &s, 1), ["choose blue industry oceana", "choose red industry woobania"]);
    let e = act(&g, &mut s, &[(1, "choose red industry woobania")]);
    assert_eq!(e, ["P2 chooses the red industry in Woobania", "P2's home gains 1R"]);
    assert_eq!(home(&g, &s, 1), "1R 1Y 0G 0B 0A @Woobania");
    assert_eq!((s.active(), s.phase()), (p(1), Phase::Support));
    // P1's turn: no industry neighbours Cheeseport, so nothing is gained.
    let e = told(
        &g,
        &[
            play(&g, &mut s, 1, "gain yellow", &mut rng()),
            play(&g, &mut s, 1, "skip industry", &mut rng()),
            play(&g, &mut s, 1, "discard harbour-police", &mut rng()),
        ]
        .concat(),
    );
    let start = e.iter().position(|t| t.starts_with("turn ")).unwrap();
    assert_eq!(
        e[start + 1..],
        ["Boom Times takes effect for P1", "there is nothing to choose, so that part has no effect"]
    );
    assert_eq!(home(&g, &s, 0), "1R 0Y 0G 0B 0A @Cheeseport");
    assert_eq!((s.active(), s.phase()), (p(0), Phase::Support));
}

// ---------------------------------------------------------------- 600–799

/// WOOB-RULING-8 (upkeep for all, at the start of each turn: a home near an industry gains an
/// Anarch; one far from any does not).
#[test]
fn card_625_smog_season() {
    let g = game(2);
    assert_eq!(
        text(&g, 625),
        "Every player: at the start of your turn, if your home neighbours an industry, it gains 1A."
    );
    let mut s = at(&g, &["cheeseport", "woobania"], 0, &[(625, 0)])
        .support(&g, "cheeseport", "1R")
        .support(&g, "woobania", "1Y")
        .industries(&g, "oceana", "1B")
        .hand(&g, 0, &["Calm Waters"])
        .hand(&g, 1, &["Harbour Police"])
        .load(&g);
    let e = told(&g, &play(&g, &mut s, 0, "discard calm-waters", &mut rng()));
    let start = e.iter().position(|t| t.starts_with("turn ")).unwrap();
    assert_eq!(e[start + 1..], ["Smog Season takes effect for P2", "P2's home gains 1A"]);
    assert_eq!(home(&g, &s, 1), "0R 1Y 0G 0B 1A @Woobania");
    assert_eq!((s.active(), s.phase()), (p(1), Phase::Support));
    let e = told(
        &g,
        &[
            play(&g, &mut s, 1, "gain yellow", &mut rng()),
            play(&g, &mut s, 1, "skip industry", &mut rng()),
            play(&g, &mut s, 1, "discard harbour-police", &mut rng()),
        ]
        .concat(),
    );
    let start = e.iter().position(|t| t.starts_with("turn ")).unwrap();
    assert_eq!(e[start + 1..], ["Smog Season takes effect for P1"]);
    assert_eq!(home(&g, &s, 0), "1R 0Y 0G 0B 0A @Cheeseport", "no industry near Cheeseport");
    assert_eq!((s.active(), s.phase()), (p(0), Phase::Support));
}

// ---------------------------------------------------------------- 800+: the volcano

/// WOOB-DRAW-1, WOOB-END-1: with three Mount Saint Woobie cards in play, drawing the fourth (a
/// scripted pick from a scripted deck) ends the game at once and it is scored (WOOB-SCORE-1);
/// drawing anything else does not.
#[test]
fn card_820_875_930_985_mount_saint_woobie() {
    let g = game(2);
    for n in [820, 875, 930, 985] {
        assert_eq!(text(&g, n), "The volcano rumbles. When the fourth Mount Saint Woobie is in play, the game ends.");
    }
    // The deck: Referendum and the fourth Mount Saint Woobie; everything else is discarded.
    let kept = ["Calm Waters", "Quicksand", "Referendum"];
    let rest: Vec<String> = g
        .content()
        .cards
        .iter()
        .filter(|c| ![820, 875, 930, 985].contains(&c.number) && !kept.contains(&c.name.as_str()))
        .map(|c| c.number.to_string())
        .collect();
    let rest: Vec<&str> = rest.iter().map(String::as_str).collect();
    let pos = Position::new(&g, &["oceana", "woobania"], 0, "play")
        .in_play(&g, 820, 0)
        .in_play(&g, 875, 1)
        .in_play(&g, 930, 0)
        .discard(&g, &rest)
        .support(&g, "oceana", "1B")
        .support(&g, "woobania", "2Y 1A")
        .hand(&g, 0, &["Calm Waters"])
        .hand(&g, 1, &["Quicksand"]);
    let s = pos.load(&g);
    assert_eq!(s.deck_size(), 2);
    assert_eq!(g.volcanoes_in_play(&s), 3);
    assert_eq!(deck_index(&g, &pos, 985), 1);
    // Drawing Referendum: the game goes on.
    let mut on = s.clone();
    play(&g, &mut on, 0, "play calm-waters", &mut picks(&[0]));
    assert_eq!((on.active(), on.phase()), (p(1), Phase::Support));
    assert_eq!(g.volcanoes_in_play(&on), 3);
    // Drawing the fourth: the volcano erupts.
    let mut s = s;
    let e = told(&g, &play(&g, &mut s, 0, "play calm-waters", &mut picks(&[1])));
    assert_eq!(
        e[e.len() - 2..],
        [
            "Mount Saint Woobie rumbles! P1 drew it and it goes into play",
            "the fourth Mount Saint Woobie is in play: the volcano erupts and the game ends",
        ]
    );
    assert_eq!(g.volcanoes_in_play(&s), 4);
    assert_eq!(s.phase(), Phase::Over(worlds_woobieworld::Ending::Eruption));
    assert_eq!(g.turn(&s), Turn::Over);
    assert_eq!(home(&g, &s, 0), "0R 0Y 0G 3B 0A @Oceana");
    let outcome = g.outcome(&s).unwrap();
    assert_eq!((outcome.scores[p(0)], outcome.scores[p(1)]), (9, 3));
    assert!(outcome.winners().contains(p(0)) && !outcome.winners().contains(p(1)));
    assert_eq!(s.hand_size(p(0)), 0, "the game ended before any further draw");
}
