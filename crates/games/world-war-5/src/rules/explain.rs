//! Why an action is refused. Legality itself is the legal list ([`crate::flow::legal_actions`]);
//! this only explains, for an action known not to be in it, which rule it breaks and what to do
//! instead.

use worlds_engine::{Player, RuleError};

use crate::action::Action;
use crate::content::Content;
use crate::piece::Size;
use crate::state::{State, Step};
use crate::territory::Territory;

/// Explains why `p`, who decides now, may not take `action`.
pub fn explain(c: &Content, s: &State, p: Player, action: Action) -> RuleError {
    match (s.step(), action) {
        (Some(Step::ChooseHome), Action::Home(k)) => match s.homes.iter().find(|(_, h)| **h == Some(k)) {
            Some((owner, _)) => RuleError::illegal("WW5-SETUP-3", format!("{} is already {owner}'s home", k.name())),
            None => RuleError::illegal("WW5-SETUP-3", "that continent cannot be chosen"),
        },
        (Some(Step::ChooseHome), _) => {
            RuleError::illegal("WW5-SETUP-3", "choose a home continent first, e.g. `home eu`")
        }
        (Some(Step::Place(size)), Action::Place(t)) => {
            if Some(t.continent()) != s.home(p) {
                RuleError::illegal("WW5-SETUP-4", format!("{t} is not on your home continent"))
            } else {
                RuleError::illegal(
                    "WW5-SETUP-4",
                    format!("{t} already holds a piece; place your {size} on an empty home territory"),
                )
            }
        }
        (Some(Step::Place(size)), _) => RuleError::illegal(
            "WW5-SETUP-4",
            format!(
                "players are placing their {size} pieces: place yours on an empty home territory, e.g. `place {}`",
                Territory::in_mask(s.home_mask(p) & !s.occupied()).next().map_or("…", |t| t.id())
            ),
        ),
        (Some(Step::Retreat { from, contested }), Action::Retreat(t)) => {
            if t == from {
                RuleError::illegal(
                    "WW5-COMBAT-3",
                    format!("you cannot retreat into {from}, where the attacker is coming from"),
                )
            } else if !c.board.borders(contested, t) {
                RuleError::illegal("WW5-COMBAT-3", format!("{t} is not connected to {contested}"))
            } else {
                RuleError::illegal("WW5-COMBAT-3", format!("{t} is not empty; retreat into an empty territory"))
            }
        }
        (Some(Step::Retreat { contested, .. }), _) => RuleError::illegal(
            "WW5-COMBAT-3",
            format!("you lost the combat for {contested}: choose where to retreat, e.g. `retreat TERRITORY`"),
        ),
        (Some(Step::Play), action) => explain_turn(c, s, p, action),
        (None, _) => RuleError::game_over("WW5-WIN-1", ""),
    }
}

fn yours(s: &State, p: Player, t: Territory, rule: &'static str) -> Result<(), RuleError> {
    if s.owned_by(p) & t.bit() == 0 {
        Err(RuleError::illegal(rule, format!("{t} does not hold one of your pieces")))
    } else {
        Ok(())
    }
}

/// A refused grow, build, move, invade or pass during a turn.
fn explain_turn(c: &Content, s: &State, p: Player, action: Action) -> RuleError {
    let on_home = |t: Territory| Some(t.continent()) == s.home(p);
    match action {
        Action::Grow(t) => {
            let rule = "WW5-GROW-1";
            if let Err(e) = yours(s, p, t, rule) {
                return e;
            }
            if !on_home(t) {
                return RuleError::illegal(
                    rule,
                    format!("{t} is not on your home continent; you can only grow at home"),
                );
            }
            match s.size_at(t).and_then(Size::larger) {
                None => RuleError::illegal(rule, format!("the piece on {t} is large and cannot grow")),
                Some(next) => RuleError::illegal(rule, format!("your stash has no {next} piece to grow into")),
            }
        }
        Action::Build(t) => {
            let rule = "WW5-BUILD-1";
            if !on_home(t) {
                return RuleError::illegal(
                    rule,
                    format!("{t} is not on your home continent; you can only build at home"),
                );
            }
            match s.piece(t) {
                Some(piece) => RuleError::illegal(
                    rule,
                    format!(
                        "{t} holds {}'s {}; a territory holds at most one piece (WW5-BOARD-1)",
                        piece.player, piece.size
                    ),
                ),
                None => RuleError::illegal(rule, "your stash has no small piece left"),
            }
        }
        Action::Move { from, to } => {
            let rule = "WW5-MOVE-1";
            let not_connected = RuleError::illegal(rule, format!("{to} is not connected to {from}"));
            if let Err(e) = yours(s, p, from, rule) {
                return e;
            }
            if !c.board.borders(from, to) {
                return not_connected;
            }
            match s.piece(to) {
                Some(piece) => {
                    let hint = if piece.player == p { "" } else { "; to push an enemy out, invade it" };
                    RuleError::illegal(
                        rule,
                        format!(
                            "{to} holds {}'s {}; you can only move into an empty territory{hint}",
                            piece.player, piece.size
                        ),
                    )
                }
                None => not_connected,
            }
        }
        Action::Invade { target, from } => {
            let rule = "WW5-INVADE-1";
            let connected = if c.board.borders(from, target) {
                Ok(())
            } else {
                Err(RuleError::illegal(rule, format!("{target} is not connected to {from}")))
            };
            if let Err(e) = yours(s, p, from, rule).and(connected) {
                return e;
            }
            // From a piece of yours to a connected territory: it is empty, or holds your own piece.
            match s.piece(target) {
                None => RuleError::illegal(rule, format!("{target} is empty: move there instead")),
                Some(_) => RuleError::illegal(
                    rule,
                    format!("{target} holds your own piece; you cannot attack your own pieces"),
                ),
            }
        }
        Action::Pass => {
            RuleError::illegal("WW5-TURN-1", "you may pass only when no grow, build, move or invade is possible")
        }
        Action::Retreat(_) => {
            RuleError::illegal("WW5-COMBAT-3", "no retreat is pending: only a beaten defender retreats")
        }
        Action::Home(_) | Action::Place(_) => {
            RuleError::illegal("WW5-TURN-1", "setup is over: choose grow, build, move or invade")
        }
    }
}
