//! # worlds-engine
//!
//! The contract every Worlds game implements ([`Game`]), the vocabulary it is written in
//! ([`Player`], [`ByPlayer`], [`Turn`], [`Decision`], [`Chance`], [`Outcome`], [`RuleError`]), the
//! flow kit every game's turn machinery is built from ([`flow`]: the stack of pending steps,
//! priority rounds, "each player" steps; [`program`]: card programs; [`forced`] decisions), the
//! match driver that records and replays games ([`MatchDriver`], [`replay`]), random playouts and
//! [`perft`], the [`conformance`] kit every game's tests call, and two [`reference`] games.
//!
//! ```
//! use worlds_engine::{reference::ConnectFour, Config, Game, MatchDriver, Turn};
//!
//! let game = ConnectFour::new(&Config::players(2)).unwrap();
//! let (mut m, _setup) = MatchDriver::new(game, 7);
//! let Turn::Decide(p1) = m.turn() else { unreachable!() };
//! let events = m.apply_text(p1, "3").unwrap();
//! assert_eq!(m.game().describe_event(&events[0].event), "P1 drops a disc in column 3 (row 1)");
//! // A full column, a wrong player, garbled notation: precise errors, state untouched.
//! assert!(m.apply_text(p1, "4").is_err());
//! assert!(m.apply_text(p1, "nine").is_err());
//! ```
#![forbid(unsafe_code)]

pub mod bits;
pub mod cards;
mod chance;
mod config;
pub mod conformance;
mod error;
pub mod flow;
mod game;
pub mod json;
mod outcome;
pub mod paint;
mod play;
mod player;
pub mod present;
pub mod program;
mod record;
pub mod reference;
pub mod scene;
pub mod secret;
pub mod testing;
pub mod text;

pub use chance::{Chance, Recording, ScriptMismatch, Scripted, ScriptedValue, SeededRng, StreamPosition, derive_seed};
pub use error::{
    ConfigError, ErrorKind, NotationError, QUOTE_LIMIT, RuleError, RuleErrorKind, StateError, content_errors,
    json_path_error, line_of, quote, shorten_quotes,
};
pub use game::{
    ActionCode, Config, Decision, EventSink, Game, GameInfo, Logged, NoEvents, NoOptions, Present, Style, Turn,
    VariantInfo, ViewInfo, Visibility, forced, playable,
};
pub use outcome::Outcome;
pub use play::{PlayerView, next_decider, perft, random_playout};
pub use player::{ByPlayer, MAX_PLAYERS, Player, PlayerSet, Viewer};
pub use record::{ApplyError, Match, MatchAction, MatchDriver, Replay, ReplayError, ScriptedAt, replay};
