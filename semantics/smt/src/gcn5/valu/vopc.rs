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

pub mod float {
    //! The float compares and class tests: their kernels are in the kernel file of the
    //! integer compares' (gpuref-amd-gcn5's `alu/valu/vopc.rs`), so their models are here.
    //!
    //! VOPC float compare and class models, per lane (Vega manual, "VOPC Instructions"; note
    //! 0027 "Float models"): the compare bit `vcc` only (V_CMPX_* also `exec`); the flags a
    //! compare may raise are not modelled. Operands are read as MODE's input flushing says
    //! (a flushed denormal compares as a zero); V_CMP_CLASS_* classifies the bits as given.

    use crate::bv::*;
    use crate::coverage::Family;
    use crate::fp::*;
    use crate::gcn5::mode::*;
    use crate::{Model, ModelFn};

    /// The compare `c` (`lt` `eq` ... in the manual's names) of S0 and S1 of format `f`.
    fn cmp(name: &'static str, f: Fmt, x: bool, c: &str) -> Model {
        let (a, b) = (f.fp("a"), f.fp("b"));
        let lt = format!("(fp.lt {a} {b})");
        let gt = format!("(fp.gt {a} {b})");
        let eq = format!("(fp.eq {a} {b})");
        let lg = format!("(or {lt} {gt})");
        let nan = format!("(or (fp.isNaN {a}) (fp.isNaN {b}))");
        let t = match c {
            "f" => "false".to_string(),
            "lt" => lt,
            "eq" => eq,
            "le" => format!("(fp.leq {a} {b})"),
            "gt" => gt,
            "lg" => lg,
            "ge" => format!("(fp.geq {a} {b})"),
            "o" => format!("(not {nan})"),
            "u" => nan,
            "nge" => format!("(not (fp.geq {a} {b}))"),
            "nlg" => format!("(not {lg})"),
            "ngt" => format!("(not {gt})"),
            "nle" => format!("(not (fp.leq {a} {b}))"),
            "neq" => format!("(not {eq})"),
            "nlt" => format!("(not {lt})"),
            _ => "true".to_string(),
        };
        let bit = format!(
            "(let ((a {}) (b {})) {})",
            f.read("s0"),
            f.read("s1"),
            b1(&t)
        );
        let spec = spec_of(c, x);
        let m = Model::new(name, spec)
            .family(Family::Compare, f)
            .input("s0", f.w())
            .input("s1", f.w())
            .out("vcc", 1, bit.clone())
            .float_flags(0);
        let m = if x { m.out("exec", 1, bit) } else { m };
        m.region("nan_operand", f.is_nan("s1")).region(
            "zeros",
            format!("(and {} {})", zero(f, "s0"), zero(f, "s1")),
        )
    }

    fn zero(f: Fmt, x: &str) -> String {
        format!("(= {} {})", ext(x, f.w() - 2, 0), lit(0, f.w() - 1))
    }

