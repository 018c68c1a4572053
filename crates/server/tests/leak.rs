//! Hidden information over the wire: over random matches of every game with hidden information,
//! every byte the server sends each connection is checked against what that seat (or a
//! spectator) may not know at that step. Every connection asks for scenes, so what a browser
//! would draw is checked too.

use serde_json::json;
use worlds_server::client::{Conn, play_random};

use crate::support::{assert_no_leak, databases, start, viewer};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_connection_receives_a_hidden_card_of_another_seat() {
    let db = databases().await.remove(0);
    let (server, api) = start(&db).await;
    let mut checked = 0;
    for info in worlds_registry::games().into_iter().filter(|i| i.hidden_information) {
        for (m, players) in [2, 3].into_iter().enumerate() {
            let players = players.clamp(info.min_players, info.max_players);
            // Every seat a client playing at random, and a spectator.
            let seats = vec!["human"; players];
            let created = api.create(&json!({"game": info.id, "players": players, "seats": seats})).await.unwrap();
            let (mut watcher, _) = Conn::join_scene(&api, &created.spectator.token).await.unwrap();
            let mut conns = Vec::new();
            for invite in &created.invites {
                conns.push(Conn::join_scene(&api, &invite.token).await.unwrap().0);
            }
            // The spectator reads while the seats play, as a browser does (its scenes are large: a
            // reader that waits for the end would be disconnected as too slow).
            let (results, watched) = tokio::join!(
                futures_util::future::join_all(
                    conns.iter_mut().enumerate().map(|(s, c)| play_random(c, 1000 * m as u64 + s as u64)),
                ),
                watcher.until(|s| s["type"] == "state" && s["status"] == "finished"),
            );
            watched.unwrap();
            let mut last = None;
            for r in results {
                last = Some(r.unwrap().0);
            }
            let token = &created.spectator.token;
            let (status, body) = api
                .request("GET", &format!("/api/matches/{}/replay", created.match_id), None, Some(token))
                .await
                .unwrap();
            assert_eq!(status, 200);
            let record: worlds_engine::Match = serde_json::from_value(body).unwrap();
            assert_eq!(record.actions.len() as u64, last.unwrap()["step"].as_u64().unwrap());
            for (s, conn) in conns.iter().enumerate() {
                checked += assert_no_leak(&record, viewer(Some(s)), &conn.received);
            }
            checked += assert_no_leak(&record, viewer(None), &watcher.received);
        }
    }
    assert!(checked > 10_000, "the check had work: {checked} (message, secret) pairs");
    server.shutdown().await;
}
