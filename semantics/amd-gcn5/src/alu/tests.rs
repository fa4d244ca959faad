//! The kernel tables against the instruction table, and the executor on hand-worked cases
//! (expected values worked out from the manual's pseudocode, not from the kernels).

use super::*;
use crate::exec::execute;
use crate::formats::parse;
use crate::target::Target;

/// A wave with `sets` applied (`("s1", v)`, `("scc", 1)`, `("exec", v)`, `("vcc", v)`,
/// `("m0", v)`, `("pc", v)`), then `asm` executed on gfx900 and gfx908 (same result).
fn run(asm: &str, sets: &[(&str, u64)]) -> Wave {
    let mut out: Option<Wave> = None;
    for t in Target::ALL {
        let inst = parse(t, asm).unwrap_or_else(|e| panic!("{asm}: {e}"));
        let mut w = Wave::default();
        for &(name, v) in sets {
            match name {
                "scc" => w.scc = v != 0,
                "exec" => w.exec = v,
                "vcc" => w.vcc = v,
                "m0" => w.m0 = v as u32,
                "pc" => w.pc = v,
                s => {
                    let n: usize = s[1..].parse().expect("sN");
                    w.sgpr[n] = v as u32;
                }
            }
        }
        execute(&mut w, &inst).unwrap_or_else(|e| panic!("{asm}: {e}"));
        if let Some(prev) = &out {
            assert_eq!(prev, &w, "{asm}: gfx900 and gfx908 differ");
        }
        out = Some(w);
    }
    out.expect("two targets")
}

#[test]
fn carries_and_overflow() {
    // 0xffffffff + 1 = 0 carry 1.
    let w = run("s_add_u32 s0, s1, s2", &[("s1", 0xffff_ffff), ("s2", 1)]);
    assert_eq!((w.sgpr[0], w.scc), (0, true));
    // A 64-bit add as s_add_u32 + s_addc_u32: the high half takes the carry.
    let w = run("s_addc_u32 s0, s1, s2", &[("s1", 5), ("s2", 7), ("scc", 1)]);
    assert_eq!((w.sgpr[0], w.scc), (13, false));
    let w = run(
        "s_addc_u32 s0, s1, s2",
        &[("s1", 0xffff_ffff), ("s2", 0), ("scc", 1)],
    );
    assert_eq!((w.sgpr[0], w.scc), (0, true));
    // 5 - 7 - 1 borrows.
    let w = run("s_subb_u32 s0, s1, s2", &[("s1", 7), ("s2", 7), ("scc", 1)]);
    assert_eq!((w.sgpr[0], w.scc), (0xffff_ffff, true));
    // Signed overflow: 0x7fffffff + 1.
    let w = run("s_add_i32 s0, s1, s2", &[("s1", 0x7fff_ffff), ("s2", 1)]);
    assert_eq!((w.sgpr[0], w.scc), (0x8000_0000, true));
    let w = run("s_sub_i32 s0, s1, s2", &[("s1", 0x8000_0000), ("s2", 1)]);
    assert_eq!((w.sgpr[0], w.scc), (0x7fff_ffff, true));
    // S_ADDK_I32 updates the SDST register: 0x7fff + 1 no overflow, 0x7fffffff + 1 does.
    let w = run("s_addk_i32 s0, 0x1", &[("s0", 0x7fff_ffff)]);
    assert_eq!((w.sgpr[0], w.scc), (0x8000_0000, true));
    let w = run("s_mulk_i32 s0, 0xfffe", &[("s0", 3)]);
    assert_eq!((w.sgpr[0], w.scc), (0xffff_fffa, false));
    // S_LSHL2_ADD_U32: (0x40000000 << 2) + 1 = 0x1_00000001, carry from the shifted bits.
    let w = run(
        "s_lshl2_add_u32 s0, s1, s2",
        &[("s1", 0x4000_0000), ("s2", 1)],
    );
    assert_eq!((w.sgpr[0], w.scc), (1, true));
}

