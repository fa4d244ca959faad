//! Executor tests: operand reading, destinations, masks, modifiers, SDWA, DPP and the
//! wave-level rows, with probe kernels of our own so the expected values depend only on
//! the executor (each expected value is worked out in a comment).

use super::*;
use crate::alu::valu::{LaneCtx, LaneIn, LaneOut};
use crate::formats::parse;
use crate::target::Target;

fn inst(asm: &str) -> Instruction {
    parse(Target::Gfx900, asm).unwrap_or_else(|e| panic!("{asm}: {e}"))
}

const ALL: u64 = u64::MAX;

fn wave(exec: u64) -> Wave {
    Wave {
        exec,
        mode: 0x3f0, // round to nearest even, denormals kept, DX10_CLAMP 1, IEEE 1
        ..Wave::default()
    }
}

fn run(w: &mut Wave, asm: &str, k: VectorKernel) {
    execute_with(w, &inst(asm), k).unwrap_or_else(|e| panic!("{asm}: {e}"));
}

/// Probe kernels: the destination is one source, unchanged.
fn s0(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    LaneOut::d(x.s0)
}
fn s1(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    LaneOut::d(x.s1)
}
fn s2(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    LaneOut::d(x.s2)
}
fn s0_hi(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    LaneOut::d(x.s0 >> 32)
}
/// A compare probe: the lane's bit is S0 < S1 as unsigned integers.
fn lt(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    LaneOut {
        carry: Some(x.s0 < x.s1),
        ..LaneOut::default()
    }
}
/// 32-bit integer add with carry-out.
fn add_co(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    let r = (x.s0 as u32).overflowing_add(x.s1 as u32);
    LaneOut {
        d: Some(u64::from(r.0)),
        carry: Some(r.1),
        ..LaneOut::default()
    }
}

fn pair(w: &Wave, v: usize, lane: usize) -> u64 {
    u64::from(w.vgpr[v][lane]) | u64::from(w.vgpr[v + 1][lane]) << 32
}

fn set_pair(w: &mut Wave, v: usize, x: u64) {
    w.vgpr[v] = [x as u32; 64];
    w.vgpr[v + 1] = [(x >> 32) as u32; 64];
}

#[test]
fn vgpr_pairs_read_and_write_both_dwords() {
    let mut w = wave(0b101);
    set_pair(&mut w, 2, 0x1122_3344_5566_7788);
    set_pair(&mut w, 4, 0x99aa_bbcc_ddee_ff00);
    // S0 is v[2:3]: v0 <- 0x55667788 (low), v1 <- 0x11223344 (high), lanes 0 and 2 only.
    run(&mut w, "v_add_f64 v[0:1], v[2:3], v[4:5]", s0);
    assert_eq!(pair(&w, 0, 0), 0x1122_3344_5566_7788);
    assert_eq!(pair(&w, 0, 2), 0x1122_3344_5566_7788);
    assert_eq!(pair(&w, 0, 1), 0, "lane 1 is inactive");
    run(&mut w, "v_add_f64 v[6:7], v[2:3], v[4:5]", s1);
    assert_eq!(pair(&w, 6, 0), 0x99aa_bbcc_ddee_ff00);
    // NEG and ABS flip/clear bit 63 of an f64 source: 0x99aa.. has bit 63 set, so
    // -|x| keeps it set and |x| clears it: 0x19aabbccddeeff00.
    run(&mut w, "v_add_f64 v[6:7], v[2:3], |v[4:5]|", s1);
    assert_eq!(pair(&w, 6, 0), 0x19aa_bbcc_ddee_ff00);
    run(&mut w, "v_add_f64 v[6:7], -v[2:3], v[4:5]", s0);
    assert_eq!(pair(&w, 6, 0), 0x9122_3344_5566_7788);
}

#[test]
fn sixty_four_bit_constants_and_sgpr_pairs() {
    let mut w = wave(1);
    w.sgpr[4] = 0xdead_beef;
    w.sgpr[5] = 0x0bad_f00d;
    // An SGPR pair, low dword first.
    run(&mut w, "v_add_f64 v[0:1], s[4:5], v[2:3]", s0);
    assert_eq!(pair(&w, 0, 0), 0x0bad_f00d_dead_beef);
    // Float constants are binary64: 1.0 = 0x3ff0000000000000, -4.0 = 0xc010000000000000,
    // 1/(2*pi) = 0x3fc45f306dc9c882.
    run(&mut w, "v_add_f64 v[0:1], 1.0, v[2:3]", s0);
    assert_eq!(pair(&w, 0, 0), 0x3ff0_0000_0000_0000);
    run(&mut w, "v_add_f64 v[0:1], v[2:3], -4.0", s1);
    assert_eq!(pair(&w, 0, 0), 0xc010_0000_0000_0000);
    run(&mut w, "v_add_f64 v[0:1], v[2:3], 0.15915494309189532", s1);
    assert_eq!(pair(&w, 0, 0), 0x3fc4_5f30_6dc9_c882);
    // Inline integers sign-extend to 64 bits: -16 = 0xfffffffffffffff0; 64 stays 64.
    run(&mut w, "v_add_f64 v[0:1], -16, v[2:3]", s0);
    assert_eq!(pair(&w, 0, 0), 0xffff_ffff_ffff_fff0);
    run(&mut w, "v_lshlrev_b64 v[0:1], 0, 64", s1);
    assert_eq!(pair(&w, 0, 0), 64);
}

