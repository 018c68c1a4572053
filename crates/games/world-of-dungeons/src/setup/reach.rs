//! What play could have produced: the invariants `from_setup` checks once every id is in range and
//! every card in one place (`validate.rs`). How the game ended and what it ended with (WOD-WIN-1,
//! WOD-END-2), the rows within their limits (WOD-POP-2), the steps of a turn in an order play puts
//! them in (WOD-TURN-1, WOD-RESP-*), the response stack and the Effect cards of the turn, the raid,
//! the guildmembers' counters, and nobody at 20 VP where the victory check would have ended the
//! game. Each refusal names the JSON path and the rule.

use worlds_engine::{Player, PlayerSet, StateError};

use crate::ability::Op;
use crate::content::{Content, VP_TO_WIN};
use crate::state::{Ending, Fate, Item, Phase, Standing, Step, Table};
use crate::values::Values;
use crate::vocab::{GamerType, Row};

pub(crate) fn bad(path: impl Into<String>, reason: impl Into<String>) -> StateError {
    StateError::invalid(path, reason)
}

pub fn check(c: &Content, players: usize, t: &Table) -> Result<(), StateError> {
    let v = Values::new(c, t);
    rows(&v)?;
    counters(t)?;
    marks(c, t)?;
    match t.over {
        Some(_) => ending(c, &v),
        None => {
            let phase = steps(c, players, &v)?;
            stack(c, t, phase)?;
            raid(&v, phase)?;
            victory(c, &v)
        }
    }
}

/// The most VP anyone has, and who.
fn leader(v: &Values) -> (Player, i32) {
    let all = Player::all(v.t.seats.len());
    all.map(|p| (p, v.vp(p))).max_by_key(|&(p, vp)| (vp, std::cmp::Reverse(p))).unwrap_or_default()
}

/// The first empty deck, by its path (WOD-WIN-1).
fn empty_deck(t: &Table) -> Option<String> {
    t.empty_deck().map(|deck| format!("{}_deck", deck.to_lowercase()))
}

/// WOD-POP-2: a row never holds more cards than its limit (at least 1, at most the table's 8).
fn rows(v: &Values) -> Result<(), StateError> {
    for (row, list, path) in
        [(Row::Dungeon, &v.t.dungeon_row, "dungeon_row"), (Row::Forum, &v.t.forum_row, "forum_row")]
    {
        let limit = v.row_limit(row).clamp(1, 8) as usize;
        // The dungeons of a raid in progress stay, even past a limit that fell (WOD-RULING-5).
        let raided = if row == Row::Dungeon { v.t.raid.len() } else { 0 };
        if list.len() > limit.max(raided) {
            return Err(bad(
                path,
                format!("{} cards in the {} row, over its limit of {limit} (WOD-POP-2)", list.len(), row.name()),
            ));
        }
    }
    Ok(())
}

/// WOD-TURN-2, WOD-EFFECT-3: the marks of the turn have a cause: at the Kick step a gamer has
/// joined only as a Troll arriving or by a card played since (poach, join); a guildmember is AFK
/// only by an AFK card that resolved on it this turn.
fn marks(c: &Content, t: &Table) -> Result<(), StateError> {
    let resolved = |f: fn(&Op) -> bool| {
        t.played.iter().filter(move |p| p.fate == Fate::Resolved && c.def(p.card).steps.iter().any(f))
    };
    let kick = matches!(t.steps.bottom(), Some(Step::Phase(Phase::Kick)));
    let moved = resolved(|op| matches!(op, Op::Poach | Op::Join)).next().is_some();
    for (p, s) in t.seats.values().enumerate() {
        for (i, m) in s.guild.iter().enumerate() {
            if m.joined && kick && !t.used.troll_joined && !moved {
                return Err(bad(
                    format!("seats[{p}].guild[{i}].joined"),
                    "no gamer has joined a guild yet this turn (WOD-TURN-2)",
                ));
            }
            if m.afk && !resolved(|op| *op == Op::Afk).any(|x| x.picked.gamer == Some(m.gamer)) {
                return Err(bad(
                    format!("seats[{p}].guild[{i}].afk"),
                    "no AFK card played this turn took this guildmember away (WOD-EFFECT-3)",
                ));
            }
        }
    }
    Ok(())
}

