//! `worlds serve` and `worlds loadtest`.

use std::net::SocketAddr;

use anyhow::Context;
use serde_json::json;
use worlds_server::{Limits, ServerConfig, store};

fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread().enable_all().build().context("starting the async runtime")
}

/// The limits of `worlds serve` an operator may change (docs/server.md, "Limits").
#[derive(clap::Args, Clone, Debug)]
pub struct LimitArgs {
    /// New matches one address may create a minute (0: no limit; raise it for a load test).
    #[arg(long, value_name = "N", default_value_t = 60)]
    pub matches_per_minute: u32,
    /// Connections one address may hold at once (0: no limit; raise it for a load test).
    #[arg(long, value_name = "N", default_value_t = 256)]
    pub connections_per_address: usize,
    /// Connections held at once, in all (at most what the open-file limit allows).
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub max_connections: usize,
    /// The longest a client may take to receive a round of messages before it is closed as too
    /// slow (4408), in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    pub write_timeout_ms: u64,
    /// The longest a bot may think per decision, in milliseconds (a longer `mcts:…` is refused).
    #[arg(long, value_name = "MS", default_value_t = 5_000)]
    pub bot_time_ms: u64,
    /// The most iterations a bot may search per decision.
    #[arg(long, value_name = "N", default_value_t = 20_000)]
    pub bot_iterations: u32,
    /// The most threads one bot may search on.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub bot_threads: u16,
    /// Hours a match may wait for its players before it ends unplayed.
    #[arg(long, value_name = "HOURS", default_value_t = 168)]
    pub waiting_expiry_hours: u64,
}

impl LimitArgs {
    fn limits(&self, allowed_origins: Vec<String>) -> anyhow::Result<Limits> {
        if self.write_timeout_ms == 0 || self.bot_time_ms == 0 || self.bot_iterations == 0 || self.bot_threads == 0 {
            anyhow::bail!("--write-timeout-ms, --bot-time-ms, --bot-iterations and --bot-threads must be more than 0");
        }
        if self.max_connections < 16 {
            anyhow::bail!("--max-connections: at least 16, not {}", self.max_connections);
        }
        if self.waiting_expiry_hours == 0 || self.waiting_expiry_hours > 24 * 365 {
            anyhow::bail!("--waiting-expiry-hours: from 1 to 8760 (a year), not {}", self.waiting_expiry_hours);
        }
        let defaults = Limits::default();
        Ok(Limits {
            allowed_origins,
            matches_per_minute: self.matches_per_minute,
            matches_burst: self.matches_per_minute.max(1),
            max_connections_per_address: self.connections_per_address,
            max_connections: self.max_connections,
            write_timeout: std::time::Duration::from_millis(self.write_timeout_ms),
            waiting_expiry: std::time::Duration::from_secs(self.waiting_expiry_hours * 3600),
            bots: worlds_server::BotPolicy {
                max_time: std::time::Duration::from_millis(self.bot_time_ms),
                max_iterations: self.bot_iterations,
                max_threads: self.bot_threads,
                ..defaults.bots
            },
            ..defaults
        })
    }
}

/// Starts the server and runs until Ctrl-C or SIGTERM.
pub fn serve(
    listen: SocketAddr,
    database: Option<String>,
    allow_origin: Vec<String>,
    limit_args: &LimitArgs,
) -> anyhow::Result<()> {
    let limits = limit_args.limits(allow_origin)?;
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,sqlx=warn,tower_http=warn".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    let database = match database {
        Some(url) => url,
        None => {
            let path = store::default_sqlite_path();
            outln!("Database: {} (SQLite; --database postgres://… for PostgreSQL)", path.display());
            store::sqlite_url(&path)
        }
    };
    runtime()?.block_on(async move {
        let running = worlds_server::start(ServerConfig { listen, database, limits }).await?;
        outln!("Worlds server listening: open http://{}/", running.addr);
        outln!("Stop with Ctrl-C (matches in progress are kept and resume at the next start).");
        worlds_server::shutdown_signal().await;
        outln!("Stopping: finishing the writes in progress…");
        running.shutdown().await;
        outln!("Stopped.");
        Ok(())
    })
}

/// Plays concurrent matches against a running server and reports throughput and latency.
pub fn loadtest(url: &str, options: &worlds_server::client::LoadOptions, json_out: bool) -> anyhow::Result<()> {
    let (game, matches, seconds) = (&options.game, options.matches, options.seconds);
    if matches == 0 || seconds.is_nan() || seconds <= 0.0 {
        anyhow::bail!("--matches and --seconds must be more than 0");
    }
    let think_ms = options.think.as_secs_f64() * 1000.0;
    let report = runtime()?.block_on(worlds_server::client::loadtest(url, options))?;
    let (p50, p99) = (report.quantile_ms(0.5), report.quantile_ms(0.99));
    if json_out {
        outln!(
            "{}",
            json!({
                "game": game, "matches": matches, "seconds": report.seconds, "acks": report.acks,
                "acks_per_second": report.per_second(), "p50_ms": p50, "p99_ms": p99, "think_ms": think_ms,
                "stored": report.stored, "stored_per_second": report.stored_per_second(),
                "errors": report.errors, "matches_finished": report.matches_finished,
            })
        );
    } else {
        let thinking =
            if think_ms > 0.0 { format!(", {think_ms:.0} ms thinking before each action") } else { String::new() };
        outln!("{game}: {matches} concurrent matches for {:.1} s against {url}{thinking}", report.seconds);
        outln!("  acknowledged actions: {} ({:.0} per second)", report.acks, report.per_second());
        outln!(
            "  stored by the server: {} ({:.0} per second, the bots' too)",
            report.stored,
            report.stored_per_second()
        );
        outln!("  send → ack latency:   p50 {p50:.2} ms, p99 {p99:.2} ms");
        outln!("  matches finished:     {}; refused actions: {}", report.matches_finished, report.errors);
    }
    Ok(())
}
