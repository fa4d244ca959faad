//! Conversions between floating-point formats and integer types: IEEE 754-2008 §5.8
//! convertToInteger (with an explicit rounding direction) and §5.4.1 convertFromInt.

use super::common::{flush_input_silent, round_magnitude_to_int, typed};
use crate::flags::{Flagged, Flags};
use crate::format::{is_inf, is_nan, is_zero, sign, Format};
use crate::mode::{FpMode, Rounding};
use crate::quirks::{FloatQuirks, IntResult};
use crate::round::{normalize64, round_pack, unpack};
use gpuref_core::bits::mask;

/// An integer destination or source type of a conversion. Values travel as the integer's
/// two's-complement bits in the type's width, zero-extended to `u64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntType {
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
}

impl IntType {
    pub const ALL: [IntType; 6] = [
        IntType::I16,
        IntType::U16,
        IntType::I32,
        IntType::U32,
        IntType::I64,
        IntType::U64,
    ];

    /// Width in bits.
    pub const fn width(self) -> u32 {
        match self {
            IntType::I16 | IntType::U16 => 16,
            IntType::I32 | IntType::U32 => 32,
            IntType::I64 | IntType::U64 => 64,
        }
    }

    /// Whether the type is two's-complement signed.
    pub const fn is_signed(self) -> bool {
        matches!(self, IntType::I16 | IntType::I32 | IntType::I64)
    }

    /// Short name: `i16`, `u16`, `i32`, `u32`, `i64`, `u64`.
    pub const fn name(self) -> &'static str {
        match self {
            IntType::I16 => "i16",
            IntType::U16 => "u16",
            IntType::I32 => "i32",
            IntType::U32 => "u32",
            IntType::I64 => "i64",
            IntType::U64 => "u64",
        }
    }

    /// The low `width` bits set.
    pub const fn mask(self) -> u64 {
        mask(self.width())
    }

    /// Bits of the largest value (`0x7fff…` signed, `0xffff…` unsigned); also its magnitude.
    pub const fn max_bits(self) -> u64 {
        if self.is_signed() {
            self.mask() >> 1
        } else {
            self.mask()
        }
    }

    /// Bits of the smallest value (`0x8000…` signed, 0 unsigned); also its magnitude.
    pub const fn min_bits(self) -> u64 {
        if self.is_signed() {
            1 << (self.width() - 1)
        } else {
            0
        }
    }

    /// The bits a quirk's [`IntResult`] names in this type.
    pub const fn result_bits(self, r: IntResult) -> u64 {
        match r {
            IntResult::Zero => 0,
            IntResult::Min => self.min_bits(),
            IntResult::Max => self.max_bits(),
            // "Integer indefinite": sign bit only for signed types, all ones for unsigned.
            IntResult::Indefinite => {
                if self.is_signed() {
                    self.min_bits()
                } else {
                    self.mask()
                }
            }
        }
    }
}

