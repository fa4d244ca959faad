//! R700: any text parses to a program (whose print parses to the same words) or to an
//! error naming a column, never a panic. Input: byte 0 picks the target; the rest is the
//! text (lossy UTF-8).
//! The property is the library's (gpuref_amd_r700::properties), which `cargo test` also
//! runs as a seeded loop (semantics/amd-r700/src/program/tests.rs).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(failure) = gpuref_amd_r700::properties::parse_input(data) {
        panic!("{failure}");
    }
});
