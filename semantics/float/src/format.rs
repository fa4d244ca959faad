//! Binary interchange formats, generic over exponent and fraction width.
//!
//! Every operation in this crate is written once, generic over [`Format`]; the four formats
//! differ only in their constants. Values travel as raw bits (`F::Bits`); internally they are
//! widened to `u64`.

use std::fmt::{Debug, LowerHex};
use std::hash::Hash;

/// Which denormal setting of an [`FpMode`](crate::FpMode) applies to a format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DenormClass {
    Half,
    BFloat,
    Single,
    Double,
}

/// A binary floating-point format: 1 sign bit, `EXP_BITS` exponent bits, `FRAC_BITS`
/// stored fraction bits, an implicit leading bit for normal numbers (IEEE 754-2008 §3.4).
pub trait Format: Copy + Clone + Debug + Default + Eq + Hash + Send + Sync + 'static {
    /// The raw-bits type at the API boundary.
    type Bits: Copy + Debug + LowerHex + Default + Eq + Ord + Hash + Send + Sync + Into<u64>;
    const NAME: &'static str;
    const EXP_BITS: u32;
    const FRAC_BITS: u32;
    const DENORM_CLASS: DenormClass;

    /// Truncate a `u64` to this format's bits (the caller guarantees it fits).
    fn bits_from_u64(v: u64) -> Self::Bits;

    // ---- derived constants: never written out per format ----
    const WIDTH: u32 = 1 + Self::EXP_BITS + Self::FRAC_BITS;
    /// Precision in bits, including the implicit bit.
    const PRECISION: u32 = Self::FRAC_BITS + 1;
    const BIAS: i32 = (1 << (Self::EXP_BITS - 1)) - 1;
    /// Unbiased exponent of the smallest normal number.
    const EMIN: i32 = 1 - Self::BIAS;
    /// Unbiased exponent of the largest finite number.
    const EMAX: i32 = Self::BIAS;
    const EXP_MAX_FIELD: u64 = (1 << Self::EXP_BITS) - 1;
    const SIGN_MASK: u64 = 1 << (Self::WIDTH - 1);
    const FRAC_MASK: u64 = (1 << Self::FRAC_BITS) - 1;
    const EXP_MASK: u64 = Self::EXP_MAX_FIELD << Self::FRAC_BITS;
    const ABS_MASK: u64 = Self::SIGN_MASK - 1;
    /// The quiet bit: the most significant fraction bit (IEEE 754-2008 §6.2.1).
    const QUIET_BIT: u64 = 1 << (Self::FRAC_BITS - 1);
    const INFINITY: u64 = Self::EXP_MASK;
    const MAX_FINITE: u64 = Self::EXP_MASK - 1;
    const MIN_NORMAL: u64 = 1 << Self::FRAC_BITS;
    const ONE: u64 = (Self::BIAS as u64) << Self::FRAC_BITS;
}

macro_rules! format {
    ($(#[$doc:meta])* $name:ident, $bits:ty, $exp:expr, $frac:expr, $class:ident, $label:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;
        impl Format for $name {
            type Bits = $bits;
            const NAME: &'static str = $label;
            const EXP_BITS: u32 = $exp;
            const FRAC_BITS: u32 = $frac;
            const DENORM_CLASS: DenormClass = DenormClass::$class;
            #[inline(always)]
            fn bits_from_u64(v: u64) -> $bits {
                v as $bits
            }
        }
    };
}

format!(
    /// IEEE 754 binary16 (half precision).
    Binary16, u16, 5, 10, Half, "binary16"
);
format!(
    /// bfloat16: binary32's exponent range with 7 fraction bits.
    BFloat16, u16, 8, 7, BFloat, "bfloat16"
);
format!(
    /// IEEE 754 binary32 (single precision).
    Binary32, u32, 8, 23, Single, "binary32"
);
format!(
    /// IEEE 754 binary64 (double precision).
    Binary64, u64, 11, 52, Double, "binary64"
);

/// The IEEE 754 classes (§5.7.2 `class`), with signalling and quiet NaN told apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Class {
    SignalingNan,
    QuietNan,
    NegativeInfinity,
    NegativeNormal,
    NegativeSubnormal,
    NegativeZero,
    PositiveZero,
    PositiveSubnormal,
    PositiveNormal,
    PositiveInfinity,
}

