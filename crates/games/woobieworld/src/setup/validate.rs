//! Positions from outside: [`Setup`] is a position as plain data (what JSON holds: areas and cards
//! by their index in the content files), and [`from_setup`] turns it into a [`State`] only if a
//! game could have reached it. Every refusal names the JSON path of what is wrong.

use serde::{Deserialize, Serialize};
use worlds_engine::flow::Stack;
use worlds_engine::json::{check_seat_count, check_seats};
use worlds_engine::secret::Secret;
use worlds_engine::{ByPlayer, Player, StateError};

use crate::area::{Area, Colour, INDUSTRIES_PER_COLOUR, Support};
use crate::card::{CardId, CardSet};
use crate::content::{Content, HAND};
use crate::flow;
use crate::in_force;
use crate::state::{Cycle, Ending, InPlay, MAX_IN_PLAY, Resolution, STACK, State, Step};

/// A position of Woobieworld as plain data.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The pending steps, bottom first: the phase, and on top of it a card being resolved (on
    /// `draw` a played card, on `upkeep` an environment's effect). Empty once the game is over.
    pub stack: Vec<Step>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<Ending>,
    pub first: Player,
    pub active: Player,
    pub turn: u32,
    /// Each seat's home area (`null` until chosen).
    pub homes: Vec<Option<Area>>,
    /// Per area: red, yellow, green, blue, Anarchs.
    pub support: Vec<[u8; 5]>,
    /// Per area: red, yellow, green, blue industries.
    pub industries: Vec<[u8; 4]>,
    pub hands: Vec<CardSet>,
    /// Per seat, the cards of the hand everyone knows (none if absent).
    #[serde(default)]
    pub known: Vec<CardSet>,
    pub deck: CardSet,
    pub discard: CardSet,
    pub in_play: Vec<InPlay>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cycle: Option<CycleSetup>,
}

/// The cycles variant's bookkeeping, as plain data.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CycleSetup {
    pub committed: Vec<Option<CardId>>,
    pub revealed: bool,
    pub order: Vec<Player>,
    pub position: u8,
}

impl From<&State> for Setup {
    fn from(s: &State) -> Setup {
        Setup {
            stack: s.stack.iter().copied().collect(),
            ending: s.ending,
            first: s.first,
            active: s.active,
            turn: s.turn,
            homes: s.homes.values().copied().collect(),
            support: s.support[..s.areas].to_vec(),
            industries: s.industry[..s.areas].to_vec(),
            hands: s.hands.values().copied().collect(),
            known: s.known.values().copied().collect(),
            deck: s.deck,
            discard: s.discard,
            in_play: s.in_play.to_vec(),
            cycle: s.cycle.as_ref().map(|k| {
                let (committed, revealed) = k.chosen.to_parts();
                CycleSetup { committed, revealed, order: k.order.to_vec(), position: k.position }
            }),
        }
    }
}

fn bad<T>(field: impl Into<String>, reason: impl Into<String>) -> Result<T, StateError> {
    Err(StateError::invalid(field, reason))
}

