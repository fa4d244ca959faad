//! Dot products, per lane. The integer dots: third round A (note 0027 "Third round (A)");
//! the f16 dot with an f32 sum (DOT2, below): fifth round (note 0027 "Fifth round").
//!
//! Neither manual prints their pseudocode: the Vega manual has no dot rows, the MI100
//! manual lists V_DOT2C_I32_I16, V_DOT4C_I32_I8 and V_DOT8C_I32_I4 among its "New VOP2
//! VALU Opcodes" by name only. The models take the names' arithmetic: S0 and S1 split into
//! 2, 4 or 8 elements of 16, 8 or 4 bits (element 0 in the low bits), signed (`I`) or
//! unsigned (`U`), the products summed exactly with the 32-bit accumulator (S2; for the
//! `C` forms, encoded as VOP2, the destination D), the sum taken modulo 2^32. As every
//! model, these are of CLAMP = 0 (the saturating form is not modelled).
//!
//! DOT2 (MI100 manual, "Feature Changes in MI100 devices" names V_DOT2C_F32_F16; no
//! pseudocode is printed): `D = S0.f16[0] * S1.f16[0] + S0.f16[1] * S1.f16[1] + S2.f32`
//! (`+ D` for the VOP2 `C` form). The products of f16 values are exact in f32. The order and
//! intermediate rounding of the two f32 additions are unpublished (rule
//! `gcn5.v_dot2_f32_f16.order`, unspecified), and D11 says the accumulator may be flushed:
//! the model states an enclosure of every order under every reading, exactly, at bit
//! level: `lo` is the least result of the three orders with each addition rounded down
//! (and any tiny sum or denormal input possibly flushed to zero), `hi` the greatest with
//! each rounded up. Each order's result under any rounding mode and flushing lies between
//! the two (rounding and flushing are monotone). `d` is `lo`.

use crate::bv::*;
use crate::fp::*;
use crate::{Model, ModelFn};

/// `n` elements of `bits` bits per operand; `signed`; `acc`: the accumulator's input name.
fn dot(
    name: &'static str,
    spec: &'static str,
    n: u32,
    bits: u32,
    signed: bool,
    acc: &'static str,
) -> Model {
    // Each product is exact in 2*bits bits; the sum of up to 8 of them and a 32-bit
    // accumulator is exact in 40 bits, of which the low 32 are D.
    let wide = 40;
    let elem = |x: &str, i: u32| {
        let e = ext(x, i * bits + bits - 1, i * bits);
        if signed {
            sext(&e, wide - bits)
        } else {
            zext(&e, wide - bits)
        }
    };
    let mut terms: Vec<String> = (0..n)
        .map(|i| op("bvmul", &elem("s0", i), &elem("s1", i)))
        .collect();
    terms.push(if signed {
        sext(acc, wide - 32)
    } else {
        zext(acc, wide - 32)
    });
    let sum = format!("(bvadd {})", terms.join(" "));
    let min = lit(1 << (bits - 1), bits);
    Model::new(name, spec)
        .input("s0", 32)
        .input("s1", 32)
        .input(acc, 32)
        .out("d", 32, ext(&sum, 31, 0))
        .region(
            "accumulator_wraps",
            format!(
                "(not (= {sum} {}))",
                if signed {
                    sext(&ext(&sum, 31, 0), wide - 32)
                } else {
                    zext(&ext(&sum, 31, 0), wide - 32)
                }
            ),
        )
        .region(
            "most_negative_elements",
            format!(
                "(and (= {} {min}) (= {} {min}))",
                ext("s0", bits - 1, 0),
                ext("s1", bits - 1, 0)
            ),
        )
}

macro_rules! dots {
    ($($f:ident $name:literal $n:literal $bits:literal $signed:literal $acc:literal $spec:literal;)*) => {$(
        #[doc = $spec]
        pub fn $f() -> Model {
            dot($name, $spec, $n, $bits, $signed, $acc)
        }
    )*};
}

