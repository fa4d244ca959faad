//! The `gpuref` command end to end: generate, check (incl. malformed files) and run against
//! the reference and against adapters, including every adapter fault the protocol names.
//! Needs python3 (the example and faulty adapters) and a C compiler (`cc`) for the C example;
//! a missing tool fails the test with a message saying what to install.

mod common;
use common::{gpuref, root, tempdir, text};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

fn need(tool: &str, package: &str) {
    let ok = Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        ok,
        "`{tool}` is needed by this test and was not found: install {package} (scripts/setup does)"
    );
}

/// The generated corpus, once per test process.
fn corpus() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let d = tempdir("cli", "corpus");
        let o = gpuref()
            .args(["generate", "--out"])
            .arg(&d)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", text(&o));
        d
    })
}

/// A corpus with a few f32 files only.
fn small_corpus(name: &str, files: &[&str]) -> PathBuf {
    let d = tempdir("cli", name);
    std::fs::create_dir_all(d.join("float/f32")).unwrap();
    for f in files {
        std::fs::copy(
            corpus().join("float/f32").join(f),
            d.join("float/f32").join(f),
        )
        .unwrap();
    }
    d
}

/// The id and line of the n-th case of a file.
fn nth_case(path: &Path, n: usize) -> String {
    let t = std::fs::read_to_string(path).unwrap();
    let line = t
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .nth(n)
        .unwrap();
    line.split('\t').next().unwrap().to_string()
}

fn faulty(flags: &str) -> String {
    need("python3", "python3");
    format!(
        "python3 {} {flags}",
        root()
            .join("conformance/adapters/faulty/faulty.py")
            .display()
    )
}

