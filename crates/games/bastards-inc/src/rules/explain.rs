//! Why an action is refused: what is wrong, what to do instead, and the rule (never deciding
//! legality: the legal list does).

use worlds_engine::{Decision, Player, RuleError};

use crate::action::Action;
use crate::attr::{Attr, Entry};
use crate::content::Content;
use crate::ctx;
use crate::state::{Dest, Spot, State, Step, Table};

fn no(rule: &'static str, text: impl Into<String>) -> RuleError {
    RuleError::illegal(rule, text)
}

/// BI-MONEY-1: the Goodwill part of a price of extra effort is chosen first.
fn pay_first(c: &Content, t: &Table, p: Player, level: u8) -> RuleError {
    let price = ctx::effort_price(c, level);
    let (lo, hi) = ctx::goodwill_parts(&t.seats[p], price);
    no("BI-MONEY-1", format!("first choose how much of the price of {price} Goodwill pays: {lo} to {hi}"))
}

/// BI-BUS-4: a VP in a region at war stays.
fn stays_at_war() -> RuleError {
    no("BI-BUS-4", "a VP in a region at war may not leave it (unless you hold the Peace Nobel Prize)")
}

/// Why `p` may not take `action` now; what is being decided instead is `now` (in words, from
/// `decision.rs`).
pub fn explain(c: &Content, s: &State, p: Player, action: Action, now: Decision) -> RuleError {
    let t = &s.t;
    let seat = &t.seats[p];
    let step = t.stack.top().copied();
    match (step, action) {
        (Some(Step::Draw), _) if t.stage(p) == crate::state::Stage::Goodwill => pay_first(c, t, p, t.choice(p).extra),
        (Some(Step::Effort { level, .. }), _) => pay_first(c, t, p, level),
        (Some(Step::Draw), Action::Card(_)) => no("BI-DRAW-1", "that card is not in your hand, or is marked already"),
        (Some(Step::Draw), Action::Extra(_)) => no(
            "BI-DRAW-3",
            "extra cards are bought once, before drawing, and must be paid for (prices: see the extra-effort table)",
        ),
        (Some(Step::Lift), Action::Lift(i)) => match seat.vps.get(usize::from(i)).map(|v| v.at) {
            Some(Spot::Region(r)) if t.at_war(r) => no(
                "BI-PLACE-6",
                "a VP in a region with a war counter stays there (unless you hold the Peace Nobel Prize)",
            ),
            _ => no("BI-PLACE-1", "lift only your VPs in regions or on Media squares, each once; then done"),
        },
        (Some(Step::Place { .. }), Action::Place(Dest::Region { region, by })) => {
            if t.holds_prize(p) && by != Entry::Prize {
                return no(
                    "BI-NOBEL-2",
                    "with the Peace Nobel Prize you enter regions by the Prize: `place REGION by prize`",
                );
            }
            if by == Entry::Prize {
                return no("BI-NOBEL-2", "only the holder of the Peace Nobel Prize enters by the Prize");
            }
            if t.at_war(region) {
                return no("BI-PLACE-6", "no VP may be sent into a region with a war counter");
            }
            let a = by.attr().unwrap_or(Attr::Corruption);
            no(
                "BI-PLACE-4",
                format!(
                    "your {} is {} but {} needs {}: buy extra effort first, or declare the other attribute",
                    a.name(),
                    seat.value(a),
                    c.board.region(region).name,
                    c.board.region(region).minimum(a)
                ),
            )
        }
        (Some(Step::Place { .. }), Action::Place(Dest::Square(q))) => no(
            "BI-PLACE-5",
            format!(
                "your Media is {} but {} needs {}",
                seat.value(Attr::Media),
                c.board.square(q).name,
                c.board.square(q).media
            ),
        ),
        (_, Action::Effort { .. }) => no(
            "BI-EFFORT-2",
            "one bonus per attribute before an action, up to +3 and never past 6, and you must be able to pay it",
        ),
        (Some(Step::Battle(_)), Action::Outbid) => {
            no("BI-BATTLE-3", "you need one Goodwill more than all resisters together; go to the VIP Lounge instead")
        }
        (Some(Step::Battle(_)), Action::Resist(_)) => {
            no("BI-BATTLE-2", "you cannot resist with more Goodwill than you hold")
        }
        (Some(Step::Business { .. }), Action::BuyVp) => no(
            "BI-BUYVP-1",
            format!("a VP costs {} Billions (BI-RULING-1) and you control at most 4 (BI-COMP-2)", c.board.prices.vp),
        ),
        (Some(Step::Business { .. }), Action::BuyPrize) => no(
            "BI-BUYNOBEL-1",
            format!("the Peace Nobel Prize costs {} Goodwill, and the holder cannot buy it", c.board.prices.prize),
        ),
        (Some(Step::Business { .. }), Action::Sell(v)) => sell_refusal(c, t, p, usize::from(v)),
        (Some(Step::Business { .. }), Action::Launder { vp, attr }) => {
            match seat.vps.get(usize::from(vp)).map(|v| v.at) {
                Some(Spot::Region(_)) if !ctx::may_leave(t, p, usize::from(vp)) => stays_at_war(),
                Some(Spot::Region(r)) => no(
                    "BI-LAUNDER-1",
                    format!(
                        "to launder you must beat {}'s {} of {} (yours: {}), and the VP must carry black money",
                        c.board.region(r).name,
                        attr.name(),
                        c.board.region(r).minimum(attr),
                        seat.value(attr)
                    ),
                ),
                _ => no("BI-LAUNDER-1", "launder with one of your VPs in a region"),
            }
        }
        (Some(Step::Business { .. }), Action::Gift { .. } | Action::Commission { .. }) => no(
            "BI-DEAL-2",
            "one gift and one commission offer per action turn, before any extra effort, from your Billions",
        ),
        (Some(Step::Business { .. }), Action::Card(_)) => no(
            "BI-CARD-3",
            "that card cannot be played now: check its cost, its target and, for a Business Opportunity, its minimum and slots",
        ),
        (Some(Step::Act(_)), Action::Hush(_)) => {
            no("BI-JOURN-3", "hush money is paid in Billions and must leave you able to pay the act's cost")
        }
        (Some(Step::Commission(_)), Action::Accept) => {
            no("BI-DEAL-4", "you can accept only holding that card and able to play it on that target")
        }
        (Some(Step::Window(_)), Action::Card(_)) => no("BI-CARD-2", "only a war card from your hand, or pass"),
        _ => no("BI-TURN-1", format!("that is not one of the choices now; {}", now.text)),
    }
}

fn sell_refusal(c: &Content, t: &Table, p: Player, v: usize) -> RuleError {
    let Some(Spot::Region(r)) = t.seats[p].vps.get(v).map(|x| x.at) else {
        return no("BI-SELL-1", "sell Stuff with one of your VPs in a region");
    };
    if !ctx::may_leave(t, p, v) {
        return stays_at_war();
    }
    if t.famine & (1 << r) != 0 {
        return no("BI-CRISIS-2", "no Stuff can be sold to a region with a famine marker");
    }
    if t.stuff[usize::from(r)] >= 6 {
        return no("BI-SELL-1", "a region at Stuff 6 takes no more Stuff");
    }
    no(
        "BI-SELL-1",
        format!(
            "your Technology is {} but {} needs {}",
            t.seats[p].value(Attr::Technology),
            c.board.region(r).name,
            c.board.region(r).technology
        ),
    )
}
