//! The flow of a game of Woobieworld on the engine's stack of pending steps: setup, the four
//! phases of a turn (the bottom step), cards resolved step by step on top of it (the play phase's
//! draw, or an environment's upkeep), draws and environments, the end at the fourth Mount Saint
//! Woobie, and the cycles variant's simultaneous face-down choice.

use worlds_engine::flow::{self, Progress, Stack};
use worlds_engine::secret::Secret;
use worlds_engine::{ByPlayer, Chance, EventSink, Outcome, Player, PlayerSet, Turn, Visibility};

use crate::action::Action;
use crate::area::{Area, Colour, Support};
use crate::card::{CardId, CardSet};
use crate::content::{Content, HAND};
use crate::effect::Rule;
use crate::effects;
use crate::event::{Event, emit};
use crate::in_force::{self, playable};
use crate::question::{Question, industry_bits, kinds, question};
use crate::state::{Cycle, Ending, InPlay, Resolution, State, Step};

/// Where action generators put actions: a list, or a counter when only "is there any?" matters
/// (so the automatic flow of a turn never allocates).
pub(crate) trait Sink {
    fn push(&mut self, a: Action);
    fn count(&self) -> usize;
    fn extend(&mut self, actions: impl IntoIterator<Item = Action>) {
        for a in actions {
            self.push(a);
        }
    }
}

impl Sink for Vec<Action> {
    fn push(&mut self, a: Action) {
        Vec::push(self, a);
    }
    fn count(&self) -> usize {
        self.len()
    }
}

/// Counts actions without keeping them.
#[derive(Default)]
struct Counter(usize);

impl Sink for Counter {
    fn push(&mut self, _: Action) {
        self.0 += 1;
    }
    fn count(&self) -> usize {
        self.0
    }
}

// ----- who decides -----

/// Who decides when no card is waiting for an answer.
fn phase_deciders(s: &State) -> PlayerSet {
    if s.ending.is_some() {
        return PlayerSet::EMPTY;
    }
    match s.stack.top() {
        Some(Step::Choose) => match &s.cycle {
            Some(c) => Player::all(s.players()).filter(|&p| !c.chosen.has_chosen(p) && !s.hand(p).is_empty()).collect(),
            None => PlayerSet::EMPTY,
        },
        Some(Step::ChooseHome | Step::Support { .. } | Step::Industry | Step::Play) => PlayerSet::only(s.active),
        Some(Step::Upkeep { .. } | Step::Draw | Step::Resolve(_)) | None => PlayerSet::EMPTY,
    }
}

/// Who must decide now.
pub fn deciders(c: &Content, s: &State) -> PlayerSet {
    match question(c, s) {
        Some((p, _)) => PlayerSet::only(p),
        None => phase_deciders(s),
    }
}

pub fn turn(c: &Content, s: &State) -> Turn {
    if s.ending.is_some() {
        return Turn::Over;
    }
    let d = deciders(c, s);
    match (s.stack.top(), d.len()) {
        (_, 0) => Turn::Over,
        (Some(Step::Choose), _) => Turn::Simultaneous(d),
        _ => d.first().map_or(Turn::Over, Turn::Decide),
    }
}

pub fn outcome(s: &State) -> Option<Outcome> {
    // WOOB-SCORE-1, WOOB-SCORE-2: highest score wins, ties share.
    s.ending.map(|_| Outcome::from_scores(ByPlayer::from_fn(s.players(), |p| s.score(p))))
}

// ----- legal actions -----

fn home_actions(c: &Content, s: &State, p: Player, new: bool, out: &mut impl Sink) {
    let map = &c.map;
    let others = Player::all(s.players()).filter(|q| *q != p).filter_map(|q| s.home(q)).fold(0, |m, a| m | a.bit());
    // WOOB-SETUP-2: an unoccupied land area; WOOB-SUPPORT-2: any land area but another's home.
    let areas = if new { map.land() & !others } else { map.land() & !s.home_mask() };
    for area in Area::in_mask(areas) {
        for colour in Colour::ALL {
            if s.pile(colour.support()) > 0 {
                out.push(Action::Home { area, colour });
            }
        }
    }
}