/// The float files (fixed) plus the GCN5 encoding files (one per decoded form and target,
/// so their number grows as formats are added) and the GCN5 ALU files: counted in the
/// generated corpus.
fn corpus_file_count() -> (usize, usize) {
    let names = |t: &str| -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(corpus().join(t).join("encoding"))
            .map(|d| {
                d.flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        v.sort();
        v
    };
    let (vega, mi100) = (names("amd-gcn5-vega"), names("amd-gcn5-mi100"));
    // MI100 has every Vega format, plus VOP3P-MAI; SOP2 to EXP decode on both today.
    let mut want = vega.clone();
    if mi100.iter().any(|f| f == "vop3p-mai.vec") {
        want.push("vop3p-mai.vec".into());
        want.sort();
    }
    assert_eq!(mi100, want, "vega: {vega:?}");
    for f in [
        "sop2.vec",
        "smem.vec",
        "ds.vec",
        "mubuf.vec",
        "flat.vec",
        "exp.vec",
    ] {
        assert!(vega.iter().any(|v| v == f), "no {f}: {vega:?}");
    }
    // The ALU value vectors (`#!kind alu`): one file per instruction, `<format>/<row>.vec`,
    // and an index per target.
    let alu = |t: &str| -> Vec<String> {
        let dir = corpus().join(t).join("alu");
        let mut v = Vec::new();
        for d in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let format = d.file_name().to_string_lossy().into_owned();
            for e in std::fs::read_dir(d.path()).into_iter().flatten().flatten() {
                v.push(format!("{format}/{}", e.file_name().to_string_lossy()));
            }
        }
        assert!(
            dir.join("index.md").is_file(),
            "no {}/index.md",
            dir.display()
        );
        v.sort();
        v
    };
    let (alu_vega, alu_mi100) = (alu("amd-gcn5-vega"), alu("amd-gcn5-mi100"));
    for f in [
        "sop2/s_add_u32.vec",
        "sopk/s_movk_i32.vec",
        "vop1/v_mov_b32.vec",
        "vop2/v_add_f32.vec",
        "vopc/v_cmp_lt_f32.vec",
        "vop3a/v_fma_f32.vec",
        "vop3b/v_div_scale_f32.vec",
        "vop3p/v_pk_add_f16.vec",
    ] {
        assert!(alu_vega.iter().any(|v| v == f), "no alu/{f}: {alu_vega:?}");
        assert!(
            alu_mi100.iter().any(|v| v == f),
            "no alu/{f}: {alu_mi100:?}"
        );
    }
    // Rows with a kernel: 576 on gfx900 and 590 on gfx908 (docs/design/0033), less the two
    // without a file that each index names.
    assert!(alu_vega.len() > 500 && alu_mi100.len() > alu_vega.len());
    // The state-transition vectors: one `.jsonl` file per family and target.
    let state = |t: &str| -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(corpus().join(t).join("state"))
            .map(|d| {
                d.flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        v.sort();
        v
    };
    let families = STATE_FAMILIES;
    assert_eq!(state("amd-gcn5-vega"), families);
    // MI100 also has the MFMA family (docs/design/0036); gfx900 has no MFMA row.
    let mut mi100_families = families.to_vec();
    mi100_families.insert(3, "mfma.jsonl");
    assert_eq!(state("amd-gcn5-mi100"), mi100_families);
    (
        288,
        vega.len() + mi100.len() + alu_vega.len() + alu_mi100.len() + 2 * families.len() + 1,
    )
}

/// The state files of each GCN5 target (docs/design/0035).
const STATE_FAMILIES: [&str; 10] = [
    "ds.jsonl",
    "flat.jsonl",
    "global.jsonl",
    "mimg.jsonl",
    "mtbuf.jsonl",
    "mubuf.jsonl",
    "program.jsonl",
    "scratch.jsonl",
    "smem.jsonl",
    "wavelevel.jsonl",
];

#[test]
fn generated_corpus_checks_clean_and_committed_corpus_is_current() {
    let o = gpuref().arg("check").arg(corpus()).output().unwrap();
    assert!(o.status.success(), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    let (float, enc) = corpus_file_count();
    assert!(
        out.contains(&format!(" passed, 0 failed ({} files)", float + enc)),
        "{out}"
    );
    // The GCN5 files alone (encoding, ALU and state), so that a broken GCN5 reference cannot hide
    // among the rest.
    let o = gpuref()
        .arg("check")
        .arg(corpus().join("amd-gcn5-vega"))
        .arg(corpus().join("amd-gcn5-mi100"))
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        out.contains(&format!(" passed, 0 failed ({enc} files)")),
        "{out}"
    );
    let passed: usize = out
        .split(" passed")
        .next()
        .and_then(|n| n.trim().rsplit('\n').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(passed > 5000, "{out}");
    // The corpus in the repository is what the semantics generate (CI's regenerate-and-diff).
    let o = gpuref()
        .args(["generate", "--check", "--out"])
        .arg(root().join("vectors"))
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "vectors/ is stale: run `gpuref generate`\n{}",
        text(&o)
    );
}

#[test]
fn check_reports_a_wrong_expectation_with_rule_and_citation() {
    let d = small_corpus("wrong", &["f32.add.vec"]);
    let path = d.join("float/f32/f32.add.vec");
    let t = std::fs::read_to_string(&path).unwrap();
    // 1 + 1 = 2 (in all four rounding directions): claim 3 instead.
    let bad = t.replace(
        "a=0x3f800000 b=0x3f800000\td=0x40000000",
        "a=0x3f800000 b=0x3f800000\td=0x40400000",
    );
    assert_ne!(bad, t, "the 1 + 1 case is in the corpus");
    std::fs::write(&path, bad).unwrap();
    let o = gpuref().arg("check").arg(&d).output().unwrap();
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("expected: d=0x40400000"), "{out}");
    assert!(out.contains("got:      d=0x40000000 flags=none"), "{out}");
    assert!(
        out.contains("rule:     float.add [specified] IEEE754 §\"5.4.1 Arithmetic operations\""),
        "{out}"
    );
    assert_eq!(out.matches("expected: d=0x40400000").count(), 4, "{out}");
    assert!(out.contains(" passed, 4 failed (1 files)"), "{out}");
}

