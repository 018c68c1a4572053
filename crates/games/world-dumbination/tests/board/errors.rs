//! The errors a bad `--content` board gets: each names the file, the line where it can be told,
//! and the reason. Each case changes the default content as little as it can.

use worlds_engine::ConfigError;
use worlds_world_dumbination::board::*;

/// The line of `board.txt` that holds a row.
fn row_line(row: usize) -> usize {
    let mut rows = 0;
    for (i, line) in BUILT_IN_GRID.lines().enumerate() {
        if !line.trim().is_empty() && !line.starts_with(';') {
            if rows == row {
                return i + 1;
            }
            rows += 1;
        }
    }
    panic!("no row {row}")
}

/// The line of `board-features.toml` that holds `snippet` (once).
fn features_line(snippet: &str) -> usize {
    let found: Vec<usize> =
        BUILT_IN_FEATURES.lines().enumerate().filter(|(_, l)| l.contains(snippet)).map(|(i, _)| i + 1).collect();
    assert_eq!(found.len(), 1, "{snippet}");
    found[0]
}

/// The default grid with some spaces changed: ((col, row), symbol there now, new symbol).
fn grid_with(changes: &[((usize, usize), char, char)]) -> String {
    let mut lines: Vec<String> = BUILT_IN_GRID.lines().map(str::to_owned).collect();
    for &((c, r), old, new) in changes {
        let line = &mut lines[row_line(r) - 1];
        let mut symbols: Vec<char> = line.chars().collect();
        assert_eq!(symbols[c], old, "({c}, {r})");
        symbols[c] = new;
        *line = symbols.into_iter().collect();
    }
    lines.join("\n") + "\n"
}

/// The default overlay with `from` (found once) replaced.
fn features_with(from: &str, to: &str) -> String {
    assert_eq!(BUILT_IN_FEATURES.matches(from).count(), 1, "{from}");
    BUILT_IN_FEATURES.replacen(from, to, 1)
}

fn error(grid: &str, features: &str) -> String {
    Board::parse(grid, features).expect_err("the board is refused").to_string()
}

fn grid_error(grid: &str) -> String {
    error(grid, BUILT_IN_FEATURES)
}

fn features_error(features: &str) -> String {
    error(BUILT_IN_GRID, features)
}

/// A content error is a `ConfigError::Content` with the file, the line and the reason.
#[test]
fn errors_name_file_line_and_reason() {
    let bad = grid_with(&[((7, 3), '~', 'x')]);
    let err = Board::parse(&bad, BUILT_IN_FEATURES).unwrap_err();
    let ConfigError::Content { file, line, reason } = &err else { panic!("{err:?}") };
    assert_eq!((file.as_str(), *line), (GRID_FILE, Some(row_line(3))));
    assert_eq!(reason, "row 3 (D), column 7: unknown symbol `x`; the symbols are ~ . $ w W u U r R 1 2 3 4 5");
    assert_eq!(err.kind(), worlds_engine::ErrorKind::BadContent);
}

/// WD-BOARD-1: the grid has exactly 11 rows of 23 known symbols.
#[test]
fn malformed_grid() {
    let rows: Vec<&str> = BUILT_IN_GRID.lines().collect();
    let without_last = rows[..rows.len() - 1].join("\n");
    assert_eq!(grid_error(&without_last), "board.txt: the board has 10 rows; it needs 11 (A–K)");
    let extra = format!("{BUILT_IN_GRID}~~~~~~~~~~~~~~~~~~~~~~~\n");
    assert_eq!(grid_error(&extra), format!("board.txt:{}: a 12th row; the board has 11 rows (A–K)", rows.len() + 1));
    let short = BUILT_IN_GRID.replacen("~uuuuU~~~", "~uuuuU~~", 1);
    assert_eq!(
        grid_error(&short),
        format!("board.txt:{}: row 3 (D) has 22 symbols; every row has 23 (columns 0–22)", row_line(3))
    );
    assert_eq!(
        grid_error(&grid_with(&[((7, 3), '~', 'x')])),
        format!(
            "board.txt:{}: row 3 (D), column 7: unknown symbol `x`; the symbols are ~ . $ w W u U r R 1 2 3 4 5",
            row_line(3)
        )
    );
    // Trailing spaces and Windows line ends are fine.
    let loose = BUILT_IN_GRID.replace('\n', "  \r\n");
    assert_eq!(Board::parse(&loose, BUILT_IN_FEATURES).unwrap(), *super::board());
}

