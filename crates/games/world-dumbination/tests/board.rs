//! The board: the grid's geometry (WD-BOARD-1, WD-BOARD-2), the default content against every
//! quantity and constraint of the spec (WD-BOARD-3 to WD-BOARD-6, WD-SETUP-6), and the errors a bad
//! `--content` board gets (file, line and reason).

mod errors;

use std::collections::VecDeque;
use std::sync::Arc;

use worlds_world_dumbination::Nation;
use worlds_world_dumbination::board::*;

fn board() -> Arc<Board> {
    Board::built_in().expect("the built-in board loads")
}

/// The grid rows of the default board, without comments.
fn grid_rows() -> Vec<&'static str> {
    BUILT_IN_GRID.lines().filter(|l| !l.trim().is_empty() && !l.starts_with(';')).collect()
}

/// The neighbours of (c, r) by the formula of WD-BOARD-1, sorted.
fn formula_neighbours(c: usize, r: usize) -> Vec<Space> {
    let (west, east) = ((c + COLS - 1) % COLS, (c + 1) % COLS);
    let mut found = vec![space(west, r), space(east, r)];
    for other in [r.wrapping_sub(1), r + 1] {
        if other < ROWS {
            let cols = if r.is_multiple_of(2) { [west, c] } else { [c, east] };
            found.extend(cols.map(|col| space(col, other)));
        }
    }
    found.sort();
    found
}

/// WD-DEC-4: a space is chosen by its index 23 × row + col; rows have letters A–K (WD-BOARD-6).
#[test]
fn wd_dec_4_a_space_is_23_times_row_plus_col() {
    assert_eq!(SPACES, 253);
    assert_eq!(space(7, 3), 76);
    assert_eq!(col_row(76), (7, 3));
    assert_eq!(space(22, 10), 252);
    assert_eq!((row_letter(0), row_letter(4), row_letter(10)), ('A', 'E', 'K'));
}

/// WD-BOARD-1: the neighbours are those of the formula, listed in direction order.
#[test]
fn worlds_world_dumbination_1_neighbours_follow_the_formula_in_direction_order() {
    let b = board();
    for s in b.spaces() {
        let (c, r) = col_row(s);
        let mut sorted = b.neighbours(s).to_vec();
        sorted.sort();
        assert_eq!(sorted, formula_neighbours(c, r), "({c}, {r})");
        let in_order: Vec<Space> = (0..6).filter_map(|dir| b.step(s, dir)).collect();
        assert_eq!(b.neighbours(s), in_order.as_slice(), "({c}, {r})");
    }
}

/// WD-BOARD-1: direction 0 east, 1 south-east, … 5 north-east, with odd rows drawn half a space right.
#[test]
fn worlds_world_dumbination_1_directions_point_as_drawn_with_odd_rows_shifted_right() {
    let b = board();
    let around = |c, r| (0..6).map(|dir| b.step(space(c, r), dir).map(col_row)).collect::<Vec<_>>();
    // Even row 4: the rows above and below sit half a space to the right, so (c − 1) and c touch.
    let even = [(6, 4), (5, 5), (4, 5), (4, 4), (4, 3), (5, 3)];
    assert_eq!(around(5, 4), even.map(Some));
    // Odd row 3: the rows above and below sit half a space to the left, so c and (c + 1) touch.
    let odd = [(6, 3), (6, 4), (5, 4), (4, 3), (5, 2), (6, 2)];
    assert_eq!(around(5, 3), odd.map(Some));
    assert_eq!(DIRECTIONS, ["east", "south-east", "south-west", "west", "north-west", "north-east"]);
    // Off the edges.
    assert_eq!(around(0, 0), vec![Some((1, 0)), Some((0, 1)), Some((22, 1)), Some((22, 0)), None, None]);
    assert_eq!(around(22, 10), vec![Some((0, 10)), None, None, Some((21, 10)), Some((21, 9)), Some((22, 9))]);
    assert_eq!(b.step(space(3, 3), 6), None);
}

