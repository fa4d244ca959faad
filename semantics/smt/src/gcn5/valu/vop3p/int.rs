//! Packed (VOP3P) integer models, per lane (Vega manual, "VOP3P Instructions"; note 0027 "Third
//! round (B)").
//!
//! OP_SEL, OP_SEL_HI, NEG_LO and NEG_HI are not inputs: the models are of the default
//! encoding (OP_SEL = 0, OP_SEL_HI = 1: each half of the result reads the same half of
//! every source; no negation), because the executor, not the kernel, selects and negates
//! the halves (DESIGN.md "Layout"). CLAMP is 0, as for every model.

use crate::bv::*;
use crate::{Model, ModelFn};

/// The half `hi` (bits 31:16) or low half of `x`.
fn half(x: &str, hi: bool) -> String {
    if hi {
        ext(x, 31, 16)
    } else {
        ext(x, 15, 0)
    }
}

/// `D = {f(S0[31:16], S1[31:16], S2[31:16]), f(S0[15:0], ...)}` with 16-bit halves.
fn packed(
    name: &'static str,
    spec: &'static str,
    three: bool,
    f: impl Fn(&str, &str, &str) -> String,
) -> Model {
    let d = |hi: bool| f(&half("s0", hi), &half("s1", hi), &half("s2", hi));
    let mut m = Model::new(name, spec).input("s0", 32).input("s1", 32);
    if three {
        m = m.input("s2", 32);
    }
    m.out("d", 32, concat(&[d(true), d(false)])).region(
        "halves_differ",
        "(not (= ((_ extract 31 16) s0) ((_ extract 15 0) s0)))",
    )
}

macro_rules! pk_int {
    ($($f:ident $name:literal $three:literal $spec:literal |$a:ident, $b:ident, $c:ident| $body:expr;)*) => {$(
        #[doc = $spec]
        pub fn $f() -> Model {
            packed($name, $spec, $three, |$a, $b, $c| { let _ = $c; $body })
        }
    )*};
}

