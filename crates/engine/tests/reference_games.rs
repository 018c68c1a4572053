//! The engine's own tests, through the two reference games.
#![allow(clippy::unwrap_used)]

use worlds_engine::reference::{Column, ConnectFour, TicTacToe};
use worlds_engine::{
    ApplyError, Config, ConfigError, Game, MatchDriver, Player, RuleErrorKind, SeededRng, StateError, Turn,
    conformance, perft, replay,
};

fn p(i: usize) -> Player {
    Player::from_index(i)
}

pub fn c4() -> ConnectFour {
    ConnectFour::new(&Config::players(2)).unwrap()
}

pub fn ttt() -> TicTacToe {
    TicTacToe::new(&Config::players(2)).unwrap()
}

#[test]
fn connect_four_keeps_the_contract() {
    let report = conformance::check(&c4(), &conformance::Settings { playouts: 2000, ..Default::default() });
    // P1 wins clearly more often than P2 under random play.
    assert!(report.wins[0] > report.wins[1], "{report:?}");
    conformance::check_replay(&c4(), 1, 50, 100);
}

#[test]
fn tic_tac_toe_keeps_the_contract() {
    let report = conformance::check(&ttt(), &conformance::Settings { playouts: 2000, ..Default::default() });
    assert!(report.longest <= 9);
    conformance::check_replay(&ttt(), 2, 50, 100);
}

/// The structural secret checks run on open games too: nothing simultaneous to compare, and a
/// seat's view is the position itself.
#[test]
fn open_games_pass_the_structural_secret_checks() {
    for seed in 0..3 {
        let r = conformance::check_secret_choices(&c4(), seed, 5, 100, 4);
        assert_eq!(r.comparisons, 0, "{r:?}");
        let r = conformance::check_observation_is_information(&c4(), seed, 5, 100, 3);
        assert!(r.comparisons > 20, "{r:?}");
        let r = conformance::check_observation_is_information(&ttt(), seed, 5, 100, 1);
        assert!(r.comparisons > 20, "{r:?}");
    }
}

/// Mutated positions that load are positions the game can go on from.
#[test]
fn mutated_positions_load_only_when_playable() {
    for seed in 0..4 {
        let r = conformance::check_state_mutations(&c4(), seed, 300, 20);
        assert!(r.loaded > 0 && r.loaded < r.tried, "{r:?}");
        conformance::check_state_mutations(&ttt(), seed, 300, 9);
    }
}

/// The known perft counts of tic-tac-toe (paths of exactly N plies; finished games do not extend).
#[test]
fn tic_tac_toe_perft_golden_counts() {
    let game = ttt();
    let start = game.new_game(&mut SeededRng::new(0)).0;
    let counts: Vec<u64> = (1..=9).map(|d| perft(&game, &start, d, &SeededRng::new(0))).collect();
    assert_eq!(counts, [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]);
}

/// The known perft counts of connect-four (OEIS A212693).
#[test]
fn connect_four_perft_golden_counts() {
    let game = c4();
    let start = game.new_game(&mut SeededRng::new(0)).0;
    let counts: Vec<u64> = (1..=7).map(|d| perft(&game, &start, d, &SeededRng::new(0))).collect();
    assert_eq!(counts, [7, 49, 343, 2401, 16807, 117649, 823536]);
}

