//! The 32-bit vector ALU formats VOP1, VOP2 and VOPC (LLVM's `_e32` forms).
//!
//! Layouts (Vega manual, chapter "Microcode Formats", sections "VOP2", "VOP1", "VOPC"; MI100
//! uses the same, checked against LLVM):
//!
//! | format | fields |
//! |---|---|
//! | VOP2 | SRC0[8:0] VSRC1[16:9] VDST[24:17] OP[30:25] ENCODING[31]=0 |
//! | VOP1 | SRC0[8:0] OP[16:9] VDST[24:17] ENCODING[31:25]=0111111 |
//! | VOPC | SRC0[8:0] VSRC1[16:9] OP[24:17] ENCODING[31:25]=0111110 |
//!
//! SRC0 is a 9-bit source ([`VectorSrc`]); 255 takes the dword after the instruction as a
//! 32-bit literal (Vega "Instruction Inputs"); 249 (SDWA) and 250 (DPP) take it as a
//! second instruction dword (the SDWA/DPP modules). VSRC1 names a VGPR. VOPC writes VCC
//! (printed `vcc`); V_CMPX also writes EXEC. V_MADMK/V_MADAK always take the literal as K.
//! Operand shapes come from [`valu::shape`].

use super::shared::{push_sreg, push_vgpr, PerRow};
use super::valu::{self, check_kind, check_src, src_text, Role, Shape, SrcKind, Ty};
use super::{illegal, split_operands, truncated, UNUSED};
use crate::instructions::{Format, Row};
use crate::operand::{ScalarReg, ScalarSrc, VectorSrc, VgprRange};
use gpuref_core::decode::DecodeError;
use std::fmt::Write as _;

/// The fields of a VOP1, VOP2 or VOPC instruction (fields the format lacks are zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vop {
    /// VDST (VOP1/VOP2): a VGPR, or V_READFIRSTLANE_B32's SGPR code.
    pub vdst: u8,
    pub src0: VectorSrc,
    /// VSRC1 (VOP2/VOPC): a VGPR.
    pub vsrc1: u8,
}

pub const VOP1_ENC: u32 = 0x3f;
pub const VOPC_ENC: u32 = 0x3e;

/// The e32 rows LLVM prints without the `_e32` suffix.
pub const NO_SUFFIX: &[&str] = &[
    "V_NOP",
    "V_CLREXCP",
    "V_SWAP_B32",
    "V_READFIRSTLANE_B32",
    "V_MADMK_F32",
    "V_MADAK_F32",
    "V_MADMK_F16",
    "V_MADAK_F16",
];

/// The format and opcode of a VOP1, VOP2 or VOPC dword.
pub fn identify(word: u32) -> Option<(Format, u16)> {
    if word >> 31 != 0 {
        return None;
    }
    Some(match word >> 25 {
        VOP1_ENC => (Format::Vop1, ((word >> 9) & 0xff) as u16),
        VOPC_ENC => (Format::Vopc, ((word >> 17) & 0xff) as u16),
        _ => (Format::Vop2, ((word >> 25) & 0x3f) as u16),
    })
}

/// The dword of `row` with these fields.
pub fn encode_word(row: &Row, v: &Vop) -> u32 {
    let op = u32::from(row.opcode);
    let s0 = u32::from(v.src0.code());
    let (d, s1) = (u32::from(v.vdst), u32::from(v.vsrc1));
    match row.format {
        Format::Vop1 => (VOP1_ENC << 25) | (d << 17) | ((op & 0xff) << 9) | s0,
        Format::Vopc => (VOPC_ENC << 25) | ((op & 0xff) << 17) | (s1 << 9) | s0,
        _ => ((op & 0x3f) << 25) | (d << 17) | (s1 << 9) | s0,
    }
}

/// Whether the e32 form of a row needs the literal dword.
pub fn needs_literal(shape: &Shape, v: &Vop) -> bool {
    shape.get(Role::K).is_some() || (shape.get(Role::Src0).is_some() && v.src0.is_literal())
}

