//! The terminal views (WD-VIEW-1..4): the hex world as a text map (turnable so any column is at the
//! left edge), a zoom around a space, the leaderboards, the shared tracks and the viewer's hand.

use worlds_engine::paint::{Colour, bold, clip, dim, fit, paint, wrap};
use worlds_engine::present::Panel;
use worlds_engine::{Player, Style};

use crate::board::{COLS, ROWS, Space, col_row, row_letter, space};
use crate::content::Content;
use crate::event::{space_long, space_name};
use crate::nation::Nation;
use crate::need::spot_cost;
use crate::notation::parse_space;
use crate::view::{Observation, SpaceView};

const WIDTH: usize = 80;

fn nation_of(o: &Observation, seat: Player) -> Option<Nation> {
    o.seats.get(seat).map(|s| s.nation)
}

fn at(o: &Observation, s: Space) -> Option<&SpaceView> {
    o.spaces.iter().find(|v| v.space == s)
}

/// The terrain mark of a space: `~` sea, `$` resource, `w` war zone, `*` start, `s`/`e`/`#` the
/// USSR, EU and wall flags, `.` plain land.
pub fn terrain(c: &Content, s: Space) -> char {
    let cell = c.board.cell(s);
    if !cell.land {
        '~'
    } else if cell.start.is_some() {
        '*'
    } else if cell.war {
        'w'
    } else if cell.resource {
        '$'
    } else if cell.ussr {
        's'
    } else if cell.eu {
        'e'
    } else if cell.wall {
        '#'
    } else {
        '.'
    }
}

/// A cell of the map, 3 columns: owner letter, Base strength (`A` for 10) or terrain, units (`!`
/// when some are at war); a small letter for a marker only; `X` radioactive.
fn cell(c: &Content, o: &Observation, s: Space, style: Style) -> String {
    let t = terrain(c, s);
    let owner = o.map_owner(s);
    let text = match at(o, s) {
        Some(v) if v.radioactive.is_some() => {
            let n = v.radioactive.and_then(|r| nation_of(o, r));
            let letter = n.map_or('x', |n| n.letter().to_ascii_lowercase());
            return paint(&format!("X{letter} "), Colour::White, style);
        }
        Some(v) if v.pieces.is_some() => {
            let n = v.pieces.and_then(|p| nation_of(o, p));
            let base = match v.base {
                0 => t,
                10 => 'A',
                b => char::from(b'0' + b),
            };
            let units = if v.at_war > 0 {
                '!'
            } else if v.units > 0 {
                char::from(b'0' + v.units)
            } else {
                ' '
            };
            let text = format!("{}{base}{units}", n.map_or('?', Nation::letter));
            return n.map_or(text.clone(), |n| bold(&paint(&text, n.ink(), style), style));
        }
        Some(v) if v.marker => {
            let n = v.owner.and_then(|p| nation_of(o, p));
            let text = format!("{}{t} ", n.map_or('?', |n| n.letter().to_ascii_lowercase()));
            return n.map_or(text.clone(), |n| paint(&text, n.ink(), style));
        }
        _ => match owner.and_then(|p| nation_of(o, p)) {
            Some(n) if t != '~' => return paint(&format!("{}{t} ", n.letter().to_ascii_lowercase()), n.ink(), style),
            _ => format!(" {t} "),
        },
    };
    if t == '~' { dim(&text, style) } else { text }
}

/// WD-VIEW-1: the map, one line per row, odd rows shifted, the row letter at both ends; the
/// column `first` at the left edge.
pub fn map_lines(c: &Content, o: &Observation, first: usize, style: Style) -> Vec<String> {
    let mut lines = Vec::with_capacity(ROWS + 1);
    let mut head = String::from("   ");
    for k in 0..COLS {
        let col = (first + k) % COLS;
        head.push_str(&format!("{col:<3}"));
    }
    lines.push(dim(head.trim_end(), style));
    for row in 0..ROWS {
        let letter = row_letter(row);
        let mut line = format!("{letter} {}", if row % 2 == 1 { " " } else { "" });
        for k in 0..COLS {
            line.push_str(&cell(c, o, space((first + k) % COLS, row), style));
        }
        if row % 2 == 0 {
            line.push(' ');
        }
        line.push_str(&format!(" {letter}"));
        lines.push(line);
    }
    lines
}

const LEGEND: &str = "Legend: U R N V T = the nation's units or Base (then Base strength, A = 10, and units; ! = at war); \
u r n v t = its marker or home; $ resource, w war zone, * start space, s USSR flag, e EU flag, # wall, \
~ sea, X radioactive. Odd rows sit half a space right; the map wraps left-right (row letters at both edges).";

