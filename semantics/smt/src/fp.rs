//! The bit-vector layer around z3's floating-point theory (note 0027, "Float models").
//!
//! z3's FP theory has one NaN, no exception flags and no denormal flushing, so the float
//! models keep every value as its IEEE bits and do NaN selection and quieting, input and
//! output flushing, overflow clamping and the flags here; z3's FP operations only round.
//! `fp.fma` is never used (libz3 4.8.12's is unsound: notes/oracles.md).
//!
//! Which rounding mode, which flushing and whether signalling NaNs are quieted is the
//! ISA's mode register's business: an ISA states them as terms over its `mode` constant
//! through an [`Env`] (its own folder's `mode.rs`), so this layer names no register bit.
//!
//! Flags are a 6-bit vector, bit 0 invalid, 1 input denormal, 2 divide by zero,
//! 3 overflow, 4 underflow, 5 inexact (an ISA whose status register orders them otherwise
//! maps them when it states its outputs).

use crate::bv::*;

/// An IEEE binary format: exponent and fraction bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fmt {
    pub e: u32,
    pub m: u32,
}

pub const H: Fmt = Fmt { e: 5, m: 10 };
pub const S: Fmt = Fmt { e: 8, m: 23 };
pub const D: Fmt = Fmt { e: 11, m: 52 };

/// Flag bits (the order of the `flags` vector).
pub const INVALID: u8 = 1 << 0;
pub const DIV0: u8 = 1 << 2;
pub const OVERFLOW: u8 = 1 << 3;
pub const UNDERFLOW: u8 = 1 << 4;
pub const INEXACT: u8 = 1 << 5;

impl Fmt {
    pub fn w(self) -> u32 {
        1 + self.e + self.m
    }
    fn bias(self) -> u64 {
        (1 << (self.e - 1)) - 1
    }
    /// The same precision with a wider exponent (`extra` bits): rounding there is rounding
    /// with an unbounded exponent for every value the models form.
    pub fn widened(self, extra: u32) -> Fmt {
        Fmt {
            e: self.e + extra,
            m: self.m,
        }
    }
    fn sign(self, x: &str) -> String {
        ext(x, self.w() - 1, self.w() - 1)
    }
    fn exp(self, x: &str) -> String {
        ext(x, self.w() - 2, self.m)
    }
    fn frac(self, x: &str) -> String {
        ext(x, self.m - 1, 0)
    }
    /// `x` (bits) is a NaN.
    pub fn is_nan(self, x: &str) -> String {
        format!(
            "(and (= {} {}) (not (= {} {})))",
            self.exp(x),
            lit((1 << self.e) - 1, self.e),
            self.frac(x),
            lit(0, self.m)
        )
    }
    /// `x` is a signalling NaN (quiet bit, the fraction's top, clear).
    pub fn is_snan(self, x: &str) -> String {
        format!(
            "(and {} (= {} #b0))",
            self.is_nan(x),
            ext(x, self.m - 1, self.m - 1)
        )
    }
    /// `x` is a denormal (zero exponent, non-zero fraction).
    pub fn is_sub(self, x: &str) -> String {
        format!(
            "(and (= {} {}) (not (= {} {})))",
            self.exp(x),
            lit(0, self.e),
            self.frac(x),
            lit(0, self.m)
        )
    }
    /// `x` with the quiet bit set.
    pub fn quiet(self, x: &str) -> String {
        op("bvor", x, &lit(1 << (self.m - 1), self.w()))
    }
    /// A zero with the sign of `x`.
    pub fn signed_zero(self, x: &str) -> String {
        concat(&[self.sign(x), lit(0, self.w() - 1)])
    }
    /// The bits as a z3 float.
    pub fn fp(self, x: &str) -> String {
        format!("((_ to_fp {} {}) {x})", self.e, self.m + 1)
    }
    /// Bits of the default quiet NaN with the sign set (the pattern the manual prints for
    /// invalid results of other opcodes: 0xffc00000).
    pub fn default_nan(self) -> String {
        lit(
            (1u64 << (self.w() - 1)) | (((1u64 << self.e) - 1) << self.m) | (1 << (self.m - 1)),
            self.w(),
        )
    }
    /// The positive float of format `into` with biased exponent `e` and fraction `m`
    /// (SMT-LIB's `fp` literal: formats wider than 64 bits).
    fn literal(into: Fmt, e: u64, m: &str) -> String {
        format!("(fp #b0 {} {m})", lit(e, into.e))
    }
    /// The largest finite magnitude, as a float of format `into` (wider exponent).
    fn max_in(self, into: Fmt) -> String {
        let ones = lit((1u64 << self.m) - 1, self.m);
        let m = if into.m == self.m {
            ones
        } else {
            concat(&[ones, lit(0, into.m - self.m)])
        };
        Fmt::literal(into, self.bias() + into.bias(), &m)
    }
    /// The smallest normal magnitude, as a float of format `into`.
    fn min_normal_in(self, into: Fmt) -> String {
        Fmt::literal(into, 1 + into.bias() - self.bias(), &lit(0, into.m))
    }
    /// The largest finite magnitude with the sign of `x`, bits.
    fn signed_max(self, sign_of: &str) -> String {
        concat(&[
            self.sign(sign_of),
            lit(
                ((1u64 << self.e) - 2) << self.m | ((1u64 << self.m) - 1),
                self.w() - 1,
            ),
        ])
    }
}

