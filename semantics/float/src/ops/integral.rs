//! Integral rounding and exponent manipulation: roundToIntegral (IEEE 754-2008 §5.3.1),
//! fract, frexp, and scaleB (§5.3.3) as `ldexp`.

use super::common::{flush_input_silent, round_magnitude_to_int, typed};
use crate::flags::{Flagged, Flags};
use crate::format::{is_inf, is_zero, Format};
use crate::mode::{FpMode, Rounding};
use crate::quirks::FloatQuirks;
use crate::round::{
    cancellation_zero, invalid, normalize128, normalize64, propagate_nan, read_input, round_pack,
    unpack, SIG_TOP,
};
use gpuref_core::bits::shr_jam128;

/// Round `a` to an integral value in the format, in direction `rounding` (IEEE 754-2008
/// §5.3.1 roundToIntegralTiesToEven / TowardZero / TowardPositive / TowardNegative, and
/// roundToIntegralExact when `exact`; roundToIntegralTiesToAway is not provided).
///
/// - The sign is kept, also for zero results: −0.3 gives −0 in every direction but
///   toward negative (which gives −1); ±0 and ±∞ are returned unchanged.
/// - `exact = false`: no inexact flag (§5.3.1). `exact = true`: inexact when the result
///   differs from the operand (§5.9 roundToIntegralExact).
/// - A signalling NaN gives a quiet NaN and invalid (§6.2); NaNs propagate per `Q`.
/// - Subnormal operands follow the mode's input flushing (a flushed subnormal gives a zero
///   of its sign, without inexact). The input-denormal flag is never raised, as x86
///   `ROUNDSS`, which signals no denormal-operand exception but honours DAZ. The result is
///   zero or an integer of magnitude ≥ 1, so output flushing never applies.
pub fn round_to_integral<F: Format, Q: FloatQuirks>(
    a: F::Bits,
    rounding: Rounding,
    exact: bool,
    mode: &FpMode,
) -> Flagged<F::Bits> {
    let a: u64 = a.into();
    if let Some(nan) = propagate_nan::<F, Q>(&[a]) {
        return typed::<F>(nan);
    }
    let a = flush_input_silent::<F>(a, mode);
    if is_inf::<F>(a) || is_zero::<F>(a) {
        return typed::<F>(Flagged::exact(a));
    }
    let u = unpack::<F>(a);
    if u.exp >= F::FRAC_BITS as i32 {
        return typed::<F>(Flagged::exact(a)); // no fraction bits: already integral
    }
    // |a| < 2^FRAC_BITS here, so the rounded magnitude fits (None cannot happen).
    let Some((mag, changed)) = round_magnitude_to_int(u, rounding) else {
        return typed::<F>(Flagged::exact(a));
    };
    let flags = Flags::when(exact && changed, Flags::INEXACT);
    if mag == 0 {
        return typed::<F>(Flagged::new(a & F::SIGN_MASK, flags));
    }
    // mag ≤ 2^FRAC_BITS: representable, so round_pack is exact and raises nothing.
    let (sig, exp) = normalize64(mag, 0);
    typed::<F>(round_pack::<F>(u.sign, exp, sig, mode).with_flags(flags))
}

/// The fractional part `a − floor(a)`, computed exactly and rounded once under `mode`
/// (not a 754 operation; GPUs' `FRACT`).
///
/// Choices, all following from the formula read as exact arithmetic:
/// - The result is in [0, 1] and never negative: for a negative `a` it is `1 − |frac(a)|`,
///   which can need more precision than the format has, so a tiny negative `a` rounds to
///   1.0 under roundTiesToEven and roundTowardPositive (e.g. binary32 −2^−149 → 1.0,
///   inexact; 0x3f7fffff under the other two directions). GPU layers clamp if their ISA
///   does.
/// - An integral `a` (including ±0) gives the zero of an exact difference of equal values
///   (§6.3): +0, or −0 under roundTowardNegative.
/// - ±∞ is invalid (∞ − ∞) and gives the default NaN; NaNs propagate per `Q`.
/// - Operands are read under the mode (input flushing, input-denormal flag per `Q`); a
///   tiny result (from a small positive `a`) is subject to output flushing.
pub fn fract<F: Format, Q: FloatQuirks>(a: F::Bits, mode: &FpMode) -> Flagged<F::Bits> {
    let a: u64 = a.into();
    if let Some(nan) = propagate_nan::<F, Q>(&[a]) {
        return typed::<F>(nan);
    }
    if is_inf::<F>(a) {
        return typed::<F>(invalid::<F, Q>());
    }
    let mut flags = Flags::NONE;
    let a = read_input::<F, Q>(a, mode, &mut flags);
    typed::<F>(fract_finite::<F>(a, mode).with_flags(flags))
}

