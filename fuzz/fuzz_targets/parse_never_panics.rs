//! Any text parses to an instruction (which prints, re-parses and encodes consistently) or
//! to an error naming a column inside the text, never a panic. Input: byte 0 picks the
//! target; the rest is the text (lossy UTF-8).
//! The property is the library's (gpuref_amd_gcn5::formats::properties), which
//! `cargo test` also runs (semantics/amd-gcn5/tests/roundtrip_props.rs, with this
//! target's corpus files when fuzz/corpus/parse_never_panics/ exists).
#![no_main]

use gpuref_amd_gcn5::formats::properties::FuzzTarget;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(failure) = FuzzTarget::ParseNeverPanics.run(data) {
        panic!("{failure}");
    }
});
