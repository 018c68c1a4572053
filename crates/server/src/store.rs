//! The database: SQLite (a file, the default) or PostgreSQL (by URL), through the same SQL and
//! sqlx's `Any` driver. Migrations are embedded and run at start.
//!
//! Every write goes through one writer task that commits what is waiting in one transaction
//! (group commit across matches): an action is acknowledged only after the batch holding it has
//! committed, and SQLite never has two writers waiting on each other's lock. The key (match,
//! sequence) makes a second writer of the same step (another server process) fail, and that action
//! is reported as a conflict. A batch the database refuses fails every write in it, and the writer
//! goes on with a new connection (`store/writer.rs`); reads go through a pool (`store/read.rs`).

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use sqlx::any::AnyPoolOptions;
use sqlx::{AnyConnection, AnyPool, Executor};
use tokio::sync::{mpsc, oneshot};

mod batch;
mod read;
mod writer;
use writer::{Job, spawn_writer};

/// Milliseconds since 1970.
pub fn now_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// Which database a URL names.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Why a write was not stored.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum WriteError {
    /// Another writer stored this step of the match first.
    #[error("another server stored action {seq} of this match first")]
    Conflict { seq: i64 },
    /// The write breaks a key or reference (a bug, or a duplicate id): it alone failed.
    #[error("the database refused the write: {0}")]
    Database(String),
    /// The database failed (full, unwritable, unreachable): nothing of the batch was stored.
    #[error("the database cannot store anything now: {0}")]
    Unavailable(String),
    #[error("the server is shutting down")]
    Closed,
}

/// One action to store.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ActionRow {
    pub match_id: String,
    pub seq: i64,
    pub seat: i64,
    pub action: String,
    pub clocks: Option<String>,
}

/// A write queued to the writer task.
#[derive(Debug)]
enum Write {
    Action(ActionRow),
    Match(MatchRow, Vec<(String, Option<usize>)>),
    Claim {
        match_id: String,
        hash: String,
        player: Option<String>,
    },
    Status {
        id: String,
        status: String,
        result: Option<String>,
    },
    Seats {
        id: String,
        seats: String,
    },
    Player {
        id: String,
        hash: String,
        name: String,
    },
    /// A seat of a match has (`here`) or no longer has a connection on this server.
    Presence {
        match_id: String,
        seat: usize,
        server: String,
        here: bool,
    },
    /// This server is alive; also the proof that the database takes writes.
    Heartbeat {
        server: String,
    },
    /// This server stops: its row and its presence go.
    Gone {
        server: String,
    },
    /// The rows of servers not seen since `before` (killed long ago) go, with their presence.
    Forget {
        before: i64,
    },
}

/// How the database's writes are going, for `/healthz` and `/metrics`: degraded from a failed
/// batch until a batch commits again.
#[derive(Clone, Debug, Default)]
pub struct StorageHealth {
    /// Batches the database refused (each answered with errors, nothing of it stored).
    pub failures: prometheus_client::metrics::counter::Counter,
    /// 1 while writes fail, else 0.
    pub degraded: prometheus_client::metrics::gauge::Gauge,
    last_error: std::sync::Arc<std::sync::Mutex<Option<String>>>,
}

impl StorageHealth {
    fn succeeded(&self) {
        self.degraded.set(0);
    }

    fn failed(&self, e: &sqlx::Error) {
        self.failures.inc();
        self.degraded.set(1);
        if let Ok(mut last) = self.last_error.lock() {
            *last = Some(e.to_string());
        }
    }

    /// The database's last error while writes fail; `None` when they work.
    pub fn failing(&self) -> Option<String> {
        if self.degraded.get() == 0 {
            return None;
        }
        Some(self.last_error.lock().ok().and_then(|l| l.clone()).unwrap_or_default())
    }
}

