//! Helpers shared by the format modules (besides `illegal` and `UNUSED` in the dispatcher):
//! LLVM's spelling of a VGPR range that may not fit, and the operand/modifier tokenizer of
//! the memory formats (MUBUF/MTBUF, MIMG). The `testing` submodule holds what the formats'
//! unit tests share.

use crate::instructions::{Format, Row};
use crate::operand::{ScalarReg, ScalarSrc, VgprRange};
use std::sync::OnceLock;

/// A value computed once per row (an operand shape, the lower-case name) and kept: decoding
/// and printing ask for it on every instruction. Slots are indexed by format and opcode; a
/// slot two rows share (one name per target) holds both, told apart by name.
pub struct PerRow<S: 'static> {
    slots: OnceLock<Vec<Vec<(&'static str, S)>>>,
    compute: fn(&Row) -> S,
}

const OPCODES: usize = 1024;

fn slot(format: Format, opcode: u16) -> usize {
    format as usize * OPCODES + usize::from(opcode)
}

impl<S: 'static> PerRow<S> {
    /// The table of `compute` over every row, filled on first use.
    pub const fn new(compute: fn(&Row) -> S) -> Self {
        PerRow {
            slots: OnceLock::new(),
            compute,
        }
    }

    /// `compute(row)`, from the table.
    #[inline]
    pub fn get(&'static self, row: &Row) -> &'static S {
        let slots = match self.slots.get() {
            Some(slots) => slots,
            None => self.fill(),
        };
        // The usual case: one row in the slot, the very same name (same pointer).
        if let Some([(n, s)]) = slots.get(slot(row.format, row.opcode)).map(Vec::as_slice) {
            if std::ptr::eq(*n, row.name) {
                return s;
            }
        }
        self.find(slots, row)
    }

    #[cold]
    fn fill(&'static self) -> &'static Vec<Vec<(&'static str, S)>> {
        self.slots.get_or_init(|| {
            let mut slots: Vec<Vec<(&'static str, S)>> = Vec::new();
            slots.resize_with(Format::ALL.len() * OPCODES, Vec::new);
            for r in crate::instructions::rows() {
                let entries = &mut slots[slot(r.format, r.opcode)];
                if entries.iter().all(|(n, _)| *n != r.name) {
                    entries.push((r.name, (self.compute)(r)));
                }
            }
            slots
        })
    }

    /// A slot two rows share, or a Row built elsewhere (tests: computed and kept).
    #[cold]
    fn find(&'static self, slots: &'static [Vec<(&'static str, S)>], row: &Row) -> &'static S {
        let found = slots
            .get(slot(row.format, row.opcode))
            .and_then(|e| e.iter().find(|(n, _)| *n == row.name));
        match found {
            Some((_, s)) => s,
            None => Box::leak(Box::new((self.compute)(row))),
        }
    }
}

/// `VgprRange { first, count }.display()` (`v5`, `v[5:6]`) appended to `out`; from a table
/// for the counts up to 16.
pub fn push_vgpr(out: &mut String, first: u8, count: u8) {
    const COUNTS: usize = 16;
    static TABLE: OnceLock<Vec<Box<str>>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..=255u8)
            .flat_map(|first| {
                (1..=COUNTS as u8).map(move |count| VgprRange { first, count }.display().into())
            })
            .collect()
    });
    let i = usize::from(first) * COUNTS + usize::from(count).wrapping_sub(1);
    match table
        .get(i)
        .filter(|_| (1..=COUNTS).contains(&usize::from(count)))
    {
        Some(s) => out.push_str(s),
        None => out.push_str(&VgprRange { first, count }.display()),
    }
}

/// `ScalarReg::from_code(code).map(|r| r.display(dwords)).unwrap_or_default()` appended to
/// `out` (nothing for a code that is no scalar register); from a table for 1 and 2 dwords.
pub fn push_sreg(out: &mut String, code: u8, dwords: u32) {
    static TABLE: OnceLock<Vec<Box<str>>> = OnceLock::new();
    let text = |code: u8, dwords: u32| -> String {
        ScalarReg::from_code(code)
            .map(|r| r.display(dwords))
            .unwrap_or_default()
    };
    let table = TABLE.get_or_init(|| {
        (0..=255u8)
            .flat_map(|c| [text(c, 1).into(), text(c, 2).into()])
            .collect()
    });
    match dwords {
        1 | 2 => out.push_str(&table[usize::from(code) * 2 + dwords as usize - 1]),
        _ => out.push_str(&text(code, dwords)),
    }
}

/// `format!("{v:#x}")` appended to `out` (`0x0`, `0x1f`).
pub fn push_hex(out: &mut String, v: u32) {
    out.push_str("0x");
    if v == 0 {
        out.push('0');
        return;
    }
    let digits = (32 - v.leading_zeros()).div_ceil(4);
    for i in (0..digits).rev() {
        let d = (v >> (4 * i)) & 0xf;
        out.push(char::from(b"0123456789abcdef"[d as usize]));
    }
}

/// `ScalarSrc::from_code(code).map(|s| s.display(dwords, literal))` (`<ssrc {code}>` for a
/// reserved code) appended to `out`; from a table (per code, 1 or 2 dwords) for every code
/// but the literal.
pub fn push_ssrc(out: &mut String, code: u8, dwords: u32, literal: u32) {
    let text = |code: u8, dwords: u32, literal: u32| -> String {
        ScalarSrc::from_code(code)
            .map(|s| s.display(dwords, literal))
            .unwrap_or_else(|_| format!("<ssrc {code}>"))
    };
    static TABLE: OnceLock<Vec<Box<str>>> = OnceLock::new();
    if code != ScalarSrc::LITERAL_CODE && matches!(dwords, 1 | 2) {
        let table = TABLE.get_or_init(|| {
            (0..=255u8)
                .flat_map(|c| [text(c, 1, 0).into(), text(c, 2, 0).into()])
                .collect()
        });
        out.push_str(&table[usize::from(code) * 2 + dwords as usize - 1]);
    } else {
        out.push_str(&text(code, dwords, literal));
    }
}

/// An instruction's text being written: the mnemonic, then operands separated by `, `.
pub struct Ops<'a> {
    pub out: &'a mut String,
    n: usize,
}

impl<'a> Ops<'a> {
    /// Start with `mnemonic`.
    pub fn new(out: &'a mut String, mnemonic: &str) -> Self {
        out.push_str(mnemonic);
        Ops { out, n: 0 }
    }

    /// The buffer, after the separator of the next operand (` ` for the first, else `, `).
    pub fn operand(&mut self) -> &mut String {
        self.out.push_str(if self.n == 0 { " " } else { ", " });
        self.n += 1;
        self.out
    }
}

/// The row's LLVM mnemonic (its name in lower case), computed once.
pub fn mnemonic(row: &Row) -> &'static str {
    static NAMES: PerRow<Box<str>> = PerRow::new(|r| r.mnemonic().into_boxed_str());
    NAMES.get(row)
}

