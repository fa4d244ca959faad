//! add, sub, mul, fused and unfused multiply-add, div, sqrt (IEEE 754-2008 §5.4.1).

use crate::flags::{Flagged, Flags};
use crate::format::{is_inf, is_nan, is_zero, Format};
use crate::mode::FpMode;
use crate::quirks::{FloatQuirks, InputDenormalFlag};
use crate::round::{
    cancellation_zero, input_flag_kept, invalid, is_normal, nan_result, normalize128,
    normalize128_sel, normalize64, propagate_nan, read_input, round_pack, select, shr_jam_sig,
    shr_jam_sig128, unpack, unpack_normal, Unpacked, SIG_TOP,
};
use gpuref_core::bits::shr_jam128;

/// The typed result with the flags raised while reading the operands (`input`). Under
/// `InputDenormalFlag::WhenNotFlushed`, invalid and divide-by-zero outrank the
/// input-denormal flag, as x86 ranks them above its denormal-operand exception.
#[inline(always)]
fn typed<F: Format, Q: FloatQuirks>(r: Flagged<u64>, input: Flags) -> Flagged<F::Bits> {
    let outranked = Q::INPUT_DENORMAL_FLAG == InputDenormalFlag::WhenNotFlushed
        && r.flags.bits() & (Flags::INVALID | Flags::DIV_BY_ZERO).bits() != 0;
    let input = if outranked {
        input.without(Flags::INPUT_DENORMAL)
    } else {
        input
    };
    Flagged::new(F::bits_from_u64(r.value), r.flags | input)
}

/// [`typed`] without a branch.
#[inline(always)]
fn typed_sel<F: Format, Q: FloatQuirks>(r: Flagged<u64>, input: Flags) -> Flagged<F::Bits> {
    let outranked = Q::INPUT_DENORMAL_FLAG == InputDenormalFlag::WhenNotFlushed
        && r.flags.bits() & (Flags::INVALID | Flags::DIV_BY_ZERO).bits() != 0;
    let input = input.without(Flags::when(outranked, Flags::INPUT_DENORMAL));
    Flagged::new(F::bits_from_u64(r.value), r.flags | input)
}

/// Round a finite value that is exact as given (an operand returned as the result): it
/// still goes through rounding so that output flushing applies to a subnormal.
#[inline]
fn pass_through<F: Format>(x: u64, mode: &FpMode) -> Flagged<u64> {
    if is_zero::<F>(x) || is_inf::<F>(x) {
        return Flagged::exact(x);
    }
    let u = unpack::<F>(x);
    round_pack::<F>(u.sign, u.exp, u.sig, mode)
}

/// `a + b`, correctly rounded.
pub fn add<F: Format, Q: FloatQuirks>(a: F::Bits, b: F::Bits, mode: &FpMode) -> Flagged<F::Bits> {
    let (r, f) = add_bits::<F, Q>(a.into(), b.into(), mode);
    typed::<F, Q>(r, f)
}

/// `a − b`, correctly rounded: `a + (−b)` with the sign of `b` flipped after NaN checks,
/// so a NaN `b` propagates with its own sign.
pub fn sub<F: Format, Q: FloatQuirks>(a: F::Bits, b: F::Bits, mode: &FpMode) -> Flagged<F::Bits> {
    let (a, b): (u64, u64) = (a.into(), b.into());
    let b = if is_nan::<F>(b) { b } else { b ^ F::SIGN_MASK };
    let (r, f) = add_bits::<F, Q>(a, b, mode);
    typed::<F, Q>(r, f)
}

#[inline(always)]
fn add_bits<F: Format, Q: FloatQuirks>(a: u64, b: u64, mode: &FpMode) -> (Flagged<u64>, Flags) {
    if is_normal::<F>(a) && is_normal::<F>(b) {
        // For finite values, the order of the magnitude bits is the order of magnitudes.
        let (x, y) = if a & F::ABS_MASK >= b & F::ABS_MASK {
            (a, b)
        } else {
            (b, a)
        };
        let r = add_ordered::<F>(unpack_normal::<F>(x), unpack_normal::<F>(y), mode);
        return (r, Flags::NONE);
    }
    if let Some(nan) = propagate_nan::<F, Q>(&[a, b]) {
        return (nan, Flags::NONE);
    }
    let mut flags = Flags::NONE;
    let a = read_input::<F, Q>(a, mode, &mut flags);
    let b = read_input::<F, Q>(b, mode, &mut flags);
    (add_finite_or_special::<F, Q>(a, b, mode), flags)
}

