//! Deals (BI-DEAL-1..6, BI-TRADE-1..3): gifts and commissions in a player's deal window. A
//! commission names a player, a business card by its name and its target, sets an amount aside,
//! and the named player declines or plays the card at once, out of turn (BI-DEAL-4).

use worlds_engine::{Chance, EventSink, Player, Visibility};

use crate::act;
use crate::action::{Action, Amount};
use crate::aim;
use crate::card::{KindNo, TargetKind};
use crate::content::Content;
use crate::ctx;
use crate::event::Event;
use crate::state::{Act, Commission, Deed, Step, Table, Target};

/// Whether `p` may offer `q` a commission for a card of design `kind` (BI-DEAL-4, BI-TRADE-3): a
/// business card `q` might hold (as far as `p` knows) and could play on some target.
pub fn offerable(c: &Content, t: &Table, p: Player, q: Player, kind: usize) -> bool {
    let k = &c.cards.kinds[kind];
    k.is_business_action() && aim::might_hold(c, t, p, kind as KindNo) && aim::can_play(c, t, q, k)
}

/// The commissions `p` may offer now: to each other player with a card to offer for.
pub fn offers(c: &Content, t: &Table, p: Player, out: &mut impl FnMut(Action)) {
    if t.seats[p].billions == 0 {
        return;
    }
    for q in Player::all(t.players()).filter(|&q| q != p) {
        if (0..c.cards.kinds.len()).any(|kind| offerable(c, t, p, q, kind)) {
            out(Action::Commission(q));
        }
    }
}

/// Who decides a commission now: the offerer names the card, its target and the amount, then the
/// named player answers.
pub fn decider(c: &Content, m: &Commission) -> Player {
    if m.kind.is_none() || needs_target(c, m) || m.amount.is_none() { m.from } else { m.to }
}

/// Whether the offerer has still to name the target of the commission's card.
pub fn needs_target(c: &Content, m: &Commission) -> bool {
    m.kind.is_some_and(|k| c.cards.kinds[usize::from(k)].target != TargetKind::None) && m.target == Target::None
}

/// The lowest-numbered copy of the commission's card in the named player's hand.
fn copy_held(c: &Content, t: &Table, m: &Commission) -> Option<crate::card::CardNo> {
    t.seats[m.to].hand.iter().find(|&n| Some(c.cards.kind_of(n)) == m.kind)
}

/// The legal actions of a commission's decider.
pub fn legal(c: &Content, t: &Table, m: &Commission, out: &mut impl FnMut(Action)) {
    let (from, to) = (m.from, m.to);
    let Some(kind) = m.kind else {
        for kind in (0..c.cards.kinds.len()).filter(|&k| offerable(c, t, from, to, k)) {
            out(Action::Offer(kind as u8));
        }
        return;
    };
    let k = &c.cards.kinds[usize::from(kind)];
    if needs_target(c, m) {
        aim::targets(c, t, to, k, &mut |x| out(Action::Target(x)));
    } else if m.amount.is_none() {
        Amount::offered(1, t.seats[from].billions, |a| out(Action::Amount(a)));
    } else {
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
        Action::Offer(kind) => {
            m.kind = Some(kind);
            t.stack.replace_top(Step::Commission(m));
            if !needs_target(c, &m) {
                events.emit(Visibility::PUBLIC, Event::Commission { from: m.from, to: m.to, kind, target: m.target });
            }
        }
        Action::Target(x) => {
            m.target = x;
            t.stack.replace_top(Step::Commission(m));
            let kind = m.kind.unwrap_or(0);
            events.emit(Visibility::PUBLIC, Event::Commission { from: m.from, to: m.to, kind, target: m.target });
        }
        Action::Amount(a) => {
            let from = m.from;
            let amount = a.value(t.seats[from].billions).min(t.seats[from].billions);
            t.seats[from].billions -= amount;
            m.amount = Some(amount);
            t.stack.replace_top(Step::Commission(m));
            events.emit(Visibility::PUBLIC, Event::CommissionAmount { from: m.from, to: m.to, amount });
        }
        // BI-RULING-9: played at once, with no extra effort.
        Action::Accept => {
            let Some(card) = copy_held(c, t, &m) else { return };
            let to = m.to;
            t.seats[to].hand.remove(card);
            let commission = Some((m.from, m.amount.unwrap_or(0)));
            let act = Act { target: m.target, commission, ..Act::new(m.to, Deed::Play(card)) };
            act::begin(c, t, act, rng, events);
        }
        Action::Decline => {
            t.stack.pop();
            ctx::receive(&mut t.seats[m.from], m.amount.unwrap_or(0));
            events.emit(Visibility::PUBLIC, Event::CommissionDeclined { player: m.to });
        }
        _ => {}
    }
}

/// Offers a commission to `to`: the offer waits for its card, target and amount (BI-DEAL-4).
pub fn offer(t: &mut Table, p: Player, to: Player) {
    let m = Commission { from: p, to, kind: None, target: Target::None, amount: None };
    t.stack.push(Step::Commission(m));
}

/// BI-DEAL-3: the amount of a gift is chosen: the Billions pass at once.
pub fn give(t: &mut Table, amount: Amount, events: &mut impl EventSink<Event>) {
    let Some(Step::Gift { from, to }) = t.stack.pop() else { return };
    let n = amount.value(t.seats[from].billions);
    events.emit(Visibility::PUBLIC, Event::Gift { from, to, amount: n });
    ctx::transfer(t, from, to, n, events);
}
