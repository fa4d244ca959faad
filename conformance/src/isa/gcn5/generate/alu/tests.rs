//! Tests of the GCN5 ALU value-vector generator (`gcn5_alu.rs`).

use super::*;

#[test]
fn register_names_expand() {
    assert_eq!(expand("v[0:1]"), vec!["v0", "v1"]);
    assert_eq!(expand("s[20:21]"), vec!["s20", "s21"]);
    assert_eq!(expand("vcc"), vec!["vcc"]);
}

#[test]
fn edge_tuples_put_every_class_in_every_position_and_respect_the_cap() {
    let row = gpuref_amd_gcn5::formats::valu::row_by_name(Target::Gfx900, "V_ADD_F32")
        .expect("V_ADD_F32");
    let plan = valu_plan(row, false).unwrap();
    assert_eq!(plan.text, "v_add_f32_e32 v0, v4, v8");
    let mut rng = Rng::from_name("t");
    let t = edge_tuples(&plan, &mut rng, EDGE_CAP);
    assert_eq!(t.len(), EDGE_CAP);
    for k in 0..2 {
        for e in F32 {
            assert!(t.iter().any(|x| x[k] == *e), "{e:#x} in position {k}");
        }
    }
}

/// A small file of a few rows (one of each kind of plan), built as `files` builds them.
fn small_file(target: Target) -> VecFile {
    let mut file = VecFile::default();
    for name in [
        "S_ADD_U32",
        "S_MOVK_I32",
        "V_ADD_F32",
        "V_CMP_LT_F64",
        "V_FMA_F32",
        "V_PK_ADD_F16",
        "V_ADDC_CO_U32",
    ] {
        let row = rows()
            .find(|r| r.name == name && r.targets.contains(target))
            .unwrap_or_else(|| panic!("{name}"));
        let plan = if name.starts_with("S_") {
            salu_plan(row)
        } else {
            valu_plan(row, false)
        }
        .unwrap();
        row_cases(target, &plan, Levels::COMMITTED, &mut file)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    let mut header = crate::isa::gcn5::generate::common_header();
    header.extend([
        ("isa".to_string(), "gcn5".to_string()),
        ("target".into(), target.name().into()),
        ("kind".into(), "alu".into()),
    ]);
    file.header = header;
    file
}

#[test]
fn generation_is_deterministic() {
    for t in [Target::Gfx900, Target::Gfx908] {
        let a = small_file(t).to_text();
        assert_eq!(a, small_file(t).to_text());
        assert!(a.lines().count() > 200, "{a}");
    }
}

fn check_text(name: &str, text: &str) -> crate::check::FileResult {
    let path = std::env::temp_dir().join(format!("gpuref-alu-{}-{name}.vec", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let r = crate::check::check_file(&path);
    let _ = std::fs::remove_file(&path);
    r
}

#[test]
fn the_reference_accepts_generated_cases_and_rejects_a_wrong_value_by_file_and_line() {
    let file = small_file(Target::Gfx900);
    let text = file.to_text();
    let r = check_text("good", &text);
    assert!(r.parse_errors.is_empty(), "{:?}", r.parse_errors);
    assert_eq!(
        (r.failed, r.passed),
        (0, file.cases.len()),
        "{:?}",
        r.failures
    );
    // V_ADD_F32 1.0 + 1.0 = 2.0 (0x40000000); claim 0x40000001 instead.
    let line = text
        .lines()
        .position(|l| {
            l.contains("v_add_f32_e32")
                && l.contains("v4=0x3f800000 v8=0x3f800000")
                && l.contains("mode=0x3f0")
        })
        .expect("the 1 + 1 case");
    let bad: Vec<String> = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == line {
                l.replace("v0=0x40000000", "v0=0x40000001")
            } else {
                l.to_string()
            }
        })
        .collect();
    let r = check_text("bad", &(bad.join("\n") + "\n"));
    assert_eq!(r.failed, 1, "{:?}", r.failures);
    let f = &r.failures[0];
    assert!(f.contains(&format!("-bad.vec:{})", line + 1)), "{f}");
    assert!(
        f.contains("v_add_f32_e32 v0, v4, v8")
            && f.contains("expected: v0=0x40000001")
            && f.contains("got:      v0=0x40000000"),
        "{f}"
    );
}

#[test]
fn malformed_lines_are_errors_with_line_and_column() {
    let head = "#!gpuref-vectors 1\n#!isa gcn5\n#!target gfx900\n#!kind alu\n";
    let good = "x.1\t00001104\tv_cndmask_b32_e32 v0, v4, v8, vcc\tmode=0x3f0\tv4=0x1 exec=0x1\tv0=0x1\tnone\t-";
    let r = check_text("ok", &format!("{head}{good}\n"));
    assert!(
        r.parse_errors.is_empty() && r.failed == 0,
        "{:?} {:?}",
        r.parse_errors,
        r.failures
    );
    // Columns: the id and the words take 4 + 9 characters, so the asm starts at 14, the
    // mode at 48, the inputs at 59 and the outputs at 75.
    let cases = [
        (
            good.replace("mode=0x3f0", "round=rne"),
            48,
            "unknown mode item",
        ),
        (good.replace("v4=0x1", "q4=0x1"), 59, "input `q4`"),
        (
            good.replace("v4=0x1", "v4=0x100000000"),
            62,
            "does not fit in 32 bits",
        ),
        (good.replace("v0=0x1", "v999=0x1"), 75, "output `v999`"),
        (
            good.replace("v_cndmask_b32_e32", "v_bogus_e32"),
            14,
            "v_bogus_e32",
        ),
    ];
    for (line, col, what) in cases {
        let r = check_text("bad", &format!("{head}{line}\n"));
        let e = r
            .parse_errors
            .first()
            .unwrap_or_else(|| panic!("no error for {line}"));
        assert_eq!((e.line, e.column), (5, col), "{e}");
        assert!(e.message.contains(what), "{e}");
    }
}

/// The `.vec` files under a folder, sorted.
fn vec_files(root: &std::path::Path) -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "vec") {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(root, &mut files);
    files.sort();
    assert!(
        files.len() > 100,
        "{}: {} files",
        root.display(),
        files.len()
    );
    files
}

