//! Card programs: a card's effect, written as data in a game's own vocabulary (its ops and tests),
//! compiled once into a flat [`Program`] and run step by step by [`run`], which stops wherever a
//! player must decide and carries on when they have.
//!
//! A game writes only its vocabulary: the ops (gain, lose, choose an area, …), the tests of its
//! `if`s, and a [`Machine`] saying what an op means (whether it waits for a decision, what it does).
//! The kit handles the rest: nesting (`either … or …`, `if … then … else …`) flattened into jumps,
//! the program counter, and "each player, clockwise" steps ([`crate::flow::Each`]) that handle one
//! player at a time.
//!
//! ```
//! use worlds_engine::program::{Cursor, Machine, Program, Run, Source, run};
//!
//! // A tiny vocabulary: add a number, or ask the player for one.
//! #[derive(Clone, PartialEq, Eq, Hash, Debug)]
//! enum Op { Add(i32), Ask }
//! struct Counter { total: i32, answer: Option<i32> }
//! impl Machine<Op, bool> for Counter {
//!     fn waits(&mut self, op: &Op, _: &Cursor) -> bool { *op == Op::Ask && self.answer.is_none() }
//!     fn holds(&mut self, test: &bool) -> bool { *test }
//!     fn execute(&mut self, op: &Op, cursor: &mut Cursor) {
//!         self.total += match op { Op::Add(n) => *n, Op::Ask => self.answer.take().unwrap_or(0) };
//!         cursor.next();
//!     }
//! }
//! let program = Program::compile(&[
//!     Source::Do(Op::Add(1)),
//!     Source::If { test: false, then: vec![Source::Do(Op::Add(100))], otherwise: vec![Source::Do(Op::Ask)] },
//!     Source::Do(Op::Add(1)),
//! ]);
//! let (mut m, mut cursor) = (Counter { total: 0, answer: None }, Cursor::default());
//! assert_eq!(run(&program, &mut cursor, &mut m), Run::Waiting);
//! m.answer = Some(40);
//! assert_eq!(run(&program, &mut cursor, &mut m), Run::Finished);
//! assert_eq!(m.total, 42);
//! ```

use serde::{Deserialize, Serialize};

use crate::flow::Each;

/// A card's effect as written: a tree of the game's ops, with choices and tests.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Source<Op, Test> {
    /// One op of the game's vocabulary.
    Do(Op),
    /// The card's player picks one of these branches (two or more).
    Either(Vec<Vec<Source<Op, Test>>>),
    /// `then` if the test holds, else `otherwise`.
    If { test: Test, then: Vec<Source<Op, Test>>, otherwise: Vec<Source<Op, Test>> },
}

/// One instruction of a compiled program. Jumps only go forward, so every run ends.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Instr<Op, Test> {
    Do(Op),
    /// A choice between branches: the first instruction of each.
    Branch(Vec<u16>),
    /// Unless the test holds, jump.
    Unless(Test, u16),
    Jump(u16),
}

/// A compiled card program.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Program<Op, Test> {
    code: Vec<Instr<Op, Test>>,
}

impl<Op: Clone, Test: Clone> Program<Op, Test> {
    /// Flattens a tree of steps into instructions with forward jumps.
    pub fn compile(source: &[Source<Op, Test>]) -> Program<Op, Test> {
        let mut code = Vec::new();
        emit(source, &mut code);
        Program { code }
    }
}

fn at(code: &[impl Sized]) -> u16 {
    u16::try_from(code.len()).unwrap_or(u16::MAX)
}

/// The branches of the [`Source::Either`] that [`Program::compile`] puts at instruction `pc` of
/// `source`'s program, in the game's own terms: what a waiting choice offers, so a game can say
/// it in words. `None` when no choice starts at `pc`.
pub fn either_at<Op, Test>(source: &[Source<Op, Test>], pc: u16) -> Option<&[Vec<Source<Op, Test>>]> {
    /// Walks `source` as [`emit`] lays it out, `at` being the next instruction's place.
    fn walk<'a, Op, Test>(
        source: &'a [Source<Op, Test>],
        at: &mut u16,
        pc: u16,
    ) -> Option<&'a [Vec<Source<Op, Test>>]> {
        for s in source {
            match s {
                Source::Do(_) => *at += 1,
                Source::Either(branches) if *at == pc => return Some(branches),
                Source::Either(branches) => {
                    *at += 1;
                    for branch in branches {
                        if let Some(found) = walk(branch, at, pc) {
                            return Some(found);
                        }
                        *at += 1; // the jump after the branch
                    }
                }
                Source::If { then, otherwise, .. } => {
                    *at += 1; // the test
                    if let Some(found) = walk(then, at, pc) {
                        return Some(found);
                    }
                    *at += 1; // the jump over `otherwise`
                    if let Some(found) = walk(otherwise, at, pc) {
                        return Some(found);
                    }
                }
            }
        }
        None
    }
    walk(source, &mut 0, pc)
}

