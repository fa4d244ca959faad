//! Every model against the kernel of its row: on edge and seeded random inputs, and on
//! inputs z3 finds in each model's named coverage regions (note 0027).

mod common;

use common::*;
use gpuref_amd_gcn5::alu::{salu, valu, vpacked};
use gpuref_amd_gcn5::instructions::{by_name, rows};
use gpuref_amd_gcn5::{Format, Target};
use gpuref_smt::gcn5::ISA;
use std::time::Instant;

/// Inputs per instruction.
const N: usize = 400;

/// MODE values the kernels run under (integer results must not depend on MODE).
const MODES: [u32; 3] = [0x0, 0x3f0, 0xf_f0ff];

/// Inputs per float instruction, spread over [`FLOAT_MODES`].
const N_FLOAT: usize = 300;

/// MODE values the float models and kernels run under: each rounding mode for single and
/// for double/half, the four FP_DENORM settings per width, IEEE on and off, FP16_OVFL.
const FLOAT_MODES: [u32; 10] = [
    0x3f0,     // RNE, denormals allowed, DX10_CLAMP, IEEE
    0x0,       // RNE, flush all, IEEE off
    0x2f5,     // round up (both), denormals allowed, IEEE
    0x2fa,     // round down (both), denormals allowed, IEEE
    0x0ff,     // toward zero (both), denormals allowed, IEEE off
    0x250,     // RNE, allow input / flush output denormals (both), IEEE
    0x2a5,     // round up, flush input / allow output denormals (both), IEEE
    0x80_02fb, // single toward zero, double/half down, allowed, IEEE, FP16_OVFL
    0x80_000f, // toward zero, flush all, FP16_OVFL, IEEE off
    0x2c6,     // single down / flushed, double/half up / allowed, IEEE
];

/// What one row's checks found: each disagreement with the KNOWN reason that covers it.
struct Found {
    name: &'static str,
    list: Vec<(String, Option<&'static str>)>,
}

impl Found {
    /// A disagreement at `mode` and `inp` (`None`: not a lane, e.g. a region not reached).
    fn push(&mut self, f: String, at: Option<(u32, &Inputs)>) {
        let why = at.and_then(|(mode, inp)| {
            KNOWN
                .iter()
                .find(|(k, _, applies)| *k == self.name && applies(mode, inp))
                .map(|(_, why, _)| *why)
        });
        self.list.push((f, why));
    }
}

fn run(
    check: impl Fn(&Evaluator, &mut Rng, &mut Found) -> usize,
) -> (usize, Vec<String>, Vec<String>, Vec<&'static str>) {
    let (mut n, mut fails, mut known, mut stale) = (0, Vec::new(), Vec::new(), Vec::new());
    // GPUREF_SMT_ONLY=V_ADD_F32,V_MUL_F32 restricts a run to those rows (for debugging).
    let only = std::env::var("GPUREF_SMT_ONLY").unwrap_or_default();
    for (name, f) in ISA.models() {
        if !only.is_empty() && !only.split(',').any(|o| o.eq_ignore_ascii_case(name)) {
            continue;
        }
        // Each row draws from its own seed (its name's FNV-1a hash), so its inputs do not
        // depend on which rows the registry lists before it.
        let mut rng = Rng(name.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        }) | 1);
        let ev = Evaluator::new(f(), 0x3f0);
        let mut found = Found {
            name,
            list: Vec::new(),
        };
        let before = UNSETTLED.load(std::sync::atomic::Ordering::Relaxed);
        n += check(&ev, &mut rng, &mut found);
        let after = UNSETTLED.load(std::sync::atomic::Ordering::Relaxed);
        if after > before {
            eprintln!(
                "{name}: {} lanes unsettled by the kernel (compared within the acceptance set)",
                after - before
            );
        }
        let (k, f): (Vec<_>, Vec<_>) = found.list.into_iter().partition(|(_, w)| w.is_some());
        if KNOWN.iter().any(|(r, _, _)| r == name) && k.is_empty() {
            stale.push(*name);
        }
        if !k.is_empty() {
            eprintln!("{name}: {} disagreements on lanes KNOWN covers", k.len());
        }
        known.extend(
            k.into_iter()
                .take(3)
                .map(|(f, w)| format!("{f} [known: {}]", w.unwrap_or_default())),
        );
        fails.extend(f.into_iter().take(3).map(|(f, _)| f));
    }
    (n, fails, known, stale)
}

