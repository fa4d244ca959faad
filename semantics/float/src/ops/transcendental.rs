//! Reference transcendental functions (IEEE 754-2019 §9.2 recommended operations), integer
//! only: [`reciprocal`], [`rsqrt`], [`log2`], [`exp2`], [`sin_rev`] and [`cos_rev`] (sine and
//! cosine of 2π·x, the angle in revolutions), plus [`sqrt_ulps`].
//!
//! Each returns a [`Transcendental`]: the result rounded under the mode with its flags, whether
//! that rounding is proven correct, and the interval of values within `ulps` ulp of the exact
//! value (what an implementation of that stated accuracy may return).
//!
//! Method: the exact value is approximated in 128-bit fixed point (series for exp, atanh, sin
//! and cos, one Newton step for 1/sqrt) with a proven absolute error bound `err`. Both ends of
//! `[approx − err, approx + err]` are rounded; when they agree, that is the correctly rounded
//! result (the exact value is irrational whenever it is not handled as an exact case, so it is
//! never exactly a rounding boundary). When they disagree (the exact value lies within about
//! 2^-115 relative of a boundary: for binary32, a chance near 2^-90 per input) the result is the
//! rounding of the approximation and `correctly_rounded` is false. Exact cases (2^n, log2 of a
//! power of two, rsqrt of an even power of two, sin/cos at multiples of a quarter turn) are
//! detected from the bits and rounded exactly (Lindemann–Weierstrass, Gelfond–Schneider and
//! Niven's theorem: no other finite input of these functions has a rational result).

use super::arith::{div, sqrt};
use super::common::total_order_key;
use crate::flags::{Flagged, Flags};
use crate::format::{is_inf, is_nan, is_subnormal, is_zero, Format};
use crate::mode::{FpMode, Rounding};
use crate::quirks::FloatQuirks;
use crate::round::{
    invalid, normalize128, normalize64, propagate_nan, read_input, round_pack, unpack,
};

/// A transcendental result: the value under the mode, and what an implementation of the
/// requested accuracy may return instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transcendental<T> {
    /// The result rounded under the mode (correctly rounded when `correctly_rounded`).
    pub result: Flagged<T>,
    /// Whether `result` is proven to be the correctly rounded value.
    pub correctly_rounded: bool,
    /// The result is a special value fixed by IEEE 754-2019 §9.2 (NaN, an infinity or zero from
    /// a special operand, a pole): exact, whatever the accuracy.
    pub special: bool,
    /// The values from `lo` to `hi` (numeric order, −0 below +0) are those within the bound
    /// of the exact value: for a bound of N ≥ 1 ulp the round-down and round-up of the exact
    /// value, widened by ceil(N) − 1 steps; for 0.5 < N < 1 the nearest value, its other
    /// neighbour only if within N ulp (a bound computed with the larger ulp of a binade
    /// boundary), and the mode's own result. (`reciprocal` and `sqrt_ulps` widen a bound
    /// below 1 ulp to 1.)
    pub lo: T,
    pub hi: T,
}

/// An accuracy bound in hundredths of an ulp (the GCN manual states 0.51, 1 and 2^29 ulp).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ulps(pub u64);

impl Ulps {
    /// One ulp: the two neighbours of the exact value (faithful rounding).
    pub const ONE: Ulps = Ulps(100);
    /// `n` whole ulps.
    pub const fn whole(n: u64) -> Ulps {
        Ulps(n.saturating_mul(100))
    }
    /// Steps beyond the round-down/round-up pair: ceil(bound) − 1.
    fn widen(self) -> u32 {
        (self.0.div_ceil(100).saturating_sub(1)).min(u32::MAX as u64) as u32
    }
}

// ---- fixed point: Q2.126 ("ONE" = 2^126) unless said otherwise ----

