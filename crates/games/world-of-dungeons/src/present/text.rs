//! Rules text, generated from the effect data by one generator (WOD-DATA-2): what players read on
//! every gamer, dungeon and Loot card, short enough for a terminal line and worded like a printed
//! card ("+1 experience in Farm dungeons.", "Here: a skull discards 1 more member.", "Raid: a
//! declared dungeon's difficulty −1 until end of turn.").
//!
//! Each ability is first written as a clause in the middle of a sentence ("each other member of its
//! party +1 experience"); the card then groups its clauses into sentences: a skill's keywords, then
//! its modifiers and triggers, then its restrictions ("Will not play with Trolls and cannot raid
//! Boss dungeons."); a dungeon's raid abilities after "Here:", its stash abilities after "In your
//! Guild Stash:"; an Effect card's choices and steps after its timing word ("Raid:", "Any time:").
//! Effect cards are worded in `effect_text.rs`, the words both use (signs, faces, lists) in
//! `wording.rs`.
//!
//! The wording follows what the abilities do where they are printed (`values.rs` and the rules that
//! read them): "its party" on a gamer, "the party" on a dungeon being raided, "your" on Stash cards
//! and claimed dungeons, "every" on Patch Notes. An ability that does nothing where it is printed
//! (a "will not play with" on a Stash card, experience for "this gamer" on a dungeon in a Guild
//! Stash) reads "no effect" rather than promising what the rules will not do.

use crate::ability::{Gamers, Passive, With};
use crate::content::{Content, LootDef, LootKind};
use crate::effect_text::{effect, op};
use crate::vocab::{GamerType, Kind};
use crate::wording::{
    a, a_list, and_list, as_face, face, kind_dungeon, kind_dungeons, more, or_list, sentence, signed, with_whom,
};

/// Where an ability is printed, which decides how "this", "its party" and "you" read.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum On {
    /// A gamer's skill (works while it is in a guild).
    Gamer,
    /// A dungeon's raid ability (works while it is raided).
    DungeonRaid,
    /// A dungeon's stash ability (works while it lies in a Guild Stash).
    DungeonStash,
    /// A Stash card (works while it lies in a Guild Stash).
    Stash,
    /// A Patch Notes card's lasting effect (works for the rest of the game).
    Patch,
}

/// What an ability that does nothing where it is printed reads.
const NO_EFFECT: &str = "no effect";

/// One ability, as a clause, and which sentence of a skill it belongs to.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Clause {
    group: Group,
    text: String,
}

/// The sentences of a skill, in the order printed.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Group {
    /// Burn-out N, Learns (max N), Cash shop, Ragequit.
    Keyword,
    /// Modifiers and triggers.
    Rule,
    /// Will not play with, cannot raid.
    Restriction,
}

// ---------------------------------------------------------------- abilities

/// What a party has: "has 3 or more members and includes a Leader" (nothing for no condition).
fn party_has(min: Option<u8>, has: &[GamerType]) -> String {
    let mut parts = Vec::new();
    if let Some(k) = min {
        parts.push(format!("has {k} or more members"));
    }
    if !has.is_empty() {
        parts.push(format!("includes {}", a_list(has)));
    }
    parts.join(" and ")
}

/// Which parties: " of 3 or more with a Leader" (nothing for no condition).
fn party_of(min: Option<u8>, has: &[GamerType]) -> String {
    let mut s = String::new();
    if let Some(k) = min {
        s += &format!(" of {k} or more");
    }
    if !has.is_empty() {
        s += &format!(" with {}", a_list(has));
    }
    s
}

/// The condition on a party: "if the party has 3 or more members and includes a Leader" when the
/// sentence already names the party, else "in a party of 3 or more with a Leader".
fn party_condition(min: Option<u8>, has: &[GamerType], names_party: bool) -> String {
    if min.is_none() && has.is_empty() {
        String::new()
    } else if names_party {
        format!(" if the party {}", party_has(min, has))
    } else {
        format!(" in a party{}", party_of(min, has))
    }
}

