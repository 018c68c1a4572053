//! Who decides now and what they may do: the legal list is the truth.

use worlds_engine::{Player, PlayerSet, Turn};

use crate::act;
use crate::action::Action;
use crate::business;
use crate::content::Content;
use crate::ctx;
use crate::deal;
use crate::draw;
use crate::effects;
use crate::place;
use crate::state::{Step, Table};
use crate::war;

/// The seats still making a hidden choice.
fn choosing(t: &Table) -> PlayerSet {
    Player::all(t.players()).filter(|&p| t.choices.is_open(p)).collect()
}

/// The one seat who decides now, when it is one.
pub fn decider(c: &Content, t: &Table) -> Option<Player> {
    match t.stack.top()? {
        Step::Place { turn } => Some(place::placer(t, *turn).0),
        Step::Battle(b) if b.revealed.is_some() => Some(b.seat),
        Step::Events { .. } | Step::War { .. } => Some(t.start),
        Step::Window(w) => war::asked(c, t, w),
        Step::Business { round, .. } => round.holder(),
        Step::Effort { seat, .. } => Some(*seat),
        Step::Commission(m) => Some(deal::decider(c, m)),
        Step::Gift { from, .. } => Some(*from),
        Step::Act(a) => Some(act::decider(t, a)),
        Step::Draw | Step::Lift | Step::Battle(_) => None,
    }
}

/// Who must act: one player, or everyone still choosing in secret.
pub fn turn(c: &Content, t: &Table) -> Turn {
    if t.over.is_some() {
        return Turn::Over;
    }
    match t.stack.top() {
        Some(Step::Draw | Step::Lift) => Turn::Simultaneous(choosing(t)),
        Some(Step::Battle(b)) if b.revealed.is_none() => Turn::Simultaneous(place::choosing(t, b)),
        Some(_) => decider(c, t).map_or(Turn::Over, Turn::Decide),
        None => Turn::Over,
    }
}

/// The legal actions of `player` (empty when they have nothing to decide).
pub fn legal_actions(c: &Content, t: &Table, p: Player, out: &mut Vec<Action>) {
    if !turn(c, t).players().contains(p) {
        return;
    }
    let mut push = |a| out.push(a);
    match t.stack.top() {
        Some(Step::Draw) => draw::legal(c, t, p, &mut push),
        Some(Step::Lift) => place::lift_legal(t, p, &mut push),
        Some(Step::Place { .. }) => place::legal(c, t, p, &mut push),
        Some(Step::Battle(b)) => place::battle_legal(t, b, p, &mut push),
        Some(Step::Events { event, cursor }) => {
            if let Some(program) = c.event_programs.get(usize::from(*event)) {
                effects::choices(c, t, program, cursor, &mut push);
            }
        }
        Some(Step::War { done }) => {
            for r in worlds_engine::bits::ones(war::pending(t, *done)) {
                push(Action::Region(r as u8));
            }
        }
        Some(Step::Window(w)) => war::window_legal(c, t, w, p, &mut push),
        Some(Step::Business { deal, .. }) => business::legal(c, t, p, *deal, &mut push),
        Some(Step::Effort { seat, level, .. }) => {
            ctx::goodwill_options(&t.seats[*seat], ctx::effort_price(c, *level), &mut push);
        }
        Some(Step::Commission(m)) => deal::legal(c, t, m, &mut push),
        Some(Step::Gift { from, .. }) => {
            crate::action::Amount::offered(1, t.seats[*from].billions, |a| push(Action::Amount(a)));
        }
        Some(Step::Act(a)) => act::legal(c, t, a, &mut push),
        None => {}
    }
}
