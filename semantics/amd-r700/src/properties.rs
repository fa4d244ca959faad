//! The encoding properties, written once for `cargo test`'s seeded loops and the cargo-fuzz
//! targets (`fuzz/fuzz_targets/r700_*.rs`): decoding and parsing never panic, and whatever
//! decodes re-encodes to its words and prints text that parses back to them.

use crate::program::{decode, parse};
use crate::Target;

/// The target a fuzz input's first byte picks.
pub fn target_of(byte: u8) -> Target {
    Target::ALL[usize::from(byte) % Target::ALL.len()]
}

/// `words` as a program image: if it decodes, encoding gives its words back.
pub fn encode_then_decode_is_identity(target: Target, words: &[u32]) -> Result<(), String> {
    let Ok((p, n)) = decode(target, words) else {
        return Ok(());
    };
    if p.words() != words[..n] {
        return Err(format!("{words:08x?}: re-encoded as {:08x?}", p.words()));
    }
    Ok(())
}

/// `words` as a program image: if it decodes, its text parses back to its words.
pub fn print_then_parse_is_identity(target: Target, words: &[u32]) -> Result<(), String> {
    let Ok((p, n)) = decode(target, words) else {
        return Ok(());
    };
    let text = p.to_string();
    match parse(target, &text) {
        Ok(q) if q.words() == words[..n] => Ok(()),
        Ok(q) => Err(format!("`{text}` assembled to {:08x?}", q.words())),
        Err(e) => Err(format!("`{text}`: {e}")),
    }
}

/// Any text: parsing returns (an error or a program), and a program it returns prints
/// text that parses to the same words.
pub fn parse_never_panics(target: Target, text: &str) -> Result<(), String> {
    let Ok(p) = parse(target, text) else {
        return Ok(());
    };
    let again = p.to_string();
    match parse(target, &again) {
        Ok(q) if q.words() == p.words() => Ok(()),
        Ok(_) => Err(format!(
            "`{text}` and its print `{again}` assemble differently"
        )),
        Err(e) => Err(format!(
            "`{text}` prints as `{again}`, which does not parse: {e}"
        )),
    }
}

/// The `r700_decode_never_panics` fuzz target's input: byte 0 picks the target
/// ([`target_of`]), the rest is little-endian dwords; both roundtrip properties.
pub fn decode_input(data: &[u8]) -> Result<(), String> {
    let Some((&t, rest)) = data.split_first() else {
        return Ok(());
    };
    let words: Vec<u32> = rest
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let target = target_of(t);
    encode_then_decode_is_identity(target, &words)
        .and_then(|_| print_then_parse_is_identity(target, &words))
}

/// The `r700_parse_never_panics` fuzz target's input: byte 0 picks the target, the rest is
/// text (lossy UTF-8).
pub fn parse_input(data: &[u8]) -> Result<(), String> {
    let Some((&t, rest)) = data.split_first() else {
        return Ok(());
    };
    parse_never_panics(target_of(t), &String::from_utf8_lossy(rest))
}
