//! Seats, sets of seats, per-seat arrays and viewers.

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

use arrayvec::ArrayVec;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The most players any Worlds game seats.
pub const MAX_PLAYERS: usize = 6;

/// A seat at the table, numbered from 0 in clockwise order.
///
/// Seats are 0-based in every machine interface (JSON, the engine protocol) and shown 1-based to
/// people (`P1`, `P2`, …).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Player(u8);

impl Player {
    /// Seat `index` (0-based). Returns `None` when `index >= MAX_PLAYERS`.
    pub const fn new(index: usize) -> Option<Player> {
        if index < MAX_PLAYERS { Some(Player(index as u8)) } else { None }
    }

    /// Seat `index`, for indices known to be in range (loop counters below a validated player
    /// count); input from outside goes through [`Player::new`].
    ///
    /// # Panics
    /// When `index >= MAX_PLAYERS`: a seat is never silently clamped to another one.
    #[inline]
    pub const fn from_index(index: usize) -> Player {
        assert!(index < MAX_PLAYERS, "a seat index is below MAX_PLAYERS");
        Player(index as u8)
    }

    /// The 0-based index of this seat.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat clockwise among `n` seats.
    pub const fn next(self, n: usize) -> Player {
        Player(((self.0 as usize + 1) % n) as u8)
    }

    /// All seats `0..n` in clockwise order.
    pub fn all(n: usize) -> impl DoubleEndedIterator<Item = Player> + ExactSizeIterator + Clone {
        (0..n.min(MAX_PLAYERS)).map(|i| Player(i as u8))
    }

    /// `n` seats in clockwise order starting with `self`.
    pub fn clockwise_from(self, n: usize) -> impl Iterator<Item = Player> + Clone {
        let start = self.index();
        (0..n.min(MAX_PLAYERS)).map(move |k| Player(((start + k) % n) as u8))
    }
}

impl fmt::Display for Player {
    /// People see seats 1-based: `P1`, `P2`, …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0 + 1)
    }
}

impl FromStr for Player {
    type Err = String;

    /// Accepts `P1`…`P6` (1-based, as displayed) or a bare 0-based index `0`…`5`.
    fn from_str(s: &str) -> Result<Player, String> {
        let s = s.trim();
        let index = if let Some(rest) = s.strip_prefix(['P', 'p']) {
            rest.parse::<usize>().ok().and_then(|n| n.checked_sub(1))
        } else {
            s.parse::<usize>().ok()
        };
        index
            .and_then(Player::new)
            .ok_or_else(|| format!("`{s}` is not a seat: write P1…P{MAX_PLAYERS} or 0…{}", MAX_PLAYERS - 1))
    }
}

impl Serialize for Player {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.0)
    }
}

impl<'de> Deserialize<'de> for Player {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Player, D::Error> {
        let index = u64::deserialize(d)?;
        usize::try_from(index)
            .ok()
            .and_then(Player::new)
            .ok_or_else(|| serde::de::Error::custom(format!("seat {index} is out of range 0..{MAX_PLAYERS}")))
    }
}

/// A set of seats, as a bit mask.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PlayerSet(u8);

impl PlayerSet {
    /// No seats.
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// Seats `0..n`.
    pub const fn first_n(n: usize) -> PlayerSet {
        let n = if n > MAX_PLAYERS { MAX_PLAYERS } else { n };
        PlayerSet(((1u16 << n) - 1) as u8)
    }

    /// The set holding only `p`.
    pub const fn only(p: Player) -> PlayerSet {
        PlayerSet(1 << p.0)
    }

    pub const fn contains(self, p: Player) -> bool {
        self.0 & (1 << p.0) != 0
    }

    pub const fn with(self, p: Player) -> PlayerSet {
        PlayerSet(self.0 | (1 << p.0))
    }

    pub const fn without(self, p: Player) -> PlayerSet {
        PlayerSet(self.0 & !(1 << p.0))
    }

    /// The seats in both sets.
    pub const fn intersection(self, other: PlayerSet) -> PlayerSet {
        PlayerSet(self.0 & other.0)
    }

    pub fn insert(&mut self, p: Player) {
        *self = self.with(p);
    }

    pub fn remove(&mut self, p: Player) {
        *self = self.without(p);
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest seat in the set.
    pub const fn first(self) -> Option<Player> {
        if self.0 == 0 { None } else { Some(Player(self.0.trailing_zeros() as u8)) }
    }

    /// The seats in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Player> + Clone {
        crate::bits::ones(self.0).map(|i| Player(i as u8))
    }
}

impl FromIterator<Player> for PlayerSet {
    fn from_iter<I: IntoIterator<Item = Player>>(iter: I) -> PlayerSet {
        iter.into_iter().fold(PlayerSet::EMPTY, PlayerSet::with)
    }
}

impl fmt::Debug for PlayerSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl Serialize for PlayerSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for PlayerSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PlayerSet, D::Error> {
        Ok(Vec::<Player>::deserialize(d)?.into_iter().collect())
    }
}