/// How an ISA's float mode selects what the float terms depend on, each as a term over the
/// script's `mode` constant (the ISA's mode register): the layer below rounds, flushes and
/// picks NaNs by these, so one implementation of IEEE rounding serves every ISA.
pub trait Env {
    /// The rounding mode (an SMT-LIB `RoundingMode` term) for results of format `f`.
    fn rm(&self, f: Fmt) -> String;
    /// Input denormals of format `f` are flushed (a Bool).
    fn flush_in(&self, f: Fmt) -> String;
    /// Output denormals of format `f` are flushed (a Bool).
    fn flush_out(&self, f: Fmt) -> String;
    /// Signalling NaN operands are quieted and propagated (a Bool); otherwise a signalling
    /// NaN's result bits are not settled.
    fn quiets_snan(&self) -> String;
    /// An overflowed result of format `f` is clamped to the largest finite magnitude of its
    /// sign (a Bool; `"false"` where the ISA has no such mode).
    fn clamps_overflow(&self, f: Fmt) -> String;

    /// `x` as the operation reads it: a denormal becomes a zero of its sign when input
    /// denormals of `f` are flushed.
    fn read(&self, f: Fmt, x: &str) -> String {
        ite(
            &format!("(and {} {})", self.flush_in(f), f.is_sub(x)),
            &f.signed_zero(x),
            x,
        )
    }
    /// [`nan_pick`] under this environment.
    fn nan_pick(&self, f: Fmt, xs: &[&str]) -> NanPick {
        nan_pick(&self.quiets_snan(), f, xs)
    }
    /// [`round`] under this environment.
    fn round(&self, x: RoundIn) -> Rounded {
        let flush_out = self.flush_out(x.out);
        let clamp = self.clamps_overflow(x.out);
        round(&self.quiets_snan(), &flush_out, &clamp, x)
    }
}

/// The NaN an operation returns for NaN operands, and whether the manual settles its
/// bits: for exactly one NaN operand, that operand (quieted when `quiets` holds, where the
/// manual says signalling NaN inputs are quieted and propagated; a quiet NaN passes
/// through: IEEE 754 6.2.3), settled unless it is signalling and not quieted (not stated);
/// for two or more NaN operands the manual does not say which wins: any NaN (the model
/// returns the first, quieted).
pub struct NanPick {
    /// Some NaN operand (a Bool).
    pub any: String,
    /// The model's NaN bits.
    pub bits: String,
    /// The bits are settled (a Bool).
    pub settled: String,
    /// Some operand is a signalling NaN (a Bool).
    pub snan: String,
}

fn nan_pick(quiets: &str, f: Fmt, xs: &[&str]) -> NanPick {
    let nans: Vec<String> = xs.iter().map(|x| f.is_nan(x)).collect();
    let snans: Vec<String> = xs.iter().map(|x| f.is_snan(x)).collect();
    let or = |v: &[String]| {
        if v.len() == 1 {
            v[0].clone()
        } else {
            format!("(or {})", v.join(" "))
        }
    };
    let mut bits = f.default_nan();
    for x in xs.iter().rev() {
        bits = ite(&f.is_nan(x), &f.quiet(x), &bits);
    }
    let ones: Vec<String> = nans.iter().map(|n| ite(n, "#b01", "#b00")).collect();
    let count = if ones.len() == 1 {
        ones[0].clone()
    } else {
        format!("(bvadd {})", ones.join(" "))
    };
    let settled = format!(
        "(and (= {count} #b01) (or {} (not {})))",
        quiets,
        or(&snans)
    );
    NanPick {
        any: or(&nans),
        bits,
        settled,
        snan: or(&snans),
    }
}

/// The parts of a rounded float result: `d` (bits), `nan_any` (1: the manual settles only
/// that `d` is a NaN) and `flags`.
pub struct Rounded {
    pub d: String,
    pub nan_any: String,
    pub flags: String,
}

