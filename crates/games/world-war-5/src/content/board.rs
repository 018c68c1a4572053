//! The board as data: names, colours and connections, read from `content/board.toml` (or a
//! replacement given with `--content`) and validated with file, line and reason.

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::{Arc, Mutex};

use serde::Deserialize;
use toml::Spanned;
use worlds_engine::ConfigError;
use worlds_engine::paint::Colour;

use crate::drawing::{Drawing, DrawingEntry};
use crate::territory::{Continent, Territory};

/// The name of the board file, in `content/` and in a `--content` folder.
pub const BOARD_FILE: &str = "board.toml";

/// The board shipped with Worlds.
pub const BUILT_IN: &str = include_str!("../../content/board.toml");

/// A validated board variant: who borders whom, and how it is shown.
#[derive(Clone, PartialEq, Debug)]
pub struct Board {
    variant: String,
    description: String,
    /// For each territory, the mask of the territories it borders (never itself).
    adjacency: [u32; Territory::COUNT],
    continent_names: [String; 6],
    colours: [Colour; 6],
    territory_names: [String; Territory::COUNT],
    /// Where everything is drawn (the browser's scene).
    drawing: Arc<Drawing>,
}

impl Board {
    /// The built-in board in one of its variants.
    ///
    /// # Errors
    /// [`ConfigError::Content`] when the variant does not exist.
    pub fn built_in(variant: &str) -> Result<Board, ConfigError> {
        Board::parse(BUILT_IN, BOARD_FILE, variant)
    }

    /// The built-in board in one of its variants, read once per process and shared (a server
    /// opens a game for every match).
    ///
    /// # Errors
    /// As [`Board::built_in`].
    pub fn built_in_shared(variant: &str) -> Result<Arc<Board>, ConfigError> {
        static READ: Mutex<Vec<Arc<Board>>> = Mutex::new(Vec::new());
        let mut read = READ.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(board) = read.iter().find(|b| b.variant == variant) {
            return Ok(Arc::clone(board));
        }
        let board = Arc::new(Board::built_in(variant)?);
        read.push(Arc::clone(&board));
        Ok(board)
    }

    /// Reads a board file and picks one variant.
    ///
    /// # Errors
    /// [`ConfigError::Content`] with the file, the line and what is wrong.
    pub fn parse(text: &str, file: &str, variant: &str) -> Result<Board, ConfigError> {
        let err = worlds_engine::content_errors(file, text);
        let raw: BoardFile = toml::from_str(text).map_err(|e| err(e.span(), e.message().trim().to_owned()))?;

        let mut continent_names: [Option<String>; 6] = Default::default();
        let mut colours = [Colour::White; 6];
        let mut territory_names: [Option<String>; Territory::COUNT] = Default::default();
        for entry in &raw.continent {
            let c: Continent = entry.id.get_ref().parse().map_err(|e| err(Some(entry.id.span()), e))?;
            if continent_names[c.index()].is_some() {
                return Err(err(Some(entry.id.span()), format!("continent `{c}` is described twice")));
            }
            continent_names[c.index()] = Some(entry.name.clone());
            colours[c.index()] = entry.colour.get_ref().parse().map_err(|e| err(Some(entry.colour.span()), e))?;
            for t in &entry.territory {
                let id: Territory = t.id.get_ref().parse().map_err(|e| err(Some(t.id.span()), e))?;
                if id.continent() != c {
                    return Err(err(
                        Some(t.id.span()),
                        format!("territory `{id}` belongs to continent `{}`, not `{c}`", id.continent()),
                    ));
                }
                if territory_names[id.index()].replace(t.name.clone()).is_some() {
                    return Err(err(Some(t.id.span()), format!("territory `{id}` is described twice")));
                }
            }
        }
        let continent_names = fill(continent_names, |i| {
            Continent::from_index(i).map(|c| format!("continent `{c}` is missing")).unwrap_or_default()
        })
        .map_err(|reason| err(None, reason))?;
        let territory_names = fill(territory_names, |i| {
            Territory::from_index(i)
                .map(|t| format!("territory `{t}` is missing from its continent"))
                .unwrap_or_default()
        })
        .map_err(|reason| err(None, reason))?;

        let mut adjacency = [0u32; Territory::COUNT];
        for c in Continent::ALL {
            for t in c.territories() {
                adjacency[t.index()] = c.mask() & !t.bit();
            }
        }
        let description = resolve(&raw, variant, &mut adjacency, &err, 0)?;
        let drawing = match &raw.drawing {
            Some(entry) => Arc::new(entry.read(&err)?),
            // The ids are fixed, so a board without a drawing is drawn as the built-in one.
            None => built_in_drawing()?,
        };
        let board = Board {
            variant: variant.to_owned(),
            description,
            adjacency,
            continent_names,
            colours,
            territory_names,
            drawing,
        };
        if let Some(t) = board.unreachable() {
            return Err(err(
                raw.variant.get(variant).map(Spanned::span),
                format!("in variant `{variant}`, `{t}` cannot be reached from na-north: the board must be connected"),
            ));
        }
        Ok(board)
    }

    pub fn variant(&self) -> &str {
        &self.variant
    }

    pub fn description(&self) -> &str {
        &self.description
    }

    /// The territories bordering `t`, as a mask.
    #[inline]
    pub fn neighbours(&self, t: Territory) -> u32 {
        self.adjacency[t.index()]
    }

    pub fn borders(&self, a: Territory, b: Territory) -> bool {
        self.adjacency[a.index()] & b.bit() != 0
    }

    pub fn continent_name(&self, c: Continent) -> &str {
        &self.continent_names[c.index()]
    }

    pub fn colour(&self, c: Continent) -> Colour {
        self.colours[c.index()]
    }

