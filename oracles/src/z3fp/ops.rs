//! The operations: one ground term per operation, evaluated with derived flags.

use super::*;

impl Z3Fp {
    /// `fp.add`/`fp.sub`/`fp.mul`/`fp.div` of two operands of format `f`.
    pub fn binary(&self, op: BinOp, f: Fmt, r: Rounding, a: u64, b: u64) -> Result<Outcome> {
        self.rounded(f, r, 2, &[(f, a), (f, b)], &|out, rm| {
            let x = self.operand(f, a, out)?;
            let y = self.operand(f, b, out)?;
            match op {
                BinOp::Add => self.add(rm, &x, &y),
                BinOp::Sub => self.sub(rm, &x, &y),
                BinOp::Mul => self.mul(rm, &x, &y),
                BinOp::Div => self.div(rm, &x, &y),
            }
        })
    }

    /// `fp.sqrt`.
    pub fn sqrt_op(&self, f: Fmt, r: Rounding, a: u64) -> Result<Outcome> {
        self.rounded(f, r, 2, &[(f, a)], &|out, rm| {
            self.sqrt(rm, &self.operand(f, a, out)?)
        })
    }

    /// `fp.roundToIntegral` in direction `r`. `exact` selects roundToIntegralExact, which
    /// signals inexact when the result differs from the operand; the plain operation never
    /// signals inexact (IEEE 754-2008 §5.9).
    pub fn round_to_integral_op(
        &self,
        f: Fmt,
        r: Rounding,
        exact: bool,
        a: u64,
    ) -> Result<Outcome> {
        let mut o = self.rounded(f, r, 2, &[(f, a)], &|out, rm| {
            self.round_to_integral(rm, &self.operand(f, a, out)?)
        })?;
        if !exact {
            o.flags = o.flags.without(Flags::INEXACT);
        }
        Ok(o)
    }

    /// `((_ to_fp e s) rm a)`: conversion between float formats.
    pub fn convert(&self, from: Fmt, to: Fmt, r: Rounding, a: u64) -> Result<Outcome> {
        let extra = from.ebits.max(to.ebits) + 2 - to.ebits;
        self.rounded(to, r, extra, &[(from, a)], &|out, rm| {
            self.to_fp(rm, &self.fp(from, a)?, out)
        })
    }

    /// Integer → float: `to_fp` (signed) / `to_fp_unsigned` of the low `ty.bits` bits of
    /// `value`.
    pub fn from_int(&self, f: Fmt, r: Rounding, value: u64, ty: IntTy) -> Result<Outcome> {
        // At least 8 exponent bits (emax 127) keep every integer up to 2^64 finite.
        let extra = 8u32.saturating_sub(f.ebits) + 2;
        self.rounded(f, r, extra, &[], &|out, rm| {
            let bv = self.bv(value & ty.mask(), ty.bits)?;
            self.from_bv_int(rm, &bv, ty.signed, out)
        })
    }

    /// Float → integer with `fp.to_sbv`/`fp.to_ubv` in direction `r`. The value is given only
    /// when the rounded operand is in the type's range (z3 leaves the rest unspecified).
    /// Flags: invalid for NaN and out-of-range operands; inexact when in range and the
    /// rounded value differs from the operand (convertToIntegerExact, §5.8; the plain
    /// convertToInteger operations do not signal it: the caller drops it for those).
    pub fn to_int(&self, f: Fmt, r: Rounding, a: u64, ty: IntTy) -> Result<IntOutcome> {
        let invalid = IntOutcome {
            value: None,
            flags: Flags::INVALID,
        };
        if f.is_nan(a) {
            return Ok(invalid);
        }
        let rm = self.rm(r);
        let x = self.fp(f, a)?;
        let rounded = self.round_to_integral(rm, &x)?;
        // Compare in a format holding every 64-bit integer and every operand exactly.
        let wide = Fmt {
            ebits: f.ebits.max(8) + 1,
            sbits: f.sbits.max(66),
        };
        let rw = self.widen(&rounded, wide)?;
        let bound = |bits| self.from_bv_int(&self.rne, &self.bv(bits, ty.bits)?, ty.signed, wide);
        let (lo, hi) = (bound(ty.min_bits())?, bound(ty.max_bits())?);
        let in_range = self.and(&self.fp_geq(&rw, &lo)?, &self.fp_leq(&rw, &hi)?)?;
        if !self.eval_bool(&in_range)? {
            return Ok(invalid);
        }
        let value = self.eval_bv(&self.to_bv_int(rm, &x, ty)?)?;
        let exact = self.eval_bool(&self.fp_eq(&rounded, &x)?)?;
        Ok(IntOutcome {
            value: Some(value),
            flags: Flags::when(!exact, Flags::INEXACT),
        })
    }

