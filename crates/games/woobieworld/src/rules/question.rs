//! What a card being resolved asks: the question at its program's cursor, who answers it, and
//! between which possibilities (WOOB-PLAY-2); and the sets a card's steps name (areas, homes,
//! industries, counts), shared with the steps' execution.

use worlds_engine::program::{Awaiting, Cursor};
use worlds_engine::{Player, PlayerSet};

use crate::area::{Area, Colour, Support};
use crate::card::CardSet;
use crate::content::Content;
use crate::effect::{
    AreaFilter, Chooser, Condition, Count, Effect, Homes, NamedCount, Per, Pieces, Place, PlayerFilter,
};
use crate::in_force;
use crate::state::{Resolution, State};

/// A decision a card waits for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Question {
    /// One of an OR's branches.
    Branch(u8),
    /// An area, as a mask.
    Area(u32),
    /// An industry, as bits `area * 4 + colour`.
    Industry(u128),
    Player(PlayerSet),
    /// A colour, as a mask of colour bits (for `choose-colour`, or an industry's colour).
    Colour(u8),
    /// One piece of support to gain, lose or move, as a mask of `Support` bits.
    Pick(u8),
    /// An environment in play, as a card set.
    Environment(CardSet),
}

impl Question {
    #[inline]
    pub fn options(&self) -> usize {
        match self {
            Question::Branch(n) => usize::from(*n),
            Question::Area(m) => m.count_ones() as usize,
            Question::Industry(m) => m.count_ones() as usize,
            Question::Player(s) => s.len(),
            Question::Colour(m) | Question::Pick(m) => m.count_ones() as usize,
            Question::Environment(m) => m.len() as usize,
        }
    }
}

/// The kinds of a `Support` mask.
pub(crate) fn kinds(mask: u8) -> impl Iterator<Item = Support> {
    Support::ALL.into_iter().filter(move |s| mask & (1 << s.index()) != 0)
}

/// The four colours, as a `Support` mask.
pub(crate) const COLOURS: u8 = 0b01111;
const ALL_KINDS: u8 = 0b11111;

/// The industries of a candidate set, in map order.
pub fn industry_bits(mask: u128) -> impl Iterator<Item = (Area, Colour)> {
    worlds_engine::bits::ones(mask).filter_map(|i| Some((Area::from_index(i / 4)?, Colour::ALL[i % 4])))
}

pub(crate) fn your_home(s: &State, r: &Resolution) -> Option<Area> {
    s.home(r.player)
}

/// The areas a place names, as a mask.
pub(crate) fn place_mask(content: &Content, s: &State, r: &Resolution, place: Place) -> u32 {
    let map = &content.map;
    match place {
        Place::Chosen => r.area.map_or(0, Area::bit),
        Place::Neighbouring => r.area.map_or(0, |a| map.neighbouring(a)),
        Place::ChosenIndustry => r.industry.map_or(0, |(a, _)| a.bit()),
        Place::YourHome => your_home(s, r).map_or(0, Area::bit),
        Place::NeighbouringYourHome => your_home(s, r).map_or(0, |a| map.neighbouring(a)),
        Place::Everywhere => map.all(),
    }
}

pub(crate) fn area_candidates(
    content: &Content,
    s: &State,
    r: &Resolution,
    filter: AreaFilter,
    colour: Option<Colour>,
) -> u32 {
    let map = &content.map;
    let homes = s.home_mask();
    match filter {
        AreaFilter::Any => map.all(),
        AreaFilter::Land => map.land(),
        AreaFilter::Water => map.water(),
        AreaFilter::Mountain => map.mountains(),
        AreaFilter::Coastal => map.coastal(),
        AreaFilter::Inland => map.inland(),
        AreaFilter::Home => homes,
        AreaFilter::YourHome => your_home(s, r).map_or(0, Area::bit),
        AreaFilter::OtherHome => homes & !your_home(s, r).map_or(0, Area::bit),
        AreaFilter::UnclaimedLand => map.land() & !homes,
        AreaFilter::WithIndustry => map.areas().filter(|&a| has_industry(s, a, colour)).fold(0, |m, a| m | a.bit()),
        AreaFilter::WithAnarchs => {
            map.areas().filter(|&a| s.support_in(a, Support::Anarch) > 0).fold(0, |m, a| m | a.bit())
        }
        AreaFilter::NeighbouringYourHome => your_home(s, r).map_or(0, |a| map.neighbouring(a)),
        AreaFilter::NeighbouringChosen => r.area.map_or(0, |a| map.neighbouring(a)),
    }
}

/// Whether an industry (of `colour`, if given) stands in `a`.
fn has_industry(s: &State, a: Area, colour: Option<Colour>) -> bool {
    Colour::ALL.iter().any(|&c| colour.is_none_or(|k| k == c) && s.industries_in(a, c) > 0)
}