    pub fn drawing(&self) -> &Drawing {
        &self.drawing
    }

    pub fn territory_name(&self, t: Territory) -> &str {
        &self.territory_names[t.index()]
    }

    /// Connections between continents, each once, in board order.
    pub fn crossings(&self) -> Vec<(Territory, Territory)> {
        let mut out = Vec::new();
        for a in Territory::ALL {
            for b in Territory::in_mask(self.neighbours(a) & !a.continent().mask()) {
                if a < b {
                    out.push((a, b));
                }
            }
        }
        out
    }

    fn unreachable(&self) -> Option<Territory> {
        let mut seen = Territory::ALL[0].bit();
        let mut frontier = seen;
        while frontier != 0 {
            let mut next = 0;
            for t in Territory::in_mask(frontier) {
                next |= self.neighbours(t);
            }
            frontier = next & !seen;
            seen |= next;
        }
        Territory::ALL.into_iter().find(|t| seen & t.bit() == 0)
    }
}

/// Applies a variant (and, first, the variant it is based on) to the adjacency.
fn resolve(
    raw: &BoardFile,
    variant: &str,
    adjacency: &mut [u32; Territory::COUNT],
    err: &impl Fn(Option<Range<usize>>, String) -> ConfigError,
    depth: usize,
) -> Result<String, ConfigError> {
    let known = || raw.variant.keys().map(String::as_str).collect::<Vec<_>>().join(", ");
    let Some(entry) = raw.variant.get(variant) else {
        return Err(err(None, format!("the board has no variant `{variant}`; it has: {}", known())));
    };
    if depth > 8 {
        return Err(err(Some(entry.span()), format!("variant `{variant}` is based on itself in a loop")));
    }
    let v = entry.get_ref();
    if let Some(base) = &v.based_on {
        if !raw.variant.contains_key(base.get_ref()) {
            return Err(err(
                Some(base.span()),
                format!("based-on names `{}`, which is not a variant; variants: {}", base.get_ref(), known()),
            ));
        }
        resolve(raw, base.get_ref(), adjacency, err, depth + 1)?;
    } else if v.connections.is_empty() {
        return Err(err(
            Some(entry.span()),
            format!("variant `{variant}` lists no connections and is based on no other variant"),
        ));
    }
    for (list, add) in [(&v.connections, true), (&v.without, false), (&v.with, true)] {
        for pair in list {
            let (a, b) = read_pair(pair, err)?;
            let present = adjacency[a.index()] & b.bit() != 0;
            if add && present {
                let why = if a.continent() == b.continent() {
                    "territories of one continent always border one another"
                } else {
                    "it is listed twice"
                };
                return Err(err(Some(pair.span()), format!("{a} and {b} are already connected ({why})")));
            }
            if !add && !present {
                return Err(err(
                    Some(pair.span()),
                    format!("{a} and {b} are not connected, so they cannot be removed"),
                ));
            }
            if !add && a.continent() == b.continent() {
                return Err(err(
                    Some(pair.span()),
                    format!("{a} and {b} are on one continent, which always border one another"),
                ));
            }
            if add {
                adjacency[a.index()] |= b.bit();
                adjacency[b.index()] |= a.bit();
            } else {
                adjacency[a.index()] &= !b.bit();
                adjacency[b.index()] &= !a.bit();
            }
        }
    }
    Ok(v.description.clone())
}

fn read_pair(
    pair: &Spanned<Vec<Spanned<String>>>,
    err: &impl Fn(Option<Range<usize>>, String) -> ConfigError,
) -> Result<(Territory, Territory), ConfigError> {
    let [a, b] = pair.get_ref().as_slice() else {
        return Err(err(
            Some(pair.span()),
            "a connection is a pair of territories, e.g. [\"na-north\", \"as-north\"]".into(),
        ));
    };
    let ta: Territory = a.get_ref().parse().map_err(|e| err(Some(a.span()), e))?;
    let tb: Territory = b.get_ref().parse().map_err(|e| err(Some(b.span()), e))?;
    if ta == tb {
        return Err(err(Some(pair.span()), format!("{ta} cannot border itself")));
    }
    Ok((ta, tb))
}

/// The built-in board's drawing, read once.
fn built_in_drawing() -> Result<Arc<Drawing>, ConfigError> {
    static READ: std::sync::OnceLock<Result<Arc<Drawing>, ConfigError>> = std::sync::OnceLock::new();
    READ.get_or_init(|| {
        let err = worlds_engine::content_errors(BOARD_FILE, BUILT_IN);
        let raw: BoardFile = toml::from_str(BUILT_IN).map_err(|e| err(e.span(), e.message().trim().to_owned()))?;
        let entry = raw.drawing.ok_or_else(|| err(None, "the built-in board has no [drawing]".into()))?;
        Ok(Arc::new(entry.read(&err)?))
    })
    .clone()
}

fn fill<const N: usize>(items: [Option<String>; N], missing: impl Fn(usize) -> String) -> Result<[String; N], String> {
    if let Some(i) = items.iter().position(Option::is_none) {
        return Err(missing(i));
    }
    Ok(items.map(Option::unwrap_or_default))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardFile {
    continent: Vec<ContinentEntry>,
    variant: BTreeMap<String, Spanned<VariantEntry>>,
    drawing: Option<DrawingEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ContinentEntry {
    id: Spanned<String>,
    name: String,
    colour: Spanned<String>,
    territory: Vec<TerritoryEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TerritoryEntry {
    id: Spanned<String>,
    name: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct VariantEntry {
    description: String,
    based_on: Option<Spanned<String>>,
    #[serde(default)]
    connections: Vec<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    without: Vec<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    with: Vec<Spanned<Vec<Spanned<String>>>>,
}
