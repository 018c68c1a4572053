//! `worlds.VectorEnv`: many games stepped at once in Rust, on all cores, without the GIL.

use numpy::ndarray::{Array1, Array2};
use numpy::{PyArray1, PyArray2, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use worlds_engine::ErrorKind;
use worlds_registry::{DynBatch, StepRows};

use crate::error;
use crate::game::PyGame;
use crate::state::PyState;

/// `num_envs` games of one kind stepped together in Rust, on all cores and outside the GIL.
/// Each row is a game waiting for its seat to act (the one player to decide, or in a
/// simultaneous decision the lowest seat still to choose); a game that ends starts again at
/// once, from the next seed of its own stream.
///
/// `reset()` returns `(observations, action_masks, players)`; `step(actions)` returns
/// `(observations, action_masks, rewards, dones, players)`: observations `[num_envs, size]`
/// float32 and masks `[num_envs, num_distinct_actions]` int8 for the seat to act in each row,
/// rewards `[num_envs, num_players]` float32 (each player's return in a game that ended at this
/// step, else 0), dones `[num_envs]` bool, players `[num_envs]` int64.
#[pyclass(name = "VectorEnv", module = "worlds")]
pub(crate) struct PyVectorEnv {
    game: Py<PyGame>,
    batch: Box<dyn DynBatch>,
    seed: u64,
}

impl PyVectorEnv {
    fn arrays<'py>(&self, py: Python<'py>, rows: StepRows) -> PyResult<[Bound<'py, PyAny>; 5]> {
        let n = self.batch.num_envs();
        let shape = |e: numpy::ndarray::ShapeError| error(py, ErrorKind::Internal, e);
        let observations = Array2::from_shape_vec((n, self.batch.tensor_len()), rows.observations).map_err(shape)?;
        let masks = Array2::from_shape_vec((n, self.batch.num_distinct_actions()), rows.masks).map_err(shape)?;
        let rewards = Array2::from_shape_vec((n, self.batch.num_players()), rows.rewards).map_err(shape)?;
        Ok([
            PyArray2::from_owned_array(py, observations).into_any(),
            PyArray2::from_owned_array(py, masks).into_any(),
            PyArray2::from_owned_array(py, rewards).into_any(),
            PyArray1::from_owned_array(py, Array1::from_vec(rows.done)).into_any(),
            PyArray1::from_owned_array(py, Array1::from_vec(rows.players)).into_any(),
        ])
    }
}

#[pymethods]
impl PyVectorEnv {
    /// `num_envs` games of `game` (an id, with `players`, `variant`, `options` as
    /// `worlds.load_game` takes them, or a `worlds.Game`), game `i` seeded from sub-stream `i` of
    /// `seed`.
    #[new]
    #[pyo3(signature = (game, num_envs=1, seed=0, players=None, variant=None, options=None))]
    fn new(
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        num_envs: usize,
        seed: u64,
        players: Option<usize>,
        variant: Option<String>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyVectorEnv> {
        let game: Py<PyGame> = match game.cast::<PyGame>() {
            Ok(g) => g.clone().unbind(),
            Err(_) => {
                let id: String = game.extract().map_err(|_| {
                    error(py, ErrorKind::BadRequest, "game must be a game id (e.g. \"connect-four\") or a worlds.Game")
                })?;
                Py::new(py, PyGame::load(py, &id, players, variant, options, None)?)?
            }
        };
        let g = game.get();
        let batch = worlds_registry::new_batch(&g.id, &g.config, num_envs, seed).map_err(|e| error(py, e.kind(), e))?;
        Ok(PyVectorEnv { game, batch, seed })
    }

    #[getter]
    fn game(&self, py: Python<'_>) -> Py<PyGame> {
        self.game.clone_ref(py)
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.batch.num_envs()
    }

    #[getter]
    fn num_players(&self) -> usize {
        self.batch.num_players()
    }

    #[getter]
    fn observation_size(&self) -> usize {
        self.batch.tensor_len()
    }

    #[getter]
    fn num_distinct_actions(&self) -> usize {
        self.batch.num_distinct_actions()
    }

    /// The number of games finished since the batch was made.
    #[getter]
    fn finished_games(&self) -> u64 {
        self.batch.finished()
    }

    /// Starts every game afresh (from `seed`, default the batch's own) and returns
    /// `(observations, action_masks, players)`.
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        if let Some(seed) = seed {
            self.seed = seed;
        }
        let mut rows = StepRows::of(self.batch.as_ref());
        let (batch, seed) = (&mut self.batch, self.seed);
        py.detach(|| batch.reset(seed, rows.buffers())).map_err(|e| error(py, ErrorKind::BadRequest, e))?;
        let [observations, masks, _, _, players] = self.arrays(py, rows)?;
        pyo3::types::PyTuple::new(py, [observations, masks, players])
    }

    /// Applies `actions[i]` (an action code, e.g. a numpy int array) in game `i` for its seat to
    /// act and returns `(observations, action_masks, rewards, dones, players)`. An illegal
    /// action raises WorldsError naming the game and its legal codes, and no game moves.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        // A numpy int64 vector is copied at once; any other sequence of integers element by element.
        let codes: Vec<i64> = match actions.extract::<PyReadonlyArray1<'py, i64>>() {
            Ok(array) => array.as_array().to_vec(),
            Err(_) => actions.extract().map_err(|_| {
                error(py, ErrorKind::BadRequest, "actions must be a sequence of action codes, one per game")
            })?,
        };
        self.step_codes(py, &codes)
    }

    /// A uniformly random legal action code for each game (int64, one per game), drawn in Rust
    /// from the batch's own stream (seeded by `reset`): a baseline, and the fastest way to step
    /// at random.
    fn random_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let mut actions = vec![0i64; self.batch.num_envs()];
        self.batch.random_actions(&mut actions).map_err(|e| error(py, ErrorKind::Internal, e))?;
        Ok(PyArray1::from_vec(py, actions))
    }

    /// A copy of game `index` as it stands now, as a `worlds.State`.
    fn state(&self, py: Python<'_>, index: usize) -> PyResult<PyState> {
        let position = self.batch.position(index).ok_or_else(|| {
            error(
                py,
                ErrorKind::BadRequest,
                format!("there is no game {index}: games are 0–{}", self.batch.num_envs() - 1),
            )
        })?;
        Ok(PyState::new(position))
    }

    fn __len__(&self) -> usize {
        self.batch.num_envs()
    }

    fn __repr__(&self) -> String {
        format!("<worlds.VectorEnv of {} × {}>", self.batch.num_envs(), self.game.get().id)
    }
}

impl PyVectorEnv {
    fn step_codes<'py>(&mut self, py: Python<'py>, codes: &[i64]) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        let mut rows = StepRows::of(self.batch.as_ref());
        let batch = &mut self.batch;
        py.detach(|| batch.step(codes, rows.buffers())).map_err(|e| {
            let kind = match e {
                worlds_registry::BatchError::Illegal { .. } => ErrorKind::IllegalAction,
                _ => ErrorKind::BadRequest,
            };
            error(py, kind, e)
        })?;
        pyo3::types::PyTuple::new(py, self.arrays(py, rows)?)
    }
}
