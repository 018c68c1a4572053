//! Rules text, generated from the effect data by one generator (WOD-DATA-2): what players read on
//! every gamer, dungeon and Loot card.

use crate::ability::{Op, Passive, Pick};
use crate::content::{Content, LootDef};

/// Where an ability is printed, which decides how "this", "its party" and "you" read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum On {
    Gamer,
    DungeonRaid,
    DungeonStash,
    Stash,
    Patch,
}

pub fn passive(p: &Passive, _on: On) -> String {
    format!("{p:?}")
}

pub fn op(o: &Op) -> String {
    format!("{o:?}")
}

pub fn pick(p: &Pick) -> String {
    format!("{p:?}")
}

/// A gamer's skill.
pub fn gamer(c: &Content, g: u8) -> String {
    c.gamer(g).skill.iter().map(|p| passive(p, On::Gamer)).collect::<Vec<_>>().join(" ")
}

/// A dungeon's raid and stash abilities.
pub fn dungeon(c: &Content, d: u8) -> String {
    let d = c.dungeon(d);
    let mut parts: Vec<String> = d.raid.iter().map(|p| passive(p, On::DungeonRaid)).collect();
    parts.extend(d.stash.iter().map(|p| passive(p, On::DungeonStash)));
    parts.join(" ")
}

/// A Loot card's text.
pub fn loot(def: &LootDef) -> String {
    let mut parts: Vec<String> = def.picks.iter().map(pick).collect();
    parts.extend(def.steps.iter().map(op));
    parts.extend(def.passive.iter().map(|p| passive(p, On::Stash)));
    parts.join(" ")
}
