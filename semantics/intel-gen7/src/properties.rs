//! The encoding properties as library functions over raw bytes: the cargo-fuzz targets
//! (`fuzz/fuzz_targets/gen7_*.rs`) only hand them their input, and `cargo test` runs the
//! same functions on seeded inputs (`src/tests.rs`). Each returns `Err` with what broke.
//!
//! - [`decode_never_panics`]: any dword stream decodes, instruction after instruction, to
//!   instructions or located errors; every decoded instruction re-encodes to the dwords it
//!   came from (`encode∘decode`), and its text parses back to it (`parse∘print`).
//! - [`parse_never_panics`]: any text parses to an instruction or to an error whose column
//!   lies inside the text; a parsed instruction prints text that parses back to it and
//!   encodes to words that decode back to it.
//! - [`compact_then_expand`]: any 64-bit word with CmptCtrl set either is refused or
//!   decodes to an instruction whose native form compacts back to the same word.

use crate::{compact, decode, encode, parse, Inst};

fn check_inst(i: &Inst, words: &[u32]) -> Result<(), String> {
    let back = encode(i);
    if back != words {
        return Err(format!(
            "{words:08x?} decodes to `{i}`, which encodes to {back:08x?}"
        ));
    }
    let text = i.to_string();
    match parse(&text) {
        Ok(p) if p == *i => Ok(()),
        Ok(p) => Err(format!("{words:08x?}: `{text}` parses to `{p}`")),
        Err(e) => Err(format!("{words:08x?}: `{text}` does not parse: {e}")),
    }
}

/// Bytes as little-endian dwords (a trailing partial dword is dropped), decoded front to
/// back as a disassembler walks code.
pub fn decode_never_panics(data: &[u8]) -> Result<(), String> {
    let words: Vec<u32> = data
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let mut at = 0;
    while at < words.len() {
        match decode(&words[at..]) {
            Ok((i, n)) => {
                if n != 2 && n != 4 || n > words.len() - at {
                    return Err(format!("a decoded instruction of {n} dwords at {at}"));
                }
                check_inst(&i, &words[at..at + n])?;
                at += n;
            }
            Err(e) => {
                if e.offset_words >= words.len() - at {
                    return Err(format!(
                        "error offset {} outside the input: {e}",
                        e.offset_words
                    ));
                }
                at += 1;
            }
        }
    }
    Ok(())
}

/// Bytes as text (lossy UTF-8).
pub fn parse_never_panics(data: &[u8]) -> Result<(), String> {
    let text = String::from_utf8_lossy(data);
    match parse(&text) {
        Ok(i) => {
            let words = encode(&i);
            match decode(&words) {
                Ok((d, n)) if d == i && n == words.len() => check_inst(&i, &words),
                Ok((d, _)) => Err(format!(
                    "`{text}` encodes to {words:08x?}, which decodes to `{d}`"
                )),
                Err(e) => Err(format!(
                    "`{text}` encodes to {words:08x?}, which does not decode: {e}"
                )),
            }
        }
        Err(e) if e.column >= 1 && e.column <= text.len() + 1 => Ok(()),
        Err(e) => Err(format!(
            "`{text}`: column {} outside the text: {}",
            e.column, e.reason
        )),
    }
}

/// The first 8 bytes as a compact word (CmptCtrl forced on).
pub fn compact_then_expand(data: &[u8]) -> Result<(), String> {
    let mut b = [0u8; 8];
    for (d, s) in b.iter_mut().zip(data) {
        *d = *s;
    }
    let c = u64::from_le_bytes(b) | 1 << 29;
    let words = [c as u32, (c >> 32) as u32];
    let Ok((i, 2)) = decode(&words) else {
        return Ok(());
    };
    check_inst(&i, &words)?;
    let native = Inst {
        compacted: false,
        ..i
    };
    if encode(&native).len() != 4 {
        return Err(format!("{words:08x?}: the native form is not 4 dwords"));
    }
    match compact(&native) {
        Some(again) if again == i => Ok(()),
        other => Err(format!("{words:08x?}: `{native}` compacts to {other:?}")),
    }
}
