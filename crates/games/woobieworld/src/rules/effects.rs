//! What a card's steps do: Woobieworld's vocabulary given meaning for the engine's program runner
//! ([`worlds_engine::program`]), which stops wherever a player must decide (WOOB-PLAY-2). A choice
//! with one possibility is made for the player; a choice with none leaves what depends on it
//! without effect (WOOB-PLAY-4, WOOB-RULING-2). Several homes are handled one at a time, clockwise
//! from the card's player (WOOB-PLAY-3), as an "each player" step of the kit.

use arrayvec::ArrayVec;
use worlds_engine::flow::Each;
use worlds_engine::program::{self, Awaiting, Cursor, Machine, Run};
use worlds_engine::{EventSink, Player, PlayerSet};

use crate::action::Action;
use crate::area::{Area, Colour, Support};
use crate::card::CardId;
use crate::content::Content;
use crate::effect::{Condition, Count, Effect, Homes, Per, Pieces, Place};
use crate::event::{Event, emit};
use crate::question::{
    COLOURS, amount, anarchs_may_enter, area_candidates, asked_by, environment_candidates, held_kinds, held_total,
    homes, industry_bits, industry_candidates, kinds, move_homes, open_mask, pile_kinds, place_mask, player_candidates,
    single_kind, test,
};
use crate::state::{Resolution, State};

/// Runs the card on top of the stack until a player must decide (`false`) or it is done (`true`).
pub fn run(content: &Content, s: &mut State, events: &mut impl EventSink<Event>) -> bool {
    let Some(r) = s.resolving().copied() else { return true };
    let Some(card) = content.get(r.card) else { return true };
    let mut cursor = r.cursor;
    let ran = program::run(&card.program, &mut cursor, &mut Effects { content, s, events });
    if let Some(r) = s.resolving_mut() {
        r.cursor = cursor;
    }
    ran == Run::Finished
}

/// The machine the program runs on: the content, the state (whose top step is the card being
/// resolved, holding what it has chosen so far) and where events go.
struct Effects<'a, E> {
    content: &'a Content,
    s: &'a mut State,
    events: &'a mut E,
}

impl<E: EventSink<Event>> Effects<'_, E> {
    /// The card being resolved, as it stands now (its choices are updated as steps run).
    fn r(&self) -> Option<Resolution> {
        self.s.resolving().copied()
    }
}

impl<E: EventSink<Event>> Machine<Effect, Condition> for Effects<'_, E> {
    fn waits(&mut self, op: &Effect, cursor: &Cursor) -> bool {
        let Some(r) = self.r() else { return false };
        asked_by(self.content, self.s, &r, cursor, op).is_some_and(|(_, q)| q.options() >= 2)
    }

    fn holds(&mut self, condition: &Condition) -> bool {
        self.r().is_some_and(|r| test(self.content, self.s, &r, condition))
    }

    fn execute(&mut self, op: &Effect, cursor: &mut Cursor) {
        match self.r().and_then(|r| step(self.content, self.s, &r, op, cursor, self.events)) {
            Some(e) => cursor.each = Some(e),
            None => cursor.next(),
        }
    }
}

/// The next home of an "each player" step with something left to do (`want`), clockwise from the
/// card's player.
fn next_home(s: &State, from: Player, e: Each, want: impl Fn(&State, Player) -> u8) -> Option<Each> {
    if e.left > 0 { Some(e) } else { e.next(from, s.players(), |p| want(s, p)) }
}

/// Starts or continues an "each player" step over `set`.
fn each_home(
    s: &State,
    r: &Resolution,
    cursor: &Cursor,
    set: Homes,
    content: &Content,
    want: impl Fn(&State, Player) -> u8,
) -> Option<Each> {
    match cursor.each {
        Some(e) => next_home(s, r.player, e, want),
        None => Each::first(r.player, s.players(), homes(content, s, r, set), |p| want(s, p)),
    }
}