/// LLVM's spelling of `n` VGPRs at `v` (`v5`, `v[5:6]`); `<v.. x..>` when the range does not
/// fit (only a word `check` rejects has one).
pub fn vgpr(v: u8, n: u8) -> String {
    VgprRange::new(v, n)
        .map(VgprRange::display)
        .unwrap_or_else(|_| format!("<v{v} x{n}>"))
}

/// [`vgpr`] appended to `out` (from the table of [`push_vgpr`] when the range fits).
pub fn push_vgpr_checked(out: &mut String, v: u8, n: u8) {
    if VgprRange::new(v, n).is_ok() {
        push_vgpr(out, v, n);
    } else {
        out.push_str(&vgpr(v, n));
    }
}

/// A token of an operand text: (0-based column, text, followed by a comma).
pub type Token<'a> = (usize, &'a str, bool);

/// Split `ops` (whose 0-based column is `base`) into comma-separated operands and the
/// space-separated modifiers after them; brackets and parentheses keep their content in one
/// token. An empty token (`,,` or a leading `,`) is an error.
pub fn comma_tokens(ops: &str, base: usize) -> Result<Vec<Token<'_>>, (usize, String)> {
    let bytes = ops.as_bytes();
    let mut toks: Vec<Token<'_>> = Vec::new();
    let mut pos = 0;
    while pos < bytes.len() {
        while pos < bytes.len() && (bytes[pos] == b' ' || bytes[pos] == b'\t') {
            pos += 1;
        }
        if pos >= bytes.len() {
            break;
        }
        let start = pos;
        let mut depth = 0i32;
        while pos < bytes.len() {
            match bytes[pos] {
                b'[' | b'(' => depth += 1,
                b']' | b')' => depth -= 1,
                b' ' | b'\t' | b',' if depth <= 0 => break,
                _ => {}
            }
            pos += 1;
        }
        let tok = &ops[start..pos];
        if tok.is_empty() {
            return Err((base + start, "unexpected `,`".into()));
        }
        while pos < bytes.len() && (bytes[pos] == b' ' || bytes[pos] == b'\t') {
            pos += 1;
        }
        let comma = pos < bytes.len() && bytes[pos] == b',';
        if comma {
            pos += 1;
        }
        toks.push((base + start, tok, comma));
    }
    Ok(toks)
}

