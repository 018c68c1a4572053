//! Mutated positions: real states' JSON, changed one field at a time, must either be refused with
//! a clear error or load into a state that plays on.

use serde_json::Value;

use super::reload;
use crate::chance::{SeededRng, derive_seed};
use crate::game::{Present, Style};
use crate::play::{next_decider, random_playout};
use crate::player::{Player, Viewer};

/// What [`check_state_mutations`] (or [`check_state_mutations_with`]) saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MutationReport {
    /// Mutated positions tried.
    pub tried: usize,
    /// Of those, how many loaded (and so passed every check below).
    pub loaded: usize,
}

/// Every node of a JSON tree, as paths of object keys and array indices.
fn nodes(v: &Value, path: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    out.push(path.clone());
    match v {
        Value::Object(m) => {
            for (k, child) in m {
                path.push(Value::String(k.clone()));
                nodes(child, path, out);
                path.pop();
            }
        }
        Value::Array(a) => {
            for (i, child) in a.iter().enumerate() {
                path.push(Value::from(i));
                nodes(child, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

fn node_mut<'a>(root: &'a mut Value, path: &[Value]) -> Option<&'a mut Value> {
    let mut v = root;
    for key in path {
        v = match (v, key) {
            (Value::Object(m), Value::String(k)) => m.get_mut(k)?,
            (Value::Array(a), Value::Number(i)) => a.get_mut(usize::try_from(i.as_u64()?).ok()?)?,
            _ => return None,
        };
    }
    Some(v)
}

/// Every leaf value of a tree (to borrow realistic replacement values from).
fn leaves(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::Object(m) => m.values().for_each(|c| leaves(c, out)),
        Value::Array(a) => a.iter().for_each(|c| leaves(c, out)),
        leaf => out.push(leaf.clone()),
    }
}

/// The numbers among a game's own values.
fn numbers(values: &[Value]) -> impl Iterator<Item = &Value> {
    values.iter().filter(|v| v.is_number())
}

/// The strings among a game's own values.
fn words(values: &[Value]) -> impl Iterator<Item = &Value> {
    values.iter().filter(|v| v.is_string())
}

/// One of `items`, or `None` if there is none (drawing nothing from `rng` then).
fn one_of<'v>(items: impl Iterator<Item = &'v Value>, rng: &mut SeededRng) -> Option<Value> {
    let items: Vec<&Value> = items.collect();
    if items.is_empty() { None } else { Some(items[rng.below(items.len() as u32) as usize].clone()) }
}

/// A changed value: realistic neighbours of numbers, other values of the position, case changes,
/// other types; with [`MutationSettings::values`], the game's own numbers and words half the time
/// they would fit, and with [`MutationSettings::bits`], a number with one bit flipped.
fn changed<S>(v: &Value, pool: &[Value], how: &MutationSettings<'_, S>, rng: &mut SeededRng) -> Value {
    let pick = rng.below(pool.len().max(1) as u32) as usize;
    let borrowed = || pool.get(pick).cloned();
    // The game's own, half the time one of them fits (so that without any, nothing is drawn).
    let game_value = |fits: Vec<&Value>, rng: &mut SeededRng| {
        if fits.is_empty() || rng.below(2) == 0 { None } else { one_of(fits.into_iter(), rng) }
    };
    match (v, rng.below(4)) {
        (Value::Number(n), 0 | 1) => {
            if let Some(x) = game_value(numbers(how.values).collect(), rng) {
                return x;
            }
            if how.bits
                && rng.below(3) == 0
                && let Some(x) = n.as_u64()
            {
                return Value::from(x ^ (1u64 << rng.below(64)));
            }
            let x = n.as_i64().unwrap_or(0);
            let deltas = [1, -1, 2, -2, 100, 127, 128, 200, 255, 256, 1 << 20];
            let d = deltas[rng.below(deltas.len() as u32) as usize];
            if rng.below(2) == 0 { Value::from(x.saturating_add(d)) } else { Value::from(d) }
        }
        (Value::String(s), 0) => Value::String(s.to_uppercase()),
        (Value::String(s), 1) => {
            game_value(words(how.values).collect(), rng).unwrap_or_else(|| Value::String(format!("{s}x")))
        }
        (Value::Bool(b), 0 | 1) => Value::Bool(!b),
        (Value::Array(a), 0) if !a.is_empty() => {
            let mut a = a.clone();
            a.reverse();
            Value::Array(a)
        }
        (_, 2) => borrowed().unwrap_or(Value::Null),
        _ => game_value(how.values.iter().collect(), rng).unwrap_or_else(|| {
            [Value::Null, Value::from(0), Value::from(-1), Value::from("x"), Value::Array(Vec::new())]
                [rng.below(5) as usize]
                .clone()
        }),
    }
}

/// One random mutation of a real position: drop a field or an element, duplicate one (a map entry
/// under another spelling of its key, or moved to a key among the game's words), change a value, or
/// swap two elements; or, one time in four, the game's own ([`MutationSettings::own`]).
fn mutate<S>(root: &Value, how: &MutationSettings<'_, S>, rng: &mut SeededRng) -> Value {
    let mut out = root.clone();
    if let Some(own) = how.own
        && rng.below(4) == 0
    {
        own(&mut out, rng);
        return out;
    }
    let mut all = Vec::new();
    nodes(root, &mut Vec::new(), &mut all);
    let mut pool = Vec::new();
    leaves(root, &mut pool);
    let path = all[rng.below(all.len() as u32) as usize].clone();
    let Some(parent_path) = path.split_last().map(|(_, p)| p.to_vec()) else {
        return changed(root, &pool, how, rng);
    };
    let Some(key) = path.last().cloned() else { return out };
    let kind = rng.below(4);
    // A key among the game's words, half the time there are some.
    let moved_to = if kind == 1 && words(how.values).next().is_some() && rng.below(2) == 0 {
        one_of(words(how.values), rng)
    } else {
        None
    };
    let Some(parent) = node_mut(&mut out, &parent_path) else { return out };
    match (parent, key) {
        (Value::Object(m), Value::String(k)) => match (kind, moved_to) {
            (0, _) => {
                m.remove(&k);
            }
            (1, Some(Value::String(to))) => {
                if let Some(v) = m.remove(&k) {
                    m.insert(to, v);
                }
            }
            (1, _) => {
                if let Some(v) = m.get(&k).cloned() {
                    m.insert(k.to_uppercase(), v);
                }
            }
            _ => {
                if let Some(v) = m.get_mut(&k) {
                    *v = changed(v, &pool, how, rng);
                }
            }
        },
        (Value::Array(a), Value::Number(i)) => {
            let i = i.as_u64().and_then(|i| usize::try_from(i).ok()).unwrap_or(0).min(a.len().saturating_sub(1));
            match kind {
                0 if !a.is_empty() => {
                    a.remove(i);
                }
                1 if !a.is_empty() => {
                    let v = a[i].clone();
                    a.insert(i, v);
                }
                2 if a.len() > 1 => {
                    let j = rng.below(a.len() as u32) as usize;
                    a.swap(i, j);
                }
                _ => {
                    if let Some(v) = a.get_mut(i) {
                        *v = changed(v, &pool, how, rng);
                    }
                }
            }
        }
        _ => {}
    }
    out
}

/// Which positions [`check_state_mutations_with`] draws (see [`MutationSettings::draw`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Draw {
    /// None.
    #[default]
    Never,
    /// Every mutated position that loads.
    Loaded,
    /// Every mutated position that loads and every position after an action followed from it.
    EveryPosition,
}

