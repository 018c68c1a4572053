//! The repository keeps its own references honest, with nothing but the standard library:
//!
//! - Rule IDs. Every game crate `crates/games/<id>/` has `docs/rules/<id>.md`, which lists its rule
//!   IDs (`WW5-COMBAT-3`, `WOOB-HAND-1`); every ID listed there is referenced by the crate's code,
//!   tests or content (`src/`, `tests/`, `content/`; source and data files, not Markdown: a rule is
//!   covered by what implements or checks it), and every rule ID the crate references is listed
//!   there. Ruling IDs (`WOOB-RULING-2`) live in `docs/rulings/<id>.md` instead: those the crate
//!   references must have a section there.
//! - Links. Every relative link of the repository's Markdown (`README.md`, `docs/`, `crates/`,
//!   `fuzz/`) points at a file that exists, and an anchor into a Markdown file names one of its
//!   headings.
//!
//! Run alone with `cargo test -p worlds-registry --test main rule_ids::`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Component, Path, PathBuf};

/// The repository's root.
fn root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    here.canonicalize().unwrap_or(here)
}

/// `path` relative to the root, for messages.
fn shown(path: &Path) -> String {
    let root = root();
    path.strip_prefix(&root).unwrap_or(path).display().to_string()
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", shown(path)))
}

/// Every file under `dir` (recursively, in a stable order), skipping build output and hidden
/// folders. A missing `dir` has no files.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        let Ok(entries) = fs::read_dir(&d) else { continue };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for path in paths {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            if path.is_dir() {
                if !(name.starts_with('.') || name == "target" || name == "node_modules") {
                    pending.push(path);
                }
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| extensions.contains(&e))
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The rule IDs in `text`, as whole words: uppercase letters or digits, a dash, uppercase letters,
/// a dash, a number, perhaps one uppercase letter (`WW5-COMBAT-3`, `WOOB-SUPPORT-2`).
fn rule_ids(text: &str) -> BTreeSet<String> {
    let bytes = text.as_bytes();
    let mut ids = BTreeSet::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts_word = i == 0 || !is_word(bytes[i - 1]);
        match starts_word.then(|| id_at(bytes, i)).flatten() {
            Some(end) => {
                ids.insert(text[i..end].to_owned());
                i = end;
            }
            None => i += 1,
        }
    }
    ids
}

/// The end of the rule ID starting at `start`, if one does.
fn id_at(bytes: &[u8], start: usize) -> Option<usize> {
    let run = |from: usize, ok: fn(&u8) -> bool| from + bytes[from..].iter().take_while(|b| ok(b)).count();
    let prefix = run(start, |b| b.is_ascii_uppercase() || b.is_ascii_digit());
    if prefix == start || bytes.get(prefix) != Some(&b'-') {
        return None;
    }
    let topic = run(prefix + 1, u8::is_ascii_uppercase);
    if topic == prefix + 1 || bytes.get(topic) != Some(&b'-') {
        return None;
    }
    let mut end = run(topic + 1, u8::is_ascii_digit);
    if end == topic + 1 {
        return None;
    }
    if bytes.get(end).is_some_and(u8::is_ascii_uppercase) {
        end += 1;
    }
    (!bytes.get(end).copied().is_some_and(is_word)).then_some(end)
}

fn is_ruling(id: &str) -> bool {
    id.split('-').nth(1) == Some("RULING")
}

/// The game crates: the folders under `crates/games/`, named after the games' ids.
fn game_crates() -> Vec<(String, PathBuf)> {
    let dir = root().join("crates/games");
    let entries = fs::read_dir(&dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", shown(&dir)));
    let mut games: Vec<(String, PathBuf)> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir() && p.join("Cargo.toml").is_file())
        .filter_map(|p| Some((p.file_name()?.to_str()?.to_owned(), p)))
        .collect();
    games.sort();
    games
}

/// The kinds of file whose rule IDs count as references (source and data, not prose).
const REFERENCING: &[&str] = &["rs", "toml", "py", "ts", "js"];

/// Each rule ID that a game crate's code, tests and content reference, with the first file that
/// does.
fn referenced_ids(krate: &Path) -> BTreeMap<String, PathBuf> {
    let mut found = BTreeMap::new();
    for part in ["src", "tests", "content"] {
        for file in files_under(&krate.join(part)) {
            if !has_extension(&file, REFERENCING) {
                continue;
            }
            for id in rule_ids(&read(&file)) {
                found.entry(id).or_insert_with(|| file.clone());
            }
        }
    }
    found
}

