//! Approximate-by-specification models: V_RCP, V_RSQ, V_SQRT (F32, F64, F16) and
//! V_RCP_IFLAG_F32 (Vega manual, "VOP1 Instructions"; note 0027 "Third round (B)").
//!
//! The manual gives these an accuracy in ULPs, not bits, so a model states what it
//! accepts: the special values exactly (the manual's examples: ±0, ±inf, negative
//! operands), otherwise every float within the stated ULP bound of the exact value. The
//! outputs are the bounds `lo` and `hi` (bits, `lo <= hi` in numeric order; equal when the
//! result is exact), `d` (= `lo`, the model's pick), `nan_any` (a NaN operand: the result
//! is some NaN), `open` (1: the readings of the manual disagree on whether the result is a
//! NaN, so nothing is settled) and `flags`.
//!
//! The exact value is not representable (sqrt, 1/sqrt), and z3 has no real square root
//! that simplifies to a number, so it is enclosed in a wide format `W` (twice the target
//! precision and 10 bits more) by z3's correctly rounded `fp.div` and `fp.sqrt` in the
//! directed modes: `qlo <= exact <= qhi`. The bound is then `[qlo - k*u, qhi + k*u]`,
//! `k` the ULP count (F32 1, F16 0.51, F64 2^29), `u` the ULP of the target format at the
//! value (the spacing of target floats at `RTN(qlo)`, at least the smallest denormal's),
//! and on the upper side the ULP at the upper end (which may be a binade higher); the
//! target floats inside are `[RTP(lo), RTN(hi)]`, with +inf accepted once the upper end
//! is beyond the largest finite value. This is sound (it never leaves out a float within
//! `k` ULPs of the exact value under either choice of ULP at a binade boundary) and errs
//! towards accepting: an exactly representable result admits its neighbours within `k`
//! ULPs too.
//!
//! Denormals: V_RCP/RSQ/SQRT_F32 say "denormals are flushed" while MODE.FP_DENORM may
//! allow them; the manual does not say which wins (dispute D8, docs/design/0022), so the
//! F32 models accept the union of both readings: the instruction flushes input and output
//! denormals; MODE's single-precision fields apply. The F16 and F64 rows say "denormals
//! are supported": MODE's double/half fields apply. The flags are not modelled (the manual
//! lists none), except V_RCP_IFLAG_F32's: "cannot raise floating-point exceptions".

use crate::bv::*;
use crate::coverage::Family;
use crate::fp::*;
use crate::gcn5::mode::*;
use crate::{Model, ModelFn};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Rcp,
    Rsq,
    Sqrt,
}

/// The wide enclosure format of target `t`.
fn wide(t: Fmt) -> Fmt {
    Fmt {
        e: t.e + 4,
        m: 2 * (t.m + 1) + 10,
    }
}

/// `v`, a float of format `from`, as a float of `to` (exact where `to` is wider).
fn conv(to: Fmt, rm: &str, v: &str) -> String {
    format!("((_ to_fp {} {}) {rm} {v})", to.e, to.m + 1)
}

/// The ULP of target `t` at the positive wide value `v` (a float of `wide(t)`): the
/// spacing of `t`'s significands at `RTN(v)` with an unbounded exponent, at least the
/// smallest denormal of `t`.
fn ulp(t: Fmt, v: &str) -> String {
    let (w, tp) = (wide(t), t.widened(3));
    let rn = conv(tp, "RTN", v);
    let next = format!(
        "((_ to_fp {} {}) (bvadd (fp.to_ieee_bv {rn}) {}))",
        tp.e,
        tp.m + 1,
        lit(1, tp.w())
    );
    let u = format!(
        "(fp.sub RNE {} {})",
        conv(w, "RNE", &next),
        conv(w, "RNE", &rn)
    );
    let umin = conv(w, "RNE", &t.fp(&lit(1, t.w())));
    format!("(let ((u {u})) (ite (fp.lt u {umin}) {umin} u))")
}

