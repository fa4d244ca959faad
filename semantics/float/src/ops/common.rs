//! Private helpers shared by the operations of this folder that are not arithmetic in the
//! sense of `round.rs` (integer conversions, integral rounding, comparisons, min/max).

use crate::flags::Flagged;
use crate::format::{is_subnormal, sign, Format};
use crate::mode::{FpMode, Rounding};
use crate::round::Unpacked;
use gpuref_core::bits::shr_jam128;

/// Narrow a `u64`-carried result to the format's bits, keeping the flags.
#[inline(always)]
pub(super) fn typed<F: Format>(r: Flagged<u64>) -> Flagged<F::Bits> {
    Flagged::new(F::bits_from_u64(r.value), r.flags)
}

/// Apply the mode's input flushing to an operand without raising the input-denormal flag:
/// for the operations that x86 documents as never signalling a denormal operand (the
/// float↔integer conversions and `ROUNDSS`; Intel SDM Vol. 1 §11.5.2.2 "Denormal-Operand
/// Exception (#D)").
#[inline(always)]
pub(super) fn flush_input_silent<F: Format>(x: u64, mode: &FpMode) -> u64 {
    if is_subnormal::<F>(x) && mode.denormals_for::<F>().flush_inputs {
        x & F::SIGN_MASK
    } else {
        x
    }
}

/// `|value|` of a finite nonzero operand rounded to an integer under `rounding` (the
/// direction applies to the signed value), and whether rounding changed the value.
/// `None` when the rounded magnitude does not fit in a `u64` (it is at least 2^64).
#[inline]
pub(super) fn round_magnitude_to_int(u: Unpacked, rounding: Rounding) -> Option<(u64, bool)> {
    if u.exp >= 64 {
        return None;
    }
    // |value| = sig × 2^(exp − 62) = fixed × 2^−64: 64 fraction bits, the rest jammed.
    let shift = u.exp + 2; // at most 65, and sig < 2^63, so the left shift fits in u128
    let fixed: u128 = if shift >= 0 {
        (u.sig as u128) << shift
    } else {
        shr_jam128(u.sig as u128, shift.unsigned_abs())
    };
    let int = (fixed >> 64) as u64;
    let frac = fixed as u64;
    let half = 1u64 << 63;
    let up = match rounding {
        Rounding::NearestEven => frac > half || (frac == half && int & 1 == 1),
        Rounding::TowardZero => false,
        Rounding::TowardPositive => !u.sign && frac != 0,
        Rounding::TowardNegative => u.sign && frac != 0,
    };
    let mag = int as u128 + up as u128;
    u64::try_from(mag).ok().map(|m| (m, frac != 0))
}

/// A key that orders non-NaN values numerically with −0 < +0 (IEEE 754-2008 §5.10
/// totalOrder restricted to numbers).
#[inline(always)]
pub(super) fn total_order_key<F: Format>(x: u64) -> i64 {
    let mag = (x & F::ABS_MASK) as i64; // < 2^63
    if sign::<F>(x) {
        -mag - 1
    } else {
        mag
    }
}

/// A key that orders non-NaN values numerically with −0 = +0 (IEEE 754-2008 §5.11).
#[inline(always)]
pub(super) fn numeric_key<F: Format>(x: u64) -> i64 {
    let mag = (x & F::ABS_MASK) as i64;
    if sign::<F>(x) {
        -mag
    } else {
        mag
    }
}
