//! VOP1 integer and bit models, per lane (Vega manual, "VOP1 Instructions").

pub mod round;

use crate::bv::*;
use crate::{Model, ModelFn};

fn one(name: &'static str, spec: &'static str) -> Model {
    Model::new(name, spec).input("s0", 32)
}

/// D.u = S0.u.
pub fn v_mov_b32() -> Model {
    one("V_MOV_B32", "D.u = S0.u.").out("d", 32, "s0")
}
/// D.u = ~S0.u.
pub fn v_not_b32() -> Model {
    one("V_NOT_B32", "D.u = ~S0.u.").out("d", 32, "(bvnot s0)")
}
/// D.u[31:0] = S0.u[0:31].
pub fn v_bfrev_b32() -> Model {
    one("V_BFREV_B32", "D.u[31:0] = S0.u[0:31].").out("d", 32, reverse("s0", 32))
}
/// D.i = -1; for i in 0 ... 31 do if S0.u[31 - i] == 1 then D.i = i; break for; endif; endfor.
pub fn v_ffbh_u32() -> Model {
    one("V_FFBH_U32", "D.i = -1; for i in 0 ... 31 do if S0.u[31 - i] == 1 then D.i = i; break for; endif; endfor.")
        .out("d", 32, find_msb("s0", 32))
        .region("zero", "(= s0 #x00000000)")
}
/// D.i = -1; for i in 0 ... 31 do if S0.u[i] == 1 then D.i = i; break for; endif; endfor.
pub fn v_ffbl_b32() -> Model {
    one(
        "V_FFBL_B32",
        "D.i = -1; for i in 0 ... 31 do if S0.u[i] == 1 then D.i = i; break for; endif; endfor.",
    )
    .out("d", 32, find_lsb("s0", 32, true))
    .region("zero", "(= s0 #x00000000)")
}
/// D.i = -1; for i in 1 ... 31 do if S0.i[31 - i] != S0.i[31] then D.i = i; break for; endif; endfor.
pub fn v_ffbh_i32() -> Model {
    one("V_FFBH_I32", "D.i = -1; for i in 1 ... 31 do if S0.i[31 - i] != S0.i[31] then D.i = i; break for; endif; endfor.")
        .out("d", 32, find_msb_signed("s0", 32))
        .region("all_ones", "(= s0 #xffffffff)")
        .region("zero", "(= s0 #x00000000)")
}

/// sat8 of a signed 16-bit value: clamped to 0..=255.
fn sat8(x: &str) -> String {
    ite(
        &format!("(bvslt {x} #x0000)"),
        "#x00",
        &ite(&format!("(bvsgt {x} #x00ff)"), "#xff", &ext(x, 7, 0)),
    )
}

/// D.u32 = {16'b0, sat8(S.u[31:16]), sat8(S.u[15:0])}.
pub fn v_sat_pk_u8_i16() -> Model {
    let d = format!(
        "(concat #x0000 {} {})",
        sat8(&ext("s0", 31, 16)),
        sat8(&ext("s0", 15, 0))
    );
    one(
        "V_SAT_PK_U8_I16",
        "D.u32 = {16'b0, sat8(S.u[31:16]), sat8(S.u[15:0])}.",
    )
    .out("d", 32, d)
    .region(
        "low_negative_high_over",
        "(and (bvslt ((_ extract 15 0) s0) #x0000) (bvsgt ((_ extract 31 16) s0) #x00ff))",
    )
}

/// The VOP1 integer and bit models.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_MOV_B32", v_mov_b32), ("V_NOT_B32", v_not_b32), ("V_BFREV_B32", v_bfrev_b32),
    ("V_FFBH_U32", v_ffbh_u32), ("V_FFBL_B32", v_ffbl_b32), ("V_FFBH_I32", v_ffbh_i32),
    ("V_SAT_PK_U8_I16", v_sat_pk_u8_i16),
];
