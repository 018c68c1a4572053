//! The board's drawing, read from the `[drawing]` section of `board.toml`: each territory's outline
//! and label point, each continent's label point, in a box of `width` × `height` units. A board
//! file without a `[drawing]` section is drawn with the built-in board's drawing (the ids are
//! fixed); one with a drawing must place every territory and continent.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;
use worlds_engine::ConfigError;
use worlds_engine::scene::Point;

use crate::territory::{Continent, Territory};

/// Where everything is drawn.
#[derive(Clone, PartialEq, Debug)]
pub struct Drawing {
    pub width: f64,
    pub height: f64,
    /// Each territory's outline, in board order.
    pub shapes: Vec<Vec<Point>>,
    /// Where each territory's name and piece go, in board order.
    pub labels: Vec<Point>,
    /// Where each continent's name goes.
    pub continent_labels: Vec<Point>,
}

/// The `[drawing]` section as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DrawingEntry {
    width: Spanned<f64>,
    height: Spanned<f64>,
    continent: BTreeMap<Spanned<String>, PlaceEntry>,
    territory: BTreeMap<Spanned<String>, ShapeEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlaceEntry {
    label: Spanned<[f64; 2]>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ShapeEntry {
    shape: Spanned<Vec<[f64; 2]>>,
    label: Spanned<[f64; 2]>,
}

type Err<'a> = &'a dyn Fn(Option<Range<usize>>, String) -> ConfigError;

impl DrawingEntry {
    /// Checks the section: every territory and continent placed once, outlines of at least three
    /// points, everything inside the box.
    pub(crate) fn read(&self, err: Err<'_>) -> Result<Drawing, ConfigError> {
        let (width, height) = (*self.width.get_ref(), *self.height.get_ref());
        for (size, spanned) in [(width, &self.width), (height, &self.height)] {
            if !(size.is_finite() && size > 0.0) {
                return Err(err(Some(spanned.span()), "the drawing's width and height are more than 0".into()));
            }
        }
        let inside = |p: [f64; 2], span: Range<usize>| {
            if (0.0..=width).contains(&p[0]) && (0.0..=height).contains(&p[1]) {
                Ok(Point::new(p[0], p[1]))
            } else {
                Err(err(
                    Some(span),
                    format!("the point [{}, {}] is outside the {width} × {height} drawing", p[0], p[1]),
                ))
            }
        };
        let mut placed: Vec<Option<(Vec<Point>, Point)>> = vec![None; Territory::COUNT];
        for (id, entry) in &self.territory {
            let t: Territory = id.get_ref().parse().map_err(|e| err(Some(id.span()), e))?;
            if entry.shape.get_ref().len() < 3 {
                return Err(err(Some(entry.shape.span()), format!("the outline of `{t}` needs at least 3 points")));
            }
            let points = entry.shape.get_ref().iter().map(|&p| inside(p, entry.shape.span()));
            let shape = points.collect::<Result<_, _>>()?;
            placed[t.index()] = Some((shape, inside(*entry.label.get_ref(), entry.label.span())?));
        }
        let mut continent_labels: Vec<Option<Point>> = vec![None; Continent::ALL.len()];
        for (id, entry) in &self.continent {
            let c: Continent = id.get_ref().parse().map_err(|e| err(Some(id.span()), e))?;
            continent_labels[c.index()] = Some(inside(*entry.label.get_ref(), entry.label.span())?);
        }
        let missing =
            |what: String| err(None, format!("the drawing does not place {what}: place all or leave out [drawing]"));
        let placed: Vec<(Vec<Point>, Point)> = placed
            .into_iter()
            .zip(Territory::ALL)
            .map(|(s, t)| s.ok_or_else(|| missing(format!("territory `{t}`"))))
            .collect::<Result<_, _>>()?;
        let (shapes, labels) = placed.into_iter().unzip();
        let continent_labels = continent_labels
            .into_iter()
            .zip(Continent::ALL)
            .map(|(l, c)| l.ok_or_else(|| missing(format!("continent `{c}`"))))
            .collect::<Result<_, _>>()?;
        Ok(Drawing { width, height, shapes, labels, continent_labels })
    }
}