/// The state a setup describes, if a game with `players` seats and this content could reach it.
///
/// # Errors
/// A [`StateError`] naming the JSON path of what is wrong.
pub fn from_setup(c: &Content, players: usize, j: Setup) -> Result<State, StateError> {
    let n = j.homes.len();
    check_seat_count("homes", n, players)?;
    let areas = c.map.len();
    for (field, len) in [("support", j.support.len()), ("industries", j.industries.len())] {
        if len != areas {
            return bad(field, format!("{len} areas given, but the map has {areas}"));
        }
    }
    if j.hands.len() != n {
        return bad("hands", format!("one hand per seat ({n})"));
    }
    if !j.known.is_empty() && j.known.len() != n {
        return bad("known", format!("one list per seat ({n}), or none"));
    }
    if j.in_play.len() > MAX_IN_PLAY {
        return bad("in_play", format!("at most {MAX_IN_PLAY} environments"));
    }
    check_seats(&[("first", j.first), ("active", j.active)], n)?;
    let mut support = [[0u8; 5]; Area::MAX];
    support[..areas].copy_from_slice(&j.support);
    let mut industry = [[0u8; 4]; Area::MAX];
    industry[..areas].copy_from_slice(&j.industries);
    let mut stack = Stack::<Step, STACK>::new();
    for (i, step) in j.stack.iter().enumerate() {
        if i >= STACK {
            return bad("stack", format!("at most {STACK} steps are pending: a phase and a card being resolved"));
        }
        stack.push(*step);
        let ok = match (i, step) {
            (0, Step::Resolve(_)) => false,
            (0, _) => true,
            (1, Step::Resolve(_)) => matches!(j.stack[0], Step::Draw | Step::Upkeep { .. }),
            _ => false,
        };
        if !ok {
            return bad(
                format!("stack[{i}]"),
                "the stack holds a phase, and on top of `draw` or `upkeep` at most a card being resolved",
            );
        }
    }
    let cycle = match j.cycle {
        None => None,
        Some(k) => {
            if k.committed.len() != n {
                return bad("cycle.committed", format!("one entry per seat ({n})"));
            }
            if k.order.len() > n {
                return bad("cycle.order", "at most one entry per seat");
            }
            Some(Cycle {
                chosen: Secret::from_parts(k.committed, k.revealed)
                    .ok_or_else(|| StateError::invalid("cycle.committed", "too many seats"))?,
                order: k.order.iter().copied().collect(),
                position: k.position,
            })
        }
    };
    let s = State {
        areas,
        stack,
        ending: j.ending,
        first: j.first,
        active: j.active,
        turn: j.turn,
        homes: ByPlayer::from_vec(j.homes).ok_or_else(|| StateError::invalid("homes", "too many seats"))?,
        support,
        industry,
        hands: ByPlayer::from_vec(j.hands).ok_or_else(|| StateError::invalid("hands", "too many seats"))?,
        known: ByPlayer::from_vec(if j.known.is_empty() { vec![CardSet::EMPTY; n] } else { j.known })
            .ok_or_else(|| StateError::invalid("known", "too many seats"))?,
        deck: j.deck,
        discard: j.discard,
        in_play: j.in_play.into_iter().collect(),
        cycle,
    };
    check(c, &s)?;
    Ok(s)
}

fn check(c: &Content, s: &State) -> Result<(), StateError> {
    let n = s.players();
    check_homes_and_pieces(c, s)?;
    check_cards(c, s)?;
    check_hand_sizes(s)?;
    if s.turn == 0 && s.ending.is_none() {
        check_before_the_first_turn(c, s)?;
    }
    // The end (WOOB-END-1, WOOB-RULING-4).
    let volcanoes = in_force::volcanoes_in_play(c, s);
    match s.ending {
        Some(_) if !s.stack.is_empty() => return bad("stack", "a game that has ended has no pending step"),
        None if s.stack.is_empty() => return bad("stack", "a game in progress has a pending step (e.g. [\"play\"])"),
        Some(Ending::Eruption) if volcanoes < 4 => {
            return bad(
                "ending",
                format!("only {volcanoes} Mount Saint Woobie cards are in play; the volcano erupts at four"),
            );
        }
        Some(Ending::TurnCap) if s.turn != c.turn_cap => {
            return bad("turn", format!("the game ended at the turn cap, so this is turn {}", c.turn_cap));
        }
        None if volcanoes >= 4 => {
            return bad("ending", "four Mount Saint Woobie cards are in play, so the game is over (WOOB-END-1)");
        }
        _ => {}
    }
    if s.turn > c.turn_cap {
        return bad("turn", format!("beyond the turn cap {}", c.turn_cap));
    }
    let setup = s.stack.bottom() == Some(&Step::ChooseHome);
    if setup {
        if s.turn != 0 {
            return bad("turn", "turns are counted from the first turn after setup; it is 0 while homes are chosen");
        }
        for p in s.first.clockwise_from(n) {
            let chosen = s.first.clockwise_from(n).take_while(|&q| q != s.active).any(|q| q == p);
            if s.home(p).is_some() != chosen {
                let must = if chosen { "must have" } else { "cannot have" };
                return bad(
                    format!("homes[{}]", p.index()),
                    format!(
                        "homes are chosen in turn order from {} and {} chooses now, so {p} {must} a home",
                        s.first, s.active
                    ),
                );
            }
        }
    } else if let Some(p) = Player::all(n).find(|&p| s.home(p).is_none()) {
        return bad(format!("homes[{}]", p.index()), format!("{p} has no home after setup"));
    } else if s.turn == 0 && s.ending.is_none() && s.stack.bottom() != Some(&Step::Choose) {
        return bad("turn", "turns are counted from 1 once setup is over");
    }
    // The top step's own bookkeeping.
    for (i, step) in s.stack.iter().enumerate() {
        let field = |f: &str| format!("stack[{i}]{f}");
        match step {
            Step::Support { taken } if *taken >= in_force::support_pieces(c, s) => {
                return bad(field(".support.taken"), "that is all the support phase gives");
            }
            Step::Upkeep { done } if done.iter().any(|id| s.in_play.iter().all(|e| e.card.0 != id)) => {
                return bad(field(".upkeep.done"), "only environments in play take effect at upkeep");
            }
            Step::Resolve(r) => check_resolution(c, s, r).map_err(|e| e.within(&field(".resolve")))?,
            _ => {}
        }
    }
    check_cycle(c, s)?;
    // The state must be at rest: someone can act, or the game is over.
    if s.ending.is_none() {
        let deciders = flow::turn(c, s).players();
        let stuck = deciders.iter().find(|&p| {
            let mut legal = Vec::new();
            flow::legal_actions(c, s, p, &mut legal);
            legal.is_empty()
        });
        if deciders.is_empty() || stuck.is_some() {
            return bad("stack", "nobody can act in this state; it is not one a game can reach");
        }
    }
    Ok(())
}

