use worlds_engine::{Game, NoEvents, PlayerView, SeededRng};

use crate::Agent;

/// One ply on the game's heuristic: tries every legal action on a determinization of what it
/// knows and keeps the best, breaking ties at random. Without a heuristic it plays at random.
#[derive(Debug)]
pub struct Greedy {
    rng: SeededRng,
}

impl Greedy {
    pub fn new(seed: u64) -> Greedy {
        Greedy { rng: SeededRng::new(seed) }
    }
}

impl<G: Game> Agent<G> for Greedy {
    fn choose(&mut self, view: &PlayerView<'_, G>) -> Option<G::Action> {
        let game = view.game();
        let me = view.player();
        let actions = view.legal_actions();
        let sample = view.determinize(&mut self.rng);
        let mut best = f64::NEG_INFINITY;
        let mut ties = 0u32;
        let mut choice = None;
        for &a in &actions {
            let mut child = sample.clone();
            game.apply_unchecked(&mut child, me, a, &mut self.rng, &mut NoEvents);
            let value = game.outcome(&child).map_or_else(
                || game.evaluate(&child, me).unwrap_or(0.0),
                |o| o.returns.get(me).copied().unwrap_or(0.0),
            );
            if value > best {
                best = value;
                ties = 1;
                choice = Some(a);
            } else if value == best {
                // Reservoir sampling keeps a uniformly random one of the tied best.
                ties += 1;
                if self.rng.below(ties) == 0 {
                    choice = Some(a);
                }
            }
        }
        choice
    }
}
