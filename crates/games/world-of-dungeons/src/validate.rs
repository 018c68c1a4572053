//! Positions from outside: the plain [`Setup`] (what JSON holds) and `from_setup`, the only way
//! into a state, which refuses what a game could not reach, naming the JSON path.

use worlds_engine::StateError;

use crate::content::{Content, LootKind};
use crate::state::{Fate, Item, Phase, State, Step, Table};

/// A saved position: the table as plain data.
pub type Setup = Table;

fn bad(path: impl Into<String>, reason: impl Into<String>) -> StateError {
    StateError::invalid(path, reason)
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
    add64(t.dungeon_deck.unseen.0, "dungeon_deck.unseen".into(), &mut seen)?;
    for (i, &d) in t.dungeon_deck.bottom.iter().enumerate() {
        add64(1 << d, format!("dungeon_deck.bottom[{i}]"), &mut seen)?;
    }
    for (i, &d) in t.dungeon_row.iter().enumerate() {
        add64(1 << d, format!("dungeon_row[{i}]"), &mut seen)?;
    }
    for (p, s) in t.seats.iter().enumerate() {
        for (i, &d) in s.dungeons.iter().enumerate() {
            add64(1 << d, format!("seats[{p}].dungeons[{i}]"), &mut seen)?;
        }
    }
    if seen != c.all_dungeons() {
        return Err(bad("dungeon_deck", format!("the dungeons do not add up to the {} of the deck", c.dungeons.len())));
    }
    // Gamers.
    let mut seen = 0u64;
    add64(t.forum_deck.unseen.0, "forum_deck.unseen".into(), &mut seen)?;
    for (i, &g) in t.forum_deck.bottom.iter().enumerate() {
        add64(1 << g, format!("forum_deck.bottom[{i}]"), &mut seen)?;
    }
    for (i, &g) in t.forum_row.iter().enumerate() {
        add64(1 << g, format!("forum_row[{i}]"), &mut seen)?;
    }
    add64(t.forum_discard.0, "forum_discard".into(), &mut seen)?;
    for (p, s) in t.seats.iter().enumerate() {
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
    add(t.loot_deck.0, "loot_deck".into())?;
    add(t.loot_discard.0, "loot_discard".into())?;
    for (i, &k) in t.patch.iter().enumerate() {
        add(1 << k, format!("patch[{i}]"))?;
    }
    for (p, s) in t.seats.iter().enumerate() {
        add(s.hand.0, format!("seats[{p}].hand"))?;
        add(s.stash.0, format!("seats[{p}].stash"))?;
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

pub fn from_setup(c: &Content, players: usize, t: Table) -> Result<State, StateError> {
    if t.seats.len() != players {
        return Err(bad("seats", format!("{} seats for a {players}-player game", t.seats.len())));
    }
    if usize::from(t.active) >= players {
        return Err(bad("active", format!("seat {} does not exist", t.active)));
    }
    if t.turn == 0 {
        return Err(bad("turn", "turns count from 1"));
    }
    let nd = c.dungeons.len();
    let ng = c.gamers.len();
    let nl = c.loot.len();
    let check =
        |ok: bool, path: String, what: &str| if ok { Ok(()) } else { Err(bad(path, format!("{what} does not exist"))) };
    check(t.dungeon_deck.unseen.0 & !c.all_dungeons() == 0, "dungeon_deck.unseen".into(), "a dungeon")?;
    check(t.forum_deck.unseen.0 & !c.all_gamers() == 0, "forum_deck.unseen".into(), "a gamer")?;
    for (i, &d) in t.dungeon_deck.bottom.iter().chain(&t.dungeon_row).enumerate() {
        check(usize::from(d) < nd, format!("dungeons[{i}]"), "a dungeon")?;
    }
    for (i, &g) in t.forum_deck.bottom.iter().chain(&t.forum_row).enumerate() {
        check(usize::from(g) < ng, format!("gamers[{i}]"), "a gamer")?;
    }
    for (p, s) in t.seats.iter().enumerate() {
        for (i, m) in s.guild.iter().enumerate() {
            check(usize::from(m.gamer) < ng, format!("seats[{p}].guild[{i}].gamer"), "the gamer")?;
            if let Some(k) = m.party
                && usize::from(k) >= t.raid.len()
            {
                return Err(bad(format!("seats[{p}].guild[{i}].party"), "no declared dungeon has this place"));
            }
            // Only the active player raids, and only once the parties are being declared.
            let raiding =
                matches!(t.steps.bottom(), Some(Step::Phase(Phase::Parties { .. } | Phase::NextRaid | Phase::Claim)))
                    || matches!(t.steps.bottom(), Some(Step::Phase(Phase::Declare)))
                        && t.pending.contains(&Item::Declare);
            if m.party.is_some() && (p != usize::from(t.active) || !raiding) {
                return Err(bad(format!("seats[{p}].guild[{i}].party"), "only the active player's raid has parties"));
            }
        }
        for (i, &d) in s.dungeons.iter().enumerate() {
            check(usize::from(d) < nd, format!("seats[{p}].dungeons[{i}]"), "the dungeon")?;
        }
        if s.stash.0.count_ones() > 0
            && worlds_engine::bits::ones(s.stash.0).any(|k| k >= nl || c.def(k as u8).kind != LootKind::Stash)
        {
            return Err(bad(format!("seats[{p}].stash"), "only Stash cards of the deck go into a Guild Stash"));
        }
        if worlds_engine::bits::ones(s.hand.0).any(|k| k >= nl || c.patch_cards & (1 << k) != 0) {
            return Err(bad(format!("seats[{p}].hand"), "a hand holds Loot cards of the deck, never Patch Notes"));
        }
    }
    for (i, &k) in t.patch.iter().enumerate() {
        if usize::from(k) >= nl || c.def(k).kind != LootKind::PatchNotes {
            return Err(bad(format!("patch[{i}]"), "only Patch Notes cards go into the Patch Notes row"));
        }
    }
    for (i, pl) in t.played.iter().enumerate() {
        if usize::from(pl.card) >= nl || c.def(pl.card).kind != LootKind::Effect {
            return Err(bad(format!("played[{i}].card"), "only Effect cards are played"));
        }
        if usize::from(pl.player) >= players {
            return Err(bad(format!("played[{i}].player"), "no such seat"));
        }
    }
    if !t.raid.is_empty()
        && matches!(t.steps.bottom(), Some(Step::Phase(Phase::Kick | Phase::Recruit | Phase::Stash | Phase::Dungeon)))
    {
        return Err(bad("raid", "no raid is declared before phase 3's choice"));
    }
    for (i, d) in t.raid.iter().enumerate() {
        if !t.dungeon_row.contains(&d.dungeon) {
            return Err(bad(format!("raid[{i}].dungeon"), "a declared dungeon is in the Dungeon row"));
        }
    }
    for (i, item) in t.pending.iter().enumerate() {
        let ok = match *item {
            // A cancelled card stays on the stack and does nothing when it resolves (WOD-RESP-6).
            Item::Card { played } => {
                t.played.get(usize::from(played)).is_some_and(|p| matches!(p.fate, Fate::Waiting | Fate::Cancelled))
            }
            Item::Roll { at, .. } => usize::from(at) < t.raid.len(),
            Item::Recruit { gamer, .. } | Item::Kick { gamer } => usize::from(gamer) < ng,
            Item::Stash { card } => usize::from(card) < nl && c.def(card).kind == LootKind::Stash,
            _ => true,
        };
        if !ok {
            return Err(bad(format!("pending[{i}]"), "refers to nothing that waits"));
        }
    }
    card_places(c, &t)?;
    if t.over.is_none() {
        if !matches!(t.steps.bottom(), Some(Step::Phase(_))) {
            return Err(bad("steps[0]", "the bottom step is a phase of the turn"));
        }
        // Windows never nest (WOD-RESP-6), and each kind of pushed step is there at most once.
        for (i, s) in t.steps.iter().enumerate().skip(1) {
            if t.steps.as_slice()[1..i].iter().any(|x| std::mem::discriminant(x) == std::mem::discriminant(s)) {
                return Err(bad(format!("steps[{i}]"), "this kind of step is already on the stack"));
            }
        }
        for (i, s) in t.steps.iter().enumerate() {
            let ok = match s {
                Step::Window(r) => {
                    r.check(players).map_err(|e| bad(format!("steps[{i}]"), e))?;
                    // WOD-RESP-9, WOD-RESP-10: an empty hand or a standing pass is never asked.
                    // (Below a pick, the holder is the one playing a card, maybe their last.)
                    if let Some(h) = r.holder().filter(|_| i + 1 == t.steps.len()) {
                        let seat = &t.seats[h.index()];
                        if seat.hand.0 == 0 || seat.standing != crate::state::Standing::None {
                            return Err(bad(
                                format!("steps[{i}]"),
                                format!("{h} holds priority but passes without being asked"),
                            ));
                        }
                    }
                    i > 0 && r.holder().is_some() && r.seats() == worlds_engine::PlayerSet::first_n(players)
                }
                // WOD-RAID-2: the party question is never put to an AFK member.
                Step::Phase(Phase::Parties { member }) => {
                    i == 0 && t.seats[usize::from(t.active)].guild.get(usize::from(*member)).is_some_and(|m| !m.afk)
                }
                Step::Phase(_) => i == 0,
                Step::Pick { played, k } => t
                    .played
                    .get(usize::from(*played))
                    .is_some_and(|p| p.fate == Fate::Picking && usize::from(*k) < c.def(p.card).picks.len()),
                Step::Resolve { played, pc } => t
                    .played
                    .get(usize::from(*played))
                    .is_some_and(|p| p.fate == Fate::Waiting && usize::from(*pc) < c.def(p.card).program.len()),
                Step::SkullDiscard { at, left } => usize::from(*at) < t.raid.len() && *left > 0,
                // WOD-HAND-1: exactly the cards over the limit are left to discard.
                Step::HandLimit(each) => {
                    each.current.index() < players && each.left > 0 && !each.rest.contains(each.current) && {
                        let v = crate::values::Values::new(c, &t);
                        let hand = t.seats[each.current.index()].hand.0.count_ones() as i32;
                        i32::from(each.left) == hand - v.hand_limit(each.current.index())
                    }
                }
            };
            if !ok {
                return Err(bad(format!("steps[{i}]"), "this step cannot be here"));
            }
        }
        if matches!(t.steps.top(), Some(Step::Phase(_))) && !t.pending.is_empty() {
            return Err(bad("pending", "the response stack waits only while a window is open or resolving"));
        }
    }
    // Whoever must decide has a choice: a declaration that cannot be completed, a raid phase with
    // nothing left to raid, and the like, are positions no game reaches.
    if t.over.is_none()
        && let worlds_engine::Turn::Decide(p) = crate::legal::turn(&t)
    {
        let mut legal = Vec::new();
        crate::legal::legal_actions(c, &t, p, &mut legal);
        if legal.is_empty() {
            return Err(bad("steps", format!("{p} must decide here but would have no legal action")));
        }
    }
    Ok(State { t })
}
