//! What no client may do to the server: requests with numbers that would make it allocate,
//! panic or work without end are refused with a 4xx and the server lives on; idle and half-sent
//! connections are closed; one address cannot hold every connection or create matches without
//! end; waiting matches expire; a spectator's join costs the other connections nothing; a
//! replay is stepped through without replaying the whole match at every step.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use worlds_server::Limits;
use worlds_server::client::{Api, Conn};

use crate::support::{databases, start, start_with};

/// The server still answers.
async fn alive(api: &Api) {
    let (status, body) = api.request("GET", "/healthz", None, None).await.unwrap();
    assert_eq!((status, body), (200, json!({"status": "ok"})));
}

async fn refused(api: &Api, body: Value) -> (u16, String, String) {
    let (status, answer) = api.request("POST", "/api/matches", Some(&body), None).await.unwrap();
    let kind = answer["error"]["kind"].as_str().unwrap_or_default().to_owned();
    let message = answer["error"]["message"].as_str().unwrap_or_default().to_owned();
    (status, kind, message)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn numbers_out_of_range_are_refused_before_anything_is_built_from_them() {
    let db = databases().await.remove(0);
    let (server, api) = start(&db).await;
    let cases = [
        // The server allocated a seat per player, and aborted.
        (
            json!({"game": "woobieworld", "players": 10_000_000_000u64}),
            "bad_config",
            "woobieworld is for 2–6 players, not 10000000000",
        ),
        (json!({"game": "tic-tac-toe", "players": 0}), "bad_config", "tic-tac-toe is for 2 players, not 0"),
        // The match's task panicked on every start ("overflow when adding duration to instant").
        (
            json!({"game": "tic-tac-toe", "seats": ["human", "human"], "settings": {"disconnect_limit_s": 1u64 << 63}}),
            "bad_request",
            "`settings.disconnect_limit_s`: from 1 to 2592000 (30 days), not 9223372036854775808",
        ),
        (
            json!({"game": "tic-tac-toe", "settings": {"clock": {"bank_ms": u64::MAX}}}),
            "bad_request",
            "`settings.clock.bank_ms`: from 1 to 2592000000 (30 days), not 18446744073709551615",
        ),
        (
            json!({"game": "tic-tac-toe", "settings": {"clock": {"bank_ms": 0}}}),
            "bad_request",
            "`settings.clock.bank_ms`: from 1 to 2592000000 (30 days), not 0",
        ),
        (
            json!({"game": "tic-tac-toe", "settings": {"clock": {"bank_ms": 1000, "increment_ms": u64::MAX}}}),
            "bad_request",
            "`settings.clock.increment_ms`: from 0 to 2592000000 (30 days), not 18446744073709551615",
        ),
        // Bots that would think for an hour on 256 threads, or search without end.
        (
            json!({"game": "tic-tac-toe", "seats": ["human", "mcts:3600s:threads=256"]}),
            "bad_agent",
            "`seats[1]`: bad agent `mcts:3600s:threads=256`: a bot thinks at most 5000 ms a decision on this server",
        ),
        (
            json!({"game": "tic-tac-toe", "seats": ["human", "mcts:1s:threads=256"]}),
            "bad_agent",
            "`seats[1]`: bad agent `mcts:1s:threads=256`: a bot searches on at most 2 threads on this server",
        ),
        (
            json!({"game": "tic-tac-toe", "seats": ["human", "ismcts:4000000000"]}),
            "bad_agent",
            "`seats[1]`: bad agent `ismcts:4000000000`: 4000000000 iterations: at most 1000000 (or a time, at most an hour, e.g. 2s) (or `human`)",
        ),
        (
            json!({"game": "tic-tac-toe", "seats": ["human", "human"], "settings": {"takeover": "mcts:3600s:threads=256"}}),
            "bad_agent",
            "`settings.takeover`: bad agent `mcts:3600s:threads=256`: a bot thinks at most 5000 ms a decision on this server",
        ),
    ];
    for (body, kind, message) in cases {
        let (status, got_kind, got) = refused(&api, body.clone()).await;
        assert_eq!((status, got_kind.as_str(), got.as_str()), (400, kind, message), "{body}");
        alive(&api).await;
    }
    // Within the policy: accepted.
    let ok = json!({"game": "tic-tac-toe", "seats": ["human", "mcts:200ms:threads=2"], "settings": {"takeover": "ismcts:500"}});
    assert_eq!(api.request("POST", "/api/matches", Some(&ok), None).await.unwrap().0, 201);
    server.shutdown().await;
}

/// A match stored with settings out of range (before ranges were checked) still loads and plays:
/// its task no longer panics at every start.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_stored_with_settings_out_of_range_still_loads_and_plays() {
    let db = databases().await.remove(0);
    let store = worlds_server::Store::open(&db.url).await.unwrap();
    let token = worlds_server::token::new_token();
    let row = worlds_server::store::MatchRow {
        id: "old0000000000001".into(),
        game: "tic-tac-toe".into(),
        config: r#"{"players":2}"#.into(),
        seed: 1,
        seats: r#"[{"kind":"human"},{"kind":"bot","spec":"random"}]"#.into(),
        settings: format!(r#"{{"disconnect_limit_s":{},"clock":{{"bank_ms":{}}}}}"#, u64::MAX, u64::MAX),
        status: "playing".into(),
        result: None,
        created_by: None,
        created_at: 0,
    };
    store.create_match(&row, &[(worlds_server::token::hash(&token), Some(0))]).await.unwrap();
    store.close(Duration::from_secs(5)).await;
    let (server, api) = start(&db).await;
    let (mut conn, welcome) = Conn::join(&api, &token, None).await.unwrap();
    assert_eq!(welcome["status"], "playing");
    let (end, made) = worlds_server::client::play_random(&mut conn, 3).await.unwrap();
    assert!(made > 0 && end["outcome"]["ranks"].is_array(), "{end}");
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_frame_counts_against_the_rate_and_seats_are_named_without_wrapping() {
    let db = databases().await.remove(0);
    let limits = Limits { messages_per_second: 5, burst: 5, ..Limits::default() };
    let (server, api) = start_with(&db, limits).await;
    let created = api.create(&json!({"game": "tic-tac-toe", "seats": ["human", "human"]})).await.unwrap();
    let token = &created.invites[0].token;
    let (mut p1, _) = Conn::join(&api, token, None).await.unwrap();
    // Binary frames and second joins used to skip the limiter.
    for i in 0..8 {
        let frame = if i % 2 == 0 {
            Message::Binary(vec![0; 8].into())
        } else {
            Message::Text(json!({"type": "join", "token": token}).to_string().into())
        };
        p1.send_raw(frame).await.unwrap();
    }
    let mut kinds = Vec::new();
    while kinds.len() < 8 {
        let m = p1.next().await.unwrap();
        if m["type"] == "error" {
            kinds.push(m["kind"].as_str().unwrap().to_owned());
        }
    }
    assert_eq!(kinds.iter().filter(|k| *k == "rate_limited").count(), 3, "{kinds:?}");
    assert_eq!(kinds.iter().filter(|k| *k == "bad_request").count(), 5, "{kinds:?}");
    tokio::time::sleep(Duration::from_millis(1200)).await;
    // A seat number past every match's: named as given, not wrapped to P0.
    p1.send(&json!({"type": "act", "id": 1, "action": "b2", "seat": u64::MAX})).await.unwrap();
    let refused = p1.until(|m| m["type"] == "error").await.unwrap();
    assert_eq!(refused["message"], "this link is for P1; it cannot act for seat 18446744073709551615");
    alive(&api).await;
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn player_names_refuse_direction_and_invisible_marks() {
    let db = databases().await.remove(0);
    let (server, api) = start(&db).await;
    for name in ["Ada\u{202E}nimda", "\u{2066}Bob", "Ca\u{200B}rl", "\u{FEFF}Dee", "Eve\u{061C}"] {
        let (status, body) = api.request("POST", "/api/players", Some(&json!({"name": name})), None).await.unwrap();
        assert_eq!(status, 400, "{name:?}: {body}");
        assert_eq!(
            body["error"]["message"],
            "`name`: 1 to 40 printable characters (no control characters, no invisible or direction marks)"
        );
    }
    let (status, body) = api.request("POST", "/api/players", Some(&json!({"name": "Zoë 李"})), None).await.unwrap();
    assert_eq!((status, &body["name"]), (201, &json!("Zoë 李")));
    server.shutdown().await;
}

/// A page of another site that made its own name point at this server (DNS rebinding) sends an
/// Origin equal to the Host it asks for: refused unless --allow-origin names it. A Host that is
/// an address (or `localhost`) cannot be another site's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_of_a_name_pointed_at_the_server_may_not_open_games() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let db = databases().await.remove(0);
    let limits = Limits { allowed_origins: vec!["http://worlds.example:8080".into()], ..Limits::default() };
    let (server, api) = start_with(&db, limits).await;
    let upgrade = |host: &str, origin: &str| {
        let mut request = api.ws_url().into_client_request().unwrap();
        request.headers_mut().insert("host", host.parse().unwrap());
        request.headers_mut().insert("origin", origin.parse().unwrap());
        request
    };
    let port = server.addr.port();
    for (host, origin, ok) in [
        (format!("evil.example:{port}"), format!("http://evil.example:{port}"), false),
        (format!("127.0.0.1:{port}"), format!("http://127.0.0.1:{port}"), true),
        (format!("localhost:{port}"), format!("http://localhost:{port}"), true),
        ("worlds.example:8080".to_owned(), "http://worlds.example:8080".to_owned(), true),
    ] {
        let result = tokio_tungstenite::connect_async(upgrade(&host, &origin)).await;
        assert_eq!(result.is_ok(), ok, "{host} {origin}: {:?}", result.err());
        if let Err(e) = result {
            assert!(e.to_string().contains("403"), "{e}");
        }
    }
    server.shutdown().await;
}

/// A connection from `from` (a loopback address of its own), not yet sending anything.
async fn connect_from(from: IpAddr, to: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(from, 0)).unwrap();
    socket.connect(to).await.unwrap()
}

/// Whether the server closed `stream` within `limit` (it reads the end of the stream).
async fn closed_within(stream: &mut TcpStream, limit: Duration) -> bool {
    let mut buf = [0u8; 1024];
    let until = tokio::time::Instant::now() + limit;
    loop {
        match tokio::time::timeout_at(until, stream.read(&mut buf)).await {
            Ok(Ok(0) | Err(_)) => return true,
            Ok(Ok(_)) => {}
            Err(_) => return false,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_and_half_sent_requests_are_closed_and_one_address_cannot_take_every_connection() {
    let db = databases().await.remove(0);
    let limits =
        Limits { header_timeout: Duration::from_secs(1), max_connections_per_address: 50, ..Limits::default() };
    let (server, api) = start_with(&db, limits).await;
    // Silence: closed once the time for a request's headers has passed.
    let mut idle = TcpStream::connect(server.addr).await.unwrap();
    assert!(closed_within(&mut idle, Duration::from_secs(3)).await, "an idle connection stays open");
    // Slowloris: a header line every 300 ms never finishes the request in time.
    let mut slow = TcpStream::connect(server.addr).await.unwrap();
    slow.write_all(b"GET /healthz HTTP/1.1\r\n").await.unwrap();
    let dripping = async {
        for i in 0..20 {
            if slow.write_all(format!("X-Drip-{i}: 1\r\n").as_bytes()).await.is_err() {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
        false
    };
    assert!(
        tokio::time::timeout(Duration::from_secs(10), dripping).await.unwrap_or(false) || {
            closed_within(&mut slow, Duration::from_secs(1)).await
        }
    );
    // A keep-alive connection idle after its answer is closed too.
    let mut kept = TcpStream::connect(server.addr).await.unwrap();
    kept.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
    assert!(closed_within(&mut kept, Duration::from_secs(3)).await, "an idle keep-alive connection stays open");
    // Another address holds as many idle connections as it may, and more: the rest are refused at
    // once, and this address is served as before.
    let other: IpAddr = "127.0.0.2".parse().unwrap();
    let mut held = Vec::new();
    for _ in 0..50 {
        held.push(connect_from(other, server.addr).await);
    }
    let mut extra = connect_from(other, server.addr).await;
    assert!(closed_within(&mut extra, Duration::from_millis(500)).await, "a 51st connection of one address was kept");
    alive(&api).await;
    drop(held);
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_creates_matches_at_a_limited_rate() {
    let db = databases().await.remove(0);
    let limits = Limits { matches_per_minute: 3, matches_burst: 3, ..Limits::default() };
    let (server, api) = start_with(&db, limits).await;
    let body = json!({"game": "tic-tac-toe"});
    for _ in 0..3 {
        assert_eq!(api.request("POST", "/api/matches", Some(&body), None).await.unwrap().0, 201);
    }
    // A mistake costs no creation.
    assert_eq!(refused(&api, json!({"game": "chess"})).await.0, 400);
    let (status, answer) = api.request("POST", "/api/matches", Some(&body), None).await.unwrap();
    assert_eq!((status, &answer["error"]["kind"]), (429, &json!("rate_limited")), "{answer}");
    let wait = answer["error"]["retry_after_ms"].as_u64().unwrap();
    assert!((1..=20_000).contains(&wait), "{answer}");
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(message.starts_with("more than 3 new matches a minute from your address: wait "), "{message}");
    // Another address is not held back.
    let other = reqwest::Client::builder().local_address("127.0.0.2".parse::<IpAddr>().unwrap()).build().unwrap();
    let response = other.post(format!("{}/api/matches", api.base)).json(&body).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 201);
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_waiting_for_players_past_its_expiry_ends_unplayed() {
    let db = databases().await.remove(0);
    let limits = Limits { waiting_expiry: Duration::from_secs(1), ..Limits::default() };
    let (server, api) = start_with(&db, limits.clone()).await;
    // One seat joined, the other never: the match ends while the first player watches.
    let created = api.create(&json!({"game": "tic-tac-toe", "seats": ["human", "human"]})).await.unwrap();
    let (mut p1, welcome) = Conn::join(&api, &created.invites[0].token, None).await.unwrap();
    assert_eq!(welcome["status"], "waiting");
    let end = p1.until(|m| m["type"] == "state" && m["status"] == "finished").await.unwrap();
    assert_eq!(end["result"], json!({"expired": true}), "{end}");
    // A match nobody opened: ended by the server's sweep at its next start.
    let unopened = api.create(&json!({"game": "tic-tac-toe", "seats": ["human", "human"]})).await.unwrap();
    server.shutdown().await;
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let (server, _) = start_with(&db, limits).await;
    let store = &server.shared.store;
    let mut status = String::new();
    for _ in 0..50 {
        status = store.match_row(&unopened.match_id).await.unwrap().unwrap().status;
        if status == "finished" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let row = store.match_row(&unopened.match_id).await.unwrap().unwrap();
    assert_eq!((status.as_str(), row.result.as_deref()), ("finished", Some(r#"{"expired":true}"#)));
    server.shutdown().await;
}

/// Spectators joining cost the other connections nothing: only a seat's coming or going (its
/// `connected` changes) sends the others a `state`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectators_join_sends_nothing_to_the_other_connections() {
    let db = databases().await.remove(0);
    let (server, api) = start(&db).await;
    let created = api.create(&json!({"game": "world-war-5", "players": 2, "seats": ["human", "human"]})).await.unwrap();
    let (mut p1, _) = Conn::join(&api, &created.invites[0].token, None).await.unwrap();
    let (p2, _) = Conn::join(&api, &created.invites[1].token, None).await.unwrap();
    p1.until(|m| m["type"] == "state" && m["seats"][1]["connected"] == true).await.unwrap();
    let mut watchers = Vec::new();
    for _ in 0..40 {
        let (mut w, _) = Conn::join(&api, &created.spectator.token, None).await.unwrap();
        assert_eq!(w.state().await.unwrap()["status"], "playing");
        watchers.push(w);
    }
    for w in watchers {
        w.close().await;
    }
    // P2 leaves: that is news to P1.
    p2.close().await;
    let next = p1.next().await.unwrap();
    assert_eq!((next["type"].as_str(), &next["seats"][1]["connected"]), (Some("state"), &json!(false)), "{next}");
    server.shutdown().await;
}

/// A finished match with nobody watching leaves memory: a server that has held thousands of
/// matches holds none of them once they are over.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_matches_leave_memory() {
    let db = databases().await.remove(0);
    let (server, api) = start(&db).await;
    for seed in 0..20 {
        api.create(&json!({"game": "tic-tac-toe", "seats": ["random", "random"], "seed": seed})).await.unwrap();
    }
    let mut live = usize::MAX;
    for _ in 0..100 {
        live = server.shared.live_matches().await;
        if live == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(live, 0, "finished matches still in memory");
    server.shutdown().await;
}

/// Stepping through a finished match replays it once, not once per step.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_steps_are_served_from_kept_positions() {
    let db = databases().await.remove(0);
    let (server, api) = start(&db).await;
    // The first seed of a long match (the bots' matches are a few dozen to a few hundred steps).
    let mut long = None;
    for seed in 1..50 {
        let request = json!({"game": "woobieworld", "players": 2, "seats": ["random", "random"], "seed": seed});
        let created = api.create(&request).await.unwrap();
        let (mut watcher, _) = Conn::join(&api, &created.spectator.token, None).await.unwrap();
        let end = watcher.until(|m| m["type"] == "state" && m["status"] == "finished").await.unwrap();
        let steps = end["step"].as_u64().unwrap();
        if steps > 100 {
            long = Some((created, steps));
            break;
        }
    }
    let (created, steps) = long.expect("a match of more than 100 steps");
    let applied = || async {
        let (_, text) = api.request("GET", "/metrics", None, None).await.unwrap();
        let text = text.as_str().unwrap().to_owned();
        text.lines()
            .find_map(|l| l.strip_prefix("worlds_replay_actions_applied_total "))
            .unwrap()
            .parse::<u64>()
            .unwrap()
    };
    let before = applied().await;
    let token = &created.spectator.token;
    for _ in 0..10 {
        let (status, frame) = api
            .request("GET", &format!("/api/matches/{}/replay/{steps}", created.match_id), None, Some(token))
            .await
            .unwrap();
        assert_eq!((status, frame["steps"].as_u64()), (200, Some(steps)));
    }
    // Built once (every action), then at most 32 actions a step: not the whole match ten times.
    let work = applied().await - before;
    assert!(work <= steps + 10 * 32, "{work} actions replayed for ten steps of a {steps}-step match");
    server.shutdown().await;
}

/// An SQLite file is one server's: a second one refuses to start, saying why, while the first
/// runs; once the first has stopped, it starts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_server_on_one_sqlite_file_refuses_to_start() {
    let db = databases().await.remove(0);
    let (first, _) = start(&db).await;
    let config = worlds_server::ServerConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        database: db.url.clone(),
        limits: Limits::default(),
    };
    let refused = worlds_server::start(config.clone()).await.unwrap_err().to_string();
    let file = db.file.as_ref().unwrap().display().to_string();
    assert!(
        refused.starts_with(&format!("the server of process {} is using the database {file}", std::process::id())),
        "{refused}"
    );
    assert!(refused.ends_with("several servers share a database on PostgreSQL only"), "{refused}");
    first.shutdown().await;
    let second = worlds_server::start(config).await.unwrap();
    second.shutdown().await;
}

/// A database that does not take writes (here an SQLite file opened read-only) is refused at
/// start, instead of a server that then answers every request with an error.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_that_takes_no_writes_is_refused_at_start() {
    let db = databases().await.remove(0);
    let (server, _) = start(&db).await;
    server.shutdown().await;
    let read_only = db.url.replace("mode=rwc", "mode=ro");
    let config = worlds_server::ServerConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        database: read_only,
        limits: Limits::default(),
    };
    let refused = worlds_server::start(config).await.unwrap_err().to_string();
    assert!(refused.contains("does not take writes") && refused.contains("readonly"), "{refused}");
    // The database on a file system mounted read-only (where this process may mount one).
    let dir = std::env::temp_dir().join(format!("worlds-read-only-{}", worlds_server::token::short_id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mount =
        |args: &[&str]| std::process::Command::new("mount").args(args).arg(&dir).status().is_ok_and(|s| s.success());
    if !mount(&["-t", "tmpfs", "-o", "size=16m", "worlds-read-only"]) {
        eprintln!("cannot mount a file system here (not root?): the read-only mount is not tried");
        return;
    }
    let url = worlds_server::store::sqlite_url(&dir.join("worlds.sqlite3"));
    let config = worlds_server::ServerConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        database: url,
        limits: Limits::default(),
    };
    worlds_server::start(config.clone()).await.unwrap().shutdown().await;
    assert!(mount(&["-o", "remount,ro"]), "remount read-only");
    let refused = worlds_server::start(config).await.map(|_| ()).unwrap_err().to_string();
    let _ = std::process::Command::new("umount").arg("-l").arg(&dir).status();
    eprintln!("on a read-only file system: {refused}");
    assert!(refused.contains("Read-only file system") || refused.contains("readonly"), "{refused}");
}

/// A WebSocket counts against its address's connections for as long as it is open (its upgrade
/// does not free the place).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_websockets_count_against_their_address() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let db = databases().await.remove(0);
    let limits = Limits { max_connections_per_address: 4, ..Limits::default() };
    let (server, api) = start_with(&db, limits).await;
    let created = api.create(&json!({"game": "tic-tac-toe"})).await.unwrap();
    let other: IpAddr = "127.0.0.2".parse().unwrap();
    let mut sockets = Vec::new();
    for _ in 0..4 {
        let stream = connect_from(other, server.addr).await;
        let request = api.ws_url().into_client_request().unwrap();
        let (mut ws, _) = tokio_tungstenite::client_async(request, stream).await.unwrap();
        ws.send(Message::Text(json!({"type": "join", "token": created.spectator.token}).to_string().into()))
            .await
            .unwrap();
        let welcome = ws.next().await.unwrap().unwrap();
        assert!(welcome.to_string().contains("welcome"), "{welcome}");
        sockets.push(ws);
    }
    let mut fifth = connect_from(other, server.addr).await;
    assert!(closed_within(&mut fifth, Duration::from_millis(500)).await, "a fifth connection was kept");
    let mut ws = sockets.pop().unwrap();
    ws.close(None).await.unwrap();
    while ws.next().await.is_some() {}
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut again = connect_from(other, server.addr).await;
    assert!(!closed_within(&mut again, Duration::from_millis(500)).await, "the freed place was not given back");
    server.shutdown().await;
}

/// A request whose body trickles in is answered 408 once the request has taken too long.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_whose_body_trickles_in_is_answered_408() {
    let db = databases().await.remove(0);
    let limits = Limits { request_timeout: Duration::from_secs(1), ..Limits::default() };
    let (server, _) = start_with(&db, limits).await;
    let mut slow = TcpStream::connect(server.addr).await.unwrap();
    slow.write_all(
        b"POST /api/players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n",
    )
    .await
    .unwrap();
    let started = std::time::Instant::now();
    let trickle = async {
        for _ in 0..30 {
            if slow.write_all(b" ").await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    };
    let _ = tokio::time::timeout(Duration::from_millis(1500), trickle).await;
    let mut answer = vec![0u8; 4096];
    let n = tokio::time::timeout(Duration::from_secs(3), slow.read(&mut answer)).await.unwrap().unwrap();
    let answer = String::from_utf8_lossy(&answer[..n]);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(3));
    server.shutdown().await;
}

/// A match holds so many connections; the next join is refused, and the match is unharmed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_holds_a_limited_number_of_connections() {
    let db = databases().await.remove(0);
    let limits = Limits { max_match_connections: 3, ..Limits::default() };
    let (server, api) = start_with(&db, limits).await;
    let created = api.create(&json!({"game": "tic-tac-toe"})).await.unwrap();
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(Conn::join(&api, &created.spectator.token, None).await.unwrap().0);
    }
    let refused = Conn::join(&api, &created.spectator.token, None).await.unwrap_err().to_string();
    assert!(refused.contains(r#""kind":"unavailable""#), "{refused}");
    assert!(refused.contains("this match has 3 connections, as many as it takes: try again later"), "{refused}");
    held.pop().unwrap().close().await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(Conn::join(&api, &created.spectator.token, None).await.is_ok());
    server.shutdown().await;
}

/// A match waiting for players with nobody connected leaves memory, and comes back when opened.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_waiting_match_with_nobody_there_leaves_memory_until_opened() {
    let db = databases().await.remove(0);
    let limits = Limits { idle_waiting: Duration::from_millis(300), ..Limits::default() };
    let (server, api) = start_with(&db, limits).await;
    let created = api.create(&json!({"game": "tic-tac-toe", "seats": ["human", "human"]})).await.unwrap();
    assert_eq!(server.shared.live_matches().await, 1);
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(server.shared.live_matches().await, 0);
    let (_conn, welcome) = Conn::join(&api, &created.invites[0].token, None).await.unwrap();
    assert_eq!(welcome["status"], "waiting");
    assert_eq!(server.shared.live_matches().await, 1);
    server.shutdown().await;
}
