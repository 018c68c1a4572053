//! `worlds play` as a person meets it: nothing secret on screen, every line within 80 columns,
//! the decision and its options within one 80×24 screen, undo, and no match lost on the way out.
#![allow(clippy::unwrap_used)]

use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use worlds_engine::{Game, Player, Viewer, replay};
use worlds_woobieworld::Woobieworld;

use crate::common::{self, dir};

fn command(args: &[&str], saves: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_worlds"));
    c.args(args)
        .args(["--colour", "never"])
        .env("WORLDS_DATA_DIR", saves)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

/// Runs `worlds play ARGS` with `stdin`, matches left unsaved going to `saves`.
fn play_in(args: &[&str], stdin: &str, saves: &Path) -> Output {
    common::run_in(&[args, &["--colour", "never"]].concat(), stdin.as_bytes(), saves)
}

fn play(args: &[&str], stdin: &str) -> String {
    let o = play_in(args, stdin, &dir().join("saves"));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

/// `text` with its lines joined (long messages wrap at 80 columns).
fn unwrapped(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The path in "The match is saved in PATH." of `text`.
fn saved_path(text: &str) -> PathBuf {
    let flat = unwrapped(text);
    let start = flat.find("The match is saved in ").expect(text) + "The match is saved in ".len();
    let end = flat[start..].find(". Continue").unwrap();
    PathBuf::from(&flat[start..start + end])
}

/// A card's id in notation, from its name (`Season's Greenings` → `seasons-greenings`).
fn slug(name: &str) -> String {
    let kept: String = name.chars().filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-').collect();
    kept.to_lowercase().split_whitespace().collect::<Vec<_>>().join("-")
}

#[test]
fn the_cycles_variant_never_shows_another_seats_face_down_card_before_the_reveal() {
    for seed in 1..=6 {
        let saves = dir().join(format!("cycles-{seed}"));
        // The human chooses a home, then input ends at the face-down choice: what is on screen
        // then is all the human saw before the reveal.
        let args = ["play", "woobieworld", "--seats", "random,random,human", "--variant", "cycles", "--seed"];
        let seed_text = seed.to_string();
        let o = play_in(&[&args[..], &[seed_text.as_str()]].concat(), "1\n", &saves);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let text = String::from_utf8(o.stdout).unwrap();
        assert!(text.contains("P1 has chosen a card"), "{text}");
        // The match as it stood, saved when input ended: what P3 may not know in it.
        let record: worlds_engine::Match =
            serde_json::from_str(&std::fs::read_to_string(saved_path(&text)).unwrap()).unwrap();
        let game = Woobieworld::new(&record.config).unwrap();
        let states = replay(&game, &record).unwrap().states;
        let state = states.last().unwrap();
        let secrets = game.secrets(state, Viewer::Player(Player::from_index(2)));
        let state_json = game.save_state(state).to_string();
        assert!(state_json.contains("\"committed\""), "P1 and P2 have chosen face down: {state_json}");
        assert!(secrets.len() > 6, "the bots' hands and face-down cards are secret: {secrets:?}");
        for secret in secrets.iter().filter(|s| !s.starts_with('"')) {
            assert!(!text.contains(secret.as_str()), "seed {seed}: `{secret}` shown to P3 before the reveal:\n{text}");
            // Nor in notation (`commit moving-day`).
            let id = slug(secret);
            assert!(!text.contains(&id), "seed {seed}: `{id}` shown to P3 before the reveal:\n{text}");
        }
    }
}

/// The screens `text` showed at each prompt: the lines from the last drawing of the board to the
/// prompt.
fn screens_at_prompts<'a>(text: &'a str, title: &str) -> Vec<Vec<&'a str>> {
    let mut screens = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for line in text.lines() {
        if line.starts_with(title) {
            current.clear();
        }
        current.push(line);
        if line.starts_with("> ") || line == ">" {
            screens.push(current.clone());
            current.clear();
        }
    }
    screens
}

fn assert_fits(text: &str, title: &str, what: &str) {
    for line in text.lines() {
        // At a terminal the prompt `> ` ends with the person's Enter; piped, what follows it
        // shares its line.
        let line = line.strip_prefix("> ").unwrap_or(line);
        assert!(line.chars().count() <= 80, "{what}: a line wider than 80 columns:\n{line}");
    }
    let screens = screens_at_prompts(text, title);
    assert!(screens.len() > 10, "{what}: {} decisions", screens.len());
    for screen in screens.iter().filter(|s| s.first().is_some_and(|l| l.starts_with(title))) {
        assert!(
            screen.len() <= 24,
            "{what}: the board, the decision and its menu take {} lines:\n{}",
            screen.len(),
            screen.join("\n")
        );
    }
}

#[test]
fn a_whole_world_war_5_game_fits_an_80_by_24_terminal() {
    let text = play(&["play", "world-war-5", "--seed", "5"], &"1\n".repeat(400));
    assert!(text.contains("Game over."), "{text}");
    assert_fits(&text, "WORLD WAR 5", "World War 5, 2 players");
    let text = play(&["play", "world-war-5", "--players", "4", "--seed", "9"], &"1\n".repeat(400));
    assert_fits(&text, "WORLD WAR 5", "World War 5, 4 players");
}

#[test]
fn a_whole_woobieworld_game_fits_an_80_by_24_terminal() {
    let text = play(&["play", "woobieworld", "--players", "4", "--seed", "5"], &"1\n".repeat(1500));
    assert_fits(&text, "WOOBIEWORLD", "Woobieworld, 4 players");
    let text = play(&["play", "woobieworld", "--players", "6", "--seed", "1"], &"1\n".repeat(3000));
    assert_fits(&text, "WOOBIEWORLD", "Woobieworld, 6 players");
    let text =
        play(&["play", "woobieworld", "--players", "6", "--variant", "cycles", "--seed", "2"], &"1\n".repeat(3000));
    assert_fits(&text, "WOOBIEWORLD", "Woobieworld cycles, 6 players");
    let text = play(
        &["play", "woobieworld", "--seats", "random,human,random", "--variant", "cycles", "--seed", "2"],
        &"1\n".repeat(1500),
    );
    assert_fits(&text, "WOOBIEWORLD", "Woobieworld cycles, 3 players");
}

#[test]
fn a_whole_world_of_dungeons_game_fits_an_80_by_24_terminal() {
    for (players, seed) in [("3", "3"), ("5", "5")] {
        let text = play(&["play", "world-of-dungeons", "--players", players, "--seed", seed], &"1\n".repeat(3000));
        assert!(text.contains("Game over."), "{text}");
        assert_fits(&text, "WORLD OF DUNGEONS", &format!("World of Dungeons, {players} players"));
    }
}

#[test]
fn a_whole_world_dumbination_game_fits_an_80_by_24_terminal() {
    // The screen above a decision counts the Dumbness cards in a line and gives each card on the
    // board a line (`board` has their texts); scores and your figures share a line.
    for (players, seed) in [("2", "2"), ("3", "3"), ("5", "15")] {
        let text = play(&["play", "world-dumbination", "--players", players, "--seed", seed], &"1\n".repeat(4000));
        assert!(text.contains("Game over."), "{text}");
        assert_fits(&text, "Round ", &format!("World Dumbination, {players} players"));
    }
}

#[test]
fn a_whole_bastards_inc_game_fits_an_80_by_24_terminal() {
    for (players, seed) in [("3", "1"), ("4", "5"), ("5", "3"), ("6", "2")] {
        let text = play(&["play", "bastards-inc", "--players", players, "--seed", seed], &"1\n".repeat(4000));
        assert!(text.contains("Game over."), "{text}");
        assert_fits(&text, "Turn ", &format!("Bastards Inc., {players} players"));
    }
}

#[test]
fn a_long_menu_opens_by_group_and_numbers_stay_the_same() {
    // Woobieworld's home choice: 44 actions, grouped by area.
    let text = play(&["play", "woobieworld", "--seats", "human,random", "--seed", "4"], "c\n\n11\nquit!\n");
    let first = text.find("  a  home cheeseport … (1–4)").expect(&text);
    let opened = text[first..].find("  9  home oceana red").expect(&text);
    assert!(text[first + opened..].contains(" 12  home oceana blue"), "{text}");
    // 11 is `home oceana green` whether its group is open or not.
    assert!(text.contains("P1 makes Oceana home, with 1 green support"), "{text}");
}

#[test]
fn undo_takes_back_the_last_decision_against_bots_and_refuses_after_a_draw() {
    // World War 5 setup has no chance step after the first-player roll.
    let text = play(&["play", "world-war-5", "--seed", "3"], "home eu\nundo\nhome af\nquit!\n");
    assert!(text.contains("P1 makes Europe home"), "{text}");
    assert!(text.contains("Took back your last decision and the action after it."), "{text}");
    assert!(text.contains("P1 makes Africa home"), "{text}");
    // Woobieworld: within a turn, a card's choice can be taken back ...
    let text =
        play(&["play", "woobieworld", "--seats", "human,random", "--seed", "4"], &("1\n".repeat(12) + "undo\nquit!\n"));
    assert!(text.contains("P1 plays Surprise Inspection (340)\n"), "{text}");
    assert!(text.contains("Took back your last decision.\n"), "{text}");
    // ... but a turn ends with a card drawn: once it is seen, the decisions before it stand.
    let text =
        play(&["play", "woobieworld", "--seats", "human,random", "--seed", "4"], &("1\n".repeat(9) + "undo\nquit!\n"));
    assert!(text.contains("P1 draws Surprise Inspection\n"), "{text}");
    assert!(
        unwrapped(&text).contains(
            "Cannot undo: there was a chance step since P1's last decision (a die roll or a card drawn): it stands."
        ),
        "{text}"
    );
    // Two people at one keyboard: one may not take back what the other saw.
    let text = play(&["play", "world-war-5", "--seats", "human,human", "--seed", "3"], "home eu\n\nundo\nquit!\n");
    assert!(text.contains("`undo` is for games against bots only."), "{text}");
}

#[test]
fn leaving_never_loses_the_match() {
    let saves = dir().join("leaving");
    // Input ends (Ctrl-D) in the middle of a match: saved, and the message says where.
    let o = play_in(&["play", "world-war-5", "--seed", "3"], "home eu\n1\n", &saves);
    let text = String::from_utf8(o.stdout).unwrap();
    let path = saved_path(&text);
    assert_eq!(path, saves.join("world-war-5-seed3.json"));
    assert!(
        unwrapped(&text).contains(&format!(
            "Input ended. The match is saved in {0}. Continue it with `worlds play --load {0}`.",
            path.display()
        )),
        "{text}"
    );
    let resumed = play(&["play", "--load", path.to_str().unwrap()], "quit!\n");
    assert!(resumed.contains("World War 5 · resumed · 2 players: P1 you, P2 random · seed 3"), "{resumed}");
    // `quit` saves too; a second match with the same seed does not overwrite the first.
    let o = play_in(&["play", "world-war-5", "--seed", "3"], "home as\nquit\n", &saves);
    let text = String::from_utf8(o.stdout).unwrap();
    assert_eq!(saved_path(&text), saves.join("world-war-5-seed3-2.json"), "{text}");
}

#[test]
fn ctrl_c_saves_the_match_and_says_where() {
    let saves = dir().join("interrupted");
    let mut child = command(&["play", "world-war-5", "--seed", "3"], &saves).spawn().unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut output = child.stdout.take().unwrap();
    // P2 rolls first with this seed and chooses first; then P1 is asked.
    let mut seen = Vec::new();
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&seen).contains("> ") {
        let n = output.read(&mut buf).unwrap();
        assert!(n > 0, "no prompt: {}", String::from_utf8_lossy(&seen));
        seen.extend_from_slice(&buf[..n]);
    }
    input.write_all(b"home eu\n").unwrap();
    // Wait for the prompt of the next decision: the match then has unsaved actions.
    while String::from_utf8_lossy(&seen).matches("> ").count() < 2 {
        let n = output.read(&mut buf).unwrap();
        assert!(n > 0, "the game ended early: {}", String::from_utf8_lossy(&seen));
        seen.extend_from_slice(&buf[..n]);
    }
    let status = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130));
    let err = unwrapped(&String::from_utf8_lossy(&o.stderr));
    let path = saves.join("world-war-5-seed3.json");
    assert!(err.contains(&format!("Interrupted. The match is saved in {}. Continue it with", path.display())), "{err}");
    let record: worlds_engine::Match = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert!(record.actions.iter().any(|a| a.player == Player::from_index(0) && a.action == "home eu"));
    drop(input);
}

