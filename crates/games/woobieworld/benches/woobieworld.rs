//! Woobieworld random-playout throughput, legal-action generation included.

use worlds_engine::{Config, Game};
use worlds_woobieworld::Woobieworld;

worlds_engine::playout_benches!(
    "woobieworld",
    [
        ("4p standard", Woobieworld::new(&Config::players(4).with_variant("standard")).expect("valid config")),
        ("4p cycles", Woobieworld::new(&Config::players(4).with_variant("cycles")).expect("valid config")),
    ]
);
