//! The browser client as the server serves it: one page for every address a person opens, its
//! modules from the binary, and a finished match step by step for the replay page.

use serde_json::{Value, json};
use worlds_server::client::{Conn, play_random};

use crate::support::{assert_no_leak, databases, start, viewer};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_match_and_replay_addresses_open_the_client_and_its_modules_are_served() {
    let db = databases().await.remove(0);
    let (server, api) = start(&db).await;
    let get = |path: &str| {
        let url = format!("{}{path}", api.base);
        async move {
            let r = reqwest::get(&url).await.unwrap();
            let kind = r.headers().get("content-type").map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
            (r.status().as_u16(), kind, r.text().await.unwrap())
        }
    };
    let (status, kind, page) = get("/").await;
    assert_eq!((status, kind.as_str()), (200, "text/html; charset=utf-8"));
    assert!(page.contains(r#"<script type="module" src="/assets/app.js"></script>"#), "{page}");
    for path in ["/play/abc123", "/replay/abc123"] {
        assert_eq!(get(path).await, (200, kind.clone(), page.clone()), "{path}");
    }
    let (status, kind, js) = get("/assets/scene.js").await;
    assert_eq!((status, kind.as_str()), (200, "text/javascript; charset=utf-8"));
    assert!(js.contains("export class SceneView"));
    let (status, kind, css) = get("/assets/style.css").await;
    assert_eq!((status, kind.as_str()), (200, "text/css; charset=utf-8"));
    assert!(css.contains("prefers-reduced-motion"));
    let (status, _, body) = get("/assets/nope.js").await;
    assert_eq!(status, 404);
    let body: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(body["error"]["message"], "there is no file `/assets/nope.js`");
    server.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_match_is_served_step_by_step_with_its_scenes() {
    let db = databases().await.remove(0);
    let (server, api) = start(&db).await;
    let created = api
        .create(&json!({"game": "tic-tac-toe", "players": 2, "seats": ["human", "random"], "seed": 4}))
        .await
        .unwrap();
    let (mut conn, _) = Conn::join(&api, &created.invites[0].token, None).await.unwrap();
    let (last, _) = play_random(&mut conn, 2).await.unwrap();
    let steps = last["step"].as_u64().unwrap();
    let token = created.invites[0].token.as_str();
    let id = &created.match_id;
    let frame = |step: u64, token: &str| {
        let (api, token) = (api.clone(), token.to_owned());
        let path = format!("/api/matches/{id}/replay/{step}");
        async move { api.request("GET", &path, None, Some(&token)).await.unwrap() }
    };
    let (status, start) = frame(0, token).await;
    assert_eq!(status, 200, "{start}");
    assert_eq!((start["step"].as_u64(), start["steps"].as_u64()), (Some(0), Some(steps)));
    assert_eq!((&start["action"], &start["player"], &start["seat"]), (&Value::Null, &Value::Null, &json!(0)));
    assert_eq!(start["decision"], "P1 (X) marks a cell");
    assert_eq!(start["scene"]["width"], 320.0);
    assert_eq!(start["result"], Value::Null);
    let (_, first) = frame(1, token).await;
    assert_eq!(first["player"], 0);
    let action = first["action"].as_str().unwrap();
    assert_eq!(first["events"], json!([{"seq": 0, "text": format!("P1 marks {action}")}]));
    assert!(first["scene"]["elements"].as_array().unwrap().iter().any(|e| e["id"] == format!("mark-{action}")));
    let (_, end) = frame(steps, token).await;
    assert_eq!(end["result"]["outcome"], last["outcome"]);
    let (status, past) = frame(steps + 1, token).await;
    assert_eq!(status, 404);
    assert_eq!(past["error"]["message"], format!("step {}: the match has steps 0 to {steps}", steps + 1));
    // Another match's link opens none of this one's steps.
    let other = api.create(&json!({"game": "tic-tac-toe", "seats": ["human", "random"]})).await.unwrap();
    let (status, body) = frame(0, &other.spectator.token).await;
    assert_eq!((status, body["error"]["message"].as_str()), (403, Some("this link is for another match")));
    server.shutdown().await;
}

/// The replay page's steps carry events and scenes: for a game with hidden cards, each link's
/// steps show only what that seat (or a spectator) could see at that step.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_steps_of_a_replay_hide_what_the_link_could_not_see() {
    let db = databases().await.remove(0);
    let (server, api) = start(&db).await;
    let mut checked = 0;
    for info in worlds_registry::games().into_iter().filter(|i| i.hidden_information) {
        let seats = ["human", "random", "random"];
        let created = api.create(&json!({"game": info.id, "players": 3, "seats": seats})).await.unwrap();
        let (mut conn, _) = Conn::join(&api, &created.invites[0].token, None).await.unwrap();
        play_random(&mut conn, 5).await.unwrap();
        let (_, body) = api
            .request("GET", &format!("/api/matches/{}/replay", created.match_id), None, Some(&created.spectator.token))
            .await
            .unwrap();
        let record: worlds_engine::Match = serde_json::from_value(body).unwrap();
        let last = record.actions.len();
        // About forty steps of each link, the last among them.
        let sampled: Vec<usize> = (0..=last).step_by((last / 40).max(1)).chain([last]).collect();
        for (seat, token) in [(Some(0), &created.invites[0].token), (None, &created.spectator.token)] {
            let mut received = Vec::new();
            for &step in &sampled {
                let path = format!("/api/matches/{}/replay/{step}", created.match_id);
                let (status, frame) = api.request("GET", &path, None, Some(token)).await.unwrap();
                assert_eq!(status, 200, "{frame}");
                // A board, or the table of a game that is all cards (World of Dungeons).
                let drawn = frame["scene"]["elements"].is_array() || frame["table"]["panels"].is_array();
                assert!(drawn, "{}: {frame}", info.id);
                received.push(frame.to_string());
            }
            checked += assert_no_leak(&record, viewer(seat), &received);
        }
    }
    assert!(checked > 1000, "the check had work: {checked} (frame, secret) pairs");
    server.shutdown().await;
}
