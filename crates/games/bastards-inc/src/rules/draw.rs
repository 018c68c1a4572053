//! The Draw Action cards phase (BI-DRAW-1..5): every player's discards and extra effort, chosen at
//! once and hidden (BI-DRAW-4), then revealed together; then each draws up to his VPs (plus any
//! extra cards bought), from the starting player clockwise.

use worlds_engine::{ByPlayer, Chance, EventSink, Player, Visibility};

use crate::action::Action;
use crate::card::CardSet;
use crate::content::Content;
use crate::ctx;
use crate::event::Event;
use crate::state::{Stage, Table};

/// The legal actions of `p`'s hidden choice.
pub fn legal(c: &Content, t: &Table, p: Player, out: &mut impl FnMut(Action)) {
    let seat = &t.seats[p];
    let s = t.choice(p);
    match t.stage(p) {
        Stage::Choosing => {
            for k in ctx::one_of_each(c, seat.hand & !s.marked) {
                out(Action::Card(k));
            }
            if s.extra == 0 {
                for level in 1..=3 {
                    if ctx::can_pay(seat, ctx::effort_price(c, level)) {
                        out(Action::Extra(level));
                    }
                }
            }
            out(Action::Done);
        }
        Stage::Goodwill => {
            ctx::goodwill_options(seat, ctx::effort_price(c, s.extra), out);
        }
        Stage::Idle | Stage::Done => {}
    }
}

/// Applies a step of `p`'s hidden choice: only `p` sees it, the others only that he has chosen.
pub fn apply(c: &Content, t: &mut Table, p: Player, action: Action, events: &mut impl EventSink<Event>) {
    let seat = &t.seats[p];
    let Some(choice) = t.choices.draft_mut(p) else { return };
    match action {
        Action::Card(k) => {
            choice.marked.insert(k);
            events.emit(Visibility::only(p), Event::Marked { player: p, card: k });
        }
        Action::Extra(level) => {
            choice.extra = level;
            events.emit(Visibility::only(p), Event::ExtraChosen { player: p, cards: level });
            let (lo, hi) = ctx::goodwill_parts(seat, ctx::effort_price(c, level));
            choice.goodwill = lo as u8;
            choice.paying = lo < hi;
        }
        Action::Goodwill(g) => {
            choice.goodwill = g;
            choice.paying = false;
        }
        _ => {}
    }
}

/// The choices are revealed: discards go to the discard pile, extra effort is paid; then each
/// player draws, from the starting player clockwise (BI-DRAW-1..4).
pub fn reveal(c: &Content, t: &mut Table, rng: &mut impl Chance, events: &mut impl EventSink<Event>) {
    let n = t.players();
    let start = t.start;
    let mut extra = ByPlayer::filled(n, 0u8);
    let mut discarded = CardSet::EMPTY;
    for p in start.clockwise_from(n) {
        let s = t.choices.take(p).unwrap_or_default();
        if !s.marked.is_empty() {
            t.seats[p].hand -= s.marked;
            discarded |= s.marked;
            events.emit(Visibility::PUBLIC, Event::Discarded { player: p, cards: s.marked });
        }
        if s.extra > 0 {
            events.emit(Visibility::PUBLIC, Event::Extra { player: p, cards: s.extra });
            ctx::pay(t, p, ctx::effort_price(c, s.extra), u32::from(s.goodwill), events);
            extra[p] = s.extra;
        }
    }
    for p in start.clockwise_from(n) {
        let want = t.seats[p].controlled() + usize::from(extra[p]);
        while t.seats[p].hand_size() < want {
            if !ctx::draw(t, p, rng, events) {
                break;
            }
        }
    }
    // BI-RULING-7: this phase's discards reach the discard pile once everyone has drawn.
    t.discard |= discarded;
}
