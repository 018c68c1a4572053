//! `worlds.State`: one position of a game, stepped by action codes.

use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use worlds_agents::AgentSpec;
use worlds_engine::{ErrorKind, Player, Style, Turn, Viewer, derive_seed};
use worlds_registry::DynPosition;

use crate::game::PyGame;
use crate::{error, from_python, to_python};

/// OpenSpiel's player id of a simultaneous node.
const SIMULTANEOUS: i64 = -2;
/// OpenSpiel's player id of a terminal state.
const TERMINAL: i64 = -4;

/// A position of a game: who decides, their legal actions, applying actions by code, the
/// observations, and the result. Dice and shuffles are drawn from the state's own seeded stream
/// as actions need them, so a state is reproduced exactly by its game, seed and actions.
#[pyclass(name = "State", module = "worlds")]
pub(crate) struct PyState {
    pub(crate) inner: Box<dyn DynPosition>,
}

pub(crate) fn action_text(py: Python<'_>, position: &dyn DynPosition, action: i64) -> PyResult<String> {
    usize::try_from(action).ok().and_then(|a| position.action_text(a)).ok_or_else(|| {
        let n = position.num_distinct_actions();
        error(
            py,
            ErrorKind::BadRequest,
            format!("action code {action} is not an action of this game; codes are 0–{}", n.saturating_sub(1)),
        )
    })
}

pub(crate) fn action_code(py: Python<'_>, position: &dyn DynPosition, text: &str) -> PyResult<i64> {
    let code = position.action_index(text).map_err(|e| error(py, e.kind(), e))?;
    Ok(code as i64)
}

impl PyState {
    pub(crate) fn new(inner: Box<dyn DynPosition>) -> PyState {
        PyState { inner }
    }

    /// `player` as a seat of this game.
    fn seat(&self, py: Python<'_>, player: i64) -> PyResult<Player> {
        let n = self.inner.num_players();
        usize::try_from(player).ok().filter(|&p| p < n).map(Player::from_index).ok_or_else(|| {
            error(
                py,
                ErrorKind::BadRequest,
                format!("there is no player {player}: players are 0–{}", n.saturating_sub(1)),
            )
        })
    }

    /// `player`, or when none is given the one player to decide.
    fn seat_or_current(&self, py: Python<'_>, player: Option<i64>) -> PyResult<Player> {
        match (player, self.inner.turn()) {
            (Some(p), _) => self.seat(py, p),
            (None, Turn::Decide(p)) => Ok(p),
            (None, Turn::Simultaneous(_)) => Err(error(
                py,
                ErrorKind::BadRequest,
                "several players decide at once here: say which one (e.g. legal_actions(player))",
            )),
            (None, Turn::Over) => Err(error(py, ErrorKind::GameOver, "the game is over: no one decides")),
        }
    }

    fn viewer(&self, py: Python<'_>, player: Option<i64>) -> PyResult<Viewer> {
        player.map_or(Ok(Viewer::Spectator), |p| self.seat(py, p).map(Viewer::Player))
    }

    pub(crate) fn bot(&self, py: Python<'_>, spec: &str, player: Option<usize>, seed: Option<u64>) -> PyResult<i64> {
        let spec: AgentSpec = spec.parse().map_err(|e: worlds_agents::SpecError| error(py, ErrorKind::BadAgent, e))?;
        let player = self.seat_or_current(py, player.map(|p| p as i64))?;
        let seed = seed.unwrap_or_else(|| derive_seed(0xB07 + player.index() as u64, self.inner.steps() as u64));
        let position = &self.inner;
        let chosen = py.detach(|| position.bot(player, &spec, seed));
        chosen.map(|a| a as i64).map_err(|e| error(py, e.kind(), e))
    }
}

#[pymethods]
impl PyState {
    /// The game this is a state of.
    fn get_game(&self, py: Python<'_>) -> PyResult<PyGame> {
        PyGame::from_config(py, self.inner.info().id, self.inner.config().clone())
    }

    fn num_players(&self) -> usize {
        self.inner.num_players()
    }

    /// The players who must decide now (several in a simultaneous decision, none once over).
    fn current_players(&self) -> Vec<usize> {
        self.inner.turn().players().iter().map(Player::index).collect()
    }