/// A position's invariant: `Err` says what is wrong (see [`MutationSettings::invariants`]).
pub type Invariant<'a, S> = &'a dyn Fn(&S) -> Result<(), String>;

/// What must hold from the position before an action to the one after it (see
/// [`MutationSettings::each_action`]).
pub type ActionInvariant<'a, S> = &'a dyn Fn(&S, &S) -> Result<(), String>;

/// A game's own mutation of a saved position (see [`MutationSettings::own`]).
pub type OwnMutation<'a> = &'a dyn Fn(&mut Value, &mut SeededRng);

/// How [`check_state_mutations_with`] plays, mutates and checks positions of states `S`. The
/// default is [`check_state_mutations`] itself: the same positions, the same mutations, the same
/// checks; a game's tests add what its rules say (its invariants, its numbers and words) and what
/// reaches its corners (deeper or earlier positions, its own mutations).
///
/// ```
/// use serde_json::json;
/// use worlds_engine::reference::{Cell, TicTacToe, TicTacToeState};
/// use worlds_engine::{Config, Game, Player, conformance};
/// let game = TicTacToe::new(&Config::players(2)).unwrap();
/// let marks = |s: &TicTacToeState, p: usize| {
///     (0..9).filter(|&i| Cell::new(i).and_then(|c| s.cell(c)) == Some(Player::from_index(p))).count()
/// };
/// // X moves first: X has as many marks as O, or one more.
/// let turns = |s: &TicTacToeState| match marks(s, 0).checked_sub(marks(s, 1)) {
///     Some(0 | 1) => Ok(()),
///     _ => Err(format!("X has {} marks and O {}", marks(s, 0), marks(s, 1))),
/// };
/// // Each action adds one mark.
/// let one_more = |a: &TicTacToeState, b: &TicTacToeState| {
///     let (before, after) = (marks(a, 0) + marks(a, 1), marks(b, 0) + marks(b, 1));
///     if after == before + 1 { Ok(()) } else { Err(format!("{before} marks, then {after}")) }
/// };
/// let report = conformance::check_state_mutations_with(
///     &game,
///     &conformance::MutationSettings {
///         positions: 50,
///         follow: 9,
///         values: &[json!("XXX"), json!("OO."), json!(9)],
///         invariants: Some(&turns),
///         each_action: Some(&one_more),
///         draw: conformance::Draw::EveryPosition,
///         ..Default::default()
///     },
/// );
/// assert_eq!(report.tried, 50);
/// assert!(report.loaded > 0 && report.loaded < report.tried);
/// ```
pub struct MutationSettings<'a, S> {
    /// Seed of the random games, mutations and followed actions.
    pub seed: u64,
    /// Mutated positions to try.
    pub positions: usize,
    /// Random actions followed from each position that loads.
    pub follow: usize,
    /// A position is a random game stopped after up to this many actions (default 400).
    pub depth: u32,
    /// If set, one position in four is stopped after up to this many actions instead: setup and
    /// the first turns, which a long game rarely stops in.
    pub early: Option<u32>,
    /// One position in three is mutated a second time.
    pub twice: bool,
    /// The game's own values: numbers its rules turn on (the edges of its ranges, its caps, its
    /// counts) and words of its vocabulary (ids, names). Half the time one fits they replace a
    /// value instead of the engine's (numbers a number, words a string, any of them anything), and
    /// the words half the time move a map entry to another key instead of doubling it.
    pub values: &'a [Value],
    /// Numbers are also changed by flipping one bit (for sets saved as integers).
    pub bits: bool,
    /// The game's own mutation (a piece added, a card moved): one mutation in four is this one.
    pub own: Option<OwnMutation<'a>>,
    /// Which positions are drawn: every view for every viewer and style, the tensor, the
    /// evaluation, a determinization and every legal action's text, hint and elements (none may
    /// panic).
    pub draw: Draw,
    /// Checked on every position before it is mutated (so that a failure after is the loader's),
    /// on every mutated position that loads, and after every action followed from it.
    pub invariants: Option<Invariant<'a, S>>,
    /// Checked across every action followed from a loaded position, with the positions before and
    /// after it.
    pub each_action: Option<ActionInvariant<'a, S>>,
}

