//! Acts: an Action card played (BI-ACT-1), a Business Opportunity used, alone or as a joint venture
//! (BI-BO-1, BI-BO-2, BI-JV-1, BI-DEAL-5), or Stuff sold (BI-SELL-1). Each is announced through
//! its choices (target, slots, side payment, the partner's consent), then faces journalism if it is
//! illegal (BI-JOURN-2..4), then is paid for (BI-CARD-3, BI-MONEY-1) and resolved.

use worlds_engine::program::{Cursor, Run};
use worlds_engine::{Chance, EventSink, Player, PlayerSet, Visibility};

use crate::action::{Action, Amount};
use crate::aim;
use crate::attr::Section;
use crate::content::Content;
use crate::ctx;
use crate::effects::{self, For};
use crate::event::Event;
use crate::round;
use crate::state::{Act, ActStage, Deed, Side, Spot, Step, Table, Target};

/// The act on top of the stack.
pub fn top(t: &Table) -> Option<Act> {
    match t.stack.top() {
        Some(Step::Act(a)) => Some(*a),
        _ => None,
    }
}

fn set(t: &mut Table, act: Act) {
    t.stack.replace_top(Step::Act(act));
}

/// The partner of a joint venture: the owner of a slot's VP who is not the act's player.
pub fn partner(act: &Act) -> Option<Player> {
    [act.target, act.second].into_iter().find_map(|x| match x {
        Target::Vp(q, _) if q != act.seat => Some(q),
        _ => None,
    })
}

/// The journalist asked at `Hush(k)` / `Expose(k, _)`: the `k`-th player clockwise after the actor.
pub fn journalist(t: &Table, act: &Act, k: u8) -> Player {
    ctx::after(t, act.seat, usize::from(k))
}

/// Who decides at an act's stage.
pub fn decider(t: &Table, act: &Act) -> Player {
    match act.stage {
        ActStage::Partner => partner(act).unwrap_or(act.seat),
        ActStage::Expose(k, _) => journalist(t, act, k),
        _ => act.seat,
    }
}

/// BI-JOURN-2: the section whose journalists may expose the act, if it is illegal.
pub fn illegal(c: &Content, t: &Table, act: &Act) -> Option<Section> {
    match act.deed {
        Deed::Play(k) | Deed::Use(k) => c.cards.card(k).illegal,
        Deed::Sell(vp) => match t.seats[act.seat].vps[usize::from(vp)].at {
            Spot::Region(r) if ctx::grey(c, t, r) => Some(Section::World),
            _ => None,
        },
    }
}

/// What the act costs its player when it resolves (BI-CARD-3).
pub fn cost(c: &Content, t: &Table, act: &Act) -> u32 {
    match act.deed {
        Deed::Play(k) => aim::cost(t, act.seat, c.cards.card(k)),
        _ => 0,
    }
}

/// BI-JOURN-3: the most hush money the actor can offer and still pay the act's cost.
pub fn max_hush(c: &Content, t: &Table, act: &Act) -> u32 {
    let seat = &t.seats[act.seat];
    let cost = cost(c, t, act);
    seat.billions.min(seat.billions.saturating_add(seat.goodwill).saturating_sub(cost))
}

/// The legal actions at an act's stage.
pub fn legal(c: &Content, t: &Table, act: &Act, out: &mut impl FnMut(Action)) {
    let p = act.seat;
    match act.stage {
        ActStage::Target => {
            if let Deed::Play(k) = act.deed {
                aim::targets(c, t, p, c.cards.card(k), &mut |x| out(Action::Target(x)));
            }
        }
        ActStage::Slot(s) => {
            if let Deed::Use(k) = act.deed {
                let taken = if s == 0 { Target::None } else { act.target };
                aim::slot_options(t, p, k, c.cards.card(k), usize::from(s), taken, &mut |x| out(Action::Target(x)));
            }
        }
        ActStage::Side => {
            out(Action::NoSide);
            Amount::offered(1, t.seats[p].billions, |a| out(Action::Give(a)));
            if let Some(q) = partner(act) {
                Amount::offered(1, t.seats[q].billions, |a| out(Action::Take(a)));
            }
        }
        ActStage::Partner => {
            out(Action::Accept);
            out(Action::Decline);
        }
        ActStage::Hush(_) => Amount::offered(0, max_hush(c, t, act), |a| out(Action::Hush(a))),
        ActStage::Expose(..) => {
            out(Action::Expose);
            out(Action::Quiet);
        }
        ActStage::Goodwill => {
            ctx::goodwill_options(&t.seats[p], cost(c, t, act), out);
        }
        ActStage::Run(cursor) => {
            if let Deed::Play(k) = act.deed {
                effects::choices(c, t, &c.programs[usize::from(c.cards.kind_of(k))], &cursor, out);
            }
        }
    }
}

