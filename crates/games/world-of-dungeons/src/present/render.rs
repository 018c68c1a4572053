//! The terminal drawings (WOD-VIEW-1 to WOD-VIEW-3): the full board (`board`: the state of play,
//! then the table, `table::table`, as the engine draws it in full), the lines of the rows, the raid
//! and the stack the compact drawing (`compact.rs`) uses, and the named view `cards` (every
//! dungeon and gamer of the content, and the Loot cards the viewer has seen). Every line fits an
//! 80-column terminal: long texts wrap at word boundaries with a hanging indent.
//!
//! Colours follow the printed cards: difficulty red, loot yellow, VP green, requirement blue.

use worlds_engine::paint::{Colour, bold, dim, finish, pack, pad, paint, visible_width, wrap};
use worlds_engine::{Player, Style};

use crate::content::Content;
use crate::view::{DungeonView, Observation, RaidView, StackView, value};

/// The width of a terminal every drawing fits.
pub const WIDTH: usize = 80;

pub fn red(text: &str, style: Style) -> String {
    paint(text, Colour::Red, style)
}

pub fn yellow(text: &str, style: Style) -> String {
    paint(text, Colour::Yellow, style)
}

pub fn green(text: &str, style: Style) -> String {
    paint(text, Colour::Green, style)
}

pub fn blue(text: &str, style: Style) -> String {
    paint(text, Colour::Blue, style)
}

// ---------------------------------------------------------------------------- the full board

/// The title and the state of play: turn, active player, phase and step, what is done, who
/// decides what (or how the game ended).
fn title(o: &Observation, style: Style) -> Vec<String> {
    let mut parts = vec![bold("WORLD OF DUNGEONS", style), format!("turn {} of {}", o.turn, o.turn_cap)];
    if o.over.is_none() {
        parts.push(format!("{}'s turn", o.active));
    }
    if let Some(me) = &o.viewer {
        parts.push(format!("you are {me}"));
    }
    pack("", parts, " · ", 2, WIDTH)
}

/// Who decides what, or how the game ended, in bold.
pub fn decision_lines(o: &Observation, style: Style) -> Vec<String> {
    let text = o.over.as_ref().map_or_else(|| o.decision.clone(), |why| format!("Game over: {why}."));
    wrap("", &text, 2, WIDTH).iter().map(|l| bold(l, style)).collect()
}

fn status(o: &Observation, style: Style) -> Vec<String> {
    if o.over.is_some() {
        return decision_lines(o, style);
    }
    let mut out = wrap("", &o.step, 2, WIDTH);
    out.extend(decision_lines(o, style));
    if !o.done.is_empty() {
        out.push(format!("Steps behind {} this turn: {}.", o.active, o.done.join(", ")));
    }
    if o.raid_failed {
        out.push("The raid failed: nothing is claimed this turn.".to_owned());
    }
    if o.troll_joined {
        out.push(format!("A Troll joined {}'s guild this turn: no recruiting.", o.active));
    }
    out
}

/// The widths of the name, difficulty and loot columns of a list of dungeons.
pub fn dungeon_widths(row: &[DungeonView]) -> (usize, usize, usize) {
    let name = row.iter().map(|d| visible_width(&d.name)).max().unwrap_or(0);
    let diff = row.iter().map(|d| value(d.difficulty, d.difficulty_now).chars().count()).max().unwrap_or(0);
    let loot = row.iter().map(|d| value(d.loot, d.loot_now).chars().count()).max().unwrap_or(0);
    (name, diff, loot)
}

/// "Goblin Warrens  Farm  diff 4  loot 1  VP 2  needs *", the numbers coloured as printed.
pub fn dungeon_line(d: &DungeonView, widths: (usize, usize, usize), style: Style) -> String {
    format!(
        "{}  {}  diff {}  loot {}  VP {}  needs {}",
        pad(&d.name, widths.0),
        pad(d.kind, 4),
        pad(&red(&value(d.difficulty, d.difficulty_now), style), widths.1),
        pad(&yellow(&value(d.loot, d.loot_now), style), widths.2),
        green(&d.vp.to_string(), style),
        blue(&d.needs, style)
    )
}

/// A declared dungeon's head ("Goblin Warrens (Farm, needs *): "), its party and its status.
pub fn raid_parts(r: &RaidView, style: Style) -> (String, String, String) {
    let head = format!("{} ({}, needs {}): ", bold(&r.dungeon, style), r.kind, blue(&r.needs, style));
    let party = if r.party.is_empty() { "no party".to_owned() } else { r.party.join(", ") };
    (head, party, r.status.clone())
}

pub fn stack_item(k: &StackView) -> String {
    let mut text = match &k.player {
        Some(p) if k.targets.is_empty() && !k.what.starts_with(p.as_str()) => format!("{} ({p})", k.what),
        Some(p) if !k.targets.is_empty() => format!("{} ({p}) → {}", k.what, k.targets.join(", ")),
        _ => k.what.clone(),
    };
    if k.cancelled {
        text.push_str(" — cancelled, does nothing");
    }
    text
}

