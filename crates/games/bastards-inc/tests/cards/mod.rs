//! A test per card design and per event ("Every card's behaviour is covered by a test"): each sets
//! up an exact position, acts by the text notation and asserts the exact change of state, the
//! exact event texts and the card's legality limits. Business Opportunities (BI-BO-1, BI-BO-2,
//! BI-JV-1, BI-DEAL-5) in `opportunities`, business-timing Action cards (BI-ACT-1, BI-CARD-3,
//! BI-CARD-4) in `actions`, war cards in the war window (BI-CARD-2) in `war_cards`, journalism
//! against illegal cards (BI-JOURN-1..4) in `journalism`, the 18 events (BI-EVENT-1..3) in
//! `events`.

mod actions;
mod events;
mod journalism;
mod opportunities;
mod war_cards;

use worlds_bastards_inc::{Action, BastardsInc, State, Step, Table, Window};
use worlds_engine::flow::Stack;
use worlds_engine::{Game, ScriptedValue};

use crate::common::{CardSet, act_with, legal, load, script};

/// The cards `player` may play or use now (the card entries of his legal list).
pub fn offered(g: &BastardsInc, s: &State, player: usize) -> Vec<String> {
    legal(g, s, player).into_iter().filter(|a| matches!(g.parse_action(a), Ok(Action::Card(_)))).collect()
}

/// Whether the card `id` is among the cards `player` may play or use now.
pub fn offers(g: &BastardsInc, s: &State, player: usize, id: &str) -> bool {
    offered(g, s, player).iter().any(|a| a == id)
}

/// Asserts that the position `after` differs from `before` by exactly `edit`, the pending steps
/// aside (the turns and legal lists check those).
#[track_caller]
pub fn changed(before: &Table, after: &State, edit: impl FnOnce(&mut Table)) {
    let mut want = before.clone();
    edit(&mut want);
    want.stack = after.table().stack.clone();
    assert_eq!(after.table(), &want, "the exact change of state");
}

/// Asserts that a reveal of the event `id` from `before` (see [`reveal`]) changed exactly `edit`
/// besides what every reveal changes: the starting player's VP 1 placed in the VIP Lounge, the
/// Event deck used up and `id` the last event.
#[track_caller]
pub fn changed_by_event(g: &BastardsInc, before: &Table, after: &State, id: &str, edit: impl FnOnce(&mut Table)) {
    let e = g.content().cards.event_by_id(id).unwrap_or_else(|| panic!("no event {id}"));
    changed(before, after, |w| {
        w.events = CardSet::EMPTY;
        w.used = CardSet::first_n(g.content().cards.events.len());
        w.last_event = Some(e);
        w.seats[w.start].vps[0] = worlds_bastards_inc::Vp::LOUNGE;
        edit(w);
    });
}

/// The War phase with the war window of `region` open on a roll of `die`, nobody asked yet; the
/// region has its war counter.
pub fn war_window(t: &mut Table, region: u8, die: u8) {
    t.war |= 1 << region;
    t.stack = Stack::with(Step::War { done: 0 });
    t.stack.push(Step::Window(Window { region, die, modifier: 0, asked: 0, card: None }));
}

/// Plays the Events phase with the event `id` revealed: the position is put at the last placement
/// decision of the Place VPs phase (the starting player, last in the order of BI-PLACE-2, places
/// his last lifted VP, VP 1, in the VIP Lounge), with `id` the only card left in the Event deck
/// (the deck is drawn with a pick among its cards); `then` scripts the random values after the
/// reveal (war dice). Returns the state and the events of that placement on.
pub fn reveal(g: &BastardsInc, t: &Table, id: &str, then: &[ScriptedValue]) -> (State, Vec<String>) {
    let mut t = t.clone();
    let e = g.content().cards.event_by_id(id).unwrap_or_else(|| panic!("no event {id}"));
    t.events = CardSet::from_ids([e]);
    t.used = CardSet::first_n(g.content().cards.events.len()) - t.events;
    let start = t.start;
    t.seats[start].vps[0] = worlds_bastards_inc::Vp { at: worlds_bastards_inc::Spot::Lifted, entry: None, black: 0 };
    t.stack = Stack::with(Step::Place { turn: (2 * t.seats.len() - 1) as u8 });
    let mut s = load(g, &t);
    let mut values = vec![ScriptedValue::Pick(0)];
    values.extend_from_slice(then);
    let log = act_with(g, &mut s, start.index(), "place lounge", &mut script(&values));
    (s, log)
}
