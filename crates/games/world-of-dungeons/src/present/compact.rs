//! The compact drawing printed before every decision (WOD-VIEW-1 to WOD-VIEW-3, the essentials):
//! it fits an 80×24 terminal together with the decision's menu and the prompt. What does not fit
//! gives way in order (the decks, guilds' second lines, the Forum row, the Dungeon row in full);
//! the full board (`board`) has everything.

use worlds_engine::Style;
use worlds_engine::paint::{bold, clip, dim, pack, pad, visible_width, wrap};

use crate::content::Content;
use crate::render::{
    WIDTH, copies, count, dungeon_line, dungeon_widths, finish, gamer_type, green, grouped, raid_parts, red,
    seat_label, stack_item, value,
};
use crate::view::{GamerView, Observation, RaidView, SeatView};

/// The most lines the compact drawing takes with up to four players; a fifth seat adds its line.
/// With the decision's menu (at least six lines) and the prompt it fits an 80×24 terminal.
pub const COMPACT_LINES: usize = 12;

/// The long form in compact lines: "Raid Mom (Leader 3)", "Sally (Leader 2→3)".
fn gamer_long(g: &GamerView) -> String {
    format!("{} ({} {})", g.name, gamer_type(g), value(g.xp, g.xp_now))
}

/// The short form in compact lines: "Raid Mom L3", "Sally L2→3".
fn gamer_short(g: &GamerView) -> String {
    let letter = |t: &str| t.chars().next().unwrap_or('?');
    let ty = match &g.type_now {
        Some(now) => format!("{}→{}", letter(&g.ty), letter(now)),
        None => letter(&g.ty).to_string(),
    };
    format!("{} {ty}{}", g.name, value(g.xp, g.xp_now))
}

/// A declared dungeon's status in few words: "xp 3 against 5", "rolled +1: fails if settled now",
/// "won".
fn raid_short(r: &RaidView, style: Style) -> String {
    let against = format!("xp {} vs diff {}", r.xp, red(&r.difficulty.to_string(), style));
    match (&r.rolled, r.outlook, r.won) {
        (_, _, true) => "won".into(),
        (Some(face), Some(outlook), _) => format!("{against} · rolled {face}: {outlook} if settled now"),
        (Some(face), None, _) => format!("failed (rolled {face})"),
        (None, _, _) => against,
    }
}

/// Whether `lines` are at most `max` lines of at most [`WIDTH`] columns.
fn fits(lines: &[String], max: usize) -> bool {
    lines.len() <= max && lines.iter().all(|l| visible_width(l) <= WIDTH)
}

/// `items` as [`pack`] lays them out, in at most `max` lines: when they do not fit, the last
/// ones give way to "+N more" (and a line still too wide is cut).
fn fit(head: &str, items: &[String], indent: usize, max: usize) -> Vec<String> {
    for shown in (0..=items.len()).rev() {
        let mut some: Vec<String> = items[..shown].to_vec();
        if shown < items.len() {
            some.push(format!("+{} more", items.len() - shown));
        }
        let lines = pack(head, some, " · ", indent, WIDTH);
        if fits(&lines, max.max(1)) || shown == 0 {
            return lines.iter().map(|l| clip(l, WIDTH)).collect();
        }
    }
    Vec::new()
}

/// The long forms of `gamers` when they fit in `max` lines, else the short forms as [`fit`] lays
/// them out.
fn fit_gamers(head: &str, gamers: &[GamerView], indent: usize, max: usize) -> Vec<String> {
    let long = pack(head, gamers.iter().map(gamer_long), " · ", indent, WIDTH);
    if fits(&long, max) {
        return long;
    }
    let short: Vec<String> = gamers.iter().map(gamer_short).collect();
    fit(head, &short, indent, max)
}

/// The label column of the compact drawing.
const LABEL: usize = 10;

fn label(text: &str, style: Style) -> String {
    pad(&bold(text, style), LABEL)
}

