//! What the steps of cards and events do: the game's [`Machine`] for the engine's card-program
//! runner, and the choices a waiting program offers (an `either`, or a tie for the region with the
//! most Stuff).

use worlds_engine::program::{Awaiting, Cursor, Machine, Run, run};
use worlds_engine::{Chance, EventSink, Player, PlayerSet, Visibility};

use crate::action::{Action, BRANCHES};
use crate::card::{CardNo, Cond, Op, Sel, Who};
use crate::content::{CardProgram, Content};
use crate::ctx;
use crate::event::Event;
use crate::state::{Spot, Table, Target, Window};

/// Who a program runs for and what it acts on.
#[derive(Clone, Copy, Debug)]
pub struct For {
    /// The card's player (for an event, the starting player).
    pub seat: Player,
    pub target: Target,
    /// The card itself (a Bunker stays in front of its player, BI-BUNKER-1).
    pub card: Option<CardNo>,
}

struct Fx<'a, R, E> {
    c: &'a Content,
    t: &'a mut Table,
    who: For,
    war: &'a mut Option<Window>,
    rng: &'a mut R,
    events: &'a mut E,
    answer: Option<Action>,
}

/// The regions tied for "the most Stuff" (not The One $uperpower, no war counter), by bit.
pub fn most_stuff(c: &Content, t: &Table) -> u8 {
    let candidates = (0..crate::board::REGIONS as u8).filter(|&r| r != c.board.superpower && !t.at_war(r));
    let best = candidates.clone().map(|r| t.stuff[usize::from(r)]).max();
    candidates.filter(|&r| Some(t.stuff[usize::from(r)]) == best).fold(0, |set, r| set | (1 << r))
}

fn players(t: &Table, who: Who, me: Player, target: Target, attr: Option<crate::attr::Attr>) -> PlayerSet {
    match who {
        Who::Me => PlayerSet::only(me),
        Who::Target => match target {
            Target::Player(q) => PlayerSet::only(q),
            _ => PlayerSet::EMPTY,
        },
        Who::Every => PlayerSet::first_n(t.players()),
        Who::Highest => {
            let Some(a) = attr else { return PlayerSet::EMPTY };
            let best = t.seats.values().map(|s| s.attrs[a.index()]).max().unwrap_or(0);
            if best == 0 {
                return PlayerSet::EMPTY;
            }
            t.seats.iter().filter(|(_, s)| s.attrs[a.index()] == best).map(|(p, _)| p).collect()
        }
    }
}

impl<R: Chance, E: EventSink<Event>> Fx<'_, R, E> {
    fn region(&self, s: Sel) -> Option<u8> {
        match s {
            Sel::Region(r) => Some(r),
            Sel::Target => match self.who.target {
                Target::Region(r) => Some(r),
                _ => None,
            },
            Sel::Every => None,
            Sel::MostStuff => {
                let tied = most_stuff(self.c, self.t);
                match self.answer {
                    Some(Action::Region(r)) if tied & (1 << r) != 0 => Some(r),
                    _ => worlds_engine::bits::ones(tied).next().map(|r| r as u8),
                }
            }
        }
    }

    /// The regions a selector names, by bit.
    fn each(&self, s: Sel) -> u8 {
        match s {
            Sel::Every => ((1u16 << crate::board::REGIONS) - 1) as u8,
            _ => self.region(s).map_or(0, |r| 1 << r),
        }
    }

    fn target_vp(&self) -> Option<(Player, usize)> {
        match self.who.target {
            Target::Vp(q, i) => Some((q, usize::from(i))),
            _ => None,
        }
    }

    fn card_owner(&self, k: CardNo) -> Option<Player> {
        self.t.seats.iter().find(|(_, s)| s.table.contains(k)).map(|(q, _)| q)
    }
}

