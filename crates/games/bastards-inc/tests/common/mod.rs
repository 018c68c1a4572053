//! Helpers for Bastards Inc. tests: seeded games, positions built by editing a [`Table`] and loaded
//! through the same JSON checks as any saved game, actions by their text form, event texts.
#![allow(dead_code)]

pub use worlds_bastards_inc::CardSet;
use worlds_bastards_inc::{Attr, BastardsInc, CardNo, Deal, Entry, Spot, State, Step, Table, Vp};
use worlds_engine::flow::{Round, Stack};
pub use worlds_engine::testing::{legal, load, play, refused, seat as p, told};
use worlds_engine::{Chance, Config, Game, Player, PlayerSet, Scripted, ScriptedValue, SeededRng};

/// A game with the plans in seat order (Greasepalm, Spin & Sons, Gizmotronic, Famiglia, Revolving
/// Door, Skunkworks) and P1 starting.
pub fn game(players: usize) -> BastardsInc {
    let plans = ["greasepalm", "spin-and-sons", "gizmotronic", "famiglia", "revolving-door", "skunkworks"];
    game_with(
        &Config::players(players).with_option("plans", serde_json::json!(plans[..players])).with_option("first", 0),
    )
}

pub fn game_with(config: &Config) -> BastardsInc {
    BastardsInc::new(config).unwrap_or_else(|e| panic!("{e}"))
}

/// A new game from a seed.
pub fn start(g: &BastardsInc, seed: u64) -> State {
    g.new_game(&mut SeededRng::new(seed)).0
}

/// The position as plain data, to edit.
pub fn table(g: &BastardsInc, s: &State) -> Table {
    g.to_setup(s)
}

/// A region by id.
pub fn region(g: &BastardsInc, id: &str) -> u8 {
    g.content().board.region_id(id).unwrap_or_else(|| panic!("no region {id}"))
}

/// A Media square by id.
pub fn square(g: &BastardsInc, id: &str) -> u8 {
    g.content().board.square_id(id).unwrap_or_else(|| panic!("no square {id}"))
}

/// A card by its notation (`lobbyists#2`, `peace-talks`).
pub fn card(g: &BastardsInc, id: &str) -> CardNo {
    g.content().cards.by_id(id).unwrap_or_else(|| panic!("no card {id}"))
}

/// The set of one card.
pub fn bit(k: CardNo) -> CardSet {
    CardSet::from_ids([k])
}

/// A blank table at the start of turn 1's Business phase, P1 to act: empty hands (every card in
/// the deck), no cards in front, every VP of the start in the VIP Lounge, no wars, the starting
/// Stuff levels.
pub fn blank(g: &BastardsInc) -> Table {
    let mut t = table(g, &start(g, 1));
    for seat in t.seats.values_mut() {
        seat.hand = CardSet::EMPTY;
        seat.table = CardSet::EMPTY;
        seat.sideways = CardSet::EMPTY;
        seat.bunker = None;
        seat.bonus = [0; 4];
    }
    t.deck = g.content().cards.all();
    t.discard = CardSet::EMPTY;
    business(&mut t, 0);
    t
}

/// The Business phase with `holder` to act (a fresh round: nobody has passed).
pub fn business(t: &mut Table, holder: usize) {
    let n = t.seats.len();
    t.stack =
        Stack::with(Step::Business { round: Round::new(p(holder), PlayerSet::first_n(n)), deal: Deal::default() });
    t.open_choices(PlayerSet::EMPTY);
}

/// The Draw phase, everyone choosing.
pub fn drawing(t: &mut Table) {
    t.stack = Stack::with(Step::Draw);
    t.open_choices(PlayerSet::first_n(t.players()));
}

/// The lifts of the Place VPs phase, everyone choosing.
pub fn lifting(t: &mut Table) {
    t.stack = Stack::with(Step::Lift);
    t.open_choices(PlayerSet::first_n(t.players()));
}

/// Placement at turn `turn` of the order (every VP in the VIP Lounge lifted).
pub fn placing(t: &mut Table, turn: u8) {
    t.stack = Stack::with(Step::Place { turn });
    t.open_choices(PlayerSet::EMPTY);
    for seat in t.seats.values_mut() {
        for v in &mut seat.vps {
            if v.at == Spot::Lounge {
                *v = Vp { at: Spot::Lifted, entry: None, black: 0 };
            }
        }
    }
}

