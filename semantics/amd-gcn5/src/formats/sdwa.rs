//! SDWA (sub-dword addressing): the second dword that follows a VOP1, VOP2 or VOPC
//! instruction whose SRC0 is 249, with LLVM's syntax (`v_add_f32_sdwa v0, v1, v2
//! dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:DWORD`, `v_cmp_eq_f32_sdwa
//! s[2:3], v1, v2 src0_sel:WORD_1 src1_sel:DWORD`). This module also has what SDWA and
//! [`super::dpp`] share: which rows take each extension, the operand types and layout of
//! those rows, and the operand text (section "Shared with DPP" below).
//!
//! Layout (Vega manual, chapter "Microcode Formats", sections "SDWA" and "SDWAB", Tables
//! "SDWA Fields" and "SDWAB Fields"; the MI100 manual stops before its microcode chapter and
//! LLVM 14 decodes gfx908 words as gfx900's):
//!
//! VOP1/VOP2 (SDWA): `SRC0[39:32] DST_SEL[42:40] DST_U[44:43] CLMP[45] OMOD[47:46]
//! SRC0_SEL[50:48] SRC0_SEXT[51] SRC0_NEG[52] SRC0_ABS[53] r[54] S0[55] SRC1_SEL[58:56]
//! SRC1_SEXT[59] SRC1_NEG[60] SRC1_ABS[61] r[62] S1[63]`
//!
//! VOPC (SDWAB): bits [47:40] are `SDST[46:40] SD[47]` (SD 0 = VCC, 1 = the SGPR pair
//! SDST); there is no DST_SEL, DST_U, CLMP or OMOD.
//!
//! S0/S1 = 1 make SRC0 (8 bits) / VSRC1 (first dword [16:9]) a scalar source code (an SGPR,
//! a special register, an inline constant), 0 a VGPR. A select is BYTE_0..3, WORD_0..1 or
//! DWORD (7 is reserved); DST_UNUSED is UNUSED_PAD, UNUSED_SEXT or UNUSED_PRESERVE (3 is
//! reserved). OMOD codes as in VOP3 (`mul:2`, `mul:4`, `div:2`); the manual's "[46] = low
//! half, [47] = high half" is a copy error (survey C.15).
//!
//! Strictness (docs/design/0017): reserved selects and DST_UNUSED, the reserved bits 54 and
//! 62, a modifier a source does not take, OMOD on a row without a float result, the fields
//! of a VOP1's absent SRC1, an SDST with SD=0, a misaligned or VCC SDST with SD=1, and the
//! scalar codes SDWA cannot name (literal, LDS_DIRECT) are `IllegalField`s.

use super::illegal;
use super::shared::PerRow;
use super::valu::{self, Role, Ty};
use crate::instructions::{by_name, Format, Row};
use crate::operand::{Reason, ScalarReg, ScalarSrc, VectorSrc, VgprRange};
use crate::target::Target;
use gpuref_core::decode::DecodeError;
use std::fmt::Write as _;

/// SRC0 code that selects SDWA.
pub const SRC0_CODE: u32 = 249;

/// An operand select (DST_SEL, SRC0_SEL, SRC1_SEL).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sel {
    Byte0,
    Byte1,
    Byte2,
    Byte3,
    Word0,
    Word1,
    Dword,
}

impl Sel {
    pub const ALL: [Sel; 7] = [
        Sel::Byte0,
        Sel::Byte1,
        Sel::Byte2,
        Sel::Byte3,
        Sel::Word0,
        Sel::Word1,
        Sel::Dword,
    ];
    const TEXT: [&'static str; 7] = [
        "BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD",
    ];

    pub fn code(self) -> u8 {
        Self::ALL.iter().position(|&s| s == self).unwrap_or(6) as u8
    }

    pub fn from_code(code: u8) -> Result<Sel, Reason> {
        Self::ALL
            .get(usize::from(code))
            .copied()
            .ok_or("select 7 is reserved (Vega \"SDWA Fields\": 0..5 bytes/words, 6 dword)")
    }

    /// LLVM's spelling (`WORD_1`).
    pub fn text(self) -> &'static str {
        Self::TEXT[usize::from(self.code())]
    }

    pub fn parse(t: &str) -> Result<Sel, Reason> {
        Self::TEXT
            .iter()
            .position(|&s| s == t)
            .map(|i| Self::ALL[i])
            .ok_or("expected BYTE_0, BYTE_1, BYTE_2, BYTE_3, WORD_0, WORD_1 or DWORD")
    }
}

