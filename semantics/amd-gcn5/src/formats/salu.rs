//! The five scalar ALU microcode formats: bit layouts and the operand shape of every row.
//!
//! Layouts (Vega manual, chapter "Microcode Formats", section "Scalar ALU and Control
//! Formats"; MI100 uses the same, checked against LLVM):
//!
//! | format | fields |
//! |---|---|
//! | SOP2 | SSRC0[7:0] SSRC1[15:8] SDST[22:16] OP[29:23] ENCODING[31:30]=10 |
//! | SOPK | SIMM16[15:0] SDST[22:16] OP[27:23] ENCODING[31:28]=1011 |
//! | SOP1 | SSRC0[7:0] OP[15:8] SDST[22:16] ENCODING[31:23]=101111101 |
//! | SOPC | SSRC0[7:0] SSRC1[15:8] OP[22:16] ENCODING[31:23]=101111110 |
//! | SOPP | SIMM16[15:0] OP[22:16] ENCODING[31:23]=101111111 |
//!
//! The SOPK/SOP1/SOPC/SOPP encodings are SOP2 OP values 88..=127, so they are tested first.
//!
//! Operand widths come from the row name's type suffixes (`_B64` = 2 dwords, `_B32`,
//! `_I16`, ... = 1 dword; with two suffixes, as in `S_BCNT1_I32_B64`, the first is the
//! destination and the second the sources) plus [`EXCEPTIONS`], each citing the manual's
//! instruction description.

use super::shared::{mnemonic, push_hex, push_sreg, push_ssrc, Ops, PerRow};
use super::{illegal, special, split_operands, truncated, Fields, Instruction, ParseError, UNUSED};
use crate::instructions::{Format, Row};
use crate::operand::{Reason, ScalarDst, ScalarReg, ScalarSrc};
use gpuref_core::decode::DecodeError;
use std::fmt::Write as _;

/// How a 16-bit immediate is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImmStyle {
    /// `0x1234` always (S_MOVK_I32, S_CMPK_*, S_ADDK_I32, S_MULK_I32).
    Hex,
    /// Unsigned decimal (branch offsets, S_CALL_B64, S_CBRANCH_I_FORK).
    Dec,
    /// Decimal up to 64, else hex (LLVM's plain 16-bit immediates: S_NOP, S_SLEEP, ...).
    U16,
    /// Omitted when zero, else decimal (S_ENDPGM).
    OptDec,
    Waitcnt,
    Sendmsg,
    Hwreg,
    GprIdx,
}

/// One printed operand and the field it lives in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// SDST, `n` dwords (a destination, or for S_CMPK_*, S_SETREG_B32, S_CBRANCH_I_FORK a
    /// source read through the SDST field).
    Sdst(u32),
    Ssrc0(u32),
    Ssrc1(u32),
    /// SIMM16 (SOPK/SOPP).
    Simm16(ImmStyle),
    /// SSRC1 of S_SET_GPR_IDX_ON: an 8-bit immediate, not an operand code.
    GprIdxSsrc1,
    /// The mandatory 32-bit literal of S_SETREG_IMM32_B32.
    Literal32,
}

