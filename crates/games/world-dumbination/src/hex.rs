//! The grid of WD-BOARD-1 and WD-BOARD-2, as pure geometry (no terrain): 23 columns × 11 rows of
//! pointy-top hexagons, odd rows drawn half a space to the right, columns wrapping left–right.
//! Neighbours and distances are tables built at compile time.

/// Columns of the grid (0–22, left to right).
pub const COLS: usize = 23;
/// Rows of the grid (0–10, top to bottom; reference letters A–K).
pub const ROWS: usize = 11;
/// Spaces on the board.
pub const SPACES: usize = COLS * ROWS;

/// A space by index 23 * row + col (WD-DEC-4).
pub type Space = u8;

/// Not a space: a filler where a space is expected.
pub const NO_SPACE: Space = 255;

/// The six directions in their fixed order: a direction is its index here (WD-DEC-4 unit steps).
/// "South" is towards row 10.
pub const DIRECTIONS: [&str; 6] = ["east", "south-east", "south-west", "west", "north-west", "north-east"];

/// The space at a column (0–22) and row (0–10).
pub const fn space(col: usize, row: usize) -> Space {
    debug_assert!(col < COLS && row < ROWS);
    (COLS * row + col) as Space
}

/// The column and row of a space.
pub const fn col_row(s: Space) -> (usize, usize) {
    (s as usize % COLS, s as usize / COLS)
}

/// Row reference letter A..K (WD-BOARD-6: shown at both edges of the map).
pub const fn row_letter(row: usize) -> char {
    debug_assert!(row < ROWS);
    (b'A' + row as u8) as char
}

/// WD-BOARD-1: the neighbour of `s` in direction `dir` (0 east, 1 south-east, 2 south-west, 3 west,
/// 4 north-west, 5 north-east); `None` off the top or bottom edge (or for a direction above 5).
/// Columns wrap modulo 23.
pub const fn step(s: Space, dir: usize) -> Option<Space> {
    let (c, r) = col_row(s);
    let east = (c + 1) % COLS;
    let west = (c + COLS - 1) % COLS;
    // The rows above and below an even row sit half a space to its right, so (c − 1) and c touch
    // (c, r) there; those of an odd row sit half a space to its left, so c and (c + 1) do.
    let (sw_nw, se_ne) = if r % 2 == 1 { (c, east) } else { (west, c) };
    match dir {
        0 => Some(space(east, r)),
        1 if r + 1 < ROWS => Some(space(se_ne, r + 1)),
        2 if r + 1 < ROWS => Some(space(sw_nw, r + 1)),
        3 => Some(space(west, r)),
        4 if r > 0 => Some(space(sw_nw, r - 1)),
        5 if r > 0 => Some(space(se_ne, r - 1)),
        _ => None,
    }
}

/// Each space's neighbours in direction order, padded with [`NO_SPACE`], and how many there are.
static NEIGHBOURS: ([[Space; 6]; SPACES], [u8; SPACES]) = build_neighbours();

const fn build_neighbours() -> ([[Space; 6]; SPACES], [u8; SPACES]) {
    let mut list = [[NO_SPACE; 6]; SPACES];
    let mut len = [0u8; SPACES];
    let mut s = 0;
    while s < SPACES {
        let mut dir = 0;
        while dir < 6 {
            if let Some(t) = step(s as Space, dir) {
                list[s][len[s] as usize] = t;
                len[s] += 1;
            }
            dir += 1;
        }
        s += 1;
    }
    (list, len)
}

/// WD-BOARD-1: the neighbours of `s` in direction order (4 in rows 0 and 10, 6 elsewhere).
pub fn neighbours(s: Space) -> &'static [Space] {
    let i = s as usize;
    &NEIGHBOURS.0[i][..NEIGHBOURS.1[i] as usize]
}

/// The direction from `a` to its neighbour `b`, if `b` is one.
pub fn direction(a: Space, b: Space) -> Option<usize> {
    (0..6).find(|&dir| step(a, dir) == Some(b))
}

/// Distances between all pairs of spaces, by [`hex_distance`].
static DISTANCES: [[u8; SPACES]; SPACES] = build_distances();

const fn build_distances() -> [[u8; SPACES]; SPACES] {
    let mut table = [[0u8; SPACES]; SPACES];
    let mut a = 0;
    while a < SPACES {
        let mut b = 0;
        while b < SPACES {
            table[a][b] = hex_distance(a as Space, b as Space);
            b += 1;
        }
        a += 1;
    }
    table
}

/// WD-BOARD-2 by formula: in axial coordinates q = c − (r − r mod 2)/2, the least hex distance
/// over q shifted by −23, 0 and +23 (the wrap).
const fn hex_distance(a: Space, b: Space) -> u8 {
    let (ca, ra) = col_row(a);
    let (cb, rb) = col_row(b);
    let qa = ca as i32 - (ra as i32 - ra as i32 % 2) / 2;
    let qb = cb as i32 - (rb as i32 - rb as i32 % 2) / 2;
    let dr = rb as i32 - ra as i32;
    let mut best = i32::MAX;
    let mut shift = -(COLS as i32);
    while shift <= COLS as i32 {
        let dq = qb + shift - qa;
        let d = (dq.abs() + dr.abs() + (dq + dr).abs()) / 2;
        if d < best {
            best = d;
        }
        shift += COLS as i32;
    }
    best as u8
}

/// WD-BOARD-2: the fewest steps between two spaces, wrap included, whatever the terrain.
pub fn distance(a: Space, b: Space) -> u8 {
    DISTANCES[a as usize][b as usize]
}

/// The spaces joined to `from` through spaces that pass `keep` (`from` included).
pub fn reach(from: Space, keep: impl Fn(Space) -> bool) -> [bool; SPACES] {
    let mut seen = [false; SPACES];
    seen[from as usize] = true;
    let mut todo = vec![from];
    while let Some(s) = todo.pop() {
        for &t in neighbours(s) {
            if !seen[t as usize] && keep(t) {
                seen[t as usize] = true;
                todo.push(t);
            }
        }
    }
    seen
}