/// DST_UNUSED: what happens to the destination bits outside DST_SEL.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DstUnused {
    /// 0: zeros.
    Pad,
    /// 1: sign-extend the selected field upward (zeros below).
    Sext,
    /// 2: keep the VGPR's other bits.
    Preserve,
}

impl DstUnused {
    pub const ALL: [DstUnused; 3] = [DstUnused::Pad, DstUnused::Sext, DstUnused::Preserve];
    const TEXT: [&'static str; 3] = ["UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE"];

    pub fn code(self) -> u8 {
        self as u8
    }

    pub fn from_code(code: u8) -> Result<DstUnused, Reason> {
        Self::ALL
            .get(usize::from(code))
            .copied()
            .ok_or("DST_UNUSED 3 is reserved (Vega \"SDWA Fields\")")
    }

    pub fn text(self) -> &'static str {
        Self::TEXT[usize::from(self.code())]
    }

    pub fn parse(t: &str) -> Result<DstUnused, Reason> {
        Self::TEXT
            .iter()
            .position(|&s| s == t)
            .map(|i| Self::ALL[i])
            .ok_or("expected UNUSED_PAD, UNUSED_SEXT or UNUSED_PRESERVE")
    }
}

/// An SDWA source: a VGPR (S = 0) or a scalar source code (S = 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SdwaSrc {
    Vgpr(u8),
    Scalar(ScalarSrc),
}

/// The fields of a VOP1/VOP2/VOPC instruction with SDWA, both dwords. Fields a format does
/// not have hold their zero value: a VOP1's `src[1]`, `src_sel[1]` (BYTE_0) and its
/// modifiers; a VOPC's `vdst`, `dst_sel` (BYTE_0), `dst_unused`, `clamp`, `omod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sdwa {
    /// VDST (first dword [24:17]) of VOP1/VOP2.
    pub vdst: u8,
    /// SRC0 (second dword [39:32] with S0) and SRC1 (VSRC1, first dword [16:9], with S1).
    pub src: [SdwaSrc; 2],
    pub src_sel: [Sel; 2],
    pub sext: [bool; 2],
    pub neg: [bool; 2],
    pub abs: [bool; 2],
    pub dst_sel: Sel,
    pub dst_unused: DstUnused,
    pub clamp: bool,
    /// 0 none, 1 `mul:2`, 2 `mul:4`, 3 `div:2`.
    pub omod: u8,
    /// VOPC: the SGPR pair written (SD = 1, its first register's code), or `None` for VCC
    /// (SD = 0).
    pub sdst: Option<u8>,
}

impl Sdwa {
    /// The fields of `row`'s SDWA form with every select DWORD, no modifiers and
    /// UNUSED_PAD: what an assembler line with only the operands means (except LLVM's
    /// default DST_UNUSED, see [`parse`]).
    pub fn plain(row: &Row) -> Sdwa {
        let vopc = row.format == Format::Vopc;
        let vop1 = row.format == Format::Vop1;
        Sdwa {
            vdst: 0,
            src: [SdwaSrc::Vgpr(0); 2],
            src_sel: [Sel::Dword, if vop1 { Sel::Byte0 } else { Sel::Dword }],
            sext: [false; 2],
            neg: [false; 2],
            abs: [false; 2],
            dst_sel: if vopc { Sel::Byte0 } else { Sel::Dword },
            dst_unused: DstUnused::Pad,
            clamp: false,
            omod: 0,
            sdst: None,
        }
    }
}

/// Whether `row` has an SDWA form on `target` (LLVM 14's list; docs/design/0017).
pub fn takes_sdwa(target: Target, row: &Row) -> bool {
    row.targets.contains(target) && shape(row).is_some_and(|s| s.sdwa)
}

/// Whether a first dword of `row` (VOP1/VOP2/VOPC) selects this row's SDWA form.
pub fn selects(target: Target, row: &Row, word: u32) -> bool {
    word & 0x1ff == SRC0_CODE && takes_sdwa(target, row)
}

/// Why an SDWA source cannot be the literal or LDS_DIRECT.
const SCALAR_REASON: Reason = "an SDWA scalar source is an SGPR, a special register or an inline \
     constant (no literal, no LDS_DIRECT: rule gcn5.asm.literal.32bit_only)";

