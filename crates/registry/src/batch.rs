//! Many games of one kind stepped at once, on all cores (rayon), for learning loops: each step
//! takes one action code per game and writes, per game, the observation tensor and the legal
//! action mask of the seat to act next, the returns of a game that just ended, and whether it
//! ended. A game that ends starts again at once (with the next seed of its own stream), so every
//! row always holds a game waiting for a decision.
//!
//! Who acts: the one player to decide, or in a simultaneous decision the lowest seat still to
//! choose (the others follow in seat order; each sees only what its observation shows, never the
//! earlier seats' choices).
//!
//! Nothing is allocated per step: the caller owns the output buffers, and each game keeps its
//! legal-action list between steps.

use rayon::prelude::*;
use worlds_engine::{Game, NoEvents, Player, SeededRng, Turn, derive_seed, quote};

use crate::position::{DynPosition, Position};
use crate::{GameVisitor, RegistryError, with_game};

/// Why a batch refused a step or a reset (nothing changed then).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum BatchError {
    #[error("{given} actions given for {envs} games: give one action code per game")]
    Count { given: usize, envs: usize },
    #[error("game {env}: {action} is not a legal action for {player} now; the legal codes are {legal}")]
    Illegal { env: usize, action: String, player: Player, legal: String },
    #[error("the `{name}` buffer holds {len} values; it must hold {need}")]
    Buffer { name: &'static str, len: usize, need: usize },
    #[error("a batch needs at least one game")]
    Empty,
}

/// The output of a step or reset, row `i` for game `i`: the observation tensors
/// (`num_envs × tensor_len`), legal-action masks (`num_envs × num_distinct_actions`, 1 = legal),
/// returns of the games that ended in this step (`num_envs × num_players`, 0 elsewhere), whether
/// each game ended in this step, and the seat each row's observation and mask are for.
#[derive(Debug)]
pub struct StepBuffers<'a> {
    pub observations: &'a mut [f32],
    pub masks: &'a mut [i8],
    pub rewards: &'a mut [f32],
    pub done: &'a mut [bool],
    pub players: &'a mut [i64],
}

