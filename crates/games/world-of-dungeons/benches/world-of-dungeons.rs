//! World of Dungeons random-playout throughput, legal-action generation included.

use worlds_engine::{Config, Game};
use worlds_world_of_dungeons::WorldOfDungeons;

worlds_engine::playout_benches!(
    "world-of-dungeons",
    [
        ("2p", WorldOfDungeons::new(&Config::players(2)).expect("valid config")),
        ("4p", WorldOfDungeons::new(&Config::players(4)).expect("valid config")),
        ("5p", WorldOfDungeons::new(&Config::players(5)).expect("valid config")),
    ]
);
