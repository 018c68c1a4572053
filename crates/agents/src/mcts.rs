//! Monte Carlo tree search for every game of the engine contract.
//!
//! - **UCT with a vector of returns**: each edge keeps the return of the player who chose it, so the
//!   same search serves 2–6 players (every player maximises their own return).
//! - **Open loop**: a node is the sequence of actions from the root; chance (dice, draws) is sampled
//!   anew on every iteration, so no chance nodes are needed.
//! - **Hidden information**: the search never sees the true state. `mcts` samples one
//!   determinization per decision and searches it (exact for perfect-information games);
//!   `ismcts` samples a new determinization on every iteration (single-observer information-set
//!   MCTS), counting for each edge how often it was available, so actions legal only in some
//!   samples are judged fairly.
//! - **Simultaneous decisions** use decoupled UCT: each pending player selects from their own
//!   statistics at the node, independently of the others' (hidden) choices, and each chosen edge
//!   is updated with its own player's return. The tree branches only on what the searching
//!   player knows: on its own choice when it is among the pending players (the child hangs off its
//!   edge, as at a sequential decision), otherwise the whole decision has a single child,
//!   whatever the others chose. So the tree grows with the searching player's options, not with
//!   the product of everyone's, and no player's selection conditions on a choice it could not
//!   see. [`Simultaneous::Joint`] keeps the older keying by the joint choice, for comparison.
//! - **Forced steps make no nodes**: a decision with one legal action, or only passes
//!   ([`worlds_engine::forced`]), is applied on the way down without an edge or a node (the tree
//!   position does not advance); at a simultaneous decision a player whose choice is forced takes
//!   it while the others select. The agent takes a forced real decision without searching.

use std::time::{Duration, Instant};

use arrayvec::ArrayVec;
use worlds_engine::{Game, MAX_PLAYERS, NoEvents, Player, PlayerView, SeededRng, Turn, derive_seed, forced};

use crate::Agent;

/// How long to think.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Budget {
    Iterations(u32),
    Time(Duration),
}

/// How an iteration estimates the value of a new node.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Rollout {
    /// Uniformly random actions to the end of the game.
    Random,
    /// Random actions for at most this many steps, then the game's heuristic (or the end).
    Heuristic(u16),
}

/// How the tree is keyed at a decision several players make at once.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Simultaneous {
    /// The child is keyed by the searching player's own choice when it is among the pending
    /// players, and is a single child for the whole decision otherwise.
    #[default]
    Decoupled,
    /// The child is keyed by the joint choice of every pending player (almost every iteration
    /// makes a new node when several players choose among many options).
    Joint,
}

/// Settings of a search.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MctsConfig {
    pub budget: Budget,
    pub rollout: Rollout,
    /// Root parallelism: independent trees on this many threads, visits summed.
    pub threads: u16,
    /// Sample a new determinization on every iteration (IS-MCTS) rather than once per decision.
    pub per_iteration_determinization: bool,
    /// The UCT exploration constant, ×100 (so the config stays `Eq`/`Hash`).
    pub exploration_centi: u16,
    /// How simultaneous decisions are keyed in the tree.
    pub simultaneous: Simultaneous,
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            budget: Budget::Iterations(1000),
            rollout: Rollout::Random,
            threads: 1,
            per_iteration_determinization: false,
            exploration_centi: 141,
            simultaneous: Simultaneous::Decoupled,
        }
    }
}

const NONE: u32 = u32::MAX;

#[derive(Clone, Debug)]
struct Edge<A> {
    player: Player,
    action: A,
    /// The child reached by this edge: at a sequential decision, or the searching player's own
    /// choice at a simultaneous one.
    child: u32,
    visits: u32,
    /// Iterations in which this action was legal (IS-MCTS availability).
    available: u32,
    /// Sum of the choosing player's returns.
    value: f64,
}

#[derive(Clone, Debug)]
struct Node<A> {
    edges: Vec<Edge<A>>,
    /// The single child of a simultaneous decision the searching player does not make (or makes
    /// by force), whatever the others chose ([`Simultaneous::Decoupled`]).
    next: u32,
    /// Children of joint choices at simultaneous decisions ([`Simultaneous::Joint`]).
    joint: Vec<(ArrayVec<u32, MAX_PLAYERS>, u32)>,
}

impl<A> Default for Node<A> {
    fn default() -> Node<A> {
        Node { edges: Vec::new(), next: NONE, joint: Vec::new() }
    }
}

/// Where the child of a decision hangs.
#[derive(Clone, Copy)]
enum Key {
    /// Off one edge.
    Edge(u32),
    /// The node's single child of a simultaneous decision.
    Next,
    /// Among the node's joint children.
    Joint,
}

/// One search tree and its scratch buffers.
struct Tree<A> {
    nodes: Vec<Node<A>>,
    legal: Vec<A>,
    /// The edges chosen at each node along the current path.
    path: Vec<(u32, ArrayVec<u32, MAX_PLAYERS>)>,
    c: f64,
}