/// Convert `a` to the integer type `ty`, rounding in direction `rounding` (IEEE 754-2008
/// §5.8 convertToIntegerExact\*: the "exact" forms, which signal inexact).
///
/// - The value is rounded to an integer first and the range is checked after rounding, so
///   values that round *into* range are valid (−0.4 → `u32` is 0 with inexact under
///   roundTiesToEven) and values that round out of it are not (2^31 − 0.5 → `i32` under
///   roundTiesToEven is 2^31: invalid).
/// - Inexact is raised when the rounded integer differs from the value and the conversion
///   is valid; an invalid conversion raises invalid only (as x86 `CVTSS2SI` and Berkeley
///   SoftFloat's `f32_to_i32(…, exact = true)`).
/// - NaN, ±∞ and out-of-range values are invalid (§5.8, §7.2). Non-saturating results come
///   from `Q::FLOAT_TO_INT_INVALID` (NaN, positive and negative overflow). With `saturate`
///   (not a 754 operation: the GPU/language "saturating" conversion) out-of-range values
///   and infinities give the nearest bound, NaN gives `Q::FLOAT_TO_INT_SATURATING_NAN`,
///   and invalid is still raised.
/// - Subnormal operands follow the mode's input flushing: a flushed subnormal converts as
///   zero (0, no inexact). The input-denormal flag is never raised: x86's float→integer
///   conversions do not signal the denormal-operand exception (Intel SDM Vol. 1
///   §11.5.2.2); GPU layers add it where their ISA does.
/// - The result is the integer's two's-complement bits in `ty`'s width, zero-extended.
pub fn to_int<F: Format, Q: FloatQuirks>(
    a: F::Bits,
    ty: IntType,
    rounding: Rounding,
    saturate: bool,
    mode: &FpMode,
) -> Flagged<u64> {
    let a: u64 = a.into();
    if is_nan::<F>(a) {
        let r = if saturate {
            Q::FLOAT_TO_INT_SATURATING_NAN
        } else {
            Q::FLOAT_TO_INT_INVALID.nan
        };
        return Flagged::new(ty.result_bits(r), Flags::INVALID);
    }
    let neg = sign::<F>(a);
    let out_of_range = || {
        let r = match (saturate, neg) {
            (true, false) => IntResult::Max,
            (true, true) => IntResult::Min,
            (false, false) => Q::FLOAT_TO_INT_INVALID.positive_overflow,
            (false, true) => Q::FLOAT_TO_INT_INVALID.negative_overflow,
        };
        Flagged::new(ty.result_bits(r), Flags::INVALID)
    };
    if is_inf::<F>(a) {
        return out_of_range();
    }
    let a = flush_input_silent::<F>(a, mode);
    if is_zero::<F>(a) {
        return Flagged::exact(0);
    }
    let Some((mag, inexact)) = round_magnitude_to_int(unpack::<F>(a), rounding) else {
        return out_of_range();
    };
    // The largest magnitude allowed: 2^(w−1) negative / 2^(w−1) − 1 positive for signed
    // types; 0 negative / 2^w − 1 positive for unsigned ones.
    let limit = if neg { ty.min_bits() } else { ty.max_bits() };
    if mag > limit {
        return out_of_range();
    }
    let bits = if neg {
        mag.wrapping_neg() & ty.mask()
    } else {
        mag
    };
    Flagged::new(bits, Flags::when(inexact, Flags::INEXACT))
}