/// The accepted bounds of one reading for the positive, finite, nonzero operand `ax`
/// (bits of `t`): `(lo, hi)` bits of `t` (magnitudes); `flush_out` a Bool.
fn bounds(t: Fmt, op: Op, k: &str, flush_out: &str, ax: &str) -> (String, String) {
    let w = wide(t);
    let x = conv(w, "RNE", &t.fp(ax));
    let one = format!("((_ to_fp {} {}) RNE 1.0)", w.e, w.m + 1);
    let (qlo, qhi) = match op {
        Op::Rcp => (
            format!("(fp.div RTN {one} {x})"),
            format!("(fp.div RTP {one} {x})"),
        ),
        Op::Sqrt => (format!("(fp.sqrt RTN {x})"), format!("(fp.sqrt RTP {x})")),
        Op::Rsq => (
            format!("(fp.div RTN {one} (fp.sqrt RTP {x}))"),
            format!("(fp.div RTP {one} (fp.sqrt RTN {x}))"),
        ),
    };
    let max = conv(
        w,
        "RNE",
        &t.fp(&lit(
            ((1u64 << t.e) - 2) << t.m | ((1u64 << t.m) - 1),
            t.w(),
        )),
    );
    // lo = RTP(qlo - k*u); hi = RTN(qhi + k*u2), u2 the ULP at qhi + k*u; +inf past MAX.
    let lo_w = format!("(fp.sub RTN qlo (fp.mul RTP {k} {}))", ulp(t, "qlo"));
    let hi1 = format!("(fp.add RTP qhi (fp.mul RTP {k} {}))", ulp(t, "qlo"));
    let hi_w = format!("(fp.add RTP qhi (fp.mul RTP {k} {}))", ulp(t, &hi1));
    let inf = lit(((1u64 << t.e) - 1) << t.m, t.w());
    let zero = lit(0, t.w());
    let flush = |b: &str| ite(&format!("(and {flush_out} {})", t.is_sub(b)), &zero, b);
    let lo = format!(
        "(let ((l {lo_w})) (ite (fp.isNegative l) {zero} (fp.to_ieee_bv {})))",
        conv(t, "RTP", "l")
    );
    let hi = format!(
        "(let ((h {hi_w})) (ite (fp.gt h {max}) {inf} (fp.to_ieee_bv {})))",
        conv(t, "RTN", "h")
    );
    // Beyond MAX the ULP of the exact value has no float to count in: k ULPs of the
    // format's largest binade below MAX are accepted too (and +inf). Under a directed
    // MODE rounding both directed roundings of the exact value are accepted.
    let below_max = format!(
        "(fp.to_ieee_bv {})",
        conv(
            t,
            "RTP",
            &format!("(fp.sub RTN {max} (fp.mul RTP {k} {}))", ulp(t, &max))
        )
    );
    let lower = |a: &str, b: &str| {
        format!(
            "(let ((a {a}) (b {b})) (ite (fp.lt {} {}) b a))",
            t.fp("b"),
            t.fp("a")
        )
    };
    let upper = |a: &str, b: &str| {
        format!(
            "(let ((a {a}) (b {b})) (ite (fp.gt {} {}) b a))",
            t.fp("b"),
            t.fp("a")
        )
    };
    let directed = format!("(not (= {} RNE))", t.rm());
    let lo = ite("(fp.gt qhi max)", &lower(&lo, &below_max), &lo);
    let lo = ite(
        &directed,
        &lower(&lo, &format!("(fp.to_ieee_bv {})", conv(t, "RTN", "qlo"))),
        &lo,
    );
    let hi = ite(
        &directed,
        &upper(&hi, &format!("(fp.to_ieee_bv {})", conv(t, "RTP", "qhi"))),
        &hi,
    );
    let bind = |b: &str| format!("(let ((qlo {qlo}) (qhi {qhi}) (max {max})) {})", flush(b));
    (bind(&lo), bind(&hi))
}

