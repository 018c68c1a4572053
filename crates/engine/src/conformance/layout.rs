//! The layout of a game crate: modules that do not import each other in a loop, and files of a
//! readable size.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The modules a source file refers to through `crate::` (an item of the crate root counts as
/// `lib`).
fn references(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in source.lines() {
        let code = line.trim_start();
        if code.starts_with("//") {
            continue;
        }
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let names: Vec<&str> = if let Some(group) = rest.strip_prefix('{') {
                let end = group.find('}').unwrap_or(group.len());
                group[..end].split(',').map(|item| item.trim()).collect()
            } else {
                vec![rest]
            };
            for name in names {
                let ident: String = name.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                if ident.is_empty() {
                    continue;
                }
                let module = if ident.starts_with(char::is_uppercase) { "lib".to_owned() } else { ident };
                if !out.contains(&module) {
                    out.push(module);
                }
            }
        }
    }
    out
}

/// Every `.rs` file under `dir`, in its folders too, with its text, in path order.
fn rust_files(dir: &Path) -> Result<Vec<(PathBuf, String)>, String> {
    let mut out = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let entries = std::fs::read_dir(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        for entry in entries {
            let path = entry.map_err(|e| format!("{}: {e}", folder.display()))?.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                out.push((path, text));
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Checks that no `.rs` file under `dir` (in its folders too: tests, benches, examples) is
/// longer than `max_lines`.
///
/// # Errors
/// Every file that is too long, one a line, with its length.
pub fn check_file_lengths(dir: &Path, max_lines: usize) -> Result<(), String> {
    let problems: Vec<String> = rust_files(dir)?
        .into_iter()
        .filter_map(|(path, text)| {
            let lines = text.lines().count();
            (lines > max_lines).then(|| format!("{} has {lines} lines (at most {max_lines})", path.display()))
        })
        .collect();
    if problems.is_empty() { Ok(()) } else { Err(problems.join("\n")) }
}

/// Checks the layout of a game crate (`docs/adding-a-game.md`): the modules in `src` import each
/// other in one direction only, and no file, in its folders too, is longer than `max_lines`. A
/// folder (`rules/` with its `mod.rs` or a `rules.rs` beside it) is one module, and a short path
/// to a file in it (`crate::flow` for `rules/flow.rs`, re-exported by `lib.rs`) refers to the
/// folder. `lib.rs` declares and uses every module, so a module that refers to an item of the crate
/// root (`crate::Game`) makes a loop; other references are read from `crate::` paths.
///
/// # Errors
/// The first cycle found (as a path of modules) and every file that is too long.
pub fn check_layout(src: &Path, max_lines: usize) -> Result<(), String> {
    let mut graph: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut problems = Vec::new();
    let files = rust_files(src)?;
    // The folder each file in a folder belongs to, by the file's name: `flow` → `rules`.
    let mut room: BTreeMap<String, String> = BTreeMap::new();
    for (path, _) in &files {
        let parts: Vec<String> = path
            .strip_prefix(src)
            .map(|p| p.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect())
            .unwrap_or_default();
        if let [folder, .., file] = parts.as_slice()
            && let Some(stem) = file.strip_suffix(".rs").filter(|s| *s != "mod")
        {
            room.insert(stem.to_owned(), folder.clone());
        }
    }
    for (path, text) in files {
        let lines = text.lines().count();
        if lines > max_lines {
            problems.push(format!("{} has {lines} lines (at most {max_lines})", path.display()));
        }
        // A file in a folder belongs to the folder's module: `rules/combat.rs` is part of `rules`.
        let top = path.strip_prefix(src).ok().and_then(|p| p.components().next());
        let module = match top {
            Some(c) => {
                Path::new(c.as_os_str()).file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()
            }
            None => continue,
        };
        let refs: Vec<String> = references(&text)
            .into_iter()
            .map(|m| room.get(&m).cloned().unwrap_or(m))
            .filter(|m| *m != module)
            .collect();
        let entry = graph.entry(module).or_default();
        for r in refs {
            if !entry.contains(&r) {
                entry.push(r);
            }
        }
    }
    let modules: Vec<String> = graph.keys().filter(|m| *m != "lib").cloned().collect();
    graph.entry("lib".to_owned()).or_default().extend(modules);
    // Depth-first search for a cycle.
    fn visit(
        m: &str,
        graph: &BTreeMap<String, Vec<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match state.get(m) {
            Some(2) => return None,
            Some(1) => {
                let start = path.iter().position(|p| p == m).unwrap_or(0);
                let mut cycle = path[start..].to_vec();
                cycle.push(m.to_owned());
                return Some(cycle);
            }
            _ => {}
        }
        state.insert(m.to_owned(), 1);
        path.push(m.to_owned());
        for next in graph.get(m).into_iter().flatten() {
            if graph.contains_key(next)
                && let Some(c) = visit(next, graph, state, path)
            {
                return Some(c);
            }
        }
        path.pop();
        state.insert(m.to_owned(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for m in graph.keys() {
        if let Some(cycle) = visit(m, &graph, &mut state, &mut Vec::new()) {
            problems.insert(0, format!("modules import each other in a loop: {}", cycle.join(" → ")));
            break;
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(problems.join("\n")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_read_paths_groups_and_root_items() {
        let src = "use crate::state::{State, Phase};\nuse crate::{action::Action, Woobieworld};\n// crate::view in a comment\nlet x = crate::flow::turn(s);";
        assert_eq!(references(src), ["state", "action", "lib", "flow"]);
    }

    #[test]
    fn a_loop_between_modules_is_found() {
        let dir = std::env::temp_dir().join(format!("worlds-layout-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("lib.rs"), "mod a;\nmod b;\nmod c;\npub struct Game;\n").unwrap();
        std::fs::write(dir.join("a.rs"), "use crate::b::B;\n").unwrap();
        std::fs::write(dir.join("b.rs"), "pub struct B;\n").unwrap();
        std::fs::write(dir.join("c.rs"), "use crate::a;\n").unwrap();
        assert_eq!(check_layout(&dir, 600), Ok(()));
        // b reaches back to the game in lib.rs, which uses a, which uses b.
        std::fs::write(dir.join("b.rs"), "use crate::Game;\npub struct B;\n").unwrap();
        let err = check_layout(&dir, 600).unwrap_err();
        assert_eq!(err, "modules import each other in a loop: a → b → lib → a");
        assert!(check_layout(&dir, 1).unwrap_err().contains("lines (at most 1)"));
        // A file in a folder is part of the folder's module, and its length counts too.
        std::fs::write(dir.join("b.rs"), "pub struct B;\n").unwrap();
        std::fs::create_dir_all(dir.join("c")).unwrap();
        std::fs::write(dir.join("c").join("deep.rs"), "use crate::Game;\nuse crate::a;\n").unwrap();
        assert_eq!(check_layout(&dir, 600).unwrap_err(), "modules import each other in a loop: c → lib → c");
        // A short path to a file in a folder (re-exported by lib.rs) is a reference to the folder.
        std::fs::write(dir.join("c").join("deep.rs"), "use crate::a;\n").unwrap();
        std::fs::write(dir.join("b.rs"), "use crate::deep::D;\npub struct B;\n").unwrap();
        assert_eq!(check_layout(&dir, 600).unwrap_err(), "modules import each other in a loop: a → b → c → a");
        std::fs::write(dir.join("b.rs"), "pub struct B;\n").unwrap();
        std::fs::write(dir.join("c").join("deep.rs"), "fn f() {}\n".repeat(3)).unwrap();
        assert_eq!(check_layout(&dir, 600), Ok(()));
        let err = check_file_lengths(&dir, 3).unwrap_err();
        assert_eq!(err, format!("{} has 4 lines (at most 3)", dir.join("lib.rs").display()));
        let err = check_file_lengths(&dir, 2).unwrap_err();
        assert_eq!(
            err,
            format!(
                "{} has 3 lines (at most 2)\n{} has 4 lines (at most 2)",
                dir.join("c").join("deep.rs").display(),
                dir.join("lib.rs").display()
            )
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
