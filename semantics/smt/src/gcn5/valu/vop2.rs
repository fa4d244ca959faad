//! VOP2 integer models, per lane (Vega manual, "VOP2 Instructions"). 16-bit operands and
//! results are 16-bit values (the executor selects and places the halves).

use crate::bv::*;

use crate::coverage::IntFamily;

use super::binary;
use crate::fp::{H, S};
use crate::{Model, ModelFn};

fn two(name: &'static str, spec: &'static str, w: u32) -> Model {
    Model::new(name, spec).input("s0", w).input("s1", w)
}

fn d2(name: &'static str, spec: &'static str, w: u32, d: String) -> Model {
    two(name, spec, w).out("d", w, d)
}

/// D.u = (VCC[threadId] ? S1.u : S0.u).
pub fn v_cndmask_b32() -> Model {
    two("V_CNDMASK_B32", "D.u = (VCC[threadId] ? S1.u : S0.u).", 32)
        .input("vcc_in", 1)
        .out("d", 32, "(ite (= vcc_in #b1) s1 s0)")
}

/// A 24-bit multiply: the low (`hi` false) or high 32 bits of the 48-bit product.
fn mul24(name: &'static str, spec: &'static str, signed: bool, hi: bool) -> Model {
    let x = |v: &str| {
        if signed {
            sext_low(v, 24, 64)
        } else {
            zext_low(v, 24, 64)
        }
    };
    let p = format!("(bvmul {} {})", x("s0"), x("s1"));
    let d = if hi { ext(&p, 63, 32) } else { ext(&p, 31, 0) };
    d2(name, spec, 32, d)
        .region("high_byte_set", "(not (= ((_ extract 31 24) s0) #x00))")
        .region("negative_field", "(= ((_ extract 23 23) s0) #b1)")
}

/// D.i = S0.i[23:0] * S1.i[23:0].
pub fn v_mul_i32_i24() -> Model {
    mul24(
        "V_MUL_I32_I24",
        "D.i = S0.i[23:0] * S1.i[23:0].",
        true,
        false,
    )
}

/// D.i = (S0.i[23:0] * S1.i[23:0])>>32.
pub fn v_mul_hi_i32_i24() -> Model {
    mul24(
        "V_MUL_HI_I32_I24",
        "D.i = (S0.i[23:0] * S1.i[23:0])>>32.",
        true,
        true,
    )
    .int_family(IntFamily::MulHi { sign_bit: 23 })
}

/// D.u = S0.u[23:0] * S1.u[23:0].
pub fn v_mul_u32_u24() -> Model {
    mul24(
        "V_MUL_U32_U24",
        "D.u = S0.u[23:0] * S1.u[23:0].",
        false,
        false,
    )
}

/// D.i = (S0.u[23:0] * S1.u[23:0])>>32.
pub fn v_mul_hi_u32_u24() -> Model {
    mul24(
        "V_MUL_HI_U32_U24",
        "D.i = (S0.u[23:0] * S1.u[23:0])>>32.",
        false,
        true,
    )
}

/// Rows `D = term` of two `w`-bit sources; `=> FAMILY` declares the row's integer
/// coverage family.
macro_rules! simple {
    ($($f:ident $name:literal $w:literal $spec:literal $d:expr $(=> $fam:expr)?;)*) => {$(
        #[doc = $spec]
        pub fn $f() -> Model {
            let m = d2($name, $spec, $w, $d);
            $(let m = m.int_family($fam);)?
            m
        }
    )*};
}

/// A reversed shift: S1 shifted by S0's low `n` bits, `w` bits.
fn rev(f: &str, w: u32) -> String {
    let n = if w == 16 { 4 } else { 5 };
    format!("({f} s1 {})", low("s0", n, w))
}

