//! Everything fixed before the first move: the raid die and the three decks (content data in
//! `content/*.toml`, replaceable one file at a time with `--content DIR`), validated on load with
//! file, line and reason (WOD-DATA-1), and the options.

use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;
use worlds_engine::program::{Program, Source};
use worlds_engine::{Config, ConfigError, Player};

use crate::ability::{Op, Passive, Pick, With};
use crate::vocab::{Face, GamerType, Kind, Timing, Types};

pub const DIE_FILE: &str = "die.toml";
pub const FORUM_FILE: &str = "forum.toml";
pub const DUNGEONS_FILE: &str = "dungeons.toml";
pub const LOOT_FILE: &str = "loot.toml";
pub const BUILT_IN_DIE: &str = include_str!("../content/die.toml");
pub const BUILT_IN_FORUM: &str = include_str!("../content/forum.toml");
pub const BUILT_IN_DUNGEONS: &str = include_str!("../content/dungeons.toml");
pub const BUILT_IN_LOOT: &str = include_str!("../content/loot.toml");

/// The most cards a Forum or Dungeon deck may have (a set of them is a `u64`).
pub const MAX_DECK: usize = 64;
/// The most Loot cards (a set of them is a `u128`).
pub const MAX_LOOT: usize = 128;

/// WOD-END-2: the default turn cap.
pub const DEFAULT_TURN_CAP: u16 = 200;
/// WOD-WIN-1: the VP that end the game.
pub const VP_TO_WIN: i32 = 20;
/// WOD-POP-2, WOD-RECRUIT-2, WOD-HAND-1: the printed limits.
pub const ROW_LIMIT: i32 = 3;
pub const GUILD_LIMIT: i32 = 3;
pub const HAND_LIMIT: i32 = 3;

/// Options of `Config::options`.
#[derive(Clone, PartialEq, Eq, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// WOD-SETUP-2: the first player (0-based seat); random when absent.
    #[serde(default)]
    pub first: Option<usize>,
    /// WOD-END-2: the game ends after this many turns (default 200).
    #[serde(default)]
    pub turn_cap: Option<u16>,
}

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
    /// The skill's "will not play with" relations, resolved to gamers of this deck.
    pub refuses: Vec<Refuses>,
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
    /// Abilities while it lies in a Guild Stash.
    pub stash: Vec<Passive>,
    pub quote: Option<String>,
}

/// WOD-COMP-7: the three kinds of Loot card.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LootKind {
    Stash,
    Effect,
    PatchNotes,
}

impl LootKind {
    pub fn name(self) -> &'static str {
        match self {
            LootKind::Stash => "Stash",
            LootKind::Effect => "Effect",
            LootKind::PatchNotes => "Patch Notes",
        }
    }
}

/// A Loot card design; `copies` of it are in the deck.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LootDef {
    pub id: String,
    pub name: String,
    pub kind: LootKind,
    pub copies: u8,
    /// An Effect card's timing.
    pub timing: Option<Timing>,
    /// An Effect card's choices when played.
    pub picks: Vec<Pick>,
    /// An Effect card's resolution, or a Patch Notes card's immediate effect.
    pub steps: Vec<Op>,
    /// A Stash card's abilities, or a Patch Notes card's lasting effect.
    pub passive: Vec<Passive>,
    /// `steps`, compiled for the engine's program runner.
    pub program: Program<Op, ()>,
    pub quote: Option<String>,
}

/// The die, the decks and the options of one game.
#[derive(Debug, PartialEq, Eq)]
pub struct Content {
    pub die: [Face; 6],
    pub gamers: Vec<Gamer>,
    pub dungeons: Vec<Dungeon>,
    pub defs: Vec<LootDef>,
    /// Each Loot card (by id) → its design in `defs`.
    pub loot: Vec<u8>,
    /// Every Loot card that is a Patch Notes card.
    pub patch_cards: u128,
    pub first: Option<Player>,
    pub turn_cap: u16,
}

/// The line of a byte offset.
pub(crate) fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset).unwrap_or(text).matches('\n').count() + 1
}

