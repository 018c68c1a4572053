//! The Place VPs phase (BI-PLACE-1..7): hidden simultaneous lifts, then placement in snake order
//! with Battles of Goodwill (BI-BATTLE-1..6) and the Peace Nobel Prize's benefits (BI-NOBEL-1..5).

use worlds_engine::{EventSink, Player, PlayerSet, Visibility};

use crate::action::Action;
use crate::attr::{Attr, Entry};
use crate::board::MAX_GOODWILL;
use crate::business::{buy_effort, effort_options};
use crate::content::Content;
use crate::ctx;
use crate::event::Event;
use crate::state::{Battle, Choice, Dest, Spot, Stage, Step, Table, Vp};

/// BI-PLACE-1: the VPs `p` may still lift (`ctx::may_lift`), each once.
pub fn lift_legal(t: &Table, p: Player, out: &mut impl FnMut(Action)) {
    let lifting = t.choice(p).lift;
    for i in (0..crate::state::VPS).filter(|&i| lifting & (1 << i) == 0 && ctx::may_lift(t, p, i)) {
        out(Action::Lift(i as u8));
    }
    out(Action::Done);
}

pub fn lift_apply(t: &mut Table, p: Player, action: Action, events: &mut impl EventSink<Event>) {
    if let (Some(s), Action::Lift(i)) = (t.choices.draft_mut(p), action) {
        s.lift |= 1 << i;
        events.emit(Visibility::only(p), Event::LiftChosen { player: p, vp: i });
    }
}

/// The lifts are revealed: the chosen VPs leave their regions and squares (their black money
/// back to the bank, BI-BLACK-2) and every VP in the VIP Lounge is lifted too.
pub fn reveal_lifts(t: &mut Table, events: &mut impl EventSink<Event>) {
    for p in t.start.clockwise_from(t.players()) {
        let lift = t.choices.take(p).unwrap_or_default().lift;
        for i in 0..crate::state::VPS {
            let v = t.seats[p].vps[i];
            if lift & (1 << i) != 0 {
                events.emit(Visibility::PUBLIC, Event::Lifted { player: p, vp: i as u8, from: v.at, black: v.black });
            }
            if lift & (1 << i) != 0 || v.at == Spot::Lounge {
                t.seats[p].vps[i] = Vp { at: Spot::Lifted, entry: None, black: 0 };
            }
        }
    }
}

/// BI-PLACE-2: who places at the `turn`-th turn, and whether he places all his lifted VPs (the
/// second half, counter-clockwise from the player to the starting player's right).
pub fn placer(t: &Table, turn: u8) -> (Player, bool) {
    let n = t.players();
    let k = usize::from(turn);
    if k < n { (ctx::after(t, t.start, k), false) } else { (ctx::after(t, t.start, n - 1 - (k - n) % n), true) }
}

/// The legal placements of `p` (BI-PLACE-3..7, BI-NOBEL-2, BI-NOBEL-5), and the extra effort he may
/// buy first (BI-EFFORT-1).
pub fn legal(c: &Content, t: &Table, p: Player, out: &mut impl FnMut(Action)) {
    // BI-RULING-10: a placement never counts Technology.
    effort_options(c, t, p, &[Attr::Corruption, Attr::Crime, Attr::Media], out);
    let seat = &t.seats[p];
    out(Action::Place(Dest::Lounge));
    let prize = t.holds_prize(p);
    for (r, region) in c.board.regions.iter().enumerate() {
        let r = r as u8;
        if prize {
            out(Action::Place(Dest::Region { region: r, by: Entry::Prize }));
            continue;
        }
        if t.at_war(r) {
            continue;
        }
        for by in [Entry::Corruption, Entry::Crime] {
            let a = by.attr().unwrap_or(Attr::Corruption);
            if seat.value(a) >= region.minimum(a) {
                out(Action::Place(Dest::Region { region: r, by }));
            }
        }
    }
    for (q, square) in c.board.squares.iter().enumerate() {
        if seat.value(Attr::Media) >= square.media {
            out(Action::Place(Dest::Square(q as u8)));
        }
    }
}

/// Applies a placement decision: a bonus bought, or a VP placed (possibly starting a battle).
pub fn apply(c: &Content, t: &mut Table, p: Player, action: Action, events: &mut impl EventSink<Event>) {
    match action {
        Action::Effort { attr, level } => buy_effort(c, t, p, attr, level, events),
        Action::Place(dest) => {
            if let Some(Step::Place { turn }) = t.stack.top_mut()
                && usize::from(*turn) < t.seats.len()
            {
                *turn += 1;
            }
            // The bonus was for this placement (BI-EFFORT-1).
            t.seats[p].bonus = [0; 4];
            let occupants = match dest {
                Dest::Lounge | Dest::Region { by: Entry::Prize, .. } => PlayerSet::EMPTY,
                _ => t.others_at(p, dest.spot()),
            };
            if occupants.is_empty() {
                enter(t, p, dest, events);
                return;
            }
            // BI-BATTLE-1: the occupants decide, hidden and at once (BI-BATTLE-2).
            events.emit(Visibility::PUBLIC, Event::Battle { player: p, dest, occupants });
            t.open_choices(occupants);
            t.stack.push(Step::Battle(Battle { seat: p, dest, occupants, revealed: None }));
        }
        _ => {}
    }
}

