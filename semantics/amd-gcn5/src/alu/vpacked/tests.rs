//! The packed executor on hand-worked waves: OP_SEL/OP_SEL_HI swaps, NEG_LO/NEG_HI, MIX
//! selects with abs/neg, inline constants, CLAMP and EXEC (expected values worked out in
//! the comments from the manual, not by the code).

use super::*;
use crate::alu::valu::{self, TABLES};
use crate::formats::parse;
use crate::instructions::{rows, Format};
use crate::target::Target;

/// Every VOP3P row has exactly one kernel, every VOP3P-MAI row semantics, and every packed
/// kernel names a row.
#[test]
fn every_packed_row_has_a_kernel_or_a_reason() {
    for r in rows().filter(|r| r.format == Format::Vop3p) {
        let n = TABLES
            .iter()
            .flat_map(|t| t.iter())
            .filter(|k| k.name == r.name)
            .count();
        assert_eq!(n, 1, "{}", r.name);
    }
    for r in rows().filter(|r| r.format == Format::Vop3pMai) {
        assert!(has_semantics(r.name), "{}", r.name);
        assert_eq!(
            shape(r.name).is_some(),
            r.name.starts_with("V_MFMA"),
            "{}",
            r.name
        );
    }
    for name in [
        "V_DOT2C_F32_F16",
        "V_DOT2C_I32_I16",
        "V_DOT4C_I32_I8",
        "V_DOT8C_I32_I4",
        "V_PK_FMAC_F16",
    ] {
        assert!(valu::kernel(name).is_some(), "{name}");
    }
}

fn wave(exec: u64, setup: &[(u8, u32)], mode: u32) -> Wave {
    let mut w = Wave {
        exec,
        mode,
        ..Wave::default()
    };
    for &(r, v) in setup {
        w.vgpr[usize::from(r)] = [v; 64];
    }
    w
}

fn run(t: Target, asm: &str, w: &mut Wave) {
    let inst = parse(t, asm).unwrap_or_else(|e| panic!("{asm}: {e}"));
    crate::exec::execute(w, &inst).unwrap_or_else(|e| panic!("{asm}: {e}"));
}

fn lane0(t: Target, asm: &str, w: &Wave) -> valu::LaneOut {
    let inst = parse(t, asm).unwrap_or_else(|e| panic!("{asm}: {e}"));
    lanes(w, &inst).expect("runs")[0].1
}

/// v1 = (lo 1.0, hi 2.0), v2 = (lo 0.5, hi 4.0).
const V1: u32 = 0x4000_3c00;
const V2: u32 = 0x4400_3800;

#[test]
fn op_sel_and_neg_pick_and_negate_halves() {
    for t in Target::ALL {
        // Low reads v1.hi (2.0) + v2.lo (0.5) = 2.5 (0x4100); high reads v1.lo (1.0) +
        // v2.hi (4.0) = 5.0 (0x4500).
        let mut w = wave(u64::MAX, &[(1, V1), (2, V2)], 0);
        run(
            t,
            "v_pk_add_f16 v0, v1, v2 op_sel:[1,0] op_sel_hi:[0,1]",
            &mut w,
        );
        assert_eq!(w.vgpr[0][5], 0x4500_4100);
        // neg_lo on src0: -1.0 * 0.5 = -0.5 (0xb800); neg_hi on src1: 2.0 * -4.0 = -8.0
        // (0xc800).
        run(
            t,
            "v_pk_mul_f16 v0, v1, v2 neg_lo:[1,0] neg_hi:[0,1]",
            &mut w,
        );
        assert_eq!(w.vgpr[0][63], 0xc800_b800);
        // Both halves of D from v1's high half: 2.0 + 0.5 / 2.0 + 4.0 = 0x4600_4100.
        run(
            t,
            "v_pk_add_f16 v0, v1, v2 op_sel:[1,0] op_sel_hi:[1,1]",
            &mut w,
        );
        assert_eq!(w.vgpr[0][0], 0x4600_4100);
        assert_eq!(w.pc, 24);
        // An SGPR source: low reads s1's high half (5), high its low half (7):
        // (5 + 2, 7 + 1) = 0x0008_0007.
        let mut w = wave(1, &[(2, 0x0001_0002)], 0);
        w.sgpr[1] = 0x0005_0007;
        run(
            t,
            "v_pk_add_u16 v0, s1, v2 op_sel:[1,0] op_sel_hi:[0,1]",
            &mut w,
        );
        assert_eq!(w.vgpr[0][0], 0x0008_0007);
    }
}

