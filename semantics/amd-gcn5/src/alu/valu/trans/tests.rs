//! Hand-worked lanes (expected bits from the manual's examples and IEEE 754; intervals from
//! the stated accuracy worked out by hand).

use super::*;
use crate::alu::valu::testing::{call, srcs};
use crate::alu::valu::Unsettled;

fn run(name: &str, s0: u64, mode: u32) -> LaneOut {
    call(name, srcs([s0, 0, 0]), mode, false)
}

/// Keep denormals everywhere, round to nearest even (FP_DENORM = 0xf).
const KEEP: u32 = 0xf0;
/// KEEP with MODE.IEEE (bit 9) set.
const IEEE: u32 = KEEP | 1 << 9;
/// Flush every width (FP_DENORM = 0).
const FLUSH: u32 = 0;

fn exact(o: LaneOut, d: u64, flags: Flags) {
    assert_eq!((o.d, o.flags, o.unsettled), (Some(d), flags, None), "{o:?}");
}

fn range(o: LaneOut, d: u64, lo: u64, hi: u64, rule: &str) {
    assert_eq!(o.d, Some(d), "{o:?}");
    let u = o.unsettled.expect("unsettled");
    assert_eq!(
        (u.accept, u.rule, u.flags_settled),
        (Accept::Range { lo, hi }, rule, false),
        "{o:?}"
    );
}

