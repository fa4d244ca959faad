//! V_TRIG_PREOP_F64, the cube map rows and the packed conversions, worked by hand.

use super::*;

fn lane(name: &str, s0: u64, s1: u64, mode: u32) -> LaneOut {
    lane3(name, [s0, s1, 0], false, mode)
}

// ---- V_TRIG_PREOP_F64 ----

#[test]
fn trig_preop_segments() {
    let one = 0x3ff0_0000_0000_0000;
    // Segment 0 of S0 = 1.0 (exponent 1023 <= 1077, shift 0): the first 53 fraction bits
    // of 2/pi, 0x145f306dc9c882 (the table's first hex digits a2f9836e4e4415 >> 3), times
    // 2^-53: 1.xxx * 2^-1, exponent field 1022, fraction 0x45f306dc9c882. (Rounded to
    // nearest, 2/pi is ...883: this is the truncated segment.)
    let r = lane("V_TRIG_PREOP_F64", one, 0, KEEP);
    assert_eq!((r.d, r.unsettled), (Some(0x3fe4_5f30_6dc9_c882), None));
    // Segment 1 (shift 53): fraction bits 54..106, 0xa53f84eafa3ea then the top bit of the
    // next digit 6 (0): 0x14a7f09d5f47d4, times 2^-106: field 1023 - 54 = 969 (0x3c9).
    let r = lane("V_TRIG_PREOP_F64", one, 1, KEEP);
    assert_eq!(r.d, Some(0x3c94_a7f0_9d5f_47d4));
    // S1 is read as S1[4:0]: 33 is segment 1.
    assert_eq!(lane("V_TRIG_PREOP_F64", one, 33, KEEP).d, r.d);
    // The sign of S0 does not matter.
    assert_eq!(
        lane("V_TRIG_PREOP_F64", 0xbff0_0000_0000_0000, 1, KEEP).d,
        r.d
    );
}

#[test]
fn trig_preop_large_inputs_and_the_table_end() {
    // S0 = max finite (exponent 2046 >= 1968): shift = S1 * 53 + 969, scale + 128.
    let max = 0x7fef_ffff_ffff_ffff;
    // Segment 0, shift 969: bits 969..1021 = 0x9eeb1faf97c5e (52 significant bits),
    // times 2^(-53 - 969 + 128) = 2^-894: 1.xxx * 2^-843, field 180 (0x0b4), fraction
    // (seg << 1) mod 2^52 = 0x3dd63f5f2f8bc.
    let r = lane("V_TRIG_PREOP_F64", max, 0, KEEP);
    assert_eq!((r.d, r.unsettled), (Some(0x0b43_dd63_f5f2_f8bc), None));
    // Segment 3, shift 1128: bits 1128..1180 = 0x11aba10ac06608, times 2^-1053: field
    // 1023 - 1001 = 22 (0x016). LLVM's fold gives 0 from shift 1120 on: +0 up to ours.
    let r = lane("V_TRIG_PREOP_F64", max, 3, KEEP);
    assert_eq!(r.d, Some(0x0161_aba1_0ac0_6608));
    assert_eq!(
        r.unsettled.map(|u| (u.accept, u.rule)),
        Some((
            Accept::Range {
                lo: 0,
                hi: 0x0161_aba1_0ac0_6608
            },
            "gcn5.v_trig_preop_f64.out_of_table"
        ))
    );
    // The last segment that touches the table, shift 1181: the table's last 20 bits
    // 0xdf8f6, then 33 zeros: 0xdf8f6 << 33 * 2^-1106 = 0x1bf1ec * 2^-1074, a denormal
    // (exact, so rounding does not matter).
    let r = lane("V_TRIG_PREOP_F64", max, 4, KEEP);
    assert_eq!(r.d, Some(0x1b_f1ec));
    // With double denormals flushed the same segment is +0.
    assert_eq!(lane("V_TRIG_PREOP_F64", max, 4, 0x30).d, Some(0));
    // Past the table (shift 1234): +0, settled.
    let r = lane("V_TRIG_PREOP_F64", max, 5, KEEP);
    assert_eq!((r.d, r.unsettled), (Some(0), None));
    let r = lane("V_TRIG_PREOP_F64", max, 31, KEEP);
    assert_eq!((r.d, r.unsettled), (Some(0), None));
    // A NaN S0: quieted, open.
    let r = lane("V_TRIG_PREOP_F64", 0x7ff0_0000_0000_0001, 0, KEEP);
    assert_eq!(r.d, Some(0x7ff8_0000_0000_0001));
    assert_eq!(rule(&r), Some("gcn5.v_trig_preop_f64.nan"));
}

