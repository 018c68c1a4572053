//! The Draw Action cards phase (BI-DRAW-1..5): every player's discards and extra effort, chosen at
//! once and hidden (BI-DRAW-4), then revealed together; then each draws up to his VPs (plus any
//! extra cards bought), from the starting player clockwise.

use worlds_engine::{ByPlayer, Chance, EventSink, Player, Visibility};

use crate::action::Action;
use crate::card::CardSet;
use crate::content::Content;
use crate::ctx;
use crate::event::Event;
use crate::state::{Secret, Stage, Table};

/// The phase begins: everyone chooses.
pub fn begin(t: &mut Table) {
    for seat in t.seats.values_mut() {
        seat.secret = Secret { stage: Stage::Choosing, ..Secret::default() };
    }
}

/// The legal actions of `p`'s hidden choice.
pub fn legal(c: &Content, t: &Table, p: Player, out: &mut impl FnMut(Action)) {
    let seat = &t.seats[p];
    let s = seat.secret;
    match s.stage {
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
            let (lo, hi) = ctx::goodwill_parts(seat, ctx::effort_price(c, s.extra));
            for g in lo..=hi {
                out(Action::Goodwill(g as u8));
            }
        }
        Stage::Idle | Stage::Done => {}
    }
}

/// Applies a step of `p`'s hidden choice: only `p` sees it, the others only that he has chosen.
pub fn apply(c: &Content, t: &mut Table, p: Player, action: Action, events: &mut impl EventSink<Event>) {
    let seat = &mut t.seats[p];
    match action {
        Action::Card(k) => {
            seat.secret.marked.insert(k);
            events.emit(Visibility::only(p), Event::Marked { player: p, card: k });
        }
        Action::Extra(level) => {
            seat.secret.extra = level;
            events.emit(Visibility::only(p), Event::ExtraChosen { player: p, cards: level });
            let (lo, hi) = ctx::goodwill_parts(seat, ctx::effort_price(c, level));
            seat.secret.goodwill = lo as u8;
            if lo < hi {
                seat.secret.stage = Stage::Goodwill;
            }
        }
        Action::Goodwill(g) => {
            seat.secret.goodwill = g;
            seat.secret.stage = Stage::Choosing;
        }
        Action::Done => {
            seat.secret.stage = Stage::Done;
            events.emit(Visibility::PUBLIC, Event::Chose { player: p });
        }
        _ => {}
    }
}

/// Whether every player has chosen.
pub fn all_chosen(t: &Table) -> bool {
    t.seats.values().all(|s| s.secret.stage == Stage::Done)
}

/// The choices are revealed: discards go to the discard pile, extra effort is paid; then each
/// player draws, from the starting player clockwise (BI-DRAW-1..4).
pub fn reveal(c: &Content, t: &mut Table, rng: &mut impl Chance, events: &mut impl EventSink<Event>) {
    let n = t.players();
    let start = t.start;
    let mut extra = ByPlayer::filled(n, 0u8);
    let mut discarded = CardSet::EMPTY;
    for p in start.clockwise_from(n) {
        let s = t.seats[p].secret;
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
        t.seats[p].secret = Secret::default();
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
