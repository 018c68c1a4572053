//! One task per match owns its session: actions, joins and timers arrive as messages, so their
//! order is exact and nothing is locked. An action is applied, stored (committed), and only then
//! acknowledged and shown to the other connections. Bots think on the blocking pool, on a copy of
//! the match, and their moves go through the same path as a player's.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Instant;

use serde_json::{Value, json};
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;
use worlds_engine::{Config, ErrorKind as EngineKind, Match, MatchAction, Player, Turn};
use worlds_registry::{BotError, DynSession};

use crate::app::Shared;
use crate::error::{Kind, ServerError};
use crate::protocol::{ServerMessage, Settings};
pub use crate::seat::Seat;
use crate::store::{ActionRow, MatchRow, WriteError};

/// What a connection receives: a message, or the end of the connection with a WebSocket code.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outbound {
    Text(String),
    Close(u16, String),
}

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
        out: mpsc::Sender<Outbound>,
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
    /// A seat was claimed (read the claims again; the match may start).
    Claimed,
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
    out: mpsc::Sender<Outbound>,
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

mod bot;
mod clock;
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
    /// When each human seat's last connection left, while it has none.
    away: Vec<Option<Instant>>,
    bot: Option<BotJob>,
}

/// The match as stored, rebuilt as a record to replay.
fn record_of(row: &MatchRow, actions: &[ActionRow], seats: &[Seat]) -> Result<Match, ServerError> {
    let config: Config = serde_json::from_str(&row.config)
        .map_err(|e| ServerError::internal(&format!("match {} has a bad config", row.id), &e))?;
    let mut actions_out = Vec::with_capacity(actions.len());
    for a in actions {
        let player = Player::new(a.seat as usize)
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
        let settings: Settings = serde_json::from_str(&row.settings)
            .map_err(|e| ServerError::internal(&format!("match {id} has bad settings"), &e))?;
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
            bot: None,
        };
        let (tx, rx) = mpsc::channel(256);
        actor.shared.metrics.matches_live.inc();
        let handle = tokio::spawn(async move {
            actor.update_status().await;
            actor.run(rx).await;
            actor.shared.metrics.matches_live.dec();
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
            match wake {
                Wake::Command(Some(command)) => {
                    if self.handle(command).await.is_break() {
                        return;
                    }
                }
                Wake::Command(None) => return,
                Wake::Bot(answer) => self.bot_answered(answer).await,
                Wake::Timer => self.timeouts().await,
            }
            // A finished match with nobody watching leaves memory (it loads again on demand).
            if self.status == Status::Finished && self.conns.is_empty() && self.bot.is_none() {
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
                let id = self.next_conn;
                self.next_conn += 1;
                let cursor = last_seq.map_or(0, |s| s.saturating_add(1));
                self.conns.push(Conn { id, seat, out, cursor, scene });
                self.shared.metrics.connections.inc();
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
                self.send_to(i, &welcome);
                self.sync_all();
            }
            Command::Leave { conn } => {
                if let Some(i) = self.conns.iter().position(|c| c.id == conn) {
                    self.remove_conn(i);
                    self.sync_all();
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
                        self.send_to(i, &ack);
                        self.sync_all();
                    }
                    Err(e) => {
                        let message = ServerMessage::error(self.step(), id, &e);
                        self.send_to(i, &message);
                    }
                }
            }
            Command::Claimed => {
                self.read_claims().await;
                self.sync_all();
            }
            Command::Refresh => {
                self.read_claims().await;
                if let Err(e) = self.reload().await {
                    tracing::error!(match_id = %self.id, "could not read the match again: {e}");
                }
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

    /// Reads which seats are claimed (another server may have seen the claim) and starts the
    /// match when all are.
    async fn read_claims(&mut self) {
        if self.status != Status::Waiting {
            return;
        }
        match self.shared.store.claimed_seats(&self.id).await {
            Ok(list) => {
                for s in list {
                    if let Some(c) = self.claimed.get_mut(s) {
                        *c = true;
                    }
                }
            }
            Err(e) => tracing::error!(match_id = %self.id, "could not read the claims: {e}"),
        }
        self.update_status().await;
    }

    /// Applies and stores an action of `player`; returns the sequence number of its first event.
    async fn act(&mut self, player: Player, input: Input, from_client: bool) -> Result<usize, ServerError> {
        self.read_claims().await;
        if from_client && self.seats[player.index()] != Seat::Human {
            return Err(ServerError::new(
                Kind::Forbidden,
                format!("{player} is played by the bot {} now; this link can watch", self.seats[player.index()].name()),
            ));
        }
        match self.status {
            Status::Waiting => {
                return Err(ServerError::new(
                    Kind::Conflict,
                    "the match has not started: it starts when every human seat's link has been opened",
                ));
            }
            Status::Finished => {
                return Err(ServerError::new(Kind::Engine(worlds_engine::ErrorKind::GameOver), "the match has ended"));
            }
            Status::Playing => {}
        }
        // Charge the clocks of everyone who was to act, before the action changes who that is.
        let banks = self.charged_banks(player);
        let step = self.step();
        let apply = |session: &mut Box<dyn DynSession>| match &input {
            Input::Text(text) => session.apply(player, text),
            Input::Index(index) => session.apply_index(player, *index),
        };
        let first = match apply(&mut self.session) {
            Ok(first) => first,
            // Another server may have moved the match on: look again before refusing.
            Err(e) if matches!(e.kind(), EngineKind::NotYourTurn | EngineKind::GameOver) => {
                self.refresh().await?;
                if self.step() == step || self.status != Status::Playing {
                    return Err(e.into());
                }
                return Box::pin(self.act(player, input, from_client)).await;
            }
            Err(e) => return Err(e.into()),
        };
        let action = self.session.record().actions.last().map(|a| a.action.clone()).unwrap_or_default();
        let row = ActionRow {
            match_id: self.id.clone(),
            seq: step as i64,
            seat: player.index() as i64,
            action,
            clocks: banks.as_ref().map(|b| serde_json::to_string(b).unwrap_or_default()),
        };
        match self.shared.store.append(row).await {
            Ok(()) => {
                self.shared.metrics.actions.inc();
                self.banks = banks;
                self.since = Instant::now();
                self.update_status().await;
                Ok(first)
            }
            Err(e) => {
                // The action is not stored: the match goes back to what the database holds.
                let reloaded = self.reload().await;
                self.sync_all();
                match (e, reloaded) {
                    (_, Err(r)) => Err(r),
                    (WriteError::Conflict { seq }, Ok(())) => Err(ServerError::new(
                        Kind::Conflict,
                        format!(
                            "another server stored action {seq} of this match first; the match is reloaded: look again and retry"
                        ),
                    )),
                    (WriteError::Closed, Ok(())) => {
                        Err(ServerError::new(Kind::Unavailable, "the server is shutting down; reconnect"))
                    }
                    (WriteError::Database(d), Ok(())) => Err(ServerError::internal("storing an action", &d)),
                }
            }
        }
    }

    /// Reads the match again from the database (after a failed write, or when another server may
    /// have moved it on). Connections keep their cursors: they were only ever sent stored events.
    async fn reload(&mut self) -> Result<(), ServerError> {
        let (row, actions) = self
            .shared
            .store
            .load(&self.id)
            .await?
            .ok_or_else(|| ServerError::new(Kind::NotFound, format!("match {} is gone", self.id)))?;
        self.seats = seats_of(&row)?;
        let record = record_of(&row, &actions, &self.seats)?;
        self.session = worlds_registry::resume(&record)
            .map_err(|e| ServerError::internal(&format!("match {} does not replay", self.id), &e))?;
        if let (Some(_), Some(last)) = (&self.banks, actions.last().and_then(|a| a.clocks.as_deref())) {
            self.banks = serde_json::from_str(last).ok().or(self.banks.take());
        }
        self.result = row.result.as_deref().and_then(|r| serde_json::from_str(r).ok());
        if row.status == "finished" {
            self.status = Status::Finished;
        }
        if let Some(job) = self.bot.take() {
            job.thinking.abort();
        }
        self.since = Instant::now();
        self.update_status().await;
        Ok(())
    }

    /// Reloads when the database holds more actions than this actor (another server wrote).
    async fn refresh(&mut self) -> Result<(), ServerError> {
        self.read_claims().await;
        let stored = self.shared.store.action_count(&self.id).await?;
        if stored as usize != self.step() { self.reload().await } else { Ok(()) }
    }

    /// Moves the status on: waiting → playing once every seat is claimed; → finished at the end.
    async fn update_status(&mut self) {
        let before = self.status;
        if self.status == Status::Waiting && self.claimed.iter().all(|&c| c) {
            self.status = Status::Playing;
            self.since = Instant::now();
        }
        if self.status != Status::Finished && self.session.turn() == Turn::Over {
            self.status = Status::Finished;
            self.result = self.session.outcome().map(|o| json!({"outcome": o}));
        }
        if self.status != before {
            let result = self.result.as_ref().map(Value::to_string);
            if let Err(e) = self.shared.store.set_status(&self.id, self.status.as_str(), result.as_deref()).await {
                tracing::error!(match_id = %self.id, "could not store the match's status: {e}");
            }
        }
    }
}
