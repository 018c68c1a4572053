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
pub mod protocol;
pub mod seat;
pub mod store;
pub mod token;
mod web;
pub mod ws;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

pub use app::{Limits, Shared};
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
    stop: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
    /// Listening for other servers' changes (PostgreSQL).
    watching: Vec<tokio::task::JoinHandle<()>>,
}

/// Opens the database, recovers unfinished matches, and starts listening.
///
/// # Errors
/// A database that does not open or migrate, or an address that cannot be bound.
pub async fn start(config: ServerConfig) -> anyhow::Result<Running> {
    let store = Store::open(&config.database).await?;
    let shared = Shared::new(store, config.limits);
    let watching = shared.watch();
    let recovered = shared.recover().await.map_err(|e| anyhow::anyhow!("recovering matches: {e}"))?;
    if recovered > 0 {
        tracing::info!("recovered {recovered} unfinished matches");
    }
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {}: {e}", config.listen))?;
    let addr = listener.local_addr()?;
    // Each message goes out at once: without TCP_NODELAY, a message written while the previous
    // one is unacknowledged waits for the peer's delayed ACK (about 40 ms on Linux).
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::warn!("could not set TCP_NODELAY on a connection: {e}");
        }
    });
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let app = http::router(shared.clone());
    let task = tokio::spawn(async move {
        axum::serve(listener, app)
            .with_graceful_shutdown(async move {
                let _ = stopped.await;
            })
            .await
    });
    Ok(Running { addr, shared, stop, task, watching })
}

impl Running {
    /// Graceful shutdown: stops accepting connections, lets every match finish the write in
    /// progress and tells its clients to reconnect, then waits for the database writer.
    pub async fn shutdown(self) {
        let Running { shared, stop, task, watching, .. } = self;
        let _ = stop.send(());
        for w in watching {
            w.abort();
        }
        shared.stop_all().await;
        if tokio::time::timeout(Duration::from_secs(10), task).await.is_err() {
            tracing::warn!("connections did not close within 10 s");
        }
        // Connections end once their match has told them to reconnect; wait for them to let go.
        let mut shared = shared;
        for _ in 0..100 {
            match Arc::try_unwrap(shared) {
                Ok(alone) => return alone.store.close(Duration::from_secs(10)).await,
                Err(still) => shared = still,
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        tracing::warn!("connections still hold the server's state after 5 s; the database closes with the process");
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
