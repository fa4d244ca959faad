//! The properties every format must have, in one place: the cargo-fuzz targets (fuzz/) and
//! `cargo test` (tests/roundtrip_props.rs) call these functions, so a fuzz find and a test
//! failure mean the same thing.
//!
//! - [`decode_never_panics`]: any dword stream decodes to instructions or to errors, never a
//!   panic; an error names its offset (inside the input) and a reason; an instruction uses
//!   at least one and at most the remaining dwords.
//! - [`encode_then_decode_is_identity`]: for every decoded `x`, `encode(x)` is the dwords it
//!   was decoded from and `decode(encode(x)) == x`. No exception: decoding is strict (a
//!   field an instruction does not use must be zero, immediates are kept whole), so every
//!   decodable word sequence is the canonical encoding of its instruction.
//! - [`print_then_parse_is_identity`]: `print(parse(print(x))) == print(x)` (except
//!   [`TextLoss::SwizzleBitmaskPerm`], where LLVM's syntax respells the lane pattern and the
//!   respelled text is a fixpoint), and `parse(print(x)) == x` except in the classes of
//!   [`TextLoss`]: where LLVM's syntax does not show every bit, the design notes
//!   (docs/design/0008–0016) chose to print as LLVM does; each class states exactly how the
//!   parsed instruction differs from `x`, and anything else fails.
//! - [`parse_never_panics`]: any text parses or gives an error with a column inside it.
//!
//! Generators: [`forms`] lists, per target, every row of a format [`super::is_supported`]
//! handles, in its native form and in its VOP3 form when the dispatcher identifies that
//! form's bits (not for the rows `valu::NO_E64` says have none; forms whose decode error
//! says "not decoded yet" are listed by [`not_yet`] instead), so a format added to the
//! dispatcher is generated without a change here. [`words_for_form`] builds dwords from a
//! form's fixed ENCODING/OP bits ([`super::template::opcode_bits`]) and random other bits
//! (often sparse, or flipped from the form's decodable [`Form::base`], since decoding is
//! strict); [`words_from_bytes`] does the same from fuzzer bytes, and [`generate`] retries
//! seeds until the words decode. With the `arbitrary` feature, `Generated` implements
//! `arbitrary::Arbitrary`. [`FuzzTarget`] is how each fuzz target reads its input.
//!
//! Tests: tests/roundtrip_props.rs (`GPUREF_PROPS_WORDS`, `GPUREF_PROPS_CASES` raise the
//! counts); fuzzing: fuzz/README.md.

use super::{decode, encode, identify, is_supported, parse, Fields, Instruction};
use super::{ds, smem};
use crate::instructions::{rows, Format, Row};
use crate::operand::{ScalarSrc, VectorSrc};
use crate::target::Target;
use gpuref_core::decode::{DecodeError, DecodeErrorKind};
use std::fmt;
use std::sync::OnceLock;

/// The longest instruction of any format, in dwords (a 64-bit encoding plus a literal, with
/// room to spare); generators give this many.
pub const MAX_DWORDS: usize = 3;

/// A property that does not hold: which, on what input, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub property: &'static str,
    pub target: Target,
    /// The input dwords (for a stream, from the instruction that failed).
    pub words: Vec<u32>,
    pub detail: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} fails on {}, words [", self.property, self.target)?;
        for (i, w) in self.words.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{w:#010x}")?;
        }
        write!(f, "]: {}", self.detail)
    }
}

impl std::error::Error for Failure {}

fn fail(property: &'static str, target: Target, words: &[u32], detail: String) -> Failure {
    Failure {
        property,
        target,
        words: words.to_vec(),
        detail,
    }
}

/// Words from little-endian bytes (a short last chunk is zero-extended).
pub fn words_from_le_bytes(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks(4)
        .map(|c| {
            let mut b = [0u8; 4];
            b[..c.len()].copy_from_slice(c);
            u32::from_le_bytes(b)
        })
        .collect()
}

/// The target a fuzz input's first byte selects (even: gfx900, odd: gfx908).
pub fn target_from_byte(b: u8) -> Target {
    Target::ALL[usize::from(b & 1)]
}

// ---------------------------------------------------------------------------------------
// (a) decode never panics