/// Puts VP `vp` of `p` in a region, entered by `entry`, with black money.
pub fn put(t: &mut Table, p: usize, vp: usize, region: u8, entry: Entry, black: u32) {
    t.seats[Player::from_index(p)].vps[vp] = Vp { at: Spot::Region(region), entry: Some(entry), black };
}

/// Puts VP `vp` of `p` on a Media square.
pub fn put_square(t: &mut Table, p: usize, vp: usize, square: u8) {
    t.seats[Player::from_index(p)].vps[vp] = Vp { at: Spot::Square(square), entry: None, black: 0 };
}

/// Gives `p` a card from the deck.
pub fn give(t: &mut Table, p: usize, k: CardNo) {
    assert!(t.deck.contains(k), "card {k} is not in the deck");
    t.deck &= !bit(k);
    t.seats[Player::from_index(p)].hand |= bit(k);
}

/// Lays a Business Opportunity from the deck in front of `p`.
pub fn lay(t: &mut Table, p: usize, k: CardNo, upright: bool) {
    assert!(t.deck.contains(k), "card {k} is not in the deck");
    t.deck &= !bit(k);
    t.seats[Player::from_index(p)].table |= bit(k);
    if !upright {
        t.seats[Player::from_index(p)].sideways |= bit(k);
    }
}

/// Sets a company's four attributes (Corruption, Crime, Media, Technology).
pub fn attrs(t: &mut Table, p: usize, a: [u8; 4]) {
    t.seats[Player::from_index(p)].attrs = a;
}

pub fn money(t: &mut Table, p: usize, billions: u32, goodwill: u32) {
    t.seats[Player::from_index(p)].billions = billions;
    t.seats[Player::from_index(p)].goodwill = goodwill;
}

pub fn attr(s: &State, p: usize, a: Attr) -> u8 {
    s.table().seats[Player::from_index(p)].attrs[a.index()]
}

/// Applies an action by its text for `player` (random values from a fixed seed); the events as
/// text.
pub fn act(g: &BastardsInc, s: &mut State, player: usize, text: &str) -> Vec<String> {
    act_with(g, s, player, text, &mut SeededRng::new(7))
}

/// Applies an action with the dice and draws given; the events as text.
pub fn act_with(g: &BastardsInc, s: &mut State, player: usize, text: &str, rng: &mut impl Chance) -> Vec<String> {
    told(g, &play(g, s, player, text, rng))
}

/// A scripted source mixing dice faces and picks (the engine's `dice` and `picks` script one
/// kind each), then a fixed seed.
pub fn script(values: &[ScriptedValue]) -> Scripted<SeededRng> {
    Scripted::with(values.iter().copied(), SeededRng::new(9))
}

/// Whether `text` is legal for `player` now.
pub fn can(g: &BastardsInc, s: &State, player: usize, text: &str) -> bool {
    legal(g, s, player).iter().any(|a| a == text)
}

/// The last placement of turn 1 (3 players, P1 starting: P1 places his last lifted VP), with only
/// `event` left in the Event deck, so `place lounge` runs the Events and War phases into Business.
pub fn last_placement(g: &BastardsInc, t: &mut Table, event: &str) {
    let n = t.seats.len();
    t.stack = Stack::with(Step::Place { turn: (2 * n - 1) as u8 });
    t.start = p(0);
    for seat in t.seats.values_mut() {
        for v in &mut seat.vps {
            if v.at == Spot::Lifted {
                *v = Vp::LOUNGE;
            }
        }
    }
    t.open_choices(PlayerSet::EMPTY);
    let i = t.seats[p(0)].vps.iter().position(|v| v.at == Spot::Lounge).expect("P1 has a VP in the VIP Lounge");
    t.seats[p(0)].vps[i] = Vp { at: Spot::Lifted, entry: None, black: 0 };
    let e = g.content().cards.event_by_id(event).unwrap_or_else(|| panic!("no event {event}"));
    t.events = CardSet::from_ids([e]);
    t.used = CardSet::first_n(g.content().cards.events.len()) - t.events;
}