#[test]
fn exec_masks_lanes() {
    let mut w = wave(
        0b01,
        &[(0, 0x1234_5678), (1, 0x0002_0003), (2, 0x0001_0001)],
        0,
    );
    run(Target::Gfx900, "v_pk_sub_i16 v0, v1, v2", &mut w);
    // Lane 0: (3-1, 2-1) = 0x0001_0002; lane 1 inactive: unchanged.
    assert_eq!(w.vgpr[0][0], 0x0001_0002);
    assert_eq!(w.vgpr[0][1], 0x1234_5678);
}

#[test]
fn inline_constants_and_their_open_halves() {
    let t = Target::Gfx900;
    let w = wave(1, &[(2, V2)], 0);
    // 1.0 is f16 0x3c00 in [15:0] and 0 in [31:16]: low 1.0 + 0.5 = 1.5 (0x3e00), high
    // 0 + 4.0 = 4.0 (0x4400); the splat reading would give 5.0 (0x4500) there: the one
    // bit where they differ (bit 24) is open.
    let r = lane0(t, "v_pk_add_f16 v0, 1.0, v2", &w);
    assert_eq!(r.d, Some(0x4400_3e00));
    let u = r.unsettled.expect("open");
    assert_eq!(
        (u.accept, u.rule),
        (Accept::Mask(0xfeff_ffff), "gcn5.vop3p.inline_const")
    );
    // op_sel_hi:[0,1]: both halves read the constant's low half: 1.0 + 4.0 = 5.0 (0x4500),
    // settled.
    let r = lane0(t, "v_pk_add_f16 v0, 1.0, v2 op_sel_hi:[0,1]", &w);
    assert_eq!((r.d, r.unsettled), (Some(0x4500_3e00), None));
    // -1 is 0xffffffff under both readings: 0xffff + 1 wraps to 0 in each half.
    let r = lane0(
        t,
        "v_pk_add_u16 v0, -1, v2",
        &wave(1, &[(2, 0x0001_0001)], 0),
    );
    assert_eq!((r.d, r.unsettled), (Some(0), None));
    // -2 sign-extended is 0xfffffffe: low 0xfffe + 3 = 1, high 0xffff + 2 = 1; the splat
    // 0xfffefffe would give high 0: bit 16 open.
    let r = lane0(
        t,
        "v_pk_add_u16 v0, -2, v2",
        &wave(1, &[(2, 0x0002_0003)], 0),
    );
    assert_eq!(r.d, Some(0x0001_0001));
    assert_eq!(
        r.unsettled.map(|u| u.accept),
        Some(Accept::Mask(0xfffe_ffff))
    );
}

#[test]
fn mix_sources_select_convert_abs_and_neg() {
    // gfx908 FMA_MIX: src0 f16 from v1's high half (2.0), src1 f32 3.0, src2 f32 1.0:
    // 2*3+1 = 7.0 (0x40e00000).
    let mut w = wave(1, &[(1, V1), (2, 0x4040_0000), (3, 0x3f80_0000)], 0);
    run(
        Target::Gfx908,
        "v_fma_mix_f32 v0, v1, v2, v3 op_sel:[1,0,0] op_sel_hi:[1,0,0]",
        &mut w,
    );
    assert_eq!(w.vgpr[0][0], 0x40e0_0000);
    // |-1.0h| * 3.0 + -(1.0) = 2.0 (0x40000000): NEG_HI is abs on a MIX source.
    w.vgpr[1][0] = 0x0000_bc00;
    run(
        Target::Gfx908,
        "v_fma_mix_f32 v0, |v1|, v2, -v3 op_sel_hi:[1,0,0]",
        &mut w,
    );
    assert_eq!(w.vgpr[0][0], 0x4000_0000);
    // gfx900 MAD_MIX with the same operands: exact, so the same.
    run(
        Target::Gfx900,
        "v_mad_mix_f32 v0, |v1|, v2, -v3 op_sel_hi:[1,0,0]",
        &mut w,
    );
    assert_eq!(w.vgpr[0][0], 0x4000_0000);
    // An inline 1.0 as an f16 source is 0x3c00 in [15:0]: 1.0 * 3.0 + 1.0 = 4.0
    // (0x40800000), as it is as an f32 source; its high half (OPSEL 1) is 0: 0 * 3 + 1 = 1.0.
    let mut w = wave(1, &[(2, 0x4040_0000), (3, 0x3f80_0000)], 0);
    for (asm, want) in [
        (
            "v_fma_mix_f32 v0, 1.0, v2, v3 op_sel_hi:[1,0,0]",
            0x4080_0000,
        ),
        ("v_fma_mix_f32 v0, 1.0, v2, v3", 0x4080_0000),
        (
            "v_fma_mix_f32 v0, 1.0, v2, v3 op_sel:[1,0,0] op_sel_hi:[1,0,0]",
            0x3f80_0000,
        ),
    ] {
        run(Target::Gfx908, asm, &mut w);
        assert_eq!(w.vgpr[0][0], want, "{asm}");
    }
    // MIXLO/MIXHI: 1.0h * 2.0h + 0.5h = 2.5 (0x4100) into one half, the other kept.
    let mut w = wave(
        1,
        &[(0, 0x1234_5678), (1, 0x3c00), (2, 0x4000), (3, 0x3800)],
        0,
    );
    run(
        Target::Gfx900,
        "v_mad_mixlo_f16 v0, v1, v2, v3 op_sel_hi:[1,1,1]",
        &mut w,
    );
    assert_eq!(w.vgpr[0][0], 0x1234_4100);
    run(
        Target::Gfx908,
        "v_fma_mixhi_f16 v0, v1, v2, v3 op_sel_hi:[1,1,1]",
        &mut w,
    );
    assert_eq!(w.vgpr[0][0], 0x4100_4100);
}