dots! {
    v_dot2_i32_i16  "V_DOT2_I32_I16"  2 16 true  "s2"   "D.i = S0.i16[0] * S1.i16[0] + S0.i16[1] * S1.i16[1] + S2.i (named, not printed: MI100 manual, VOP3P).";
    v_dot2_u32_u16  "V_DOT2_U32_U16"  2 16 false "s2"   "D.u = S0.u16[0] * S1.u16[0] + S0.u16[1] * S1.u16[1] + S2.u (named, not printed: MI100 manual, VOP3P).";
    v_dot4_i32_i8   "V_DOT4_I32_I8"   4 8  true  "s2"   "D.i = sum of S0.i8[k] * S1.i8[k], k = 0..3, + S2.i (named, not printed: MI100 manual, VOP3P).";
    v_dot4_u32_u8   "V_DOT4_U32_U8"   4 8  false "s2"   "D.u = sum of S0.u8[k] * S1.u8[k], k = 0..3, + S2.u (named, not printed: MI100 manual, VOP3P).";
    v_dot8_i32_i4   "V_DOT8_I32_I4"   8 4  true  "s2"   "D.i = sum of S0.i4[k] * S1.i4[k], k = 0..7, + S2.i (named, not printed: MI100 manual, VOP3P).";
    v_dot8_u32_u4   "V_DOT8_U32_U4"   8 4  false "s2"   "D.u = sum of S0.u4[k] * S1.u4[k], k = 0..7, + S2.u (named, not printed: MI100 manual, VOP3P).";
    v_dot2c_i32_i16 "V_DOT2C_I32_I16" 2 16 true  "d_in" "D.i = S0.i16[0] * S1.i16[0] + S0.i16[1] * S1.i16[1] + D.i (MI100 manual, New VOP2 VALU Opcodes: named only).";
    v_dot4c_i32_i8  "V_DOT4C_I32_I8"  4 8  true  "d_in" "D.i = sum of S0.i8[k] * S1.i8[k], k = 0..3, + D.i (MI100 manual, New VOP2 VALU Opcodes: named only).";
    v_dot8c_i32_i4  "V_DOT8C_I32_I4"  8 4  true  "d_in" "D.i = sum of S0.i4[k] * S1.i4[k], k = 0..7, + D.i (MI100 manual, New VOP2 VALU Opcodes: named only).";
}

// ---- V_DOT2(C)_F32_F16 ----

/// The smallest f32 normal as a z3 float.
const MIN_NORMAL: &str = "(fp #b0 #x01 #b00000000000000000000000)";

/// `x + y` rounded down (`up`: up), and, when the exact sum is tiny, possibly flushed:
/// the lesser (greater) of the two.
fn step(x: &str, y: &str, up: bool) -> String {
    let (rm, zero, side) = if up {
        ("RTP", "(_ -zero 8 24)", "fp.isNegative")
    } else {
        ("RTN", "(_ +zero 8 24)", "fp.isPositive")
    };
    format!(
        "(let ((r (fp.add {rm} {x} {y})) (t (fp.add RTZ {x} {y}))) (ite (and (fp.lt (fp.abs t) {MIN_NORMAL}) ({side} r)) {zero} r))"
    )
}

/// A value that may be flushed to zero when `flush` (a Bool): its lower (upper) bound.
fn maybe_zero(x: &str, flush: &str, up: bool) -> String {
    let (zero, side) = if up {
        ("(_ -zero 8 24)", "fp.isNegative")
    } else {
        ("(_ +zero 8 24)", "fp.isPositive")
    };
    format!("(ite (and {flush} ({side} {x})) {zero} {x})")
}

