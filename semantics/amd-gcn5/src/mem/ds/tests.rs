//! LDS reads, writes, two-address rows, atomics and the range check. Every expected value
//! is worked out by hand from the Vega manual's "LDS & GDS Instructions" pseudocode and
//! "Data Share Indexed and Atomic Access" (the reasoning is in the comments).

use super::*;
use crate::formats::parse;
use crate::instructions::{rows as all_rows, Format};
use crate::target::Target;

/// A wave on `t` with only lane 0 active and M0 = 0xFFFFFFFF ("no clamping").
pub(super) fn wave(t: Target) -> Wave {
    Wave {
        exec: 1,
        m0: u32::MAX,
        target: t,
        ..Wave::default()
    }
}

pub(super) fn run(w: &mut Wave, asm: &str) {
    let inst = parse(w.target, asm).unwrap_or_else(|e| panic!("{asm}: {e}"));
    crate::exec::execute(w, &inst).unwrap_or_else(|e| panic!("{asm}: {e}"));
}

fn put(w: &mut Wave, a: usize, bytes: &[u8]) {
    w.lds[a..a + bytes.len()].copy_from_slice(bytes);
}

fn put32(w: &mut Wave, a: usize, v: u32) {
    put(w, a, &v.to_le_bytes());
}

fn get32(w: &Wave, a: usize) -> u32 {
    u32::from_le_bytes([w.lds[a], w.lds[a + 1], w.lds[a + 2], w.lds[a + 3]])
}

/// The rule that leaves VGPR `v` of `lane` unsettled, if any.
pub(super) fn why(w: &Wave, v: u8, lane: u8) -> Option<&'static str> {
    w.unsettled
        .iter()
        .find(|u| u.vdst == v && u.lane == lane)
        .map(|u| u.why.rule)
}

#[test]
fn every_ds_row_runs_or_says_why() {
    for r in all_rows().filter(|r| r.format == Format::Ds) {
        let pending = NOT_YET.iter().any(|(n, _)| *n == r.name);
        assert!(handles(r.name) != pending, "{}", r.name);
    }
    assert_eq!(ROWS.len() + NOT_YET.len(), 154);
    // Every unsettled rule id is a rule.
    for i in [
        id::RANGE,
        id::STRADDLE,
        id::M0_WIDTH,
        id::WRAP,
        id::ALIGN,
        id::ORDER,
        id::SAME_OFFSET,
        id::PERMUTE,
        id::SWIZZLE_INACTIVE,
    ] {
        assert!(RULES.iter().any(|r| r.id == i), "{i}");
    }
}

#[test]
fn reads_of_every_width_extend_as_named() {
    let mut w = wave(Target::Gfx900);
    // Bytes at 0x40: 80 ff 34 12 (the dword 0x1234ff80); v1 = 0x3c, offset 4 -> 0x40.
    put(&mut w, 0x40, &[0x80, 0xff, 0x34, 0x12]);
    w.vgpr[1][0] = 0x3c;
    for (asm, want) in [
        ("ds_read_u8 v5, v1 offset:4", 0x80),
        ("ds_read_i8 v5, v1 offset:4", 0xffff_ff80),
        ("ds_read_u16 v5, v1 offset:4", 0xff80),
        ("ds_read_i16 v5, v1 offset:4", 0xffff_ff80),
        ("ds_read_b32 v5, v1 offset:4", 0x1234_ff80),
        // offset 6: bytes 34 12 -> 0x1234, positive as I16.
        ("ds_read_i16 v5, v1 offset:6", 0x1234),
    ] {
        w.vgpr[5][0] = 0xdead_beef;
        run(&mut w, asm);
        assert_eq!(w.vgpr[5][0], want, "{asm}");
        assert!(w.unsettled.is_empty(), "{asm}");
    }
    assert_eq!(w.pc, 6 * 8, "each DS instruction is two dwords");
}

