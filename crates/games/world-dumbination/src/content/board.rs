//! The board (WD-BOARD-1 to WD-BOARD-6): the map grid `content/board.txt` and its overlay
//! `content/board-features.toml` (or replacements given with `--content`), parsed and checked
//! against every constraint of the spec's "Content to design / The board", with file, line and
//! reason. The geometry is in `hex.rs` and the reading of the grid file in `grid.rs`; this module
//! reads the overlay and checks the board as a whole.

use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};
use toml::Spanned;
use worlds_engine::ConfigError;

pub use crate::grid::{Cell, GRID_FILE, NO_REGION};
use crate::grid::{Grid, grid_error, read_grid};
use crate::hex::{self, reach};
pub use crate::hex::{COLS, DIRECTIONS, NO_SPACE, ROWS, SPACES, Space, col_row, row_letter, space};
use crate::nation::Nation;

/// The name of the overlay file (flags, Dumbness spots, regions).
pub const FEATURES_FILE: &str = "board-features.toml";
/// The grid shipped with Worlds.
pub const BUILT_IN_GRID: &str = include_str!("../../content/board.txt");
/// The overlay shipped with Worlds.
pub const BUILT_IN_FEATURES: &str = include_str!("../../content/board-features.toml");
const LAND: (usize, usize) = (110, 135);
const USA_HOME: usize = 19;
const RUSSIA_HOME: usize = 28;
const RESOURCES: (usize, usize) = (20, 26);
const WAR_ZONES: usize = 8;
const WAR_RESOURCES: usize = 2;
const DUMBNESS_SPOTS: usize = 5;
const START_DISTANCE: u8 = 4;
const MAIN_LAND_PERCENT: usize = 90;
/// WD-SETUP-6: the starting incomes with 3–5 players, by nation index.
const START_INCOMES: [usize; 5] = [5, 4, 2, 2, 2];

/// The flags of WD-BOARD-6 that First Goals and card conditions count.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Flag {
    Ussr,
    Eu,
    Wall,
}

impl Flag {
    pub const ALL: [Flag; 3] = [Flag::Ussr, Flag::Eu, Flag::Wall];

    /// The key in the overlay file and in card data: `ussr`, `eu`, `wall`.
    pub const fn key(self) -> &'static str {
        match self {
            Flag::Ussr => "ussr",
            Flag::Eu => "eu",
            Flag::Wall => "wall",
        }
    }

    /// How many spaces carry the flag.
    pub const fn quantity(self) -> usize {
        match self {
            Flag::Ussr => 5,
            Flag::Eu => 6,
            Flag::Wall => 3,
        }
    }
}

/// The continent of a region (the overlay's `continent`), for the EU flags and for views.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Continent {
    NorthAmerica,
    SouthAmerica,
    Europe,
    Africa,
    Asia,
    Oceania,
}

/// A checked board: terrain, start spaces, flags and regions.
#[derive(Clone, PartialEq, Debug)]
pub struct Board {
    /// [`SPACES`] cells, by space index.
    cells: Vec<Cell>,
    regions: Vec<String>,
    continents: Vec<Continent>,
    starts: [Space; 5],
    flags: [Vec<Space>; 3],
    dumbness: Vec<Space>,
}

impl Board {
    /// Parses and validates a grid and its overlay (every constraint of the spec's "Content to
    /// design / The board").
    ///
    /// # Errors
    /// [`ConfigError::Content`] naming the file ([`GRID_FILE`] or [`FEATURES_FILE`]), the line where
    /// it can be told, and what is wrong.
    pub fn parse(grid: &str, features: &str) -> Result<Board, ConfigError> {
        let Grid { cells, starts, lines } = read_grid(grid)?;
        let mut board = Board {
            cells,
            regions: Vec::new(),
            continents: Vec::new(),
            starts,
            flags: Default::default(),
            dumbness: Vec::new(),
        };
        board.read_features(features, &lines)?;
        board.check(&lines)?;
        Ok(board)
    }

