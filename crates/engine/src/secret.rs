//! Choices made face down at the same time: everyone commits, nobody sees another's choice until
//! all are revealed together (Woobieworld's cycle cards, Bastards Inc.'s draws, lifts and
//! resistance, sealed bids).
//!
//! A choice is committed in one step ([`Secret::commit`]) or made over several
//! ([`Secret::open`], changed through [`Secret::draft_mut`], then [`Secret::finish`]): while it
//! is open its owner sees it and the others nothing, not even that it was begun.
//!
//! [`Secret`] holds the truth for the rules; what each viewer may know of it is
//! [`Secret::seen_by`]: their own choice, that the others have chosen, and everything once
//! revealed. Observations are built from `seen_by` and the leak test's secrets from
//! [`Secret::hidden_from`], so the one place that decides who sees a face-down choice is here.
//!
//! ```
//! use worlds_engine::secret::{Seen, Secret};
//! use worlds_engine::{Player, PlayerSet, Viewer};
//!
//! let p = Player::from_index;
//! let mut bids: Secret<u8> = Secret::new(3);
//! bids.commit(p(0), 5);
//! assert_eq!(bids.waiting(PlayerSet::first_n(3)), [p(1), p(2)].into_iter().collect());
//! assert_eq!(bids.seen_by(p(0), Viewer::Player(p(1))), Seen::FaceDown);
//! assert_eq!(bids.seen_by(p(0), Viewer::Player(p(0))), Seen::Choice(5));
//! bids.commit(p(1), 3);
//! bids.commit(p(2), 9);
//! bids.reveal();
//! assert_eq!(bids.seen_by(p(2), Viewer::Spectator), Seen::Choice(9));
//! ```

use serde::{Deserialize, Serialize};

use crate::player::{ByPlayer, Player, PlayerSet, Viewer};

/// Each seat's face-down choice (if made), and whether they have been revealed.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Secret<T> {
    chosen: ByPlayer<Option<T>>,
    /// The seats whose choice is still being made, over several steps.
    #[serde(default, skip_serializing_if = "none_open")]
    open: PlayerSet,
    revealed: bool,
}

fn none_open(open: &PlayerSet) -> bool {
    open.is_empty()
}

/// What a viewer knows of one seat's face-down choice.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Seen<T> {
    /// No choice made.
    Nothing,
    /// A choice was made, face down.
    FaceDown,
    /// The choice itself: the viewer's own, or revealed to all.
    Choice(T),
}

/// No seats: what a saved position that predates its choices holds until it is loaded.
impl<T> Default for Secret<T> {
    fn default() -> Secret<T> {
        Secret { chosen: ByPlayer::default(), open: PlayerSet::EMPTY, revealed: false }
    }
}

impl<T: Copy> Secret<T> {
    /// Nobody among `players` has chosen yet.
    pub fn new(players: usize) -> Secret<T> {
        Secret { chosen: ByPlayer::filled(players, None), open: PlayerSet::EMPTY, revealed: false }
    }

    /// Choices made in one step as plain data (a saved position), checked for one entry per seat.
    pub fn from_parts(chosen: Vec<Option<T>>, revealed: bool) -> Option<Secret<T>> {
        Some(Secret { chosen: ByPlayer::from_vec(chosen)?, open: PlayerSet::EMPTY, revealed })
    }

    /// The number of seats.
    pub fn players(&self) -> usize {
        self.chosen.len()
    }

    /// For a saved position: what is wrong with these choices for a game of `players` seats, if
    /// anything (one entry per seat; a choice open only where one is being made).
    pub fn check(&self, players: usize) -> Result<(), String> {
        if self.chosen.len() != players {
            return Err(format!("{} entries for {players} seats", self.chosen.len()));
        }
        match self.open.iter().find(|&p| self.get(p).is_none()) {
            Some(p) => Err(format!("{p}'s choice is open but holds nothing")),
            None => Ok(()),
        }
    }

