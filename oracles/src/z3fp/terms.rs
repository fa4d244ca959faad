//! Term builders: thin, checked wrappers over the z3 C API for the FloatingPoint,
//! bit-vector, Boolean and real terms the oracle needs. z3 checks sorts itself and reports
//! misuse through its error code (the context has no error handler), which `wrap` turns
//! into a [`Z3Error`].

use super::*;

/// Builders that apply one z3 function to terms: `name(args) -> Type = Z3_function`.
macro_rules! builders {
    ($( $(#[$doc:meta])* $name:ident ( $($arg:ident : $ty:ty),* ) -> $ret:ty = $z3:ident; )*) => {
        $(
            $(#[$doc])*
            pub fn $name(&self, $($arg: $ty),*) -> Result<$ret> {
                // SAFETY: live context; every argument is a live term of this context.
                let raw = unsafe { $z3(self.c(), $($arg.get_z3_ast()),*) };
                self.wrap(raw, stringify!($name))
            }
        )*
    };
}

/// Builders that apply one z3 function to terms and a float sort: the result format is
/// the last argument.
macro_rules! sorted_builders {
    ($( $(#[$doc:meta])* $name:ident ( $($arg:ident : $ty:ty),* ) = $z3:ident; )*) => {
        $(
            $(#[$doc])*
            pub fn $name(&self, $($arg: $ty,)* f: Fmt) -> Result<Float> {
                let sort = self.sort(f)?;
                // SAFETY: live context, terms and sort.
                let raw = unsafe { $z3(self.c(), $($arg.get_z3_ast(),)* sort.get_z3_sort()) };
                self.wrap(raw, stringify!($name))
            }
        )*
    };
}

impl Z3Fp {
    /// A bit-vector numeral of `width` bits (value truncated to 64 bits).
    pub fn bv(&self, value: u64, width: u32) -> Result<BV> {
        if width == 0 {
            return Err(Z3Error("zero-width bit-vector".into()));
        }
        let sort = Sort::bitvector(width);
        // SAFETY: live context and sort.
        let raw = unsafe { Z3_mk_unsigned_int64(self.c(), value, sort.get_z3_sort()) };
        self.wrap(raw, "bv numeral")
    }

    /// The float whose IEEE encoding is `bits` (formats of at most 64 bits). Every NaN
    /// encoding becomes z3's one NaN.
    pub fn fp(&self, f: Fmt, bits: u64) -> Result<Float> {
        if f.width() > 64 {
            return Err(Z3Error(format!("{f:?} is wider than 64 bits")));
        }
        let bv = self.bv(bits, f.width())?;
        self.from_ieee_bv(&bv, f)
    }

    /// `(fp sign exponent fraction)` from its fields (any width; `frac` up to 64 bits).
    pub fn fp_fields(&self, f: Fmt, negative: bool, exp_field: u64, frac: u64) -> Result<Float> {
        Self::check_fmt(f)?;
        let s = self.bv(u64::from(negative), 1)?;
        let e = self.bv(exp_field, f.ebits)?;
        let m = self.bv(frac, f.frac_bits())?;
        self.fp_of_fields(&s, &e, &m)
    }

    /// `2^e` in format `f` (a normal power of two), or an error outside its range.
    pub fn pow2(&self, f: Fmt, e: i64) -> Result<Float> {
        let field = e + f.bias();
        if field <= 0 || field >= (1i64 << f.ebits) - 1 {
            return Err(Z3Error(format!("2^{e} is not a normal number of {f:?}")));
        }
        self.fp_fields(f, false, field as u64, 0)
    }

    builders! {
        fp_of_fields(s: &BV, e: &BV, m: &BV) -> Float = Z3_mk_fpa_fp;
        /// `fp.to_ieee_bv` (z3's extension; unspecified for NaN).
        to_ieee_bv(x: &Float) -> BV = Z3_mk_fpa_to_ieee_bv;
        /// `fp.to_real` (unspecified for infinities and NaN).
        to_real(x: &Float) -> Real = Z3_mk_fpa_to_real;
        add(rm: Rm, a: &Float, b: &Float) -> Float = Z3_mk_fpa_add;
        sub(rm: Rm, a: &Float, b: &Float) -> Float = Z3_mk_fpa_sub;
        mul(rm: Rm, a: &Float, b: &Float) -> Float = Z3_mk_fpa_mul;
        div(rm: Rm, a: &Float, b: &Float) -> Float = Z3_mk_fpa_div;
        sqrt(rm: Rm, a: &Float) -> Float = Z3_mk_fpa_sqrt;
        round_to_integral(rm: Rm, a: &Float) -> Float = Z3_mk_fpa_round_to_integral;
        /// `fp.min`: unspecified for `+0`, `-0`.
        fp_min(a: &Float, b: &Float) -> Float = Z3_mk_fpa_min;
        fp_max(a: &Float, b: &Float) -> Float = Z3_mk_fpa_max;
        abs(a: &Float) -> Float = Z3_mk_fpa_abs;
        fp_eq(a: &Float, b: &Float) -> Bool = Z3_mk_fpa_eq;
        fp_lt(a: &Float, b: &Float) -> Bool = Z3_mk_fpa_lt;
        fp_leq(a: &Float, b: &Float) -> Bool = Z3_mk_fpa_leq;
        fp_gt(a: &Float, b: &Float) -> Bool = Z3_mk_fpa_gt;
        fp_geq(a: &Float, b: &Float) -> Bool = Z3_mk_fpa_geq;
        is_nan(a: &Float) -> Bool = Z3_mk_fpa_is_nan;
        is_inf(a: &Float) -> Bool = Z3_mk_fpa_is_infinite;
        is_zero(a: &Float) -> Bool = Z3_mk_fpa_is_zero;
        not(a: &Bool) -> Bool = Z3_mk_not;
        bvor(a: &BV, b: &BV) -> BV = Z3_mk_bvor;
    }

    sorted_builders! {
        /// `fp` reinterpretation of an IEEE bit-vector (`(_ to_fp e s)` of one bit-vector).
        from_ieee_bv(bv: &BV) = Z3_mk_fpa_to_fp_bv;
        /// `((_ to_fp e s) rm x)`: float to float, rounded.
        to_fp(rm: Rm, x: &Float) = Z3_mk_fpa_to_fp_float;
        /// `((_ to_fp e s) rm r)`: real to float, rounded.
        real_to_fp(rm: Rm, r: &Real) = Z3_mk_fpa_to_fp_real;
        /// `((_ to_fp e s) rm bv)`: signed integer to float.
        from_sbv(rm: Rm, bv: &BV) = Z3_mk_fpa_to_fp_signed;
        /// `((_ to_fp_unsigned e s) rm bv)`: unsigned integer to float.
        from_ubv(rm: Rm, bv: &BV) = Z3_mk_fpa_to_fp_unsigned;
    }

    /// Integer (signed or unsigned bit-vector) to float.
    pub fn from_bv_int(&self, rm: Rm, bv: &BV, signed: bool, f: Fmt) -> Result<Float> {
        if signed {
            self.from_sbv(rm, bv, f)
        } else {
            self.from_ubv(rm, bv, f)
        }
    }

    /// `((_ fp.to_sbv w) rm x)` or `((_ fp.to_ubv w) rm x)`.
    pub fn to_bv_int(&self, rm: Rm, x: &Float, ty: IntTy) -> Result<BV> {
        let (c, rm, x) = (self.c(), rm.get_z3_ast(), x.get_z3_ast());
        // SAFETY: live context and terms.
        let raw = unsafe {
            if ty.signed {
                Z3_mk_fpa_to_sbv(c, rm, x, ty.bits)
            } else {
                Z3_mk_fpa_to_ubv(c, rm, x, ty.bits)
            }
        };
        self.wrap(raw, "fp.to_sbv/ubv")
    }

    /// `ite(c, t, e)`.
    pub fn ite<T: Ast>(&self, c: &Bool, t: &T, e: &T) -> Result<T> {
        // SAFETY: live context and terms (z3 checks that `t` and `e` have one sort).
        let raw = unsafe { Z3_mk_ite(self.c(), c.get_z3_ast(), t.get_z3_ast(), e.get_z3_ast()) };
        self.wrap(raw, "ite")
    }

    /// An n-ary z3 function applied to two terms.
    fn binary_nary<T: Ast>(
        &self,
        z3: unsafe extern "C" fn(Z3_context, u32, *const Z3_ast) -> Option<Z3_ast>,
        a: &T,
        b: &T,
        what: &str,
    ) -> Result<T> {
        let args = [a.get_z3_ast(), b.get_z3_ast()];
        // SAFETY: live context and terms; `args` outlives the call.
        let raw = unsafe { z3(self.c(), 2, args.as_ptr()) };
        self.wrap(raw, what)
    }

    pub fn or(&self, a: &Bool, b: &Bool) -> Result<Bool> {
        self.binary_nary(Z3_mk_or, a, b, "or")
    }
    pub fn and(&self, a: &Bool, b: &Bool) -> Result<Bool> {
        self.binary_nary(Z3_mk_and, a, b, "and")
    }
    pub fn real_mul(&self, a: &Real, b: &Real) -> Result<Real> {
        self.binary_nary(Z3_mk_mul, a, b, "*")
    }
    pub fn real_add(&self, a: &Real, b: &Real) -> Result<Real> {
        self.binary_nary(Z3_mk_add, a, b, "+")
    }
    /// The real numeral 0 (`Real::from_rational` calls a C function newer than 4.8.12).
    pub fn real_zero(&self) -> Result<Real> {
        // SAFETY: live context.
        self.wrap(unsafe { Z3_mk_real(self.c(), 0, 1) }, "real 0")
    }
    pub fn real_eq(&self, a: &Real, b: &Real) -> Result<Bool> {
        // SAFETY: live context and terms.
        self.wrap(
            unsafe { Z3_mk_eq(self.c(), a.get_z3_ast(), b.get_z3_ast()) },
            "=",
        )
    }

    /// `x` exactly converted to a format at least as wide in both fields (no rounding
    /// happens; the mode is irrelevant).
    pub(super) fn widen(&self, x: &Float, to: Fmt) -> Result<Float> {
        self.to_fp(&self.rne, x, to)
    }

    /// Operand `bits` of format `f`, as a term of format `to` (⊇ `f`).
    pub(super) fn operand(&self, f: Fmt, bits: u64, to: Fmt) -> Result<Float> {
        if to.ebits < f.ebits || to.sbits < f.sbits {
            return Err(Z3Error(format!("cannot widen {f:?} to {to:?} exactly")));
        }
        let x = self.fp(f, bits)?;
        if to == f {
            Ok(x)
        } else {
            self.widen(&x, to)
        }
    }
}
