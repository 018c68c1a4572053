//! The bots' cheap estimate: VP share, with guild strength and hand size as tie-breaks.

use worlds_engine::Player;

use crate::content::{Content, VP_TO_WIN};
use crate::state::State;
use crate::values::Values;

pub fn evaluate(c: &Content, s: &State, player: Player) -> f64 {
    let t = &s.t;
    let v = Values::new(c, t);
    let score = |p: Player| {
        let guild: i32 = (0..t.seats[p].guild.len()).map(|m| v.xp(p, m)).sum();
        f64::from(v.vp(p)) + 0.3 * f64::from(guild) + 0.4 * f64::from(t.seats[p].hand.len())
    };
    let me = score(player);
    let best_other = Player::all(t.seats.len()).filter(|&p| p != player).map(score).fold(0.0, f64::max);
    let x = (me - best_other) / f64::from(VP_TO_WIN);
    1.0 / (1.0 + (-3.0 * x).exp())
}