simple! {
    v_min_i32 "V_MIN_I32" 32 "D.i = (S0.i < S1.i ? S0.i : S1.i)."  min("s0", "s1", true);
    v_max_i32 "V_MAX_I32" 32 "D.i = (S0.i >= S1.i ? S0.i : S1.i)." max("s0", "s1", true);
    v_min_u32 "V_MIN_U32" 32 "D.u = (S0.u < S1.u ? S0.u : S1.u)."  min("s0", "s1", false);
    v_max_u32 "V_MAX_U32" 32 "D.u = (S0.u >= S1.u ? S0.u : S1.u)." max("s0", "s1", false);
    v_lshrrev_b32 "V_LSHRREV_B32" 32 "D.u = S1.u >> S0.u[4:0]."      rev("bvlshr", 32) => IntFamily::Shift { count: "s0" };
    v_ashrrev_i32 "V_ASHRREV_I32" 32 "D.i = signext(S1.i) >> S0.i[4:0]." rev("bvashr", 32) => IntFamily::Shift { count: "s0" };
    v_lshlrev_b32 "V_LSHLREV_B32" 32 "D.u = S1.u << S0.u[4:0]."      rev("bvshl", 32) => IntFamily::Shift { count: "s0" };
    v_and_b32 "V_AND_B32" 32 "D.u = S0.u & S1.u." "(bvand s0 s1)".into();
    v_or_b32  "V_OR_B32"  32 "D.u = S0.u | S1.u." "(bvor s0 s1)".into();
    v_xor_b32 "V_XOR_B32" 32 "D.u = S0.u ^ S1.u." "(bvxor s0 s1)".into();
    v_add_u16 "V_ADD_U16" 16 "D.u16 = S0.u16 + S1.u16." "(bvadd s0 s1)".into() => IntFamily::Arith { sub: false, rev: false, carry_in: false };
    v_sub_u16 "V_SUB_U16" 16 "D.u16 = S0.u16 - S1.u16." "(bvsub s0 s1)".into() => IntFamily::Arith { sub: true, rev: false, carry_in: false };
    v_subrev_u16 "V_SUBREV_U16" 16 "D.u16 = S1.u16 - S0.u16." "(bvsub s1 s0)".into() => IntFamily::Arith { sub: true, rev: true, carry_in: false };
    v_mul_lo_u16 "V_MUL_LO_U16" 16 "D.u16 = S0.u16 * S1.u16." "(bvmul s0 s1)".into();
    v_lshlrev_b16 "V_LSHLREV_B16" 16 "D.u[15:0] = S1.u[15:0] << S0.u[3:0]." rev("bvshl", 16) => IntFamily::Shift { count: "s0" };
    v_lshrrev_b16 "V_LSHRREV_B16" 16 "D.u[15:0] = S1.u[15:0] >> S0.u[3:0]." rev("bvlshr", 16) => IntFamily::Shift { count: "s0" };
    v_ashrrev_i16 "V_ASHRREV_I16" 16 "D.i[15:0] = signext(S1.i[15:0]) >> S0.i[3:0]." rev("bvashr", 16) => IntFamily::Shift { count: "s0" };
    v_max_u16 "V_MAX_U16" 16 "D.u16 = (S0.u16 >= S1.u16 ? S0.u16 : S1.u16)." max("s0", "s1", false);
    v_max_i16 "V_MAX_I16" 16 "D.i16 = (S0.i16 >= S1.i16 ? S0.i16 : S1.i16)." max("s0", "s1", true);
    v_min_u16 "V_MIN_U16" 16 "D.u16 = (S0.u16 < S1.u16 ? S0.u16 : S1.u16)."  min("s0", "s1", false);
    v_min_i16 "V_MIN_I16" 16 "D.i16 = (S0.i16 < S1.i16 ? S0.i16 : S1.i16)."  min("s0", "s1", true);
    v_add_u32 "V_ADD_U32" 32 "D.u = S0.u + S1.u." "(bvadd s0 s1)".into() => IntFamily::Arith { sub: false, rev: false, carry_in: false };
    v_sub_u32 "V_SUB_U32" 32 "D.u = S0.u - S1.u." "(bvsub s0 s1)".into() => IntFamily::Arith { sub: true, rev: false, carry_in: false };
    v_subrev_u32 "V_SUBREV_U32" 32 "D.u = S1.u - S0.u." "(bvsub s1 s0)".into() => IntFamily::Arith { sub: true, rev: true, carry_in: false };
}

