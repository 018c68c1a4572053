//! The effect vocabulary (the spec's "Effect vocabulary"): what skills, dungeon abilities, Stash
//! cards, Patch Notes and Effect cards say, as data. Content files are written in it; the rules text
//! players read is generated from it (`text.rs`); `values.rs` computes the modifiers in force and
//! `effects.rs` runs Effect cards on the engine's program kit.

use serde::{Deserialize, Serialize};
use worlds_engine::Player;

use crate::vocab::{Face, GamerType, Kind, Row};

/// Which gamers a modifier touches, relative to its source (WOD-COMP-5, "Selectors").
/// - a gamer's skill: `this` gamer, its `party`, the `party-others`;
/// - a dungeon's raid ability: `party` is the party raiding it;
/// - a Stash card or a dungeon's stash ability: `yours` (the owner's guildmembers);
/// - a Patch Notes card: `every` guildmember.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Gamers {
    #[default]
    This,
    Party,
    PartyOthers,
    Yours,
    Every,
}

/// A "will not play with" relation (WOD-RAID-4): a type, a named gamer, or any gamer.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum With {
    Type(GamerType),
    /// A gamer's id in the Forum deck (checked at load: it must exist).
    Gamer(String),
    Any,
}

/// One item of a skill, a dungeon ability, a Stash card or a lasting Patch Notes card: a modifier
/// or restriction while the source works, a keyword, or a trigger.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "is", rename_all = "kebab-case", rename_all_fields = "kebab-case", deny_unknown_fields)]
pub enum Passive {
    /// Experience ±N of the selected gamers; `per-other` multiplies by the number of other
    /// members of that type in the gamer's party.
    Xp {
        n: i8,
        #[serde(default)]
        to: Gamers,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        per_other: Option<GamerType>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        of: Option<GamerType>,
        #[serde(default, rename = "in", skip_serializing_if = "Option::is_none")]
        kind: Option<Kind>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        min_party: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        party_has: Option<GamerType>,
    },
    /// Party experience ±N (the party as a whole, WOD-RAID-7).
    PartyXp {
        n: i8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        of: Option<GamerType>,
        #[serde(default, rename = "in", skip_serializing_if = "Option::is_none")]
        kind: Option<Kind>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        min_party: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        party_has: Option<GamerType>,
    },
    /// Difficulty ±N: of this dungeon (raid ability), of every dungeon of a kind (Patch Notes).
    Difficulty {
        n: i8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kind: Option<Kind>,
    },
    /// Loot value ±N: of this dungeon, of every dungeon of a kind, or of the dungeons you claim.
    Loot {
        n: i8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kind: Option<Kind>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        party_has: Option<GamerType>,
    },
    /// Loot drawn by a whole claim ±N (a claim with this gamer in a party; your claims).
    ClaimLoot {
        n: i8,
    },
    /// VP ±N, optionally per other Boss dungeon in the owner's Guild Stash.
    Vp {
        n: i8,
        #[serde(default)]
        per_other_boss: bool,
    },
    HandLimit {
        n: i8,
    },
    GuildLimit {
        n: i8,
    },
    /// A row's limit: set to a number, or changed by ±N (settings first, the latest winning).
    RowLimit {
        row: Row,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        set: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        n: Option<i8>,
    },
    /// The burn-out of the owner's gamers ±N.
    BurnoutPlus {
        n: i8,
    },
    /// A die face counts as another (for this gamer's party, rolls here, or your rolls).
    Face {
        from: Face,
        to: Face,
        /// Once per game: then the source goes to its discard pile.
        #[serde(default)]
        once_per_game: bool,
    },
    /// A skull discards ±N more members.
    SkullDiscards {
        n: i8,
    },
    /// Grinding draws ±N.
    GrindDraws {
        n: i8,
    },
    /// Will not play with a type, a named gamer or any gamer.
    WontPlay {
        with: With,
    },
    /// Cannot raid dungeons of this kind.
    CannotRaid {
        kind: Kind,
    },
    /// Gamers of this type cannot raid here (a dungeon's raid ability).
    Bars {
        of: GamerType,
    },
    /// Counts as this type for requirements.
    CountsAs {
        #[serde(rename = "type")]
        ty: GamerType,
    },
    /// The skills of the owner's gamers of this type are ignored.
    IgnoreSkills {
        of: GamerType,
    },
    /// Keyword Burn-out N: counts its raids; at end of a turn in which the count reached N it goes
    /// to the Forum discard pile.
    Burnout {
        n: u8,
    },
    /// Keyword Learns (max N): +1 experience per claim it took part in, up to N.
    Learns {
        max: u8,
    },
    /// Keyword Cash shop: draw 1 Loot when it joins a guild.
    CashShop,
    /// Keyword Ragequit: after its party fails, it goes to the Forum discard pile.
    Ragequit,
    /// Trigger: a claim it took part in (a gamer) or any claim of yours (a Stash card): draw N.
    OnClaim {
        draw: u8,
    },
}

/// Kinds of [`Passive`], a bit each ([`Passive::bit`]): the content reads which kinds each list
/// holds once, so that adding up a value in force (`values.rs`) skips the sources without it.
pub type Kinds = u32;

/// The kind constants of [`Passive`] (`Passive::XP`, a bit each) and [`Passive::bit`], from one list.
macro_rules! kinds {
    ($($bit:literal $name:ident $variant:ident,)*) => {
        impl Passive {
            $(pub const $name: Kinds = 1 << $bit;)*

            /// Its kind.
            pub fn bit(&self) -> Kinds {
                match self {
                    $(Passive::$variant { .. } => Passive::$name,)*
                }
            }
        }
    };
}

