//! Hand-worked lane cases of the packed, MIX and dot kernels (expected bits from the
//! manual's per-half lines and IEEE 754, worked out in the comments, not by the kernels).
//! Operands are the packed values after OP_SEL/NEG (the executor's tests cover those).

use super::super::{Accept, LaneIn, LaneOut};
use crate::alu::valu::testing::*;
use crate::alu::vpacked::MIX_F16;
use gpuref_float::Flags;

fn p(lo: u16, hi: u16) -> u64 {
    u64::from(lo) | (u64::from(hi) << 16)
}

fn lane4(name: &str, s: [u64; 3], d: u64, mode: u32, clamp: bool) -> LaneOut {
    call(name, LaneIn { d, ..srcs(s) }, mode, clamp)
}

fn lane(name: &str, s: [u64; 3], clamp: bool) -> Option<u64> {
    lane4(name, s, 0, KEEP, clamp).d
}

#[test]
fn integer_halves_wrap_or_saturate() {
    // 0x7fff + 1 = 32768: wraps to 0x8000, saturates to 0x7fff; -1 + 1 = 0 either way.
    let s = [p(0x7fff, 0xffff), p(1, 1), 0];
    assert_eq!(lane("V_PK_ADD_I16", s, false), Some(0x0000_8000));
    assert_eq!(lane("V_PK_ADD_I16", s, true), Some(0x0000_7fff));
    // -32768 - 1 saturates to -32768 (0x8000); 1 - 2 unsigned wraps to 0xffff, clamps to 0.
    assert_eq!(
        lane("V_PK_SUB_I16", [p(0x8000, 5), p(1, 7), 0], true),
        Some(0xfffe_8000)
    );
    assert_eq!(
        lane("V_PK_SUB_U16", [p(1, 1), p(2, 2), 0], false),
        Some(0xffff_ffff)
    );
    assert_eq!(lane("V_PK_SUB_U16", [p(1, 1), p(2, 2), 0], true), Some(0));
    // MAD_U16: 65535*2+1 = 0x1ffff -> 0xffff (wrap) and 0xffff (clamp);
    // 300*300 + 0 = 90000 = 0x15f90 -> 0x5f90 (wrap) or 0xffff (clamp).
    let s = [p(0xffff, 300), p(2, 300), p(1, 0)];
    assert_eq!(lane("V_PK_MAD_U16", s, false), Some(0x5f90_ffff));
    assert_eq!(lane("V_PK_MAD_U16", s, true), Some(0xffff_ffff));
    // MAD_I16: -2 * 3 + 1 = -5 (0xfffb); 200 * 200 + 0 = 40000 > 32767 -> 0x7fff clamped.
    let s = [p(0xfffe, 200), p(3, 200), p(1, 0)];
    assert_eq!(lane("V_PK_MAD_I16", s, true), Some(0x7fff_fffb));
    // MUL_LO_U16: 0x100 * 0x100 = 0x10000 -> 0 (wrap), 0xffff (clamp).
    assert_eq!(
        lane("V_PK_MUL_LO_U16", [p(0x100, 3), p(0x100, 5), 0], false),
        Some(0x000f_0000)
    );
    assert_eq!(
        lane("V_PK_MUL_LO_U16", [p(0x100, 3), p(0x100, 5), 0], true),
        Some(0x000f_ffff)
    );
}

#[test]
fn shifts_use_four_bits_of_each_half() {
    // Low: 0x0f0f << 4 = 0xf0f0; high: amount 0x11 & 15 = 1, 0x8001 << 1 = 0x0002.
    let s = [p(4, 0x11), p(0x0f0f, 0x8001), 0];
    assert_eq!(lane("V_PK_LSHLREV_B16", s, false), Some(0x0002_f0f0));
    // 0x8000 >> 15 = 1 (logical) or 0xffff (arithmetic); >> 4: 0x0800 or 0xf800.
    let s = [p(15, 4), p(0x8000, 0x8000), 0];
    assert_eq!(lane("V_PK_LSHRREV_B16", s, false), Some(0x0800_0001));
    assert_eq!(lane("V_PK_ASHRREV_I16", s, false), Some(0xf800_ffff));
}

#[test]
fn min_max_by_signedness() {
    // 0xffff is -1 signed, 65535 unsigned; against 1.
    let s = [p(0xffff, 1), p(1, 0xffff), 0];
    assert_eq!(lane("V_PK_MAX_I16", s, false), Some(0x0001_0001));
    assert_eq!(lane("V_PK_MIN_I16", s, false), Some(0xffff_ffff));
    assert_eq!(lane("V_PK_MAX_U16", s, false), Some(0xffff_ffff));
    assert_eq!(lane("V_PK_MIN_U16", s, false), Some(0x0001_0001));
}

