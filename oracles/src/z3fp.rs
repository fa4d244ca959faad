//! z3's floating-point theory as an oracle for concrete inputs.
//!
//! Every function here takes operand bits, a format and a rounding mode, builds the
//! corresponding ground term of the SMT-LIB FloatingPoint theory (`fp.add`, `fp.sqrt`,
//! `to_fp`, `fp.to_sbv`, ...), lets z3's simplifier evaluate it, and reads the result back
//! as bits. Nothing here looks at gpuref-float's operations: the only things taken from
//! gpuref-float are the names of the rounding modes and the [`Flags`] bit set the derived
//! flags are reported in.
//!
//! What z3 models and what it cannot (docs/design/0004-z3-oracle.md has the full story):
//! - One NaN. A NaN result comes back as [`Value::Nan`], never as bits; payloads, quieting
//!   and signalling NaNs are outside the theory (an sNaN operand is just "NaN" to z3).
//! - No flags. [`Outcome::flags`] are *derived* from further z3 evaluations of the same
//!   term: inexact iff rounding toward +inf and toward -inf give different values; overflow
//!   and tininess from the same operation evaluated in a format with the same precision and
//!   two more exponent bits (the "unbounded exponent" rounding of IEEE 754-2008 §7.4/§7.5);
//!   invalid and division by zero from the result and the operands' classes (an sNaN operand,
//!   recognised from its bits, always signals invalid). Tininess is after rounding.
//! - No flush-to-zero, no denormals-are-zero: everything is IEEE with subnormals kept.
//! - `fp.fma` of the system libz3 4.8.12 is unsound (Z3Prover/z3#10608): it is never used.
//!   [`Z3Fp::fma`] builds the fused multiply-add from an exact product, a round-to-odd sum
//!   and one final rounding; [`Z3Fp::fma_via_reals`] is a second construction through exact
//!   real arithmetic that the tests check the first against.
//! - `fp.min`/`fp.max` leave `min(+0, -0)` unspecified: [`Z3Fp::min_max`] answers
//!   `None` there. `fp.to_sbv`/`fp.to_ubv` are unspecified out of range: [`Z3Fp::to_int`]
//!   answers no value there (only the invalid flag).
//!
//! Linking: the `z3` crate's `z3-sys` links the system libz3 (Debian `libz3-dev`, 4.8.12)
//! found through pkg-config; it neither downloads nor builds z3 and needs no libclang. It
//! warns at build time that it was written for a newer z3; every C function this module
//! calls exists with the same signature in 4.8.12 (see the design note).
//!
//! Speed: one simplification per evaluated term, about 10^5 simple terms a second; a
//! [`Z3Fp`] keeps its context (the thread's z3 context) for its whole life. It is not
//! `Send`: make one per thread.

#![allow(unsafe_code)]

use gpuref_float::{Flags, Rounding};
use std::ffi::CStr;
use std::fmt;
use z3::ast::{Ast, Bool, Float, Real, RoundingMode, BV};
use z3::{Context, Sort};
use z3_sys::*;

/// A binary floating-point format in z3's terms: `ebits` exponent bits and `sbits`
/// significand bits *including* the implicit bit (binary32 is `FP(8, 24)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fmt {
    pub ebits: u32,
    pub sbits: u32,
}

impl Fmt {
    pub const BINARY16: Fmt = Fmt::new(5, 11);
    pub const BFLOAT16: Fmt = Fmt::new(8, 8);
    pub const BINARY32: Fmt = Fmt::new(8, 24);
    pub const BINARY64: Fmt = Fmt::new(11, 53);

    pub const fn new(ebits: u32, sbits: u32) -> Fmt {
        Fmt { ebits, sbits }
    }

    /// The z3 format of a gpuref format (only its two widths are read).
    pub fn of<F: gpuref_float::Format>() -> Fmt {
        Fmt {
            ebits: F::EXP_BITS,
            sbits: F::FRAC_BITS + 1,
        }
    }

