//! The MFMA rows at wave level (docs/design/0036-gcn5-mfma.md, "The z3 model"): the
//! element layout of gpuref-smt (typed from the calculator's formulas, slot to element)
//! against the kernel's (element to slot) for all 20 rows, and random waves run by the
//! kernel with every output element checked against the z3 element model.

mod common;

use common::{Evaluator, Inputs, Rng};
use gpuref_amd_gcn5::alu::valu::Accept;
use gpuref_amd_gcn5::alu::vpacked::{a_block, blgp_lane, shape};
use gpuref_amd_gcn5::formats::parse;
use gpuref_amd_gcn5::wave::Wave;
use gpuref_amd_gcn5::Target;
use gpuref_smt::gcn5::mfma::{blgp_source, cbsz_abid_source, element_model, Row, Ty, ROWS};
use std::collections::BTreeMap;
use std::time::Instant;

const LANES: usize = 64;

/// Element (block, outer index, k) -> (register, lane, bit), from the slot-to-element map.
fn input_places(row: &Row, outer: usize) -> BTreeMap<(usize, usize, usize), (usize, usize, usize)> {
    let mut out = BTreeMap::new();
    for reg in 0..row.in_regs() {
        for lane in 0..LANES {
            for bit in 0..32 {
                if let Some(e) = row.input_at(outer, reg, lane, bit) {
                    out.insert(e, (reg, lane, bit));
                }
            }
        }
    }
    out
}

#[test]
fn the_models_layout_agrees_with_the_kernels_for_all_20_rows() {
    let mut compared = 0;
    for row in ROWS {
        let k = shape(row.name).unwrap_or_else(|| panic!("{}: no kernel shape", row.name));
        assert_eq!(
            (k.m, k.n, k.k, k.blocks),
            (row.m, row.n, row.k, row.blocks),
            "{}",
            row.name
        );
        for (outer, what) in [(row.m, "A"), (row.n, "B")] {
            let places = input_places(row, outer);
            assert_eq!(
                places.len(),
                row.blocks * outer * row.k,
                "{} {what}",
                row.name
            );
            for (&(block, i, kk), &slot) in &places {
                assert_eq!(
                    k.input(outer, i, kk, block),
                    slot,
                    "{} {what}[{i}][{kk}] block {block}",
                    row.name
                );
                compared += 1;
            }
        }
        for reg in 0..row.out_regs() {
            for lane in 0..LANES {
                let (block, i, j) = row.output_at(reg, lane).expect("a C/D slot");
                assert_eq!(
                    k.output(i, j, block),
                    (reg, lane, 0),
                    "{} D[{i}][{j}] block {block}",
                    row.name
                );
                compared += 1;
            }
        }
        for lane in 0..LANES {
            for blgp in 0..8 {
                assert_eq!(
                    blgp_lane(lane, blgp),
                    blgp_source(lane, blgp),
                    "BLGP {blgp} lane {lane}"
                );
            }
        }
        for cbsz in 0..8u8 {
            for abid in 0..16u8 {
                if (1usize << cbsz) > row.blocks || usize::from(abid) >= 1 << cbsz {
                    continue;
                }
                for b in 0..row.blocks {
                    assert_eq!(
                        a_block(b, row.blocks, cbsz, abid),
                        (cbsz_abid_source(b, cbsz, abid), true),
                        "{}",
                        row.name
                    );
                }
            }
        }
    }
    eprintln!(
        "layout: {compared} element slots compared over {} rows",
        ROWS.len()
    );
}

