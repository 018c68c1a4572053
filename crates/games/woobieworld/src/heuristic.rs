//! The heuristic for greedy bots and search cut-offs.

use worlds_engine::Player;

use crate::content::Content;
use crate::flow;
use crate::in_force;
use crate::state::State;

/// My score against the best other score, squashed to 0…1 and sharpened as the volcano nears.
pub fn evaluate(c: &Content, s: &State, player: Player) -> f64 {
    if let Some(o) = flow::outcome(s) {
        return o.returns.get(player).copied().unwrap_or(0.0);
    }
    let mine = s.score(player) as f64;
    let best = Player::all(s.players()).filter(|&p| p != player).map(|p| s.score(p)).max().unwrap_or(0) as f64;
    let urgency = 1.0 + f64::from(in_force::volcanoes_in_play(c, s));
    0.5 + 0.5 * ((mine - best) * urgency / 40.0).tanh()
}
