//! The queries and mutations every rule uses: who owns a space, a unit's strength and movement,
//! income, VP, the tracks, removing pieces, elimination. Everything here works on the plain table.

use worlds_engine::{EventSink, Player, Visibility};

use crate::board::{SPACES, Space};
use crate::card::{CardNo, Kind, RuleKind};
use crate::content::Content;
use crate::event::Event;
use crate::state::{Ending, LEFT, Lying, Mods, Seat, Table, Token};

/// Who stands where: for each space, the seat with Units or a Base there, and the owner
/// (WD-OWN-1..3). Built once per query on the stack.
#[derive(Clone)]
pub struct Map {
    pub pieces: [Option<Player>; SPACES],
    pub owner: [Option<Player>; SPACES],
}

impl Map {
    pub fn new(c: &Content, t: &Table) -> Map {
        let mut pieces = [None; SPACES];
        // Markers lie only on land that is not radioactive (WD-BOARD-3, checked at load).
        let mut owner = t.markers;
        let mut seat_of = [None; 5];
        for (p, seat) in t.seats.iter() {
            seat_of[seat.nation.index()] = Some(p);
            // A unit on a hidden move is nowhere for anyone until it is revealed.
            let units = seat.units_seen().map(|(_, u)| (u.at, u.war == 0));
            for (at, holds) in seat.bases.iter().filter(|b| b.on_board()).map(|b| (b.at, true)).chain(units) {
                let s = usize::from(at);
                pieces[s] = Some(p);
                if holds && c.board.cell(at).land && t.radioactive[s].is_none() {
                    owner[s] = Some(p);
                }
            }
        }
        // WD-OWN-2: an unheld home space belongs to its nation, unless the nation lost it.
        for &(s, home) in &c.homes {
            let i = usize::from(s);
            if owner[i].is_none() && pieces[i].is_none() && t.radioactive[i].is_none() && !t.lost.contains(s) {
                owner[i] = seat_of[home.index()];
            }
        }
        Map { pieces, owner }
    }

    /// Whether `p` owns `s` by its own pieces or marker, or as its nation's home space.
    pub fn owns(&self, p: Player, s: Space) -> bool {
        self.owner[usize::from(s)] == Some(p)
    }
}

/// WD-OWN-2: `p` takes the space `s`: if it is another nation's home space, that nation has lost
/// it for good.
pub fn take_home(c: &Content, t: &mut Table, p: Player, s: Space) {
    if usize::from(s) < SPACES
        && let Some(home) = c.board.cell(s).home
        && t.seat_of(home) != Some(p)
    {
        t.lost.insert(s);
    }
}

/// Strength from Bases alone (WD-STR-1): the most any own Base gives at `s`.
pub fn base_strength_at(c: &Content, seat: &Seat, s: Space) -> u8 {
    seat.bases
        .iter()
        .filter(|b| b.on_board())
        .map(|b| b.strength.saturating_sub(c.board.distance(b.at, s)))
        .max()
        .unwrap_or(0)
}

/// What a project or the round's cards change now (WD-CARD-6, WD-CARD-7; sabotaged projects
/// count for nothing, WD-CARD-8). A plain loop: a fold over the set's iterator costs 2% of a
/// random playout.
pub fn mods(c: &Content, seat: &Seat) -> Mods {
    let mut m = seat.round_mods;
    for card in seat.projects.iter() {
        if !seat.is_sabotaged(card) {
            m.add(c.lasting[usize::from(card)]);
        }
    }
    m
}

/// The movement powers of a player's projects now (sabotaged ones count for nothing).
pub fn powers(c: &Content, seat: &Seat) -> crate::content::Powers {
    let mut m = crate::content::Powers::default();
    for card in seat.projects.iter() {
        if !seat.is_sabotaged(card) {
            m.add(c.powers[usize::from(card)]);
        }
    }
    m
}

/// Whether a temporary rule change of this kind is in force (a Dumbness card's `rule`).
pub fn rule(t: &Table, f: impl Fn(RuleKind) -> bool) -> bool {
    t.dumb.rules.iter().any(|r| f(r.kind))
}

