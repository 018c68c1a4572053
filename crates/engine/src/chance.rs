//! Randomness: one small trait with two primitives, a seeded generator and a scripted one.
//!
//! Game code draws every random value through [`Chance`], so a match is exactly reproducible from its
//! seed, and a test can force any outcome with [`Scripted`].

use std::collections::VecDeque;
use std::fmt;

use rand_core::{Rng as _, SeedableRng as _};
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};

/// The source of every random value in a game.
pub trait Chance {
    /// Rolls a die with `sides` faces: a value in `1..=sides`. `sides` is at least 1; a
    /// zero-sided die returns 1 rather than panicking.
    fn roll_die(&mut self, sides: u32) -> u32;

    /// Picks one of `n` things uniformly: a value in `0..n`. `n` is at least 1; `pick(0)` returns 0
    /// rather than panicking.
    fn pick(&mut self, n: u32) -> u32;
}

impl<C: Chance + ?Sized> Chance for &mut C {
    fn roll_die(&mut self, sides: u32) -> u32 {
        (**self).roll_die(sides)
    }

    fn pick(&mut self, n: u32) -> u32 {
        (**self).pick(n)
    }
}

/// The seeded generator behind every match: PCG-64 (MCG variant), a named algorithm whose stream
/// never changes between releases, with our own unbiased range reduction on top, so a seed means
/// the same game forever (a golden test pins it).
#[derive(Clone, PartialEq, Eq)]
pub struct SeededRng {
    rng: Pcg64Mcg,
    /// Where the stream is (its seed and how far it has gone), so it can be saved and restored.
    position: StreamPosition,
}

/// Where a [`SeededRng`]'s stream is: its seed and the number of 64-bit values drawn from it.
/// [`SeededRng::at`] rebuilds the generator there, so a state saved in the middle of a game
/// (Python's `State.to_json`) goes on drawing exactly what the original would have.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StreamPosition {
    pub seed: u64,
    pub drawn: u64,
}

impl SeededRng {
    pub fn new(seed: u64) -> SeededRng {
        SeededRng { rng: Pcg64Mcg::seed_from_u64(seed), position: StreamPosition { seed, drawn: 0 } }
    }

    /// The generator of `position.seed` after `position.drawn` values (in constant time: PCG
    /// jumps ahead).
    pub fn at(position: StreamPosition) -> SeededRng {
        let mut rng = Pcg64Mcg::seed_from_u64(position.seed);
        rng.advance(u128::from(position.drawn));
        SeededRng { rng, position }
    }

    /// Where the stream is now.
    pub fn position(&self) -> StreamPosition {
        self.position
    }

    /// 64 uniformly random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.position.drawn = self.position.drawn.wrapping_add(1);
        self.rng.next_u64()
    }

    /// A uniform value in `0..n` (Lemire's multiply-and-reject, unbiased). Returns 0 for `n == 0`.
    pub fn below(&mut self, n: u32) -> u32 {
        if n <= 1 {
            return 0;
        }
        let n64 = u64::from(n);
        let mut m = (self.next_u64() >> 32) * n64;
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = (self.next_u64() >> 32) * n64;
            }
        }
        (m >> 32) as u32
    }

    /// A uniform float in `[0, 1)`.
    pub fn unit_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A new generator whose stream is independent of this one's, for handing to a sub-task.
    pub fn fork(&mut self) -> SeededRng {
        SeededRng::new(self.next_u64())
    }
}

impl fmt::Debug for SeededRng {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SeededRng")
    }
}

impl Chance for SeededRng {
    fn roll_die(&mut self, sides: u32) -> u32 {
        self.below(sides.max(1)) + 1
    }

    fn pick(&mut self, n: u32) -> u32 {
        self.below(n)
    }
}