#[test]
fn agent_settings_after_colons_work_in_seat_lists() {
    for seats in ["mcts:30:threads=2,random", "mcts:30,threads=2,random"] {
        let text = play(&["play", "tic-tac-toe", "--seats", seats, "--seed", "2"], "");
        assert!(text.contains("2 players: P1 mcts:30:threads=2, P2 random · seed 2"), "{seats}: {text}");
        assert!(text.contains("Game over."), "{text}");
    }
}

/// Every agent list in the README's and the docs' example commands reads as agents.
#[test]
fn the_documented_seat_and_agent_lists_are_valid() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = vec![root.join("README.md")];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    let mut checked = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for line in text.lines().filter(|l| l.trim_start().starts_with("worlds ")) {
            let words: Vec<&str> = line.split_whitespace().collect();
            for pair in words.windows(2).filter(|w| w[0] == "--seats" || w[0] == "--agents") {
                let list = pair[1].trim_matches(['\'', '"', '`']);
                for spec in worlds_agents::split_list(list) {
                    if spec != "human" && spec != "me" {
                        assert!(
                            spec.parse::<worlds_agents::AgentSpec>().is_ok(),
                            "{}: `{spec}` in `{line}` is not an agent",
                            file.display()
                        );
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 10, "only {checked} documented seats found");
}

/// What an 80×24 terminal shows when the program waits at its `n`-th prompt: the 24 lines that
/// end with that prompt.
fn screen_at_prompt(text: &str, n: usize) -> String {
    let mut seen = 0;
    let mut end = None;
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("> ") || line == ">" {
            seen += 1;
            if seen == n {
                end = Some(i);
                break;
            }
        }
    }
    let end = end.expect(text);
    let lines: Vec<&str> = text.lines().collect();
    let start = (end + 1).saturating_sub(24);
    // The prompt line holds what was typed after it (stdin is not echoed): keep the prompt only.
    let mut screen: Vec<&str> = lines[start..end].to_vec();
    screen.push(">");
    screen.join("\n")
}

#[test]
fn screens_at_80_by_24() {
    // World War 5, four players: P1's first turn (the last placement, one choice, is not asked).
    let text = play(&["play", "world-war-5", "--players", "4", "--seed", "9"], "home eu\n1\n1\n1\nquit!\n");
    insta::assert_snapshot!("world_war_5_four_players", screen_at_prompt(&text, 4));
    // Woobieworld: the industry phase, grouped by colour, then one colour opened.
    let text = play(&["play", "woobieworld", "--players", "4", "--seed", "5"], "a\n1\n1\nc\nquit!\n");
    insta::assert_snapshot!("woobieworld_industry_groups", screen_at_prompt(&text, 4));
    insta::assert_snapshot!("woobieworld_industry_green", screen_at_prompt(&text, 5));
    // The play phase: the cards with their texts.
    let text = play(&["play", "woobieworld", "--seats", "human,random", "--seed", "4"], &"1\n".repeat(12));
    insta::assert_snapshot!("woobieworld_play_a_card", screen_at_prompt(&text, 12));
    // The cycles variant: a face-down choice, with the bots' choices hidden; then a card with an
    // OR offers its sides' texts.
    let cycles = ["play", "woobieworld", "--seats", "random,random,human", "--variant", "cycles", "--seed", "3"];
    // (The step between the industry and the card, with one choice, is taken without asking.)
    let text = play(&cycles, "1\n2\n3\n69\nquit!\n");
    insta::assert_snapshot!("woobieworld_cycles_commit", screen_at_prompt(&text, 2));
    insta::assert_snapshot!("woobieworld_or_card", screen_at_prompt(&text, 5));
}

#[test]
fn at_one_keyboard_each_person_sees_only_their_own_hand() {
    let saves = dir().join("hot-seat");
    // P1 chooses a home, hands over; P2 presses Enter, chooses a home, hands over; input ends.
    let o = play_in(&["play", "woobieworld", "--seats", "human,human", "--seed", "4"], "1\n\n1\n", &saves);
    let text = String::from_utf8(o.stdout).unwrap();
    let record: worlds_engine::Match =
        serde_json::from_str(&std::fs::read_to_string(saved_path(&text)).unwrap()).unwrap();
    let game = Woobieworld::new(&record.config).unwrap();
    let start = &replay(&game, &record).unwrap().states[0];
    let handover = "— P2's decision: hand the keyboard to P2 and press Enter —";
    let at = text.find(handover).expect(&text);
    let (p1_screen, p2_screen) = text.split_at(at);
    let p2_screen = &p2_screen[..p2_screen.find("— P1's decision").expect(p2_screen)];
    // The screen is cleared before the hand-over: P1's screen scrolls away first.
    assert!(p1_screen.ends_with(&"\n".repeat(48)), "{p1_screen}");
    assert!(p2_screen.contains("Since P2's last decision:"), "{p2_screen}");
    for (screen, viewer, other) in [(p1_screen, 0, "P2"), (p2_screen, 1, "P1")] {
        let secrets = game.secrets(start, Viewer::Player(Player::from_index(viewer)));
        let names: Vec<&String> = secrets.iter().filter(|s| !s.starts_with('"')).collect();
        assert_eq!(names.len(), 4, "{other}'s four cards");
        for name in names {
            assert!(!screen.contains(name.as_str()), "{other}'s `{name}` on the screen of P{}:\n{screen}", viewer + 1);
        }
    }
}

/// The options of every decision menu shown to `player` in `text`.
fn menus(text: &str, player: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() == format!("{player}, your decision:") {
            let mut options = Vec::new();
            for l in lines.by_ref() {
                let words: Vec<&str> = l.split_whitespace().collect();
                match words.as_slice() {
                    [n, option, ..] if n.parse::<usize>().is_ok() => options.push((*option).to_owned()),
                    _ if l.starts_with('>') => break,
                    _ => {}
                }
            }
            out.push(options);
        }
    }
    out
}

