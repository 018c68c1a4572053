//! `worlds serve` and `worlds loadtest`.

use std::net::SocketAddr;

use anyhow::Context;
use serde_json::json;
use worlds_server::{Limits, ServerConfig, store};

fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread().enable_all().build().context("starting the async runtime")
}

/// Starts the server and runs until Ctrl-C or SIGTERM.
pub fn serve(listen: SocketAddr, database: Option<String>, allow_origin: Vec<String>) -> anyhow::Result<()> {
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
    let limits = Limits { allowed_origins: allow_origin, ..Limits::default() };
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