/// Every committed ALU case of a target, with its file's path.
fn committed_cases(target: Target) -> Vec<(std::path::PathBuf, Case)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../vectors")
        .join(target_dir(target))
        .join("alu");
    let mut out = Vec::new();
    for path in vec_files(&root) {
        let text = std::fs::read_to_string(&path).unwrap();
        let (file, errors) = crate::vector::parse(&path, &text);
        assert!(errors.is_empty(), "{}: {errors:?}", path.display());
        out.extend(file.cases.into_iter().map(|c| (path.clone(), c)));
    }
    out
}

#[test]
fn every_expected_output_is_a_register_the_instruction_writes() {
    for target in [Target::Gfx900, Target::Gfx908] {
        let mut wrong = Vec::new();
        let mut kinds = std::collections::BTreeMap::new();
        let cases = committed_cases(target);
        for (path, case) in &cases {
            let (inst, _) = formats::decode(target, &case.words)
                .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), case.line));
            let allowed = writes::allowed(&inst);
            for (name, _) in &case.outputs {
                if !allowed.contains(name) {
                    let m = case.asm.split_whitespace().next().unwrap_or("");
                    let kind = format!(
                        "{} {name}",
                        m.split('_').take(2).collect::<Vec<_>>().join("_")
                    );
                    *kinds.entry(kind).or_insert(0usize) += 1;
                    wrong.push(format!(
                        "{}:{}: `{}` expects {name}, the instruction writes {}",
                        path.display(),
                        case.line,
                        case.asm,
                        allowed.join(" ")
                    ));
                }
            }
        }
        assert!(
            wrong.is_empty(),
            "{}: {} of {} cases name a register the instruction does not write ({kinds:?}); first:\n{}",
            target.name(),
            wrong.len(),
            cases.len(),
            wrong[..wrong.len().min(5)].join("\n")
        );
    }
}