/// WD-BOARD-2: (0, 4) and (22, 4) are neighbours; rows 0 and 10 have 4 neighbours, the others 6.
#[test]
fn worlds_world_dumbination_2_columns_wrap_and_edge_rows_have_4_neighbours() {
    let b = board();
    assert!(b.neighbours(space(0, 4)).contains(&space(22, 4)));
    assert!(b.neighbours(space(22, 4)).contains(&space(0, 4)));
    assert_eq!(b.distance(space(0, 4), space(22, 4)), 1);
    assert_eq!(b.direction(space(0, 4), space(22, 4)), Some(3));
    for s in b.spaces() {
        let (_, r) = col_row(s);
        assert_eq!(b.neighbours(s).len(), if r == 0 || r == ROWS - 1 { 4 } else { 6 }, "row {r}");
    }
}

/// WD-BOARD-2: the distance table (by formula) equals a breadth-first search, for all pairs.
#[test]
fn worlds_world_dumbination_2_distance_matches_bfs() {
    let b = board();
    for from in b.spaces() {
        let mut dist = [u8::MAX; SPACES];
        dist[from as usize] = 0;
        let mut queue = VecDeque::from([from]);
        while let Some(s) = queue.pop_front() {
            for &t in b.neighbours(s) {
                if dist[t as usize] == u8::MAX {
                    dist[t as usize] = dist[s as usize] + 1;
                    queue.push_back(t);
                }
            }
        }
        for to in b.spaces() {
            assert_eq!(b.distance(from, to), dist[to as usize], "{:?} to {:?}", col_row(from), col_row(to));
        }
    }
    // The longest way: half the width round the wrap and down all the rows.
    assert_eq!(b.distance(space(0, 0), space(11, 10)), 16);
}

/// WD-BOARD-1: a step and the step back in the opposite direction; `direction` names the step.
#[test]
fn worlds_world_dumbination_1_step_and_direction_round_trip() {
    let b = board();
    for s in b.spaces() {
        for dir in 0..6 {
            if let Some(t) = b.step(s, dir) {
                assert_eq!(b.step(t, (dir + 3) % 6), Some(s));
                assert_eq!(b.direction(s, t), Some(dir));
            }
        }
        assert_eq!(b.direction(s, s), None);
    }
    assert_eq!(b.direction(space(3, 4), space(5, 4)), None);
}

/// How many symbols of the default grid are among `symbols`.
fn count(symbols: &str) -> usize {
    grid_rows().iter().flat_map(|row| row.chars()).filter(|&ch| symbols.contains(ch)).count()
}

/// The default board has every quantity of "Content to design / The board" (WD-BOARD-3 to
/// WD-BOARD-6), counted from the grid text itself.
#[test]
fn default_board_meets_every_quantity() {
    assert_eq!(grid_rows().len(), 11);
    assert!(grid_rows().iter().all(|row| row.chars().count() == 23));
    let land = SPACES - count("~");
    assert!((110..=135).contains(&land));
    assert_eq!(land, 125);
    assert_eq!(count("uU1"), 19);
    assert_eq!(count("rR2"), 28);
    for start in "12345".chars() {
        assert_eq!(count(&start.to_string()), 1, "start {start}");
    }
    assert_eq!(count("U"), 3);
    assert_eq!(count("R"), 2);
    let resources = count("$WUR");
    assert!((20..=26).contains(&resources));
    assert_eq!(resources, 22);
    assert_eq!(count("wW"), 8);
    assert_eq!(count("W"), 2);

    let b = board();
    assert_eq!(b.land_count(), land);
    assert_eq!(b.spaces_where(|c| c.resource).count(), resources);
    assert_eq!(b.spaces_where(|c| c.war).count(), 8);
    assert_eq!(b.flag_spaces(Flag::Ussr).len(), 5);
    assert_eq!(b.flag_spaces(Flag::Eu).len(), 6);
    assert_eq!(b.flag_spaces(Flag::Wall).len(), 3);
    assert_eq!(b.dumbness_spots().len(), 5);
    for flag in Flag::ALL {
        assert_eq!(
            b.spaces_where(|c| c.ussr || c.eu || c.wall).filter(|&s| b.has_flag(s, flag)).count(),
            flag.quantity()
        );
    }
    assert_eq!(b.spaces_where(|c| c.dumbness).count(), 5);
    assert_eq!(b.regions().len(), 38);
}