/// The heading of a rules page's section listing the rules of a later part of the game.
const PENDING_HEADING: &str = "\n## Part 2 (not yet implemented)";

#[test]
fn every_rule_id_is_listed_and_referenced() {
    let root = root();
    let games = game_crates();
    assert!(!games.is_empty(), "no game crates found under {}", shown(&root.join("crates/games")));
    let mut problems = Vec::new();
    for (game, krate) in &games {
        let doc_path = root.join("docs/rules").join(format!("{game}.md"));
        let rulings_path = root.join("docs/rulings").join(format!("{game}.md"));
        let doc_name = shown(&doc_path);
        let referenced = referenced_ids(krate);

        // (a) every game crate has its page of rule IDs.
        let Ok(doc) = fs::read_to_string(&doc_path) else {
            problems.push(format!(
                "{game}: {doc_name} is missing: write it, one line per rule ID of the game ({} IDs are referenced by {})",
                referenced.keys().filter(|id| !is_ruling(id)).count(),
                shown(krate),
            ));
            continue;
        };
        let listed: BTreeSet<String> = rule_ids(&doc).into_iter().filter(|id| !is_ruling(id)).collect();
        if listed.is_empty() {
            problems.push(format!("{game}: {doc_name} lists no rule IDs"));
        }
        // A game built in parts lists the rules of a later part under this heading; they are
        // listed but need no code yet (`.ci/run` lets rule-coverage miss exactly these).
        let pending: BTreeSet<String> = doc
            .split_once(PENDING_HEADING)
            .map(|(_, rest)| rule_ids(rest).into_iter().filter(|id| !is_ruling(id)).collect())
            .unwrap_or_default();

        // (b) every listed ID is implemented or tested.
        for id in listed.iter().filter(|id| !referenced.contains_key(*id) && !pending.contains(*id)) {
            problems.push(format!(
                "{id}: listed in {doc_name} but referenced nowhere in {}/src, tests or content: name it in \
                 the code that implements it or the test that checks it (or remove it from {doc_name} if \
                 it is no rule of the game)",
                shown(krate),
            ));
        }

        // (c) every referenced ID is listed; ruling IDs have their section in docs/rulings.
        let rulings = fs::read_to_string(&rulings_path).map(|t| rule_ids(&t)).unwrap_or_default();
        for (id, file) in &referenced {
            if is_ruling(id) {
                if !rulings.contains(id) {
                    problems.push(format!(
                        "{id}: referenced in {} but not in {}: write the ruling there (or fix the ID)",
                        shown(file),
                        shown(&rulings_path),
                    ));
                }
            } else if !listed.contains(id) {
                problems.push(format!(
                    "{id}: referenced in {} but not listed in {doc_name}: add a line for it there (or fix the ID)",
                    shown(file),
                ));
            }
        }
    }
    assert!(problems.is_empty(), "rule IDs out of step ({}):\n  {}", problems.len(), problems.join("\n  "));
}

/// The repository's Markdown: the files at the root and in `fuzz/`, and everything under `docs/`
/// and `crates/`.
fn markdown_files() -> Vec<PathBuf> {
    let root = root();
    let mut files = Vec::new();
    for dir in [root.clone(), root.join("fuzz")] {
        if let Ok(entries) = fs::read_dir(&dir) {
            files.extend(entries.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_file()));
        }
    }
    files.extend(files_under(&root.join("docs")));
    files.extend(files_under(&root.join("crates")));
    files.retain(|p| has_extension(p, &["md"]));
    files.sort();
    files
}

/// The lines of a Markdown text outside fenced code blocks, with their numbers (from 1).
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut fence: Option<&str> = None;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        let marker = ["```", "~~~"].into_iter().find(|m| t.starts_with(m));
        match (fence, marker) {
            (None, Some(m)) => fence = Some(m),
            (Some(f), Some(m)) if f == m => fence = None,
            (None, None) => out.push((i + 1, line)),
            _ => {}
        }
    }
    out
}

/// A line without its inline code spans.
fn without_code(line: &str) -> String {
    line.split('`').step_by(2).collect::<Vec<_>>().join(" ")
}

