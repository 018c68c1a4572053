//! What a card's steps do: Woobieworld's vocabulary given meaning for the engine's program runner
//! ([`worlds_engine::program`]), which stops wherever a player must decide (WOOB-PLAY-2). A choice
//! with one possibility is made for the player; a choice with none leaves what depends on it
//! without effect (WOOB-PLAY-4, WOOB-RULING-2). Several homes are handled one at a time, clockwise
//! from the card's player (WOOB-PLAY-3), as an "each player" step of the kit.

use worlds_engine::flow::Each;
use worlds_engine::program::{self, Awaiting, Cursor, Machine, Run};
use worlds_engine::{EventSink, Player, Visibility};

use crate::action::Action;
use crate::area::{Area, Colour, Support};
use crate::card::CardId;
use crate::content::Content;
use crate::effect::{Condition, Effect, Homes, Pieces, Place};
use crate::event::Event;
use crate::question::{
    COLOURS, amount, anarchs_may_enter, area_candidates, asked_by, environment_candidates, held_kinds, held_total,
    homes, industry_bits, industry_candidates, move_homes, open_mask, pile_kinds, place_mask, player_candidates,
    single_kind, test,
};
use crate::state::{Resolution, State};

fn emit(events: &mut impl EventSink<Event>, e: Event) {
    events.emit(Visibility::PUBLIC, e);
}

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
        match self.r() {
            Some(r) => step(self.content, self.s, &r, op, cursor, self.events),
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
    if let Some(r) = s.resolving_mut() {
        r.industry = Some((a, c));
        r.area = Some(a);
    }
}

fn move_industry(s: &mut State, dest: Option<Area>, events: &mut impl EventSink<Event>) {
    let Some(r) = s.resolving().copied() else { return };
    let (Some((from, colour)), Some(to)) = (r.industry, dest) else { return };
    if s.take_industries(from, colour, 1) == 1 {
        s.add_industry(to, colour);
        emit(events, Event::IndustryMoved { from, to, colour });
        if let Some(r) = s.resolving_mut() {
            r.industry = Some((to, colour));
            r.area = Some(to);
        }
    }
}

fn discard_environment(s: &mut State, card: CardId, events: &mut impl EventSink<Event>) {
    if let Some(i) = s.in_play.iter().position(|e| e.card == card) {
        s.in_play.remove(i);
        s.discard.insert(card.0);
        emit(events, Event::EnvironmentDiscarded { card });
    }
}