/// Decode `words` as a stream: at each offset, an instruction (skip the dwords it used) or
/// an error (skip one dword). Checks: an instruction uses `1..=remaining` dwords, equal to
/// `Instruction::dwords()`, its row exists on `target`, and it prints; an error's offset
/// lies inside the input and it has a reason (a `Truncated` error is only given when the
/// input is shorter than needed). Returns how many instructions decoded. A panic anywhere is
/// the failure the fuzz target looks for.
pub fn decode_never_panics(target: Target, words: &[u32]) -> Result<usize, Failure> {
    const P: &str = "decode_never_panics";
    let mut at = 0;
    let mut decoded = 0;
    // An empty stream must be an error, not an instruction.
    if words.is_empty() {
        return match decode(target, words) {
            Err(DecodeError {
                offset_words: 0,
                kind: DecodeErrorKind::Truncated { available: 0, .. },
            }) => Ok(0),
            other => Err(fail(
                P,
                target,
                words,
                format!("an empty input gives {other:?}, not Truncated at offset 0"),
            )),
        };
    }
    while at < words.len() {
        let rest = &words[at..];
        match decode(target, rest) {
            Ok((inst, used)) => {
                let here = &rest[..used.min(rest.len())];
                if used == 0 || used > rest.len() {
                    return Err(fail(
                        P,
                        target,
                        rest,
                        format!("used {used} of {} dwords", rest.len()),
                    ));
                }
                if used != inst.dwords() {
                    return Err(fail(
                        P,
                        target,
                        here,
                        format!("used {used} but dwords() is {}", inst.dwords()),
                    ));
                }
                if !inst.row.targets.contains(target) || !is_supported(inst.row) {
                    return Err(fail(
                        P,
                        target,
                        here,
                        format!(
                            "decoded to {}, not a supported row of the target",
                            inst.row.name
                        ),
                    ));
                }
                if inst.to_string().is_empty() {
                    return Err(fail(P, target, here, "prints as nothing".into()));
                }
                decoded += 1;
                at += used;
            }
            Err(e) => {
                // Offsets are relative to the slice given; a stream decoder adds `at`.
                if e.offset_words >= rest.len() {
                    return Err(fail(
                        P,
                        target,
                        rest,
                        format!(
                            "error offset {} outside the {} dwords: {e}",
                            e.offset_words,
                            rest.len()
                        ),
                    ));
                }
                let ok = match &e.kind {
                    DecodeErrorKind::Truncated { needed, available } => {
                        *available == rest.len() && needed > available
                    }
                    DecodeErrorKind::UnknownOpcode { format, .. } => !format.is_empty(),
                    DecodeErrorKind::IllegalField { field, reason, .. } => {
                        !field.is_empty() && !reason.is_empty()
                    }
                };
                if !ok {
                    return Err(fail(
                        P,
                        target,
                        rest,
                        format!("error without a valid reason: {e:?}"),
                    ));
                }
                at += 1;
            }
        }
    }
    Ok(decoded)
}

// ---------------------------------------------------------------------------------------
// (b) encode then decode is identity

/// If `words` start with an instruction `x`: `encode(x)` is exactly the dwords it was
/// decoded from, and `decode(encode(x)) == (x, same length)`. Returns `x`, or `None` when
/// the words do not decode (nothing to check).
pub fn encode_then_decode_is_identity(
    target: Target,
    words: &[u32],
) -> Result<Option<Instruction>, Failure> {
    const P: &str = "encode_then_decode_is_identity";
    let Ok((x, used)) = decode(target, words) else {
        return Ok(None);
    };
    let here = &words[..used.min(words.len())];
    let enc = encode(&x);
    if enc != here {
        return Err(fail(
            P,
            target,
            here,
            format!("`{x}` encodes to {enc:#010x?}, not the words it came from"),
        ));
    }
    match decode(target, &enc) {
        Ok((y, n)) if y == x && n == used => Ok(Some(x)),
        other => Err(fail(
            P,
            target,
            here,
            format!("decode(encode(x)) = {other:?}, x = {x:?}"),
        )),
    }
}

// ---------------------------------------------------------------------------------------
// (c) print then parse is identity