/// " in Farm dungeons" (nothing for every kind).
fn in_kind(kind: Option<Kind>) -> String {
    if kind.is_some() { format!(" in {}", kind_dungeons(kind)) } else { String::new() }
}

/// Experience ±N of the selected gamers (`Passive::Xp`).
#[allow(clippy::too_many_arguments)]
fn xp(
    n: i8,
    to: Gamers,
    per_other: Option<GamerType>,
    of: Option<GamerType>,
    kind: Option<Kind>,
    min_party: Option<u8>,
    party_has: Option<GamerType>,
    on: On,
) -> Option<String> {
    // The gamers touched, how the party of one of them is named, and whether the subject already
    // names that party.
    let (subject, party, names_party) = match (on, to) {
        (On::Patch, _) | (_, Gamers::Every) => {
            (of.map_or_else(|| "every guildmember".into(), |t| format!("every {}", t.name())), "its party", false)
        }
        (On::Gamer, Gamers::This) => (String::new(), "its party", false),
        (On::Gamer, Gamers::Party) => (
            of.map_or_else(|| "each member of its party".into(), |t| format!("each {} in its party", t.name())),
            "the party",
            true,
        ),
        (On::Gamer, Gamers::PartyOthers) => (
            of.map_or_else(
                || "each other member of its party".into(),
                |t| format!("each other {} in its party", t.name()),
            ),
            "the party",
            true,
        ),
        (On::DungeonRaid, Gamers::This | Gamers::Party | Gamers::PartyOthers) => {
            (of.map_or_else(|| "each member of the party".into(), |t| t.plural().into()), "the party", true)
        }
        (On::Gamer | On::Stash | On::DungeonStash, Gamers::Yours) => {
            (of.map_or_else(|| "your guildmembers".into(), |t| format!("your {}", t.plural())), "their party", false)
        }
        // A Stash card or a claimed dungeon has no gamer or party of its own; a dungeon being
        // raided has no owner.
        (On::Stash | On::DungeonStash, Gamers::This | Gamers::Party | Gamers::PartyOthers)
        | (On::DungeonRaid, Gamers::Yours) => return None,
    };
    let mut s = subject;
    if !s.is_empty() {
        s.push(' ');
    }
    s += &format!("{} experience", signed(n));
    if let Some(t) = per_other {
        s += &format!(" per other {} in {party}", t.name());
    }
    if let (On::Gamer, Gamers::This, Some(t)) = (on, to, of) {
        s += &format!(" while it is {}", a(t));
    }
    s += &in_kind(kind);
    let has: Vec<GamerType> = party_has.into_iter().collect();
    s += &party_condition(min_party, &has, names_party);
    Some(s)
}

/// Party experience ±N (`Passive::PartyXp`): the party as a whole.
fn party_xp(
    n: i8,
    of: Option<GamerType>,
    kind: Option<Kind>,
    min: Option<u8>,
    has: Option<GamerType>,
    on: On,
) -> String {
    let mut types: Vec<GamerType> = of.into_iter().collect();
    types.extend(has.filter(|t| Some(*t) != of));
    let value = format!("{} experience{}", signed(n), in_kind(kind));
    let singular = |subject: &str| {
        let has = party_has(min, &types);
        let cond = if has.is_empty() { String::new() } else { format!(" if it {has}") };
        format!("{subject} {value}{cond}")
    };
    let plural = |subject: &str| format!("{subject}{} {value}", party_of(min, &types));
    match on {
        On::Gamer => singular("its party"),
        On::DungeonRaid => singular("the party"),
        On::Stash | On::DungeonStash => plural("your parties"),
        On::Patch => plural("every party"),
    }
}

