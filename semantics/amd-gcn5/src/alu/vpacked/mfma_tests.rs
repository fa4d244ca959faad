//! MFMA on hand-worked waves. Layout expectations are the AMD Matrix Instruction
//! Calculator's printed examples (its README, CDNA2 runs of rows CDNA1 shares) or worked by
//! hand from its formulas; values are worked by hand in the comments.

use super::*;
use crate::alu::valu::Accept;
use crate::formats::parse;
use crate::instructions::{rows, Format as RowFormat};
use crate::target::Target;

const T: Target = Target::Gfx908;
/// FP_DENORM = 3/3 (keep every denormal), round to nearest even.
const KEEP: u32 = 0xf0;

fn wave(mode: u32) -> Wave {
    Wave {
        exec: u64::MAX,
        mode,
        target: T,
        ..Wave::default()
    }
}

fn run(asm: &str, w: &mut Wave) {
    let inst = parse(T, asm).unwrap_or_else(|e| panic!("{asm}: {e}"));
    crate::exec::execute(w, &inst).unwrap_or_else(|e| panic!("{asm}: {e}"));
}

fn accept_of(w: &Wave, reg: usize, lane: usize) -> Option<(Accept, &'static str)> {
    w.unsettled_acc
        .iter()
        .find(|u| usize::from(u.vdst) == reg && usize::from(u.lane) == lane)
        .map(|u| (u.why.accept, u.why.rule))
}

#[test]
fn layout_matches_the_calculators_examples() {
    // README: V_MFMA_F32_4X4X4F16, A[1][2] of block 4 = v1{17}.[15:0]
    let s = shape("V_MFMA_F32_4X4X4F16").expect("row");
    assert_eq!(s.input(s.m, 1, 2, 4), (1, 17, 0));
    // and its high half: v1{17}.[31:16] = A[1][3].B4
    assert_eq!(s.input(s.m, 1, 3, 4), (1, 17, 16));
    // D[3][2] of block 1 = v3{6}; v2{33} = D[2][1] of block 8
    assert_eq!(s.output(3, 2, 1), (3, 6, 0));
    assert_eq!(s.output(2, 1, 8), (2, 33, 0));
    // "A[i][k].block Lane: 4 * block + i", "C or D[i][j].block GPR: i, Lane: 4 * block + j"
    let s = shape("V_MFMA_F32_4X4X1F32").expect("row");
    assert_eq!(s.input(s.m, 3, 0, 9), (0, 39, 0));
    assert_eq!(s.output(2, 3, 9), (2, 39, 0));
    // README: V_MFMA_F32_16X16X2BF16 A[i][k] of block b = v0{16b + i}.[16k+15:16k]
    let s = shape("V_MFMA_F32_16X16X2BF16").expect("row");
    assert_eq!(s.input(s.m, 5, 1, 2), (0, 37, 16));
    // By hand from the formulas: 32X32X8F16 (P = 8*32/64 = 4 per lane): A[5][6] is element
    // 6 mod 4 = 2 (v1.[15:0]) of lane (6 div 4)*32 + 5 = 37; D[13][7] is register
    // (13 div 8)*4 + 13 mod 4 = 5, lane ((13 div 4) mod 2)*32 + 7 = 39.
    let s = shape("V_MFMA_F32_32X32X8F16").expect("row");
    assert_eq!(s.input(s.m, 5, 6, 0), (1, 37, 0));
    assert_eq!(s.output(13, 7, 0), (5, 39, 0));
    // 16X16X16I8 (P = 4 bytes per lane): B[9][3] is byte 1 of lane 2*16 + 3 = 35.
    let s = shape("V_MFMA_I32_16X16X16I8").expect("row");
    assert_eq!(s.input(s.n, 3, 9, 0), (0, 35, 8));
}