/// Check the fields of `v` against `row`'s shape.
pub fn check(row: &Row, v: &Vop) -> Result<(), DecodeError> {
    let shape = valu::shape(row);
    let has_vdst = row.format != Format::Vopc;
    let has_vsrc1 = row.format != Format::Vop1;
    match (shape.get(Role::Vdst), shape.get(Role::Sdst)) {
        (Some(o), _) => {
            VgprRange::new(v.vdst, o.ty.dwords())
                .map_err(|e| illegal("VDST", u64::from(v.vdst), e))?;
        }
        (None, Some(_)) => {
            ScalarReg::from_code(v.vdst).map_err(|e| illegal("VDST", u64::from(v.vdst), e))?;
        }
        (None, None) if has_vdst && v.vdst != 0 => {
            return Err(illegal("VDST", u64::from(v.vdst), UNUSED))
        }
        _ => {}
    }
    // The code only for an error (computing it costs on every instruction).
    let code = || u64::from(v.src0.code());
    match shape.get(Role::Src0) {
        Some(o) => {
            check_kind(v.src0, o.kind).map_err(|e| illegal("SRC0", code(), e))?;
            if o.kind == SrcKind::Vgpr
                && v.src0 == VectorSrc::LdsDirect
                && row.name != "V_READFIRSTLANE_B32"
            {
                return Err(illegal("SRC0", code(), "this operand must be a VGPR"));
            }
            check_src(v.src0, o.ty).map_err(|e| illegal("SRC0", code(), e))?;
        }
        None if code() != 0 => return Err(illegal("SRC0", code(), UNUSED)),
        None => {}
    }
    match shape.get(Role::Src1) {
        Some(o) => {
            VgprRange::new(v.vsrc1, o.ty.dwords())
                .map_err(|e| illegal("VSRC1", u64::from(v.vsrc1), e))?;
        }
        None if has_vsrc1 && v.vsrc1 != 0 => {
            return Err(illegal("VSRC1", u64::from(v.vsrc1), UNUSED))
        }
        None => {}
    }
    Ok(())
}

/// Decode the e32 instruction of `row` at the start of `words`; returns its fields and
/// literal.
pub fn decode(row: &Row, words: &[u32]) -> Result<(Vop, Option<u32>), DecodeError> {
    let &w = words.first().ok_or_else(|| truncated(1, words.len()))?;
    let code = (w & 0x1ff) as u16;
    let src0 = VectorSrc::from_code(code).map_err(|e| {
        let e = if matches!(code, 249 | 250) {
            "SDWA (249) and DPP (250) are decoded by the SDWA/DPP formats"
        } else {
            e
        };
        illegal("SRC0", u64::from(code), e)
    })?;
    let v = Vop {
        vdst: if row.format == Format::Vopc {
            0
        } else {
            ((w >> 17) & 0xff) as u8
        },
        src0,
        vsrc1: if row.format == Format::Vop1 {
            0
        } else {
            ((w >> 9) & 0xff) as u8
        },
    };
    check(row, &v)?;
    let shape = valu::shape(row);
    let literal = if needs_literal(shape, &v) {
        Some(*words.get(1).ok_or_else(|| truncated(2, words.len()))?)
    } else {
        None
    };
    if let (Some(k), Some(l)) = (shape.get(Role::K), literal) {
        if k.ty == Ty::F16 && l > 0xffff {
            return Err(illegal("K", u64::from(l), F16_K_REASON));
        }
    }
    Ok((v, literal))
}

/// Vega "VOP2 Instructions" (V_MADMK_F16, V_MADAK_F16): "K is a 16-bit literal constant
/// stored in the following literal DWORD"; the unused upper half must be zero.
pub const F16_K_REASON: &str =
    "an f16 K is 16 bits of the literal dword (Vega \"VOP2 Instructions\"); bits 31:16 must be zero";

