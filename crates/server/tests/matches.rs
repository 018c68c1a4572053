//! Whole matches: every game between bots and scripted human clients, to the end, and the replay.

use serde_json::{Value, json};
use worlds_server::client::{Conn, play_random};

use crate::support::{assert_no_leak, databases, start};

/// A finished match's replay, checked: it replays to the same end as the clients saw.
async fn fetch_replay(
    api: &worlds_server::client::Api,
    id: &str,
    token: &str,
    final_state: &Value,
) -> worlds_engine::Match {
    let (status, body) = api.request("GET", &format!("/api/matches/{id}/replay"), None, Some(token)).await.unwrap();
    assert_eq!(status, 200, "{body}");
    let record: worlds_engine::Match = serde_json::from_value(body).unwrap();
    let session = worlds_registry::resume(&record).unwrap();
    assert!(session.turn().is_over());
    assert_eq!(serde_json::to_value(session.outcome()).unwrap(), final_state["outcome"]);
    assert_eq!(record.actions.len() as u64, final_state["step"].as_u64().unwrap());
    record
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_plays_to_the_end_between_bots_and_a_scripted_client() {
    for db in databases().await {
        let (server, api) = start(&db).await;
        for info in worlds_registry::games() {
            let players = info.min_players.max(2);
            let seats: Vec<&str> = (0..players).map(|i| if i == 0 { "human" } else { "random" }).collect();
            let created =
                api.create(&json!({"game": info.id, "players": players, "seats": seats, "seed": 7})).await.unwrap();
            assert_eq!(created.invites.len(), 1);
            let (mut watcher, welcome) = Conn::join(&api, &created.spectator.token, None).await.unwrap();
            assert_eq!(welcome["seat"], Value::Null);
            let (mut conn, welcome) = Conn::join(&api, &created.invites[0].token, None).await.unwrap();
            assert_eq!((welcome["seat"].as_u64(), welcome["game"].as_str()), (Some(0), Some(info.id)), "{}", db.label);
            // The spectator reads while the game is played, as a browser does: a game longer than
            // the server's queue for a connection would otherwise leave it too far behind.
            let (played, seen) = tokio::join!(
                play_random(&mut conn, 3),
                watcher.until(|m| m["type"] == "state" && m["status"] == "finished")
            );
            let (last, made) = played.unwrap();
            assert!(made > 0, "{}: the client made no move", info.id);
            assert_eq!(last["status"], "finished");
            assert!(last["outcome"]["ranks"].is_array(), "{}: {last}", info.id);
            let seen = seen.unwrap();
            assert_eq!(seen["outcome"], last["outcome"]);
            let record = fetch_replay(&api, &created.match_id, &created.invites[0].token, &last).await;
            assert_eq!(record.game, info.id);
            assert_eq!(record.seats, seats);
            assert_no_leak(&record, crate::support::viewer(Some(0)), &conn.received);
            assert_no_leak(&record, crate::support::viewer(None), &watcher.received);
        }
        server.shutdown().await;
    }
}

/// The acceptance scenario: create a match, invite a second client, play World War 5 to
/// the end, fetch the replay (which `worlds replay` opens: the same JSON as `worlds play --save`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_clients_play_world_war_5_to_the_end_and_fetch_the_replay() {
    for db in databases().await {
        let (server, api) = start(&db).await;
        let created =
            api.create(&json!({"game": "world-war-5", "players": 2, "seats": ["human", "human"]})).await.unwrap();
        assert_eq!(created.invites.iter().map(|i| i.seat).collect::<Vec<_>>(), [Some(0), Some(1)]);
        let (mut first, _) = Conn::join(&api, &created.invites[0].token, None).await.unwrap();
        let waiting = first.state().await.unwrap();
        assert_eq!(waiting["status"], "waiting", "{}: one seat is unclaimed", db.label);
        let refused = first.act(1, "pass").await.unwrap();
        assert_eq!(refused["kind"], "conflict", "{refused}");
        let (mut second, _) = Conn::join(&api, &created.invites[1].token, None).await.unwrap();
        let (a, b) = tokio::join!(play_random(&mut first, 1), play_random(&mut second, 2));
        let ((end_a, made_a), (end_b, made_b)) = (a.unwrap(), b.unwrap());
        assert!(made_a > 0 && made_b > 0);
        assert_eq!(end_a["outcome"], end_b["outcome"]);
        let record = fetch_replay(&api, &created.match_id, &created.invites[1].token, &end_a).await;
        assert_eq!(record.seats, ["human", "human"]);
        // `worlds replay` reads the file with the same type; the JSON round-trips exactly.
        let text = serde_json::to_string_pretty(&record).unwrap();
        assert_eq!(serde_json::from_str::<worlds_engine::Match>(&text).unwrap(), record);
        server.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_lists_their_open_and_finished_matches() {
    for db in databases().await {
        let (server, api) = start(&db).await;
        let (status, me) = api.request("POST", "/api/players", Some(&json!({"name": "Ada"})), None).await.unwrap();
        assert_eq!(status, 201, "{me}");
        let me_token = me["token"].as_str().unwrap().to_owned();
        let game = json!({"game": "tic-tac-toe", "seats": ["human", "random"], "seed": 1});
        let open = api.create(&game).await.unwrap();
        let done = api.create(&game).await.unwrap();
        for created in [&open, &done] {
            let (status, claimed) = api
                .request("POST", "/api/claim", Some(&json!({"token": created.invites[0].token})), Some(&me_token))
                .await
                .unwrap();
            assert_eq!((status, claimed["seat"].as_u64()), (200, Some(0)), "{claimed}");
        }
        let (mut conn, _) = Conn::join(&api, &done.invites[0].token, None).await.unwrap();
        play_random(&mut conn, 5).await.unwrap();
        let (status, list) = api.request("GET", "/api/players/me/matches", None, Some(&me_token)).await.unwrap();
        assert_eq!(status, 200);
        let ids = |key: &str| {
            list[key].as_array().unwrap().iter().map(|m| m["match"].as_str().unwrap().to_owned()).collect::<Vec<_>>()
        };
        assert_eq!(ids("open"), std::slice::from_ref(&open.match_id), "{}: {list}", db.label);
        assert_eq!(ids("finished"), std::slice::from_ref(&done.match_id));
        assert_eq!(list["finished"][0]["seat"], 0);
        assert!(list["finished"][0]["result"]["outcome"]["ranks"].is_array(), "{list}");
        let (status, _) = api.request("GET", "/api/players/me/matches", None, Some(&"0".repeat(32))).await.unwrap();
        assert_eq!(status, 401);
        server.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_and_metrics_answer() {
    let db = databases().await.remove(0);
    let (server, api) = start(&db).await;
    let (status, body) = api.request("GET", "/healthz", None, None).await.unwrap();
    assert_eq!((status, body), (200, json!({"status": "ok"})));
    let created = api.create(&json!({"game": "tic-tac-toe", "seats": ["human", "random"], "seed": 3})).await.unwrap();
    let (mut conn, _) = Conn::join(&api, &created.invites[0].token, None).await.unwrap();
    let (_, made) = play_random(&mut conn, 1).await.unwrap();
    let (status, metrics) = api.request("GET", "/metrics", None, None).await.unwrap();
    assert_eq!(status, 200);
    let text = metrics.as_str().unwrap();
    let value = |name: &str| -> f64 {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("{name} ")))
            .unwrap_or_else(|| panic!("{name} in {text}"))
            .trim()
            .parse()
            .unwrap()
    };
    // Both seats' actions are stored and counted: the client's and the bot's.
    assert!(value("worlds_actions_total") >= (made * 2 - 1) as f64, "{text}");
    assert_eq!(value("worlds_connections"), 1.0, "{text}");
    // The latency is measured for clients' actions (arrival to acknowledgement).
    assert_eq!(value("worlds_action_latency_seconds_count"), made as f64, "{text}");
    assert!(text.contains("worlds_matches_live"));
    server.shutdown().await;
}

/// A connection that joins with `"scene": true` gets what a browser draws in each `state`, and
/// the elements of each legal action; one that does not gets neither.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_asking_for_scenes_gets_the_board_to_draw() {
    let db = databases().await.remove(0);
    let (server, api) = start(&db).await;
    let created = api.create(&json!({"game": "tic-tac-toe", "seats": ["human", "human"], "seed": 1})).await.unwrap();
    let (mut x, _) = Conn::join_scene(&api, &created.invites[0].token).await.unwrap();
    let (mut o, _) = Conn::join(&api, &created.invites[1].token, None).await.unwrap();
    let state = x.until(|m| m["type"] == "state" && m["status"] == "playing").await.unwrap();
    let scene = &state["scene"];
    let ids: Vec<&str> = scene["elements"].as_array().unwrap().iter().map(|e| e["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"], "{state}");
    assert_eq!((scene["width"].as_f64(), scene["height"].as_f64()), (Some(320.0), Some(320.0)));
    let legal = state["legal"].as_array().unwrap();
    assert_eq!(legal.len(), 9);
    assert!(legal.iter().all(|a| a["elements"] == json!([a["text"]])), "{state}");
    assert_eq!(x.act(1, "b2").await.unwrap()["type"], "ack");
    let after = x.state().await.unwrap();
    let mark = after["scene"]["elements"].as_array().unwrap().iter().find(|e| e["id"] == "mark-b2").unwrap();
    assert_eq!(
        mark,
        &json!({"id": "mark-b2", "kind": "piece", "at": {"x": 160.0, "y": 160.0},
        "token": {"type": "glyph", "text": "X"}, "owner": 0})
    );
    // The other seat did not ask: its states have no scene and its actions no elements.
    let theirs = o.until(|m| m["type"] == "state" && m["step"] == 1).await.unwrap();
    assert!(theirs.get("scene").is_none(), "{theirs}");
    assert_eq!(theirs["legal"][0], json!({"text": "a1", "index": 0}), "{theirs}");
    server.shutdown().await;
}

/// A browser's `state` carries the table beside the scene, made for its viewer: a seat's own
/// panel holds its hand, no other panel does, a spectator's none; a connection that did not ask
/// for scenes gets no table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_gets_the_table_as_its_viewer_may_see_it() {
    let db = databases().await.remove(0);
    let (server, api) = start(&db).await;
    let seats = ["human", "human", "random"];
    let created = api.create(&json!({"game": "woobieworld", "players": 3, "seats": seats})).await.unwrap();
    let (mut mine, _) = Conn::join_scene(&api, &created.invites[0].token).await.unwrap();
    let (mut plain, _) = Conn::join(&api, &created.invites[1].token, None).await.unwrap();
    let (mut watcher, _) = Conn::join_scene(&api, &created.spectator.token).await.unwrap();
    let state = mine.until(|m| m["type"] == "state" && m["status"] == "playing").await.unwrap();
    let table = &state["table"];
    assert_eq!(table["phase"], "Setup · choosing homes", "{table}");
    let panels = table["panels"].as_array().unwrap();
    let seats_shown: Vec<&Value> = panels.iter().map(|p| &p["seat"]).collect();
    assert_eq!(seats_shown, [&json!(0), &json!(1), &json!(2)], "{table}");
    assert!(panels[0]["hand"].as_array().is_some_and(|h| !h.is_empty()), "{table}");
    assert!(panels[1..].iter().all(|p| p.get("hand").is_none()), "{table}");
    let seen = watcher.until(|m| m["type"] == "state" && m["status"] == "playing").await.unwrap();
    assert!(seen["table"]["panels"].as_array().unwrap().iter().all(|p| p.get("hand").is_none()), "{seen}");
    let theirs = plain.until(|m| m["type"] == "state" && m["status"] == "playing").await.unwrap();
    assert!(theirs.get("table").is_none(), "{theirs}");
    server.shutdown().await;
}
