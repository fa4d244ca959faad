//! VOPC integer compare models, per lane (Vega manual, "VOPC Instructions"): the lane's
//! bit `vcc` of VCC / the SGPR-pair destination; V_CMPX_* also write it to `exec`.

use crate::bv::*;
use crate::{Model, ModelFn};

/// Compare S0 with S1 (`w` bits) by the SMT-LIB2 predicate `f` (`false`/`true` for F/T).
fn cmp(name: &'static str, spec: &'static str, w: u32, x: bool, f: &str) -> Model {
    let c = match f {
        "false" | "true" => f.to_string(),
        _ => format!("({f} s0 s1)"),
    };
    let m = Model::new(name, spec)
        .input("s0", w)
        .input("s1", w)
        .out("vcc", 1, b1(&c));
    let m = if x { m.out("exec", 1, b1(&c)) } else { m };
    m.region("equal", "(= s0 s1)").region(
        "signs_differ",
        format!(
            "(not (= ((_ extract {0} {0}) s0) ((_ extract {0} {0}) s1)))",
            w - 1
        ),
    )
}

macro_rules! cmps {
    ($($f:ident $name:literal $w:literal $x:literal $op:literal $spec:literal;)*) => {$(
        #[doc = $spec]
        pub fn $f() -> Model {
            cmp($name, $spec, $w, $x, $op)
        }
    )*};
}

