//! Opcode table: VINTRP. Generated once from the Vega manual's opcode tables by
//! tools/extract-gcn5-opcodes.py (MI100-only rows: llvm-mc -mcpu=gfx908, checked by the test
//! `gfx908_only_rows_match_llvm_mc`); reviewed and maintained by hand from here on.

use super::{Format::*, Row, Targets};
use gpuref_core::{Spec, SpecRef};

const VINTRP: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "VINTERP Instructions"),
    super::LLVM_GFX908,
];

#[rustfmt::skip]
pub(super) const ROWS: &[Row] = &[
    Row::new(Vintrp,    0,    "V_INTERP_P1_F32",  Targets::BOTH,   VINTRP),
    Row::new(Vintrp,    1,    "V_INTERP_P2_F32",  Targets::BOTH,   VINTRP),
    Row::new(Vintrp,    2,    "V_INTERP_MOV_F32", Targets::BOTH,   VINTRP),
];
