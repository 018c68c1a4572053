//! Bastards Inc. random-playout throughput, legal-action generation included (the target:
//! at least 500,000 actions per second on one core at 4 players).

use worlds_bastards_inc::BastardsInc;
use worlds_engine::{Config, Game};

worlds_engine::playout_benches!(
    "bastards-inc",
    [
        ("4p", BastardsInc::new(&Config::players(4)).expect("valid config")),
        ("6p", BastardsInc::new(&Config::players(6)).expect("valid config")),
    ]
);
