//! What a player clicks in the scene (`scene.rs`) and the table beside it (`view.rs`): the ids of
//! their elements, the elements each action is taken on, in the order they are clicked, and the
//! buttons the table draws for choices that belong to nothing else.
//!
//! An area's element id is its id in the map (`doom-grove`); every other id of the scene has an
//! `_` in it, which an area id cannot have, so the two never clash: `support_doom-grove_red` (a
//! kind of support in an area), `industry_woobania_blue`, `home_P1`, `supply_red` and
//! `supply_industry_red` (the unused pile's), `track_scores`, `text_supply`, `text_volcanoes`, and
//! on a map without outlines `border_cheeseport_doom-grove` (the line between two neighbours). On
//! the table: a player's panel (`seat-2`, `present::seat_id`), a card in a hand, in play, being
//! resolved or on the discard pile (`card_105`), the piles (`resolving`, `deck`, `discard`), the
//! buttons (`button_skip-industry`, `button_option-1`).

use worlds_engine::present::{self, Button};

use crate::action::Action;
use crate::area::{Area, Colour, Support};
use crate::card::CardId;
use crate::content::Content;
use crate::effect::Effect;
use crate::question::awaiting;
use crate::state::State;

pub(crate) fn support_id(area: &str, kind: Support) -> String {
    format!("support_{area}_{}", kind.name())
}

pub(crate) fn industry_id(area: &str, colour: Colour) -> String {
    format!("industry_{area}_{colour}")
}

pub(crate) fn supply_id(kind: Support) -> String {
    format!("supply_{}", kind.name())
}

pub(crate) fn industry_supply_id(colour: Colour) -> String {
    format!("supply_industry_{colour}")
}

pub(crate) fn card_id(number: u16) -> String {
    format!("card_{number}")
}

/// The discard pile's id on the table (`Pile::new("Discard", …)`).
pub(crate) const DISCARD: &str = "discard";
pub(crate) const SKIP_INDUSTRY: &str = "button_skip-industry";

pub(crate) fn option_id(b: usize) -> String {
    format!("button_option-{}", b + 1)
}

/// What a player clicks to take `action`, in order: a piece of the unused pile then the area it
/// goes to (a home, an industry), an Anarch then where it moves, a card in the hand (then the
/// discard pile, to discard it), an area, an industry, a player's row, the pile's piece of a
/// colour or kind (or the piece in the home that loses it), an OR's side, an environment in play.
pub(crate) fn action_elements(c: &Content, s: &State, action: Action) -> Vec<String> {
    let map = &c.map;
    let area = |a: Area| if map.has(a) { map.id(a).to_owned() } else { format!("area_{}", a.index()) };
    let card = |k: CardId| c.get(k).map_or_else(|| format!("card_index-{}", k.index()), |k| card_id(k.number));
    match action {
        Action::Home { area: a, colour } => vec![supply_id(colour.support()), area(a)],
        Action::Gain(colour) => vec![supply_id(colour.support())],
        Action::MoveAnarch { from, to } => vec![support_id(&area(from), Support::Anarch), area(to)],
        Action::PlaceIndustry { colour, area: a } => vec![industry_supply_id(colour), area(a)],
        Action::SkipIndustry => vec![SKIP_INDUSTRY.to_owned()],
        Action::Play(k) | Action::Commit(k) => vec![card(k)],
        Action::Discard(k) => vec![card(k), DISCARD.to_owned()],
        Action::Area(a) => vec![area(a)],
        Action::Industry { area: a, colour } => vec![industry_id(&area(a), colour)],
        Action::Player(p) => vec![present::seat_id(p)],
        Action::Colour(colour) => match awaiting(c, s) {
            Some(Effect::PlaceIndustry { .. }) => vec![industry_supply_id(colour)],
            _ => vec![supply_id(colour.support())],
        },
        Action::Pick(kind) => {
            // A piece a home loses or gives is picked in that home; a piece gained, from the pile.
            let home = match awaiting(c, s) {
                Some(Effect::Lose { .. } | Effect::MoveSupport { .. }) => {
                    s.resolving().and_then(|r| r.cursor.each).and_then(|e| s.home(e.current))
                }
                _ => None,
            };
            match home.filter(|&h| map.has(h) && s.support_in(h, kind) > 0) {
                Some(h) => vec![support_id(&area(h), kind)],
                None => vec![supply_id(kind)],
            }
        }
        Action::Branch(b) => vec![option_id(usize::from(b))],
        Action::Environment(k) => vec![card(k)],
    }
}

/// The button of a choice that belongs to nothing on the board or the table: the industry step
/// skipped (WOOB-INDUSTRY-1: placing one is optional), a card's option with its text.
pub(crate) fn button(c: &Content, s: &State, action: Action) -> Option<Button> {
    match action {
        Action::SkipIndustry => Some(Button::new(SKIP_INDUSTRY, "Skip industry", "place no industry this turn")),
        Action::Branch(b) => {
            let text = crate::decision::hint(c, s, action).unwrap_or_default();
            Some(Button::new(option_id(usize::from(b)), format!("Option {}", b + 1), text))
        }
        _ => None,
    }
}