fn compact_seat(o: &Observation, seat: &SeatView, width: usize, max: usize, style: Style) -> Vec<String> {
    let marker = if seat.active && o.over.is_none() { bold("▶ ", style) } else { "  ".to_owned() };
    let mut head = format!(
        "{marker}{}  {}  hand {}  guild {}/{}",
        pad(&seat_label(o, seat), width),
        green(&format!("{:>2} VP", seat.vp), style),
        seat.hand_size,
        seat.guild.len(),
        seat.guild_limit
    );
    if seat.standing_pass.is_some() {
        head.push_str(" (passing)");
    }
    if seat.guild.is_empty() {
        return vec![head];
    }
    fit_gamers(&format!("{head}: "), &seat.guild, width + 4, max)
}

/// The compact drawing printed before every decision, for an 80×24 terminal (WOD-VIEW-1 to
/// WOD-VIEW-3, the essentials): the turn and step, who decides what, one line per player (VP, hand
/// size, guild with types and experience), the raid, the stack with priority and passes, the
/// viewer's hand by name; then, while there is room, the Dungeon row (one line per dungeon, or its
/// names when short of room), the Forum row and the decks. At most [`COMPACT_LINES`] lines with up
/// to four players, one more for a fifth. Texts are on the full board and in the menu's hints.
pub fn render_compact(_c: &Content, o: &Observation, style: Style) -> String {
    let budget = COMPACT_LINES + o.seats.len().saturating_sub(4);
    let mut parts = vec![bold("WORLD OF DUNGEONS", style), format!("turn {}/{}", o.turn, o.turn_cap)];
    if o.over.is_none() {
        parts.push(format!("{}'s turn", o.active));
        parts.push(o.step.clone());
    }
    let mut top = pack("", parts, " · ", 2, WIDTH);
    let decision = match &o.over {
        Some(why) => wrap("", &format!("Game over: {why}."), 2, WIDTH),
        None => wrap("", &o.decision, 2, WIDTH),
    };
    top.extend(decision.iter().map(|l| bold(l, style)));

    // The essentials, each in its shortest form: one line per seat, the raid, the stack, the hand.
    let width = o.seats.iter().map(|s| visible_width(&seat_label(o, s))).max().unwrap_or(0);
    let mut seats: Vec<Vec<String>> = o.seats.iter().map(|s| compact_seat(o, s, width, 1, style)).collect();
    let (short_raid, long_raid) = compact_raid(o, style);
    let mut raid = short_raid;
    let stack_items = compact_stack(o);
    let stack_lines = |max: usize| {
        if stack_items.is_empty() { Vec::new() } else { fit(&label("Stack", style), &stack_items, LABEL, max) }
    };
    let mut stack = stack_lines(1);
    let hand_items: Option<Vec<String>> = o.hand.as_ref().map(|cards| {
        grouped(cards)
            .into_iter()
            .map(|(n, k)| match k.timing {
                Some(t) => format!("{}{} ({} · {t})", copies(n), k.name, k.kind),
                None => format!("{}{} ({})", copies(n), k.name, k.kind),
            })
            .collect()
    });
    let hand_lines = |max: usize| match &hand_items {
        None => Vec::new(),
        Some(items) if items.is_empty() => vec![format!("{}(empty)", label("Hand", style))],
        Some(items) => fit(&label("Hand", style), items, LABEL, max),
    };
    let mut hand = hand_lines(1);
    let total = |seats: &[Vec<String>], raid: &[String], stack: &[String], hand: &[String]| {
        top.len() + seats.iter().map(Vec::len).sum::<usize>() + raid.len() + stack.len() + hand.len()
    };

    // Then, while there is room: the stack in full, the raid's status in full, the hand in full,
    // a second line for guilds.
    let wider = stack_lines(3);
    if total(&seats, &raid, &wider, &hand) <= budget {
        stack = wider;
    }
    if total(&seats, &long_raid, &stack, &hand) <= budget {
        raid = long_raid;
    }
    let wider = hand_lines(2);
    if total(&seats, &raid, &stack, &wider) <= budget {
        hand = wider;
    }
    // The text of the newest card on the stack.
    if let Some((k, text)) = o.stack.last().and_then(|k| k.text.as_ref().map(|t| (k, t))) {
        let indent = " ".repeat(LABEL);
        let lines = wrap(&format!("{indent}{}: ", k.what), text, LABEL, WIDTH);
        if total(&seats, &raid, &stack, &hand) + lines.len() <= budget {
            stack.extend(lines.iter().map(|l| dim(l, style)));
        }
    }
    // Then the rows; then a second line for guilds, and the decks.
    let room = budget.saturating_sub(total(&seats, &raid, &stack, &hand));
    let mut rows = compact_rows(o, room, style);
    for (i, s) in o.seats.iter().enumerate() {
        let wider = compact_seat(o, s, width, 2, style);
        if wider.len() > seats[i].len() && total(&seats, &raid, &stack, &hand) + rows.len() < budget {
            seats[i] = wider;
        }
    }
    if total(&seats, &raid, &stack, &hand) + rows.len() < budget {
        let mut decks = format!(
            "{}Dungeon {} · Forum {} · Loot {}",
            label("Decks", style),
            o.dungeon_deck,
            o.forum_deck,
            o.loot_deck
        );
        if !o.patch_notes.is_empty() {
            decks.push_str(&format!(" · {} in force", count(o.patch_notes.len() as u64, "Patch Note")));
        }
        rows.push(clip(&decks, WIDTH));
    }

    let mut out = top.clone();
    out.extend(rows);
    for s in seats {
        out.extend(s);
    }
    out.extend(raid);
    out.extend(stack);
    out.extend(hand);
    finish(&out)
}

