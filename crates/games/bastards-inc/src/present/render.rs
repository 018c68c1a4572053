//! The terminal views (BI-VIEW-1, BI-VIEW-2, BI-VIEW-3): the whole table, and a compact one for
//! play in an 80×24 window. Made from the observation alone, so they show only what it holds.

use worlds_engine::paint::{Colour, bold, clip, dim, fit, pack, pad, paint, wrap};
use worlds_engine::present::{Table, more};
use worlds_engine::{Player, Style};

use super::wording;
use crate::attr::{Attr, Section};
use crate::content::Content;
use crate::view::{Observation, RegionView, StepView, VpView};

const WIDTH: usize = 80;
/// The compact view's most lines: with the decision's blank line, title and prompt, a menu of
/// three and one line of what happened since, an 80×24 window.
const COMPACT_LINES: usize = 18;
/// What the scoreboard's short column names stand for, under it on the full board.
const LEGEND: &str = "$bn: Billions · GW: Goodwill · VPs: controlled, of 4 · VIP: VPs in the VIP \
                      Lounge · Opps: Business Opportunities upright, of those in front";
const COLOURS: [Colour; 6] = [Colour::Red, Colour::Blue, Colour::Green, Colour::Yellow, Colour::Magenta, Colour::Cyan];

fn who(p: Player, style: Style) -> String {
    paint(&p.to_string(), COLOURS[p.index() % 6], style)
}

/// The Stuff bar: filled cells up to the level, the grey zone shaded (BI-BOARD-3).
fn stuff_bar(r: &RegionView, style: Style) -> String {
    let out: String = wording::stuff_cells(r)
        .map(|(cell, grey)| if grey { dim(&cell.to_string(), style) } else { cell.to_string() })
        .collect();
    format!("{out} {}", r.stuff)
}

fn vp_text(v: &VpView, style: Style) -> String {
    // How it entered: the attribute's short name, or the Peace Nobel Prize.
    let entry = v.entry.map_or(String::new(), |e| format!("·{}", e.attr().map_or("Nobel", Attr::short)));
    let black = if v.black > 0 { format!(" ${}", v.black) } else { String::new() };
    format!("{}/{}{entry}{black}", who(v.player, style), v.vp + 1)
}

fn region_lines(r: &RegionView, style: Style) -> Vec<String> {
    let marks =
        [(r.war, "WAR", Colour::Red), (r.disaster, "disaster", Colour::Yellow), (r.famine, "famine", Colour::Yellow)];
    let marks = marks.into_iter().filter(|m| m.0).map(|(_, word, colour)| paint(word, colour, style));
    let indent = " ".repeat(usize::from(r.row.saturating_sub(1)).min(3) * 2);
    let head = format!(
        "{indent}{} Cor {} Cri {} Tec {} Inc {} Stuff {}",
        bold(&pad(&clip(&r.name, 20), 20), style),
        r.corruption,
        r.crime,
        r.technology,
        r.income,
        stuff_bar(r, style),
    );
    let mut lines = vec![head];
    let items: Vec<String> = marks.chain(r.vps.iter().map(|v| vp_text(v, style))).collect();
    if !items.is_empty() {
        lines.extend(pack(&format!("{indent}    "), items, "  ", indent.len() + 4, WIDTH));
    }
    lines
}

/// The table for the terminal: the companies' names stay out of the scoreboard (they would take
/// the columns' room; the full board lists them, and they have no effect on play, BI-PLAN-1).
fn seats_table(o: &Observation) -> (Table, Vec<String>) {
    let mut t = crate::table::table(o);
    let names = t.panels.iter_mut().filter_map(|p| Some(format!("{} {}", p.seat, p.faction.take()?))).collect();
    (t, names)
}

fn circus_lines(o: &Observation, style: Style) -> Vec<String> {
    let mut lines = Vec::new();
    for section in Section::ALL {
        let items: Vec<String> = o
            .circus
            .iter()
            .filter(|q| q.section == section)
            .map(|q| {
                let vps: Vec<String> = q.vps.iter().map(|v| vp_text(v, style)).collect();
                let vps = if vps.is_empty() { "—".to_owned() } else { vps.join(" ") };
                format!("{} ({}): {vps}", q.name, q.media)
            })
            .collect();
        lines.extend(pack(&format!("  {:<9}", section.name()), items, " · ", 11, WIDTH));
    }
    lines
}

