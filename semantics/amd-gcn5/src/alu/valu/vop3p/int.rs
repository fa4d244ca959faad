//! Packed 16-bit integer kernels (Vega "VOP3P Instructions", opcodes 0..13). Each half is
//! the manual's per-half line; the add, subtract, multiply and MAD halves saturate with
//! CLAMP (rule `gcn5.valu.int_clamp`).

use super::super::{LaneCtx, LaneIn, LaneOut};
use super::{halves, pack};

/// How a half is read and how CLAMP saturates it.
#[derive(Clone, Copy)]
enum Sign {
    Signed,
    Unsigned,
}

impl Sign {
    fn widen(self, h: u16) -> i64 {
        match self {
            Sign::Signed => i64::from(h as i16),
            Sign::Unsigned => i64::from(h),
        }
    }

    /// The exact value as 16 bits: wrapped, or saturated to the type with CLAMP.
    fn narrow(self, v: i64, clamp: bool) -> u16 {
        if !clamp {
            return v as u16;
        }
        match self {
            Sign::Signed => v.clamp(i64::from(i16::MIN), i64::from(i16::MAX)) as i16 as u16,
            Sign::Unsigned => v.clamp(0, i64::from(u16::MAX)) as u16,
        }
    }
}

/// Both halves of an arithmetic operation on the exact (widened) values.
fn arith(x: &LaneIn, c: &LaneCtx, sign: Sign, f: fn(i64, i64, i64) -> i64) -> LaneOut {
    let (a, b, d) = (halves(x.s0), halves(x.s1), halves(x.s2));
    let h = |i: usize| {
        let e = f(sign.widen(a[i]), sign.widen(b[i]), sign.widen(d[i]));
        sign.narrow(e, c.clamp)
    };
    LaneOut::d(pack([h(0), h(1)]))
}

/// Both halves of a bit operation `f(S0 half, S1 half)`.
fn bits(x: &LaneIn, f: fn(u16, u16) -> u16) -> LaneOut {
    let (a, b) = (halves(x.s0), halves(x.s1));
    LaneOut::d(pack([f(a[0], b[0]), f(a[1], b[1])]))
}

/// `D.i[31:16] = S0.i[31:16] * S1.i[31:16] + S2.i[31:16] . D.i[15:0] = S0.i[15:0] * S1.i[15:0] + S2.i[15:0]`.
pub(super) fn v_pk_mad_i16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    arith(x, c, Sign::Signed, |a, b, d| a * b + d)
}
/// `D.u[31:16] = S0.u[31:16] * S1.u[31:16] . D.u[15:0] = S0.u[15:0] * S1.u[15:0]`.
pub(super) fn v_pk_mul_lo_u16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    arith(x, c, Sign::Unsigned, |a, b, _| a * b)
}
/// `D.i[31:16] = S0.i[31:16] + S1.i[31:16] . D.i[15:0] = S0.i[15:0] + S1.i[15:0]`.
pub(super) fn v_pk_add_i16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    arith(x, c, Sign::Signed, |a, b, _| a + b)
}
/// `D.i[31:16] = S0.i[31:16] - S1.i[31:16] . D.i[15:0] = S0.i[15:0] - S1.i[15:0]`.
pub(super) fn v_pk_sub_i16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    arith(x, c, Sign::Signed, |a, b, _| a - b)
}
/// `D.u[31:16] = S1.u[31:16] << S0.u[19:16] . D.u[15:0] = S1.u[15:0] << S0.u[3:0]`.
pub(super) fn v_pk_lshlrev_b16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    bits(x, |a, b| b << (a & 15))
}
/// `D.u[31:16] = S1.u[31:16] >> S0.u[19:16] . D.u[15:0] = S1.u[15:0] >> S0.u[3:0]`.
pub(super) fn v_pk_lshrrev_b16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    bits(x, |a, b| b >> (a & 15))
}
/// `D.i[31:16] = S1.i[31:16] >> S0.i[19:16] . D.i[15:0] = S1.i[15:0] >> S0.i[3:0]`.
pub(super) fn v_pk_ashrrev_i16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    bits(x, |a, b| ((b as i16) >> (a & 15)) as u16)
}
/// `D.i[31:16] = (S0.i[31:16] >= S1.i[31:16]) ? S0.i[31:16] : S1.i[31:16]` (and [15:0]).
pub(super) fn v_pk_max_i16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    bits(x, |a, b| (a as i16).max(b as i16) as u16)
}
/// `D.i[31:16] = (S0.i[31:16] < S1.i[31:16]) ? S0.i[31:16] : S1.i[31:16]` (and [15:0]).
pub(super) fn v_pk_min_i16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    bits(x, |a, b| (a as i16).min(b as i16) as u16)
}
/// `D.u[31:16] = S0.u[31:16] * S1.u[31:16] + S2.u[31:16] . D.u[15:0] = S0.u[15:0] * S1.u[15:0] + S2.u[15:0]`.
pub(super) fn v_pk_mad_u16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    arith(x, c, Sign::Unsigned, |a, b, d| a * b + d)
}
/// `D.u[31:16] = S0.u[31:16] + S1.u[31:16] . D.u[15:0] = S0.u[15:0] + S1.u[15:0]`.
pub(super) fn v_pk_add_u16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    arith(x, c, Sign::Unsigned, |a, b, _| a + b)
}
/// `D.u[31:16] = S0.u[31:16] - S1.u[31:16] . D.u[15:0] = S0.u[15:0] - S1.u[15:0]`.
pub(super) fn v_pk_sub_u16(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    arith(x, c, Sign::Unsigned, |a, b, _| a - b)
}
/// `D.u[31:16] = (S0.u[31:16] >= S1.u[31:16]) ? S0.u[31:16] : S1.u[31:16]` (and [15:0]).
pub(super) fn v_pk_max_u16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    bits(x, |a, b| a.max(b))
}
/// `D.u[31:16] = (S0.u[31:16] < S1.u[31:16]) ? S0.u[31:16] : S1.u[31:16]` (and [15:0]).
pub(super) fn v_pk_min_u16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    bits(x, |a, b| a.min(b))
}