#[test]
fn d16_reads_write_one_half_and_keep_the_other() {
    let mut w = wave(Target::Gfx908);
    put(&mut w, 0x40, &[0x80, 0xff]);
    w.vgpr[1][0] = 0x40;
    for (asm, want) in [
        // RETURN_DATA[15:0] = {8'h0, 0x80}; [31:16] kept.
        ("ds_read_u8_d16 v2, v1", 0xaaaa_0080),
        // signext(0x80) to 16 bits = 0xff80.
        ("ds_read_i8_d16 v2, v1", 0xaaaa_ff80),
        ("ds_read_u8_d16_hi v2, v1", 0x0080_bbbb),
        ("ds_read_i8_d16_hi v2, v1", 0xff80_bbbb),
        ("ds_read_u16_d16 v2, v1", 0xaaaa_ff80),
        ("ds_read_u16_d16_hi v2, v1", 0xff80_bbbb),
    ] {
        w.vgpr[2][0] = 0xaaaa_bbbb;
        run(&mut w, asm);
        assert_eq!(w.vgpr[2][0], want, "{asm}");
    }
}

#[test]
fn writes_of_every_width() {
    let mut w = wave(Target::Gfx900);
    w.vgpr[1][0] = 0x100;
    for (i, v) in [0x1122_3344u32, 0x5566_7788, 0x99aa_bbcc, 0xddee_ff00]
        .into_iter()
        .enumerate()
    {
        w.vgpr[2 + i][0] = v;
    }
    // B8: only the low byte 0x44 at 0x101; B16: 44 33 at 0x110; D16_HI: DATA[23:16] = 0x22
    // and DATA[31:16] = 22 11.
    run(&mut w, "ds_write_b8 v1, v2 offset:1");
    run(&mut w, "ds_write_b16 v1, v2 offset:16");
    run(&mut w, "ds_write_b8_d16_hi v1, v2 offset:32");
    run(&mut w, "ds_write_b16_d16_hi v1, v2 offset:48");
    assert_eq!(&w.lds[0x100..0x103], &[0, 0x44, 0]);
    assert_eq!(&w.lds[0x110..0x113], &[0x44, 0x33, 0]);
    assert_eq!(&w.lds[0x120..0x122], &[0x22, 0]);
    assert_eq!(&w.lds[0x130..0x133], &[0x22, 0x11, 0]);
    // B64, B96, B128: consecutive dwords, low VGPR first.
    run(&mut w, "ds_write_b64 v1, v[2:3] offset:64");
    run(&mut w, "ds_write_b96 v1, v[2:4] offset:128");
    run(&mut w, "ds_write_b128 v1, v[2:5] offset:256");
    assert_eq!(
        (get32(&w, 0x140), get32(&w, 0x144), get32(&w, 0x148)),
        (0x1122_3344, 0x5566_7788, 0)
    );
    assert_eq!(get32(&w, 0x188), 0x99aa_bbcc);
    assert_eq!(get32(&w, 0x18c), 0);
    assert_eq!(get32(&w, 0x20c), 0xddee_ff00);
    run(&mut w, "ds_read_b128 v[10:13], v1 offset:256");
    assert_eq!(w.vgpr[13][0], 0xddee_ff00);
    assert_eq!(w.vgpr[10][0], 0x1122_3344);
    run(&mut w, "ds_read_b96 v[20:22], v1 offset:128");
    assert_eq!(w.vgpr[22][0], 0x99aa_bbcc);
    run(&mut w, "ds_read_b64 v[30:31], v1 offset:64");
    assert_eq!((w.vgpr[30][0], w.vgpr[31][0]), (0x1122_3344, 0x5566_7788));
    assert!(w.unsettled.is_empty());
}

#[test]
fn read2_offsets_scale_by_element_and_st64() {
    let mut w = wave(Target::Gfx900);
    w.vgpr[1][0] = 0x100;
    for a in (0x100..0x800).step_by(4) {
        put32(&mut w, a, a as u32);
    }
    // B32: 0x100 + 1*4 = 0x104 and 0x100 + 3*4 = 0x10c.
    run(&mut w, "ds_read2_b32 v[4:5], v1 offset0:1 offset1:3");
    assert_eq!((w.vgpr[4][0], w.vgpr[5][0]), (0x104, 0x10c));
    // ST64 B32: 0x100 + 1*4*64 = 0x200 and 0x100 + 2*256 = 0x300.
    run(&mut w, "ds_read2st64_b32 v[4:5], v1 offset0:1 offset1:2");
    assert_eq!((w.vgpr[4][0], w.vgpr[5][0]), (0x200, 0x300));
    // B64: 0x100 + 8 = 0x108 (dwords 0x108, 0x10c) and 0x100 + 16 = 0x110.
    run(&mut w, "ds_read2_b64 v[4:7], v1 offset0:1 offset1:2");
    assert_eq!(
        [w.vgpr[4][0], w.vgpr[5][0], w.vgpr[6][0], w.vgpr[7][0]],
        [0x108, 0x10c, 0x110, 0x114]
    );
    // ST64 B64: 0x100 + 8*64 = 0x300 and 0x100 + 2*512 = 0x500.
    run(&mut w, "ds_read2st64_b64 v[4:7], v1 offset0:1 offset1:2");
    assert_eq!(
        [w.vgpr[4][0], w.vgpr[5][0], w.vgpr[6][0], w.vgpr[7][0]],
        [0x300, 0x304, 0x500, 0x504]
    );
}

