//! The bots' cheap estimate: each player's score if the game ended now (WD-SCORE-1), the lead
//! over the best opponent squashed into 0–1.

use worlds_engine::Player;

use crate::content::Content;
use crate::ctx::Map;
use crate::score;
use crate::state::State;

pub fn evaluate(c: &Content, s: &State, me: Player) -> f64 {
    let t = &s.t;
    if !t.seats[me].in_game() {
        return 0.0;
    }
    let map = Map::new(c, t);
    let mine = f64::from(score::final_score(c, t, &map, me));
    let best = t
        .in_order()
        .filter(|&q| q != me)
        .map(|q| f64::from(score::final_score(c, t, &map, q)))
        .fold(f64::NEG_INFINITY, f64::max);
    if best == f64::NEG_INFINITY {
        return 1.0;
    }
    0.5 + 0.5 * ((mine - best) / 12.0).tanh()
}
