//! The bots' cheap estimate (`evaluate`): a company's worth — its reserve, the black money it can
//! still launder, its VPs (each a source of income every turn), its Goodwill, cards and Business
//! Opportunities, less what its hidden choice in progress will cost — set against the strongest
//! rival's, and sharpened as the leader nears the money target.

use worlds_engine::Player;

use crate::attr::Attr;
use crate::content::Content;
use crate::ctx;
use crate::state::{ActStage, Deed, Spot, State, Step, Table};

/// What `p` has committed to pay and not paid yet: extra cards in his hidden draw choice, a bonus
/// or an act waiting for its Goodwill part.
fn pending(c: &Content, t: &Table, p: Player) -> u32 {
    let extra = t.choice(p).extra;
    let mut due = if extra > 0 { ctx::effort_price(c, extra) } else { 0 };
    for step in t.stack.iter() {
        match step {
            Step::Effort { seat, level, .. } if *seat == p => due += ctx::effort_price(c, *level),
            Step::Act(a) if a.seat == p && a.stage == ActStage::Goodwill => {
                if let Deed::Play(k) = a.deed {
                    due += crate::aim::cost(t, p, c.cards.card(k));
                }
            }
            _ => {}
        }
    }
    due
}

/// How surely `p` can launder black money from a VP in region `r` (BI-LAUNDER-1): 1 as he is,
/// 0.75 with extra effort he can afford, 0 not at all.
fn launderable(c: &Content, t: &Table, p: Player, r: u8) -> f64 {
    let seat = &t.seats[p];
    let region = c.board.region(r);
    let gap = [Attr::Corruption, Attr::Crime]
        .into_iter()
        .map(|a| (i16::from(region.minimum(a)) + 1 - i16::from(seat.attrs[a.index()])).max(0))
        .min()
        .unwrap_or(9);
    let reachable = |level: i16| (1..=3).contains(&level) && ctx::can_pay(seat, ctx::effort_price(c, level as u8));
    if gap == 0 {
        1.0
    } else if reachable(gap) && region.minimum(Attr::Corruption).min(region.minimum(Attr::Crime)) < 6 {
        0.75
    } else {
        0.0
    }
}

/// What a VP of `p` is likely to bring: its black money (worth most where it can be laundered,
/// little where it will likely be lost), and in a region what it can still earn this turn: a sale
/// of Stuff, or a Business Opportunity of his whose slot it fits, at half weight.
fn prospect(c: &Content, t: &Table, p: Player, vp: usize) -> f64 {
    let v = t.seats[p].vps[vp];
    let Spot::Region(r) = v.at else { return 0.0 };
    let leaves = ctx::may_leave(t, p, vp);
    // Black money counts only once laundered (BI-BLACK-3): worth less where it cannot be, and less
    // and less as the end nears.
    let lead = t.seats.values().map(|x| x.billions).max().unwrap_or(0);
    let late = 1.0 - 0.7 * (f64::from(lead) / f64::from(c.target.max(1))).min(1.0);
    let keep = late * if leaves { 0.2 + 0.6 * launderable(c, t, p, r) } else { 0.2 };
    let mut best = 0.0f64;
    if leaves && ctx::sellable(c, t, p, r) {
        let risk = if ctx::grey(c, t, r) { 0.6 } else { 1.0 };
        best = f64::from(c.board.region(r).income) * risk;
    }
    let seat = &t.seats[p];
    for k in (seat.table - seat.sideways).iter() {
        let card = c.cards.card(k);
        if card.requires.is_some_and(|(a, n)| seat.attrs[a.index()] >= n) {
            for slot in
                card.slots.iter().filter(|s| s.region.is_none_or(|x| x == r) && (s.region.is_some() || t.at_war(r)))
            {
                best = best.max(f64::from(slot.income) * keep);
            }
        }
    }
    keep * f64::from(v.black) + 0.3 * best
}

fn worth(c: &Content, t: &Table, p: Player) -> f64 {
    let s = &t.seats[p];
    let prospects: f64 = (0..s.vps.len()).map(|i| prospect(c, t, p, i)).sum();
    f64::from(s.billions)
        + 8.0 * s.controlled() as f64
        + 0.7 * f64::from(s.goodwill)
        + 1.0 * f64::from((s.hand - t.choice(p).marked).len())
        + 3.0 * f64::from(s.table.len())
        + if t.holds_prize(p) { 10.0 } else { 0.0 }
        + prospects
        - f64::from(pending(c, t, p))
}

/// 0 = lost … 1 = won.
pub fn evaluate(c: &Content, s: &State, player: Player) -> f64 {
    let t = &s.t;
    let me = worth(c, t, player);
    let best_other = Player::all(t.players()).filter(|&q| q != player).map(|q| worth(c, t, q)).fold(0.0, f64::max);
    // Near the target the lead decides more: the share is raised to a power that grows with the
    // leader's progress.
    let lead = t.seats.values().map(|s| f64::from(s.billions)).fold(0.0, f64::max);
    let progress = (lead / f64::from(c.target.max(1))).min(1.0);
    let share = (me + 1.0) / (me + best_other + 2.0);
    share.powf(1.0 + 2.0 * progress)
}
