//! Phase 5 (WD-MOVE, WD-COMBAT, WD-MARK): units step one space at a time, conquer marked spaces,
//! go to war, attack with committed units, and leave markers behind.

use arrayvec::ArrayVec;
use worlds_engine::{EventSink, Visibility};

use crate::action::Action;
use crate::board::{NO_SPACE, Space};
use crate::content::Content;
use crate::ctx::{self, Map};
use crate::event::Event;
use crate::state::{Mods, NOBODY, Seat, Step, Table, UNITS, Unit};

/// Phase 5 begins: nobody has moved; each unit's start space is noted (WD-MARK-1).
pub fn begin(t: &mut Table) {
    for seat in &mut t.seats {
        seat.moved = 0;
        for (o, u) in seat.origin.iter_mut().zip(seat.units) {
            *o = u.at;
        }
    }
}

/// WD-MOVE-7: at the end of phase 5, units a round at war stand up; those that went to war now
/// wait one round.
pub fn end(t: &mut Table, events: &mut impl EventSink<Event>) {
    for (p, seat) in t.seats.iter_mut().enumerate() {
        for u in &mut seat.units {
            match u.war {
                1 => {
                    u.war = 0;
                    events.emit(Visibility::PUBLIC, Event::StoodUp { player: p as u8, space: u.at });
                }
                2 => u.war = 1,
                _ => {}
            }
        }
    }
}

/// Where a step of `p`'s unit from `from` in `dir` would go, if it may (WD-MOVE-3..6); `m` is what
/// `p`'s cards change now.
pub fn step_to(c: &Content, t: &Table, map: &Map, (p, m): (usize, Mods), from: Space, dir: usize) -> Option<Space> {
    let to = c.board.step(from, dir)?;
    let i = usize::from(to);
    if !c.board.cell(to).land || t.radioactive[i] != NOBODY {
        return None;
    }
    if map.pieces[i] != NOBODY && map.pieces[i] != p as u8 {
        return None; // WD-MOVE-5: only an attack enters
    }
    if !map.owns(p, to) && ctx::strength_at(c, &t.seats[p], m, to) == 0 {
        return None; // WD-MOVE-3, WD-STR-3, WD-BASE-2
    }
    Some(to)
}

/// The defence of a space (WD-COMBAT-2): its Units' strength there, or its lone Base's strength.
pub fn defence(c: &Content, seat: &Seat, s: Space) -> u16 {
    let m = ctx::mods(c, seat);
    let units: u16 =
        seat.units.iter().filter(|u| u.at == s).map(|u| u16::from(ctx::strength_at(c, seat, m, u.at))).sum();
    if seat.units_at(s) > 0 { units } else { seat.base_at(s).map_or(0, |b| u16::from(seat.bases[b].strength)) }
}

/// The units of `p` that may join an attack on `s` (WD-COMBAT-1), with their strength there.
pub fn attackers(c: &Content, t: &Table, p: usize, s: Space) -> ArrayVec<(usize, u16), UNITS> {
    let seat = &t.seats[p];
    let m = ctx::mods(c, seat);
    let strength = u16::from(ctx::strength_at(c, seat, m, s));
    seat.units
        .iter()
        .enumerate()
        .filter(|(i, u)| u.on_board() && u.war == 0 && seat.moved & (1 << i) == 0 && c.board.distance(u.at, s) == 1)
        .map(|(i, _)| (i, strength))
        .collect()
}

/// The seat whose pieces stand on `s`, other than `p`.
fn defender(map: &Map, p: usize, s: Space) -> Option<usize> {
    let q = map.pieces[usize::from(s)];
    (q != NOBODY && q != p as u8).then_some(usize::from(q))
}

