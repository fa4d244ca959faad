//! VOP2 kernels (Vega manual, "VOP2 Instructions"; the VOP3 forms, opcode + 0x100, run the
//! same kernels). Each doc comment quotes the manual's pseudocode.

use super::common::{d16, d32, f16_result, i16_, i32_, u16_, u32_};
use super::{LaneCtx, LaneIn, LaneOut, VectorKernelRow};
use crate::alu::k;
use crate::alu::mode::Width;
use gpuref_core::{Rule, Spec, SpecRef, Status};
use gpuref_float::ops::{add, mul, sub};
use gpuref_float::quirks::AmdGcn5;
use gpuref_float::{Binary16, Binary32, Flags};

const VOP2: &[SpecRef] = &[SpecRef::new(Spec::Vega, "VOP2 Instructions")];
const CLAMPED: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "VOP2 Instructions"),
    SpecRef::new(Spec::Vega, "ALU Clamp Bit Usage"),
];
const SUBBREV: &[SpecRef] = &[
    SpecRef::new(Spec::Vega, "VOP2 Instructions"),
    SpecRef::new(Spec::Gpuref, "docs/design/0049-gcn5-audit-findings.md"),
];

use Status::{Inferred, Specified};

/// VOP2 rows without a kernel yet, with the question that must be settled first.
#[rustfmt::skip]
pub const NOT_YET: &[(&str, &str)] = &[
];

/// Decisions of the VOP2 kernels (the shared ones are in `valu::RULES`).
pub const RULES: &[Rule] = &[];

/// The VOP2 kernels.
#[rustfmt::skip]
pub const KERNELS: &[VectorKernelRow] = &[
    k("V_CNDMASK_B32",     v_cndmask_b32,     Specified, VOP2),
    k("V_ADD_F32",         v_add_f32,         Specified, VOP2),
    k("V_SUB_F32",         v_sub_f32,         Specified, VOP2),
    k("V_SUBREV_F32",      v_subrev_f32,      Specified, VOP2),
    k("V_MUL_F32",         v_mul_f32,         Specified, VOP2),
    k("V_MUL_I32_I24",     v_mul_i32_i24,     Specified, VOP2),
    k("V_MUL_HI_I32_I24",  v_mul_hi_i32_i24,  Specified, VOP2),
    k("V_MUL_U32_U24",     v_mul_u32_u24,     Specified, VOP2),
    k("V_MUL_HI_U32_U24",  v_mul_hi_u32_u24,  Specified, VOP2),
    k("V_MIN_I32",         v_min_i32,         Specified, VOP2),
    k("V_MAX_I32",         v_max_i32,         Specified, VOP2),
    k("V_MIN_U32",         v_min_u32,         Specified, VOP2),
    k("V_MAX_U32",         v_max_u32,         Specified, VOP2),
    k("V_LSHRREV_B32",     v_lshrrev_b32,     Specified, VOP2),
    k("V_ASHRREV_I32",     v_ashrrev_i32,     Specified, VOP2),
    k("V_LSHLREV_B32",     v_lshlrev_b32,     Specified, VOP2),
    k("V_AND_B32",         v_and_b32,         Specified, VOP2),
    k("V_OR_B32",          v_or_b32,          Specified, VOP2),
    k("V_XOR_B32",         v_xor_b32,         Specified, VOP2),
    k("V_ADD_CO_U32",      v_add_co_u32,      Inferred,  CLAMPED),
    k("V_SUB_CO_U32",      v_sub_co_u32,      Inferred,  CLAMPED),
    k("V_SUBREV_CO_U32",   v_subrev_co_u32,   Inferred,  CLAMPED),
    k("V_ADDC_CO_U32",     v_addc_co_u32,     Inferred,  CLAMPED),
    k("V_SUBB_CO_U32",     v_subb_co_u32,     Inferred,  CLAMPED),
    k("V_SUBBREV_CO_U32",  v_subbrev_co_u32,  Inferred,  SUBBREV),
    k("V_ADD_F16",         v_add_f16,         Specified, VOP2),
    k("V_SUB_F16",         v_sub_f16,         Specified, VOP2),
    k("V_SUBREV_F16",      v_subrev_f16,      Specified, VOP2),
    k("V_MUL_F16",         v_mul_f16,         Specified, VOP2),
    k("V_ADD_U16",         v_add_u16,         Specified, CLAMPED),
    k("V_SUB_U16",         v_sub_u16,         Specified, CLAMPED),
    k("V_SUBREV_U16",      v_subrev_u16,      Specified, CLAMPED),
    k("V_MUL_LO_U16",      v_mul_lo_u16,      Specified, CLAMPED),
    k("V_LSHLREV_B16",     v_lshlrev_b16,     Specified, VOP2),
    k("V_LSHRREV_B16",     v_lshrrev_b16,     Specified, VOP2),
    k("V_ASHRREV_I16",     v_ashrrev_i16,     Specified, VOP2),
    k("V_MAX_U16",         v_max_u16,         Specified, VOP2),
    k("V_MAX_I16",         v_max_i16,         Specified, VOP2),
    k("V_MIN_U16",         v_min_u16,         Specified, VOP2),
    k("V_MIN_I16",         v_min_i16,         Specified, VOP2),
    k("V_ADD_U32",         v_add_u32,         Inferred,  CLAMPED),
    k("V_SUB_U32",         v_sub_u32,         Inferred,  CLAMPED),
    k("V_SUBREV_U32",      v_subrev_u32,      Inferred,  CLAMPED),
];

