//! Every Rust file of the workspace, tests and benches included, stays readable: at most 600
//! lines (`docs/adding-a-game.md`; split by role, never to dodge the limit).

#[test]
fn no_rust_file_in_the_workspace_is_longer_than_600_lines() {
    let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut problems = Vec::new();
    for entry in std::fs::read_dir(&crates).unwrap() {
        let dir = entry.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        // `crates/games` holds one crate per game; every other folder is a crate.
        let roots: Vec<std::path::PathBuf> = if dir.ends_with("games") {
            std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_dir()).collect()
        } else {
            vec![dir]
        };
        for root in roots {
            for part in ["src", "tests", "benches", "examples"] {
                let folder = root.join(part);
                if folder.is_dir()
                    && let Err(e) = worlds_engine::conformance::check_file_lengths(&folder, 600)
                {
                    problems.push(e);
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every file of every game's `src/` has a role in `docs/adding-a-game.md`'s table of files.
#[test]
fn every_game_file_has_a_role_in_adding_a_game() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let page = std::fs::read_to_string(root.join("docs/adding-a-game.md")).unwrap();
    let start = page.find("| file | role |").expect("the table of files");
    let table: Vec<&str> = page[start..].lines().take_while(|l| l.starts_with('|')).collect();
    // The files and folders a row names: its first cell's `name.rs` and `room/`.
    let named: Vec<&str> = table
        .iter()
        .filter_map(|row| row.split('|').nth(1))
        .flat_map(|cell| cell.split('`').skip(1).step_by(2))
        .filter(|name| name.ends_with(".rs") || name.ends_with('/'))
        .collect();
    assert!(named.contains(&"lib.rs") && named.contains(&"flow.rs") && named.contains(&"rules/"), "{named:?}");
    let mut missing = Vec::new();
    for game in std::fs::read_dir(root.join("crates/games")).unwrap() {
        let src = game.unwrap().path().join("src");
        for file in std::fs::read_dir(&src).unwrap() {
            let file = file.unwrap().path();
            let name = file.file_name().unwrap().to_string_lossy().into_owned();
            let name = if file.is_dir() { format!("{name}/") } else { name };
            if !named.contains(&name.as_str()) {
                missing.push(format!("{}", file.display()));
            }
        }
    }
    assert!(missing.is_empty(), "files with no role in docs/adding-a-game.md's table:\n{}", missing.join("\n"));
}

/// The same rooms in every game: each crate has the four folders, in `present/` the observation
/// (`view.rs`) and the table (`table.rs`) every screen draws, and with hidden information its
/// `hidden.rs`.
#[test]
fn every_game_has_the_same_rooms() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut missing = Vec::new();
    let mut games = 0;
    for info in worlds_registry::games() {
        let src = root.join("crates/games").join(info.id).join("src");
        if !src.is_dir() {
            continue; // a reference game of the engine's (tic-tac-toe, connect-four)
        }
        games += 1;
        let rooms = ["rules/mod.rs", "present/mod.rs", "content/mod.rs", "setup/mod.rs", "present/view.rs"];
        let hidden = info.hidden_information.then_some("hidden.rs");
        for file in rooms.into_iter().chain(["present/table.rs"]).chain(hidden) {
            if !src.join(file).is_file() {
                missing.push(format!("{}", src.join(file).display()));
            }
        }
    }
    assert_eq!(games, 5);
    assert!(missing.is_empty(), "missing:\n{}", missing.join("\n"));
}