impl<S> std::fmt::Debug for MutationSettings<'_, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MutationSettings")
            .field("seed", &self.seed)
            .field("positions", &self.positions)
            .field("follow", &self.follow)
            .field("depth", &self.depth)
            .field("early", &self.early)
            .field("twice", &self.twice)
            .field("values", &self.values)
            .field("bits", &self.bits)
            .field("own", &self.own.is_some())
            .field("draw", &self.draw)
            .field("invariants", &self.invariants.is_some())
            .field("each_action", &self.each_action.is_some())
            .finish()
    }
}

impl<S> Default for MutationSettings<'_, S> {
    fn default() -> Self {
        MutationSettings {
            seed: 0,
            positions: 100,
            follow: 20,
            depth: 400,
            early: None,
            twice: false,
            values: &[],
            bits: false,
            own: None,
            draw: Draw::Never,
            invariants: None,
            each_action: None,
        }
    }
}

/// Every view of a position for every viewer and style, the tensor, the evaluation, a
/// determinization and every legal action's text, hint and elements (none may panic).
fn draw_everything<G: Present>(game: &G, state: &G::State, rng: &mut SeededRng) {
    let n = game.num_players();
    for viewer in std::iter::once(Viewer::Spectator).chain(Player::all(n).map(Viewer::Player)) {
        let o = game.observe(state, viewer);
        for style in [Style { colour: false }, Style { colour: true }] {
            let _ = game.render(&o, style);
            let _ = game.render_compact(&o, style);
            for view in G::info().views {
                let _ = game.render_view(&o, view.name, style);
            }
        }
        let _ = game.scene(&o);
        let _ = game.secrets(state, viewer);
    }
    let _ = game.decision(state);
    let _ = game.outcome(state);
    let mut tensor = vec![0.0; game.tensor_len()];
    for p in Player::all(n) {
        game.write_tensor(state, p, &mut tensor);
        let _ = game.evaluate(state, p);
        let _ = game.determinize(state, p, rng);
        for a in game.legal_actions(state, p) {
            let _ = game.action_hint(state, a);
            let _ = game.action_elements(state, a);
            let _ = game.format_action(a);
        }
    }
}

