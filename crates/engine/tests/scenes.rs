//! The reference games' scenes: what a browser draws, snapshot tested, and every legal action
//! a click on an element of the scene.
#![allow(clippy::unwrap_used)]

use worlds_engine::reference::{Cell, Column};
use worlds_engine::{Game, Present, Viewer, conformance};

use crate::reference_games::{c4, ttt};

#[test]
fn tic_tac_toe_draws_its_grid_marks_and_winning_line() {
    let game = ttt();
    let state = game.load_state(r#"{"rows": ["XO.", "OX.", "..X"]}"#).unwrap();
    let scene = game.scene(&game.observe(&state, Viewer::Spectator)).unwrap();
    insta::assert_json_snapshot!("tic_tac_toe_won", scene);
    assert_eq!(game.action_elements(&state, Cell::new(5).unwrap()), ["c2"]);
}

#[test]
fn connect_four_draws_columns_and_discs() {
    let game = c4();
    let state =
        game.load_state(r#"{"rows": [".......", ".......", ".......", "...O...", "..XX...", "..OXO.X"]}"#).unwrap();
    let scene = game.scene(&game.observe(&state, Viewer::Player(worlds_engine::Player::from_index(1)))).unwrap();
    insta::assert_json_snapshot!("connect_four_midgame", scene);
    assert_eq!(game.action_elements(&state, Column::new(6).unwrap()), ["column-6"]);
}

#[test]
fn every_legal_action_is_a_click_on_its_scene() {
    let report = conformance::check_scenes(&ttt(), 3, 20, 9);
    // 20 games, 3 scenes a step (two seats and a spectator), every empty cell an action.
    assert!(report.scenes >= 20 * 3 * 6, "{report:?}");
    assert!(report.actions >= 20 * (9 + 8 + 7 + 6 + 5), "{report:?}");
    let report = conformance::check_scenes(&c4(), 4, 10, 42);
    assert!(report.actions >= 10 * 7 * 7, "{report:?}");
}
