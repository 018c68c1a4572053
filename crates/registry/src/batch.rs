//! Many games of one kind stepped at once, for learning loops: each step
//! takes one action code per game and writes, per game, the observation tensor and the legal
//! action mask of the seat to act next, the returns of a game that just ended, and whether it
//! ended. A game that ends starts again at once (with the next seed of its own stream), so every
//! row always holds a game waiting for a decision.
//!
//! Who acts: the one player to decide, or in a simultaneous decision the lowest seat still to
//! choose (the others follow in seat order; each sees only what its observation shows, never the
//! earlier seats' choices).
//!
//! A step runs on the calling thread or on all cores (rayon), whichever has been faster for this
//! batch on this machine ([`Tuner`]): on two cores in a virtual machine, waking other threads
//! costs more than a step of 256 connect-four games takes.
//!
//! Nothing is allocated per step: the caller owns the output buffers, and each game keeps its
//! legal-action list between steps.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use worlds_engine::{NoEvents, Player, Present, SeededRng, Turn, derive_seed, quote};

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

/// Output buffers of the right sizes for a batch, owned, lent to each step or reset by
/// [`StepRows::buffers`].
#[derive(Clone, PartialEq, Debug, Default)]
pub struct StepRows {
    pub observations: Vec<f32>,
    pub masks: Vec<i8>,
    pub rewards: Vec<f32>,
    pub done: Vec<bool>,
    pub players: Vec<i64>,
}

impl StepRows {
    /// Buffers for `batch`, zeroed.
    pub fn of(batch: &dyn DynBatch) -> StepRows {
        let n = batch.num_envs();
        StepRows {
            observations: vec![0.0; n * batch.tensor_len()],
            masks: vec![0; n * batch.num_distinct_actions()],
            rewards: vec![0.0; n * batch.num_players()],
            done: vec![false; n],
            players: vec![0; n],
        }
    }

    pub fn buffers(&mut self) -> StepBuffers<'_> {
        StepBuffers {
            observations: &mut self.observations,
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            done: &mut self.done,
            players: &mut self.players,
        }
    }
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
    /// A uniformly random legal action code for each game's seat to act, into `out` (one per
    /// game), drawn from the batch's own stream (seeded by [`DynBatch::reset`]): for baselines and
    /// benchmarks, without a round trip through the masks.
    ///
    /// # Errors
    /// A buffer of the wrong size.
    fn random_actions(&mut self, out: &mut [i64]) -> Result<(), BatchError>;
    /// The number of games finished since the batch was made.
    fn finished(&self) -> u64;
    /// A copy of game `env` as it stands (to look at, render, or play on from Python).
    fn position(&self, env: usize) -> Option<Box<dyn DynPosition>>;
}

/// One game of a batch.
#[derive(Debug)]
struct Env<G: Present> {
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

/// One game of a batch with its row of each output buffer, as the zipped iterators give them.
type Row<'a, G> = (((((&'a mut Env<G>, &'a mut [f32]), &'a mut [i8]), &'a mut [f32]), &'a mut bool), &'a mut i64);

/// Many games of `G` (see [`DynBatch`]).
#[derive(Debug)]
pub struct Batch<G: Present> {
    /// Shared with the positions [`DynBatch::position`] hands out.
    game: Arc<G>,
    envs: Vec<Env<G>>,
    finished: u64,
    /// The stream of [`DynBatch::random_actions`].
    rng: SeededRng,
    tuner: Tuner,
}

/// The seat to act in a state that is not over: the lowest seat still to decide.
fn actor(turn: Turn) -> Player {
    turn.players().iter().next().unwrap_or(Player::from_index(0))
}

impl<G: Present> Env<G> {
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

