//! Sets of cards: the one type every game keeps its decks, hands and piles in.
//!
//! A [`CardSet`] is a set of card ids (`0..64 × W`) as `W` words of bits, so it is `Copy`, never
//! allocates, and the common questions (how many, which is the `k`-th, is it in there) are a few
//! instructions. A face-down deck is such a set, not an ordered list: a draw picks one of its
//! cards at random ([`CardSet::draw`]), and a bot that must guess what it cannot see deals the
//! cards it cannot tell apart again ([`CardSet::deal`]). In JSON a set is the list of its ids,
//! lowest first, each at most once. Spaces, areas and other small ids fit the same type.
//!
//! ```
//! use worlds_engine::SeededRng;
//! use worlds_engine::cards::CardSet;
//!
//! let mut deck: CardSet<2> = CardSet::from_ids([3, 70, 99]);
//! assert_eq!((deck.len(), deck.nth(1)), (3, Some(70)));
//! let mut rng = SeededRng::new(7);
//! let card = deck.draw(&mut rng).unwrap();
//! assert!(!deck.contains(card) && deck.len() == 2);
//! assert_eq!(serde_json::to_string(&deck.union(CardSet::from_ids([card]))).unwrap(), "[3,70,99]");
//! ```

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub, SubAssign};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Chance;

/// A set of card ids below `64 × W` (at most 256: ids are `u8`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CardSet<const W: usize>([u64; W]);

impl<const W: usize> Default for CardSet<W> {
    fn default() -> CardSet<W> {
        CardSet::EMPTY
    }
}

impl<const W: usize> CardSet<W> {
    /// Ids are below this.
    pub const CAPACITY: usize = {
        assert!(W >= 1 && W <= 4, "a card set holds ids 0..=255 in one to four words");
        64 * W
    };
    pub const EMPTY: CardSet<W> = CardSet([0; W]);

    /// The set of these ids (ids at or beyond [`CardSet::CAPACITY`] are left out).
    pub fn from_ids(ids: impl IntoIterator<Item = u8>) -> CardSet<W> {
        let mut set = CardSet::EMPTY;
        for id in ids {
            set.insert(id);
        }
        set
    }

    pub const fn words(self) -> [u64; W] {
        self.0
    }

    /// Ids `0..n`.
    pub fn first_n(n: usize) -> CardSet<W> {
        let mut words = [0; W];
        for (i, w) in words.iter_mut().enumerate() {
            let bits = n.saturating_sub(64 * i).min(64);
            *w = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
        }
        CardSet(words)
    }

    fn slot(id: u8) -> Option<(usize, u64)> {
        let i = usize::from(id);
        (i < Self::CAPACITY).then(|| (i / 64, 1u64 << (i % 64)))
    }

    pub fn contains(self, id: u8) -> bool {
        Self::slot(id).is_some_and(|(w, b)| self.0[w] & b != 0)
    }

    /// Adds `id`; returns whether it was new. An id beyond [`CardSet::CAPACITY`] is never a member
    /// (the content that names ids is checked against the capacity when it is read).
    pub fn insert(&mut self, id: u8) -> bool {
        let Some((w, b)) = Self::slot(id) else { return false };
        let new = self.0[w] & b == 0;
        self.0[w] |= b;
        new
    }

    /// Takes `id` out; returns whether it was there.
    pub fn remove(&mut self, id: u8) -> bool {
        let Some((w, b)) = Self::slot(id) else { return false };
        let had = self.0[w] & b != 0;
        self.0[w] &= !b;
        had
    }

