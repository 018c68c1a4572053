//! What a browser draws of the board (BI-VIEW-1..3): the pyramid, the Media circus and the VIP
//! Lounge, as a scene made from the observation alone; and the elements each legal action belongs
//! to. The turn and phase, the companies, the hand, the cards in front of each company, the piles,
//! the events and wars, the prices of extra effort, the war table and the viewer's buttons are the
//! table's (`table.rs`, `clicks.rs`), which the browser draws beside it.
//!
//! On a 1700 × 650 board: the money target and the battle, war, commission or act in progress
//! along the top (the decision is the page's); the pyramid of regions on the
//! left (each with its minimums, Income, Stuff bar with its grey zone, war counter, disaster and
//! famine markers, its VPs as discs and, when the viewer places a VP, a button per declaration);
//! on the right the Media circus by section and the VIP Lounge (VPs there and lifted). The viewer's
//! secret choice so far is a note on their panel in the table. The ids, the clicks of each action
//! and the buttons are in `clicks.rs`.

use worlds_engine::scene::{Element, Kind, Point, Scene, Shape, Token};

use super::wording;
use crate::action::Action;
use crate::attr::{Attr, Entry, Section};
use crate::clicks::{LOUNGE, place_id, region_id, square_id, vp_id};
use crate::content::Content;
use crate::event::dest_name;
use crate::state::Dest;
use crate::view::{Observation, RegionView, StepView, VpView};

const TITLE_Y: f64 = 16.0;
const STEP_Y: f64 = 40.0;

/// The pyramid: a trapezoid from `PYR_TOP` to `PYR_BOTTOM`, centred on `PYR_CX`, `PYR_HALF` half
/// as wide at the top and widening by `PYR_SLOPE` per unit down.
const PYR_TOP: f64 = 74.0;
const PYR_BOTTOM: f64 = 618.0;
const PYR_CX: f64 = 460.0;
const PYR_HALF: f64 = 170.0;
const PYR_SLOPE: f64 = 0.5;

/// The right side: the Media circus and the VIP Lounge.
const SIDE_X: f64 = 918.0;
const SIDE_W: f64 = WIDTH - MARGIN - SIDE_X;
const SECTION_Y: f64 = 82.0;
const SQUARE_Y: f64 = 92.0;
const SQUARE_H: f64 = 120.0;
const LOUNGE_Y: f64 = 222.0;
const LOUNGE_H: f64 = 78.0;

/// The scene of an observation.
pub fn scene(c: &Content, o: &Observation) -> Scene {
    let mut l = Layers::default();
    heading(c, o, &mut l);
    pyramid(c, o, &mut l);
    circus(c, o, &mut l);
    lounge(o, &mut l);
    let Layers { areas, texts, cards, pieces, tops } = l;
    let elements = [areas, texts, cards, pieces, tops].into_iter().flatten().collect();
    Scene { width: WIDTH, height: HEIGHT, elements }
}

// ---------------------------------------------------------------------------- the top

fn heading(c: &Content, o: &Observation, l: &mut Layers) {
    let centre = WIDTH / 2.0;
    let title = format!("Bastards Inc. · money target {} B", o.money_target);
    l.texts.push(text("title", Point::new(centre, TITLE_Y), 17.0, title));
    let step = wording::step_line(c, o, |q| q.to_string());
    if !step.is_empty() {
        l.texts.push(text("step", Point::new(centre, STEP_Y), 13.0, step));
    }
}

/// Where a battle is fought or a war resolved now.
fn contested(o: &Observation) -> (Option<Dest>, Option<&str>) {
    match &o.step {
        StepView::Battle { dest, .. } => (Some(*dest), None),
        StepView::Window { region, .. } => (None, Some(region.as_str())),
        _ => (None, None),
    }
}

// ---------------------------------------------------------------------------- the board

fn half_width(y: f64) -> f64 {
    PYR_HALF + (y - PYR_TOP) * PYR_SLOPE
}

/// The x of the point the fraction `f` across the pyramid at height `y`.
fn across(y: f64, f: f64) -> f64 {
    PYR_CX - half_width(y) + 2.0 * half_width(y) * f
}

