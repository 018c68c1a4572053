//! The Dumbness cards (WD-SETUP-10, WD-DRAW-2, WD-DUMB, WD-CARD-13): they join the Level decks at
//! set-up, go face down onto the board when drawn, and in phase 3 are turned up and resolve in
//! number order: acting on the players they pick, auctioned, or waiting for a player to qualify.

use worlds_engine::program::Cursor;
use worlds_engine::{Chance, EventSink, Player, PlayerSet, Visibility};

use crate::act;
use crate::action::{Action, RAISES};
use crate::card::{CardNo, Deck, Kind, Pick, Stat};
use crate::content::Content;
use crate::ctx::{self, Map};
use crate::event::Event;
use crate::state::{Acting, BOARD_SPACE, CardSet, Step, Table};

/// WD-SETUP-10: how many Dumbness cards join each deck, by player count.
pub fn per_deck(players: usize) -> usize {
    match players {
        2 => 6,
        3 => 5,
        4 => 4,
        _ => 3,
    }
}

/// WD-SETUP-10, WD-CARD-12: the marked cards (with their linked groups, which the card file keeps
/// marked) join the deck on their backs; then unmarked cards at random, each to the deck with more
/// room left (Level 1 on a tie), until both decks hold their number.
pub fn seed(c: &Content, t: &mut Table, rng: &mut impl Chance, events: &mut impl EventSink<Event>) {
    if c.serious {
        return; // WD-VAR-2
    }
    let want = per_deck(t.seats.len());
    let mut room = [want, want];
    let mut unmarked = CardSet::EMPTY;
    for card in c.cards.deck(Deck::Dumbness) {
        match card.back.and_then(Deck::level) {
            Some(l) if room[l] > 0 => {
                t.decks[l].insert(card.number);
                room[l] -= 1;
            }
            Some(_) => {}
            None => {
                unmarked.insert(card.number);
            }
        }
    }
    while room != [0, 0] && !unmarked.is_empty() {
        let Some(card) = unmarked.draw(rng) else { break };
        let l = if room[1] > room[0] { 1 } else { 0 };
        t.decks[l].insert(card);
        room[l] -= 1;
    }
    t.dumb.added = [(want - room[0]) as u8, (want - room[1]) as u8];
    events.emit(Visibility::PUBLIC, Event::DumbnessAdded { level1: t.dumb.added[0], level2: t.dumb.added[1] });
}

/// Whether a card is a Dumbness card.
pub fn is_dumbness(c: &Content, card: CardNo) -> bool {
    c.cards.get(card).is_some_and(|k| k.kind == Kind::Dumbness)
}

/// WD-DRAW-2: a Dumbness card drawn from `level` goes face down onto the board, seen by nobody.
pub fn drawn(t: &mut Table, p: Player, level: usize, card: CardNo, events: &mut impl EventSink<Event>) {
    t.dumb.down[level].insert(card);
    t.dumb.drawn[level] = t.dumb.drawn[level].saturating_add(1);
    events.emit(Visibility::PUBLIC, Event::DumbnessDrawn { player: p, level: level as u8 + 1 });
}

/// A player's value of a [`Stat`].
pub fn stat(c: &Content, t: &Table, map: &Map, p: Player, s: Stat) -> u16 {
    let seat = &t.seats[p];
    match s {
        Stat::Vp => seat.vp,
        Stat::Ego => u16::from(seat.ego),
        Stat::Popularity => u16::from(seat.popularity),
        Stat::Income => ctx::income(c, t, map, p),
        Stat::Resources => seat.resources,
        Stat::PeaceMarkers => t.peace.iter().flatten().filter(|(q, _)| *q == p).count() as u16,
        Stat::Spaces => u16::from(ctx::owned(c, map, p).0),
        Stat::Units => seat.units.iter().filter(|u| u.on_board()).count() as u16,
        Stat::Base => u16::from(seat.strongest_base()),
    }
}

/// WD-DUMB-7: the players a pick names (players in the game only). Lowest and highest pick one:
/// the earliest in player order among the tied, or nobody with `tie_nobody`.
pub fn picked(c: &Content, t: &Table, pick: Pick, tie_nobody: bool) -> PlayerSet {
    let map = Map::new(c, t);
    let mut set = PlayerSet::EMPTY;
    let mut best: Option<(u16, Player, bool)> = None;
    for p in t.in_order() {
        let v = |s| stat(c, t, &map, p, s);
        match pick {
            Pick::Each => set.insert(p),
            Pick::AtMost(s, n) if v(s) <= u16::from(n) => set.insert(p),
            Pick::AtLeast(s, n) if v(s) >= u16::from(n) => set.insert(p),
            Pick::Lowest(s) | Pick::Highest(s) => {
                let x = v(s);
                let better = |b: u16| if matches!(pick, Pick::Lowest(_)) { x < b } else { x > b };
                match best {
                    Some((b, _, _)) if x == b => best = best.map(|(b, q, _)| (b, q, true)),
                    Some((b, _, _)) if !better(b) => {}
                    _ => best = Some((x, p, false)),
                }
            }
            _ => {}
        }
    }
    if let Some((_, p, tied)) = best
        && !(tied && tie_nobody)
    {
        set.insert(p);
    }
    if tie_nobody && set.len() > 1 {
        return PlayerSet::EMPTY;
    }
    set
}

