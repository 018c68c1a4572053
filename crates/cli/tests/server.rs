//! `worlds serve` as a process: killed with SIGKILL mid-match and restarted, no acknowledged
//! action is lost; two servers on one PostgreSQL, one killed, the other continues the match.
#![allow(clippy::unwrap_used)]

use std::process::Command;

use serde_json::{Value, json};
use worlds_server::client::{Conn, play_random, random_legal};

use crate::serving::{Server, runtime};

fn databases() -> Vec<String> {
    let mut dbs = vec![crate::serving::sqlite_database(&std::env::temp_dir().join("worlds-cli-server-tests"))];
    dbs.extend(crate::serving::postgres_admin());
    dbs
}

/// Plays `n` random actions for seat 0 against the server's bot; returns the acknowledged
/// actions (step after, text).
async fn play_some(conn: &mut Conn, n: usize, seed: u64) -> Vec<(u64, String)> {
    let mut rng = worlds_engine::SeededRng::new(seed);
    let mut acked = Vec::new();
    while acked.len() < n {
        let state = conn.state().await.unwrap();
        assert_ne!(state["status"], "finished", "the match ended too soon for this test: {state}");
        let Some(pick) = random_legal(&state, &mut rng) else { continue };
        let text = pick["text"].as_str().unwrap().to_owned();
        let answer = conn.act(acked.len() as u64, &text).await.unwrap();
        assert_eq!(answer["type"], "ack", "{answer}");
        acked.push((answer["step"].as_u64().unwrap(), text));
    }
    acked
}

#[test]
fn a_server_killed_mid_match_loses_no_acknowledged_action() {
    for db in databases() {
        runtime().block_on(async {
            let server = Server::start(&db);
            let api = server.api.clone();
            let created = api
                .create(&json!({"game": "world-war-5", "players": 2, "seats": ["human", "random"], "seed": 21}))
                .await
                .unwrap();
            let token = created.invites[0].token.clone();
            let (mut conn, _) = Conn::join(&api, &token, None).await.unwrap();
            let acked = play_some(&mut conn, 12, 1).await;
            let last_seq = conn.last_seq;
            server.kill();
            let server = Server::start(&db);
            let (mut conn, welcome) = Conn::join(&server.api, &token, last_seq).await.unwrap();
            let step = welcome["step"].as_u64().unwrap();
            assert!(
                step >= acked.last().unwrap().0,
                "{db}: the restarted server is at step {step}, before acknowledged actions"
            );
            let (end, _) = play_random(&mut conn, 2).await.unwrap();
            assert_eq!(end["status"], "finished");
            let (status, record) = server
                .api
                .request("GET", &format!("/api/matches/{}/replay", created.match_id), None, Some(&token))
                .await
                .unwrap();
            assert_eq!(status, 200, "{record}");
            let actions = record["actions"].as_array().unwrap();
            for (step, text) in &acked {
                let stored = &actions[*step as usize - 1];
                assert_eq!(
                    (stored["player"].as_u64(), stored["action"].as_str()),
                    (Some(0), Some(text.as_str())),
                    "{db}: step {step}"
                );
            }
            server.kill();
        });
    }
}

#[test]
fn two_servers_on_one_postgres_one_killed_the_other_continues() {
    let Some(pg) = crate::serving::postgres_or_skip() else { return };
    runtime().block_on(async {
        let one = Server::start(&pg);
        let two = Server::start(&pg);
        let created = one
            .api
            .create(&json!({"game": "world-war-5", "players": 2, "seats": ["human", "random"], "seed": 21}))
            .await
            .unwrap();
        let token = created.invites[0].token.clone();
        let (mut conn, _) = Conn::join(&one.api, &token, None).await.unwrap();
        let acked = play_some(&mut conn, 8, 3).await;
        let last_seq = conn.last_seq;
        one.kill();
        let (mut conn, welcome) = Conn::join(&two.api, &token, last_seq).await.unwrap();
        assert!(welcome["step"].as_u64().unwrap() >= acked.last().unwrap().0);
        let (end, made) = play_random(&mut conn, 4).await.unwrap();
        assert!(made > 0);
        assert_eq!(end["status"], "finished");
        let value: Value = end["outcome"].clone();
        assert!(value["ranks"].is_array());
        two.kill();
    });
}