/// The regions in rows, top first, each row split evenly.
fn pyramid(c: &Content, o: &Observation, l: &mut Layers) {
    let mut rows: Vec<u8> = o.regions.iter().map(|r| r.row).collect();
    rows.sort_unstable();
    rows.dedup();
    let h = (PYR_BOTTOM - PYR_TOP) / rows.len().max(1) as f64;
    for (i, row) in rows.iter().enumerate() {
        let members: Vec<usize> = (0..o.regions.len()).filter(|&r| o.regions[r].row == *row).collect();
        let k = members.len() as f64;
        let y0 = PYR_TOP + i as f64 * h;
        for (j, &r) in members.iter().enumerate() {
            region(c, o, r, (y0, y0 + h), (j as f64 / k, (j as f64 + 1.0) / k), l);
        }
    }
}

/// The Stuff bar (BI-BOARD-3).
fn stuff_bar(r: &RegionView) -> String {
    wording::stuff_cells(r).map(|(cell, _)| cell).collect()
}

fn vp_words(v: &VpView) -> String {
    let by = |e: Entry| format!(", entered by {}", e.attr().map_or("the Peace Nobel Prize", Attr::name));
    let black = if v.black > 0 { format!(", {} B of black money", v.black) } else { String::new() };
    format!("{}'s VP {}{}{black}", v.player, v.vp + 1, v.entry.map_or(String::new(), by))
}

/// A VP on the board: a disc of its owner's, `$` after the number when it carries black money.
fn vp_piece(o: &Observation, v: &VpView, at: Point, place: &str) -> Element {
    let lifting = o.viewer == Some(v.player) && o.mine.as_ref().is_some_and(|m| m.lift.contains(&v.vp));
    let mut e = Element::new(vp_id(v.player, usize::from(v.vp)), Kind::Piece { at, token: Token::Disc })
        .owner(v.player.index())
        .title(format!("{} in {place}{}", vp_words(v), if lifting { " (you lift it)" } else { "" }))
        .marked(lifting);
    if v.black > 0 {
        e = e.label(format!("{}$", v.player.index() + 1));
    }
    e
}

