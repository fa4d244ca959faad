//! Scalar ALU kernels: SOP2, SOPK, SOP1 and SOPC (Vega manual, chapter "Scalar ALU
//! Operations" and the sections "SOP2 Instructions", "SOPK Instructions", "SOP1
//! Instructions", "SOPC Instructions"; MI100 has the same instructions). Each kernel's doc
//! comment quotes the manual's pseudocode line. Decisions where the pseudocode is not
//! executable as written are rules in [`RULES`] and docs/design/0019.

mod sop1;
mod sop2;
mod sopc;
mod sopk;

use super::{k, ScalarIn, ScalarKernelRow, ScalarOut};
use gpuref_core::{Rule, Spec, SpecRef, Status};
use sop1::*;
use sop2::*;
use sopc::*;
use sopk::*;

const SOP2: &[SpecRef] = &[SpecRef::new(Spec::Vega, "SOP2 Instructions")];
const SOPK: &[SpecRef] = &[SpecRef::new(Spec::Vega, "SOPK Instructions")];
const SOP1: &[SpecRef] = &[SpecRef::new(Spec::Vega, "SOP1 Instructions")];
const SOPC: &[SpecRef] = &[SpecRef::new(Spec::Vega, "SOPC Instructions")];
const NOTE: &[SpecRef] = &[
    SpecRef::new(Spec::Gpuref, "docs/design/0019-gcn5-alu-execution.md"),
    SpecRef::new(Spec::Vega, "SOP2 Instructions"),
];

use Status::{Inferred, Specified};