/// How many of `toks` are operands (the first tokens up to and including the first one not
/// followed by a comma) when `nops` are expected; `end` is the column of the end of the text.
/// Errors: a trailing `,`, or a count other than `nops` (`{mnemonic} takes {nops} {noun},
/// found {n}`).
pub fn count_operands(
    toks: &[Token<'_>],
    end: usize,
    nops: usize,
    mnemonic: &str,
    noun: &str,
) -> Result<usize, (usize, String)> {
    let mut n = 0;
    while n < toks.len() && toks[n].2 {
        n += 1;
    }
    if n < toks.len() && nops > 0 {
        n += 1;
    }
    if let Some(t) = toks.last() {
        if t.2 {
            return Err((end, "expected an operand after `,`".into()));
        }
    }
    if n != nops {
        let col = toks.get(nops.min(n)).map_or(end, |t| t.0);
        return Err((col, format!("{mnemonic} takes {nops} {noun}, found {n}")));
    }
    Ok(n)
}

/// A modifier token: (column, token, key, value), split at the first `:` (value empty
/// without one).
pub type Modifier<'a> = (usize, &'a str, &'a str, &'a str);

/// The modifier tokens (column, text) in order, each split at its first `:`; a key given a
/// second time, or a token filling a field an earlier token filled (`mul:` and `div:` both
/// set the output modifier), is an error at that token naming both (the caller stops at the
/// first error, so errors keep text order).
pub fn modifiers<'a>(
    toks: impl IntoIterator<Item = (usize, &'a str)>,
) -> impl Iterator<Item = Result<Modifier<'a>, (usize, String)>> {
    // (field, first token) of each token seen.
    let mut seen: Vec<(&'a str, &'a str)> = Vec::new();
    toks.into_iter().map(move |(col, tok)| {
        let (key, val) = tok.split_once(':').unwrap_or((tok, ""));
        let field = match key {
            "mul" | "div" => "omod",
            _ => key,
        };
        if let Some((_, first)) = seen.iter().find(|s| s.0 == field) {
            return Err(if first.split(':').next() == Some(key) {
                (
                    col,
                    format!("`{key}` given twice (rule gcn5.asm.modifier_once)"),
                )
            } else {
                (
                    col,
                    format!(
                        "`{tok}` conflicts with `{first}`: one output modifier (rule \
                         gcn5.asm.modifier_once)"
                    ),
                )
            });
        }
        seen.push((field, tok));
        Ok((col, tok, key, val))
    })
}

/// What the formats' unit tests share.
#[cfg(test)]
pub mod testing {
    use crate::formats::{decode, encode, parse, Instruction};
    use crate::target::Target;
    use gpuref_core::decode::DecodeErrorKind;

    /// splitmix64.
    pub fn next(state: &mut u64) -> u64 {
        *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Decode `words` on `t`: a decoded instruction must use every word, encode back to them
    /// and its text must parse back to it (asserted; it is returned). A rejection must be an
    /// `IllegalField`; its field and value are returned.
    pub fn roundtrip_or_illegal(
        t: Target,
        words: &[u32],
    ) -> Result<Instruction, (&'static str, u64)> {
        match decode(t, words) {
            Ok((inst, used)) => {
                assert_eq!(used, words.len(), "{words:08x?}: {inst:?}");
                assert_eq!(encode(&inst), words.to_vec());
                let text = inst.to_string();
                assert_eq!(parse(t, &text), Ok(inst), "{text}");
                Ok(inst)
            }
            Err(e) => match e.kind {
                DecodeErrorKind::IllegalField { field, value, .. } => Err((field, value)),
                _ => panic!("{words:08x?}: {e}"),
            },
        }
    }

    /// The field of the `IllegalField` error `words` give on `t` (any other result panics).
    pub fn illegal_field(t: Target, words: &[u32]) -> &'static str {
        match decode(t, words).map_err(|e| e.kind) {
            Err(DecodeErrorKind::IllegalField { field, .. }) => field,
            other => panic!("{words:x?}: {other:?}"),
        }
    }

    /// Each text fails to parse on `t` with an error at the given 0-based column.
    pub fn assert_error_columns(t: Target, cases: &[(&str, usize)]) {
        for &(text, col) in cases {
            let e = parse(t, text).expect_err(text);
            assert_eq!(e.column, col, "{text}: {e}");
        }
    }
}