/// A match as stored.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MatchRow {
    pub id: String,
    pub game: String,
    pub config: String,
    pub seed: u64,
    pub seats: String,
    pub settings: String,
    pub status: String,
    pub result: Option<String>,
    pub created_by: Option<String>,
    /// Milliseconds since 1970 (set when stored).
    pub created_at: i64,
}

/// What a token opens.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TokenRow {
    pub match_id: String,
    /// `None` for the spectator link.
    pub seat: Option<usize>,
    pub player_id: Option<String>,
    pub claimed: bool,
}

/// One match in a player's list.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ListedMatch {
    pub id: String,
    pub game: String,
    pub seat: Option<usize>,
    pub status: String,
    pub result: Option<String>,
    pub updated_at: i64,
}

/// The database, shared by every task (cheap to clone).
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    writer: mpsc::Sender<Job>,
    /// The writer task, awaited by [`Store::close`].
    written: std::sync::Arc<tokio::sync::Mutex<Option<oneshot::Receiver<()>>>>,
    backend: Backend,
    url: std::sync::Arc<str>,
    /// This store's name: in the notifications it sends (PostgreSQL), to skip its own, and in
    /// the `servers` and `presence` tables.
    instance: std::sync::Arc<str>,
    health: StorageHealth,
}

/// The PostgreSQL channel on which a server announces the matches it changed.
const CHANGES: &str = "worlds_changes";

/// The default database: `worlds/worlds.sqlite3` in the user's data directory.
pub fn default_sqlite_path() -> PathBuf {
    dirs::data_dir().unwrap_or_else(|| PathBuf::from(".")).join("worlds").join("worlds.sqlite3")
}

/// The URL of an SQLite file (created when missing).
pub fn sqlite_url(path: &Path) -> String {
    format!("sqlite://{}?mode=rwc", path.display())
}

impl Store {
    /// Connects to `url` (`sqlite://FILE?mode=rwc` or `postgres://…`), runs the migrations, and
    /// starts the writer (which ends when the last clone of the store is dropped).
    ///
    /// # Errors
    /// An unknown scheme, a database that cannot be reached, or a failed migration.
    pub async fn open(url: &str) -> anyhow::Result<Store> {
        sqlx::any::install_default_drivers();
        // An SQLite file is created when missing, unless the URL says otherwise.
        let url =
            &if url.starts_with("sqlite:") && !url.contains('?') { format!("{url}?mode=rwc") } else { url.to_owned() };
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else {
            anyhow::bail!("database URL `{url}`: use sqlite://FILE or postgres://USER@HOST/DB");
        };
        if backend == Backend::Sqlite && (url.contains(":memory:") || url.contains("mode=memory")) {
            // Each connection would see a database of its own.
            anyhow::bail!("database URL `{url}`: the server needs an SQLite file (sqlite://FILE), not memory");
        }
        if backend == Backend::Sqlite
            && let Some(file) = url.strip_prefix("sqlite://").and_then(|rest| rest.split('?').next())
            && let Some(dir) = Path::new(file).parent()
            && !dir.as_os_str().is_empty()
        {
            std::fs::create_dir_all(dir)
                .map_err(|e| anyhow::anyhow!("cannot create the directory {}: {e}", dir.display()))?;
        }
        let pool = pool_options(backend, 8)
            .connect(url)
            .await
            .map_err(|e| anyhow::anyhow!("cannot open the database {}: {e}", redact(url)))?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(|e| anyhow::anyhow!("the database {} could not be migrated: {e}", redact(url)))?;
        let instance: std::sync::Arc<str> = crate::token::short_id().into();
        let notify = (backend == Backend::Postgres).then(|| instance.to_string());
        let health = StorageHealth::default();
        let (tx, written) = spawn_writer(url, backend, notify, health.clone()).await?;
        let written = std::sync::Arc::new(tokio::sync::Mutex::new(Some(written)));
        Ok(Store { pool, writer: tx, written, backend, url: url.as_str().into(), instance, health })
    }