/// The first seat of a set in player order.
fn first_in(t: &Table, set: PlayerSet) -> Option<Player> {
    t.in_order().find(|&p| set.contains(p))
}

/// Phase 3 (WD-DUMB-1): `next` 0 turns the face-down cards up; then the lowest card on the board
/// numbered `next - 1` or more resolves. Returns the new `next`, or `None` when none is left.
pub fn step(c: &Content, t: &mut Table, next: u8, events: &mut impl EventSink<Event>) -> Option<u8> {
    if next == 0 {
        for l in 0..2 {
            let down = std::mem::take(&mut t.dumb.down[l]);
            for card in down.iter() {
                t.dumb.up.insert(card);
                events.emit(Visibility::PUBLIC, Event::DumbnessTurned { card });
            }
        }
        return Some(1);
    }
    let card = t.dumb.up.iter().find(|&k| k >= next - 1)?;
    resolve(c, t, card, events);
    Some(card.saturating_add(2))
}

/// One Dumbness card on the board resolves (WD-DUMB-2..5, WD-RULING-10).
fn resolve(c: &Content, t: &mut Table, card: CardNo, events: &mut impl EventSink<Event>) {
    let Some(k) = c.cards.get(card) else { return };
    // A rule change in force: the card's action is not complete until it ends (WD-DUMB-5).
    if t.dumb.rules.iter().any(|r| r.card == card) {
        events.emit(Visibility::PUBLIC, Event::DumbnessStays { card });
        return;
    }
    events.emit(Visibility::PUBLIC, Event::DumbnessActs { card });
    if let Some(min) = k.min_bid {
        let out = t.seats.iter().filter(|(_, s)| !s.in_game()).map(|(p, _)| p).collect();
        t.stack.push(Step::Auction { card, price: min.saturating_sub(1), high: None, out, turn: 0 });
        settle_auction(c, t, events);
        return;
    }
    if let Some(pending) = k.pending {
        let mut who = picked(c, t, pending.pick, pending.tie_nobody);
        // A "most" or "least" of nothing wins nothing (Nobel Peace Prize: nobody with no marker).
        if let Pick::Highest(s) = pending.pick {
            let map = Map::new(c, t);
            if first_in(t, who).is_some_and(|p| stat(c, t, &map, p, s) == 0) {
                who = PlayerSet::EMPTY;
            }
        }
        match first_in(t, who) {
            Some(p) => win(c, t, card, p, 0, events),
            None => events.emit(Visibility::PUBLIC, Event::DumbnessStays { card }),
        }
        return;
    }
    let set = picked(c, t, k.players, false);
    match first_in(t, set) {
        Some(p) => act_on(c, t, card, p, set.without(p), events),
        None => done(t, card, events),
    }
}

/// Runs a Dumbness card's steps on `p`, with the seats in `rest` after them.
fn act_on(c: &Content, t: &mut Table, card: CardNo, p: Player, rest: PlayerSet, events: &mut impl EventSink<Event>) {
    let acting = Acting { seat: p, card, space: BOARD_SPACE, gain: false, cursor: Cursor::default(), left: 0, rest };
    t.stack.push(Step::Act(acting));
    if let act::Ran::Done(a) = act::resume(c, t, None, events) {
        finished(c, t, &a, events);
    }
}

/// After a Dumbness card's steps acted on one player: on to the next, or the card is done (it
/// stays while its rule change is in force; a won card is already owned).
pub fn finished(c: &Content, t: &mut Table, a: &Acting, events: &mut impl EventSink<Event>) {
    if t.seats.get(a.seat).is_some_and(|s| s.projects.contains(a.card)) {
        return;
    }
    let rest = a.rest.intersection(t.in_game());
    if let Some(p) = first_in(t, rest) {
        act_on(c, t, a.card, p, rest.without(p), events);
        return;
    }
    if t.dumb.rules.iter().any(|r| r.card == a.card) {
        events.emit(Visibility::PUBLIC, Event::DumbnessStays { card: a.card });
    } else if t.dumb.up.contains(a.card) {
        done(t, a.card, events);
    }
}

