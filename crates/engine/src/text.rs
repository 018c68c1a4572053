//! Small pieces of English every game's wording needs: counts with their noun, lists joined with
//! "and" or "or", sentences from clauses. One copy here, so every game says them alike.
//!
//! ```
//! use worlds_engine::text::{and_list, or_list, plural, sentence};
//! assert_eq!(plural(1u8, "card", "cards"), "1 card");
//! assert_eq!(plural(3u8, "card", "cards"), "3 cards");
//! assert_eq!(and_list(&["Ego", "Base", "Fame"]), "Ego, Base and Fame");
//! assert_eq!(or_list(&["north".to_string(), "south".to_string()]), "north or south");
//! assert_eq!(sentence("draw two cards"), "Draw two cards.");
//! ```

/// A count with its noun: "1 card", "0 cards", "3 cards".
pub fn plural<N: Into<u64>>(n: N, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// "x", "x and y", "x, y and z"; nothing for no items.
pub fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    joined(items, "and")
}

/// "x", "x or y", "x, y or z"; nothing for no items.
pub fn or_list<S: AsRef<str>>(items: &[S]) -> String {
    joined(items, "or")
}

fn joined<S: AsRef<str>>(items: &[S], word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_owned(),
        [rest @ .., last] => {
            let mut out = String::new();
            for (i, item) in rest.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(item.as_ref());
            }
            format!("{out} {word} {}", last.as_ref())
        }
    }
}

/// The first letter in upper case: "draw" → "Draw".
pub fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A clause as a sentence of its own: a capital first letter and a full stop; nothing for an
/// empty clause.
pub fn sentence(clause: &str) -> String {
    if clause.is_empty() { String::new() } else { format!("{}.", capitalise(clause)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_lists_and_sentences() {
        assert_eq!(plural(0u8, "card", "cards"), "0 cards");
        assert_eq!(plural(1u32, "card", "cards"), "1 card");
        assert_eq!(plural(2u16, "Billion", "Billions"), "2 Billions");
        assert_eq!(and_list::<&str>(&[]), "");
        assert_eq!(and_list(&["a"]), "a");
        assert_eq!(and_list(&["a", "b"]), "a and b");
        assert_eq!(and_list(&["a", "b", "c", "d"]), "a, b, c and d");
        assert_eq!(or_list(&["a", "b", "c"]), "a, b or c");
        assert_eq!(capitalise("éclair"), "Éclair");
        assert_eq!(capitalise(""), "");
        assert_eq!(sentence(""), "");
        assert_eq!(sentence("it ends"), "It ends.");
    }
}
