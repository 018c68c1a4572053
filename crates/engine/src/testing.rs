//! What every game's property tests and benchmarks share: the checks behind
//! [`crate::contract_properties!`] and the measure behind [`crate::playout_benches!`], so each game
//! writes one invocation instead of copying them.
//!
//! A game's `tests/properties.rs` holds its own invariants and one
//! `worlds_engine::contract_properties! { … }` (any seed keeps the contract, replays are identical,
//! any text is read or refused, any action code on any reached state applies or changes nothing);
//! its `benches/<id>.rs` is one `worlds_engine::playout_benches!(…)`. Its rule tests play by text
//! with the helpers here ([`play`], [`told`], [`legal`], [`refused`], [`picks`], [`dice`],
//! [`load`]), which panic with what went wrong, as a test should: they are for tests only.

use crate::chance::{Chance, Scripted, ScriptedValue, SeededRng};
use crate::error::RuleError;
use crate::game::{Game, Logged, NoEvents};
use crate::play::random_playout;
use crate::player::Player;

/// Seat `i` (0-based).
///
/// # Panics
/// When `i` is not a seat.
pub fn seat(i: usize) -> Player {
    Player::from_index(i)
}

/// Seat `seat` plays the action written `text`; the events it caused.
///
/// # Panics
/// When the text is not an action or the action is refused, saying why.
pub fn play<G: Game>(
    game: &G,
    s: &mut G::State,
    seat: usize,
    text: &str,
    rng: &mut impl Chance,
) -> Vec<Logged<G::Event>> {
    let action = game.parse_action(text).unwrap_or_else(|e| panic!("{e}"));
    game.apply(s, Player::from_index(seat), action, rng).unwrap_or_else(|e| panic!("`{text}` by P{}: {e}", seat + 1))
}

/// The events as the log words them.
pub fn told<G: Game>(game: &G, events: &[Logged<G::Event>]) -> Vec<String> {
    events.iter().map(|e| game.describe_event(&e.event)).collect()
}

/// Seat `seat`'s legal actions in notation.
pub fn legal<G: Game>(game: &G, s: &G::State, seat: usize) -> Vec<String> {
    game.legal_actions(s, Player::from_index(seat)).into_iter().map(|a| game.format_action(a)).collect()
}

/// Why the action written `text` by seat `seat` is refused, in words with the rule's ID
/// ("… [WW5-GROW-1]"): [`refusal`]'s text.
///
/// # Panics
/// When it is accepted, or refusing it changed the state.
pub fn refused<G: Game>(game: &G, s: &G::State, seat: usize, text: &str) -> String {
    refusal(game, s, seat, text).to_string()
}

/// The error the action written `text` by seat `seat` is refused with (its kind, rule and
/// message), checking that refusing it leaves the state as it was and that [`Game::check`] gives
/// the same error without applying it.
///
/// # Panics
/// When it is accepted, or refusing it changed the state.
pub fn refusal<G: Game>(game: &G, s: &G::State, seat: usize, text: &str) -> RuleError {
    let mut tried = s.clone();
    let action = game.parse_action(text).unwrap_or_else(|e| panic!("{e}"));
    let who = Player::from_index(seat);
    match game.apply(&mut tried, who, action, &mut SeededRng::new(0)) {
        Ok(_) => panic!("`{text}` by {who} was accepted"),
        Err(e) => {
            assert!(tried == *s, "refusing `{text}` changed the state");
            assert_eq!(game.check(s, who, action).err().as_ref(), Some(&e), "`check` and `apply` disagree on `{text}`");
            e
        }
    }
}

/// A chance that hands out these picks (`Chance::pick`), then falls back to a seed.
pub fn picks(values: &[u32]) -> Scripted<SeededRng> {
    Scripted::with(values.iter().map(|&v| ScriptedValue::Pick(v)), SeededRng::new(0))
}

/// A chance that rolls these dice (`Chance::roll_die`), then falls back to a seed.
pub fn dice(faces: &[u32]) -> Scripted<SeededRng> {
    Scripted::with(faces.iter().map(|&v| ScriptedValue::Die(v)), SeededRng::new(0))
}

/// A position from its plain data, through JSON and every check a saved game gets.
///
/// # Panics
/// When the position is refused, saying why.
pub fn load<G: Game>(game: &G, setup: &G::Setup) -> G::State {
    let json = serde_json::to_value(setup).unwrap_or_else(|e| panic!("the position does not serialize: {e}"));
    game.load_state_value(json).unwrap_or_else(|e| panic!("position refused: {e}"))
}

