//! What every handler shares: the database, the live matches, the metrics and the limits.

use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use governor::{DefaultKeyedRateLimiter, Quota};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use tokio::sync::{Mutex, Semaphore, mpsc, oneshot};
use tokio::task::JoinHandle;
use worlds_engine::Player;

use crate::actor::{Actor, Command, MatchHandle};
use crate::error::{Kind, ServerError};
use crate::outbox::Outbox;
use crate::store::{Backend, MatchRow, Store};

/// What one client may ask of the server, and what the server spends on it. Every limit is
/// documented in docs/server.md ("Limits"); `worlds serve` sets some of them from its options.
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
    /// address; requests without an Origin header (programs, not browsers) are allowed.
    pub allowed_origins: Vec<String>,
    /// Bytes that may wait to be sent to one connection; beyond them it is closed (4408).
    pub send_queue_bytes: usize,
    /// How long sending to a connection may take before it is closed as too slow (4408).
    pub write_timeout: Duration,
    /// Connections (HTTP and WebSocket) held at once; more are refused (closed at once). Never
    /// more than the open-file limit allows.
    pub max_connections: usize,
    /// Connections from one address held at once; 0 for no limit.
    pub max_connections_per_address: usize,
    /// Connections one match holds at once (players and spectators).
    pub max_match_connections: usize,
    /// Time for a client to send a request's headers.
    pub header_timeout: Duration,
    /// How long an HTTP request may take, its body included (sent slowly or not), to its answer.
    pub request_timeout: Duration,
    /// Matches one address may create per minute, on average; 0 for no limit.
    pub matches_per_minute: u32,
    /// Matches one address may create at once after a quiet time.
    pub matches_burst: u32,
    /// A match still waiting for players this long after its creation ends unplayed.
    pub waiting_expiry: Duration,
    /// A match waiting for players with no connection leaves memory after this long (it is read
    /// again when someone opens it).
    pub idle_waiting: Duration,
    /// What a bot seat may cost.
    pub bots: BotPolicy,
}

/// What the bots of this server may spend: refused in `seats` and `settings.takeover` beyond it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BotPolicy {
    /// The longest a bot may think per decision (`mcts:2s`).
    pub max_time: Duration,
    /// The most iterations a bot may search per decision (`mcts:5000`).
    pub max_iterations: u32,
    /// The most threads one bot may search on (`threads=2`).
    pub max_threads: u16,
    /// Bots searching at once, over all matches (threads count one each); more wait their turn.
    pub max_searching: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_message_bytes: 16 * 1024,
            messages_per_second: 50,
            burst: 100,
            join_timeout: Duration::from_secs(10),
            allowed_origins: Vec::new(),
            send_queue_bytes: 1024 * 1024,
            write_timeout: Duration::from_secs(10),
            max_connections: 10_000,
            max_connections_per_address: 256,
            max_match_connections: 1_000,
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            matches_per_minute: 60,
            matches_burst: 60,
            waiting_expiry: Duration::from_secs(7 * 24 * 3600),
            idle_waiting: Duration::from_secs(60),
            bots: BotPolicy::default(),
        }
    }
}

