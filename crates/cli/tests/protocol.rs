//! `worlds engine` serves the protocol on stdin and stdout: a session through the binary, `quit`,
//! and bytes that are not UTF-8.
#![allow(clippy::unwrap_used)]

use serde_json::{Value, json};

use crate::common::{stderr, stdout, worlds, worlds_bytes};

// The protocol itself is tested in memory in crates/registry/tests/protocol.rs; these run the
// binary's stdin/stdout loop.

/// The engine protocol, as documented in docs/protocol.md.
#[test]
fn the_engine_protocol_session() {
    let requests = [
        json!({"cmd": "new", "game": "world-war-5", "players": 2, "seed": 7, "options": {"homes": ["eu", "as"]}}),
        json!({"cmd": "turn"}),
        json!({"cmd": "legal", "player": 1}),
        json!({"cmd": "apply", "player": 1, "action": "place eu-north"}),
        json!({"cmd": "apply", "player": 0, "action": "place eu-north"}),
        json!({"cmd": "apply", "player": 0, "action": "grow eu-north"}),
        json!({"cmd": "bot", "player": 0, "agent": "telepath"}),
        json!({"cmd": "legal", "player": 7}),
        json!({"cmd": "frobnicate"}),
        json!({"cmd": "outcome", "id": "q1"}),
    ];
    let mut input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    input.push_str("this is not json\n{\"cmd\":\"quit\"}\n{\"cmd\":\"turn\"}\n");
    let o = worlds(&["engine"], &input);
    assert!(o.status.success());
    let lines: Vec<Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 12, "quit ends the session");
    assert_eq!(lines[0]["ok"], true);
    assert_eq!(lines[0]["events"][2]["text"], "P1 goes first");
    assert_eq!(
        lines[1],
        json!({"ok": true, "turn": {"kind": "decide", "players": [0]},
               "decision": {"rule": "WW5-SETUP-4", "text": "P1 places their small on an empty home territory"}})
    );
    assert_eq!(lines[2], json!({"ok": true, "player": 1, "actions": [], "codes": [], "forced": null}));
    assert_eq!(
        lines[3]["error"],
        json!({"kind": "not_your_turn", "message": "it is not your decision now: P1 places their small on an empty home territory", "rule": "WW5-SETUP-4"})
    );
    assert_eq!(lines[4]["events"][0]["text"], "P1 places a small on eu-north");
    assert_eq!(lines[4]["turn"], json!({"kind": "decide", "players": [1]}));
    assert_eq!(lines[5]["error"]["kind"], "not_your_turn");
    assert_eq!(
        lines[6]["error"],
        json!({"kind": "bad_agent", "message": format!("bad agent `telepath`: agents are {}", worlds_agents::SPECS)})
    );
    assert_eq!(lines[7]["error"], json!({"kind": "bad_request", "message": "player 7 does not exist: seats are 0–1"}));
    assert_eq!(lines[8]["error"]["kind"], "unknown_command");
    assert_eq!(lines[9], json!({"ok": true, "outcome": null, "id": "q1"}));
    assert_eq!(lines[10]["error"]["kind"], "parse");
    assert_eq!(lines[11], json!({"ok": true}));
}

/// Defect 1: one invalid UTF-8 byte ended `worlds engine` (exit 2, every later request lost).
/// Every line gets an answer, blank lines too, so a client counting lines stays in step.
#[test]
fn defect_1_a_line_that_is_not_utf8_gets_an_answer_and_the_session_goes_on() {
    let mut input = b"{\"cmd\":\"new\",\"game\":\"tic-tac-toe\"}\n".to_vec();
    input.extend_from_slice(b"{\"cmd\":\"apply\",\"player\":0,\"action\":\"\xff\"}\n");
    input.extend_from_slice(b"\n");
    input.extend_from_slice(b"   \r\n");
    input.extend_from_slice(b"{\"cmd\":\"apply\",\"player\":0,\"action\":\"b2\"}\n");
    let o = worlds_bytes(&["engine"], &input);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 5, "one answer per line");
    assert_eq!(
        lines[1]["error"],
        json!({"kind": "bad_request", "message": "the request is not UTF-8 text (byte 0xff at column 37); nothing was done"})
    );
    for blank in &lines[2..4] {
        assert_eq!(blank["error"]["kind"], "bad_request");
        assert!(blank["error"]["message"].as_str().unwrap().starts_with("an empty line is not a request"));
    }
    assert_eq!(lines[4]["events"][0]["text"], "P1 marks b2", "the session went on");
}
