//! What a browser draws of the board (the engine's scene): the hex world with owners, units, Bases,
//! markers and radioactive spaces; the peace track (whose spot each seat has disarmed). The ids and
//! the clicks of each action are in `clicks.rs`. The round and phase, the buttons, the leaderboards, the cards in front of each
//! (a disarmed card too), the viewer's hand (and the First Goals on offer), the decks and piles and
//! an auction (its card, the highest bid, who passed) are the table's (`table.rs`), which the
//! browser draws beside it. Made from the observation, so it shows only what the viewer may know.

use worlds_engine::Player;
use worlds_engine::scene::{CardFace, Element, Kind, Point, Scene, Shape, Token as Glyph};

use crate::board::{COLS, ROWS, SPACES, Space, col_row, row_letter};
use crate::clicks::{base_id, space_id, units_id};
use crate::content::Content;
use crate::event::{space_long, space_name};
use crate::need::spot_cost;
use crate::render;
use crate::view::Observation;

const R: f64 = 20.0;
const MARGIN: f64 = 24.0;

fn hex_w() -> f64 {
    R * 3f64.sqrt()
}

/// The centre of a space's hexagon (pointy-top, odd rows half a space right, WD-BOARD-1).
pub fn centre(s: Space) -> Point {
    let (col, row) = col_row(s);
    let x = MARGIN + hex_w() * (col as f64 + 0.5 + if row % 2 == 1 { 0.5 } else { 0.0 });
    let y = MARGIN + R + row as f64 * 1.5 * R;
    Point::new(x, y)
}

/// The scene of an observation.
pub fn scene(c: &Content, o: &Observation) -> Scene {
    let mut el = Vec::new();
    let nation = |seat: Player| o.seats.get(seat).map(|s| s.nation);
    // The world.
    for i in 0..SPACES {
        let s = i as Space;
        let cell = c.board.cell(s);
        let p = centre(s);
        let owner = o.map_owner(s);
        let view = o.spaces.iter().find(|v| v.space == s);
        let mut e = Element::new(space_id(s), Kind::Region { shape: Shape::Hex { cx: p.x, cy: p.y, r: R } });
        if !cell.land {
            e = e.colour("cyan");
        } else if view.is_some_and(|v| v.radioactive.is_some()) {
            e = e.colour("grey").label("☢");
        } else if let Some(q) = owner {
            e = e.owner(q.index());
        }
        let mark = render::terrain(c, s);
        if !matches!(mark, '.' | '~') && view.is_none_or(|v| v.radioactive.is_none()) {
            e = e.label(mark.to_string());
        }
        el.push(e.title(space_long(c, s)));
    }
    for row in 0..ROWS {
        let y = MARGIN + R + row as f64 * 1.5 * R;
        for (side, x) in [("l", MARGIN / 2.0), ("r", MARGIN + hex_w() * (COLS as f64 + 1.0))] {
            let text = Kind::Text { at: Point::new(x, y), size: 11.0 };
            el.push(Element::new(format!("row-{side}-{row}"), text).label(row_letter(row).to_string()));
        }
    }
    // Pieces take their seat's colour, as everywhere else (the nation is in their titles).
    for v in &o.spaces {
        let p = centre(v.space);
        let Some(q) = v.pieces.or(v.owner) else { continue };
        let Some(n) = nation(q) else { continue };
        if v.base > 0 {
            el.push(
                Element::new(
                    base_id(v.space),
                    Kind::Piece { at: Point::new(p.x - 6.0, p.y + 4.0), token: Glyph::Pyramid { size: 2 } },
                )
                .owner(q.index())
                .label(v.base.to_string())
                .title(format!("{}'s {}-Base", n.name(), v.base)),
            );
        }
        if v.units > 0 {
            let war = if v.at_war > 0 { " (at war)" } else { "" };
            el.push(
                Element::new(
                    units_id(v.space),
                    Kind::Piece { at: Point::new(p.x + 5.0, p.y - 3.0), token: Glyph::Disc },
                )
                .owner(q.index())
                .label(v.units.to_string())
                .title(format!("{} unit(s) of {}{war}", v.units, n.name())),
            );
        }
        if v.marker && v.pieces.is_none() {
            el.push(
                Element::new(format!("mark-{}", space_name(v.space)), Kind::Piece { at: p, token: Glyph::Cube })
                    .owner(q.index())
                    .title(format!("{}'s marker", n.name())),
            );
        }
    }
    // The viewer's own unit on a hidden move, where only they see it.
    if let Some(me) = o.viewer.and_then(|p| o.seats.get(p))
        && let Some(at) = me.hidden_at
    {
        let id = units_id(at);
        if !el.iter().any(|e| e.id == id) {
            let p = centre(at);
            el.push(
                Element::new(id, Kind::Piece { at: Point::new(p.x + 5.0, p.y - 3.0), token: Glyph::Disc })
                    .owner(me.player.index())
                    .label("1")
                    .title(format!("your unit on a hidden move (left {})", space_name(me.hidden_from.unwrap_or(at)))),
            );
        }
    }
    let y = MARGIN + 2.0 * R + (ROWS as f64 - 1.0) * 1.5 * R + 16.0;
    // The peace track: a spot in the colour of the seat that disarmed there (the card itself lies
    // in front of that seat on the table).
    for (i, spot) in o.peace.iter().enumerate() {
        let at = Point::new(MARGIN + 80.0 * i as f64, y);
        let (cost, taken) = (spot_cost(i), spot.as_ref().map(|(p, k)| format!(": {p} disarmed {}", k.name)));
        let text = format!("costs {cost}, scores {cost}");
        let face = CardFace { title: format!("Peace {}", i + 1), kind: None, numbers: vec![], text };
        let e = Element::new(format!("peace-{}", i + 1), Kind::Card { at, w: 46.0, h: 60.0, face: Some(face) });
        let e = e.title(format!("peace spot {}: {cost} resources, {cost} VP{}", i + 1, taken.unwrap_or_default()));
        el.push(if let Some((p, _)) = spot { e.owner(p.index()) } else { e });
    }
    let width = (MARGIN + hex_w() * (COLS as f64 + 1.0) + MARGIN).ceil();
    Scene { width, height: y + 76.0, elements: el }
}