/// Where our text (LLVM's syntax) does not show every bit of an instruction, so that
/// `parse(print(x))` is a different instruction `y` with the same text. Each class says
/// exactly how `y` differs from `x`; [`TextLoss::explains`] checks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextLoss {
    /// docs/design/0008 "Operands" ("a redundant literal does not survive print → parse"):
    /// a literal whose value is an inline constant prints as that constant (LLVM prints
    /// literals by value), which parses to the inline code. `y` has no literal and each
    /// source of `x` that was the literal is, in `y`, the inline integer or float constant
    /// of that value (SALU: checked by value; VOP1/VOP2/VOPC SRC0: by the operand type's
    /// spelling, i.e. the unchanged text); everything else is equal.
    RedundantLiteral,
    /// docs/design/0008 "Immediates": S_WAITCNT's SIMM16 bits 7, 12 and 13 are not printed.
    /// `y`'s SIMM16 is `x`'s with those bits cleared.
    WaitcntUnprintedBits,
    /// docs/design/0008 "Immediates": S_SENDMSG/S_SENDMSGHALT print symbolically when the
    /// message, operation and stream are valid, ignoring the other SIMM16 bits (7, 10..15).
    /// `y`'s SIMM16 is `x`'s with those bits cleared.
    SendmsgUnprintedBits,
    /// docs/design/0009 "Offsets": SMEM IMM=0 SOE=1 (register in SOFFSET) prints as the
    /// IMM=0 SOE=0 form (register in OFFSET). `y`'s offset is `Reg(r)` where `x`'s is
    /// `Soffset(r)`; everything else is equal.
    SmemSoffsetAsOffset,
    /// docs/design/0010 N2 (DS_SWIZZLE_B32; ds.rs `swizzle_text`): a BITMASK_PERM offset
    /// (bit 15 clear) prints as the lane pattern, which several and/or/xor masks give. `y`'s
    /// offset has bit 15 clear and makes every lane read the same lane as `x`'s; everything
    /// else is equal. The only class where the text itself may change: `y` can have a
    /// shorter spelling (`0x600` prints `swizzle(BITMASK_PERM,"10001")`, which parses to
    /// `0x220`, printed `swizzle(BROADCAST,32,17)`; llvm-mc 14 does the same both ways), and
    /// then `y`'s text is a fixpoint: `parse(print(y)) == y`.
    SwizzleBitmaskPerm,
    /// VOP1 rows without operands (V_NOP, V_CLREXCP) in their VOP3 form, every other bit
    /// zero: llvm-mc 14 prints `v_nop` for both encodings (`0x7e000000` and
    /// `[0xd1400000, 0]`) and assembles `v_nop` to the VOP1 one (`v_nop_e64` to VOP3). `y`
    /// is the same row in its VOP1 form, with no other bit set.
    OperandlessE64AsE32,
    /// docs/design/0014 T1 ("non-unique 16-bit texts"): SRC0 of a VOP1/VOP2/VOPC (e32) row
    /// whose operand is 16-bit (I16, F16, V2I16, V2F16) prints by LLVM's 16-bit rules, which
    /// several encodings share: a float constant of an integer operand prints as its f16
    /// bits (`0xb800`), which parses as a literal; a literal prints its low half. `y` differs
    /// from `x` only in SRC0 and the literal, and its SRC0 prints as `x`'s
    /// (`valu::src_text`).
    SixteenBitSrc0,
}

impl TextLoss {
    pub const ALL: [TextLoss; 7] = [
        TextLoss::RedundantLiteral,
        TextLoss::WaitcntUnprintedBits,
        TextLoss::SendmsgUnprintedBits,
        TextLoss::SmemSoffsetAsOffset,
        TextLoss::SwizzleBitmaskPerm,
        TextLoss::OperandlessE64AsE32,
        TextLoss::SixteenBitSrc0,
    ];

    /// Whether `y` (= `parse(print(x))`) differs from `x` exactly as this class says.
    pub fn explains(self, x: &Instruction, y: &Instruction) -> bool {
        if x.row != y.row || x == y {
            return false;
        }
        match self {
            TextLoss::RedundantLiteral => redundant_literal(x, y),
            TextLoss::WaitcntUnprintedBits => simm16_cleared(x, y, "S_WAITCNT", WAITCNT_UNPRINTED),
            TextLoss::SendmsgUnprintedBits => {
                matches!(x.row.name, "S_SENDMSG" | "S_SENDMSGHALT")
                    && simm16_cleared(x, y, x.row.name, SENDMSG_UNPRINTED)
            }
            TextLoss::SmemSoffsetAsOffset => match (x.fields, y.fields) {
                (Fields::Smem(a), Fields::Smem(b)) => {
                    matches!((a.offset, b.offset),
                        (smem::SmemOffset::Soffset(r), smem::SmemOffset::Reg(s)) if r == s)
                        && smem::Smem {
                            offset: b.offset,
                            ..a
                        } == b
                        && x.literal == y.literal
                }
                _ => false,
            },
            TextLoss::SixteenBitSrc0 => match (x.fields, y.fields) {
                (Fields::Vop(a), Fields::Vop(b)) => {
                    let shape = super::valu::shape(x.row);
                    let src0 = shape
                        .operands
                        .iter()
                        .find(|o| o.role == super::valu::Role::Src0);
                    src0.is_some_and(|o| {
                        let text = |v: &super::vop::Vop, lit: Option<u32>| {
                            super::valu::src_text(v.src0, o.ty, lit.unwrap_or(0))
                        };
                        o.ty.is_16()
                            && a.vdst == b.vdst
                            && a.vsrc1 == b.vsrc1
                            && (a.src0 != b.src0 || x.literal != y.literal)
                            && text(&a, x.literal) == text(&b, y.literal)
                    })
                }
                _ => false,
            },
            TextLoss::OperandlessE64AsE32 => {
                let row = x.row;
                let bits = |f, op| super::template::opcode_bits(f, op).0;
                matches!(row.name, "V_NOP" | "V_CLREXCP")
                    && row.format == Format::Vop1
                    && row.promotion().is_some_and(|p| {
                        encode(x) == [bits(p.format, p.opcode), 0]
                            && encode(y) == [bits(Format::Vop1, row.opcode)]
                    })
            }
            TextLoss::SwizzleBitmaskPerm => match (x.fields, y.fields) {
                (Fields::Ds(a), Fields::Ds(b)) if x.row.name == "DS_SWIZZLE_B32" => {
                    let k = |d: &ds::Ds| u16::from(d.offset0) | u16::from(d.offset1) << 8;
                    let (kx, ky) = (k(&a), k(&b));
                    // lane l reads ((l & and) | or) ^ xor.
                    let lane =
                        |k: u16, l: u16| ((l & k & 0x1f) | (k >> 5) & 0x1f) ^ ((k >> 10) & 0x1f);
                    kx & 0x8000 == 0
                        && ky & 0x8000 == 0
                        && (0..32).all(|l| lane(kx, l) == lane(ky, l))
                        && ds::Ds {
                            offset0: b.offset0,
                            offset1: b.offset1,
                            ..a
                        } == b
                        && x.literal == y.literal
                }
                _ => false,
            },
        }
    }
}

