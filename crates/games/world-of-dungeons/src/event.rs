//! What happened, for the log: each event carries only what its viewers may know (a Loot card
//! drawn is named to its drawer only, WOD-LOOT-1; the others get a count).

use serde::Serialize;
use worlds_engine::Player;

use crate::state::{Ending, Standing};
use crate::vocab::{Face, Row};

/// What an Effect card picked (WOD-EFFECT-1): public once played.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Target {
    Gamer(u8),
    Dungeon(u8),
    Player(Player),
    Type(crate::vocab::GamerType),
    /// An Effect card on the stack (a Loot card, face up).
    Effect(u8),
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum Event {
    TurnStarted {
        turn: u16,
        player: Player,
    },
    /// A Dungeon or Forum card entered its row.
    Revealed {
        row: Row,
        id: u8,
    },
    /// A row's oldest card went to the bottom of its deck (WOD-POP-2).
    ToBottom {
        row: Row,
        id: u8,
    },
    /// A deck had no card to draw (WOD-WIN-3).
    DeckEmpty {
        row: Option<Row>,
    },
    /// The drawer's own view of a Loot draw.
    DrewLoot {
        player: Player,
        card: u8,
    },
    /// Everyone else's view: how many.
    DrewLootUnseen {
        player: Player,
        count: u8,
    },
    /// A Patch Notes card went into force (WOD-PATCH-1).
    PatchNotes {
        player: Player,
        card: u8,
    },
    /// A Forum row gamer went to the Forum discard pile (Patch Notes).
    Purged {
        gamer: u8,
    },
    /// A kick was chosen (it waits on the stack, WOD-RESP-2).
    Kicked {
        player: Player,
        gamer: u8,
    },
    /// The kicked gamer left the guild before the kick took effect (WOD-KICK-4).
    KickGone {
        player: Player,
        gamer: u8,
    },
    /// A recruit was chosen (it waits on the stack, WOD-RESP-2).
    Recruits {
        player: Player,
        gamer: u8,
    },
    /// A Troll drawn in phase 1 must join (WOD-POP-4).
    TrollArrives {
        player: Player,
        gamer: u8,
    },
    Joined {
        player: Player,
        gamer: u8,
    },
    RecruitCancelled {
        player: Player,
        gamer: u8,
    },
    /// The recruited gamer left the Forum row before the recruit took effect (WOD-RECRUIT-1).
    RecruitGone {
        player: Player,
        gamer: u8,
    },
    /// A Stash card was played from hand (it waits on the stack, face up, WOD-RESP-2).
    StashPlays {
        player: Player,
        card: u8,
    },
    /// A Stash card went into its player's Guild Stash.
    StashPlayed {
        player: Player,
        card: u8,
    },
    Skipped {
        player: Player,
        step: &'static str,
    },
    Grinds {
        player: Player,
    },
    Declares {
        player: Player,
        dungeon: u8,
    },
    PartyMember {
        gamer: u8,
        dungeon: Option<u8>,
    },
    RaidNext {
        dungeon: u8,
    },
    Rolled {
        dungeon: u8,
        face: Face,
    },
    /// A face counts as another (a skill, a Stash card, a dungeon).
    CountsAs {
        dungeon: u8,
        face: Face,
        as_face: Face,
    },
    Settled {
        dungeon: u8,
        face: Face,
        xp: i32,
        difficulty: i32,
        success: bool,
    },
    SkullDiscard {
        player: Player,
        gamer: u8,
    },
    RaidFailed {
        player: Player,
    },
    Claims {
        player: Player,
    },
    Claimed {
        player: Player,
        dungeon: u8,
    },
    Played {
        player: Player,
        card: u8,
    },
    Picked {
        player: Player,
        card: u8,
        target: Target,
    },
    Resolved {
        card: u8,
    },
    Fizzled {
        card: u8,
    },
    Cancelled {
        card: u8,
    },
    Passed {
        player: Player,
        standing: Standing,
    },
    Discarded {
        player: Player,
        card: u8,
    },
    StashDiscarded {
        player: Player,
        card: u8,
    },
    /// A gamer left its guild to the Forum discard pile (burn-out, ragequit, a card).
    Left {
        player: Player,
        gamer: u8,
        why: &'static str,
    },
    /// A gamer moved from one guild to another (poach).
    Moved {
        from: Player,
        to: Player,
        gamer: u8,
    },
    Afk {
        gamer: u8,
    },
    /// An Effect card attached to a gamer that left went to the discard pile (WOD-EFFECT-5).
    Detached {
        card: u8,
    },
    GameOver {
        ending: Ending,
    },
}

