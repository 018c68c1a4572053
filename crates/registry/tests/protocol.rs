//! The engine protocol (docs/protocol.md), answered in memory: sessions, positions, scripts, bad
//! input, what each viewer is told, and the protocol page replayed. (`worlds engine`'s own
//! stdin/stdout loop is tested with the binary, in crates/cli/tests/protocol.rs.)
#![allow(clippy::unwrap_used)]

use serde_json::{Value, json};
use worlds_registry::protocol::Engine;

/// The responses to these request lines, one per line, until a `quit`.
fn session(input: &[u8]) -> Vec<Value> {
    let mut engine = Engine::default();
    let mut out = Vec::new();
    for line in input.split_inclusive(|&b| b == b'\n') {
        let (response, quit) = engine.handle_bytes(line);
        out.push(response);
        if quit {
            break;
        }
    }
    out
}

#[test]
fn the_protocol_loads_positions_scripts_dice_and_refuses_bad_states() {
    let position = json!({
        "stack": ["play"], "first": 0, "active": 0, "turn": 5, "homes": ["eu", "af"],
        "board": {"eu-north": {"player": 0, "size": "small"}, "eu-south": {"player": 0, "size": "large"},
                  "af-northeast": {"player": 1, "size": "small"}, "af-south": {"player": 1, "size": "small"}}
    });
    let requests = [
        json!({"cmd": "load", "game": "world-war-5", "players": 2, "state": position}),
        json!({"cmd": "script", "values": [{"die": 6}, {"die": 6}, {"die": 6}, {"die": 1}]}),
        json!({"cmd": "apply", "player": 0, "action": "invade af-northeast from eu-south"}),
        json!({"cmd": "legal", "player": 1}),
        json!({"cmd": "script", "values": [{"die": 9}]}),
        json!({"cmd": "apply", "player": 1, "action": "retreat af-northwest"}),
        json!({"cmd": "load", "state": {"stack": ["play"]}}),
        json!({"cmd": "load", "game": "world-war-5", "state": {"stack": ["play"], "first": 0, "active": 0, "turn": 5, "homes": ["eu", "eu"], "board": {}}}),
        json!({"cmd": "state"}),
    ];
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let lines = session(input.as_bytes());
    assert_eq!(lines[0]["turn"], json!({"kind": "decide", "players": [0]}));
    assert_eq!(
        lines[2]["events"][0]["text"],
        "P1 invades af-northeast from eu-south: large rolls 6+6+6 = 18 against P2's small 1: attacker wins"
    );
    assert_eq!(lines[2]["turn"], json!({"kind": "decide", "players": [1]}));
    assert_eq!(lines[3]["actions"], json!(["retreat af-northwest", "retreat as-southwest", "retreat au-north"]));
    // The retreat rolls no dice, so the unused scripted value stays queued.
    assert_eq!(lines[5]["ok"], true);
    assert_eq!(lines[6]["error"]["kind"], "bad_state");
    assert!(lines[6]["error"]["message"].as_str().unwrap().contains("missing field"), "{}", lines[6]);
    assert_eq!(
        lines[7]["error"],
        json!({"kind": "bad_state", "message": "state field `homes[1]`: Europe is the home of two players"})
    );
    // The session survived the bad loads.
    assert_eq!(lines[8]["state"]["board"]["af-northeast"], json!({"player": 0, "size": "large"}));
}

#[test]
fn a_scripted_value_that_does_not_fit_refuses_the_action_and_changes_nothing() {
    let requests = [json!({"cmd": "new", "game": "world-war-5", "seed": 1}), json!({"cmd": "state"})];
    let mut input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    // A position where the next action rolls dice.
    input.push_str(&format!(
        "{}\n",
        json!({"cmd": "load", "game": "world-war-5", "state": {
        "stack": ["play"], "first": 0, "active": 0, "turn": 5, "homes": ["eu", "af"],
        "board": {"eu-north": {"player": 0, "size": "small"}, "eu-south": {"player": 0, "size": "large"},
                  "af-northeast": {"player": 1, "size": "small"}}}})
    ));
    input.push_str(&format!("{}\n", json!({"cmd": "script", "values": [{"die": 7}]})));
    input.push_str(&format!(
        "{}\n",
        json!({"cmd": "apply", "player": 0, "action": "invade af-northeast from eu-south"})
    ));
    input.push_str(&format!("{}\n", json!({"cmd": "turn"})));
    let lines = session(input.as_bytes());
    assert_eq!(
        lines[4]["error"],
        json!({"kind": "script_mismatch", "message": "the action was refused because scripted die 7 does not fit the game's next draw, a die with 6 sides; the match is unchanged"})
    );
    assert_eq!(lines[5]["turn"], json!({"kind": "decide", "players": [0]}));
}