    /// `p` chooses `choice` face down (again, if they had: the last choice stands).
    pub fn commit(&mut self, p: Player, choice: T) {
        if let Some(slot) = self.chosen.get_mut(p) {
            *slot = Some(choice);
            self.open.remove(p);
        }
    }

    /// `p` begins a choice made over several steps, from `draft`: seen by `p` alone, and by the
    /// others not at all until [`Secret::finish`].
    pub fn open(&mut self, p: Player, draft: T) {
        if let Some(slot) = self.chosen.get_mut(p) {
            *slot = Some(draft);
            self.open.insert(p);
        }
    }

    /// `p`'s choice while it is still being made, to change.
    pub fn draft_mut(&mut self, p: Player) -> Option<&mut T> {
        if !self.open.contains(p) {
            return None;
        }
        self.chosen.get_mut(p)?.as_mut()
    }

    /// `p`'s choice, begun with [`Secret::open`], is made.
    pub fn finish(&mut self, p: Player) {
        self.open.remove(p);
    }

    /// Whether `p` is making a choice over several steps and has not finished it.
    pub fn is_open(&self, p: Player) -> bool {
        self.open.contains(p)
    }

    /// `p`'s choice, as the rules see it (never shown to a viewer from here: see
    /// [`Secret::seen_by`]).
    pub fn get(&self, p: Player) -> Option<T> {
        self.chosen.get(p).copied().flatten()
    }

    /// Takes `p`'s choice out (played, or taken back).
    pub fn take(&mut self, p: Player) -> Option<T> {
        self.open.remove(p);
        self.chosen.get_mut(p).and_then(Option::take)
    }

    /// Whether `p` has made a choice (not one still open).
    pub fn has_chosen(&self, p: Player) -> bool {
        self.get(p).is_some() && !self.is_open(p)
    }

    /// The seats among `among` that have not chosen yet.
    pub fn waiting(&self, among: PlayerSet) -> PlayerSet {
        among.iter().filter(|&p| !self.has_chosen(p)).collect()
    }

    /// Every choice is shown to everyone from now on.
    pub fn reveal(&mut self) {
        self.revealed = true;
    }

    pub fn is_revealed(&self) -> bool {
        self.revealed
    }

    /// What `viewer` may know of `p`'s choice: their own always, another's only once revealed
    /// (before that, only whether one was made: a choice still open is none to them).
    pub fn seen_by(&self, p: Player, viewer: Viewer) -> Seen<T> {
        match self.get(p) {
            None => Seen::Nothing,
            Some(c) if self.revealed || viewer.player() == Some(p) => Seen::Choice(c),
            Some(_) if self.is_open(p) => Seen::Nothing,
            Some(_) => Seen::FaceDown,
        }
    }

