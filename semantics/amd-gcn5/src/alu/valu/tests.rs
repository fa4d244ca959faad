//! The VOP2 kernel table against the instruction table, and hand-worked lane cases
//! (expected bits worked out from the manual's pseudocode and IEEE 754, not by the kernels).

use super::*;
use crate::alu::valu::testing::*;
use crate::instructions::{rows, Format};

fn lane(name: &str, s0: u64, s1: u64, carry: bool, mode: u32, clamp: bool) -> LaneOut {
    let x = LaneIn {
        carry,
        ..srcs([s0, s1, 0])
    };
    call(name, x, mode, clamp)
}

#[test]
fn every_gfx900_vop2_row_has_a_kernel_or_a_question() {
    let mut missing = Vec::new();
    for r in
        rows().filter(|r| r.format == Format::Vop2 && r.targets.contains(crate::Target::Gfx900))
    {
        let n = TABLES
            .iter()
            .flat_map(|t| t.iter())
            .filter(|k| k.name == r.name)
            .count()
            + not_yet().filter(|(n, _)| *n == r.name).count();
        if n != 1 {
            missing.push(r.name);
        }
    }
    assert!(
        missing.is_empty(),
        "VOP2 rows without one kernel or question: {missing:?}"
    );
    for k in VOP2_KERNELS {
        assert!(
            rows().any(|r| r.name == k.name && r.format == Format::Vop2),
            "{}",
            k.name
        );
    }
}

#[test]
fn float_lanes_follow_mode() {
    // 1.0 + 2^-24: a tie, rounds to even (1.0) in RNE, up to 1.0000001 in +inf mode.
    let r = lane("V_ADD_F32", 0x3f80_0000, 0x3380_0000, false, KEEP, false);
    assert_eq!(r.d, Some(0x3f80_0000));
    assert!(r.flags.contains(Flags::INEXACT));
    let r = lane(
        "V_ADD_F32",
        0x3f80_0000,
        0x3380_0000,
        false,
        KEEP | 1,
        false,
    );
    assert_eq!(r.d, Some(0x3f80_0001));
    // The double/half field does not round f32.
    let r = lane(
        "V_ADD_F32",
        0x3f80_0000,
        0x3380_0000,
        false,
        KEEP | 0b0100,
        false,
    );
    assert_eq!(r.d, Some(0x3f80_0000));
    // Smallest f32 subnormal times 1: kept with FP_DENORM[5:4] = 3, flushed to +0 with 0.
    let r = lane("V_MUL_F32", 1, 0x3f80_0000, false, KEEP, false);
    assert_eq!(r.d, Some(1));
    let r = lane("V_MUL_F32", 1, 0x3f80_0000, false, 0xc0, false);
    assert_eq!(r.d, Some(0));
    // f16 uses the double fields: 1.0 + 2^-11 (tie) rounds up with FP_ROUND[3:2] = 1.
    let r = lane("V_ADD_F16", 0x3c00, 0x1000, false, KEEP | 0b0100, false);
    assert_eq!(r.d, Some(0x3c01));
    let r = lane("V_ADD_F16", 0x3c00, 0x1000, false, KEEP | 1, false);
    assert_eq!(r.d, Some(0x3c00));
    // 65504 + 65504 overflows to +inf; with FP16_OVFL it is MAX_FP16.
    let r = lane("V_ADD_F16", 0x7bff, 0x7bff, false, KEEP, false);
    assert_eq!(r.d, Some(0x7c00));
    let r = lane("V_ADD_F16", 0x7bff, 0x7bff, false, KEEP | 1 << 23, false);
    assert_eq!(r.d, Some(0x7bff));
    // A true infinity stays.
    let r = lane("V_ADD_F16", 0xfc00, 0x3c00, false, KEEP | 1 << 23, false);
    assert_eq!(r.d, Some(0xfc00));
    // SUBREV is S1 - S0.
    let r = lane("V_SUBREV_F32", 0x3f80_0000, 0x4000_0000, false, KEEP, false);
    assert_eq!(r.d, Some(0x3f80_0000));
}