/// WD-BOARD-5: one start space per nation.
#[test]
fn each_nation_has_one_start_space() {
    assert_eq!(grid_error(&grid_with(&[((5, 7), '4', '.')])), "board.txt: no start space for Venezuela (symbol `4`)");
    assert_eq!(
        grid_error(&grid_with(&[((16, 4), '.', '5')])),
        format!(
            "board.txt:{0}: row 4 (E), column 16: a second start space for Turkey (`5`); its first is (12, 4) \
                 on line {0}",
            row_line(4)
        )
    );
}

/// WD-BOARD-5: the USA and Russia home areas are each connected through their own spaces.
#[test]
fn home_areas_are_connected() {
    // Alaska made a USA space, and a USA space given up to keep 19: Alaska is cut off.
    let grid = grid_with(&[((0, 1), '$', 'u'), ((1, 2), 'u', '.')]);
    assert_eq!(
        grid_error(&grid),
        format!(
            "board.txt:{}: USA home space (0, 1) Alaska is not joined to USA's start space (3, 4) USA through \
                 USA home spaces",
            row_line(1)
        )
    );
}

/// WD-BOARD-5: start spaces are at least 4 apart, with land around them.
#[test]
fn start_spaces_are_far_apart_with_land_around() {
    let grid = grid_with(&[((5, 7), '4', '.'), ((4, 7), '.', '4')]);
    assert_eq!(
        grid_error(&grid),
        format!(
            "board.txt:{}: the start spaces of USA (3, 4) USA and Venezuela (4, 7) Central America are 3 \
                 apart; start spaces are at least 4 apart",
            row_line(7)
        )
    );
    let grid = grid_with(&[((6, 7), '.', '~'), ((5, 8), '.', '~')]);
    let features = features_with("[[6, 7], [6, 8]", "[[6, 8]").replacen("spaces = [[5, 8]]", "spaces = []", 1);
    assert_eq!(
        error(&grid, &features),
        format!(
            "board.txt:{}: Venezuela's start space (5, 7) Venezuela has 2 land neighbours and 8 land spaces \
                 within distance 2; a start space needs at least 3 and 8",
            row_line(7)
        )
    );
}

/// WD-BOARD-2 and WD-BOARD-3: one land mass holds every start space and 90% of the land; the seas
/// are one body; the map wraps through land.
#[test]
fn every_space_is_reachable() {
    // Panama sunk: Venezuela's start is cut off from the USA's.
    let grid = grid_with(&[((4, 7), '.', '~')]);
    let features = features_with("spaces = [[4, 6], [4, 7]]", "spaces = [[4, 6]]");
    assert_eq!(
        error(&grid, &features),
        format!(
            "board.txt:{}: Venezuela's start space (5, 7) Venezuela is not joined by land to USA's start space \
                 (3, 4) USA",
            row_line(7)
        )
    );
    // Thailand sunk: Indonesia and Australia join Greenland and New Zealand off the main land mass.
    let grid = grid_with(&[((16, 6), '.', '~')]);
    let features = features_with("spaces = [[16, 5], [16, 6]]", "spaces = [[16, 5]]");
    assert_eq!(
        error(&grid, &features),
        "board.txt: only 111 of 124 land spaces are joined by land to the start spaces; at least 90% must be \
             (cut off: Greenland, Indonesia, Australia, New Zealand)"
    );
    // A lake in China.
    let grid = grid_with(&[((16, 4), '.', '~')]);
    let features = features_with("[15, 4], [16, 4], [17, 4]", "[15, 4], [17, 4]");
    assert_eq!(
        error(&grid, &features),
        format!(
            "board.txt:{}: sea space (16, 4) is not joined to the other seas; all sea spaces form one body",
            row_line(4)
        )
    );
    // Russia's far east moved from the seam to Mongolia: nothing crosses the seam.
    let grid = grid_with(&[((22, 1), 'r', '~'), ((16, 3), '$', 'r')]);
    let features = features_with("[21, 1], [22, 1], ", "[21, 1], ");
    assert_eq!(
        error(&grid, &features),
        "board.txt: no land space in column 22 borders land in column 0; the map wraps through land somewhere \
             (Alaska and Russia's far east)"
    );
}

