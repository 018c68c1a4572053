//! The security cases: tokens, seats, turns, finished matches, frames, rate, Origin, errors.

use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use worlds_server::Limits;
use worlds_server::client::{Api, Conn, play_random};
use worlds_server::error::{Kind, ServerError};

use crate::support::{databases, start, start_with};

async fn ttt(api: &Api) -> worlds_server::protocol::Created {
    api.create(&json!({"game": "tic-tac-toe", "seats": ["human", "human"], "seed": 5})).await.unwrap()
}

/// The step and state a connection sees now (after its pending messages).
async fn step_of(conn: &mut Conn) -> u64 {
    conn.state().await.unwrap()["step"].as_u64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_are_128_random_bits_stored_only_as_hashes() {
    for db in databases().await {
        let (server, api) = start(&db).await;
        let created = ttt(&api).await;
        let tokens: Vec<&str> =
            created.invites.iter().map(|i| i.token.as_str()).chain([created.spectator.token.as_str()]).collect();
        for t in &tokens {
            assert!(worlds_server::token::well_formed(t), "{t}: 32 hex digits");
            assert!(created.invites.iter().all(|i| i.url.ends_with(&format!("#{}", i.token))));
        }
        let mut distinct = tokens.clone();
        distinct.dedup();
        assert_eq!(distinct.len(), 3);
        let store = worlds_server::Store::open(&db.url).await.unwrap();
        for (i, t) in tokens.iter().enumerate() {
            let found = store.token(&worlds_server::token::hash(t)).await.unwrap().unwrap();
            assert_eq!(found.seat, if i < 2 { Some(i) } else { None });
            assert!(store.token(t).await.unwrap().is_none(), "a token is not a key: only its hash is");
        }
        if let Some(file) = &db.file {
            server.shutdown().await;
            let mut bytes = std::fs::read(file).unwrap();
            let wal = file.with_extension("sqlite3-wal");
            bytes.extend(std::fs::read(&wal).unwrap_or_default());
            for t in &tokens {
                assert!(!bytes.windows(32).any(|w| w == t.as_bytes()), "the token {t} is in the database file");
            }
        } else {
            server.shutdown().await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_acts_only_for_its_seat_in_turn_in_a_live_match() {
    for db in databases().await {
        let (server, api) = start(&db).await;
        let created = ttt(&api).await;
        let (mut p1, _) = Conn::join(&api, &created.invites[0].token, None).await.unwrap();
        let (mut p2, _) = Conn::join(&api, &created.invites[1].token, None).await.unwrap();
        let (mut watcher, _) = Conn::join(&api, &created.spectator.token, None).await.unwrap();
        let start = step_of(&mut p1).await;
        // Acting for another seat.
        p1.send(&json!({"type": "act", "id": "x", "action": "b2", "seat": 1})).await.unwrap();
        let refused = p1.until(|m| m["type"] == "error").await.unwrap();
        assert_eq!(
            (refused["kind"].as_str(), refused["code"].as_u64(), refused["id"].as_str()),
            (Some("forbidden"), Some(4403), Some("x"))
        );
        assert_eq!(refused["message"], "this link is for P1; it cannot act for P2");
        // Out of turn.
        let refused = p2.act(1, "a1").await.unwrap();
        assert_eq!(
            (refused["kind"].as_str(), refused["code"].as_u64()),
            (Some("not_your_turn"), Some(4409)),
            "{refused}"
        );
        // A spectator.
        let refused = watcher.act(2, "b2").await.unwrap();
        assert_eq!(refused["kind"], "forbidden");
        // Not a legal action, and not an action at all.
        let refused = p1.act(3, "z9").await.unwrap();
        assert_eq!(refused["type"], "error");
        let refused = p1.send(&json!({"type": "act", "id": 4, "index": 999_999})).await;
        refused.unwrap();
        let refused = p1.until(|m| m["type"] == "error" && m["id"] == 4).await.unwrap();
        assert_eq!(refused["kind"], "bad_request", "{refused}");
        // Nothing changed: no ack, no new state, the step is the same for everyone.
        for conn in [&mut p1, &mut p2, &mut watcher] {
            assert!(!conn.received.iter().any(|t| t.contains("\"ack\"")));
        }
        let ack = p1.act(5, "b2").await.unwrap();
        assert_eq!((ack["type"].as_str(), ack["step"].as_u64()), (Some("ack"), Some(start + 1)), "{ack}");
        // Finish the match (P1 b2, then random moves), then act in it.
        let (a, b) = tokio::join!(play_random(&mut p1, 1), play_random(&mut p2, 2));
        a.unwrap();
        b.unwrap();
        let refused = p1.act(6, "a1").await.unwrap();
        assert_eq!((refused["kind"].as_str(), refused["code"].as_u64()), (Some("game_over"), Some(4409)), "{refused}");
        server.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_tokens_are_refused_and_close_the_connection() {
    let db = databases().await.remove(0);
    let (server, api) = start(&db).await;
    for (token, message) in [
        ("nonsense", "a link's token is 32 hex digits (the part after # in the link)"),
        (&*"0".repeat(32), "this link opens no match"),
    ] {
        let mut conn = Conn::open(&api, None).await.unwrap();
        conn.send(&json!({"type": "join", "token": token})).await.unwrap();
        let error = conn.next().await.unwrap();
        assert_eq!((error["kind"].as_str(), error["message"].as_str()), (Some("unauthorized"), Some(message)));
        assert!(conn.next().await.is_err());
        assert_eq!(conn.closed, Some(4401));
    }
    // Acting before joining.
    let mut conn = Conn::open(&api, None).await.unwrap();
    conn.send(&json!({"type": "act", "action": "b2"})).await.unwrap();
    assert_eq!(conn.next().await.unwrap()["message"], "send `join` with your link's token first");
    server.shutdown().await;
    // Silence: the connection is closed once the join timeout has passed, saying why.
    let limits = Limits { join_timeout: std::time::Duration::from_secs(1), ..Limits::default() };
    let (server, api) = start_with(&db, limits).await;
    let mut conn = Conn::open(&api, None).await.unwrap();
    let error = conn.next().await.unwrap();
    assert_eq!(
        error["message"],
        "no `join` within 1 s: open the connection again and send `join` with your link's token"
    );
    assert!(conn.next().await.is_err());
    assert_eq!(conn.closed, Some(4400));
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_frames_get_an_error_and_the_connection_lives() {
    let db = databases().await.remove(0);
    let (server, api) = start(&db).await;
    let created = ttt(&api).await;
    let (mut p1, _) = Conn::join(&api, &created.invites[0].token, None).await.unwrap();
    Conn::join(&api, &created.invites[1].token, None).await.unwrap();
    for (frame, expected) in [
        (
            Message::Text("{not json".into()),
            "the message is not JSON (key must be a string at line 1 column 2); send {\"type\": \"act\", \"action\": \"…\"}",
        ),
        (
            Message::Text(r#"{"type":"act","index":"one"}"#.into()),
            "the message is not valid at `index`: invalid type: string \"one\", expected usize",
        ),
        (
            Message::Text(r#"{"type":"act","actoin":"b2"}"#.into()),
            "the message is not valid at `actoin`: unknown field `actoin`, expected one of `id`, `action`, `index`, `seat`",
        ),
        (Message::Text(r#"{"type":"fly"}"#.into()), "unknown message type `fly`: `join` or `act`"),
        (
            Message::Text(r#"[1]"#.into()),
            "the message has no `type`: `join` or `act`; send {\"type\": \"act\", \"action\": \"…\"}",
        ),
        (Message::Text(r#"{"type":"act"}"#.into()), "give either `action` (notation) or `index` (an action code)"),
        (Message::Binary(vec![1, 2, 3].into()), "send JSON text messages, not binary ones"),
    ] {
        p1.send_raw(frame).await.unwrap();
        let error = p1.until(|m| m["type"] == "error").await.unwrap();
        assert_eq!(
            (error["kind"].as_str(), error["message"].as_str()),
            (Some("bad_request"), Some(expected)),
            "{error}"
        );
    }
    assert_eq!(p1.act(1, "b2").await.unwrap()["type"], "ack");
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frame_over_the_limit_closes_the_connection() {
    let db = databases().await.remove(0);
    let (server, api) = start(&db).await;
    let created = ttt(&api).await;
    let (mut p1, _) = Conn::join(&api, &created.invites[0].token, None).await.unwrap();
    let big = json!({"type": "act", "action": "x".repeat(20_000)});
    p1.send(&big).await.unwrap();
    let end = p1.until(|_| false).await.unwrap_err();
    assert_eq!(p1.closed, Some(1009), "{end}");
    // The match is unharmed.
    let (mut again, _) = Conn::join(&api, &created.invites[0].token, None).await.unwrap();
    assert_eq!(again.state().await.unwrap()["step"], 0);
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_sends_too_fast_is_refused_until_it_slows_down() {
    let db = databases().await.remove(0);
    let limits = Limits { messages_per_second: 5, burst: 5, ..Limits::default() };
    let (server, api) = start_with(&db, limits).await;
    let created = ttt(&api).await;
    let (mut p2, _) = Conn::join(&api, &created.invites[1].token, None).await.unwrap();
    for i in 0..8 {
        p2.send(&json!({"type": "act", "id": i, "action": "a1"})).await.unwrap();
    }
    let mut errors = Vec::new();
    while errors.len() < 8 {
        let m = p2.next().await.unwrap();
        if m["type"] == "error" {
            errors.push(m);
        }
    }
    // The first five reach the match (which is waiting for P1), the rest are refused: each
    // refusal names its request and says how long to wait (a fifth of a second per message).
    let mut limited: Vec<_> = errors.iter().filter(|m| m["kind"] == "rate_limited").collect();
    limited.sort_by_key(|m| m["id"].as_u64());
    assert_eq!(limited.iter().map(|m| m["id"].as_u64().unwrap()).collect::<Vec<_>>(), [5, 6, 7], "{errors:?}");
    for m in &limited {
        let wait = m["retry_after_ms"].as_u64().unwrap();
        assert!((1..=200).contains(&wait), "{m}");
        assert_eq!(m["message"], format!("more than 5 messages a second: wait {wait} ms and send again"));
        assert_eq!(m["code"], 4429);
    }
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(p2.act(9, "a1").await.unwrap()["kind"], "conflict", "the match waits for P1; the connection lives");
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_upgrade_checks_the_origin() {
    let db = databases().await.remove(0);
    let limits = Limits { allowed_origins: vec!["https://friends.example".into()], ..Limits::default() };
    let (server, api) = start_with(&db, limits).await;
    let own = api.base.clone();
    assert!(Conn::open(&api, Some(&own)).await.is_ok());
    assert!(Conn::open(&api, Some("https://friends.example")).await.is_ok());
    assert!(Conn::open(&api, None).await.is_ok(), "programs send no Origin");
    let refused = Conn::open(&api, Some("https://evil.example")).await.unwrap_err().to_string();
    assert!(refused.contains("403"), "{refused}");
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_errors_say_what_was_wrong_and_where() {
    let db = databases().await.remove(0);
    let (server, api) = start(&db).await;
    let cases: Vec<(Value, u16, &str, &str)> = vec![
        (
            json!({"game": "chess"}),
            400,
            "unknown_game",
            "unknown game `chess`; the games are: world-war-5, woobieworld, world-of-dungeons, world-dumbination, bastards-inc, connect-four, tic-tac-toe",
        ),
        (
            json!({"game": "tic-tac-toe", "players": "two"}),
            400,
            "bad_request",
            "the request body is not valid at `players`: invalid type: string \"two\", expected usize at line 1 column 37",
        ),
        (
            json!({"game": "tic-tac-toe", "seats": ["human"]}),
            400,
            "bad_request",
            "`seats`: one entry per player: 1 given for 2 players",
        ),
        (
            json!({"game": "tic-tac-toe", "colour": "red"}),
            400,
            "bad_request",
            "the request body is not valid at `colour`: unknown field `colour`, expected one of `game`, `players`, `variant`, `options`, `seats`, `seed`, `settings` at line 1 column 30",
        ),
        (
            json!({"game": "tic-tac-toe", "settings": {"takeover": "human"}}),
            400,
            "bad_request",
            "`settings.takeover`: a bot spec, not `human`",
        ),
        (
            json!({"game": "woobieworld", "seats": ["human", "human"], "seed": 1}),
            400,
            "bad_request",
            "`seed`: Woobieworld hides cards, and whoever knows the seed knows every deal: leave `seed` out when more than one seat is human",
        ),
    ];
    for (body, status, kind, message) in cases {
        let (got, answer) = api.request("POST", "/api/matches", Some(&body), None).await.unwrap();
        assert_eq!(
            (got, answer["error"]["kind"].as_str(), answer["error"]["message"].as_str()),
            (status, Some(kind), Some(message)),
            "{body}"
        );
    }
    // Replays: only finished matches, only with a token of that match.
    let a = ttt(&api).await;
    let b = ttt(&api).await;
    let (status, answer) = api
        .request("GET", &format!("/api/matches/{}/replay", a.match_id), None, Some(&a.spectator.token))
        .await
        .unwrap();
    assert_eq!((status, answer["error"]["kind"].as_str()), (409, Some("conflict")));
    let (status, _) = api
        .request("GET", &format!("/api/matches/{}/replay", a.match_id), None, Some(&b.spectator.token))
        .await
        .unwrap();
    assert_eq!(status, 403);
    let (status, _) = api.request("GET", &format!("/api/matches/{}/replay", a.match_id), None, None).await.unwrap();
    assert_eq!(status, 401);
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_http_error_is_a_json_error() {
    let db = databases().await.remove(0);
    let (server, api) = start(&db).await;
    // A plain GET of the WebSocket address: axum's reason, as a JSON error. (First: after the 413
    // below the server closes that connection without reading the body, and a request that the
    // client sent on it meanwhile would fail.)
    let (got, answer) = api.request("GET", "/ws", None, None).await.unwrap();
    assert_eq!((got, &answer["error"]["kind"]), (400, &json!("bad_request")), "{answer}");
    assert!(answer["error"]["message"].as_str().unwrap().to_lowercase().contains("upgrade"), "{answer}");
    let big = json!({"game": "x".repeat(70 * 1024)});
    let cases = [
        ("GET", "/nope", None, 404, "not_found", "no such address: the API is under /api/ (see docs/server.md)"),
        ("GET", "/api/matches", None, 405, "method_not_allowed", "this address does not take this method"),
        ("POST", "/api/matches", Some(&big), 413, "too_large", "the request body is over 64 KiB"),
    ];
    for (method, path, body, status, kind, message) in cases {
        let (got, answer) = api.request(method, path, body, None).await.unwrap();
        let code = 4000 + u64::from(status);
        assert_eq!(
            (got, answer),
            (status, json!({"error": {"kind": kind, "code": code, "message": message}})),
            "{method} {path}"
        );
    }
    server.shutdown().await;
}

#[test]
fn error_kinds_map_to_statuses_and_websocket_codes_in_one_place() {
    use worlds_engine::ErrorKind as E;
    let table = [
        (Kind::BadRequest, 400, 4400, "bad_request"),
        (Kind::Unauthorized, 401, 4401, "unauthorized"),
        (Kind::Forbidden, 403, 4403, "forbidden"),
        (Kind::NotFound, 404, 4404, "not_found"),
        (Kind::MethodNotAllowed, 405, 4405, "method_not_allowed"),
        (Kind::Conflict, 409, 4409, "conflict"),
        (Kind::TooLarge, 413, 4413, "too_large"),
        (Kind::RateLimited, 429, 4429, "rate_limited"),
        (Kind::Unavailable, 503, 4503, "unavailable"),
        (Kind::Internal, 500, 4500, "internal"),
        (Kind::Engine(E::NotYourTurn), 409, 4409, "not_your_turn"),
        (Kind::Engine(E::GameOver), 409, 4409, "game_over"),
        (Kind::Engine(E::IllegalAction), 422, 4422, "illegal_action"),
        (Kind::Engine(E::BadNotation), 400, 4400, "bad_notation"),
        (Kind::Engine(E::UnknownGame), 400, 4400, "unknown_game"),
    ];
    for (kind, status, code, name) in table {
        assert_eq!((kind.status().as_u16(), kind.ws_code(), kind.as_str()), (status, code, name));
    }
}

#[test]
fn internal_errors_are_logged_never_echoed() {
    let e = ServerError::internal("storing an action", &"disk I/O error at /var/lib/secret.db");
    assert_eq!(e.kind, Kind::Internal);
    assert!(!e.message.contains("disk") && !e.message.contains("secret"), "{}", e.message);
    assert!(e.message.starts_with("internal error ") && e.message.ends_with("; it was logged"), "{}", e.message);
}