/// Addition of two non-NaN operands already read under the mode.
#[inline(always)]
pub(crate) fn add_finite_or_special<F: Format, Q: FloatQuirks>(
    a: u64,
    b: u64,
    mode: &FpMode,
) -> Flagged<u64> {
    let sign_a = a & F::SIGN_MASK != 0;
    let sign_b = b & F::SIGN_MASK != 0;
    if is_inf::<F>(a) || is_inf::<F>(b) {
        if is_inf::<F>(a) && is_inf::<F>(b) && sign_a != sign_b {
            return invalid::<F, Q>();
        }
        return Flagged::exact(if is_inf::<F>(a) { a } else { b });
    }
    if is_zero::<F>(a) || is_zero::<F>(b) {
        if is_zero::<F>(a) && is_zero::<F>(b) {
            let z = if sign_a == sign_b {
                a
            } else {
                cancellation_zero::<F>(mode)
            };
            return Flagged::exact(z);
        }
        return pass_through::<F>(if is_zero::<F>(a) { b } else { a }, mode);
    }
    let (ua, ub) = (unpack::<F>(a), unpack::<F>(b));
    let (x, y) = if (ua.exp, ua.sig) >= (ub.exp, ub.sig) {
        (ua, ub)
    } else {
        (ub, ua)
    };
    add_ordered::<F>(x, y, mode)
}

/// The sum of two finite nonzero values with `|x| ≥ |y|`, without data-dependent branches
/// on the common path: `y` is aligned (sticky) and added or subtracted by a conditional
/// two's-complement negation.
#[inline(always)]
fn add_ordered<F: Format>(x: Unpacked, y: Unpacked, mode: &FpMode) -> Flagged<u64> {
    let y_sig = shr_jam_sig(y.sig, (x.exp - y.exp) as u32);
    let negate = 0u64.wrapping_sub((x.sign != y.sign) as u64);
    // x.sig + y_sig < 2^64 (both < 2^63); x.sig − y_sig ≥ 0 (|x| ≥ |y|).
    let r = x.sig.wrapping_add((y_sig ^ negate).wrapping_sub(negate));
    if r == 0 {
        return Flagged::exact(cancellation_zero::<F>(mode));
    }
    // Leading one at bit 63 (a carry: shift right, keeping the sticky bit) or at or
    // below bit 62 (shift left; the subtraction is exact whenever it cancels bits).
    let lz = r.leading_zeros();
    let sig = if lz == 0 {
        (r >> 1) | (r & 1)
    } else {
        r << (lz - 1)
    };
    round_pack::<F>(x.sign, x.exp + 1 - lz as i32, sig, mode)
}

/// `a × b`, correctly rounded.
pub fn mul<F: Format, Q: FloatQuirks>(a: F::Bits, b: F::Bits, mode: &FpMode) -> Flagged<F::Bits> {
    let (a, b): (u64, u64) = (a.into(), b.into());
    // The mode rarely changes, so this branch predicts well.
    if mode.denormals_for::<F>().flush_inputs {
        return mul_flushing::<F, Q>(a, b, mode);
    }
    let sign_bit = (a ^ b) & F::SIGN_MASK;
    let (abs_a, abs_b) = (a & F::ABS_MASK, b & F::ABS_MASK);
    let (sa, ea) = int_sig::<F>(abs_a);
    let (sb, eb) = int_sig::<F>(abs_b);
    let max_abs = abs_a.max(abs_b);
    let special = max_abs >= F::INFINITY; // an infinite or NaN operand
    let nan = max_abs > F::INFINITY;
    let exp = ea + eb;
    let (r, zero) = if 2 * F::PRECISION <= 64 {
        // The exact product of the integer significands fits in 64 bits.
        let p = sa * sb;
        let lz = p.leading_zeros();
        // A zero, infinite or NaN operand gets a stand-in 1 (its result is selected
        // below), so that rounding stays on its normal path.
        let stand_in = special | (p == 0);
        let sig = select(stand_in, 1 << SIG_TOP, p << (lz - 1));
        let exp = select(stand_in, 0, exp + 63 - lz as i32);
        (round_pack::<F>(sign_bit != 0, exp, sig, mode), p == 0)
    } else {
        let p = sa as u128 * sb as u128;
        let stand_in = special | (p == 0);
        let (sig, exp) = normalize128_sel(select(stand_in, 1, p), select(stand_in, 0, exp));
        (round_pack::<F>(sign_bit != 0, exp, sig, mode), p == 0)
    };
    // Zero × finite = zero; infinity × zero is invalid; infinity × nonzero = infinity.
    let inf_or_zero = select(
        special,
        select(
            zero,
            invalid::<F, Q>(),
            Flagged::exact(sign_bit | F::INFINITY),
        ),
        Flagged::exact(sign_bit),
    );
    let r = select(special | zero, inf_or_zero, r);
    let r = select(nan, nan_result::<F, Q, 2>([a, b]), r);
    let subnormal = any_subnormal::<F, 2>([abs_a, abs_b]);
    typed_sel::<F, Q>(r, input_flag_kept::<Q>(subnormal & !nan))
}

/// The integer significand of a finite value's magnitude and the exponent of its unit
/// (`abs = sig × 2^exp`); for an infinity or NaN, something finite.
#[inline(always)]
fn int_sig<F: Format>(abs: u64) -> (u64, i32) {
    // A subnormal (exponent field 0) has the unit of exponent field 1; the significand of
    // either is what remains of `abs` after taking away the field beyond 1.
    let e = (abs >> F::FRAC_BITS).max(1);
    let sig = abs - ((e - 1) << F::FRAC_BITS);
    (sig, e as i32 - F::BIAS - F::FRAC_BITS as i32)
}