#[test]
fn literals_widen_by_the_operand_type() {
    let mut w = wave(1);
    // F64: the literal is the high dword (Vega "Literal Expansion to 64 bits"): 0x40000000
    // -> 0x4000000000000000 (2.0); the probe returns S0's high dword.
    run(&mut w, "v_cvt_f32_f64 v0, 0x40000000", s0_hi);
    assert_eq!(w.vgpr[0][0], 0x4000_0000);
    run(&mut w, "v_cvt_f32_f64 v0, 0x40000000", s0);
    assert_eq!(w.vgpr[0][0], 0, "low dword padded with zeros");
    // I64: sign-extended (0x80000000 -> 0xffffffff80000000 < 0 unsigned-compared is large);
    // U64: zero-extended. The probe compares S0 < S1 unsigned, S1 = v[0:1] = 0xffffffff80000001.
    set_pair(&mut w, 0, 0xffff_ffff_8000_0001);
    run(&mut w, "v_cmp_lt_i64 vcc, 0x80000000, v[0:1]", lt);
    assert_eq!(w.vcc, 1, "0xffffffff80000000 < 0xffffffff80000001");
    set_pair(&mut w, 0, 0x8000_0001);
    run(&mut w, "v_cmp_lt_u64 vcc, 0x80000000, v[0:1]", lt);
    assert_eq!(w.vcc, 1, "0x80000000 < 0x80000001 (zero-extended)");
    run(&mut w, "v_cmp_lt_i64 vcc, 0x80000000, v[0:1]", lt);
    assert_eq!(w.vcc, 0, "sign-extended it is above 0x80000001");
}

#[test]
fn mixed_widths_follow_the_shape() {
    let mut w = wave(1);
    set_pair(&mut w, 2, 0x4000_0000_0000_0000);
    w.vgpr[4] = [7; 64];
    w.vgpr[5] = [0xffff_ffff; 64];
    // V_LDEXP_F64's S1 is 32-bit: v4 only (v5 is not read).
    run(&mut w, "v_ldexp_f64 v[0:1], v[2:3], v4", s1);
    assert_eq!(pair(&w, 0, 0), 7);
    run(&mut w, "v_trig_preop_f64 v[0:1], v[2:3], v4", s1);
    assert_eq!(pair(&w, 0, 0), 7);
    // V_LSHLREV_B64: S0 the 32-bit shift, S1 the 64-bit value.
    run(&mut w, "v_lshlrev_b64 v[0:1], v4, v[2:3]", s0);
    assert_eq!(pair(&w, 0, 0), 7);
    run(&mut w, "v_lshlrev_b64 v[0:1], v4, v[2:3]", s1);
    assert_eq!(pair(&w, 0, 0), 0x4000_0000_0000_0000);
    // V_CVT_F64_I32: a 32-bit source and a 64-bit destination: both dwords written.
    w.vgpr[1] = [0x5555_5555; 64];
    run(&mut w, "v_cvt_f64_i32 v[0:1], v5", s0);
    assert_eq!(pair(&w, 0, 0), 0xffff_ffff);
}

#[test]
fn pairs_past_v255_are_errors_not_panics() {
    let mut w = wave(1);
    let mut i = inst("v_add_f64 v[0:1], v[2:3], v[4:5]");
    if let Fields::Vop3(ref mut v) = i.fields {
        v.src[1] = Some(VectorSrc::Vgpr(255));
    }
    let e = execute_with(&mut w, &i, s0).unwrap_err();
    assert!(e.to_string().contains("past v255"), "{e}");
    let mut i = inst("v_add_f64 v[0:1], v[2:3], v[4:5]");
    if let Fields::Vop3(ref mut v) = i.fields {
        v.vdst = 255;
    }
    let before = w.clone();
    assert!(execute_with(&mut w, &i, s0).is_err());
    assert_eq!(w, before, "nothing written");
}

#[test]
fn vopc_writes_the_whole_mask_inactive_lanes_zero() {
    // Lanes 0..3 active; v0 = lane-dependent: lanes 1 and 3 have S0 = 5 < S1 = 9.
    let mut w = wave(0b1111);
    w.vgpr[1] = [9; 64];
    for l in [1, 3, 4, 63] {
        w.vgpr[0][l] = 5;
    }
    for l in [0, 2] {
        w.vgpr[0][l] = 10;
    }
    w.vcc = ALL;
    run(&mut w, "v_cmp_lt_u32 vcc, v0, v1", lt);
    // Lanes 4 and 63 would compare true but are inactive: 0.
    assert_eq!(w.vcc, 0b1010);
    assert_eq!(w.exec, 0b1111, "V_CMP leaves EXEC alone");
    // e64: the SGPR pair in VDST, VCC untouched.
    w.sgpr[2] = 0xffff_ffff;
    w.sgpr[3] = 0xffff_ffff;
    run(&mut w, "v_cmp_lt_u32_e64 s[2:3], v0, v1", lt);
    assert_eq!((w.sgpr[2], w.sgpr[3]), (0b1010, 0));
    assert_eq!(w.vcc, 0b1010);
}

