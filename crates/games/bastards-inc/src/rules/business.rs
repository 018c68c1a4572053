//! The Business phase (BI-BUS-1..4): action turns clockwise from the starting player until all pass
//! in succession. In his turn a player may first make a gift and offer a commission (his deal
//! window, BI-DEAL-2), buy extra effort (BI-EFFORT-1), then take one action or pass: play an Action
//! card, use a Business Opportunity, launder money, sell Stuff, run a media campaign, buy a VP or
//! the Peace Nobel Prize (BI-ACT-1 … BI-BUYNOBEL-1, BI-PASS-1).

use worlds_engine::{Chance, EventSink, Player, Visibility};

use crate::act;
use crate::action::Action;
use crate::aim;
use crate::attr::Attr;
use crate::content::Content;
use crate::ctx;
use crate::deal;
use crate::event::Event;
use crate::round;
use crate::state::{Act, Deal, Deed, Spot, Step, Table, Vp};

/// BI-EFFORT-1..3: the bonuses `p` may buy now among `attrs`: one per attribute before an
/// action, up to +3, never past 6, paid for.
pub fn effort_options(c: &Content, t: &Table, p: Player, attrs: &[Attr], out: &mut impl FnMut(Action)) {
    let seat = &t.seats[p];
    for &attr in attrs {
        if seat.bonus[attr.index()] > 0 {
            continue;
        }
        for level in 1..=3u8 {
            if seat.attrs[attr.index()] + level <= 6 && ctx::can_pay(seat, ctx::effort_price(c, level)) {
                out(Action::Effort { attr, level });
            }
        }
    }
}

/// Buys a bonus (BI-RULING-3): paid at once, or after its player chooses the Goodwill part
/// (BI-MONEY-1).
pub fn buy_effort(c: &Content, t: &mut Table, p: Player, attr: Attr, level: u8, events: &mut impl EventSink<Event>) {
    events.emit(Visibility::PUBLIC, Event::Effort { player: p, attr, level });
    let price = ctx::effort_price(c, level);
    let (lo, hi) = ctx::goodwill_parts(&t.seats[p], price);
    if lo < hi {
        t.stack.push(Step::Effort { seat: p, attr, level });
        return;
    }
    ctx::pay(t, p, price, lo, events);
    t.seats[p].bonus[attr.index()] = level;
}

/// The Goodwill part of an effort's price is chosen: it is paid and the bonus counts.
pub fn effort_paid(c: &Content, t: &mut Table, g: u8, events: &mut impl EventSink<Event>) {
    let Some(Step::Effort { seat: p, attr, level }) = t.stack.pop() else { return };
    ctx::pay(t, p, ctx::effort_price(c, level), u32::from(g), events);
    t.seats[p].bonus[attr.index()] = level;
}

/// BI-MEDIA-1: what a media campaign from square `q` earns.
pub fn campaign_yield(c: &Content, t: &Table, q: u8) -> u32 {
    if c.board.charity == Some(q) && t.crisis() { 2 } else { 1 }
}

/// The legal actions of the player whose action turn it is.
pub fn legal(c: &Content, t: &Table, p: Player, deal: Deal, out: &mut impl FnMut(Action)) {
    let seat = &t.seats[p];
    if !deal.closed {
        if !deal.gift && seat.billions > 0 {
            for q in Player::all(t.players()).filter(|&q| q != p) {
                out(Action::Gift(q));
            }
        }
        if !deal.commission {
            deal::offers(c, t, p, out);
        }
    }
    effort_options(c, t, p, &Attr::ALL, out);
    // BI-ACT-1: Action cards of business timing that can be played now (each design once).
    for k in ctx::one_of_each(c, seat.hand) {
        let card = c.cards.card(k);
        let ok = if card.is_business() {
            aim::can_use(c, t, p, k)
        } else {
            card.is_business_action() && aim::can_play(c, t, p, card)
        };
        if ok {
            out(Action::Card(k));
        }
    }
    // BI-BO-1: upright Business Opportunities in front of him.
    for k in (seat.table - seat.sideways).iter() {
        if aim::can_use(c, t, p, k) {
            out(Action::Card(k));
        }
    }
    for (i, v) in seat.vps.iter().enumerate() {
        let vp = i as u8;
        match v.at {
            // BI-BUS-4: VPs in a region at war stay unless their owner holds the Prize.
            Spot::Region(r) if ctx::may_leave(t, p, i) => {
                if v.black > 0 {
                    for attr in [Attr::Corruption, Attr::Crime] {
                        if aim::launders(c, t, p, r, attr) {
                            out(Action::Launder { vp, attr });
                        }
                    }
                }
                if ctx::sellable(c, t, p, r) {
                    out(Action::Sell(vp));
                }
            }
            Spot::Square(_) => out(Action::Campaign(vp)),
            _ => {}
        }
    }
    // BI-BUYVP-1, BI-RULING-1: a new VP is paid in Billions.
    if seat.has_at(Spot::Supply) && seat.billions >= u32::from(c.board.prices.vp) {
        out(Action::BuyVp);
    }
    if !t.holds_prize(p) && seat.goodwill >= u32::from(c.board.prices.prize) {
        out(Action::BuyPrize);
    }
    out(Action::Pass);
}