    /// The built-in board, parsed once per process and shared.
    ///
    /// # Errors
    /// As [`Board::parse`] (never, for the shipped content: a test checks it).
    pub fn built_in() -> Result<Arc<Board>, ConfigError> {
        static BUILT_IN: OnceLock<Result<Arc<Board>, ConfigError>> = OnceLock::new();
        BUILT_IN.get_or_init(|| Board::parse(BUILT_IN_GRID, BUILT_IN_FEATURES).map(Arc::new)).clone()
    }

    /// The content of a space. Panics if `s` is not a space (e.g. [`NO_SPACE`]).
    pub fn cell(&self, s: Space) -> &Cell {
        &self.cells[s as usize]
    }

    /// WD-BOARD-1: the neighbour in direction `dir` (0 east, 1 south-east, 2 south-west, 3 west,
    /// 4 north-west, 5 north-east; "south" is row + 1); `None` off the top or bottom edge.
    pub fn step(&self, s: Space, dir: usize) -> Option<Space> {
        hex::step(s, dir)
    }

    /// WD-BOARD-1: the neighbours (4 in rows 0 and 10, 6 elsewhere), in direction order.
    pub fn neighbours(&self, s: Space) -> &'static [Space] {
        hex::neighbours(s)
    }

    /// WD-BOARD-2: fewest steps, wrap included, terrain ignored.
    pub fn distance(&self, a: Space, b: Space) -> u8 {
        hex::distance(a, b)
    }

    /// The direction from `a` to its neighbour `b`, if `b` is one.
    pub fn direction(&self, a: Space, b: Space) -> Option<usize> {
        hex::direction(a, b)
    }

    /// The start space of a nation (WD-BOARD-5).
    pub fn start(&self, n: Nation) -> Space {
        self.starts[n.index()]
    }

    /// The region names, in the overlay's order ([`Cell::region`] indexes them).
    pub fn regions(&self) -> &[String] {
        &self.regions
    }

    /// The name of the region of a space (`None` for sea).
    pub fn region_name(&self, s: Space) -> Option<&str> {
        self.regions.get(self.cell(s).region as usize).map(String::as_str)
    }

    /// The continent of the region of a space (`None` for sea).
    pub fn continent(&self, s: Space) -> Option<Continent> {
        self.continents.get(self.cell(s).region as usize).copied()
    }

    /// A space for messages: `(col, row)` and its region, e.g. `(12, 4) Turkey`.
    pub fn describe(&self, s: Space) -> String {
        let (c, r) = col_row(s);
        match self.region_name(s) {
            Some(name) => format!("({c}, {r}) {name}"),
            None => format!("({c}, {r})"),
        }
    }

    /// All spaces, in index order.
    pub fn spaces(&self) -> impl Iterator<Item = Space> + '_ {
        (0..SPACES).map(|i| i as Space)
    }

    /// The spaces whose cell passes `keep`, in index order.
    pub fn spaces_where<'a>(&'a self, keep: impl Fn(&Cell) -> bool + 'a) -> impl Iterator<Item = Space> + 'a {
        self.spaces().filter(move |&s| keep(self.cell(s)))
    }

    /// WD-BOARD-5: the home spaces of USA (19) or Russia (28), start included; none for the others.
    pub fn home_spaces(&self, n: Nation) -> impl Iterator<Item = Space> + '_ {
        self.spaces_where(move |c| c.home == Some(n))
    }

    /// How many land spaces the board has.
    pub fn land_count(&self) -> usize {
        self.cells.iter().filter(|c| c.land).count()
    }

    /// The spaces with a flag (WD-BOARD-6), in the overlay's order.
    pub fn flag_spaces(&self, flag: Flag) -> &[Space] {
        &self.flags[flag as usize]
    }

    /// Whether a space carries a flag.
    pub fn has_flag(&self, s: Space, flag: Flag) -> bool {
        let c = self.cell(s);
        match flag {
            Flag::Ussr => c.ussr,
            Flag::Eu => c.eu,
            Flag::Wall => c.wall,
        }
    }

    /// The spots for Dumbness cards (display only), in the overlay's order.
    pub fn dumbness_spots(&self) -> &[Space] {
        &self.dumbness
    }

    /// WD-SETUP-6 with 3–5 players: a nation's income before play, from its 4-Base on its start
    /// space (2) and 1 per resource space it owns (USA and Russia: among their home spaces).
    pub fn starting_income(&self, n: Nation) -> usize {
        2 + self.spaces_where(|c| c.resource && (c.home == Some(n) || c.start == Some(n))).count()
    }

    fn lands_next_to(&self, s: Space, keep: impl Fn(&Cell) -> bool) -> bool {
        self.neighbours(s).iter().any(|&t| self.cell(t).land && keep(self.cell(t)))
    }

    /// Reads the overlay: regions first (so that later messages can name them), then the flags and
    /// the Dumbness spots, each entry on terrain that allows it.
    fn read_features(&mut self, text: &str, lines: &[usize; ROWS]) -> Result<(), ConfigError> {
        let err = worlds_engine::content_errors(FEATURES_FILE, text);
        let raw: FeaturesFile = toml::from_str(text).map_err(|e| err(e.span(), e.message().trim().to_owned()))?;
        if raw.region.len() >= NO_REGION as usize {
            return Err(err(None, format!("{} regions; at most {} are allowed", raw.region.len(), NO_REGION)));
        }
        for (i, region) in raw.region.iter().enumerate() {
            let name = region.name.get_ref();
            if self.regions.contains(name) {
                return Err(err(Some(region.name.span()), format!("region `{name}` is described twice")));
            }
            self.regions.push(name.clone());
            self.continents.push(region.continent);
            for entry in &region.spaces {
                let s = grid_space(entry, &format!("region `{name}`"), &err)?;
                let at = Some(entry.span());
                if self.cell(s).region != NO_REGION {
                    let again = format!(
                        "region `{name}`: {} is in region `{}` already",
                        self.describe(s),
                        self.regions[self.cell(s).region as usize]
                    );
                    return Err(err(at, again));
                }
                if !self.cell(s).land {
                    return Err(err(
                        at,
                        format!("region `{name}`: {} is sea; regions label land spaces", self.describe(s)),
                    ));
                }
                self.cells[s as usize].region = i as u8;
            }
        }
        if let Some(s) = self.spaces_where(|c| c.land && c.region == NO_REGION).next() {
            let line = lines[col_row(s).1];
            let reason = format!(
                "land space {} ({GRID_FILE} line {line}) is in no region; every land space needs one",
                self.describe(s)
            );
            return Err(err(None, reason));
        }
        for (flag, list) in Flag::ALL.into_iter().zip([&raw.ussr, &raw.eu, &raw.wall]) {
            for entry in list.get_ref() {
                let s = self.entry(flag.key(), entry, &self.flags[flag as usize], &err)?;
                if let Some(rule) = self.flag_rule(flag, s) {
                    return Err(err(Some(entry.span()), format!("`{}`: {} {rule}", flag.key(), self.describe(s))));
                }
                self.flags[flag as usize].push(s);
                let cell = &mut self.cells[s as usize];
                *match flag {
                    Flag::Ussr => &mut cell.ussr,
                    Flag::Eu => &mut cell.eu,
                    Flag::Wall => &mut cell.wall,
                } = true;
            }
            quantity(flag.key(), list, flag.quantity(), &err)?;
        }
        for entry in raw.dumbness.get_ref() {
            let s = self.entry("dumbness", entry, &self.dumbness, &err)?;
            let rule = if self.cell(s).land {
                Some("is land; Dumbness spots are sea spaces")
            } else if self.lands_next_to(s, |_| true) {
                Some("has a land neighbour; Dumbness spots are sea spaces with no land neighbour")
            } else {
                None
            };
            if let Some(rule) = rule {
                return Err(err(Some(entry.span()), format!("`dumbness`: {} {rule}", self.describe(s))));
            }
            self.dumbness.push(s);
            self.cells[s as usize].dumbness = true;
        }
        quantity("dumbness", &raw.dumbness, DUMBNESS_SPOTS, &err)
    }

    /// An overlay entry: on the grid, and not in `listed`, the entries of its key so far.
    fn entry(
        &self,
        key: &str,
        entry: &Spanned<[i64; 2]>,
        listed: &[Space],
        err: &impl Fn(Option<std::ops::Range<usize>>, String) -> ConfigError,
    ) -> Result<Space, ConfigError> {
        let s = grid_space(entry, &format!("`{key}`"), err)?;
        if listed.contains(&s) {
            return Err(err(Some(entry.span()), format!("`{key}` lists {} twice", self.describe(s))));
        }
        Ok(s)
    }

    /// Why a flag may not be on a space, if it may not.
    fn flag_rule(&self, flag: Flag, s: Space) -> Option<String> {
        let cell = self.cell(s);
        if let Some(n) = cell.start {
            return Some(format!("is {n}'s start space; start spaces carry no flag"));
        }
        let rule = match flag {
            Flag::Ussr | Flag::Eu if !cell.land || cell.home == Some(Nation::Russia) => "is not land outside Russia",
            Flag::Ussr if !self.lands_next_to(s, |c| c.home == Some(Nation::Russia)) => {
                "is not next to a Russian space"
            }
            Flag::Eu if self.continent(s) != Some(Continent::Europe) => {
                "is not in Europe (a region of continent `europe`)"
            }
            Flag::Eu if self.distance(s, self.start(Nation::Turkey)) > 5 => {
                return Some(format!(
                    "is {} from Turkey's start space {}; EU-flag spaces are within distance 5 of it",
                    self.distance(s, self.start(Nation::Turkey)),
                    self.describe(self.start(Nation::Turkey))
                ));
            }
            Flag::Wall if cell.home != Some(Nation::Usa) => "is not a USA space",
            Flag::Wall if !self.lands_next_to(s, |c| c.home != Some(Nation::Usa) && self.is_mexico(c)) => {
                "is not next to land labelled \"Mexico\""
            }
            _ => return None,
        };
        Some(rule.to_owned())
    }

    fn is_mexico(&self, c: &Cell) -> bool {
        self.regions.get(c.region as usize).is_some_and(|name| name == "Mexico")
    }

    /// The constraints that concern the board as a whole, in the order of the spec's list.
    fn check(&self, lines: &[usize; ROWS]) -> Result<(), ConfigError> {
        let at = |s: Space, reason: String| grid_error(Some(lines[col_row(s).1]), reason);
        self.check_quantities()?;
        for n in Nation::ALL {
            let (income, want) = (self.starting_income(n), START_INCOMES[n.index()]);
            if income != want {
                let symbol = if n == Nation::Russia { 'R' } else { 'U' };
                let reason = format!(
                    "{n} would start with income {income}, not {want} (WD-SETUP-6): 2 from the 4-Base on its start \
                     space and 1 for each resource space it owns, so {} `{symbol}`",
                    want - 2
                );
                return Err(grid_error(None, reason));
            }
        }
        for n in [Nation::Usa, Nation::Russia] {
            let home = reach(self.start(n), |s| self.cell(s).home == Some(n));
            if let Some(s) = self.home_spaces(n).find(|&s| !home[s as usize]) {
                let start = self.describe(self.start(n));
                return Err(at(
                    s,
                    format!(
                        "{n} home space {} is not joined to {n}'s start space {start} through {n} home spaces",
                        self.describe(s)
                    ),
                ));
            }
        }
        for (i, a) in Nation::ALL.into_iter().enumerate() {
            for b in Nation::ALL.into_iter().skip(i + 1) {
                let (sa, sb) = (self.start(a), self.start(b));
                let d = self.distance(sa, sb);
                if d < START_DISTANCE {
                    let (da, db) = (self.describe(sa), self.describe(sb));
                    return Err(at(
                        sa.max(sb),
                        format!(
                            "the start spaces of {a} {da} and {b} {db} are {d} apart; start spaces are at least \
                             {START_DISTANCE} apart"
                        ),
                    ));
                }
            }
        }
        for n in Nation::ALL {
            let s = self.start(n);
            let near = self.neighbours(s).iter().filter(|&&t| self.cell(t).land).count();
            let within_2 = self.spaces_where(|c| c.land).filter(|&t| t != s && self.distance(s, t) <= 2).count();
            if near < 3 || within_2 < 8 {
                let reason = format!(
                    "{n}'s start space {} has {near} land neighbours and {within_2} land spaces within distance 2; \
                     a start space needs at least 3 and 8",
                    self.describe(s)
                );
                return Err(at(s, reason));
            }
        }
        self.check_connections(&at)?;
        for n in [Nation::NorthKorea, Nation::Venezuela, Nation::Turkey] {
            let start = self.start(n);
            if !self.spaces_where(|c| c.resource && c.home.is_none()).any(|t| self.distance(start, t) <= 3) {
                return Err(at(
                    start,
                    format!(
                        "no unowned resource space lies within distance 3 of {n}'s start space {}",
                        self.describe(start)
                    ),
                ));
            }
        }
        for s in self.spaces_where(|c| c.war) {
            if let Some(n) = Nation::ALL.into_iter().find(|&n| self.neighbours(s).contains(&self.start(n))) {
                let start = self.describe(self.start(n));
                return Err(at(
                    s,
                    format!(
                        "war zone {} is next to {n}'s start space {start}; war zones keep off start spaces' neighbours",
                        self.describe(s)
                    ),
                ));
            }
        }
        Ok(())
    }

    fn check_quantities(&self) -> Result<(), ConfigError> {
        let count = |keep: fn(&Cell) -> bool| self.cells.iter().filter(|c| keep(c)).count();
        let counts = [
            (count(|c| c.land), LAND, "land spaces"),
            (
                count(|c| c.home == Some(Nation::Usa)),
                (USA_HOME, USA_HOME),
                "USA home spaces (`u`, `U` and its start `1`)",
            ),
            (
                count(|c| c.home == Some(Nation::Russia)),
                (RUSSIA_HOME, RUSSIA_HOME),
                "Russia home spaces (`r`, `R` and its start `2`)",
            ),
            (count(|c| c.resource), RESOURCES, "resource spaces (`$`, `W`, `U`, `R`)"),
            (count(|c| c.war), (WAR_ZONES, WAR_ZONES), "war zones (`w`, `W`)"),
            (count(|c| c.war && c.resource), (WAR_RESOURCES, SPACES), "war zones that are resource spaces (`W`)"),
        ];
        for (n, (min, max), what) in counts {
            if n < min || n > max {
                let want = match (min, max) {
                    _ if min == max => format!("{min}"),
                    (_, SPACES) => format!("at least {min}"),
                    _ => format!("{min}–{max}"),
                };
                return Err(grid_error(None, format!("{what}: the board has {n}, it needs {want}")));
            }
        }
        Ok(())
    }

    /// Land across the seam, all start spaces in one land mass holding at least 90% of the land, and
    /// all seas one body.
    fn check_connections(&self, at: &impl Fn(Space, String) -> ConfigError) -> Result<(), ConfigError> {
        let seam = (0..ROWS).any(|r| {
            let s = space(COLS - 1, r);
            self.cell(s).land && self.neighbours(s).iter().any(|&t| col_row(t).0 == 0 && self.cell(t).land)
        });
        if !seam {
            let reason = "no land space in column 22 borders land in column 0; the map wraps through land \
                          somewhere (Alaska and Russia's far east)";
            return Err(grid_error(None, reason.to_owned()));
        }
        let usa = self.start(Nation::Usa);
        let main = reach(usa, |s| self.cell(s).land);
        if let Some(n) = Nation::ALL.into_iter().find(|&n| !main[self.start(n) as usize]) {
            let s = self.start(n);
            return Err(at(
                s,
                format!(
                    "{n}'s start space {} is not joined by land to USA's start space {}",
                    self.describe(s),
                    self.describe(usa)
                ),
            ));
        }
        let land = self.land_count();
        let joined = main.iter().filter(|&&m| m).count();
        if joined * 100 < land * MAIN_LAND_PERCENT {
            let mut cut: Vec<&str> = Vec::new();
            for s in self.spaces_where(|c| c.land).filter(|&s| !main[s as usize]) {
                let name = self.region_name(s).unwrap_or("?");
                if !cut.contains(&name) {
                    cut.push(name);
                }
            }
            return Err(grid_error(
                None,
                format!(
                    "only {joined} of {land} land spaces are joined by land to the start spaces; at least \
                     {MAIN_LAND_PERCENT}% must be (cut off: {})",
                    cut.join(", ")
                ),
            ));
        }
        // The seas are one body: every sea space is joined to the largest body of sea.
        let mut seas: Vec<[bool; SPACES]> = Vec::new();
        for s in self.spaces_where(|c| !c.land) {
            if !seas.iter().any(|body| body[s as usize]) {
                seas.push(reach(s, |t| !self.cell(t).land));
            }
        }
        let size = |body: &[bool; SPACES]| body.iter().filter(|&&b| b).count();
        if let Some(ocean) = seas.iter().max_by_key(|body| size(body))
            && let Some(s) = self.spaces_where(|c| !c.land).find(|&s| !ocean[s as usize])
        {
            let reason =
                format!("sea space {} is not joined to the other seas; all sea spaces form one body", self.describe(s));
            return Err(at(s, reason));
        }
        Ok(())
    }
}