#[test]
fn cmpx_writes_exec_and_the_mask() {
    let mut w = wave(0b1111);
    w.vgpr[1] = [9; 64];
    w.vgpr[0][1] = 5;
    w.vgpr[0][3] = 5;
    w.vgpr[0][0] = 10;
    w.vgpr[0][2] = 10;
    run(&mut w, "v_cmpx_lt_u32 vcc, v0, v1", lt);
    assert_eq!((w.vcc, w.exec), (0b1010, 0b1010));
    let mut w2 = wave(0b1111);
    w2.vgpr = w.vgpr.clone();
    run(&mut w2, "v_cmpx_lt_u32_e64 s[4:5], v0, v1", lt);
    assert_eq!((w2.sgpr[4], w2.exec, w2.vcc), (0b1010, 0b1010, 0));
}

#[test]
fn carry_out_e32_and_vop3b() {
    let mut w = wave(0b11);
    w.vgpr[1] = [0xffff_ffff; 64];
    w.vgpr[2][0] = 1;
    // Lane 0: 0xffffffff + 1 = 0 carry 1; lane 1: + 0 = 0xffffffff carry 0.
    run(&mut w, "v_add_co_u32_e32 v0, vcc, v1, v2", add_co);
    assert_eq!((w.vgpr[0][0], w.vgpr[0][1], w.vcc), (0, 0xffff_ffff, 1));
    run(&mut w, "v_add_co_u32_e64 v3, s[6:7], v1, v2", add_co);
    assert_eq!((w.sgpr[6], w.sgpr[7], w.vgpr[3][0]), (1, 0, 0));
    // V_MAD_U64_U32-like rows read SRC2 as a 64-bit pair: the probe returns it.
    set_pair(&mut w, 8, 0x0123_4567_89ab_cdef);
    run(&mut w, "v_mad_u64_u32 v[10:11], s[0:1], v1, v2, v[8:9]", s2);
    assert_eq!(pair(&w, 10, 0), 0x0123_4567_89ab_cdef);
}

#[test]
fn output_modifiers_on_float_results_and_the_unsettled_record() {
    // MODE 0x3f0 has IEEE = 1: mul:2 is ignored (MI100 "6.2.2. Instruction Outputs").
    let mut w = wave(0b10);
    w.vgpr[1] = [0x3fc0_0000; 64];
    run(&mut w, "v_add_f32_e64 v0, v1, v2 mul:2", s0);
    assert_eq!(w.vgpr[0][1], 0x3fc0_0000);
    assert_eq!(w.vgpr[0][0], 0, "inactive lane");
    // IEEE = 0, denormals flushed: 1.5 * 2 = 3.0, clamped to 1.0.
    w.mode = 0x100;
    run(&mut w, "v_add_f32_e64 v0, v1, v2 mul:2", s0);
    assert_eq!(w.vgpr[0][1], 0x4040_0000);
    run(&mut w, "v_add_f32_e64 v0, v1, v2 mul:2 clamp", s0);
    assert_eq!(w.vgpr[0][1], 0x3f80_0000);
    assert!(w.unsettled.is_empty());
    // clamp(-0): -0 in gpuref, recorded as unsettled for lane 1 of v0.
    w.vgpr[1] = [0x8000_0000; 64];
    run(&mut w, "v_add_f32_e64 v0, v1, v2 clamp", s0);
    assert_eq!(w.vgpr[0][1], 0x8000_0000);
    assert_eq!(w.unsettled.len(), 1);
    let u = w.unsettled[0];
    assert_eq!((u.vdst, u.lane, u.dwords), (0, 1, 1));
    assert_eq!(u.why.rule, "gcn5.valu.clamp_neg_zero");
    // A new instruction replaces the record. An integer result: CLAMP goes to the kernel
    // (ctx.clamp), no float clamp here.
    w.vgpr[1] = [0x7fff_ffff; 64];
    run(&mut w, "v_add_u32_e64 v0, v1, v1 clamp", s0);
    assert_eq!(w.vgpr[0][1], 0x7fff_ffff);
    assert!(w.unsettled.is_empty());
    // f64 clamp: 2.0 -> 1.0 in both dwords.
    set_pair(&mut w, 2, 0x4000_0000_0000_0000);
    run(&mut w, "v_add_f64 v[4:5], v[2:3], v[2:3] clamp", s0);
    assert_eq!(pair(&w, 4, 1), 0x3ff0_0000_0000_0000);
}

