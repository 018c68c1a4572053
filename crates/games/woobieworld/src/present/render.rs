//! The terminal drawings (WOOB-VIEW-1): the full board (`board`), the compact drawing printed
//! before every decision, and the `map` view with every area's neighbours. Every line fits an
//! 80-column terminal: long texts and lists wrap at word boundaries with a hanging indent.

use worlds_engine::paint::{bold, dim, pack, pad, paint, visible_width, wrap};
use worlds_engine::{Style, Viewer};

use crate::area::{Area, Colour, Support};
use crate::content::Content;
use crate::map::{AreaInfo, Map, Terrain};
use crate::state::Phase;
use crate::view::{AreaView, Choice, Observation, SeatView};

/// The width of a terminal every drawing fits.
pub const WIDTH: usize = 80;

/// The most lines the compact drawing takes with up to four players; each further seat adds its
/// home's line.
pub const COMPACT_LINES: usize = 12;

/// The lines as one text, without trailing spaces.
fn finish(lines: &[String]) -> String {
    lines.iter().map(|l| format!("{}\n", l.trim_end())).collect()
}

fn area_info<'a>(map: &'a Map, id: &str) -> Option<(Area, &'a AreaInfo)> {
    map.find(id).map(|a| (a, map.info(a)))
}

/// "land, mountain, coastal", "water".
fn kind(info: &AreaInfo) -> String {
    let mut flags = vec![if info.terrain == Terrain::Water { "water" } else { "land" }];
    if info.mountain {
        flags.push("mountain");
    }
    if info.coastal {
        flags.push("coastal");
    }
    flags.join(", ")
}

/// The first line: the variant, the turn, how close the eruption is, the cards.
fn title(o: &Observation, style: Style) -> Vec<String> {
    let variant = if o.cycles { "cycles" } else { "standard" };
    let turn = if o.turn == 0 { "setup".to_owned() } else { format!("turn {}", o.turn) };
    let parts = [
        format!("{} {variant}", bold("WOOBIEWORLD", style)),
        turn,
        format!("Mount Saint Woobie {}/4", o.volcanoes),
        format!("deck {}", o.deck),
        format!("discard {}", o.discard.len()),
    ];
    pack("", parts, " · ", 2, WIDTH)
}

/// Who decides what (or how the game ended).
fn status(o: &Observation, style: Style) -> Vec<String> {
    let text = match o.phase {
        Phase::Over(_) => format!("Game over: {}", o.decision.text),
        _ => o.decision.text.clone(),
    };
    wrap("", &text, 2, WIDTH).into_iter().map(|l| bold(&l, style)).collect()
}

/// "2R  6Y  1G  4B  5A", zeros dimmed.
fn support_cells(s: &[u8; 5], style: Style) -> String {
    let cells: Vec<String> = Support::ALL
        .iter()
        .zip(s)
        .map(|(k, n)| {
            let text = format!("{n:>2}{}", k.letter());
            match (n, k.colour()) {
                (0, _) => dim(&text, style),
                (_, Some(c)) => paint(&text, c.paint(), style),
                (_, None) => bold(&text, style),
            }
        })
        .collect();
    cells.join(" ")
}

/// An area's industries and (outside homes) Anarchs: "1R■ 2B■ 3A"; empty when it has none.
fn pieces(v: &AreaView, style: Style) -> String {
    let mut parts: Vec<String> = Colour::ALL
        .iter()
        .zip(v.industries)
        .filter(|(_, n)| *n > 0)
        .map(|(c, n)| paint(&format!("{n}{}■", c.letter()), c.paint(), style))
        .collect();
    if v.home_of.is_none() && v.support[4] > 0 {
        parts.push(bold(&format!("{}A", v.support[4]), style));
    }
    parts.join(" ")
}

/// "P1 Oceana (you)".
fn seat_label(c: &Content, o: &Observation, seat: &SeatView) -> String {
    let home = seat.home.as_deref().and_then(|id| area_info(&c.map, id)).map_or("no home yet", |(_, i)| &i.name);
    let you = if o.viewer == Viewer::Player(seat.seat) { " (you)" } else { "" };
    format!("{}{you} {home}", seat.seat)
}

fn home_support(o: &Observation, seat: &SeatView) -> [u8; 5] {
    seat.home.as_ref().and_then(|h| o.areas.iter().find(|v| &v.area == h)).map_or([0; 5], |v| v.support)
}