/// WOOB-SUPPORT-2: a player whose home holds no support at all starts a new one.
pub fn must_rehome(s: &State, p: Player) -> bool {
    s.home(p).is_some_and(|h| s.total_support(h) == 0)
}

#[inline]
fn support_actions(c: &Content, s: &State, p: Player, taken: u8, out: &mut impl Sink) {
    if must_rehome(s, p) {
        return home_actions(c, s, p, true, out);
    }
    for colour in Colour::ALL {
        if s.pile(colour.support()) > 0 {
            out.push(Action::Gain(colour));
        }
    }
    if taken > 0 {
        return; // Already taking support: no Anarch move now (WOOB-RULING-7).
    }
    let map = &c.map;
    let avoid = if in_force::anarchs_avoid_water(c, s) { map.water() } else { 0 };
    for from in map.areas().filter(|&a| s.support_in(a, Support::Anarch) > 0) {
        for to in Area::in_mask(map.borders(from) & !avoid) {
            out.push(Action::MoveAnarch { from, to });
        }
    }
}

#[inline]
fn industry_actions(c: &Content, s: &State, out: &mut impl Sink) {
    let start = out.count();
    for colour in Colour::ALL {
        if s.industry_pile(colour) > 0 {
            out.extend(c.map.areas().map(|area| Action::PlaceIndustry { colour, area }));
        }
    }
    if out.count() > start {
        out.push(Action::SkipIndustry);
    }
}

#[inline]
fn play_actions(c: &Content, s: &State, p: Player, out: &mut impl Sink) {
    let hand = s.hand(p);
    if let Some(cycle) = &s.cycle {
        // WOOB-CYCLE-2 / WOOB-CYCLE-3.
        match cycle.chosen.get(p) {
            Some(chosen) if playable(c, s, p, chosen) => out.push(Action::Play(chosen)),
            Some(chosen) => {
                out.extend(CardId::in_set(hand).filter(|&k| playable(c, s, p, k)).map(Action::Play));
                out.push(Action::Discard(chosen));
            }
            None => {}
        }
        return;
    }
    let start = out.count();
    out.extend(CardId::in_set(hand).filter(|&k| playable(c, s, p, k)).map(Action::Play));
    if out.count() == start {
        // WOOB-PLAY-5 (ruling): nothing playable, so discard one card without effect.
        out.extend(CardId::in_set(hand).map(Action::Discard));
    }
}

fn question_actions(q: &Question, out: &mut impl Sink) {
    match q {
        Question::Branch(n) => out.extend((0..*n).map(Action::Branch)),
        Question::Area(m) => out.extend(Area::in_mask(*m).map(Action::Area)),
        Question::Industry(m) => out.extend(industry_bits(*m).map(|(area, colour)| Action::Industry { area, colour })),
        Question::Player(set) => out.extend(set.iter().map(Action::Player)),
        Question::Colour(m) => out.extend(kinds(*m).filter_map(Support::colour).map(Action::Colour)),
        Question::Pick(m) => out.extend(kinds(*m).map(Action::Pick)),
        Question::Environment(m) => out.extend(CardId::in_set(*m).map(Action::Environment)),
    }
}

/// The legal actions of `p` (none unless `p` decides now).
pub fn legal_actions(c: &Content, s: &State, p: Player, out: &mut Vec<Action>) {
    // The question is asked once: it is the costly part on the playout path.
    if let Some((who, q)) = question(c, s) {
        if who == p {
            question_actions(&q, out);
        }
        return;
    }
    if !phase_deciders(s).contains(p) {
        return;
    }
    match s.stack.top() {
        Some(Step::ChooseHome) => home_actions(c, s, p, false, out),
        Some(Step::Choose) => Sink::extend(out, CardId::in_set(s.hand(p)).map(Action::Commit)),
        Some(Step::Support { taken }) => support_actions(c, s, p, *taken, out),
        Some(Step::Industry) => industry_actions(c, s, out),
        Some(Step::Play) => play_actions(c, s, p, out),
        _ => {}
    }
}

// ----- the flow of a game -----

fn end(s: &mut State, ending: Ending) {
    s.ending = Some(ending);
    s.stack.clear();
}

