//! Who must decide what, in the game's words (WOD-TURN-4); never depends on hidden cards.

use worlds_engine::Decision;

use crate::content::Content;
use crate::legal::must_kick;
use crate::state::{Ending, Phase, State, Step};
use crate::values::Values;

pub fn decision(c: &Content, s: &State) -> Decision {
    let t = &s.t;
    let active = format!("P{}", t.active + 1);
    if let Some(e) = t.over {
        return match e {
            Ending::Vp => Decision::new("WOD-WIN-1", "the game is over: a player reached 20 VP"),
            Ending::EmptyDeck => {
                let deck = if t.dungeon_deck.is_empty() {
                    "Dungeon"
                } else if t.forum_deck.is_empty() {
                    "Forum"
                } else {
                    "Loot"
                };
                Decision::new("WOD-WIN-1", format!("the game is over: the {deck} deck ran out"))
            }
            Ending::TurnCap => Decision::new("WOD-END-2", "the game is over: the turn cap was reached"),
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
                format!("P{} chooses target {} of {}", pl.player + 1, k + 1, c.def(pl.card).name),
            )
        }
        Some(Step::Resolve { played, .. }) => {
            let pl = t.played[usize::from(*played)];
            Decision::new(
                "WOD-EFFECT-1",
                format!(
                    "P{} chooses a Stash card to discard ({})",
                    pl.picked.player.map_or(0, |p| p + 1),
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
            Phase::Kick if must_kick(&v, usize::from(t.active)) => {
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
                let g = t.seats[usize::from(t.active)].guild[usize::from(*member)].gamer;
                Decision::new("WOD-RAID-2", format!("{active} puts {} in a party or leaves them out", c.gamer(g).name))
            }
            Phase::NextRaid => Decision::new("WOD-RAID-6", format!("{active} chooses the next dungeon to raid")),
            Phase::Claim => Decision::new("WOD-CLAIM-1", format!("{active} claims the raided dungeons")),
        },
    }
}
