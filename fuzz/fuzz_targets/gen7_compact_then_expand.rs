//! Intel Gen7: the property `gpuref_intel_gen7::properties::compact_then_expand` (see its doc), which
//! `cargo test -p gpuref-intel-gen7` also runs on seeded inputs.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(failure) = gpuref_intel_gen7::properties::compact_then_expand(data) {
        panic!("{failure}");
    }
});