    /// Applies the chosen action (with `step`), starts the game again if it ended, and writes
    /// its row; returns 1 if it ended.
    #[allow(clippy::too_many_arguments)]
    fn step_row(
        &mut self,
        game: &G,
        step: bool,
        observation: &mut [f32],
        mask: &mut [i8],
        rewards: &mut [f32],
        done: &mut bool,
        player: &mut i64,
    ) -> u64 {
        rewards.fill(0.0);
        *done = false;
        let mut ended = 0;
        if step && let Some(action) = self.chosen.take() {
            game.apply_unchecked(&mut self.state, self.actor, action, &mut self.rng, &mut NoEvents);
            self.steps += 1;
            if game.turn(&self.state).is_over() {
                if let Some(outcome) = game.outcome(&self.state) {
                    for (r, (_, v)) in rewards.iter_mut().zip(outcome.returns.iter()) {
                        *r = *v as f32;
                    }
                }
                *done = true;
                ended = 1;
                self.episode += 1;
                self.start(game);
            } else {
                self.refresh(game);
            }
        }
        self.write(game, observation, mask, player);
        ended
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

impl<G: Present> Batch<G> {
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
                let stream = derive_seed(seed, i as u64);
                let mut rng = SeededRng::new(derive_seed(stream, 0));
                let state = game.start(&mut rng, &mut NoEvents);
                let mut env = Env {
                    state,
                    rng,
                    stream,
                    episode: 0,
                    steps: 0,
                    actor: Player::from_index(0),
                    // Room for every action: the list never grows while stepping.
                    legal: Vec::with_capacity(game.num_distinct_actions()),
                    chosen: None,
                };
                env.refresh(&game);
                env
            })
            .collect();
        Ok(Batch {
            game: Arc::new(game),
            envs,
            finished: 0,
            rng: SeededRng::new(derive_seed(seed, u64::MAX)),
            tuner: Tuner::new(),
        })
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

    /// Steps (with `step`) and writes every game's row of `out`, on this thread or on all
    /// cores, whichever has been faster (see [`Tuner`]); returns the games that ended.
    fn write_all(&mut self, out: StepBuffers<'_>, step: bool) -> u64 {
        let game = &*self.game;
        // Rows at least one value wide (a zero-width buffer has nothing to write).
        let (t, a, p) = (game.tensor_len().max(1), game.num_distinct_actions().max(1), game.num_players().max(1));
        let parallel = self.tuner.parallel();
        let started = Instant::now();
        let row = |(((((env, observation), mask), rewards), done), player): Row<'_, G>| {
            env.step_row(game, step, observation, mask, rewards, done, player)
        };
        let ended = if parallel {
            self.envs
                .par_iter_mut()
                .zip(out.observations.par_chunks_mut(t))
                .zip(out.masks.par_chunks_mut(a))
                .zip(out.rewards.par_chunks_mut(p))
                .zip(out.done.par_iter_mut())
                .zip(out.players.par_iter_mut())
                .with_min_len(16)
                .map(row)
                .sum()
        } else {
            self.envs
                .iter_mut()
                .zip(out.observations.chunks_mut(t))
                .zip(out.masks.chunks_mut(a))
                .zip(out.rewards.chunks_mut(p))
                .zip(out.done.iter_mut())
                .zip(out.players.iter_mut())
                .map(row)
                .sum()
        };
        self.tuner.record(parallel, started.elapsed());
        ended
    }
}

/// Chooses between stepping a batch on the calling thread and on all cores, by timing both:
/// handing a step to other threads costs wake-ups (tens of microseconds in a virtual machine),
/// which only pay off when the step itself is long enough, and that depends on the game, the
/// batch and the machine. It mostly uses the faster, and tries the other every so often, as
/// conditions change. Results never depend on it: each game steps alone.
#[derive(Debug)]
struct Tuner {
    /// Mean step time of each way so far (exponentially weighted), in nanoseconds; `None`
    /// before it was tried.
    sequential: Option<f64>,
    parallel: Option<f64>,
    steps: u64,
}

impl Tuner {
    /// The other way is tried once every this many steps.
    const EXPLORE: u64 = 256;

    fn new() -> Tuner {
        Tuner { sequential: None, parallel: None, steps: 0 }
    }

    /// Whether the next step runs on all cores.
    fn parallel(&mut self) -> bool {
        self.steps += 1;
        if rayon::current_num_threads() < 2 {
            return false;
        }
        let best_parallel = match (self.sequential, self.parallel) {
            (Some(s), Some(p)) => p < s,
            (None, _) => false,
            (Some(_), None) => true,
        };
        if self.steps.is_multiple_of(Self::EXPLORE) { !best_parallel } else { best_parallel }
    }

