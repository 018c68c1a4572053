//! Invariants under random inputs, both variants.
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use worlds_engine::{Config, Game, conformance};
use worlds_woobieworld::Woobieworld;

fn game(players: usize, cycles: bool) -> Woobieworld {
    let c = Config::players(players);
    Woobieworld::new(&if cycles { c.with_variant("cycles") } else { c }).unwrap()
}

worlds_engine::contract_properties! {
    game: |players, variant: &str| game(players, !variant.is_empty()),
    players: 2usize..=6,
    variants: ["", "cycles"],
    cases: 32,
    playouts: 2,
    steps: 300,
    codes: 2000,
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Real positions, mutated (a field dropped, an element duplicated, a value changed, a card
    /// index pushed past the deck): whatever loads saves and loads back equal, offers legal actions
    /// to whoever must decide, and plays on with every legal action accepted.
    #[test]
    fn mutated_positions_load_only_when_playable(seed in any::<u64>(), players in 2usize..=5, cycles in any::<bool>()) {
        conformance::check_state_mutations(&game(players, cycles), seed, 30, 40);
    }
}