fn scalar_src(field: &'static str, code: u8) -> Result<ScalarSrc, DecodeError> {
    let bad = |r| illegal(field, u64::from(code), r);
    match ScalarSrc::from_code(code).map_err(bad)? {
        ScalarSrc::Literal => Err(bad(SCALAR_REASON)),
        s => Ok(s),
    }
}

/// Split and check the two dwords of `row` (one [`selects`] accepted).
pub fn decode(row: &Row, w0: u32, w1: u32) -> Result<Sdwa, DecodeError> {
    let shape = shape(row).filter(|s| s.sdwa).ok_or_else(|| {
        illegal(
            "SRC0",
            u64::from(SRC0_CODE),
            "this instruction has no SDWA form (docs/design/0017)",
        )
    })?;
    let bit = |n: u32| (w1 >> n) & 1 != 0;
    let sel = |field: &'static str, lo: u32| {
        let c = ((w1 >> lo) & 7) as u8;
        Sel::from_code(c).map_err(|r| illegal(field, u64::from(c), r))
    };
    for (n, field) in [(22, "SDWA bit 54"), (30, "SDWA bit 62")] {
        if bit(n) {
            return Err(illegal(field, 1, "reserved (Vega \"SDWA Fields\")"));
        }
    }
    let mut s = Sdwa::plain(row);
    let src0 = (w1 & 0xff) as u8;
    s.src[0] = if bit(23) {
        SdwaSrc::Scalar(scalar_src("SRC0", src0)?)
    } else {
        SdwaSrc::Vgpr(src0)
    };
    s.src_sel[0] = sel("SRC0_SEL", 16)?;
    s.sext[0] = bit(19);
    s.neg[0] = bit(20);
    s.abs[0] = bit(21);
    if shape.layout == Layout::Vop1 {
        if w1 >> 24 != 0 {
            return Err(illegal(
                "SRC1_SEL/SRC1_SEXT/SRC1_NEG/SRC1_ABS/S1",
                u64::from(w1 >> 24),
                "a VOP1 instruction has no source 1; the fields must be zero",
            ));
        }
    } else {
        let vsrc1 = ((w0 >> 9) & 0xff) as u8;
        s.src[1] = if bit(31) {
            SdwaSrc::Scalar(scalar_src("VSRC1", vsrc1)?)
        } else {
            SdwaSrc::Vgpr(vsrc1)
        };
        s.src_sel[1] = sel("SRC1_SEL", 24)?;
        s.sext[1] = bit(27);
        s.neg[1] = bit(28);
        s.abs[1] = bit(29);
    }
    if shape.layout == Layout::Vopc {
        let sdst = ((w1 >> 8) & 0x7f) as u8;
        if bit(15) {
            s.sdst = Some(check_sdst(sdst).map_err(|r| illegal("SDST", u64::from(sdst), r))?);
        } else if sdst != 0 {
            return Err(illegal(
                "SDST",
                u64::from(sdst),
                "SD = 0 writes VCC; SDST is unused and must be zero",
            ));
        }
    } else {
        s.vdst = ((w0 >> 17) & 0xff) as u8;
        s.dst_sel = sel("DST_SEL", 8)?;
        let du = ((w1 >> 11) & 3) as u8;
        s.dst_unused =
            DstUnused::from_code(du).map_err(|r| illegal("DST_UNUSED", u64::from(du), r))?;
        s.clamp = bit(13);
        s.omod = ((w1 >> 14) & 3) as u8;
        if s.omod != 0 && !shape.dst_float {
            return Err(illegal(
                "OMOD",
                u64::from(s.omod),
                "output modifiers apply to float results only (LLVM: no omod on this row)",
            ));
        }
    }
    check_mods(&shape, &s)?;
    Ok(s)
}

/// An SDST (SD = 1): an even-aligned SGPR pair or a 64-bit special register, not VCC.
fn check_sdst(code: u8) -> Result<u8, Reason> {
    let reg = ScalarReg::from_code(code)?;
    reg.check_width(2)?;
    if reg == ScalarReg::VccLo {
        return Err(
            "VCC is written with SD = 0 (LLVM's encoding of `vcc`); SD = 1 names another pair",
        );
    }
    Ok(code)
}