/// BI-EVENT-2, BI-REGION-2, BI-COMP-4: a war breaks out in `r`, if it can.
pub fn start_war(c: &Content, t: &mut Table, r: u8, events: &mut impl EventSink<Event>) {
    if r == c.board.superpower || t.at_war(r) || t.counters() >= crate::state::COUNTERS {
        events.emit(Visibility::PUBLIC, Event::NoWar { region: r });
        return;
    }
    t.war |= 1 << r;
    t.stats.wars = t.stats.wars.saturating_add(1);
    events.emit(Visibility::PUBLIC, Event::WarBreaksOut { region: r });
}

/// BI-CRISIS-1: a natural disaster in `r`.
pub fn disaster(c: &Content, t: &mut Table, r: u8, events: &mut impl EventSink<Event>) {
    t.disaster |= 1 << r;
    events.emit(Visibility::PUBLIC, Event::Disaster { region: r });
    ctx::stuff(t, r, -(c.board.prices.disaster.min(6) as i8), events);
}

/// BI-CRISIS-2: a famine in `r`.
pub fn famine(t: &mut Table, r: u8, events: &mut impl EventSink<Event>) {
    t.famine |= 1 << r;
    events.emit(Visibility::PUBLIC, Event::Famine { region: r });
}

impl<R: Chance, E: EventSink<Event>> Machine<Op, Cond> for Fx<'_, R, E> {
    /// A tie for "the most Stuff" is the card's player's to break, when the step can do something
    /// there (a war needs a free counter, BI-COMP-4).
    fn waits(&mut self, op: &Op, _: &Cursor) -> bool {
        let useful = match op {
            Op::War(Sel::MostStuff) => self.t.counters() < crate::state::COUNTERS,
            Op::Stuff { region: Sel::MostStuff, .. } => true,
            _ => false,
        };
        useful && self.answer.is_none() && most_stuff(self.c, self.t).count_ones() > 1
    }

    fn holds(&mut self, test: &Cond) -> bool {
        match test {
            Cond::Crisis => self.t.crisis(),
        }
    }

    fn execute(&mut self, op: &Op, cursor: &mut Cursor) {
        let me = self.who.seat;
        match *op {
            Op::Attribute { attr, change, who } => {
                for q in players(self.t, who, me, self.who.target, Some(attr)).iter() {
                    ctx::attribute(self.t, q, attr, change, self.events);
                }
            }
            Op::Goodwill { n, who } => {
                for q in players(self.t, who, me, self.who.target, None).iter() {
                    ctx::goodwill(self.t, q, i32::from(n), self.events);
                }
            }
            Op::Billions { n, who } => {
                for q in players(self.t, who, me, self.who.target, None).iter() {
                    ctx::billions(self.t, q, i64::from(n), self.events);
                }
            }
            Op::LoseShare { d, who } => {
                for q in players(self.t, who, me, self.who.target, None).iter() {
                    let loss = self.t.seats[q].billions / u32::from(d.max(1));
                    ctx::billions(self.t, q, -i64::from(loss), self.events);
                }
            }
            Op::Stuff { n, region } => {
                for r in worlds_engine::bits::ones(self.each(region)).map(|r| r as u8) {
                    ctx::stuff(self.t, r, n, self.events);
                }
            }
            Op::War(s) => {
                if let Some(r) = self.region(s) {
                    start_war(self.c, self.t, r, self.events);
                }
            }
            Op::EndWar => {
                if let Some(r) = self.region(Sel::Target).filter(|&r| self.t.at_war(r)) {
                    self.t.war &= !(1 << r);
                    self.events.emit(Visibility::PUBLIC, Event::WarEnds { region: r });
                }
            }
            Op::Disaster(s) => {
                for r in worlds_engine::bits::ones(self.each(s)).map(|r| r as u8) {
                    disaster(self.c, self.t, r, self.events);
                }
            }
            Op::Famine(s) => {
                for r in worlds_engine::bits::ones(self.each(s)).map(|r| r as u8) {
                    famine(self.t, r, self.events);
                }
            }
            // BI-CARD-4: targets never stand in a region at war (checked when aimed).
            Op::Lounge => {
                if let Some((q, i)) = self.target_vp() {
                    ctx::to_lounge(self.t, q, i, self.events);
                }
            }
            Op::Confiscate => {
                if let Some((q, i)) = self.target_vp() {
                    ctx::set_black(self.t, q, i, 0, self.events);
                }
            }
            Op::Collect => {
                if let Some((q, i)) = self.target_vp() {
                    let amount = self.t.seats[q].vps[i].black;
                    ctx::set_black(self.t, q, i, 0, self.events);
                    ctx::billions(self.t, me, i64::from(amount), self.events);
                }
            }
            Op::HalveBlack => {
                for q in Player::all(self.t.players()) {
                    for i in 0..crate::state::VPS {
                        let b = self.t.seats[q].vps[i].black;
                        ctx::set_black(self.t, q, i, b / 2, self.events);
                    }
                }
            }
            Op::Sideways | Op::Upright => {
                if let Target::Card(k) = self.who.target
                    && let Some(q) = self.card_owner(k)
                {
                    let upright = *op == Op::Upright;
                    if upright {
                        self.t.seats[q].sideways.remove(k);
                    } else {
                        self.t.seats[q].sideways.insert(k);
                    }
                    self.events.emit(Visibility::PUBLIC, Event::Upright { player: q, card: k, upright });
                }
            }
            Op::Sell => {
                if let Some(r) = self.region(Sel::Target) {
                    ctx::sell(self.c, self.t, me, r, self.events);
                }
            }
            Op::NewVp => {
                if let Some(i) = self.t.seats[me].first_at(Spot::Supply) {
                    self.t.seats[me].vps[i] = crate::state::Vp::LOUNGE;
                    self.events.emit(Visibility::PUBLIC, Event::BoughtVp { player: me, vp: i as u8 });
                }
            }
            Op::Bunker => {
                if self.t.seats[me].bunker.is_none() {
                    self.t.seats[me].bunker = self.who.card.or(Some(0));
                    self.events.emit(Visibility::PUBLIC, Event::Bunker { player: me });
                }
            }
            Op::HaloReturns => {
                if self.t.halo.take().is_some() {
                    self.events.emit(Visibility::PUBLIC, Event::Halo { player: None });
                }
            }
            Op::Modify(n) => {
                if let Some(w) = self.war.as_mut() {
                    w.modifier = w.modifier.saturating_add(n);
                    self.events.emit(Visibility::PUBLIC, Event::Modified { by: n });
                }
            }
            Op::Reroll => {
                if let Some(w) = self.war.as_mut() {
                    w.die = self.rng.roll_die(6) as u8;
                    self.events.emit(Visibility::PUBLIC, Event::Rerolled { die: w.die });
                }
            }
        }
        self.answer = None;
        cursor.next();
    }
}