/// Rows whose operands do not follow the name's suffixes. Each cites the manual.
#[rustfmt::skip]
pub const EXCEPTIONS: &[(&str, &[Slot], &str)] = &[
    // SOP2: 64-bit shifts and bit-field extracts take a 32-bit shift/field operand.
    ("S_LSHL_B64",        &[Slot::Sdst(2), Slot::Ssrc0(2), Slot::Ssrc1(1)], "SOP2 Instructions: S_LSHL_B64 D.u64 = S0.u64 << S1.u[5:0]"),
    ("S_LSHR_B64",        &[Slot::Sdst(2), Slot::Ssrc0(2), Slot::Ssrc1(1)], "SOP2 Instructions: S_LSHR_B64 S1.u[5:0]"),
    ("S_ASHR_I64",        &[Slot::Sdst(2), Slot::Ssrc0(2), Slot::Ssrc1(1)], "SOP2 Instructions: S_ASHR_I64 S1.u[5:0]"),
    ("S_BFE_U64",         &[Slot::Sdst(2), Slot::Ssrc0(2), Slot::Ssrc1(1)], "SOP2 Instructions: S_BFE_U64 S1 = {width, offset}"),
    ("S_BFE_I64",         &[Slot::Sdst(2), Slot::Ssrc0(2), Slot::Ssrc1(1)], "SOP2 Instructions: S_BFE_I64 S1 = {width, offset}"),
    ("S_BFM_B64",         &[Slot::Sdst(2), Slot::Ssrc0(1), Slot::Ssrc1(1)], "SOP2 Instructions: S_BFM_B64 from S0.u[5:0], S1.u[5:0]"),
    ("S_CBRANCH_G_FORK",  &[Slot::Ssrc0(2), Slot::Ssrc1(2)],                "SOP2 Instructions: S_CBRANCH_G_FORK mask S0, target S1 (no destination)"),
    ("S_RFE_RESTORE_B64", &[Slot::Ssrc0(2), Slot::Ssrc1(1)],                "SOP2 Instructions: S_RFE_RESTORE_B64 PC = S0, S1 restores STATUS bits"),
    // SOP1.
    ("S_BITSET0_B64",     &[Slot::Sdst(2), Slot::Ssrc0(1)],                 "SOP1 Instructions: S_BITSET0_B64 D.u64[S0.u[5:0]] = 0"),
    ("S_BITSET1_B64",     &[Slot::Sdst(2), Slot::Ssrc0(1)],                 "SOP1 Instructions: S_BITSET1_B64 D.u64[S0.u[5:0]] = 1"),
    ("S_GETPC_B64",       &[Slot::Sdst(2)],                                 "SOP1 Instructions: S_GETPC_B64 D.u64 = PC + 4 (no source)"),
    ("S_SETPC_B64",       &[Slot::Ssrc0(2)],                                "SOP1 Instructions: S_SETPC_B64 PC = S0.u64 (no destination)"),
    ("S_RFE_B64",         &[Slot::Ssrc0(2)],                                "SOP1 Instructions: S_RFE_B64 PC = S0.u64 (no destination)"),
    ("S_CBRANCH_JOIN",    &[Slot::Ssrc0(1)],                                "SOP1 Instructions: S_CBRANCH_JOIN reads S0 (no destination)"),
    ("S_SET_GPR_IDX_IDX", &[Slot::Ssrc0(1)],                                "SOP1 Instructions: S_SET_GPR_IDX_IDX M0[7:0] = S0.u[7:0]"),
    // SOPC.
    ("S_BITCMP0_B64",     &[Slot::Ssrc0(2), Slot::Ssrc1(1)],                "SOPC Instructions: S_BITCMP0_B64 S0.u64[S1.u[5:0]]"),
    ("S_BITCMP1_B64",     &[Slot::Ssrc0(2), Slot::Ssrc1(1)],                "SOPC Instructions: S_BITCMP1_B64 S0.u64[S1.u[5:0]]"),
    ("S_SET_GPR_IDX_ON",  &[Slot::Ssrc0(1), Slot::GprIdxSsrc1],             "SOPC Instructions: S_SET_GPR_IDX_ON M0[15:12] = SIMM4 (the SSRC1 field)"),
    // SOPK.
    ("S_CBRANCH_I_FORK",  &[Slot::Sdst(2), Slot::Simm16(ImmStyle::Dec)],    "SOPK Instructions: S_CBRANCH_I_FORK mask = S0 (SDST field), target = SIMM16"),
    ("S_GETREG_B32",      &[Slot::Sdst(1), Slot::Simm16(ImmStyle::Hwreg)],  "SOPK Instructions: S_GETREG_B32 SIMM16 = {size-1, offset, hwRegId}"),
    ("S_SETREG_B32",      &[Slot::Simm16(ImmStyle::Hwreg), Slot::Sdst(1)],  "SOPK Instructions: S_SETREG_B32 hardware register = SDST"),
    ("S_SETREG_IMM32_B32",&[Slot::Simm16(ImmStyle::Hwreg), Slot::Literal32],"SOPK Instructions: S_SETREG_IMM32_B32 uses a 32-bit literal"),
    ("S_CALL_B64",        &[Slot::Sdst(2), Slot::Simm16(ImmStyle::Dec)],    "SOPK Instructions: S_CALL_B64 D.u64 = PC + 4; PC += SIMM16 * 4"),
    // SOPP.
    ("S_ENDPGM",          &[Slot::Simm16(ImmStyle::OptDec)],                "SOPP Instructions: S_ENDPGM (LLVM prints a non-zero SIMM16)"),
    ("S_WAITCNT",         &[Slot::Simm16(ImmStyle::Waitcnt)],               "SOPP Instructions: S_WAITCNT vm_cnt/exp_cnt/lgkm_cnt fields"),
    ("S_SENDMSG",         &[Slot::Simm16(ImmStyle::Sendmsg)],               "SOPP Instructions: S_SENDMSG SIMM16[3:0] msg, [6:4] op, [9:8] stream"),
    ("S_SENDMSGHALT",     &[Slot::Simm16(ImmStyle::Sendmsg)],               "SOPP Instructions: S_SENDMSGHALT as S_SENDMSG"),
    ("S_SET_GPR_IDX_MODE",&[Slot::Simm16(ImmStyle::GprIdx)],                "SOPP Instructions: S_SET_GPR_IDX_MODE M0[15:12] = SIMM16[3:0]"),
    ("S_WAKEUP",          &[],                                              "SOPP Instructions: S_WAKEUP (no operand)"),
    ("S_BARRIER",         &[],                                              "SOPP Instructions: S_BARRIER (no operand)"),
    ("S_ICACHE_INV",      &[],                                              "SOPP Instructions: S_ICACHE_INV (no operand)"),
    ("S_TTRACEDATA",      &[],                                              "SOPP Instructions: S_TTRACEDATA sends M0 (no operand)"),
    ("S_ENDPGM_SAVED",    &[],                                              "SOPP Instructions: S_ENDPGM_SAVED (no operand)"),
    ("S_SET_GPR_IDX_OFF", &[],                                              "SOPP Instructions: S_SET_GPR_IDX_OFF (no operand)"),
    ("S_ENDPGM_ORDERED_PS_DONE", &[],                                       "SOPP Instructions: S_ENDPGM_ORDERED_PS_DONE (no operand)"),
];