/// WOD-RESP-11: `autopass on` passes at once for its person whenever every legal action is a
/// kind of pass, and never otherwise; without it the same game asks them.
#[test]
fn autopass_takes_only_decisions_where_passing_is_all_a_person_can_do() {
    let passes = ["pass", "pass-turn", "pass-until-my-turn"];
    let only_passes = |m: &Vec<String>| !m.is_empty() && m.iter().all(|o| passes.contains(&o.as_str()));
    let input = |autopass: bool| {
        let mut s = String::from(if autopass { "autopass on\n" } else { "" });
        s.push_str(&"1\n".repeat(60));
        s.push_str("quit!\n");
        s
    };
    let args = ["play", "world-of-dungeons", "--players", "3", "--seed", "4", "--seats", "human,random"];
    let asked = play(&args, &input(false));
    assert!(menus(&asked, "P1").iter().any(only_passes), "without autopass P1 is asked to pass:\n{asked}");
    let auto = play(&args, &input(true));
    assert!(unwrapped(&auto).contains("Autopass on: when every action you have is a pass, you pass at once."));
    let shown = menus(&auto, "P1");
    assert!(shown.len() > 10, "{auto}");
    assert!(!shown.iter().any(only_passes), "P1 was asked a pass-only decision with autopass on:\n{auto}");
    assert!(
        shown.iter().any(|m| m.iter().any(|o| passes.contains(&o.as_str()))),
        "windows with a playable card are still asked"
    );
}

