//! The terminal views (BI-VIEW-1, BI-VIEW-2, BI-VIEW-3): the whole table, and a compact one for
//! play in an 80×24 window. Made from the observation alone, so they show only what it holds.

use worlds_engine::paint::{Colour, bold, clip, dim, pack, pad, paint, wrap};
use worlds_engine::{Player, Style};

use super::wording;
use crate::attr::{Attr, Entry, Section};
use crate::content::Content;
use crate::state::Phase;
use crate::view::{HandCard, Observation, RegionView, SeatView, StepView, VpView};

const WIDTH: usize = 80;
const COLOURS: [Colour; 6] = [Colour::Red, Colour::Blue, Colour::Green, Colour::Yellow, Colour::Magenta, Colour::Cyan];

fn who(p: Player, style: Style) -> String {
    paint(&p.to_string(), COLOURS[p.index() % 6], style)
}

fn phase_name(p: Phase) -> &'static str {
    p.name()
}

/// The Stuff bar: filled cells up to the level, the grey zone shaded (BI-BOARD-3).
fn stuff_bar(r: &RegionView, style: Style) -> String {
    let out: String = wording::stuff_cells(r)
        .map(|(cell, grey)| if grey { dim(&cell.to_string(), style) } else { cell.to_string() })
        .collect();
    format!("{out} {}", r.stuff)
}

fn vp_text(v: &VpView, style: Style) -> String {
    let entry = match v.entry {
        Some(Entry::Corruption) => "·Cor",
        Some(Entry::Crime) => "·Cri",
        Some(Entry::Prize) => "·Nobel",
        None => "",
    };
    let black = if v.black > 0 { format!(" ${}", v.black) } else { String::new() };
    format!("{}/{}{entry}{black}", who(v.player, style), v.vp + 1)
}

fn region_lines(r: &RegionView, style: Style) -> Vec<String> {
    let mut marks = Vec::new();
    if r.war {
        marks.push(paint("WAR", Colour::Red, style));
    }
    if r.disaster {
        marks.push(paint("disaster", Colour::Yellow, style));
    }
    if r.famine {
        marks.push(paint("famine", Colour::Yellow, style));
    }
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
    let items: Vec<String> = marks.into_iter().chain(r.vps.iter().map(|v| vp_text(v, style))).collect();
    if !items.is_empty() {
        lines.extend(pack(&format!("{indent}    "), items, "  ", indent.len() + 4, WIDTH));
    }
    lines
}

fn seat_lines(o: &Observation, s: &SeatView, style: Style) -> Vec<String> {
    let attrs: Vec<String> = Attr::ALL
        .iter()
        .map(|a| {
            let i = a.index();
            let bonus = if s.bonus[i] > 0 { format!("+{}", s.bonus[i]) } else { String::new() };
            format!("{} {}{bonus}", a.short(), s.attrs[i])
        })
        .collect();
    let mut tags = Vec::new();
    if s.halo {
        tags.push(paint("halo", Colour::Yellow, style));
    }
    if s.sign {
        tags.push("sign".to_owned());
    }
    if s.bunker {
        tags.push("bunker".to_owned());
    }
    if let Some(chosen) = s.chosen {
        tags.push(if chosen { "chosen".to_owned() } else { dim("not yet", style) });
    }
    let mark = if o.deciding.contains(&s.player) { "▶" } else { " " };
    let first = format!(
        "{mark}{} {} {:>3} B {:>2} G · VPs {}/4 (lounge {}) · hand {}",
        who(s.player, style),
        pad(&clip(&s.company, 26), 26),
        s.billions,
        s.goodwill,
        s.vps,
        s.lounge,
        s.hand
    );
    let mut lines = vec![first];
    let black = (s.black > 0).then(|| format!("black money {}", s.black));
    let items: Vec<String> = std::iter::once(attrs.join(" "))
        .chain(black)
        .chain(s.opportunities.iter().map(|x| format!("{}{}", x.card.name, if x.upright { " ↑" } else { " ↷" })))
        .chain(tags)
        .collect();
    lines.extend(pack("     ", items, " · ", 5, WIDTH));
    lines
}

