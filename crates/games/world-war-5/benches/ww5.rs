//! World War 5 random-playout throughput, legal-action generation included.

use worlds_engine::{Config, Game};
use worlds_world_war_5::WorldWar5;

worlds_engine::playout_benches!(
    "world-war-5",
    [
        ("2p", WorldWar5::new(&Config::players(2)).expect("valid config")),
        ("4p", WorldWar5::new(&Config::players(4)).expect("valid config")),
    ]
);