/// Whether any of the magnitudes is subnormal.
#[inline(always)]
fn any_subnormal<F: Format, const N: usize>(abs: [u64; N]) -> bool {
    abs.iter()
        .map(|x| x.wrapping_sub(1))
        .min()
        .unwrap_or(u64::MAX)
        < F::FRAC_MASK
}

/// [`mul`] when the mode flushes subnormal inputs.
fn mul_flushing<F: Format, Q: FloatQuirks>(a: u64, b: u64, mode: &FpMode) -> Flagged<F::Bits> {
    if is_normal::<F>(a) && is_normal::<F>(b) {
        let r = mul_unpacked::<F>(unpack_normal::<F>(a), unpack_normal::<F>(b), mode);
        return typed::<F, Q>(r, Flags::NONE);
    }
    if let Some(nan) = propagate_nan::<F, Q>(&[a, b]) {
        return typed::<F, Q>(nan, Flags::NONE);
    }
    let mut flags = Flags::NONE;
    let a = read_input::<F, Q>(a, mode, &mut flags);
    let b = read_input::<F, Q>(b, mode, &mut flags);
    typed::<F, Q>(mul_non_nan::<F, Q>(a, b, mode), flags)
}

#[inline(always)]
fn mul_non_nan<F: Format, Q: FloatQuirks>(a: u64, b: u64, mode: &FpMode) -> Flagged<u64> {
    let sign_bit = (a ^ b) & F::SIGN_MASK;
    if is_inf::<F>(a) || is_inf::<F>(b) {
        if is_zero::<F>(a) || is_zero::<F>(b) {
            return invalid::<F, Q>();
        }
        return Flagged::exact(sign_bit | F::INFINITY);
    }
    if is_zero::<F>(a) || is_zero::<F>(b) {
        return Flagged::exact(sign_bit);
    }
    mul_unpacked::<F>(unpack::<F>(a), unpack::<F>(b), mode)
}

/// The product of two finite nonzero values.
#[inline(always)]
fn mul_unpacked<F: Format>(ua: Unpacked, ub: Unpacked, mode: &FpMode) -> Flagged<u64> {
    let sign = ua.sign != ub.sign;
    let exp = ua.exp + ub.exp;
    if 2 * F::PRECISION <= 64 {
        // The exact product of the integer significands fits in 64 bits; its leading one
        // is at bit 2P−2 or 2P−1.
        let shift = SIG_TOP - F::FRAC_BITS;
        let p = (ua.sig >> shift) * (ub.sig >> shift);
        let carry = ((p >> (2 * F::PRECISION - 1)) & 1) as u32;
        let sig = p << (64 - 2 * F::PRECISION - carry);
        round_pack::<F>(sign, exp + carry as i32, sig, mode)
    } else {
        let prod = ua.sig as u128 * ub.sig as u128; // in [2^124, 2^126)
        let carry = (prod >> 125) as u32;
        let sig = shr_jam128(prod, 62 + carry) as u64;
        round_pack::<F>(sign, exp + carry as i32, sig, mode)
    }
}

/// Fused multiply-add `a × b + c` with a single rounding (IEEE 754-2008 §5.4.1).
///
/// Like [`mul`], without branches on the operand classes: zeros and subnormals take the
/// arithmetic path, and the result for infinite and NaN operands is selected over it.
pub fn fma<F: Format, Q: FloatQuirks>(
    a: F::Bits,
    b: F::Bits,
    c: F::Bits,
    mode: &FpMode,
) -> Flagged<F::Bits> {
    let (a, b, c): (u64, u64, u64) = (a.into(), b.into(), c.into());
    if mode.denormals_for::<F>().flush_inputs {
        return fma_flushing::<F, Q>(a, b, c, mode);
    }
    let prod_sign_bit = (a ^ b) & F::SIGN_MASK;
    let (abs_a, abs_b, abs_c) = (a & F::ABS_MASK, b & F::ABS_MASK, c & F::ABS_MASK);
    let max_ab = abs_a.max(abs_b);
    let max_abs = max_ab.max(abs_c);
    let special = max_abs >= F::INFINITY; // an infinite or NaN operand
    let nan = max_abs > F::INFINITY;
    let prod_zero = abs_a.min(abs_b) == 0;
    // The result for special operands, computed first so that few values stay live
    // across the arithmetic. Without NaNs: an infinite product is the result unless it is
    // inf × 0 or meets an infinite addend of the other sign (invalid); otherwise the
    // infinite addend is.
    let inf_ab = max_ab >= F::INFINITY;
    let opposite_inf = (abs_c == F::INFINITY) & ((c ^ prod_sign_bit) & F::SIGN_MASK != 0);
    let inf_invalid = inf_ab & (prod_zero | opposite_inf);
    let inf_value = select(inf_ab, prod_sign_bit | F::INFINITY, c);
    let inf_value = select(inf_invalid, Q::default_nan::<F>(), inf_value);
    let mut nan_r = nan_result::<F, Q, 3>([a, b, c]);
    if Q::FMA_INF_ZERO_QNAN_INVALID {
        // fma(inf, 0, qNaN): invalid is the implementation's choice (§7.2(c)).
        let (inf_a, inf_b) = (abs_a == F::INFINITY, abs_b == F::INFINITY);
        let inf_times_zero = (inf_a & (abs_b == 0)) | ((abs_a == 0) & inf_b);
        nan_r = nan_r.with_flags(Flags::when(inf_times_zero, Flags::INVALID));
    }
    let special_r = select(
        nan,
        nan_r,
        Flagged::new(inf_value, Flags::when(inf_invalid, Flags::INVALID)),
    );
    let subnormal = any_subnormal::<F, 3>([abs_a, abs_b, abs_c]);
    let input = input_flag_kept::<Q>(subnormal & !nan);
    let r = if 2 * F::PRECISION + 8 <= 62 {
        fma_finite_narrow::<F>(a, b, c, prod_zero, special, mode)
    } else {
        fma_finite_wide::<F>(a, b, c, prod_zero, special, mode)
    };
    typed_sel::<F, Q>(select(special, special_r, r), input)
}

