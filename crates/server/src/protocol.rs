//! The messages of `worlds serve`, as JSON (documented with an example exchange in
//! `docs/server.md`).
//!
//! HTTP creates matches and players; a WebSocket per connection plays: the client's first message
//! is `join` with its link's token, then `act`; the server sends `welcome`, `event`, `state`,
//! `ack` and `error`. Every server message carries `step`, the number of actions applied when it
//! was sent.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use worlds_engine::Outcome;
use worlds_registry::LegalAction;

/// `POST /api/matches`.
#[derive(Clone, PartialEq, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CreateMatch {
    /// A game id (`GET /api/games` lists them).
    pub game: String,
    /// The number of players; the game's smallest count when missing.
    #[serde(default)]
    pub players: Option<usize>,
    #[serde(default)]
    pub variant: Option<String>,
    #[serde(default)]
    pub options: serde_json::Map<String, Value>,
    /// One entry per seat: `human` or a bot spec (`random`, `mcts:200`, …). Missing: the first
    /// seat human and the others `random`.
    #[serde(default)]
    pub seats: Option<Vec<String>>,
    /// The seed of the match's random stream (random when missing).
    #[serde(default)]
    pub seed: Option<u64>,
    /// Clocks and what happens to absent players.
    #[serde(default)]
    pub settings: Settings,
}

/// A match's rules of play beyond the game: clocks and what happens to an absent player.
#[derive(Clone, PartialEq, Eq, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// Per-seat time banks (none when missing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<Clock>,
    /// The bot spec that takes over a human seat that runs out of time or stays disconnected past
    /// the limit; when missing, that seat forfeits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub takeover: Option<String>,
    /// Seconds a human seat may stay disconnected during play (no limit when missing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disconnect_limit_s: Option<u64>,
}

/// The longest time bank, increment and disconnect limit: 30 days.
pub const MAX_SETTING_MS: u64 = 30 * 24 * 3600 * 1000;

impl Settings {
    /// Checks every number's range (and that `takeover` is not `human`; its spec is checked
    /// against the server's bot policy where matches are created).
    ///
    /// # Errors
    /// The first setting out of range, by its path, with the range.
    pub fn check(&self) -> Result<(), crate::error::ServerError> {
        use crate::error::ServerError;
        let days = MAX_SETTING_MS / (24 * 3600 * 1000);
        if let Some(c) = self.clock {
            if !(1..=MAX_SETTING_MS).contains(&c.bank_ms) {
                return Err(ServerError::bad_request(format!(
                    "`settings.clock.bank_ms`: from 1 to {MAX_SETTING_MS} ({days} days), not {}",
                    c.bank_ms
                )));
            }
            if c.increment_ms > MAX_SETTING_MS {
                return Err(ServerError::bad_request(format!(
                    "`settings.clock.increment_ms`: from 0 to {MAX_SETTING_MS} ({days} days), not {}",
                    c.increment_ms
                )));
            }
        }
        if let Some(limit) = self.disconnect_limit_s
            && !(1..=MAX_SETTING_MS / 1000).contains(&limit)
        {
            return Err(ServerError::bad_request(format!(
                "`settings.disconnect_limit_s`: from 1 to {} ({days} days), not {limit}",
                MAX_SETTING_MS / 1000
            )));
        }
        Ok(())
    }

    /// Brings every number within its range (settings stored before ranges were checked).
    pub fn clamp(&mut self) {
        if let Some(c) = self.clock.as_mut() {
            c.bank_ms = c.bank_ms.clamp(1, MAX_SETTING_MS);
            c.increment_ms = c.increment_ms.min(MAX_SETTING_MS);
        }
        self.disconnect_limit_s = self.disconnect_limit_s.map(|l| l.clamp(1, MAX_SETTING_MS / 1000));
    }
}

/// A time bank per seat: `bank_ms` at the start, `increment_ms` added after each of its actions.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Clock {
    pub bank_ms: u64,
    #[serde(default)]
    pub increment_ms: u64,
}

/// A secret link.
#[derive(Clone, PartialEq, Eq, Debug, Deserialize, Serialize)]
pub struct Invite {
    /// The seat (from 0); missing for the spectator link.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<usize>,
    pub token: String,
    /// The link to open in a browser: the token is after `#`, so it never reaches a server log.
    pub url: String,
}

/// The answer to `POST /api/matches`.
#[derive(Clone, PartialEq, Eq, Debug, Deserialize, Serialize)]
pub struct Created {
    #[serde(rename = "match")]
    pub match_id: String,
    /// One per human seat.
    pub invites: Vec<Invite>,
    pub spectator: Invite,
}

/// A WebSocket message from a client: `{"type": "join", …}` or `{"type": "act", …}`.
#[derive(Clone, PartialEq, Debug)]
pub enum ClientMessage {
    Join(Join),
    Act(Act),
}

/// The first message: a seat's or the spectator link's token, and the last event sequence number
/// this client has seen (when reconnecting): only the events after it are sent.
#[derive(Clone, PartialEq, Eq, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Join {
    pub token: String,
    #[serde(default)]
    pub last_seq: Option<usize>,
    /// Send the scene (what a browser draws) in each `state`, and each legal action's elements.
    #[serde(default)]
    pub scene: bool,
}

