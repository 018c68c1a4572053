//! The heuristic for greedy bots and search cut-offs.

use worlds_engine::Player;

use crate::flow;
use crate::piece::Size;
use crate::state::State;
use crate::territory::Continent;

/// A cheap estimate of `player`'s chances: their share of the strength of the players still in,
/// where strength counts pips on the board and, more steeply, progress towards holding another
/// continent.
pub fn evaluate(s: &State, player: Player) -> f64 {
    if let Some(outcome) = flow::outcome(s) {
        return outcome.returns.get(player).copied().unwrap_or(0.0);
    }
    let strength = |p: Player| {
        if !s.is_in(p) {
            return 0.0;
        }
        let own = s.owned_by(p);
        let pips: u32 = Size::ALL.iter().map(|z| (own & s.sized[z.index()]).count_ones() * u32::from(z.pips())).sum();
        let best = Continent::ALL
            .iter()
            .filter(|&&c| Some(c) != s.home(p))
            .map(|c| (own & c.mask()).count_ones())
            .max()
            .unwrap_or(0);
        let home = (own & s.home_mask(p)).count_ones();
        f64::from(pips) + 1.5 * f64::from(best * best) + f64::from(home)
    };
    let total: f64 = Player::all(s.players()).map(strength).sum();
    if total <= 0.0 { 0.0 } else { strength(player) / total }
}
