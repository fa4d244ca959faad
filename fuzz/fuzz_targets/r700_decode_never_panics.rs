//! R700: any dword stream decodes to a program or a located error, never a panic; what
//! decodes re-encodes to its words and prints text that parses back to them. Input: byte 0
//! picks the target (rv770, rv710, rv730, rv740); the rest are little-endian dwords.
//! The properties are the library's (gpuref_amd_r700::properties), which `cargo test` also
//! runs as seeded loops (semantics/amd-r700/src/program/tests.rs).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(failure) = gpuref_amd_r700::properties::decode_input(data) {
        panic!("{failure}");
    }
});