/// One line per home: the seat, its home, support by colour and Anarchs, score, hand size and
/// (cycles) the card chosen face down; `▶` marks those who decide now.
fn home_lines(c: &Content, o: &Observation, compact: bool, style: Style) -> Vec<String> {
    let width = o.seats.iter().map(|s| visible_width(&seat_label(c, o, s))).max().unwrap_or(0);
    let score_width = o.seats.iter().map(|s| s.score.to_string().len()).max().unwrap_or(0);
    let mut lines = Vec::new();
    if !compact {
        let letters: Vec<String> = Support::ALL.iter().map(|k| format!("  {}", k.letter())).collect();
        lines.push(bold(&format!("{} {}  score  hand", pad("HOMES", width + 2), letters.join(" ")), style));
    }
    for seat in &o.seats {
        let marker = if o.to_act.players().contains(seat.seat) { bold("▶ ", style) } else { "  ".into() };
        // Before a seat has a home there is nothing to count.
        let cells = match seat.home {
            Some(_) => support_cells(&home_support(o, seat), style),
            None => " ".repeat(19),
        };
        let numbers = if compact {
            format!("  score {:>score_width$}  hand {}", seat.score, seat.hand_size)
        } else {
            format!("  {:>5} {:>5}", seat.score, seat.hand_size)
        };
        let line = format!("{marker}{} {cells}{numbers}", pad(&seat_label(c, o, seat), width));
        // Cycles: the card chosen face down, by number and name where the viewer may know it
        // and the line has room.
        let choice = match &seat.choice {
            Choice::NotChosen => String::new(),
            Choice::Chosen => "chosen".into(),
            Choice::Card(k) => [format!("chose {} {}", k.number, k.name), format!("chose {}", k.number)]
                .into_iter()
                .find(|c| visible_width(&line) + 2 + c.len() <= WIDTH)
                .unwrap_or_else(|| k.number.to_string()),
        };
        lines.push(if choice.is_empty() { line } else { format!("{line}  {choice}") });
    }
    lines
}

/// The legend for the support letters and industries.
fn legend(style: Style) -> Vec<String> {
    vec![
        format!("{}  R Y G B = red, yellow, green, blue support · A = Anarchs", bold("LEGEND", style)),
        "        2R■ = two red industries (■) in an area · ▶ = decides now".into(),
    ]
}

/// The full board (`board`): every area with its kind and flags, homes, industries and Anarchs,
/// environments in play, the pile, the card being resolved and the viewer's hand with each card's
/// text (WOOB-VIEW-1). Neighbours are in the `map` view.
pub fn render(c: &Content, o: &Observation, style: Style) -> String {
    let map = &c.map;
    let mut out = title(o, style);
    out.extend(status(o, style));
    out.push(String::new());
    out.extend(home_lines(c, o, false, style));

    out.push(String::new());
    let idw = map.areas().map(|a| map.id(a).len()).max().unwrap_or(0);
    let kindw = map.areas().map(|a| kind(map.info(a)).len()).max().unwrap_or(0);
    let head = format!("{}  {}  home  industries, Anarchs", pad("AREAS", idw + 2), pad("kind", kindw));
    out.push(bold(&head, style));
    for v in &o.areas {
        let Some((_, info)) = area_info(map, &v.area) else { continue };
        let home = v.home_of.map_or(String::new(), |p| p.to_string());
        let line = format!(
            "  {}  {}  {}  {}",
            pad(&v.area, idw),
            pad(&dim(&kind(info), style), kindw),
            pad(&home, 4),
            pieces(v, style)
        );
        out.push(line);
    }
    out.push(dim("  (type `map` for the picture and each area's neighbours)", style));
    out.push(String::new());
    out.extend(legend(style));

    if !o.in_play.is_empty() {
        out.push(String::new());
        out.push(bold("IN PLAY", style));
        for e in &o.in_play {
            let head = format!("  {:>3} {}", e.card.number, e.card.name);
            match &e.card.text {
                None => out.push(format!("{head}, drawn by {}", e.caretaker)),
                Some(text) => out.extend(wrap(&format!("{head}, caretaker {}: ", e.caretaker), text, 6, WIDTH)),
            }
        }
    }
    out.push(String::new());
    let pile: Vec<String> = Support::ALL.iter().zip(o.pile).map(|(k, n)| format!("{n}{}", k.letter())).collect();
    let ind: Vec<String> =
        Colour::ALL.iter().zip(o.industry_pile).map(|(k, n)| format!("{n}{}■", k.letter())).collect();
    out.push(format!("Pile: {} · industries {}", pile.join(" "), ind.join(" ")));

    if let Some(r) = &o.resolving {
        let head = format!("Resolving {} {} ({}): ", r.card.number, r.card.name, r.player);
        out.extend(wrap(&head, r.card.text.as_deref().unwrap_or(""), 2, WIDTH));
        if !r.so_far.is_empty() {
            out.extend(pack("  so far: ", r.so_far.iter().cloned(), ", ", 4, WIDTH));
        }
    }

    if let Viewer::Player(_) = o.viewer {
        out.push(String::new());
        out.push(bold("YOUR HAND", style));
        if o.hand.is_empty() {
            out.push("  (empty)".into());
        }
        for k in &o.hand {
            let label = c.cards.iter().find(|card| card.number == k.number).map_or("", |card| card.kind.label());
            let head = format!("  {:>3} {} · {label}: ", k.number, bold(&k.name, style));
            out.extend(wrap(&head, k.text.as_deref().unwrap_or(""), 6, WIDTH));
        }
    }
    finish(&out)
}

