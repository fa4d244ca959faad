//! R700: any text parses to a program (whose print parses to the same words) or to an
//! error naming a column, never a panic. Input: byte 0 picks the target; the rest is the
//! text (lossy UTF-8).
//! The property is the library's (gpuref_amd_r700::properties), which `cargo test` also
//! runs as a seeded loop (semantics/amd-r700/src/program/tests.rs).
#![no_main]

use gpuref_amd_r700::properties::{parse_never_panics, target_of};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&t, rest)) = data.split_first() else {
        return;
    };
    if let Err(failure) = parse_never_panics(target_of(t), &String::from_utf8_lossy(rest)) {
        panic!("{failure}");
    }
});
