//! Real positions, mutated one field at a time: whatever loads must be a position play can reach
//! and go on from. Each loaded position, and the position after each action followed from it, is
//! held to the rulebook's invariants, written here from the rules and not by calling the crate's
//! own checks: every card and every Event card in exactly one place, four VPs per player in the
//! places a VP can be, the numbers within what play can reach, and the end of the game where the
//! rules put it. The engine's `conformance::check_state_mutations_with` mutates, loads, follows and
//! draws; this file gives it the invariants and this game's edges.

use serde_json::Value;
use worlds_bastards_inc::{ActStage, BastardsInc, CardSet, Deed, Ending, Spot, State, Step};
use worlds_engine::conformance::{self, Draw, MutationSettings};
use worlds_engine::{Config, Game};

fn game(players: usize) -> BastardsInc {
    BastardsInc::new(&Config::players(players)).unwrap()
}

/// The deck (BI-COMP-1: 54 Action and Business Opportunity cards), the Event cards (18), the
/// Stuff bar's top (BI-BOARD-3), the attributes' top (BI-PLAN-1), the largest bonus
/// (BI-EFFORT-5), the war counters (BI-COMP-4), the most Goodwill and Billions a company holds
/// (BI-RULING-11, BI-RULING-12).
const DECK: u32 = 54;
const EVENTS: u32 = 18;
const STUFF_TOP: u8 = 6;
const ATTR_TOP: u8 = 6;
const BONUS_TOP: u8 = 3;
const COUNTERS: u32 = 3;
const GOODWILL_TOP: u32 = 255;
const BILLIONS_TOP: u32 = 1_000_000;