    /// This store's (server's) id in the `servers` and `presence` tables.
    pub fn server_id(&self) -> &str {
        &self.instance
    }

    /// How writes are going.
    pub fn health(&self) -> &StorageHealth {
        &self.health
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// On PostgreSQL, listens for the matches other servers change (each server announces, as
    /// its batch commits, the matches the batch wrote) and sends their ids: `Some(id)` for a
    /// match, `None` when the listening connection was lost and found again (anything may have
    /// changed meanwhile). Ends when the receiver is dropped. On SQLite, `None`: one server
    /// holds the file.
    pub fn watch(&self) -> Option<(mpsc::Receiver<Option<String>>, tokio::task::JoinHandle<()>)> {
        if self.backend != Backend::Postgres {
            return None;
        }
        let (url, me) = (self.url.clone(), self.instance.clone());
        let (tx, rx) = mpsc::channel(1024);
        let task = tokio::spawn(async move {
            let mut listener = loop {
                match sqlx::postgres::PgListener::connect(&url).await {
                    Ok(mut listener) => match listener.listen(CHANGES).await {
                        Ok(()) => break listener,
                        Err(e) => tracing::warn!("cannot listen for other servers' changes: {e}; retrying"),
                    },
                    Err(e) => tracing::warn!("cannot connect to listen for other servers' changes: {e}; retrying"),
                }
                tokio::time::sleep(std::time::Duration::from_secs(1)).await;
            };
            loop {
                let changed = match listener.try_recv().await {
                    Ok(Some(notice)) => {
                        let mut words = notice.payload().split(' ');
                        if words.next() == Some(&*me) {
                            continue;
                        }
                        words.map(|id| Some(id.to_owned())).collect()
                    }
                    // The connection was lost; the next call connects and listens again.
                    Ok(None) => vec![None],
                    Err(e) => {
                        tracing::warn!("listening for other servers' changes: {e}; retrying");
                        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                        vec![None]
                    }
                };
                for id in changed {
                    if tx.send(id).await.is_err() {
                        return;
                    }
                }
            }
        });
        Some((rx, task))
    }

    /// Stores one action; returns once it is committed.
    ///
    /// # Errors
    /// A conflict (another writer stored that step), a database failure, or shutdown.
    pub async fn append(&self, row: ActionRow) -> Result<(), WriteError> {
        self.write(Write::Action(row)).await
    }

    /// Queues a write to the writer task; returns once it is committed.
    async fn write(&self, write: Write) -> Result<(), WriteError> {
        let (reply, answer) = oneshot::channel();
        self.writer.send(Job { write, reply }).await.map_err(|_| WriteError::Closed)?;
        answer.await.map_err(|_| WriteError::Closed)?
    }

    /// At shutdown, once every other clone of the store is gone: waits (at most `limit`) until
    /// the writer has committed every action sent to it, then closes the pool.
    pub async fn close(self, limit: std::time::Duration) {
        let Store { pool, writer, written, .. } = self;
        drop(writer);
        let handle = written.lock().await.take();
        if let Some(handle) = handle
            && tokio::time::timeout(limit, handle).await.is_err()
        {
            tracing::warn!("the database writer did not finish within {limit:?}");
        }
        pool.close().await;
    }

    /// Creates a match with its tokens (hashes), in one transaction.
    ///
    /// # Errors
    /// A database failure.
    pub async fn create_match(&self, m: &MatchRow, tokens: &[(String, Option<usize>)]) -> Result<(), WriteError> {
        self.write(Write::Match(m.clone(), tokens.to_vec())).await
    }

    /// Marks a seat's token (of match `match_id`) claimed (by a player, when known). Claiming again keeps the first
    /// claim's time and fills in the player if it had none.
    ///
    /// # Errors
    /// A database failure.
    pub async fn claim(&self, match_id: &str, hash: &str, player: Option<&str>) -> Result<(), WriteError> {
        let (match_id, hash, player) = (match_id.to_owned(), hash.to_owned(), player.map(str::to_owned));
        self.write(Write::Claim { match_id, hash, player }).await
    }

    /// Sets a match's status (and result).
    ///
    /// # Errors
    /// A database failure.
    pub async fn set_status(&self, id: &str, status: &str, result: Option<&str>) -> Result<(), WriteError> {
        let result = result.map(str::to_owned);
        self.write(Write::Status { id: id.to_owned(), status: status.to_owned(), result }).await
    }

    /// Replaces a match's seats (a bot took over a seat).
    ///
    /// # Errors
    /// A database failure.
    pub async fn set_seats(&self, id: &str, seats: &str) -> Result<(), WriteError> {
        self.write(Write::Seats { id: id.to_owned(), seats: seats.to_owned() }).await
    }

    /// Adds a player (a name and the hash of their token).
    ///
    /// # Errors
    /// A database failure.
    pub async fn create_player(&self, id: &str, hash: &str, name: &str) -> Result<(), WriteError> {
        self.write(Write::Player { id: id.to_owned(), hash: hash.to_owned(), name: name.to_owned() }).await
    }

    /// Writes that this server is alive (its row in `servers`); the write is also the proof
    /// that the database takes writes.
    ///
    /// # Errors
    /// A database failure.
    pub async fn heartbeat(&self) -> Result<(), WriteError> {
        self.write(Write::Heartbeat { server: self.instance.to_string() }).await
    }

    /// At a graceful stop: removes this server's row and its presence, announcing the matches
    /// whose seats it held (PostgreSQL), so other servers count those seats away at once.
    ///
    /// # Errors
    /// A database failure.
    pub async fn gone(&self) -> Result<(), WriteError> {
        self.write(Write::Gone { server: self.instance.to_string() }).await
    }

    /// Removes the rows (and presence) of servers whose heartbeat is older than `before`
    /// (milliseconds since 1970): servers killed long ago.
    ///
    /// # Errors
    /// A database failure.
    pub async fn forget_servers(&self, before: i64) -> Result<(), WriteError> {
        self.write(Write::Forget { before }).await
    }

    /// Records that `seat` of `match_id` has (`here`) or no longer has a connection on this
    /// server.
    ///
    /// # Errors
    /// A database failure.
    pub async fn set_presence(&self, match_id: &str, seat: usize, here: bool) -> Result<(), WriteError> {
        let server = self.instance.to_string();
        self.write(Write::Presence { match_id: match_id.to_owned(), seat, server, here }).await
    }
}

/// The pool's settings: at most `size` connections, each prepared by [`prepare`].
fn pool_options(backend: Backend, size: u32) -> AnyPoolOptions {
    AnyPoolOptions::new()
        .max_connections(size)
        // A connection that fails shows in the query's error; pinging before every query would
        // cost a round trip each time.
        .test_before_acquire(false)
        .after_connect(move |conn, _| Box::pin(async move { prepare(conn, backend).await }))
}

/// SQLite in WAL mode with full sync: readers do not wait for the writer, and a committed batch
/// is on disk before its actions are acknowledged, even through a power cut.
async fn prepare(conn: &mut AnyConnection, backend: Backend) -> sqlx::Result<()> {
    if backend == Backend::Sqlite {
        conn.execute("PRAGMA journal_mode = WAL").await?;
        conn.execute("PRAGMA synchronous = FULL").await?;
        conn.execute("PRAGMA busy_timeout = 10000").await?;
    }
    Ok(())
}

/// A connection of its own (the writer's), prepared as the pool's are.
async fn connect(url: &str, backend: Backend) -> sqlx::Result<AnyConnection> {
    let mut conn = <AnyConnection as sqlx::Connection>::connect(url).await?;
    prepare(&mut conn, backend).await?;
    Ok(conn)
}

/// A database URL without its password, for messages.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let userinfo = &url[scheme + 3..at];
            match userinfo.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &url[..scheme + 3], &url[at..]),
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}