impl<A: Copy + PartialEq> Tree<A> {
    fn new(c: f64) -> Tree<A> {
        Tree { nodes: vec![Node::default()], legal: Vec::new(), path: Vec::new(), c }
    }

    /// Chooses an edge of `node` for `player` among the actions in `self.legal`, registering
    /// missing edges and availability. Unvisited actions come first (at random).
    fn select(&mut self, node: u32, player: Player, rng: &mut SeededRng) -> u32 {
        let n = &mut self.nodes[node as usize];
        let mut best = NONE;
        let mut best_score = f64::NEG_INFINITY;
        let mut unvisited = 0u32;
        let mut cursor = 0usize;
        for &a in &self.legal {
            // Fast path: the edges usually appear in the order the actions are listed.
            let found = match n.edges.get(cursor) {
                Some(e) if e.player == player && e.action == a => Some(cursor),
                _ => n.edges.iter().position(|e| e.player == player && e.action == a),
            };
            let i = match found {
                Some(i) => i,
                None => {
                    n.edges.push(Edge { player, action: a, child: NONE, visits: 0, available: 0, value: 0.0 });
                    n.edges.len() - 1
                }
            };
            cursor = i + 1;
            let e = &mut n.edges[i];
            e.available += 1;
            if e.visits == 0 {
                unvisited += 1;
                if rng.below(unvisited) == 0 {
                    best = i as u32;
                    best_score = f64::INFINITY;
                }
            } else if unvisited == 0 {
                let score =
                    e.value / f64::from(e.visits) + self.c * (f64::from(e.available).ln() / f64::from(e.visits)).sqrt();
                if score > best_score {
                    best_score = score;
                    best = i as u32;
                }
            }
        }
        best
    }
}

fn rollout<G: Game>(
    game: &G,
    state: &mut G::State,
    rng: &mut SeededRng,
    buf: &mut Vec<G::Action>,
    kind: Rollout,
) -> [f64; MAX_PLAYERS] {
    let limit = match kind {
        Rollout::Random => usize::MAX,
        Rollout::Heuristic(steps) => usize::from(steps),
    };
    let steps = worlds_engine::random_playout(game, state, rng, buf, limit);
    let mut out = [0.0; MAX_PLAYERS];
    let n = game.num_players();
    if let Some(o) = game.outcome(state) {
        for (p, r) in o.returns.iter() {
            out[p.index()] = *r;
        }
    } else if steps >= limit {
        for p in Player::all(n) {
            out[p.index()] = game.evaluate(state, p).unwrap_or(1.0 / n as f64);
        }
    }
    out
}

/// What one tree found.
struct Searched<A> {
    /// The root visits of each of the searching player's actions.
    visits: Vec<(A, u32)>,
    iterations: u32,
    nodes: usize,
}

/// Runs one tree for a budget and returns the root visits of `me`'s actions.
fn search<G: Game>(view: &PlayerView<'_, G>, config: &MctsConfig, seed: u64, budget: Budget) -> Searched<G::Action> {
    let game = view.game();
    let me = view.player();
    // A forced root decision makes no edges: every iteration takes its action.
    let root_forced = forced(game, &view.legal_actions());
    let mut rng = SeededRng::new(seed);
    let mut tree: Tree<G::Action> = Tree::new(f64::from(config.exploration_centi) / 100.0);
    let mut buf = Vec::with_capacity(64);
    let fixed = (!config.per_iteration_determinization).then(|| view.determinize(&mut rng));
    let start = Instant::now();
    let mut iterations = 0u32;
    loop {
        match budget {
            Budget::Iterations(n) if iterations >= n => break,
            Budget::Time(t) if iterations.is_multiple_of(64) && start.elapsed() >= t => break,
            _ => {}
        }
        iterations += 1;
        let mut state = match &fixed {
            Some(s) => s.clone(),
            None => view.determinize(&mut rng),
        };
        tree.path.clear();
        let mut node = 0u32;
        let returns = loop {
            let turn = game.turn(&state);
            if turn == Turn::Over {
                let mut out = [0.0; MAX_PLAYERS];
                if let Some(o) = game.outcome(&state) {
                    for (p, r) in o.returns.iter() {
                        out[p.index()] = *r;
                    }
                }
                break out;
            }
            let mut chosen: ArrayVec<u32, MAX_PLAYERS> = ArrayVec::new();
            let mut actions: ArrayVec<(Player, G::Action), MAX_PLAYERS> = ArrayVec::new();
            // The searching player's edge, when it chooses here without being forced.
            let mut mine = NONE;
            for p in turn.players().iter() {
                tree.legal.clear();
                game.legal_actions_into(&state, p, &mut tree.legal);
                if let Some(a) = forced(game, &tree.legal) {
                    actions.push((p, a));
                    continue;
                }
                let e = tree.select(node, p, &mut rng);
                if e == NONE {
                    continue;
                }
                if p == me {
                    mine = e;
                }
                chosen.push(e);
                actions.push((p, tree.nodes[node as usize].edges[e as usize].action));
            }
            for &(p, a) in &actions {
                game.apply_unchecked(&mut state, p, a, &mut rng, &mut NoEvents);
            }
            if chosen.is_empty() {
                if actions.is_empty() {
                    // Nobody to decide can act (a game's bug): estimate from here.
                    break rollout(game, &mut state, &mut rng, &mut buf, config.rollout);
                }
                // Only forced steps: the tree position does not advance.
                continue;
            }
            let key = match (turn, config.simultaneous) {
                (Turn::Simultaneous(_), Simultaneous::Decoupled) if mine != NONE => Key::Edge(mine),
                (Turn::Simultaneous(_), Simultaneous::Decoupled) => Key::Next,
                (Turn::Simultaneous(_), Simultaneous::Joint) if chosen.len() > 1 => Key::Joint,
                _ => Key::Edge(chosen[0]),
            };
            let n = &tree.nodes[node as usize];
            let child = match key {
                Key::Edge(e) => n.edges[e as usize].child,
                Key::Next => n.next,
                Key::Joint => n.joint.iter().find(|(k, _)| *k == chosen).map_or(NONE, |(_, c)| *c),
            };
            if child == NONE {
                // Expand one node, then estimate it.
                let new = tree.nodes.len() as u32;
                tree.nodes.push(Node::default());
                let n = &mut tree.nodes[node as usize];
                match key {
                    Key::Edge(e) => n.edges[e as usize].child = new,
                    Key::Next => n.next = new,
                    Key::Joint => n.joint.push((chosen.clone(), new)),
                }
                tree.path.push((node, chosen));
                break rollout(game, &mut state, &mut rng, &mut buf, config.rollout);
            }
            tree.path.push((node, chosen));
            node = child;
        };
        for (node, chosen) in &tree.path {
            let n = &mut tree.nodes[*node as usize];
            for &e in chosen {
                let edge = &mut n.edges[e as usize];
                edge.visits += 1;
                edge.value += returns[edge.player.index()];
            }
        }
    }
    let visits = match root_forced {
        Some(a) => vec![(a, iterations)],
        None => tree.nodes[0].edges.iter().filter(|e| e.player == me).map(|e| (e.action, e.visits)).collect(),
    };
    Searched { visits, iterations, nodes: tree.nodes.len() }
}