    /// `fp.min`/`fp.max` (`max` selects): a NaN operand loses to a number, as IEEE
    /// 754-2019 minimumNumber/maximumNumber. With `nan_propagates`, a NaN operand gives NaN
    /// instead (754-2019 minimum/maximum): `ite(isNaN(a) or isNaN(b), NaN, fp.min(a, b))`.
    /// `None` for a pair of zeros of opposite signs, where z3 leaves the choice
    /// unspecified. An sNaN operand signals invalid.
    pub fn min_max(
        &self,
        f: Fmt,
        max: bool,
        nan_propagates: bool,
        a: u64,
        b: u64,
    ) -> Result<Option<Outcome>> {
        if f.is_zero(a) && f.is_zero(b) && a != b {
            return Ok(None);
        }
        let x = self.fp(f, a)?;
        let y = self.fp(f, b)?;
        let mut t = if max {
            self.fp_max(&x, &y)?
        } else {
            self.fp_min(&x, &y)?
        };
        if nan_propagates {
            let any_nan = self.or(&self.is_nan(&x)?, &self.is_nan(&y)?)?;
            let nan = self.fp(f, f.infinity() | f.quiet_bit())?;
            t = self.ite(&any_nan, &nan, &t)?;
        }
        let value = self.eval_fp(&t)?;
        let flags = Flags::when(f.is_snan(a) || f.is_snan(b), Flags::INVALID);
        Ok(Some(Outcome { value, flags }))
    }

    /// A comparison: the union of `fp.lt`, `fp.eq`, `fp.gt` and "either is NaN" over the
    /// relations in `pred`. `signaling`: the §5.11 predicates that signal invalid on any NaN
    /// operand; quiet ones signal only on sNaN.
    pub fn compare(
        &self,
        f: Fmt,
        pred: Relations,
        signaling: bool,
        a: u64,
        b: u64,
    ) -> Result<(bool, Flags)> {
        let x = self.fp(f, a)?;
        let y = self.fp(f, b)?;
        let unordered = self.or(&self.is_nan(&x)?, &self.is_nan(&y)?)?;
        let mut t = Bool::from_bool(false);
        for (wanted, rel) in [
            (pred.less, self.fp_lt(&x, &y)?),
            (pred.equal, self.fp_eq(&x, &y)?),
            (pred.greater, self.fp_gt(&x, &y)?),
            (pred.unordered, unordered.clone()),
        ] {
            if wanted {
                t = self.or(&t, &rel)?;
            }
        }
        let result = self.eval_bool(&t)?;
        let any_nan = self.eval_bool(&unordered)?;
        let invalid = f.is_snan(a) || f.is_snan(b) || (signaling && any_nan);
        Ok((result, Flags::when(invalid, Flags::INVALID)))
    }

    /// The fractional part `a - floor(a)`: `floor` is `fp.roundToIntegral` toward -inf
    /// (exact), the difference is formed exactly in a format wide enough for every bit
    /// from 2^-1 down to the smallest subnormal, and rounded once to `f`. An exact zero
    /// difference gets §6.3's sign (-0 only toward -inf); ±inf gives NaN (inf - inf).
    pub fn fract(&self, f: Fmt, r: Rounding, a: u64) -> Result<Outcome> {
        let w = Fmt {
            ebits: f.ebits + 1,
            sbits: u32::try_from(f.bias()).unwrap_or(u32::MAX / 2) + f.sbits + 2,
        };
        self.rounded(f, r, 2, &[(f, a)], &|out, rm| {
            let x = self.fp(f, a)?;
            let floor = self.round_to_integral(&self.rtn, &x)?;
            let d = self.sub(rm, &self.widen(&x, w)?, &self.widen(&floor, w)?)?;
            self.to_fp(rm, &d, out)
        })
    }

