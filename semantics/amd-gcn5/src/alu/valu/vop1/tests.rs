//! Hand-worked lane cases for the VOP1 conversion and rounding kernels, run through the
//! kernel table as the executor finds them. Expected bits are worked out in the comments
//! from the manual's pseudocode and IEEE 754, never by the kernels.

use crate::alu::valu::testing::*;
use crate::alu::valu::{kernel, Accept, LaneOut, RULE_TABLES};
use gpuref_float::Flags;

/// FP_ROUND[1:0] (single) = 1, toward +inf.
const SINGLE_UP: u32 = 0b01;
/// FP_ROUND[1:0] (single) = 2, toward -inf.
const SINGLE_DOWN: u32 = 0b10;
/// FP_ROUND[1:0] (single) = 3, toward zero.
const SINGLE_RTZ: u32 = 0b11;
/// FP_ROUND[3:2] (double/half) = 1, toward +inf.
const HALF_UP: u32 = 0b0100;
/// FP_ROUND[3:2] (double/half) = 3, toward zero.
const HALF_RTZ: u32 = 0b1100;
/// FP_DENORM[5:4] = 3 (single keeps), [7:6] = 0 (double/half flush both ways).
const HALF_FLUSH: u32 = 0x30;
/// FP_DENORM[5:4] = 0 (single flushes both ways), [7:6] = 3 (double/half keep).
const SINGLE_FLUSH: u32 = 0xc0;

fn run(name: &str, s0: u64, s1: u64, mode: u32, clamp: bool) -> LaneOut {
    call(name, srcs([s0, s1, 0]), mode, clamp)
}

/// The destination of a lane whose bits are all settled.
fn exact(name: &str, s0: u64, mode: u32) -> u64 {
    let r = run(name, s0, 0, mode, false);
    assert_eq!(r.unsettled, None, "{name}({s0:#x}) under {mode:#x}");
    r.d.unwrap()
}

/// The destination, the accepted mask and the rule of a lane only partly settled.
fn partly(name: &str, s0: u64, mode: u32) -> (u64, u64, &'static str) {
    let r = run(name, s0, 0, mode, false);
    let u = r
        .unsettled
        .unwrap_or_else(|| panic!("{name}({s0:#x}) is settled"));
    match u.accept {
        Accept::Mask(m) => (r.d.unwrap(), m, u.rule),
        a => panic!("{name}: {a:?}"),
    }
}

#[test]
fn cvt_i32_f32_truncates_and_saturates() {
    // 1.5 → 1; INEXACT only with CLAMP (rule gcn5.valu.cvt_int.inexact).
    let r = run("V_CVT_I32_F32", 0x3fc0_0000, 0, KEEP, false);
    assert_eq!((r.d, r.flags), (Some(1), Flags::NONE));
    let r = run("V_CVT_I32_F32", 0x3fc0_0000, 0, KEEP, true);
    assert_eq!((r.d, r.flags), (Some(1), Flags::INEXACT));
    // FP_ROUND does not apply: 1.5 toward +inf is still truncated to 1.
    assert_eq!(exact("V_CVT_I32_F32", 0x3fc0_0000, KEEP | SINGLE_UP), 1);
    // −1.5 → −1; −0.5 → 0 (−0 truncated).
    assert_eq!(exact("V_CVT_I32_F32", 0xbfc0_0000, KEEP), 0xffff_ffff);
    assert_eq!(exact("V_CVT_I32_F32", 0xbf00_0000, KEEP), 0);
    // D6 boundaries: 0x4effffff = 2^31 − 128 fits; 2^31 saturates to i32::MAX;
    // −2^31 is exact; the next f32 below it (−2^31 − 256) saturates to i32::MIN.
    assert_eq!(exact("V_CVT_I32_F32", 0x4eff_ffff, KEEP), 0x7fff_ff80);
    assert_eq!(exact("V_CVT_I32_F32", 0xcf00_0000, KEEP), 0x8000_0000);
    for (a, want) in [
        (0x4f00_0000, 0x7fff_ffff),
        (0xcf00_0001, 0x8000_0000),
        (0x7f80_0000, 0x7fff_ffff), // +inf
        (0xff80_0000, 0x8000_0000), // −inf
        (0x7fc0_0000, 0),           // qNaN
        (0xffc0_0000, 0),           // −qNaN
        (0x7f80_0001, 0),           // sNaN
    ] {
        let r = run("V_CVT_I32_F32", a, 0, KEEP, false);
        assert_eq!(r.d, Some(want), "{a:#x}");
        let u = r.unsettled.unwrap();
        assert_eq!(
            (u.accept, u.rule, u.flags_settled),
            (
                Accept::Mask(0xffff_ffff),
                "gcn5.valu.cvt_int.invalid",
                false
            )
        );
    }
    // The smallest subnormal truncates to 0 whether kept or flushed.
    assert_eq!(exact("V_CVT_I32_F32", 1, KEEP), 0);
    assert_eq!(exact("V_CVT_I32_F32", 1, 0), 0);
}

