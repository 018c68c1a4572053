//! Helpers for World Dumbination tests: seeded games and positions built by editing a [`Table`];
//! playing by text, the event texts, the legal list, refusals and loading (through the same JSON
//! checks as any saved game) are the engine's `worlds_engine::testing`.
#![allow(dead_code)]

use worlds_engine::flow::Stack;
pub use worlds_engine::testing::{legal, load, play, refused, seat as p, told};
use worlds_engine::{Config, Game, Player, PlayerSet, SeededRng};
use worlds_world_dumbination::board::{SPACES, Space, space};
pub use worlds_world_dumbination::space_name;
use worlds_world_dumbination::{
    Base, CardNo, CardSet, Deck, NOBODY, Phase, Placing, State, Step, Table, Unit, WorldDumbination,
};

pub fn game(players: usize) -> WorldDumbination {
    WorldDumbination::new(&Config::players(players)).unwrap()
}

pub fn game_with(config: &Config) -> WorldDumbination {
    WorldDumbination::new(config).unwrap()
}

/// A new game from a seed.
pub fn start(g: &WorldDumbination, seed: u64) -> State {
    g.new_game(&mut SeededRng::new(seed)).0
}

/// The space at a column and row.
pub fn at(col: usize, row: usize) -> Space {
    space(col, row)
}

/// A space by its notation (`E12`).
pub fn sp(name: &str) -> Space {
    worlds_world_dumbination::parse_space(name).unwrap_or_else(|| panic!("no space {name}"))
}

/// The position as plain data, to edit.
pub fn table(g: &WorldDumbination, s: &State) -> Table {
    g.to_setup(s)
}

/// Every piece and marker off the board.
pub fn clear_board(t: &mut Table) {
    for seat in t.seats.values_mut() {
        seat.units = [Unit::SUPPLY; 6];
        seat.bases = [Base::SUPPLY; 8];
        seat.radioactive.clear();
        seat.markers = 14;
    }
    t.markers = [None; SPACES];
    t.radioactive = [None; SPACES];
}

pub fn put_base(t: &mut Table, p: Player, s: Space, strength: u8) {
    let slot = t.seats[p].bases.iter().position(|b| !b.on_board()).unwrap();
    t.seats[p].bases[slot] = Base { at: s, strength, changed: false };
    take_home(t, p, s);
}

pub fn put_units(t: &mut Table, p: Player, s: Space, n: usize) {
    for _ in 0..n {
        let slot = t.seats[p].units.iter().position(|u| !u.on_board()).unwrap();
        t.seats[p].units[slot] = Unit { at: s, war: 0 };
    }
    take_home(t, p, s);
}

pub fn put_marker(t: &mut Table, p: Player, s: Space) {
    t.markers[usize::from(s)] = Some(p);
    t.seats[p].markers -= 1;
    take_home(t, p, s);
}

/// WD-OWN-2: a piece of `p` put on another nation's home space took it from that nation.
pub fn take_home(t: &mut Table, p: Player, s: Space) {
    let g = game(2);
    if let Some(home) = g.content().board.cell(s).home
        && t.seat_of(home) != Some(p)
    {
        t.lost.insert(s);
    }
}

/// WD-NUKE-2, WD-OWN-2: a Radioactive token of `p` on `s` (a struck home space is lost).
pub fn put_radioactive(t: &mut Table, p: Player, s: Space) {
    t.radioactive[usize::from(s)] = Some(p);
    t.seats[p].radioactive.push(s);
    if game(2).content().board.cell(s).home.is_some() {
        t.lost.insert(s);
    }
}

/// WD-SETUP-8: past the set-up, every player of the standard game keeps a First Goal (the first of
/// their nation's two, when a test skipped the choice); nobody is placing any more.
pub fn past_setup(t: &mut Table) {
    let g = game(2);
    for seat in t.seats.values_mut() {
        if seat.goal.is_none() && !seat.goal_done {
            seat.goal = Some(g.content().cards.first_goals(seat.nation)[0]);
        }
    }
    t.open_placements(PlayerSet::EMPTY);
}