fn region(c: &Content, o: &Observation, r: usize, (y0, y1): (f64, f64), (f0, f1): (f64, f64), l: &mut Layers) {
    let rv = &o.regions[r];
    let left = |y: f64| across(y, f0);
    let right = |y: f64| across(y, f1);
    let points =
        vec![Point::new(left(y0), y0), Point::new(right(y0), y0), Point::new(right(y1), y1), Point::new(left(y1), y1)];
    let id = region_id(c, r as u8);
    let (dest, war_in) = contested(o);
    let fought = matches!(dest, Some(Dest::Region { region, .. }) if usize::from(region) == r);
    let colour = if rv.war {
        "red"
    } else if rv.disaster || rv.famine {
        "yellow"
    } else {
        "white"
    };
    let state = [(rv.war, "at war"), (rv.disaster, "natural disaster"), (rv.famine, "famine")];
    let state: Vec<&str> = state.into_iter().filter_map(|(on, what)| on.then_some(what)).collect();
    let vps: Vec<String> = rv.vps.iter().map(vp_words).collect();
    let title = format!(
        "{} (row {}): minimums Corruption {}, Crime {}, Technology {}; Income {}; Stuff {} of 6, grey from {}{}; VPs: {}",
        rv.name,
        rv.row,
        rv.corruption,
        rv.crime,
        rv.technology,
        rv.income,
        rv.stuff,
        rv.grey_from,
        if state.is_empty() { String::new() } else { format!("; {}", state.join(", ")) },
        if vps.is_empty() { "none".to_owned() } else { vps.join("; ") }
    );
    l.areas.push(
        Element::new(&id, Kind::Region { shape: Shape::Polygon { points } })
            .title(title)
            .colour(colour)
            .marked(fought || war_in == Some(rv.name.as_str())),
    );
    let mid = |y: f64| (left(y) + right(y)) / 2.0;
    l.texts.push(text(format!("{id}-name"), Point::new(mid(y0 + 16.0), y0 + 16.0), 14.0, &rv.name).marked(rv.war));
    let minimums =
        format!("Cor ≥{} · Cri ≥{} · Tec ≥{} · Income {}", rv.corruption, rv.crime, rv.technology, rv.income);
    l.texts.push(text(format!("{id}-minimums"), Point::new(mid(y0 + 33.0), y0 + 33.0), 11.0, minimums));
    let y = y0 + 58.0;
    l.texts.push(
        text(
            format!("{id}-stuff"),
            Point::new(left(y) + 80.0, y),
            12.0,
            format!("Stuff {} {}", stuff_bar(rv), rv.stuff),
        )
        .title(format!("Stuff {} of 6; from {} the bar is grey: a sale there is illegal", rv.stuff, rv.grey_from)),
    );
    let markers = [
        (rv.war, "war", "⚔", "red", "a war counter: at war"),
        (rv.disaster, "disaster", "⚠", "yellow", "a natural-disaster marker"),
        (rv.famine, "famine", "☠", "grey", "a famine marker"),
    ];
    let mut x = right(y0 + 16.0) - 22.0;
    for (on, what, glyph, colour, words) in markers {
        if on {
            let at = Point::new(x, y0 + 16.0);
            l.pieces.push(
                Element::new(format!("{id}-{what}"), Kind::Piece { at, token: Token::Glyph { text: glyph.into() } })
                    .colour(colour)
                    .title(format!("{}: {words}", rv.name)),
            );
            x -= 26.0;
        }
    }
    // The viewer's placements here, a button per declaration, from the right.
    let mut x = right(y) - 14.0;
    for (by, label) in [(Entry::Prize, "Nobel"), (Entry::Crime, "by Cri"), (Entry::Corruption, "by Cor")] {
        let place = Action::Place(Dest::Region { region: r as u8, by });
        if o.legal.contains(&place) {
            let w = (label.chars().count() as f64 * 9.0 + 26.0).max(60.0);
            let title = format!("place a lifted VP in {}", dest_name(c, Dest::Region { region: r as u8, by }));
            let at = Point::new(x - w / 2.0, y);
            l.tops.push(Element::new(place_id(c, r as u8, by), Kind::Button { at }).label(label).title(title));
            x -= w + 6.0;
        }
    }
    let ys = [y1 - 40.0, y1 - 15.0];
    let spots = discs(rv.vps.len(), left(ys[0]) + 26.0, right(ys[0]) - 26.0, &ys);
    for (v, at) in rv.vps.iter().zip(spots) {
        l.pieces.push(vp_piece(o, v, at, &rv.name));
    }
}

/// The Media circus: a column per section, its squares side by side.
fn circus(c: &Content, o: &Observation, l: &mut Layers) {
    let col = (SIDE_W - 2.0 * GAP) / 3.0;
    let (dest, _) = contested(o);
    for (si, section) in Section::ALL.into_iter().enumerate() {
        let x = SIDE_X + si as f64 * (col + GAP);
        let squares: Vec<usize> = (0..o.circus.len()).filter(|&q| o.circus[q].section == section).collect();
        let heading = format!("Media circus: {}", section.name());
        l.texts.push(
            text(format!("section-{}", section.id()), Point::new(x + col / 2.0, SECTION_Y), 13.0, heading)
                .title(format!("The {} section: its journalists expose {} illegal acts", section.name(), section.id())),
        );
        let k = squares.len().max(1) as f64;
        let w = (col - (k - 1.0) * 6.0) / k;
        for (j, &q) in squares.iter().enumerate() {
            let sq = &o.circus[q];
            let sx = x + j as f64 * (w + 6.0);
            let id = square_id(c, q as u8);
            let vps: Vec<String> = sq.vps.iter().map(vp_words).collect();
            let charity = if sq.charity { "; a campaign here yields 2 Goodwill during a crisis" } else { "" };
            let title = format!(
                "{} ({} section): minimum Media {}{charity}; VPs: {}",
                sq.name,
                section.name(),
                sq.media,
                if vps.is_empty() { "none".to_owned() } else { vps.join("; ") }
            );
            let colour = ["green", "blue", "cyan"][si];
            l.areas.push(
                Element::new(&id, Kind::Region { shape: Shape::Rect { x: sx, y: SQUARE_Y, w, h: SQUARE_H } })
                    .label(&sq.name)
                    .title(title)
                    .colour(colour)
                    .marked(dest == Some(Dest::Square(q as u8))),
            );
            let cx = sx + w / 2.0;
            l.texts.push(text(
                format!("{id}-media"),
                Point::new(cx, SQUARE_Y + 30.0),
                11.0,
                format!("Media ≥{}", sq.media),
            ));
            if sq.charity {
                l.texts.push(text(format!("{id}-charity"), Point::new(cx, SQUARE_Y + 45.0), 10.0, "×2 in a crisis"));
            }
            let ys = [SQUARE_Y + 70.0, SQUARE_Y + 96.0];
            for (v, at) in sq.vps.iter().zip(discs(sq.vps.len(), sx + 18.0, sx + w - 18.0, &ys)) {
                l.pieces.push(vp_piece(o, v, at, &sq.name));
            }
        }
    }
}