#[test]
fn write2_and_wrxchg2() {
    let mut w = wave(Target::Gfx900);
    (w.vgpr[1][0], w.vgpr[2][0], w.vgpr[3][0]) = (0x100, 0xaaaa, 0xbbbb);
    // 0x100 + 2*4 and 0x100 + 5*4.
    run(&mut w, "ds_write2_b32 v1, v2, v3 offset0:2 offset1:5");
    assert_eq!((get32(&w, 0x108), get32(&w, 0x114)), (0xaaaa, 0xbbbb));
    // ST64: 0x100 + 1*256 = 0x200, 0x100 + 3*256 = 0x400.
    run(&mut w, "ds_write2st64_b32 v1, v2, v3 offset0:1 offset1:3");
    assert_eq!((get32(&w, 0x200), get32(&w, 0x400)), (0xaaaa, 0xbbbb));
    // Equal offsets: one write, of DATA0 (rule gcn5.ds.two_address_same_offset).
    run(&mut w, "ds_write2_b32 v1, v2, v3 offset0:9 offset1:9");
    assert_eq!(get32(&w, 0x124), 0xaaaa);
    // WRXCHG2: returns the old dwords at 0x108 and 0x114 and writes v2, v3 there.
    (w.vgpr[2][0], w.vgpr[3][0]) = (0x1111, 0x2222);
    run(
        &mut w,
        "ds_wrxchg2_rtn_b32 v[6:7], v1, v2, v3 offset0:2 offset1:5",
    );
    assert_eq!((w.vgpr[6][0], w.vgpr[7][0]), (0xaaaa, 0xbbbb));
    assert_eq!((get32(&w, 0x108), get32(&w, 0x114)), (0x1111, 0x2222));
    // WRITE2_B64: offsets in 8-byte units: 0x100 + 8 = 0x108 and 0x100 + 32 = 0x120.
    (w.vgpr[10][0], w.vgpr[11][0], w.vgpr[12][0], w.vgpr[13][0]) = (1, 2, 3, 4);
    run(
        &mut w,
        "ds_write2_b64 v1, v[10:11], v[12:13] offset0:1 offset1:4",
    );
    assert_eq!(
        [
            get32(&w, 0x108),
            get32(&w, 0x10c),
            get32(&w, 0x120),
            get32(&w, 0x124)
        ],
        [1, 2, 3, 4]
    );
    assert!(w.unsettled.is_empty());
}

/// Run a returning atomic on the dword at 0x80 holding `mem` with v2 = `d0`, v3 = `d1`;
/// (returned value, new memory).
fn atomic32(asm: &str, mem: u32, d0: u32, d1: u32) -> (u32, u32) {
    let mut w = wave(Target::Gfx900);
    (w.vgpr[1][0], w.vgpr[2][0], w.vgpr[3][0]) = (0x80, d0, d1);
    put32(&mut w, 0x80, mem);
    run(&mut w, asm);
    (w.vgpr[5][0], get32(&w, 0x80))
}

