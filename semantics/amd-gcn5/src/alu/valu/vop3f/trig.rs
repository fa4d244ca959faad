//! V_TRIG_PREOP_F64: a 53-bit segment of 2/pi for Payne-Hanek range reduction.

use super::{exp_field, is_nan, two_readings, Accept, LaneCtx, LaneIn, LaneOut};
use crate::alu::mode::Width;
use gpuref_float::ops::ldexp;
use gpuref_float::quirks::AmdGcn5;
use gpuref_float::{Binary64, Flagged, Flags, Format, Rounding};

/// The manual's `2/PI[1200:0]`: the first 1201 fraction bits of 2/pi, most significant
/// first (bit 31 of word 0 weighs 2^-1), the last 15 bits of word 37 zero. Words 0..=36
/// are the table in LLVM's AMDGPUInstCombineIntrinsic.cpp; the test
/// `two_over_pi_table_is_exact` derives all 1201 bits by exact integer arithmetic.
pub(super) const TWO_OVER_PI: [u32; 38] = [
    0xa2f9_836e,
    0x4e44_1529,
    0xfc27_57d1,
    0xf534_ddc0,
    0xdb62_9599,
    0x3c43_9041,
    0xfe51_63ab,
    0xdebb_c561,
    0xb724_6e3a,
    0x424d_d2e0,
    0x0649_2eea,
    0x09d1_921c,
    0xfe1d_eb1c,
    0xb129_a73e,
    0xe882_35f5,
    0x2ebb_4484,
    0xe99c_7026,
    0xb45f_7e41,
    0x3991_d639,
    0x8353_39f4,
    0x9c84_5f8b,
    0xbdf9_283b,
    0x1ff8_97ff,
    0xde05_980f,
    0xef2f_118b,
    0x5a0a_6d1f,
    0x6d36_7ecf,
    0x27cb_09b7,
    0x4f46_3f66,
    0x9e5f_ea2d,
    0x7527_bac7,
    0xebe5_f17b,
    0x3d07_39f7,
    0x8a52_92ea,
    0x6bfb_5fb1,
    0x1f8d_5d08,
    0x5603_3046,
    0xfc7b_0000,
];

/// Bits in the table.
pub(super) const TABLE_BITS: u64 = 1201;
/// LLVM's fold returns 0 once its three-word window leaves its 37-word table.
const LLVM_ZERO_FROM: u64 = 35 * 32;

/// Fraction bit `i` of 2/pi (i = 0 weighs 2^-1); 0 past the table (rule
/// `gcn5.v_trig_preop_f64.out_of_table`).
fn bit(i: u64) -> u64 {
    if i >= TABLE_BITS {
        return 0;
    }
    let word = TWO_OVER_PI.get((i / 32) as usize).copied().unwrap_or(0);
    u64::from(word >> (31 - i % 32) & 1)
}

/// The 53-bit segment starting `shift` bits into the table.
pub(super) fn segment(shift: u64) -> u64 {
    (0..53).fold(0, |acc, j| acc << 1 | bit(shift + j))
}

/// A nonzero integer below 2^53 as binary64 bits (exact).
fn int_bits(v: u64) -> u64 {
    if v == 0 {
        return 0;
    }
    let p = 63 - u64::from(v.leading_zeros());
    (p + 1023) << 52 | (v << (52 - p) & Binary64::FRAC_MASK)
}

/// `segment * 2^scale` rounded with `rounding` (output denormals per MODE).
fn scaled(seg: u64, scale: i32, c: &LaneCtx, rounding: Rounding) -> Flagged<u64> {
    let mut mode = c.fp(Width::Double);
    mode.rounding = rounding;
    ldexp::<Binary64, AmdGcn5>(int_bits(seg), scale, &mode)
}

/// `shift = S1.u * 53; if exponent(S0.d) > 1077 then shift += exponent(S0.d) - 1077; endif
/// result = (double) ((2/PI[1200:0] << shift) & 0x1fffff_ffffffff); scale = (-53 - shift);
/// if exponent(S0.d) >= 1968 then scale += 128; endif D.d = ldexp(result, scale)`.
///
/// As printed the shift moves the table's low bits out of the 53-bit mask (dispute D16):
/// the segment is the 53 bits from bit `1200 - shift` down (rule
/// `gcn5.v_trig_preop_f64.table`); S1 is read as S1.u[4:0] as the description says.
pub(super) fn v_trig_preop_f64(x: &LaneIn, c: &LaneCtx) -> LaneOut {
    let s0 = x.s0;
    if is_nan::<Binary64>(s0) {
        return LaneOut::d(s0 | Binary64::QUIET_BIT).unsettled(
            Accept::Mask(0),
            "gcn5.v_trig_preop_f64.nan",
            false,
        );
    }
    let e = exp_field::<Binary64>(s0) as u64;
    let shift = (x.s1 & 31) * 53 + e.saturating_sub(1077);
    let seg = segment(shift);
    // shift <= 31 * 53 + 970: the scale stays far inside i32.
    let scale = -53 - shift as i32 + if e >= 1968 { 128 } else { 0 };
    let rtz = scaled(seg, scale, c, Rounding::TowardZero);
    let ours = LaneOut::d(rtz.value);
    if (LLVM_ZERO_FROM..TABLE_BITS).contains(&shift) {
        // LLVM's fold gives +0 here: accept +0 up to our value (both positive).
        return ours.unsettled(
            Accept::Range {
                lo: 0,
                hi: rtz.value,
            },
            "gcn5.v_trig_preop_f64.out_of_table",
            rtz.flags.is_empty(),
        );
    }
    let rne = scaled(seg, scale, c, Rounding::NearestEven);
    let out = two_readings(
        ours,
        LaneOut::d(rne.value),
        64,
        "gcn5.v_trig_preop_f64.rounding",
    );
    if rtz.flags != Flags::NONE && out.unsettled.is_none() {
        // A truncated denormal: the bits are settled, the flags are not.
        return out.unsettled(
            Accept::Mask(u64::MAX),
            "gcn5.v_trig_preop_f64.rounding",
            false,
        );
    }
    out
}
