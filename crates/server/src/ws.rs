//! One WebSocket connection: the Origin check at the upgrade, `join`, then actions in and the
//! match's messages out, with a size limit, a rate limit on every frame, and a time limit on
//! every write (a client that does not read is closed, 4408).

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use governor::{Quota, RateLimiter};
use tokio_tungstenite::tungstenite;
use worlds_engine::Player;

use crate::actor::{Command, Input, MatchHandle};
use crate::app::{Limits, Shared};
use crate::error::{Kind, Result, ServerError};
use crate::outbox::{Next, Outbox, TOO_SLOW};
use crate::protocol::{Act, ClientMessage, Join};

/// The read buffer of a WebSocket connection (messages from clients are small).
const READ_BUFFER: usize = 4096;

/// The most bytes handed to the socket in one write (then flushed, within the write timeout).
const WRITE_ROUND: usize = 256 * 1024;

/// How long the close frame of a connection being ended may take to go out.
const CLOSE_TIMEOUT: Duration = Duration::from_secs(5);

/// `GET /ws`: checks the Origin, then upgrades. The WebSocket keeps the connection's place in the
/// server's counts of connections ([`crate::listen::Slot`]) until it closes.
pub async fn upgrade(
    State(shared): State<Arc<Shared>>,
    slot: Option<axum::Extension<crate::listen::Slot>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if let Err(e) = check_origin(&headers, &shared.limits) {
        shared.metrics.rejected_frames.inc();
        return e.into_response();
    }
    let limit = shared.limits.max_message_bytes;
    // A small read buffer: tungstenite zeroes the whole buffer's spare room on every read, and
    // the default 128 KiB made that the server's largest cost. The write buffer holds at most a
    // round of messages (the rest wait, counted, in the connection's queue).
    ws.max_message_size(limit)
        .max_frame_size(limit)
        .read_buffer_size(READ_BUFFER)
        .max_write_buffer_size(2 * WRITE_ROUND + shared.limits.send_queue_bytes)
        .on_upgrade(move |socket| async move {
            connection(shared, socket).await;
            drop(slot);
        })
}

/// A browser's page may open a WebSocket only from this server's own address or an allowed
/// origin, so another site cannot play with a visitor's links. Programs send no Origin.
///
/// The server's own address is the request's `Host` only when it names the machine by an IP
/// address or as `localhost`: a page of another site can send a `Host` of its own name, when
/// that name has been made to point at this server (DNS rebinding), so a server reached by a
/// name is opened from that name only when `--allow-origin` lists it.
fn check_origin(headers: &HeaderMap, limits: &Limits) -> Result<()> {
    let Some(origin) = headers.get(header::ORIGIN) else { return Ok(()) };
    let origin = origin.to_str().unwrap_or_default();
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default();
    let own = !host.is_empty()
        && names_the_machine(host)
        && (origin == format!("http://{host}") || origin == format!("https://{host}"));
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

/// Whether a `Host` (`NAME[:PORT]`) names the machine by address (`127.0.0.1:8080`,
/// `[::1]:8080`) or as `localhost`, rather than by a name anyone could point at it.
fn names_the_machine(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or_default(),
        None => host
            .rsplit_once(':')
            .map_or(host, |(name, port)| if port.bytes().all(|b| b.is_ascii_digit()) { name } else { host }),
    };
    name.eq_ignore_ascii_case("localhost") || name.parse::<IpAddr>().is_ok()
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
    let _ = tokio::time::timeout(CLOSE_TIMEOUT, async {
        let _ = socket.send(Message::Text(error_text(None, error).into())).await;
        let frame = CloseFrame { code: error.kind.ws_code(), reason: error.kind.as_str().into() };
        let _ = socket.send(Message::Close(Some(frame))).await;
    })
    .await;
}

/// Waits for `join`, then joins the match.
async fn join(shared: &Arc<Shared>, socket: &mut WebSocket) -> Result<(MatchHandle, u64, Arc<Outbox>, Option<usize>)> {
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
    if let Some(seat) = found.seat
        && !found.claimed
    {
        shared.claim(&hash, None, &found.match_id, seat).await?;
    }
    let out = Outbox::new(shared.limits.send_queue_bytes);
    let seat = found.seat.and_then(Player::new);
    let (handle, conn) = shared.join(&found.match_id, seat, last_seq, scene, out.clone()).await?;
    Ok((handle, conn, out, found.seat))
}