#[test]
fn malformed_files_name_file_line_and_column_and_the_run_goes_on() {
    let d = small_corpus("malformed", &["f32.add.vec", "f32.mul.vec"]);
    let path = d.join("float/f32/f32.add.vec");
    let mut t = std::fs::read_to_string(&path).unwrap();
    t.push_str("f32.add.zz\t-\tf32.add\tround=rne daz=0 ftz=0 tininess=after quirks=ieee754\ta=0xqq b=0x1\td=0x1\tnone\tfloat.add\n");
    t.push_str("only\ttwo\n");
    std::fs::write(&path, &t).unwrap();
    let lines = t.lines().count();
    std::fs::write(d.join("float/f32/empty.vec"), "").unwrap();
    std::fs::write(d.join("float/f32/v9.vec"), "#!gpuref-vectors 9\n").unwrap();
    let o = gpuref().arg("check").arg(&d).output().unwrap();
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    let p = path.display().to_string();
    assert!(
        out.contains(&format!("{p}:{}:", lines - 1)) && out.contains("input `a`: bad value `0xqq`"),
        "{out}"
    );
    assert!(
        out.contains(&format!("{p}:{}:", lines))
            && out.contains("expected 8 tab-separated fields, found 2"),
        "{out}"
    );
    assert!(out.contains("empty.vec:1:1: empty file"), "{out}");
    assert!(
        out.contains("v9.vec:1:17: unsupported format version `9`"),
        "{out}"
    );
    // Every good case of both files was still checked, and none failed; the problems (the
    // four above, and no reference for the ISA of the two files without a header) are
    // counted as failures (issue 25, defect 6).
    assert!(
        out.contains(" passed, 6 failed (4 files, 6 of the failures"),
        "{out}"
    );
    // The same file under `run`: reported, and the good files still run.
    let o = gpuref()
        .args(["run", "--vectors"])
        .arg(&d)
        .output()
        .unwrap();
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("expected 8 tab-separated fields"), "{out}");
    assert!(out.contains("test result: FAILED."), "{out}");
    assert!(!out.contains("test result: ok"), "{out}");
}

#[test]
fn run_against_the_reference_passes_with_a_summary() {
    let o = gpuref()
        .args(["run", "--vectors"])
        .arg(corpus())
        .output()
        .unwrap();
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    let (float, enc) = corpus_file_count();
    assert!(
        out.contains(&format!("{} passed; 0 failed", float + enc)),
        "{out}"
    );
    assert!(
        out.lines().any(|l| l.starts_with("gcn5     encoding")),
        "{out}"
    );
    assert!(out.lines().any(|l| l.starts_with("gcn5     alu")), "{out}");
    // Both targets, and MI100's MFMA family.
    let state_files = format!("gcn5     state        {}", 2 * STATE_FAMILIES.len() + 1);
    assert!(out.lines().any(|l| l.starts_with(&state_files)), "{out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("float    f32          72")),
        "{out}"
    );
    // libtest filters
    let o = gpuref()
        .args(["run", "--vectors"])
        .arg(corpus())
        .args(["--list", "f64.sqrt"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&o.stdout).trim(),
        "[float] float/f64/f64.sqrt: test"
    );
}

fn run_adapter(d: &Path, adapter: &str, extra: &[&str]) -> (Output, String, Duration) {
    let t = Instant::now();
    let o = gpuref()
        .args(["run", "--no-progress", "--timeout", "1", "--vectors"])
        .arg(d)
        .args(["--adapter", adapter])
        .args(extra)
        .output()
        .unwrap();
    let s = text(&o);
    (o, s, t.elapsed())
}

#[test]
fn a_correct_adapter_passes() {
    let d = small_corpus("faulty-ok", &["f32.add.vec"]);
    let (o, out, _) = run_adapter(&d, &faulty(""), &[]);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("1 passed; 0 failed"), "{out}");
}

#[test]
fn adapter_crash_is_charged_to_the_case_and_the_run_goes_on() {
    let d = small_corpus("crash", &["f32.add.vec", "f32.mul.vec"]);
    let id = nth_case(&d.join("float/f32/f32.add.vec"), 5);
    let (o, out, _) = run_adapter(&d, &faulty(&format!("--crash-at {id}")), &[]);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains(&format!("FAIL {id}")) && out.contains("crashed (exit status: 3)"),
        "{out}"
    );
    assert!(out.contains("1 of ") && out.contains("(1 faults)"), "{out}");
    assert!(
        out.contains("test [float] float/f32/f32.mul ... ok"),
        "{out}"
    );
}

#[test]
fn adapter_hang_times_out_and_the_run_never_hangs() {
    let d = small_corpus("hang", &["f32.add.vec"]);
    let id = nth_case(&d.join("float/f32/f32.add.vec"), 3);
    let (o, out, took) = run_adapter(&d, &faulty(&format!("--hang-at {id}")), &[]);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains(&format!("FAIL {id}")) && out.contains("timed out"),
        "{out}"
    );
    assert!(out.contains("(1 faults)"), "{out}");
    assert!(took < Duration::from_secs(30), "took {took:?}");
}