/// The width in dwords of a type suffix such as `B64`, `I32`, `U16`, `I8`.
fn suffix_dwords(s: &str) -> Option<u32> {
    let (kind, bits) = s.split_at(1);
    if !matches!(kind, "B" | "I" | "U" | "F") {
        return None;
    }
    match bits {
        "64" => Some(2),
        "32" | "16" | "8" => Some(1),
        _ => None,
    }
}

/// (destination, source) widths from the name: the last suffix gives the sources, the one
/// before it (when there are two) the destination.
fn name_widths(name: &str) -> (u32, u32) {
    let parts: Vec<&str> = name.split('_').collect();
    let last = parts.last().and_then(|s| suffix_dwords(s)).unwrap_or(1);
    let before = parts
        .len()
        .checked_sub(2)
        .and_then(|i| parts.get(i))
        .and_then(|s| suffix_dwords(s));
    (before.unwrap_or(last), last)
}

/// Whether a row is in one of the five scalar ALU formats.
pub fn is_salu(row: &Row) -> bool {
    matches!(
        row.format,
        Format::Sop2 | Format::Sopk | Format::Sop1 | Format::Sopc | Format::Sopp
    )
}

/// The operands of a row, in printed order.
pub fn shape(row: &Row) -> Vec<Slot> {
    slots(row).to_vec()
}

