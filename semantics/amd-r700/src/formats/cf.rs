//! CF formats (R700 §"10.1 Control Flow (CF) Instructions"): CF_WORD0/1, CF_ALU_WORD0/1
//! and CF_ALLOC_EXPORT_WORD0 with CF_ALLOC_EXPORT_WORD1_BUF or _SWIZ. Each 64 bits, WORD0
//! at +0 (§"3.1 CF Microcode Encoding").
//!
//! Which of the three a CF word pair is: CF_ALU_WORD1's 4-bit CF_INST [29:26] holds 8-15
//! (ALU clause opcodes), so bit 29 is set; the 7-bit CF_INST [29:23] of CF_WORD1 and
//! CF_ALLOC_EXPORT_WORD1 holds at most 58, so bit 29 is clear. The manual states no rule;
//! this one is inferred from its enumerations (design note 0044).

use super::{blank, f, need, print_fields, read, unknown, Encoded, Kind::*, Layout};
use crate::instructions::{self, Format, Row};
use crate::Target;
use gpuref_core::decode::DecodeError;
use gpuref_core::isa::AsmError;
use std::fmt;

/// CF_WORD0 and CF_WORD1.
pub const CF: Layout = Layout {
    name: "CF_WORD0/1",
    words: 2,
    fields: &[
        f("ADDR", 0, 0, 32, Int),
        f("POP_COUNT", 1, 0, 3, Int),
        f("CF_CONST", 1, 3, 5, Int),
        f("COND", 1, 8, 2, Int),
        f("COUNT", 1, 10, 3, Int),
        f("CALL_COUNT", 1, 13, 6, Int),
        f("COUNT_3", 1, 19, 1, Flag),
        f("RESERVED_20", 1, 20, 1, Reserved),
        f("END_OF_PROGRAM", 1, 21, 1, Flag),
        f("VALID_PIXEL_MODE", 1, 22, 1, Flag),
        f("CF_INST", 1, 23, 7, Opcode),
        f("WHOLE_QUAD_MODE", 1, 30, 1, Flag),
        f("BARRIER", 1, 31, 1, Flag),
    ],
};

/// CF_ALU_WORD0 and CF_ALU_WORD1.
pub const CF_ALU: Layout = Layout {
    name: "CF_ALU_WORD0/1",
    words: 2,
    fields: &[
        f("ADDR", 0, 0, 22, Int),
        f("KCACHE_BANK0", 0, 22, 4, Int),
        f("KCACHE_BANK1", 0, 26, 4, Int),
        f("KCACHE_MODE0", 0, 30, 2, Int),
        f("KCACHE_MODE1", 1, 0, 2, Int),
        f("KCACHE_ADDR0", 1, 2, 8, Int),
        f("KCACHE_ADDR1", 1, 10, 8, Int),
        f("COUNT", 1, 18, 7, Int),
        f("ALT_CONST", 1, 25, 1, Flag),
        f("CF_INST", 1, 26, 4, Opcode),
        f("WHOLE_QUAD_MODE", 1, 30, 1, Flag),
        f("BARRIER", 1, 31, 1, Flag),
    ],
};

/// CF_ALLOC_EXPORT_WORD0's fields and those of WORD1 common to BUF and SWIZ.
macro_rules! export_fields {
    ($($extra:expr),*) => {
        &[
            f("ARRAY_BASE", 0, 0, 13, Int),
            f("TYPE", 0, 13, 2, Int),
            f("RW_GPR", 0, 15, 7, Int),
            f("RW_REL", 0, 22, 1, Flag),
            f("INDEX_GPR", 0, 23, 7, Int),
            f("ELEM_SIZE", 0, 30, 2, Int),
            $($extra,)*
            f("BURST_COUNT", 1, 17, 4, Int),
            f("END_OF_PROGRAM", 1, 21, 1, Flag),
            f("VALID_PIXEL_MODE", 1, 22, 1, Flag),
            f("CF_INST", 1, 23, 7, Opcode),
            f("WHOLE_QUAD_MODE", 1, 30, 1, Flag),
            f("BARRIER", 1, 31, 1, Flag),
        ]
    };
}

/// SEL_* values: 6 is reserved.
const SEL: super::Kind = Enum(&[6]);

/// CF_ALLOC_EXPORT_WORD0 + CF_ALLOC_EXPORT_WORD1_BUF (memory writes: MEM_*). Bit 16 is
/// "Unused. Must be set to 0." (ch.9's figures label it EL: design note 0044, C-54).
pub const CF_ALLOC_EXPORT_BUF: Layout = Layout {
    name: "CF_ALLOC_EXPORT_WORD0/WORD1_BUF",
    words: 2,
    fields: export_fields!(
        f("ARRAY_SIZE", 1, 0, 12, Int),
        f("COMP_MASK", 1, 12, 4, Int),
        f("UNUSED_16", 1, 16, 1, Reserved)
    ),
};