use crate::content::Content;
use worlds_engine::text::plural;

/// An event in words.
pub fn describe(c: &Content, e: &Event) -> String {
    let gamer = |g: u8| c.gamers.get(usize::from(g)).map_or("?", |x| x.name.as_str()).to_owned();
    let dungeon = |d: u8| c.dungeons.get(usize::from(d)).map_or("?", |x| x.name.as_str()).to_owned();
    let loot = |k: u8| c.loot.get(usize::from(k)).map_or("?".to_owned(), |_| c.def(k).name.clone());
    let row_card = |row: Row, id: u8| match row {
        Row::Dungeon => dungeon(id),
        Row::Forum => gamer(id),
    };
    match e {
        Event::TurnStarted { turn, player: p } => format!("turn {turn}: {p}"),
        Event::Revealed { row, id } => format!("{} enters the {} row", row_card(*row, *id), row.name()),
        Event::ToBottom { row, id } => format!("{} goes to the bottom of the {} deck", row_card(*row, *id), row.name()),
        Event::DeckEmpty { row } => format!("the {} deck is empty", row.map_or("Loot", Row::name)),
        Event::DrewLoot { player: p, card } => format!("{p} draws {}", loot(*card)),
        Event::DrewLootUnseen { player: p, count } => {
            format!("{p} draws {}", plural(*count, "Loot card", "Loot cards"))
        }
        Event::PatchNotes { player: p, card } => {
            let name = loot(*card);
            let kind = if name.starts_with("Patch Notes") { "" } else { "Patch Notes: " };
            format!("{p} draws {kind}{name}, in force from now on")
        }
        Event::Purged { gamer: g } => format!("{} is purged from the Forum", gamer(*g)),
        Event::Kicked { player: p, gamer: g } => format!("{p} kicks {}", gamer(*g)),
        Event::KickGone { player: p, gamer: g } => {
            format!("{} has left {p}'s guild: {p}'s kick does nothing", gamer(*g))
        }
        Event::Recruits { player: p, gamer: g } => format!("{p} recruits {}", gamer(*g)),
        Event::TrollArrives { player: p, gamer: g } => {
            format!("the Troll {} must join {p}'s guild", gamer(*g))
        }
        Event::Joined { player: p, gamer: g } => format!("{} joins {p}'s guild", gamer(*g)),
        Event::RecruitCancelled { player: p, gamer: g } => {
            format!("{p}'s recruit of {} is cancelled", gamer(*g))
        }
        Event::RecruitGone { player: p, gamer: g } => {
            format!("{} has left the Forum row: {p}'s recruit does nothing", gamer(*g))
        }
        Event::StashPlays { player: p, card } => {
            format!("{p} plays {} to their Guild Stash", loot(*card))
        }
        Event::StashPlayed { player: p, card } => format!("{p} puts {} in their Guild Stash", loot(*card)),
        Event::Skipped { player: p, step } => format!("{p} skips the {step} step"),
        Event::Grinds { player: p } => format!("{p} grinds for Loot"),
        Event::Declares { player: p, dungeon: d } => format!("{p} declares a raid on {}", dungeon(*d)),
        Event::PartyMember { gamer: g, dungeon: Some(d) } => format!("{} raids {}", gamer(*g), dungeon(*d)),
        Event::PartyMember { gamer: g, dungeon: None } => format!("{} stays out", gamer(*g)),
        Event::RaidNext { dungeon: d } => format!("raiding {}", dungeon(*d)),
        Event::Rolled { dungeon: d, face } => format!("the raid die for {} shows {face}", dungeon(*d)),
        Event::CountsAs { dungeon: d, face, as_face } => format!("at {} the {face} counts as {as_face}", dungeon(*d)),
        Event::Settled { dungeon: d, face, xp, difficulty, success } => match face {
            Face::Skull => format!("{}: skull, the party wipes", dungeon(*d)),
            Face::Number(n) => format!(
                "{}: party {} against difficulty {difficulty}: {}",
                dungeon(*d),
                Face::sum(*xp, *n),
                if *success { "success" } else { "failure" }
            ),
        },
        Event::SkullDiscard { player: p, gamer: g } => format!("{p} discards {} after the skull", gamer(*g)),
        Event::RaidFailed { player: p } => format!("{p}'s raid fails"),
        Event::Claims { player: p } => format!("{p} claims"),
        Event::Claimed { player: p, dungeon: d } => format!("{p} claims {}", dungeon(*d)),
        Event::Played { player: p, card } => format!("{p} plays {}", loot(*card)),
        Event::Picked { player: _, card, target } => {
            let what = match *target {
                Target::Gamer(g) => gamer(g),
                Target::Dungeon(d) => dungeon(d),
                Target::Player(p) => p.to_string(),
                Target::Type(t) => t.name().to_owned(),
                Target::Effect(k) => loot(k),
            };
            format!("{} targets {what}", loot(*card))
        }
        Event::Resolved { card } => format!("{} resolves", loot(*card)),
        Event::Fizzled { card } => format!("{} does nothing: its target is gone", loot(*card)),
        Event::Cancelled { card } => format!("{} is cancelled", loot(*card)),
        Event::Passed { player: p, standing } => match standing {
            Standing::None => format!("{p} passes"),
            Standing::Turn => format!("{p} passes for the rest of the turn"),
            Standing::UntilMyTurn => format!("{p} passes until their next turn"),
        },
        Event::Discarded { player: p, card } => format!("{p} discards {}", loot(*card)),
        Event::StashDiscarded { player: p, card } => {
            format!("{p} discards {} from their Guild Stash", loot(*card))
        }
        Event::Left { player: p, gamer: g, why } => format!("{} leaves {p}'s guild ({why})", gamer(*g)),
        Event::Moved { from, to, gamer: g } => {
            format!("{} moves from {from}'s guild to {to}'s", gamer(*g))
        }
        Event::Afk { gamer: g } => format!("{} goes AFK for the turn", gamer(*g)),
        Event::Detached { card } => format!("{} goes to the Loot discard pile with its gamer", loot(*card)),
        Event::GameOver { ending } => match ending {
            Ending::Vp => "game over: a player has 20 VP".into(),
            Ending::EmptyDeck => "game over: a deck is empty".into(),
            Ending::TurnCap => "game over: the turn cap".into(),
        },
    }
}

