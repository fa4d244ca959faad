//! VOP3-only integer arithmetic models, per lane (Vega manual, "VOP3A & VOP3B
//! Instructions"): the rows whose kernels are in gpuref-amd-gcn5's `alu/valu/vop3i/arith.rs`.

use super::{three, two};
use crate::bv::*;
use crate::coverage::IntFamily;
use crate::{Model, ModelFn};

fn mad24(name: &'static str, spec: &'static str, signed: bool) -> Model {
    let x = |v: &str| {
        if signed {
            sext_low(v, 24, 32)
        } else {
            zext_low(v, 24, 32)
        }
    };
    three(name, spec, 32)
        .out(
            "d",
            32,
            format!("(bvadd (bvmul {} {}) s2)", x("s0"), x("s1")),
        )
        .region("negative_field", "(= ((_ extract 23 23) s0) #b1)")
}
/// D.i = S0.i[23:0] * S1.i[23:0] + S2.i.
pub fn v_mad_i32_i24() -> Model {
    mad24(
        "V_MAD_I32_I24",
        "D.i = S0.i[23:0] * S1.i[23:0] + S2.i.",
        true,
    )
}
/// D.u = S0.u[23:0] * S1.u[23:0] + S2.u.
pub fn v_mad_u32_u24() -> Model {
    mad24(
        "V_MAD_U32_U24",
        "D.u = S0.u[23:0] * S1.u[23:0] + S2.u.",
        false,
    )
}

/// The sum of |S0[f] - S1[f]| over the `n`-bit fields of S0 and S1, as 32 bits.
fn sad_fields(n: u32) -> String {
    let terms: Vec<String> = (0..32 / n)
        .map(|f| {
            let (h, l) = (n * f + n - 1, n * f);
            zext(
                &absdiff_wide(&ext("s0", h, l), &ext("s1", h, l), n, false),
                31 - n,
            )
        })
        .collect();
    format!("(bvadd {})", terms.join(" "))
}

/// D.u = abs(S0.i[31:24] - S1.i[31:24]) + ... + abs(S0.i[7:0] - S1.i[7:0]) + S2.u.
pub fn v_sad_u8() -> Model {
    three("V_SAD_U8", "D.u = abs(S0.i[31:24] - S1.i[31:24]); D.u += ...; D.u += abs(S0.i[7:0] - S1.i[7:0]) + S2.u.", 32)
        .out("d", 32, format!("(bvadd {} s2)", sad_fields(8)))
        .region("accumulator_overflows", format!("(bvult (bvadd {} s2) s2)", sad_fields(8)))
    .int_family(IntFamily::Sad { element: 8, count: 4 })
}
/// D.u = (SAD_U8(S0, S1, 0) << 16) + S2.u.
pub fn v_sad_hi_u8() -> Model {
    three("V_SAD_HI_U8", "D.u = (SAD_U8(S0, S1, 0) << 16) + S2.u.", 32).out(
        "d",
        32,
        format!("(bvadd (bvshl {} #x00000010) s2)", sad_fields(8)),
    )
}
/// D.u = abs(S0.i[31:16] - S1.i[31:16]) + abs(S0.i[15:0] - S1.i[15:0]) + S2.u.
pub fn v_sad_u16() -> Model {
    three(
        "V_SAD_U16",
        "D.u = abs(S0.i[31:16] - S1.i[31:16]) + abs(S0.i[15:0] - S1.i[15:0]) + S2.u.",
        32,
    )
    .out("d", 32, format!("(bvadd {} s2)", sad_fields(16)))
    .int_family(IntFamily::Sad {
        element: 16,
        count: 1,
    })
}
/// D.u = abs(S0.i - S1.i) + S2.u, the difference of the signed values as printed (rule
/// gcn5.v_sad_u32.unsigned is contested; note 0027).
pub fn v_sad_u32() -> Model {
    three("V_SAD_U32", "D.u = abs(S0.i - S1.i) + S2.u.", 32)
        .out(
            "d",
            32,
            format!(
                "(bvadd {} s2)",
                ext(&absdiff_wide("s0", "s1", 32, true), 31, 0)
            ),
        )
        .region(
            "signs_differ",
            "(not (= ((_ extract 31 31) s0) ((_ extract 31 31) s1)))",
        )
        .int_family(IntFamily::Sad {
            element: 32,
            count: 1,
        })
}

