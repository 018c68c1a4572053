//! The commands a person may type at a decision besides an action: `help`, `board`, the game's
//! views, `log`, `rules`, `undo`, `autopass`, `save` and `quit`.

use std::path::Path;

use worlds_engine::{Player, Viewer};
use worlds_registry::Audience;

use super::Table;
use crate::terminal::{self, holds_this_match};

/// What became of a line typed at a decision.
pub(super) enum Command {
    /// A command did what it says; the person decides still.
    Done,
    /// The person leaves the table; whether the match goes on.
    Leave(bool),
    /// Not a command: an action's number or notation.
    NotOne,
}

impl Table {
    /// The help text, in the words of the game being played.
    fn help(&self, example: Option<&str>) -> String {
        let info = self.session.info();
        let mut text = String::from("Type the number of an action");
        match example {
            Some(e) => text.push_str(&format!(", or its notation (e.g. `{e}`).")),
            None => text.push_str(" or its notation."),
        }
        text.push_str("\nIn a long menu, a letter shows one group of actions. Other commands:\n");
        let mut rows: Vec<(String, String)> = vec![("board".into(), "the whole board".into())];
        for v in info.views {
            rows.push((v.name.into(), v.help.into()));
        }
        rows.push(("log".into(), "the last 20 events; `log N` the last N, `log all` every one".into()));
        if info.hidden_information {
            rows.push((
                "autopass".into(),
                "on/off: pass at once when passing is all you can do (fast passes tell others you hold nothing playable)"
                    .into(),
            ));
        }
        rows.push(("rules".into(), format!("the rules of {}, a screen at a time", info.name)));
        if self.undo_allowed() {
            rows.push(("undo".into(), "take back your last decision (unless a card or die was drawn since)".into()));
        }
        rows.push(("save FILE".into(), "save the match (continue later with `worlds play --load FILE`)".into()));
        rows.push(("help".into(), "this text".into()));
        rows.push(("quit".into(), "save the match if need be and leave (`quit!`: leave, no save)".into()));
        for (cmd, what) in rows {
            text.push_str(&format!("  {cmd:<10}  {what}\n"));
        }
        text
    }

    /// Does the command `word` (with the words after it, `rest`) for `player`, if it is one.
    /// `example` is an action's notation for the help text.
    pub(super) fn command(
        &mut self,
        player: Player,
        word: &str,
        rest: &str,
        example: Option<&str>,
    ) -> anyhow::Result<Command> {
        let viewer = Viewer::Player(player);
        match word {
            "help" | "?" | "h" => self.say(&self.help(example)),
            "board" | "b" => {
                if !self.long_text(&self.session.render(viewer, self.style)) {
                    return Ok(Command::Leave(self.leave("Input ended.")));
                }
            }
            "log" => {
                let events = self.session.events_for(Audience::from(viewer), 0);
                let last = match rest {
                    "" => Some(20),
                    "all" => Some(events.len()),
                    n => n.parse::<usize>().ok().filter(|&n| n >= 1),
                };
                match last {
                    Some(n) => {
                        let start = events.len().saturating_sub(n);
                        if events.is_empty() {
                            self.say("Nothing has happened yet.\n");
                        }
                        self.show_events(&events[start..], viewer);
                    }
                    None => self.say(&format!(
                        "Cannot read `log {}`: write `log` (the last 20 events), `log N` (the last N, e.g. \
                     `log 5`) or `log all`.\n",
                        worlds_engine::paint::clip(rest, 20)
                    )),
                }
            }
            "rules" => {
                let page = crate::markdown::render(self.session.info().page, self.screen.width, self.style);
                if !self.long_text(&page) {
                    return Ok(Command::Leave(self.leave("Input ended.")));
                }
            }
            "undo" => self.undo(player),
            "autopass" if self.session.info().hidden_information => {
                let on = match rest {
                    "on" => true,
                    "off" => false,
                    _ => !self.autopass.get(player.index()).copied().unwrap_or(false),
                };
                if let Some(a) = self.autopass.get_mut(player.index()) {
                    *a = on;
                }
                self.say(if on {
                    "Autopass on: when every action you have is a pass, you pass at once. Others may notice.\n"
                } else {
                    "Autopass off: you are asked at every decision.\n"
                });
            }
            "save" | "save!" if rest.is_empty() => self.say("Write `save FILE`, e.g. `save my-game.json`.\n"),
            "save" if Path::new(rest).exists() && !holds_this_match(Path::new(rest), self.session.record()) => {
                self.say(&format!(
                    "{rest} already holds another match. Choose another name, or `save! {rest}` to overwrite it.\n"
                ));
            }
            "save" | "save!" => match terminal::save(self.session.record(), Path::new(rest)) {
                Ok(()) => {
                    self.saved_at = Some(self.session.record().actions.len());
                    self.after_action()?;
                    self.say(&format!("Saved to {rest}. Continue later with `worlds play --load {rest}`.\n"));
                }
                Err(e) => self.say(&format!("Could not save: {e:#}\n")),
            },
            "quit" | "exit" | "q" => return Ok(Command::Leave(self.leave(""))),
            "quit!" => {
                if self.unsaved() {
                    self.say("You left without saving.\n");
                }
                return Ok(Command::Leave(false));
            }
            view if self.session.info().views.iter().any(|v| v.name == view) => {
                // A view may take words after its name (World Dumbination's `zoom E12`).
                let asked = if rest.is_empty() { view.to_owned() } else { format!("{view} {rest}") };
                match self.session.render_view(viewer, &asked, self.style) {
                    Some(text) => {
                        if !self.long_text(&text) {
                            return Ok(Command::Leave(self.leave("Input ended.")));
                        }
                    }
                    None => {
                        let help = self.session.info().views.iter().find(|v| v.name == view).map_or("", |v| v.help);
                        self.say(&format!(
                            "Cannot show `{}`. {view}: {help}.\n",
                            worlds_engine::paint::clip(&asked, 30)
                        ));
                    }
                }
            }
            _ => return Ok(Command::NotOne),
        }
        Ok(Command::Done)
    }

    fn undo(&mut self, player: Player) {
        if !self.undo_allowed() {
            self.say("`undo` is for games against bots only.\n");
            return;
        }
        match self.session.undo(player) {
            Ok(mut n) => {
                // A decision with one choice is taken without asking: take back the one before
                // it too, as far as undo may go, or it would only be taken again.
                while self.session.legal(player).len() == 1 {
                    match self.session.undo(player) {
                        Ok(more) => n += more,
                        Err(_) => break,
                    }
                }
                let later = n - 1;
                let what = match later {
                    0 => "Took back your last decision.".to_owned(),
                    1 => "Took back your last decision and the action after it.".to_owned(),
                    k => format!("Took back your last decision and the {k} actions after it."),
                };
                self.last_human = None;
                let board = self.session.render_compact(Viewer::Player(player), self.style);
                self.say(&format!("{what}\n\n{board}"));
            }
            Err(e) => self.say(&format!("Cannot undo: {e}.\n")),
        }
    }
}