/// The result of a sum that is exactly zero: a zero of the terms' sign if they agree
/// (0 + 0), otherwise the exact-cancellation zero (IEEE 754-2008 §6.3).
#[inline(always)]
fn zero_sum<F: Format>(p_sign: bool, c_sign: bool, mode: &FpMode) -> Flagged<u64> {
    let z = select(
        p_sign == c_sign,
        (c_sign as u64) * F::SIGN_MASK,
        cancellation_zero::<F>(mode),
    );
    Flagged::exact(z)
}

/// `a × b + c` for finite operands (zeros and subnormals included, none flushed),
/// rounded once, in 64-bit arithmetic, for formats whose exact product leaves at least 8
/// bits of headroom in a 62-bit field (binary16, bfloat16, binary32). For infinite or
/// NaN operands (`special`) the result is meaningless; the caller selects another.
///
/// The product (2P bits, exact) and the addend (P bits) are normalized so that bit 61
/// holds their leading ones, and the one with the smaller exponent is aligned to the
/// other with a sticky bit; when the alignment shift is small enough for cancellation to
/// matter, it is exact (it never shifts a set bit out).
#[inline(always)]
fn fma_finite_narrow<F: Format>(
    a: u64,
    b: u64,
    c: u64,
    prod_zero: bool,
    special: bool,
    mode: &FpMode,
) -> Flagged<u64> {
    let (sa, ea) = int_sig::<F>(a & F::ABS_MASK);
    let (sb, eb) = int_sig::<F>(b & F::ABS_MASK);
    let (sc, ec) = int_sig::<F>(c & F::ABS_MASK);
    let prod = sa * sb; // < 2^(2P)
    let lp = prod.leading_zeros(); // ≥ 2; 64 for zero (the shift then gives 0)
    let p = prod << (lp - 2);
    let pe = ea + eb + 63 - lp as i32; // bit 61 of p stands for 2^pe
    let lc = sc.leading_zeros();
    let cs = sc << (lc - 2);
    let ce = ec + 63 - lc as i32;
    // A zero takes the other term's exponent, so that the alignment keeps that term exact.
    let ce = select(sc == 0, pe, ce);
    let pe = select(prod_zero, ce, pe);
    let p_sign = (a ^ b) & F::SIGN_MASK != 0;
    let c_sign = c & F::SIGN_MASK != 0;
    let d = pe - ce;
    let c_big = d < 0;
    let big = select(c_big, cs, p);
    let small = shr_jam_sig(select(c_big, p, cs), d.unsigned_abs());
    let e = select(c_big, ce, pe);
    let big_sign = select(c_big, c_sign, p_sign);
    // The difference is negative only for equal exponents.
    let opposite = p_sign != c_sign;
    let diff = big.wrapping_sub(small) as i64;
    let mag = select(opposite, diff.unsigned_abs(), big + small);
    let sign = big_sign ^ (opposite & (diff < 0));
    // mag < 2^63: normalize its leading one to bit 62. An exact zero and special operands
    // round a stand-in 1 instead, so that rounding stays on its normal path.
    let zero = mag == 0;
    let lz = mag.leading_zeros();
    let stand_in = special | zero;
    let sig = select(stand_in, 1 << SIG_TOP, mag << (lz - 1));
    let exp = select(stand_in, 0, e + 2 - lz as i32);
    let r = round_pack::<F>(sign, exp, sig, mode);
    select(zero, zero_sum::<F>(p_sign, c_sign, mode), r)
}

