//! The flow kit: the turn machinery every game is built from.
//!
//! - [`Stack`]: the pending rule steps of a game, part of its state. A game pushes steps (resolve
//!   a card, ask a retreat, run an auction, settle a raid); the top step decides who acts and what
//!   is legal; a finished step is popped and the one below carries on.
//! - [`Round`]: priority passing clockwise until every player has passed in succession, for
//!   response windows (play onto the stack or pass; the stack then resolves last in, first out),
//!   "until all pass" business rounds, and auctions (where a pass leaves the round).
//! - [`Each`]: an "each player, clockwise" step in progress, one player and one piece at a time.
//! - [`advance`]: runs the steps nobody decides, one [`Progress`] at a time, until someone must
//!   decide or the game is over.
//! - Card programs live in [`crate::program`]; forced decisions in [`crate::forced`].
//!
//! ```
//! use worlds_engine::flow::{Round, Stack};
//! use worlds_engine::{Player, PlayerSet};
//!
//! #[derive(Clone, Copy, PartialEq, Eq, Debug)]
//! enum Step { Turn, Window(Round) }
//!
//! let p = Player::from_index;
//! let mut stack: Stack<Step, 4> = Stack::with(Step::Turn);
//! // P1 acts; a response window opens with P2 holding priority.
//! stack.push(Step::Window(Round::new(p(1), PlayerSet::first_n(3))));
//! let Some(Step::Window(round)) = stack.top_mut() else { unreachable!() };
//! round.pass(); // P2 passes
//! round.pass(); // P3 passes
//! assert_eq!(round.holder(), Some(p(0)));
//! round.pass(); // P1 passes: everyone has passed in succession
//! assert!(round.is_closed());
//! stack.pop();
//! assert_eq!(stack.top(), Some(&Step::Turn));
//! ```

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use smallvec::SmallVec;

use crate::player::{Player, PlayerSet};

/// The pending rule steps of a game, bottom first: part of the state, so it is saved, loaded
/// (checked) and cloned with it. `N` is the deepest the game's rules nest: those steps live in the
/// state itself, so play never allocates, and a saved position deeper than that is refused. Should
/// a game's rules ever nest deeper, the step spills to the heap rather than being lost: pushing
/// never fails.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Stack<S, const N: usize> {
    steps: SmallVec<[S; N]>,
}

impl<S, const N: usize> Default for Stack<S, N> {
    fn default() -> Stack<S, N> {
        Stack { steps: SmallVec::new() }
    }
}

impl<S, const N: usize> Stack<S, N> {
    /// The steps the stack holds without allocating.
    pub const INLINE: usize = N;

    /// An empty stack.
    pub fn new() -> Stack<S, N> {
        Stack::default()
    }

    /// A stack holding one step.
    pub fn with(bottom: S) -> Stack<S, N> {
        let mut s = Stack::new();
        s.push(bottom);
        s
    }

    /// Puts a step on top.
    pub fn push(&mut self, step: S) {
        self.steps.push(step);
    }

    /// Takes the top step off.
    pub fn pop(&mut self) -> Option<S> {
        self.steps.pop()
    }

    /// Replaces the top step (pushes onto an empty stack), returning the old one.
    pub fn replace_top(&mut self, step: S) -> Option<S> {
        match self.steps.last_mut() {
            Some(top) => Some(std::mem::replace(top, step)),
            None => {
                self.push(step);
                None
            }
        }
    }

    /// The step that decides now.
    pub fn top(&self) -> Option<&S> {
        self.steps.last()
    }

    pub fn top_mut(&mut self) -> Option<&mut S> {
        self.steps.last_mut()
    }

    /// The step everything else was pushed onto (e.g. the phase of the turn).
    pub fn bottom(&self) -> Option<&S> {
        self.steps.first()
    }

    pub fn bottom_mut(&mut self) -> Option<&mut S> {
        self.steps.first_mut()
    }

    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    pub fn clear(&mut self) {
        self.steps.clear();
    }

    /// The steps, bottom first.
    pub fn iter(&self) -> std::slice::Iter<'_, S> {
        self.steps.iter()
    }

    pub fn as_slice(&self) -> &[S] {
        &self.steps
    }
}

impl<S: fmt::Debug, const N: usize> fmt::Debug for Stack<S, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.steps.iter()).finish()
    }
}

impl<S: Serialize, const N: usize> Serialize for Stack<S, N> {
    fn serialize<Z: Serializer>(&self, s: Z) -> Result<Z::Ok, Z::Error> {
        s.collect_seq(self.steps.iter())
    }
}

