//! SOPK models (Vega manual, "SOPK Instructions"). SIMM16 is the input `simm16`; the
//! compares' S0 is the register the SDST field names.

use crate::bv::*;
use crate::{Model, ModelFn};

const K: &str = "((_ sign_extend 16) simm16)";

/// D.i = signext(SIMM16).
pub fn s_movk_i32() -> Model {
    Model::new("S_MOVK_I32", "D.i = signext(SIMM16).")
        .input("simm16", 16)
        .out("d", 32, K)
}

/// if(SCC) then D.i = signext(SIMM16); endif.
pub fn s_cmovk_i32() -> Model {
    Model::new("S_CMOVK_I32", "if(SCC) then D.i = signext(SIMM16); endif.")
        .input("simm16", 16)
        .input("scc_in", 1)
        .input("d_in", 32)
        .out("d", 32, format!("(ite (= scc_in #b1) {K} d_in)"))
}

fn cmpk(name: &'static str, spec: &'static str, f: &str, signed: bool) -> Model {
    let k = if signed {
        K.to_string()
    } else {
        zext("simm16", 16)
    };
    Model::new(name, spec)
        .input("s0", 32)
        .input("simm16", 16)
        .out("scc", 1, b1(&format!("({f} s0 {k})")))
        .region("equal", format!("(= s0 {k})"))
        .region("immediate_negative", "(= ((_ extract 15 15) simm16) #b1)")
}

macro_rules! cmpks {
    ($($f:ident $name:literal $op:literal $signed:literal $spec:literal;)*) => {$(
        #[doc = $spec]
        pub fn $f() -> Model {
            cmpk($name, $spec, $op, $signed)
        }
    )*};
}

cmpks! {
    s_cmpk_eq_i32 "S_CMPK_EQ_I32" "="      true  "SCC = (S0.i == signext(SIMM16)).";
    s_cmpk_lg_i32 "S_CMPK_LG_I32" "distinct" true "SCC = (S0.i != signext(SIMM16)).";
    s_cmpk_gt_i32 "S_CMPK_GT_I32" "bvsgt"  true  "SCC = (S0.i > signext(SIMM16)).";
    s_cmpk_ge_i32 "S_CMPK_GE_I32" "bvsge"  true  "SCC = (S0.i >= signext(SIMM16)).";
    s_cmpk_lt_i32 "S_CMPK_LT_I32" "bvslt"  true  "SCC = (S0.i < signext(SIMM16)).";
    s_cmpk_le_i32 "S_CMPK_LE_I32" "bvsle"  true  "SCC = (S0.i <= signext(SIMM16)).";
    s_cmpk_eq_u32 "S_CMPK_EQ_U32" "="      false "SCC = (S0.u == SIMM16).";
    s_cmpk_lg_u32 "S_CMPK_LG_U32" "distinct" false "SCC = (S0.u != SIMM16).";
    s_cmpk_gt_u32 "S_CMPK_GT_U32" "bvugt"  false "SCC = (S0.u > SIMM16).";
    s_cmpk_ge_u32 "S_CMPK_GE_U32" "bvuge"  false "SCC = (S0.u >= SIMM16).";
    s_cmpk_lt_u32 "S_CMPK_LT_U32" "bvult"  false "SCC = (S0.u < SIMM16).";
    s_cmpk_le_u32 "S_CMPK_LE_U32" "bvule"  false "SCC = (S0.u <= SIMM16).";
}

/// tmp = D.i; D.i = D.i + signext(SIMM16); SCC = (tmp[31] == SIMM16[15] && tmp[31] != D.i[31]).
pub fn s_addk_i32() -> Model {
    let d = format!("(bvadd d_in {K})");
    let ov = format!("(and (= ((_ extract 31 31) d_in) ((_ extract 15 15) simm16)) (not (= ((_ extract 31 31) d_in) ((_ extract 31 31) {d}))))");
    Model::new("S_ADDK_I32", "tmp = D.i; D.i = D.i + signext(SIMM16); SCC = (tmp[31] == SIMM16[15] && tmp[31] != D.i[31]).")
        .input("d_in", 32)
        .input("simm16", 16)
        .out("d", 32, d)
        .out("scc", 1, b1(&ov))
        .region("overflow", ov)
}

/// D.i = D.i * signext(SIMM16).
pub fn s_mulk_i32() -> Model {
    Model::new("S_MULK_I32", "D.i = D.i * signext(SIMM16).")
        .input("d_in", 32)
        .input("simm16", 16)
        .out("d", 32, format!("(bvmul d_in {K})"))
        .region("immediate_negative", "(= ((_ extract 15 15) simm16) #b1)")
}

/// D.u64 = PC + 4; PC = PC + signext(SIMM16 * 4) + 4.
pub fn s_call_b64() -> Model {
    let off = format!("(bvmul ((_ sign_extend 48) simm16) {})", lit(4, 64));
    Model::new(
        "S_CALL_B64",
        "D.u64 = PC + 4; PC = PC + signext(SIMM16 * 4) + 4.",
    )
    .input("simm16", 16)
    .input("pc_in", 64)
    .out("d", 64, format!("(bvadd pc_in {})", lit(4, 64)))
    .out("pc", 64, format!("(bvadd pc_in {off} {})", lit(4, 64)))
    .region("backward", "(= ((_ extract 15 15) simm16) #b1)")
}

/// The SOPK models.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("S_MOVK_I32", s_movk_i32), ("S_CMOVK_I32", s_cmovk_i32),
    ("S_CMPK_EQ_I32", s_cmpk_eq_i32), ("S_CMPK_LG_I32", s_cmpk_lg_i32),
    ("S_CMPK_GT_I32", s_cmpk_gt_i32), ("S_CMPK_GE_I32", s_cmpk_ge_i32),
    ("S_CMPK_LT_I32", s_cmpk_lt_i32), ("S_CMPK_LE_I32", s_cmpk_le_i32),
    ("S_CMPK_EQ_U32", s_cmpk_eq_u32), ("S_CMPK_LG_U32", s_cmpk_lg_u32),
    ("S_CMPK_GT_U32", s_cmpk_gt_u32), ("S_CMPK_GE_U32", s_cmpk_ge_u32),
    ("S_CMPK_LT_U32", s_cmpk_lt_u32), ("S_CMPK_LE_U32", s_cmpk_le_u32),
    ("S_ADDK_I32", s_addk_i32), ("S_MULK_I32", s_mulk_i32), ("S_CALL_B64", s_call_b64),
];
