//! Phase 3, rule by rule (WOD-DUNG-1, WOD-GRIND-1, WOD-RAID-1 to WOD-RAID-14, WOD-CLAIM-1 and
//! WOD-CLAIM-2): positions built on an empty table, dice scripted, exact legal lists, event texts
//! and states. The helpers here, on top of `common`, are shared with `responses.rs`.
#![allow(clippy::unwrap_used)]

use worlds_engine::{Chance, Game, Player, Scripted, ScriptedValue, SeededRng, Turn, Viewer};
use worlds_world_of_dungeons::{Face, GamerType, Item, Phase, State, Step, Table, WorldOfDungeons};

use crate::common::*;

// ---------------------------------------------------------------- helpers

/// `common::blank` at turn 1, with the Trolls in the Forum discard pile so that no Troll arrives
/// in phase 1 of a later turn unless a test puts one back in the deck.
pub(crate) fn table(g: &WorldOfDungeons) -> Table {
    let mut t = blank(g);
    t.turn = 1;
    for (i, x) in g.content().gamers.iter().enumerate() {
        if x.ty == GamerType::Troll {
            free_gamer(&mut t, i as u8);
            t.forum_discard.insert(i as u8);
        }
    }
    t
}

/// A die that shows these faces, as written on the die, in order (then a seeded die).
pub(crate) fn dice(g: &WorldOfDungeons, faces: &[&str]) -> Scripted<SeededRng> {
    let die = g.content().die;
    script(faces.iter().map(|f| {
        let shown = Face::parse(f).unwrap();
        face(die.iter().position(|&x| x == shown).unwrap_or_else(|| panic!("the die has no face {f}")))
    }))
}

/// Loot draws that take the lowest-numbered card left in the Loot deck each time.
pub(crate) fn lowest_draws(n: usize) -> Scripted<SeededRng> {
    picks(&vec![0; n])
}

/// Who holds priority, if a window is open.
pub(crate) fn holder(s: &State) -> Option<usize> {
    match s.table().steps.top() {
        Some(Step::Window(round)) => round.holder().map(Player::index),
        _ => None,
    }
}

pub(crate) fn top(s: &State) -> Step {
    *s.table().steps.top().unwrap()
}

/// The ids of `seat`'s guildmembers, in guild order.
pub(crate) fn members(g: &WorldOfDungeons, s: &State, seat: usize) -> Vec<String> {
    s.table().seats[p(seat)].guild.iter().map(|m| g.content().gamer(m.gamer).id.clone()).collect()
}

/// The ids of the Dungeon row, oldest first.
pub(crate) fn dungeon_row(g: &WorldOfDungeons, s: &State) -> Vec<String> {
    s.table().dungeon_row.iter().map(|&d| g.content().dungeon(d).id.clone()).collect()
}

/// The Loot designs (ids) of a set of cards, lowest card first.
pub(crate) fn loot_ids(g: &WorldOfDungeons, cards: u128) -> Vec<String> {
    worlds_engine::bits::ones(cards).map(|k| g.content().def(k as u8).id.clone()).collect()
}

/// A guildmember's experience now, as every player sees it.
pub(crate) fn xp_now(g: &WorldOfDungeons, s: &State, seat: usize, id: &str) -> i32 {
    let o = g.observe(s, Viewer::Spectator);
    o.seats[seat].guild.iter().find(|m| m.id == id).unwrap_or_else(|| panic!("{id} is not in the guild")).xp_now
}

/// Declares `dungeons` (one decision each, then `done`) and puts each guildmember, in guild order,
/// in the party of the dungeon named (or `out`); the events of the last decision.
pub(crate) fn declare(
    g: &WorldOfDungeons,
    s: &mut State,
    dungeons: &[&str],
    parties: &[&str],
    rng: &mut impl Chance,
) -> Vec<String> {
    let me = s.table().active.index();
    for d in dungeons {
        say(g, s, me, d, rng);
    }
    let mut events = say(g, s, me, "done", rng);
    for party in parties {
        events = say(g, s, me, party, rng);
    }
    events
}

mod declare;
mod rolls;