/// V_SUBBREV_CO_U32's row contradicts itself (rule `gcn5.valu.subbrev.borrow`, note 0049):
/// `D.u = S1.u - S0.u - VCC[threadId]` with "VCC is an UNSIGNED overflow", beside the
/// printed `VCC[threadId] = (S1.u + VCC[threadId] > S0.u ? 1 : 0)`. The carry is the borrow
/// of the D line, settled: worked by hand from the D line, not from the kernel.
#[test]
fn subbrev_carry_is_the_borrow_of_its_own_difference() {
    // (S0, S1, VCC in) → (D, borrow of S1 - S0 - VCC).
    let cases: [(u64, u64, bool, u64, bool); 6] = [
        // 7 - 5 - 1 = 1: no borrow (the printed line, 7 + 1 > 5, would say 1).
        (5, 7, true, 1, false),
        // 5 - 7 - 0 = -2: borrow (the printed line, 5 + 0 > 7, would say 0).
        (7, 5, false, 0xffff_fffe, true),
        // 7 - 5 - 0 = 2: no borrow (the printed line, 7 > 5, would say 1).
        (5, 7, false, 2, false),
        // 0 - 0xffffffff - 1 = -2^32: borrow, though S0 + VCC wraps to 0 in 32 bits (the
        // printed line, 1 > 0xffffffff, would say 0).
        (0xffff_ffff, 0, true, 0, true),
        // 0xffffffff - 0xffffffff - 1 = -1: borrow (the printed line: 2^32 > 2^32 - 1, 1).
        (0xffff_ffff, 0xffff_ffff, true, 0xffff_ffff, true),
        // 0xffffffff - 0 - 1 = 0xfffffffe: no borrow (the printed line, 2^32 > 0, would say 1).
        (0, 0xffff_ffff, true, 0xffff_fffe, false),
    ];
    for (s0, s1, vcc, d, borrow) in cases {
        let r = lane("V_SUBBREV_CO_U32", s0, s1, vcc, 0, false);
        assert_eq!(
            (r.d, r.carry, r.unsettled),
            (Some(d), Some(borrow), None),
            "S0 {s0:#x} S1 {s1:#x} VCC {vcc}"
        );
    }
    let rule = RULES
        .iter()
        .find(|r| r.id == "gcn5.valu.subbrev.borrow")
        .expect("the rule");
    assert_eq!(rule.status, Status::Inferred);
    assert!(
        rule.statement.contains("contradicts itself"),
        "{}",
        rule.statement
    );
}

#[test]
fn integer_lanes() {
    let r = lane("V_ADD_CO_U32", 0xffff_ffff, 2, false, 0, false);
    assert_eq!((r.d, r.carry), (Some(1), Some(true)));
    let r = lane("V_ADD_CO_U32", 0xffff_ffff, 2, false, 0, true);
    assert_eq!((r.d, r.carry), (Some(0xffff_ffff), Some(true)));
    let r = lane("V_SUBBREV_CO_U32", 5, 5, true, 0, false);
    assert_eq!((r.d, r.carry), (Some(0xffff_ffff), Some(true)));
    let r = lane("V_SUBBREV_CO_U32", 5, 7, true, 0, false);
    assert_eq!((r.d, r.carry), (Some(1), Some(false)));
    let r = lane("V_ADDC_CO_U32", 0xffff_fffe, 1, true, 0, false);
    assert_eq!((r.d, r.carry), (Some(0), Some(true)));
    let r = lane("V_SUB_U32", 1, 2, false, 0, true);
    assert_eq!(r.d, Some(0));
    let r = lane("V_CNDMASK_B32", 7, 9, true, 0, false);
    assert_eq!(r.d, Some(9));
    // 24-bit multiplies ignore bits 31:24: 0xff800000 is -2^23 as i24 → -2^23 * 2 = -2^24.
    let r = lane("V_MUL_I32_I24", 0xff80_0000, 2, false, 0, false);
    assert_eq!(r.d, Some(0xff00_0000));
    let r = lane("V_MUL_HI_U32_U24", 0xff_ffff, 0xff_ffff, false, 0, false);
    assert_eq!(r.d, Some(0xffff));
    let r = lane("V_ASHRREV_I16", 4, 0x8000, false, 0, false);
    assert_eq!(r.d, Some(0xf800));
    let r = lane("V_ADD_U16", 0xffff, 1, false, 0, true);
    assert_eq!(r.d, Some(0xffff));
    let r = lane("V_ADD_U16", 0xffff, 1, false, 0, false);
    assert_eq!(r.d, Some(0));
    let r = lane("V_LSHLREV_B32", 33, 1, false, 0, false);
    assert_eq!(r.d, Some(2), "S0[4:0] = 1");
}

#[test]
fn mul24_with_clamp_accepts_the_saturated_and_the_wrapped_product() {
    // 0xffffff * 0xffffff = 0xfffffe000001: wrapped 0xfe000001, saturated 0xffffffff; the
    // bits both agree on are 0xfe000001's ones (rule gcn5.vop3i.clamp_unstated, note 0042).
    let o = lane("V_MUL_U32_U24", 0xff_ffff, 0xff_ffff, false, KEEP, true);
    assert_eq!(o.d, Some(0xffff_ffff));
    let u = o.unsettled.expect("unsettled");
    assert_eq!(
        (u.accept, u.rule),
        (Accept::Mask(0xfe00_0001), "gcn5.vop3i.clamp_unstated")
    );
    // Without CLAMP: the low 32 bits, exact.
    let o = lane("V_MUL_U32_U24", 0xff_ffff, 0xff_ffff, false, KEEP, false);
    assert_eq!((o.d, o.unsettled), (Some(0xfe00_0001), None));
    // Signed: -2^23 * -2^23 = 2^46, saturated to 0x7fffffff, wrapped 0: agree on no bit but
    // the sign (0 in both).
    let o = lane("V_MUL_I32_I24", 0x80_0000, 0x80_0000, false, KEEP, true);
    assert_eq!(o.d, Some(0x7fff_ffff));
    assert_eq!(
        o.unsettled.map(|u| u.accept),
        Some(Accept::Mask(0x8000_0000))
    );
    // A product in range is settled: 3 * -2 = -6.
    let o = lane("V_MUL_I32_I24", 3, 0xff_fffe, false, KEEP, true);
    assert_eq!((o.d, o.unsettled), (Some(0xffff_fffa), None));
}