fn mad64(name: &'static str, spec: &'static str, signed: bool) -> Model {
    let x = |v: &str, by: u32| if signed { sext(v, by) } else { zext(v, by) };
    let sum = format!(
        "(bvadd {} {})",
        x(&mul_wide("s0", "s1", 32, signed), 1),
        x("s2", 1)
    );
    Model::new(name, spec)
        .input("s0", 32)
        .input("s1", 32)
        .input("s2", 64)
        .out("d", 64, ext(&sum, 63, 0))
        .out("vcc", 1, ext(&sum, 64, 64))
        .region("carry_out", format!("(= {} #b1)", ext(&sum, 64, 64)))
        .region(
            "product_negative",
            "(not (= ((_ extract 31 31) s0) ((_ extract 31 31) s1)))",
        )
}
/// {vcc_out,D.u64} = S0.u32 * S1.u32 + S2.u64.
pub fn v_mad_u64_u32() -> Model {
    mad64(
        "V_MAD_U64_U32",
        "{vcc_out,D.u64} = S0.u32 * S1.u32 + S2.u64.",
        false,
    )
}
/// {vcc_out,D.i64} = S0.i32 * S1.i32 + S2.i64, the 65-bit signed sum.
pub fn v_mad_i64_i32() -> Model {
    mad64(
        "V_MAD_I64_I32",
        "{vcc_out,D.i64} = S0.i32 * S1.i32 + S2.i64.",
        true,
    )
}

simple3! {
    v_mad_legacy_u16 "V_MAD_LEGACY_U16" 16 "D.u16 = S0.u16 * S1.u16 + S2.u16." "(bvadd (bvmul s0 s1) s2)".to_string();
    v_mad_legacy_i16 "V_MAD_LEGACY_I16" 16 "D.i16 = S0.i16 * S1.i16 + S2.i16." "(bvadd (bvmul s0 s1) s2)".to_string();
    v_mad_u16 "V_MAD_U16" 16 "D.u16 = S0.u16 * S1.u16 + S2.u16." "(bvadd (bvmul s0 s1) s2)".to_string();
    v_mad_i16 "V_MAD_I16" 16 "D.i16 = S0.i16 * S1.i16 + S2.i16." "(bvadd (bvmul s0 s1) s2)".to_string();
    v_xad_u32 "V_XAD_U32" 32 "D.u32 = (S0.u32 ^ S1.u32) + S2.u32." "(bvadd (bvxor s0 s1) s2)".to_string();
    v_lshl_add_u32 "V_LSHL_ADD_U32" 32 "D.u = (S0.u << S1.u[4:0]) + S2.u." format!("(bvadd (bvshl s0 {}) s2)", low("s1", 5, 32));
    v_add_lshl_u32 "V_ADD_LSHL_U32" 32 "D.u = (S0.u + S1.u) << S2.u[4:0]." format!("(bvshl (bvadd s0 s1) {})", low("s2", 5, 32));
    v_add3_u32 "V_ADD3_U32" 32 "D.u = S0.u + S1.u + S2.u." "(bvadd s0 s1 s2)".to_string();
}

fn mad32_16(name: &'static str, spec: &'static str, signed: bool) -> Model {
    let x = |v: &str| if signed { sext(v, 16) } else { zext(v, 16) };
    Model::new(name, spec)
        .input("s0", 16)
        .input("s1", 16)
        .input("s2", 32)
        .out(
            "d",
            32,
            format!("(bvadd (bvmul {} {}) s2)", x("s0"), x("s1")),
        )
}
/// D.u32 = S0.u16 * S1.u16 + S2.u32.
pub fn v_mad_u32_u16() -> Model {
    mad32_16("V_MAD_U32_U16", "D.u32 = S0.u16 * S1.u16 + S2.u32.", false)
}
/// D.i32 = S0.i16 * S1.i16 + S2.i32.
pub fn v_mad_i32_i16() -> Model {
    mad32_16("V_MAD_I32_I16", "D.i32 = S0.i16 * S1.i16 + S2.i32.", true)
}

