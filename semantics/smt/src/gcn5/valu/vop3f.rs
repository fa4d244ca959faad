//! VOP3-only float models, per lane (Vega manual, "VOP3A & VOP3B Instructions"; note 0027
//! "Third round (B)"): the cube-map rows here, the division steps in `div.rs`, the packing
//! conversions in `pack.rs`, V_TRIG_PREOP_F64 in `trig.rs`.

pub mod div;

pub mod pack;

pub mod trig;

use crate::bv::*;

use crate::fp::*;

use crate::gcn5::mode::*;

use super::binary;
use crate::{Model, ModelFn};

/// A cube-map model: `pick` the result from the major-axis decision. The axes are compared
/// as floats read with MODE's single input flushing (as the float compares); `-S.f`
/// flips the sign bit; the result's bits are the operand's (no flush or quieting is
/// printed). Flags are not modelled (none printed).
fn cube(name: &'static str, spec: &'static str, pick: [&str; 3]) -> Model {
    let abs = |x: &str| format!("(fp.abs {})", S.fp(x));
    let (x, y, z) = ("x", "y", "z");
    let zmaj = format!(
        "(and (fp.geq {} {}) (fp.geq {} {}))",
        abs(z),
        abs(x),
        abs(z),
        abs(y)
    );
    let ymaj = format!("(fp.geq {} {})", abs(y), abs(x));
    let d = ite(&zmaj, pick[0], &ite(&ymaj, pick[1], pick[2]));
    let d = format!(
        "(let ((x {}) (y {}) (z {})) {d})",
        S.read("s0"),
        S.read("s1"),
        S.read("s2")
    );
    Model::new(name, spec)
        .input("s0", 32)
        .input("s1", 32)
        .input("s2", 32)
        .out("d", 32, d)
        .out("nan_any", 1, "#b0")
        .out("flags", 6, lit(0, 6))
        .float_flags(0)
        .region("z_major_tie", "(and (= (bvand s2 #x7fffffff) (bvand s0 #x7fffffff)) (= s1 #x00000000) (not (= s2 #x00000000)))")
        .region("y_major_negative", "(and (bvslt s1 #x00000000) (bvugt (bvand s1 #x7fffffff) (bvand s0 #x7fffffff)) (bvugt (bvand s1 #x7fffffff) (bvand s2 #x7fffffff)) (bvult (bvand s1 #x7fffffff) #x7f800000))")
}

fn neg(v: &str) -> String {
    format!("(bvxor {v} #x80000000)")
}

fn lt0(v: &str) -> String {
    format!("(fp.lt {} (_ +zero 8 24))", S.fp(v))
}

/// If (Abs(S2.f) >= Abs(S0.f) && Abs(S2.f) >= Abs(S1.f)) If (S2.f < 0) D.f = 5.0 Else D.f = 4.0 Else if (Abs(S1.f) >= Abs(S0.f)) If (S1.f < 0) D.f = 3.0 Else D.f = 2.0 Else If (S0.f < 0) D.f = 1.0 Else D.f = 0.0
pub fn v_cubeid_f32() -> Model {
    cube("V_CUBEID_F32", "If (Abs(S2.f) >= Abs(S0.f) && Abs(S2.f) >= Abs(S1.f)) If (S2.f < 0) D.f = 5.0 Else D.f = 4.0 Else if (Abs(S1.f) >= Abs(S0.f)) If (S1.f < 0) D.f = 3.0 Else D.f = 2.0 Else If (S0.f < 0) D.f = 1.0 Else D.f = 0.0", [
        &ite(&lt0("z"), "#x40a00000", "#x40800000"),
        &ite(&lt0("y"), "#x40400000", "#x40000000"),
        &ite(&lt0("x"), "#x3f800000", "#x00000000"),
    ])
}

/// If (Abs(S2.f) >= Abs(S0.f) && Abs(S2.f) >= Abs(S1.f)) If (S2.f < 0) D.f = -S0.f Else D.f = S0.f Else if (Abs(S1.f) >= Abs(S0.f)) D.f = S0.f Else If (S0.f < 0) D.f = S2.f Else D.f = -S2.f
pub fn v_cubesc_f32() -> Model {
    cube("V_CUBESC_F32", "If (Abs(S2.f) >= Abs(S0.f) && Abs(S2.f) >= Abs(S1.f)) If (S2.f < 0) D.f = -S0.f Else D.f = S0.f Else if (Abs(S1.f) >= Abs(S0.f)) D.f = S0.f Else If (S0.f < 0) D.f = S2.f Else D.f = -S2.f", [
        &ite(&lt0("z"), &neg("x"), "x"),
        "x",
        &ite(&lt0("x"), "z", &neg("z")),
    ])
}

