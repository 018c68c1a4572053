//! One test per card, all 140 (the spec: "Every card's behaviour is covered by a test"). Each test
//! builds a position, puts its card into play the way the rules do (placed in phase 2 and turned in
//! phase 4, a First Goal flipped, a Dumbness card face up on the board for phase 3, an auction bid
//! on), answers the card's choices, and asserts exactly what changed: [`changes`] lists every
//! public number and piece that differs, so a test also shows what a card leaves alone.
//! `every_card_has_its_own_test` keeps the list complete.
//!
//! Level cards are played in the short game with three players (both card spaces open, Level 2
//! allowed from the start): P1 USA (Ego 9, Popularity 5, income 5), P2 Russia (Ego 7, Popularity
//! 6, income 4) and P3 North Korea (Ego 8, Popularity 7, income 2), each with 15 resources, 5 VP
//! and a 4-Base with two Units on their start space (E3, B14, E18).

mod dumbness;
mod goals;
mod level1_blue;
mod level1_brown;
mod level1_green;
mod level2_blue;
mod level2_brown;
mod level2_green;
mod nuclear_bombs;

use worlds_engine::{Config, Game, Player};
use worlds_world_dumbination::{CardNo, Deck, Seat, State, Step, Table, WorldDumbination, space_name};

use crate::common::*;

/// The seats of [`g3`] and [`g5`].
pub const USA: usize = 0;
pub const RUSSIA: usize = 1;
pub const KOREA: usize = 2;

/// The short game with three players: P1 USA, P2 Russia, P3 North Korea.
pub fn g3() -> WorldDumbination {
    short(3)
}

/// The standard game with five players: P1 USA, P2 Russia, P3 North Korea, P4 Venezuela, P5
/// Turkey (First Goals in play).
pub fn g5() -> WorldDumbination {
    let nations = ["usa", "russia", "north-korea", "venezuela", "turkey"];
    game_with(&Config::players(5).with_option("nations", serde_json::json!(nations)))
}

/// A card's number.
pub fn no(g: &WorldDumbination, id: &str) -> CardNo {
    g.content().cards.by_id(id).unwrap_or_else(|| panic!("no card {id}")).number
}

/// What a card costs (its printed cost, WD-FLIP-3).
pub fn cost(g: &WorldDumbination, id: &str) -> i64 {
    i64::from(g.content().cards.by_id(id).unwrap().cost)
}

/// The VP a card scores when funded or won (WD-VP-1).
pub fn vp(g: &WorldDumbination, id: &str) -> i64 {
    i64::from(g.content().cards.by_id(id).unwrap().vp)
}

/// A card by its number and name, as events name it: `Fake News [1]`.
pub fn named(g: &WorldDumbination, id: &str) -> String {
    let k = g.content().cards.by_id(id).unwrap();
    format!("{} [{}]", k.name, k.number)
}

/// Takes a card out of every deck, discard pile, hand, project list and off the board.
pub fn strip(g: &WorldDumbination, t: &mut Table, id: &str) -> CardNo {
    let k = no(g, id);
    for set in t.decks.iter_mut().chain(t.discards.iter_mut()).chain(t.dumb.down.iter_mut()) {
        set.remove(k);
    }
    t.dumb.up.remove(k);
    t.dumb.spent.remove(k);
    for seat in t.seats.values_mut() {
        seat.hand.remove(k);
        seat.projects.remove(k);
    }
    k
}

/// `p` owns a card beside their leaderboard (a funded project or a won Dumbness card).
pub fn own(g: &WorldDumbination, t: &mut Table, p: Player, id: &str) -> CardNo {
    let k = strip(g, t, id);
    if g.content().cards.get(k).unwrap().deck == Deck::Dumbness {
        drawn_dumbness(g, t, k);
    }
    t.seats[p].projects.insert(k);
    k
}

/// No Dumbness card in the decks, so none is drawn and none acts unless a test puts it there.
pub fn no_dumbness(g: &WorldDumbination, t: &mut Table) {
    for card in g.content().cards.deck(Deck::Dumbness) {
        for l in 0..2 {
            t.decks[l].remove(card.number);
        }
    }
}

/// A position changed by `edit` and loaded again through every check.
pub fn edited(g: &WorldDumbination, s: &State, edit: impl FnOnce(&mut Table)) -> State {
    let mut t = table(g, s);
    edit(&mut t);
    load(g, &t)
}

/// The same position with `p`'s project sabotaged (WD-CARD-8).
pub fn sabotaged(g: &WorldDumbination, s: &State, p: Player, id: &str) -> State {
    edited(g, s, |t| _ = t.seats[p].sabotaged[0].insert(no(g, id)))
}