/// WD-VIEW-2: each leaderboard's Ego and Popularity tracks, 0–10 with the 1–3 zone (where the left
/// card space is lost, WD-LEAD-2) dotted and 10 marked.
fn tracks(o: &Observation, style: Style) -> Vec<String> {
    let track = |v: u8| -> String {
        (0..=10u8)
            .map(|i| {
                if i == v {
                    '●'
                } else if (1..=3).contains(&i) {
                    '·'
                } else if i == 10 {
                    '|'
                } else {
                    '-'
                }
            })
            .collect()
    };
    let mut lines = vec![dim("Tracks (Ego, Popularity: 0–10, the left card is lost at 3 or less):", style)];
    for s in o.seats.values() {
        let who = paint(&format!("{} {:<11}", s.player, s.nation.name()), s.nation.ink(), style);
        lines.push(format!(
            "  {who}  Ego {:>2} {}   Popularity {:>2} {}",
            s.ego,
            track(s.ego),
            s.popularity,
            track(s.popularity)
        ));
    }
    lines
}

fn shared(o: &Observation, brief: bool) -> Vec<String> {
    let order: Vec<String> = o.order.iter().map(|&p| p.to_string()).collect();
    let peace: Vec<String> = o
        .peace
        .iter()
        .enumerate()
        .map(|(i, x)| match x {
            Some((p, _)) => format!("{}:{p}", spot_cost(i)),
            None => format!("{}:—", spot_cost(i)),
        })
        .collect();
    let mut lines = vec![format!(
        "Round {}, phase {}{}   order {}",
        o.round,
        o.phase.name(),
        match o.last_round {
            Some(r) if r == o.round => " — the last round".to_owned(),
            Some(r) => format!(" — the game ends after round {r}"),
            None => String::new(),
        },
        order.join(" ")
    )];
    let mut peace = format!("Peace track {}", peace.join(" "));
    if brief {
        let (decks, discards) = (o.decks, [o.discards[0].len(), o.discards[1].len()]);
        peace.push_str(&format!(
            "   decks L1 {} L2 {}   discards L1 {} L2 {}",
            decks[0], decks[1], discards[0], discards[1]
        ));
    }
    lines.push(peace);
    lines.extend(dumbness(o, brief));
    lines
}

/// WD-VIEW-3: what the Level decks received of the Dumbness cards and where those are now, on a
/// line; for the screen above a decision (`brief`), the cards on the board by name and any
/// auction with the start of its card's text, a line each. The full board has them in the table's
/// piles, with their whole texts.
fn dumbness(o: &Observation, brief: bool) -> Vec<String> {
    let d = &o.dumbness;
    if d.added == [0, 0] && d.spent.is_empty() && d.face_up.is_empty() {
        return Vec::new();
    }
    let gone = if d.gone.is_empty() { String::new() } else { format!("; {} gone", d.gone.len()) };
    let summary = format!(
        "Dumbness: L1 {} ({} drawn), L2 {} ({} drawn); face down {} + {}; discarded {}{gone}",
        d.added[0],
        d.drawn[0],
        d.added[1],
        d.drawn[1],
        d.face_down[0],
        d.face_down[1],
        d.spent.len()
    );
    let mut lines = wrap("", &summary, 4, WIDTH);
    if !brief {
        return lines;
    }
    // One line each: the cards on the board by name (all but the one at auction), the auction
    // with the start of its card's text; the cards gone are counted. `board` shows them whole.
    let auctioned = d.auction.as_ref().map(|a| a.card.number);
    let up: Vec<String> = d
        .face_up
        .iter()
        .filter(|up| Some(up.card.number) != auctioned)
        .map(|up| {
            let mark = if up.crazy { " (crazy)" } else { "" };
            let rule = up.rule_until.map(|r| format!(" (to round {r})")).unwrap_or_default();
            format!("{}{mark} [{}]{rule}", up.card.name, up.card.number)
        })
        .collect();
    if !up.is_empty() {
        lines.push(clip(&format!("  On the board: {}", up.join(", ")), WIDTH));
    }
    if let Some(a) = &d.auction {
        let high = a.high.map_or("no bid yet".to_owned(), |h| format!("{h} bids {}", a.price));
        let out: Vec<String> = a.out.iter().map(|p| p.to_string()).collect();
        let out = if out.is_empty() { "nobody".to_owned() } else { out.join(" ") };
        let line = format!("  Auction of {} [{}]: {high}; out: {out}. {}", a.card.name, a.card.number, a.card.text);
        lines.push(clip(&line, WIDTH));
    }
    lines
}

/// The whole table: the round, the peace track and what became of the Dumbness cards, the map
/// and its legend, the Ego and Popularity tracks, then the table as the engine draws it in full
/// (the leaderboards with their supplies, the cards in front of each, the Dumbness cards on the
/// board and at auction, the piles, the First Goals to choose from and the hand, WD-VIEW-4).
pub fn render(c: &Content, o: &Observation, style: Style) -> String {
    let mut lines = shared(o, false);
    lines.extend(map_lines(c, o, 0, style));
    lines.extend(wrap("", LEGEND, 0, WIDTH));
    lines.extend(tracks(o, style));
    lines.push(String::new());
    lines.extend(crate::table::table(c, o).draw_in_full(o.viewer, WIDTH, style));
    lines.join("\n")
}

