//! What a browser draws of Woobieworld's board (the engine's scene): the island from the outlines
//! in `map.toml` (or hexagons and circles at the layout coordinates, joined by lines between
//! neighbours), each area's home, support and industries; beside it the score track, the unused
//! pile and the Mount Saint Woobie count. The players, their hands, the environments in play, the
//! cycles variant's choices, the card being resolved and the piles are the table's (`view.rs`), which the browser draws beside the board. Made from an
//! observation, it shows only what that viewer may know.
//!
//! Element ids and what each action is a click on: `clicks.rs`.

use worlds_engine::scene::{Element, Kind, Point, Scene, Shape, Token, TrackMark};
use worlds_engine::text::plural;

use crate::area::{Area, Colour, Support};
use crate::clicks::{industry_id, industry_supply_id, supply_id, support_id};
use crate::content::Content;
use crate::drawing::{HEIGHT, WIDTH, fallback_centre};
use crate::map::{Map, Terrain};
use crate::view::{AreaView, Observation};

/// The margin above the map (the turn and the decision are the page's and the table's).
const TOP: f64 = 12.0;
const MAP_W: f64 = WIDTH as f64;
const MAP_H: f64 = HEIGHT as f64;
/// The column right of the map: the score track, the unused pile, Mount Saint Woobie.
const PANEL: f64 = MAP_W;
const SCENE_W: f64 = MAP_W + 420.0;
/// An area without an outline: a hexagon (land) or circle (water) of this radius.
const FALLBACK_R: f64 = 50.0;

/// An area's shape and the point its pieces go around.
struct Place {
    shape: Shape,
    label: Point,
}

fn places(map: &Map) -> Vec<Place> {
    map.areas()
        .map(|a| {
            let info = map.info(a);
            let at = |[x, y]: [u16; 2]| Point::new(f64::from(x), f64::from(y) + TOP);
            match &info.outline {
                Some(o) => Place {
                    shape: Shape::Polygon { points: o.points.iter().map(|&p| at(p)).collect() },
                    label: at(o.label),
                },
                None => {
                    let (cx, cy) = fallback_centre(info.x, info.y);
                    let (cy, r) = (cy + TOP, FALLBACK_R);
                    let shape = match info.terrain {
                        Terrain::Land => Shape::Hex { cx, cy, r },
                        Terrain::Water => Shape::Circle { cx, cy, r },
                    };
                    Place { shape, label: Point::new(cx, cy) }
                }
            }
        })
        .collect()
}

/// Where an area's pieces go around its label point: the home and the five kinds of support in a
/// row, the four colours of industry above it (the browser writes the area's name under them).
#[derive(Clone, Copy)]
struct Slots {
    step: f64,
    support_dy: f64,
    industry_dy: f64,
}

/// On an outlined map (every area of the built-in one has room for them all).
const OUTLINED: Slots = Slots { step: 22.0, support_dy: -6.0, industry_dy: -30.0 };
/// In a hexagon or circle of [`FALLBACK_R`].
const FALLBACK: Slots = Slots { step: 15.0, support_dy: -4.0, industry_dy: -22.0 };

impl Slots {
    fn home(self, l: Point) -> Point {
        Point::new(l.x - 2.5 * self.step, l.y + self.support_dy)
    }

    fn support(self, l: Point, kind: Support) -> Point {
        Point::new(l.x + (kind.index() as f64 - 1.5) * self.step, l.y + self.support_dy)
    }

    fn industry(self, l: Point, colour: Colour) -> Point {
        Point::new(l.x + (colour.index() as f64 - 1.5) * (self.step + 2.0), l.y + self.industry_dy)
    }
}

// ----- words -----

/// "2R 1A" (what an area holds), empty for nothing.
fn support_words(support: &[u8; 5]) -> String {
    let held = Support::ALL.iter().filter(|k| support[k.index()] > 0);
    held.map(|k| format!("{}{}", support[k.index()], k.letter())).collect::<Vec<_>>().join(" ")
}

fn industry_words(industries: &[u8; 4]) -> String {
    let held = Colour::ALL.iter().filter(|c| industries[c.index()] > 0);
    held.map(|c| format!("{} {c}", industries[c.index()])).collect::<Vec<_>>().join(", ")
}

/// `n` pieces of support of a kind, a disc at `at`, said to be `place` ("in Doom Grove").
fn support_piece(id: String, at: Point, kind: Support, n: u8, place: &str) -> Element {
    let words = match kind {
        Support::Anarch => plural(n, "Anarch", "Anarchs"),
        k => format!("{n} {k} support"),
    };
    Element::new(id, Kind::Piece { at, token: Token::Disc })
        .label(n.to_string())
        .title(format!("{words} {place}"))
        .colour(kind.colour().map_or("grey", Colour::name))
}

/// `n` industries of a colour, a cube at `at`, said to be `place`.
fn industry_piece(id: String, at: Point, colour: Colour, n: u8, place: &str) -> Element {
    let words = plural(n, &format!("{colour} industry"), &format!("{colour} industries"));
    Element::new(id, Kind::Piece { at, token: Token::Cube })
        .label(n.to_string())
        .title(format!("{words} {place}"))
        .colour(colour.name())
}

// ----- the scene -----

