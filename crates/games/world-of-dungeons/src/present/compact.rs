//! The compact drawing printed before every decision (WOD-VIEW-1 to WOD-VIEW-3, the essentials):
//! it fits an 80×24 terminal together with the decision's menu and the prompt. The seats, the
//! cards in front of them, the hand and the piles are the table's (`table::table`), drawn by the
//! engine's shared code; the rows, the raid and the stack are this game's board. What does not fit
//! gives way in order (the decks, a second line for the viewer's cards, the Dungeon row in full,
//! the Forum row, the cards in front of other seats); the full board (`board`) has everything.

use worlds_engine::paint::{bold, clip, dim, finish, fit, pack, pad, visible_width, wrap};
use worlds_engine::present::{Panel, Table, more};
use worlds_engine::{Player, Style};

use crate::content::Content;
use crate::render::{WIDTH, decision_lines, dungeon_line, dungeon_widths, raid_parts, red, stack_item};
use crate::state::Phase;
use crate::status::phase_words;
use crate::view::{GamerView, Observation, RaidView, gamer_type, value};

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

/// The long forms of `gamers` when they fit in `max` lines, else the short forms as
/// [`fit`] lays them out.
fn fit_gamers(head: &str, gamers: &[GamerView], indent: usize, max: usize) -> Vec<String> {
    let long = pack(head, gamers.iter().map(gamer_long), " · ", indent, WIDTH);
    if long.len() <= max && long.iter().all(|l| visible_width(l) <= WIDTH) {
        return long;
    }
    let short: Vec<String> = gamers.iter().map(gamer_short).collect();
    fit(head, &short, indent, WIDTH, max, more)
}

/// The label column of the board's lines in the compact drawing.
const LABEL: usize = 10;

fn label(text: &str, style: Style) -> String {
    pad(&bold(text, style), LABEL)
}

/// The cards in front of the seats `shown` (the viewer's first, in `mine` lines, then one line a
/// seat in seat order), as `Table::fronts` draws them.
fn fronts(table: &Table, viewer: Option<Player>, shown: &[Player], mine: usize) -> Vec<String> {
    let some = |seats: &mut dyn FnMut(Player) -> bool, max: usize| {
        let mut some = table.clone();
        some.panels.retain(|p| shown.contains(&p.seat) && seats(p.seat));
        some.fronts(viewer, WIDTH, max)
    };
    let mut out = some(&mut |p| Some(p) == viewer, mine);
    out.extend(some(&mut |p| Some(p) != viewer, 1));
    out
}

/// The decks, and the Patch Notes in force if any, as `Table::pile_lines` draws them (the rows
/// and discard piles are elsewhere).
fn decks(table: &Table) -> Vec<String> {
    let mut some = table.clone();
    some.piles.retain(|p| p.name.ends_with("deck") || (p.name == "Patch Notes" && p.count > 0));
    some.pile_lines(WIDTH, 1)
}