fn report(what: &str, n: usize, t: Instant, fails: &[String], known: &[String]) {
    eprintln!(
        "{what}: {} models, {n} comparisons in {:.2?} ({} unsettled lanes in this binary so far, compared within their acceptance set)",
        ISA.models().len(),
        t.elapsed(),
        UNSETTLED.load(std::sync::atomic::Ordering::Relaxed)
    );
    for k in known {
        eprintln!("known disagreement: {k}");
    }
    assert!(
        fails.is_empty(),
        "{} disagreements:\n{}",
        fails.len(),
        fails.join("\n")
    );
}

#[test]
fn every_model_agrees_with_its_kernel_on_edge_and_random_inputs() {
    let t = Instant::now();
    let (n, fails, known, stale) = run(|ev, rng, found| {
        if ev.model.flags_modelled.is_some() {
            for mode in FLOAT_MODES {
                let evm = Evaluator::new(ev.model.clone(), mode);
                for _ in 0..N_FLOAT / FLOAT_MODES.len() {
                    let inp = inputs(&evm.model, rng);
                    if let Some(f) = compare(&evm, &inp, mode, rng) {
                        found.push(f, Some((mode, &inp)));
                    }
                }
            }
            return N_FLOAT / FLOAT_MODES.len() * FLOAT_MODES.len();
        }
        for i in 0..N {
            let inp = inputs(&ev.model, rng);
            let mode = MODES[i % MODES.len()];
            if let Some(f) = compare(ev, &inp, mode, rng) {
                found.push(f, Some((mode, &inp)));
            }
        }
        N
    });
    report("inputs", n, t, &fails, &known);
    assert!(
        stale.is_empty() || std::env::var("GPUREF_SMT_ONLY").is_ok(),
        "rows listed in KNOWN that no longer disagree: {stale:?}"
    );
}

#[test]
fn every_models_coverage_regions_are_reachable_and_agree_with_the_kernel() {
    let t = Instant::now();
    let (n, fails, known, _) = run(|ev, rng, found| {
        for (region, cond) in &ev.model.regions {
            match ev.find(cond, 0x3f0) {
                Ok(inp) => {
                    if let Some(f) = compare(ev, &inp, 0x3f0, rng) {
                        found.push(format!("[region {region}] {f}"), Some((0x3f0, &inp)));
                    }
                }
                Err(r) => found.push(
                    format!("{}: region {region} not reached ({r})", ev.model.name),
                    None,
                ),
            }
        }
        ev.model.regions.len()
    });
    report("regions", n, t, &fails, &known);
}

/// The corpus's float MODEs (conformance/src/generate/gcn5_alu.rs `FLOAT_MODES`): the
/// regions of float models are compared under each.
const CORPUS_FLOAT_MODES: [u32; 3] = [0x3f0, 0x000, 0x3ff];

#[test]
fn every_float_models_regions_agree_with_the_kernel_under_the_corpus_modes() {
    let t = Instant::now();
    let (n, fails, known, _) = run(|ev, rng, found| {
        if ev.model.flags_modelled.is_none() {
            return 0;
        }
        let mut n = 0;
        let evs: Vec<Evaluator> = CORPUS_FLOAT_MODES
            .iter()
            .map(|m| Evaluator::new(ev.model.clone(), *m))
            .collect();
        for (region, cond) in &ev.model.regions {
            // A region's inputs do not depend on MODE: found once, run under each MODE.
            let Ok(inp) = ev.find(cond, 0x3f0) else {
                continue;
            };
            for (evm, mode) in evs.iter().zip(CORPUS_FLOAT_MODES) {
                n += 1;
                if let Some(f) = compare(evm, &inp, mode, rng) {
                    found.push(format!("[region {region}] {f}"), Some((mode, &inp)));
                }
            }
        }
        n
    });
    report("regions x corpus modes", n, t, &fails, &known);
}

