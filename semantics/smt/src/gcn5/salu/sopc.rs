//! SOPC models (Vega manual, "SOPC Instructions").

use crate::bv::*;
use crate::{Model, ModelFn};

fn cmp(name: &'static str, spec: &'static str, w: u32, f: &str) -> Model {
    Model::new(name, spec)
        .input("s0", w)
        .input("s1", w)
        .out("scc", 1, b1(&format!("({f} s0 s1)")))
        .region("equal", "(= s0 s1)")
        .region(
            "signs_differ",
            format!(
                "(not (= ((_ extract {0} {0}) s0) ((_ extract {0} {0}) s1)))",
                w - 1
            ),
        )
}

fn bitcmp(name: &'static str, spec: &'static str, w: u32, one: bool) -> Model {
    let n = if w == 64 { 6 } else { 5 };
    let b = format!("((_ extract 0 0) (bvlshr s0 {}))", low("s1", n, w));
    Model::new(name, spec)
        .input("s0", w)
        .input("s1", 32)
        .out("scc", 1, if one { b } else { format!("(bvnot {b})") })
        .region(
            "s1_high_bits_set",
            format!("(bvuge s1 {})", lit(u64::from(w), 32)),
        )
}

macro_rules! cmps {
    ($($f:ident $name:literal $w:literal $op:literal $spec:literal;)*) => {$(
        #[doc = $spec]
        pub fn $f() -> Model {
            cmp($name, $spec, $w, $op)
        }
    )*};
}

cmps! {
    s_cmp_eq_i32 "S_CMP_EQ_I32" 32 "="        "SCC = (S0 == S1).";
    s_cmp_lg_i32 "S_CMP_LG_I32" 32 "distinct" "SCC = (S0 != S1).";
    s_cmp_gt_i32 "S_CMP_GT_I32" 32 "bvsgt"    "SCC = (S0.i > S1.i).";
    s_cmp_ge_i32 "S_CMP_GE_I32" 32 "bvsge"    "SCC = (S0.i >= S1.i).";
    s_cmp_lt_i32 "S_CMP_LT_I32" 32 "bvslt"    "SCC = (S0.i < S1.i).";
    s_cmp_le_i32 "S_CMP_LE_I32" 32 "bvsle"    "SCC = (S0.i <= S1.i).";
    s_cmp_eq_u32 "S_CMP_EQ_U32" 32 "="        "SCC = (S0 == S1).";
    s_cmp_lg_u32 "S_CMP_LG_U32" 32 "distinct" "SCC = (S0 != S1).";
    s_cmp_gt_u32 "S_CMP_GT_U32" 32 "bvugt"    "SCC = (S0.u > S1.u).";
    s_cmp_ge_u32 "S_CMP_GE_U32" 32 "bvuge"    "SCC = (S0.u >= S1.u).";
    s_cmp_lt_u32 "S_CMP_LT_U32" 32 "bvult"    "SCC = (S0.u < S1.u).";
    s_cmp_le_u32 "S_CMP_LE_U32" 32 "bvule"    "SCC = (S0.u <= S1.u).";
    s_cmp_eq_u64 "S_CMP_EQ_U64" 64 "="        "SCC = (S0.i64 == S1.i64).";
    s_cmp_lg_u64 "S_CMP_LG_U64" 64 "distinct" "SCC = (S0.i64 != S1.i64).";
}

/// SCC = (S0.u[S1.u[4:0]] == 0).
pub fn s_bitcmp0_b32() -> Model {
    bitcmp("S_BITCMP0_B32", "SCC = (S0.u[S1.u[4:0]] == 0).", 32, false)
}
/// SCC = (S0.u[S1.u[4:0]] == 1).
pub fn s_bitcmp1_b32() -> Model {
    bitcmp("S_BITCMP1_B32", "SCC = (S0.u[S1.u[4:0]] == 1).", 32, true)
}
/// SCC = (S0.u64[S1.u[5:0]] == 0).
pub fn s_bitcmp0_b64() -> Model {
    bitcmp(
        "S_BITCMP0_B64",
        "SCC = (S0.u64[S1.u[5:0]] == 0).",
        64,
        false,
    )
}
/// SCC = (S0.u64[S1.u[5:0]] == 1).
pub fn s_bitcmp1_b64() -> Model {
    bitcmp("S_BITCMP1_B64", "SCC = (S0.u64[S1.u[5:0]] == 1).", 64, true)
}

/// The SOPC models.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("S_CMP_EQ_I32", s_cmp_eq_i32), ("S_CMP_LG_I32", s_cmp_lg_i32), ("S_CMP_GT_I32", s_cmp_gt_i32),
    ("S_CMP_GE_I32", s_cmp_ge_i32), ("S_CMP_LT_I32", s_cmp_lt_i32), ("S_CMP_LE_I32", s_cmp_le_i32),
    ("S_CMP_EQ_U32", s_cmp_eq_u32), ("S_CMP_LG_U32", s_cmp_lg_u32), ("S_CMP_GT_U32", s_cmp_gt_u32),
    ("S_CMP_GE_U32", s_cmp_ge_u32), ("S_CMP_LT_U32", s_cmp_lt_u32), ("S_CMP_LE_U32", s_cmp_le_u32),
    ("S_BITCMP0_B32", s_bitcmp0_b32), ("S_BITCMP1_B32", s_bitcmp1_b32),
    ("S_BITCMP0_B64", s_bitcmp0_b64), ("S_BITCMP1_B64", s_bitcmp1_b64),
    ("S_CMP_EQ_U64", s_cmp_eq_u64), ("S_CMP_LG_U64", s_cmp_lg_u64),
];
