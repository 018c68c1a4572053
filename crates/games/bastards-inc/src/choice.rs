//! The hidden simultaneous choices (BI-DRAW-4, BI-PLACE-1, BI-BATTLE-2): what a company chooses
//! in secret (cards to discard and extra cards, VPs to lift, Goodwill to resist with), kept in the
//! table's `choices`, the kit's `Secret`: its owner sees it, the others only whether it is made,
//! until it is revealed and applied. And how a position saved before `choices` held them.

use serde::{Deserialize, Serialize};

use crate::card::CardSet;

/// How far a player's hidden simultaneous choice has got (BI-DRAW-4, BI-PLACE-1, BI-BATTLE-2):
/// `Table::stage`, from the table's `choices`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Not part of a simultaneous choice now.
    #[default]
    Idle,
    /// Choosing.
    Choosing,
    /// Draw phase: choosing the Goodwill part of the extra cards' price (BI-MONEY-1).
    Goodwill,
    /// Chosen: waiting for the others.
    Done,
}

/// A company's hidden simultaneous choice, kept in the table's [`Secret`] (`choices`): its owner
/// sees it, the others only whether it is made, until it is revealed (BI-DRAW-4, BI-PLACE-1,
/// BI-BATTLE-2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    /// Draw phase: choosing the Goodwill part of the extra cards' price now (BI-MONEY-1).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub paying: bool,
    /// Draw phase: cards of the hand to discard (BI-DRAW-1).
    #[serde(default, skip_serializing_if = "is_default")]
    pub marked: CardSet,
    /// Draw phase: extra cards bought with extra effort (BI-DRAW-3), and the Goodwill part of their
    /// price.
    #[serde(default, skip_serializing_if = "is_default")]
    pub extra: u8,
    #[serde(default, skip_serializing_if = "is_default")]
    pub goodwill: u8,
    /// Place VPs phase: the VPs to lift, by bit (BI-PLACE-1).
    #[serde(default, skip_serializing_if = "is_default")]
    pub lift: u8,
    /// Battle of Goodwill: the Goodwill resisted with; `None` lets the newcomer in (BI-BATTLE-2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resist: Option<u32>,
}

/// A seat's hidden choice as saved positions held it before the table's `choices`: read, never
/// written, and moved to `choices` when the position is loaded (`validate.rs`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OldChoice {
    #[serde(default)]
    pub stage: Stage,
    #[serde(default)]
    pub marked: CardSet,
    #[serde(default)]
    pub extra: u8,
    #[serde(default)]
    pub goodwill: u8,
    #[serde(default)]
    pub lift: u8,
    #[serde(default)]
    pub resist: Option<u32>,
}

/// For `skip_serializing_if`: a field left at its default is not written.
pub fn is_default<T: Default + PartialEq>(x: &T) -> bool {
    *x == T::default()
}
