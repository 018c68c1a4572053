//! The rules of play on the flow kit: set-up (BI-SETUP-1..5), the five phases of a game turn as the
//! bottom step of the stack (BI-TURN-1), the decisions pushed on top of it, the starting player
//! moving left (BI-TURN-2), and the end (BI-END-1, BI-END-2).

use arrayvec::ArrayVec;
use worlds_engine::flow::{self, Progress, Round, Stack};
use worlds_engine::program::Cursor;
use worlds_engine::secret::Secret;
use worlds_engine::{ByPlayer, Chance, EventSink, Player, PlayerSet, Visibility};

use crate::act;
use crate::action::Action;
use crate::business;
use crate::card::CardSet;
use crate::content::Content;
use crate::deal;
use crate::draw;
use crate::event::Event;
use crate::place;
use crate::state::{Deal, Ending, Phase, Seat, State, Step, Table, VPS, Vp};
use crate::war;

/// A new game (BI-SETUP-1..5).
pub fn start(c: &Content, players: usize, rng: &mut impl Chance, events: &mut impl EventSink<Event>) -> State {
    // BI-SETUP-2: plans by the config or a seeded draw.
    let plans: ArrayVec<u8, { crate::plan::PLANS }> = match &c.assigned {
        Some(list) => list.iter().copied().collect(),
        None => {
            let mut all: ArrayVec<u8, { crate::plan::PLANS }> = (0..crate::plan::PLANS as u8).collect();
            for i in (1..all.len()).rev() {
                let j = rng.pick(i as u32 + 1) as usize;
                all.swap(i, j);
            }
            all.truncate(players);
            all
        }
    };
    let s = c.board.start;
    let seats = ByPlayer::from_fn(plans.len(), |p| {
        let plan = plans[p.index()];
        let mut vps = [Vp::SUPPLY; VPS];
        // BI-SETUP-3: the starting VPs in the VIP Lounge, the rest in the supply.
        for v in vps.iter_mut().take(usize::from(s.vps)) {
            *v = Vp::LOUNGE;
        }
        events.emit(Visibility::PUBLIC, Event::Plan { player: p, plan });
        Seat {
            plan,
            attrs: c.plans.get(plan).attrs,
            billions: s.billions,
            goodwill: s.goodwill,
            vps,
            ..Seat::default()
        }
    });
    // BI-SETUP-5.
    let first = c.first.unwrap_or_else(|| Player::from_index(rng.pick(players as u32) as usize));
    events.emit(Visibility::PUBLIC, Event::Sign { player: first });
    let mut t = Table {
        turn: 1,
        start: first,
        seats,
        stuff: std::array::from_fn(|r| c.board.regions[r].stuff),
        deck: c.cards.all(),
        events: CardSet::first_n(c.cards.events.len()),
        choices: Secret::new(players),
        ..Table::default()
    };
    events.emit(Visibility::PUBLIC, Event::Turn { turn: 1, start: first });
    set_phase(&mut t, Phase::Draw, events);
    let mut st = State { t };
    advance(c, &mut st.t, rng, events);
    st
}

/// Begins a phase.
fn set_phase(t: &mut Table, phase: Phase, events: &mut impl EventSink<Event>) {
    events.emit(Visibility::PUBLIC, Event::Phase { phase });
    t.stack = Stack::new();
    let step = match phase {
        // BI-DRAW-4, BI-PLACE-1: everyone chooses in secret.
        Phase::Draw | Phase::Place => {
            t.open_choices(PlayerSet::first_n(t.players()));
            if phase == Phase::Draw { Step::Draw } else { Step::Lift }
        }
        // The event is revealed by `advance`.
        Phase::Events => Step::Events { event: u8::MAX, cursor: Cursor::default() },
        Phase::War => Step::War { done: 0 },
        Phase::Business => {
            // BI-BUS-1: every Business Opportunity is upright again.
            for seat in t.seats.values_mut() {
                seat.sideways = CardSet::EMPTY;
            }
            t.proposed = [CardSet::EMPTY; crate::state::SEATS];
            let round = Round::new(t.start, PlayerSet::first_n(t.players()));
            Step::Business { round, deal: Deal::default() }
        }
    };
    t.stack.push(step);
}

/// Runs every step that needs no decision, until someone must decide or the game is over.
pub fn advance(c: &Content, t: &mut Table, rng: &mut impl Chance, events: &mut impl EventSink<Event>) {
    flow::advance(|| step(c, t, rng, events));
}