/// Every request/response pair in docs/protocol.md, replayed in order: the documentation is true.
#[test]
fn the_protocol_documentation_is_true() {
    let doc = include_str!("../../../docs/protocol.md");
    let mut requests = Vec::new();
    let mut expected = Vec::new();
    let mut in_block = false;
    for line in doc.lines() {
        match line {
            "```protocol" => in_block = true,
            "```" => in_block = false,
            // A blank request (`> `, its trailing space perhaps trimmed by an editor).
            ">" if in_block => requests.push(String::new()),
            _ if in_block => match line.split_at(2) {
                ("> ", req) => requests.push(req.to_owned()),
                ("< ", resp) => expected.push(resp.to_owned()),
                _ => panic!("unexpected line in a protocol block: {line}"),
            },
            _ => {}
        }
    }
    assert!(requests.len() > 20);
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let got = session(input.as_bytes());
    assert_eq!(got.len(), expected.len());
    for ((req, want), have) in requests.iter().zip(&expected).zip(&got) {
        let want: Value = serde_json::from_str(want).unwrap();
        let have: &Value = have;
        assert_eq!(have, &want, "response to {req}");
    }
}

#[test]
fn the_protocol_never_shows_a_player_anothers_hand() {
    let requests = [
        json!({"cmd": "new", "game": "woobieworld", "players": 2, "seed": 3}),
        json!({"cmd": "observe", "player": 0}),
        json!({"cmd": "observe"}),
        json!({"cmd": "state"}),
        json!({"cmd": "events", "viewer": 0}),
    ];
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let lines = session(input.as_bytes());
    let state = &lines[3]["state"];
    let p1_hand = state["hands"][0].as_array().unwrap();
    assert_eq!(lines[1]["observation"]["hand"].as_array().unwrap().len(), p1_hand.len(), "P1 sees its own hand");
    assert_eq!(lines[1]["observation"]["seats"][1]["hand_size"], 4, "and the size of P2's");
    assert_eq!(lines[2]["observation"]["hand"], json!([]), "a spectator sees no hand");
    // The setup events, as a spectator gets them: how many cards each was dealt, never which.
    let events = lines[0]["events"].as_array().unwrap();
    assert!(events.iter().all(|e| e["event"]["type"] != "dealt-card"), "{events:?}");
    assert_eq!(events.iter().filter(|e| e["event"]["type"] == "dealt").count(), 2);
    // P1's own view of the setup shows P1's cards and not P2's.
    assert_eq!(lines[4]["events"].as_array().unwrap().iter().filter(|e| e["event"]["type"] == "dealt-card").count(), 4);
    assert!(
        lines[4]["events"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["event"]["player"] == 0 || e["event"]["type"] != "dealt-card")
    );
}

/// Defect 9: a 10 MB line of bad notation was echoed back whole; commands without fields ignored
/// unknown ones.
#[test]
fn defect_9_errors_quote_little_of_the_input_and_unknown_fields_are_refused() {
    let long = "z".repeat(10_000_000);
    let requests = [
        json!({"cmd": "new", "game": "tic-tac-toe"}),
        json!({"cmd": "apply", "player": 0, "action": long}),
        json!({"cmd": "new", "game": long}),
        json!({"cmd": long}),
        json!({"cmd": "outcome", "extra": 1}),
        json!({"cmd": "games", "verbose": true}),
    ];
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let lines = session(input.as_bytes());
    assert_eq!(lines.len(), 6);
    for line in &lines[1..4] {
        let message = line["error"]["message"].as_str().unwrap();
        assert!(message.chars().count() < 300, "{} characters quoted", message.len());
        assert!(message.contains(&format!("{}…", "z".repeat(60))), "{}", &message[..100.min(message.len())]);
    }
    assert_eq!(
        lines[4]["error"],
        json!({"kind": "bad_request", "message": "`outcome`: unknown field `extra`, there are no fields"})
    );
    assert_eq!(lines[5]["error"]["kind"], "bad_request");
}