/// Draws one card for `p`: an environment goes into play and they draw again (WOOB-DRAW-1).
fn draw(c: &Content, s: &mut State, p: Player, rng: &mut impl Chance, events: &mut impl EventSink<Event>) {
    for _ in 0..=c.cards.len() {
        if s.deck.is_empty() {
            if s.discard.is_empty() {
                return; // WOOB-RULING-10.
            }
            emit(events, Event::Reshuffled { cards: s.discard.len() as u8 });
            s.deck = std::mem::take(&mut s.discard);
        }
        let Some(card) = s.deck.draw(rng).map(CardId) else { return };
        if c.environments.contains(card.0) {
            if s.in_play.try_push(InPlay { card, caretaker: p }).is_err() {
                s.discard.insert(card.0);
            }
            emit(events, Event::EnvironmentEntered { card, caretaker: p });
            if in_force::volcanoes_in_play(c, s) >= 4 {
                // WOOB-END-1.
                end(s, Ending::Eruption);
                emit(events, Event::GameOver { volcanoes: 4, turn_cap: false });
                return;
            }
            continue;
        }
        s.hands[p].insert(card.0);
        events.emit(Visibility::all_but(p), Event::Drew { player: p });
        events.emit(Visibility::only(p), Event::DrewCard { player: p, card });
        return;
    }
}

fn begin_turn(c: &Content, s: &mut State, p: Player, events: &mut impl EventSink<Event>) {
    if s.turn >= c.turn_cap {
        // WOOB-RULING-4.
        end(s, Ending::TurnCap);
        emit(events, Event::GameOver { volcanoes: in_force::volcanoes_in_play(c, s), turn_cap: true });
        return;
    }
    s.turn += 1;
    s.active = p;
    s.stack = Stack::with(Step::Upkeep { done: CardSet::default() });
    emit(events, Event::TurnStarted { player: p, turn: s.turn });
}

fn end_turn(c: &Content, s: &mut State, events: &mut impl EventSink<Event>) {
    let n = s.players();
    let next = match s.cycle.as_mut() {
        None => Some(s.active.next(n)),
        Some(k) => {
            k.position += 1;
            k.order.get(usize::from(k.position)).copied()
        }
    };
    match next {
        Some(p) => begin_turn(c, s, p, events),
        None => begin_cycle(s),
    }
}

/// WOOB-CYCLE-1: a new cycle starts with everyone choosing a card face down.
fn begin_cycle(s: &mut State) {
    let n = s.players();
    s.cycle = Some(Cycle { chosen: Secret::new(n), order: Default::default(), position: 0 });
    s.stack = Stack::with(Step::Choose);
}

/// WOOB-CYCLE-1, WOOB-CYCLE-2: all choices revealed together; turns in ascending card number.
fn reveal(c: &Content, s: &mut State, events: &mut impl EventSink<Event>) {
    let Some(k) = s.cycle.as_mut() else { return };
    let mut order: arrayvec::ArrayVec<(u16, Player), { worlds_engine::MAX_PLAYERS }> = arrayvec::ArrayVec::new();
    let mut without: arrayvec::ArrayVec<Player, { worlds_engine::MAX_PLAYERS }> = arrayvec::ArrayVec::new();
    for p in s.first.clockwise_from(s.homes.len()) {
        match k.chosen.get(p) {
            Some(card) => order.push((c.card(card).number, p)),
            None => without.push(p),
        }
    }
    order.sort_unstable();
    k.order = order.iter().map(|&(_, p)| p).chain(without).collect();
    k.chosen.reveal();
    k.position = 0;
    // The chosen cards are shown as chosen from now on, no longer among the known ones.
    for (p, card) in k.chosen.iter() {
        if let Some(card) = card {
            s.known[p].remove(card.0);
        }
    }
    let cards = order.iter().filter_map(|&(_, p)| Some((p, k.chosen.get(p)?))).collect();
    let first = k.order.first().copied();
    emit(events, Event::Revealed { cards });
    if let Some(p) = first {
        begin_turn(c, s, p, events);
    }
}

/// Runs everything that needs no decision, until someone must decide or the game ends.
fn advance(c: &Content, s: &mut State, rng: &mut impl Chance, events: &mut impl EventSink<Event>) {
    flow::advance(|| step(c, s, rng, events));
}