/// A game played `steps` random actions from seed `seed`, then action number `code` by seat
/// `seat`: either it was legal and applied, or it is refused and the state is untouched.
///
/// # Errors
/// What broke the contract.
pub fn action_applies_or_is_refused<G: Game>(
    game: &G,
    seed: u64,
    steps: usize,
    code: usize,
    seat: usize,
) -> Result<(), String> {
    let mut rng = SeededRng::new(seed);
    let (mut s, _) = game.new_game(&mut rng);
    let mut buf = Vec::new();
    random_playout(game, &mut s, &mut rng, &mut buf, steps);
    let Some(action) = game.action_from_index(code) else { return Ok(()) };
    let Some(player) = Player::new(seat) else { return Ok(()) };
    let before = s.clone();
    match game.apply(&mut s, player, action, &mut rng) {
        Ok(_) if game.legal_actions(&before, player).contains(&action) => Ok(()),
        Ok(_) => Err(format!("{player} was allowed `{}`, which is not in the legal list", game.format_action(action))),
        Err(_) if s == before => Ok(()),
        Err(e) => Err(format!("refusing `{}` ({e}) changed the state", game.format_action(action))),
    }
}

/// Any text is read as an action that prints as notation reading back the same, or refused.
///
/// # Errors
/// The text whose action does not round-trip.
pub fn text_is_read_or_refused<G: Game>(game: &G, text: &str) -> Result<(), String> {
    match game.parse_action(text) {
        Ok(a) if game.parse_action(&game.format_action(a)).ok() == Some(a) => Ok(()),
        Ok(a) => Err(format!("{text:?} is read as `{}`, which does not read back", game.format_action(a))),
        Err(_) => Ok(()),
    }
}

/// The mean number of actions in `games` random playouts: a benchmark's elements per iteration.
pub fn mean_playout_length<G: Game>(game: &G, seed: u64, games: usize) -> u64 {
    let mut rng = SeededRng::new(seed);
    let mut buf = Vec::new();
    let total: usize = (0..games)
        .map(|_| {
            let mut s = game.start(&mut rng, &mut NoEvents);
            random_playout(game, &mut s, &mut rng, &mut buf, usize::MAX)
        })
        .sum();
    (total / games.max(1)) as u64
}

/// The property tests every game runs, over its player counts and variants:
///
/// ```ignore
/// worlds_engine::contract_properties! {
///     game: |players: usize, variant: &str| Woobieworld::new(&config(players, variant)).unwrap(),
///     players: 2..=6,
///     variants: ["", "cycles"],
///     cases: 32,
///     playouts: 2,
///     steps: 300,
///     codes: 2000,
/// }
/// ```
///
/// `game` builds the game for a player count and a variant name (`""` for the base game);
/// `steps` bounds how far a random game is played before an arbitrary action code below `codes`
/// is tried by an arbitrary seat. The calling crate needs `proptest` as a dev-dependency.
#[macro_export]
macro_rules! contract_properties {
    (
        game: $game:expr,
        players: $players:expr,
        variants: [$($variant:expr),+ $(,)?],
        cases: $cases:expr,
        playouts: $playouts:expr,
        steps: $steps:expr,
        codes: $codes:expr $(,)?
    ) => {
        ::proptest::proptest! {
            #![proptest_config(::proptest::prelude::ProptestConfig { cases: $cases, ..::proptest::prelude::ProptestConfig::default() })]

            /// Random playouts never panic and always end; every legal action applies; illegal
            /// ones are refused and change nothing; JSON and encodings round-trip;
            /// determinization is invisible.
            #[test]
            fn any_seed_keeps_the_contract(
                seed in ::proptest::prelude::any::<u64>(),
                players in $players,
                variant in ::proptest::sample::select(vec![$($variant),+]),
            ) {
                let settings = $crate::conformance::Settings { seed, playouts: $playouts, deep_playouts: 1, ..Default::default() };
                $crate::conformance::check(&($game)(players, variant), &settings);
            }

            /// Replaying a match's log reproduces every state and event.
            #[test]
            fn replays_are_identical(
                seed in ::proptest::prelude::any::<u64>(),
                players in $players,
                variant in ::proptest::sample::select(vec![$($variant),+]),
            ) {
                $crate::conformance::check_replay(&($game)(players, variant), seed, 1, 100_000);
            }

            /// Any text is read or refused, never a panic.
            #[test]
            fn any_text_is_read_or_refused(text in "\\PC{0,40}") {
                let game = ($game)(*($players).start(), [$($variant),+][0]);
                if let Err(e) = $crate::testing::text_is_read_or_refused(&game, &text) {
                    ::proptest::prop_assert!(false, "{}", e);
                }
            }

            /// Any action code by any seat on any reached state either is legal and applies, or
            /// is refused leaving the state untouched.
            #[test]
            fn any_action_on_any_state_applies_or_is_refused(
                seed in ::proptest::prelude::any::<u64>(),
                players in $players,
                variant in ::proptest::sample::select(vec![$($variant),+]),
                steps in 0usize..$steps,
                code in 0usize..$codes,
                seat in 0usize..$crate::MAX_PLAYERS,
            ) {
                let game = ($game)(players, variant);
                if let Err(e) = $crate::testing::action_applies_or_is_refused(&game, seed, steps, code, seat) {
                    ::proptest::prop_assert!(false, "{}", e);
                }
            }
        }
    };
}

