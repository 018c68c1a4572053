//! `worlds serve` as a child process, for the tests that kill it, stop it, starve it or share
//! its database with a second server.
#![allow(clippy::unwrap_used)]

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use worlds_server::client::Api;

/// A `worlds serve` child process listening on a free loopback port.
pub struct Server {
    pub child: Child,
    pub api: Api,
    /// Every line it wrote to stderr (its log), as it comes.
    pub log: Arc<Mutex<Vec<String>>>,
    /// Every line it wrote to stdout after its address.
    pub out: Arc<Mutex<Vec<String>>>,
}

/// Reads a pipe line by line into `into`, so the child never blocks on a full pipe.
fn drain(pipe: impl std::io::Read + Send + 'static, into: Arc<Mutex<Vec<String>>>) {
    std::thread::spawn(move || {
        for line in BufReader::new(pipe).lines().map_while(Result::ok) {
            into.lock().unwrap().push(line);
        }
    });
}

impl Server {
    pub fn start(database: &str) -> Server {
        Server::start_with(database, &[])
    }

    /// Starts `worlds serve --database DATABASE ARGS…` and waits until it listens.
    ///
    /// # Panics
    /// When it exits before listening (its log is in the message).
    pub fn start_with(database: &str, args: &[&str]) -> Server {
        match Server::try_start(database, args) {
            Ok(server) => server,
            Err(why) => panic!("worlds serve did not start: {why:?}"),
        }
    }

    /// As [`Server::start_with`]; a server that exits before listening gives its exit status
    /// and everything it wrote to stderr.
    pub fn try_start(database: &str, args: &[&str]) -> Result<Server, (ExitStatus, String)> {
        // `WORLDS_SERVE_BIN` runs the tests against another build (a release one, for a measurement).
        let binary = std::env::var("WORLDS_SERVE_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_worlds").to_owned());
        let mut child = Command::new(binary)
            .args(["serve", "--listen", "127.0.0.1:0", "--database", database])
            .args(args)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let log = Arc::new(Mutex::new(Vec::new()));
        drain(child.stderr.take().unwrap(), log.clone());
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let address = loop {
            match lines.next() {
                Some(Ok(line)) => {
                    if let Some(rest) = line.strip_prefix("Worlds server listening: open ") {
                        break rest.trim_end_matches('/').to_owned();
                    }
                }
                _ => {
                    let status = child.wait().unwrap();
                    // Let the stderr reader catch up with the last lines.
                    std::thread::sleep(Duration::from_millis(100));
                    return Err((status, log.lock().unwrap().join("\n")));
                }
            }
        };
        let out = Arc::new(Mutex::new(Vec::new()));
        let into = out.clone();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                into.lock().unwrap().push(line);
            }
        });
        Ok(Server { child, api: Api::new(&address), log, out })
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// SIGKILL: no shutdown, no flush.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// SIGTERM, then waits (at most `limit`) for the graceful stop; returns its exit status and
    /// what it printed on stdout meanwhile.
    pub fn terminate(mut self, limit: Duration) -> (ExitStatus, Vec<String>) {
        let status = Command::new("kill").args(["-TERM", &self.pid().to_string()]).status().unwrap();
        assert!(status.success(), "kill -TERM failed");
        let until = Instant::now() + limit;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                std::thread::sleep(Duration::from_millis(100));
                return (status, self.out.lock().unwrap().clone());
            }
            assert!(Instant::now() < until, "the server did not stop within {limit:?} of SIGTERM");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The server's resident memory now, in KiB (`VmRSS` of /proc/PID/status).
    pub fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).unwrap();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap()
    }

    /// The lines of its log so far.
    pub fn log_lines(&self) -> Vec<String> {
        self.log.lock().unwrap().clone()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A fresh SQLite database file's URL for one test.
pub fn sqlite_database(dir: &std::path::Path) -> String {
    std::fs::create_dir_all(dir).unwrap();
    let file = dir.join(format!("{}-{}.sqlite3", std::process::id(), worlds_server::token::short_id()));
    worlds_server::store::sqlite_url(&file)
}

/// The PostgreSQL server of the tests (`WORLDS_TEST_POSTGRES`), when there is one.
pub fn postgres_admin() -> Option<String> {
    std::env::var("WORLDS_TEST_POSTGRES").ok().filter(|u| !u.is_empty())
}

/// As [`postgres_admin`], saying that a test of PostgreSQL alone is skipped without one.
pub fn postgres_or_skip() -> Option<String> {
    let admin = postgres_admin();
    if admin.is_none() {
        eprintln!("WORLDS_TEST_POSTGRES is not set: skipped");
    }
    admin
}

/// A fresh database on the tests' PostgreSQL server: its URL.
pub async fn postgres_database(admin: &str) -> String {
    use sqlx::Executor;
    sqlx::any::install_default_drivers();
    let name = format!("worlds_cli_{}_{}", std::process::id(), worlds_server::token::short_id());
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(admin).await.unwrap();
    conn.execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).await.unwrap();
    let base = admin.rsplit_once('/').unwrap().0;
    format!("{base}/{name}")
}

pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap()
}