#[test]
fn log_n_and_log_all_show_what_they_say_and_a_bad_view_says_what_is_valid() {
    let text = play(
        &["play", "world-dumbination", "--seats", "human,random", "--seed", "1"],
        "log 2\nlog all\nlog x\nmap 99\nquit!\n",
    );
    // `log 2`: the last two events of the ones so far; `log all`: every one, from the first.
    let screens: Vec<&str> = text.split("\n> ").collect();
    let two = screens[1].split("\n\n").next().unwrap();
    assert_eq!(two.lines().count(), 2, "{two}");
    assert!(two.starts_with("  · ") && two.contains("First Goal"), "{two}");
    let all = screens[2].split("\n\n").next().unwrap();
    assert!(all.starts_with("  · P1 plays USA\n  · P2 plays Russia\n"), "{all}");
    assert!(all.lines().count() > 2 && all.ends_with(two), "{all}");
    assert!(
        screens[3].starts_with(
            "Cannot read `log x`: write `log` (the last 20 events), `log N` (the last N, e.g.\n  `log 5`) or `log all`."
        ),
        "{}",
        screens[3]
    );
    assert!(
        screens[4].starts_with("Cannot show `map 99`. map: the world map; `map COL` (0–22) turns it so column\n  COL"),
        "{}",
        screens[4]
    );
}