/// [`shape`], computed once per row.
fn slots(row: &Row) -> &'static [Slot] {
    static SLOTS: PerRow<Vec<Slot>> = PerRow::new(compute_shape);
    SLOTS.get(row)
}

/// [`shape`], computed.
fn compute_shape(row: &Row) -> Vec<Slot> {
    if let Some((_, slots, _)) = EXCEPTIONS.iter().find(|(n, _, _)| *n == row.name) {
        return slots.to_vec();
    }
    let (dst, src) = name_widths(row.name);
    match row.format {
        Format::Sop2 => vec![Slot::Sdst(dst), Slot::Ssrc0(src), Slot::Ssrc1(src)],
        Format::Sop1 => vec![Slot::Sdst(dst), Slot::Ssrc0(src)],
        Format::Sopc => vec![Slot::Ssrc0(src), Slot::Ssrc1(src)],
        Format::Sopk => vec![Slot::Sdst(1), Slot::Simm16(ImmStyle::Hex)],
        Format::Sopp if row.name.starts_with("S_BRANCH") || row.name.starts_with("S_CBRANCH") => {
            vec![Slot::Simm16(ImmStyle::Dec)]
        }
        _ => vec![Slot::Simm16(ImmStyle::U16)],
    }
}

/// The raw fields of one dword, by format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RawFields {
    pub sdst: u8,
    pub ssrc0: u8,
    pub ssrc1: u8,
    pub simm16: u16,
}

const SOP1_ENC: u32 = 0x17d;
const SOPC_ENC: u32 = 0x17e;
const SOPP_ENC: u32 = 0x17f;
const SOPK_ENC: u32 = 0xb;
const SOP2_ENC: u32 = 0b10;

/// The format and opcode of a dword, or `None` when it is not a scalar ALU format.
pub fn identify(word: u32) -> Option<(Format, u16)> {
    let enc9 = word >> 23;
    if enc9 == SOP1_ENC {
        Some((Format::Sop1, ((word >> 8) & 0xff) as u16))
    } else if enc9 == SOPC_ENC {
        Some((Format::Sopc, ((word >> 16) & 0x7f) as u16))
    } else if enc9 == SOPP_ENC {
        Some((Format::Sopp, ((word >> 16) & 0x7f) as u16))
    } else if word >> 28 == SOPK_ENC {
        Some((Format::Sopk, ((word >> 23) & 0x1f) as u16))
    } else if word >> 30 == SOP2_ENC {
        Some((Format::Sop2, ((word >> 23) & 0x7f) as u16))
    } else {
        None
    }
}

pub fn split(word: u32) -> RawFields {
    RawFields {
        sdst: ((word >> 16) & 0x7f) as u8,
        ssrc0: (word & 0xff) as u8,
        ssrc1: ((word >> 8) & 0xff) as u8,
        simm16: (word & 0xffff) as u16,
    }
}

/// The dword of `format` with `opcode` and the fields it has.
pub fn join(format: Format, opcode: u16, f: RawFields) -> u32 {
    let op = u32::from(opcode);
    let (d, s0, s1, k) = (
        u32::from(f.sdst & 0x7f),
        u32::from(f.ssrc0),
        u32::from(f.ssrc1),
        u32::from(f.simm16),
    );
    match format {
        Format::Sop2 => (SOP2_ENC << 30) | ((op & 0x7f) << 23) | (d << 16) | (s1 << 8) | s0,
        Format::Sopk => (SOPK_ENC << 28) | ((op & 0x1f) << 23) | (d << 16) | k,
        Format::Sop1 => (SOP1_ENC << 23) | (d << 16) | ((op & 0xff) << 8) | s0,
        Format::Sopc => (SOPC_ENC << 23) | ((op & 0x7f) << 16) | (s1 << 8) | s0,
        _ => (SOPP_ENC << 23) | ((op & 0x7f) << 16) | k,
    }
}