/// UCT / IS-MCTS (see the module documentation).
#[derive(Debug)]
pub struct Mcts {
    config: MctsConfig,
    rng: SeededRng,
    /// Iterations run by the last decision (all threads; 0 when it was forced).
    pub last_iterations: u64,
    /// Nodes of the trees of the last search (all threads; 0 when the decision was forced).
    pub last_nodes: u64,
}

impl Mcts {
    pub fn new(config: MctsConfig, seed: u64) -> Mcts {
        Mcts { config, rng: SeededRng::new(seed), last_iterations: 0, last_nodes: 0 }
    }

    /// Searches and returns each of the player's actions with its visit count, and the iterations
    /// (a forced decision is searched too, as a benchmark may ask: its action gets every visit).
    ///
    /// # Panics
    /// If the game panics in a search thread: the panic is passed on, never dropped.
    pub fn analyse<G: Game>(&mut self, view: &PlayerView<'_, G>) -> (Vec<(G::Action, u32)>, u64) {
        let threads = usize::from(self.config.threads.max(1));
        let seed = self.rng.next_u64();
        let budget = match self.config.budget {
            Budget::Iterations(n) => Budget::Iterations(n.div_ceil(threads as u32)),
            t => t,
        };
        let results: Vec<Searched<G::Action>> = if threads == 1 {
            vec![search(view, &self.config, seed, budget)]
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads)
                    .map(|t| {
                        let config = &self.config;
                        scope.spawn(move || search(view, config, derive_seed(seed, t as u64), budget))
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).collect()
            })
        };
        let mut merged: Vec<(G::Action, u32)> = Vec::new();
        let mut iterations = 0u64;
        let mut nodes = 0u64;
        for result in results {
            iterations += u64::from(result.iterations);
            nodes += result.nodes as u64;
            for (a, v) in result.visits {
                match merged.iter_mut().find(|(b, _)| *b == a) {
                    Some((_, total)) => *total += v,
                    None => merged.push((a, v)),
                }
            }
        }
        self.last_nodes = nodes;
        (merged, iterations)
    }
}

impl<G: Game> Agent<G> for Mcts {
    fn choose(&mut self, view: &PlayerView<'_, G>) -> Option<G::Action> {
        let legal = view.legal_actions();
        if legal.is_empty() {
            self.last_iterations = 0;
            self.last_nodes = 0;
            return None;
        }
        if let Some(a) = forced(view.game(), &legal) {
            // One action, or only passes: nothing to think about.
            self.last_iterations = 0;
            self.last_nodes = 0;
            return Some(a);
        }
        let (visits, iterations) = self.analyse(view);
        self.last_iterations = iterations;
        // The most visited of the actions legal in the real position (ties: first listed).
        legal.iter().copied().max_by_key(|a| {
            let v = visits.iter().find(|(b, _)| b == a).map_or(0, |(_, v)| *v);
            (v, std::cmp::Reverse(legal.iter().position(|x| x == a)))
        })
    }
}