/// Homes on land, one per area; coloured support only in homes; never more pieces than the game
/// has (WOOB-SUP-1, WOOB-SUP-3).
fn check_homes_and_pieces(c: &Content, s: &State) -> Result<(), StateError> {
    let map = &c.map;
    for (p, home) in s.homes.iter() {
        if let Some(a) = home {
            let field = format!("homes[{}]", p.index());
            if !map.has(*a) || map.land() & a.bit() == 0 {
                return bad(field, format!("{p}'s home must be a land area of the map"));
            }
            if s.homes.iter().any(|(q, h)| q < p && h == home) {
                return bad(field, format!("{} is the home of two players", map.name(*a)));
            }
        }
    }
    let homes = s.home_mask();
    for a in map.areas() {
        if homes & a.bit() == 0 && s.support[a.index()][..4].iter().any(|&x| x > 0) {
            return bad(
                format!("support[{}]", a.index()),
                format!("{} holds coloured support but is nobody's home (WOOB-SUP-3)", map.name(a)),
            );
        }
    }
    for k in Support::ALL {
        let used: u32 = s.support[..s.areas].iter().map(|x| u32::from(x[k.index()])).sum();
        if used > u32::from(k.total()) {
            return bad("support", format!("{used} {k} pieces on the board; the game has {}", k.total()));
        }
    }
    for colour in Colour::ALL {
        let used: u32 = s.industry[..s.areas].iter().map(|x| u32::from(x[colour.index()])).sum();
        if used > u32::from(INDUSTRIES_PER_COLOUR) {
            return bad(
                "industries",
                format!("{used} {colour} industries on the board; the game has {INDUSTRIES_PER_COLOUR}"),
            );
        }
    }
    Ok(())
}

