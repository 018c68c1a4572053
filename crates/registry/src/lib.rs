//! # worlds-registry
//!
//! Every game by its id, two ways:
//! - statically, for speed: [`with_game`] hands a [`GameVisitor`] the concrete game type, so
//!   generic code (benchmarks, simulations) runs monomorphized for any game chosen at run time;
//! - dynamically, as JSON and text: [`open`] returns a [`DynSession`], the object-safe layer the
//!   CLI, the engine protocol and (later) the server and Python bindings speak. It keeps the
//!   match's event log and gives each viewer only what that viewer may see.
//!
//! Adding a game is one line in the list below (and the game crate as a dependency): everything
//! else — its description, its player's page, its content — comes from the game crate.
//!
//! ```
//! use worlds_engine::{Config, Player};
//! use worlds_registry::Audience;
//! let (mut session, _setup) = worlds_registry::open("tic-tac-toe", &Config::players(2), 1).unwrap();
//! let from = session.apply(Player::from_index(0), "b2").unwrap();
//! assert_eq!(session.events_for(Audience::All, from)[0].text, "P1 marks b2");
//! assert_eq!(session.legal(Player::from_index(1)).len(), 8);
//! ```
#![forbid(unsafe_code)]

mod batch;
mod position;
pub mod protocol;
mod replay;
mod session;
mod shown;
mod view;

pub use batch::{Batch, BatchError, DynBatch, StepBuffers, StepRows, new_batch};
pub use position::{DynPosition, Position, new_position, position_from_json};
pub use replay::{DynReplay, EVERY as REPLAY_EVERY, replay_checkpoints};
pub use session::{BotTask, DynSession, Session};
pub use shown::{Audience, BotError, EventView, LegalAction, ReplayFrame, ReplayStep, ShownJson, UndoError};
pub use view::DynView;

use worlds_bastards_inc::BastardsInc;
use worlds_engine::reference::{ConnectFour, TicTacToe};
use worlds_engine::{
    Config, ConfigError, ErrorKind, Game, GameInfo, Match, Present, ReplayError, ScriptMismatch, StateError,
};
use worlds_woobieworld::Woobieworld;
use worlds_world_dumbination::WorldDumbination;
use worlds_world_of_dungeons::WorldOfDungeons;
use worlds_world_war_5::WorldWar5;

/// Generic code that runs on whichever game the registry hands it.
pub trait GameVisitor {
    type Output;
    fn visit<G: Present>(self, game: G) -> Self::Output;
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
    #[error("the setup script does not fit: {0}")]
    Script(ScriptMismatch),
    #[error(transparent)]
    Batch(BatchError),
}

impl RegistryError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            RegistryError::UnknownGame { .. } => ErrorKind::UnknownGame,
            RegistryError::Config(e) => e.kind(),
            RegistryError::State(e) => e.kind(),
            RegistryError::Replay(e) => e.kind(),
            RegistryError::Script(_) => ErrorKind::ScriptMismatch,
            RegistryError::Batch(_) => ErrorKind::BadRequest,
        }
    }
}

macro_rules! registry {
    ($($game:ty),* $(,)?) => {
        /// Every game, in the order `worlds games` lists them.
        pub fn games() -> Vec<&'static GameInfo> {
            vec![$(<$game as Game>::info()),*]
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
    WorldWar5,
    Woobieworld,
    WorldOfDungeons,
    WorldDumbination,
    BastardsInc,
    ConnectFour,
    TicTacToe,
}

fn unknown(id: &str) -> RegistryError {
    let known = games().iter().map(|info| info.id).collect::<Vec<_>>().join(", ");
    RegistryError::UnknownGame { id: worlds_engine::quote(id), known }
}

/// The registered game `id`.
///
/// # Errors
/// [`RegistryError::UnknownGame`] listing the known ids.
pub fn find(id: &str) -> Result<&'static GameInfo, RegistryError> {
    games().into_iter().find(|info| info.id == id).ok_or_else(|| unknown(id))
}