    pub const fn width(self) -> u32 {
        self.ebits + self.sbits
    }
    pub const fn frac_bits(self) -> u32 {
        self.sbits - 1
    }
    pub const fn bias(self) -> i64 {
        (1i64 << (self.ebits - 1)) - 1
    }
    /// Unbiased exponent of the smallest normal number.
    pub const fn emin(self) -> i64 {
        1 - self.bias()
    }
    /// Unbiased exponent of the largest finite number.
    pub const fn emax(self) -> i64 {
        self.bias()
    }
    /// Bit patterns (formats of at most 64 bits).
    pub const fn sign_mask(self) -> u64 {
        1 << (self.width() - 1)
    }
    pub const fn abs_mask(self) -> u64 {
        self.sign_mask() - 1
    }
    pub const fn infinity(self) -> u64 {
        ((1u64 << self.ebits) - 1) << self.frac_bits()
    }
    pub const fn max_finite(self) -> u64 {
        self.infinity() - 1
    }
    pub const fn min_normal(self) -> u64 {
        1 << self.frac_bits()
    }
    pub const fn one(self) -> u64 {
        (self.bias() as u64) << self.frac_bits()
    }
    pub const fn quiet_bit(self) -> u64 {
        1 << (self.frac_bits() - 1)
    }
    pub const fn is_nan(self, x: u64) -> bool {
        x & self.abs_mask() > self.infinity()
    }
    pub const fn is_snan(self, x: u64) -> bool {
        self.is_nan(x) && x & self.quiet_bit() == 0
    }
    pub const fn is_inf(self, x: u64) -> bool {
        x & self.abs_mask() == self.infinity()
    }
    pub const fn is_zero(self, x: u64) -> bool {
        x & self.abs_mask() == 0
    }
    pub const fn is_finite(self, x: u64) -> bool {
        x & self.abs_mask() < self.infinity()
    }
    pub const fn is_subnormal(self, x: u64) -> bool {
        x & self.abs_mask() != 0 && x & self.abs_mask() < self.min_normal()
    }
    pub const fn is_negative(self, x: u64) -> bool {
        x & self.sign_mask() != 0
    }

    /// The format with the same precision and `extra` more exponent bits.
    pub const fn wider_exponent(self, extra: u32) -> Fmt {
        Fmt {
            ebits: self.ebits + extra,
            sbits: self.sbits,
        }
    }
}

/// A z3 floating-point result: bits, or z3's single NaN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Bits(u64),
    Nan,
}

impl Value {
    pub fn is_nan(self) -> bool {
        self == Value::Nan
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Bits(b) => write!(f, "{b:#x}"),
            Value::Nan => f.write_str("NaN"),
        }
    }
}

/// A value with the IEEE flags derived for it (see the module docs for how).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub value: Value,
    pub flags: Flags,
}

/// An integer type for float↔int conversions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IntTy {
    pub bits: u32,
    pub signed: bool,
}

impl IntTy {
    pub const I16: IntTy = IntTy::new(16, true);
    pub const U16: IntTy = IntTy::new(16, false);
    pub const I32: IntTy = IntTy::new(32, true);
    pub const U32: IntTy = IntTy::new(32, false);
    pub const I64: IntTy = IntTy::new(64, true);
    pub const U64: IntTy = IntTy::new(64, false);
    pub const fn new(bits: u32, signed: bool) -> IntTy {
        IntTy { bits, signed }
    }
    pub const ALL: [IntTy; 6] = [
        IntTy::I16,
        IntTy::U16,
        IntTy::I32,
        IntTy::U32,
        IntTy::I64,
        IntTy::U64,
    ];
    /// Bits of the largest value (`0x7fff…` signed, `0xffff…` unsigned).
    pub const fn max_bits(self) -> u64 {
        if self.signed {
            self.mask() >> 1
        } else {
            self.mask()
        }
    }
    /// Bits of the smallest value (`0x8000…` signed, 0 unsigned).
    pub const fn min_bits(self) -> u64 {
        if self.signed {
            1 << (self.bits - 1)
        } else {
            0
        }
    }
    /// All-ones mask of the type's width.
    pub const fn mask(self) -> u64 {
        if self.bits == 64 {
            u64::MAX
        } else {
            (1u64 << self.bits) - 1
        }
    }
}

/// A float→int result: the integer bits (zero-extended two's complement of the type's
/// width) when the rounded operand is in range; `None` for NaN and out-of-range operands,
/// whose result z3 leaves unspecified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntOutcome {
    pub value: Option<u64>,
    pub flags: Flags,
}

/// A comparison predicate as the set of relations for which it is true (IEEE 754-2008
/// §5.11: every predicate is true for a union of less, equal, greater and unordered).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Relations {
    pub less: bool,
    pub equal: bool,
    pub greater: bool,
    pub unordered: bool,
}

/// The four basic operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
}

/// Something z3 did not do: an error from the C API, or a term that did not simplify to
/// a numeral.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Z3Error(pub String);

impl fmt::Display for Z3Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "z3: {}", self.0)
    }
}

impl std::error::Error for Z3Error {}

pub type Result<T> = std::result::Result<T, Z3Error>;

pub mod cases;
mod ops;
mod terms;

