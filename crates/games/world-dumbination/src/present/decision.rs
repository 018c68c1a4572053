//! Who must decide what, in the game's words (never depending on hidden information), and the hint
//! shown beside an action.

use worlds_engine::Decision;
use worlds_engine::program::Awaiting;

use crate::action::Action;
use crate::card::Step as Op;
use crate::content::Content;
use crate::ctx;
use crate::event::{card_name, space_long};
use crate::military;
use crate::state::{Ending, Phase, State, Step, Table};
use crate::text::card_text;

/// The decision now (WD-DEC-1).
pub fn decision(c: &Content, s: &State) -> Decision {
    let t = &s.t;
    if let Some(ending) = t.over {
        let (rule, why) = match ending {
            Ending::Points => ("WD-END-1", "the last round is played"),
            Ending::WorldPeace => ("WD-END-2", "World Peace"),
            Ending::LastLeader => ("WD-ELIM-4", "one leader is left"),
            Ending::RoundCap => ("WD-END-3", "the round cap is reached"),
        };
        // The round and the bombs: what a designer's simulation summary reads per game.
        let disarmed = t.peace.iter().flatten().count();
        return Decision::new(
            rule,
            format!(
                "the game is over in round {}: {why} ({} bomb(s) fired, {disarmed} disarmed)",
                t.round, t.bombs_fired
            ),
        );
    }
    match t.stack.top() {
        Some(Step::Phase { phase: Phase::Setup, .. }) => {
            Decision::new("WD-SETUP-8", "each player keeps one of their two First Goals, face down")
        }
        Some(Step::Phase { phase: Phase::Place, .. }) => Decision::new(
            "WD-DEC-3",
            "each player places cards face down on their card spaces and a target token, in secret",
        ),
        Some(Step::Draw { seat }) => {
            Decision::new("WD-DRAW-1", format!("{} chooses the level of their next card", seat))
        }
        Some(Step::Discard { seat }) => {
            Decision::new("WD-CARD-9", format!("{} discards down to their hand limit", seat))
        }
        Some(Step::Act(a)) => {
            let who = a.seat;
            let what = match c.program(a.card, a.gain).and_then(|pr| pr.awaiting(&a.cursor)) {
                Some(Awaiting::Branch(_)) => "chooses an option".to_owned(),
                Some(Awaiting::Op(Op::ReduceBase { .. })) => "chooses the Base to reduce".to_owned(),
                Some(Awaiting::Op(Op::RemoveUnits { .. })) => "chooses where to remove a unit".to_owned(),
                Some(Awaiting::Op(Op::NuclearStrike)) => "chooses the space to strike".to_owned(),
                Some(Awaiting::Op(Op::AttackProject)) => "chooses the project to destroy".to_owned(),
                Some(Awaiting::Op(Op::SabotageProject)) => "chooses the project to sabotage".to_owned(),
                Some(Awaiting::Op(Op::FreeBase)) => "chooses where to put a free Base".to_owned(),
                Some(Awaiting::Op(Op::FreeUnit)) => "chooses the Base for a free unit".to_owned(),
                _ => "decides".to_owned(),
            };
            Decision::new("WD-CARD-6", format!("{who} {what} for {}", card_name(c, a.card)))
        }
        Some(Step::Move { seat, .. }) => {
            Decision::new("WD-MOVE-2", format!("{} moves units, one step at a time, or attacks; then done", seat))
        }
        Some(Step::Attack { seat, space, .. }) => Decision::new(
            "WD-COMBAT-4",
            format!("{} commits units to the attack on {}, one at a time", seat, space_long(c, *space)),
        ),
        Some(Step::Marker { seat, space }) => {
            Decision::new("WD-MARK-1", format!("{} may leave a marker on {}", seat, space_long(c, *space)))
        }
        Some(Step::Buy { seat, units }) => Decision::new(
            "WD-BUY-1",
            if *units {
                format!("{} buys Units, then done", seat)
            } else {
                format!("{} builds or upgrades Bases, then buys Units; then done", seat)
            },
        ),
        Some(Step::Auction { card, price, high, .. }) => {
            let who = crate::dumb::bidder(t).map_or_else(|| "nobody".to_owned(), |q| q.to_string());
            let standing = match high {
                None => format!("no bid yet, the first raise makes it {}", u16::from(*price) + 1),
                Some(high) => format!("{high} bids {price}"),
            };
            Decision::new(
                "WD-DUMB-3",
                format!("{who} raises the price of {} by 1, 2, 5 or 10, or passes ({standing})", card_name(c, *card)),
            )
        }
        Some(Step::MoveBase { seat, from, range }) if *from == crate::board::NO_SPACE => Decision::new(
            "WD-RULING-8",
            format!("{} may move one of their Bases up to {range} spaces, or leave them", seat),
        ),
        Some(Step::MoveBase { seat, from, .. }) => {
            Decision::new("WD-RULING-8", format!("{} chooses where the Base on {} goes", seat, space_long(c, *from)))
        }
        _ => Decision::new("WD-ROUND-1", "the round goes on"),
    }
}