/// Every element of every matrix of every row has its own slot, inside the operand's
/// registers (a layout that doubled up or ran past the tuple would fail here).
#[test]
fn layouts_are_one_to_one() {
    for r in rows().filter(|r| r.format == RowFormat::Vop3pMai) {
        let Some(s) = shape(r.name) else { continue };
        let (ab, cd) = crate::formats::mai::mfma_shape(r);
        let mut seen = std::collections::HashSet::new();
        for b in 0..s.blocks {
            for i in 0..s.m {
                for k in 0..s.k {
                    let p = s.input(s.m, i, k, b);
                    assert!(p.0 < usize::from(ab) && p.1 < 64, "{} A {p:?}", r.name);
                    assert!(seen.insert(p), "{} A {i} {k} {b}", r.name);
                }
            }
        }
        let mut seen = std::collections::HashSet::new();
        for b in 0..s.blocks {
            for i in 0..s.m {
                for j in 0..s.n {
                    let p = s.output(i, j, b);
                    assert!(p.0 < usize::from(cd) && p.1 < 64, "{} D {p:?}", r.name);
                    assert!(seen.insert(p), "{} D {i} {j} {b}", r.name);
                }
            }
        }
        assert_eq!(seen.len(), 64 * usize::from(cd), "{}", r.name);
    }
}

#[test]
fn broadcasts_follow_the_readme() {
    // CBSZ=1 ABID=1 on 16 blocks: block 1 in place of 0 and 1, 3 for 2 and 3, 5 for 4, 5.
    assert_eq!(a_block(0, 16, 1, 1), (1, true));
    assert_eq!(a_block(2, 16, 1, 1), (3, true));
    assert_eq!(a_block(5, 16, 1, 1), (5, true));
    // CBSZ=2 ABID=1: 1 for 0-3, 5 for 4-7, 13 for 12-15; CBSZ=4 ABID=13: 13 everywhere.
    assert_eq!(a_block(3, 16, 2, 1), (1, true));
    assert_eq!(a_block(6, 16, 2, 1), (5, true));
    assert_eq!(a_block(12, 16, 2, 1), (13, true));
    assert_eq!(a_block(0, 16, 4, 13), (13, true));
    // ABID beyond 2^CBSZ - 1, or CBSZ beyond log2(blocks): outside the documented range.
    assert!(!a_block(0, 16, 1, 2).1);
    assert!(!a_block(0, 4, 3, 0).1);
    assert!(!a_block(0, 1, 0, 1).1);
    // BLGP: 1 lanes 0-31 into 32-63; 2 lanes 32-63 into 0-31; 3 rotate down by 16 (lane
    // 0's data to lane 48, lane 16's to lane 0); 4-7 one group of 16 everywhere.
    assert_eq!((blgp_lane(40, 1), blgp_lane(8, 1)), (8, 8));
    assert_eq!((blgp_lane(3, 2), blgp_lane(40, 2)), (35, 40));
    assert_eq!((blgp_lane(48, 3), blgp_lane(0, 3)), (0, 16));
    assert_eq!([4, 5, 6, 7].map(|p| blgp_lane(37, p)), [5, 21, 37, 53]);
    assert_eq!(blgp_lane(37, 0), 37);
}

#[test]
fn f32_rows_by_hand() {
    // 4X4X1F32: D = A × B + C with K = 1: 1.0 × 2.0 + 0.5 = 2.5 (0x40200000) everywhere.
    let mut w = wave(KEEP);
    w.vgpr[0] = [0x3f80_0000; 64];
    w.vgpr[1] = [0x4000_0000; 64];
    for r in 4..8 {
        w.acc[r] = [0x3f00_0000; 64];
    }
    run("v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[4:7]", &mut w);
    for r in 0..4 {
        assert_eq!(w.acc[r], [0x4020_0000; 64]);
    }
    assert_eq!(w.trapsts, 0);
    // 32X32X2F32, one non-zero product: A[5][1] = 3.0 at lane 32 + 5, B[1][7] = 0.5 at lane
    // 32 + 7: D[5][7] = 1.5 (0x3fc00000) at register 1 lane 39; all others +0.
    let mut w = wave(KEEP);
    w.vgpr[0][37] = 0x4040_0000;
    w.vgpr[1][39] = 0x3f00_0000;
    run("v_mfma_f32_32x32x2f32 a[0:15], v0, v1, a[16:31]", &mut w);
    for r in 0..16 {
        for l in 0..64 {
            let want = if (r, l) == (1, 39) { 0x3fc0_0000 } else { 0 };
            assert_eq!(w.acc[r][l], want, "a{r}[{l}]");
        }
    }
    // C = D in place (rule reads_first): 1.0 × 1.0 + a = a + 1: 1.0 + 1.0 = 2.0.
    let mut w = wave(KEEP);
    w.vgpr[0] = [0x3f80_0000; 64];
    for r in 0..4 {
        w.acc[r] = [0x3f80_0000; 64];
    }
    run("v_mfma_f32_16x16x4f32 a[0:3], v0, v0, a[0:3]", &mut w);
    // K = 4: 4 × (1 × 1) + 1 = 5.0 (0x40a00000)
    assert_eq!(w.acc[2], [0x40a0_0000; 64]);
}

