//! Tic-tac-toe: the smallest complete game, to test the engine. `X` (P1) moves first.

use serde::{Deserialize, Serialize};

use crate::chance::Chance;
use crate::error::{ConfigError, NotationError, RuleError, StateError};
use crate::game::{
    ActionCode, Config, Decision, EventSink, Game, GameInfo, NoOptions, Present, Style, Turn, VariantInfo, Visibility,
};
use crate::outcome::Outcome;
use crate::player::{Player, Viewer};
use crate::scene::{Element, Kind, Scene, Token, grid_cells, grid_centre};

const LINES: [[usize; 3]; 8] = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

static INFO: GameInfo = GameInfo {
    id: "tic-tac-toe",
    name: "Tic-tac-toe",
    min_players: 2,
    max_players: 2,
    recommended_max_players: 2,
    variants: &[VariantInfo { id: "standard", description: "3×3, three in a row wins" }],
    summary: "reference game for the engine: three in a row on a 3×3 grid",
    hidden_information: false,
    simultaneous: false,
    chance: false,
    page: include_str!("../../docs/tic-tac-toe.md"),
    views: &[],
};

#[derive(Clone, Debug)]
pub struct TicTacToe {
    config: Config,
}

/// A cell `a1`…`c3` (column letter, row number from the top), index 0–8 row by row.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "u8")]
pub struct Cell(u8);

impl TryFrom<u8> for Cell {
    type Error = String;
    fn try_from(i: u8) -> Result<Cell, String> {
        Cell::new(usize::from(i)).ok_or_else(|| format!("cell {i} does not exist; cells are 0–8"))
    }
}

