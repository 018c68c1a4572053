//! `worlds serve` under storage faults: SQLite itself fails (a full disk, files it may not write)
//! or PostgreSQL does (its connections killed, the database read-only) while matches are being
//! created and played; the fault passes; the server is stopped by SIGKILL or SIGTERM. Afterwards
//! every match answered `201` and every acknowledged action is in the database, no client was
//! ever shown a step the database does not hold, and the writes that were not stored were
//! answered with errors.
#![allow(clippy::unwrap_used)]

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use worlds_server::client::{Api, Conn};

use crate::serving::{Server, postgres_database, runtime};

/// What the clients were told.
#[derive(Default, Debug)]
struct Ledger {
    /// Matches answered `201`.
    created: Vec<String>,
    /// Actions acknowledged: (match, step after it, notation).
    acked: Vec<(String, u64, String)>,
    /// The highest step any message of a match showed.
    shown: HashMap<String, u64>,
    /// Writes answered with an error (match creations, joins, actions).
    refused: usize,
    /// Answers seen, by kind (`ack`, `201`, or an error's kind).
    answers: HashMap<String, usize>,
}

impl Ledger {
    fn count(&mut self, what: &str) {
        *self.answers.entry(what.to_owned()).or_default() += 1;
    }

    fn show(&mut self, match_id: &str, message: &Value) {
        if let Some(step) = message["step"].as_u64() {
            let seen = self.shown.entry(match_id.to_owned()).or_default();
            *seen = (*seen).max(step);
        }
    }
}