/// What an action means at this decision.
pub fn hint(c: &Content, s: &State, action: Action) -> Option<String> {
    let t = &s.t;
    match (t.stack.top()?, action) {
        (
            Step::Phase { phase: Phase::Place, .. } | Step::Phase { phase: Phase::Setup, .. } | Step::Discard { .. },
            Action::Card(k),
        ) => c.cards.get(k).map(|card| format!("{}: {}", card.name, card_text(card))),
        (Step::Act(_), Action::Card(k)) => Some(card_name(c, k)),
        // Phase 6: what a purchase buys and costs (WD-BUY-2, WD-BUY-3, WD-BUY-4).
        (Step::Buy { seat, .. }, Action::Space(sp)) => {
            let seat = &t.seats[*seat];
            Some(match seat.base_at(sp) {
                Some(b) => {
                    let to = seat.bases[b].strength + 2;
                    format!("upgrade your Base on {} to {to}, for {to}", space_long(c, sp))
                }
                None => format!("build a 4-Base on {}, for 4", space_long(c, sp)),
            })
        }
        (Step::Buy { seat, .. }, Action::Recruit(sp)) => {
            let seat = &t.seats[*seat];
            seat.base_at(sp).map(|b| format!("a new unit on {}, for {}", space_long(c, sp), seat.bases[b].strength))
        }
        (Step::Buy { .. }, Action::Done) => Some("buy nothing more this round".into()),
        (Step::Act(_) | Step::Move { .. } | Step::MoveBase { .. }, Action::Space(sp)) => Some(space_hint(c, t, sp)),
        (Step::Move { seat, .. }, Action::Step { unit, dir }) => {
            let seat = &t.seats[*seat];
            let from = seat.units[usize::from(unit)].at;
            c.board.step(from, usize::from(dir)).map(|to| format!("{} → {}", space_long(c, from), space_long(c, to)))
        }
        (Step::Attack { seat, space, .. }, Action::Commit(u)) => {
            let seat = &t.seats[*seat];
            let strength = ctx::strength_at(c, seat, ctx::mods(c, seat), *space);
            Some(format!("the unit on {} (strength {strength} there)", space_long(c, seat.units[usize::from(u)].at)))
        }
        (Step::Phase { phase: Phase::Place, .. }, Action::Nothing) => Some("leave this card space empty".into()),
        (Step::Auction { price, .. }, Action::Raise(r)) => Some(format!("bid {}", u16::from(*price) + u16::from(r))),
        (Step::Auction { .. }, Action::Pass) => Some("drop out of this auction".into()),
        (Step::MoveBase { .. }, Action::Nothing) => Some("leave the Bases where they are".into()),
        (Step::Move { seat, .. }, Action::Hide(u)) => {
            let from = t.seats[*seat].units[usize::from(u)].at;
            Some(format!("move the unit on {} in secret", space_long(c, from)))
        }
        _ => None,
    }
}

fn space_hint(c: &Content, t: &Table, s: crate::board::Space) -> String {
    let mut text = space_long(c, s);
    for (q, seat) in t.seats.iter() {
        // A unit on a hidden move is not shown (WD-RULING-7).
        let units = seat.units_seen().filter(|(_, u)| u.at == s).count();
        let base = seat.base_at(s).map(|b| seat.bases[b].strength);
        if units > 0 || base.is_some() {
            text.push_str(&format!(": {} with {units} unit(s)", q));
            if let Some(b) = base {
                text.push_str(&format!(" and a {b}-Base"));
            }
            text.push_str(&format!(", defence {}", military::defence(c, seat, s)));
        }
    }
    text
}
