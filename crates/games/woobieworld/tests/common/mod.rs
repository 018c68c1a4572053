//! Helpers for Woobieworld tests: positions written with area and card names, loaded through the
//! same JSON validation as any saved game.
#![allow(dead_code, clippy::unwrap_used)]

use std::collections::BTreeMap;

use serde_json::{Value, json};
pub use worlds_engine::testing::refused;
use worlds_engine::{Chance, Config, Game, Logged, Player, Scripted, ScriptedValue, SeededRng};
use worlds_woobieworld::{Area, CardId, Event, State, Woobieworld};

pub fn p(i: usize) -> Player {
    Player::from_index(i)
}

pub fn game(players: usize) -> Woobieworld {
    Woobieworld::new(&Config::players(players)).unwrap()
}

pub fn cycles(players: usize) -> Woobieworld {
    Woobieworld::new(&Config::players(players).with_variant("cycles")).unwrap()
}

pub fn area(g: &Woobieworld, name: &str) -> Area {
    g.content().map.find(name).unwrap_or_else(|| panic!("no area {name}"))
}

/// A card's rules text, by number.
pub fn card_text(g: &Woobieworld, number: u16) -> String {
    g.content().cards.iter().find(|c| c.number == number).unwrap().text()
}

pub fn card(g: &Woobieworld, name: &str) -> CardId {
    g.content().find_card(name).unwrap_or_else(|| panic!("no card {name}"))
}

/// A position, built up readably and turned into state JSON.
#[derive(Clone, Debug)]
pub struct Position {
    pub json: Value,
    areas: usize,
    support: BTreeMap<usize, [u8; 5]>,
    industries: BTreeMap<usize, [u8; 4]>,
    hands: Vec<Vec<u8>>,
    in_play: Vec<(u8, usize)>,
    discard: Vec<u8>,
}

const KINDS: [char; 5] = ['R', 'Y', 'G', 'B', 'A'];

/// A phase as a step of the stack in position JSON.
pub fn step(phase: &str) -> Value {
    match phase {
        "support" => json!({"support": {"taken": 0}}),
        "upkeep" => json!({"upkeep": {"done": []}}),
        other => json!(other),
    }
}

impl Position {
    /// `homes` by seat (area names); the active player is in `phase` (`choose`, `support`,
    /// `industry`, `play`), the only step on the stack.
    pub fn new(g: &Woobieworld, homes: &[&str], active: usize, phase: &str) -> Position {
        let homes: Vec<Value> = homes.iter().map(|h| json!(area(g, h).index())).collect();
        let players = homes.len();
        Position {
            json: json!({"stack": [step(phase)], "first": 0, "active": active, "turn": 5, "homes": homes}),
            areas: g.content().map.len(),
            support: BTreeMap::new(),
            industries: BTreeMap::new(),
            hands: vec![Vec::new(); players],
            in_play: Vec::new(),
            discard: Vec::new(),
        }
    }

    /// Support in an area, in the rulebook's notation: "2R 1Y 3A".
    pub fn support(mut self, g: &Woobieworld, at: &str, pieces: &str) -> Position {
        let entry = self.support.entry(area(g, at).index()).or_default();
        for word in pieces.split_whitespace() {
            let (n, k) = word.split_at(word.len() - 1);
            let kind = KINDS.iter().position(|c| k.starts_with(*c)).unwrap();
            entry[kind] += n.parse::<u8>().unwrap();
        }
        self
    }

    /// Industries in an area: "1R 2B".
    pub fn industries(mut self, g: &Woobieworld, at: &str, pieces: &str) -> Position {
        let entry = self.industries.entry(area(g, at).index()).or_default();
        for word in pieces.split_whitespace() {
            let (n, k) = word.split_at(word.len() - 1);
            let kind = KINDS.iter().position(|c| k.starts_with(*c)).unwrap();
            entry[kind] += n.parse::<u8>().unwrap();
        }
        self
    }

    pub fn hand(mut self, g: &Woobieworld, seat: usize, cards: &[&str]) -> Position {
        self.hands[seat] = cards.iter().map(|c| card(g, c).index() as u8).collect();
        self
    }

    pub fn in_play(mut self, g: &Woobieworld, card_number: u16, caretaker: usize) -> Position {
        let id = g.content().cards.iter().position(|c| c.number == card_number).unwrap();
        self.in_play.push((id as u8, caretaker));
        self
    }

    pub fn discard(mut self, g: &Woobieworld, cards: &[&str]) -> Position {
        self.discard.extend(cards.iter().map(|c| card(g, c).index() as u8));
        self
    }

    pub fn set(mut self, key: &str, value: Value) -> Position {
        self.json[key] = value;
        self
    }

    pub fn to_json(&self, g: &Woobieworld) -> Value {
        let mut j = self.json.clone();
        j["support"] =
            json!((0..self.areas).map(|a| self.support.get(&a).copied().unwrap_or_default()).collect::<Vec<_>>());
        j["industries"] =
            json!((0..self.areas).map(|a| self.industries.get(&a).copied().unwrap_or_default()).collect::<Vec<_>>());
        j["hands"] = json!(self.hands);
        j["in_play"] = json!(self.in_play.iter().map(|(c, p)| json!({"card": c, "caretaker": p})).collect::<Vec<_>>());
        j["discard"] = json!(self.discard);
        let mut used: Vec<u8> = self.hands.iter().flatten().copied().collect();
        used.extend(self.in_play.iter().map(|(c, _)| *c));
        used.extend(&self.discard);
        let deck: Vec<u8> = (0..g.content().cards.len() as u8).filter(|c| !used.contains(c)).collect();
        j["deck"] = json!(deck);
        j
    }

    pub fn load(&self, g: &Woobieworld) -> State {
        g.load_state_value(self.to_json(g)).unwrap_or_else(|e| panic!("{e}\n{:#}", self.to_json(g)))
    }
}

/// A random source that replays these picks, then falls back to a seed.
pub fn picks(values: &[u32]) -> Scripted<SeededRng> {
    Scripted::with(values.iter().map(|&v| ScriptedValue::Pick(v)), SeededRng::new(0))
}

pub fn play(g: &Woobieworld, s: &mut State, seat: usize, text: &str, rng: &mut impl Chance) -> Vec<Logged<Event>> {
    let action = g.parse_action(text).unwrap_or_else(|e| panic!("{e}"));
    g.apply(s, p(seat), action, rng).unwrap_or_else(|e| panic!("`{text}` by P{}: {e}", seat + 1))
}

pub fn told(g: &Woobieworld, events: &[Logged<Event>]) -> Vec<String> {
    events.iter().map(|e| g.describe_event(&e.event)).collect()
}

pub fn legal(g: &Woobieworld, s: &State, seat: usize) -> Vec<String> {
    g.legal_actions(s, p(seat)).into_iter().map(|a| g.format_action(a)).collect()
}

/// A home's support in the rulebook's notation, e.g. "2R 0Y 1G 0B 3A".
pub fn home(g: &Woobieworld, s: &State, seat: usize) -> String {
    let a = s.home(p(seat)).unwrap();
    worlds_woobieworld::Support::ALL
        .iter()
        .map(|k| format!("{}{}", s.support_in(a, *k), k.letter()))
        .collect::<Vec<_>>()
        .join(" ")
        + &format!(" @{}", g.content().map.name(a))
}