/// The VIP Lounge: each company's VPs there, then the lifted ones waiting to be placed.
fn lounge(o: &Observation, l: &mut Layers) {
    let (dest, _) = contested(o);
    let mut who = Vec::new();
    let mut pieces = Vec::new();
    for (what, lifted) in [("lounge", false), ("lifted", true)] {
        for s in &o.seats {
            let count = if lifted { s.lifted } else { s.lounge };
            for k in 0..count {
                pieces.push((format!("{what}-{}-{}", s.player, k + 1), s.player, lifted));
            }
            if count > 0 {
                who.push(format!("{} {what} {count}", s.player));
            }
        }
    }
    let title = format!(
        "The VIP Lounge: VPs out of play until the next Place VPs phase{}",
        if who.is_empty() { String::new() } else { format!("; {}", who.join(", ")) }
    );
    l.areas.push(
        Element::new(LOUNGE, Kind::Region { shape: Shape::Rect { x: SIDE_X, y: LOUNGE_Y, w: SIDE_W, h: LOUNGE_H } })
            .label("VIP Lounge (lifted VPs marked)")
            .title(title)
            .colour("magenta")
            .marked(dest == Some(Dest::Lounge)),
    );
    let y = LOUNGE_Y + 48.0;
    for ((id, p, lifted), at) in pieces.iter().zip(discs(pieces.len(), SIDE_X + 24.0, SIDE_X + SIDE_W - 24.0, &[y])) {
        let words = if *lifted { "lifted, waiting to be placed" } else { "in the VIP Lounge" };
        l.pieces.push(
            Element::new(id, Kind::Piece { at, token: Token::Disc })
                .owner(p.index())
                .title(format!("a VP of {p}: {words}"))
                .marked(*lifted),
        );
    }
}

// ---------------------------------------------------------------------------- the drawing

const WIDTH: f64 = 1700.0;
/// The least height: the pyramid and the side column end above 640.
const HEIGHT: f64 = 650.0;
const MARGIN: f64 = 10.0;
const GAP: f64 = 8.0;

/// VP discs stand this far apart.
const VP_STEP: f64 = 27.0;

/// The elements by layer, back to front.
#[derive(Default)]
struct Layers {
    areas: Vec<Element>,
    texts: Vec<Element>,
    cards: Vec<Element>,
    pieces: Vec<Element>,
    tops: Vec<Element>,
}

fn text(id: impl Into<String>, at: Point, size: f64, label: impl Into<String>) -> Element {
    Element::new(id, Kind::Text { at, size }).label(label)
}

/// The centres of `n` discs in rows at heights `ys`, each row from `x0` to `x1`: `VP_STEP` apart,
/// closer when they do not fit.
fn discs(n: usize, x0: f64, x1: f64, ys: &[f64]) -> Vec<Point> {
    let per_row = (((x1 - x0) / VP_STEP).floor() as usize + 1).max(1);
    let rows = ys.len().max(1);
    let (per_row, step) = if n <= per_row * rows {
        (per_row, VP_STEP)
    } else {
        let k = n.div_ceil(rows);
        (k, (x1 - x0) / (k.max(2) - 1) as f64)
    };
    (0..n).map(|i| Point::new(x0 + step * (i % per_row) as f64, ys[(i / per_row).min(rows - 1)])).collect()
}