/// The content files of the folder `dir` (its `.toml` files, and text grids such as World
/// Dumbination's `board.txt`), by file name, to replace a game's built-in ones
/// ([`Config::content`]): what `--content DIR` and Python's `content=` read.
///
/// # Errors
/// A folder that cannot be read, or holds no such file, in a sentence naming it.
pub fn content_folder(dir: &std::path::Path) -> Result<std::collections::BTreeMap<String, String>, String> {
    let mut files = std::collections::BTreeMap::new();
    let entries = std::fs::read_dir(dir).map_err(|e| format!("reading the content folder {}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| format!("reading the content folder {}: {e}", dir.display()))?.path();
        if path.extension().is_some_and(|e| e == "toml" || e == "txt") {
            let text = std::fs::read_to_string(&path).map_err(|e| format!("reading {}: {e}", path.display()))?;
            files.insert(path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(), text);
        }
    }
    if files.is_empty() {
        return Err(format!("the content folder {} has no .toml or .txt file", dir.display()));
    }
    Ok(files)
}

/// Every game as JSON, for programs (the engine protocol's `games`, the server's `/api/games`):
/// id, name, player counts, variants with their descriptions (the first is the default), whether
/// it hides information, has simultaneous decisions or chance, and its one-line summary.
pub fn games_json() -> serde_json::Value {
    let games: Vec<serde_json::Value> = games()
        .iter()
        .map(|info| {
            serde_json::json!({
                "id": info.id,
                "name": info.name,
                "min_players": info.min_players,
                "max_players": info.max_players,
                "variants": info.variants.iter()
                    .map(|v| serde_json::json!({"id": v.id, "description": v.description}))
                    .collect::<Vec<_>>(),
                "hidden_information": info.hidden_information,
                "simultaneous": info.simultaneous,
                "chance": info.chance,
                "summary": info.summary,
            })
        })
        .collect();
    serde_json::Value::Array(games)
}

/// A new game of `id`, and the events of its setup.
///
/// # Errors
/// An unknown id or a bad config.
pub fn open(id: &str, config: &Config, seed: u64) -> Result<(Box<dyn DynSession>, usize), RegistryError> {
    open_scripted(id, config, seed, Vec::new())
}

/// A new game of `id` whose setup draws `script` first (e.g. a forced roll-off or opening deal).
/// Returns the session and the number of setup events (their sequence numbers start at 0).
///
/// # Errors
/// An unknown id, a bad config, or a script that does not fit the setup's draws.
pub fn open_scripted(
    id: &str,
    config: &Config,
    seed: u64,
    script: Vec<worlds_engine::ScriptedValue>,
) -> Result<(Box<dyn DynSession>, usize), RegistryError> {
    struct Open(u64, Vec<worlds_engine::ScriptedValue>);
    impl GameVisitor for Open {
        type Output = Result<(Box<dyn DynSession>, usize), RegistryError>;
        fn visit<G: Present>(self, game: G) -> Self::Output {
            let session = Session::new_scripted(game, self.0, self.1).map_err(RegistryError::Script)?;
            let setup = session.event_count();
            Ok((Box::new(session), setup))
        }
    }
    with_game(id, config, Open(seed, script))?
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
        fn visit<G: Present>(self, game: G) -> Self::Output {
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
        fn visit<G: Present>(self, game: G) -> Self::Output {
            Ok(Box::new(Session::resume(game, self.0)?))
        }
    }
    with_game(&record.game, &record.config, Resume(record))?
}

/// Step `step` of a saved match as `audience` sees it, with its scene (none past the end), and
/// the number of the last step: for a browser stepping through a replay.
///
/// # Errors
/// An unknown game, a bad config, or an action of the log that does not apply.
pub fn replay_frame(
    record: &Match,
    audience: Audience,
    step: usize,
) -> Result<(Option<ReplayFrame>, usize), RegistryError> {
    struct One<'a>(&'a Match, Audience, usize);
    impl GameVisitor for One<'_> {
        type Output = Result<(Option<ReplayFrame>, usize), RegistryError>;
        fn visit<G: Present>(self, game: G) -> Self::Output {
            Session::replay_frame(&game, self.0, self.1, self.2)
        }
    }
    with_game(&record.game, &record.config, One(record, audience, step))?
}

/// Every step of a saved match as `audience` sees it: the events it may see and the view.
///
/// # Errors
/// An unknown game, a bad config, or an action of the log that does not apply.
pub fn replay_match(
    record: &Match,
    audience: Audience,
    style: worlds_engine::Style,
) -> Result<Vec<ReplayStep>, RegistryError> {
    struct Steps<'a>(&'a Match, Audience, worlds_engine::Style);
    impl GameVisitor for Steps<'_> {
        type Output = Result<Vec<ReplayStep>, RegistryError>;
        fn visit<G: Present>(self, game: G) -> Self::Output {
            Session::replay_steps(&game, self.0, self.1, self.2)
        }
    }
    with_game(&record.game, &record.config, Steps(record, audience, style))?
}
