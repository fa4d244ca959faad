//! Bit operations, shifts, counts, min/max/median and byte select (Vega manual, "VOP3A &
//! VOP3B Instructions"). CLAMP does not change them: their results are always in range.

use super::super::common::{d16, d32, i16_, i32_, u16_, u32_};
use super::super::{LaneCtx, LaneIn, LaneOut};
use super::either;

/// The low `n` bits set, `n` in 0..=32.
fn ones(n: u32) -> u32 {
    u32::MAX.checked_shr(32 - n).unwrap_or(0)
}

/// `D.u = (S0.u >> S1.u[4:0]) & ((1 << S2.u[4:0]) - 1)`.
pub(super) fn v_bfe_u32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32((u32_(x.s0) >> (x.s1 & 31)) & ones(x.s2 as u32 & 31))
}
/// `D.i = (S0.i >> S1.u[4:0]) & ((1 << S2.u[4:0]) - 1)`; the field is sign-extended from
/// bit S2[4:0] - 1 (rule `gcn5.v_bfe_i32.sign`).
pub(super) fn v_bfe_i32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    let width = x.s2 as u32 & 31;
    let field = (i32_(x.s0) >> (x.s1 & 31)) as u32 & ones(width);
    // Sign extension: shift the field's top bit to bit 31 and back, arithmetically.
    let signed = match width {
        0 => 0,
        w => ((field << (32 - w)) as i32 >> (32 - w)) as u32,
    };
    either(
        u64::from(signed),
        u64::from(field),
        0xffff_ffff,
        "gcn5.v_bfe_i32.sign",
    )
}
/// `D.u = (S0.u & S1.u) | (~S0.u & S2.u)`.
pub(super) fn v_bfi_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(u32_((x.s0 & x.s1) | (!x.s0 & x.s2)))
}
/// `D.u = ((S0.u[31:24] + S1.u[31:24] + S2.u[24]) >> 1) << 24` and likewise for each byte:
/// the rounding bit of byte i is S2 bit 8i.
pub(super) fn v_lerp_u8(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    let mut d = 0u32;
    for i in 0..4 {
        let byte = |v: u64| (v >> (8 * i)) as u32 & 0xff;
        let round = (x.s2 >> (8 * i)) as u32 & 1;
        d |= ((byte(x.s0) + byte(x.s1) + round) >> 1) << (8 * i);
    }
    d32(d)
}
/// `{S0,S1}` as a 64-bit value, S0 high.
fn pair(x: &LaneIn) -> u64 {
    (x.s0 & 0xffff_ffff) << 32 | (x.s1 & 0xffff_ffff)
}
/// `D.u = ({S0,S1} >> S2.u[4:0]) & 0xffffffff`.
pub(super) fn v_alignbit_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32((pair(x) >> (x.s2 & 31)) as u32)
}
/// `D.u = ({S0,S1} >> (8*S2.u[4:0])) & 0xffffffff`; gpuref shifts by 8*S2[1:0] (rule
/// `gcn5.v_alignbyte_b32.select`).
pub(super) fn v_alignbyte_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    let ours = pair(x) >> (8 * (x.s2 & 3));
    let printed = pair(x).checked_shr(8 * (x.s2 as u32 & 31)).unwrap_or(0);
    either(
        ours & 0xffff_ffff,
        printed & 0xffff_ffff,
        0xffff_ffff,
        "gcn5.v_alignbyte_b32.select",
    )
}

/// The median of three (the pseudocode's `max3 == S0 ? max(S1, S2) : ...` is the median).
fn med3<T: Ord + Copy>(a: T, b: T, c: T) -> T {
    a.max(b).min(a.min(b).max(c))
}
/// `D.i = V_MIN_I32(V_MIN_I32(S0.i, S1.i), S2.i)`.
pub(super) fn v_min3_i32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(i32_(x.s0).min(i32_(x.s1)).min(i32_(x.s2)) as u32)
}
/// `D.u = V_MIN_U32(V_MIN_U32(S0.u, S1.u), S2.u)`.
pub(super) fn v_min3_u32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(u32_(x.s0).min(u32_(x.s1)).min(u32_(x.s2)))
}
/// `D.i = V_MAX_I32(V_MAX_I32(S0.i, S1.i), S2.i)`.
pub(super) fn v_max3_i32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(i32_(x.s0).max(i32_(x.s1)).max(i32_(x.s2)) as u32)
}
/// `D.u = V_MAX_U32(V_MAX_U32(S0.u, S1.u), S2.u)`.
pub(super) fn v_max3_u32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(u32_(x.s0).max(u32_(x.s1)).max(u32_(x.s2)))
}
/// `if (V_MAX3_I32(S0.i, S1.i, S2.i) == S0.i) D.i = V_MAX_I32(S1.i, S2.i); ...`.
pub(super) fn v_med3_i32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(med3(i32_(x.s0), i32_(x.s1), i32_(x.s2)) as u32)
}
/// `if (V_MAX3_U32(S0.u, S1.u, S2.u) == S0.u) D.u = V_MAX_U32(S1.u, S2.u); ...`.
pub(super) fn v_med3_u32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(med3(u32_(x.s0), u32_(x.s1), u32_(x.s2)))
}
/// `D.i16 = V_MIN_I16(V_MIN_I16(S0.i16, S1.i16), S2.i16)`.
pub(super) fn v_min3_i16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d16(i16_(x.s0).min(i16_(x.s1)).min(i16_(x.s2)) as u16)
}
/// `D.u16 = V_MIN_U16(V_MIN_U16(S0.u16, S1.u16), S2.u16)`.
pub(super) fn v_min3_u16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d16(u16_(x.s0).min(u16_(x.s1)).min(u16_(x.s2)))
}
/// `D.i16 = V_MAX_I16(V_MAX_I16(S0.i16, S1.i16), S2.i16)`.
pub(super) fn v_max3_i16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d16(i16_(x.s0).max(i16_(x.s1)).max(i16_(x.s2)) as u16)
}
/// `D.u16 = V_MAX_U16(V_MAX_U16(S0.u16, S1.u16), S2.u16)`.
pub(super) fn v_max3_u16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d16(u16_(x.s0).max(u16_(x.s1)).max(u16_(x.s2)))
}
/// `if (V_MAX3_I16(S0.i16, S1.i16, S2.i16) == S0.i16) D.i16 = V_MAX_I16(S1.i16, S2.i16); ...`.
pub(super) fn v_med3_i16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d16(med3(i16_(x.s0), i16_(x.s1), i16_(x.s2)) as u16)
}
/// `if (V_MAX3_U16(S0.u16, S1.u16, S2.u16) == S0.u16) D.u16 = V_MAX_U16(S1.u16, S2.u16); ...`.
pub(super) fn v_med3_u16(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d16(med3(u16_(x.s0), u16_(x.s1), u16_(x.s2)))
}