#[test]
fn sdwa_selects_sources_and_places_the_result() {
    let mut w = wave(1);
    w.vgpr[0] = [0xdead_beef; 64];
    w.vgpr[1] = [0x8a7b_6c5d; 64];
    // BYTE_2 of v1 = 0x7b, written to [31:16], [15:0] preserved: 0x007bbeef.
    run(
        &mut w,
        "v_add_u32_sdwa v0, v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_2 src1_sel:DWORD",
        s0,
    );
    assert_eq!(w.vgpr[0][0], 0x007b_beef);
    // SEXT of BYTE_3 (0x8a): 0xffffff8a; DWORD destination.
    run(
        &mut w,
        "v_add_u32_sdwa v0, sext(v1), v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_3 src1_sel:DWORD",
        s0,
    );
    assert_eq!(w.vgpr[0][0], 0xffff_ff8a);
    // UNUSED_SEXT: BYTE_0 of v1 (0x5d) into BYTE_1: 0x5d00, top bit 0: upper zeros.
    // Then src0 BYTE_3 = 0x8a into BYTE_1 with SEXT: 0xffff8a00.
    run(
        &mut w,
        "v_add_u32_sdwa v0, v1, v2 dst_sel:BYTE_1 dst_unused:UNUSED_SEXT src0_sel:BYTE_0 src1_sel:DWORD",
        s0,
    );
    assert_eq!(w.vgpr[0][0], 0x0000_5d00);
    run(
        &mut w,
        "v_add_u32_sdwa v0, v1, v2 dst_sel:BYTE_1 dst_unused:UNUSED_SEXT src0_sel:BYTE_3 src1_sel:DWORD",
        s0,
    );
    assert_eq!(w.vgpr[0][0], 0xffff_8a00);
    // An SGPR source is selected too: WORD_1 of 0x12345678 = 0x1234.
    w.sgpr[4] = 0x1234_5678;
    run(
        &mut w,
        "v_add_u32_sdwa v0, s4, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:DWORD",
        s0,
    );
    assert_eq!(w.vgpr[0][0], 0x1234);
    // Float NEG after the select: WORD_1 of 0x3f800000 = 0x3f80, negated at f32: 0x80003f80.
    w.vgpr[1] = [0x3f80_0000; 64];
    run(
        &mut w,
        "v_add_f32_sdwa v0, -v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:DWORD",
        s0,
    );
    assert_eq!(w.vgpr[0][0], 0x8000_3f80);
    // CLAMP in SDWA: 2.0 -> 1.0.
    w.vgpr[1] = [0x4000_0000; 64];
    w.mode = 0x100;
    run(
        &mut w,
        "v_add_f32_sdwa v0, v1, v2 clamp dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD",
        s0,
    );
    assert_eq!(w.vgpr[0][0], 0x3f80_0000);
}

#[test]
fn sdwa_vopc_writes_sdst_or_vcc() {
    let mut w = wave(0b11);
    // Lane 0: BYTE_0 of 0x105 = 5 < 9; lane 1: BYTE_0 of 0x10a = 10, not < 9.
    w.vgpr[0][0] = 0x105;
    w.vgpr[0][1] = 0x10a;
    w.vgpr[1] = [9; 64];
    run(
        &mut w,
        "v_cmp_lt_u32_sdwa s[2:3], v0, v1 src0_sel:BYTE_0 src1_sel:DWORD",
        lt,
    );
    assert_eq!((w.sgpr[2], w.sgpr[3], w.vcc), (1, 0, 0));
    run(
        &mut w,
        "v_cmpx_lt_u32_sdwa vcc, v0, v1 src0_sel:BYTE_0 src1_sel:DWORD",
        lt,
    );
    assert_eq!((w.vcc, w.exec), (1, 1));
}

fn lanes(w: &mut Wave, v: usize, base: u32) {
    for l in 0..64 {
        w.vgpr[v][l] = base + l as u32;
    }
}

#[test]
fn dpp_moves_lanes_and_masks_writes() {
    let mut w = wave(ALL);
    lanes(&mut w, 1, 100);
    w.vgpr[0] = [0xdead; 64];
    // row_shl:1: lane n reads n+1; lane 15 has no source and BOUND_CTRL = 0: not written.
    run(
        &mut w,
        "v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0xf bank_mask:0xf",
        s0,
    );
    assert_eq!(
        (w.vgpr[0][0], w.vgpr[0][14], w.vgpr[0][15], w.vgpr[0][16]),
        (101, 115, 0xdead, 117)
    );
    // BOUND_CTRL = 1 (LLVM `bound_ctrl:0` sets it): lane 15 reads 0.
    run(
        &mut w,
        "v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:0",
        s0,
    );
    assert_eq!(w.vgpr[0][15], 0);
    // A source lane with EXEC = 0 is out of range too: lane 0 reads lane 1 (inactive).
    w.vgpr[0] = [0xdead; 64];
    w.exec = ALL & !0b10;
    run(
        &mut w,
        "v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0xf bank_mask:0xf",
        s0,
    );
    assert_eq!(
        (w.vgpr[0][0], w.vgpr[0][1], w.vgpr[0][2]),
        (0xdead, 0xdead, 103)
    );
    // ROW_MASK 0x2 / BANK_MASK 0x1: only lanes 16..19 write (quad_perm identity).
    w.exec = ALL;
    w.vgpr[0] = [0xdead; 64];
    run(
        &mut w,
        "v_mov_b32_dpp v0, v1 quad_perm:[0,1,2,3] row_mask:0x2 bank_mask:0x1",
        s0,
    );
    let written: Vec<usize> = (0..64).filter(|&l| w.vgpr[0][l] != 0xdead).collect();
    assert_eq!(written, vec![16, 17, 18, 19]);
    // SRC1 is the lane's own: quad_perm moves only SRC0.
    lanes(&mut w, 2, 200);
    run(
        &mut w,
        "v_add_u32_dpp v0, v1, v2 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf",
        s1,
    );
    assert_eq!(w.vgpr[0][5], 205);
    run(
        &mut w,
        "v_add_u32_dpp v0, v1, v2 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf",
        s0,
    );
    assert_eq!((w.vgpr[0][4], w.vgpr[0][5]), (105, 104));
    // NEG on the moved f32 source.
    run(
        &mut w,
        "v_add_f32_dpp v0, -v1, v2 row_ror:1 row_mask:0xf bank_mask:0xf",
        s0,
    );
    assert_eq!(w.vgpr[0][0], 0x8000_0000 | 115);
    // row_bcast:15: lanes 0..15 have no source in the table: recorded as unsettled.
    run(
        &mut w,
        "v_mov_b32_dpp v0, v1 row_bcast:15 row_mask:0xf bank_mask:0xf bound_ctrl:0",
        s0,
    );
    assert_eq!((w.vgpr[0][16], w.vgpr[0][40], w.vgpr[0][3]), (115, 131, 0));
    assert_eq!(w.unsettled.len(), 16);
    assert_eq!(w.unsettled[3].why.rule, "gcn5.valu.dpp_bcast_low");
}