/// CF_ALLOC_EXPORT_WORD0 + CF_ALLOC_EXPORT_WORD1_SWIZ (EXPORT, EXPORT_DONE).
pub const CF_ALLOC_EXPORT_SWIZ: Layout = Layout {
    name: "CF_ALLOC_EXPORT_WORD0/WORD1_SWIZ",
    words: 2,
    fields: export_fields!(
        f("SEL_X", 1, 0, 3, SEL),
        f("SEL_Y", 1, 3, 3, SEL),
        f("SEL_Z", 1, 6, 3, SEL),
        f("SEL_W", 1, 9, 3, SEL),
        f("UNUSED_12", 1, 12, 5, Reserved)
    ),
};

/// EXPORT and EXPORT_DONE use WORD1_SWIZ; the MEM_* writes WORD1_BUF (ch.10's CF_INST
/// descriptions of CF_ALLOC_EXPORT_WORD1_{BUF,SWIZ}).
pub fn is_swiz(row: &Row) -> bool {
    matches!(row.mnemonic, "EXPORT" | "EXPORT_DONE")
}

/// Which CF format a word pair is (see the module comment).
pub fn format_of(word1: u32) -> Format {
    if word1 >> 29 & 1 == 1 {
        Format::CfAlu
    } else if (32..=63).contains(&(word1 >> 23 & 0x7f)) {
        Format::CfAllocExport
    } else {
        Format::Cf
    }
}

/// Decode the CF instruction at the start of `words`.
pub fn decode(target: Target, words: &[u32]) -> Result<Encoded, DecodeError> {
    need(words, 2)?;
    let format = format_of(words[1]);
    let opcode = match format {
        Format::CfAlu => words[1] >> 26 & 0xf,
        _ => words[1] >> 23 & 0x7f,
    };
    let row = instructions::find(target, format, opcode).ok_or_else(|| {
        let mut e = unknown(format, opcode, target);
        e.offset_words = 1;
        e
    })?;
    read(super::layout_of(instructions::row(row)), row, words)
}

/// The clause a CF instruction starts: (ALU or fetch, first dword, dwords).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clause {
    /// An ALU clause: `COUNT + 1` 64-bit slots at `ADDR` (64-bit units).
    Alu,
    /// A texture-fetch clause (CF TEX): `COUNT + 1` 128-bit instructions.
    Tex,
    /// A vertex-fetch clause (CF VTX, VTX_TC).
    Vtx,
}

/// The clause `e` starts, if it is a clause-initiation instruction (§"3.3
/// Clause-Initiation Instructions"): its kind, first dword and length in dwords.
pub fn clause(e: &Encoded) -> Option<(Clause, usize, usize)> {
    let row = e.row();
    let addr = e.get("ADDR") as usize;
    match (row.format, row.mnemonic) {
        (Format::CfAlu, _) => Some((Clause::Alu, addr * 2, (e.get("COUNT") as usize + 1) * 2)),
        (Format::Cf, "TEX" | "VTX" | "VTX_TC") => {
            let n = (e.get("COUNT_3") << 3 | e.get("COUNT")) as usize + 1;
            let kind = if row.mnemonic == "TEX" {
                Clause::Tex
            } else {
                Clause::Vtx
            };
            Some((kind, addr * 2, n * 4))
        }
        _ => None,
    }
}

/// Whether `e` ends the CF program (END_OF_PROGRAM; CF_ALU has no such bit).
pub fn ends_program(e: &Encoded) -> bool {
    e.get("END_OF_PROGRAM") == 1
}

pub(crate) fn print(e: &Encoded, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    f.write_str(e.row().mnemonic)?;
    print_fields(e, f)
}

/// Parse a CF line: `MNEMONIC FIELD(v) FLAG …`.
pub(crate) fn parse(target: Target, text: &str, base: usize) -> Result<Option<Encoded>, AsmError> {
    let toks = super::tokens(text, base);
    let Some(&(_, m)) = toks.first() else {
        return Ok(None);
    };
    let formats = [Format::Cf, Format::CfAlu, Format::CfAllocExport];
    let Some(row) = instructions::by_name(target, &formats, m) else {
        return Ok(None);
    };
    let mut e = blank(row);
    super::parse_fields(&mut e, &toks[1..])?;
    Ok(Some(e))
}
