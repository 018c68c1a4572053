#![no_main]
//! See `fuzz/README.md`: the `state_json` property for Woobieworld, variant "standard" (2–6 players).

use libfuzzer_sys::fuzz_target;
use worlds_fuzz::Variant;

fuzz_target!(|data: &[u8]| {
    worlds_fuzz::state_json::<worlds_woobieworld::Woobieworld>(data, Variant::Fixed("standard"), true);
});
