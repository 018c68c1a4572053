//! Positions from outside: the plain [`Setup`] (what JSON holds) and `from_setup`, the only way
//! into a state, which refuses what a game could not reach, naming the JSON path. Here: every id
//! and number in range, and every card in exactly one place; `reach.rs` checks the rest of what
//! play could have produced.

use worlds_engine::StateError;
use worlds_engine::cards::CardSet;

use crate::content::{Content, LootKind};
use crate::reach::bad;
use crate::state::{Fate, Item, Played, State, Step, Table};

/// A saved position: the table as plain data.
pub type Setup = Table;

pub fn from_setup(c: &Content, players: usize, t: Table) -> Result<State, StateError> {
    ids(c, players, &t)?;
    card_places(c, &t)?;
    crate::reach::check(c, players, &t)?;
    Ok(State { t })
}

/// "gamer 70 does not exist: the gamers are numbered below 64".
fn missing(what: &str, k: impl std::fmt::Display, n: usize) -> String {
    format!("{what} {k} does not exist: the {what}s are numbered below {n}")
}

/// Every card of a set exists.
fn set_in<const W: usize>(set: CardSet<W>, n: usize, path: &str, what: &str) -> Result<(), StateError> {
    set.first_beyond(n).map_or(Ok(()), |k| Err(bad(path, missing(what, k, n))))
}

/// A card exists.
fn id_in(k: u8, n: usize, path: impl Into<String>, what: &str) -> Result<(), StateError> {
    if usize::from(k) < n { Ok(()) } else { Err(bad(path, missing(what, k, n))) }
}

/// Every card of a list exists.
fn list_in(list: &[u8], n: usize, path: &str, what: &str) -> Result<(), StateError> {
    list.iter().enumerate().try_for_each(|(i, &k)| id_in(k, n, format!("{path}[{i}]"), what))
}