#[test]
fn cvt_u32_f32_boundaries() {
    // −0.5 truncates to 0 inside the range: valid (inexact with CLAMP).
    let r = run("V_CVT_U32_F32", 0xbf00_0000, 0, KEEP, true);
    assert_eq!((r.d, r.flags, r.unsettled), (Some(0), Flags::INEXACT, None));
    // −1.0 saturates to 0; 2^32 to u32::MAX; 0x4f7fffff = 2^32 − 256 fits; 2^31 fits.
    assert_eq!(run("V_CVT_U32_F32", 0xbf80_0000, 0, KEEP, false).d, Some(0));
    assert_eq!(
        run("V_CVT_U32_F32", 0x4f80_0000, 0, KEEP, false).d,
        Some(0xffff_ffff)
    );
    assert_eq!(exact("V_CVT_U32_F32", 0x4f7f_ffff, KEEP), 0xffff_ff00);
    assert_eq!(exact("V_CVT_U32_F32", 0x4f00_0000, KEEP), 0x8000_0000);
    assert_eq!(run("V_CVT_U32_F32", 0xff80_0000, 0, KEEP, false).d, Some(0));
    assert_eq!(run("V_CVT_U32_F32", 0x7fc0_0000, 0, KEEP, false).d, Some(0));
}

#[test]
fn cvt_from_f64() {
    // 2^31 − 0.5 = 0x41dfffffffe00000 truncates to i32::MAX, valid.
    let r = run("V_CVT_I32_F64", 0x41df_ffff_ffe0_0000, 0, KEEP, true);
    assert_eq!((r.d, r.flags), (Some(0x7fff_ffff), Flags::INEXACT));
    // 2^31 saturates (invalid).
    let r = run("V_CVT_I32_F64", 0x41e0_0000_0000_0000, 0, KEEP, false);
    assert_eq!(r.d, Some(0x7fff_ffff));
    assert!(r.flags.contains(Flags::INVALID));
    // −(2^31 + 0.5) = 0xc1e0000000100000 truncates to i32::MIN, valid.
    assert_eq!(
        exact("V_CVT_I32_F64", 0xc1e0_0000_0010_0000, KEEP),
        0x8000_0000
    );
    // 2^32 − 0.5 = 0x41efffffffF00000 → u32::MAX valid; 2^32 saturates; −0.5 → 0.
    assert_eq!(
        exact("V_CVT_U32_F64", 0x41ef_ffff_fff0_0000, KEEP),
        0xffff_ffff
    );
    let r = run("V_CVT_U32_F64", 0x41f0_0000_0000_0000, 0, KEEP, false);
    assert_eq!(r.d, Some(0xffff_ffff));
    assert!(r.unsettled.is_some());
    assert_eq!(exact("V_CVT_U32_F64", 0xbfe0_0000_0000_0000, KEEP), 0);
    // Integer to f64 is exact: −2^31, −1, 2^32 − 1 (31 fraction ones, exponent 31).
    assert_eq!(
        exact("V_CVT_F64_I32", 0x8000_0000, KEEP),
        0xc1e0_0000_0000_0000
    );
    assert_eq!(
        exact("V_CVT_F64_I32", 0xffff_ffff, KEEP),
        0xbff0_0000_0000_0000
    );
    assert_eq!(
        exact("V_CVT_F64_U32", 0xffff_ffff, KEEP),
        0x41ef_ffff_ffe0_0000
    );
}

#[test]
fn cvt_16_bit_integers() {
    // U16: 65504 (0x7bff) → 0xffe0; 1.5 → 1; −1.0 → 0 and +inf → 0xffff (saturated); NaN → 0.
    assert_eq!(exact("V_CVT_U16_F16", 0x7bff, KEEP), 0xffe0);
    assert_eq!(exact("V_CVT_U16_F16", 0x3e00, KEEP), 1);
    assert_eq!(run("V_CVT_U16_F16", 0xbc00, 0, KEEP, false).d, Some(0));
    assert_eq!(run("V_CVT_U16_F16", 0x7c00, 0, KEEP, false).d, Some(0xffff));
    assert_eq!(run("V_CVT_U16_F16", 0x7e00, 0, KEEP, false).d, Some(0));
    // I16: 65504 saturates to 0x7fff, −65504 to 0x8000; −2.5 → −2.
    assert_eq!(run("V_CVT_I16_F16", 0x7bff, 0, KEEP, false).d, Some(0x7fff));
    assert_eq!(run("V_CVT_I16_F16", 0xfbff, 0, KEEP, false).d, Some(0x8000));
    let r = run("V_CVT_I16_F16", 0xc100, 0, KEEP, true);
    assert_eq!((r.d, r.flags), (Some(0xfffe), Flags::INEXACT));
}

