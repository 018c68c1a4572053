//! Where the browser draws each area (see `scene.rs`): an outline and a label point per area, read
//! from `map.toml` in a box of [`WIDTH`] × [`HEIGHT`] units. A map that outlines no area is drawn
//! from its 0–100 layout coordinates instead ([`fallback_centre`]).

use std::ops::Range;

use serde::Serialize;
use toml::Spanned;
use worlds_engine::ConfigError;

/// The drawing's box, in units: x to the right, y downwards.
pub const WIDTH: u16 = 1100;
pub const HEIGHT: u16 = 700;

/// An area as the browser draws it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Outline {
    /// The corners, going round the area.
    pub points: Vec<[u16; 2]>,
    /// Where its name goes, with its pieces around it.
    pub label: [u16; 2],
}

/// An outline and a label point as written (either may be missing).
pub(crate) type OutlineEntry = Spanned<Vec<Spanned<[i64; 2]>>>;
pub(crate) type LabelEntry = Spanned<[i64; 2]>;

type Err<'a> = &'a dyn Fn(Option<Range<usize>>, String) -> ConfigError;

fn point(p: &Spanned<[i64; 2]>, err: Err<'_>) -> Result<[u16; 2], ConfigError> {
    let [x, y] = *p.get_ref();
    match (u16::try_from(x), u16::try_from(y)) {
        (Ok(px), Ok(py)) if px <= WIDTH && py <= HEIGHT => Ok([px, py]),
        _ => Err(err(Some(p.span()), format!("the point [{x}, {y}] is outside the {WIDTH} × {HEIGHT} drawing"))),
    }
}

/// Checks one area's outline and label point: both or neither, at least three corners,
/// everything inside the box.
pub(crate) fn read(
    id: &str,
    entry: Range<usize>,
    outline: Option<&OutlineEntry>,
    label: Option<&LabelEntry>,
    err: Err<'_>,
) -> Result<Option<Outline>, ConfigError> {
    match (outline, label) {
        (None, None) => Ok(None),
        (Some(_), None) => Err(err(Some(entry), format!("`{id}` has an outline but no label point"))),
        (None, Some(label)) => Err(err(Some(label.span()), format!("`{id}` has a label point but no outline"))),
        (Some(outline), Some(label)) => {
            if outline.get_ref().len() < 3 {
                return Err(err(Some(outline.span()), format!("the outline of `{id}` needs at least 3 points")));
            }
            let points = outline.get_ref().iter().map(|p| point(p, err)).collect::<Result<_, _>>()?;
            Ok(Some(Outline { points, label: point(label, err)? }))
        }
    }
}

/// Where an area without an outline is drawn: its 0–100 layout coordinates spread over the box,
/// clear of its edges.
pub fn fallback_centre(x: u8, y: u8) -> (f64, f64) {
    let (w, h) = (f64::from(WIDTH), f64::from(HEIGHT));
    (70.0 + f64::from(x.min(100)) * (w - 140.0) / 100.0, 70.0 + f64::from(y.min(100)) * (h - 140.0) / 100.0)
}
