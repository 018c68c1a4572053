//! The rules of play on the flow kit: set-up, the seven phases of a round as the bottom step of the
//! stack, the decisions pushed on top of it, and the end of the game.

use arrayvec::ArrayVec;
use worlds_engine::ByPlayer;
use worlds_engine::flow::{self, Progress, Stack};
use worlds_engine::{Chance, EventSink, Player, Visibility};

use crate::act;
use crate::action::Action;
use crate::board::{NO_SPACE, SPACES, Space};
use crate::buy;
use crate::content::Content;
use crate::ctx::{self, Map};
use crate::dumb;
use crate::event::Event;
use crate::military;
use crate::nation::Nation;
use crate::place;
use crate::state::{
    Base, CardSet, Ending, Lying, MARKERS, Mods, NOBODY, Phase, Placing, Seat, State, Step, Table, Unit,
};

/// WD-SETUP-1..9: a new game.
pub fn start(c: &Content, players: usize, rng: &mut impl Chance, events: &mut impl EventSink<Event>) -> State {
    // WD-SETUP-1: nations by the config or a seeded draw.
    let mut nations: ArrayVec<Nation, 5> = c.assigned.as_deref().unwrap_or(&c.in_play).iter().copied().collect();
    if c.assigned.is_none() {
        for i in (1..nations.len()).rev() {
            let j = rng.pick(i as u32 + 1) as usize;
            nations.swap(i, j);
        }
    }
    let two = players == 2;
    let mut seats = ByPlayer::from_fn(players, |p| {
        let nation = nations[p.index()];
        let leader = c.leaders[nation.index()];
        let mut seat = Seat {
            nation,
            ego: leader.ego,
            popularity: leader.popularity,
            // WD-SETUP-5, WD-VAR-1.
            resources: if c.short { 15 } else { 10 },
            vp: if c.short { 5 } else { 0 },
            hand: CardSet::EMPTY,
            spaces: [None, None],
            goal: None,
            goal_done: c.short,
            goal_flip: None,
            goal_shown: false,
            target: None,
            target_turned: false,
            placing: None,
            projects: CardSet::EMPTY,
            sabotaged: [CardSet::EMPTY; 2],
            units: [Unit::SUPPLY; crate::state::UNITS],
            bases: [Base::SUPPLY; crate::state::BASES],
            radioactive: ArrayVec::new(),
            markers: MARKERS,
            round_mods: Mods::default(),
            vacation: false,
            attacked: false,
            last_attacker: None,
            ten_vp: false,
            disarmed: false,
            out: None,
            moved: 0,
            origin: [NO_SPACE; crate::state::UNITS],
            sea_used: 0,
            hidden: None,
            hidden_used: false,
        };
        // WD-SETUP-2, WD-SETUP-3, WD-RULING-4: a 4-Base with 2 Units (with 2 players, 1 each on
        // two Bases: the coalition's two start spaces belong to one player).
        let mut starts: ArrayVec<Space, 2> = ArrayVec::new();
        starts.push(c.board.start(nation));
        if two {
            starts.push(c.board.start(if nation == Nation::Usa { Nation::Turkey } else { Nation::Venezuela }));
        }
        let mut u = 0;
        for (b, &s) in starts.iter().enumerate() {
            seat.bases[b] = Base { at: s, strength: 4, changed: false };
            for _ in 0..(if two { 1 } else { 2 }) {
                seat.units[u] = Unit { at: s, war: 0 };
                u += 1;
            }
        }
        events.emit(Visibility::PUBLIC, Event::Nation { player: p, nation });
        seat
    });
    let mut markers = [None; SPACES];
    // WD-SETUP-4: USA and Russia mark their resource home spaces.
    for p in Player::all(players) {
        let seat = &mut seats[p];
        for s in c.board.home_spaces(seat.nation) {
            if c.board.cell(s).resource && seat.markers > 0 {
                markers[usize::from(s)] = Some(p);
                seat.markers -= 1;
            }
        }
    }
    // WD-SETUP-7: the round-1 order.
    let mut order: ArrayVec<Player, 5> = Player::all(players).collect();
    order.sort_by_key(|&p| c.leaders[seats[p].nation.index()].order);
    let mut decks = [CardSet::EMPTY; 2];
    for card in c.cards.all() {
        if let Some(l) = card.deck.level() {
            decks[l].insert(card.number);
        }
    }
    let mut t = Table {
        round: 1,
        seats,
        order,
        decks,
        discards: [CardSet::EMPTY; 2],
        markers,
        radioactive: [None; SPACES],
        lost: crate::state::SpaceSet::EMPTY,
        peace: [None; 4],
        last_round: None,
        over: None,
        dumb: Default::default(),
        bombs_fired: 0,
        stack: Stack::with(Step::Phase { phase: Phase::Setup, next: 0 }),
        placements: worlds_engine::secret::Secret::new(players),
    };
    // WD-SETUP-9: five Level 1 cards each, in set-up order, before any Dumbness card joins.
    for p in Player::all(players) {
        for _ in 0..5 {
            draw(c, &mut t, p, 0, rng, events);
        }
    }
    dumb::seed(c, &mut t, rng, events);
    if c.short {
        t.stack = Stack::with(Step::Phase { phase: Phase::Place, next: 0 });
        place::begin(&mut t);
    } else {
        // WD-SETUP-8: each player sees their two First Goals.
        for p in Player::all(players) {
            let goals = c.cards.first_goals(t.seats[p].nation);
            events.emit(Visibility::only(p), Event::GoalsOffered { player: p, goals });
        }
    }
    let mut s = State { t };
    advance(c, &mut s.t, rng, events);
    s
}

