//! Invariants under random inputs: any seed, player count and board keeps the whole contract;
//! no text, JSON or action code makes the game panic or change a state it refuses.
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use worlds_engine::{Config, Game, conformance};
use worlds_world_war_5::WorldWar5;

fn game(players: usize, arcade: bool) -> WorldWar5 {
    let config = Config::players(players);
    WorldWar5::new(&if arcade { config.with_variant("pyramid-arcade") } else { config }).unwrap()
}

worlds_engine::contract_properties! {
    game: |players, variant: &str| game(players, !variant.is_empty()),
    players: 2usize..=6,
    variants: ["", "pyramid-arcade"],
    cases: 48,
    playouts: 2,
    steps: 120,
    codes: 800,
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Words that look like notation are read as the action they name, or refused naming what
    /// could not be read.
    #[test]
    fn notation_like_text_is_read_or_refused(
        verb in prop::sample::select(vec!["grow", "build", "move", "invade", "attack", "retreat", "home", "place", "pass"]),
        a in prop::sample::select(vec!["eu-north", "EU-South", "as_north", "au-sout", "xx-nowhere", "na"]),
        joiner in prop::sample::select(vec!["to", "from", "->", ""]),
        b in prop::sample::select(vec!["af-south", "sa-East", "moon", ""]),
    ) {
        let g = game(2, false);
        let text = format!("{verb} {a} {joiner} {b}");
        match g.parse_action(&text) {
            Ok(action) => {
                // What was read prints as canonical notation that reads back the same, with the
                // verb typed (`attack` is read as `invade`).
                let printed = g.format_action(action);
                prop_assert_eq!(g.parse_action(&printed), Ok(action));
                let verb = if verb == "attack" { "invade" } else { verb };
                prop_assert!(printed.starts_with(verb), "{} read as {}", text, printed);
            }
            Err(e) => {
                prop_assert_eq!(e.input, text.trim().to_owned());
                prop_assert!(!e.reason.is_empty());
            }
        }
    }

    /// Real positions, mutated (a field dropped, an element duplicated, a territory spelled
    /// another way, a value changed): whatever loads saves and loads back equal, offers legal
    /// actions to whoever must decide, and plays on with every legal action accepted.
    #[test]
    fn mutated_positions_load_only_when_playable(seed in any::<u64>(), players in 2usize..=6, arcade in any::<bool>()) {
        conformance::check_state_mutations(&game(players, arcade), seed, 40, 30);
    }
}
