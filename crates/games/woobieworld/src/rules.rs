//! The rules of Woobieworld on the engine contract: setup, the four phases of a turn, draws and
//! environments, the end at the fourth Mount Saint Woobie, scoring, and the cycles variant.

use std::sync::Arc;

use serde::Deserialize;
use worlds_engine::{
    ByPlayer, Chance, Config, ConfigError, EventSink, Game, GameInfo, NotationError, Outcome, Player, PlayerSet,
    RuleError, StateError, Style, Turn, VariantInfo, Viewer, Visibility,
};

use crate::action::Action;
use crate::area::{Area, Colour, Support};
use crate::card::{CardId, CardType};
use crate::content::Content;
use crate::effect::Rule;
use crate::event::Event;
use crate::interpret::Question;
use crate::state::{Cycle, InPlay, Origin, Phase, Resolution, State};
use crate::view::{self, Observation};

static INFO: GameInfo = GameInfo {
    id: "woobieworld",
    name: "Woobieworld",
    min_players: 2,
    max_players: 6,
    recommended_max_players: 6,
    variants: &[
        VariantInfo { id: "standard", description: "players take full turns clockwise" },
        VariantInfo { id: "cycles", description: "everyone picks a card face down; turns go in ascending card number" },
    ],
    summary: "win the island's support before Mount Saint Woobie erupts; squares of each colour, minus Anarchs",
    hidden_information: true,
};

/// Cards dealt to each player (WOOB-SETUP-1).
pub const HAND: u32 = 4;

/// The default turn cap (WOOB-RULING-4).
pub const DEFAULT_TURN_CAP: u32 = 1000;

/// Options of `Config::options`.
#[derive(Clone, PartialEq, Eq, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// WOOB-SETUP-2: the first player (0-based seat); random when absent.
    #[serde(default)]
    pub first: Option<usize>,
    /// WOOB-RULING-4: the game ends and is scored after this many turns (default 1000).
    #[serde(default)]
    pub turn_cap: Option<u32>,
}

/// Woobieworld: the rules, the content and the options of one game.
#[derive(Clone, Debug)]
pub struct Woobieworld {
    config: Config,
    pub(crate) content: Arc<Content>,
    cycles: bool,
    first: Option<Player>,
    turn_cap: u32,
}

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

fn emit(events: &mut impl EventSink<Event>, e: Event) {
    events.emit(Visibility::PUBLIC, e);
}

/// The `k`-th card of a set (`k` below its size).
fn nth(mask: u128, k: u32) -> Option<CardId> {
    CardId::in_mask(mask).nth(k as usize)
}

impl Woobieworld {
    pub fn content(&self) -> &Content {
        &self.content
    }

    pub fn is_cycles(&self) -> bool {
        self.cycles
    }

    pub fn turn_cap(&self) -> u32 {
        self.turn_cap
    }

