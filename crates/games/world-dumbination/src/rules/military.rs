//! Phase 5 (WD-MOVE, WD-COMBAT, WD-MARK): units step one space at a time, conquer marked spaces,
//! go to war, attack with committed units, and leave markers behind.

use arrayvec::ArrayVec;
use worlds_engine::{EventSink, Player, Visibility};

use crate::action::Action;
use crate::board::{NO_SPACE, Space};
use crate::card::RuleKind;
use crate::content::Content;
use crate::ctx::{self, Map};
use crate::event::Event;
use crate::state::{Mods, NOBODY, Seat, Step, Table, UNITS, Unit};

/// Phase 5 begins: nobody has moved; each unit's start space is noted (WD-MARK-1).
pub fn begin(t: &mut Table) {
    for seat in t.seats.values_mut() {
        seat.moved = 0;
        for (o, u) in seat.origin.iter_mut().zip(seat.units) {
            *o = u.at;
        }
    }
}

/// The end of phase 5: hidden units are revealed (WD-RULING-7); then, WD-MOVE-7, units a round at
/// war stand up, and those that went to war now wait one round.
pub fn end(c: &Content, t: &mut Table, events: &mut impl EventSink<Event>) {
    for p in Player::all(t.seats.len()) {
        let Some((u, from)) = t.seats[p].hidden.take() else { continue };
        let at = t.seats[p].units[usize::from(u)].at;
        if at == NO_SPACE {
            continue;
        }
        let taken = |s: Space| t.seats.iter().any(|(q, o)| q != p && (o.units_at(s) > 0 || o.base_at(s).is_some()));
        let to = if !taken(at) {
            at
        } else if !taken(from) && t.radioactive[usize::from(from)].is_none() {
            from
        } else {
            NO_SPACE
        };
        t.seats[p].units[usize::from(u)] = if to == NO_SPACE { Unit::SUPPLY } else { Unit { at: to, war: 0 } };
        events.emit(Visibility::PUBLIC, Event::HiddenRevealed { player: p, from, to });
        ctx::check_neutralized(c, t, p, events);
    }
    claim(c, t);
    for p in Player::all(t.seats.len()) {
        for u in &mut t.seats[p].units {
            match u.war {
                1 => {
                    u.war = 0;
                    events.emit(Visibility::PUBLIC, Event::StoodUp { player: p, space: u.at });
                }
                2 => u.war = 1,
                _ => {}
            }
        }
    }
}

/// WD-OWN-2, WD-MOVE-2: a unit that stands where its move ended takes the home space it stands on
/// from its nation for good (one passing through does not): every unit on the board but the one
/// still moving and one on a hidden move (until its reveal).
pub fn claim(c: &Content, t: &mut Table) {
    for p in Player::all(t.seats.len()) {
        let moving = t.moving_unit(p);
        let standing: ArrayVec<Space, UNITS> =
            t.seats[p].units_seen().filter(|(i, _)| Some(*i) != moving).map(|(_, u)| u.at).collect();
        for s in standing {
            ctx::take_home(c, t, p, s);
        }
    }
}

/// WD-RULING-7 (a hidden unit enters no marked space, war zone or sea). How a unit may move on this step: may it go to sea (already using the sea this move, or with a
/// sea move left this round), and is it the hidden move.
#[derive(Clone, Copy)]
pub struct Leg {
    pub sea: bool,
    pub hidden: bool,
}

/// Where a step of `p`'s unit from `from` in `dir` would go, if it may (WD-MOVE-3..6); `m` is what
/// `p`'s cards change now. A hidden unit enters no marked space, war zone or sea.
pub fn step_to(
    c: &Content,
    t: &Table,
    map: &Map,
    (p, m): (Player, Mods),
    from: Space,
    dir: usize,
    leg: Leg,
) -> Option<Space> {
    let to = c.board.step(from, dir)?;
    let i = usize::from(to);
    let land = c.board.cell(to).land;
    if t.radioactive[i].is_some() || (!land && (!leg.sea || leg.hidden)) {
        return None; // WD-MOVE-6
    }
    if map.pieces[i].is_some_and(|q| q != p) {
        return None; // WD-MOVE-5: only an attack enters
    }
    let owned = map.owns(p, to);
    if !owned && ctx::strength_at(c, &t.seats[p], m, to) == 0 {
        return None; // WD-MOVE-3, WD-STR-3, WD-BASE-2
    }
    if leg.hidden && !owned && (t.markers[i].is_some() || c.board.cell(to).war) {
        return None;
    }
    Some(to)
}

