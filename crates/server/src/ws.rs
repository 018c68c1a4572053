//! One WebSocket connection: the Origin check at the upgrade, `join`, then actions in and the
//! match's messages out, with a size limit and a rate limit.

use std::num::NonZeroU32;
use std::sync::Arc;

use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use governor::{Quota, RateLimiter};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite;
use worlds_engine::Player;

use crate::actor::{Command, Input, MatchHandle, Outbound};
use crate::app::{Limits, Shared};
use crate::error::{Kind, Result, ServerError};
use crate::protocol::{Act, ClientMessage, Join};

/// How many messages may wait for a slow client before it is disconnected.
const QUEUE: usize = 1024;

/// The read buffer of a WebSocket connection (messages from clients are small).
const READ_BUFFER: usize = 4096;

/// `GET /ws`: checks the Origin, then upgrades.
pub async fn upgrade(State(shared): State<Arc<Shared>>, headers: HeaderMap, ws: WebSocketUpgrade) -> Response {
    if let Err(e) = check_origin(&headers, &shared.limits) {
        shared.metrics.rejected_frames.inc();
        return e.into_response();
    }
    let limit = shared.limits.max_message_bytes;
    // A small read buffer: tungstenite zeroes the whole buffer's spare room on every read, and
    // the default 128 KiB made that the server's largest cost.
    ws.max_message_size(limit)
        .max_frame_size(limit)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| connection(shared, socket))
}

/// A browser's page may open a WebSocket only from this server's own address or an allowed
/// origin, so another site cannot play with a visitor's links. Programs send no Origin.
fn check_origin(headers: &HeaderMap, limits: &Limits) -> Result<()> {
    let Some(origin) = headers.get(header::ORIGIN) else { return Ok(()) };
    let origin = origin.to_str().unwrap_or_default();
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default();
    let own = !host.is_empty() && (origin == format!("http://{host}") || origin == format!("https://{host}"));
    if own || limits.allowed_origins.iter().any(|o| o == origin) {
        Ok(())
    } else {
        Err(ServerError::new(
            Kind::Forbidden,
            format!(
                "a page from `{origin}` may not open a game here: open it from this server, or start the server with --allow-origin {origin}"
            ),
        ))
    }
}

fn error_text(id: Option<serde_json::Value>, error: &ServerError) -> String {
    let mut body = error.body();
    body["type"] = "error".into();
    if let Some(id) = id {
        body["id"] = id;
    }
    body.to_string()
}

async fn close(socket: &mut WebSocket, error: &ServerError) {
    let _ = socket.send(Message::Text(error_text(None, error).into())).await;
    let frame = CloseFrame { code: error.kind.ws_code(), reason: error.kind.as_str().into() };
    let _ = socket.send(Message::Close(Some(frame))).await;
}

/// Waits for `join`, then joins the match.
async fn join(
    shared: &Arc<Shared>,
    socket: &mut WebSocket,
) -> Result<(MatchHandle, u64, mpsc::Receiver<Outbound>, Option<usize>)> {
    let first = tokio::time::timeout(shared.limits.join_timeout, socket.recv()).await.map_err(|_| {
        ServerError::bad_request(format!(
            "no `join` within {} s: open the connection again and send `join` with your link's token",
            shared.limits.join_timeout.as_secs()
        ))
    })?;
    let text = match first {
        Some(Ok(Message::Text(t))) => t,
        Some(Ok(_)) => return Err(ServerError::bad_request("send `join` as a JSON text message first")),
        _ => return Err(ServerError::bad_request("the connection ended before `join`")),
    };
    let ClientMessage::Join(Join { token, last_seq, scene }) = ClientMessage::parse(&text)? else {
        return Err(ServerError::bad_request("send `join` with your link's token first"));
    };
    let (found, hash) = crate::http::lookup(shared, &token).await?;
    if found.seat.is_some() && !found.claimed {
        shared.claim(&hash, None, &found.match_id).await?;
    }
    let (out, rx) = mpsc::channel(QUEUE);
    let (handle, conn) = shared.join(&found.match_id, found.seat.and_then(Player::new), last_seq, scene, out).await?;
    Ok((handle, conn, rx, found.seat))
}