#[test]
fn atomics_return_the_pre_op_value() {
    let one = |op: &str| format!("ds_{op}_rtn_u32 v5, v1, v2");
    // 0xffffffff + 2 wraps to 1; 1 - 2 wraps to 0xffffffff; RSUB: 2 - 1 = 1.
    assert_eq!(atomic32(&one("add"), u32::MAX, 2, 0), (u32::MAX, 1));
    assert_eq!(atomic32(&one("sub"), 1, 2, 0), (1, u32::MAX));
    assert_eq!(atomic32(&one("rsub"), 1, 2, 0), (1, 1));
    // INC: tmp >= DATA -> 0, else tmp + 1.  DEC: tmp == 0 or tmp > DATA -> DATA, else tmp - 1.
    assert_eq!(atomic32(&one("inc"), 5, 5, 0), (5, 0));
    assert_eq!(atomic32(&one("inc"), 4, 5, 0), (4, 5));
    assert_eq!(atomic32(&one("dec"), 0, 9, 0), (0, 9));
    assert_eq!(atomic32(&one("dec"), 10, 9, 0), (10, 9));
    assert_eq!(atomic32(&one("dec"), 9, 9, 0), (9, 8));
    // Signed: -1 < 1; unsigned: 0xffffffff > 1.
    assert_eq!(
        atomic32("ds_min_rtn_i32 v5, v1, v2", 1, u32::MAX, 0),
        (1, u32::MAX)
    );
    assert_eq!(
        atomic32("ds_max_rtn_i32 v5, v1, v2", 1, u32::MAX, 0),
        (1, 1)
    );
    assert_eq!(atomic32(&one("min"), 1, u32::MAX, 0), (1, 1));
    assert_eq!(atomic32(&one("max"), 1, u32::MAX, 0), (1, u32::MAX));
    assert_eq!(
        atomic32("ds_and_rtn_b32 v5, v1, v2", 0xff0, 0x0ff, 0),
        (0xff0, 0x0f0)
    );
    assert_eq!(
        atomic32("ds_or_rtn_b32 v5, v1, v2", 0xff0, 0x0ff, 0),
        (0xff0, 0xfff)
    );
    assert_eq!(
        atomic32("ds_xor_rtn_b32 v5, v1, v2", 0xff0, 0x0ff, 0),
        (0xff0, 0xf0f)
    );
    // MSKOR: (0xff00ff00 & ~0x0000ffff) | 0x1234 = 0xff001234.
    assert_eq!(
        atomic32(
            "ds_mskor_rtn_b32 v5, v1, v2, v3",
            0xff00_ff00,
            0xffff,
            0x1234
        ),
        (0xff00_ff00, 0xff00_1234)
    );
    assert_eq!(atomic32("ds_wrxchg_rtn_b32 v5, v1, v2", 7, 8, 0), (7, 8));
    // WRAP: tmp >= DATA ? tmp - DATA : tmp + DATA2: 5 >= 3 -> 2; 2 < 3 -> 2 + 10.
    assert_eq!(atomic32("ds_wrap_rtn_b32 v5, v1, v2, v3", 5, 3, 10), (5, 2));
    assert_eq!(
        atomic32("ds_wrap_rtn_b32 v5, v1, v2, v3", 2, 3, 10),
        (2, 12)
    );
    // Without return: memory changes, VDST is not an operand.
    let mut w = wave(Target::Gfx900);
    (w.vgpr[1][0], w.vgpr[2][0]) = (0x80, 3);
    put32(&mut w, 0x80, 4);
    run(&mut w, "ds_add_u32 v1, v2");
    assert_eq!(get32(&w, 0x80), 7);
}

#[test]
fn cmpst_compares_data0_and_stores_data1() {
    // cmp = DATA (v2), src = DATA2 (v3): memory 7 equals v2 = 7, so v3 = 9 is stored.
    assert_eq!(atomic32("ds_cmpst_rtn_b32 v5, v1, v2, v3", 7, 7, 9), (7, 9));
    // The buffer order (v2 = new value, v3 = compare) would store here; DS does not.
    assert_eq!(atomic32("ds_cmpst_rtn_b32 v5, v1, v2, v3", 7, 9, 7), (7, 7));
    // F32: -0 == +0 stores; NaN never equals itself.
    assert_eq!(
        atomic32("ds_cmpst_rtn_f32 v5, v1, v2, v3", 0x8000_0000, 0, 5),
        (0x8000_0000, 5)
    );
    assert_eq!(
        atomic32(
            "ds_cmpst_rtn_f32 v5, v1, v2, v3",
            0x7fc0_0000,
            0x7fc0_0000,
            5
        ),
        (0x7fc0_0000, 0x7fc0_0000)
    );
    // The B32 form compares bits: 0x80000000 != 0.
    assert_eq!(
        atomic32("ds_cmpst_rtn_b32 v5, v1, v2, v3", 0x8000_0000, 0, 5),
        (0x8000_0000, 0x8000_0000)
    );
}