/// The text of a V_MADMK/V_MADAK SRC0 that is the literal code (it shares K's dword): LLVM's
/// spelling when that parses back to the literal, else `lit(0x..)` (a value LLVM would print
/// as an inline constant; docs/design/0014 V14).
fn shared_literal_text(ty: Ty, literal: u32) -> String {
    let t = src_text(VectorSrc::Scalar(ScalarSrc::Literal), ty, literal);
    match valu::parse_src(&t, ty) {
        Ok((VectorSrc::Scalar(ScalarSrc::Literal), Some(l))) if l == literal => t,
        _ => format!("lit({literal:#x})"),
    }
}

/// The dwords of the instruction.
pub fn encode(row: &Row, v: &Vop, literal: Option<u32>) -> Vec<u32> {
    let mut out = vec![encode_word(row, v)];
    out.extend(literal);
    out
}

/// The mnemonic LLVM prints for the e32 form.
pub fn mnemonic(row: &Row) -> String {
    mnemonic_str(row).to_string()
}

/// [`mnemonic`], computed once per row.
fn mnemonic_str(row: &Row) -> &'static str {
    static NAMES: PerRow<Box<str>> = PerRow::new(|row| {
        if NO_SUFFIX.contains(&row.name) {
            row.mnemonic().into()
        } else {
            format!("{}_e32", row.mnemonic()).into()
        }
    });
    NAMES.get(row)
}

/// LLVM's text of the e32 instruction.
pub fn text(row: &Row, v: &Vop, literal: Option<u32>) -> String {
    let mut out = String::with_capacity(48);
    write_text(&mut out, row, v, literal);
    out
}

/// [`text`] appended to `out`.
pub fn write_text(out: &mut String, row: &Row, v: &Vop, literal: Option<u32>) {
    let shape = valu::shape(row);
    let lit = literal.unwrap_or(0);
    out.push_str(mnemonic_str(row));
    for (i, o) in shape.operands.iter().enumerate() {
        out.push_str(if i == 0 { " " } else { ", " });
        match o.role {
            Role::Vdst => push_vgpr(out, v.vdst, o.ty.dwords()),
            Role::Sdst => push_sreg(out, v.vdst, 1),
            Role::CarryOut | Role::CarryIn => out.push_str("vcc"),
            Role::Src0 if v.src0.is_literal() && shape.get(Role::K).is_some() => {
                out.push_str(&shared_literal_text(o.ty, lit))
            }
            Role::Src0 | Role::Src2 => valu::push_src(out, v.src0, o.ty, lit),
            Role::Src1 => push_vgpr(out, v.vsrc1, o.ty.dwords()),
            Role::K => {
                let _ = write!(out, "{lit:#x}");
            }
        }
    }
}

/// Where a second blank-separated token starts in operand `t`, outside brackets and
/// parentheses (`v2 foo` gives 3).
fn second_token(t: &str) -> Option<usize> {
    let mut depth = 0i32;
    let mut blank = false;
    for (i, b) in t.bytes().enumerate() {
        let is_blank = b == b' ' || b == b'\t';
        if blank && !is_blank && depth <= 0 {
            return Some(i);
        }
        match b {
            b'[' | b'(' => depth += 1,
            b']' | b')' => depth -= 1,
            _ => {}
        }
        blank = is_blank;
    }
    None
}

