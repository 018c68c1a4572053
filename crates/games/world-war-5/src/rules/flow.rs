//! The flow of a game of World War 5: setup, turns, combat, the retreat (a step pushed onto the
//! attacker's turn and decided by the defender), eliminations and the end.

use worlds_engine::{Chance, Decision, EventSink, Outcome, Player, PlayerSet, Turn, Visibility};

use crate::action::Action;
use crate::combat::{self, shrunk_size};
use crate::content::Content;
use crate::event::Event;
use crate::piece::{Piece, Size};
use crate::state::{Combat, Ending, State, Step};
use crate::territory::{Continent, Territory};

fn emit(events: &mut impl EventSink<Event>, e: Event) {
    events.emit(Visibility::PUBLIC, e);
}

/// The territories the defender may retreat to (WW5-COMBAT-3): empty, bordering the contested
/// territory, and not the one the attacker came from.
pub fn retreat_options(c: &Content, s: &State, from: Territory, contested: Territory) -> u32 {
    c.board.neighbours(contested) & !s.occupied() & !from.bit()
}

/// Who decides now: the active player, or the defender during a retreat.
pub fn decider(s: &State) -> Option<Player> {
    match s.stack.top()? {
        Step::Retreat { contested, .. } => s.owner_at(*contested),
        _ => Some(s.active),
    }
}

pub fn turn(s: &State) -> Turn {
    match decider(s) {
        Some(p) if s.ending.is_none() => Turn::Decide(p),
        _ => Turn::Over,
    }
}

fn among(set: PlayerSet) -> String {
    set.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(", ")
}

/// Who decides what, in the game's words; once over, how it ended.
pub fn decision(c: &Content, s: &State) -> Decision {
    if let Some(ending) = s.ending {
        return match ending {
            Ending::Conquest { player, continent } => Decision::new(
                "WW5-WIN-1",
                format!("{player} holds all of {} and wins", c.board.continent_name(continent)),
            ),
            Ending::LastStanding { player } => {
                Decision::new("WW5-WIN-3", format!("{player} is the last player standing and wins"))
            }
            Ending::TurnCap { among: set } => Decision::new(
                "WW5-END-1",
                format!("turn {} was the last: the game is drawn among {}", c.turn_cap, among(set)),
            ),
            Ending::NobodyLeft { among: set } => Decision::new(
                "WW5-RULING-2",
                format!("nobody is left: the game is drawn among {}, eliminated together", among(set)),
            ),
        };
    }
    let p = s.active;
    match s.stack.top() {
        Some(Step::ChooseHome) => Decision::new("WW5-SETUP-3", format!("{p} chooses a home continent")),
        Some(Step::Place(size)) => {
            Decision::new("WW5-SETUP-4", format!("{p} places their {size} on an empty home territory"))
        }
        Some(Step::Retreat { contested, .. }) => {
            let d = s.owner_at(*contested).unwrap_or(p);
            Decision::new("WW5-COMBAT-3", format!("{d} chooses where to retreat from {contested}"))
        }
        Some(Step::Play) | None => {
            Decision::new("WW5-TURN-1", format!("{p} takes a turn (grow, build, move or invade)"))
        }
    }
}

pub fn outcome(s: &State) -> Option<Outcome> {
    let n = s.players();
    // WW5-OUT-1.
    match s.ending? {
        Ending::Conquest { player, .. } | Ending::LastStanding { player } => Some(Outcome::single_winner(n, player)),
        Ending::TurnCap { among } | Ending::NobodyLeft { among } => Some(Outcome::shared(n, among)),
    }
}

// ----- legal actions -----

fn play_actions(c: &Content, s: &State, p: Player, out: &mut Vec<Action>) {
    let start = out.len();
    let own = s.owned_by(p);
    let home = s.home_mask(p);
    let occupied = s.occupied();
    let empty = Territory::ALL_MASK & !occupied;
    let enemy = occupied & !own;
    let stash = s.stash(p);
    // WW5-GROW-1: only on the home continent, only to the next size, only from the stash.
    let mut growable = 0;
    if stash.has(Size::Medium) {
        growable |= s.sized[Size::Small.index()];
    }
    if stash.has(Size::Large) {
        growable |= s.sized[Size::Medium.index()];
    }
    out.extend(Territory::in_mask(own & home & growable).map(Action::Grow));
    // WW5-BUILD-1.
    if stash.has(Size::Small) {
        out.extend(Territory::in_mask(home & empty).map(Action::Build));
    }
    // WW5-MOVE-1.
    for from in Territory::in_mask(own) {
        out.extend(Territory::in_mask(c.board.neighbours(from) & empty).map(|to| Action::Move { from, to }));
    }
    // WW5-INVADE-1.
    for from in Territory::in_mask(own) {
        out.extend(Territory::in_mask(c.board.neighbours(from) & enemy).map(|target| Action::Invade { target, from }));
    }
    // WW5-TURN-1: pass only when nothing is possible.
    if out.len() == start {
        out.push(Action::Pass);
    }
}