impl<'de, S: Deserialize<'de>, const N: usize> Deserialize<'de> for Stack<S, N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Stack<S, N>, D::Error> {
        let steps = Vec::<S>::deserialize(d)?;
        let len = steps.len();
        if len > N {
            return Err(serde::de::Error::custom(format!("{len} pending steps; at most {N} can be pending")));
        }
        Ok(Stack { steps: steps.into_iter().collect() })
    }
}

/// Priority passing clockwise among some seats until every one of them has passed in succession.
///
/// - A response window: whoever holds priority plays a card onto the stack ([`Round::acted`]) or
///   passes ([`Round::pass`]); either way priority goes to the next seat. The window closes when
///   every seat, the one who played the top card included, has passed since that card was played;
///   the stack then resolves last in, first out.
/// - A business round ("until all pass in succession"): an action starts the count again, a pass
///   adds one; a player who passed may act again at their next turn.
/// - An auction: a pass leaves the round for good ([`Round::leave`]).
///
/// Seats that pass without being asked (an empty hand, a standing pass) are skipped with
/// [`Round::skip`], and their passes count.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    /// Who holds priority now (meaningless once closed).
    holder: Player,
    /// The seats taking part.
    seats: PlayerSet,
    /// The seats that have passed since the last action.
    passed: PlayerSet,
}

impl Round {
    /// A round among `seats` in which `first` holds priority first (if `first` is not taking part,
    /// the next seat clockwise that is).
    pub fn new(first: Player, seats: PlayerSet) -> Round {
        let mut r = Round { holder: first, seats, passed: PlayerSet::EMPTY };
        if !seats.contains(first) {
            r.holder = r.after(first);
        }
        r
    }

    /// Who holds priority, or `None` once the round is closed.
    pub fn holder(&self) -> Option<Player> {
        (!self.is_closed()).then_some(self.holder)
    }

    pub fn seats(&self) -> PlayerSet {
        self.seats
    }

    /// The seats that have passed since the last action.
    pub fn passed(&self) -> PlayerSet {
        self.passed
    }

    /// Every seat has passed in succession since the last action (or no seat takes part).
    pub fn is_closed(&self) -> bool {
        self.passed.iter().filter(|p| self.seats.contains(*p)).count() == self.seats.len()
    }

    /// The seat before `p` (counterclockwise) that takes part (`p` itself if it is the only one).
    fn before(&self, p: Player) -> Player {
        let mut q = p;
        for _ in 0..crate::player::MAX_PLAYERS {
            q = Player::from_index((q.index() + crate::player::MAX_PLAYERS - 1) % crate::player::MAX_PLAYERS);
            if self.seats.contains(q) {
                return q;
            }
        }
        p
    }

    /// The next seat clockwise after `p` that takes part (`p` itself if it is the only one).
    fn after(&self, p: Player) -> Player {
        let mut q = p;
        for _ in 0..crate::player::MAX_PLAYERS {
            q = Player::from_index((q.index() + 1) % crate::player::MAX_PLAYERS);
            if self.seats.contains(q) {
                return q;
            }
        }
        p
    }

    /// The holder acted (played onto the stack, took an action): everyone must pass again, and
    /// priority goes to the next seat.
    pub fn acted(&mut self) {
        self.passed = PlayerSet::EMPTY;
        self.holder = self.after(self.holder);
    }

    /// The holder passed; priority goes to the next seat. Returns whether the round is now closed.
    pub fn pass(&mut self) -> bool {
        self.passed.insert(self.holder);
        if !self.is_closed() {
            self.holder = self.after(self.holder);
        }
        self.is_closed()
    }

    /// Seats in `auto` pass without being asked, from the holder on, until a seat not in `auto`
    /// holds priority or the round closes. Returns whether it is closed.
    pub fn skip(&mut self, auto: PlayerSet) -> bool {
        for _ in 0..=self.seats.len() {
            if self.is_closed() || !auto.contains(self.holder) {
                break;
            }
            self.passed.insert(self.holder);
            if !self.is_closed() {
                self.holder = self.after(self.holder);
            }
        }
        self.is_closed()
    }

    /// `p` leaves the round (an auction's pass); if `p` held priority it goes to the next seat.
    pub fn leave(&mut self, p: Player) {
        let next = self.after(p);
        self.seats.remove(p);
        self.passed.remove(p);
        if self.holder == p {
            self.holder = next;
        }
    }

