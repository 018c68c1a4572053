//! Phase 4 (WD-FLIP, WD-ORDER-1): the placed cards are turned and checked, the order track is set,
//! and the cards act one at a time in ascending number, each a program of the kit's runner
//! (`effects.rs` says what its steps do); disarmaments go to the peace track (WD-PEACE).

use arrayvec::ArrayVec;
use worlds_engine::program::{Cursor, Run, run};
use worlds_engine::{EventSink, Player, PlayerSet, Visibility};

use crate::action::Action;
use crate::card::{CardNo, Kind};
use crate::content::Content;
use crate::ctx::{self, Map, Track};
use crate::effects::Machine;
use crate::event::Event;
use crate::need;
use crate::state::{Acting, Ending, GOAL_SPACE, LEFT, Lying, Step, Table, Token};

/// Where a card of a player lies: a card space (0, 1) or the First Goal (2).
const GOAL: u8 = GOAL_SPACE;

/// The cards of a player in this phase, lowest number first: (number, space).
fn cards_of(t: &Table, p: Player, lying: Lying) -> ArrayVec<(CardNo, u8), 3> {
    let seat = &t.seats[p];
    let mut out = ArrayVec::new();
    for (i, placed) in seat.spaces.iter().enumerate() {
        if let Some(placed) = placed
            && placed.lying == lying
        {
            out.push((placed.card, i as u8));
        }
    }
    if seat.goal_flip == Some(lying)
        && let Some(g) = seat.goal
    {
        out.push((g, GOAL));
    }
    out.sort_unstable();
    out
}

/// WD-FLIP-1, WD-FLIP-2, WD-ORDER-1: turn everything, drop what cannot be funded, reorder.
pub fn flip(c: &Content, t: &mut Table, events: &mut impl EventSink<Event>) {
    let map = Map::new(c, t);
    let two = t.seats.len() == 2;
    for p in Player::all(t.seats.len()) {
        if !t.seats[p].in_game() {
            continue;
        }
        let hidden = cards_of(t, p, Lying::Hidden);
        let mut brown = false;
        for &(card, space) in &hidden {
            if space == GOAL {
                t.seats[p].goal_shown = true;
                events.emit(Visibility::PUBLIC, Event::GoalFlipped { player: p, card });
            } else {
                events.emit(Visibility::PUBLIC, Event::Revealed { player: p, card, right: space == 1 });
                brown |= ctx::is_brown(c, card);
            }
        }
        let seat = &mut t.seats[p];
        // A token that left the game with its nation (WD-ELIM-1) leaves nothing to turn.
        if brown
            && !seat.target_turned
            && (!two || seat.target == Some(Token::Peace))
            && let Some(token) = seat.target
        {
            seat.target_turned = true;
            events.emit(Visibility::PUBLIC, Event::TargetTurned { player: p, token });
        }
        // WD-FLIP-2: lowest number first, each card funded on top of those before it.
        let mut spent = 0u16;
        let mut bombs = 0usize;
        for &(card, space) in &hidden {
            let cost = funding(c, t, &map, p, card, space, &mut bombs);
            match cost {
                Some(n) if spent + n <= t.seats[p].resources => {
                    spent += n;
                    set_lying(t, p, space, Lying::Waiting);
                }
                _ => unfunded(c, t, p, card, space, events),
            }
        }
    }
    // WD-ORDER-1.
    let before: ArrayVec<Player, 5> = t.order.clone();
    let mut keyed: ArrayVec<(u16, usize, Player), 5> = before
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            let low = cards_of(t, p, Lying::Waiting).first().map_or(u16::MAX, |(n, _)| u16::from(*n));
            (low, i, p)
        })
        .collect();
    keyed.sort_unstable();
    t.order = keyed.iter().map(|k| k.2).collect();
    events.emit(Visibility::PUBLIC, Event::Order { order: t.order.clone() });
}

/// What a card costs at its check (WD-FLIP-2, WD-PEACE-1, WD-GOAL-2), or `None` if its need is unmet.
fn funding(c: &Content, t: &Table, map: &Map, p: Player, card: CardNo, space: u8, bombs: &mut usize) -> Option<u16> {
    let k = c.cards.get(card)?;
    if disarming(t, p, space) {
        *bombs += 1;
        if usize::from(t.seats[p].markers) < *bombs {
            return None;
        }
        // Only the last disarmament is paid: the difference to the one before (WD-PEACE-3).
        let now = need::peace_cost(t, *bombs)?;
        let before = if *bombs > 1 { need::peace_cost(t, *bombs - 1)? } else { 0 };
        return Some(now - before);
    }
    need::price(c, t, map, p, k, space == GOAL)
}