/// Every part of a request an error quotes is cut short (a variant, an agent, a field name, a
/// string of the wrong type echoed whole before: 5 KB in, 10 KB out); a key given twice is
/// refused; a refused `new` leaves the game as it was; a bot's budget has a ceiling.
#[test]
fn errors_quote_every_part_of_the_input_short_and_refused_requests_change_nothing() {
    let long = "q".repeat(5_000);
    let requests = [
        json!({"cmd": "new", "game": "tic-tac-toe"}).to_string(),
        json!({"cmd": "new", "game": "tic-tac-toe", "variant": long}).to_string(),
        json!({"cmd": "bot", "player": 0, "agent": long}).to_string(),
        json!({"cmd": "bot", "player": 0, "agent": format!("mcts:{long}")}).to_string(),
        json!({"cmd": "new", "game": "tic-tac-toe", long.clone(): 1}).to_string(),
        json!({"cmd": "new", "game": "tic-tac-toe", "players": long}).to_string(),
        r#"{"cmd":"legal","player":0,"player":1}"#.to_owned(),
        json!({"cmd": "new", "game": "connect-four", "viewer": 7}).to_string(),
        json!({"cmd": "turn"}).to_string(),
        json!({"cmd": "bot", "player": 0, "agent": "mcts:4000000000"}).to_string(),
    ];
    let input: String = requests
        .iter()
        .map(|r| {
            format!(
                "{r}
"
            )
        })
        .collect();
    let lines = session(input.as_bytes());
    assert_eq!(lines.len(), 10);
    for line in &lines[1..6] {
        let message = line["error"]["message"].as_str().unwrap();
        assert!(message.chars().count() < 400, "{} characters: {}", message.len(), &message[..200]);
        assert!(message.contains(&format!("{}…", "q".repeat(60))), "{message}");
    }
    assert_eq!(
        lines[6]["error"],
        json!({"kind": "parse", "message": "not JSON: `player` is given twice at line 1 column 34"})
    );
    assert_eq!(lines[7]["error"], json!({"kind": "bad_request", "message": "player 7 does not exist: seats are 0–1"}));
    // The refused `new` of connect-four left tic-tac-toe in place.
    assert_eq!(lines[8]["decision"]["rule"], "TTT-TURN");
    assert_eq!(
        lines[9]["error"],
        json!({"kind": "bad_agent", "message": "bad agent `mcts:4000000000`: 4000000000 iterations: at most 1000000 (or a time, at most an hour, e.g. 2s)"})
    );
}

/// Events reach each viewer filtered: a seat sees its own dealt cards, a spectator only counts.
#[test]
fn the_protocol_filters_events_by_viewer_and_scripts_the_setup() {
    let requests = [
        json!({"cmd": "new", "game": "woobieworld", "players": 2, "seed": 3, "script": [{"pick": 1}], "viewer": 1}),
        json!({"cmd": "events", "viewer": "spectator"}),
        json!({"cmd": "events", "viewer": "all"}),
        json!({"cmd": "events", "viewer": 5}),
        json!({"cmd": "events", "viewer": "me"}),
        json!({"cmd": "record"}),
        json!({"cmd": "new", "game": "world-war-5", "script": [{"pick": 0}]}),
    ];
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let lines = session(input.as_bytes());
    let kinds = |v: &Value| {
        v.as_array().unwrap().iter().map(|e| e["event"]["type"].as_str().unwrap().to_owned()).collect::<Vec<_>>()
    };
    let p2 = kinds(&lines[0]["events"]);
    assert_eq!(p2.iter().filter(|k| *k == "dealt-card").count(), 4, "P2 sees its own four cards: {p2:?}");
    // Of the others' deal, P2 learns how many cards, never which.
    assert!(
        lines[0]["events"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["event"]["player"] == 1 || e["event"]["type"] != "dealt-card")
    );
    assert_eq!(kinds(&lines[1]["events"]), ["dealt", "dealt", "first-player"]);
    assert_eq!(kinds(&lines[2]["events"]).len(), 11);
    assert_eq!(lines[3]["error"]["message"], "player 5 does not exist: seats are 0–1");
    assert!(
        lines[4]["error"]["message"].as_str().unwrap().contains("a viewer is a seat number, \"spectator\" or \"all\"")
    );
    // The script drew the first player (pick 1 of 2: P2), and the record keeps it for replays.
    assert_eq!(lines[2]["events"][10]["text"], "P2 goes first");
    assert_eq!(lines[5]["record"]["setup_script"], json!([{"pick": 1}]));
    // World War 5's roll-off rolls dice: a pick does not fit, and no game is started.
    assert_eq!(lines[6]["error"]["kind"], "script_mismatch");
}