/// Executes one step that needs no decision now (or makes a forced one), moving the cursor.
fn step(
    content: &Content,
    s: &mut State,
    r: &Resolution,
    op: &Effect,
    cursor: &mut Cursor,
    events: &mut impl EventSink<Event>,
) {
    match op {
        Effect::ChooseArea { filter, colour } => {
            let chosen = Area::in_mask(area_candidates(content, s, r, *filter, *colour)).next();
            if let Some(rr) = s.resolving_mut() {
                rr.area = chosen;
            }
            match chosen {
                Some(a) => emit(events, Event::ChoseArea { player: r.player, area: a }),
                None => emit(events, Event::NothingToChoose { player: r.player }),
            }
            cursor.next();
        }
        Effect::ChooseIndustry { colour, near_your_home } => {
            let chosen = industry_bits(industry_candidates(content, s, r, *colour, *near_your_home)).next();
            if let Some(rr) = s.resolving_mut() {
                rr.industry = chosen;
                rr.area = chosen.map(|(a, _)| a);
            }
            match chosen {
                Some((area, colour)) => emit(events, Event::ChoseIndustry { player: r.player, area, colour }),
                None => emit(events, Event::NothingToChoose { player: r.player }),
            }
            cursor.next();
        }
        Effect::ChoosePlayer { filter } => {
            let chosen = player_candidates(s, r, *filter).first();
            let home = chosen.and_then(|p| s.home(p));
            if let Some(rr) = s.resolving_mut() {
                rr.chosen = chosen;
                rr.area = home;
            }
            match chosen {
                Some(p) => emit(events, Event::ChosePlayer { player: r.player, chosen: p }),
                None => emit(events, Event::NothingToChoose { player: r.player }),
            }
            cursor.next();
        }
        Effect::ChooseColour => cursor.next(),
        Effect::DiscardEnvironment => {
            match CardId::in_set(environment_candidates(content, s)).next() {
                Some(card) => discard_environment(s, card, events),
                None => emit(events, Event::NothingToChoose { player: r.player }),
            }
            cursor.next();
        }
        Effect::PlaceIndustry { at, colour } => {
            let area = Area::in_mask(place_mask(content, s, r, *at)).next();
            let colour = colour.or_else(|| Colour::ALL.into_iter().find(|c| s.industry_pile(*c) > 0));
            place_industry(s, area, colour, events);
            cursor.next();
        }
        Effect::MoveIndustry { to } => {
            let from = r.industry.map_or(0, |(a, _)| a.bit());
            let dest = Area::in_mask(area_candidates(content, s, r, *to, None) & !from).next();
            move_industry(s, dest, events);
            cursor.next();
        }
        Effect::RemoveIndustries { at, colour } => {
            let mut removed = [0u8; 4];
            if *at == Place::ChosenIndustry {
                if let Some((a, c)) = r.industry
                    && colour.is_none_or(|k| k == c)
                {
                    removed[c.index()] += s.take_industries(a, c, 1);
                    if removed[c.index()] > 0 {
                        emit(events, Event::IndustryRemoved { area: a, colour: c, count: 1 });
                    }
                }
            } else {
                for a in Area::in_mask(place_mask(content, s, r, *at)) {
                    for c in Colour::ALL.into_iter().filter(|c| colour.is_none_or(|k| k == *c)) {
                        let n = s.take_industries(a, c, u8::MAX);
                        if n > 0 {
                            removed[c.index()] += n;
                            emit(events, Event::IndustryRemoved { area: a, colour: c, count: n });
                        }
                    }
                }
            }
            if let Some(rr) = s.resolving_mut() {
                for (total, n) in rr.removed.iter_mut().zip(removed) {
                    *total = total.saturating_add(n);
                }
            }
            cursor.next();
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
            cursor.next();
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
            cursor.next();
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
            cursor.next();
        }
        Effect::Gain { homes: set, pieces, count, per, .. } => {
            if *pieces == Pieces::AnyColour {
                let want = |st: &State, _: Player| amount(content, st, r, *count, *per, 0);
                let Some(mut e) = each_home(s, r, cursor, *set, content, want) else { return cursor.next() };
                // Apply forced picks until a real choice (or the end).
                loop {
                    let avail = pile_kinds(s, COLOURS);
                    if avail == 0 {
                        // WOOB-SUP-2: every colour has run dry.
                        return cursor.next();
                    }
                    if avail.count_ones() >= 2 {
                        cursor.each = Some(e);
                        return;
                    }
                    let Some(kind) = crate::question::kinds(avail).next() else { return cursor.next() };
                    let n = e.left.min(s.pile(kind));
                    gain(s, e.current, kind, n, events);
                    e.took(n);
                    match next_home(s, r.player, e, want) {
                        Some(next) => e = next,
                        None => return cursor.next(),
                    }
                }
            }
            let targets = homes(content, s, r, *set);
            for p in r.player.clockwise_from(s.players()).filter(|p| targets.contains(*p)) {
                let n = amount(content, s, r, *count, *per, 0);
                match pieces {
                    Pieces::EachColour => {
                        for c in Colour::ALL {
                            gain(s, p, c.support(), n, events);
                        }
                    }
                    Pieces::RemovedIndustryColours => {
                        for c in Colour::ALL {
                            let k = n.saturating_mul(r.removed[c.index()]);
                            if k > 0 {
                                gain(s, p, c.support(), k, events);
                            }
                        }
                    }
                    _ => {
                        if let Some(kind) = single_kind(r, *pieces) {
                            gain(s, p, kind, n, events);
                        }
                    }
                }
            }
            cursor.next();
        }
        Effect::Lose { homes: set, pieces, count, per, .. } => {
            if let Some(allowed) = open_mask(*pieces) {
                let want = |st: &State, p: Player| {
                    let eligible = st.home(p).map_or(0, |h| held_total(st, h, allowed));
                    amount(content, st, r, *count, *per, eligible).min(eligible)
                };
                let Some(mut e) = each_home(s, r, cursor, *set, content, want) else { return cursor.next() };
                loop {
                    let Some(home) = s.home(e.current) else { return cursor.next() };
                    let held = held_kinds(s, home, allowed);
                    let total = held_total(s, home, allowed);
                    if total <= e.left || held.count_ones() <= 1 {
                        // Forced: everything eligible goes, or there is only one kind to lose.
                        for kind in crate::question::kinds(held) {
                            let n = if total <= e.left { s.support_in(home, kind) } else { e.left };
                            lose(s, e.current, kind, n, events);
                        }
                        e.left = 0;
                    } else {
                        cursor.each = Some(e);
                        return;
                    }
                    match next_home(s, r.player, e, want) {
                        Some(next) => e = next,
                        None => return cursor.next(),
                    }
                }
            }
            let targets = homes(content, s, r, *set);
            for p in r.player.clockwise_from(s.players()).filter(|p| targets.contains(*p)) {
                let Some(home) = s.home(p) else { continue };
                match pieces {
                    Pieces::EachColour => {
                        for c in Colour::ALL {
                            let have = s.support_in(home, c.support());
                            let n = amount(content, s, r, *count, *per, have);
                            lose(s, p, c.support(), n, events);
                        }
                    }
                    Pieces::RemovedIndustryColours => {
                        let n = amount(content, s, r, *count, *per, 0);
                        for c in Colour::ALL {
                            let k = n.saturating_mul(r.removed[c.index()]);
                            if k > 0 {
                                lose(s, p, c.support(), k, events);
                            }
                        }
                    }
                    _ => {
                        if let Some(kind) = single_kind(r, *pieces) {
                            let have = s.support_in(home, kind);
                            let n = amount(content, s, r, *count, *per, have);
                            lose(s, p, kind, n, events);
                        }
                    }
                }
            }
            cursor.next();
        }
        Effect::MoveSupport { from, to, pieces, count } => {
            let Some((f, t)) = move_homes(content, s, r, *from, *to) else { return cursor.next() };
            let Some(fh) = s.home(f) else { return cursor.next() };
            if let Some(allowed) = open_mask(*pieces) {
                let total = held_total(s, fh, allowed);
                let left = match cursor.each {
                    Some(e) => e.left,
                    None => amount(content, s, r, *count, None, total).min(total),
                };
                let held = held_kinds(s, fh, allowed);
                if left == 0 {
                    return cursor.next();
                }
                if total <= left || held.count_ones() <= 1 {
                    for kind in crate::question::kinds(held) {
                        let n = if total <= left { s.support_in(fh, kind) } else { left };
                        transfer(s, f, t, kind, n, events);
                    }
                    return cursor.next();
                }
                // The giving home's pieces are picked one at a time (the receiving home is the
                // step's other home).
                cursor.each = Some(Each { current: f, left, rest: worlds_engine::PlayerSet::only(t) });
                return;
            }
            if let Some(kind) = single_kind(r, *pieces) {
                let have = s.support_in(fh, kind);
                let n = amount(content, s, r, *count, None, have);
                transfer(s, f, t, kind, n, events);
            }
            cursor.next();
        }
        Effect::Or { .. } | Effect::If { .. } => cursor.next(),
    }
}