/// Which raw fields a format has: (SDST, SSRC0, SSRC1, SIMM16).
pub const fn has_fields(format: Format) -> (bool, bool, bool, bool) {
    match format {
        Format::Sop2 => (true, true, true, false),
        Format::Sopk => (true, false, false, true),
        Format::Sop1 => (true, true, false, false),
        Format::Sopc => (false, true, true, false),
        _ => (false, false, false, true),
    }
}

// ---------------------------------------------------------------------------------------
// Decode, print and parse (the dispatch is in the parent module).

/// SOP2 fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sop2 {
    /// `None` for the rows without a destination (S_CBRANCH_G_FORK, S_RFE_RESTORE_B64).
    pub sdst: Option<ScalarDst>,
    pub ssrc0: ScalarSrc,
    pub ssrc1: ScalarSrc,
}

/// SOPK fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sopk {
    /// `None` only for S_SETREG_IMM32_B32.
    pub sdst: Option<ScalarDst>,
    pub simm16: u16,
}

/// SOP1 fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sop1 {
    pub sdst: Option<ScalarDst>,
    /// `None` only for S_GETPC_B64.
    pub ssrc0: Option<ScalarSrc>,
}

/// SOPC's second field: an operand, or S_SET_GPR_IDX_ON's 8-bit mode immediate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SopcSrc1 {
    Src(ScalarSrc),
    GprIdxMode(u8),
}

/// SOPC fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sopc {
    pub ssrc0: ScalarSrc,
    pub ssrc1: SopcSrc1,
}

/// SOPP fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sopp {
    pub simm16: u16,
}

/// Check and split the fields of SALU `row` (whose format and opcode `words[0]` holds);
/// returns them and the literal dword when the instruction has one.
pub(super) fn decode(row: &Row, words: &[u32]) -> Result<(Fields, Option<u32>), DecodeError> {
    let format = row.format;
    let raw = split(words[0]);
    let shape = slots(row);
    let (has_sdst, has_s0, has_s1, has_k) = has_fields(format);
    let find = |pred: fn(&Slot) -> Option<u32>| shape.iter().find_map(pred);
    let sdst_w = find(|s| match s {
        Slot::Sdst(w) => Some(*w),
        _ => None,
    });
    let s0_w = find(|s| match s {
        Slot::Ssrc0(w) => Some(*w),
        _ => None,
    });
    let s1_w = find(|s| match s {
        Slot::Ssrc1(w) => Some(*w),
        _ => None,
    });
    let gpr_idx = shape.contains(&Slot::GprIdxSsrc1);
    let uses_k = shape.iter().any(|s| matches!(s, Slot::Simm16(_)));
    let needs_lit32 = shape.contains(&Slot::Literal32);

    let sdst = match sdst_w {
        Some(w) => {
            let r = ScalarReg::from_code(raw.sdst)
                .and_then(|r| r.check_width(w).map(|()| r))
                .map_err(|e| illegal("SDST", u64::from(raw.sdst), e))?;
            Some(r)
        }
        None if has_sdst && raw.sdst != 0 => {
            return Err(illegal("SDST", u64::from(raw.sdst), UNUSED))
        }
        None => None,
    };
    let src = |field: &'static str, code: u8, w: Option<u32>, has: bool| match w {
        Some(w) => ScalarSrc::from_code(code)
            .and_then(|s| s.check_width(w).map(|()| Some(s)))
            .map_err(|e| illegal(field, u64::from(code), e)),
        None if has && code != 0 && !(field == "SSRC1" && gpr_idx) => {
            Err(illegal(field, u64::from(code), UNUSED))
        }
        None => Ok(None),
    };
    let ssrc0 = src("SSRC0", raw.ssrc0, s0_w, has_s0)?;
    let ssrc1 = src("SSRC1", raw.ssrc1, s1_w, has_s1)?;
    if has_k && !uses_k && raw.simm16 != 0 {
        return Err(illegal("SIMM16", u64::from(raw.simm16), UNUSED));
    }
    let needs_literal =
        needs_lit32 || ssrc0 == Some(ScalarSrc::Literal) || ssrc1 == Some(ScalarSrc::Literal);
    let literal = if needs_literal {
        Some(*words.get(1).ok_or_else(|| truncated(2, words.len()))?)
    } else {
        None
    };
    let int0 = ScalarSrc::Int(0);
    let fields = match format {
        Format::Sop2 => Fields::Sop2(Sop2 {
            sdst,
            ssrc0: ssrc0.unwrap_or(int0),
            ssrc1: ssrc1.unwrap_or(int0),
        }),
        Format::Sopk => Fields::Sopk(Sopk {
            sdst,
            simm16: raw.simm16,
        }),
        Format::Sop1 => Fields::Sop1(Sop1 { sdst, ssrc0 }),
        Format::Sopc => Fields::Sopc(Sopc {
            ssrc0: ssrc0.unwrap_or(int0),
            ssrc1: if gpr_idx {
                SopcSrc1::GprIdxMode(raw.ssrc1)
            } else {
                SopcSrc1::Src(ssrc1.unwrap_or(int0))
            },
        }),
        _ => Fields::Sopp(Sopp { simm16: raw.simm16 }),
    };
    Ok((fields, literal))
}

