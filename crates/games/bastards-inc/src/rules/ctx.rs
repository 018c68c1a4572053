//! The queries and changes every rule uses: payments and losses (BI-MONEY-1, BI-MONEY-4), VPs sent
//! to the VIP Lounge (BI-BLACK-2), drawing (BI-DRAW-5), attributes (BI-PLAN-1), the rules that
//! keep VPs in regions at war (BI-BUS-4, BI-CARD-4), and the turn order.

use worlds_engine::{Chance, EventSink, Player, PlayerSet, Visibility};

use crate::action::Action;
use crate::attr::Attr;
use crate::board::{MAX_BILLIONS, MAX_GOODWILL};
use crate::card::{CardNo, CardSet};
use crate::content::Content;
use crate::event::Event;
use crate::state::{Seat, Spot, Table, Vp};

/// The seat `k` places clockwise after `p`.
pub fn after(t: &Table, p: Player, k: usize) -> Player {
    Player::from_index((p.index() + k) % t.players())
}

/// Whether `seat` can pay `price` in Billions and Goodwill together (BI-MONEY-1, BI-MONEY-4).
pub fn can_pay(seat: &Seat, price: u32) -> bool {
    seat.billions.saturating_add(seat.goodwill) >= price
}

/// BI-MONEY-1: the Goodwill parts a payer of `price` may choose: from what his Billions cannot
/// cover to what his Goodwill can.
pub fn goodwill_parts(seat: &Seat, price: u32) -> (u32, u32) {
    (price.saturating_sub(seat.billions), price.min(seat.goodwill))
}

/// BI-MONEY-1: the Goodwill parts of `price` its payer may choose, as decisions.
pub fn goodwill_options(seat: &Seat, price: u32, out: &mut impl FnMut(Action)) {
    let (lo, hi) = goodwill_parts(seat, price);
    for g in lo..=hi {
        out(Action::Goodwill(g as u8));
    }
}

/// Pays `price` to the bank, `goodwill` of it in Goodwill (the caller checked the split).
pub fn pay(t: &mut Table, p: Player, price: u32, goodwill: u32, events: &mut impl EventSink<Event>) {
    let seat = &mut t.seats[p];
    let goodwill = goodwill.min(seat.goodwill).min(price);
    let billions = price.saturating_sub(goodwill).min(seat.billions);
    seat.goodwill -= goodwill;
    seat.billions -= billions;
    if price == 0 {
        return;
    }
    events
        .emit(Visibility::PUBLIC, Event::Paid { player: p, billions, goodwill, left: (seat.billions, seat.goodwill) });
}

/// Changes a player's Goodwill, never below 0 (BI-MONEY-4) nor above the most a company holds
/// (BI-RULING-11).
pub fn goodwill(t: &mut Table, p: Player, n: i32, events: &mut impl EventSink<Event>) {
    let seat = &mut t.seats[p];
    let before = seat.goodwill;
    seat.goodwill = (i64::from(before) + i64::from(n)).clamp(0, i64::from(MAX_GOODWILL)) as u32;
    if seat.goodwill != before {
        events.emit(Visibility::PUBLIC, Event::Goodwill { player: p, from: before, to: seat.goodwill });
    }
}

/// Changes a player's Billions, never below 0 (BI-MONEY-4) nor above the most a company holds
/// (BI-RULING-12).
pub fn billions(t: &mut Table, p: Player, n: i64, events: &mut impl EventSink<Event>) {
    let seat = &mut t.seats[p];
    let before = seat.billions;
    seat.billions = i64::from(before).saturating_add(n).clamp(0, i64::from(MAX_BILLIONS)) as u32;
    if seat.billions != before {
        events.emit(Visibility::PUBLIC, Event::Billions { player: p, from: before, to: seat.billions });
    }
}

/// Billions from one player to another (BI-MONEY-3, BI-TRADE-1); what the receiver cannot hold
/// is lost (BI-RULING-12).
pub fn transfer(t: &mut Table, from: Player, to: Player, amount: u32, events: &mut impl EventSink<Event>) {
    let amount = amount.min(t.seats[from].billions);
    t.seats[from].billions -= amount;
    receive(&mut t.seats[to], amount);
    events.emit(Visibility::PUBLIC, Event::Transfer { from, to, amount });
}

/// Billions into a reserve (a gift, a commission, money set aside coming back), up to the most a
/// company holds (BI-RULING-12).
pub fn receive(seat: &mut Seat, amount: u32) {
    seat.billions = seat.billions.saturating_add(amount).min(MAX_BILLIONS);
}

/// Black money onto a VP, up to the most one carries (BI-RULING-12); returns what it received.
pub fn add_black(v: &mut Vp, amount: u32) -> u32 {
    let before = v.black;
    v.black = before.saturating_add(amount).min(MAX_BILLIONS);
    v.black.saturating_sub(before)
}

/// Sets the black money on `p`'s VP `vp` (BI-BLACK-1).
pub fn set_black(t: &mut Table, p: Player, vp: usize, to: u32, events: &mut impl EventSink<Event>) {
    let v = &mut t.seats[p].vps[vp];
    let from = std::mem::replace(&mut v.black, to);
    if from != to {
        events.emit(Visibility::PUBLIC, Event::Black { player: p, vp: vp as u8, from, to });
    }
}

