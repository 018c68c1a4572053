//! The Events phase (BI-EVENT-1..3, BI-CRISIS-3) and the War phase (BI-WAR-1..5): the starting
//! player reveals an event and orders the wars; each war's die, the war window for war cards
//! (BI-CARD-2), and the war table's result (BI-WARTAB-1, BI-WARTAB-2, BI-INTERV-1, BI-CRISIS-1,
//! BI-CRISIS-2).

use worlds_engine::program::{Cursor, Run};
use worlds_engine::{Chance, EventSink, Player, Visibility};

use crate::action::Action;
use crate::content::Content;
use crate::ctx;
use crate::effects::{self, For};
use crate::event::Event;
use crate::state::{Ending, Step, Table, Target, WarRoll, Window};

/// BI-CRISIS-3, BI-EVENT-1, BI-EVENT-3: markers leave, and the starting player reveals an event (the
/// used ones shuffled into a new deck first when the deck is empty).
pub fn reveal(t: &mut Table, rng: &mut impl Chance, events: &mut impl EventSink<Event>) -> u8 {
    if t.disaster | t.famine != 0 {
        t.disaster = 0;
        t.famine = 0;
        events.emit(Visibility::PUBLIC, Event::MarkersCleared);
    }
    if t.events.is_empty() {
        t.events = std::mem::take(&mut t.used);
        events.emit(Visibility::PUBLIC, Event::Reshuffled { events: true });
    }
    let e = t.events.draw(rng).unwrap_or(0);
    t.used.insert(e);
    t.last_event = Some(e);
    events.emit(Visibility::PUBLIC, Event::Event { event: e });
    e
}

/// Runs the revealed event from `cursor` (with the starting player's answer to its choice, if
/// any); returns whether it is finished.
pub fn run_event(
    c: &Content,
    t: &mut Table,
    event: u8,
    cursor: &mut Cursor,
    answer: Option<Action>,
    rng: &mut impl Chance,
    events: &mut impl EventSink<Event>,
) -> bool {
    let who = For { seat: t.start, target: Target::None, card: None };
    let program = &c.event_programs[usize::from(event)];
    effects::resume(c, t, program, cursor, who, &mut None, answer, rng, events) == Run::Finished
}

/// The regions still to resolve this War phase.
pub fn pending(t: &Table, done: u8) -> u8 {
    t.war & !done
}

/// BI-WAR-2: the die is rolled for a region and its war window opens.
pub fn open(t: &mut Table, region: u8, rng: &mut impl Chance, events: &mut impl EventSink<Event>) {
    let die = rng.roll_die(6) as u8;
    events.emit(Visibility::PUBLIC, Event::WarRoll { region, die });
    t.stack.push(Step::Window(Window { region, die, modifier: 0, asked: 0, card: None }));
}

/// BI-CARD-2, BI-RULING-5: the player the window asks now, if any: clockwise from the starting player, each
/// once, skipping those with no cards; nobody when every war card is in the discard pile.
pub fn asked(c: &Content, t: &Table, w: &Window) -> Option<Player> {
    if w.card.is_some() {
        return Some(ctx::after(t, t.start, usize::from(w.asked)));
    }
    if t.discard & c.war_cards == c.war_cards {
        return None;
    }
    (usize::from(w.asked)..t.players()).map(|k| ctx::after(t, t.start, k)).find(|&q| !t.seats[q].hand.is_empty())
}

/// The legal actions of the player the window asks.
pub fn window_legal(c: &Content, t: &Table, w: &Window, p: Player, out: &mut impl FnMut(Action)) {
    if let Some((k, cursor)) = w.card {
        let program = &c.programs[usize::from(c.cards.kind_of(k))];
        effects::choices(c, t, program, &cursor, out);
        return;
    }
    for k in ctx::one_of_each(c, t.seats[p].hand & c.war_cards) {
        out(Action::Card(k));
    }
    out(Action::Pass);
}