#[test]
fn clamp_of_float_and_integer_halves() {
    let t = Target::Gfx900;
    // 1.0 + 0.5 = 1.5 -> 1.0 (0x3c00); -1.0 + 0.5 = -0.5 -> +0.
    let mut w = wave(1, &[(1, 0xbc00_3c00), (2, 0x3800_3800)], 0);
    run(t, "v_pk_add_f16 v0, v1, v2 clamp", &mut w);
    assert_eq!(w.vgpr[0][0], 0x0000_3c00);
    // A NaN half: +0 with DX10_CLAMP (MODE bit 8), open either way (dispute D5).
    let w = wave(1, &[(1, 0x3c00_7e00), (2, 0x0000_0000)], 1 << 8);
    let r = lane0(t, "v_pk_add_f16 v0, v1, v2 clamp", &w);
    assert_eq!(r.d, Some(0x3c00_0000));
    assert_eq!(
        r.unsettled.map(|u| (u.accept, u.rule)),
        Some((Accept::Mask(0xffff_0000), "gcn5.vop3p.clamp_nan"))
    );
    // Unsigned halves saturate: 0xfffe + 3 and 0xffff + 1 -> 0xffff each.
    let mut w = wave(1, &[(1, 0xffff_fffe), (2, 0x0001_0003)], 0);
    run(t, "v_pk_add_u16 v0, v1, v2 clamp", &mut w);
    assert_eq!(w.vgpr[0][0], 0xffff_ffff);
    run(t, "v_pk_add_u16 v0, v1, v2", &mut w);
    assert_eq!(w.vgpr[0][0], 0x0000_0001);
}

#[test]
fn dot_rows_on_the_wave() {
    let t = Target::Gfx908;
    // 4 * 255 * 255 + 0xffffffff: 0x0003f803 wrapped, 0xffffffff clamped.
    let mut w = wave(1, &[(1, u32::MAX), (2, u32::MAX), (3, u32::MAX)], 0);
    run(t, "v_dot4_u32_u8 v0, v1, v2, v3", &mut w);
    assert_eq!(w.vgpr[0][0], 0x0003_f803);
    run(t, "v_dot4_u32_u8 v0, v1, v2, v3 clamp", &mut w);
    assert_eq!(w.vgpr[0][0], 0xffff_ffff);
    // DOT2 int with op_sel swapping src0's halves: (3, 2) . (4, 5) = 12 + 10 = 22 + v3(0).
    let mut w = wave(1, &[(1, 0x0003_0002), (2, 0x0005_0004), (3, 0)], 0);
    run(
        t,
        "v_dot2_i32_i16 v0, v1, v2, v3 op_sel:[1,0,0] op_sel_hi:[0,1,1]",
        &mut w,
    );
    assert_eq!(w.vgpr[0][0], 22);
    // OP_SEL on the 32-bit accumulator: unsettled (rule gcn5.vop3p.opsel_32bit).
    let r = lane0(t, "v_dot2_i32_i16 v0, v1, v2, v3 op_sel:[0,0,1]", &w);
    assert_eq!(
        r.unsettled.map(|u| (u.accept, u.rule)),
        Some((Accept::Mask(0), "gcn5.vop3p.opsel_32bit"))
    );
}

