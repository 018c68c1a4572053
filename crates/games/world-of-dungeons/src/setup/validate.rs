//! Positions from outside: the plain [`Setup`] (what JSON holds) and `from_setup`, the only way
//! into a state, which refuses what a game could not reach, naming the JSON path. Here: every id
//! and number in range, and every card in exactly one place; `reach.rs` checks the rest of what
//! play could have produced.

use worlds_engine::StateError;

use crate::ability::Pick;
use crate::content::{Content, LootKind};
use crate::state::{Fate, Item, Picked, Played, State, Step, Table};

/// A saved position: the table as plain data.
pub type Setup = Table;

fn bad(path: impl Into<String>, reason: impl Into<String>) -> StateError {
    StateError::invalid(path, reason)
}

pub fn from_setup(c: &Content, players: usize, t: Table) -> Result<State, StateError> {
    ids(c, players, &t)?;
    card_places(c, &t)?;
    crate::reach::check(c, players, &t)?;
    Ok(State { t })
}

/// Every card of a set exists.
fn set_in(set: u128, all: u128, path: &str, what: &str, n: usize) -> Result<(), StateError> {
    match worlds_engine::bits::ones(set & !all).next() {
        Some(k) => Err(bad(path, format!("{what} {k} does not exist: the {what}s are numbered below {n}"))),
        None => Ok(()),
    }
}

