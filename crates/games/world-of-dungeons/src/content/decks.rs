//! The Forum and Dungeon decks and the raid die as data (`forum.toml`, `dungeons.toml`,
//! `die.toml`), validated on load with file, line and reason (WOD-DATA-1); the helpers every
//! content parser shares.

use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;
use worlds_engine::ConfigError;

use crate::ability::{Kinds, Passive, With};
use crate::vocab::{Face, GamerType, Kind, Types};

/// The most cards a Forum or Dungeon deck may have (a set of them is a `u64`).
pub const MAX_DECK: usize = 64;

/// A "will not play with" relation, resolved (WOD-RAID-4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Refuses {
    Type(GamerType),
    Gamer(u8),
    Any,
}

/// A Forum card (WOD-COMP-5).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Gamer {
    pub id: String,
    pub name: String,
    pub ty: GamerType,
    pub xp: u8,
    pub skill: Vec<Passive>,
    /// The kinds `skill` holds.
    pub skill_kinds: Kinds,
    /// The skill's "will not play with" relations, resolved to gamers of this deck.
    pub refuses: Vec<Refuses>,
    /// The kinds of dungeon its skill says it cannot raid (WOD-RAID-4), read from `skill` once:
    /// a [`Kind::bit`] each.
    pub cannot_raid: u8,
    pub quote: Option<String>,
}

/// A Dungeon card (WOD-COMP-6).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Dungeon {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    pub difficulty: u8,
    pub loot: u8,
    pub vp: u8,
    pub needs: Types,
    /// Abilities while it is being raided.
    pub raid: Vec<Passive>,
    /// The kinds `raid` holds.
    pub raid_kinds: Kinds,
    /// The gamer types its raid abilities bar (WOD-RAID-4), read from `raid` once.
    pub bars: Types,
    /// Abilities while it lies in a Guild Stash.
    pub stash: Vec<Passive>,
    /// The kinds `stash` holds.
    pub stash_kinds: Kinds,
    pub quote: Option<String>,
}

pub(crate) use worlds_engine::content_errors as error_in;

/// The errors of a content file, each at its line.
pub(crate) type Errors<'a> = dyn Fn(Option<Range<usize>>, String) -> ConfigError + 'a;

/// A card's id: lower-case words joined by dashes, used by no card of the file before it (`used`).
pub(crate) fn new_id<'a>(
    id: &Spanned<String>,
    mut used: impl Iterator<Item = &'a str>,
    what: &str,
    err: &Errors,
) -> Result<String, ConfigError> {
    let text = id.get_ref();
    let ok = !text.is_empty()
        && text.split('-').all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()));
    if !ok {
        return Err(err(
            Some(id.span()),
            format!("`{text}` is not an id: lower-case words joined by dashes, e.g. `raid-mom`"),
        ));
    }
    if used.any(|u| u == text) {
        return Err(err(Some(id.span()), format!("the {what} id `{text}` is used twice")));
    }
    Ok(text.clone())
}

/// A Forum or Dungeon deck of `n` cards holds from 3 (for setup and the first turn) to
/// [`MAX_DECK`].
fn deck_size(n: usize, cards: &str, deck: &str, err: &Errors) -> Result<(), ConfigError> {
    if n > MAX_DECK {
        return Err(err(None, format!("{n} {cards}; the {deck} deck holds at most {MAX_DECK}")));
    }
    if n < 3 {
        return Err(err(None, format!("{n} {cards}; the {deck} deck needs at least 3 for setup and the first turn")));
    }
    Ok(())
}

pub(crate) fn check_range(what: &str, v: i64, lo: i64, hi: i64) -> Result<(), String> {
    if (lo..=hi).contains(&v) { Ok(()) } else { Err(format!("{what} is {v}; it must be from {lo} to {hi}")) }
}