/// Starts an act (its card already out of its player's hand): its first choice, or straight on to
/// its announcement when it has none (a card without a target, a commission's card whose target
/// the offer named, a sale).
pub fn begin(c: &Content, t: &mut Table, mut act: Act, rng: &mut impl Chance, events: &mut impl EventSink<Event>) {
    let choose = match act.deed {
        Deed::Play(k) => (c.cards.card(k).target != crate::card::TargetKind::None && act.target == Target::None)
            .then_some(ActStage::Target),
        Deed::Use(_) => Some(ActStage::Slot(0)),
        Deed::Sell(_) => None,
    };
    if let Some(stage) = choose {
        act.stage = stage;
    }
    t.stack.push(Step::Act(act));
    if choose.is_none() {
        announced(c, t, rng, events);
    }
}

/// Applies a decision at the act on top of the stack.
pub fn apply(c: &Content, t: &mut Table, action: Action, rng: &mut impl Chance, events: &mut impl EventSink<Event>) {
    let Some(mut act) = top(t) else { return };
    let p = act.seat;
    match (act.stage, action) {
        (ActStage::Target, Action::Target(x)) => {
            act.target = x;
            set(t, act);
            announced(c, t, rng, events);
        }
        (ActStage::Slot(s), Action::Target(x)) => {
            let two = matches!(act.deed, Deed::Use(k) if c.cards.card(k).slots.len() == 2);
            if s == 0 {
                act.target = x;
            } else {
                act.second = x;
            }
            if s == 0 && two {
                act.stage = ActStage::Slot(1);
                set(t, act);
            } else if partner(&act).is_some() {
                act.stage = ActStage::Side;
                set(t, act);
            } else {
                set(t, act);
                announced(c, t, rng, events);
            }
        }
        (ActStage::Side, a) => {
            let q = partner(&act).unwrap_or(p);
            act.side = match a {
                Action::Give(n) => Side::Give(n.value(t.seats[p].billions)),
                Action::Take(n) => Side::Take(n.value(t.seats[q].billions)),
                _ => Side::None,
            };
            act.stage = ActStage::Partner;
            set(t, act);
            if let Deed::Use(k) = act.deed {
                events.emit(Visibility::PUBLIC, Event::Venture { owner: p, partner: q, card: k, side: act.side });
            }
        }
        (ActStage::Partner, a) => {
            let q = partner(&act).unwrap_or(p);
            let accepted = a == Action::Accept;
            events.emit(Visibility::PUBLIC, Event::VentureAnswer { partner: q, accepted });
            if accepted {
                // The side payment moves when the venture is carried out (`resolve`): an exposed
                // venture does not happen, and nothing of it is paid (BI-JOURN-4).
                announced(c, t, rng, events);
            } else {
                // BI-DEAL-5: nothing happens; the owner's action turn goes on.
                t.stack.pop();
                if let Deed::Use(k) = act.deed {
                    t.proposed[q.index()].insert(k);
                    // Offered from the hand, it goes back there.
                    if !t.seats[p].table.contains(k) {
                        t.seats[p].hand.insert(k);
                    }
                }
            }
        }
        (ActStage::Hush(k), Action::Hush(a)) => {
            let amount = a.value(max_hush(c, t, &act));
            let q = journalist(t, &act, k);
            events.emit(Visibility::PUBLIC, Event::Hush { from: p, to: q, amount });
            act.stage = ActStage::Expose(k, amount);
            set(t, act);
        }
        (ActStage::Expose(k, hush), Action::Quiet) => {
            let q = journalist(t, &act, k);
            events.emit(Visibility::PUBLIC, Event::Quiet { player: q });
            if hush > 0 {
                ctx::transfer(t, p, q, hush, events);
            }
            hush_from(c, t, k + 1, rng, events);
        }
        (ActStage::Expose(k, _), Action::Expose) => exposed(c, t, journalist(t, &act, k), events),
        (ActStage::Goodwill, Action::Goodwill(g)) => {
            let price = cost(c, t, &act);
            act.goodwill = u32::from(g);
            set(t, act);
            ctx::pay(t, p, price, u32::from(g), events);
            resolve(c, t, rng, events);
        }
        (ActStage::Run(mut cursor), a) => {
            if let Deed::Play(k) = act.deed {
                let program = &c.programs[usize::from(c.cards.kind_of(k))];
                let who = For { seat: p, target: act.target, card: Some(k) };
                match effects::resume(c, t, program, &mut cursor, who, &mut None, Some(a), rng, events) {
                    Run::Waiting => {
                        act.stage = ActStage::Run(cursor);
                        set(t, act);
                    }
                    Run::Finished => finish(t, events),
                }
            }
        }
        _ => {}
    }
}

