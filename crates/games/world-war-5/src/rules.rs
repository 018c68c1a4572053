//! The rules of World War 5 on the engine contract.

use std::sync::Arc;

use serde::Deserialize;
use worlds_engine::{
    Chance, Config, ConfigError, EventSink, Game, GameInfo, NotationError, Outcome, Player, PlayerSet, RuleError,
    StateError, Style, Turn, VariantInfo, Viewer, Visibility,
};

use crate::action::Action;
use crate::board::{BOARD_FILE, Board};
use crate::combat::{self, shrunk_size};
use crate::event::Event;
use crate::piece::{Piece, Size};
use crate::state::{Combat, Ending, Phase, State};
use crate::territory::{Continent, Territory};
use crate::view::{self, Observation};

static INFO: GameInfo = GameInfo {
    id: "world-war-5",
    name: "World War 5",
    min_players: 2,
    max_players: 6,
    recommended_max_players: 4,
    variants: &[
        VariantInfo { id: "original", description: "the default board, reconstructed from every published constraint" },
        VariantInfo { id: "pyramid-arcade", description: "the board as printed in the Pyramid Arcade box" },
    ],
    summary: "conquer another continent while holding your own; pyramids grow, dice decide invasions",
    hidden_information: false,
};

/// The default turn cap (WW5-END-1).
pub const DEFAULT_TURN_CAP: u32 = 500;

/// Options of `Config::options`.
#[derive(Clone, PartialEq, Eq, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// WW5-END-1: the game is drawn after this many turns (default 500).
    #[serde(default)]
    pub turn_cap: Option<u32>,
    /// WW5-SETUP-3: assign home continents by seat instead of choosing them.
    #[serde(default)]
    pub homes: Option<Vec<Continent>>,
}

/// World War 5: the rules, the board and the options of one game.
#[derive(Clone, Debug)]
pub struct WorldWar5 {
    config: Config,
    board: Arc<Board>,
    turn_cap: u32,
    homes: Option<Vec<Continent>>,
}

impl WorldWar5 {
    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn turn_cap(&self) -> u32 {
        self.turn_cap
    }

    /// The territories the defender may retreat to (WW5-COMBAT-3): empty, bordering the contested
    /// territory, and not the one the attacker came from.
    pub fn retreat_options(&self, s: &State, from: Territory, contested: Territory) -> u32 {
        self.board.neighbours(contested) & !s.occupied() & !from.bit()
    }

    fn decider(&self, s: &State) -> Option<Player> {
        match s.phase {
            Phase::Over(_) => None,
            Phase::Retreat { contested, .. } => s.owner_at(contested),
            _ => Some(s.active),
        }
    }

