//! Hand-worked lane cases for the VOP3 float family: expected bits are worked out in the
//! comments from the manual's pseudocode and IEEE 754, never computed by the kernels.

use super::*;
use crate::alu::mode::Mode;
use crate::alu::valu::testing::*;
use crate::instructions::{rows, Format as RowFormat};
use gpuref_float::Flags;

mod bigint;
mod exec_cases;
mod pack_cases;

/// Keep denormals of every width, round to nearest even.
const KEEP: u32 = 0xf0;
/// Flush denormals of every width (FP_DENORM = 0), round to nearest even.
const FLUSH: u32 = 0;

fn kernel(name: &str) -> super::super::VectorKernel {
    KERNELS
        .iter()
        .find(|k| k.name == name)
        .unwrap_or_else(|| panic!("no kernel {name}"))
        .kernel
}

fn lane3(name: &str, s: [u64; 3], carry: bool, mode: u32) -> LaneOut {
    call(name, LaneIn { carry, ..srcs(s) }, mode, false)
}

fn rule(out: &LaneOut) -> Option<&'static str> {
    out.unsettled.map(|u| u.rule)
}

#[test]
fn every_kernel_is_a_vop3_row_and_every_rule_is_listed() {
    for k in KERNELS {
        assert!(
            rows().any(
                |r| r.name == k.name && matches!(r.format, RowFormat::Vop3a | RowFormat::Vop3b)
            ),
            "{}",
            k.name
        );
    }
    // Every rule id a kernel can name is in RULES.
    let src = [
        include_str!("../vop3f.rs"),
        include_str!("div.rs"),
        include_str!("trig.rs"),
        include_str!("pack.rs"),
    ];
    for text in src {
        for (i, _) in text.match_indices("\"gcn5.") {
            let rest = &text[i + 1..];
            let id = &rest[..rest.find('"').unwrap_or(0)];
            assert!(RULES.iter().any(|r| r.id == id), "rule {id} is not listed");
        }
    }
}

#[test]
fn f64_add_and_mul_follow_mode() {
    // 1.0 + 2^-53 (0x3ca0...) is a tie: nearest even keeps 1.0; FP_ROUND[3:2] = 1 (+inf)
    // gives 1 + 2^-52.
    let one = 0x3ff0_0000_0000_0000;
    let r = lane3("V_ADD_F64", [one, 0x3ca0_0000_0000_0000, 0], false, KEEP);
    assert_eq!(r.d, Some(one));
    assert!(r.flags.contains(Flags::INEXACT));
    let r = lane3(
        "V_ADD_F64",
        [one, 0x3ca0_0000_0000_0000, 0],
        false,
        KEEP | 4,
    );
    assert_eq!(r.d, Some(one + 1));
    // The single-precision field does not round f64.
    let r = lane3(
        "V_ADD_F64",
        [one, 0x3ca0_0000_0000_0000, 0],
        false,
        KEEP | 1,
    );
    assert_eq!(r.d, Some(one));
    // 3.0 * 0.5 = 1.5.
    let r = lane3(
        "V_MUL_F64",
        [0x4008_0000_0000_0000, 0x3fe0_0000_0000_0000, 0],
        false,
        KEEP,
    );
    assert_eq!(r.d, Some(0x3ff8_0000_0000_0000));
    // min subnormal * 1.0: kept with FP_DENORM[7:6] = 3, +0 when flushed.
    let r = lane3("V_MUL_F64", [1, one, 0], false, 0xc0);
    assert_eq!(r.d, Some(1));
    let r = lane3("V_MUL_F64", [1, one, 0], false, 0x30);
    assert_eq!(r.d, Some(0));
}

// ---- V_DIV_SCALE ----

const ONE: u64 = 0x3f80_0000;
const TWO: u64 = 0x4000_0000;