/// Parse the operands of the e32 form (`ops` starts at 0-based column `base`).
pub fn parse(row: &Row, ops: &str, base: usize) -> Result<(Vop, Option<u32>), (usize, String)> {
    let shape = valu::shape(row);
    let items: Vec<(usize, &str)> = if ops.trim().is_empty() {
        Vec::new()
    } else {
        split_operands(ops, base)
    };
    let end = base + ops.len();
    valu::check_operand_count(&items, shape, end, "e32", row)?;
    // An operand is one token: a second one (`v2 foo`) is named, not blamed on the first.
    for &(col, t) in &items {
        if let Some(pos) = second_token(t) {
            let extra = t[pos..].split_whitespace().next().unwrap_or("");
            return Err((
                col + pos,
                format!("unexpected `{extra}` (the e32 form takes no modifiers)"),
            ));
        }
    }
    let mut v = Vop {
        vdst: 0,
        src0: VectorSrc::Scalar(ScalarSrc::Reg(ScalarReg::Sgpr(crate::operand::Sgpr(0)))),
        vsrc1: 0,
    };
    let mut literal: Option<u32> = None;
    let mut k: Option<u32> = None;
    for (o, (col, t)) in shape.operands.iter().zip(items) {
        let e = |r: &str| (col, r.to_string());
        match o.role {
            Role::Vdst => v.vdst = VgprRange::parse(t, o.ty.dwords()).map_err(&e)?.first,
            Role::Sdst => v.vdst = ScalarReg::parse(t, 1).map_err(&e)?.code(),
            Role::CarryOut | Role::CarryIn => {
                if t != "vcc" {
                    return Err(e("the e32 form writes and reads `vcc` here"));
                }
            }
            Role::Src0 | Role::Src2 => {
                let shared = t
                    .strip_prefix("lit(")
                    .and_then(|r| r.strip_suffix(')'))
                    .filter(|_| shape.get(Role::K).is_some());
                let (s, lit) = match shared {
                    // `lit(..)`: SRC0 is the literal code, sharing K's dword.
                    Some(inner) => {
                        let val = crate::operand::parse_int(inner.trim())
                            .filter(|v| (0..(1i64 << 32)).contains(v))
                            .ok_or_else(|| e("expected `lit(` a 32-bit constant `)`"))?;
                        (VectorSrc::Scalar(ScalarSrc::Literal), Some(val as u32))
                    }
                    None => valu::parse_src(t, o.ty).map_err(&e)?,
                };
                check_kind(s, o.kind).map_err(&e)?;
                check_src(s, o.ty).map_err(&e)?;
                v.src0 = s;
                literal = lit;
            }
            Role::Src1 => {
                v.vsrc1 = VgprRange::parse(t, o.ty.dwords())
                    .map_err(|_| e("the e32 form's second source must be a VGPR"))?
                    .first
            }
            Role::K => {
                let val = crate::operand::parse_int(t)
                    .filter(|v| (-(1i64 << 31)..(1i64 << 32)).contains(v))
                    .ok_or_else(|| e("expected a 32-bit constant K"))?;
                // LLVM's assembler takes an f16 K of 16 bits (the manual: K[15:0]) and
                // encodes a negative one as its 16 bits (`-1` is 0xffff).
                k = Some(if o.ty == Ty::F16 {
                    if !(-0x8000..=0xffff).contains(&val) {
                        return Err(e("an f16 K is a 16-bit constant"));
                    }
                    val as u32 & 0xffff
                } else {
                    val as u32
                });
            }
        }
    }
    if let Some(kv) = k {
        match literal {
            Some(l) if l != kv => {
                return Err((base, "only one literal: SRC0's literal must equal K".into()))
            }
            _ => literal = Some(kv),
        }
    }
    check(row, &v).map_err(|e| (base, e.to_string()))?;
    if needs_literal(shape, &v) != literal.is_some() {
        return Err((base, "literal mismatch".into()));
    }
    Ok((v, literal))
}

