use worlds_engine::{Game, PlayerView, SeededRng};

use crate::Agent;

/// Plays a uniformly random legal action.
#[derive(Debug)]
pub struct Random {
    rng: SeededRng,
}

impl Random {
    pub fn new(seed: u64) -> Random {
        Random { rng: SeededRng::new(seed) }
    }
}

impl<G: Game> Agent<G> for Random {
    fn choose(&mut self, view: &PlayerView<'_, G>) -> Option<G::Action> {
        let actions = view.legal_actions();
        actions.get(self.rng.below(actions.len() as u32) as usize).copied()
    }
}
