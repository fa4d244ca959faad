//! The packed conversions: two results in one dword, or one byte into a dword.

use super::{bits, is_inf, is_nan, is_zero, sign, unpack, Accept, LaneCtx, LaneIn, LaneOut};
use crate::alu::mode::Width;
use gpuref_float::ops::convert;
use gpuref_float::quirks::AmdGcn5;
use gpuref_float::{Binary16, Binary32, Flagged, Format, Rounding};

/// `flt32_to_flt16` rounding toward zero whatever MODE says (rule
/// `gcn5.v_cvt_pkrtz_f16_f32.overflow`): an overflow gives ±65504, as IEEE 754 §7.4 has it.
fn f16_rtz(v: u64, c: &LaneCtx) -> Flagged<u16> {
    let mut mode = c.fp(Width::Half);
    mode.rounding = Rounding::TowardZero;
    convert::<Binary32, Binary16, AmdGcn5>(v as u32, &mode)
}

/// `D = {flt32_to_flt16(S1.f),flt32_to_flt16(S0.f)}. // Round-toward-zero regardless of
/// current round mode setting in hardware.`
pub(super) fn v_cvt_pkrtz_f16_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let (lo, hi) = (f16_rtz(x.s0, c), f16_rtz(x.s1, c));
    LaneOut::float(Flagged::new(
        u32::from(lo.value) | u32::from(hi.value) << 16,
        lo.flags.union(hi.flags),
    ))
}

/// A float of format `F` times `k`, clamped to `[lo, hi]` and converted to an integer:
/// (rounded to nearest even, the lower and the upper neighbouring integer). NaN gives 0.
fn scale_round<F: Format>(v: u64, k: u64, lo: i64, hi: i64) -> [i64; 3] {
    let v = bits::<F>(v);
    if is_nan::<F>(v) || is_zero::<F>(v) {
        return [0; 3];
    }
    let neg = sign::<F>(v);
    let limit = if neg { lo } else { hi };
    if is_inf::<F>(v) {
        return [limit; 3];
    }
    let (sig, e) = unpack::<F>(v);
    // |v| * k = sig * k * 2^e, sig * k < 2^70.
    let m = u128::from(sig) * u128::from(k);
    let (q, rem_half) = if e >= 0 {
        if e > 40 {
            return [limit; 3];
        }
        (m << e, None)
    } else if -e >= 100 {
        (0, Some(std::cmp::Ordering::Less))
    } else {
        let s = -e as u32;
        let q = m >> s;
        let rem = m - (q << s);
        let half = 1u128 << (s - 1);
        (q, (rem != 0).then(|| rem.cmp(&half)))
    };
    let q = i64::try_from(q.min(1 << 40)).unwrap_or(1 << 40);
    let up = match rem_half {
        None => false,
        Some(std::cmp::Ordering::Greater) => true,
        Some(std::cmp::Ordering::Equal) => q & 1 == 1,
        Some(std::cmp::Ordering::Less) => false,
    };
    let inexact = rem_half.is_some();
    let (n, f, c) = (q + i64::from(up), q, q + i64::from(inexact));
    let signed = |m: i64| (if neg { -m } else { m }).clamp(lo, hi);
    if neg {
        [signed(n), signed(c), signed(f)]
    } else {
        [signed(n), signed(f), signed(c)]
    }
}

/// Two 16-bit conversions packed as {S1, S0}; where the rounding is open the settled bits
/// are those the two neighbouring integers share (rule `rule`).
fn pack2(a: [i64; 3], b: [i64; 3], rule: &'static str) -> LaneOut {
    let half = |r: [i64; 3], i: usize| r[i] as u64 & 0xffff;
    let d = half(a, 0) | half(b, 0) << 16;
    let mask = (!(half(a, 1) ^ half(a, 2)) & 0xffff) | (!(half(b, 1) ^ half(b, 2)) & 0xffff) << 16;
    let out = LaneOut::d(d);
    if mask == 0xffff_ffff {
        out
    } else {
        out.unsettled(Accept::Mask(mask), rule, true)
    }
}