/// One client creating matches and playing seat 0 at random until `stop`, against the server's
/// random bot; World War 5 (long matches) on odd workers, tic-tac-toe (many creations) on even.
async fn client(api: Api, worker: u64, stop: Arc<AtomicBool>, ledger: Arc<Mutex<Ledger>>) {
    let game = if worker % 2 == 1 { "world-war-5" } else { "tic-tac-toe" };
    let mut rng = worlds_engine::SeededRng::new(worker);
    let mut id = 0u64;
    while !stop.load(Ordering::Relaxed) {
        let request = json!({"game": game, "players": 2, "seats": ["human", "random"]});
        let (status, body) = match api.request("POST", "/api/matches", Some(&request), None).await {
            Ok(answer) => answer,
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        if status != 201 {
            {
                let mut l = ledger.lock().unwrap();
                l.refused += 1;
                l.count(&format!("create {status}"));
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        let match_id = body["match"].as_str().unwrap().to_owned();
        let token = body["invites"][0]["token"].as_str().unwrap().to_owned();
        {
            let mut l = ledger.lock().unwrap();
            l.created.push(match_id.clone());
            l.count("201");
        }
        let joined = tokio::time::timeout(Duration::from_secs(5), Conn::join(&api, &token, None)).await;
        let (mut conn, welcome) = match joined {
            Ok(Ok(joined)) => joined,
            Ok(Err(e)) => {
                // The join's claim of the seat is a write: refused while the database fails.
                let mut l = ledger.lock().unwrap();
                if e.to_string().contains("\"unavailable\"") {
                    l.refused += 1;
                }
                l.count("join refused");
                continue;
            }
            Err(_) => continue,
        };
        ledger.lock().unwrap().show(&match_id, &welcome);
        'play: while !stop.load(Ordering::Relaxed) {
            // The next state to act on; a match that goes quiet (its bot's move not stored) is
            // left for a new one.
            let state = loop {
                match tokio::time::timeout(Duration::from_secs(2), conn.next()).await {
                    Ok(Ok(m)) => {
                        ledger.lock().unwrap().show(&match_id, &m);
                        if m["type"] == "state" {
                            break m;
                        }
                    }
                    _ => break 'play,
                }
            };
            if state["status"] == "finished" {
                break;
            }
            let Some(legal) = state["legal"].as_array().filter(|l| !l.is_empty()) else { continue };
            let text = legal[rng.below(legal.len() as u32) as usize]["text"].as_str().unwrap().to_owned();
            id += 1;
            let Ok(Ok(answer)) = tokio::time::timeout(Duration::from_secs(10), conn.act(id, &text)).await else {
                break;
            };
            let mut l = ledger.lock().unwrap();
            l.show(&match_id, &answer);
            if answer["type"] == "ack" {
                l.acked.push((match_id.clone(), answer["step"].as_u64().unwrap(), text));
                l.count("ack");
            } else {
                l.refused += 1;
                l.count(answer["kind"].as_str().unwrap_or("?"));
            }
        }
        conn.close().await;
    }
}

/// Clients playing against `api` until the returned flag is set.
fn load(api: &Api, clients: u64, ledger: &Arc<Mutex<Ledger>>) -> (Arc<AtomicBool>, Vec<tokio::task::JoinHandle<()>>) {
    let stop = Arc::new(AtomicBool::new(false));
    let tasks = (0..clients).map(|w| tokio::spawn(client(api.clone(), w, stop.clone(), ledger.clone()))).collect();
    (stop, tasks)
}

/// How the server ends after the fault.
#[derive(Clone, Copy, Debug)]
enum Stop {
    Kill,
    Term,
}

/// What fails.
trait Fault {
    /// Makes the database fail (the server runs as `pid`).
    fn begin(&mut self, pid: u32);
    /// Makes it work again.
    fn end(&mut self, pid: u32);
    /// Whether writes still succeed now and then during the fault (connections killed every few
    /// milliseconds), so the server is degraded only between a refused batch and the next commit.
    fn intermittent(&self) -> bool {
        false
    }
}

/// Runs the scenario: load, the fault for `fault_for`, load again, the stop; then checks the
/// database at `url` against what the clients were told.
async fn scenario(url: &str, fault: &mut dyn Fault, stop_by: Stop, label: &str) {
    // The clients all come from one address and create many matches: no per-address limits.
    let server = Server::start_with(url, &["--matches-per-minute", "0", "--connections-per-address", "0"]);
    let pid = server.pid();
    let ledger = Arc::new(Mutex::new(Ledger::default()));
    let (stop, tasks) = load(&server.api, 6, &ledger);
    tokio::time::sleep(Duration::from_millis(700)).await;
    let before = ledger.lock().unwrap().acked.len();
    fault.begin(pid);
    // Longer than a client waits for a quiet match (2 s): some then try to create another.
    // Meanwhile /healthz is asked every 50 ms: the server must say it is degraded.
    let (mut health, mut said_503) = ((0, Value::Null), false);
    let fault_until = Instant::now() + Duration::from_millis(2500);
    while Instant::now() < fault_until {
        tokio::time::sleep(Duration::from_millis(50)).await;
        health = server.api.request("GET", "/healthz", None, None).await.unwrap();
        if health.0 == 503 {
            said_503 = true;
            assert!(
                [json!({"status": "database refuses writes"}), json!({"status": "database unavailable"})]
                    .contains(&health.1),
                "{label}: /healthz said 503 with {:?}",
                health.1
            );
        }
    }
    let failures = storage_failures(&server.api).await;
    fault.end(pid);
    let during = ledger.lock().unwrap().acked.len();
    // The server recovers by itself: /healthz is OK again and actions are acknowledged again.
    let mut healthy = false;
    for _ in 0..100 {
        if let Ok((200, _)) = server.api.request("GET", "/healthz", None, None).await {
            healthy = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(healthy, "{label}: /healthz is not OK 10 s after the fault ended");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        let _ = tokio::time::timeout(Duration::from_secs(15), t).await;
    }
    let after = ledger.lock().unwrap().acked.len();
    // A fault is logged, not flooded: nothing retries in a tight loop while the database fails.
    let logged = server.log_lines().len();
    assert!(logged < 3_000, "{label}: the server logged {logged} lines");
    match stop_by {
        Stop::Kill => server.kill(),
        Stop::Term => {
            let (status, out) = server.terminate(Duration::from_secs(30));
            assert!(status.success(), "{label}: the graceful stop failed: {status}");
            assert!(out.iter().any(|l| l == "Stopped."), "{label}: {out:?}");
        }
    }
    let ledger = Arc::try_unwrap(ledger).unwrap().into_inner().unwrap();
    eprintln!(
        "{label}: {} matches created, {} actions acknowledged ({before} before the fault, {} during, {} after), {} refused: {:?}; {logged} lines logged",
        ledger.created.len(),
        ledger.acked.len(),
        during - before,
        after - during,
        ledger.refused,
        ledger.answers
    );
    assert!(ledger.refused > 0, "{label}: the fault refused no write, so it tested nothing: {:?}", ledger.answers);
    assert!(after > during, "{label}: no action was acknowledged after the fault ended");
    assert!(failures > 0, "{label}: the database refused no batch");
    // 503: it refuses writes (or, its connections killed, does not even answer).
    assert!(said_503, "{label}: /healthz never said 503 during the fault");
    if !fault.intermittent() {
        // A fault that refuses every write keeps the server degraded to its end, and says why.
        assert_eq!(health.0, 503, "{label}: /healthz at the end of the fault: {:?}", health.1);
        assert!(
            [json!({"status": "database refuses writes"}), json!({"status": "database unavailable"})]
                .contains(&health.1),
            "{label}: {:?}",
            health.1
        );
    }
    check_stored(url, &ledger, label).await;
}

/// The server's count of batches the database refused.
async fn storage_failures(api: &Api) -> u64 {
    let (_, metrics) = api.request("GET", "/metrics", None, None).await.unwrap();
    let text = metrics.as_str().unwrap_or_default();
    text.lines()
        .find_map(|l| l.strip_prefix("worlds_storage_failures_total "))
        .and_then(|v| v.trim().parse().ok())
        .unwrap()
}

/// Every match answered `201` exists, every acknowledged action is stored at its step, and no
/// match was shown at a step past what it holds.
async fn check_stored(url: &str, ledger: &Ledger, label: &str) {
    let store = worlds_server::Store::open(url).await.unwrap();
    let mut actions: HashMap<String, Vec<worlds_server::store::ActionRow>> = HashMap::new();
    let mut missing = Vec::new();
    for id in &ledger.created {
        match store.load(id).await.unwrap() {
            Some((_, log)) => {
                actions.insert(id.clone(), log);
            }
            None => missing.push(id.clone()),
        }
    }
    assert!(
        missing.is_empty(),
        "{label}: {} of {} matches answered 201 are not stored",
        missing.len(),
        ledger.created.len()
    );
    let mut lost = Vec::new();
    for (id, step, text) in &ledger.acked {
        let stored = actions[id].get(*step as usize - 1);
        if stored.map(|a| (a.seat, a.action.as_str())) != Some((0, text.as_str())) {
            lost.push(format!("{id} step {step} `{text}`: stored {stored:?}"));
        }
    }
    assert!(
        lost.is_empty(),
        "{label}: {} of {} acknowledged actions are not stored: {:?}",
        lost.len(),
        ledger.acked.len(),
        &lost[..lost.len().min(5)]
    );
    let mut ahead = Vec::new();
    for (id, shown) in &ledger.shown {
        let held = actions.get(id).map_or(0, Vec::len) as u64;
        if *shown > held {
            ahead.push(format!("{id}: shown step {shown}, {held} actions stored"));
        }
    }
    assert!(
        ahead.is_empty(),
        "{label}: clients were shown steps that are not stored: {:?}",
        &ahead[..ahead.len().min(5)]
    );
    store.close(Duration::from_secs(5)).await;
}

/// A folder on a small filesystem of its own (tmpfs), to fill up; `None` where this process may
/// not mount one (not root): then the file-size limit stands in for a full disk.
struct SmallDisk {
    dir: PathBuf,
    filler: PathBuf,
}

impl SmallDisk {
    fn mount() -> Option<SmallDisk> {
        let dir = std::env::temp_dir().join(format!(
            "worlds-small-disk-{}-{}",
            std::process::id(),
            worlds_server::token::short_id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=24m", "worlds-small-disk"])
            .arg(&dir)
            .output()
            .is_ok_and(|o| o.status.success());
        if !mounted {
            eprintln!("cannot mount a tmpfs here (not root?): the file-size limit stands in for a full disk");
            let _ = std::fs::remove_dir(&dir);
            return None;
        }
        Some(SmallDisk { filler: dir.join("filler"), dir })
    }

    fn url(&self) -> String {
        worlds_server::store::sqlite_url(&self.dir.join("worlds.sqlite3"))
    }
}

impl Fault for SmallDisk {
    /// Fills the filesystem to the last byte.
    fn begin(&mut self, _pid: u32) {
        use std::io::Write as _;
        let mut file = std::fs::File::create(&self.filler).unwrap();
        let chunk = vec![0u8; 64 * 1024];
        while file.write_all(&chunk).is_ok() {}
        let mut byte = [0u8; 1];
        while file.write_all(&byte).is_ok() {
            byte[0] = byte[0].wrapping_add(1);
        }
        let _ = file.sync_all();
    }

    fn end(&mut self, _pid: u32) {
        std::fs::remove_file(&self.filler).unwrap();
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.dir).status();
        let _ = std::fs::remove_dir(&self.dir);
    }
}

/// The server may not write past the first byte of any file (`RLIMIT_FSIZE`, set on the running
/// process with prlimit): every write SQLite makes fails with EFBIG.
struct FileSizeLimit;

impl Fault for FileSizeLimit {
    fn begin(&mut self, pid: u32) {
        prlimit(pid, "1:unlimited");
    }

    fn end(&mut self, pid: u32) {
        prlimit(pid, "unlimited:unlimited");
    }
}

fn prlimit(pid: u32, fsize: &str) {
    let status = Command::new("prlimit").arg(format!("--pid={pid}")).arg(format!("--fsize={fsize}")).status().unwrap();
    assert!(status.success(), "prlimit --fsize={fsize} failed");
}

fn sqlite_dir() -> PathBuf {
    std::env::temp_dir().join("worlds-cli-fault-tests")
}

fn full_disk(stop_by: Stop) {
    runtime().block_on(async {
        match SmallDisk::mount() {
            Some(mut disk) => {
                let url = disk.url();
                scenario(&url, &mut disk, stop_by, &format!("SQLite on a full disk, then {stop_by:?}")).await;
            }
            None => {
                let url = crate::serving::sqlite_database(&sqlite_dir());
                scenario(
                    &url,
                    &mut FileSizeLimit,
                    stop_by,
                    &format!("SQLite over its file-size limit, then {stop_by:?}"),
                )
                .await;
            }
        }
    });
}

#[test]
fn sqlite_full_disk_then_sigkill_loses_no_acknowledged_write() {
    full_disk(Stop::Kill);
}

#[test]
fn sqlite_full_disk_then_sigterm_loses_no_acknowledged_write() {
    full_disk(Stop::Term);
}

fn unwritable(stop_by: Stop) {
    runtime().block_on(async {
        let url = crate::serving::sqlite_database(&sqlite_dir());
        scenario(&url, &mut FileSizeLimit, stop_by, &format!("SQLite with unwritable files, then {stop_by:?}")).await;
    });
}

#[test]
fn sqlite_unwritable_files_then_sigkill_lose_no_acknowledged_write() {
    unwritable(Stop::Kill);
}

#[test]
fn sqlite_unwritable_files_then_sigterm_lose_no_acknowledged_write() {
    unwritable(Stop::Term);
}

/// PostgreSQL faults, made by the superuser of the tests' server on the test's own database.
struct Postgres {
    admin: String,
    database: String,
    read_only: bool,
    /// Kills the database's connections every 10 ms while the fault lasts.
    killer: Option<(Arc<AtomicBool>, std::thread::JoinHandle<()>)>,
}

impl Postgres {
    fn run(admin: &str, sql: &str) {
        let admin = admin.to_owned();
        let sql = sql.to_owned();
        // Its own thread and runtime: the fault is made from synchronous code.
        std::thread::spawn(move || {
            runtime().block_on(async move {
                use sqlx::Executor;
                let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&admin).await.unwrap();
                conn.execute(sqlx::AssertSqlSafe(sql)).await.unwrap();
            });
        })
        .join()
        .unwrap();
    }

    fn terminate_all(&self) {
        Postgres::run(
            &self.admin,
            &format!(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{}' AND pid <> pg_backend_pid()",
                self.database
            ),
        );
    }
}

impl Fault for Postgres {
    fn intermittent(&self) -> bool {
        !self.read_only
    }

    fn begin(&mut self, _pid: u32) {
        if self.read_only {
            Postgres::run(
                &self.admin,
                &format!("ALTER DATABASE {} SET default_transaction_read_only = on", self.database),
            );
            self.terminate_all();
        } else {
            let stop = Arc::new(AtomicBool::new(false));
            let (admin, database, flag) = (self.admin.clone(), self.database.clone(), stop.clone());
            let killer = std::thread::spawn(move || {
                let p = Postgres { admin, database, read_only: false, killer: None };
                while !flag.load(Ordering::Relaxed) {
                    p.terminate_all();
                    std::thread::sleep(Duration::from_millis(10));
                }
            });
            self.killer = Some((stop, killer));
        }
    }

    fn end(&mut self, _pid: u32) {
        if self.read_only {
            Postgres::run(
                &self.admin,
                &format!("ALTER DATABASE {} RESET default_transaction_read_only", self.database),
            );
            self.terminate_all();
        } else if let Some((stop, killer)) = self.killer.take() {
            stop.store(true, Ordering::Relaxed);
            killer.join().unwrap();
        }
    }
}

fn postgres(read_only: bool, stop_by: Stop) {
    let Some(admin) = crate::serving::postgres_or_skip() else { return };
    runtime().block_on(async {
        let url = postgres_database(&admin).await;
        let database = url.rsplit_once('/').unwrap().1.to_owned();
        let mut fault = Postgres { admin: admin.clone(), database, read_only, killer: None };
        let what = if read_only { "read-only" } else { "its connections killed" };
        scenario(&url, &mut fault, stop_by, &format!("PostgreSQL {what}, then {stop_by:?}")).await;
    });
}

#[test]
fn postgres_connections_killed_then_sigkill_lose_no_acknowledged_write() {
    postgres(false, Stop::Kill);
}

#[test]
fn postgres_connections_killed_then_sigterm_lose_no_acknowledged_write() {
    postgres(false, Stop::Term);
}

#[test]
fn postgres_read_only_then_sigkill_loses_no_acknowledged_write() {
    postgres(true, Stop::Kill);
}

#[test]
fn postgres_read_only_then_sigterm_loses_no_acknowledged_write() {
    postgres(true, Stop::Term);
}
