//! Invariants under random inputs: any seed, player count and board keeps the whole contract;
//! no text, JSON or action code makes the game panic or change a state it refuses.
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use worlds_engine::{Config, Game, Player, SeededRng, conformance};
use worlds_world_war_5::WorldWar5;

fn game(players: usize, arcade: bool) -> WorldWar5 {
    let config = Config::players(players);
    WorldWar5::new(&if arcade { config.with_variant("pyramid-arcade") } else { config }).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Random playouts never panic and always end; every legal action applies; illegal ones are
    /// refused and change nothing; JSON and encodings round-trip; determinization is invisible.
    #[test]
    fn any_seed_keeps_the_contract(seed in any::<u64>(), players in 2usize..=6, arcade in any::<bool>()) {
        let g = game(players, arcade);
        conformance::check(&g, &conformance::Settings { seed, playouts: 2, deep_playouts: 1, ..Default::default() });
    }

    /// Replaying a match's log reproduces every state and event.
    #[test]
    fn replays_are_identical(seed in any::<u64>(), players in 2usize..=4) {
        conformance::check_replay(&game(players, false), seed, 1, 100_000);
    }

    /// Any text is read or refused, never a panic.
    #[test]
    fn any_text_is_read_or_refused(text in "\\PC{0,40}") {
        let g = game(2, false);
        if let Ok(a) = g.parse_action(&text) {
            prop_assert_eq!(g.parse_action(&g.format_action(a)), Ok(a));
        }
    }

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

    /// Any action code by any seat on any reachable state is either legal and applies, or is
    /// refused leaving the state untouched.
    #[test]
    fn any_action_on_any_state_applies_or_is_refused(seed in any::<u64>(), steps in 0usize..120, code in 0usize..800, seat in 0usize..6) {
        let g = game(4, false);
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

    /// Real positions, mutated (a field dropped, an element duplicated, a territory spelled
    /// another way, a value changed): whatever loads saves and loads back equal, offers legal
    /// actions to whoever must decide, and plays on with every legal action accepted.
    #[test]
    fn mutated_positions_load_only_when_playable(seed in any::<u64>(), players in 2usize..=6, arcade in any::<bool>()) {
        conformance::check_state_mutations(&game(players, arcade), seed, 40, 30);
    }
}
