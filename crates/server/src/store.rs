//! The database: SQLite (a file, the default) or PostgreSQL (by URL), through the same SQL and
//! sqlx's `Any` driver. Migrations are embedded and run at start.
//!
//! Actions go through one writer task that commits them in batches across matches: an action is
//! acknowledged only after the batch holding it has committed. The key (match, sequence) makes a
//! second writer of the same step (another server process) fail, and that action is reported as a
//! conflict.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Executor, Row};
use tokio::sync::{mpsc, oneshot};

/// The most actions committed in one transaction.
const BATCH: usize = 256;

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

/// Why an action was not stored.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum AppendError {
    /// Another writer stored this step of the match first.
    #[error("another server stored action {seq} of this match first")]
    Conflict { seq: i64 },
    #[error("the database refused the write: {0}")]
    Database(String),
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

struct Append {
    row: ActionRow,
    reply: oneshot::Sender<Result<(), AppendError>>,
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
    writer: mpsc::Sender<Append>,
    /// The writer task, awaited by [`Store::close`].
    written: std::sync::Arc<tokio::sync::Mutex<Option<tokio::task::JoinHandle<()>>>>,
    backend: Backend,
}

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
    /// starts the writer task (which ends when the last clone of the store is dropped).
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
        if backend == Backend::Sqlite
            && let Some(file) = url.strip_prefix("sqlite://").and_then(|rest| rest.split('?').next())
            && let Some(dir) = Path::new(file).parent()
            && !dir.as_os_str().is_empty()
        {
            std::fs::create_dir_all(dir)
                .map_err(|e| anyhow::anyhow!("cannot create the directory {}: {e}", dir.display()))?;
        }
        let options = AnyPoolOptions::new()
            // SQLite takes one writer at a time; readers share the rest.
            .max_connections(if backend == Backend::Sqlite { 4 } else { 8 })
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // WAL: readers do not wait for the writer. FULL: a committed batch is on
                        // disk before its actions are acknowledged, even through a power cut.
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = FULL").await?;
                        conn.execute("PRAGMA busy_timeout = 10000").await?;
                    }
                    Ok(())
                })
            });
        let pool = options.connect(url).await.map_err(|e| anyhow::anyhow!("cannot open the database {url}: {e}"))?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(|e| anyhow::anyhow!("the database {url} could not be migrated: {e}"))?;
        let (tx, rx) = mpsc::channel(4096);
        let written = std::sync::Arc::new(tokio::sync::Mutex::new(Some(tokio::spawn(writer(pool.clone(), rx)))));
        Ok(Store { pool, writer: tx, written, backend })
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Stores one action; returns once it is committed.
    ///
    /// # Errors
    /// A conflict (another writer stored that step), a database failure, or shutdown.
    pub async fn append(&self, row: ActionRow) -> Result<(), AppendError> {
        let (reply, answer) = oneshot::channel();
        self.writer.send(Append { row, reply }).await.map_err(|_| AppendError::Closed)?;
        answer.await.map_err(|_| AppendError::Closed)?
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
    pub async fn create_match(&self, m: &MatchRow, tokens: &[(String, Option<usize>)]) -> sqlx::Result<()> {
        let now = now_ms();
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO matches (id, game, config, seed, seats, settings, status, result, created_by, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, $8, $9, $9)",
        )
        .bind(&m.id)
        .bind(&m.game)
        .bind(&m.config)
        .bind(m.seed as i64)
        .bind(&m.seats)
        .bind(&m.settings)
        .bind(&m.status)
        .bind(m.created_by.clone())
        .bind(now)
        .execute(&mut *tx)
        .await?;
        for (hash, seat) in tokens {
            sqlx::query("INSERT INTO tokens (token_hash, match_id, seat, player_id, claimed_at) VALUES ($1, $2, $3, NULL, NULL)")
                .bind(hash)
                .bind(&m.id)
                .bind(seat.map(|s| s as i64))
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await
    }

    /// What a token (by hash) opens.
    ///
    /// # Errors
    /// A database failure.
    pub async fn token(&self, hash: &str) -> sqlx::Result<Option<TokenRow>> {
        let row = sqlx::query("SELECT match_id, seat, player_id, claimed_at FROM tokens WHERE token_hash = $1")
            .bind(hash)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| {
            Ok(TokenRow {
                match_id: r.try_get("match_id")?,
                seat: r.try_get::<Option<i64>, _>("seat")?.map(|s| s as usize),
                player_id: r.try_get("player_id")?,
                claimed: r.try_get::<Option<i64>, _>("claimed_at")?.is_some(),
            })
        })
        .transpose()
    }

    /// Marks a seat's token claimed (by a player, when known). Claiming again keeps the first
    /// claim's time and fills in the player if it had none.
    ///
    /// # Errors
    /// A database failure.
    pub async fn claim(&self, hash: &str, player: Option<&str>) -> sqlx::Result<()> {
        sqlx::query(
            "UPDATE tokens SET claimed_at = COALESCE(claimed_at, $1), player_id = COALESCE(player_id, $2) WHERE token_hash = $3",
        )
        .bind(now_ms())
        .bind(player.map(str::to_owned))
        .bind(hash)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Which seats of a match are claimed.
    ///
    /// # Errors
    /// A database failure.
    pub async fn claimed_seats(&self, match_id: &str) -> sqlx::Result<Vec<usize>> {
        let rows =
            sqlx::query("SELECT seat FROM tokens WHERE match_id = $1 AND seat IS NOT NULL AND claimed_at IS NOT NULL")
                .bind(match_id)
                .fetch_all(&self.pool)
                .await?;
        rows.iter().map(|r| r.try_get::<i64, _>("seat").map(|s| s as usize)).collect()
    }

    /// A match and its actions in order.
    ///
    /// # Errors
    /// A database failure.
    pub async fn load(&self, id: &str) -> sqlx::Result<Option<(MatchRow, Vec<ActionRow>)>> {
        let Some(row) = sqlx::query("SELECT * FROM matches WHERE id = $1").bind(id).fetch_optional(&self.pool).await?
        else {
            return Ok(None);
        };
        let m = match_row(&row)?;
        let actions = self.actions_since(id, 0).await?;
        Ok(Some((m, actions)))
    }

    /// The actions of a match from `seq` on.
    ///
    /// # Errors
    /// A database failure.
    pub async fn actions_since(&self, id: &str, seq: i64) -> sqlx::Result<Vec<ActionRow>> {
        let rows = sqlx::query(
            "SELECT match_id, seq, seat, action, clocks FROM actions WHERE match_id = $1 AND seq >= $2 ORDER BY seq",
        )
        .bind(id)
        .bind(seq)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(ActionRow {
                    match_id: r.try_get("match_id")?,
                    seq: r.try_get("seq")?,
                    seat: r.try_get("seat")?,
                    action: r.try_get("action")?,
                    clocks: r.try_get("clocks")?,
                })
            })
            .collect()
    }

    /// How many actions a match has stored.
    ///
    /// # Errors
    /// A database failure.
    pub async fn action_count(&self, id: &str) -> sqlx::Result<i64> {
        sqlx::query("SELECT COUNT(*) AS n FROM actions WHERE match_id = $1")
            .bind(id)
            .fetch_one(&self.pool)
            .await?
            .try_get("n")
    }

    /// The ids of matches not finished.
    ///
    /// # Errors
    /// A database failure.
    pub async fn unfinished(&self) -> sqlx::Result<Vec<String>> {
        let rows = sqlx::query("SELECT id FROM matches WHERE status <> 'finished' ORDER BY created_at")
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| r.try_get("id")).collect()
    }

    /// Sets a match's status (and result).
    ///
    /// # Errors
    /// A database failure.
    pub async fn set_status(&self, id: &str, status: &str, result: Option<&str>) -> sqlx::Result<()> {
        sqlx::query("UPDATE matches SET status = $1, result = $2, updated_at = $3 WHERE id = $4")
            .bind(status)
            .bind(result.map(str::to_owned))
            .bind(now_ms())
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Replaces a match's seats (a bot took over a seat).
    ///
    /// # Errors
    /// A database failure.
    pub async fn set_seats(&self, id: &str, seats: &str) -> sqlx::Result<()> {
        sqlx::query("UPDATE matches SET seats = $1, updated_at = $2 WHERE id = $3")
            .bind(seats)
            .bind(now_ms())
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Adds a player (a name and the hash of their token).
    ///
    /// # Errors
    /// A database failure.
    pub async fn create_player(&self, id: &str, hash: &str, name: &str) -> sqlx::Result<()> {
        sqlx::query("INSERT INTO players (id, token_hash, name, created_at) VALUES ($1, $2, $3, $4)")
            .bind(id)
            .bind(hash)
            .bind(name)
            .bind(now_ms())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The player (id, name) a player token names.
    ///
    /// # Errors
    /// A database failure.
    pub async fn player(&self, hash: &str) -> sqlx::Result<Option<(String, String)>> {
        let row = sqlx::query("SELECT id, name FROM players WHERE token_hash = $1")
            .bind(hash)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| Ok((r.try_get("id")?, r.try_get("name")?))).transpose()
    }

    /// The matches a player created or sits in, newest first.
    ///
    /// # Errors
    /// A database failure.
    pub async fn player_matches(&self, player: &str) -> sqlx::Result<Vec<ListedMatch>> {
        let rows = sqlx::query(
            "SELECT m.id, m.game, m.status, m.result, m.updated_at, t.seat \
             FROM matches m LEFT JOIN tokens t ON t.match_id = m.id AND t.player_id = $1 AND t.seat IS NOT NULL \
             WHERE t.player_id = $1 OR m.created_by = $1 ORDER BY m.updated_at DESC, m.id",
        )
        .bind(player)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(ListedMatch {
                    id: r.try_get("id")?,
                    game: r.try_get("game")?,
                    seat: r.try_get::<Option<i64>, _>("seat")?.map(|s| s as usize),
                    status: r.try_get("status")?,
                    result: r.try_get("result")?,
                    updated_at: r.try_get("updated_at")?,
                })
            })
            .collect()
    }

    /// Whether the database answers (for `/healthz`).
    ///
    /// # Errors
    /// A database failure.
    pub async fn ping(&self) -> sqlx::Result<()> {
        sqlx::query("SELECT 1").execute(&self.pool).await.map(|_| ())
    }
}

