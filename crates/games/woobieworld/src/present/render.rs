//! The terminal drawings (WOOB-VIEW-1): the full board (`board`), the compact drawing printed
//! before every decision, and the `map` view with every area's neighbours. Every line fits an
//! 80-column terminal: long texts and lists wrap at word boundaries with a hanging indent.

use worlds_engine::Style;
use worlds_engine::paint::{bold, dim, finish, fit, pack, pad, paint, visible_width, wrap};

use crate::area::{Area, Colour, Support};
use crate::content::Content;
use crate::map::Map;
use crate::state::Phase;
use crate::view::{AreaView, Observation};

/// The width of a terminal every drawing fits.
pub const WIDTH: usize = 80;

/// The most lines the compact drawing takes with up to four players; each further seat adds its
/// home's line.
pub const COMPACT_LINES: usize = 12;

/// What a list cut short says of the rest.
fn more(n: usize) -> String {
    format!("+{n} more (`board`)")
}

/// The table of areas both the board and the `map` view begin with: the heading's first columns
/// ("AREAS  kind  "), and each area of the map with the start of its row (its id and its kind),
/// the columns as wide as the widest area's.
fn area_rows<'a>(map: &Map, o: &'a Observation, style: Style) -> (String, Vec<(Area, &'a AreaView, String)>) {
    let idw = map.areas().map(|a| map.id(a).len()).max().unwrap_or(0);
    let kindw = map.areas().map(|a| map.info(a).kind_words(false).len()).max().unwrap_or(0);
    let head = format!("{}  {}  ", pad("AREAS", idw + 2), pad("kind", kindw));
    let rows = o.areas.iter().filter_map(|v| {
        let a = map.find(&v.area)?;
        let kind = dim(&map.info(a).kind_words(false), style);
        Some((a, v, format!("  {}  {}  ", pad(&v.area, idw), pad(&kind, kindw))))
    });
    (head, rows.collect())
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

/// The legend for the support letters and industries.
fn legend(style: Style) -> Vec<String> {
    vec![
        format!("{}  R Y G B = red, yellow, green, blue support · A = Anarchs", bold("LEGEND", style)),
        "        2R■ = two red industries (■) in an area · ▶ = decides now".into(),
    ]
}

/// The full board (`board`, WOOB-VIEW-1): every area with its kind and flags, homes, industries
/// and Anarchs, the supply, then the table as the engine draws it in full (the homes' counts, the
/// environments each player takes care of, the card being resolved, the discard pile and the
/// viewer's hand, each card with its text). Neighbours are in the `map` view.
pub fn render(c: &Content, o: &Observation, style: Style) -> String {
    let map = &c.map;
    let mut out = title(o, style);
    out.extend(status(o, style));
    out.push(String::new());
    let (head, rows) = area_rows(map, o, style);
    out.push(bold(&format!("{head}home  industries, Anarchs"), style));
    for (_, v, start) in rows {
        let home = v.home_of.map_or(String::new(), |p| p.to_string());
        out.push(format!("{start}{}  {}", pad(&home, 4), pieces(v, style)));
    }
    out.push(dim("  (type `map` for the picture and each area's neighbours)", style));
    out.push(String::new());
    out.extend(legend(style));
    let pile: Vec<String> = Support::ALL.iter().zip(o.pile).map(|(k, n)| format!("{n}{}", k.letter())).collect();
    let ind: Vec<String> =
        Colour::ALL.iter().zip(o.industry_pile).map(|(k, n)| format!("{n}{}■", k.letter())).collect();
    out.push(format!("Pile: {} · industries {}", pile.join(" "), ind.join(" ")));
    out.push(String::new());
    out.extend(crate::table::table(c, o).draw_in_full(o.viewer.player(), WIDTH, style));
    finish(&out)
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
    let table = crate::table::table(c, o);
    let mut out = title(o, style);
    out.extend(status(o, style));
    out.extend(table.scoreboard(o.viewer.player(), WIDTH, style));
    let card = o.resolving.as_ref().map(|r| {
        let head = format!("Card: {} {} ({})", r.card.number, r.card.name, r.player);
        let so_far = if r.so_far.is_empty() { String::new() } else { format!("so far: {}", r.so_far.join(", ")) };
        let short =
            if so_far.is_empty() { vec![head.clone()] } else { wrap(&format!("{head} · "), &so_far, 2, WIDTH) };
        let text = r.card.text.as_deref().unwrap_or("");
        let text = if so_far.is_empty() { text.to_owned() } else { format!("{text} ({so_far})") };
        let long = wrap(&format!("{head}: "), &text, 2, WIDTH);
        (short, long)
    });
    // The hand takes a second line when the areas keep at least one.
    let card_lines = card.as_ref().map_or(0, |(short, _)| short.len());
    let hand_room = budget.saturating_sub(out.len() + card_lines + 1).clamp(1, 2);
    let hand = table.hand(o.viewer.player(), WIDTH, hand_room);
    let mut room = budget.saturating_sub(out.len() + hand.len() + card_lines);

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
        fit("Areas: ", &board, 7, WIDTH, room, more)
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
    // The environments in play, by caretaker (Mount Saint Woobie cards, without text, are counted
    // in the title).
    let environments: Vec<String> = table
        .panels
        .iter()
        .flat_map(|p| p.cards.iter().filter(|k| !k.text.is_empty()).map(move |k| format!("{} ({})", k.name, p.seat)))
        .collect();
    if !environments.is_empty() && room > 0 {
        out.extend(fit("In play: ", &environments, 9, WIDTH, room, more));
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
    let (head, rows) = area_rows(map, o, style);
    out.push(bold(&format!("{head}borders"), style));
    for (a, _, start) in rows {
        let borders = Area::in_mask(map.borders(a)).map(|b| map.id(b).to_owned());
        out.extend(pack(&start, borders, " ", visible_width(&start), WIDTH));
    }
    Some(finish(&out))
}