/// One step nobody decides (`Continue`), or where the flow stops: someone decides, or it is over.
#[inline]
fn step(c: &Content, s: &mut State, rng: &mut impl Chance, events: &mut impl EventSink<Event>) -> Progress {
    if s.ending.is_some() {
        return Progress::Over;
    }
    let p = s.active;
    let mut probe = Counter::default();
    let next = match s.stack.top().copied() {
        None | Some(Step::ChooseHome) => return Progress::Decide,
        Some(Step::Resolve(_)) => {
            if !effects::run(c, s, events) {
                return Progress::Decide;
            }
            // The card is done: a played card goes to the discard pile, then the draw.
            if let (Some(Step::Resolve(r)), Some(Step::Draw)) = (s.stack.pop(), s.stack.top()) {
                s.discard.insert(r.card.0);
            }
            return Progress::Continue;
        }
        Some(Step::Choose) if deciders(c, s).is_empty() => {
            reveal(c, s, events);
            return Progress::Continue;
        }
        Some(Step::Choose) => return Progress::Decide,
        Some(Step::Upkeep { done }) => {
            // WOOB-RULING-8: upkeep effects in the order their environments came into play.
            let next = s.in_play.iter().find(|e| {
                !done.contains(e.card.0)
                    && match c.rule(e.card) {
                        Some(Rule::CaretakerUpkeep { .. }) => e.caretaker == p,
                        Some(Rule::Upkeep { .. }) => true,
                        _ => false,
                    }
            });
            match next.copied() {
                None => Step::Support { taken: 0 },
                Some(e) => {
                    s.stack.replace_top(Step::Upkeep { done: done | e.card.set() });
                    emit(events, Event::Upkeep { card: e.card, player: p });
                    s.stack.push(Step::Resolve(Resolution::new(e.card, p)));
                    return Progress::Continue;
                }
            }
        }
        Some(Step::Support { taken }) => {
            support_actions(c, s, p, taken, &mut probe);
            Step::Industry
        }
        Some(Step::Industry) => {
            if !in_force::no_industry_phase(c, s) {
                industry_actions(c, s, &mut probe);
            }
            Step::Play
        }
        Some(Step::Play) => {
            play_actions(c, s, p, &mut probe);
            Step::Draw
        }
        Some(Step::Draw) => {
            draw(c, s, p, rng, events);
            if s.ending.is_none() {
                end_turn(c, s, events);
            }
            return Progress::Continue;
        }
    };
    // A phase in which the player has something to do waits for them; otherwise it is over.
    if probe.count() > 0 {
        return Progress::Decide;
    }
    s.stack.replace_top(next);
    Progress::Continue
}

/// A new game: the deal, and the first player (WOOB-SETUP-1, WOOB-SETUP-2).
pub fn start(c: &Content, n: usize, rng: &mut impl Chance, events: &mut impl EventSink<Event>) -> State {
    let first = c.first.unwrap_or_else(|| Player::from_index(rng.pick(n as u32) as usize));
    let mut s = State {
        areas: c.map.len(),
        stack: Stack::with(Step::ChooseHome),
        ending: None,
        first,
        active: first,
        turn: 0,
        homes: ByPlayer::filled(n, None),
        support: [[0; 5]; Area::MAX],
        industry: [[0; 4]; Area::MAX],
        hands: ByPlayer::filled(n, CardSet::EMPTY),
        known: ByPlayer::filled(n, CardSet::EMPTY),
        deck: c.environments,
        discard: CardSet::EMPTY,
        in_play: Default::default(),
        cycle: None,
    };
    // WOOB-SETUP-1 and WOOB-RULING-1: deal four cards each; a Mount Saint Woobie (or any other
    // environment) dealt is mixed back and replaced, i.e. the deal draws from the action cards.
    let mut actions = c.all_cards - c.environments;
    for p in Player::all(n) {
        for _ in 0..HAND {
            let Some(card) = actions.draw(rng).map(CardId) else { break };
            s.hands[p].insert(card.0);
            events.emit(Visibility::only(p), Event::DealtCard { player: p, card });
        }
        // The others learn how many; the player has just seen each card.
        events.emit(Visibility::all_but(p), Event::Dealt { player: p, count: s.hands[p].len() as u8 });
    }
    s.deck |= actions;
    emit(events, Event::FirstPlayer { player: first });
    s
}

