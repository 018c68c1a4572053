//! Invariants under random inputs: random games end, the response stack always empties, no card
//! is ever in two places and the card total is constant, any action applies or is refused with
//! nothing changed, mutated real positions load only when playable.
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use serde_json::Value;
use worlds_engine::conformance::{self, Draw, MutationSettings};
use worlds_engine::{Config, Game, SeededRng, Turn};
use worlds_world_of_dungeons::{Fate, State, Step, WorldOfDungeons};

fn game(players: usize) -> WorldOfDungeons {
    WorldOfDungeons::new(&Config::players(players)).unwrap()
}

/// Every card of the three decks, counted once wherever it is (the loader refuses a card in two
/// places, so a saved copy of every position that loads back proves it).
fn card_total(g: &WorldOfDungeons, s: &State) -> usize {
    let t = g.to_setup(s);
    let seats: usize = t
        .seats
        .values()
        .map(|p| p.hand.len() as usize + p.stash.len() as usize + p.guild.len() + p.dungeons.len())
        .sum();
    let played = t.played.iter().filter(|p| p.fate != Fate::Detached).count();
    // A Troll's forced join and a Stash play hold their card on the stack.
    let waiting = t
        .pending
        .iter()
        .filter(|i| {
            matches!(
                i,
                worlds_world_of_dungeons::Item::Recruit { troll: true, .. }
                    | worlds_world_of_dungeons::Item::Stash { .. }
            )
        })
        .count();
    t.dungeon_deck.count()
        + t.forum_deck.count()
        + t.loot_deck.len() as usize
        + t.dungeon_row.len()
        + t.forum_row.len()
        + t.forum_discard.len() as usize
        + t.loot_discard.len() as usize
        + t.patch.len()
        + played
        + waiting
        + seats
}

worlds_engine::contract_properties! {
    game: |players, _variant: &str| game(players),
    players: 2usize..=5,
    variants: [""],
    cases: 24,
    playouts: 2,
    steps: 400,
    codes: 400,
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Random games end (by VP, an empty deck or the turn cap); at every step the card total is
    /// that of the content and every position saves and loads back (no card in two places); the
    /// response stack is empty whenever no window is open and nothing is resolving.
    #[test]
    fn random_games_end_with_every_card_in_one_place(seed in any::<u64>(), players in 2usize..=5) {
        let g = game(players);
        let c = g.content();
        let total = c.dungeons.len() + c.gamers.len() + c.loot.len();
        let mut rng = SeededRng::new(seed);
        let (mut s, _) = g.new_game(&mut rng);
        let mut buf = Vec::new();
        for step in 0..20_000 {
            prop_assert_eq!(card_total(&g, &s), total, "step {}", step);
            let t = g.to_setup(&s);
            let open = t.steps.iter().any(|x| matches!(x, Step::Window(_) | Step::Resolve { .. } | Step::Pick { .. }));
            prop_assert!(open || t.pending.is_empty(), "step {}: the stack waits with no window: {:?}", step, t.pending);
            if step % 25 == 0 {
                prop_assert_eq!(&g.load_state_value(g.save_state(&s)).unwrap(), &s);
            }
            let Turn::Decide(p) = g.turn(&s) else { break };
            g.legal_actions_into(&s, p, &mut buf);
            prop_assert!(!buf.is_empty(), "step {}: {} has no legal action", step, p);
            let a = buf[rng.below(buf.len() as u32) as usize];
            g.apply(&mut s, p, a, &mut rng).unwrap();
        }
        prop_assert!(g.outcome(&s).is_some(), "the game did not end");
    }
}

// ---------------------------------------------------------------- mutated positions

/// What the rulebook says of every position, checked apart from the loader: every card of the
/// game somewhere, once (the total of a new game); the turn within the cap (WOD-END-2); a
/// guildmember raids at most once a turn (WOD-RAID-14) and claims only a raid it made (WOD-CLAIM-1);
/// a guild within its cap; the game over exactly when it has an outcome.
fn invariants(g: &WorldOfDungeons, s: &State, cards: usize) -> Result<(), String> {
    let total = card_total(g, s);
    if total != cards {
        return Err(format!("a card is lost or made: {total} cards, not {cards}"));
    }
    let t = g.to_setup(s);
    if !(t.turn >= 1 && t.turn <= g.content().turn_cap) {
        return Err(format!("turn {}", t.turn));
    }
    for seat in t.seats.values() {
        for m in &seat.guild {
            if u16::from(m.raids) > t.turn {
                return Err(format!("{} raids by turn {}", m.raids, t.turn));
            }
            if m.claims > m.raids {
                return Err(format!("{} claims after {} raids", m.claims, m.raids));
            }
        }
    }
    if g.outcome(s).is_some() != (g.turn(s) == Turn::Over) {
        return Err(format!("the outcome {:?} with the turn {:?}", g.outcome(s), g.turn(s)));
    }
    Ok(())
}

/// This game's numbers: the edges of its types and ranges (a byte's sign and top, a u16's top)
/// and the counts its rules turn on.
const EDGES: [i64; 17] = [0, 1, 2, 4, 5, 6, 7, 20, 31, 63, 64, 127, 255, 65535, -128, -1, 126];

/// Positions of random games, mutated (by the engine's mutations and this game's numbers): each
/// must be refused or load into a state that keeps the invariants and plays on, each position
/// after the actions followed from it keeping them too: half for 20 actions, half for 4 with every
/// view of each position drawn (drawing is what costs). Returns how many were tried and how many
/// loaded.
fn mutated_positions(players: usize, seed: u64, positions: usize) -> (usize, usize) {
    let g = game(players);
    let cards = card_total(&g, &g.new_game(&mut SeededRng::new(seed)).0);
    let invariants = |s: &State| invariants(&g, s, cards);
    let values = EDGES.map(Value::from);
    let long = MutationSettings {
        seed,
        positions: positions / 2,
        follow: 20,
        depth: 300,
        values: &values,
        invariants: Some(&invariants),
        ..MutationSettings::default()
    };
    let drawn = MutationSettings {
        seed: seed ^ 0x5eed,
        positions: positions - positions / 2,
        follow: 4,
        draw: Draw::EveryPosition,
        ..long
    };
    let (long, drawn) =
        (conformance::check_state_mutations_with(&g, &long), conformance::check_state_mutations_with(&g, &drawn));
    (long.tried + drawn.tried, long.loaded + drawn.loaded)
}

/// Real positions, mutated (a few thousand at every player count together): whatever loads plays
/// on and draws.
#[test]
fn mutated_positions_load_only_when_playable() {
    let (mut tried, mut loaded) = (0, 0);
    for players in 2..=5 {
        let (t, l) = mutated_positions(players, players as u64, 800);
        tried += t;
        loaded += l;
    }
    eprintln!("mutated positions: {tried} tried, {loaded} loaded");
    assert!(loaded > 0 && loaded < tried);
}

/// The same, at length: `cargo test -p worlds-world-of-dungeons --test main many_mutated -- --ignored --nocapture`.
#[test]
#[ignore]
fn many_mutated_positions_load_only_when_playable() {
    let (mut tried, mut loaded) = (0, 0);
    for players in 2..=5 {
        let (t, l) = mutated_positions(players, 1000 + players as u64, 8000);
        tried += t;
        loaded += l;
    }
    eprintln!("mutated positions: {tried} tried, {loaded} loaded");
}