fn check_mods(shape: &ExtShape, s: &Sdwa) -> Result<(), DecodeError> {
    const FIELDS: [[&str; 3]; 2] = [
        ["SRC0_SEXT", "SRC0_NEG", "SRC0_ABS"],
        ["SRC1_SEXT", "SRC1_NEG", "SRC1_ABS"],
    ];
    for (i, [fx, fn_, fa]) in FIELDS.into_iter().enumerate().take(shape.sources()) {
        let m = shape.sdwa_mods(i);
        if s.sext[i] && m != Mods::Sext {
            return Err(illegal(fx, 1, mods_reason(m)));
        }
        if s.neg[i] && m != Mods::Float {
            return Err(illegal(fn_, 1, mods_reason(m)));
        }
        if s.abs[i] && m != Mods::Float {
            return Err(illegal(fa, 1, mods_reason(m)));
        }
    }
    Ok(())
}

fn src_code(s: SdwaSrc) -> (u32, bool) {
    match s {
        SdwaSrc::Vgpr(v) => (u32::from(v), false),
        SdwaSrc::Scalar(c) => (u32::from(c.code()), true),
    }
}

/// The two dwords.
pub fn encode(row: &Row, s: &Sdwa) -> [u32; 2] {
    let (c0, s0) = src_code(s.src[0]);
    let (c1, s1) = src_code(s.src[1]);
    let vopc = row.format == Format::Vopc;
    let w0 = first_dword(row, s.vdst, c1 as u8, SRC0_CODE);
    let dst = if vopc {
        s.sdst.map_or(0, |c| u32::from(c & 0x7f) | 0x80)
    } else {
        u32::from(s.dst_sel.code())
            | u32::from(s.dst_unused.code()) << 3
            | u32::from(s.clamp) << 5
            | u32::from(s.omod & 3) << 6
    };
    let w1 = (c0 & 0xff)
        | dst << 8
        | u32::from(s.src_sel[0].code()) << 16
        | u32::from(s.sext[0]) << 19
        | u32::from(s.neg[0]) << 20
        | u32::from(s.abs[0]) << 21
        | u32::from(s0) << 23
        | u32::from(s.src_sel[1].code()) << 24
        | u32::from(s.sext[1]) << 27
        | u32::from(s.neg[1]) << 28
        | u32::from(s.abs[1]) << 29
        | u32::from(s1) << 31;
    [w0, w1]
}

const OMOD_TEXT: [&str; 4] = ["", "mul:2", "mul:4", "div:2"];

/// LLVM's text of source `i` with its modifiers, appended to `out`.
fn push_source(out: &mut String, shape: &ExtShape, s: &Sdwa, i: usize) {
    let m = shape.sdwa_mods(i);
    let neg = if m == Mods::Sext { s.sext[i] } else { s.neg[i] };
    let (src, imm) = match s.src[i] {
        SdwaSrc::Vgpr(v) => (VectorSrc::Vgpr(v), false),
        SdwaSrc::Scalar(c) => (
            VectorSrc::Scalar(c),
            matches!(c, ScalarSrc::Int(_) | ScalarSrc::Float(_)),
        ),
    };
    // A VGPR prints `v{n}` whatever the type (as `source_text` does).
    let ty = match src {
        VectorSrc::Vgpr(_) => Ty::I32,
        _ => shape.src[i],
    };
    valu::push_mod(
        out,
        |out| valu::push_src(out, src, ty, 0),
        imm,
        s.abs[i],
        neg,
        m == Mods::Sext,
    );
}

/// [`operands_text`] appended to `out`, each operand given by a writer.
pub fn push_operands(
    out: &mut String,
    layout: Layout,
    dst: impl FnOnce(&mut String),
    src0: impl FnOnce(&mut String),
    src1: impl FnOnce(&mut String),
) {
    dst(out);
    if matches!(layout, Layout::CarryOut | Layout::CarryInOut) {
        out.push_str(", vcc");
    }
    out.push_str(", ");
    src0(out);
    if layout != Layout::Vop1 {
        out.push_str(", ");
        src1(out);
    }
    if matches!(layout, Layout::Cndmask | Layout::CarryInOut) {
        out.push_str(", vcc");
    }
}

/// LLVM's text.
pub fn text(row: &Row, s: &Sdwa) -> String {
    let mut out = String::with_capacity(96);
    write_text(&mut out, row, s);
    out
}