    /// Whether `(m, e)` is `frexp(a)` for a finite nonzero `a`: z3 confirms
    /// `m * 2^e == a` exactly (same sign) and `0.5 <= |m| < 1`, which determine `(m, e)`
    /// uniquely. `None` when `a` is zero, infinite or NaN (frexp's conventions there are
    /// not arithmetic).
    pub fn frexp_holds(&self, f: Fmt, a: u64, m: u64, e: i64) -> Result<Option<bool>> {
        if !f.is_finite(a) || f.is_zero(a) {
            return Ok(None);
        }
        if !f.is_finite(m) || f.is_negative(m) != f.is_negative(a) {
            return Ok(Some(false));
        }
        // 2^e for |e| within the format's range plus its precision, in a format where
        // m * 2^e is exact.
        let w = f.wider_exponent(2);
        let Ok(p) = self.pow2(w, e) else {
            return Ok(Some(false));
        };
        let mw = self.operand(f, m, w)?;
        let prod = self.mul(&self.rne, &mw, &p)?;
        let same = self.fp_eq(&prod, &self.operand(f, a, w)?)?;
        let abs_m = self.abs(&self.fp(f, m)?)?;
        let half = self.fp(f, f.one() - f.min_normal())?;
        let one = self.fp(f, f.one())?;
        let in_range = self.and(&self.fp_geq(&abs_m, &half)?, &self.fp_lt(&abs_m, &one)?)?;
        Ok(Some(self.eval_bool(&self.and(&same, &in_range)?)?))
    }

    /// `a * 2^n`, rounded once: the operand widened exactly, multiplied by the power of two
    /// (exact there), then converted with `to_fp`.
    pub fn ldexp(&self, f: Fmt, r: Rounding, a: u64, n: i64) -> Result<Outcome> {
        // Beyond +-limit every finite nonzero `a` overflows, or lies below half the smallest
        // subnormal, for `n` and for the clamped `n` alike: the rounded results agree.
        let limit = 2 * f.bias() + i64::from(f.sbits) + 2;
        let n = n.clamp(-limit, limit);
        // Three more exponent bits keep every a * 2^n (|n| <= limit) normal and finite, so
        // the product below is exact and the same format serves as the unbounded one.
        let w = f.wider_exponent(3);
        self.rounded(f, r, 3, &[(f, a)], &|out, rm| {
            let x = self.operand(f, a, w)?;
            let p = self.pow2(w, n)?;
            let prod = self.mul(&self.rne, &x, &p)?;
            self.to_fp(rm, &prod, out)
        })
    }

    /// `round(round(a * b) + c)`: two roundings, flags of both steps.
    pub fn mul_add_unfused(&self, f: Fmt, r: Rounding, a: u64, b: u64, c: u64) -> Result<Outcome> {
        let p = self.binary(BinOp::Mul, f, r, a, b)?;
        let p_bits = match p.value {
            Value::Bits(x) => x,
            Value::Nan => f.infinity() | f.quiet_bit(), // any quiet NaN: z3 has only one
        };
        let s = self.binary(BinOp::Add, f, r, p_bits, c)?;
        Ok(Outcome {
            value: s.value,
            flags: s.flags | p.flags,
        })
    }

    // ------------------------------------------------------------------ fused multiply-add

    /// The format in which [`Z3Fp::fma`] forms the exact product and the round-to-odd sum:
    /// twice the precision of `f` and two more exponent bits.
    pub fn fma_wide_format(f: Fmt) -> Fmt {
        Fmt {
            ebits: f.ebits + 2,
            sbits: 2 * f.sbits,
        }
    }

    /// Check the conditions the FMA construction relies on, by integer arithmetic on the
    /// formats' parameters (see docs/design/0004-z3-oracle.md):
    /// 1. the product of two `f` significands (at most `2p` bits) fits `W`'s precision;
    /// 2. every nonzero product and every nonzero exact sum `a*b + c` (a multiple of the
    ///    square of `f`'s smallest subnormal, below `2^(2 emax + 3)`) is a normal number of
    ///    `W`;
    /// 3. `W` has at least two more bits of precision than `f`, so that the round-to-odd sum
    ///    rounds to `f` (and to `f` with a wider exponent) as the exact sum would.
    pub fn fma_construction_holds(f: Fmt) -> bool {
        let w = Self::fma_wide_format(f);
        let p = i64::from(f.sbits);
        let smallest_exp = 2 * (f.emin() - (p - 1)); // exponent of (min subnormal)^2
        let largest_exp = 2 * (f.emax() + 1) + 1; // |a*b + c| < 2^(2 emax + 3)
        w.sbits >= 2 * f.sbits
            && w.sbits >= f.sbits + 2
            && w.emin() <= smallest_exp
            && w.emax() >= largest_exp
    }