pub(crate) fn gain(s: &mut State, p: Player, kind: Support, n: u8, events: &mut impl EventSink<Event>) {
    let Some(home) = s.home(p) else { return };
    let got = n.min(s.pile(kind));
    if got > 0 {
        s.add_support(home, kind, got);
        emit(events, Event::Gained { player: p, support: kind, count: got });
    }
    if got < n {
        // WOOB-SUP-2.
        emit(events, Event::PileDry { support: kind });
    }
}

fn lose(s: &mut State, p: Player, kind: Support, n: u8, events: &mut impl EventSink<Event>) {
    let Some(home) = s.home(p) else { return };
    let lost = s.take_support(home, kind, n);
    if lost > 0 {
        emit(events, Event::Lost { player: p, support: kind, count: lost });
    }
}

fn transfer(s: &mut State, from: Player, to: Player, kind: Support, n: u8, events: &mut impl EventSink<Event>) {
    let (Some(fa), Some(ta)) = (s.home(from), s.home(to)) else { return };
    let moved = s.take_support(fa, kind, n);
    if moved > 0 {
        s.add_support(ta, kind, moved);
        emit(events, Event::SupportMoved { from, to, support: kind, count: moved });
    }
}

fn place_industry(s: &mut State, area: Option<Area>, colour: Option<Colour>, events: &mut impl EventSink<Event>) {
    let (Some(a), Some(c)) = (area, colour) else { return };
    if s.industry_pile(c) == 0 {
        return;
    }
    s.add_industry(a, c);
    emit(events, Event::IndustryPlaced { area: a, colour: c });
    speak_of_industry(s, Some((a, c)));
}

/// The industry the card speaks of from now on (chosen, placed or moved), and so its area.
fn speak_of_industry(s: &mut State, industry: Option<(Area, Colour)>) {
    if let Some(r) = s.resolving_mut() {
        r.industry = industry;
        r.area = industry.map(|(a, _)| a);
    }
}

fn move_industry(s: &mut State, dest: Option<Area>, events: &mut impl EventSink<Event>) {
    let Some(r) = s.resolving().copied() else { return };
    let (Some((from, colour)), Some(to)) = (r.industry, dest) else { return };
    if s.take_industries(from, colour, 1) == 1 {
        s.add_industry(to, colour);
        emit(events, Event::IndustryMoved { from, to, colour });
        speak_of_industry(s, Some((to, colour)));
    }
}

fn discard_environment(s: &mut State, card: CardId, events: &mut impl EventSink<Event>) {
    if let Some(i) = s.in_play.iter().position(|e| e.card == card) {
        s.in_play.remove(i);
        s.discard.insert(card.0);
        emit(events, Event::EnvironmentDiscarded { card });
    }
}

/// A card's choice of an area, recorded on the card and told (`None`: there is none to choose).
fn choose_area(s: &mut State, player: Player, area: Option<Area>, events: &mut impl EventSink<Event>) {
    if let Some(r) = s.resolving_mut() {
        r.area = area;
    }
    emit(events, area.map_or(Event::NothingToChoose { player }, |area| Event::ChoseArea { player, area }));
}

/// A card's choice of an industry, and so of its area.
fn choose_industry(s: &mut State, player: Player, chosen: Option<(Area, Colour)>, events: &mut impl EventSink<Event>) {
    speak_of_industry(s, chosen);
    let event = chosen.map_or(Event::NothingToChoose { player }, |(area, colour)| Event::ChoseIndustry {
        player,
        area,
        colour,
    });
    emit(events, event);
}

/// A card's choice of a player, and so of their home.
fn choose_player(s: &mut State, player: Player, chosen: Option<Player>, events: &mut impl EventSink<Event>) {
    let home = chosen.and_then(|p| s.home(p));
    if let Some(r) = s.resolving_mut() {
        r.chosen = chosen;
        r.area = home;
    }
    emit(events, chosen.map_or(Event::NothingToChoose { player }, |chosen| Event::ChosePlayer { player, chosen }));
}

