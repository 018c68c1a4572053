//! Helpers for positions as JSON: each thing named once.

use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A JSON object read into a map that refuses a key given twice (a plain map keeps the last one
/// silently, so `{"eu-north": …, "eu-north": …}` would lose a piece without a word).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UniqueMap<K, V>(pub BTreeMap<K, V>);

impl<K, V> Default for UniqueMap<K, V> {
    fn default() -> UniqueMap<K, V> {
        UniqueMap(BTreeMap::new())
    }
}

impl<K: Serialize, V: Serialize> Serialize for UniqueMap<K, V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de, K: Deserialize<'de> + Ord + fmt::Display, V: Deserialize<'de>> Deserialize<'de> for UniqueMap<K, V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<UniqueMap<K, V>, D::Error> {
        struct Unique<K, V>(PhantomData<(K, V)>);
        impl<'de, K: Deserialize<'de> + Ord + fmt::Display, V: Deserialize<'de>> Visitor<'de> for Unique<K, V> {
            type Value = UniqueMap<K, V>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Self::Value, A::Error> {
                let mut map = BTreeMap::new();
                while let Some(key) = access.next_key::<K>()? {
                    if map.contains_key(&key) {
                        return Err(serde::de::Error::custom(format!("`{key}` is given twice")));
                    }
                    let value = access.next_value()?;
                    map.insert(key, value);
                }
                Ok(UniqueMap(map))
            }
        }
        d.deserialize_map(Unique(PhantomData))
    }
}

/// Reads JSON text into a value, refusing an object key given twice anywhere in it (serde_json's
/// own `Value` keeps the last one silently). Positions from text go through this, so they load
/// exactly like the same JSON given as a value.
///
/// # Errors
/// A syntax error, trailing text, or a key given twice, with the line and column.
pub fn parse_unique(text: &str) -> Result<serde_json::Value, serde_json::Error> {
    struct Unique(serde_json::Value);
    impl<'de> Deserialize<'de> for Unique {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Unique, D::Error> {
            d.deserialize_any(UniqueVisitor)
        }
    }
    struct UniqueVisitor;
    impl<'de> Visitor<'de> for UniqueVisitor {
        type Value = Unique;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("any JSON value")
        }
        fn visit_bool<E>(self, v: bool) -> Result<Unique, E> {
            Ok(Unique(serde_json::Value::Bool(v)))
        }
        fn visit_i64<E>(self, v: i64) -> Result<Unique, E> {
            Ok(Unique(v.into()))
        }
        fn visit_u64<E>(self, v: u64) -> Result<Unique, E> {
            Ok(Unique(v.into()))
        }
        fn visit_f64<E>(self, v: f64) -> Result<Unique, E> {
            Ok(Unique(v.into()))
        }
        fn visit_str<E>(self, v: &str) -> Result<Unique, E> {
            Ok(Unique(v.into()))
        }
        fn visit_string<E>(self, v: String) -> Result<Unique, E> {
            Ok(Unique(v.into()))
        }
        fn visit_unit<E>(self) -> Result<Unique, E> {
            Ok(Unique(serde_json::Value::Null))
        }
        fn visit_none<E>(self) -> Result<Unique, E> {
            Ok(Unique(serde_json::Value::Null))
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Unique, A::Error> {
            let mut items = Vec::new();
            while let Some(Unique(v)) = seq.next_element()? {
                items.push(v);
            }
            Ok(Unique(serde_json::Value::Array(items)))
        }
        fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Unique, A::Error> {
            let mut map = serde_json::Map::new();
            while let Some(key) = access.next_key::<String>()? {
                if map.contains_key(&key) {
                    return Err(serde::de::Error::custom(format!("`{}` is given twice", crate::quote(&key))));
                }
                let Unique(value) = access.next_value()?;
                map.insert(key, value);
            }
            Ok(Unique(serde_json::Value::Object(map)))
        }
    }
    let mut de = serde_json::Deserializer::from_str(text);
    let Unique(value) = Unique::deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// Checks that a position gives as many seats (`given`, from the field `field`) as the game has
/// players.
///
/// # Errors
/// A [`crate::StateError`] naming `field`.
pub fn check_seat_count(field: &str, given: usize, players: usize) -> Result<(), crate::StateError> {
    if given == players {
        Ok(())
    } else {
        Err(crate::StateError::invalid(field, format!("{given} seats given, but this game has {players} players")))
    }
}

/// Checks that the seats a position names in these fields exist.
///
/// # Errors
/// A [`crate::StateError`] naming the first field whose seat does not exist.
pub fn check_seats(fields: &[(&str, crate::Player)], players: usize) -> Result<(), crate::StateError> {
    match fields.iter().find(|(_, p)| p.index() >= players) {
        Some((field, p)) => Err(crate::StateError::invalid(
            *field,
            format!("seat {} does not exist in a {players}-player game", p.index()),
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_given_twice_is_refused() {
        let ok: UniqueMap<String, u8> = serde_json::from_str(r#"{"a":1,"b":2}"#).unwrap();
        assert_eq!(ok.0.len(), 2);
        let err = serde_json::from_str::<UniqueMap<String, u8>>(r#"{"a":1,"a":2}"#).unwrap_err();
        assert_eq!(err.to_string(), "`a` is given twice at line 1 column 10");
    }

    #[test]
    fn text_with_a_key_given_twice_is_refused_anywhere() {
        assert_eq!(parse_unique(r#"{"a":[{"b":1}],"c":null}"#).unwrap(), serde_json::json!({"a":[{"b":1}],"c":null}));
        let err = parse_unique(r#"{"a":{"b":1,"b":2}}"#).unwrap_err();
        assert_eq!(err.to_string(), "`b` is given twice at line 1 column 15");
        assert!(parse_unique("{} x").unwrap_err().to_string().starts_with("trailing characters"));
    }

    #[test]
    fn seat_checks_name_the_field() {
        let p = crate::Player::from_index;
        assert_eq!(check_seat_count("homes", 2, 2), Ok(()));
        assert_eq!(
            check_seat_count("homes", 3, 2).unwrap_err().to_string(),
            "state field `homes`: 3 seats given, but this game has 2 players"
        );
        assert_eq!(check_seats(&[("first", p(0)), ("active", p(1))], 2), Ok(()));
        assert_eq!(
            check_seats(&[("first", p(0)), ("active", p(4))], 2).unwrap_err().to_string(),
            "state field `active`: seat 4 does not exist in a 2-player game"
        );
    }
}