/// Feeds realistic bad input: positions from seeded random games, saved as JSON and mutated (a
/// field dropped, an element duplicated, a key spelled another way, a value changed). Whatever
/// loads must be a position the game can go on from: it saves and loads back equal and, unless the
/// game is over, everyone to decide has a legal action; then up to `follow` random actions are
/// applied through the checked path, each accepted, each leaving a state that loads back equal.
/// [`check_state_mutations_with`] adds a game's own invariants and mutations.
///
/// # Panics
/// On the first mutated position that loads but breaks one of these, with the JSON.
pub fn check_state_mutations<G: Present>(game: &G, seed: u64, positions: usize, follow: usize) -> MutationReport {
    check_state_mutations_with(game, &MutationSettings { seed, positions, follow, ..MutationSettings::default() })
}

/// [`check_state_mutations`] with a game's own settings: its invariants, checked on every position
/// before it is mutated, on every mutated position that loads and after every action followed from
/// it; its numbers, words and mutations; how deep its positions are; which positions are drawn.
///
/// # Panics
/// On the first position that breaks a check, naming the game, the mutation, the seed, the step
/// and what broke, with the mutated JSON.
pub fn check_state_mutations_with<G: Present>(game: &G, how: &MutationSettings<'_, G::State>) -> MutationReport {
    let (seed, follow) = (how.seed, how.follow);
    let mut report = MutationReport::default();
    let mut rng = SeededRng::new(seed);
    let mut buf = Vec::new();
    for i in 0..how.positions {
        let (mut state, _) = game.new_game(&mut rng);
        let most = match how.early {
            Some(early) if rng.below(4) == 0 => early,
            _ => how.depth,
        };
        let depth = rng.below(most) as usize;
        random_playout(game, &mut state, &mut rng, &mut buf, depth);
        let json = game.save_state(&state);
        let ctx = format!("{} mutation {i} (seed {seed})", G::info().id);
        if let Some(invariants) = how.invariants
            && let Err(why) = invariants(&state)
        {
            panic!("{ctx}: the position before mutating breaks an invariant: {why}\n{json}");
        }
        let mut mutated = mutate(&json, how, &mut rng);
        if how.twice && rng.below(3) == 0 {
            mutated = mutate(&mutated, how, &mut rng);
        }
        report.tried += 1;
        let Ok(mut loaded) = game.load_state_value(mutated.clone()) else { continue };
        report.loaded += 1;
        let shown = serde_json::to_string(&mutated).unwrap_or_default();
        // Drawing has its own stream, so that the positions tried are the same with or without it.
        let mut draw_rng = SeededRng::new(derive_seed(seed, i as u64));
        for step in 0..=follow {
            assert_eq!(
                reload(game, &loaded).as_ref(),
                Ok(&loaded),
                "{ctx}, {step} actions after loading: does not load back\n{shown}"
            );
            if let Some(invariants) = how.invariants
                && let Err(why) = invariants(&loaded)
            {
                panic!("{ctx}, {step} actions after loading: {why}\n{shown}");
            }
            if how.draw == Draw::EveryPosition || (how.draw == Draw::Loaded && step == 0) {
                draw_everything(game, &loaded, &mut draw_rng);
            }
            let turn = game.turn(&loaded);
            if turn.is_over() {
                assert!(game.outcome(&loaded).is_some(), "{ctx}: over without an outcome\n{shown}");
                break;
            }
            assert!(!turn.players().is_empty(), "{ctx}: nobody is to act\n{shown}");
            for p in turn.players().iter() {
                assert!(!game.legal_actions(&loaded, p).is_empty(), "{ctx}: {p} must act but cannot\n{shown}");
            }
            if step == follow {
                break;
            }
            let Some(p) = next_decider(turn) else { break };
            let legal = game.legal_actions(&loaded, p);
            let a = legal[rng.below(legal.len() as u32) as usize];
            let before = how.each_action.map(|_| loaded.clone());
            if let Err(e) = game.apply(&mut loaded, p, a, &mut rng) {
                panic!("{ctx}, {step} actions after loading: legal {a:?} refused: {e}\n{shown}");
            }
            if let (Some(check), Some(before)) = (how.each_action, before)
                && let Err(why) = check(&before, &loaded)
            {
                panic!("{ctx}, action {} after loading ({p} {a:?}): {why}\n{shown}", step + 1);
            }
        }
    }
    report
}

#[cfg(test)]
mod tests;