/// The raw fields of a SALU instruction (zero for other formats).
fn raw(fields: &Fields) -> RawFields {
    let code = |s: Option<ScalarSrc>| s.map_or(0, ScalarSrc::code);
    let dst = |d: Option<ScalarDst>| d.map_or(0, ScalarReg::code);
    match *fields {
        Fields::Sop2(f) => RawFields {
            sdst: dst(f.sdst),
            ssrc0: f.ssrc0.code(),
            ssrc1: f.ssrc1.code(),
            simm16: 0,
        },
        Fields::Sopk(f) => RawFields {
            sdst: dst(f.sdst),
            simm16: f.simm16,
            ..RawFields::default()
        },
        Fields::Sop1(f) => RawFields {
            sdst: dst(f.sdst),
            ssrc0: code(f.ssrc0),
            ..RawFields::default()
        },
        Fields::Sopc(f) => RawFields {
            ssrc0: f.ssrc0.code(),
            ssrc1: match f.ssrc1 {
                SopcSrc1::Src(s) => s.code(),
                SopcSrc1::GprIdxMode(m) => m,
            },
            ..RawFields::default()
        },
        Fields::Sopp(f) => RawFields {
            simm16: f.simm16,
            ..RawFields::default()
        },
        // Not a SALU format: encode and text never call this for them.
        _ => RawFields::default(),
    }
}

/// The dword of a SALU instruction, then its literal.
pub(super) fn encode(inst: &Instruction) -> Vec<u32> {
    let mut out = vec![join(inst.row.format, inst.row.opcode, raw(&inst.fields))];
    out.extend(inst.literal);
    out
}

/// The instruction in LLVM syntax.
pub(super) fn text(inst: &Instruction) -> String {
    let mut out = String::with_capacity(48);
    write_text(&mut out, inst);
    out
}

