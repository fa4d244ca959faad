//! VOP3-only integer lanes worked by hand from the manual's pseudocode ("VOP3A & VOP3B
//! Instructions"); the reasoning for each expected value is in the comment beside it.

use super::super::{not_yet, Accept, LaneIn, LaneOut};
use crate::alu::valu::testing::*;
use crate::instructions::rows;

fn run(name: &str, s: [u64; 3], lane: u8, clamp: bool) -> LaneOut {
    call(name, LaneIn { lane, ..srcs(s) }, 0, clamp)
}

/// The destination of an exact lane (no unsettled mark).
fn d(name: &str, s: [u64; 3]) -> u64 {
    let r = run(name, s, 0, false);
    assert_eq!(r.unsettled, None, "{name} {s:x?}");
    r.d.unwrap_or_else(|| panic!("{name}: no d"))
}

fn dc(name: &str, s: [u64; 3]) -> u64 {
    let r = run(name, s, 0, true);
    assert_eq!(r.unsettled, None, "{name} {s:x?} clamp");
    r.d.unwrap_or_else(|| panic!("{name}: no d"))
}

#[test]
fn every_row_is_in_one_table() {
    for name in super::KERNELS
        .iter()
        .map(|k| k.name)
        .chain(super::NOT_YET.iter().map(|(n, _)| *n))
    {
        assert!(rows().any(|r| r.name == name), "{name} is no row");
        let n = super::super::TABLES
            .iter()
            .flat_map(|t| t.iter())
            .filter(|k| k.name == name)
            .count()
            + not_yet().filter(|(n, _)| *n == name).count();
        assert_eq!(n, 1, "{name}");
    }
    assert_eq!(super::KERNELS.len() + super::NOT_YET.len(), 59);
}

#[test]
fn bitfield_extract_and_insert() {
    // BFE_U32: offset 4, width 8 of 0x12345678 → bits 11:4 = 0x67.
    assert_eq!(d("V_BFE_U32", [0x1234_5678, 4, 8]), 0x67);
    // Width 0 → 0; offset and width read from bits 4:0 only (36 → 4, 40 → 8).
    assert_eq!(d("V_BFE_U32", [0xffff_ffff, 0, 0]), 0);
    assert_eq!(d("V_BFE_U32", [0x1234_5678, 36, 40]), 0x67);
    // Width 32 cannot be written: 32 → 0.
    assert_eq!(d("V_BFE_U32", [0xffff_ffff, 0, 32]), 0);
    // offset + width > 32: offset 28, width 8: 0xf0000000 >> 28 = 0xf, zero above.
    assert_eq!(d("V_BFE_U32", [0xf000_0000, 28, 8]), 0xf);
    // BFE_I32, field top bit clear: same as U32.
    assert_eq!(d("V_BFE_I32", [0x1234_5678, 4, 8]), 0x67);
    assert_eq!(d("V_BFE_I32", [0x8000_0000, 0, 0]), 0);
    // Field 0xf of width 4 at 0 sign-extends to -1; the zero-extending reading gives 0xf:
    // bits 3:0 are settled.
    let r = run("V_BFE_I32", [0xf, 0, 4], 0, false);
    assert_eq!(r.d, Some(0xffff_ffff));
    let u = r.unsettled.expect("contested");
    assert_eq!(
        (u.accept, u.rule),
        (Accept::Mask(0xf), "gcn5.v_bfe_i32.sign")
    );
    // offset 28, width 8 of 0x80000000: arithmetic shift gives 0xfffffff8, 8 bits 0xf8,
    // sign-extended 0xfffffff8.
    assert_eq!(
        run("V_BFE_I32", [0x8000_0000, 28, 8], 0, false).d,
        Some(0xffff_fff8)
    );
    // width 31: 0x40000000 at 0 → top field bit (30) set → 0xc0000000.
    assert_eq!(
        run("V_BFE_I32", [0x4000_0000, 0, 31], 0, false).d,
        Some(0xc000_0000)
    );
    // BFI: S0 selects S1's bits, else S2's.
    assert_eq!(
        d("V_BFI_B32", [0xffff_0000, 0x1234_5678, 0x9abc_def0]),
        0x1234_def0
    );
    // BFM: width 8 at offset 4 = 0xff0; width S0[4:0], offset S1[4:0]; width 0 → 0.
    assert_eq!(d("V_BFM_B32", [8, 4, 0]), 0xff0);
    assert_eq!(d("V_BFM_B32", [40, 36, 0]), 0xff0);
    assert_eq!(d("V_BFM_B32", [0, 31, 0]), 0);
    assert_eq!(d("V_BFM_B32", [31, 1, 0]), 0xffff_fffe);
}