fn dot2(name: &'static str, spec: &'static str, acc: &'static str) -> Model {
    let h = |x: &str, i: u32| ext(x, 16 * i + 15, 16 * i);
    let f = |x: &str| format!("((_ to_fp 8 24) RNE {})", H.fp(x));
    // The f16 elements as bits, the accumulator as a float.
    let ins = format!(
        "(a0 {}) (a1 {}) (b0 {}) (b1 {})",
        h("s0", 0),
        h("s0", 1),
        h("s1", 0),
        h("s1", 1)
    );
    // Products (exact) and their bounds: a denormal factor may be flushed (MODE's half
    // input field, or D11).
    let prod = |i: u32, up: bool| {
        let p = format!(
            "(fp.mul RNE {} {})",
            f(&format!("a{i}")),
            f(&format!("b{i}"))
        );
        let flush = format!(
            "(or {} {})",
            H.is_sub(&format!("a{i}")),
            H.is_sub(&format!("b{i}"))
        );
        maybe_zero(&p, &flush, up)
    };
    let c = |up: bool| maybe_zero(&S.fp(acc), &S.is_sub(acc), up);
    let chains = |up: bool| {
        let (p0, p1, c) = ("p0", "p1", "c");
        let s = |x: &str, y: &str, z: &str| step(&step(x, y, up), z, up);
        [s(p0, p1, c), s(p0, c, p1), s(p1, c, p0)]
    };
    let bound = |up: bool| {
        let [o1, o2, o3] = chains(up);
        let pick = if up { "fp.gt" } else { "fp.lt" };
        // A NaN in any order makes the bound a NaN.
        format!(
            "(let ((p0 {}) (p1 {}) (c {})) (let ((o1 {o1}) (o2 {o2}) (o3 {o3})) (let ((m (ite ({pick} o2 o1) o2 o1))) (ite (or (fp.isNaN o1) (fp.isNaN o2) (fp.isNaN o3)) (_ NaN 8 24) (ite ({pick} o3 m) o3 m)))))",
            prod(0, up),
            prod(1, up),
            c(up)
        )
    };
    // Some order gives a NaN under some reading: every order and reading does when both
    // bounds' chains meet opposite infinities (a NaN or invalid input, or +inf and -inf
    // among the terms); a flushed denormal times an infinity is 0 * inf in one reading only.
    let nan_in = format!(
        "(or {} {} {} {} {})",
        H.is_nan("a0"),
        H.is_nan("a1"),
        H.is_nan("b0"),
        H.is_nan("b1"),
        S.is_nan(acc)
    );
    let inf_den = |x: &str, y: &str| format!("(and {} (fp.isInfinite {}))", H.is_sub(x), H.fp(y));
    let split = format!(
        "(or {} {} {} {})",
        inf_den("a0", "b0"),
        inf_den("b0", "a0"),
        inf_den("a1", "b1"),
        inf_den("b1", "a1")
    );
    let bind = |t: &str| {
        format!(
            "(let ({ins}) (let ((lo {}) (hi {})) (let ((nan (or {nan_in} (and (fp.isNaN lo) (fp.isNaN hi)))) (open (and (not {nan_in}) (or {split} (xor (fp.isNaN lo) (fp.isNaN hi)))))) {t})))",
            bound(false),
            bound(true)
        )
    };
    let bits = |v: &str| {
        ite(
            &format!("(or nan (fp.isNaN {v}))"),
            &S.default_nan(),
            &format!("(fp.to_ieee_bv {v})"),
        )
    };
    Model::new(name, spec)
        .input("s0", 32)
        .input("s1", 32)
        .input(acc, 32)
        .out("d", 32, bind(&bits("lo")))
        .out("lo", 32, bind(&bits("lo")))
        .out("hi", 32, bind(&bits("hi")))
        .out("nan_any", 1, bind(&b1("nan")))
        .out("open", 1, bind(&b1("open")))
        .out("flags", 6, lit(0, 6))
        .float_flags(0)
        .region(
            "products_cancel",
            format!(
                "(and (= {} (bvxor {} #x8000)) (= {} {}) (not {}))",
                h("s0", 1),
                h("s0", 0),
                h("s1", 1),
                h("s1", 0),
                H.is_nan(&h("s0", 0))
            ),
        )
        .region(
            "order_matters",
            format!(
                "(and (= {} #x3c00) (= {} #x3c00) (= {} #x0001) (= {} #x0001) (= {acc} #x33800000))",
                h("s0", 0),
                h("s1", 0),
                h("s0", 1),
                h("s1", 1)
            ),
        )
        .region("denormal_accumulator", S.is_sub(acc))
}

/// `D.f32 = S0.f16[0] * S1.f16[0] + S0.f16[1] * S1.f16[1] + S2.f32`.
pub fn v_dot2_f32_f16() -> Model {
    dot2(
        "V_DOT2_F32_F16",
        "D.f32 = S0.f16[0] * S1.f16[0] + S0.f16[1] * S1.f16[1] + S2.f32 (named, not printed: MI100 manual, VOP3P).",
        "s2",
    )
}

/// `D.f32 = S0.f16[0] * S1.f16[0] + S0.f16[1] * S1.f16[1] + D.f32`.
pub fn v_dot2c_f32_f16() -> Model {
    dot2(
        "V_DOT2C_F32_F16",
        "D.f32 = S0.f16[0] * S1.f16[0] + S0.f16[1] * S1.f16[1] + D.f32 (MI100 manual, New VOP2 VALU Opcodes: named only).",
        "d_in",
    )
}

/// The integer dot product models.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_DOT2_I32_I16", v_dot2_i32_i16), ("V_DOT2_U32_U16", v_dot2_u32_u16),
    ("V_DOT4_I32_I8", v_dot4_i32_i8), ("V_DOT4_U32_U8", v_dot4_u32_u8),
    ("V_DOT8_I32_I4", v_dot8_i32_i4), ("V_DOT8_U32_U4", v_dot8_u32_u4),
    ("V_DOT2C_I32_I16", v_dot2c_i32_i16), ("V_DOT4C_I32_I8", v_dot4c_i32_i8),
    ("V_DOT8C_I32_I4", v_dot8c_i32_i4), ("V_DOT2_F32_F16", v_dot2_f32_f16),
    ("V_DOT2C_F32_F16", v_dot2c_f32_f16),
];
