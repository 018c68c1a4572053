//! What happens in Woobieworld. Most events are public; the cards a player is dealt, draws or chooses
//! in secret are shown only to them (others see that it happened).

use arrayvec::ArrayVec;
use serde::Serialize;
use worlds_engine::{EventSink, Player, Visibility};

use crate::area::{Area, Colour, Support};
use crate::card::CardId;
use crate::content::Content;
use crate::effect::Effect;
use crate::text::{Names, branch_text};

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
    /// One branch of the card's OR (0-based: `option 1` is 0).
    ChoseBranch {
        player: Player,
        card: CardId,
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

/// Tells everyone an event.
pub(crate) fn emit(events: &mut impl EventSink<Event>, e: Event) {
    events.emit(Visibility::PUBLIC, e);
}

fn support_text(kind: Support, n: u8) -> String {
    format!("{n}{}", kind.letter())
}

/// One line of English for an event.
pub fn describe(c: &Content, e: &Event) -> String {
    let area = |a: &Area| c.map.name_or_number(*a);
    let number = |id: CardId| c.get(id).map_or(0, |k| k.number);
    let card = |id: &CardId| c.get(*id).map_or_else(|| format!("card {}", id.index()), |k| k.name.clone());
    match e {
        Event::Dealt { player, count } => format!("{player} is dealt {count} cards"),
        Event::DealtCard { player, card: k } => format!("{player} is dealt {}", card(k)),
        Event::FirstPlayer { player } => format!("{player} goes first"),
        Event::HomeChosen { player, area: a, colour, new: false } => {
            format!("{player} makes {} home, with 1 {colour} support", area(a))
        }
        Event::HomeChosen { player, area: a, colour, new: true } => {
            format!("{player}'s home is empty: {player} starts a new home in {} with 1 {colour} support", area(a))
        }
        Event::TurnStarted { player, turn } => format!("turn {turn}: {player}"),
        Event::Gained { player, support, count } => format!("{player}'s home gains {}", support_text(*support, *count)),
        Event::Lost { player, support, count } => format!("{player}'s home loses {}", support_text(*support, *count)),
        Event::SupportMoved { from, to, support, count } => {
            format!("{} moves from {from}'s home to {to}'s home", support_text(*support, *count))
        }
        Event::PileDry { support: Support::Anarch } => "the pile has run out of Anarchs".into(),
        Event::PileDry { support } => format!("the pile has run dry of {support} support"),
        Event::AnarchsMoved { from, to, count } => format!("{count}A moves from {} to {}", area(from), area(to)),
        Event::AnarchsPlaced { area: a, count } => format!("{count}A placed in {}", area(a)),
        Event::AnarchsRemoved { area: a, count } => format!("{count}A removed from {}", area(a)),
        Event::IndustryPlaced { area: a, colour } => format!("a {colour} industry is placed in {}", area(a)),
        Event::IndustryRemoved { area: a, colour, count } => {
            if *count == 1 {
                format!("the {colour} industry in {} is removed", area(a))
            } else {
                format!("{count} {colour} industries in {} are removed", area(a))
            }
        }
        Event::IndustryMoved { from, to, colour } => {
            format!("the {colour} industry moves from {} to {}", area(from), area(to))
        }
        Event::SkippedIndustry { player } => format!("{player} places no industry"),
        Event::Played { player, card: k } => format!("{player} plays {} ({})", card(k), number(*k)),
        Event::DiscardedUnplayed { player, card: k } => format!("{player} discards {} without effect", card(k)),
        Event::ChoseArea { player, area: a } => format!("{player} chooses {}", area(a)),
        Event::ChoseIndustry { player, area: a, colour } => {
            format!("{player} chooses the {colour} industry in {}", area(a))
        }
        Event::ChosePlayer { player, chosen } => format!("{player} chooses {chosen}"),
        Event::ChoseColour { player, colour } => format!("{player} chooses {colour}"),
        Event::ChoseBranch { player, card: k, branch } => match branch_words(c, *k, *branch) {
            Some(words) => format!("{player} chooses option {}: \"{words}\"", branch + 1),
            None => format!("{player} chooses option {} of {}", branch + 1, card(k)),
        },
        Event::NothingToChoose { .. } => "there is nothing to choose, so that part has no effect".into(),
        Event::Drew { player } => format!("{player} draws a card"),
        Event::DrewCard { player, card: k } => format!("{player} draws {}", card(k)),
        Event::EnvironmentEntered { card: k, caretaker } => {
            if c.get(*k).is_some_and(|k| k.is_mount_saint_woobie()) {
                format!("Mount Saint Woobie rumbles! {caretaker} drew it and it goes into play")
            } else {
                format!("{} comes into play; {caretaker} is its caretaker", card(k))
            }
        }
        Event::EnvironmentDiscarded { card: k } => format!("{} leaves play", card(k)),
        Event::Upkeep { card: k, player } => format!("{} takes effect for {player}", card(k)),
        Event::Reshuffled { cards } => format!("the discard pile ({cards} cards) is shuffled into a new deck"),
        Event::Committed { player } => format!("{player} has chosen a card"),
        Event::CommittedCard { player, card: k } => format!("{player} chooses {} face down", card(k)),
        Event::Revealed { cards } => {
            let list: Vec<String> = cards.iter().map(|(p, k)| format!("{p} {} ({})", card(k), number(*k))).collect();
            format!("cards revealed, in turn order: {}", list.join(", "))
        }
        Event::TookBack { player, card: k } => format!("{player} cannot play {} and takes it back", card(k)),
        Event::GameOver { turn_cap: false, .. } => {
            "the fourth Mount Saint Woobie is in play: the volcano erupts and the game ends".into()
        }
        Event::GameOver { turn_cap: true, .. } => format!("turn {} is over: the game ends", c.turn_cap),
    }
}

/// What a branch of a card's OR says, if the card has one OR: "Your home gains 2G."
fn branch_words(c: &Content, card: CardId, branch: u8) -> Option<String> {
    fn ors<'a>(steps: &'a [Effect], out: &mut Vec<&'a [Vec<Effect>]>) {
        for step in steps {
            match step {
                Effect::Or { branches } => {
                    out.push(branches);
                    branches.iter().for_each(|b| ors(b, out));
                }
                Effect::If { then, otherwise, .. } => {
                    ors(then, out);
                    ors(otherwise, out);
                }
                _ => {}
            }
        }
    }
    let mut found = Vec::new();
    ors(c.get(card)?.program_steps(), &mut found);
    let [branches] = found.as_slice() else { return None };
    Some(branch_text(branches.get(usize::from(branch))?, &Names::default()))
}

/// An event as JSON for clients: its serde form, with areas named by their map id
/// (`"area": "cheeseport"`) instead of their index; cards stay as their index in the deck.
pub fn to_value(content: &Content, event: &Event) -> serde_json::Value {
    let mut value = serde_json::to_value(event).unwrap_or(serde_json::Value::Null);
    let id = |a: &Area| serde_json::Value::String(content.map.id_or_number(*a));
    let mut name = |key: &str, a: &Area| {
        if let Some(slot) = value.get_mut(key) {
            *slot = id(a);
        }
    };
    match event {
        Event::HomeChosen { area, .. }
        | Event::AnarchsPlaced { area, .. }
        | Event::AnarchsRemoved { area, .. }
        | Event::IndustryPlaced { area, .. }
        | Event::IndustryRemoved { area, .. }
        | Event::ChoseArea { area, .. }
        | Event::ChoseIndustry { area, .. } => name("area", area),
        Event::AnarchsMoved { from, to, .. } | Event::IndustryMoved { from, to, .. } => {
            name("from", from);
            name("to", to);
        }
        _ => {}
    }
    value
}