#[test]
fn manual_examples_are_exact() {
    for mode in [KEEP, FLUSH] {
        // V_EXP_F32: exp(-inf) = 0, exp(-0) = 1, exp(+inf) = +inf.
        exact(run("V_EXP_F32", 0xff80_0000, mode), 0, Flags::NONE);
        exact(
            run("V_EXP_F32", 0x8000_0000, mode),
            0x3f80_0000,
            Flags::NONE,
        );
        exact(
            run("V_EXP_F32", 0x7f80_0000, mode),
            0x7f80_0000,
            Flags::NONE,
        );
        // V_LOG_F32: log(-inf) = log(-1) = NaN 0xffc00000, log(±0) = -inf, log(1) = 0, log(inf) = inf.
        exact(
            run("V_LOG_F32", 0xff80_0000, mode),
            0xffc0_0000,
            Flags::INVALID,
        );
        exact(
            run("V_LOG_F32", 0xbf80_0000, mode),
            0xffc0_0000,
            Flags::INVALID,
        );
        exact(
            run("V_LOG_F32", 0x8000_0000, mode),
            0xff80_0000,
            Flags::DIV_BY_ZERO,
        );
        exact(run("V_LOG_F32", 0, mode), 0xff80_0000, Flags::DIV_BY_ZERO);
        exact(run("V_LOG_F32", 0x3f80_0000, mode), 0, Flags::NONE);
        exact(
            run("V_LOG_F32", 0x7f80_0000, mode),
            0x7f80_0000,
            Flags::NONE,
        );
        // V_RCP_F32: rcp(-inf) = -0, rcp(-2) = -0.5, rcp(-0) = -inf, rcp(+0) = +inf, rcp(+inf) = +0.
        exact(
            run("V_RCP_F32", 0xff80_0000, mode),
            0x8000_0000,
            Flags::NONE,
        );
        exact(
            run("V_RCP_F32", 0xc000_0000, mode),
            0xbf00_0000,
            Flags::NONE,
        );
        exact(
            run("V_RCP_F32", 0x8000_0000, mode),
            0xff80_0000,
            Flags::DIV_BY_ZERO,
        );
        exact(run("V_RCP_F32", 0, mode), 0x7f80_0000, Flags::DIV_BY_ZERO);
        exact(run("V_RCP_F32", 0x7f80_0000, mode), 0, Flags::NONE);
        // V_RCP_IFLAG_F32: the same values, no float exception.
        exact(run("V_RCP_IFLAG_F32", 0, mode), 0x7f80_0000, Flags::NONE);
        // V_RSQ_F32: rsq(-inf) = NaN, rsq(-0) = -inf, rsq(+0) = +inf, rsq(4) = 0.5, rsq(inf) = 0.
        exact(
            run("V_RSQ_F32", 0xff80_0000, mode),
            0xffc0_0000,
            Flags::INVALID,
        );
        exact(
            run("V_RSQ_F32", 0x8000_0000, mode),
            0xff80_0000,
            Flags::DIV_BY_ZERO,
        );
        exact(run("V_RSQ_F32", 0, mode), 0x7f80_0000, Flags::DIV_BY_ZERO);
        exact(
            run("V_RSQ_F32", 0x4080_0000, mode),
            0x3f00_0000,
            Flags::NONE,
        );
        exact(run("V_RSQ_F32", 0x7f80_0000, mode), 0, Flags::NONE);
        // V_SQRT_F32: sqrt(-inf) = NaN, sqrt(-0) = -0, sqrt(+0) = +0, sqrt(4) = 2, sqrt(inf) = inf.
        exact(
            run("V_SQRT_F32", 0xff80_0000, mode),
            0xffc0_0000,
            Flags::INVALID,
        );
        exact(
            run("V_SQRT_F32", 0x8000_0000, mode),
            0x8000_0000,
            Flags::NONE,
        );
        exact(run("V_SQRT_F32", 0, mode), 0, Flags::NONE);
        exact(
            run("V_SQRT_F32", 0x4080_0000, mode),
            0x4000_0000,
            Flags::NONE,
        );
        exact(
            run("V_SQRT_F32", 0x7f80_0000, mode),
            0x7f80_0000,
            Flags::NONE,
        );
        // V_SIN_F32 / V_COS_F32 (angle in revolutions).
        exact(
            run("V_SIN_F32", 0xff80_0000, mode),
            0xffc0_0000,
            Flags::INVALID,
        );
        exact(
            run("V_SIN_F32", 0x8000_0000, mode),
            0x8000_0000,
            Flags::NONE,
        );
        exact(
            run("V_SIN_F32", 0x3e80_0000, mode),
            0x3f80_0000,
            Flags::NONE,
        );
        exact(
            run("V_SIN_F32", 0x7f80_0000, mode),
            0xffc0_0000,
            Flags::INVALID,
        );
        exact(
            run("V_COS_F32", 0xff80_0000, mode),
            0xffc0_0000,
            Flags::INVALID,
        );
        exact(
            run("V_COS_F32", 0xff7f_ffff, mode),
            0x3f80_0000,
            Flags::NONE,
        );
        exact(
            run("V_COS_F32", 0x8000_0000, mode),
            0x3f80_0000,
            Flags::NONE,
        );
        exact(run("V_COS_F32", 0x3e80_0000, mode), 0, Flags::NONE);
        exact(
            run("V_COS_F32", 0x7f80_0000, mode),
            0xffc0_0000,
            Flags::INVALID,
        );
        // F16 rows: NaN 0xfe00, inf 0x7c00.
        exact(run("V_RCP_F16", 0xfc00, mode), 0x8000, Flags::NONE);
        exact(run("V_RCP_F16", 0xc000, mode), 0xb800, Flags::NONE);
        exact(run("V_RCP_F16", 0x8000, mode), 0xfc00, Flags::DIV_BY_ZERO);
        exact(run("V_RCP_F16", 0x7c00, mode), 0, Flags::NONE);
        exact(run("V_SQRT_F16", 0xfc00, mode), 0xfe00, Flags::INVALID);
        exact(run("V_SQRT_F16", 0x4400, mode), 0x4000, Flags::NONE);
        exact(run("V_RSQ_F16", 0x4400, mode), 0x3800, Flags::NONE);
        exact(run("V_RSQ_F16", 0x0000, mode), 0x7c00, Flags::DIV_BY_ZERO);
        exact(run("V_LOG_F16", 0xbc00, mode), 0xfe00, Flags::INVALID);
        exact(run("V_LOG_F16", 0x8000, mode), 0xfc00, Flags::DIV_BY_ZERO);
        exact(run("V_LOG_F16", 0x3c00, mode), 0, Flags::NONE);
        exact(run("V_EXP_F16", 0xfc00, mode), 0, Flags::NONE);
        exact(run("V_EXP_F16", 0x8000, mode), 0x3c00, Flags::NONE);
        exact(run("V_EXP_F16", 0x7c00, mode), 0x7c00, Flags::NONE);
        exact(run("V_SIN_F16", 0x8000, mode), 0x8000, Flags::NONE);
        exact(run("V_SIN_F16", 0x3400, mode), 0x3c00, Flags::NONE);
        exact(run("V_SIN_F16", 0x7c00, mode), 0xfe00, Flags::INVALID);
        exact(run("V_COS_F16", 0xfbff, mode), 0x3c00, Flags::NONE);
        exact(run("V_COS_F16", 0x3400, mode), 0, Flags::NONE);
    }
}

