//! The `worlds` binary end to end: every command, bad input, a whole game saved and replayed,
//! simulations and tournaments.
#![allow(clippy::unwrap_used)]

use serde_json::{Value, json};

use crate::common::{stderr, stdout, temp, worlds};

#[test]
fn games_lists_every_game_with_players_and_variants() {
    let o = worlds(&["games"], "");
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.contains("world-war-5 · World War 5 · 2–6 players (best 2–4)\n"), "{text}");
    assert!(
        text.contains(
            "    conquer another continent while holding your own; pyramids grow, dice decide\n    invasions\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("    --variant original (default): the default board, reconstructed from every\n        published constraint\n"),
        "{text}"
    );
    assert!(text.contains("--variant pyramid-arcade: the board as printed in the Pyramid Arcade box"));
    assert!(text.contains("connect-four") && text.contains("tic-tac-toe"));
    // An 80-column terminal shows every line whole.
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "wider than 80 columns: {line}");
    }
}

#[test]
fn bad_input_gets_a_precise_message_and_a_non_zero_exit() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["play", "chess"],
            "worlds: unknown game `chess`; the games are: world-war-5, woobieworld, world-of-dungeons, world-dumbination, bastards-inc, connect-four, tic-tac-toe",
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
        (&["play"], "worlds: which game? name one (see `worlds games`)"),
    ];
    for (args, expected) in cases {
        let o = worlds(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).starts_with(expected), "{args:?}:\n{}", stderr(&o));
    }
    // A file that cannot be read: 74; a file that holds bad data: 65 (sysexits.h).
    let o = worlds(&["replay", "/nonexistent/x.json"], "");
    assert_eq!(o.status.code(), Some(74), "{}", stderr(&o));
    assert!(stderr(&o).starts_with("worlds: reading /nonexistent/x.json"), "{}", stderr(&o));
    let bad = temp("not-a-match.json");
    std::fs::write(&bad, "{\"game\": 5}").unwrap();
    let o = worlds(&["replay", bad.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(65), "{}", stderr(&o));
    assert!(stderr(&o).contains("is not a saved Worlds match"), "{}", stderr(&o));
}