/// Many games of one kind (see the module's documentation).
pub trait DynBatch: Send + Sync {
    fn num_envs(&self) -> usize;
    fn num_players(&self) -> usize;
    fn tensor_len(&self) -> usize;
    fn num_distinct_actions(&self) -> usize;
    /// Starts every game afresh, game `i` from sub-stream `i` of `seed`, and writes the first
    /// observations (rewards 0, nothing done).
    ///
    /// # Errors
    /// Buffers of the wrong sizes.
    fn reset(&mut self, seed: u64, out: StepBuffers<'_>) -> Result<(), BatchError>;
    /// Applies `actions[i]` (a code) in game `i` for its seat to act; games that end start
    /// again.
    ///
    /// # Errors
    /// A wrong number of actions, an illegal one (naming the game, the action and the legal
    /// codes), or buffers of the wrong sizes: then no game has moved.
    fn step(&mut self, actions: &[i64], out: StepBuffers<'_>) -> Result<(), BatchError>;
    /// The number of games finished since the batch was made.
    fn finished(&self) -> u64;
    /// A copy of game `env` as it stands (to look at, render, or play on from Python).
    fn position(&self, env: usize) -> Option<Box<dyn DynPosition>>;
}

/// One game of a batch.
#[derive(Debug)]
struct Env<G: Game> {
    state: G::State,
    rng: SeededRng,
    /// This game's stream of seeds: episode `k` plays with `derive_seed(stream, k)`.
    stream: u64,
    episode: u64,
    steps: usize,
    /// The seat to act, and its legal actions.
    actor: Player,
    legal: Vec<G::Action>,
    /// The action chosen for the coming step, once checked.
    chosen: Option<G::Action>,
}

/// Many games of `G` (see [`DynBatch`]).
#[derive(Debug)]
pub struct Batch<G: Game> {
    game: G,
    envs: Vec<Env<G>>,
    finished: u64,
}

/// The seat to act in a state that is not over: the lowest seat still to decide.
fn actor(turn: Turn) -> Player {
    turn.players().iter().next().unwrap_or(Player::from_index(0))
}

impl<G: Game> Env<G> {
    fn start(&mut self, game: &G) {
        self.rng = SeededRng::new(derive_seed(self.stream, self.episode));
        self.state = game.start(&mut self.rng, &mut NoEvents);
        self.steps = 0;
        self.refresh(game);
    }

    fn refresh(&mut self, game: &G) {
        self.actor = actor(game.turn(&self.state));
        self.legal.clear();
        game.legal_actions_into(&self.state, self.actor, &mut self.legal);
    }

    /// Writes this game's row.
    fn write(&self, game: &G, observation: &mut [f32], mask: &mut [i8], player: &mut i64) {
        game.write_tensor(&self.state, self.actor, observation);
        mask.fill(0);
        for &a in &self.legal {
            if let Some(m) = mask.get_mut(game.action_index(a)) {
                *m = 1;
            }
        }
        *player = self.actor.index() as i64;
    }
}

impl<G: Game> Batch<G> {
    /// `num_envs` games of `game`, started from `seed` (as [`DynBatch::reset`]).
    ///
    /// # Errors
    /// No games.
    pub fn new(game: G, num_envs: usize, seed: u64) -> Result<Batch<G>, BatchError> {
        if num_envs == 0 {
            return Err(BatchError::Empty);
        }
        let envs = (0..num_envs)
            .map(|i| {
                let mut env = Env {
                    state: game.start(&mut SeededRng::new(0), &mut NoEvents),
                    rng: SeededRng::new(0),
                    stream: derive_seed(seed, i as u64),
                    episode: 0,
                    steps: 0,
                    actor: Player::from_index(0),
                    // Room for every action: the list never grows while stepping.
                    legal: Vec::with_capacity(game.num_distinct_actions()),
                    chosen: None,
                };
                env.start(&game);
                env
            })
            .collect();
        Ok(Batch { game, envs, finished: 0 })
    }

    fn check_buffers(&self, out: &StepBuffers<'_>) -> Result<(), BatchError> {
        let n = self.envs.len();
        let sizes = [
            ("observations", out.observations.len(), n * self.game.tensor_len()),
            ("masks", out.masks.len(), n * self.game.num_distinct_actions()),
            ("rewards", out.rewards.len(), n * self.game.num_players()),
            ("done", out.done.len(), n),
            ("players", out.players.len(), n),
        ];
        match sizes.into_iter().find(|(_, len, need)| len != need) {
            Some((name, len, need)) => Err(BatchError::Buffer { name, len, need }),
            None => Ok(()),
        }
    }

    /// The rows of `out`, one per game, each at least one value wide (a zero-width buffer has
    /// nothing to write).
    fn write_all(&mut self, out: StepBuffers<'_>, step: bool) -> u64 {
        let game = &self.game;
        let (t, a, p) = (game.tensor_len().max(1), game.num_distinct_actions().max(1), game.num_players().max(1));
        self.envs
            .par_iter_mut()
            .zip(out.observations.par_chunks_mut(t))
            .zip(out.masks.par_chunks_mut(a))
            .zip(out.rewards.par_chunks_mut(p))
            .zip(out.done.par_iter_mut())
            .zip(out.players.par_iter_mut())
            .with_min_len(16)
            .map(|(((((env, observation), mask), rewards), done), player)| {
                rewards.fill(0.0);
                *done = false;
                let mut ended = 0;
                if step && let Some(action) = env.chosen.take() {
                    game.apply_unchecked(&mut env.state, env.actor, action, &mut env.rng, &mut NoEvents);
                    env.steps += 1;
                    if game.turn(&env.state).is_over() {
                        if let Some(outcome) = game.outcome(&env.state) {
                            for (r, (_, v)) in rewards.iter_mut().zip(outcome.returns.iter()) {
                                *r = *v as f32;
                            }
                        }
                        *done = true;
                        ended = 1;
                        env.episode += 1;
                        env.start(game);
                    } else {
                        env.refresh(game);
                    }
                }
                env.write(game, observation, mask, player);
                ended
            })
            .sum()
    }
}

impl<G: Game> DynBatch for Batch<G> {
    fn num_envs(&self) -> usize {
        self.envs.len()
    }

    fn num_players(&self) -> usize {
        self.game.num_players()
    }

    fn tensor_len(&self) -> usize {
        self.game.tensor_len()
    }

    fn num_distinct_actions(&self) -> usize {
        self.game.num_distinct_actions()
    }

    fn reset(&mut self, seed: u64, out: StepBuffers<'_>) -> Result<(), BatchError> {
        self.check_buffers(&out)?;
        let game = &self.game;
        self.envs.par_iter_mut().enumerate().for_each(|(i, env)| {
            env.stream = derive_seed(seed, i as u64);
            env.episode = 0;
            env.chosen = None;
            env.start(game);
        });
        self.write_all(out, false);
        Ok(())
    }

    fn step(&mut self, actions: &[i64], out: StepBuffers<'_>) -> Result<(), BatchError> {
        if actions.len() != self.envs.len() {
            return Err(BatchError::Count { given: actions.len(), envs: self.envs.len() });
        }
        self.check_buffers(&out)?;
        // Every action is checked before any game moves.
        let game = &self.game;
        let refusal = self.envs.iter_mut().zip(actions).enumerate().find_map(|(i, (env, &code))| {
            env.chosen =
                usize::try_from(code).ok().and_then(|c| env.legal.iter().copied().find(|&a| game.action_index(a) == c));
            env.chosen.is_none().then_some((i, code))
        });
        if let Some((env, code)) = refusal {
            for e in &mut self.envs {
                e.chosen = None;
            }
            let e = &self.envs[env];
            let action = match usize::try_from(code).ok().and_then(|c| game.action_from_index(c)) {
                Some(a) => format!("action {} (code {code})", quote(&game.format_action(a))),
                None => format!("code {code}"),
            };
            let mut legal: Vec<usize> = e.legal.iter().map(|&a| game.action_index(a)).collect();
            legal.sort_unstable();
            let legal = legal.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
            return Err(BatchError::Illegal { env, action, player: e.actor, legal });
        }
        self.finished += self.write_all(out, true);
        Ok(())
    }

    fn finished(&self) -> u64 {
        self.finished
    }

    fn position(&self, env: usize) -> Option<Box<dyn DynPosition>> {
        let e = self.envs.get(env)?;
        Some(Box::new(Position::from_parts(self.game.clone(), e.state.clone(), e.rng.clone(), e.steps)))
    }
}

/// `num_envs` games of `id`, started from `seed`.
///
/// # Errors
/// An unknown id, a bad config, or no games.
pub fn new_batch(
    id: &str,
    config: &worlds_engine::Config,
    num_envs: usize,
    seed: u64,
) -> Result<Box<dyn DynBatch>, RegistryError> {
    struct New(usize, u64);
    impl GameVisitor for New {
        type Output = Result<Box<dyn DynBatch>, BatchError>;
        fn visit<G: Game>(self, game: G) -> Self::Output {
            Ok(Box::new(Batch::new(game, self.0, self.1)?))
        }
    }
    with_game(id, config, New(num_envs, seed))?.map_err(RegistryError::Batch)
}