const ONE: u128 = 1 << 126;
/// floor(ln 2 · 2^128).
const LN2_Q128: u128 = 0xb17217f7_d1cf79ab_c9e3b398_03f2f6af;
/// floor(log2(e) · 2^127).
const LOG2E_Q127: u128 = 0xb8aa3b29_5c17f0bb_be87fed0_691d3e88;
/// floor(π/2 · 2^127).
const HALF_PI_Q127: u128 = 0xc90fdaa2_2168c234_c4c6628b_80dc1cd1;
/// floor(sqrt(2) · 2^62).
const SQRT2_Q62: u64 = 0x5a82_7999_fcef_3242;

/// The 256-bit product `a × b` as (high, low) 128-bit halves.
fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    const M: u128 = (1 << 64) - 1;
    let (a1, a0, b1, b0) = (a >> 64, a & M, b >> 64, b & M);
    let (p00, p01, p10, p11) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
    let mid = (p00 >> 64) + (p01 & M) + (p10 & M);
    let hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    let lo = (mid << 64) | (p00 & M);
    (hi, lo)
}

/// `floor(a × b / 2^126)`: the Q2.126 product (the caller keeps it below 2^128).
fn mulq(a: u128, b: u128) -> u128 {
    let (hi, lo) = mul_wide(a, b);
    (hi << 2) | (lo >> 126)
}

/// `floor(num × 2^126 / den)` for `num < den < 2^65`.
fn div_q(num: u128, den: u128) -> u128 {
    let mut q = 0u128;
    let mut r = num;
    for _ in 0..2 {
        r <<= 63;
        q = (q << 63) | (r / den);
        r %= den;
    }
    q
}

/// A value known to lie within `err` (units of the last bit of `sig`) of
/// `(-1)^sign × sig × 2^(exp − 126)`; `sig` has its leading one at bit 126 or 125.
#[derive(Clone, Copy, Debug)]
struct Est {
    sign: bool,
    exp: i32,
    sig: u128,
    err: u128,
}

impl Est {
    /// Normalize a nonzero fixed-point magnitude `mag × 2^(exp − 126)` with error `err`.
    fn new(sign: bool, exp: i32, mag: u128, err: u128) -> Est {
        let lz = mag.leading_zeros() as i32;
        let s = lz - 1; // leading one to bit 126
        if s >= 0 {
            Est {
                sign,
                exp: exp - s,
                sig: mag << s,
                err: err << s,
            }
        } else {
            // Bit 127: drop one bit, the error grows by the dropped bit.
            Est {
                sign,
                exp: exp + 1,
                sig: mag >> 1,
                err: (err >> 1) + 1,
            }
        }
    }
}

/// What a function computed: a special result, an exact dyadic value, or an estimate.
enum Val {
    Special(Flagged<u64>),
    /// `(-1)^sign × sig × 2^scale`, exact (sig may be 0: a signed zero).
    Exact {
        sign: bool,
        sig: u64,
        scale: i32,
    },
    Approx(Est),
}

/// Round `(-1)^sign × mag × 2^scale` (mag ≠ 0; `sticky` says the value is strictly above
/// `mag`, inexact) under `mode`.
fn round_mag<F: Format>(
    sign: bool,
    mag: u128,
    scale: i32,
    sticky: bool,
    mode: &FpMode,
) -> Flagged<u64> {
    let (sig, exp) = normalize128(mag | sticky as u128, scale);
    round_pack::<F>(sign, exp, sig, mode)
}

fn directed(mode: &FpMode, r: Rounding) -> FpMode {
    mode.with_rounding(r)
}

/// The numeric successor (`up`) or predecessor of a non-NaN value, `n` times, stopping at
/// the infinities.
fn step<F: Format>(x: u64, n: u32, up: bool) -> u64 {
    let key = total_order_key::<F>(x);
    let top = F::INFINITY as i64;
    let k = if up {
        key.saturating_add(n as i64).min(top)
    } else {
        key.saturating_sub(n as i64).max(-top - 1)
    };
    if k >= 0 {
        k as u64
    } else {
        F::SIGN_MASK | (-(k + 1)) as u64
    }
}

fn lower<F: Format>(a: u64, b: u64) -> u64 {
    if total_order_key::<F>(a) <= total_order_key::<F>(b) {
        a
    } else {
        b
    }
}
fn upper<F: Format>(a: u64, b: u64) -> u64 {
    if total_order_key::<F>(a) >= total_order_key::<F>(b) {
        a
    } else {
        b
    }
}