    /// Checks a round read from a saved position: the holder takes part and has not passed.
    ///
    /// # Errors
    /// What is inconsistent.
    pub fn check(&self, players: usize) -> Result<(), String> {
        if self.seats.iter().chain(self.passed.iter()).any(|p| p.index() >= players) {
            return Err(format!("a seat of the round does not exist in a {players}-player game"));
        }
        if self.passed.iter().any(|p| !self.seats.contains(p)) {
            return Err("a seat that passed does not take part in the round".into());
        }
        if !self.is_closed() && (!self.seats.contains(self.holder) || self.passed.contains(self.holder)) {
            return Err(format!("{} holds priority but does not take part or has passed", self.holder));
        }
        // Passes go clockwise: the seats that passed are the ones just before the holder.
        if !self.is_closed() {
            let mut q = self.holder;
            for _ in 0..self.passed.len() {
                q = self.before(q);
                if !self.passed.contains(q) {
                    return Err(format!(
                        "{q} is between the seats that passed and {}, but has not passed",
                        self.holder
                    ));
                }
            }
        }
        Ok(())
    }
}

/// An "each player, clockwise" step in progress: the player being handled, how much is left for
/// them (pieces to gain, lose or move), and the players still to handle after them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Each {
    pub current: Player,
    pub left: u8,
    pub rest: PlayerSet,
}

impl Each {
    /// Starts with the first player of `set`, clockwise from `from` (who comes first if in the
    /// set), that has something to do (`left(p) > 0`); `None` when nobody has.
    pub fn first(from: Player, players: usize, set: PlayerSet, left: impl FnMut(Player) -> u8) -> Option<Each> {
        Each::pick(from, players, set, left)
    }

    /// The current player is done: the next of the rest, clockwise from `from`, with something to
    /// do.
    pub fn next(self, from: Player, players: usize, left: impl FnMut(Player) -> u8) -> Option<Each> {
        Each::pick(from, players, self.rest, left)
    }

    fn pick(from: Player, players: usize, mut set: PlayerSet, mut left: impl FnMut(Player) -> u8) -> Option<Each> {
        for p in from.clockwise_from(players) {
            if !set.contains(p) {
                continue;
            }
            set.remove(p);
            let n = left(p);
            if n > 0 {
                return Some(Each { current: p, left: n, rest: set });
            }
        }
        None
    }

    /// `k` of what is left for the current player was done.
    pub fn took(&mut self, k: u8) {
        self.left = self.left.saturating_sub(k);
    }
}

/// Where the automatic flow stands after one step of it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Progress {
    /// Something happened that nobody decides (a card dealt, a phase begun): run the next step.
    Continue,
    /// Someone must decide now.
    Decide,
    /// The game is over.
    Over,
}