#[test]
fn align_and_permute() {
    // ALIGNBIT: ({S0,S1} >> 8)[31:0] = 0x78_9abcde with S0 = 0x12345678, S1 = 0x9abcdef0.
    assert_eq!(
        d("V_ALIGNBIT_B32", [0x1234_5678, 0x9abc_def0, 8]),
        0x789a_bcde
    );
    assert_eq!(
        d("V_ALIGNBIT_B32", [0x1234_5678, 0x9abc_def0, 0]),
        0x9abc_def0
    );
    assert_eq!(
        d("V_ALIGNBIT_B32", [0x1234_5678, 0x9abc_def0, 32 + 31]),
        0x2468_acf1
    );
    // ALIGNBYTE by 1 byte: 0x789abcde; by 3: 0x3456789a.
    assert_eq!(
        d("V_ALIGNBYTE_B32", [0x1234_5678, 0x9abc_def0, 1]),
        0x789a_bcde
    );
    assert_eq!(
        d("V_ALIGNBYTE_B32", [0x1234_5678, 0x9abc_def0, 3]),
        0x3456_789a
    );
    // S2 = 4: gpuref 8*S2[1:0] = 0 → S1; printed 8*4 = 32 → S0: unsettled, the bits
    // 0x12345678 and 0x9abcdef0 agree on are settled: !(0x888888 88) = 0x77777777.
    let r = run("V_ALIGNBYTE_B32", [0x1234_5678, 0x9abc_def0, 4], 0, false);
    assert_eq!(r.d, Some(0x9abc_def0));
    assert_eq!(
        r.unsettled.map(|u| u.accept),
        Some(Accept::Mask(0x7777_7777))
    );
    // PERM: in = {S0, S1}: in[0..3] = S1 bytes f0 de bc 9a, in[4..7] = S0 bytes 78 56 34 12.
    let (s0, s1) = (0x1234_5678u64, 0x9abc_def0u64);
    // Selectors 7,4,3,0 → 0x12, 0x78, 0x9a, 0xf0.
    assert_eq!(d("V_PERM_B32", [s0, s1, 0x0704_0300]), 0x1278_9af0);
    // 8: sign of in[1] = 0xde → 0xff; 9: in[3] = 0x9a → 0xff; 10: in[5] = 0x56 → 0;
    // 11: in[7] = 0x12 → 0.
    assert_eq!(d("V_PERM_B32", [s0, s1, 0x0b0a_0908]), 0x0000_ffff);
    // 12 → 0x00; 13, 0x80, 0xff → 0xff.
    assert_eq!(d("V_PERM_B32", [s0, s1, 0xff80_0d0c]), 0xffff_ff00);
    // Identity of S1: selectors 3,2,1,0.
    assert_eq!(d("V_PERM_B32", [s0, s1, 0x0302_0100]), s1);
}

#[test]
fn lerp_rounds_by_s2_bits() {
    // Byte 0: (1 + 2 + 0) >> 1 = 1; with S2[0] = 1: (1 + 2 + 1) >> 1 = 2. Byte 3:
    // (0xff + 0xff + 1) >> 1 = 0xff (no overflow into the next byte).
    assert_eq!(d("V_LERP_U8", [0xff00_0001, 0xff00_0002, 0]), 0xff00_0001);
    assert_eq!(
        d("V_LERP_U8", [0xff00_0001, 0xff00_0002, 0x0100_0001]),
        0xff00_0002
    );
    // Only bit 8i of S2 rounds byte i: S2 = 0xfefefefe rounds nothing.
    assert_eq!(d("V_LERP_U8", [0x0101_0101, 0, 0xfefe_fefe]), 0);
    assert_eq!(d("V_LERP_U8", [0x0101_0101, 0, 0x0101_0101]), 0x0101_0101);
}