/// Whether the card on `p`'s card space `space` is a disarmament (WD-PEACE-1).
fn disarming(t: &Table, p: Player, space: u8) -> bool {
    space != GOAL && t.seats[p].spaces[usize::from(space)].is_some_and(|pl| pl.peace)
}

fn set_lying(t: &mut Table, p: Player, space: u8, lying: Lying) {
    let seat = &mut t.seats[p];
    if space == GOAL {
        seat.goal_flip = Some(lying);
    } else if let Some(placed) = seat.spaces[usize::from(space)].as_mut() {
        placed.lying = lying;
    }
}

/// WD-FLIP-2, WD-FLIP-4, WD-GOAL-4: a card that cannot be funded is discarded with a fine (a First
/// Goal goes back face down).
fn unfunded(c: &Content, t: &mut Table, p: Player, card: CardNo, space: u8, events: &mut impl EventSink<Event>) {
    remove(c, t, p, card, space);
    ctx::fine(t, p, card, events);
}

/// Takes a card off its space without effect (to its discard pile; a First Goal back face down).
fn remove(c: &Content, t: &mut Table, p: Player, card: CardNo, space: u8) {
    if space == GOAL {
        t.seats[p].goal_flip = None;
    } else {
        t.seats[p].spaces[usize::from(space)] = None;
        ctx::discard(c, t, card);
    }
}

/// The next card to act (WD-FLIP-3, WD-PEACE-5): with 2 players the disarmaments of a Peace choice
/// come first, in player order; then the lowest number of all.
fn next_card(t: &Table) -> Option<(Player, CardNo, u8)> {
    if t.seats.len() == 2 {
        for p in t.in_order() {
            for (card, space) in cards_of(t, p, Lying::Waiting) {
                if disarming(t, p, space) {
                    return Some((p, card, space));
                }
            }
        }
    }
    t.in_order().filter_map(|p| cards_of(t, p, Lying::Waiting).first().map(|&(n, s)| (p, n, s))).min_by_key(|x| x.1)
}

/// Acts the next card. True when one acted to its end (go on); false when none is left or a player
/// must decide.
pub fn next(c: &Content, t: &mut Table, events: &mut impl EventSink<Event>) -> bool {
    let Some((p, card, space)) = next_card(t) else { return false };
    let Some(k) = c.cards.get(card) else {
        remove(c, t, p, card, space);
        return true;
    };
    let (target, peace) = (ctx::target_seat(t, p), disarming(t, p, space));
    // WD-CARD-10: on vacation, only Blue cards and the First Goal are funded; WD-FLIP-5: a Brown
    // card whose target has left the game is unused (a disarmament has no target).
    let vacation = t.seats[p].vacation && space != GOAL && k.kind != Kind::Blue;
    if vacation || (k.kind == Kind::Brown && target.is_none() && !peace) {
        remove(c, t, p, card, space);
        events.emit(Visibility::PUBLIC, Event::Unused { player: p, card });
        return true;
    }
    if peace {
        disarm(c, t, p, card, space, events);
        return true;
    }
    // WD-FLIP-3, WD-FLIP-4, WD-GOAL-2, WD-RULING-5: need and cost again, at its turn.
    match need::price(c, t, &Map::new(c, t), p, k, space == GOAL) {
        Some(n) if n <= t.seats[p].resources => {
            ctx::pay(t, p, n);
            events.emit(Visibility::PUBLIC, Event::Acts { player: p, card, paid: n });
        }
        _ => {
            unfunded(c, t, p, card, space, events);
            return true;
        }
    }
    // A project is the player's from the moment it is funded (WD-CARD-7, WD-GOAL-3).
    if matches!(k.kind, Kind::Blue | Kind::FirstGoal) {
        if space == GOAL {
            t.seats[p].goal_flip = None;
            t.seats[p].goal_done = true;
        } else {
            t.seats[p].spaces[usize::from(space)] = None;
        }
        t.seats[p].projects.insert(card);
        if k.kind == Kind::FirstGoal {
            events.emit(Visibility::PUBLIC, Event::GoalCompleted { player: p, card });
        }
        ctx::gain_vp(c, t, p, u16::from(k.vp), events);
    } else {
        set_lying(t, p, space, Lying::Used);
    }
    let acting =
        Acting { seat: p, card, space, gain: false, cursor: Cursor::default(), left: 0, rest: PlayerSet::EMPTY };
    t.stack.push(Step::Act(acting));
    // Counted once the card is acting: a fall to 3 Popularity (a vacationer attacked, WD-CARD-10)
    // blocks its left card space only after it finished (WD-LEAD-2).
    if let Some(q) = target.filter(|_| k.kind == Kind::Brown) {
        ctx::attacked(c, t, p, q, events);
    }
    match resume(c, t, None, events) {
        Ran::Done(a) => {
            finished(c, t, &a, events);
            true
        }
        Ran::Waiting | Ran::Over => false,
    }
}