#[test]
fn div_scale_f32_branches() {
    let scale = |s: [u64; 3]| {
        let r = lane3("V_DIV_SCALE_F32", s, false, KEEP);
        (r.d, r.carry)
    };
    // 1.0 / 2.0: exp diff 127 - 128 < 96, nothing denormal, exp(S2) = 127 > 23: D = S0.
    assert_eq!(scale([TWO, TWO, ONE]), (Some(TWO), Some(false)));
    // N/D near MAX_FLOAT: S2 = 2^100 (field 227), S1 = 1.0: 227 - 127 = 100 >= 96, VCC = 1;
    // S0 == S1 is scaled to 2^64 (field 191: 0x5f800000), S0 == S2 is left.
    let big = 0x7180_0000;
    assert_eq!(scale([ONE, ONE, big]), (Some(0x5f80_0000), Some(true)));
    assert_eq!(scale([big, ONE, big]), (Some(big), Some(true)));
    // S2 = +inf: exponent field 255 - 127 >= 96, the same branch (as printed).
    assert_eq!(
        scale([ONE, ONE, 0x7f80_0000]),
        (Some(0x5f80_0000), Some(true))
    );
    // S1 denormal (2^-149), S2 = 2^-40 (field 87, diff 87 < 96): D = 2^-149 * 2^64 =
    // 2^-85 (field 42: 0x15000000), VCC = 0.
    assert_eq!(scale([1, 1, 0x2b80_0000]), (Some(0x1500_0000), Some(false)));
    // 1/S1 denormal only: S1 = 2^127 (0x7f000000), S2 = 2^100: S2/S1 = 2^-27 is normal.
    // D = S0 * 2^-64: 2^63 (0x5f000000) for S0 = S1, 2^36 (0x51800000) for S0 = S2.
    let huge = 0x7f00_0000;
    assert_eq!(scale([huge, huge, big]), (Some(0x5f00_0000), Some(false)));
    assert_eq!(scale([big, huge, big]), (Some(0x5180_0000), Some(false)));
    // S2/S1 denormal only: S1 = 2.0, S2 = 2^-126 (0x00800000): 2^-127. VCC = 1; S0 == S2
    // becomes 2^-62 (field 65: 0x20800000); S0 == S1 is left.
    let min = 0x0080_0000;
    assert_eq!(scale([min, TWO, min]), (Some(0x2080_0000), Some(true)));
    assert_eq!(scale([TWO, TWO, min]), (Some(TWO), Some(true)));
    // Numerator tiny: S2 = 2^-110 (field 17 <= 23), S1 = 2^-100: quotient 2^-10 normal.
    // D = S0 * 2^64: S1 = 2^-100 becomes 2^-36 (field 91: 0x2d800000), VCC = 0.
    assert_eq!(
        scale([0x0d80_0000, 0x0d80_0000, 0x0880_0000]),
        (Some(0x2d80_0000), Some(false))
    );
}

#[test]
fn div_scale_f32_thresholds_are_exact() {
    let scale = |s: [u64; 3]| {
        let r = lane3("V_DIV_SCALE_F32", s, false, KEEP);
        (r.d, r.carry)
    };
    // exp(S2) - exp(S1): 2^96 (field 223) over 1.0 is 96, VCC = 1; 2^95 (222) is 95, no
    // branch: D = S0, VCC = 0.
    assert_eq!(
        scale([ONE, ONE, 0x6f80_0000]),
        (Some(0x5f80_0000), Some(true))
    );
    assert_eq!(scale([ONE, ONE, 0x6f00_0000]), (Some(ONE), Some(false)));
    // 1/S1: S1 = 2^126 (0x7e800000) gives exactly 2^-126, normal: D = S0 (S2 = 2^10, field
    // 137, keeps the other branches out). The next float up, 2^126 (1 + 2^-23), gives a
    // denormal reciprocal: S0 = S1 is scaled by 2^-64 to 2^62 (1 + 2^-23), 0x5e800001.
    let s2 = 0x4480_0000;
    assert_eq!(
        scale([0x7e80_0000, 0x7e80_0000, s2]),
        (Some(0x7e80_0000), Some(false))
    );
    assert_eq!(
        scale([0x7e80_0001, 0x7e80_0001, s2]),
        (Some(0x5e80_0001), Some(false))
    );
    // S2/S1: 2^-125 (0x01000000) / 2.0 is exactly 2^-126, normal; the numerator is tiny
    // (field 2 <= 23): S0 = S2 becomes 2^-61 (field 66: 0x21000000), VCC = 0. One ulp
    // below (0x00ffffff) the quotient is denormal: VCC = 1 and S0 = S2 scales by 2^64,
    // 0x00ffffff * 2^64 = 0x20ffffff.
    assert_eq!(
        scale([0x0100_0000, TWO, 0x0100_0000]),
        (Some(0x2100_0000), Some(false))
    );
    assert_eq!(
        scale([0x00ff_ffff, TWO, 0x00ff_ffff]),
        (Some(0x20ff_ffff), Some(true))
    );
}

