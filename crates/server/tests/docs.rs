//! The example in docs/server.md is what a server sends: the `POST /api/matches` answer and the
//! whole exchange are replayed against a real server, message by message, byte for byte.

use std::collections::HashMap;
use std::time::Duration;

use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;
use worlds_server::client::Conn;
use worlds_server::protocol::Created;

use crate::support::{databases, start};

const DOC: &str = include_str!("../../../docs/server.md");

/// The text of the first fenced block of `kind` in the document.
fn block(kind: &str) -> &'static str {
    let open = format!("```{kind}\n");
    let start = DOC.find(&open).unwrap_or_else(|| panic!("docs/server.md has no ```{kind} block")) + open.len();
    let len = DOC[start..].find("```").unwrap();
    &DOC[start..start + len]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_documented_example_is_what_the_server_sends() {
    let db = databases().await.remove(0);
    let (server, api) = start(&db).await;
    let http = block("http");
    let json_lines: Vec<&str> = http.lines().filter(|l| l.starts_with('{')).collect();
    let request: Value = serde_json::from_str(json_lines[0]).unwrap();
    let (status, body) = api.request("POST", "/api/matches", Some(&request), None).await.unwrap();
    assert_eq!(status, 201, "{body}");
    let created: Created = serde_json::from_value(body.clone()).unwrap();
    let host = api.base.trim_start_matches("http://").to_owned();
    let names = [
        (created.invites[0].token.clone(), "TOKEN0"),
        (created.invites[1].token.clone(), "TOKEN1"),
        (created.spectator.token.clone(), "SPECTATOR"),
        (created.match_id.clone(), "MATCH"),
        (host, "127.0.0.1:18181"),
    ];
    // What the server sent, with its secrets and address written as the document writes them.
    let written = |text: &str| names.iter().fold(text.to_owned(), |t, (real, name)| t.replace(real.as_str(), name));
    // What the document sends, with the real secrets.
    let real = |text: &str| names.iter().fold(text.to_owned(), |t, (real, name)| t.replace(name, real));
    assert_eq!(written(&body.to_string()), json_lines[1], "the POST /api/matches answer");

    let mut conns: HashMap<char, Conn> = HashMap::new();
    let mut steps = 0;
    let lines: Vec<&str> = block("exchange").lines().collect();
    // Lines already met by a `state` that replaced them before it was sent (docs/server.md: a
    // `state` not yet sent is replaced by a newer one).
    let mut replaced = std::collections::HashSet::new();
    for (n, &line) in lines.iter().enumerate() {
        let at = format!("docs/server.md, line {} of the exchange: {line}", n + 1);
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if replaced.contains(&n) {
            steps += 1;
            continue;
        }
        let who = line.chars().next().unwrap();
        match &line[1..3] {
            "> " => {
                if let std::collections::hash_map::Entry::Vacant(new) = conns.entry(who) {
                    new.insert(Conn::open(&api, None).await.unwrap());
                }
                conns.get_mut(&who).unwrap().send_raw(Message::Text(real(&line[3..]).into())).await.unwrap();
            }
            "< " => {
                let got = conns.get_mut(&who).unwrap_or_else(|| panic!("{at}: no such connection")).next_text().await;
                let got = written(&got.unwrap());
                if got != line[3..] && is_state(&line[3..]) {
                    // The next line this connection receives, if it is a newer `state` that
                    // replaced this one in the queue, is what came.
                    let next = lines.iter().enumerate().skip(n + 1).find(|(_, l)| l.starts_with(who));
                    if let Some((m, l)) = next
                        && &l[1..3] == "< "
                        && is_state(&l[3..])
                        && got == l[3..]
                    {
                        replaced.insert(m);
                        steps += 1;
                        continue;
                    }
                }
                assert_eq!(got, &line[3..], "{at}");
            }
            "| " => {
                assert_eq!(&line[3..], "close", "{at}");
                conns.remove(&who).unwrap().close().await;
            }
            _ => panic!("{at}: not a line of an exchange"),
        }
        steps += 1;
    }
    assert!(steps > 50, "the example has {steps} lines");
    // Nothing else was sent (every connection stays open while this is checked).
    for (who, conn) in &mut conns {
        let extra = tokio::time::timeout(Duration::from_millis(300), conn.next_text()).await;
        assert!(extra.is_err(), "connection {who} was also sent {extra:?}");
    }
    server.shutdown().await;
}

/// Whether a line of the exchange is a `state` message.
fn is_state(json: &str) -> bool {
    json.starts_with(r#"{"type":"state""#)
}