    /// The manual's line for compare `c`.
    fn spec_of(c: &str, x: bool) -> &'static str {
        const LINES: [(&str, &str, &str); 16] = [
            (
                "f",
                "D.u64[threadId] = 0.",
                "EXEC[threadId] = D.u64[threadId] = 0.",
            ),
            (
                "lt",
                "D.u64[threadId] = (S0 < S1).",
                "EXEC[threadId] = D.u64[threadId] = (S0 < S1).",
            ),
            (
                "eq",
                "D.u64[threadId] = (S0 == S1).",
                "EXEC[threadId] = D.u64[threadId] = (S0 == S1).",
            ),
            (
                "le",
                "D.u64[threadId] = (S0 <= S1).",
                "EXEC[threadId] = D.u64[threadId] = (S0 <= S1).",
            ),
            (
                "gt",
                "D.u64[threadId] = (S0 > S1).",
                "EXEC[threadId] = D.u64[threadId] = (S0 > S1).",
            ),
            (
                "lg",
                "D.u64[threadId] = (S0 <> S1).",
                "EXEC[threadId] = D.u64[threadId] = (S0 <> S1).",
            ),
            (
                "ge",
                "D.u64[threadId] = (S0 >= S1).",
                "EXEC[threadId] = D.u64[threadId] = (S0 >= S1).",
            ),
            (
                "o",
                "D.u64[threadId] = (!isNan(S0) && !isNan(S1)).",
                "EXEC[threadId] = D.u64[threadId] = (!isNan(S0) && !isNan(S1)).",
            ),
            (
                "u",
                "D.u64[threadId] = (isNan(S0) || isNan(S1)).",
                "EXEC[threadId] = D.u64[threadId] = (isNan(S0) || isNan(S1)).",
            ),
            (
                "nge",
                "D.u64[threadId] = !(S0 >= S1).",
                "EXEC[threadId] = D.u64[threadId] = !(S0 >= S1).",
            ),
            (
                "nlg",
                "D.u64[threadId] = !(S0 <> S1).",
                "EXEC[threadId] = D.u64[threadId] = !(S0 <> S1).",
            ),
            (
                "ngt",
                "D.u64[threadId] = !(S0 > S1).",
                "EXEC[threadId] = D.u64[threadId] = !(S0 > S1).",
            ),
            (
                "nle",
                "D.u64[threadId] = !(S0 <= S1).",
                "EXEC[threadId] = D.u64[threadId] = !(S0 <= S1).",
            ),
            (
                "neq",
                "D.u64[threadId] = !(S0 == S1).",
                "EXEC[threadId] = D.u64[threadId] = !(S0 == S1).",
            ),
            (
                "nlt",
                "D.u64[threadId] = !(S0 < S1).",
                "EXEC[threadId] = D.u64[threadId] = !(S0 < S1).",
            ),
            (
                "tru",
                "D.u64[threadId] = 1.",
                "EXEC[threadId] = D.u64[threadId] = 1.",
            ),
        ];
        LINES
            .iter()
            .find(|l| l.0 == c)
            .map(|l| if x { l.2 } else { l.1 })
            .unwrap_or("")
    }

    /// VCC = IEEE numeric class function specified in S1.u, performed on S0 (`f`).
    fn class(name: &'static str, f: Fmt, x: bool) -> Model {
        let s = "s0";
        let neg = format!("(= {} #b1)", ext(s, f.w() - 1, f.w() - 1));
        let inf = format!(
            "(= {} {})",
            ext(s, f.w() - 2, 0),
            lit(((1u64 << f.e) - 1) << f.m, f.w() - 1)
        );
        let normal = format!(
            "(and (not (= {e} {})) (not (= {e} {})))",
            lit(0, f.e),
            lit((1 << f.e) - 1, f.e),
            e = ext(s, f.w() - 2, f.m)
        );
        let classes = [
            f.is_snan(s),
            format!("(and {} (not {}))", f.is_nan(s), f.is_snan(s)),
            format!("(and {neg} {inf})"),
            format!("(and {neg} {normal})"),
            format!("(and {neg} {})", f.is_sub(s)),
            format!("(and {neg} {})", zero(f, s)),
            format!("(and (not {neg}) {})", zero(f, s)),
            format!("(and (not {neg}) {})", f.is_sub(s)),
            format!("(and (not {neg}) {normal})"),
            format!("(and (not {neg}) {inf})"),
        ];
        let any: Vec<String> = classes
            .iter()
            .enumerate()
            .map(|(i, c)| format!("(and {} {c})", bit("s1", i as u32)))
            .collect();
        let t = b1(&format!("(or {})", any.join(" ")));
        let spec = if x {
            "EXEC = VCC = IEEE numeric class function specified in S1.u, performed on S0."
        } else {
            "VCC = IEEE numeric class function specified in S1.u, performed on S0."
        };
        let m = Model::new(name, spec)
            .input("s0", f.w())
            .input("s1", 32)
            .out("vcc", 1, t.clone())
            .float_flags(0);
        let m = if x { m.out("exec", 1, t) } else { m };
        m.region(
            "denormal_selected",
            format!("(and {} (= ((_ extract 7 7) s1) #b1))", f.is_sub(s)),
        )
        .region(
            "snan_selected",
            format!("(and {} (= ((_ extract 0 0) s1) #b1))", f.is_snan(s)),
        )
    }

    macro_rules! cmps {
        ($($f:ident $name:literal $fmt:ident $x:literal $c:literal;)*) => {$(
            #[doc = concat!("The float compare `", $c, "` (Vega manual, \"VOPC Instructions\").")]
            pub fn $f() -> Model {
                cmp($name, $fmt, $x, $c)
            }
        )*};
    }
    macro_rules! classes {
        ($($f:ident $name:literal $fmt:ident $x:literal;)*) => {$(
            #[doc = "VCC = IEEE numeric class function specified in S1.u, performed on S0."]
            pub fn $f() -> Model {
                class($name, $fmt, $x)
            }
        )*};
    }

    classes! {
        v_cmp_class_f16 "V_CMP_CLASS_F16" H false; v_cmpx_class_f16 "V_CMPX_CLASS_F16" H true;
        v_cmp_class_f32 "V_CMP_CLASS_F32" S false; v_cmpx_class_f32 "V_CMPX_CLASS_F32" S true;
        v_cmp_class_f64 "V_CMP_CLASS_F64" D false; v_cmpx_class_f64 "V_CMPX_CLASS_F64" D true;
    }

    cmps! {
        v_cmp_f_f16        "V_CMP_F_F16" H false "f";
        v_cmp_lt_f16       "V_CMP_LT_F16" H false "lt";
        v_cmp_eq_f16       "V_CMP_EQ_F16" H false "eq";
        v_cmp_le_f16       "V_CMP_LE_F16" H false "le";
        v_cmp_gt_f16       "V_CMP_GT_F16" H false "gt";
        v_cmp_lg_f16       "V_CMP_LG_F16" H false "lg";
        v_cmp_ge_f16       "V_CMP_GE_F16" H false "ge";
        v_cmp_o_f16        "V_CMP_O_F16" H false "o";
        v_cmp_u_f16        "V_CMP_U_F16" H false "u";
        v_cmp_nge_f16      "V_CMP_NGE_F16" H false "nge";
        v_cmp_nlg_f16      "V_CMP_NLG_F16" H false "nlg";
        v_cmp_ngt_f16      "V_CMP_NGT_F16" H false "ngt";
        v_cmp_nle_f16      "V_CMP_NLE_F16" H false "nle";
        v_cmp_neq_f16      "V_CMP_NEQ_F16" H false "neq";
        v_cmp_nlt_f16      "V_CMP_NLT_F16" H false "nlt";
        v_cmp_tru_f16      "V_CMP_TRU_F16" H false "tru";
        v_cmpx_f_f16       "V_CMPX_F_F16" H true  "f";
        v_cmpx_lt_f16      "V_CMPX_LT_F16" H true  "lt";
        v_cmpx_eq_f16      "V_CMPX_EQ_F16" H true  "eq";
        v_cmpx_le_f16      "V_CMPX_LE_F16" H true  "le";
        v_cmpx_gt_f16      "V_CMPX_GT_F16" H true  "gt";
        v_cmpx_lg_f16      "V_CMPX_LG_F16" H true  "lg";
        v_cmpx_ge_f16      "V_CMPX_GE_F16" H true  "ge";
        v_cmpx_o_f16       "V_CMPX_O_F16" H true  "o";
        v_cmpx_u_f16       "V_CMPX_U_F16" H true  "u";
        v_cmpx_nge_f16     "V_CMPX_NGE_F16" H true  "nge";
        v_cmpx_nlg_f16     "V_CMPX_NLG_F16" H true  "nlg";
        v_cmpx_ngt_f16     "V_CMPX_NGT_F16" H true  "ngt";
        v_cmpx_nle_f16     "V_CMPX_NLE_F16" H true  "nle";
        v_cmpx_neq_f16     "V_CMPX_NEQ_F16" H true  "neq";
        v_cmpx_nlt_f16     "V_CMPX_NLT_F16" H true  "nlt";
        v_cmpx_tru_f16     "V_CMPX_TRU_F16" H true  "tru";
        v_cmp_f_f32        "V_CMP_F_F32" S false "f";
        v_cmp_lt_f32       "V_CMP_LT_F32" S false "lt";
        v_cmp_eq_f32       "V_CMP_EQ_F32" S false "eq";
        v_cmp_le_f32       "V_CMP_LE_F32" S false "le";
        v_cmp_gt_f32       "V_CMP_GT_F32" S false "gt";
        v_cmp_lg_f32       "V_CMP_LG_F32" S false "lg";
        v_cmp_ge_f32       "V_CMP_GE_F32" S false "ge";
        v_cmp_o_f32        "V_CMP_O_F32" S false "o";
        v_cmp_u_f32        "V_CMP_U_F32" S false "u";
        v_cmp_nge_f32      "V_CMP_NGE_F32" S false "nge";
        v_cmp_nlg_f32      "V_CMP_NLG_F32" S false "nlg";
        v_cmp_ngt_f32      "V_CMP_NGT_F32" S false "ngt";
        v_cmp_nle_f32      "V_CMP_NLE_F32" S false "nle";
        v_cmp_neq_f32      "V_CMP_NEQ_F32" S false "neq";
        v_cmp_nlt_f32      "V_CMP_NLT_F32" S false "nlt";
        v_cmp_tru_f32      "V_CMP_TRU_F32" S false "tru";
        v_cmpx_f_f32       "V_CMPX_F_F32" S true  "f";
        v_cmpx_lt_f32      "V_CMPX_LT_F32" S true  "lt";
        v_cmpx_eq_f32      "V_CMPX_EQ_F32" S true  "eq";
        v_cmpx_le_f32      "V_CMPX_LE_F32" S true  "le";
        v_cmpx_gt_f32      "V_CMPX_GT_F32" S true  "gt";
        v_cmpx_lg_f32      "V_CMPX_LG_F32" S true  "lg";
        v_cmpx_ge_f32      "V_CMPX_GE_F32" S true  "ge";
        v_cmpx_o_f32       "V_CMPX_O_F32" S true  "o";
        v_cmpx_u_f32       "V_CMPX_U_F32" S true  "u";
        v_cmpx_nge_f32     "V_CMPX_NGE_F32" S true  "nge";
        v_cmpx_nlg_f32     "V_CMPX_NLG_F32" S true  "nlg";
        v_cmpx_ngt_f32     "V_CMPX_NGT_F32" S true  "ngt";
        v_cmpx_nle_f32     "V_CMPX_NLE_F32" S true  "nle";
        v_cmpx_neq_f32     "V_CMPX_NEQ_F32" S true  "neq";
        v_cmpx_nlt_f32     "V_CMPX_NLT_F32" S true  "nlt";
        v_cmpx_tru_f32     "V_CMPX_TRU_F32" S true  "tru";
        v_cmp_f_f64        "V_CMP_F_F64" D false "f";
        v_cmp_lt_f64       "V_CMP_LT_F64" D false "lt";
        v_cmp_eq_f64       "V_CMP_EQ_F64" D false "eq";
        v_cmp_le_f64       "V_CMP_LE_F64" D false "le";
        v_cmp_gt_f64       "V_CMP_GT_F64" D false "gt";
        v_cmp_lg_f64       "V_CMP_LG_F64" D false "lg";
        v_cmp_ge_f64       "V_CMP_GE_F64" D false "ge";
        v_cmp_o_f64        "V_CMP_O_F64" D false "o";
        v_cmp_u_f64        "V_CMP_U_F64" D false "u";
        v_cmp_nge_f64      "V_CMP_NGE_F64" D false "nge";
        v_cmp_nlg_f64      "V_CMP_NLG_F64" D false "nlg";
        v_cmp_ngt_f64      "V_CMP_NGT_F64" D false "ngt";
        v_cmp_nle_f64      "V_CMP_NLE_F64" D false "nle";
        v_cmp_neq_f64      "V_CMP_NEQ_F64" D false "neq";
        v_cmp_nlt_f64      "V_CMP_NLT_F64" D false "nlt";
        v_cmp_tru_f64      "V_CMP_TRU_F64" D false "tru";
        v_cmpx_f_f64       "V_CMPX_F_F64" D true  "f";
        v_cmpx_lt_f64      "V_CMPX_LT_F64" D true  "lt";
        v_cmpx_eq_f64      "V_CMPX_EQ_F64" D true  "eq";
        v_cmpx_le_f64      "V_CMPX_LE_F64" D true  "le";
        v_cmpx_gt_f64      "V_CMPX_GT_F64" D true  "gt";
        v_cmpx_lg_f64      "V_CMPX_LG_F64" D true  "lg";
        v_cmpx_ge_f64      "V_CMPX_GE_F64" D true  "ge";
        v_cmpx_o_f64       "V_CMPX_O_F64" D true  "o";
        v_cmpx_u_f64       "V_CMPX_U_F64" D true  "u";
        v_cmpx_nge_f64     "V_CMPX_NGE_F64" D true  "nge";
        v_cmpx_nlg_f64     "V_CMPX_NLG_F64" D true  "nlg";
        v_cmpx_ngt_f64     "V_CMPX_NGT_F64" D true  "ngt";
        v_cmpx_nle_f64     "V_CMPX_NLE_F64" D true  "nle";
        v_cmpx_neq_f64     "V_CMPX_NEQ_F64" D true  "neq";
        v_cmpx_nlt_f64     "V_CMPX_NLT_F64" D true  "nlt";
        v_cmpx_tru_f64     "V_CMPX_TRU_F64" D true  "tru";
    }

    /// The VOPC float compare and class models.
    #[rustfmt::skip]
    pub const MODELS: &[(&str, ModelFn)] = &[
        ("V_CMP_F_F16", v_cmp_f_f16), ("V_CMP_LT_F16", v_cmp_lt_f16), ("V_CMP_EQ_F16", v_cmp_eq_f16),
        ("V_CMP_LE_F16", v_cmp_le_f16), ("V_CMP_GT_F16", v_cmp_gt_f16), ("V_CMP_LG_F16", v_cmp_lg_f16),
        ("V_CMP_GE_F16", v_cmp_ge_f16), ("V_CMP_O_F16", v_cmp_o_f16), ("V_CMP_U_F16", v_cmp_u_f16),
        ("V_CMP_NGE_F16", v_cmp_nge_f16), ("V_CMP_NLG_F16", v_cmp_nlg_f16), ("V_CMP_NGT_F16", v_cmp_ngt_f16),
        ("V_CMP_NLE_F16", v_cmp_nle_f16), ("V_CMP_NEQ_F16", v_cmp_neq_f16), ("V_CMP_NLT_F16", v_cmp_nlt_f16),
        ("V_CMP_TRU_F16", v_cmp_tru_f16), ("V_CMPX_F_F16", v_cmpx_f_f16), ("V_CMPX_LT_F16", v_cmpx_lt_f16),
        ("V_CMPX_EQ_F16", v_cmpx_eq_f16), ("V_CMPX_LE_F16", v_cmpx_le_f16), ("V_CMPX_GT_F16", v_cmpx_gt_f16),
        ("V_CMPX_LG_F16", v_cmpx_lg_f16), ("V_CMPX_GE_F16", v_cmpx_ge_f16), ("V_CMPX_O_F16", v_cmpx_o_f16),
        ("V_CMPX_U_F16", v_cmpx_u_f16), ("V_CMPX_NGE_F16", v_cmpx_nge_f16), ("V_CMPX_NLG_F16", v_cmpx_nlg_f16),
        ("V_CMPX_NGT_F16", v_cmpx_ngt_f16), ("V_CMPX_NLE_F16", v_cmpx_nle_f16), ("V_CMPX_NEQ_F16", v_cmpx_neq_f16),
        ("V_CMPX_NLT_F16", v_cmpx_nlt_f16), ("V_CMPX_TRU_F16", v_cmpx_tru_f16), ("V_CMP_F_F32", v_cmp_f_f32),
        ("V_CMP_LT_F32", v_cmp_lt_f32), ("V_CMP_EQ_F32", v_cmp_eq_f32), ("V_CMP_LE_F32", v_cmp_le_f32),
        ("V_CMP_GT_F32", v_cmp_gt_f32), ("V_CMP_LG_F32", v_cmp_lg_f32), ("V_CMP_GE_F32", v_cmp_ge_f32),
        ("V_CMP_O_F32", v_cmp_o_f32), ("V_CMP_U_F32", v_cmp_u_f32), ("V_CMP_NGE_F32", v_cmp_nge_f32),
        ("V_CMP_NLG_F32", v_cmp_nlg_f32), ("V_CMP_NGT_F32", v_cmp_ngt_f32), ("V_CMP_NLE_F32", v_cmp_nle_f32),
        ("V_CMP_NEQ_F32", v_cmp_neq_f32), ("V_CMP_NLT_F32", v_cmp_nlt_f32), ("V_CMP_TRU_F32", v_cmp_tru_f32),
        ("V_CMPX_F_F32", v_cmpx_f_f32), ("V_CMPX_LT_F32", v_cmpx_lt_f32), ("V_CMPX_EQ_F32", v_cmpx_eq_f32),
        ("V_CMPX_LE_F32", v_cmpx_le_f32), ("V_CMPX_GT_F32", v_cmpx_gt_f32), ("V_CMPX_LG_F32", v_cmpx_lg_f32),
        ("V_CMPX_GE_F32", v_cmpx_ge_f32), ("V_CMPX_O_F32", v_cmpx_o_f32), ("V_CMPX_U_F32", v_cmpx_u_f32),
        ("V_CMPX_NGE_F32", v_cmpx_nge_f32), ("V_CMPX_NLG_F32", v_cmpx_nlg_f32), ("V_CMPX_NGT_F32", v_cmpx_ngt_f32),
        ("V_CMPX_NLE_F32", v_cmpx_nle_f32), ("V_CMPX_NEQ_F32", v_cmpx_neq_f32), ("V_CMPX_NLT_F32", v_cmpx_nlt_f32),
        ("V_CMPX_TRU_F32", v_cmpx_tru_f32), ("V_CMP_F_F64", v_cmp_f_f64), ("V_CMP_LT_F64", v_cmp_lt_f64),
        ("V_CMP_EQ_F64", v_cmp_eq_f64), ("V_CMP_LE_F64", v_cmp_le_f64), ("V_CMP_GT_F64", v_cmp_gt_f64),
        ("V_CMP_LG_F64", v_cmp_lg_f64), ("V_CMP_GE_F64", v_cmp_ge_f64), ("V_CMP_O_F64", v_cmp_o_f64),
        ("V_CMP_U_F64", v_cmp_u_f64), ("V_CMP_NGE_F64", v_cmp_nge_f64), ("V_CMP_NLG_F64", v_cmp_nlg_f64),
        ("V_CMP_NGT_F64", v_cmp_ngt_f64), ("V_CMP_NLE_F64", v_cmp_nle_f64), ("V_CMP_NEQ_F64", v_cmp_neq_f64),
        ("V_CMP_NLT_F64", v_cmp_nlt_f64), ("V_CMP_TRU_F64", v_cmp_tru_f64), ("V_CMPX_F_F64", v_cmpx_f_f64),
        ("V_CMPX_LT_F64", v_cmpx_lt_f64), ("V_CMPX_EQ_F64", v_cmpx_eq_f64), ("V_CMPX_LE_F64", v_cmpx_le_f64),
        ("V_CMPX_GT_F64", v_cmpx_gt_f64), ("V_CMPX_LG_F64", v_cmpx_lg_f64), ("V_CMPX_GE_F64", v_cmpx_ge_f64),
        ("V_CMPX_O_F64", v_cmpx_o_f64), ("V_CMPX_U_F64", v_cmpx_u_f64), ("V_CMPX_NGE_F64", v_cmpx_nge_f64),
        ("V_CMPX_NLG_F64", v_cmpx_nlg_f64), ("V_CMPX_NGT_F64", v_cmpx_ngt_f64), ("V_CMPX_NLE_F64", v_cmpx_nle_f64),
        ("V_CMPX_NEQ_F64", v_cmpx_neq_f64), ("V_CMPX_NLT_F64", v_cmpx_nlt_f64), ("V_CMPX_TRU_F64", v_cmpx_tru_f64),
        ("V_CMP_CLASS_F16", v_cmp_class_f16), ("V_CMPX_CLASS_F16", v_cmpx_class_f16), ("V_CMP_CLASS_F32", v_cmp_class_f32),
        ("V_CMPX_CLASS_F32", v_cmpx_class_f32), ("V_CMP_CLASS_F64", v_cmp_class_f64), ("V_CMPX_CLASS_F64", v_cmpx_class_f64),
    ];
}