/// The whole table: the board, then the table as the engine draws it in full (BI-VIEW-2: the
/// companies, the cards in front of them, the piles, the lists of the game, the viewer's hand with
/// each card's text, BI-VIEW-3), then the step and the decision.
pub fn render(c: &Content, o: &Observation, style: Style) -> String {
    let (t, companies) = seats_table(o);
    let mut lines = vec![bold(&format!("Bastards Inc. — {} · target {} B", t.phase, o.money_target), style)];
    lines.push(bold("The pyramid", style));
    for r in &o.regions {
        lines.extend(region_lines(r, style));
    }
    lines.push(bold("Media circus", style));
    lines.extend(circus_lines(o, style));
    lines.extend(pack(&bold("Companies: ", style), companies, " · ", 2, WIDTH));
    lines.extend(wrap("", LEGEND, 0, WIDTH).iter().map(|l| dim(l, style)));
    lines.push(String::new());
    lines.extend(t.draw_in_full(o.viewer, WIDTH, style));
    lines.push(String::new());
    let step = wording::step_line(c, o, |q| who(q, style));
    if !step.is_empty() {
        lines.extend(wrap("", &step, 2, WIDTH));
    }
    lines.extend(wrap("▶ ", &o.decision, 2, WIDTH));
    lines.join("\n")
}

/// A compact view for an 80×24 terminal, in at most [`COMPACT_LINES`]: the pyramid a region a
/// line, the VPs in the Media circus, the companies' scoreboard, the viewer's hand, the piles
/// when there is room, the step in progress and the decision.
pub fn render_compact(c: &Content, o: &Observation, style: Style) -> String {
    let (t, _) = seats_table(o);
    let mut top = vec![format!("{} · target {} B", t.phase, o.money_target)];
    for r in &o.regions {
        let mut marks = String::new();
        if r.war {
            marks.push_str(&paint(" WAR", Colour::Red, style));
        }
        if r.disaster || r.famine {
            marks.push_str(&paint(" crisis", Colour::Yellow, style));
        }
        let vps: Vec<String> = r.vps.iter().map(|v| vp_text(v, style)).collect();
        let head = format!(
            "{:<19} Cor{} Cri{} Tec{} Inc{} {}{marks} ",
            clip(&r.name, 19),
            r.corruption,
            r.crime,
            r.technology,
            r.income,
            stuff_bar(r, style)
        );
        top.push(clip(&format!("{head}{}", vps.join(" ")), WIDTH));
    }
    let circus: Vec<String> = o
        .circus
        .iter()
        .filter(|q| !q.vps.is_empty())
        .map(|q| format!("{}: {}", q.name, q.vps.iter().map(|v| vp_text(v, style)).collect::<Vec<_>>().join(" ")))
        .collect();
    let seats = t.scoreboard(o.viewer, WIDTH, style);
    // An act or a commission with nothing chosen yet, a gift, an event or extra effort says no
    // more than the decision below it (which names the seats).
    let bare = matches!(&o.step, StepView::Gift { .. } | StepView::Event { .. } | StepView::Effort { .. })
        || matches!(&o.step, StepView::Commission { card: None, target: None, amount: None, .. })
        || matches!(&o.step, StepView::Act(a)
            if a.target.is_none() && a.second.is_none() && a.journalist.is_none() && a.hush.is_none());
    let step = wording::step_line(c, o, |q| who(q, style));
    let step: Vec<String> = (!step.is_empty() && !bare).then(|| clip(&step, WIDTH)).into_iter().collect();
    let decision = wrap("▶ ", &o.decision, 2, WIDTH);
    // The Media circus and the hand give way to a line each, then the piles to none.
    let mut room = COMPACT_LINES.saturating_sub(top.len() + seats.len() + step.len() + decision.len());
    let circus = if circus.is_empty() {
        Vec::new()
    } else {
        fit("Media: ", &circus, 2, WIDTH, if room >= 4 { 2 } else { 1 }, more)
    };
    room = room.saturating_sub(circus.len());
    let hand = t.hand(o.viewer, WIDTH, if room >= 2 { 2 } else { 1 });
    room = room.saturating_sub(hand.len());
    let piles = t.pile_lines(WIDTH, room.min(1));
    let piles = if room > 0 { piles.iter().map(|l| dim(l, style)).collect() } else { Vec::new() };
    [top, circus, seats, hand, piles, step, decision].concat().join("\n")
}