/// The legal actions of the player moving (WD-DEC-2).
pub fn legal(c: &Content, t: &Table, out: &mut Vec<Action>) {
    match t.stack.top().copied() {
        Some(Step::Move { seat, unit, left }) => {
            let p = usize::from(seat);
            let map = Map::new(c, t);
            let s = &t.seats[p];
            let m = ctx::mods(c, s);
            let allowance = ctx::movement(s, m);
            for (i, u) in s.units.iter().enumerate() {
                let steps = if i == usize::from(unit) {
                    left
                } else if s.moved & (1 << i) == 0 {
                    allowance
                } else {
                    0
                };
                if !u.on_board() || u.war > 0 || steps == 0 {
                    continue;
                }
                for dir in 0..6 {
                    if step_to(c, t, &map, (p, m), u.at, dir).is_some() {
                        out.push(Action::Step { unit: i as u8, dir: dir as u8 });
                    }
                }
            }
            // WD-COMBAT-1, WD-COMBAT-3: a space next to a free unit, if all able to join are stronger.
            let mut seen: ArrayVec<Space, 36> = ArrayVec::new();
            for (i, u) in s.units.iter().enumerate() {
                if !u.on_board() || u.war > 0 || s.moved & (1 << i) != 0 {
                    continue;
                }
                for &n in c.board.neighbours(u.at) {
                    if seen.contains(&n) || seen.is_full() {
                        continue;
                    }
                    seen.push(n);
                    if let Some(q) = defender(&map, p, n)
                        && c.board.cell(n).land
                    {
                        let total: u16 = attackers(c, t, p, n).iter().map(|a| a.1).sum();
                        if total > defence(c, &t.seats[q], n) {
                            out.push(Action::Space(n));
                        }
                    }
                }
            }
            out.push(Action::Done);
        }
        Some(Step::Attack { seat, space, committed }) => {
            for (i, _) in attackers(c, t, usize::from(seat), space) {
                if committed & (1 << i) == 0 {
                    out.push(Action::Commit(i as u8));
                }
            }
        }
        Some(Step::Marker { .. }) => {
            out.push(Action::Marker(true));
            out.push(Action::Marker(false));
        }
        _ => {}
    }
}

/// WD-MARK-1, WD-COMBAT-13: may `p` leave a marker on `s`, which their last unit just left?
fn offer_marker(t: &mut Table, p: usize, s: Space) {
    let seat = &t.seats[p];
    if s != NO_SPACE
        && seat.units_at(s) == 0
        && seat.origin.contains(&s)
        && seat.base_at(s).is_none()
        && t.markers[usize::from(s)] != p as u8
        && t.radioactive[usize::from(s)] == NOBODY
        && seat.markers > 0
    {
        let _ = t.stack.push(Step::Marker { seat: p as u8, space: s });
    }
}

/// Applies a legal action of phase 5.
pub fn apply(c: &Content, t: &mut Table, action: Action, events: &mut impl EventSink<Event>) {
    match (t.stack.top().copied(), action) {
        (Some(Step::Move { .. }), Action::Done) => {
            t.stack.pop();
        }
        (Some(Step::Move { seat, unit, left }), Action::Step { unit: u, dir }) => {
            let p = usize::from(seat);
            let map = Map::new(c, t);
            let s = &t.seats[p];
            let m = ctx::mods(c, s);
            let steps = if u == unit { left } else { ctx::movement(s, m) };
            let from = s.units[usize::from(u)].at;
            let Some(to) = step_to(c, t, &map, (p, m), from, usize::from(dir)) else { return };
            let owned = map.owns(p, to);
            let mut left = steps.saturating_sub(1);
            let seat_mut = &mut t.seats[p];
            seat_mut.moved |= 1 << u;
            seat_mut.units[usize::from(u)].at = to;
            events.emit(Visibility::PUBLIC, Event::Moved { player: seat, from, to });
            let marked = t.markers[usize::from(to)];
            let war = c.board.cell(to).war && !owned;
            if marked != NOBODY && marked != seat {
                // WD-MOVE-4, WD-MOVE-8: the marker goes home; the unit stops.
                ctx::unmark(t, to);
                left = 0;
                if !war {
                    events.emit(Visibility::PUBLIC, Event::Conquered { player: seat, space: to });
                }
            }
            if war {
                // WD-MOVE-7: at war until the end of the next round's phase 5.
                t.seats[p].units[usize::from(u)].war = 2;
                left = 0;
                events.emit(Visibility::PUBLIC, Event::AtWar { player: seat, space: to });
            }
            let _ = t.stack.replace_top(Step::Move { seat, unit: u, left });
            offer_marker(t, p, from);
        }
        (Some(Step::Move { seat, .. }), Action::Space(s)) => {
            let _ = t.stack.replace_top(Step::Move { seat, unit: NOBODY, left: 0 });
            let p = usize::from(seat);
            let map = Map::new(c, t);
            if let Some(q) = defender(&map, p, s) {
                events.emit(
                    Visibility::PUBLIC,
                    Event::Attack { player: seat, space: s, victim: q as u8, defence: defence(c, &t.seats[q], s) },
                );
                let _ = t.stack.push(Step::Attack { seat, space: s, committed: 0 });
            }
        }
        (Some(Step::Attack { seat, space, committed }), Action::Commit(u)) => {
            commit(c, t, seat, space, committed, u, events)
        }
        (Some(Step::Marker { seat, space }), Action::Marker(yes)) => {
            t.stack.pop();
            let p = usize::from(seat);
            if yes && t.seats[p].markers > 0 && t.markers[usize::from(space)] == NOBODY {
                t.seats[p].markers -= 1;
                t.markers[usize::from(space)] = seat;
                events.emit(Visibility::PUBLIC, Event::Marker { player: seat, space });
            }
        }
        _ => {}
    }
}

