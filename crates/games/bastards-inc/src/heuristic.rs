//! The bots' cheap estimate (`evaluate`): a company's worth — reserve, black money not yet
//! laundered, VPs and Goodwill — against the strongest rival's.

use worlds_engine::Player;

use crate::state::{State, Table};

fn worth(t: &Table, p: usize) -> f64 {
    let s = &t.seats[p];
    let black: u32 = s.vps.iter().map(|v| v.black).sum();
    f64::from(s.billions) + 0.6 * f64::from(black) + 5.0 * s.controlled() as f64 + 0.5 * f64::from(s.goodwill)
}

/// 0 = lost … 1 = won.
pub fn evaluate(s: &State, player: Player) -> f64 {
    let t = &s.t;
    let me = worth(t, player.index());
    let best_other = (0..t.players()).filter(|&q| q != player.index()).map(|q| worth(t, q)).fold(0.0, f64::max);
    (me + 1.0) / (me + best_other + 2.0)
}