/// WD-MOVE-9: from the sea space `at`, can a unit that must end on land still reach land in
/// `left` steps? (Without allocating: frontiers of at most 64 spaces.)
fn land_in_reach(c: &Content, t: &Table, map: &Map, pm: (Player, Mods), at: Space, left: u8) -> bool {
    let sea = Leg { sea: true, hidden: false };
    let mut seen = [0u64; 4];
    let mark = |seen: &mut [u64; 4], s: Space| {
        let (w, b) = (usize::from(s) / 64, usize::from(s) % 64);
        let new = seen[w] & (1 << b) == 0;
        seen[w] |= 1 << b;
        new
    };
    mark(&mut seen, at);
    let mut frontier: ArrayVec<Space, 64> = ArrayVec::new();
    frontier.push(at);
    for _ in 0..left {
        let mut next: ArrayVec<Space, 64> = ArrayVec::new();
        for &s in &frontier {
            for dir in 0..6 {
                let Some(to) = step_to(c, t, map, pm, s, dir, sea) else { continue };
                if c.board.cell(to).land {
                    return true;
                }
                if mark(&mut seen, to) && !next.is_full() {
                    next.push(to);
                }
            }
        }
        if next.is_empty() {
            return false;
        }
        frontier = next;
    }
    false
}

/// The spaces a hidden move from `from` could end on within `steps` (for determinization,
/// WD-INFO-4), `from` included.
pub fn hidden_reach(c: &Content, t: &Table, map: &Map, pm: (Player, Mods), from: Space, steps: u8) -> Vec<Space> {
    let leg = Leg { sea: false, hidden: true };
    let mut out = vec![from];
    let mut frontier = vec![from];
    for _ in 0..steps {
        let mut next = Vec::new();
        for &s in &frontier {
            for dir in 0..6 {
                if let Some(to) = step_to(c, t, map, pm, s, dir, leg)
                    && !out.contains(&to)
                {
                    out.push(to);
                    next.push(to);
                }
            }
        }
        frontier = next;
    }
    out
}

/// WD-RULING-6: the sea powers of `p` now (the Submarine's units first): how a unit that first goes to sea this move does (1 may end there,
/// 2 must end on land, 0 none left).
fn sea_mode(c: &Content, seat: &Seat) -> u8 {
    let pw = ctx::powers(c, seat);
    if seat.sea_used < pw.sea_end {
        1
    } else if seat.sea_used < pw.sea_end.saturating_add(pw.sea_land) {
        2
    } else {
        0
    }
}

/// The step of unit `i` of the moving player in `dir`, if legal, with the unit's sea mode after it
/// (WD-MOVE-2..9).
#[allow(clippy::too_many_arguments)]
fn unit_step(
    c: &Content,
    t: &Table,
    map: &Map,
    pm: (Player, Mods),
    from: Space,
    dir: usize,
    (mode, left, hidden): (u8, u8, bool),
) -> Option<(Space, u8)> {
    let fresh = sea_mode(c, &t.seats[pm.0]);
    let leg = Leg { sea: mode > 0 || fresh > 0, hidden };
    let to = step_to(c, t, map, pm, from, dir, leg)?;
    if c.board.cell(to).land {
        return Some((to, mode));
    }
    let mode = if mode > 0 { mode } else { fresh };
    if mode == 2 && !land_in_reach(c, t, map, pm, to, left.saturating_sub(1)) {
        return None; // WD-MOVE-9
    }
    Some((to, mode))
}