#[inline]
fn fract_finite<F: Format>(a: u64, mode: &FpMode) -> Flagged<u64> {
    if is_zero::<F>(a) {
        return Flagged::exact(cancellation_zero::<F>(mode));
    }
    let u = unpack::<F>(a);
    if u.exp >= F::FRAC_BITS as i32 {
        return Flagged::exact(cancellation_zero::<F>(mode));
    }
    if u.exp < 0 {
        // |a| < 1: floor(a) is 0 or −1.
        if !u.sign {
            return round_pack::<F>(false, u.exp, u.sig, mode);
        }
        // 1 − |a| in units of 2^−126: |a| × 2^126 = sig × 2^(exp + 64) < 2^126.
        let shift = u.exp + 64;
        let f = if shift >= 0 {
            (u.sig as u128) << shift
        } else {
            shr_jam128(u.sig as u128, shift.unsigned_abs())
        };
        let (sig, exp) = normalize128((1u128 << 126) - f, -126);
        return round_pack::<F>(false, exp, sig, mode);
    }
    // 1 ≤ |a| < 2^FRAC_BITS: the fraction is the low 62 − exp bits of sig, exactly.
    let frac_bits = (SIG_TOP as i32 - u.exp) as u32; // in 63 − FRAC_BITS ..= 62
    let f = u.sig & ((1u64 << frac_bits) - 1);
    if f == 0 {
        return Flagged::exact(cancellation_zero::<F>(mode));
    }
    // 1 − f for a negative a; both are exact (fewer than PRECISION significant bits).
    let r = if u.sign { (1u64 << frac_bits) - f } else { f };
    let (sig, exp) = normalize64(r, u.exp - SIG_TOP as i32);
    round_pack::<F>(false, exp, sig, mode)
}

/// Split `a` into a significand and a power of two: `a = m × 2^e` with `|m|` in [0.5, 1)
/// and `m` of `a`'s sign (C `frexp`; IEEE 754-2008 §5.3.3 logB gives `e − 1`).
///
/// - ±0 gives (±0, 0); ±∞ gives (±∞, 0); a NaN gives (the propagated NaN, 0), with invalid
///   and a quiet NaN for a signalling one.
/// - Operands are read under the mode: a flushed subnormal is a zero, (±0, 0); an
///   unflushed one is normalized (binary32 2^−149 gives (0.5, −148)) and raises the
///   input-denormal flag per `Q`. `m` is always normal, so no other flag is raised.
pub fn frexp<F: Format, Q: FloatQuirks>(a: F::Bits, mode: &FpMode) -> Flagged<(F::Bits, i32)> {
    let a: u64 = a.into();
    if let Some(nan) = propagate_nan::<F, Q>(&[a]) {
        return Flagged::new((F::bits_from_u64(nan.value), 0), nan.flags);
    }
    let mut flags = Flags::NONE;
    let a = read_input::<F, Q>(a, mode, &mut flags);
    if is_inf::<F>(a) || is_zero::<F>(a) {
        return Flagged::new((F::bits_from_u64(a), 0), flags);
    }
    let u = unpack::<F>(a);
    // |a| = (sig × 2^−63) × 2^(exp + 1), and sig × 2^−63 is in [0.5, 1): exponent −1.
    let m = (a & F::SIGN_MASK)
        | ((F::BIAS - 1) as u64) << F::FRAC_BITS
        | ((u.sig >> (SIG_TOP - F::FRAC_BITS)) & F::FRAC_MASK);
    Flagged::new((F::bits_from_u64(m), u.exp + 1), flags)
}