impl Default for BotPolicy {
    fn default() -> BotPolicy {
        BotPolicy {
            max_time: Duration::from_secs(5),
            max_iterations: 20_000,
            max_threads: 2,
            max_searching: std::thread::available_parallelism().map_or(2, usize::from),
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
    /// Connections closed for reading too slowly.
    pub slow_clients: Counter,
    /// HTTP requests refused by a limit (creation rate, connections of a match).
    pub refused_requests: Counter,
}

impl Metrics {
    fn new(store: &Store, replays: &crate::replay::Cache) -> Metrics {
        let mut registry = Registry::with_prefix("worlds");
        let matches_live = Gauge::default();
        let connections = Gauge::default();
        let actions = Counter::default();
        let action_latency = Histogram::new(exponential_buckets(0.0005, 2.0, 14));
        let rejected_frames = Counter::default();
        let slow_clients = Counter::default();
        let refused_requests = Counter::default();
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
        registry.register("slow_clients", "Connections closed for reading too slowly (4408)", slow_clients.clone());
        registry.register(
            "refused_requests",
            "Requests refused by a limit (match creations over the rate, a full match)",
            refused_requests.clone(),
        );
        registry.register(
            "replay_actions_applied",
            "Actions replayed to answer replay requests (a match's replay is built once, then each step replays at most 32)",
            replays.applied.clone(),
        );
        let health = store.health();
        registry.register(
            "storage_failures",
            "Batches of writes the database refused (each write answered with an error, none stored)",
            health.failures.clone(),
        );
        registry.register(
            "storage_degraded",
            "1 while the database refuses writes (from a failed batch until one commits), else 0",
            health.degraded.clone(),
        );
        Metrics {
            registry,
            matches_live,
            connections,
            actions,
            action_latency,
            rejected_frames,
            slow_clients,
            refused_requests,
        }
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

/// How often a server writes that it is alive (and so checks that the database takes writes).
pub const HEARTBEAT: Duration = Duration::from_secs(2);

/// A server whose heartbeat is older than this is gone (killed): its connections count for
/// nothing when other servers judge who is away.
pub const STALE: Duration = Duration::from_secs(10);

/// Everything the server's tasks share.
#[derive(Debug)]
pub struct Shared {
    pub store: Store,
    pub metrics: Metrics,
    pub limits: Limits,
    /// The live matches by id.
    live: Mutex<HashMap<String, (MatchHandle, JoinHandle<()>)>>,
    /// Permits for bots' searches (one per thread).
    pub(crate) searching: Arc<Semaphore>,
    /// Match creations by address.
    creations: DefaultKeyedRateLimiter<IpAddr>,
    /// Replays' positions, kept between requests for one step at a time.
    pub(crate) replays: crate::replay::Cache,
}

impl Shared {
    pub fn new(store: Store, limits: Limits) -> Arc<Shared> {
        let per_minute = NonZeroU32::new(limits.matches_per_minute).unwrap_or(NonZeroU32::MIN);
        let burst = NonZeroU32::new(limits.matches_burst).unwrap_or(NonZeroU32::MIN);
        let creations = DefaultKeyedRateLimiter::keyed(Quota::per_minute(per_minute).allow_burst(burst));
        let searching = Arc::new(Semaphore::new(limits.bots.max_searching.max(1)));
        let replays = crate::replay::Cache::default();
        Arc::new(Shared {
            metrics: Metrics::new(&store, &replays),
            store,
            limits,
            live: Mutex::new(HashMap::new()),
            searching,
            creations,
            replays,
        })
    }

    /// Whether the servers sharing this database must tell each other which seats they hold
    /// (PostgreSQL; one server holds an SQLite file).
    pub fn shares_presence(&self) -> bool {
        self.store.backend() == Backend::Postgres
    }

    /// Counts a match creation by `from`.
    ///
    /// # Errors
    /// `rate_limited` beyond [`Limits::matches_per_minute`], saying how long to wait.
    pub fn may_create(&self, from: IpAddr) -> Result<(), ServerError> {
        if self.limits.matches_per_minute == 0 {
            return Ok(());
        }
        if let Err(not_until) = self.creations.check_key(&from) {
            self.metrics.refused_requests.inc();
            let wait = not_until.wait_time_from(governor::clock::Clock::now(&governor::clock::DefaultClock::default()));
            let seconds = wait.as_secs() + 1;
            let mut e = ServerError::new(
                Kind::RateLimited,
                format!(
                    "more than {} new matches a minute from your address: wait {seconds} s and try again",
                    self.limits.matches_per_minute
                ),
            );
            e.retry_after_ms = Some(u64::try_from(wait.as_millis()).unwrap_or(u64::MAX).max(1));
            return Err(e);
        }
        Ok(())
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

    /// Forgets a match whose task has ended (unless a new task holds it already).
    pub(crate) async fn forget(&self, id: &str) {
        let mut live = self.live.lock().await;
        if live.get(id).is_some_and(|(handle, _)| handle.tx.is_closed()) {
            live.remove(id);
        }
    }

    /// How many matches are in memory (their tasks running).
    pub async fn live_matches(&self) -> usize {
        self.live.lock().await.len()
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

    /// Loads every match being played (after a restart), so bots move on and clocks run. A
    /// match waiting for players has nothing to run: it is loaded when someone opens it.
    ///
    /// # Errors
    /// A database failure.
    pub async fn recover(self: &Arc<Shared>) -> Result<usize, ServerError> {
        let ids = self.store.playing().await?;
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
        seat: usize,
    ) -> Result<(), ServerError> {
        let handle = self.open_match(match_id).await?;
        let (reply, answer) = oneshot::channel();
        let claim = Command::Claim { seat, hash: hash.to_owned(), player: player.map(str::to_owned), reply };
        if handle.tx.send(claim).await.is_err() {
            return Err(ServerError::new(Kind::Unavailable, "the match is closing; try again"));
        }
        answer.await.unwrap_or_else(|_| Err(ServerError::new(Kind::Unavailable, "the match is closing; try again")))
    }

    /// Joins a connection to a match. A finished match with nobody watching may be leaving memory
    /// just as the connection arrives: then it is loaded again and joined once more.
    ///
    /// # Errors
    /// No such match, a full match, or a match that keeps closing.
    pub async fn join(
        self: &Arc<Shared>,
        match_id: &str,
        seat: Option<Player>,
        last_seq: Option<usize>,
        scene: bool,
        out: Arc<Outbox>,
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

    /// The server's chores, every few seconds until shutdown: its heartbeat (which also tells
    /// whether the database takes writes again after a fault), the expiry of matches that wait
    /// for players too long, and forgetting addresses that stopped creating matches.
    pub fn chores(self: &Arc<Shared>) -> JoinHandle<()> {
        let shared = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut beat = tokio::time::interval(HEARTBEAT);
            beat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            let mut round = 0u64;
            loop {
                beat.tick().await;
                let Some(shared) = shared.upgrade() else { return };
                if let Err(e) = shared.store.heartbeat().await {
                    tracing::warn!("the heartbeat was not stored: {e}");
                }
                // Every minute: expire the matches that waited too long, forget idle addresses and
                // the rows of servers killed more than an hour ago.
                if round.is_multiple_of(30) {
                    shared.expire_waiting().await;
                    shared.creations.retain_recent();
                    let before = crate::store::now_ms().saturating_sub(3_600_000);
                    if let Err(e) = shared.store.forget_servers(before).await {
                        tracing::warn!("could not forget the servers gone: {e}");
                    }
                }
                round += 1;
            }
        })
    }

    /// Ends the matches that have waited for players longer than [`Limits::waiting_expiry`]:
    /// each is opened, and its actor ends it (as it would at its expiry while in memory).
    async fn expire_waiting(self: &Arc<Shared>) {
        let expiry = i64::try_from(self.limits.waiting_expiry.as_millis()).unwrap_or(i64::MAX);
        let before = crate::store::now_ms().saturating_sub(expiry);
        match self.store.waiting_since(before, 100).await {
            Ok(ids) => {
                for id in ids {
                    if let Err(e) = self.open_match(&id).await {
                        tracing::warn!(match_id = %id, "could not open a waiting match to expire it: {e}");
                    }
                }
            }
            Err(e) => tracing::warn!("could not read the waiting matches: {e}"),
        }
    }

    /// Stops every match after its write in progress, and waits for them.
    pub async fn stop_all(&self) {
        // Out of the map first: a task that ends takes the map's lock to leave it.
        let live: Vec<_> = self.live.lock().await.drain().collect();
        for (_, (handle, task)) in live {
            let (done, wait) = oneshot::channel();
            if handle.tx.send(Command::Stop(done)).await.is_ok() {
                let _ = wait.await;
            }
            let _ = task.await;
        }
    }
}
