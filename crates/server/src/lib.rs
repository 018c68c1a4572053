//! # worlds-server
//!
//! `worlds serve`: online matches of every Worlds game. A match is held by one task (its actor),
//! stored as its action log in SQLite or PostgreSQL, and played over a WebSocket per connection;
//! each connection sees only what its seat (or a spectator) may see. The protocol is in
//! `docs/server.md`.
#![forbid(unsafe_code)]

pub mod actor;
pub mod app;
pub mod client;
pub mod error;
pub mod http;
pub mod listen;
mod lock;
pub mod outbox;
pub mod protocol;
mod replay;
pub mod seat;
pub mod store;
pub mod token;
mod web;
pub mod ws;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

pub use app::{BotPolicy, Limits, Shared};
pub use store::Store;

/// How to start a server.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    pub listen: SocketAddr,
    /// `sqlite://FILE?mode=rwc` or `postgres://…`.
    pub database: String,
    pub limits: Limits,
}

/// A server that is listening.
#[derive(Debug)]
pub struct Running {
    pub addr: SocketAddr,
    pub shared: Arc<Shared>,
    stop: tokio::sync::watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
    /// Listening for other servers' changes (PostgreSQL), and the heartbeat.
    background: Vec<tokio::task::JoinHandle<()>>,
    /// The SQLite file's lock: no second server may use the file while this one runs.
    lock: Option<lock::ServerLock>,
}

/// Opens the database (refusing an SQLite file another server is using, and a database that
/// does not take writes), recovers the matches being played, and starts listening.
///
/// # Errors
/// A database that does not open, migrate or take a write; an SQLite file in use by another
/// server; or an address that cannot be bound.
pub async fn start(config: ServerConfig) -> anyhow::Result<Running> {
    survive_file_size_limit();
    let lock = lock::ServerLock::take(&config.database)?;
    let store = Store::open(&config.database).await?;
    // A database that cannot be written (a read-only file system, a read-only replica) would
    // answer every request with an error: refuse to start instead.
    store
        .heartbeat()
        .await
        .map_err(|e| anyhow::anyhow!("the database {} does not take writes: {e}", store::redact(&config.database)))?;
    let mut limits = config.limits;
    limits.max_connections = limits.max_connections.min(listen::file_descriptor_room());
    let listen_limits = listen::ListenLimits {
        max_connections: limits.max_connections,
        per_address: limits.max_connections_per_address,
        header_timeout: limits.header_timeout,
    };
    let shared = Shared::new(store, limits);
    let mut background = shared.watch();
    let recovered = shared.recover().await.map_err(|e| anyhow::anyhow!("recovering matches: {e}"))?;
    if recovered > 0 {
        tracing::info!("recovered {recovered} matches being played");
    }
    background.push(shared.chores());
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", config.listen))?;
    let addr = listener.local_addr()?;
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let app = http::router(shared.clone());
    let task = tokio::spawn(listen::serve(listener, app, listen_limits, stopped));
    Ok(Running { addr, shared, stop, task, background, lock })
}

impl Running {
    /// Graceful shutdown: stops accepting connections, lets every match finish the write in
    /// progress and tells its clients to reconnect, removes this server's presence (so other
    /// servers count its players away at once), then waits for the database writer.
    pub async fn shutdown(self) {
        let Running { shared, stop, task, background, lock, .. } = self;
        let _ = stop.send(true);
        for b in background {
            b.abort();
        }
        shared.stop_all().await;
        if let Err(e) = shared.store.gone().await {
            tracing::warn!("could not remove this server's presence: {e}");
        }
        if tokio::time::timeout(Duration::from_secs(10), task).await.is_err() {
            tracing::warn!("connections did not close within 10 s");
        }
        // Connections end once their match has told them to reconnect; wait for them to let go.
        let mut shared = shared;
        for _ in 0..100 {
            match Arc::try_unwrap(shared) {
                Ok(alone) => {
                    alone.store.close(Duration::from_secs(10)).await;
                    drop(lock);
                    return;
                }
                Err(still) => shared = still,
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        tracing::warn!("connections still hold the server's state after 5 s; the database closes with the process");
    }
}

/// SIGXFSZ (a write past the process's file-size limit) ends a process by default; caught, the
/// write fails with an error instead, which the server reports like a full disk. (Tokio keeps
/// its handler for the life of the process once installed.)
fn survive_file_size_limit() {
    #[cfg(unix)]
    if let Err(e) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::from_raw(25)) {
        tracing::warn!("cannot catch SIGXFSZ: {e}");
    }
}

/// Waits for Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}