/// What a home gains or loses of pieces the card names (not left to a choice): each kind and how
/// many, half or all counted from what the home holds; for Quicksand's colours of the removed
/// industries, the count for each removed industry of that colour.
fn named_pieces(
    content: &Content,
    s: &State,
    r: &Resolution,
    home: Area,
    pieces: Pieces,
    count: Count,
    per: Option<Per>,
) -> ArrayVec<(Support, u8), 4> {
    let n = |kind: Support| amount(content, s, r, count, per, s.support_in(home, kind));
    match pieces {
        Pieces::EachColour => Colour::ALL.iter().map(|c| (c.support(), n(c.support()))).collect(),
        Pieces::RemovedIndustryColours => {
            let n = amount(content, s, r, count, per, 0);
            Colour::ALL.iter().map(|c| (c.support(), n.saturating_mul(r.removed[c.index()]))).collect()
        }
        _ => single_kind(r, pieces).map(|kind| (kind, n(kind))).into_iter().collect(),
    }
}

/// What a home gives of the open pieces `allowed` when it has no choice to make: everything it
/// holds of them when that is at most `left`, or `left` of the only kind it holds; `None` when
/// the pieces are picked one at a time.
fn forced(s: &State, home: Area, allowed: u8, left: u8) -> Option<ArrayVec<(Support, u8), 5>> {
    let held = held_kinds(s, home, allowed);
    let total = held_total(s, home, allowed);
    if total > left && held.count_ones() > 1 {
        return None;
    }
    Some(kinds(held).map(|kind| (kind, if total <= left { s.support_in(home, kind) } else { left })).collect())
}

