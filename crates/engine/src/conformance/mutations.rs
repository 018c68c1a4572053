//! Mutated positions: real states' JSON, changed one field at a time, must either be refused with
//! a clear error or load into a state that plays on.

use serde_json::Value;

use super::reload;
use crate::chance::SeededRng;
use crate::game::Game;
use crate::play::{next_decider, random_playout};

/// What [`check_state_mutations`] saw.
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

/// A changed value: realistic neighbours of numbers, other values of the position, case changes,
/// other types.
fn changed(v: &Value, pool: &[Value], rng: &mut SeededRng) -> Value {
    let pick = rng.below(pool.len().max(1) as u32) as usize;
    let borrowed = || pool.get(pick).cloned();
    match (v, rng.below(4)) {
        (Value::Number(n), 0 | 1) => {
            let x = n.as_i64().unwrap_or(0);
            let deltas = [1, -1, 2, -2, 100, 127, 128, 200, 255, 256, 1 << 20];
            let d = deltas[rng.below(deltas.len() as u32) as usize];
            if rng.below(2) == 0 { Value::from(x.saturating_add(d)) } else { Value::from(d) }
        }
        (Value::String(s), 0) => Value::String(s.to_uppercase()),
        (Value::String(s), 1) => Value::String(format!("{s}x")),
        (Value::Bool(b), 0 | 1) => Value::Bool(!b),
        (Value::Array(a), 0) if !a.is_empty() => {
            let mut a = a.clone();
            a.reverse();
            Value::Array(a)
        }
        (_, 2) => borrowed().unwrap_or(Value::Null),
        _ => [Value::Null, Value::from(0), Value::from(-1), Value::from("x"), Value::Array(Vec::new())]
            [rng.below(5) as usize]
            .clone(),
    }
}

/// One random mutation of a real position: drop a field or an element, duplicate one (a map entry
/// under another spelling of its key), change a value, or swap two elements.
fn mutate(root: &Value, rng: &mut SeededRng) -> Value {
    let mut out = root.clone();
    let mut all = Vec::new();
    nodes(root, &mut Vec::new(), &mut all);
    let mut pool = Vec::new();
    leaves(root, &mut pool);
    let path = all[rng.below(all.len() as u32) as usize].clone();
    let Some(parent_path) = path.split_last().map(|(_, p)| p.to_vec()) else {
        return changed(root, &pool, rng);
    };
    let Some(key) = path.last().cloned() else { return out };
    let kind = rng.below(4);
    let Some(parent) = node_mut(&mut out, &parent_path) else { return out };
    match (parent, key) {
        (Value::Object(m), Value::String(k)) => match kind {
            0 => {
                m.remove(&k);
            }
            1 => {
                if let Some(v) = m.get(&k).cloned() {
                    m.insert(k.to_uppercase(), v);
                }
            }
            _ => {
                if let Some(v) = m.get_mut(&k) {
                    *v = changed(v, &pool, rng);
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
                        *v = changed(v, &pool, rng);
                    }
                }
            }
        }
        _ => {}
    }
    out
}

/// Feeds realistic bad input: positions from seeded random games, saved as JSON and mutated (a
/// field dropped, an element duplicated, a key spelled another way, a value changed). Whatever
/// loads must be a position the game can go on from: it saves and loads back equal and, unless the
/// game is over, everyone to decide has a legal action; then up to `follow` random actions are
/// applied through the checked path, each accepted, each leaving a state that loads back equal.
///
/// # Panics
/// On the first mutated position that loads but breaks one of these, with the JSON.
pub fn check_state_mutations<G: Game>(game: &G, seed: u64, positions: usize, follow: usize) -> MutationReport {
    let mut report = MutationReport::default();
    let mut rng = SeededRng::new(seed);
    let mut buf = Vec::new();
    for i in 0..positions {
        let (mut state, _) = game.new_game(&mut rng);
        let depth = rng.below(400) as usize;
        random_playout(game, &mut state, &mut rng, &mut buf, depth);
        let json = game.save_state(&state);
        let mutated = mutate(&json, &mut rng);
        report.tried += 1;
        let Ok(mut loaded) = game.load_state_value(mutated.clone()) else { continue };
        report.loaded += 1;
        let ctx = format!("{} mutation {i} (seed {seed})", G::info().id);
        let shown = serde_json::to_string(&mutated).unwrap_or_default();
        for step in 0..=follow {
            assert_eq!(
                reload(game, &loaded).as_ref(),
                Ok(&loaded),
                "{ctx}, {step} actions after loading: does not load back\n{shown}"
            );
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
            if let Err(e) = game.apply(&mut loaded, p, a, &mut rng) {
                panic!("{ctx}, {step} actions after loading: legal {a:?} refused: {e}\n{shown}");
            }
        }
    }
    report
}