/// A limit of the owner's (hand, guild): "your hand limit +1" on a gamer, "hand limit +1" on a
/// Stash card or a claimed dungeon, "every player's hand limit +1" on Patch Notes.
fn owner_limit(what: &str, n: i8, on: On) -> Option<String> {
    match on {
        On::Gamer => Some(format!("your {what} {}", signed(n))),
        On::Stash | On::DungeonStash => Some(format!("{what} {}", signed(n))),
        On::Patch => Some(format!("every player's {what} {}", signed(n))),
        On::DungeonRaid => None,
    }
}

/// One ability as a clause.
fn clause(c: Option<&Content>, p: &Passive, on: On) -> Clause {
    let rule = |text: Option<String>| Clause { group: Group::Rule, text: text.unwrap_or_else(|| NO_EFFECT.into()) };
    let gamer_only = |group: Group, text: String| {
        if on == On::Gamer { Clause { group, text } } else { Clause { group: Group::Rule, text: NO_EFFECT.into() } }
    };
    match p {
        Passive::Xp { n, to, per_other, of, kind, min_party, party_has } => {
            rule(xp(*n, *to, *per_other, *of, *kind, *min_party, *party_has, on))
        }
        Passive::PartyXp { n, of, kind, min_party, party_has } => {
            rule(Some(party_xp(*n, *of, *kind, *min_party, *party_has, on)))
        }
        Passive::Difficulty { n, kind } => rule(match on {
            // A raid ability changes this dungeon, whatever its kind.
            On::DungeonRaid => Some(format!("difficulty {}", signed(*n))),
            On::Patch => Some(format!("every {}'s difficulty {}", kind_dungeon(*kind), signed(*n))),
            On::Stash | On::DungeonStash => {
                Some(format!("difficulty {} for the {} you raid", signed(*n), kind_dungeons(*kind)))
            }
            On::Gamer => None,
        }),
        Passive::Loot { n, kind, party_has } => rule(match on {
            On::DungeonRaid => {
                // The kind is this dungeon's own: the ability works only on a dungeon of it.
                let mut conditions = Vec::new();
                if let Some(k) = kind {
                    conditions.push(format!("it is a {} dungeon", k.name()));
                }
                if let Some(t) = party_has {
                    conditions.push(format!("the party includes {}", a(*t)));
                }
                let s = format!("loot {}", signed(*n));
                Some(if conditions.is_empty() { s } else { format!("{s} if {}", conditions.join(" and ")) })
            }
            On::Patch => {
                let mut s = format!("every {}'s loot {}", kind_dungeon(*kind), signed(*n));
                if let Some(t) = party_has {
                    s += &format!(" when its party includes {}", a(*t));
                }
                Some(s)
            }
            On::Stash | On::DungeonStash => {
                let mut s = format!("loot {} for each {} you claim", signed(*n), kind_dungeon(*kind));
                if let Some(t) = party_has {
                    s += &format!(" with {} in its party", a(*t));
                }
                Some(s)
            }
            On::Gamer => None,
        }),
        Passive::ClaimLoot { n } => {
            let loot = more(*n, "Loot", "Loot");
            rule(Some(match on {
                On::Gamer => format!("a claim with it in a party draws {loot}"),
                On::DungeonRaid => format!("the claim draws {loot}"),
                On::Stash | On::DungeonStash => format!("your claims draw {loot}"),
                On::Patch => format!("every claim draws {loot}"),
            }))
        }
        Passive::Vp { n, per_other_boss } => {
            // On a Boss dungeon, "other" leaves the dungeon itself out; on a Farm dungeon it
            // changes nothing.
            let (whose, other, their) = match on {
                On::Gamer | On::Stash => ("your", "", "your"),
                On::DungeonStash => ("your", "other ", "your"),
                On::Patch => ("every player's", "", "their"),
                On::DungeonRaid => return rule(None),
            };
            let per = if *per_other_boss {
                format!(" per {other}Boss dungeon in {their} Guild Stash")
            } else {
                String::new()
            };
            rule(Some(format!("{whose} VP {}{per}", signed(*n))))
        }
        Passive::HandLimit { n } => rule(owner_limit("hand limit", *n, on)),
        Passive::GuildLimit { n } => rule(owner_limit("guild limit", *n, on)),
        Passive::RowLimit { row, set, n } => {
            let mut parts = Vec::new();
            if let Some(s) = set {
                parts.push(format!("the {} row limit becomes {s}", row.name()));
            }
            if let Some(k) = n {
                parts.push(format!("the {} row limit {}", row.name(), signed(*k)));
            }
            rule(Some(parts.join(", then ")))
        }
        Passive::BurnoutPlus { n } => rule(match on {
            On::Gamer | On::Stash | On::DungeonStash => Some(format!("your guildmembers' Burn-out {}", signed(*n))),
            On::Patch => Some(format!("every guildmember's Burn-out {}", signed(*n))),
            On::DungeonRaid => None,
        }),
        Passive::Face { from, to, once_per_game } => {
            let (from, to) = (face(*from), as_face(*to));
            rule(Some(match on {
                On::Gamer => format!("a {from} rolled for its party counts as {to}"),
                On::DungeonRaid => format!("a {from} counts as {to}"),
                // Only a Stash card goes to its discard pile once used (WOD vocabulary).
                On::Stash if *once_per_game => {
                    format!("once per game, your {from} counts as {to}; then discard this card")
                }
                On::Stash | On::DungeonStash => format!("your {from} counts as {to}"),
                On::Patch => format!("every {from} counts as {to}"),
            }))
        }
        Passive::SkullDiscards { n } => {
            let members = more(*n, "member", "members");
            rule(Some(match on {
                On::Gamer => format!("a skull in its party discards {members}"),
                On::DungeonRaid => format!("a skull discards {members}"),
                On::Stash | On::DungeonStash => format!("a skull in your parties discards {members}"),
                On::Patch => format!("every skull discards {members}"),
            }))
        }
        Passive::GrindDraws { n } => {
            let loot = more(*n, "Loot", "Loot");
            rule(match on {
                On::Gamer | On::Stash | On::DungeonStash => Some(format!("when you grind, draw {loot}")),
                On::Patch => Some(format!("every grind draws {loot}")),
                On::DungeonRaid => None,
            })
        }
        Passive::WontPlay { with } => {
            gamer_only(Group::Restriction, format!("will not play with {}", with_whom(c, with)))
        }
        Passive::CannotRaid { kind } => {
            gamer_only(Group::Restriction, format!("cannot raid {}", kind_dungeons(Some(*kind))))
        }
        Passive::Bars { of } => rule((on == On::DungeonRaid).then(|| format!("{} cannot raid", of.plural()))),
        Passive::CountsAs { ty } => gamer_only(Group::Rule, format!("counts as {} for requirements", a(*ty))),
        Passive::IgnoreSkills { of } => rule(
            matches!(on, On::Stash | On::DungeonStash)
                .then(|| format!("the skills of your {} are ignored", of.plural())),
        ),
        Passive::Burnout { n } => gamer_only(Group::Keyword, format!("Burn-out {n}")),
        Passive::Learns { max } => gamer_only(Group::Keyword, format!("Learns (max {max})")),
        Passive::CashShop => gamer_only(Group::Keyword, "Cash shop".into()),
        Passive::Ragequit => gamer_only(Group::Keyword, "Ragequit".into()),
        Passive::OnClaim { draw } => rule(match on {
            On::Gamer => Some(format!("when a raid it was in is claimed, draw {draw} more Loot")),
            On::Stash => Some(format!("when you claim, draw {draw} more Loot")),
            On::DungeonRaid | On::DungeonStash | On::Patch => None,
        }),
    }
}

