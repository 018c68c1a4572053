//! `worlds play`: a game in the terminal, human seats at the keyboard, bots in the other seats.
//!
//! Everything printed comes from what the seated humans may see: events filtered for the viewer
//! (a bot's face-down choice is "P1 has chosen a card"), views observed by the viewer. With several
//! humans at one keyboard, what stays on screen between hand-overs is what all of them may see.

use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context as _, bail};
use worlds_agents::AgentSpec;
use worlds_engine::paint::{bold, dim};
use worlds_engine::{ApplyError, Match, Player, Style, Turn, Viewer};
use worlds_registry::{Audience, DynSession, EventView};

use crate::errors::InFile;
use crate::menu;
use crate::options::{ColourChoice, GameArgs, long_game_warning};
use crate::terminal::{self, Screen, holds_this_match, prompt};
use commands::Command;
use seats::{Seat, parse_seats};

mod commands;
mod seats;

pub struct PlayArgs {
    pub game: GameArgs,
    pub seats: Vec<String>,
    pub seed: Option<u64>,
    pub load: Option<PathBuf>,
    pub save: Option<PathBuf>,
    pub force: bool,
    pub colour: ColourChoice,
}

/// What the Ctrl-C handler needs: the match as it stands and where it is saved.
#[derive(Default)]
struct Keep {
    record: Option<Match>,
    /// Whether `record` is saved as it stands.
    saved: bool,
    /// The file named with `--save`, if any.
    save: Option<PathBuf>,
}

/// Saves an unsaved match (to its `--save` file, else the saves folder) and says where.
fn save_before_leaving(record: &Match, save: Option<&Path>) -> String {
    let saved = match save {
        Some(path) => terminal::save(record, path).map(|()| path.to_owned()),
        None => terminal::save_in_data_dir(record),
    };
    match saved {
        Ok(path) => format!(
            "The match is saved in {}. Continue it with `worlds play --load {}`.",
            path.display(),
            path.display()
        ),
        Err(e) => format!("The match could not be saved: {e:#}"),
    }
}

struct Table {
    session: Box<dyn DynSession>,
    seats: Vec<Seat>,
    style: Style,
    screen: Screen,
    save: Option<PathBuf>,
    /// The number of actions in the match when it was last saved.
    saved_at: Option<usize>,
    /// The human who decided last and how many actions the match had then (for hand-overs).
    last_human: Option<(Player, usize)>,
    /// Seats whose person asked to pass at once whenever every legal action is a pass.
    autopass: Vec<bool>,
    /// For each seat, the length of the event log when it last decided (for the catch-up after a
    /// hand-over).
    seen: Vec<usize>,
    /// For each seat, the table it saw just after its last decision (for "since your last
    /// decision").
    left: Vec<Option<worlds_engine::present::Table>>,
    keep: Arc<Mutex<Keep>>,
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
            let session = worlds_registry::resume(&record)
                .map_err(|e| InFile(anyhow::Error::new(e).context(format!("replaying {}", path.display()))))?;
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
        parse_seats(&session.record().seats, n, "the saved match's seats").map_err(InFile)?
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
    let keep = Arc::new(Mutex::new(Keep { save: args.save.clone(), saved: true, ..Keep::default() }));
    {
        // Ctrl-C: save what is unsaved, say where, and leave.
        let keep = Arc::clone(&keep);
        let handler = move || {
            let keep = keep.lock().unwrap_or_else(PoisonError::into_inner);
            let message = match (&keep.record, keep.saved) {
                (Some(record), false) => save_before_leaving(record, keep.save.as_deref()),
                _ => "Nothing unsaved.".to_owned(),
            };
            eprintln!("\nInterrupted. {message}");
            std::process::exit(130);
        };
        if let Err(e) = ctrlc::set_handler(handler) {
            eprintln!("note: Ctrl-C will not save the match ({e})");
        }
    }
    let mut table = Table {
        session,
        seats,
        style,
        screen: Screen::detect(),
        save: args.save,
        saved_at: None,
        last_human: None,
        autopass: vec![false; n],
        seen: vec![0; n],
        left: vec![None; n],
        keep,
    };
    table.session.set_seats(table.seats.iter().map(Seat::to_string).collect());
    table.banner(resumed);
    table.show_events(&setup, table.viewer(None));
    table.run()
}

