//! World Dumbination random-playout throughput, legal-action generation included.

use worlds_engine::{Config, Game};
use worlds_world_dumbination::WorldDumbination;

worlds_engine::playout_benches!(
    "world-dumbination",
    [
        ("2p", WorldDumbination::new(&Config::players(2)).expect("valid config")),
        ("5p", WorldDumbination::new(&Config::players(5)).expect("valid config")),
    ]
);
