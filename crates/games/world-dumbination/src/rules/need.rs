//! Needs and conditions (WD-CARD-4, the conditions of "Content to design"), and what a card costs
//! a player now.

use worlds_engine::Player;

use crate::board::{SPACES, Space};
use crate::card::{Card, Cond, Kind, RuleKind};
use crate::content::Content;
use crate::ctx::{self, Map};
use crate::state::Table;

/// Whether `cond` holds for `p` now.
pub fn holds(c: &Content, t: &Table, map: &Map, p: Player, cond: &Cond) -> bool {
    let seat = &t.seats[p];
    match cond {
        Cond::EgoAtLeast(n) => seat.ego >= *n,
        Cond::EgoAtMost(n) => seat.ego <= *n,
        Cond::PopularityAtLeast(n) => seat.popularity >= *n,
        Cond::PopularityAtMost(n) => seat.popularity <= *n,
        Cond::BaseAtLeast(n) => seat.strongest_base() >= *n,
        Cond::UnitsAtLeast(n) => seat.units.iter().filter(|u| u.on_board()).count() >= usize::from(*n),
        Cond::IncomeAtLeast(n) => ctx::income(c, t, map, p) >= u16::from(*n),
        Cond::SpacesAtLeast(n) => ctx::owned(c, map, p).0 >= *n,
        Cond::ResourceSpacesAtLeast(n) => ctx::owned(c, map, p).1 >= *n,
        Cond::FlagsAtLeast { flag, n } => {
            (0..SPACES).filter(|&s| map.owner[s] == Some(p) && c.board.has_flag(s as Space, *flag)).count()
                >= usize::from(*n)
        }
        // Build a Wall: a marker or Base of the player on every wall space.
        Cond::Wall => (0..SPACES)
            .filter(|&s| c.board.cell(s as Space).wall)
            .all(|s| t.markers[s] == Some(p) || seat.base_at(s as Space).is_some()),
        Cond::Owns(what) => seat.projects.iter().any(|k| c.cards.get(k).is_some_and(|card| card.answers_to(what))),
        // WD-COMBAT-11: Be Most Peaceful.
        Cond::NoAttack => !seat.attacked,
        Cond::PeaceMarkersAtLeast(n) => t.peace.iter().flatten().filter(|(q, _)| *q == p).count() >= usize::from(*n),
        Cond::RoundAtLeast(n) => t.round >= u16::from(*n),
    }
}

/// Whether every need of `card` is met by `p` now.
pub fn met(c: &Content, t: &Table, map: &Map, p: Player, card: &Card) -> bool {
    card.need.iter().all(|cond| holds(c, t, map, p, cond))
}

/// What `card` costs to place and to fund now: its printed cost, and for a Brown card any
/// temporary rule change of Brown card costs in force (never below 0).
pub fn cost(t: &Table, card: &Card) -> u16 {
    let extra = if card.kind == Kind::Brown {
        ctx::rule_sum(t, |k| if let RuleKind::BrownCost(n) = k { Some(n) } else { None })
    } else {
        0
    };
    (i16::from(card.cost) + extra).max(0) as u16
}

/// What a card costs to fund now (WD-FLIP-2, WD-GOAL-2): its cost if its need is met, else a
/// First Goal's corruption (`corrupt`, when it is flipped); `None` if it cannot be funded.
pub fn price(c: &Content, t: &Table, map: &Map, p: Player, card: &Card, corrupt: bool) -> Option<u16> {
    if met(c, t, map, p, card) {
        Some(cost(t, card))
    } else if corrupt {
        card.corruption.map(u16::from)
    } else {
        None
    }
}

/// WD-PEACE-1: what the `k`-th disarmament of a round costs from now (k = 1, 2), the player paying
/// only for the last spot they fill (WD-PEACE-3): the cost of the `k`-th lowest empty spot; `None`
/// when there are not that many empty spots.
pub fn peace_cost(t: &Table, k: usize) -> Option<u16> {
    t.peace.iter().enumerate().filter(|(_, s)| s.is_none()).nth(k.checked_sub(1)?).map(|(i, _)| spot_cost(i))
}

/// WD-PEACE-1: spots 1–4 cost 4, 6, 8, 10 (and score as much, WD-SCORE-2).
pub fn spot_cost(spot: usize) -> u16 {
    4 + 2 * spot as u16
}