/// [`fma_finite_narrow`] in 128-bit arithmetic, for binary64. Significands normalized to
/// bit 62 give a product in [2^124, 2^126) (value `prod × 2^(pe − 124)`); the addend is
/// put on the same scale with its leading one at bit 124.
#[inline(always)]
fn fma_finite_wide<F: Format>(
    a: u64,
    b: u64,
    c: u64,
    prod_zero: bool,
    special: bool,
    mode: &FpMode,
) -> Flagged<u64> {
    let norm = |x: u64| {
        let (s, e) = int_sig::<F>(x & F::ABS_MASK);
        let lz = s.leading_zeros(); // ≥ 1; 64 for zero (the shift then gives 0)
        (s << (lz - 1), e + 63 - lz as i32)
    };
    let ((sa, ea), (sb, eb), (sc, ce)) = (norm(a), norm(b), norm(c));
    let prod = sa as u128 * sb as u128;
    let pe = ea + eb;
    let cw = (sc as u128) << SIG_TOP;
    let ce = select(sc == 0, pe, ce);
    let pe = select(prod_zero, ce, pe);
    let p_sign = (a ^ b) & F::SIGN_MASK != 0;
    let c_sign = c & F::SIGN_MASK != 0;
    let d = pe - ce;
    let c_big = d < 0;
    let big = select(c_big, cw, prod);
    let small = shr_jam_sig128(select(c_big, prod, cw), d.unsigned_abs());
    let e = select(c_big, ce, pe);
    let big_sign = select(c_big, c_sign, p_sign);
    let opposite = p_sign != c_sign;
    let diff = big.wrapping_sub(small) as i128;
    let mag = select(opposite, diff.unsigned_abs(), big + small);
    let sign = big_sign ^ (opposite & (diff < 0));
    let zero = mag == 0;
    let stand_in = special | zero;
    // Leading one to bit 127 (a zero stays 0); keep 63 bits, jamming the other 65.
    let lz = mag.leading_zeros();
    let m = mag << (lz & 127);
    let sig = ((m >> 65) as u64) | ((m << 63 != 0) as u64);
    let exp = e - 2 * SIG_TOP as i32 + 127 - lz as i32;
    let sig = select(stand_in, 1 << SIG_TOP, sig);
    let exp = select(stand_in, 0, exp);
    let r = round_pack::<F>(sign, exp, sig, mode);
    select(zero, zero_sum::<F>(p_sign, c_sign, mode), r)
}

/// [`fma`] when the mode flushes subnormal inputs.
fn fma_flushing<F: Format, Q: FloatQuirks>(
    a: u64,
    b: u64,
    c: u64,
    mode: &FpMode,
) -> Flagged<F::Bits> {
    if is_normal::<F>(a) && is_normal::<F>(b) && is_normal::<F>(c) {
        let (ua, ub, uc) = (
            unpack_normal::<F>(a),
            unpack_normal::<F>(b),
            unpack_normal::<F>(c),
        );
        return typed::<F, Q>(fma_unpacked::<F>(ua, ub, uc, mode), Flags::NONE);
    }
    if let Some(nan) = propagate_nan::<F, Q>(&[a, b, c]) {
        // fma(inf, 0, qNaN): invalid is the implementation's choice (§7.2(c)).
        let inf_times_zero = !is_nan::<F>(a)
            && !is_nan::<F>(b)
            && ((is_inf::<F>(a) && is_zero::<F>(b)) || (is_zero::<F>(a) && is_inf::<F>(b)));
        let extra = Flags::when(
            inf_times_zero && Q::FMA_INF_ZERO_QNAN_INVALID,
            Flags::INVALID,
        );
        return typed::<F, Q>(nan, extra);
    }
    let mut flags = Flags::NONE;
    let a = read_input::<F, Q>(a, mode, &mut flags);
    let b = read_input::<F, Q>(b, mode, &mut flags);
    let c = read_input::<F, Q>(c, mode, &mut flags);
    typed::<F, Q>(fma_non_nan::<F, Q>(a, b, c, mode), flags)
}

#[inline(always)]
fn fma_non_nan<F: Format, Q: FloatQuirks>(a: u64, b: u64, c: u64, mode: &FpMode) -> Flagged<u64> {
    let prod_sign_bit = (a ^ b) & F::SIGN_MASK;
    let prod_sign = prod_sign_bit != 0;
    let c_sign = c & F::SIGN_MASK != 0;
    if is_inf::<F>(a) || is_inf::<F>(b) {
        if is_zero::<F>(a) || is_zero::<F>(b) {
            return invalid::<F, Q>();
        }
        if is_inf::<F>(c) && c_sign != prod_sign {
            return invalid::<F, Q>();
        }
        return Flagged::exact(prod_sign_bit | F::INFINITY);
    }
    if is_inf::<F>(c) {
        return Flagged::exact(c);
    }
    if is_zero::<F>(a) || is_zero::<F>(b) {
        if is_zero::<F>(c) {
            let z = if prod_sign == c_sign {
                c
            } else {
                cancellation_zero::<F>(mode)
            };
            return Flagged::exact(z);
        }
        return pass_through::<F>(c, mode);
    }
    let ua = unpack::<F>(a);
    let ub = unpack::<F>(b);
    let prod = ua.sig as u128 * ub.sig as u128; // value = prod × 2^(pe − 124), prod < 2^126
    let pe = ua.exp + ub.exp;
    if is_zero::<F>(c) {
        let (sig, exp) = normalize128(prod, pe - 2 * SIG_TOP as i32);
        return round_pack::<F>(prod_sign, exp, sig, mode);
    }
    fma_unpacked::<F>(ua, ub, unpack::<F>(c), mode)
}

