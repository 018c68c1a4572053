//! The engine's conformance kit on Bastards Inc., every player count.

use worlds_engine::{Config, Game, conformance};
use worlds_bastards_inc::BastardsInc;

fn game(players: usize) -> BastardsInc {
    BastardsInc::new(&Config::players(players)).unwrap()
}

#[test]
fn random_playouts_keep_the_contract() {
    for players in 3..=6 {
        let report = conformance::check(
            &game(players),
            &conformance::Settings { seed: players as u64, playouts: 6, deep_playouts: 1, ..Default::default() },
        );
        eprintln!("{players}p: {report:?}");
    }
}
