//! Exact sums of products with one rounding to binary32, and a sound interval around them
//! that holds every result of the same sum evaluated with a rounding at each step, in any
//! order (the matrix instructions whose summation order and intermediate rounding are
//! unpublished; docs/design/0036-gcn5-mfma.md derives the bound).
//!
//! The inputs are binary16, bfloat16 or binary32 values (every such product and binary32
//! addend is a multiple of 2^-298 below 2^257), so the exact sum fits a fixed-point
//! accumulator of 768 bits whose last place is 2^-384 ([`Wide`]).

use crate::format::{exp_field, Binary32, Format};
use crate::mode::{FpMode, Rounding};
use crate::round::{round_pack, unpack};

const LIMBS: usize = 12;
/// The accumulator holds `value × 2^LSB`.
const LSB: i32 = 384;

/// A two's-complement fixed-point number of `LIMBS` 64-bit limbs (`value × 2^LSB`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Wide([u64; LIMBS]);

impl Wide {
    const ZERO: Wide = Wide([0; LIMBS]);

    /// `mag × 2^shift` (the shift may be negative when the bits shifted out are zero).
    fn from_shifted(mag: u128, shift: i32) -> Wide {
        let mut w = Wide::ZERO;
        let (mag, shift) = if shift < 0 {
            (mag >> (-shift) as u32, 0)
        } else {
            (mag, shift as u32)
        };
        let (limb, off) = ((shift / 64) as usize, shift % 64);
        let parts = [
            (mag << off) as u64,
            ((mag << off) >> 64) as u64,
            if off == 0 {
                0
            } else {
                (mag >> (128 - off)) as u64
            },
        ];
        for (i, p) in parts.into_iter().enumerate() {
            if let Some(l) = w.0.get_mut(limb + i) {
                *l = p;
            }
        }
        w
    }

    fn add(&self, o: &Wide) -> Wide {
        let mut r = Wide::ZERO;
        let mut carry = false;
        for i in 0..LIMBS {
            let (s, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            r.0[i] = s;
            carry = c1 || c2;
        }
        r
    }

    fn neg(&self) -> Wide {
        let mut inv = Wide::ZERO;
        for i in 0..LIMBS {
            inv.0[i] = !self.0[i];
        }
        inv.add(&Wide::from_shifted(1, 0))
    }

    fn sub(&self, o: &Wide) -> Wide {
        self.add(&o.neg())
    }

    fn is_neg(&self) -> bool {
        self.0[LIMBS - 1] >> 63 == 1
    }

    fn abs(&self) -> Wide {
        if self.is_neg() {
            self.neg()
        } else {
            *self
        }
    }

    /// The index of the leading one of a non-negative value.
    fn msb(&self) -> Option<u32> {
        (0..LIMBS)
            .rev()
            .find(|&i| self.0[i] != 0)
            .map(|i| 64 * i as u32 + 63 - self.0[i].leading_zeros())
    }

    /// A non-negative value times `m`.
    fn mul_small(&self, m: u64) -> Wide {
        let mut r = Wide::ZERO;
        let mut carry = 0u128;
        for i in 0..LIMBS {
            let p = u128::from(self.0[i]) * u128::from(m) + carry;
            r.0[i] = p as u64;
            carry = p >> 64;
        }
        r
    }

    /// A non-negative value shifted right by `n` < 64 bits (callers make it exact).
    fn shr(&self, n: u32) -> Wide {
        let mut r = Wide::ZERO;
        for i in 0..LIMBS {
            let hi = if i + 1 < LIMBS { self.0[i + 1] } else { 0 };
            r.0[i] = (self.0[i] >> n) | if n == 0 { 0 } else { hi << (64 - n) };
        }
        r
    }

    /// Whether `self < o` for non-negative values.
    fn lt(&self, o: &Wide) -> bool {
        self.sub(o).is_neg()
    }

    /// Round to binary32 under `mode` (zero gives +0; the caller signs exact zeros).
    fn round(&self, mode: &FpMode) -> u64 {
        let neg = self.is_neg();
        let mag = self.abs();
        let Some(p) = mag.msb() else { return 0 };
        let (sig, sticky) = if p >= 62 {
            let lo = p - 62;
            let (limb, off) = ((lo / 64) as usize, lo % 64);
            let hi = mag.0.get(limb + 1).copied().unwrap_or(0);
            let v = ((u128::from(hi) << 64 | u128::from(mag.0[limb])) >> off) as u64;
            let below =
                mag.0[..limb].iter().any(|&l| l != 0) || mag.0[limb] & ((1u64 << off) - 1) != 0;
            (v & ((1u64 << 63) - 1), below)
        } else {
            (mag.0[0] << (62 - p), false)
        };
        round_pack::<Binary32>(neg, p as i32 - LSB, sig | u64::from(sticky), mode).value
    }
}

/// What an exact sum of products is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SumValue {
    /// Some term is NaN, a product is ∞ × 0, or infinities of both signs meet.
    Nan,
    /// The infinities among the terms all have this sign (true: negative).
    Inf(bool),
    /// Every term is finite.
    Finite,
}