/// Every scalar ALU kernel.
#[rustfmt::skip]
pub const KERNELS: &[ScalarKernelRow] = &[
    // SOP2.
    k("S_ADD_U32",          s_add_u32,          Specified, SOP2),
    k("S_SUB_U32",          s_sub_u32,          Specified, SOP2),
    k("S_ADD_I32",          s_add_i32,          Specified, SOP2),
    k("S_SUB_I32",          s_sub_i32,          Specified, SOP2),
    k("S_ADDC_U32",         s_addc_u32,         Specified, SOP2),
    k("S_SUBB_U32",         s_subb_u32,         Specified, SOP2),
    k("S_MIN_I32",          s_min_i32,          Specified, SOP2),
    k("S_MIN_U32",          s_min_u32,          Specified, SOP2),
    k("S_MAX_I32",          s_max_i32,          Specified, SOP2),
    k("S_MAX_U32",          s_max_u32,          Specified, SOP2),
    k("S_CSELECT_B32",      s_cselect,          Specified, SOP2),
    k("S_CSELECT_B64",      s_cselect,          Specified, SOP2),
    k("S_AND_B32",          s_and_b32,          Specified, SOP2),
    k("S_AND_B64",          s_and_b64,          Specified, SOP2),
    k("S_OR_B32",           s_or_b32,           Specified, SOP2),
    k("S_OR_B64",           s_or_b64,           Specified, SOP2),
    k("S_XOR_B32",          s_xor_b32,          Specified, SOP2),
    k("S_XOR_B64",          s_xor_b64,          Specified, SOP2),
    k("S_ANDN2_B32",        s_andn2_b32,        Specified, SOP2),
    k("S_ANDN2_B64",        s_andn2_b64,        Specified, SOP2),
    k("S_ORN2_B32",         s_orn2_b32,         Specified, SOP2),
    k("S_ORN2_B64",         s_orn2_b64,         Specified, SOP2),
    k("S_NAND_B32",         s_nand_b32,         Specified, SOP2),
    k("S_NAND_B64",         s_nand_b64,         Specified, SOP2),
    k("S_NOR_B32",          s_nor_b32,          Specified, SOP2),
    k("S_NOR_B64",          s_nor_b64,          Specified, SOP2),
    k("S_XNOR_B32",         s_xnor_b32,         Specified, SOP2),
    k("S_XNOR_B64",         s_xnor_b64,         Specified, SOP2),
    k("S_LSHL_B32",         s_lshl_b32,         Specified, SOP2),
    k("S_LSHL_B64",         s_lshl_b64,         Specified, SOP2),
    k("S_LSHR_B32",         s_lshr_b32,         Specified, SOP2),
    k("S_LSHR_B64",         s_lshr_b64,         Specified, SOP2),
    k("S_ASHR_I32",         s_ashr_i32,         Specified, SOP2),
    k("S_ASHR_I64",         s_ashr_i64,         Specified, SOP2),
    k("S_BFM_B32",          s_bfm_b32,          Specified, SOP2),
    k("S_BFM_B64",          s_bfm_b64,          Specified, SOP2),
    k("S_MUL_I32",          s_mul_i32,          Specified, SOP2),
    k("S_BFE_U32",          s_bfe_u32,          Specified, SOP2),
    k("S_BFE_I32",          s_bfe_i32,          Specified, SOP2),
    k("S_BFE_U64",          s_bfe_u64,          Specified, SOP2),
    k("S_BFE_I64",          s_bfe_i64,          Specified, SOP2),
    k("S_ABSDIFF_I32",      s_absdiff_i32,      Specified, SOP2),
    k("S_MUL_HI_U32",       s_mul_hi_u32,       Specified, SOP2),
    k("S_MUL_HI_I32",       s_mul_hi_i32,       Specified, SOP2),
    k("S_LSHL1_ADD_U32",    s_lshl1_add_u32,    Inferred,  NOTE),
    k("S_LSHL2_ADD_U32",    s_lshl2_add_u32,    Inferred,  NOTE),
    k("S_LSHL3_ADD_U32",    s_lshl3_add_u32,    Inferred,  NOTE),
    k("S_LSHL4_ADD_U32",    s_lshl4_add_u32,    Inferred,  NOTE),
    k("S_PACK_LL_B32_B16",  s_pack_ll_b32_b16,  Specified, SOP2),
    k("S_PACK_LH_B32_B16",  s_pack_lh_b32_b16,  Specified, SOP2),
    k("S_PACK_HH_B32_B16",  s_pack_hh_b32_b16,  Specified, SOP2),
    // SOPK.
    k("S_MOVK_I32",         s_movk_i32,         Specified, SOPK),
    k("S_CMOVK_I32",        s_cmovk_i32,        Specified, SOPK),
    k("S_CMPK_EQ_I32",      s_cmpk_eq_i32,      Specified, SOPK),
    k("S_CMPK_LG_I32",      s_cmpk_lg_i32,      Specified, SOPK),
    k("S_CMPK_GT_I32",      s_cmpk_gt_i32,      Specified, SOPK),
    k("S_CMPK_GE_I32",      s_cmpk_ge_i32,      Specified, SOPK),
    k("S_CMPK_LT_I32",      s_cmpk_lt_i32,      Specified, SOPK),
    k("S_CMPK_LE_I32",      s_cmpk_le_i32,      Specified, SOPK),
    k("S_CMPK_EQ_U32",      s_cmpk_eq_u32,      Specified, SOPK),
    k("S_CMPK_LG_U32",      s_cmpk_lg_u32,      Specified, SOPK),
    k("S_CMPK_GT_U32",      s_cmpk_gt_u32,      Specified, SOPK),
    k("S_CMPK_GE_U32",      s_cmpk_ge_u32,      Specified, SOPK),
    k("S_CMPK_LT_U32",      s_cmpk_lt_u32,      Specified, SOPK),
    k("S_CMPK_LE_U32",      s_cmpk_le_u32,      Specified, SOPK),
    k("S_ADDK_I32",         s_addk_i32,         Specified, SOPK),
    k("S_MULK_I32",         s_mulk_i32,         Specified, SOPK),
    k("S_CALL_B64",         s_call_b64,         Specified, SOPK),
    // SOP1.
    k("S_MOV_B32",          s_mov,              Specified, SOP1),
    k("S_MOV_B64",          s_mov,              Specified, SOP1),
    k("S_CMOV_B32",         s_cmov,             Specified, SOP1),
    k("S_CMOV_B64",         s_cmov,             Specified, SOP1),
    k("S_NOT_B32",          s_not_b32,          Specified, SOP1),
    k("S_NOT_B64",          s_not_b64,          Specified, SOP1),
    k("S_WQM_B32",          s_wqm_b32,          Specified, SOP1),
    k("S_WQM_B64",          s_wqm_b64,          Specified, SOP1),
    k("S_BREV_B32",         s_brev_b32,         Specified, SOP1),
    k("S_BREV_B64",         s_brev_b64,         Specified, SOP1),
    k("S_BCNT0_I32_B32",    s_bcnt0_i32_b32,    Specified, SOP1),
    k("S_BCNT0_I32_B64",    s_bcnt0_i32_b64,    Specified, SOP1),
    k("S_BCNT1_I32_B32",    s_bcnt1_i32_b32,    Specified, SOP1),
    k("S_BCNT1_I32_B64",    s_bcnt1_i32_b64,    Specified, SOP1),
    k("S_FF0_I32_B32",      s_ff0_i32_b32,      Specified, SOP1),
    k("S_FF0_I32_B64",      s_ff0_i32_b64,      Specified, SOP1),
    k("S_FF1_I32_B32",      s_ff1_i32_b32,      Specified, SOP1),
    k("S_FF1_I32_B64",      s_ff1_i32_b64,      Specified, SOP1),
    k("S_FLBIT_I32_B32",    s_flbit_i32_b32,    Specified, SOP1),
    k("S_FLBIT_I32_B64",    s_flbit_i32_b64,    Specified, SOP1),
    k("S_FLBIT_I32",        s_flbit_i32,        Specified, SOP1),
    k("S_FLBIT_I32_I64",    s_flbit_i32_i64,    Specified, SOP1),
    k("S_SEXT_I32_I8",      s_sext_i32_i8,      Specified, SOP1),
    k("S_SEXT_I32_I16",     s_sext_i32_i16,     Specified, SOP1),
    k("S_BITSET0_B32",      s_bitset0_b32,      Specified, SOP1),
    k("S_BITSET0_B64",      s_bitset0_b64,      Specified, SOP1),
    k("S_BITSET1_B32",      s_bitset1_b32,      Specified, SOP1),
    k("S_BITSET1_B64",      s_bitset1_b64,      Specified, SOP1),
    k("S_GETPC_B64",        s_getpc_b64,        Specified, SOP1),
    k("S_SETPC_B64",        s_setpc_b64,        Specified, SOP1),
    k("S_SWAPPC_B64",       s_swappc_b64,       Specified, SOP1),
    k("S_AND_SAVEEXEC_B64", s_and_saveexec_b64, Specified, SOP1),
    k("S_OR_SAVEEXEC_B64",  s_or_saveexec_b64,  Specified, SOP1),
    k("S_XOR_SAVEEXEC_B64", s_xor_saveexec_b64, Specified, SOP1),
    k("S_ANDN2_SAVEEXEC_B64", s_andn2_saveexec_b64, Specified, SOP1),
    k("S_ORN2_SAVEEXEC_B64", s_orn2_saveexec_b64, Specified, SOP1),
    k("S_NAND_SAVEEXEC_B64", s_nand_saveexec_b64, Specified, SOP1),
    k("S_NOR_SAVEEXEC_B64", s_nor_saveexec_b64, Specified, SOP1),
    k("S_XNOR_SAVEEXEC_B64", s_xnor_saveexec_b64, Specified, SOP1),
    k("S_QUADMASK_B32",     s_quadmask_b32,     Specified, SOP1),
    k("S_QUADMASK_B64",     s_quadmask_b64,     Specified, SOP1),
    k("S_ABS_I32",          s_abs_i32,          Specified, SOP1),
    k("S_SET_GPR_IDX_IDX",  s_set_gpr_idx_idx,  Specified, SOP1),
    k("S_ANDN1_SAVEEXEC_B64", s_andn1_saveexec_b64, Specified, SOP1),
    k("S_ORN1_SAVEEXEC_B64", s_orn1_saveexec_b64, Specified, SOP1),
    k("S_ANDN1_WREXEC_B64", s_andn1_wrexec_b64, Specified, SOP1),
    k("S_ANDN2_WREXEC_B64", s_andn2_wrexec_b64, Specified, SOP1),
    k("S_BITREPLICATE_B64_B32", s_bitreplicate_b64_b32, Specified, SOP1),
    // SOPC.
    k("S_CMP_EQ_I32",       s_cmp_eq,           Specified, SOPC),
    k("S_CMP_LG_I32",       s_cmp_lg,           Specified, SOPC),
    k("S_CMP_GT_I32",       s_cmp_gt_i32,       Specified, SOPC),
    k("S_CMP_GE_I32",       s_cmp_ge_i32,       Specified, SOPC),
    k("S_CMP_LT_I32",       s_cmp_lt_i32,       Specified, SOPC),
    k("S_CMP_LE_I32",       s_cmp_le_i32,       Specified, SOPC),
    k("S_CMP_EQ_U32",       s_cmp_eq,           Specified, SOPC),
    k("S_CMP_LG_U32",       s_cmp_lg,           Specified, SOPC),
    k("S_CMP_GT_U32",       s_cmp_gt_u32,       Specified, SOPC),
    k("S_CMP_GE_U32",       s_cmp_ge_u32,       Specified, SOPC),
    k("S_CMP_LT_U32",       s_cmp_lt_u32,       Specified, SOPC),
    k("S_CMP_LE_U32",       s_cmp_le_u32,       Specified, SOPC),
    k("S_BITCMP0_B32",      s_bitcmp0_b32,      Specified, SOPC),
    k("S_BITCMP1_B32",      s_bitcmp1_b32,      Specified, SOPC),
    k("S_BITCMP0_B64",      s_bitcmp0_b64,      Specified, SOPC),
    k("S_BITCMP1_B64",      s_bitcmp1_b64,      Specified, SOPC),
    k("S_CMP_EQ_U64",       s_cmp_eq,           Specified, SOPC),
    k("S_CMP_LG_U64",       s_cmp_lg,           Specified, SOPC),
];

