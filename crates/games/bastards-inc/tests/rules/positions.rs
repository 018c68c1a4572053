//! Positions from outside (saved games, bug reports, the protocol): what the rules cannot reach is
//! refused with its JSON path, and counters never wrap.

use worlds_bastards_inc::{BastardsInc, Table};
use worlds_engine::Game;

use crate::common::{act, blank, card, game, give, legal, load, money, p};

/// The refusal of a position, as text.
fn refusal(g: &BastardsInc, t: &Table) -> String {
    g.load_state_value(serde_json::to_value(t).unwrap()).expect_err("the position loads").to_string()
}

/// BI-RULING-11: a company holds at most 255 Goodwill: a gain stops there, a resister may bid up
/// to all of it, and a position holding more is refused.
#[test]
fn bi_ruling_11_a_company_holds_at_most_255_goodwill() {
    let g = game(3);
    let mut t = blank(&g);
    give(&mut t, 0, card(&g, "charity-gala"));
    money(&mut t, 0, 10, 254);
    let mut s = load(&g, &t);
    assert_eq!(act(&g, &mut s, 0, "charity-gala"), ["P1 plays Charity Gala", "P1's Goodwill 254 → 255"]);
    assert_eq!(s.t.seats[0].goodwill, 255);
    money(&mut t, 1, 10, 256);
    assert_eq!(refusal(&g, &t), "state field `seats[1].goodwill`: a company holds at most 255 Goodwill (BI-RULING-11)");
    let _ = (legal, p);
}
