//! The `worlds` binary end to end: every command, bad input, a whole game saved and replayed, and
//! the engine protocol.
#![allow(clippy::unwrap_used)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

fn worlds(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_worlds"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let text = stdin.to_owned();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(text.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("worlds-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn games_lists_every_game_with_players_and_variants() {
    let o = worlds(&["games"], "");
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.contains("world-war-5    World War 5  ·  2–6 (best 2–4) players"), "{text}");
    assert!(text.contains("--variant pyramid-arcade: the board as printed in the Pyramid Arcade box"));
    assert!(text.contains("connect-four") && text.contains("tic-tac-toe"));
}

#[test]
fn bad_input_gets_a_precise_message_and_a_non_zero_exit() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["play", "chess"],
            "worlds: unknown game `chess`; the games are: world-war-5, woobieworld, connect-four, tic-tac-toe",
        ),
        (&["play", "world-war-5", "--players", "9"], "worlds: world-war-5 is for 2–6 players, not 9"),
        (
            &["play", "world-war-5", "--variant", "moon"],
            "worlds: world-war-5 has no variant `moon`; its variants are: original, pyramid-arcade",
        ),
        (&["play", "world-war-5", "--option", "turn_cap=0"], "worlds: option `turn_cap`: must be at least 1"),
        (
            &["play", "world-war-5", "--option", "turn_cap"],
            "worlds: --option turn_cap: write KEY=VALUE, e.g. --option turn_cap=100",
        ),
        (
            &["play", "world-war-5", "--seats", "human,telepath"],
            "worlds: --seats: `telepath` is neither `human` nor an agent: bad agent `telepath`: agents are random, greedy, mcts:",
        ),
        (&["play", "tic-tac-toe", "--seats", "human,human,human"], "worlds: tic-tac-toe is for 2 players, not 3"),
        (
            &["play", "tic-tac-toe", "--players", "2", "--seats", "human,human,human"],
            "worlds: --seats lists 3 seats for 2 players",
        ),
        (&["rules", "chess"], "worlds: unknown game `chess`"),
        (&["bench", "connect-four", "--mode", "fast"], "worlds: unknown --mode `fast`; modes are: playouts, mcts"),
        (&["replay", "/nonexistent/x.json"], "worlds: reading /nonexistent/x.json"),
        (&["play"], "worlds: which game? name one (see `worlds games`)"),
    ];
    for (args, expected) in cases {
        let o = worlds(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).starts_with(expected), "{args:?}:\n{}", stderr(&o));
    }
}

