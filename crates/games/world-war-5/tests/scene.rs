//! What a browser draws of World War 5: the board from `[drawing]` in board.toml, the pyramids,
//! the stashes; every legal action a click on its elements; a bad drawing refused with file, line
//! and reason.
#![allow(clippy::unwrap_used)]

use worlds_engine::{Config, Game, Player, Present, SeededRng, Viewer, conformance};
use worlds_world_war_5::{Action, BUILT_IN_BOARD, Board, Territory, WorldWar5};

fn game(players: usize, variant: &str) -> WorldWar5 {
    WorldWar5::new(&Config::players(players).with_variant(variant)).unwrap()
}

/// The board and its pyramids; the stashes are the table's panels, not drawn again on the board.
#[test]
fn the_scene_draws_the_board_and_pyramids() {
    let g = game(2, "original");
    // A seeded game: twelve random actions (the homes set up, the first turns played).
    let (mut state, _) = g.new_game(&mut SeededRng::new(7));
    let mut rng = SeededRng::new(8);
    for _ in 0..12 {
        let p = worlds_engine::next_decider(g.turn(&state)).unwrap();
        let legal = g.legal_actions(&state, p);
        let a = legal[rng.below(legal.len() as u32) as usize];
        g.apply(&mut state, p, a, &mut rng).unwrap();
    }
    let scene = g.scene(&g.observe(&state, Viewer::Spectator)).unwrap();
    insta::assert_json_snapshot!("scene_after_twelve_actions", scene);
    // Everything is public: every seat sees the same picture.
    assert_eq!(g.scene(&g.observe(&state, Viewer::Player(Player::from_index(1)))).unwrap(), scene);
    assert!(scene.elements.iter().all(|e| !e.id.starts_with("stash")), "a stash is drawn on the board");
    let table = g.table(&g.observe(&state, Viewer::Spectator)).unwrap();
    for panel in &table.panels {
        let counts: Vec<&str> = panel.counts.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(counts, ["Territories", "Stash small", "Stash medium", "Stash large"], "{}", panel.seat);
    }
}

#[test]
fn every_legal_action_is_a_click_on_the_board() {
    for (players, variant) in [(2, "original"), (4, "pyramid-arcade"), (6, "original")] {
        let report = conformance::check_scenes(&game(players, variant), 11, 4, 120);
        assert!(report.actions > 4 * 100, "{players} {variant}: {report:?}");
    }
    let t = |id: &str| id.parse::<Territory>().unwrap();
    let g = game(2, "original");
    let state = g.new_game(&mut SeededRng::new(1)).0;
    assert_eq!(
        g.action_elements(&state, Action::Invade { target: t("as-north"), from: t("na-north") }),
        ["na-north", "as-north"]
    );
    assert_eq!(
        g.action_elements(&state, Action::Home(worlds_world_war_5::Continent::ALL[3])),
        ["af-northwest", "af-northeast", "af-south"]
    );
    assert_eq!(g.action_elements(&state, Action::Pass), ["pass"]);
}

fn line_of(needle: &str) -> usize {
    BUILT_IN_BOARD.lines().position(|l| l.contains(needle)).unwrap() + 1
}

fn parse(text: &str) -> String {
    Board::parse(text, "board.toml", "original").unwrap_err().to_string()
}

#[test]
fn a_board_without_a_drawing_is_drawn_as_the_built_in_one() {
    let at = BUILT_IN_BOARD.find("\n[drawing]\n").unwrap();
    let without = &BUILT_IN_BOARD[..at];
    let board = Board::parse(without, "board.toml", "original").unwrap();
    assert_eq!(board.drawing(), Board::built_in("original").unwrap().drawing());
}

#[test]
fn a_bad_drawing_is_refused_with_file_line_and_reason() {
    let unknown = BUILT_IN_BOARD.replacen("[drawing.territory.na-north]", "[drawing.territory.na-nort]", 1);
    assert_eq!(
        parse(&unknown),
        format!(
            "board.toml:{}: `na-nort` is not a territory; did you mean na-north?",
            line_of("[drawing.territory.na-north]")
        )
    );
    let shape_line = line_of("[drawing.territory.sa-east]") + 1;
    let shape = BUILT_IN_BOARD.lines().nth(shape_line - 1).unwrap();
    let outside = BUILT_IN_BOARD.replacen(shape, "shape = [[10, 10], [2000, 10], [10, 20]]", 1);
    assert_eq!(
        parse(&outside),
        format!("board.toml:{shape_line}: the point [2000, 10] is outside the 1000 × 600 drawing")
    );
    let short = BUILT_IN_BOARD.replacen(shape, "shape = [[10, 10], [20, 10]]", 1);
    assert_eq!(parse(&short), format!("board.toml:{shape_line}: the outline of `sa-east` needs at least 3 points"));
    let at = BUILT_IN_BOARD.find("[drawing.territory.au-southeast]").unwrap();
    let missing = &BUILT_IN_BOARD[..at];
    assert_eq!(
        parse(missing),
        "board.toml: the drawing does not place territory `au-southeast`: place all or leave out [drawing]"
    );
    let zero = BUILT_IN_BOARD.replacen("width = 1000", "width = 0", 1);
    assert_eq!(
        parse(&zero),
        format!("board.toml:{}: the drawing's width and height are more than 0", line_of("width = 1000"))
    );
}