/// Draws one card of a level (0 or 1) for `p` (WD-DRAW-1..3): a random card of the deck, the
/// discard pile shuffled in when the deck is empty; a Dumbness card goes face down onto the board
/// instead of the hand (WD-DRAW-2). Returns false when nothing could be drawn.
pub fn draw(
    c: &Content,
    t: &mut Table,
    p: Player,
    level: usize,
    rng: &mut impl Chance,
    events: &mut impl EventSink<Event>,
) -> bool {
    if t.decks[level].is_empty() && !t.discards[level].is_empty() {
        t.decks[level] = std::mem::take(&mut t.discards[level]);
        events.emit(Visibility::PUBLIC, Event::Reshuffled { level: level as u8 + 1 });
    }
    let Some(card) = t.decks[level].draw(rng) else { return false };
    if dumb::is_dumbness(c, card) {
        dumb::drawn(t, p, level, card, events);
        return true;
    }
    t.seats[p].hand.insert(card);
    events.emit(Visibility::only(p), Event::DrewCard { player: p, card });
    events.emit(Visibility::all_but(p), Event::Drew { player: p, level: level as u8 + 1 });
    true
}

/// Whether `p` may draw Level 2 now (WD-DRAW-1, WD-CARD-2, WD-VAR-1).
pub fn may_draw_level2(c: &Content, t: &Table, p: Player) -> bool {
    if c.short { t.round >= 2 } else { t.seats[p].goal_done }
}

/// The levels `p` could draw from now (deck or discard pile not empty).
pub fn drawable(c: &Content, t: &Table, p: Player) -> [bool; 2] {
    let has = |l: usize| !t.decks[l].is_empty() || !t.discards[l].is_empty();
    [has(0), may_draw_level2(c, t, p) && has(1)]
}

/// Runs every step that needs no decision, until someone must decide or the game is over.
pub fn advance(c: &Content, t: &mut Table, rng: &mut impl Chance, events: &mut impl EventSink<Event>) {
    flow::advance(|| step(c, t, rng, events));
}

