#![no_main]
//! See `fuzz/README.md`: the `actions` property for World War 5 (2–6 players, either board).

use libfuzzer_sys::fuzz_target;
use worlds_fuzz::Variant;

fuzz_target!(|data: &[u8]| {
    worlds_fuzz::actions::<worlds_world_war_5::WorldWar5>(data, Variant::Any, true);
});