/// A Dumbness card (`k`, taken out of every pile) counted as drawn from its deck (WD-DRAW-2), a
/// card nobody knows leaving that deck if it is full.
pub fn drawn_dumbness(g: &WorldDumbination, t: &mut Table, k: CardNo) {
    let card = g.content().cards.get(k).unwrap();
    let l = card.back.and_then(Deck::level).unwrap_or(usize::from(t.dumb.drawn[0] >= t.dumb.added[0]));
    let is_dumb = |x: CardNo| g.content().cards.get(x).is_some_and(|c| c.deck == Deck::Dumbness);
    let in_deck = t.decks[l].iter().filter(|&x| is_dumb(x)).count();
    if in_deck + usize::from(t.dumb.drawn[l]) >= usize::from(t.dumb.added[l])
        && let Some(other) = t.decks[l].iter().find(|&x| is_dumb(x) && g.content().cards.get(x).unwrap().back.is_none())
    {
        t.decks[l].remove(other);
    }
    t.dumb.drawn[l] += 1;
}

/// Phase 5 with `p` to move (everyone's units starting where they stand).
pub fn move_turn(t: &mut Table, p: Player) {
    past_setup(t);
    let next = t.order.iter().position(|&q| q == p).unwrap() as u8 + 1;
    t.stack = Stack::with(Step::Phase { phase: Phase::Move, next });
    t.stack.push(Step::Move { seat: p, unit: NOBODY, left: 0, sea: 0, hidden: false });
    for seat in t.seats.values_mut() {
        seat.moved = 0;
        for (o, u) in seat.origin.iter_mut().zip(seat.units) {
            *o = u.at;
        }
    }
}

/// Phase 6 with `p` to buy.
pub fn buy_turn(t: &mut Table, p: Player) {
    past_setup(t);
    let next = t.order.iter().position(|&q| q == p).unwrap() as u8 + 1;
    t.stack = Stack::with(Step::Phase { phase: Phase::Buy, next });
    t.stack.push(Step::Buy { seat: p, units: false });
}

/// `player` plays the action written `text` (chance from seed 7); the events as the log words them.
pub fn act(g: &WorldDumbination, s: &mut State, player: usize, text: &str) -> Vec<String> {
    told(g, &play(g, s, player, text, &mut SeededRng::new(7)))
}

/// Phase 2 with everyone about to place, hands emptied onto the discard piles (give cards with
/// [`give`]).
pub fn to_place(t: &mut Table) {
    past_setup(t);
    t.stack = Stack::with(Step::Phase { phase: Phase::Place, next: 0 });
    t.open_placements(t.in_game());
    for seat in t.seats.values_mut() {
        seat.spaces = [None, None];
        seat.target = None;
        seat.target_turned = false;
        let hand = std::mem::take(&mut seat.hand);
        t.discards[0] = t.discards[0].union(hand);
    }
    fix_levels(t);
}

/// Puts every card of the discard piles on the pile of its own level.
fn fix_levels(t: &mut Table) {
    let g = game(t.seats.len());
    let all = t.discards[0].union(t.discards[1]);
    t.discards = [CardSet::EMPTY; 2];
    for k in all.iter() {
        let level = match g.content().cards.get(k).map(|c| c.deck) {
            Some(Deck::Level2) => 1,
            _ => 0,
        };
        t.discards[level].insert(k);
    }
}

/// Moves a card (by id) from wherever it lies in the decks or discard piles into `p`'s hand.
pub fn give(g: &WorldDumbination, t: &mut Table, p: Player, id: &str) -> CardNo {
    let k = g.content().cards.by_id(id).unwrap_or_else(|| panic!("no card {id}")).number;
    for set in t.decks.iter_mut().chain(t.discards.iter_mut()) {
        set.remove(k);
    }
    for seat in t.seats.values_mut() {
        seat.hand.remove(k);
        seat.projects.remove(k);
    }
    t.seats[p].hand.insert(k);
    k
}