/// D.u = S0.u * S1.u.
pub fn v_mul_lo_u32() -> Model {
    two("V_MUL_LO_U32", "D.u = S0.u * S1.u.", 32).out("d", 32, "(bvmul s0 s1)")
}
/// D.u = (S0.u * S1.u) >> 32.
pub fn v_mul_hi_u32() -> Model {
    two("V_MUL_HI_U32", "D.u = (S0.u * S1.u) >> 32.", 32).out(
        "d",
        32,
        ext(&mul_wide("s0", "s1", 32, false), 63, 32),
    )
}
/// D.i = (S0.i * S1.i) >> 32.
pub fn v_mul_hi_i32() -> Model {
    two("V_MUL_HI_I32", "D.i = (S0.i * S1.i) >> 32.", 32)
        .out("d", 32, ext(&mul_wide("s0", "s1", 32, true), 63, 32))
        .region(
            "signs_differ",
            "(not (= ((_ extract 31 31) s0) ((_ extract 31 31) s1)))",
        )
        .region(
            "most_negative_squared",
            "(and (= s0 #x80000000) (= s1 #x80000000))",
        )
        .int_family(IntFamily::MulHi { sign_bit: 31 })
}

/// D.i = S0.i + S1.i.
pub fn v_add_i32() -> Model {
    two("V_ADD_I32", "D.i = S0.i + S1.i.", 32)
        .out("d", 32, "(bvadd s0 s1)")
        .int_family(IntFamily::Arith {
            sub: false,
            rev: false,
            carry_in: false,
        })
}
/// D.i = S0.i - S1.i.
pub fn v_sub_i32() -> Model {
    two("V_SUB_I32", "D.i = S0.i - S1.i.", 32)
        .out("d", 32, "(bvsub s0 s1)")
        .int_family(IntFamily::Arith {
            sub: true,
            rev: false,
            carry_in: false,
        })
}
/// D.i16 = S0.i16 + S1.i16.
pub fn v_add_i16() -> Model {
    two("V_ADD_I16", "D.i16 = S0.i16 + S1.i16.", 16)
        .out("d", 16, "(bvadd s0 s1)")
        .int_family(IntFamily::Arith {
            sub: false,
            rev: false,
            carry_in: false,
        })
}
/// D.i16 = S0.i16 - S1.i16.
pub fn v_sub_i16() -> Model {
    two("V_SUB_I16", "D.i16 = S0.i16 - S1.i16.", 16)
        .out("d", 16, "(bvsub s0 s1)")
        .int_family(IntFamily::Arith {
            sub: true,
            rev: false,
            carry_in: false,
        })
}

/// The VOP3 integer arithmetic models.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_MAD_I32_I24", v_mad_i32_i24), ("V_MAD_U32_U24", v_mad_u32_u24), ("V_SAD_U8", v_sad_u8),
    ("V_SAD_HI_U8", v_sad_hi_u8), ("V_SAD_U16", v_sad_u16), ("V_SAD_U32", v_sad_u32),
    ("V_MAD_U64_U32", v_mad_u64_u32), ("V_MAD_I64_I32", v_mad_i64_i32),
    ("V_MAD_LEGACY_U16", v_mad_legacy_u16), ("V_MAD_LEGACY_I16", v_mad_legacy_i16),
    ("V_MAD_U32_U16", v_mad_u32_u16), ("V_MAD_I32_I16", v_mad_i32_i16), ("V_XAD_U32", v_xad_u32),
    ("V_LSHL_ADD_U32", v_lshl_add_u32), ("V_ADD_LSHL_U32", v_add_lshl_u32),
    ("V_ADD3_U32", v_add3_u32), ("V_MAD_U16", v_mad_u16), ("V_MAD_I16", v_mad_i16),
    ("V_MUL_LO_U32", v_mul_lo_u32), ("V_MUL_HI_U32", v_mul_hi_u32), ("V_MUL_HI_I32", v_mul_hi_i32),
    ("V_ADD_I32", v_add_i32), ("V_SUB_I32", v_sub_i32), ("V_ADD_I16", v_add_i16),
    ("V_SUB_I16", v_sub_i16),
];