/// Executes one step that needs no decision now (or makes a forced one): `None` once it is done,
/// or the "each player" step it stops in for a decision.
fn step(
    content: &Content,
    s: &mut State,
    r: &Resolution,
    op: &Effect,
    cursor: &Cursor,
    events: &mut impl EventSink<Event>,
) -> Option<Each> {
    match op {
        Effect::ChooseArea { filter, colour } => {
            let chosen = Area::in_mask(area_candidates(content, s, r, *filter, *colour)).next();
            choose_area(s, r.player, chosen, events);
        }
        Effect::ChooseIndustry { colour, near_your_home } => {
            let chosen = industry_bits(industry_candidates(content, s, r, *colour, *near_your_home)).next();
            choose_industry(s, r.player, chosen, events);
        }
        Effect::ChoosePlayer { filter } => choose_player(s, r.player, player_candidates(s, r, *filter).first(), events),
        Effect::ChooseColour | Effect::Or { .. } | Effect::If { .. } => {}
        Effect::DiscardEnvironment => match CardId::in_set(environment_candidates(content, s)).next() {
            Some(card) => discard_environment(s, card, events),
            None => emit(events, Event::NothingToChoose { player: r.player }),
        },
        Effect::PlaceIndustry { at, colour } => {
            let area = Area::in_mask(place_mask(content, s, r, *at)).next();
            let colour = colour.or_else(|| Colour::ALL.into_iter().find(|c| s.industry_pile(*c) > 0));
            place_industry(s, area, colour, events);
        }
        Effect::MoveIndustry { to } => {
            let from = r.industry.map_or(0, |(a, _)| a.bit());
            let dest = Area::in_mask(area_candidates(content, s, r, *to, None) & !from).next();
            move_industry(s, dest, events);
        }
        Effect::RemoveIndustries { at, colour } => {
            // The chosen industry alone (in its area), or every industry (of `colour`) in the areas.
            let (only, most) = match at {
                Place::ChosenIndustry => (r.industry.map(|(_, c)| c), 1),
                _ => (None, u8::MAX),
            };
            let mut removed = [0u8; 4];
            for a in Area::in_mask(place_mask(content, s, r, *at)) {
                for c in
                    Colour::ALL.into_iter().filter(|c| colour.is_none_or(|k| k == *c) && only.is_none_or(|k| k == *c))
                {
                    let n = s.take_industries(a, c, most);
                    if n > 0 {
                        removed[c.index()] += n;
                        emit(events, Event::IndustryRemoved { area: a, colour: c, count: n });
                    }
                }
            }
            if let Some(rr) = s.resolving_mut() {
                for (total, n) in rr.removed.iter_mut().zip(removed) {
                    *total = total.saturating_add(n);
                }
            }
        }
        Effect::PlaceAnarchs { at, count } => {
            if let Some(a) = Area::in_mask(place_mask(content, s, r, *at)).next()
                && anarchs_may_enter(content, s, a)
            {
                let want = amount(content, s, r, *count, None, 0);
                let n = want.min(s.pile(Support::Anarch));
                if n > 0 {
                    s.add_support(a, Support::Anarch, n);
                    emit(events, Event::AnarchsPlaced { area: a, count: n });
                }
                if n < want {
                    emit(events, Event::PileDry { support: Support::Anarch });
                }
            }
        }
        Effect::RemoveAnarchs { at, count } => {
            for a in Area::in_mask(place_mask(content, s, r, *at)) {
                let have = s.support_in(a, Support::Anarch);
                let n = amount(content, s, r, *count, None, have);
                let taken = s.take_support(a, Support::Anarch, n);
                if taken > 0 {
                    emit(events, Event::AnarchsRemoved { area: a, count: taken });
                }
            }
        }
        Effect::MoveAnarchs { from, to, count } => {
            if let Some(dest) = Area::in_mask(place_mask(content, s, r, *to)).next()
                && anarchs_may_enter(content, s, dest)
            {
                for a in Area::in_mask(place_mask(content, s, r, *from) & !dest.bit()) {
                    let have = s.support_in(a, Support::Anarch);
                    let n = s.take_support(a, Support::Anarch, amount(content, s, r, *count, None, have));
                    if n > 0 {
                        s.add_support(dest, Support::Anarch, n);
                        emit(events, Event::AnarchsMoved { from: a, to: dest, count: n });
                    }
                }
            }
        }
        Effect::Gain { homes: set, pieces: Pieces::AnyColour, count, per, .. } => {
            let want = |st: &State, _: Player| amount(content, st, r, *count, *per, 0);
            let mut e = each_home(s, r, cursor, *set, content, want)?;
            // Apply forced picks until a real choice (or the end).
            loop {
                let avail = pile_kinds(s, COLOURS);
                if avail == 0 {
                    // WOOB-SUP-2: every colour has run dry.
                    return None;
                }
                if avail.count_ones() >= 2 {
                    return Some(e);
                }
                let kind = kinds(avail).next()?;
                let n = e.left.min(s.pile(kind));
                gain(s, e.current, kind, n, events);
                e.took(n);
                e = next_home(s, r.player, e, want)?;
            }
        }
        Effect::Lose { homes: set, pieces, count, per, .. } if open_mask(*pieces).is_some() => {
            let allowed = open_mask(*pieces)?;
            let want = |st: &State, p: Player| {
                let eligible = st.home(p).map_or(0, |h| held_total(st, h, allowed));
                amount(content, st, r, *count, *per, eligible).min(eligible)
            };
            let mut e = each_home(s, r, cursor, *set, content, want)?;
            loop {
                let Some(forced) = forced(s, s.home(e.current)?, allowed, e.left) else { return Some(e) };
                for (kind, n) in forced {
                    lose(s, e.current, kind, n, events);
                }
                e.left = 0;
                e = next_home(s, r.player, e, want)?;
            }
        }
        Effect::Gain { homes: set, pieces, count, per, .. } | Effect::Lose { homes: set, pieces, count, per, .. } => {
            let targets = homes(content, s, r, *set);
            for p in r.player.clockwise_from(s.players()).filter(|p| targets.contains(*p)) {
                let Some(home) = s.home(p) else { continue };
                for (kind, n) in named_pieces(content, s, r, home, *pieces, *count, *per) {
                    if matches!(op, Effect::Gain { .. }) {
                        gain(s, p, kind, n, events);
                    } else {
                        lose(s, p, kind, n, events);
                    }
                }
            }
        }
        Effect::MoveSupport { from, to, pieces, count } => {
            let (f, t) = move_homes(content, s, r, *from, *to)?;
            let fh = s.home(f)?;
            if let Some(allowed) = open_mask(*pieces) {
                let total = held_total(s, fh, allowed);
                let left = match cursor.each {
                    Some(e) => e.left,
                    None => amount(content, s, r, *count, None, total).min(total),
                };
                if left == 0 {
                    return None;
                }
                // The giving home's pieces are picked one at a time (the receiving home is the
                // step's other home).
                let Some(forced) = forced(s, fh, allowed, left) else {
                    return Some(Each { current: f, left, rest: PlayerSet::only(t) });
                };
                for (kind, n) in forced {
                    transfer(s, f, t, kind, n, events);
                }
            } else if let Some(kind) = single_kind(r, *pieces) {
                let have = s.support_in(fh, kind);
                let n = amount(content, s, r, *count, None, have);
                transfer(s, f, t, kind, n, events);
            }
        }
    }
    None
}