/// Derives the seed of sub-stream `stream` of `seed` (SplitMix64 finalizer), e.g. one per game of a
/// simulation or one per bot of a match, so streams never overlap in practice.
pub fn derive_seed(seed: u64, stream: u64) -> u64 {
    let mut z = seed ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One random value fed to a [`Scripted`] source.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScriptedValue {
    /// The face of the next die rolled (1-based).
    Die(u32),
    /// The index of the next pick (0-based).
    Pick(u32),
}

impl fmt::Display for ScriptedValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScriptedValue::Die(v) => write!(f, "die {v}"),
            ScriptedValue::Pick(v) => write!(f, "pick {v}"),
        }
    }
}

/// A scripted value that did not fit the draw it was meant for.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("scripted {value} does not fit the game's next draw, {wanted}")]
pub struct ScriptMismatch {
    pub value: ScriptedValue,
    pub wanted: String,
}

/// Replays exact values, in order, then falls back to another source when the script runs out.
///
/// A value that does not fit the draw (a pick where a die is rolled, a face 7 on a six-sided die)
/// is not consumed: the draw comes from the fallback and the mismatch is recorded, so the caller
/// can refuse the whole action and keep its state (see [`Scripted::take_mismatch`]).
#[derive(Clone, Debug)]
pub struct Scripted<R> {
    queue: VecDeque<ScriptedValue>,
    fallback: R,
    mismatch: Option<ScriptMismatch>,
    /// How many values this source has handed out (scripted or not).
    drawn: u64,
}

impl<R: Chance> Scripted<R> {
    pub fn new(fallback: R) -> Scripted<R> {
        Scripted { queue: VecDeque::new(), fallback, mismatch: None, drawn: 0 }
    }

    /// A source that replays `values` and then draws from `fallback`.
    pub fn with(values: impl IntoIterator<Item = ScriptedValue>, fallback: R) -> Scripted<R> {
        Scripted { queue: values.into_iter().collect(), fallback, mismatch: None, drawn: 0 }
    }

    /// Appends values to the script.
    pub fn push(&mut self, values: impl IntoIterator<Item = ScriptedValue>) {
        self.queue.extend(values);
    }

    /// How many values this source has handed out so far (scripted or drawn): two moments of a
    /// match with the same count had no chance step between them.
    pub fn drawn(&self) -> u64 {
        self.drawn
    }

    /// The values not consumed yet.
    pub fn remaining(&self) -> impl Iterator<Item = &ScriptedValue> {
        self.queue.iter()
    }

    pub fn clear(&mut self) {
        self.queue.clear();
        self.mismatch = None;
    }

    /// The first mismatch since the last call, if any.
    pub fn take_mismatch(&mut self) -> Option<ScriptMismatch> {
        self.mismatch.take()
    }

    pub fn fallback_mut(&mut self) -> &mut R {
        &mut self.fallback
    }

    fn refuse(&mut self, value: ScriptedValue, wanted: String) {
        if self.mismatch.is_none() {
            self.mismatch = Some(ScriptMismatch { value, wanted });
        }
    }
}

impl<R: Chance> Chance for Scripted<R> {
    fn roll_die(&mut self, sides: u32) -> u32 {
        self.drawn += 1;
        match self.queue.front().copied() {
            None => self.fallback.roll_die(sides),
            Some(ScriptedValue::Die(face)) if (1..=sides).contains(&face) => {
                self.queue.pop_front();
                face
            }
            Some(value) => {
                self.refuse(value, format!("a die with {sides} sides"));
                self.fallback.roll_die(sides)
            }
        }
    }

    fn pick(&mut self, n: u32) -> u32 {
        self.drawn += 1;
        match self.queue.front().copied() {
            None => self.fallback.pick(n),
            Some(ScriptedValue::Pick(i)) if i < n => {
                self.queue.pop_front();
                i
            }
            Some(value) => {
                self.refuse(value, format!("a pick among {n}"));
                self.fallback.pick(n)
            }
        }
    }
}

/// Wraps a source and records every value it hands out, e.g. to turn a seeded draw into a script.
#[derive(Clone, Debug)]
pub struct Recording<R> {
    inner: R,
    pub values: Vec<ScriptedValue>,
}

