//! Effect cards: when one may be played (WOD-EFFECT-1, WOD-EFFECT-2), what it may pick, and what it
//! does when it resolves (WOD-EFFECT-3), as a `Machine` for the engine's program runner.

use worlds_engine::program::{Cursor, Machine, Run, run};
use worlds_engine::{Chance, EventSink, Player};

use crate::ability::{Needs, Op, Pick};
use crate::action::Action;
use crate::content::{Content, LootKind};
use crate::ctx::Ctx;
use crate::event::Event;
use crate::state::{Fate, Item, Picked, Table};
use crate::values::Values;
use crate::vocab::{Face, GamerType, Timing};

/// WOD-EFFECT-2: whether a timing applies now (`any` always does: the caller offers cards only in
/// windows and at the active player's decision points, WOD-RESP-8).
pub fn timing_applies(t: &Table, timing: Timing) -> bool {
    match timing {
        Timing::Any => true,
        Timing::Raid => !t.used.failed && t.raid.iter().any(|d| !d.won),
        Timing::Roll => t.pending.iter().any(|i| matches!(i, Item::Roll { .. })),
        Timing::Recruit => t.pending.iter().any(|i| matches!(i, Item::Recruit { cancelled: false, .. })),
        Timing::Effect => stacked_effects(t).next().is_some(),
        Timing::Claim => t.pending.iter().any(|i| matches!(i, Item::Claim { .. })),
    }
}

/// The Effect cards waiting on the stack (their places in `played`).
pub fn stacked_effects(t: &Table) -> impl Iterator<Item = u8> + '_ {
    t.pending.iter().filter_map(|i| match i {
        Item::Card { played } if t.played.get(usize::from(*played)).is_some_and(|p| p.fate == Fate::Waiting) => {
            Some(*played)
        }
        _ => None,
    })
}

/// WOD-EFFECT-1: calls `f` with each choice for a pick by `player` (allocates nothing).
pub fn each_pick_option(v: &Values, player: Player, pick: Pick, mut f: impl FnMut(Action)) {
    let t = v.t;
    match pick {
        Pick::DeclaredDungeon => {
            if !t.used.failed {
                t.raid.iter().filter(|d| !d.won).for_each(|d| f(Action::Dungeon(d.dungeon)));
            }
        }
        Pick::Guildmember { whose } => {
            for (_, seat) in t.seats.iter().filter(|&(s, _)| whose.admits(s, player)) {
                seat.guild.iter().for_each(|m| f(Action::Gamer(m.gamer)));
            }
        }
        Pick::ForumGamer { of } => {
            t.forum_row
                .iter()
                .filter(|&&g| of.is_none_or(|ty| v.c.gamer(g).ty == ty))
                .for_each(|&g| f(Action::Gamer(g)));
        }
        Pick::Player { whose, needs } => {
            for (s, seat) in t.seats.iter() {
                let ok = whose.admits(s, player)
                    && match needs {
                        None => true,
                        Some(Needs::GuildRoom) => (seat.guild.len() as i32) < v.guild_limit(s),
                        Some(Needs::StashCard) => seat.stash.bits() != 0,
                    };
                if ok {
                    f(Action::Seat(s));
                }
            }
        }
        Pick::StackedEffect => stacked_effects(t).for_each(|k| f(Action::Stacked(k))),
        Pick::Type => GamerType::ALL.into_iter().for_each(|ty| f(Action::Type(ty))),
    }
}

/// Whether a pick has at least one choice.
fn can_pick(v: &Values, player: Player, pick: Pick) -> bool {
    let mut any = false;
    each_pick_option(v, player, pick, |_| any = true);
    any
}

/// WOD-EFFECT-1: whether `player` may play the Effect card design `def` now: its timing applies,
/// every pick has a legal choice, and a poach has room in the player's guild.
pub fn playable(c: &Content, t: &Table, player: Player, def: u8) -> bool {
    let d = &c.defs[usize::from(def)];
    let Some(timing) = d.timing else { return false };
    // The turn's cards are all kept face up until its end (WOD-EFFECT-4): room for one more.
    if d.kind != LootKind::Effect || !timing_applies(t, timing) || t.played.is_full() {
        return false;
    }
    let v = Values::new(c, t);
    if d.steps.contains(&Op::Poach) && (t.seats[player].guild.len() as i32) >= v.guild_limit(player) {
        return false;
    }
    d.picks.iter().all(|p| can_pick(&v, player, *p))
}