/// Convert an integer to format `F` (IEEE 754-2008 §5.4.1 convertFromInt), rounding under
/// `mode.rounding` with overflow (binary16 cannot hold every 32-bit integer) through the
/// one rounding routine.
///
/// `value`'s low `ty.width()` bits are read as `ty` (two's complement for signed types);
/// higher bits are ignored. Zero converts to +0 in every rounding direction (−0 is never
/// produced). Results are integers of magnitude ≥ 1 or zero, so underflow and output
/// flushing cannot occur.
pub fn from_int<F: Format, Q: FloatQuirks>(
    value: u64,
    ty: IntType,
    mode: &FpMode,
) -> Flagged<F::Bits> {
    let v = value & ty.mask();
    let neg = ty.is_signed() && v & ty.min_bits() != 0;
    let mag = if neg { v.wrapping_neg() & ty.mask() } else { v };
    if mag == 0 {
        return Flagged::exact(F::bits_from_u64(0));
    }
    let (sig, exp) = normalize64(mag, 0);
    typed::<F>(round_pack::<F>(neg, exp, sig, mode))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{BFloat16, Binary16, Binary32, Binary64};
    use crate::mode::{DenormModes, Denormals};
    use crate::quirks::Ieee754;

    const M: FpMode = FpMode::IEEE;
    const RNE: Rounding = Rounding::NearestEven;
    const RTZ: Rounding = Rounding::TowardZero;
    const RUP: Rounding = Rounding::TowardPositive;
    const RDN: Rounding = Rounding::TowardNegative;
    const INV: Flags = Flags::INVALID;
    const NX: Flags = Flags::INEXACT;
    const NONE: Flags = Flags::NONE;

    fn f32i(a: u32, ty: IntType, r: Rounding, sat: bool) -> (u64, Flags) {
        let x = to_int::<Binary32, Ieee754>(a, ty, r, sat, &M);
        (x.value, x.flags)
    }

    #[test]
    fn int_type_bounds() {
        assert_eq!(IntType::I16.max_bits(), 0x7fff);
        assert_eq!(IntType::I16.min_bits(), 0x8000);
        assert_eq!(IntType::U16.max_bits(), 0xffff);
        assert_eq!(IntType::U32.min_bits(), 0);
        assert_eq!(IntType::I64.min_bits(), 0x8000_0000_0000_0000);
        assert_eq!(IntType::U64.max_bits(), u64::MAX);
        assert_eq!(IntType::I32.result_bits(IntResult::Indefinite), 0x8000_0000);
        assert_eq!(IntType::U32.result_bits(IntResult::Indefinite), 0xffff_ffff);
        assert_eq!(IntType::U64.result_bits(IntResult::Min), 0);
        assert_eq!(IntType::I16.result_bits(IntResult::Max), 0x7fff);
    }

    #[test]
    fn ties_and_directions() {
        // 1.5 = 0x3fc00000: RNE tie → 2 (even); RTZ/RDN → 1; RUP → 2.
        assert_eq!(f32i(0x3fc0_0000, IntType::I32, RNE, false), (2, NX));
        assert_eq!(f32i(0x3fc0_0000, IntType::I32, RTZ, false), (1, NX));
        assert_eq!(f32i(0x3fc0_0000, IntType::I32, RDN, false), (1, NX));
        assert_eq!(f32i(0x3fc0_0000, IntType::I32, RUP, false), (2, NX));
        // 2.5 = 0x40200000: RNE tie → 2 (even).
        assert_eq!(f32i(0x4020_0000, IntType::I32, RNE, false), (2, NX));
        // −2.5: RNE → −2 = 0xfffffffe; RDN → −3 = 0xfffffffd; RUP → −2.
        assert_eq!(
            f32i(0xc020_0000, IntType::I32, RNE, false),
            (0xffff_fffe, NX)
        );
        assert_eq!(
            f32i(0xc020_0000, IntType::I32, RDN, false),
            (0xffff_fffd, NX)
        );
        assert_eq!(
            f32i(0xc020_0000, IntType::I32, RUP, false),
            (0xffff_fffe, NX)
        );
        // −2.5 → i16: −2 = 0xfffe in 16 bits.
        assert_eq!(f32i(0xc020_0000, IntType::I16, RNE, false), (0xfffe, NX));
        // 3.0 exact.
        assert_eq!(f32i(0x4040_0000, IntType::U16, RNE, false), (3, NONE));
    }

    #[test]
    fn negative_values_rounding_into_unsigned_range() {
        // −0.4 (0xbecccccd) → u32: RNE/RTZ/RUP give 0 (inexact, valid); RDN gives −1: invalid.
        assert_eq!(f32i(0xbecc_cccd, IntType::U32, RNE, false), (0, NX));
        assert_eq!(f32i(0xbecc_cccd, IntType::U32, RTZ, false), (0, NX));
        assert_eq!(f32i(0xbecc_cccd, IntType::U32, RUP, false), (0, NX));
        assert_eq!(
            f32i(0xbecc_cccd, IntType::U32, RDN, false),
            (0xffff_ffff, INV)
        );
        assert_eq!(f32i(0xbecc_cccd, IntType::U32, RDN, true), (0, INV));
        // −0.5 → u32 under RNE: a tie between −1 and 0, to even 0.
        assert_eq!(f32i(0xbf00_0000, IntType::U32, RNE, false), (0, NX));
        // −1.0 → u16: invalid; saturating → 0.
        assert_eq!(f32i(0xbf80_0000, IntType::U16, RTZ, false), (0xffff, INV));
        assert_eq!(f32i(0xbf80_0000, IntType::U16, RTZ, true), (0, INV));
        // −0 → 0 without flags, signed or not.
        assert_eq!(f32i(0x8000_0000, IntType::U32, RDN, false), (0, NONE));
        assert_eq!(f32i(0x8000_0000, IntType::I64, RNE, false), (0, NONE));
    }

    #[test]
    fn range_boundaries_f32() {
        // 2^31 = 0x4f000000: out of i32 range → 0x80000000 invalid; fits u32 exactly.
        assert_eq!(
            f32i(0x4f00_0000, IntType::I32, RNE, false),
            (0x8000_0000, INV)
        );
        assert_eq!(
            f32i(0x4f00_0000, IntType::I32, RNE, true),
            (0x7fff_ffff, INV)
        );
        assert_eq!(
            f32i(0x4f00_0000, IntType::U32, RNE, false),
            (0x8000_0000, NONE)
        );
        // −2^31 = 0xcf000000 is i32::MIN exactly; out of i16 range.
        assert_eq!(
            f32i(0xcf00_0000, IntType::I32, RNE, false),
            (0x8000_0000, NONE)
        );
        assert_eq!(f32i(0xcf00_0000, IntType::I16, RNE, false), (0x8000, INV));
        assert_eq!(f32i(0xcf00_0000, IntType::I16, RNE, true), (0x8000, INV));
        // 0x4effffff = 2^31 − 128 = 0x7fffff80 fits.
        assert_eq!(
            f32i(0x4eff_ffff, IntType::I32, RNE, false),
            (0x7fff_ff80, NONE)
        );
        // 2^32 = 0x4f800000: out of u32 range → all ones; saturating → u32::MAX.
        assert_eq!(
            f32i(0x4f80_0000, IntType::U32, RTZ, false),
            (0xffff_ffff, INV)
        );
        assert_eq!(
            f32i(0x4f80_0000, IntType::U32, RTZ, true),
            (0xffff_ffff, INV)
        );
        assert_eq!(f32i(0x4f80_0000, IntType::I64, RTZ, false), (1 << 32, NONE));
        // 32767.5 = 0xFFFF × 2^−1 = 0x46ffff00: RNE → 32768, out of i16 range; RTZ → 32767.
        assert_eq!(f32i(0x46ff_ff00, IntType::I16, RNE, false), (0x8000, INV));
        assert_eq!(f32i(0x46ff_ff00, IntType::I16, RNE, true), (0x7fff, INV));
        assert_eq!(f32i(0x46ff_ff00, IntType::I16, RTZ, false), (0x7fff, NX));
        // −32768.5 = −0x10001 × 2^−1 = 0xc7000080: RNE → −32768 (even), RDN → −32769: invalid.
        assert_eq!(f32i(0xc700_0080, IntType::I16, RNE, false), (0x8000, NX));
        assert_eq!(f32i(0xc700_0080, IntType::I16, RDN, false), (0x8000, INV));
        // f32::MAX (0x7f7fffff) → u64: out of range.
        assert_eq!(f32i(0x7f7f_ffff, IntType::U64, RNE, false), (u64::MAX, INV));
        assert_eq!(f32i(0xff7f_ffff, IntType::I64, RNE, true), (1 << 63, INV));
    }

    #[test]
    fn range_boundaries_f64() {
        let d = |a: u64, ty, r| {
            let x = to_int::<Binary64, Ieee754>(a, ty, r, false, &M);
            (x.value, x.flags)
        };
        // 2^31 − 0.5 = (2^32 − 1) × 2^−1: exponent 30 (field 0x41d), fraction 0x7fffffff << 21.
        let a = 0x41df_ffff_ffe0_0000;
        assert_eq!(d(a, IntType::I32, RNE), (0x8000_0000, INV)); // tie → 2^31 (even)
        assert_eq!(d(a, IntType::I32, RTZ), (0x7fff_ffff, NX));
        assert_eq!(d(a, IntType::U32, RNE), (0x8000_0000, NX));
        // 2^31 − 1.5 = (2^32 − 3) × 2^−1 → RNE 2^31 − 2 (even).
        assert_eq!(
            d(0x41df_ffff_ffa0_0000, IntType::I32, RNE),
            (0x7fff_fffe, NX)
        );
        // 2^64 − 2^11 = 0x43efffffffffffff: largest double below 2^64.
        assert_eq!(
            d(0x43ef_ffff_ffff_ffff, IntType::U64, RNE),
            (0xffff_ffff_ffff_f800, NONE)
        );
        assert_eq!(d(0x43ef_ffff_ffff_ffff, IntType::I64, RNE), (1 << 63, INV));
        // 2^64 = 0x43f0000000000000: out of u64 range.
        assert_eq!(d(0x43f0_0000_0000_0000, IntType::U64, RTZ), (u64::MAX, INV));
        // −2^63 = 0xc3e0000000000000 is i64::MIN exactly.
        assert_eq!(d(0xc3e0_0000_0000_0000, IntType::I64, RNE), (1 << 63, NONE));
        // Smallest subnormal 2^−1074: 0 (RNE) or 1 (RUP), inexact.
        assert_eq!(d(1, IntType::I64, RNE), (0, NX));
        assert_eq!(d(1, IntType::I64, RUP), (1, NX));
        assert_eq!(d(0x8000_0000_0000_0001, IntType::I64, RDN), (u64::MAX, NX));
    }

    #[test]
    fn nan_and_infinity() {
        // NaN: invalid; indefinite (non-saturating) or 0 (saturating, Ieee754 quirks).
        assert_eq!(
            f32i(0x7fc0_0000, IntType::I32, RNE, false),
            (0x8000_0000, INV)
        );
        assert_eq!(
            f32i(0xff80_0001, IntType::I32, RNE, false),
            (0x8000_0000, INV)
        );
        assert_eq!(
            f32i(0x7fc0_0000, IntType::U32, RNE, false),
            (0xffff_ffff, INV)
        );
        assert_eq!(f32i(0x7fc0_0000, IntType::I32, RNE, true), (0, INV));
        // ±inf.
        assert_eq!(f32i(0x7f80_0000, IntType::I64, RNE, false), (1 << 63, INV));
        assert_eq!(
            f32i(0x7f80_0000, IntType::I64, RNE, true),
            (0x7fff_ffff_ffff_ffff, INV)
        );
        assert_eq!(f32i(0xff80_0000, IntType::U64, RNE, true), (0, INV));
        assert_eq!(f32i(0xff80_0000, IntType::U16, RNE, false), (0xffff, INV));
    }

    #[test]
    fn subnormal_inputs_and_flushing() {
        // 2^−149: 0 under RNE (inexact), 1 under RUP (inexact).
        assert_eq!(f32i(1, IntType::I32, RNE, false), (0, NX));
        assert_eq!(f32i(1, IntType::I32, RUP, false), (1, NX));
        // Flushed input: exactly 0, no inexact, no input-denormal flag.
        let daz = M.with_denormals(DenormModes::all(Denormals {
            flush_inputs: true,
            flush_outputs: false,
        }));
        let r = to_int::<Binary32, Ieee754>(1, IntType::I32, RUP, false, &daz);
        assert_eq!((r.value, r.flags), (0, NONE));
        let r = to_int::<Binary32, Ieee754>(0x8000_0001, IntType::U32, RDN, false, &daz);
        assert_eq!((r.value, r.flags), (0, NONE));
        // Unflushed: still no input-denormal flag (x86 conversions do not raise DE).
        let r = to_int::<Binary32, Ieee754>(0x8000_0001, IntType::I32, RDN, false, &M);
        assert_eq!((r.value, r.flags), (0xffff_ffff, NX));
    }

    #[test]
    fn narrow_formats() {
        // f16 65504 (0x7bff) → i16 out of range; → u16 0xffe0 exact.
        let r = to_int::<Binary16, Ieee754>(0x7bff, IntType::I16, RNE, false, &M);
        assert_eq!((r.value, r.flags), (0x8000, INV));
        let r = to_int::<Binary16, Ieee754>(0x7bff, IntType::U16, RNE, false, &M);
        assert_eq!((r.value, r.flags), (0xffe0, NONE));
        // bf16 −1.0 (0xbf80) → i64 all ones.
        let r = to_int::<BFloat16, Ieee754>(0xbf80, IntType::I64, RNE, false, &M);
        assert_eq!((r.value, r.flags), (u64::MAX, NONE));
    }

    #[test]
    fn from_int_examples() {
        let f = |v: u64, ty, m: &FpMode| {
            let r = from_int::<Binary32, Ieee754>(v, ty, m);
            (r.value, r.flags)
        };
        assert_eq!(f(0xffff_ffff, IntType::I32, &M), (0xbf80_0000, NONE)); // −1
        assert_eq!(f(0x8000_0000, IntType::I32, &M), (0xcf00_0000, NONE)); // −2^31
                                                                           // 2^32 − 1: RNE → 2^32 (0x4f800000); RTZ → 2^32 − 256 (0x4f7fffff).
        assert_eq!(f(0xffff_ffff, IntType::U32, &M), (0x4f80_0000, NX));
        let rtz = M.with_rounding(RTZ);
        assert_eq!(f(0xffff_ffff, IntType::U32, &rtz), (0x4f7f_ffff, NX));
        // Only the low 16 bits are read: 0x1234_ffff as i16 is −1.
        assert_eq!(f(0x1234_ffff, IntType::I16, &M), (0xbf80_0000, NONE));
        assert_eq!(f(0x1234_ffff, IntType::U16, &M), (0x477f_ff00, NONE)); // 65535
                                                                           // Zero is +0 in every direction.
        assert_eq!(f(0, IntType::I32, &M.with_rounding(RDN)), (0, NONE));
        // 2^24 + 1 = 16777217: tie → 2^24 (0x4b800000), inexact.
        assert_eq!(f(0x100_0001, IntType::I32, &M), (0x4b80_0000, NX));

        let d = |v: u64, ty| {
            let r = from_int::<Binary64, Ieee754>(v, ty, &M);
            (r.value, r.flags)
        };
        assert_eq!(d(u64::MAX, IntType::U64), (0x43f0_0000_0000_0000, NX)); // 2^64
        assert_eq!(d(1 << 63, IntType::I64), (0xc3e0_0000_0000_0000, NONE)); // −2^63
        assert_eq!(d(u64::MAX, IntType::I64), (0xbff0_0000_0000_0000, NONE)); // −1

        // f16 (11-bit precision, ulp 32 at 2^15): 65535 is above the midpoint 65520 between
        // 65504 (max finite) and 2^16, so RNE rounds to 2^16: overflow → inf. RTZ rounds
        // (unbounded exponent) to 65504, which does not exceed max finite: no overflow
        // (§7.4), just inexact.
        let r = from_int::<Binary16, Ieee754>(0xffff, IntType::U16, &M);
        assert_eq!((r.value, r.flags), (0x7c00, Flags::OVERFLOW | NX));
        let r = from_int::<Binary16, Ieee754>(0xffff, IntType::U16, &rtz);
        assert_eq!((r.value, r.flags), (0x7bff, NX));
        // 65536 = 2^16 overflows in every direction; RTZ gives max finite.
        let r = from_int::<Binary16, Ieee754>(0x1_0000, IntType::I32, &rtz);
        assert_eq!((r.value, r.flags), (0x7bff, Flags::OVERFLOW | NX));
        // f16: 2049 is a tie between 2048 and 2050 → 2048 (0x6800).
        let r = from_int::<Binary16, Ieee754>(2049, IntType::I32, &M);
        assert_eq!((r.value, r.flags), (0x6800, NX));
        // bf16: −3 (0xfffd as i16) → 0xc040.
        let r = from_int::<BFloat16, Ieee754>(0xfffd, IntType::I16, &M);
        assert_eq!((r.value, r.flags), (0xc040, NONE));
    }
}
