//! The rules of play: who decides, what they may do, what happens.

use worlds_engine::flow::Stack;
use worlds_engine::{Decision, EventSink, Outcome, Player, Turn, Visibility};

use crate::action::Take;
use crate::content::Content;
use crate::event::Event;
use crate::state::{State, Step};

pub fn start(c: &Content) -> State {
    State { stones: c.stones, to_move: Player::from_index(0), stack: Stack::with(Step::Take) }
}

pub fn turn(s: &State) -> Turn {
    match s.stack.top() {
        Some(Step::Take) => Turn::Decide(s.to_move),
        None => Turn::Over,
    }
}

pub fn decision(s: &State) -> Decision {
    match s.stack.top() {
        Some(Step::Take) => Decision::new("NIM-TAKE", format!("{} takes 1 to 3 stones", s.to_move)),
        None => Decision::new("NIM-WIN", format!("{} took the last stone and won", s.to_move.next(2))),
    }
}

/// NIM-TAKE: 1 to 3 stones, no more than are left.
pub fn legal_actions(s: &State, p: Player, out: &mut Vec<Take>) {
    if turn(s) == Turn::Decide(p) {
        out.extend((1..=s.stones.min(3)).map(Take));
    }
}

pub fn apply(s: &mut State, p: Player, take: Take, events: &mut impl EventSink<Event>) {
    s.stones = s.stones.saturating_sub(take.0);
    events.emit(Visibility::PUBLIC, Event::Took { player: p, stones: take.0, left: s.stones });
    s.to_move = p.next(2);
    if s.stones == 0 {
        // NIM-WIN: the last stone wins.
        s.stack.pop();
        events.emit(Visibility::PUBLIC, Event::Won { player: p });
    }
}

pub fn outcome(s: &State) -> Option<Outcome> {
    s.stack.is_empty().then(|| Outcome::single_winner(2, s.to_move.next(2)))
}