// ---- cube map ----

const F1: u64 = 0x3f80_0000;
const F2: u64 = 0x4000_0000;
const F3: u64 = 0x4040_0000;
const N1: u64 = 0xbf80_0000;
const N2: u64 = 0xc000_0000;
const N3: u64 = 0xc040_0000;

fn cube(xyz: [u64; 3]) -> [Option<u64>; 4] {
    [
        "V_CUBEID_F32",
        "V_CUBESC_F32",
        "V_CUBETC_F32",
        "V_CUBEMA_F32",
    ]
    .map(|n| lane3(n, xyz, false, KEEP).d)
}

#[test]
fn cube_faces() {
    // (1, 2, 3): z major, z >= 0: face 4.0; sc = x = 1; tc = -y = -2; ma = 2z = 6.0.
    assert_eq!(
        cube([F1, F2, F3]),
        [Some(0x4080_0000), Some(F1), Some(N2), Some(0x40c0_0000)]
    );
    // (1, 2, -3): face 5.0; sc = -x = -1.
    assert_eq!(
        cube([F1, F2, N3]),
        [Some(0x40a0_0000), Some(N1), Some(N2), Some(0xc0c0_0000)]
    );
    // (-3, 1, 2): x major, x < 0: face 1.0; sc = z = 2; tc = -y = -1; ma = -6.0.
    assert_eq!(
        cube([N3, F1, F2]),
        [Some(F1), Some(F2), Some(N1), Some(0xc0c0_0000)]
    );
    // (3, 1, 2): face 0.0; sc = -z = -2.
    assert_eq!(
        cube([F3, F1, F2]),
        [Some(0), Some(N2), Some(N1), Some(0x40c0_0000)]
    );
    // (1, -3, 2): y major, y < 0: face 3.0; sc = x = 1; tc = -z = -2; ma = -6.0.
    assert_eq!(
        cube([F1, N3, F2]),
        [Some(0x4040_0000), Some(F1), Some(N2), Some(0xc0c0_0000)]
    );
    // (1, 3, 2): face 2.0; tc = z = 2.
    assert_eq!(
        cube([F1, F3, F2]),
        [Some(F2), Some(F1), Some(F2), Some(0x40c0_0000)]
    );
}

#[test]
fn cube_ties_and_nan() {
    // Equal magnitudes: >= favours z, then y. (2, 2, 2): face 4.0; (2, -2, 1): y, face
    // 3.0; (-2, 1, -2): z, face 5.0.
    assert_eq!(cube([F2, F2, F2])[0], Some(0x4080_0000));
    assert_eq!(cube([F2, N2, F1])[0], Some(0x4040_0000));
    assert_eq!(cube([N2, F1, N2])[0], Some(0x40a0_0000));
    // (0, 0, -0): z by the tie, -0 < 0 is false: face 4.0.
    assert_eq!(cube([0, 0, 0x8000_0000])[0], Some(0x4080_0000));
    // x NaN: every comparison with it is false, so the last branch (x) is taken: face
    // 0.0 (NaN < 0 is false), sc = -z, tc = -y, ma = 2 * NaN (quiet NaN).
    let nan = 0x7fc0_0000;
    assert_eq!(
        cube([nan, F1, F2]),
        [Some(0), Some(N2), Some(N1), Some(nan)]
    );
}

#[test]
fn cube_reads_denormals_under_mode() {
    // x = min denormal, y = 0, z = -0: kept, |x| > |z| = 0 and > |y|: x major, face 0.0.
    // Flushed (FP_DENORM[5:4] = 0), x reads as +0: a three-way tie, z major, face 4.0.
    assert_eq!(
        lane3("V_CUBEID_F32", [1, 0, 0x8000_0000], false, KEEP).d,
        Some(0)
    );
    assert_eq!(
        lane3("V_CUBEID_F32", [1, 0, 0x8000_0000], false, FLUSH).d,
        Some(0x4080_0000)
    );
}

// ---- V_CVT_PKRTZ_F16_F32 (dispute D7) ----