/// A lifted VP of `p` enters its destination (BI-RULING-2: any of his lifted VPs).
fn enter(t: &mut Table, p: Player, dest: Dest, events: &mut impl EventSink<Event>) {
    let Some(i) = t.seats[p].first_at(Spot::Lifted) else { return };
    let entry = match dest {
        Dest::Region { by, .. } => Some(by),
        _ => None,
    };
    t.seats[p].vps[i] = Vp { at: dest.spot(), entry, black: 0 };
    events.emit(Visibility::PUBLIC, Event::Placed { player: p, vp: i as u8, dest });
}

/// The legal actions in a battle: an occupant lets the newcomer in or resists with Goodwill
/// (BI-BATTLE-2); the newcomer outbids the resisters or gives way (BI-BATTLE-3).
pub fn battle_legal(t: &Table, b: &Battle, p: Player, out: &mut impl FnMut(Action)) {
    match b.revealed {
        None => {
            out(Action::LetIn);
            // BI-BATTLE-2: "an amount (even 0) of Goodwill": every whole amount he holds.
            for n in 0..=t.seats[p].goodwill.min(MAX_GOODWILL) {
                out(Action::Resist(n as u8));
            }
        }
        Some((_, total)) => {
            if t.seats[p].goodwill > total {
                out(Action::Outbid);
            }
            out(Action::Withdraw);
        }
    }
}

/// BI-BATTLE-3: what outbidding the resisters costs: one Goodwill more than all of them together.
pub fn outbid_price(b: &Battle) -> u32 {
    b.revealed.unwrap_or_default().1.saturating_add(1)
}

/// The occupants still choosing.
pub fn choosing(t: &Table, b: &Battle) -> PlayerSet {
    b.occupants.iter().filter(|&q| t.stage(q) == Stage::Choosing).collect()
}

pub fn battle_apply(t: &mut Table, p: Player, action: Action, events: &mut impl EventSink<Event>) {
    let Some(Step::Battle(b)) = t.stack.top().copied() else { return };
    let spot = b.dest.spot();
    match action {
        Action::LetIn | Action::Resist(_) => {
            let resist = match action {
                Action::Resist(n) => Some(u32::from(n)),
                _ => None,
            };
            t.choices.commit(p, Choice { resist, ..Choice::default() });
            events.emit(Visibility::only(p), Event::ResistChosen { player: p, amount: resist });
            events.emit(Visibility::PUBLIC, Event::Chose { player: p });
        }
        Action::Outbid => {
            // BI-BATTLE-4, BI-NOBEL-4: every resister's VPs on that space go to the VIP Lounge.
            let resisters = b.revealed.unwrap_or_default().0;
            let price = outbid_price(&b);
            ctx::pay(t, p, price, price, events);
            events.emit(Visibility::PUBLIC, Event::Outbid { player: p, paid: price });
            for q in resisters.iter() {
                while let Some(i) = t.seats[q].first_at(spot) {
                    ctx::to_lounge(t, q, i, events);
                }
            }
            t.stack.pop();
            enter(t, p, b.dest, events);
        }
        Action::Withdraw => {
            // BI-BATTLE-5: his VP and all his VPs already there go to the VIP Lounge.
            events.emit(Visibility::PUBLIC, Event::Withdrew { player: p });
            if let Some(i) = t.seats[p].first_at(Spot::Lifted) {
                t.seats[p].vps[i] = Vp::LOUNGE;
            }
            while let Some(i) = t.seats[p].first_at(spot) {
                ctx::to_lounge(t, p, i, events);
            }
            t.stack.pop();
        }
        _ => {}
    }
}

/// Every occupant has chosen: the choices are revealed and the resisters pay (BI-BATTLE-2); with no
/// resister the newcomer enters (BI-BATTLE-3), otherwise he must decide.
pub fn reveal_battle(t: &mut Table, events: &mut impl EventSink<Event>) {
    let Some(Step::Battle(mut b)) = t.stack.top().copied() else { return };
    let mut resisters = PlayerSet::EMPTY;
    let mut total = 0u32;
    for k in 1..t.players() {
        let q = ctx::after(t, b.seat, k);
        if !b.occupants.contains(q) {
            continue;
        }
        match t.choices.take(q).and_then(|c| c.resist) {
            Some(n) => {
                events.emit(Visibility::PUBLIC, Event::Resisted { player: q, amount: n });
                ctx::pay(t, q, n, n, events);
                resisters.insert(q);
                total = total.saturating_add(n);
            }
            None => events.emit(Visibility::PUBLIC, Event::LetIn { player: q }),
        }
    }
    if resisters.is_empty() {
        t.stack.pop();
        enter(t, b.seat, b.dest, events);
    } else {
        b.revealed = Some((resisters, total));
        t.stack.replace_top(Step::Battle(b));
    }
}
