//! The map as data (`content/map.toml` or a replacement), validated with file, line and reason.

use serde::{Deserialize, Serialize};
use toml::Spanned;
use worlds_engine::ConfigError;

use crate::area::Area;
use crate::drawing::{self, LabelEntry, Outline, OutlineEntry};

pub const MAP_FILE: &str = "map.toml";
pub const BUILT_IN_MAP: &str = include_str!("../../content/map.toml");

/// Land or a body of water.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Terrain {
    Land,
    Water,
}

/// One area as the map describes it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct AreaInfo {
    pub id: String,
    pub name: String,
    pub terrain: Terrain,
    pub mountain: bool,
    /// A land area touching water (derived from the neighbours).
    pub coastal: bool,
    pub x: u8,
    pub y: u8,
    /// Where the browser draws it, when the map outlines its areas (all of them or none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outline: Option<Outline>,
}

impl AreaInfo {
    /// What kind of area it is: "water", "land, mountain, coastal"; `inland` says so of a land
    /// area that is not coastal ("land, inland").
    pub fn kind_words(&self, inland: bool) -> String {
        let mut words = vec![if self.terrain == Terrain::Water { "water" } else { "land" }];
        if self.mountain {
            words.push("mountain");
        }
        if self.coastal {
            words.push("coastal");
        } else if inland && self.terrain == Terrain::Land {
            words.push("inland");
        }
        words.join(", ")
    }
}

/// A validated map.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Map {
    areas: Vec<AreaInfo>,
    /// Bordering areas (not including the area itself).
    adjacency: Vec<u32>,
    land: u32,
    water: u32,
    mountain: u32,
    coastal: u32,
}