/// WD-BOARD-4 and WD-BOARD-6: an unowned resource space near each small nation's start; no war
/// zone next to a start space.
#[test]
fn resources_and_war_zones_keep_their_places() {
    // Venezuela's three resource spaces within distance 3 moved to Canada, Britain and Japan.
    let grid = grid_with(&[
        ((3, 6), '$', '.'),
        ((6, 8), '$', '.'),
        ((5, 9), '$', '.'),
        ((1, 1), '.', '$'),
        ((9, 2), '.', '$'),
        ((19, 4), '.', '$'),
    ]);
    assert_eq!(
        grid_error(&grid),
        format!(
            "board.txt:{}: no unowned resource space lies within distance 3 of Venezuela's start space (5, 7) \
                 Venezuela",
            row_line(7)
        )
    );
    // A war zone moved from the Sahel next to Venezuela's start.
    let grid = grid_with(&[((9, 6), 'w', '.'), ((6, 8), '$', 'w')]);
    assert_eq!(
        grid_error(&grid),
        format!(
            "board.txt:{}: war zone (6, 8) Brazil is next to Venezuela's start space (5, 7) Venezuela; war \
                 zones keep off start spaces' neighbours",
            row_line(8)
        )
    );
}

/// WD-BOARD-6: each overlay entry names a space of the grid once, on terrain that allows it.
#[test]
fn overlay_entries_are_on_the_grid_once_on_allowed_terrain() {
    let ussr = features_line("ussr = ");
    let eu = features_line("eu = ");
    let wall = features_line("wall = ");
    let dumbness = features_line("dumbness = ");
    let cases = [
        (
            features_with("ussr = [[11, 2]", "ussr = [[23, 2]"),
            ussr,
            "`ussr`: [23, 2] is outside the grid (columns 0–22, rows 0–10)",
        ),
        (
            features_with("ussr = [[11, 2]", "ussr = [[-1, 2]"),
            ussr,
            "`ussr`: [-1, 2] is outside the grid (columns 0–22, rows 0–10)",
        ),
        (features_with("ussr = [[11, 2]", "ussr = [[11, 3]"), ussr, "`ussr` lists (11, 3) Ukraine twice"),
        (features_with("ussr = [[11, 2]", "ussr = [[10, 4]"), ussr, "`ussr`: (10, 4) is not land outside Russia"),
        (
            features_with("ussr = [[11, 2]", "ussr = [[12, 2]"),
            ussr,
            "`ussr`: (12, 2) Russia is not land outside Russia",
        ),
        (
            features_with("ussr = [[11, 2]", "ussr = [[10, 3]"),
            ussr,
            "`ussr`: (10, 3) Western Europe is not next to a Russian space",
        ),
        (
            features_with("ussr = [[11, 2]", "ussr = [[12, 4]"),
            ussr,
            "`ussr`: (12, 4) Turkey is Turkey's start space; start spaces carry no flag",
        ),
        (
            features_with("eu = [[11, 1]", "eu = [[12, 5]"),
            eu,
            "`eu`: (12, 5) Middle East is not in Europe (a region of continent `europe`)",
        ),
        (features_with("wall = [[1, 5]", "wall = [[2, 6]"), wall, "`wall`: (2, 6) Mexico is not a USA space"),
        (
            features_with("wall = [[1, 5]", "wall = [[1, 4]"),
            wall,
            "`wall`: (1, 4) USA is not next to land labelled \"Mexico\"",
        ),
        (
            features_with("dumbness = [[7, 4]", "dumbness = [[6, 4]"),
            dumbness,
            "`dumbness`: (6, 4) has a land neighbour; Dumbness spots are sea spaces with no land neighbour",
        ),
        (
            features_with("dumbness = [[7, 4]", "dumbness = [[5, 4]"),
            dumbness,
            "`dumbness`: (5, 4) USA is land; Dumbness spots are sea spaces",
        ),
        (
            features_with("spaces = [[1, 1], ", "spaces = [[0, 1], [1, 1], "),
            features_line("spaces = [[1, 1], "),
            "region `Canada`: (0, 1) Alaska is in region `Alaska` already",
        ),
        (
            features_with("spaces = [[1, 1], ", "spaces = [[0, 0], [1, 1], "),
            features_line("spaces = [[1, 1], "),
            "region `Canada`: (0, 0) is sea; regions label land spaces",
        ),
        (
            features_with("name = \"Peru\"", "name = \"Brazil\""),
            features_line("name = \"Peru\""),
            "region `Brazil` is described twice",
        ),
    ];
    for (features, line, reason) in cases {
        assert_eq!(features_error(&features), format!("board-features.toml:{line}: {reason}"));
    }
    assert_eq!(
        features_error(&features_with("spaces = [[0, 1]]", "spaces = []")),
        format!(
            "board-features.toml: land space (0, 1) (board.txt line {}) is in no region; every land space needs one",
            row_line(1)
        )
    );
}

