//! The masked and quad-byte sums of absolute differences (Vega manual, "VOP3A & VOP3B
//! Instructions", opcodes 484-487), which the Vega table only names. The reading, from AMD's
//! later ISA manuals (docs/design/0037): the masked SAD skips a byte position whose reference
//! byte (S1's) is 0 (rule `gcn5.v_msad_u8.mask`); the quad forms compute that SAD for the four
//! byte windows S0[8i+31:8i], i = 0..3, of the 8-byte S0 against the 4-byte S1, each added to
//! its own accumulator of S2 at position i (rule `gcn5.v_qsad.windows`). A 16-bit
//! accumulator that overflows is unsettled between wrapping and 0xffff (rule
//! `gcn5.v_qsad_pk_u16_u8.overflow`); a 32-bit one wraps, as V_SAD_U8's "Overflow into upper
//! bits is allowed". CLAMP follows V_SAD_U8 (rule `gcn5.vop3i.clamp_unstated`).

use super::super::{Accept, LaneCtx, LaneIn, LaneOut};
use super::{int_result, Clamp, Dst};

/// |a - b| of two bytes.
fn absdiff(a: u32, b: u32) -> u32 {
    a.abs_diff(b)
}

/// The byte `i` (0..=3) of a dword.
fn byte(v: u32, i: u32) -> u32 {
    v >> (8 * i) & 0xff
}

/// The sum of |S0 byte - S1 byte| over the four byte positions, skipping a position whose
/// reference (S1) byte is 0 when `masked`: at most 4 * 255.
fn sad4(s0: u32, s1: u32, masked: bool) -> u32 {
    (0..4)
        .filter(|&i| !masked || byte(s1, i) != 0)
        .map(|i| absdiff(byte(s0, i), byte(s1, i)))
        .sum()
}

/// The window `i` (0..=3) of the 8-byte S0: bytes i..i+3, S0[8i+31:8i].
fn window(s0: u64, i: u32) -> u32 {
    (s0 >> (8 * i)) as u32
}

/// `D.u = Masked Byte SAD with accum_lo(S0.u, S1.u, S2.u)`.
pub(super) fn v_msad_u8(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let e = sad4(x.s0 as u32, x.s1 as u32, true); // at most 1020
    int_result(
        i128::from(e) + i128::from(x.s2 as u32),
        Dst::U32,
        Clamp::Unstated,
        c,
    )
}

/// The four 16-bit accumulations of the PK forms: the value gpuref writes (wrapped, or
/// 0xffff where CLAMP saturates) and the mask of the fields every reading agrees on.
fn pk16(x: &LaneIn, c: &LaneCtx, masked: bool) -> LaneOut {
    let mut d = 0u64;
    let mut settled = u64::MAX;
    for i in 0..4 {
        let acc = (x.s2 >> (16 * i)) & 0xffff;
        let exact = u64::from(sad4(window(x.s0, i), x.s1 as u32, masked)) + acc;
        let field = if exact > 0xffff {
            // The two readings: wrap (16'B of the sum) or 0xffff; CLAMP saturates.
            settled &= !(0xffff << (16 * i));
            if c.clamp {
                0xffff
            } else {
                exact & 0xffff
            }
        } else {
            exact
        };
        d |= field << (16 * i);
    }
    let out = LaneOut::d(d);
    if settled == u64::MAX {
        out
    } else if c.clamp {
        out.unsettled(Accept::Mask(settled), "gcn5.vop3i.clamp_unstated", true)
    } else {
        out.unsettled(
            Accept::Mask(settled),
            "gcn5.v_qsad_pk_u16_u8.overflow",
            true,
        )
    }
}

/// `D.u = Quad-Byte SAD with 16-bit packed accum_lo/hi(S0.u[63:0], S1.u[31:0], S2.u[63:0])`.
pub(super) fn v_qsad_pk_u16_u8(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    pk16(x, c, false)
}

/// `D.u = Masked Quad-Byte SAD with 16-bit packed accum_lo/hi(S0.u[63:0], S1.u[31:0],
/// S2.u[63:0])`.
pub(super) fn v_mqsad_pk_u16_u8(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    pk16(x, c, true)
}

/// `D.u128 = Masked Quad-Byte SAD with 32-bit accum_lo/hi(S0.u[63:0], S1.u[31:0],
/// S2.u[127:0])`: S2[127:64] is `s2_hi`, D[127:64] `d_hi`. A 32-bit accumulator wraps; with
/// CLAMP it saturates at 0xffffffff, settled only where that agrees with the wrapped value.
pub(super) fn v_mqsad_u32_u8(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let s2 = u128::from(x.s2) | u128::from(x.s2_hi) << 64;
    let mut d = 0u128;
    let mut settled = u128::MAX;
    for i in 0..4 {
        let acc = (s2 >> (32 * i)) as u32;
        let exact = u64::from(sad4(window(x.s0, i), x.s1 as u32, true)) + u64::from(acc);
        let field = if exact > 0xffff_ffff && c.clamp {
            settled &= !(0xffff_ffffu128 << (32 * i));
            0xffff_ffff
        } else {
            exact & 0xffff_ffff
        };
        d |= u128::from(field) << (32 * i);
    }
    let out = LaneOut::wide(d);
    if settled == u128::MAX {
        out
    } else {
        out.unsettled(Accept::Mask128(settled), "gcn5.vop3i.clamp_unstated", true)
    }
}
