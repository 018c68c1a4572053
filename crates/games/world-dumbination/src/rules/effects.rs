//! What card steps do (the effect vocabulary of the spec's "Content to design"): the `Machine` the
//! kit's program runner drives, and the choices a step leaves to the card's player (WD-CARD-6).

use arrayvec::ArrayVec;
use worlds_engine::Visibility;
use worlds_engine::program::{self, Awaiting, Cursor};
use worlds_engine::{EventSink, Player};

use crate::action::Action;
use crate::board::{NO_SPACE, Space};
use crate::card::{Cond, Filter, Kind, Step, Who};
use crate::content::Content;
use crate::ctx::{self, Map, Track};
use crate::event::Event;
use crate::need;
use crate::state::{Acting, Base, CardSet, Lying, Table, Unit};

/// The card being resolved: whose, which, and the answer to its question, if given.
pub struct Machine<'a, E> {
    c: &'a Content,
    t: &'a mut Table,
    p: Player,
    card: crate::card::CardNo,
    /// Changes last for the round (Green, Brown and unowned Dumbness cards), not while owned.
    round: bool,
    answer: Option<Action>,
    events: &'a mut E,
    /// Units still to remove in a `remove_units` step.
    pub left: u8,
}

impl<'a, E: EventSink<Event>> Machine<'a, E> {
    pub fn new(c: &'a Content, t: &'a mut Table, a: &Acting, answer: Option<Action>, events: &'a mut E) -> Self {
        let round = c.cards.get(a.card).is_none_or(|k| !k.is_lasting());
        Machine { c, t, p: a.seat, card: a.card, round, answer, events, left: a.left }
    }

    fn who(&self, who: Who) -> ArrayVec<Player, 5> {
        let target = ctx::target_seat(self.t, self.p);
        self.t
            .in_order()
            .filter(|&q| match who {
                Who::Me => q == self.p,
                Who::Target => Some(q) == target,
                Who::EachPlayer => true,
                Who::EachOpponent => q != self.p,
            })
            .collect()
    }

    /// The chosen option: the answer if it is one of the options, else the only option.
    fn chosen(&mut self, op: &Step) -> Option<Action> {
        let mut opts: ArrayVec<Action, 2> = ArrayVec::new();
        let mut count = 0usize;
        let answer = self.answer;
        let mut hit = None;
        op_options(self.c, self.t, self.p, op, &mut |a| {
            count += 1;
            if Some(a) == answer {
                hit = Some(a);
            }
            if !opts.is_full() {
                opts.push(a);
            }
        });
        self.answer = None;
        match (hit, count) {
            (Some(a), _) => Some(a),
            (None, 1) => opts.first().copied(),
            _ => None,
        }
    }
}

/// The options a step leaves to the card's player now; none for a step without a choice.
pub fn op_options(c: &Content, t: &Table, p: Player, op: &Step, f: &mut impl FnMut(Action)) {
    let target = ctx::target_seat(t, p);
    match op {
        Step::ReduceBase { .. } => {
            if let Some(q) = target {
                for (_, b) in t.seats[q].bases_on_board() {
                    f(Action::Space(b.at));
                }
            }
        }
        // WD-RULING-3: a unit to remove is picked by its space (units on one space are alike).
        Step::RemoveUnits { filter, .. } => {
            let Some(q) = target else { return };
            let mut seen: ArrayVec<Space, 6> = ArrayVec::new();
            for (_, u) in t.seats[q].units_on_board() {
                let ok = match filter {
                    Filter::Any => true,
                    Filter::NotOnBase => t.seats[q].base_at(u.at).is_none(),
                    Filter::Near(d) => t.seats[p].units_on_board().any(|(_, m)| c.board.distance(m.at, u.at) <= *d),
                    Filter::AtSea => !c.board.cell(u.at).land,
                };
                if ok && !seen.contains(&u.at) {
                    seen.push(u.at);
                    f(Action::Space(u.at));
                }
            }
        }
        Step::NuclearStrike => {
            let Some(q) = target else { return };
            let map = Map::new(c, t);
            for s in 0..crate::board::SPACES {
                let s = s as Space;
                let seat = &t.seats[q];
                // WD-NUKE-1: a land space the target owns, or a war zone held only by its units at war.
                let at_war = map.pieces[usize::from(s)] == Some(q)
                    && seat.base_at(s).is_none()
                    && seat.units.iter().filter(|u| u.at == s).all(|u| u.war > 0);
                if map.owns(q, s) || at_war {
                    f(Action::Space(s));
                }
            }
        }
        Step::AttackProject | Step::SabotageProject => {
            let Some(q) = target else { return };
            let seat = &t.seats[q];
            for k in seat.projects.iter() {
                // WD-GOAL-3: never a First Goal; WD-DUMB-4: an owned Dumbness card only by sabotage.
                let goal = c.cards.get(k).is_none_or(|card| {
                    card.kind == Kind::FirstGoal || (card.kind == Kind::Dumbness && matches!(op, Step::AttackProject))
                });
                let spent = matches!(op, Step::SabotageProject) && seat.is_sabotaged(k);
                if !goal && !spent {
                    f(Action::Card(k));
                }
            }
        }
        Step::FreeBase if t.seats[p].bases.iter().any(|b| !b.on_board()) => {
            let map = Map::new(c, t);
            for s in buildable(c, t, &map, p) {
                f(Action::Space(s));
            }
        }
        Step::FreeUnit if t.seats[p].units.iter().any(|u| !u.on_board()) => {
            for (_, b) in t.seats[p].bases_on_board() {
                f(Action::Space(b.at));
            }
        }
        _ => {}
    }
}