/// The compact drawing printed before every decision, for an 80×24 terminal (WOD-VIEW-1 to
/// WOD-VIEW-3, the essentials): the turn and step, who decides what, the table's scoreboard (VP,
/// guild and hand against their limits, ▶ for who decides, notes), the raid, the stack with
/// priority and passes, the viewer's hand by name; then, while there is room, the cards in front
/// of the viewer and of the player whose turn it is, the Dungeon row (its names at least, a line per
/// dungeon when there is room), the cards in front of the other seats, the Forum row, a second
/// line for the viewer's cards and the decks. At most [`COMPACT_LINES`] lines with up to four players, one more for a fifth. Texts are
/// on the full board and in the menu's hints.
pub fn render_compact(c: &Content, o: &Observation, style: Style) -> String {
    let budget = COMPACT_LINES + o.seats.len().saturating_sub(4);
    let table = crate::table::table(c, o);
    let viewer = o.seats.iter().position(|s| o.viewer.as_ref() == Some(&s.player)).map(Player::from_index);
    let mut parts = vec![bold("WORLD OF DUNGEONS", style), format!("turn {}/{}", o.turn, o.turn_cap)];
    if o.over.is_none() {
        parts.push(format!("{}'s turn", o.active));
        parts.push(o.step.clone());
    }
    let mut top = pack("", parts, " · ", 2, WIDTH);
    top.extend(decision_lines(o, style));

    // The essentials, each in its shortest form: the scoreboard, the raid, the stack, the hand (an
    // empty hand is the scoreboard's 0).
    let scoreboard = table.scoreboard(viewer, WIDTH, style);
    let (short_raid, long_raid) = compact_raid(o, style);
    let mut raid = short_raid;
    let stack_items = compact_stack(o);
    let stack_lines = |max: usize| {
        if stack_items.is_empty() {
            Vec::new()
        } else {
            fit(&label("Stack", style), &stack_items, LABEL, WIDTH, max, more)
        }
    };
    let mut stack = stack_lines(1);
    let empty = o.hand.as_ref().is_some_and(Vec::is_empty);
    let hand_lines = |max: usize| if empty { Vec::new() } else { table.hand(viewer, WIDTH, max) };
    let mut hand = hand_lines(1);
    let mut shown: Vec<Player> = Vec::new();
    let used = |raid: &[String], stack: &[String], hand: &[String], shown: &[Player]| {
        top.len() + scoreboard.len() + raid.len() + stack.len() + hand.len() + shown.len()
    };

    // Then, while there is room: the stack in full, the cards in front of the viewer and of the
    // player whose turn it is, the raid's status in full, the hand in full, the text of the newest
    // card on the stack.
    let with_cards: Vec<&Panel> = table.panels.iter().filter(|p| !p.cards.is_empty()).collect();
    let turn = |p: &Panel| o.seats.get(p.seat.index()).is_some_and(|s| s.active);
    let wider = stack_lines(3);
    if used(&raid, &wider, &hand, &shown) <= budget {
        stack = wider;
    }
    for p in with_cards.iter().filter(|p| Some(p.seat) == viewer || turn(p)) {
        if used(&raid, &stack, &hand, &shown) < budget {
            shown.push(p.seat);
        }
    }
    if used(&long_raid, &stack, &hand, &shown) <= budget {
        raid = long_raid;
    }
    let wider = hand_lines(2);
    if used(&raid, &stack, &wider, &shown) <= budget {
        hand = wider;
    }
    if let Some((k, text)) = o.stack.last().and_then(|k| k.text.as_ref().map(|t| (k, t))) {
        let indent = " ".repeat(LABEL);
        let lines = wrap(&format!("{indent}{}: ", k.what), text, LABEL, WIDTH);
        if used(&raid, &stack, &hand, &shown) + lines.len() <= budget {
            stack.extend(lines.iter().map(|l| dim(l, style)));
        }
    }
    // Then, where the decision is about the rows (recruiting, grinding or raiding), the rows; the
    // cards in front of the other seats (elsewhere keeping a line for each row: the Dungeon row's
    // names, the Forum row's); then the rows in the room left, and the piles.
    let about = |phases: &[Phase]| phases.iter().any(|&p| o.step == phase_words(p));
    let about_dungeons = about(&[Phase::Dungeon, Phase::Declare]);
    let about_rows = about_dungeons || about(&[Phase::Recruit]);
    let room = |shown: &[Player]| budget.saturating_sub(used(&raid, &stack, &hand, shown));
    let mut rows = if about_rows { compact_rows(o, room(&shown), !about_dungeons, style) } else { Vec::new() };
    let keep = if about_rows {
        rows.len()
    } else {
        usize::from(!o.dungeon_row.is_empty()) + usize::from(!o.forum_row.is_empty())
    };
    for p in &with_cards {
        if !shown.contains(&p.seat) && keep < room(&shown) {
            shown.push(p.seat);
        }
    }
    if !about_rows {
        rows = compact_rows(o, room(&shown), true, style);
    }
    // Last, a second line for the cards in front of the viewer, and the decks.
    let mut room = budget.saturating_sub(used(&raid, &stack, &hand, &shown) + rows.len());
    let mine = match viewer.filter(|v| shown.contains(v)) {
        Some(v) if room > 0 && fronts(&table, viewer, &[v], 2).len() == 2 => 2,
        _ => 1,
    };
    room -= mine - 1;
    if room > 0 {
        rows.extend(decks(&table).iter().map(|l| dim(l, style)));
    }

    let mut out = top.clone();
    out.extend(rows);
    out.extend(scoreboard);
    out.extend(fronts(&table, viewer, &shown, mine));
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
        // Short: the party when it fits beside the status.
        let status_short = raid_short(r, style);
        let short = format!("{}{}: {party} · {status_short}", label("Raid", style), bold(&r.dungeon, style));
        let shorter = format!("{}{} · {status_short}", label("Raid", style), bold(&r.dungeon, style));
        short_raid.push(if visible_width(&short) <= WIDTH { short } else { clip(&shorter, WIDTH) });
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
/// and difficulties in fewer lines), the Forum row if `forum`.
fn compact_rows(o: &Observation, mut room: usize, forum: bool, style: Style) -> Vec<String> {
    let mut rows = Vec::new();
    let widths = dungeon_widths(&o.dungeon_row);
    let forum_lines = usize::from(forum && !o.forum_row.is_empty());
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
        let max = room.saturating_sub(forum_lines).clamp(1, 2);
        rows.extend(fit(&label("Dungeons", style), &names, LABEL, WIDTH, max, more));
    }
    room = room.saturating_sub(rows.len());
    if forum_lines > 0 && room > 0 {
        rows.extend(fit_gamers(&label("Forum", style), &o.forum_row, LABEL, room.min(2)));
    }
    rows
}