/// Every choice is made: the act is announced (BI-JOURN-3), and journalism asks, if it is illegal.
fn announced(c: &Content, t: &mut Table, rng: &mut impl Chance, events: &mut impl EventSink<Event>) {
    let Some(act) = top(t) else { return };
    let p = act.seat;
    match act.deed {
        Deed::Play(k) => events.emit(Visibility::PUBLIC, Event::Played { player: p, card: k, target: act.target }),
        Deed::Use(k) => events.emit(Visibility::PUBLIC, Event::Used { player: p, card: k }),
        Deed::Sell(_) => {}
    }
    if illegal(c, t, &act).is_some() {
        hush_from(c, t, 1, rng, events);
    } else {
        pay(c, t, rng, events);
    }
}

/// Journalism goes on with the `k`-th player after the actor, the next one with a VP in the act's
/// section (BI-JOURN-3); when nobody is left, the act goes ahead.
fn hush_from(c: &Content, t: &mut Table, k: u8, rng: &mut impl Chance, events: &mut impl EventSink<Event>) {
    let Some(mut act) = top(t) else { return };
    let section = illegal(c, t, &act);
    let journalists = section.map_or(PlayerSet::EMPTY, |s| ctx::in_section(c, t, s));
    for j in k..t.players() as u8 {
        let q = journalist(t, &act, j);
        if journalists.contains(q) {
            act.stage = ActStage::Hush(j);
            set(t, act);
            return;
        }
    }
    pay(c, t, rng, events);
}

/// BI-JOURN-4: exposed. The act does not happen and costs nothing; the seller's VP goes to the VIP
/// Lounge without income, an illegal card to the discard pile; the actor loses 2 Goodwill; the
/// exposer gains 1 and one of his VPs in the section goes to the VIP Lounge.
fn exposed(c: &Content, t: &mut Table, by: Player, events: &mut impl EventSink<Event>) {
    let Some(act) = top(t) else { return };
    let p = act.seat;
    let section = illegal(c, t, &act).unwrap_or(Section::World);
    events.emit(Visibility::PUBLIC, Event::Exposed { by, player: p });
    t.stats.exposed = t.stats.exposed.saturating_add(1);
    match act.deed {
        Deed::Sell(vp) => ctx::to_lounge(t, p, usize::from(vp), events),
        Deed::Play(k) | Deed::Use(k) => {
            t.seats[p].table.remove(k);
            t.seats[p].sideways.remove(k);
            t.discard.insert(k);
        }
    }
    ctx::goodwill(t, p, -2, events);
    ctx::goodwill(t, by, 1, events);
    // BI-RULING-6: the exposer's VP on the section's square with the lowest minimum Media leaves.
    let leaving = c
        .board
        .section(section)
        .filter_map(|q| t.seats[by].first_at(Spot::Square(q)).map(|i| (c.board.square(q).media, i)))
        .min()
        .map(|(_, i)| i);
    if let Some(i) = leaving {
        ctx::to_lounge(t, by, i, events);
    }
    finish(t, events);
}