/// `a × 2^n`, correctly rounded under `mode` (IEEE 754-2008 §5.3.3 scaleB), for every `n`
/// including `i32::MIN` and `i32::MAX`.
///
/// - Overflow, underflow, tininess and output flushing are those of the one rounding
///   routine; the result goes through it also when `n = 0`, so an unflushed subnormal `a`
///   is flushed under output flushing like any arithmetic result.
/// - ±0 and ±∞ are returned unchanged (after input flushing); NaNs propagate per `Q`
///   (invalid for a signalling NaN).
/// - Operands are read under the mode (input flushing, input-denormal flag per `Q`).
pub fn ldexp<F: Format, Q: FloatQuirks>(a: F::Bits, n: i32, mode: &FpMode) -> Flagged<F::Bits> {
    let a: u64 = a.into();
    if let Some(nan) = propagate_nan::<F, Q>(&[a]) {
        return typed::<F>(nan);
    }
    let mut flags = Flags::NONE;
    let a = read_input::<F, Q>(a, mode, &mut flags);
    if is_inf::<F>(a) || is_zero::<F>(a) {
        return typed::<F>(Flagged::new(a, flags));
    }
    let u = unpack::<F>(a);
    // Beyond ±2^20 every result is the same overflow or all-sticky underflow, and the
    // clamp keeps round_pack's exponent arithmetic far from i32 limits.
    const LIMIT: i64 = 1 << 20;
    let exp = (u.exp as i64 + n as i64).clamp(-LIMIT, LIMIT) as i32;
    typed::<F>(round_pack::<F>(u.sign, exp, u.sig, mode).with_flags(flags))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{Binary16, Binary32, Binary64};
    use crate::mode::{DenormModes, Denormals};
    use crate::quirks::Ieee754;

    const M: FpMode = FpMode::IEEE;
    const RNE: Rounding = Rounding::NearestEven;
    const RTZ: Rounding = Rounding::TowardZero;
    const RUP: Rounding = Rounding::TowardPositive;
    const RDN: Rounding = Rounding::TowardNegative;
    const NX: Flags = Flags::INEXACT;
    const DE: Flags = Flags::INPUT_DENORMAL;
    const NONE: Flags = Flags::NONE;

    fn mode(flush_inputs: bool, flush_outputs: bool) -> FpMode {
        M.with_denormals(DenormModes::all(Denormals {
            flush_inputs,
            flush_outputs,
        }))
    }

    fn rti(a: u32, r: Rounding, exact: bool) -> (u32, Flags) {
        let x = round_to_integral::<Binary32, Ieee754>(a, r, exact, &M);
        (x.value, x.flags)
    }

    #[test]
    fn round_to_integral_directions() {
        // 2.5 (0x40200000): RNE tie → 2.0 (0x40000000); inexact only when exact.
        assert_eq!(rti(0x4020_0000, RNE, false), (0x4000_0000, NONE));
        assert_eq!(rti(0x4020_0000, RNE, true), (0x4000_0000, NX));
        // 3.5 → 4.0 (0x40800000) under RNE; 3.0 (0x40400000) toward zero.
        assert_eq!(rti(0x4060_0000, RNE, true), (0x4080_0000, NX));
        assert_eq!(rti(0x4060_0000, RTZ, true), (0x4040_0000, NX));
        // −0.3 (0xbe99999a): −0 except toward negative (−1.0 = 0xbf800000).
        assert_eq!(rti(0xbe99_999a, RNE, true), (0x8000_0000, NX));
        assert_eq!(rti(0xbe99_999a, RUP, false), (0x8000_0000, NONE));
        assert_eq!(rti(0xbe99_999a, RTZ, true), (0x8000_0000, NX));
        assert_eq!(rti(0xbe99_999a, RDN, true), (0xbf80_0000, NX));
        // 0.5: RNE tie → +0; toward positive → 1.0.
        assert_eq!(rti(0x3f00_0000, RNE, true), (0, NX));
        assert_eq!(rti(0x3f00_0000, RUP, true), (0x3f80_0000, NX));
        // 1.0 is unchanged and exact.
        assert_eq!(rti(0x3f80_0000, RUP, true), (0x3f80_0000, NONE));
        // 2^23 − 0.5 = 0x4affffff: RNE tie between 2^23 − 1 (odd) and 2^23 → 2^23
        // (0x4b000000); toward zero → 2^23 − 1 = 0x4afffffe.
        assert_eq!(rti(0x4aff_ffff, RNE, true), (0x4b00_0000, NX));
        assert_eq!(rti(0x4aff_ffff, RTZ, true), (0x4aff_fffe, NX));
        // 2^23 has no fraction bits.
        assert_eq!(rti(0x4b00_0000, RNE, true), (0x4b00_0000, NONE));
        // −1.5 toward positive → −1.0.
        assert_eq!(rti(0xbfc0_0000, RUP, true), (0xbf80_0000, NX));
    }

    #[test]
    fn round_to_integral_specials() {
        assert_eq!(rti(0xff80_0000, RNE, true), (0xff80_0000, NONE));
        assert_eq!(rti(0x8000_0000, RDN, true), (0x8000_0000, NONE));
        assert_eq!(rti(0x7f80_0001, RNE, true), (0x7fc0_0001, Flags::INVALID));
        assert_eq!(rti(0xffc0_0123, RNE, true), (0xffc0_0123, NONE));
        // Subnormal 2^−149: +0 (RNE) or 1.0 (RUP), no input-denormal flag.
        assert_eq!(rti(1, RNE, true), (0, NX));
        assert_eq!(rti(1, RUP, true), (0x3f80_0000, NX));
        assert_eq!(rti(0x8000_0001, RDN, false), (0xbf80_0000, NONE));
        // Flushed: a zero of the operand's sign, exact.
        let r = round_to_integral::<Binary32, Ieee754>(0x8000_0001, RDN, true, &mode(true, false));
        assert_eq!((r.value, r.flags), (0x8000_0000, NONE));
        // binary64: 2^52 − 0.5 (0x432fffffffffffff) → 2^52 (0x4330000000000000) under RNE.
        let r = round_to_integral::<Binary64, Ieee754>(0x432f_ffff_ffff_ffff, RNE, true, &M);
        assert_eq!((r.value, r.flags), (0x4330_0000_0000_0000, NX));
        // binary16: 1.5 (0x3e00) → 2.0 (0x4000).
        let r = round_to_integral::<Binary16, Ieee754>(0x3e00, RNE, false, &M);
        assert_eq!((r.value, r.flags), (0x4000, NONE));
    }

    fn fr(a: u32, m: &FpMode) -> (u32, Flags) {
        let x = fract::<Binary32, Ieee754>(a, m);
        (x.value, x.flags)
    }

    #[test]
    fn fract_examples() {
        // 1.25 → 0.25 (0x3e800000); −1.25 → −1.25 − (−2) = 0.75 (0x3f400000).
        assert_eq!(fr(0x3fa0_0000, &M), (0x3e80_0000, NONE));
        assert_eq!(fr(0xbfa0_0000, &M), (0x3f40_0000, NONE));
        // 0.75 → 0.75; −0.25 → 0.75.
        assert_eq!(fr(0x3f40_0000, &M), (0x3f40_0000, NONE));
        assert_eq!(fr(0xbe80_0000, &M), (0x3f40_0000, NONE));
        // −(1 − 2^−24) (0xbf7fffff) → 2^−24 (0x33800000), exact.
        assert_eq!(fr(0xbf7f_ffff, &M), (0x3380_0000, NONE));
        // Integral values and zeros: +0, or −0 toward negative.
        let rdn = M.with_rounding(RDN);
        assert_eq!(fr(0x4000_0000, &M), (0, NONE));
        assert_eq!(fr(0xc000_0000, &M), (0, NONE));
        assert_eq!(fr(0xc000_0000, &rdn), (0x8000_0000, NONE));
        assert_eq!(fr(0x8000_0000, &M), (0, NONE));
        assert_eq!(fr(0x0000_0000, &rdn), (0x8000_0000, NONE));
        assert_eq!(fr(0x4e80_0000, &M), (0, NONE)); // 2^30
                                                    // −2^−149: 1 − 2^−149 rounds to 1.0 (RNE) or 0x3f7fffff (RTZ).
        assert_eq!(fr(0x8000_0001, &M), (0x3f80_0000, NX | DE));
        assert_eq!(
            fr(0x8000_0001, &M.with_rounding(RTZ)),
            (0x3f7f_ffff, NX | DE)
        );
        // Flushed input: −0 → +0, no flags.
        assert_eq!(fr(0x8000_0001, &mode(true, false)), (0, NONE));
        // 2^−149 is its own fraction; under output flushing it is flushed.
        assert_eq!(fr(1, &M), (1, DE));
        assert_eq!(fr(1, &mode(false, true)), (0, Flags::UNDERFLOW | NX | DE));
        // ±inf: invalid, default NaN. sNaN: quieted.
        assert_eq!(fr(0xff80_0000, &M), (0xffc0_0000, Flags::INVALID));
        assert_eq!(fr(0x7f80_0001, &M), (0x7fc0_0001, Flags::INVALID));
        // binary64: 1 − 0.1 = 0xE6666666666666 × 2^−56 → 0x1CCCCCCCCCCCCD × 2^−53 (round
        // bits 110 > half) = 0.9 = 0x3feccccccccccccd, inexact.
        let r = fract::<Binary64, Ieee754>(0xbfb9_9999_9999_999a, &M);
        assert_eq!((r.value, r.flags), (0x3fec_cccc_cccc_cccd, NX));
    }

    #[test]
    fn frexp_examples() {
        let f = |a: u32, m: &FpMode| {
            let r = frexp::<Binary32, Ieee754>(a, m);
            (r.value, r.flags)
        };
        assert_eq!(f(0x4100_0000, &M), ((0x3f00_0000, 4), NONE)); // 8 = 0.5 × 2^4
        assert_eq!(f(0xc040_0000, &M), ((0xbf40_0000, 2), NONE)); // −3 = −0.75 × 2^2
        assert_eq!(f(0x3f80_0000, &M), ((0x3f00_0000, 1), NONE)); // 1 = 0.5 × 2^1
        assert_eq!(f(0x7f7f_ffff, &M), ((0x3f7f_ffff, 128), NONE));
        // 2^−149 = 0.5 × 2^−148.
        assert_eq!(f(1, &M), ((0x3f00_0000, -148), DE));
        // Largest subnormal (1 − 2^−23) × 2^−126: m = 1 − 2^−23 = 0x3f7ffffe.
        assert_eq!(f(0x007f_ffff, &M), ((0x3f7f_fffe, -126), DE));
        assert_eq!(f(0x8000_0001, &mode(true, false)), ((0x8000_0000, 0), NONE));
        assert_eq!(f(0x8000_0000, &M), ((0x8000_0000, 0), NONE));
        assert_eq!(f(0xff80_0000, &M), ((0xff80_0000, 0), NONE));
        assert_eq!(f(0xff80_0001, &M), ((0xffc0_0001, 0), Flags::INVALID));
        let r = frexp::<Binary16, Ieee754>(0x0001, &M); // 2^−24 = 0.5 × 2^−23
        assert_eq!(r.value, (0x3800, -23));
    }

    #[test]
    fn ldexp_examples() {
        let f = |a: u32, n: i32, m: &FpMode| {
            let r = ldexp::<Binary32, Ieee754>(a, n, m);
            (r.value, r.flags)
        };
        let uf = Flags::UNDERFLOW | NX;
        let of = Flags::OVERFLOW | NX;
        assert_eq!(f(0x3f80_0000, 3, &M), (0x4100_0000, NONE)); // 1 × 2^3
        assert_eq!(f(0x3f80_0000, -149, &M), (1, NONE)); // exact subnormal
                                                         // 2^−150: tie between 0 and 2^−149 → 0 (even); toward positive → 2^−149.
        assert_eq!(f(0x3f80_0000, -150, &M), (0, uf));
        assert_eq!(f(0x3f80_0000, -150, &M.with_rounding(RUP)), (1, uf));
        // 3 × 2^−150 = 1.5 × 2^−149: tie between 1 and 2 units → 2.
        assert_eq!(f(0x4040_0000, -150, &M), (2, uf));
        assert_eq!(f(0x3f80_0000, 128, &M), (0x7f80_0000, of));
        assert_eq!(
            f(0x3f80_0000, 128, &M.with_rounding(RTZ)),
            (0x7f7f_ffff, of)
        );
        assert_eq!(f(0x3f80_0000, i32::MAX, &M), (0x7f80_0000, of));
        assert_eq!(f(1, i32::MAX, &M), (0x7f80_0000, of | DE));
        assert_eq!(f(0x7f7f_ffff, i32::MIN, &M), (0, uf));
        assert_eq!(f(0xbf80_0000, i32::MIN, &M), (0x8000_0000, uf));
        assert_eq!(
            f(0xbf80_0000, i32::MIN, &M.with_rounding(RDN)),
            (0x8000_0001, uf)
        );
        // 2^−149 × 2^149 = 1.0; flushed input stays +0.
        assert_eq!(f(1, 149, &M), (0x3f80_0000, DE));
        assert_eq!(f(1, 149, &mode(true, false)), (0, NONE));
        // n = 0 still rounds: an unflushed subnormal is flushed on output.
        assert_eq!(f(1, 0, &mode(false, true)), (0, uf | DE));
        assert_eq!(f(0xff80_0000, -5, &M), (0xff80_0000, NONE));
        assert_eq!(f(0x7f80_0001, 1, &M), (0x7fc0_0001, Flags::INVALID));
        let r = ldexp::<Binary16, Ieee754>(0x3c00, -24, &M);
        assert_eq!((r.value, r.flags), (0x0001, NONE));
        let r = ldexp::<Binary64, Ieee754>(0x3ff0_0000_0000_0000, 1023, &M);
        assert_eq!((r.value, r.flags), (0x7fe0_0000_0000_0000, NONE));
    }
}