/// [`text`] appended to `out`.
pub fn write_text(out: &mut String, row: &Row, s: &Sdwa) {
    let Some(shape) = shape(row) else {
        let _ = write!(out, "{}_sdwa <no SDWA form>", row.mnemonic());
        return;
    };
    out.push_str(super::shared::mnemonic(row));
    out.push_str("_sdwa ");
    push_operands(
        out,
        shape.layout,
        |out| match (shape.layout, s.sdst) {
            (Layout::Vopc, None) => out.push_str("vcc"),
            (Layout::Vopc, Some(c)) if ScalarReg::from_code(c).is_ok() => {
                super::shared::push_sreg(out, c, 2)
            }
            (Layout::Vopc, Some(c)) => {
                let _ = write!(out, "<sdst {c}>");
            }
            _ => super::shared::push_vgpr(out, s.vdst, 1),
        },
        |out| push_source(out, &shape, s, 0),
        |out| push_source(out, &shape, s, 1),
    );
    if shape.layout != Layout::Vopc {
        if s.clamp {
            out.push_str(" clamp");
        }
        if s.omod != 0 {
            out.push(' ');
            out.push_str(OMOD_TEXT[usize::from(s.omod & 3)]);
        }
        out.push_str(" dst_sel:");
        out.push_str(s.dst_sel.text());
        out.push_str(" dst_unused:");
        out.push_str(s.dst_unused.text());
    }
    out.push_str(" src0_sel:");
    out.push_str(s.src_sel[0].text());
    if shape.layout != Layout::Vop1 {
        out.push_str(" src1_sel:");
        out.push_str(s.src_sel[1].text());
    }
}

/// The row of `target` whose SDWA form is named `name` (`v_add_f32_sdwa`, either case).
pub fn row_by_name(target: Target, name: &str) -> Option<&'static Row> {
    row_by_suffixed_name(target, name, "_sdwa").filter(|r| takes_sdwa(target, r))
}

/// Parse one SDWA source of type `ty` (modifiers stripped): a VGPR (S = 0), or an SGPR, a
/// special register or an inline constant (S = 1).
pub fn parse_source(tok: &str, ty: Ty) -> Result<SdwaSrc, Reason> {
    match valu::parse_src(tok, ty)? {
        (VectorSrc::Vgpr(v), _) => Ok(SdwaSrc::Vgpr(v)),
        // A 16-bit operand's float constant written as its f16 bits (`0x3c00`, as LLVM
        // prints it for a 16-bit integer operand) is that constant (llvm-mc 14 cannot read
        // it back: docs/design/0017 R1).
        (VectorSrc::Scalar(ScalarSrc::Literal), Some(v)) if ty.is_16() => {
            valu::f16_bits_constant(ty, v)
                .map(|c| SdwaSrc::Scalar(ScalarSrc::Float(c)))
                .ok_or(SCALAR_REASON)
        }
        (VectorSrc::Scalar(ScalarSrc::Literal), _) | (VectorSrc::LdsDirect, _) => {
            Err(SCALAR_REASON)
        }
        (VectorSrc::Scalar(s), _) => Ok(SdwaSrc::Scalar(s)),
    }
}

