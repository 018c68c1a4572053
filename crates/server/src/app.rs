//! What every handler shares: the database, the live matches, the metrics and the limits.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use tokio::sync::{Mutex, mpsc, oneshot};
use tokio::task::JoinHandle;
use worlds_engine::Player;

use crate::actor::{Actor, Command, MatchHandle, Outbound};
use crate::error::{Kind, ServerError};
use crate::store::{MatchRow, Store};

/// Limits on what one connection may send.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The largest WebSocket message (and frame) accepted; a larger one closes the connection.
    pub max_message_bytes: usize,
    /// Messages per second a connection may send, on average.
    pub messages_per_second: u32,
    /// Messages a connection may send at once after a quiet time.
    pub burst: u32,
    /// How long a new connection has to send `join`.
    pub join_timeout: Duration,
    /// Origins (e.g. `https://worlds.example`) allowed to open a WebSocket besides the server's own
    /// host; requests without an Origin header (programs, not browsers) are allowed.
    pub allowed_origins: Vec<String>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_message_bytes: 16 * 1024,
            messages_per_second: 50,
            burst: 100,
            join_timeout: Duration::from_secs(10),
            allowed_origins: Vec::new(),
        }
    }
}

/// The metrics `/metrics` reports (Prometheus text format).
#[derive(Debug)]
pub struct Metrics {
    pub registry: Registry,
    pub matches_live: Gauge,
    pub connections: Gauge,
    pub actions: Counter,
    /// Seconds from an action's arrival at its match to its acknowledgement (stored).
    pub action_latency: Histogram,
    pub rejected_frames: Counter,
}

impl Metrics {
    fn new() -> Metrics {
        let mut registry = Registry::with_prefix("worlds");
        let matches_live = Gauge::default();
        let connections = Gauge::default();
        let actions = Counter::default();
        let action_latency = Histogram::new(exponential_buckets(0.0005, 2.0, 14));
        let rejected_frames = Counter::default();
        registry.register("matches_live", "Matches held in memory by this server", matches_live.clone());
        registry.register("connections", "Open WebSocket connections that joined a match", connections.clone());
        registry.register("actions", "Actions stored and acknowledged (players' and bots')", actions.clone());
        registry.register(
            "action_latency_seconds",
            "Time from an action reaching its match to its acknowledgement, storage included",
            action_latency.clone(),
        );
        registry.register(
            "rejected_frames",
            "WebSocket messages refused (malformed, rate-limited)",
            rejected_frames.clone(),
        );
        Metrics { registry, matches_live, connections, actions, action_latency, rejected_frames }
    }

    /// The Prometheus text exposition.
    pub fn encode(&self) -> String {
        let mut text = String::new();
        if let Err(e) = prometheus_client::encoding::text::encode(&mut text, &self.registry) {
            tracing::error!("metrics did not encode: {e}");
        }
        text
    }
}

/// Everything the server's tasks share.
#[derive(Debug)]
pub struct Shared {
    pub store: Store,
    pub metrics: Metrics,
    pub limits: Limits,
    /// The live matches by id.
    live: Mutex<HashMap<String, (MatchHandle, JoinHandle<()>)>>,
}

impl Shared {
    pub fn new(store: Store, limits: Limits) -> Arc<Shared> {
        Arc::new(Shared { store, metrics: Metrics::new(), limits, live: Mutex::new(HashMap::new()) })
    }

    /// The actor of match `id`, loaded from the database when it is not in memory.
    ///
    /// # Errors
    /// No such match, or a match whose log does not replay.
    pub async fn open_match(self: &Arc<Shared>, id: &str) -> Result<MatchHandle, ServerError> {
        let mut live = self.live.lock().await;
        if let Some((handle, _)) = live.get(id)
            && !handle.tx.is_closed()
        {
            return Ok(handle.clone());
        }
        let (handle, task) = Actor::spawn(self.clone(), id).await?;
        live.insert(id.to_owned(), (handle.clone(), task));
        Ok(handle)
    }

