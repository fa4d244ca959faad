//! R700: any dword stream decodes to a program or a located error, never a panic; what
//! decodes re-encodes to its words and prints text that parses back to them. Input: byte 0
//! picks the target (rv770, rv710, rv730, rv740); the rest are little-endian dwords.
//! The properties are the library's (gpuref_amd_r700::properties), which `cargo test` also
//! runs as seeded loops (semantics/amd-r700/src/program/tests.rs).
#![no_main]

use gpuref_amd_r700::properties::{
    encode_then_decode_is_identity, print_then_parse_is_identity, target_of,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&t, rest)) = data.split_first() else {
        return;
    };
    let words: Vec<u32> = rest
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let target = target_of(t);
    if let Err(failure) = encode_then_decode_is_identity(target, &words)
        .and_then(|_| print_then_parse_is_identity(target, &words))
    {
        panic!("{failure}");
    }
});