#[test]
fn min_max_median() {
    let (m1, one, min) = (0xffff_ffffu64, 1u64, 0x8000_0000u64);
    // Signed: INT_MIN < -1 < 1. Unsigned: 1 < 0x80000000 < 0xffffffff.
    assert_eq!(d("V_MIN3_I32", [one, m1, min]), min);
    assert_eq!(d("V_MAX3_I32", [min, m1, one]), one);
    assert_eq!(d("V_MED3_I32", [one, min, m1]), m1);
    assert_eq!(d("V_MIN3_U32", [m1, min, one]), one);
    assert_eq!(d("V_MAX3_U32", [one, min, m1]), m1);
    assert_eq!(d("V_MED3_U32", [m1, one, min]), min);
    // Ties: median of (5, 5, 1) = 5, of (1, 5, 1) = 1.
    assert_eq!(d("V_MED3_U32", [5, 5, 1]), 5);
    assert_eq!(d("V_MED3_I32", [1, 5, 1]), 1);
    // 16-bit forms read the low half only: 0x1_8000 is i16 -32768.
    assert_eq!(d("V_MIN3_I16", [0x1_8000, 0xffff, 1]), 0x8000);
    assert_eq!(d("V_MAX3_I16", [0x8000, 0xffff, 0x7fff]), 0x7fff);
    assert_eq!(d("V_MED3_I16", [0x8000, 0xffff, 0x7fff]), 0xffff);
    assert_eq!(d("V_MIN3_U16", [0x8000, 0xffff, 0x7fff]), 0x7fff);
    assert_eq!(d("V_MAX3_U16", [0x8000, 0x1_0000, 0x7fff]), 0x8000);
    assert_eq!(d("V_MED3_U16", [0x8000, 0xffff, 0x7fff]), 0x8000);
}

#[test]
fn shifts_and_logic() {
    // 64-bit shifts use S0[5:0]: 65 → 1.
    assert_eq!(d("V_LSHLREV_B64", [65, 0x8000_0000_0000_0001, 0]), 2);
    assert_eq!(d("V_LSHLREV_B64", [63, 1, 0]), 0x8000_0000_0000_0000);
    assert_eq!(d("V_LSHRREV_B64", [63, 0x8000_0000_0000_0000, 0]), 1);
    assert_eq!(d("V_ASHRREV_I64", [63, 0x8000_0000_0000_0000, 0]), u64::MAX);
    assert_eq!(
        d("V_ASHRREV_I64", [64 + 4, 0x7000_0000_0000_0000, 0]),
        0x0700_0000_0000_0000
    );
    // LSHL_OR: (1 << 33[4:0] = 2) | 1 = 3.
    assert_eq!(d("V_LSHL_OR_B32", [1, 33, 1]), 3);
    assert_eq!(d("V_AND_OR_B32", [0xf0f0, 0xff00, 1]), 0xf001);
    assert_eq!(d("V_OR3_B32", [1, 2, 0x8000_0000]), 0x8000_0003);
    assert_eq!(d("V_XNOR_B32", [0xffff_0000, 0xff00_ff00, 0]), 0xff00_00ff);
}

