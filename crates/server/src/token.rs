//! Secrets: seat, spectator and player tokens are 128 random bits from the operating system,
//! written as 32 hex digits; the database keeps only their SHA-256.

use sha2::{Digest, Sha256};

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

fn random<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    // The operating system's generator does not fail on Linux once booted; if it ever did, a
    // token of zeros must not be handed out.
    if let Err(e) = getrandom::fill(&mut bytes) {
        panic!("the operating system's random generator failed: {e}");
    }
    bytes
}

/// A new secret token: 128 random bits as 32 hex digits.
pub fn new_token() -> String {
    hex(&random::<16>())
}

/// The SHA-256 of a token, as stored and looked up.
pub fn hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// A new public id (matches, players, logged errors): 64 random bits as 16 hex digits.
pub fn short_id() -> String {
    hex(&random::<8>())
}

/// A random seed for a match nobody gave a seed.
pub fn seed() -> u64 {
    u64::from_le_bytes(random::<8>())
}

/// Whether `text` looks like a token (so a malformed one is refused before any lookup).
pub fn well_formed(text: &str) -> bool {
    text.len() == 32 && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}