/// The gfx908 VOP2 dot rows whose operands are typed 32-bit run through the 32-bit
/// executor with raw operands and D as the accumulator.
#[test]
fn vop2_dot_rows_accumulate() {
    let t = Target::Gfx908;
    // Bytes (1, 2, 3, 4) . (5, 6, 7, 8) = 5 + 12 + 21 + 32 = 70, + D (30) = 100.
    let mut w = wave(1, &[(0, 30), (1, 0x0403_0201), (2, 0x0807_0605)], 0);
    run(t, "v_dot4c_i32_i8 v0, v1, v2", &mut w);
    assert_eq!(w.vgpr[0][0], 100);
    // Halves (-1, 2) . (3, 4) = -3 + 8 = 5, + D (100) = 105.
    w.vgpr[1][0] = 0x0002_ffff;
    w.vgpr[2][0] = 0x0004_0003;
    run(t, "v_dot2c_i32_i16 v0, v1, v2", &mut w);
    assert_eq!(w.vgpr[0][0], 105);
}

#[test]
fn accvgpr_moves() {
    let t = Target::Gfx908;
    let mut w = wave(0b101, &[(3, 0x1234_5678)], 0);
    // Write v3 to a1 in lanes 0 and 2 (EXEC 0b101); lane 1 keeps 0.
    let inst = parse(t, "v_accvgpr_write_b32 a1, v3").expect("parses");
    crate::exec::execute(&mut w, &inst).expect("runs");
    assert_eq!(&w.acc[1][..3], &[0x1234_5678, 0, 0x1234_5678]);
    // Float constants are FP32 (MI100 "Matrix Arithmetic Opcodes"): 1.0 = 0x3f800000;
    // -16 sign-extends to 0xfffffff0.
    let inst = parse(t, "v_accvgpr_write_b32 a2, 1.0").expect("parses");
    crate::exec::execute(&mut w, &inst).expect("runs");
    assert_eq!(w.acc[2][0], 0x3f80_0000);
    let inst = parse(t, "v_accvgpr_write_b32 a2, -16").expect("parses");
    crate::exec::execute(&mut w, &inst).expect("runs");
    assert_eq!(w.acc[2][2], 0xffff_fff0);
    // Read a1 back to v7 in lane 0 only.
    w.exec = 1;
    let inst = parse(t, "v_accvgpr_read_b32 v7, a1").expect("parses");
    crate::exec::execute(&mut w, &inst).expect("runs");
    assert_eq!(&w.vgpr[7][..3], &[0x1234_5678, 0, 0]);
    assert_eq!(w.pc, 32);
}

/// The wave records what a lane leaves open, as the other vector executors do: found by
/// the vectors-against-models check (docs/design/0027, "Fourth round"), where every VOP3P
/// vector came out exact although V_PK_MIN_F16's kernel opens a half with a NaN operand.
#[test]
fn unsettled_lanes_reach_the_wave() {
    // v1 = (lo 1.0, hi qNaN 0x7e00), v2 = (lo 2.0, hi 1.0); MODE 0x3f0 (IEEE, denormals
    // kept). By hand: lo = min(1.0, 2.0) = 0x3c00, settled; hi has a NaN operand (rule
    // gcn5.v_pk_min_f16.nan: any value), so only bits 15:0 are settled.
    let mut w = wave(0b11, &[(1, 0x7e00_3c00), (2, 0x3c00_4000)], 0x3f0);
    w.unsettled.push(UnsettledLane {
        vdst: 9,
        dwords: 1,
        lane: 5,
        why: valu::LaneOut::d(0)
            .unsettled(valu::Accept::AnyNan, "stale", true)
            .unsettled
            .expect("an entry"),
    });
    run(Target::Gfx900, "v_pk_min_f16 v0, v1, v2", &mut w);
    assert_eq!(w.vgpr[0][0] & 0xffff, 0x3c00);
    let got: Vec<(u8, u8, valu::Accept, &str)> = w
        .unsettled
        .iter()
        .map(|u| (u.vdst, u.lane, u.why.accept, u.why.rule))
        .collect();
    let open = valu::Accept::Mask(0x0000_ffff);
    assert_eq!(
        got,
        vec![
            (0, 0, open, "gcn5.v_pk_min_f16.nan"),
            (0, 1, open, "gcn5.v_pk_min_f16.nan")
        ]
    );
    // A settled instruction clears the list.
    run(Target::Gfx900, "v_pk_add_u16 v0, v1, v2", &mut w);
    assert!(w.unsettled.is_empty());
}
