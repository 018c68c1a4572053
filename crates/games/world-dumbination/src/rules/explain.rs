//! Why an action is refused (never decides legality: the legal list does): what is wrong, what to
//! do instead, and the rule.

use worlds_engine::{Player, RuleError};

use crate::action::Action;
use crate::content::Content;
use crate::ctx::{self, Map};
use crate::event::space_long;
use crate::military;
use crate::need;
use crate::state::{LEFT, Phase, Placing, RIGHT, State, Step};

fn bad(rule: &'static str, message: impl Into<String>) -> RuleError {
    RuleError::illegal(rule, message)
}

pub fn explain(c: &Content, s: &State, p: Player, a: Action) -> RuleError {
    let t = &s.t;
    let seat = &t.seats[p];
    match (t.stack.top(), a) {
        (_, Action::Card(k)) if c.cards.get(k).is_none() => bad("WD-CARD-3", format!("no card has the number {k}")),
        (Some(Step::Phase { phase: Phase::Setup, .. }), _) => {
            bad("WD-SETUP-8", "keep one of your nation's two First Goals: name its card")
        }
        (Some(Step::Phase { phase: Phase::Place, .. }), Action::Card(k)) => {
            let card = c.cards.get(k).map_or("that card", |x| x.name.as_str());
            if !seat.hand.contains(k) {
                return bad("WD-PLACE-2", format!("{card} is not in your hand"));
            }
            match t.placing(p) {
                Placing::Left if seat.ego <= 3 || seat.popularity <= 3 => bad(
                    "WD-PLACE-3",
                    "with Ego or Popularity at 3 or less the left card space takes no card: choose `nothing`",
                ),
                Placing::Left if seat.spaces[LEFT].is_some() => {
                    bad("WD-NUKE-4", "a fired Nuclear Bomb still lies on your left card space: choose `nothing`")
                }
                Placing::Right if !seat.goal_done => {
                    bad("WD-GOAL-1", "the right card space is yours once your First Goal is completed")
                }
                Placing::Right if seat.spaces[RIGHT].is_some() => {
                    bad("WD-NUKE-4", "a fired Nuclear Bomb still lies on your right card space: choose `nothing`")
                }
                Placing::Left | Placing::Right => {
                    let map = Map::new(c, t);
                    match c.cards.get(k) {
                        Some(x) if !need::met(c, t, &map, p, x) && !x.is_nuclear_bomb() => {
                            bad("WD-PLACE-6", format!("you do not meet the need of {card} now"))
                        }
                        _ => bad(
                            "WD-PLACE-6",
                            format!(
                                "you cannot fund {card} on top of what you placed ({} resources), or no target suits it",
                                seat.resources
                            ),
                        ),
                    }
                }
                Placing::Target => bad("WD-DEC-3", "choose your target token now (`target NATION` or `target peace`)"),
                Placing::Confirm | Placing::Finished => bad("WD-DEC-3", "your choice is made: `done` confirms it"),
            }
        }
        (Some(Step::Phase { phase: Phase::Place, .. }), Action::FlipGoal) => {
            if seat.goal_done {
                bad("WD-PLACE-4", "your First Goal is already completed")
            } else if t.round < 2 {
                bad("WD-GOAL-2", "the First Goal cannot be flipped in round 1")
            } else if t.placing(p) != Placing::Right {
                bad("WD-DEC-3", "the First Goal is flipped at the right card space's step")
            } else {
                bad(
                    "WD-PLACE-6",
                    "you cannot fund your First Goal (its cost, or its corruption cost if its need is unmet) on top of your other cards",
                )
            }
        }
        (Some(Step::Phase { phase: Phase::Place, .. }), Action::Target(tok)) => {
            if t.placing(p) != Placing::Target {
                bad("WD-DEC-3", "the target token comes after the card spaces")
            } else if !ctx::tokens(t, p).any(|x| x == tok) {
                bad("WD-PLACE-5", format!("you have no {} token in this game", tok.name()))
            } else {
                bad("WD-PLACE-7", format!("the {} token does not suit the cards you placed", tok.name()))
            }
        }
        (Some(Step::Phase { phase: Phase::Place, .. }), _) => {
            bad("WD-DEC-3", "place a card, `nothing`, a target or `done`, as the step asks")
        }
        (Some(Step::Draw { .. }), _) => {
            bad("WD-DRAW-1", "choose `level 1` or `level 2` (Level 2 after your First Goal)")
        }
        (Some(Step::Discard { .. }), _) => bad("WD-CARD-9", "discard a card from your hand"),
        (Some(Step::Act(_)), _) => bad("WD-CARD-6", "choose one of the options the card offers"),
        (Some(Step::Move { seat: m, unit, left, .. }), Action::Step { unit: u, dir }) => {
            let mover = &t.seats[*m];
            let Some(x) = mover.units.get(usize::from(u)).filter(|x| x.on_board()) else {
                return bad("WD-DEC-4", format!("you have no unit {} on the board", u + 1));
            };
            if x.war > 0 {
                return bad("WD-MOVE-7", "that unit is at war and waits this round");
            }
            if u != *unit && mover.moved & (1 << u) != 0 {
                return bad("WD-MOVE-2", "that unit has already moved this phase");
            }
            if u == *unit && *left == 0 {
                return bad("WD-MOVE-1", "that unit has no steps left this round");
            }
            match c.board.step(x.at, usize::from(dir)) {
                None => bad("WD-BOARD-1", "that is off the edge of the map"),
                Some(to) if !c.board.cell(to).land => {
                    bad("WD-MOVE-6", format!("{} is sea: only units with sea movement go there", space_long(c, to)))
                }
                Some(to) if t.radioactive[usize::from(to)].is_some() => {
                    bad("WD-NUKE-2", format!("{} is radioactive", space_long(c, to)))
                }
                Some(to) => {
                    let map = Map::new(c, t);
                    if map.pieces[usize::from(to)].is_some_and(|q| q != *m) {
                        bad(
                            "WD-MOVE-5",
                            format!("{} is held by another player: attack it (name the space)", space_long(c, to)),
                        )
                    } else {
                        bad(
                            "WD-MOVE-3",
                            format!("your unit would have no strength on {}, which you do not own", space_long(c, to)),
                        )
                    }
                }
            }
        }
        (Some(Step::Move { seat: m, .. }), Action::Space(sp)) => {
            let total = military::attack_strength(c, t, *m, sp);
            if total == 0 {
                bad(
                    "WD-COMBAT-1",
                    format!("none of your units that have not moved stands next to {}", space_long(c, sp)),
                )
            } else {
                bad(
                    "WD-COMBAT-3",
                    format!(
                        "your units able to attack {} are together {total}, not stronger than its defence",
                        space_long(c, sp)
                    ),
                )
            }
        }
        (Some(Step::Move { .. }), Action::Hide(_)) => bad(
            "WD-RULING-7",
            "only with a hidden-move project, once a round, for a unit that has not moved and can step somewhere unmarked",
        ),
        (Some(Step::Move { .. }), _) => bad("WD-DEC-2", "move a unit (`move UNIT DIR`), attack a space, or `done`"),
        (Some(Step::Attack { .. }), _) => {
            bad("WD-COMBAT-4", "commit one of the units next to the space that has not moved: `commit UNIT`")
        }
        (Some(Step::Marker { .. }), _) => bad("WD-MARK-1", "answer `marker` or `no marker`"),
        (Some(Step::Buy { units, .. }), Action::Space(_)) if *units => {
            bad("WD-BUY-1", "Bases come before Units: after your first Unit you cannot build or upgrade this round")
        }
        (Some(Step::Buy { .. }), Action::Done) => {
            bad("WD-BASE-2", "you have no Base and can build one: build it first")
        }
        (Some(Step::Buy { .. }), Action::Space(sp)) => match seat.base_at(sp) {
            Some(b) if seat.bases[b].changed => bad("WD-BUY-3", "that Base was already built or upgraded this round"),
            Some(b) if seat.bases[b].strength >= 10 => bad("WD-BASE-1", "that Base is at 10 already"),
            Some(b) => bad(
                "WD-BUY-3",
                format!(
                    "upgrading to {} costs {}; you have {}",
                    seat.bases[b].strength + 2,
                    seat.bases[b].strength + 2,
                    seat.resources
                ),
            ),
            None => bad(
                "WD-BUY-2",
                "a new Base costs 4 and goes on a land space you own where one of your standing units is",
            ),
        },
        (Some(Step::Buy { .. }), Action::Recruit(_)) => {
            bad("WD-BUY-4", "a Unit goes on one of your Bases and costs its strength; you need a Unit in your supply")
        }
        (Some(Step::Buy { .. }), _) => {
            bad("WD-DEC-2", "build (a space), upgrade (a Base's space), `unit SPACE`, or `done`")
        }
        (Some(Step::Auction { price, .. }), Action::Raise(r)) => bad(
            "WD-DUMB-3",
            format!(
                "a bid of {} is more than your {} resources: raise less, or `pass`",
                u16::from(*price) + u16::from(r),
                seat.resources
            ),
        ),
        (Some(Step::Auction { .. }), _) => {
            bad("WD-DUMB-3", "bid with `raise 1`, `raise 2`, `raise 5` or `raise 10`, or `pass`")
        }
        (Some(Step::MoveBase { range, .. }), _) => bad(
            "WD-RULING-8",
            format!(
                "name one of your Bases, then a space you own within {range} with a standing unit of yours and no Base; or `nothing`"
            ),
        ),
        _ => bad("WD-ROUND-1", "that is not a decision of this moment"),
    }
}