#[test]
fn adapter_garbage_partial_line_and_wrong_id_are_protocol_errors() {
    let d = small_corpus("garbage", &["f32.add.vec"]);
    let f = d.join("float/f32/f32.add.vec");
    let (a, b, c) = (nth_case(&f, 2), nth_case(&f, 7), nth_case(&f, 11));
    for (flag, id, want) in [
        ("--garbage-at", &a, "protocol error"),
        ("--partial-at", &b, "after a partial line"),
        ("--wrong-id-at", &c, "protocol error: answer for id"),
    ] {
        let (o, out, _) = run_adapter(&d, &faulty(&format!("{flag} {id}")), &[]);
        assert_eq!(o.status.code(), Some(1), "{flag}: {out}");
        assert!(
            out.contains(&format!("FAIL {id}")) && out.contains(want),
            "{flag}: {out}"
        );
        assert!(out.contains("(1 faults)"), "{flag}: {out}");
    }
}

#[test]
fn a_case_that_crashes_once_passes_after_the_restart() {
    let d = small_corpus("once", &["f32.add.vec"]);
    let id = nth_case(&d.join("float/f32/f32.add.vec"), 4);
    let state = d.join("crashed-once");
    let (o, out, _) = run_adapter(
        &d,
        &faulty(&format!("--crash-once-at {id} --state {}", state.display())),
        &[],
    );
    assert!(o.status.success(), "{out}");
    assert!(
        state.exists(),
        "the adapter never crashed: the test did not test anything"
    );
}

#[test]
fn bad_handshakes_stop_the_run_with_a_clear_error() {
    let d = small_corpus("hello", &["f32.add.vec"]);
    let (o, out, _) = run_adapter(&d, &faulty("--bad-handshake"), &[]);
    assert_eq!(o.status.code(), Some(2), "{out}");
    assert!(out.contains("bad handshake"), "{out}");
    let (o, out, _) = run_adapter(&d, &faulty("--no-handshake"), &[]);
    assert_eq!(o.status.code(), Some(2), "{out}");
    assert!(out.contains("exited during the handshake"), "{out}");
    let (o, out, _) = run_adapter(&d, "exec /nonexistent/adapter", &[]);
    assert_eq!(o.status.code(), Some(2), "{out}");
}

#[test]
fn too_many_restarts_stop_sending_and_fail() {
    let d = small_corpus("restarts", &["f32.add.vec"]);
    let f = d.join("float/f32/f32.add.vec");
    let ids: Vec<String> = (0..4).map(|i| nth_case(&f, i)).collect();
    let flags: String = ids.iter().map(|i| format!(" --crash-at {i}")).collect();
    let (o, out, _) = run_adapter(&d, &faulty(&flags), &["--max-restarts", "2"]);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("not run: the adapter was restarted 2 times"),
        "{out}"
    );
}

#[test]
fn python_example_adapter_is_partial_and_says_so() {
    need("python3", "python3");
    let d = small_corpus("pyref", &["f32.add.vec", "f32.sqrt.vec", "f32.fract.vec"]);
    let cmd = format!(
        "python3 {}",
        root()
            .join("conformance/adapters/python/pyref.py")
            .display()
    );
    let (o, out, _) = run_adapter(&d, &cmd, &[]);
    // It implements round-to-nearest-even only, so every file has unsupported vectors, and
    // fract is not implemented at all.
    let row = out
        .lines()
        .find(|l| l.starts_with("float    f32"))
        .unwrap_or_else(|| panic!("{out}"));
    let cols: Vec<usize> = row
        .split_whitespace()
        .skip(2)
        .filter_map(|c| c.parse().ok())
        .collect();
    assert_eq!(cols.len(), 6, "{row}");
    let (cases, passed, failed, unsupported, faults) =
        (cols[1], cols[2], cols[3], cols[4], cols[5]);
    assert_eq!(faults, 0, "{out}");
    assert!(passed > 0 && unsupported > 0, "{out}");
    assert_eq!(passed + failed + unsupported, cases, "{out}");
    assert!(out.contains("adapter: pyref"), "{out}");
    let _ = o;
}

