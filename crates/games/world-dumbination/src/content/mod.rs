//! Everything fixed before the first move: the board, the cards and the leaderboards (content
//! files, replaceable with `--content DIR`), their compiled card programs, and the options; the
//! parsers of the content files beside it.

pub mod board;
pub mod card;
pub mod card_file;
pub mod card_step;
pub mod grid;

use std::sync::Arc;

use serde::Deserialize;
use worlds_engine::program::{Program, Source};
use worlds_engine::{Config, ConfigError};

use crate::board::{BUILT_IN_FEATURES, BUILT_IN_GRID, Board, FEATURES_FILE, GRID_FILE, Space};
use crate::card::{CARDS_FILE, CardNo, Cards, Cond, MAX_NUMBER, Mods, Step, Who};
use crate::nation::Nation;

pub const NATIONS_FILE: &str = "nations.toml";
/// WD-END-1: the VP that start the last round.
pub const DEFAULT_END_VP: u16 = 15;
/// WD-END-3: the round cap.
pub const DEFAULT_ROUND_CAP: u16 = 40;

/// A leaderboard's starting values (spec "Content to design / Leaderboards").
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Leader {
    pub ego: u8,
    pub popularity: u8,
    /// Place on the round-1 player order track, 1 first (WD-SETUP-7).
    pub order: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NationsFile {
    nation: Vec<toml::Spanned<RawLeader>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLeader {
    nation: Nation,
    ego: u8,
    popularity: u8,
    order: u8,
}

/// Reads and checks the leaderboards: every nation once, values in 4–9, no two nations sharing both
/// values, round-1 orders 1–5 each once.
///
/// # Errors
/// [`ConfigError::Content`] with the line and the reason.
pub fn parse_nations(text: &str) -> Result<[Leader; 5], ConfigError> {
    let err = worlds_engine::content_errors(NATIONS_FILE, text);
    let raw: NationsFile = toml::from_str(text).map_err(|e| err(e.span(), e.message().trim().to_owned()))?;
    let mut out: [Option<Leader>; 5] = [None; 5];
    for entry in &raw.nation {
        let span = entry.span();
        let r = entry.get_ref();
        let here = |reason: String| err(Some(span.clone()), format!("{}: {reason}", r.nation.name()));
        if out[r.nation.index()].is_some() {
            return Err(here("is given twice".into()));
        }
        for (what, v) in [("ego", r.ego), ("popularity", r.popularity)] {
            if !(4..=9).contains(&v) {
                return Err(here(format!("{what} {v} is outside 4–9")));
            }
        }
        if !(1..=5).contains(&r.order) {
            return Err(here(format!("order {} is outside 1–5", r.order)));
        }
        if out.iter().flatten().any(|l| l.order == r.order) {
            return Err(here(format!("order {} is used twice", r.order)));
        }
        if out.iter().flatten().any(|l| l.ego == r.ego && l.popularity == r.popularity) {
            return Err(here(format!("another nation starts with ego {} and popularity {} too", r.ego, r.popularity)));
        }
        out[r.nation.index()] = Some(Leader { ego: r.ego, popularity: r.popularity, order: r.order });
    }
    let mut leaders = [Leader { ego: 0, popularity: 0, order: 0 }; 5];
    for n in Nation::ALL {
        leaders[n.index()] = out[n.index()].ok_or_else(|| err(None, format!("{} has no leaderboard", n.name())))?;
    }
    Ok(leaders)
}

/// Options of `Config::options`.
#[derive(Clone, PartialEq, Eq, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// WD-END-1: the VP that start the last round (default 15; raise it for a longer game).
    pub end_vp: Option<u16>,
    /// WD-END-3: the game ends after this round (default 40).
    pub round_cap: Option<u16>,
    /// WD-SETUP-1: each seat's nation, instead of a seeded draw.
    pub nations: Option<Vec<Nation>>,
}

/// A card's program: its effect and its lose/gain, compiled for the kit's runner.
pub type CardProgram = Program<Step, Cond>;

/// The content and the options of one game, shared by every state.
#[derive(Clone, Debug)]
pub struct Content {
    pub board: Arc<Board>,
    pub cards: Arc<Cards>,
    pub leaders: [Leader; 5],
    /// The nations in play, by the player count (WD-SETUP-1).
    pub in_play: Vec<Nation>,
    pub end_vp: u16,
    pub round_cap: u16,
    /// WD-VAR-1.
    pub short: bool,
    pub assigned: Option<Vec<Nation>>,
    /// By card number: the effect and lose/gain programs.
    pub programs: Vec<Option<(CardProgram, CardProgram)>>,
    /// By card number: what a project changes while it lasts (WD-CARD-7).
    pub lasting: Vec<Mods>,
    /// By card number: the movement powers a project gives while it lasts.
    pub powers: Vec<Powers>,
    /// WD-VAR-2: no Dumbness cards.
    pub serious: bool,
    /// The home spaces on land and their nation (WD-BOARD-5, WD-OWN-2), for the map of owners.
    pub homes: Vec<(Space, Nation)>,
}

/// Movement powers of projects (Submarine, Aircraft Carrier, the hidden move, moving a Base).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Powers {
    /// Units a round that may step to sea and end there (Submarine).
    pub sea_end: u8,
    /// Units a round that may step to sea and must end on land (Aircraft Carrier, WD-MOVE-9).
    pub sea_land: u8,
    /// One unit a round moves in secret.
    pub hidden: bool,
    /// A Base may move this far at the start of phase 6 (0: no).
    pub move_base: u8,
}

