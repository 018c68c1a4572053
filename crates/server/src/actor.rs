//! One task per match owns its session: actions, joins and timers arrive as messages, so their
//! order is exact and nothing is locked. An action is applied, stored (committed), and only then
//! acknowledged and shown to the other connections; so is every other change a client is shown
//! (a claim, a start, a takeover, a forfeit, an expiry). Bots think on the blocking pool, on a
//! copy of the match, and their moves go through the same path as a player's.
//!
//! When the database refuses a write, the match goes back to what the database holds and tries
//! again a second later; when it cannot even be read, the match leaves memory (its connections
//! are told to reconnect) and is read again by the next join.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;
use worlds_engine::{Config, Match, MatchAction, Player};
use worlds_registry::{BotError, DynSession};

use crate::app::Shared;
use crate::error::{Kind, ServerError};
use crate::outbox::Outbox;
use crate::protocol::{ServerMessage, Settings};
pub use crate::seat::Seat;
use crate::store::{ActionRow, MatchRow};

/// An action as a client sent it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Input {
    Text(String),
    Index(usize),
}

/// A message to a match's actor.
#[derive(Debug)]
pub enum Command {
    /// A connection for `seat` (`None`: a spectator) that has seen events up to `last_seq`.
    Join {
        seat: Option<Player>,
        last_seq: Option<usize>,
        /// Whether its `state`s carry the scene.
        scene: bool,
        out: Arc<Outbox>,
        reply: oneshot::Sender<Result<u64, ServerError>>,
    },
    Leave {
        conn: u64,
    },
    Act {
        conn: u64,
        id: Option<Value>,
        input: Input,
    },
    /// Claims the seat of the token with hash `hash` (for a player, when known); the match
    /// starts when every human seat is claimed.
    Claim {
        seat: usize,
        hash: String,
        player: Option<String>,
        reply: oneshot::Sender<Result<(), ServerError>>,
    },
    /// Another server changed the match: read it again and bring the connections up to date.
    Refresh,
    /// Stop after the write in progress (shutdown).
    Stop(oneshot::Sender<()>),
}

/// The sender side of a match's actor.
#[derive(Clone, Debug)]
pub struct MatchHandle {
    pub tx: mpsc::Sender<Command>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Status {
    Waiting,
    Playing,
    Finished,
}

impl Status {
    fn as_str(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Playing => "playing",
            Status::Finished => "finished",
        }
    }
}

struct Conn {
    id: u64,
    seat: Option<Player>,
    out: Arc<Outbox>,
    /// The event count when this connection was last brought up to date.
    cursor: usize,
    /// Whether its `state`s carry the scene.
    scene: bool,
}

/// What woke the actor.
enum Wake {
    Command(Option<Command>),
    Bot(Result<Result<String, BotError>, tokio::task::JoinError>),
    Timer,
}

/// How long a match waits before trying again a write the database refused.
const RETRY: Duration = Duration::from_secs(1);

/// How often a match with seats connected on other servers reads whether they still are (a
/// killed server announces nothing).
const PRESENCE_CHECK: Duration = Duration::from_secs(5);

mod bot;
mod clock;
mod presence;
mod storing;
mod sync;

use bot::BotJob;

/// The actor's state.
pub(crate) struct Actor {
    id: String,
    shared: Arc<Shared>,
    session: Box<dyn DynSession>,
    seats: Vec<Seat>,
    claimed: Vec<bool>,
    settings: Settings,
    status: Status,
    result: Option<Value>,
    conns: Vec<Conn>,
    next_conn: u64,
    /// Each seat's time bank in milliseconds (with clocks).
    banks: Option<Vec<u64>>,
    /// When the current decision began (clocks charge from here).
    since: Instant,
    /// When each human seat's last connection here left (or the match was loaded), while it has
    /// none here.
    away: Vec<Option<Instant>>,
    /// Each seat has a connection on another server (PostgreSQL), as last read.
    elsewhere: Vec<bool>,
    /// When to read again which seats are connected elsewhere.
    presence_check: Option<Instant>,
    /// The seats whose connection here the database has (PostgreSQL), as last written.
    presence_written: Vec<bool>,
    /// When a match that waits for players ends unplayed.
    expires: Option<Instant>,
    /// When the match last had something to do (a waiting match idle too long leaves memory).
    active: Instant,
    /// A write the database refused is tried again then (nothing else is done until then).
    retry: Option<Instant>,
    /// The match no longer matches the database (it could not be read back after a refused
    /// write): it leaves memory.
    lost: bool,
    bot: Option<BotJob>,
}