#[test]
fn c_example_adapter_builds_and_runs() {
    need("cc", "gcc");
    let d = small_corpus("cref", &["f32.add.vec", "f32.div.vec", "f32.to_i32.vec"]);
    let exe = d.join("cref");
    let o = Command::new("cc")
        .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-O2", "-o"])
        .arg(&exe)
        .arg(root().join("conformance/adapters/c/cref.c"))
        .arg("-lm")
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "cref.c does not build warning-free:\n{}",
        text(&o)
    );
    let (_, out, _) = run_adapter(&d, &exe.display().to_string(), &[]);
    let row = out
        .lines()
        .find(|l| l.starts_with("float    f32"))
        .unwrap_or_else(|| panic!("{out}"));
    let cols: Vec<usize> = row
        .split_whitespace()
        .skip(2)
        .filter_map(|c| c.parse().ok())
        .collect();
    let (passed, unsupported, faults) = (cols[2], cols[4], cols[5]);
    assert_eq!(faults, 0, "{out}");
    // It does all four rounding directions with flags, so most vectors pass; flushing and
    // tininess-before vectors are unsupported.
    assert!(passed * 2 > cols[1] && unsupported > 0, "{out}");
}

#[test]
fn example_adapters_pass_their_hand_worked_checks() {
    need("python3", "python3");
    need("cc", "gcc");
    let o = Command::new("python3")
        .arg(root().join("conformance/adapters/tests/test_adapters.py"))
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
}

#[test]
fn state_vector_files_are_checked_and_a_wrong_expectation_fails() {
    let d = tempdir("cli", "state");
    let header = r#"{"gpuref_vectors": 1, "kind": "state", "isa": "gcn5", "target": "gfx900", "instruction": "state.hand"}"#;
    // Worked by hand from the Vega manual, words from llvm-mc -mcpu=gfx900 -show-encoding:
    // S_BRANCH: PC = PC + signext(SIMM16 * 4) + 4, so 0x100 + 12 + 4 = 0x110.
    let branch = r#"{"id": "s_branch.1", "words": ["bf820003"], "asm": "s_branch 3", "initial": {"pc": "0x100"}, "final": {"pc": "0x110"}, "rules": []}"#;
    // DS_WRITE_B32: MEM[ADDR + OFFSET] = DATA, little-endian, lane 0 only (EXEC = 1).
    let write = r#"{"id": "ds_write_b32.1", "words": ["d81a0004", "00000201"], "asm": "ds_write_b32 v1, v2 offset:4", "initial": {"exec": "0x1", "m0": "0xffffffff", "v1": {"0": "0x10", "1": "0x20"}, "v2": {"0": "0x11223344", "1": "0x55"}}, "final": {"lds": {"0x14": "44332211"}}, "rules": []}"#;
    // DS_READ_B32: the lanes EXEC has active get the dword at ADDR + OFFSET.
    let read = r#"{"id": "ds_read_b32.1", "words": ["d86c0004", "0a000001"], "asm": "ds_read_b32 v10, v1 offset:4", "initial": {"exec": "0x2", "m0": "0xffffffff", "v1": {"1": "0x20"}, "lds": {"0x24": "0a0b0c0d"}}, "final": {"v10": {"1": "0xd0c0b0a"}}, "rules": []}"#;
    std::fs::write(
        d.join("hand.jsonl"),
        format!("{header}\n{branch}\n{write}\n{read}\n"),
    )
    .unwrap();
    let o = gpuref().arg("check").arg(&d).output().unwrap();
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("3 passed, 0 failed (1 files)"), "{out}");
    let o = gpuref()
        .args(["run", "--no-progress", "--vectors"])
        .arg(&d)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    // Adapter protocol 1 has no state request: the cases are counted as unsupported.
    need("python3", "python3");
    let cmd = format!(
        "python3 {}",
        root()
            .join("conformance/adapters/python/pyref.py")
            .display()
    );
    let (o, out, _) = run_adapter(&d, &cmd, &[]);
    // Nothing was checked: every case declined, exit status 3 (docs/design/0047).
    assert_eq!(o.status.code(), Some(3), "{out}");
    assert!(
        out.contains("1 state-transition files (3 cases) are not sent to the adapter: the adapter speaks protocol 1"),
        "{out}"
    );
    assert!(out.contains("hand ... ignored (declined: all 3 cases unsupported (the adapter speaks protocol 1, which has no state request))"), "{out}");
    // One expected byte flipped, one expected change missing, one PC wrong: each fails.
    let bad_byte = write.replace("44332211", "45332211");
    // (under an id of its own: ids are unique per target)
    let missing = write
        .replace(
            r#""final": {"lds": {"0x14": "44332211"}}"#,
            r#""final": {}"#,
        )
        .replace("ds_write_b32.1", "ds_write_b32.2");
    let bad_pc = branch.replace("0x110", "0x10c");
    std::fs::write(
        d.join("hand.jsonl"),
        format!("{header}\n{bad_byte}\n{missing}\n{bad_pc}\n{read}\n"),
    )
    .unwrap();
    let o = gpuref().arg("check").arg(&d).output().unwrap();
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("1 passed, 3 failed"), "{out}");
    assert!(
        out.contains("hand.jsonl:2)") && out.contains("lds[0x14] = 0x44, expected 0x45"),
        "{out}"
    );
    assert!(
        out.contains("lds[0x14] changed to 0x44, which the final state does not list"),
        "{out}"
    );
    assert!(out.contains("pc = 0x110, expected 0x10c"), "{out}");
}