/// WD-BOARD-3: a sea space is never a home, resource, war zone or start space, has no flag and no
/// region.
#[test]
fn worlds_world_dumbination_3_sea_spaces_hold_nothing() {
    let b = board();
    for s in b.spaces_where(|c| !c.land) {
        let c = *b.cell(s);
        let plain = Cell { land: false, dumbness: c.dumbness, region: NO_REGION, ..Cell::default() };
        assert_eq!(c, plain, "{}", b.describe(s));
        assert_eq!(b.region_name(s), None);
        assert_eq!(b.continent(s), None);
    }
    assert_eq!(b.spaces_where(|c| !c.land).count(), 128);
}

/// WD-BOARD-4: resource spaces are land; USA has 3 among its home spaces, Russia 2 (WD-SETUP-4).
#[test]
fn worlds_world_dumbination_4_resource_spaces_are_land() {
    let b = board();
    let resources: Vec<Space> = b.spaces_where(|c| c.resource).collect();
    assert!(resources.iter().all(|&s| b.cell(s).land && b.cell(s).start.is_none()));
    let usa: Vec<(usize, usize)> =
        resources.iter().filter(|&&s| b.cell(s).home == Some(Nation::Usa)).map(|&s| col_row(s)).collect();
    assert_eq!(usa, [(5, 3), (1, 4), (4, 5)]);
    let russia: Vec<(usize, usize)> =
        resources.iter().filter(|&&s| b.cell(s).home == Some(Nation::Russia)).map(|&s| col_row(s)).collect();
    assert_eq!(russia, [(18, 1), (14, 2)]);
}

/// WD-BOARD-5: one start space each; USA 19 and Russia 28 home spaces, start included; the others
/// begin with their start space only.
#[test]
fn worlds_world_dumbination_5_start_and_home_spaces() {
    let b = board();
    let starts = Nation::ALL.map(|n| col_row(b.start(n)));
    assert_eq!(starts, [(3, 4), (14, 1), (18, 4), (5, 7), (12, 4)]);
    for n in Nation::ALL {
        let s = b.start(n);
        assert_eq!(b.cell(s).start, Some(n));
        assert!(b.cell(s).land && !b.cell(s).resource && !b.cell(s).war);
        assert!(!b.cell(s).ussr && !b.cell(s).eu && !b.cell(s).wall);
    }
    assert_eq!(b.home_spaces(Nation::Usa).count(), 19);
    assert_eq!(b.home_spaces(Nation::Russia).count(), 28);
    assert!(b.home_spaces(Nation::Usa).any(|s| s == b.start(Nation::Usa)));
    assert!(b.home_spaces(Nation::Russia).any(|s| s == b.start(Nation::Russia)));
    for n in [Nation::NorthKorea, Nation::Venezuela, Nation::Turkey] {
        assert_eq!(b.home_spaces(n).count(), 0);
        assert_eq!(b.cell(b.start(n)).home, None);
    }
    assert!(b.spaces_where(|c| c.home.is_some()).all(|s| b.cell(s).land));
    let names: Vec<&str> = Nation::ALL.iter().map(|&n| b.region_name(b.start(n)).unwrap()).collect();
    assert_eq!(names, ["USA", "Russia", "Korea", "Venezuela", "Turkey"]);
}

