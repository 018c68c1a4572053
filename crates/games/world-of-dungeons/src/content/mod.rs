//! Everything fixed before the first move: the raid die and the three decks (content data in
//! `content/*.toml`, replaceable one file at a time with `--content DIR`), validated on load with
//! file, line and reason (WOD-DATA-1), and the options.

use serde::Deserialize;
use worlds_engine::cards::CardSet;
use worlds_engine::{Config, ConfigError, Player};

mod decks;
mod loot;

use crate::ability::Passive;
use crate::state::GUILD_CAP;
use crate::vocab::{Face, Types};
pub use decks::{Dungeon, Gamer, MAX_DECK, Refuses};
use decks::{parse_die, parse_dungeons, parse_forum};
use loot::parse_loot;
pub use loot::{LootDef, LootKind, MAX_LOOT};

pub const DIE_FILE: &str = "die.toml";
pub const FORUM_FILE: &str = "forum.toml";
pub const DUNGEONS_FILE: &str = "dungeons.toml";
pub const LOOT_FILE: &str = "loot.toml";
pub const BUILT_IN_DIE: &str = include_str!("../../content/die.toml");
pub const BUILT_IN_FORUM: &str = include_str!("../../content/forum.toml");
pub const BUILT_IN_DUNGEONS: &str = include_str!("../../content/dungeons.toml");
pub const BUILT_IN_LOOT: &str = include_str!("../../content/loot.toml");

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
    /// Some VP modifier can change outside a claim (a gamer's skill, a Stash card, a Patch Notes
    /// card): only then may a player hold 20 VP between two victory checks (WOD-WIN-1).
    pub vp_outside_claims: bool,
    /// Some row limit can fall during play (any row-limit source but a Patch Notes card that only
    /// raises it): only then may a row be trimmed between two arrivals (WOD-POP-2).
    pub row_limits_vary: bool,
    /// WOD-RULING-7: the most guildmembers a guild can reach with these cards (at most
    /// [`GUILD_CAP`]).
    pub largest_guild: usize,
    /// The gamer types whose skills each Loot card (by id) in a Guild Stash ignores, and each
    /// claimed dungeon: looked up on every value the rules read, so worked out once here.
    pub card_ignores: Vec<Types>,
    pub dungeon_ignores: Vec<Types>,
    /// The Loot cards whose `card_ignores` are not empty.
    pub ignoring_cards: CardSet<2>,
}

impl Content {
    /// The built-in content, or the replacements in `config.content`, and the options.
    ///
    /// # Errors
    /// A content file that does not load (WOD-DATA-1), an unknown file name, a bad option.
    pub fn load(config: &Config) -> Result<Content, ConfigError> {
        const FILES: [(&str, &str); 4] = [
            (DIE_FILE, BUILT_IN_DIE),
            (FORUM_FILE, BUILT_IN_FORUM),
            (DUNGEONS_FILE, BUILT_IN_DUNGEONS),
            (LOOT_FILE, BUILT_IN_LOOT),
        ];
        if let Some(unknown) = config.content.keys().find(|k| !FILES.iter().any(|(file, _)| file == k)) {
            return Err(ConfigError::Content {
                file: unknown.clone(),
                line: None,
                reason: format!("World of Dungeons reads only {}", FILES.map(|(file, _)| file).join(", ")),
            });
        }
        // A replacement, else the built-in file.
        let text = |file: &str| {
            let built_in = FILES.iter().find(|(f, _)| *f == file).map_or("", |(_, text)| *text);
            config.content.get(file).map_or(built_in, String::as_str)
        };
        let options: Options = config.parse_options()?;
        let die = parse_die(text(DIE_FILE), DIE_FILE)?;
        let gamers = parse_forum(text(FORUM_FILE), FORUM_FILE)?;
        let dungeons = parse_dungeons(text(DUNGEONS_FILE), DUNGEONS_FILE)?;
        let defs = parse_loot(text(LOOT_FILE), LOOT_FILE)?;
        let largest_guild = largest_guild(&gamers, &dungeons, &defs, text)?;
        let first = config.seat_option("first", options.first)?;
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
        let is_vp = |p: &Passive| matches!(p, Passive::Vp { .. });
        let vp_outside_claims =
            gamers.iter().any(|g| g.skill.iter().any(is_vp)) || defs.iter().any(|d| d.passive.iter().any(is_vp));
        let varies = |p: &Passive, patch: bool| match p {
            Passive::RowLimit { set, n, .. } => !patch || set.is_some() || n.is_some_and(|n| n < 0),
            _ => false,
        };
        let patch_sets = defs
            .iter()
            .filter(|d| d.kind == LootKind::PatchNotes)
            .flat_map(|d| &d.passive)
            .filter(|p| matches!(p, Passive::RowLimit { set: Some(s), .. } if i32::from(*s) >= ROW_LIMIT))
            .count();
        // A lasting Patch Notes card that sets a row limit no lower than the printed one only
        // raises it, as long as it is the only setting.
        let row_limits_vary = gamers.iter().any(|g| g.skill.iter().any(|p| varies(p, false)))
            || dungeons.iter().any(|d| d.raid.iter().chain(&d.stash).any(|p| varies(p, false)))
            || defs.iter().any(|d| {
                d.passive.iter().any(|p| {
                    let patch = d.kind == LootKind::PatchNotes;
                    varies(p, patch)
                        && !(patch
                            && patch_sets == 1
                            && matches!(p, Passive::RowLimit { set: Some(s), n: None, .. } if i32::from(*s) >= ROW_LIMIT))
                })
            });
        let ignores = |items: &[Passive]| {
            let of =
                items.iter().filter_map(|p| if let Passive::IgnoreSkills { of } = p { Some(of.bit()) } else { None });
            Types(of.fold(0, |set, bit| set | bit))
        };
        let card_ignores: Vec<Types> = loot.iter().map(|&d| ignores(&defs[usize::from(d)].passive)).collect();
        let ignoring_cards = (0..card_ignores.len()).filter(|&k| card_ignores[k].0 != 0).map(|k| k as u8).collect();
        let dungeon_ignores = dungeons.iter().map(|d| ignores(&d.stash)).collect();
        Ok(Content {
            die,
            gamers,
            dungeons,
            defs,
            loot,
            patch_cards,
            first,
            turn_cap,
            vp_outside_claims,
            row_limits_vary,
            largest_guild,
            card_ignores,
            dungeon_ignores,
            ignoring_cards,
        })
    }

