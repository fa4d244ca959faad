//! VOP1 conversions between floats and integers and between float widths (Vega manual,
//! "VOP1 Instructions"). Rules: `gcn5.valu.cvt_int.*`, `gcn5.valu.cvt_floor.range`,
//! `gcn5.v_cvt_rpi_i32_f32.sum`, `gcn5.valu.cvt_float.mode`, `gcn5.valu.norm16`,
//! `gcn5.v_sat_pk_u8_i16.sat8` (docs/design/0021).

use super::super::common::{d32, f16_result};
use super::{bits, either, LaneCtx, LaneIn, LaneOut};
use crate::alu::mode::Width;
use crate::alu::valu::Accept;
use gpuref_float::ops::{add, convert, from_int, mul, to_int, IntType};
use gpuref_float::quirks::AmdGcn5;
use gpuref_float::{Binary16, Binary32, Binary64, Flags, Format, FpMode, Rounding};

/// The mode a float-to-int conversion reads its input under: `Mode::fp` carries the
/// denormal setting of every width (the input's is the one used); the rounding direction
/// is the instruction's, passed to `to_int`.
fn input_mode(c: &LaneCtx) -> FpMode {
    c.fp(Width::Single)
}

/// An integer result; a lane that raised INVALID (NaN or saturated) has unsettled flags
/// (rule `gcn5.valu.cvt_int.invalid`).
fn int_out(value: u64, flags: Flags, ty: IntType) -> LaneOut {
    let out = LaneOut {
        d: Some(value),
        d_hi: 0,
        carry: None,
        flags,
        unsettled: None,
    };
    if flags.contains(Flags::INVALID) {
        out.unsettled(Accept::Mask(ty.mask()), "gcn5.valu.cvt_int.invalid", false)
    } else {
        out
    }
}

/// `(int)S0` of format `F`: truncated, saturated, NaN to 0; INEXACT only with CLAMP
/// (rules `gcn5.valu.cvt_int.trunc`, `.saturate`, `.inexact`).
fn cast<F: Format>(a: u64, ty: IntType, c: &LaneCtx) -> LaneOut {
    let r = to_int::<F, AmdGcn5>(bits::<F>(a), ty, Rounding::TowardZero, true, &input_mode(c));
    let flags = if c.clamp {
        r.flags
    } else {
        r.flags.without(Flags::INEXACT)
    };
    int_out(r.value, flags, ty)
}

/// `D.i = (int)S0.d`.
pub(super) fn v_cvt_i32_f64(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    cast::<Binary64>(x.s0, IntType::I32, c)
}
/// `D.u = (unsigned)S0.d`.
pub(super) fn v_cvt_u32_f64(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    cast::<Binary64>(x.s0, IntType::U32, c)
}
/// `D.i = (int)S0.f`.
pub(super) fn v_cvt_i32_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    cast::<Binary32>(x.s0, IntType::I32, c)
}
/// `D.u = (unsigned)S0.f`.
pub(super) fn v_cvt_u32_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    cast::<Binary32>(x.s0, IntType::U32, c)
}
/// `D.u16 = flt16_to_uint16(S.f16)` ("Conversion is done with truncation").
pub(super) fn v_cvt_u16_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    cast::<Binary16>(x.s0, IntType::U16, c)
}
/// `D.i16 = flt16_to_int16(S.f16)` ("Conversion is done with truncation").
pub(super) fn v_cvt_i16_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    cast::<Binary16>(x.s0, IntType::I16, c)
}

/// `(int)floor(v)` of an f32 `v`: saturated, NaN to 0, no INEXACT (rule
/// `gcn5.valu.cvt_floor.range`).
fn floor_i32<F: Format>(v: u64, mode: &FpMode) -> LaneOut {
    let r = to_int::<F, AmdGcn5>(
        bits::<F>(v),
        IntType::I32,
        Rounding::TowardNegative,
        true,
        mode,
    );
    int_out(r.value, r.flags.without(Flags::INEXACT), IntType::I32)
}

/// `D.i = (int)floor(S0.f + 0.5)`, the sum exact (rule `gcn5.v_cvt_rpi_i32_f32.sum`):
/// S0 widened to f64 (exact, input read under MODE), plus 0.5 rounded toward -inf, which
/// never moves the sum past the integer below it, so the floor is that of the exact sum.
pub(super) fn v_cvt_rpi_i32_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let a = x.s0 as u32;
    let mode = input_mode(c);
    let exact = FpMode::IEEE.with_rounding(Rounding::TowardNegative);
    let half64 = convert::<Binary32, Binary64, AmdGcn5>(HALF, &exact).value;
    let wide = convert::<Binary32, Binary64, AmdGcn5>(a, &mode);
    let sum = add::<Binary64, AmdGcn5>(wide.value, half64, &exact).value;
    let out = floor_i32::<Binary64>(sum, &exact);
    // The other reading: the sum rounded in f32 under MODE first.
    let sum32 = add::<Binary32, AmdGcn5>(a, HALF, &c.fp(Width::Single)).value;
    let other = floor_i32::<Binary32>(u64::from(sum32), &mode);
    match other.d {
        Some(o) => either(out, o, 0xffff_ffff, "gcn5.v_cvt_rpi_i32_f32.sum"),
        None => out,
    }
}