/// WD-BOARD-5: start spaces at least 4 apart, each with 3 land neighbours, 8 land spaces within
/// distance 2 and, for the three small nations, an unowned resource space within distance 3.
#[test]
fn start_spaces_are_apart_with_land_around_and_a_resource_near() {
    let b = board();
    for (i, a) in Nation::ALL.into_iter().enumerate() {
        for n in Nation::ALL.into_iter().skip(i + 1) {
            assert!(b.distance(b.start(a), b.start(n)) >= 4, "{a} and {n}");
        }
        let s = b.start(a);
        assert!(b.neighbours(s).iter().filter(|&&t| b.cell(t).land).count() >= 3, "{a}");
        assert!(b.spaces_where(|c| c.land).filter(|&t| t != s && b.distance(s, t) <= 2).count() >= 8, "{a}");
    }
    for n in [Nation::NorthKorea, Nation::Venezuela, Nation::Turkey] {
        let near = b.spaces_where(|c| c.resource && c.home.is_none()).filter(|&t| b.distance(b.start(n), t) <= 3);
        assert!(near.count() >= 1, "{n}");
    }
}

/// WD-BOARD-6: war zones and flag spaces are marked land where the spec allows them; Dumbness
/// spots are open sea.
#[test]
fn worlds_world_dumbination_6_war_zones_and_flags_are_marked_land() {
    let b = board();
    let at = |list: &[Space]| list.iter().map(|&s| col_row(s)).collect::<Vec<_>>();
    let war: Vec<Space> = b.spaces_where(|c| c.war).collect();
    assert_eq!(at(&war), [(14, 4), (10, 5), (13, 5), (16, 5), (4, 6), (9, 6), (12, 6), (11, 7)]);
    for &s in &war {
        assert!(b.cell(s).land && b.cell(s).home.is_none() && b.cell(s).start.is_none());
        assert!(Nation::ALL.iter().all(|&n| b.distance(s, b.start(n)) >= 2), "{}", b.describe(s));
    }
    assert_eq!(at(b.flag_spaces(Flag::Ussr)), [(11, 2), (11, 3), (12, 3), (13, 3), (14, 3)]);
    for &s in b.flag_spaces(Flag::Ussr) {
        assert!(b.cell(s).land && b.cell(s).home != Some(Nation::Russia));
        assert!(b.neighbours(s).iter().any(|&t| b.cell(t).home == Some(Nation::Russia)));
    }
    assert_eq!(at(b.flag_spaces(Flag::Eu)), [(11, 1), (10, 2), (9, 3), (10, 3), (9, 4), (11, 4)]);
    for &s in b.flag_spaces(Flag::Eu) {
        assert_eq!(b.continent(s), Some(Continent::Europe));
        assert!(b.cell(s).home.is_none() && b.distance(s, b.start(Nation::Turkey)) <= 5);
    }
    assert_eq!(at(b.flag_spaces(Flag::Wall)), [(1, 5), (2, 5), (3, 5)]);
    for &s in b.flag_spaces(Flag::Wall) {
        assert_eq!(b.cell(s).home, Some(Nation::Usa));
        assert!(b.neighbours(s).iter().any(|&t| b.region_name(t) == Some("Mexico")));
    }
    assert_eq!(at(b.dumbness_spots()), [(7, 4), (21, 5), (1, 8), (14, 8), (8, 9)]);
    for &s in b.dumbness_spots() {
        assert!(!b.cell(s).land && b.neighbours(s).iter().all(|&t| !b.cell(t).land));
    }
}