/// The legal actions of `p` (none unless `p` decides now).
pub fn legal_actions(c: &Content, s: &State, p: Player, out: &mut Vec<Action>) {
    if turn(s) != Turn::Decide(p) {
        return;
    }
    match s.stack.top() {
        Some(Step::ChooseHome) => {
            let taken: u32 = s.homes.values().flatten().map(|c| 1 << c.index()).sum();
            out.extend(Continent::ALL.into_iter().filter(|c| taken & (1 << c.index()) == 0).map(Action::Home));
        }
        Some(Step::Place(_)) => out.extend(Territory::in_mask(s.home_mask(p) & !s.occupied()).map(Action::Place)),
        Some(Step::Play) => play_actions(c, s, p, out),
        Some(Step::Retreat { from, contested }) => {
            out.extend(Territory::in_mask(retreat_options(c, s, *from, *contested)).map(Action::Retreat));
        }
        None => {}
    }
}

// ----- what happens -----

/// WW5-SETUP-2: everyone rolls; tied highest rollers roll again among themselves. Then homes are
/// chosen, or assigned by the options.
pub fn start(c: &Content, n: usize, rng: &mut impl Chance, events: &mut impl EventSink<Event>) -> State {
    let mut contenders = PlayerSet::first_n(n);
    let mut rounds = 0;
    while contenders.len() > 1 {
        rounds += 1;
        if rounds > 100 {
            // Only a rigged random source ties a hundred times; settle it by lot.
            let pick = rng.pick(contenders.len() as u32) as usize;
            contenders = contenders.iter().nth(pick).map(PlayerSet::only).unwrap_or(contenders);
            break;
        }
        let mut best = 0;
        let mut top = PlayerSet::EMPTY;
        for p in contenders.iter() {
            let die = rng.roll_die(6) as u8;
            emit(events, Event::RolledForFirst { player: p, die });
            if die > best {
                best = die;
                top = PlayerSet::only(p);
            } else if die == best {
                top.insert(p);
            }
        }
        if top.len() > 1 {
            emit(events, Event::RollOffTied { players: top });
        }
        contenders = top;
    }
    let first = contenders.first().unwrap_or_default();
    emit(events, Event::GoesFirst { player: first });
    let mut s = State::empty(n, first);
    if let Some(homes) = &c.homes {
        for (p, home) in Player::all(n).zip(homes) {
            s.homes[p] = Some(*home);
            emit(events, Event::HomeChosen { player: p, continent: *home });
        }
        s.stack.replace_top(Step::Place(Size::Small));
    }
    s
}

/// The game ends.
fn end(s: &mut State, ending: Ending, event: Event, events: &mut impl EventSink<Event>) {
    s.stack.clear();
    s.ending = Some(ending);
    emit(events, event);
}

/// After an action that ends a turn: eliminations among the players who were in before it
/// (`was_in`), the victory check, then the next turn.
fn finish_turn(c: &Content, s: &mut State, was_in: PlayerSet, events: &mut impl EventSink<Event>) {
    let n = s.players();
    // The turn step is on top again here (a retreat has been popped).
    // WW5-ELIM-1: no piece at home, all pieces leave the board at once.
    let mut eliminated = PlayerSet::EMPTY;
    for p in s.active.clockwise_from(n) {
        let own = s.owned_by(p);
        if was_in.contains(p) && own & s.home_mask(p) == 0 {
            for t in Territory::in_mask(own) {
                s.clear(t);
            }
            eliminated.insert(p);
            emit(events, Event::Eliminated { player: p });
        }
    }
    // WW5-WIN-1, WW5-WIN-2: any other continent counts; the active player wins a tie.
    for p in s.active.clockwise_from(n) {
        if !s.is_in(p) {
            continue;
        }
        let own = s.owned_by(p);
        let home = s.home(p);
        if let Some(k) = Continent::ALL.into_iter().find(|&k| Some(k) != home && own & k.mask() == k.mask()) {
            let ending = Ending::Conquest { player: p, continent: k };
            return end(s, ending, Event::Conquered { player: p, continent: k }, events);
        }
    }
    // WW5-WIN-3, WW5-RULING-2.
    let still_in = s.players_in();
    if let Some(player) = still_in.first().filter(|_| still_in.len() == 1) {
        return end(s, Ending::LastStanding { player }, Event::LastStanding { player }, events);
    }
    if still_in.is_empty() {
        let ending = Ending::NobodyLeft { among: eliminated };
        return end(s, ending, Event::NobodyLeft { among: eliminated }, events);
    }
    // WW5-END-1: the turn cap.
    if s.turn >= c.turn_cap {
        let ending = Ending::TurnCap { among: still_in };
        return end(s, ending, Event::TurnCapReached { cap: c.turn_cap, among: still_in }, events);
    }
    // WW5-SETUP-2: clockwise to the next player still in.
    s.turn += 1;
    let mut next = s.active.next(n);
    while !s.is_in(next) {
        next = next.next(n);
    }
    s.active = next;
}