/// The full board (`board`, WOD-VIEW-1 to WOD-VIEW-3): the state of play, then the table as the
/// engine draws it in full: every player's counts, guild and Guild Stash, the stack and the Effect
/// cards of the turn, both rows with the raid, the decks with their known bottoms, the Patch
/// Notes in force, the discard piles and the viewer's hand, each card with its text.
pub fn render(c: &Content, o: &Observation, style: Style) -> String {
    let table = crate::table::table(c, o);
    let viewer = o.seats.iter().position(|s| o.viewer.as_ref() == Some(&s.player)).map(Player::from_index);
    let mut out = title(o, style);
    out.extend(status(o, style));
    out.push(String::new());
    out.extend(table.draw_in_full(viewer, WIDTH, style));
    finish(&out)
}

// ---------------------------------------------------------------------------- named views

/// `cards`: every dungeon and every gamer of the content with its text, and every Loot card the
/// viewer has seen (in their hand, the discard pile, a Guild Stash, played this turn, the Patch
/// Notes in force). Loot cards nobody has shown stay unnamed: which designs sit in other hands is
/// secret (WOD-INFO-2).
fn cards(c: &Content, o: &Observation, style: Style) -> Vec<String> {
    let mut out = vec![bold(&format!("THE DUNGEON DECK  {} dungeons", c.dungeons.len()), style)];
    let width = c.dungeons.iter().map(|d| visible_width(&d.name)).max().unwrap_or(0);
    let mut dungeons: Vec<usize> = (0..c.dungeons.len()).collect();
    dungeons.sort_by_key(|&d| (c.dungeons[d].kind.name(), c.dungeons[d].difficulty, c.dungeons[d].name.clone()));
    for d in dungeons {
        let x = &c.dungeons[d];
        out.push(format!(
            "  {}  {}  diff {}  loot {}  VP {}  needs {}",
            pad(&x.name, width),
            pad(x.kind.name(), 4),
            pad(&red(&x.difficulty.to_string(), style), 2),
            yellow(&x.loot.to_string(), style),
            green(&x.vp.to_string(), style),
            blue(&x.needs.letters(), style)
        ));
        let text = crate::text::dungeon(c, d as u8);
        if !text.is_empty() {
            out.extend(wrap("      ", &text, 6, WIDTH));
        }
    }
    out.push(String::new());
    out.push(bold(&format!("THE FORUM DECK  {} gamers", c.gamers.len()), style));
    let width = c.gamers.iter().map(|g| visible_width(&g.name)).max().unwrap_or(0);
    let mut gamers: Vec<usize> = (0..c.gamers.len()).collect();
    gamers.sort_by_key(|&g| (c.gamers[g].ty, c.gamers[g].xp, c.gamers[g].name.clone()));
    for g in gamers {
        let x = &c.gamers[g];
        let head = format!("  {}  {}  {} xp  ", pad(&x.name, width), pad(x.ty.name(), 10), x.xp);
        let skill = crate::text::gamer(c, g as u8);
        let one = format!("{head}{skill}");
        if visible_width(&one) <= WIDTH {
            out.push(one);
        } else {
            out.push(head);
            out.extend(wrap("      ", &skill, 6, WIDTH));
        }
    }
    // The Loot cards in view.
    let mut names: Vec<&str> = o.hand.iter().flatten().map(|k| k.name.as_str()).collect();
    names.extend(o.loot_discard.iter().map(String::as_str));
    names.extend(o.seats.iter().flat_map(|s| s.stash.iter().map(|k| k.name.as_str())));
    names.extend(o.patch_notes.iter().map(|k| k.name.as_str()));
    names.extend(o.facts.played.iter().map(|p| c.def(p.card).name.as_str()));
    let mut seen: Vec<&str> = Vec::new();
    for name in names {
        if !seen.contains(&name) {
            seen.push(name);
        }
    }
    out.push(String::new());
    out.push(bold(
        &format!("LOOT CARDS SEEN  {} of the {} designs; the others are still secret", seen.len(), c.defs.len()),
        style,
    ));
    let mut defs: Vec<&crate::content::LootDef> = c.defs.iter().filter(|d| seen.contains(&d.name.as_str())).collect();
    defs.sort_by_key(|d| (d.kind.name(), d.name.clone()));
    for d in defs {
        let text = match d.timing {
            Some(t) => format!("{} {}", crate::text::loot(d), dim(&format!("({}: {}.)", t.title(), t.when()), style)),
            None => crate::text::loot(d),
        };
        out.extend(wrap(&format!("  {} · {}: ", bold(&d.name, style), d.kind.name()), &text, 6, WIDTH));
    }
    out
}

/// The named view of [`crate::INFO`]: `cards`; any other name is not a view of this
/// game.
pub fn render_view(c: &Content, o: &Observation, name: &str, style: Style) -> Option<String> {
    match name {
        "cards" => Some(finish(&cards(c, o, style))),
        _ => None,
    }
}