#[test]
fn hand_worked_exact_values() {
    // log2 8 = 3 (0x40400000); exp2(-1) = 0.5; exp2(10) = 1024 (0x44800000).
    exact(
        run("V_LOG_F32", 0x4100_0000, KEEP),
        0x4040_0000,
        Flags::NONE,
    );
    exact(
        run("V_EXP_F32", 0xbf80_0000, KEEP),
        0x3f00_0000,
        Flags::NONE,
    );
    exact(
        run("V_EXP_F32", 0x4120_0000, KEEP),
        0x4480_0000,
        Flags::NONE,
    );
    // rcp(2) = 0.5 exactly.
    exact(
        run("V_RCP_F32", 0x4000_0000, KEEP),
        0x3f00_0000,
        Flags::NONE,
    );
}

#[test]
fn sin_zero_of_a_nonzero_input_accepts_either_sign() {
    // sin(-MaxFloat): the manual prints +0 (IEEE sinPi would give -0): d = +0, both accepted.
    range(
        run("V_SIN_F32", 0xff7f_ffff, KEEP),
        0,
        0x8000_0000,
        0,
        "gcn5.v_sin_f32.zero_sign",
    );
    // sin(-0.5 rev) = sin(-π): a zero as well.
    range(
        run("V_SIN_F32", 0xbf00_0000, KEEP),
        0,
        0x8000_0000,
        0,
        "gcn5.v_sin_f32.zero_sign",
    );
    range(
        run("V_SIN_F16", 0xfbff, KEEP),
        0,
        0x8000,
        0,
        "gcn5.v_sin_f32.zero_sign",
    );
}

#[test]
fn one_ulp_intervals_hold_the_exact_value() {
    // 2^0.5 = 1.41421356..., between 0x3fb504f3 (1.41421354) and 0x3fb504f4 (1.41421366);
    // nearest is f3. 1 ULP: both neighbours.
    range(
        run("V_EXP_F32", 0x3f00_0000, KEEP),
        0x3fb5_04f3,
        0x3fb5_04f3,
        0x3fb5_04f4,
        "gcn5.v_exp_f32.accuracy",
    );
    // rcp(3) = 0.333...: 0x3eaaaaaa (0.33333331) < 1/3 < 0x3eaaaaab (0.33333334), nearest ab.
    range(
        run("V_RCP_F32", 0x4040_0000, KEEP),
        0x3eaa_aaab,
        0x3eaa_aaaa,
        0x3eaa_aaab,
        "gcn5.v_rcp_f32.accuracy",
    );
    // log2 3 = 1.5849625: between 0x3fcae00d and 0x3fcae00e, nearest 0d.
    range(
        run("V_LOG_F32", 0x4040_0000, KEEP),
        0x3fca_e00d,
        0x3fca_e00d,
        0x3fca_e00e,
        "gcn5.v_log_f32.accuracy",
    );
    // rsq(2) = 0.70710678: 0x3f3504f3 below, f4 above; sqrt(2) likewise 0x3fb504f3/f4.
    range(
        run("V_RSQ_F32", 0x4000_0000, KEEP),
        0x3f35_04f3,
        0x3f35_04f3,
        0x3f35_04f4,
        "gcn5.v_rsq_f32.accuracy",
    );
    range(
        run("V_SQRT_F32", 0x4000_0000, KEEP),
        0x3fb5_04f3,
        0x3fb5_04f3,
        0x3fb5_04f4,
        "gcn5.v_sqrt_f32.accuracy",
    );
    // sin(2π/8) = 0.70710678.
    range(
        run("V_SIN_F32", 0x3e00_0000, KEEP),
        0x3f35_04f3,
        0x3f35_04f3,
        0x3f35_04f4,
        "gcn5.v_sin_f32.accuracy",
    );
}

