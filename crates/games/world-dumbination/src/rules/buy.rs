//! Phase 6 (WD-BUY, WD-BASE-2): Bases are built and upgraded first, then Units bought; a player
//! with no Base must build one when they can.

use worlds_engine::{EventSink, Player, Visibility};

use crate::action::Action;
use crate::board::{NO_SPACE, Space};
use crate::content::Content;
use crate::ctx::{self, Map};
use crate::effects::buildable;
use crate::event::Event;
use crate::state::{Step, Table};

/// WD-BASE-2: a player without a Base who could build one must, before finishing the phase.
pub fn must_build(c: &Content, t: &Table, map: &Map, p: Player) -> bool {
    let seat = &t.seats[p];
    !seat.bases.iter().any(|b| b.on_board()) && seat.resources >= 4 && buildable(c, t, map, p).next().is_some()
}

/// `move_base` (WD-RULING-8): at the start of `p`'s phase 6, if a project lets them move a Base and one could
/// move, they are asked first (once a round: phase 6 comes once).
pub fn offer_move_base(c: &Content, t: &mut Table, p: Player) {
    let range = ctx::powers(c, &t.seats[p]).move_base;
    if range == 0 {
        return;
    }
    let map = Map::new(c, t);
    let movable = t.seats[p].bases_on_board().any(|(_, b)| destinations(c, t, &map, p, b.at, range).next().is_some());
    if movable {
        t.stack.push(Step::MoveBase { seat: p, from: NO_SPACE, range });
    }
}

/// Where `p`'s Base on `from` may move: land within `range` that `p` owns, with a standing unit of
/// theirs and no Base, not radioactive (as WD-BUY-2).
fn destinations<'a>(
    c: &'a Content,
    t: &'a Table,
    map: &'a Map,
    p: Player,
    from: Space,
    range: u8,
) -> impl Iterator<Item = Space> + 'a {
    buildable(c, t, map, p).filter(move |&s| s != from && c.board.distance(from, s) <= range)
}

/// The legal actions of the player buying.
pub fn legal(c: &Content, t: &Table, out: &mut Vec<Action>) {
    if let Some(Step::MoveBase { seat: p, from, range }) = t.stack.top().copied() {
        let map = Map::new(c, t);
        if from == NO_SPACE {
            for (_, b) in t.seats[p].bases_on_board() {
                if destinations(c, t, &map, p, b.at, range).next().is_some() {
                    out.push(Action::Space(b.at));
                }
            }
            out.push(Action::Nothing);
        } else {
            out.extend(destinations(c, t, &map, p, from, range).map(Action::Space));
        }
        return;
    }
    let Some(Step::Buy { seat: p, units }) = t.stack.top().copied() else { return };
    let s = &t.seats[p];
    let map = Map::new(c, t);
    if !units {
        // WD-BUY-2: a new 4-Base.
        if s.resources >= 4 && s.bases.iter().any(|b| !b.on_board()) {
            out.extend(buildable(c, t, &map, p).map(Action::Space));
        }
        // WD-BUY-3: +2, paying the new strength, once a round per Base.
        for (_, b) in s.bases_on_board() {
            if b.strength < 10 && !b.changed && s.resources >= u16::from(b.strength + 2) {
                out.push(Action::Space(b.at));
            }
        }
    }
    // WD-BUY-4: a Unit on a Base, for the Base's strength.
    if s.units.iter().any(|u| !u.on_board()) {
        for (_, b) in s.bases_on_board() {
            if s.resources >= u16::from(b.strength) {
                out.push(Action::Recruit(b.at));
            }
        }
    }
    if !must_build(c, t, &map, p) {
        out.push(Action::Done);
    }
}

/// Applies a legal action of phase 6.
pub fn apply(t: &mut Table, action: Action, events: &mut impl EventSink<Event>) {
    if let Some(Step::MoveBase { seat: p, from, range }) = t.stack.top().copied() {
        match action {
            Action::Space(s) if from == NO_SPACE => {
                t.stack.replace_top(Step::MoveBase { seat: p, from: s, range });
            }
            Action::Space(to) => {
                t.stack.pop();
                if let Some(b) = t.seats[p].base_at(from) {
                    t.seats[p].bases[b].at = to;
                    ctx::unmark_own(t, p, to);
                    events.emit(Visibility::PUBLIC, Event::BaseMoved { player: p, from, to });
                }
            }
            _ => {
                t.stack.pop();
            }
        }
        return;
    }
    let Some(Step::Buy { seat: p, .. }) = t.stack.top().copied() else { return };
    match action {
        Action::Done => {
            t.stack.pop();
        }
        Action::Space(s) => match t.seats[p].base_at(s) {
            Some(b) => {
                let to = t.seats[p].bases[b].strength + 2;
                ctx::pay(t, p, u16::from(to));
                let base = &mut t.seats[p].bases[b];
                base.strength = to;
                base.changed = true;
                events.emit(Visibility::PUBLIC, Event::BaseUpgraded { player: p, space: s, to, paid: u16::from(to) });
            }
            None => ctx::build_base(t, p, s, 4, events),
        },
        Action::Recruit(s) => {
            let Some(b) = t.seats[p].base_at(s) else { return };
            ctx::add_unit(t, p, s, u16::from(t.seats[p].bases[b].strength), events);
            t.stack.replace_top(Step::Buy { seat: p, units: true });
        }
        _ => {}
    }
}