#[test]
fn pkrtz_saturates_toward_zero() {
    // 65504.0 (0x477fe000) is MAX_F16 (0x7bff); 65520.0 (0x477ff000), halfway to 2^16,
    // rounds to +inf to nearest but to 65504 toward zero. Inexact only: rounded toward
    // zero with an unbounded exponent it is 65504, finite, so no overflow (IEEE 754 §7.4).
    let r = lane("V_CVT_PKRTZ_F16_F32", 0x477f_e000, 0x477f_f000, KEEP);
    assert_eq!((r.d, r.flags), (Some(0x7bff_7bff), Flags::INEXACT));
    // 100000.0 (0x47c35000) and -100000.0: ±65504, now with overflow (99968 > 65504).
    let r = lane("V_CVT_PKRTZ_F16_F32", 0x47c3_5000, 0xc7c3_5000, KEEP);
    assert_eq!(r.d, Some(0xfbff_7bff));
    assert_eq!(r.flags, Flags::OVERFLOW | Flags::INEXACT);
    // ±inf stay infinite, a NaN stays a NaN (quiet, sign kept).
    let r = lane("V_CVT_PKRTZ_F16_F32", 0x7f80_0000, 0xff80_0000, KEEP);
    assert_eq!(r.d, Some(0xfc00_7c00));
    let r = lane("V_CVT_PKRTZ_F16_F32", 0x7fc0_0000, 0xffc0_0000, KEEP);
    assert_eq!(r.d, Some(0xfe00_7e00));
    // A signalling NaN is quieted with invalid.
    let r = lane("V_CVT_PKRTZ_F16_F32", 0x7f80_0001, 0, KEEP);
    assert_eq!(r.d.map(|d| d & 0xffff), Some(0x7e00));
    assert!(r.flags.contains(Flags::INVALID));
    // 1 + 2^-11 + 2^-12 (0x3f801800) is above the f16 midpoint 1 + 2^-11: nearest gives
    // 0x3c01, toward zero 0x3c00, whatever MODE says (FP_ROUND[3:2] = 1, +inf).
    let r = lane("V_CVT_PKRTZ_F16_F32", 0x3f80_1800, 0, KEEP | 4);
    assert_eq!(r.d, Some(0x3c00));
    // FP16_OVFL changes nothing: the overflow already gives 65504.
    let r = lane("V_CVT_PKRTZ_F16_F32", 0x477f_f000, 0, KEEP | 1 << 23);
    assert_eq!(r.d, Some(0x7bff));
    // f16 denormal outputs follow the double/half field: 2^-24 (0x33800000) is the
    // smallest f16 denormal 0x0001 when kept, +0 when flushed.
    assert_eq!(lane("V_CVT_PKRTZ_F16_F32", 0x3380_0000, 0, KEEP).d, Some(1));
    assert_eq!(lane("V_CVT_PKRTZ_F16_F32", 0x3380_0000, 0, 0x30).d, Some(0));
}

// ---- normalised and integer packs ----

#[test]
fn pknorm_edges() {
    // snorm: 1.0 → 32767 (0x7fff), -1.0 → -32767 (0x8001), packed {S1, S0}.
    let r = lane("V_CVT_PKNORM_I16_F32", F1, N1, KEEP);
    assert_eq!((r.d, r.unsettled), (Some(0x8001_7fff), None));
    // Out of range clamps (2.0 → 0x7fff, -inf → 0x8001); NaN and -0 give 0.
    let r = lane("V_CVT_PKNORM_I16_F32", F2, 0xff80_0000, KEEP);
    assert_eq!(r.d, Some(0x8001_7fff));
    let r = lane("V_CVT_PKNORM_I16_F32", 0x7fc0_0000, 0x8000_0000, KEEP);
    assert_eq!((r.d, r.unsettled), (Some(0), None));
    // unorm: 1.0 → 0xffff, -1.0 → 0, 2.0 → 0xffff, NaN → 0.
    let r = lane("V_CVT_PKNORM_U16_F32", F1, N1, KEEP);
    assert_eq!(r.d, Some(0xffff));
    let r = lane("V_CVT_PKNORM_U16_F32", 0x7fc0_0000, F2, KEEP);
    assert_eq!(r.d, Some(0xffff_0000));
    // 0.5 * 32767 = 16383.5: nearest even 16384 (0x4000); 16383 (0x3fff) is accepted
    // too: bits 0x7fff of that half are open.
    let r = lane("V_CVT_PKNORM_I16_F32", 0x3f00_0000, 0, KEEP);
    assert_eq!(r.d, Some(0x4000));
    assert_eq!(
        r.unsettled.map(|u| (u.accept, u.rule)),
        Some((Accept::Mask(0xffff_8000), "gcn5.v_cvt_pknorm.formula"))
    );
    // -0.5: -16384 (0xc000) or -16383 (0xc001): bit 0 open, in the high half.
    let r = lane("V_CVT_PKNORM_I16_F32", 0, 0xbf00_0000, KEEP);
    assert_eq!(r.d, Some(0xc000_0000));
    assert_eq!(
        r.unsettled.map(|u| u.accept),
        Some(Accept::Mask(0xfffe_ffff))
    );
    // 0.5 * 65535 = 32767.5: 32768 (0x8000), or 32767 (0x7fff).
    let r = lane("V_CVT_PKNORM_U16_F32", 0x3f00_0000, 0, KEEP);
    assert_eq!(r.d, Some(0x8000));
    // f16 sources: 1.0 (0x3c00) and -1.0 (0xbc00); 65504 clamps.
    let r = lane("V_CVT_PKNORM_I16_F16", 0x3c00, 0xbc00, KEEP);
    assert_eq!(r.d, Some(0x8001_7fff));
    let r = lane("V_CVT_PKNORM_U16_F16", 0x7bff, 0xfc00, KEEP);
    assert_eq!(r.d, Some(0xffff));
}

