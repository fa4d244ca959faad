//! The masked and quad-byte SAD models (Vega manual, "VOP3A & VOP3B Instructions", opcodes
//! 484-487, which only name them; the reading, from AMD's later ISA manuals, is in
//! docs/design/0037). Built from the bytes up, not from the kernel's loops: each byte
//! difference is an 8-bit `ite(a > b, a - b, b - a)` over `extract`ed bytes, a masked
//! position is `ite(reference byte = 0, 0, difference)`, each field sums at 32 bits and a
//! 16-bit field is the `extract` of its low half (the wrapped reading; the kernel marks an
//! overflowing field open, rule gcn5.v_qsad_pk_u16_u8.overflow). CLAMP is not modelled
//! (CLAMP = 0, note 0027). V_MQSAD_U32_U8's 128-bit S2 and D are two 64-bit halves:
//! `s2`/`s2_hi`, `d`/`d_hi`.

use crate::bv::*;
use crate::{Model, ModelFn};

/// Byte `i` of `x`.
fn byte(x: &str, i: u32) -> String {
    ext(x, 8 * i + 7, 8 * i)
}

/// |a - b| of two 8-bit terms, widened to 32 bits.
fn diff32(a: &str, b: &str) -> String {
    zext(
        &ite(&op("bvugt", a, b), &op("bvsub", a, b), &op("bvsub", b, a)),
        24,
    )
}

/// The SAD of S0's bytes `first..first+3` against S1's bytes 0..3 as a 32-bit term; a
/// position whose S1 byte is 0 adds 0 when `masked`.
fn sad(first: u32, masked: bool) -> String {
    let terms: Vec<String> = (0..4)
        .map(|j| {
            let (a, r) = (byte("s0", first + j), byte("s1", j));
            let d = diff32(&a, &r);
            if masked {
                ite(&format!("(= {r} #x00)"), &lit(0, 32), &d)
            } else {
                d
            }
        })
        .collect();
    format!("(bvadd {})", terms.join(" "))
}

/// Any reference byte of S1 is 0.
fn zero_reference() -> String {
    let c: Vec<String> = (0..4)
        .map(|j| format!("(= {} #x00)", byte("s1", j)))
        .collect();
    format!("(or {})", c.join(" "))
}

/// D.u = Masked Byte SAD with accum_lo(S0.u, S1.u, S2.u).
pub fn v_msad_u8() -> Model {
    Model::new(
        "V_MSAD_U8",
        "D.u = Masked Byte SAD with accum_lo(S0.u, S1.u, S2.u).",
    )
    .input("s0", 32)
    .input("s1", 32)
    .input("s2", 32)
    .out("d", 32, format!("(bvadd {} s2)", sad(0, true)))
    .region("reference_byte_zero", zero_reference())
    .region(
        "accumulator_overflows",
        format!("(bvult (bvadd {} s2) s2)", sad(0, true)),
    )
}

/// The four 16-bit fields: field i = low half of (SAD of window i + S2[16i+15:16i]).
fn pk16(name: &'static str, spec: &'static str, masked: bool) -> Model {
    let sum = |i: u32| {
        format!(
            "(bvadd {} {})",
            sad(i, masked),
            zext(&ext("s2", 16 * i + 15, 16 * i), 16)
        )
    };
    let fields: Vec<String> = (0..4).rev().map(|i| ext(&sum(i), 15, 0)).collect();
    let over: Vec<String> = (0..4)
        .map(|i| format!("(bvugt {} #x0000ffff)", sum(i)))
        .collect();
    let mut m = Model::new(name, spec)
        .input("s0", 64)
        .input("s1", 32)
        .input("s2", 64)
        .out("d", 64, concat(&fields))
        .region("field_overflows", format!("(or {})", over.join(" ")));
    if masked {
        m = m.region("reference_byte_zero", zero_reference());
    }
    m
}

/// D.u = Quad-Byte SAD with 16-bit packed accum_lo/hi(S0.u[63:0], S1.u[31:0], S2.u[63:0]).
pub fn v_qsad_pk_u16_u8() -> Model {
    pk16(
        "V_QSAD_PK_U16_U8",
        "D.u = Quad-Byte SAD with 16-bit packed accum_lo/hi(S0.u[63:0], S1.u[31:0], S2.u[63:0])",
        false,
    )
}

/// D.u = Masked Quad-Byte SAD with 16-bit packed accum_lo/hi(S0.u[63:0], S1.u[31:0],
/// S2.u[63:0]).
pub fn v_mqsad_pk_u16_u8() -> Model {
    pk16(
        "V_MQSAD_PK_U16_U8",
        "D.u = Masked Quad-Byte SAD with 16-bit packed accum_lo/hi(S0.u[63:0], S1.u[31:0], S2.u[63:0])",
        true,
    )
}

/// D.u128 = Masked Quad-Byte SAD with 32-bit accum_lo/hi(S0.u[63:0], S1.u[31:0],
/// S2.u[127:0]).
pub fn v_mqsad_u32_u8() -> Model {
    // Accumulator i: dword i of the 128-bit S2 (s2 holds dwords 0-1, s2_hi dwords 2-3).
    let acc = |i: u32| {
        let half = if i < 2 { "s2" } else { "s2_hi" };
        ext(half, 32 * (i % 2) + 31, 32 * (i % 2))
    };
    let sum = |i: u32| format!("(bvadd {} {})", sad(i, true), acc(i));
    let over: Vec<String> = (0..4)
        .map(|i| format!("(bvult {} {})", sum(i), acc(i)))
        .collect();
    Model::new(
        "V_MQSAD_U32_U8",
        "D.u128 = Masked Quad-Byte SAD with 32-bit accum_lo/hi(S0.u[63:0], S1.u[31:0], S2.u[127:0])",
    )
    .input("s0", 64)
    .input("s1", 32)
    .input("s2", 64)
    .input("s2_hi", 64)
    .out("d", 64, concat(&[sum(1), sum(0)]))
    .out("d_hi", 64, concat(&[sum(3), sum(2)]))
    .region("reference_byte_zero", zero_reference())
    .region("accumulator_overflows", format!("(or {})", over.join(" ")))
}

/// The models of this file.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_MSAD_U8", v_msad_u8), ("V_QSAD_PK_U16_U8", v_qsad_pk_u16_u8),
    ("V_MQSAD_PK_U16_U8", v_mqsad_pk_u16_u8), ("V_MQSAD_U32_U8", v_mqsad_u32_u8),
];