/// The overlay file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FeaturesFile {
    ussr: Spanned<Vec<Spanned<[i64; 2]>>>,
    eu: Spanned<Vec<Spanned<[i64; 2]>>>,
    wall: Spanned<Vec<Spanned<[i64; 2]>>>,
    dumbness: Spanned<Vec<Spanned<[i64; 2]>>>,
    region: Vec<RegionEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RegionEntry {
    name: Spanned<String>,
    continent: Continent,
    spaces: Vec<Spanned<[i64; 2]>>,
}

/// The space an overlay entry names, if it is on the grid.
fn grid_space(
    entry: &Spanned<[i64; 2]>,
    what: &str,
    err: &impl Fn(Option<std::ops::Range<usize>>, String) -> ConfigError,
) -> Result<Space, ConfigError> {
    let [c, r] = *entry.get_ref();
    match (usize::try_from(c), usize::try_from(r)) {
        (Ok(col), Ok(row)) if col < COLS && row < ROWS => Ok(space(col, row)),
        _ => {
            let reason = format!("{what}: [{c}, {r}] is outside the grid (columns 0–22, rows 0–10)");
            Err(err(Some(entry.span()), reason))
        }
    }
}

/// An overlay list has its number of entries.
fn quantity<T>(
    key: &str,
    list: &Spanned<Vec<T>>,
    want: usize,
    err: &impl Fn(Option<std::ops::Range<usize>>, String) -> ConfigError,
) -> Result<(), ConfigError> {
    let n = list.get_ref().len();
    if n == want {
        Ok(())
    } else {
        Err(err(Some(list.span()), format!("`{key}` lists {n} spaces; the board needs {want}")))
    }
}