/// Scalar ALU rows whose state the wave model does not hold yet, with the reason. They
/// belong with the wave-level semantics (program flow and hardware registers).
#[rustfmt::skip]
pub const WAVE_LEVEL: &[(&str, &str)] = &[
];

/// Decisions where the pseudocode is not executable as written.
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: "gcn5.salu.lshl_add.carry", status: Status::Inferred, cites: NOTE,
        statement: "S_LSHLn_ADD_U32: SCC is the carry of the 64-bit sum (S0 << n) + S1, bits shifted out of S0 included (the pseudocode compares with 0x100000000ULL; read in 32 bits it would never be set)" },
    Rule { id: "gcn5.salu.bfe.width", status: Status::Unspecified, cites: NOTE,
        statement: "S_BFE_*: a width S1[22:16] at or above the operand width extracts every bit from the offset up (the pseudocode's (1 << width) - 1 is undefined there); width 0 gives 0" },
    Rule { id: "gcn5.salu.literal64", status: Status::Inferred, cites: &[SpecRef::new(Spec::Vega, "Literal Expansion to 64 bits"), SpecRef::new(Spec::Gpuref, "docs/design/0019-gcn5-alu-execution.md")],
        statement: "a 32-bit literal for a 64-bit scalar operand is sign-extended for _I64 operands and zero-extended otherwise (_B64 and _U64 read as unsigned)" },
    Rule { id: "gcn5.salu.inline64", status: Status::Inferred, cites: &[SpecRef::new(Spec::Vega, "Scalar ALU Operands"), SpecRef::new(Spec::Gpuref, "docs/design/0019-gcn5-alu-execution.md")],
        statement: "inline constants of a 64-bit scalar operand: integers sign-extended to 64 bits, float constants as binary64" },
];

// ---- helpers

fn sext16(k: u16) -> u32 {
    k as i16 as i32 as u32
}
fn d32(v: u32) -> ScalarOut {
    ScalarOut {
        d: Some(u64::from(v)),
        ..ScalarOut::default()
    }
}
fn d32_scc(v: u32, scc: bool) -> ScalarOut {
    ScalarOut {
        d: Some(u64::from(v)),
        scc: Some(scc),
        ..ScalarOut::default()
    }
}
fn d32_nz(v: u32) -> ScalarOut {
    d32_scc(v, v != 0)
}
fn d64(v: u64) -> ScalarOut {
    ScalarOut {
        d: Some(v),
        ..ScalarOut::default()
    }
}
fn d64_nz(v: u64) -> ScalarOut {
    ScalarOut {
        d: Some(v),
        scc: Some(v != 0),
        ..ScalarOut::default()
    }
}
fn scc(c: bool) -> ScalarOut {
    ScalarOut {
        scc: Some(c),
        ..ScalarOut::default()
    }
}
fn lo(v: u64) -> u32 {
    v as u32
}
fn i(v: u64) -> i32 {
    v as u32 as i32
}