/// The z3 answers the conformance generator's coverage level runs (docs/design/0041):
/// every stored input of every coverage model, under its MODE, kernel against model.
#[test]
fn every_cached_coverage_input_agrees_with_the_kernel() {
    let t = Instant::now();
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../conformance/coverage/");
    let mut entries = Vec::new();
    for target in ["gfx900", "gfx908"] {
        let path = format!("{root}{target}.tsv");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        entries.extend(gpuref_smt::coverage::parse(&path, &text).unwrap_or_else(|e| panic!("{e}")));
    }
    // Both targets share a row's model: compare each (row, MODE, inputs) once.
    let mut seen = std::collections::BTreeSet::new();
    entries.retain(|e| e.status == "sat" && seen.insert((e.row.clone(), e.mode, e.inputs.clone())));
    let (n, fails, known, _) = run(|ev, rng, found| {
        let mut n = 0;
        let mut evs: std::collections::BTreeMap<u32, Evaluator> = Default::default();
        for e in entries.iter().filter(|e| e.row == ev.model.name) {
            let evm = evs
                .entry(e.mode)
                .or_insert_with(|| Evaluator::new(ev.model.clone(), e.mode));
            let inp: Inputs = ev
                .model
                .inputs
                .iter()
                .map(|(k, _)| {
                    (
                        *k,
                        e.inputs.iter().find(|(n, _)| n == k).map_or(0, |(_, v)| *v),
                    )
                })
                .collect();
            n += 1;
            if let Some(f) = compare(evm, &inp, e.mode, rng) {
                found.push(format!("[coverage {}] {f}", e.model), Some((e.mode, &inp)));
            }
        }
        n
    });
    report("coverage inputs", n, t, &fails, &known);
}

/// Every executable ALU row of both targets: every scalar kernel row, every vector lane
/// kernel row, and the VOP3P-MAI rows the wave-level executor runs (MI100's AccVGPR moves
/// and MFMA rows, `alu::vpacked`, docs/design/0036).
fn kernel_rows() -> Vec<&'static str> {
    salu::KERNELS
        .iter()
        .map(|k| k.name)
        .chain(valu::TABLES.iter().flat_map(|t| t.iter()).map(|k| k.name))
        .chain(
            rows()
                .filter(|r| r.format == Format::Vop3pMai && vpacked::has_semantics(r.name))
                .map(|r| r.name),
        )
        .collect()
}

#[test]
fn every_alu_kernel_row_has_a_model_or_an_exemption() {
    let missing: Vec<&str> = kernel_rows()
        .into_iter()
        .filter(|n| !gpuref_smt::gcn5::ISA.has_model(n) && ISA.exemption(n).is_none())
        .collect();
    assert!(
        missing.is_empty(),
        "rows with neither a model nor an exemption: {missing:?}"
    );
    for t in [Target::Gfx900, Target::Gfx908] {
        let (mut with, mut exempt) = (0, 0);
        for n in kernel_rows() {
            if by_name(t, n).is_none() {
                continue;
            }
            if gpuref_smt::gcn5::ISA.has_model(n) {
                with += 1;
            } else {
                exempt += 1;
            }
        }
        eprintln!("{t:?} kernel rows: {with} with a model, {exempt} exempt");
    }
}

#[test]
fn every_model_is_of_a_kernel_row_and_named_once() {
    let rows = kernel_rows();
    let mut seen = std::collections::BTreeSet::new();
    for (name, f) in ISA.models() {
        assert!(rows.contains(name), "{name}: no kernel row of that name");
        assert!(seen.insert(*name), "{name}: two models");
        assert_eq!(
            f().name,
            *name,
            "{name}: the constructor makes another row's model"
        );
    }
}