/// An exact sum `Σ a_i × b_i + Σ c_j` of binary16/bfloat16/binary32 products and binary32
/// terms.
#[derive(Clone, Copy, Debug)]
pub struct ExactSum {
    sum: Wide,
    /// Σ |term| over the finite terms.
    abs: Wide,
    nan: bool,
    pos_inf: bool,
    neg_inf: bool,
    /// Whether every term so far is -0 (an exact zero sum then keeps the sign).
    all_neg_zero: bool,
}

impl Default for ExactSum {
    fn default() -> Self {
        ExactSum::new()
    }
}

impl ExactSum {
    pub fn new() -> ExactSum {
        ExactSum {
            sum: Wide::ZERO,
            abs: Wide::ZERO,
            nan: false,
            pos_inf: false,
            neg_inf: false,
            all_neg_zero: true,
        }
    }

    fn add_finite(&mut self, neg: bool, mag: u128, shift: i32) {
        let t = Wide::from_shifted(mag, shift);
        self.abs = self.abs.add(&t);
        self.sum = if neg {
            self.sum.sub(&t)
        } else {
            self.sum.add(&t)
        };
        self.all_neg_zero &= neg && mag == 0;
    }

    /// Add `a × b`, both of format `F` (binary16, bfloat16 or binary32), exactly. NaN
    /// operands and ∞ × 0 make the sum NaN; subnormal operands are used as they are (a
    /// caller that flushes passes the flushed bits).
    pub fn add_product<F: Format>(&mut self, a: u64, b: u64) {
        debug_assert!(F::EXP_BITS <= 8 && F::FRAC_BITS <= 23);
        let neg = (a ^ b) & F::SIGN_MASK != 0;
        let special = |x: u64| exp_field::<F>(x) == F::EXP_MAX_FIELD;
        let zero = |x: u64| x & F::ABS_MASK == 0;
        if (special(a) && a & F::FRAC_MASK != 0) || (special(b) && b & F::FRAC_MASK != 0) {
            self.nan = true;
        } else if special(a) || special(b) {
            if zero(a) || zero(b) {
                self.nan = true;
            } else if neg {
                self.neg_inf = true;
            } else {
                self.pos_inf = true;
            }
        } else if zero(a) || zero(b) {
            self.add_finite(neg, 0, 0);
        } else {
            let (x, y) = (unpack::<F>(a), unpack::<F>(b));
            let mag = u128::from(x.sig) * u128::from(y.sig);
            // value = mag × 2^(ex + ey − 124)
            self.add_finite(neg, mag, x.exp + y.exp - 124 + LSB);
        }
    }

    /// Add the binary32 value `c` exactly.
    pub fn add_f32(&mut self, c: u64) {
        // c × 1.0: the product of a binary32 value and one is the value.
        self.add_product::<Binary32>(c, Binary32::ONE);
    }

    /// What the sum is.
    pub fn value(&self) -> SumValue {
        if self.nan || (self.pos_inf && self.neg_inf) {
            SumValue::Nan
        } else if self.pos_inf || self.neg_inf {
            SumValue::Inf(self.neg_inf)
        } else {
            SumValue::Finite
        }
    }

    /// The exact sum of a [`SumValue::Finite`] sum rounded once to binary32 under `mode`
    /// (its rounding, its binary32 output flushing). An exact zero is -0 when every term
    /// is -0 or the rounding is toward -∞, +0 otherwise (IEEE 754 §6.3).
    pub fn round(&self, mode: &FpMode) -> u64 {
        if self.sum == Wide::ZERO {
            let neg = self.all_neg_zero || mode.rounding == Rounding::TowardNegative;
            return u64::from(neg) * Binary32::SIGN_MASK;
        }
        self.sum.round(mode)
    }

