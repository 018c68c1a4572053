//! The errors of the contract: small enums that are easy to assert in tests.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Why an action was refused. The state it was tried on is unchanged.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{message} [{rule}]")]
pub struct RuleError {
    pub kind: RuleErrorKind,
    /// The rule the action breaks, as a spec rule ID (e.g. `WW5-MOVE-1`).
    pub rule: &'static str,
    /// What was wrong and, where it helps, what to do instead.
    pub message: String,
}

/// The broad reason an action was refused.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleErrorKind {
    /// The game has ended.
    GameOver,
    /// Another player must decide now.
    NotYourTurn,
    /// The action breaks a rule.
    Illegal,
}

impl RuleErrorKind {
    pub fn as_str(self) -> &'static str {
        match self {
            RuleErrorKind::GameOver => "game_over",
            RuleErrorKind::NotYourTurn => "not_your_turn",
            RuleErrorKind::Illegal => "illegal_action",
        }
    }
}

impl RuleError {
    pub fn illegal(rule: &'static str, message: impl Into<String>) -> RuleError {
        RuleError { kind: RuleErrorKind::Illegal, rule, message: message.into() }
    }

    pub fn not_your_turn(rule: &'static str, message: impl Into<String>) -> RuleError {
        RuleError { kind: RuleErrorKind::NotYourTurn, rule, message: message.into() }
    }

    pub fn game_over(rule: &'static str) -> RuleError {
        RuleError { kind: RuleErrorKind::GameOver, rule, message: "the game is over".into() }
    }
}

/// A text action that could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("cannot read `{input}`: {reason}")]
pub struct NotationError {
    pub input: String,
    pub reason: String,
}

impl NotationError {
    pub fn new(input: &str, reason: impl Into<String>) -> NotationError {
        NotationError { input: input.trim().to_owned(), reason: reason.into() }
    }
}

/// Why a game could not be created from a config.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("{game} is for {} players, not {players}", player_range(*min, *max))]
    PlayerCount { game: &'static str, players: usize, min: usize, max: usize },
    #[error("{game} has no variant `{variant}`; its variants are: {known}")]
    UnknownVariant { game: &'static str, variant: String, known: String },
    #[error("option `{field}`: {reason}")]
    Option { field: String, reason: String },
    #[error("{}", ContentLocation { file, line, reason })]
    Content { file: String, line: Option<usize>, reason: String },
}

fn player_range(min: usize, max: usize) -> String {
    if min == max { min.to_string() } else { format!("{min}–{max}") }
}

struct ContentLocation<'a> {
    file: &'a str,
    line: &'a Option<usize>,
    reason: &'a str,
}

impl fmt::Display for ContentLocation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{}: {}", self.file, line, self.reason),
            None => write!(f, "{}: {}", self.file, self.reason),
        }
    }
}

/// Why a JSON state was refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum StateError {
    #[error("state JSON, line {line} column {column}: {message}")]
    Json { line: usize, column: usize, message: String },
    #[error("state field `{field}`: {reason}")]
    Invalid { field: String, reason: String },
}

impl StateError {
    pub fn invalid(field: impl Into<String>, reason: impl Into<String>) -> StateError {
        StateError::Invalid { field: field.into(), reason: reason.into() }
    }
}

impl From<serde_json::Error> for StateError {
    /// Syntax and type errors keep their JSON position. Errors raised while converting a parsed
    /// value into a state have no position; by convention their message is `field: reason`.
    fn from(e: serde_json::Error) -> StateError {
        // serde_json appends " at line L column C" itself; keep the message bare.
        let mut message = e.to_string();
        if let Some(at) = message.rfind(" at line ") {
            message.truncate(at);
        }
        if e.line() == 0 {
            return match message.split_once(": ") {
                Some((field, reason)) if !field.contains(' ') => StateError::invalid(field, reason),
                _ => StateError::invalid("state", message),
            };
        }
        StateError::Json { line: e.line(), column: e.column(), message }
    }
}