impl Table {
    fn say(&self, text: &str) {
        terminal::show(text, self.screen);
    }

    /// Shows a text that may be longer than the screen: a screen at a time on a terminal, whole
    /// otherwise. Returns `false` when input ended.
    fn long_text(&self, text: &str) -> bool {
        if std::io::stdout().is_terminal() && std::io::stdin().is_terminal() {
            terminal::page(text, self.screen)
        } else {
            self.say(text);
            true
        }
    }

    fn humans(&self) -> Vec<Player> {
        self.seats.iter().enumerate().filter(|(_, s)| **s == Seat::Human).map(|(i, _)| Player::from_index(i)).collect()
    }

    /// Whose eyes the table is seen with: the one human; with several humans, the one deciding
    /// (after the hand-over), else a spectator (what all of them may see); with none, a spectator.
    fn viewer(&self, deciding: Option<Player>) -> Viewer {
        let humans = self.humans();
        match (humans.as_slice(), deciding) {
            ([one], _) => Viewer::Player(*one),
            (_, Some(p)) if humans.contains(&p) => Viewer::Player(p),
            _ => Viewer::Spectator,
        }
    }

    /// Undo is for one person playing bots: it would show another person's decision undone.
    fn undo_allowed(&self) -> bool {
        self.humans().len() == 1
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
        let mut text = format!(
            "{} · {} · {} players: {} · seed {}\n",
            bold(info.name, self.style),
            how,
            seats.len(),
            seats.join(", "),
            self.session.record().seed
        );
        if !self.humans().is_empty() {
            text.push_str(&dim("Type `help` for commands, `board` for the whole board.\n", self.style));
        }
        text.push('\n');
        self.say(&text);
    }

    fn show_events(&self, events: &[EventView], viewer: Viewer) {
        let text: String =
            events.iter().filter(|e| e.visibility.visible_to(viewer)).map(|e| format!("  · {}\n", e.text)).collect();
        self.say(&text);
    }

    fn unsaved(&self) -> bool {
        let done = self.session.record().actions.len();
        done > 0 && self.saved_at != Some(done)
    }