#[test]
fn div_scale_f32_both_denormal_branch_is_typed_as_printed() {
    // S1 = 2^127: 1/S1 = 2^-127 and S2/S1 = 1.0/2^127 = 2^-127 are both denormal: VCC = 1
    // and S0 == S1 is "scaled" by 2^64 as printed: 2^191 overflows to +inf.
    let huge = 0x7f00_0000;
    let r = lane3("V_DIV_SCALE_F32", [huge, huge, ONE], false, KEEP);
    assert_eq!((r.d, r.carry), (Some(0x7f80_0000), Some(true)));
    // S0 == S2: D = S0.
    let r = lane3("V_DIV_SCALE_F32", [ONE, huge, ONE], false, KEEP);
    assert_eq!((r.d, r.carry), (Some(ONE), Some(true)));
}

#[test]
fn div_scale_zero_nan_and_flushing() {
    // S1 = 0: D = NAN (the default NaN), VCC = 0, any NaN accepted.
    let r = lane3("V_DIV_SCALE_F32", [0, 0, ONE], true, KEEP);
    assert_eq!((r.d, r.carry), (Some(0xffc0_0000), Some(false)));
    assert_eq!(r.unsettled.map(|u| u.accept), Some(Accept::AnyNan));
    assert_eq!(rule(&r), Some("gcn5.v_div_scale.zero"));
    // A signalling NaN numerator: the first NaN of S0, S1, S2 (S2) quieted.
    let r = lane3("V_DIV_SCALE_F32", [ONE, ONE, 0x7fa0_0000], false, KEEP);
    assert_eq!((r.d, r.carry), (Some(0x7fe0_0000), Some(false)));
    assert_eq!(rule(&r), Some("gcn5.v_div_scale.nan"));
    // Denormal S1 under FP_DENORM = 0: ours scales it (2^-85, above); the flushed reading
    // sees S1 = 0 and gives the NaN 0xffc00000. Only the shared bits are settled.
    let r = lane3("V_DIV_SCALE_F32", [1, 1, 0x2b80_0000], false, FLUSH);
    assert_eq!(r.d, Some(0x1500_0000));
    assert_eq!(rule(&r), Some("gcn5.div_helpers.denormals"));
    assert_eq!(
        r.unsettled.map(|u| u.accept),
        Some(Accept::Mask(!(0x1500_0000u64 ^ 0xffc0_0000) & 0xffff_ffff))
    );
    // Denormals kept: the same lane is settled.
    assert_eq!(
        lane3("V_DIV_SCALE_F32", [1, 1, 0x2b80_0000], false, KEEP).unsettled,
        None
    );
}

