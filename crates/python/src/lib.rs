//! `worlds._worlds`, the extension module under the Python package `worlds`
//! (`crates/python/python/worlds`): every game of the registry through an OpenSpiel-style API
//! (`Game`, `State`), batched stepping on all cores (`VectorEnv`), bots, and the pieces of a
//! simulation that Ray spreads over a cluster. Nothing here knows one game from another: it speaks
//! to the registry's positions, batches and sessions only.
//!
//! The PettingZoo and Gymnasium environments and the Ray driver are Python, beside this module.

mod game;
mod sim;
mod state;
mod vector;

use std::fmt::Display;

use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use worlds_engine::ErrorKind;

use game::PyGame;
use state::PyState;
use vector::PyVectorEnv;

pyo3::create_exception!(
    worlds,
    WorldsError,
    PyException,
    "An error of the Worlds engine: `kind` says which (e.g. \"illegal_action\", \"bad_config\"), the message what was wrong and what to do instead."
);

/// A [`WorldsError`] of `kind` with `message`.
pub(crate) fn error(py: Python<'_>, kind: ErrorKind, message: impl Display) -> PyErr {
    let err = WorldsError::new_err(message.to_string());
    // Setting an attribute on a fresh exception object cannot fail in practice; if it did, the
    // error would still carry its message.
    let _ = err.value(py).setattr("kind", kind.as_str());
    err
}

/// A JSON value as Python objects (dicts, lists, str, int, float, bool, None).
pub(crate) fn to_python(py: Python<'_>, value: &serde_json::Value) -> PyResult<Py<PyAny>> {
    let text = serde_json::to_string(value).map_err(|e| error(py, ErrorKind::Internal, e))?;
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

/// Python objects (as `json.dumps` takes them) as a JSON value; `what` names the argument in
/// errors.
pub(crate) fn from_python(py: Python<'_>, object: &Bound<'_, PyAny>, what: &str) -> PyResult<serde_json::Value> {
    let text: String = py
        .import("json")?
        .call_method1("dumps", (object,))
        .map_err(|e| error(py, ErrorKind::BadRequest, format!("{what} is not JSON data: {e}")))?
        .extract()?;
    serde_json::from_str(&text).map_err(|e| error(py, ErrorKind::BadRequest, format!("{what}: {e}")))
}

/// Every game: id, name, player counts, variants (the first is the default), whether it hides
/// information or has simultaneous decisions, and its one-line summary.
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Py<PyAny>> {
    to_python(py, &worlds_registry::games_json())
}

/// A game by its id, with `players` (default: the fewest it allows), a `variant` (default: the
/// first), game-specific `options` (a dict) and replacement `content` files (a dict of file name
/// to text, or the path of a folder of `.toml`/`.txt` files).
#[pyfunction]
#[pyo3(signature = (id, players=None, variant=None, options=None, content=None))]
fn load_game(
    py: Python<'_>,
    id: &str,
    players: Option<usize>,
    variant: Option<String>,
    options: Option<&Bound<'_, PyDict>>,
    content: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyGame> {
    PyGame::load(py, id, players, variant, options, content)
}

/// The action code a bot of `spec` (as `worlds play --seats` takes it: "random", "greedy",
/// "mcts:500", "ismcts:1000") chooses for `player` (default: the one player to decide) in
/// `state`, from what `player` may know only. `seed` fixes its random choices (default: one
/// derived from the player and the move number, so the same position gets the same answer).
#[pyfunction]
#[pyo3(signature = (state, spec, player=None, seed=None))]
fn bot(py: Python<'_>, state: &PyState, spec: &str, player: Option<usize>, seed: Option<u64>) -> PyResult<i64> {
    state.bot(py, spec, player, seed)
}

/// The game `id` with a config as JSON (what a pickled `Game` carries).
#[pyfunction]
fn game_from_config(py: Python<'_>, id: &str, config: &str) -> PyResult<PyGame> {
    let config: worlds_engine::Config =
        serde_json::from_str(config).map_err(|e| error(py, ErrorKind::BadConfig, format!("config: {e}")))?;
    PyGame::from_config(py, id, config)
}

#[pymodule]
fn _worlds(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("WorldsError", m.py().get_type::<WorldsError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add_class::<PyVectorEnv>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(bot, m)?)?;
    m.add_function(wrap_pyfunction!(game_from_config, m)?)?;
    m.add_function(wrap_pyfunction!(sim::simulate_games, m)?)?;
    m.add_function(wrap_pyfunction!(sim::summarize, m)?)?;
    Ok(())
}
