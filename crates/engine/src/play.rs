//! Random playouts, perft counts and the agent's window on a game.

use crate::chance::{Chance, SeededRng};
use crate::game::{Game, NoEvents, Turn};
use crate::player::{Player, Viewer};

/// The player who decides next in a playout: the single decider, or the lowest pending seat of a
/// simultaneous decision (the others follow, each in turn, before anything is revealed).
pub fn next_decider(turn: Turn) -> Option<Player> {
    match turn {
        Turn::Decide(p) => Some(p),
        Turn::Simultaneous(set) => set.first(),
        Turn::Over => None,
    }
}

/// Plays uniformly random legal actions from `state` until the game ends or `max_steps` actions
/// have been taken. Returns the number of actions taken. Allocates nothing once `buf` has grown.
pub fn random_playout<G: Game>(
    game: &G,
    state: &mut G::State,
    rng: &mut SeededRng,
    buf: &mut Vec<G::Action>,
    max_steps: usize,
) -> usize {
    let mut steps = 0;
    while steps < max_steps {
        let Some(player) = next_decider(game.turn(state)) else { break };
        buf.clear();
        game.legal_actions_into(state, player, buf);
        let Some(&action) = buf.get(rng.below(buf.len() as u32) as usize) else { break };
        game.apply_unchecked(state, player, action, rng, &mut NoEvents);
        steps += 1;
    }
    steps
}

/// Counts the legal-action paths of exactly `depth` actions from `state` (perft).
///
/// Chance is deterministic per path: every child starts from a clone of its parent's `rng`, so
/// sibling branches see the same dice and the count does not depend on traversal order. A game
/// that ends before `depth` contributes no path.
pub fn perft<G: Game, R: Chance + Clone>(game: &G, state: &G::State, depth: usize, rng: &R) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some(player) = next_decider(game.turn(state)) else { return 0 };
    let actions = game.legal_actions(state, player);
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .into_iter()
        .map(|action| {
            let mut child = state.clone();
            let mut r = rng.clone();
            game.apply_unchecked(&mut child, player, action, &mut r, &mut NoEvents);
            perft(game, &child, depth - 1, &r)
        })
        .sum()
}

/// What an agent playing `player` may look at: the observation, the legal actions and sampled
/// states consistent with the observation. The true state stays private, so an agent cannot read
/// hidden information even by accident.
#[derive(Debug)]
pub struct PlayerView<'a, G: Game> {
    game: &'a G,
    state: &'a G::State,
    player: Player,
}

impl<'a, G: Game> PlayerView<'a, G> {
    pub fn new(game: &'a G, state: &'a G::State, player: Player) -> PlayerView<'a, G> {
        PlayerView { game, state, player }
    }

    pub fn game(&self) -> &'a G {
        self.game
    }

    pub fn player(&self) -> Player {
        self.player
    }

    pub fn turn(&self) -> Turn {
        self.game.turn(self.state)
    }

    pub fn observation(&self) -> G::Observation {
        self.game.observe(self.state, Viewer::Player(self.player))
    }

    /// The player's own legal actions (which the player always knows).
    pub fn legal_actions_into(&self, out: &mut Vec<G::Action>) {
        self.game.legal_actions_into(self.state, self.player, out);
    }

    pub fn legal_actions(&self) -> Vec<G::Action> {
        self.game.legal_actions(self.state, self.player)
    }

    /// A full state the player cannot tell apart from the real one, to search on.
    pub fn determinize(&self, rng: &mut impl Chance) -> G::State {
        self.game.determinize(self.state, self.player, rng)
    }

    /// The player's observation as numbers (see [`Game::write_tensor`]).
    pub fn tensor(&self, out: &mut [f32]) {
        self.game.write_tensor(self.state, self.player, out);
    }
}