#[test]
fn bit_counts() {
    // BCNT: popcount(0xf0f0) = 8, + S1.
    assert_eq!(d("V_BCNT_U32_B32", [0xf0f0, 0, 0]), 8);
    let r = run("V_BCNT_U32_B32", [0xffff_ffff, 1, 0], 0, false);
    // 32 + 1 = 33 (0b100001) vs 32 (0b100000): bit 0 differs.
    assert_eq!(r.d, Some(33));
    assert_eq!(
        r.unsettled.map(|u| u.accept),
        Some(Accept::Mask(0xffff_fffe))
    );
    // MBCNT_LO at lane 5: S0 = all ones masked to lanes 0..4 → 5, + S1 = 10 → 15.
    let lo = |s0, s1, lane| run("V_MBCNT_LO_U32_B32", [s0, s1, 0], lane, false).d;
    let hi = |s0, s1, lane| run("V_MBCNT_HI_U32_B32", [s0, s1, 0], lane, false).d;
    assert_eq!(lo(0xffff_ffff, 10, 5), Some(15));
    assert_eq!(lo(0xffff_ffff, 0, 0), Some(0));
    // Lane 40: the low mask is all 32 bits; the high mask has lanes 32..39 → 8 bits.
    assert_eq!(lo(0xffff_ffff, 0, 40), Some(32));
    assert_eq!(hi(0xffff_ffff, 32, 40), Some(40));
    // Lane 31: the high mask is empty.
    assert_eq!(hi(0xffff_ffff, 7, 31), Some(7));
    // Lane 63: 31 bits of the high half; S0 = 0x80000000 (lane 63 itself) is not counted.
    assert_eq!(hi(0x8000_0000, 0, 63), Some(0));
    assert_eq!(hi(0xffff_ffff, 0, 63), Some(31));
    // S1 wraps: 0xffffffff + 1 = 0.
    assert_eq!(lo(1, 0xffff_ffff, 1), Some(0));
}

#[test]
fn multiply_adds() {
    // 24-bit: 0x800000 is i24 -2^23; -2^23 * 2 + 1 = -2^24 + 1 = 0xff000001. Bits 31:24
    // of the sources are ignored.
    assert_eq!(
        d("V_MAD_I32_I24", [0xff80_0000, 0x0000_0002, 1]),
        0xff00_0001
    );
    assert_eq!(d("V_MAD_U32_U24", [0xff80_0000, 2, 1]), 0x0100_0001);
    // (2^24 - 1)^2 + 0xffffffff wraps: 0xfffffe000001 + 0xffffffff = 0x1_0000_fe00_0000
    // → low 32 bits 0xfe000000.
    assert_eq!(
        d("V_MAD_U32_U24", [0xff_ffff, 0xff_ffff, 0xffff_ffff]),
        0xfe00_0000
    );
    // MAD_U32_U16: 0xffff * 0xffff + 0x1ffff = 0xfffe0001 + 0x1ffff = 0x1_0000_0000 → 0.
    assert_eq!(d("V_MAD_U32_U16", [0xffff, 0xffff, 0x1_ffff]), 0);
    // MAD_I32_I16: -32768 * -32768 + -1 = 0x3fffffff.
    assert_eq!(
        d("V_MAD_I32_I16", [0x8000, 0x8000, 0xffff_ffff]),
        0x3fff_ffff
    );
    // MAD_U16: 0x100 * 0x100 + 1 = 0x10001 → wraps to 1, saturates to 0xffff.
    for n in ["V_MAD_U16", "V_MAD_LEGACY_U16"] {
        assert_eq!(d(n, [0x100, 0x100, 1]), 1);
        assert_eq!(dc(n, [0x100, 0x100, 1]), 0xffff);
        assert_eq!(dc(n, [3, 4, 5]), 17);
    }
    // MAD_I16: 0x100 * 0x80 = 0x8000 = 32768 → wraps to 0x8000 (-32768), saturates to
    // 0x7fff; -0x100 * 0x80 - 1 = -32769 → 0x7fff wrapped, 0x8000 saturated.
    for n in ["V_MAD_I16", "V_MAD_LEGACY_I16"] {
        assert_eq!(d(n, [0x100, 0x80, 0]), 0x8000);
        assert_eq!(dc(n, [0x100, 0x80, 0]), 0x7fff);
        assert_eq!(d(n, [0xff00, 0x80, 0xffff]), 0x7fff);
        assert_eq!(dc(n, [0xff00, 0x80, 0xffff]), 0x8000);
    }
    // XAD: (0xf0 ^ 0xff) + 0xffffffff = 0xf + 0xffffffff wraps to 0xe, CLAMP or not.
    assert_eq!(d("V_XAD_U32", [0xf0, 0xff, 0xffff_ffff]), 0xe);
    assert_eq!(dc("V_XAD_U32", [0xf0, 0xff, 0xffff_ffff]), 0xe);
    // LSHL_ADD: (3 << 4) + 1 = 49; ADD_LSHL: (3 + 1) << 4 = 64; ADD3 wraps.
    assert_eq!(d("V_LSHL_ADD_U32", [3, 4, 1]), 49);
    assert_eq!(d("V_ADD_LSHL_U32", [3, 1, 36]), 64);
    assert_eq!(d("V_ADD3_U32", [0xffff_ffff, 0xffff_ffff, 3]), 1);
    assert_eq!(dc("V_ADD3_U32", [1, 2, 3]), 6);
}

