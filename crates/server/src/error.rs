//! Every error the server reports, and the one place where an error kind becomes an HTTP status
//! and a WebSocket code.
//!
//! Clients read `kind` (a stable snake_case name) and `message` (a sentence for people). Internal
//! errors are logged with an id and only the id reaches the client.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;
use worlds_engine::ErrorKind as EngineKind;

/// What went wrong, as clients tell it apart.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// A rule or notation error from the engine (not your turn, illegal action, bad config, …).
    Engine(EngineKind),
    /// A malformed request or frame.
    BadRequest,
    /// No token, or a token that opens nothing.
    Unauthorized,
    /// A token that may not do this (another seat's action, a spectator acting, a bad Origin).
    Forbidden,
    /// No such match, or no such address.
    NotFound,
    /// An address that does not take this HTTP method.
    MethodNotAllowed,
    /// The match is not in a state for this: not started, not finished, already claimed, or
    /// another server wrote the same step first.
    Conflict,
    /// A frame or body over the size limit.
    TooLarge,
    /// Too many frames too quickly.
    RateLimited,
    /// The server is shutting down.
    Unavailable,
    /// A bug or a database failure: logged, never described to the client.
    Internal,
}

impl Kind {
    /// The stable name clients match on.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Engine(k) => k.as_str(),
            Kind::BadRequest => "bad_request",
            Kind::Unauthorized => "unauthorized",
            Kind::Forbidden => "forbidden",
            Kind::NotFound => "not_found",
            Kind::MethodNotAllowed => "method_not_allowed",
            Kind::Conflict => "conflict",
            Kind::TooLarge => "too_large",
            Kind::RateLimited => "rate_limited",
            Kind::Unavailable => "unavailable",
            Kind::Internal => "internal",
        }
    }

    /// The HTTP status of this kind.
    pub fn status(self) -> StatusCode {
        match self {
            Kind::Engine(k) => match k {
                EngineKind::NotYourTurn | EngineKind::GameOver | EngineKind::NotToAct => StatusCode::CONFLICT,
                EngineKind::IllegalAction => StatusCode::UNPROCESSABLE_ENTITY,
                EngineKind::Io | EngineKind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
                EngineKind::UnknownGame
                | EngineKind::BadConfig
                | EngineKind::BadContent
                | EngineKind::BadState
                | EngineKind::BadReplay
                | EngineKind::BadNotation
                | EngineKind::ScriptMismatch
                | EngineKind::BadAgent
                | EngineKind::BadRequest => StatusCode::BAD_REQUEST,
            },
            Kind::BadRequest => StatusCode::BAD_REQUEST,
            Kind::Unauthorized => StatusCode::UNAUTHORIZED,
            Kind::Forbidden => StatusCode::FORBIDDEN,
            Kind::NotFound => StatusCode::NOT_FOUND,
            Kind::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Kind::Conflict => StatusCode::CONFLICT,
            Kind::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Kind::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            Kind::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            Kind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The WebSocket code: in an `error` message, and as the close code when the error ends the
    /// connection. It is 4000 + the HTTP status (4409 conflict, 4422 illegal action, …), in the
    /// range RFC 6455 leaves to applications.
    pub fn ws_code(self) -> u16 {
        4000 + self.status().as_u16()
    }
}

/// An error for a client: its kind and a sentence saying what was wrong and what to do.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{message}")]
pub struct ServerError {
    pub kind: Kind,
    pub message: String,
    /// For `rate_limited`: how long to wait before sending again.
    pub retry_after_ms: Option<u64>,
}

impl ServerError {
    pub fn new(kind: Kind, message: impl Into<String>) -> ServerError {
        ServerError { kind, message: message.into(), retry_after_ms: None }
    }

    pub fn bad_request(message: impl Into<String>) -> ServerError {
        ServerError::new(Kind::BadRequest, message)
    }

    /// Reads `T` from a JSON deserializer; a bad field is named by its path in `what` (e.g.
    /// "the request body is not valid at `players`: …").
    pub fn from_json<'de, T, D>(de: D, what: &str) -> Result<T, ServerError>
    where
        T: serde::Deserialize<'de>,
        D: serde::Deserializer<'de, Error = serde_json::Error>,
    {
        serde_path_to_error::deserialize(de).map_err(|e| {
            let path = worlds_engine::quote(&e.path().to_string());
            // What serde quotes of the input (an unknown field, a string of the wrong type) is cut.
            let inner = worlds_engine::shorten_quotes(&e.into_inner().to_string());
            if path == "." || path == "?" || path.is_empty() {
                ServerError::bad_request(format!("{what} is not valid: {inner}"))
            } else {
                ServerError::bad_request(format!("{what} is not valid at `{path}`: {inner}"))
            }
        })
    }

    /// An internal error: logged here with a fresh id; the client gets only the id.
    pub fn internal(context: &str, error: &dyn std::fmt::Display) -> ServerError {
        let id = crate::token::short_id();
        tracing::error!(error.id = %id, "{context}: {error}");
        ServerError::new(Kind::Internal, format!("internal error {id}; it was logged"))
    }

    /// The JSON body clients get (HTTP) or the fields of an `error` message (WebSocket).
    pub fn body(&self) -> serde_json::Value {
        let mut body = json!({"kind": self.kind.as_str(), "code": self.kind.ws_code(), "message": self.message});
        if let Some(ms) = self.retry_after_ms {
            body["retry_after_ms"] = ms.into();
        }
        body
    }
}

/// Every HTTP error the server answers is a JSON error, also those made below the handlers
/// (an unknown address, a method an address does not take, a body over the limit, a plain GET of
/// `/ws`): a response of 400 or more that is not JSON becomes one, keeping its status.
pub async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if status.as_u16() < 400 || is_json {
        return response;
    }
    let text = axum::body::to_bytes(response.into_body(), 4096).await.unwrap_or_default();
    let text = String::from_utf8_lossy(&text).trim().to_owned();
    let (kind, default) = match status {
        StatusCode::NOT_FOUND => (Kind::NotFound, "no such address: the API is under /api/ (see docs/server.md)"),
        StatusCode::METHOD_NOT_ALLOWED => (Kind::MethodNotAllowed, "this address does not take this method"),
        StatusCode::PAYLOAD_TOO_LARGE => (Kind::TooLarge, "the request body is over 64 KiB"),
        StatusCode::UNAUTHORIZED => (Kind::Unauthorized, "a token is needed"),
        StatusCode::FORBIDDEN => (Kind::Forbidden, "this is not allowed"),
        s if s.is_server_error() => (Kind::Internal, "internal error; it was logged"),
        _ => (Kind::BadRequest, "the request is malformed"),
    };
    // A malformed request keeps the layer's reason (e.g. a GET of `/ws` without an upgrade).
    let message =
        if kind != Kind::BadRequest || text.is_empty() || text.len() > 300 { default.to_owned() } else { text };
    let mut answer = ServerError::new(kind, message).into_response();
    *answer.status_mut() = status;
    answer
}