/// Parse the operands of `row`'s SDWA form (text after the mnemonic; `base` is its 0-based
/// column). Controls may be omitted (defaults: no clamp or omod, selects DWORD,
/// `dst_unused:UNUSED_PRESERVE` as LLVM 14's assembler does); given ones must come in
/// LLVM's order. Errors give a 0-based column and the reason.
pub fn parse(row: &Row, ops: &str, base: usize) -> Result<Sdwa, (usize, String)> {
    let shape = shape(row)
        .filter(|s| s.sdwa)
        .ok_or((base, format!("{} has no SDWA form", row.mnemonic())))?;
    let (operands, controls) = split_controls(shape.layout, ops, base)?;
    let mut s = Sdwa::plain(row);
    let (dcol, dtok) = operands.vdst;
    if shape.layout == Layout::Vopc {
        if dtok != "vcc" {
            let reg = ScalarReg::parse(dtok, 2).map_err(|r| (dcol, format!("`{dtok}`: {r}")))?;
            let code = check_sdst(reg.code()).map_err(|r| (dcol, format!("`{dtok}`: {r}")))?;
            s.sdst = Some(code);
        }
    } else {
        s.vdst = VgprRange::parse(dtok, 1)
            .map_err(|r| (dcol, format!("`{dtok}`: {r}")))?
            .first;
        // LLVM 14's assembler default (docs/design/0017).
        s.dst_unused = DstUnused::Preserve;
    }
    for i in 0..shape.sources() {
        let (col, tok) = operands.src[i];
        let (inner, abs, neg, sext) = valu::parse_mods(tok).map_err(|r| (col, r.to_string()))?;
        let m = shape.sdwa_mods(i);
        if (sext && m != Mods::Sext) || ((neg || abs) && m != Mods::Float) {
            return Err((col, format!("`{tok}`: {}", mods_reason(m))));
        }
        s.src[i] = parse_source(inner, shape.src[i]).map_err(|r| (col, format!("`{tok}`: {r}")))?;
        s.sext[i] = sext;
        s.neg[i] = neg;
        s.abs[i] = abs;
    }
    // clamp, omod, dst_sel, dst_unused, src0_sel, src1_sel: each optional, in this order.
    let mut stage = 0;
    for (col, tok) in controls {
        let (key, val) = tok.split_once(':').unwrap_or((tok, ""));
        let vector = shape.layout != Layout::Vopc;
        let order = match key {
            "clamp" if vector && val.is_empty() && tok == "clamp" => 1,
            "mul" | "div" if vector => 2,
            "dst_sel" if vector => 3,
            "dst_unused" if vector => 4,
            "src0_sel" => 5,
            "src1_sel" if shape.layout != Layout::Vop1 => 6,
            _ => {
                return Err((
                    col,
                    format!("`{tok}`: not an SDWA operand of {}", row.mnemonic()),
                ))
            }
        };
        if order <= stage {
            return Err((
                col,
                format!("`{tok}`: SDWA operands come once each, in the order clamp, mul:/div:, dst_sel, dst_unused, src0_sel, src1_sel"),
            ));
        }
        stage = order;
        let e = |r: Reason| (col, format!("`{tok}`: {r}"));
        match order {
            1 => s.clamp = true,
            2 => {
                s.omod = match tok {
                    "mul:2" => 1,
                    "mul:4" => 2,
                    "div:2" => 3,
                    "mul:1" | "div:1" => 0,
                    _ => return Err(e("expected mul:2, mul:4 or div:2")),
                };
                if s.omod != 0 && !shape.dst_float {
                    return Err(e("output modifiers apply to float results only"));
                }
            }
            3 => s.dst_sel = Sel::parse(val).map_err(e)?,
            4 => s.dst_unused = DstUnused::parse(val).map_err(e)?,
            5 => s.src_sel[0] = Sel::parse(val).map_err(e)?,
            _ => s.src_sel[1] = Sel::parse(val).map_err(e)?,
        }
    }
    Ok(s)
}

// ---------------------------------------------------------------------------------------
// Shared with DPP: which rows take SDWA/DPP, their operand types and layout, operand text.
//
// Operand types and the printing of sources come from [`valu`] (the VALU formats' shared
// module); which rows have each form and which modifiers a source takes in it are LLVM
// 14's gfx9 lists (docs/design/0017), checked against llvm-mc by tests/sdwa_dpp_llvm.rs
// for every row.

/// How a row's operands are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// `vdst, src0`.
    Vop1,
    /// `vdst, src0, src1`.
    Vop2,
    /// V_CNDMASK_B32: `vdst, src0, src1, vcc`.
    Cndmask,
    /// V_ADD/SUB/SUBREV_CO_U32: `vdst, vcc, src0, src1`.
    CarryOut,
    /// V_ADDC/SUBB/SUBBREV_CO_U32: `vdst, vcc, src0, src1, vcc`.
    CarryInOut,
    /// VOPC: `vcc|sdst, src0, src1`.
    Vopc,
}

/// Which modifiers a source takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mods {
    None,
    /// `-x`, `|x|`, `-|x|` (NEG and ABS bits).
    Float,
    /// `sext(x)` (SDWA: the SEXT bit; DPP: the NEG bit).
    Sext,
}

/// Why a modifier is refused on a source taking `m`.
pub fn mods_reason(m: Mods) -> Reason {
    match m {
        Mods::None => "this source takes no modifiers (LLVM: an integer operand of a row without float sources)",
        Mods::Float => "a float source takes negate and absolute value, not sign extension",
        Mods::Sext => "an integer source takes sign extension only (`sext(...)`), not negate or absolute value",
    }
}

/// What SDWA and DPP need to know about a VOP1/VOP2/VOPC row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtShape {
    pub layout: Layout,
    /// Source types (a VOP1's second entry repeats the first).
    pub src: [Ty; 2],
    /// The result is a float (OMOD allowed in SDWA).
    pub dst_float: bool,
    pub sdwa: bool,
    pub dpp: bool,
    /// Whether the row has input modifiers in its DPP form (LLVM: a row with a float
    /// source; V_CNDMASK_B32 and the integer dot rows have none).
    pub dpp_has_mods: bool,
}