/// The match as stored, rebuilt as a record to replay.
fn record_of(row: &MatchRow, actions: &[ActionRow], seats: &[Seat]) -> Result<Match, ServerError> {
    let config: Config = serde_json::from_str(&row.config)
        .map_err(|e| ServerError::internal(&format!("match {} has a bad config", row.id), &e))?;
    let mut actions_out = Vec::with_capacity(actions.len());
    for a in actions {
        let player = usize::try_from(a.seat)
            .ok()
            .and_then(Player::new)
            .ok_or_else(|| ServerError::internal(&format!("match {}", row.id), &format!("bad seat {}", a.seat)))?;
        actions_out.push(MatchAction { player, action: a.action.clone() });
    }
    Ok(Match {
        game: row.game.clone(),
        config,
        seed: row.seed,
        start: None,
        actions: actions_out,
        setup_script: Vec::new(),
        scripted: Vec::new(),
        seats: seats.iter().map(|s| s.name().to_owned()).collect(),
    })
}

/// A stored match as the JSON `worlds play --save` writes.
///
/// # Errors
/// A stored match that does not read.
pub fn replay_record(row: &MatchRow, actions: &[ActionRow]) -> Result<Match, ServerError> {
    record_of(row, actions, &seats_of(row)?)
}

fn seats_of(row: &MatchRow) -> Result<Vec<Seat>, ServerError> {
    let list: Vec<Value> = serde_json::from_str(&row.seats)
        .map_err(|e| ServerError::internal(&format!("match {} has bad seats", row.id), &e))?;
    list.iter().map(Seat::from_json).collect()
}

/// A stored match's settings. Settings stored before their ranges were checked (a disconnect
/// limit of 2^63 seconds, say) must not make the match unloadable: each value out of range is
/// dropped (no limit) or brought within its range, and the match plays on.
fn settings_of(row: &MatchRow) -> Result<Settings, ServerError> {
    let mut settings: Settings = serde_json::from_str(&row.settings)
        .map_err(|e| ServerError::internal(&format!("match {} has bad settings", row.id), &e))?;
    if let Err(e) = settings.check() {
        tracing::warn!(match_id = %row.id, "stored settings out of range ({e}); played within range");
        settings.clamp();
    }
    Ok(settings)
}

impl Actor {
    /// Loads a match from the database by replaying its log, and starts its task.
    ///
    /// # Errors
    /// No such match, or a log that does not replay.
    pub async fn spawn(shared: Arc<Shared>, id: &str) -> Result<(MatchHandle, JoinHandle<()>), ServerError> {
        let (row, actions) = shared
            .store
            .load(id)
            .await?
            .ok_or_else(|| ServerError::new(Kind::NotFound, format!("there is no match `{id}`")))?;
        let claimed_list = shared.store.claimed_seats(id).await?;
        Actor::start(shared, &row, &actions, &claimed_list)
    }

