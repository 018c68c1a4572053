//! `worlds replay FILE`: step through a saved match.

use std::path::Path;

use anyhow::bail;
use worlds_engine::paint::bold;
use worlds_engine::{Player, Viewer};
use worlds_registry::{Audience, ReplayStep};

use crate::errors::InFile;
use crate::options::ColourChoice;
use crate::terminal::{self, Screen, prompt};

/// The action of a step as `audience` may know it: the action itself may be secret (a card
/// chosen face down), so only its player and `--all` see its notation; others read the events.
fn action_seen(step: &ReplayStep, audience: Audience) -> Option<&str> {
    match (audience, step.player) {
        (Audience::All, _) => step.action.as_deref(),
        (Audience::Viewer(Viewer::Player(me)), Some(p)) if me == p => step.action.as_deref(),
        _ => None,
    }
}

fn show(steps: &[ReplayStep], i: usize, audience: Audience, style: worlds_engine::Style, screen: Screen) {
    let Some(step) = steps.get(i) else { return };
    let last = steps.len() - 1;
    let title = match (&step.player, action_seen(step, audience)) {
        (Some(p), Some(a)) => format!("Step {i} of {last}: {p} plays {a}"),
        (Some(p), None) => format!("Step {i} of {last}: {p}"),
        _ => format!("Start (step 0 of {last})"),
    };
    // The board first and the step under it, by the prompt: a board taller than the screen
    // scrolls its top away, never the line that says which step this is.
    let mut text = format!("\n{}", step.view);
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(&format!("\n{}\n", bold(&title, style)));
    for e in &step.events {
        text.push_str(&format!("  · {}\n", e.text));
    }
    terminal::show(&text, screen);
}

pub fn run(path: &Path, print_all: bool, viewer: Option<&str>, all: bool, colour: ColourChoice) -> anyhow::Result<()> {
    let style = colour.style();
    let screen = Screen::detect();
    let record = terminal::load(path)?;
    // The file holds the whole match; what is shown is a choice: a spectator's view by default.
    let audience = match (viewer, all) {
        (_, true) => Audience::All,
        (None, false) => Audience::Viewer(Viewer::Spectator),
        (Some(text), false) => {
            let seat = text.trim_start_matches(['P', 'p']).parse::<usize>().ok().and_then(|k| k.checked_sub(1));
            match seat.and_then(Player::new).filter(|p| p.index() < record.config.players) {
                Some(p) => Audience::from(p),
                None => bail!("--viewer {text}: name a seat of this match, 1–{}", record.config.players),
            }
        }
    };
    let steps = worlds_registry::replay_match(&record, audience, style)
        .map_err(|e| InFile(anyhow::Error::new(e).context(format!("replaying {}", path.display()))))?;
    let last = steps.len() - 1;
    if print_all {
        for (i, step) in steps.iter().enumerate() {
            match (&step.player, action_seen(step, audience)) {
                (Some(p), Some(a)) => outln!("{i:>4}. {p}: {a}"),
                (Some(p), None) => outln!("{i:>4}. {p}"),
                _ => outln!("{} · seed {} · {} actions", record.game, record.seed, last),
            }
            for e in &step.events {
                terminal::show(&format!("        {}\n", e.text), screen);
            }
        }
        outln!();
        terminal::show(&steps[last].view, screen);
        return Ok(());
    }
    outln!("{} actions. Enter: next · b: back · a number: go to that step · end · q: quit", last);
    let mut i = 0;
    show(&steps, i, audience, style, screen);
    loop {
        let Some(line) = prompt(&format!("[{i}/{last}] > ")) else { return Ok(()) };
        match line.as_str() {
            "" | "n" | "next" => {
                if i == last {
                    outln!("That was the last step.");
                    continue;
                }
                i += 1;
            }
            "b" | "back" | "p" => i = i.saturating_sub(1),
            "end" | "last" => i = last,
            "start" | "first" => i = 0,
            "q" | "quit" | "exit" => return Ok(()),
            other => match other.parse::<usize>() {
                Ok(k) if k <= last => i = k,
                _ => {
                    outln!("Enter for the next step, `b` to go back, a step number 0–{last}, `end`, or `q`.");
                    continue;
                }
            },
        }
        show(&steps, i, audience, style, screen);
    }
}