/// `a × b + c` for finite nonzero operands, rounded once.
#[inline(always)]
fn fma_unpacked<F: Format>(
    ua: Unpacked,
    ub: Unpacked,
    uc: Unpacked,
    mode: &FpMode,
) -> Flagged<u64> {
    if 2 * F::PRECISION + 8 <= 62 {
        return fma_unpacked_narrow::<F>(ua, ub, uc, mode);
    }
    let prod_sign = ua.sign != ub.sign;
    let prod = ua.sig as u128 * ub.sig as u128; // value = prod × 2^(pe − 124), prod < 2^126
    let pe = ua.exp + ub.exp;
    // c on the same scale: value = (sig << 62) × 2^(ce − 124), leading one at bit 124.
    let c_wide = (uc.sig as u128) << SIG_TOP;
    let (p, q, reference) = if pe >= uc.exp {
        (prod, shr_jam128(c_wide, (pe - uc.exp) as u32), pe)
    } else {
        (shr_jam128(prod, (uc.exp - pe) as u32), c_wide, uc.exp)
    };
    let scale = reference - 2 * SIG_TOP as i32;
    if prod_sign == uc.sign {
        let (sig, exp) = normalize128(p + q, scale);
        round_pack::<F>(prod_sign, exp, sig, mode)
    } else {
        let (mag, sign) = if p >= q {
            (p - q, prod_sign)
        } else {
            (q - p, uc.sign)
        };
        if mag == 0 {
            return Flagged::exact(cancellation_zero::<F>(mode));
        }
        let (sig, exp) = normalize128(mag, scale);
        round_pack::<F>(sign, exp, sig, mode)
    }
}

/// [`fma_unpacked`] in 64-bit arithmetic, for formats whose exact product leaves at least
/// 8 bits of headroom in a 62-bit field (binary16, bfloat16, binary32). Values are placed
/// so that bit 61 stands for `2^E`: the product (2P bits, exact) and the addend (P bits)
/// are aligned on the larger `E` with a sticky bit; when the alignment shift is small
/// enough for cancellation to matter, it is exact (it never shifts a set bit out).
#[inline(always)]
fn fma_unpacked_narrow<F: Format>(
    ua: Unpacked,
    ub: Unpacked,
    uc: Unpacked,
    mode: &FpMode,
) -> Flagged<u64> {
    let shift = SIG_TOP - F::FRAC_BITS;
    let prod = (ua.sig >> shift) * (ub.sig >> shift); // in [2^(2P−2), 2^(2P))
    let p = prod << (62 - 2 * F::PRECISION); // bit 61 stands for 2^(ea + eb + 1)
    let pe = ua.exp + ub.exp + 1;
    let c = uc.sig >> 1; // bit 61 stands for 2^ec
    let (p, c, e) = if pe >= uc.exp {
        (p, shr_jam_sig(c, (pe - uc.exp) as u32), pe)
    } else {
        (shr_jam_sig(p, (uc.exp - pe) as u32), c, uc.exp)
    };
    let prod_sign = ua.sign != ub.sign;
    let (mag, sign) = if prod_sign == uc.sign {
        (p + c, prod_sign)
    } else if p >= c {
        (p - c, prod_sign)
    } else {
        (c - p, uc.sign)
    };
    if mag == 0 {
        return Flagged::exact(cancellation_zero::<F>(mode));
    }
    // mag < 2^63: normalize its leading one to bit 62.
    let lz = mag.leading_zeros();
    round_pack::<F>(sign, e + 2 - lz as i32, mag << (lz - 1), mode)
}

/// Unfused multiply-add: the product rounded (and flushed) under the mode, then the sum
/// rounded; the flags of both steps are raised.
pub fn mul_add_unfused<F: Format, Q: FloatQuirks>(
    a: F::Bits,
    b: F::Bits,
    c: F::Bits,
    mode: &FpMode,
) -> Flagged<F::Bits> {
    let p = mul::<F, Q>(a, b, mode);
    let s = add::<F, Q>(p.value, c, mode);
    s.with_flags(p.flags)
}

/// `a ÷ b`, correctly rounded.
pub fn div<F: Format, Q: FloatQuirks>(a: F::Bits, b: F::Bits, mode: &FpMode) -> Flagged<F::Bits> {
    let (a, b): (u64, u64) = (a.into(), b.into());
    if is_normal::<F>(a) && is_normal::<F>(b) {
        let r = div_unpacked::<F>(unpack_normal::<F>(a), unpack_normal::<F>(b), mode);
        return typed::<F, Q>(r, Flags::NONE);
    }
    if let Some(nan) = propagate_nan::<F, Q>(&[a, b]) {
        return typed::<F, Q>(nan, Flags::NONE);
    }
    let mut flags = Flags::NONE;
    let a = read_input::<F, Q>(a, mode, &mut flags);
    let b = read_input::<F, Q>(b, mode, &mut flags);
    typed::<F, Q>(div_non_nan::<F, Q>(a, b, mode), flags)
}