/// Every public number and piece of every seat that differs between two positions, seat by seat:
/// Ego, Popularity, resources, VP, income, Units, Bases, markers, projects, elimination.
pub fn changes(g: &WorldDumbination, a: &State, b: &State) -> Vec<String> {
    fn units(s: &Seat) -> String {
        let mut at: Vec<u8> = s.units.iter().filter(|u| u.on_board()).map(|u| u.at).collect();
        at.sort_unstable();
        at.dedup();
        let list: Vec<String> = at.iter().map(|&x| format!("{} {}", space_name(x), s.units_at(x))).collect();
        format!("[{}]", list.join(", "))
    }
    fn bases(s: &Seat) -> String {
        let mut list: Vec<(u8, u8)> = s.bases.iter().filter(|b| b.on_board()).map(|b| (b.at, b.strength)).collect();
        list.sort_unstable();
        let list: Vec<String> = list.iter().map(|(x, n)| format!("{} {n}", space_name(*x))).collect();
        format!("[{}]", list.join(", "))
    }
    let projects = |s: &Seat| -> String {
        let list: Vec<String> = s
            .projects
            .iter()
            .map(|k| {
                let id = &g.content().cards.get(k).unwrap().id;
                if s.is_sabotaged(k) { format!("{id} (sabotaged)") } else { id.clone() }
            })
            .collect();
        format!("[{}]", list.join(", "))
    };
    let mut out = Vec::new();
    for q in 0..a.table().seats.len() {
        let (x, y) = (&a.table().seats[p(q)], &b.table().seats[p(q)]);
        let numbers = [
            ("Ego", i64::from(x.ego), i64::from(y.ego)),
            ("Popularity", i64::from(x.popularity), i64::from(y.popularity)),
            ("resources", i64::from(x.resources), i64::from(y.resources)),
            ("VP", i64::from(x.vp), i64::from(y.vp)),
            ("income", i64::from(g.income(a, p(q))), i64::from(g.income(b, p(q)))),
        ];
        for (what, u, v) in numbers {
            if u != v {
                out.push(d(q, what, u, v));
            }
        }
        let lists = [
            ("units", units(x), units(y)),
            ("Bases", bases(x), bases(y)),
            ("markers", x.markers.to_string(), y.markers.to_string()),
            ("projects", projects(x), projects(y)),
            ("out", x.out.is_some().to_string(), y.out.is_some().to_string()),
        ];
        for (what, u, v) in lists {
            if u != v {
                out.push(d(q, what, u, v));
            }
        }
    }
    out
}

/// One line of [`changes`]: `P2 Popularity 6 -> 5`.
pub fn d(q: usize, what: &str, from: impl std::fmt::Display, to: impl std::fmt::Display) -> String {
    format!("P{} {what} {from} -> {to}", q + 1)
}

/// The line of [`changes`] for `q` paying for `id` out of the 15 resources they start with.
pub fn paid(g: &WorldDumbination, q: usize, id: &str) -> String {
    d(q, "resources", 15, 15 - cost(g, id))
}

/// A position before and after cards acted, with the events between.
pub struct Played {
    pub before: State,
    pub s: State,
    pub events: Vec<String>,
}

impl Played {
    /// What changed from `before` to now ([`changes`]).
    pub fn changes(&self, g: &WorldDumbination) -> Vec<String> {
        changes(g, &self.before, &self.s)
    }

    /// `q` answers the decision in front of them (a card's choice, a bid).
    pub fn answer(&mut self, g: &WorldDumbination, q: usize, text: &str) {
        self.events.extend(act(g, &mut self.s, q, text));
    }

    /// The legal actions of `q` now.
    pub fn options(&self, g: &WorldDumbination, q: usize) -> Vec<String> {
        legal(g, &self.s, q)
    }

    /// Asserts that every text was logged, in this order.
    pub fn saw(&self, texts: &[&str]) {
        let mut from = 0;
        for text in texts {
            match self.events[from..].iter().position(|e| e == text) {
                Some(i) => from += i + 1,
                None => panic!("`{text}` not logged (in order): {:#?}", self.events),
            }
        }
    }

    /// `q`'s leaderboard now.
    pub fn seat(&self, q: usize) -> &Seat {
        &self.s.table().seats[p(q)]
    }
}