#[test]
fn float_atomics_ignore_mode() {
    // 1.0 + 2.0 = 3.0.
    assert_eq!(
        atomic32("ds_add_rtn_f32 v5, v1, v2", 0x3f80_0000, 0x4000_0000, 0),
        (0x3f80_0000, 0x4040_0000)
    );
    // MODE = 0 flushes f32 denormals in the VALU; the LDS keeps them: 2^-149 + 2^-149 = 2^-148.
    assert_eq!(atomic32("ds_add_rtn_f32 v5, v1, v2", 1, 1, 0), (1, 2));
    // MIN: -0.5 < 1.0 is stored; MAX: 2.0 > 1.0 is stored, 1.0 > 2.0 is not (the printed
    // `(tmp > cmp) ? src : tmp` would store 1.0 over 2.0).
    assert_eq!(
        atomic32("ds_min_rtn_f32 v5, v1, v2", 0x3f80_0000, 0xbf00_0000, 0).1,
        0xbf00_0000
    );
    assert_eq!(
        atomic32("ds_max_rtn_f32 v5, v1, v2", 0x3f80_0000, 0x4000_0000, 0).1,
        0x4000_0000
    );
    assert_eq!(
        atomic32("ds_max_rtn_f32 v5, v1, v2", 0x4000_0000, 0x3f80_0000, 0).1,
        0x4000_0000
    );
    // A NaN DATA compares false: memory stays.
    assert_eq!(
        atomic32("ds_min_rtn_f32 v5, v1, v2", 0x3f80_0000, 0x7fc0_0000, 0).1,
        0x3f80_0000
    );
    // -0 vs +0 are equal: memory stays.
    assert_eq!(
        atomic32("ds_min_rtn_f32 v5, v1, v2", 0, 0x8000_0000, 0).1,
        0
    );
}

#[test]
fn sixty_four_bit_atomics() {
    let mut w = wave(Target::Gfx900);
    (w.vgpr[1][0], w.vgpr[2][0], w.vgpr[3][0]) = (0x80, 1, 0);
    put(&mut w, 0x80, &[0xff; 8]);
    // 0xffff_ffff_ffff_ffff + 1 wraps to 0 across both dwords.
    run(&mut w, "ds_add_rtn_u64 v[6:7], v1, v[2:3]");
    assert_eq!((w.vgpr[6][0], w.vgpr[7][0]), (u32::MAX, u32::MAX));
    assert_eq!((get32(&w, 0x80), get32(&w, 0x84)), (0, 0));
    // MIN_I64: memory 5, DATA -1 -> -1 is stored (not 5 - (-1) = 6, the printed `-=`).
    put(&mut w, 0x80, &[5, 0, 0, 0, 0, 0, 0, 0]);
    (w.vgpr[2][0], w.vgpr[3][0]) = (u32::MAX, u32::MAX);
    run(&mut w, "ds_min_rtn_i64 v[6:7], v1, v[2:3]");
    assert_eq!((w.vgpr[6][0], w.vgpr[7][0]), (5, 0));
    assert_eq!((get32(&w, 0x80), get32(&w, 0x84)), (u32::MAX, u32::MAX));
    // CMPST_B64: memory -1 equals DATA v[2:3] = -1, so DATA2 v[8:9] = 0x1_0000_0002 is stored.
    (w.vgpr[8][0], w.vgpr[9][0]) = (2, 1);
    run(&mut w, "ds_cmpst_rtn_b64 v[6:7], v1, v[2:3], v[8:9]");
    assert_eq!((get32(&w, 0x80), get32(&w, 0x84)), (2, 1));
    // MAX_F64: 2.0 (0x4000...) > 1.0 (0x3ff0...) is stored.
    put(&mut w, 0x80, &0x3ff0_0000_0000_0000u64.to_le_bytes());
    (w.vgpr[2][0], w.vgpr[3][0]) = (0, 0x4000_0000);
    run(&mut w, "ds_max_f64 v1, v[2:3]");
    assert_eq!(get32(&w, 0x84), 0x4000_0000);
}