fn exec(w: &mut Wave, asm: &str) {
    execute(w, &inst(asm)).unwrap_or_else(|e| panic!("{asm}: {e}"));
}

#[test]
fn wave_level_rows() {
    let mut w = wave(0b1100);
    lanes(&mut w, 1, 100);
    // The lowest active lane is 2.
    exec(&mut w, "v_readfirstlane_b32 s0, v1");
    assert_eq!(w.sgpr[0], 102);
    // EXEC = 0: lane 0 ("Lane# = 0 if exec is zero").
    w.exec = 0;
    exec(&mut w, "v_readfirstlane_b32 s0, v1");
    assert_eq!(w.sgpr[0], 100);
    // V_READLANE ignores EXEC; the select is S1[5:0]: 69 & 63 = 5.
    w.sgpr[4] = 37;
    exec(&mut w, "v_readlane_b32 s1, v1, s4");
    assert_eq!(w.sgpr[1], 137);
    w.m0 = 69;
    exec(&mut w, "v_readlane_b32 s1, v1, m0");
    assert_eq!(w.sgpr[1], 105);
    exec(&mut w, "v_readlane_b32 s1, v1, 63");
    assert_eq!(w.sgpr[1], 163);
    // V_WRITELANE writes one lane whatever EXEC says; a select above 63 is recorded.
    exec(&mut w, "v_writelane_b32 v2, s4, 7");
    assert_eq!((w.vgpr[2][7], w.vgpr[2][6]), (37, 0));
    assert!(w.unsettled.is_empty());
    exec(&mut w, "v_writelane_b32 v2, 9, m0");
    assert_eq!(w.vgpr[2][5], 9);
    // Old 0, new 9: the bits both agree on (all but bits 0 and 3) are settled.
    assert_eq!(
        w.unsettled[0].why.accept,
        crate::alu::valu::Accept::Mask(0xffff_fff6)
    );
    // V_SWAP_B32 swaps the active lanes only.
    w.exec = 0b10;
    lanes(&mut w, 3, 300);
    exec(&mut w, "v_swap_b32 v1, v3");
    assert_eq!((w.vgpr[1][1], w.vgpr[3][1]), (301, 101));
    assert_eq!((w.vgpr[1][0], w.vgpr[3][0]), (100, 300));
    let before = w.clone();
    exec(&mut w, "v_nop");
    assert_eq!(w.pc, before.pc + 4);
    assert_eq!(w.vgpr, before.vgpr);
}

#[test]
fn wave_level_rows_are_visible_and_exempt_rows_say_why() {
    use crate::formats::valu::row_by_name;
    for name in [
        "V_NOP",
        "V_READFIRSTLANE_B32",
        "V_READLANE_B32",
        "V_WRITELANE_B32",
        "V_SWAP_B32",
    ] {
        for t in [Target::Gfx900, Target::Gfx908] {
            let row = row_by_name(t, name).unwrap_or_else(|| panic!("{name}"));
            assert!(crate::exec::has_semantics(row), "{name}");
        }
    }
    for name in ["V_INTERP_P1_F32", "V_INTERP_P2_F16"] {
        let row = crate::instructions::rows()
            .find(|r| r.name == name)
            .unwrap_or_else(|| panic!("{name}"));
        assert!(crate::exec::pending_reason(row).is_some(), "{name}");
        assert!(!crate::exec::has_semantics(row), "{name}");
    }
    let mut w = wave(1);
    let e = crate::exec::execute(&mut w, &inst("v_interp_p1_f32 v0, v1, attr0.x")).unwrap_err();
    assert!(e.to_string().contains("issue 6"), "{e}");
}

#[test]
fn only_lane_mask_rows_read_a_carry_in() {
    fn carry(x: &LaneIn, _: &LaneCtx) -> LaneOut {
        LaneOut::d(u64::from(x.carry))
    }
    let mut w = wave(1);
    w.sgpr[4] = 1;
    w.vgpr[0] = [7; 64];
    // SRC2 = s4 is a plain operand of V_MAD_U32_U24: no lane mask is read.
    run(&mut w, "v_mad_u32_u24 v0, v1, v2, s4", carry);
    assert_eq!(w.vgpr[0][0], 0);
    // V_CNDMASK_B32's SRC2 pair s[4:5] is the selector: lane 0's bit is 1.
    run(&mut w, "v_cndmask_b32_e64 v0, v1, v2, s[4:5]", carry);
    assert_eq!(w.vgpr[0][0], 1);
    // e32: VCC.
    w.vcc = 1;
    w.sgpr[4] = 0;
    run(&mut w, "v_cndmask_b32_e32 v0, v1, v2, vcc", carry);
    assert_eq!(w.vgpr[0][0], 1);
}