/// WD-SETUP-6: Venezuela, Turkey and North Korea 2, Russia 4, USA 5; with 2 players USA 7 and
/// Russia 6 (WD-SETUP-2, WD-SETUP-4).
#[test]
fn wd_setup_6_starting_incomes_follow_from_the_board() {
    let b = board();
    // A 4-Base on the start space gives 2; each owned resource space 1 (USA and Russia own their
    // home spaces, WD-SETUP-4 puts markers on their resource spaces).
    let owned = |n: Nation| b.spaces_where(|c| c.resource && (c.home == Some(n) || c.start == Some(n))).count();
    let incomes = Nation::ALL.map(|n| 2 + owned(n));
    assert_eq!(incomes, [5, 4, 2, 2, 2]);
    assert_eq!(Nation::ALL.map(|n| b.starting_income(n)), incomes);
    // With 2 players USA also has a 4-Base on Turkey's start and Russia on Venezuela's.
    let two_player_usa = incomes[0] + 2 + owned(Nation::Turkey);
    let two_player_russia = incomes[1] + 2 + owned(Nation::Venezuela);
    assert_eq!((two_player_usa, two_player_russia), (7, 6));
}

/// The geography is recognisable ("Content to design / The board"): the Americas on the left,
/// Europe and Africa in the middle, Asia and Australia on the right, the seam between Alaska and
/// Russia's far east.
#[test]
fn geography_is_recognisable() {
    let b = board();
    let cols_of = |continent: Continent| {
        let cols: Vec<usize> =
            b.spaces().filter(|&s| b.continent(s) == Some(continent)).map(|s| col_row(s).0).collect();
        (*cols.iter().min().unwrap(), *cols.iter().max().unwrap())
    };
    // The Americas on the left, Europe and Africa in the middle, Asia and Australia on the right.
    assert_eq!(cols_of(Continent::NorthAmerica), (0, 7));
    assert_eq!(cols_of(Continent::SouthAmerica), (5, 7));
    assert_eq!(cols_of(Continent::Europe), (8, 14));
    assert_eq!(cols_of(Continent::Africa), (9, 13));
    assert_eq!(cols_of(Continent::Oceania), (17, 21));
    // Venezuela is joined to the USA by land through Central America, and only through it.
    let joined = |regions: &[&str]| {
        let mut seen = vec![b.start(Nation::Usa)];
        let mut i = 0;
        while i < seen.len() {
            for &t in b.neighbours(seen[i]) {
                if !seen.contains(&t) && b.region_name(t).is_some_and(|r| regions.contains(&r)) {
                    seen.push(t);
                }
            }
            i += 1;
        }
        seen.contains(&b.start(Nation::Venezuela))
    };
    assert!(joined(&["USA", "Mexico", "Central America", "Venezuela"]));
    assert!(!joined(&["USA", "Mexico", "Venezuela", "Canada", "Alaska", "Brazil", "Peru", "Argentina"]));
    // North Korea on the Asian mainland, between China and Russia.
    let nk = b.start(Nation::NorthKorea);
    assert_eq!(b.continent(nk), Some(Continent::Asia));
    assert!(b.neighbours(nk).iter().any(|&t| b.region_name(t) == Some("China")));
    assert!(b.neighbours(nk).iter().any(|&t| b.cell(t).home == Some(Nation::Russia)));
    // Turkey joined by land to Europe and the Middle East.
    let turkey = b.start(Nation::Turkey);
    assert!(b.neighbours(turkey).iter().any(|&t| b.continent(t) == Some(Continent::Europe)));
    assert!(b.neighbours(turkey).iter().any(|&t| b.region_name(t) == Some("Middle East")));
    // The seam: Alaska at the left edge meets Russia's far east at the right edge.
    assert_eq!(b.describe(space(0, 1)), "(0, 1) Alaska");
    assert_eq!(b.describe(space(22, 1)), "(22, 1) Russian Far East");
    assert!(b.neighbours(space(22, 1)).contains(&space(0, 1)));
    assert_eq!(b.cell(space(22, 1)).home, Some(Nation::Russia));
}

/// The built-in board is parsed once and shared.
#[test]
fn the_built_in_board_is_shared() {
    assert!(Arc::ptr_eq(&Board::built_in().unwrap(), &Board::built_in().unwrap()));
    assert_eq!(*Board::built_in().unwrap(), Board::parse(BUILT_IN_GRID, BUILT_IN_FEATURES).unwrap());
}