#[test]
fn f16_halves_round_overflow_and_flush() {
    // 1.0 + 2.0 = 3.0 (0x4200); 65504 + 65504 overflows to +inf, or +MAX with FP16_OVFL.
    let s = [p(0x3c00, 0x7bff), p(0x4000, 0x7bff), 0];
    let r = lane4("V_PK_ADD_F16", s, 0, KEEP, false);
    assert_eq!(r.d, Some(0x7c00_4200));
    assert!(r.flags.contains(Flags::OVERFLOW));
    assert_eq!(
        lane4("V_PK_ADD_F16", s, 0, KEEP | OVFL, false).d,
        Some(0x7bff_4200)
    );
    // min subnormal (0x0001) * 1.0 kept, or flushed to +0 when FP_DENORM[7:6] = 0
    // (MODE 0x30: single keeps, double/half flush); -1 * 2 = -2 (0xc000).
    let s = [p(0x0001, 0xbc00), p(0x3c00, 0x4000), 0];
    assert_eq!(
        lane4("V_PK_MUL_F16", s, 0, KEEP, false).d,
        Some(0xc000_0001)
    );
    assert_eq!(
        lane4("V_PK_MUL_F16", s, 0, 0x30, false).d,
        Some(0xc000_0000)
    );
}

#[test]
fn pk_fma_is_fused() {
    // Low: 2*3+1 = 7 (0x4700). High: a = 1+2^-10 (0x3c01), a*a = 1 + 2^-9 + 2^-20,
    // plus -(1+2^-9) (0xbc02) = 2^-20 exactly when fused (= 16 * 2^-24 = 0x0010); an
    // unfused product would round to 1+2^-9 and give 0.
    let s = [p(0x4000, 0x3c01), p(0x4200, 0x3c01), p(0x3c00, 0xbc02)];
    assert_eq!(lane("V_PK_FMA_F16", s, false), Some(0x0010_4700));
    // PK_FMAC adds D: 2*3+1 = 7; 1*-1+1 = +0 (round to nearest: an exact zero sum is +0).
    let r = lane4(
        "V_PK_FMAC_F16",
        [p(0x4000, 0x3c00), p(0x4200, 0xbc00), 0],
        p(0x3c00, 0x3c00),
        KEEP,
        false,
    );
    assert_eq!(r.d, Some(0x0000_4700));
}

#[test]
fn pk_min_max_mark_nan_and_zero_halves() {
    // Low: minNum(1.0, qNaN) = 1.0, the half open (rule gcn5.v_pk_min_f16.nan);
    // high: min(-0, +0) = -0 (0x8000), its sign open.
    let r = lane4(
        "V_PK_MIN_F16",
        [p(0x3c00, 0x8000), p(0x7e00, 0x0000), 0],
        0,
        KEEP,
        false,
    );
    assert_eq!(r.d, Some(0x8000_3c00));
    let u = r.unsettled.expect("open halves");
    assert_eq!(u.accept, Accept::Mask(0x7fff_0000));
    assert_eq!(u.rule, "gcn5.v_pk_min_f16.nan");
    // max(1.0, 2.0) = 2.0; max(-inf, -1.0) = -1.0: settled.
    let r = lane4(
        "V_PK_MAX_F16",
        [p(0x3c00, 0xfc00), p(0x4000, 0xbc00), 0],
        0,
        KEEP,
        false,
    );
    assert_eq!(r.d, Some(0xbc00_4000));
    assert_eq!(r.unsettled, None);
}

#[test]
fn mix_reads_f16_or_f32_sources() {
    // 1.0h * 2.0f + 0.5h = 2.5f (0x40200000), fused or not: exact.
    let s = [MIX_F16 | 0x3c00, 0x4000_0000, MIX_F16 | 0x3800];
    for n in ["V_FMA_MIX_F32", "V_MAD_MIX_F32"] {
        let r = lane4(n, s, 0, KEEP, false);
        assert_eq!(r.d, Some(0x4020_0000), "{n}");
        assert_eq!(r.unsettled, None, "{n}");
    }
    // 1.5f * 2.0h + 0.25f = 3.25 = f16 0x4280 into one half; the other half of D kept.
    let s = [0x3fc0_0000, MIX_F16 | 0x4000, 0x3e80_0000];
    assert_eq!(
        lane4("V_FMA_MIXLO_F16", s, 0xdead_beef, KEEP, false).d,
        Some(0xdead_4280)
    );
    assert_eq!(
        lane4("V_FMA_MIXHI_F16", s, 0xdead_beef, KEEP, false).d,
        Some(0x4280_beef)
    );
    assert_eq!(
        lane4("V_MAD_MIXLO_F16", s, 0xdead_beef, KEEP, false).d,
        Some(0xdead_4280)
    );
}