#[test]
fn f16_bf16_i8_rows_by_hand() {
    // 16X16X16F16, every A and B element f16 1.0 (0x3c00): D = 16 × 1 + 0 = 16.0.
    let mut w = wave(KEEP);
    for r in 0..4 {
        w.vgpr[r] = [0x3c00_3c00; 64];
    }
    run(
        "v_mfma_f32_16x16x16f16 a[0:3], v[0:1], v[2:3], a[0:3]",
        &mut w,
    );
    assert_eq!(w.acc[3], [0x4180_0000; 64]);
    // 32X32X4BF16: A bf16 1.0 (0x3f80), B bf16 2.0 (0x4000), K = 4: D = 8.0.
    let mut w = wave(KEEP);
    w.vgpr[0] = [0x3f80_3f80; 64];
    w.vgpr[1] = [0x4000_4000; 64];
    run("v_mfma_f32_32x32x4bf16 a[0:15], v0, v1, a[0:15]", &mut w);
    assert_eq!(w.acc[15], [0x4100_0000; 64]);
    // 4X4X4F16 with AccVGPR sources: A = a[20:21], one f16 3.0 (0x4200) in the low half of
    // a20 (k = 0), B = v[0:1] all f16 1.0: D = 3.0 (0x40400000) + 0.
    let mut w = wave(KEEP);
    w.acc[20] = [0x0000_4200; 64];
    w.vgpr[0] = [0x3c00_3c00; 64];
    w.vgpr[1] = [0x3c00_3c00; 64];
    run(
        "v_mfma_f32_4x4x4f16 a[0:3], a[20:21], v[0:1], a[4:7]",
        &mut w,
    );
    assert_eq!(w.acc[0], [0x4040_0000; 64]);
    // 16X16X16I8: A bytes -1 (0xff), B bytes 2, C = 100: 16 × (-2) + 100 = 68 (0x44).
    let mut w = wave(KEEP);
    w.vgpr[0] = [0xffff_ffff; 64];
    w.vgpr[1] = [0x0202_0202; 64];
    for r in 0..4 {
        w.acc[r] = [100; 64];
    }
    run("v_mfma_i32_16x16x16i8 a[0:3], v0, v1, a[0:3]", &mut w);
    assert_eq!(w.acc[0], [0x44; 64]);
    assert!(w.unsettled_acc.is_empty());
    // 4X4X4I8 at the top of I32: 0x7fffffff + 4 × (1 × 1) wraps to 0x80000003; an order
    // may overflow, so the lane is open (rule i8_overflow).
    let mut w = wave(KEEP);
    w.vgpr[0] = [0x0101_0101; 64];
    w.acc[4] = [0x7fff_ffff; 64];
    run("v_mfma_i32_4x4x4i8 a[0:3], v0, v0, a[4:7]", &mut w);
    assert_eq!(w.acc[0][0], 0x8000_0003);
    assert_eq!(
        accept_of(&w, 0, 0),
        Some((Accept::Mask(0), "gcn5.mfma.i8_overflow"))
    );
}

