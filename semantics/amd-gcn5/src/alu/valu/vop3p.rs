//! VOP3P kernels: packed 16-bit math, MAD_MIX/FMA_MIX and the dot products (Vega manual,
//! "VOP3P Instructions"; the gfx908-only rows: LLVM's assembler and MI100 "Feature Changes
//! in MI100 devices"), and MI100's VOP2 rows with packed operands (V_DOT*C, V_PK_FMAC_F16).
//!
//! Operand convention (docs/design/0026): each of `s0`, `s1`, `s2` holds the 32-bit packed
//! operand *after* OP_SEL/OP_SEL_HI selection and NEG_LO/NEG_HI, so bits [15:0] feed the low
//! result half and bits [31:16] the high one. A VOP2 row (no OP_SEL) passes its raw 32-bit
//! operands, which is the same thing. 32-bit operands (a dot accumulator, DOT4/DOT8 inputs)
//! are the low 32 bits. A MIX source is an f32 in [31:0], or, when bit 32 ([`MIX_F16`]) is
//! set, an f16 in [15:0] (OP_SEL_HI said "this source is f16"; the executor picked the half
//! and applied abs/neg). `d` is the destination's old value (MIXLO/MIXHI keep one half of
//! it, the `C` rows accumulate into it).

mod dot;
mod float;
mod int;
#[cfg(test)]
mod tests;

use super::{Accept, LaneOut, VectorKernelRow};
use crate::alu::k;
use gpuref_core::{Rule, Spec, SpecRef, Status};

const PK: &[SpecRef] = &[SpecRef::new(Spec::Vega, "VOP3P Instructions")];
const PK_CLAMP: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "VOP3P Instructions"),
    SpecRef::new(Spec::Vega, "ALU Clamp Bit Usage"),
];
const PK_MINMAX: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "VOP3P Instructions"),
    SpecRef::new(Spec::Gpuref, NOTE),
];
const MAD_MIX: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "VOP3P Instructions"),
    SpecRef::new(Spec::Vega, "Packed Math"),
    SpecRef::new(Spec::Gpuref, NOTE),
];
const FMA_MIX: &[SpecRef] = &[
    SpecRef::new(Spec::Mi100, "6.7. Packed Math"),
    crate::instructions::LLVM_GFX908,
    SpecRef::new(Spec::Gpuref, NOTE),
];
const DOT: &[SpecRef] = &[
    SpecRef::new(Spec::Mi100, "Feature Changes in MI100 devices"),
    crate::instructions::LLVM_GFX908,
    SpecRef::new(Spec::Gpuref, NOTE),
];

/// This family's design note.
pub(super) const NOTE: &str = "docs/design/0026-gcn5-packed-math.md";

use Status::{Contested, Inferred, Specified, Unspecified};

/// Rows of this family without a kernel yet, with the question that must be settled first.
#[rustfmt::skip]
pub const NOT_YET: &[(&str, &str)] = &[];