/// Applies a player's answer to the question of the card on top of the stack (already checked
/// legal); the caller then runs the card on.
pub fn answer(content: &Content, s: &mut State, action: Action, events: &mut impl EventSink<Event>) {
    let Some(r) = s.resolving().copied() else { return };
    let Some(card) = content.get(r.card) else { return };
    let mut cursor = r.cursor;
    let set = |s: &mut State, f: &dyn Fn(&mut Resolution)| {
        if let Some(rr) = s.resolving_mut() {
            f(rr);
        }
    };
    match (card.program.awaiting(&cursor), action) {
        (Some(Awaiting::Branch(_)), Action::Branch(b)) => {
            emit(events, Event::ChoseBranch { player: r.player, card: r.card, branch: b });
            if !card.program.take_branch(&mut cursor, usize::from(b)) {
                cursor.next();
            }
        }
        (Some(Awaiting::Op(Effect::ChooseArea { .. })), Action::Area(a)) => {
            set(s, &|rr| rr.area = Some(a));
            emit(events, Event::ChoseArea { player: r.player, area: a });
            cursor.next();
        }
        (Some(Awaiting::Op(Effect::ChooseIndustry { .. })), Action::Industry { area, colour }) => {
            set(s, &|rr| {
                rr.industry = Some((area, colour));
                rr.area = Some(area);
            });
            emit(events, Event::ChoseIndustry { player: r.player, area, colour });
            cursor.next();
        }
        (Some(Awaiting::Op(Effect::ChoosePlayer { .. })), Action::Player(p)) => {
            let home = s.home(p);
            set(s, &|rr| {
                rr.chosen = Some(p);
                rr.area = home;
            });
            emit(events, Event::ChosePlayer { player: r.player, chosen: p });
            cursor.next();
        }
        (Some(Awaiting::Op(Effect::ChooseColour)), Action::Colour(c)) => {
            set(s, &|rr| rr.colour = Some(c));
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
        (Some(Awaiting::Op(Effect::Gain { .. })), Action::Pick(kind)) => {
            let Some(mut e) = cursor.each else { return };
            gain(s, e.current, kind, 1, events);
            e.took(1);
            cursor.each = Some(e);
        }
        (Some(Awaiting::Op(Effect::Lose { .. })), Action::Pick(kind)) => {
            let Some(mut e) = cursor.each else { return };
            lose(s, e.current, kind, 1, events);
            e.took(1);
            cursor.each = Some(e);
        }
        (Some(Awaiting::Op(Effect::MoveSupport { .. })), Action::Pick(kind)) => {
            let Some(mut e) = cursor.each else { return };
            let Some(to) = e.rest.first() else { return };
            transfer(s, e.current, to, kind, 1, events);
            e.took(1);
            if e.left == 0 {
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
