//! The words of rules text (WOD-DATA-2): signs with a real minus sign, die faces, "a Leader",
//! lists, "1 more member", sentences, and the names a card gives to gamers, kinds and timings.
//! Used by `text.rs` (abilities and cards) and `effect_text.rs` (Effect cards).

use crate::ability::With;
use crate::content::Content;
use crate::vocab::{Face, GamerType, Kind};
pub use worlds_engine::text::{and_list, or_list, sentence};

/// A number with its sign, as printed: "+1", "−2" (a real minus sign), "+0".
pub fn signed(n: i8) -> String {
    if n < 0 { format!("\u{2212}{}", -i16::from(n)) } else { format!("+{n}") }
}

/// "1 more member", "2 fewer members", "1 more Loot".
pub fn more(n: i8, one: &str, many: &str) -> String {
    let abs = i16::from(n).abs();
    let word = if n < 0 { "fewer" } else { "more" };
    format!("{abs} {word} {}", if abs == 1 { one } else { many })
}

/// A die face as printed: "skull", "−3", "0", "+2".
pub fn face(f: Face) -> String {
    match f {
        Face::Skull => "skull".into(),
        Face::Number(0) => "0".into(),
        Face::Number(n) => signed(n),
    }
}

/// What a face counts as: "0", "−1", "a skull".
pub fn as_face(f: Face) -> String {
    match f {
        Face::Skull => "a skull".into(),
        f => face(f),
    }
}

/// "a Leader" (every type name starts with a consonant, but the rule is kept).
pub fn a(t: GamerType) -> String {
    let vowel = t.name().starts_with(['A', 'E', 'I', 'O', 'U']);
    format!("{} {}", if vowel { "an" } else { "a" }, t.name())
}

/// "a Casual and a Leader".
pub fn a_list(types: &[GamerType]) -> String {
    and_list(&types.iter().map(|t| a(*t)).collect::<Vec<_>>())
}

pub fn kind_dungeons(kind: Option<Kind>) -> String {
    kind.map_or_else(|| "dungeons".into(), |k| format!("{} dungeons", k.name()))
}

pub fn kind_dungeon(kind: Option<Kind>) -> String {
    kind.map_or_else(|| "dungeon".into(), |k| format!("{} dungeon", k.name()))
}

/// A gamer's printed name by id (the id itself when there is no content to look in).
pub fn gamer_name(c: Option<&Content>, id: &str) -> String {
    c.and_then(|c| c.gamers.iter().find(|g| g.id == id)).map_or_else(|| id.to_owned(), |g| g.name.clone())
}

/// Who a "will not play with" names: "Trolls", "Lady Moonwhisper", "anyone".
pub fn with_whom(c: Option<&Content>, with: &With) -> String {
    match with {
        With::Type(t) => t.plural().into(),
        With::Gamer(id) => gamer_name(c, id),
        With::Any => "anyone".into(),
    }
}