/// A group of two or more cases all expecting the same checked value (`writes::checked`:
/// the destinations' values) checks nothing inside it that an emulator could get wrong. A
/// file whose cases all expect one value is exempt: there the value is the instruction's
/// constant (V_CMP_F/V_CMP_T/V_CMP_TRU, S_GETPC_B64 at a fixed PC, S_*_SAVEEXEC's old
/// EXEC, 1 in one lane), whatever the inputs.
#[test]
fn every_group_of_two_or_more_cases_has_a_checked_value_that_varies() {
    use std::collections::{BTreeMap, BTreeSet};
    for target in [Target::Gfx900, Target::Gfx908] {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../vectors")
            .join(target_dir(target))
            .join("alu");
        let mut constant = Vec::new();
        let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
        let mut groups = 0;
        for path in vec_files(&root) {
            let text = std::fs::read_to_string(&path).unwrap();
            let (file, _) = crate::vector::parse(&path, &text);
            let checked = |c: &Case| {
                let (inst, _) = formats::decode(target, &c.words).unwrap();
                writes::checked(c, &writes::explicit(&inst))
            };
            let in_file: BTreeSet<String> = file.cases.iter().map(checked).collect();
            if in_file.len() < 2 {
                continue;
            }
            let mut starts: Vec<(usize, &str)> =
                file.groups.iter().map(|(i, l)| (*i, l.as_str())).collect();
            starts.push((file.cases.len(), ""));
            for w in starts.windows(2) {
                let ((a, line), (b, _)) = (w[0], w[1]);
                let cases = &file.cases[a..b];
                if cases.len() < 2 {
                    continue;
                }
                groups += 1;
                let seen: BTreeSet<String> = cases.iter().map(checked).collect();
                if seen.len() < 2 {
                    let words: Vec<&str> = line.split_whitespace().collect();
                    let form = words.iter().find(|w| w.starts_with("form="));
                    let kind = format!(
                        "{} {}",
                        words.get(1).unwrap_or(&""),
                        form.map_or("", |f| f.trim_end_matches(':'))
                    );
                    *kinds.entry(kind).or_default() += 1;
                    constant.push(format!(
                        "{}: `{line}` ({} cases): every case expects {}",
                        path.display(),
                        cases.len(),
                        seen.iter().next().unwrap()
                    ));
                }
            }
        }
        assert!(
            constant.is_empty(),
            "{}: {} of {groups} groups check a value that never varies ({kinds:?}); first:\n{}",
            target.name(),
            constant.len(),
            constant[..constant.len().min(6)].join("\n")
        );
    }
}

/// The plan a row's committed file was built from (`row_files`: the 32-bit form's, or the
/// VOP3 form's where the 32-bit form does not run), read from its first case's mnemonic.
fn plan_of_file(row: &'static Row, file: &VecFile) -> Option<Plan> {
    let plan = if row.name.starts_with("S_") {
        salu_plan(row)
    } else {
        valu_plan(row, false)
    }
    .ok()?;
    let m = file
        .cases
        .first()?
        .asm
        .split_whitespace()
        .next()?
        .to_string();
    if plan.text.starts_with(&format!("{m} ")) {
        Some(plan)
    } else {
        valu_plan(row, true).ok()
    }
}

/// Under the default MODE, every float row's special-value level holds every pair of the
/// 16 special classes in every pair of its float source positions (every class for a
/// one-source row): each case of the crossing is in the file, in the special group or in
/// the level that claimed it first (docs/design/0048).
#[test]
fn every_float_rows_special_level_crosses_every_pair_of_classes() {
    use std::collections::{HashMap, HashSet};
    for target in [Target::Gfx900, Target::Gfx908] {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../vectors")
            .join(target_dir(target))
            .join("alu");
        let mut rows_checked = 0;
        for (row, plan) in plans(target) {
            let Ok(plan) = plan else { continue };
            let nfloat = plan
                .inputs
                .iter()
                .filter(|i| special::is_float(i.kind))
                .count();
            if !plan.float || nfloat == 0 {
                continue;
            }
            let format = row.format.name().to_ascii_lowercase();
            let path = root.join(super::super::alu_corpus::row_path(&format, row.name));
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let (file, _) = crate::vector::parse(&path, &text);
            let plan = plan_of_file(row, &file).expect("a plan");
            let by_id: HashMap<&str, &Case> =
                file.cases.iter().map(|c| (c.id.as_str(), c)).collect();
            let float: Vec<usize> = (0..plan.inputs.len())
                .filter(|&k| special::is_float(plan.inputs[k].kind))
                .collect();
            let mut pairs: HashMap<(usize, usize), HashSet<(u64, u64)>> = HashMap::new();
            let mut singles: HashSet<u64> = HashSet::new();
            for t in special::tuples(&plan) {
                let case = match run_case(target, &plan, &plan.text, DEFAULT_MODE, &t) {
                    Err(e) if e == NOTHING => continue,
                    r => r.unwrap_or_else(|e| panic!("{}: {e}", row.name)),
                };
                let c = by_id.get(case.id.as_str()).unwrap_or_else(|| {
                    panic!(
                        "{}: the special case `{}` {:?} is in no level",
                        path.display(),
                        case.asm,
                        case.inputs
                    )
                });
                // The values as the file states them (a register's from the case's inputs,
                // an immediate's from its text, bound by the id).
                let v = |k: usize| {
                    let name = &plan.inputs[k].name;
                    if name.is_empty() {
                        t[k]
                    } else {
                        c.input(name).expect("the input")
                    }
                };
                singles.insert(v(float[0]));
                for (p, &a) in float.iter().enumerate() {
                    for &b in &float[p + 1..] {
                        pairs.entry((a, b)).or_default().insert((v(a), v(b)));
                    }
                }
            }
            if nfloat == 1 {
                assert_eq!(singles.len(), 16, "{}", path.display());
            }
            for ((a, b), seen) in &pairs {
                assert_eq!(
                    seen.len(),
                    256,
                    "{}: float sources {a} and {b} see {} pairs of classes",
                    path.display(),
                    seen.len()
                );
            }
            rows_checked += 1;
        }
        assert!(rows_checked > 200, "{}: {rows_checked} rows", target.name());
    }
}