/// One reading: `(is_nan, lo, hi)` for operand `s0` read with `flush_in`, results
/// flushed with `flush_out` (Bools).
fn reading(t: Fmt, op: Op, k: &str, flush_in: &str, flush_out: &str) -> (String, String, String) {
    let x = ite(
        &format!("(and {flush_in} {})", t.is_sub("s0")),
        &t.signed_zero("s0"),
        "s0",
    );
    let sign = t.w() - 1;
    let ax = format!("(concat #b0 {})", ext("x", sign - 1, 0));
    let neg = format!("(= {} #b1)", ext("x", sign, sign));
    let is_zero = format!("(= ax {})", lit(0, t.w()));
    let inf = lit(((1u64 << t.e) - 1) << t.m, t.w());
    let is_inf = format!("(= ax {inf})");
    let signed = |v: &str| format!("(concat {} {})", ext("x", sign, sign), ext(v, sign - 1, 0));
    let (blo, bhi) = bounds(t, op, k, flush_out, "ax");
    let nan = t.default_nan();
    // Special values (the manual's examples), then the range; rcp keeps the operand's sign.
    let special = |v: &str| -> String {
        match op {
            Op::Rcp => ite(
                &is_zero,
                &signed(&inf),
                &ite(&is_inf, &signed(&lit(0, t.w())), v),
            ),
            Op::Sqrt => ite(&is_zero, "x", &ite(&neg, &nan, &ite(&is_inf, &inf, v))),
            Op::Rsq => ite(
                &is_zero,
                &signed(&inf),
                &ite(&neg, &nan, &ite(&is_inf, &lit(0, t.w()), v)),
            ),
        }
    };
    let flip = |v: &str| format!("(bvor {v} {})", lit(1 << sign, t.w()));
    let (lo, hi) = if op == Op::Rcp {
        // 1/(-a) = -(1/a): the bounds swap.
        (ite(&neg, &flip(&bhi), &blo), ite(&neg, &flip(&blo), &bhi))
    } else {
        (blo, bhi)
    };
    let is_nan = if op == Op::Rcp {
        "false".to_string()
    } else {
        format!("(and {neg} (not {is_zero}))")
    };
    let bind = |b: &str| format!("(let ((x {x})) (let ((ax {ax})) {b}))");
    (bind(&is_nan), bind(&special(&lo)), bind(&special(&hi)))
}

/// The model of `op` in target `t` with ULP bound `k` (a Real literal); `f32`: the union
/// of the instruction's flushing and MODE's (see the module comment).
fn approx(name: &'static str, spec: &'static str, t: Fmt, op: Op, k: &str, f32: bool) -> Model {
    let w = wide(t);
    let k = format!("((_ to_fp {} {}) RTP {k})", w.e, w.m + 1);
    let (n1, lo1, hi1) = reading(t, op, &k, &t.flush_in(), &t.flush_out());
    let (n, lo, hi, open) = if f32 {
        let (n2, lo2, hi2) = reading(t, op, &k, "true", "true");
        (
            format!("(and {n1} {n2})"),
            format!(
                "(let ((a {lo1}) (b {lo2})) (ite (fp.lt {} {}) b a))",
                t.fp("b"),
                t.fp("a")
            ),
            format!(
                "(let ((a {hi1}) (b {hi2})) (ite (fp.gt {} {}) b a))",
                t.fp("b"),
                t.fp("a")
            ),
            format!("(not (= {n1} {n2}))"),
        )
    } else {
        (n1, lo1, hi1, "false".to_string())
    };
    // A NaN operand: some NaN (the manual prints none for a NaN operand). F64 prints no
    // NaN at all: an invalid operand's NaN is any NaN there too.
    let nan_in = t.is_nan("s0");
    let nan_any = if t == D {
        format!("(or {nan_in} {n})")
    } else {
        nan_in.clone()
    };
    let q = t.quiet("s0");
    let lo = ite(&nan_in, &q, &lo);
    let hi = ite(&nan_in, &q, &hi);
    Model::new(name, spec)
        .family(Family::Approx, t)
        .input("s0", t.w())
        .out("d", t.w(), lo.clone())
        .out("lo", t.w(), lo)
        .out("hi", t.w(), hi)
        .out("nan_any", 1, b1(&nan_any))
        .out("open", 1, b1(&format!("(and (not {nan_in}) {open})")))
        .out("flags", 6, lit(0, 6))
        .float_flags(0)
        .region("denormal_operand", t.is_sub("s0"))
        .region(
            "negative_normal",
            format!(
                "(and (= {} #b1) (not {}) (not (= {} {})))",
                ext("s0", t.w() - 1, t.w() - 1),
                t.is_nan("s0"),
                ext("s0", t.w() - 2, t.m),
                lit(0, t.e)
            ),
        )
        .region(
            "large_operand",
            format!(
                "(and (bvuge {} {}) (not {}))",
                ext("s0", t.w() - 2, t.m),
                lit((1 << t.e) - 4, t.e),
                t.is_nan("s0")
            ),
        )
}

