//! Float minimum, maximum and median models, per lane (Vega manual, "VOP2 Instructions"
//! V_MIN/MAX_F32/F16, "VOP3A & VOP3B Instructions" V_MIN/MAX_F64, V_MIN3/MAX3/MED3_F32/F16;
//! note 0027 "Float models" and "Third round (A)").
//!
//! Each is the manual's pseudocode line by line: under MODE.IEEE a signalling NaN operand
//! is returned quieted (S0 first); else a NaN operand yields the other operand; then the
//! signed zeros, compared as bit patterns (read as a float compare both zeros would match
//! both branches, which the pseudocode's ordering makes pointless); then the comparison
//! (MAX with IEEE: `>=`, without: `>`; MIN: `<`). Operands are read with MODE's input
//! flushing; a denormal result is flushed when MODE flushes output denormals (the
//! instruction's result: not the steps inside MIN3/MAX3/MED3). MIN3/MAX3 apply the
//! two-operand instruction twice as printed (the inner result read again as an operand); MED3 follows its printed selection, reading `V_MAX3(...) == S0` as "the
//! maximum is the operand S0" (bit equality with the operand as read). Flags are not
//! modelled (the manual does not list which a min/max raises).

use crate::bv::*;

use crate::coverage::Family;

use crate::fp::*;

use crate::gcn5::mode::*;

use crate::{Model, ModelFn};

/// The two-operand V_MIN/V_MAX of format `f` on operand bits `x`, `y` (raw: read here),
/// as a term, before output flushing ([`written`]).
pub fn min_max(f: Fmt, max: bool, x: &str, y: &str) -> String {
    let d = min_max_of_read(f, max);
    format!("(let ((a {}) (b {})) {d})", f.read(x), f.read(y))
}

/// V_MIN/V_MAX of format `f` over the operands as read, bound to `a` and `b`: signalling
/// NaNs quieted first under MODE.IEEE, a NaN operand yields the other, the signed zeros as
/// bit patterns, then the comparison (MAX with IEEE: `>=`). The packed rows use it per half.
pub fn min_max_of_read(f: Fmt, max: bool) -> String {
    let (a, b) = (f.fp("a"), f.fp("b"));
    let pz = lit(0, f.w());
    let nz = lit(1 << (f.w() - 1), f.w());
    let pick = if max {
        format!(
            "(ite (and (= a {pz}) (= b {nz})) a (ite (and (= a {nz}) (= b {pz})) b (ite {ieee} (ite (fp.geq {a} {b}) a b) (ite (fp.gt {a} {b}) a b))))",
            ieee = ieee()
        )
    } else {
        format!("(ite (and (= a {pz}) (= b {nz})) b (ite (and (= a {nz}) (= b {pz})) a (ite (fp.lt {a} {b}) a b)))")
    };
    format!(
        "(ite (and {ieee} {sa}) {qa} (ite (and {ieee} {sb}) {qb} (ite {na} b (ite {nb} a {pick}))))",
        ieee = ieee(),
        sa = f.is_snan("a"),
        sb = f.is_snan("b"),
        qa = f.quiet("a"),
        qb = f.quiet("b"),
        na = f.is_nan("a"),
        nb = f.is_nan("b"),
    )
}

/// `r` (bits) as the instruction writes it: a denormal flushed when MODE flushes output
/// denormals. Applied to the instruction's result only: the V_MIN/V_MAX steps inside
/// MIN3/MAX3/MED3's pseudocode are not outputs (flushing them would make MED3's
/// `V_MAX3(...) == S1` miss an unflushed denormal S1 and pick another operand).
fn written(f: Fmt, r: &str) -> String {
    format!(
        "(let ((r {r})) (ite (and {} {}) {} r))",
        f.flush_out(),
        f.is_sub("r"),
        f.signed_zero("r")
    )
}

/// V_MIN_* / V_MAX_* of format `f`.
pub fn minmax(name: &'static str, spec: &'static str, f: Fmt, max: bool) -> Model {
    let (pz, nz) = (lit(0, f.w()), lit(1 << (f.w() - 1), f.w()));
    Model::new(name, spec)
        .family(Family::MinMax, f)
        .input("s0", f.w())
        .input("s1", f.w())
        .out("d", f.w(), written(f, &min_max(f, max, "s0", "s1")))
        .out("nan_any", 1, "#b0")
        .float_flags(0)
        .region("signed_zeros", format!("(and (= s0 {pz}) (= s1 {nz}))"))
        .region("snan_operand", f.is_snan("s1"))
        .region("denormal_operand", f.is_sub("s0"))
}

