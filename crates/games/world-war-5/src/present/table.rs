//! The table (WW5-VIEW-1): what a viewer sees apart from the board, which the terminal, the
//! browser and Python draw by the engine's shared code.

use worlds_engine::Player;
use worlds_engine::present::{Count, Panel, Table};

use crate::content::Content;
use crate::piece::Size;
use crate::view::Observation;

/// What a viewer sees apart from the board: the turn, and for each player their home, how many
/// territories they hold, the pyramids in their stash, and whether they are out or one action
/// from winning.
pub fn table(content: &Content, obs: &Observation) -> Table {
    let held = |p: Player| obs.board.iter().filter(|sq| sq.piece.is_some_and(|x| x.player == p)).count() as i64;
    let phase = if obs.turn == 0 { "Setup".to_owned() } else { format!("Turn {} of {}", obs.turn, obs.turn_cap) };
    let panels = obs
        .players
        .iter()
        .map(|info| {
            let mut counts = vec![Count::new("Territories", held(info.seat))];
            counts.extend(Size::ALL.map(|size| Count::new(format!("Stash {size}"), info.stash.count(size))));
            let mut notes = Vec::new();
            if !info.still_in {
                notes.push("out of the game".to_owned());
            } else if obs.threats.iter().any(|t| t.player() == info.seat) {
                notes.push("one action from winning".to_owned());
            }
            Panel {
                seat: info.seat,
                faction: info.home.map(|c| content.board.continent_name(c).to_owned()),
                counts,
                cards: Vec::new(),
                hand: None,
                acting: obs.to_act.players().contains(info.seat),
                notes,
            }
        })
        .collect();
    Table { phase, panels, ..Table::default() }
}
