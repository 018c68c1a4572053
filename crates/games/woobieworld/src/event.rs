//! What happens in Woobieworld. Most events are public; the cards a player is dealt, draws or chooses
//! in secret are shown only to them (others see that it happened).

use arrayvec::ArrayVec;
use serde::Serialize;
use worlds_engine::Player;

use crate::area::{Area, Colour, Support};
use crate::card::CardId;

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum Event {
    /// WOOB-SETUP-1 (public: how many).
    Dealt {
        player: Player,
        count: u8,
    },
    /// WOOB-SETUP-1 (private: which card).
    DealtCard {
        player: Player,
        card: CardId,
    },
    FirstPlayer {
        player: Player,
    },
    /// WOOB-SETUP-2 and WOOB-SUPPORT-2.
    HomeChosen {
        player: Player,
        area: Area,
        colour: Colour,
        new: bool,
    },
    TurnStarted {
        player: Player,
        turn: u32,
    },
    /// Support gained by a home from the pile.
    Gained {
        player: Player,
        support: Support,
        count: u8,
    },
    /// Support lost by a home to the pile.
    Lost {
        player: Player,
        support: Support,
        count: u8,
    },
    /// Support moved from one home to another.
    SupportMoved {
        from: Player,
        to: Player,
        support: Support,
        count: u8,
    },
    /// WOOB-SUP-2: a gain cut short because the pile ran dry.
    PileDry {
        support: Support,
    },
    AnarchsMoved {
        from: Area,
        to: Area,
        count: u8,
    },
    AnarchsPlaced {
        area: Area,
        count: u8,
    },
    AnarchsRemoved {
        area: Area,
        count: u8,
    },
    IndustryPlaced {
        area: Area,
        colour: Colour,
    },
    IndustryRemoved {
        area: Area,
        colour: Colour,
        count: u8,
    },
    IndustryMoved {
        from: Area,
        to: Area,
        colour: Colour,
    },
    SkippedIndustry {
        player: Player,
    },
    Played {
        player: Player,
        card: CardId,
    },
    /// WOOB-PLAY-5 / WOOB-CYCLE-3: discarded without effect.
    DiscardedUnplayed {
        player: Player,
        card: CardId,
    },
    ChoseArea {
        player: Player,
        area: Area,
    },
    ChoseIndustry {
        player: Player,
        area: Area,
        colour: Colour,
    },
    ChosePlayer {
        player: Player,
        chosen: Player,
    },
    ChoseColour {
        player: Player,
        colour: Colour,
    },
    ChoseBranch {
        player: Player,
        branch: u8,
    },
    /// Nothing can be chosen, so what depends on the choice does nothing (WOOB-PLAY-4).
    NothingToChoose {
        player: Player,
    },
    /// WOOB-DRAW-1 (public).
    Drew {
        player: Player,
    },
    /// WOOB-DRAW-1 (private).
    DrewCard {
        player: Player,
        card: CardId,
    },
    /// WOOB-DRAW-1: an environment goes into play; its drawer is the caretaker.
    EnvironmentEntered {
        card: CardId,
        caretaker: Player,
    },
    EnvironmentDiscarded {
        card: CardId,
    },
    Upkeep {
        card: CardId,
        player: Player,
    },
    /// WOOB-DRAW-1: the discard pile becomes the deck.
    Reshuffled {
        cards: u8,
    },
    /// WOOB-CYCLE-1 (public: that they chose).
    Committed {
        player: Player,
    },
    /// WOOB-CYCLE-1 (private: which card).
    CommittedCard {
        player: Player,
        card: CardId,
    },
    /// WOOB-CYCLE-1: all choices revealed together, in turn order.
    Revealed {
        cards: ArrayVec<(Player, CardId), 6>,
    },
    /// WOOB-CYCLE-3.
    TookBack {
        player: Player,
        card: CardId,
    },
    /// WOOB-END-1 or the turn cap.
    GameOver {
        volcanoes: u8,
        turn_cap: bool,
    },
}