#[test]
fn cbsz_abid_blgp_by_hand() {
    // 4X4X1F32: A = 1.0 only in block 2 (lanes 8..11), B = 1.0: without CBSZ only block 2's
    // D (lanes 8..11) is 1.0; CBSZ=4 ABID=2 feeds block 2's A to all 16 blocks.
    let base = || {
        let mut w = wave(KEEP);
        for l in 8..12 {
            w.vgpr[0][l] = 0x3f80_0000;
        }
        w.vgpr[1] = [0x3f80_0000; 64];
        w
    };
    let mut w = base();
    run("v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[4:7]", &mut w);
    assert_eq!(w.acc[1][9], 0x3f80_0000);
    assert_eq!(w.acc[1][13], 0);
    let mut w = base();
    run(
        "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[4:7] cbsz:4 abid:2",
        &mut w,
    );
    assert_eq!(w.acc[1], [0x3f80_0000; 64]);
    // Open only by the float order (an interval), not by the range rule.
    assert!(w
        .unsettled_acc
        .iter()
        .all(|u| u.why.rule == "gcn5.mfma.float_sum"));
    // CBSZ=1 ABID=2 is outside the range: every lane open.
    let mut w = base();
    run(
        "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[4:7] cbsz:1 abid:2",
        &mut w,
    );
    assert_eq!(
        accept_of(&w, 0, 0),
        Some((Accept::Mask(0), "gcn5.mfma.cbsz_abid_range"))
    );
    // B = 2.0 only in lanes 16..31, A = 1.0: BLGP=5 broadcasts lanes 16-31: D = 2.0 in
    // every block; BLGP=0 leaves block 0 (lanes 0..3) at 0.
    let mut w = wave(KEEP);
    w.vgpr[0] = [0x3f80_0000; 64];
    for l in 16..32 {
        w.vgpr[1][l] = 0x4000_0000;
    }
    let saved = w.clone();
    run("v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[4:7] blgp:5", &mut w);
    assert_eq!(w.acc[3], [0x4000_0000; 64]);
    let mut w = saved;
    run("v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[4:7]", &mut w);
    assert_eq!((w.acc[3][2], w.acc[3][18]), (0, 0x4000_0000));
}

#[test]
fn exec_specials_and_acceptance() {
    // EXEC = lanes 0..15: lanes 16.. keep their old AccVGPR value, every lane open.
    let mut w = wave(KEEP);
    w.exec = 0xffff;
    w.vgpr[0] = [0x3f80_0000; 64];
    w.acc[0] = [7; 64];
    run("v_mfma_f32_4x4x1f32 a[0:3], v0, v0, a[4:7]", &mut w);
    assert_eq!((w.acc[0][3], w.acc[0][40]), (0x3f80_0000, 7));
    assert_eq!(
        accept_of(&w, 0, 40),
        Some((Accept::Mask(0), "gcn5.mfma.exec"))
    );
    // A NaN (0x7fc00001) gives a NaN; ∞ × 0 too; no TRAPSTS bit ("no arithmetic
    // exceptions").
    let mut w = wave(KEEP);
    w.vgpr[0] = [0x7fc0_0001; 64];
    w.vgpr[1] = [0x7f80_0000; 64];
    run("v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[4:7]", &mut w);
    assert_eq!(w.acc[0][0] & 0x7fc0_0000, 0x7fc0_0000);
    assert_eq!(accept_of(&w, 0, 0).map(|a| a.0), Some(Accept::AnyNan));
    let mut w = wave(KEEP);
    w.vgpr[1] = [0x7f80_0000; 64];
    run("v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[4:7]", &mut w);
    assert_eq!(accept_of(&w, 1, 1).map(|a| a.0), Some(Accept::AnyNan));
    assert_eq!(w.trapsts, 0);
    // 1.0 × 2^-30 (0x30800000) + 1.0: the exact 1 + 2^-30 rounds once to 1.0; an order
    // rounding upward gives 1 + 2^-23 (0x3f800001), which the interval must hold.
    let mut w = wave(KEEP);
    w.vgpr[0] = [0x3f80_0000; 64];
    w.vgpr[1] = [0x3080_0000; 64];
    w.acc[4] = [0x3f80_0000; 64];
    run("v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[4:7]", &mut w);
    assert_eq!(w.acc[0][0], 0x3f80_0000);
    let Some((Accept::Range { lo, hi }, "gcn5.mfma.float_sum")) = accept_of(&w, 0, 0) else {
        panic!("{:?}", accept_of(&w, 0, 0))
    };
    assert!(
        lo <= 0x3f80_0000 && (0x3f80_0001..0x3f80_0010).contains(&hi),
        "{lo:#x} {hi:#x}"
    );
    // MODE 0 flushes f32 input denormals: 2^-149 (0x1) × 2^100 (0x71800000) = 2^-49 is
    // gpuref's +0 under MODE 0, and the interval (rule denorm) holds 2^-49 (0x27000000).
    let mut w = wave(0);
    w.vgpr[0] = [1; 64];
    w.vgpr[1] = [0x7180_0000; 64];
    run("v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[4:7]", &mut w);
    assert_eq!(w.acc[0][0], 0);
    let Some((Accept::Range { lo, hi }, "gcn5.mfma.denorm")) = accept_of(&w, 0, 0) else {
        panic!("{:?}", accept_of(&w, 0, 0))
    };
    assert!(lo >= 0x8000_0000 && hi >= 0x2700_0000, "{lo:#x} {hi:#x}");
}

