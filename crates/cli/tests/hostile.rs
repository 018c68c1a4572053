//! `worlds serve` as a process, against clients that hold on to what it sends them: spectators
//! that never read are closed with 4408 (and the close reaches them once they read), and the
//! memory they make the server hold is bounded; a second server on one SQLite file refuses to
//! start.
#![allow(clippy::unwrap_used)]

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio::net::TcpSocket;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use crate::serving::{Server, runtime, sqlite_database};

fn dir() -> std::path::PathBuf {
    std::env::temp_dir().join("worlds-cli-hostile-tests")
}

/// A WebSocket that joins as `token` with scenes and then reads nothing: its receive buffer is
/// small, so the server's messages pile up at the server's end.
async fn silent_reader(
    base: &str,
    token: &str,
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>> {
    let addr: std::net::SocketAddr = base.trim_start_matches("http://").parse().unwrap();
    let socket = TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let stream = socket.connect(addr).await.unwrap();
    let request = format!("ws://{addr}/ws").into_client_request().unwrap();
    let (mut ws, _) =
        tokio_tungstenite::client_async(request, tokio_tungstenite::MaybeTlsStream::Plain(stream)).await.unwrap();
    ws.send(Message::Text(json!({"type": "join", "token": token, "scene": true}).to_string().into())).await.unwrap();
    ws
}

#[test]
fn spectators_that_never_read_are_closed_with_4408_and_hold_bounded_memory() {
    runtime().block_on(async {
        let server = Server::start_with(&sqlite_database(&dir()), &["--write-timeout-ms", "1000"]);
        // A long match of thinking bots: a `state` with its scene after every move, for every
        // connection.
        let created = server
            .api
            .create(&json!({"game": "world-dumbination", "players": 5, "seats": vec!["mcts:10ms"; 5]}))
            .await
            .unwrap();
        let token = created.spectator.token.clone();
        let base = server.rss_kib();
        let mut readers = Vec::new();
        for _ in 0..20 {
            readers.push(silent_reader(&server.api.base, &token).await);
        }
        // Nobody reads until the server has judged all 20 slow (at least 8 s; on a busy machine the
        // buffers take longer to fill, and a reader that catches up in time is rightly not slow);
        // the server's memory is sampled meanwhile.
        let mut peak = base;
        let start = Instant::now();
        let mut judged = 0;
        while start.elapsed() < Duration::from_secs(8) || (judged < 20 && start.elapsed() < Duration::from_secs(90)) {
            peak = peak.max(server.rss_kib());
            tokio::time::sleep(Duration::from_millis(100)).await;
            judged = slow_clients(&server).await;
        }
        // Now they read: what was in flight, then the close, 4408.
        let mut codes = Vec::new();
        let mut bytes = 0usize;
        for mut ws in readers {
            let code = loop {
                match tokio::time::timeout(Duration::from_secs(20), ws.next()).await {
                    Ok(Some(Ok(Message::Close(frame)))) => break frame.map(|f| u16::from(f.code)),
                    Ok(Some(Ok(Message::Text(t)))) => bytes += t.len(),
                    Ok(Some(Ok(_))) => {}
                    Ok(Some(Err(_)) | None) => break None,
                    Err(_) => panic!("a silent reader was neither closed nor sent anything for 20 s"),
                }
            };
            codes.push(code);
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
        let after = server.rss_kib();
        eprintln!(
            "20 silent readers: RSS {} MB before, peak {} MB, {} MB after they were closed; {} MB reached them",
            base / 1024,
            peak / 1024,
            after / 1024,
            bytes / (1024 * 1024)
        );
        assert!(codes.iter().all(|c| *c == Some(4408)), "close codes: {codes:?}");
        assert!(peak - base < 80 * 1024, "20 silent readers took the server from {base} KiB to {peak} KiB");
        assert!(bytes > 1024 * 1024, "the readers were sent something: {bytes} bytes");
        assert_eq!(slow_clients(&server).await, 20);
    });
}

/// `worlds_slow_clients_total` from the server's metrics.
async fn slow_clients(server: &Server) -> u64 {
    let (status, metrics) = server.api.request("GET", "/metrics", None, None).await.unwrap();
    assert_eq!(status, 200);
    let slow = metrics.as_str().unwrap().lines().find_map(|l| l.strip_prefix("worlds_slow_clients_total ")).unwrap();
    slow.parse().unwrap()
}

#[test]
fn a_second_server_on_one_sqlite_file_refuses_to_start_and_says_why() {
    let db = sqlite_database(&dir());
    let first = Server::start(&db);
    let Err((status, log)) = Server::try_start(&db, &[]) else { panic!("a second server started on {db}") };
    assert!(!status.success());
    let file = db.trim_start_matches("sqlite://").split('?').next().unwrap();
    assert!(
        log.contains(&format!("worlds: the server of process {} is using the database {file}", first.pid())),
        "{log}"
    );
    first.kill();
    // SIGKILL leaves no lock behind: the operating system released it with the process.
    Server::start(&db).kill();
}

/// A measurement, not a check: 998 spectators join one match (a thousand connections with its players) while a player of another
/// match acts; the server's memory and that player's send → ack latency. (Each join used to send
/// a `state` to every connection of the match: 152 MB, and 3.3 s for the other match.)
/// `WORLDS_SERVE_BIN=target/release/worlds cargo test -p worlds --test main hostile::a_thousand -- --ignored --nocapture`
#[test]
#[ignore = "a measurement; run it by name with --ignored --nocapture"]
fn a_thousand_spectators_joining() {
    runtime().block_on(async {
        let server = Server::start_with(
            &sqlite_database(&dir()),
            &["--connections-per-address", "0", "--matches-per-minute", "0"],
        );
        let api = server.api.clone();
        let watched = api
            .create(&json!({"game": "world-war-5", "players": 2, "seats": ["human", "human"]}))
            .await
            .unwrap();
        let (_p1, _) = worlds_server::client::Conn::join(&api, &watched.invites[0].token, None).await.unwrap();
        let (_p2, _) = worlds_server::client::Conn::join(&api, &watched.invites[1].token, None).await.unwrap();
        let other = api.create(&json!({"game": "connect-four", "seats": ["human", "random"]})).await.unwrap();
        let (mut player, _) = worlds_server::client::Conn::join(&api, &other.invites[0].token, None).await.unwrap();
        let base = server.rss_kib();
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let flag = stop.clone();
        let latencies = tokio::spawn(async move {
            let mut rng = worlds_engine::SeededRng::new(1);
            let mut out = Vec::new();
            let mut id = 0;
            while !flag.load(std::sync::atomic::Ordering::Relaxed) {
                let state = player.state().await.unwrap();
                if state["status"] == "finished" {
                    break;
                }
                let Some(pick) = worlds_server::client::random_legal(&state, &mut rng) else { continue };
                let text = pick["text"].as_str().unwrap().to_owned();
                id += 1;
                let sent = Instant::now();
                player.act(id, &text).await.unwrap();
                out.push(sent.elapsed());
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            out
        });
        let started = Instant::now();
        let mut watchers = Vec::new();
        // With its two players, the match holds as many connections as a match takes (1,000).
        for _ in 0..998 {
            let (mut w, _) = worlds_server::client::Conn::join(&api, &watched.spectator.token, None).await.unwrap();
            w.state().await.unwrap();
            watchers.push(w);
        }
        let joined = started.elapsed();
        let peak = server.rss_kib();
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        let mut latencies = latencies.await.unwrap();
        latencies.sort();
        let p99 = latencies.get(latencies.len() * 99 / 100).copied().unwrap_or_default();
        let max = latencies.last().copied().unwrap_or_default();
        eprintln!(
            "998 spectators joined in {joined:.1?}: RSS {} MB before, {} MB after; the other match's acks: {} sent, p99 {p99:.1?}, max {max:.1?}",
            base / 1024,
            peak / 1024,
            latencies.len()
        );
    });
}