/// WD-BUY-2: where `p` could put a new Base: land they own with a standing unit of theirs there and
/// no Base, not radioactive.
pub fn buildable<'a>(c: &'a Content, t: &'a Table, map: &'a Map, p: Player) -> impl Iterator<Item = Space> + 'a {
    let seat = &t.seats[p];
    seat.units.iter().enumerate().filter_map(move |(i, u)| {
        let first = seat.units[..i].iter().all(|o| o.at != u.at);
        (u.on_board()
            && u.war == 0
            && first
            && c.board.cell(u.at).land
            && t.radioactive[usize::from(u.at)].is_none()
            && map.owns(p, u.at)
            && seat.base_at(u.at).is_none())
        .then_some(u.at)
    })
}

/// The options of the acting card's current question, for the legal list.
pub fn options(c: &Content, t: &Table, a: &Acting, f: &mut impl FnMut(Action)) {
    let Some(program) = c.program(a.card, a.gain) else { return };
    match program.awaiting(&a.cursor) {
        Some(Awaiting::Branch(n)) => {
            for b in 0..n.min(4) {
                f(Action::Branch(b as u8));
            }
        }
        Some(Awaiting::Op(op)) => op_options(c, t, a.seat, op, f),
        None => {}
    }
}

impl<E: EventSink<Event>> program::Machine<Step, Cond> for Machine<'_, E> {
    fn waits(&mut self, op: &Step, _: &Cursor) -> bool {
        if self.answer.is_some() {
            return false;
        }
        let mut n = 0;
        op_options(self.c, self.t, self.p, op, &mut |_| n += 1);
        n >= 2
    }

    fn holds(&mut self, test: &Cond) -> bool {
        let map = Map::new(self.c, self.t);
        need::holds(self.c, self.t, &map, self.p, test)
    }

    fn execute(&mut self, op: &Step, cursor: &mut Cursor) {
        let (c, p) = (self.c, self.p);
        let round = self.round;
        match op {
            Step::Ego { who, n } | Step::Popularity { who, n } => {
                let track = if matches!(op, Step::Ego { .. }) { Track::Ego } else { Track::Popularity };
                for q in self.who(*who) {
                    ctx::change_track(c, self.t, q, track, *n, self.events);
                }
            }
            Step::Resources { who, n } => {
                for q in self.who(*who) {
                    let seat = &mut self.t.seats[q];
                    seat.resources = (i32::from(seat.resources) + i32::from(*n)).clamp(0, i32::from(u16::MAX)) as u16;
                    self.events.emit(
                        Visibility::PUBLIC,
                        Event::Resources { player: q, change: i16::from(*n), total: seat.resources },
                    );
                }
            }
            Step::LoseHalfResources { who } => {
                for q in self.who(*who) {
                    let seat = &mut self.t.seats[q];
                    let lost = seat.resources / 2;
                    seat.resources -= lost;
                    self.events.emit(
                        Visibility::PUBLIC,
                        Event::Resources { player: q, change: -(lost as i16), total: seat.resources },
                    );
                }
            }
            Step::TakeResources { n } => {
                if let Some(q) = ctx::target_seat(self.t, p) {
                    let took = self.t.seats[q].resources.min(u16::from(*n));
                    self.t.seats[q].resources -= took;
                    self.t.seats[p].resources = self.t.seats[p].resources.saturating_add(took);
                    self.events.emit(Visibility::PUBLIC, Event::Took { player: p, from: q, amount: took });
                }
            }
            Step::Income { who, n } | Step::UnitStrength { who, n } | Step::Movement { who, n } => {
                // Lasting changes of projects count while they are owned (ctx::mods).
                if round {
                    for q in self.who(*who) {
                        let m = &mut self.t.seats[q].round_mods;
                        match op {
                            Step::Income { .. } => m.income = m.income.saturating_add(*n),
                            Step::UnitStrength { .. } => m.strength = m.strength.saturating_add(*n),
                            _ => m.movement = m.movement.saturating_add(*n),
                        }
                    }
                }
            }
            Step::HandLimit { .. }
            | Step::Choose(_)
            | Step::SeaMovement { .. }
            | Step::HiddenMove
            | Step::MoveBase { .. } => {}
            Step::Rule { .. } => rule_in_force(self.t, self.card, op),
            Step::LeaveGame { keyword } => leave_game(c, self.t, keyword, self.events),
            Step::CancelCards => {
                if let Some(q) = ctx::target_seat(self.t, p) {
                    cancel(c, self.t, q, self.events);
                }
            }
            Step::Vacation => {
                let hand = std::mem::take(&mut self.t.seats[p].hand);
                for k in hand.iter() {
                    ctx::discard(c, self.t, k);
                }
                self.t.seats[p].vacation = true;
                self.events.emit(Visibility::PUBLIC, Event::Vacation { player: p, discarded: hand });
            }
            Step::ReduceBase { steps } => {
                if let (Some(Action::Space(s)), Some(q)) = (self.chosen(op), ctx::target_seat(self.t, p))
                    && let Some(slot) = self.t.seats[q].base_at(s)
                {
                    ctx::reduce_base(c, self.t, q, slot, *steps, Some(p), self.events);
                    ctx::mark_after_card(c, self.t, q, s, self.events);
                    ctx::check_neutralized(c, self.t, q, self.events);
                }
            }
            Step::RemoveUnits { count, .. } => {
                if self.left == 0 {
                    self.left = *count;
                }
                match (self.chosen(op), ctx::target_seat(self.t, p)) {
                    (Some(Action::Space(s)), Some(q)) => {
                        if let Some(slot) = self.t.seats[q].units.iter().position(|u| u.at == s) {
                            ctx::remove_unit(c, self.t, q, slot, Some(p), self.events);
                            ctx::mark_after_card(c, self.t, q, s, self.events);
                            ctx::check_neutralized(c, self.t, q, self.events);
                        }
                        self.left -= 1;
                        if self.left > 0 {
                            return; // the same step goes on with the next unit
                        }
                    }
                    _ => self.left = 0,
                }
            }
            Step::NuclearStrike => {
                if let (Some(Action::Space(s)), Some(q)) = (self.chosen(op), ctx::target_seat(self.t, p)) {
                    strike(c, self.t, p, q, s, self.events);
                }
            }
            Step::AttackProject | Step::SabotageProject => {
                if let (Some(Action::Card(k)), Some(q)) = (self.chosen(op), ctx::target_seat(self.t, p)) {
                    if matches!(op, Step::AttackProject) {
                        let victim = &mut self.t.seats[q];
                        victim.projects.remove(k);
                        victim.sabotaged[0].remove(k);
                        victim.sabotaged[1].remove(k);
                        ctx::discard(c, self.t, k);
                        self.events.emit(Visibility::PUBLIC, Event::ProjectAttacked { player: p, victim: q, card: k });
                    } else {
                        self.t.seats[q].sabotaged[0].insert(k);
                        self.events.emit(Visibility::PUBLIC, Event::Sabotaged { player: p, victim: q, card: k });
                    }
                }
            }
            Step::FreeBase | Step::FreeUnit => {
                if let Some(Action::Space(s)) = self.chosen(op) {
                    let free = if matches!(op, Step::FreeBase) { ctx::build_base } else { ctx::add_unit };
                    free(self.t, p, s, 0, self.events);
                }
            }
        }
        cursor.next();
    }
}