#[inline(always)]
fn div_non_nan<F: Format, Q: FloatQuirks>(a: u64, b: u64, mode: &FpMode) -> Flagged<u64> {
    let sign_bit = (a ^ b) & F::SIGN_MASK;
    if is_inf::<F>(a) {
        if is_inf::<F>(b) {
            return invalid::<F, Q>();
        }
        return Flagged::exact(sign_bit | F::INFINITY);
    }
    if is_inf::<F>(b) {
        return Flagged::exact(sign_bit);
    }
    if is_zero::<F>(b) {
        if is_zero::<F>(a) {
            return invalid::<F, Q>();
        }
        return Flagged::new(sign_bit | F::INFINITY, Flags::DIV_BY_ZERO);
    }
    if is_zero::<F>(a) {
        return Flagged::exact(sign_bit);
    }
    div_unpacked::<F>(unpack::<F>(a), unpack::<F>(b), mode)
}

/// `a ÷ b` for finite nonzero operands.
#[inline(always)]
fn div_unpacked<F: Format>(ua: Unpacked, ub: Unpacked, mode: &FpMode) -> Flagged<u64> {
    let sign = ua.sign != ub.sign;
    // Integer significands of PRECISION bits; a quotient with PRECISION + 2 or more bits
    // and a sticky remainder rounds correctly.
    let shift = SIG_TOP - F::FRAC_BITS;
    let (na, nb) = (ua.sig >> shift, ub.sig >> shift);
    let extra = F::PRECISION + 2;
    let scale = ua.exp - ub.exp - extra as i32;
    let (sig, exp) = if 2 * F::PRECISION + 2 <= 64 {
        let n = na << extra;
        let q = n / nb;
        let sticky = !n.is_multiple_of(nb) as u64;
        normalize64((q << 1) | sticky, scale - 1)
    } else {
        let n = (na as u128) << extra;
        let d = nb as u128;
        let q = n / d;
        let sticky = !n.is_multiple_of(d) as u128;
        normalize128((q << 1) | sticky, scale - 1)
    };
    round_pack::<F>(sign, exp, sig, mode)
}

/// Square root, correctly rounded (IEEE 754-2008 §5.4.1: sqrt(−0) = −0).
pub fn sqrt<F: Format, Q: FloatQuirks>(a: F::Bits, mode: &FpMode) -> Flagged<F::Bits> {
    let a: u64 = a.into();
    if is_normal::<F>(a) && a & F::SIGN_MASK == 0 {
        return typed::<F, Q>(sqrt_unpacked::<F>(unpack_normal::<F>(a), mode), Flags::NONE);
    }
    if let Some(nan) = propagate_nan::<F, Q>(&[a]) {
        return typed::<F, Q>(nan, Flags::NONE);
    }
    let mut flags = Flags::NONE;
    let a = read_input::<F, Q>(a, mode, &mut flags);
    typed::<F, Q>(sqrt_non_nan::<F, Q>(a, mode), flags)
}

#[inline(always)]
fn sqrt_non_nan<F: Format, Q: FloatQuirks>(a: u64, mode: &FpMode) -> Flagged<u64> {
    if is_zero::<F>(a) {
        return Flagged::exact(a);
    }
    if a & F::SIGN_MASK != 0 {
        return invalid::<F, Q>();
    }
    if is_inf::<F>(a) {
        return Flagged::exact(a);
    }
    sqrt_unpacked::<F>(unpack::<F>(a), mode)
}

/// The square root of a positive finite nonzero value.
#[inline(always)]
fn sqrt_unpacked<F: Format>(u: Unpacked, mode: &FpMode) -> Flagged<u64> {
    // value = m × 2^e with m the PRECISION-bit integer significand; make e even.
    let odd = (u.exp - F::FRAC_BITS as i32) & 1;
    let m = (u.sig >> (SIG_TOP - F::FRAC_BITS)) << odd;
    let e = u.exp - F::FRAC_BITS as i32 - odd;
    // Scale by 2^(2k) so the root has at least PRECISION + 2 bits.
    let k = (F::PRECISION + 4).div_ceil(2);
    let (sig, exp) = if F::PRECISION + 1 + 2 * k <= 64 {
        let n = m << (2 * k);
        let r = crate::isqrt::isqrt64(n);
        let sticky = (r * r != n) as u64;
        normalize64((r << 1) | sticky, (e - 2 * k as i32) / 2 - 1)
    } else {
        let n = (m as u128) << (2 * k);
        let r = n.isqrt();
        let sticky = (r * r != n) as u128;
        normalize128((r << 1) | sticky, (e - 2 * k as i32) / 2 - 1)
    };
    round_pack::<F>(false, exp, sig, mode)
}