/// The clauses of a list of abilities, joined into one sentence body ("a; b").
fn clauses(c: Option<&Content>, items: &[Passive], on: On) -> String {
    items.iter().map(|p| clause(c, p, on).text).collect::<Vec<_>>().join("; ")
}

/// A list of abilities printed in one place, as sentences.
fn abilities(c: Option<&Content>, items: &[Passive], on: On) -> String {
    match on {
        On::Gamer => skill(c, items),
        _ => sentence(&clauses(c, items, on)),
    }
}

/// A skill: its keywords ("Burn-out 2, Learns (max 3)."), its modifiers and triggers ("a; b."),
/// its restrictions ("Will not play with Trolls or Gankz and cannot raid Boss dungeons.").
fn skill(c: Option<&Content>, items: &[Passive]) -> String {
    let mut keywords = Vec::new();
    let mut rules = Vec::new();
    let mut with = Vec::new();
    let mut anyone = false;
    let mut kinds = Vec::new();
    for p in items {
        match p {
            Passive::WontPlay { with: With::Any } => anyone = true,
            Passive::WontPlay { with: w } => with.push(with_whom(c, w)),
            Passive::CannotRaid { kind } => kinds.push(kind.name().to_owned()),
            _ => {
                let cl = clause(c, p, On::Gamer);
                match cl.group {
                    Group::Keyword => keywords.push(cl.text),
                    Group::Rule | Group::Restriction => rules.push(cl.text),
                }
            }
        }
    }
    if anyone {
        // Anyone takes in every type and name.
        with = vec![with_whom(c, &With::Any)];
    }
    with.dedup();
    kinds.dedup();
    let mut restrictions = Vec::new();
    if !with.is_empty() {
        restrictions.push(format!("will not play with {}", or_list(&with)));
    }
    if !kinds.is_empty() {
        restrictions.push(format!("cannot raid {} dungeons", or_list(&kinds)));
    }
    [keywords.join(", "), rules.join("; "), and_list(&restrictions)]
        .iter()
        .filter(|s| !s.is_empty())
        .map(|s| sentence(s))
        .collect::<Vec<_>>()
        .join(" ")
}