/// An unsigned 32-bit result of an exact value, saturated when CLAMP is set (rule
/// `gcn5.valu.int_clamp`), with the carry or borrow bit.
fn u32_result(exact: i64, c: &LaneCtx, carry: Option<bool>) -> LaneOut {
    let d = if c.clamp {
        exact.clamp(0, i64::from(u32::MAX)) as u32
    } else {
        exact as u32
    };
    LaneOut {
        d: Some(u64::from(d)),
        d_hi: 0,
        carry,
        flags: Flags::NONE,
        unsettled: None,
    }
}

/// An unsigned 16-bit result of an exact value, saturated when CLAMP is set.
fn u16_result(exact: i64, c: &LaneCtx) -> LaneOut {
    let d = if c.clamp {
        exact.clamp(0, i64::from(u16::MAX)) as u16
    } else {
        exact as u16
    };
    d16(d)
}

/// `D.u = (VCC[threadId] ? S1.u : S0.u)`.
fn v_cndmask_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(u32_(if x.carry { x.s1 } else { x.s0 }))
}
/// `D.f = S0.f + S1.f`.
fn v_add_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    LaneOut::float(add::<Binary32, AmdGcn5>(
        u32_(x.s0),
        u32_(x.s1),
        &c.fp(Width::Single),
    ))
}
/// `D.f = S0.f - S1.f`.
fn v_sub_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    LaneOut::float(sub::<Binary32, AmdGcn5>(
        u32_(x.s0),
        u32_(x.s1),
        &c.fp(Width::Single),
    ))
}
/// `D.f = S1.f - S0.f`.
fn v_subrev_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    LaneOut::float(sub::<Binary32, AmdGcn5>(
        u32_(x.s1),
        u32_(x.s0),
        &c.fp(Width::Single),
    ))
}
/// `D.f = S0.f * S1.f`.
fn v_mul_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    LaneOut::float(mul::<Binary32, AmdGcn5>(
        u32_(x.s0),
        u32_(x.s1),
        &c.fp(Width::Single),
    ))
}
fn i24(v: u64) -> i64 {
    i64::from(((v as u32) << 8) as i32 >> 8)
}
fn u24(v: u64) -> u64 {
    v & 0xff_ffff
}
/// The 24-bit multiplies' product in 32 bits; with CLAMP also the product saturated to the
/// destination's range ("ALU Clamp Bit Usage"), and since these rows do not say "supports
/// saturation" the lane settles only the bits both agree on (rule
/// `gcn5.vop3i.clamp_unstated`; note 0042).
fn mul24_result(product: i64, signed: bool, c: &LaneCtx) -> LaneOut {
    let wrapped = u64::from(product as u32);
    if !c.clamp {
        return LaneOut::d(wrapped);
    }
    let (lo, hi) = if signed {
        (i64::from(i32::MIN), i64::from(i32::MAX))
    } else {
        (0, i64::from(u32::MAX))
    };
    let sat = u64::from(product.clamp(lo, hi) as u32);
    let agree = !(sat ^ wrapped) & 0xffff_ffff;
    let out = LaneOut::d(sat);
    if agree == 0xffff_ffff {
        out
    } else {
        out.unsettled(
            super::Accept::Mask(agree),
            "gcn5.vop3i.clamp_unstated",
            true,
        )
    }
}
/// `D.i = S0.i[23:0] * S1.i[23:0]`.
fn v_mul_i32_i24(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mul24_result(i24(x.s0) * i24(x.s1), true, c)
}
/// `D.i = (S0.i[23:0] * S1.i[23:0])>>32`.
fn v_mul_hi_i32_i24(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(((i24(x.s0) * i24(x.s1)) >> 32) as u32)
}
/// `D.u = S0.u[23:0] * S1.u[23:0]`.
fn v_mul_u32_u24(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mul24_result((u24(x.s0) * u24(x.s1)) as i64, false, c)
}
/// `D.i = (S0.u[23:0] * S1.u[23:0])>>32`.
fn v_mul_hi_u32_u24(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(((u24(x.s0) * u24(x.s1)) >> 32) as u32)
}
/// `D.i = (S0.i < S1.i ? S0.i : S1.i)`.
fn v_min_i32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(i32_(x.s0).min(i32_(x.s1)) as u32)
}
/// `D.i = (S0.i >= S1.i ? S0.i : S1.i)`.
fn v_max_i32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(i32_(x.s0).max(i32_(x.s1)) as u32)
}
/// `D.u = (S0.u < S1.u ? S0.u : S1.u)`.
fn v_min_u32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(u32_(x.s0).min(u32_(x.s1)))
}
/// `D.u = (S0.u >= S1.u ? S0.u : S1.u)`.
fn v_max_u32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(u32_(x.s0).max(u32_(x.s1)))
}
/// `D.u = S1.u >> S0.u[4:0]`.
fn v_lshrrev_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(u32_(x.s1) >> (x.s0 & 31))
}
/// `D.i = signext(S1.i) >> S0.i[4:0]`.
fn v_ashrrev_i32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32((i32_(x.s1) >> (x.s0 & 31)) as u32)
}
/// `D.u = S1.u << S0.u[4:0]`.
fn v_lshlrev_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(u32_(x.s1) << (x.s0 & 31))
}
/// `D.u = S0.u & S1.u`.
fn v_and_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(u32_(x.s0 & x.s1))
}
/// `D.u = S0.u | S1.u`.
fn v_or_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(u32_(x.s0 | x.s1))
}
/// `D.u = S0.u ^ S1.u`.
fn v_xor_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(u32_(x.s0 ^ x.s1))
}
fn wide(v: u64) -> i64 {
    i64::from(v as u32)
}
/// `D.u = S0.u + S1.u; VCC[threadId] = (S0.u + S1.u >= 0x100000000ULL ? 1 : 0)`.
fn v_add_co_u32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let e = wide(x.s0) + wide(x.s1);
    u32_result(e, c, Some(e >> 32 != 0))
}
/// `D.u = S0.u - S1.u; VCC[threadId] = (S1.u > S0.u ? 1 : 0)`.
fn v_sub_co_u32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let e = wide(x.s0) - wide(x.s1);
    u32_result(e, c, Some(e < 0))
}
/// `D.u = S1.u - S0.u; VCC[threadId] = (S0.u > S1.u ? 1 : 0)`.
fn v_subrev_co_u32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let e = wide(x.s1) - wide(x.s0);
    u32_result(e, c, Some(e < 0))
}
/// `D.u = S0.u + S1.u + VCC[threadId]; VCC[threadId] = (S0.u + S1.u + VCC[threadId] >= 0x100000000ULL ? 1 : 0)`.
fn v_addc_co_u32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let e = wide(x.s0) + wide(x.s1) + i64::from(x.carry);
    u32_result(e, c, Some(e >> 32 != 0))
}
/// `D.u = S0.u - S1.u - VCC[threadId]; VCC[threadId] = (S1.u + VCC[threadId] > S0.u ? 1 : 0)`.
fn v_subb_co_u32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let e = wide(x.s0) - wide(x.s1) - i64::from(x.carry);
    u32_result(e, c, Some(e < 0))
}
/// `D.u = S1.u - S0.u - VCC[threadId]`; the borrow is `S0.u + VCC[threadId] > S1.u` (rule
/// `gcn5.valu.subbrev.borrow`, inferred: the manual's row contradicts itself, printing
/// V_SUBB_CO_U32's `VCC[threadId] = (S1.u + VCC[threadId] > S0.u ? 1 : 0)` beside this D
/// line and "VCC is an UNSIGNED overflow"; note 0049).
fn v_subbrev_co_u32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let e = wide(x.s1) - wide(x.s0) - i64::from(x.carry);
    u32_result(e, c, Some(e < 0))
}
/// `D.f16 = S0.f16 + S1.f16`.
fn v_add_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    f16_result(
        add::<Binary16, AmdGcn5>(u16_(x.s0), u16_(x.s1), &c.fp(Width::Half)),
        c,
    )
}
/// `D.f16 = S0.f16 - S1.f16`.
fn v_sub_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    f16_result(
        sub::<Binary16, AmdGcn5>(u16_(x.s0), u16_(x.s1), &c.fp(Width::Half)),
        c,
    )
}
/// `D.f16 = S1.f16 - S0.f16`.
fn v_subrev_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    f16_result(
        sub::<Binary16, AmdGcn5>(u16_(x.s1), u16_(x.s0), &c.fp(Width::Half)),
        c,
    )
}
/// `D.f16 = S0.f16 * S1.f16`.
fn v_mul_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    f16_result(
        mul::<Binary16, AmdGcn5>(u16_(x.s0), u16_(x.s1), &c.fp(Width::Half)),
        c,
    )
}
fn w16(v: u64) -> i64 {
    i64::from(v as u16)
}
/// `D.u16 = S0.u16 + S1.u16` (saturates with CLAMP).
fn v_add_u16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    u16_result(w16(x.s0) + w16(x.s1), c)
}
/// `D.u16 = S0.u16 - S1.u16` (saturates with CLAMP).
fn v_sub_u16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    u16_result(w16(x.s0) - w16(x.s1), c)
}
/// `D.u16 = S1.u16 - S0.u16` (saturates with CLAMP).
fn v_subrev_u16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    u16_result(w16(x.s1) - w16(x.s0), c)
}
/// `D.u16 = S0.u16 * S1.u16` (saturates with CLAMP).
fn v_mul_lo_u16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    u16_result(w16(x.s0) * w16(x.s1), c)
}
/// `D.u[15:0] = S1.u[15:0] << S0.u[3:0]`.
fn v_lshlrev_b16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d16(u16_(x.s1) << (x.s0 & 15))
}
/// `D.u[15:0] = S1.u[15:0] >> S0.u[3:0]`.
fn v_lshrrev_b16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d16(u16_(x.s1) >> (x.s0 & 15))
}
/// `D.i[15:0] = signext(S1.i[15:0]) >> S0.i[3:0]`.
fn v_ashrrev_i16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d16((i16_(x.s1) >> (x.s0 & 15)) as u16)
}
/// `D.u16 = (S0.u16 >= S1.u16 ? S0.u16 : S1.u16)`.
fn v_max_u16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d16(u16_(x.s0).max(u16_(x.s1)))
}
/// `D.i16 = (S0.i16 >= S1.i16 ? S0.i16 : S1.i16)`.
fn v_max_i16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d16(i16_(x.s0).max(i16_(x.s1)) as u16)
}
/// `D.u16 = (S0.u16 < S1.u16 ? S0.u16 : S1.u16)`.
fn v_min_u16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d16(u16_(x.s0).min(u16_(x.s1)))
}
/// `D.i16 = (S0.i16 < S1.i16 ? S0.i16 : S1.i16)`.
fn v_min_i16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d16(i16_(x.s0).min(i16_(x.s1)) as u16)
}
/// `D.u = S0.u + S1.u` (saturates with CLAMP).
fn v_add_u32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    u32_result(wide(x.s0) + wide(x.s1), c, None)
}
/// `D.u = S0.u - S1.u` (saturates with CLAMP).
fn v_sub_u32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    u32_result(wide(x.s0) - wide(x.s1), c, None)
}
/// `D.u = S1.u - S0.u` (saturates with CLAMP).
fn v_subrev_u32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    u32_result(wide(x.s1) - wide(x.s0), c, None)
}