#[test]
fn cvt_rpi_and_flr() {
    // RPI: floor(x + 0.5). 0.5 → 1; −0.5 → 0; −1.5 → −1; 2.5 → 3.
    assert_eq!(exact("V_CVT_RPI_I32_F32", 0x3f00_0000, KEEP), 1);
    assert_eq!(exact("V_CVT_RPI_I32_F32", 0xbf00_0000, KEEP), 0);
    assert_eq!(exact("V_CVT_RPI_I32_F32", 0xbfc0_0000, KEEP), 0xffff_ffff);
    assert_eq!(exact("V_CVT_RPI_I32_F32", 0x4020_0000, KEEP), 3);
    // 0x3effffff = 0.5 − 2^−25: the exact sum 1 − 2^−25 floors to 0; rounded in f32 it
    // is a tie between 0x3f7fffff (odd) and 1.0, so 1.0 and floor 1: bit 0 unsettled.
    assert_eq!(
        partly("V_CVT_RPI_I32_F32", 0x3eff_ffff, KEEP),
        (0, 0xffff_fffe, "gcn5.v_cvt_rpi_i32_f32.sum")
    );
    // 2^23 + 1 (0x4b000001): exact floor(8388609.5) = 0x800001; the f32 sum ties to even
    // 8388610 = 0x800002: bits 1:0 differ.
    assert_eq!(
        partly("V_CVT_RPI_I32_F32", 0x4b00_0001, KEEP),
        (0x80_0001, 0xffff_fffc, "gcn5.v_cvt_rpi_i32_f32.sum")
    );
    // NaN → 0, 2^31 → i32::MAX.
    assert_eq!(
        run("V_CVT_RPI_I32_F32", 0x7fc0_0000, 0, KEEP, false).d,
        Some(0)
    );
    assert_eq!(
        run("V_CVT_RPI_I32_F32", 0x4f00_0000, 0, KEEP, false).d,
        Some(0x7fff_ffff)
    );
    // FLR: −0.5 → −1, no INEXACT even with CLAMP; 1.9 → 1.
    let r = run("V_CVT_FLR_I32_F32", 0xbf00_0000, 0, KEEP, true);
    assert_eq!((r.d, r.flags), (Some(0xffff_ffff), Flags::NONE));
    assert_eq!(exact("V_CVT_FLR_I32_F32", 0x3ff3_3333, KEEP), 1);
    // −2^−149: −1 when single denormals are kept, 0 when flushed (−0).
    assert_eq!(exact("V_CVT_FLR_I32_F32", 0x8000_0001, KEEP), 0xffff_ffff);
    assert_eq!(exact("V_CVT_FLR_I32_F32", 0x8000_0001, SINGLE_FLUSH), 0);
}

#[test]
fn cvt_f16_f32_rounding_and_fp16_ovfl() {
    assert_eq!(exact("V_CVT_F16_F32", 0x3f80_0000, KEEP), 0x3c00);
    // 1 + 2^−11 (0x3f801000) is a tie between 0x3c00 and 0x3c01: nearest even 0x3c00;
    // FP_ROUND[3:2] = +inf rounds up; the single field does not apply.
    assert_eq!(exact("V_CVT_F16_F32", 0x3f80_1000, KEEP), 0x3c00);
    assert_eq!(exact("V_CVT_F16_F32", 0x3f80_1000, KEEP | HALF_UP), 0x3c01);
    assert_eq!(
        exact("V_CVT_F16_F32", 0x3f80_1000, KEEP | SINGLE_UP),
        0x3c00
    );
    // D7: 65520 (0x477ff000) ties above 65504: +inf in RNE, 65504 toward zero, and
    // 65504 with FP16_OVFL; a true +inf stays +inf.
    let r = run("V_CVT_F16_F32", 0x477f_f000, 0, KEEP, false);
    assert_eq!(
        (r.d, r.flags),
        (Some(0x7c00), Flags::OVERFLOW | Flags::INEXACT)
    );
    assert_eq!(exact("V_CVT_F16_F32", 0x477f_f000, KEEP | HALF_RTZ), 0x7bff);
    assert_eq!(exact("V_CVT_F16_F32", 0x477f_f000, KEEP | OVFL), 0x7bff);
    assert_eq!(exact("V_CVT_F16_F32", 0xc77f_f000, KEEP | OVFL), 0xfbff);
    assert_eq!(exact("V_CVT_F16_F32", 0x7f80_0000, KEEP | OVFL), 0x7c00);
    // 2^−24 (0x33800000) is the smallest f16 subnormal 0x0001 when half outputs are
    // kept, +0 when FP_DENORM[7:6] flushes them.
    assert_eq!(exact("V_CVT_F16_F32", 0x3380_0000, KEEP), 0x0001);
    assert_eq!(exact("V_CVT_F16_F32", 0x3380_0000, HALF_FLUSH), 0);
    // NaN keeps its top payload bits and is quiet.
    assert_eq!(exact("V_CVT_F16_F32", 0x7fc0_0000, KEEP), 0x7e00);
}

#[test]
fn cvt_f32_f16_reads_the_half_denormal_field() {
    // 0x0001 = 2^−24 = 0x33800000 exactly.
    assert_eq!(exact("V_CVT_F32_F16", 0x0001, KEEP), 0x3380_0000);
    // Single-precision flushing does not touch an f16 input...
    assert_eq!(exact("V_CVT_F32_F16", 0x0001, SINGLE_FLUSH), 0x3380_0000);
    // ...FP_DENORM[7:6] does: +0, the "never flushed" reading would give 0x33800000.
    assert_eq!(
        partly("V_CVT_F32_F16", 0x0001, HALF_FLUSH),
        (0, !0x3380_0000 & 0xffff_ffff, "gcn5.valu.denorm_accepted")
    );
}

