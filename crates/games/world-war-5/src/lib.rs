//! # World War 5
//!
//! The rules of World War 5 (`../shared/specs/world-war-5.md`) on the Worlds engine contract:
//! six continents of three territories, pyramids that grow, build, move and invade, dice combat
//! where the defender chooses where to retreat, and victory by holding another continent.
//!
//! ```
//! use worlds_engine::{Config, Game, MatchDriver, Turn};
//! use worlds_world_war_5::WorldWar5;
//!
//! let game = WorldWar5::new(&Config::players(2).with_option("homes", serde_json::json!(["eu", "as"]))).unwrap();
//! let (mut m, _setup) = MatchDriver::new(game, 1);
//! let Turn::Decide(first) = m.turn() else { unreachable!() };
//! let place = if first.index() == 0 { "place eu-north" } else { "place as-north" };
//! m.apply_text(first, place).unwrap();
//! assert!(m.apply_text(first, "grow eu-north").is_err()); // setup first, and not your turn
//! ```
#![forbid(unsafe_code)]

mod action;
mod board;
mod combat;
mod event;
mod notation;
mod piece;
mod rules;
mod state;
mod territory;
mod validate;
mod view;

pub use action::Action;
pub use board::{BOARD_FILE, BUILT_IN as BUILT_IN_BOARD, Board};
pub use combat::{ODDS, enumerate_odds, odds, shrunk_size};
pub use event::Event;
pub use notation::FORMS as NOTATION_FORMS;
pub use piece::{Piece, Size, Stash};
pub use rules::{DEFAULT_TURN_CAP, Options, WorldWar5};
pub use state::{Combat, Ending, Phase, State};
pub use territory::{Continent, Territory};
pub use view::{Observation, PlayerInfo, Square, TENSOR_LEN};