/// Makes content errors for one file.
fn error_in<'a>(file: &'a str, text: &'a str) -> impl Fn(Option<Range<usize>>, String) -> ConfigError + 'a {
    move |span, reason| ConfigError::Content {
        file: file.to_owned(),
        line: span.map(|s| line_of(text, s.start)),
        reason,
    }
}

/// A card id: lower-case words joined by dashes.
fn check_id(id: &str) -> Result<(), String> {
    let ok = !id.is_empty()
        && id.split('-').all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()));
    if ok { Ok(()) } else { Err(format!("`{id}` is not an id: lower-case words joined by dashes, e.g. `raid-mom`")) }
}

fn check_range(what: &str, v: i64, lo: i64, hi: i64) -> Result<(), String> {
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

fn parse_die(text: &str, file: &str) -> Result<[Face; 6], ConfigError> {
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
fn passives(
    items: Vec<Spanned<toml::Value>>,
    err: &impl Fn(Option<Range<usize>>, String) -> ConfigError,
    card: &str,
) -> Result<Vec<Passive>, ConfigError> {
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let span = item.span();
        let p: Passive = item
            .into_inner()
            .try_into()
            .map_err(|e: toml::de::Error| err(Some(span.clone()), format!("{card}: {}", e.message().trim())))?;
        check_passive(&p).map_err(|r| err(Some(span), format!("{card}: {r}")))?;
        out.push(p);
    }
    Ok(out)
}

fn items<T: for<'de> Deserialize<'de>>(
    items: Vec<Spanned<toml::Value>>,
    err: &impl Fn(Option<Range<usize>>, String) -> ConfigError,
    card: &str,
) -> Result<Vec<T>, ConfigError> {
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let span = item.span();
        let v: T = item
            .into_inner()
            .try_into()
            .map_err(|e: toml::de::Error| err(Some(span), format!("{card}: {}", e.message().trim())))?;
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

fn parse_forum(text: &str, file: &str) -> Result<Vec<Gamer>, ConfigError> {
    let err = error_in(file, text);
    let raw: ForumFile = toml::from_str(text).map_err(|e| err(e.span(), e.message().trim().to_owned()))?;
    if raw.gamer.len() > MAX_DECK {
        return Err(err(None, format!("{} gamers; the Forum deck holds at most {MAX_DECK}", raw.gamer.len())));
    }
    if raw.gamer.len() < 3 {
        return Err(err(
            None,
            format!("{} gamers; the Forum deck needs at least 3 for setup and the first turn", raw.gamer.len()),
        ));
    }
    let mut gamers: Vec<Gamer> = Vec::with_capacity(raw.gamer.len());
    let mut spans = Vec::new();
    for entry in raw.gamer {
        let span = entry.span();
        let e = entry.into_inner();
        let id = e.id.get_ref().clone();
        check_id(&id).map_err(|r| err(Some(e.id.span()), r))?;
        if gamers.iter().any(|g| g.id == id) {
            return Err(err(Some(e.id.span()), format!("the gamer id `{id}` is used twice")));
        }
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

fn parse_dungeons(text: &str, file: &str) -> Result<Vec<Dungeon>, ConfigError> {
    let err = error_in(file, text);
    let raw: DungeonsFile = toml::from_str(text).map_err(|e| err(e.span(), e.message().trim().to_owned()))?;
    if raw.dungeon.len() > MAX_DECK {
        return Err(err(None, format!("{} dungeons; the Dungeon deck holds at most {MAX_DECK}", raw.dungeon.len())));
    }
    if raw.dungeon.len() < 3 {
        return Err(err(
            None,
            format!("{} dungeons; the Dungeon deck needs at least 3 for setup and the first turn", raw.dungeon.len()),
        ));
    }
    let mut out: Vec<Dungeon> = Vec::with_capacity(raw.dungeon.len());
    for entry in raw.dungeon {
        let e = entry.into_inner();
        let id = e.id.get_ref().clone();
        check_id(&id).map_err(|r| err(Some(e.id.span()), r))?;
        if out.iter().any(|d| d.id == id) {
            return Err(err(Some(e.id.span()), format!("the dungeon id `{id}` is used twice")));
        }
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
            raid,
            stash,
            quote: e.quote,
        });
    }
    Ok(out)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LootFile {
    loot: Vec<Spanned<LootEntry>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct LootEntry {
    id: Spanned<String>,
    name: String,
    kind: LootKind,
    #[serde(default = "one")]
    copies: Spanned<i64>,
    #[serde(default)]
    timing: Option<Timing>,
    #[serde(default)]
    pick: Vec<Spanned<toml::Value>>,
    #[serde(default)]
    steps: Vec<Spanned<toml::Value>>,
    /// A Stash card's abilities.
    #[serde(default)]
    stash: Vec<Spanned<toml::Value>>,
    /// A Patch Notes card's lasting effect.
    #[serde(default)]
    lasting: Vec<Spanned<toml::Value>>,
    /// A Patch Notes card's immediate effect.
    #[serde(default)]
    now: Vec<Spanned<toml::Value>>,
    #[serde(default)]
    quote: Option<String>,
}

fn one() -> Spanned<i64> {
    Spanned::new(0..0, 1)
}

/// The pick an op acts on, if it needs one.
fn needs_pick(op: Op) -> Option<(&'static str, fn(&Pick) -> bool)> {
    match op {
        Op::Difficulty { .. } | Op::PartyXp { .. } => {
            Some(("a `declared-dungeon`", |p| matches!(p, Pick::DeclaredDungeon)))
        }
        Op::Xp { .. } | Op::Poach | Op::Afk => Some(("a `guildmember`", |p| matches!(p, Pick::Guildmember { .. }))),
        Op::Respec => Some(("a `guildmember` and a `type`", |p| matches!(p, Pick::Guildmember { .. }))),
        Op::Join => Some(("a `forum-gamer`", |p| matches!(p, Pick::ForumGamer { .. }))),
        Op::CancelEffect => Some(("a `stacked-effect`", |p| matches!(p, Pick::StackedEffect))),
        Op::DiscardStash => Some(("a `player`", |p| matches!(p, Pick::Player { .. }))),
        _ => None,
    }
}

/// The timing an op needs, if any: what it acts on waits only then.
fn needs_timing(op: Op) -> Option<Timing> {
    match op {
        Op::Reroll | Op::SkullAs { .. } => Some(Timing::Roll),
        Op::CancelRecruit => Some(Timing::Recruit),
        Op::CancelEffect => Some(Timing::Effect),
        Op::ClaimLoot { .. } => Some(Timing::Claim),
        Op::Difficulty { .. } | Op::PartyXp { .. } => Some(Timing::Raid),
        _ => None,
    }
}

fn check_effect(picks: &[Pick], steps: &[Op], timing: Timing) -> Result<(), String> {
    if steps.is_empty() {
        return Err("an Effect card needs `steps`".into());
    }
    for (i, p) in picks.iter().enumerate() {
        if picks[..i].contains(p) || picks[..i].iter().any(|q| std::mem::discriminant(q) == std::mem::discriminant(p)) {
            return Err("a card picks each kind of thing at most once".into());
        }
    }
    for op in steps {
        if let Some((what, is)) = needs_pick(*op) {
            if !picks.iter().any(is) {
                return Err(format!("step `{}` needs {what} in `pick`", op_word(*op)));
            }
        }
        if matches!(op, Op::Respec) && !picks.contains(&Pick::Type) {
            return Err("step `respec` needs a `type` in `pick`".into());
        }
        if let Some(t) = needs_timing(*op) {
            if t != timing {
                return Err(format!("step `{}` needs timing `{}`", op_word(*op), t.word()));
            }
        }
    }
    Ok(())
}

/// The `do` word of an op, for messages.
pub(crate) fn op_word(op: Op) -> String {
    toml::Value::try_from(op)
        .ok()
        .and_then(|v| v.get("do").and_then(|d| d.as_str().map(str::to_owned)))
        .unwrap_or_default()
}

fn parse_loot(text: &str, file: &str) -> Result<Vec<LootDef>, ConfigError> {
    let err = error_in(file, text);
    let raw: LootFile = toml::from_str(text).map_err(|e| err(e.span(), e.message().trim().to_owned()))?;
    let mut defs: Vec<LootDef> = Vec::with_capacity(raw.loot.len());
    let mut total = 0usize;
    for entry in raw.loot {
        let span = entry.span();
        let e = entry.into_inner();
        let id = e.id.get_ref().clone();
        let card = format!("loot {id}");
        let here = |r: String| err(Some(span.clone()), format!("{card}: {r}"));
        check_id(&id).map_err(|r| err(Some(e.id.span()), r))?;
        if defs.iter().any(|d| d.id == id) {
            return Err(err(Some(e.id.span()), format!("the loot id `{id}` is used twice")));
        }
        check_range("`copies`", *e.copies.get_ref(), 1, 20).map_err(|r| {
            err(Some(if e.copies.span().is_empty() { span.clone() } else { e.copies.span() }), format!("{card}: {r}"))
        })?;
        let picks: Vec<Pick> = items(e.pick, &err, &card)?;
        let steps: Vec<Op> = items(e.steps, &err, &card)?;
        let now: Vec<Op> = items(e.now, &err, &card)?;
        let stash = passives(e.stash, &err, &card)?;
        let lasting = passives(e.lasting, &err, &card)?;
        let (steps, passive) = match e.kind {
            LootKind::Effect => {
                let Some(timing) = e.timing else { return Err(here("an Effect card needs a `timing`".into())) };
                if !stash.is_empty() || !lasting.is_empty() || !now.is_empty() {
                    return Err(here("an Effect card has `pick` and `steps` only".into()));
                }
                check_effect(&picks, &steps, timing).map_err(&here)?;
                (steps, Vec::new())
            }
            LootKind::Stash => {
                if e.timing.is_some()
                    || !picks.is_empty()
                    || !steps.is_empty()
                    || !lasting.is_empty()
                    || !now.is_empty()
                {
                    return Err(here("a Stash card has `stash` abilities only".into()));
                }
                if stash.is_empty() {
                    return Err(here("a Stash card needs `stash` abilities".into()));
                }
                (Vec::new(), stash)
            }
            LootKind::PatchNotes => {
                if e.timing.is_some() || !picks.is_empty() || !steps.is_empty() || !stash.is_empty() {
                    return Err(here("a Patch Notes card has `lasting` or `now` effects only".into()));
                }
                if lasting.is_empty() == now.is_empty() {
                    return Err(here("a Patch Notes card has either `lasting` or `now` effects (WOD-PATCH-3)".into()));
                }
                if let Some(op) = now.iter().find(|op| !matches!(op, Op::PurgeForum | Op::RowToBottom { .. })) {
                    return Err(here(format!("`{}` cannot be an immediate Patch Notes effect", op_word(*op))));
                }
                (now, lasting)
            }
        };
        let copies = *e.copies.get_ref() as u8;
        total += usize::from(copies);
        let source: Vec<Source<Op, ()>> = steps.iter().map(|op| Source::Do(*op)).collect();
        defs.push(LootDef {
            id,
            name: e.name.trim().to_owned(),
            kind: e.kind,
            copies,
            timing: e.timing,
            picks,
            program: Program::compile(&source),
            steps,
            passive,
            quote: e.quote,
        });
    }
    if defs.len() > MAX_DECK {
        return Err(err(None, format!("{} Loot designs; at most {MAX_DECK}", defs.len())));
    }
    if total > MAX_LOOT {
        return Err(err(None, format!("{total} Loot cards; the Loot deck holds at most {MAX_LOOT}")));
    }
    let playable: usize = defs.iter().filter(|d| d.kind != LootKind::PatchNotes).map(|d| usize::from(d.copies)).sum();
    if playable < 5 {
        return Err(err(
            None,
            format!(
                "{playable} Loot cards that are not Patch Notes; the deck needs at least 5 for setup and the first turn"
            ),
        ));
    }
    Ok(defs)
}

impl Content {
    /// The built-in content, or the replacements in `config.content`, and the options.
    ///
    /// # Errors
    /// A content file that does not load (WOD-DATA-1), an unknown file name, a bad option.
    pub fn load(config: &Config) -> Result<Content, ConfigError> {
        const FILES: [&str; 4] = [DIE_FILE, FORUM_FILE, DUNGEONS_FILE, LOOT_FILE];
        if let Some(unknown) = config.content.keys().find(|k| !FILES.contains(&k.as_str())) {
            return Err(ConfigError::Content {
                file: unknown.clone(),
                line: None,
                reason: format!("World of Dungeons reads only {}", FILES.join(", ")),
            });
        }
        let text = |file: &str, built_in: &'static str| config.content.get(file).map_or(built_in, String::as_str);
        let options: Options = config.parse_options()?;
        let die = parse_die(text(DIE_FILE, BUILT_IN_DIE), DIE_FILE)?;
        let gamers = parse_forum(text(FORUM_FILE, BUILT_IN_FORUM), FORUM_FILE)?;
        let dungeons = parse_dungeons(text(DUNGEONS_FILE, BUILT_IN_DUNGEONS), DUNGEONS_FILE)?;
        let defs = parse_loot(text(LOOT_FILE, BUILT_IN_LOOT), LOOT_FILE)?;
        let players = config.players;
        let first = match options.first {
            Some(i) if i < players => Player::new(i),
            Some(i) => {
                return Err(ConfigError::Option {
                    field: "first".into(),
                    reason: format!("seat {i} does not exist; seats are 0–{}", players.saturating_sub(1)),
                });
            }
            None => None,
        };
        let turn_cap = options.turn_cap.unwrap_or(DEFAULT_TURN_CAP);
        if turn_cap == 0 {
            return Err(ConfigError::Option { field: "turn_cap".into(), reason: "must be at least 1".into() });
        }
        let mut loot = Vec::new();
        let mut patch_cards = 0u128;
        for (d, def) in defs.iter().enumerate() {
            for _ in 0..def.copies {
                if def.kind == LootKind::PatchNotes {
                    patch_cards |= 1 << loot.len();
                }
                loot.push(d as u8);
            }
        }
        Ok(Content { die, gamers, dungeons, defs, loot, patch_cards, first, turn_cap })
    }

    /// The design of a Loot card.
    pub fn def(&self, card: u8) -> &LootDef {
        &self.defs[usize::from(self.loot[usize::from(card)])]
    }

    pub fn def_of(&self, card: u8) -> u8 {
        self.loot[usize::from(card)]
    }

    pub fn gamer(&self, g: u8) -> &Gamer {
        &self.gamers[usize::from(g)]
    }

    pub fn dungeon(&self, d: u8) -> &Dungeon {
        &self.dungeons[usize::from(d)]
    }

    pub fn all_gamers(&self) -> u64 {
        mask64(self.gamers.len())
    }

    pub fn all_dungeons(&self) -> u64 {
        mask64(self.dungeons.len())
    }

    pub fn all_loot(&self) -> u128 {
        if self.loot.len() >= 128 { u128::MAX } else { (1u128 << self.loot.len()) - 1 }
    }

    /// A gamer, dungeon or Loot design by id.
    pub fn find_gamer(&self, id: &str) -> Option<u8> {
        self.gamers.iter().position(|g| g.id == id).map(|i| i as u8)
    }

    pub fn find_dungeon(&self, id: &str) -> Option<u8> {
        self.dungeons.iter().position(|d| d.id == id).map(|i| i as u8)
    }

    pub fn find_def(&self, id: &str) -> Option<u8> {
        self.defs.iter().position(|d| d.id == id).map(|i| i as u8)
    }
}

pub(crate) fn mask64(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}