/// Every card of the deck in exactly one place; hands hold action cards; only environments are
/// in play.
fn check_cards(c: &Content, s: &State) -> Result<(), StateError> {
    let n = s.players();
    let mut seen = CardSet::EMPTY;
    let mut place = |field: String, mask: CardSet| -> Result<(), StateError> {
        if let Some(k) = CardId::in_set(mask - c.all_cards).next() {
            return bad(field, format!("card {} is not in this deck, which has {} cards", k.index(), c.cards.len()));
        }
        if let Some(k) = CardId::in_set(mask & seen).next() {
            return bad(field, format!("card {} ({}) is in two places", k.index(), c.card(k).name));
        }
        seen |= mask;
        Ok(())
    };
    for (p, &hand) in s.hands.iter() {
        let i = p.index();
        place(format!("hands[{i}]"), hand)?;
        if !(hand & c.environments).is_empty() {
            return bad(
                format!("hands[{i}]"),
                format!("{p} holds an environment; environments go into play when drawn"),
            );
        }
        // WOOB-HAND-1: a known card chosen face down stays known until the reveal.
        if !s.known[p].is_subset(hand | s.hidden_choice(p).map_or(CardSet::EMPTY, CardId::set)) {
            return bad(
                format!("known[{i}]"),
                format!("{p}'s known cards must be in {p}'s hand or chosen face down and not yet revealed"),
            );
        }
    }
    place("deck".into(), s.deck)?;
    place("discard".into(), s.discard)?;
    for (i, e) in s.in_play.iter().enumerate() {
        place(format!("in_play[{i}].card"), e.card.set())?;
        if !c.environments.contains(e.card.0) {
            return bad(format!("in_play[{i}].card"), "only environments are in play");
        }
        if e.caretaker.index() >= n {
            return bad(format!("in_play[{i}].caretaker"), "no such seat");
        }
    }
    if let Some(k) = &s.cycle {
        for (p, card) in k.chosen.iter() {
            if let Some(card) = card {
                place(format!("cycle.committed[{}]", p.index()), card.set())?;
            }
        }
    }
    if let (Some(Step::Draw), Some(Step::Resolve(r))) = (s.stack.bottom(), s.stack.top()) {
        // A played card is on its way to the discard pile.
        place("stack[1].resolve.card".into(), r.card.set())?;
    }
    if seen != c.all_cards {
        let missing = CardId::in_set(c.all_cards - seen).next().map_or(0, CardId::index);
        return bad(
            "deck",
            format!("card {missing} is in no place: every card is in a hand, the deck, the discard pile or play"),
        );
    }
    Ok(())
}

/// WOOB-SETUP-1, WOOB-DRAW-1: a hand is dealt four cards and draws one after each card played
/// (or discarded unplayed), and no card makes anyone draw more: a hand, with the card chosen face
/// down in the cycles variant, holds at most four, and three between playing and drawing.
fn check_hand_sizes(s: &State) -> Result<(), StateError> {
    for p in Player::all(s.players()) {
        let chosen = s.cycle.as_ref().is_some_and(|k| k.chosen.has_chosen(p));
        let held = s.hand(p).len();
        let field = format!("hands[{}]", p.index());
        if held + u32::from(chosen) > HAND {
            let what = if chosen { format!("{held} cards and one chosen face down") } else { format!("{held} cards") };
            return bad(
                field,
                format!(
                    "{p} holds {what}; a hand is dealt four and draws one for each card played (WOOB-SETUP-1, WOOB-DRAW-1)"
                ),
            );
        }
        if p == s.active && s.stack.bottom() == Some(&Step::Draw) && held + u32::from(chosen) >= HAND {
            return bad(
                field,
                format!(
                    "{p} has played a card this turn and not drawn yet, so holds at most {} cards (WOOB-DRAW-1)",
                    HAND - 1
                ),
            );
        }
    }
    Ok(())
}

/// WOOB-SETUP-1, WOOB-SETUP-2: before the first turn (while homes are chosen, and during the
/// first cycle's choice) the deal and each home's first support are all that has happened.
fn check_before_the_first_turn(c: &Content, s: &State) -> Result<(), StateError> {
    const WHEN: &str = "before the first turn (WOOB-SETUP-1, WOOB-SETUP-2)";
    let homes = s.home_mask();
    for a in c.map.areas() {
        let pieces = s.support[a.index()];
        let coloured: u32 = pieces[..4].iter().map(|&x| u32::from(x)).sum();
        if coloured != u32::from(homes & a.bit() != 0) || pieces[4] != 0 {
            return bad(
                format!("support[{}]", a.index()),
                format!(
                    "{} holds {coloured} coloured support and {} Anarchs; each home holds its first support and nothing else does {WHEN}",
                    c.map.name(a),
                    pieces[4]
                ),
            );
        }
        if s.industry[a.index()].iter().any(|&x| x > 0) {
            return bad(
                format!("industries[{}]", a.index()),
                format!("{} holds an industry; industries are placed in turns, none {WHEN}", c.map.name(a)),
            );
        }
    }
    if !s.discard.is_empty() {
        return bad("discard", format!("a card is discarded; nothing is played or discarded {WHEN}"));
    }
    if !s.in_play.is_empty() {
        return bad(
            "in_play",
            format!("an environment is in play; environments enter play when drawn, and none is {WHEN}"),
        );
    }
    for p in Player::all(s.players()) {
        let chosen = s.cycle.as_ref().is_some_and(|k| k.chosen.has_chosen(p));
        let held = s.hand(p).len() + u32::from(chosen);
        if held != HAND {
            return bad(
                format!("hands[{}]", p.index()),
                format!("{p} holds {held} cards; everyone holds the four dealt {WHEN}"),
            );
        }
    }
    Ok(())
}

