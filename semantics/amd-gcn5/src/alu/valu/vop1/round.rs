//! Rounding to integral (TRUNC, CEIL, FLOOR, RNDNE), FRACT, FREXP and LDEXP of every width
//! (Vega manual, "VOP1 Instructions", "VOP2 Instructions", "VOP3A & VOP3B Instructions").
//! Rules: `gcn5.valu.round_integral.ops`, `gcn5.v_rndne.neg_zero`, `gcn5.v_fract.*`,
//! `gcn5.valu.frexp`, `gcn5.v_ldexp_f16.exponent`, `gcn5.valu.ldexp` (docs/design/0021).

use super::super::common::f16_result;
use super::{all, bits, either, inputs_kept, LaneCtx, LaneIn, LaneOut};
use crate::alu::mode::Width;
use crate::alu::valu::Accept;
use gpuref_float::ops::{fract, frexp, ldexp, round_to_integral};
use gpuref_float::quirks::AmdGcn5;
use gpuref_float::{classify, Binary16, Binary32, Binary64, Class, Flagged, Format, Rounding};

/// The MODE fields an operation of format `F` rounds with.
fn width<F: Format>() -> Width {
    match F::WIDTH {
        16 => Width::Half,
        32 => Width::Single,
        _ => Width::Double,
    }
}

/// Round to an integral value in direction `dir`, whatever FP_ROUND, without INEXACT
/// (rule `gcn5.valu.round_integral.ops`); the input is read under MODE (rule
/// `gcn5.valu.mode_denorm_input`).
fn integral<F: Format>(a: u64, dir: Rounding, c: &LaneCtx) -> LaneOut {
    let r = round_to_integral::<F, AmdGcn5>(bits::<F>(a), dir, false, &c.fp(width::<F>()));
    LaneOut::float(r)
}

/// Round to nearest even; a −0 result is +0 by the printed pseudocode (rule
/// `gcn5.v_rndne.neg_zero`).
fn rndne<F: Format>(a: u64, c: &LaneCtx) -> LaneOut {
    let out = integral::<F>(a, Rounding::NearestEven, c);
    if out.d == Some(F::SIGN_MASK) {
        return either(out, 0, all::<F>(), "gcn5.v_rndne.neg_zero");
    }
    out
}

/// `D.d = trunc(S0.d)`.
pub(super) fn v_trunc_f64(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    integral::<Binary64>(x.s0, Rounding::TowardZero, c)
}
/// `D.d = trunc(S0.d); if(S0.d > 0.0 && S0.d != D.d) then D.d += 1.0; endif`.
pub(super) fn v_ceil_f64(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    integral::<Binary64>(x.s0, Rounding::TowardPositive, c)
}
/// `D.d = floor(S0.d + 0.5); if(floor(S0.d) is even && fract(S0.d) == 0.5) then D.d -= 1.0; endif`.
pub(super) fn v_rndne_f64(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    rndne::<Binary64>(x.s0, c)
}
/// `D.d = trunc(S0.d); if(S0.d < 0.0 && S0.d != D.d) then D.d += -1.0; endif`.
pub(super) fn v_floor_f64(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    integral::<Binary64>(x.s0, Rounding::TowardNegative, c)
}
/// `D.f = trunc(S0.f)`.
pub(super) fn v_trunc_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    integral::<Binary32>(x.s0, Rounding::TowardZero, c)
}
/// `D.f = trunc(S0.f); if(S0.f > 0.0 && S0.f != D.f) then D.f += 1.0; endif`.
pub(super) fn v_ceil_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    integral::<Binary32>(x.s0, Rounding::TowardPositive, c)
}
/// `D.f = floor(S0.f + 0.5); if(floor(S0.f) is even && fract(S0.f) == 0.5) then D.f -= 1.0; endif`.
pub(super) fn v_rndne_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    rndne::<Binary32>(x.s0, c)
}
/// `D.f = trunc(S0.f); if(S0.f < 0.0 && S0.f != D.f) then D.f += -1.0; endif`.
pub(super) fn v_floor_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    integral::<Binary32>(x.s0, Rounding::TowardNegative, c)
}
/// `D.f16 = trunc(S0.f16); if(S0.f16 < 0.0f && S0.f16 != D.f16) then D.f16 -= 1.0; endif`.
pub(super) fn v_floor_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    integral::<Binary16>(x.s0, Rounding::TowardNegative, c)
}
/// `D.f16 = trunc(S0.f16); if(S0.f16 > 0.0f && S0.f16 != D.f16) then D.f16 += 1.0; endif`.
pub(super) fn v_ceil_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    integral::<Binary16>(x.s0, Rounding::TowardPositive, c)
}
/// `D.f16 = trunc(S0.f16)`.
pub(super) fn v_trunc_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    integral::<Binary16>(x.s0, Rounding::TowardZero, c)
}
/// `D.f16 = floor(S0.f16 + 0.5); if(floor(S0.f16) is even && fract(S0.f16) == 0.5) then D.f16 -= 1.0; endif`.
pub(super) fn v_rndne_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    rndne::<Binary16>(x.s0, c)
}

/// `S0 + -floor(S0)` under `mode`, clamped below 1.0, with the unclamped value.
fn fract_clamped<F: Format>(a: F::Bits, mode: &gpuref_float::FpMode) -> (Flagged<u64>, u64) {
    let r = fract::<F, AmdGcn5>(a, mode);
    let v: u64 = r.value.into();
    let clamped = if v == F::ONE { F::ONE - 1 } else { v };
    (Flagged::new(clamped, r.flags), v)
}