fn done(t: &mut Table, card: CardNo, events: &mut impl EventSink<Event>) {
    t.dumb.up.remove(card);
    t.dumb.spent.insert(card);
    events.emit(Visibility::PUBLIC, Event::DumbnessDone { card });
}

/// WD-DUMB-4: `p` takes the card beside their leaderboard, pays, scores its VP, and its steps act
/// on them.
fn win(c: &Content, t: &mut Table, card: CardNo, p: Player, price: u8, events: &mut impl EventSink<Event>) {
    ctx::pay(t, p, u16::from(price));
    t.dumb.up.remove(card);
    t.seats[p].projects.insert(card);
    events.emit(Visibility::PUBLIC, Event::DumbnessWon { player: p, card, price });
    let vp = c.cards.get(card).map_or(0, |k| u16::from(k.vp));
    ctx::gain_vp(c, t, p, vp, events);
    if t.over.is_none() {
        act_on(c, t, card, p, PlayerSet::EMPTY, events);
    }
}

/// WD-DUMB-3: the raises the player to bid may make now.
pub fn raises(t: &Table, f: &mut impl FnMut(Action)) {
    let Some(&Step::Auction { price, turn, .. }) = t.stack.top() else { return };
    let Some(&p) = t.order.get(usize::from(turn)) else { return };
    for r in RAISES {
        if u16::from(price) + u16::from(r) <= t.seats[p].resources {
            f(Action::Raise(r));
        }
    }
    f(Action::Pass);
}

/// Who bids now in the auction on top of the stack.
pub fn bidder(t: &Table) -> Option<Player> {
    match t.stack.top() {
        Some(&Step::Auction { turn, .. }) => t.order.get(usize::from(turn)).copied(),
        _ => None,
    }
}

/// Applies a bid or a pass.
pub fn apply(c: &Content, t: &mut Table, action: Action, events: &mut impl EventSink<Event>) {
    let Some(&Step::Auction { card, price, high, out, turn }) = t.stack.top() else { return };
    let Some(&p) = t.order.get(usize::from(turn)) else { return };
    let (price, high, out) = match action {
        Action::Raise(r) => {
            let price = price.saturating_add(r);
            events.emit(Visibility::PUBLIC, Event::Bid { player: p, card, price });
            (price, Some(p), out)
        }
        _ => {
            events.emit(Visibility::PUBLIC, Event::Passed { player: p, card });
            (price, high, out.with(p))
        }
    };
    t.stack.replace_top(Step::Auction { card, price, high, out, turn: turn + 1 });
    settle_auction(c, t, events);
}

/// Moves the auction on to the next player who can decide, passing for those who cannot raise,
/// and ends it when all others passed after the highest bid or everyone passed (WD-DUMB-3).
fn settle_auction(c: &Content, t: &mut Table, events: &mut impl EventSink<Event>) {
    for _ in 0..64 {
        let Some(&Step::Auction { card, price, high, out, turn }) = t.stack.top() else { return };
        let n = t.order.len() as u8;
        let turn = if turn >= n { 0 } else { turn };
        let p = t.order[usize::from(turn)];
        let everyone_out = t.order.iter().all(|&q| out.contains(q));
        if high == Some(p) || everyone_out {
            t.stack.pop();
            match high {
                Some(high) => win(c, t, card, high, price, events),
                None => events.emit(Visibility::PUBLIC, Event::DumbnessStays { card }),
            }
            return;
        }
        if out.contains(p) {
            t.stack.replace_top(Step::Auction { card, price, high, out, turn: turn + 1 });
            continue;
        }
        // A player who cannot afford the smallest raise passes (WD-RULING-2).
        if u16::from(price) + 1 > t.seats[p].resources {
            events.emit(Visibility::PUBLIC, Event::Passed { player: p, card });
            t.stack.replace_top(Step::Auction { card, price, high, out: out.with(p), turn: turn + 1 });
            continue;
        }
        t.stack.replace_top(Step::Auction { card, price, high, out, turn });
        return;
    }
}

/// Phase 7: rule changes whose time is up end, and their cards go to the Dumbness discard pile.
pub fn end_of_round(t: &mut Table, events: &mut impl EventSink<Event>) {
    let round = t.round;
    let mut ended = CardSet::EMPTY;
    t.dumb.rules.retain(|r| {
        if r.until <= round {
            ended.insert(r.card);
        }
        r.until > round
    });
    for card in ended.iter() {
        if !t.dumb.rules.iter().any(|r| r.card == card) {
            events.emit(Visibility::PUBLIC, Event::RuleEnds { card });
            if t.dumb.up.contains(card) {
                done(t, card, events);
            }
        }
    }
}