/// Applies a player's answer to the question of the card on top of the stack (already checked
/// legal); the caller then runs the card on.
pub fn answer(content: &Content, s: &mut State, action: Action, events: &mut impl EventSink<Event>) {
    let Some(r) = s.resolving().copied() else { return };
    let Some(card) = content.get(r.card) else { return };
    let mut cursor = r.cursor;
    match (card.program.awaiting(&cursor), action) {
        (Some(Awaiting::Branch(_)), Action::Branch(b)) => {
            emit(events, Event::ChoseBranch { player: r.player, card: r.card, branch: b });
            if !card.program.take_branch(&mut cursor, usize::from(b)) {
                cursor.next();
            }
        }
        (Some(Awaiting::Op(Effect::ChooseArea { .. })), Action::Area(a)) => {
            choose_area(s, r.player, Some(a), events);
            cursor.next();
        }
        (Some(Awaiting::Op(Effect::ChooseIndustry { .. })), Action::Industry { area, colour }) => {
            choose_industry(s, r.player, Some((area, colour)), events);
            cursor.next();
        }
        (Some(Awaiting::Op(Effect::ChoosePlayer { .. })), Action::Player(p)) => {
            choose_player(s, r.player, Some(p), events);
            cursor.next();
        }
        (Some(Awaiting::Op(Effect::ChooseColour)), Action::Colour(c)) => {
            if let Some(rr) = s.resolving_mut() {
                rr.colour = Some(c);
            }
            emit(events, Event::ChoseColour { player: r.player, colour: c });
            cursor.next();
        }
        (Some(Awaiting::Op(Effect::PlaceIndustry { at, .. })), Action::Colour(c)) => {
            let area = Area::in_mask(place_mask(content, s, &r, *at)).next();
            place_industry(s, area, Some(c), events);
            cursor.next();
        }
        (Some(Awaiting::Op(Effect::MoveIndustry { .. })), Action::Area(a)) => {
            move_industry(s, Some(a), events);
            cursor.next();
        }
        (Some(Awaiting::Op(Effect::DiscardEnvironment)), Action::Environment(card)) => {
            discard_environment(s, card, events);
            cursor.next();
        }
        (
            Some(Awaiting::Op(op @ (Effect::Gain { .. } | Effect::Lose { .. } | Effect::MoveSupport { .. }))),
            Action::Pick(kind),
        ) => {
            let Some(mut e) = cursor.each else { return };
            // A move's receiving home is the step's other home.
            match (op, e.rest.first()) {
                (Effect::Gain { .. }, _) => gain(s, e.current, kind, 1, events),
                (Effect::Lose { .. }, _) => lose(s, e.current, kind, 1, events),
                (_, Some(to)) => transfer(s, e.current, to, kind, 1, events),
                (_, None) => return,
            }
            e.took(1);
            if e.left == 0 && matches!(op, Effect::MoveSupport { .. }) {
                cursor.next();
            } else {
                cursor.each = Some(e);
            }
        }
        _ => return,
    }
    if let Some(rr) = s.resolving_mut() {
        rr.cursor = cursor;
    }
}
