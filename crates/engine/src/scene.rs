//! Scenes: what a browser draws of a position's board for one viewer. A game describes its board as
//! data — regions with their geometry, pieces on them, tracks, the cards that lie on the board
//! (the pending stack, a card being resolved), buttons — each element with a stable id, and names
//! the elements each legal action belongs to. The browser draws any scene as SVG beside the table
//! ([`crate::present::Table`]: the panels, hands and piles, drawn as HTML) and makes the elements of
//! legal actions clickable in both, so a new game needs no JavaScript.
//!
//! A scene is made from an observation, so it can show only what that viewer may see; the leak
//! test checks its JSON too.

use serde::Serialize;

/// A picture of a position: a drawing area of `width` × `height` units (the browser scales it to
/// the screen), and its elements, drawn in order (back to front).
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Scene {
    pub width: f64,
    pub height: f64,
    pub elements: Vec<Element>,
}

/// One thing drawn. Its `id` is stable: the same cell, territory, piece or card keeps it from step
/// to step (animations follow ids), and legal actions name it.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct Element {
    pub id: String,
    #[serde(flatten)]
    pub kind: Kind,
    /// Short text drawn on it: a cell's mark, an army count, a region's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// Longer text for a tooltip and screen readers ("b2: empty", "Brazil: P2, 3 armies").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The seat whose colour (and letter, for colour-blind players) it takes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owner: Option<usize>,
    /// A colour of its own (a continent's, a card suit's), by name: `red`, `green`, `yellow`,
    /// `blue`, `magenta`, `cyan`, `white`, `grey`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
    /// Drawn emphasised (the last move, a winning line).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub marked: bool,
}

/// What an element is.
#[derive(Clone, PartialEq, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Kind {
    /// An area of the board (a cell, a territory, a hex).
    Region { shape: Shape },
    /// A piece on the board, centred at `at`: `token` says how it is drawn.
    Piece { at: Point, token: Token },
    /// A line of text centred on `at` (a heading, a note on the board).
    Text { at: Point, size: f64 },
    /// A line between two points (a sea lane, a road, a connection between regions).
    Link { from: Point, to: Point },
    /// A button at `at` (its centre) for an action that belongs to no piece of the board (pass,
    /// done); its `label` is the text on it.
    Button { at: Point },
    /// A card, face up or as a back (`face` none), in the box `w` × `h` with its top-left corner
    /// at `at`.
    Card { at: Point, w: f64, h: f64, face: Option<CardFace> },
    /// A row or pile of cards (a market, a discard pile, the pending stack), its caption centred
    /// on `at`:
    /// the cards shown (elements of kind `card`, by id), top last, and how many it holds in all.
    Pile { at: Point, cards: Vec<String>, count: usize },
    /// A score or resource track from 0 to `length`, starting at `at` and drawn `w` wide, with
    /// each seat's position on it.
    Track { at: Point, w: f64, length: u32, marks: Vec<TrackMark> },
}

/// A point in scene units.
#[derive(Clone, Copy, PartialEq, Debug, Serialize)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }
}

/// The outline of a region.
#[derive(Clone, PartialEq, Debug, Serialize)]
#[serde(tag = "shape", rename_all = "snake_case")]
pub enum Shape {
    Rect {
        x: f64,
        y: f64,
        w: f64,
        h: f64,
    },
    Circle {
        cx: f64,
        cy: f64,
        r: f64,
    },
    /// A regular hexagon with centre (`cx`, `cy`) and corner radius `r`, pointy side up.
    Hex {
        cx: f64,
        cy: f64,
        r: f64,
    },
    Polygon {
        points: Vec<Point>,
    },
}

/// How a piece looks: `{"type": "disc"}`, `{"type": "glyph", "text": "X"}`, `{"type": "cube"}`,
/// `{"type": "pyramid", "size": 2}`.
#[derive(Clone, PartialEq, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Token {
    /// A round counter (a disc, an army).
    Disc,
    /// A letter or short sign drawn large (`X`, `O`).
    Glyph { text: String },
    /// A square block.
    Cube,
    /// A pyramid of size 1 (small) to 3 (large).
    Pyramid { size: u8 },
}

/// A card's face: what is printed on it.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct CardFace {
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// Numbers in its corners (cost, strength, priority), with what each means.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub numbers: Vec<(String, i64)>,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub text: String,
}

/// A seat's place on a track.
#[derive(Clone, Copy, PartialEq, Debug, Serialize)]
pub struct TrackMark {
    pub seat: usize,
    pub value: i64,
}

impl Element {
    /// An element of `kind` with nothing else set.
    pub fn new(id: impl Into<String>, kind: Kind) -> Element {
        Element { id: id.into(), kind, label: None, title: None, owner: None, colour: None, marked: false }
    }

    pub fn label(mut self, label: impl Into<String>) -> Element {
        self.label = Some(label.into());
        self
    }

    pub fn title(mut self, title: impl Into<String>) -> Element {
        self.title = Some(title.into());
        self
    }

    pub fn owner(mut self, seat: usize) -> Element {
        self.owner = Some(seat);
        self
    }

    pub fn colour(mut self, colour: impl Into<String>) -> Element {
        self.colour = Some(colour.into());
        self
    }

    pub fn marked(mut self, marked: bool) -> Element {
        self.marked = marked;
        self
    }
}

/// A square grid of `columns` × `rows` cells of side `cell`, with a margin of `margin` around
/// it: the cells' regions, row by row from the top, each named by `id(column, row)`.
pub fn grid_cells(
    columns: usize,
    rows: usize,
    cell: f64,
    margin: f64,
    id: impl Fn(usize, usize) -> String,
) -> impl Iterator<Item = Element> {
    (0..rows).flat_map(move |r| (0..columns).map(move |c| (c, r))).map(move |(c, r)| {
        let (x, y) = (margin + c as f64 * cell, margin + r as f64 * cell);
        Element::new(id(c, r), Kind::Region { shape: Shape::Rect { x, y, w: cell, h: cell } })
    })
}

/// The centre of the cell (`column`, `row`) of such a grid.
pub fn grid_centre(column: usize, row: usize, cell: f64, margin: f64) -> Point {
    Point::new(margin + (column as f64 + 0.5) * cell, margin + (row as f64 + 0.5) * cell)
}