fn invade(
    c: &Content,
    s: &mut State,
    p: Player,
    target: Territory,
    from: Territory,
    rng: &mut impl Chance,
    events: &mut impl EventSink<Event>,
) {
    let was_in = s.players_in();
    let (Some(attacker_size), Some(defender_size), Some(defender)) =
        (s.size_at(from), s.size_at(target), s.owner_at(target))
    else {
        return;
    };
    // WW5-COMBAT-1: the attacker's dice, then the defender's.
    let attack = combat::roll(attacker_size, rng);
    let defence = combat::roll(defender_size, rng);
    let result = Combat {
        attacker: p,
        defender,
        from,
        target,
        attacker_size,
        defender_size,
        attack: attack.clone(),
        defence: defence.clone(),
    };
    let attacker_wins = result.attacker_wins();
    s.last_combat = Some(result);
    emit(events, Event::Combat { attacker: p, defender, from, target, attacker_size, defender_size, attack, defence });
    if !attacker_wins {
        // WW5-COMBAT-2: nothing moves, nothing shrinks.
        emit(events, Event::Repelled { target });
        return finish_turn(c, s, was_in, events);
    }
    if retreat_options(c, s, from, target) != 0 {
        // WW5-COMBAT-3: the defender decides, during the attacker's turn.
        s.stack.push(Step::Retreat { from, contested: target });
        emit(events, Event::MustRetreat { defender, from: target });
        return;
    }
    // WW5-COMBAT-4, WW5-COMBAT-5.
    match shrunk_size(defender_size, s.stash(defender)) {
        Some(to) => {
            s.resize(target, to);
            emit(events, Event::Shrunk { player: defender, territory: target, from: defender_size, to });
        }
        None => {
            s.clear(target);
            emit(events, Event::Removed { player: defender, territory: target, size: defender_size });
            s.shift(from, target);
            emit(events, Event::Advanced { player: p, from, to: target });
        }
    }
    finish_turn(c, s, was_in, events);
}

/// Applies an action known to be legal.
pub fn apply(
    c: &Content,
    s: &mut State,
    p: Player,
    action: Action,
    rng: &mut impl Chance,
    events: &mut impl EventSink<Event>,
) {
    let n = s.players();
    let was_in = s.players_in();
    let Some(&step) = s.stack.top() else { return };
    match (step, action) {
        (Step::ChooseHome, Action::Home(k)) => {
            if let Some(h) = s.homes.get_mut(p) {
                *h = Some(k);
            }
            emit(events, Event::HomeChosen { player: p, continent: k });
            s.active = s.active.next(n);
            if s.active == s.first {
                s.stack.replace_top(Step::Place(Size::Small));
            }
        }
        (Step::Place(size), Action::Place(t)) => {
            s.put(t, Piece { player: p, size });
            emit(events, Event::Placed { player: p, territory: t, size });
            s.active = s.active.next(n);
            if s.active == s.first {
                match size.larger() {
                    Some(next) => s.stack.replace_top(Step::Place(next)),
                    None => {
                        s.turn = 1;
                        s.stack.replace_top(Step::Play)
                    }
                };
            }
        }
        (Step::Play, Action::Grow(t)) => {
            let to = s.size_at(t).and_then(Size::larger).unwrap_or(Size::Large);
            s.resize(t, to);
            emit(events, Event::Grew { player: p, territory: t, to });
            finish_turn(c, s, was_in, events);
        }
        (Step::Play, Action::Build(t)) => {
            s.put(t, Piece { player: p, size: Size::Small });
            emit(events, Event::Built { player: p, territory: t });
            finish_turn(c, s, was_in, events);
        }
        (Step::Play, Action::Move { from, to }) => {
            s.shift(from, to);
            emit(events, Event::Moved { player: p, from, to });
            finish_turn(c, s, was_in, events);
        }
        (Step::Play, Action::Invade { target, from }) => invade(c, s, p, target, from, rng, events),
        (Step::Play, Action::Pass) => {
            emit(events, Event::Passed { player: p });
            finish_turn(c, s, was_in, events);
        }
        (Step::Retreat { from, contested }, Action::Retreat(to)) => {
            s.stack.pop();
            s.shift(contested, to);
            emit(events, Event::Retreated { player: p, from: contested, to });
            s.shift(from, contested);
            emit(events, Event::Advanced { player: s.active, from, to: contested });
            finish_turn(c, s, was_in, events);
        }
        _ => {}
    }
}