async fn connection(shared: Arc<Shared>, mut socket: WebSocket) {
    let (handle, conn, mut out, own) = match join(&shared, &mut socket).await {
        Ok(joined) => joined,
        Err(e) => {
            shared.metrics.rejected_frames.inc();
            close(&mut socket, &e).await;
            return;
        }
    };
    let limits = &shared.limits;
    let quota = Quota::per_second(NonZeroU32::new(limits.messages_per_second).unwrap_or(NonZeroU32::MIN))
        .allow_burst(NonZeroU32::new(limits.burst).unwrap_or(NonZeroU32::MIN));
    let limiter = RateLimiter::direct(quota);
    let (mut sink, mut stream) = socket.split();
    loop {
        tokio::select! {
            message = out.recv() => {
                let Some(first) = message else { break };
                if !send_queued(&mut sink, first, &mut out).await {
                    break;
                }
            }
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    let refused = match ClientMessage::parse(&text) {
                        Ok(ClientMessage::Act(Act { id, action, index, seat })) => {
                            if let Err(e) = limiter.check() {
                                Some((id, rate_limited(limits, &e)))
                            } else {
                                match act_input(action, index, seat, own) {
                                    Ok(input) => {
                                        let _ = handle.tx.send(Command::Act { conn, id, input }).await;
                                        None
                                    }
                                    Err(e) => Some((id, e)),
                                }
                            }
                        }
                        Ok(ClientMessage::Join(_)) => Some((None, ServerError::bad_request(
                            "this connection has joined already; open another connection for another link"))),
                        Err(e) => Some((None, limiter.check().err().map_or(e, |e| rate_limited(limits, &e)))),
                    };
                    if let Some((id, e)) = refused {
                        shared.metrics.rejected_frames.inc();
                        if sink.send(Message::Text(error_text(id, &e).into())).await.is_err() {
                            break;
                        }
                    }
                }
                Some(Ok(Message::Binary(_))) => {
                    shared.metrics.rejected_frames.inc();
                    let e = ServerError::bad_request("send JSON text messages, not binary ones");
                    if sink.send(Message::Text(error_text(None, &e).into())).await.is_err() {
                        break;
                    }
                }
                Some(Ok(Message::Close(_))) | None => break,
                Some(Ok(_)) => {} // pings are answered by the WebSocket layer
                Some(Err(e)) => {
                    shared.metrics.rejected_frames.inc();
                    let too_big = std::error::Error::source(&e)
                        .and_then(|s| s.downcast_ref::<tungstenite::Error>())
                        .is_some_and(|t| matches!(t, tungstenite::Error::Capacity(_)))
                        || e.to_string().contains("Space limit exceeded")
                        || e.to_string().to_lowercase().contains("too long");
                    let (code, reason) = if too_big {
                        (1009, format!("a message over {} bytes", limits.max_message_bytes))
                    } else {
                        (1002, "a malformed WebSocket frame".to_owned())
                    };
                    tracing::debug!("closing a connection: {e}");
                    let _ = sink.send(Message::Close(Some(CloseFrame { code, reason: reason.into() }))).await;
                    break;
                }
            },
        }
    }
    let _ = handle.tx.send(Command::Leave { conn }).await;
}

/// The error for a message over the rate: when the next one will be taken.
fn rate_limited(limits: &Limits, not_until: &governor::NotUntil<governor::clock::QuantaInstant>) -> ServerError {
    let wait = not_until.wait_time_from(governor::clock::Clock::now(&governor::clock::DefaultClock::default()));
    let ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX).max(1);
    let mut e = ServerError::new(
        Kind::RateLimited,
        format!("more than {} messages a second: wait {ms} ms and send again", limits.messages_per_second),
    );
    e.retry_after_ms = Some(ms);
    e
}

/// Sends `first` and whatever else is queued, in one write; false when the connection is over
/// (a close was sent, or the client is gone).
async fn send_queued(
    sink: &mut SplitSink<WebSocket, Message>,
    first: Outbound,
    out: &mut mpsc::Receiver<Outbound>,
) -> bool {
    let mut next = Some(first);
    while let Some(message) = next {
        match message {
            Outbound::Text(text) => {
                if sink.feed(Message::Text(text.into())).await.is_err() {
                    return false;
                }
            }
            Outbound::Close(code, reason) => {
                let _ = sink.send(Message::Close(Some(CloseFrame { code, reason: reason.into() }))).await;
                return false;
            }
        }
        next = out.try_recv().ok();
    }
    sink.flush().await.is_ok()
}

/// The action of an `act` message, for the link's seat `own`.
fn act_input(action: Option<String>, index: Option<usize>, seat: Option<usize>, own: Option<usize>) -> Result<Input> {
    match (seat, own) {
        (Some(s), Some(o)) if s != o => {
            return Err(ServerError::new(
                Kind::Forbidden,
                format!("this link is for P{}; it cannot act for P{}", o + 1, s + 1),
            ));
        }
        (Some(s), None) => {
            return Err(ServerError::new(Kind::Forbidden, format!("a spectator's link cannot act for P{}", s + 1)));
        }
        _ => {}
    }
    match (action, index) {
        (Some(text), None) => Ok(Input::Text(text)),
        (None, Some(i)) => Ok(Input::Index(i)),
        _ => Err(ServerError::bad_request("give either `action` (notation) or `index` (an action code)")),
    }
}
