//! Who must decide what, in the game's words (WOD-TURN-4); never depends on hidden cards. Once
//! the game is over, how it ended (the engine's refusals say "the game is over: …" around it).

use worlds_engine::Decision;

use crate::content::Content;
use crate::legal::must_kick;
use crate::state::{Ending, Phase, State, Step};
use crate::values::Values;

pub fn decision(c: &Content, s: &State) -> Decision {
    let t = &s.t;
    let active = t.active;
    if let Some(e) = t.over {
        return match e {
            Ending::Vp => Decision::new("WOD-WIN-1", "a player reached 20 VP"),
            Ending::EmptyDeck => {
                Decision::new("WOD-WIN-1", format!("the {} deck ran out", t.empty_deck().unwrap_or("Loot")))
            }
            Ending::TurnCap => Decision::new("WOD-END-2", "the turn cap was reached"),
        };
    }
    let v = Values::new(c, t);
    match t.steps.top() {
        None => Decision::new("WOD-TURN-1", "nobody decides"),
        Some(Step::Window(r)) => Decision::new(
            "WOD-RESP-4",
            format!(
                "{} holds priority: play an Effect card or pass",
                r.holder().map_or("nobody".into(), |p| p.to_string())
            ),
        ),
        Some(Step::Pick { played, k }) => {
            let pl = t.played[usize::from(*played)];
            Decision::new(
                "WOD-EFFECT-1",
                format!("{} chooses target {} of {}", pl.player, u16::from(*k) + 1, c.def(pl.card).name),
            )
        }
        Some(Step::Resolve { played, .. }) => {
            let pl = t.played[usize::from(*played)];
            Decision::new(
                "WOD-EFFECT-1",
                format!(
                    "{} chooses a Stash card to discard ({})",
                    pl.picked.player.unwrap_or_default(),
                    c.def(pl.card).name
                ),
            )
        }
        Some(Step::SkullDiscard { at, left }) => Decision::new(
            "WOD-RAID-11",
            format!(
                "{active} discards a member of the party that raided {} ({left} to go)",
                c.dungeon(t.raid[usize::from(*at)].dungeon).name
            ),
        ),
        Some(Step::HandLimit(each)) => Decision::new(
            "WOD-HAND-1",
            format!("{} discards down to the hand limit ({} to go)", each.current, each.left),
        ),
        Some(Step::Phase(phase)) => match phase {
            Phase::Kick if must_kick(&v, t.active) => {
                Decision::new("WOD-KICK-3", format!("{active} must kick a guildmember: the guild is over its limit"))
            }
            Phase::Kick => Decision::new("WOD-KICK-1", format!("{active} may kick a guildmember")),
            Phase::Recruit => {
                Decision::new("WOD-RECRUIT-1", format!("{active} may recruit a gamer from the Forum row"))
            }
            Phase::Stash => Decision::new("WOD-STASH-1", format!("{active} may play a Stash card")),
            Phase::Dungeon => Decision::new("WOD-DUNG-1", format!("{active} grinds or declares a raid")),
            Phase::Declare => Decision::new("WOD-RAID-1", format!("{active} declares another dungeon or is done")),
            Phase::Parties { member } => {
                let g = t.seats[t.active].guild[usize::from(*member)].gamer;
                Decision::new("WOD-RAID-2", format!("{active} puts {} in a party or leaves them out", c.gamer(g).name))
            }
            Phase::NextRaid => Decision::new("WOD-RAID-6", format!("{active} chooses the next dungeon to raid")),
            Phase::Claim => Decision::new("WOD-CLAIM-1", format!("{active} claims the raided dungeons")),
        },
    }
}

/// What an action means at this decision, for menus: "kick Leroy (Noob 1)", "raid Goblin
/// Warrens (Farm, difficulty 4, needs *)", "put Raid Mom in the party for Goblin Warrens".
pub fn hint(c: &Content, s: &State, action: crate::action::Action) -> Option<String> {
    use crate::action::Action;
    let t = &s.t;
    let gamer = |g: u8| c.gamers.get(usize::from(g)).map(|x| format!("{} ({} {})", x.name, x.ty.name(), x.xp));
    // The compact board shows each dungeon's numbers: a menu line names it only.
    let dungeon = |d: u8| c.dungeons.get(usize::from(d)).map(|x| x.name.clone());
    // The guildmember being put in a party.
    let placing = |m: &u8| t.seats[t.active].guild.get(usize::from(*m)).map(|x| &c.gamer(x.gamer).name);
    let text = match (t.steps.top()?, action) {
        (_, Action::Play(def) | Action::Card(def)) => {
            return c.defs.get(usize::from(def)).map(|d| format!("{}: {}", d.name, crate::text::loot(d)));
        }
        (Step::Phase(Phase::Kick), Action::Gamer(g)) => format!("kick {}", gamer(g)?),
        (Step::Phase(Phase::Recruit), Action::Gamer(g)) => format!("recruit {}", gamer(g)?),
        (Step::Phase(Phase::Dungeon), Action::Dungeon(d)) => format!("raid {}", dungeon(d)?),
        (Step::Phase(Phase::Declare), Action::Dungeon(d)) => format!("also raid {}", dungeon(d)?),
        (Step::Phase(Phase::Declare), Action::Done) => "no more dungeons: on to the parties".into(),
        (Step::Phase(Phase::Parties { member }), Action::Dungeon(d)) => {
            format!("{} raids {}", placing(member)?, c.dungeons.get(usize::from(d))?.name)
        }
        (Step::Phase(Phase::Parties { member }), Action::Out) => format!("{} stays out of the raid", placing(member)?),
        (Step::Phase(Phase::NextRaid), Action::Dungeon(d)) => {
            format!("roll the raid die for {}", c.dungeons.get(usize::from(d))?.name)
        }
        (Step::Phase(Phase::Dungeon), Action::Grind) => "draw one Loot card instead of raiding".into(),
        (Step::Phase(Phase::Claim), Action::Claim) => "claim the raided dungeons and draw their Loot".into(),
        (Step::SkullDiscard { .. }, Action::Gamer(g)) => format!("discard {}", gamer(g)?),
        (Step::Pick { .. }, Action::Gamer(g)) => gamer(g)?,
        (Step::Pick { .. }, Action::Dungeon(d)) => dungeon(d)?,
        // Which card `effect N` means: the N-th played this turn, by its player and name.
        (_, Action::Stacked(k)) => {
            let played = t.played.get(usize::from(k))?;
            let def = c.defs.get(usize::from(c.def_of(played.card)))?;
            format!("{}'s {}", played.player, def.name)
        }
        (Step::Window(_), Action::PassTurn) => "pass in every window until the end of this turn".into(),
        (Step::Window(_), Action::PassUntilMyTurn) => "pass in every window until your next turn".into(),
        _ => return None,
    };
    Some(text)
}
