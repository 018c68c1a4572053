//! Agent specs: `random`, `greedy`.

use std::fmt;
use std::str::FromStr;

/// Which agent, with its settings.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AgentSpec {
    /// Uniformly random legal actions.
    Random,
    /// One ply on the game's heuristic, random tie-break (random where the game has no heuristic).
    Greedy,
}

/// A spec that could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown agent `{spec}`: {reason}")]
pub struct SpecError {
    pub spec: String,
    pub reason: String,
}

/// The specs a user can write, for help texts.
pub const SPECS: &str = "random, greedy";

impl FromStr for AgentSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<AgentSpec, SpecError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(AgentSpec::Random),
            "greedy" => Ok(AgentSpec::Greedy),
            other => Err(SpecError { spec: other.to_owned(), reason: format!("agents are {SPECS}") }),
        }
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => f.write_str("random"),
            AgentSpec::Greedy => f.write_str("greedy"),
        }
    }
}