/// Disagreements the cross-check found, kept by name (`gpuref_smt::regressions`, also
/// written to the corpus): each must agree now (the model or the kernel was fixed).
#[test]
fn regressions_found_by_the_cross_check_agree() {
    let mut rng = Rng(1);
    let mut fails = Vec::new();
    for r in gpuref_smt::gcn5::ISA.regressions {
        let model = gpuref_smt::gcn5::ISA.model(r.row).expect("a modelled row");
        let inp: Inputs = r.inputs.iter().copied().collect();
        let ev = Evaluator::with_mods(&ISA, &model, r.mode, r.mods)
            .unwrap_or_else(|e| panic!("{}: {e}", r.name));
        if let Some(f) = compare(&ev, &inp, r.mode, &mut rng) {
            fails.push(format!("{} ({}): {f}", r.name, r.found));
        }
    }
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

/// V_SCREEN_PARTITION_4SE_B32 on every select: the model computes the mask from the
/// manual's description (SE of a tile, rectangle of tiles), the kernel looks it up in the
/// manual's printed TABLE; the two shapes must agree on all 256 entries (note 0027, "Fourth
/// round"), with random bits above the select.
#[test]
fn screen_partition_formula_agrees_with_the_printed_table_on_every_select() {
    let model = gpuref_smt::gcn5::ISA
        .model("V_SCREEN_PARTITION_4SE_B32")
        .expect("a model");
    let ev = Evaluator::new(model, 0x3f0);
    let mut rng = Rng(0x5ce5);
    let fails: Vec<String> = (0..256u64)
        .filter_map(|sel| {
            let inp: Inputs = [("s0", sel | (rng.next() << 8 & 0xffff_ff00))].into();
            compare(&ev, &inp, 0x3f0, &mut rng)
        })
        .collect();
    assert!(fails.is_empty(), "{}", fails.join("\n"));
    // The manual's worked example, by hand: (0, 0) to (25, 35) is select 0b00000001 and
    // covers SE0 and SE1.
    assert_eq!(ev.eval(&[("s0", 1)].into())["d"], 0x3);
}

/// Output modifiers checked by [`modified_models_agree_with_the_kernel_and_the_executors_stage`]
/// (note 0042): CLAMP, each OMOD, and both together.
const MODS: [gpuref_smt::Mods; 4] = [
    gpuref_smt::Mods {
        clamp: true,
        omod: 0,
    },
    gpuref_smt::Mods {
        clamp: false,
        omod: 1,
    },
    gpuref_smt::Mods {
        clamp: true,
        omod: 2,
    },
    gpuref_smt::Mods {
        clamp: true,
        omod: 3,
    },
];

/// MODE values for the modifiers: IEEE and DX10_CLAMP with denormals kept (OMOD ignored);
/// everything flushed, IEEE and DX10_CLAMP off (OMOD applies, NaN passes CLAMP); flushed
/// with DX10_CLAMP (NaN clamps to 0) and round toward zero; single outputs kept, double/half
/// flushed, round up (OMOD applies to F16/F64 results only).
const MOD_MODES: [u32; 4] = [0x3f0, 0x0, 0x10f, 0x125];

/// Inputs per (modifiers, MODE) of a float row; integer rows get `N / 4` under CLAMP.
const N_MODS: usize = 12;

/// Values whose results sit at CLAMP's and OMOD's edges: 1.0 and its neighbours, 0.5, 2.0,
/// the smallest normal and its double, per float width.
fn near_one(w: u32) -> Vec<u64> {
    match w {
        16 => vec![
            0x3c00, 0x3bff, 0x3c01, 0x3800, 0x4000, 0x0400, 0x0800, 0x7bff,
        ],
        32 => vec![
            0x3f80_0000,
            0x3f7f_ffff,
            0x3f80_0001,
            0x3f00_0000,
            0x4000_0000,
            0x0080_0000,
            0x0100_0000,
            0x7f7f_ffff,
        ],
        _ => vec![
            0x3ff0_0000_0000_0000,
            0x3fef_ffff_ffff_ffff,
            0x3ff0_0000_0000_0001,
            0x3fe0_0000_0000_0000,
            0x4000_0000_0000_0000,
            0x0010_0000_0000_0000,
            0x0020_0000_0000_0000,
            0x7fef_ffff_ffff_ffff,
        ],
    }
}

/// Every model with CLAMP and OMOD against the kernel with CLAMP and the executor's output
/// stage (`alu::vexec::output_modifiers`), on edge, near-one and random inputs under
/// [`MOD_MODES`]; rows whose modifiers are not modelled are counted by reason.
#[test]
fn modified_models_agree_with_the_kernel_and_the_executors_stage() {
    let t = Instant::now();
    let skipped = std::cell::RefCell::new(std::collections::BTreeMap::<String, usize>::new());
    let (n, fails, known, _) = run(|ev, rng, found| {
        if !ev.model.name.starts_with("V_") || ev.model.name.starts_with("V_ACCVGPR") {
            return 0;
        }
        let mut n = 0;
        let float = ev.model.flags_modelled.is_some();
        for mods in MODS {
            if !float && !mods.clamp {
                continue;
            }
            for mode in if float {
                &MOD_MODES[..]
            } else {
                &MOD_MODES[..1]
            } {
                let evm = match Evaluator::with_mods(&ISA, &ev.model, *mode, mods) {
                    Ok(e) => e,
                    Err(why) => {
                        let why = why
                            .split_once(": ")
                            .map_or(why.clone(), |x| x.1.to_string());
                        *skipped.borrow_mut().entry(why).or_default() += 1;
                        break;
                    }
                };
                let count = if float { N_MODS } else { N / 4 };
                for i in 0..count {
                    let mut inp = inputs(&evm.model, rng);
                    let w = evm.model.width("s0").unwrap_or(0);
                    if float && i % 3 == 0 && matches!(w, 16 | 32 | 64) {
                        let e = near_one(w);
                        inp.insert("s0", e[(rng.next() % e.len() as u64) as usize]);
                    }
                    n += 1;
                    if let Some(f) = compare(&evm, &inp, *mode, rng) {
                        found.push(format!("[{}] {f}", mods.text()), Some((*mode, &inp)));
                    }
                }
            }
        }
        n
    });
    for (why, rows) in skipped.borrow().iter() {
        eprintln!("modifiers not modelled: {rows} (row, modifiers): {why}");
    }
    report("modifiers", n, t, &fails, &known);
}

/// The readings of CLAMP on packed and field results (note 0042, "Packed and field
/// results"), values worked by hand from the manual's pseudocode and the f16 encodings
/// (1.0 = 0x3c00, 2.0 = 0x4000, 0.5 = 0x3800), not from the kernels.
#[test]
fn packed_and_field_clamp_readings_worked_by_hand() {
    let clamp = gpuref_smt::Mods {
        clamp: true,
        omod: 0,
    };
    let eval = |row: &str, mode: u32, inp: &[(&'static str, u64)]| {
        let m = gpuref_smt::gcn5::ISA.model(row).expect("a model");
        Evaluator::with_mods(&ISA, &m, mode, clamp)
            .expect("modelled")
            .eval(&inp.iter().copied().collect())
    };
    // QSAD: S0 all 0xff bytes, S1 = 0: each window's SAD is 4 * 255 = 0x3fc. Field 0's
    // accumulator 0xffff overflows (0x103fb): saturated 0xffff and open; fields 1-3 (0x2,
    // 0x1, 0x0) give 0x3fe, 0x3fd, 0x3fc, settled.
    let r = eval(
        "V_QSAD_PK_U16_U8",
        0x3f0,
        &[("s0", u64::MAX), ("s1", 0), ("s2", 0x0000_0001_0002_ffff)],
    );
    assert_eq!((r["d"], r["d_open"]), (0x03fc_03fd_03fe_ffff, 0xffff));
    // MQSAD_U32: the same SADs (S1 bytes 0 would be masked, so S1 = 0x01010101: each
    // |0xff - 1| = 0xfe, 4 * 0xfe = 0x3f8); accumulator 3 = 0xffffffff overflows.
    let r = eval(
        "V_MQSAD_U32_U8",
        0x3f0,
        &[
            ("s0", u64::MAX),
            ("s1", 0x0101_0101),
            ("s2", 0x0000_0001_0000_0000),
            ("s2_hi", 0xffff_ffff_0000_0002),
        ],
    );
    assert_eq!((r["d"], r["d_open"]), (0x0000_03f9_0000_03f8, 0));
    assert_eq!(
        (r["d_hi"], r["d_hi_open"]),
        (0xffff_ffff_0000_03fa, 0xffff_ffff_0000_0000)
    );
    // PKRTZ: S0 = 2.0 -> 0x4000 clamps to 1.0; S1 = -0.0 -> f16 -0, either zero.
    let r = eval(
        "V_CVT_PKRTZ_F16_F32",
        0x3f0,
        &[("s0", 0x4000_0000), ("s1", 0x8000_0000)],
    );
    assert_eq!((r["d"], r["d_open"]), (0x8000_3c00, 0x8000_0000));
    // A NaN half: with DX10_CLAMP +0, settled; without, still a NaN.
    let r = eval(
        "V_CVT_PKRTZ_F16_F32",
        0x3f0,
        &[("s0", 0x7fc0_0000), ("s1", 0x3f00_0000)],
    );
    assert_eq!((r["d"], r["nan_half"]), (0x3800_0000, 0));
    let r = eval(
        "V_CVT_PKRTZ_F16_F32",
        0x2f0,
        &[("s0", 0x7fc0_0000), ("s1", 0x3f00_0000)],
    );
    assert_eq!((r["d"] >> 16, r["nan_half"], r["d_open"]), (0x3800, 1, 0));
    // PACK: the move 0x38004000; the clamped low half would be 1.0: 0x4000 ^ 0x3c00.
    let r = eval("V_PACK_B32_F16", 0x3f0, &[("s0", 0x4000), ("s1", 0x3800)]);
    assert_eq!((r["d"], r["d_open"]), (0x3800_4000, 0x7c00));
    // CLASS: a NaN S0 leaves invalid open; 1.0 raises nothing, settled.
    let r = eval("V_CMP_CLASS_F32", 0x3f0, &[("s0", 0x7fc0_0000), ("s1", 2)]);
    assert_eq!((r["vcc"], r["flags"], r["flags_open"]), (1, 0, 1));
    let r = eval("V_CMP_CLASS_F32", 0x3f0, &[("s0", 0x3f80_0000), ("s1", 2)]);
    assert_eq!((r["vcc"], r["flags"], r["flags_open"]), (0, 0, 0));
}