/// The next thing nobody decides, in the phase at the bottom of the stack: whether the flow goes
/// on, someone must decide (a step pushed on top of the phase, or the phase's own decision) or the
/// game is over.
fn step(c: &Content, t: &mut Table, rng: &mut impl Chance, events: &mut impl EventSink<Event>) -> Progress {
    if t.over.is_some() {
        return Progress::Over;
    }
    let Some(&Step::Phase { phase, next }) = t.stack.top() else { return Progress::Decide };
    match phase {
        Phase::Setup => {
            if t.seats.values().any(|s| s.goal.is_none()) {
                return Progress::Decide;
            }
            set_phase(t, Phase::Draw, events);
        }
        Phase::Draw => {
            // WD-DRAW-1: in player order, one card at a time up to the hand limit.
            let Some(&p) = t.order.get(usize::from(next)) else {
                set_phase(t, Phase::Place, events);
                place::begin(t);
                return Progress::Continue;
            };
            let seat = &t.seats[p];
            if !seat.in_game() || seat.hand.len() >= ctx::hand_limit(c, seat) {
                set_next(t, next + 1);
                return Progress::Continue;
            }
            match drawable(c, t, p) {
                [true, true] => {
                    t.stack.push(Step::Draw { seat: p });
                    return Progress::Decide;
                }
                [l1, l2] if l1 || l2 => {
                    draw(c, t, p, if l1 { 0 } else { 1 }, rng, events);
                }
                _ => set_next(t, next + 1),
            }
        }
        Phase::Place => {
            if let Some(p) = place::discarding(c, t) {
                t.stack.push(Step::Discard { seat: p });
                return Progress::Decide;
            }
            // After the discards, each player's first step is known (WD-RULING-2).
            place::settle(c, t);
            if t.in_game().iter().any(|p| t.placing(p) != Placing::Finished) {
                return Progress::Decide;
            }
            place::lay(c, t);
            set_phase(t, Phase::Dumbness, events);
        }
        // WD-DUMB-1: the Dumbness cards on the board, before any player card is turned.
        Phase::Dumbness => match dumb::step(c, t, next, events) {
            Some(n) => {
                set_next(t, n);
                if t.stack.len() > 1 {
                    return Progress::Decide;
                }
            }
            None => {
                set_phase(t, Phase::Flip, events);
                act::flip(c, t, events);
            }
        },
        Phase::Flip => {
            if act::next(c, t, events) {
                return Progress::Continue;
            }
            if t.over.is_some() {
                return Progress::Over;
            }
            if t.stack.len() > 1 {
                return Progress::Decide;
            }
            set_phase(t, Phase::Move, events);
            military::begin(t);
        }
        // Phases 5 and 6: each player in order (WD-MOVE-2, WD-BUY-1).
        Phase::Move | Phase::Buy => {
            let moving = phase == Phase::Move;
            let Some(&p) = t.order.get(usize::from(next)) else {
                if moving {
                    military::end(c, t, events);
                }
                set_phase(t, if moving { Phase::Buy } else { Phase::Income }, events);
                return Progress::Continue;
            };
            set_next(t, next + 1);
            let seat = &t.seats[p];
            // WD-CARD-10: a player on vacation skips phases 5 and 6.
            if seat.in_game() && !seat.vacation {
                if moving {
                    t.stack.push(Step::Move { seat: p, unit: NOBODY, left: 0, sea: 0, hidden: false });
                } else {
                    t.stack.push(Step::Buy { seat: p, units: false });
                    buy::offer_move_base(c, t, p);
                }
                return Progress::Decide;
            }
        }
        Phase::Income => {
            income(c, t, events);
            if t.over.is_none() {
                set_phase(t, Phase::Draw, events);
            }
        }
    }
    Progress::Continue
}

fn set_phase(t: &mut Table, phase: Phase, events: &mut impl EventSink<Event>) {
    t.stack = Stack::with(Step::Phase { phase, next: 0 });
    events.emit(Visibility::PUBLIC, Event::Phase { round: t.round, phase });
}

fn set_next(t: &mut Table, n: u8) {
    if let Some(Step::Phase { next, .. }) = t.stack.bottom_mut() {
        *next = n;
    }
}