/// S_WAITCNT SIMM16 bits LLVM does not print (docs/design/0008).
pub const WAITCNT_UNPRINTED: u16 = 0x3080;
/// S_SENDMSG SIMM16 bits outside msg (bits 3:0), op (6:4) and stream (9:8).
pub const SENDMSG_UNPRINTED: u16 = 0xfc80;

fn simm16_cleared(x: &Instruction, y: &Instruction, name: &str, lost: u16) -> bool {
    match (x.fields, y.fields) {
        (Fields::Sopp(a), Fields::Sopp(b)) => {
            x.row.name == name && a.simm16 & lost != 0 && b.simm16 == a.simm16 & !lost
        }
        _ => false,
    }
}

/// `b` is the inline constant that a literal of value `v` prints as.
fn inline_of(v: u32, b: ScalarSrc) -> bool {
    match b {
        ScalarSrc::Int(i) => i as i32 as u32 == v,
        ScalarSrc::Float(c) => c.f32_bits() == v,
        _ => false,
    }
}

fn redundant_literal(x: &Instruction, y: &Instruction) -> bool {
    let (Some(v), None) = (x.literal, y.literal) else {
        return false;
    };
    // Sources pairwise: a literal in x is its inline constant in y; the rest is equal.
    let src = |a: ScalarSrc, b: ScalarSrc| {
        if a == ScalarSrc::Literal {
            inline_of(v, b)
        } else {
            a == b
        }
    };
    match (x.fields, y.fields) {
        (Fields::Sop2(a), Fields::Sop2(b)) => {
            a.sdst == b.sdst && src(a.ssrc0, b.ssrc0) && src(a.ssrc1, b.ssrc1)
        }
        (Fields::Sop1(a), Fields::Sop1(b)) => {
            a.sdst == b.sdst
                && match (a.ssrc0, b.ssrc0) {
                    (Some(p), Some(q)) => src(p, q),
                    _ => false,
                }
        }
        // VOP1/VOP2/VOPC SRC0: the value a literal prints as depends on the operand type
        // (f16/f32/f64/i16/i32 spellings, formats::valu); that it printed as this constant
        // is the unchanged text, which print_then_parse_is_identity checks.
        (Fields::Vop(a), Fields::Vop(b)) => {
            a.vdst == b.vdst
                && a.vsrc1 == b.vsrc1
                && matches!(
                    (a.src0, b.src0),
                    (VectorSrc::Scalar(ScalarSrc::Literal), VectorSrc::Scalar(q))
                        if matches!(q, ScalarSrc::Int(_) | ScalarSrc::Float(_))
                )
        }
        (Fields::Sopc(a), Fields::Sopc(b)) => {
            src(a.ssrc0, b.ssrc0)
                && match (a.ssrc1, b.ssrc1) {
                    (super::SopcSrc1::Src(p), super::SopcSrc1::Src(q)) => src(p, q),
                    (p, q) => p == q,
                }
        }
        _ => false,
    }
}