/// Every card of a list exists.
fn list_in(list: &[u8], n: usize, path: &str, what: &str) -> Result<(), StateError> {
    match list.iter().position(|&k| usize::from(k) >= n) {
        Some(i) => Err(bad(
            format!("{path}[{i}]"),
            format!("{what} {} does not exist: the {what}s are numbered below {n}", list[i]),
        )),
        None => Ok(()),
    }
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
    let (dungeons, gamers, loot) = (u128::from(c.all_dungeons()), u128::from(c.all_gamers()), c.all_loot());
    set_in(u128::from(t.dungeon_deck.unseen.bits()), dungeons, "dungeon_deck.unseen", "dungeon", nd)?;
    list_in(&t.dungeon_deck.bottom, nd, "dungeon_deck.bottom", "dungeon")?;
    list_in(&t.dungeon_row, nd, "dungeon_row", "dungeon")?;
    set_in(u128::from(t.forum_deck.unseen.bits()), gamers, "forum_deck.unseen", "gamer", ng)?;
    list_in(&t.forum_deck.bottom, ng, "forum_deck.bottom", "gamer")?;
    list_in(&t.forum_row, ng, "forum_row", "gamer")?;
    set_in(u128::from(t.forum_discard.bits()), gamers, "forum_discard", "gamer", ng)?;
    set_in(t.loot_deck.bits(), loot, "loot_deck", "Loot card", nl)?;
    set_in(t.loot_discard.bits(), loot, "loot_discard", "Loot card", nl)?;
    for (p, s) in t.seats.values().enumerate() {
        set_in(s.hand.bits(), loot, &format!("seats[{p}].hand"), "Loot card", nl)?;
        if s.hand.bits() & c.patch_cards != 0 {
            return Err(bad(format!("seats[{p}].hand"), "a hand holds Loot cards of the deck, never Patch Notes"));
        }
        set_in(s.stash.bits(), loot, &format!("seats[{p}].stash"), "Loot card", nl)?;
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
            if usize::from(m.gamer) >= ng {
                return Err(bad(
                    format!("seats[{p}].guild[{i}].gamer"),
                    format!("gamer {} does not exist: the gamers are numbered below {ng}", m.gamer),
                ));
            }
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
        if usize::from(d.dungeon) >= nd {
            return Err(bad(
                format!("raid[{i}].dungeon"),
                format!("dungeon {} does not exist: the dungeons are numbered below {nd}", d.dungeon),
            ));
        }
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

/// Whether a pick of the card has been made.
fn made(p: &Picked, pick: Pick) -> bool {
    match pick {
        Pick::DeclaredDungeon => p.dungeon.is_some(),
        Pick::Guildmember { .. } => p.gamer.is_some(),
        Pick::ForumGamer { .. } => p.forum.is_some(),
        Pick::Player { .. } => p.player.is_some(),
        Pick::StackedEffect => p.effect.is_some(),
        Pick::Type => p.ty.is_some(),
    }
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
    let asks = |f: fn(&Pick) -> bool| def.picks.iter().any(f);
    let path = |field: &str| format!("played[{i}].picked.{field}");
    let fields = [
        (
            "dungeon",
            p.dungeon.is_some(),
            asks(|x| matches!(x, Pick::DeclaredDungeon)),
            p.dungeon.map(|d| (usize::from(d), c.dungeons.len())),
        ),
        (
            "gamer",
            p.gamer.is_some(),
            asks(|x| matches!(x, Pick::Guildmember { .. })),
            p.gamer.map(|g| (usize::from(g), c.gamers.len())),
        ),
        (
            "forum",
            p.forum.is_some(),
            asks(|x| matches!(x, Pick::ForumGamer { .. })),
            p.forum.map(|g| (usize::from(g), c.gamers.len())),
        ),
        (
            "player",
            p.player.is_some(),
            asks(|x| matches!(x, Pick::Player { .. })),
            p.player.map(|s| (s.index(), players)),
        ),
        // Only a card played before it can be waiting on the stack.
        (
            "effect",
            p.effect.is_some(),
            asks(|x| matches!(x, Pick::StackedEffect)),
            p.effect.map(|k| (usize::from(k), i)),
        ),
        ("ty", p.ty.is_some(), asks(|x| matches!(x, Pick::Type)), None),
    ];
    for (field, set, asked, range) in fields {
        if set && !asked {
            return Err(bad(path(field), format!("{} asks for no such pick", def.name)));
        }
        if let Some((v, n)) = range
            && v >= n
        {
            let reason = match field {
                "player" => format!("seat {v} does not exist"),
                "effect" => format!("no card was played before this one at place {v}"),
                "dungeon" => format!("dungeon {v} does not exist: the dungeons are numbered below {n}"),
                _ => format!("gamer {v} does not exist: the gamers are numbered below {n}"),
            };
            return Err(bad(path(field), reason));
        }
    }
    // The picks made: all of them, or while it is being picked, those before the current one.
    let picking = t.steps.iter().find_map(|s| match *s {
        Step::Pick { played, k } if usize::from(played) == i => Some(usize::from(k)),
        _ => None,
    });
    let upto = if pl.fate == Fate::Picking { picking.unwrap_or(0) } else { def.picks.len() };
    for (j, pick) in def.picks.iter().enumerate() {
        if made(p, *pick) != (j < upto) {
            let what = if j < upto { "is missing" } else { "is made before its turn" };
            return Err(bad(format!("played[{i}].picked"), format!("pick {} of {} {what}", j + 1, def.name)));
        }
    }
    Ok(())
}

/// Every card is in exactly one place (the card total is constant).
pub fn card_places(c: &Content, t: &Table) -> Result<(), StateError> {
    // Dungeons.
    let mut seen = 0u64;
    let add64 = |bit: u64, path: String, seen: &mut u64| -> Result<(), StateError> {
        if *seen & bit != 0 {
            return Err(bad(path, "this card is also somewhere else"));
        }
        *seen |= bit;
        Ok(())
    };
    add64(t.dungeon_deck.unseen.bits(), "dungeon_deck.unseen".into(), &mut seen)?;
    for (i, &d) in t.dungeon_deck.bottom.iter().enumerate() {
        add64(1 << d, format!("dungeon_deck.bottom[{i}]"), &mut seen)?;
    }
    for (i, &d) in t.dungeon_row.iter().enumerate() {
        add64(1 << d, format!("dungeon_row[{i}]"), &mut seen)?;
    }
    for (p, s) in t.seats.values().enumerate() {
        for (i, &d) in s.dungeons.iter().enumerate() {
            add64(1 << d, format!("seats[{p}].dungeons[{i}]"), &mut seen)?;
        }
    }
    if seen != c.all_dungeons() {
        return Err(bad("dungeon_deck", format!("the dungeons do not add up to the {} of the deck", c.dungeons.len())));
    }
    // Gamers.
    let mut seen = 0u64;
    add64(t.forum_deck.unseen.bits(), "forum_deck.unseen".into(), &mut seen)?;
    for (i, &g) in t.forum_deck.bottom.iter().enumerate() {
        add64(1 << g, format!("forum_deck.bottom[{i}]"), &mut seen)?;
    }
    for (i, &g) in t.forum_row.iter().enumerate() {
        add64(1 << g, format!("forum_row[{i}]"), &mut seen)?;
    }
    add64(t.forum_discard.bits(), "forum_discard".into(), &mut seen)?;
    for (p, s) in t.seats.values().enumerate() {
        for (i, m) in s.guild.iter().enumerate() {
            add64(1 << m.gamer, format!("seats[{p}].guild[{i}]"), &mut seen)?;
        }
    }
    for (i, item) in t.pending.iter().enumerate() {
        if let Item::Recruit { gamer, troll: true, .. } = item {
            add64(1 << gamer, format!("pending[{i}]"), &mut seen)?;
        }
    }
    if seen != c.all_gamers() {
        return Err(bad("forum_deck", format!("the gamers do not add up to the {} of the deck", c.gamers.len())));
    }
    // Loot.
    let mut seen = 0u128;
    let mut add = |bits: u128, path: String| -> Result<(), StateError> {
        if seen & bits != 0 {
            return Err(bad(path, "a card here is also somewhere else"));
        }
        seen |= bits;
        Ok(())
    };
    add(t.loot_deck.bits(), "loot_deck".into())?;
    add(t.loot_discard.bits(), "loot_discard".into())?;
    for (i, &k) in t.patch.iter().enumerate() {
        add(1 << k, format!("patch[{i}]"))?;
    }
    for (p, s) in t.seats.values().enumerate() {
        add(s.hand.bits(), format!("seats[{p}].hand"))?;
        add(s.stash.bits(), format!("seats[{p}].stash"))?;
    }
    for (i, item) in t.pending.iter().enumerate() {
        if let Item::Stash { card } = item {
            add(1 << card, format!("pending[{i}]"))?;
        }
    }
    for (i, pl) in t.played.iter().enumerate() {
        if pl.fate != Fate::Detached {
            add(1 << pl.card, format!("played[{i}].card"))?;
        }
    }
    if seen != c.all_loot() {
        return Err(bad("loot_deck", format!("the Loot cards do not add up to the {} of the deck", c.loot.len())));
    }
    Ok(())
}
