//! Why an action is refused (never decides legality: the legal list does).

use worlds_engine::{Player, RuleError};

use crate::action::Action;
use crate::content::{Content, LootKind};
use crate::effects::timing_applies;
use crate::state::{Phase, State, Step, Table};
use crate::values::Values;
use crate::vocab::Types;

pub fn explain(c: &Content, s: &State, p: Player, a: Action) -> RuleError {
    let t = &s.t;
    let in_hand = |def: u8| c.copy_in(t.seats[p].hand.bits(), def).is_some();
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
        (Some(Step::Phase(Phase::Kick)), Action::Gamer(g)) if !t.seats[p].guild.iter().any(|m| m.gamer == g) => {
            RuleError::illegal("WOD-KICK-1", format!("{} is not in your guild", c.gamer(g).name))
        }
        (Some(Step::Phase(Phase::Kick)), Action::Gamer(g)) => RuleError::illegal(
            "WOD-KICK-2",
            format!("{} joined your guild this turn and cannot be kicked", c.gamer(g).name),
        ),
        (Some(Step::Phase(Phase::Recruit)), Action::Gamer(_)) if t.used.troll_joined => {
            RuleError::illegal("WOD-RECRUIT-3", "a Troll joined your guild this turn: no recruiting")
        }
        (Some(Step::Phase(Phase::Recruit)), Action::Gamer(g)) if !t.forum_row.contains(&g) => {
            RuleError::illegal("WOD-RECRUIT-1", format!("{} is not in the Forum row", c.gamer(g).name))
        }
        (Some(Step::Phase(Phase::Recruit)), Action::Gamer(_)) => RuleError::illegal(
            "WOD-RECRUIT-2",
            format!("your guild holds {} guildmembers, its guild limit: no recruiting", t.seats[p].guild.len()),
        ),
        (Some(Step::Phase(Phase::Stash)), Action::Card(def)) if c.defs[usize::from(def)].kind != LootKind::Stash => {
            RuleError::illegal("WOD-STASH-1", format!("{} is not a Stash card", c.defs[usize::from(def)].name))
        }
        (Some(Step::Phase(phase)), Action::Card(def))
            if *phase != Phase::Stash && c.defs[usize::from(def)].kind == LootKind::Stash =>
        {
            RuleError::illegal("WOD-STASH-2", "a Stash card is played only at the Play Stash step, one a turn")
        }
        (Some(Step::Phase(Phase::Dungeon | Phase::Declare)), Action::Dungeon(d)) => undeclarable(c, t, p, d),
        (Some(Step::Phase(Phase::Declare | Phase::Parties { .. } | Phase::NextRaid | Phase::Claim)), Action::Grind) => {
            RuleError::illegal("WOD-RAID-5", "you declared a raid: you are committed to it and cannot grind")
        }
        (Some(Step::Phase(Phase::Parties { .. })), Action::Dungeon(d)) if !t.raid.iter().any(|x| x.dungeon == d) => {
            RuleError::illegal("WOD-RAID-2", format!("{} is not a declared dungeon of this raid", c.dungeon(d).name))
        }
        (Some(Step::Phase(Phase::Parties { .. })), _) => RuleError::illegal(
            "WOD-RAID-2",
            "that party would leave the declaration impossible to complete (requirements, will not play with)",
        ),
        (Some(Step::Phase(Phase::NextRaid)), Action::Dungeon(d)) => {
            let declared = t.raid.iter().any(|x| x.dungeon == d);
            let why = if declared { "has been raided already" } else { "is not a declared dungeon of this raid" };
            RuleError::illegal("WOD-RAID-6", format!("{} {why}", c.dungeon(d).name))
        }
        (Some(Step::Window(_)), _) => RuleError::illegal("WOD-RESP-4", "in a window: play an Effect card or pass"),
        (Some(Step::Pick { .. }), _) => RuleError::illegal("WOD-EFFECT-1", "choose one of the card's legal targets"),
        _ => RuleError::illegal("WOD-TURN-4", "that is not one of the choices now"),
    }
}

/// WOD-RAID-1 to WOD-RAID-4: why a dungeon cannot be declared: not in the row, declared already,
/// a requirement no guildmember who may raid it meets, or no way to fill its party as well as
/// those declared.
fn undeclarable(c: &Content, t: &Table, me: Player, d: u8) -> RuleError {
    let name = &c.dungeon(d).name;
    if !t.dungeon_row.contains(&d) {
        return RuleError::illegal("WOD-RAID-1", format!("{name} is not in the Dungeon row"));
    }
    if t.raid.iter().any(|x| x.dungeon == d) {
        return RuleError::illegal("WOD-RAID-1", format!("{name} is declared already"));
    }
    let v = Values::new(c, t);
    let guild = &t.seats[me].guild;
    let able: Vec<_> = guild.iter().filter(|m| v.may_raid(me, m, d)).collect();
    let have = Types(able.iter().fold(0, |set, m| set | v.counts_as(me, m).0));
    let missing: Vec<&str> = c.dungeon(d).needs.iter().filter(|ty| !have.has(*ty)).map(|ty| ty.name()).collect();
    if !missing.is_empty() {
        return RuleError::illegal(
            "WOD-RAID-3",
            format!(
                "{name} needs {}: you have no {} who may raid it",
                c.dungeon(d).needs.words(),
                missing.join(" or ")
            ),
        );
    }
    if able.is_empty() {
        return RuleError::illegal("WOD-RAID-4", format!("none of your guildmembers may raid {name}"));
    }
    if t.raid.is_empty() {
        return RuleError::illegal(
            "WOD-RAID-4",
            format!("your guildmembers who meet {name}'s requirement will not play together"),
        );
    }
    RuleError::illegal(
        "WOD-RAID-2",
        format!("your guild cannot raise a party for {name} as well as for the dungeons declared"),
    )
}
