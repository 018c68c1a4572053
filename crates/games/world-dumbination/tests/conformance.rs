//! The engine's conformance kit on World Dumbination, every player count and both variants.

use worlds_engine::{Config, Game, conformance};
use worlds_world_dumbination::WorldDumbination;

fn game(players: usize, variant: &str) -> WorldDumbination {
    WorldDumbination::new(&Config::players(players).with_variant(variant)).unwrap()
}

/// The kit's checks, WD-INFO-4 among them: determinization is invisible to its viewer.
#[test]
fn random_playouts_keep_the_contract() {
    for players in 2..=5 {
        for variant in ["standard", "short"] {
            let report = conformance::check(
                &game(players, variant),
                &conformance::Settings { seed: players as u64, playouts: 6, deep_playouts: 1, ..Default::default() },
            );
            eprintln!("{players}p {variant}: {report:?}");
        }
    }
}

#[test]
fn replays_reproduce_every_state_and_event() {
    conformance::check_replay(&game(3, "standard"), 3, 10, 200_000);
}

/// WD-INFO-2, WD-INFO-3: the leak test: no card of another player's hand, face-down card space or
/// kept First Goal reaches a viewer who may not see it, by name or number, in observations, views
/// or events.
#[test]
fn wd_info_2_no_hidden_card_reaches_a_viewer_who_may_not_see_it() {
    for (players, seed) in [(2, 1), (3, 2), (5, 3)] {
        let report = conformance::check_secrets(&game(players, "standard"), seed, 3, 200_000);
        assert!(report.secrets > 100 * report.games, "{players}p: {report:?}");
    }
}

/// Every legal action names elements of its player's scene, and element ids are unique.
#[test]
fn scenes_name_every_legal_action() {
    for players in [2, 5] {
        conformance::check_scenes(&game(players, "standard"), players as u64, 2, 20_000);
    }
}

/// WD-PLACE-1, WD-DEC-3, WD-INFO-2: the structural secret tests, in every variant: a card placed
/// face down (or not) looks the same to everyone else until the reveal, and what a seat is given
/// depends only on what it knows.
#[test]
fn wd_dec_3_secret_choices_and_observations_depend_only_on_what_a_seat_knows() {
    // The secret choices are compared through the first rounds (the cost grows with the square of
    // the players); the observations through whole games.
    let cases = [("standard", 2, 21, 300), ("standard", 4, 22, 120), ("short", 3, 23, 200), ("serious", 5, 24, 80)];
    for (variant, players, seed, steps) in cases {
        let g = game(players, variant);
        let choices = conformance::check_secret_choices(&g, seed, 1, steps, 4);
        let info = conformance::check_observation_is_information(&g, seed, 1, 200_000, 5);
        eprintln!("{variant} {players}p: {choices:?} {info:?}");
        assert!(choices.comparisons > 100, "{variant} {players}p: {choices:?}");
        assert!(info.comparisons > 100, "{variant} {players}p: {info:?}");
    }
}