#[test]
fn f64_rows_accept_two_to_the_29_ulp() {
    // rcp(3.0) = 0x3fd5555555555555 (RNE: 1/3 = 0x3fd5555555555555.55.. → ...55), RD ...55,
    // RU ...56; widened by 2^29 - 1 steps each way.
    let w = (1u64 << 29) - 1;
    let o = run("V_RCP_F64", 0x4008_0000_0000_0000, KEEP);
    range(
        o,
        0x3fd5_5555_5555_5555,
        0x3fd5_5555_5555_5555 - w,
        0x3fd5_5555_5555_5556 + w,
        "gcn5.valu.trans_f64.accuracy",
    );
    // rcp(2.0) = 0.5 exactly: the interval is 0.5 ± (2^29 - 1) steps, not exact.
    let o = run("V_RCP_F64", 0x4000_0000_0000_0000, KEEP);
    range(
        o,
        0x3fe0_0000_0000_0000,
        0x3fe0_0000_0000_0000 - w,
        0x3fe0_0000_0000_0000 + w,
        "gcn5.valu.trans_f64.accuracy",
    );
    // The F64 rows keep denormals under MODE: sqrt(2^-1074) = 2^-537 (exact).
    let o = run("V_SQRT_F64", 1, KEEP);
    assert_eq!(o.d, Some(0x1e60_0000_0000_0000));
}

#[test]
fn f32_denormal_flushing_is_contested_under_a_keeping_mode() {
    // rcp(2^-149): flushed, rcp(+0) = +inf (divide by zero); kept, 2^149 overflows to +inf.
    // Under FLUSH both readings agree and the pole is exact.
    exact(run("V_RCP_F32", 1, FLUSH), 0x7f80_0000, Flags::DIV_BY_ZERO);
    let o = run("V_RCP_F32", 1, KEEP);
    assert_eq!(o.d, Some(0x7f80_0000));
    assert_eq!(
        o.unsettled.map(|u| u.rule),
        Some("gcn5.valu.trans_f32_denorm")
    );
    // sqrt(2^-149) = 2^-74.5 (kept) against +0 (flushed): d = +0, the hull reaches the kept
    // reading's round-up 0x1a3504f4 (sqrt 2 × 2^-75: exponent field 52 = 0x34).
    let o = run("V_SQRT_F32", 1, KEEP);
    range(o, 0, 0, 0x1a35_04f4, "gcn5.valu.trans_f32_denorm");
    // exp2 of a result below the normal range: 2^-130 is subnormal (0x00080000) when kept,
    // flushed to +0 by the instruction's statement.
    let o = run("V_EXP_F32", 0xc302_0000, KEEP);
    range(o, 0, 0, 0x0008_0000, "gcn5.valu.trans_f32_denorm");
}

#[test]
fn f16_rows_follow_the_mode() {
    // rcp_f16 of the smallest subnormal 2^-24: 2^24 overflows: +inf, or with FP16_OVFL
    // (MODE bit 23) 0x7bff. Under FLUSH the input is +0: +inf with divide by zero.
    let o = run("V_RCP_F16", 1, KEEP);
    assert_eq!(o.d, Some(0x7c00));
    let o = run("V_RCP_F16", 1, KEEP | 1 << 23);
    assert_eq!(o.d, Some(0x7bff));
    exact(run("V_RCP_F16", 1, FLUSH), 0x7c00, Flags::DIV_BY_ZERO);
    // log2(2^-24) = -24 (0xce00) with denormals kept, exact.
    exact(run("V_LOG_F16", 1, KEEP), 0xce00, Flags::INPUT_DENORMAL);
}

#[test]
fn sin_beyond_256_also_accepts_zero() {
    // 300.125 rev (f32 0x43961000): sin(2π/8) = 0.7071: exact function d, hull with 0.
    let o = run("V_SIN_F32", 0x4396_1000, KEEP);
    range(o, 0x3f35_04f3, 0, 0x3f35_04f4, "gcn5.v_sin_f32.range");
    // 300.25: a quarter turn, exactly 1 in both readings' view of the example → exact.
    exact(
        run("V_SIN_F32", 0x4396_2000, KEEP),
        0x3f80_0000,
        Flags::NONE,
    );
}