/// [`text`] appended to `out`.
pub(super) fn write_text(out: &mut String, inst: &Instruction) {
    let raw = raw(&inst.fields);
    let lit = inst.literal.unwrap_or(0);
    let mut ops = Ops::new(out, mnemonic(inst.row));
    for &slot in slots(inst.row) {
        if slot == Slot::Simm16(ImmStyle::OptDec) && raw.simm16 == 0 {
            continue;
        }
        let out = ops.operand();
        let _ = match slot {
            Slot::Sdst(w) if ScalarReg::from_code(raw.sdst).is_ok() => {
                push_sreg(out, raw.sdst, w);
                Ok(())
            }
            Slot::Sdst(_) => write!(out, "<sdst {}>", raw.sdst),
            Slot::Ssrc0(w) => {
                push_ssrc(out, raw.ssrc0, w, lit);
                Ok(())
            }
            Slot::Ssrc1(w) => {
                push_ssrc(out, raw.ssrc1, w, lit);
                Ok(())
            }
            Slot::GprIdxSsrc1 => out.write_str(&special::gpr_idx_text(u16::from(raw.ssrc1))),
            Slot::Literal32 => out.write_str(&crate::operand::literal_text(lit, 1)),
            Slot::Simm16(style) => {
                let k = raw.simm16;
                match style {
                    ImmStyle::Hex => {
                        push_hex(out, u32::from(k));
                        Ok(())
                    }
                    ImmStyle::Dec => write!(out, "{k}"),
                    ImmStyle::U16 if k <= 64 => write!(out, "{k}"),
                    ImmStyle::U16 => write!(out, "{k:#x}"),
                    ImmStyle::OptDec => write!(out, "{k}"),
                    ImmStyle::Waitcnt => out.write_str(&special::waitcnt_text(k)),
                    ImmStyle::Sendmsg => out.write_str(&special::sendmsg_text(k)),
                    ImmStyle::Hwreg => out.write_str(&special::hwreg_text(k)),
                    ImmStyle::GprIdx => out.write_str(&special::gpr_idx_text(k)),
                }
            }
        };
    }
}