#[test]
fn unstated_clamp_is_marked() {
    // ADD3 0xffffffff + 0xffffffff + 3 = 0x2_0000_0001: wrapped 1, saturated 0xffffffff;
    // they agree on bit 0 only.
    let r = run("V_ADD3_U32", [0xffff_ffff, 0xffff_ffff, 3], 0, true);
    assert_eq!(r.d, Some(0xffff_ffff));
    let u = r.unsettled.expect("unstated clamp");
    assert_eq!(
        (u.accept, u.rule),
        (Accept::Mask(1), "gcn5.vop3i.clamp_unstated")
    );
    // MAD_I32_I24 under CLAMP: -2^23 * -2^23 = 2^46 saturates to 0x7fffffff (wrapped 0).
    let r = run("V_MAD_I32_I24", [0x80_0000, 0x80_0000, 0], 0, true);
    assert_eq!(r.d, Some(0x7fff_ffff));
    assert_eq!(
        r.unsettled.map(|u| u.accept),
        Some(Accept::Mask(0x8000_0000))
    );
    // MUL_LO_U32: 0x10000 * 0x10000 = 2^32 → 0 wrapped, 0xffffffff saturated.
    assert_eq!(d("V_MUL_LO_U32", [0x1_0000, 0x1_0000, 0]), 0);
    assert_eq!(
        run("V_MUL_LO_U32", [0x1_0000, 0x1_0000, 0], 0, true).d,
        Some(0xffff_ffff)
    );
}

#[test]
fn multiply_high() {
    // 0xffffffff^2 = 0xfffffffe_00000001 → hi 0xfffffffe, lo 1.
    assert_eq!(
        d("V_MUL_HI_U32", [0xffff_ffff, 0xffff_ffff, 0]),
        0xffff_fffe
    );
    assert_eq!(d("V_MUL_LO_U32", [0xffff_ffff, 0xffff_ffff, 0]), 1);
    // Signed: -1 * -1 = 1 → hi 0; -1 * 1 = -1 → hi 0xffffffff; INT_MIN * INT_MIN = 2^62
    // → hi 0x40000000; INT_MIN * INT_MAX = -2^62 + 2^31 = 0xc0000000_80000000 → hi
    // 0xc0000000.
    assert_eq!(d("V_MUL_HI_I32", [0xffff_ffff, 0xffff_ffff, 0]), 0);
    assert_eq!(d("V_MUL_HI_I32", [0xffff_ffff, 1, 0]), 0xffff_ffff);
    assert_eq!(
        d("V_MUL_HI_I32", [0x8000_0000, 0x8000_0000, 0]),
        0x4000_0000
    );
    assert_eq!(
        d("V_MUL_HI_I32", [0x8000_0000, 0x7fff_ffff, 0]),
        0xc000_0000
    );
    // CLAMP does not touch the high half.
    assert_eq!(
        dc("V_MUL_HI_U32", [0xffff_ffff, 0xffff_ffff, 0]),
        0xffff_fffe
    );
}

