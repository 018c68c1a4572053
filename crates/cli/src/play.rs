//! `worlds play`: a game in the terminal, human seats at the keyboard, bots in the other seats.

use std::io::IsTerminal as _;
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context as _, bail};
use worlds_agents::AgentSpec;
use worlds_engine::paint::{bold, dim};
use worlds_engine::{Match, Player, Style, Turn, Viewer};
use worlds_registry::{Audience, DynSession, EventView};

use crate::options::{ColourChoice, GameArgs, long_game_warning};
use crate::terminal::{self, menu, prompt};

pub struct PlayArgs {
    pub game: GameArgs,
    pub seats: Vec<String>,
    pub seed: Option<u64>,
    pub load: Option<PathBuf>,
    pub save: Option<PathBuf>,
    pub force: bool,
    pub colour: ColourChoice,
}

/// Who sits in a seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Seat {
    Human,
    Bot(AgentSpec),
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Seat::Human => f.write_str("human"),
            Seat::Bot(spec) => spec.fmt(f),
        }
    }
}

/// The seats as given in `source` (`--seats`, or the saved match's seats), the last repeating.
fn parse_seats(given: &[String], players: usize, source: &str) -> anyhow::Result<Vec<Seat>> {
    if given.len() > players {
        bail!("{source} lists {} seats for {players} players", given.len());
    }
    let mut seats = Vec::with_capacity(players);
    for text in given {
        seats.push(match text.trim() {
            "human" | "me" => Seat::Human,
            other => Seat::Bot(
                other.parse().with_context(|| format!("{source}: `{other}` is neither `human` nor an agent"))?,
            ),
        });
    }
    if seats.is_empty() {
        seats.push(Seat::Human);
        seats.push(Seat::Bot(AgentSpec::Random));
    }
    while seats.len() < players {
        let last = seats.last().copied().unwrap_or(Seat::Bot(AgentSpec::Random));
        seats.push(last);
    }
    seats.truncate(players);
    Ok(seats)
}

const HELP: &str = "\
Type the number of an action or its notation (e.g. `grow eu-north`). Other commands:
  board          draw the board again
  log            the last events
  save FILE      save the match (continue later with `worlds play --load FILE`)
  rules          the rules of this game
  help           this text
  quit           leave (asks first if the match is not saved)";

struct Table {
    session: Box<dyn DynSession>,
    seats: Vec<Seat>,
    style: Style,
    save: Option<PathBuf>,
    /// The number of actions in the match when it was last saved.
    saved_at: Option<usize>,
    log: Vec<String>,
    /// The human who decided last and how many actions the match had then: consecutive decisions
    /// by one person show only the status, not the whole board again.
    last_human: Option<(Player, usize)>,
}

pub fn run(args: PlayArgs) -> anyhow::Result<()> {
    let style = args.colour.style();
    let (session, setup, resumed) = match &args.load {
        Some(path) => {
            let record = terminal::load(path)?;
            if let Some(id) = &args.game.game
                && id != &record.game
            {
                bail!("{} holds a match of {}, not {id}", path.display(), record.game);
            }
            let session = worlds_registry::resume(&record).with_context(|| format!("replaying {}", path.display()))?;
            (session, Vec::new(), true)
        }
        None => {
            let id = args.game.id()?;
            let info = worlds_registry::find(id)?;
            // As many players as seats given, and never fewer than the game needs (a single
            // `--seats human` means "me, and bots for the rest").
            let default_players = info.min_players.max(args.seats.len());
            let config = args.game.config(default_players)?;
            let seed = args.seed.unwrap_or_else(|| {
                SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(1)
            });
            let (session, _) = worlds_registry::open(id, &config, seed)?;
            let setup = session.events_for(Audience::All, 0);
            (session, setup, false)
        }
    };
    let n = session.config().players;
    let seats = if args.seats.is_empty() && resumed && !session.record().seats.is_empty() {
        parse_seats(&session.record().seats, n, "the saved match's seats")?
    } else {
        parse_seats(&args.seats, n, "--seats")?
    };
    if let Some(path) = &args.save
        && !args.force
        && path.exists()
        && !holds_this_match(path, session.record())
    {
        bail!(
            "{} already holds another match: save to a new file, continue that match with `--load {}`, or overwrite it with --force",
            path.display(),
            path.display()
        );
    }
    if let Some(w) = long_game_warning(session.info(), n) {
        eprintln!("{w}");
    }
    let mut table = Table { session, seats, style, save: args.save, saved_at: None, log: Vec::new(), last_human: None };
    table.session.set_seats(table.seats.iter().map(Seat::to_string).collect());
    table.banner(resumed);
    table.show_events(&setup, None);
    table.run()
}