fn check_resolution(c: &Content, s: &State, r: &Resolution) -> Result<(), StateError> {
    let n = s.players();
    let Some(card) = c.get(r.card) else { return bad("card", "no such card in this deck") };
    if !card.program.holds(&r.cursor) {
        return bad("cursor.pc", format!("{} has {} steps", card.name, card.program.len()));
    }
    if r.player.index() >= n {
        return bad("player", "no such seat");
    }
    if r.player != s.active {
        return bad("player", format!("the card is resolved for the player whose turn it is, {}", s.active));
    }
    match s.stack.bottom() {
        Some(Step::Draw) if card.is_environment() => return bad("card", "an environment is never played"),
        Some(Step::Upkeep { done }) if s.in_play.iter().all(|e| e.card != r.card) || !done.contains(r.card.0) => {
            return bad("card", "an upkeep effect comes from an environment in play whose upkeep has begun");
        }
        _ => {}
    }
    if r.area.is_some_and(|a| !c.map.has(a)) || r.industry.is_some_and(|(a, _)| !c.map.has(a)) {
        return bad("area", "an area the map does not have");
    }
    if r.chosen.is_some_and(|p| p.index() >= n) {
        return bad("chosen", "no such seat");
    }
    if let Some(e) = r.cursor.each
        && (e.current.index() >= n || e.rest.iter().any(|p| p.index() >= n))
    {
        return bad("cursor.each", "no such seat");
    }
    Ok(())
}

/// The cycles variant's bookkeeping agrees with where the cycle is (WOOB-CYCLE-1 to 3).
fn check_cycle(c: &Content, s: &State) -> Result<(), StateError> {
    let n = s.players();
    let setup = s.stack.bottom() == Some(&Step::ChooseHome);
    let Some(k) = &s.cycle else {
        if c.cycles && !setup && s.ending.is_none() {
            return bad("cycle", "the cycles variant keeps a cycle from the end of setup on");
        }
        return Ok(());
    };
    if !c.cycles {
        return bad("cycle", "only the cycles variant has cycles");
    }
    if setup {
        return bad("cycle", "the first cycle begins once every home is chosen");
    }
    if s.ending.is_some() {
        // The game may end as the next turn would begin, with the order already moved on.
        return Ok(());
    }
    let choosing = s.stack.bottom() == Some(&Step::Choose);
    if choosing {
        if k.chosen.is_revealed() || !k.order.is_empty() || k.position != 0 {
            return bad("cycle", "while cards are chosen, nothing is revealed and no order is set");
        }
        return Ok(());
    }
    if !k.chosen.is_revealed() {
        return bad("cycle.revealed", "turns are taken only once the chosen cards are revealed");
    }
    if k.order.len() != n || Player::all(n).any(|p| !k.order.contains(&p)) {
        return bad("cycle.order", "every seat once, in turn order");
    }
    let at = usize::from(k.position);
    if at >= n || k.order[at] != s.active {
        return bad("cycle.position", format!("it must point at the active player, {}", s.active));
    }
    let mut last_number = 0;
    let mut none_yet = false;
    for (i, &p) in k.order.iter().enumerate() {
        let committed = k.chosen.get(p);
        if i < at && committed.is_some() {
            // Defect 3: a seat that has played this cycle holds no face-down card any more.
            return bad(
                format!("cycle.committed[{}]", p.index()),
                format!("{p} has played this cycle, so has no chosen card left"),
            );
        }
        if i == at && committed.is_some() && matches!(s.stack.bottom(), Some(Step::Draw)) {
            return bad(
                format!("cycle.committed[{}]", p.index()),
                format!("{p} has played, so has no chosen card left"),
            );
        }
        if i > at {
            match committed {
                Some(card) if none_yet => {
                    return bad(
                        format!("cycle.committed[{}]", p.index()),
                        format!("{p} chose card {} but comes after a seat that chose none", c.card(card).number),
                    );
                }
                Some(card) if c.card(card).number < last_number => {
                    return bad("cycle.order", "turns go in ascending card number (WOOB-CYCLE-2)");
                }
                Some(card) => last_number = c.card(card).number,
                None => none_yet = true,
            }
        }
    }
    Ok(())
}
