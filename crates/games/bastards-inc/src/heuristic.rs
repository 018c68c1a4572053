//! The bots' cheap estimate (`evaluate`): a company's worth — its reserve, the black money it can
//! still launder, its VPs (each a source of income every turn), its Goodwill, cards and Business
//! Opportunities, less what its hidden choice in progress will cost — set against the strongest
//! rival's, and sharpened as the leader nears the money target.

use worlds_engine::Player;

use crate::content::Content;
use crate::ctx;
use crate::state::{ActStage, Deed, Spot, State, Step, Table};

/// What `p` has committed to pay and not paid yet: extra cards in his hidden draw choice, a bonus
/// or an act waiting for its Goodwill part.
fn pending(c: &Content, t: &Table, p: usize) -> u32 {
    let mut due = if t.seats[p].secret.extra > 0 { ctx::effort_price(c, t.seats[p].secret.extra) } else { 0 };
    for step in t.stack.iter() {
        match step {
            Step::Effort { seat, level, .. } if usize::from(*seat) == p => due += ctx::effort_price(c, *level),
            Step::Act(a) if usize::from(a.seat) == p && a.stage == ActStage::Goodwill => {
                if let Deed::Play(k) = a.deed {
                    due += crate::aim::cost(t, p, c.cards.card(k));
                }
            }
            _ => {}
        }
    }
    due
}

/// What a VP standing in region `r` is likely to earn this turn: the region's Income if it can
/// sell Stuff there, at half weight (the chance still has to be taken).
fn prospect(c: &Content, t: &Table, p: usize, vp: usize) -> f64 {
    match t.seats[p].vps[vp].at {
        Spot::Region(r) if ctx::may_leave(t, p, vp) && ctx::sellable(c, t, p, r) => {
            0.5 * f64::from(c.board.region(r).income)
        }
        _ => 0.0,
    }
}

fn worth(c: &Content, t: &Table, p: usize) -> f64 {
    let s = &t.seats[p];
    let black: u32 = s.vps.iter().map(|v| v.black).sum();
    let prospects: f64 = (0..s.vps.len()).map(|i| prospect(c, t, p, i)).sum();
    f64::from(s.billions)
        + 0.6 * f64::from(black)
        + 8.0 * s.controlled() as f64
        + 0.7 * f64::from(s.goodwill)
        + 1.5 * f64::from((s.hand & !s.secret.marked).count_ones())
        + 3.0 * f64::from(s.table.count_ones())
        + if t.holds_prize(p) { 6.0 } else { 0.0 }
        + prospects
        - f64::from(pending(c, t, p))
}

/// 0 = lost … 1 = won.
pub fn evaluate(c: &Content, s: &State, player: Player) -> f64 {
    let t = &s.t;
    let me = worth(c, t, player.index());
    let best_other = (0..t.players()).filter(|&q| q != player.index()).map(|q| worth(c, t, q)).fold(0.0, f64::max);
    // Near the target the lead decides more: the share is raised to a power that grows with the
    // leader's progress.
    let lead = (0..t.players()).map(|q| f64::from(t.seats[q].billions)).fold(0.0, f64::max);
    let progress = (lead / f64::from(c.target.max(1))).min(1.0);
    let share = (me + 1.0) / (me + best_other + 2.0);
    share.powf(1.0 + 2.0 * progress)
}