impl<R> Recording<R> {
    pub fn new(inner: R) -> Recording<R> {
        Recording { inner, values: Vec::new() }
    }
}

impl<R: Chance> Chance for Recording<R> {
    fn roll_die(&mut self, sides: u32) -> u32 {
        let v = self.inner.roll_die(sides);
        self.values.push(ScriptedValue::Die(v));
        v
    }

    fn pick(&mut self, n: u32) -> u32 {
        let v = self.inner.pick(n);
        self.values.push(ScriptedValue::Pick(v));
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Golden seed → values: if this changes, every saved match and golden playthrough changes.
    #[test]
    fn golden_seed_stream_never_changes() {
        let mut rng = SeededRng::new(42);
        let dice: Vec<u32> = (0..12).map(|_| rng.roll_die(6)).collect();
        let picks: Vec<u32> = (0..6).map(|_| rng.pick(1000)).collect();
        assert_eq!(dice, GOLDEN_DICE);
        assert_eq!(picks, GOLDEN_PICKS);
    }
    #[test]
    fn a_stream_rebuilt_at_its_position_draws_what_the_original_draws_next() {
        let mut rng = SeededRng::new(42);
        let _ = (0..12).map(|_| rng.roll_die(6)).count();
        let at = rng.position();
        assert_eq!(at, StreamPosition { seed: 42, drawn: 12 });
        let mut copy = SeededRng::at(at);
        assert!(copy == rng);
        let picks: Vec<u32> = (0..6).map(|_| copy.pick(1000)).collect();
        assert_eq!(picks, GOLDEN_PICKS);
        // Rejected draws count too: the position is in 64-bit values, not in results.
        let mut big = SeededRng::new(3);
        let many: Vec<u32> = (0..500).map(|_| big.pick(3_000_000_000)).collect();
        assert!(big.position().drawn >= 500);
        let mut again = SeededRng::at(StreamPosition { seed: 3, drawn: 0 });
        assert_eq!((0..500).map(|_| again.pick(3_000_000_000)).collect::<Vec<_>>(), many);
        assert_eq!(again.position(), big.position());
    }

    const GOLDEN_DICE: [u32; 12] = [4, 1, 3, 2, 1, 3, 2, 6, 3, 4, 1, 3];
    const GOLDEN_PICKS: [u32; 6] = [780, 551, 501, 422, 203, 247];

    #[test]
    fn rolls_are_in_range_and_roughly_uniform() {
        let mut rng = SeededRng::new(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            let v = rng.roll_die(6);
            assert!((1..=6).contains(&v));
            counts[(v - 1) as usize] += 1;
        }
        for c in counts {
            assert!((9_400..10_600).contains(&c), "{counts:?}");
        }
        assert_eq!(rng.pick(0), 0);
        assert_eq!(rng.roll_die(0), 1);
    }

    #[test]
    fn scripted_values_come_first_then_the_fallback() {
        let mut s = Scripted::with([ScriptedValue::Die(6), ScriptedValue::Pick(2)], SeededRng::new(1));
        assert_eq!(s.roll_die(6), 6);
        assert_eq!(s.pick(3), 2);
        assert_eq!(s.remaining().count(), 0);
        assert!(s.take_mismatch().is_none());
    }

    #[test]
    fn a_value_that_does_not_fit_is_kept_and_reported() {
        let mut s = Scripted::with([ScriptedValue::Die(7)], SeededRng::new(1));
        let v = s.roll_die(6);
        assert!((1..=6).contains(&v));
        let m = s.take_mismatch().unwrap();
        assert_eq!(m.to_string(), "scripted die 7 does not fit the game's next draw, a die with 6 sides");
        assert_eq!(s.remaining().count(), 1);
        let _ = s.pick(2);
        assert!(s.take_mismatch().is_some(), "a die value is not a pick");
    }
}
