#![no_main]
//! See `fuzz/README.md`: the `actions` property for Woobieworld, variant "standard" (2–6 players).

use libfuzzer_sys::fuzz_target;
use worlds_fuzz::Variant;

fuzz_target!(|data: &[u8]| {
    worlds_fuzz::actions::<worlds_woobieworld::Woobieworld>(data, Variant::Fixed("standard"), true);
});
