//! Opcode table: EXP. Generated once from the Vega manual's opcode tables by
//! tools/extract-gcn5-opcodes.py (MI100-only rows: llvm-mc -mcpu=gfx908, checked by the test
//! `gfx908_only_rows_match_llvm_mc`); reviewed and maintained by hand from here on.

use super::{Format::*, Row, Targets};
use gpuref_core::{Spec, SpecRef};

const EXP: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "EXPORT Instructions"),
    super::LLVM_GFX908,
];

#[rustfmt::skip]
pub(super) const ROWS: &[Row] = &[
    Row::new(Exp,       0,    "EXP", Targets::BOTH,   EXP),
];