/// 0.5 as f32.
const HALF: u32 = 0x3f00_0000;

/// `D.i = (int)floor(S0.f)`.
pub(super) fn v_cvt_flr_i32_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    floor_i32::<Binary32>(x.s0, &input_mode(c))
}

/// `D.d = (double)S0.i`: exact.
pub(super) fn v_cvt_f64_i32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    LaneOut::float(from_int::<Binary64, AmdGcn5>(
        x.s0,
        IntType::I32,
        &c.fp(Width::Double),
    ))
}
/// `D.d = (double)S0.u`: exact.
pub(super) fn v_cvt_f64_u32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    LaneOut::float(from_int::<Binary64, AmdGcn5>(
        x.s0,
        IntType::U32,
        &c.fp(Width::Double),
    ))
}

/// `D.f = (float)S0.d`: rounded with FP_ROUND[1:0], input read under FP_DENORM[7:6],
/// output under [5:4] (rule `gcn5.valu.cvt_float.mode`).
pub(super) fn v_cvt_f32_f64(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    LaneOut::float(convert::<Binary64, Binary32, AmdGcn5>(
        x.s0,
        &c.fp(Width::Single),
    ))
}
/// `D.d = (double)S0.f`: exact; input read under FP_DENORM[5:4].
pub(super) fn v_cvt_f64_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    LaneOut::float(convert::<Binary32, Binary64, AmdGcn5>(
        x.s0 as u32,
        &c.fp(Width::Double),
    ))
}
/// `D.f16 = flt32_to_flt16(S0.f)`: rounded with FP_ROUND[3:2] (the result's width, rule
/// `gcn5.valu.cvt_float.mode`), FP16_OVFL applied (dispute D7, rule `gcn5.valu.fp16_ovfl`).
pub(super) fn v_cvt_f16_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    f16_result(
        convert::<Binary32, Binary16, AmdGcn5>(x.s0 as u32, &c.fp(Width::Half)),
        c,
    )
}

/// `flt16_to_snorm16` / `flt16_to_unorm16` with `scale` = 2^n − 1 (rule
/// `gcn5.valu.norm16`): the f16 clamped to [−1, 1] (or [0, 1]), times `scale`, rounded
/// with FP_ROUND[3:2]; a snorm result is kept in [−scale, scale].
fn norm16_with(a: u16, ty: IntType, scale: u64, c: &LaneCtx) -> (u64, Flags) {
    let mode = c.fp(Width::Half);
    let exact = FpMode::IEEE;
    // f16 → f64 is exact (input read under FP_DENORM[7:6]); the product has at most
    // 11 + 17 significant bits, exact in f64.
    let wide = convert::<Binary16, Binary64, AmdGcn5>(a, &mode);
    let s = from_int::<Binary64, AmdGcn5>(scale, IntType::U32, &exact).value;
    let p = mul::<Binary64, AmdGcn5>(wide.value, s, &exact).value;
    let r = to_int::<Binary64, AmdGcn5>(p, ty, mode.rounding, true, &exact);
    let lowest = if ty.is_signed() {
        scale.wrapping_neg() & ty.mask()
    } else {
        0
    };
    // The saturated i16 minimum (0x8000) lies below −scale when scale = 32767.
    let v = if ty.is_signed() && r.value == ty.min_bits() && scale < ty.min_bits() {
        lowest
    } else {
        r.value
    };
    (v, r.flags.without(Flags::INVALID) | wide.flags)
}

/// A norm conversion: gpuref's scale 2^n − 1, or where the scale 2^n (saturated) gives
/// other bits, only the shared bits settled.
fn norm16(a: u16, ty: IntType, c: &LaneCtx) -> LaneOut {
    let (v, flags) = norm16_with(a, ty, ty.max_bits(), c);
    let out = LaneOut {
        d: Some(v),
        d_hi: 0,
        carry: None,
        flags,
        unsettled: None,
    };
    let (other, _) = norm16_with(a, ty, ty.max_bits() + 1, c);
    either(out, other, ty.mask(), "gcn5.valu.norm16")
}

/// `D.i16 = flt16_to_snorm16(S.f16)`.
pub(super) fn v_cvt_norm_i16_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    norm16(x.s0 as u16, IntType::I16, c)
}
/// `D.u16 = flt16_to_unorm16(S.f16)`.
pub(super) fn v_cvt_norm_u16_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    norm16(x.s0 as u16, IntType::U16, c)
}

/// `D.u32 = {16'b0, sat8(S.u[31:16]), sat8(S.u[15:0])}` (rule `gcn5.v_sat_pk_u8_i16.sat8`).
pub(super) fn v_sat_pk_u8_i16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    let sat8 = |h: u64| (h as u16 as i16).clamp(0, 255) as u32;
    d32((sat8(x.s0 >> 16) << 8) | sat8(x.s0))
}