/// Parse a VOP1/VOP2/VOPC/VOP3 row written as `name` (with `_e32`, `_e64` or no suffix;
/// without one the e32 form is tried first, as LLVM does).
pub fn parse_any(
    row: &Row,
    name: &str,
    ops: &str,
    base: usize,
) -> Result<(super::Fields, Option<u32>), (usize, String)> {
    if super::vop3i::is_interp(row) {
        return super::vop3i::parse(row, ops, base).map(|v| (super::Fields::Vop3Interp(v), None));
    }
    let lower = name.to_ascii_lowercase();
    let shape = valu::shape(row);
    let e64 = || super::vop3::parse(row, ops, base).map(|v| (super::Fields::Vop3(v), None));
    let e32 = || parse(row, ops, base).map(|(v, l)| (super::Fields::Vop(v), l));
    if lower.ends_with("_e64") {
        e64()
    } else if lower.ends_with("_e32") || !shape.e64 {
        if !shape.e32 {
            return Err((base, format!("{} has no e32 form", row.mnemonic())));
        }
        e32()
    } else if !shape.e32 {
        e64()
    } else {
        e32().or_else(|err| e64().map_err(|_| err))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instructions::{by_name, rows};
    use crate::target::Target;

    #[test]
    fn every_e32_row_roundtrips_through_encode_decode_print_parse() {
        let mut n = 0;
        for t in [Target::Gfx900, Target::Gfx908] {
            for row in rows().filter(|r| {
                r.targets.contains(t)
                    && matches!(r.format, Format::Vop1 | Format::Vop2 | Format::Vopc)
            }) {
                let shape = valu::shape(row);
                let mut v = Vop {
                    vdst: 0,
                    src0: VectorSrc::Scalar(ScalarSrc::Reg(ScalarReg::Sgpr(crate::operand::Sgpr(
                        0,
                    )))),
                    vsrc1: 0,
                };
                if shape.get(Role::Vdst).is_some() {
                    v.vdst = 6;
                }
                if shape.get(Role::Sdst).is_some() {
                    v.vdst = 7;
                }
                if shape.get(Role::Src0).is_some() {
                    v.src0 = VectorSrc::Vgpr(250);
                }
                if shape.get(Role::Src1).is_some() {
                    v.vsrc1 = 2;
                }
                let lit = if needs_literal(shape, &v) {
                    Some(if shape.operands.iter().any(|o| o.ty == Ty::F16) {
                        0x3c01
                    } else {
                        0x4049_0fdb
                    })
                } else {
                    None
                };
                let words = encode(row, &v, lit);
                assert_eq!(identify(words[0]), Some((row.format, row.opcode)));
                let (back, l2) =
                    decode(row, &words).unwrap_or_else(|e| panic!("{}: {e}", row.name));
                assert_eq!((back, l2), (v, lit), "{}", row.name);
                let txt = text(row, &v, lit);
                let ops = txt.split_once(' ').map_or("", |(_, o)| o);
                let (p, pl) = parse(row, ops, 0).unwrap_or_else(|e| panic!("{txt}: {e:?}"));
                assert_eq!((p, pl), (v, lit), "{txt}");
                n += 1;
            }
        }
        assert!(n > 600, "{n}");
    }

    #[test]
    fn bad_words_name_the_field() {
        let mov = by_name(Target::Gfx900, "V_MOV_B32").unwrap();
        // SRC0 = 209 (reserved).
        let e = decode(mov, &[(VOP1_ENC << 25) | (1 << 9) | 209]).unwrap_err();
        assert!(e.to_string().contains("SRC0"), "{e}");
        // Literal missing.
        assert!(decode(mov, &[(VOP1_ENC << 25) | (1 << 9) | 255]).is_err());
        // A 64-bit destination at v255.
        let rcp = by_name(Target::Gfx900, "V_RCP_F64").unwrap();
        let e = decode(rcp, &[(VOP1_ENC << 25) | (255 << 17) | (37 << 9) | 256]).unwrap_err();
        assert!(e.to_string().contains("VDST"), "{e}");
        // V_NOP with a destination.
        let nop = by_name(Target::Gfx900, "V_NOP").unwrap();
        assert!(decode(nop, &[(VOP1_ENC << 25) | (3 << 17)]).is_err());
    }

    /// A mnemonic without `_e32`/`_e64` takes the e32 form when it fits, else e64 (words
    /// from `llvm-mc -mcpu=gfx900 -show-encoding`).
    #[test]
    fn unsuffixed_mnemonics_pick_the_encoding_llvm_picks() {
        for (text, words) in [
            (
                "v_add_f32 v0, v1, v2 clamp",
                vec![0xd101_8000u32, 0x0002_0501],
            ),
            (
                "v_add_co_u32 v0, s[0:1], v1, v2",
                vec![0xd119_0000, 0x0002_0501],
            ),
            ("v_cndmask_b32 v0, v1, v2, vcc", vec![0x0000_0501]),
            (
                "v_cmp_eq_f32 s[0:1], v1, v2",
                vec![0xd042_0000, 0x0002_0501],
            ),
        ] {
            let inst = crate::formats::parse(Target::Gfx900, text).unwrap();
            assert_eq!(crate::formats::encode(&inst), words, "{text}");
        }
    }

    /// V_MADMK/V_MADAK_F16's K is 16 bits: a literal dword with bits 31:16 set is an error;
    /// `-1` parses to 0xffff.
    #[test]
    fn f16_k_is_sixteen_bits() {
        let mk = by_name(Target::Gfx900, "V_MADMK_F16").unwrap();
        let e = decode(mk, &[0x4800_0000, 0x0d04_a700]).unwrap_err();
        assert!(e.to_string().contains("K"), "{e}");
        assert!(decode(mk, &[0x4800_0000, 0xffff]).is_ok());
        assert!(parse(mk, " v0, s0, 0xd04a700, v0", 11).is_err());
        let (v, l) = parse(mk, " v0, v1, -1, v0", 11).unwrap();
        assert_eq!(encode(mk, &v, l), vec![0x4800_0101, 0xffff]);
    }

    /// SRC0 = the literal shares K's dword; a value LLVM would print as an inline constant
    /// prints `lit(0x..)` and parses back to the literal code.
    #[test]
    fn shared_literal_src0_roundtrips() {
        for (name, words, txt) in [
            ("V_MADMK_F16", [0x4800_00ffu32, 0], "v0, lit(0x0), 0x0, v0"),
            (
                "V_MADMK_F32",
                [0x2e00_02ff, 0x3f80_0000],
                "v0, lit(0x3f800000), 0x3f800000, v1",
            ),
            (
                "V_MADAK_F16",
                [0x4a00_02ff, 0x3c00],
                "v0, lit(0x3c00), v1, 0x3c00",
            ),
            (
                "V_MADMK_F32",
                [0x2e00_02ff, 0x1234_5678],
                "v0, 0x12345678, 0x12345678, v1",
            ),
        ] {
            let row = by_name(Target::Gfx900, name).unwrap();
            let (v, l) = decode(row, &words).unwrap();
            let t = text(row, &v, l);
            assert_eq!(t.split_once(' ').unwrap().1, txt);
            assert_eq!(parse(row, txt, 0).unwrap(), (v, l), "{txt}");
        }
        // `lit(..)` must equal K, and is only SRC0 of a K row.
        let mk = by_name(Target::Gfx900, "V_MADMK_F32").unwrap();
        assert!(parse(mk, "v0, lit(0x1), 0x2, v1", 0).is_err());
        let add = by_name(Target::Gfx900, "V_ADD_F32").unwrap();
        assert!(parse(add, "v0, lit(0x1), v1", 0).is_err());
    }

    #[test]
    fn bad_text_names_the_column() {
        let add = by_name(Target::Gfx900, "V_ADD_F32").unwrap();
        let e = parse(add, " v0, v1, s2", 13).unwrap_err();
        assert_eq!(e.0, 22);
        let e = parse(add, " v0, v1", 13).unwrap_err();
        assert!(e.1.contains("operands"));
        assert!(parse(add, " v0, v1, v2, v3", 13).is_err());
        assert!(parse(add, " v0, |v1|, v2", 13).is_err());
    }
}
