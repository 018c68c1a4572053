//! Is a state (e.g. one read from JSON) possible in this game? Every check names its field.

use worlds_engine::{Game as _, StateError};

use crate::area::{Colour, INDUSTRIES_PER_COLOUR, Support};
use crate::card::CardId;
use crate::rules::Woobieworld;
use crate::state::{Origin, Phase, State};

fn bad(field: impl Into<String>, reason: impl Into<String>) -> Result<(), StateError> {
    Err(StateError::invalid(field, reason))
}

pub(crate) fn validate(game: &Woobieworld, s: &State) -> Result<(), StateError> {
    let content = game.content();
    let map = &content.map;
    let n = s.players();
    if n != game.config().players {
        return bad("homes", format!("{n} seats given, but this game has {} players", game.config().players));
    }
    if s.areas != map.len() {
        return bad("support", format!("{} areas given, but the map has {}", s.areas, map.len()));
    }
    for (field, p) in [("first", s.first), ("active", s.active)] {
        if p.index() >= n {
            return bad(field, format!("seat {} does not exist", p.index()));
        }
    }
    // Homes: land, distinct.
    for (p, home) in s.homes.iter() {
        if let Some(a) = home {
            if a.index() >= map.len() || map.land() & a.bit() == 0 {
                return bad("homes", format!("{p}'s home must be a land area of the map"));
            }
            if s.homes.iter().any(|(q, h)| q < p && h == home) {
                return bad("homes", format!("{} is the home of two players", map.name(*a)));
            }
        }
    }
    // WOOB-SUP-1, WOOB-SUP-3: the pieces add up; coloured support only in homes.
    let homes = s.home_mask();
    for a in map.areas() {
        if homes & a.bit() == 0 && s.support[a.index()][..4].iter().any(|&x| x > 0) {
            return bad("support", format!("{} holds coloured support but is nobody's home (WOOB-SUP-3)", map.name(a)));
        }
    }
    for k in Support::ALL {
        let used: u32 = s.support[..s.areas].iter().map(|x| u32::from(x[k.index()])).sum();
        if used > u32::from(k.total()) {
            return bad("support", format!("{used} {k} pieces on the board; the game has {}", k.total()));
        }
    }
    for c in Colour::ALL {
        let used: u32 = s.industry[..s.areas].iter().map(|x| u32::from(x[c.index()])).sum();
        if used > u32::from(INDUSTRIES_PER_COLOUR) {
            return bad(
                "industries",
                format!("{used} {c} industries on the board; the game has {INDUSTRIES_PER_COLOUR}"),
            );
        }
    }
    // Every card in exactly one place.
    let mut seen = 0u128;
    let mut place = |field: &str, mask: u128| -> Result<(), StateError> {
        if mask & !content.all_cards != 0 {
            return Err(StateError::invalid(field, "a card index beyond the deck"));
        }
        if mask & seen != 0 {
            let dup = CardId::in_mask(mask & seen).next().map_or(0, |c| content.card(c).number);
            return Err(StateError::invalid(field, format!("card {dup} is in two places")));
        }
        seen |= mask;
        Ok(())
    };
    for (p, &hand) in s.hands.iter() {
        place("hands", hand)?;
        if hand & content.environments != 0 {
            return bad("hands", format!("{p} holds an environment; environments go into play when drawn"));
        }
        if s.known[p] & !hand != 0 {
            return bad("known", format!("{p}'s known cards must be in {p}'s hand"));
        }
    }
    place("deck", s.deck)?;
    place("discard", s.discard)?;
    let in_play = s.in_play.iter().fold(0u128, |m, e| m | e.card.bit());
    place("in_play", in_play)?;
    if in_play & !content.environments != 0 {
        return bad("in_play", "only environments are in play");
    }
    if s.in_play.iter().any(|e| e.caretaker.index() >= n) {
        return bad("in_play", "a caretaker seat does not exist");
    }
    if let Some(c) = &s.cycle {
        let committed = c.committed.values().flatten().fold(0u128, |m, k| m | k.bit());
        place("cycle.committed", committed)?;
    }
    if let Some(r) = &s.resolution {
        match r.origin {
            // A played card is on its way to the discard pile; an upkeep comes from play.
            Origin::Played => place("resolution.card", r.card.bit())?,
            Origin::Upkeep if in_play & r.card.bit() == 0 => {
                return bad("resolution.card", "an upkeep effect comes from an environment in play");
            }
            Origin::Upkeep => {}
        }
    }
    if seen != content.all_cards {
        return bad("deck", format!("{} cards are missing from every place", (content.all_cards & !seen).count_ones()));
    }
    if game.volcanoes_in_play(s) >= 4 && !matches!(s.phase, Phase::Over { .. }) {
        return bad("phase", "four Mount Saint Woobie cards are in play, so the game is over (WOOB-END-1)");
    }
    // The resolution's program counter and bindings.
    if let Some(r) = &s.resolution {
        let program = &content.card(r.card).program;
        if usize::from(r.pc) > program.len() || r.player.index() >= n {
            return bad("resolution", "its step or player is out of range");
        }
        if r.area.is_some_and(|a| a.index() >= map.len()) || r.industry.is_some_and(|(a, _)| a.index() >= map.len()) {
            return bad("resolution", "an area out of range");
        }
        if r.chosen.is_some_and(|p| p.index() >= n) {
            return bad("resolution.chosen", "no such seat");
        }
        if let Some(t) = r.task
            && (t.current.index() >= n || t.next.iter().any(|p| p.index() >= n))
        {
            return bad("resolution.task", "no such seat");
        }
    }
    match (s.phase, &s.cycle, game.is_cycles()) {
        (Phase::Choose, None, _) => return bad("cycle", "the choose phase needs a cycle"),
        (_, Some(_), false) => return bad("cycle", "only the cycles variant has cycles"),
        (_, Some(c), true) if c.order.iter().any(|p| p.index() >= n) => return bad("cycle.order", "no such seat"),
        _ => {}
    }
    if s.turn > game.turn_cap() {
        return bad("turn", format!("beyond the turn cap {}", game.turn_cap()));
    }
    // The state must be at rest: someone can act, or the game is over.
    if !matches!(s.phase, Phase::Over { .. }) {
        let deciders = game.turn(s).players();
        if deciders.is_empty() || deciders.iter().any(|p| game.legal_actions(s, p).is_empty()) {
            return bad("phase", "nobody can act in this state; it is not one a game can reach");
        }
    }
    Ok(())
}