#[test]
fn signed_add_sub_saturate_with_clamp() {
    // INT_MAX + 1 wraps to INT_MIN; saturates at INT_MAX. INT_MIN - 1 → INT_MAX / INT_MIN.
    assert_eq!(d("V_ADD_I32", [0x7fff_ffff, 1, 0]), 0x8000_0000);
    assert_eq!(dc("V_ADD_I32", [0x7fff_ffff, 1, 0]), 0x7fff_ffff);
    assert_eq!(d("V_SUB_I32", [0x8000_0000, 1, 0]), 0x7fff_ffff);
    assert_eq!(dc("V_SUB_I32", [0x8000_0000, 1, 0]), 0x8000_0000);
    // -1 + -1 = -2 either way.
    assert_eq!(dc("V_ADD_I32", [0xffff_ffff, 0xffff_ffff, 0]), 0xffff_fffe);
    assert_eq!(d("V_ADD_I16", [0x7fff, 1, 0]), 0x8000);
    assert_eq!(dc("V_ADD_I16", [0x7fff, 1, 0]), 0x7fff);
    assert_eq!(d("V_SUB_I16", [0x8000, 1, 0]), 0x7fff);
    assert_eq!(dc("V_SUB_I16", [0x8000, 1, 0]), 0x8000);
    // 0 - INT16_MIN = 32768 → 0x7fff saturated.
    assert_eq!(dc("V_SUB_I16", [0, 0x8000, 0]), 0x7fff);
}

#[test]
fn sums_of_absolute_differences() {
    // SAD_U8: |0x01-0x03| + |0xff-0x00| + |0x80-0x7f| + |0x00-0xff| = 2+255+1+255 = 513,
    // + S2 = 1 → 514 = 0x202. S0 = 0x00_80_ff_01, S1 = 0xff_7f_00_03.
    assert_eq!(d("V_SAD_U8", [0x0080_ff01, 0xff7f_0003, 1]), 0x202);
    // Overflow wraps: 0xffffffff + 513 → 512.
    assert_eq!(
        d("V_SAD_U8", [0x0080_ff01, 0xff7f_0003, 0xffff_ffff]),
        0x200
    );
    // SAD_HI_U8: (513 << 16) + 1 = 0x0201_0001.
    assert_eq!(d("V_SAD_HI_U8", [0x0080_ff01, 0xff7f_0003, 1]), 0x0201_0001);
    // SAD_U16: |0x0001-0xffff| + |0x8000-0x7fff| = 0xfffe + 1 = 0xffff, + 2.
    assert_eq!(d("V_SAD_U16", [0x0001_8000, 0xffff_7fff, 2]), 0x1_0001);
    // SAD_U32: |5 - 7| + 1 = 3; |0xffffffff - 0| + 0 = 0xffffffff unsigned (signed reading:
    // |-1 - 0| = 1: contested, agreeing bit 0 settled).
    assert_eq!(d("V_SAD_U32", [5, 7, 1]), 3);
    let r = run("V_SAD_U32", [0xffff_ffff, 0, 0], 0, false);
    assert_eq!(r.d, Some(0xffff_ffff));
    assert_eq!(
        r.unsettled.map(|u| (u.accept, u.rule)),
        Some((Accept::Mask(1), "gcn5.v_sad_u32.unsigned"))
    );
    // CLAMP: 0xffffffff + 513 saturates at 0xffffffff (unstated, so marked).
    let r = run("V_SAD_U8", [0x0080_ff01, 0xff7f_0003, 0xffff_ffff], 0, true);
    assert_eq!(r.d, Some(0xffff_ffff));
    assert!(r.unsettled.is_some());
}