/// The interval for a bound of `ulps` < 1 ulp: every round-to-nearest of a point within
/// `err` + (bound − 1/2) ulp of the estimate, and the mode's result `r`.
fn sub_ulp<F: Format>(e: &Est, r: u64, ulps: Ulps, mode: &FpMode) -> (u64, u64) {
    // The ulp at the estimate's binade in units of its last bit: 2^(126 − FRAC_BITS) for a
    // normal result, larger below the normal range.
    let below = (F::EMIN - e.exp).max(0) as u32;
    let shift = (126 - F::FRAC_BITS + below).min(126);
    let ulp = 1u128 << shift;
    let extra = (ulp / 100) * (ulps.0.saturating_sub(50) as u128) + 1;
    let lo_mag = e.sig.saturating_sub(e.err + extra);
    let hi_mag = e.sig.saturating_add(e.err + extra);
    let scale = e.exp - 126;
    let rne = directed(mode, Rounding::NearestEven);
    let a = round_mag::<F>(e.sign, lo_mag, scale, true, &rne).value;
    let b = round_mag::<F>(e.sign, hi_mag, scale, true, &rne).value;
    (
        lower::<F>(lower::<F>(a, b), r),
        upper::<F>(upper::<F>(a, b), r),
    )
}

/// The smallest interval (numeric order, −0 below +0) holding the intervals `a` and `b`:
/// for a caller that accepts the results of two readings.
pub fn interval_hull<F: Format>(a: (u64, u64), b: (u64, u64)) -> (u64, u64) {
    (lower::<F>(a.0, b.0), upper::<F>(a.1, b.1))
}

/// `mode` with the results of every format kept (not flushed): the interval is widened on
/// unflushed values, then its ends are flushed (see [`finish`]).
fn keeping_outputs(mode: &FpMode) -> FpMode {
    let mut d = mode.denormals;
    for c in [&mut d.half, &mut d.bfloat, &mut d.single, &mut d.double] {
        c.flush_outputs = false;
    }
    mode.with_denormals(d)
}

/// A subnormal flushed to the zero of its sign.
fn flush_bound<F: Format>(x: u64) -> u64 {
    if is_subnormal::<F>(x) {
        x & F::SIGN_MASK
    } else {
        x
    }
}

/// Finish: the mode's result, its certainty and the accuracy interval. Under a mode that
/// flushes results, the interval is that of the unflushed values with both ends flushed
/// (flushing keeps numeric order, so every flushed value of the unflushed interval lies
/// between the flushed ends); widening a flushed zero instead would step across zero into
/// subnormals the mode never returns and values of the other sign.
fn finish<F: Format>(v: Val, input: Flags, mode: &FpMode, ulps: Ulps) -> Transcendental<F::Bits> {
    let flush_out = mode.denormals_for::<F>().flush_outputs;
    let (result_mode, mode) = (mode, &keeping_outputs(mode));
    let widen = ulps.widen();
    let (result, certain, special, lo, hi) = match v {
        Val::Special(r) => (r, true, true, r.value, r.value),
        Val::Exact { sign, sig, scale } => {
            let at = |m: &FpMode| {
                if sig == 0 {
                    Flagged::exact((sign as u64) * F::SIGN_MASK)
                } else {
                    let (s, e) = normalize64(sig, scale);
                    round_pack::<F>(sign, e, s, m)
                }
            };
            let r = at(result_mode);
            let d = at(&directed(mode, Rounding::TowardNegative)).value;
            let u = at(&directed(mode, Rounding::TowardPositive)).value;
            let (d, u) = if ulps.0 < 100 && sig != 0 {
                // An exact value outside the format (an overflow, a tiny power of two).
                let e = Est::new(sign, scale + 126, sig as u128, 0);
                sub_ulp::<F>(&e, r.value, ulps, mode)
            } else {
                (step::<F>(d, widen, false), step::<F>(u, widen, true))
            };
            (r, true, false, d, u)
        }
        Val::Approx(e) => {
            let scale = e.exp - 126;
            let lo_mag = e.sig - e.err;
            let hi_mag = e.sig + e.err;
            let a = round_mag::<F>(e.sign, lo_mag, scale, true, result_mode);
            let b = round_mag::<F>(e.sign, hi_mag, scale, true, result_mode);
            let r = if a == b {
                a
            } else {
                round_mag::<F>(e.sign, e.sig, scale, true, result_mode)
            };
            let dn = directed(mode, Rounding::TowardNegative);
            let up = directed(mode, Rounding::TowardPositive);
            let d = lower::<F>(
                round_mag::<F>(e.sign, lo_mag, scale, true, &dn).value,
                round_mag::<F>(e.sign, hi_mag, scale, true, &dn).value,
            );
            let u = upper::<F>(
                round_mag::<F>(e.sign, lo_mag, scale, true, &up).value,
                round_mag::<F>(e.sign, hi_mag, scale, true, &up).value,
            );
            let (d, u) = if ulps.0 < 100 {
                sub_ulp::<F>(&e, r.value, ulps, mode)
            } else {
                (step::<F>(d, widen, false), step::<F>(u, widen, true))
            };
            (r, a == b, false, d, u)
        }
    };
    let (lo, hi) = if flush_out {
        (flush_bound::<F>(lo), flush_bound::<F>(hi))
    } else {
        (lo, hi)
    };
    Transcendental {
        result: Flagged::new(F::bits_from_u64(result.value), result.flags | input),
        correctly_rounded: certain,
        special,
        lo: F::bits_from_u64(lo),
        hi: F::bits_from_u64(hi),
    }
}

