//! Connect-four: 7 columns × 6 rows, actions are columns 0–6 (as in other frameworks), P1 moves
//! first. Bitboards make it fast enough to compare the engine's speed with other frameworks.

use serde::{Deserialize, Serialize};

use crate::chance::Chance;
use crate::error::{ConfigError, NotationError, RuleError, StateError};
use crate::game::{
    ActionCode, Config, Decision, EventSink, Game, GameInfo, NoOptions, Present, Style, Turn, VariantInfo, Visibility,
};
use crate::outcome::Outcome;
use crate::player::{Player, PlayerSet, Viewer};
use crate::scene::{Element, Kind, Scene, Shape, Token, grid_centre};

pub const COLUMNS: usize = 7;
pub const ROWS: usize = 6;
/// Bits per column: six cells and one always-empty sentinel, so shifts never wrap into a neighbour.
const HEIGHT: usize = ROWS + 1;

static INFO: GameInfo = GameInfo {
    id: "connect-four",
    name: "Connect four",
    min_players: 2,
    max_players: 2,
    recommended_max_players: 2,
    variants: &[VariantInfo { id: "standard", description: "7 columns × 6 rows, four in a row wins" }],
    summary: "reference game for the engine: drop discs, four in a row wins",
    hidden_information: false,
    simultaneous: false,
    chance: false,
    page: include_str!("../../docs/connect-four.md"),
    views: &[],
};

#[derive(Clone, Debug)]
pub struct ConnectFour {
    config: Config,
}

/// A column 0–6.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "u8")]
pub struct Column(u8);

impl TryFrom<u8> for Column {
    type Error = String;
    fn try_from(i: u8) -> Result<Column, String> {
        Column::new(usize::from(i)).ok_or_else(|| format!("column {i} does not exist; columns are 0–6"))
    }
}

impl ActionCode for Column {
    const COUNT: usize = COLUMNS;

    fn index(self) -> usize {
        self.0 as usize
    }

    fn from_index(index: usize) -> Option<Column> {
        Column::new(index)
    }
}