/// Records a choice for a pick.
pub fn record(picked: &mut Picked, action: Action, pick: Pick) {
    match (pick, action) {
        (Pick::DeclaredDungeon, Action::Dungeon(d)) => picked.dungeon = Some(d),
        (Pick::Guildmember { .. }, Action::Gamer(g)) => picked.gamer = Some(g),
        (Pick::ForumGamer { .. }, Action::Gamer(g)) => picked.forum = Some(g),
        (Pick::Player { .. }, Action::Seat(s)) => picked.player = Some(s),
        (Pick::StackedEffect, Action::Stacked(k)) => picked.effect = Some(k),
        (Pick::Type, Action::Type(ty)) => picked.ty = Some(ty),
        _ => {}
    }
}

/// Resolving one Effect card: the context, the card's place in `played`, and the answer to a
/// waiting choice.
struct Resolving<'c, 'a, R, E> {
    cx: &'c mut Ctx<'a, R, E>,
    played: usize,
    answer: Option<u8>,
    /// Whether any step found its target gone (WOD-EFFECT-3).
    fizzled: bool,
}

impl<R: Chance, E: EventSink<Event>> Resolving<'_, '_, R, E> {
    fn picked(&self) -> Picked {
        self.cx.t.played[self.played].picked
    }

    fn owner(&self) -> Player {
        self.cx.t.played[self.played].player
    }

    /// The Stash card designs the picked player could discard.
    fn stash_choices(&self) -> u128 {
        self.picked().player.and_then(|p| self.cx.t.seats.get(p)).map_or(0, |s| s.stash.bits())
    }
}

impl<R: Chance, E: EventSink<Event>> Machine<Op, ()> for Resolving<'_, '_, R, E> {
    fn waits(&mut self, op: &Op, _: &Cursor) -> bool {
        // WOD-RULING-3: one Stash card is discarded without a decision.
        *op == Op::DiscardStash && self.answer.is_none() && self.stash_choices().count_ones() >= 2
    }

    fn holds(&mut self, _: &()) -> bool {
        true
    }