    /// The design of a Loot card.
    pub fn def(&self, card: u8) -> &LootDef {
        &self.defs[usize::from(self.loot[usize::from(card)])]
    }

    pub fn def_of(&self, card: u8) -> u8 {
        self.loot[usize::from(card)]
    }

    /// The lowest Loot card of design `def` in a set of cards (copies are one choice, WOD-RULING-1).
    pub fn copy_in(&self, cards: u128, def: u8) -> Option<u8> {
        worlds_engine::bits::ones(cards).map(|k| k as u8).find(|&k| self.def_of(k) == def)
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

/// WOD-RULING-7, WOD-DATA-1: the most guildmembers a guild could ever hold with these cards, at
/// most [`GUILD_CAP`]; else the content is refused (naming the file and line of a card that raises
/// the guild limit, or of a Troll). The bound: recruits and the cards that add guildmembers need a
/// guild under its limit (WOD-RECRUIT-2), which is at most 3 plus every guild-limit bonus of every
/// card together, and one recruit may resolve after cards played in its window filled the guild;
/// Trolls join over the limit (WOD-RECRUIT-4), each once (a kicked gamer is discarded for good,
/// WOD-COMP-3). A guild never holds more gamers than the Forum deck has.
///
/// # Errors
/// The content whose guild could outgrow the table.
fn largest_guild<'t>(
    gamers: &[Gamer],
    dungeons: &[Dungeon],
    defs: &[LootDef],
    text: impl Fn(&str) -> &'t str,
) -> Result<usize, ConfigError> {
    let bonus = |passives: &[Passive]| -> i32 {
        passives.iter().map(|p| if let Passive::GuildLimit { n } = p { i32::from(*n).max(0) } else { 0 }).sum()
    };
    let mut raisers: Vec<(&str, &str, i32)> = Vec::new();
    raisers.extend(gamers.iter().map(|g| (FORUM_FILE, g.id.as_str(), bonus(&g.skill))));
    raisers.extend(dungeons.iter().map(|d| (DUNGEONS_FILE, d.id.as_str(), bonus(&d.stash))));
    raisers.extend(defs.iter().map(|d| (LOOT_FILE, d.id.as_str(), bonus(&d.passive) * i32::from(d.copies))));
    raisers.retain(|r| r.2 > 0);
    let limit = GUILD_LIMIT + raisers.iter().map(|r| r.2).sum::<i32>();
    let trolls: Vec<&Gamer> = gamers.iter().filter(|g| g.ty == crate::vocab::GamerType::Troll).collect();
    let largest = (limit + 1 + trolls.len() as i32).min(gamers.len() as i32);
    if largest <= GUILD_CAP as i32 {
        return Ok(largest.max(0) as usize);
    }
    let (file, id) = match raisers.last() {
        Some(&(file, id, _)) => (file, id),
        None => (FORUM_FILE, trolls.last().map_or("", |g| g.id.as_str())),
    };
    let needle = format!("id = \"{id}\"");
    let line = text(file).lines().position(|l| l.trim() == needle).map(|i| i + 1);
    let named: Vec<String> = raisers.iter().map(|(_, id, n)| format!("{id} +{n}")).collect();
    Err(ConfigError::Content {
        file: file.to_owned(),
        line,
        reason: format!(
            "a guild could hold {largest} guildmembers, more than the {GUILD_CAP} a guild can hold: a guild limit of \
             up to {limit} (3{}{}), one recruit over it and {} Trolls (WOD-RULING-7)",
            if named.is_empty() { "" } else { " + " },
            named.join(" + "),
            trolls.len()
        ),
    })
}