#[test]
fn src2_reads_a_second_lds_operand() {
    let mut w = wave(Target::Gfx900);
    w.vgpr[1][0] = 0x100;
    put32(&mut w, 0x100, 5);
    put32(&mut w, 0x108, 7);
    put32(&mut w, 0xfc, 100);
    // Offset 2 dwords: B = 0x100 + 4*2 = 0x108; MEM[A] = 5 + 7.
    run(&mut w, "ds_add_src2_u32 v1 offset:2");
    assert_eq!(get32(&w, 0x100), 12);
    // Offset 0x7fff: 15-bit signed -1, B = 0x100 - 4 = 0xfc; MEM[A] = MEM[B] - MEM[A].
    run(&mut w, "ds_rsub_src2_u32 v1 offset:32767");
    assert_eq!(get32(&w, 0x100), 88);
    // OFFSET1[7] = 1: A = VGPR[16:0] = 0x100, B = A + 4 * VGPR[31:17] = A + 8; write B.
    w.vgpr[1][0] = (2 << 17) | 0x100;
    run(&mut w, "ds_write_src2_b32 v1 offset:32768");
    assert_eq!(get32(&w, 0x100), 7);
}

#[test]
fn m0_limit_and_out_of_range_per_target() {
    for t in Target::ALL {
        let mut w = wave(t);
        w.m0 = 0x100;
        put32(&mut w, 0xfc, 0x1111_1111);
        put32(&mut w, 0x100, 0x2222_2222);
        w.vgpr[1][0] = 0xfc;
        // 0xfc..0x100 is below MIN(64 KiB, 0x100): in range.
        run(&mut w, "ds_read_b32 v5, v1");
        assert_eq!((w.vgpr[5][0], why(&w, 5, 0)), (0x1111_1111, None), "{t}");
        // Address 0x100 == the limit: out of range (reads 0). MI100 says so (`>=`); Vega's
        // `>` would keep it in range, so there the lane accepts any value.
        run(&mut w, "ds_read_b32 v5, v1 offset:4");
        let contested = (t == Target::Gfx900).then_some(id::RANGE);
        assert_eq!((w.vgpr[5][0], why(&w, 5, 0)), (0, contested), "{t}");
        // Past the limit: 0 on both, settled.
        run(&mut w, "ds_read_b32 v5, v1 offset:8");
        assert_eq!((w.vgpr[5][0], why(&w, 5, 0)), (0, None), "{t}");
        // 0xfe..0x102 straddles the limit: 0, unsettled.
        run(&mut w, "ds_read_b32 v5, v1 offset:2");
        assert_eq!(
            (w.vgpr[5][0], why(&w, 5, 0)),
            (0, Some(id::STRADDLE)),
            "{t}"
        );
        // Out-of-range writes and atomics change nothing; the atomic returns 0.
        w.vgpr[2][0] = 0x5555;
        run(&mut w, "ds_write_b32 v1, v2 offset:4");
        run(&mut w, "ds_add_rtn_u32 v5, v1, v2 offset:4");
        assert_eq!((get32(&w, 0x100), w.vgpr[5][0]), (0x2222_2222, 0), "{t}");
        // Raising M0 by one dword brings 0x100 in range.
        w.m0 = 0x104;
        run(&mut w, "ds_write_b32 v1, v2 offset:4");
        assert_eq!(get32(&w, 0x100), 0x5555, "{t}");
    }
}

#[test]
fn m0_above_16_bits_and_address_wrap_are_flagged() {
    let mut w = wave(Target::Gfx908);
    put32(&mut w, 0x10, 0x77);
    w.vgpr[1][0] = 0x10;
    // M0 = 0x10000: MIN(64 KiB, M0) = 64 KiB, so 0x10 is in range; under M0[15:0] = 0
    // nothing would be.
    w.m0 = 0x1_0000;
    run(&mut w, "ds_read_b32 v5, v1");
    assert_eq!((w.vgpr[5][0], why(&w, 5, 0)), (0x77, Some(id::M0_WIDTH)));
    // VGPR 0xfffffff4 + 0x1c = 2^32 + 0x10: out of range unwrapped, 0x10 wrapped.
    w.m0 = u32::MAX;
    w.vgpr[1][0] = 0xffff_fff4;
    run(&mut w, "ds_read_b32 v5, v1 offset:28");
    assert_eq!((w.vgpr[5][0], why(&w, 5, 0)), (0, Some(id::WRAP)));
    // A misaligned dword read returns the four bytes at 0x11 and is flagged.
    put(&mut w, 0x14, &[0x99]);
    w.vgpr[1][0] = 0x11;
    run(&mut w, "ds_read_b32 v5, v1");
    assert_eq!(
        (w.vgpr[5][0], why(&w, 5, 0)),
        (0x9900_0000, Some(id::ALIGN))
    );
}