/// WD-BOARD-6: the overlay has no unknown key or continent.
#[test]
fn overlay_keys_are_known() {
    let features = features_with("wall = [", "colour = 3\nwall = [");
    let reason = features_error(&features);
    assert_eq!(
        reason,
        format!(
            "board-features.toml:{}: unknown field `colour`, expected one of `ussr`, `eu`, `wall`, `dumbness`, \
                 `region`",
            features_line("wall = ")
        )
    );
    let features = features_with(
        "continent = \"oceania\"\nspaces = [[21, 10]]",
        "continent = \"oceania\"\nspaces = [[21, 10]]\nflag = true",
    );
    assert_eq!(
        features_error(&features),
        format!(
            "board-features.toml:{}: unknown field `flag`, expected one of `name`, `continent`, `spaces`",
            features_line("[[21, 10]]") + 1
        )
    );
    let features =
        features_with("continent = \"oceania\"\nspaces = [[21, 10]]", "continent = \"atlantis\"\nspaces = [[21, 10]]");
    assert_eq!(
        features_error(&features),
        format!(
            "board-features.toml:{}: unknown variant `atlantis`, expected one of `north-america`, \
                 `south-america`, `europe`, `africa`, `asia`, `oceania`",
            features_line("[[21, 10]]") - 1
        )
    );
}

/// WD-BOARD-6: every overlay key is required.
#[test]
fn overlay_keys_are_required() {
    let features = features_with("wall = [[1, 5], [2, 5], [3, 5]]\n", "");
    assert_eq!(features_error(&features), "board-features.toml:1: missing field `wall`");
}

/// WD-BOARD-5 and WD-BOARD-6: the quantities of the spec, exactly.
#[test]
fn wrong_quantities() {
    assert_eq!(
        features_error(&features_with(", [14, 3]]", "]")),
        format!("board-features.toml:{}: `ussr` lists 4 spaces; the board needs 5", features_line("ussr = "))
    );
    assert_eq!(
        features_error(&features_with(", [8, 9]]", "]")),
        format!("board-features.toml:{}: `dumbness` lists 4 spaces; the board needs 5", features_line("dumbness = "))
    );
    let cases = [
        (grid_with(&[((9, 6), 'w', '.')]), "war zones (`w`, `W`): the board has 7, it needs 8"),
        (
            grid_with(&[((0, 1), '$', '.'), ((2, 1), '$', '.'), ((10, 1), '$', '.')]),
            "resource spaces (`$`, `W`, `U`, `R`): the board has 19, it needs 20–26",
        ),
        (
            grid_with(&[((10, 5), 'W', 'w')]),
            "war zones that are resource spaces (`W`): the board has 1, it needs at least 2",
        ),
        (
            grid_with(&[((5, 2), '.', 'u')]),
            "USA home spaces (`u`, `U` and its start `1`): the board has 20, it needs 19",
        ),
        (
            grid_with(&[((18, 3), 'r', '.')]),
            "Russia home spaces (`r`, `R` and its start `2`): the board has 27, it needs 28",
        ),
    ];
    for (grid, reason) in cases {
        assert_eq!(grid_error(&grid), format!("board.txt: {reason}"));
    }
    // Antarctica raised from the sea (and named, as every land space must be).
    let grid = BUILT_IN_GRID.replacen("~~~~~.~~~~~~~~~~~~~~~.~", "~~~~~.~~~~.............", 1);
    let spaces: Vec<String> = (10..23).filter(|&c| c != 21).map(|c| format!("[{c}, 10]")).collect();
    let spaces = spaces.join(", ");
    let antarctica = format!("\n[[region]]\nname = \"Antarctica\"\ncontinent = \"asia\"\nspaces = [{spaces}]\n");
    assert_eq!(
        error(&grid, &format!("{BUILT_IN_FEATURES}{antarctica}")),
        "board.txt: land spaces: the board has 137, it needs 110–135"
    );
}

/// WD-SETUP-6: a board that would give other starting incomes is refused.
#[test]
fn wd_setup_6_wrong_starting_incomes_are_refused() {
    assert_eq!(
        grid_error(&grid_with(&[((1, 3), 'u', 'U')])),
        "board.txt: USA would start with income 6, not 5 (WD-SETUP-6): 2 from the 4-Base on its start space \
             and 1 for each resource space it owns, so 3 `U`"
    );
    assert_eq!(
        grid_error(&grid_with(&[((18, 1), 'R', 'r')])),
        "board.txt: Russia would start with income 3, not 4 (WD-SETUP-6): 2 from the 4-Base on its start space \
             and 1 for each resource space it owns, so 2 `R`"
    );
}
