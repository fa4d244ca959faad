//! VOP3-only packing models, per lane (Vega manual, "VOP3A & VOP3B Instructions"; note
//! 0027 "Third round (B)"): the rows whose kernels are in gpuref-amd-gcn5's
//! `alu/valu/vop3f/pack.rs`.

use crate::bv::*;
use crate::fp::*;
use crate::gcn5::mode::*;
use crate::{Model, ModelFn};

/// D[31:16].f16 = S1.f16; D[15:0].f16 = S0.f16.
///
/// The halves are moved as bits: the manual names no conversion, flush or quieting.
pub fn v_pack_b32_f16() -> Model {
    Model::new(
        "V_PACK_B32_F16",
        "D[31:16].f16 = S1.f16; D[15:0].f16 = S0.f16.",
    )
    .input("s0", 16)
    .input("s1", 16)
    .out("d", 32, "(concat s1 s0)")
    .region("snan_half", "(= ((_ extract 14 9) s1) #b111110)")
}

/// `uint32_to_uint16` / `int32_to_int16`: read as the saturating conversions the names
/// of the manual's other `x_to_y` conversions denote (a value out of range gives the
/// nearest representable one), not as truncation.
fn sat16(x: &str, signed: bool) -> String {
    if signed {
        format!(
            "(ite (bvsgt {x} #x00007fff) #x7fff (ite (bvslt {x} #xffff8000) #x8000 ((_ extract 15 0) {x})))"
        )
    } else {
        format!("(ite (bvugt {x} #x0000ffff) #xffff ((_ extract 15 0) {x}))")
    }
}

fn cvt_pk(name: &'static str, spec: &'static str, signed: bool) -> Model {
    Model::new(name, spec)
        .input("s0", 32)
        .input("s1", 32)
        .out("d", 32, concat(&[sat16("s1", signed), sat16("s0", signed)]))
        .region(
            "out_of_range",
            if signed {
                "(bvsgt s0 #x00007fff)"
            } else {
                "(bvugt s0 #x0000ffff)"
            },
        )
        .region(
            "below_range",
            if signed {
                "(bvslt s1 #xffff8000)"
            } else {
                "(= s1 #x0000ffff)"
            },
        )
}

/// D = {uint32_to_uint16(S1.u), uint32_to_uint16(S0.u)}.
pub fn v_cvt_pk_u16_u32() -> Model {
    cvt_pk(
        "V_CVT_PK_U16_U32",
        "D = {uint32_to_uint16(S1.u), uint32_to_uint16(S0.u)}.",
        false,
    )
}

/// D = {int32_to_int16(S1.i), int32_to_int16(S0.i)}.
pub fn v_cvt_pk_i16_i32() -> Model {
    cvt_pk(
        "V_CVT_PK_I16_I32",
        "D = {int32_to_int16(S1.i), int32_to_int16(S0.i)}.",
        true,
    )
}

/// D = {flt32_to_flt16(S1.f),flt32_to_flt16(S0.f)}. // Round-toward-zero regardless of current round mode setting in hardware.
///
/// Each half as V_CVT_F16_F32 with the rounding fixed toward zero: the f32 operand read
/// with MODE's single input flushing, the f16 result flushed by the half output bit,
/// FP16_OVFL clamping an overflow (toward zero an overflow is +-65504 anyway); a NaN
/// converted is some NaN (payload mapping not printed).
pub fn v_cvt_pkrtz_f16_f32() -> Model {
    let (from, to) = (S, H);
    let wide = to.widened(4);
    let r = round(RoundIn {
        inf: from,
        out: to,
        ops: &["a"],
        r: format!("((_ to_fp {} {}) RTZ {})", to.e, to.m + 1, from.fp("a")),
        wide,
        w: format!("((_ to_fp {} {}) RTZ {})", wide.e, wide.m + 1, from.fp("a")),
        exact: format!("(fp.to_real {})", from.fp("a")),
    });
    let bind = |src: &str, t: &str| format!("(let ((a {})) {t})", from.read(src));
    let both = |t: &str| concat(&[bind("s1", t), bind("s0", t)]);
    Model::new(
        "V_CVT_PKRTZ_F16_F32",
        "D = {flt32_to_flt16(S1.f),flt32_to_flt16(S0.f)}. // Round-toward-zero regardless of current round mode setting in hardware.",
    )
    .input("s0", 32)
    .input("s1", 32)
    .out("d", 32, both(&r.d))
    .out("nan_half", 2, both(&r.nan_any))
    .out(
        "flags",
        6,
        format!("(bvor {} {})", bind("s1", &r.flags), bind("s0", &r.flags)),
    )
    .float_flags(INVALID | DIV0 | OVERFLOW | UNDERFLOW | INEXACT)
    .region("overflow", "(and (bvugt (bvand s0 #x7fffffff) #x477fefff) (bvult (bvand s0 #x7fffffff) #x7f800000))")
    .region("f16_denormal", "(and (bvuge (bvand s1 #x7fffffff) #x33000000) (bvult (bvand s1 #x7fffffff) #x38800000))")
}

/// The VOP3 packing models.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_PACK_B32_F16", v_pack_b32_f16), ("V_CVT_PK_U16_U32", v_cvt_pk_u16_u32),
    ("V_CVT_PK_I16_I32", v_cvt_pk_i16_i32), ("V_CVT_PKRTZ_F16_F32", v_cvt_pkrtz_f16_f32),
];