fn emit<Op: Clone, Test: Clone>(source: &[Source<Op, Test>], code: &mut Vec<Instr<Op, Test>>) {
    for s in source {
        match s {
            Source::Do(op) => code.push(Instr::Do(op.clone())),
            Source::Either(branches) => {
                let branch_at = code.len();
                code.push(Instr::Branch(Vec::new()));
                let mut targets = Vec::with_capacity(branches.len());
                let mut exits = Vec::with_capacity(branches.len());
                for branch in branches {
                    targets.push(at(code));
                    emit(branch, code);
                    exits.push(code.len());
                    code.push(Instr::Jump(0));
                }
                let end = at(code);
                for e in exits {
                    code[e] = Instr::Jump(end);
                }
                code[branch_at] = Instr::Branch(targets);
            }
            Source::If { test, then, otherwise } => {
                let test_at = code.len();
                code.push(Instr::Jump(0));
                emit(then, code);
                let exit = code.len();
                code.push(Instr::Jump(0));
                let else_at = at(code);
                emit(otherwise, code);
                let end = at(code);
                code[test_at] = Instr::Unless(test.clone(), else_at);
                code[exit] = Instr::Jump(end);
            }
        }
    }
}

impl<Op, Test> Program<Op, Test> {
    /// The instruction at `pc` (`None` past the end: the program is finished).
    pub fn at(&self, pc: u16) -> Option<&Instr<Op, Test>> {
        self.code.get(usize::from(pc))
    }

    pub fn len(&self) -> usize {
        self.code.len()
    }

    pub fn is_empty(&self) -> bool {
        self.code.is_empty()
    }

    pub fn instructions(&self) -> &[Instr<Op, Test>] {
        &self.code
    }

    /// What the program waits for at `cursor`, if it is at a choice between branches or at an op
    /// (whether the op really waits is the game's [`Machine::waits`]).
    pub fn awaiting(&self, cursor: &Cursor) -> Option<Awaiting<'_, Op>> {
        match self.at(cursor.pc)? {
            Instr::Branch(targets) if targets.len() >= 2 => Some(Awaiting::Branch(targets.len())),
            Instr::Do(op) => Some(Awaiting::Op(op)),
            _ => None,
        }
    }

    /// Takes branch `b` of the choice at `cursor`. Returns `false` (and changes nothing) when the
    /// cursor is not at a choice or there is no such branch.
    pub fn take_branch(&self, cursor: &mut Cursor, b: usize) -> bool {
        match self.at(cursor.pc) {
            Some(Instr::Branch(targets)) => match targets.get(b) {
                Some(&t) => {
                    cursor.goto(t);
                    true
                }
                None => false,
            },
            _ => false,
        }
    }

    /// Whether `cursor` could belong to this program (its counter within it, or just past its end).
    pub fn holds(&self, cursor: &Cursor) -> bool {
        usize::from(cursor.pc) <= self.code.len()
    }
}

/// What a program waits for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Awaiting<'a, Op> {
    /// A choice between this many branches.
    Branch(usize),
    /// An op, which may ask a player to choose.
    Op(&'a Op),
}

/// Where a running program is: part of the state (saved with it), never shown to players as such.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cursor {
    /// The next instruction.
    pub pc: u16,
    /// An "each player" step in progress at `pc`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub each: Option<Each>,
}

impl Cursor {
    /// The step is done: on to the next instruction.
    pub fn next(&mut self) {
        self.pc = self.pc.saturating_add(1);
        self.each = None;
    }

    pub fn goto(&mut self, pc: u16) {
        self.pc = pc;
        self.each = None;
    }
}