    /// Starts the task of a match just created (stored, with no action and no seat claimed):
    /// it need not be read back from the database at its first join.
    ///
    /// # Errors
    /// A match that does not open.
    pub async fn start_created(self: &Arc<Shared>, row: &MatchRow) -> Result<(), ServerError> {
        let (handle, task) = Actor::start(self.clone(), row, &[], &[])?;
        self.live.lock().await.insert(row.id.clone(), (handle, task));
        Ok(())
    }

    /// Loads every unfinished match (after a restart), so bots move on and clocks run.
    ///
    /// # Errors
    /// A database failure.
    pub async fn recover(self: &Arc<Shared>) -> Result<usize, ServerError> {
        let ids = self.store.unfinished().await?;
        let mut count = 0;
        for id in ids {
            match self.open_match(&id).await {
                Ok(_) => count += 1,
                Err(e) => tracing::error!(match_id = %id, "could not recover the match: {e}"),
            }
        }
        Ok(count)
    }

    /// Claims a seat's link (for a player, when known) and tells the match, which starts when
    /// every human seat is claimed.
    ///
    /// # Errors
    /// A database failure.
    pub async fn claim(
        self: &Arc<Shared>,
        hash: &str,
        player: Option<&str>,
        match_id: &str,
    ) -> Result<(), ServerError> {
        self.store.claim(match_id, hash, player).await?;
        if let Ok(handle) = self.open_match(match_id).await {
            let _ = handle.tx.send(Command::Claimed).await;
        }
        Ok(())
    }

    /// Joins a connection to a match. A finished match with nobody watching may be leaving memory
    /// just as the connection arrives: then it is loaded again and joined once more.
    ///
    /// # Errors
    /// No such match, or a match that keeps closing.
    pub async fn join(
        self: &Arc<Shared>,
        match_id: &str,
        seat: Option<Player>,
        last_seq: Option<usize>,
        scene: bool,
        out: mpsc::Sender<Outbound>,
    ) -> Result<(MatchHandle, u64), ServerError> {
        for _ in 0..3 {
            let handle = self.open_match(match_id).await?;
            let (reply, answer) = oneshot::channel();
            let join = Command::Join { seat, last_seq, scene, out: out.clone(), reply };
            if handle.tx.send(join).await.is_ok()
                && let Ok(joined) = answer.await
            {
                return joined.map(|conn| (handle, conn));
            }
        }
        Err(ServerError::new(Kind::Unavailable, "the match is closing; reconnect"))
    }

    /// On PostgreSQL, starts listening for the matches other servers change: each one held here
    /// reads itself again and brings its connections up to date, so players of one match may
    /// be connected to different servers. Returns the tasks to stop at shutdown.
    pub fn watch(self: &Arc<Shared>) -> Vec<JoinHandle<()>> {
        let Some((mut changes, listener)) = self.store.watch() else { return Vec::new() };
        let shared = Arc::downgrade(self);
        let refresher = tokio::spawn(async move {
            while let Some(changed) = changes.recv().await {
                let Some(shared) = shared.upgrade() else { return };
                let handles: Vec<MatchHandle> = {
                    let live = shared.live.lock().await;
                    match &changed {
                        Some(id) => live.get(id).map(|(h, _)| h.clone()).into_iter().collect(),
                        None => live.values().map(|(h, _)| h.clone()).collect(),
                    }
                };
                for handle in handles {
                    // A full queue: the actor is busy; tell it without holding up the others.
                    if let Err(mpsc::error::TrySendError::Full(command)) = handle.tx.try_send(Command::Refresh) {
                        tokio::spawn(async move { handle.tx.send(command).await });
                    }
                }
            }
        });
        vec![listener, refresher]
    }

    /// Stops every match after its write in progress, and waits for them.
    pub async fn stop_all(&self) {
        let mut live = self.live.lock().await;
        for (_, (handle, task)) in live.drain() {
            let (done, wait) = oneshot::channel();
            if handle.tx.send(Command::Stop(done)).await.is_ok() {
                let _ = wait.await;
            }
            let _ = task.await;
        }
    }
}