impl Class {
    /// All ten classes, in the order of IEEE 754-2008 §5.7.2.
    pub const ALL: [Class; 10] = [
        Class::SignalingNan,
        Class::QuietNan,
        Class::NegativeInfinity,
        Class::NegativeNormal,
        Class::NegativeSubnormal,
        Class::NegativeZero,
        Class::PositiveZero,
        Class::PositiveSubnormal,
        Class::PositiveNormal,
        Class::PositiveInfinity,
    ];
}

/// Raw-bit predicates on a value of format `F` held in a `u64`.
#[inline(always)]
pub(crate) fn sign<F: Format>(x: u64) -> bool {
    x & F::SIGN_MASK != 0
}
#[inline(always)]
pub(crate) fn exp_field<F: Format>(x: u64) -> u64 {
    (x & F::EXP_MASK) >> F::FRAC_BITS
}
#[inline(always)]
pub(crate) fn is_nan<F: Format>(x: u64) -> bool {
    x & F::ABS_MASK > F::INFINITY
}
#[inline(always)]
pub(crate) fn is_snan<F: Format>(x: u64) -> bool {
    is_nan::<F>(x) && x & F::QUIET_BIT == 0
}
#[inline(always)]
pub(crate) fn is_inf<F: Format>(x: u64) -> bool {
    x & F::ABS_MASK == F::INFINITY
}
#[inline(always)]
pub(crate) fn is_zero<F: Format>(x: u64) -> bool {
    x & F::ABS_MASK == 0
}
#[inline(always)]
pub(crate) fn is_subnormal<F: Format>(x: u64) -> bool {
    x & F::EXP_MASK == 0 && x & F::FRAC_MASK != 0
}

/// Classify raw bits (a non-computational operation: no mode, no flags).
pub fn classify<F: Format>(x: F::Bits) -> Class {
    let x: u64 = x.into();
    let neg = sign::<F>(x);
    if is_nan::<F>(x) {
        if x & F::QUIET_BIT != 0 {
            Class::QuietNan
        } else {
            Class::SignalingNan
        }
    } else if is_inf::<F>(x) {
        if neg {
            Class::NegativeInfinity
        } else {
            Class::PositiveInfinity
        }
    } else if is_zero::<F>(x) {
        if neg {
            Class::NegativeZero
        } else {
            Class::PositiveZero
        }
    } else if is_subnormal::<F>(x) {
        if neg {
            Class::NegativeSubnormal
        } else {
            Class::PositiveSubnormal
        }
    } else if neg {
        Class::NegativeNormal
    } else {
        Class::PositiveNormal
    }
}

/// Typed predicates for callers outside the crate.
pub fn is_nan_bits<F: Format>(x: F::Bits) -> bool {
    is_nan::<F>(x.into())
}
pub fn is_signaling_nan_bits<F: Format>(x: F::Bits) -> bool {
    is_snan::<F>(x.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_constants_match_ieee_tables() {
        // IEEE 754-2008 Table 3.5: emax for binary16/32/64 is 15/127/1023.
        assert_eq!(Binary16::EMAX, 15);
        assert_eq!(Binary32::EMAX, 127);
        assert_eq!(Binary64::EMAX, 1023);
        assert_eq!(BFloat16::EMAX, 127);
        assert_eq!(Binary32::ONE, 0x3f80_0000);
        assert_eq!(Binary16::ONE, 0x3c00);
        assert_eq!(BFloat16::ONE, 0x3f80);
        assert_eq!(Binary64::ONE, 0x3ff0_0000_0000_0000);
        assert_eq!(Binary32::MAX_FINITE, 0x7f7f_ffff);
        assert_eq!(Binary16::QUIET_BIT, 0x200);
    }

    #[test]
    fn classify_examples() {
        assert_eq!(classify::<Binary32>(0x7fc0_0000), Class::QuietNan);
        assert_eq!(classify::<Binary32>(0x7f80_0001), Class::SignalingNan);
        assert_eq!(classify::<Binary32>(0xff80_0000), Class::NegativeInfinity);
        assert_eq!(classify::<Binary32>(0x8000_0001), Class::NegativeSubnormal);
        assert_eq!(classify::<Binary32>(0x8000_0000), Class::NegativeZero);
        assert_eq!(classify::<Binary16>(0x0400), Class::PositiveNormal);
        assert_eq!(classify::<Binary16>(0x03ff), Class::PositiveSubnormal);
        assert_eq!(classify::<BFloat16>(0x7f81), Class::SignalingNan);
    }
}
