//! The map grid, `content/board.txt` (WD-BOARD-1, WD-BOARD-3 to WD-BOARD-5): 11 rows of 23
//! symbols, one per space, read into [`Cell`]s with the start spaces. The overlay (flags, Dumbness
//! spots, regions) and the constraints on the whole board are the board module's.

use worlds_engine::ConfigError;

use crate::hex::{COLS, ROWS, SPACES, Space, col_row, row_letter, space};
use crate::nation::Nation;

/// The name of the grid file, in `content/` and in a `--content` folder.
pub const GRID_FILE: &str = "board.txt";
/// [`Cell::region`] of a space in no region (sea).
pub const NO_REGION: u8 = 255;

const SYMBOLS: &str = "~ . $ w W u U r R 1 2 3 4 5";

/// One space of the board as the content defines it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Cell {
    /// Land (else sea, WD-BOARD-3).
    pub land: bool,
    /// A resource space (WD-BOARD-4).
    pub resource: bool,
    /// A war zone (WD-MOVE-7).
    pub war: bool,
    /// A home space of USA or Russia (WD-BOARD-5), their start spaces included.
    pub home: Option<Nation>,
    /// The start space of this nation.
    pub start: Option<Nation>,
    /// A USSR-flag space (WD-BOARD-6; Back in the U.S.S.R.).
    pub ussr: bool,
    /// An EU-flag space (WD-BOARD-6; Successful Dictator).
    pub eu: bool,
    /// A wall space (WD-BOARD-6; Build a Wall).
    pub wall: bool,
    /// A spot for Dumbness cards (display only).
    pub dumbness: bool,
    /// Index into the board's regions (the overlay's order), [`NO_REGION`] for sea.
    pub region: u8,
}

/// The grid as read: the cells (without flags and regions), the start spaces by nation index, and
/// the line of the file that holds each row.
#[derive(Clone, PartialEq, Debug)]
pub struct Grid {
    pub cells: Vec<Cell>,
    pub starts: [Space; 5],
    pub lines: [usize; ROWS],
}

/// An error in the grid file, at a line where one can be told.
pub fn grid_error(line: Option<usize>, reason: String) -> ConfigError {
    ConfigError::Content { file: GRID_FILE.to_owned(), line, reason }
}

/// Reads the grid: 11 rows of 23 known symbols, one start space per nation.
///
/// # Errors
/// [`ConfigError::Content`] naming [`GRID_FILE`], the line (and column) and what is wrong.
pub fn read_grid(text: &str) -> Result<Grid, ConfigError> {
    let mut cells = vec![Cell { region: NO_REGION, ..Cell::default() }; SPACES];
    let mut starts: [Option<Space>; 5] = [None; 5];
    let mut lines = [0; ROWS];
    let mut row = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.trim_start().is_empty() || line.trim_start().starts_with(';') {
            continue;
        }
        let n = i + 1;
        if row == ROWS {
            return Err(grid_error(Some(n), format!("a 12th row; the board has {ROWS} rows (A–K)")));
        }
        let letter = row_letter(row);
        let len = line.chars().count();
        if len != COLS {
            return Err(grid_error(
                Some(n),
                format!("row {row} ({letter}) has {len} symbols; every row has {COLS} (columns 0–22)"),
            ));
        }
        lines[row] = n;
        for (col, symbol) in line.chars().enumerate() {
            let s = space(col, row);
            let cell = &mut cells[s as usize];
            cell.land = symbol != '~';
            cell.resource = matches!(symbol, '$' | 'W' | 'U' | 'R');
            cell.war = matches!(symbol, 'w' | 'W');
            cell.home = match symbol {
                'u' | 'U' | '1' => Some(Nation::Usa),
                'r' | 'R' | '2' => Some(Nation::Russia),
                _ => None,
            };
            let start = match symbol {
                '1'..='5' => symbol.to_digit(10).and_then(|d| Nation::from_index(d as usize - 1)),
                _ => None,
            };
            if let Some(nation) = start {
                if let Some(first) = starts[nation.index()] {
                    let (c0, r0) = col_row(first);
                    return Err(grid_error(
                        Some(n),
                        format!(
                            "row {row} ({letter}), column {col}: a second start space for {nation} (`{symbol}`); its \
                             first is ({c0}, {r0}) on line {}",
                            lines[r0]
                        ),
                    ));
                }
                starts[nation.index()] = Some(s);
                cell.start = Some(nation);
            } else if !"~.$wWuUrR".contains(symbol) {
                return Err(grid_error(
                    Some(n),
                    format!("row {row} ({letter}), column {col}: unknown symbol `{symbol}`; the symbols are {SYMBOLS}"),
                ));
            }
        }
        row += 1;
    }
    if row < ROWS {
        return Err(grid_error(None, format!("the board has {row} rows; it needs {ROWS} (A–K)")));
    }
    let mut found = [0; 5];
    for n in Nation::ALL {
        found[n.index()] = starts[n.index()]
            .ok_or_else(|| grid_error(None, format!("no start space for {n} (symbol `{}`)", n.index() + 1)))?;
    }
    Ok(Grid { cells, starts: found, lines })
}