/// Industries that may be chosen, as bits `area * 4 + colour` (no allocation: this is asked
/// at every step of a playout).
pub(crate) fn industry_candidates(
    content: &Content,
    s: &State,
    r: &Resolution,
    colour: Option<Colour>,
    near: bool,
) -> u128 {
    let near_mask = if near { place_mask(content, s, r, Place::NeighbouringYourHome) } else { content.map.all() };
    let mut out = 0u128;
    for a in Area::in_mask(near_mask & content.map.all()) {
        for c in Colour::ALL {
            if colour.is_none_or(|k| k == c) && s.industries_in(a, c) > 0 {
                out |= 1 << (a.index() * 4 + c.index());
            }
        }
    }
    out
}

pub(crate) fn player_candidates(s: &State, r: &Resolution, filter: PlayerFilter) -> PlayerSet {
    Player::all(s.players())
        .filter(|&p| s.home(p).is_some() && (filter == PlayerFilter::Any || p != r.player))
        .collect()
}

pub(crate) fn environment_candidates(content: &Content, s: &State) -> CardSet {
    s.in_play.iter().filter(|e| !content.card(e.card).is_mount_saint_woobie()).map(|e| e.card.0).collect()
}

fn industries_near(content: &Content, s: &State, area: Option<Area>) -> u8 {
    let Some(a) = area else { return 0 };
    let total: u32 = Area::in_mask(content.map.neighbouring(a))
        .map(|x| Colour::ALL.iter().map(|&c| u32::from(s.industries_in(x, c))).sum::<u32>())
        .sum();
    total.min(255) as u8
}

pub(crate) fn multiplier(content: &Content, s: &State, r: &Resolution, per: Option<Per>) -> u8 {
    match per {
        None => 1,
        Some(Per::RemovedIndustry) => r.removed.iter().sum(),
        Some(Per::IndustryNeighbouringChosen) => industries_near(content, s, r.area),
        Some(Per::IndustryNeighbouringYourHome) => industries_near(content, s, your_home(s, r)),
        Some(Per::AnarchInChosen) => r.area.map_or(0, |a| s.support_in(a, Support::Anarch)),
    }
}

/// The homes a step names, clockwise from the card's player (WOOB-PLAY-3).
pub(crate) fn homes(content: &Content, s: &State, r: &Resolution, homes: Homes) -> PlayerSet {
    let map = &content.map;
    let with_home = |p: &Player| s.home(*p).is_some();
    let n = s.players();
    match homes {
        Homes::Yours => [r.player].into_iter().filter(with_home).collect(),
        Homes::Chosen => match (r.chosen, r.area) {
            (Some(p), _) => [p].into_iter().filter(with_home).collect(),
            (None, Some(a)) => s.home_owner(a).map_or(PlayerSet::EMPTY, PlayerSet::only),
            _ => PlayerSet::EMPTY,
        },
        Homes::Neighbouring | Homes::NeighbouringYours => {
            let centre = if homes == Homes::Neighbouring { r.area } else { your_home(s, r) };
            let near = centre.map_or(0, |a| map.neighbouring(a));
            Player::all(n).filter(|&p| s.home(p).is_some_and(|h| near & h.bit() != 0)).collect()
        }
        Homes::All => Player::all(n).filter(with_home).collect(),
        Homes::Others => Player::all(n).filter(|p| *p != r.player && with_home(p)).collect(),
    }
}

pub(crate) fn test(content: &Content, s: &State, r: &Resolution, condition: &Condition) -> bool {
    let map = &content.map;
    let home = your_home(s, r);
    match condition {
        Condition::YourHomeNeighboursIndustry { colour } => {
            home.is_some_and(|h| Area::in_mask(map.neighbouring(h)).any(|a| has_industry(s, a, *colour)))
        }
        Condition::YourHomeHas { support, at_least } => s.home_support(r.player, *support) >= *at_least,
        Condition::ChosenIsHome => r.area.is_some_and(|a| s.home_owner(a).is_some()),
        Condition::YourHomeIs { filter } => home.is_some_and(|h| {
            let mask = match filter {
                AreaFilter::Coastal => map.coastal(),
                AreaFilter::Mountain => map.mountains(),
                AreaFilter::Inland => map.inland(),
                _ => 0,
            };
            mask & h.bit() != 0
        }),
        Condition::RemovedIndustries { at_least } => r.removed.iter().sum::<u8>() >= *at_least,
    }
}

/// The kinds a home may lose (or give) for open pieces, as a mask of `Support` bits.
pub(crate) fn held_kinds(s: &State, home: Area, allowed: u8) -> u8 {
    kinds(allowed).filter(|k| s.support_in(home, *k) > 0).fold(0, |m, k| m | (1 << k.index()))
}

pub(crate) fn held_total(s: &State, home: Area, allowed: u8) -> u8 {
    kinds(allowed).map(|k| s.support_in(home, k)).sum()
}

pub(crate) fn pile_kinds(s: &State, allowed: u8) -> u8 {
    kinds(allowed).filter(|k| s.pile(*k) > 0).fold(0, |m, k| m | (1 << k.index()))
}

