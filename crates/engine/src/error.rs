//! The errors of the contract: small enums that are easy to assert in tests, each with a
//! [`kind`](ErrorKind) that the command line and the server map to exit codes and statuses in one
//! place each.

use std::fmt;

use serde::{Deserialize, Serialize};

/// What kind of thing went wrong, across every library error of Worlds. Programs branch on this
/// (the engine protocol reports it as `error.kind`, the command line turns it into an exit code);
/// people read the message.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// No game has this id.
    UnknownGame,
    /// The player count, variant or an option is not allowed.
    BadConfig,
    /// A content file (board, map, cards) does not load.
    BadContent,
    /// A position (state JSON) is impossible or malformed.
    BadState,
    /// A saved match does not replay.
    BadReplay,
    /// Action notation could not be read.
    BadNotation,
    /// Another player must decide now.
    NotYourTurn,
    /// The action breaks a rule.
    IllegalAction,
    /// The game has ended.
    GameOver,
    /// A scripted random value does not fit the draw it was meant for.
    ScriptMismatch,
    /// An agent spec could not be read.
    BadAgent,
    /// A request (protocol line, command-line value) is malformed or out of bounds.
    BadRequest,
    /// A bot was asked to move for a player with nothing to decide.
    NotToAct,
    /// A file could not be read or written.
    Io,
    /// A game or agent broke its contract (a bug in Worlds).
    Internal,
}

impl ErrorKind {
    /// The snake_case name, as the engine protocol writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::UnknownGame => "unknown_game",
            ErrorKind::BadConfig => "bad_config",
            ErrorKind::BadContent => "bad_content",
            ErrorKind::BadState => "bad_state",
            ErrorKind::BadReplay => "bad_replay",
            ErrorKind::BadNotation => "bad_notation",
            ErrorKind::NotYourTurn => "not_your_turn",
            ErrorKind::IllegalAction => "illegal_action",
            ErrorKind::GameOver => "game_over",
            ErrorKind::ScriptMismatch => "script_mismatch",
            ErrorKind::BadAgent => "bad_agent",
            ErrorKind::BadRequest => "bad_request",
            ErrorKind::NotToAct => "not_to_act",
            ErrorKind::Io => "io",
            ErrorKind::Internal => "internal",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

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
        ErrorKind::from(self).as_str()
    }
}

impl From<RuleErrorKind> for ErrorKind {
    fn from(k: RuleErrorKind) -> ErrorKind {
        match k {
            RuleErrorKind::GameOver => ErrorKind::GameOver,
            RuleErrorKind::NotYourTurn => ErrorKind::NotYourTurn,
            RuleErrorKind::Illegal => ErrorKind::IllegalAction,
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

    /// The game has ended; `how` says how (e.g. "P1 holds all of Africa").
    pub fn game_over(rule: &'static str, how: impl Into<String>) -> RuleError {
        let how = how.into();
        let message = if how.is_empty() { "the game is over".to_owned() } else { format!("the game is over: {how}") };
        RuleError { kind: RuleErrorKind::GameOver, rule, message }
    }

    pub fn kind(&self) -> ErrorKind {
        self.kind.into()
    }
}

/// The most characters of a player's input an error quotes back.
pub const QUOTE_LIMIT: usize = 60;

/// `text` trimmed and cut to [`QUOTE_LIMIT`] characters (with `…` when cut), for error messages
/// that quote what was typed: a ten-megabyte line is never echoed back whole.
pub fn quote(text: &str) -> String {
    let t = text.trim();
    match t.char_indices().nth(QUOTE_LIMIT) {
        Some((at, _)) => format!("{}…", &t[..at]),
        None => t.to_owned(),
    }
}

/// A text action that could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("cannot read `{input}`: {reason}")]
pub struct NotationError {
    /// What was typed, trimmed and cut to [`QUOTE_LIMIT`] characters.
    pub input: String,
    pub reason: String,
}

impl NotationError {
    pub fn new(input: &str, reason: impl Into<String>) -> NotationError {
        NotationError { input: quote(input), reason: reason.into() }
    }

    pub fn kind(&self) -> ErrorKind {
        ErrorKind::BadNotation
    }
}

/// The 1-based line of a byte offset in a file's text (for content errors).
pub fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset).unwrap_or(text).matches('\n').count() + 1
}

/// Makes [`ConfigError::Content`] errors for one content file: `err(span, reason)` names the file
/// and the line where `span` (a byte range of `text`, as the TOML parser gives) starts.
pub fn content_errors<'a>(
    file: &'a str,
    text: &'a str,
) -> impl Fn(Option<std::ops::Range<usize>>, String) -> ConfigError + 'a {
    move |span, reason| ConfigError::Content {
        file: file.to_owned(),
        line: span.map(|s| line_of(text, s.start)),
        reason,
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

impl ConfigError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            ConfigError::Content { .. } => ErrorKind::BadContent,
            _ => ErrorKind::BadConfig,
        }
    }
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
    /// The text is not JSON at all.
    #[error("state JSON, line {line} column {column}: {message}")]
    Json { line: usize, column: usize, message: String },
    /// A field is missing, of the wrong type or impossible. `field` is its JSON path (`board.eu-north`,
    /// `hands[1]`); empty for the state as a whole.
    #[error("{}", FieldMessage { field, reason })]
    Invalid { field: String, reason: String },
}