#[test]
fn cvt_between_f32_and_f64() {
    // 1 + 2^−24 (0x3ff0000010000000) ties between 1.0 and 1 + 2^−23: even 1.0;
    // FP_ROUND[1:0] = +inf gives 0x3f800001; FP_ROUND[3:2] does not apply.
    assert_eq!(
        exact("V_CVT_F32_F64", 0x3ff0_0000_1000_0000, KEEP),
        0x3f80_0000
    );
    assert_eq!(
        exact("V_CVT_F32_F64", 0x3ff0_0000_1000_0000, KEEP | SINGLE_UP),
        0x3f80_0001
    );
    assert_eq!(
        exact("V_CVT_F32_F64", 0x3ff0_0000_1000_0000, KEEP | HALF_UP),
        0x3f80_0000
    );
    // 2^−149 widens to exponent −149 (field 1023 − 149 = 874 = 0x36a) when single inputs
    // are kept; flushed by FP_DENORM[5:4] = 0 it is +0.
    assert_eq!(exact("V_CVT_F64_F32", 1, KEEP), 0x36a0_0000_0000_0000);
    assert_eq!(exact("V_CVT_F64_F32", 1, SINGLE_FLUSH), 0);
}

#[test]
fn norm_conversions() {
    // snorm: 1.0 × 32767 = 0x7fff (×32768 saturates to the same); 2.0 clamps the same.
    assert_eq!(exact("V_CVT_NORM_I16_F16", 0x3c00, KEEP), 0x7fff);
    assert_eq!(exact("V_CVT_NORM_I16_F16", 0x4000, KEEP), 0x7fff);
    // 0.5 × 32767 = 16383.5 ties to even 16384 = 0x4000, which ×32768 also gives.
    assert_eq!(exact("V_CVT_NORM_I16_F16", 0x3800, KEEP), 0x4000);
    // −1.0: −32767 = 0x8001 here, −32768 = 0x8000 with the other scale: bit 0 unsettled.
    assert_eq!(
        partly("V_CVT_NORM_I16_F16", 0xbc00, KEEP),
        (0x8001, 0xfffe, "gcn5.valu.norm16")
    );
    assert_eq!(exact("V_CVT_NORM_I16_F16", 0x7e00, KEEP), 0);
    assert_eq!(exact("V_CVT_NORM_I16_F16", 0x8000, KEEP), 0);
    // unorm: 0.5 × 65535 = 32767.5 → 32768 (= 0.5 × 65536); 1.0 → 0xffff; −1.0 → 0.
    assert_eq!(exact("V_CVT_NORM_U16_F16", 0x3800, KEEP), 0x8000);
    assert_eq!(exact("V_CVT_NORM_U16_F16", 0x3c00, KEEP), 0xffff);
    assert_eq!(exact("V_CVT_NORM_U16_F16", 0xbc00, KEEP), 0);
    // Toward zero (FP_ROUND[3:2] = 3): 32767.5 → 0x7fff, the other scale 0x8000: no bit
    // shared.
    assert_eq!(
        partly("V_CVT_NORM_U16_F16", 0x3800, KEEP | HALF_RTZ),
        (0x7fff, 0, "gcn5.valu.norm16")
    );
}

#[test]
fn sat_pk_u8_i16() {
    // hi 0x0100 = 256 → 255; lo 0xff80 = −128 → 0.
    assert_eq!(exact("V_SAT_PK_U8_I16", 0x0100_ff80, KEEP), 0xff00);
    assert_eq!(exact("V_SAT_PK_U8_I16", 0x007f_0005, KEEP), 0x7f05);
    // hi −1 → 0, lo 32767 → 255.
    assert_eq!(exact("V_SAT_PK_U8_I16", 0xffff_7fff, KEEP), 0x00ff);
}