#[test]
fn connect_fours_menu_numbers_are_its_column_labels() {
    // Against a human second seat, nothing moves but the typed columns.
    let text = play(&["play", "connect-four", "--seats", "human,human", "--seed", "1"], "3\n6\nquit!\n");
    // The menu lists the columns as the board labels them, once each: no second numbering.
    assert!(text.contains(" 0 1 2 3 4 5 6\n\nP1, your decision:\n  0     2     4     6\n  1     3     5\n"), "{text}");
    // `3` is column 3, not the menu's third line (column 2).
    let screens: Vec<&str> = text.split("\n> ").collect();
    assert!(screens[1].contains("|.|.|.|X|.|.|.|\n 0 1 2 3 4 5 6"), "{}", screens[1]);
    assert!(screens[2].contains("|.|.|.|X|.|.|O|\n 0 1 2 3 4 5 6"), "{}", screens[2]);
}

#[test]
fn a_decision_with_one_choice_is_taken_without_asking() {
    // World of Dungeons against bots: empty kick and stash steps were asked as `1  skip`.
    let text = play(&["play", "world-of-dungeons", "--seats", "human,random,random", "--seed", "3"], &"1\n".repeat(80));
    let lines: Vec<&str> = text.lines().collect();
    let asked = lines.iter().filter(|l| l.ends_with("your decision:")).count();
    assert!(asked > 40, "{asked} decisions asked");
    for (i, l) in lines.iter().enumerate() {
        if l.ends_with("your decision:") {
            let menu: Vec<&&str> = lines[i + 1..].iter().take_while(|l| !l.starts_with('>')).collect();
            assert!(menu.len() > 1, "a menu of one choice: {menu:?}");
        }
    }
    // The skipped steps are still taken and shown, as events.
    assert!(text.contains("  · P1 skips the kick step\n"), "{text}");
    assert!(text.contains("  · P1 skips the stash step\n"), "{text}");
}
