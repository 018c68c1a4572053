//! The rules text of every card (WOD-DATA-2): generated from the effect data by one generator,
//! pinned by snapshots, checked card by card against what each card is meant to say, every
//! ability checked in every place it can be printed, and the pinned cards of the spec played to
//! show that they do what they say.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;

use crate::common::{blank, def, dungeon, gamer, load, p, take_loot as take};
use worlds_engine::flow::Stack;
use worlds_engine::{Chance, Config, ConfigError, Game, Scripted, ScriptedValue, SeededRng, Viewer};
use worlds_world_of_dungeons::{
    Action, Declared, LootKind, Member, Observation, Passive, Phase, State, Step, Table, Timing, With, WorldOfDungeons,
};

pub(super) fn game() -> WorldOfDungeons {
    WorldOfDungeons::new(&Config::players(2)).unwrap()
}

/// A number with its sign as printed: "+1", "−2" (a real minus sign).
pub(super) fn signed(n: i8) -> String {
    if n < 0 { format!("\u{2212}{}", -i16::from(n)) } else { format!("+{n}") }
}

/// Every text of the default content, with what it belongs to.
pub(super) fn all_texts(g: &WorldOfDungeons) -> Vec<(String, String)> {
    let c = g.content();
    let mut out = Vec::new();
    for i in 0..c.gamers.len() {
        out.push((c.gamers[i].id.clone(), g.gamer_text(i as u8)));
    }
    for i in 0..c.dungeons.len() {
        out.push((c.dungeons[i].id.clone(), g.dungeon_text(i as u8)));
    }
    for i in 0..c.defs.len() {
        out.push((c.defs[i].id.clone(), g.loot_text(i as u8)));
    }
    out
}

/// A game on content made for a test: the files given replace the built-in ones.
pub(super) fn game_on(files: &[(&str, String)]) -> WorldOfDungeons {
    let mut config = Config::players(2);
    config.content = files.iter().map(|(k, v)| ((*k).to_owned(), v.clone())).collect::<BTreeMap<_, _>>();
    WorldOfDungeons::new(&config).unwrap_or_else(|e| panic!("content refused: {e}"))
}

/// Forum, dungeon and Loot files with each ability in each place: gamer `g{i}` has it as its
/// skill, dungeon `r{i}` as a raid ability, `s{i}` as a stash ability, Stash card `k{i}` and
/// Patch Notes `p{i}` as theirs. Gamer `target-tina` is there to be named; she, two more gamers,
/// a dungeon and five Stash cards make the decks large enough to load.
pub(super) fn every_place(abilities: &[&str]) -> Vec<(&'static str, String)> {
    let mut forum = String::new();
    for (id, name) in [("target-tina", "Target Tina"), ("filler-fay", "Filler Fay"), ("filler-finn", "Filler Finn")] {
        forum += &format!(
            "[[gamer]]\nid = \"{id}\"\nname = \"{name}\"\ntype = \"casual\"\nxp = 1\nskill = [{{ is = \"cash-shop\" }}]\n"
        );
    }
    let mut dungeons = String::from(
        "[[dungeon]]\nid = \"filler\"\nname = \"Filler\"\nkind = \"farm\"\ndifficulty = 2\nloot = 1\nvp = 1\n",
    );
    let mut loot = String::from(
        "[[loot]]\nid = \"filler\"\nname = \"Filler\"\nkind = \"stash\"\ncopies = 5\nstash = [{ is = \"hand-limit\", n = 1 }]\n",
    );
    for (i, a) in abilities.iter().enumerate() {
        forum += &format!("[[gamer]]\nid = \"g{i}\"\nname = \"G{i}\"\ntype = \"casual\"\nxp = 1\nskill = [{a}]\n");
        for (prefix, field) in [("r", "raid"), ("s", "stash")] {
            dungeons += &format!(
                "[[dungeon]]\nid = \"{prefix}{i}\"\nname = \"D{prefix}{i}\"\nkind = \"farm\"\ndifficulty = 2\nloot = 1\nvp = 1\n{field} = [{a}]\n"
            );
        }
        loot += &format!("[[loot]]\nid = \"k{i}\"\nname = \"K{i}\"\nkind = \"stash\"\nstash = [{a}]\n");
        loot += &format!("[[loot]]\nid = \"p{i}\"\nname = \"P{i}\"\nkind = \"patch-notes\"\nlasting = [{a}]\n");
    }
    vec![("forum.toml", forum), ("dungeons.toml", dungeons), ("loot.toml", loot)]
}