/// A game's random-playout throughput benchmark (legal-action generation included), one group
/// per configuration, in actions per second:
///
/// ```ignore
/// worlds_engine::playout_benches!("woobieworld", [
///     ("4p standard", Woobieworld::new(&Config::players(4)).unwrap()),
///     ("4p cycles", Woobieworld::new(&Config::players(4).with_variant("cycles")).unwrap()),
/// ]);
/// ```
///
/// The calling crate needs `criterion` as a dev-dependency and a `[[bench]]` with `harness = false`.
#[macro_export]
macro_rules! playout_benches {
    ($name:literal, [$(($label:expr, $game:expr)),+ $(,)?]) => {
        fn playouts(c: &mut ::criterion::Criterion) {
            $(
                let game = $game;
                let mut rng = $crate::SeededRng::new(1);
                let mut buf = Vec::new();
                let mut group = c.benchmark_group(format!("{} {}", $name, $label));
                group.throughput(::criterion::Throughput::Elements($crate::testing::mean_playout_length(&game, 1, 200)));
                group.bench_function("random playout", |b| {
                    b.iter(|| {
                        let mut s = $crate::Game::start(&game, &mut rng, &mut $crate::NoEvents);
                        $crate::random_playout(&game, &mut s, &mut rng, &mut buf, usize::MAX)
                    })
                });
                group.finish();
            )+
        }

        ::criterion::criterion_group!(benches, playouts);
        ::criterion::criterion_main!(benches);
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::TicTacToe;
    use crate::{Config, Game};

    /// The play-by-text helpers apply, word and refuse exactly as the game does.
    #[test]
    fn tests_play_by_text() {
        let g = TicTacToe::new(&Config::players(2)).unwrap();
        let mut s = g.new_game(&mut SeededRng::new(1)).0;
        let events = play(&g, &mut s, 0, "b2", &mut picks(&[]));
        assert_eq!(told(&g, &events), ["P1 marks b2"]);
        assert_eq!(legal(&g, &s, 1).len(), 8);
        assert_eq!(refused(&g, &s, 1, "b2"), "b2 is already marked [TTT-CELL]");
        assert_eq!(load(&g, &g.to_setup(&s)), s);
        assert_eq!(dice(&[4]).roll_die(6), 4);
        assert_eq!(picks(&[2]).pick(3), 2);
        assert_eq!(seat(1), Player::from_index(1));
    }

    #[test]
    fn the_shared_checks_pass_on_a_correct_game() {
        let g = TicTacToe::new(&Config::players(2)).unwrap();
        for (seed, steps, code, seat) in [(1, 0, 4, 0), (2, 3, 4, 1), (3, 9, 0, 0), (4, 2, 99, 5), (5, 1, 8, 7)] {
            assert_eq!(action_applies_or_is_refused(&g, seed, steps, code, seat), Ok(()));
        }
        for text in ["b2", "zz", "", "a1 a1"] {
            assert_eq!(text_is_read_or_refused(&g, text), Ok(()));
        }
        let n = mean_playout_length(&g, 1, 50);
        assert!((5..=9).contains(&n), "{n}");
    }
}