/// Phase 2 with the hands and `edit`, no Dumbness card in the decks; every player of `moves` takes
/// its placement steps (cards by id, `nothing`, `target …`, `done`; the cards among them are put in
/// the hand first), everyone else passes, and the round runs to the first decision after that: a
/// card's choice, or phase 5.
pub fn play_all(g: &WorldDumbination, moves: &[(usize, &[&str])], edit: impl FnOnce(&mut Table)) -> Played {
    let mut s = placing(g, &[], |t| {
        no_dumbness(g, t);
        for (q, steps) in moves {
            for step in *steps {
                if g.content().cards.by_id(step).is_some() {
                    give(g, t, p(*q), step);
                }
            }
        }
        edit(t);
    });
    let before = s.clone();
    let mut events = Vec::new();
    for (q, steps) in moves {
        events.extend(place(g, &mut s, *q, steps));
    }
    let busy: Vec<usize> = moves.iter().map(|m| m.0).collect();
    events.extend(others_pass(g, &mut s, &busy));
    Played { before, s, events }
}

/// `q` places the card `id` with `target` (their only card, so it goes on the left card space).
pub fn play(g: &WorldDumbination, q: usize, id: &str, target: &str, edit: impl FnOnce(&mut Table)) -> Played {
    play_all(g, &[(q, &[id, target, "done"])], edit)
}

/// P1 plays `id` at Russia.
pub fn at_russia(g: &WorldDumbination, id: &str, edit: impl FnOnce(&mut Table)) -> Played {
    play(g, USA, id, "target russia", edit)
}

/// `q` funds the project `id` (aiming their target at someone else).
pub fn fund(g: &WorldDumbination, q: usize, id: &str, edit: impl FnOnce(&mut Table)) -> Played {
    play(g, q, id, if q == USA { "target russia" } else { "target usa" }, edit)
}

/// WD-PLACE-6: with `edit`, `q` cannot place `id` because its need is unmet.
pub fn refused(g: &WorldDumbination, q: usize, id: &str, edit: impl FnOnce(&mut Table)) {
    let s = placing(g, &[(q, &[id])], edit);
    assert!(!legal(g, &s, q).contains(&id.to_owned()), "{id} may be placed: {:?}", legal(g, &s, q));
    let name = &g.content().cards.by_id(id).unwrap().name;
    assert_eq!(crate::common::refused(g, &s, q, id), format!("you do not meet the need of {name} now [WD-PLACE-6]"));
}

/// The legal actions of `q` at the start of a fresh phase-5 turn in this position.
pub fn moves(g: &WorldDumbination, s: &State, q: usize) -> Vec<String> {
    let mut t = table(g, s);
    move_turn(&mut t, p(q));
    legal(g, &load(g, &t), q)
}

/// How many steps `q`'s units may take this phase (WD-MOVE-1): one step (`step`, e.g.
/// `move 1 e`) of a fresh phase-5 turn, plus what is left after it.
pub fn movement(g: &WorldDumbination, s: &State, q: usize, step: &str) -> u8 {
    let mut t = table(g, s);
    move_turn(&mut t, p(q));
    let mut s = load(g, &t);
    act(g, &mut s, q, step);
    match s.table().stack.top() {
        Some(Step::Move { left, .. }) => left + 1,
        other => panic!("{other:?}"),
    }
}

/// Plays passes to the next round's phase 2 (its draws done).
pub fn next_round(g: &WorldDumbination, s: &mut State) -> Vec<String> {
    let round = s.table().round;
    play_until(g, s, |s| s.table().round > round && s.table().phase() == worlds_world_dumbination::Phase::Place)
}

/// The sources of the card tests, read by the meta-test.
const SOURCES: [&str; 9] = [
    include_str!("level1_green.rs"),
    include_str!("level1_brown.rs"),
    include_str!("level1_blue.rs"),
    include_str!("level2_green.rs"),
    include_str!("level2_brown.rs"),
    include_str!("level2_blue.rs"),
    include_str!("nuclear_bombs.rs"),
    include_str!("dumbness.rs"),
    include_str!("goals.rs"),
];

/// Every card of the content has its own test here, named `card_NNN_<id>` and marked `#[test]`
/// (or ignored with a reason): a new card without a test turns this red.
#[test]
fn every_card_has_its_own_test() {
    let g = g3();
    let cards = g.content().cards.all();
    let missing: Vec<String> = cards
        .iter()
        .map(|c| format!("fn card_{:03}_{}()", c.number, c.id.replace('-', "_")))
        .filter(|f| SOURCES.iter().all(|src| !src.contains(f.as_str())))
        .collect();
    assert!(missing.is_empty(), "cards without a test: {missing:#?}");
    let mut tests = 0;
    for src in SOURCES {
        let lines: Vec<&str> = src.lines().collect();
        for (i, line) in lines.iter().enumerate().filter(|(_, l)| l.starts_with("fn card_")) {
            let marked = lines[..i].iter().rev().take_while(|l| l.starts_with("#[")).any(|l| *l == "#[test]");
            assert!(marked, "`{line}` is not marked #[test]");
            tests += 1;
        }
    }
    assert_eq!(tests, cards.len(), "one test per card, no more");
}