/// Values an input element takes: edges of its format half the time, else random bits.
fn value(ty: Ty, rng: &mut Rng) -> u64 {
    let r = rng.next();
    let edges: &[u64] = match ty {
        Ty::F32 => &[
            0,
            0x8000_0000,
            0x3f80_0000,
            0xbf80_0000,
            0x7f80_0000,
            0xff80_0000,
            0x7fc0_0001,
            0x0000_0001,
            0x807f_ffff,
            0x7f7f_ffff,
            0x4000_0000,
        ],
        Ty::F16 => &[
            0, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e01, 0x0001, 0x83ff, 0x7bff, 0x4000,
        ],
        Ty::Bf16 => &[
            0, 0x8000, 0x3f80, 0xbf80, 0x7f80, 0xff80, 0x7fc1, 0x0001, 0x807f, 0x7f7f, 0x4000,
        ],
        Ty::I8 => &[0, 1, 0x7f, 0x80, 0xff, 0x81],
    };
    let w = ty.width();
    if r & 3 == 0 {
        edges[(r >> 8) as usize % edges.len()]
    } else if r & 3 == 1 && ty != Ty::I8 {
        // Near 1.0 in magnitude: sums that round.
        let top = match ty {
            Ty::F32 => 0x3f00_0000 | (rng.next() & 0x01ff_ffff),
            Ty::F16 => 0x3800 | (rng.next() & 0x07ff),
            _ => 0x3f00 | (rng.next() & 0x01ff),
        };
        top | ((r >> 5) & 1) << (w - 1)
    } else {
        rng.next() & ((1u64 << w) - 1)
    }
}

/// MODE values: RNE keep all, flush all, round up / down / toward zero, flush single only.
const MODES: [u32; 6] = [0xf0, 0x0, 0xf5, 0xfa, 0xff, 0xc0];