/// If `words` start with an instruction `x`: its text parses; the parsed instruction prints
/// the same text (or, for [`TextLoss::SwizzleBitmaskPerm`] only, a text that is a fixpoint);
/// and it is `x` itself, or differs from `x` exactly as one
/// [`TextLoss`] class says. Returns `None` when the words do not decode, else the class
/// (`Some(None)`: no loss).
pub fn print_then_parse_is_identity(
    target: Target,
    words: &[u32],
) -> Result<Option<Option<TextLoss>>, Failure> {
    const P: &str = "print_then_parse_is_identity";
    let Ok((x, used)) = decode(target, words) else {
        return Ok(None);
    };
    let here = &words[..used.min(words.len())];
    let text = x.to_string();
    let y = parse(target, &text)
        .map_err(|e| fail(P, target, here, format!("`{text}` does not parse: {e}")))?;
    let again = y.to_string();
    // The one class whose text is not a fixpoint: LLVM's own syntax (see SwizzleBitmaskPerm).
    let respelled = TextLoss::SwizzleBitmaskPerm.explains(&x, &y)
        && parse(target, &again).is_ok_and(|z| z == y && z.to_string() == again);
    if again != text && !respelled {
        return Err(fail(
            P,
            target,
            here,
            format!("`{text}` parses to an instruction printed `{again}`"),
        ));
    }
    if y == x {
        return Ok(Some(None));
    }
    match TextLoss::ALL.into_iter().find(|c| c.explains(&x, &y)) {
        Some(c) => Ok(Some(Some(c))),
        None => Err(fail(
            P,
            target,
            here,
            format!(
                "`{text}` parses to {:#010x?} = {y:?}, not x = {x:?} (and no documented text loss explains it)",
                encode(&y)
            ),
        )),
    }
}

/// Parse arbitrary text: an instruction or an error with a column inside the text (1-based,
/// at most one past the end) and a reason; an instruction parsed prints and re-parses to
/// itself. For the fuzz target of the same name.
pub fn parse_never_panics(target: Target, text: &str) -> Result<(), Failure> {
    const P: &str = "parse_never_panics";
    let bytes = || words_from_le_bytes(text.as_bytes());
    match parse(target, text) {
        Ok(x) => {
            let t = x.to_string();
            match parse(target, &t) {
                Ok(y) if y.to_string() == t => {}
                other => {
                    return Err(fail(
                        P,
                        target,
                        &bytes(),
                        format!("`{text}` parses to x printed `{t}`, which re-parses to {other:?}"),
                    ))
                }
            }
            // What parses must encode to words that decode (parse checks what decode checks).
            let words = encode(&x);
            if decode(target, &words).map(|(y, _)| y) != Ok(x) {
                return Err(fail(
                    P,
                    target,
                    &words,
                    format!(
                        "`{text}` parses to `{t}` whose words {words:#010x?} decode to {:?}",
                        decode(target, &words)
                    ),
                ));
            }
            Ok(())
        }
        Err(e) if e.column >= 1 && e.column <= text.len() + 1 && !e.reason.is_empty() => Ok(()),
        Err(e) => Err(fail(
            P,
            target,
            &bytes(),
            format!(
                "`{text}`: error column {} outside 1..={} or no reason: {e:?}",
                e.column,
                text.len() + 1
            ),
        )),
    }
}

// ---------------------------------------------------------------------------------------
// Generators

/// One encoding of a row: its native format and opcode, or its VOP3 form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Form {
    pub row: &'static Row,
    pub format: Format,
    pub opcode: u16,
    /// `(bits, mask)` of [`super::template::opcode_bits`].
    pub bits: u32,
    pub mask: u32,
    pub target: Target,
    /// Position in the target's form table (for [`Form::base`]'s cache).
    index: usize,
}

impl Form {
    /// Words of this form that decode with few bits set outside `bits` (at most three, the
    /// third in the first dword, by exhaustive search; else up to six by a search the
    /// decoder's errors guide; `[bits, 0, 0]` if none): generators also flip random bits
    /// of these, which reaches forms that need some field non-zero (image atomics need
    /// UNORM and a DMASK bit). Computed on first use, then cached.
    pub fn base(&self) -> [u32; MAX_DWORDS] {
        let table = all_forms(self.target);
        *table.bases[self.index].get_or_init(|| base_words(self))
    }
}

