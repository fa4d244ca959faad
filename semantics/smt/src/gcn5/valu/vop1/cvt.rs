//! VOP1 conversion models, per lane (Vega manual, "VOP1 Instructions"; note 0027 "Float
//! models" and "Third round (A)"): the rows whose kernels are in gpuref-amd-gcn5's
//! `alu/valu/vop1/cvt.rs`.
//!
//! Float-to-integer conversions truncate (the pseudocode's C casts; "Conversion is done
//! with truncation" for the 16-bit ones), saturate out-of-range values and infinities,
//! and give 0 for NaN (printed for the 32-bit ones; read the same way for the 16-bit ones,
//! which say only "supports saturation"). Their flags: inexact only, 0 (raised only when
//! CLAMP = 1, and the models are of CLAMP = 0); invalid is not modelled (not stated).

use crate::bv::*;

use super::{exact_from_int, one};
use crate::coverage::OpKind;
use crate::fp::*;
use crate::gcn5::mode::*;
use crate::gcn5::valu::{outputs, read};
use crate::{Model, ModelFn};

/// sat8 of a signed 16-bit value: clamped to 0..=255.
fn sat8(x: &str) -> String {
    ite(
        &format!("(bvslt {x} #x0000)"),
        "#x00",
        &ite(&format!("(bvsgt {x} #x00ff)"), "#xff", &ext(x, 7, 0)),
    )
}

