//! The Business phase's round of action turns (BI-BUS-2, BI-BUS-3) on the flow kit's
//! [`worlds_engine::flow::Round`]: the end of an action turn, by an action or a pass.

use crate::state::{Deal, Step, Table};

/// The holder's action turn ends: an action starts the count of passes again, a pass adds one
/// (BI-BUS-3). His extra effort expires, used or not (BI-EFFORT-1), and his deal window closes.
pub fn end_turn(t: &mut Table, acted: bool) {
    let Some(Step::Business { round, deal }) = t.stack.top_mut() else { return };
    let Some(holder) = round.holder() else { return };
    if acted {
        round.acted();
    } else {
        round.pass();
    }
    *deal = Deal::default();
    t.seats[holder].bonus = [0; 4];
}
