//! Why an action is refused (never decides legality: the legal list does).

use worlds_engine::{Player, RuleError};

use crate::action::Action;
use crate::content::{Content, LootKind};
use crate::effects::timing_applies;
use crate::state::{Phase, State, Step};

pub fn explain(c: &Content, s: &State, p: Player, a: Action) -> RuleError {
    let t = &s.t;
    let me = p.index();
    let in_hand = |def: u8| worlds_engine::bits::ones(t.seats[me].hand.0).any(|k| c.def_of(k as u8) == def);
    match (t.steps.top(), a) {
        (_, Action::Play(def) | Action::Card(def)) if usize::from(def) >= c.defs.len() => {
            RuleError::illegal("WOD-COMP-7", format!("the Loot deck has no card design number {def}"))
        }
        (_, Action::Gamer(g)) if usize::from(g) >= c.gamers.len() => {
            RuleError::illegal("WOD-COMP-5", format!("the Forum deck has no gamer number {g}"))
        }
        (_, Action::Dungeon(d)) if usize::from(d) >= c.dungeons.len() => {
            RuleError::illegal("WOD-COMP-6", format!("the Dungeon deck has no dungeon number {d}"))
        }
        (_, Action::Play(def) | Action::Card(def))
            if !in_hand(def) && !matches!(t.steps.top(), Some(Step::Resolve { .. })) =>
        {
            let name = c.defs.get(usize::from(def)).map_or("that card", |d| d.name.as_str());
            RuleError::illegal("WOD-COMP-4", format!("{name} is not in your hand"))
        }
        (_, Action::Play(def)) => {
            let d = &c.defs[usize::from(def)];
            match d.timing {
                None => RuleError::illegal("WOD-EFFECT-1", format!("{} is not an Effect card", d.name)),
                Some(timing) if !timing_applies(t, timing) => {
                    RuleError::illegal("WOD-EFFECT-2", format!("{} may be played only {}", d.name, timing.when()))
                }
                Some(_)
                    if matches!(
                        t.steps.top(),
                        Some(Step::Phase(Phase::Declare | Phase::Parties { .. } | Phase::Claim))
                    ) =>
                {
                    RuleError::illegal(
                        "WOD-RESP-8",
                        "Effect cards are played at decision points and in windows, not now",
                    )
                }
                Some(_) => RuleError::illegal("WOD-EFFECT-1", format!("{} has no legal target now", d.name)),
            }
        }
        (Some(Step::Phase(Phase::Kick)), Action::Skip) => {
            RuleError::illegal("WOD-KICK-3", "your guild is over its limit: you must kick a guildmember")
        }
        (Some(Step::Phase(Phase::Kick)), Action::Gamer(_)) => {
            RuleError::illegal("WOD-KICK-2", "you can kick only a guildmember of yours that did not join this turn")
        }
        (Some(Step::Phase(Phase::Recruit)), Action::Gamer(_)) if t.used.troll_joined => {
            RuleError::illegal("WOD-RECRUIT-3", "a Troll joined your guild this turn: no recruiting")
        }
        (Some(Step::Phase(Phase::Recruit)), Action::Gamer(_)) => RuleError::illegal(
            "WOD-RECRUIT-2",
            "recruit a gamer of the Forum row, while your guild is under its guild limit",
        ),
        (Some(Step::Phase(Phase::Stash)), Action::Card(def)) if c.defs[usize::from(def)].kind != LootKind::Stash => {
            RuleError::illegal("WOD-STASH-1", format!("{} is not a Stash card", c.defs[usize::from(def)].name))
        }
        (Some(Step::Phase(phase)), Action::Card(def))
            if *phase != Phase::Stash && c.defs[usize::from(def)].kind == LootKind::Stash =>
        {
            RuleError::illegal("WOD-STASH-2", "a Stash card is played only at the Play Stash step, one a turn")
        }
        (Some(Step::Phase(Phase::Dungeon | Phase::Declare)), Action::Dungeon(_)) => RuleError::illegal(
            "WOD-RAID-1",
            "that dungeon cannot be raided with your guild now (requirements, members who will not play together)",
        ),
        (Some(Step::Phase(Phase::Parties { .. })), _) => RuleError::illegal(
            "WOD-RAID-2",
            "that party would leave the declaration impossible to complete (requirements, will not play with)",
        ),
        (Some(Step::Window(_)), _) => RuleError::illegal("WOD-RESP-4", "in a window: play an Effect card or pass"),
        (Some(Step::Pick { .. }), _) => RuleError::illegal("WOD-EFFECT-1", "choose one of the card's legal targets"),
        _ => RuleError::illegal("WOD-TURN-4", "that is not one of the choices now"),
    }
}
