//! The writer: every write is committed before it is answered, many writes share a commit, and
//! one bad write in a shared commit fails alone.

use worlds_server::Store;
use worlds_server::store::{ActionRow, MatchRow, WriteError};

use crate::support::databases;

fn match_row(id: &str) -> MatchRow {
    MatchRow {
        id: id.to_owned(),
        game: "tic-tac-toe".into(),
        config: r#"{"game":"tic-tac-toe","players":2}"#.into(),
        seed: 1,
        seats: r#"[{"kind":"human"},{"kind":"human"}]"#.into(),
        settings: "{}".into(),
        status: "playing".into(),
        result: None,
        created_by: None,
        created_at: 0,
    }
}

fn action(match_id: &str, seq: i64) -> ActionRow {
    ActionRow { match_id: match_id.to_owned(), seq, seat: seq % 2, action: format!("a{seq}"), clocks: None }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_bad_write_among_many_fails_alone() {
    for db in databases().await {
        let store = Store::open(&db.url).await.unwrap();
        for m in ["m1", "m2"] {
            store.create_match(&match_row(m), &[(format!("hash-{m}"), Some(0))]).await.unwrap();
        }
        store.create_player("p1", "player-hash", "Ada").await.unwrap();
        store.append(action("m1", 0)).await.unwrap();
        // Sent together, so they share commits: 40 good actions on two matches, an action for
        // a step already stored, a second player with the same id, a claim and a status.
        let mut writes = Vec::new();
        for seq in 1..=20 {
            for m in ["m1", "m2"] {
                let store = store.clone();
                writes.push(tokio::spawn(async move { store.append(action(m, seq)).await }));
            }
        }
        let (dup_action, dup_player, claim, status) = tokio::join!(
            store.append(action("m1", 0)),
            store.create_player("p1", "other-hash", "Bob"),
            store.claim("m2", "hash-m2", Some("p1")),
            store.set_status("m2", "finished", Some(r#"{"outcome":null}"#)),
        );
        for w in writes {
            assert_eq!(w.await.unwrap(), Ok(()), "{}", db.label);
        }
        assert_eq!(dup_action, Err(WriteError::Conflict { seq: 0 }), "{}", db.label);
        assert!(matches!(dup_player, Err(WriteError::Database(_))), "{}: {dup_player:?}", db.label);
        assert_eq!((claim, status), (Ok(()), Ok(())), "{}", db.label);
        // Everything answered as stored is stored; the refused writes changed nothing.
        let (m1, a1) = store.load("m1").await.unwrap().unwrap();
        let (m2, a2) = store.load("m2").await.unwrap().unwrap();
        assert_eq!(a1.iter().map(|a| (a.seq, a.action.as_str())).collect::<Vec<_>>(), expected(0..=20), "{}", db.label);
        assert_eq!(a2.iter().map(|a| (a.seq, a.action.as_str())).collect::<Vec<_>>(), expected(1..=20), "{}", db.label);
        assert_eq!((m1.status.as_str(), m2.status.as_str()), ("playing", "finished"), "{}", db.label);
        assert_eq!(store.claimed_seats("m2").await.unwrap(), [0], "{}", db.label);
        assert_eq!(store.player("player-hash").await.unwrap(), Some(("p1".into(), "Ada".into())), "{}", db.label);
        assert_eq!(store.player("other-hash").await.unwrap(), None, "{}", db.label);
        store.close(std::time::Duration::from_secs(5)).await;
    }
}

fn expected(seqs: std::ops::RangeInclusive<i64>) -> Vec<(i64, &'static str)> {
    seqs.map(|s| (s, &*Box::leak(format!("a{s}").into_boxed_str()))).collect()
}

/// The writer groups a batch's writes by kind; writes of one row sent together still leave it as
/// running them one after the other would.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn writes_sent_together_end_as_if_run_in_order() {
    for db in databases().await {
        let store = Store::open(&db.url).await.unwrap();
        let m = match_row("m3");
        let tokens = [("t0".to_owned(), Some(0)), ("t1".to_owned(), Some(1)), ("spectate".to_owned(), None)];
        let results = tokio::join!(
            store.create_match(&m, &tokens),
            store.claim("m3", "t0", None),
            store.claim("m3", "t0", Some("p1")),
            store.claim("m3", "t0", Some("p2")),
            store.claim("m3", "t1", Some("p2")),
            store.set_status("m3", "playing", None),
            store.set_seats("m3", r#"[{"kind":"bot","spec":"random"},{"kind":"human"}]"#),
            store.set_seats("m3", r#"[{"kind":"human"},{"kind":"bot","spec":"greedy"}]"#),
            store.append(action("m3", 0)),
            store.set_status("m3", "finished", Some(r#"{"forfeit":1,"reason":"time"}"#)),
        );
        assert_eq!(
            results,
            (Ok(()), Ok(()), Ok(()), Ok(()), Ok(()), Ok(()), Ok(()), Ok(()), Ok(()), Ok(())),
            "{}",
            db.label
        );
        let (row, actions) = store.load("m3").await.unwrap().unwrap();
        assert_eq!(row.status, "finished", "{}", db.label);
        assert_eq!(row.result.as_deref(), Some(r#"{"forfeit":1,"reason":"time"}"#), "{}", db.label);
        assert_eq!(row.seats, r#"[{"kind":"human"},{"kind":"bot","spec":"greedy"}]"#, "{}", db.label);
        assert_eq!(actions, [action("m3", 0)], "{}", db.label);
        assert_eq!(store.claimed_seats("m3").await.unwrap(), [0, 1], "{}", db.label);
        // The first claim with a player names it; a later one does not replace it.
        let t0 = store.token("t0").await.unwrap().unwrap();
        assert_eq!((t0.seat, t0.player_id.as_deref(), t0.claimed), (Some(0), Some("p1"), true), "{}", db.label);
        let spectate = store.token("spectate").await.unwrap().unwrap();
        assert_eq!((spectate.seat, spectate.claimed), (None, false), "{}", db.label);
        store.close(std::time::Duration::from_secs(5)).await;
    }
}

/// Presence: a seat held by a server that is alive counts for the other servers; a server's
/// heartbeat going stale, its graceful stop, or its being forgotten takes its seats away.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_counts_as_connected_elsewhere_only_while_its_server_is_alive() {
    for db in databases().await {
        let a = Store::open(&db.url).await.unwrap();
        let b = Store::open(&db.url).await.unwrap();
        a.create_match(&match_row("p1"), &[]).await.unwrap();
        a.heartbeat().await.unwrap();
        b.heartbeat().await.unwrap();
        a.set_presence("p1", 1, true).await.unwrap();
        let now = worlds_server::store::now_ms();
        assert_eq!(b.present_elsewhere("p1", now - 10_000).await.unwrap(), [1], "{}", db.label);
        assert_eq!(
            a.present_elsewhere("p1", now - 10_000).await.unwrap(),
            Vec::<usize>::new(),
            "{}: not its own",
            db.label
        );
        // A's heartbeat is older than what B asks for: A counts for nothing.
        assert_eq!(b.present_elsewhere("p1", now + 10_000).await.unwrap(), Vec::<usize>::new(), "{}", db.label);
        // The seat's last connection on A closes.
        a.set_presence("p1", 1, false).await.unwrap();
        assert_eq!(b.present_elsewhere("p1", now - 10_000).await.unwrap(), Vec::<usize>::new(), "{}", db.label);
        // A graceful stop removes A's presence; forgetting removes a killed server's.
        a.set_presence("p1", 0, true).await.unwrap();
        a.gone().await.unwrap();
        assert_eq!(b.present_elsewhere("p1", 0).await.unwrap(), Vec::<usize>::new(), "{}", db.label);
        let c = Store::open(&db.url).await.unwrap();
        c.heartbeat().await.unwrap();
        c.set_presence("p1", 0, true).await.unwrap();
        assert_eq!(b.present_elsewhere("p1", 0).await.unwrap(), [0], "{}", db.label);
        b.forget_servers(worlds_server::store::now_ms() + 1).await.unwrap();
        assert_eq!(b.present_elsewhere("p1", 0).await.unwrap(), Vec::<usize>::new(), "{}", db.label);
        for s in [a, b, c] {
            s.close(std::time::Duration::from_secs(5)).await;
        }
    }
}