#[test]
fn div_scale_f64_thresholds() {
    let one = 0x3ff0_0000_0000_0000;
    // S2 = 2^800 (field 1823 = 0x71f), S1 = 1.0: 800 >= 768, VCC = 1, S0 == S1 becomes
    // 2^128 (field 1151 = 0x47f).
    let r = lane3(
        "V_DIV_SCALE_F64",
        [one, one, 0x71f0_0000_0000_0000],
        false,
        KEEP,
    );
    assert_eq!((r.d, r.carry), (Some(0x47f0_0000_0000_0000), Some(true)));
    // 2^700 (field 1723): 700 < 768, nothing else applies: D = S0, VCC = 0.
    let r = lane3(
        "V_DIV_SCALE_F64",
        [one, one, 0x6bb0_0000_0000_0000],
        false,
        KEEP,
    );
    assert_eq!((r.d, r.carry), (Some(one), Some(false)));
    // S1 = 2.0, S2 = 2^-1022: S2/S1 = 2^-1023 denormal, VCC = 1, S0 == S2 becomes
    // 2^-894 (field 129 = 0x081).
    let min = 0x0010_0000_0000_0000;
    let r = lane3(
        "V_DIV_SCALE_F64",
        [min, 0x4000_0000_0000_0000, min],
        false,
        KEEP,
    );
    assert_eq!((r.d, r.carry), (Some(0x0810_0000_0000_0000), Some(true)));
}

// ---- V_DIV_FMAS ----

#[test]
fn div_fmas_vcc_selects_the_post_scale() {
    // VCC = 0: 2.0 * 3.0 + 1.0 = 7.0 (0x40e00000), settled.
    let r = lane3("V_DIV_FMAS_F32", [TWO, 0x4040_0000, ONE], false, KEEP);
    assert_eq!((r.d, r.unsettled), (Some(0x40e0_0000), None));
    // VCC = 1, |S2| = 1.0 < 2.0: ours 7.0 * 2^-64 (field 129 - 64 = 65: 0x20e00000); the
    // manual's 7.0 * 2^32 (field 161: 0x50e00000). Shared bits: all but 0x70000000.
    let r = lane3("V_DIV_FMAS_F32", [TWO, 0x4040_0000, ONE], true, KEEP);
    assert_eq!(r.d, Some(0x20e0_0000));
    assert_eq!(rule(&r), Some("gcn5.v_div_fmas.scale"));
    assert_eq!(
        r.unsettled.map(|u| u.accept),
        Some(Accept::Mask(0x8fff_ffff))
    );
    // VCC = 1, S2 = 4.0: 1 * 1 + 4 = 5.0 (0x40a00000); ours * 2^64 (field 193: 0x60a00000).
    let r = lane3("V_DIV_FMAS_F32", [ONE, ONE, 0x4080_0000], true, KEEP);
    assert_eq!(r.d, Some(0x60a0_0000));
    // F64: 1 * 1 + 1 = 2.0, |S2| < 2: ours 2^-127 (field 896 = 0x380), the manual's 2^65
    // (field 1088 = 0x440).
    let one = 0x3ff0_0000_0000_0000;
    let r = lane3("V_DIV_FMAS_F64", [one, one, one], true, KEEP);
    assert_eq!(r.d, Some(0x3800_0000_0000_0000));
    assert_eq!(
        r.unsettled.map(|u| u.accept),
        Some(Accept::Mask(
            !(0x3800_0000_0000_0000u64 ^ 0x4400_0000_0000_0000)
        ))
    );
}

#[test]
fn div_fmas_scales_before_rounding() {
    // VCC = 1, S0 = 2^-149, S1 = 2^100, S2 = 0 (< 2.0): 2^-49 * 2^-64 = 2^-113 (field 14:
    // 0x07000000); 2^-149 * 2^-64 alone would underflow, so the factor goes on S1. The
    // manual's 2^-49 * 2^32 = 2^-17 (field 110: 0x37000000). Input denormal: S0.
    let r = lane3("V_DIV_FMAS_F32", [1, 0x7180_0000, 0], true, KEEP);
    assert_eq!(r.d, Some(0x0700_0000));
    assert_eq!(r.flags, Flags::INPUT_DENORMAL);
    assert_eq!(
        r.unsettled.map(|u| u.accept),
        Some(Accept::Mask(0xcfff_ffff))
    );
    // 2^-149 * 1.0 + 2^-149 = 2^-148 scaled by 2^-64: no operand scales exactly (S2 =
    // 2^-149 would underflow), so nothing is settled.
    let r = lane3("V_DIV_FMAS_F32", [1, ONE, 1], true, KEEP);
    assert_eq!(r.unsettled.map(|u| u.accept), Some(Accept::Mask(0)));
}

