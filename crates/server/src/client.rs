//! A client of the server's protocol, in Rust: the tests' scripted players and `worlds loadtest`
//! use it, and it shows in code what `docs/server.md` shows in JSON.

use std::time::{Duration, Instant};

use anyhow::{Context, anyhow, bail};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use worlds_engine::SeededRng;

use crate::protocol::Created;

/// How long a client waits for one message before giving up.
pub const WAIT: Duration = Duration::from_secs(30);

/// The HTTP side: matches, players, replays.
#[derive(Clone, Debug)]
pub struct Api {
    /// `http://HOST:PORT`.
    pub base: String,
    http: reqwest::Client,
}

impl Api {
    pub fn new(base: &str) -> Api {
        Api { base: base.trim_end_matches('/').to_owned(), http: reqwest::Client::new() }
    }

    /// The WebSocket address: `ws://HOST:PORT/ws`.
    pub fn ws_url(&self) -> String {
        format!("{}/ws", self.base.replacen("http://", "ws://", 1))
    }

    /// Sends a request; returns the status and the JSON body (or the text as a JSON string).
    ///
    /// # Errors
    /// The server could not be reached.
    pub async fn request(
        &self,
        method: &str,
        path: &str,
        body: Option<&Value>,
        bearer: Option<&str>,
    ) -> anyhow::Result<(u16, Value)> {
        let url = format!("{}{path}", self.base);
        let mut request = match method {
            "GET" => self.http.get(&url),
            "POST" => self.http.post(&url),
            other => bail!("method {other}"),
        };
        if let Some(b) = body {
            request = request.json(b);
        }
        if let Some(t) = bearer {
            request = request.bearer_auth(t);
        }
        let response = request.send().await.with_context(|| format!("{method} {url}"))?;
        let status = response.status().as_u16();
        let text = response.text().await?;
        let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
        Ok((status, value))
    }

    /// Creates a match.
    ///
    /// # Errors
    /// The server refused it (the error's message) or could not be reached.
    pub async fn create(&self, request: &Value) -> anyhow::Result<Created> {
        let (status, body) = self.request("POST", "/api/matches", Some(request), None).await?;
        if status == 429 {
            bail!(
                "creating a match: HTTP 429: {body} (a load test from one address needs the server's per-address \
                 limits off: worlds serve --matches-per-minute 0 --connections-per-address 0)"
            );
        }
        if status != 201 {
            bail!("creating a match: HTTP {status}: {body}");
        }
        Ok(serde_json::from_value(body)?)
    }

    /// The server's count of actions stored and acknowledged (`worlds_actions_total` in
    /// `/metrics`: every client's and every bot's).
    ///
    /// # Errors
    /// The server could not be reached or its metrics do not have the count.
    pub async fn actions_stored(&self) -> anyhow::Result<u64> {
        let (status, body) = self.request("GET", "/metrics", None, None).await?;
        let text = body.as_str().unwrap_or_default();
        let count =
            text.lines().find_map(|l| l.strip_prefix("worlds_actions_total ")).and_then(|v| v.trim().parse().ok());
        count.ok_or_else(|| anyhow!("GET /metrics: HTTP {status} without worlds_actions_total"))
    }
}

/// One WebSocket connection, keeping every message it received (for the leak test).
#[derive(Debug)]
pub struct Conn {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every text message received, in order.
    pub received: Vec<String>,
    /// The last event sequence number received.
    pub last_seq: Option<usize>,
    /// The close code, once the server closed the connection.
    pub closed: Option<u16>,
}

impl Conn {
    /// Opens a connection (with an `Origin` header when given).
    ///
    /// # Errors
    /// The upgrade was refused (the HTTP status is in the message) or the server is unreachable.
    pub async fn open(api: &Api, origin: Option<&str>) -> anyhow::Result<Conn> {
        let mut request = api.ws_url().into_client_request()?;
        if let Some(o) = origin {
            request.headers_mut().insert("origin", o.parse()?);
        }
        // A modest read buffer (tungstenite zeroes its spare room on every read) and no Nagle
        // delay, as on the server.
        let config = WebSocketConfig::default().read_buffer_size(16 * 1024);
        let (ws, _) = tokio_tungstenite::connect_async_with_config(request, Some(config), true)
            .await
            .map_err(|e| anyhow!("WebSocket: {e}"))?;
        Ok(Conn { ws, received: Vec::new(), last_seq: None, closed: None })
    }