/// If (Abs(S2.f) >= Abs(S0.f) && Abs(S2.f) >= Abs(S1.f)) D.f = -S1.f Else if (Abs(S1.f) >= Abs(S0.f)) If (S1.f < 0) D.f = -S2.f Else D.f = S2.f Else D.f = -S1.f
pub fn v_cubetc_f32() -> Model {
    cube("V_CUBETC_F32", "If (Abs(S2.f) >= Abs(S0.f) && Abs(S2.f) >= Abs(S1.f)) D.f = -S1.f Else if (Abs(S1.f) >= Abs(S0.f)) If (S1.f < 0) D.f = -S2.f Else D.f = S2.f Else D.f = -S1.f", [
        &neg("y"),
        &ite(&lt0("y"), &neg("z"), "z"),
        &neg("y"),
    ])
}

/// If (Abs(S2.f) >= Abs(S0.f) && Abs(S2.f) >= Abs(S1.f)) D.f = 2.0*S2.f Else if (Abs(S1.f) >= Abs(S0.f)) D.f = 2.0 * S1.f Else D.f = 2.0 * S0.f
///
/// The doubling is a V_MUL_F32 by 2.0 (MODE's rounding, output flushing, NaN and flag
/// rules of the float layer).
pub fn v_cubema_f32() -> Model {
    let f = S;
    let abs = |x: &str| format!("(fp.abs {})", f.fp(x));
    let sel = format!(
        "(ite (and (fp.geq {z} {x}) (fp.geq {z} {y})) s2r (ite (fp.geq {y} {x}) s1r s0r))",
        x = abs("s0r"),
        y = abs("s1r"),
        z = abs("s2r")
    );
    let wide = f.widened(2);
    let two = |g: Fmt| format!("((_ to_fp {} {}) RNE 2.0)", g.e, g.m + 1);
    let rm = f.rm();
    let r = round(RoundIn {
        inf: f,
        out: f,
        ops: &["a"],
        r: format!("(fp.mul {rm} {} {})", two(f), f.fp("a")),
        wide,
        w: format!(
            "(fp.mul {rm} {} ((_ to_fp {} {}) RNE {}))",
            two(wide),
            wide.e,
            wide.m + 1,
            f.fp("a")
        ),
        exact: format!("(* 2.0 (fp.to_real {}))", f.fp("a")),
    });
    let bind = |t: &str| {
        format!(
            "(let ((s0r {}) (s1r {}) (s2r {})) (let ((a {sel})) {t}))",
            f.read("s0"),
            f.read("s1"),
            f.read("s2")
        )
    };
    Model::new("V_CUBEMA_F32", "If (Abs(S2.f) >= Abs(S0.f) && Abs(S2.f) >= Abs(S1.f)) D.f = 2.0*S2.f Else if (Abs(S1.f) >= Abs(S0.f)) D.f = 2.0 * S1.f Else D.f = 2.0 * S0.f")
        .input("s0", 32)
        .input("s1", 32)
        .input("s2", 32)
        .out("d", 32, bind(&r.d))
        .out("nan_any", 1, bind(&r.nan_any))
        .out("flags", 6, bind(&r.flags))
        .float_flags(INVALID | DIV0 | OVERFLOW | UNDERFLOW | INEXACT)
        .region("x_major_overflow", "(and (= (bvand s0 #x7f800000) #x7f000000) (bvult (bvand s1 #x7fffffff) #x3f800000) (bvult (bvand s2 #x7fffffff) #x3f800000))")
}

binaries! {
    v_add_f64    "V_ADD_F64"    D "fp.add" false "D.d = S0.d + S1.d. 0.5ULP precision, denormals are supported.";
    v_mul_f64    "V_MUL_F64"    D "fp.mul" false "D.d = S0.d * S1.d. 0.5ULP precision, denormals are supported.";
}

/// The VOP3 packing models.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_CUBEID_F32", v_cubeid_f32), ("V_CUBESC_F32", v_cubesc_f32), ("V_CUBETC_F32", v_cubetc_f32),
    ("V_CUBEMA_F32", v_cubema_f32), ("V_ADD_F64", v_add_f64), ("V_MUL_F64", v_mul_f64),
];