#[test]
fn a_wave_without_its_vgprs_is_an_error_not_a_panic() {
    let mut w = wave(1);
    w.vgpr.truncate(3);
    assert!(execute_with(&mut w, &inst("v_add_u32_e32 v0, v1, v2"), s0).is_err());
    assert!(execute(&mut w, &inst("v_swap_b32 v1, v200")).is_err());
}

#[test]
fn madmk_and_madak_get_k_as_s2() {
    let mut w = wave(1);
    w.vgpr[1] = [3; 64];
    w.vgpr[2] = [4; 64];
    // K = 10.0 (0x41200000) reaches the kernel as S2; S0 = v1, S1 = v2.
    run(&mut w, "v_madmk_f32 v0, v1, 0x41200000, v2", s2);
    assert_eq!(w.vgpr[0][0], 0x4120_0000);
    run(&mut w, "v_madak_f32 v0, v1, v2, 0x41200000", s2);
    assert_eq!(w.vgpr[0][0], 0x4120_0000);
    run(&mut w, "v_madak_f32 v0, v1, v2, 0x41200000", s1);
    assert_eq!(w.vgpr[0][0], 4);
    // F16: K is the literal's low half (0x4900 = 10.0).
    run(&mut w, "v_madmk_f16 v0, v1, 0x4900, v2", s2);
    assert_eq!(w.vgpr[0][0], 0x4900);
}

#[test]
fn sixteen_bit_results_and_the_high_half() {
    // Probe kernel returning S0: its low 16 bits are the result.
    // V_MAD_F16 says "hi 16 bits are preserved": 0xdead beef → 0xdead 1234.
    let mut w = wave(1);
    w.vgpr[0][0] = 0xdead_beef;
    w.vgpr[1][0] = 0x1234;
    run(&mut w, "v_mad_f16 v0, v1, v2, v3", s0);
    assert_eq!(w.vgpr[0][0], 0xdead_1234);
    assert!(w.unsettled.is_empty());
    // V_MAD_LEGACY_F16: "hi 16 bits are written as 0".
    w.vgpr[0][0] = 0xdead_beef;
    run(&mut w, "v_mad_legacy_f16 v0, v1, v2, v3", s0);
    assert_eq!(w.vgpr[0][0], 0x1234);
    assert!(w.unsettled.is_empty());
    // OPSEL[3] = 1 writes [31:16] and keeps [15:0] for every row.
    w.vgpr[0][0] = 0xdead_beef;
    run(&mut w, "v_mad_f16 v0, v1, v2, v3 op_sel:[0,0,0,1]", s0);
    assert_eq!(w.vgpr[0][0], 0x1234_beef);
    // V_ADD_F16 (VOP2) says nothing: zeroed, and the lane accepts any high half.
    w.vgpr[0][0] = 0xdead_beef;
    run(&mut w, "v_add_f16_e32 v0, v1, v2", s0);
    assert_eq!(w.vgpr[0][0], 0x1234);
    assert_eq!(w.unsettled.len(), 1);
    assert_eq!(
        (w.unsettled[0].why.accept, w.unsettled[0].why.rule),
        (
            crate::alu::valu::Accept::Mask(0xffff),
            "gcn5.valu.f16_high_half"
        )
    );
}

/// V_MAD_LEGACY_F16/U16/I16 take OPSEL (note 0049), typed from "VOP3A Instructions": "If
/// op_sel[3] is 0 Result is written to 16 LSBs of destination VGPR and hi 16 bits are
/// written as 0 ... If op_sel[3] is 1 Result is written to 16 MSBs of destination VGPR and
/// lo 16 bits are preserved", and the OPSEL field: "[11] = src0, [12] = src1, [13] = src2,
/// [14] = dest", 1 = the high half.
#[test]
fn mad_legacy_rows_take_op_sel() {
    let mut w = wave(1);
    // High halves 3, 7, 11; low halves 5, 2, 1.
    w.vgpr[1][0] = 0x0003_0005;
    w.vgpr[2][0] = 0x0007_0002;
    w.vgpr[3][0] = 0x000b_0001;
    // All high: 3 * 7 + 11 = 32 = 0x20 into [31:16], [15:0] kept.
    w.vgpr[0][0] = 0xdead_beef;
    exec(&mut w, "v_mad_legacy_u16 v0, v1, v2, v3 op_sel:[1,1,1,1]");
    assert_eq!(w.vgpr[0][0], 0x0020_beef);
    // S0 high only, result high: 3 * 2 + 1 = 7.
    w.vgpr[0][0] = 0xdead_beef;
    exec(&mut w, "v_mad_legacy_u16 v0, v1, v2, v3 op_sel:[1,0,0,1]");
    assert_eq!(w.vgpr[0][0], 0x0007_beef);
    // S1 high, result low: 5 * 7 + 1 = 36 = 0x24, [31:16] written as 0.
    w.vgpr[0][0] = 0xdead_beef;
    exec(&mut w, "v_mad_legacy_u16 v0, v1, v2, v3 op_sel:[0,1,0,0]");
    assert_eq!(w.vgpr[0][0], 0x0000_0024);
    // I16: -1 * 2 + 0 = -2 (0xfffe) into [31:16].
    w.vgpr[1][0] = 0xffff_0000;
    w.vgpr[2][0] = 0x0002;
    w.vgpr[3][0] = 0;
    w.vgpr[0][0] = 0x1111_2222;
    exec(&mut w, "v_mad_legacy_i16 v0, v1, v2, v3 op_sel:[1,0,0,1]");
    assert_eq!(w.vgpr[0][0], 0xfffe_2222);
    // F16: 1.0 * 2.0 + 0.5 = 2.5 (0x4100) into [31:16].
    w.vgpr[1][0] = 0x3c00;
    w.vgpr[2][0] = 0x4000;
    w.vgpr[3][0] = 0x3800;
    w.vgpr[0][0] = 0x1111_2222;
    exec(&mut w, "v_mad_legacy_f16 v0, v1, v2, v3 op_sel:[0,0,0,1]");
    assert_eq!(w.vgpr[0][0], 0x4100_2222);
    assert!(w.unsettled.is_empty());
}