/// Event JSON for clients: cards by their ids in the content (`"raid-mom"`, `"goblin-warrens"`,
/// a Loot card by its design, `"easy-mode"`) instead of indices.
pub fn to_value(c: &Content, e: &Event) -> serde_json::Value {
    use serde_json::Value;
    let name = |key: &str, v: &Value, row: Option<&str>| -> Option<Value> {
        let i = usize::try_from(v.as_u64()?).ok()?;
        let id = match (key, row) {
            ("gamer", _) | ("id", Some("forum")) => c.gamers.get(i)?.id.clone(),
            ("dungeon", _) | ("id", Some("dungeon")) => c.dungeons.get(i)?.id.clone(),
            ("card" | "effect", _) => c.loot.get(i).map(|_| c.def(i as u8).id.clone())?,
            _ => return None,
        };
        Some(Value::String(id))
    };
    let mut v = serde_json::to_value(e).unwrap_or(Value::Null);
    if let Some(obj) = v.as_object_mut() {
        let row = obj.get("row").and_then(Value::as_str).map(str::to_owned);
        for (key, value) in obj.iter_mut() {
            if let Some(named) = name(key, value, row.as_deref()) {
                *value = named;
            } else if let Some(inner) = value.as_object_mut() {
                // A picked target: {"gamer": 3} and the like.
                for (k, x) in inner.iter_mut() {
                    if let Some(named) = name(k, x, None) {
                        *x = named;
                    }
                }
            }
        }
    }
    v
}
