//! Combat: dice, the published odds, and what happens to a beaten defender.

use arrayvec::ArrayVec;
use worlds_engine::Chance;

use crate::piece::{Size, Stash};

/// WW5-COMBAT-6: the chance that an attacker of one size beats a defender of another, as the
/// published table gives it (`ODDS[attacker][defender]` = numerator / denominator). A test checks
/// every entry by exhaustive enumeration of the dice.
pub const ODDS: [[(u64, u64); 3]; 3] =
    [[(5, 12), (5, 54), (5, 432)], [(181, 216), (575, 1296), (197, 1296)], [(1261, 1296), (1009, 1296), (3527, 7776)]];

/// The published chance that `attacker` beats `defender`.
pub fn odds(attacker: Size, defender: Size) -> (u64, u64) {
    ODDS[attacker.index()][defender.index()]
}

/// WW5-COMBAT-1: a piece rolls as many dice as it has pips (attacker first, then defender).
pub fn roll(size: Size, rng: &mut impl Chance) -> ArrayVec<u8, 3> {
    (0..size.pips()).map(|_| rng.roll_die(6) as u8).collect()
}

/// The exact chance that `a` dice total strictly more than `d` dice, by enumerating every roll
/// (6^(a+d) outcomes), as a reduced fraction.
pub fn enumerate_odds(a: u32, d: u32) -> (u64, u64) {
    let sums = |n: u32| {
        // ways[s] = number of rolls of n dice totalling s.
        let mut ways = vec![1u64];
        for _ in 0..n {
            let mut next = vec![0u64; ways.len() + 6];
            for (s, w) in ways.iter().enumerate() {
                for face in 1..=6 {
                    next[s + face] += w;
                }
            }
            ways = next;
        }
        ways
    };
    let (wa, wd) = (sums(a), sums(d));
    let wins: u64 = wa
        .iter()
        .enumerate()
        .map(|(sa, x)| x * wd.iter().enumerate().filter(|(sd, _)| *sd < sa).map(|(_, y)| y).sum::<u64>())
        .sum();
    let total = 6u64.pow(a + d);
    let g = gcd(wins, total);
    (wins / g, total / g)
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// WW5-COMBAT-4 and WW5-COMBAT-5: the size a beaten defender with nowhere to retreat shrinks to,
/// or `None` when it is removed: one size down, or the next smaller size the stash has; a small
/// (or a piece with no smaller size in the stash) is removed.
pub fn shrunk_size(size: Size, stash: Stash) -> Option<Size> {
    let mut candidate = size.smaller();
    while let Some(s) = candidate {
        if stash.has(s) {
            return Some(s);
        }
        candidate = s.smaller();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WW5-COMBAT-6: the published table equals exhaustive enumeration of the dice.
    #[test]
    fn ww5_combat_6_published_odds_are_exact() {
        for a in Size::ALL {
            for d in Size::ALL {
                assert_eq!(enumerate_odds(u32::from(a.pips()), u32::from(d.pips())), odds(a, d), "{a} vs {d}");
            }
        }
    }

    /// WW5-COMBAT-5: shrinking skips sizes the stash lacks; a small, or nothing smaller, is removed.
    #[test]
    fn ww5_combat_5_shrinking_uses_what_the_stash_has() {
        assert_eq!(shrunk_size(Size::Large, Stash([1, 1, 0])), Some(Size::Medium));
        assert_eq!(shrunk_size(Size::Large, Stash([1, 0, 0])), Some(Size::Small));
        assert_eq!(shrunk_size(Size::Large, Stash([0, 0, 2])), None);
        assert_eq!(shrunk_size(Size::Medium, Stash([0, 3, 3])), None);
        assert_eq!(shrunk_size(Size::Small, Stash([3, 3, 3])), None);
    }
}