/// WD-COMBAT-4..6, WD-COMBAT-13: a unit joins; once the committed units are stronger the attack is
/// won: those before the last are lost, the defenders removed, the last unit moves in.
fn commit(
    c: &Content,
    t: &mut Table,
    seat: u8,
    space: Space,
    committed: u8,
    u: u8,
    events: &mut impl EventSink<Event>,
) {
    let p = usize::from(seat);
    let map = Map::new(c, t);
    let Some(q) = defender(&map, p, space) else {
        t.stack.pop();
        return;
    };
    let committed = committed | (1 << u);
    let strength = attackers(c, t, p, space);
    let total: u16 = strength.iter().filter(|(i, _)| committed & (1 << i) != 0).map(|a| a.1).sum();
    let def = defence(c, &t.seats[q], space);
    events.emit(Visibility::PUBLIC, Event::Committed { player: seat, space, total, defence: def });
    if total <= def {
        let _ = t.stack.replace_top(Step::Attack { seat, space, committed });
        return;
    }
    t.stack.pop();
    let mut left: ArrayVec<Space, UNITS> = ArrayVec::new();
    for i in 0..UNITS {
        if committed & (1 << i) != 0 && i != usize::from(u) {
            let at = t.seats[p].units[i].at;
            t.seats[p].units[i] = Unit::SUPPLY;
            events.emit(Visibility::PUBLIC, Event::UnitLost { player: seat, space: at });
            left.push(at);
        }
    }
    for slot in 0..UNITS {
        if t.seats[q].units[slot].at == space {
            ctx::remove_unit(c, t, q, slot, Some(p), events);
        }
    }
    if let Some(b) = t.seats[q].base_at(space) {
        let steps = t.seats[q].bases[b].strength / 2;
        ctx::reduce_base(c, t, q, b, steps, Some(p), events);
    }
    ctx::unmark(t, space);
    let from = t.seats[p].units[usize::from(u)].at;
    left.push(from);
    t.seats[p].units[usize::from(u)] = Unit { at: space, war: 0 };
    // The attack was the unit's move for the round (WD-COMBAT-1, WD-COMBAT-5).
    t.seats[p].moved |= 1 << u;
    events.emit(Visibility::PUBLIC, Event::Won { player: seat, space, lost: (committed.count_ones() - 1) as u8 });
    ctx::attacked(c, t, p, q, events);
    ctx::check_neutralized(c, t, q, events);
    for (i, &s) in left.iter().enumerate() {
        if !left[..i].contains(&s) {
            offer_marker(t, p, s);
        }
    }
}