cmps! {
    v_cmp_f_i16      "V_CMP_F_I16" 16 false "false" "D.u64[threadId] = 0.";
    v_cmpx_f_i16     "V_CMPX_F_I16" 16 true  "false" "EXEC[threadId] = D.u64[threadId] = 0.";
    v_cmp_lt_i16     "V_CMP_LT_I16" 16 false "bvslt" "D.u64[threadId] = (S0 < S1).";
    v_cmpx_lt_i16    "V_CMPX_LT_I16" 16 true  "bvslt" "EXEC[threadId] = D.u64[threadId] = (S0 < S1).";
    v_cmp_eq_i16     "V_CMP_EQ_I16" 16 false "=" "D.u64[threadId] = (S0 == S1).";
    v_cmpx_eq_i16    "V_CMPX_EQ_I16" 16 true  "=" "EXEC[threadId] = D.u64[threadId] = (S0 == S1).";
    v_cmp_le_i16     "V_CMP_LE_I16" 16 false "bvsle" "D.u64[threadId] = (S0 <= S1).";
    v_cmpx_le_i16    "V_CMPX_LE_I16" 16 true  "bvsle" "EXEC[threadId] = D.u64[threadId] = (S0 <= S1).";
    v_cmp_gt_i16     "V_CMP_GT_I16" 16 false "bvsgt" "D.u64[threadId] = (S0 > S1).";
    v_cmpx_gt_i16    "V_CMPX_GT_I16" 16 true  "bvsgt" "EXEC[threadId] = D.u64[threadId] = (S0 > S1).";
    v_cmp_ne_i16     "V_CMP_NE_I16" 16 false "distinct" "D.u64[threadId] = (S0 <> S1).";
    v_cmpx_ne_i16    "V_CMPX_NE_I16" 16 true  "distinct" "EXEC[threadId] = D.u64[threadId] = (S0 <> S1).";
    v_cmp_ge_i16     "V_CMP_GE_I16" 16 false "bvsge" "D.u64[threadId] = (S0 >= S1).";
    v_cmpx_ge_i16    "V_CMPX_GE_I16" 16 true  "bvsge" "EXEC[threadId] = D.u64[threadId] = (S0 >= S1).";
    v_cmp_t_i16      "V_CMP_T_I16" 16 false "true" "D.u64[threadId] = 1.";
    v_cmpx_t_i16     "V_CMPX_T_I16" 16 true  "true" "EXEC[threadId] = D.u64[threadId] = 1.";
    v_cmp_f_u16      "V_CMP_F_U16" 16 false "false" "D.u64[threadId] = 0.";
    v_cmpx_f_u16     "V_CMPX_F_U16" 16 true  "false" "EXEC[threadId] = D.u64[threadId] = 0.";
    v_cmp_lt_u16     "V_CMP_LT_U16" 16 false "bvult" "D.u64[threadId] = (S0 < S1).";
    v_cmpx_lt_u16    "V_CMPX_LT_U16" 16 true  "bvult" "EXEC[threadId] = D.u64[threadId] = (S0 < S1).";
    v_cmp_eq_u16     "V_CMP_EQ_U16" 16 false "=" "D.u64[threadId] = (S0 == S1).";
    v_cmpx_eq_u16    "V_CMPX_EQ_U16" 16 true  "=" "EXEC[threadId] = D.u64[threadId] = (S0 == S1).";
    v_cmp_le_u16     "V_CMP_LE_U16" 16 false "bvule" "D.u64[threadId] = (S0 <= S1).";
    v_cmpx_le_u16    "V_CMPX_LE_U16" 16 true  "bvule" "EXEC[threadId] = D.u64[threadId] = (S0 <= S1).";
    v_cmp_gt_u16     "V_CMP_GT_U16" 16 false "bvugt" "D.u64[threadId] = (S0 > S1).";
    v_cmpx_gt_u16    "V_CMPX_GT_U16" 16 true  "bvugt" "EXEC[threadId] = D.u64[threadId] = (S0 > S1).";
    v_cmp_ne_u16     "V_CMP_NE_U16" 16 false "distinct" "D.u64[threadId] = (S0 <> S1).";
    v_cmpx_ne_u16    "V_CMPX_NE_U16" 16 true  "distinct" "EXEC[threadId] = D.u64[threadId] = (S0 <> S1).";
    v_cmp_ge_u16     "V_CMP_GE_U16" 16 false "bvuge" "D.u64[threadId] = (S0 >= S1).";
    v_cmpx_ge_u16    "V_CMPX_GE_U16" 16 true  "bvuge" "EXEC[threadId] = D.u64[threadId] = (S0 >= S1).";
    v_cmp_t_u16      "V_CMP_T_U16" 16 false "true" "D.u64[threadId] = 1.";
    v_cmpx_t_u16     "V_CMPX_T_U16" 16 true  "true" "EXEC[threadId] = D.u64[threadId] = 1.";
    v_cmp_f_i32      "V_CMP_F_I32" 32 false "false" "D.u64[threadId] = 0.";
    v_cmpx_f_i32     "V_CMPX_F_I32" 32 true  "false" "EXEC[threadId] = D.u64[threadId] = 0.";
    v_cmp_lt_i32     "V_CMP_LT_I32" 32 false "bvslt" "D.u64[threadId] = (S0 < S1).";
    v_cmpx_lt_i32    "V_CMPX_LT_I32" 32 true  "bvslt" "EXEC[threadId] = D.u64[threadId] = (S0 < S1).";
    v_cmp_eq_i32     "V_CMP_EQ_I32" 32 false "=" "D.u64[threadId] = (S0 == S1).";
    v_cmpx_eq_i32    "V_CMPX_EQ_I32" 32 true  "=" "EXEC[threadId] = D.u64[threadId] = (S0 == S1).";
    v_cmp_le_i32     "V_CMP_LE_I32" 32 false "bvsle" "D.u64[threadId] = (S0 <= S1).";
    v_cmpx_le_i32    "V_CMPX_LE_I32" 32 true  "bvsle" "EXEC[threadId] = D.u64[threadId] = (S0 <= S1).";
    v_cmp_gt_i32     "V_CMP_GT_I32" 32 false "bvsgt" "D.u64[threadId] = (S0 > S1).";
    v_cmpx_gt_i32    "V_CMPX_GT_I32" 32 true  "bvsgt" "EXEC[threadId] = D.u64[threadId] = (S0 > S1).";
    v_cmp_ne_i32     "V_CMP_NE_I32" 32 false "distinct" "D.u64[threadId] = (S0 <> S1).";
    v_cmpx_ne_i32    "V_CMPX_NE_I32" 32 true  "distinct" "EXEC[threadId] = D.u64[threadId] = (S0 <> S1).";
    v_cmp_ge_i32     "V_CMP_GE_I32" 32 false "bvsge" "D.u64[threadId] = (S0 >= S1).";
    v_cmpx_ge_i32    "V_CMPX_GE_I32" 32 true  "bvsge" "EXEC[threadId] = D.u64[threadId] = (S0 >= S1).";
    v_cmp_t_i32      "V_CMP_T_I32" 32 false "true" "D.u64[threadId] = 1.";
    v_cmpx_t_i32     "V_CMPX_T_I32" 32 true  "true" "EXEC[threadId] = D.u64[threadId] = 1.";
    v_cmp_f_u32      "V_CMP_F_U32" 32 false "false" "D.u64[threadId] = 0.";
    v_cmpx_f_u32     "V_CMPX_F_U32" 32 true  "false" "EXEC[threadId] = D.u64[threadId] = 0.";
    v_cmp_lt_u32     "V_CMP_LT_U32" 32 false "bvult" "D.u64[threadId] = (S0 < S1).";
    v_cmpx_lt_u32    "V_CMPX_LT_U32" 32 true  "bvult" "EXEC[threadId] = D.u64[threadId] = (S0 < S1).";
    v_cmp_eq_u32     "V_CMP_EQ_U32" 32 false "=" "D.u64[threadId] = (S0 == S1).";
    v_cmpx_eq_u32    "V_CMPX_EQ_U32" 32 true  "=" "EXEC[threadId] = D.u64[threadId] = (S0 == S1).";
    v_cmp_le_u32     "V_CMP_LE_U32" 32 false "bvule" "D.u64[threadId] = (S0 <= S1).";
    v_cmpx_le_u32    "V_CMPX_LE_U32" 32 true  "bvule" "EXEC[threadId] = D.u64[threadId] = (S0 <= S1).";
    v_cmp_gt_u32     "V_CMP_GT_U32" 32 false "bvugt" "D.u64[threadId] = (S0 > S1).";
    v_cmpx_gt_u32    "V_CMPX_GT_U32" 32 true  "bvugt" "EXEC[threadId] = D.u64[threadId] = (S0 > S1).";
    v_cmp_ne_u32     "V_CMP_NE_U32" 32 false "distinct" "D.u64[threadId] = (S0 <> S1).";
    v_cmpx_ne_u32    "V_CMPX_NE_U32" 32 true  "distinct" "EXEC[threadId] = D.u64[threadId] = (S0 <> S1).";
    v_cmp_ge_u32     "V_CMP_GE_U32" 32 false "bvuge" "D.u64[threadId] = (S0 >= S1).";
    v_cmpx_ge_u32    "V_CMPX_GE_U32" 32 true  "bvuge" "EXEC[threadId] = D.u64[threadId] = (S0 >= S1).";
    v_cmp_t_u32      "V_CMP_T_U32" 32 false "true" "D.u64[threadId] = 1.";
    v_cmpx_t_u32     "V_CMPX_T_U32" 32 true  "true" "EXEC[threadId] = D.u64[threadId] = 1.";
    v_cmp_f_i64      "V_CMP_F_I64" 64 false "false" "D.u64[threadId] = 0.";
    v_cmpx_f_i64     "V_CMPX_F_I64" 64 true  "false" "EXEC[threadId] = D.u64[threadId] = 0.";
    v_cmp_lt_i64     "V_CMP_LT_I64" 64 false "bvslt" "D.u64[threadId] = (S0 < S1).";
    v_cmpx_lt_i64    "V_CMPX_LT_I64" 64 true  "bvslt" "EXEC[threadId] = D.u64[threadId] = (S0 < S1).";
    v_cmp_eq_i64     "V_CMP_EQ_I64" 64 false "=" "D.u64[threadId] = (S0 == S1).";
    v_cmpx_eq_i64    "V_CMPX_EQ_I64" 64 true  "=" "EXEC[threadId] = D.u64[threadId] = (S0 == S1).";
    v_cmp_le_i64     "V_CMP_LE_I64" 64 false "bvsle" "D.u64[threadId] = (S0 <= S1).";
    v_cmpx_le_i64    "V_CMPX_LE_I64" 64 true  "bvsle" "EXEC[threadId] = D.u64[threadId] = (S0 <= S1).";
    v_cmp_gt_i64     "V_CMP_GT_I64" 64 false "bvsgt" "D.u64[threadId] = (S0 > S1).";
    v_cmpx_gt_i64    "V_CMPX_GT_I64" 64 true  "bvsgt" "EXEC[threadId] = D.u64[threadId] = (S0 > S1).";
    v_cmp_ne_i64     "V_CMP_NE_I64" 64 false "distinct" "D.u64[threadId] = (S0 <> S1).";
    v_cmpx_ne_i64    "V_CMPX_NE_I64" 64 true  "distinct" "EXEC[threadId] = D.u64[threadId] = (S0 <> S1).";
    v_cmp_ge_i64     "V_CMP_GE_I64" 64 false "bvsge" "D.u64[threadId] = (S0 >= S1).";
    v_cmpx_ge_i64    "V_CMPX_GE_I64" 64 true  "bvsge" "EXEC[threadId] = D.u64[threadId] = (S0 >= S1).";
    v_cmp_t_i64      "V_CMP_T_I64" 64 false "true" "D.u64[threadId] = 1.";
    v_cmpx_t_i64     "V_CMPX_T_I64" 64 true  "true" "EXEC[threadId] = D.u64[threadId] = 1.";
    v_cmp_f_u64      "V_CMP_F_U64" 64 false "false" "D.u64[threadId] = 0.";
    v_cmpx_f_u64     "V_CMPX_F_U64" 64 true  "false" "EXEC[threadId] = D.u64[threadId] = 0.";
    v_cmp_lt_u64     "V_CMP_LT_U64" 64 false "bvult" "D.u64[threadId] = (S0 < S1).";
    v_cmpx_lt_u64    "V_CMPX_LT_U64" 64 true  "bvult" "EXEC[threadId] = D.u64[threadId] = (S0 < S1).";
    v_cmp_eq_u64     "V_CMP_EQ_U64" 64 false "=" "D.u64[threadId] = (S0 == S1).";
    v_cmpx_eq_u64    "V_CMPX_EQ_U64" 64 true  "=" "EXEC[threadId] = D.u64[threadId] = (S0 == S1).";
    v_cmp_le_u64     "V_CMP_LE_U64" 64 false "bvule" "D.u64[threadId] = (S0 <= S1).";
    v_cmpx_le_u64    "V_CMPX_LE_U64" 64 true  "bvule" "EXEC[threadId] = D.u64[threadId] = (S0 <= S1).";
    v_cmp_gt_u64     "V_CMP_GT_U64" 64 false "bvugt" "D.u64[threadId] = (S0 > S1).";
    v_cmpx_gt_u64    "V_CMPX_GT_U64" 64 true  "bvugt" "EXEC[threadId] = D.u64[threadId] = (S0 > S1).";
    v_cmp_ne_u64     "V_CMP_NE_U64" 64 false "distinct" "D.u64[threadId] = (S0 <> S1).";
    v_cmpx_ne_u64    "V_CMPX_NE_U64" 64 true  "distinct" "EXEC[threadId] = D.u64[threadId] = (S0 <> S1).";
    v_cmp_ge_u64     "V_CMP_GE_U64" 64 false "bvuge" "D.u64[threadId] = (S0 >= S1).";
    v_cmpx_ge_u64    "V_CMPX_GE_U64" 64 true  "bvuge" "EXEC[threadId] = D.u64[threadId] = (S0 >= S1).";
    v_cmp_t_u64      "V_CMP_T_U64" 64 false "true" "D.u64[threadId] = 1.";
    v_cmpx_t_u64     "V_CMPX_T_U64" 64 true  "true" "EXEC[threadId] = D.u64[threadId] = 1.";
}