#[test]
fn a_full_column_is_refused_and_nothing_changes() {
    let game = c4();
    let state = game.load_state(r#"{"rows":["...X...","...O...","...X...","...O...","...X...","...O..."]}"#).unwrap();
    let mut tried = state.clone();
    let err = game.apply(&mut tried, p(0), Column::new(3).unwrap(), &mut SeededRng::new(0)).unwrap_err();
    assert_eq!(err.kind, RuleErrorKind::Illegal);
    assert_eq!(err.to_string(), "column 3 is full [C4-COLUMN]");
    assert_eq!(tried, state);
    let err = game.apply(&mut tried, p(1), Column::new(2).unwrap(), &mut SeededRng::new(0)).unwrap_err();
    assert_eq!(err.kind, RuleErrorKind::NotYourTurn);
    assert_eq!(tried, state);
}

#[test]
fn impossible_positions_are_refused_with_the_field() {
    let game = c4();
    let floating = game.load_state(r#"{"rows":[".......",".......",".......",".......","...X...","......."]}"#);
    assert_eq!(floating, Err(StateError::invalid("rows", "column 3 has a disc floating above an empty cell")));
    let counts = game.load_state(r#"{"rows":[".......",".......",".......",".......",".......","XX....."]}"#);
    assert_eq!(
        counts,
        Err(StateError::invalid("rows", "X has 2 discs and O 0; X moves first, so X has as many as O or one more"))
    );
    // Errors name the JSON path of the field, from the parser itself.
    let wrong_type = game.load_state("{\"rows\": 3}").unwrap_err();
    assert_eq!(wrong_type.to_string(), "state field `rows`: invalid type: integer `3`, expected an array of length 6");
    let bad_row = game.load_state(r#"{"rows":[".......",".......",".......",".......",".......",7]}"#).unwrap_err();
    assert_eq!(bad_row.to_string(), "state field `rows[5]`: invalid type: integer `7`, expected a string");
    let lower = game.load_state(r#"{"rows":[".......",".......",".......",".......",".......","x......"]}"#);
    assert_eq!(lower, Err(StateError::invalid("rows[5]", "`x` is not a disc; use X, O or .")));
    let unknown = game.load_state(r#"{"rows":[".......",".......",".......",".......",".......","......."],"x":1}"#);
    assert_eq!(unknown.unwrap_err().to_string(), "state field `x`: unknown field `x`, expected `rows`");
    let garbage = game.load_state("{\"rows\": [");
    assert!(matches!(garbage, Err(StateError::Json { line: 1, column: 10, .. })), "{garbage:?}");
    let trailing = game.load_state(r#"{"rows":[".......",".......",".......",".......",".......","......."]} x"#);
    assert!(matches!(trailing, Err(StateError::Json { line: 1, .. })), "{trailing:?}");
}

/// Defect 9: the reference games recorded any option (`turn_cap: "banana"`) instead of refusing it.
#[test]
fn reference_games_refuse_options_they_do_not_have() {
    let err = ConnectFour::new(&Config::players(2).with_option("turn_cap", "banana")).unwrap_err();
    assert_eq!(err.to_string(), "option `turn_cap`: unknown field `turn_cap`, there are no fields");
    let err = TicTacToe::new(&Config::players(2).with_option("size", 4)).unwrap_err();
    assert_eq!(err.to_string(), "option `size`: unknown field `size`, there are no fields");
}

/// `check` is derived: out of turn and game over from `turn` and `decision`, legality from the list.
#[test]
fn refusals_come_from_the_turn_the_decision_and_the_legal_list() {
    let game = ttt();
    let state = game.load_state(r#"{"rows":["X..","...","..."]}"#).unwrap();
    assert_eq!(game.decision(&state).text, "P2 (O) marks a cell");
    let err = game.check(&state, p(0), game.parse_action("b2").unwrap()).unwrap_err();
    assert_eq!(
        (err.kind, err.to_string()),
        (RuleErrorKind::NotYourTurn, "it is not your decision now: P2 (O) marks a cell [TTT-TURN]".into())
    );
    let err = game.check(&state, p(1), game.parse_action("a1").unwrap()).unwrap_err();
    assert_eq!((err.kind, err.to_string()), (RuleErrorKind::Illegal, "a1 is already marked [TTT-CELL]".into()));
    assert_eq!(game.check(&state, p(1), game.parse_action("c3").unwrap()), Ok(()));
}

#[test]
fn bad_configs_say_what_is_allowed() {
    assert_eq!(ConnectFour::new(&Config::players(3)).unwrap_err().to_string(), "connect-four is for 2 players, not 3");
    assert_eq!(
        ConnectFour::new(&Config::players(2).with_variant("giant")).unwrap_err(),
        ConfigError::UnknownVariant { game: "connect-four", variant: "giant".into(), known: "standard".into() }
    );
}

#[test]
fn garbled_notation_is_refused_and_the_match_is_unchanged() {
    let (mut m, _) = MatchDriver::new(c4(), 3);
    let before = m.state().clone();
    let err = m.apply_text(p(0), "seven").unwrap_err();
    assert!(matches!(err, ApplyError::Notation(_)));
    assert_eq!(err.to_string(), "cannot read `seven`: write a column number 0–6, e.g. `3`");
    assert_eq!(m.state(), &before);
    assert!(m.record().actions.is_empty());
}

#[test]
fn a_finished_game_refuses_everything() {
    let game = ttt();
    let state = game.load_state(r#"{"rows":["XXX","OO.","..."]}"#).unwrap();
    assert_eq!(game.turn(&state), Turn::Over);
    let outcome = game.outcome(&state).unwrap();
    assert_eq!(outcome.returns.as_slice(), [1.0, 0.0]);
    let err = game.check(&state, p(1), game.parse_action("c2").unwrap()).unwrap_err();
    assert_eq!(err.kind, RuleErrorKind::GameOver);
    assert_eq!(err.to_string(), "the game is over: P1 has three in a row and wins [TTT-END]");
}

#[test]
fn replay_reproduces_a_match_and_rejects_another_game() {
    let (mut m, _) = MatchDriver::new(ttt(), 9);
    for (player, cell) in [(0, "b2"), (1, "a1"), (0, "c3")] {
        m.apply_text(p(player), cell).unwrap();
    }
    let r = replay(&ttt(), m.record()).unwrap();
    assert_eq!(r.states.last(), Some(m.state()));
    assert_eq!(r.states.len(), 4);
    let err = replay(&c4(), m.record()).unwrap_err();
    assert_eq!(err.to_string(), "this match is of `tic-tac-toe`, not `connect-four`");
}

/// The tensor, cell by cell: empty cells, the viewer's discs, the opponent's (three planes of
/// row × column), in random positions and for both seats.
#[test]
fn connect_four_tensor_marks_each_cell_in_one_plane() {
    let game = c4();
    let mut rng = SeededRng::new(4);
    let mut out = vec![9.0f32; game.tensor_len()];
    for _ in 0..200 {
        let mut s = game.new_game(&mut rng).0;
        let moves = rng.below(30);
        for _ in 0..moves {
            let Turn::Decide(player) = game.turn(&s) else { break };
            let legal = game.legal_actions(&s, player);
            let a = legal[rng.below(legal.len() as u32) as usize];
            game.apply(&mut s, player, a, &mut rng).unwrap();
        }
        for viewer in [p(0), p(1)] {
            game.write_tensor(&s, viewer, &mut out);
            for c in 0..7 {
                for r in 0..6 {
                    let plane = match s.disc(c, r) {
                        None => 0,
                        Some(q) if q == viewer => 1,
                        Some(_) => 2,
                    };
                    for k in 0..3 {
                        let want = if k == plane { 1.0 } else { 0.0 };
                        assert_eq!(out[k * 42 + r * 7 + c], want, "plane {k}, column {c}, row {r}");
                    }
                }
            }
        }
    }
}