/// WOOB-SETUP-2, WOOB-SUPPORT-2: `area` becomes `p`'s home (a `new` one when the old one is
/// empty), with one coloured support.
fn make_home(s: &mut State, p: Player, area: Area, colour: Colour, new: bool, events: &mut impl EventSink<Event>) {
    s.homes[p] = Some(area);
    s.add_support(area, colour.support(), 1);
    emit(events, Event::HomeChosen { player: p, area, colour, new });
}

/// Applies an action known to be legal, then runs the game on to the next decision.
pub fn apply(
    c: &Content,
    s: &mut State,
    p: Player,
    action: Action,
    rng: &mut impl Chance,
    events: &mut impl EventSink<Event>,
) {
    if s.resolving().is_some() {
        effects::answer(c, s, action, events);
    } else {
        let Some(&step) = s.stack.top() else { return };
        match (step, action) {
            (Step::ChooseHome, Action::Home { area, colour }) => {
                make_home(s, p, area, colour, false, events);
                s.active = p.next(s.players());
                if s.active == s.first {
                    if c.cycles {
                        begin_cycle(s);
                    } else {
                        begin_turn(c, s, s.first, events);
                    }
                }
            }
            (Step::Choose, Action::Commit(card)) => {
                // WOOB-HAND-1: a known card chosen face down stays known until the reveal.
                s.hands[p].remove(card.0);
                if let Some(k) = s.cycle.as_mut() {
                    k.chosen.commit(p, card);
                }
                events.emit(Visibility::all_but(p), Event::Committed { player: p });
                events.emit(Visibility::only(p), Event::CommittedCard { player: p, card });
            }
            (Step::Support { .. }, Action::Home { area, colour }) => {
                // WOOB-SUPPORT-2: a new home, and that is the support phase.
                make_home(s, p, area, colour, true, events);
                s.stack.replace_top(Step::Industry);
            }
            (Step::Support { taken }, Action::Gain(colour)) => {
                if let Some(home) = s.home(p) {
                    s.add_support(home, colour.support(), 1);
                    emit(events, Event::Gained { player: p, support: colour.support(), count: 1 });
                }
                let taken = taken.saturating_add(1);
                let next =
                    if taken >= in_force::support_pieces(c, s) { Step::Industry } else { Step::Support { taken } };
                s.stack.replace_top(next);
            }
            (Step::Support { .. }, Action::MoveAnarch { from, to }) => {
                s.take_support(from, Support::Anarch, 1);
                s.add_support(to, Support::Anarch, 1);
                emit(events, Event::AnarchsMoved { from, to, count: 1 });
                s.stack.replace_top(Step::Industry);
            }
            (Step::Industry, Action::PlaceIndustry { colour, area }) => {
                s.add_industry(area, colour);
                emit(events, Event::IndustryPlaced { area, colour });
                s.stack.replace_top(Step::Play);
            }
            (Step::Industry, Action::SkipIndustry) => {
                emit(events, Event::SkippedIndustry { player: p });
                s.stack.replace_top(Step::Play);
            }
            (Step::Play, Action::Play(card)) => {
                if let Some(k) = s.cycle.as_mut()
                    && let Some(chosen) = k.chosen.take(p)
                    && chosen != card
                {
                    // WOOB-CYCLE-3: the chosen card goes back to the hand, known to all.
                    s.hands[p].insert(chosen.0);
                    s.known[p].insert(chosen.0);
                    emit(events, Event::TookBack { player: p, card: chosen });
                }
                s.hands[p].remove(card.0);
                s.known[p].remove(card.0);
                emit(events, Event::Played { player: p, card });
                // WOOB-PLAY-2: the card resolves on top of what follows it (its discard, the draw).
                s.stack.replace_top(Step::Draw);
                s.stack.push(Step::Resolve(Resolution::new(card, p)));
            }
            (Step::Play, Action::Discard(card)) => {
                if let Some(k) = s.cycle.as_mut()
                    && k.chosen.get(p) == Some(card)
                {
                    k.chosen.take(p);
                }
                s.hands[p].remove(card.0);
                s.known[p].remove(card.0);
                s.discard.insert(card.0);
                emit(events, Event::DiscardedUnplayed { player: p, card });
                s.stack.replace_top(Step::Draw);
            }
            _ => return,
        }
    }
    advance(c, s, rng, events);
}