#[test]
fn integer_packs_saturate() {
    // u32 0x12345 > 65535 → 0xffff; 7 stays.
    assert_eq!(
        lane("V_CVT_PK_U16_U32", 0x1_2345, 7, 0).d,
        Some(0x0007_ffff)
    );
    // i32 -40000 → -32768 (0x8000); 40000 → 32767; -5 stays (0xfffb).
    assert_eq!(
        lane("V_CVT_PK_I16_I32", (-40000i32) as u32 as u64, 40000, 0).d,
        Some(0x7fff_8000)
    );
    assert_eq!(
        lane("V_CVT_PK_I16_I32", (-5i32) as u32 as u64, 1, 0).d,
        Some(0x0001_fffb)
    );
}

#[test]
fn byte_packs() {
    // 255.0 (0x437f0000) into byte 2 of 0x11223344: 0x11ff3344.
    let r = lane3(
        "V_CVT_PK_U8_F32",
        [0x437f_0000, 2, 0x1122_3344],
        false,
        KEEP,
    );
    assert_eq!((r.d, r.unsettled), (Some(0x11ff_3344), None));
    // 300.0 (0x43960000) clamps to 255; -1.0 and NaN give 0; S1[1:0] = 3 of 7.
    let r = lane3("V_CVT_PK_U8_F32", [0x4396_0000, 7, 0], false, KEEP);
    assert_eq!(r.d, Some(0xff00_0000));
    let r = lane3("V_CVT_PK_U8_F32", [N1, 0, 0xffff_ffff], false, KEEP);
    assert_eq!(r.d, Some(0xffff_ff00));
    let r = lane3(
        "V_CVT_PK_U8_F32",
        [0x7fc0_0000, 1, 0xffff_ffff],
        false,
        KEEP,
    );
    assert_eq!(r.d, Some(0xffff_00ff));
    // 2.5 (0x40200000): nearest even 2; 3 accepted too: bit 0 of byte 1 open.
    let r = lane3("V_CVT_PK_U8_F32", [0x4020_0000, 1, 0], false, KEEP);
    assert_eq!(r.d, Some(0x0200));
    assert_eq!(
        r.unsettled.map(|u| u.accept),
        Some(Accept::Mask(0xffff_feff))
    );
    // PKACCUM: the destination's other bytes are kept: 1.0 into byte 0 of 0xaabbccdd.
    let x = LaneIn {
        s0: F1,
        s1: 0,
        d: 0xaabb_ccdd,
        ..LaneIn::default()
    };
    let ctx = LaneCtx {
        mode: Mode(KEEP),
        clamp: false,
    };
    assert_eq!(
        kernel("V_CVT_PKACCUM_U8_F32")(&x, &ctx).d,
        Some(0xaabb_cc01)
    );
    // PACK_B32_F16 moves the halves: a signalling NaN (0x7c01) is not quieted.
    assert_eq!(
        lane("V_PACK_B32_F16", 0x7c01, 0xabcd, FLUSH).d,
        Some(0xabcd_7c01)
    );
    assert_eq!(
        lane("V_PACK_B32_F16", 0x0001, 0x1234, FLUSH).d,
        Some(0x1234_0001)
    );
}
