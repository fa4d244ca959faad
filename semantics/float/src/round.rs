//! The shared machinery of every operation: reading operands (denormal flushing, the
//! input-denormal flag), NaN propagation, and the one rounding routine, [`round_pack`].
//!
//! Internal convention: a finite nonzero value is `(-1)^sign × sig × 2^(exp − 62)` with
//! `sig` normalized so that bit 62 is its leading one ([`SIG_TOP`]). `exp` is then the
//! unbiased exponent of the value. Bits of `sig` below the result's last place are round
//! bits; anything inexact below them is "jammed" into bit 0 (sticky).

use crate::flags::{Flagged, Flags};
use crate::format::{exp_field, is_nan, is_snan, is_subnormal, Format};
use crate::mode::{FpMode, Rounding, Tininess};
use crate::quirks::{FloatQuirks, InputDenormalFlag, NanPropagation};
use gpuref_core::bits::shr_jam64;

/// Bit position of the leading one of a normalized significand.
pub(crate) const SIG_TOP: u32 = 62;

/// A finite nonzero value, unpacked: `(-1)^sign × sig × 2^(exp − 62)`, bit 62 of `sig` set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Unpacked {
    pub sign: bool,
    pub exp: i32,
    pub sig: u64,
}

/// Unpack a finite nonzero value (normal or subnormal). The caller has ruled out zero,
/// infinity and NaN.
#[inline(always)]
pub(crate) fn unpack<F: Format>(x: u64) -> Unpacked {
    let sign = x & F::SIGN_MASK != 0;
    let e = exp_field::<F>(x);
    let frac = x & F::FRAC_MASK;
    if e != 0 {
        Unpacked {
            sign,
            exp: e as i32 - F::BIAS,
            sig: (frac | F::MIN_NORMAL) << (SIG_TOP - F::FRAC_BITS),
        }
    } else {
        // Subnormal: frac × 2^(EMIN − FRAC_BITS); shift its leading one up to bit 62.
        let s = frac.leading_zeros() - 1;
        Unpacked {
            sign,
            exp: F::EMIN - F::FRAC_BITS as i32 - s as i32 + SIG_TOP as i32,
            sig: frac << s,
        }
    }
}

/// Whether `x` is a normal number (exponent field neither all zeros nor all ones): the
/// operand class every operation's fast path handles.
#[inline(always)]
pub(crate) fn is_normal<F: Format>(x: u64) -> bool {
    exp_field::<F>(x).wrapping_sub(1) < F::EXP_MAX_FIELD - 1
}

/// [`unpack`] for a value known to be normal.
#[inline(always)]
pub(crate) fn unpack_normal<F: Format>(x: u64) -> Unpacked {
    Unpacked {
        sign: x & F::SIGN_MASK != 0,
        exp: exp_field::<F>(x) as i32 - F::BIAS,
        sig: ((x & F::FRAC_MASK) | F::MIN_NORMAL) << (SIG_TOP - F::FRAC_BITS),
    }
}

/// [`shr_jam64`] without branches, for values below 2^63 (every normalized significand):
/// shifting such a value by 63 or more leaves only its sticky bit, as a shift by 63 does.
#[inline(always)]
pub(crate) fn shr_jam_sig(v: u64, count: u32) -> u64 {
    let c = if count > 63 { 63 } else { count };
    (v >> c) | ((v & ((1u64 << c) - 1) != 0) as u64)
}

/// [`shr_jam_sig`] for 128-bit values below 2^127.
#[inline(always)]
pub(crate) fn shr_jam_sig128(v: u128, count: u32) -> u128 {
    let c = if count > 127 { 127 } else { count };
    // A bit is shifted out exactly when the lowest set bit lies below `c` (none for 0).
    (v >> c) | ((v.trailing_zeros() < c) as u128)
}

/// [`normalize128`] without branches, for nonzero magnitudes below 2^127.
#[inline(always)]
pub(crate) fn normalize128_sel(mag: u128, scale: i32) -> (u64, i32) {
    debug_assert!(mag != 0 && mag >> 127 == 0);
    let lz = mag.leading_zeros();
    // Leading one to bit 127; keep the 63 bits from bit 127 down, jamming the other 65.
    let m = mag << lz;
    let sig = ((m >> 65) as u64) | ((m << 63 != 0) as u64);
    (sig, scale + 127 - lz as i32)
}

/// `if cond { x } else { y }` as a conditional move: for conditions that depend on the
/// operand classes, which a branch predictor cannot learn.
#[inline(always)]
pub(crate) fn select<T>(cond: bool, x: T, y: T) -> T {
    std::hint::select_unpredictable(cond, x, y)
}

