#![no_main]
//! See `fuzz/README.md`: the `state_json` property for connect-four.

use libfuzzer_sys::fuzz_target;
use worlds_fuzz::Variant;

fuzz_target!(|data: &[u8]| {
    worlds_fuzz::state_json::<worlds_engine::reference::ConnectFour>(data, Variant::Any, false);
});