/// `byte_permute({S0.u, S1.u}, sel)`: in[0..=3] are S1's bytes, in[4..=7] S0's.
fn byte_permute(input: u64, sel: u32) -> u32 {
    let byte = |i: u32| (input >> (8 * i)) as u32 & 0xff;
    let sign = |i: u32| if byte(i) & 0x80 != 0 { 0xff } else { 0 };
    match sel {
        0..=7 => byte(sel),
        8 => sign(1),
        9 => sign(3),
        10 => sign(5),
        11 => sign(7),
        12 => 0x00,
        _ => 0xff,
    }
}
/// `D.u[31:24] = byte_permute({S0.u, S1.u}, S2.u[31:24]); ...` with `byte_permute`:
/// `if(sel>=13) then return 0xff; elsif(sel==12) then return 0x00; elsif(sel==11) then
/// return in[7][7] * 0xff; ... else return in[sel]`.
pub(super) fn v_perm_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    let input = pair(x);
    let mut d = 0u32;
    for i in 0..4 {
        d |= byte_permute(input, (x.s2 >> (8 * i)) as u32 & 0xff) << (8 * i);
    }
    d32(d)
}
/// `D.u = (S0.u << S1.u[4:0]) | S2.u`.
pub(super) fn v_lshl_or_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32((u32_(x.s0) << (x.s1 & 31)) | u32_(x.s2))
}
/// `D.u = (S0.u & S1.u) | S2.u`.
pub(super) fn v_and_or_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(u32_((x.s0 & x.s1) | x.s2))
}
/// `D.u = S0.u | S1.u | S2.u`.
pub(super) fn v_or3_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(u32_(x.s0 | x.s1 | x.s2))
}
/// `D.u = ~(S0.u ^ S1.u)` (gfx908; rule `gcn5.v_xnor_b32`).
pub(super) fn v_xnor_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(!u32_(x.s0 ^ x.s1))
}
/// `D.u = 0; for i in 0 ... 31 do D.u += (S0.u[i] == 1 ? 1 : 0); endfor`, plus S1.u
/// (rule `gcn5.v_bcnt_u32_b32.accumulate`).
pub(super) fn v_bcnt_u32_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    let count = u32_(x.s0).count_ones();
    either(
        u64::from(count.wrapping_add(u32_(x.s1))),
        u64::from(count),
        0xffff_ffff,
        "gcn5.v_bcnt_u32_b32.accumulate",
    )
}
/// Bits of lanes below this one (`ThreadMask = (1LL << ThreadPosition) - 1`).
fn thread_mask(x: &LaneIn) -> u64 {
    (1u64 << (x.lane & 63)) - 1
}
/// `MaskedValue = (S0.u & ThreadMask[31:0]); D.u = S1.u; for i ... D.u += MaskedValue[i]`.
pub(super) fn v_mbcnt_lo_u32_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    let n = u32_(x.s0 & thread_mask(x)).count_ones();
    d32(u32_(x.s1).wrapping_add(n))
}
/// `MaskedValue = (S0.u & ThreadMask[63:32]); D.u = S1.u; for i ... D.u += MaskedValue[i]`.
pub(super) fn v_mbcnt_hi_u32_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    let n = u32_(x.s0 & (thread_mask(x) >> 32)).count_ones();
    d32(u32_(x.s1).wrapping_add(n))
}
/// `D.u64 = S1.u64 << S0.u[5:0]`.
pub(super) fn v_lshlrev_b64(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    LaneOut::d(x.s1 << (x.s0 & 63))
}
/// `D.u64 = S1.u64 >> S0.u[5:0]`.
pub(super) fn v_lshrrev_b64(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    LaneOut::d(x.s1 >> (x.s0 & 63))
}
/// `D.u64 = signext(S1.u64) >> S0.u[5:0]`.
pub(super) fn v_ashrrev_i64(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    LaneOut::d(((x.s1 as i64) >> (x.s0 & 63)) as u64)
}
/// `D.u = ((1<<S0.u[4:0])-1) << S1.u[4:0]`.
pub(super) fn v_bfm_b32(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    d32(ones(x.s0 as u32 & 31) << (x.s1 & 31))
}