/// Decisions of this family's kernels (the executor's are in `alu::vpacked::RULES`).
#[rustfmt::skip]
pub const RULES: &[Rule] = &[
    Rule { id: "gcn5.v_pk_min_f16.nan", status: Contested,
        cites: &[SpecRef::new(Spec::Vega, "VOP3P Instructions"), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "V_PK_MIN_F16/V_PK_MAX_F16 say only min()/max(); a half is IEEE 754-2008 minNum/maxNum of its inputs read under MODE (V_MIN_F16's reading is being settled elsewhere); a half with a NaN input is accepted as any value, a (-0, +0) pair as either zero" },
    Rule { id: "gcn5.v_mad_mix_f32.flush", status: Contested,
        cites: &[SpecRef::new(Spec::Vega, "VOP3P Instructions"), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "gfx900 V_MAD_MIX_*: unfused (the product rounded to f32, then the sum), inputs and result flushed as MODE says; the claim (dispute D11) that they flush denormals whatever MODE says has no evidence: where flushing everything would change the result, both results and what lies between are accepted" },
    Rule { id: "gcn5.v_mad_mix_f32.product_flush", status: Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "VOP3P Instructions"), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "gfx900 V_MAD_MIX_*: whether the rounded f32 product, when it is a denormal under a MODE that flushes single-precision input denormals, is flushed before the add (read as an input of the add) or kept (an intermediate) is not stated; both results, and their flags, are accepted (as V_MAD_F32's gcn5.v_mad_f32.product_flush)" },
    Rule { id: "gcn5.v_fma_mix_f32.fused", status: Specified,
        cites: &[SpecRef::new(Spec::Mi100, "6.7. Packed Math")],
        statement: "gfx908 V_FMA_MIX_*: the f16 sources are converted to f32 exactly and S0*S1+S2 is one fused f32 operation under MODE" },
    Rule { id: "gcn5.v_mad_mixlo_f16.rounding", status: Unspecified,
        cites: &[SpecRef::new(Spec::Vega, "VOP3P Instructions"), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "MIXLO/MIXHI compute S0*S1+S2 in f32 and convert the f32 to f16 with the half-precision rounding field; a single rounding straight to f16 may differ by one f16 ulp where the f32 step was inexact, so both f16 neighbours are accepted there" },
    Rule { id: "gcn5.v_mad_mixlo_f16.other_half", status: Inferred,
        cites: &[SpecRef::new(Spec::Vega, "VOP3P Instructions"), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "MIXLO writes D[15:0] and MIXHI D[31:16] (the pseudocode names only that half); the other half keeps its value, as LLVM ties the destination as an input" },
    Rule { id: "gcn5.v_dot2_f32_f16.order", status: Unspecified,
        cites: &[SpecRef::new(Spec::Mi100, "Feature Changes in MI100 devices"), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "V_DOT2(C)_F32_F16: the f16 products are exact in f32; gpuref adds (lo + hi) + S2, each rounded under MODE; the order and intermediate rounding are not published, nor whether the f32 accumulator is flushed whatever MODE says (dispute D11): every order, with and without that flushing, is accepted (the range between them)" },
    Rule { id: "gcn5.v_dot.int", status: Inferred,
        cites: &[SpecRef::new(Spec::Mi100, "Feature Changes in MI100 devices"), SpecRef::new(Spec::Gpuref, NOTE)],
        statement: "integer dot products sum the exact products of the 16/8/4-bit elements (signed or unsigned per the name) and S2 (or D for the C forms); the exact sum wraps to 32 bits, or saturates to the result type with CLAMP (LLVM's sdot/udot intrinsics' clamp operand)" },
];

/// This family's kernels.
#[rustfmt::skip]
pub const KERNELS: &[VectorKernelRow] = &[
    k("V_PK_MAD_I16",     int::v_pk_mad_i16,       Specified,   PK_CLAMP),
    k("V_PK_MUL_LO_U16",  int::v_pk_mul_lo_u16,    Specified,   PK_CLAMP),
    k("V_PK_ADD_I16",     int::v_pk_add_i16,       Specified,   PK_CLAMP),
    k("V_PK_SUB_I16",     int::v_pk_sub_i16,       Specified,   PK_CLAMP),
    k("V_PK_LSHLREV_B16", int::v_pk_lshlrev_b16,   Specified,   PK),
    k("V_PK_LSHRREV_B16", int::v_pk_lshrrev_b16,   Specified,   PK),
    k("V_PK_ASHRREV_I16", int::v_pk_ashrrev_i16,   Specified,   PK),
    k("V_PK_MAX_I16",     int::v_pk_max_i16,       Specified,   PK),
    k("V_PK_MIN_I16",     int::v_pk_min_i16,       Specified,   PK),
    k("V_PK_MAD_U16",     int::v_pk_mad_u16,       Specified,   PK_CLAMP),
    k("V_PK_ADD_U16",     int::v_pk_add_u16,       Specified,   PK_CLAMP),
    k("V_PK_SUB_U16",     int::v_pk_sub_u16,       Specified,   PK_CLAMP),
    k("V_PK_MAX_U16",     int::v_pk_max_u16,       Specified,   PK),
    k("V_PK_MIN_U16",     int::v_pk_min_u16,       Specified,   PK),
    k("V_PK_FMA_F16",     float::v_pk_fma_f16,     Specified,   PK),
    k("V_PK_ADD_F16",     float::v_pk_add_f16,     Specified,   PK),
    k("V_PK_MUL_F16",     float::v_pk_mul_f16,     Specified,   PK),
    k("V_PK_MIN_F16",     float::v_pk_min_f16,     Contested,   PK_MINMAX),
    k("V_PK_MAX_F16",     float::v_pk_max_f16,     Contested,   PK_MINMAX),
    k("V_MAD_MIX_F32",    float::v_mad_mix_f32,    Contested,   MAD_MIX),
    k("V_MAD_MIXLO_F16",  float::v_mad_mixlo_f16,  Contested,   MAD_MIX),
    k("V_MAD_MIXHI_F16",  float::v_mad_mixhi_f16,  Contested,   MAD_MIX),
    k("V_FMA_MIX_F32",    float::v_fma_mix_f32,    Specified,   FMA_MIX),
    k("V_FMA_MIXLO_F16",  float::v_fma_mixlo_f16,  Unspecified, FMA_MIX),
    k("V_FMA_MIXHI_F16",  float::v_fma_mixhi_f16,  Unspecified, FMA_MIX),
    k("V_DOT2_F32_F16",   dot::v_dot2_f32_f16,     Unspecified, DOT),
    k("V_DOT2_I32_I16",   dot::v_dot2_i32_i16,     Inferred,    DOT),
    k("V_DOT2_U32_U16",   dot::v_dot2_u32_u16,     Inferred,    DOT),
    k("V_DOT4_I32_I8",    dot::v_dot4_i32_i8,      Inferred,    DOT),
    k("V_DOT4_U32_U8",    dot::v_dot4_u32_u8,      Inferred,    DOT),
    k("V_DOT8_I32_I4",    dot::v_dot8_i32_i4,      Inferred,    DOT),
    k("V_DOT8_U32_U4",    dot::v_dot8_u32_u4,      Inferred,    DOT),
    k("V_DOT2C_F32_F16",  dot::v_dot2c_f32_f16,    Unspecified, DOT),
    k("V_DOT2C_I32_I16",  dot::v_dot2c_i32_i16,    Inferred,    DOT),
    k("V_DOT4C_I32_I8",   dot::v_dot4c_i32_i8,     Inferred,    DOT),
    k("V_DOT8C_I32_I4",   dot::v_dot8c_i32_i4,     Inferred,    DOT),
    k("V_PK_FMAC_F16",    float::v_pk_fmac_f16,    Inferred,    DOT),
];

/// The two halves of a packed operand.
pub(super) fn halves(v: u64) -> [u16; 2] {
    [v as u16, (v >> 16) as u16]
}

/// Two halves packed into a 32-bit result.
pub(super) fn pack(h: [u16; 2]) -> u64 {
    u64::from(h[0]) | (u64::from(h[1]) << 16)
}

/// The bits of half `i` (0 low, 1 high) of a 32-bit result.
pub(super) fn half_mask(i: usize) -> u64 {
    0xffff << (16 * i)
}

/// A packed result whose halves `unsettled` (a bit mask over the 32-bit result) are not
/// settled by the sources, by `rule`.
pub(super) fn with_mask(out: LaneOut, unsettled: u64, rule: &'static str) -> LaneOut {
    if unsettled == 0 {
        out
    } else {
        out.unsettled(Accept::Mask(0xffff_ffff & !unsettled), rule, false)
    }
}