impl From<worlds_engine::ApplyError> for ServerError {
    fn from(e: worlds_engine::ApplyError) -> ServerError {
        ServerError::new(Kind::Engine(e.kind()), e.to_string())
    }
}

impl From<worlds_registry::RegistryError> for ServerError {
    fn from(e: worlds_registry::RegistryError) -> ServerError {
        ServerError::new(Kind::Engine(e.kind()), e.to_string())
    }
}

impl From<sqlx::Error> for ServerError {
    fn from(e: sqlx::Error) -> ServerError {
        ServerError::internal("database", &e)
    }
}

/// What a client is told when the database refuses writes (full, unwritable, unreachable).
pub const STORAGE_FAILING: &str = "the server cannot store anything right now (its database is failing): nothing was changed; try again in a few seconds";

impl From<crate::store::WriteError> for ServerError {
    fn from(e: crate::store::WriteError) -> ServerError {
        use crate::store::WriteError;
        match e {
            WriteError::Conflict { .. } => ServerError::new(Kind::Conflict, e.to_string()),
            WriteError::Closed => ServerError::new(Kind::Unavailable, "the server is shutting down; reconnect"),
            WriteError::Database(d) => ServerError::internal("database", &d),
            WriteError::Unavailable(d) => {
                tracing::warn!("a write was not stored: {d}");
                ServerError::new(Kind::Unavailable, STORAGE_FAILING)
            }
        }
    }
}

impl IntoResponse for ServerError {
    fn into_response(self) -> Response {
        (self.kind.status(), axum::Json(json!({"error": self.body()}))).into_response()
    }
}

pub type Result<T, E = ServerError> = std::result::Result<T, E>;