/// The oracle: the thread's z3 context and the four rounding-mode terms.
pub struct Z3Fp {
    ctx: Context,
    rne: RoundingMode,
    rtz: RoundingMode,
    rtp: RoundingMode,
    rtn: RoundingMode,
}

impl Default for Z3Fp {
    fn default() -> Self {
        Z3Fp::new()
    }
}

/// The z3 rounding-mode term, as a plain value the term builders take.
type Rm<'a> = &'a RoundingMode;

impl Z3Fp {
    pub fn new() -> Z3Fp {
        Z3Fp {
            ctx: Context::thread_local(),
            rne: RoundingMode::round_nearest_ties_to_even(),
            rtz: RoundingMode::round_towards_zero(),
            rtp: RoundingMode::round_towards_positive(),
            rtn: RoundingMode::round_towards_negative(),
        }
    }

    /// The libz3 version string (e.g. `4.8.12.0`).
    pub fn z3_version() -> String {
        z3::full_version().to_string()
    }

    // ------------------------------------------------------------------ plumbing

    fn c(&self) -> Z3_context {
        self.ctx.get_z3_context()
    }

    fn error(&self, what: &str) -> Z3Error {
        // SAFETY: the context is alive; z3 returns a static NUL-terminated message.
        let msg = unsafe {
            let code = Z3_get_error_code(self.c());
            let p = Z3_get_error_msg(self.c(), code);
            if p.is_null() {
                String::from("(no message)")
            } else {
                CStr::from_ptr(p).to_string_lossy().into_owned()
            }
        };
        Z3Error(format!("{what}: {msg}"))
    }

    /// Wrap a raw term (taking a reference on it) or report z3's error.
    fn wrap<T: Ast>(&self, raw: Option<Z3_ast>, what: &str) -> Result<T> {
        match raw {
            // SAFETY: `p` is a live term of this context, just returned by z3.
            Some(p) => Ok(unsafe { T::wrap(&self.ctx, p) }),
            None => Err(self.error(what)),
        }
    }

    fn show(&self, t: &dyn Ast) -> String {
        // SAFETY: live term of this context; z3 returns a NUL-terminated buffer.
        unsafe {
            let p = Z3_ast_to_string(self.c(), t.get_z3_ast());
            if p.is_null() {
                String::from("?")
            } else {
                CStr::from_ptr(p).to_string_lossy().into_owned()
            }
        }
    }

    fn check_fmt(f: Fmt) -> Result<()> {
        if f.ebits < 2 || f.sbits < 2 || f.ebits > 30 {
            return Err(Z3Error(format!("unsupported format {f:?}")));
        }
        Ok(())
    }

    pub fn sort(&self, f: Fmt) -> Result<Sort> {
        Self::check_fmt(f)?;
        Ok(Sort::float(f.ebits, f.sbits))
    }

    /// The z3 rounding-mode term of a gpuref rounding direction.
    pub fn rm(&self, r: Rounding) -> &RoundingMode {
        match r {
            Rounding::NearestEven => &self.rne,
            Rounding::TowardZero => &self.rtz,
            Rounding::TowardPositive => &self.rtp,
            Rounding::TowardNegative => &self.rtn,
        }
    }

    // ------------------------------------------------------------------ evaluation

    fn simplify<T: Ast>(&self, t: &T) -> Result<T> {
        // SAFETY: live context and term.
        let raw = unsafe { Z3_simplify(self.c(), t.get_z3_ast()) };
        self.wrap(raw, "simplify")
    }

    /// Evaluate a ground bit-vector term of at most 64 bits.
    pub fn eval_bv(&self, t: &BV) -> Result<u64> {
        let s = self.simplify(t)?;
        let mut v: u64 = 0;
        // SAFETY: live context and term; `v` is a valid out-pointer.
        let ok = unsafe { Z3_get_numeral_uint64(self.c(), s.get_z3_ast(), &mut v) };
        if ok {
            Ok(v)
        } else {
            Err(Z3Error(format!(
                "not a bit-vector numeral: {}",
                self.show(&s)
            )))
        }
    }

    /// Evaluate a ground Boolean term.
    pub fn eval_bool(&self, t: &Bool) -> Result<bool> {
        let s = self.simplify(t)?;
        // SAFETY: live context and term.
        let v = unsafe { Z3_get_bool_value(self.c(), s.get_z3_ast()) };
        match v {
            Z3_L_TRUE => Ok(true),
            Z3_L_FALSE => Ok(false),
            _ => Err(Z3Error(format!(
                "not a Boolean constant: {}",
                self.show(&s)
            ))),
        }
    }