    /// Saves to `--save` when given, and hands the Ctrl-C handler the match as it stands.
    fn after_action(&mut self) -> anyhow::Result<()> {
        if let Some(path) = self.save.clone() {
            terminal::save(self.session.record(), &path)?;
            self.saved_at = Some(self.session.record().actions.len());
        }
        let mut keep = self.keep.lock().unwrap_or_else(PoisonError::into_inner);
        keep.record = Some(self.session.record().clone());
        keep.saved = !self.unsaved();
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
            self.after_action()?;
        }
    }

    /// A bot decides. What it chose is shown only as the events the humans may see: a face-down
    /// card is "P1 has chosen a card", never its name.
    fn bot_turn(&mut self, player: Player, spec: AgentSpec) -> anyhow::Result<()> {
        let live = std::io::stdout().is_terminal();
        if live {
            out!("{}", dim(&format!("  {player} ({spec}) is thinking…"), self.style));
        }
        let action = self.session.bot(player, spec)?;
        if live {
            out!("\r\x1b[K");
        }
        let from = self.session.apply(player, &action)?;
        let viewer = self.viewer(None);
        let events = self.session.events_for(Audience::from(viewer), from);
        if events.is_empty() {
            self.say(&format!("  · {player} has decided\n"));
        }
        self.show_events(&events, viewer);
        Ok(())
    }

    /// One decision by a person. Returns `false` when they leave.
    fn human_turn(&mut self, player: Player) -> anyhow::Result<bool> {
        let viewer = Viewer::Player(player);
        if self.autopass.get(player.index()).copied().unwrap_or(false)
            && self.session.legal(player).len() > 1
            && let Some(pass) = self.session.forced(player)
        {
            // Every legal action is a kind of pass: the person opted in to passing at once.
            let from = self.session.apply(player, &pass)?;
            let events = self.session.events_for(Audience::from(viewer), from);
            self.show_events(&events, viewer);
            if let Some(seen) = self.seen.get_mut(player.index()) {
                *seen = self.session.event_count();
            }
            self.remember_table(player, viewer);
            return Ok(true);
        }
        let legal = self.session.legal(player);
        if let [only] = legal.as_slice() {
            // One thing to do (an empty step to skip): done without asking. What it caused is
            // shown as everyone at the keyboard may see it; its owner catches up at the next
            // hand-over, as with any event.
            let from = self.session.apply(player, &only.text)?;
            let shown = self.viewer(None);
            let events = self.session.events_for(Audience::from(shown), from);
            if events.is_empty() {
                self.say(&format!("  · {player}: {} (the only choice)\n", only.text));
            } else {
                self.show_events(&events, shown);
            }
            self.remember_table(player, viewer);
            return Ok(true);
        }
        let done = self.session.record().actions.len();
        let continuing = self.last_human == Some((player, done));
        if !continuing && self.session.info().hidden_information && self.humans().len() > 1 {
            // Several people at one keyboard: hide the next hand until its owner is there.
            let switching = self.last_human.is_some_and(|(p, _)| p != player);
            if switching {
                // Clear what the last person saw before the next one sits down.
                out!("{}", "\n".repeat(self.screen.height * 2));
                if prompt(&format!("— {player}'s decision: hand the keyboard to {player} and press Enter — ")).is_none()
                {
                    return Ok(self.leave("Input ended."));
                }
            }
            // What happened since this person last decided, as they may see it.
            let since = self.seen.get(player.index()).copied().unwrap_or(0);
            let events = self.session.events_for(Audience::from(viewer), since);
            if switching && !events.is_empty() {
                self.say(&format!("Since {player}'s last decision:\n"));
                self.show_events(&events, viewer);
            }
        }
        let board = self.session.render_compact(viewer, self.style);
        // The summary takes the lines the menu leaves free (at least one, at most three).
        let free = self.screen.height.saturating_sub(board.lines().count() + 4 + legal.len());
        let since = self.since_last_decision(player, viewer, free.clamp(1, 3));
        self.say(&format!("\n{since}{board}"));
        // Under the board: a blank line, `P1, your decision:`, the menu and the prompt (the blank
        // line above the board may scroll away).
        let board_rows = since.lines().count() + board.lines().count() + 3;
        let mut group: Option<Vec<usize>> = None;
        loop {
            let actions = self.session.legal(player);
            let all: Vec<usize> = (0..actions.len()).collect();
            let members = group.as_deref().unwrap_or(&all);
            // An opened group has a line more: how to go back.
            let back_row = usize::from(group.is_some());
            let rows = self.screen.height.saturating_sub(board_rows + back_row).max(3);
            let shown = menu::show(&actions, members, self.screen.width, rows, self.style);
            let back = if group.is_some() { dim("Enter: all the actions again.\n", self.style) } else { String::new() };
            self.say(&format!("\n{}, your decision:\n{}{back}", bold(&player.to_string(), self.style), shown.text));
            let Some(line) = prompt("> ") else {
                outln!();
                return Ok(self.leave("Input ended."));
            };
            let (word, rest) = line.split_once(' ').map_or((line.as_str(), ""), |(w, r)| (w, r.trim()));
            let word = word.to_ascii_lowercase();
            if let Some(g) = shown.groups.iter().find(|g| !g.key.is_empty() && g.key == word) {
                group = Some(g.members.clone());
                continue;
            }
            if word.is_empty() {
                group = None;
                continue;
            }
            match self.command(player, &word, rest, actions.first().map(|a| a.text.as_str()))? {
                Command::Done => continue,
                Command::Leave(going_on) => return Ok(going_on),
                Command::NotOne => {}
            }
            // Where the notation is itself a number (connect-four's columns), a number is that.
            let number =
                if menu::numbers_are_notation(&actions) { Err(()) } else { line.parse::<usize>().map_err(drop) };
            let text = match number {
                Ok(k) if (1..=actions.len()).contains(&k) => actions[k - 1].text.clone(),
                Ok(k) => {
                    self.say(&format!("There is no action {k}: choose 1–{}.\n", actions.len()));
                    continue;
                }
                Err(_) => line.clone(),
            };
            match self.session.apply(player, &text) {
                Ok(from) => {
                    let events = self.session.events_for(Audience::from(viewer), from);
                    self.show_events(&events, viewer);
                    self.last_human = Some((player, self.session.record().actions.len()));
                    if let Some(seen) = self.seen.get_mut(player.index()) {
                        *seen = self.session.event_count();
                    }
                    self.remember_table(player, viewer);
                    return Ok(true);
                }
                Err(ApplyError::Notation(e)) => {
                    self.say(&format!("{e}\nType the number of an action, a letter to open a group, or `help`.\n"))
                }
                // The rule's ID is for the protocol and logs; a player reads the reason.
                Err(ApplyError::Rule(e)) => self.say(&format!("{}\n", e.message)),
                Err(e) => self.say(&format!("{e}\n")),
            }
        }
    }

    /// What changed for everyone, as `viewer` sees it, since `player` last decided, in at most
    /// `lines` lines: the viewer's own changes first, then other seats', cut with how many more
    /// there are; empty for a game without a table description or on a first decision.
    fn since_last_decision(&self, player: Player, viewer: Viewer, lines: usize) -> String {
        let (Some(Some(before)), Some(now)) = (self.left.get(player.index()), self.session.table(viewer)) else {
            return String::new();
        };
        let changes = now.changes(before, viewer.player());
        if changes.is_empty() || lines == 0 {
            return String::new();
        }
        let shown = changes.len().min(lines);
        let mut text = String::new();
        for (i, change) in changes.iter().take(shown).enumerate() {
            let line = if i == 0 { format!("Since your last decision: {change}") } else { format!("  {change}") };
            let more = changes.len() - shown;
            let line = if i + 1 == shown && more > 0 { format!("{line} (+{more} more: `log`)") } else { line };
            text.push_str(&worlds_engine::paint::clip(&line, self.screen.width));
            text.push('\n');
        }
        dim(&text, self.style)
    }

    /// Remembers the table `player` leaves after deciding (for "since your last decision").
    fn remember_table(&mut self, player: Player, viewer: Viewer) {
        if let Some(left) = self.left.get_mut(player.index()) {
            *left = self.session.table(viewer);
        }
    }

    /// Leaves the table, saving first what is unsaved, and says where. Returns `false` (the
    /// match is not going on).
    fn leave(&mut self, why: &str) -> bool {
        let mut text = why.to_owned();
        if self.unsaved() && !self.session.turn().is_over() {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&save_before_leaving(self.session.record(), self.save.as_deref()));
            let mut keep = self.keep.lock().unwrap_or_else(PoisonError::into_inner);
            keep.saved = true;
        }
        if !text.is_empty() {
            self.say(&format!("{text}\n"));
        }
        false
    }

    fn finish(&mut self) -> anyhow::Result<()> {
        let mut text = format!("\n{}", self.session.render(self.viewer(None), self.style));
        if let Some(outcome) = self.session.outcome() {
            let winners: Vec<String> = outcome.winners().iter().map(|p| p.to_string()).collect();
            let verdict = match winners.as_slice() {
                [one] => format!("{one} wins."),
                many => format!("Shared result: {}.", many.join(", ")),
            };
            text.push_str(&format!("\n{}\n", bold(&format!("Game over. {verdict}"), self.style)));
        }
        self.say(&text);
        self.after_action()?;
        if let Some(path) = &self.save {
            self.say(&format!(
                "The match is saved in {}; watch it again with `worlds replay {}`.\n",
                path.display(),
                path.display()
            ));
        }
        Ok(())
    }
}