#[test]
fn mad_mix_flush_claim_is_an_acceptance_set() {
    // 2^-24 (f16 min subnormal) * 1.0 + 0 = 2^-24 = f32 0x33800000 when the f16 input is
    // kept; dispute D11's flush-everything reading gives +0: both and between accepted.
    let s = [MIX_F16 | 0x0001, 0x3f80_0000, 0];
    let r = lane4("V_MAD_MIX_F32", s, 0, KEEP, false);
    assert_eq!(r.d, Some(0x3380_0000));
    let u = r.unsettled.expect("D11");
    assert_eq!(
        u.accept,
        Accept::Range {
            lo: 0,
            hi: 0x3380_0000
        }
    );
    assert_eq!(u.rule, "gcn5.v_mad_mix_f32.flush");
    // FMA_MIX (gfx908) follows MODE: settled.
    assert_eq!(lane4("V_FMA_MIX_F32", s, 0, KEEP, false).unsettled, None);
    // With half denormals flushed by MODE (0x30) both readings give +0: settled.
    let r = lane4("V_MAD_MIX_F32", s, 0, 0x30, false);
    assert_eq!((r.d, r.unsettled), (Some(0), None));
}

#[test]
fn mad_mix_tiny_product_is_flushed_or_kept() {
    // (2^-126 + 2^-149) (f32 0x00800001) * 1.5 * 2^-7 (f16 0x2200): a denormal f32
    // product, inexact (underflow); + 588.5 (f16 0x6099). Under MODE 0x125 (single: inputs
    // flushed, outputs kept; rounding up) the product flushed before the add gives 588.5
    // (0x44132000) as does dispute D11's flush-everything reading; kept, 588.5 + tiny
    // rounds up to 0x44132001: both accepted, by the product-flush rule.
    let s = [0x0080_0001, MIX_F16 | 0x2200, MIX_F16 | 0x6099];
    let r = lane4("V_MAD_MIX_F32", s, 0, 0x125, false);
    assert_eq!(r.d, Some(0x4413_2000));
    let u = r.unsettled.expect("product flush");
    assert_eq!(
        u.accept,
        Accept::Range {
            lo: 0x4413_2000,
            hi: 0x4413_2001
        }
    );
    assert_eq!(u.rule, "gcn5.v_mad_mix_f32.product_flush");
    assert!(!u.flags_settled);
    // Rounding to nearest (MODE 0x120): every reading gives 588.5; the kept product makes
    // the add inexact and reads a denormal input, so the value is settled and the flags
    // are not.
    let r = lane4("V_MAD_MIX_F32", s, 0, 0x120, false);
    assert_eq!(r.d, Some(0x4413_2000));
    let u = r.unsettled.expect("flags open");
    assert_eq!(u.accept, Accept::Mask(0xffff_ffff));
    assert_eq!(u.rule, "gcn5.v_mad_mix_f32.product_flush");
    assert!(!u.flags_settled);
    // The same into an f16 half: 588.5 = f16 0x6099 whichever reading, the other half
    // kept, the flags open.
    let r = lane4("V_MAD_MIXLO_F16", s, 0xdead_beef, 0x120, false);
    assert_eq!(r.d, Some(0xdead_6099));
    let u = r.unsettled.expect("flags open");
    assert_eq!(u.accept, Accept::Mask(0xffff_ffff));
    assert_eq!(u.rule, "gcn5.v_mad_mix_f32.product_flush");
    assert!(!u.flags_settled);
    // FMA_MIX (gfx908) has no intermediate product: settled.
    let r = lane4("V_FMA_MIX_F32", s, 0, 0x125, false);
    assert_eq!((r.d, r.unsettled), (Some(0x4413_2001), None));
}

#[test]
fn mixlo_double_rounding_accepts_both_neighbours() {
    // (1 + 2^-11) * 1.0 + 2^-30: the f32 sum rounds (inexact) to 1 + 2^-11, an f16
    // midpoint; round-to-even gives 1.0 (0x3c00); a single rounding of the exact value
    // (just above the midpoint) gives 1 + 2^-10 (0x3c01): bit 0 of the half is open.
    let s = [0x3f80_1000, 0x3f80_0000, 0x3080_0000];
    let r = lane4("V_FMA_MIXLO_F16", s, 0, KEEP, false);
    assert_eq!(r.d, Some(0x3c00));
    let u = r.unsettled.expect("double rounding");
    assert_eq!(u.accept, Accept::Mask(0xffff_fffe));
    assert_eq!(u.rule, "gcn5.v_mad_mixlo_f16.rounding");
}