pk_int! {
    v_pk_mad_i16 "V_PK_MAD_I16" true "D.i[31:16] = S0.i[31:16] * S1.i[31:16] + S2.i[31:16] . D.i[15:0] = S0.i[15:0] * S1.i[15:0] + S2.i[15:0] ."
        |a, b, c| format!("(bvadd (bvmul {a} {b}) {c})");
    v_pk_mad_u16 "V_PK_MAD_U16" true "D.u[31:16] = S0.u[31:16] * S1.u[31:16] + S2.u[31:16] . D.u[15:0] = S0.u[15:0] * S1.u[15:0] + S2.u[15:0] ."
        |a, b, c| format!("(bvadd (bvmul {a} {b}) {c})");
    v_pk_mul_lo_u16 "V_PK_MUL_LO_U16" false "D.u[31:16] = S0.u[31:16] * S1.u[31:16] . D.u[15:0] = S0.u[15:0] * S1.u[15:0] ."
        |a, b, c| format!("(bvmul {a} {b})");
    v_pk_add_i16 "V_PK_ADD_I16" false "D.i[31:16] = S0.i[31:16] + S1.i[31:16] . D.i[15:0] = S0.i[15:0] + S1.i[15:0] ."
        |a, b, c| format!("(bvadd {a} {b})");
    v_pk_add_u16 "V_PK_ADD_U16" false "D.u[31:16] = S0.u[31:16] + S1.u[31:16] . D.u[15:0] = S0.u[15:0] + S1.u[15:0] ."
        |a, b, c| format!("(bvadd {a} {b})");
    v_pk_sub_i16 "V_PK_SUB_I16" false "D.i[31:16] = S0.i[31:16] - S1.i[31:16] . D.i[15:0] = S0.i[15:0] - S1.i[15:0] ."
        |a, b, c| format!("(bvsub {a} {b})");
    v_pk_sub_u16 "V_PK_SUB_U16" false "D.u[31:16] = S0.u[31:16] - S1.u[31:16] . D.u[15:0] = S0.u[15:0] - S1.u[15:0] ."
        |a, b, c| format!("(bvsub {a} {b})");
    v_pk_lshlrev_b16 "V_PK_LSHLREV_B16" false "D.u[31:16] = S1.u[31:16] << S0.u[19:16] . D.u[15:0] = S1.u[15:0] << S0.u[3:0] ."
        |a, b, c| format!("(bvshl {b} {})", zext(&ext(a, 3, 0), 12));
    v_pk_lshrrev_b16 "V_PK_LSHRREV_B16" false "D.u[31:16] = S1.u[31:16] >> S0.u[19:16] . D.u[15:0] = S1.u[15:0] >> S0.u[3:0] ."
        |a, b, c| format!("(bvlshr {b} {})", zext(&ext(a, 3, 0), 12));
    v_pk_ashrrev_i16 "V_PK_ASHRREV_I16" false "D.i[31:16] = S1.i[31:16] >> S0.i[19:16] . D.i[15:0] = S1.i[15:0] >> S0.i[3:0] ."
        |a, b, c| format!("(bvashr {b} {})", zext(&ext(a, 3, 0), 12));
    v_pk_max_i16 "V_PK_MAX_I16" false "D.i[31:16] = (S0.i[31:16] >= S1.i[31:16]) ? S0.i[31:16] : S1.i[31:16] . D.i[15:0] = (S0.i[15:0] >= S1.i[15:0]) ? S0.i[15:0] : S1.i[15:0] ."
        |a, b, c| format!("(ite (bvsge {a} {b}) {a} {b})");
    v_pk_min_i16 "V_PK_MIN_I16" false "D.i[31:16] = (S0.i[31:16] < S1.i[31:16]) ? S0.i[31:16] : S1.i[31:16] . D.i[15:0] = (S0.i[15:0] < S1.i[15:0]) ? S0.i[15:0] : S1.i[15:0]"
        |a, b, c| format!("(ite (bvslt {a} {b}) {a} {b})");
    v_pk_max_u16 "V_PK_MAX_U16" false "D.u[31:16] = (S0.u[31:16] >= S1.u[31:16]) ? S0.u[31:16] : S1.u[31:16] . D.u[15:0] = (S0.u[15:0] >= S1.u[15:0]) ? S0.u[15:0] : S1.u[15:0] ."
        |a, b, c| format!("(ite (bvuge {a} {b}) {a} {b})");
    v_pk_min_u16 "V_PK_MIN_U16" false "D.u[31:16] = (S0.u[31:16] < S1.u[31:16]) ? S0.u[31:16] : S1.u[31:16] . D.u[15:0] = (S0.u[15:0] < S1.u[15:0]) ? S0.u[15:0] : S1.u[15:0] ."
        |a, b, c| format!("(ite (bvult {a} {b}) {a} {b})");
}

/// The packed integer models.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_PK_MAD_I16", v_pk_mad_i16), ("V_PK_MAD_U16", v_pk_mad_u16),
    ("V_PK_MUL_LO_U16", v_pk_mul_lo_u16), ("V_PK_ADD_I16", v_pk_add_i16),
    ("V_PK_ADD_U16", v_pk_add_u16), ("V_PK_SUB_I16", v_pk_sub_i16), ("V_PK_SUB_U16", v_pk_sub_u16),
    ("V_PK_LSHLREV_B16", v_pk_lshlrev_b16), ("V_PK_LSHRREV_B16", v_pk_lshrrev_b16),
    ("V_PK_ASHRREV_I16", v_pk_ashrrev_i16), ("V_PK_MAX_I16", v_pk_max_i16),
    ("V_PK_MIN_I16", v_pk_min_i16), ("V_PK_MAX_U16", v_pk_max_u16), ("V_PK_MIN_U16", v_pk_min_u16),
];