    fn play_actions(&self, s: &State, p: Player, out: &mut Vec<Action>) {
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
            out.extend(Territory::in_mask(self.board.neighbours(from) & empty).map(|to| Action::Move { from, to }));
        }
        // WW5-INVADE-1.
        for from in Territory::in_mask(own) {
            out.extend(
                Territory::in_mask(self.board.neighbours(from) & enemy).map(|target| Action::Invade { target, from }),
            );
        }
        // WW5-TURN-1: pass only when nothing is possible.
        if out.len() == start {
            out.push(Action::Pass);
        }
    }

    fn has_play_action(&self, s: &State, p: Player) -> bool {
        let mut buf = Vec::new();
        self.play_actions(s, p, &mut buf);
        buf.first() != Some(&Action::Pass)
    }

    fn check_play(&self, s: &State, p: Player, action: Action) -> Result<(), RuleError> {
        let own = s.owned_by(p);
        let home = s.home(p);
        let on_home = |t: Territory| Some(t.continent()) == home;
        let yours = |t: Territory, rule: &'static str| {
            if own & t.bit() == 0 {
                Err(RuleError::illegal(rule, format!("{t} does not hold one of your pieces")))
            } else {
                Ok(())
            }
        };
        let empty = |t: Territory, rule: &'static str| match s.piece(t) {
            Some(piece) => Err(RuleError::illegal(
                rule,
                format!(
                    "{t} holds {}'s {}; a territory holds at most one piece (WW5-BOARD-1)",
                    piece.player, piece.size
                ),
            )),
            None => Ok(()),
        };
        match action {
            Action::Grow(t) => {
                yours(t, "WW5-GROW-1")?;
                if !on_home(t) {
                    return Err(RuleError::illegal(
                        "WW5-GROW-1",
                        format!("{t} is not on your home continent; you can only grow at home"),
                    ));
                }
                let size = s.size_at(t).unwrap_or(Size::Large);
                match size.larger() {
                    None => Err(RuleError::illegal("WW5-GROW-1", format!("the piece on {t} is large and cannot grow"))),
                    Some(next) if !s.stash(p).has(next) => {
                        Err(RuleError::illegal("WW5-GROW-1", format!("your stash has no {next} piece to grow into")))
                    }
                    Some(_) => Ok(()),
                }
            }
            Action::Build(t) => {
                if !on_home(t) {
                    return Err(RuleError::illegal(
                        "WW5-BUILD-1",
                        format!("{t} is not on your home continent; you can only build at home"),
                    ));
                }
                empty(t, "WW5-BUILD-1")?;
                if !s.stash(p).has(Size::Small) {
                    return Err(RuleError::illegal("WW5-BUILD-1", "your stash has no small piece left"));
                }
                Ok(())
            }
            Action::Move { from, to } => {
                yours(from, "WW5-MOVE-1")?;
                if !self.board.borders(from, to) {
                    return Err(RuleError::illegal("WW5-MOVE-1", format!("{to} is not connected to {from}")));
                }
                if let Some(piece) = s.piece(to) {
                    let hint = if piece.player == p { "" } else { "; to push an enemy out, invade it" };
                    return Err(RuleError::illegal(
                        "WW5-MOVE-1",
                        format!(
                            "{to} holds {}'s {}; you can only move into an empty territory{hint}",
                            piece.player, piece.size
                        ),
                    ));
                }
                Ok(())
            }
            Action::Invade { target, from } => {
                yours(from, "WW5-INVADE-1")?;
                if !self.board.borders(from, target) {
                    return Err(RuleError::illegal("WW5-INVADE-1", format!("{target} is not connected to {from}")));
                }
                match s.piece(target) {
                    None => Err(RuleError::illegal("WW5-INVADE-1", format!("{target} is empty: move there instead"))),
                    Some(piece) if piece.player == p => Err(RuleError::illegal(
                        "WW5-INVADE-1",
                        format!("{target} holds your own piece; you cannot attack your own pieces"),
                    )),
                    Some(_) => Ok(()),
                }
            }
            Action::Pass => {
                if self.has_play_action(s, p) {
                    Err(RuleError::illegal(
                        "WW5-TURN-1",
                        "you may pass only when no grow, build, move or invade is possible",
                    ))
                } else {
                    Ok(())
                }
            }
            Action::Retreat(_) => {
                Err(RuleError::illegal("WW5-COMBAT-3", "no retreat is pending: only a beaten defender retreats"))
            }
            Action::Home(_) | Action::Place(_) => {
                Err(RuleError::illegal("WW5-TURN-1", "setup is over: choose grow, build, move or invade"))
            }
        }
    }

    /// After an action that ends a turn: eliminations among the players who were in before it
    /// (`was_in`), the victory check, then the next turn.
    fn finish_turn(&self, s: &mut State, was_in: PlayerSet, events: &mut impl EventSink<Event>) {
        let n = s.players();
        // WW5-ELIM-1: no piece at home, all pieces leave the board at once.
        let mut eliminated = PlayerSet::EMPTY;
        for p in s.active.clockwise_from(n) {
            let own = s.owned_by(p);
            if was_in.contains(p) && own & s.home_mask(p) == 0 {
                for t in Territory::in_mask(own) {
                    s.clear(t);
                }
                eliminated.insert(p);
                events.emit(Visibility::PUBLIC, Event::Eliminated { player: p });
            }
        }
        // WW5-WIN-1, WW5-WIN-2: any other continent counts; the active player wins a tie.
        for p in s.active.clockwise_from(n) {
            if !s.is_in(p) {
                continue;
            }
            let own = s.owned_by(p);
            let home = s.home(p);
            if let Some(c) = Continent::ALL.into_iter().find(|&c| Some(c) != home && own & c.mask() == c.mask()) {
                s.phase = Phase::Over(Ending::Conquest { player: p, continent: c });
                events.emit(Visibility::PUBLIC, Event::Conquered { player: p, continent: c });
                return;
            }
        }
        // WW5-WIN-3, WW5-RULING-2.
        let still_in = s.players_in();
        if still_in.len() == 1 {
            let player = still_in.first().unwrap_or(s.active);
            s.phase = Phase::Over(Ending::LastStanding { player });
            events.emit(Visibility::PUBLIC, Event::LastStanding { player });
            return;
        }
        if still_in.is_empty() {
            s.phase = Phase::Over(Ending::NobodyLeft { among: eliminated });
            events.emit(Visibility::PUBLIC, Event::NobodyLeft { among: eliminated });
            return;
        }
        // WW5-END-1: the turn cap.
        if s.turn >= self.turn_cap {
            s.phase = Phase::Over(Ending::TurnCap { among: still_in });
            events.emit(Visibility::PUBLIC, Event::TurnCapReached { cap: self.turn_cap, among: still_in });
            return;
        }
        // WW5-SETUP-2: clockwise to the next player still in.
        s.turn += 1;
        s.phase = Phase::Play;
        let mut next = s.active.next(n);
        while !s.is_in(next) {
            next = next.next(n);
        }
        s.active = next;
    }

    fn invade(
        &self,
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
        events.emit(
            Visibility::PUBLIC,
            Event::Combat { attacker: p, defender, from, target, attacker_size, defender_size, attack, defence },
        );
        if !attacker_wins {
            // WW5-COMBAT-2: nothing moves, nothing shrinks.
            events.emit(Visibility::PUBLIC, Event::Repelled { target });
            return self.finish_turn(s, was_in, events);
        }
        if self.retreat_options(s, from, target) != 0 {
            // WW5-COMBAT-3: the defender decides, during the attacker's turn.
            s.phase = Phase::Retreat { from, contested: target };
            events.emit(Visibility::PUBLIC, Event::MustRetreat { defender, from: target });
            return;
        }
        // WW5-COMBAT-4, WW5-COMBAT-5.
        match shrunk_size(defender_size, s.stash(defender)) {
            Some(to) => {
                s.resize(target, to);
                events.emit(
                    Visibility::PUBLIC,
                    Event::Shrunk { player: defender, territory: target, from: defender_size, to },
                );
            }
            None => {
                s.clear(target);
                events.emit(
                    Visibility::PUBLIC,
                    Event::Removed { player: defender, territory: target, size: defender_size },
                );
                s.shift(from, target);
                events.emit(Visibility::PUBLIC, Event::Advanced { player: p, from, to: target });
            }
        }
        self.finish_turn(s, was_in, events);
    }
}

