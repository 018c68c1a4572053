//! What the environments in play change (WOOB-PLAY-6), and what a player may play under them.

use worlds_engine::Player;

use crate::area::Colour;
use crate::card::{CardId, CardType};
use crate::content::Content;
use crate::effect::Rule;
use crate::state::State;

fn rules<'a>(c: &'a Content, s: &'a State) -> impl Iterator<Item = &'a Rule> + 'a {
    s.in_play.iter().filter_map(|e| c.rule(e.card))
}

pub fn anarchs_avoid_water(c: &Content, s: &State) -> bool {
    rules(c, s).any(|r| *r == Rule::AnarchsAvoidWater)
}

pub fn no_industry_phase(c: &Content, s: &State) -> bool {
    rules(c, s).any(|r| *r == Rule::NoIndustryPhase)
}

/// Coloured support the support phase gives (an environment may raise it).
pub fn support_pieces(c: &Content, s: &State) -> u8 {
    rules(c, s)
        .filter_map(|r| if let Rule::SupportPieces { count } = r { Some(*count) } else { None })
        .max()
        .unwrap_or(1)
}

pub fn banned(c: &Content, s: &State, colour: Colour) -> bool {
    rules(c, s).any(|r| *r == Rule::ColourBanned { colour })
}

pub fn volcanoes_in_play(c: &Content, s: &State) -> u8 {
    s.in_play.iter().filter(|e| c.volcanoes.contains(e.card.0)).count() as u8
}

/// WOOB-PLAY-1: a COLOUR ACTION needs that colour at home (and no environment banning it).
pub fn playable(c: &Content, s: &State, p: Player, card: CardId) -> bool {
    let Some(k) = c.get(card) else { return false };
    match k.kind {
        CardType::Environment => false,
        CardType::Action => true,
        kind => kind.colour().is_some_and(|colour| !banned(c, s, colour) && s.home_support(p, colour.support()) > 0),
    }
}