/// What a program's ops mean: implemented by a game (usually on a small struct holding its rules,
/// the state and the event sink) for its own vocabulary.
pub trait Machine<Op, Test> {
    /// Whether `op` at `cursor` waits for a player's decision (two or more possibilities). The run
    /// stops there; the game asks the question and, once answered, carries the step out itself.
    fn waits(&mut self, op: &Op, cursor: &Cursor) -> bool;

    /// Whether an `if`'s test holds.
    fn holds(&mut self, test: &Test) -> bool;

    /// Carries out `op`, which needs no decision now (a choice with one possibility is made, one
    /// with none does nothing), and moves the cursor: [`Cursor::next`] when the step is done, or
    /// an [`Each`] left in the cursor when the step continues with a decision.
    fn execute(&mut self, op: &Op, cursor: &mut Cursor);
}

/// How a run stopped.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Run {
    /// A player must decide at the cursor.
    Waiting,
    /// The program is done.
    Finished,
}

/// The most instructions one run carries out: programs only jump forward, and ops move on or
/// wait, so a run is far shorter; a machine that neither moves nor waits is stopped here.
const LIMIT: usize = 10_000;

/// Runs `program` from `cursor` until a player must decide or the program ends.
pub fn run<Op, Test>(program: &Program<Op, Test>, cursor: &mut Cursor, machine: &mut impl Machine<Op, Test>) -> Run {
    for _ in 0..LIMIT {
        let Some(instr) = program.at(cursor.pc) else { return Run::Finished };
        match instr {
            Instr::Jump(t) => cursor.goto(*t),
            Instr::Unless(test, t) => {
                if machine.holds(test) {
                    cursor.next();
                } else {
                    cursor.goto(*t);
                }
            }
            Instr::Branch(targets) => match targets.as_slice() {
                [] => cursor.next(),
                [only] => cursor.goto(*only),
                _ => return Run::Waiting,
            },
            Instr::Do(op) => {
                if machine.waits(op, cursor) {
                    return Run::Waiting;
                }
                machine.execute(op, cursor);
            }
        }
    }
    Run::Finished
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::{Player, PlayerSet};

    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    enum Op {
        Say(&'static str),
        /// Each of these players says their name, asking who when they have a choice.
        EachSays(PlayerSet),
    }

    #[derive(Default)]
    struct Log {
        said: Vec<String>,
        /// Players who decide for themselves (their turn in `EachSays` waits).
        deciding: PlayerSet,
        answered: bool,
    }

    impl Machine<Op, bool> for Log {
        fn waits(&mut self, op: &Op, cursor: &Cursor) -> bool {
            match (op, cursor.each) {
                (Op::EachSays(_), Some(e)) => self.deciding.contains(e.current) && !self.answered,
                _ => false,
            }
        }
        fn holds(&mut self, test: &bool) -> bool {
            *test
        }
        fn execute(&mut self, op: &Op, cursor: &mut Cursor) {
            match op {
                Op::Say(s) => {
                    self.said.push((*s).to_owned());
                    cursor.next();
                }
                Op::EachSays(set) => {
                    let e = match cursor.each {
                        Some(e) => Some(e),
                        None => Each::first(Player::from_index(1), 4, *set, |_| 1),
                    };
                    let Some(mut e) = e else { return cursor.next() };
                    if self.deciding.contains(e.current) && !self.answered && cursor.each.is_none() {
                        cursor.each = Some(e);
                        return;
                    }
                    self.answered = false;
                    self.said.push(e.current.to_string());
                    e.took(1);
                    match e.next(Player::from_index(1), 4, |_| 1) {
                        Some(n) => cursor.each = Some(n),
                        None => cursor.next(),
                    }
                }
            }
        }
    }

    #[test]
    fn nesting_compiles_to_forward_jumps() {
        let p: Program<Op, bool> = Program::compile(&[
            Source::Either(vec![vec![Source::Do(Op::Say("a"))], vec![Source::Do(Op::Say("b"))]]),
            Source::If { test: true, then: vec![Source::Do(Op::Say("c"))], otherwise: vec![] },
        ]);
        assert_eq!(
            p.instructions(),
            [
                Instr::Branch(vec![1, 3]),
                Instr::Do(Op::Say("a")),
                Instr::Jump(5),
                Instr::Do(Op::Say("b")),
                Instr::Jump(5),
                Instr::Unless(true, 8),
                Instr::Do(Op::Say("c")),
                Instr::Jump(8),
            ]
        );
        for (i, instr) in p.instructions().iter().enumerate() {
            if let Instr::Jump(t) | Instr::Unless(_, t) = instr {
                assert!(usize::from(*t) > i, "jump backwards at {i}");
            }
        }
    }

    #[test]
    fn a_run_waits_at_a_choice_and_goes_on_with_the_branch_taken() {
        let p: Program<Op, bool> = Program::compile(&[
            Source::Do(Op::Say("start")),
            Source::Either(vec![vec![Source::Do(Op::Say("left"))], vec![Source::Do(Op::Say("right"))]]),
            Source::Do(Op::Say("end")),
        ]);
        let (mut log, mut c) = (Log::default(), Cursor::default());
        assert_eq!(run(&p, &mut c, &mut log), Run::Waiting);
        assert_eq!(p.awaiting(&c), Some(Awaiting::Branch(2)));
        assert!(!p.take_branch(&mut c, 2));
        assert!(p.take_branch(&mut c, 1));
        assert_eq!(run(&p, &mut c, &mut log), Run::Finished);
        assert_eq!(log.said, ["start", "right", "end"]);
    }

    /// Each player clockwise from P2; P4 decides for themselves, so the run waits at their turn
    /// and goes on from there.
    #[test]
    fn each_player_steps_go_clockwise_and_wait_for_the_players_who_choose() {
        let everyone: PlayerSet = (0..4).map(Player::from_index).collect();
        let p: Program<Op, bool> = Program::compile(&[Source::Do(Op::EachSays(everyone)), Source::Do(Op::Say("done"))]);
        let mut log = Log { deciding: PlayerSet::only(Player::from_index(3)), ..Log::default() };
        let mut c = Cursor::default();
        assert_eq!(run(&p, &mut c, &mut log), Run::Waiting);
        assert_eq!(log.said, ["P2", "P3"]);
        assert_eq!(c.each.map(|e| e.current), Some(Player::from_index(3)));
        log.answered = true;
        assert_eq!(run(&p, &mut c, &mut log), Run::Finished);
        assert_eq!(log.said, ["P2", "P3", "P4", "P1", "done"]);
    }

    #[test]
    fn a_machine_that_never_moves_is_stopped() {
        struct Stuck;
        impl Machine<Op, bool> for Stuck {
            fn waits(&mut self, _: &Op, _: &Cursor) -> bool {
                false
            }
            fn holds(&mut self, _: &bool) -> bool {
                true
            }
            fn execute(&mut self, _: &Op, _: &mut Cursor) {}
        }
        let p: Program<Op, bool> = Program::compile(&[Source::Do(Op::Say("x"))]);
        assert_eq!(run(&p, &mut Cursor::default(), &mut Stuck), Run::Finished);
    }

    #[test]
    fn either_at_finds_each_choice_where_compile_put_it() {
        let source = vec![
            Source::Do(Op::Say("start")),
            Source::If {
                test: true,
                then: vec![Source::Either(vec![vec![Source::Do(Op::Say("a"))], vec![Source::Do(Op::Say("b"))]])],
                otherwise: vec![Source::Do(Op::Say("c"))],
            },
            Source::Either(vec![
                vec![Source::Do(Op::Say("d"))],
                vec![Source::Do(Op::Say("e")), Source::Do(Op::Say("f"))],
                vec![],
            ]),
        ];
        let p: Program<Op, bool> = Program::compile(&source);
        let mut found = 0;
        for pc in 0..p.instructions().len() as u16 {
            match (p.at(pc), either_at(&source, pc)) {
                (Some(Instr::Branch(targets)), Some(branches)) => {
                    assert_eq!(targets.len(), branches.len(), "at {pc}");
                    found += 1;
                }
                (_, None) => {}
                (other, Some(_)) => panic!("a choice found at {pc}, where the program has {other:?}"),
            }
        }
        assert_eq!(found, 2);
        assert_eq!(either_at(&source, 2).map(<[_]>::len), Some(2));
        assert_eq!(either_at(&source, 0), None);
    }
}
