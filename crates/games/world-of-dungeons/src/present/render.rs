//! The terminal drawings (WOD-VIEW-1 to WOD-VIEW-3): the full board (`board`), the pieces the
//! compact drawing (`compact.rs`) shares with it, and the named views `discards` (both discard
//! piles in full) and `cards` (every dungeon and gamer of the content, and the Loot cards the
//! viewer has seen). The players, the cards in front of them, the hand and the piles are the
//! table's (`table::table`); the rows, the raid and the stack are drawn here. Every line fits an
//! 80-column terminal: long texts wrap at word boundaries with a hanging indent.
//!
//! Colours follow the printed cards: difficulty red, loot yellow, VP green, requirement blue.

use worlds_engine::paint::{Colour, bold, dim, finish, pack, pad, paint, visible_width, wrap};
use worlds_engine::present::{Table, in_full};
use worlds_engine::text::plural;
use worlds_engine::{Player, Style};

use crate::content::Content;
use crate::view::{DungeonView, GamerView, Observation, RaidView, StackView, gamer_type, value};

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

/// "1 card", "2 cards".
pub fn count(n: impl Into<u64>, what: &str) -> String {
    plural(n, what, &format!("{what}s"))
}

pub fn copies(n: usize) -> String {
    if n > 1 { format!("{n}× ") } else { String::new() }
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

fn status(o: &Observation, style: Style) -> Vec<String> {
    let mut out = Vec::new();
    match &o.over {
        Some(why) => out.extend(wrap("", &format!("Game over: {why}."), 2, WIDTH).iter().map(|l| bold(l, style))),
        None => {
            out.extend(wrap("", &o.step, 2, WIDTH));
            out.extend(wrap("", &o.decision, 2, WIDTH).iter().map(|l| bold(l, style)));
            if !o.done.is_empty() {
                out.push(format!("Steps behind {} this turn: {}.", o.active, o.done.join(", ")));
            }
            if o.troll_joined {
                out.push(format!("A Troll joined {}'s guild this turn: no recruiting.", o.active));
            }
        }
    }
    out
}

/// The piles as the table counts them, the known bottom cards of the decks, the Patch Notes in
/// force with their text.
fn decks(table: &Table, style: Style) -> Vec<String> {
    let mut out = vec![bold("DECKS AND PILES  `discards` lists the discard piles", style)];
    // The stack and the turn's Effect cards have their own section (`stack`).
    let mut piles = table.clone();
    piles.piles.retain(|p| p.id != "stack" && p.id != "effect-cards-this-turn");
    out.extend(piles.pile_lines(WIDTH, 2));
    for deck in table.piles.iter().filter(|p| !p.known_bottom.is_empty()) {
        const SHOWN: usize = 4;
        let bottom = &deck.known_bottom;
        let head = format!("  Known at the bottom of the {}: ", deck.name);
        let mut list = bottom[..bottom.len().min(SHOWN)].join(", ");
        if bottom.len() > SHOWN {
            list.push_str(&format!(" and {} more (`discards`)", bottom.len() - SHOWN));
        }
        out.extend(wrap(&head, &list, 4, WIDTH));
    }
    if let Some(patch) = table.piles.iter().find(|p| !p.shown.is_empty() && p.name == "Patch Notes") {
        out.push(bold("Patch Notes in force, in the order drawn:", style));
        out.extend(in_full(&patch.shown, WIDTH, style));
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

fn dungeon_row(o: &Observation, style: Style) -> Vec<String> {
    let mut out = vec![bold(&format!("DUNGEON ROW  oldest first, {} at most", o.dungeon_row_limit), style)];
    if o.dungeon_row.is_empty() {
        out.push("  (empty)".into());
    }
    let widths = dungeon_widths(&o.dungeon_row);
    let mut changed = false;
    for d in &o.dungeon_row {
        changed |= i32::from(d.difficulty) != d.difficulty_now || i32::from(d.loot) != d.loot_now;
        out.push(format!("  {}", dungeon_line(d, widths, style)));
        if !d.text.is_empty() {
            out.extend(wrap("      ", &d.text, 6, WIDTH));
        }
    }
    out.push(dim("  needs: C Casual · H Hardcore · L Leader · R Roleplayer · N Noob · T Troll", style));
    if changed {
        out.push(dim("  diff 4→3: printed 4, 3 now with the modifiers in force", style));
    }
    out
}

/// "Raid Mom   Leader   3 xp  " — the head of a gamer's line, its columns `widths` wide.
fn gamer_head(g: &GamerView, widths: (usize, usize, usize), style: Style) -> String {
    let xp = format!("{} xp", value(g.xp, g.xp_now));
    format!("{}  {}  {}  ", pad(&bold(&g.name, style), widths.0), pad(&gamer_type(g), widths.1), pad(&xp, widths.2))
}

fn gamer_widths<'a>(gamers: impl Iterator<Item = &'a GamerView> + Clone) -> (usize, usize, usize) {
    let name = gamers.clone().map(|g| visible_width(&g.name)).max().unwrap_or(0);
    let ty = gamers.clone().map(|g| visible_width(&gamer_type(g))).max().unwrap_or(0);
    let xp = gamers.map(|g| value(g.xp, g.xp_now).chars().count() + 3).max().unwrap_or(0);
    (name, ty, xp)
}

fn forum_row(o: &Observation, style: Style) -> Vec<String> {
    let mut out = vec![bold(&format!("FORUM ROW  oldest first, {} at most", o.forum_row_limit), style)];
    if o.forum_row.is_empty() {
        out.push("  (empty)".into());
    }
    let widths = gamer_widths(o.forum_row.iter());
    for g in &o.forum_row {
        out.extend(wrap(&format!("  {}", gamer_head(g, widths, style)), &g.skill, 6, WIDTH));
    }
    out
}

/// A declared dungeon's head ("Goblin Warrens (Farm, needs *): "), its party and its status.
pub fn raid_parts(r: &RaidView, style: Style) -> (String, String, String) {
    let head = format!("{} ({}, needs {}): ", bold(&r.dungeon, style), r.kind, blue(&r.needs, style));
    let party = if r.party.is_empty() { "no party".to_owned() } else { r.party.join(", ") };
    (head, party, r.status.clone())
}

fn raid(o: &Observation, style: Style) -> Vec<String> {
    if o.raid.is_empty() {
        return Vec::new();
    }
    let title =
        if o.raid_failed { "RAID  failed: nothing is claimed this turn" } else { "RAID  in the order declared" };
    let mut out = vec![bold(title, style)];
    for r in &o.raid {
        let (head, party, status) = raid_parts(r, style);
        out.extend(wrap(&format!("  {head}"), &party, 6, WIDTH));
        out.extend(wrap("      ", &status, 6, WIDTH).iter().map(|l| bold(l, style)));
    }
    out
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

/// While a window is open: the stack from the waiting action up to the newest card, who holds
/// priority, who has passed, standing passes.
fn stack(o: &Observation, style: Style) -> Vec<String> {
    let mut out = Vec::new();
    if !o.stack.is_empty() {
        out.push(bold("STACK  the waiting action first; the newest card resolves first", style));
        for (i, k) in o.stack.iter().enumerate() {
            out.extend(wrap(&format!("  {}. ", i + 1), &stack_item(k), 5, WIDTH));
            if let Some(text) = &k.text {
                out.extend(wrap("     ", text, 5, WIDTH).iter().map(|l| dim(l, style)));
            }
        }
    }
    let mut parts = Vec::new();
    if let Some(p) = &o.priority {
        parts.push(format!("{p} holds priority"));
        parts.push(if o.passed.is_empty() {
            "nobody has passed yet".to_owned()
        } else {
            format!("passed: {}", o.passed.join(", "))
        });
    }
    if o.priority.is_some() {
        for s in &o.standing {
            parts.push(format!("{} passes {}", s.player, s.until));
        }
    }
    if !parts.is_empty() {
        out.extend(pack("  ", parts, " · ", 4, WIDTH));
    }
    if !o.played.is_empty() {
        out.push(bold("EFFECT CARDS THIS TURN", style));
        for p in &o.played {
            out.extend(wrap("  ", p, 4, WIDTH));
        }
    }
    out
}

/// The players: the table's scoreboard, then the cards in front of each seat with their text.
fn players(table: &Table, viewer: Option<Player>, style: Style) -> Vec<String> {
    let mut out = vec![bold("PLAYERS  in seat order", style)];
    out.extend(table.scoreboard(viewer, WIDTH, style));
    out.extend(table.fronts_in_full(viewer, WIDTH, style));
    out
}

/// The full board (`board`, WOD-VIEW-1 to WOD-VIEW-3): the state of play, decks and piles, the
/// Patch Notes in force, both rows, every player's guild and Guild Stash, the raid, the stack and
/// the viewer's hand with each card's text.
pub fn render(c: &Content, o: &Observation, style: Style) -> String {
    let table = crate::table::table(c, o);
    let viewer = o.seats.iter().position(|s| o.viewer.as_ref() == Some(&s.player)).map(Player::from_index);
    let mut out = title(o, style);
    out.extend(status(o, style));
    out.push(String::new());
    out.extend(decks(&table, style));
    out.push(String::new());
    out.extend(dungeon_row(o, style));
    out.push(String::new());
    out.extend(forum_row(o, style));
    out.push(String::new());
    out.extend(players(&table, viewer, style));
    let play: Vec<String> = raid(o, style).into_iter().chain(stack(o, style)).collect();
    if !play.is_empty() {
        out.push(String::new());
        out.extend(play);
    }
    let hand = table.hand_in_full(viewer, WIDTH, style);
    if !hand.is_empty() {
        out.push(String::new());
        out.extend(hand);
    }
    finish(&out)
}

// ---------------------------------------------------------------------------- named views

/// `discards`: both discard piles in full (WOD-INFO-1), and the known bottoms of the decks.
fn discards(c: &Content, o: &Observation, style: Style) -> Vec<String> {
    let mut out = vec![bold(&format!("FORUM DISCARD PILE  {}", count(o.forum_discard.len() as u64, "gamer")), style)];
    if o.forum_discard.is_empty() {
        out.push("  (empty)".into());
    }
    let width = o.forum_discard.iter().map(|n| visible_width(n)).max().unwrap_or(0);
    for name in &o.forum_discard {
        match c.gamers.iter().find(|g| &g.name == name) {
            Some(g) => out.push(format!("  {}  {} {}", pad(name, width), g.ty.name(), g.xp)),
            None => out.push(format!("  {name}")),
        }
    }
    out.push(String::new());
    out.push(bold(&format!("LOOT DISCARD PILE  {}", count(o.loot_discard.len() as u64, "card")), style));
    if o.loot_discard.is_empty() {
        out.push("  (empty)".into());
    }
    let mut loot: Vec<(usize, &String)> = Vec::new();
    for name in &o.loot_discard {
        match loot.iter_mut().find(|(_, n)| *n == name) {
            Some((k, _)) => *k += 1,
            None => loot.push((1, name)),
        }
    }
    let width = loot.iter().map(|(n, name)| visible_width(&copies(*n)) + visible_width(name)).max().unwrap_or(0);
    for (n, name) in loot {
        match c.defs.iter().find(|d| &d.name == name) {
            Some(d) => {
                out.push(format!("  {}  {}", pad(&format!("{}{name}", copies(n)), width), dim(d.kind.name(), style)))
            }
            None => out.push(format!("  {}{name}", copies(n))),
        }
    }
    for (deck, bottom) in [("DUNGEON", &o.dungeon_bottom), ("FORUM", &o.forum_bottom)] {
        if !bottom.is_empty() {
            out.push(String::new());
            out.push(bold(
                &format!("AT THE BOTTOM OF THE {deck} DECK  drawn in this order when the rest is gone"),
                style,
            ));
            out.extend(bottom.iter().map(|n| format!("  {n}")));
        }
    }
    out
}

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
    names.extend(
        c.defs
            .iter()
            .filter(|d| o.played.iter().any(|p| p.starts_with(&format!("{} (", d.name))))
            .map(|d| d.name.as_str()),
    );
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
            Some(t) => format!(
                "{} {}",
                crate::text::loot(d),
                dim(&format!("({}: {}.)", crate::text::timing(t), t.when()), style)
            ),
            None => crate::text::loot(d),
        };
        out.extend(wrap(&format!("  {} · {}: ", bold(&d.name, style), d.kind.name()), &text, 6, WIDTH));
    }
    out
}

/// The named views of [`crate::INFO`]: `discards` and `cards`; any other name is not a view of this
/// game.
pub fn render_view(c: &Content, o: &Observation, name: &str, style: Style) -> Option<String> {
    match name {
        "discards" => Some(finish(&discards(c, o, style))),
        "cards" => Some(finish(&cards(c, o, style))),
        _ => None,
    }
}