    fn rules_in_play<'a>(&'a self, s: &'a State) -> impl Iterator<Item = &'a Rule> + 'a {
        s.in_play.iter().filter_map(|e| self.content.rule(e.card))
    }

    pub(crate) fn anarchs_avoid_water(&self, s: &State) -> bool {
        self.rules_in_play(s).any(|r| *r == Rule::AnarchsAvoidWater)
    }

    fn no_industry_phase(&self, s: &State) -> bool {
        self.rules_in_play(s).any(|r| *r == Rule::NoIndustryPhase)
    }

    /// Coloured support the support phase gives (WOOB-PLAY-6: an environment may raise it).
    fn support_pieces(&self, s: &State) -> u8 {
        self.rules_in_play(s)
            .filter_map(|r| if let Rule::SupportPieces { count } = r { Some(*count) } else { None })
            .max()
            .unwrap_or(1)
    }

    fn banned(&self, s: &State, colour: Colour) -> bool {
        self.rules_in_play(s).any(|r| *r == Rule::ColourBanned { colour })
    }

    pub fn volcanoes_in_play(&self, s: &State) -> u8 {
        s.in_play.iter().filter(|e| self.content.volcanoes & e.card.bit() != 0).count() as u8
    }

    /// WOOB-PLAY-1: a COLOUR ACTION needs that colour at home (and no environment banning it).
    pub fn playable(&self, s: &State, p: Player, card: CardId) -> bool {
        let c = self.content.card(card);
        match c.kind {
            CardType::Environment => false,
            CardType::Action => true,
            kind => {
                kind.colour().is_some_and(|colour| !self.banned(s, colour) && s.home_support(p, colour.support()) > 0)
            }
        }
    }

    fn over(&self, s: &State) -> bool {
        matches!(s.phase, Phase::Over { .. })
    }

    /// Who must decide now, or `None` when the game is over or nothing needs deciding.
    fn deciders(&self, s: &State) -> PlayerSet {
        match self.question(s) {
            Some((p, _)) => PlayerSet::only(p),
            None => self.phase_deciders(s),
        }
    }

    /// Who decides when no card is waiting for an answer.
    fn phase_deciders(&self, s: &State) -> PlayerSet {
        match s.phase {
            Phase::Over { .. } => PlayerSet::EMPTY,
            Phase::Choose => match &s.cycle {
                Some(c) => Player::all(s.players()).filter(|&p| c.committed[p].is_none() && s.hand(p) != 0).collect(),
                None => PlayerSet::EMPTY,
            },
            _ if s.resolution.is_some() => PlayerSet::EMPTY,
            _ => PlayerSet::only(s.active),
        }
    }

    // ----- legal actions, by phase -----

    fn home_actions(&self, s: &State, p: Player, new: bool, out: &mut impl Sink) {
        let map = &self.content.map;
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

    fn must_rehome(&self, s: &State, p: Player) -> bool {
        s.home(p).is_some_and(|h| s.total_support(h) == 0)
    }

    fn support_actions(&self, s: &State, p: Player, out: &mut impl Sink) {
        if self.must_rehome(s, p) {
            return self.home_actions(s, p, true, out);
        }
        for c in Colour::ALL {
            if s.pile(c.support()) > 0 {
                out.push(Action::Gain(c));
            }
        }
        if s.support_taken > 0 {
            return; // Already taking support: no Anarch move now.
        }
        let map = &self.content.map;
        let avoid = if self.anarchs_avoid_water(s) { map.water() } else { 0 };
        for from in map.areas().filter(|&a| s.support_in(a, Support::Anarch) > 0) {
            for to in Area::in_mask(map.borders(from) & !avoid) {
                out.push(Action::MoveAnarch { from, to });
            }
        }
    }

    fn industry_actions(&self, s: &State, out: &mut impl Sink) {
        let start = out.count();
        for colour in Colour::ALL {
            if s.industry_pile(colour) > 0 {
                out.extend(self.content.map.areas().map(|area| Action::PlaceIndustry { colour, area }));
            }
        }
        if out.count() > start {
            out.push(Action::SkipIndustry);
        }
    }

    fn play_actions(&self, s: &State, p: Player, out: &mut impl Sink) {
        let hand = s.hand(p);
        if let Some(cycle) = &s.cycle {
            // WOOB-CYCLE-2 / WOOB-CYCLE-3.
            match cycle.committed[p] {
                Some(chosen) if self.playable(s, p, chosen) => out.push(Action::Play(chosen)),
                Some(chosen) => {
                    out.extend(CardId::in_mask(hand).filter(|&c| self.playable(s, p, c)).map(Action::Play));
                    out.push(Action::Discard(chosen));
                }
                None => {}
            }
            return;
        }
        let start = out.count();
        out.extend(CardId::in_mask(hand).filter(|&c| self.playable(s, p, c)).map(Action::Play));
        if out.count() == start {
            // WOOB-PLAY-5 (ruling): nothing playable, so discard one card without effect.
            out.extend(CardId::in_mask(hand).map(Action::Discard));
        }
    }

    fn question_actions(&self, q: &Question, out: &mut impl Sink) {
        match q {
            Question::Branch(n) => out.extend((0..*n).map(Action::Branch)),
            Question::Area(m) => out.extend(Area::in_mask(*m).map(Action::Area)),
            Question::Industry(m) => {
                out.extend(crate::interpret::industry_bits(*m).map(|(area, colour)| Action::Industry { area, colour }))
            }
            Question::Player(set) => out.extend(set.iter().map(Action::Player)),
            Question::Colour(m) => {
                out.extend(Colour::ALL.into_iter().filter(|c| m & (1 << c.index()) != 0).map(Action::Colour))
            }
            Question::Pick(m) => {
                out.extend(Support::ALL.into_iter().filter(|k| m & (1 << k.index()) != 0).map(Action::Pick))
            }
            Question::Environment(m) => out.extend(CardId::in_mask(*m).map(Action::Environment)),
        }
    }

    // ----- the flow of a game -----

    /// Draws one card for `p`: an environment goes into play and they draw again (WOOB-DRAW-1).
    fn draw(&self, s: &mut State, p: Player, rng: &mut impl Chance, events: &mut impl EventSink<Event>) {
        for _ in 0..=self.content.cards.len() {
            if s.deck == 0 {
                if s.discard == 0 {
                    return;
                }
                emit(events, Event::Reshuffled { cards: s.discard.count_ones() as u8 });
                s.deck = s.discard;
                s.discard = 0;
            }
            let Some(card) = nth(s.deck, rng.pick(s.deck.count_ones())) else { return };
            s.deck &= !card.bit();
            if self.content.environments & card.bit() != 0 {
                if s.in_play.try_push(InPlay { card, caretaker: p }).is_err() {
                    s.discard |= card.bit();
                }
                emit(events, Event::EnvironmentEntered { card, caretaker: p });
                if self.volcanoes_in_play(s) >= 4 {
                    // WOOB-END-1.
                    s.phase = Phase::Over { turn_cap: false };
                    s.resolution = None;
                    emit(events, Event::GameOver { volcanoes: 4, turn_cap: false });
                    return;
                }
                continue;
            }
            if let Some(h) = s.hands.get_mut(p) {
                *h |= card.bit();
            }
            events.emit(Visibility::all_but(p), Event::Drew { player: p });
            events.emit(Visibility::only(p), Event::DrewCard { player: p, card });
            return;
        }
    }

    fn begin_turn(&self, s: &mut State, p: Player, events: &mut impl EventSink<Event>) {
        if s.turn >= self.turn_cap {
            // WOOB-RULING-4.
            s.phase = Phase::Over { turn_cap: true };
            emit(events, Event::GameOver { volcanoes: self.volcanoes_in_play(s), turn_cap: true });
            return;
        }
        s.turn += 1;
        s.active = p;
        s.phase = Phase::Upkeep;
        s.upkeep_done = 0;
        emit(events, Event::TurnStarted { player: p, turn: s.turn });
    }

    fn end_turn(&self, s: &mut State, events: &mut impl EventSink<Event>) {
        let n = s.players();
        let next = match s.cycle.as_mut() {
            None => Some(s.active.next(n)),
            Some(c) => {
                c.position += 1;
                c.order.get(usize::from(c.position)).copied()
            }
        };
        match next {
            Some(p) => self.begin_turn(s, p, events),
            None => self.begin_cycle(s),
        }
    }

    /// WOOB-CYCLE-1: a new cycle starts with everyone choosing a card face down.
    fn begin_cycle(&self, s: &mut State) {
        let n = s.players();
        s.cycle = Some(Cycle {
            committed: ByPlayer::filled(n, None),
            revealed: false,
            order: Default::default(),
            position: 0,
        });
        s.phase = Phase::Choose;
    }

    /// WOOB-CYCLE-1, WOOB-CYCLE-2: all choices revealed together; turns in ascending card number.
    fn reveal(&self, s: &mut State, events: &mut impl EventSink<Event>) {
        let Some(c) = s.cycle.as_mut() else { return };
        let mut order: Vec<(u16, Player)> = Vec::new();
        let mut without: Vec<Player> = Vec::new();
        for p in s.first.clockwise_from(s.homes.len()) {
            match c.committed[p] {
                Some(card) => order.push((self.content.card(card).number, p)),
                None => without.push(p),
            }
        }
        order.sort_unstable();
        c.order = order.iter().map(|&(_, p)| p).chain(without).collect();
        c.revealed = true;
        c.position = 0;
        let cards = order.iter().filter_map(|&(_, p)| Some((p, c.committed[p]?))).collect();
        emit(events, Event::Revealed { cards });
        if let Some(&p) = c.order.first() {
            self.begin_turn(s, p, events);
        }
    }

    /// Runs everything that needs no decision, until someone must decide or the game ends.
    fn advance(&self, s: &mut State, rng: &mut impl Chance, events: &mut impl EventSink<Event>) {
        for _ in 0..100_000 {
            if self.over(s) {
                return;
            }
            if s.resolution.is_some() {
                if !self.run_resolution(s, events) {
                    return;
                }
                let Some(r) = s.resolution.take() else { continue };
                match r.origin {
                    Origin::Played => {
                        s.discard |= r.card.bit();
                        s.phase = Phase::Draw;
                    }
                    Origin::Upkeep => s.phase = Phase::Upkeep,
                }
                continue;
            }
            let p = s.active;
            let mut probe = Counter::default();
            match s.phase {
                Phase::Over { .. } => return,
                Phase::ChooseHome => return,
                Phase::Choose => {
                    if self.deciders(s).is_empty() {
                        self.reveal(s, events);
                        continue;
                    }
                    return;
                }
                Phase::Upkeep => {
                    let next = s.in_play.iter().find(|e| {
                        s.upkeep_done & e.card.bit() == 0
                            && match self.content.rule(e.card) {
                                Some(Rule::CaretakerUpkeep { .. }) => e.caretaker == p,
                                Some(Rule::Upkeep { .. }) => true,
                                _ => false,
                            }
                    });
                    match next.copied() {
                        Some(e) => {
                            s.upkeep_done |= e.card.bit();
                            emit(events, Event::Upkeep { card: e.card, player: p });
                            s.resolution = Some(Resolution {
                                card: e.card,
                                player: p,
                                origin: Origin::Upkeep,
                                pc: 0,
                                area: None,
                                industry: None,
                                chosen: None,
                                colour: None,
                                removed: [0; 4],
                                task: None,
                            });
                        }
                        None => {
                            s.phase = Phase::Support;
                            s.support_taken = 0;
                        }
                    }
                }
                Phase::Support => {
                    self.support_actions(s, p, &mut probe);
                    if probe.count() > 0 {
                        return;
                    }
                    s.phase = Phase::Industry;
                }
                Phase::Industry => {
                    if !self.no_industry_phase(s) {
                        self.industry_actions(s, &mut probe);
                        if probe.count() > 0 {
                            return;
                        }
                    }
                    s.phase = Phase::Play;
                }
                Phase::Play => {
                    self.play_actions(s, p, &mut probe);
                    if probe.count() > 0 {
                        return;
                    }
                    s.phase = Phase::Draw;
                }
                Phase::Draw => {
                    self.draw(s, p, rng, events);
                    if self.over(s) {
                        return;
                    }
                    self.end_turn(s, events);
                }
            }
        }
    }

    fn legal_into(&self, s: &State, p: Player, out: &mut Vec<Action>) {
        // The question is asked once: it is the costly part on the playout path.
        if let Some((who, q)) = self.question(s) {
            if who == p {
                self.question_actions(&q, out);
            }
            return;
        }
        if !self.phase_deciders(s).contains(p) {
            return;
        }
        match s.phase {
            Phase::ChooseHome => self.home_actions(s, p, false, out),
            Phase::Choose => Sink::extend(out, CardId::in_mask(s.hand(p)).map(Action::Commit)),
            Phase::Support => self.support_actions(s, p, out),
            Phase::Industry => self.industry_actions(s, out),
            Phase::Play => self.play_actions(s, p, out),
            Phase::Upkeep | Phase::Draw | Phase::Over { .. } => {}
        }
    }

    /// Why an action is not legal, as precisely as the rules allow.
    fn diagnose(&self, s: &State, p: Player, action: Action) -> RuleError {
        let map = &self.content.map;
        let name = |a: Area| map.name(a).to_owned();
        if let Some((_, q)) = self.question(s) {
            let card = s.resolution.as_ref().map_or(String::new(), |r| self.content.card(r.card).name.clone());
            let what = match q {
                Question::Branch(n) => format!("choose one of the {n} options of {card}, e.g. `option 1`"),
                Question::Area(_) => format!("{card} asks you to choose an area"),
                Question::Industry(_) => format!("{card} asks you to choose an industry"),
                Question::Player(_) => format!("{card} asks you to choose a player"),
                Question::Colour(_) => format!("{card} asks you to choose a colour"),
                Question::Pick(_) => format!("{card} asks you to pick a piece of support"),
                Question::Environment(_) => format!("{card} asks you to choose an environment in play"),
            };
            return RuleError::illegal("WOOB-PLAY-2", format!("that is not one of the possibilities: {what}"));
        }
        match (s.phase, action) {
            (Phase::ChooseHome | Phase::Support, Action::Home { area, colour }) => {
                let rule = if s.phase == Phase::ChooseHome { "WOOB-SETUP-2" } else { "WOOB-SUPPORT-2" };
                if s.phase == Phase::Support && !self.must_rehome(s, p) {
                    return RuleError::illegal(
                        rule,
                        "you still have support at home; only a player with none starts a new home",
                    );
                }
                if area.index() >= map.len() || map.land() & area.bit() == 0 {
                    return RuleError::illegal(rule, "a home must be on a land area");
                }
                if let Some(owner) = s.home_owner(area).filter(|o| *o != p || s.phase == Phase::ChooseHome) {
                    return RuleError::illegal(rule, format!("{} is already {owner}'s home", name(area)));
                }
                if s.pile(colour.support()) == 0 {
                    return RuleError::illegal("WOOB-SUP-2", format!("the pile has no {colour} support left"));
                }
                RuleError::illegal(rule, "that home cannot be chosen")
            }
            (Phase::ChooseHome, _) => {
                RuleError::illegal("WOOB-SETUP-2", "choose your home first, e.g. `home doom-grove red`")
            }
            (Phase::Choose, Action::Commit(_)) => {
                RuleError::illegal("WOOB-CYCLE-1", "you can only choose a card from your hand")
            }
            (Phase::Choose, _) => {
                RuleError::illegal("WOOB-CYCLE-1", "everyone is choosing a card face down: `commit CARD`")
            }
            (Phase::Support, _) if self.must_rehome(s, p) => RuleError::illegal(
                "WOOB-SUPPORT-2",
                "your home has no support: place a coloured support on a land area to start a new home, e.g. `home woobania red`",
            ),
            (Phase::Support, Action::Gain(c)) => {
                if s.pile(c.support()) == 0 {
                    RuleError::illegal("WOOB-SUP-2", format!("the pile has no {c} support left"))
                } else {
                    RuleError::illegal("WOOB-SUPPORT-1", "you cannot take support now")
                }
            }
            (Phase::Support, Action::MoveAnarch { from, to }) => {
                if s.support_taken > 0 {
                    RuleError::illegal(
                        "WOOB-SUPPORT-1",
                        "you are taking support this phase; you cannot also move an Anarch",
                    )
                } else if from.index() >= map.len() || s.support_in(from, Support::Anarch) == 0 {
                    RuleError::illegal("WOOB-SUPPORT-1", "there is no Anarch there to move")
                } else if to.index() >= map.len() || map.borders(from) & to.bit() == 0 {
                    RuleError::illegal(
                        "WOOB-SUPPORT-1",
                        format!("an Anarch moves to a neighbouring area, and that does not border {}", name(from)),
                    )
                } else {
                    RuleError::illegal(
                        "WOOB-PLAY-6",
                        format!("an environment in play keeps Anarchs out of {}", name(to)),
                    )
                }
            }
            (Phase::Support, _) => RuleError::illegal(
                "WOOB-SUPPORT-1",
                "support phase: take a coloured support (`gain red`) or move an Anarch (`anarch FROM to TO`)",
            ),
            (Phase::Industry, Action::PlaceIndustry { colour, area }) => {
                if area.index() >= map.len() {
                    RuleError::illegal("WOOB-INDUSTRY-1", "no such area")
                } else if s.industry_pile(colour) == 0 {
                    RuleError::illegal("WOOB-SUP-2", format!("the pile has no {colour} industry left"))
                } else {
                    RuleError::illegal("WOOB-INDUSTRY-1", "you cannot place an industry now")
                }
            }
            (Phase::Industry, _) => RuleError::illegal(
                "WOOB-INDUSTRY-1",
                "industry phase: place one (`industry red woobania`) or `skip industry`",
            ),
            (Phase::Play, Action::Play(card) | Action::Discard(card)) => {
                let in_cycle = s.cycle.as_ref().and_then(|c| c.committed[p]);
                if card.index() >= self.content.cards.len() || (s.hand(p) & card.bit() == 0 && in_cycle != Some(card)) {
                    return RuleError::illegal("WOOB-PLAY-1", "that card is not in your hand");
                }
                let c = self.content.card(card);
                if let (Some(chosen), Action::Play(_)) = (in_cycle, action)
                    && self.playable(s, p, chosen)
                {
                    return RuleError::illegal(
                        "WOOB-CYCLE-2",
                        format!("you chose {} for this cycle and can play it", self.content.card(chosen).name),
                    );
                }
                if matches!(action, Action::Discard(_)) {
                    return match in_cycle {
                        Some(chosen) if chosen != card => RuleError::illegal(
                            "WOOB-CYCLE-3",
                            format!("only your chosen card, {}, may be discarded", self.content.card(chosen).name),
                        ),
                        _ => RuleError::illegal("WOOB-PLAY-5", "you have a card you can play, so you must play one"),
                    };
                }
                match c.kind.colour() {
                    Some(colour) if self.banned(s, colour) => RuleError::illegal(
                        "WOOB-PLAY-6",
                        format!("an environment in play forbids {} cards", c.kind.label()),
                    ),
                    Some(colour) => RuleError::illegal(
                        "WOOB-PLAY-1",
                        format!("{} is a {}: you need {colour} support in your home", c.name, c.kind.label()),
                    ),
                    None => RuleError::illegal("WOOB-PLAY-1", "that card cannot be played"),
                }
            }
            (Phase::Play, _) => {
                RuleError::illegal("WOOB-PLAY-1", "play phase: play a card from your hand, e.g. `play quicksand`")
            }
            _ => RuleError::illegal("WOOB-TURN-1", "that is not possible now"),
        }
    }
}

