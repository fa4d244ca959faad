//! Opcode table: VOP2. Generated once from the Vega manual's opcode tables by
//! tools/extract-gcn5-opcodes.py (MI100-only rows: llvm-mc -mcpu=gfx908, checked by the test
//! `gfx908_only_rows_match_llvm_mc`); reviewed and maintained by hand from here on.

use super::{Format::*, Row, Targets};
use gpuref_core::{Spec, SpecRef};

const LLVM: &[SpecRef] = &[super::LLVM_GFX908];
const VOP2: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "VOP2 Instructions"),
    super::LLVM_GFX908,
];

#[rustfmt::skip]
pub(super) const ROWS: &[Row] = &[
    Row::new(Vop2,      0,    "V_CNDMASK_B32",    Targets::BOTH,   VOP2),
    Row::new(Vop2,      1,    "V_ADD_F32",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      2,    "V_SUB_F32",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      3,    "V_SUBREV_F32",     Targets::BOTH,   VOP2),
    Row::new(Vop2,      4,    "V_MUL_LEGACY_F32", Targets::BOTH,   VOP2),
    Row::new(Vop2,      5,    "V_MUL_F32",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      6,    "V_MUL_I32_I24",    Targets::BOTH,   VOP2),
    Row::new(Vop2,      7,    "V_MUL_HI_I32_I24", Targets::BOTH,   VOP2),
    Row::new(Vop2,      8,    "V_MUL_U32_U24",    Targets::BOTH,   VOP2),
    Row::new(Vop2,      9,    "V_MUL_HI_U32_U24", Targets::BOTH,   VOP2),
    Row::new(Vop2,      10,   "V_MIN_F32",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      11,   "V_MAX_F32",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      12,   "V_MIN_I32",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      13,   "V_MAX_I32",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      14,   "V_MIN_U32",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      15,   "V_MAX_U32",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      16,   "V_LSHRREV_B32",    Targets::BOTH,   VOP2),
    Row::new(Vop2,      17,   "V_ASHRREV_I32",    Targets::BOTH,   VOP2),
    Row::new(Vop2,      18,   "V_LSHLREV_B32",    Targets::BOTH,   VOP2),
    Row::new(Vop2,      19,   "V_AND_B32",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      20,   "V_OR_B32",         Targets::BOTH,   VOP2),
    Row::new(Vop2,      21,   "V_XOR_B32",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      22,   "V_MAC_F32",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      23,   "V_MADMK_F32",      Targets::BOTH,   VOP2),
    Row::new(Vop2,      24,   "V_MADAK_F32",      Targets::BOTH,   VOP2),
    Row::new(Vop2,      25,   "V_ADD_CO_U32",     Targets::BOTH,   VOP2),
    Row::new(Vop2,      26,   "V_SUB_CO_U32",     Targets::BOTH,   VOP2),
    Row::new(Vop2,      27,   "V_SUBREV_CO_U32",  Targets::BOTH,   VOP2),
    Row::new(Vop2,      28,   "V_ADDC_CO_U32",    Targets::BOTH,   VOP2),
    Row::new(Vop2,      29,   "V_SUBB_CO_U32",    Targets::BOTH,   VOP2),
    Row::new(Vop2,      30,   "V_SUBBREV_CO_U32", Targets::BOTH,   VOP2),
    Row::new(Vop2,      31,   "V_ADD_F16",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      32,   "V_SUB_F16",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      33,   "V_SUBREV_F16",     Targets::BOTH,   VOP2),
    Row::new(Vop2,      34,   "V_MUL_F16",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      35,   "V_MAC_F16",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      36,   "V_MADMK_F16",      Targets::BOTH,   VOP2),
    Row::new(Vop2,      37,   "V_MADAK_F16",      Targets::BOTH,   VOP2),
    Row::new(Vop2,      38,   "V_ADD_U16",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      39,   "V_SUB_U16",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      40,   "V_SUBREV_U16",     Targets::BOTH,   VOP2),
    Row::new(Vop2,      41,   "V_MUL_LO_U16",     Targets::BOTH,   VOP2),
    Row::new(Vop2,      42,   "V_LSHLREV_B16",    Targets::BOTH,   VOP2),
    Row::new(Vop2,      43,   "V_LSHRREV_B16",    Targets::BOTH,   VOP2),
    Row::new(Vop2,      44,   "V_ASHRREV_I16",    Targets::BOTH,   VOP2),
    Row::new(Vop2,      45,   "V_MAX_F16",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      46,   "V_MIN_F16",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      47,   "V_MAX_U16",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      48,   "V_MAX_I16",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      49,   "V_MIN_U16",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      50,   "V_MIN_I16",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      51,   "V_LDEXP_F16",      Targets::BOTH,   VOP2),
    Row::new(Vop2,      52,   "V_ADD_U32",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      53,   "V_SUB_U32",        Targets::BOTH,   VOP2),
    Row::new(Vop2,      54,   "V_SUBREV_U32",     Targets::BOTH,   VOP2),
    Row::new(Vop2,      55,   "V_DOT2C_F32_F16",  Targets::GFX908, LLVM),
    Row::new(Vop2,      56,   "V_DOT2C_I32_I16",  Targets::GFX908, LLVM),
    Row::new(Vop2,      57,   "V_DOT4C_I32_I8",   Targets::GFX908, LLVM),
    Row::new(Vop2,      58,   "V_DOT8C_I32_I4",   Targets::GFX908, LLVM),
    Row::new(Vop2,      59,   "V_FMAC_F32",       Targets::GFX908, LLVM),
    Row::new(Vop2,      60,   "V_PK_FMAC_F16",    Targets::GFX908, LLVM),
    Row::new(Vop2,      61,   "V_XNOR_B32",       Targets::GFX908, LLVM),
];

/// The rows whose VOP3 form is VOP3B: the integer add and subtract with a carry-out SGPR
/// pair (Vega manual, "VOP3A & VOP3B Instructions": VOP3b is "used only for div_scale,
/// integer add and subtract").
pub(super) const VOP3B_WHEN_PROMOTED: &[&str] = &[
    "V_ADD_CO_U32",
    "V_SUB_CO_U32",
    "V_SUBREV_CO_U32",
    "V_ADDC_CO_U32",
    "V_SUBB_CO_U32",
    "V_SUBBREV_CO_U32",
];
