//! Any dword stream decodes to instructions or errors (offset inside the input, a reason),
//! never a panic. Input: byte 0 picks gfx900 (even) or gfx908 (odd); the rest are
//! little-endian dwords.
//! The property is the library's (gpuref_amd_gcn5::formats::properties), which
//! `cargo test` also runs (semantics/amd-gcn5/tests/roundtrip_props.rs, with this
//! target's corpus files when fuzz/corpus/decode_never_panics/ exists).
#![no_main]

use gpuref_amd_gcn5::formats::properties::FuzzTarget;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(failure) = FuzzTarget::DecodeNeverPanics.run(data) {
        panic!("{failure}");
    }
});
