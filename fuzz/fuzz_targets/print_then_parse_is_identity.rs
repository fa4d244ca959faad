//! For every decoded instruction x: parse(print(x)) == x except the documented text-loss
//! classes (formats::properties::TextLoss), and print(parse(print(x))) == print(x).
//! Input: as encode_then_decode_is_identity.
//! The property is the library's (gpuref_amd_gcn5::formats::properties), which
//! `cargo test` also runs (semantics/amd-gcn5/tests/roundtrip_props.rs, with this
//! target's corpus files when fuzz/corpus/print_then_parse_is_identity/ exists).
#![no_main]

use gpuref_amd_gcn5::formats::properties::FuzzTarget;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(failure) = FuzzTarget::PrintThenParseIsIdentity.run(data) {
        panic!("{failure}");
    }
});