#[cfg(test)]
mod tests {
    //! Spot checks with expected values worked out by hand; the oracles in
    //! gpuref-oracles do the exhaustive checking.
    use super::*;
    use crate::format::{Binary16, Binary32, Binary64};
    use crate::mode::Rounding;
    use crate::quirks::Ieee754;

    const M: FpMode = FpMode::IEEE;

    #[test]
    fn add_examples() {
        let r = add::<Binary32, Ieee754>(0x3f80_0000, 0x3f80_0000, &M); // 1 + 1
        assert_eq!((r.value, r.flags), (0x4000_0000, Flags::NONE));
        let r = add::<Binary32, Ieee754>(0x3f80_0000, 0xbf80_0000, &M); // 1 - 1
        assert_eq!(r.value, 0);
        let rdn = M.with_rounding(Rounding::TowardNegative);
        let r = add::<Binary32, Ieee754>(0x3f80_0000, 0xbf80_0000, &rdn);
        assert_eq!(r.value, 0x8000_0000);
        // 1 + 2^-24: a tie, rounds to 1 (even), inexact
        let r = add::<Binary32, Ieee754>(0x3f80_0000, 0x3380_0000, &M);
        assert_eq!((r.value, r.flags), (0x3f80_0000, Flags::INEXACT));
        // inf - inf
        let r = sub::<Binary32, Ieee754>(0x7f80_0000, 0x7f80_0000, &M);
        assert_eq!((r.value, r.flags), (0xffc0_0000, Flags::INVALID));
        // sNaN + 1: quieted, invalid
        let r = add::<Binary32, Ieee754>(0x7f80_0001, 0x3f80_0000, &M);
        assert_eq!((r.value, r.flags), (0x7fc0_0001, Flags::INVALID));
        // f16: 65504 + 16 = 65520 rounds to inf in RNE (tie to even above max)
        let r = add::<Binary16, Ieee754>(0x7bff, 0x4c00, &M);
        assert_eq!(
            (r.value, r.flags),
            (0x7c00, Flags::OVERFLOW | Flags::INEXACT)
        );
    }

    #[test]
    fn mul_div_sqrt_examples() {
        let r = mul::<Binary32, Ieee754>(0x4040_0000, 0x4040_0000, &M); // 3 × 3
        assert_eq!(r.value, 0x4110_0000);
        let r = mul::<Binary32, Ieee754>(0x7f80_0000, 0, &M); // inf × 0
        assert_eq!((r.value, r.flags), (0xffc0_0000, Flags::INVALID));
        let r = div::<Binary32, Ieee754>(0x3f80_0000, 0x4040_0000, &M); // 1/3
        assert_eq!((r.value, r.flags), (0x3eaa_aaab, Flags::INEXACT));
        let r = div::<Binary64, Ieee754>(0x3ff0_0000_0000_0000, 0x4008_0000_0000_0000, &M);
        assert_eq!(r.value, 0x3fd5_5555_5555_5555);
        let r = div::<Binary32, Ieee754>(0x3f80_0000, 0x8000_0000, &M); // 1 / -0
        assert_eq!((r.value, r.flags), (0xff80_0000, Flags::DIV_BY_ZERO));
        let r = sqrt::<Binary32, Ieee754>(0x4080_0000, &M); // sqrt(4)
        assert_eq!((r.value, r.flags), (0x4000_0000, Flags::NONE));
        let r = sqrt::<Binary32, Ieee754>(0x4000_0000, &M); // sqrt(2)
        assert_eq!((r.value, r.flags), (0x3fb5_04f3, Flags::INEXACT));
        let r = sqrt::<Binary64, Ieee754>(0x4000_0000_0000_0000, &M);
        assert_eq!(r.value, 0x3ff6_a09e_667f_3bcd);
        let r = sqrt::<Binary32, Ieee754>(0x8000_0000, &M);
        assert_eq!(r.value, 0x8000_0000);
        let r = sqrt::<Binary32, Ieee754>(0xbf80_0000, &M);
        assert_eq!((r.value, r.flags), (0xffc0_0000, Flags::INVALID));
    }

    #[test]
    fn fma_examples() {
        // (1 + 2^-23)(1 - 2^-23) - 1 = -2^-46 exactly: fused keeps it, unfused gives 0.
        let a = 0x3f80_0001;
        let b = 0x3f7f_fffe;
        let r = fma::<Binary32, Ieee754>(a, b, 0xbf80_0000, &M);
        assert_eq!((r.value, r.flags), (0xa880_0000, Flags::NONE));
        let r = mul_add_unfused::<Binary32, Ieee754>(a, b, 0xbf80_0000, &M);
        assert_eq!(r.value, 0);
        // fma(inf, 0, qNaN): returns the qNaN, no invalid (Ieee754 quirks)
        let r = fma::<Binary32, Ieee754>(0x7f80_0000, 0, 0x7fc0_1234, &M);
        assert_eq!((r.value, r.flags), (0x7fc0_1234, Flags::NONE));
    }
}