/// NaN propagation and input reading shared by every function: `Err` is the NaN result.
fn read<F: Format, Q: FloatQuirks>(x: u64, mode: &FpMode, flags: &mut Flags) -> Result<u64, Val> {
    match propagate_nan::<F, Q>(&[x]) {
        Some(nan) => Err(Val::Special(nan)),
        None => Ok(read_input::<F, Q>(x, mode, flags)),
    }
}

fn run<F: Format, Q: FloatQuirks>(
    x: F::Bits,
    mode: &FpMode,
    ulps: Ulps,
    f: fn(u64) -> Val,
) -> Transcendental<F::Bits> {
    let mut input = Flags::NONE;
    let v = match read::<F, Q>(x.into(), mode, &mut input) {
        Ok(x) => f(x),
        Err(v) => v,
    };
    // A pole or an invalid operation outranks the input-denormal flag, as in arith.
    if let Val::Special(r) = &v {
        if r.flags.contains(Flags::INVALID) || r.flags.contains(Flags::DIV_BY_ZERO) {
            input = input.without(Flags::INPUT_DENORMAL);
        }
    }
    finish::<F>(v, input, mode, ulps)
}

// ---- the functions ----

/// `1/x`, correctly rounded (it is `div(1, x)`), with the interval of values within `ulps`
/// ulp: the round-down and round-up quotients widened by `ulps − 1` steps.
pub fn reciprocal<F: Format, Q: FloatQuirks>(
    x: F::Bits,
    mode: &FpMode,
    ulps: Ulps,
) -> Transcendental<F::Bits> {
    let one = F::bits_from_u64(F::ONE);
    directed_pair::<F>(x, mode, ulps, rcp_est::<F>, |m| div::<F, Q>(one, x, m))
}

/// `sqrt(x)`, correctly rounded (the core's `sqrt`), with the interval of values within
/// `ulps` ulp.
pub fn sqrt_ulps<F: Format, Q: FloatQuirks>(
    x: F::Bits,
    mode: &FpMode,
    ulps: Ulps,
) -> Transcendental<F::Bits> {
    directed_pair::<F>(x, mode, ulps, sqrt_est::<F>, |m| sqrt::<F, Q>(x, m))
}