impl Column {
    pub fn new(index: usize) -> Option<Column> {
        (index < COLUMNS).then_some(Column(index as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A position: the board as six strings of `X` (P1), `O` (P2) and `.`, top row first.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Grid {
    pub rows: [String; ROWS],
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct State {
    /// Each player's discs; bit `column * 7 + row`, row 0 at the bottom.
    discs: [u64; 2],
    /// Discs in each column (cache of `discs`).
    heights: [u8; COLUMNS],
    moves: u8,
    winner: Option<Player>,
}

fn four_in_a_row(b: u64) -> bool {
    [1, HEIGHT, HEIGHT - 1, HEIGHT + 1].iter().any(|&shift| {
        let m = b & (b >> shift);
        m & (m >> (2 * shift)) != 0
    })
}

impl State {
    fn to_move(&self) -> Player {
        Player::from_index(usize::from(self.moves % 2))
    }

    /// Who holds the cell at `column`, `row` (row 0 at the bottom).
    pub fn disc(&self, column: usize, row: usize) -> Option<Player> {
        let bit = 1u64 << (column * HEIGHT + row);
        (0..2).find(|&p| self.discs[p] & bit != 0).map(Player::from_index)
    }

    fn is_over(&self) -> bool {
        self.winner.is_some() || usize::from(self.moves) == COLUMNS * ROWS
    }
}

impl From<State> for Grid {
    fn from(s: State) -> Grid {
        Grid {
            rows: std::array::from_fn(|r| {
                (0..COLUMNS)
                    .map(|c| match s.disc(c, ROWS - 1 - r).map(Player::index) {
                        Some(0) => 'X',
                        Some(_) => 'O',
                        None => '.',
                    })
                    .collect()
            }),
        }
    }
}

impl TryFrom<Grid> for State {
    type Error = StateError;
    fn try_from(g: Grid) -> Result<State, StateError> {
        let mut s = State { discs: [0; 2], heights: [0; COLUMNS], moves: 0, winner: None };
        for (r, row) in g.rows.iter().enumerate() {
            let field = format!("rows[{r}]");
            if row.chars().count() != COLUMNS {
                let n = row.chars().count();
                return Err(StateError::invalid(field, format!("a row has {COLUMNS} cells, `{row}` has {n}")));
            }
            for (c, ch) in row.chars().enumerate() {
                let p = match ch {
                    'X' => 0,
                    'O' => 1,
                    '.' => continue,
                    other => return Err(StateError::invalid(field, format!("`{other}` is not a disc; use X, O or ."))),
                };
                s.discs[p] |= 1 << (c * HEIGHT + ROWS - 1 - r);
                s.moves += 1;
            }
        }
        for c in 0..COLUMNS {
            let column = ((s.discs[0] | s.discs[1]) >> (c * HEIGHT)) & ((1 << ROWS) - 1);
            if column & (column + 1) != 0 {
                return Err(StateError::invalid("rows", format!("column {c} has a disc floating above an empty cell")));
            }
            s.heights[c] = column.count_ones() as u8;
        }
        s.winner = (0..2).find(|&p| four_in_a_row(s.discs[p])).map(Player::from_index);
        Ok(s)
    }
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum Event {
    Dropped { player: Player, column: Column, row: u8 },
    Won { player: Player },
    Drawn,
}

impl Game for ConnectFour {
    type State = State;
    type Setup = Grid;
    type Action = Column;
    type Event = Event;
    type Observation = Grid;

    fn info() -> &'static GameInfo {
        &INFO
    }

    fn new(config: &Config) -> Result<ConnectFour, ConfigError> {
        INFO.check(config)?;
        config.parse_options::<NoOptions>()?;
        if let Some(file) = config.content.keys().next() {
            return Err(ConfigError::Content {
                file: file.clone(),
                line: None,
                reason: "connect-four reads no content".into(),
            });
        }
        Ok(ConnectFour { config: config.clone() })
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn start(&self, _: &mut impl Chance, _: &mut impl EventSink<Event>) -> State {
        State { discs: [0; 2], heights: [0; COLUMNS], moves: 0, winner: None }
    }

    #[inline]
    fn turn(&self, state: &State) -> Turn {
        if state.is_over() { Turn::Over } else { Turn::Decide(state.to_move()) }
    }

    #[inline]
    fn legal_actions_into(&self, state: &State, player: Player, out: &mut Vec<Column>) {
        if state.is_over() || state.to_move() != player {
            return;
        }
        for c in 0..COLUMNS {
            if usize::from(state.heights[c]) < ROWS {
                out.push(Column(c as u8));
            }
        }
    }

    fn decision(&self, state: &State) -> Decision {
        match state.winner {
            Some(w) => Decision::new("C4-END", format!("{w} has four in a row and wins")),
            None if state.is_over() => Decision::new("C4-END", "the board is full: a draw"),
            None => Decision::new("C4-TURN", format!("{} drops a disc", state.to_move())),
        }
    }

    fn explain_illegal(&self, _: &State, _: Player, column: Column) -> RuleError {
        RuleError::illegal("C4-COLUMN", format!("column {} is full", column.index()))
    }

    #[inline]
    fn apply_unchecked(
        &self,
        state: &mut State,
        player: Player,
        column: Column,
        _: &mut impl Chance,
        events: &mut impl EventSink<Event>,
    ) {
        let c = column.index();
        let Some(&row) = state.heights.get(c) else { return };
        if usize::from(row) >= ROWS {
            return;
        }
        let p = player.index() & 1;
        state.discs[p] |= 1 << (c * HEIGHT + usize::from(row));
        state.heights[c] += 1;
        state.moves += 1;
        events.emit(Visibility::PUBLIC, Event::Dropped { player, column, row });
        if four_in_a_row(state.discs[p]) {
            state.winner = Some(player);
            events.emit(Visibility::PUBLIC, Event::Won { player });
        } else if state.is_over() {
            events.emit(Visibility::PUBLIC, Event::Drawn);
        }
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        match state.winner {
            Some(w) => Some(Outcome::single_winner(2, w)),
            None if state.is_over() => Some(Outcome::shared(2, PlayerSet::first_n(2))),
            None => None,
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
        Some(COLUMNS * ROWS)
    }

    fn tensor_len(&self) -> usize {
        3 * COLUMNS * ROWS
    }

    fn write_tensor(&self, state: &State, player: Player, out: &mut [f32]) {
        // Planes: empty cells, the player's discs, the opponent's; cell (column, row) at
        // `row * COLUMNS + column`. Set bits are visited directly (a batch writes this after
        // every step of every game).
        out.fill(0.0);
        // Bit `column * HEIGHT + row` → its cell's place in a plane.
        const CELL: [usize; COLUMNS * HEIGHT] = {
            let mut t = [0; COLUMNS * HEIGHT];
            let mut bit = 0;
            while bit < COLUMNS * HEIGHT {
                t[bit] = (bit % HEIGHT) * COLUMNS + bit / HEIGHT;
                bit += 1;
            }
            t
        };
        let cells: u64 = (0..COLUMNS).fold(0, |m, c| m | (((1u64 << ROWS) - 1) << (c * HEIGHT)));
        let mine = state.discs[player.index() & 1];
        let theirs = state.discs[1 - (player.index() & 1)];
        for (plane, mut bits) in [(0, cells & !(mine | theirs)), (1, mine), (2, theirs)] {
            while bits != 0 {
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some(v) = CELL.get(bit).and_then(|&cell| out.get_mut(plane * COLUMNS * ROWS + cell)) {
                    *v = 1.0;
                }
            }
        }
    }

    fn format_action(&self, column: Column) -> String {
        column.index().to_string()
    }

    fn parse_action(&self, text: &str) -> Result<Column, NotationError> {
        let t = text.trim().to_ascii_lowercase();
        let digits = t.strip_prefix("drop").unwrap_or(&t).trim();
        digits
            .parse::<usize>()
            .ok()
            .and_then(Column::new)
            .ok_or_else(|| NotationError::new(text, "write a column number 0–6, e.g. `3`"))
    }

    fn describe_event(&self, event: &Event) -> String {
        match event {
            Event::Dropped { player, column, row } => {
                format!("{player} drops a disc in column {} (row {})", column.index(), row + 1)
            }
            Event::Won { player } => format!("{player} wins with four in a row"),
            Event::Drawn => "the board is full: a draw".into(),
        }
    }

    fn to_setup(&self, state: &State) -> Grid {
        Grid::from(state.clone())
    }

    fn from_setup(&self, grid: Grid) -> Result<State, StateError> {
        let state = State::try_from(grid)?;
        let x = state.discs[0].count_ones();
        let o = state.discs[1].count_ones();
        if x != o && x != o + 1 {
            return Err(StateError::invalid(
                "rows",
                format!("X has {x} discs and O {o}; X moves first, so X has as many as O or one more"),
            ));
        }
        let wins = [four_in_a_row(state.discs[0]), four_in_a_row(state.discs[1])];
        if wins[0] && wins[1] {
            return Err(StateError::invalid("rows", "both players have four in a row"));
        }
        if (wins[0] && x == o) || (wins[1] && x > o) {
            return Err(StateError::invalid("rows", "a player moved after the game was won"));
        }
        Ok(state)
    }

    fn evaluate(&self, state: &State, player: Player) -> Option<f64> {
        // Open lines of three: a cheap, symmetric estimate.
        let threes = |b: u64| {
            [1, HEIGHT, HEIGHT - 1, HEIGHT + 1]
                .iter()
                .map(|&s| (b & (b >> s) & (b >> (2 * s))).count_ones())
                .sum::<u32>()
        };
        let me = player.index() & 1;
        let diff = threes(state.discs[me]) as f64 - threes(state.discs[1 - me]) as f64;
        Some(0.5 + 0.5 * (diff / 8.0).tanh())
    }
}

impl Present for ConnectFour {
    /// A region per column (`column-0`…`column-6`: a move is a click on its column)
    /// and a disc per counter, owned by its player (`disc-C-R`, row 0 at the top).
    fn scene(&self, grid: &Grid) -> Option<Scene> {
        const CELL: f64 = 80.0;
        const MARGIN: f64 = 10.0;
        let height = ROWS as f64 * CELL;
        let mut elements: Vec<Element> = (0..COLUMNS)
            .map(|c| {
                let x = MARGIN + c as f64 * CELL;
                let shape = Shape::Rect { x, y: MARGIN, w: CELL, h: height };
                let free = grid.rows.iter().filter(|row| row.chars().nth(c) == Some('.')).count();
                let title = if free == 0 { format!("column {c}: full") } else { format!("column {c}: {free} free") };
                Element::new(format!("column-{c}"), Kind::Region { shape }).label(c.to_string()).title(title)
            })
            .collect();
        for (r, row) in grid.rows.iter().enumerate() {
            for (c, mark) in row.chars().enumerate() {
                let Some(p) = ['X', 'O'].iter().position(|&m| m == mark) else { continue };
                let at = grid_centre(c, r, CELL, MARGIN);
                elements.push(Element::new(format!("disc-{c}-{r}"), Kind::Piece { at, token: Token::Disc }).owner(p));
            }
        }
        Some(Scene { width: COLUMNS as f64 * CELL + 2.0 * MARGIN, height: height + 2.0 * MARGIN, elements })
    }

    fn action_elements(&self, _: &State, column: Column) -> Vec<String> {
        vec![format!("column-{}", column.index())]
    }

    fn render(&self, grid: &Grid, _: Style) -> String {
        let mut out = String::new();
        for row in &grid.rows {
            out.push('|');
            for cell in row.chars() {
                out.push(cell);
                out.push('|');
            }
            out.push('\n');
        }
        out.push_str(" 0 1 2 3 4 5 6\n");
        out
    }
}