impl Game for Woobieworld {
    type State = State;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(config: &Config) -> Result<Woobieworld, ConfigError> {
        let variant = INFO.check(config)?;
        let options: Options = config.parse_options()?;
        let content = Content::load(config)?;
        let first = match options.first {
            Some(i) if i < config.players => Player::new(i),
            Some(i) => {
                return Err(ConfigError::Option {
                    field: "first".into(),
                    reason: format!("seat {i} does not exist; seats are 0–{}", config.players - 1),
                });
            }
            None => None,
        };
        let actions = content.cards.iter().filter(|c| !c.is_environment()).count();
        if actions < config.players * HAND as usize {
            return Err(ConfigError::Content {
                file: crate::card::CARDS_FILE.into(),
                line: None,
                reason: format!("{actions} action cards cannot deal {HAND} to each of {} players", config.players),
            });
        }
        let turn_cap = options.turn_cap.unwrap_or(DEFAULT_TURN_CAP);
        if turn_cap == 0 {
            return Err(ConfigError::Option { field: "turn_cap".into(), reason: "must be at least 1".into() });
        }
        Ok(Woobieworld {
            config: config.clone(),
            content: Arc::new(content),
            cycles: variant.id == "cycles",
            first,
            turn_cap,
        })
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn start(&self, rng: &mut impl Chance, events: &mut impl EventSink<Event>) -> State {
        let n = self.num_players();
        let first = self.first.unwrap_or_else(|| Player::from_index(rng.pick(n as u32) as usize));
        let mut s = State {
            areas: self.content.map.len(),
            phase: Phase::ChooseHome,
            first,
            active: first,
            turn: 0,
            homes: ByPlayer::filled(n, None),
            support: [[0; 5]; Area::MAX],
            industry: [[0; 4]; Area::MAX],
            hands: ByPlayer::filled(n, 0),
            known: ByPlayer::filled(n, 0),
            deck: self.content.all_cards,
            discard: 0,
            in_play: Default::default(),
            support_taken: 0,
            upkeep_done: 0,
            resolution: None,
            cycle: None,
        };
        // WOOB-SETUP-1 and WOOB-RULING-1: deal four cards each; a Mount Saint Woobie (or any other
        // environment) dealt is mixed back and replaced, i.e. the deal draws from the action cards.
        for p in Player::all(n) {
            for _ in 0..HAND {
                let pool = s.deck & !self.content.environments;
                let Some(card) = nth(pool, rng.pick(pool.count_ones())) else { break };
                s.deck &= !card.bit();
                s.hands[p] |= card.bit();
                events.emit(Visibility::only(p), Event::DealtCard { player: p, card });
            }
            events.emit(Visibility::PUBLIC, Event::Dealt { player: p, count: s.hands[p].count_ones() as u8 });
        }
        emit(events, Event::FirstPlayer { player: first });
        s
    }

    fn turn(&self, s: &State) -> Turn {
        let d = self.deciders(s);
        match (s.phase, d.len()) {
            (Phase::Over { .. }, _) | (_, 0) => Turn::Over,
            (Phase::Choose, _) if s.resolution.is_none() => Turn::Simultaneous(d),
            _ => d.first().map_or(Turn::Over, Turn::Decide),
        }
    }

    fn legal_actions_into(&self, s: &State, p: Player, out: &mut Vec<Action>) {
        self.legal_into(s, p, out);
    }

    fn check(&self, s: &State, p: Player, action: Action) -> Result<(), RuleError> {
        if self.over(s) {
            return Err(RuleError::game_over("WOOB-END-1"));
        }
        if p.index() >= s.players() {
            return Err(RuleError::not_your_turn("WOOB-TURN-1", format!("there is no seat {p} in this game")));
        }
        let deciders = self.deciders(s);
        if !deciders.contains(p) {
            let who = deciders.iter().map(|q| q.to_string()).collect::<Vec<_>>().join(", ");
            return Err(match (s.phase, self.question(s)) {
                (_, Some((q, _))) => {
                    RuleError::not_your_turn("WOOB-PLAY-2", format!("{q} is deciding a card's effect"))
                }
                (Phase::Choose, _) if s.cycle.as_ref().is_some_and(|c| c.committed[p].is_some()) => {
                    RuleError::not_your_turn("WOOB-CYCLE-1", "you have already chosen your card for this cycle")
                }
                (Phase::ChooseHome, _) => RuleError::not_your_turn("WOOB-SETUP-2", format!("{who} chooses a home now")),
                _ => RuleError::not_your_turn("WOOB-TURN-1", format!("it is {who}'s turn")),
            });
        }
        let mut legal = Vec::new();
        self.legal_into(s, p, &mut legal);
        if legal.contains(&action) { Ok(()) } else { Err(self.diagnose(s, p, action)) }
    }

    fn apply_unchecked(
        &self,
        s: &mut State,
        p: Player,
        action: Action,
        rng: &mut impl Chance,
        events: &mut impl EventSink<Event>,
    ) {
        if s.resolution.is_some() {
            self.answer(s, action, events);
            return self.advance(s, rng, events);
        }
        match (s.phase, action) {
            (Phase::ChooseHome, Action::Home { area, colour }) => {
                s.homes[p] = Some(area);
                s.add_support(area, colour.support(), 1);
                emit(events, Event::HomeChosen { player: p, area, colour, new: false });
                s.active = p.next(s.players());
                if s.active == s.first {
                    if self.cycles {
                        self.begin_cycle(s);
                    } else {
                        self.begin_turn(s, s.first, events);
                    }
                }
            }
            (Phase::Choose, Action::Commit(card)) => {
                s.hands[p] &= !card.bit();
                s.known[p] &= !card.bit();
                if let Some(c) = s.cycle.as_mut() {
                    c.committed[p] = Some(card);
                }
                events.emit(Visibility::all_but(p), Event::Committed { player: p });
                events.emit(Visibility::only(p), Event::CommittedCard { player: p, card });
            }
            (Phase::Support, Action::Home { area, colour }) => {
                // WOOB-SUPPORT-2: a new home, and that is the support phase.
                s.homes[p] = Some(area);
                s.add_support(area, colour.support(), 1);
                emit(events, Event::HomeChosen { player: p, area, colour, new: true });
                s.phase = Phase::Industry;
            }
            (Phase::Support, Action::Gain(colour)) => {
                if let Some(home) = s.home(p) {
                    s.add_support(home, colour.support(), 1);
                    emit(events, Event::Gained { player: p, support: colour.support(), count: 1 });
                }
                s.support_taken = s.support_taken.saturating_add(1);
                if s.support_taken >= self.support_pieces(s) {
                    s.phase = Phase::Industry;
                }
            }
            (Phase::Support, Action::MoveAnarch { from, to }) => {
                s.take_support(from, Support::Anarch, 1);
                s.add_support(to, Support::Anarch, 1);
                emit(events, Event::AnarchsMoved { from, to, count: 1 });
                s.phase = Phase::Industry;
            }
            (Phase::Industry, Action::PlaceIndustry { colour, area }) => {
                s.add_industry(area, colour);
                emit(events, Event::IndustryPlaced { area, colour });
                s.phase = Phase::Play;
            }
            (Phase::Industry, Action::SkipIndustry) => {
                emit(events, Event::SkippedIndustry { player: p });
                s.phase = Phase::Play;
            }
            (Phase::Play, Action::Play(card)) => {
                if let Some(c) = s.cycle.as_mut()
                    && let Some(chosen) = c.committed[p].take()
                    && chosen != card
                {
                    // WOOB-CYCLE-3: the chosen card goes back to the hand, known to all.
                    s.hands[p] |= chosen.bit();
                    s.known[p] |= chosen.bit();
                    emit(events, Event::TookBack { player: p, card: chosen });
                }
                s.hands[p] &= !card.bit();
                s.known[p] &= !card.bit();
                emit(events, Event::Played { player: p, card });
                s.resolution = Some(Resolution {
                    card,
                    player: p,
                    origin: Origin::Played,
                    pc: 0,
                    area: None,
                    industry: None,
                    chosen: None,
                    colour: None,
                    removed: [0; 4],
                    task: None,
                });
            }
            (Phase::Play, Action::Discard(card)) => {
                if let Some(c) = s.cycle.as_mut()
                    && c.committed[p] == Some(card)
                {
                    c.committed[p] = None;
                }
                s.hands[p] &= !card.bit();
                s.known[p] &= !card.bit();
                s.discard |= card.bit();
                emit(events, Event::DiscardedUnplayed { player: p, card });
                s.phase = Phase::Draw;
            }
            _ => return,
        }
        self.advance(s, rng, events);
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        // WOOB-SCORE-1, WOOB-SCORE-2: highest score wins, ties share.
        self.over(s).then(|| Outcome::from_scores(ByPlayer::from_fn(s.players(), |p| s.score(p))))
    }

    fn observe(&self, s: &State, viewer: Viewer) -> Observation {
        view::observe(self, s, viewer)
    }

    fn determinize(&self, s: &State, viewer: Player, rng: &mut impl Chance) -> State {
        // The viewer cannot tell which unseen action cards are in the deck and which in the others'
        // hands (or chosen face down this cycle): deal those again at random, same sizes. Known
        // cards stay where they are; environments never sit in hands.
        let mut d = s.clone();
        let n = s.players();
        let hidden_commit = |p: Player| s.cycle.as_ref().filter(|c| !c.revealed).and_then(|c| c.committed[p]);
        let mut pool = s.deck & !self.content.environments;
        for p in Player::all(n).filter(|&p| p != viewer) {
            pool |= s.hand(p) & !s.known[p];
            if let Some(c) = hidden_commit(p) {
                pool |= c.bit();
            }
        }
        d.deck = s.deck & self.content.environments;
        for p in Player::all(n).filter(|&p| p != viewer) {
            let unknown = (s.hand(p) & !s.known[p]).count_ones();
            let mut hand = s.known[p] & s.hand(p);
            for _ in 0..unknown {
                if let Some(card) = nth(pool, rng.pick(pool.count_ones())) {
                    pool &= !card.bit();
                    hand |= card.bit();
                }
            }
            d.hands[p] = hand;
            if hidden_commit(p).is_some()
                && let Some(card) = nth(pool, rng.pick(pool.count_ones()))
            {
                pool &= !card.bit();
                if let Some(c) = d.cycle.as_mut() {
                    c.committed[p] = Some(card);
                }
            }
        }
        d.deck |= pool;
        d
    }

    fn tensor_len(&self) -> usize {
        view::tensor_len(self)
    }

    fn write_tensor(&self, s: &State, player: Player, out: &mut [f32]) {
        view::write_tensor(self, s, player, out);
    }

    fn num_distinct_actions(&self) -> usize {
        Action::COUNT
    }

    fn action_index(&self, action: Action) -> usize {
        action.index()
    }

    fn action_from_index(&self, index: usize) -> Option<Action> {
        Action::from_index(index)
    }

    fn format_action(&self, action: Action) -> String {
        action.format(&self.content)
    }

    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        Action::parse(text, &self.content)
    }

    fn describe_event(&self, event: &Event) -> String {
        view::describe(self, event)
    }

    fn validate_state(&self, s: &State) -> Result<(), StateError> {
        crate::validate::validate(self, s)
    }

    fn render(&self, observation: &Observation, style: Style) -> String {
        view::render(self, observation, style)
    }

    fn evaluate(&self, s: &State, player: Player) -> Option<f64> {
        Some(view::evaluate(self, s, player))
    }

    /// The area a player first made home.
    fn faction(&self, s: &State, player: Player) -> Option<String> {
        s.home(player).map(|a| self.content.map.name(a).to_owned())
    }

    fn action_hint(&self, _: &State, action: Action) -> Option<String> {
        match action {
            Action::Play(card) | Action::Discard(card) | Action::Commit(card) | Action::Environment(card) => {
                Some(self.content.card(card).text())
            }
            _ => None,
        }
    }
}