/// Whether `x` is a signalling NaN, in one comparison.
#[inline(always)]
fn is_snan_sel<F: Format>(x: u64) -> bool {
    (x & F::ABS_MASK).wrapping_sub(F::INFINITY + 1) < F::QUIET_BIT - 1
}

/// [`propagate_nan`] without branches, for operand lists known to hold a NaN: the NaN
/// result (value and invalid flag). Meaningless if no operand is a NaN.
#[inline(always)]
pub(crate) fn nan_result<F: Format, Q: FloatQuirks, const N: usize>(
    operands: [u64; N],
) -> Flagged<u64> {
    // Scanning backwards, the last assignment is the first NaN; the last operand is the
    // NaN if no other is.
    let mut first_nan = operands[N - 1];
    let mut first_snan = operands[N - 1];
    let mut any_snan = false;
    for &x in operands.iter().rev() {
        let snan = is_snan_sel::<F>(x);
        first_nan = select(is_nan::<F>(x), x, first_nan);
        first_snan = select(snan, x, first_snan);
        any_snan |= snan;
    }
    let value = match Q::NAN_PROPAGATION {
        NanPropagation::FirstNan => quiet::<F>(first_nan),
        NanPropagation::SignalingFirst => quiet::<F>(select(any_snan, first_snan, first_nan)),
        NanPropagation::DefaultNan => Q::default_nan::<F>(),
    };
    Flagged::new(value, Flags::when(any_snan, Flags::INVALID))
}

/// The input-denormal flag of operands read without flushing, as [`read_input`] raises
/// it: `subnormal` says whether any operand is subnormal.
#[inline(always)]
pub(crate) fn input_flag_kept<Q: FloatQuirks>(subnormal: bool) -> Flags {
    let raise = match Q::INPUT_DENORMAL_FLAG {
        InputDenormalFlag::WhenNotFlushed | InputDenormalFlag::Always => true,
        InputDenormalFlag::Never => false,
    };
    Flags::when(subnormal & raise, Flags::INPUT_DENORMAL)
}

/// Read one operand under the mode: a subnormal becomes a zero of the same sign when the
/// mode flushes inputs; the input-denormal flag follows `Q::INPUT_DENORMAL_FLAG`.
/// NaN operands must have been handled before (they raise no input-denormal flag).
#[inline(always)]
pub(crate) fn read_input<F: Format, Q: FloatQuirks>(
    x: u64,
    mode: &FpMode,
    flags: &mut Flags,
) -> u64 {
    if !is_subnormal::<F>(x) {
        return x;
    }
    let flush = mode.denormals_for::<F>().flush_inputs;
    let raise = match Q::INPUT_DENORMAL_FLAG {
        InputDenormalFlag::WhenNotFlushed => !flush,
        InputDenormalFlag::Always => true,
        InputDenormalFlag::Never => false,
    };
    if raise {
        *flags |= Flags::INPUT_DENORMAL;
    }
    if flush {
        x & F::SIGN_MASK
    } else {
        x
    }
}

/// Set the quiet bit.
#[inline(always)]
pub(crate) fn quiet<F: Format>(x: u64) -> u64 {
    x | F::QUIET_BIT
}

/// The NaN result of an operation whose operands (in operand order) include at least one
/// NaN, per `Q::NAN_PROPAGATION`; raises invalid if any operand is a signalling NaN
/// (IEEE 754-2008 §6.2). Returns `None` if no operand is a NaN.
#[inline]
pub(crate) fn propagate_nan<F: Format, Q: FloatQuirks>(operands: &[u64]) -> Option<Flagged<u64>> {
    let mut first_nan = None;
    let mut first_snan = None;
    for &x in operands {
        if is_nan::<F>(x) {
            first_nan.get_or_insert(x);
            if is_snan::<F>(x) {
                first_snan.get_or_insert(x);
            }
        }
    }
    let nan = first_nan?;
    let flags = Flags::when(first_snan.is_some(), Flags::INVALID);
    let value = match Q::NAN_PROPAGATION {
        NanPropagation::FirstNan => quiet::<F>(nan),
        NanPropagation::SignalingFirst => quiet::<F>(first_snan.unwrap_or(nan)),
        NanPropagation::DefaultNan => Q::default_nan::<F>(),
    };
    Some(Flagged::new(value, flags))
}

/// The default NaN with the invalid flag: the result of an invalid operation.
#[inline(always)]
pub(crate) fn invalid<F: Format, Q: FloatQuirks>() -> Flagged<u64> {
    Flagged::new(Q::default_nan::<F>(), Flags::INVALID)
}