/// The README's exit codes hold for what a file holds: a saved match naming an unknown game, a
/// player count or variant its game does not have, or seats that are no agent is bad data in a
/// file (65), not a bad command line (2, as they were); a content folder that cannot be read is
/// 74 (was 2).
#[test]
fn exit_codes_say_whether_the_command_line_or_a_file_is_wrong() {
    let cases = [
        (r#"{"game":"chess","config":{"players":2},"seed":1,"actions":[]}"#, "unknown game `chess`"),
        (
            r#"{"game":"tic-tac-toe","config":{"players":9},"seed":1,"actions":[]}"#,
            "tic-tac-toe is for 2 players, not 9",
        ),
        (
            r#"{"game":"tic-tac-toe","config":{"players":2,"variant":"nope"},"seed":1,"actions":[]}"#,
            "tic-tac-toe has no variant `nope`",
        ),
        (
            r#"{"game":"tic-tac-toe","config":{"players":2},"seed":1,"actions":[],"seats":["random","oracle"]}"#,
            "the saved match's seats: `oracle` is neither `human` nor an agent",
        ),
    ];
    for (i, (saved, says)) in cases.iter().enumerate() {
        let file = temp(&format!("bad-data-{i}.json"));
        std::fs::write(&file, saved).unwrap();
        let path = file.to_str().unwrap();
        for args in [vec!["play", "--load", path], vec!["replay", path, "--print"]] {
            if i == 3 && args[0] == "replay" {
                continue; // a replay plays no seat
            }
            let o = worlds(&args, "");
            assert_eq!(o.status.code(), Some(65), "{args:?}: {}", stderr(&o));
            assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
        }
    }
    let o = worlds(&["play", "world-war-5", "--content", "/nonexistent/content", "--seats", "random"], "");
    assert_eq!(o.status.code(), Some(74), "{}", stderr(&o));
    assert!(stderr(&o).starts_with("worlds: reading the content folder /nonexistent/content: "), "{}", stderr(&o));
}

/// Defect 8: a single `--seats X` was read as a player count of 1, so every mistake was reported
/// as "is for 2–6 players, not 1"; bad seats inside a save were reported as `--seats:`.
#[test]
fn defect_8_one_seat_means_the_game_minimum_and_save_errors_name_the_save() {
    let o = worlds(&["play", "world-war-5", "--seats", "telepath"], "");
    assert!(stderr(&o).starts_with("worlds: --seats: `telepath` is neither `human` nor an agent"), "{}", stderr(&o));
    let o = worlds(&["play", "world-war-5", "--seats", "random", "--seed", "2"], "");
    assert!(o.status.success(), "one seat plays a two-player game: {}", stderr(&o));
    assert!(stdout(&o).contains("2 players: P1 random, P2 random"), "{}", stdout(&o));
    let file = temp("bad-seats.json");
    let o = worlds(&["play", "tic-tac-toe", "--seats", "random", "--seed", "1", "--save", file.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let mut saved: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    saved["seats"] = json!(["random", "oracle"]);
    std::fs::write(&file, saved.to_string()).unwrap();
    let o = worlds(&["play", "--load", file.to_str().unwrap()], "");
    assert!(
        stderr(&o).starts_with("worlds: the saved match's seats: `oracle` is neither `human` nor an agent"),
        "{}",
        stderr(&o)
    );
}

/// Defect 4: `--save FILE` silently overwrote a save of another match on the first move.
#[test]
fn defect_4_save_never_overwrites_another_match() {
    let file = temp("guarded.json");
    let _ = std::fs::remove_file(&file);
    let first =
        worlds(&["play", "tic-tac-toe", "--seats", "random", "--seed", "1", "--save", file.to_str().unwrap()], "");
    assert!(first.status.success(), "{}", stderr(&first));
    let before = std::fs::read_to_string(&file).unwrap();
    // Another match refuses to save over it, and leaves it as it was.
    let o = worlds(&["play", "tic-tac-toe", "--seats", "random", "--seed", "2", "--save", file.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("already holds another match"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    // Continuing the same match into its own file is fine; --force overwrites.
    let o = worlds(&["play", "--load", file.to_str().unwrap(), "--save", file.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let o = worlds(
        &["play", "tic-tac-toe", "--seats", "random", "--seed", "2", "--save", file.to_str().unwrap(), "--force"],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_ne!(std::fs::read_to_string(&file).unwrap(), before);
    // In a game: `save FILE` over another match asks for `save!`.
    let other = temp("guarded-other.json");
    std::fs::write(&other, &before).unwrap();
    let o = worlds(&["play", "tic-tac-toe", "--seed", "3"], &format!("b2\nsave {}\nquit!\n", other.display()));
    let flat = stdout(&o).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("already holds another match. Choose another name, or `save! "), "{flat}");
    assert_eq!(std::fs::read_to_string(&other).unwrap(), before);
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
    // Each step's line is under its board, by the prompt, where a tall board cannot scroll it away.
    let screens: Vec<&str> = text.split("] > ").collect();
    let step3 = screens.iter().find(|s| s.contains("Step 3 of")).unwrap();
    assert!(step3.find("WORLD WAR 5").unwrap() < step3.find("Step 3 of").unwrap(), "{step3}");
    assert!(step3.trim_end().rsplit('\n').next().unwrap().starts_with("[3/"), "{step3}");
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
    let o = worlds(&["play", "tic-tac-toe", "--seed", "1"], "z9\n10\nhelp\nb2\nb2\nquit!\n");
    let text = stdout(&o);
    assert!(text.contains("cannot read `z9`: write a cell as a column a–c and a row 1–3, e.g. `b2`"), "{text}");
    assert!(text.contains("There is no action 10: choose 1–9."));
    // Help speaks of this game: its example is one of the actions on offer.
    assert!(text.contains("Type the number of an action, or its notation (e.g. `a1`)."), "{text}");
    assert!(text.contains("  save FILE   save the match"), "{text}");
    assert!(text.contains("P1 marks b2"));
    // The player reads the reason; the rule's ID is for the protocol and logs.
    assert!(text.contains("> b2 is already marked\n"), "{text}");
    assert!(!text.contains("[TTT-CELL]"), "{text}");
    assert!(text.contains("You left without saving."), "{text}");
}

#[test]
fn rules_prints_the_players_page() {
    let o = worlds(&["rules", "world-war-5", "--colour", "never"], "");
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.starts_with("WORLD WAR 5\n═══════════\n"), "{text}");
    // Drawn for a terminal: no Markdown, HTML or developers' comments; tables drawn; 80 columns.
    for raw in ["**", "|---", "<!--", "<br>", "](", "```"] {
        assert!(!text.contains(raw), "`{raw}` in the rules page:\n{text}");
    }
    assert!(!text.lines().any(|l| l.starts_with('#')), "a Markdown heading in the rules page:\n{text}");
    assert!(text.contains("┌"), "{text}");
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "too wide: {line}");
    }
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
        assert!(
            stdout(&r).contains("Game over: the fourth Mount Saint Woobie erupted: the highest score wins"),
            "{variant}"
        );
    }
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
    assert!(text.contains("| mcts:50 |    20 |"), "{text}");
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
        (&["tournament", "tic-tac-toe", "--agents", "random"], "worlds: a tournament needs at least two agents"),
        // Defect 6: huge counts are refused up front, never allocated or spawned.
        (
            &["sim", "tic-tac-toe", "--seats", "random", "--games", "18446744073709551615"],
            "worlds: --games: 18446744073709551615 games: a run plays 1 to 1000000 games; split a larger study into runs with other seeds",
        ),
        (
            &["sim", "tic-tac-toe", "--seats", "random", "--games", "4294967296"],
            "worlds: --games: 4294967296 games: a run plays 1 to 1000000 games",
        ),
        (
            &["sim", "tic-tac-toe", "--seats", "random", "--threads", "100000"],
            "worlds: --threads 100000: give 1 to 256 worker threads",
        ),
        (
            &["tournament", "tic-tac-toe", "--agents", "random,greedy", "--games", "0"],
            "worlds: --games: 0 games: a run plays 1 to",
        ),
    ];
    for (args, expected) in cases {
        let o = worlds(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).starts_with(expected), "{args:?}: {}", stderr(&o));
    }
    // Defect 8: a folder that cannot be written is reported once, with the system's reason.
    let o = worlds(&["sim", "tic-tac-toe", "--seats", "random", "--out", "/proc/worlds-cannot-write"], "");
    assert_eq!(o.status.code(), Some(74));
    let err = stderr(&o);
    assert!(err.starts_with("worlds: cannot write /proc/worlds-cannot-write"), "{err}");
    assert_eq!(err.matches("No such file or directory").count(), 1, "the reason once: {err}");
}

#[test]
fn tournament_prints_ratings_and_head_to_head() {
    let o = worlds(
        &["tournament", "connect-four", "--agents", "random,greedy,mcts:100", "--games", "30", "--seed", "2"],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("| agent    | rating: Elo (start 1000) |"), "{text}");
    assert!(text.contains("Head to head"));
    let first_row = text
        .lines()
        .find(|l| l.starts_with("| mcts:100") || l.starts_with("| greedy") || l.starts_with("| random"))
        .unwrap();
    assert!(first_row.starts_with("| mcts:100"), "the strongest agent is rated first: {first_row}");
}