    /// The fused multiply-add term `a*b + c` rounded once to `out` (whose precision is
    /// `f`'s and whose exponent range is at least `f`'s), without `fp.fma`:
    /// `x = fp.mul(a, b)` in `W` is exact; `s` is `x + c` in `W` if that is exact (tested as
    /// `fp.add` toward +inf equal to toward -inf), else the sum rounded toward zero with its
    /// last significand bit set (round to odd); the result is `to_fp(rm, s)`.
    fn fma_term(&self, f: Fmt, rm: Rm, a: u64, b: u64, c: u64, out: Fmt) -> Result<Float> {
        let w = Self::fma_wide_format(f);
        let x = self.mul(&self.rne, &self.operand(f, a, w)?, &self.operand(f, b, w)?)?;
        let z = self.operand(f, c, w)?;
        let sum_rm = self.add(rm, &x, &z)?;
        let toward_zero = self.add(&self.rtz, &x, &z)?;
        let exact = self.fp_eq(&self.add(&self.rtp, &x, &z)?, &self.add(&self.rtn, &x, &z)?)?;
        // NaN sums are never "exact" by fp.eq; infinite ones are, but say so explicitly.
        let special = self.or(&self.is_nan(&toward_zero)?, &self.is_inf(&toward_zero)?)?;
        let keep = self.or(&exact, &special)?;
        let odd_bits = self.bvor(&self.to_ieee_bv(&toward_zero)?, &self.bv(1, w.width())?)?;
        let odd = self.from_ieee_bv(&odd_bits, w)?;
        // An exact sum uses the target mode, so that an exact zero gets §6.3's sign.
        let s = self.ite(&keep, &sum_rm, &odd)?;
        self.to_fp(rm, &s, out)
    }

    /// Fused multiply-add `a*b + c` of format `f`, rounded once, with derived flags. The
    /// flags follow IEEE 754-2008 with the baseline's choice for `fma(inf, 0, qNaN)`: the
    /// NaN operand propagates and invalid is not signalled.
    pub fn fma(&self, f: Fmt, r: Rounding, a: u64, b: u64, c: u64) -> Result<Outcome> {
        if !Self::fma_construction_holds(f) {
            return Err(Z3Error(format!("FMA construction not valid for {f:?}")));
        }
        // The unbounded-exponent rounding uses W's exponent range (see fma_construction_holds).
        self.rounded(f, r, 2, &[(f, a), (f, b), (f, c)], &|out, rm| {
            self.fma_term(f, rm, a, b, c, out)
        })
    }

    /// A second FMA construction for checking [`Z3Fp::fma`]: the exact value
    /// `a*b + c` in real arithmetic (`fp.to_real`), rounded once by `to_fp`. Defined only
    /// for finite operands with a nonzero exact result (reals have no signed zero); `None`
    /// otherwise.
    pub fn fma_via_reals(
        &self,
        f: Fmt,
        r: Rounding,
        a: u64,
        b: u64,
        c: u64,
    ) -> Result<Option<Value>> {
        if !(f.is_finite(a) && f.is_finite(b) && f.is_finite(c)) {
            return Ok(None);
        }
        let ra = self.to_real(&self.fp(f, a)?)?;
        let rb = self.to_real(&self.fp(f, b)?)?;
        let rc = self.to_real(&self.fp(f, c)?)?;
        let exact = self.real_add(&self.real_mul(&ra, &rb)?, &rc)?;
        let is_zero = self.real_eq(&exact, &self.real_zero()?)?;
        if self.eval_bool(&is_zero)? {
            return Ok(None);
        }
        let t = self.real_to_fp(self.rm(r), &exact, f)?;
        self.eval_fp(&t).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_hold_the_fma_construction() {
        for f in [Fmt::BINARY16, Fmt::BFLOAT16, Fmt::BINARY32, Fmt::BINARY64] {
            assert!(Z3Fp::fma_construction_holds(f), "{f:?}");
        }
        // And the check can fail: a wide format with too few exponent bits.
        assert!(!Z3Fp::fma_construction_holds(Fmt {
            ebits: 2,
            sbits: 30
        }));
    }

    #[test]
    fn evaluates_simple_terms() {
        let z = Z3Fp::new();
        let f = Fmt::BINARY32;
        let o = z
            .binary(
                BinOp::Add,
                f,
                Rounding::NearestEven,
                0x3fc0_0000,
                0x4010_0000,
            )
            .unwrap();
        assert_eq!(o.value, Value::Bits(0x4070_0000)); // 1.5 + 2.25 = 3.75
        assert_eq!(o.flags, Flags::NONE);
        let o = z
            .binary(BinOp::Div, f, Rounding::NearestEven, 0, 0)
            .unwrap();
        assert_eq!(o.value, Value::Nan);
        assert_eq!(o.flags, Flags::INVALID);
    }
}
