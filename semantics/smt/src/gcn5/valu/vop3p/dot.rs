//! Integer dot products, per lane (third round A, note 0027 "Third round (A)").
//!
//! Neither manual prints their pseudocode: the Vega manual has no dot rows, the MI100
//! manual lists V_DOT2C_I32_I16, V_DOT4C_I32_I8 and V_DOT8C_I32_I4 among its "New VOP2
//! VALU Opcodes" by name only. The models take the names' arithmetic: S0 and S1 split into
//! 2, 4 or 8 elements of 16, 8 or 4 bits (element 0 in the low bits), signed (`I`) or
//! unsigned (`U`), the products summed exactly with the 32-bit accumulator (S2; for the
//! `C` forms, encoded as VOP2, the destination D), the sum taken modulo 2^32. As every
//! model, these are of CLAMP = 0 (the saturating form is not modelled).

use crate::bv::*;
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

/// The integer dot product models.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_DOT2_I32_I16", v_dot2_i32_i16), ("V_DOT2_U32_U16", v_dot2_u32_u16),
    ("V_DOT4_I32_I8", v_dot4_i32_i8), ("V_DOT4_U32_U8", v_dot4_u32_u8),
    ("V_DOT8_I32_I4", v_dot8_i32_i4), ("V_DOT8_U32_U4", v_dot8_u32_u4),
    ("V_DOT2C_I32_I16", v_dot2c_i32_i16), ("V_DOT4C_I32_I8", v_dot4c_i32_i8),
    ("V_DOT8C_I32_I4", v_dot8c_i32_i4),
];