/// An operation correctly rounded by the core, with its round-down/round-up interval.
/// `est` estimates the exact value of a finite nonzero operand, for bounds below 1 ulp.
fn directed_pair<F: Format>(
    x: F::Bits,
    mode: &FpMode,
    ulps: Ulps,
    est: fn(u64) -> Est,
    op: impl Fn(&FpMode) -> Flagged<F::Bits>,
) -> Transcendental<F::Bits> {
    let r = op(mode);
    let xv: u64 = x.into();
    let rv: u64 = r.value.into();
    let flushed = is_subnormal::<F>(xv) && mode.denormals_for::<F>().flush_inputs;
    // Special: NaN, invalid, a pole, or an infinite/zero operand (exact results).
    let special = is_nan::<F>(rv)
        || r.flags.contains(Flags::INVALID)
        || r.flags.contains(Flags::DIV_BY_ZERO)
        || is_inf::<F>(xv)
        || is_zero::<F>(xv)
        || flushed;
    if special {
        return Transcendental {
            result: r,
            correctly_rounded: true,
            special: true,
            lo: r.value,
            hi: r.value,
        };
    }
    // As in `finish`: widen the unflushed values, then flush the ends.
    let flush_out = mode.denormals_for::<F>().flush_outputs;
    let mode = &keeping_outputs(mode);
    let widen = ulps.widen();
    let d: u64 = op(&directed(mode, Rounding::TowardNegative)).value.into();
    let u: u64 = op(&directed(mode, Rounding::TowardPositive)).value.into();
    let (lo, hi) = if ulps.0 < 100 {
        sub_ulp::<F>(&est(xv), rv, ulps, mode)
    } else {
        (step::<F>(d, widen, false), step::<F>(u, widen, true))
    };
    let (lo, hi) = if flush_out {
        (flush_bound::<F>(lo), flush_bound::<F>(hi))
    } else {
        (lo, hi)
    };
    Transcendental {
        result: r,
        correctly_rounded: true,
        special: false,
        lo: F::bits_from_u64(lo),
        hi: F::bits_from_u64(hi),
    }
}

/// 1/x for a finite nonzero x: 2^62/sig in Q2.126 (one unit of error) times 2^-exp.
fn rcp_est<F: Format>(x: u64) -> Est {
    let u = unpack::<F>(x);
    let q = if u.sig == 1 << 62 {
        ONE
    } else {
        div_q(1 << 62, u.sig as u128)
    };
    Est::new(u.sign, -u.exp, q, 1)
}

/// sqrt(x) for a finite positive x: m × (1/sqrt(m)) from [`rsqrt_q`].
fn sqrt_est<F: Format>(x: u64) -> Est {
    let (m, e, r) = rsqrt_q::<F>(x);
    // r carries 256 units; m < 4 multiplies it (and one truncation).
    Est::new(false, e / 2, mulq(m << 64, r), 1100)
}

/// x = m × 2^e with e even and m = M / 2^62 in [1, 4): (M, e, 1/sqrt(m) in Q2.126 within
/// 256 units).
fn rsqrt_q<F: Format>(x: u64) -> (u128, i32, u128) {
    let u = unpack::<F>(x);
    let odd = u.exp & 1 != 0;
    let e = u.exp - odd as i32;
    let m = (u.sig as u128) << odd as u32;
    if m == 1 << 62 {
        return (m, e, ONE);
    }
    // 1/m in Q0.126, r0 = sqrt of it (63 bits), then one Newton step r (3 − m r²) / 2.
    let q = div_q(1 << 62, m);
    let r0 = q.isqrt() << 63;
    let mq = m << 64; // m in Q2.126
    let mr2 = mulq(mq, mulq(r0, r0));
    // r0 is within 2^-62 relative; the step leaves 1.5 × 2^-124 plus four truncations.
    (m, e, mulq(r0, (3 * ONE).saturating_sub(mr2)) >> 1)
}

/// `1/sqrt(x)` (IEEE 754-2019 rSqrt): rSqrt(±0) = ±∞ with divide-by-zero, rSqrt(+∞) = +0,
/// rSqrt(x < 0) is invalid.
pub fn rsqrt<F: Format, Q: FloatQuirks>(
    x: F::Bits,
    mode: &FpMode,
    ulps: Ulps,
) -> Transcendental<F::Bits> {
    run::<F, Q>(x, mode, ulps, rsqrt_val::<F, Q>)
}