#[test]
fn masked_and_quad_sums_of_absolute_differences() {
    // Worked by hand (docs/design/0037: S1 is the reference, a 0 byte of S1 is skipped).
    // MSAD_U8: S0 = 0x00_80_ff_01, S1 = 0xff_7f_00_03: byte 1 skipped (S1 byte 0x00), so
    // |0x01-0x03| + |0x80-0x7f| + |0x00-0xff| = 2+1+255 = 258, + 1 = 259.
    assert_eq!(d("V_MSAD_U8", [0x0080_ff01, 0xff7f_0003, 1]), 259);
    // The mask is S1's byte, not S0's: S0 byte 3 = 0x00 is still counted (255 above), and
    // with S0/S1 swapped byte 3's reference is 0x00 → skipped: 2+255(byte 1)+1 = 258, + 1.
    assert_eq!(d("V_MSAD_U8", [0xff7f_0003, 0x0080_ff01, 1]), 259);
    // All reference bytes 0: nothing counted, S2 passes through.
    assert_eq!(d("V_MSAD_U8", [0xffff_ffff, 0, 7]), 7);
    // Overflow wraps as V_SAD_U8's: 0xffffffff + 258 → 257.
    assert_eq!(d("V_MSAD_U8", [0x0080_ff01, 0xff7f_0003, 0xffff_ffff]), 257);

    // QSAD_PK_U16_U8: S0 = bytes (low first) 01 02 03 04 05 06 07 08, S1 = bytes 01 02 03 04.
    // Window 0 = 01 02 03 04 → 0; window 1 = 02 03 04 05 → 4; window 2 → 8; window 3 → 12.
    // Accumulators S2 = 0x0004_0003_0002_0001 (field i = i+1): D fields 1, 6, 11, 16.
    let s0 = 0x0807_0605_0403_0201;
    assert_eq!(
        d("V_QSAD_PK_U16_U8", [s0, 0x0403_0201, 0x0004_0003_0002_0001]),
        0x0010_000b_0006_0001
    );
    // MQSAD_PK: S1 = 00 02 00 04 (bytes 0 and 2 masked): window i compares only its bytes 1
    // and 3: window 0: |02-02| + |04-04| = 0; window 1 (02 03 04 05): |03-02| + |05-04| = 2;
    // window 2 (03 04 05 06): 2+2 = 4; window 3 (04 05 06 07): 3+3 = 6. S2 = 0.
    assert_eq!(
        d("V_MQSAD_PK_U16_U8", [s0, 0x0400_0200, 0]),
        0x0006_0004_0002_0000
    );
    // The unmasked QSAD counts bytes 0 and 2 too: window 0: 1+0+3+0 = 4, window 1: 2+1+4+1
    // = 8, window 2: 3+2+5+2 = 12, window 3: 4+3+6+3 = 16.
    assert_eq!(
        d("V_QSAD_PK_U16_U8", [s0, 0x0400_0200, 0]),
        0x0010_000c_0008_0004
    );
    // A 16-bit accumulator that overflows: field 0 = 0xffff + 4 → wraps to 3 and is
    // unsettled (wrap or 0xffff); the other fields (0 + 8, 12, 16) stay settled.
    let r = run("V_QSAD_PK_U16_U8", [s0, 0x0400_0200, 0xffff], 0, false);
    assert_eq!(r.d, Some(0x0010_000c_0008_0003));
    assert_eq!(
        r.unsettled.map(|u| (u.accept, u.rule)),
        Some((
            Accept::Mask(0xffff_ffff_ffff_0000),
            "gcn5.v_qsad_pk_u16_u8.overflow"
        ))
    );
    // With CLAMP the overflowing field saturates at 0xffff (the unstated clamp marks it).
    let r = run("V_QSAD_PK_U16_U8", [s0, 0x0400_0200, 0xffff], 0, true);
    assert_eq!(r.d, Some(0x0010_000c_0008_ffff));
    assert_eq!(
        r.unsettled.map(|u| (u.accept, u.rule)),
        Some((
            Accept::Mask(0xffff_ffff_ffff_0000),
            "gcn5.vop3i.clamp_unstated"
        ))
    );
}

#[test]
fn mqsad_u32_accumulates_in_four_dwords() {
    // Worked by hand: S0, S1 = 00 02 00 04 as in the MQSAD_PK case → SADs 0, 2, 4, 6.
    // S2 = dwords (low first) 1, 2, 3, 0xffffffff; D = 1, 4, 7, and 0xffffffff + 6 wraps to 5.
    let x = LaneIn {
        s2_hi: 0xffff_ffff_0000_0003,
        ..srcs([0x0807_0605_0403_0201, 0x0400_0200, 0x0000_0002_0000_0001])
    };
    let r = call("V_MQSAD_U32_U8", x, 0, false);
    assert_eq!(r.unsettled, None);
    assert_eq!(
        (r.d, r.d_hi),
        (Some(0x0000_0004_0000_0001), 0x0000_0005_0000_0007)
    );
    // CLAMP: dword 3 saturates at 0xffffffff, only that dword unsettled.
    let r = call("V_MQSAD_U32_U8", x, 0, true);
    assert_eq!(
        (r.d, r.d_hi),
        (Some(0x0000_0004_0000_0001), 0xffff_ffff_0000_0007)
    );
    assert_eq!(
        r.unsettled.map(|u| (u.accept, u.rule)),
        Some((
            Accept::Mask128(!(0xffff_ffffu128 << 96)),
            "gcn5.vop3i.clamp_unstated"
        ))
    );
}