/// Puts gamer `id` into `seat`'s guild (not joined this turn), in the party at `party`.
pub(super) fn member(g: &WorldOfDungeons, t: &mut Table, seat: usize, id: &str, party: Option<u8>) {
    let x = gamer(g, id);
    t.forum_deck.unseen.remove(x);
    t.forum_row.retain(|y| *y != x);
    t.seats[p(seat)].guild.push(Member { gamer: x, joined: false, raids: 0, claims: 0, party, afk: false });
}

/// Moves dungeons from the deck into the Dungeon row.
pub(super) fn row(g: &WorldOfDungeons, t: &mut Table, ids: &[&str]) {
    for id in ids {
        let d = dungeon(g, id);
        t.dungeon_deck.unseen.remove(d);
        t.dungeon_row.push(d);
    }
}

/// Moves gamers from the deck into the Forum row.
pub(super) fn forum(g: &WorldOfDungeons, t: &mut Table, ids: &[&str]) {
    for id in ids {
        let x = gamer(g, id);
        t.forum_deck.unseen.remove(x);
        t.forum_row.push(x);
    }
}

/// Declares these dungeons (put in the row) and waits for the next one to raid (WOD-RAID-6).
pub(super) fn raid(g: &WorldOfDungeons, t: &mut Table, ids: &[&str]) {
    row(g, t, ids);
    for id in ids {
        t.raid.push(Declared { dungeon: dungeon(g, id), face: None, won: false });
    }
    t.steps = Stack::with(Step::Phase(Phase::NextRaid));
}

pub(super) fn hand(g: &WorldOfDungeons, t: &mut Table, seat: usize, id: &str) {
    let k = take(g, t, id);
    t.seats[p(seat)].hand.insert(k);
}

pub(super) fn look(g: &WorldOfDungeons, s: &State) -> Observation {
    g.observe(s, Viewer::Spectator)
}

/// A guildmember's experience now, by name.
pub(super) fn xp_now(o: &Observation, seat: usize, name: &str) -> i32 {
    o.seats[seat].guild.iter().find(|m| m.name == name).unwrap_or_else(|| panic!("{name} not in the guild")).xp_now
}

/// Applies an action given as an [`Action`] (the kit's `play` takes its text); panics if refused.
pub(super) fn act(g: &WorldOfDungeons, s: &mut State, seat: usize, a: Action, rng: &mut impl Chance) {
    g.apply(s, p(seat), a, rng).unwrap_or_else(|e| panic!("{a:?} refused: {e}"));
}

pub(super) fn guild_names(s: &State, g: &WorldOfDungeons, seat: usize) -> Vec<String> {
    s.table().seats[p(seat)].guild.iter().map(|m| g.content().gamer(m.gamer).name.clone()).collect()
}

pub(super) fn discarded(s: &State, g: &WorldOfDungeons, id: &str) -> bool {
    s.table().forum_discard.bits() & (1 << gamer(g, id)) != 0
}

/// The party choices of the second guildmember when the first is already in the party of the one
/// declared dungeon (WOD-RAID-2).
pub(super) fn second_member_choices(g: &WorldOfDungeons, first: &str, second: &str) -> Vec<Action> {
    let mut t = blank(g);
    raid(g, &mut t, &["goblin-warrens"]);
    member(g, &mut t, 0, first, Some(0));
    member(g, &mut t, 0, second, None);
    t.steps = Stack::with(Step::Phase(Phase::Parties { member: 1 }));
    g.legal_actions(&load(g, &t), p(0))
}