    fn execute(&mut self, op: &Op, cursor: &mut Cursor) {
        cursor.next();
        let picked = self.picked();
        let owner = self.owner();
        let choices = self.stash_choices();
        let cx = &mut *self.cx;
        match *op {
            // Lasting changes read from the resolved card by `values.rs`; here only whether the
            // target is still there.
            Op::Difficulty { .. } | Op::PartyXp { .. } => {
                let ok = picked.dungeon.is_some_and(|d| cx.t.raid.iter().any(|x| x.dungeon == d && !x.won));
                self.fizzled |= !ok || cx.t.used.failed;
            }
            Op::Xp { .. } | Op::Respec => {
                self.fizzled |= picked.gamer.and_then(|g| cx.locate(g)).is_none();
            }
            Op::Reroll => {
                let face = cx.c.die[cx.rng.roll_die(6) as usize % 6];
                if let Some(Item::Roll { at, face: f }) =
                    cx.t.pending.iter_mut().find(|i| matches!(i, Item::Roll { .. }))
                {
                    *f = face;
                    // The raid shows the last face rolled (WOD-VIEW-3): the reroll's.
                    let declared = &mut cx.t.raid[usize::from(*at)];
                    declared.face = Some(face);
                    let dungeon = declared.dungeon;
                    cx.emit(Event::Rolled { dungeon, face });
                } else {
                    self.fizzled = true;
                }
            }
            Op::SkullAs { face } => match cx.t.pending.iter_mut().find(|i| matches!(i, Item::Roll { .. })) {
                Some(Item::Roll { at, face: f }) if *f == Face::Skull => {
                    *f = face;
                    let dungeon = cx.t.raid[usize::from(*at)].dungeon;
                    cx.emit(Event::CountsAs { dungeon, face: Face::Skull, as_face: face });
                }
                _ => self.fizzled = true,
            },
            Op::CancelRecruit => match cx.t.pending.iter_mut().find(|i| matches!(i, Item::Recruit { .. })) {
                Some(Item::Recruit { cancelled, .. }) if !*cancelled => *cancelled = true,
                _ => self.fizzled = true,
            },
            Op::CancelEffect => {
                let target = picked.effect.map(usize::from);
                match target.and_then(|k| cx.t.played.get_mut(k)) {
                    Some(p) if p.fate == Fate::Waiting => {
                        p.fate = Fate::Cancelled;
                        let card = p.card;
                        cx.emit(Event::Cancelled { card });
                    }
                    _ => self.fizzled = true,
                }
            }
            Op::Poach => {
                let room = |cx: &Ctx<R, E>| (cx.t.seats[owner].guild.len() as i32) < cx.values().guild_limit(owner);
                match picked.gamer.and_then(|g| cx.locate(g)) {
                    Some((from, m)) if from != owner && room(cx) => {
                        if let Some(mut member) = cx.leave(from, m) {
                            member.party = None;
                            member.joined = true;
                            if cx.t.seats[owner].guild.try_push(member).is_ok() {
                                cx.emit(Event::Moved { from, to: owner, gamer: member.gamer });
                            } else {
                                cx.t.forum_discard.insert(member.gamer);
                            }
                        }
                    }
                    _ => self.fizzled = true,
                }
            }
            Op::Afk => match picked.gamer.and_then(|g| cx.locate(g)) {
                Some((p, m)) => {
                    let member = &mut cx.t.seats[p].guild[m];
                    member.party = None;
                    member.afk = true;
                    let gamer = member.gamer;
                    cx.emit(Event::Afk { gamer });
                }
                None => self.fizzled = true,
            },
            Op::Join => {
                let to = picked.player.unwrap_or(owner);
                let room = (cx.t.seats[to].guild.len() as i32) < cx.values().guild_limit(to);
                match picked.forum.and_then(|g| cx.t.forum_row.iter().position(|&x| x == g)) {
                    Some(i) if room => {
                        let g = cx.t.forum_row.remove(i);
                        cx.join(to, g);
                    }
                    _ => self.fizzled = true,
                }
            }
            Op::ClaimLoot { n } => match cx.t.pending.iter_mut().find(|i| matches!(i, Item::Claim { .. })) {
                Some(Item::Claim { loot }) => *loot = loot.saturating_add(n),
                _ => self.fizzled = true,
            },
            Op::Draw { n } => {
                cx.draw_loot(owner, i32::from(n));
            }
            Op::DiscardStash => {
                let card = match self.answer.take() {
                    Some(def) => cx.c.copy_in(choices, def),
                    None => worlds_engine::bits::ones(choices).next().map(|c| c as u8),
                };
                match (card, picked.player) {
                    (Some(card), Some(p)) => {
                        cx.t.seats[p].stash.remove(card);
                        cx.t.loot_discard.insert(card);
                        cx.emit(Event::StashDiscarded { player: p, card });
                    }
                    _ => self.fizzled = true,
                }
            }
            Op::PurgeForum | Op::RowToBottom { .. } => {}
        }
    }
}

/// Resolves (or carries on resolving, from `pc` with the answer given) the Effect card at place
/// `played`. Returns the program counter where it waits for the picked player's choice, or `None`
/// once resolved.
pub fn resolve<R: Chance, E: EventSink<Event>>(
    cx: &mut Ctx<'_, R, E>,
    played: usize,
    pc: u16,
    answer: Option<u8>,
) -> Option<u16> {
    let card = cx.t.played[played].card;
    if cx.t.played[played].fate != Fate::Waiting {
        return None; // cancelled: does nothing (WOD-EFFECT-4)
    }
    let program = &cx.c.def(card).program;
    let mut cursor = Cursor { pc, each: None };
    let mut m = Resolving { cx, played, answer, fizzled: false };
    if run(program, &mut cursor, &mut m) == Run::Waiting {
        return Some(cursor.pc);
    }
    let fizzled = m.fizzled;
    cx.t.played[played].fate = if fizzled { Fate::Fizzled } else { Fate::Resolved };
    cx.emit(if fizzled { Event::Fizzled { card } } else { Event::Resolved { card } });
    None
}

/// The player who must answer the waiting choice of the card at `played` (item decay's target).
pub fn chooser(t: &Table, played: u8) -> Option<Player> {
    t.played.get(usize::from(played))?.picked.player
}