/// What is wrong with a position by the rulebook, if anything.
fn broken(g: &BastardsInc, s: &State) -> Option<String> {
    let t = s.table();
    let c = g.content();
    let n = t.seats.len();
    // Cards: each of the 54 exactly once, in the deck, the discard pile, a hand, in front of a
    // player, as a bunker, or held by an act announced and not yet resolved (BI-COMP-3, BI-BO-3,
    // BI-BUNKER-1, BI-CARD-3).
    let mut places: Vec<(String, CardSet)> = vec![("deck".into(), t.deck), ("discard".into(), t.discard)];
    for (p, seat) in t.seats.values().enumerate() {
        places.push((format!("P{} hand", p + 1), seat.hand));
        places.push((format!("P{} table", p + 1), seat.table));
        if let Some(b) = seat.bunker {
            places.push((format!("P{} bunker", p + 1), CardSet::from_ids([b])));
        }
    }
    for step in t.stack.iter() {
        if let Step::Act(a) = step {
            let held = match a.deed {
                Deed::Play(k) if !matches!(a.stage, ActStage::Run(_)) => Some(k),
                Deed::Use(k) if !t.seats[a.seat].table.contains(k) => Some(k),
                _ => None,
            };
            if let Some(k) = held {
                places.push(("an act".into(), CardSet::from_ids([k])));
            }
        }
    }
    let mut seen = CardSet::EMPTY;
    for (place, set) in &places {
        if !(*set & seen).is_empty() {
            return Some(format!("a card in two places ({place})"));
        }
        seen |= *set;
    }
    let count: u32 = places.iter().map(|(_, set)| set.len()).sum();
    if count != DECK || seen != CardSet::first_n(DECK as usize) {
        return Some(format!("{count} cards in play, not the deck's {DECK}"));
    }
    if !(t.events & t.used).is_empty() || (t.events | t.used) != CardSet::first_n(EVENTS as usize) {
        return Some("the Event cards are not each in the deck or used, once".into());
    }
    // VPs: four per player (BI-COMP-1), standing where VPs stand; black money only in regions
    // (BI-BLACK-1, BI-CIRCUS-2, BI-LOUNGE-1); lifted only while placing (BI-PLACE-1).
    let placing = matches!(t.stack.bottom(), Some(Step::Lift | Step::Place { .. }));
    for (p, seat) in t.seats.values().enumerate() {
        let mut by_spot = [0usize; 5];
        for v in &seat.vps {
            let k = match v.at {
                Spot::Supply => 0,
                Spot::Lounge => 1,
                Spot::Lifted => 2,
                Spot::Region(r) if usize::from(r) < c.board.regions.len() => 3,
                Spot::Square(q) if usize::from(q) < c.board.squares.len() => 4,
                _ => return Some(format!("P{} has a VP nowhere on the board", p + 1)),
            };
            by_spot[k] += 1;
            if k != 3 && (v.black > 0 || v.entry.is_some()) {
                return Some(format!("P{}'s VP off the regions carries black money or an entry", p + 1));
            }
            if k == 3 && v.entry.is_none() {
                return Some(format!("P{}'s VP in a region without its entry (BI-REGION-3)", p + 1));
            }
            if v.black > BILLIONS_TOP {
                return Some(format!("P{}'s VP carries {} black money", p + 1, v.black));
            }
        }
        if by_spot.iter().sum::<usize>() != 4 {
            return Some(format!("P{} has {} VPs", p + 1, by_spot.iter().sum::<usize>()));
        }
        if by_spot[2] > 0 && !placing {
            return Some(format!("P{} has a lifted VP outside the Place VPs phase", p + 1));
        }
        if seat.attrs.iter().any(|&a| a > ATTR_TOP) || seat.bonus.iter().any(|&b| b > BONUS_TOP) {
            return Some(format!("P{}'s attributes {:?} bonus {:?}", p + 1, seat.attrs, seat.bonus));
        }
        if seat.goodwill > GOODWILL_TOP || seat.billions > BILLIONS_TOP {
            return Some(format!("P{} holds {} Billions and {} Goodwill", p + 1, seat.billions, seat.goodwill));
        }
    }
    // A Battle of Goodwill (BI-BATTLE-2): a sealed resistance is Goodwill its occupant holds (nothing
    // changes his Goodwill before the reveal), and once revealed the resisters are occupants.
    for step in t.stack.iter() {
        if let Step::Battle(b) = step {
            for (q, seat) in t.seats.iter() {
                if t.choice(q).resist.is_some_and(|r| r > seat.goodwill) {
                    return Some(format!("{q} resists with more Goodwill than he holds"));
                }
            }
            if let Some((resisters, _)) = b.revealed
                && (resisters.is_empty() || resisters.iter().any(|q| !b.occupants.contains(q)))
            {
                return Some(format!("resisters {resisters:?} among occupants {:?}", b.occupants));
            }
        }
    }
    // The board: Stuff 0–6, at most 3 war counters, never on The One $uperpower (BI-REGION-2).
    if t.stuff.iter().any(|&x| x > STUFF_TOP) {
        return Some(format!("Stuff levels {:?}", t.stuff));
    }
    if t.war.count_ones() > COUNTERS || t.war & (1 << c.board.superpower) != 0 {
        return Some(format!("war counters {:#b}", t.war));
    }
    if t.halo.is_some_and(|h| h.index() >= n) || t.start.index() >= n {
        return Some("the halo or the sign with no seat".into());
    }
    // The turn: 1 to the cap (BI-END-2).
    if t.turn == 0 || t.turn > c.turn_cap {
        return Some(format!("turn {} of {}", t.turn, c.turn_cap));
    }
    // The end (BI-END-1, BI-END-2, BI-WAR-4): a game over has an outcome and no pending step; it
    // ended as its numbers say; the money target held outside the Business phase, or a Nuclear
    // Apocalypse on the war table, means the game is over.
    let rich = t.seats.values().any(|seat| seat.billions >= c.target);
    let over = g.turn(s).is_over();
    if over != t.over.is_some() || (over && (g.outcome(s).is_none() || !t.stack.is_empty())) {
        return Some(format!("over {:?} with the stack {:?}", t.over, t.stack.as_slice()));
    }
    match t.over {
        Some(Ending::Money) if !rich => return Some("ended on the money target nobody holds".into()),
        Some(Ending::TurnCap) if rich || t.turn != c.turn_cap => {
            return Some(format!("ended on the turn cap at turn {}", t.turn));
        }
        None if rich && t.turn > 1 && !matches!(t.stack.bottom(), Some(Step::Business { .. })) => {
            return Some("the money target held outside the Business phase, and the game goes on".into());
        }
        _ => {}
    }
    if let Some(w) = t.last_war {
        let row = c.board.war.get(usize::from(w.row));
        if !(1..=6).contains(&w.die) || row.is_none() {
            return Some(format!("last war {w:?}"));
        }
        if row.is_some_and(|r| r.apocalypse) && t.over != Some(Ending::Apocalypse) {
            return Some("Nuclear Apocalypse on the war table, and the game goes on".into());
        }
    }
    let last_apocalypse = t.last_war.and_then(|w| c.board.war.get(usize::from(w.row))).is_some_and(|r| r.apocalypse);
    if t.over == Some(Ending::Apocalypse) && !last_apocalypse {
        return Some("ended in Nuclear Apocalypse, but the last war was no Apocalypse".into());
    }
    None
}

