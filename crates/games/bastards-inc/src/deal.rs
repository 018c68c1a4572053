//! Deals (BI-DEAL-1..6, BI-TRADE-1..3): gifts and commissions in a player's deal window. A
//! commission names a player, a business card by its name and its target, sets an amount aside,
//! and the named player declines or plays the card at once, out of turn (BI-DEAL-4).

use worlds_engine::{Chance, EventSink, Visibility};

use crate::act;
use crate::action::{Action, Amount};
use crate::aim;
use crate::card::{KindNo, TargetKind};
use crate::content::Content;
use crate::ctx;
use crate::event::Event;
use crate::state::{Act, ActStage, Commission, Deed, Side, Step, Table, Target};

/// The commissions `p` may offer now (BI-DEAL-4): to another player, for a business card that
/// player might hold (as far as `p` knows) and could play on some target.
pub fn offers(c: &Content, t: &Table, p: usize, out: &mut impl FnMut(Action)) {
    if t.seats[p].billions == 0 {
        return;
    }
    for (kind, k) in c.cards.kinds.iter().enumerate() {
        if !k.is_business_action() || !aim::might_hold(c, t, p, kind as KindNo) {
            continue;
        }
        for q in (0..t.players()).filter(|&q| q != p) {
            if aim::can_play(c, t, q, k) {
                out(Action::Commission { to: q as u8, kind: kind as KindNo });
            }
        }
    }
}

/// Who decides a commission now: the offerer names the target and the amount, then the named
/// player answers.
pub fn decider(c: &Content, m: &Commission) -> usize {
    if needs_target(c, m) || m.amount.is_none() { usize::from(m.from) } else { usize::from(m.to) }
}

fn needs_target(c: &Content, m: &Commission) -> bool {
    c.cards.kinds[usize::from(m.kind)].target != TargetKind::None && m.target == Target::None
}

/// The lowest-numbered copy of the commission's card in the named player's hand.
fn copy_held(c: &Content, t: &Table, m: &Commission) -> Option<crate::card::CardNo> {
    ctx::cards(t.seats[usize::from(m.to)].hand).find(|&n| c.cards.kind_of(n) == m.kind)
}

/// The legal actions of a commission's decider.
pub fn legal(c: &Content, t: &Table, m: &Commission, out: &mut impl FnMut(Action)) {
    let k = &c.cards.kinds[usize::from(m.kind)];
    if needs_target(c, m) {
        aim::targets(c, t, usize::from(m.to), k, &mut |x| out(Action::Target(x)));
    } else if m.amount.is_none() {
        Amount::offered(1, t.seats[usize::from(m.from)].billions, |a| out(Action::Amount(a)));
    } else {
        let to = usize::from(m.to);
        let can = copy_held(c, t, m).is_some()
            && aim::playable(t, to, k)
            && (k.target == TargetKind::None || aim::is_target(c, t, to, k, m.target));
        if can {
            out(Action::Accept);
        }
        out(Action::Decline);
    }
}

/// Applies a decision of a commission.
pub fn apply(c: &Content, t: &mut Table, action: Action, rng: &mut impl Chance, events: &mut impl EventSink<Event>) {
    let Some(Step::Commission(mut m)) = t.stack.top().copied() else { return };
    match action {
        Action::Target(x) => {
            m.target = x;
            t.stack.replace_top(Step::Commission(m));
            events
                .emit(Visibility::PUBLIC, Event::Commission { from: m.from, to: m.to, kind: m.kind, target: m.target });
        }
        Action::Amount(a) => {
            let from = usize::from(m.from);
            let amount = a.value(t.seats[from].billions).min(t.seats[from].billions);
            t.seats[from].billions -= amount;
            m.amount = Some(amount);
            t.stack.replace_top(Step::Commission(m));
            events.emit(Visibility::PUBLIC, Event::CommissionAmount { from: m.from, to: m.to, amount });
        }
        // BI-RULING-9: played at once, with no extra effort.
        Action::Accept => {
            let Some(card) = copy_held(c, t, &m) else { return };
            let to = usize::from(m.to);
            t.seats[to].hand &= !ctx::bit(card);
            let act = Act {
                seat: m.to,
                deed: Deed::Play(card),
                stage: ActStage::Target,
                target: m.target,
                second: Target::None,
                side: Side::None,
                commission: Some((m.from, m.amount.unwrap_or(0))),
                goodwill: 0,
            };
            act::begin(c, t, act, rng, events);
        }
        Action::Decline => {
            t.stack.pop();
            t.seats[usize::from(m.from)].billions += m.amount.unwrap_or(0);
            events.emit(Visibility::PUBLIC, Event::CommissionDeclined { player: m.to });
        }
        _ => {}
    }
}

/// Offers a commission: the offer waits for its target and amount (BI-DEAL-4).
pub fn offer(c: &Content, t: &mut Table, p: usize, to: u8, kind: KindNo, events: &mut impl EventSink<Event>) {
    let m = Commission { from: p as u8, to, kind, target: Target::None, amount: None };
    if !needs_target(c, &m) {
        events.emit(Visibility::PUBLIC, Event::Commission { from: m.from, to, kind, target: Target::None });
    }
    let _ = t.stack.push(Step::Commission(m));
}