#[test]
fn more_than_four_players_is_allowed_with_a_warning() {
    // WW5-SETUP-1.
    let o = worlds(&["play", "world-war-5", "--players", "5", "--seats", "random", "--seed", "1"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("warning: World War 5 is best with 2–4 players; with 5, expect a long game"));
}

#[test]
fn a_bot_game_plays_to_the_end_saves_and_replays() {
    let file = temp("bots.json");
    let o = worlds(
        &["play", "world-war-5", "--seats", "random,greedy", "--seed", "11", "--save", file.to_str().unwrap()],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("Game over."), "{text}");
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(saved["game"], "world-war-5");
    assert_eq!(saved["seed"], 11);
    assert_eq!(saved["seats"], json!(["random", "greedy"]));
    // The replay ends in the same final position the game ended in.
    let r = worlds(&["replay", file.to_str().unwrap(), "--print"], "");
    assert!(r.status.success(), "{}", stderr(&r));
    let final_view = |s: &str| s[s.rfind("WORLD WAR 5").unwrap()..].trim_end().to_owned();
    assert_eq!(final_view(&stdout(&r)), final_view(text.split("Game over.").next().unwrap()));
    // Stepping: next, back, jump, end, quit.
    let r = worlds(&["replay", file.to_str().unwrap()], "\nb\n3\nend\nq\n");
    let text = stdout(&r);
    assert!(text.contains("Start (step 0 of") && text.contains("Step 1 of") && text.contains("Step 3 of"), "{text}");
}

#[test]
fn a_person_plays_by_number_and_by_notation_saves_and_resumes() {
    let file = temp("human.json");
    let input = format!("home eu\n1\n1\n1\nsave {}\nquit\n", file.display());
    let o = worlds(&["play", "world-war-5", "--seed", "3"], &input);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("P1 makes Europe home"));
    assert!(text.contains(&format!("Saved to {}", file.display())));
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let actions = saved["actions"].as_array().unwrap().len();
    // Resume: the match continues from where it was saved.
    let o = worlds(&["play", "--load", file.to_str().unwrap()], "quit\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("World War 5 · resumed · 2 players: P1 you, P2 random · seed 3"), "{}", stdout(&o));
    assert!(actions >= 8);
    let o = worlds(&["play", "tic-tac-toe", "--load", file.to_str().unwrap()], "");
    assert_eq!(stderr(&o).trim(), format!("worlds: {} holds a match of world-war-5, not tic-tac-toe", file.display()));
}

#[test]
fn a_person_is_told_what_went_wrong_and_nothing_changes() {
    let o = worlds(&["play", "tic-tac-toe", "--seed", "1"], "z9\n10\nhelp\nb2\nb2\nquit\nquit!\n");
    let text = stdout(&o);
    assert!(text.contains("cannot read `z9`: write a cell as a column a–c and a row 1–3, e.g. `b2`"), "{text}");
    assert!(text.contains("There is no action 10: choose 1–9."));
    assert!(text.contains("save FILE      save the match"));
    assert!(text.contains("P1 marks b2"));
    assert!(text.contains("b2 is already marked [TTT-CELL]"), "{text}");
    assert!(text.contains("The match is not saved. Type `save FILE` first, or `quit!` to leave anyway."));
}

#[test]
fn rules_prints_the_players_page() {
    let o = worlds(&["rules", "world-war-5"], "");
    assert!(o.status.success());
    assert!(stdout(&o).starts_with("# World War 5"));
}

#[test]
fn bench_json_reports_throughput() {
    let o = worlds(&["bench", "connect-four", "--seconds", "0.2", "--json"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["game"], "connect-four");
    assert_eq!(v["mode"], "playouts");
    assert!(v["games_per_second"].as_f64().unwrap() > 0.0);
    assert!(v["actions_per_second"].as_f64().unwrap() > v["games_per_second"].as_f64().unwrap());
}

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
    assert_eq!(lines[1], json!({"ok": true, "turn": {"kind": "decide", "players": [0]}}));
    assert_eq!(lines[2], json!({"ok": true, "player": 1, "actions": [], "codes": []}));
    assert_eq!(
        lines[3]["error"],
        json!({"kind": "not_your_turn", "message": "P1 places a small now", "rule": "WW5-SETUP-4"})
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

#[test]
fn the_protocol_loads_positions_scripts_dice_and_refuses_bad_states() {
    let position = json!({
        "phase": "play", "first": 0, "active": 0, "turn": 5, "homes": ["eu", "af"],
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
        json!({"cmd": "load", "state": {"phase": "play"}}),
        json!({"cmd": "load", "game": "world-war-5", "state": {"phase": "play", "first": 0, "active": 0, "turn": 5, "homes": ["eu", "eu"], "board": {}}}),
        json!({"cmd": "state"}),
    ];
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let o = worlds(&["engine"], &input);
    let lines: Vec<Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
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
        json!({"kind": "bad_state", "message": "state field `homes`: Europe is the home of two players"})
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
        "phase": "play", "first": 0, "active": 0, "turn": 5, "homes": ["eu", "af"],
        "board": {"eu-north": {"player": 0, "size": "small"}, "eu-south": {"player": 0, "size": "large"},
                  "af-northeast": {"player": 1, "size": "small"}}}})
    ));
    input.push_str(&format!("{}\n", json!({"cmd": "script", "values": [{"die": 7}]})));
    input.push_str(&format!(
        "{}\n",
        json!({"cmd": "apply", "player": 0, "action": "invade af-northeast from eu-south"})
    ));
    input.push_str(&format!("{}\n", json!({"cmd": "turn"})));
    let o = worlds(&["engine"], &input);
    let lines: Vec<Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
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
    let o = worlds(&["engine"], &input);
    let got: Vec<&str> = std::str::from_utf8(&o.stdout).unwrap().lines().collect();
    assert_eq!(got.len(), expected.len());
    for ((req, want), have) in requests.iter().zip(&expected).zip(&got) {
        let want: Value = serde_json::from_str(want).unwrap();
        let have: Value = serde_json::from_str(have).unwrap();
        assert_eq!(have, want, "response to {req}");
    }
}