    fn fmt_of(&self, x: &Float) -> Result<Fmt> {
        // SAFETY: live context and term.
        let (e, s) = unsafe {
            let sort = Z3_get_sort(self.c(), x.get_z3_ast()).ok_or_else(|| self.error("sort"))?;
            (
                Z3_fpa_get_ebits(self.c(), sort),
                Z3_fpa_get_sbits(self.c(), sort),
            )
        };
        Ok(Fmt { ebits: e, sbits: s })
    }

    /// Evaluate a ground float term of at most 64 bits: its IEEE bits, or NaN.
    pub fn eval_fp(&self, t: &Float) -> Result<Value> {
        let f = self.fmt_of(t)?;
        if f.width() > 64 {
            return Err(Z3Error(format!("{f:?} is wider than 64 bits")));
        }
        // One simplification on the common path: the IEEE bits of the result.
        let bits = self.simplify(&self.to_ieee_bv(t)?)?;
        let mut v: u64 = 0;
        // SAFETY: live context and term; `v` is a valid out-pointer.
        if unsafe { Z3_get_numeral_uint64(self.c(), bits.get_z3_ast(), &mut v) } {
            return Ok(if f.is_nan(v) {
                Value::Nan
            } else {
                Value::Bits(v)
            });
        }
        // `fp.to_ieee_bv` of NaN is unspecified and stays unevaluated: check for NaN.
        let s = self.simplify(t)?;
        // SAFETY: live context and term.
        if unsafe { Z3_fpa_is_numeral_nan(self.c(), s.get_z3_ast()) } {
            Ok(Value::Nan)
        } else {
            Err(Z3Error(format!(
                "did not evaluate to a float numeral: {}",
                self.show(&s)
            )))
        }
    }

    // ------------------------------------------------------------------ flag derivation

    /// Evaluate a correctly rounded operation and derive its IEEE flags from z3.
    ///
    /// `build(out, rm)` must build the operation with its result rounded once, in mode `rm`,
    /// to format `out`; it is called with the target format `f` and with `f` widened by
    /// `extra_ebits` exponent bits (the "unbounded exponent" rounding used for overflow and
    /// tininess; the caller chooses `extra_ebits` so that no finite exact result overflows
    /// or is subnormal there). `operands` are the float operands' formats and bits (for
    /// invalid and division by zero).
    fn rounded(
        &self,
        f: Fmt,
        rounding: Rounding,
        extra_ebits: u32,
        operands: &[(Fmt, u64)],
        build: &dyn Fn(Fmt, Rm) -> Result<Float>,
    ) -> Result<Outcome> {
        let any_snan = operands.iter().any(|&(g, x)| g.is_snan(x));
        let any_nan = operands.iter().any(|&(g, x)| g.is_nan(x));
        let all_finite = operands.iter().all(|&(g, x)| g.is_finite(x));
        let rm = self.rm(rounding);
        let value = self.eval_fp(&build(f, rm)?)?;
        let mut flags = Flags::when(any_snan, Flags::INVALID);
        if value.is_nan() {
            // A NaN from non-NaN operands is an invalid operation (§7.2).
            flags |= Flags::when(!any_nan, Flags::INVALID);
            return Ok(Outcome { value, flags });
        }
        // Exact iff the roundings toward +inf and -inf agree (+0 and -0 agree).
        let up = build(f, &self.rtp)?;
        let down = build(f, &self.rtn)?;
        let exact = self.eval_bool(&self.fp_eq(&up, &down)?)?;
        let u = f.wider_exponent(extra_ebits);
        let ru = build(u, rm)?;
        let ru_inf = self.eval_bool(&self.is_inf(&ru)?)?;
        let abs_ru = self.abs(&ru)?;
        let max_u = self.widen(&self.fp(f, f.max_finite())?, u)?;
        let min_normal_u = self.widen(&self.fp(f, f.min_normal())?, u)?;
        let overflow = !ru_inf && self.eval_bool(&self.fp_gt(&abs_ru, &max_u)?)?;
        let tiny = !self.eval_bool(&self.is_zero(&ru)?)?
            && self.eval_bool(&self.fp_lt(&abs_ru, &min_normal_u)?)?;
        let is_inf = matches!(value, Value::Bits(b) if f.is_inf(b));
        // An exact infinity from finite operands: division by zero (§7.3).
        let div_by_zero = is_inf && ru_inf && all_finite && exact;
        flags |= Flags::when(!exact, Flags::INEXACT)
            | Flags::when(overflow, Flags::OVERFLOW)
            | Flags::when(tiny && !exact, Flags::UNDERFLOW)
            | Flags::when(div_by_zero, Flags::DIV_BY_ZERO);
        Ok(Outcome { value, flags })
    }
}