/// V_MIN3 / V_MAX3 of format `f`: `OP(OP(S0, S1), S2)`.
fn three(name: &'static str, spec: &'static str, f: Fmt, max: bool) -> Model {
    let d = let1(
        "t",
        &min_max(f, max, "s0", "s1"),
        &min_max(f, max, "t", "s2"),
    );
    Model::new(name, spec)
        .family(Family::MinMax, f)
        .input("s0", f.w())
        .input("s1", f.w())
        .input("s2", f.w())
        .out("d", f.w(), written(f, &d))
        .out("nan_any", 1, "#b0")
        .float_flags(0)
        .region("snan_first", f.is_snan("s0"))
        .region("nan_last", f.is_nan("s2"))
        .region(
            "signed_zeros",
            format!(
                "(and (= s0 {}) (= s1 {}) (= s2 {}))",
                lit(1 << (f.w() - 1), f.w()),
                lit(0, f.w()),
                lit(1 << (f.w() - 1), f.w())
            ),
        )
}

/// V_MED3 of format `f`, as printed.
fn med3(name: &'static str, spec: &'static str, f: Fmt) -> Model {
    let min3 = let1(
        "t",
        &min_max(f, false, "s0", "s1"),
        &min_max(f, false, "t", "s2"),
    );
    let max3 = let1(
        "t",
        &min_max(f, true, "s0", "s1"),
        &min_max(f, true, "t", "s2"),
    );
    let d = format!(
        "(ite (or {n0} {n1} {n2}) {min3} (let ((m {max3})) (ite (= m {r0}) {a} (ite (= m {r1}) {b} {c}))))",
        n0 = f.is_nan("s0"),
        n1 = f.is_nan("s1"),
        n2 = f.is_nan("s2"),
        r0 = f.read("s0"),
        r1 = f.read("s1"),
        a = min_max(f, true, "s1", "s2"),
        b = min_max(f, true, "s0", "s2"),
        c = min_max(f, true, "s0", "s1"),
    );
    let one = |v: u64| lit(v, f.w());
    let (p1, m0, p0) = match f.w() {
        16 => (one(0x3c00), one(0x8000), one(0)),
        _ => (one(0x3f80_0000), one(0x8000_0000), one(0)),
    };
    Model::new(name, spec)
        .family(Family::MinMax, f)
        .input("s0", f.w())
        .input("s1", f.w())
        .input("s2", f.w())
        .out("d", f.w(), written(f, &d))
        .out("nan_any", 1, "#b0")
        .float_flags(0)
        .region("nan_operand", f.is_nan("s1"))
        .region(
            "signed_zeros",
            format!("(and (= s0 {m0}) (= s1 {p0}) (= s2 {p1}))"),
        )
        .region("equal_maxima", "(and (= s0 s2) (not (= s0 s1)))")
        .region(
            "denormal_median",
            format!("(and {} (= s1 {m0}) (= s2 {p1}))", f.is_sub("s0")),
        )
}

macro_rules! rows {
    ($($f:ident $name:literal $how:ident($($arg:tt)*) $spec:literal;)*) => {$(
        #[doc = $spec]
        pub fn $f() -> Model {
            $how($name, $spec, $($arg)*)
        }
    )*};
}