/// `a + b (+ VCC)` with the carry-out in VCC.
fn add_co(name: &'static str, spec: &'static str, cin: bool) -> Model {
    let m = two(name, spec, 32);
    let (m, c) = if cin {
        (m.input("vcc_in", 1), Some("vcc_in"))
    } else {
        (m, None)
    };
    let d = match c {
        Some(c) => format!("(bvadd s0 s1 {})", zext(c, 31)),
        None => "(bvadd s0 s1)".to_string(),
    };
    let co = carry("s0", "s1", c, 32);
    m.out("d", 32, d)
        .out("vcc", 1, co.clone())
        .region("carry_out", format!("(= {co} #b1)"))
}

/// `a - b (- VCC)` with the borrow in VCC: the borrow is `b + VCC > a`.
fn sub_co(name: &'static str, spec: &'static str, a: &str, b: &str, cin: bool) -> Model {
    let m = two(name, spec, 32);
    let m = if cin { m.input("vcc_in", 1) } else { m };
    let c = if cin { zext("vcc_in", 32) } else { lit(0, 33) };
    let d = if cin {
        format!("(bvsub (bvsub {a} {b}) {})", zext("vcc_in", 31))
    } else {
        format!("(bvsub {a} {b})")
    };
    let borrow = format!("(bvugt (bvadd {} {c}) {})", zext(b, 1), zext(a, 1));
    m.out("d", 32, d)
        .out("vcc", 1, b1(&borrow))
        .region("borrow", borrow)
}

/// D.u = S0.u + S1.u; VCC[threadId] = (S0.u + S1.u >= 0x100000000ULL ? 1 : 0).
pub fn v_add_co_u32() -> Model {
    add_co(
        "V_ADD_CO_U32",
        "D.u = S0.u + S1.u; VCC[threadId] = (S0.u + S1.u >= 0x100000000ULL ? 1 : 0).",
        false,
    )
    .int_family(IntFamily::Arith {
        sub: false,
        rev: false,
        carry_in: false,
    })
}

/// D.u = S0.u - S1.u; VCC[threadId] = (S1.u > S0.u ? 1 : 0).
pub fn v_sub_co_u32() -> Model {
    sub_co(
        "V_SUB_CO_U32",
        "D.u = S0.u - S1.u; VCC[threadId] = (S1.u > S0.u ? 1 : 0).",
        "s0",
        "s1",
        false,
    )
    .int_family(IntFamily::Arith {
        sub: true,
        rev: false,
        carry_in: false,
    })
}

/// D.u = S1.u - S0.u; VCC[threadId] = (S0.u > S1.u ? 1 : 0).
pub fn v_subrev_co_u32() -> Model {
    sub_co(
        "V_SUBREV_CO_U32",
        "D.u = S1.u - S0.u; VCC[threadId] = (S0.u > S1.u ? 1 : 0).",
        "s1",
        "s0",
        false,
    )
    .int_family(IntFamily::Arith {
        sub: true,
        rev: true,
        carry_in: false,
    })
}

/// D.u = S0.u + S1.u + VCC[threadId]; VCC[threadId] = (S0.u + S1.u + VCC[threadId] >= 0x100000000ULL ? 1 : 0).
pub fn v_addc_co_u32() -> Model {
    add_co("V_ADDC_CO_U32", "D.u = S0.u + S1.u + VCC[threadId]; VCC[threadId] = (S0.u + S1.u + VCC[threadId] >= 0x100000000ULL ? 1 : 0).", true)
    .int_family(IntFamily::Arith { sub: false, rev: false, carry_in: true })
}

