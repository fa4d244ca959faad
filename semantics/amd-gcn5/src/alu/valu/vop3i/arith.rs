//! Adds, multiplies, multiply-adds and sums of absolute differences (Vega manual, "VOP3A &
//! VOP3B Instructions"). Each computes the printed expression exactly (i128) and hands it to
//! `int_result`, which wraps it to the destination or, with CLAMP, saturates it (rows that
//! "support saturation": rule `gcn5.valu.int_clamp`; the others: `gcn5.vop3i.clamp_unstated`).

use super::super::{LaneCtx, LaneIn, LaneOut};
use super::{either, int_result, Clamp, Dst};

fn u(v: u64, bits: u32) -> i128 {
    i128::from(v & (u64::MAX >> (64 - bits)))
}
fn s(v: u64, bits: u32) -> i128 {
    let sh = 64 - bits;
    i128::from(((v << sh) as i64) >> sh)
}

/// `D.i = S0.i[23:0] * S1.i[23:0] + S2.i`.
pub(super) fn v_mad_i32_i24(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let e = s(x.s0, 24) * s(x.s1, 24) + s(x.s2, 32);
    int_result(e, Dst::I32, Clamp::Unstated, c)
}
/// `D.u = S0.u[23:0] * S1.u[23:0] + S2.u`.
pub(super) fn v_mad_u32_u24(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let e = u(x.s0, 24) * u(x.s1, 24) + u(x.s2, 32);
    int_result(e, Dst::U32, Clamp::Unstated, c)
}
/// `D.u32 = S0.u16 * S1.u16 + S2.u32`.
pub(super) fn v_mad_u32_u16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let e = u(x.s0, 16) * u(x.s1, 16) + u(x.s2, 32);
    int_result(e, Dst::U32, Clamp::Unstated, c)
}
/// `D.i32 = S0.i16 * S1.i16 + S2.i32`.
pub(super) fn v_mad_i32_i16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let e = s(x.s0, 16) * s(x.s1, 16) + s(x.s2, 32);
    int_result(e, Dst::I32, Clamp::Unstated, c)
}
/// `S0 * S1 + S2` in 16 bits, unsigned.
fn mad_u16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let e = u(x.s0, 16) * u(x.s1, 16) + u(x.s2, 16);
    int_result(e, Dst::U16, Clamp::Saturates, c)
}
/// `S0 * S1 + S2` in 16 bits, signed.
fn mad_i16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let e = s(x.s0, 16) * s(x.s1, 16) + s(x.s2, 16);
    int_result(e, Dst::I16, Clamp::Saturates, c)
}
/// `D.u16 = S0.u16 * S1.u16 + S2.u16`. "Supports saturation (unsigned 16-bit integer
/// domain)"; the high half written as 0 is the executor's.
pub(super) fn v_mad_legacy_u16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mad_u16(x, c)
}
/// `D.i16 = S0.i16 * S1.i16 + S2.i16`. "Supports saturation (signed 16-bit integer
/// domain)"; the high half written as 0 is the executor's.
pub(super) fn v_mad_legacy_i16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mad_i16(x, c)
}
/// `D.u16 = S0.u16 * S1.u16 + S2.u16`. "Supports saturation (unsigned 16-bit integer
/// domain)".
pub(super) fn v_mad_u16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mad_u16(x, c)
}
/// `D.i16 = S0.i16 * S1.i16 + S2.i16`. "Supports saturation (signed 16-bit integer
/// domain)".
pub(super) fn v_mad_i16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    mad_i16(x, c)
}
/// `D.u32 = (S0.u32 ^ S1.u32) + S2.u32`. "No carryin/carryout and no saturation": CLAMP
/// is ignored.
pub(super) fn v_xad_u32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    LaneOut::d(u64::from(((x.s0 ^ x.s1) as u32).wrapping_add(x.s2 as u32)))
}
/// `D.u = (S0.u << S1.u[4:0]) + S2.u`.
pub(super) fn v_lshl_add_u32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let e = (u(x.s0, 32) << (x.s1 & 31)) + u(x.s2, 32);
    int_result(e, Dst::U32, Clamp::Unstated, c)
}
/// `D.u = (S0.u + S1.u) << S2.u[4:0]`.
pub(super) fn v_add_lshl_u32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let e = (u(x.s0, 32) + u(x.s1, 32)) << (x.s2 & 31);
    int_result(e, Dst::U32, Clamp::Unstated, c)
}
/// `D.u = S0.u + S1.u + S2.u`.
pub(super) fn v_add3_u32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let e = u(x.s0, 32) + u(x.s1, 32) + u(x.s2, 32);
    int_result(e, Dst::U32, Clamp::Unstated, c)
}
/// `D.u = S0.u * S1.u`.
pub(super) fn v_mul_lo_u32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    int_result(u(x.s0, 32) * u(x.s1, 32), Dst::U32, Clamp::Unstated, c)
}
/// `D.u = (S0.u * S1.u) >> 32`.
pub(super) fn v_mul_hi_u32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    LaneOut::d(((u(x.s0, 32) * u(x.s1, 32)) >> 32) as u64 & 0xffff_ffff)
}
/// `D.i = (S0.i * S1.i) >> 32`.
pub(super) fn v_mul_hi_i32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    LaneOut::d(((s(x.s0, 32) * s(x.s1, 32)) >> 32) as u64 & 0xffff_ffff)
}
/// `D.i = S0.i + S1.i`. "Supports saturation (signed 32-bit integer domain)".
pub(super) fn v_add_i32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    int_result(s(x.s0, 32) + s(x.s1, 32), Dst::I32, Clamp::Saturates, c)
}
/// `D.i = S0.i - S1.i`. "Supports saturation (signed 32-bit integer domain)".
pub(super) fn v_sub_i32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    int_result(s(x.s0, 32) - s(x.s1, 32), Dst::I32, Clamp::Saturates, c)
}
/// `D.i16 = S0.i16 + S1.i16`. "Supports saturation (signed 16-bit integer domain)".
pub(super) fn v_add_i16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    int_result(s(x.s0, 16) + s(x.s1, 16), Dst::I16, Clamp::Saturates, c)
}
/// `D.i16 = S0.i16 - S1.i16`. "Supports saturation (signed 16-bit integer domain)".
pub(super) fn v_sub_i16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    int_result(s(x.s0, 16) - s(x.s1, 16), Dst::I16, Clamp::Saturates, c)
}
/// `{vcc_out,D.u64} = S0.u32 * S1.u32 + S2.u64`: the carry is bit 64 of the exact sum
/// (rule `gcn5.v_mad_i64_i32.carry`), taken before any saturation.
pub(super) fn v_mad_u64_u32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let e = u(x.s0, 32) * u(x.s1, 32) + u(x.s2, 64);
    LaneOut {
        carry: Some(e >> 64 & 1 == 1),
        ..int_result(e, Dst::U64, Clamp::Unstated, c)
    }
}
/// `{vcc_out,D.i64} = S0.i32 * S1.i32 + S2.i64`: the carry is bit 64 of the 65-bit two's
/// complement sum (rule `gcn5.v_mad_i64_i32.carry`).
pub(super) fn v_mad_i64_i32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let e = s(x.s0, 32) * s(x.s1, 32) + s(x.s2, 64);
    LaneOut {
        carry: Some(e >> 64 & 1 == 1),
        ..int_result(e, Dst::I64, Clamp::Unstated, c)
    }
}