/// `items` as [`pack`] lays them out, in at most `max` lines: when they do not fit, the last
/// ones give way to "+N more (`board`)".
fn fit(head: &str, items: &[String], indent: usize, max: usize) -> Vec<String> {
    for shown in (0..=items.len()).rev() {
        let mut some: Vec<String> = items[..shown].to_vec();
        if shown < items.len() {
            some.push(format!("+{} more (`board`)", items.len() - shown));
        }
        let lines = pack(head, some, " · ", indent, WIDTH);
        if lines.len() <= max.max(1) || shown == 0 {
            return lines;
        }
    }
    Vec::new()
}

/// The compact drawing printed before every decision, for an 80×24 terminal: the status, who
/// decides what, one line per home, the areas holding industries or Anarchs (outside homes), the
/// card being resolved and what it chose so far, the names of the cards in hand; then, while there
/// is room, the environments in play (Mount Saint Woobie cards are counted in the status) and the
/// text of the card being resolved. At most [`COMPACT_LINES`] lines with up to four players, one
/// more per further seat; areas that do not fit are counted ("+3 more"). Card texts are in the
/// menu's hints and on the full board.
pub fn render_compact(c: &Content, o: &Observation, style: Style) -> String {
    let budget = COMPACT_LINES + o.seats.len().saturating_sub(4);
    let mut out = title(o, style);
    out.extend(status(o, style));
    out.extend(home_lines(c, o, true, style));

    let hand: Vec<String> = o.hand.iter().map(|k| format!("{} {}", k.number, k.name)).collect();
    let hand = match o.viewer {
        Viewer::Player(_) if hand.is_empty() => vec!["Hand: (empty)".to_owned()],
        Viewer::Player(_) => fit("Hand: ", &hand, 6, 2),
        _ => Vec::new(),
    };
    let card = o.resolving.as_ref().map(|r| {
        let head = format!("Card: {} {} ({})", r.card.number, r.card.name, r.player);
        let so_far = if r.so_far.is_empty() { String::new() } else { format!("so far: {}", r.so_far.join(", ")) };
        let short =
            if so_far.is_empty() { vec![head.clone()] } else { wrap(&format!("{head} · "), &so_far, 2, WIDTH) };
        let text = r.card.text.as_deref().unwrap_or("");
        let long = if so_far.is_empty() {
            wrap(&format!("{head}: "), text, 2, WIDTH)
        } else {
            wrap(&format!("{head}: "), &format!("{text} ({so_far})"), 2, WIDTH)
        };
        (short, long)
    });
    let mut room = budget.saturating_sub(out.len() + hand.len() + card.as_ref().map_or(0, |(short, _)| short.len()));

    let board: Vec<String> = o
        .areas
        .iter()
        .filter_map(|v| {
            let p = pieces(v, style);
            (!p.is_empty()).then(|| format!("{} {p}", v.area))
        })
        .collect();
    let areas = if board.is_empty() {
        vec![dim("Areas: no industries or Anarchs yet", style)]
    } else {
        fit("Areas: ", &board, 7, room)
    };
    room = room.saturating_sub(areas.len());
    out.extend(areas);

    // The text of the card being resolved has the room before the environments.
    let card = card.map_or_else(Vec::new, |(short, long)| {
        let text = o.resolving.as_ref().is_some_and(|r| r.card.text.is_some());
        if text && long.len() <= short.len() + room {
            room -= long.len() - short.len();
            long
        } else {
            short
        }
    });
    let environments: Vec<String> = o
        .in_play
        .iter()
        .filter(|e| e.card.text.is_some())
        .map(|e| format!("{} ({})", e.card.name, e.caretaker))
        .collect();
    if !environments.is_empty() && room > 0 {
        out.extend(fit("In play: ", &environments, 9, room));
    }
    out.extend(card);
    out.extend(hand);
    finish(&out)
}

/// The `map` view: the island's picture, then every area with its kind and flags and the areas it
/// borders (WOOB-VIEW-1: neighbours on request). Any other name is not a view of this game.
pub fn render_view(c: &Content, o: &Observation, name: &str, style: Style) -> Option<String> {
    if name != "map" {
        return None;
    }
    let map = &c.map;
    let mut out: Vec<String> = map.picture().lines().map(str::to_owned).collect();
    out.push(dim("▲ mountain · ~ body of water ~ · below: the ids to type, and who borders whom", style));
    out.push(String::new());
    let idw = map.areas().map(|a| map.id(a).len()).max().unwrap_or(0);
    let kindw = map.areas().map(|a| kind(map.info(a)).len()).max().unwrap_or(0);
    out.push(bold(&format!("{}  {}  borders", pad("AREAS", idw + 2), pad("kind", kindw)), style));
    for v in &o.areas {
        let Some((a, info)) = area_info(map, &v.area) else { continue };
        let head = format!("  {}  {}  ", pad(&v.area, idw), pad(&dim(&kind(info), style), kindw));
        let borders = Area::in_mask(map.borders(a)).map(|b| map.id(b).to_owned());
        out.extend(pack(&head, borders, " ", idw + kindw + 6, WIDTH));
    }
    Some(finish(&out))
}