#[test]
fn rounding_to_integral() {
    // −0.5: trunc −0, ceil −0, floor −1.0; rndne −0 (the pseudocode's +0 differs in the
    // sign bit only).
    assert_eq!(exact("V_TRUNC_F32", 0xbf00_0000, KEEP), 0x8000_0000);
    assert_eq!(exact("V_CEIL_F32", 0xbf00_0000, KEEP), 0x8000_0000);
    assert_eq!(exact("V_FLOOR_F32", 0xbf00_0000, KEEP), 0xbf80_0000);
    assert_eq!(
        partly("V_RNDNE_F32", 0xbf00_0000, KEEP),
        (0x8000_0000, 0x7fff_ffff, "gcn5.v_rndne.neg_zero")
    );
    assert_eq!(
        partly("V_RNDNE_F32", 0x8000_0000, KEEP),
        (0x8000_0000, 0x7fff_ffff, "gcn5.v_rndne.neg_zero")
    );
    // Ties to even: 2.5 → 2.0, 3.5 → 4.0, −2.5 → −2.0, whatever FP_ROUND.
    assert_eq!(
        exact("V_RNDNE_F32", 0x4020_0000, KEEP | SINGLE_UP),
        0x4000_0000
    );
    assert_eq!(exact("V_RNDNE_F32", 0x4060_0000, KEEP), 0x4080_0000);
    assert_eq!(exact("V_RNDNE_F32", 0xc020_0000, KEEP), 0xc000_0000);
    // Directions are the instruction's: trunc(1.5) = 1.0 toward +inf too; ceil(0.2) = 1.0;
    // ceil(−1.5) = −1.0. No INEXACT.
    let r = run("V_TRUNC_F32", 0x3fc0_0000, 0, KEEP | SINGLE_UP, true);
    assert_eq!((r.d, r.flags), (Some(0x3f80_0000), Flags::NONE));
    assert_eq!(exact("V_CEIL_F32", 0x3e4c_cccd, KEEP), 0x3f80_0000);
    assert_eq!(exact("V_CEIL_F32", 0xbfc0_0000, KEEP), 0xbf80_0000);
    // NaN quieted with INVALID for a signalling one; −inf unchanged.
    let r = run("V_FLOOR_F32", 0x7f80_0001, 0, KEEP, false);
    assert_eq!((r.d, r.flags), (Some(0x7fc0_0001), Flags::INVALID));
    assert_eq!(exact("V_FLOOR_F32", 0xff80_0000, KEEP), 0xff80_0000);
    // floor(−2^−149): −1.0 kept, −0 flushed by FP_DENORM[5:4].
    assert_eq!(exact("V_FLOOR_F32", 0x8000_0001, KEEP), 0xbf80_0000);
    assert_eq!(exact("V_FLOOR_F32", 0x8000_0001, SINGLE_FLUSH), 0x8000_0000);
    // f64: floor(−0.5) = −1.0; rndne(0.5) = +0; rndne(−0.25) = −0 (sign unsettled).
    assert_eq!(
        exact("V_FLOOR_F64", 0xbfe0_0000_0000_0000, KEEP),
        0xbff0_0000_0000_0000
    );
    assert_eq!(exact("V_RNDNE_F64", 0x3fe0_0000_0000_0000, KEEP), 0);
    assert_eq!(
        partly("V_RNDNE_F64", 0xbfd0_0000_0000_0000, KEEP),
        (1 << 63, !(1u64 << 63), "gcn5.v_rndne.neg_zero")
    );
    assert_eq!(
        exact("V_TRUNC_F64", 0xc00c_0000_0000_0000, KEEP), // −3.5
        0xc008_0000_0000_0000                              // −3.0
    );
    assert_eq!(
        exact("V_CEIL_F64", 0x3ff8_0000_0000_0000, KEEP), // 1.5
        0x4000_0000_0000_0000                             // 2.0
    );
    // f16: ceil(0.5) = 1.0, trunc(−1.5) = −1.0, rndne(2.5) = 2.0, floor(−0.5) = −1.0.
    assert_eq!(exact("V_CEIL_F16", 0x3800, KEEP), 0x3c00);
    assert_eq!(exact("V_TRUNC_F16", 0xbe00, KEEP), 0xbc00);
    assert_eq!(exact("V_RNDNE_F16", 0x4100, KEEP), 0x4000);
    assert_eq!(exact("V_FLOOR_F16", 0xb800, KEEP), 0xbc00);
    // f16 inputs follow FP_DENORM[7:6]: floor(−2^−24) = −1.0 kept, −0 flushed.
    assert_eq!(exact("V_FLOOR_F16", 0x8001, KEEP), 0xbc00);
    assert_eq!(exact("V_FLOOR_F16", 0x8001, HALF_FLUSH), 0x8000);
    assert_eq!(exact("V_FLOOR_F16", 0x8001, SINGLE_FLUSH), 0xbc00);
}