#[test]
fn integer_dots_wrap_or_clamp() {
    // 4 * 255 * 255 = 260100 = 0x3f804; + 0xffffffff = 0x1_0003_f803: wraps to 0x0003f803,
    // saturates to 0xffffffff.
    let s = [0xffff_ffff, 0xffff_ffff, 0xffff_ffff];
    assert_eq!(lane("V_DOT4_U32_U8", s, false), Some(0x0003_f803));
    assert_eq!(lane("V_DOT4_U32_U8", s, true), Some(0xffff_ffff));
    // (-32768)^2 * 2 = 2^31 > i32::MAX: wraps to 0x80000000, clamps to 0x7fffffff.
    let s = [p(0x8000, 0x8000), p(0x8000, 0x8000), 0];
    assert_eq!(lane("V_DOT2_I32_I16", s, false), Some(0x8000_0000));
    assert_eq!(lane("V_DOT2_I32_I16", s, true), Some(0x7fff_ffff));
    // 2 * (-32768 * 32767) + (-65537) = -2147483649 < i32::MIN: wraps to 0x7fffffff,
    // clamps to 0x80000000.
    let s = [p(0x8000, 0x8000), p(0x7fff, 0x7fff), 0xfffe_ffff];
    assert_eq!(lane("V_DOT2_I32_I16", s, false), Some(0x7fff_ffff));
    assert_eq!(lane("V_DOT2_I32_I16", s, true), Some(0x8000_0000));
    // Unsigned 16-bit: 65535 * 65535 * 2 = 0x1_fffc_0002 wraps to 0xfffc0002.
    assert_eq!(
        lane("V_DOT2_U32_U16", [0xffff_ffff, 0xffff_ffff, 0], false),
        Some(0xfffc_0002)
    );
    // Bytes [-1, 1, 127, -128] * 2 each = -2; + 10 = 8.
    assert_eq!(
        lane("V_DOT4_I32_I8", [0x807f_01ff, 0x0202_0202, 10], false),
        Some(8)
    );
    // Nibbles: 8 * (-8 * 7) = -448 = 0xfffffe40; unsigned 8 * (8 * 7) = 448 = 0x1c0.
    assert_eq!(
        lane("V_DOT8_I32_I4", [0x8888_8888, 0x7777_7777, 0], false),
        Some(0xffff_fe40)
    );
    assert_eq!(
        lane("V_DOT8_U32_U4", [0x8888_8888, 0x7777_7777, 0], false),
        Some(0x1c0)
    );
}

#[test]
fn vop2_dots_accumulate_into_d() {
    // Raw 32-bit operands (VOP2 has no OP_SEL): 2*4 + 3*5 + D(1) = 24.
    let r = lane4("V_DOT2C_I32_I16", [p(2, 3), p(4, 5), 0], 1, KEEP, false);
    assert_eq!(r.d, Some(24));
    // Bytes 1,2,3,4 * 1 + D(-10) = 0.
    let r = lane4(
        "V_DOT4C_I32_I8",
        [0x0403_0201, 0x0101_0101, 0],
        0xffff_fff6,
        KEEP,
        false,
    );
    assert_eq!(r.d, Some(0));
    // Nibbles all -1 * all 1: -8 + D(8) = 0.
    let r = lane4(
        "V_DOT8C_I32_I4",
        [0xffff_ffff, 0x1111_1111, 0],
        8,
        KEEP,
        false,
    );
    assert_eq!(r.d, Some(0));
    // 1.0*3.0 + 2.0*0.5 + D(1.0) = 5.0 (0x40a00000).
    let r = lane4(
        "V_DOT2C_F32_F16",
        [p(0x3c00, 0x4000), p(0x4200, 0x3800), 0],
        0x3f80_0000,
        KEEP,
        false,
    );
    assert_eq!((r.d, r.unsettled), (Some(0x40a0_0000), None));
}