/// `cancel_cards` (WD-RULING-9): `q`'s cards that have not acted yet this round are discarded without effect or
/// fine (a First Goal flip is not a card on a card space and stays).
pub fn cancel(c: &Content, t: &mut Table, q: Player, events: &mut impl EventSink<Event>) {
    for i in 0..2 {
        if let Some(placed) = t.seats[q].spaces[i]
            && placed.lying == Lying::Waiting
        {
            t.seats[q].spaces[i] = None;
            ctx::discard(c, t, placed.card);
            events.emit(Visibility::PUBLIC, Event::Cancelled { player: q, card: placed.card });
        }
    }
}

/// WD-NUKE-1..3: everything on the space goes back to the target, who gets a radioactive token there.
pub fn strike(c: &Content, t: &mut Table, p: Player, q: Player, s: Space, events: &mut impl EventSink<Event>) {
    let mut removed = 0u16;
    for slot in 0..t.seats[q].units.len() {
        if t.seats[q].units[slot].at == s {
            t.seats[q].units[slot] = Unit::SUPPLY;
            removed += 1;
        }
    }
    let mut base_vp = 0u16;
    if let Some(slot) = t.seats[q].base_at(s) {
        base_vp = u16::from(t.seats[q].bases[slot].strength / 2);
        t.seats[q].bases[slot] = Base::SUPPLY;
    }
    ctx::unmark(t, s);
    let seat = &mut t.seats[q];
    // WD-NUKE-3: a player has three Radioactive tokens; a fourth strike moves the earliest placed.
    let moved = seat.radioactive.is_full().then(|| seat.radioactive.remove(0));
    if let Some(old) = moved {
        // "The old space is back to normal, but lost" (WD-OWN-2).
        t.radioactive[usize::from(old)] = None;
        if c.board.cell(old).home.is_some() {
            t.lost.insert(old);
        }
    }
    // WD-OWN-2: a nuked home space is lost to its nation for good.
    if c.board.cell(s).home.is_some() {
        t.lost.insert(s);
    }
    t.seats[q].radioactive.push(s); // a token is free: the earliest moved when all three lay
    t.radioactive[usize::from(s)] = Some(q);
    t.bombs_fired = t.bombs_fired.saturating_add(1);
    events.emit(
        Visibility::PUBLIC,
        Event::Struck { player: p, victim: q, space: s, units: removed as u8, moved_from: moved.unwrap_or(NO_SPACE) },
    );
    ctx::gain_vp(c, t, p, removed + base_vp, events);
    ctx::check_neutralized(c, t, q, events);
}

