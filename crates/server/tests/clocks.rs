//! Clocks, takeover by a bot, forfeits, and two servers writing one match.

use serde_json::json;
use worlds_server::client::{Conn, play_random};

use crate::support::{databases, start};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_out_of_time_is_taken_over_by_the_bot_the_match_allows() {
    for db in databases().await {
        let (server, api) = start(&db).await;
        let created = api
            .create(&json!({"game": "tic-tac-toe", "seats": ["human", "random"], "seed": 2,
                "settings": {"clock": {"bank_ms": 300, "increment_ms": 50}, "takeover": "random"}}))
            .await
            .unwrap();
        let (mut conn, _) = Conn::join(&api, &created.invites[0].token, None).await.unwrap();
        let first = conn.state().await.unwrap();
        assert_eq!(first["clocks"][0]["remaining_ms"].as_u64().map(|ms| ms <= 300), Some(true), "{first}");
        assert_eq!(first["clocks"][0]["running"], true);
        assert_eq!(first["clocks"][1], json!({"seat": 1, "remaining_ms": 300, "running": false}));
        // The human never moves: a random bot takes the seat over and the match ends.
        let end = conn.until(|m| m["type"] == "state" && m["status"] == "finished").await.unwrap();
        assert_eq!(end["seats"][0]["kind"], "bot", "{}: {end}", db.label);
        assert_eq!(end["seats"][0]["bot"], "random");
        assert!(end["outcome"]["ranks"].is_array());
        assert_eq!(end.get("result"), Some(&json!({"outcome": end["outcome"]})));
        server.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_takeover_a_seat_out_of_time_forfeits() {
    for db in databases().await {
        let (server, api) = start(&db).await;
        let created = api
            .create(&json!({"game": "tic-tac-toe", "seats": ["human", "human"], "seed": 2, "settings": {"clock": {"bank_ms": 400}}}))
            .await
            .unwrap();
        let (mut p1, _) = Conn::join(&api, &created.invites[0].token, None).await.unwrap();
        let (mut p2, _) = Conn::join(&api, &created.invites[1].token, None).await.unwrap();
        assert_eq!(
            p1.until(|m| m["type"] == "state" && m["status"] == "playing").await.unwrap()["clocks"][0]["running"],
            true
        );
        assert_eq!(p1.act(1, "b2").await.unwrap()["type"], "ack");
        let end = p2.until(|m| m["type"] == "state" && m["status"] == "finished").await.unwrap();
        assert_eq!(end["result"], json!({"forfeit": 1, "reason": "time"}), "{}: {end}", db.label);
        assert_eq!(end["step"], 1);
        assert_eq!(p2.act(2, "a1").await.unwrap()["kind"], "game_over");
        server.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_disconnected_past_the_limit_is_taken_over() {
    let db = databases().await.remove(0);
    let (server, api) = start(&db).await;
    let created = api
        .create(&json!({"game": "tic-tac-toe", "seats": ["human", "human"], "seed": 2,
            "settings": {"disconnect_limit_s": 1, "takeover": "random"}}))
        .await
        .unwrap();
    let (mut p1, _) = Conn::join(&api, &created.invites[0].token, None).await.unwrap();
    let (p2, _) = Conn::join(&api, &created.invites[1].token, None).await.unwrap();
    p2.close().await;
    let (end, _) = play_random(&mut p1, 9).await.unwrap();
    assert_eq!(end["seats"][1]["kind"], "bot", "{end}");
    assert!(end["outcome"]["ranks"].is_array());
    server.shutdown().await;
}

/// Two servers on one PostgreSQL database and a tic-tac-toe match created on the first: seat 0
/// joined on the first (`a`), seat 1 on the second (`b`).
struct Split {
    one: worlds_server::Running,
    two: worlds_server::Running,
    a: Conn,
    b: Conn,
}

async fn split_match(db: &crate::support::Db, seed: u64) -> Split {
    let (one, api_one) = start(db).await;
    let (two, api_two) = start(db).await;
    let created =
        api_one.create(&json!({"game": "tic-tac-toe", "seats": ["human", "human"], "seed": seed})).await.unwrap();
    let (a, _) = Conn::join(&api_one, &created.invites[0].token, None).await.unwrap();
    let (b, _) = Conn::join(&api_two, &created.invites[1].token, None).await.unwrap();
    Split { one, two, a, b }
}

/// Another writer of the database (a second server on PostgreSQL, before its change is heard of)
/// stores a step first: the server's write of that step fails on the (match, seq) key, and the
/// player gets a conflict after the match has been read again; the match goes on. The other
/// writer here is a store on the server's SQLite file, where nothing is announced, so the server
/// is sure to be behind.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_step_another_writer_stored_first_is_a_conflict_and_the_match_is_reloaded() {
    let db = databases().await.remove(0);
    let (server, api) = start(&db).await;
    let created = api.create(&json!({"game": "tic-tac-toe", "seats": ["human", "human"], "seed": 4})).await.unwrap();
    let (mut a, _) = Conn::join(&api, &created.invites[0].token, None).await.unwrap();
    let (mut b, _) = Conn::join(&api, &created.invites[1].token, None).await.unwrap();
    assert_eq!(a.act(1, "b2").await.unwrap()["type"], "ack");
    let other = worlds_server::Store::open(&db.url).await.unwrap();
    let row = worlds_server::store::ActionRow {
        match_id: created.match_id.clone(),
        seq: 1,
        seat: 1,
        action: "a1".into(),
        clocks: None,
    };
    other.append(row).await.unwrap();
    // The server still thinks P2 is to move at step 1; its write of step 1 fails on the key.
    let answer = b.act(2, "c3").await.unwrap();
    assert_eq!(answer["kind"], "conflict", "{answer}");
    assert_eq!(
        answer["message"],
        "another server stored action 1 of this match first; the match is reloaded: look again and retry"
    );
    // The reloaded match reached the connection before the error.
    let reloaded: serde_json::Value = b
        .received
        .iter()
        .rev()
        .map(|t| serde_json::from_str::<serde_json::Value>(t).unwrap())
        .find(|m| m["type"] == "state")
        .unwrap();
    assert_eq!(reloaded["step"], 2);
    assert_eq!(reloaded["turn"]["players"], json!([0]));
    assert_eq!(a.act(4, "c3").await.unwrap()["type"], "ack");
    let log = other.actions_since(&created.match_id, 0).await.unwrap();
    assert_eq!(
        log.iter().map(|r| (r.seq, r.seat, r.action.as_str())).collect::<Vec<_>>(),
        [(0, 0, "b2"), (1, 1, "a1"), (2, 0, "c3")]
    );
    other.close(std::time::Duration::from_secs(5)).await;
    server.shutdown().await;
}

/// Two servers on one PostgreSQL: the players of one match, each connected to a different
/// server, see each other's moves as they are stored, without acting first.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_on_two_servers_see_each_others_moves_at_once() {
    for db in databases().await.into_iter().filter(|db| db.label == "postgres") {
        let Split { one, two, mut a, b, .. } = split_match(&db, 5).await;
        // The claim of seat 1 on server two started the match on server one too.
        let started = a.until(|m| m["type"] == "state" && m["status"] == "playing").await.unwrap();
        assert_eq!(started["turn"]["players"], json!([0]), "{started}");
        let mut conns = [a, b];
        for (step, action) in ["b2", "a1", "c3"].into_iter().enumerate() {
            let [p1, p2] = &mut conns;
            let (mover, watcher) = if step % 2 == 0 { (p1, p2) } else { (p2, p1) };
            assert_eq!(mover.act(step as u64, action).await.unwrap()["type"], "ack");
            let seen = tokio::time::timeout(
                std::time::Duration::from_secs(5),
                watcher.until(|m| m["type"] == "state" && m["step"] == step + 1),
            )
            .await
            .unwrap_or_else(|_| panic!("the other server did not show step {} within 5 s", step + 1))
            .unwrap();
            let next = if step % 2 == 0 { 1 } else { 0 };
            assert_eq!(seen["turn"]["players"], json!([next]), "{seen}");
            let event = watcher.received.iter().rev().find(|t| t.contains(r#""type":"event""#)).unwrap();
            assert!(event.contains(action), "{event}");
        }
        one.shutdown().await;
        two.shutdown().await;
    }
}
