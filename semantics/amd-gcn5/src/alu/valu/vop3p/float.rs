//! Packed f16 kernels (V_PK_FMA/ADD/MUL/MIN/MAX_F16, gfx908's V_PK_FMAC_F16) and the MIX
//! rows (gfx900 V_MAD_MIX*, gfx908 V_FMA_MIX*), with the acceptance sets of their open
//! rules (docs/design/0026).

use super::super::{Accept, LaneCtx, LaneIn, LaneOut};
use super::{half_mask, halves, pack, with_mask};
use crate::alu::mode::Width;
use gpuref_float::ops::{add, convert, fma, max_num, min_num, mul, mul_add_unfused};
use gpuref_float::quirks::AmdGcn5;
use gpuref_float::{Binary16, Binary32, DenormModes, Denormals, Flagged, Flags, FpMode, Rounding};

use super::super::common::fp16_ovfl;
use crate::alu::vpacked::MIX_F16;

/// Both halves of an f16 operation `f(S0 half, S1 half, S2 half)`, the flags of both.
fn each(x: &LaneIn, c: &LaneCtx, f: impl Fn(u16, u16, u16, &FpMode) -> Flagged<u16>) -> LaneOut {
    let (a, b, d) = (halves(x.s0), halves(x.s1), halves(x.s2));
    let m = c.fp(Width::Half);
    let lo = fp16_ovfl(f(a[0], b[0], d[0], &m), c);
    let hi = fp16_ovfl(f(a[1], b[1], d[1], &m), c);
    LaneOut::float(Flagged::new(
        pack([lo.value, hi.value]),
        lo.flags.union(hi.flags),
    ))
}

fn fma16(a: u16, b: u16, c: u16, m: &FpMode) -> Flagged<u16> {
    fma::<Binary16, AmdGcn5>(a, b, c, m)
}

/// `D.f[31:16] = S0.f[31:16] * S1.f[31:16] + S2.f[31:16] . D.f[15:0] = S0.f[15:0] * S1.f[15:0] + S2.f[15:0]` (fused).
pub(super) fn v_pk_fma_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    each(x, c, fma16)
}
/// gfx908 VOP2 `D = S0 * S1 + D` per half, fused (V_PK_FMA_F16 with D as the addend).
pub(super) fn v_pk_fmac_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    v_pk_fma_f16(&LaneIn { s2: x.d, ..*x }, c)
}
/// `D.f[31:16] = S0.f[31:16] + S1.f[31:16] . D.f[15:0] = S0.f[15:0] + S1.f[15:0]`.
pub(super) fn v_pk_add_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    each(x, c, |a, b, _, m| add::<Binary16, AmdGcn5>(a, b, m))
}
/// `D.f[31:16] = S0.f[31:16] * S1.f[31:16] . D.f[15:0] = S0.f[15:0] * S1.f[15:0]`.
pub(super) fn v_pk_mul_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    each(x, c, |a, b, _, m| mul::<Binary16, AmdGcn5>(a, b, m))
}

/// The halves of min/max whose inputs the open rule `gcn5.v_pk_min_f16.nan` covers: a NaN
/// input (the whole half) or a pair of zeros of both signs, as read under MODE (the sign).
fn minmax_unsettled(x: &LaneIn, c: &LaneCtx) -> u64 {
    let (a, b) = (halves(x.s0), halves(x.s1));
    let flush = c.fp(Width::Half).denormals.half.flush_inputs;
    let zero = |h: u16| h & 0x7fff == 0 || (flush && h & 0x7fff < 0x400);
    (0..2).fold(0, |m, i| {
        let nan = |h: u16| h & 0x7fff > 0x7c00;
        if nan(a[i]) || nan(b[i]) {
            m | half_mask(i)
        } else if zero(a[i]) && zero(b[i]) && (a[i] ^ b[i]) & 0x8000 != 0 {
            m | (0x8000 << (16 * i))
        } else {
            m
        }
    })
}

/// `D.f[31:16] = min(S0.f[31:16], S1.f[31:16]) . D.f[15:0] = min(S0.f[15:0], S1.u[15:0])`.
pub(super) fn v_pk_min_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let out = each(x, c, |a, b, _, m| min_num::<Binary16, AmdGcn5>(a, b, m));
    with_mask(out, minmax_unsettled(x, c), "gcn5.v_pk_min_f16.nan")
}
/// `D.f[31:16] = max(S0.f[31:16], S1.f[31:16]) . D.f[15:0] = max(S0.f[15:0], S1.f[15:0])`.
pub(super) fn v_pk_max_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let out = each(x, c, |a, b, _, m| max_num::<Binary16, AmdGcn5>(a, b, m));
    with_mask(out, minmax_unsettled(x, c), "gcn5.v_pk_min_f16.nan")
}

/// How the MIX product and sum are formed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mix {
    /// gfx900 V_MAD_MIX*: the product rounded to f32, then the sum.
    Mad,
    /// gfx908 V_FMA_MIX*: fused.
    Fma,
}

