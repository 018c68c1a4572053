//! Who decides now and what they may do: the legal list is the truth (WD-DEC-1, WD-DEC-2).

use worlds_engine::{Player, PlayerSet, Turn};

use crate::action::Action;
use crate::buy;
use crate::content::Content;
use crate::effects;
use crate::flow;
use crate::military;
use crate::place;
use crate::state::{Phase, Placing, Step, Table};

/// Who must act (WD-DEC-1): one player, or everyone still choosing at once.
pub fn turn(t: &Table) -> Turn {
    if t.over.is_some() {
        return Turn::Over;
    }
    match t.stack.top() {
        Some(Step::Phase { phase: Phase::Setup, .. }) => {
            Turn::Simultaneous(t.seats.iter().filter(|(_, s)| s.goal.is_none()).map(|(p, _)| p).collect())
        }
        Some(Step::Phase { phase: Phase::Place, .. }) => {
            let set: PlayerSet = t.in_game().iter().filter(|&p| t.placing(p) != Placing::Finished).collect();
            if set.is_empty() { Turn::Over } else { Turn::Simultaneous(set) }
        }
        Some(Step::Auction { .. }) => crate::dumb::bidder(t).map_or(Turn::Over, Turn::Decide),
        Some(step) => step.seat().map_or(Turn::Over, Turn::Decide),
        None => Turn::Over,
    }
}

/// The legal actions of `player` (empty when they have nothing to decide).
pub fn legal_actions(c: &Content, t: &Table, p: Player, out: &mut Vec<Action>) {
    if !turn(t).players().contains(p) {
        return;
    }
    match t.stack.top() {
        Some(Step::Phase { phase: Phase::Setup, .. }) => {
            out.extend(c.cards.first_goals(t.seats[p].nation).map(Action::Card));
        }
        Some(Step::Phase { phase: Phase::Place, .. }) => place::legal(c, t, p, out),
        Some(Step::Draw { .. }) => {
            let [l1, l2] = flow::drawable(c, t, p);
            if l1 {
                out.push(Action::Level(1));
            }
            if l2 {
                out.push(Action::Level(2));
            }
        }
        Some(Step::Discard { .. }) => out.extend(t.seats[p].hand.iter().map(Action::Card)),
        Some(Step::Act(a)) => effects::options(c, t, a, &mut |x| out.push(x)),
        Some(Step::Move { .. } | Step::Attack { .. } | Step::Marker { .. }) => military::legal(c, t, out),
        Some(Step::Buy { .. } | Step::MoveBase { .. }) => buy::legal(c, t, out),
        Some(Step::Auction { .. }) => crate::dumb::raises(t, &mut |a| out.push(a)),
        _ => {}
    }
}