const SNORM: (u64, i64, i64) = (32767, -32767, 32767);
const UNORM: (u64, i64, i64) = (65535, 0, 65535);

fn pknorm<F: Format>(x: &LaneIn, (k, lo, hi): (u64, i64, i64)) -> LaneOut {
    pack2(
        scale_round::<F>(x.s0, k, lo, hi),
        scale_round::<F>(x.s1, k, lo, hi),
        "gcn5.v_cvt_pknorm.formula",
    )
}

/// `D = {(snorm)S1.f, (snorm)S0.f}` (rule `gcn5.v_cvt_pknorm.formula`).
pub(super) fn v_cvt_pknorm_i16_f32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    pknorm::<Binary32>(x, SNORM)
}
/// `D = {(unorm)S1.f, (unorm)S0.f}`.
pub(super) fn v_cvt_pknorm_u16_f32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    pknorm::<Binary32>(x, UNORM)
}
/// `D = {(snorm)S1.f16, (snorm)S0.f16}`.
pub(super) fn v_cvt_pknorm_i16_f16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    pknorm::<Binary16>(x, SNORM)
}
/// `D = {(unorm)S1.f16, (unorm)S0.f16}`.
pub(super) fn v_cvt_pknorm_u16_f16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    pknorm::<Binary16>(x, UNORM)
}

/// `D = {uint32_to_uint16(S1.u), uint32_to_uint16(S0.u)}` (rule `gcn5.v_cvt_pk_16.saturate`).
pub(super) fn v_cvt_pk_u16_u32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    let sat = |v: u64| (v as u32).min(0xffff) as u64;
    LaneOut::d(sat(x.s0) | sat(x.s1) << 16)
}
/// `D = {int32_to_int16(S1.i), int32_to_int16(S0.i)}`.
pub(super) fn v_cvt_pk_i16_i32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    let sat = |v: u64| (v as u32 as i32).clamp(-32768, 32767) as u16 as u64;
    LaneOut::d(sat(x.s0) | sat(x.s1) << 16)
}

/// `flt32_to_uint8(S0)` into byte `sel` of `base` (rule `gcn5.v_cvt_pk_u8_f32.formula`).
fn put_u8(base: u64, s0: u64, sel: u64) -> LaneOut {
    let shift = 8 * (sel & 3);
    let [n, f, c] = scale_round::<Binary32>(s0, 1, 0, 255);
    let d = (base as u32 as u64 & !(0xff << shift)) | (n as u64 & 0xff) << shift;
    let mask = 0xffff_ffff & !(((f ^ c) as u64 & 0xff) << shift);
    let out = LaneOut::d(d);
    if mask == 0xffff_ffff {
        out
    } else {
        out.unsettled(Accept::Mask(mask), "gcn5.v_cvt_pk_u8_f32.formula", true)
    }
}

/// `D.u = (S2.u & ~(0xff << (8 * S1.u[1:0]))); D.u = D.u | ((flt32_to_uint8(S0.f) & 0xff)
/// << (8 * S1.u[1:0]))`.
pub(super) fn v_cvt_pk_u8_f32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    put_u8(x.s2, x.s0, x.s1)
}
/// `byte = S1.u[1:0]; bit = byte * 8; D.u[bit+7:bit] = flt32_to_uint8(S0.f)`: the other
/// bytes of D are kept (the destination is read as a source).
pub(super) fn v_cvt_pkaccum_u8_f32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    put_u8(x.d, x.s0, x.s1)
}

/// `D[31:16].f16 = S1.f16; D[15:0].f16 = S0.f16`: the halves are moved, not converted.
pub(super) fn v_pack_b32_f16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    LaneOut::d((x.s0 & 0xffff) | (x.s1 & 0xffff) << 16)
}
