//! Everything fixed before the first move: the board, the plans and the cards (content files,
//! replaceable with `--content DIR`), the compiled card programs, and the options; the parsers of
//! the content files beside it.

pub mod board;
pub mod card;
pub mod card_file;
pub mod plan;

use std::sync::Arc;

use serde::Deserialize;
use worlds_engine::program::Program;
use worlds_engine::{Config, ConfigError, Player};

use crate::board::{BOARD_FILE, Board};
use crate::card::{CARDS_FILE, CardSet, Cards, Cond, EVENTS_FILE, Op};
use crate::card_file::parse_cards;
use crate::plan::{PLANS_FILE, Plans};

/// `fail_if!(wrong, error)`: a check of the content, or of a position from outside, returns
/// `Err(error)` when `wrong` holds.
macro_rules! fail_if {
    ($wrong:expr, $error:expr) => {
        if $wrong {
            return Err($error);
        }
    };
}
pub(crate) use fail_if;

/// BI-END-1: the money target's default.
pub const DEFAULT_TARGET: u32 = 100;
/// BI-END-2: the turn cap's default.
pub const DEFAULT_TURN_CAP: u16 = 30;

/// Options of `Config::options`.
#[derive(Clone, PartialEq, Eq, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// BI-END-1: the Billions in reserve that end the game (default 100).
    #[serde(default)]
    pub target: Option<u32>,
    /// BI-END-2: the game ends after this turn (default 30).
    #[serde(default)]
    pub turn_cap: Option<u16>,
    /// BI-SETUP-2: each seat's Business Plan by id, instead of a seeded draw.
    #[serde(default)]
    pub plans: Option<Vec<String>>,
    /// BI-SETUP-5: the starting player's seat (0-based), instead of a seeded draw.
    #[serde(default)]
    pub first: Option<usize>,
}

/// A compiled card or event program.
pub type CardProgram = Program<Op, Cond>;

/// The content and the options of one game, shared by every state.
#[derive(Clone, Debug)]
pub struct Content {
    pub board: Arc<Board>,
    pub plans: Arc<Plans>,
    pub cards: Arc<Cards>,
    /// By card design, then by event: the compiled effects.
    pub programs: Vec<CardProgram>,
    pub event_programs: Vec<CardProgram>,
    /// The card numbers of the war cards (BI-CARD-2).
    pub war_cards: CardSet,
    pub target: u32,
    pub turn_cap: u16,
    /// BI-SETUP-2: plans assigned by the config.
    pub assigned: Option<Vec<u8>>,
    pub first: Option<Player>,
}

impl Content {
    /// Reads the content (built in, or the files of `--content`) and the options.
    ///
    /// # Errors
    /// A bad content file, an unknown content file, or a bad option.
    pub fn new(config: &Config) -> Result<Content, ConfigError> {
        let options: Options = config.parse_options()?;
        let known = [BOARD_FILE, PLANS_FILE, CARDS_FILE, EVENTS_FILE];
        if let Some(unknown) = config.content.keys().find(|k| !known.contains(&k.as_str())) {
            return Err(ConfigError::Content {
                file: unknown.clone(),
                line: None,
                reason: format!("Bastards Inc. reads only {}", known.join(", ")),
            });
        }
        let board = match config.content.get(BOARD_FILE) {
            Some(text) => Arc::new(Board::parse(text)?),
            None => Board::built_in()?,
        };
        let plans = match config.content.get(PLANS_FILE) {
            Some(text) => Arc::new(Plans::parse(text)?),
            None => Plans::built_in()?,
        };
        let cards = match (config.content.get(CARDS_FILE), config.content.get(EVENTS_FILE)) {
            (None, None) if !config.content.contains_key(BOARD_FILE) => built_in_cards(&board)?,
            (c, e) => Arc::new(parse_cards(
                c.map_or(include_str!("../../content/cards.toml"), String::as_str),
                e.map_or(include_str!("../../content/events.toml"), String::as_str),
                &board,
            )?),
        };
        let target = options.target.unwrap_or(DEFAULT_TARGET);
        if target == 0 || target > board::MAX_BILLIONS {
            return Err(ConfigError::Option {
                field: "target".into(),
                reason: format!("must be from 1 to {}, the most a company holds (BI-RULING-12)", board::MAX_BILLIONS),
            });
        }
        let turn_cap = options.turn_cap.unwrap_or(DEFAULT_TURN_CAP);
        fail_if!(turn_cap == 0, ConfigError::Option { field: "turn_cap".into(), reason: "must be at least 1".into() });
        let first = config.seat_option("first", options.first)?;
        let assigned = match &options.plans {
            None => None,
            Some(list) => {
                if list.len() != config.players {
                    return Err(ConfigError::Option {
                        field: "plans".into(),
                        reason: format!("{} plans given for {} players", list.len(), config.players),
                    });
                }
                let mut out = Vec::new();
                for (i, id) in list.iter().enumerate() {
                    let Some(p) = plans.by_id(id) else {
                        let ids: Vec<&str> = plans.0.iter().map(|p| p.id.as_str()).collect();
                        return Err(ConfigError::Option {
                            field: format!("plans[{i}]"),
                            reason: format!("no Business Plan `{id}`; the plans are {}", ids.join(", ")),
                        });
                    };
                    if out.contains(&p) {
                        return Err(ConfigError::Option {
                            field: format!("plans[{i}]"),
                            reason: format!("{id} is given twice (BI-SETUP-2)"),
                        });
                    }
                    out.push(p);
                }
                Some(out)
            }
        };
        let programs = cards.kinds.iter().map(|k| Program::compile(&k.effect)).collect();
        let event_programs = cards.events.iter().map(|e| Program::compile(&e.effect)).collect();
        let war_cards = cards.war_cards();
        Ok(Content { board, plans, cards, programs, event_programs, war_cards, target, turn_cap, assigned, first })
    }
}

/// The built-in cards and events, parsed once against the built-in board.
fn built_in_cards(board: &Board) -> Result<Arc<Cards>, ConfigError> {
    use std::sync::OnceLock;
    static BUILT_IN: OnceLock<Result<Arc<Cards>, ConfigError>> = OnceLock::new();
    BUILT_IN
        .get_or_init(|| {
            parse_cards(include_str!("../../content/cards.toml"), include_str!("../../content/events.toml"), board)
                .map(Arc::new)
        })
        .clone()
}