#[test]
fn exec_and_lane_order() {
    let mut w = wave(Target::Gfx900);
    w.exec = 0b0111;
    for l in 0..4 {
        w.vgpr[1][l] = 0x80;
        w.vgpr[2][l] = 1 << l;
    }
    // Lane 2 writes to 0x84; lanes 0 and 1 add to 0x80 in lane order; lane 3 is off.
    w.vgpr[1][2] = 0x84;
    w.vgpr[1][3] = 0x88;
    put32(&mut w, 0x80, 100);
    run(&mut w, "ds_add_rtn_u32 v5, v1, v2");
    // Lane 0 sees 100, lane 1 sees 101; memory 100 + 1 + 2.
    assert_eq!(get32(&w, 0x80), 103);
    assert_eq!((w.vgpr[5][0], w.vgpr[5][1], w.vgpr[5][2]), (100, 101, 0));
    assert_eq!(get32(&w, 0x84), 4);
    assert_eq!(get32(&w, 0x88), 0, "lane 3 is inactive");
    assert_eq!(why(&w, 5, 0), Some(id::ORDER));
    assert_eq!(why(&w, 5, 1), Some(id::ORDER));
    assert_eq!(why(&w, 5, 2), None);
    // Plain writes: the highest lane's value remains.
    run(&mut w, "ds_write_b32 v1, v2");
    assert_eq!(get32(&w, 0x80), 2);
}

#[test]
fn append_consume_and_addtid() {
    let mut w = wave(Target::Gfx900);
    w.exec = 0b1011;
    // M0[15:0] = 0x20 is the base; offset 4 -> the dword at 0x24.
    w.m0 = 0x20;
    put32(&mut w, 0x24, 10);
    run(&mut w, "ds_append v5 offset:4");
    // count_bits(EXEC) = 3: memory 13, every active lane gets 10.
    assert_eq!(get32(&w, 0x24), 13);
    assert_eq!(
        [w.vgpr[5][0], w.vgpr[5][1], w.vgpr[5][2], w.vgpr[5][3]],
        [10, 10, 0, 10]
    );
    run(&mut w, "ds_consume v6 offset:4");
    assert_eq!((get32(&w, 0x24), w.vgpr[6][3]), (10, 13));
    // ADDTID: OFFSET + M0[15:0] + TID*4 = 8 + 0x40 + 4*lane.
    w.m0 = 0x40;
    for l in 0..4 {
        w.vgpr[2][l] = 0x100 + l as u32;
    }
    run(&mut w, "ds_write_addtid_b32 v2 offset:8");
    assert_eq!(
        [
            get32(&w, 0x48),
            get32(&w, 0x4c),
            get32(&w, 0x50),
            get32(&w, 0x54)
        ],
        [0x100, 0x101, 0, 0x103]
    );
    run(&mut w, "ds_read_addtid_b32 v7 offset:4");
    // Lane 1 reads 4 + 0x40 + 4 = 0x48.
    assert_eq!((w.vgpr[7][0], w.vgpr[7][1], w.vgpr[7][3]), (0, 0x100, 0));
}