/// Applies the asked player's decision: a war card played (its effect on this war) or declined.
pub fn window_apply(
    c: &Content,
    t: &mut Table,
    p: Player,
    action: Action,
    rng: &mut impl Chance,
    events: &mut impl EventSink<Event>,
) {
    let Some(Step::Window(mut w)) = t.stack.top().copied() else { return };
    // The asked player's place clockwise from the starting player.
    let place = (p.index() + t.players() - t.start.index()) % t.players();
    let (card, mut cursor, answer) = match (w.card, action) {
        (Some((k, cursor)), a) => (k, cursor, Some(a)),
        (None, Action::Card(k)) => {
            t.seats[p].hand.remove(k);
            t.discard.insert(k);
            events.emit(Visibility::PUBLIC, Event::WarCard { player: p, card: k });
            (k, Cursor::default(), None)
        }
        _ => {
            w.asked = place as u8 + 1;
            t.stack.replace_top(Step::Window(w));
            return;
        }
    };
    let program = &c.programs[usize::from(c.cards.kind_of(card))];
    let who = For { seat: p, target: Target::None, card: Some(card) };
    let mut war = Some(w);
    let run = effects::resume(c, t, program, &mut cursor, who, &mut war, answer, rng, events);
    let mut w = war.unwrap_or(w);
    if run == Run::Waiting {
        w.asked = place as u8;
        w.card = Some((card, cursor));
    } else {
        w.card = None;
        w.asked = place as u8 + 1;
    }
    t.stack.replace_top(Step::Window(w));
}

/// The war table's result for the window's region (BI-WAR-3..5, BI-WARTAB-1, BI-WARTAB-2).
pub fn result(c: &Content, t: &mut Table, w: Window, events: &mut impl EventSink<Event>) {
    let r = w.region;
    let stuff = t.stuff[usize::from(r)];
    let total = i32::from(w.die) + i32::from(stuff) + i32::from(w.modifier);
    let row_no = c.board.war_row(total);
    let row = &c.board.war[row_no];
    let roll = WarRoll { region: r, die: w.die, total: total.clamp(-99, 99) as i8, row: row_no as u8 };
    t.last_war = Some(roll);
    let (die, modifier, total) = (w.die, w.modifier, roll.total);
    events.emit(Visibility::PUBLIC, Event::WarResult { region: r, die, stuff, modifier, total, row: roll.row });
    if row.apocalypse {
        // BI-WAR-4.
        events.emit(Visibility::PUBLIC, Event::Apocalypse);
        t.over = Some(Ending::Apocalypse);
        t.stack.clear();
        events.emit(Visibility::PUBLIC, Event::GameOver { ending: Ending::Apocalypse });
        return;
    }
    let loss = -(row.stuff.min(6) as i8);
    ctx::stuff(t, r, loss, events);
    if r == c.board.rogue {
        // BI-WAR-3, BI-WARTAB-2: the One $uperpower loses the row's own Stuff loss.
        ctx::stuff(t, c.board.superpower, loss, events);
    }
    if row.intervention {
        // BI-INTERV-1, BI-RULING-8: the One $uperpower's troops use up 1 of its Stuff; the peacekeepers freeze
        // every VP's black money in the region.
        events.emit(Visibility::PUBLIC, Event::Intervention { region: r });
        ctx::stuff(t, c.board.superpower, -1, events);
        for q in Player::all(t.players()) {
            for i in 0..crate::state::VPS {
                if t.seats[q].vps[i].at == crate::state::Spot::Region(r) {
                    ctx::set_black(t, q, i, 0, events);
                }
            }
        }
    }
    if row.famine {
        effects::famine(t, r, events);
    }
    if row.disaster {
        effects::disaster(c, t, r, events);
    }
    // BI-WAR-5: a 1 or a 6 on the die ends the war, after its result.
    if (w.die == 1 || w.die == 6) && t.at_war(r) {
        t.war &= !(1 << r);
        events.emit(Visibility::PUBLIC, Event::WarEnds { region: r });
    }
}
