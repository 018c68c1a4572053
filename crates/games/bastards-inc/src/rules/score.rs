//! The end (BI-WIN-1, BI-OUT-1, BI-BUNKER-2): players rank by Billions in reserve, then Goodwill;
//! after Nuclear Apocalypse only the bunker owners can win.

use worlds_engine::{ByPlayer, Outcome, Player};

use crate::state::{Ending, Table};

/// The outcome of a finished game.
pub fn outcome(t: &Table) -> Outcome {
    let n = t.players();
    // Scores are the Billions in reserve (BI-WIN-1); ranks use Goodwill to break ties.
    let scores = ByPlayer::from_fn(n, |p| i64::from(t.seats[p].billions));
    let key = |p: Player| (t.seats[p].billions, t.seats[p].goodwill);
    let bunkered = |p: Player| t.seats[p].bunker.is_some();
    let apocalypse = t.over == Some(Ending::Apocalypse);
    if apocalypse && !Player::all(n).any(bunkered) {
        // BI-BUNKER-2: everybody loses, all ranked equal.
        return Outcome { scores, ranks: ByPlayer::filled(n, 1), returns: ByPlayer::filled(n, 0.0) };
    }
    // Bunker owners rank above everyone else after Nuclear Apocalypse.
    let group = |p: Player| (u8::from(apocalypse && !bunkered(p)), std::cmp::Reverse(key(p)));
    let ranks = ByPlayer::from_fn(n, |p| 1 + Player::all(n).filter(|&q| group(q) < group(p)).count() as u8);
    Outcome::ranked(scores, ranks)
}