/// Applies a legal action of the player whose action turn it is.
pub fn apply(
    c: &Content,
    t: &mut Table,
    p: Player,
    action: Action,
    rng: &mut impl Chance,
    events: &mut impl EventSink<Event>,
) {
    let deal = |t: &mut Table, f: &dyn Fn(&mut Deal)| {
        if let Some(Step::Business { deal, .. }) = t.stack.top_mut() {
            f(deal);
        }
    };
    match action {
        Action::Gift(to) => {
            deal(t, &|d| d.gift = true);
            t.stack.push(Step::Gift { from: p, to });
        }
        Action::Commission(to) => {
            deal(t, &|d| d.commission = true);
            deal::offer(t, p, to);
        }
        Action::Effort { attr, level } => {
            deal(t, &|d| d.closed = true);
            buy_effort(c, t, p, attr, level, events);
        }
        Action::Card(k) => {
            let seat = &mut t.seats[p];
            seat.hand.remove(k);
            let deed = if c.cards.card(k).is_business() { Deed::Use(k) } else { Deed::Play(k) };
            act::begin(c, t, Act::new(p, deed), rng, events);
        }
        Action::Sell(vp) => act::begin(c, t, Act::new(p, Deed::Sell(vp)), rng, events),
        Action::Launder { vp, .. } => {
            let amount = t.seats[p].vps[usize::from(vp)].black;
            t.seats[p].vps[usize::from(vp)].black = 0;
            events.emit(Visibility::PUBLIC, Event::Laundered { player: p, vp, amount });
            ctx::to_lounge(t, p, usize::from(vp), events);
            ctx::billions(t, p, i64::from(amount), events);
            round::end_turn(t, true);
        }
        Action::Campaign(vp) => {
            let Spot::Square(q) = t.seats[p].vps[usize::from(vp)].at else { return };
            let gain = campaign_yield(c, t, q);
            events.emit(Visibility::PUBLIC, Event::Campaign { player: p, vp, goodwill: gain });
            ctx::to_lounge(t, p, usize::from(vp), events);
            ctx::goodwill(t, p, gain as i32, events);
            round::end_turn(t, true);
        }
        Action::BuyVp => {
            let Some(i) = t.seats[p].first_at(Spot::Supply) else { return };
            ctx::pay(t, p, u32::from(c.board.prices.vp), 0, events);
            t.seats[p].vps[i] = Vp::LOUNGE;
            events.emit(Visibility::PUBLIC, Event::BoughtVp { player: p, vp: i as u8 });
            round::end_turn(t, true);
        }
        Action::BuyPrize => {
            let price = u32::from(c.board.prices.prize);
            ctx::pay(t, p, price, price, events);
            t.halo = Some(p);
            t.stats.prizes = t.stats.prizes.saturating_add(1);
            events.emit(Visibility::PUBLIC, Event::BoughtPrize { player: p });
            events.emit(Visibility::PUBLIC, Event::Halo { player: Some(p) });
            round::end_turn(t, true);
        }
        Action::Pass => {
            events.emit(Visibility::PUBLIC, Event::Passed { player: p });
            round::end_turn(t, false);
        }
        _ => {}
    }
}
