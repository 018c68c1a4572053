//! The end of a game: scores, ranking and returns.

use serde::{Deserialize, Serialize};

use crate::player::{ByPlayer, Player, PlayerSet};

/// How a finished game ended for each seat.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Outcome {
    /// Each player's score as the rulebook counts it (games without scores use 1 for a win and 0
    /// otherwise).
    pub scores: ByPlayer<i64>,
    /// Each player's place, 1 = best; tied players share a place (1, 1, 3).
    pub ranks: ByPlayer<u8>,
    /// What a bot maximises: 1 shared equally among the winners, 0 for everyone else.
    pub returns: ByPlayer<f64>,
}

impl Outcome {
    /// `winner` wins alone among `n` players.
    pub fn single_winner(n: usize, winner: Player) -> Outcome {
        Outcome::shared(n, PlayerSet::only(winner))
    }

    /// The players in `winners` share the win (a draw among them); everyone else loses.
    pub fn shared(n: usize, winners: PlayerSet) -> Outcome {
        let share = if winners.is_empty() { 0.0 } else { 1.0 / winners.len() as f64 };
        Outcome {
            scores: ByPlayer::from_fn(n, |p| i64::from(winners.contains(p))),
            ranks: ByPlayer::from_fn(n, |p| if winners.contains(p) { 1 } else { winners.len() as u8 + 1 }),
            returns: ByPlayer::from_fn(n, |p| if winners.contains(p) { share } else { 0.0 }),
        }
    }

    /// Ranks by score, highest first; the players with the top score share the win.
    pub fn from_scores(scores: ByPlayer<i64>) -> Outcome {
        let ranks = scores.map(|_, s| 1 + scores.values().filter(|&&o| o > *s).count() as u8);
        let winners: PlayerSet = ranks.iter().filter(|(_, r)| **r == 1).map(|(p, _)| p).collect();
        let share = 1.0 / winners.len().max(1) as f64;
        let returns = scores.map(|p, _| if winners.contains(p) { share } else { 0.0 });
        Outcome { scores, ranks, returns }
    }

    /// Scores and places decided by the game's own order (tie-breaks, eliminations): the players
    /// placed first share the win.
    pub fn ranked(scores: ByPlayer<i64>, ranks: ByPlayer<u8>) -> Outcome {
        let winners = ranks.values().filter(|&&r| r == 1).count();
        let share = 1.0 / winners.max(1) as f64;
        let returns = ranks.map(|_, &r| if r == 1 { share } else { 0.0 });
        Outcome { scores, ranks, returns }
    }

    /// The players placed first.
    pub fn winners(&self) -> PlayerSet {
        self.ranks.iter().filter(|(_, r)| **r == 1).map(|(p, _)| p).collect()
    }

    /// True when more than one player shares first place.
    pub fn is_shared(&self) -> bool {
        self.winners().len() > 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(i: usize) -> Player {
        Player::from_index(i)
    }

    #[test]
    fn a_single_winner_takes_everything() {
        let o = Outcome::single_winner(3, p(1));
        assert_eq!(o.returns.as_slice(), [0.0, 1.0, 0.0]);
        assert_eq!(o.ranks.as_slice(), [2, 1, 2]);
        assert_eq!(o.winners(), PlayerSet::only(p(1)));
    }

    #[test]
    fn places_decided_by_the_game_share_the_win_among_the_first() {
        let o = Outcome::ranked(ByPlayer::from_vec(vec![5, 5, 9]).unwrap(), ByPlayer::from_vec(vec![1, 1, 3]).unwrap());
        assert_eq!(o.returns.as_slice(), [0.5, 0.5, 0.0]);
        assert_eq!(o.scores.as_slice(), [5, 5, 9]);
    }

    #[test]
    fn scores_rank_with_shared_places() {
        let o = Outcome::from_scores(ByPlayer::from_vec(vec![5, 9, 9, -2]).unwrap());
        assert_eq!(o.ranks.as_slice(), [3, 1, 1, 4]);
        assert_eq!(o.returns.as_slice(), [0.0, 0.5, 0.5, 0.0]);
        assert!(o.is_shared());
    }
}
