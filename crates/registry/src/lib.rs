//! # worlds-registry
//!
//! Every game by its id, two ways:
//! - statically, for speed: [`with_game`] hands a [`GameVisitor`] the concrete game type, so
//!   generic code (benchmarks, simulations) runs monomorphized for any game chosen at run time;
//! - dynamically, as JSON and text: [`open`] returns a [`DynSession`], the object-safe layer the
//!   CLI, the engine protocol and (later) the server and Python bindings speak.
//!
//! Adding a game is one line in [`registry!`]'s list below.
//!
//! ```
//! use worlds_engine::{Config, Player};
//! let (mut session, _setup) = worlds_registry::open("tic-tac-toe", &Config::players(2), 1).unwrap();
//! session.apply(Player::from_index(0), "b2").unwrap();
//! assert_eq!(session.legal(Player::from_index(1)).len(), 8);
//! ```
#![forbid(unsafe_code)]

mod session;

pub use session::{BotError, DynSession, EventView, LegalAction, ReplayStep, Session};

use worlds_engine::reference::{ConnectFour, TicTacToe};
use worlds_engine::{Config, ConfigError, Game, GameInfo, Match, ReplayError, StateError};
use worlds_woobieworld::Woobieworld;
use worlds_world_war_5::WorldWar5;

/// Generic code that runs on whichever game the registry hands it.
pub trait GameVisitor {
    type Output;
    fn visit<G: Game>(self, game: G) -> Self::Output;
}

/// A registered game: its description and its player's page.
#[derive(Debug)]
pub struct Entry {
    pub info: &'static GameInfo,
    /// The player's page (`docs/games/<id>.md`), shown by `worlds rules`.
    pub rules: &'static str,
}

/// What can go wrong opening a game.
#[derive(Clone, PartialEq, Debug, thiserror::Error)]
pub enum RegistryError {
    #[error("unknown game `{id}`; the games are: {known}")]
    UnknownGame { id: String, known: String },
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    State(#[from] StateError),
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

macro_rules! registry {
    ($($game:ty => $rules:expr),* $(,)?) => {
        /// Every game, in the order `worlds games` lists them.
        pub fn games() -> Vec<Entry> {
            vec![$(Entry { info: <$game as Game>::info(), rules: $rules }),*]
        }

        /// Runs `visitor` on the game `id` built from `config`.
        ///
        /// # Errors
        /// An unknown id or a bad config.
        pub fn with_game<V: GameVisitor>(id: &str, config: &Config, visitor: V) -> Result<V::Output, RegistryError> {
            $(
                if id == <$game as Game>::info().id {
                    return Ok(visitor.visit(<$game as Game>::new(config)?));
                }
            )*
            Err(unknown(id))
        }
    };
}

registry! {
    WorldWar5 => include_str!("../../../docs/games/world-war-5.md"),
    Woobieworld => include_str!("../../../docs/games/woobieworld.md"),
    ConnectFour => include_str!("../../../docs/games/connect-four.md"),
    TicTacToe => include_str!("../../../docs/games/tic-tac-toe.md"),
}

fn unknown(id: &str) -> RegistryError {
    let known = games().iter().map(|e| e.info.id).collect::<Vec<_>>().join(", ");
    RegistryError::UnknownGame { id: id.to_owned(), known }
}

/// The registered game `id`.
///
/// # Errors
/// [`RegistryError::UnknownGame`] listing the known ids.
pub fn find(id: &str) -> Result<Entry, RegistryError> {
    games().into_iter().find(|e| e.info.id == id).ok_or_else(|| unknown(id))
}

/// A new game of `id`, and the events of its setup.
///
/// # Errors
/// An unknown id or a bad config.
pub fn open(id: &str, config: &Config, seed: u64) -> Result<(Box<dyn DynSession>, Vec<EventView>), RegistryError> {
    struct Open(u64);
    impl GameVisitor for Open {
        type Output = (Box<dyn DynSession>, Vec<EventView>);
        fn visit<G: Game>(self, game: G) -> Self::Output {
            let (session, events) = Session::new(game, self.0);
            (Box::new(session), events)
        }
    }
    with_game(id, config, Open(seed))
}

/// A game of `id` from a position (state JSON), validated.
///
/// # Errors
/// An unknown id, a bad config, or an impossible state.
pub fn load(
    id: &str,
    config: &Config,
    state: serde_json::Value,
    seed: u64,
) -> Result<Box<dyn DynSession>, RegistryError> {
    struct Load(serde_json::Value, u64);
    impl GameVisitor for Load {
        type Output = Result<Box<dyn DynSession>, StateError>;
        fn visit<G: Game>(self, game: G) -> Self::Output {
            Ok(Box::new(Session::from_state(game, self.0, self.1)?))
        }
    }
    Ok(with_game(id, config, Load(state, seed))??)
}

/// Replays a saved match to its end, ready to continue.
///
/// # Errors
/// An unknown game, a bad config, or an action of the log that does not apply.
pub fn resume(record: &Match) -> Result<Box<dyn DynSession>, RegistryError> {
    struct Resume<'a>(&'a Match);
    impl GameVisitor for Resume<'_> {
        type Output = Result<Box<dyn DynSession>, RegistryError>;
        fn visit<G: Game>(self, game: G) -> Self::Output {
            Ok(Box::new(Session::resume(game, self.0)?))
        }
    }
    with_game(&record.game, &record.config, Resume(record))?
}

/// Every step of a saved match, rendered for `viewer`.
///
/// # Errors
/// An unknown game, a bad config, or an action of the log that does not apply.
pub fn replay_match(
    record: &Match,
    viewer: worlds_engine::Viewer,
    style: worlds_engine::Style,
) -> Result<Vec<ReplayStep>, RegistryError> {
    struct Steps<'a>(&'a Match, worlds_engine::Viewer, worlds_engine::Style);
    impl GameVisitor for Steps<'_> {
        type Output = Result<Vec<ReplayStep>, RegistryError>;
        fn visit<G: Game>(self, game: G) -> Self::Output {
            Session::replay_steps(&game, self.0, self.1, self.2)
        }
    }
    with_game(&record.game, &record.config, Steps(record, viewer, style))?
}