#[test]
fn malformed_state_files_name_file_line_and_field() {
    let d = tempdir("cli", "state-bad");
    let header = r#"{"gpuref_vectors": 1, "kind": "state", "isa": "gcn5", "target": "gfx900", "instruction": "state.hand"}"#;
    let good = r#"{"id": "s_branch.1", "words": ["bf820003"], "asm": "s_branch 3", "initial": {"pc": "0x100"}, "final": {"pc": "0x110"}, "rules": []}"#;
    let bad_json = r#"{"id": "s_branch.2", "words": ["bf820003"], "asm": "s_branch 3", "initial": {"pc": "0x100"}, "final": {"pc": "0x110"}, "rules": [}"#;
    let no_asm = good.replace(r#""asm": "s_branch 3", "#, "");
    let bad_reg = good.replace(r#""pc": "0x100""#, r#""q7": "0x100""#);
    let bad_value = good.replace(r#""pc": "0x100""#, r#""pc": "256""#);
    std::fs::write(
        d.join("bad.jsonl"),
        format!("{header}\n{bad_json}\n{no_asm}\n{bad_reg}\n{bad_value}\n{good}\n"),
    )
    .unwrap();
    let o = gpuref().arg("check").arg(&d).output().unwrap();
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(!out.contains("panicked"), "{out}");
    assert!(
        out.contains("bad.jsonl:2:") && out.contains("bad case object"),
        "{out}"
    );
    assert!(
        out.contains("bad.jsonl:3:") && out.contains("missing field `asm`"),
        "{out}"
    );
    assert!(
        out.contains("bad.jsonl:4)") && out.contains("unknown register `q7`"),
        "{out}"
    );
    assert!(
        out.contains("bad.jsonl:5:1: initial: `pc`: bad value `256`"),
        "{out}"
    );
}

/// The summary table's `total` row: files, cases, passed, failed, unsupported, faults.
fn totals(out: &str) -> Vec<usize> {
    out.lines()
        .find(|l| l.starts_with("total "))
        .unwrap_or_else(|| panic!("no total row: {out}"))
        .split_whitespace()
        .skip(1)
        .map(|n| n.parse().unwrap())
        .collect()
}

/// Three cases worked by hand from the Vega manual (the ones of
/// `state_vector_files_are_checked_and_a_wrong_expectation_fails`) and an S_NOP, which
/// faulty does not implement.
fn hand_state_corpus(name: &str) -> PathBuf {
    let d = tempdir("cli", name);
    let header = r#"{"gpuref_vectors": 1, "kind": "state", "isa": "gcn5", "target": "gfx900", "instruction": "state.hand"}"#;
    // S_BRANCH: PC = PC + signext(SIMM16 * 4) + 4, so 0x100 + 12 + 4 = 0x110.
    let branch = r#"{"id": "s_branch.1", "words": ["bf820003"], "asm": "s_branch 3", "initial": {"pc": "0x100"}, "final": {"pc": "0x110"}, "rules": []}"#;
    // DS_WRITE_B32: MEM[ADDR + OFFSET] = DATA, little-endian, lane 0 only (EXEC = 1).
    let write = r#"{"id": "ds_write_b32.1", "words": ["d81a0004", "00000201"], "asm": "ds_write_b32 v1, v2 offset:4", "initial": {"exec": "0x1", "m0": "0xffffffff", "v1": {"0": "0x10", "1": "0x20"}, "v2": {"0": "0x11223344", "1": "0x55"}}, "final": {"lds": {"0x14": "44332211"}}, "rules": []}"#;
    // DS_READ_B32: the lanes EXEC has active get the dword at ADDR + OFFSET.
    let read = r#"{"id": "ds_read_b32.1", "words": ["d86c0004", "0a000001"], "asm": "ds_read_b32 v10, v1 offset:4", "initial": {"exec": "0x2", "m0": "0xffffffff", "v1": {"1": "0x20"}, "lds": {"0x24": "0a0b0c0d"}}, "final": {"v10": {"1": "0xd0c0b0a"}}, "rules": []}"#;
    // S_NOP 0 (SOPP opcode 0): nothing changes.
    let nop = r#"{"id": "s_nop.1", "words": ["bf800000"], "asm": "s_nop 0", "initial": {}, "final": {}, "rules": []}"#;
    std::fs::create_dir_all(d.join("gcn5")).unwrap();
    std::fs::write(
        d.join("gcn5/hand.jsonl"),
        format!("{header}\n{branch}\n{write}\n{read}\n{nop}\n"),
    )
    .unwrap();
    d
}

#[test]
fn protocol_2_adapter_answers_state_requests() {
    let d = hand_state_corpus("state-p2");
    let (o, out, _) = run_adapter(&d, &faulty(""), &[]);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains(
            "1 state-transition files (4 cases) go to the adapter as state requests (protocol 2)"
        ),
        "{out}"
    );
    // files, cases, passed, failed, unsupported, faults: faulty implements the three
    // hand-worked instructions and not S_NOP.
    assert_eq!(totals(&out), vec![1, 4, 3, 0, 1, 0], "{out}");
    // A protocol-2 adapter still runs value cases.
    let d = small_corpus("faulty-p2", &["f32.add.vec"]);
    let (o, out, _) = run_adapter(&d, &faulty(""), &[]);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("1 passed; 0 failed"), "{out}");
}

#[test]
fn bad_state_answers_fail_naming_the_case_and_never_panic() {
    let d = hand_state_corpus("state-bad-answers");
    for (how, want, faults) in [
        (
            "notjson",
            "protocol error: the final state is not a JSON object",
            1,
        ),
        (
            "shape",
            "protocol error: the final state is not a JSON object",
            1,
        ),
        ("name", "error: answer: unknown register `q7`", 0),
        (
            "extra",
            "s0 changed to 0x1, which the final state does not list",
            0,
        ),
    ] {
        let flag = format!("--bad-state-at ds_write_b32.1:{how}");
        let (o, out, _) = run_adapter(&d, &faulty(&flag), &[]);
        assert_eq!(o.status.code(), Some(1), "{how}: {out}");
        assert!(!out.contains("panicked"), "{how}: {out}");
        assert!(
            out.contains("FAIL ds_write_b32.1 (") && out.contains(want),
            "{how}: {out}"
        );
        // The other two implemented cases still pass.
        let t = totals(&out);
        assert_eq!((t[2], t[3] + t[5], t[5]), (2, 1, faults), "{how}: {out}");
    }
    for (flag, id, want) in [
        ("--crash-at", "s_branch.1", "crashed (exit status: 3)"),
        ("--hang-at", "ds_read_b32.1", "timed out"),
        ("--partial-at", "ds_write_b32.1", "after a partial line"),
        ("--garbage-at", "ds_read_b32.1", "protocol error"),
    ] {
        let (o, out, took) = run_adapter(&d, &faulty(&format!("{flag} {id}")), &[]);
        assert_eq!(o.status.code(), Some(1), "{flag}: {out}");
        assert!(!out.contains("panicked"), "{flag}: {out}");
        assert!(
            out.contains(&format!("FAIL {id} (")) && out.contains(want),
            "{flag}: {out}"
        );
        assert_eq!(totals(&out)[5], 1, "{flag}: {out}");
        assert!(took < Duration::from_secs(30), "{flag}: took {took:?}");
    }
}

/// Cases per row (the id's mnemonic) of a state file, in file order.
fn cases_per_row(path: &Path) -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    for line in text.lines().skip(1) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let id = v["id"].as_str().unwrap().to_string();
        let row = id.rsplit_once('.').unwrap().0.to_string();
        match rows.iter_mut().find(|(r, _)| *r == row) {
            Some((_, ids)) => ids.push(id),
            None => rows.push((row, vec![id])),
        }
    }
    rows
}

