//! Errors on the command line: every library error has a kind ([`ErrorKind`]); this is the one
//! place that turns kinds into exit codes.

use worlds_engine::{
    ApplyError, ConfigError, ErrorKind, NotationError, ReplayError, RuleError, ScriptMismatch, StateError,
};
use worlds_registry::{BotError, RegistryError};
use worlds_sim::SimError;

/// The kind of the first error in the chain that has one (context added on the way keeps it).
pub fn kind(e: &anyhow::Error) -> ErrorKind {
    for cause in e.chain() {
        let kind = if let Some(x) = cause.downcast_ref::<RegistryError>() {
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