#[test]
fn div_fmas_reads_denormals_whatever_mode() {
    // 2^-149 * 2^100 + 0 = 2^-49 (field 78: 0x27000000), also with FP_DENORM = 0 (flushing
    // the input would give +0).
    let r = lane3("V_DIV_FMAS_F32", [1, 0x7180_0000, 0], false, FLUSH);
    assert_eq!(r.d, Some(0x2700_0000));
    // Output flushing is allowed: 2^-100 * 2^-40 = 2^-140 is denormal: +0 with FP_DENORM
    // = 0, 2^-140 (2^9 * 2^-149 = 0x200) when kept.
    let r = lane3(
        "V_DIV_FMAS_F32",
        [0x0d80_0000, 0x2b80_0000, 0],
        false,
        FLUSH,
    );
    assert_eq!(r.d, Some(0));
    let r = lane3("V_DIV_FMAS_F32", [0x0d80_0000, 0x2b80_0000, 0], false, KEEP);
    assert_eq!(r.d, Some(0x200));
}

// ---- V_DIV_FIXUP (S0 quotient, S1 denominator, S2 numerator) ----

fn fixup(name: &str, q: u64, den: u64, num: u64, mode: u32) -> LaneOut {
    lane3(name, [q, den, num], false, mode)
}

#[test]
fn div_fixup_f32_special_values() {
    let f = |q, den, num| fixup("V_DIV_FIXUP_F32", q, den, num, KEEP);
    // 0/0 and inf/inf: 0xffc00000, invalid.
    let r = f(ONE, 0x8000_0000, 0);
    assert_eq!((r.d, r.flags), (Some(0xffc0_0000), Flags::INVALID));
    let r = f(ONE, 0x7f80_0000, 0xff80_0000);
    assert_eq!((r.d, r.flags), (Some(0xffc0_0000), Flags::INVALID));
    // 1.0 / -0: sign 1, -inf, divide by zero.
    let r = f(ONE, 0x8000_0000, ONE);
    assert_eq!((r.d, r.flags), (Some(0xff80_0000), Flags::DIV_BY_ZERO));
    // -inf / +0 (worked by hand, IEEE 754 7.3: divide by zero only for a finite
    // dividend): sign 0^1 = 1, -inf, no flag. Found by the z3 cross-check (note 0027).
    let r = f(ONE, 0, 0xff80_0000);
    assert_eq!((r.d, r.flags), (Some(0xff80_0000), Flags::NONE));
    // -inf / 2.0: -inf, no flag.
    let r = f(ONE, TWO, 0xff80_0000);
    assert_eq!((r.d, r.flags), (Some(0xff80_0000), Flags::NONE));
    // 1.0 / inf: +0; -0 / 2.0: -0.
    assert_eq!(f(ONE, 0x7f80_0000, ONE).d, Some(0));
    assert_eq!(f(ONE, TWO, 0x8000_0000).d, Some(0x8000_0000));
    // NaNs: S2 first (sNaN 0x7f800001 quieted to 0x7fc00001), then S1 (0xff800003 →
    // 0xffc00003); invalid for a signalling one.
    let r = f(ONE, 0x7fc0_0002, 0x7f80_0001);
    assert_eq!((r.d, r.flags), (Some(0x7fc0_0001), Flags::INVALID));
    let r = f(ONE, 0xff80_0003, ONE);
    assert_eq!((r.d, r.flags), (Some(0xffc0_0003), Flags::INVALID));
    let r = f(ONE, 0x7fc0_0002, ONE);
    assert_eq!((r.d, r.flags), (Some(0x7fc0_0002), Flags::NONE));
    // Otherwise ±|S0| by sign(S1)^sign(S2): S0 = ±0.5, 1.0 / -2.0 → -0.5 (0xbf000000).
    assert_eq!(f(0x3f00_0000, 0xc000_0000, ONE).d, Some(0xbf00_0000));
    assert_eq!(f(0xbf00_0000, TWO, ONE).d, Some(0x3f00_0000));
}

