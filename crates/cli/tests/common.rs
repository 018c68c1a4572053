//! What the tests of the `worlds` binary share: running it with some input, in a test's own
//! folders (never the user's saves).
#![allow(clippy::unwrap_used)]

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Runs `worlds ARGS` with `stdin`, without colour, matches left unsaved going to `saves`.
pub fn run_in(args: &[&str], stdin: &[u8], saves: &Path) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_worlds"))
        .args(args)
        .env("NO_COLOR", "1")
        .env("WORLDS_DATA_DIR", saves)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// Runs `worlds ARGS` with `stdin` as text.
pub fn worlds(args: &[&str], stdin: &str) -> Output {
    run_in(args, stdin.as_bytes(), &saves_dir())
}

/// Runs `worlds ARGS` with `stdin` as bytes (not necessarily UTF-8).
pub fn worlds_bytes(args: &[&str], stdin: &[u8]) -> Output {
    run_in(args, stdin, &saves_dir())
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// This test process's folder.
pub fn dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("worlds-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Where matches left unsaved are saved during these tests.
pub fn saves_dir() -> PathBuf {
    dir().join("saves")
}

pub fn temp(name: &str) -> PathBuf {
    dir().join(name)
}
