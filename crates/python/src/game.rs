//! `worlds.Game`: a game with its config, and its static facts.

use std::collections::BTreeMap;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use worlds_engine::{Config, ErrorKind, GameInfo};
use worlds_registry::DynPosition;

use crate::state::PyState;
use crate::{error, from_python, to_python};

/// A game, set up: players, variant, options and content. Made by `worlds.load_game`.
#[pyclass(name = "Game", module = "worlds", frozen)]
pub(crate) struct PyGame {
    pub(crate) id: String,
    pub(crate) config: Config,
    pub(crate) info: &'static GameInfo,
    /// A starting position, for the facts that need a built game.
    prototype: Box<dyn DynPosition>,
}

impl PyGame {
    pub(crate) fn load(
        py: Python<'_>,
        id: &str,
        players: Option<usize>,
        variant: Option<String>,
        options: Option<&Bound<'_, PyDict>>,
        content: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        let config = PyGame::config_of(py, id, players, variant, options, content)?;
        PyGame::from_config(py, id, config)
    }

    /// The config `load_game` builds from its arguments (checked only when a game is built).
    pub(crate) fn config_of(
        py: Python<'_>,
        id: &str,
        players: Option<usize>,
        variant: Option<String>,
        options: Option<&Bound<'_, PyDict>>,
        content: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Config> {
        let info = worlds_registry::find(id).map_err(|e| error(py, e.kind(), e))?;
        let mut config = Config::players(players.unwrap_or(info.min_players));
        config.variant = variant;
        if let Some(options) = options {
            match from_python(py, options.as_any(), "options")? {
                serde_json::Value::Object(map) => config.options = map,
                _ => return Err(error(py, ErrorKind::BadConfig, "options must be a dict")),
            }
        }
        if let Some(content) = content {
            config.content = if let Ok(dir) = content.cast::<PyString>() {
                let dir = dir.to_cow()?;
                worlds_registry::content_folder(std::path::Path::new(&*dir)).map_err(|e| error(py, ErrorKind::Io, e))?
            } else {
                content.extract::<BTreeMap<String, String>>().map_err(|_| {
                    error(py, ErrorKind::BadConfig, "content must be a folder's path or a dict of file name to text")
                })?
            };
        }
        Ok(config)
    }

    pub(crate) fn from_config(py: Python<'_>, id: &str, config: Config) -> PyResult<PyGame> {
        let prototype = worlds_registry::new_position(id, &config, 0).map_err(|e| error(py, e.kind(), e))?;
        Ok(PyGame { id: prototype.info().id.to_owned(), config, info: prototype.info(), prototype })
    }
}

#[pymethods]
impl PyGame {
    /// The game's id, e.g. "connect-four".
    #[getter]
    fn id(&self) -> &str {
        &self.id
    }

    #[getter]
    fn name(&self) -> &str {
        self.info.name
    }

    /// The variant played (the default one when none was named).
    #[getter]
    fn variant(&self) -> &str {
        self.info.check(&self.config).map_or("", |v| v.id)
    }

    /// The config as a dict: players, variant, options, content.
    fn config(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        to_python(py, &serde_json::to_value(&self.config).unwrap_or_default())
    }

    fn num_players(&self) -> usize {
        self.config.players
    }

    /// The size of the action space: every action code is below it.
    fn num_distinct_actions(&self) -> usize {
        self.prototype.num_distinct_actions()
    }

    /// The shape of `State.observation_tensor` (one dimension).
    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![self.prototype.tensor_len()]
    }

    fn observation_tensor_size(&self) -> usize {
        self.prototype.tensor_len()
    }

    /// The most actions a game can last, when its rules bound it; None when they do not (the
    /// game still always ends: see `docs/python.md`).
    fn max_game_length(&self) -> Option<usize> {
        self.prototype.max_game_length()
    }

    /// Whether players hold information others may not see.
    fn has_hidden_information(&self) -> bool {
        self.info.hidden_information
    }

    /// Whether several players ever decide at once, in secret, in some variant of the game
    /// (Woobieworld: in its cycles variant).
    fn has_simultaneous_decisions(&self) -> bool {
        self.info.simultaneous
    }

    /// Whether chance plays a part (dice, shuffled cards). Chance is drawn by the state itself
    /// from its seeded stream, never by a chance player.
    fn has_chance(&self) -> bool {
        self.info.chance
    }

    /// The static facts as a dict.
    fn facts(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let facts = serde_json::json!({
            "id": self.id,
            "name": self.info.name,
            "variant": self.variant(),
            "players": self.config.players,
            "num_distinct_actions": self.num_distinct_actions(),
            "observation_tensor_shape": self.observation_tensor_shape(),
            "max_game_length": self.max_game_length(),
            "hidden_information": self.info.hidden_information,
            "simultaneous_decisions": self.info.simultaneous,
            "chance": self.info.chance,
        });
        to_python(py, &facts)
    }

    /// A new game whose setup and dice draw from the stream of `seed`.
    #[pyo3(signature = (seed=0))]
    fn new_initial_state(&self, py: Python<'_>, seed: u64) -> PyResult<PyState> {
        let position =
            worlds_registry::new_position(&self.id, &self.config, seed).map_err(|e| error(py, e.kind(), e))?;
        Ok(PyState::new(position))
    }

    /// The text notation of the action with code `action`.
    fn action_to_string(&self, py: Python<'_>, action: i64) -> PyResult<String> {
        crate::state::action_text(py, self.prototype.as_ref(), action)
    }

    /// The code of the action written `text`.
    fn string_to_action(&self, py: Python<'_>, text: &str) -> PyResult<i64> {
        crate::state::action_code(py, self.prototype.as_ref(), text)
    }

    /// Pickling: the game travels as its config (players, variant, options, content).
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String, String))> {
        let from_config = py.import("worlds")?.getattr("_game_from_config")?.unbind();
        let config = serde_json::to_string(&self.config).map_err(|e| error(py, ErrorKind::Internal, e))?;
        Ok((from_config, (self.id.clone(), config)))
    }

    fn __repr__(&self) -> String {
        format!("worlds.load_game({:?}, players={}, variant={:?})", self.id, self.config.players, self.variant())
    }

    fn __str__(&self) -> String {
        self.__repr__()
    }
}