/// WOD-RAID-14 and Learns: a guildmember raids at most once a turn (this turn's only once a die
/// has been rolled), and claims only after raiding (this turn's raid once claimed, WOD-CLAIM-1).
fn counters(t: &Table) -> Result<(), StateError> {
    let phase = match t.steps.bottom() {
        Some(Step::Phase(p)) => Some(*p),
        _ => None,
    };
    let after_dungeon = matches!(t.steps.top(), Some(Step::HandLimit(_))) && phase != Some(Phase::Dungeon);
    let rolled =
        t.over.is_some() || t.raid.iter().any(|d| d.face.is_some()) || phase == Some(Phase::Claim) || after_dungeon;
    let most = t.turn.saturating_sub(u16::from(!rolled));
    for (p, s) in t.seats.values().enumerate() {
        for (i, m) in s.guild.iter().enumerate() {
            if u16::from(m.raids) > most {
                return Err(bad(
                    format!("seats[{p}].guild[{i}].raids"),
                    format!(
                        "{} raids, at most {most} by now: a guildmember raids at most once a turn (WOD-RAID-14)",
                        m.raids
                    ),
                ));
            }
            // A party whose dungeon was rolled this turn counted the raid; its claim is to come.
            let unclaimed = m.party.is_some_and(|at| t.raid.get(usize::from(at)).is_some_and(|d| d.face.is_some()));
            if m.claims > m.raids || (unclaimed && m.claims >= m.raids) {
                let this_turn = if unclaimed { ", one of them rolled this turn and not yet claimed" } else { "" };
                return Err(bad(
                    format!("seats[{p}].guild[{i}].claims"),
                    format!(
                        "{} claims after {} raids{this_turn}: a claim counts only for a guildmember that raided",
                        m.claims, m.raids
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// WOD-WIN-1, WOD-END-2: a finished game ended the way it says, with nothing left in progress.
fn ending(c: &Content, v: &Values) -> Result<(), StateError> {
    let t = v.t;
    if !t.steps.is_empty() {
        return Err(bad("steps", "the game is over: no step is left to take"));
    }
    if !t.pending.is_empty() {
        return Err(bad("pending", "the game is over: nothing waits on the stack"));
    }
    if !t.raid.is_empty() {
        return Err(bad("raid", "the game is over: no raid is in progress"));
    }
    if let Some(i) = t.played.iter().position(|p| matches!(p.fate, Fate::Picking | Fate::Waiting)) {
        return Err(bad(format!("played[{i}].fate"), "the game is over: no card is still being played"));
    }
    let (p, best) = leader(v);
    let win = VP_TO_WIN;
    match t.over {
        Some(Ending::Vp) if best < win => {
            Err(bad("over", format!("the game ended at {win} VP, but the most anyone has is {best} (WOD-WIN-1)")))
        }
        Some(Ending::EmptyDeck) if empty_deck(t).is_none() => {
            Err(bad("over", "the game ended on an empty deck, but no deck is empty (WOD-WIN-1)"))
        }
        Some(e @ (Ending::TurnCap | Ending::EmptyDeck))
            if best >= win && (e == Ending::EmptyDeck || !c.vp_outside_claims) =>
        {
            Err(bad("over", format!("{p} has {best} VP: the victory check ends the game at {win} VP (WOD-WIN-1)")))
        }
        Some(Ending::TurnCap) => {
            if t.turn != c.turn_cap {
                Err(bad(
                    "over",
                    format!(
                        "the game ended at the turn cap, but turn {} is not turn {} (WOD-END-2)",
                        t.turn, c.turn_cap
                    ),
                ))
            } else if let Some(deck) = empty_deck(t) {
                Err(bad(
                    deck,
                    "this deck is empty: the victory check would have ended the game before the turn cap (WOD-WIN-1)",
                ))
            } else if !t.played.is_empty() {
                Err(bad(
                    "played",
                    "the turn cap ends the game at the end of a turn, when the turn's cards are discarded (WOD-END-1)",
                ))
            } else {
                Ok(())
            }
        }
        _ => Ok(()),
    }
}

/// WOD-WIN-1: nobody has 20 VP where the victory check would have ended the game: right after it
/// (the hand limit), or anywhere when VP change only by claims, which the check follows at once.
/// A deck is empty after the check only if the game ended.
fn victory(c: &Content, v: &Values) -> Result<(), StateError> {
    let t = v.t;
    let checked = matches!(t.steps.top(), Some(Step::HandLimit(_)));
    let (p, best) = leader(v);
    if best >= VP_TO_WIN && (checked || !c.vp_outside_claims) {
        return Err(bad(
            format!("seats[{}].dungeons", p.index()),
            format!("{p} has {best} VP: the victory check would have ended the game (WOD-WIN-1)"),
        ));
    }
    if checked && let Some(deck) = empty_deck(t) {
        return Err(bad(deck, "this deck is empty: the victory check would have ended the game (WOD-WIN-1)"));
    }
    Ok(())
}

/// The phase steps at which the active player may play an Effect card (WOD-RESP-8).
fn decision_point(p: Phase) -> bool {
    matches!(p, Phase::Kick | Phase::Recruit | Phase::Stash | Phase::Dungeon | Phase::NextRaid)
}

/// WOD-TURN-1, WOD-RESP-*: the step stack is one play builds: the phase at the bottom, then a
/// window (and a card being played in it), a card played at a decision point, the stack
/// resolving, a skull's discards or the hand limit. Returns the phase.
fn steps(c: &Content, players: usize, v: &Values) -> Result<Phase, StateError> {
    let t = v.t;
    let slice = t.steps.as_slice();
    let Some(&Step::Phase(phase)) = slice.first() else {
        return Err(bad("steps[0]", "the bottom step is a phase of the turn"));
    };
    let active = t.active;
    for (i, s) in slice.iter().enumerate().skip(1) {
        let path = format!("steps[{i}]");
        let below = slice[i - 1];
        let placed = match s {
            Step::Phase(_) => Err("only the bottom step is a phase of the turn"),
            Step::Window(_) if i == 1 => Ok(()),
            Step::Window(_) => Err("windows never nest (WOD-RESP-6)"),
            Step::Pick { .. } if (i == 1 && decision_point(phase)) || matches!(below, Step::Window(_)) => Ok(()),
            Step::Pick { .. } => Err("an Effect card is played at a decision point or in a window (WOD-RESP-8)"),
            Step::Resolve { .. } if i == 1 => Ok(()),
            Step::Resolve { .. } => Err("the stack resolves once its window has closed (WOD-RESP-6)"),
            Step::SkullDiscard { .. } if i == 1 && phase == Phase::NextRaid => Ok(()),
            Step::SkullDiscard { .. } => Err("a skull's discards follow a raid's roll (WOD-RAID-11)"),
            Step::HandLimit(_) if i == 1 && matches!(phase, Phase::Dungeon | Phase::NextRaid | Phase::Claim) => Ok(()),
            Step::HandLimit(_) => Err("the hand limit comes at the end of the turn, after phase 3 (WOD-HAND-1)"),
        };
        placed.map_err(|r| bad(path.as_str(), r))?;
        match *s {
            Step::Window(r) => {
                if r.seats() != PlayerSet::first_n(players) {
                    return Err(bad(path, "every player takes part in a response window (WOD-RESP-3)"));
                }
                let Some(h) = r.holder() else {
                    return Err(bad(path, "a closed window is not left open (WOD-RESP-5)"));
                };
                // WOD-RESP-9, WOD-RESP-10: an empty hand or a standing pass is never asked.
                // (Below a pick, the holder is the one playing a card, maybe their last.)
                let seat = &t.seats[h];
                if i + 1 == slice.len() && (seat.hand.bits() == 0 || seat.standing != Standing::None) {
                    return Err(bad(path, format!("{h} holds priority but passes without being asked")));
                }
                if t.pending.is_empty() {
                    return Err(bad(path, "a window is open over nothing: the response stack is empty (WOD-RESP-2)"));
                }
            }
            Step::Pick { played, .. } => {
                let pl = t.played[usize::from(played)];
                let by = match below {
                    Step::Window(r) => r.holder().unwrap_or(active),
                    _ => active,
                };
                if pl.fate != Fate::Picking {
                    return Err(bad(path, "the card whose targets are chosen is still being played"));
                }
                if pl.player != by {
                    return Err(bad(
                        format!("played[{played}].player"),
                        format!("{} plays a card here, where only {by} may (WOD-RESP-4, WOD-RESP-8)", pl.player),
                    ));
                }
            }
            Step::Resolve { played, pc } => {
                let pl = t.played[usize::from(played)];
                if pl.fate != Fate::Waiting || t.pending.contains(&Item::Card { played }) {
                    return Err(bad(path, "the card resolving is off the stack and not yet resolved"));
                }
                // WOD-RULING-3: the card waits only for a player with two Stash cards or more.
                let waits = c.def(pl.card).steps.get(usize::from(pc)) == Some(&Op::DiscardStash);
                let chooser = pl.picked.player.and_then(|s| t.seats.get(s));
                if !waits || chooser.is_none_or(|s| s.stash.len() < 2) {
                    return Err(bad(path, "nobody has a choice to make for this card here (WOD-RULING-3)"));
                }
            }
            Step::SkullDiscard { at, left } => {
                let d = t.raid[usize::from(at)];
                let size = v.party_size(at);
                if d.face.is_none() || d.won || !t.pending.is_empty() {
                    return Err(bad(path, "a skull's discards follow its settled roll (WOD-RAID-11)"));
                }
                if left == 0 || usize::from(left) > size {
                    return Err(bad(
                        path,
                        format!(
                            "{left} to discard from a party of {size}: at least one, never more than it holds (WOD-RULING-2)"
                        ),
                    ));
                }
            }
            Step::HandLimit(each) => hand_limit(v, &path, each)?,
            Step::Phase(_) => {}
        }
    }
    if t.used.failed && !matches!(t.steps.top(), Some(Step::HandLimit(_))) {
        return Err(bad("used.failed", "a failed raid ends the dungeon phase at once (WOD-RAID-13)"));
    }
    if t.used.failed && phase != Phase::NextRaid {
        return Err(bad("used.failed", "only a raid fails (WOD-RAID-13)"));
    }
    if let Phase::Parties { member } = phase {
        // WOD-RAID-2: the party question is never put to an AFK member, nor asked twice.
        let guild = &t.seats[active].guild;
        if guild[usize::from(member)].afk {
            return Err(bad("steps[0]", "an AFK guildmember is never put in a party"));
        }
        if let Some(i) = guild.iter().skip(usize::from(member)).position(|m| m.party.is_some()) {
            return Err(bad(
                format!("seats[{}].guild[{}].party", active.index(), i + usize::from(member)),
                "this guildmember has not been put in a party yet (WOD-RAID-2)",
            ));
        }
    }
    Ok(phase)
}

/// WOD-HAND-1: players over their hand limit discard clockwise from the active player: the one
/// discarding has exactly the cards over the limit left, those before have none over it, and
/// those after are still to come.
fn hand_limit(v: &Values, path: &str, each: worlds_engine::flow::Each) -> Result<(), StateError> {
    let t = v.t;
    let n = t.seats.len();
    let over = |p: Player| t.seats[p].hand.len() as i32 - v.hand_limit(p);
    if each.left == 0 || i32::from(each.left) != over(each.current) {
        return Err(bad(path, format!("{} must discard exactly the cards over their hand limit", each.current)));
    }
    let order: Vec<Player> = t.active.clockwise_from(n).collect();
    let at = order.iter().position(|&p| p == each.current).unwrap_or(0);
    let rest: PlayerSet = order[at + 1..].iter().fold(PlayerSet::EMPTY, |s, &p| s.with(p));
    if each.rest != rest {
        return Err(bad(path, "the players still to discard are those after the current one, clockwise"));
    }
    if let Some(p) = order[..at].iter().find(|&&p| over(p) > 0) {
        return Err(bad(
            format!("seats[{}].hand", p.index()),
            format!("{p} has already discarded down to their hand limit"),
        ));
    }
    if !t.raid.is_empty() || !t.pending.is_empty() {
        return Err(bad(path, "the hand limit comes after the dungeon phase, when nothing is raided or waits"));
    }
    Ok(())
}

/// WOD-RESP-1, WOD-RESP-2, WOD-EFFECT-4: the response stack holds the action that opened the
/// window at the bottom (an action of the step before this phase) and Effect cards above it in the
/// order played, each once; a card is being picked only at the pick step, waits only on the stack
/// (or while it resolves).
fn stack(c: &Content, t: &Table, phase: Phase) -> Result<(), StateError> {
    let open = t.steps.iter().any(|s| matches!(s, Step::Window(_) | Step::Resolve { .. }));
    if !t.pending.is_empty() && !open {
        return Err(bad("pending", "the response stack waits only while a window is open or resolving"));
    }
    let mut last: Option<u8> = None;
    for (i, item) in t.pending.iter().enumerate() {
        let placed = match *item {
            Item::Card { played } => {
                if last.is_some_and(|k| played <= k) {
                    Err("the cards on the stack lie in the order played, each once (WOD-RESP-4)".to_owned())
                } else if !matches!(t.played[usize::from(played)].fate, Fate::Waiting | Fate::Cancelled) {
                    Err("refers to nothing that waits".to_owned())
                } else if i == 0 && !decision_point(phase) {
                    Err("a card opens a window only at a decision point of the active player (WOD-RESP-8)".to_owned())
                } else {
                    last = Some(played);
                    Ok(())
                }
            }
            _ if i > 0 => Err("only the action that opened the window lies under the cards (WOD-RESP-2)".to_owned()),
            Item::Kick { .. } if phase != Phase::Recruit => {
                Err("a kick waits on the stack only right after the Kick step (WOD-RESP-2)".to_owned())
            }
            Item::Recruit { troll: false, .. } if phase != Phase::Stash => {
                Err("a recruit waits on the stack only right after the Recruit step (WOD-RESP-2)".to_owned())
            }
            Item::Recruit { gamer, troll: true, .. }
                if phase != Phase::Kick || t.used.troll_joined || c.gamer(gamer).ty != GamerType::Troll =>
            {
                Err("a Troll's forced join waits only at the start of the turn, for a Troll (WOD-POP-4)".to_owned())
            }
            Item::Stash { .. } if phase != Phase::Dungeon => {
                Err("a Stash card waits on the stack only right after the Play Stash step (WOD-RESP-2)".to_owned())
            }
            Item::Declare if phase != Phase::NextRaid || t.raid.iter().any(|d| d.face.is_some()) => {
                Err("a raid's declaration waits only before the first roll (WOD-RESP-2)".to_owned())
            }
            Item::Roll { at, .. }
                if phase != Phase::NextRaid
                    || t.raid[usize::from(at)].face.is_none()
                    || t.raid[usize::from(at)].won =>
            {
                Err("a roll waits only for a declared dungeon rolled and not yet settled (WOD-RAID-8)".to_owned())
            }
            Item::Claim { .. } if phase != Phase::Claim => {
                Err("a claim waits only at the claim step (WOD-CLAIM-1)".to_owned())
            }
            Item::Claim { loot } => {
                // The Loot a claim draws changes only by the cards played on it.
                let most: i32 = t
                    .played
                    .iter()
                    .flat_map(|p| &c.def(p.card).steps)
                    .map(|op| if let Op::ClaimLoot { n } = op { i32::from(*n).abs() } else { 0 })
                    .sum();
                if i32::from(loot).abs() > most {
                    Err(format!(
                        "the claim's Loot changed by {loot}, more than the cards played this turn can change it (WOD-CLAIM-1)"
                    ))
                } else {
                    Ok(())
                }
            }
            _ => Ok(()),
        };
        placed.map_err(|r| bad(format!("pending[{i}]"), r))?;
    }
    let picking = t.steps.iter().find_map(|s| if let Step::Pick { played, .. } = s { Some(*played) } else { None });
    let resolving =
        t.steps.iter().find_map(|s| if let Step::Resolve { played, .. } = s { Some(*played) } else { None });
    for (i, pl) in t.played.iter().enumerate() {
        let k = i as u8;
        let ok = match pl.fate {
            Fate::Picking => picking == Some(k),
            Fate::Waiting => resolving == Some(k) || t.pending.contains(&Item::Card { played: k }),
            Fate::Resolved => {
                // WOD-EFFECT-5: a card attached to a gamer that left went with it.
                let attaches = c.def(pl.card).steps.iter().any(|op| op.attaches());
                !attaches
                    || pl.picked.gamer.is_some_and(|g| t.seats.values().any(|s| s.guild.iter().any(|m| m.gamer == g)))
            }
            Fate::Cancelled | Fate::Fizzled | Fate::Detached => true,
        };
        if !ok {
            return Err(bad(format!("played[{i}].fate"), "no card of the turn can have come to this"));
        }
    }
    Ok(())
}

/// WOD-RAID-1 to WOD-RAID-13: a raid is declared only in phase 3, each dungeon once; a face is
/// rolled for a dungeon before it is won, and only the roll waiting (or the skull being paid for)
/// is unsettled; parties are the active player's, while the raid is on, without AFK members, and a
/// party left empty has failed once the stack is empty.
fn raid(v: &Values, phase: Phase) -> Result<(), StateError> {
    let t = v.t;
    let hand_limit = matches!(t.steps.top(), Some(Step::HandLimit(_)));
    let (min, faces) = match phase {
        Phase::Kick | Phase::Recruit | Phase::Stash | Phase::Dungeon => (0, false),
        _ if hand_limit => (0, false),
        Phase::Declare | Phase::Parties { .. } => (1, false),
        Phase::NextRaid | Phase::Claim => (1, true),
    };
    if t.raid.len() < min || (min == 0 && !t.raid.is_empty()) {
        let reason = if min == 0 {
            "no raid is declared outside the raid's steps of phase 3 (WOD-DUNG-1)"
        } else {
            "this step of the raid comes after a dungeon is declared (WOD-RAID-1)"
        };
        return Err(bad("raid", reason));
    }
    for (i, d) in t.raid.iter().enumerate() {
        if t.raid[..i].iter().any(|x| x.dungeon == d.dungeon) {
            return Err(bad(format!("raid[{i}].dungeon"), "a dungeon is declared at most once (WOD-RAID-1)"));
        }
        if !t.dungeon_row.contains(&d.dungeon) {
            return Err(bad(format!("raid[{i}].dungeon"), "a declared dungeon is in the Dungeon row"));
        }
        let at = i as u8;
        let rolling = matches!(t.pending.first(), Some(Item::Roll { at: a, .. }) if *a == at)
            || matches!(t.steps.top(), Some(Step::SkullDiscard { at: a, .. }) if *a == at);
        let ok = match (d.face, d.won) {
            (None, false) => true,
            (None, true) => false,
            (Some(_), won) => faces && (won || rolling),
        };
        if !ok {
            return Err(bad(
                format!("raid[{i}]"),
                "a dungeon is won only after its roll, and only the roll waiting is unsettled (WOD-RAID-8)",
            ));
        }
    }
    match phase {
        Phase::NextRaid if !hand_limit && t.raid.iter().all(|d| d.won) => {
            return Err(bad("raid", "every declared dungeon is won: the claim comes next (WOD-CLAIM-1)"));
        }
        Phase::Claim if !hand_limit && t.raid.iter().any(|d| !d.won) => {
            return Err(bad("raid", "the claim comes once every declared dungeon is won (WOD-CLAIM-1)"));
        }
        _ => {}
    }
    let parties = matches!(phase, Phase::Parties { .. } | Phase::NextRaid | Phase::Claim) && !t.raid.is_empty();
    for (p, s) in t.seats.iter() {
        for (i, m) in s.guild.iter().enumerate() {
            if m.party.is_some() && (p != t.active || !parties || m.afk) {
                return Err(bad(
                    format!("seats[{}].guild[{i}].party", p.index()),
                    "only the active player's raid has parties, of guildmembers not AFK (WOD-RAID-2)",
                ));
            }
        }
    }
    // WOD-RAID-12: an emptied party fails as soon as the stack is empty.
    if phase == Phase::NextRaid
        && !t.steps.iter().any(|s| {
            matches!(s, Step::Window(_) | Step::Resolve { .. } | Step::SkullDiscard { .. } | Step::HandLimit(_))
        })
        && let Some(i) = t.raid.iter().enumerate().position(|(at, d)| !d.won && v.party_size(at as u8) == 0)
    {
        return Err(bad(format!("raid[{i}]"), "a party left with no members has failed (WOD-RAID-12)"));
    }
    Ok(())
}