#[test]
fn gds_uses_the_m0_window_and_reports_violations() {
    let mut w = wave(Target::Gfx908);
    // M0 = { base 0x100, size 0x20 }: GDS bytes 0x100..0x120.
    w.m0 = 0x0100_0020;
    w.gds[0x110..0x114].copy_from_slice(&0xabcdu32.to_le_bytes());
    (w.vgpr[1][0], w.vgpr[2][0]) = (0x10, 0x77);
    run(&mut w, "ds_read_b32 v5, v1 gds");
    assert_eq!((w.vgpr[5][0], w.trapsts), (0xabcd, 0));
    // 0x10 + 0x1c = 0x2c: the dword would end at 0x30 > 0x20 -> dropped, memory violation.
    run(&mut w, "ds_write_b32 v1, v2 offset:28 gds");
    assert_eq!(&w.gds[0x12c..0x130], &[0; 4]);
    assert_eq!(w.trapsts, 1 << 8);
    // In range: 0x100 + 0x10 + 8 = 0x118; LDS untouched.
    run(&mut w, "ds_write_b32 v1, v2 offset:8 gds");
    assert_eq!(w.gds[0x118], 0x77);
    assert!(w.lds.iter().all(|b| *b == 0));
    // APPEND on GDS: base + OFFSET = 0x104; one active lane adds 1.
    w.gds[0x104] = 41;
    run(&mut w, "ds_append v6 offset:4 gds");
    assert_eq!((w.gds[0x104], w.vgpr[6][0]), (42, 41));
}

#[test]
fn pending_rows_are_errors_not_guesses() {
    let mut w = wave(Target::Gfx900);
    for asm in [
        "ds_read_addtid_b32 v5 gds",
        "ds_gws_init v1 gds",
        "ds_ordered_count v5, v1 gds",
        "ds_condxchg32_rtn_b64 v[2:3], v1, v[4:5]",
    ] {
        let inst = parse(w.target, asm).unwrap();
        assert!(crate::exec::execute(&mut w, &inst).is_err(), "{asm}");
    }
    run(&mut w, "ds_nop");
    assert_eq!(w.pc, 8);
}

#[test]
fn every_row_runs_on_random_state_without_panicking() {
    use crate::formats::ds::{check, Ds};
    use crate::formats::shared::testing::next;
    use crate::formats::{Fields, Instruction};
    let mut s = 0x0123_4567_89ab_cdefu64;
    for t in Target::ALL {
        for r in all_rows().filter(|r| r.format == Format::Ds && handles(r.name)) {
            let mut ran = 0;
            for _ in 0..60 {
                let v = next(&mut s);
                let d = Ds {
                    offset0: v as u8,
                    offset1: (v >> 8) as u8,
                    gds: (v >> 16) & 7 == 0,
                    addr: (v >> 24) as u8 & 0x7,
                    data0: 8 + ((v >> 32) as u8 & 0x7),
                    data1: 16 + ((v >> 40) as u8 & 0x7),
                    vdst: (v >> 48) as u8 | 0x80,
                };
                let sh = crate::formats::ds::shape(r);
                let z = |n: u8, x: u8| if n == 0 { 0 } else { x };
                let unused = sh.offsets == crate::formats::ds::Offsets::Unused;
                let d = Ds {
                    offset0: if unused { 0 } else { d.offset0 },
                    offset1: if unused { 0 } else { d.offset1 },
                    gds: d.gds && sh.gds != crate::formats::ds::Gds::Forbidden && !unused,
                    addr: z(u8::from(sh.addr), d.addr),
                    data0: z(sh.data0, d.data0),
                    data1: z(sh.data1, d.data1),
                    vdst: z(sh.vdst, d.vdst).min(252),
                };
                if check(r, &d).is_err() {
                    continue;
                }
                let mut w = wave(t);
                w.exec = next(&mut s);
                w.m0 = match v >> 60 {
                    0..=3 => u32::MAX,
                    4..=7 => next(&mut s) as u32,
                    _ => (next(&mut s) as u32) & 0x1_ffff,
                };
                for reg in 0..24 {
                    for l in 0..64 {
                        let x = next(&mut s);
                        w.vgpr[reg][l] = match x >> 62 {
                            0 => x as u32,
                            1 => (x as u32) & 0xffff,
                            2 => 0xffff_fff0 | (x as u32 & 0xf),
                            _ => (x as u32) & 0x1_fffc,
                        };
                    }
                }
                let inst = Instruction {
                    row: r,
                    fields: Fields::Ds(d),
                    literal: None,
                };
                if crate::exec::execute(&mut w, &inst).is_ok() {
                    ran += 1;
                    assert_eq!(w.pc, 8, "{}", r.name);
                }
            }
            assert!(ran > 10, "{} on {t}: {ran}", r.name);
        }
    }
}