fn rsqrt_val<F: Format, Q: FloatQuirks>(x: u64) -> Val {
    let neg = x & F::SIGN_MASK != 0;
    if is_zero::<F>(x) {
        return Val::Special(Flagged::new(x | F::INFINITY, Flags::DIV_BY_ZERO));
    }
    if neg {
        return Val::Special(invalid::<F, Q>());
    }
    if is_inf::<F>(x) {
        return Val::Special(Flagged::exact(0));
    }
    let (m, e, r1) = rsqrt_q::<F>(x);
    if m == 1 << 62 {
        return Val::Exact {
            sign: false,
            sig: 1,
            scale: -e / 2,
        };
    }
    Val::Approx(Est::new(false, -e / 2, r1, 256))
}

/// `log2(x)` (IEEE 754-2019 log2): log2(±0) = −∞ with divide-by-zero, log2(x < 0) invalid,
/// log2(+∞) = +∞, log2(1) = +0.
pub fn log2<F: Format, Q: FloatQuirks>(
    x: F::Bits,
    mode: &FpMode,
    ulps: Ulps,
) -> Transcendental<F::Bits> {
    run::<F, Q>(x, mode, ulps, log2_val::<F, Q>)
}

fn log2_val<F: Format, Q: FloatQuirks>(x: u64) -> Val {
    if is_zero::<F>(x) {
        return Val::Special(Flagged::new(F::SIGN_MASK | F::INFINITY, Flags::DIV_BY_ZERO));
    }
    if x & F::SIGN_MASK != 0 {
        return Val::Special(invalid::<F, Q>());
    }
    if is_inf::<F>(x) {
        return Val::Special(Flagged::exact(F::INFINITY));
    }
    let u = unpack::<F>(x);
    if u.sig == 1 << 62 {
        return Val::Exact {
            sign: u.exp < 0,
            sig: u.exp.unsigned_abs() as u64,
            scale: 0,
        };
    }
    // m = sig / d in [sqrt(1/2), sqrt(2)), x = m × 2^e.
    let high = u.sig > SQRT2_Q62;
    let (e, d) = if high {
        (u.exp + 1, 1u128 << 63)
    } else {
        (u.exp, 1u128 << 62)
    };
    let sig = u.sig as u128;
    let z_neg = sig < d;
    let num = if z_neg { d - sig } else { sig - d };
    // ln m = 2 atanh(z), z = (m − 1)/(m + 1), |z| < 0.172.
    let z = div_q(num, sig + d);
    let z2 = mulq(z, z);
    let (mut s, mut p) = (z, z);
    for k in 1..64u128 {
        p = mulq(p, z2);
        let t = p / (2 * k + 1);
        if t == 0 {
            break;
        }
        s += t;
    }
    let l = mulq(s << 1, LOG2E_Q127 >> 1); // |log2 m| ≤ 1/2
                                           // z: 1 unit; s: 1 per term (≤ 30 terms) plus z's error times 1.03; ×2, ×log2(e), +1.
    const ERR: u128 = 256;
    if e == 0 {
        return Val::Approx(Est::new(z_neg, 0, l, ERR));
    }
    // e + l in Q.116 (|e| < 2^11): the sign is e's.
    let ei = (e.unsigned_abs() as u128) << 116;
    let lf = l >> 10;
    let mag = if (e < 0) == z_neg { ei + lf } else { ei - lf };
    Val::Approx(Est::new(e < 0, 10, mag, 2))
}

/// `2^x` (IEEE 754-2019 exp2): exp2(+∞) = +∞, exp2(−∞) = +0, exp2(±0) = 1; overflow and
/// underflow as the rounding of the exact value.
pub fn exp2<F: Format, Q: FloatQuirks>(
    x: F::Bits,
    mode: &FpMode,
    ulps: Ulps,
) -> Transcendental<F::Bits> {
    run::<F, Q>(x, mode, ulps, exp2_val::<F>)
}