fn base_words(f: &Form) -> [u32; MAX_DWORDS] {
    let (target, row, bits, mask) = (f.target, f.row, f.bits, f.mask);
    let zero = [bits, 0, 0];
    let ok = |w: &[u32; MAX_DWORDS]| matches!(decode(target, w), Ok((i, _)) if i.row == row);
    // Bit positions outside the fixed bits, in the first two dwords.
    let free: Vec<(usize, u32)> = (0..32)
        .filter(|b| mask & (1 << b) == 0)
        .map(|b| (0, 1u32 << b))
        .chain((0..32).map(|b| (1, 1u32 << b)))
        .collect();
    // Fewest bits first: 0, 1, 2, then 3 set (image CMPSWAP needs UNORM and two DMASK bits).
    fn search(
        w: [u32; MAX_DWORDS],
        free: &[(usize, u32)],
        depth: usize,
        ok: &dyn Fn(&[u32; MAX_DWORDS]) -> bool,
    ) -> Option<[u32; MAX_DWORDS]> {
        if depth == 0 {
            return ok(&w).then_some(w);
        }
        free.iter().enumerate().find_map(|(i, &(d, bit))| {
            let mut v = w;
            v[d] ^= bit;
            search(v, &free[i + 1..], depth - 1, ok)
        })
    }
    // Three bits only among the first dword's (a cost bound: ~2,600 decodes, not ~36,000).
    let first = free.iter().take_while(|(d, _)| *d == 0).count();
    let base = (0..=2)
        .find_map(|depth| search(zero, &free, depth, &ok))
        .or_else(|| search(zero, &free[..first], 3, &ok))
        .or_else(|| guided(target, row, zero, &free, 6, &mut 20_000));
    base.unwrap_or(zero)
}

/// Words of `row` reached from `w` by setting at most `depth` more bits of `free`, each
/// chosen because it changes the decoder's complaint (another field, or another value of
/// the field: decoders check fields in order, so that is progress): a depth-first search
/// within `budget` decodes.
/// For rows whose canonical word needs more bits than the exhaustive search tries
/// (V_ACCVGPR_READ/WRITE need four).
fn guided(
    target: Target,
    row: &'static Row,
    w: [u32; MAX_DWORDS],
    free: &[(usize, u32)],
    depth: usize,
    budget: &mut usize,
) -> Option<[u32; MAX_DWORDS]> {
    type Complaint = Option<(&'static str, u64)>;
    let complaint = |w: &[u32; MAX_DWORDS], budget: &mut usize| -> Result<(), Complaint> {
        *budget = budget.saturating_sub(1);
        match decode(target, w) {
            Ok((i, _)) if i.row == row => Ok(()),
            Ok(_) => Err(None),
            Err(e) => Err(match e.kind {
                DecodeErrorKind::IllegalField { field, value, .. } => Some((field, value)),
                _ => None,
            }),
        }
    };
    let now = match complaint(&w, budget) {
        Ok(()) => return Some(w),
        Err(c) => c?,
    };
    if depth == 0 {
        return None;
    }
    // Bits that change the complaint's value first (they are in the field complained of),
    // then those that move it to another field (a fixed field, or a broken earlier one).
    let mut other_field = Vec::new();
    let mut other_value = Vec::new();
    for &(d, bit) in free.iter().filter(|&&(d, bit)| w[d] & bit == 0) {
        if *budget == 0 {
            return None;
        }
        let mut v = w;
        v[d] |= bit;
        match complaint(&v, budget) {
            Ok(()) => return Some(v),
            Err(Some(c)) if c.0 != now.0 => other_field.push(v),
            Err(Some(c)) if c != now => other_value.push(v),
            _ => {}
        }
    }
    other_value.into_iter().chain(other_field).find_map(|v| {
        if *budget == 0 {
            return None;
        }
        guided(target, row, v, free, depth - 1, budget)
    })
}

/// Every form the decoder handles on `target`: each supported row's native form, and its
/// VOP3 form when the dispatcher identifies those bits, except the rows that have none
/// (`valu::NO_E64`: V_MADMK/MADAK, ...) and the forms of [`not_yet`]. In table order.
pub fn forms(target: Target) -> &'static [Form] {
    &all_forms(target).forms
}

/// The forms a format module documents as not decoded yet: decoding them gives an
/// `IllegalField` error whose reason says "not decoded yet" (today the VOP3
/// interpolation rows of `valu::NOT_YET`); tests print them.
pub fn not_yet(target: Target) -> &'static [Form] {
    &all_forms(target).later
}

struct FormTable {
    forms: Vec<Form>,
    later: Vec<Form>,
    bases: Vec<OnceLock<[u32; MAX_DWORDS]>>,
}