/// The committed case of a file with this text, MODE and inputs.
fn committed_case(
    target: Target,
    file: &str,
    asm: &str,
    mode: u32,
    inputs: &[(&str, u64)],
) -> Case {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../vectors")
        .join(target_dir(target))
        .join("alu")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let (f, _) = crate::vector::parse(&path, &text);
    let mode = format!("mode={mode:#x}");
    f.cases
        .into_iter()
        .find(|c| {
            c.asm == asm && c.mode == mode && inputs.iter().all(|(n, v)| c.input(n) == Some(*v))
        })
        .unwrap_or_else(|| {
            panic!(
                "{}: no `{asm}` case under {mode} with {inputs:?}",
                path.display()
            )
        })
}

fn output<'a>(c: &'a Case, name: &str) -> &'a crate::vector::Spec {
    &c.outputs
        .iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("{c:?}: no {name}"))
        .1
}

/// Typed from the Vega manual, not computed: under the default MODE (IEEE = 1),
/// V_MAX_F32 "if (S0.f == +0.0 && S1.f == -0.0) D.f = S0.f" gives +0 for (+0, -0), and
/// V_MIN_F32's "if (S0.f == -0.0 && S1.f == +0.0) D.f = S0.f" gives -0 for (-0, +0): exact,
/// no flag. An emulator answering max(+0,-0) = -0 or min(-0,+0) = +0 fails these cases.
#[test]
fn the_corpus_pins_the_sign_of_zero_of_max_and_min_under_the_default_mode() {
    for target in [Target::Gfx900, Target::Gfx908] {
        let c = committed_case(
            target,
            "vop2/v_max_f32.vec",
            "v_max_f32_e32 v0, v4, v8",
            DEFAULT_MODE,
            &[("v4", 0), ("v8", 0x8000_0000)],
        );
        let d = output(&c, "v0");
        assert!(
            d.is_exact() && d.accepts(0) && !d.accepts(0x8000_0000),
            "{d}"
        );
        assert!(
            matches!(c.flags, FlagSpec::Exact(f) if f.is_empty()),
            "{c:?}"
        );
        let c = committed_case(
            target,
            "vop2/v_min_f32.vec",
            "v_min_f32_e32 v0, v4, v8",
            DEFAULT_MODE,
            &[("v4", 0x8000_0000), ("v8", 0)],
        );
        let d = output(&c, "v0");
        assert!(
            d.is_exact() && d.accepts(0x8000_0000) && !d.accepts(0),
            "{d}"
        );
        assert!(
            matches!(c.flags, FlagSpec::Exact(f) if f.is_empty()),
            "{c:?}"
        );
    }
}

/// Typed from the manual: +inf + -inf is invalid (TRAPSTS.EXCP bit 0, "invalid") and gives
/// the default NaN, 0xffc00000 (rule `float.quirks.amd_gcn5.default_nan`, inferred from the
/// NaNs the Vega manual prints for invalid results). An emulator answering +inf, or the
/// NaN without the flag, fails this case under the default MODE.
#[test]
fn the_corpus_pins_inf_minus_inf_to_the_default_nan_with_invalid() {
    for target in [Target::Gfx900, Target::Gfx908] {
        let c = committed_case(
            target,
            "vop2/v_add_f32.vec",
            "v_add_f32_e32 v0, v4, v8",
            DEFAULT_MODE,
            &[("v4", 0x7f80_0000), ("v8", 0xff80_0000)],
        );
        let d = output(&c, "v0");
        assert!(d.accepts(0xffc0_0000), "{d}");
        assert!(!d.accepts(0x7f80_0000) && !d.accepts(0xff80_0000), "{d}");
        assert!(
            matches!(c.flags, FlagSpec::Exact(f) if f == gpuref_float::Flags::INVALID),
            "{c:?}"
        );
        let t = output(&c, "trapsts");
        assert!(t.accepts(0x1) && !t.accepts(0), "{t}");
    }
}
