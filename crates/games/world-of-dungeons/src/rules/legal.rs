//! Who decides now (WOD-TURN-4) and what they may do: the legal actions, the truth from which
//! `check` derives legality.

use worlds_engine::{Player, Turn};

use crate::action::Action;
use crate::content::{Content, LootKind};
use crate::effects::{self, playable};
use crate::raid::Split;
use crate::state::{Phase, Step, Table};
use crate::values::Values;

/// Who decides now (WOD-TURN-4).
pub fn turn(t: &Table) -> Turn {
    if t.over.is_some() {
        return Turn::Over;
    }
    let p = match t.steps.top() {
        Some(Step::Window(round)) => match round.holder() {
            Some(p) => p,
            None => return Turn::Over,
        },
        Some(Step::Pick { played, .. }) => t.played.get(usize::from(*played)).map(|p| p.player).unwrap_or_default(),
        Some(Step::Resolve { played, .. }) => effects::chooser(t, *played).unwrap_or_default(),
        Some(Step::HandLimit(each)) => each.current,
        Some(Step::Phase(_) | Step::SkullDiscard { .. }) | None => t.active,
    };
    Turn::Decide(p)
}

/// Calls `f` with each Loot design in a hand (each once: copies are one choice, WOD-RULING-1).
pub fn designs(c: &Content, hand: u128, mut f: impl FnMut(u8)) {
    let mut seen = 0u64;
    for card in worlds_engine::bits::ones(hand) {
        let def = c.def_of(card as u8);
        if seen & (1 << def) == 0 {
            seen |= 1 << def;
            f(def);
        }
    }
}

/// WOD-RESP-8: the Effect cards the active player may play at a decision point.
fn plays(c: &Content, t: &Table, p: Player, out: &mut Vec<Action>) {
    designs(c, t.seats[p].hand.bits(), |def| {
        if playable(c, t, p, def) {
            out.push(Action::Play(def));
        }
    });
}

/// WOD-KICK-2, WOD-KICK-3: whether the kick is compulsory.
pub fn must_kick(v: &Values, p: Player) -> bool {
    let guild = &v.t.seats[p].guild;
    guild.len() as i32 > v.guild_limit(p) && guild.iter().any(|m| !m.joined)
}

/// The legal actions of `player` (this list is the truth: `check` derives legality from it).
pub fn legal_actions(c: &Content, t: &Table, p: Player, out: &mut Vec<Action>) {
    out.clear();
    if turn(t) != Turn::Decide(p) {
        return;
    }
    let v = Values::new(c, t);
    match t.steps.top() {
        None => {}
        Some(Step::Window(_)) => {
            out.extend([Action::Pass, Action::PassTurn, Action::PassUntilMyTurn]);
            designs(c, t.seats[p].hand.bits(), |def| {
                if playable(c, t, p, def) {
                    out.push(Action::Play(def));
                }
            });
        }
        Some(Step::Pick { played, k }) => {
            let Some(pl) = t.played.get(usize::from(*played)) else { return };
            if let Some(pick) = c.def(pl.card).picks.get(usize::from(*k)) {
                effects::each_pick_option(&v, p, *pick, |a| out.push(a));
            }
        }
        Some(Step::Resolve { played, .. }) => {
            if let Some(s) = effects::chooser(t, *played) {
                designs(c, t.seats[s].stash.bits(), |def| out.push(Action::Card(def)));
            }
        }
        Some(Step::SkullDiscard { at, .. }) => out.extend(v.party(*at).map(|(_, m)| Action::Gamer(m.gamer))),
        Some(Step::HandLimit(_)) => designs(c, t.seats[p].hand.bits(), |def| out.push(Action::Card(def))),
        Some(Step::Phase(phase)) => match phase {
            Phase::Kick => {
                out.extend(t.seats[p].guild.iter().filter(|m| !m.joined).map(|m| Action::Gamer(m.gamer)));
                if !must_kick(&v, p) {
                    out.push(Action::Skip);
                }
                plays(c, t, p, out);
            }
            Phase::Recruit => {
                if !t.used.troll_joined && (t.seats[p].guild.len() as i32) < v.guild_limit(p) {
                    out.extend(t.forum_row.iter().map(|&g| Action::Gamer(g)));
                }
                out.push(Action::Skip);
                plays(c, t, p, out);
            }
            Phase::Stash => {
                designs(c, t.seats[p].hand.bits(), |def| {
                    if c.defs[usize::from(def)].kind == LootKind::Stash {
                        out.push(Action::Card(def));
                    }
                });
                out.push(Action::Skip);
                plays(c, t, p, out);
            }
            Phase::Dungeon => {
                out.push(Action::Grind);
                let split = Split::new(v, p);
                out.extend(t.dungeon_row.iter().filter(|&&d| split.may_declare(d)).map(|&d| Action::Dungeon(d)));
                plays(c, t, p, out);
            }
            Phase::Declare => {
                let split = Split::new(v, p);
                out.extend(t.dungeon_row.iter().filter(|&&d| split.may_declare(d)).map(|&d| Action::Dungeon(d)));
                if split.declaration_completes() {
                    out.push(Action::Done);
                }
            }
            Phase::Parties { member } => {
                Split::new(v, p).party_options(usize::from(*member), |k| {
                    out.push(match k {
                        Some(k) => Action::Dungeon(t.raid[usize::from(k)].dungeon),
                        None => Action::Out,
                    });
                });
            }
            Phase::NextRaid => {
                out.extend(t.raid.iter().filter(|d| !d.won).map(|d| Action::Dungeon(d.dungeon)));
                plays(c, t, p, out);
            }
            Phase::Claim => out.push(Action::Claim),
        },
    }
}