#[test]
fn mad_64_with_carry() {
    let r = |n: &str, s: [u64; 3]| {
        let o = run(n, s, 0, false);
        (o.d, o.carry)
    };
    // 0xffffffff^2 + 0 = 0xfffffffe_00000001, no carry.
    assert_eq!(
        r("V_MAD_U64_U32", [0xffff_ffff, 0xffff_ffff, 0]),
        (Some(0xffff_fffe_0000_0001), Some(false))
    );
    // + 0x1_ffff_ffff = 2^64 exactly → D 0, carry 1.
    assert_eq!(
        r("V_MAD_U64_U32", [0xffff_ffff, 0xffff_ffff, 0x1_ffff_ffff]),
        (Some(0), Some(true))
    );
    // Only the low 32 bits of S0/S1 are read.
    assert_eq!(
        r("V_MAD_U64_U32", [0x5_0000_0002, 3, 1]),
        (Some(7), Some(false))
    );
    // Signed: -1 * 1 + 0 = -1 → D all ones, the 65-bit sum's bit 64 (sign) is 1.
    assert_eq!(
        r("V_MAD_I64_I32", [0xffff_ffff, 1, 0]),
        (Some(u64::MAX), Some(true))
    );
    // -1 * -1 + 5 = 6, carry 0.
    assert_eq!(
        r("V_MAD_I64_I32", [0xffff_ffff, 0xffff_ffff, 5]),
        (Some(6), Some(false))
    );
    // INT64_MAX + INT_MIN*INT_MIN (2^62): 2^63 - 1 + 2^62 wraps to 0xbfffffff_ffffffff;
    // exact is positive, so bit 64 is 0.
    assert_eq!(
        r(
            "V_MAD_I64_I32",
            [0x8000_0000, 0x8000_0000, 0x7fff_ffff_ffff_ffff]
        ),
        (Some(0xbfff_ffff_ffff_ffff), Some(false))
    );
    // CLAMP: it saturates at INT64_MAX (unstated rule), the carry still from the exact sum.
    let o = run(
        "V_MAD_I64_I32",
        [0x8000_0000, 0x8000_0000, 0x7fff_ffff_ffff_ffff],
        0,
        true,
    );
    assert_eq!((o.d, o.carry), (Some(0x7fff_ffff_ffff_ffff), Some(false)));
    let o = run(
        "V_MAD_U64_U32",
        [0xffff_ffff, 0xffff_ffff, 0x1_ffff_ffff],
        0,
        true,
    );
    assert_eq!((o.d, o.carry), (Some(u64::MAX), Some(true)));
}

#[test]
fn unsettled_lanes_name_open_rules() {
    use gpuref_core::Status;
    // Every rule id a kernel of this family or of vopc marks a lane with is a rule of
    // status unspecified or contested.
    for id in [
        "gcn5.vop3i.clamp_unstated",
        "gcn5.v_bfe_i32.sign",
        "gcn5.v_alignbyte_b32.select",
        "gcn5.v_bcnt_u32_b32.accumulate",
        "gcn5.v_sad_u32.unsigned",
        "gcn5.v_qsad_pk_u16_u8.overflow",
        "gcn5.vopc.snan_quiet",
        "gcn5.v_cmp_class.denormal",
    ] {
        let r = super::super::RULE_TABLES
            .iter()
            .flat_map(|t| t.iter())
            .find(|r| r.id == id)
            .unwrap_or_else(|| panic!("no rule {id}"));
        assert!(
            matches!(r.status, Status::Unspecified | Status::Contested),
            "{id}"
        );
    }
}