    /// The one player to decide, or -2 when several decide at once, -4 once the game is over
    /// (OpenSpiel's ids).
    fn current_player(&self) -> i64 {
        match self.inner.turn() {
            Turn::Decide(p) => p.index() as i64,
            Turn::Simultaneous(_) => SIMULTANEOUS,
            Turn::Over => TERMINAL,
        }
    }

    fn is_terminal(&self) -> bool {
        self.inner.turn().is_over()
    }

    /// Whether several players decide at once here (each in secret, in any order).
    fn is_simultaneous_node(&self) -> bool {
        matches!(self.inner.turn(), Turn::Simultaneous(_))
    }

    /// Always False: chance is drawn by the state from its seeded stream as actions need it.
    fn is_chance_node(&self) -> bool {
        false
    }

    /// What is being decided now, in the game's words (or how it ended), and the rule asking it.
    fn decision(&self) -> String {
        let d = self.inner.decision();
        format!("{} ({})", d.text, d.rule)
    }

    /// The number of actions applied since the game began.
    fn move_number(&self) -> usize {
        self.inner.steps()
    }

    /// The codes of `player`'s legal actions, ascending (default: the one player to decide);
    /// empty when they have nothing to decide.
    #[pyo3(signature = (player=None))]
    fn legal_actions(&self, py: Python<'_>, player: Option<i64>) -> PyResult<Vec<usize>> {
        if player.is_none() && self.inner.turn().is_over() {
            return Ok(Vec::new());
        }
        let p = self.seat_or_current(py, player)?;
        Ok(self.inner.legal_indices(p))
    }