impl ExtShape {
    /// 1 for VOP1, else 2.
    pub fn sources(&self) -> usize {
        if self.layout == Layout::Vop1 {
            1
        } else {
            2
        }
    }

    /// The modifiers source `i` takes in SDWA: float sources negate/abs, integer ones sext.
    pub fn sdwa_mods(&self, i: usize) -> Mods {
        if self.src[i].is_float() {
            Mods::Float
        } else {
            Mods::Sext
        }
    }

    /// The modifiers source `i` takes in DPP: none on a row without float sources; else
    /// float sources negate/abs and integer ones sext (through the NEG bit).
    pub fn dpp_mods(&self, i: usize) -> Mods {
        if i >= self.sources() || !self.dpp_has_mods {
            Mods::None
        } else {
            self.sdwa_mods(i)
        }
    }
}

/// LLVM 14's SDWA and DPP availability on gfx9 (docs/design/0017 "Which rows"): VOP1 all
/// but V_NOP, V_READFIRSTLANE_B32, V_CLREXCP, V_SWAP_B32 and the rows with 64-bit operands;
/// VOP2 all but V_MADMK/V_MADAK and V_PK_FMAC_F16, and for SDWA also not V_MAC_F32/F16,
/// V_FMAC_F32 and the V_DOT*C rows; VOPC SDWA all but the 64-bit compares, VOPC DPP none.
fn availability(row: &Row) -> (bool, bool) {
    let n = row.name;
    let wide = n.contains("F64") || n.contains("I64") || n.contains("U64");
    match row.format {
        Format::Vop1 => {
            let none = wide
                || matches!(
                    n,
                    "V_NOP" | "V_READFIRSTLANE_B32" | "V_CLREXCP" | "V_SWAP_B32"
                );
            (!none, !none)
        }
        Format::Vop2 => {
            let madk = matches!(
                n,
                "V_MADMK_F32" | "V_MADAK_F32" | "V_MADMK_F16" | "V_MADAK_F16" | "V_PK_FMAC_F16"
            );
            let mac =
                matches!(n, "V_MAC_F32" | "V_MAC_F16" | "V_FMAC_F32") || n.starts_with("V_DOT");
            (!madk && !mac, !madk)
        }
        Format::Vopc => (!wide, false),
        _ => (false, false),
    }
}

/// The SDWA/DPP shape of a VOP1/VOP2/VOPC row; `None` for rows of other formats and rows
/// with neither form.
pub fn shape(row: &Row) -> Option<ExtShape> {
    static SHAPES: PerRow<Option<ExtShape>> = PerRow::new(compute_shape);
    *SHAPES.get(row)
}

/// [`shape`], computed (once per row).
fn compute_shape(row: &Row) -> Option<ExtShape> {
    let (sdwa, dpp) = availability(row);
    if !sdwa && !dpp {
        return None;
    }
    let v = valu::shape(row);
    let ty = |role| v.get(role).map(|o| o.ty);
    let src0 = ty(Role::Src0)?;
    let src1 = ty(Role::Src1).unwrap_or(src0);
    let has = |role| v.get(role).is_some();
    let layout = match row.format {
        Format::Vop1 => Layout::Vop1,
        Format::Vopc => Layout::Vopc,
        _ => match (has(Role::CarryOut), has(Role::CarryIn)) {
            (true, true) => Layout::CarryInOut,
            (true, false) => Layout::CarryOut,
            (false, true) => Layout::Cndmask,
            (false, false) => Layout::Vop2,
        },
    };
    let dst_float = row.format != Format::Vopc && ty(Role::Vdst).is_some_and(Ty::is_float);
    let two = layout != Layout::Vop1;
    Some(ExtShape {
        layout,
        src: [src0, src1],
        dst_float,
        sdwa,
        dpp,
        dpp_has_mods: src0.is_float() || (two && src1.is_float()),
    })
}

/// The first dword of a VOP1/VOP2/VOPC row: VDST (VOP1/VOP2), VSRC1 (VOP2/VOPC), SRC0.
pub fn first_dword(row: &Row, vdst: u8, vsrc1: u8, src0: u32) -> u32 {
    let (bits, _) = super::template::opcode_bits(row.format, row.opcode);
    let (vdst, vsrc1) = (u32::from(vdst), u32::from(vsrc1));
    bits | src0
        | match row.format {
            Format::Vop1 => vdst << 17,
            Format::Vopc => vsrc1 << 9,
            _ => vdst << 17 | vsrc1 << 9,
        }
}