pub(crate) use worlds_engine::content_errors as error_in;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFile {
    area: Vec<Spanned<AreaEntry>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AreaEntry {
    id: Spanned<String>,
    name: String,
    kind: Terrain,
    #[serde(default)]
    mountain: bool,
    x: u8,
    y: u8,
    neighbours: Vec<Spanned<String>>,
    #[serde(default)]
    outline: Option<OutlineEntry>,
    #[serde(default)]
    label: Option<LabelEntry>,
}

/// Names are matched without case, spaces, dashes or apostrophes: `Sea of Despair` = `sea-of-despair`.
pub(crate) fn key(s: &str) -> String {
    s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

impl Map {
    /// Reads and validates a map file.
    ///
    /// # Errors
    /// [`ConfigError::Content`] with the file, the line and what is wrong.
    pub fn parse(text: &str, file: &str) -> Result<Map, ConfigError> {
        let err = error_in(file, text);
        let raw: MapFile = toml::from_str(text).map_err(|e| err(e.span(), e.message().trim().to_owned()))?;
        if raw.area.len() > Area::MAX {
            return Err(err(None, format!("{} areas; a map has at most {}", raw.area.len(), Area::MAX)));
        }
        if raw.area.len() < 2 {
            return Err(err(None, "a map needs at least two areas".into()));
        }
        let mut ids: Vec<String> = Vec::new();
        for entry in &raw.area {
            let id = entry.get_ref().id.get_ref();
            if id.is_empty() || !id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
                return Err(err(
                    Some(entry.get_ref().id.span()),
                    format!("area id `{id}` must be lower-case letters, digits and dashes"),
                ));
            }
            if ids.iter().any(|k| key(k) == key(id)) {
                return Err(err(Some(entry.get_ref().id.span()), format!("area `{id}` is described twice")));
            }
            ids.push(id.clone());
        }
        let find = |name: &Spanned<String>| -> Result<usize, ConfigError> {
            ids.iter()
                .position(|id| key(id) == key(name.get_ref()))
                .ok_or_else(|| err(Some(name.span()), format!("`{}` is not an area of this map", name.get_ref())))
        };
        let n = raw.area.len();
        let mut adjacency = vec![0u32; n];
        for (i, entry) in raw.area.iter().enumerate() {
            for name in &entry.get_ref().neighbours {
                let j = find(name)?;
                if j == i {
                    return Err(err(Some(name.span()), format!("`{}` cannot border itself", ids[i])));
                }
                if adjacency[i] & (1 << j) != 0 {
                    return Err(err(
                        Some(name.span()),
                        format!("`{}` is listed twice as a neighbour of `{}`", ids[j], ids[i]),
                    ));
                }
                adjacency[i] |= 1 << j;
            }
        }
        for (i, entry) in raw.area.iter().enumerate() {
            for name in &entry.get_ref().neighbours {
                let j = find(name)?;
                if adjacency[j] & (1 << i) == 0 {
                    return Err(err(
                        Some(name.span()),
                        format!(
                            "`{}` lists `{}` as a neighbour, but `{}` does not list `{}`: connections go both ways",
                            ids[i], ids[j], ids[j], ids[i]
                        ),
                    ));
                }
            }
        }
        let mut map = Map { areas: Vec::with_capacity(n), adjacency, land: 0, water: 0, mountain: 0, coastal: 0 };
        for (i, entry) in raw.area.iter().enumerate() {
            let e = entry.get_ref();
            match e.kind {
                Terrain::Land => map.land |= 1 << i,
                Terrain::Water => map.water |= 1 << i,
            }
            if e.mountain {
                if e.kind == Terrain::Water {
                    return Err(err(Some(entry.span()), format!("`{}` is water and cannot be a mountain", ids[i])));
                }
                map.mountain |= 1 << i;
            }
            if e.x > 100 || e.y > 100 {
                return Err(err(Some(entry.span()), format!("`{}`: layout coordinates are 0–100", ids[i])));
            }
        }
        for i in 0..n {
            if map.land & (1 << i) != 0 && map.adjacency[i] & map.water != 0 {
                map.coastal |= 1 << i;
            }
        }
        let mut outlines = Vec::with_capacity(n);
        for (i, entry) in raw.area.iter().enumerate() {
            let e = entry.get_ref();
            outlines.push(drawing::read(&ids[i], entry.span(), e.outline.as_ref(), e.label.as_ref(), &err)?);
        }
        if let Some(with) = outlines.iter().position(Option::is_some)
            && let Some(without) = outlines.iter().position(Option::is_none)
        {
            return Err(err(
                Some(raw.area[without].span()),
                format!("`{}` has no outline, but `{}` has one: outline every area or none", ids[without], ids[with]),
            ));
        }
        for (i, (entry, outline)) in raw.area.into_iter().zip(outlines).enumerate() {
            let e = entry.into_inner();
            map.areas.push(AreaInfo {
                id: e.id.into_inner(),
                name: e.name,
                terrain: e.kind,
                mountain: map.mountain & (1 << i) != 0,
                coastal: map.coastal & (1 << i) != 0,
                x: e.x,
                y: e.y,
                outline,
            });
        }
        if map.land == 0 {
            return Err(err(None, "the map has no land area, so nobody can have a home".into()));
        }
        let mut seen = 1u32;
        let mut frontier = 1u32;
        while frontier != 0 {
            let next = Area::in_mask(frontier).fold(0, |acc, a| acc | map.adjacency[a.index()]);
            frontier = next & !seen;
            seen |= next;
        }
        if let Some(lost) = (0..n).find(|i| seen & (1 << i) == 0) {
            return Err(err(
                None,
                format!(
                    "`{}` cannot be reached from `{}`: the map must be connected",
                    map.areas[lost].id, map.areas[0].id
                ),
            ));
        }
        Ok(map)
    }

    pub fn built_in() -> Map {
        // The built-in map is checked by the test suite; a broken one is a build error there.
        Map::parse(BUILT_IN_MAP, MAP_FILE).unwrap_or_else(|e| panic!("built-in map: {e}"))
    }

    pub fn len(&self) -> usize {
        self.areas.len()
    }

    pub fn is_empty(&self) -> bool {
        self.areas.is_empty()
    }

    pub fn areas(&self) -> impl Iterator<Item = Area> + Clone {
        // A map has at most Area::MAX areas (checked when parsed).
        (0..self.areas.len()).filter_map(Area::from_index)
    }

    /// Whether the map has this area.
    pub fn has(&self, a: Area) -> bool {
        a.index() < self.areas.len()
    }

    /// All areas, as a mask.
    pub fn all(&self) -> u32 {
        if self.areas.len() >= 32 { u32::MAX } else { (1 << self.areas.len()) - 1 }
    }

    /// An area of this map.
    ///
    /// # Panics
    /// When the map has no such area: areas in a state are checked against the map, so this is a
    /// bug, never input (input goes through [`Map::has`]).
    pub fn info(&self, a: Area) -> &AreaInfo {
        &self.areas[a.index()]
    }

    pub fn name(&self, a: Area) -> &str {
        &self.info(a).name
    }

    pub fn id(&self, a: Area) -> &str {
        &self.info(a).id
    }

    /// An area's name, or "area N" for one the map lacks (an action or event from outside may
    /// name it).
    pub fn name_or_number(&self, a: Area) -> String {
        self.areas.get(a.index()).map_or_else(|| format!("area {}", a.index()), |i| i.name.clone())
    }

    /// An area's id, or `area-N` for one the map lacks.
    pub fn id_or_number(&self, a: Area) -> String {
        self.areas.get(a.index()).map_or_else(|| format!("area-{}", a.index()), |i| i.id.clone())
    }

    /// The areas bordering `a`, not including `a`.
    pub fn borders(&self, a: Area) -> u32 {
        self.adjacency.get(a.index()).copied().unwrap_or(0)
    }

    /// WOOB-MAP-3: NEIGHBOURING always includes the area itself.
    pub fn neighbouring(&self, a: Area) -> u32 {
        self.borders(a) | a.bit()
    }

    pub fn land(&self) -> u32 {
        self.land
    }

    pub fn water(&self) -> u32 {
        self.water
    }

    pub fn mountains(&self) -> u32 {
        self.mountain
    }

    pub fn coastal(&self) -> u32 {
        self.coastal
    }

    /// Land areas that touch no water.
    pub fn inland(&self) -> u32 {
        self.land & !self.coastal
    }

    /// Whether the map outlines its areas for the browser (else they are drawn at their layout
    /// coordinates).
    pub fn outlined(&self) -> bool {
        self.areas.iter().all(|a| a.outline.is_some())
    }

    /// Finds an area by id or name (forgiving case, spaces and dashes).
    pub fn find(&self, text: &str) -> Option<Area> {
        let k = key(text);
        self.areas.iter().position(|a| key(&a.id) == k || key(&a.name) == k).and_then(Area::from_index)
    }
}

impl Map {
    /// The island as a picture in text, drawn from the layout coordinates: land areas by name
    /// (▲ marks a mountain), bodies of water between tildes.
    pub fn picture(&self) -> String {
        const W: usize = 78;
        const H: usize = 21;
        let mut grid = vec![vec![' '; W]; H];
        for info in &self.areas {
            let label = match (info.terrain, info.mountain) {
                (Terrain::Water, _) => format!("~ {} ~", info.name),
                (Terrain::Land, true) => format!("▲ {}", info.name),
                (Terrain::Land, false) => info.name.clone(),
            };
            let chars: Vec<char> = label.chars().collect();
            let row = (usize::from(info.y) * (H - 1) / 100).min(H - 1);
            let centre = usize::from(info.x) * (W - 1) / 100;
            let start = centre.saturating_sub(chars.len() / 2).min(W.saturating_sub(chars.len()));
            for (i, c) in chars.into_iter().enumerate() {
                if let Some(cell) = grid[row].get_mut(start + i) {
                    *cell = c;
                }
            }
        }
        grid.into_iter().map(|r| r.into_iter().collect::<String>().trim_end().to_owned() + "\n").collect()
    }
}