#[test]
fn sixty_four_bit_operands_constants_and_literals() {
    // Inline -1 fills 64 bits; 1.0 is binary64 in a 64-bit operand.
    let w = run("s_mov_b64 s[2:3], -1", &[]);
    assert_eq!((w.sgpr[2], w.sgpr[3]), (0xffff_ffff, 0xffff_ffff));
    let w = run("s_mov_b64 s[2:3], 1.0", &[]);
    assert_eq!((w.sgpr[2], w.sgpr[3]), (0, 0x3ff0_0000));
    let w = run("s_mov_b32 s2, 1.0", &[]);
    assert_eq!(w.sgpr[2], 0x3f80_0000);
    // A literal: zero-extended for _B64, sign-extended for an _I64 operand.
    let w = run("s_mov_b64 s[2:3], 0x80000000", &[]);
    assert_eq!((w.sgpr[2], w.sgpr[3]), (0x8000_0000, 0));
    let w = run("s_ashr_i64 s[2:3], 0x80000000, 4", &[]);
    assert_eq!((w.sgpr[2], w.sgpr[3]), (0xf800_0000, 0xffff_ffff));
    // 64-bit logic sets SCC from all 64 bits.
    let w = run(
        "s_and_b64 s[0:1], s[2:3], s[4:5]",
        &[("s3", 0x8000_0000), ("s5", 0x8000_0000)],
    );
    assert_eq!((w.sgpr[0], w.sgpr[1], w.scc), (0, 0x8000_0000, true));
    // VCC as a pair.
    let w = run("s_not_b64 vcc, 0", &[]);
    assert_eq!((w.vcc, w.scc), (u64::MAX, true));
}

#[test]
fn exec_and_pc() {
    let w = run(
        "s_and_saveexec_b64 s[0:1], s[2:3]",
        &[
            ("exec", 0xffff_0000_ffff_0000),
            ("s2", 0x00ff_00ff),
            ("s3", 0),
        ],
    );
    assert_eq!((w.sgpr[0], w.sgpr[1]), (0xffff_0000, 0xffff_0000));
    assert_eq!((w.exec, w.scc), (0x00ff_0000, true));
    let w = run(
        "s_andn2_wrexec_b64 s[0:1], s[2:3]",
        &[("exec", 0xf), ("s2", 0xff)],
    );
    assert_eq!((w.exec, w.sgpr[0], w.scc), (0xf0, 0xf0, true));
    let w = run("s_getpc_b64 s[0:1]", &[("pc", 0x1_0000_0100)]);
    assert_eq!((w.sgpr[0], w.sgpr[1], w.pc), (0x104, 1, 0x1_0000_0104));
    // S_CALL_B64 with SIMM16 = -2: PC = PC + 4 - 8.
    let w = run("s_call_b64 s[4:5], 65534", &[("pc", 0x100)]);
    assert_eq!((w.sgpr[4], w.pc), (0x104, 0xfc));
    let w = run(
        "s_swappc_b64 s[0:1], s[2:3]",
        &[("pc", 0x40), ("s2", 0x800)],
    );
    assert_eq!((w.sgpr[0], w.pc), (0x44, 0x800));
    // A literal makes the instruction 8 bytes long.
    let w = run("s_mov_b32 s0, 0x12345678", &[("pc", 0x10)]);
    assert_eq!((w.sgpr[0], w.pc), (0x1234_5678, 0x18));
}

#[test]
fn bit_fields_and_masks() {
    // S_BFE_U32: offset 4, width 8 of 0x12345678 = 0x67.
    let w = run(
        "s_bfe_u32 s0, s1, s2",
        &[("s1", 0x1234_5678), ("s2", 0x0008_0004)],
    );
    assert_eq!((w.sgpr[0], w.scc), (0x67, true));
    // S_BFE_I32: offset 4, width 4 of 0x000000f0 = 0xf, sign-extended = -1.
    let w = run("s_bfe_i32 s0, s1, s2", &[("s1", 0xf0), ("s2", 0x0004_0004)]);
    assert_eq!(w.sgpr[0], 0xffff_ffff);
    // Width 0 extracts nothing.
    let w = run("s_bfe_i32 s0, s1, s2", &[("s1", 0xf0), ("s2", 4)]);
    assert_eq!((w.sgpr[0], w.scc), (0, false));
    let w = run("s_bfm_b32 s0, 4, 8", &[]);
    assert_eq!(w.sgpr[0], 0xf00);
    let w = run("s_wqm_b32 s0, s1", &[("s1", 0x0102_0010)]);
    assert_eq!(w.sgpr[0], 0x0f0f_00f0);
    let w = run("s_quadmask_b32 s0, s1", &[("s1", 0x0102_0010)]);
    assert_eq!(w.sgpr[0], 0b0101_0010);
    let w = run("s_bitreplicate_b64_b32 s[0:1], s2", &[("s2", 0x8000_0001)]);
    assert_eq!((w.sgpr[0], w.sgpr[1]), (3, 0xc000_0000));
    let w = run("s_bitset1_b64 s[0:1], 33", &[]);
    assert_eq!((w.sgpr[0], w.sgpr[1]), (0, 2));
    let w = run("s_brev_b32 s0, 1", &[]);
    assert_eq!(w.sgpr[0], 0x8000_0000);
    let w = run(
        "s_pack_lh_b32_b16 s0, s1, s2",
        &[("s1", 0xaaaa_1111), ("s2", 0x2222_bbbb)],
    );
    assert_eq!(w.sgpr[0], 0x2222_1111);
    let w = run("s_mul_hi_i32 s0, s1, s2", &[("s1", 0xffff_ffff), ("s2", 2)]);
    assert_eq!(w.sgpr[0], 0xffff_ffff);
}