fn match_row(r: &AnyRow) -> sqlx::Result<MatchRow> {
    Ok(MatchRow {
        id: r.try_get("id")?,
        game: r.try_get("game")?,
        config: r.try_get("config")?,
        seed: r.try_get::<i64, _>("seed")? as u64,
        seats: r.try_get("seats")?,
        settings: r.try_get("settings")?,
        status: r.try_get("status")?,
        result: r.try_get("result")?,
        created_by: r.try_get("created_by")?,
    })
}

/// The writer: takes every action waiting (up to [`BATCH`]), stores them in one statement, and
/// answers each: stored, or a conflict when that step of that match was already stored.
async fn writer(pool: AnyPool, mut rx: mpsc::Receiver<Append>) {
    let mut batch = Vec::with_capacity(BATCH);
    while rx.recv_many(&mut batch, BATCH).await > 0 {
        match insert(&pool, &batch).await {
            Ok(stored) => {
                for a in batch.drain(..) {
                    let result = if stored.contains(&(a.row.match_id.clone(), a.row.seq)) {
                        Ok(())
                    } else {
                        Err(AppendError::Conflict { seq: a.row.seq })
                    };
                    let _ = a.reply.send(result);
                }
            }
            Err(e) => {
                tracing::error!("storing {} actions failed: {e}", batch.len());
                for a in batch.drain(..) {
                    let _ = a.reply.send(Err(AppendError::Database(e.to_string())));
                }
            }
        }
    }
}

async fn insert(pool: &AnyPool, batch: &[Append]) -> sqlx::Result<HashSet<(String, i64)>> {
    let mut sql = String::from("INSERT INTO actions (match_id, seq, seat, action, clocks, at) VALUES ");
    for i in 0..batch.len() {
        let b = i * 6;
        if i > 0 {
            sql.push_str(", ");
        }
        sql.push_str(&format!("(${}, ${}, ${}, ${}, ${}, ${})", b + 1, b + 2, b + 3, b + 4, b + 5, b + 6));
    }
    sql.push_str(" ON CONFLICT (match_id, seq) DO NOTHING RETURNING match_id, seq");
    let now = now_ms();
    // Only placeholders are generated into the text; every value is bound.
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for a in batch {
        query = query
            .bind(&a.row.match_id)
            .bind(a.row.seq)
            .bind(a.row.seat)
            .bind(&a.row.action)
            .bind(a.row.clocks.clone())
            .bind(now);
    }
    let rows = query.fetch_all(pool).await?;
    rows.iter().map(|r| Ok((r.try_get::<String, _>("match_id")?, r.try_get::<i64, _>("seq")?))).collect()
}