struct FieldMessage<'a> {
    field: &'a str,
    reason: &'a str,
}

impl fmt::Display for FieldMessage<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "state: {}", self.reason)
        } else {
            write!(f, "state field `{}`: {}", self.field, self.reason)
        }
    }
}

impl StateError {
    pub fn invalid(field: impl Into<String>, reason: impl Into<String>) -> StateError {
        StateError::Invalid { field: field.into(), reason: reason.into() }
    }

    pub fn kind(&self) -> ErrorKind {
        ErrorKind::BadState
    }

    /// The same error about a field inside `parent` (e.g. `stack[1]` + `from` = `stack[1].from`).
    pub fn within(self, parent: &str) -> StateError {
        match self {
            StateError::Invalid { field, reason } => {
                let field = match (parent.is_empty(), field.is_empty()) {
                    (true, _) => field,
                    (false, true) => parent.to_owned(),
                    (false, false) if field.starts_with('[') => format!("{parent}{field}"),
                    (false, false) => format!("{parent}.{field}"),
                };
                StateError::Invalid { field, reason }
            }
            other => other,
        }
    }
}

/// serde_json appends " at line L column C" to its messages; the path says where instead. What
/// serde quotes of the input (an unknown field or variant, a string of the wrong type) is cut to
/// [`QUOTE_LIMIT`] characters.
fn bare(message: String) -> String {
    let message = match message.rfind(" at line ") {
        Some(at) => &message[..at],
        None => &message,
    };
    shorten_quotes(message)
}

/// `message` with every quoted part (between backticks or double quotes) longer than
/// [`QUOTE_LIMIT`] characters cut to it: an error never echoes a long input back whole.
pub fn shorten_quotes(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(1024));
    let mut rest = message;
    while let Some(open) = rest.find(['`', '"']) {
        let mark = &rest[open..=open];
        out.push_str(&rest[..=open]);
        rest = &rest[open + 1..];
        let Some(close) = rest.find(mark) else {
            // An unclosed quote: the rest is cut as a quote would be.
            cut_into(&mut out, rest);
            return out;
        };
        cut_into(&mut out, &rest[..close]);
        out.push_str(mark);
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Appends `text` cut to [`QUOTE_LIMIT`] characters (with `…` when cut).
fn cut_into(out: &mut String, text: &str) {
    match text.char_indices().nth(QUOTE_LIMIT) {
        Some((at, _)) => {
            out.push_str(&text[..at]);
            out.push('…');
        }
        None => out.push_str(text),
    }
}

/// Turns a path-tracking JSON error into a [`StateError`] naming the JSON path of the bad field.
pub(crate) fn state_error(e: serde_path_to_error::Error<serde_json::Error>) -> StateError {
    let path = e.path().to_string();
    let inner = e.into_inner();
    if inner.is_syntax() || inner.is_eof() {
        return StateError::Json { line: inner.line(), column: inner.column(), message: bare(inner.to_string()) };
    }
    let field = if path == "." { String::new() } else { path };
    StateError::Invalid { field, reason: bare(inner.to_string()) }
}

/// The JSON path and message of a path-tracking error, for option and request errors.
pub fn json_path_error(e: serde_path_to_error::Error<serde_json::Error>) -> (String, String) {
    let path = e.path().to_string();
    let inner = e.into_inner();
    (if path == "." { String::new() } else { path }, bare(inner.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_input_is_quoted_cut_short() {
        let e = NotationError::new(&"x".repeat(10_000_000), "nonsense");
        assert_eq!(e.input.chars().count(), QUOTE_LIMIT + 1);
        assert!(e.input.ends_with('…'));
        assert_eq!(NotationError::new("  grow  ", "r").input, "grow");
    }

    #[test]
    fn long_quotes_in_messages_are_cut() {
        let long = "x".repeat(5000);
        let cut = format!("{}…", "x".repeat(QUOTE_LIMIT));
        assert_eq!(
            shorten_quotes(&format!("unknown field `{long}`, expected `a`")),
            format!("unknown field `{cut}`, expected `a`")
        );
        assert_eq!(
            shorten_quotes(&format!("invalid type: string \"{long}\", expected usize")),
            format!("invalid type: string \"{cut}\", expected usize")
        );
        let plain = "nothing quoted, ".repeat(20);
        assert_eq!(shorten_quotes(&plain), plain, "only quotes are cut");
        assert_eq!(shorten_quotes(&format!("open `{long}")), format!("open `{cut}"));
    }

    #[test]
    fn field_errors_nest_their_paths() {
        let e = StateError::invalid("from", "bad").within("stack[1]");
        assert_eq!(e.to_string(), "state field `stack[1].from`: bad");
        assert_eq!(StateError::invalid("", "empty").to_string(), "state: empty");
        assert_eq!(StateError::invalid("[2]", "x").within("hands").to_string(), "state field `hands[2]`: x");
    }
}