/// An operation to round: operands, the z3 results and the exact value.
pub struct RoundIn<'a> {
    /// Operand format (for NaN selection).
    pub inf: Fmt,
    /// Result format.
    pub out: Fmt,
    /// Operand bits as read (after input flushing).
    pub ops: &'a [&'a str],
    /// The z3 float result in `out`, rounded by the mode's rounding mode.
    pub r: String,
    /// `out` with a wider exponent, and the result rounded there (unbounded exponent).
    pub wide: Fmt,
    pub w: String,
    /// The exact value as a Real (read only when no operand is a NaN and `r` is finite).
    pub exact: String,
}

/// Round an operation's z3 result to the output bits, the NaN freedom and the flags:
/// NaN operands per [`nan_pick`]; an invalid operation (z3's result a NaN with no NaN
/// operand: inf - inf, 0 * inf) any NaN (the manual prints no NaN for add/mul; the model
/// returns 0xffc00000's pattern) with invalid; a result tiny after rounding (tininess with
/// an unbounded exponent, IEEE 754 7.5) becomes a zero of its sign when `flush_out` holds;
/// `clamp` clamps an overflowed result to the largest finite magnitude. Flags: invalid
/// (a signalling NaN operand or an invalid operation), overflow, underflow (tiny and
/// inexact, a flushed result being inexact), inexact; divide by zero is 0; input denormal
/// is not modelled (the manual does not say whether a flushed input raises it).
fn round(quiets: &str, flush_out: &str, clamp: &str, x: RoundIn) -> Rounded {
    let (inf, out, wide) = (x.inf, x.out, x.wide);
    let nan = nan_pick(quiets, inf, x.ops);
    // NaN operands of another format: the picked NaN converted (payload top bits kept,
    // quieted); the manual does not settle converted payloads.
    let (nan_bits, nan_settled) = if inf == out {
        (nan.bits.clone(), nan.settled.clone())
    } else {
        (convert_nan(inf, out, &nan.bits), "false".to_string())
    };
    let tiny = format!(
        "(and (not (fp.isZero w)) (not (fp.isInfinite w)) (fp.lt (fp.abs w) {}))",
        out.min_normal_in(wide)
    );
    let ovf = format!(
        "(and (not (fp.isInfinite w)) (fp.gt (fp.abs w) {}))",
        out.max_in(wide)
    );
    let flushed = format!("(and tiny {flush_out})");
    let clamped = if clamp == "false" {
        "false".into()
    } else {
        format!("(and ovf {clamp})")
    };
    let value = ite(
        "flushed",
        &concat(&[
            "(ite (fp.isNegative w) #b1 #b0)".into(),
            lit(0, out.w() - 1),
        ]),
        &ite(
            &clamped,
            &out.signed_max("(fp.to_ieee_bv r)"),
            "(fp.to_ieee_bv r)",
        ),
    );
    let any = &nan.any;
    let d = ite(
        any,
        &nan_bits,
        &ite("(fp.isNaN r)", &out.default_nan(), &value),
    );
    let nan_any = b1(&format!(
        "(or (and {any} (not {nan_settled})) (and (not {any}) (fp.isNaN r)))"
    ));
    let inexact = format!(
        "(and (not {any}) (not (fp.isNaN r)) (or ovf flushed (and (not (fp.isInfinite r)) (not (= {} (fp.to_real r))))))",
        x.exact
    );
    let invalid = format!("(or {} (and (not {any}) (fp.isNaN r)))", nan.snan);
    let flags = concat(&[
        b1("inexact"),
        b1("(and tiny inexact)"),
        b1(&format!("(and ovf (not {any}))")),
        "#b00".into(),
        b1(&invalid),
    ]);
    let bind = |body: &str| {
        format!(
            "(let ((r {}) (w {})) (let ((tiny {tiny}) (ovf {ovf})) (let ((flushed {flushed})) (let ((inexact {inexact})) {body}))))",
            x.r, x.w
        )
    };
    Rounded {
        d: bind(&d),
        nan_any: bind(&nan_any),
        flags: bind(&flags),
    }
}

/// A NaN of `from` (bits) as a NaN of `to`: sign, the top fraction bits, quieted.
pub fn convert_nan(from: Fmt, to: Fmt, x: &str) -> String {
    let sign = from.sign(x);
    let frac = if to.m >= from.m {
        concat(&[from.frac(x), lit(0, to.m - from.m)])
    } else {
        ext(x, from.m - 1, from.m - to.m)
    };
    to.quiet(&concat(&[sign, lit((1 << to.e) - 1, to.e), frac]))
}
