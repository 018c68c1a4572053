//! What play can reach, beyond each field's own range: the end of the game where the rules put it
//! (BI-END-1, BI-END-2, BI-WAR-4), the last war as the war table gave it (BI-WAR-2, BI-WARTAB-1),
//! the placement order (BI-PLACE-2), a Battle of Goodwill's occupants and bids (BI-BATTLE-1..3) and
//! the deal window (BI-DEAL-2). Used by `validate.rs`; each check names the JSON path.

use worlds_engine::{Player, PlayerSet, StateError};

use crate::card::Op;
use crate::content::Content;
use crate::content::fail_if;
use crate::state::{Choice, Ending, Spot, Stage, Step, Table};
use crate::validate::bad;

/// BI-END-1, BI-END-2: the end is checked after each Business phase, so outside it nobody holds
/// the money target in a game going on, and a game over ended as its numbers say.
pub fn check_end(c: &Content, t: &Table) -> Result<(), StateError> {
    let rich = t.seats.iter().find(|(_, s)| s.billions >= c.target).map(|(p, _)| p);
    let in_business = matches!(t.stack.bottom(), Some(Step::Business { .. }));
    // Only the Business phase earns Billions, unless an event or a war card of the content does.
    let earned_elsewhere = c.cards.events.iter().any(|e| e.has(crate::card::earns))
        || c.cards.kinds.iter().any(|k| k.is_war_card() && k.has(crate::card::earns));
    match t.over {
        // In turn 1 no Business phase has ended yet (the target may be below the start's Billions).
        None if in_business || earned_elsewhere || t.turn == 1 => {}
        None => {
            if let Some(p) = rich {
                return Err(bad(
                    format!("seats[{}].billions", p.index()),
                    format!(
                        "{} Billions reach the money target of {}, and the game would have ended after the last \
                         Business phase (BI-END-1)",
                        t.seats[p].billions, c.target
                    ),
                ));
            }
        }
        Some(Ending::Money) if rich.is_none() => {
            return Err(bad(
                "over",
                format!("the game ended on the money target, but nobody holds {} Billions (BI-END-1)", c.target),
            ));
        }
        Some(Ending::TurnCap) => {
            if let Some(p) = rich {
                return Err(bad(
                    "over",
                    format!("{p} holds the money target, so the game ended on it, not on the turn cap (BI-END-1)"),
                ));
            }
            if t.turn != c.turn_cap {
                return Err(bad(
                    "over",
                    format!("the turn cap ends the game after turn {}, not {} (BI-END-2)", c.turn_cap, t.turn),
                ));
            }
        }
        Some(Ending::Apocalypse) => {
            // BI-WAR-4: only the war table's Nuclear Apocalypse ends the game so.
            let row = t.last_war.and_then(|w| c.board.war.get(usize::from(w.row)));
            if !row.is_some_and(|r| r.apocalypse) {
                return Err(bad(
                    "over",
                    format!(
                        "only a Nuclear Apocalypse on the war table ends the game so, and the last war gave {} (BI-WAR-4)",
                        row.map_or("nothing", |r| r.name.as_str())
                    ),
                ));
            }
        }
        Some(_) => {}
    }
    Ok(())
}

/// BI-PLACE-2: the placer of the order's turn has a lifted VP (a placer with none is skipped),
/// unless a battle over his placement is on; the players who placed all theirs earlier in the
/// second round have none left.
pub fn check_placers(t: &Table, turn: u8) -> Result<(), StateError> {
    let n = t.players();
    let (placer, _) = crate::place::placer(t, turn);
    let lifted = |p: Player| t.seats[p].has_at(Spot::Lifted);
    if !matches!(t.stack.top(), Some(Step::Battle(_))) && !lifted(placer) {
        return Err(bad(
            "stack[0]",
            format!("{placer} places at this turn of the order but has no lifted VP, so it was skipped (BI-PLACE-2)"),
        ));
    }
    for k in n..usize::from(turn) {
        let (p, _) = crate::place::placer(t, k as u8);
        if lifted(p) {
            return Err(bad(
                format!("seats[{}].vps", p.index()),
                format!("{p} placed all his lifted VPs at an earlier turn of the order (BI-PLACE-2)"),
            ));
        }
    }
    Ok(())
}

/// BI-DEAL-2: a deal is made in the deal window of the player whose action turn it is, and his
/// window records it.
pub fn check_deal_window(
    t: &Table,
    from: Player,
    made: impl Fn(&crate::state::Deal) -> bool,
    what: &str,
    path: &str,
) -> Result<(), StateError> {
    let Some(Step::Business { round, deal }) = t.stack.bottom() else { return Ok(()) };
    let Some(holder) = round.holder() else { return Ok(()) };
    fail_if!(holder != from, bad(path, format!("{from} offers a deal in {holder}'s deal window (BI-DEAL-2)")));
    fail_if!(!made(deal), bad("stack[0].deal", format!("{from}'s deal window does not record the {what} (BI-DEAL-2)")));
    Ok(())
}