#[test]
fn fract() {
    // 1.25 → 0.25; −1.25 → −1.25 + 2 = 0.75.
    assert_eq!(exact("V_FRACT_F32", 0x3fa0_0000, KEEP), 0x3e80_0000);
    assert_eq!(exact("V_FRACT_F32", 0xbfa0_0000, KEEP), 0x3f40_0000);
    // Integral operands and zeros: x − x = +0, −0 toward −inf.
    assert_eq!(exact("V_FRACT_F32", 0x4000_0000, KEEP), 0);
    assert_eq!(exact("V_FRACT_F32", 0xc000_0000, KEEP), 0);
    assert_eq!(exact("V_FRACT_F32", 0x8000_0000, KEEP), 0);
    assert_eq!(
        exact("V_FRACT_F32", 0x4000_0000, KEEP | SINGLE_DOWN),
        0x8000_0000
    );
    // D15: −2^−149: 1 − 2^−149 rounds to 1.0, clamped to 0x3f7fffff; the two differ in
    // bits 23..0 (0x3f800000 ^ 0x3f7fffff = 0x00ffffff).
    assert_eq!(
        partly("V_FRACT_F32", 0x8000_0001, KEEP),
        (0x3f7f_ffff, 0xff00_0000, "gcn5.v_fract.clamp")
    );
    // −2^−30 (0xb0800000): 1 − 2^−30 also rounds to 1.0.
    assert_eq!(
        partly("V_FRACT_F32", 0xb080_0000, KEEP),
        (0x3f7f_ffff, 0xff00_0000, "gcn5.v_fract.clamp")
    );
    // Toward zero 1 − 2^−149 is 0x3f7fffff already: settled.
    assert_eq!(
        exact("V_FRACT_F32", 0x8000_0001, KEEP | SINGLE_RTZ),
        0x3f7f_ffff
    );
    // Flushed −2^−149 is −0 → +0; kept it would be 0x3f7fffff (1.0 unclamped): the bits
    // all three share are 0xc0000000 (31 and 30 are 0 in each).
    assert_eq!(
        partly("V_FRACT_F32", 0x8000_0001, SINGLE_FLUSH),
        (0, 0xc000_0000, "gcn5.valu.denorm_accepted")
    );
    // ±inf: the default NaN, nothing settled.
    let r = run("V_FRACT_F32", 0x7f80_0000, 0, KEEP, false);
    assert_eq!(r.d, Some(0xffc0_0000));
    let u = r.unsettled.unwrap();
    assert_eq!((u.accept, u.rule), (Accept::Mask(0), "gcn5.v_fract.inf"));
    // A quiet NaN propagates.
    assert_eq!(exact("V_FRACT_F32", 0x7fc0_0001, KEEP), 0x7fc0_0001);
    // f64 −2^−1074 → 0x3fefffffffffffff; f16 −2^−24 → 0x3bff; f16 1.25 → 0.25.
    assert_eq!(
        partly("V_FRACT_F64", 0x8000_0000_0000_0001, KEEP).0,
        0x3fef_ffff_ffff_ffff
    );
    assert_eq!(partly("V_FRACT_F16", 0x8001, KEEP).0, 0x3bff);
    assert_eq!(exact("V_FRACT_F16", 0x3d00, KEEP), 0x3400);
}

#[test]
fn frexp() {
    // 8.0 = 0.5 × 2^4; −3.0 = −0.75 × 2^2.
    assert_eq!(exact("V_FREXP_MANT_F32", 0x4100_0000, KEEP), 0x3f00_0000);
    assert_eq!(exact("V_FREXP_EXP_I32_F32", 0x4100_0000, KEEP), 4);
    assert_eq!(exact("V_FREXP_MANT_F32", 0xc040_0000, KEEP), 0xbf40_0000);
    assert_eq!(exact("V_FREXP_EXP_I32_F32", 0xc040_0000, KEEP), 2);
    // 2^−149 = 0.5 × 2^−148 kept (−148 = 0xffffff6c); flushed it is +0 with exponent 0.
    assert_eq!(exact("V_FREXP_MANT_F32", 1, KEEP), 0x3f00_0000);
    assert_eq!(exact("V_FREXP_EXP_I32_F32", 1, KEEP), 0xffff_ff6c);
    assert_eq!(exact("V_FREXP_MANT_F32", 1, SINGLE_FLUSH), 0);
    assert_eq!(exact("V_FREXP_EXP_I32_F32", 1, SINGLE_FLUSH), 0);
    // ±inf and NaN: S0 and exponent 0; −0: −0 and 0.
    assert_eq!(exact("V_FREXP_MANT_F32", 0xff80_0000, KEEP), 0xff80_0000);
    assert_eq!(exact("V_FREXP_EXP_I32_F32", 0xff80_0000, KEEP), 0);
    assert_eq!(exact("V_FREXP_MANT_F32", 0x7fc0_0000, KEEP), 0x7fc0_0000);
    assert_eq!(exact("V_FREXP_EXP_I32_F32", 0x7fc0_0000, KEEP), 0);
    assert_eq!(exact("V_FREXP_MANT_F32", 0x8000_0000, KEEP), 0x8000_0000);
    // f64: 1.0 = 0.5 × 2^1.
    assert_eq!(
        exact("V_FREXP_MANT_F64", 0x3ff0_0000_0000_0000, KEEP),
        0x3fe0_0000_0000_0000
    );
    assert_eq!(exact("V_FREXP_EXP_I32_F64", 0x3ff0_0000_0000_0000, KEEP), 1);
    // f16: 2^−24 = 0.5 × 2^−23 (−23 = 0xffe9 in 16 bits); 65504 = 0x3bff × 2^16.
    assert_eq!(exact("V_FREXP_MANT_F16", 0x0001, KEEP), 0x3800);
    assert_eq!(exact("V_FREXP_EXP_I16_F16", 0x0001, KEEP), 0xffe9);
    assert_eq!(exact("V_FREXP_MANT_F16", 0x7bff, KEEP), 0x3bff);
    assert_eq!(exact("V_FREXP_EXP_I16_F16", 0x7bff, KEEP), 16);
    assert_eq!(exact("V_FREXP_EXP_I16_F16", 0x7c00, KEEP), 0);
}

