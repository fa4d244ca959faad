//! For every decoded instruction x: encode(x) is the dwords it came from and
//! decode(encode(x)) == x. Input: byte 0 picks gfx900 (even) or gfx908 (odd); bytes 1-2 a
//! row form (every supported row, native and VOP3 forms); the rest its random bits.
//! The property is the library's (gpuref_amd_gcn5::formats::properties), which
//! `cargo test` also runs (semantics/amd-gcn5/tests/roundtrip_props.rs, with this
//! target's corpus files when fuzz/corpus/encode_then_decode_is_identity/ exists).
#![no_main]

use gpuref_amd_gcn5::formats::properties::FuzzTarget;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(failure) = FuzzTarget::EncodeThenDecodeIsIdentity.run(data) {
        panic!("{failure}");
    }
});
