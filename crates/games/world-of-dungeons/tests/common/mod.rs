//! Helpers for World of Dungeons tests: seeded games, positions built by editing a [`Table`]
//! (cards are moved from wherever they are, never copied) and loaded through the same JSON checks as
//! any saved game (the kit's `load`), actions by their text form and their event texts (the kit's
//! `play`, `told`, `legal`, `refused`), scripted draws (`picks`) and rolls.
#![allow(dead_code, clippy::unwrap_used)]

pub use worlds_engine::cards::CardSet;
use worlds_engine::flow::Stack;
pub use worlds_engine::testing::{legal, load, picks, play, refusal as refused, seat as p, told};
use worlds_engine::{Chance, Config, Game, Logged, Scripted, ScriptedValue, SeededRng, Viewer};
use worlds_world_of_dungeons::{Event, Member, Phase, Standing, State, Step, Table, WorldOfDungeons};

pub fn game(players: usize) -> WorldOfDungeons {
    WorldOfDungeons::new(&Config::players(players)).unwrap()
}

pub fn game_with(config: &Config) -> WorldOfDungeons {
    WorldOfDungeons::new(config).unwrap()
}

/// A new game from a seed, and its setup events.
pub fn start(g: &WorldOfDungeons, seed: u64) -> (State, Vec<Logged<Event>>) {
    g.new_game(&mut SeededRng::new(seed))
}

// ---------------------------------------------------------------- ids

pub fn gamer(g: &WorldOfDungeons, id: &str) -> u8 {
    g.content().find_gamer(id).unwrap_or_else(|| panic!("no gamer `{id}`"))
}

pub fn dungeon(g: &WorldOfDungeons, id: &str) -> u8 {
    g.content().find_dungeon(id).unwrap_or_else(|| panic!("no dungeon `{id}`"))
}

/// A Loot design by id.
pub fn def(g: &WorldOfDungeons, id: &str) -> u8 {
    g.content().find_def(id).unwrap_or_else(|| panic!("no Loot card `{id}`"))
}

/// The physical Loot cards of a design, lowest id first.
pub fn copies(g: &WorldOfDungeons, id: &str) -> Vec<u8> {
    let d = def(g, id);
    (0..g.content().loot.len() as u8).filter(|&k| g.content().def_of(k) == d).collect()
}

/// The place of `card` among the set bits of `mask`: what `Chance::pick` must return to draw it.
pub fn rank(mask: u128, card: u8) -> u32 {
    assert!(mask & (1 << card) != 0, "card {card} is not in the set");
    (mask & ((1u128 << card) - 1)).count_ones()
}

// ---------------------------------------------------------------- randomness

/// A source that replays `values`, then draws from a fixed seed.
pub fn script(values: impl IntoIterator<Item = ScriptedValue>) -> Scripted<SeededRng> {
    Scripted::with(values, SeededRng::new(0))
}

/// The `roll_die(6)` value that shows the die face at `index` of `content.die` (the die rolls
/// 1–6 and face `v % 6` shows: 6 is the face at index 0).
pub fn face(index: usize) -> ScriptedValue {
    ScriptedValue::Die(if index == 0 { 6 } else { index as u32 })
}

// ---------------------------------------------------------------- positions

/// A table with every card back in its deck: empty rows, guilds, hands and Guild Stashes, no Patch
/// Notes, turn 5, P1 active at the start of the Kick step.
pub fn blank(g: &WorldOfDungeons) -> Table {
    let (s, _) = start(g, 1);
    let mut t = g.to_setup(&s);
    let c = g.content();
    t.turn = 5;
    t.active = p(0);
    t.dungeon_deck.unseen = CardSet::<1>::from_bits(c.all_dungeons());
    t.dungeon_deck.bottom.clear();
    t.forum_deck.unseen = CardSet::<1>::from_bits(c.all_gamers());
    t.forum_deck.bottom.clear();
    t.loot_deck = CardSet::<2>::from_bits(c.all_loot());
    t.dungeon_row.clear();
    t.forum_row.clear();
    t.forum_discard = CardSet::EMPTY;
    t.loot_discard = CardSet::EMPTY;
    t.patch.clear();
    for seat in t.seats.values_mut() {
        seat.hand = CardSet::EMPTY;
        seat.guild.clear();
        seat.stash = CardSet::EMPTY;
        seat.dungeons.clear();
        seat.standing = Standing::None;
    }
    t.played.clear();
    t.pending.clear();
    t.raid.clear();
    t.used = Default::default();
    t.steps = Stack::with(Step::Phase(Phase::Kick));
    t.over = None;
    t
}

/// Takes a gamer out of wherever it is (to be put somewhere by the caller).
pub fn free_gamer(t: &mut Table, g: u8) {
    t.forum_deck.unseen.remove(g);
    t.forum_deck.bottom.retain(|x| *x != g);
    t.forum_row.retain(|x| *x != g);
    t.forum_discard.remove(g);
    for seat in t.seats.values_mut() {
        seat.guild.retain(|m| m.gamer != g);
    }
}