/// The zero that an exact cancellation (x − x) gives: +0, or −0 when rounding toward
/// negative (IEEE 754-2008 §6.3).
#[inline(always)]
pub(crate) fn cancellation_zero<F: Format>(mode: &FpMode) -> u64 {
    if mode.rounding == Rounding::TowardNegative {
        F::SIGN_MASK
    } else {
        0
    }
}

/// Whether to round up in magnitude, given the kept least significant bit `lsb_odd`, the
/// discarded bits `rem` and the value of half a unit in the last place `half`.
#[inline(always)]
fn round_up(rounding: Rounding, sign: bool, lsb_odd: bool, rem: u64, half: u64) -> bool {
    match rounding {
        Rounding::NearestEven => rem > half || (rem == half && lsb_odd),
        Rounding::TowardZero => false,
        Rounding::TowardPositive => !sign && rem != 0,
        Rounding::TowardNegative => sign && rem != 0,
    }
}

/// The result of an overflow (IEEE 754-2008 §7.4): infinity or the largest finite number,
/// by rounding direction and sign.
#[inline]
pub(crate) fn overflow<F: Format>(sign: bool, rounding: Rounding) -> Flagged<u64> {
    let to_inf = match rounding {
        Rounding::NearestEven => true,
        Rounding::TowardZero => false,
        Rounding::TowardPositive => !sign,
        Rounding::TowardNegative => sign,
    };
    let mag = if to_inf { F::INFINITY } else { F::MAX_FINITE };
    Flagged::new(
        ((sign as u64) * F::SIGN_MASK) | mag,
        Flags::OVERFLOW | Flags::INEXACT,
    )
}

/// Round `(-1)^sign × sig × 2^(exp − 62)` to format `F` under `mode`, with overflow,
/// underflow (tininess per `mode.tininess`), output flushing and the inexact flag.
/// `sig` must have bit 62 set and bit 63 clear; inexactness below bit 0 must already be
/// jammed into bit 0.
#[inline(always)]
pub(crate) fn round_pack<F: Format>(sign: bool, exp: i32, sig: u64, mode: &FpMode) -> Flagged<u64> {
    debug_assert!(
        sig >> SIG_TOP == 1,
        "round_pack: sig not normalized: {sig:#x}"
    );
    let sign_bit = (sign as u64) * F::SIGN_MASK;
    let shift = SIG_TOP - F::FRAC_BITS;
    let half = 1u64 << (shift - 1);
    let rem_mask = (1u64 << shift) - 1;

    if exp >= F::EMIN {
        if exp > F::EMAX {
            return overflow::<F>(sign, mode.rounding);
        }
        // Branch-free rounding: add the increment below the last place, then let a carry
        // out of the significand ripple into the exponent field (the packed exponent is
        // `exp + BIAS − 1` because `q` still holds the implicit bit).
        let inc = match mode.rounding {
            Rounding::NearestEven => half - 1 + ((sig >> shift) & 1),
            Rounding::TowardZero => 0,
            Rounding::TowardPositive => rem_mask * (!sign as u64),
            Rounding::TowardNegative => rem_mask * (sign as u64),
        };
        let q = (sig + inc) >> shift;
        let mag = (((exp + F::BIAS - 1) as u64) << F::FRAC_BITS) + q;
        if mag >= F::INFINITY {
            return overflow::<F>(sign, mode.rounding);
        }
        return Flagged::new(
            sign_bit | mag,
            Flags::when(sig & rem_mask != 0, Flags::INEXACT),
        );
    }

    // Below the normal range: the exact value is tiny before rounding. After rounding (to
    // full precision, unbounded exponent), it stays tiny unless it rounds up to 2^EMIN.
    let tiny = match mode.tininess {
        Tininess::BeforeRounding => true,
        Tininess::AfterRounding => {
            let rem = sig & rem_mask;
            let q = sig >> shift;
            let carries =
                q == (1u64 << F::PRECISION) - 1 && round_up(mode.rounding, sign, true, rem, half);
            !(exp == F::EMIN - 1 && carries)
        }
    };
    if tiny && mode.denormals_for::<F>().flush_outputs {
        return Flagged::new(sign_bit, Flags::UNDERFLOW | Flags::INEXACT);
    }
    let denorm = shr_jam64(sig, (F::EMIN - exp) as u32);
    let rem = denorm & rem_mask;
    let mut q = denorm >> shift;
    if round_up(mode.rounding, sign, q & 1 != 0, rem, half) {
        // A carry into bit FRAC_BITS gives exponent field 1: the smallest normal.
        q += 1;
    }
    let inexact = rem != 0;
    let flags =
        Flags::when(inexact, Flags::INEXACT) | Flags::when(tiny && inexact, Flags::UNDERFLOW);
    Flagged::new(sign_bit | q, flags)
}