#[test]
fn woobieworld_bot_games_play_to_the_end_in_both_variants_and_replay() {
    for variant in ["standard", "cycles"] {
        let file = temp(&format!("woob-{variant}.json"));
        let o = worlds(
            &[
                "play",
                "woobieworld",
                "--players",
                "4",
                "--variant",
                variant,
                "--seats",
                "random,greedy",
                "--seed",
                "5",
                "--save",
                file.to_str().unwrap(),
            ],
            "",
        );
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(stdout(&o).contains("Game over."), "{variant}");
        let r = worlds(&["replay", file.to_str().unwrap(), "--print"], "");
        assert!(r.status.success(), "{}", stderr(&r));
        assert!(stdout(&r).contains("game over: Mount Saint Woobie has erupted"), "{variant}");
    }
}

#[test]
fn the_protocol_never_shows_a_player_anothers_hand() {
    let requests = [
        json!({"cmd": "new", "game": "woobieworld", "players": 2, "seed": 3}),
        json!({"cmd": "observe", "player": 0}),
        json!({"cmd": "observe"}),
        json!({"cmd": "state"}),
    ];
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let o = worlds(&["engine"], &input);
    let lines: Vec<Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let state = &lines[3]["state"];
    let p1_hand = &state["hands"][0];
    assert_eq!(lines[1]["observation"]["hand"], *p1_hand, "P1 sees its own hand");
    assert_eq!(lines[1]["observation"]["seats"][1]["hand_size"], 4, "and the size of P2's");
    assert!(lines[1]["observation"].to_string().find(&state["hands"][1].to_string()).is_none());
    assert_eq!(lines[2]["observation"]["hand"], json!([]), "a spectator sees no hand");
    // The setup events: P1's dealt cards are private to P1.
    let private: Vec<&Value> =
        lines[0]["events"].as_array().unwrap().iter().filter(|e| e["visibility"] != "public").collect();
    assert_eq!(private.len(), 8);
    assert!(private.iter().all(|e| e["visibility"]["spectators"] == false));
}

#[test]
fn sim_writes_its_results_and_refuses_bad_input() {
    let dir = temp("sim-out");
    let o = worlds(
        &[
            "sim",
            "tic-tac-toe",
            "--seats",
            "mcts:50,random",
            "--games",
            "20",
            "--rotate",
            "--seed",
            "3",
            "--out",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with("# tic-tac-toe · 2 players · standard · 20 games · seed 3"), "{text}");
    assert!(text.contains("| mcts:50 | 20 |"));
    for f in [
        "games.jsonl",
        "summary.json",
        "summary.md",
        "win-rate-by-seat.svg",
        "win-rate-by-agent.svg",
        "game-length.svg",
    ] {
        assert!(dir.join(f).exists(), "{f}");
    }
    // The same seed with another thread count gives the same games.
    let again = worlds(
        &[
            "sim",
            "tic-tac-toe",
            "--seats",
            "mcts:50,random",
            "--games",
            "20",
            "--rotate",
            "--seed",
            "3",
            "--threads",
            "1",
        ],
        "",
    );
    let strip = |t: &str| t.lines().filter(|l| !l.contains("time per game")).collect::<Vec<_>>().join("\n");
    assert_eq!(strip(&stdout(&again)), strip(text.split("\nWritten to").next().unwrap()));
    let cases: &[(&[&str], &str)] = &[
        (&["sim", "tic-tac-toe", "--seats", "mcts:lots"], "worlds: bad agent `mcts:lots`"),
        (&["sim", "chess", "--seats", "random"], "worlds: unknown game `chess`"),
        (
            &["sim", "connect-four", "--players", "3", "--seats", "random"],
            "worlds: connect-four is for 2 players, not 3",
        ),
        (
            &["sim", "tic-tac-toe", "--seats", "random", "--out", "/proc/worlds-cannot-write"],
            "worlds: cannot write /proc/worlds-cannot-write",
        ),
        (&["tournament", "tic-tac-toe", "--agents", "random"], "worlds: a tournament needs at least two agents"),
    ];
    for (args, expected) in cases {
        let o = worlds(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).starts_with(expected), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn tournament_prints_ratings_and_head_to_head() {
    let o = worlds(
        &["tournament", "connect-four", "--agents", "random,greedy,mcts:100", "--games", "30", "--seed", "2"],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("| agent | rating: Elo (start 1000) |"), "{text}");
    assert!(text.contains("Head to head"));
    let first_row = text
        .lines()
        .find(|l| l.starts_with("| mcts:100") || l.starts_with("| greedy") || l.starts_with("| random"))
        .unwrap();
    assert!(first_row.starts_with("| mcts:100"), "the strongest agent is rated first: {first_row}");
}