impl Cell {
    pub fn new(index: usize) -> Option<Cell> {
        (index < 9).then_some(Cell(index as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl ActionCode for Cell {
    const COUNT: usize = 9;

    fn index(self) -> usize {
        self.0 as usize
    }

    fn from_index(index: usize) -> Option<Cell> {
        Cell::new(index)
    }
}

/// A position: the grid as three strings of `X`, `O` and `.`, top row first.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Grid {
    pub rows: [String; 3],
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct State {
    cells: [Option<Player>; 9],
}

impl State {
    pub fn cell(&self, cell: Cell) -> Option<Player> {
        self.cells[cell.index()]
    }

    fn count(&self) -> usize {
        self.cells.iter().flatten().count()
    }

    fn to_move(&self) -> Player {
        Player::from_index(self.count() % 2)
    }

    fn winner(&self) -> Option<Player> {
        LINES.iter().find_map(|l| {
            let a = self.cells[l[0]]?;
            (self.cells[l[1]] == Some(a) && self.cells[l[2]] == Some(a)).then_some(a)
        })
    }
}

impl From<State> for Grid {
    fn from(s: State) -> Grid {
        let mark = |c: Option<Player>| match c.map(Player::index) {
            Some(0) => 'X',
            Some(_) => 'O',
            None => '.',
        };
        Grid { rows: std::array::from_fn(|r| (0..3).map(|c| mark(s.cells[r * 3 + c])).collect()) }
    }
}

impl TryFrom<Grid> for State {
    type Error = StateError;
    fn try_from(g: Grid) -> Result<State, StateError> {
        let mut cells = [None; 9];
        for (r, row) in g.rows.iter().enumerate() {
            let field = format!("rows[{r}]");
            if row.chars().count() != 3 {
                return Err(StateError::invalid(
                    field,
                    format!("a row has 3 cells, `{row}` has {}", row.chars().count()),
                ));
            }
            for (c, ch) in row.chars().enumerate() {
                cells[r * 3 + c] = match ch {
                    'X' => Some(Player::from_index(0)),
                    'O' => Some(Player::from_index(1)),
                    '.' => None,
                    other => return Err(StateError::invalid(field, format!("`{other}` is not a mark; use X, O or ."))),
                };
            }
        }
        Ok(State { cells })
    }
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Event {
    Marked { player: Player, cell: Cell },
    Won { player: Player },
    Drawn,
}

fn cell_name(cell: Cell) -> String {
    let i = cell.index();
    format!("{}{}", char::from(b'a' + (i % 3) as u8), i / 3 + 1)
}

impl Game for TicTacToe {
    type State = State;
    type Setup = Grid;
    type Action = Cell;
    type Event = Event;
    type Observation = Grid;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(config: &Config) -> Result<TicTacToe, ConfigError> {
        INFO.check(config)?;
        config.parse_options::<NoOptions>()?;
        if let Some(file) = config.content.keys().next() {
            return Err(ConfigError::Content {
                file: file.clone(),
                line: None,
                reason: "tic-tac-toe reads no content".into(),
            });
        }
        Ok(TicTacToe { config: config.clone() })
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn start(&self, _: &mut impl Chance, _: &mut impl EventSink<Event>) -> State {
        State { cells: [None; 9] }
    }

    fn turn(&self, state: &State) -> Turn {
        if state.winner().is_some() || state.count() == 9 { Turn::Over } else { Turn::Decide(state.to_move()) }
    }

    fn legal_actions_into(&self, state: &State, player: Player, out: &mut Vec<Cell>) {
        if self.turn(state) == Turn::Decide(player) {
            out.extend((0..9).filter(|&i| state.cells[i].is_none()).map(|i| Cell(i as u8)));
        }
    }

    fn decision(&self, state: &State) -> Decision {
        match (state.winner(), state.count()) {
            (Some(w), _) => Decision::new("TTT-END", format!("{w} has three in a row and wins")),
            (None, 9) => Decision::new("TTT-END", "the grid is full: a draw"),
            (None, _) => {
                let p = state.to_move();
                Decision::new("TTT-TURN", format!("{p} ({}) marks a cell", if p.index() == 0 { 'X' } else { 'O' }))
            }
        }
    }

    fn explain_illegal(&self, _: &State, _: Player, cell: Cell) -> RuleError {
        RuleError::illegal("TTT-CELL", format!("{} is already marked", cell_name(cell)))
    }

    fn apply_unchecked(
        &self,
        state: &mut State,
        player: Player,
        cell: Cell,
        _: &mut impl Chance,
        events: &mut impl EventSink<Event>,
    ) {
        let Some(slot) = state.cells.get_mut(cell.index()) else { return };
        *slot = Some(player);
        events.emit(Visibility::PUBLIC, Event::Marked { player, cell });
        if state.winner() == Some(player) {
            events.emit(Visibility::PUBLIC, Event::Won { player });
        } else if state.count() == 9 {
            events.emit(Visibility::PUBLIC, Event::Drawn);
        }
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        match (state.winner(), state.count()) {
            (Some(w), _) => Some(Outcome::single_winner(2, w)),
            (None, 9) => Some(Outcome::shared(2, crate::player::PlayerSet::first_n(2))),
            _ => None,
        }
    }

    fn observe(&self, state: &State, _: Viewer) -> Grid {
        Grid::from(state.clone())
    }

    fn determinize(&self, state: &State, _: Player, _: &mut impl Chance) -> State {
        state.clone()
    }

    /// Every action fills a cell.
    fn max_game_length(&self) -> Option<usize> {
        Some(9)
    }

    fn tensor_len(&self) -> usize {
        27
    }

    fn write_tensor(&self, state: &State, player: Player, out: &mut [f32]) {
        out.fill(0.0);
        for (i, c) in state.cells.iter().enumerate() {
            let plane = match c {
                None => 0,
                Some(p) if *p == player => 1,
                Some(_) => 2,
            };
            if let Some(v) = out.get_mut(plane * 9 + i) {
                *v = 1.0;
            }
        }
    }

    fn format_action(&self, cell: Cell) -> String {
        cell_name(cell)
    }

    fn parse_action(&self, text: &str) -> Result<Cell, NotationError> {
        let t = text.trim().to_ascii_lowercase();
        let b = t.as_bytes();
        if b.len() == 2 && (b'a'..=b'c').contains(&b[0]) && (b'1'..=b'3').contains(&b[1]) {
            return Ok(Cell((b[1] - b'1') * 3 + (b[0] - b'a')));
        }
        Err(NotationError::new(text, "write a cell as a column a–c and a row 1–3, e.g. `b2`"))
    }

    fn describe_event(&self, event: &Event) -> String {
        match event {
            Event::Marked { player, cell } => format!("{player} marks {}", cell_name(*cell)),
            Event::Won { player } => format!("{player} wins"),
            Event::Drawn => "the game is drawn".into(),
        }
    }

    fn to_setup(&self, state: &State) -> Grid {
        Grid::from(state.clone())
    }

    fn from_setup(&self, grid: Grid) -> Result<State, StateError> {
        let state = State::try_from(grid)?;
        let x = state.cells.iter().filter(|c| **c == Some(Player::from_index(0))).count();
        let o = state.cells.iter().filter(|c| **c == Some(Player::from_index(1))).count();
        if x != o && x != o + 1 {
            return Err(StateError::invalid(
                "rows",
                format!("X has {x} marks and O {o}; X moves first, so X has as many as O or one more"),
            ));
        }
        let wins = |p: usize| {
            LINES.iter().filter(|l| l.iter().all(|&i| state.cells[i] == Some(Player::from_index(p)))).count()
        };
        if wins(0) > 0 && wins(1) > 0 {
            return Err(StateError::invalid("rows", "both X and O have three in a row"));
        }
        if (wins(0) > 0 && x == o) || (wins(1) > 0 && x > o) {
            return Err(StateError::invalid("rows", "a player moved after the game was won"));
        }
        Ok(state)
    }
}

impl Present for TicTacToe {
    /// The 3×3 grid, a cell per region (`a1`…`c3`), each mark a glyph owned by its
    /// player, the cells of a winning line marked.
    fn scene(&self, grid: &Grid) -> Option<Scene> {
        const CELL: f64 = 100.0;
        const MARGIN: f64 = 10.0;
        let marks: Vec<Option<usize>> =
            grid.rows.iter().flat_map(|row| row.chars().map(|c| ['X', 'O'].iter().position(|&m| m == c))).collect();
        let winning: Vec<usize> = LINES
            .iter()
            .find(|line| marks[line[0]].is_some() && line.iter().all(|&i| marks[i] == marks[line[0]]))
            .map(|line| line.to_vec())
            .unwrap_or_default();
        let mut elements: Vec<Element> = grid_cells(3, 3, CELL, MARGIN, |c, r| cell_name(Cell((r * 3 + c) as u8)))
            .enumerate()
            .map(|(i, e)| {
                let name = cell_name(Cell(i as u8));
                let title = match marks[i] {
                    Some(p) => format!("{name}: {} (P{})", ['X', 'O'][p], p + 1),
                    None => format!("{name}: empty"),
                };
                e.title(title).marked(winning.contains(&i))
            })
            .collect();
        for (i, mark) in marks.iter().enumerate() {
            if let Some(p) = *mark {
                let at = grid_centre(i % 3, i / 3, CELL, MARGIN);
                let glyph = ['X', 'O'][p].to_string();
                elements.push(
                    Element::new(
                        format!("mark-{}", cell_name(Cell(i as u8))),
                        Kind::Piece { at, token: Token::Glyph { text: glyph } },
                    )
                    .owner(p),
                );
            }
        }
        let side = 3.0 * CELL + 2.0 * MARGIN;
        Some(Scene { width: side, height: side, elements })
    }

    fn action_elements(&self, _: &State, cell: Cell) -> Vec<String> {
        vec![cell_name(cell)]
    }

    fn render(&self, grid: &Grid, _: Style) -> String {
        let mut out = String::from("   a b c\n");
        for (r, row) in grid.rows.iter().enumerate() {
            let cells: Vec<String> = row.chars().map(String::from).collect();
            out.push_str(&format!(" {} {}\n", r + 1, cells.join(" ")));
        }
        out
    }
}