/// The most the war cards of the content change one war's total, either way (BI-CARD-2: each
/// player plays at most one per roll, so at most every copy once).
pub fn max_modifier(c: &Content) -> i32 {
    c.cards
        .kinds
        .iter()
        .filter(|k| k.is_war_card())
        .map(|k| {
            let most = (-128..=127i32)
                .filter(|&m| m != 0 && k.has(|op| *op == Op::Modify(m as i8)))
                .map(i32::abs)
                .max()
                .unwrap_or(0);
            most * i32::from(k.copies)
        })
        .sum()
}

/// BI-WAR-2, BI-WARTAB-1, BI-WAR-4: the last war shown is one the war table gave.
pub fn check_last_war(c: &Content, t: &Table, w: crate::state::WarRoll) -> Result<(), StateError> {
    if usize::from(w.region) >= crate::board::REGIONS || usize::from(w.row) >= c.board.war.len() {
        return Err(bad("last_war", "no such region or war table row"));
    }
    fail_if!(!(1..=6).contains(&w.die), bad("last_war", format!("the die shows {}, not 1–6 (BI-WAR-2)", w.die)));
    let m = max_modifier(c);
    let (total, die) = (i32::from(w.total), i32::from(w.die));
    if total < die - m || total > die + 6 + m {
        return Err(bad(
            "last_war",
            format!(
                "a die of {die} makes a total from {} to {} with Stuff 0–6 and the war cards' ±{m}, not {total} \
                 (BI-WARTAB-1)",
                die - m,
                die + 6 + m
            ),
        ));
    }
    let row = c.board.war_row(total);
    if row != usize::from(w.row) {
        return Err(bad(
            "last_war",
            format!(
                "a total of {total} is {} on the war table, not {} (BI-WARTAB-1)",
                c.board.war[row].name,
                c.board.war[usize::from(w.row)].name
            ),
        ));
    }
    if c.board.war[row].apocalypse && t.over != Some(Ending::Apocalypse) {
        return Err(bad("last_war", "Nuclear Apocalypse ends the game at once (BI-WAR-4)"));
    }
    Ok(())
}

/// BI-BATTLE-1: the occupants are the other players with a VP on the contested space, which is a
/// region or a Media square entered by an attribute; nothing moves there until the battle ends.
pub fn check_occupants(c: &Content, t: &Table, b: &crate::state::Battle, path: &str) -> Result<(), StateError> {
    let spot = b.dest.spot();
    let (name, on) = match b.dest {
        crate::state::Dest::Region { region, by } if by != crate::attr::Entry::Prize => {
            fail_if!(usize::from(region) >= crate::board::REGIONS, bad(format!("{path}.dest"), "no such region"));
            (c.board.region(region).name.clone(), "in")
        }
        crate::state::Dest::Square(q) if usize::from(q) < c.board.squares.len() => {
            (c.board.square(q).name.clone(), "on")
        }
        _ => {
            return Err(bad(
                format!("{path}.dest"),
                "a battle is fought over a region or a Media square (BI-BATTLE-1)",
            ));
        }
    };
    let there = t.others_at(b.seat, spot);
    if let Some(q) = b.occupants.iter().find(|&q| !there.contains(q)) {
        return Err(bad(format!("{path}.occupants"), format!("{q} defends {name} but has no VP there (BI-BATTLE-1)")));
    }
    if let Some(q) = there.iter().find(|&q| !b.occupants.contains(q)) {
        return Err(bad(
            format!("{path}.occupants"),
            format!("{q} has a VP {on} {name} but is no occupant (BI-BATTLE-1)"),
        ));
    }
    Ok(())
}

/// BI-BATTLE-2: while a battle is sealed only its occupants choose, each resisting (once chosen)
/// with Goodwill he holds.
pub fn check_sealed(t: &Table, occupants: PlayerSet) -> Result<(), StateError> {
    for (q, seat) in t.seats.iter() {
        let path = crate::validate::choice_path(q, "");
        let Some(s) = t.choices.get(q) else { continue };
        if !occupants.contains(q) {
            return Err(bad(path, format!("{q} is no occupant of the battle and chooses nothing (BI-BATTLE-2)")));
        }
        let only_resist = Choice { resist: s.resist, ..Choice::default() };
        if s != only_resist || (t.stage(q) == Stage::Choosing && s.resist.is_some()) {
            return Err(bad(path, "an occupant chooses only whether to resist, and with how much"));
        }
        if let Some(r) = s.resist
            && r > seat.goodwill
        {
            return Err(bad(
                crate::validate::choice_path(q, "resist"),
                format!("{q} resists with {r} Goodwill but holds {} (BI-BATTLE-2)", seat.goodwill),
            ));
        }
    }
    Ok(())
}