#[test]
fn random_waves_agree_with_the_element_model_on_every_output_element() {
    let t = Instant::now();
    let mut rng = Rng(0x6d66_6d61_0000_0001);
    let (mut elements, mut fails) = (0usize, Vec::new());
    let only = std::env::var("GPUREF_SMT_ONLY").unwrap_or_default();
    for row in ROWS {
        if !only.is_empty() && !only.split(',').any(|o| o.eq_ignore_ascii_case(row.name)) {
            continue;
        }
        let model = element_model(row.name).expect("a model");
        // A float model's Real terms are slow to evaluate: fewer waves for the big rows.
        let waves = if row.ty == Ty::I8 {
            3
        } else {
            (512 / (row.m * row.n * row.blocks / 64 * 16)).clamp(1, 3)
        };
        for w in 0..waves {
            let mode = MODES[(rng.next() % MODES.len() as u64) as usize];
            let ev = Evaluator::new(model.clone(), mode);
            let mut wave = Wave {
                exec: u64::MAX,
                mode,
                target: Target::Gfx908,
                ..Wave::default()
            };
            // A in v0.. (or a128.. on odd waves), B in v4.., C in a64.., D in a0..
            for reg in 0..row.in_regs() {
                for lane in 0..LANES {
                    let dword = |rng: &mut Rng| {
                        let per = 32 / row.ty.width();
                        (0..per).fold(0u64, |acc, e| {
                            acc | value(row.ty, rng) << (e * row.ty.width())
                        }) as u32
                    };
                    let a = dword(&mut rng);
                    let b = dword(&mut rng);
                    if w % 2 == 1 {
                        wave.acc[128 + reg][lane] = a;
                    } else {
                        wave.vgpr[reg][lane] = a;
                    }
                    wave.vgpr[4 + reg][lane] = b;
                }
            }
            for reg in 0..row.out_regs() {
                for lane in 0..LANES {
                    let c = if row.ty == Ty::I8 {
                        (value(Ty::I8, &mut rng) as u32 * 0x0101_0101)
                            ^ (rng.next() as u32 & 0x8fff_ffff)
                    } else {
                        value(Ty::F32, &mut rng) as u32
                    };
                    wave.acc[64 + reg][lane] = c;
                }
            }
            let cbsz_max = row.blocks.trailing_zeros() as u64;
            let cbsz = (rng.next() % (cbsz_max + 1)) as u8;
            let abid = (rng.next() % (1 << cbsz)) as u8;
            let blgp = (rng.next() % 8) as u8;
            let range = |first: usize, n: usize, p: char| {
                if n == 1 {
                    format!("{p}{first}")
                } else {
                    format!("{p}[{first}:{}]", first + n - 1)
                }
            };
            let a_op = if w % 2 == 1 {
                range(128, row.in_regs(), 'a')
            } else {
                range(0, row.in_regs(), 'v')
            };
            let asm = format!(
                "{} {}, {}, {}, {} cbsz:{cbsz} abid:{abid} blgp:{blgp}",
                row.name.to_ascii_lowercase(),
                range(0, row.out_regs(), 'a'),
                a_op,
                range(4, row.in_regs(), 'v'),
                range(64, row.out_regs(), 'a'),
            );
            let inst = parse(Target::Gfx908, &asm).unwrap_or_else(|e| panic!("{asm}: {e}"));
            let before = wave.clone();
            gpuref_amd_gcn5::exec::execute(&mut wave, &inst)
                .unwrap_or_else(|e| panic!("{asm}: {e}"));
            let (a_at, b_at) = (input_places(row, row.m), input_places(row, row.n));
            let width = row.ty.width();
            let read = |acc: bool, first: usize, (reg, lane, bit): (usize, usize, usize)| {
                let d = if acc {
                    before.acc[first + reg][lane]
                } else {
                    before.vgpr[first + reg][lane]
                };
                (u64::from(d) >> bit) & ((1u64 << width) - 1)
            };
            for reg in 0..row.out_regs() {
                for lane in 0..LANES {
                    let (block, i, j) = row.output_at(reg, lane).expect("a slot");
                    let ab = cbsz_abid_source(block, cbsz, abid);
                    let mut inp = Inputs::new();
                    for kk in 0..row.k {
                        let (areg, alane, abit) = a_at[&(ab, i, kk)];
                        let av = if w % 2 == 1 {
                            read(true, 128, (areg, alane, abit))
                        } else {
                            read(false, 0, (areg, alane, abit))
                        };
                        let (breg, blane, bbit) = b_at[&(block, j, kk)];
                        let bv = read(false, 4, (breg, blgp_source(blane, blgp), bbit));
                        inp.insert(model.inputs[kk].0, av);
                        inp.insert(model.inputs[row.k + kk].0, bv);
                    }
                    inp.insert("c", u64::from(before.acc[64 + reg][lane]));
                    let out = ev.eval(&inp);
                    let d = u64::from(wave.acc[reg][lane]);
                    let accept = wave
                        .unsettled_acc
                        .iter()
                        .find(|u| usize::from(u.vdst) == reg && usize::from(u.lane) == lane)
                        .map(|u| u.why.accept);
                    let agree = if row.ty == Ty::I8 {
                        out["d"] == d
                            && (out["open"] == 1) == matches!(accept, Some(Accept::Mask(0)))
                    } else {
                        // Any NaN: the bits of d are free (nan_any).
                        (out["d"] == d || (out["nan_any"] == 1 && common::nan(d, 32)))
                            && match accept {
                                None => {
                                    out["nan_any"] == 0
                                        && out["open"] == 0
                                        && out["lo"] == d
                                        && out["hi"] == d
                                }
                                Some(Accept::AnyNan) => out["nan_any"] == 1 && out["open"] == 0,
                                Some(Accept::Mask(0)) => out["open"] == 1,
                                Some(Accept::Range { lo, hi }) => {
                                    out["nan_any"] == 0
                                        && out["open"] == 0
                                        && out["lo"] == lo
                                        && out["hi"] == hi
                                }
                                Some(_) => false,
                            }
                    };
                    elements += 1;
                    if !agree {
                        fails.push(format!(
                            "{asm} MODE {mode:#x}: D[{i}][{j}] block {block} (a{reg} lane {lane}) inputs {inp:x?}: kernel d={d:#x} accept={accept:?}, model {out:x?}"
                        ));
                    }
                }
            }
        }
    }
    eprintln!(
        "mfma: {elements} output elements compared in {:.2?}, {} disagreements",
        t.elapsed(),
        fails.len()
    );
    assert!(
        fails.is_empty(),
        "{} disagreements, first:\n{}",
        fails.len(),
        fails.iter().take(5).cloned().collect::<Vec<_>>().join("\n")
    );
}