/// How far the acting card got.
pub enum Ran {
    /// Its player must decide.
    Waiting,
    /// It acted to its end; the caller finishes it (a card on a card space here, a Dumbness card
    /// in `dumb.rs`).
    Done(Acting),
    /// The game is over.
    Over,
}

/// Answers the acting card's question.
pub fn answer(c: &Content, t: &mut Table, action: Action, events: &mut impl EventSink<Event>) -> Ran {
    resume(c, t, Some(action), events)
}

/// Runs the acting card on (its effect, then its lose/gain), until it waits or is done.
pub fn resume(c: &Content, t: &mut Table, mut answer: Option<Action>, events: &mut impl EventSink<Event>) -> Ran {
    loop {
        let Some(Step::Act(mut a)) = t.stack.top().copied() else { return Ran::Over };
        // A card whose player left the game while it acted stops there (WD-ELIM-1).
        if !t.seats.get(a.seat).is_some_and(|s| s.in_game()) {
            t.stack.pop();
            return Ran::Done(a);
        }
        let Some(program) = c.program(a.card, a.gain) else {
            t.stack.pop();
            return Ran::Done(a);
        };
        // A Branch answer is taken here; other answers go to the machine.
        if let Some(Action::Branch(b)) = answer {
            program.take_branch(&mut a.cursor, usize::from(b));
            answer = None;
        }
        let mut m = Machine::new(c, t, &a, answer.take(), events);
        let outcome = run(program, &mut a.cursor, &mut m);
        a.left = m.left;
        if t.over.is_some() {
            t.stack.pop();
            return Ran::Over;
        }
        match outcome {
            Run::Waiting => {
                t.stack.replace_top(Step::Act(a));
                return Ran::Waiting;
            }
            Run::Finished if !a.gain => {
                a.gain = true;
                a.cursor = Cursor::default();
                a.left = 0;
                t.stack.replace_top(Step::Act(a));
            }
            Run::Finished => {
                t.stack.pop();
                return Ran::Done(a);
            }
        }
    }
}

/// After a card acted: a bomb stays fired on its space (WD-NUKE-4); a card on a blocked left space
/// goes now (WD-LEAD-2: a card in the middle of its turn finishes first).
pub fn finished(c: &Content, t: &mut Table, a: &Acting, events: &mut impl EventSink<Event>) {
    let p = a.seat;
    if a.space == GOAL {
        return;
    }
    let i = usize::from(a.space);
    if c.cards.get(a.card).is_some_and(|k| k.is_nuclear_bomb())
        && let Some(placed) = t.seats[p].spaces[i].as_mut()
    {
        placed.lying = Lying::Fired(t.round.saturating_add(1));
    }
    let seat = &t.seats[p];
    if i == LEFT && (seat.ego <= 3 || seat.popularity <= 3) && seat.in_game() {
        ctx::blocked_left(c, t, p, events);
    }
}

/// WD-PEACE-1..4, WD-END-2: a Nuclear Bomb with the Peace target goes to the peace track.
fn disarm(c: &Content, t: &mut Table, p: Player, card: CardNo, space: u8, events: &mut impl EventSink<Event>) {
    let spot = t.peace.iter().position(Option::is_none);
    let seat = &t.seats[p];
    let cost = spot.map(|s| {
        let full = need::spot_cost(s);
        // WD-PEACE-3: the second of a round pays only what its spot costs beyond the first.
        let before = t.peace.iter().enumerate().filter(|(_, x)| x.is_some_and(|(q, _)| q == p)).map(|(i, _)| i).max();
        match before {
            Some(b) if seat.disarmed => full.saturating_sub(need::spot_cost(b)),
            _ => full,
        }
    });
    match (spot, cost) {
        (Some(s), Some(n)) if seat.markers > 0 && n <= seat.resources => {
            ctx::pay(t, p, n);
            t.seats[p].markers -= 1;
            t.seats[p].spaces[usize::from(space)] = None;
            t.peace[s] = Some((p, card));
            events.emit(Visibility::PUBLIC, Event::Disarmed { player: p, card, spot: s as u8 + 1, paid: n });
            if !t.seats[p].disarmed {
                t.seats[p].disarmed = true;
                ctx::change_track(c, t, p, Track::Popularity, 1, events);
            }
            if t.peace.iter().all(Option::is_some) && t.over.is_none() {
                t.over = Some(Ending::WorldPeace);
                events.emit(Visibility::PUBLIC, Event::GameOver { ending: Ending::WorldPeace });
            }
        }
        _ => unfunded(c, t, p, card, space, events),
    }
}