    fn record(&mut self, parallel: bool, took: Duration) {
        let nanos = took.as_nanos() as f64;
        let mean = if parallel { &mut self.parallel } else { &mut self.sequential };
        *mean = Some(mean.map_or(nanos, |m| 0.8 * m + 0.2 * nanos));
    }
}

impl<G: Present> DynBatch for Batch<G> {
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
        let game = &*self.game;
        self.rng = SeededRng::new(derive_seed(seed, u64::MAX));
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
        let game = &*self.game;
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

    fn random_actions(&mut self, out: &mut [i64]) -> Result<(), BatchError> {
        if out.len() != self.envs.len() {
            return Err(BatchError::Buffer { name: "actions", len: out.len(), need: self.envs.len() });
        }
        for (env, code) in self.envs.iter().zip(out) {
            let k = self.rng.below(env.legal.len() as u32) as usize;
            *code = env.legal.get(k).map_or(0, |&a| self.game.action_index(a) as i64);
        }
        Ok(())
    }

    fn finished(&self) -> u64 {
        self.finished
    }

    fn position(&self, env: usize) -> Option<Box<dyn DynPosition>> {
        let e = self.envs.get(env)?;
        Some(Box::new(Position::from_parts(Arc::clone(&self.game), e.state.clone(), e.rng.clone(), e.steps)))
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
        fn visit<G: Present>(self, game: G) -> Self::Output {
            Ok(Box::new(Batch::new(game, self.0, self.1)?))
        }
    }
    with_game(id, config, New(num_envs, seed))?.map_err(RegistryError::Batch)
}

#[cfg(test)]
mod tests {
    use worlds_engine::reference::ConnectFour;
    use worlds_engine::{Config, Game};

    use super::*;

    /// The rows a batch writes at each of 300 random steps.
    fn trace(force: Option<bool>) -> Vec<StepRows> {
        let game = ConnectFour::new(&Config::players(2)).expect("a game");
        let n = 40;
        let mut batch = Batch::new(game, n, 7).expect("games");
        let mut rows = StepRows::of(&batch);
        let mut actions = vec![0i64; n];
        let mut out = Vec::new();
        for _ in 0..300 {
            batch.random_actions(&mut actions).expect("one per game");
            if let Some(parallel) = force {
                // The tuner's choice, overruled: its timings say the forced way is faster.
                batch.tuner = if parallel {
                    Tuner { sequential: Some(f64::MAX), parallel: Some(0.0), steps: 1 }
                } else {
                    Tuner { sequential: Some(0.0), parallel: Some(f64::MAX), steps: 1 }
                };
            }
            batch.step(&actions, rows.buffers()).expect("legal actions");
            out.push(rows.clone());
        }
        out
    }

    #[test]
    fn a_batch_steps_alike_on_one_thread_and_on_many() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().expect("threads");
        let (sequential, parallel, tuned) = pool.install(|| (trace(Some(false)), trace(Some(true)), trace(None)));
        assert!(sequential == parallel);
        assert!(sequential == tuned);
        assert!(sequential.iter().any(|rows| rows.done.iter().any(|&d| d)));
    }

    #[test]
    fn the_tuner_keeps_the_faster_way_and_tries_the_other_now_and_then() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().expect("threads");
        pool.install(|| {
            let mut t = Tuner::new();
            // Untried: sequential first, then parallel.
            assert!(!t.parallel());
            t.record(false, Duration::from_micros(100));
            assert!(t.parallel());
            t.record(true, Duration::from_micros(300));
            let choices: Vec<bool> = (0..2 * Tuner::EXPLORE).map(|_| t.parallel()).collect();
            assert_eq!(choices.iter().filter(|&&p| p).count(), 2, "parallel only when exploring");
        });
        // With one thread there is nothing to run in parallel.
        let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a thread");
        one.install(|| {
            let mut t = Tuner { sequential: Some(1e9), parallel: Some(1.0), steps: 0 };
            assert!(!t.parallel());
        });
    }
}