/// The sum of |a - b| over the `n`-bit fields of the low 32 bits of S0 and S1, unsigned.
fn sad(x: &LaneIn, n: u32) -> i128 {
    (0..32 / n)
        .map(|i| (u(x.s0 >> (n * i), n) - u(x.s1 >> (n * i), n)).abs())
        .sum()
}
/// `D.u = abs(S0.i[31:24] - S1.i[31:24]); D.u += ...; D.u += abs(S0.i[7:0] - S1.i[7:0]) +
/// S2.u`. "Overflow into upper bits is allowed" (it wraps).
pub(super) fn v_sad_u8(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    int_result(sad(x, 8) + u(x.s2, 32), Dst::U32, Clamp::Unstated, c)
}
/// `D.u = (SAD_U8(S0, S1, 0) << 16) + S2.u`. "Overflow is lost".
pub(super) fn v_sad_hi_u8(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    int_result(
        (sad(x, 8) << 16) + u(x.s2, 32),
        Dst::U32,
        Clamp::Unstated,
        c,
    )
}
/// `D.u = abs(S0.i[31:16] - S1.i[31:16]) + abs(S0.i[15:0] - S1.i[15:0]) + S2.u`.
pub(super) fn v_sad_u16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    int_result(sad(x, 16) + u(x.s2, 32), Dst::U32, Clamp::Unstated, c)
}
/// `D.u = abs(S0.i - S1.i) + S2.u`, the operands read unsigned (rule
/// `gcn5.v_sad_u32.unsigned`).
pub(super) fn v_sad_u32(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let ours = int_result(sad(x, 32) + u(x.s2, 32), Dst::U32, Clamp::Unstated, c);
    let signed = (s(x.s0, 32) - s(x.s1, 32)).abs() + u(x.s2, 32);
    let other = int_result(signed, Dst::U32, Clamp::Unstated, c);
    // Under CLAMP each reading is itself unsettled (saturated or wrapped): the lane settles
    // the bits all four values agree on (note 0042).
    let settled = |o: &LaneOut| match o.unsettled.map(|u| u.accept) {
        Some(super::super::Accept::Mask(m)) => m,
        _ => 0xffff_ffff,
    };
    match (ours.d, other.d) {
        (Some(a), Some(b)) if ours.unsettled.is_none() => {
            either(a, b, 0xffff_ffff, "gcn5.v_sad_u32.unsigned")
        }
        (Some(a), Some(b)) => {
            let agree = !(a ^ b) & settled(&ours) & settled(&other) & 0xffff_ffff;
            let rule = if a == b {
                "gcn5.vop3i.clamp_unstated"
            } else {
                "gcn5.v_sad_u32.unsigned"
            };
            LaneOut::d(a).unsettled(super::super::Accept::Mask(agree), rule, true)
        }
        _ => ours,
    }
}
