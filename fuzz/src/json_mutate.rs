//! Mutations of a saved state, driven by the fuzz input: on the JSON value (drop a key, duplicate a
//! list entry, change a number, borrow another value of the position…) or on the text (flip bytes,
//! cut, duplicate a span, rewrite a number).

use arbitrary::Unstructured;
use serde_json::{Map, Value};

/// Numbers a validator is likely to get wrong: bounds of small ranges and of integer types.
const INTERESTING: &[i64] = &[
    0,
    1,
    -1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    12,
    17,
    18,
    19,
    31,
    32,
    63,
    64,
    100,
    127,
    128,
    255,
    256,
    1000,
    1001,
    65535,
    65536,
    i32::MAX as i64,
    u32::MAX as i64,
    1 << 32,
    i64::MAX,
    i64::MIN,
];

/// Every node of the tree as a path of keys and indices (the root is the empty path).
fn paths(v: &Value, path: &mut Vec<Key>, out: &mut Vec<Vec<Key>>) {
    out.push(path.clone());
    match v {
        Value::Object(m) => {
            for (k, child) in m {
                path.push(Key::Name(k.clone()));
                paths(child, path, out);
                path.pop();
            }
        }
        Value::Array(a) => {
            for (i, child) in a.iter().enumerate() {
                path.push(Key::Index(i));
                paths(child, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

#[derive(Clone, Debug)]
enum Key {
    Name(String),
    Index(usize),
}

fn node_mut<'a>(root: &'a mut Value, path: &[Key]) -> Option<&'a mut Value> {
    let mut v = root;
    for key in path {
        v = match (v, key) {
            (Value::Object(m), Key::Name(k)) => m.get_mut(k)?,
            (Value::Array(a), Key::Index(i)) => a.get_mut(*i)?,
            _ => return None,
        };
    }
    Some(v)
}

fn node<'a>(root: &'a Value, path: &[Key]) -> Option<&'a Value> {
    let mut v = root;
    for key in path {
        v = match (v, key) {
            (Value::Object(m), Key::Name(k)) => m.get(k)?,
            (Value::Array(a), Key::Index(i)) => a.get(*i)?,
            _ => return None,
        };
    }
    Some(v)
}

fn number(u: &mut Unstructured, old: Option<i64>) -> Value {
    match u.arbitrary::<u8>().unwrap_or(0) % 5 {
        0 | 1 => Value::from(INTERESTING[u.choose_index(INTERESTING.len()).unwrap_or(0)]),
        2 => Value::from(old.unwrap_or(0).saturating_add(i64::from(u.arbitrary::<i8>().unwrap_or(1)))),
        3 => Value::from(u.arbitrary::<i64>().unwrap_or(0)),
        _ => serde_json::Number::from_f64(f64::from(u.arbitrary::<i16>().unwrap_or(0)) / 4.0)
            .map_or(Value::Null, Value::Number),
    }
}

/// A replacement for `old`: a number near or far from it, another value of the position, a
/// changed string, another type.
fn replacement(old: &Value, root: &Value, all: &[Vec<Key>], u: &mut Unstructured) -> Value {
    match u.arbitrary::<u8>().unwrap_or(0) % 8 {
        0..=2 => number(u, old.as_i64()),
        3 => {
            // A copy of another node of the position (any subtree).
            let path = &all[u.choose_index(all.len()).unwrap_or(0)];
            node(root, path).cloned().unwrap_or(Value::Null)
        }
        4 => match old {
            Value::String(s) => {
                let s = match u.arbitrary::<u8>().unwrap_or(0) % 4 {
                    0 => s.to_uppercase(),
                    1 => format!("{s}x"),
                    2 => s.chars().rev().collect(),
                    _ => String::new(),
                };
                Value::String(s)
            }
            Value::Bool(b) => Value::Bool(!b),
            Value::Array(a) => {
                let mut a = a.clone();
                a.reverse();
                Value::Array(a)
            }
            _ => Value::Bool(u.arbitrary().unwrap_or(false)),
        },
        5 => {
            // A short string from the input.
            let len = u.int_in_range(0..=8).unwrap_or(0);
            let bytes = u.bytes(len).unwrap_or(&[]);
            Value::String(String::from_utf8_lossy(bytes).into_owned())
        }
        6 => [Value::Null, Value::Array(Vec::new()), Value::Object(Map::new()), Value::Bool(true)]
            [u.choose_index(4).unwrap_or(0)]
        .clone(),
        _ => Value::Array(vec![old.clone()]),
    }
}

/// One mutation of the JSON tree, at a node chosen by the input.
pub fn mutate_value(root: &mut Value, u: &mut Unstructured) {
    let mut all = Vec::new();
    paths(root, &mut Vec::new(), &mut all);
    let path = all[u.choose_index(all.len()).unwrap_or(0)].clone();
    let kind = u.arbitrary::<u8>().unwrap_or(0) % 8;
    let Some((last, parent_path)) = path.split_last() else {
        let snapshot = root.clone();
        *root = replacement(&snapshot, &snapshot, &all, u);
        return;
    };
    let snapshot = root.clone();
    let Some(parent) = node_mut(root, parent_path) else { return };
    match (parent, last) {
        (Value::Object(m), Key::Name(k)) => match kind {
            0 => {
                m.remove(k);
            }
            1 => {
                // The same entry under another spelling of its key.
                if let Some(v) = m.get(k).cloned() {
                    let other = if u.arbitrary::<bool>().unwrap_or(false) { k.to_uppercase() } else { format!("{k}_") };
                    m.insert(other, v);
                }
            }
            2 => {
                // An unknown key.
                m.insert(format!("x{}", u.arbitrary::<u8>().unwrap_or(0)), Value::from(0));
            }
            _ => {
                if let Some(v) = m.get_mut(k) {
                    *v = replacement(v, &snapshot, &all, u);
                }
            }
        },
        (Value::Array(a), Key::Index(i)) => {
            let i = *i;
            match kind {
                0 => {
                    a.remove(i);
                }
                1 | 2 => {
                    // Duplicate an entry (right after it, or at the end).
                    let v = a[i].clone();
                    if kind == 1 { a.insert(i, v) } else { a.push(v) }
                }
                3 => {
                    let j = u.choose_index(a.len()).unwrap_or(0);
                    a.swap(i, j);
                }
                4 => a.truncate(i),
                _ => a[i] = replacement(&a[i], &snapshot, &all, u),
            }
        }
        _ => {}
    }
}

/// One mutation of the JSON text.
pub fn mutate_text(bytes: &mut Vec<u8>, u: &mut Unstructured) {
    if bytes.is_empty() {
        let n = u.int_in_range(0..=4).unwrap_or(0);
        bytes.extend_from_slice(u.bytes(n).unwrap_or(&[]));
        return;
    }
    let len = bytes.len();
    let at = u.choose_index(len).unwrap_or(0);
    match u.arbitrary::<u8>().unwrap_or(0) % 7 {
        0 => bytes[at] ^= 1 << (u.arbitrary::<u8>().unwrap_or(0) % 8),
        1 => bytes[at] = u.arbitrary().unwrap_or(b'0'),
        2 => {
            let n = usize::from(u.arbitrary::<u8>().unwrap_or(1) % 16) + 1;
            bytes.drain(at..(at + n).min(len));
        }
        3 => {
            let b = u.arbitrary::<u8>().unwrap_or(b',');
            bytes.insert(at, b);
        }
        4 => {
            // Duplicate a span somewhere else.
            let n = usize::from(u.arbitrary::<u8>().unwrap_or(1) % 64) + 1;
            let span: Vec<u8> = bytes[at..(at + n).min(len)].to_vec();
            let to = u.choose_index(len + 1).unwrap_or(0);
            bytes.splice(to..to, span);
        }
        _ => {
            // Rewrite the number at or after `at`.
            let Some(start) = bytes[at..].iter().position(|b| b.is_ascii_digit() || *b == b'-').map(|p| p + at) else {
                return;
            };
            let end = bytes[start + 1..]
                .iter()
                .position(|b| !(b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-')))
                .map_or(len, |p| p + start + 1);
            let old = std::str::from_utf8(&bytes[start..end]).ok().and_then(|s| s.parse::<i64>().ok());
            let new = number(u, old).to_string();
            bytes.splice(start..end, new.into_bytes());
        }
    }
}