#[test]
fn compares() {
    let w = run("s_cmpk_gt_i32 s0, 0xffff", &[("s0", 0)]);
    assert!(w.scc, "0 > -1 (the immediate is sign-extended)");
    let w = run("s_cmpk_gt_u32 s0, 0xffff", &[("s0", 0x10000)]);
    assert!(w.scc, "0x10000 > 0xffff (zero-extended)");
    let w = run("s_cmp_lt_i32 s0, s1", &[("s0", 0xffff_ffff), ("s1", 0)]);
    assert!(w.scc);
    let w = run("s_cmp_lt_u32 s0, s1", &[("s0", 0xffff_ffff), ("s1", 0)]);
    assert!(!w.scc);
    let w = run("s_cmp_eq_u64 s[0:1], s[2:3]", &[("s1", 1), ("s3", 2)]);
    assert!(!w.scc);
    let w = run("s_bitcmp1_b64 s[0:1], 63", &[("s1", 0x8000_0000)]);
    assert!(w.scc);
}

#[test]
fn wave_level_rows_reach_the_program_module() {
    for asm in ["s_movrels_b32 s5, s7", "s_nop 0"] {
        let inst = parse(Target::Gfx900, asm).expect("parses");
        execute(&mut Wave::default(), &inst).expect("program::execute runs it");
    }
}

/// A wave with EXEC, some VGPR lanes and SGPRs set, then `asm` executed on both targets.
fn run_v(asm: &str, exec: u64, setup: impl Fn(&mut Wave)) -> Result<Wave, String> {
    let mut out: Option<Wave> = None;
    for t in Target::ALL {
        let inst = parse(t, asm).map_err(|e| format!("{asm}: {e}"))?;
        let mut w = Wave {
            exec,
            mode: 0x3f0,
            ..Wave::default()
        };
        setup(&mut w);
        execute(&mut w, &inst).map_err(|e| e.to_string())?;
        if let Some(prev) = &out {
            assert_eq!(prev, &w, "{asm}: gfx900 and gfx908 differ");
        }
        out = Some(w);
    }
    Ok(out.expect("two targets"))
}

#[test]
fn vector_lanes_follow_exec() {
    let w = run_v("v_add_f32_e32 v0, v1, v2", 0b101, |w| {
        w.vgpr[1] = [0x3f80_0000; 64]; // 1.0
        w.vgpr[2] = [0x4000_0000; 64]; // 2.0
    })
    .unwrap();
    assert_eq!(&w.vgpr[0][..4], &[0x4040_0000, 0, 0x4040_0000, 0]);
    assert_eq!(w.trapsts, 0, "3.0 is exact");
    // A constant and an SGPR are the same in every lane.
    let w = run_v("v_add_f32_e32 v0, 1.0, v1", 1, |w| {
        w.vgpr[1][0] = 0x3f80_0000
    })
    .unwrap();
    assert_eq!(w.vgpr[0][0], 0x4000_0000);
    let w = run_v("v_add_u32_e32 v0, s3, v1", 0b11, |w| {
        w.sgpr[3] = 5;
        w.vgpr[1][1] = 7;
    })
    .unwrap();
    assert_eq!(&w.vgpr[0][..2], &[5, 12]);
    // A literal.
    let w = run_v("v_add_u32_e32 v0, 0x12345678, v1", 1, |_| {}).unwrap();
    assert_eq!((w.vgpr[0][0], w.pc), (0x1234_5678, 8));
}