    /// An interval `(lo, hi)` of binary32 bits (numeric order, -0 before +0) holding every
    /// result of the finite sum evaluated by operations that each round to binary32 or
    /// wider, in any rounding direction, with or without flushing subnormal results, where
    /// each term passes at most `roundings` operations; `None` when a partial sum may
    /// overflow. Bound: `roundings × (2^-23 + 2^-40) × Σ|t| + roundings × 2^-124`
    /// (docs/design/0036-gcn5-mfma.md).
    pub fn interval(&self, roundings: u32) -> Option<(u64, u64)> {
        let m = u64::from(roundings.max(1));
        let s = self.abs.mul_small(m);
        let err = s
            .shr(23)
            .add(&s.shr(40))
            .add(&Wide::from_shifted(u128::from(m), LSB - 124));
        let max = Wide::from_shifted(
            u128::from((Binary32::MAX_FINITE & Binary32::FRAC_MASK) | Binary32::MIN_NORMAL),
            LSB + Binary32::EMAX - 23,
        );
        if !self.abs.add(&err).lt(&max) {
            return None;
        }
        let keep = FpMode::IEEE;
        let lo = self.sum.sub(&err);
        let hi = self.sum.add(&err);
        let lo_bits = if lo == Wide::ZERO {
            Binary32::SIGN_MASK
        } else {
            lo.round(&keep.with_rounding(Rounding::TowardNegative))
        };
        let hi_bits = hi.round(&keep.with_rounding(Rounding::TowardPositive));
        Some((lo_bits, hi_bits))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{BFloat16, Binary16};

    // Expected values worked by hand from the binary formats.
    #[test]
    fn one_rounding_of_exact_sums() {
        let mut s = ExactSum::new();
        // 1.5 × 2.0 + 0.25 = 3.25 = 0x40500000
        s.add_product::<Binary32>(0x3fc0_0000, 0x4000_0000);
        s.add_f32(0x3e80_0000);
        assert_eq!(s.round(&FpMode::IEEE), 0x4050_0000);
        // f16 1.0 × f16 -2.0 = -2.0
        let mut h = ExactSum::new();
        h.add_product::<Binary16>(0x3c00, 0xc000);
        assert_eq!(h.round(&FpMode::IEEE), 0xc000_0000);
        // bf16 2^100 × 2^100 + (-(2^100 × 2^100)) + 1.0 = 1.0 exactly (no overflow)
        let mut b = ExactSum::new();
        b.add_product::<BFloat16>(0x7180, 0x7180);
        b.add_product::<BFloat16>(0xf180, 0x7180);
        b.add_f32(0x3f80_0000);
        assert_eq!(b.round(&FpMode::IEEE), 0x3f80_0000);
        // 1.0 + 2^-30 rounds to 1.0 (RNE) and to 1 + 2^-23 (toward +inf)
        let mut t = ExactSum::new();
        t.add_f32(0x3f80_0000);
        t.add_f32(0x3080_0000);
        assert_eq!(t.round(&FpMode::IEEE), 0x3f80_0000);
        let up = FpMode::IEEE.with_rounding(Rounding::TowardPositive);
        assert_eq!(t.round(&up), 0x3f80_0001);
    }

    #[test]
    fn zeros_specials_and_intervals() {
        let mut z = ExactSum::new();
        z.add_f32(0x8000_0000);
        z.add_product::<Binary32>(0x8000_0000, 0x3f80_0000);
        assert_eq!(z.round(&FpMode::IEEE), 0x8000_0000);
        z.add_f32(0);
        assert_eq!(z.round(&FpMode::IEEE), 0);
        let mut n = ExactSum::new();
        n.add_product::<Binary32>(0x7f80_0000, 0);
        assert_eq!(n.value(), SumValue::Nan);
        let mut i = ExactSum::new();
        i.add_product::<Binary32>(0x7f80_0000, 0xbf80_0000);
        i.add_f32(0x3f80_0000);
        assert_eq!(i.value(), SumValue::Inf(true));
        // 1.0 + 1.0 with 2 roundings: 2 × (2^-23 + 2^-40) × 2 + 2 × 2^-124 around 2.0: the
        // interval is [2 - 2^-21 (about), 2 + 2^-21]: RD/RU give 0x3fffffff.. and 0x40000003
        let mut e = ExactSum::new();
        e.add_f32(0x3f80_0000);
        e.add_f32(0x3f80_0000);
        let (lo, hi) = e.interval(2).unwrap();
        // 2 - 4·2^-23 - tiny → RD: below 2 the spacing is 2^-23: 2 - 5·2^-23 = 0x3ffffffb
        assert_eq!(lo, 0x3fff_fffb);
        // 2 + 4·2^-23 + tiny → RU: above 2 the spacing is 2^-22: 2 + 3·2^-22 = 0x40000003
        assert_eq!(hi, 0x4000_0003);
        // MAX + MAX may overflow in a partial sum: no interval
        let mut o = ExactSum::new();
        o.add_f32(0x7f7f_ffff);
        o.add_f32(0xff7f_ffff);
        assert_eq!(o.interval(2), None);
    }
}