/// This game's edges: Stuff and attributes (6, 7), bonuses (3, 4), the deck (53, 54) and a card
/// set's width (63, 64), the Event cards (17, 18, 32), the turn cap (30, 31), the money target
/// (99, 100), Goodwill (255, 256), Billions (1,000,000 and one more) and the types' tops.
const EDGES: [i64; 24] = [
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    17,
    18,
    30,
    31,
    32,
    53,
    54,
    63,
    64,
    99,
    100,
    255,
    256,
    1_000_000,
    1_000_001,
    4_294_967_295,
];

/// Positions of random games, mutated (by the engine's mutations, this game's edges and bit flips
/// of its card sets): each is refused or loads into a position that holds every invariant, plays on
/// and draws; up to `follow` actions are followed from it, each position after them holding every
/// invariant and drawing. Every position is held to the invariants before it is mutated too.
/// Returns how many were tried and how many loaded.
pub fn mutated_positions(players: usize, seed: u64, positions: usize, follow: usize) -> (usize, usize) {
    let g = game(players);
    let invariants = |s: &State| broken(&g, s).map_or(Ok(()), Err);
    let report = conformance::check_state_mutations_with(
        &g,
        &MutationSettings {
            seed,
            positions,
            follow,
            depth: 600,
            values: &EDGES.map(Value::from),
            bits: true,
            draw: Draw::EveryPosition,
            invariants: Some(&invariants),
            ..MutationSettings::default()
        },
    );
    (report.tried, report.loaded)
}

/// A few thousand mutated positions at 3 to 6 players.
#[test]
fn mutated_positions_load_only_when_reachable() {
    let started = std::time::Instant::now();
    let (mut tried, mut loaded) = (0, 0);
    for players in 3..=6 {
        let (t, l) = mutated_positions(players, 40 + players as u64, 1000, 6);
        tried += t;
        loaded += l;
    }
    eprintln!("mutated positions: {tried} tried, {loaded} loaded, {:?}", started.elapsed());
    assert!(loaded > 0 && loaded < tried);
}

/// The same at length: `cargo test -p worlds-bastards-inc --test main many_mutated -- --ignored
/// --nocapture`.
#[test]
#[ignore]
fn many_mutated_positions_load_only_when_reachable() {
    let started = std::time::Instant::now();
    let (mut tried, mut loaded) = (0, 0);
    for players in 3..=6 {
        let (t, l) = mutated_positions(players, 1000 + players as u64, 8000, 8);
        tried += t;
        loaded += l;
    }
    eprintln!("mutated positions: {tried} tried, {loaded} loaded, {:?}", started.elapsed());
}