/// Plays a player's placement steps of phase 2 by text, ending with `done`.
pub fn place(g: &WorldDumbination, s: &mut State, player: usize, steps: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for step in steps {
        out.extend(act(g, s, player, step));
    }
    out
}

/// Places one card (by id) on the first card space it may take, then chooses `target` where
/// asked and leaves the rest empty, to `done`.
pub fn place_card(g: &WorldDumbination, s: &mut State, player: usize, id: &str, target: &str) -> Vec<String> {
    let mut out = act(g, s, player, id);
    while s.table().placing(p(player)) != Placing::Finished {
        let options = legal(g, s, player);
        let pick = [target, "nothing", "done"]
            .into_iter()
            .find(|a| options.iter().any(|o| o == a))
            .unwrap_or_else(|| panic!("{target}: {options:?}"));
        out.extend(act(g, s, player, pick));
    }
    out
}

/// Plays every text in order for whoever decides, returning all event texts.
pub fn script(g: &WorldDumbination, s: &mut State, steps: &[(usize, &str)]) -> Vec<String> {
    let mut out = Vec::new();
    for (player, step) in steps {
        out.extend(act(g, s, *player, step));
    }
    out
}

/// The short game (both card spaces open, Level 2 allowed) with seats USA, Russia, North Korea…
pub fn short(players: usize) -> WorldDumbination {
    let nations: Vec<&str> = match players {
        2 => vec!["usa", "russia"],
        3 => vec!["usa", "russia", "north-korea"],
        4 => vec!["usa", "russia", "venezuela", "turkey"],
        _ => vec!["usa", "russia", "north-korea", "venezuela", "turkey"],
    };
    game_with(&Config::players(players).with_variant("short").with_option("nations", serde_json::json!(nations)))
}

/// Phase 2 with the hands given (by card id), after `edit`.
pub fn placing(g: &WorldDumbination, hands: &[(usize, &[&str])], edit: impl FnOnce(&mut Table)) -> State {
    let s = start(g, 1);
    let mut t = table(g, &s);
    to_place(&mut t);
    for (player, cards) in hands {
        for id in *cards {
            give(g, &mut t, p(*player), id);
        }
    }
    edit(&mut t);
    load(g, &t)
}

/// Everyone still placing except `busy` leaves the card spaces empty and takes the first target.
pub fn others_pass(g: &WorldDumbination, s: &mut State, busy: &[usize]) -> Vec<String> {
    let mut events = Vec::new();
    for q in 0..s.table().seats.len() {
        if busy.contains(&q) {
            continue;
        }
        while s.table().placing(p(q)) != Placing::Finished && g.turn(s).players().contains(p(q)) {
            let options = legal(g, s, q);
            let pick = options
                .iter()
                .find(|a| *a == "nothing")
                .or_else(|| options.iter().find(|a| a.starts_with("target")))
                .unwrap_or(&options[0])
                .clone();
            events.extend(act(g, s, q, &pick));
        }
    }
    events
}

/// Plays passes (or each decision's first action) until `done` holds; the events as text.
pub fn play_until(g: &WorldDumbination, s: &mut State, done: impl Fn(&State) -> bool) -> Vec<String> {
    let mut rng = SeededRng::new(5);
    let mut events = Vec::new();
    for _ in 0..5000 {
        if done(s) {
            return events;
        }
        let who = g.turn(s).players().iter().next().unwrap();
        let legal = g.legal_actions(s, who);
        let a = legal.iter().copied().find(|a| g.is_pass(*a)).unwrap_or(legal[0]);
        events.extend(told(g, &g.apply(s, who, a, &mut rng).unwrap()));
    }
    panic!("the position never came");
}