/// Every id and number of the table is in range (so that nothing after this indexes out of
/// bounds or shifts past a word), each refusal naming its path.
fn ids(c: &Content, players: usize, t: &Table) -> Result<(), StateError> {
    if t.seats.len() != players {
        return Err(bad("seats", format!("{} seats for a {players}-player game", t.seats.len())));
    }
    if t.active.index() >= players {
        return Err(bad("active", format!("seat {} does not exist", t.active.index())));
    }
    if t.turn == 0 {
        return Err(bad("turn", "turns count from 1"));
    }
    if t.turn > c.turn_cap {
        return Err(bad(
            "turn",
            format!("turn {} is past the turn cap: the game ends after turn {} (WOD-END-2)", t.turn, c.turn_cap),
        ));
    }
    let (nd, ng, nl) = (c.dungeons.len(), c.gamers.len(), c.loot.len());
    set_in(t.dungeon_deck.unseen, nd, "dungeon_deck.unseen", "dungeon")?;
    list_in(&t.dungeon_deck.bottom, nd, "dungeon_deck.bottom", "dungeon")?;
    list_in(&t.dungeon_row, nd, "dungeon_row", "dungeon")?;
    set_in(t.forum_deck.unseen, ng, "forum_deck.unseen", "gamer")?;
    list_in(&t.forum_deck.bottom, ng, "forum_deck.bottom", "gamer")?;
    list_in(&t.forum_row, ng, "forum_row", "gamer")?;
    set_in(t.forum_discard, ng, "forum_discard", "gamer")?;
    set_in(t.loot_deck, nl, "loot_deck", "Loot card")?;
    set_in(t.loot_discard, nl, "loot_discard", "Loot card")?;
    for (p, s) in t.seats.values().enumerate() {
        set_in(s.hand, nl, &format!("seats[{p}].hand"), "Loot card")?;
        if s.hand.bits() & c.patch_cards != 0 {
            return Err(bad(format!("seats[{p}].hand"), "a hand holds Loot cards of the deck, never Patch Notes"));
        }
        set_in(s.stash, nl, &format!("seats[{p}].stash"), "Loot card")?;
        if worlds_engine::bits::ones(s.stash.bits()).any(|k| c.def(k as u8).kind != LootKind::Stash) {
            return Err(bad(format!("seats[{p}].stash"), "only Stash cards of the deck go into a Guild Stash"));
        }
        if s.guild.len() > c.largest_guild {
            return Err(bad(
                format!("seats[{p}].guild"),
                format!(
                    "{} guildmembers: with these cards no guild can hold more than {} (WOD-RULING-7)",
                    s.guild.len(),
                    c.largest_guild
                ),
            ));
        }
        for (i, m) in s.guild.iter().enumerate() {
            id_in(m.gamer, ng, format!("seats[{p}].guild[{i}].gamer"), "gamer")?;
            if m.party.is_some_and(|k| usize::from(k) >= t.raid.len()) {
                return Err(bad(format!("seats[{p}].guild[{i}].party"), "no declared dungeon has this place"));
            }
        }
        list_in(&s.dungeons, nd, &format!("seats[{p}].dungeons"), "dungeon")?;
    }
    list_in(&t.patch, nl, "patch", "Loot card")?;
    for (i, &k) in t.patch.iter().enumerate() {
        if c.def(k).kind != LootKind::PatchNotes {
            return Err(bad(format!("patch[{i}]"), "only Patch Notes cards go into the Patch Notes row"));
        }
    }
    for (i, d) in t.raid.iter().enumerate() {
        id_in(d.dungeon, nd, format!("raid[{i}].dungeon"), "dungeon")?;
    }
    for (i, pl) in t.played.iter().enumerate() {
        played(c, players, t, i, pl)?;
    }
    for (i, item) in t.pending.iter().enumerate() {
        let ok = match *item {
            Item::Card { played } => usize::from(played) < t.played.len(),
            Item::Roll { at, .. } => usize::from(at) < t.raid.len(),
            Item::Recruit { gamer, .. } | Item::Kick { gamer } => usize::from(gamer) < ng,
            Item::Stash { card } => usize::from(card) < nl && c.def(card).kind == LootKind::Stash,
            Item::Declare | Item::Claim { .. } => true,
        };
        if !ok {
            return Err(bad(format!("pending[{i}]"), "refers to nothing that waits"));
        }
    }
    for (i, s) in t.steps.iter().enumerate() {
        let path = format!("steps[{i}]");
        let def = |played: u8| t.played.get(usize::from(played)).map(|p| c.def(p.card));
        match *s {
            Step::Window(r) => r.check(players).map_err(|e| bad(path.as_str(), e))?,
            Step::Pick { played, k } if def(played).is_none_or(|d| usize::from(k) >= d.picks.len()) => {
                return Err(bad(path, "no card played this turn has this pick to make"));
            }
            Step::Resolve { played, pc } if def(played).is_none_or(|d| usize::from(pc) >= d.steps.len()) => {
                return Err(bad(path, "no card played this turn has this step to resolve"));
            }
            Step::SkullDiscard { at, .. } if usize::from(at) >= t.raid.len() => {
                return Err(bad(path, "no declared dungeon has this place"));
            }
            Step::HandLimit(each)
                if each.current.index() >= players || each.rest.iter().any(|p| p.index() >= players) =>
            {
                return Err(bad(path, format!("a seat of the hand limit does not exist in a {players}-player game")));
            }
            Step::Phase(crate::state::Phase::Parties { member })
                if usize::from(member) >= t.seats[t.active].guild.len() =>
            {
                return Err(bad(path, format!("the active player has no guildmember at place {member}")));
            }
            _ => {}
        }
    }
    Ok(())
}

/// WOD-EFFECT-1: a played Effect card, its player and what it picked: every pick made (those
/// before the one being made, while it is still being picked), nothing it does not ask for, each
/// choice a card, seat or stacked card that exists.
fn played(c: &Content, players: usize, t: &Table, i: usize, pl: &Played) -> Result<(), StateError> {
    if usize::from(pl.card) >= c.loot.len() || c.def(pl.card).kind != LootKind::Effect {
        return Err(bad(format!("played[{i}].card"), "only Effect cards are played"));
    }
    if pl.player.index() >= players {
        return Err(bad(format!("played[{i}].player"), format!("seat {} does not exist", pl.player.index())));
    }
    let def = c.def(pl.card);
    let p = &pl.picked;
    // Each field of the picks, in the order of `Pick::slot`, with its choice and the number of
    // choices. Only a card played before it can be waiting on the stack.
    let fields = [
        ("dungeon", p.dungeon.map(|d| (usize::from(d), c.dungeons.len()))),
        ("gamer", p.gamer.map(|g| (usize::from(g), c.gamers.len()))),
        ("forum", p.forum.map(|g| (usize::from(g), c.gamers.len()))),
        ("player", p.player.map(|s| (s.index(), players))),
        ("effect", p.effect.map(|k| (usize::from(k), i))),
        ("ty", p.ty.map(|_| (0, 1))),
    ];
    for (slot, (field, value)) in fields.iter().enumerate() {
        let Some((v, n)) = *value else { continue };
        let path = format!("played[{i}].picked.{field}");
        if !def.picks.iter().any(|x| x.slot() == slot) {
            return Err(bad(path, format!("{} asks for no such pick", def.name)));
        }
        if v >= n {
            let reason = match *field {
                "player" => format!("seat {v} does not exist"),
                "effect" => format!("no card was played before this one at place {v}"),
                "dungeon" => missing("dungeon", v, n),
                _ => missing("gamer", v, n),
            };
            return Err(bad(path, reason));
        }
    }
    // The picks made: all of them, or while it is being picked, those before the current one.
    let picking = t.steps.iter().find_map(|s| match *s {
        Step::Pick { played, k } if usize::from(played) == i => Some(usize::from(k)),
        _ => None,
    });
    let upto = if pl.fate == Fate::Picking { picking.unwrap_or(0) } else { def.picks.len() };
    for (j, pick) in def.picks.iter().enumerate() {
        if fields[pick.slot()].1.is_some() != (j < upto) {
            let what = if j < upto { "is missing" } else { "is made before its turn" };
            return Err(bad(format!("played[{i}].picked"), format!("pick {} of {} {what}", j + 1, def.name)));
        }
    }
    Ok(())
}