/// The operand list of `layout` (`v0, vcc, v1, v2, vcc`).
pub fn operands_text(layout: Layout, dst: &str, src0: &str, src1: &str) -> String {
    match layout {
        Layout::Vop1 => format!("{dst}, {src0}"),
        Layout::Vop2 | Layout::Vopc => format!("{dst}, {src0}, {src1}"),
        Layout::Cndmask => format!("{dst}, {src0}, {src1}, vcc"),
        Layout::CarryOut => format!("{dst}, vcc, {src0}, {src1}"),
        Layout::CarryInOut => format!("{dst}, vcc, {src0}, {src1}, vcc"),
    }
}

/// LLVM's text of a source with its modifiers (`-|v1|`, `neg(1.0)`, `sext(s4)`); `imm`
/// is set for an inline constant.
pub fn mods_text(op: &str, m: Mods, neg: bool, abs: bool, imm: bool) -> String {
    valu::mod_text(op, imm, abs, neg, m == Mods::Sext)
}

/// The text of a scalar source (register or inline constant) of type `ty`.
pub fn scalar_text(s: ScalarSrc, ty: Ty) -> String {
    valu::src_text(VectorSrc::Scalar(s), ty, 0)
}

/// The row of `target` named `name` less `suffix` (either case).
pub fn row_by_suffixed_name(target: Target, name: &str, suffix: &str) -> Option<&'static Row> {
    let lower = name.to_ascii_lowercase();
    let base = lower.strip_suffix(suffix)?;
    by_name(target, base).filter(|r| matches!(r.format, Format::Vop1 | Format::Vop2 | Format::Vopc))
}

/// The operands of an SDWA/DPP line: (0-based column, text) of the destination and the
/// sources; the fixed `vcc` operands are checked here.
pub struct Operands<'a> {
    pub vdst: (usize, &'a str),
    pub src: [(usize, &'a str); 2],
}

/// Split `ops` into the operands of `layout` and the whitespace-separated controls after
/// them.
#[allow(clippy::type_complexity)]
pub fn split_controls(
    layout: Layout,
    ops: &str,
    base: usize,
) -> Result<(Operands<'_>, Vec<(usize, &str)>), (usize, String)> {
    let mut parts = super::split_operands(ops, base);
    let end = base + ops.trim_end().len();
    // The last operand and the controls after it are separated by whitespace.
    let mut controls = Vec::new();
    if let Some(last) = parts.last_mut() {
        let (col, text) = *last;
        let mut words = text
            .split_whitespace()
            .map(|w| (col + (w.as_ptr() as usize - text.as_ptr() as usize), w));
        let first = words.next().unwrap_or((col, ""));
        *last = first;
        controls.extend(words);
    }
    let want = match layout {
        Layout::Vop1 => 2,
        Layout::Vop2 | Layout::Vopc => 3,
        Layout::Cndmask | Layout::CarryOut => 4,
        Layout::CarryInOut => 5,
    };
    if parts.len() != want || parts.iter().any(|p| p.1.is_empty()) {
        let col = parts
            .iter()
            .find(|p| p.1.is_empty())
            .map_or(parts.get(want).map_or(end, |p| p.0), |p| p.0);
        return Err((col, format!("expected {want} operands before the controls")));
    }
    let vcc = |i: usize| -> Result<(), (usize, String)> {
        let (c, t) = parts[i];
        if t == "vcc" {
            Ok(())
        } else {
            Err((
                c,
                format!("`{t}`: expected vcc (the SDWA/DPP forms use VCC)"),
            ))
        }
    };
    let (s0, s1) = match layout {
        Layout::Vop1 => (1, 1),
        Layout::Vop2 | Layout::Vopc => (1, 2),
        Layout::Cndmask => {
            vcc(3)?;
            (1, 2)
        }
        Layout::CarryOut => {
            vcc(1)?;
            (2, 3)
        }
        Layout::CarryInOut => {
            vcc(1)?;
            vcc(4)?;
            (2, 3)
        }
    };
    Ok((
        Operands {
            vdst: parts[0],
            src: [parts[s0], parts[s1]],
        },
        controls,
    ))
}

#[cfg(test)]
mod tests;