fn all_forms(target: Target) -> &'static FormTable {
    static FORMS: OnceLock<[FormTable; 2]> = OnceLock::new();
    let all = FORMS.get_or_init(|| {
        Target::ALL.map(|t| {
            let (mut forms, mut later) = (Vec::new(), Vec::new());
            let mut index = 0;
            for row in rows().filter(|r| r.targets.contains(t) && is_supported(r)) {
                let native = (row.format, row.opcode);
                let promoted = row
                    .promotion()
                    .filter(|_| !super::valu::NO_E64.contains(&row.name))
                    .filter(|p| {
                        let (bits, _) = super::template::opcode_bits(p.format, p.opcode);
                        matches!(identify(bits), Some(Ok(_)))
                    })
                    .map(|p| (p.format, p.opcode));
                for (format, opcode) in std::iter::once(native).chain(promoted) {
                    let (bits, mask) = super::template::opcode_bits(format, opcode);
                    let f = Form {
                        row,
                        format,
                        opcode,
                        bits,
                        mask,
                        target: t,
                        index,
                    };
                    index += 1;
                    // A format module's documented gap: its decode error says so.
                    let not_yet = matches!(
                        decode(t, &[bits, 0, 0]),
                        Err(DecodeError {
                            kind: DecodeErrorKind::IllegalField { reason, .. },
                            ..
                        }) if reason.contains("not decoded yet")
                    );
                    if not_yet {
                        later.push(f);
                    } else {
                        forms.push(f);
                    }
                }
            }
            FormTable {
                forms,
                later,
                bases: (0..index).map(|_| OnceLock::new()).collect(),
            }
        })
    });
    &all[target as usize]
}

/// splitmix64: a small deterministic generator for seeds.
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Literal values worth hitting: inline-constant values (the redundant-literal class), the
/// float inline constants' bits, edges.
const LITERALS: [u32; 12] = [
    0,
    1,
    64,
    65,
    0xffff_fff0,
    0xffff_ffef,
    0x3f80_0000,
    0xbf00_0000,
    0x3e22_f983,
    0x7fff_ffff,
    0x8000_0000,
    0xffff_ffff,
];

/// The dwords of `form` from random material `r`: the first dword has the form's fixed
/// bits and random other bits, the following ones are random. Since strict decoding wants
/// unused fields zero and some fields one value, `r[3]` picks how dense the random bits
/// are: all random, each 4-bit group kept with probability 3/4 … 1/8, or each bit set with
/// probability 1/4 … 1/16 (masks drawn from a splitmix64 seeded by `r[2] ^ r[3]`); one
/// time in eight the second dword is an interesting literal value.
pub fn words_for_form(form: &Form, r: [u64; 4]) -> [u32; MAX_DWORDS] {
    let ctl = r[3];
    let mut seed = r[2] ^ ctl;
    let mut density = |sel: u64| -> u64 {
        let groups = |p: u64, z: u64| -> u64 {
            // Keep each 4-bit group whose random nibble is below p (of 16).
            (0..16)
                .filter(|g| (z >> (4 * g)) & 0xf < p)
                .fold(0, |m, g| m | 0xf << (4 * g))
        };
        let z = splitmix64(&mut seed);
        match sel & 7 {
            0 => !0,
            1 => groups(12, z),
            2 => groups(8, z),
            3 => groups(4, z),
            4 => groups(2, z),
            5 => z & splitmix64(&mut seed),
            6 => z & splitmix64(&mut seed) & splitmix64(&mut seed),
            _ => z & splitmix64(&mut seed) & splitmix64(&mut seed) & splitmix64(&mut seed),
        }
    };
    let a = r[0] & density(ctl);
    let b = r[1] & density(ctl >> 3);
    // One time in four, flip the random bits of the form's decodable base words.
    let base = if (ctl >> 12) & 3 == 0 {
        form.base()
    } else {
        [form.bits, 0, 0]
    };
    let w0 = form.bits | ((base[0] ^ a as u32) & !form.mask);
    let mut w1 = base[1] ^ (a >> 32) as u32;
    if (ctl >> 6) & 7 == 0 {
        w1 = LITERALS[((ctl >> 9) % LITERALS.len() as u64) as usize];
    }
    [w0, w1, base[2] ^ b as u32]
}

/// The form and dwords fuzzer bytes select: bytes 0–1 the form (modulo the count), the
/// rest the random material of [`words_for_form`] (zero-extended).
pub fn words_from_bytes(target: Target, bytes: &[u8]) -> Option<(Form, [u32; MAX_DWORDS])> {
    let fs = forms(target);
    if fs.is_empty() {
        return None;
    }
    let (sel, rest) = match bytes {
        [a, b, rest @ ..] => (usize::from(u16::from_le_bytes([*a, *b])), rest),
        [a] => (usize::from(*a), &[][..]),
        [] => (0, &[][..]),
    };
    let f = fs[sel % fs.len()];
    let mut r = [0u64; 4];
    for (i, c) in rest.chunks(8).take(4).enumerate() {
        let mut b = [0u8; 8];
        b[..c.len()].copy_from_slice(c);
        r[i] = u64::from_le_bytes(b);
    }
    Some((f, words_for_form(&f, r)))
}