pub(crate) fn scene(c: &Content, obs: &Observation) -> Scene {
    let map = &c.map;
    let places = places(map);
    let mut elements = Vec::new();
    island(c, obs, &places, &mut elements);
    panel(obs, &mut elements);
    Scene { width: SCENE_W, height: TOP + MAP_H + 10.0, elements }
}

/// The areas and what is on them.
fn island(c: &Content, obs: &Observation, places: &[Place], d: &mut Vec<Element>) {
    let map = &c.map;
    let areas: Vec<(Area, &AreaView, &Place)> = obs
        .areas
        .iter()
        .filter_map(|v| {
            let a = map.find(&v.area)?;
            Some((a, v, places.get(a.index())?))
        })
        .collect();
    if !map.outlined() {
        for &(a, _, pa) in &areas {
            for &(b, _, pb) in areas.iter().filter(|(b, _, _)| *b > a && map.borders(a) & b.bit() != 0) {
                let link = Kind::Link { from: pa.label, to: pb.label };
                let title = format!("{} – {}", map.name(a), map.name(b));
                d.push(Element::new(format!("border_{}_{}", map.id(a), map.id(b)), link).title(title));
            }
        }
    }
    let slots = if map.outlined() { OUTLINED } else { FALLBACK };
    let chosen: Vec<&str> =
        obs.resolving.iter().flat_map(|r| r.so_far.iter()).filter_map(|s| s.strip_prefix("area ")).collect();
    for &(a, v, place) in &areas {
        let info = map.info(a);
        let mut title = format!("{}: {}", info.name, info.kind_words(true));
        if let Some(p) = v.home_of {
            title.push_str(&format!("; {p}'s home"));
        }
        for (what, words) in [("support", support_words(&v.support)), ("industries", industry_words(&v.industries))] {
            if !words.is_empty() {
                title.push_str(&format!("; {what} {words}"));
            }
        }
        let colour = match (info.terrain, info.mountain) {
            (Terrain::Water, _) => "blue",
            (Terrain::Land, true) => "grey",
            (Terrain::Land, false) => "green",
        };
        let mut region = Element::new(info.id.clone(), Kind::Region { shape: place.shape.clone() })
            .label(info.name.clone())
            .title(title)
            .colour(colour)
            .marked(chosen.contains(&info.name.as_str()));
        if let Some(p) = v.home_of {
            region = region.owner(p.index());
        }
        d.push(region);
    }
    for &(a, v, place) in &areas {
        let name = map.name(a);
        let l = place.label;
        if let Some(p) = v.home_of {
            let token = Token::Glyph { text: "⌂".into() };
            d.push(
                Element::new(format!("home_{p}"), Kind::Piece { at: slots.home(l), token })
                    .title(format!("{p}'s home: {name}"))
                    .owner(p.index()),
            );
        }
        let place = format!("in {name}");
        for kind in Support::ALL.into_iter().filter(|k| v.support[k.index()] > 0) {
            let (id, at) = (support_id(map.id(a), kind), slots.support(l, kind));
            d.push(support_piece(id, at, kind, v.support[kind.index()], &place));
        }
        for colour in Colour::ALL.into_iter().filter(|c| v.industries[c.index()] > 0) {
            let (id, at) = (industry_id(map.id(a), colour), slots.industry(l, colour));
            d.push(industry_piece(id, at, colour, v.industries[colour.index()], &place));
        }
    }
}

/// The score track, the unused pile and Mount Saint Woobie.
fn panel(obs: &Observation, d: &mut Vec<Element>) {
    let top = obs.seats.iter().map(|s| s.score).max().unwrap_or(0).max(10);
    let length = u32::try_from((top + 9) / 10 * 10).unwrap_or(u32::MAX);
    let marks = obs.seats.iter().map(|s| TrackMark { seat: s.seat.index(), value: s.score }).collect();
    d.push(
        Element::new("track_scores", Kind::Track { at: Point::new(PANEL + 20.0, TOP + 40.0), w: 380.0, length, marks })
            .label("Scores")
            .title(obs.seats.iter().map(|s| format!("{} {}", s.seat, s.score)).collect::<Vec<_>>().join(", ")),
    );
    d.push(
        Element::new("text_supply", Kind::Text { at: Point::new(PANEL + 210.0, TOP + 100.0), size: 15.0 })
            .label("Unused pile"),
    );
    for kind in Support::ALL {
        let at = Point::new(PANEL + 60.0 + kind.index() as f64 * 75.0, TOP + 130.0);
        d.push(support_piece(supply_id(kind), at, kind, obs.pile[kind.index()], "in the unused pile"));
    }
    for colour in Colour::ALL {
        let at = Point::new(PANEL + 97.0 + colour.index() as f64 * 75.0, TOP + 175.0);
        d.push(industry_piece(
            industry_supply_id(colour),
            at,
            colour,
            obs.industry_pile[colour.index()],
            "in the pile",
        ));
    }
    d.push(
        Element::new("text_volcanoes", Kind::Text { at: Point::new(PANEL + 210.0, TOP + 230.0), size: 15.0 })
            .label(format!("Mount Saint Woobie: {} of 4 in play", obs.volcanoes))
            .title("the game ends when the fourth Mount Saint Woobie comes into play")
            .colour("red")
            .marked(obs.volcanoes >= 3),
    );
}