/// Changes an attribute, clamped to 0–6 (BI-PLAN-1).
pub fn attribute(t: &mut Table, p: Player, a: Attr, n: i8, events: &mut impl EventSink<Event>) {
    let v = &mut t.seats[p].attrs[a.index()];
    let before = *v;
    *v = (i16::from(before) + i16::from(n)).clamp(0, 6) as u8;
    if *v != before {
        events.emit(Visibility::PUBLIC, Event::Attribute { player: p, attr: a, from: before, to: *v });
    }
}

/// A VP goes to the VIP Lounge: its black money goes back to the bank (BI-BLACK-2), its entry
/// record is erased (BI-REGION-3).
pub fn to_lounge(t: &mut Table, p: Player, vp: usize, events: &mut impl EventSink<Event>) {
    let v = t.seats[p].vps[vp];
    t.seats[p].vps[vp] = Vp::LOUNGE;
    events.emit(Visibility::PUBLIC, Event::ToLounge { player: p, vp: vp as u8, from: v.at, black: v.black });
}

/// A VP of `p` in a region at war may leave it only by its owner's choice with the Prize
/// (BI-PLACE-6, BI-BUS-4, BI-NOBEL-1).
pub fn may_leave(t: &Table, p: Player, vp: usize) -> bool {
    match t.seats[p].vps[vp].at {
        Spot::Region(r) => !t.at_war(r) || t.holds_prize(p),
        _ => true,
    }
}

/// BI-PLACE-1, BI-PLACE-6, BI-NOBEL-1: whether `p` may lift his VP `vp`: in a region (not at war,
/// unless he holds the Prize) or on a Media square.
pub fn may_lift(t: &Table, p: Player, vp: usize) -> bool {
    matches!(t.seats[p].vps[vp].at, Spot::Region(_) | Spot::Square(_)) && may_leave(t, p, vp)
}

/// BI-DRAW-5: one card from the deck for `p` (the discard pile shuffled in when the deck is
/// empty). Returns false when both are empty.
pub fn draw(t: &mut Table, p: Player, rng: &mut impl Chance, events: &mut impl EventSink<Event>) -> bool {
    if t.deck.is_empty() && !t.discard.is_empty() {
        t.deck = std::mem::take(&mut t.discard);
        events.emit(Visibility::PUBLIC, Event::Reshuffled { events: false });
    }
    let Some(card) = t.deck.draw(rng) else { return false };
    t.seats[p].hand.insert(card);
    events.emit(Visibility::only(p), Event::DrewCard { player: p, card });
    events.emit(Visibility::all_but(p), Event::Drew { player: p });
    true
}

/// The lowest-numbered card of each design in a set: copies of one design are alike, so a choice
/// among a hand offers each design once.
pub fn one_of_each(c: &Content, set: CardSet) -> impl Iterator<Item = CardNo> + '_ {
    let mut seen = CardSet::EMPTY;
    set.iter().filter(move |&k| seen.insert(c.cards.kind_of(k)))
}

/// The players whose VPs stand on a square of a section (journalists, BI-JOURN-1).
pub fn in_section(c: &Content, t: &Table, section: crate::attr::Section) -> PlayerSet {
    let on = |seat: &Seat| c.board.section(section).any(|q| seat.has_at(Spot::Square(q)));
    t.seats.iter().filter(|(_, seat)| on(seat)).map(|(p, _)| p).collect()
}

/// Whether `p` can sell Stuff to region `r` now, VP aside (BI-SELL-1, BI-CRISIS-2): Technology,
/// the cap of 6, no famine.
pub fn sellable(c: &Content, t: &Table, p: Player, r: u8) -> bool {
    t.stuff[usize::from(r)] < 6
        && t.famine & (1 << r) == 0
        && t.seats[p].value(Attr::Technology) >= c.board.region(r).technology
}

/// BI-SELL-2: a sale to `r` is illegal when its Stuff level lies in the grey zone.
pub fn grey(c: &Content, t: &Table, r: u8) -> bool {
    t.stuff[usize::from(r)] >= c.board.region(r).grey_from
}

/// BI-SELL-1: `p` sells Stuff to region `r`: its Income to his reserve, its Stuff +1.
pub fn sell(c: &Content, t: &mut Table, p: Player, r: u8, events: &mut impl EventSink<Event>) {
    let income = u32::from(c.board.region(r).income);
    events.emit(Visibility::PUBLIC, Event::Sold { player: p, region: r, income });
    billions(t, p, i64::from(income), events);
    stuff(t, r, 1, events);
}

/// Changes a region's Stuff level, within 0–6 (BI-BOARD-3).
pub fn stuff(t: &mut Table, r: u8, n: i8, events: &mut impl EventSink<Event>) {
    let s = &mut t.stuff[usize::from(r)];
    let before = *s;
    *s = (i16::from(before) + i16::from(n)).clamp(0, 6) as u8;
    if *s != before {
        events.emit(Visibility::PUBLIC, Event::Stuff { region: r, from: before, to: *s });
    }
}

/// The price of a bonus (BI-EFFORT-5).
pub fn effort_price(c: &Content, level: u8) -> u32 {
    u32::from(c.board.effort[usize::from(level.clamp(1, 3) - 1)])
}