/// Runs a program from `cursor` with an answer to the choice it waits at (if any), until the next
/// choice or its end.
#[allow(clippy::too_many_arguments)]
pub fn resume(
    c: &Content,
    t: &mut Table,
    program: &CardProgram,
    cursor: &mut Cursor,
    who: For,
    war: &mut Option<Window>,
    answer: Option<Action>,
    rng: &mut impl Chance,
    events: &mut impl EventSink<Event>,
) -> Run {
    let mut answer = answer;
    if let Some(Action::Branch(b)) = answer {
        program.take_branch(cursor, usize::from(b));
        answer = None;
    }
    let mut fx = Fx { c, t, who, war, rng, events, answer };
    run(program, cursor, &mut fx)
}

/// The choices a program waiting at `cursor` offers its player.
pub fn choices(c: &Content, t: &Table, program: &CardProgram, cursor: &Cursor, out: &mut impl FnMut(Action)) {
    match program.awaiting(cursor) {
        Some(Awaiting::Branch(n)) => {
            for b in 0..n.min(BRANCHES) {
                out(Action::Branch(b as u8));
            }
        }
        Some(Awaiting::Op(Op::War(Sel::MostStuff) | Op::Stuff { region: Sel::MostStuff, .. })) => {
            for r in worlds_engine::bits::ones(most_stuff(c, t)) {
                out(Action::Region(r as u8));
            }
        }
        _ => {}
    }
}