    pub fn len(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The ids, lowest first.
    pub fn iter(self) -> impl Iterator<Item = u8> + Clone {
        (0..W).flat_map(move |w| crate::bits::ones(self.0[w]).map(move |b| (64 * w + b) as u8))
    }

    /// The `k`-th id, lowest first (`k` from 0), if the set has that many.
    pub fn nth(self, mut k: u32) -> Option<u8> {
        for (w, &word) in self.0.iter().enumerate() {
            let n = word.count_ones();
            if k < n {
                let mut bits = word;
                for _ in 0..k {
                    bits &= bits - 1;
                }
                return Some((64 * w + bits.trailing_zeros() as usize) as u8);
            }
            k -= n;
        }
        None
    }

    /// The lowest id.
    pub fn first(self) -> Option<u8> {
        self.nth(0)
    }

    /// The highest id.
    pub fn last(self) -> Option<u8> {
        let w = self.0.iter().rposition(|&w| w != 0)?;
        Some((64 * w + 63 - self.0[w].leading_zeros() as usize) as u8)
    }

    pub fn union(self, o: CardSet<W>) -> CardSet<W> {
        CardSet(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }

    pub fn intersect(self, o: CardSet<W>) -> CardSet<W> {
        CardSet(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }

    /// The ids of `self` that are not in `o`.
    pub fn minus(self, o: CardSet<W>) -> CardSet<W> {
        CardSet(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }

    pub fn is_subset(self, o: CardSet<W>) -> bool {
        self.minus(o).is_empty()
    }

    /// One id at random, taken out of the set: a draw from a face-down deck. The chance is asked
    /// for a pick among the set's size even when it is empty (then `None`), so a game's stream of
    /// chance does not depend on whether a pile ran out.
    pub fn draw(&mut self, rng: &mut impl Chance) -> Option<u8> {
        let id = self.nth(rng.pick(self.len()))?;
        self.remove(id);
        Some(id)
    }

    /// `k` ids at random taken out of the set (all of them if it has fewer): a hand dealt from a
    /// deck, or the cards a viewer cannot tell apart dealt again (determinizing for a bot).
    pub fn deal(&mut self, k: u32, rng: &mut impl Chance) -> CardSet<W> {
        let mut dealt = CardSet::EMPTY;
        for _ in 0..k {
            let Some(id) = self.draw(rng) else { break };
            dealt.insert(id);
        }
        dealt
    }

    /// Determinizing for a bot: the cards of `hands` (those the viewer cannot see) pooled with
    /// this set (the face-down deck) and dealt again, each hand keeping its size, in the order
    /// given. Returns the deck, what the hands did not take.
    pub fn redeal<'a>(self, hands: impl IntoIterator<Item = &'a mut CardSet<W>>, rng: &mut impl Chance) -> CardSet<W> {
        let hands: Vec<&mut CardSet<W>> = hands.into_iter().collect();
        let mut pool = hands.iter().fold(self, |pool, hand| pool | **hand);
        for hand in hands {
            *hand = pool.deal(hand.len(), rng);
        }
        pool
    }

    /// The first id at or beyond `count`, for checking a set read from outside against the
    /// content's number of cards.
    pub fn first_beyond(self, count: usize) -> Option<u8> {
        self.minus(CardSet::first_n(count)).first()
    }
}

impl CardSet<2> {
    /// The set as one 128-bit mask.
    pub const fn bits(self) -> u128 {
        self.0[0] as u128 | (self.0[1] as u128) << 64
    }

    pub const fn from_bits(bits: u128) -> CardSet<2> {
        CardSet([bits as u64, (bits >> 64) as u64])
    }
}

impl CardSet<1> {
    pub const fn bits(self) -> u64 {
        self.0[0]
    }

    pub const fn from_bits(bits: u64) -> CardSet<1> {
        CardSet([bits])
    }
}

impl<const W: usize> FromIterator<u8> for CardSet<W> {
    fn from_iter<I: IntoIterator<Item = u8>>(ids: I) -> CardSet<W> {
        CardSet::from_ids(ids)
    }
}

impl<const W: usize> BitOr for CardSet<W> {
    type Output = CardSet<W>;
    fn bitor(self, o: CardSet<W>) -> CardSet<W> {
        self.union(o)
    }
}

impl<const W: usize> BitAnd for CardSet<W> {
    type Output = CardSet<W>;
    fn bitand(self, o: CardSet<W>) -> CardSet<W> {
        self.intersect(o)
    }
}

impl<const W: usize> Sub for CardSet<W> {
    type Output = CardSet<W>;
    fn sub(self, o: CardSet<W>) -> CardSet<W> {
        self.minus(o)
    }
}

impl<const W: usize> Not for CardSet<W> {
    type Output = CardSet<W>;
    fn not(self) -> CardSet<W> {
        CardSet(self.0.map(|w| !w))
    }
}

impl<const W: usize> BitOrAssign for CardSet<W> {
    fn bitor_assign(&mut self, o: CardSet<W>) {
        *self = self.union(o);
    }
}

impl<const W: usize> BitAndAssign for CardSet<W> {
    fn bitand_assign(&mut self, o: CardSet<W>) {
        *self = self.intersect(o);
    }
}

impl<const W: usize> SubAssign for CardSet<W> {
    fn sub_assign(&mut self, o: CardSet<W>) {
        *self = self.minus(o);
    }
}

impl<const W: usize> fmt::Debug for CardSet<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<const W: usize> Serialize for CardSet<W> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, const W: usize> Deserialize<'de> for CardSet<W> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CardSet<W>, D::Error> {
        let mut set = CardSet::EMPTY;
        for id in Vec::<u64>::deserialize(d)? {
            let Some(card) = u8::try_from(id).ok().filter(|&c| usize::from(c) < Self::CAPACITY) else {
                let last = Self::CAPACITY - 1;
                return Err(serde::de::Error::custom(format!("card {id} does not exist (ids are 0–{last})")));
            };
            if !set.insert(card) {
                return Err(serde::de::Error::custom(format!("card {id} is listed twice")));
            }
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Scripted, ScriptedValue, SeededRng};

    #[test]
    fn ids_across_words_are_kept_counted_and_ordered() {
        let mut s: CardSet<3> = CardSet::from_ids([150, 0, 63, 64, 127, 128]);
        assert_eq!(s.len(), 6);
        assert_eq!(s.iter().collect::<Vec<_>>(), [0, 63, 64, 127, 128, 150]);
        assert_eq!(s.last(), Some(150));
        assert_eq!(
            (0..7).map(|k| s.nth(k)).collect::<Vec<_>>(),
            [Some(0), Some(63), Some(64), Some(127), Some(128), Some(150), None]
        );
        assert!(s.remove(63) && !s.remove(63) && !s.contains(63));
        assert!(!s.insert(0) && s.insert(1));
        assert_eq!(s.first(), Some(0));
        // Ids beyond the capacity are never members.
        let mut one: CardSet<1> = CardSet::EMPTY;
        assert!(!one.insert(64) && !one.contains(64) && one.is_empty());
        assert_eq!(CardSet::<1>::CAPACITY, 64);
    }

    #[test]
    fn set_algebra_matches_the_ids() {
        let a: CardSet<2> = CardSet::from_ids([1, 2, 100]);
        let b: CardSet<2> = CardSet::from_ids([2, 3, 100, 101]);
        assert_eq!(a | b, CardSet::from_ids([1, 2, 3, 100, 101]));
        assert_eq!(a & b, CardSet::from_ids([2, 100]));
        assert_eq!(a - b, CardSet::from_ids([1]));
        assert!((a & b).is_subset(a) && !a.is_subset(b));
        assert_eq!(CardSet::<2>::first_n(66), CardSet::from_ids(0..66));
        assert_eq!(CardSet::<2>::first_n(128), !CardSet::EMPTY);
        assert_eq!(a.first_beyond(100), Some(100));
        assert_eq!(a.first_beyond(101), None);
        assert_eq!(CardSet::<2>::from_bits(a.bits()), a);
        assert_eq!(format!("{a:?}"), "{1, 2, 100}");
    }

    /// A draw asks the chance for a pick among the set's size and takes that card, as every game's
    /// draws did, so saved matches replay the same; an empty set still asks.
    #[test]
    fn a_draw_takes_the_picked_card_and_asks_even_when_empty() {
        let mut deck: CardSet<2> = CardSet::from_ids([5, 9, 77]);
        let mut rng = Scripted::with([ScriptedValue::Pick(2), ScriptedValue::Pick(0)], SeededRng::new(1));
        assert_eq!(deck.draw(&mut rng), Some(77));
        assert_eq!(deck.draw(&mut rng), Some(5));
        assert_eq!(deck, CardSet::from_ids([9]));
        let mut empty: CardSet<1> = CardSet::EMPTY;
        let mut recording = crate::Recording::new(SeededRng::new(1));
        assert_eq!(empty.draw(&mut recording), None);
        assert_eq!(recording.values, [ScriptedValue::Pick(0)]);
    }

    #[test]
    fn a_deal_takes_k_cards_or_all_that_are_left() {
        let mut rng = SeededRng::new(3);
        let mut deck: CardSet<2> = CardSet::first_n(100);
        let hand = deck.deal(7, &mut rng);
        assert_eq!((hand.len(), deck.len()), (7, 93));
        assert!((hand & deck).is_empty());
        let rest = deck.deal(200, &mut rng);
        assert_eq!((rest.len(), deck.len()), (93, 0));
    }

    /// Hands dealt again keep their sizes, take only cards of the pool and the hands, and take
    /// them as dealing each in turn from the pool would.
    #[test]
    fn a_redeal_keeps_each_hand_size_and_the_cards_in_play() {
        let deck: CardSet<1> = CardSet::from_ids(10..20);
        let (mut a, mut b) = (CardSet::from_ids([1, 2, 3]), CardSet::from_ids([4]));
        let rest = deck.redeal([&mut a, &mut b], &mut SeededRng::new(5));
        assert_eq!((a.len(), b.len(), rest.len()), (3, 1, 10));
        assert_eq!(a | b | rest, CardSet::from_ids((1..5).chain(10..20)));
        assert!((a & b).is_empty() && (a & rest).is_empty() && (b & rest).is_empty());
        let mut pool: CardSet<1> = CardSet::from_ids((1..5).chain(10..20));
        let mut rng = SeededRng::new(5);
        assert_eq!((pool.deal(3, &mut rng), pool.deal(1, &mut rng), pool), (a, b, rest));
    }

    #[test]
    fn json_is_the_list_of_ids_each_once_and_in_range() {
        let s: CardSet<3> = CardSet::from_ids([150, 2]);
        assert_eq!(serde_json::to_string(&s).unwrap(), "[2,150]");
        assert_eq!(serde_json::from_str::<CardSet<3>>("[150,2]").unwrap(), s);
        let twice = serde_json::from_str::<CardSet<3>>("[4,4]").unwrap_err();
        assert_eq!(twice.to_string(), "card 4 is listed twice");
        let far = serde_json::from_str::<CardSet<3>>("[192]").unwrap_err();
        assert_eq!(far.to_string(), "card 192 does not exist (ids are 0–191)");
        assert!(serde_json::from_str::<CardSet<1>>("[-1]").is_err());
        assert!(serde_json::from_str::<CardSet<4>>("[256]").is_err());
    }
}