/// Takes a dungeon out of wherever it is.
pub fn free_dungeon(t: &mut Table, d: u8) {
    t.dungeon_deck.unseen.remove(d);
    t.dungeon_deck.bottom.retain(|x| *x != d);
    t.dungeon_row.retain(|x| *x != d);
    for seat in t.seats.values_mut() {
        seat.dungeons.retain(|x| *x != d);
    }
}

/// Takes a Loot card of design `id` out of the Loot deck (the lowest id there).
pub fn take_loot(g: &WorldOfDungeons, t: &mut Table, id: &str) -> u8 {
    let card = copies(g, id)
        .into_iter()
        .find(|&k| t.loot_deck.bits() & (1 << k) != 0)
        .unwrap_or_else(|| panic!("no copy of `{id}` left in the Loot deck"));
    t.loot_deck.remove(card);
    card
}

pub fn set_forum_row(g: &WorldOfDungeons, t: &mut Table, ids: &[&str]) {
    for g0 in t.forum_row.clone() {
        t.forum_deck.unseen.insert(g0);
    }
    t.forum_row.clear();
    for id in ids {
        let x = gamer(g, id);
        free_gamer(t, x);
        t.forum_row.push(x);
    }
}

pub fn set_dungeon_row(g: &WorldOfDungeons, t: &mut Table, ids: &[&str]) {
    for d in t.dungeon_row.clone() {
        t.dungeon_deck.unseen.insert(d);
    }
    t.dungeon_row.clear();
    for id in ids {
        let x = dungeon(g, id);
        free_dungeon(t, x);
        t.dungeon_row.push(x);
    }
}

/// Adds gamers to a guild (not joined this turn).
pub fn add_guild(g: &WorldOfDungeons, t: &mut Table, seat: usize, ids: &[&str]) {
    for id in ids {
        let x = gamer(g, id);
        free_gamer(t, x);
        t.seats[p(seat)].guild.push(Member { joined: false, ..Member::new(x) });
    }
}

/// Adds Loot cards (by design id) from the Loot deck to a hand.
pub fn add_hand(g: &WorldOfDungeons, t: &mut Table, seat: usize, ids: &[&str]) {
    for id in ids {
        let k = take_loot(g, t, id);
        t.seats[p(seat)].hand.insert(k);
    }
}

/// Adds Stash cards (by design id) from the Loot deck to a Guild Stash.
pub fn add_stash(g: &WorldOfDungeons, t: &mut Table, seat: usize, ids: &[&str]) {
    for id in ids {
        let k = take_loot(g, t, id);
        t.seats[p(seat)].stash.insert(k);
    }
}

/// Adds claimed dungeons to a Guild Stash.
pub fn add_claimed(g: &WorldOfDungeons, t: &mut Table, seat: usize, ids: &[&str]) {
    for id in ids {
        let x = dungeon(g, id);
        free_dungeon(t, x);
        t.seats[p(seat)].dungeons.push(x);
    }
}

/// Puts Patch Notes (by design id) into force, in this order.
pub fn add_patch(g: &WorldOfDungeons, t: &mut Table, ids: &[&str]) {
    for id in ids {
        let k = take_loot(g, t, id);
        t.patch.push(k);
    }
}

/// The active player's turn is at this phase step.
pub fn at_phase(t: &mut Table, phase: Phase) {
    t.steps = Stack::with(Step::Phase(phase));
}

// ---------------------------------------------------------------- actions and events

/// Applies an action in its text form and returns the texts of its events.
pub fn say(g: &WorldOfDungeons, s: &mut State, seat: usize, text: &str, rng: &mut impl Chance) -> Vec<String> {
    told(g, &play(g, s, seat, text, rng))
}

/// The texts of the events a viewer sees, in order.
pub fn texts_for(g: &WorldOfDungeons, events: &[Logged<Event>], viewer: Viewer) -> Vec<String> {
    events.iter().filter(|e| e.visibility.visible_to(viewer)).map(|e| g.describe_event(&e.event)).collect()
}

/// The player who decides now.
pub fn decider(g: &WorldOfDungeons, s: &State) -> usize {
    match g.turn(s) {
        worlds_engine::Turn::Decide(p) => p.index(),
        other => panic!("no single decider: {other:?}"),
    }
}

/// Everyone holding priority passes until the open response window closes; the event texts.
pub fn pass_window(g: &WorldOfDungeons, s: &mut State, rng: &mut impl Chance) -> Vec<String> {
    let mut out = Vec::new();
    while matches!(s.table().steps.top(), Some(Step::Window(_))) {
        let holder = decider(g, s);
        out.extend(say(g, s, holder, "pass", rng));
    }
    out
}