#[test]
fn dot2_f32_order_is_an_acceptance_set() {
    // 1.0*3.0 + 2.0*0.5 + 1.0 = 5.0 exactly in every order: settled.
    let s = [p(0x3c00, 0x4000), p(0x4200, 0x3800), 0x3f80_0000];
    let r = lane4("V_DOT2_F32_F16", s, 0, KEEP, false);
    assert_eq!((r.d, r.unsettled), (Some(0x40a0_0000), None));
    // Products 1.0 and 2^-24 (2^-12 = f16 0x0c00, squared), accumulator 2^-24 (f32
    // 0x33800000): (1 + 2^-24) ties to 1.0, + 2^-24 ties to 1.0 again; adding the small
    // ones first gives 2^-23, then 1 + 2^-23 = 0x3f800001 exactly.
    let s = [p(0x3c00, 0x0c00), p(0x3c00, 0x0c00), 0x3380_0000];
    let r = lane4("V_DOT2_F32_F16", s, 0, KEEP, false);
    assert_eq!(r.d, Some(0x3f80_0000));
    let u = r.unsettled.expect("order");
    assert_eq!(
        u.accept,
        Accept::Range {
            lo: 0x3f80_0000,
            hi: 0x3f80_0001
        }
    );
    assert_eq!(u.rule, "gcn5.v_dot2_f32_f16.order");
}

#[test]
fn f16_halves_follow_the_half_rounding_field_and_nan_rules() {
    // 1.0 + 2^-11 (0x1000) is a tie: nearest even keeps 1.0 (0x3c00); FP_ROUND[3:2] = 1
    // (+inf, MODE bit 2) gives 1 + 2^-10 (0x3c01); FP_ROUND[1:0] (single) does not apply.
    let s = [p(0x3c00, 0x3c00), p(0x1000, 0x1000), 0];
    assert_eq!(
        lane4("V_PK_ADD_F16", s, 0, KEEP, false).d,
        Some(0x3c00_3c00)
    );
    assert_eq!(
        lane4("V_PK_ADD_F16", s, 0, KEEP | 1, false).d,
        Some(0x3c00_3c00)
    );
    assert_eq!(
        lane4("V_PK_ADD_F16", s, 0, KEEP | 4, false).d,
        Some(0x3c01_3c01)
    );
    // Low: +inf * 0 is invalid: the default NaN (sign set, quiet bit: 0xfe00). High: a
    // signalling NaN (0x7d00) is quieted with its payload (0x7f00), invalid.
    let r = lane4(
        "V_PK_MUL_F16",
        [p(0x7c00, 0x7d00), p(0x0000, 0x3c00), 0],
        0,
        KEEP,
        false,
    );
    assert_eq!(r.d, Some(0x7f00_fe00));
    assert!(r.flags.contains(Flags::INVALID));
    // -inf + -max = -inf exactly (no overflow flag, so FP16_OVFL keeps it); +max + +max
    // overflows: +MAX_FP16 with FP16_OVFL.
    let r = lane4(
        "V_PK_ADD_F16",
        [p(0xfc00, 0x7bff), p(0xfbff, 0x7bff), 0],
        0,
        KEEP | OVFL,
        false,
    );
    assert_eq!(r.d, Some(0x7bff_fc00));
}

#[test]
fn mix_sources_read_under_the_half_denormal_field() {
    // f16 min normal 2^-14 (0x0400) * f32 1.0 + f32 -0.0: 2^-14 = f32 0x38800000 in any
    // mode (a normal). f16 max subnormal (0x03ff) = (1023/1024) * 2^-14 = f32 0x387fc000
    // when half denormals are kept (FMA_MIX follows MODE), +0 when FP_DENORM[7:6] = 0
    // (MODE 0x30), and 0 * 1 + -0 = +0 in round to nearest.
    let s = [MIX_F16 | 0x0400, 0x3f80_0000, 0x8000_0000];
    assert_eq!(
        lane4("V_FMA_MIX_F32", s, 0, 0x30, false).d,
        Some(0x3880_0000)
    );
    let s = [MIX_F16 | 0x03ff, 0x3f80_0000, 0x8000_0000];
    assert_eq!(
        lane4("V_FMA_MIX_F32", s, 0, KEEP, false).d,
        Some(0x387f_c000)
    );
    assert_eq!(lane4("V_FMA_MIX_F32", s, 0, 0x30, false).d, Some(0));
    // An f32 result over the f16 range: 65536 (f32 0x47800000) -> +inf (0x7c00) in MIXLO,
    // +MAX_FP16 (0x7bff) with FP16_OVFL.
    let s = [0x4780_0000, 0x3f80_0000, 0];
    assert_eq!(lane4("V_FMA_MIXLO_F16", s, 0, KEEP, false).d, Some(0x7c00));
    assert_eq!(
        lane4("V_FMA_MIXLO_F16", s, 0, KEEP | OVFL, false).d,
        Some(0x7bff)
    );
}