/// FRACT of format `F` (rules `gcn5.v_fract.clamp`, `.zero_sign`, `.inf`,
/// `gcn5.valu.denorm_accepted`).
fn fract_lane<F: Format>(a: u64, c: &LaneCtx) -> LaneOut {
    let a = bits::<F>(a);
    let mode = c.fp(width::<F>());
    let (r, unclamped) = fract_clamped::<F>(a, &mode);
    let out = LaneOut::float(r);
    if matches!(
        classify::<F>(a),
        Class::PositiveInfinity | Class::NegativeInfinity
    ) {
        return out.unsettled(Accept::Mask(0), "gcn5.v_fract.inf", false);
    }
    let out = either(out, unclamped, all::<F>(), "gcn5.v_fract.clamp");
    let (kept, kept_unclamped) = fract_clamped::<F>(a, &inputs_kept(mode));
    let out = either(out, kept.value, all::<F>(), "gcn5.valu.denorm_accepted");
    either(out, kept_unclamped, all::<F>(), "gcn5.valu.denorm_accepted")
}

/// `D.f = S0.f + -floor(S0.f)`.
pub(super) fn v_fract_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    fract_lane::<Binary32>(x.s0, c)
}
/// `D.d = S0.d + -floor(S0.d)`.
pub(super) fn v_fract_f64(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    fract_lane::<Binary64>(x.s0, c)
}
/// `D.f16 = S0.f16 + -floor(S0.f16)`.
pub(super) fn v_fract_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    fract_lane::<Binary16>(x.s0, c)
}

/// C frexp of format `F` under MODE (rule `gcn5.valu.frexp`): the significand's bits and
/// the exponent.
fn split<F: Format>(a: u64, c: &LaneCtx) -> Flagged<(u64, i32)> {
    let r = frexp::<F, AmdGcn5>(bits::<F>(a), &c.fp(width::<F>()));
    Flagged::new((r.value.0.into(), r.value.1), r.flags)
}
/// The significand of a split.
fn mant<F: Format>(a: u64, c: &LaneCtx) -> LaneOut {
    LaneOut::float(split::<F>(a, c).map(|(m, _)| m))
}
/// The exponent of a split, as `bits`-wide two's complement.
fn exp<F: Format>(a: u64, c: &LaneCtx, bits: u32) -> LaneOut {
    let mask = (1u64 << bits) - 1;
    LaneOut::float(split::<F>(a, c).map(|(_, e)| i64::from(e) as u64 & mask))
}

/// `if(S0.d == +-INF || S0.d == NAN) then D.i = 0; else D.i = TwosComplement(Exponent(S0.d) - 1023 + 1); endif`.
pub(super) fn v_frexp_exp_i32_f64(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    exp::<Binary64>(x.s0, c, 32)
}
/// `if(S0.d == +-INF || S0.d == NAN) then D.d = S0.d; else D.d = Mantissa(S0.d); endif`.
pub(super) fn v_frexp_mant_f64(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mant::<Binary64>(x.s0, c)
}
/// `if(S0.f == +-INF || S0.f == NAN) then D.i = 0; else D.i = TwosComplement(Exponent(S0.f) - 127 + 1); endif`.
pub(super) fn v_frexp_exp_i32_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    exp::<Binary32>(x.s0, c, 32)
}
/// `if(S0.f == +-INF || S0.f == NAN) then D.f = S0.f; else D.f = Mantissa(S0.f); endif`.
pub(super) fn v_frexp_mant_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mant::<Binary32>(x.s0, c)
}
/// `if(S0.f16 == +-INF || S0.f16 == NAN) then D.f16 = S0.f16; else D.f16 = Mantissa(S0.f16); endif`.
pub(super) fn v_frexp_mant_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mant::<Binary16>(x.s0, c)
}
/// `if(S0.f16 == +-INF || S0.f16 == NAN) then D.i = 0; else D.i = TwosComplement(Exponent(S0.f16) - 15 + 1); endif`.
pub(super) fn v_frexp_exp_i16_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    exp::<Binary16>(x.s0, c, 16)
}

/// `D.f = S0.f * (2 ** S1.i)` (rule `gcn5.valu.ldexp`).
pub(super) fn v_ldexp_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    LaneOut::float(ldexp::<Binary32, AmdGcn5>(
        x.s0 as u32,
        x.s1 as u32 as i32,
        &c.fp(Width::Single),
    ))
}
/// `D.d = S0.d * (2 ** S1.i)` (rule `gcn5.valu.ldexp`).
pub(super) fn v_ldexp_f64(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    LaneOut::float(ldexp::<Binary64, AmdGcn5>(
        x.s0,
        x.s1 as u32 as i32,
        &c.fp(Width::Double),
    ))
}
/// `D.f16 = S0.f16 * (2 ** S1.i16)`: S1[15:0] as a signed exponent (rule
/// `gcn5.v_ldexp_f16.exponent`), FP16_OVFL applied.
pub(super) fn v_ldexp_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    f16_result(
        ldexp::<Binary16, AmdGcn5>(
            x.s0 as u16,
            i32::from(x.s1 as u16 as i16),
            &c.fp(Width::Half),
        ),
        c,
    )
}