/// The defence of a space (WD-COMBAT-2): its Units' strength there, or its lone Base's strength.
pub fn defence(c: &Content, seat: &Seat, s: Space) -> u16 {
    let m = ctx::mods(c, seat);
    // A unit on a hidden move cannot be attacked: it does not defend.
    let mut n = 0;
    let units: u16 = seat
        .units_seen()
        .filter(|(_, u)| u.at == s)
        .map(|(_, u)| {
            n += 1;
            u16::from(ctx::strength_at(c, seat, m, u.at))
        })
        .sum();
    if n > 0 { units } else { seat.base_at(s).map_or(0, |b| u16::from(seat.bases[b].strength)) }
}

/// The units of `p` that may join an attack on `s` (WD-COMBAT-1), with their strength there.
pub fn attackers(c: &Content, t: &Table, p: Player, s: Space) -> ArrayVec<(usize, u16), UNITS> {
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

/// The strength of `p`'s units that may join an attack on `s`, together.
pub fn attack_strength(c: &Content, t: &Table, p: Player, s: Space) -> u16 {
    attackers(c, t, p, s).iter().map(|a| a.1).sum()
}

/// WD-COMBAT-3: whether `p`'s units next to `s` are, together, stronger than its defence (an
/// attack is declared only then, and goes on until it is won).
pub fn winnable(c: &Content, t: &Table, p: Player, s: Space) -> bool {
    let map = Map::new(c, t);
    defender(&map, p, s).is_some_and(|q| attack_strength(c, t, p, s) > defence(c, &t.seats[q], s))
}

/// The seat whose pieces stand on `s`, other than `p`.
fn defender(map: &Map, p: Player, s: Space) -> Option<Player> {
    map.pieces[usize::from(s)].filter(|&q| q != p)
}

/// The legal actions of the player moving (WD-DEC-2).
pub fn legal(c: &Content, t: &Table, out: &mut Vec<Action>) {
    match t.stack.top().copied() {
        Some(Step::Move { seat: p, unit, left, sea, hidden }) => {
            let map = Map::new(c, t);
            let s = &t.seats[p];
            let m = ctx::mods(c, s);
            let allowance = ctx::movement(t, s, m);
            // WD-MOVE-9: a unit that must end on land moves on alone while it is at sea.
            let stuck = sea == 2 && s.units.get(usize::from(unit)).is_some_and(|u| !c.board.cell(u.at).land);
            for (i, u) in s.units.iter().enumerate() {
                let this = i == usize::from(unit);
                let (steps, mode, hid) = if this {
                    (left, sea, hidden)
                } else if s.moved & (1 << i) == 0 && !stuck {
                    (allowance, 0, false)
                } else {
                    (0, 0, false)
                };
                if !u.on_board() || u.war > 0 || steps == 0 {
                    continue;
                }
                for dir in 0..6 {
                    if unit_step(c, t, &map, (p, m), u.at, dir, (mode, steps, hid)).is_some() {
                        out.push(Action::Step { unit: i as u8, dir: dir as u8 });
                    }
                }
            }
            if stuck {
                return;
            }
            // The hidden move: one unit a round, on land, that has not moved yet.
            if ctx::powers(c, s).hidden && !s.hidden_used {
                for (i, u) in s.units.iter().enumerate() {
                    let free = u.on_board() && u.war == 0 && s.moved & (1 << i) == 0 && allowance > 0;
                    let leg = Leg { sea: false, hidden: true };
                    if free && (0..6).any(|d| step_to(c, t, &map, (p, m), u.at, d, leg).is_some()) {
                        out.push(Action::Hide(i as u8));
                    }
                }
            }
            // WD-COMBAT-1, WD-COMBAT-3: a space next to a free unit, if all able to join are
            // stronger; no attacks while a rule change forbids them; a sea space only with a move
            // that may end at sea (WD-COMBAT-10).
            if ctx::rule(t, |k| k == RuleKind::NoAttacks) {
                out.push(Action::Done);
                return;
            }
            let sea_attack = sea_mode(c, s) == 1;
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
                        && (c.board.cell(n).land || sea_attack)
                        && attack_strength(c, t, p, n) > defence(c, &t.seats[q], n)
                    {
                        out.push(Action::Space(n));
                    }
                }
            }
            out.push(Action::Done);
        }
        Some(Step::Attack { seat: p, space, committed }) => {
            for (i, _) in attackers(c, t, p, space) {
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
fn offer_marker(c: &Content, t: &mut Table, p: Player, s: Space) {
    let seat = &t.seats[p];
    if s != NO_SPACE
        && c.board.cell(s).land
        && seat.units_at(s) == 0
        && seat.origin.contains(&s)
        && seat.base_at(s).is_none()
        && t.markers[usize::from(s)] != Some(p)
        && t.radioactive[usize::from(s)].is_none()
        && seat.markers > 0
    {
        t.stack.push(Step::Marker { seat: p, space: s });
    }
}

/// Applies a legal action of phase 5; then the units whose move ended take their spaces
/// (WD-OWN-2).
pub fn apply(c: &Content, t: &mut Table, action: Action, events: &mut impl EventSink<Event>) {
    act(c, t, action, events);
    claim(c, t);
    // WD-ELIM-1: a player who left the game in their own move (an attack on a player on vacation
    // cost their last Popularity, WD-CARD-10) moves no more: their steps end, the next one moves.
    while let Some(Step::Move { seat: p, .. } | Step::Attack { seat: p, .. } | Step::Marker { seat: p, .. }) =
        t.stack.top().copied()
        && !t.seats.get(p).is_some_and(|s| s.in_game())
    {
        t.stack.pop();
    }
}

fn act(c: &Content, t: &mut Table, action: Action, events: &mut impl EventSink<Event>) {
    match (t.stack.top().copied(), action) {
        (Some(Step::Move { .. }), Action::Done) => {
            t.stack.pop();
        }
        (Some(Step::Move { seat: p, unit, left, sea, hidden }), Action::Step { unit: u, dir }) => {
            let map = Map::new(c, t);
            let s = &t.seats[p];
            let m = ctx::mods(c, s);
            let this = u == unit;
            let (steps, mode, hid) = if this { (left, sea, hidden) } else { (ctx::movement(t, s, m), 0, false) };
            let from = s.units[usize::from(u)].at;
            let Some((to, mode)) = unit_step(c, t, &map, (p, m), from, usize::from(dir), (mode, steps, hid)) else {
                return;
            };
            if mode != (if this { sea } else { 0 }) {
                t.seats[p].sea_used = t.seats[p].sea_used.saturating_add(1); // the unit's first sea step this move
            }
            let owned = map.owns(p, to);
            let mut left = steps.saturating_sub(1);
            let seat_mut = &mut t.seats[p];
            seat_mut.moved |= 1 << u;
            seat_mut.units[usize::from(u)].at = to;
            if hid {
                // Only its player sees where a hidden unit goes.
                events.emit(Visibility::only(p), Event::Moved { player: p, from, to });
            } else {
                events.emit(Visibility::PUBLIC, Event::Moved { player: p, from, to });
            }
            let marked = t.markers[usize::from(to)];
            let war = c.board.cell(to).war && !owned;
            if marked.is_some_and(|m| m != p) {
                // WD-MOVE-4, WD-MOVE-8: the marker goes home; the unit stops.
                ctx::unmark(t, to);
                left = 0;
                if !war {
                    events.emit(Visibility::PUBLIC, Event::Conquered { player: p, space: to });
                }
            }
            if war {
                // WD-MOVE-7: at war until the end of the next round's phase 5.
                t.seats[p].units[usize::from(u)].war = 2;
                left = 0;
                events.emit(Visibility::PUBLIC, Event::AtWar { player: p, space: to });
            }
            t.stack.replace_top(Step::Move { seat: p, unit: u, left, sea: mode, hidden: hid });
            // A hidden unit's later steps leave no trace (only where it began may get a marker).
            if !hid || t.seats[p].hidden.is_some_and(|(_, o)| o == from) {
                offer_marker(c, t, p, from);
            }
        }
        (Some(Step::Move { seat: p, .. }), Action::Hide(u)) => {
            let s = &t.seats[p];
            let m = ctx::mods(c, s);
            let from = s.units[usize::from(u)].at;
            let left = ctx::movement(t, s, m);
            let seat_mut = &mut t.seats[p];
            seat_mut.hidden = Some((u, from));
            seat_mut.hidden_used = true;
            seat_mut.moved |= 1 << u;
            events.emit(Visibility::PUBLIC, Event::HiddenMove { player: p, from });
            t.stack.replace_top(Step::Move { seat: p, unit: u, left, sea: 0, hidden: true });
        }
        (Some(Step::Move { seat: p, .. }), Action::Space(s)) => {
            t.stack.replace_top(Step::Move { seat: p, unit: NOBODY, left: 0, sea: 0, hidden: false });
            let map = Map::new(c, t);
            if let Some(q) = defender(&map, p, s) {
                events.emit(
                    Visibility::PUBLIC,
                    Event::Attack { player: p, space: s, victim: q, defence: defence(c, &t.seats[q], s) },
                );
                t.stack.push(Step::Attack { seat: p, space: s, committed: 0 });
            }
        }
        (Some(Step::Attack { seat: p, space, committed }), Action::Commit(u)) => {
            commit(c, t, p, space, committed, u, events)
        }
        (Some(Step::Marker { seat: p, space }), Action::Marker(yes)) => {
            t.stack.pop();
            if yes && t.seats[p].markers > 0 && t.markers[usize::from(space)].is_none() {
                ctx::leave_marker(t, p, space, events);
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
    p: Player,
    space: Space,
    committed: u8,
    u: u8,
    events: &mut impl EventSink<Event>,
) {
    let map = Map::new(c, t);
    let Some(q) = defender(&map, p, space) else {
        t.stack.pop();
        return;
    };
    let committed = committed | (1 << u);
    let strength = attackers(c, t, p, space);
    let total: u16 = strength.iter().filter(|(i, _)| committed & (1 << i) != 0).map(|a| a.1).sum();
    let def = defence(c, &t.seats[q], space);
    events.emit(Visibility::PUBLIC, Event::Committed { player: p, space, total, defence: def });
    if total <= def {
        t.stack.replace_top(Step::Attack { seat: p, space, committed });
        return;
    }
    t.stack.pop();
    let mut left: ArrayVec<Space, UNITS> = ArrayVec::new();
    for i in 0..UNITS {
        if committed & (1 << i) != 0 && i != usize::from(u) {
            let at = t.seats[p].units[i].at;
            t.seats[p].units[i] = Unit::SUPPLY;
            events.emit(Visibility::PUBLIC, Event::UnitLost { player: p, space: at });
            left.push(at);
        }
    }
    // A unit on a hidden move is not there to be attacked (it is revealed later, WD-RULING-7).
    let hidden = t.seats[q].hidden.map_or(usize::MAX, |(h, _)| usize::from(h));
    for slot in 0..UNITS {
        if t.seats[q].units[slot].at == space && slot != hidden {
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
    if !c.board.cell(space).land {
        t.seats[p].sea_used = t.seats[p].sea_used.saturating_add(1); // WD-COMBAT-10: a Submarine's sea move
    }
    // The attack was the unit's move for the round (WD-COMBAT-1, WD-COMBAT-5).
    t.seats[p].moved |= 1 << u;
    events.emit(Visibility::PUBLIC, Event::Won { player: p, space, lost: (committed.count_ones() - 1) as u8 });
    ctx::attacked(c, t, p, q, events);
    ctx::check_neutralized(c, t, q, events);
    for (i, &s) in left.iter().enumerate() {
        if !left[..i].contains(&s) {
            offer_marker(c, t, p, s);
        }
    }
}
