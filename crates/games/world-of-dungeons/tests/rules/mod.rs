//! The table, the turn, phases 1 and 2, Loot and Patch Notes, the end of the turn and of the game,
//! and what players may know, rule by rule (WOD-COMP-*, WOD-SETUP-*, WOD-TURN-*, WOD-POP-*,
//! WOD-GUILD-1, WOD-KICK-*, WOD-RECRUIT-*, WOD-STASH-*, WOD-LOOT-1, WOD-PATCH-*, WOD-WIN-*,
//! WOD-HAND-1, WOD-END-*, WOD-OUT-1, WOD-INFO-*), and refused input: positions built on a blank
//! table, draws and dice scripted, exact legal lists, errors, event texts and states.
#![allow(clippy::unwrap_used)]

use serde_json::json;
use worlds_engine::{
    Config, ConfigError, Game, RuleError, RuleErrorKind, Scripted, ScriptedValue, SeededRng, StateError, Turn, Viewer,
};
use worlds_world_of_dungeons::{
    Action, DEFAULT_TURN_CAP, Ending, Fate, GamerType, Gamers, Kind, LootKind, Member, Observation, Passive, Phase,
    Picked, Played, Standing, State, Step, Table, Types, WorldOfDungeons,
};

use crate::common::*;

// ---------------------------------------------------------------- helpers

pub(super) fn obs(g: &WorldOfDungeons, s: &State, seat: usize) -> Observation {
    g.observe(s, Viewer::Player(p(seat)))
}

/// The picks that make the next Populate draw this dungeon, then this gamer.
pub(super) fn populate(t: &Table, dungeon: u8, gamer: u8) -> [ScriptedValue; 2] {
    [
        ScriptedValue::Pick(rank(u128::from(t.dungeon_deck.unseen.bits()), dungeon)),
        ScriptedValue::Pick(rank(u128::from(t.forum_deck.unseen.bits()), gamer)),
    ]
}

/// The picks of a grind that draws this Loot card, then of the next Populate.
pub(super) fn grind_then_populate(t: &Table, loot: u8, dungeon: u8, gamer: u8) -> Vec<ScriptedValue> {
    let mut v = vec![ScriptedValue::Pick(rank(t.loot_deck.bits(), loot))];
    v.extend(populate(t, dungeon, gamer));
    v
}

/// The rule ID and the text of the decision now.
pub(super) fn decision(g: &WorldOfDungeons, s: &State) -> (&'static str, String) {
    let d = g.decision(s);
    (d.rule, d.text)
}

pub(super) fn illegal(rule: &'static str, message: &str) -> RuleError {
    RuleError { kind: RuleErrorKind::Illegal, rule, message: message.to_owned() }
}

/// Refuses `text` for `seat` with exactly `error`, and leaves the state as it was.
pub(super) fn refused(g: &WorldOfDungeons, s: &State, seat: usize, text: &str, error: RuleError) {
    assert_eq!(crate::common::refused(g, s, seat, text), error, "`{text}` by P{}", seat + 1);
}

pub(super) fn member(t: &Table, seat: usize, g: u8) -> Member {
    *t.seats[p(seat)].guild.iter().find(|m| m.gamer == g).unwrap()
}

pub(super) fn guild_ids(g: &WorldOfDungeons, t: &Table, seat: usize) -> Vec<String> {
    t.seats[p(seat)].guild.iter().map(|m| g.content().gamer(m.gamer).id.clone()).collect()
}

pub(super) fn forum_row_ids(g: &WorldOfDungeons, t: &Table) -> Vec<String> {
    t.forum_row.iter().map(|&x| g.content().gamer(x).id.clone()).collect()
}

pub(super) fn dungeon_row_ids(g: &WorldOfDungeons, t: &Table) -> Vec<String> {
    t.dungeon_row.iter().map(|&x| g.content().dungeon(x).id.clone()).collect()
}

pub(super) fn hand_size(s: &State, seat: usize) -> u32 {
    s.table().seats[p(seat)].hand.len()
}

/// The picks that draw these cards in this order from full decks (a new game): each a Forum
/// (`'f'`), Dungeon (`'d'`) or Loot (`'l'`, the lowest copy of a design left) card by id.
pub(super) fn picks_from_full_decks(g: &WorldOfDungeons, draws: &[(char, &str)]) -> Vec<u32> {
    let c = g.content();
    let (mut forum, mut dungeons, mut loot) = (u128::from(c.all_gamers()), u128::from(c.all_dungeons()), c.all_loot());
    draws
        .iter()
        .map(|&(deck, id)| {
            let (mask, card) = match deck {
                'f' => (&mut forum, gamer(g, id)),
                'd' => (&mut dungeons, dungeon(g, id)),
                _ => {
                    let card = copies(g, id).into_iter().find(|&k| loot & (1 << k) != 0).unwrap();
                    (&mut loot, card)
                }
            };
            let r = rank(*mask, card);
            *mask &= !(1 << card);
            r
        })
        .collect()
}