impl Game for WorldWar5 {
    type State = State;
    type Action = Action;
    type Event = Event;
    type Observation = Observation;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(config: &Config) -> Result<WorldWar5, ConfigError> {
        // WW5-SETUP-1: 2–6 players (more than 4 with a warning, shown by the CLI).
        let variant = INFO.check(config)?;
        let options: Options = config.parse_options()?;
        let board = match config.content.get(BOARD_FILE) {
            Some(text) => Board::parse(text, BOARD_FILE, variant.id)?,
            None => Board::built_in(variant.id)?,
        };
        if let Some(unknown) = config.content.keys().find(|k| *k != BOARD_FILE) {
            return Err(ConfigError::Content {
                file: unknown.clone(),
                line: None,
                reason: format!("World War 5 reads only {BOARD_FILE}"),
            });
        }
        let turn_cap = options.turn_cap.unwrap_or(DEFAULT_TURN_CAP);
        if turn_cap == 0 {
            return Err(ConfigError::Option { field: "turn_cap".into(), reason: "must be at least 1".into() });
        }
        if let Some(homes) = &options.homes {
            if homes.len() != config.players {
                return Err(ConfigError::Option {
                    field: "homes".into(),
                    reason: format!("{} homes given for {} players", homes.len(), config.players),
                });
            }
            if let Some(c) = homes.iter().enumerate().find_map(|(i, c)| homes[..i].contains(c).then_some(c)) {
                return Err(ConfigError::Option {
                    field: "homes".into(),
                    reason: format!("{} is given twice", c.name()),
                });
            }
        }
        Ok(WorldWar5 { config: config.clone(), board: Arc::new(board), turn_cap, homes: options.homes })
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn start(&self, rng: &mut impl Chance, events: &mut impl EventSink<Event>) -> State {
        let n = self.num_players();
        // WW5-SETUP-2: everyone rolls; tied highest rollers roll again among themselves.
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
                events.emit(Visibility::PUBLIC, Event::RolledForFirst { player: p, die });
                if die > best {
                    best = die;
                    top = PlayerSet::only(p);
                } else if die == best {
                    top.insert(p);
                }
            }
            if top.len() > 1 {
                events.emit(Visibility::PUBLIC, Event::RollOffTied { players: top });
            }
            contenders = top;
        }
        let first = contenders.first().unwrap_or_default();
        events.emit(Visibility::PUBLIC, Event::GoesFirst { player: first });
        let mut s = State::empty(n, first);
        if let Some(homes) = &self.homes {
            for (p, c) in Player::all(n).zip(homes) {
                s.homes[p] = Some(*c);
                events.emit(Visibility::PUBLIC, Event::HomeChosen { player: p, continent: *c });
            }
            s.phase = Phase::Place(Size::Small);
        }
        s
    }

    fn turn(&self, s: &State) -> Turn {
        match self.decider(s) {
            Some(p) => Turn::Decide(p),
            None => Turn::Over,
        }
    }

    fn legal_actions_into(&self, s: &State, p: Player, out: &mut Vec<Action>) {
        if self.decider(s) != Some(p) {
            return;
        }
        match s.phase {
            Phase::ChooseHome => {
                let taken: u32 = s.homes.values().flatten().map(|c| 1 << c.index()).sum();
                out.extend(Continent::ALL.into_iter().filter(|c| taken & (1 << c.index()) == 0).map(Action::Home));
            }
            Phase::Place(_) => {
                out.extend(Territory::in_mask(s.home_mask(p) & !s.occupied()).map(Action::Place));
            }
            Phase::Play => self.play_actions(s, p, out),
            Phase::Retreat { from, contested } => {
                out.extend(Territory::in_mask(self.retreat_options(s, from, contested)).map(Action::Retreat));
            }
            Phase::Over(_) => {}
        }
    }

    fn check(&self, s: &State, p: Player, action: Action) -> Result<(), RuleError> {
        let Some(decider) = self.decider(s) else { return Err(RuleError::game_over("WW5-WIN-1")) };
        if p.index() >= s.players() {
            return Err(RuleError::not_your_turn("WW5-SETUP-1", format!("there is no seat {p} in this game")));
        }
        if p != decider {
            let (rule, why) = match s.phase {
                Phase::ChooseHome => ("WW5-SETUP-3", format!("{decider} chooses a home now")),
                Phase::Place(size) => ("WW5-SETUP-4", format!("{decider} places a {size} now")),
                Phase::Retreat { contested, .. } => {
                    ("WW5-COMBAT-3", format!("{decider} must choose where to retreat from {contested}"))
                }
                _ => ("WW5-TURN-1", format!("it is {decider}'s turn")),
            };
            return Err(RuleError::not_your_turn(rule, why));
        }
        match (s.phase, action) {
            (Phase::ChooseHome, Action::Home(c)) => match s.homes.iter().find(|(_, h)| **h == Some(c)) {
                Some((owner, _)) => {
                    Err(RuleError::illegal("WW5-SETUP-3", format!("{} is already {owner}'s home", c.name())))
                }
                None => Ok(()),
            },
            (Phase::ChooseHome, _) => {
                Err(RuleError::illegal("WW5-SETUP-3", "choose a home continent first, e.g. `home eu`"))
            }
            (Phase::Place(size), Action::Place(t)) => {
                if Some(t.continent()) != s.home(p) {
                    return Err(RuleError::illegal("WW5-SETUP-4", format!("{t} is not on your home continent")));
                }
                if s.piece(t).is_some() {
                    return Err(RuleError::illegal(
                        "WW5-SETUP-4",
                        format!("{t} already holds a piece; place your {size} on an empty home territory"),
                    ));
                }
                Ok(())
            }
            (Phase::Place(size), _) => Err(RuleError::illegal(
                "WW5-SETUP-4",
                format!(
                    "players are placing their {size} pieces: place yours on an empty home territory, e.g. `place {}`",
                    Territory::in_mask(s.home_mask(p) & !s.occupied()).next().map_or("…", |t| t.id())
                ),
            )),
            (Phase::Play, action) => self.check_play(s, p, action),
            (Phase::Retreat { from, contested }, Action::Retreat(t)) => {
                if t == from {
                    Err(RuleError::illegal(
                        "WW5-COMBAT-3",
                        format!("you cannot retreat into {from}, where the attacker is coming from"),
                    ))
                } else if !self.board.borders(contested, t) {
                    Err(RuleError::illegal("WW5-COMBAT-3", format!("{t} is not connected to {contested}")))
                } else if s.piece(t).is_some() {
                    Err(RuleError::illegal(
                        "WW5-COMBAT-3",
                        format!("{t} is not empty; retreat into an empty territory"),
                    ))
                } else {
                    Ok(())
                }
            }
            (Phase::Retreat { contested, .. }, _) => Err(RuleError::illegal(
                "WW5-COMBAT-3",
                format!("you lost the combat for {contested}: choose where to retreat, e.g. `retreat TERRITORY`"),
            )),
            (Phase::Over(_), _) => Err(RuleError::game_over("WW5-WIN-1")),
        }
    }

    fn apply_unchecked(
        &self,
        s: &mut State,
        p: Player,
        action: Action,
        rng: &mut impl Chance,
        events: &mut impl EventSink<Event>,
    ) {
        let n = s.players();
        let was_in = s.players_in();
        match (s.phase, action) {
            (Phase::ChooseHome, Action::Home(c)) => {
                if let Some(h) = s.homes.get_mut(p) {
                    *h = Some(c);
                }
                events.emit(Visibility::PUBLIC, Event::HomeChosen { player: p, continent: c });
                s.active = s.active.next(n);
                if s.active == s.first {
                    s.phase = Phase::Place(Size::Small);
                }
            }
            (Phase::Place(size), Action::Place(t)) => {
                s.put(t, Piece { player: p, size });
                events.emit(Visibility::PUBLIC, Event::Placed { player: p, territory: t, size });
                s.active = s.active.next(n);
                if s.active == s.first {
                    match size.larger() {
                        Some(next) => s.phase = Phase::Place(next),
                        None => {
                            s.phase = Phase::Play;
                            s.turn = 1;
                        }
                    }
                }
            }
            (Phase::Play, Action::Grow(t)) => {
                let to = s.size_at(t).and_then(Size::larger).unwrap_or(Size::Large);
                s.resize(t, to);
                events.emit(Visibility::PUBLIC, Event::Grew { player: p, territory: t, to });
                self.finish_turn(s, was_in, events);
            }
            (Phase::Play, Action::Build(t)) => {
                s.put(t, Piece { player: p, size: Size::Small });
                events.emit(Visibility::PUBLIC, Event::Built { player: p, territory: t });
                self.finish_turn(s, was_in, events);
            }
            (Phase::Play, Action::Move { from, to }) => {
                s.shift(from, to);
                events.emit(Visibility::PUBLIC, Event::Moved { player: p, from, to });
                self.finish_turn(s, was_in, events);
            }
            (Phase::Play, Action::Invade { target, from }) => self.invade(s, p, target, from, rng, events),
            (Phase::Play, Action::Pass) => {
                events.emit(Visibility::PUBLIC, Event::Passed { player: p });
                self.finish_turn(s, was_in, events);
            }
            (Phase::Retreat { from, contested }, Action::Retreat(to)) => {
                s.shift(contested, to);
                events.emit(Visibility::PUBLIC, Event::Retreated { player: p, from: contested, to });
                s.shift(from, contested);
                events.emit(Visibility::PUBLIC, Event::Advanced { player: s.active, from, to: contested });
                self.finish_turn(s, was_in, events);
            }
            _ => {}
        }
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        let n = s.players();
        // WW5-OUT-1.
        match s.phase {
            Phase::Over(Ending::Conquest { player, .. } | Ending::LastStanding { player }) => {
                Some(Outcome::single_winner(n, player))
            }
            Phase::Over(Ending::TurnCap { among } | Ending::NobodyLeft { among }) => Some(Outcome::shared(n, among)),
            _ => None,
        }
    }

    fn observe(&self, s: &State, viewer: Viewer) -> Observation {
        view::observe(self, s, viewer)
    }

    fn determinize(&self, s: &State, _: Player, _: &mut impl Chance) -> State {
        // Everything in World War 5 is public.
        s.clone()
    }

    fn tensor_len(&self) -> usize {
        view::TENSOR_LEN
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
        action.to_string()
    }

    fn parse_action(&self, text: &str) -> Result<Action, NotationError> {
        text.parse()
    }

    fn describe_event(&self, event: &Event) -> String {
        event.describe()
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

    fn faction(&self, s: &State, player: Player) -> Option<String> {
        s.home(player).map(|c| self.board().continent_name(c).to_owned())
    }

    fn action_hint(&self, s: &State, action: Action) -> Option<String> {
        let Action::Invade { target, from } = action else { return None };
        let (a, d) = combat::odds(s.size_at(from)?, s.size_at(target)?);
        Some(format!("{}% to win", (a * 100 + d / 2) / d))
    }
}