    /// Opens a connection and joins with a link's token; returns the connection and `welcome`.
    ///
    /// # Errors
    /// As [`Conn::open`], or an error instead of `welcome`.
    pub async fn join(api: &Api, token: &str, last_seq: Option<usize>) -> anyhow::Result<(Conn, Value)> {
        Conn::join_with(api, &json!({"type": "join", "token": token, "last_seq": last_seq})).await
    }

    /// As [`Conn::join`], asking for the scene (what a browser draws) in each `state`.
    ///
    /// # Errors
    /// As [`Conn::join`].
    pub async fn join_scene(api: &Api, token: &str) -> anyhow::Result<(Conn, Value)> {
        Conn::join_with(api, &json!({"type": "join", "token": token, "scene": true})).await
    }

    async fn join_with(api: &Api, join: &Value) -> anyhow::Result<(Conn, Value)> {
        let mut conn = Conn::open(api, None).await?;
        conn.send(join).await?;
        let welcome = conn.next().await?;
        if welcome["type"] != "welcome" {
            bail!("expected welcome, got {welcome}");
        }
        Ok((conn, welcome))
    }

    /// Sends a JSON message.
    ///
    /// # Errors
    /// The connection is closed.
    pub async fn send(&mut self, message: &Value) -> anyhow::Result<()> {
        self.send_raw(Message::Text(message.to_string().into())).await
    }

    /// Sends any WebSocket message (tests send malformed ones).
    ///
    /// # Errors
    /// The connection is closed.
    pub async fn send_raw(&mut self, message: Message) -> anyhow::Result<()> {
        self.ws.send(message).await.map_err(|e| anyhow!("send: {e}"))
    }

    /// The next message from the server, parsed and kept in [`Conn::received`].
    ///
    /// # Errors
    /// The connection closed (with its code) or nothing came within [`WAIT`].
    pub async fn next(&mut self) -> anyhow::Result<Value> {
        let text = self.next_text().await?;
        self.keep(text)
    }

    /// Parses a message and keeps it in [`Conn::received`] (noting an event's `seq`).
    fn keep(&mut self, text: String) -> anyhow::Result<Value> {
        let value: Value = serde_json::from_str(&text)?;
        if value["type"] == "event"
            && let Some(seq) = value["seq"].as_u64()
        {
            self.last_seq = Some(seq as usize);
        }
        self.received.push(text);
        Ok(value)
    }

