//! The Loot deck as data (`loot.toml`): Stash, Effect and Patch Notes cards (WOD-COMP-7), validated
//! on load with file, line and reason (WOD-DATA-1); Effect cards compiled for the program kit.

use serde::Deserialize;
use toml::Spanned;
use worlds_engine::ConfigError;
use worlds_engine::program::{Program, Source};

use super::decks::{MAX_DECK, check_range, checked, error_in, new_id, passives};
use crate::ability::{Kinds, Op, Passive, Pick};
use crate::state::PATCH;
use crate::vocab::Timing;

/// The most Loot cards (a set of them is a `u128`).
pub const MAX_LOOT: usize = 128;

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
    /// The kinds `passive` holds.
    pub passive_kinds: Kinds,
    /// `steps`, compiled for the engine's program runner.
    pub program: Program<Op, ()>,
    pub quote: Option<String>,
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

/// What an op needs picked, in words, and the test a pick must pass.
type Needed = (&'static str, fn(&Pick) -> bool);

/// The pick an op acts on, if it needs one.
fn needs_pick(op: Op) -> Option<Needed> {
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
        if picks[..i].iter().any(|q| q.slot() == p.slot()) {
            return Err("a card picks each kind of thing at most once".into());
        }
    }
    for op in steps {
        // These two act only as a Patch Notes card's immediate effect (WOD-PATCH-1); as an
        // Effect card's step they would print a promise the card does not keep (WOD-DATA-2).
        if matches!(op, Op::PurgeForum | Op::RowToBottom { .. }) {
            return Err(format!("step `{}` is an immediate Patch Notes effect only (`now`)", op_word(*op)));
        }
        if let Some((what, is)) = needs_pick(*op)
            && !picks.iter().any(is)
        {
            return Err(format!("step `{}` needs {what} in `pick`", op_word(*op)));
        }
        if matches!(op, Op::Respec) && !picks.contains(&Pick::Type) {
            return Err("step `respec` needs a `type` in `pick`".into());
        }
        if let Some(t) = needs_timing(*op)
            && t != timing
        {
            return Err(format!("step `{}` needs timing `{}`", op_word(*op), t.word()));
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

pub(crate) fn parse_loot(text: &str, file: &str) -> Result<Vec<LootDef>, ConfigError> {
    let err = error_in(file, text);
    let raw: LootFile = toml::from_str(text).map_err(|e| err(e.span(), e.message().trim().to_owned()))?;
    let mut defs: Vec<LootDef> = Vec::with_capacity(raw.loot.len());
    let mut total = 0usize;
    for entry in raw.loot {
        let span = entry.span();
        let e = entry.into_inner();
        let id = new_id(&e.id, defs.iter().map(|d| d.id.as_str()), "loot", &err)?;
        let card = format!("loot {id}");
        let here = |r: String| err(Some(span.clone()), format!("{card}: {r}"));
        check_range("`copies`", *e.copies.get_ref(), 1, 20).map_err(|r| {
            err(Some(if e.copies.span().is_empty() { span.clone() } else { e.copies.span() }), format!("{card}: {r}"))
        })?;
        let picks: Vec<Pick> = checked(e.pick, &err, &card, |_| Ok(()))?;
        let steps: Vec<Op> = checked(e.steps, &err, &card, |_| Ok(()))?;
        let now: Vec<Op> = checked(e.now, &err, &card, |_| Ok(()))?;
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
            passive_kinds: Passive::kinds(&passive),
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
    let patch: usize = defs.iter().filter(|d| d.kind == LootKind::PatchNotes).map(|d| usize::from(d.copies)).sum();
    if patch > PATCH {
        return Err(err(None, format!("{patch} Patch Notes cards; the Patch Notes row holds at most {PATCH}")));
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