#[test]
fn div_fmas_reads_vcc() {
    // The probe returns the lane's carry-in bit as D: VCC bit 1 set, lanes 0 and 1 active.
    fn carry(x: &LaneIn, _: &LaneCtx) -> LaneOut {
        LaneOut::d(u64::from(x.carry))
    }
    let mut w = wave(0b11);
    w.vcc = 0b10;
    run(&mut w, "v_div_fmas_f32 v0, v1, v2, v3", carry);
    assert_eq!((w.vgpr[0][0], w.vgpr[0][1]), (0, 1));
    // A row that reads no lane mask gets 0 whatever VCC holds.
    run(&mut w, "v_fma_f32 v0, v1, v2, v3", carry);
    assert_eq!((w.vgpr[0][0], w.vgpr[0][1]), (0, 0));
}

#[test]
fn packed_operands_of_the_e32_and_vop3_forms_pass_whole() {
    // Real kernels: the expected values are worked from the manual's per-half lines.
    let exec = |asm: &str, w: &mut Wave, t: Target| {
        let i = parse(t, asm).unwrap_or_else(|e| panic!("{asm}: {e}"));
        crate::exec::execute(w, &i).unwrap_or_else(|e| panic!("{asm}: {e}"));
    };
    // V_PK_FMAC_F16 (gfx908 VOP2): D.lo = 2.0 * 1.0 + 1.0 = 3.0 (0x4200), D.hi = 1.0 * 1.0
    // + 1.0 = 2.0 (0x4000).
    let mut w = wave(1);
    w.vgpr[0][0] = 0x3c00_3c00;
    w.vgpr[1][0] = 0x3c00_4000;
    w.vgpr[2][0] = 0x3c00_3c00;
    exec("v_pk_fmac_f16 v0, v1, v2", &mut w, Target::Gfx908);
    assert_eq!(w.vgpr[0][0], 0x4000_4200);
    assert!(w.unsettled.is_empty());
    // V_DOT2C_F32_F16: D = 1.0 + (2.0 * 1.0 + 1.0 * 1.0) = 4.0 (0x40800000).
    w.vgpr[0][0] = 0x3f80_0000;
    exec("v_dot2c_f32_f16 v0, v1, v2", &mut w, Target::Gfx908);
    assert_eq!(w.vgpr[0][0], 0x4080_0000);
    // V_CVT_PKRTZ_F16_F32: {f16(S1), f16(S0)} = {2.0, 1.0} = 0x4000_3c00.
    w.vgpr[1][0] = 0x3f80_0000;
    w.vgpr[2][0] = 0x4000_0000;
    exec("v_cvt_pkrtz_f16_f32 v0, v1, v2", &mut w, Target::Gfx900);
    assert_eq!(w.vgpr[0][0], 0x4000_3c00);
    // A float constant on a packed operand: f16 1.0 in [15:0], 0 in [31:16]; the high half
    // of the result is open (rule gcn5.vop3p.inline_const): lo 1*1+1 = 2.0, hi 0*1+1 = 1.0.
    w.vgpr[0][0] = 0x3c00_3c00;
    w.vgpr[2][0] = 0x3c00_3c00;
    exec("v_pk_fmac_f16 v0, 1.0, v2", &mut w, Target::Gfx908);
    assert_eq!(w.vgpr[0][0], 0x3c00_4000);
    assert_eq!(
        (w.unsettled[0].why.accept, w.unsettled[0].why.rule),
        (
            crate::alu::valu::Accept::Mask(0xffff),
            "gcn5.vop3p.inline_const"
        )
    );
}

