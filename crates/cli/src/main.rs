//! `worlds`: play, replay, drive by JSON and benchmark every Worlds game.
#![forbid(unsafe_code)]

/// `println!` that ends the program quietly when stdout is closed (e.g. piped into `head`)
/// instead of panicking.
macro_rules! outln {
    () => { $crate::emit(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::emit(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `print!` with the same care as [`outln!`].
macro_rules! out {
    ($($arg:tt)*) => { $crate::emit(format_args!($($arg)*)) };
}

mod bench;
mod errors;
mod markdown;
mod menu;
mod options;
mod play;
mod replay;
mod serve;
mod sim;
mod terminal;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::options::{ColourChoice, GameArgs};

#[derive(Parser, Debug)]
#[command(
    name = "worlds",
    version,
    about = "Five board games with their rules fully enforced: play, replay, simulate."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the games with their player counts and variants.
    Games,
    /// Play a game in the terminal against friends (`human` seats) or bots.
    Play {
        #[command(flatten)]
        game: GameArgs,
        /// Who sits where, in seat order: `human` or an agent (random, greedy, mcts:500,
        /// mcts:2s:threads=2). Fewer than the players: the last repeats. Default: you, then random
        /// bots.
        #[arg(long, value_delimiter = ',')]
        seats: Vec<String>,
        /// The match's random seed (default: from the clock).
        #[arg(long)]
        seed: Option<u64>,
        /// Continue a match saved with `save FILE` (or `--save`).
        #[arg(long, value_name = "FILE")]
        load: Option<std::path::PathBuf>,
        /// Keep the match saved in FILE after every action (refused if FILE holds another match).
        #[arg(long, value_name = "FILE")]
        save: Option<std::path::PathBuf>,
        /// Let `--save` overwrite a FILE that holds another match.
        #[arg(long)]
        force: bool,
        #[arg(long, value_enum, default_value_t = ColourChoice::Auto)]
        colour: ColourChoice,
    },
    /// Step through a saved match, as a spectator sees it (or as a seat does, or everything).
    Replay {
        file: std::path::PathBuf,
        /// Print every step at once instead of stepping.
        #[arg(long)]
        print: bool,
        /// Show the match as this seat saw it (1-based, e.g. 2 or P2): its hand, its events.
        #[arg(long, value_name = "SEAT", conflicts_with = "all")]
        viewer: Option<String>,
        /// Show every event, hidden ones included.
        #[arg(long)]
        all: bool,
        #[arg(long, value_enum, default_value_t = ColourChoice::Auto)]
        colour: ColourChoice,
    },
    /// Play many bot games in parallel and summarise them (win rates with intervals, lengths, plots).
    Sim {
        #[command(flatten)]
        game: GameArgs,
        /// Agents by seat (random, greedy, mcts:500, ismcts:1s, ...); the last repeats.
        #[arg(long, value_delimiter = ',', required = true)]
        seats: Vec<String>,
        #[arg(long, default_value_t = 100)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: all cores). Results do not depend on it.
        #[arg(long)]
        threads: Option<usize>,
        /// Rotate seat assignments so each agent plays each seat equally often.
        #[arg(long)]
        rotate: bool,
        /// Count the actions whose notation starts with this word (e.g. `play`), by seat: how often
        /// each is taken and how its takers fare. Repeatable
        #[arg(long, value_name = "WORD")]
        count: Vec<String>,
        /// Write games.jsonl, summary.json, summary.md and SVG plots into this folder.
        #[arg(long, value_name = "DIR")]
        out: Option<std::path::PathBuf>,
    },
    /// Every agent plays every seat; prints ratings and head-to-head win rates.
    Tournament {
        #[command(flatten)]
        game: GameArgs,
        /// The agents (at least two).
        #[arg(long, value_delimiter = ',', required = true)]
        agents: Vec<String>,
        #[arg(long, default_value_t = 100)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long)]
        threads: Option<usize>,
        /// Print JSON instead of tables.
        #[arg(long)]
        json: bool,
    },
    /// Speak the JSON-lines protocol on stdin/stdout (see docs/protocol.md).
    Engine,
    /// Show a game's player's page, drawn for the terminal.
    Rules {
        game: String,
        #[arg(long, value_enum, default_value_t = ColourChoice::Auto)]
        colour: ColourChoice,
    },
    /// Measure throughput on one core: random playouts, or MCTS iterations (`--mode mcts`).
    Bench {
        #[command(flatten)]
        game: GameArgs,
        #[arg(long, default_value = "playouts")]
        mode: String,
        #[arg(long, default_value_t = 5.0)]
        seconds: f64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Hold online matches: HTTP + WebSocket (protocol: docs/server.md).
    Serve {
        /// The address to listen on.
        #[arg(long, default_value = "127.0.0.1:8080")]
        listen: std::net::SocketAddr,
        /// `postgres://USER@HOST/DB`, or `sqlite://FILE` (default: an SQLite file in your data
        /// directory).
        #[arg(long, env = "WORLDS_DATABASE")]
        database: Option<String>,
        /// Another origin whose pages may open games here (repeatable), e.g. https://worlds.example.
        #[arg(long, value_name = "ORIGIN")]
        allow_origin: Vec<String>,
        #[command(flatten)]
        limits: serve::LimitArgs,
    },
    /// Play many concurrent matches against a server over WebSocket; print actions per second and
    /// latency from send to acknowledgement.
    Loadtest {
        /// The server, e.g. http://127.0.0.1:8080.
        #[arg(long)]
        url: String,
        /// Concurrent matches (one client seat each; the server's random bots fill the others).
        #[arg(long, default_value_t = 100)]
        matches: usize,
        #[arg(long, default_value_t = 10.0)]
        seconds: f64,
        #[arg(long, default_value = "tic-tac-toe")]
        game: String,
        /// Milliseconds the client waits before each action, as a player thinks (0: at once).
        #[arg(long, default_value_t = 0)]
        think_ms: u64,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// Writes to stdout; if stdout is gone (a closed pipe), stops the program quietly.
fn emit(args: std::fmt::Arguments<'_>) {
    use std::io::Write as _;
    let mut stdout = std::io::stdout().lock();
    if stdout.write_fmt(args).and_then(|()| stdout.flush()).is_err() {
        std::process::exit(0);
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Games => {
            out!("{}", options::list_games());
            Ok(())
        }
        Command::Play { game, seats, seed, load, save, force, colour } => {
            let seats = worlds_agents::split_list(&seats.join(","));
            play::run(play::PlayArgs { game, seats, seed, load, save, force, colour })
        }
        Command::Replay { file, print, viewer, all, colour } => {
            replay::run(&file, print, viewer.as_deref(), all, colour)
        }
        Command::Engine => serve_protocol(),
        Command::Sim { game, seats, games, seed, threads, rotate, count, out } => {
            let seats = worlds_agents::split_list(&seats.join(","));
            sim::run_sim(&game, &seats, sim::SimSettings { games, seed, threads, rotate, count }, out.as_deref())
        }
        Command::Tournament { game, agents, games, seed, threads, json } => {
            let agents = worlds_agents::split_list(&agents.join(","));
            sim::run_tournament(&game, &agents, games, seed, threads, json)
        }
        Command::Rules { game, colour } => worlds_registry::find(&game)
            .map(|info| {
                let screen = terminal::Screen::detect();
                let page = markdown::render(info.page, screen.width, colour.style());
                // On a terminal, a screen at a time (as `rules` in a game); piped, all of it.
                if std::io::IsTerminal::is_terminal(&std::io::stdout())
                    && std::io::IsTerminal::is_terminal(&std::io::stdin())
                {
                    terminal::page(&page, screen);
                } else {
                    out!("{page}");
                }
            })
            .map_err(Into::into),
        Command::Bench { game, mode, seconds, seed, json } => bench::run(&game, &mode, seconds, seed, json),
        Command::Serve { listen, database, allow_origin, limits } => {
            serve::serve(listen, database, allow_origin, &limits)
        }
        Command::Loadtest { url, matches, seconds, game, think_ms, json } => {
            let think = std::time::Duration::from_millis(think_ms);
            serve::loadtest(&url, &worlds_server::client::LoadOptions { game, matches, seconds, think }, json)
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("worlds: {e:#}");
            ExitCode::from(errors::exit_code(errors::kind(&e)))
        }
    }
}

/// `worlds engine`: the JSON-lines protocol ([`worlds_registry::protocol`]) on stdin and stdout,
/// one response line per request line, until stdin ends or a `quit`.
fn serve_protocol() -> anyhow::Result<()> {
    use std::io::{BufRead as _, Write as _};
    let mut engine = worlds_registry::protocol::Engine::default();
    let mut stdin = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    let mut line = Vec::new();
    loop {
        line.clear();
        if stdin.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        let (response, quit) = engine.handle_bytes(&line);
        if writeln!(out, "{response}").and_then(|()| out.flush()).is_err() || quit {
            break;
        }
    }
    Ok(())
}