/// Words of `form` that decode, from `seed`, trying up to `attempts` draws.
pub fn generate(
    target: Target,
    form: &Form,
    seed: u64,
    attempts: usize,
) -> Option<(Instruction, [u32; MAX_DWORDS])> {
    let mut s = seed;
    for _ in 0..attempts {
        let r = [(); 4].map(|_| splitmix64(&mut s));
        let words = words_for_form(form, r);
        if let Ok((inst, _)) = decode(target, &words) {
            return Some((inst, words));
        }
    }
    None
}

/// A decodable instruction made from arbitrary bytes: target, form, random bits, decode.
#[cfg(feature = "arbitrary")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub target: Target,
    pub form: Form,
    /// The dwords (the instruction's first `inst.dwords()`, then unused ones).
    pub words: [u32; MAX_DWORDS],
    pub inst: Instruction,
}

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Generated {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let target = target_from_byte(u.arbitrary()?);
        let fs = forms(target);
        if fs.is_empty() {
            return Err(arbitrary::Error::IncorrectFormat);
        }
        let form = fs[u.choose_index(fs.len())?];
        // A few draws from the bytes, then from a seed they give: most draws decode.
        let mut seed: u64 = u.arbitrary()?;
        for _ in 0..64 {
            let r = if u.is_empty() {
                [(); 4].map(|_| splitmix64(&mut seed))
            } else {
                [
                    u.arbitrary()?,
                    u.arbitrary()?,
                    u.arbitrary()?,
                    u.arbitrary()?,
                ]
            };
            let words = words_for_form(&form, r);
            if let Ok((inst, _)) = decode(target, &words) {
                return Ok(Generated {
                    target,
                    form,
                    words,
                    inst,
                });
            }
        }
        Err(arbitrary::Error::IncorrectFormat)
    }
}

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Instruction {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(Generated::arbitrary(u)?.inst)
    }
}

// ---------------------------------------------------------------------------------------
// Fuzz inputs: how each fuzz target reads its bytes (also used by `cargo test` on the
// corpus files, so both read an input the same way).

/// The fuzz targets, named after their property.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FuzzTarget {
    /// Byte 0 picks the target (even gfx900, odd gfx908); the rest are little-endian dwords.
    DecodeNeverPanics,
    /// Byte 0 picks the target; bytes 1–2 a form, the rest random bits
    /// ([`words_from_bytes`]).
    EncodeThenDecodeIsIdentity,
    /// As `EncodeThenDecodeIsIdentity`.
    PrintThenParseIsIdentity,
    /// Byte 0 picks the target; the rest is text (lossy UTF-8).
    ParseNeverPanics,
}

impl FuzzTarget {
    pub const ALL: [FuzzTarget; 4] = [
        FuzzTarget::DecodeNeverPanics,
        FuzzTarget::EncodeThenDecodeIsIdentity,
        FuzzTarget::PrintThenParseIsIdentity,
        FuzzTarget::ParseNeverPanics,
    ];

    /// The cargo-fuzz target's name (and its corpus folder's).
    pub const fn name(self) -> &'static str {
        match self {
            FuzzTarget::DecodeNeverPanics => "decode_never_panics",
            FuzzTarget::EncodeThenDecodeIsIdentity => "encode_then_decode_is_identity",
            FuzzTarget::PrintThenParseIsIdentity => "print_then_parse_is_identity",
            FuzzTarget::ParseNeverPanics => "parse_never_panics",
        }
    }

    /// Run the property on one fuzz input.
    pub fn run(self, data: &[u8]) -> Result<(), Failure> {
        let Some((&first, rest)) = data.split_first() else {
            return Ok(());
        };
        let target = target_from_byte(first);
        match self {
            FuzzTarget::DecodeNeverPanics => {
                decode_never_panics(target, &words_from_le_bytes(rest)).map(drop)
            }
            FuzzTarget::EncodeThenDecodeIsIdentity => match words_from_bytes(target, rest) {
                Some((_, w)) => encode_then_decode_is_identity(target, &w).map(drop),
                None => Ok(()),
            },
            FuzzTarget::PrintThenParseIsIdentity => match words_from_bytes(target, rest) {
                Some((_, w)) => print_then_parse_is_identity(target, &w).map(drop),
                None => Ok(()),
            },
            FuzzTarget::ParseNeverPanics => {
                parse_never_panics(target, &String::from_utf8_lossy(rest))
            }
        }
    }
}