/// Claims the raid of `dungeon` with `party` and returns the Loot cards the claim drew.
pub(super) fn claim_draws(g: &WorldOfDungeons, dungeon_id: &str, party: &[&str], patch: Option<&str>) -> u32 {
    let mut t = blank(g);
    raid(g, &mut t, &[dungeon_id]);
    t.raid[0].won = true;
    t.raid[0].face = Some(worlds_world_of_dungeons::Face::Number(2));
    t.steps = Stack::with(Step::Phase(Phase::Claim));
    for id in party {
        member(g, &mut t, 0, id, Some(0));
    }
    // The roll counted the party's raid (WOD-RAID-14); its claim is to come.
    for m in t.seats[p(0)].guild.iter_mut() {
        m.raids = 1;
    }
    if let Some(id) = patch {
        let k = take(g, &mut t, id);
        t.patch.push(k);
    }
    let mut s = load(g, &t);
    // Draws take the lowest cards of the Loot deck (Effect cards, never Patch Notes).
    let mut rng = Scripted::with([ScriptedValue::Pick(0); 4], SeededRng::new(5));
    act(g, &mut s, 0, Action::Claim, &mut rng);
    s.table().seats[p(0)].hand.len()
}

/// Rolls a skull for a party of three at `dungeon_id` and discards members as long as asked;
/// returns who is left.
pub(super) fn skull_at(g: &WorldOfDungeons, dungeon_id: &str) -> Vec<String> {
    let mut t = blank(g);
    raid(g, &mut t, &[dungeon_id]);
    for id in ["whale-wallace", "dad-of-three", "mobile-mia"] {
        member(g, &mut t, 0, id, Some(0));
    }
    let mut s = load(g, &t);
    let mut rng = Scripted::with([ScriptedValue::Die(6)], SeededRng::new(7));
    act(g, &mut s, 0, Action::Dungeon(dungeon(g, dungeon_id)), &mut rng);
    while matches!(s.table().steps.top(), Some(Step::SkullDiscard { .. })) {
        let first = s.table().seats[p(0)].guild.iter().find(|m| m.party.is_some()).unwrap().gamer;
        act(g, &mut s, 0, Action::Gamer(first), &mut rng);
    }
    guild_names(&s, g, 0)
}

/// A raid of Goblin Warrens (difficulty 4) by Whale Wallace (3), P1 holding `mine`, P2 `theirs`.
pub(super) fn goblin_raid(g: &WorldOfDungeons, mine: &[&str], theirs: &[&str]) -> State {
    let mut t = blank(g);
    raid(g, &mut t, &["goblin-warrens"]);
    member(g, &mut t, 0, "whale-wallace", Some(0));
    for id in mine {
        hand(g, &mut t, 0, id);
    }
    for id in theirs {
        hand(g, &mut t, 1, id);
    }
    load(g, &t)
}

/// Grinds at a full Dungeon row (3) with `patch` in force; the next turn's Populate draws one
/// more. Returns the Dungeon row then.
pub(super) fn row_after_next_populate(g: &WorldOfDungeons, patch: Option<&str>) -> usize {
    let mut t = blank(g);
    row(g, &mut t, &["boar-pasture", "wolf-den", "angry-beehive"]);
    t.steps = Stack::with(Step::Phase(Phase::Dungeon));
    if let Some(id) = patch {
        let k = take(g, &mut t, id);
        t.patch.push(k);
    }
    let mut s = load(g, &t);
    act(g, &mut s, 0, Action::Grind, &mut Scripted::with([ScriptedValue::Pick(0)], SeededRng::new(9)));
    assert_eq!(s.table().turn, 6);
    s.table().dungeon_row.len()
}

mod in_play;
mod texts;
mod vocabulary;