    /// A mask over every action code (int8, 1 = legal) for `player` (default: the one player to
    /// decide).
    #[pyo3(signature = (player=None))]
    fn legal_actions_mask<'py>(&self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let mut mask = vec![0i8; self.inner.num_distinct_actions()];
        if !(player.is_none() && self.inner.turn().is_over()) {
            let p = self.seat_or_current(py, player)?;
            self.inner.legal_mask_into(p, &mut mask);
        }
        Ok(PyArray1::from_vec(py, mask))
    }

    /// Applies an action: `apply_action(action)` for the one player to decide, or
    /// `apply_action(player, action)`. A refused action raises WorldsError and changes nothing.
    #[pyo3(signature = (*args))]
    fn apply_action(&mut self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<()> {
        let (player, action): (Option<i64>, i64) = match args.len() {
            1 => (None, args.get_item(0)?.extract()?),
            2 => (Some(args.get_item(0)?.extract()?), args.get_item(1)?.extract()?),
            n => {
                return Err(error(
                    py,
                    ErrorKind::BadRequest,
                    format!("apply_action takes (action) or (player, action), not {n} arguments"),
                ));
            }
        };
        let p = self.seat_or_current(py, player)?;
        let Ok(index) = usize::try_from(action) else {
            let n = self.inner.num_distinct_actions();
            return Err(error(
                py,
                ErrorKind::BadRequest,
                format!("action code {action} is not an action of this game; codes are 0–{}", n.saturating_sub(1)),
            ));
        };
        self.inner.apply_index(p, index).map_err(|e| error(py, e.kind(), e))
    }

    /// Each player's return once the game is over (1 shared among the winners, 0 for the
    /// others); zeros before.
    fn returns(&self) -> Vec<f64> {
        match self.inner.outcome() {
            Some(o) => o.returns.values().copied().collect(),
            None => vec![0.0; self.inner.num_players()],
        }
    }

    /// Scores, places (1 = best) and returns once the game is over; None before.
    fn outcome(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        self.inner.outcome().map(|o| to_python(py, &serde_json::to_value(o).unwrap_or_default())).transpose()
    }

    /// `player`'s observation as a float32 vector (`Game.observation_tensor_shape()` long).
    fn observation_tensor<'py>(&self, py: Python<'py>, player: i64) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let p = self.seat(py, player)?;
        let mut tensor = vec![0.0f32; self.inner.tensor_len()];
        self.inner.write_tensor(p, &mut tensor);
        // The vector becomes the array's buffer: no copy.
        Ok(PyArray1::from_vec(py, tensor))
    }

    /// What `player` may know (default: a spectator), as a dict.
    #[pyo3(signature = (player=None))]
    fn observation_json(&self, py: Python<'_>, player: Option<i64>) -> PyResult<Py<PyAny>> {
        let viewer = self.viewer(py, player)?;
        to_python(py, &self.inner.observe(viewer))
    }

    /// What `player` sees apart from the board (default: a spectator), as a dict: `phase`, one
    /// `panels` entry a seat (`counts`, face-up `cards`, `hand` on the player's own panel only,
    /// `notes`) and `piles`; `None` for a game that does not describe its table.
    #[pyo3(signature = (player=None))]
    fn table(&self, py: Python<'_>, player: Option<i64>) -> PyResult<Py<PyAny>> {
        let viewer = self.viewer(py, player)?;
        match self.inner.table(viewer).map(serde_json::to_value) {
            Some(Ok(t)) => to_python(py, &t),
            _ => Ok(py.None()),
        }
    }

    /// The board as `player` sees it (default: a spectator), as text for a terminal.
    #[pyo3(signature = (player=None))]
    fn observation_string(&self, py: Python<'_>, player: Option<i64>) -> PyResult<String> {
        let viewer = self.viewer(py, player)?;
        Ok(self.inner.render(viewer, Style::default()))
    }

    /// The text notation of an action: `action_to_string(action)` or
    /// `action_to_string(player, action)` (notation is the same for every player).
    #[pyo3(signature = (*args))]
    fn action_to_string(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<String> {
        let action: i64 = args.get_item(args.len().saturating_sub(1))?.extract()?;
        action_text(py, self.inner.as_ref(), action)
    }

    /// The code of an action written in text: `string_to_action(text)` or
    /// `string_to_action(player, text)`.
    #[pyo3(signature = (*args))]
    fn string_to_action(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<i64> {
        let text: String = args.get_item(args.len().saturating_sub(1))?.extract()?;
        action_code(py, self.inner.as_ref(), &text)
    }

    /// A copy. With `seed`, the copy draws its dice and shuffles from a new stream (a search
    /// trying actions on copies then does not learn the dice to come); without, exactly what
    /// this state would draw.
    #[pyo3(signature = (seed=None))]
    fn clone(&self, seed: Option<u64>) -> PyState {
        PyState::new(match seed {
            Some(seed) => self.inner.reseeded(seed),
            None => self.inner.clone_position(),
        })
    }

    fn __copy__(&self) -> PyState {
        self.clone(None)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone(None)
    }

    /// A state `player` cannot tell from this one: what they may not know (others' hands, the
    /// order of decks, others' secret choices) is re-sampled with `seed`, consistently with what
    /// they have seen; the copy draws its chance from a new stream.
    #[pyo3(signature = (player, seed=0))]
    fn determinize(&self, py: Python<'_>, player: i64, seed: u64) -> PyResult<PyState> {
        let p = self.seat(py, player)?;
        Ok(PyState::new(self.inner.determinize(p, seed)))
    }

    /// The whole state as JSON text (game, config, position with every secret, random stream):
    /// `State.from_json` brings it back exactly.
    fn to_json(&self) -> String {
        self.inner.to_json().to_string()
    }

    /// A state saved by `to_json` (the text, or the dict it parses to), checked: an impossible
    /// state raises WorldsError naming the JSON path of what is wrong.
    #[staticmethod]
    fn from_json(py: Python<'_>, json: &Bound<'_, PyAny>) -> PyResult<PyState> {
        let value = match json.cast::<PyString>() {
            Ok(text) => serde_json::from_str(&text.to_cow()?)
                .map_err(|e| error(py, ErrorKind::BadState, format!("state JSON: {e}")))?,
            Err(_) => from_python(py, json, "the state")?,
        };
        let inner = worlds_registry::position_from_json(value).map_err(|e| error(py, e.kind(), e))?;
        Ok(PyState::new(inner))
    }

    /// Pickling (multiprocessing, `ray.put`): the state travels as its JSON, random stream
    /// included, and comes back exactly.
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        let from_json = py.get_type::<PyState>().getattr("from_json")?.unbind();
        Ok((from_json, (self.to_json(),)))
    }

    fn __str__(&self) -> String {
        self.inner.render(Viewer::Spectator, Style::default())
    }

    fn __repr__(&self) -> String {
        format!(
            "<worlds.State of {} after {} actions: {}>",
            self.inner.info().id,
            self.inner.steps(),
            self.inner.decision().text
        )
    }
}
