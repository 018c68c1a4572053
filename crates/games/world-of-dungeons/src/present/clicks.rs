//! What a player clicks in the browser: the ids of the table's cards, seats and buttons
//! (`table.rs` draws them), the elements each action belongs to, and the public facts the table
//! needs beyond the words of the observation.
//!
//! Ids are stable from step to step: a gamer is `gamer-<id>` in the Forum row and in a guild, a
//! dungeon `dungeon-<id>` in the row and in a Guild Stash, a seat its panel (`seat-2`), an Effect
//! card `played-<k>` (its place among the turn's played cards) on the stack and after it, the
//! action waiting at the bottom of the stack `stack-<i>`. Loot
//! cards are named by where they are (`loot-` in the viewer's hand, `stash-P2-`, `patch-`,
//! `discarded-`) and copies of a design told apart by a suffix (`loot-lag-spike`,
//! `loot-lag-spike.2`); content ids have no dots.

use worlds_engine::Player;
use worlds_engine::present::Button;

use crate::action::Action;
use crate::content::Content;
use crate::state::{Fate, Item, Phase, State, Step, Table};
use crate::status::targets;
use crate::{decision, effects};

/// What the table needs that the observation's JSON says only in words: public facts only (the
/// observation keeps them out of its JSON).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Facts {
    /// The Effect cards played this turn, in order.
    pub played: Vec<PlayedCard>,
    /// For each item of the stack, bottom first: an Effect card's place in `played`.
    pub stack: Vec<Option<u8>>,
    /// The id of each declared dungeon of the raid, in the order declared.
    pub raid: Vec<String>,
}

/// An Effect card played this turn (WOD-EFFECT-4).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayedCard {
    /// The Loot card (face up since it was played).
    pub card: u8,
    pub player: Player,
    pub targets: Vec<String>,
    pub fate: Fate,
}

pub(crate) fn facts(c: &Content, s: &State) -> Facts {
    let t = &s.t;
    Facts {
        played: t
            .played
            .iter()
            .map(|p| PlayedCard { card: p.card, player: p.player, targets: targets(c, t, &p.picked), fate: p.fate })
            .collect(),
        stack: t.pending.iter().map(|i| if let Item::Card { played } = i { Some(*played) } else { None }).collect(),
        raid: t.raid.iter().map(|d| c.dungeon(d.dungeon).id.clone()).collect(),
    }
}

// ---------------------------------------------------------------------------- ids

pub(crate) fn gamer_id(id: &str) -> String {
    format!("gamer-{id}")
}

pub(crate) fn dungeon_id(id: &str) -> String {
    format!("dungeon-{id}")
}

pub(crate) fn played_id(k: usize) -> String {
    format!("played-{k}")
}

/// The `n`-th copy (from 1) of a Loot design in a place: `loot-lag-spike`, `loot-lag-spike.2`.
pub(crate) fn copy_id(place: &str, def: &str, n: usize) -> String {
    if n <= 1 { format!("{place}-{def}") } else { format!("{place}-{def}.{n}") }
}

/// Where the viewer's own Loot cards are: their hand.
pub(crate) const HAND_PLACE: &str = "loot";

pub(crate) fn stash_place(p: impl std::fmt::Display) -> String {
    format!("stash-{p}")
}

/// Ids for a list of Loot cards by design id, copies of a design numbered in order.
pub(crate) fn copy_ids<'a>(place: &str, designs: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut seen: Vec<&str> = Vec::new();
    designs
        .into_iter()
        .map(|id| {
            seen.push(id);
            copy_id(place, id, seen.iter().filter(|&&x| x == id).count())
        })
        .collect()
}

/// The button of an action that belongs to no card, dungeon or player (passes, skip, grind, done,
/// claim, out, a gamer type), saying what it does: the hint at this decision if there is one.
pub(crate) fn button(c: &Content, s: &State, a: Action) -> Option<Button> {
    let (label, means) = match a {
        Action::Pass => ("Pass", "pass priority once"),
        Action::PassTurn => ("Pass this turn", "pass in every window until the end of this turn"),
        Action::PassUntilMyTurn => ("Pass till my turn", "pass in every window until your next turn"),
        Action::Skip => ("Skip", "skip this step"),
        Action::Grind => ("Grind", "draw one Loot card instead of raiding"),
        Action::Done => ("Done", "no more dungeons: on to the parties"),
        Action::Claim => ("Claim", "claim the raided dungeons"),
        Action::Out => ("Leave out", "leave the guildmember out of every party"),
        Action::Type(t) => (t.name(), "name this gamer type"),
        _ => return None,
    };
    let id = match a {
        Action::Type(t) => format!("type-{}", t.word()),
        fixed => fixed.word()?.to_owned(),
    };
    let title = match (a, decision::hint(c, s, a)) {
        (_, Some(hint)) => hint,
        (Action::Skip, None) => format!("{means} ({})", crate::status::step_words(c, &s.t)),
        (_, None) => means.to_owned(),
    };
    Some(Button::new(id, label, title))
}

/// The guildmember being put in a party (WOD-RAID-2), if that is the decision.
fn placing(t: &Table) -> Option<u8> {
    let Some(Step::Phase(Phase::Parties { member })) = t.steps.top() else { return None };
    t.seats.get(t.active)?.guild.get(usize::from(*member)).map(|m| m.gamer)
}

/// The elements of an action, in the order they are clicked: the card in hand to play or discard,
/// the gamer, dungeon, seat or stacked card to pick, the guildmember then the dungeon whose party
/// it joins (or `out`), a Stash card to discard; a button for the rest.
pub(crate) fn action_elements(c: &Content, s: &State, action: Action) -> Vec<String> {
    let t = &s.t;
    let gamer = |g: u8| c.gamers.get(usize::from(g)).map(|x| gamer_id(&x.id));
    let dungeon = |d: u8| c.dungeons.get(usize::from(d)).map(|x| dungeon_id(&x.id));
    let def = |d: u8| c.defs.get(usize::from(d)).map(|x| x.id.as_str());
    let ids = match action {
        Action::Gamer(g) => vec![gamer(g)],
        Action::Dungeon(d) => vec![placing(t).and_then(gamer), dungeon(d)],
        Action::Out => vec![placing(t).and_then(gamer), Some("out".into())],
        Action::Seat(p) => vec![Some(worlds_engine::present::seat_id(p))],
        Action::Stacked(k) => vec![Some(played_id(usize::from(k)))],
        Action::Card(d) => match t.steps.top() {
            // Item Decay: the chosen player discards one of their Stash cards.
            Some(Step::Resolve { played, .. }) => {
                let seat = effects::chooser(t, *played);
                vec![seat.zip(def(d)).map(|(p, id)| copy_id(&stash_place(p), id, 1))]
            }
            _ => vec![def(d).map(|id| copy_id(HAND_PLACE, id, 1))],
        },
        Action::Play(d) => vec![def(d).map(|id| copy_id(HAND_PLACE, id, 1))],
        other => vec![button(c, s, other).map(|b| b.id)],
    };
    ids.into_iter().flatten().collect()
}