pub(crate) fn open_mask(pieces: Pieces) -> Option<u8> {
    match pieces {
        Pieces::AnyColour => Some(COLOURS),
        Pieces::Any => Some(ALL_KINDS),
        _ => None,
    }
}

/// The single kind a step's pieces mean, if they mean one.
pub(crate) fn single_kind(r: &Resolution, pieces: Pieces) -> Option<Support> {
    pieces.kind(r.colour, r.industry.map(|(_, c)| c))
}

pub(crate) fn amount(content: &Content, s: &State, r: &Resolution, count: Count, per: Option<Per>, eligible: u8) -> u8 {
    match count {
        Count::Number(n) => n.saturating_mul(multiplier(content, s, r, per)),
        Count::Named(NamedCount::Half) => eligible / 2,
        Count::Named(NamedCount::All) => eligible,
    }
}

pub(crate) fn move_homes(
    content: &Content,
    s: &State,
    r: &Resolution,
    from: Homes,
    to: Homes,
) -> Option<(Player, Player)> {
    let f = homes(content, s, r, from).first()?;
    let t = homes(content, s, r, to).first()?;
    (f != t).then_some((f, t))
}

pub(crate) fn anarchs_may_enter(content: &Content, s: &State, area: Area) -> bool {
    !(in_force::anarchs_avoid_water(content, s) && content.map.water() & area.bit() != 0)
}

/// The question a card's program waits for at `cursor`, if it waits for one: who decides, and
/// between what. Only real choices (two or more possibilities) are questions: one possibility is
/// taken, none leaves the step without effect (WOOB-RULING-2).
pub(crate) fn ask(content: &Content, s: &State, r: &Resolution, cursor: &Cursor) -> Option<(Player, Question)> {
    let program = &content.get(r.card)?.program;
    let q = match program.awaiting(cursor)? {
        Awaiting::Branch(n) => (r.player, Question::Branch(u8::try_from(n).unwrap_or(u8::MAX))),
        Awaiting::Op(op) => asked_by(content, s, r, cursor, op)?,
    };
    (q.1.options() >= 2).then_some(q)
}

/// What one step asks (before counting the possibilities).
pub(crate) fn asked_by(
    content: &Content,
    s: &State,
    r: &Resolution,
    cursor: &Cursor,
    op: &Effect,
) -> Option<(Player, Question)> {
    let each = cursor.each.filter(|e| e.left > 0);
    Some(match op {
        Effect::ChooseArea { filter, colour } => {
            (r.player, Question::Area(area_candidates(content, s, r, *filter, *colour)))
        }
        Effect::ChooseIndustry { colour, near_your_home } => {
            (r.player, Question::Industry(industry_candidates(content, s, r, *colour, *near_your_home)))
        }
        Effect::ChoosePlayer { filter } => (r.player, Question::Player(player_candidates(s, r, *filter))),
        Effect::ChooseColour => (r.player, Question::Colour(COLOURS)),
        // WOOB-RULING-2: with no area to place it in, or no industry to move, nobody is asked.
        Effect::PlaceIndustry { at, colour: None } if place_mask(content, s, r, *at) != 0 => {
            let mask = Colour::ALL.iter().filter(|c| s.industry_pile(**c) > 0).fold(0, |m, c| m | (1 << c.index()));
            (r.player, Question::Colour(mask))
        }
        Effect::MoveIndustry { to } => {
            let (from, _) = r.industry?;
            (r.player, Question::Area(area_candidates(content, s, r, *to, None) & !from.bit()))
        }
        Effect::DiscardEnvironment => (r.player, Question::Environment(environment_candidates(content, s))),
        Effect::Gain { pieces: Pieces::AnyColour, chooser, .. } => {
            let e = each?;
            let who = if *chooser == Chooser::Owner { e.current } else { r.player };
            (who, Question::Pick(pile_kinds(s, COLOURS)))
        }
        Effect::Lose { pieces, .. } | Effect::MoveSupport { pieces, .. } => {
            let e = each?;
            let allowed = open_mask(*pieces)?;
            let home = s.home(e.current)?;
            if held_total(s, home, allowed) <= e.left {
                return None;
            }
            let owner = matches!(op, Effect::Lose { chooser: Chooser::Owner, .. });
            (if owner { e.current } else { r.player }, Question::Pick(held_kinds(s, home, allowed)))
        }
        _ => return None,
    })
}

/// The step the card on top of the stack waits at, if it waits at one (not at an OR's choice).
pub(crate) fn awaiting<'a>(content: &'a Content, s: &State) -> Option<&'a Effect> {
    let r = s.resolving()?;
    match content.get(r.card)?.program.awaiting(&r.cursor)? {
        Awaiting::Op(op) => Some(op),
        Awaiting::Branch(_) => None,
    }
}

/// The question the card on top of the stack waits for, if any.
pub fn question(content: &Content, s: &State) -> Option<(Player, Question)> {
    let r = s.resolving()?;
    ask(content, s, r, &r.cursor)
}