fn hand_lines(hand: &[HandCard], width: usize, style: Style) -> Vec<String> {
    let mut lines = Vec::new();
    for h in hand {
        let mark = if h.marked {
            "✗"
        } else if h.playable {
            "*"
        } else {
            " "
        };
        let head = format!(" {mark}{}: ", bold(&h.card.name, style));
        lines.extend(wrap(&head, &h.card.text, 5, width));
    }
    lines
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

/// The whole table.
pub fn render(c: &Content, o: &Observation, style: Style) -> String {
    let mut lines = vec![bold(
        &format!(
            "Bastards Inc. — turn {}/{} · phase {} · target {} B",
            o.turn,
            o.turn_cap,
            phase_name(o.phase),
            o.money_target
        ),
        style,
    )];
    lines.push(bold("The pyramid", style));
    for r in &o.regions {
        lines.extend(region_lines(r, style));
    }
    lines.push(bold("Media circus", style));
    lines.extend(circus_lines(o, style));
    let lounge: Vec<String> =
        o.seats.iter().filter(|s| s.lounge > 0).map(|s| format!("{} ×{}", who(s.player, style), s.lounge)).collect();
    let lifted: Vec<String> =
        o.seats.iter().filter(|s| s.lifted > 0).map(|s| format!("{} ×{}", who(s.player, style), s.lifted)).collect();
    let mut l = format!("VIP Lounge: {}", if lounge.is_empty() { "—".into() } else { lounge.join(" ") });
    if !lifted.is_empty() {
        l.push_str(&format!(" · lifted: {}", lifted.join(" ")));
    }
    lines.push(l);
    lines.push(bold("Companies", style));
    for s in &o.seats {
        lines.extend(seat_lines(o, s, style));
    }
    let discard: Vec<String> = o.discard.iter().map(|k| k.name.clone()).collect();
    lines.extend(pack(
        &format!("Deck {} · war counters left {} · discard {}: ", o.deck, o.counters_left, discard.len()),
        discard,
        ", ",
        2,
        WIDTH,
    ));
    lines.push(format!(
        "Events: {} left · last: {} · last war: {}",
        o.events_left,
        o.last_event.as_deref().unwrap_or("—"),
        o.last_war.as_deref().unwrap_or("—")
    ));
    lines.push(wording::effort_prices(o.effort_prices));
    lines.extend(pack("War table: ", o.war_table.clone(), "; ", 2, WIDTH));
    if !o.hand.is_empty() {
        lines.push(bold("Your hand (* playable now, ✗ to discard)", style));
        lines.extend(hand_lines(&o.hand, WIDTH, style));
    }
    let step = wording::step_line(c, o, |q| who(q, style));
    if !step.is_empty() {
        lines.extend(wrap("", &step, 2, WIDTH));
    }
    lines.extend(wrap("▶ ", &o.decision, 2, WIDTH));
    lines.join("\n")
}

/// A compact view for an 80×24 terminal.
pub fn render_compact(c: &Content, o: &Observation, style: Style) -> String {
    let mut lines = vec![format!(
        "Turn {}/{} · {} · target {} B · deck {} · events {}",
        o.turn,
        o.turn_cap,
        phase_name(o.phase),
        o.money_target,
        o.deck,
        o.events_left
    )];
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
        lines.push(clip(&format!("{head}{}", vps.join(" ")), WIDTH));
    }
    let circus: Vec<String> = o
        .circus
        .iter()
        .filter(|q| !q.vps.is_empty())
        .map(|q| format!("{}: {}", q.name, q.vps.iter().map(|v| vp_text(v, style)).collect::<Vec<_>>().join(" ")))
        .collect();
    if !circus.is_empty() {
        lines.extend(pack("Media: ", circus, " · ", 2, WIDTH));
    }
    for s in &o.seats {
        let mark = if o.deciding.contains(&s.player) { "▶" } else { " " };
        let mut tags = String::new();
        if s.halo {
            tags.push_str(" halo");
        }
        if s.sign {
            tags.push_str(" sign");
        }
        if let Some(chosen) = s.chosen {
            tags.push_str(if chosen { " chosen" } else { " …" });
        }
        let up = s.opportunities.iter().filter(|x| x.upright).count();
        let attrs: Vec<String> = Attr::ALL
            .iter()
            .map(|a| {
                let i = a.index();
                format!("{}{}{}", a.short(), s.attrs[i], if s.bonus[i] > 0 { "+" } else { "" })
            })
            .collect();
        lines.push(clip(
            &format!(
                "{mark}{} {} {} {:>3}B {:>2}G VP{} L{}{} H{} BO{up}/{}{tags}",
                who(s.player, style),
                pad(&clip(&s.company, 12), 12),
                attrs.join(" "),
                s.billions,
                s.goodwill,
                s.vps,
                s.lounge,
                if s.lifted > 0 { format!("+{}↑", s.lifted) } else { String::new() },
                s.hand,
                s.opportunities.len()
            ),
            WIDTH,
        ));
    }
    if !o.hand.is_empty() {
        let names: Vec<String> = o
            .hand
            .iter()
            .map(|h| {
                format!(
                    "{}{}",
                    if h.marked {
                        "✗"
                    } else if h.playable {
                        "*"
                    } else {
                        ""
                    },
                    h.card.name
                )
            })
            .collect();
        lines.extend(pack("Hand: ", names, ", ", 2, WIDTH));
    }
    // An act or a commission with nothing chosen yet, a gift, an event or extra effort says no
    // more than the decision below it (which names the seats).
    let bare = matches!(&o.step, StepView::Gift { .. } | StepView::Event { .. } | StepView::Effort { .. })
        || matches!(&o.step, StepView::Commission { card: None, target: None, amount: None, .. })
        || matches!(&o.step, StepView::Act(a)
            if a.target.is_none() && a.second.is_none() && a.journalist.is_none() && a.hush.is_none());
    let step = wording::step_line(c, o, |q| who(q, style));
    if !step.is_empty() && !bare {
        lines.push(clip(&step, WIDTH));
    }
    lines.extend(wrap("▶ ", &o.decision, 2, WIDTH));
    lines.join("\n")
}