/// A MIX source as f32: an f16 ([`MIX_F16`]) converted exactly (inputs read under MODE),
/// or the f32 itself.
fn mix_src(v: u64, m: &FpMode) -> Flagged<u32> {
    if v & MIX_F16 != 0 {
        convert::<Binary16, Binary32, AmdGcn5>(v as u16, m)
    } else {
        Flagged::exact(v as u32)
    }
}

/// `S0.f * S1.f + S2.f` in f32 under `m`.
fn mix_f32(x: &LaneIn, kind: Mix, m: &FpMode) -> Flagged<u32> {
    let (a, b, d) = (mix_src(x.s0, m), mix_src(x.s1, m), mix_src(x.s2, m));
    let r = match kind {
        Mix::Mad => mul_add_unfused::<Binary32, AmdGcn5>(a.value, b.value, d.value, m),
        Mix::Fma => fma::<Binary32, AmdGcn5>(a.value, b.value, d.value, m),
    };
    r.with_flags(a.flags.union(b.flags).union(d.flags))
}

/// MODE's rounding with every denormal flushed (dispute D11's reading).
fn flush_all(m: &FpMode) -> FpMode {
    m.with_denormals(DenormModes::all(Denormals::FLUSH))
}

/// A key whose integer order is the numeric order of non-NaN floats of `bits` bits.
pub(super) fn order_key(v: u64, bits: u32) -> u64 {
    let sign = 1u64 << (bits - 1);
    if v & sign != 0 {
        !v & (sign | (sign - 1))
    } else {
        v | sign
    }
}

/// What a set of candidate results of an f32 operation accepts, when they differ: the
/// numeric range between them, any NaN when all are NaN, anything when NaN and numbers mix.
pub(super) fn spread32(cands: &[u32]) -> Option<Accept> {
    let first = *cands.first()?;
    if cands.iter().all(|&v| v == first) {
        return None;
    }
    let nan = |v: u32| v & 0x7fff_ffff > 0x7f80_0000;
    if cands.iter().all(|&v| nan(v)) {
        return Some(Accept::AnyNan);
    }
    if cands.iter().any(|&v| nan(v)) {
        return Some(Accept::Mask(0));
    }
    let key = |v: &&u32| order_key(u64::from(**v), 32);
    let lo = cands.iter().min_by_key(key).copied().unwrap_or(first);
    let hi = cands.iter().max_by_key(key).copied().unwrap_or(first);
    Some(Accept::Range {
        lo: u64::from(lo),
        hi: u64::from(hi),
    })
}

/// The other reading of the unfused MIX product (rule `gcn5.v_mad_mix_f32.product_flush`):
/// the rounded f32 product is an intermediate, so a MODE that flushes single-precision
/// input denormals does not flush it before the add (S2 is an input and is flushed).
fn mix_f32_kept_product(x: &LaneIn, m: &FpMode) -> Flagged<u32> {
    let (a, b, d) = (mix_src(x.s0, m), mix_src(x.s1, m), mix_src(x.s2, m));
    let p = mul::<Binary32, AmdGcn5>(a.value, b.value, m);
    let single = m.denormals.single;
    let subnormal = d.value & 0x7f80_0000 == 0 && d.value & 0x007f_ffff != 0;
    let d0 = if single.flush_inputs && subnormal {
        d.value & 0x8000_0000
    } else {
        d.value
    };
    let mut dm = m.denormals;
    dm.single = Denormals {
        flush_inputs: false,
        ..single
    };
    add::<Binary32, AmdGcn5>(p.value, d0, &m.with_denormals(dm))
        .with_flags(p.flags)
        .with_flags(a.flags.union(b.flags).union(d.flags))
}