rows! {
    v_min_f16  "V_MIN_F16"  minmax(H, false) "if (IEEE_MODE && S0.f16 == sNaN) D.f16 = Quiet(S0.f16); else if (IEEE_MODE && S1.f16 == sNaN) D.f16 = Quiet(S1.f16); else if (S0.f16 == NaN) D.f16 = S1.f16; else if (S1.f16 == NaN) D.f16 = S0.f16; else if (S0.f16 == +0.0 && S1.f16 == -0.0) D.f16 = S1.f16; else if (S0.f16 == -0.0 && S1.f16 == +0.0) D.f16 = S0.f16; else D.f16 = (S0.f16 < S1.f16 ? S0.f16 : S1.f16); endif.";
    v_max_f16  "V_MAX_F16"  minmax(H, true)  "if (IEEE_MODE && S0.f16 == sNaN) D.f16 = Quiet(S0.f16); ... else if (IEEE_MODE) D.f16 = (S0.f16 >= S1.f16 ? S0.f16 : S1.f16); else D.f16 = (S0.f16 > S1.f16 ? S0.f16 : S1.f16); endif.";
    v_min_f64  "V_MIN_F64"  minmax(D, false) "if (IEEE_MODE && S0.d == sNaN) D.d = Quiet(S0.d); ... else D.d = (S0.d < S1.d ? S0.d : S1.d); endif.";
    v_max_f64  "V_MAX_F64"  minmax(D, true)  "if (IEEE_MODE && S0.d == sNaN) D.d = Quiet(S0.d); ... else if (IEEE_MODE) D.d = (S0.d >= S1.d ? S0.d : S1.d); else D.d = (S0.d > S1.d ? S0.d : S1.d); endif.";
    v_min3_f32 "V_MIN3_F32" three(S, false)  "D.f = V_MIN_F32(V_MIN_F32(S0.f, S1.f), S2.f).";
    v_max3_f32 "V_MAX3_F32" three(S, true)   "D.f = V_MAX_F32(V_MAX_F32(S0.f, S1.f), S2.f).";
    v_min3_f16 "V_MIN3_F16" three(H, false)  "D.f16 = V_MIN_F16(V_MIN_F16(S0.f16, S1.f16), S2.f16).";
    v_max3_f16 "V_MAX3_F16" three(H, true)   "D.f16 = V_MAX_F16(V_MAX_F16(S0.f16, S1.f16), S2.f16).";
    v_med3_f32 "V_MED3_F32" med3(S)          "if (isNan(S0.f) || isNan(S1.f) || isNan(S2.f)) D.f = V_MIN3_F32(S0.f, S1.f, S2.f); else if (V_MAX3_F32(S0.f, S1.f, S2.f) == S0.f) D.f = V_MAX_F32(S1.f, S2.f); else if (V_MAX3_F32(S0.f, S1.f, S2.f) == S1.f) D.f = V_MAX_F32(S0.f, S2.f); else D.f = V_MAX_F32(S0.f, S1.f); endif.";
    v_med3_f16 "V_MED3_F16" med3(H)          "if (isNan(S0.f16) || isNan(S1.f16) || isNan(S2.f16)) D.f16 = V_MIN3_F16(S0.f16, S1.f16, S2.f16); else if (V_MAX3_F16(...) == S0.f16) D.f16 = V_MAX_F16(S1.f16, S2.f16); else if (V_MAX3_F16(...) == S1.f16) D.f16 = V_MAX_F16(S0.f16, S2.f16); else D.f16 = V_MAX_F16(S0.f16, S1.f16); endif.";
}

/// if (IEEE_MODE && S0.f == sNaN) D.f = Quiet(S0.f); ... D.f = (S0.f < S1.f ? S0.f : S1.f).
pub fn v_min_f32() -> Model {
    minmax("V_MIN_F32", "if (IEEE_MODE && S0.f == sNaN) D.f = Quiet(S0.f); else if (IEEE_MODE && S1.f == sNaN) D.f = Quiet(S1.f); else if (S0.f == NaN) D.f = S1.f; else if (S1.f == NaN) D.f = S0.f; else if (S0.f == +0.0 && S1.f == -0.0) D.f = S1.f; else if (S0.f == -0.0 && S1.f == +0.0) D.f = S0.f; else D.f = (S0.f < S1.f ? S0.f : S1.f); endif.", S, false)
}

/// if (IEEE_MODE && S0.f == sNaN) D.f = Quiet(S0.f); ... else if (IEEE_MODE) D.f = (S0.f >= S1.f ? S0.f : S1.f); else D.f = (S0.f > S1.f ? S0.f : S1.f).
pub fn v_max_f32() -> Model {
    minmax("V_MAX_F32", "if (IEEE_MODE && S0.f == sNaN) D.f = Quiet(S0.f); else if (IEEE_MODE && S1.f == sNaN) D.f = Quiet(S1.f); else if (S0.f == NaN) D.f = S1.f; else if (S1.f == NaN) D.f = S0.f; else if (S0.f == +0.0 && S1.f == -0.0) D.f = S0.f; else if (S0.f == -0.0 && S1.f == +0.0) D.f = S1.f; else if (IEEE_MODE) D.f = (S0.f >= S1.f ? S0.f : S1.f); else D.f = (S0.f > S1.f ? S0.f : S1.f); endif.", S, true)
}

/// The float min/max/median models of this file.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_MIN_F16", v_min_f16), ("V_MAX_F16", v_max_f16), ("V_MIN_F64", v_min_f64),
    ("V_MAX_F64", v_max_f64), ("V_MIN3_F32", v_min3_f32), ("V_MAX3_F32", v_max3_f32),
    ("V_MIN3_F16", v_min3_f16), ("V_MAX3_F16", v_max3_f16), ("V_MED3_F32", v_med3_f32),
    ("V_MED3_F16", v_med3_f16), ("V_MIN_F32", v_min_f32), ("V_MAX_F32", v_max_f32),
];