macro_rules! approx {
    ($($f:ident $name:literal $fmt:ident $op:ident $k:literal $f32:literal $spec:literal;)*) => {$(
        #[doc = $spec]
        pub fn $f() -> Model {
            approx($name, $spec, $fmt, Op::$op, $k, $f32)
        }
    )*};
}

approx! {
    v_rcp_f32  "V_RCP_F32"  S Rcp  "1.0" true  "D.f = 1.0 / S0.f. Reciprocal with IEEE rules and 1ULP accuracy. Denormals are flushed.";
    v_rsq_f32  "V_RSQ_F32"  S Rsq  "1.0" true  "D.f = 1.0 / sqrt(S0.f). Reciprocal square root with IEEE rules. 1ULP accuracy, denormals are flushed.";
    v_sqrt_f32 "V_SQRT_F32" S Sqrt "1.0" true  "D.f = sqrt(S0.f). Square root. 1ULP accuracy, denormals are flushed.";
    v_rcp_f64  "V_RCP_F64"  D Rcp  "536870912.0" false "D.d = 1.0 / S0.d. Reciprocal with IEEE rules and perhaps not the accuracy you were hoping for -- (2**29)ULP accuracy. On the upside, denormals are supported.";
    v_rsq_f64  "V_RSQ_F64"  D Rsq  "536870912.0" false "D.f16 = 1.0 / sqrt(S0.f16). Reciprocal square root with IEEE rules and perhaps not the accuracy you were hoping for -- (2**29)ULP accuracy. On the upside, denormals are supported.";
    v_sqrt_f64 "V_SQRT_F64" D Sqrt "536870912.0" false "D.d = sqrt(S0.d). Square root with perhaps not the accuracy you were hoping for -- (2**29)ULP accuracy. On the upside, denormals are supported.";
    v_rcp_f16  "V_RCP_F16"  H Rcp  "0.51" false "D.f16 = 1.0 / S0.f16. Reciprocal with IEEE rules and 0.51ULP accuracy.";
    v_rsq_f16  "V_RSQ_F16"  H Rsq  "0.51" false "D.f16 = 1.0 / sqrt(S0.f16). Reciprocal square root with IEEE rules. 0.51ULP accuracy, denormals are supported.";
    v_sqrt_f16 "V_SQRT_F16" H Sqrt "0.51" false "D.f16 = sqrt(S0.f16). Square root. 0.51ULP accuracy, denormals are supported.";
}

/// D.f = 1.0 / S0.f. Reciprocal intended for integer division, can raise integer DIV_BY_ZERO exception but cannot raise floating-point exceptions.
///
/// V_RCP_F32's acceptance, and no float flag at all.
pub fn v_rcp_iflag_f32() -> Model {
    let mut m = approx(
        "V_RCP_IFLAG_F32",
        "D.f = 1.0 / S0.f. Reciprocal intended for integer division, can raise integer DIV_BY_ZERO exception but cannot raise floating-point exceptions.",
        S,
        Op::Rcp,
        "1.0",
        true,
    );
    m.flags_modelled = Some(0x3f);
    m
}

/// The approximate transcendental models.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_RCP_F32", v_rcp_f32), ("V_RCP_IFLAG_F32", v_rcp_iflag_f32), ("V_RSQ_F32", v_rsq_f32),
    ("V_SQRT_F32", v_sqrt_f32), ("V_RCP_F64", v_rcp_f64), ("V_RSQ_F64", v_rsq_f64),
    ("V_SQRT_F64", v_sqrt_f64), ("V_RCP_F16", v_rcp_f16), ("V_RSQ_F16", v_rsq_f16),
    ("V_SQRT_F16", v_sqrt_f16),
];
