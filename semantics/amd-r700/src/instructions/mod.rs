//! The row table: every documented R700 opcode, one row per instruction, grouped by family
//! (`cf.rs`, `alu.rs`, `fetch.rs`). A row's [`RowId`] is its index in [`rows`], which is the
//! concatenation of the three tables in that order.

mod alu;
mod cf;
mod fetch;

use crate::Target;
use gpuref_core::isa::RowId;
use gpuref_core::{Spec, SpecRef};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The microcode format whose opcode field holds a row's opcode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Format {
    /// CF_WORD0/1: `CF_INST` [29:23].
    Cf,
    /// CF_ALU_WORD0/1: `CF_INST` [29:26].
    CfAlu,
    /// CF_ALLOC_EXPORT_WORD0/1 (BUF or SWIZ): `CF_INST` [29:23].
    CfAllocExport,
    /// ALU_WORD0 + ALU_WORD1_OP2: `ALU_INST` [17:7].
    AluOp2,
    /// ALU_WORD0 + ALU_WORD1_OP3: `ALU_INST` [17:13].
    AluOp3,
    /// VTX_WORD0-2: `VTX_INST` [4:0].
    Vtx,
    /// TEX_WORD0-2: `TEX_INST` [4:0].
    Tex,
    /// MEM_RD_WORD0-2: `VTX_INST` = 2, `MEM_OP` [10:8].
    MemRd,
    /// MEM_DSW_WORD0-2: `VTX_INST` = 2, `MEM_OP` [10:8].
    MemDsw,
    /// MEM_DSR_WORD0-2: `VTX_INST` = 2, `MEM_OP` [10:8].
    MemDsr,
}

impl Format {
    /// The manual's name of the format (the opcode field's word).
    pub const fn name(self) -> &'static str {
        match self {
            Format::Cf => "CF_WORD1",
            Format::CfAlu => "CF_ALU_WORD1",
            Format::CfAllocExport => "CF_ALLOC_EXPORT_WORD1",
            Format::AluOp2 => "ALU_WORD1_OP2",
            Format::AluOp3 => "ALU_WORD1_OP3",
            Format::Vtx => "VTX_WORD0",
            Format::Tex => "TEX_WORD0",
            Format::MemRd => "MEM_RD_WORD0",
            Format::MemDsw => "MEM_DSW_WORD0",
            Format::MemDsr => "MEM_DSR_WORD0",
        }
    }
}

/// Which ALU units an ALU instruction may occupy (R700 §"4.8 ALU Instructions", Tables 4.4
/// to 4.6); `None` for non-ALU rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Units {
    None,
    /// ALU.[X,Y,Z,W] or ALU.Trans (Table 4.4).
    Any,
    /// ALU.Trans only (Table 4.6).
    Trans,
    /// One of ALU.[X,Y,Z,W] (Table 4.5).
    Vector,
    /// A double-precision pair: slots X,Y or Z,W (Table 4.5, §"4.12").
    Pair,
    /// A double-precision quad: slots X,Y,Z,W (Table 4.5, §"4.12").
    Quad,
    /// A reduction over ALU.[X,Y,Z,W] (Table 4.5).
    Reduction,
    /// The manual lists the opcode in ch.10 only and states no unit (MOVA_GPR_INT).
    Unstated,
}

/// A set of targets.
pub type Targets = u8;
pub const RV770: Targets = 1;
pub const RV710: Targets = 2;
pub const RV730: Targets = 4;
pub const RV740: Targets = 8;
/// Every target: the manual tells no opcode apart between the R700 chips (§"4.12" says only
/// that double precision "is not available on all R7xx products", naming none; §"7.3"'s
/// chip difference is a field, MEM_RD BURST_CNT, checked by the MEM_RD format).
pub const ALL: Targets = RV770 | RV710 | RV730 | RV740;

/// One instruction row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    /// The manual's mnemonic (ch.10's enumeration name without its `*_INST_` prefix).
    pub mnemonic: &'static str,
    pub opcode: u16,
    pub format: Format,
    pub targets: Targets,
    pub units: Units,
    /// Source operands read (ALU rows; 0 otherwise).
    pub srcs: u8,
    pub cites: &'static [SpecRef],
}

impl Row {
    pub const fn on(&self, t: Target) -> bool {
        self.targets & t.mask() != 0
    }
}

/// Row citations by family: ch.10's format table and ch.9's instruction pages; rows the
/// manual lists only in ch.10 (or only in Appendix A) cite only that.
pub(crate) mod cites {
    use super::{Spec, SpecRef};
    const fn r(s: &'static str) -> SpecRef {
        SpecRef::new(Spec::R700, s)
    }
    pub const CF: &[SpecRef] = &[
        r("10.1 Control Flow (CF) Instructions"),
        r("9.1 Control Flow (CF) Instructions"),
    ];
    pub const CF10: &[SpecRef] = &[r("10.1 Control Flow (CF) Instructions")];
    pub const ALU: &[SpecRef] = &[r("10.2 ALU Instructions"), r("9.2 ALU Instructions")];
    pub const ALU10: &[SpecRef] = &[r("10.2 ALU Instructions")];
    pub const VTX: &[SpecRef] = &[
        r("10.3 Vertex-Fetch Instructions"),
        r("9.3 Vertex-Fetch Instructions"),
    ];
    pub const TEX: &[SpecRef] = &[
        r("10.4 Texture-Fetch Instructions"),
        r("9.4 Texture-Fetch Instructions"),
    ];
    pub const TEX10: &[SpecRef] = &[r("10.4 Texture-Fetch Instructions")];
    /// TEX_INST 13: ch.10 marks it reserved, Appendix A lists PASS (design note 0044, C-09).
    pub const APPX_A: &[SpecRef] = &[
        r("Appendix A Instruction Table"),
        r("10.4 Texture-Fetch Instructions"),
    ];
    pub const MEM: &[SpecRef] = &[
        r("10.5 Memory Read Instructions"),
        r("9.5 Memory Read Instructions"),
    ];
    pub const LDS: &[SpecRef] = &[
        r("10.6 Data Share Read/Write Instructions"),
        r("9.6 Local Data Share Read/Write Instructions"),
    ];
}

/// Every row, in [`RowId`] order: CF, then ALU, then fetch.
pub fn rows() -> &'static [Row] {
    static ROWS: OnceLock<Vec<Row>> = OnceLock::new();
    ROWS.get_or_init(|| [cf::ROWS, alu::ROWS, fetch::ROWS].concat())
}

/// The row with this id.
pub fn row(id: RowId) -> &'static Row {
    &rows()[id.index()]
}

/// The row of `format` with `opcode` on `target`.
pub fn find(target: Target, format: Format, opcode: u32) -> Option<RowId> {
    // No opcode appears twice in a format (tests.rs), so one row per (format, opcode).
    static INDEX: OnceLock<HashMap<(Format, u32), u16>> = OnceLock::new();
    let index = INDEX.get_or_init(|| {
        rows()
            .iter()
            .enumerate()
            .map(|(i, r)| ((r.format, u32::from(r.opcode)), i as u16))
            .collect()
    });
    index
        .get(&(format, opcode))
        .filter(|&&i| rows()[usize::from(i)].on(target))
        .map(|&i| RowId(i))
}

/// The row named `mnemonic` among `formats` on `target`.
pub fn by_name(target: Target, formats: &[Format], mnemonic: &str) -> Option<RowId> {
    rows()
        .iter()
        .position(|r| r.mnemonic == mnemonic && formats.contains(&r.format) && r.on(target))
        .map(|i| RowId(i as u16))
}

#[cfg(test)]
mod tests;