#[test]
fn mode_rounding_applies() {
    // FP_ROUND[1:0] = 3: single toward zero. 1/3 rounds down to 0x3eaaaaaa; the 1-ULP
    // interval is the same pair.
    let rtz = KEEP | 3;
    range(
        run("V_RCP_F32", 0x4040_0000, rtz),
        0x3eaa_aaaa,
        0x3eaa_aaaa,
        0x3eaa_aaab,
        "gcn5.v_rcp_f32.accuracy",
    );
    // FP_ROUND[3:2] = 3: double toward zero. sqrt 2 = 1.6a09e667f3bcc908b2...: RNE rounds
    // the tail 0x908b up to ...bcd, toward zero keeps ...bcc.
    assert_eq!(
        run("V_SQRT_F64", 0x4000_0000_0000_0000, KEEP).d,
        Some(0x3ff6_a09e_667f_3bcd)
    );
    assert_eq!(
        run("V_SQRT_F64", 0x4000_0000_0000_0000, KEEP | 0xc).d,
        Some(0x3ff6_a09e_667f_3bcc)
    );
    // Upward (FP_ROUND[1:0] = 1): 2^0.5 rounds up to 0x3fb504f4.
    assert_eq!(run("V_EXP_F32", 0x3f00_0000, KEEP | 1).d, Some(0x3fb5_04f4));
}

#[test]
fn nan_inputs_are_quieted_exactly() {
    // MODE.IEEE set: a signalling NaN is quieted (quiet bit 22 set) with invalid; a quiet NaN passes.
    exact(
        run("V_LOG_F32", 0x7f80_0001, IEEE),
        0x7fc0_0001,
        Flags::INVALID,
    );
    exact(
        run("V_SIN_F32", 0xffc0_1234, IEEE),
        0xffc0_1234,
        Flags::NONE,
    );
    exact(
        run("V_RSQ_F64", 0x7ff0_0000_0000_0001, IEEE),
        0x7ff8_0000_0000_0001,
        Flags::INVALID,
    );
    exact(run("V_EXP_F16", 0x7d00, IEEE), 0x7f00, Flags::INVALID);
}

#[test]
fn rsq_f64_interval_and_denormals() {
    // rsq(4.0) = 0.5 exactly: with 2^29 ULP the interval is 0.5 ± (2^29 - 1) steps.
    let w = (1u64 << 29) - 1;
    let half = 0x3fe0_0000_0000_0000u64;
    range(
        run("V_RSQ_F64", 0x4010_0000_0000_0000, KEEP),
        half,
        half - w,
        half + w,
        "gcn5.valu.trans_f64.accuracy",
    );
    // rsq of the smallest subnormal 2^-1074 = 2^537 (0x6180000000000000) when MODE keeps
    // double denormals; with FP_DENORM[7:6] = 0 the input is +0: +inf, divide by zero.
    assert_eq!(run("V_RSQ_F64", 1, KEEP).d, Some(0x6180_0000_0000_0000));
    exact(
        run("V_RSQ_F64", 1, 0x30),
        0x7ff0_0000_0000_0000,
        Flags::DIV_BY_ZERO,
    );
}

#[test]
fn f16_subnormals_follow_fp_denorm_7_6() {
    // sqrt_f16(2^-24) = 2^-12 (0x0c00) exactly when kept (FP_DENORM[7:6] = 3);
    // flushed (FP_DENORM = 0x3: single kept, double/half flushed) it is sqrt(+0) = +0.
    exact(run("V_SQRT_F16", 1, KEEP), 0x0c00, Flags::INPUT_DENORMAL);
    exact(run("V_SQRT_F16", 1, 0x30), 0, Flags::NONE);
}

/// Order of `Accept::Range` for a value of `width` bits: −0 below +0.
fn key(v: u64, width: u32) -> i64 {
    let sign = 1u64 << (width - 1);
    if v & sign != 0 {
        -((v & (sign - 1)) as i64) - 1
    } else {
        v as i64
    }
}