/// The readings of gfx900's unfused MIX besides the manual's (`mix_f32` under MODE), each
/// with the rule that names it: every denormal flushed (dispute D11) and the product kept
/// for the add.
fn mad_mix_readings(x: &LaneIn, m: &FpMode) -> [(Flagged<u32>, &'static str); 2] {
    [
        (mix_f32(x, Mix::Mad, &flush_all(m)), MIX_FLUSH),
        (mix_f32_kept_product(x, m), MIX_PRODUCT_FLUSH),
    ]
}

const MIX_FLUSH: &str = "gcn5.v_mad_mix_f32.flush";
const MIX_PRODUCT_FLUSH: &str = "gcn5.v_mad_mix_f32.product_flush";

/// V_MAD_MIX_F32 / V_FMA_MIX_F32. For MAD_MIX, where another reading gives another value
/// the result is the range between them; where it gives the same value with other flags,
/// the flags are open.
fn mix32(x: &LaneIn, c: &LaneCtx, kind: Mix) -> LaneOut {
    let m = c.fp(Width::Single);
    let r = mix_f32(x, kind, &m);
    let out = LaneOut::float(r);
    if kind == Mix::Fma {
        return out;
    }
    let alts = mad_mix_readings(x, &m);
    let mut values = vec![r.value];
    values.extend(alts.iter().map(|(a, _)| a.value));
    let rule = alts
        .iter()
        .find(|(a, _)| a.value != r.value)
        .or_else(|| alts.iter().find(|(a, _)| a.flags != r.flags))
        .map(|(_, rule)| *rule);
    match (spread32(&values), rule) {
        (Some(a), Some(rule)) => out.unsettled(a, rule, false),
        (None, Some(rule)) => out.unsettled(Accept::Mask(0xffff_ffff), rule, false),
        _ => out,
    }
}

/// The f16 result of an f32 value (half-precision rounding, FP16_OVFL).
fn to_f16(v: u32, m: &FpMode, c: &LaneCtx) -> Flagged<u16> {
    fp16_ovfl(convert::<Binary32, Binary16, AmdGcn5>(v, m), c)
}

/// Whether an f32 value lies exactly halfway between two f16 values (so rounding it to
/// nearest may differ from rounding the exact value it came from).
fn f16_midpoint(v: u32) -> bool {
    let exp = ((v >> 23) & 0xff) as i32;
    if exp == 0 || exp == 0xff {
        return false;
    }
    let mant = u64::from(v & 0x7f_ffff) | (1 << 23);
    // 13 f32 fraction bits below an f16 normal's last bit; more below an f16 subnormal's.
    let drop = 13 + (-14 - (exp - 127)).max(0);
    if drop > 24 {
        return false;
    }
    let below = mant & ((1u64 << drop) - 1);
    below == 1u64 << (drop - 1)
}

/// V_MAD_MIXLO/HI_F16, V_FMA_MIXLO/HI_F16: the f32 result converted to f16 and written to
/// half `half` of D; the other half of D is kept.
fn mix16(x: &LaneIn, c: &LaneCtx, kind: Mix, half: usize) -> LaneOut {
    let m = c.fp(Width::Single);
    let h = c.fp(Width::Half);
    let r32 = mix_f32(x, kind, &m);
    let r = to_f16(r32.value, &h, c);
    let shift = 16 * half;
    let keep = x.d & 0xffff_ffff & !half_mask(half);
    let d = keep | (u64::from(r.value) << shift);
    let out = LaneOut::float(Flagged::new(d, r32.flags.union(r.flags)));
    // Candidates: a single rounding to f16 (both neighbours at an f32 midpoint), and for
    // MAD_MIX the result with every denormal flushed.
    let mut cands = vec![r.value];
    if h.rounding == Rounding::NearestEven
        && r32.flags.contains(Flags::INEXACT)
        && f16_midpoint(r32.value)
    {
        for dir in [Rounding::TowardNegative, Rounding::TowardPositive] {
            cands.push(to_f16(r32.value, &h.with_rounding(dir), c).value);
        }
    }
    let mut rule = "gcn5.v_mad_mixlo_f16.rounding";
    let mut flags_differ = None;
    if kind == Mix::Mad {
        for (i, (alt32, why)) in mad_mix_readings(x, &m).into_iter().enumerate() {
            // The flush-all reading flushes the f16 result's denormals too.
            let h_alt = if i == 0 { flush_all(&h) } else { h };
            let alt = to_f16(alt32.value, &h_alt, c);
            if alt.value != r.value && rule == "gcn5.v_mad_mixlo_f16.rounding" {
                rule = why;
            }
            if alt32.flags.union(alt.flags) != r32.flags.union(r.flags) {
                flags_differ.get_or_insert(why);
            }
            cands.push(alt.value);
        }
    }
    let differ = cands.iter().fold(0u64, |m, &v| m | u64::from(v ^ r.value));
    match flags_differ {
        Some(why) if differ == 0 => out.unsettled(Accept::Mask(0xffff_ffff), why, false),
        _ => with_mask(out, differ << shift, rule),
    }
}

/// `D.f[31:0] = S0.f * S1.f + S2.f` (sizes per OPSEL/OPSEL_HI; NEG_HI is abs), unfused.
pub(super) fn v_mad_mix_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mix32(x, c, Mix::Mad)
}
/// `D.f[15:0] = S0.f * S1.f + S2.f`, unfused; D[31:16] kept.
pub(super) fn v_mad_mixlo_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mix16(x, c, Mix::Mad, 0)
}
/// `D.f[31:16] = S0.f * S1.f + S2.f`, unfused; D[15:0] kept.
pub(super) fn v_mad_mixhi_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mix16(x, c, Mix::Mad, 1)
}
/// `D.f[31:0] = S0.f * S1.f + S2.f`, "performed as an FMA" (MI100 "Packed Math").
pub(super) fn v_fma_mix_f32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mix32(x, c, Mix::Fma)
}
/// `D.f[15:0] = S0.f * S1.f + S2.f`, fused; D[31:16] kept.
pub(super) fn v_fma_mixlo_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mix16(x, c, Mix::Fma, 0)
}
/// `D.f[31:16] = S0.f * S1.f + S2.f`, fused; D[15:0] kept.
pub(super) fn v_fma_mixhi_f16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mix16(x, c, Mix::Fma, 1)
}