/// The sum of the rule changes of one kind in force (Brown card cost, movement).
pub fn rule_sum(t: &Table, f: impl Fn(RuleKind) -> Option<i8>) -> i16 {
    t.dumb.rules.iter().filter_map(|r| f(r.kind)).map(i16::from).sum()
}

/// WD-STR-1, WD-STR-2: a unit's strength at `s`.
pub fn strength_at(c: &Content, seat: &Seat, m: Mods, s: Space) -> u8 {
    let base = base_strength_at(c, seat, s);
    if base == 0 { 0 } else { (i16::from(base) + i16::from(m.strength)).clamp(0, 99) as u8 }
}

/// WD-MOVE-1, WD-BASE-2: how many steps each unit may take this phase (with a temporary rule
/// change of movement in force, that too; without a Base always 2, WD-RULING-11).
pub fn movement(t: &Table, seat: &Seat, m: Mods) -> u8 {
    let strongest = seat.strongest_base();
    if strongest == 0 {
        return 2;
    }
    let rule = rule_sum(t, |k| if let RuleKind::Movement(n) = k { Some(n) } else { None });
    (i16::from(strongest / 2) + i16::from(m.movement) + rule).clamp(0, 20) as u8
}

/// WD-CARD-9: the hand limit.
pub fn hand_limit(c: &Content, seat: &Seat) -> u32 {
    (5 + i16::from(mods(c, seat).hand_limit)).clamp(0, 20) as u32
}

/// WD-INCOME-1: income now.
pub fn income(c: &Content, t: &Table, map: &Map, p: Player) -> u16 {
    let seat = &t.seats[p];
    let bases: i32 = seat.bases.iter().filter(|b| b.on_board()).map(|b| i32::from(b.strength / 2)).sum();
    // WD-BOARD-4, unless a rule change says resource spaces yield nothing.
    let resources = if rule(t, |k| k == RuleKind::NoResourceIncome) {
        0
    } else {
        (0..SPACES).filter(|&s| map.owner[s] == Some(p) && c.board.cell(s as Space).resource).count() as i32
    };
    let popular = if seat.popularity >= 10 { 5 } else { 0 };
    (bases + resources + popular + i32::from(mods(c, seat).income)).max(0) as u16
}

/// Spaces `p` owns (for needs), and resource spaces among them.
pub fn owned(c: &Content, map: &Map, p: Player) -> (u8, u8) {
    let mut all = 0u8;
    let mut res = 0u8;
    for s in 0..SPACES {
        if map.owner[s] == Some(p) {
            all += 1;
            if c.board.cell(s as Space).resource {
                res += 1;
            }
        }
    }
    (all, res)
}

/// The seat a token names, if that player is in the game (WD-PLACE-5).
pub fn target_seat(t: &Table, p: Player) -> Option<Player> {
    if t.seats.len() == 2 {
        let other = p.next(2);
        return t.seats[other].in_game().then_some(other);
    }
    match t.seats[p].target? {
        Token::Peace => None,
        Token::Nation(n) => t.seat_of(n).filter(|&q| q != p && t.seats[q].in_game()),
    }
}

/// The tokens a player may put on the target spot now (WD-COMP-2, WD-PLACE-5): each other nation
/// of a player still in the game, and Peace.
pub fn tokens(t: &Table, p: Player) -> impl Iterator<Item = Token> + '_ {
    t.seats
        .iter()
        .filter(move |(q, s)| *q != p && s.in_game())
        .map(|(_, s)| Token::Nation(s.nation))
        .chain(std::iter::once(Token::Peace))
}

/// The level a card goes back to (its discard pile), if it has one.
pub fn level(c: &Content, card: CardNo) -> Option<usize> {
    c.cards.get(card)?.deck.level()
}

/// Puts a card on its level's discard pile (a First Goal goes nowhere).
pub fn discard(c: &Content, t: &mut Table, card: CardNo) {
    if let Some(l) = level(c, card) {
        t.discards[l].insert(card);
    }
}

