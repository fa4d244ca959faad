//! Opcode table: VOP3P, VOP3P-MAI. Generated once from the Vega manual's opcode tables by
//! tools/extract-gcn5-opcodes.py (MI100-only rows: llvm-mc -mcpu=gfx908, checked by the test
//! `gfx908_only_rows_match_llvm_mc`); reviewed and maintained by hand from here on.

use super::{Format::*, Row, Targets};
use gpuref_core::{Spec, SpecRef};

const LLVM: &[SpecRef] = &[super::LLVM_GFX908];
const VOP3P: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "VOP3P Instructions"),
    super::LLVM_GFX908,
];
const VOP3P_VEGA: &[SpecRef] = &[SpecRef::new(Spec::Vega, "VOP3P Instructions")];

#[rustfmt::skip]
pub(super) const ROWS: &[Row] = &[
    Row::new(Vop3p,     0,    "V_PK_MAD_I16",           Targets::BOTH,   VOP3P),
    Row::new(Vop3p,     1,    "V_PK_MUL_LO_U16",        Targets::BOTH,   VOP3P),
    Row::new(Vop3p,     2,    "V_PK_ADD_I16",           Targets::BOTH,   VOP3P),
    Row::new(Vop3p,     3,    "V_PK_SUB_I16",           Targets::BOTH,   VOP3P),
    Row::new(Vop3p,     4,    "V_PK_LSHLREV_B16",       Targets::BOTH,   VOP3P),
    Row::new(Vop3p,     5,    "V_PK_LSHRREV_B16",       Targets::BOTH,   VOP3P),
    Row::new(Vop3p,     6,    "V_PK_ASHRREV_I16",       Targets::BOTH,   VOP3P),
    Row::new(Vop3p,     7,    "V_PK_MAX_I16",           Targets::BOTH,   VOP3P),
    Row::new(Vop3p,     8,    "V_PK_MIN_I16",           Targets::BOTH,   VOP3P),
    Row::new(Vop3p,     9,    "V_PK_MAD_U16",           Targets::BOTH,   VOP3P),
    Row::new(Vop3p,     10,   "V_PK_ADD_U16",           Targets::BOTH,   VOP3P),
    Row::new(Vop3p,     11,   "V_PK_SUB_U16",           Targets::BOTH,   VOP3P),
    Row::new(Vop3p,     12,   "V_PK_MAX_U16",           Targets::BOTH,   VOP3P),
    Row::new(Vop3p,     13,   "V_PK_MIN_U16",           Targets::BOTH,   VOP3P),
    Row::new(Vop3p,     14,   "V_PK_FMA_F16",           Targets::BOTH,   VOP3P),
    Row::new(Vop3p,     15,   "V_PK_ADD_F16",           Targets::BOTH,   VOP3P),
    Row::new(Vop3p,     16,   "V_PK_MUL_F16",           Targets::BOTH,   VOP3P),
    Row::new(Vop3p,     17,   "V_PK_MIN_F16",           Targets::BOTH,   VOP3P),
    Row::new(Vop3p,     18,   "V_PK_MAX_F16",           Targets::BOTH,   VOP3P),
    Row::new(Vop3p,     32,   "V_MAD_MIX_F32",          Targets::GFX900, VOP3P_VEGA),
    Row::new(Vop3p,     32,   "V_FMA_MIX_F32",          Targets::GFX908, LLVM),
    Row::new(Vop3p,     33,   "V_MAD_MIXLO_F16",        Targets::GFX900, VOP3P_VEGA),
    Row::new(Vop3p,     33,   "V_FMA_MIXLO_F16",        Targets::GFX908, LLVM),
    Row::new(Vop3p,     34,   "V_MAD_MIXHI_F16",        Targets::GFX900, VOP3P_VEGA),
    Row::new(Vop3p,     34,   "V_FMA_MIXHI_F16",        Targets::GFX908, LLVM),
    Row::new(Vop3p,     35,   "V_DOT2_F32_F16",         Targets::GFX908, LLVM),
    Row::new(Vop3p,     38,   "V_DOT2_I32_I16",         Targets::GFX908, LLVM),
    Row::new(Vop3p,     39,   "V_DOT2_U32_U16",         Targets::GFX908, LLVM),
    Row::new(Vop3p,     40,   "V_DOT4_I32_I8",          Targets::GFX908, LLVM),
    Row::new(Vop3p,     41,   "V_DOT4_U32_U8",          Targets::GFX908, LLVM),
    Row::new(Vop3p,     42,   "V_DOT8_I32_I4",          Targets::GFX908, LLVM),
    Row::new(Vop3p,     43,   "V_DOT8_U32_U4",          Targets::GFX908, LLVM),
    Row::new(Vop3pMai,  64,   "V_MFMA_F32_32X32X1F32",  Targets::GFX908, LLVM),
    Row::new(Vop3pMai,  65,   "V_MFMA_F32_16X16X1F32",  Targets::GFX908, LLVM),
    Row::new(Vop3pMai,  66,   "V_MFMA_F32_4X4X1F32",    Targets::GFX908, LLVM),
    Row::new(Vop3pMai,  68,   "V_MFMA_F32_32X32X2F32",  Targets::GFX908, LLVM),
    Row::new(Vop3pMai,  69,   "V_MFMA_F32_16X16X4F32",  Targets::GFX908, LLVM),
    Row::new(Vop3pMai,  72,   "V_MFMA_F32_32X32X4F16",  Targets::GFX908, LLVM),
    Row::new(Vop3pMai,  73,   "V_MFMA_F32_16X16X4F16",  Targets::GFX908, LLVM),
    Row::new(Vop3pMai,  74,   "V_MFMA_F32_4X4X4F16",    Targets::GFX908, LLVM),
    Row::new(Vop3pMai,  76,   "V_MFMA_F32_32X32X8F16",  Targets::GFX908, LLVM),
    Row::new(Vop3pMai,  77,   "V_MFMA_F32_16X16X16F16", Targets::GFX908, LLVM),
    Row::new(Vop3pMai,  80,   "V_MFMA_I32_32X32X4I8",   Targets::GFX908, LLVM),
    Row::new(Vop3pMai,  81,   "V_MFMA_I32_16X16X4I8",   Targets::GFX908, LLVM),
    Row::new(Vop3pMai,  82,   "V_MFMA_I32_4X4X4I8",     Targets::GFX908, LLVM),
    Row::new(Vop3pMai,  84,   "V_MFMA_I32_32X32X8I8",   Targets::GFX908, LLVM),
    Row::new(Vop3pMai,  85,   "V_MFMA_I32_16X16X16I8",  Targets::GFX908, LLVM),
    Row::new(Vop3pMai,  88,   "V_ACCVGPR_READ_B32",     Targets::GFX908, LLVM),
    Row::new(Vop3pMai,  89,   "V_ACCVGPR_WRITE_B32",    Targets::GFX908, LLVM),
    Row::new(Vop3pMai,  104,  "V_MFMA_F32_32X32X2BF16", Targets::GFX908, LLVM),
    Row::new(Vop3pMai,  105,  "V_MFMA_F32_16X16X2BF16", Targets::GFX908, LLVM),
    Row::new(Vop3pMai,  107,  "V_MFMA_F32_4X4X2BF16",   Targets::GFX908, LLVM),
    Row::new(Vop3pMai,  108,  "V_MFMA_F32_32X32X4BF16", Targets::GFX908, LLVM),
    Row::new(Vop3pMai,  109,  "V_MFMA_F32_16X16X8BF16", Targets::GFX908, LLVM),
];