/// Whether `d` is inside `a` (binary32 numeric order for ranges).
fn holds(d: u32, a: Accept) -> bool {
    let key = |x: u64| {
        if x & 0x8000_0000 != 0 {
            -((x & 0x7fff_ffff) as i64) - 1
        } else {
            x as i64
        }
    };
    match a {
        Accept::Mask(m) => m == 0 || m & 0xffff_ffff == 0,
        Accept::Mask128(m) => m as u32 == 0,
        Accept::AnyNan => d & 0x7f80_0000 == 0x7f80_0000 && d & 0x007f_ffff != 0,
        Accept::Range { lo, hi } => key(lo) <= key(u64::from(d)) && key(u64::from(d)) <= key(hi),
    }
}

/// Every MFMA row on seeded random waves, modifiers and modes: no panic, and gpuref's own
/// value lies in the acceptance set it states.
#[test]
fn random_waves_never_panic_and_hold_their_value() {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for r in rows().filter(|r| r.format == RowFormat::Vop3pMai && r.name.starts_with("V_MFMA")) {
        let (ab, cd) = crate::formats::mai::mfma_shape(r);
        let cd_hi = 32 + cd - 1;
        let a = if ab == 2 {
            "v[0:1]".to_string()
        } else {
            "v0".into()
        };
        let b = if ab == 2 {
            "a[64:65]".to_string()
        } else {
            "a64".into()
        };
        for round in 0..6 {
            let mut w = wave((next() & 0xff) as u32);
            for reg in 0..4 {
                w.vgpr[reg] = std::array::from_fn(|_| next() as u32);
            }
            for reg in 0..80 {
                w.acc[reg] = std::array::from_fn(|_| next() as u32);
            }
            let m = next();
            let mods = if round == 0 {
                String::new()
            } else {
                format!(
                    " cbsz:{} abid:{} blgp:{}",
                    m & 7,
                    (m >> 3) & 15,
                    (m >> 7) & 7
                )
            };
            let asm = format!(
                "{} a[0:{}], {a}, {b}, a[32:{cd_hi}]{mods}",
                r.name.to_ascii_lowercase(),
                cd - 1
            );
            run(&asm, &mut w);
            for u in &w.unsettled_acc {
                let d = w.acc[usize::from(u.vdst)][usize::from(u.lane)];
                assert!(
                    holds(d, u.why.accept),
                    "{asm}: a{}[{}]={d:#x} {:?}",
                    u.vdst,
                    u.lane,
                    u.why
                );
            }
        }
    }
}