    /// Starts the task of a match as stored: its row, its log, and its claimed seats.
    ///
    /// # Errors
    /// A log that does not replay.
    pub fn start(
        shared: Arc<Shared>,
        row: &MatchRow,
        actions: &[ActionRow],
        claimed_list: &[usize],
    ) -> Result<(MatchHandle, JoinHandle<()>), ServerError> {
        let id = row.id.as_str();
        let seats = seats_of(row)?;
        let record = record_of(row, actions, &seats)?;
        let session = worlds_registry::resume(&record)
            .map_err(|e| ServerError::internal(&format!("match {id} does not replay"), &e))?;
        let settings = settings_of(row)?;
        let n = seats.len();
        let claimed = (0..n).map(|s| seats[s] != Seat::Human || claimed_list.contains(&s)).collect();
        let status = match row.status.as_str() {
            "finished" => Status::Finished,
            "playing" => Status::Playing,
            _ => Status::Waiting,
        };
        let banks = settings.clock.map(|c| {
            actions
                .last()
                .and_then(|a| a.clocks.as_deref())
                .and_then(|t| serde_json::from_str::<Vec<u64>>(t).ok())
                .filter(|b| b.len() == n)
                .unwrap_or_else(|| vec![c.bank_ms; n])
        });
        let result = row.result.as_deref().and_then(|r| serde_json::from_str(r).ok());
        let now = Instant::now();
        // A waiting match ends unplayed at its expiry, counted from its creation.
        let age = u64::try_from(crate::store::now_ms().saturating_sub(row.created_at)).unwrap_or(0);
        let left = shared.limits.waiting_expiry.saturating_sub(Duration::from_millis(age));
        let expires = (status == Status::Waiting).then(|| now.checked_add(left).unwrap_or(now));
        let shares_presence = shared.shares_presence();
        let mut actor = Actor {
            id: id.to_owned(),
            shared,
            session,
            seats,
            claimed,
            settings,
            status,
            result,
            conns: Vec::new(),
            next_conn: 0,
            banks,
            since: now,
            // Everyone starts away: a limit counts from when the match was loaded.
            away: vec![Some(now); n],
            elsewhere: vec![false; n],
            presence_check: None,
            // Rows a server killed earlier may have left for this match are cleared first.
            presence_written: vec![shares_presence; n],
            expires,
            active: now,
            retry: None,
            lost: false,
            bot: None,
        };
        let (tx, rx) = mpsc::channel(256);
        actor.shared.metrics.matches_live.inc();
        let handle = tokio::spawn(async move {
            actor.write_presence().await;
            actor.read_presence().await;
            actor.update_status().await;
            actor.run(rx).await;
            actor.shared.metrics.matches_live.dec();
            actor.shared.forget(&actor.id).await;
        });
        Ok((MatchHandle { tx }, handle))
    }

    fn step(&self) -> usize {
        self.session.record().actions.len()
    }

    async fn run(&mut self, mut rx: mpsc::Receiver<Command>) {
        loop {
            self.start_bot();
            let deadline = self.deadline();
            let wake = {
                let bot = async {
                    match self.bot.as_mut() {
                        Some(job) => Wake::Bot(job.thinking.answer().await),
                        None => std::future::pending().await,
                    }
                };
                let timer = async {
                    match deadline {
                        Some(at) => tokio::time::sleep_until(at.into()).await,
                        None => std::future::pending().await,
                    }
                };
                tokio::select! {
                    command = rx.recv() => Wake::Command(command),
                    answer = bot => answer,
                    () = timer => Wake::Timer,
                }
            };
            if !matches!(wake, Wake::Timer) {
                self.active = Instant::now();
            }
            match wake {
                Wake::Command(Some(command)) => {
                    if self.handle(command).await.is_break() {
                        return;
                    }
                }
                Wake::Command(None) => return,
                Wake::Bot(answer) => self.bot_answered(answer).await,
                Wake::Timer => self.timers().await,
            }
            if self.lost {
                // What this task holds may not be what is stored: nobody may be shown more of it.
                self.close_all(1013, "the server cannot reach its database; reconnect in a few seconds");
                return;
            }
            // A finished match with nobody watching leaves memory (it loads again on demand), and
            // so does a match that has waited for players a while with nobody there.
            if self.status == Status::Finished && self.conns.is_empty() && self.bot.is_none() {
                return;
            }
            if self.idle_waiting().is_some_and(|at| at <= Instant::now()) {
                return;
            }
        }
    }