#[test]
fn ieee0_signalling_nan_results_accept_any_nan() {
    let i = inst("v_add_f32_e32 v0, v1, v2");
    // sNaN 0x7fa00000 + 1.0: a NaN. MODE.IEEE = 1 (0x3f0 has bit 9): the quieted NaN,
    // settled; IEEE = 0 (0x1f0): any NaN, flags open (rule gcn5.valu.ieee0_snan).
    for (mode, open) in [(0x3f0, false), (0x1f0, true)] {
        let mut w = wave(1);
        w.mode = mode;
        w.vgpr[1][0] = 0x7fa0_0000;
        w.vgpr[2][0] = 0x3f80_0000;
        crate::exec::execute(&mut w, &i).expect("runs");
        assert_eq!(w.vgpr[0][0] & 0x7fc0_0000, 0x7fc0_0000, "a quiet NaN");
        let why = w.unsettled.first().map(|u| (u.why.accept, u.why.rule));
        assert_eq!(
            why,
            open.then_some((crate::alu::valu::Accept::AnyNan, "gcn5.valu.ieee0_snan")),
            "mode {mode:#x}"
        );
    }
}

/// Probe: D.u128 = S2.u128 rotated right by one dword (dword i of D is dword i+1 of S2), so
/// every dword's place shows; bits 15:0 of dword 2 are marked unsettled.
fn rot128(x: &LaneIn, _: &LaneCtx) -> LaneOut {
    let s2 = u128::from(x.s2) | u128::from(x.s2_hi) << 64;
    LaneOut::wide(s2.rotate_right(32)).unsettled(
        crate::alu::valu::Accept::Mask128(!(0xffff_u128 << 64)),
        "probe",
        true,
    )
}

#[test]
fn quads_read_and_write_four_dwords() {
    use crate::alu::valu::Accept;
    let dwords = [0x1111_1111u32, 0x2222_2222, 0x3333_3333, 0x4444_4444];
    let mut w = wave(0b11);
    for (i, v) in dwords.iter().enumerate() {
        w.vgpr[8 + i] = [*v; 64];
    }
    w.vgpr[8][1] = 0xaaaa_aaaa;
    w.vgpr[0][2] = 0x5555_5555; // lane 2 is inactive: kept
    run(&mut w, "v_mqsad_u32_u8 v[0:3], v[4:5], v6, v[8:11]", rot128);
    let lane = |w: &Wave, l: usize| [0, 1, 2, 3].map(|v| w.vgpr[v][l]);
    // Lane 0: (0x11.., 0x22.., 0x33.., 0x44..) rotated → (0x22.., 0x33.., 0x44.., 0x11..).
    assert_eq!(
        lane(&w, 0),
        [0x2222_2222, 0x3333_3333, 0x4444_4444, 0x1111_1111]
    );
    // Lane 1 read its own dword 0 (0xaaaaaaaa), which lands in dword 3.
    assert_eq!(lane(&w, 1)[3], 0xaaaa_aaaa);
    assert_eq!(w.vgpr[0][2], 0x5555_5555);
    // The unsettled mask is reported per dword: only v2, bits 31:16 settled, per lane.
    let u: Vec<_> = w
        .unsettled
        .iter()
        .map(|u| (u.vdst, u.dwords, u.lane, u.why.accept))
        .collect();
    assert_eq!(
        u,
        [
            (2, 1, 0, Accept::Mask(0xffff_0000)),
            (2, 1, 1, Accept::Mask(0xffff_0000))
        ]
    );
    // An SGPR quad is read lowest dword first, the same in every lane.
    let mut w = wave(1);
    for (i, v) in dwords.iter().enumerate() {
        w.sgpr[8 + i] = *v;
    }
    run(&mut w, "v_mqsad_u32_u8 v[0:3], v[4:5], v6, s[8:11]", rot128);
    assert_eq!(
        lane(&w, 0),
        [0x2222_2222, 0x3333_3333, 0x4444_4444, 0x1111_1111]
    );
}

#[test]
fn a_constant_for_a_quad_is_refused_by_name() {
    let mut w = wave(1);
    let Ok(i) = parse(Target::Gfx900, "v_mqsad_u32_u8 v[0:3], v[4:5], v6, 1") else {
        return; // the parser refuses it first: nothing to execute
    };
    let e = execute_with(&mut w, &i, rot128).unwrap_err().to_string();
    assert!(e.contains("v_mqsad_u32_u8") && e.contains("128-bit"), "{e}");
    assert_eq!(w.vgpr[0][0], 0, "nothing written");
}

#[test]
fn clrexcp_clears_trapsts_excp_and_says_it_is_a_choice() {
    // TRAPSTS = 0x1ff (every EXCP bit) | 1 << 11 (ILLEGAL_INST) | 0x3f << 16 (EXCP_CYCLE):
    // EXCP[8:0] cleared, the rest kept (Vega "Trap Status register": EXCP is bits 8:0).
    for asm in ["v_clrexcp", "v_clrexcp_e64"] {
        let mut w = wave(ALL);
        w.trapsts = 0x003f_09ff;
        w.vgpr[0] = [7; 64];
        let before = w.clone();
        crate::exec::execute(&mut w, &inst(asm)).unwrap_or_else(|e| panic!("{asm}: {e}"));
        assert_eq!(w.trapsts, 0x003f_0800, "{asm}");
        assert_eq!(
            w.program_unsettled,
            [("trapsts.excp", "gcn5.v_clrexcp.state")]
        );
        assert_eq!((w.vgpr == before.vgpr, w.exec), (true, ALL));
        // The next vector instruction replaces the list.
        run(&mut w, "v_mov_b32 v1, v0", s0);
        assert!(w.program_unsettled.is_empty());
    }
}
