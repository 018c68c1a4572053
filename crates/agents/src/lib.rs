//! # worlds-agents
//!
//! Bots that play any game through the engine contract. An [`Agent`] is handed a
//! [`PlayerView`]: the observation, the legal actions and determinizations of its own player, never
//! the true state or the match's random stream. Agents are seeded and reproducible.
//!
//! Agents are named by [`AgentSpec`]s, parsed from text everywhere (`random`, `greedy`,
//! `mcts:2000`, `mcts:500ms`, `ismcts:1s`).
//!
//! ```
//! use worlds_agents::AgentSpec;
//! let spec: AgentSpec = "greedy".parse().unwrap();
//! assert_eq!(spec.to_string(), "greedy");
//! assert!("telepath".parse::<AgentSpec>().is_err());
//! assert_eq!("ismcts:1s".parse::<AgentSpec>().unwrap().to_string(), "ismcts:1s");
//! ```
#![forbid(unsafe_code)]

mod greedy;
pub mod mcts;
mod random;
mod spec;

pub use greedy::Greedy;
pub use mcts::{Budget, Mcts, MctsConfig, Rollout, Simultaneous};
pub use random::Random;
pub use spec::{AgentSpec, MAX_ITERATIONS, SPECS, SpecError, split_list};

use worlds_engine::{Game, PlayerView};

/// A bot for one seat.
pub trait Agent<G: Game>: Send {
    /// Chooses one of the player's legal actions, or `None` if there is none.
    fn choose(&mut self, view: &PlayerView<'_, G>) -> Option<G::Action>;
}

/// Builds the agent a spec names, seeded.
pub fn build<G: Game>(spec: &AgentSpec, seed: u64) -> Box<dyn Agent<G>> {
    match spec {
        AgentSpec::Random => Box::new(Random::new(seed)),
        AgentSpec::Greedy => Box::new(Greedy::new(seed)),
        AgentSpec::Mcts(config) => Box::new(Mcts::new(*config, seed)),
    }
}