    /// Handles one command; `Break` when the actor must stop.
    async fn handle(&mut self, command: Command) -> ControlFlow<()> {
        match command {
            // The match is up to date: one server holds an SQLite file, and servers sharing
            // PostgreSQL announce their changes (`Refresh`).
            Command::Join { seat, last_seq, scene, out, reply } => {
                if self.conns.len() >= self.shared.limits.max_match_connections {
                    self.shared.metrics.refused_requests.inc();
                    let _ = reply.send(Err(ServerError::new(
                        Kind::Unavailable,
                        format!(
                            "this match has {} connections, as many as it takes: try again later",
                            self.conns.len()
                        ),
                    )));
                    return ControlFlow::Continue(());
                }
                let id = self.next_conn;
                self.next_conn += 1;
                let cursor = last_seq.map_or(0, |s| s.saturating_add(1));
                self.conns.push(Conn { id, seat, out, cursor, scene });
                self.shared.metrics.connections.inc();
                let arrived = seat.filter(|p| self.away[p.index()].is_some() && !self.elsewhere[p.index()]);
                if let Some(p) = seat {
                    self.away[p.index()] = None;
                }
                let _ = reply.send(Ok(id));
                let welcome = ServerMessage::Welcome {
                    step: self.step(),
                    match_id: self.id.clone(),
                    game: self.session.info().id.to_owned(),
                    seat: seat.map(Player::index),
                    players: self.seats.len(),
                    status: self.status.as_str().to_owned(),
                };
                let i = self.conns.len() - 1;
                self.send_text(i, &welcome, false);
                self.write_presence().await;
                // Only the new connection needs the whole match; the others need a `state` only
                // when a seat came back (its `connected` changed), not for each spectator.
                if arrived.is_some() { self.sync_all() } else { self.sync_one(i, true) }
            }
            Command::Leave { conn } => {
                if let Some(i) = self.conns.iter().position(|c| c.id == conn) {
                    let c = self.remove_conn(i);
                    self.write_presence().await;
                    // The others need a `state` only when a seat's `connected` changed.
                    if c.seat.is_some_and(|p| self.away[p.index()].is_some() && !self.elsewhere[p.index()]) {
                        self.sync_all();
                    }
                }
            }
            Command::Act { conn, id, input } => {
                let Some(i) = self.conns.iter().position(|c| c.id == conn) else { return ControlFlow::Continue(()) };
                let started = Instant::now();
                let result = match self.conns[i].seat {
                    None => Err(ServerError::new(Kind::Forbidden, "a spectator's link cannot act")),
                    Some(player) => self.act(player, input, true).await,
                };
                // The connection may have gone while the action was stored.
                let Some(i) = self.conns.iter().position(|c| c.id == conn) else { return ControlFlow::Continue(()) };
                match result {
                    Ok(seq) => {
                        self.shared.metrics.action_latency.observe(started.elapsed().as_secs_f64());
                        let ack = ServerMessage::Ack { step: self.step(), id, seq };
                        if !self.send_text(i, &ack, true) {
                            self.too_slow(i);
                        }
                        self.sync_all();
                    }
                    Err(e) => {
                        let message = ServerMessage::error(self.step(), id, &e);
                        if !self.send_text(i, &message, true) {
                            self.too_slow(i);
                        }
                    }
                }
            }
            Command::Claim { seat, hash, player, reply } => {
                let claimed = self.claim(seat, &hash, player.as_deref()).await;
                let _ = reply.send(claimed);
                self.sync_all();
            }
            Command::Refresh => {
                self.read_claims().await;
                if let Err(e) = self.reload().await {
                    tracing::error!(match_id = %self.id, "could not read the match again: {e}");
                }
                self.read_presence().await;
                self.sync_all();
            }
            Command::Stop(done) => {
                self.close_all(1001, "the server is restarting; reconnect");
                let _ = done.send(());
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    }
}