/// Phase 7 (WD-INCOME-1, WD-INCOME-2), then the end of the round (WD-END).
fn income(c: &Content, t: &mut Table, events: &mut impl EventSink<Event>) {
    let map = Map::new(c, t);
    for p in t.order.clone() {
        if t.seats[p].in_game() {
            let n = ctx::income(c, t, &map, p);
            t.seats[p].resources = t.seats[p].resources.saturating_add(n);
            events.emit(Visibility::PUBLIC, Event::Income { player: p, amount: n, total: t.seats[p].resources });
        }
    }
    let round = t.round;
    dumb::end_of_round(t, events);
    for p in Player::all(t.seats.len()) {
        for i in 0..2 {
            let Some(placed) = t.seats[p].spaces[i] else { continue };
            match placed.lying {
                // WD-NUKE-4, WD-NUKE-5.
                Lying::Fired(until) if until <= round => {
                    t.seats[p].spaces[i] = None;
                    ctx::bomb_leaves(t, p, placed.card, events);
                }
                Lying::Fired(_) => {}
                _ => {
                    t.seats[p].spaces[i] = None;
                    ctx::discard(c, t, placed.card);
                }
            }
        }
        let seat = &mut t.seats[p];
        // WD-CARD-8: sabotage runs to the end of the next round.
        seat.sabotaged[1] = seat.sabotaged[0];
        seat.sabotaged[0] = CardSet::EMPTY;
        // WD-LEAD-3: unlocked targets return.
        if seat.ego < 10 {
            seat.target = None;
            seat.target_turned = false;
        }
        seat.round_mods = Mods::default();
        seat.vacation = false;
        seat.disarmed = false;
        seat.goal_flip = None;
        seat.sea_used = 0;
        seat.hidden_used = false;
        for b in &mut seat.bases {
            b.changed = false;
        }
    }
    // WD-END-1, WD-END-3.
    if t.last_round.is_some_and(|r| r <= round) {
        t.over = Some(Ending::Points);
    } else if round >= c.round_cap {
        t.over = Some(Ending::RoundCap);
    }
    if let Some(ending) = t.over {
        events.emit(Visibility::PUBLIC, Event::GameOver { ending });
        return;
    }
    t.round += 1;
}

/// Applies a legal action of the player who decides.
pub fn apply(
    c: &Content,
    s: &mut State,
    player: Player,
    action: Action,
    rng: &mut impl Chance,
    events: &mut impl EventSink<Event>,
) {
    let t = &mut s.t;
    match t.stack.top().copied() {
        Some(Step::Phase { phase: Phase::Setup, .. }) => {
            if let Action::Card(card) = action {
                t.seats[player].goal = Some(card);
                events.emit(Visibility::only(player), Event::GoalKept { player, card });
                events.emit(Visibility::all_but(player), Event::GoalChosen { player });
            }
        }
        Some(Step::Phase { phase: Phase::Place, .. }) => place::apply(t, player, action, events),
        Some(Step::Draw { seat }) => {
            t.stack.pop();
            if let Action::Level(l) = action {
                draw(c, t, seat, usize::from(l.clamp(1, 2) - 1), rng, events);
            }
        }
        Some(Step::Discard { seat }) => {
            t.stack.pop();
            if let Action::Card(card) = action {
                t.seats[seat].hand.remove(card);
                ctx::discard(c, t, card);
                events.emit(Visibility::PUBLIC, Event::Discarded { player: seat, card });
            }
        }
        Some(Step::Act(_)) => match act::answer(c, t, action, events) {
            act::Ran::Done(a) if a.space == crate::state::BOARD_SPACE => dumb::finished(c, t, &a, events),
            act::Ran::Done(a) => act::finished(c, t, &a, events),
            act::Ran::Waiting | act::Ran::Over => {}
        },
        Some(Step::Move { .. } | Step::Attack { .. } | Step::Marker { .. }) => military::apply(c, t, action, events),
        Some(Step::Buy { .. } | Step::MoveBase { .. }) => buy::apply(t, action, events),
        Some(Step::Auction { .. }) => dumb::apply(c, t, action, events),
        _ => {}
    }
    advance(c, t, rng, events);
}