#[test]
fn div_fixup_underflow_is_zero_with_an_open_value() {
    // 2^-100 / 2^100: exponent fields 27 - 227 = -200 < -150: ±underflow. +0, accepting
    // +0 and the smallest denormal; with S1 negative -0, accepting -min..-0.
    let r = fixup("V_DIV_FIXUP_F32", ONE, 0x7180_0000, 0x0d80_0000, KEEP);
    assert_eq!(r.d, Some(0));
    assert_eq!(
        r.unsettled.map(|u| u.accept),
        Some(Accept::Range { lo: 0, hi: 1 })
    );
    let r = fixup("V_DIV_FIXUP_F32", ONE, 0xf180_0000, 0x0d80_0000, KEEP);
    assert_eq!(r.d, Some(0x8000_0000));
    assert_eq!(
        r.unsettled.map(|u| u.accept),
        Some(Accept::Range {
            lo: 0x8000_0001,
            hi: 0x8000_0000
        })
    );
    // 2^-60 / 2^60: -120 >= -150, not underflow: |S0|.
    let r = fixup("V_DIV_FIXUP_F32", ONE, 0x5d80_0000, 0x2180_0000, KEEP);
    assert_eq!((r.d, r.unsettled), (Some(ONE), None));
    // F64: 2^-600 / 2^600 (fields 423 and 1623): -1200 < -1075.
    let r = fixup(
        "V_DIV_FIXUP_F64",
        0x3ff0_0000_0000_0000,
        0x6570_0000_0000_0000,
        0x1a70_0000_0000_0000,
        KEEP,
    );
    assert_eq!(
        (r.d, rule(&r)),
        (Some(0), Some("gcn5.v_div_fixup.underflow"))
    );
    // F64 0/0: 0xfff8000000000000.
    let r = fixup("V_DIV_FIXUP_F64", 0, 0, 0, KEEP);
    assert_eq!(r.d, Some(0xfff8_0000_0000_0000));
}

#[test]
fn div_fixup_f16_rows_have_no_underflow_branch() {
    for name in ["V_DIV_FIXUP_F16", "V_DIV_FIXUP_LEGACY_F16"] {
        // 0/0: 0xfe00; 1.0/0: +inf with divide by zero.
        assert_eq!(fixup(name, 0x3c00, 0, 0, KEEP).d, Some(0xfe00));
        let r = fixup(name, 0x3c00, 0, 0x3c00, KEEP);
        assert_eq!((r.d, r.flags), (Some(0x7c00), Flags::DIV_BY_ZERO));
        // 2^-24 / 65504: no underflow row, so |S0| = 1.0; the denormal numerator raises
        // input denormal.
        let r = fixup(name, 0x3c00, 0x7bff, 0x0001, KEEP);
        assert_eq!((r.d, r.flags), (Some(0x3c00), Flags::INPUT_DENORMAL));
        // With half denormals flushed (FP_DENORM[7:6] = 0) the flushed reading is 0/y =
        // +0: only the bits of 0x3c00 and 0 share are settled.
        let r = fixup(name, 0x3c00, 0x7bff, 0x0001, FLUSH);
        assert_eq!(r.d, Some(0x3c00));
        assert_eq!(r.unsettled.map(|u| u.accept), Some(Accept::Mask(0xc3ff)));
    }
}