    /// The next text message from the server, as it came (neither parsed nor kept).
    ///
    /// # Errors
    /// As [`Conn::next`].
    pub async fn next_text(&mut self) -> anyhow::Result<String> {
        loop {
            let message =
                tokio::time::timeout(WAIT, self.ws.next()).await.map_err(|_| anyhow!("no message within {WAIT:?}"))?;
            match message {
                Some(Ok(Message::Text(text))) => return Ok(text.to_string()),
                Some(Ok(Message::Close(frame))) => {
                    let code = frame.as_ref().map_or(1005, |f| u16::from(f.code));
                    self.closed = Some(code);
                    bail!(
                        "closed by the server with code {code}: {}",
                        frame.map(|f| f.reason.to_string()).unwrap_or_default()
                    );
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => bail!("receive: {e}"),
                None => {
                    self.closed.get_or_insert(1006);
                    bail!("the connection ended");
                }
            }
        }
    }

    /// Reads messages until one satisfies `wanted`, and returns it.
    ///
    /// # Errors
    /// As [`Conn::next`].
    pub async fn until(&mut self, mut wanted: impl FnMut(&Value) -> bool) -> anyhow::Result<Value> {
        loop {
            let m = self.next().await?;
            if wanted(&m) {
                return Ok(m);
            }
        }
    }

    /// Reads until the next `state` message.
    ///
    /// # Errors
    /// As [`Conn::next`].
    pub async fn state(&mut self) -> anyhow::Result<Value> {
        self.until(|m| m["type"] == "state").await
    }

    /// Sends an action by notation with a request id and waits for its `ack` or `error`.
    ///
    /// # Errors
    /// As [`Conn::next`].
    pub async fn act(&mut self, id: u64, action: &str) -> anyhow::Result<Value> {
        self.act_with(&json!({"type": "act", "id": id, "action": action})).await
    }

    /// Sends an `act` message (with an `id`) and waits for its `ack` or `error`; when the server
    /// says the connection sends too fast, waits as long as it says and sends again.
    ///
    /// # Errors
    /// As [`Conn::next`].
    pub async fn act_with(&mut self, message: &Value) -> anyhow::Result<Value> {
        let (_, text) = self.answer_to(&message.to_string(), &message["id"], true).await?;
        Ok(serde_json::from_str(&text)?)
    }

    /// Sends the `act` message `act` (whose request id is `id`) and returns its answer, the
    /// `ack` or `error` with that id, read and as text; when the server says the connection sends
    /// too fast, waits as long as it says and sends again. With `keep`, every message read is
    /// kept as [`Conn::next`] keeps it.
    async fn answer_to(&mut self, act: &str, id: &Value, keep: bool) -> anyhow::Result<(Head, String)> {
        loop {
            self.send_raw(Message::Text(act.into())).await?;
            let (head, text) = loop {
                let text = self.next_text().await?;
                let head: Head = serde_json::from_str(&text)?;
                if keep {
                    self.keep(text.clone())?;
                }
                if (head.kind == "ack" || head.kind == "error") && head.id.as_ref() == Some(id) {
                    break (head, text);
                }
            };
            match head.retry_after_ms {
                Some(ms) if head.error.as_deref() == Some("rate_limited") => {
                    tokio::time::sleep(Duration::from_millis(ms)).await;
                }
                _ => return Ok((head, text)),
            }
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// A legal action of a `state` message chosen at random (none when the seat has nothing to
/// decide): `{"text", "index", …}`.
pub fn random_legal<'a>(state: &'a Value, rng: &mut SeededRng) -> Option<&'a Value> {
    let legal = state["legal"].as_array().filter(|l| !l.is_empty())?;
    Some(&legal[rng.below(legal.len() as u32) as usize])
}

/// Plays a seat with random legal actions until the match ends; returns the final `state` and
/// how many actions this client made.
///
/// # Errors
/// A refused action (a legal action must be accepted) or a lost connection.
pub async fn play_random(conn: &mut Conn, seed: u64) -> anyhow::Result<(Value, usize)> {
    let mut rng = SeededRng::new(seed);
    let mut made = 0;
    let mut id = 0;
    loop {
        let state = conn.state().await?;
        if state["status"] == "finished" {
            return Ok((state, made));
        }
        let Some(pick) = random_legal(&state, &mut rng) else { continue };
        let text = pick["text"].as_str().unwrap_or_default().to_owned();
        id += 1;
        let answer = conn.act(id, &text).await?;
        if answer["type"] != "ack" {
            // A conflict (another server moved first) is the only refusal a legal action may get.
            if answer["kind"] == "conflict" {
                continue;
            }
            bail!("the legal action `{text}` was refused: {answer}");
        }
        made += 1;
    }
}

/// What `worlds loadtest` measured.
#[derive(Clone, Debug, Default)]
pub struct LoadReport {
    pub acks: u64,
    /// Actions the server stored meanwhile, by its `/metrics` (the bots' too).
    pub stored: u64,
    pub errors: u64,
    pub matches_finished: u64,
    pub seconds: f64,
    /// Send-to-ack latencies in microseconds, sorted.
    pub latencies_us: Vec<u32>,
}

impl LoadReport {
    pub fn per_second(&self) -> f64 {
        self.acks as f64 / self.seconds.max(1e-9)
    }

    pub fn stored_per_second(&self) -> f64 {
        self.stored as f64 / self.seconds.max(1e-9)
    }

    /// The latency at quantile `q` (0–1) in milliseconds.
    pub fn quantile_ms(&self, q: f64) -> f64 {
        if self.latencies_us.is_empty() {
            return 0.0;
        }
        let i = ((self.latencies_us.len() - 1) as f64 * q).round() as usize;
        f64::from(self.latencies_us[i]) / 1000.0
    }
}

/// What `worlds loadtest` plays.
#[derive(Clone, Debug)]
pub struct LoadOptions {
    pub game: String,
    /// Concurrent matches.
    pub matches: usize,
    pub seconds: f64,
    /// How long the client waits before each action (a player's thinking time); zero acts as
    /// soon as it may.
    pub think: Duration,
}

/// Plays `matches` concurrent matches of `game` (one seat played by this client at random, the
/// others by the server's `random` bots) for `seconds`, starting a new match when one ends.
///
/// # Errors
/// A match could not be created or a connection failed.
pub async fn loadtest(base: &str, options: &LoadOptions) -> anyhow::Result<LoadReport> {
    let api = Api::new(base);
    let info = worlds_registry::find(&options.game).map_err(|e| anyhow!("{e}"))?;
    let players = info.min_players;
    let seats: Vec<&str> = (0..players).map(|i| if i == 0 { "human" } else { "random" }).collect();
    let request = json!({"game": options.game, "players": players, "seats": seats});
    let stored_before = api.actions_stored().await?;
    let deadline = Instant::now() + Duration::from_secs_f64(options.seconds);
    let start = Instant::now();
    let mut tasks = tokio::task::JoinSet::new();
    for m in 0..options.matches {
        let api = api.clone();
        let request = request.clone();
        let think = options.think;
        tasks.spawn(async move { load_worker(api, request, deadline, think, m as u64).await });
    }
    let mut report = LoadReport::default();
    while let Some(done) = tasks.join_next().await {
        let part = done.map_err(|e| anyhow!("a load task failed: {e}"))??;
        report.acks += part.acks;
        report.errors += part.errors;
        report.matches_finished += part.matches_finished;
        report.latencies_us.extend(part.latencies_us);
    }
    report.seconds = start.elapsed().as_secs_f64();
    report.stored = api.actions_stored().await?.saturating_sub(stored_before);
    report.latencies_us.sort_unstable();
    Ok(report)
}

/// What a client needs to read of a server message to know what it is: the rest (observations,
/// events) is skipped without being built.
#[derive(serde::Deserialize)]
struct Head {
    #[serde(rename = "type")]
    kind: String,
    /// A request id (`ack`, `error`).
    id: Option<Value>,
    /// An error's kind.
    #[serde(rename = "kind")]
    error: Option<String>,
    status: Option<String>,
    #[serde(default)]
    legal: Vec<LegalIndex>,
    retry_after_ms: Option<u64>,
}

#[derive(serde::Deserialize)]
struct LegalIndex {
    index: u64,
}

async fn load_worker(
    api: Api,
    request: Value,
    deadline: Instant,
    think: Duration,
    seed: u64,
) -> anyhow::Result<LoadReport> {
    let mut report = LoadReport::default();
    let mut rng = SeededRng::new(seed);
    let mut id = 0u64;
    while Instant::now() < deadline {
        let created = api.create(&request).await?;
        let (mut conn, _) = Conn::join(&api, &created.invites[0].token, None).await?;
        loop {
            let Ok(text) = tokio::time::timeout_at(deadline.into(), conn.next_text()).await else { break };
            let head: Head = serde_json::from_str(&text?)?;
            if head.kind != "state" {
                continue;
            }
            if head.status.as_deref() == Some("finished") {
                report.matches_finished += 1;
                break;
            }
            if head.legal.is_empty() {
                continue;
            }
            let index = head.legal[rng.below(head.legal.len() as u32) as usize].index;
            if !think.is_zero() {
                tokio::time::sleep(think).await;
            }
            id += 1;
            let act = json!({"type": "act", "id": id, "index": index}).to_string();
            let sent = Instant::now();
            let (answer, _) = conn.answer_to(&act, &json!(id), false).await?;
            if answer.kind == "ack" {
                report.acks += 1;
                report.latencies_us.push(sent.elapsed().as_micros().min(u128::from(u32::MAX)) as u32);
            } else {
                report.errors += 1;
            }
        }
        conn.close().await;
    }
    Ok(report)
}