#[test]
fn ldexp() {
    let l = |name: &str, s0: u64, s1: u64, mode: u32| run(name, s0, s1, mode, false);
    // 1.0 × 2^3 = 8.0; S1 = −1 halves.
    assert_eq!(l("V_LDEXP_F32", 0x3f80_0000, 3, KEEP).d, Some(0x4100_0000));
    assert_eq!(
        l("V_LDEXP_F32", 0x3f80_0000, 0xffff_ffff, KEEP).d,
        Some(0x3f00_0000)
    );
    // 2^−149: the smallest subnormal kept; FP_DENORM[5:4] = 1 flushes it to +0.
    assert_eq!(
        l("V_LDEXP_F32", 0x3f80_0000, (-149i64) as u64, KEEP).d,
        Some(1)
    );
    assert_eq!(
        l("V_LDEXP_F32", 0x3f80_0000, (-149i64) as u64, 0xd0).d,
        Some(0)
    );
    // 2^128 overflows: +inf nearest, max finite toward zero.
    let r = l("V_LDEXP_F32", 0x3f80_0000, 128, KEEP);
    assert_eq!(
        (r.d, r.flags),
        (Some(0x7f80_0000), Flags::OVERFLOW | Flags::INEXACT)
    );
    assert_eq!(
        l("V_LDEXP_F32", 0x3f80_0000, 128, KEEP | SINGLE_RTZ).d,
        Some(0x7f7f_ffff)
    );
    // f64: 1.0 × 2^1023.
    assert_eq!(
        l("V_LDEXP_F64", 0x3ff0_0000_0000_0000, 1023, KEEP).d,
        Some(0x7fe0_0000_0000_0000)
    );
    // f16: S1[15:0] is the exponent, [31:16] ignored: 0x0001fffe is −2 → 1.0/4 = 0x3400.
    assert_eq!(l("V_LDEXP_F16", 0x3c00, 0x0001_fffe, KEEP).d, Some(0x3400));
    // The f16 constant 1.0 (0x3c00) read as an exponent is 15360: overflow to +inf,
    // 65504 with FP16_OVFL.
    assert_eq!(l("V_LDEXP_F16", 0x3c00, 0x3c00, KEEP).d, Some(0x7c00));
    assert_eq!(
        l("V_LDEXP_F16", 0x3c00, 0x3c00, KEEP | OVFL).d,
        Some(0x7bff)
    );
    // 0x8000 is −32768: underflow to +0.
    assert_eq!(l("V_LDEXP_F16", 0x3c00, 0x8000, KEEP).d, Some(0));
    // 2^−24: 0x0001 with half denormals kept, +0 when FP_DENORM[7:6] flushes.
    assert_eq!(l("V_LDEXP_F16", 0x3c00, 0xffe8, KEEP).d, Some(0x0001));
    assert_eq!(l("V_LDEXP_F16", 0x3c00, 0xffe8, HALF_FLUSH).d, Some(0));
}

#[test]
fn screen_partition_is_the_manual_formula() {
    // The manual's example: box (0, 0)..(25, 35) gives selector 0b00000001 and 0x3.
    assert_eq!(exact("V_SCREEN_PARTITION_4SE_B32", 0b0000_0001, KEEP), 0x3);
    assert_eq!(exact("V_SCREEN_PARTITION_4SE_B32", 0x101, KEEP), 0x3);
    // Every entry against the manual's formula: tile (x, y) belongs to SE
    // {x[5] ^ y[6], y[5] ^ x[6]}; the selector is {x_min[6:5], y_min[6:5], x_max[6:5],
    // y_max[6:5]}, and the tiles run from min to max modulo 4 (fewer than 3 steps apart).
    for s in 0u32..256 {
        let (x0, y0, x1, y1) = (s >> 6 & 3, s >> 4 & 3, s >> 2 & 3, s & 3);
        let mut mask = 0u64;
        for dx in 0..=(x1.wrapping_sub(x0) & 3) {
            for dy in 0..=(y1.wrapping_sub(y0) & 3) {
                let (x, y) = ((x0 + dx) & 3, (y0 + dy) & 3);
                let se = ((x & 1) ^ (y >> 1)) << 1 | ((y & 1) ^ (x >> 1));
                mask |= 1 << se;
            }
        }
        assert_eq!(
            exact("V_SCREEN_PARTITION_4SE_B32", u64::from(s), KEEP),
            mask,
            "{s:#x}"
        );
    }
}

#[test]
fn every_rule_a_lane_names_is_a_rule() {
    let ids: Vec<&str> = RULE_TABLES
        .iter()
        .flat_map(|t| t.iter())
        .map(|r| r.id)
        .collect();
    for id in [
        "gcn5.valu.cvt_int.invalid",
        "gcn5.v_cvt_rpi_i32_f32.sum",
        "gcn5.valu.denorm_accepted",
        "gcn5.valu.norm16",
        "gcn5.v_rndne.neg_zero",
        "gcn5.v_fract.clamp",
        "gcn5.v_fract.inf",
        "gcn5.valu.fp16_ovfl",
    ] {
        assert_eq!(ids.iter().filter(|i| **i == id).count(), 1, "{id}");
    }
    for name in super::KERNELS.iter().map(|k| k.name) {
        assert_eq!(
            kernel(name).map(|k| k.name),
            Some(name),
            "{name} has one kernel"
        );
    }
}

