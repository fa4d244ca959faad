//! Float arithmetic and conversion models, per lane (Vega manual, "VOP2 Instructions",
//! "VOP1 Instructions", "VOP3A & VOP3B Instructions"; note 0027 "Float models").
//!
//! Outputs: `d` (bits), `nan_any` (1: the manual settles only that `d` is a NaN, `d` is
//! then the model's pick) and `flags` (TRAPSTS.EXCP order; `Model::flags_modelled` says
//! which bits are modelled). Every model reads the MODE the script is made for.

use crate::bv::*;
use crate::coverage::OpKind;
use crate::fp::*;
use crate::gcn5::mode::*;
use crate::{Model, ModelFn};

/// Flags the rounded operations model: all but input denormal.
const ROUNDED: u8 = INVALID | DIV0 | OVERFLOW | UNDERFLOW | INEXACT;

/// `let`-bind the operands as the operation reads them (input flushing by MODE).
fn read(f: Fmt, names: &[(&str, &str)], body: &str) -> String {
    let binds: Vec<String> = names
        .iter()
        .map(|(n, src)| format!("({n} {})", f.read(src)))
        .collect();
    format!("(let ({}) {body})", binds.join(" "))
}

fn outputs(m: Model, f: Fmt, bind: &dyn Fn(&str) -> String, r: Rounded) -> Model {
    m.out("d", f.w(), bind(&r.d))
        .out("nan_any", 1, bind(&r.nan_any))
        .out("flags", 6, bind(&r.flags))
        .float_flags(ROUNDED)
}

