//! Starting servers on fresh databases, and checking what connections received.

use std::sync::atomic::{AtomicU64, Ordering};

use serde_json::Value;
use sqlx::Executor;
use worlds_engine::{Player, Viewer};
use worlds_server::client::Api;
use worlds_server::{Limits, Running, ServerConfig};

/// A database for one test: a new SQLite file, or a new database on the PostgreSQL server.
#[derive(Clone, Debug)]
pub struct Db {
    pub label: &'static str,
    pub url: String,
    /// The SQLite file (to look inside it).
    pub file: Option<std::path::PathBuf>,
}

static NEXT: AtomicU64 = AtomicU64::new(0);

fn unique() -> String {
    format!("{}_{}_{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed), worlds_server::token::short_id())
}

/// SQLite always; PostgreSQL when `WORLDS_TEST_POSTGRES` is set.
pub async fn databases() -> Vec<Db> {
    let dir = std::env::temp_dir().join("worlds-server-tests");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{}.sqlite3", unique()));
    let mut dbs = vec![Db { label: "sqlite", url: worlds_server::store::sqlite_url(&file), file: Some(file) }];
    match std::env::var("WORLDS_TEST_POSTGRES") {
        Ok(admin) if !admin.is_empty() => {
            sqlx::any::install_default_drivers();
            let name = format!("worlds_test_{}", unique());
            let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&admin).await.unwrap();
            conn.execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).await.unwrap();
            let base = admin.rsplit_once('/').unwrap().0;
            dbs.push(Db { label: "postgres", url: format!("{base}/{name}"), file: None });
        }
        _ => eprintln!("WORLDS_TEST_POSTGRES is not set: this test runs on SQLite only"),
    }
    dbs
}

/// A server on `db`, listening on a free loopback port.
pub async fn start(db: &Db) -> (Running, Api) {
    start_with(db, Limits::default()).await
}

pub async fn start_with(db: &Db, limits: Limits) -> (Running, Api) {
    // The server's log, shown with a failing test's output (RUST_LOG chooses; warnings by default).
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "warn,sqlx=error".into()),
        )
        .with_test_writer()
        .try_init();
    let config = ServerConfig { listen: "127.0.0.1:0".parse().unwrap(), database: db.url.clone(), limits };
    let running = worlds_server::start(config).await.unwrap();
    let api = Api::new(&format!("http://{}", running.addr));
    (running, api)
}

/// The leak check: replays `record` and, for every message a connection of `viewer` received
/// (each carries the `step` it was sent at), asserts that nothing `viewer` could not know at
/// that step appears in it. Returns how many (message, secret) pairs were checked.
pub fn assert_no_leak(record: &worlds_engine::Match, viewer: Viewer, received: &[String]) -> usize {
    let (mut session, _) = worlds_registry::open(&record.game, &record.config, record.seed).unwrap();
    let mut secrets_at = vec![session.secrets(viewer)];
    for a in &record.actions {
        session.apply(a.player, &a.action).unwrap();
        secrets_at.push(session.secrets(viewer));
    }
    let mut checked = 0;
    for text in received {
        let message: Value = serde_json::from_str(text).unwrap();
        let Some(step) = message["step"].as_u64() else { continue };
        let secrets = &secrets_at[step as usize];
        for secret in secrets {
            checked += 1;
            assert!(
                !text.contains(secret.as_str()),
                "{viewer:?} received `{secret}`, hidden from it at step {step}, in {text}"
            );
        }
    }
    checked
}

/// The viewer of a connection for `seat` (`None`: the spectator).
pub fn viewer(seat: Option<usize>) -> Viewer {
    seat.map_or(Viewer::Spectator, |s| Viewer::Player(Player::new(s).unwrap()))
}
