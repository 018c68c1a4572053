//! The end (WD-SCORE): final scores, the ranking with the Ego tie-break and eliminations, and the
//! returns.

use worlds_engine::{ByPlayer, Outcome, Player};

use crate::content::Content;
use crate::ctx::{self, Map};
use crate::need::spot_cost;
use crate::state::Table;

/// WD-SCORE-1, WD-SCORE-2: VP track + units + income (at most 24) + Popularity + peace VP.
pub fn final_score(c: &Content, t: &Table, map: &Map, p: Player) -> u16 {
    let seat = &t.seats[p];
    let units = seat.units.iter().filter(|u| u.on_board()).count() as u16;
    let income = ctx::income(c, t, map, p).min(24);
    let peace = if t.peace.iter().flatten().any(|(q, _)| *q == p) {
        t.peace.iter().rposition(Option::is_some).map_or(0, spot_cost)
    } else {
        0
    };
    [units, income, u16::from(seat.popularity), peace].into_iter().fold(seat.vp, u16::saturating_add)
}

/// WD-SCORE-3: the highest score wins, ties to the most Ego, then shared; eliminated players rank
/// below all others, later eliminations above earlier ones.
pub fn outcome(c: &Content, t: &Table) -> Outcome {
    let map = Map::new(c, t);
    let n = t.seats.len();
    // Without allocating: the outcome is counted at the end of every simulated game.
    let scores = ByPlayer::from_fn(n, |p| final_score(c, t, &map, p));
    // The key: in the game first, then score, then Ego; out of the game, later eliminations first.
    let key = |p: Player| -> (u8, u16, u8) {
        let seat = &t.seats[p];
        match seat.out {
            None => (u8::MAX, scores[p], seat.ego),
            Some(order) => (order, 0, 0),
        }
    };
    let ranks = ByPlayer::from_fn(n, |p| 1 + Player::all(n).filter(|&q| key(q) > key(p)).count() as u8);
    Outcome::ranked(scores.map(|_, &s| i64::from(s)), ranks)
}