/// The VOPC integer compare models.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_CMP_F_I16", v_cmp_f_i16), ("V_CMPX_F_I16", v_cmpx_f_i16), ("V_CMP_LT_I16", v_cmp_lt_i16),
    ("V_CMPX_LT_I16", v_cmpx_lt_i16), ("V_CMP_EQ_I16", v_cmp_eq_i16), ("V_CMPX_EQ_I16", v_cmpx_eq_i16),
    ("V_CMP_LE_I16", v_cmp_le_i16), ("V_CMPX_LE_I16", v_cmpx_le_i16), ("V_CMP_GT_I16", v_cmp_gt_i16),
    ("V_CMPX_GT_I16", v_cmpx_gt_i16), ("V_CMP_NE_I16", v_cmp_ne_i16), ("V_CMPX_NE_I16", v_cmpx_ne_i16),
    ("V_CMP_GE_I16", v_cmp_ge_i16), ("V_CMPX_GE_I16", v_cmpx_ge_i16), ("V_CMP_T_I16", v_cmp_t_i16),
    ("V_CMPX_T_I16", v_cmpx_t_i16), ("V_CMP_F_U16", v_cmp_f_u16), ("V_CMPX_F_U16", v_cmpx_f_u16),
    ("V_CMP_LT_U16", v_cmp_lt_u16), ("V_CMPX_LT_U16", v_cmpx_lt_u16), ("V_CMP_EQ_U16", v_cmp_eq_u16),
    ("V_CMPX_EQ_U16", v_cmpx_eq_u16), ("V_CMP_LE_U16", v_cmp_le_u16), ("V_CMPX_LE_U16", v_cmpx_le_u16),
    ("V_CMP_GT_U16", v_cmp_gt_u16), ("V_CMPX_GT_U16", v_cmpx_gt_u16), ("V_CMP_NE_U16", v_cmp_ne_u16),
    ("V_CMPX_NE_U16", v_cmpx_ne_u16), ("V_CMP_GE_U16", v_cmp_ge_u16), ("V_CMPX_GE_U16", v_cmpx_ge_u16),
    ("V_CMP_T_U16", v_cmp_t_u16), ("V_CMPX_T_U16", v_cmpx_t_u16), ("V_CMP_F_I32", v_cmp_f_i32),
    ("V_CMPX_F_I32", v_cmpx_f_i32), ("V_CMP_LT_I32", v_cmp_lt_i32), ("V_CMPX_LT_I32", v_cmpx_lt_i32),
    ("V_CMP_EQ_I32", v_cmp_eq_i32), ("V_CMPX_EQ_I32", v_cmpx_eq_i32), ("V_CMP_LE_I32", v_cmp_le_i32),
    ("V_CMPX_LE_I32", v_cmpx_le_i32), ("V_CMP_GT_I32", v_cmp_gt_i32), ("V_CMPX_GT_I32", v_cmpx_gt_i32),
    ("V_CMP_NE_I32", v_cmp_ne_i32), ("V_CMPX_NE_I32", v_cmpx_ne_i32), ("V_CMP_GE_I32", v_cmp_ge_i32),
    ("V_CMPX_GE_I32", v_cmpx_ge_i32), ("V_CMP_T_I32", v_cmp_t_i32), ("V_CMPX_T_I32", v_cmpx_t_i32),
    ("V_CMP_F_U32", v_cmp_f_u32), ("V_CMPX_F_U32", v_cmpx_f_u32), ("V_CMP_LT_U32", v_cmp_lt_u32),
    ("V_CMPX_LT_U32", v_cmpx_lt_u32), ("V_CMP_EQ_U32", v_cmp_eq_u32), ("V_CMPX_EQ_U32", v_cmpx_eq_u32),
    ("V_CMP_LE_U32", v_cmp_le_u32), ("V_CMPX_LE_U32", v_cmpx_le_u32), ("V_CMP_GT_U32", v_cmp_gt_u32),
    ("V_CMPX_GT_U32", v_cmpx_gt_u32), ("V_CMP_NE_U32", v_cmp_ne_u32), ("V_CMPX_NE_U32", v_cmpx_ne_u32),
    ("V_CMP_GE_U32", v_cmp_ge_u32), ("V_CMPX_GE_U32", v_cmpx_ge_u32), ("V_CMP_T_U32", v_cmp_t_u32),
    ("V_CMPX_T_U32", v_cmpx_t_u32), ("V_CMP_F_I64", v_cmp_f_i64), ("V_CMPX_F_I64", v_cmpx_f_i64),
    ("V_CMP_LT_I64", v_cmp_lt_i64), ("V_CMPX_LT_I64", v_cmpx_lt_i64), ("V_CMP_EQ_I64", v_cmp_eq_i64),
    ("V_CMPX_EQ_I64", v_cmpx_eq_i64), ("V_CMP_LE_I64", v_cmp_le_i64), ("V_CMPX_LE_I64", v_cmpx_le_i64),
    ("V_CMP_GT_I64", v_cmp_gt_i64), ("V_CMPX_GT_I64", v_cmpx_gt_i64), ("V_CMP_NE_I64", v_cmp_ne_i64),
    ("V_CMPX_NE_I64", v_cmpx_ne_i64), ("V_CMP_GE_I64", v_cmp_ge_i64), ("V_CMPX_GE_I64", v_cmpx_ge_i64),
    ("V_CMP_T_I64", v_cmp_t_i64), ("V_CMPX_T_I64", v_cmpx_t_i64), ("V_CMP_F_U64", v_cmp_f_u64),
    ("V_CMPX_F_U64", v_cmpx_f_u64), ("V_CMP_LT_U64", v_cmp_lt_u64), ("V_CMPX_LT_U64", v_cmpx_lt_u64),
    ("V_CMP_EQ_U64", v_cmp_eq_u64), ("V_CMPX_EQ_U64", v_cmpx_eq_u64), ("V_CMP_LE_U64", v_cmp_le_u64),
    ("V_CMPX_LE_U64", v_cmpx_le_u64), ("V_CMP_GT_U64", v_cmp_gt_u64), ("V_CMPX_GT_U64", v_cmpx_gt_u64),
    ("V_CMP_NE_U64", v_cmp_ne_u64), ("V_CMPX_NE_U64", v_cmpx_ne_u64), ("V_CMP_GE_U64", v_cmp_ge_u64),
    ("V_CMPX_GE_U64", v_cmpx_ge_u64), ("V_CMP_T_U64", v_cmp_t_u64), ("V_CMPX_T_U64", v_cmpx_t_u64),
];