/// Whether the file at `path` holds `record`'s match (the same game, config, seed and start, and
/// a log that `record` continues): saving over it loses nothing.
fn holds_this_match(path: &std::path::Path, record: &Match) -> bool {
    let Ok(saved) = terminal::load(path) else { return false };
    saved.game == record.game
        && saved.config == record.config
        && saved.seed == record.seed
        && saved.start == record.start
        && saved.setup_script == record.setup_script
        && record.actions.starts_with(&saved.actions)
}

impl Table {
    fn humans(&self) -> Vec<Player> {
        self.seats.iter().enumerate().filter(|(_, s)| **s == Seat::Human).map(|(i, _)| Player::from_index(i)).collect()
    }

    /// Whose eyes the board is drawn for: the one human, else a spectator.
    fn viewer(&self, deciding: Option<Player>) -> Viewer {
        let humans = self.humans();
        match (humans.as_slice(), deciding) {
            ([one], _) => Viewer::Player(*one),
            (_, Some(p)) if humans.contains(&p) => Viewer::Player(p),
            _ => Viewer::Spectator,
        }
    }

    fn banner(&self, resumed: bool) {
        let info = self.session.info();
        let seats: Vec<String> = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                format!("{} {}", Player::from_index(i), if *s == Seat::Human { "you".into() } else { s.to_string() })
            })
            .collect();
        let how = if resumed { "resumed" } else { "new game" };
        outln!(
            "{} · {} · {} players: {} · seed {}",
            bold(info.name, self.style),
            how,
            seats.len(),
            seats.join(", "),
            self.session.record().seed
        );
        if !self.humans().is_empty() {
            outln!("{}", dim("Type `help` for commands.", self.style));
        }
        outln!();
    }

    fn show_events(&mut self, events: &[EventView], viewer: Option<Viewer>) {
        let viewer = viewer.unwrap_or_else(|| self.viewer(None));
        for e in events.iter().filter(|e| e.visibility.visible_to(viewer)) {
            outln!("  · {}", e.text);
            self.log.push(e.text.clone());
        }
    }

    fn unsaved(&self) -> bool {
        let done = self.session.record().actions.len();
        done > 0 && self.saved_at != Some(done)
    }

    fn autosave(&mut self) -> anyhow::Result<()> {
        if let Some(path) = self.save.clone() {
            terminal::save(self.session.record(), &path)?;
            self.saved_at = Some(self.session.record().actions.len());
        }
        Ok(())
    }

    fn run(&mut self) -> anyhow::Result<()> {
        loop {
            let turn = self.session.turn();
            let player = match turn {
                Turn::Over => return self.finish(),
                Turn::Decide(p) => p,
                Turn::Simultaneous(set) => set.first().context("a simultaneous decision with nobody pending")?,
            };
            let seat = self.seats.get(player.index()).copied().unwrap_or(Seat::Bot(AgentSpec::Random));
            match seat {
                Seat::Human => {
                    if !self.human_turn(player)? {
                        return Ok(());
                    }
                }
                Seat::Bot(spec) => self.bot_turn(player, spec)?,
            }
            self.autosave()?;
        }
    }

    fn bot_turn(&mut self, player: Player, spec: AgentSpec) -> anyhow::Result<()> {
        let live = std::io::stdout().is_terminal();
        if live {
            out!("{}", dim(&format!("  {player} ({spec}) is thinking…"), self.style));
        }
        let action = self.session.bot(player, spec)?;
        if live {
            out!("\r\x1b[K");
        }
        outln!("{player} ({spec}) plays {}", bold(&action, self.style));
        let from = self.session.apply(player, &action)?;
        let events = self.session.events_for(Audience::All, from);
        self.show_events(&events, None);
        Ok(())
    }

    /// One decision by a person. Returns `false` when they quit.
    fn human_turn(&mut self, player: Player) -> anyhow::Result<bool> {
        let viewer = Viewer::Player(player);
        let done = self.session.record().actions.len();
        let continuing = self.last_human == Some((player, done));
        if !continuing && self.session.info().hidden_information && self.humans().len() > 1 {
            // Several people at one keyboard: hide the next hand until its owner is there.
            let switching = self.last_human.is_some_and(|(p, _)| p != player);
            if switching
                && prompt(&format!("\n— {player}'s decision: hand the keyboard to {player} and press Enter — "))
                    .is_none()
            {
                return Ok(false);
            }
            if switching {
                out!("{}", "\n".repeat(40));
            }
        }
        outln!();
        let view = self.session.render(viewer, self.style);
        if continuing {
            // Same person, next decision of the same turn: the title and status are enough.
            for line in view.lines().take(2) {
                outln!("{line}");
            }
            outln!("{}", dim("(`board` shows the whole board)", self.style));
        } else {
            out!("{view}");
        }
        loop {
            let actions = self.session.legal(player);
            outln!();
            outln!("{}, your decision:", bold(&player.to_string(), self.style));
            out!("{}", menu(&actions, self.style));
            let Some(line) = prompt("> ") else {
                outln!();
                if self.unsaved() {
                    outln!("Input ended; the match was not saved.");
                }
                return Ok(false);
            };
            let (word, rest) = line.split_once(' ').map_or((line.as_str(), ""), |(w, r)| (w, r.trim()));
            match word.to_ascii_lowercase().as_str() {
                "" => continue,
                "help" | "?" | "h" => outln!("{HELP}"),
                "board" | "b" => out!("{}", self.session.render(viewer, self.style)),
                "log" => {
                    for line in self.log.iter().rev().take(20).rev() {
                        outln!("  · {line}");
                    }
                }
                "rules" => outln!("{}", self.session.info().page),
                "save" | "save!" if rest.is_empty() => outln!("Write `save FILE`, e.g. `save my-game.json`."),
                "save"
                    if std::path::Path::new(rest).exists()
                        && !holds_this_match(std::path::Path::new(rest), self.session.record()) =>
                {
                    outln!(
                        "{rest} already holds another match. Choose another name, or `save! {rest}` to overwrite it."
                    );
                }
                "save" | "save!" => match terminal::save(self.session.record(), std::path::Path::new(rest)) {
                    Ok(()) => {
                        self.saved_at = Some(self.session.record().actions.len());
                        outln!("Saved to {rest}. Continue later with `worlds play --load {rest}`.");
                    }
                    Err(e) => outln!("Could not save: {e:#}"),
                },
                "quit" | "exit" | "q" => {
                    if self.unsaved() {
                        outln!("The match is not saved. Type `save FILE` first, or `quit!` to leave anyway.");
                    } else {
                        return Ok(false);
                    }
                }
                "quit!" => return Ok(false),
                _ => {
                    let text = match line.parse::<usize>() {
                        Ok(k) if (1..=actions.len()).contains(&k) => actions[k - 1].text.clone(),
                        Ok(k) => {
                            outln!("There is no action {k}: choose 1–{}.", actions.len());
                            continue;
                        }
                        Err(_) => line.clone(),
                    };
                    match self.session.apply(player, &text) {
                        Ok(from) => {
                            let events = self.session.events_for(Audience::from(viewer), from);
                            self.show_events(&events, Some(viewer));
                            self.last_human = Some((player, self.session.record().actions.len()));
                            return Ok(true);
                        }
                        Err(worlds_engine::ApplyError::Notation(e)) => {
                            outln!("{e}\n(or type the number of an action; `help` lists the commands)")
                        }
                        Err(e) => outln!("{e}"),
                    }
                }
            }
        }
    }

    fn finish(&mut self) -> anyhow::Result<()> {
        outln!();
        out!("{}", self.session.render(self.viewer(None), self.style));
        if let Some(outcome) = self.session.outcome() {
            let winners: Vec<String> = outcome.winners().iter().map(|p| p.to_string()).collect();
            let verdict = match winners.as_slice() {
                [one] => format!("{one} wins."),
                many => format!("Shared result: {}.", many.join(", ")),
            };
            outln!();
            outln!("{}", bold(&format!("Game over. {verdict}"), self.style));
        }
        self.autosave()?;
        if let Some(path) = &self.save {
            outln!("The match is saved in {}; watch it again with `worlds replay {}`.", path.display(), path.display());
        }
        Ok(())
    }
}