/// BI-CARD-3, BI-MONEY-1: the cost is paid as the act resolves, the Goodwill part chosen when
/// there is a choice.
fn pay(c: &Content, t: &mut Table, rng: &mut impl Chance, events: &mut impl EventSink<Event>) {
    let Some(mut act) = top(t) else { return };
    let p = act.seat;
    let price = cost(c, t, &act);
    if price > 0 {
        let (lo, hi) = ctx::goodwill_parts(&t.seats[p], price);
        if lo < hi {
            act.stage = ActStage::Goodwill;
            set(t, act);
            return;
        }
        ctx::pay(t, p, price, lo, events);
    }
    resolve(c, t, rng, events);
}

/// The act happens.
fn resolve(c: &Content, t: &mut Table, rng: &mut impl Chance, events: &mut impl EventSink<Event>) {
    let Some(mut act) = top(t) else { return };
    let p = act.seat;
    match act.deed {
        Deed::Play(k) => {
            let card = c.cards.card(k);
            // BI-CARD-3: a played card goes to the discard pile, a Bunker excepted (BI-BUNKER-1).
            if !card.has(|op| *op == crate::card::Op::Bunker) {
                t.discard.insert(k);
            }
            let program = &c.programs[usize::from(card.kind_no)];
            let mut cursor = Cursor::default();
            let who = For { seat: p, target: act.target, card: Some(k) };
            if effects::resume(c, t, program, &mut cursor, who, &mut None, None, rng, events) == Run::Waiting {
                act.stage = ActStage::Run(cursor);
                set(t, act);
                return;
            }
        }
        Deed::Use(k) => {
            // BI-DEAL-5: a joint venture's side payment moves as it is carried out.
            if let Some(q) = partner(&act) {
                match act.side {
                    Side::Give(n) => ctx::transfer(t, p, q, n, events),
                    Side::Take(n) => ctx::transfer(t, q, p, n, events),
                    Side::None => {}
                }
                t.stats.ventures = t.stats.ventures.saturating_add(1);
            }
            // BI-BO-2, BI-BO-3: the card lies in front of its owner, turned sideways; each VP
            // receives its slot's Income as black money.
            let seat = &mut t.seats[p];
            seat.table.insert(k);
            seat.sideways.insert(k);
            let card = c.cards.card(k);
            for (s, x) in [act.target, act.second].into_iter().enumerate() {
                let (Target::Vp(q, i), Some(slot)) = (x, card.slots.get(s)) else { continue };
                let v = &mut t.seats[q].vps[usize::from(i)];
                let amount = ctx::add_black(v, u32::from(slot.income));
                events.emit(Visibility::PUBLIC, Event::Income { player: q, vp: i, amount });
            }
        }
        Deed::Sell(vp) => {
            let Spot::Region(r) = t.seats[p].vps[usize::from(vp)].at else { return finish(t, events) };
            ctx::to_lounge(t, p, usize::from(vp), events);
            ctx::sell(c, t, p, r, events);
        }
    }
    finish(t, events);
}

/// The act is over: a commission is paid out (BI-DEAL-4), or the actor's action turn ends
/// (BI-BUS-2).
fn finish(t: &mut Table, events: &mut impl EventSink<Event>) {
    t.stack.pop();
    match t.stack.top().copied() {
        Some(Step::Commission(m)) => {
            t.stack.pop();
            let amount = m.amount.unwrap_or(0);
            ctx::receive(&mut t.seats[m.to], amount);
            events.emit(Visibility::PUBLIC, Event::CommissionPaid { from: m.from, to: m.to, amount });
        }
        Some(Step::Business { .. }) => round::end_turn(t, true),
        _ => {}
    }
}