/// The cards of one deck seen so far, each in one place.
struct Places {
    seen: u128,
    /// Why a card seen twice is refused.
    twice: &'static str,
}

impl Places {
    fn add(&mut self, bits: impl Into<u128>, path: impl Into<String>) -> Result<(), StateError> {
        let bits = bits.into();
        if self.seen & bits != 0 {
            return Err(bad(path, self.twice));
        }
        self.seen |= bits;
        Ok(())
    }

    /// Cards one by one, at `path[i]`.
    fn each(&mut self, cards: impl IntoIterator<Item = u8>, path: &str) -> Result<(), StateError> {
        cards.into_iter().enumerate().try_for_each(|(i, k)| self.add(1u128 << k, format!("{path}[{i}]")))
    }
}

/// Every card is in exactly one place (the card total is constant).
pub fn card_places(c: &Content, t: &Table) -> Result<(), StateError> {
    let mut dungeons = Places { seen: 0, twice: "this card is also somewhere else" };
    dungeons.add(t.dungeon_deck.unseen.bits(), "dungeon_deck.unseen")?;
    dungeons.each(t.dungeon_deck.bottom.iter().copied(), "dungeon_deck.bottom")?;
    dungeons.each(t.dungeon_row.iter().copied(), "dungeon_row")?;
    for (p, s) in t.seats.values().enumerate() {
        dungeons.each(s.dungeons.iter().copied(), &format!("seats[{p}].dungeons"))?;
    }
    if dungeons.seen != u128::from(c.all_dungeons()) {
        return Err(bad("dungeon_deck", format!("the dungeons do not add up to the {} of the deck", c.dungeons.len())));
    }
    let mut gamers = Places { seen: 0, twice: "this card is also somewhere else" };
    gamers.add(t.forum_deck.unseen.bits(), "forum_deck.unseen")?;
    gamers.each(t.forum_deck.bottom.iter().copied(), "forum_deck.bottom")?;
    gamers.each(t.forum_row.iter().copied(), "forum_row")?;
    gamers.add(t.forum_discard.bits(), "forum_discard")?;
    for (p, s) in t.seats.values().enumerate() {
        gamers.each(s.guild.iter().map(|m| m.gamer), &format!("seats[{p}].guild"))?;
    }
    for (i, item) in t.pending.iter().enumerate() {
        if let Item::Recruit { gamer, troll: true, .. } = item {
            gamers.add(1u128 << gamer, format!("pending[{i}]"))?;
        }
    }
    if gamers.seen != u128::from(c.all_gamers()) {
        return Err(bad("forum_deck", format!("the gamers do not add up to the {} of the deck", c.gamers.len())));
    }
    let mut loot = Places { seen: 0, twice: "a card here is also somewhere else" };
    loot.add(t.loot_deck.bits(), "loot_deck")?;
    loot.add(t.loot_discard.bits(), "loot_discard")?;
    loot.each(t.patch.iter().copied(), "patch")?;
    for (p, s) in t.seats.values().enumerate() {
        loot.add(s.hand.bits(), format!("seats[{p}].hand"))?;
        loot.add(s.stash.bits(), format!("seats[{p}].stash"))?;
    }
    for (i, item) in t.pending.iter().enumerate() {
        if let Item::Stash { card } = item {
            loot.add(1u128 << card, format!("pending[{i}]"))?;
        }
    }
    for (i, pl) in t.played.iter().enumerate() {
        if pl.fate != Fate::Detached {
            loot.add(1u128 << pl.card, format!("played[{i}].card"))?;
        }
    }
    if loot.seen != c.all_loot() {
        return Err(bad("loot_deck", format!("the Loot cards do not add up to the {} of the deck", c.loot.len())));
    }
    Ok(())
}