/// The raid in the compact drawing: a line per declared dungeon with its status in few words, and
/// the same with the status in full (two lines where one is too short).
fn compact_raid(o: &Observation, style: Style) -> (Vec<String>, Vec<String>) {
    let mut short_raid = Vec::new();
    let mut long_raid = Vec::new();
    for r in &o.raid {
        let (head, party, status) = raid_parts(r, style);
        let short = format!("{}{head}{party} · {}", label("Raid", style), raid_short(r, style));
        short_raid.push(clip(&short, WIDTH));
        let one = format!("{}{head}{party} · {status}", label("Raid", style));
        if visible_width(&one) <= WIDTH {
            long_raid.push(one);
        } else {
            long_raid.extend(wrap(&format!("{}{head}", label("Raid", style)), &party, LABEL + 2, WIDTH));
            long_raid.extend(wrap(&" ".repeat(LABEL + 2), &status, LABEL + 2, WIDTH));
        }
    }
    if o.raid_failed {
        let failed = format!("{}{}", label("Raid", style), bold("failed: nothing is claimed this turn", style));
        short_raid.push(failed.clone());
        long_raid.push(failed);
    }
    (short_raid, long_raid)
}

/// The stack in the compact drawing, bottom first, then who has passed.
fn compact_stack(o: &Observation) -> Vec<String> {
    let mut items: Vec<String> =
        o.stack.iter().enumerate().map(|(i, k)| format!("{}. {}", i + 1, stack_item(k))).collect();
    if o.priority.is_some() && !o.passed.is_empty() {
        items.push(format!("passed: {}", o.passed.join(", ")));
    }
    items
}

/// The rows in the compact drawing, in at most `room` lines: a line per dungeon (or their names
/// and difficulties in fewer lines), the Forum row.
fn compact_rows(o: &Observation, mut room: usize, style: Style) -> Vec<String> {
    let mut rows = Vec::new();
    let widths = dungeon_widths(&o.dungeon_row);
    let forum_lines = usize::from(!o.forum_row.is_empty());
    if !o.dungeon_row.is_empty() && o.dungeon_row.len() + forum_lines <= room {
        for (i, d) in o.dungeon_row.iter().enumerate() {
            let head = if i == 0 { label("Dungeons", style) } else { " ".repeat(LABEL) };
            rows.push(format!("{head}{}", dungeon_line(d, widths, style)));
        }
    } else if !o.dungeon_row.is_empty() && room > 0 {
        let names: Vec<String> = o
            .dungeon_row
            .iter()
            .map(|d| format!("{} {}", d.name, red(&format!("diff {}", d.difficulty_now), style)))
            .collect();
        rows.extend(fit(&label("Dungeons", style), &names, LABEL, room.saturating_sub(forum_lines).clamp(1, 2)));
    }
    room = room.saturating_sub(rows.len());
    if !o.forum_row.is_empty() && room > 0 {
        rows.extend(fit_gamers(&label("Forum", style), &o.forum_row, LABEL, room.min(2)));
    }
    rows
}