/// Every Loot card but `keep` goes to the Loot discard pile.
pub(super) fn loot_deck_only(t: &mut Table, keep: &[u8]) {
    let keep = CardSet::from_ids(keep.iter().copied());
    t.loot_discard |= t.loot_deck - keep;
    t.loot_deck &= keep;
}

/// The Loot card with the lowest id still in the Loot deck.
pub(super) fn lowest_loot(t: &Table) -> u8 {
    t.loot_deck.bits().trailing_zeros() as u8
}

/// A Troll (Flamebait) joins P1's guild in phase 1 after both players pass.
pub(super) fn troll_joined(g: &WorldOfDungeons, mut t: Table) -> (State, Scripted<SeededRng>) {
    add_hand(g, &mut t, 0, &["comfy-slippers"]);
    add_hand(g, &mut t, 1, &["guild-banner"]);
    let (mut s, _, mut rng) = p2_grinds(g, &t, "goblin-warrens", "flamebait");
    assert_eq!(pass_window(g, &mut s, &mut rng), ["P2 passes", "P1 passes", "Flamebait joins P1's guild"]);
    (s, rng)
}

/// A position with something in every public place.
pub(super) fn busy_table(g: &WorldOfDungeons) -> Table {
    let mut t = blank(g);
    add_guild(g, &mut t, 0, &["no-life-nate", "raid-mom"]);
    t.seats[p(0)].guild[0].raids = 1;
    t.seats[p(0)].guild[1].joined = true;
    add_stash(g, &mut t, 1, &["extra-bag"]);
    add_claimed(g, &mut t, 1, &["goblin-warrens"]);
    set_dungeon_row(g, &mut t, &["wolf-den"]);
    set_forum_row(g, &mut t, &["guild-dad"]);
    let (wendy, boar, leroy) = (gamer(g, "weekend-wendy"), dungeon(g, "boar-pasture"), gamer(g, "leroy"));
    free_gamer(&mut t, wendy);
    t.forum_deck.bottom.push(wendy);
    free_dungeon(&mut t, boar);
    t.dungeon_deck.bottom.push(boar);
    free_gamer(&mut t, leroy);
    t.forum_discard.insert(leroy);
    let pizza = take_loot(g, &mut t, "pizza-party");
    t.loot_discard.insert(pizza);
    add_patch(g, &mut t, &["hardcore-nerf"]);
    let afk = take_loot(g, &mut t, "afk");
    let mom = gamer(g, "raid-mom");
    t.played.push(Played {
        card: afk,
        player: p(1),
        picked: Picked { gamer: Some(mom), ..Picked::default() },
        fate: Fate::Resolved,
    });
    t.seats[p(1)].standing = Standing::Turn;
    add_hand(g, &mut t, 0, &["easy-mode", "lag-spike"]);
    add_hand(g, &mut t, 1, &["report-to-gm"]);
    // Past the Recruit step, at which Raid Mom joined.
    at_phase(&mut t, Phase::Stash);
    t
}

/// An observation as JSON without whose it is and the viewer's own hand.
pub(super) fn public_part(o: &Observation) -> serde_json::Value {
    let mut v = serde_json::to_value(o).unwrap();
    let obj = v.as_object_mut().unwrap();
    obj.remove("viewer");
    obj.remove("hand");
    v
}

pub(super) fn invalid(field: &str, reason: &str) -> StateError {
    StateError::Invalid { field: field.into(), reason: reason.into() }
}

/// A saved position, as JSON, to mutate.
pub(super) fn saved(g: &WorldOfDungeons) -> serde_json::Value {
    let mut t = blank(g);
    set_forum_row(g, &mut t, &["raid-mom"]);
    add_guild(g, &mut t, 0, &["guild-dad"]);
    add_hand(g, &mut t, 0, &["easy-mode"]);
    g.save_state(&load(g, &t))
}

/// A table where P2 is at the Dungeon step and grinds, so that P1's turn 6 starts with Populate.
pub(super) fn before_p1_turn(g: &WorldOfDungeons) -> Table {
    let mut t = blank(g);
    t.active = p(1);
    at_phase(&mut t, Phase::Dungeon);
    t
}

/// P2 grinds; P1's turn starts by drawing `dungeon` and `gamer`. Returns the events and the rng.
pub(super) fn p2_grinds(g: &WorldOfDungeons, t: &Table, d: &str, x: &str) -> (State, Vec<String>, Scripted<SeededRng>) {
    let mut s = load(g, t);
    let mut rng = script(grind_then_populate(t, lowest_loot(t), dungeon(g, d), gamer(g, x)));
    let events = say(g, &mut s, 1, "grind", &mut rng);
    (s, events, rng)
}

mod ending;
mod guild;
mod information;
mod positions;
mod table;
mod turn;