#[test]
fn vector_carries_masks_and_flags() {
    let setup = |w: &mut Wave| {
        w.vgpr[1] = [0xffff_ffff; 64];
        w.vgpr[2] = [1; 64];
        w.vgpr[2][1] = 0;
    };
    // VCC gets the carry of each active lane; inactive lanes read 0.
    let w = run_v("v_add_co_u32_e32 v0, vcc, v1, v2", 0b111, setup).unwrap();
    assert_eq!(w.vcc, 0b101);
    assert_eq!(&w.vgpr[0][..3], &[0, 0xffff_ffff, 0]);
    // The VOP3B form writes the SGPR pair it names.
    let w = run_v("v_add_co_u32_e64 v0, s[4:5], v1, v2", 0b11, setup).unwrap();
    assert_eq!((w.sgpr[4], w.sgpr[5], w.vcc), (0b01, 0, 0));
    // CNDMASK selects S1 where VCC is set.
    let w = run_v("v_cndmask_b32_e32 v0, v1, v2, vcc", 0b11, |w| {
        w.vgpr[1] = [7; 64];
        w.vgpr[2] = [9; 64];
        w.vcc = 0b10;
    })
    .unwrap();
    assert_eq!(&w.vgpr[0][..2], &[7, 9]);
    // inf * 0: invalid, AMD's default NaN, TRAPSTS.EXCP[0].
    let w = run_v("v_mul_f32_e32 v0, v1, v2", 1, |w| {
        w.vgpr[1][0] = 0x7f80_0000;
        w.trapsts = 1 << 5;
    })
    .unwrap();
    assert_eq!((w.vgpr[0][0], w.trapsts), (0xffc0_0000, 0b10_0001));
}

#[test]
fn vector_modifiers_and_halves() {
    // -v1 - |v2| with v1 = 1.0, v2 = -2.0: -1 - 2 = -3.
    let w = run_v("v_sub_f32_e64 v0, -v1, |v2|", 1, |w| {
        w.vgpr[1][0] = 0x3f80_0000;
        w.vgpr[2][0] = 0xc000_0000;
    })
    .unwrap();
    assert_eq!(w.vgpr[0][0], 0xc040_0000);
    // A 16-bit result writes [15:0] and zeroes [31:16] (rule gcn5.valu.f16_high_half);
    // the f16 constant 1.0 is 0x3c00.
    let w = run_v("v_add_f16_e32 v0, 1.0, v1", 1, |w| {
        w.vgpr[0][0] = 0xdead_beef;
        w.vgpr[1][0] = 0xffff_3c00;
    })
    .unwrap();
    assert_eq!(w.vgpr[0][0], 0x4000);
    // CLAMP: 2.0 + 0 = 2.0 clamps to 1.0 (0x3f800000; docs/design/0020).
    let w = run_v("v_add_f32_e64 v0, v1, v2 clamp", 1, |w| {
        w.vgpr[1][0] = 0x4000_0000
    })
    .unwrap();
    assert_eq!(w.vgpr[0][0], 0x3f80_0000);
    // SDWA: 1.0 + 1.0 = 2.0 = 0x40000000; its low half (0) goes to [31:16], [15:0] kept.
    let w = run_v("v_add_f32_sdwa v0, v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD", 1, |w| {
        w.vgpr[0][0] = 0xdead_beef;
        w.vgpr[1][0] = 0x3f80_0000;
        w.vgpr[2][0] = 0x3f80_0000;
    })
    .unwrap();
    assert_eq!(w.vgpr[0][0], 0x0000_beef);
    // V_MSAD_U8 (worked by hand, docs/design/0037): S1 = 0xff_7f_00_03 masks out byte 1
    // (its reference byte is 0): |0x01-0x03| + |0x80-0x7f| + |0x00-0xff| = 2+1+255 = 258,
    // + S2 = 1 → 259 = 0x103.
    let w = run_v("v_msad_u8 v0, v1, v2, v3", 1, |w| {
        w.vgpr[1][0] = 0x0080_ff01;
        w.vgpr[2][0] = 0xff7f_0003;
        w.vgpr[3][0] = 1;
    })
    .unwrap();
    assert_eq!(w.vgpr[0][0], 0x103);
}
