//! Errors on the command line: every library error has a kind ([`ErrorKind`]); this is the one
//! place that turns kinds into exit codes.

use worlds_engine::{
    ApplyError, ConfigError, ErrorKind, NotationError, ReplayError, RuleError, ScriptMismatch, StateError,
};
use worlds_registry::{BotError, RegistryError};
use worlds_sim::SimError;

/// Context saying that what went wrong below it was in a file's data: a saved match naming an
/// unknown game, a player count or variant the game does not have, or an action that does not
/// apply is the file's fault, not the command line's (exit 65, whatever the kind underneath).
/// It reads as the error it holds.
#[derive(Debug)]
pub struct InFile(pub anyhow::Error);

impl std::fmt::Display for InFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.0, f)
    }
}

impl std::error::Error for InFile {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

/// A file or folder that could not be read (exit 74).
#[derive(Debug)]
pub struct Unreadable(pub String);

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unreadable {}

/// The kind of the first error in the chain that has one (context added on the way keeps it).
pub fn kind(e: &anyhow::Error) -> ErrorKind {
    for cause in e.chain() {
        let kind = if cause.downcast_ref::<InFile>().is_some() {
            ErrorKind::BadReplay
        } else if cause.downcast_ref::<Unreadable>().is_some() {
            ErrorKind::Io
        } else if let Some(x) = cause.downcast_ref::<RegistryError>() {
            x.kind()
        } else if let Some(x) = cause.downcast_ref::<SimError>() {
            x.kind()
        } else if let Some(x) = cause.downcast_ref::<ApplyError>() {
            x.kind()
        } else if let Some(x) = cause.downcast_ref::<RuleError>() {
            x.kind()
        } else if let Some(x) = cause.downcast_ref::<NotationError>() {
            x.kind()
        } else if let Some(x) = cause.downcast_ref::<ConfigError>() {
            x.kind()
        } else if let Some(x) = cause.downcast_ref::<StateError>() {
            x.kind()
        } else if let Some(x) = cause.downcast_ref::<ReplayError>() {
            x.kind()
        } else if let Some(x) = cause.downcast_ref::<BotError>() {
            x.kind()
        } else if cause.downcast_ref::<ScriptMismatch>().is_some() {
            ErrorKind::ScriptMismatch
        } else if cause.downcast_ref::<worlds_agents::SpecError>().is_some() {
            ErrorKind::BadAgent
        } else if cause.downcast_ref::<std::io::Error>().is_some() {
            ErrorKind::Io
        } else if cause.downcast_ref::<serde_json::Error>().is_some() {
            ErrorKind::BadReplay
        } else {
            continue;
        };
        return kind;
    }
    ErrorKind::BadRequest
}

/// The exit code of a failed command: 2 for a bad command line (as for a usage error), 65 for
/// bad data in a file (a board, a saved match, a position), 74 for a file that cannot be read or
/// written, 70 for a bug in Worlds (sysexits.h).
pub fn exit_code(kind: ErrorKind) -> u8 {
    match kind {
        ErrorKind::UnknownGame
        | ErrorKind::BadConfig
        | ErrorKind::BadAgent
        | ErrorKind::BadRequest
        | ErrorKind::NotYourTurn
        | ErrorKind::IllegalAction
        | ErrorKind::GameOver
        | ErrorKind::NotToAct
        | ErrorKind::BadNotation => 2,
        ErrorKind::BadContent | ErrorKind::BadState | ErrorKind::BadReplay | ErrorKind::ScriptMismatch => 65,
        ErrorKind::Io => 74,
        ErrorKind::Internal => 70,
    }
}