/// One `T` per seat: a typed array indexed by [`Player`], never by a bare `usize`.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct ByPlayer<T> {
    items: ArrayVec<T, MAX_PLAYERS>,
}

impl<T> ByPlayer<T> {
    /// `n` values made by `f` from each seat (`n` is clamped to [`MAX_PLAYERS`]).
    pub fn from_fn(n: usize, mut f: impl FnMut(Player) -> T) -> ByPlayer<T> {
        ByPlayer { items: Player::all(n).map(&mut f).collect() }
    }

    /// `n` copies of `value`.
    pub fn filled(n: usize, value: T) -> ByPlayer<T>
    where
        T: Clone,
    {
        ByPlayer::from_fn(n, |_| value.clone())
    }

    /// From a list of per-seat values; `None` if it holds more than [`MAX_PLAYERS`].
    pub fn from_vec(values: Vec<T>) -> Option<ByPlayer<T>> {
        if values.len() > MAX_PLAYERS {
            return None;
        }
        Some(ByPlayer { items: values.into_iter().collect() })
    }

    /// The number of seats.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn get(&self, p: Player) -> Option<&T> {
        self.items.get(p.index())
    }

    pub fn get_mut(&mut self, p: Player) -> Option<&mut T> {
        self.items.get_mut(p.index())
    }

    #[inline]
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (Player, &T)> + ExactSizeIterator {
        self.items.iter().enumerate().map(|(i, v)| (Player::from_index(i), v))
    }

    pub fn values(&self) -> std::slice::Iter<'_, T> {
        self.items.iter()
    }

    pub fn values_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.items.iter_mut()
    }

    pub fn as_slice(&self) -> &[T] {
        &self.items
    }

    pub fn map<U>(&self, mut f: impl FnMut(Player, &T) -> U) -> ByPlayer<U> {
        ByPlayer { items: self.iter().map(|(p, v)| f(p, v)).collect() }
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;
    fn index(&self, p: Player) -> &T {
        &self.items[p.index()]
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    fn index_mut(&mut self, p: Player) -> &mut T {
        &mut self.items[p.index()]
    }
}

impl<T: fmt::Debug> fmt::Debug for ByPlayer<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.items.iter()).finish()
    }
}

impl<T: Serialize> Serialize for ByPlayer<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.items.iter())
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for ByPlayer<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ByPlayer<T>, D::Error> {
        let values = Vec::<T>::deserialize(d)?;
        let n = values.len();
        ByPlayer::from_vec(values).ok_or_else(|| {
            serde::de::Error::custom(format!("{n} per-seat values given, at most {MAX_PLAYERS} seats exist"))
        })
    }
}

/// Who is looking: a seated player, or a spectator who sees only public information.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    Player(Player),
    Spectator,
}

impl Viewer {
    pub fn player(self) -> Option<Player> {
        match self {
            Viewer::Player(p) => Some(p),
            Viewer::Spectator => None,
        }
    }
}

impl From<Player> for Viewer {
    fn from(p: Player) -> Viewer {
        Viewer::Player(p)
    }
}

impl fmt::Display for Viewer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Viewer::Player(p) => p.fmt(f),
            Viewer::Spectator => f.write_str("spectator"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_display_one_based_and_parse_both_ways() {
        let p = Player::new(2).unwrap();
        assert_eq!(p.to_string(), "P3");
        assert_eq!("P3".parse::<Player>(), Ok(p));
        assert_eq!("2".parse::<Player>(), Ok(p));
        assert!("P0".parse::<Player>().is_err());
        assert!("P7".parse::<Player>().is_err());
        assert!("x".parse::<Player>().is_err());
    }

    #[test]
    #[should_panic(expected = "a seat index is below MAX_PLAYERS")]
    fn an_out_of_range_seat_is_never_clamped() {
        let _ = Player::from_index(MAX_PLAYERS);
    }

    #[test]
    fn clockwise_wraps_around() {
        let order: Vec<_> = Player::from_index(2).clockwise_from(4).map(Player::index).collect();
        assert_eq!(order, [2, 3, 0, 1]);
        assert_eq!(Player::from_index(3).next(4), Player::from_index(0));
    }

    #[test]
    fn player_sets_iterate_in_seat_order() {
        let set: PlayerSet = [3, 0, 5].into_iter().map(Player::from_index).collect();
        assert_eq!(set.iter().map(Player::index).collect::<Vec<_>>(), [0, 3, 5]);
        assert_eq!(set.len(), 3);
        assert_eq!(PlayerSet::first_n(6).len(), 6);
        assert_eq!(set.without(Player::from_index(0)).first(), Some(Player::from_index(3)));
        assert_eq!(serde_json::to_string(&set).unwrap(), "[0,3,5]");
    }

    #[test]
    fn by_player_rejects_too_many_seats() {
        let err = serde_json::from_str::<ByPlayer<u8>>("[1,2,3,4,5,6,7]").unwrap_err();
        assert!(err.to_string().contains("at most 6 seats"), "{err}");
        let ok: ByPlayer<u8> = serde_json::from_str("[1,2]").unwrap();
        assert_eq!(ok[Player::from_index(1)], 2);
    }
}