fn exp2_val<F: Format>(x: u64) -> Val {
    let neg = x & F::SIGN_MASK != 0;
    if is_inf::<F>(x) {
        return Val::Special(Flagged::exact(if neg { 0 } else { F::INFINITY }));
    }
    if is_zero::<F>(x) {
        return Val::Exact {
            sign: false,
            sig: 1,
            scale: 0,
        };
    }
    let u = unpack::<F>(x);
    // |x| < 2^-60: 2^x = 1 + δ with 0 < |δ| < 2^-60, closer to 1 than any rounding boundary
    // of a format of at most 54 bits; 1 ± 2^-126 (err 0) rounds the same in every direction.
    if u.exp < -60 {
        return Val::Approx(Est::new(false, 0, if neg { ONE - 1 } else { ONE + 1 }, 0));
    }
    // |x| ≥ 2^12 overflows or underflows every format: a stand-in far outside the range.
    if u.exp >= 12 {
        let n = if neg { -(1 << 14) } else { 1 << 14 };
        return Val::Approx(Est::new(false, n, ONE, 1));
    }
    // |x| = int + frac, frac in Q0.126 (truncated below 2^-126: error 1 unit).
    let (int, frac) = if u.exp >= 0 {
        let p = (62 - u.exp) as u32;
        let f = u.sig & ((1u64 << p) - 1);
        ((u.sig >> p) as i32, (f as u128) << (64 + u.exp) as u32)
    } else {
        let sh = u.exp + 64;
        let f = if sh >= 0 {
            (u.sig as u128) << sh as u32
        } else {
            (u.sig as u128) >> ((-sh) as u32).min(127)
        };
        (0, f)
    };
    if frac == 0 && u.exp >= 0 {
        let n = if neg { -int } else { int };
        return Val::Exact {
            sign: false,
            sig: 1,
            scale: n,
        };
    }
    // x = n + f with f in [0, 1).
    let (n, f) = if neg {
        (-int - 1, ONE - frac)
    } else {
        (int, frac)
    };
    let t = mulq(f, LN2_Q128 >> 2);
    let (mut sum, mut term) = (ONE, ONE);
    for k in 1..64u128 {
        term = mulq(term, t) / k;
        if term == 0 {
            break;
        }
        sum += term;
    }
    // f: 1 unit (ln2 × 2 ≤ 2 units in 2^f); each term 2 units, ≤ 40 terms.
    Val::Approx(Est::new(false, n, sum, 128))
}

/// `sin(2π·x)` (x in revolutions; IEEE 754-2019 sinPi(2x)): sin(±∞) is invalid; an exact
/// zero has the sign of x (sinPi(n) = +0 for n > 0 and −0 for n < 0).
pub fn sin_rev<F: Format, Q: FloatQuirks>(
    x: F::Bits,
    mode: &FpMode,
    ulps: Ulps,
) -> Transcendental<F::Bits> {
    run::<F, Q>(x, mode, ulps, sin_val::<F, Q>)
}

/// `cos(2π·x)` (x in revolutions; IEEE 754-2019 cosPi(2x)): cos(±∞) is invalid; an exact
/// zero is +0.
pub fn cos_rev<F: Format, Q: FloatQuirks>(
    x: F::Bits,
    mode: &FpMode,
    ulps: Ulps,
) -> Transcendental<F::Bits> {
    run::<F, Q>(x, mode, ulps, cos_val::<F, Q>)
}

fn sin_val<F: Format, Q: FloatQuirks>(x: u64) -> Val {
    trig::<F, Q>(x, false)
}
fn cos_val<F: Format, Q: FloatQuirks>(x: u64) -> Val {
    trig::<F, Q>(x, true)
}