impl Powers {
    pub fn add(&mut self, o: Powers) {
        self.sea_end = self.sea_end.saturating_add(o.sea_end);
        self.sea_land = self.sea_land.saturating_add(o.sea_land);
        self.hidden |= o.hidden;
        self.move_base = self.move_base.max(o.move_base);
    }
}

/// WD-SETUP-1: the nations of a player count.
pub fn nations_in_play(players: usize) -> Vec<Nation> {
    use Nation::*;
    match players {
        2 => vec![Usa, Russia],
        3 => vec![Usa, Russia, NorthKorea],
        4 => vec![Usa, Russia, Venezuela, Turkey],
        _ => vec![Usa, Russia, NorthKorea, Venezuela, Turkey],
    }
}

fn source(steps: &[Step]) -> Vec<Source<Step, Cond>> {
    steps
        .iter()
        .map(|s| match s {
            Step::Choose(options) => Source::Either(options.iter().map(|o| source(o)).collect()),
            other => Source::Do(other.clone()),
        })
        .collect()
}

impl Content {
    /// Reads the content (built in, or the files of `--content`) and the options.
    ///
    /// # Errors
    /// A bad content file, an unknown content file, or a bad option.
    pub fn new(config: &Config, variant: &str) -> Result<Content, ConfigError> {
        let options: Options = config.parse_options()?;
        let known = [GRID_FILE, FEATURES_FILE, CARDS_FILE, NATIONS_FILE];
        if let Some(unknown) = config.content.keys().find(|k| !known.contains(&k.as_str())) {
            return Err(ConfigError::Content {
                file: unknown.clone(),
                line: None,
                reason: format!("World Dumbination reads only {}", known.join(", ")),
            });
        }
        let board = match (config.content.get(GRID_FILE), config.content.get(FEATURES_FILE)) {
            (None, None) => Board::built_in()?,
            (grid, features) => Arc::new(Board::parse(
                grid.map_or(BUILT_IN_GRID, String::as_str),
                features.map_or(BUILT_IN_FEATURES, String::as_str),
            )?),
        };
        let cards = match config.content.get(CARDS_FILE) {
            Some(text) => Arc::new(Cards::parse(text)?),
            None => Cards::built_in()?,
        };
        let leaders = parse_nations(
            config.content.get(NATIONS_FILE).map_or(include_str!("../../content/nations.toml"), String::as_str),
        )?;
        let end_vp = options.end_vp.unwrap_or(DEFAULT_END_VP);
        if end_vp == 0 {
            return Err(ConfigError::Option { field: "end_vp".into(), reason: "must be at least 1".into() });
        }
        let round_cap = options.round_cap.unwrap_or(DEFAULT_ROUND_CAP);
        if round_cap == 0 {
            return Err(ConfigError::Option { field: "round_cap".into(), reason: "must be at least 1".into() });
        }
        let in_play = nations_in_play(config.players);
        if let Some(list) = &options.nations {
            if list.len() != config.players {
                return Err(ConfigError::Option {
                    field: "nations".into(),
                    reason: format!("{} nations given for {} players", list.len(), config.players),
                });
            }
            for (i, n) in list.iter().enumerate() {
                if !in_play.contains(n) {
                    let names: Vec<&str> = in_play.iter().map(|n| n.id()).collect();
                    return Err(ConfigError::Option {
                        field: format!("nations[{i}]"),
                        reason: format!(
                            "{} is not in play with {} players (WD-SETUP-1: {})",
                            n.id(),
                            config.players,
                            names.join(", ")
                        ),
                    });
                }
                if list[..i].contains(n) {
                    return Err(ConfigError::Option {
                        field: format!("nations[{i}]"),
                        reason: format!("{} is given twice", n.id()),
                    });
                }
            }
        }
        let mut programs = vec![None; usize::from(MAX_NUMBER) + 1];
        let mut lasting = vec![Mods::default(); usize::from(MAX_NUMBER) + 1];
        let mut powers = vec![Powers::default(); usize::from(MAX_NUMBER) + 1];
        for card in cards.all() {
            let n = usize::from(card.number);
            programs[n] = Some((Program::compile(&source(&card.effect)), Program::compile(&source(&card.lose_gain))));
            if card.is_lasting() {
                for step in &card.effect {
                    match *step {
                        Step::Income { who: Who::Me, n: k } => lasting[n].income += k,
                        Step::UnitStrength { who: Who::Me, n: k } => lasting[n].strength += k,
                        Step::Movement { who: Who::Me, n: k } => lasting[n].movement += k,
                        Step::HandLimit { n: k } => lasting[n].hand_limit += k,
                        Step::SeaMovement { units, may_end_at_sea: true } => powers[n].sea_end += units,
                        Step::SeaMovement { units, may_end_at_sea: false } => powers[n].sea_land += units,
                        Step::HiddenMove => powers[n].hidden = true,
                        Step::MoveBase { range } => powers[n].move_base = powers[n].move_base.max(range),
                        _ => {}
                    }
                }
            }
        }
        let homes = board.spaces_where(|c| c.land).filter_map(|s| Some((s, board.cell(s).home?))).collect();
        Ok(Content {
            board,
            cards,
            leaders,
            in_play,
            end_vp,
            round_cap,
            short: variant == "short",
            assigned: options.nations,
            programs,
            lasting,
            powers,
            serious: variant == "serious",
            homes,
        })
    }

    pub fn program(&self, card: CardNo, gain: bool) -> Option<&CardProgram> {
        self.programs.get(usize::from(card))?.as_ref().map(|(e, g)| if gain { g } else { e })
    }
}