/// Normalize a nonzero 64-bit magnitude so its leading one is at bit 62, returning
/// `(sig, exp)` for a value `mag × 2^scale`: `value = sig × 2^(exp − 62)`.
#[inline(always)]
pub(crate) fn normalize64(mag: u64, scale: i32) -> (u64, i32) {
    debug_assert!(mag != 0);
    let pos = 63 - mag.leading_zeros() as i32; // bit index of the leading one
    let sig = if pos > SIG_TOP as i32 {
        shr_jam64(mag, (pos - SIG_TOP as i32) as u32)
    } else {
        mag << (SIG_TOP as i32 - pos)
    };
    (sig, scale + pos)
}

/// [`normalize64`] for 128-bit magnitudes: `value = mag × 2^scale`.
#[inline(always)]
pub(crate) fn normalize128(mag: u128, scale: i32) -> (u64, i32) {
    debug_assert!(mag != 0);
    let pos = 127 - mag.leading_zeros() as i32;
    let sig = if pos > SIG_TOP as i32 {
        gpuref_core::bits::shr_jam128(mag, (pos - SIG_TOP as i32) as u32) as u64
    } else {
        (mag as u64) << (SIG_TOP as i32 - pos)
    };
    (sig, scale + pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{Binary16, Binary32};
    use crate::mode::{DenormModes, Denormals};

    #[test]
    fn unpack_normal_and_subnormal() {
        // 1.0f32 = 2^0
        let u = unpack::<Binary32>(0x3f80_0000);
        assert_eq!((u.sign, u.exp, u.sig), (false, 0, 1 << 62));
        // smallest subnormal f32 = 2^-149
        let u = unpack::<Binary32>(0x0000_0001);
        assert_eq!((u.exp, u.sig), (-149, 1 << 62));
        // largest subnormal f16 = (1 - 2^-10) × 2^-14
        let u = unpack::<Binary16>(0x03ff);
        assert_eq!(u.exp, -15);
        assert_eq!(u.sig, 0x3ff << 53);
    }

    #[test]
    fn round_pack_ties_and_overflow() {
        let m = FpMode::IEEE;
        // 1 + 2^-24 (a tie between 1.0 and 1 + 2^-23) rounds to even: 1.0, inexact.
        let r = round_pack::<Binary32>(false, 0, (1 << 62) | (1 << 38), &m);
        assert_eq!((r.value, r.flags), (0x3f80_0000, Flags::INEXACT));
        // 1 + 3×2^-24 rounds up to 1 + 2^-22.
        let r = round_pack::<Binary32>(false, 0, (1 << 62) | (3 << 38), &m);
        assert_eq!(r.value, 0x3f80_0002);
        // 2^128 overflows to +inf in RNE, to MAX in RTZ.
        let r = round_pack::<Binary32>(false, 128, 1 << 62, &m);
        assert_eq!(
            (r.value, r.flags),
            (0x7f80_0000, Flags::OVERFLOW | Flags::INEXACT)
        );
        let r = round_pack::<Binary32>(false, 128, 1 << 62, &m.with_rounding(Rounding::TowardZero));
        assert_eq!(r.value, 0x7f7f_ffff);
    }

    #[test]
    fn round_pack_underflow_tininess_and_flush() {
        // (1 − 2^-25) × 2^-126: rounds (RNE, unbounded exponent) up to 2^-126, so it is not
        // tiny after rounding but is tiny before rounding.
        let sig = (1u64 << 63) - (1 << 37);
        let before = FpMode::IEEE.with_tininess(Tininess::BeforeRounding);
        let after = FpMode::IEEE;
        let r = round_pack::<Binary32>(false, -127, sig, &after);
        assert_eq!((r.value, r.flags), (0x0080_0000, Flags::INEXACT));
        let r = round_pack::<Binary32>(false, -127, sig, &before);
        assert_eq!(
            (r.value, r.flags),
            (0x0080_0000, Flags::INEXACT | Flags::UNDERFLOW)
        );
        // Flushing follows the tininess rule.
        let ftz = DenormModes::all(Denormals {
            flush_inputs: false,
            flush_outputs: true,
        });
        let r = round_pack::<Binary32>(false, -127, sig, &after.with_denormals(ftz));
        assert_eq!(r.value, 0x0080_0000);
        let r = round_pack::<Binary32>(true, -127, sig, &before.with_denormals(ftz));
        assert_eq!(
            (r.value, r.flags),
            (0x8000_0000, Flags::UNDERFLOW | Flags::INEXACT)
        );
        // An exact subnormal raises nothing.
        let r = round_pack::<Binary32>(false, -149, 1 << 62, &after);
        assert_eq!((r.value, r.flags), (1, Flags::NONE));
    }
}