    /// The choices `viewer` may not see: every other seat's, until revealed.
    pub fn hidden_from(&self, viewer: Viewer) -> impl Iterator<Item = (Player, T)> + '_ {
        self.chosen
            .iter()
            .filter(move |&(p, _)| !self.revealed && viewer.player() != Some(p))
            .filter_map(|(p, c)| Some((p, (*c)?)))
    }

    /// Every seat's choice (the truth), seat by seat.
    pub fn iter(&self) -> impl Iterator<Item = (Player, Option<T>)> + '_ {
        self.chosen.iter().map(|(p, c)| (p, *c))
    }

    /// The choices as plain data, one entry per seat (whether each is still open is not part of
    /// it: for choices made in one step).
    pub fn to_parts(&self) -> (Vec<Option<T>>, bool) {
        (self.chosen.values().copied().collect(), self.revealed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(i: usize) -> Player {
        Player::from_index(i)
    }

    /// Before the reveal a seat sees its own choice and only that the others chose; a
    /// spectator sees no choice; after it everyone sees all.
    #[test]
    fn a_choice_is_seen_by_its_owner_until_all_are_revealed() {
        let mut s: Secret<u8> = Secret::new(3);
        s.commit(p(0), 7);
        s.commit(p(2), 1);
        for (viewer, expected) in [
            (Viewer::Player(p(0)), [Seen::Choice(7), Seen::Nothing, Seen::FaceDown]),
            (Viewer::Player(p(1)), [Seen::FaceDown, Seen::Nothing, Seen::FaceDown]),
            (Viewer::Spectator, [Seen::FaceDown, Seen::Nothing, Seen::FaceDown]),
        ] {
            assert_eq!([0, 1, 2].map(|i| s.seen_by(p(i), viewer)), expected, "{viewer:?}");
        }
        assert_eq!(s.hidden_from(Viewer::Player(p(0))).collect::<Vec<_>>(), [(p(2), 1)]);
        assert_eq!(s.hidden_from(Viewer::Spectator).count(), 2);
        assert_eq!(s.waiting(PlayerSet::first_n(3)), [p(1)].into_iter().collect());
        s.reveal();
        assert_eq!(
            [0, 1, 2].map(|i| s.seen_by(p(i), Viewer::Spectator)),
            [Seen::Choice(7), Seen::Nothing, Seen::Choice(1)]
        );
        assert_eq!(s.hidden_from(Viewer::Spectator).count(), 0);
    }

    /// A choice made over several steps: its owner sees it from the first; the others see
    /// nothing until it is finished, then that it was made; it is secret from them all along.
    #[test]
    fn a_choice_made_in_steps_is_nothing_to_the_others_until_finished() {
        let mut s: Secret<u8> = Secret::new(2);
        s.open(p(0), 1);
        *s.draft_mut(p(0)).unwrap() += 2;
        assert_eq!(s.draft_mut(p(1)), None);
        assert_eq!((s.get(p(0)), s.is_open(p(0)), s.has_chosen(p(0))), (Some(3), true, false));
        assert_eq!(s.seen_by(p(0), Viewer::Player(p(0))), Seen::Choice(3));
        assert_eq!(s.seen_by(p(0), Viewer::Player(p(1))), Seen::Nothing);
        assert_eq!(s.seen_by(p(0), Viewer::Spectator), Seen::Nothing);
        assert_eq!(s.hidden_from(Viewer::Player(p(1))).collect::<Vec<_>>(), [(p(0), 3)]);
        assert_eq!(s.waiting(PlayerSet::first_n(2)), PlayerSet::first_n(2));
        assert_eq!(serde_json::to_string(&s).unwrap(), r#"{"chosen":[3,null],"open":[0],"revealed":false}"#);
        let back: Secret<u8> = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        assert_eq!(back, s);
        s.finish(p(0));
        assert_eq!(s.draft_mut(p(0)), None);
        assert_eq!(s.seen_by(p(0), Viewer::Player(p(1))), Seen::FaceDown);
        assert_eq!(s.waiting(PlayerSet::first_n(2)), [p(1)].into_iter().collect());
        s.open(p(1), 5);
        assert_eq!(s.check(2), Ok(()));
        assert_eq!(s.check(3), Err("2 entries for 3 seats".into()));
        assert_eq!(s.take(p(1)), Some(5));
        assert!(!s.is_open(p(1)));
        let hollow: Secret<u8> = serde_json::from_str(r#"{"chosen":[null,null],"open":[1],"revealed":false}"#).unwrap();
        assert_eq!(hollow.check(2), Err("P2's choice is open but holds nothing".into()));
    }

    #[test]
    fn choices_change_until_taken_and_round_trip_as_data() {
        let mut s: Secret<u8> = Secret::new(2);
        s.commit(p(1), 4);
        s.commit(p(1), 5);
        s.commit(Player::from_index(5), 9); // no such seat: nothing happens
        assert_eq!(s.get(p(1)), Some(5));
        let (parts, revealed) = s.to_parts();
        assert_eq!((parts.as_slice(), revealed), ([None, Some(5)].as_slice(), false));
        assert_eq!(Secret::from_parts(parts, revealed), Some(s.clone()));
        assert_eq!(s.take(p(1)), Some(5));
        assert!(!s.has_chosen(p(1)));
        assert_eq!(serde_json::to_string(&s).unwrap(), r#"{"chosen":[null,null],"revealed":false}"#);
    }
}