/// For an 80×24 terminal: the status, the map, the scores with the viewer's own figures on a line
/// (from the table's panels) and the hand by name.
pub fn render_compact(c: &Content, o: &Observation, style: Style) -> String {
    let table = crate::table::table(c, o);
    let mut lines = shared(o, true);
    lines.extend(map_lines(c, o, 0, style));
    let count = |p: &Panel, name: &str| p.counts.iter().find(|x| x.name == name).map_or(0, |x| x.value);
    let initial = |p: &Panel| p.faction.as_deref().and_then(|f| f.chars().next()).unwrap_or('?');
    let vps: Vec<String> =
        table.panels.iter().map(|p| format!("{} {} {}", p.seat, initial(p), count(p, "VP"))).collect();
    let scores = table.panels.iter().map(|p| format!("{} {} {}VP", p.seat, initial(p), count(p, "VP")));
    let scores = scores.collect::<Vec<_>>().join("  ");
    let mine = table.panels.iter().find(|p| Some(p.seat) == o.viewer);
    match mine {
        Some(me) => {
            // The scores and your figures share a line, in shorter words if need be.
            let [ego, pop, res, inc] = ["Ego", "Pop", "Res", "Inc"].map(|n| count(me, n));
            let you = format!("You: Ego {ego} Pop {pop} resources {res} income {inc}");
            let brief = format!("You: Ego {ego} Pop {pop} res {res} inc {inc}");
            let candidates = [
                format!("{scores} · {you}"),
                format!("{scores} · {brief}"),
                format!("VP {} · {brief}", vps.join("  ")),
            ];
            match candidates.into_iter().find(|line| line.chars().count() <= WIDTH) {
                Some(line) => lines.push(line),
                None => lines.extend([scores, you]),
            }
        }
        None => lines.push(scores),
    }
    if let Some(hand) = mine.and_then(|p| p.hand.as_ref()) {
        let names: Vec<String> = hand.iter().map(|k| k.name.clone()).collect();
        lines.extend(fit("Hand: ", &names, 6, WIDTH, 2, |n| format!("+{n} more (`board`)")));
    }
    lines.join("\n")
}

/// WD-VIEW-1's extra views: `map COL` (the map turned so column COL is at the left edge) and
/// `zoom SPACE` (the spaces around one, in full).
pub fn render_view(c: &Content, o: &Observation, name: &str, style: Style) -> Option<String> {
    let words: Vec<&str> = name.split_whitespace().collect();
    match words.as_slice() {
        ["map"] => Some(map_lines(c, o, 0, style).join("\n")),
        ["map", col] => {
            let first = col.parse::<usize>().ok().filter(|&k| k < COLS)?;
            Some(map_lines(c, o, first, style).join("\n"))
        }
        ["zoom"] => Some("Write `zoom SPACE`, e.g. `zoom E12`.".into()),
        ["zoom", s] => Some(match parse_space(s) {
            Some(s) => zoom(c, o, s),
            None => format!("`{s}` is not a space: write a row letter A–K and a column 0–22, e.g. E12"),
        }),
        _ => None,
    }
}

/// The spaces within 3 of `center`, seven columns wide, two lines a row.
fn zoom(c: &Content, o: &Observation, center: Space) -> String {
    let (cc, cr) = col_row(center);
    let mut lines = vec![format!("Around {}:", space_long(c, center))];
    for row in cr.saturating_sub(3)..(cr + 4).min(ROWS) {
        let mut top = format!("{} {}", row_letter(row), if row % 2 == 1 { "    " } else { "" });
        let mut bottom = format!("  {}", if row % 2 == 1 { "    " } else { "" });
        for k in 0..9 {
            let col = (cc + COLS + k - 4) % COLS;
            let s = space(col, row);
            let name = space_name(s);
            top.push_str(&format!("{:<8}", format!("{name}{}", terrain(c, s))));
            let detail = match at(o, s) {
                Some(v) if v.radioactive.is_some() => "radio".to_owned(),
                Some(v) if v.pieces.is_some() => {
                    let n = v.pieces.and_then(|p| nation_of(o, p)).map_or('?', Nation::letter);
                    let base = if v.base > 0 { format!("b{}", v.base) } else { String::new() };
                    let units = if v.units > 0 {
                        format!("u{}{}", v.units, if v.at_war > 0 { "!" } else { "" })
                    } else {
                        String::new()
                    };
                    format!("{n}{base}{units}")
                }
                Some(v) if v.marker => {
                    format!("{} mark", v.owner.and_then(|p| nation_of(o, p)).map_or('?', Nation::letter))
                }
                _ => String::new(),
            };
            bottom.push_str(&format!("{:<8}", detail));
        }
        lines.push(top.trim_end().to_owned());
        lines.push(bottom.trim_end().to_owned());
    }
    lines.push("b = Base strength, u = units (! at war), radio = radioactive; terrain marks as on the map.".into());
    lines.join("\n")
}