/// An action in text notation (`action`) or by its integer code (`index`), for the seat of the
/// link. `id` (any JSON) comes back in the `ack` or `error`. `seat`, when given, must be the
/// link's seat.
#[derive(Clone, PartialEq, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Act {
    #[serde(default)]
    pub id: Option<Value>,
    #[serde(default)]
    pub action: Option<String>,
    #[serde(default)]
    pub index: Option<usize>,
    #[serde(default)]
    pub seat: Option<usize>,
}

impl ClientMessage {
    /// Reads a message, naming what was wrong and where.
    ///
    /// # Errors
    /// Not JSON, no known `type`, or a bad field (named by its path).
    pub fn parse(text: &str) -> Result<ClientMessage, crate::error::ServerError> {
        use crate::error::ServerError;
        let hint = r#"send {"type": "act", "action": "…"}"#;
        let mut value: Value = serde_json::from_str(text)
            .map_err(|e| ServerError::bad_request(format!("the message is not JSON ({e}); {hint}")))?;
        let kind = match value.as_object_mut().and_then(|o| o.remove("type")) {
            Some(Value::String(kind)) => kind,
            _ => return Err(ServerError::bad_request(format!("the message has no `type`: `join` or `act`; {hint}"))),
        };
        let fields = "the message";
        match kind.as_str() {
            "join" => Ok(ClientMessage::Join(ServerError::from_json(value, fields)?)),
            "act" => Ok(ClientMessage::Act(ServerError::from_json(value, fields)?)),
            other => Err(ServerError::bad_request(format!("unknown message type `{other}`: `join` or `act`"))),
        }
    }
}

/// Who sits in a seat, as every client sees it.
#[derive(Clone, PartialEq, Eq, Debug, Deserialize, Serialize)]
pub struct SeatInfo {
    pub seat: usize,
    /// `human` or `bot`.
    pub kind: String,
    /// The bot's spec.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
    pub claimed: bool,
    pub connected: bool,
}

/// A seat's time bank.
#[derive(Clone, PartialEq, Eq, Debug, Deserialize, Serialize)]
pub struct ClockInfo {
    pub seat: usize,
    pub remaining_ms: u64,
    /// Whether it is running now (the seat is to act).
    pub running: bool,
}

/// Who is to act.
#[derive(Clone, PartialEq, Eq, Debug, Deserialize, Serialize)]
pub struct TurnInfo {
    /// `decide`, `simultaneous` or `over`.
    pub kind: String,
    pub players: Vec<usize>,
}

/// A WebSocket message from the server (built, serialized and dropped at once: its size does not
/// matter).
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[allow(clippy::large_enum_variant)]
pub enum ServerMessage {
    /// The answer to `join`.
    Welcome {
        step: usize,
        #[serde(rename = "match")]
        match_id: String,
        game: String,
        /// The link's seat; missing for a spectator.
        #[serde(skip_serializing_if = "Option::is_none")]
        seat: Option<usize>,
        players: usize,
        status: String,
    },
    /// One event the connection may see, in order of `seq` (its place in the match's event log).
    Event { step: usize, seq: usize, text: String, event: Value },
    /// The match as this connection may see it, after every change.
    State {
        step: usize,
        /// `waiting` (for seats to be claimed), `playing` or `finished`.
        status: String,
        turn: TurnInfo,
        /// What is being decided, in the game's words.
        decision: String,
        observation: Box<serde_json::value::RawValue>,
        /// What a browser draws, for a connection that joined with `"scene": true` (and a game
        /// that has a scene).
        #[serde(skip_serializing_if = "Option::is_none")]
        scene: Option<Box<serde_json::value::RawValue>>,
        /// What the connection's viewer sees apart from the board, for the same connections (and a
        /// game that describes it): phase, each seat's panel, the piles
        /// ([`worlds_engine::present::Table`]).
        #[serde(skip_serializing_if = "Option::is_none")]
        table: Option<Box<serde_json::value::RawValue>>,
        /// This seat's legal actions (empty when it has nothing to decide).
        legal: Vec<LegalAction>,
        seats: Vec<SeatInfo>,
        #[serde(skip_serializing_if = "Option::is_none")]
        clocks: Option<Vec<ClockInfo>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        outcome: Option<Outcome>,
        /// How a finished match ended outside the rules (a forfeit).
        #[serde(skip_serializing_if = "Option::is_none")]
        result: Option<Value>,
    },
    /// The action with this `id` is stored; its events start at `seq`.
    Ack {
        step: usize,
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<Value>,
        seq: usize,
    },
    /// A request that changed nothing, and why.
    Error {
        step: usize,
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<Value>,
        kind: String,
        code: u16,
        message: String,
    },
}

impl ServerMessage {
    /// An `error` message for `error`.
    pub fn error(step: usize, id: Option<Value>, error: &crate::error::ServerError) -> ServerMessage {
        ServerMessage::Error {
            step,
            id,
            kind: error.kind.as_str().to_owned(),
            code: error.kind.ws_code(),
            message: error.message.clone(),
        }
    }
}