/// The numbers inside an ability, each within what the rules can use.
fn check_passive(p: &Passive) -> Result<(), String> {
    let n = match p {
        Passive::Xp { n, min_party, .. } | Passive::PartyXp { n, min_party, .. } => {
            if let Some(m) = min_party {
                check_range("`min-party`", i64::from(*m), 1, 9)?;
            }
            *n
        }
        Passive::Difficulty { n, .. }
        | Passive::Loot { n, .. }
        | Passive::ClaimLoot { n }
        | Passive::Vp { n, .. }
        | Passive::HandLimit { n }
        | Passive::GuildLimit { n }
        | Passive::BurnoutPlus { n }
        | Passive::SkullDiscards { n }
        | Passive::GrindDraws { n } => *n,
        Passive::RowLimit { set, n, .. } => {
            match (set, n) {
                (None, None) | (Some(_), Some(_)) => return Err("a `row-limit` has either `set` or `n`".into()),
                (Some(s), None) => check_range("`set`", i64::from(*s), 1, 8)?,
                (None, Some(_)) => {}
            }
            n.unwrap_or(0)
        }
        Passive::Burnout { n } => {
            check_range("the burn-out", i64::from(*n), 1, 9)?;
            0
        }
        Passive::Learns { max } => {
            check_range("`max`", i64::from(*max), 1, 9)?;
            0
        }
        Passive::OnClaim { draw } => {
            check_range("`draw`", i64::from(*draw), 1, 5)?;
            0
        }
        Passive::Face { from, to, .. } => {
            if from == to {
                return Err("a `face` changes a face into another".into());
            }
            0
        }
        _ => 0,
    };
    check_range("`n`", i64::from(n), -9, 9)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DieFile {
    faces: Spanned<Vec<Face>>,
}

pub(crate) fn parse_die(text: &str, file: &str) -> Result<[Face; 6], ConfigError> {
    let err = error_in(file, text);
    let raw: DieFile = toml::from_str(text).map_err(|e| err(e.span(), e.message().trim().to_owned()))?;
    let span = raw.faces.span();
    let faces = raw.faces.into_inner();
    let skulls = faces.iter().filter(|f| **f == Face::Skull).count();
    let die: [Face; 6] = faces.try_into().map_err(|f: Vec<Face>| {
        err(Some(span.clone()), format!("the raid die has {} faces; it needs exactly 6 (WOD-COMP-8)", f.len()))
    })?;
    if skulls != 1 {
        return Err(err(Some(span), format!("the raid die has {skulls} skulls; it needs exactly one (WOD-COMP-8)")));
    }
    Ok(die)
}

/// Reads a list of abilities, each item's error at its own line.
pub(crate) fn passives(
    items: Vec<Spanned<toml::Value>>,
    err: &Errors,
    card: &str,
) -> Result<Vec<Passive>, ConfigError> {
    checked(items, err, card, check_passive)
}

/// Reads a list of items (abilities, picks, steps), each item's error, or what `check` refuses,
/// at its own line.
pub(crate) fn checked<T: for<'de> Deserialize<'de>>(
    items: Vec<Spanned<toml::Value>>,
    err: &Errors,
    card: &str,
    check: fn(&T) -> Result<(), String>,
) -> Result<Vec<T>, ConfigError> {
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let span = item.span();
        let v: T = item
            .into_inner()
            .try_into()
            .map_err(|e: toml::de::Error| err(Some(span.clone()), format!("{card}: {}", e.message().trim())))?;
        check(&v).map_err(|r| err(Some(span), format!("{card}: {r}")))?;
        out.push(v);
    }
    Ok(out)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ForumFile {
    gamer: Vec<Spanned<GamerEntry>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct GamerEntry {
    id: Spanned<String>,
    name: String,
    #[serde(rename = "type")]
    ty: GamerType,
    xp: Spanned<i64>,
    #[serde(default)]
    skill: Vec<Spanned<toml::Value>>,
    #[serde(default)]
    quote: Option<String>,
}

pub(crate) fn parse_forum(text: &str, file: &str) -> Result<Vec<Gamer>, ConfigError> {
    let err = error_in(file, text);
    let raw: ForumFile = toml::from_str(text).map_err(|e| err(e.span(), e.message().trim().to_owned()))?;
    deck_size(raw.gamer.len(), "gamers", "Forum", &err)?;
    let mut gamers: Vec<Gamer> = Vec::with_capacity(raw.gamer.len());
    let mut spans = Vec::new();
    for entry in raw.gamer {
        let span = entry.span();
        let e = entry.into_inner();
        let id = new_id(&e.id, gamers.iter().map(|g| g.id.as_str()), "gamer", &err)?;
        check_range("`xp`", *e.xp.get_ref(), 0, 9).map_err(|r| err(Some(e.xp.span()), format!("gamer {id}: {r}")))?;
        let skill = passives(e.skill, &err, &format!("gamer {id}"))?;
        if skill.is_empty() {
            return Err(err(Some(span), format!("gamer {id} has no skill; every gamer has one")));
        }
        gamers.push(Gamer {
            id,
            name: e.name.trim().to_owned(),
            ty: e.ty,
            xp: *e.xp.get_ref() as u8,
            cannot_raid: skill.iter().fold(0, |set, p| match p {
                Passive::CannotRaid { kind } => set | kind.bit(),
                _ => set,
            }),
            skill_kinds: Passive::kinds(&skill),
            skill,
            refuses: Vec::new(),
            quote: e.quote,
        });
        spans.push(span);
    }
    // Named gamers exist (WOD-DATA-1).
    for i in 0..gamers.len() {
        let mut refuses = Vec::new();
        for p in &gamers[i].skill {
            if let Passive::WontPlay { with } = p {
                refuses.push(match with {
                    With::Type(t) => Refuses::Type(*t),
                    With::Any => Refuses::Any,
                    With::Gamer(name) => match gamers.iter().position(|g| &g.id == name) {
                        Some(j) => Refuses::Gamer(j as u8),
                        None => {
                            return Err(err(
                                Some(spans[i].clone()),
                                format!(
                                    "gamer {}: will not play with `{name}`, but no gamer has that id",
                                    gamers[i].id
                                ),
                            ));
                        }
                    },
                });
            }
        }
        gamers[i].refuses = refuses;
    }
    Ok(gamers)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DungeonsFile {
    dungeon: Vec<Spanned<DungeonEntry>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct DungeonEntry {
    id: Spanned<String>,
    name: String,
    kind: Kind,
    difficulty: Spanned<i64>,
    loot: Spanned<i64>,
    vp: Spanned<i64>,
    #[serde(default)]
    needs: Vec<GamerType>,
    #[serde(default)]
    raid: Vec<Spanned<toml::Value>>,
    #[serde(default)]
    stash: Vec<Spanned<toml::Value>>,
    #[serde(default)]
    quote: Option<String>,
}

pub(crate) fn parse_dungeons(text: &str, file: &str) -> Result<Vec<Dungeon>, ConfigError> {
    let err = error_in(file, text);
    let raw: DungeonsFile = toml::from_str(text).map_err(|e| err(e.span(), e.message().trim().to_owned()))?;
    deck_size(raw.dungeon.len(), "dungeons", "Dungeon", &err)?;
    let mut out: Vec<Dungeon> = Vec::with_capacity(raw.dungeon.len());
    for entry in raw.dungeon {
        let e = entry.into_inner();
        let id = new_id(&e.id, out.iter().map(|d| d.id.as_str()), "dungeon", &err)?;
        for (what, v, hi) in [("`difficulty`", &e.difficulty, 30), ("`loot`", &e.loot, 9), ("`vp`", &e.vp, 20)] {
            check_range(what, *v.get_ref(), 0, hi).map_err(|r| err(Some(v.span()), format!("dungeon {id}: {r}")))?;
        }
        let mut needs = Types::default();
        for t in &e.needs {
            needs.0 |= t.bit();
        }
        let raid = passives(e.raid, &err, &format!("dungeon {id}"))?;
        let stash = passives(e.stash, &err, &format!("dungeon {id}"))?;
        out.push(Dungeon {
            id,
            name: e.name.trim().to_owned(),
            kind: e.kind,
            difficulty: *e.difficulty.get_ref() as u8,
            loot: *e.loot.get_ref() as u8,
            vp: *e.vp.get_ref() as u8,
            needs,
            bars: Types(raid.iter().fold(0, |set, p| match p {
                Passive::Bars { of } => set | of.bit(),
                _ => set,
            })),
            raid_kinds: Passive::kinds(&raid),
            raid,
            stash_kinds: Passive::kinds(&stash),
            stash,
            quote: e.quote,
        });
    }
    Ok(out)
}