#[test]
fn a_larger_state_level_is_generated_on_demand_and_runs() {
    let d = tempdir("cli", "state-cap");
    let o = gpuref()
        .args(["generate", "--out"])
        .arg(&d)
        .args(["--state-cap", "120", "--state-family", "smem"])
        .output()
        .unwrap();
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("2 state files"), "{out}");
    let level = d.join("amd-gcn5-vega/state/smem.jsonl");
    let header = std::fs::read_to_string(&level).unwrap();
    assert!(
        header
            .lines()
            .next()
            .unwrap()
            .contains(r#""command":"gpuref generate --state-cap 120 --state-family smem""#),
        "{header:.300}"
    );
    // Only the asked family, nothing of the rest of the corpus.
    assert!(!d.join("amd-gcn5-vega/state/ds.jsonl").exists());
    assert!(!d.join("float").exists());
    // Per row: at most 120 cases, some row more than the committed 100, and the committed
    // cases first (the same edge cases and seeded draws, only stopped later).
    let committed = cases_per_row(&root().join("vectors/amd-gcn5-vega/state/smem.jsonl"));
    let bigger = cases_per_row(&level);
    assert_eq!(committed.len(), bigger.len());
    let mut more = 0;
    for ((r, small), (r2, big)) in committed.iter().zip(&bigger) {
        assert_eq!(r, r2);
        assert!(big.len() <= 120 && big.len() >= small.len(), "{r}");
        assert_eq!(&big[..small.len()], &small[..], "{r}");
        more += usize::from(big.len() > 100);
    }
    assert!(more > 0, "no row has more than 100 cases at cap 120");
    // The level runs against the built-in reference.
    let o = gpuref()
        .args(["run", "--no-progress", "--vectors"])
        .arg(&d)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    // Never over the committed corpus; unknown families are named.
    let o = gpuref()
        .current_dir(root())
        .args(["generate", "--state-cap", "120"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("outside the committed corpus"),
        "{}",
        text(&o)
    );
    let o = gpuref()
        .args(["generate", "--out"])
        .arg(&d)
        .args(["--state-cap", "120", "--state-family", "mimg2"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("unknown state family `mimg2`"),
        "{}",
        text(&o)
    );
}

/// `gpuref adapter` (the built-in reference behind protocol 2) answers every state request
/// of the committed corpus, and its answers pass: each case's final state goes through the
/// JSON request and answer and the runner's comparison of an applied answer.
#[test]
fn the_reference_as_a_protocol_2_adapter_passes_the_committed_state_corpus() {
    let d = tempdir("cli", "state-self");
    let mut cases = 0;
    let mut files = 0;
    for t in ["amd-gcn5-vega", "amd-gcn5-mi100"] {
        let from = root().join("vectors").join(t).join("state");
        let to = d.join(t).join("state");
        std::fs::create_dir_all(&to).unwrap();
        for e in std::fs::read_dir(&from).unwrap() {
            let p = e.unwrap().path();
            let text = std::fs::read_to_string(&p).unwrap();
            cases += text.lines().count() - 1;
            files += 1;
            std::fs::write(to.join(p.file_name().unwrap()), text).unwrap();
        }
    }
    let cmd = format!("{} adapter", env!("CARGO_BIN_EXE_gpuref"));
    let (o, out, _) = run_adapter(&d, &cmd, &[]);
    assert!(o.status.success(), "{out:.3000}");
    assert!(
        files >= 18 && cases > 30_000,
        "{files} files, {cases} cases"
    );
    assert_eq!(
        totals(&out),
        vec![files, cases, cases, 0, 0, 0],
        "{out:.3000}"
    );
}