/// D.u32 = {16'b0, sat8(S.u[31:16]), sat8(S.u[15:0])}.
pub fn v_sat_pk_u8_i16() -> Model {
    let d = format!(
        "(concat #x0000 {} {})",
        sat8(&ext("s0", 31, 16)),
        sat8(&ext("s0", 15, 0))
    );
    one(
        "V_SAT_PK_U8_I16",
        "D.u32 = {16'b0, sat8(S.u[31:16]), sat8(S.u[15:0])}.",
    )
    .out("d", 32, d)
    .region(
        "low_negative_high_over",
        "(and (bvslt ((_ extract 15 0) s0) #x0000) (bvsgt ((_ extract 31 16) s0) #x00ff))",
    )
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

/// An f32 to 32-bit integer conversion (`signed`): `(int)` truncates toward zero; out of
/// range values, infinities included, saturate; NaN gives 0. Flags: inexact only (0: the
/// manual raises it only when CLAMP = 1, and the models are of CLAMP = 0); invalid is not
/// modelled (the manual does not say whether saturation or NaN raises it).
fn f32_to_int(name: &'static str, spec: &'static str, signed: bool) -> Model {
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
    f32_to_int("V_CVT_I32_F32", "D.i = (int)S0.f. 1ULP accuracy, out-of-range floating point values (including infinity) saturate. NaN is converted to 0.", true)
}

/// D.u = (unsigned)S0.f. 1ULP accuracy, out-of-range floating point values (including infinity) saturate. NaN is converted to 0.
pub fn v_cvt_u32_f32() -> Model {
    f32_to_int("V_CVT_U32_F32", "D.u = (unsigned)S0.f. 1ULP accuracy, out-of-range floating point values (including infinity) saturate. NaN is converted to 0.", false)
}

/// The float `f` of the Real literal `r`.
fn real(f: Fmt, r: &str) -> String {
    format!("((_ to_fp {} {}) RNE {r})", f.e, f.m + 1)
}

/// A float (bits `a`) to an `out`-bit integer, `signed`: truncation, saturation, NaN 0.
/// `flush`: the operand is read with MODE's input flushing (the 16-bit ones accept FP16
/// denormals; either reading gives 0 for a denormal).
fn to_int(
    name: &'static str,
    spec: &'static str,
    f: Fmt,
    out: u32,
    signed: bool,
    flush: bool,
) -> Model {
    let x = f.fp("a");
    let top = 1u64 << (out - 1);
    let d = if signed {
        format!(
            "(ite (fp.isNaN {x}) {z} (ite (fp.geq {x} {hi}) {max} (ite (fp.leq {x} {lo}) {min} ((_ fp.to_sbv {out}) RTZ {x}))))",
            z = lit(0, out),
            hi = real(f, &format!("{top}.0")),
            lo = real(f, &format!("(- {top}.0)")),
            max = lit(top - 1, out),
            min = lit(top, out),
        )
    } else {
        format!(
            "(ite (fp.isNaN {x}) {z} (ite (fp.geq {x} {hi}) {max} (ite (fp.leq {x} {lo}) {z} ((_ fp.to_ubv {out}) RTZ {x}))))",
            z = lit(0, out),
            hi = real(f, &format!("{}.0", 1u128 << out)),
            lo = real(f, "0.0"),
            max = lit(if out == 64 { u64::MAX } else { (1u64 << out) - 1 }, out),
        )
    };
    let a = if flush {
        f.read("s0")
    } else {
        "s0".to_string()
    };
    let lim = if signed { top } else { top << 1 };
    Model::new(name, spec)
        .input("s0", f.w())
        .fp_op(OpKind::ToInt { signed, width: out }, f, f, &["s0"])
        .out("d", out, let1("a", &a, &d))
        .out("nan_any", 1, "#b0")
        .out("flags", 6, lit(0, 6))
        .float_flags(INEXACT)
        .region("nan_operand", f.is_nan("s0"))
        .region(
            "limit",
            format!(
                "(fp.eq {} {})",
                f.fp("s0"),
                real(f, &format!("{}.0", lim - 1))
            ),
        )
        .region(
            "negative_fraction",
            format!(
                "(and (fp.lt {} {}) (fp.gt {0} {}))",
                f.fp("s0"),
                real(f, "0.0"),
                real(f, "(- 1.0)")
            ),
        )
}

/// V_CVT_I32_F64.
pub fn v_cvt_i32_f64() -> Model {
    to_int("V_CVT_I32_F64", "D.i = (int)S0.d. 0.5ULP accuracy, out-of-range floating point values (including infinity) saturate. NaN is converted to 0.", D, 32, true, true)
}

/// V_CVT_U32_F64.
pub fn v_cvt_u32_f64() -> Model {
    to_int("V_CVT_U32_F64", "D.u = (unsigned)S0.d. 0.5ULP accuracy, out-of-range floating point values (including infinity) saturate. NaN is converted to 0.", D, 32, false, true)
}

/// V_CVT_U16_F16.
pub fn v_cvt_u16_f16() -> Model {
    to_int("V_CVT_U16_F16", "D.u16 = flt16_to_uint16(S.f16). 1ULP accuracy, supports rounding, exception flags and saturation. FP16 denormals are accepted. Conversion is done with truncation.", H, 16, false, false)
}

/// V_CVT_I16_F16.
pub fn v_cvt_i16_f16() -> Model {
    to_int("V_CVT_I16_F16", "D.i16 = flt16_to_int16(S.f16). 1ULP accuracy, supports rounding, exception flags and saturation. FP16 denormals are accepted. Conversion is done with truncation.", H, 16, true, false)
}

/// V_CVT_FLR_I32_F32 (`rpi` false: `(int)floor(S0.f)`) and V_CVT_RPI_I32_F32
/// (`(int)floor(S0.f + 0.5)`, the sum read in exact arithmetic: it is formed in f64,
/// rounded toward -inf, which keeps its floor). Saturation and NaN as the other
/// float-to-int conversions (not stated for these two); floor is integral, so no inexact.
/// The operand is read with MODE's input flushing ("denormals are supported", read as
/// V_ADD_F32's same words).
fn floor_int(name: &'static str, spec: &'static str, rpi: bool) -> Model {
    let x = S.fp("a");
    let v = if rpi {
        format!("(fp.add RTN ((_ to_fp 11 53) RNE {x}) ((_ to_fp 11 53) RNE 0.5))")
    } else {
        format!("((_ to_fp 11 53) RNE {x})")
    };
    let d = format!(
        "(let ((v (fp.roundToIntegral RTN {v}))) (ite (fp.isNaN {x}) #x00000000 (ite (fp.geq v {hi}) #x7fffffff (ite (fp.leq v {lo}) #x80000000 ((_ fp.to_sbv 32) RTZ v)))))",
        hi = real(D, "2147483648.0"),
        lo = real(D, "(- 2147483648.0)"),
    );
    let m = Model::new(name, spec)
        .input("s0", 32)
        .out("d", 32, let1("a", &S.read("s0"), &d))
        .out("nan_any", 1, "#b0")
        .out("flags", 6, lit(0, 6))
        .float_flags(INEXACT)
        .region(
            "negative_denormal",
            format!("(and {} (= {} #b1))", S.is_sub("s0"), ext("s0", 31, 31)),
        )
        .region(
            "near_int_min",
            "(and (bvuge s0 #xceffffff) (bvule s0 #xcf000001))",
        );
    if rpi {
        // 0.5 - 2^-25 (0x3effffff): an f32 sum would round to 1.0; odd integers above 2^23.
        m.region("below_half", "(= s0 #x3effffff)").region(
            "half_tie",
            "(or (= s0 #x3f000000) (= s0 #xbf000000) (= s0 #x3fc00000))",
        )
    } else {
        m
    }
}

/// V_CVT_FLR_I32_F32.
pub fn v_cvt_flr_i32_f32() -> Model {
    floor_int(
        "V_CVT_FLR_I32_F32",
        "D.i = (int)floor(S0.f). 1ULP accuracy, denormals are supported.",
        false,
    )
}

/// V_CVT_RPI_I32_F32.
pub fn v_cvt_rpi_i32_f32() -> Model {
    floor_int(
        "V_CVT_RPI_I32_F32",
        "D.i = (int)floor(S0.f + 0.5). 0.5ULP accuracy, denormals are supported.",
        true,
    )
}

/// D.d = (double)S0.i. 0ULP accuracy.
pub fn v_cvt_f64_i32() -> Model {
    exact_from_int(
        "V_CVT_F64_I32",
        "D.d = (double)S0.i. 0ULP accuracy.",
        D,
        "s0",
        true,
    )
    .region("int_min", "(= s0 #x80000000)")
}

/// D.d = (double)S0.u. 0ULP accuracy.
pub fn v_cvt_f64_u32() -> Model {
    exact_from_int(
        "V_CVT_F64_U32",
        "D.d = (double)S0.u. 0ULP accuracy.",
        D,
        "s0",
        false,
    )
    .region("top_bit", "(= s0 #xffffffff)")
}

/// The VOP1 conversion models.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_SAT_PK_U8_I16", v_sat_pk_u8_i16), ("V_CVT_F16_F32", v_cvt_f16_f32),
    ("V_CVT_F32_F64", v_cvt_f32_f64), ("V_CVT_F64_F32", v_cvt_f64_f32),
    ("V_CVT_I32_F32", v_cvt_i32_f32), ("V_CVT_U32_F32", v_cvt_u32_f32),
    ("V_CVT_I32_F64", v_cvt_i32_f64), ("V_CVT_U32_F64", v_cvt_u32_f64),
    ("V_CVT_U16_F16", v_cvt_u16_f16), ("V_CVT_I16_F16", v_cvt_i16_f16),
    ("V_CVT_FLR_I32_F32", v_cvt_flr_i32_f32), ("V_CVT_RPI_I32_F32", v_cvt_rpi_i32_f32),
    ("V_CVT_F64_I32", v_cvt_f64_i32), ("V_CVT_F64_U32", v_cvt_f64_u32),
];