/// D.u = S0.u - S1.u - VCC[threadId]; VCC[threadId] = (S1.u + VCC[threadId] > S0.u ? 1 : 0).
pub fn v_subb_co_u32() -> Model {
    sub_co(
        "V_SUBB_CO_U32",
        "D.u = S0.u - S1.u - VCC[threadId]; VCC[threadId] = (S1.u + VCC[threadId] > S0.u ? 1 : 0).",
        "s0",
        "s1",
        true,
    )
    .int_family(IntFamily::Arith {
        sub: true,
        rev: false,
        carry_in: true,
    })
}

/// D.u = S1.u - S0.u - VCC[threadId]; the borrow of that subtraction, S0.u + VCC > S1.u
/// (the row contradicts itself: it prints `S1.u + VCC[threadId] > S0.u`, SUBB's condition;
/// notes 0027, 0049).
pub fn v_subbrev_co_u32() -> Model {
    sub_co(
        "V_SUBBREV_CO_U32",
        "D.u = S1.u - S0.u - VCC[threadId]; VCC[threadId] = (S1.u + VCC[threadId] > S0.u ? 1 : 0).",
        "s1",
        "s0",
        true,
    )
    .int_family(IntFamily::Arith {
        sub: true,
        rev: true,
        carry_in: true,
    })
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
}

/// The VOP2 integer models.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_CNDMASK_B32", v_cndmask_b32), ("V_MUL_I32_I24", v_mul_i32_i24),
    ("V_MUL_HI_I32_I24", v_mul_hi_i32_i24), ("V_MUL_U32_U24", v_mul_u32_u24),
    ("V_MUL_HI_U32_U24", v_mul_hi_u32_u24), ("V_MIN_I32", v_min_i32), ("V_MAX_I32", v_max_i32),
    ("V_MIN_U32", v_min_u32), ("V_MAX_U32", v_max_u32), ("V_LSHRREV_B32", v_lshrrev_b32),
    ("V_ASHRREV_I32", v_ashrrev_i32), ("V_LSHLREV_B32", v_lshlrev_b32), ("V_AND_B32", v_and_b32),
    ("V_OR_B32", v_or_b32), ("V_XOR_B32", v_xor_b32), ("V_ADD_CO_U32", v_add_co_u32),
    ("V_SUB_CO_U32", v_sub_co_u32), ("V_SUBREV_CO_U32", v_subrev_co_u32),
    ("V_ADDC_CO_U32", v_addc_co_u32), ("V_SUBB_CO_U32", v_subb_co_u32),
    ("V_SUBBREV_CO_U32", v_subbrev_co_u32), ("V_ADD_U16", v_add_u16), ("V_SUB_U16", v_sub_u16),
    ("V_SUBREV_U16", v_subrev_u16), ("V_MUL_LO_U16", v_mul_lo_u16),
    ("V_LSHLREV_B16", v_lshlrev_b16), ("V_LSHRREV_B16", v_lshrrev_b16),
    ("V_ASHRREV_I16", v_ashrrev_i16), ("V_MAX_U16", v_max_u16), ("V_MAX_I16", v_max_i16),
    ("V_MIN_U16", v_min_u16), ("V_MIN_I16", v_min_i16), ("V_ADD_U32", v_add_u32),
    ("V_SUB_U32", v_sub_u32), ("V_SUBREV_U32", v_subrev_u32), ("V_ADD_F32", v_add_f32),
    ("V_SUB_F32", v_sub_f32), ("V_SUBREV_F32", v_subrev_f32), ("V_MUL_F32", v_mul_f32),
    ("V_ADD_F16", v_add_f16), ("V_SUB_F16", v_sub_f16), ("V_SUBREV_F16", v_subrev_f16),
    ("V_MUL_F16", v_mul_f16),
];
