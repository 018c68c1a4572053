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
    let Some(pg) = std::env::var("WORLDS_TEST_POSTGRES").ok().filter(|u| !u.is_empty()) else {
        eprintln!("WORLDS_TEST_POSTGRES is not set: skipped");
        return;
    };
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
    let server = Server::start(&db);
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