/// Parse the operands of SALU `row`: `ops_text` follows the mnemonic at 0-based column
/// `ops_base`; `end` is the column of the end of the text. Errors give a 0-based column.
pub(super) fn parse(
    row: &Row,
    ops_text: &str,
    ops_base: usize,
    end: usize,
) -> Result<(Fields, Option<u32>), ParseError> {
    let err = |col0: usize, reason: &str| ParseError {
        column: col0 + 1,
        reason: reason.to_string(),
    };
    let shape = slots(row);
    let mut operands = if ops_text.trim().is_empty() {
        Vec::new()
    } else if shape == [Slot::Simm16(ImmStyle::Waitcnt)] {
        let lead = ops_text.len() - ops_text.trim_start().len();
        vec![(ops_base + lead, ops_text.trim())]
    } else {
        split_operands(ops_text, ops_base)
    };
    let optional = shape == [Slot::Simm16(ImmStyle::OptDec)];
    if optional && operands.is_empty() {
        operands.push((end, "0"));
    }
    if operands.len() != shape.len() {
        let col = operands.get(shape.len()).map_or(end, |o| o.0);
        return Err(err(
            col,
            &format!(
                "{} takes {} operand(s), found {}",
                row.mnemonic(),
                shape.len(),
                operands.len()
            ),
        ));
    }
    let mut raw = RawFields::default();
    let (mut sdst, mut ssrc0, mut ssrc1) = (None, None, None);
    let mut literal: Option<u32> = None;
    let mut gpr_idx = None;
    for (slot, &(col, op)) in shape.iter().zip(&operands) {
        let e = |r: Reason| err(col, &format!("`{op}`: {r}"));
        let mut take_literal = |v: Option<u32>| -> Result<(), ParseError> {
            if let Some(v) = v {
                match literal {
                    Some(old) if old != v => {
                        return Err(err(col, "only one literal constant per instruction"))
                    }
                    _ => literal = Some(v),
                }
            }
            Ok(())
        };
        match *slot {
            Slot::Sdst(w) => sdst = Some(ScalarReg::parse(op, w).map_err(e)?),
            Slot::Ssrc0(w) | Slot::Ssrc1(w) => {
                let (s, v) = ScalarSrc::parse(op, w).map_err(e)?;
                take_literal(v)?;
                if matches!(slot, Slot::Ssrc0(_)) {
                    ssrc0 = Some(s);
                } else {
                    ssrc1 = Some(s);
                }
            }
            Slot::GprIdxSsrc1 => {
                gpr_idx = Some(special::gpr_idx_parse(op, 0xff).map_err(e)? as u8);
            }
            Slot::Literal32 => {
                // The value as a 32-bit operand: an integer, an inline float spelling (its
                // binary32 bits, as LLVM prints them) or any 32-bit literal.
                literal = Some(match ScalarSrc::parse(op, 1).map_err(e)? {
                    (ScalarSrc::Int(v), _) => v as i32 as u32,
                    (ScalarSrc::Float(c), _) => c.f32_bits(),
                    (ScalarSrc::Literal, Some(v)) => v,
                    _ => return Err(e("expected a 32-bit constant")),
                });
            }
            Slot::Simm16(style) => {
                let k = match style {
                    ImmStyle::Waitcnt => special::waitcnt_parse(op),
                    ImmStyle::Sendmsg => special::sendmsg_parse(op),
                    ImmStyle::Hwreg => special::hwreg_parse(op),
                    ImmStyle::GprIdx => special::gpr_idx_parse(op, u16::MAX),
                    _ => crate::operand::parse_int(op)
                        .filter(|v| (-(1i64 << 15)..(1i64 << 16)).contains(v))
                        .map(|v| v as u16)
                        .ok_or("expected a 16-bit integer"),
                };
                raw.simm16 = k.map_err(e)?;
            }
        }
    }
    let fields = match row.format {
        Format::Sop2 => Fields::Sop2(Sop2 {
            sdst,
            ssrc0: ssrc0.unwrap_or(ScalarSrc::Int(0)),
            ssrc1: ssrc1.unwrap_or(ScalarSrc::Int(0)),
        }),
        Format::Sopk => Fields::Sopk(Sopk {
            sdst,
            simm16: raw.simm16,
        }),
        Format::Sop1 => Fields::Sop1(Sop1 { sdst, ssrc0 }),
        Format::Sopc => Fields::Sopc(Sopc {
            ssrc0: ssrc0.unwrap_or(ScalarSrc::Int(0)),
            ssrc1: match gpr_idx {
                Some(m) => SopcSrc1::GprIdxMode(m),
                None => SopcSrc1::Src(ssrc1.unwrap_or(ScalarSrc::Int(0))),
            },
        }),
        _ => Fields::Sopp(Sopp { simm16: raw.simm16 }),
    };
    Ok((fields, literal))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::instructions::rows;
    use crate::target::Target;

    #[test]
    fn every_exception_names_a_salu_row() {
        for (name, _, cite) in EXCEPTIONS {
            let row = crate::instructions::by_name(Target::Gfx900, name)
                .unwrap_or_else(|| panic!("{name} is not a row"));
            assert!(matches!(
                row.format,
                Format::Sop2 | Format::Sopk | Format::Sop1 | Format::Sopc | Format::Sopp
            ));
            assert!(
                cite.contains("Instructions"),
                "{name}: cite a manual section"
            );
        }
    }

    #[test]
    fn suffix_rule() {
        assert_eq!(name_widths("S_BCNT1_I32_B64"), (1, 2));
        assert_eq!(name_widths("S_BITREPLICATE_B64_B32"), (2, 1));
        assert_eq!(name_widths("S_AND_SAVEEXEC_B64"), (2, 2));
        assert_eq!(name_widths("S_FLBIT_I32"), (1, 1));
        assert_eq!(name_widths("S_SEXT_I32_I8"), (1, 1));
    }

    #[test]
    fn identify_then_join_is_identity_for_every_salu_row() {
        for row in rows().filter(|r| {
            matches!(
                r.format,
                Format::Sop2 | Format::Sopk | Format::Sop1 | Format::Sopc | Format::Sopp
            )
        }) {
            let f = RawFields {
                sdst: 0x55,
                ssrc0: 0xa3,
                ssrc1: 0x3c,
                simm16: 0xbeef,
            };
            let w = join(row.format, row.opcode, f);
            assert_eq!(identify(w), Some((row.format, row.opcode)), "{}", row.name);
        }
    }
}