// ---------------------------------------------------------------- cards

/// A gamer's skill.
pub fn gamer(c: &Content, g: u8) -> String {
    abilities(Some(c), &c.gamer(g).skill, On::Gamer)
}

/// A dungeon's raid abilities as one sentence ("Casuals +1 experience; a skull discards 1 more
/// member."), empty if it has none.
pub fn dungeon_raid(c: &Content, d: u8) -> String {
    abilities(Some(c), &c.dungeon(d).raid, On::DungeonRaid)
}

/// A dungeon's stash abilities as one sentence ("Hand limit +1."), empty if it has none.
pub fn dungeon_stash(c: &Content, d: u8) -> String {
    abilities(Some(c), &c.dungeon(d).stash, On::DungeonStash)
}

/// A dungeon's raid and stash abilities (its numbers and requirement are printed apart): "Here:
/// Casuals +1 experience. In your Guild Stash: hand limit +1."
pub fn dungeon(c: &Content, d: u8) -> String {
    let x = c.dungeon(d);
    let mut parts = Vec::new();
    if !x.raid.is_empty() {
        parts.push(format!("Here: {}.", clauses(Some(c), &x.raid, On::DungeonRaid)));
    }
    if !x.stash.is_empty() {
        parts.push(format!("In your Guild Stash: {}.", clauses(Some(c), &x.stash, On::DungeonStash)));
    }
    parts.join(" ")
}

/// A Loot card's text.
pub fn loot(def: &LootDef) -> String {
    match def.kind {
        LootKind::Effect => effect(def),
        LootKind::Stash => abilities(None, &def.passive, On::Stash),
        LootKind::PatchNotes => {
            let mut parts: Vec<String> = def.passive.iter().map(|p| clause(None, p, On::Patch).text).collect();
            parts.extend(def.steps.iter().map(op));
            sentence(&parts.join("; "))
        }
    }
}