/// A `rule` step: the change is in force this round and `rounds - 1` more.
pub fn rule_in_force(t: &mut Table, card: crate::card::CardNo, op: &Step) {
    if let Step::Rule { kind, rounds } = *op
        && !t.dumb.rules.iter().any(|r| r.card == card && r.kind == kind)
    {
        let until = t.round.saturating_add(u16::from(rounds.max(1)) - 1);
        t.dumb.rules.push(crate::state::InForce { kind, until, card });
    }
}

/// WD-CARD-13: every card answering to `keyword` leaves the game from wherever it is; owners keep
/// what it gave them.
pub fn leave_game(c: &Content, t: &mut Table, keyword: &str, events: &mut impl EventSink<Event>) {
    // Only cards in the game leave it (a Dumbness card never added is not there to go).
    let mut present = t.decks[0].union(t.decks[1]).union(t.discards[0]).union(t.discards[1]);
    present = present.union(t.dumb.down[0]).union(t.dumb.down[1]).union(t.dumb.up).union(t.dumb.spent);
    for seat in t.seats.values() {
        present = present.union(seat.hand).union(seat.projects);
        for placed in seat.spaces.iter().flatten() {
            present.insert(placed.card);
        }
    }
    let mut gone = CardSet::EMPTY;
    for card in c.cards.all().iter().filter(|k| k.answers_to(keyword) && present.contains(k.number)) {
        gone.insert(card.number);
    }
    if gone.is_empty() {
        return;
    }
    let strip = |set: &mut CardSet| *set = set.minus(gone);
    for l in 0..2 {
        strip(&mut t.decks[l]);
        strip(&mut t.discards[l]);
        strip(&mut t.dumb.down[l]);
    }
    strip(&mut t.dumb.up);
    strip(&mut t.dumb.spent);
    for seat in t.seats.values_mut() {
        strip(&mut seat.hand);
        strip(&mut seat.projects);
        strip(&mut seat.sabotaged[0]);
        strip(&mut seat.sabotaged[1]);
        for space in &mut seat.spaces {
            if space.is_some_and(|pl| gone.contains(pl.card)) {
                *space = None;
            }
        }
    }
    t.dumb.gone = t.dumb.gone.union(gone);
    events.emit(Visibility::PUBLIC, Event::LeftGame { cards: gone });
}