/// The next step nobody decides, if any: whether the flow goes on, waits for a decision or is over.
#[inline]
fn step(c: &Content, t: &mut Table, rng: &mut impl Chance, events: &mut impl EventSink<Event>) -> Progress {
    if t.over.is_some() {
        return Progress::Over;
    }
    // The stack is empty only once the game is over.
    let Some(&top) = t.stack.top() else { return Progress::Over };
    match top {
        Step::Draw | Step::Lift if !t.choices.waiting(PlayerSet::first_n(t.players())).is_empty() => {
            return Progress::Decide;
        }
        Step::Draw => {
            draw::reveal(c, t, rng, events);
            set_phase(t, Phase::Place, events);
        }
        Step::Lift => {
            place::reveal_lifts(t, events);
            t.stack.replace_top(Step::Place { turn: 0 });
        }
        Step::Place { turn } => {
            if usize::from(turn) >= 2 * t.players() {
                set_phase(t, Phase::Events, events);
                return Progress::Continue;
            }
            let (p, _) = place::placer(t, turn);
            if t.seats[p].has_at(crate::state::Spot::Lifted) {
                return Progress::Decide;
            }
            t.stack.replace_top(Step::Place { turn: turn + 1 });
        }
        Step::Battle(b) => {
            if b.revealed.is_some() || !place::choosing(t, &b).is_empty() {
                return Progress::Decide;
            }
            place::reveal_battle(t, events);
        }
        Step::Events { event, mut cursor } => {
            let event = if event == u8::MAX { war::reveal(t, rng, events) } else { event };
            if war::run_event(c, t, event, &mut cursor, None, rng, events) {
                set_phase(t, Phase::War, events);
            } else {
                t.stack.replace_top(Step::Events { event, cursor });
                return Progress::Decide;
            }
        }
        Step::War { done } => {
            let pending = war::pending(t, done);
            if pending == 0 {
                set_phase(t, Phase::Business, events);
            } else if pending.count_ones() == 1 {
                war::open(t, pending.trailing_zeros() as u8, rng, events);
            } else {
                // BI-WAR-1: the starting player chooses the order.
                return Progress::Decide;
            }
        }
        Step::Window(w) => {
            if war::asked(c, t, &w).is_some() {
                return Progress::Decide;
            }
            t.stack.pop();
            if let Some(Step::War { done }) = t.stack.top_mut() {
                *done |= 1 << w.region;
            }
            war::result(c, t, w, events);
        }
        Step::Business { round, .. } => {
            if !round.is_closed() {
                return Progress::Decide;
            }
            end_of_turn(c, t, events);
        }
        Step::Effort { .. } | Step::Gift { .. } | Step::Commission(_) | Step::Act(_) => return Progress::Decide,
    }
    Progress::Continue
}

/// BI-END-1, BI-END-2, BI-TURN-2: after the Business phase, the game ends on the money target or the
/// turn cap; otherwise the player to the left becomes the starting player and a turn begins.
fn end_of_turn(c: &Content, t: &mut Table, events: &mut impl EventSink<Event>) {
    for seat in t.seats.values_mut() {
        seat.bonus = [0; 4];
    }
    let ending = if t.seats.values().any(|s| s.billions >= c.target) {
        Some(Ending::Money)
    } else if t.turn >= c.turn_cap {
        Some(Ending::TurnCap)
    } else {
        None
    };
    if let Some(ending) = ending {
        t.over = Some(ending);
        t.stack = Stack::new();
        events.emit(Visibility::PUBLIC, Event::GameOver { ending });
        return;
    }
    t.turn += 1;
    t.start = t.start.next(t.players());
    events.emit(Visibility::PUBLIC, Event::Turn { turn: t.turn, start: t.start });
    set_phase(t, Phase::Draw, events);
}

/// Applies a legal action of a player who decides.
pub fn apply(
    c: &Content,
    s: &mut State,
    player: Player,
    action: Action,
    rng: &mut impl Chance,
    events: &mut impl EventSink<Event>,
) {
    let t = &mut s.t;
    match (t.stack.top().copied(), action) {
        // A hidden choice is made: the others see only that (BI-DRAW-4, BI-PLACE-1).
        (Some(Step::Draw | Step::Lift), Action::Done) => {
            t.choices.finish(player);
            events.emit(Visibility::PUBLIC, Event::Chose { player });
        }
        (Some(Step::Draw), _) => draw::apply(c, t, player, action, events),
        (Some(Step::Lift), _) => place::lift_apply(t, player, action, events),
        (Some(Step::Place { .. }), _) => place::apply(c, t, player, action, events),
        (Some(Step::Battle(_)), _) => place::battle_apply(t, player, action, events),
        (Some(Step::Events { event, mut cursor }), _) => {
            if war::run_event(c, t, event, &mut cursor, Some(action), rng, events) {
                set_phase(t, Phase::War, events);
            } else {
                t.stack.replace_top(Step::Events { event, cursor });
            }
        }
        (Some(Step::War { .. }), Action::Region(r)) => war::open(t, r, rng, events),
        (Some(Step::Window(_)), _) => war::window_apply(c, t, player, action, rng, events),
        (Some(Step::Business { .. }), _) => business::apply(c, t, player, action, rng, events),
        (Some(Step::Effort { .. }), Action::Goodwill(g)) => business::effort_paid(c, t, g, events),
        (Some(Step::Commission(_)), _) => deal::apply(c, t, action, rng, events),
        (Some(Step::Gift { .. }), Action::Amount(a)) => deal::give(t, a, events),
        (Some(Step::Act(_)), _) => act::apply(c, t, action, rng, events),
        _ => {}
    }
    advance(c, t, rng, events);
}