/// Pays up to `n` resources; a payment never goes below 0 (WD-COMP-4).
pub fn pay(t: &mut Table, p: Player, n: u16) {
    let s = &mut t.seats[p];
    s.resources = s.resources.saturating_sub(n);
}

/// A fine of 1 (WD-COMP-4, WD-FLIP-2).
pub fn fine(t: &mut Table, p: Player, card: CardNo, events: &mut impl EventSink<Event>) {
    pay(t, p, 1);
    events.emit(Visibility::PUBLIC, Event::Fined { player: p, card });
}

/// WD-VP-1, WD-LEAD-5, WD-END-1: VP only rise.
pub fn gain_vp(c: &Content, t: &mut Table, p: Player, n: u16, events: &mut impl EventSink<Event>) {
    if n == 0 {
        return;
    }
    t.seats[p].vp = t.seats[p].vp.saturating_add(n);
    events.emit(Visibility::PUBLIC, Event::Vp { player: p, gained: n, total: t.seats[p].vp });
    if t.seats[p].vp >= 10 && !t.seats[p].ten_vp {
        t.seats[p].ten_vp = true;
        change_track(c, t, p, Track::Ego, 1, events);
    }
    // WD-END-1, WD-END-4: the first to reach the goal starts the last round; it fires once.
    if t.seats[p].vp >= c.end_vp && t.last_round.is_none() {
        let last = t.round.saturating_add(1);
        t.last_round = Some(last);
        events.emit(Visibility::PUBLIC, Event::LastRound { player: p, round: last });
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Track {
    Ego,
    Popularity,
}

/// WD-LEAD-1, WD-LEAD-2, WD-ELIM-1: moves a cube on a track (0–10).
pub fn change_track(c: &Content, t: &mut Table, p: Player, track: Track, d: i8, events: &mut impl EventSink<Event>) {
    if d == 0 || !t.seats[p].in_game() {
        return;
    }
    let seat = &mut t.seats[p];
    let v = match track {
        Track::Ego => &mut seat.ego,
        Track::Popularity => &mut seat.popularity,
    };
    let before = *v;
    *v = (i16::from(*v) + i16::from(d)).clamp(0, 10) as u8;
    let after = *v;
    if before == after {
        return;
    }
    events.emit(Visibility::PUBLIC, Event::Track { player: p, ego: track == Track::Ego, from: before, to: after });
    if after == 0 {
        eliminate(c, t, p, None, events);
        return;
    }
    if before >= 4 && after <= 3 {
        blocked_left(c, t, p, events);
    }
}

/// Whether a card on a card space is a Nuclear Bomb that was used: fired, or acting now (WD-NUKE-5).
pub fn used_bomb(c: &Content, placed: &crate::state::Placed) -> bool {
    match placed.lying {
        Lying::Fired(_) => true,
        Lying::Used => c.cards.get(placed.card).is_some_and(|k| k.is_nuclear_bomb()),
        Lying::Hidden | Lying::Waiting => false,
    }
}

/// WD-NUKE-5: a used Nuclear Bomb leaves the game (it is never reshuffled, so never disarmed).
pub fn bomb_leaves(t: &mut Table, p: Player, card: CardNo, events: &mut impl EventSink<Event>) {
    t.dumb.gone.insert(card);
    events.emit(Visibility::PUBLIC, Event::BombLeaves { player: p, card });
}

/// WD-LEAD-2, WD-LEAD-7, WD-NUKE-5: a cube moved into the card-space zone: the left card goes.
pub fn blocked_left(c: &Content, t: &mut Table, p: Player, events: &mut impl EventSink<Event>) {
    let Some(placed) = t.seats[p].spaces[LEFT] else { return };
    // A card in the middle of its own turn finishes first (it goes when it is done).
    if let Some(crate::state::Step::Act(a)) = t.stack.top()
        && a.seat == p
        && a.card == placed.card
    {
        return;
    }
    t.seats[p].spaces[LEFT] = None;
    match placed.lying {
        Lying::Fired(_) => bomb_leaves(t, p, placed.card, events),
        lying => {
            discard(c, t, placed.card);
            events.emit(
                Visibility::PUBLIC,
                Event::LeftDiscarded { player: p, card: placed.card, unused: lying != Lying::Used },
            );
        }
    }
}

/// Whom an attack or a Brown card counts against (WD-COMBAT-11): Take a Vacation's cost and the
/// overtaker.
pub fn attacked(c: &Content, t: &mut Table, by: Player, victim: Player, events: &mut impl EventSink<Event>) {
    if by == victim {
        return;
    }
    t.seats[by].attacked = true;
    t.seats[victim].last_attacker = Some(by);
    if t.seats[victim].vacation {
        events.emit(Visibility::PUBLIC, Event::VacationAttacked { player: by, victim });
        change_track(c, t, by, Track::Popularity, -1, events);
    }
}

/// Removes a unit (to its owner's supply); `by` scores 1 VP (WD-VP-1).
pub fn remove_unit(
    c: &Content,
    t: &mut Table,
    p: Player,
    slot: usize,
    by: Option<Player>,
    events: &mut impl EventSink<Event>,
) {
    let at = t.seats[p].units[slot].at;
    t.seats[p].units[slot] = crate::state::Unit::SUPPLY;
    events.emit(Visibility::PUBLIC, Event::UnitRemoved { player: p, space: at });
    if let Some(by) = by {
        gain_vp(c, t, by, 1, events);
    }
}

/// Reduces a Base by `steps` (2 strength each), removing it below 4; `by` scores the income taken
/// (WD-BASE-1, WD-VP-1).
pub fn reduce_base(
    c: &Content,
    t: &mut Table,
    p: Player,
    slot: usize,
    steps: u8,
    by: Option<Player>,
    events: &mut impl EventSink<Event>,
) {
    let base = t.seats[p].bases[slot];
    let after = base.strength.saturating_sub(2 * steps);
    let after = if after < 4 { 0 } else { after };
    let taken = u16::from(base.strength / 2 - after / 2);
    if after == 0 {
        t.seats[p].bases[slot] = crate::state::Base::SUPPLY;
    } else {
        t.seats[p].bases[slot].strength = after;
    }
    events.emit(Visibility::PUBLIC, Event::BaseReduced { player: p, space: base.at, from: base.strength, to: after });
    if let Some(by) = by {
        gain_vp(c, t, by, taken, events);
    }
}

/// WD-MARK-3: a card took a player's last pieces from a space: they leave a marker if they can.
pub fn mark_after_card(c: &Content, t: &mut Table, p: Player, s: Space, events: &mut impl EventSink<Event>) {
    let seat = &t.seats[p];
    if c.board.cell(s).land
        && seat.units_at(s) == 0
        && seat.base_at(s).is_none()
        && t.markers[usize::from(s)].is_none()
        && seat.markers > 0
    {
        leave_marker(t, p, s, events);
    }
}

/// `p` leaves a marker of their leaderboard on `s` (WD-MARK-1, WD-MARK-3).
pub fn leave_marker(t: &mut Table, p: Player, s: Space, events: &mut impl EventSink<Event>) {
    t.seats[p].markers -= 1;
    t.markers[usize::from(s)] = Some(p);
    events.emit(Visibility::PUBLIC, Event::Marker { player: p, space: s });
}

/// Puts a new 4-Base of `p` on `s` for `cost` (WD-BUY-2; a card's is free).
pub fn build_base(t: &mut Table, p: Player, s: Space, cost: u16, events: &mut impl EventSink<Event>) {
    let Some(slot) = t.seats[p].bases.iter().position(|b| !b.on_board()) else { return };
    pay(t, p, cost);
    t.seats[p].bases[slot] = crate::state::Base { at: s, strength: 4, changed: true };
    unmark_own(t, p, s);
    events.emit(Visibility::PUBLIC, Event::BaseBuilt { player: p, space: s, paid: cost });
}

/// Puts a Unit of `p`'s supply on `s` for `cost` (WD-BUY-4; a card's is free).
pub fn add_unit(t: &mut Table, p: Player, s: Space, cost: u16, events: &mut impl EventSink<Event>) {
    let Some(slot) = t.seats[p].units.iter().position(|u| !u.on_board()) else { return };
    pay(t, p, cost);
    t.seats[p].units[slot] = crate::state::Unit { at: s, war: 0 };
    events.emit(Visibility::PUBLIC, Event::UnitBought { player: p, space: s, paid: cost });
}

/// Takes a marker off a space back to its owner (a space lost).
pub fn unmark(t: &mut Table, s: Space) {
    if let Some(m) = t.markers[usize::from(s)].take()
        && let Some(seat) = t.seats.get_mut(m)
    {
        seat.markers = (seat.markers + 1).min(crate::state::MARKERS);
    }
}

/// A player's own marker on a space goes back to them (a Base now holds the space).
pub fn unmark_own(t: &mut Table, p: Player, s: Space) {
    if t.markers[usize::from(s)] == Some(p) {
        unmark(t, s);
    }
}

/// WD-ELIM-2: a player with no Unit and no Base on the board is neutralized.
pub fn check_neutralized(c: &Content, t: &mut Table, p: Player, events: &mut impl EventSink<Event>) {
    let seat = &t.seats[p];
    if seat.in_game() && !seat.units.iter().any(|u| u.on_board()) && !seat.bases.iter().any(|b| b.on_board()) {
        let overtaker = seat.last_attacker.filter(|&q| t.seats[q].in_game());
        eliminate(c, t, p, overtaker, events);
    }
}

/// WD-ELIM-1, WD-ELIM-3, WD-ELIM-4: a player leaves the game.
pub fn eliminate(c: &Content, t: &mut Table, p: Player, overtaker: Option<Player>, events: &mut impl EventSink<Event>) {
    if !t.seats[p].in_game() {
        return;
    }
    let order = t.seats.values().filter(|s| !s.in_game()).count() as u8 + 1;
    let nation = t.seats[p].nation;
    let seat = &mut t.seats[p];
    seat.out = Some(order);
    let hand = std::mem::take(&mut seat.hand);
    let spaces = std::mem::take(&mut seat.spaces);
    seat.target = None;
    seat.target_turned = false;
    seat.goal_flip = None;
    for card in hand.iter() {
        discard(c, t, card);
    }
    for placed in spaces.iter().flatten().filter(|x| !used_bomb(c, x)) {
        discard(c, t, placed.card);
    }
    events.emit(Visibility::PUBLIC, Event::Eliminated { player: p, overtaker });
    // WD-NUKE-5: a bomb that fired, or is firing (its own Popularity loss eliminated its player),
    // has been used: it leaves the game with its card space.
    for placed in spaces.iter().flatten().filter(|x| used_bomb(c, x)) {
        bomb_leaves(t, p, placed.card, events);
    }
    // Tokens showing the nation leave the game, or show the overtaker (except on the overtaker's own
    // spot, where it acts on no one and the lock ends).
    let shows = overtaker.map(|o| t.seats[o].nation);
    for (q, seat) in Player::all(t.seats.len()).zip(t.seats.values_mut()) {
        if seat.target == Some(Token::Nation(nation)) {
            match shows {
                Some(n) if Some(q) != overtaker => seat.target = Some(Token::Nation(n)),
                _ => {
                    seat.target = None;
                    seat.target_turned = false;
                }
            }
        }
    }
    if t.seats.values().filter(|s| s.in_game()).count() <= 1 && t.over.is_none() {
        t.over = Some(Ending::LastLeader);
        events.emit(Visibility::PUBLIC, Event::GameOver { ending: Ending::LastLeader });
    }
}

/// Whether a card's kind acts on another player.
pub fn is_brown(c: &Content, card: CardNo) -> bool {
    c.cards.get(card).is_some_and(|k| k.kind == Kind::Brown)
}
