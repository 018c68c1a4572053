//! The engine's conformance kit on World of Dungeons, every player count.
#![allow(clippy::unwrap_used)]

use worlds_engine::{Config, Game, conformance};
use worlds_world_of_dungeons::WorldOfDungeons;

fn game(players: usize) -> WorldOfDungeons {
    WorldOfDungeons::new(&Config::players(players)).unwrap()
}

#[test]
fn random_playouts_keep_the_contract() {
    for players in 2..=5 {
        let report = conformance::check(
            &game(players),
            &conformance::Settings { seed: players as u64, playouts: 60, deep_playouts: 3, ..Default::default() },
        );
        eprintln!("{players}p: {report:?}");
    }
}

#[test]
fn replays_reproduce_every_state_and_event() {
    conformance::check_replay(&game(3), 5, 10, 100_000);
}

/// WOD-INFO-2: the leak test: no card of another player's hand reaches a viewer who may not see
/// it, by name or id, in observations, views or events.
#[test]
fn wod_info_2_no_hidden_card_reaches_a_viewer_who_may_not_see_it() {
    for (players, seed) in [(2, 1), (4, 2), (5, 3)] {
        let report = conformance::check_secrets(&game(players), seed, 20, 100_000);
        assert!(report.secrets > 100 * report.games, "{players}p: {report:?}");
    }
}

/// WOD-INFO-1, WOD-INFO-2, WOD-INFO-3: the structural secret tests: what a seat is given depends
/// only on what it knows (two re-deals of what it has not seen look the same to it). (World of
/// Dungeons has no simultaneous decision: the first check finds nothing to compare, and says so.)
#[test]
fn wod_info_3_observations_depend_only_on_what_a_seat_knows() {
    for (players, seed) in [(2, 41), (3, 42), (5, 43)] {
        let g = game(players);
        let choices = conformance::check_secret_choices(&g, seed, 2, 200_000, 4);
        assert_eq!(choices.comparisons, 0, "{players}p: {choices:?}");
        let info = conformance::check_observation_is_information(&g, seed, 2, 200_000, 7);
        eprintln!("{players}p: {info:?}");
        assert!(info.comparisons > 100, "{players}p: {info:?}");
    }
}