/// The targets of the inline links `[text](target)` on a line (titles dropped).
fn link_targets(line: &str) -> Vec<String> {
    let line = without_code(line);
    let mut out = Vec::new();
    let mut rest = line.as_str();
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        let mut depth = 0usize;
        let end = rest
            .char_indices()
            .find(|&(_, c)| match c {
                '(' => {
                    depth += 1;
                    false
                }
                ')' if depth == 0 => true,
                ')' => {
                    depth -= 1;
                    false
                }
                _ => false,
            })
            .map_or(rest.len(), |(i, _)| i);
        let inner = rest[..end].trim();
        let target = match inner.strip_prefix('<') {
            Some(angled) => angled.split('>').next().unwrap_or_default(),
            None => inner.split_whitespace().next().unwrap_or_default(),
        };
        out.push(target.to_owned());
        rest = &rest[end..];
    }
    out
}

/// The anchors of a Markdown file's headings, as GitHub makes them: lowercase, punctuation
/// dropped, spaces turned into dashes, repeats numbered.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = BTreeSet::new();
    for (_, line) in prose_lines(text) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let title = line[hashes..].trim().trim_end_matches('#').trim();
        let slug: String = title
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        let n = seen.entry(slug.clone()).or_insert(0);
        out.insert(if *n == 0 { slug.clone() } else { format!("{slug}-{n}") });
        *n += 1;
    }
    out
}

/// `path` with `.` and `..` resolved, without touching the file system.
fn normalized(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    out
}

#[test]
fn every_relative_markdown_link_points_at_a_file() {
    let root = root();
    let files = markdown_files();
    assert!(files.iter().any(|f| f.ends_with("README.md")), "no Markdown found under {}", root.display());
    let mut problems = Vec::new();
    for file in &files {
        let text = read(file);
        let dir = file.parent().unwrap_or(&root);
        for (n, line) in prose_lines(&text) {
            for target in link_targets(line) {
                let external = target.contains("://") || target.starts_with("mailto:");
                if target.is_empty() || target.starts_with('#') || external {
                    continue;
                }
                let (path, anchor) = target.split_once('#').map_or((target.as_str(), None), |(p, a)| (p, Some(a)));
                let path = path.split('?').next().unwrap_or_default().replace("%20", " ");
                let resolved = match path.strip_prefix('/') {
                    Some(from_root) => root.join(from_root),
                    None => normalized(&dir.join(&path)),
                };
                let at = format!("{}:{n}", shown(file));
                if !resolved.exists() {
                    problems.push(format!(
                        "{at}: the link `{target}` points at {}, which does not exist",
                        shown(&resolved)
                    ));
                    continue;
                }
                if let Some(anchor) = anchor.filter(|_| has_extension(&resolved, &["md"]))
                    && !anchors(&read(&resolved)).contains(&anchor.to_lowercase())
                {
                    problems
                        .push(format!("{at}: the link `{target}`: {} has no heading `#{anchor}`", shown(&resolved)));
                }
            }
        }
    }
    assert!(problems.is_empty(), "broken links ({}):\n  {}", problems.len(), problems.join("\n  "));
}

#[test]
fn rule_ids_are_read_as_whole_words() {
    let ids = rule_ids("WW5-COMBAT-3, (WOOB-HAND-1) xWW5-MOVE-1 WW5-MOVE-12x WOD-RESP-11A AB-CD-EF-2 ww5-grow-1");
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    assert_eq!(ids, ["CD-EF-2", "WOD-RESP-11A", "WOOB-HAND-1", "WW5-COMBAT-3"]);
    assert!(is_ruling("WOOB-RULING-2") && !is_ruling("WOOB-PLAY-2"));
}

#[test]
fn links_and_anchors_are_read_as_github_does() {
    assert_eq!(
        link_targets(r#"see [a](docs/a.md), [b](<b c.md>) [t](x.md "title") `[no](code.md)` [w](f(1).md)"#),
        ["docs/a.md", "b c.md", "x.md", "f(1).md"]
    );
    let a = anchors("# Worlds — architecture\n## The `Game` trait\n```\n# not a heading\n```\n## Tests\n## Tests\n");
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    assert_eq!(a, ["tests", "tests-1", "the-game-trait", "worlds--architecture"]);
}