kinds! {
    0 XP Xp,
    1 PARTY_XP PartyXp,
    2 DIFFICULTY Difficulty,
    3 LOOT Loot,
    4 CLAIM_LOOT ClaimLoot,
    5 VP Vp,
    6 HAND_LIMIT HandLimit,
    7 GUILD_LIMIT GuildLimit,
    8 ROW_LIMIT RowLimit,
    9 BURNOUT_PLUS BurnoutPlus,
    10 FACE Face,
    11 SKULL_DISCARDS SkullDiscards,
    12 GRIND_DRAWS GrindDraws,
    13 WONT_PLAY WontPlay,
    14 CANNOT_RAID CannotRaid,
    15 BARS Bars,
    16 COUNTS_AS CountsAs,
    17 IGNORE_SKILLS IgnoreSkills,
    18 BURNOUT Burnout,
    19 LEARNS Learns,
    20 CASH_SHOP CashShop,
    21 RAGEQUIT Ragequit,
    22 ON_CLAIM OnClaim,
}

impl Passive {
    /// What a modifier that adds a number to a seat's limit or draws adds.
    pub fn added(&self) -> Option<i8> {
        match self {
            Passive::HandLimit { n }
            | Passive::GuildLimit { n }
            | Passive::GrindDraws { n }
            | Passive::BurnoutPlus { n } => Some(*n),
            _ => None,
        }
    }

    /// The kinds a list holds.
    pub fn kinds(items: &[Passive]) -> Kinds {
        items.iter().fold(0, |kinds, p| kinds | p.bit())
    }
}

/// What an Effect card asks its player to choose when it is played (WOD-EFFECT-1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "pick", rename_all = "kebab-case", rename_all_fields = "kebab-case", deny_unknown_fields)]
pub enum Pick {
    /// A declared dungeon whose roll is not yet settled.
    DeclaredDungeon,
    /// A guildmember: `yours`, `others` (another player's) or `any`.
    Guildmember {
        #[serde(default)]
        whose: Whose,
    },
    /// A gamer in the Forum row, optionally of one type.
    ForumGamer {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        of: Option<GamerType>,
    },
    /// A player: `others` or `any`, optionally one whose guild is under its limit or who has a
    /// Stash card.
    Player {
        #[serde(default)]
        whose: Whose,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        needs: Option<Needs>,
    },
    /// An Effect card waiting on the stack (not this one).
    StackedEffect,
    /// A gamer type, named by the player.
    Type,
}

impl Pick {
    /// Which kind of thing it chooses, in the order of the fields of `Picked` (a card picks each
    /// kind at most once, WOD-DATA-1).
    pub fn slot(&self) -> usize {
        match self {
            Pick::DeclaredDungeon => 0,
            Pick::Guildmember { .. } => 1,
            Pick::ForumGamer { .. } => 2,
            Pick::Player { .. } => 3,
            Pick::StackedEffect => 4,
            Pick::Type => 5,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Whose {
    Yours,
    Others,
    #[default]
    Any,
}

impl Whose {
    /// Whether seat `s` is one of these for `player`.
    pub fn admits(self, s: Player, player: Player) -> bool {
        match self {
            Whose::Yours => s == player,
            Whose::Others => s != player,
            Whose::Any => true,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Needs {
    /// Their guild holds fewer guildmembers than its guild limit.
    GuildRoom,
    /// They have at least one Stash card in their Guild Stash.
    StashCard,
}

/// One step of an Effect card's resolution, or of a Patch Notes card's immediate effect, acting on
/// what was picked. Run by the engine's program kit (`effects.rs`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "kebab-case", rename_all_fields = "kebab-case", deny_unknown_fields)]
pub enum Op {
    /// The picked dungeon's difficulty ±N until end of turn.
    Difficulty { n: i8 },
    /// The party of the picked dungeon ±N experience until end of turn.
    PartyXp { n: i8 },
    /// The picked guildmember ±N experience until end of turn (the card attaches to it).
    Xp { n: i8 },
    /// Reroll the waiting roll.
    Reroll,
    /// If the waiting roll is a skull, it counts as this face.
    SkullAs { face: Face },
    /// Cancel the waiting recruit: the gamer stays in the Forum row.
    CancelRecruit,
    /// Cancel the picked Effect card on the stack.
    CancelEffect,
    /// Move the picked guildmember into your guild, if yours is under its guild limit.
    Poach,
    /// The picked guildmember leaves its party and may not join one this turn.
    Afk,
    /// The picked Forum gamer joins the picked player's guild (yours when no player is picked), if
    /// that guild is under its guild limit.
    Join,
    /// The picked guildmember's type becomes the picked type until end of turn.
    Respec,
    /// The waiting claim draws ±N Loot.
    ClaimLoot { n: i8 },
    /// You draw N Loot.
    Draw { n: u8 },
    /// The picked player discards one of their Stash cards, of their choice.
    DiscardStash,
    /// Every gamer of the Forum row goes to the Forum discard pile.
    PurgeForum,
    /// Every card of a row goes to the bottom of its deck.
    RowToBottom { row: Row },
}

impl Op {
    /// WOD-EFFECT-5: whether the op's lasting change falls on the picked guildmember, so that its
    /// card attaches to it (experience, type, AFK).
    pub fn attaches(self) -> bool {
        matches!(self, Op::Xp { .. } | Op::Respec | Op::Afk)
    }
}