#[test]
fn edge_classes_f32() {
    // Operands: ±0, ±min/max subnormal, ±min/max normal, ±1, ±inf, qNaN, sNaN.
    const ZERO: u64 = 0;
    const NZERO: u64 = 0x8000_0000;
    const MIN_SUB: u64 = 1;
    const MAX_SUB: u64 = 0x007f_ffff;
    const MIN_NORM: u64 = 0x0080_0000;
    const MAX_NORM: u64 = 0x7f7f_ffff;
    const ONE: u64 = 0x3f80_0000;
    const INF: u64 = 0x7f80_0000;
    const S: u64 = 0x8000_0000; // sign
                                // TRUNC keeps integral values (max normal, ±1, ±inf) and zeros; every value below 1
                                // in magnitude becomes a zero of its sign; NaNs are quiet.
    for (a, want) in [
        (ZERO, ZERO),
        (NZERO, NZERO),
        (MIN_SUB, ZERO),
        (S | MIN_SUB, NZERO),
        (MAX_SUB, ZERO),
        (MIN_NORM, ZERO),
        (S | MIN_NORM, NZERO),
        (MAX_NORM, MAX_NORM),
        (S | MAX_NORM, S | MAX_NORM),
        (ONE, ONE),
        (S | ONE, S | ONE),
        (INF, INF),
        (S | INF, S | INF),
        (0x7fc0_0000, 0x7fc0_0000),
    ] {
        assert_eq!(exact("V_TRUNC_F32", a, KEEP), want, "trunc {a:#x}");
    }
    assert_eq!(
        run("V_TRUNC_F32", 0x7f80_0001, 0, KEEP, false).d,
        Some(0x7fc0_0001)
    );
    // CEIL of +min subnormal: 1.0 kept, +0 flushed; of −max subnormal: −0.
    assert_eq!(exact("V_CEIL_F32", MIN_SUB, KEEP), ONE);
    assert_eq!(exact("V_CEIL_F32", MIN_SUB, SINGLE_FLUSH), ZERO);
    assert_eq!(exact("V_CEIL_F32", S | MAX_SUB, KEEP), NZERO);
    // CVT_I32: ±1 → 1 / −1; min normal → 0; ±max normal saturate.
    assert_eq!(exact("V_CVT_I32_F32", ONE, KEEP), 1);
    assert_eq!(exact("V_CVT_I32_F32", S | ONE, KEEP), 0xffff_ffff);
    assert_eq!(exact("V_CVT_I32_F32", MIN_NORM, KEEP), 0);
    assert_eq!(
        run("V_CVT_I32_F32", MAX_NORM, 0, KEEP, false).d,
        Some(0x7fff_ffff)
    );
    assert_eq!(
        run("V_CVT_I32_F32", S | MAX_NORM, 0, KEEP, false).d,
        Some(0x8000_0000)
    );
    // FRACT: max normal is integral → +0; min normal is its own fraction; −min normal:
    // 1 − 2^−126 rounds to 1.0 → clamped; ±1 → +0.
    assert_eq!(exact("V_FRACT_F32", MAX_NORM, KEEP), ZERO);
    assert_eq!(exact("V_FRACT_F32", MIN_NORM, KEEP), MIN_NORM);
    assert_eq!(partly("V_FRACT_F32", S | MIN_NORM, KEEP).0, 0x3f7f_ffff);
    assert_eq!(exact("V_FRACT_F32", S | ONE, KEEP), ZERO);
    // FREXP: max normal = (1 − 2^−24) × 2^128; min normal = 0.5 × 2^−125 (−125 =
    // 0xffffff83); max subnormal = (1 − 2^−23) × 2^−126 (mantissa 0x3f7ffffe).
    assert_eq!(exact("V_FREXP_EXP_I32_F32", MAX_NORM, KEEP), 128);
    assert_eq!(exact("V_FREXP_MANT_F32", MAX_NORM, KEEP), 0x3f7f_ffff);
    assert_eq!(exact("V_FREXP_EXP_I32_F32", MIN_NORM, KEEP), 0xffff_ff83);
    assert_eq!(exact("V_FREXP_EXP_I32_F32", MAX_SUB, KEEP), 0xffff_ff82);
    assert_eq!(exact("V_FREXP_MANT_F32", MAX_SUB, KEEP), 0x3f7f_fffe);
    // CVT_F16_F32: min normal f32 underflows to +0; max normal overflows (+inf, or
    // 0x7bff with FP16_OVFL); 2^−25 (0x33000000) ties between 0 and 0x0001: even 0,
    // toward +inf (FP_ROUND[3:2] = 1) 0x0001.
    assert_eq!(exact("V_CVT_F16_F32", MIN_NORM, KEEP), 0);
    assert_eq!(exact("V_CVT_F16_F32", MAX_NORM, KEEP), 0x7c00);
    assert_eq!(exact("V_CVT_F16_F32", MAX_NORM, KEEP | OVFL), 0x7bff);
    assert_eq!(exact("V_CVT_F16_F32", 0x3300_0000, KEEP), 0);
    assert_eq!(exact("V_CVT_F16_F32", 0x3300_0000, KEEP | HALF_UP), 1);
    // LDEXP_F64: max normal × 2 overflows to +inf.
    assert_eq!(
        run("V_LDEXP_F64", 0x7fef_ffff_ffff_ffff, 1, KEEP, false).d,
        Some(0x7ff0_0000_0000_0000)
    );
}