/// sin(π/2·w) (`want_cos` false) or cos(π/2·w) for `w = w_sig × 2^-p` in (0, 1/2].
fn quarter_trig(w_sig: u64, p: u32, want_cos: bool) -> Est {
    let bits = 64 - w_sig.leading_zeros() as i32;
    // w = (W / 2^127) × 2^ew with W in [2^127, 2^128).
    let w = (w_sig as u128) << (128 - bits) as u32;
    let ew = bits - 1 - p as i32;
    // θ = π/2 · w = (Θ / 2^126) × 2^ew, Θ in [2^126, 2^128).
    let theta = mul_wide(w, HALF_PI_Q127).0;
    let sh = (-ew) as u32;
    let tf = if sh >= 128 { 0 } else { theta >> sh };
    if want_cos && tf >> 86 == 0 {
        // θ < 2^-40: cos θ = 1 − δ with 0 < δ < 2^-80, closer to 1 than any rounding
        // boundary of a format of at most 54 bits, as for exp2 of a tiny x. (Above it,
        // δ ≥ 2^-81 is far beyond the error bound, so the interval is exact.)
        return Est::new(false, 0, ONE - 1, 0);
    }
    let t2 = mulq(tf, tf);
    let mut sum: i128 = ONE as i128;
    let mut term = ONE;
    for k in 1..40u128 {
        let div = if want_cos {
            (2 * k - 1) * (2 * k)
        } else {
            (2 * k) * (2 * k + 1)
        };
        term = mulq(term, t2) / div;
        if term == 0 {
            break;
        }
        if k % 2 == 1 {
            sum -= term as i128;
        } else {
            sum += term as i128;
        }
    }
    let sum = sum as u128; // in [0.7, 1]
    if want_cos {
        Est::new(false, 0, sum, 64)
    } else {
        // sin θ = θ × sum; Θ carries 2^-126 relative error and sum 64 units.
        Est::new(false, ew, mulq(theta, sum), 256)
    }
}

fn trig<F: Format, Q: FloatQuirks>(x: u64, cos: bool) -> Val {
    let neg = x & F::SIGN_MASK != 0;
    if is_inf::<F>(x) {
        return Val::Special(invalid::<F, Q>());
    }
    if is_zero::<F>(x) {
        return if cos {
            Val::Exact {
                sign: false,
                sig: 1,
                scale: 0,
            }
        } else {
            Val::Exact {
                sign: neg,
                sig: 0,
                scale: 0,
            }
        };
    }
    let u = unpack::<F>(x);
    // 4|x| = sig × 2^(exp + 2 − 62): quarter turns q (mod 4) and the fraction b = b_sig × 2^-p.
    let p = 60 - u.exp; // bit position of the quarter-turn unit
    let (q, b_sig, p) = if p <= 0 {
        let q = if p <= -2 {
            0
        } else {
            (u.sig << (-p) as u32) & 3
        };
        (q, 0u64, 0u32)
    } else if p >= 64 {
        (0, u.sig, p as u32)
    } else {
        let p = p as u32;
        ((u.sig >> p) & 3, u.sig & ((1u64 << p) - 1), p)
    };
    // sin(π/2 (q + b)) and cos(π/2 (q + b)) from S = sin(π/2 b), C = cos(π/2 b).
    // (use_cos_of_b, negate)
    let (use_c, negate) = match (cos, q) {
        (false, 0) => (false, false),
        (false, 1) => (true, false),
        (false, 2) => (false, true),
        (false, _) => (true, true),
        (true, 0) => (true, false),
        (true, 1) => (false, true),
        (true, 2) => (true, true),
        (true, _) => (false, false),
    };
    // sin is odd in x, cos even.
    let sign = negate ^ (neg && !cos);
    if b_sig == 0 {
        // A multiple of a quarter turn: C = 1, S = 0 (exact).
        return if use_c {
            Val::Exact {
                sign,
                sig: 1,
                scale: 0,
            }
        } else {
            // Exact zero: sinPi's sign rule for sin, +0 for cos.
            Val::Exact {
                sign: !cos && neg,
                sig: 0,
                scale: 0,
            }
        };
    }
    // Fold b in (1/2, 1) to c = 1 − b: sin(π/2 b) = cos(π/2 c).
    let half = if p >= 64 { u64::MAX } else { 1u64 << (p - 1) };
    let (w, use_c) = if p < 64 && b_sig > half {
        ((1u64 << p) - b_sig, !use_c)
    } else {
        (b_sig, use_c)
    };
    let mut e = quarter_trig(w, p, use_c);
    e.sign = sign;
    Val::Approx(e)
}

#[cfg(test)]
mod tests;