/// Runs the steps nobody decides, `step` by `step`, until one says someone must decide or the
/// game is over, and returns which. Each [`Progress::Continue`] must move the game on (the rules
/// always reach a decision or the end); there is no cap on how many steps that takes, and in
/// debug builds a flow that runs a million steps without anyone deciding panics, so a loop in a
/// game's rules fails its tests instead of hanging them.
pub fn advance(mut step: impl FnMut() -> Progress) -> Progress {
    let mut steps = 0u32;
    loop {
        match step() {
            Progress::Continue => {
                steps = steps.wrapping_add(1);
                debug_assert!(steps < 1_000_000, "a million steps without a decision: the flow loops");
            }
            done => return done,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(i: usize) -> Player {
        Player::from_index(i)
    }

    fn set(seats: &[usize]) -> PlayerSet {
        seats.iter().map(|&i| p(i)).collect()
    }

    /// A saved round whose passes skip a seat cannot happen: priority goes clockwise.
    #[test]
    fn a_round_whose_passes_skip_a_seat_is_refused() {
        let mut r = Round::new(p(3), PlayerSet::first_n(5));
        r.pass();
        r.pass();
        assert_eq!(r.holder(), Some(p(0)));
        assert_eq!(r.check(5), Ok(()));
        let skipped = Round { holder: p(2), seats: PlayerSet::first_n(5), passed: set(&[3, 4]) };
        assert_eq!(skipped.check(5), Err("P2 is between the seats that passed and P3, but has not passed".into()));
    }

    /// Last in, first out; a step pushed beyond `N` is kept, not dropped; a saved stack deeper
    /// than `N` is refused.
    #[test]
    fn a_stack_is_last_in_first_out_and_never_drops_a_step() {
        let mut s: Stack<u8, 2> = Stack::with(1);
        s.push(2);
        s.push(3);
        assert_eq!((s.bottom(), s.top(), s.len()), (Some(&1), Some(&3), 3));
        assert_eq!(s.pop(), Some(3));
        assert_eq!(s.replace_top(5), Some(2));
        assert_eq!(s.pop(), Some(5));
        assert_eq!(s.pop(), Some(1));
        assert_eq!(s.pop(), None);
        assert_eq!(s.replace_top(4), None);
        assert_eq!(s.as_slice(), [4]);
        assert_eq!(serde_json::to_string(&Stack::<u8, 2>::with(7)).unwrap(), "[7]");
        let err = serde_json::from_str::<Stack<u8, 2>>("[1,2,3]").unwrap_err();
        assert_eq!(err.to_string(), "3 pending steps; at most 2 can be pending");
    }

    /// A window among four seats: a card played in it makes everyone pass again, its player
    /// included, before the window closes.
    #[test]
    fn a_window_closes_only_after_everyone_passes_in_succession() {
        let mut r = Round::new(p(1), set(&[0, 1, 2, 3]));
        assert_eq!(r.holder(), Some(p(1)));
        assert!(!r.pass()); // P2
        r.acted(); // P3 plays a card
        assert_eq!(r.holder(), Some(p(3)));
        for expected in [3, 0, 1] {
            assert_eq!(r.holder(), Some(p(expected)));
            assert!(!r.pass());
        }
        // P3, who played the top card, holds priority again last.
        assert_eq!(r.holder(), Some(p(2)));
        assert!(r.pass());
        assert_eq!(r.holder(), None);
    }

    #[test]
    fn automatic_passes_count_and_an_all_automatic_round_closes() {
        let mut r = Round::new(p(0), set(&[0, 1, 2]));
        assert!(!r.skip(set(&[0, 1])));
        assert_eq!(r.holder(), Some(p(2)));
        assert_eq!(r.passed(), set(&[0, 1]));
        assert!(r.pass());
        let mut quiet = Round::new(p(2), set(&[0, 1, 2]));
        assert!(quiet.skip(set(&[0, 1, 2])));
    }

    #[test]
    fn a_business_round_restarts_the_count_after_an_action() {
        let mut r = Round::new(p(0), set(&[0, 1, 2]));
        r.pass();
        r.pass();
        r.acted(); // P3 acts after two passes
        assert_eq!((r.holder(), r.passed()), (Some(p(0)), PlayerSet::EMPTY));
        r.pass();
        r.pass();
        assert!(r.pass());
    }

    #[test]
    fn an_auction_ends_when_all_but_the_high_bidder_have_left_and_passed() {
        let mut r = Round::new(p(0), set(&[0, 1, 2]));
        r.acted(); // P1 bids
        r.leave(p(1)); // P2 passes and is out
        assert_eq!(r.holder(), Some(p(2)));
        r.acted(); // P3 raises
        assert_eq!(r.holder(), Some(p(0)));
        r.leave(p(0)); // P1 is out: only P3 remains, who must still pass to close
        assert_eq!(r.holder(), Some(p(2)));
        assert!(r.pass());
        assert_eq!(r.seats(), set(&[2]));
    }

    #[test]
    fn a_round_skips_seats_that_do_not_take_part() {
        let r = Round::new(p(1), set(&[0, 3]));
        assert_eq!(r.holder(), Some(p(3)));
        assert_eq!(r.check(4), Ok(()));
        assert!(Round::new(p(0), set(&[0, 5])).check(4).is_err());
    }

    /// The flow runs until a step asks for a decision or ends the game, and says which.
    #[test]
    fn advance_runs_until_someone_decides_or_the_game_ends() {
        let mut dealt = 0;
        let got = advance(|| {
            dealt += 1;
            if dealt < 5 { Progress::Continue } else { Progress::Decide }
        });
        assert_eq!((got, dealt), (Progress::Decide, 5));
        assert_eq!(advance(|| Progress::Over), Progress::Over);
    }

    #[test]
    fn each_player_goes_clockwise_from_the_card_player_skipping_those_with_nothing_to_do() {
        let left = |q: Player| if q.index() == 3 { 0 } else { 2 };
        let first = Each::first(p(2), 5, set(&[0, 1, 3, 4]), left).unwrap();
        assert_eq!((first.current, first.left), (p(4), 2));
        let second = first.next(p(2), 5, left).unwrap();
        assert_eq!(second.current, p(0));
        let third = second.next(p(2), 5, left).unwrap();
        assert_eq!(third.current, p(1));
        assert_eq!(third.next(p(2), 5, left), None, "P4 has nothing to do");
        let mut e = third;
        e.took(5);
        assert_eq!(e.left, 0);
    }
}
