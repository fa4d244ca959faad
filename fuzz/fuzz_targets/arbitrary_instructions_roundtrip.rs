//! Instructions made by `arbitrary::Arbitrary` (gpuref-amd-gcn5's `arbitrary` feature:
//! target, row form, random bits, retried until they decode): both roundtrip properties,
//! encode_then_decode_is_identity and print_then_parse_is_identity, on each.
#![no_main]

use gpuref_amd_gcn5::formats::properties::{
    encode_then_decode_is_identity, print_then_parse_is_identity, Generated,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|g: Generated| {
    let checked = encode_then_decode_is_identity(g.target, &g.words)
        .and_then(|_| print_then_parse_is_identity(g.target, &g.words));
    match checked {
        Ok(_) => {}
        Err(failure) => panic!("{failure}"),
    }
});
