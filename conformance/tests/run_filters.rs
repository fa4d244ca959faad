//! `gpuref run` and `gpuref check` as a CI job uses them (issue 17, docs/design/0047):
//! filters that select exactly the cases typed here from the committed corpus, per-case
//! reports as JSON Lines and JUnit XML holding a seeded bug's failure, an adapter that
//! declines everything reported as "declined" with its own exit status, the per-rule
//! summary, and the corpus found from any current directory.
//!
//! Counts are typed from the committed files (an `awk`/`grep` over the file, noted beside
//! each), not computed by the code under test.

mod common;
use common::{gpuref, root, tempdir, text};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn vectors() -> PathBuf {
    root().join("vectors")
}

fn fixture(name: &str) -> PathBuf {
    root().join("conformance/tests/fixtures/example").join(name)
}

fn faulty() -> String {
    format!(
        "python3 {}",
        root()
            .join("conformance/adapters/faulty/faulty.py")
            .display()
    )
}

/// `gpuref check ARGS` (with the example ISA listed).
fn check(args: &[&str]) -> Output {
    gpuref()
        .env("GPUREF_EXAMPLE_ISA", "1")
        .arg("check")
        .args(args)
        .output()
        .unwrap()
}

/// The summary table's `total` row.
fn totals(out: &str) -> Vec<usize> {
    out.lines()
        .find(|l| l.starts_with("total "))
        .unwrap_or_else(|| panic!("no total row: {out}"))
        .split_whitespace()
        .skip(1)
        .map(|n| n.parse().unwrap())
        .collect()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A corpus folder holding the example ISA's hand-typed file.
fn example_corpus(name: &str) -> PathBuf {
    let d = tempdir("filters", name);
    std::fs::copy(fixture("ex1.vec"), d.join("ex1.vec")).unwrap();
    d
}

/// `gpuref run` of the example corpus through the example adapter, seeded with `bug`.
fn run_example(dir: &Path, bug: &str, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gpuref"))
        .env("GPUREF_EXAMPLE_ISA", "1")
        .env("EXAMPLE_BUG", bug)
        .args(["run", "--no-progress", "--vectors"])
        .arg(dir)
        .arg("--adapter")
        .arg(format!(
            "python3 {}",
            fixture("example_adapter.py").display()
        ))
        .args(extra)
        .output()
        .unwrap()
}

#[test]
fn filters_select_exactly_the_cases_typed_from_the_corpus() {
    let v = vectors();
    let s = |p: &str| v.join(p).to_string_lossy().into_owned();
    // awk '/^## /{keep=/ level=edge mode=0x0/} !/^#/ && keep' alu/vop2/v_add_f32.vec | wc -l
    let o = check(&[
        &s("amd-gcn5-vega/alu"),
        "--isa",
        "gcn5",
        "--target",
        "gfx900",
        "--part",
        "vop2",
        "--instruction",
        "v_add_f32",
        "--level",
        "edge",
        "--mode",
        "mode=0x0",
    ]);
    assert!(
        stdout(&o).contains("48 passed, 0 failed (1 files)"),
        "{}",
        text(&o)
    );
    // Values of one kind are ORed: two instructions, globs, two files.
    let o = check(&[
        &s("amd-gcn5-vega/alu/vop2"),
        "--instruction",
        "v_add_f3?,V_SUB_F32",
        "--level",
        "edge",
        "--mode",
        "0x0",
    ]);
    assert!(stdout(&o).contains("(2 files)"), "{}", text(&o));
    // grep -o '"why":"random"' state/ds.jsonl | wc -l: a state case's level is its `why`.
    let o = check(&[
        &s("amd-gcn5-vega/state"),
        "--part",
        "state",
        "--level",
        "random",
        "--instruction",
        "ds_*",
    ]);
    assert!(
        stdout(&o).contains("2963 passed, 0 failed (1 files)"),
        "{}",
        text(&o)
    );
    // grep -P '^\S+\t' float/f32/f32.add.vec | grep -c round=rtz
    let o = check(&[
        &s("float/f32"),
        "--instruction",
        "f32.add",
        "--mode",
        "round=rtz",
    ]);
    assert!(
        stdout(&o).contains("418 passed, 0 failed (1 files)"),
        "{}",
        text(&o)
    );
    // The example file: five cases without rules (specified), one whose rule
    // example.divu.by_zero is unspecified.
    let ex = fixture("ex1.vec");
    let ex = ex.to_string_lossy();
    let o = check(&[&ex, "--status", "specified"]);
    assert!(stdout(&o).contains("5 passed, 0 failed"), "{}", text(&o));
    let o = check(&[&ex, "--status", "contested,unspecified", "--level", "spec"]);
    assert!(stdout(&o).contains("1 passed, 0 failed"), "{}", text(&o));
    // `run` selects the same way: the seeded bug is in `sub`, which these leave out.
    let d = example_corpus("run-select");
    let o = run_example(&d, "sub", &["--instruction", "mul*,div*"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    // files, cases, passed, failed, unsupported, faults
    assert_eq!(totals(&stdout(&o)), [1, 3, 3, 0, 0, 0], "{}", text(&o));
    let o = run_example(&d, "sub", &["--instruction", "sub"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    // Each value exists, but not together: a clear error, not an empty success.
    let o = check(&[&ex, "--status", "contested"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("no case matches --status contested"),
        "{}",
        text(&o)
    );
}

#[test]
fn unknown_filter_values_list_the_valid_ones() {
    let ex = fixture("ex1.vec");
    let ex = ex.to_string_lossy();
    for (args, says) in [
        (
            vec!["--level", "edgy"],
            "--level `edgy`: no file of the files read has that level (valid: spec)",
        ),
        (
            vec!["--isa", "r900"],
            "--isa `r900`: no such ISA (valid: example, float, gcn5, gen7, r700)",
        ),
        (
            vec!["--target", "gfx1030"],
            "valid: ex1, gfx900, gfx908, ieee754, ivb, rv710, rv730, rv740, rv770",
        ),
        (
            vec!["--status", "maybe"],
            "valid: specified, inferred, contested, unspecified",
        ),
        (vec!["--instruction", "mulx"], "(some that exist: mulhi)"),
        (vec!["--mode", "round=rtz"], "--mode `round=rtz`: no case"),
    ] {
        let mut a = vec![&*ex];
        a.extend(args.iter().copied());
        let o = check(&a);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        assert!(text(&o).contains(says), "{args:?}: {}", text(&o));
        let d = example_corpus("unknown");
        let o = run_example(&d, "", &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        assert!(text(&o).contains(says), "{args:?}: {}", text(&o));
    }
}

/// A small well-formedness check: every tag closed in order, attributes quoted, only the
/// five entities, one root.
fn well_formed_xml(x: &str) -> Result<usize, String> {
    let body = x
        .strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .ok_or("no XML declaration")?;
    let mut stack: Vec<String> = Vec::new();
    let (mut rest, mut elements, mut roots) = (body, 0, 0);
    while let Some(i) = rest.find(['<', '&']) {
        let text = &rest[..i];
        if stack.is_empty() && !text.trim().is_empty() {
            return Err(format!("text outside the root: {text:?}"));
        }
        rest = &rest[i..];
        if rest.starts_with('&') {
            let end = rest.find(';').ok_or("unterminated entity")?;
            if !["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].contains(&&rest[..=end]) {
                return Err(format!("unknown entity {}", &rest[..=end]));
            }
            rest = &rest[end + 1..];
            continue;
        }
        let end = rest.find('>').ok_or("unterminated tag")?;
        let tag = &rest[1..end];
        rest = &rest[end + 1..];
        if tag.contains('<') || tag.matches('"').count() % 2 != 0 {
            return Err(format!("bad tag <{tag}>"));
        }
        if let Some(name) = tag.strip_prefix('/') {
            match stack.pop() {
                Some(open) if open == name => {}
                other => return Err(format!("</{name}> closes {other:?}")),
            }
        } else {
            let name = tag
                .split_whitespace()
                .next()
                .unwrap_or("")
                .trim_end_matches('/');
            if stack.is_empty() {
                roots += 1;
            }
            elements += 1;
            if !tag.ends_with('/') {
                stack.push(name.to_string());
            }
        }
    }
    if !stack.is_empty() || roots != 1 || !rest.trim().is_empty() {
        return Err(format!("unclosed {stack:?} or {roots} roots"));
    }
    Ok(elements)
}

#[test]
fn reports_hold_every_case_and_the_seeded_failure() {
    let d = example_corpus("reports");
    let (jsonl, junit) = (d.join("out/r.jsonl"), d.join("out/r.xml"));
    std::fs::create_dir_all(d.join("out")).unwrap();
    let corpus = d.join("corpus");
    std::fs::create_dir_all(&corpus).unwrap();
    std::fs::rename(d.join("ex1.vec"), corpus.join("ex1.vec")).unwrap();
    let o = run_example(
        &corpus,
        "sub",
        &[
            "--report-jsonl",
            &jsonl.to_string_lossy(),
            "--report-junit",
            &junit.to_string_lossy(),
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        stdout(&o).contains("verdict: FAILED (1 failed, 0 faults)"),
        "{}",
        text(&o)
    );
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&jsonl)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 6);
    // ex1.vec line 9: `sub r4, r3, r4` with r3=2, r4=5 is 2 - 5 = 0xfffffffd; the bug
    // computes 5 - 2 = 3.
    let sub = lines.iter().find(|l| l["id"] == "sub.1").unwrap();
    assert_eq!(sub["verdict"], "fail", "{sub}");
    assert_eq!(sub["line"], 9, "{sub}");
    assert_eq!(sub["isa"], "example");
    assert_eq!(sub["target"], "ex1");
    assert_eq!(sub["instruction"], "sub r4, r3, r4");
    assert_eq!(sub["inputs"]["r3"], "0x2");
    assert_eq!(sub["expected"]["r4"], "0xfffffffd");
    assert_eq!(sub["got"]["r4"], "0x3");
    assert!(sub["file"].as_str().unwrap().ends_with("ex1.vec"), "{sub}");
    let divu = lines.iter().find(|l| l["id"] == "divu.2").unwrap();
    assert_eq!(divu["verdict"], "pass");
    assert_eq!(divu["expected"]["r6"], "0x0/0x0");
    assert_eq!(divu["status"], "unspecified");
    assert_eq!(divu["rules"][0]["id"], "example.divu.by_zero");
    assert_eq!(divu["rules"][0]["status"], "unspecified");
    assert!(
        !divu["rules"][0]["citation"].as_str().unwrap().is_empty(),
        "{divu}"
    );
    assert_eq!(lines.iter().filter(|l| l["verdict"] == "pass").count(), 5);
    let x = std::fs::read_to_string(&junit).unwrap();
    assert_eq!(well_formed_xml(&x), Ok(1 + 1 + 6 + 1), "{x}");
    assert!(
        x.contains(
            "<testsuite name=\"ex1\" tests=\"6\" failures=\"1\" errors=\"0\" skipped=\"0\">"
        ),
        "{x}"
    );
    let at = x.find("name=\"sub.1\"").unwrap();
    assert!(
        x[at..]
            .split("</testcase>")
            .next()
            .unwrap()
            .contains("<failure message=\"FAIL sub.1"),
        "{x}"
    );
    // Nothing but the two reports in their folder: the temporary files were renamed.
    assert_eq!(std::fs::read_dir(d.join("out")).unwrap().count(), 2);

    // A run that stops before its end leaves the reports already there as they were: a
    // bad filter, and a closed stdout.
    std::fs::write(&jsonl, "old\n").unwrap();
    let o = run_example(
        &corpus,
        "sub",
        &[
            "--report-jsonl",
            &jsonl.to_string_lossy(),
            "--level",
            "nope",
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let o = Command::new(env!("CARGO_BIN_EXE_gpuref"))
        .env("GPUREF_EXAMPLE_ISA", "1")
        .args(["run", "--no-progress", "--vectors"])
        .arg(&corpus)
        .arg("--report-jsonl")
        .arg(&jsonl)
        .stdout(writer)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(141), "{}", text(&o));
    assert_eq!(std::fs::read_to_string(&jsonl).unwrap(), "old\n");
    assert_eq!(std::fs::read_dir(d.join("out")).unwrap().count(), 2);
}

#[test]
fn an_adapter_that_declines_everything_is_declined_not_ok() {
    // float/f32/f32.sqrt.vec: 318 cases (vectors/MANIFEST); faulty implements only
    // f32.add, f32.mul and f64.add.
    let d = tempdir("filters", "declined");
    std::fs::create_dir_all(d.join("float/f32")).unwrap();
    for f in ["f32.sqrt.vec", "f32.add.vec"] {
        std::fs::copy(
            vectors().join("float/f32").join(f),
            d.join("float/f32").join(f),
        )
        .unwrap();
    }
    let run = |extra: &[&str]| {
        gpuref()
            .args(["run", "--no-progress", "--vectors"])
            .arg(&d)
            .args(["--adapter", &faulty()])
            .args(extra)
            .output()
            .unwrap()
    };
    let o = run(&["--instruction", "f32.sqrt"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(3), "{out}");
    assert!(
        out.contains("f32.sqrt ... ignored (declined: all 318 cases unsupported (faulty implements only f32.add, f32.mul and f64.add))"),
        "{out}"
    );
    assert!(!out.contains("f32.sqrt ... ok"), "{out}");
    assert!(
        out.contains("declined: 318 cases (1 files with every case declined"),
        "{out}"
    );
    assert!(
        out.contains("      318  faulty implements only f32.add, f32.mul and f64.add"),
        "{out}"
    );
    assert!(
        out.contains("verdict: declined: none of the 318 selected cases was checked"),
        "{out}"
    );
    // With a file that passes, the run passes; the declined file is still not `ok`.
    let o = run(&[]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(out.contains("f32.sqrt ... ignored (declined"), "{out}");
    assert!(out.contains("f32.add  ... ok"), "{out}");
    assert!(out.contains("verdict: ok"), "{out}");
}

#[test]
fn the_per_rule_summary_counts_each_rule() {
    let d = example_corpus("by-rule");
    let o = run_example(&d, "sub", &["--by-rule"]);
    let out = stdout(&o);
    assert!(
        out.contains("rules: 1 named by the cases run, 0 with failures"),
        "{out}"
    );
    let row = out
        .lines()
        .find(|l| l.trim_start().starts_with("example.divu.by_zero"))
        .unwrap_or_else(|| panic!("{out}"));
    let n: Vec<&str> = row.split_whitespace().skip(1).collect();
    assert_eq!(n, ["1", "0", "0"], "{row}");
    // Without --by-rule only the rules with failures are listed: none here.
    let o = run_example(&d, "sub", &[]);
    let out = stdout(&o);
    assert!(
        out.contains("rules: 1 named by the cases run, 0 with failures (every rule: --by-rule)"),
        "{out}"
    );
    assert!(!out.contains("example.divu.by_zero"), "{out}");
}

#[test]
fn the_corpus_is_found_from_any_current_directory() {
    let cwd = tempdir("filters", "elsewhere");
    let at = |args: &[&str]| {
        gpuref()
            .current_dir(&cwd)
            .env_remove("GPUREF_ROOT")
            .args(args)
            .output()
            .unwrap()
    };
    let o = at(&[
        "run",
        "--list",
        "--instruction",
        "f32.add",
        "--target",
        "ieee754",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(stdout(&o).trim(), "[float] float/f32/f32.add: test");
    let o = at(&["coverage", "--target", "gfx900"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(stdout(&o).contains("gfx900  VOP2"), "{}", text(&o));
    let o = at(&[
        "check",
        "--instruction",
        "f32.add",
        "--target",
        "ieee754",
        "--part",
        "f32",
    ]);
    assert!(
        stdout(&o).contains("passed, 0 failed (1 files)"),
        "{}",
        text(&o)
    );
    // The site from elsewhere: v_add_f32's page lists its committed vectors.
    let o = at(&[
        "docs",
        "--out",
        "site",
        "--markdown",
        &cwd.join("md").to_string_lossy(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let page = std::fs::read_to_string(cwd.join("md/gcn5/v_add_f32.md"))
        .or_else(|_| {
            // (wherever the generator puts the page of V_ADD_F32)
            let mut found = String::new();
            for e in walk(&cwd.join("md")) {
                if e.file_name().is_some_and(|n| n == "v_add_f32.md") {
                    found = std::fs::read_to_string(e).unwrap();
                }
            }
            if found.is_empty() {
                Err(())
            } else {
                Ok(found)
            }
        })
        .unwrap_or_else(|_| panic!("no v_add_f32.md page under {}", cwd.display()));
    assert!(
        !page.contains("No committed vector holds this instruction"),
        "{page}"
    );
    assert!(page.contains("v_add_f32.vec"), "{page}");
    // A root that is not a checkout: said, exit 2.
    let o = gpuref()
        .current_dir(&cwd)
        .env("GPUREF_ROOT", &cwd)
        .args(["run", "--list"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("is not a gpuref checkout (it has no vectors/MANIFEST)"),
        "{}",
        text(&o)
    );
}

fn walk(d: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Ok(rd) = std::fs::read_dir(d) {
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(walk(&p));
            } else {
                out.push(p);
            }
        }
    }
    out
}

#[test]
fn a_random_level_takes_the_same_filters() {
    // `--random N`: N cases per instruction; two instructions of one target.
    let d = tempdir("filters", "random");
    let out = d.join("level");
    let o = gpuref()
        .args(["generate", "--random", "3", "--out"])
        .arg(&out)
        .args(["--instruction", "v_add_f32,v_sub_f32", "--target", "gfx900"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(stdout(&o).starts_with("2 files, 6 cases"), "{}", text(&o));
    assert!(out.join("amd-gcn5-vega/alu/vop2/v_sub_f32.vec").is_file());
    let o = gpuref()
        .args(["run", "--no-progress", "--vectors"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(totals(&stdout(&o)), [2, 6, 6, 0, 0, 0], "{}", text(&o));
}

#[test]
fn a_rule_with_failures_is_listed_without_by_rule() {
    // ex1.vec with sub.1 citing example.divu.by_zero (any rule the example knows): the
    // seeded `sub` bug then fails a case of that rule.
    let d = tempdir("filters", "failing-rule");
    let file = std::fs::read_to_string(fixture("ex1.vec")).unwrap();
    let file = file.replace(
        "r4=0xfffffffd\t*\t-",
        "r4=0xfffffffd\t*\texample.divu.by_zero",
    );
    std::fs::write(d.join("ex1.vec"), file).unwrap();
    let o = run_example(&d, "sub", &[]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        out.contains("rules: 1 named by the cases run, 1 with failures"),
        "{out}"
    );
    let row = out
        .lines()
        .find(|l| l.trim_start().starts_with("example.divu.by_zero"))
        .unwrap_or_else(|| panic!("{out}"));
    // passed (divu.2), failed (sub.1), declined
    let n: Vec<&str> = row.split_whitespace().skip(1).collect();
    assert_eq!(n, ["1", "1", "0"], "{row}");
}

#[test]
fn state_cases_are_reported_with_their_states() {
    // Two cases worked by hand from the Vega manual (as in tests/cli.rs), and an S_NOP the
    // faulty adapter does not implement.
    let d = tempdir("filters", "state-report");
    let header = r#"{"gpuref_vectors": 1, "kind": "state", "isa": "gcn5", "target": "gfx900", "instruction": "state.hand"}"#;
    let branch = r#"{"id": "s_branch.1", "words": ["bf820003"], "asm": "s_branch 3", "initial": {"pc": "0x100"}, "final": {"pc": "0x110"}, "rules": []}"#;
    let write = r#"{"id": "ds_write_b32.1", "words": ["d81a0004", "00000201"], "asm": "ds_write_b32 v1, v2 offset:4", "initial": {"exec": "0x1", "m0": "0xffffffff", "v1": {"0": "0x10", "1": "0x20"}, "v2": {"0": "0x11223344", "1": "0x55"}}, "final": {"lds": {"0x14": "44332211"}}, "rules": []}"#;
    let nop = r#"{"id": "s_nop.1", "words": ["bf800000"], "asm": "s_nop 0", "initial": {}, "final": {}, "rules": []}"#;
    std::fs::create_dir_all(d.join("v/gcn5")).unwrap();
    std::fs::write(
        d.join("v/gcn5/hand.jsonl"),
        format!("{header}\n{branch}\n{write}\n{nop}\n"),
    )
    .unwrap();
    let report = d.join("r.jsonl");
    let o = gpuref()
        .args(["run", "--no-progress", "--vectors"])
        .arg(d.join("v"))
        .args(["--adapter", &faulty(), "--report-jsonl"])
        .arg(&report)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&report)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    let w = lines.iter().find(|l| l["id"] == "ds_write_b32.1").unwrap();
    assert_eq!(w["verdict"], "pass", "{w}");
    assert_eq!(w["line"], 3, "{w}");
    assert_eq!(w["inputs"]["m0"], "0xffffffff", "{w}");
    assert_eq!(w["expected"]["lds"]["0x14"], "44332211", "{w}");
    // `got` is the adapter's answer as it wrote it (faulty writes a byte per address).
    assert_eq!(w["got"]["lds"]["0x17"], "11", "{w}");
    let n = lines.iter().find(|l| l["id"] == "s_nop.1").unwrap();
    assert_eq!(n["verdict"], "declined", "{n}");
    assert_eq!(
        n["message"],
        "faulty implements only s_branch, ds_write_b32 and ds_read_b32"
    );
    // --instruction reads a state case's mnemonic: one case sent.
    let o = gpuref()
        .args(["run", "--no-progress", "--vectors"])
        .arg(d.join("v"))
        .args(["--adapter", &faulty(), "--instruction", "s_branch"])
        .output()
        .unwrap();
    assert_eq!(totals(&stdout(&o)), [1, 1, 1, 0, 0, 0], "{}", text(&o));
}
