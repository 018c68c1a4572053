//! Invariants under random inputs, both variants.
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use worlds_engine::{Config, Game, Player, SeededRng, conformance};
use worlds_woobieworld::Woobieworld;

fn game(players: usize, cycles: bool) -> Woobieworld {
    let c = Config::players(players);
    Woobieworld::new(&if cycles { c.with_variant("cycles") } else { c }).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn any_seed_keeps_the_contract(seed in any::<u64>(), players in 2usize..=6, cycles in any::<bool>()) {
        conformance::check(&game(players, cycles), &conformance::Settings { seed, playouts: 2, deep_playouts: 1, ..Default::default() });
    }

    #[test]
    fn replays_are_identical(seed in any::<u64>(), players in 2usize..=5, cycles in any::<bool>()) {
        conformance::check_replay(&game(players, cycles), seed, 1, 100_000);
    }

    #[test]
    fn any_text_is_read_or_refused(text in "\\PC{0,40}") {
        let g = game(3, false);
        if let Ok(a) = g.parse_action(&text) {
            prop_assert_eq!(g.parse_action(&g.format_action(a)), Ok(a));
        }
    }

    #[test]
    fn any_action_on_any_state_applies_or_is_refused(seed in any::<u64>(), steps in 0usize..300, code in 0usize..2000, seat in 0usize..6, cycles in any::<bool>()) {
        let g = game(4, cycles);
        let mut rng = SeededRng::new(seed);
        let (mut s, _) = g.new_game(&mut rng);
        let mut buf = Vec::new();
        worlds_engine::random_playout(&g, &mut s, &mut rng, &mut buf, steps);
        let Some(action) = g.action_from_index(code) else { return Ok(()) };
        let before = s.clone();
        match g.apply(&mut s, Player::from_index(seat), action, &mut rng) {
            Ok(_) => prop_assert!(g.legal_actions(&before, Player::from_index(seat)).contains(&action)),
            Err(_) => prop_assert_eq!(s, before),
        }
    }

    /// Real positions, mutated (a field dropped, an element duplicated, a value changed, a card
    /// index pushed past the deck): whatever loads saves and loads back equal, offers legal actions
    /// to whoever must decide, and plays on with every legal action accepted.
    #[test]
    fn mutated_positions_load_only_when_playable(seed in any::<u64>(), players in 2usize..=5, cycles in any::<bool>()) {
        conformance::check_state_mutations(&game(players, cycles), seed, 30, 40);
    }
}
