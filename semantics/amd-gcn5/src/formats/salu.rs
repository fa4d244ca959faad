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

use crate::instructions::{Format, Row};

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

/// The operands of a row, in printed order.
pub fn shape(row: &Row) -> Vec<Slot> {
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
