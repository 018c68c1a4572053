//! Why an action is refused. Legality itself is the legal list ([`crate::flow::legal_actions`]);
//! this only explains, for an action known not to be in it, which rule it breaks and what to do
//! instead. Actions from outside may name areas and cards the content lacks: nothing here indexes
//! the content with them unchecked.

use worlds_engine::{Player, RuleError};

use crate::action::Action;
use crate::area::{Area, Colour, Support};
use crate::content::Content;
use crate::flow::must_rehome;
use crate::in_force::{self, playable};
use crate::question::{Question, question};
use crate::state::{State, Step};

/// WOOB-SUP-2: no support of `colour` is left to take.
fn pile_empty(s: &State, colour: Colour) -> Option<RuleError> {
    (s.pile(colour.support()) == 0)
        .then(|| RuleError::illegal("WOOB-SUP-2", format!("the pile has no {colour} support left")))
}

/// Why an action is not legal, as precisely as the rules allow.
pub fn explain(c: &Content, s: &State, p: Player, action: Action) -> RuleError {
    let map = &c.map;
    let name = |a: Area| map.name_or_number(a);
    if let Some((_, q)) = question(c, s) {
        let card = s.resolving().and_then(|r| c.get(r.card)).map_or(String::new(), |k| k.name.clone());
        let what = match q {
            Question::Branch(n) => format!("choose one of the {n} options of {card}, e.g. `option 1`"),
            Question::Area(_) => format!("{card} asks you to choose an area"),
            Question::Industry(_) => format!("{card} asks you to choose an industry"),
            Question::Player(_) => format!("{card} asks you to choose a player"),
            Question::Colour(_) => format!("{card} asks you to choose a colour"),
            Question::Pick(_) => format!("{card} asks you to pick a piece of support"),
            Question::Environment(_) => format!("{card} asks you to choose an environment in play"),
        };
        return RuleError::illegal("WOOB-PLAY-2", format!("that is not one of the possibilities: {what}"));
    }
    match (s.stack.top().copied(), action) {
        (Some(step @ (Step::ChooseHome | Step::Support { .. })), Action::Home { area, colour }) => {
            let setup = step == Step::ChooseHome;
            let rule = if setup { "WOOB-SETUP-2" } else { "WOOB-SUPPORT-2" };
            if !setup && !must_rehome(s, p) {
                return RuleError::illegal(
                    rule,
                    "you still have support at home; only a player with none starts a new home",
                );
            }
            if !map.has(area) || map.land() & area.bit() == 0 {
                return RuleError::illegal(rule, "a home must be on a land area");
            }
            if let Some(owner) = s.home_owner(area).filter(|o| *o != p || setup) {
                return RuleError::illegal(rule, format!("{} is already {owner}'s home", name(area)));
            }
            pile_empty(s, colour).unwrap_or_else(|| RuleError::illegal(rule, "that home cannot be chosen"))
        }
        (Some(Step::ChooseHome), _) => {
            RuleError::illegal("WOOB-SETUP-2", "choose your home first, e.g. `home doom-grove red`")
        }
        (Some(Step::Choose), Action::Commit(_)) => {
            RuleError::illegal("WOOB-CYCLE-1", "you can only choose a card from your hand")
        }
        (Some(Step::Choose), _) => {
            RuleError::illegal("WOOB-CYCLE-1", "everyone is choosing a card face down: `commit CARD`")
        }
        (Some(Step::Support { .. }), _) if must_rehome(s, p) => RuleError::illegal(
            "WOOB-SUPPORT-2",
            "your home has no support: place a coloured support on a land area to start a new home, e.g. `home woobania red`",
        ),
        (Some(Step::Support { .. }), Action::Gain(colour)) => {
            pile_empty(s, colour).unwrap_or_else(|| RuleError::illegal("WOOB-SUPPORT-1", "you cannot take support now"))
        }
        (Some(Step::Support { taken }), Action::MoveAnarch { from, to }) => {
            if taken > 0 {
                RuleError::illegal(
                    "WOOB-SUPPORT-1",
                    "you are taking support this phase; you cannot also move an Anarch",
                )
            } else if !map.has(from) || s.support_in(from, Support::Anarch) == 0 {
                RuleError::illegal("WOOB-SUPPORT-1", "there is no Anarch there to move")
            } else if !map.has(to) || map.borders(from) & to.bit() == 0 {
                RuleError::illegal(
                    "WOOB-SUPPORT-1",
                    format!("an Anarch moves to a neighbouring area, and that does not border {}", name(from)),
                )
            } else {
                RuleError::illegal("WOOB-PLAY-6", format!("an environment in play keeps Anarchs out of {}", name(to)))
            }
        }
        (Some(Step::Support { .. }), _) => RuleError::illegal(
            "WOOB-SUPPORT-1",
            "support phase: take a coloured support (`gain red`) or move an Anarch (`anarch FROM to TO`)",
        ),
        (Some(Step::Industry), Action::PlaceIndustry { colour, area }) => {
            if area.index() >= map.len() {
                RuleError::illegal("WOOB-INDUSTRY-1", "no such area")
            } else if s.industry_pile(colour) == 0 {
                RuleError::illegal("WOOB-SUP-2", format!("the pile has no {colour} industry left"))
            } else {
                RuleError::illegal("WOOB-INDUSTRY-1", "you cannot place an industry now")
            }
        }
        (Some(Step::Industry), _) => RuleError::illegal(
            "WOOB-INDUSTRY-1",
            "industry phase: place one (`industry red woobania`) or `skip industry`",
        ),
        (Some(Step::Play), Action::Play(card) | Action::Discard(card)) => {
            let in_cycle = s.cycle.as_ref().and_then(|c| c.chosen.get(p));
            if !c.has(card) || (!s.hand(p).contains(card.0) && in_cycle != Some(card)) {
                return RuleError::illegal("WOOB-PLAY-1", "that card is not in your hand");
            }
            let k = c.card(card);
            if let (Some(chosen), Action::Play(_)) = (in_cycle, action)
                && playable(c, s, p, chosen)
            {
                return RuleError::illegal(
                    "WOOB-CYCLE-2",
                    format!("you chose {} for this cycle and can play it", c.card(chosen).name),
                );
            }
            if matches!(action, Action::Discard(_)) {
                return match in_cycle {
                    Some(chosen) if chosen != card => RuleError::illegal(
                        "WOOB-CYCLE-3",
                        format!("only your chosen card, {}, may be discarded", c.card(chosen).name),
                    ),
                    _ => RuleError::illegal("WOOB-PLAY-5", "you have a card you can play, so you must play one"),
                };
            }
            match k.kind.colour() {
                Some(colour) if in_force::banned(c, s, colour) => RuleError::illegal(
                    "WOOB-PLAY-6",
                    format!("an environment in play forbids {} cards", k.kind.label()),
                ),
                Some(colour) => RuleError::illegal(
                    "WOOB-PLAY-1",
                    format!("{} is a {}: you need {colour} support in your home", k.name, k.kind.label()),
                ),
                None => RuleError::illegal("WOOB-PLAY-1", "that card cannot be played"),
            }
        }
        (Some(Step::Play), _) => {
            RuleError::illegal("WOOB-PLAY-1", "play phase: play a card from your hand, e.g. `play quicksand`")
        }
        _ => RuleError::illegal("WOOB-TURN-1", "that is not possible now"),
    }
}
