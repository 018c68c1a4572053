//! Accepting connections, within limits: how many connections at once (in all, and from one
//! address), how long a client may take to send a request's headers, and how long a connection
//! may sit idle. (`axum::serve` does the same without the limits: idle and half-sent requests
//! kept their sockets forever, and enough of them ran the server out of file descriptors.)

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower::ServiceExt;

/// How many connections are open, in all and by address.
#[derive(Debug, Default)]
pub struct Counts {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// A connection counted in [`Counts`] until it is dropped.
#[derive(Debug)]
struct Held {
    counts: Arc<Mutex<Counts>>,
    address: IpAddr,
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut c = self.counts.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        c.total = c.total.saturating_sub(1);
        if let Some(n) = c.by_address.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                c.by_address.remove(&self.address);
            }
        }
    }
}

/// A connection's place in the counts, held by its HTTP task and, once it is upgraded to a
/// WebSocket, by the WebSocket's task (a request extension that `/ws` takes along): a WebSocket
/// counts against the limits for as long as it is open.
#[derive(Clone, Debug)]
pub struct Slot(#[allow(dead_code)] Arc<Held>);

/// What the accept loop enforces.
#[derive(Clone, Copy, Debug)]
pub struct ListenLimits {
    /// Connections at once; 0 for no limit (beyond the file descriptors).
    pub max_connections: usize,
    /// Connections at once from one address; 0 for no limit.
    pub per_address: usize,
    /// Time to send a request's headers, counted from when the connection is ready for the
    /// next request: it is also how long a connection may sit idle between requests.
    pub header_timeout: Duration,
}

/// The connections this process may hold: the open-file limit, raised to what the system
/// allows, less room for the database and the rest.
pub fn file_descriptor_room() -> usize {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(limit) => usize::try_from(limit.saturating_sub(256)).unwrap_or(usize::MAX).max(16),
        Err(e) => {
            tracing::warn!("could not read the open-file limit: {e}");
            1024 - 256
        }
    }
}

/// Serves `app` on `listener` until `stop` is set, then lets the connections finish (each is
/// told to close once its request in progress is answered).
pub async fn serve(listener: TcpListener, app: Router, limits: ListenLimits, mut stop: watch::Receiver<bool>) {
    let counts = Arc::new(Mutex::new(Counts::default()));
    // Each connection holds a receiver; the sender's `closed` is when the last one has ended.
    let (all_closed, closed) = watch::channel(());
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = stopped(&mut stop) => break,
        };
        let (tcp, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors (or another transient failure): wait for some to close.
                tracing::warn!("accepting a connection failed: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Some(held) = admit(&counts, limits, peer.ip()) else {
            // Dropped at once: the client may try again; nothing of it is kept.
            continue;
        };
        // Each message goes out at once: without TCP_NODELAY, a message written while the
        // previous one is unacknowledged waits for the peer's delayed ACK (about 40 ms on Linux).
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!("could not set TCP_NODELAY on a connection: {e}");
        }
        let app = app.clone();
        let mut stop = stop.clone();
        let closed = closed.clone();
        let slot = Slot(Arc::new(held));
        tokio::spawn(async move {
            let in_requests = slot.clone();
            let service =
                TowerToHyperService::new(app.map_request(move |mut request: hyper::Request<hyper::body::Incoming>| {
                    request.extensions_mut().insert(ConnectInfo(peer));
                    request.extensions_mut().insert(in_requests.clone());
                    request.map(axum::body::Body::new)
                }));
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout).keep_alive(true);
            let connection = builder.serve_connection(TokioIo::new(tcp), service).with_upgrades();
            tokio::pin!(connection);
            tokio::select! {
                result = connection.as_mut() => {
                    if let Err(e) = result {
                        tracing::debug!("a connection ended: {e}");
                    }
                }
                () = stopped(&mut stop) => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
            drop(slot);
            drop(closed);
        });
    }
    drop(closed);
    drop(listener);
    all_closed.closed().await;
}

/// Waits until the server stops (or is gone).
async fn stopped(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|s| *s).await;
}

/// Counts a new connection from `address`, or refuses it past the limits.
fn admit(counts: &Arc<Mutex<Counts>>, limits: ListenLimits, address: IpAddr) -> Option<Held> {
    let mut c = counts.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let from = c.by_address.get(&address).copied().unwrap_or(0);
    if (limits.max_connections > 0 && c.total >= limits.max_connections)
        || (limits.per_address > 0 && from >= limits.per_address)
    {
        tracing::debug!(%address, "a connection refused: {} open, {from} from this address", c.total);
        return None;
    }
    c.total += 1;
    *c.by_address.entry(address).or_default() += 1;
    Some(Held { counts: counts.clone(), address })
}

/// The address a request came from (set by [`serve`]; loopback where it is not, as in tests
/// that call the router directly).
pub fn peer(request_extensions: &axum::http::Extensions) -> SocketAddr {
    request_extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(SocketAddr::from(([127, 0, 0, 1], 0)), |ConnectInfo(addr)| *addr)
}