#[test]
fn every_lane_lies_in_its_own_interval_and_never_panics() {
    // Each row over edge values, random bits (every binary16 input) and five MODEs
    // (keep/flush, nearest/up/zero, FP16_OVFL): no panic, `d` inside its Range, and a
    // Range never inverted.
    let modes = [KEEP, FLUSH, KEEP | 0x5, 0x30 | 0xf, KEEP | 1 << 23];
    let mut s = 0x853c_49e6_748f_ea9bu64;
    for row in KERNELS {
        let width = if row.name.ends_with("F16") {
            16
        } else if row.name.ends_with("F64") {
            64
        } else {
            32
        };
        let mut inputs: Vec<u64> = if width == 16 {
            (0..=0xffffu64).collect()
        } else {
            (0..30_000)
                .map(|_| {
                    s ^= s << 13;
                    s ^= s >> 7;
                    s ^= s << 17;
                    if width == 32 {
                        s >> 32
                    } else {
                        s
                    }
                })
                .collect()
        };
        let top = 1u64 << (width - 1);
        for edge in [0, 1, top - 1, top, top + 1, u64::MAX] {
            inputs.push(edge & (top | (top - 1)));
        }
        for &mode in &modes {
            for &x in &inputs {
                let o = run(row.name, x, mode);
                let d = o.d.expect("a value");
                if let Some(Unsettled {
                    accept: Accept::Range { lo, hi },
                    ..
                }) = o.unsettled
                {
                    let (l, h, k) = (key(lo, width), key(hi, width), key(d, width));
                    assert!(
                        l <= k && k <= h,
                        "{} {x:#x} mode {mode:#x}: {o:?}",
                        row.name
                    );
                }
            }
        }
    }
}

#[test]
fn ieee0_signalling_nan_accepts_any_nan() {
    // MODE.IEEE (bit 9) clear: a signalling NaN operand gives gpuref's quieted NaN, any NaN
    // accepted; with IEEE set (KEEP | 1 << 9) it is exact.
    let o = run("V_RCP_F32", 0x7f80_0001, KEEP);
    assert_eq!(o.d, Some(0x7fc0_0001));
    assert_eq!(
        o.unsettled.map(|u| (u.accept, u.rule)),
        Some((Accept::AnyNan, "gcn5.valu.ieee0_snan"))
    );
    exact(
        run("V_RCP_F32", 0x7f80_0001, KEEP | 1 << 9),
        0x7fc0_0001,
        Flags::INVALID,
    );
    let o = run("V_SIN_F16", 0x7d00, KEEP);
    assert_eq!(o.unsettled.map(|u| u.accept), Some(Accept::AnyNan));
    let o = run("V_SQRT_F64", 0x7ff0_0000_0000_0001, KEEP);
    assert_eq!(o.unsettled.map(|u| u.accept), Some(Accept::AnyNan));
}

#[test]
fn f16_half_ulp_bound_settles_most_lanes() {
    // 2^0.5 = 1.41421356; 0x3da8 = 1.4140625 is 0.155 ulp (2^-10) away, 0x3da9 0.845 ulp:
    // only 0x3da8 is within 0.51 ULP, so the lane is exact.
    exact(run("V_EXP_F16", 0x3800, KEEP), 0x3da8, Flags::INEXACT);
    // log2 3 = 1.5849625 = 0x3e57 (1.5849609, 0.0017 ulp below); 0x3e58 is 0.998 ulp away.
    exact(run("V_LOG_F16", 0x4200, KEEP), 0x3e57, Flags::INEXACT);
    // rcp_f16(3): 0x3555 = 0.3332520 is 0.333 ulp (2^-12) below 1/3, 0x3556 0.667 above.
    exact(run("V_RCP_F16", 0x4200, KEEP), 0x3555, Flags::INEXACT);
    // Toward zero (FP_ROUND[3:2] = 3) 1/3 rounds down to 0x3555 as well: still exact.
    exact(run("V_RCP_F16", 0x4200, KEEP | 0xc), 0x3555, Flags::INEXACT);
    // Upward, 1/3 → 0x3556, 0.667 ulp away: the MODE's own rounding is accepted too.
    range(
        run("V_RCP_F16", 0x4200, KEEP | 0x4),
        0x3556,
        0x3555,
        0x3556,
        "gcn5.valu.trans_f16.accuracy",
    );
}
