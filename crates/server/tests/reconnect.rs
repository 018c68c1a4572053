//! Reconnecting with the last sequence number seen replays exactly the missed events.

use serde_json::{Value, json};
use worlds_engine::SeededRng;
use worlds_registry::Audience;
use worlds_server::client::{Conn, random_legal};

use crate::support::{databases, start, viewer};

/// Plays `n` random actions with the seats' connections (`conns[seat]`), from `step`; returns the
/// step reached.
pub async fn play_steps(conns: &mut [&mut Conn], mut step: u64, n: usize, rng: &mut SeededRng) -> u64 {
    for _ in 0..n {
        let state =
            conns[0].until(|m| m["type"] == "state" && m["step"] == step && m["status"] != "waiting").await.unwrap();
        if state["status"] == "finished" {
            break;
        }
        let seat = state["turn"]["players"][0].as_u64().unwrap() as usize;
        let state = if seat == 0 {
            state
        } else {
            conns[seat].until(|m| m["type"] == "state" && m["step"] == step && m["status"] != "waiting").await.unwrap()
        };
        let text = random_legal(&state, rng).unwrap()["text"].as_str().unwrap().to_owned();
        let ack = conns[seat].act(step + 1000, &text).await.unwrap();
        assert_eq!(ack["type"], "ack", "{ack}");
        step = ack["step"].as_u64().unwrap();
    }
    step
}

/// The match as stored, read straight from the database.
pub async fn stored_record(db: &crate::support::Db, id: &str) -> worlds_engine::Match {
    let store = worlds_server::Store::open(&db.url).await.unwrap();
    let (row, actions) = store.load(id).await.unwrap().unwrap();
    worlds_server::actor::replay_record(&row, &actions).unwrap()
}

fn events(received: &[String]) -> Vec<(usize, String)> {
    received
        .iter()
        .map(|t| serde_json::from_str::<Value>(t).unwrap())
        .filter(|m| m["type"] == "event")
        .map(|m| (m["seq"].as_u64().unwrap() as usize, m["text"].as_str().unwrap().to_owned()))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnecting_replays_exactly_the_missed_events() {
    for db in databases().await {
        let (server, api) = start(&db).await;
        let created =
            api.create(&json!({"game": "woobieworld", "players": 2, "seats": ["human", "human"]})).await.unwrap();
        let mut rng = SeededRng::new(4);
        let (mut a, _) = Conn::join(&api, &created.invites[0].token, None).await.unwrap();
        let (mut b, _) = Conn::join(&api, &created.invites[1].token, None).await.unwrap();
        let step = play_steps(&mut [&mut a, &mut b], 0, 8, &mut rng).await;
        // Seat 2's first connection drops; it has seen events up to `last_seq`.
        b.state().await.unwrap();
        let last_seq = b.last_seq.unwrap();
        let seen_before = events(&b.received);
        b.close().await;
        // Seat 2 plays on from another device, which is then closed too.
        let (mut other, _) = Conn::join(&api, &created.invites[1].token, Some(usize::MAX)).await.unwrap();
        assert!(events(&other.received).is_empty(), "a client that has seen everything gets no event again");
        let step = play_steps(&mut [&mut a, &mut other], step, 8, &mut rng).await;
        other.state().await.unwrap();
        other.close().await;
        // The first device comes back with the last sequence number it saw.
        let (mut again, welcome) = Conn::join(&api, &created.invites[1].token, Some(last_seq)).await.unwrap();
        assert_eq!(welcome["step"].as_u64(), Some(step));
        again.state().await.unwrap();
        let replayed = events(&again.received);
        let stored = stored_record(&db, &created.match_id).await;
        assert_eq!(stored.actions.len() as u64, step);
        let session = worlds_registry::resume(&stored).unwrap();
        let expected: Vec<(usize, String)> = session
            .events_for(Audience::Viewer(viewer(Some(1))), last_seq + 1)
            .into_iter()
            .map(|e| (e.seq, e.text))
            .collect();
        assert!(!expected.is_empty(), "seat 2 missed events while away");
        assert_eq!(replayed, expected, "{}", db.label);
        // Nothing seen before is sent again, and the two parts make the whole log seat 2 may see.
        let whole: Vec<(usize, String)> =
            session.events_for(Audience::Viewer(viewer(Some(1))), 0).into_iter().map(|e| (e.seq, e.text)).collect();
        assert_eq!([seen_before, replayed].concat(), whole);
        server.shutdown().await;
    }
}