/// `D = S0 op S1` (`rev`: `S1 op S0`) in format `f`, `op` one of `fp.add` `fp.sub` `fp.mul`.
fn binary(name: &'static str, spec: &'static str, f: Fmt, fop: &str, rev: bool) -> Model {
    let (x, y) = if rev { ("b", "a") } else { ("a", "b") };
    let wide = f.widened(2);
    let to_wide = |v: &str| format!("((_ to_fp {} {}) RNE {})", wide.e, wide.m + 1, f.fp(v));
    let real = match fop {
        "fp.add" => "+",
        "fp.sub" => "-",
        _ => "*",
    };
    let rm = f.rm();
    let r = RoundIn {
        inf: f,
        out: f,
        ops: &[x, y],
        r: format!("({fop} {rm} {} {})", f.fp(x), f.fp(y)),
        wide,
        w: format!("({fop} {rm} {} {})", to_wide(x), to_wide(y)),
        exact: format!("({real} (fp.to_real {}) (fp.to_real {}))", f.fp(x), f.fp(y)),
    };
    let bind = |t: &str| read(f, &[("a", "s0"), ("b", "s1")], t);
    let kind = match fop {
        "fp.add" => OpKind::Add,
        "fp.sub" => OpKind::Sub,
        _ => OpKind::Mul { legacy: false },
    };
    let operands: &[&'static str] = if rev { &["s1", "s0"] } else { &["s0", "s1"] };
    let m = Model::new(name, spec)
        .input("s0", f.w())
        .input("s1", f.w())
        .fp_op(kind, f, f, operands);
    outputs(m, f, &bind, round(r))
        .region("nan_operand", f.is_nan("s0"))
        .region("denormal_operand", f.is_sub("s1"))
}

macro_rules! binaries {
    ($($f:ident $name:literal $fmt:ident $op:literal $rev:literal $spec:literal;)*) => {$(
        #[doc = $spec]
        pub fn $f() -> Model {
            binary($name, $spec, $fmt, $op, $rev)
        }
    )*};
}

binaries! {
    v_add_f32    "V_ADD_F32"    S "fp.add" false "D.f = S0.f + S1.f. 0.5ULP precision, denormals are supported.";
    v_sub_f32    "V_SUB_F32"    S "fp.sub" false "D.f = S0.f - S1.f.";
    v_subrev_f32 "V_SUBREV_F32" S "fp.sub" true  "D.f = S1.f - S0.f.";
    v_mul_f32    "V_MUL_F32"    S "fp.mul" false "D.f = S0.f * S1.f. 0.5ULP precision, denormals are supported.";
    v_add_f16    "V_ADD_F16"    H "fp.add" false "D.f16 = S0.f16 + S1.f16. Supports denormals, round mode, exception flags, saturation.";
    v_sub_f16    "V_SUB_F16"    H "fp.sub" false "D.f16 = S0.f16 - S1.f16. Supports denormals, round mode, exception flags, saturation.";
    v_subrev_f16 "V_SUBREV_F16" H "fp.sub" true  "D.f16 = S1.f16 - S0.f16. Supports denormals, round mode, exception flags, saturation.";
    v_mul_f16    "V_MUL_F16"    H "fp.mul" false "D.f16 = S0.f16 * S1.f16. Supports denormals, round mode, exception flags, saturation.";
    v_add_f64    "V_ADD_F64"    D "fp.add" false "D.d = S0.d + S1.d. 0.5ULP precision, denormals are supported.";
    v_mul_f64    "V_MUL_F64"    D "fp.mul" false "D.d = S0.d * S1.d. 0.5ULP precision, denormals are supported.";
}

/// A float-to-float conversion from `from` to `to`; `extra`: exponent bits added to `to`
/// for rounding with an unbounded exponent.
fn cvt(name: &'static str, spec: &'static str, from: Fmt, to: Fmt, extra: u32) -> Model {
    let wide = to.widened(extra);
    let rm = to.rm();
    let r = RoundIn {
        inf: from,
        out: to,
        ops: &["a"],
        r: format!("((_ to_fp {} {}) {rm} {})", to.e, to.m + 1, from.fp("a")),
        wide,
        w: format!(
            "((_ to_fp {} {}) {rm} {})",
            wide.e,
            wide.m + 1,
            from.fp("a")
        ),
        exact: format!("(fp.to_real {})", from.fp("a")),
    };
    let bind = |t: &str| read(from, &[("a", "s0")], t);
    let m = Model::new(name, spec)
        .input("s0", from.w())
        .fp_op(OpKind::Convert, from, to, &["s0"]);
    outputs(m, to, &bind, round(r)).region("nan_operand", from.is_nan("s0"))
}

/// D.f = flt16_to_flt32(S0.f16). 0ULP accuracy, FP16 denormal inputs are accepted.
///
/// The manual accepts f16 denormal inputs here, so MODE's half input flush is not applied.
pub fn v_cvt_f32_f16() -> Model {
    let spec = "D.f = flt16_to_flt32(S0.f16). 0ULP accuracy, FP16 denormal inputs are accepted.";
    let (from, to) = (H, S);
    let wide = to.widened(2);
    let rm = to.rm();
    let r = RoundIn {
        inf: from,
        out: to,
        ops: &["s0"],
        r: format!("((_ to_fp {} {}) {rm} {})", to.e, to.m + 1, from.fp("s0")),
        wide,
        w: format!(
            "((_ to_fp {} {}) {rm} {})",
            wide.e,
            wide.m + 1,
            from.fp("s0")
        ),
        exact: format!("(fp.to_real {})", from.fp("s0")),
    };
    let m = Model::new("V_CVT_F32_F16", spec).input("s0", 16);
    outputs(m, to, &|t: &str| t.to_string(), round(r))
        .region("nan_operand", from.is_nan("s0"))
        .region("denormal_operand", from.is_sub("s0"))
}
/// D.f16 = flt32_to_flt16(S0.f). 0.5ULP accuracy, supports input modifiers and creates FP16 denormals when appropriate.
pub fn v_cvt_f16_f32() -> Model {
    cvt("V_CVT_F16_F32", "D.f16 = flt32_to_flt16(S0.f). 0.5ULP accuracy, supports input modifiers and creates FP16 denormals when appropriate.", S, H, 4)
        .region("f16_denormal_result", "(and (bvuge (bvand s0 #x7fffffff) #x33000000) (bvult (bvand s0 #x7fffffff) #x38800000))")
}
/// D.f = (float)S0.d. 0.5ULP accuracy, denormals are supported.
pub fn v_cvt_f32_f64() -> Model {
    cvt(
        "V_CVT_F32_F64",
        "D.f = (float)S0.d. 0.5ULP accuracy, denormals are supported.",
        D,
        S,
        4,
    )
}
/// D.d = (double)S0.f. 0ULP accuracy, denormals are supported.
pub fn v_cvt_f64_f32() -> Model {
    cvt(
        "V_CVT_F64_F32",
        "D.d = (double)S0.f. 0ULP accuracy, denormals are supported.",
        S,
        D,
        2,
    )
}

/// An integer to f32 conversion (`signed`).
fn from_int(name: &'static str, spec: &'static str, signed: bool) -> Model {
    let rm = S.rm();
    let conv = if signed { "to_fp" } else { "to_fp_unsigned" };
    let r = format!("((_ {conv} 8 24) {rm} s0)");
    let int = if signed {
        "(ite (bvslt s0 #x00000000) (- (bv2int s0) 4294967296) (bv2int s0))"
    } else {
        "(bv2int s0)"
    };
    let inexact = b1(&format!("(not (= (to_real {int}) (fp.to_real r)))"));
    let bind = |t: &str| format!("(let ((r {r})) {t})");
    Model::new(name, spec)
        .input("s0", 32)
        .out("d", 32, bind("(fp.to_ieee_bv r)"))
        .out("nan_any", 1, "#b0")
        .out("flags", 6, bind(&concat(&[inexact, lit(0, 5)])))
        .float_flags(ROUNDED)
        .region("inexact", "(bvuge (bvand s0 #x7fffffff) #x01000001)")
}
/// D.f = (float)S0.i. 0.5ULP accuracy.
pub fn v_cvt_f32_i32() -> Model {
    from_int("V_CVT_F32_I32", "D.f = (float)S0.i. 0.5ULP accuracy.", true)
}
/// D.f = (float)S0.u. 0.5ULP accuracy.
pub fn v_cvt_f32_u32() -> Model {
    from_int(
        "V_CVT_F32_U32",
        "D.f = (float)S0.u. 0.5ULP accuracy.",
        false,
    )
}

/// An f32 to 32-bit integer conversion (`signed`): `(int)` truncates toward zero; out of
/// range values, infinities included, saturate; NaN gives 0. Flags: inexact only (0: the
/// manual raises it only when CLAMP = 1, and the models are of CLAMP = 0); invalid is not
/// modelled (the manual does not say whether saturation or NaN raises it).
fn to_int(name: &'static str, spec: &'static str, signed: bool) -> Model {
    // 2^31 = 0x4f000000, -2^31 = 0xcf000000, 2^32 = 0x4f800000.
    let x = S.fp("a");
    let d = if signed {
        format!(
            "(ite (fp.isNaN {x}) #x00000000 (ite (fp.geq {x} {}) #x7fffffff (ite (fp.leq {x} {}) #x80000000 ((_ fp.to_sbv 32) RTZ {x}))))",
            S.fp("#x4f000000"),
            S.fp("#xcf000000")
        )
    } else {
        format!(
            "(ite (fp.isNaN {x}) #x00000000 (ite (fp.geq {x} {}) #xffffffff (ite (fp.leq {x} {}) #x00000000 ((_ fp.to_ubv 32) RTZ {x}))))",
            S.fp("#x4f800000"),
            S.fp("#x00000000")
        )
    };
    Model::new(name, spec)
        .input("s0", 32)
        .fp_op(OpKind::ToInt { signed, width: 32 }, S, S, &["s0"])
        .out("d", 32, read(S, &[("a", "s0")], &d))
        .out("nan_any", 1, "#b0")
        .out("flags", 6, lit(0, 6))
        .float_flags(INEXACT)
        .region("nan_operand", S.is_nan("s0"))
        .region("out_of_range", "(bvuge (bvand s0 #x7fffffff) #x4f800000)")
}
/// D.i = (int)S0.f. 1ULP accuracy, out-of-range floating point values (including infinity) saturate. NaN is converted to 0.
pub fn v_cvt_i32_f32() -> Model {
    to_int("V_CVT_I32_F32", "D.i = (int)S0.f. 1ULP accuracy, out-of-range floating point values (including infinity) saturate. NaN is converted to 0.", true)
}
/// D.u = (unsigned)S0.f. 1ULP accuracy, out-of-range floating point values (including infinity) saturate. NaN is converted to 0.
pub fn v_cvt_u32_f32() -> Model {
    to_int("V_CVT_U32_F32", "D.u = (unsigned)S0.f. 1ULP accuracy, out-of-range floating point values (including infinity) saturate. NaN is converted to 0.", false)
}

/// V_MIN_F32 (`max` false) and V_MAX_F32 as the manual's pseudocode: the model of every
/// float min/max width (`fminmax/minmax.rs`).
fn minmax(name: &'static str, spec: &'static str, max: bool) -> Model {
    super::fminmax::minmax::minmax(name, spec, S, max)
}
/// if (IEEE_MODE && S0.f == sNaN) D.f = Quiet(S0.f); ... D.f = (S0.f < S1.f ? S0.f : S1.f).
pub fn v_min_f32() -> Model {
    minmax("V_MIN_F32", "if (IEEE_MODE && S0.f == sNaN) D.f = Quiet(S0.f); else if (IEEE_MODE && S1.f == sNaN) D.f = Quiet(S1.f); else if (S0.f == NaN) D.f = S1.f; else if (S1.f == NaN) D.f = S0.f; else if (S0.f == +0.0 && S1.f == -0.0) D.f = S1.f; else if (S0.f == -0.0 && S1.f == +0.0) D.f = S0.f; else D.f = (S0.f < S1.f ? S0.f : S1.f); endif.", false)
}
/// if (IEEE_MODE && S0.f == sNaN) D.f = Quiet(S0.f); ... else if (IEEE_MODE) D.f = (S0.f >= S1.f ? S0.f : S1.f); else D.f = (S0.f > S1.f ? S0.f : S1.f).
pub fn v_max_f32() -> Model {
    minmax("V_MAX_F32", "if (IEEE_MODE && S0.f == sNaN) D.f = Quiet(S0.f); else if (IEEE_MODE && S1.f == sNaN) D.f = Quiet(S1.f); else if (S0.f == NaN) D.f = S1.f; else if (S1.f == NaN) D.f = S0.f; else if (S0.f == +0.0 && S1.f == -0.0) D.f = S0.f; else if (S0.f == -0.0 && S1.f == +0.0) D.f = S1.f; else if (IEEE_MODE) D.f = (S0.f >= S1.f ? S0.f : S1.f); else D.f = (S0.f > S1.f ? S0.f : S1.f); endif.", true)
}

/// D.f = S0.f * S1.f + S2.f. Fused single precision multiply add.
///
/// Without `fp.fma` (unsound in libz3 4.8.12): `vmad::fused`, the model of every fused
/// multiply-add width. fma(inf, 0, qNaN) returns the quiet NaN without invalid (IEEE 754
/// 7.2 leaves it to the implementation; the manual says nothing): invalid is modelled
/// only for signalling NaN operands and invalid operations without a NaN operand.
pub fn v_fma_f32() -> Model {
    let f = S;
    let bind = |t: &str| read(f, &[("a", "s0"), ("b", "s1"), ("c", "s2")], t);
    let m = Model::new(
        "V_FMA_F32",
        "D.f = S0.f * S1.f + S2.f. Fused single precision multiply add.",
    )
    .input("s0", 32)
    .input("s1", 32)
    .input("s2", 32)
    .fp_op(
        OpKind::MulAdd {
            fused: true,
            legacy: false,
        },
        f,
        f,
        &["s0", "s1", "s2"],
    );
    outputs(m, f, &bind, super::fminmax::mad::fused(f))
        .region(
            "exact_cancellation",
            "(and (= s0 #x3f800000) (= s1 #x3f800000) (= s2 #xbf800000))",
        )
        .region(
            "inf_times_zero",
            "(and (= s0 #x7f800000) (= s1 #x00000000))",
        )
}

/// The float arithmetic and conversion models.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_ADD_F32", v_add_f32), ("V_SUB_F32", v_sub_f32), ("V_SUBREV_F32", v_subrev_f32),
    ("V_MUL_F32", v_mul_f32), ("V_ADD_F16", v_add_f16), ("V_SUB_F16", v_sub_f16),
    ("V_SUBREV_F16", v_subrev_f16), ("V_MUL_F16", v_mul_f16), ("V_ADD_F64", v_add_f64),
    ("V_MUL_F64", v_mul_f64), ("V_CVT_F32_F16", v_cvt_f32_f16), ("V_CVT_F16_F32", v_cvt_f16_f32),
    ("V_CVT_F32_F64", v_cvt_f32_f64), ("V_CVT_F64_F32", v_cvt_f64_f32),
    ("V_CVT_F32_I32", v_cvt_f32_i32), ("V_CVT_F32_U32", v_cvt_f32_u32),
    ("V_CVT_I32_F32", v_cvt_i32_f32), ("V_CVT_U32_F32", v_cvt_u32_f32),
    ("V_MIN_F32", v_min_f32), ("V_MAX_F32", v_max_f32), ("V_FMA_F32", v_fma_f32),
];