/// `worlds loadtest` against a running server: every action it sends is acknowledged, the
/// server's count of stored actions covers them and the bots' replies, and the figures hold
/// together.
#[test]
fn the_load_test_reports_what_the_server_stored() {
    let db = databases().remove(0);
    // One address creating matches as fast as it can: a load test needs the per-address limits off.
    let server = Server::start_with(&db, &["--matches-per-minute", "0", "--connections-per-address", "0"]);
    let output = Command::new(env!("CARGO_BIN_EXE_worlds"))
        .args(["loadtest", "--url", &server.api.base, "--matches", "4", "--seconds", "1.5", "--think-ms", "2"])
        .args(["--game", "tic-tac-toe", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let report: Value = serde_json::from_slice(&output.stdout).unwrap();
    let acks = report["acks"].as_u64().unwrap();
    let stored = report["stored"].as_u64().unwrap();
    let finished = report["matches_finished"].as_u64().unwrap();
    assert!(acks >= 10, "{report}");
    assert_eq!((report["errors"].as_u64(), report["think_ms"].as_f64()), (Some(0), Some(2.0)), "{report}");
    // Each finished tic-tac-toe match is 5 to 9 actions, the client's and the bot's; every
    // client action acknowledged was stored, and each of them but a match's last drew a reply.
    assert!(stored >= acks + finished.saturating_sub(1) * 2, "{report}");
    assert!(stored <= 2 * acks + 2 * 4, "{report}");
    let (p50, p99) = (report["p50_ms"].as_f64().unwrap(), report["p99_ms"].as_f64().unwrap());
    assert!(p50 > 0.0 && p50 <= p99, "{report}");
    let seconds = report["seconds"].as_f64().unwrap();
    assert!((report["acks_per_second"].as_f64().unwrap() - acks as f64 / seconds).abs() < 1e-6, "{report}");
}

/// Plays seat `seat` of a match at random, an action every `pause`, until `stop`; returns the
/// actions acknowledged and every `state` that showed the match finished.
async fn play_slowly(
    mut conn: Conn,
    seed: u64,
    pause: std::time::Duration,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> (usize, Vec<Value>) {
    let mut rng = worlds_engine::SeededRng::new(seed);
    let (mut acked, mut ends) = (0, Vec::new());
    let mut id = 0;
    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
        let Ok(Ok(state)) = tokio::time::timeout(std::time::Duration::from_millis(500), conn.state()).await else {
            continue;
        };
        if state["status"] == "finished" {
            ends.push(state);
            break;
        }
        let Some(pick) = random_legal(&state, &mut rng) else { continue };
        let text = pick["text"].as_str().unwrap().to_owned();
        tokio::time::sleep(pause).await;
        id += 1;
        let answer = conn.act(id, &text).await.unwrap();
        if answer["type"] == "ack" {
            acked += 1;
        }
    }
    (acked, ends)
}

/// Two servers share PostgreSQL. Players of a match on server A keep playing while server B
/// starts (and, as every server does, loads the matches being played), stops gracefully, starts
/// again and is killed: B sees from the database that A holds their connections, and never
/// forfeits them for being away. (B used to forfeit both 5 s after it started.)
#[test]
fn players_on_one_server_keep_playing_while_another_starts_and_stops() {
    let Some(admin) = crate::serving::postgres_or_skip() else { return };
    runtime().block_on(async {
        let db = crate::serving::postgres_database(&admin).await;
        let a = Server::start(&db);
        let request = json!({"game": "woobieworld", "players": 2, "seats": ["human", "human"],
            "settings": {"disconnect_limit_s": 2}});
        let created = a.api.create(&request).await.unwrap();
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let mut players = Vec::new();
        for (s, invite) in created.invites.iter().enumerate() {
            let (conn, _) = Conn::join(&a.api, &invite.token, None).await.unwrap();
            let pause = std::time::Duration::from_millis(100);
            players.push(tokio::spawn(play_slowly(conn, s as u64, pause, stop.clone())));
        }
        let b = Server::start(&db);
        tokio::time::sleep(std::time::Duration::from_secs(4)).await;
        let (status, _) = b.terminate(std::time::Duration::from_secs(20));
        assert!(status.success());
        let b = Server::start(&db);
        tokio::time::sleep(std::time::Duration::from_secs(4)).await;
        b.kill();
        tokio::time::sleep(std::time::Duration::from_secs(3)).await;
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        for p in players {
            let (acked, ends) = p.await.unwrap();
            assert!(acked > 10, "a player was held back: {acked} actions acknowledged");
            for end in ends {
                assert!(end["result"].get("forfeit").is_none(), "a player on server A was forfeited: {end}");
            }
        }
        let store = worlds_server::Store::open(&db).await.unwrap();
        let row = store.match_row(&created.match_id).await.unwrap().unwrap();
        assert!(row.result.as_deref().is_none_or(|r| !r.contains("forfeit")), "{row:?}");
        a.kill();
    });
}

/// A player whose server is killed has no connection anywhere: once that server's heartbeat is
/// stale, the other server counts the player away, and at the disconnect limit forfeits them.
#[test]
fn a_player_whose_server_was_killed_is_counted_away_by_the_other() {
    let Some(admin) = crate::serving::postgres_or_skip() else { return };
    runtime().block_on(async {
        let db = crate::serving::postgres_database(&admin).await;
        let a = Server::start(&db);
        let b = Server::start(&db);
        let request =
            json!({"game": "connect-four", "seats": ["human", "human"], "settings": {"disconnect_limit_s": 2}});
        let created = a.api.create(&request).await.unwrap();
        let (mut p1, _) = Conn::join(&a.api, &created.invites[0].token, None).await.unwrap();
        let (_p2, _) = Conn::join(&b.api, &created.invites[1].token, None).await.unwrap();
        // P2 is connected (on B) as A sees it.
        p1.until(|m| m["type"] == "state" && m["status"] == "playing" && m["seats"][1]["connected"] == true)
            .await
            .unwrap();
        tokio::time::sleep(std::time::Duration::from_secs(3)).await;
        assert!(!p1.received.iter().any(|m| m.contains("forfeit")), "P2 forfeited while connected on B");
        let killed = std::time::Instant::now();
        b.kill();
        let end = p1.until(|m| m["type"] == "state" && m["status"] == "finished").await.unwrap();
        assert_eq!(end["result"], json!({"forfeit": 1, "reason": "disconnected"}), "{end}");
        // The heartbeat goes stale after 10 s, then the 2 s limit: within 20 s in all.
        assert!(killed.elapsed() < std::time::Duration::from_secs(20), "{:?}", killed.elapsed());
        a.kill();
    });
}