async fn connection(shared: Arc<Shared>, mut socket: WebSocket) {
    let (handle, conn, out, own) = match join(&shared, &mut socket).await {
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
            next = out.next(WRITE_ROUND) => match next {
                Next::Send(messages) => {
                    let sent = tokio::time::timeout(limits.write_timeout, async {
                        for text in messages {
                            sink.feed(Message::Text(text)).await?;
                        }
                        sink.flush().await
                    })
                    .await;
                    match sent {
                        Ok(Ok(())) => {}
                        Ok(Err(_)) => break, // the client is gone
                        Err(_) => {
                            // The client has not taken a round of messages within the limit.
                            if out.close(TOO_SLOW.0, TOO_SLOW.1) {
                                shared.metrics.slow_clients.inc();
                            }
                            send_close(&mut sink, TOO_SLOW.0, TOO_SLOW.1).await;
                            break;
                        }
                    }
                }
                Next::Close(code, reason) => {
                    send_close(&mut sink, code, &reason).await;
                    break;
                }
            },
            incoming = stream.next() => {
                // Every frame counts against the rate, whatever it is (binary, a second join,
                // pings): a flood of any kind is refused alike.
                let limited = match &incoming {
                    Some(Ok(Message::Text(_) | Message::Binary(_) | Message::Ping(_) | Message::Pong(_))) => {
                        limiter.check().err().map(|e| rate_limited(limits, &e))
                    }
                    _ => None,
                };
                let refused = match incoming {
                    Some(Ok(Message::Text(text))) => match ClientMessage::parse(&text) {
                        Ok(ClientMessage::Act(Act { id, action, index, seat })) => match limited {
                            Some(e) => Some((id, e)),
                            None => match act_input(action, index, seat, own) {
                                Ok(input) => {
                                    let _ = handle.tx.send(Command::Act { conn, id, input }).await;
                                    None
                                }
                                Err(e) => Some((id, e)),
                            },
                        },
                        Ok(ClientMessage::Join(_)) => Some((None, limited.unwrap_or_else(|| ServerError::bad_request(
                            "this connection has joined already; open another connection for another link")))),
                        Err(e) => Some((None, limited.unwrap_or(e))),
                    },
                    Some(Ok(Message::Binary(_))) => Some((None, limited.unwrap_or_else(|| {
                        ServerError::bad_request("send JSON text messages, not binary ones")
                    }))),
                    Some(Ok(Message::Close(_))) | None => break,
                    // Pings are answered by the WebSocket layer; too many get a refusal.
                    Some(Ok(_)) => limited.map(|e| (None, e)),
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
                        send_close(&mut sink, code, &reason).await;
                        break;
                    }
                };
                if let Some((id, e)) = refused {
                    shared.metrics.rejected_frames.inc();
                    // Refusals go through the queue too, in order with the match's messages.
                    if !out.send(error_text(id, &e).into(), true) && out.close(TOO_SLOW.0, TOO_SLOW.1) {
                        shared.metrics.slow_clients.inc();
                    }
                }
            },
        }
    }
    out.end();
    let _ = handle.tx.send(Command::Leave { conn }).await;
}

/// Sends a close frame, giving up after [`CLOSE_TIMEOUT`] (a client that reads nothing never
/// takes it).
async fn send_close(sink: &mut SplitSink<WebSocket, Message>, code: u16, reason: &str) {
    let frame = CloseFrame { code, reason: reason.into() };
    let _ = tokio::time::timeout(CLOSE_TIMEOUT, sink.send(Message::Close(Some(frame)))).await;
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

/// The action of an `act` message, for the link's seat `own`. Seats are named as players see
/// them (seat 0 is P1); a seat number no match has is named as given.
fn act_input(action: Option<String>, index: Option<usize>, seat: Option<usize>, own: Option<usize>) -> Result<Input> {
    let name = |s: usize| Player::new(s).map_or_else(|| format!("seat {s}"), |p| p.to_string());
    match (seat, own) {
        (Some(s), Some(o)) if s != o => {
            return Err(ServerError::new(
                Kind::Forbidden,
                format!("this link is for {}; it cannot act for {}", name(o), name(s)),
            ));
        }
        (Some(s), None) => {
            return Err(ServerError::new(Kind::Forbidden, format!("a spectator's link cannot act for {}", name(s))));
        }
        _ => {}
    }
    match (action, index) {
        (Some(text), None) => Ok(Input::Text(text)),
        (None, Some(i)) => Ok(Input::Index(i)),
        _ => Err(ServerError::bad_request("give either `action` (notation) or `index` (an action code)")),
    }
}

#[cfg(test)]
mod tests {
    use super::names_the_machine;

    #[test]
    fn a_host_names_the_machine_by_address_or_as_localhost_only() {
        for host in ["127.0.0.1:8080", "127.0.0.1", "[::1]:8080", "localhost:8080", "LOCALHOST", "192.168.1.5:80"] {
            assert!(names_the_machine(host), "{host}");
        }
        for host in ["evil.example:8080", "evil.example", "127.0.0.1.evil.example:8080", "localhost.evil.example"] {
            assert!(!names_the_machine(host), "{host}");
        }
    }
}
