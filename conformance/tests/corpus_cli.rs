//! The corpus as files (docs/design/0039): the manifest that `gpuref check` and `gpuref run`
//! verify before trusting a generated file, and the on-demand random level
//! (`gpuref generate --random N --out DIR`) that runs like the committed corpus.
//! Needs `sha256sum` (coreutils) as the independent hash of a changed file.

mod common;
use common::{gpuref, root, tempdir, text};
use std::path::Path;
use std::process::Command;

/// SHA-256 of a file from coreutils' `sha256sum`, not from gpuref's own hashing.
fn sha256sum(path: &Path) -> String {
    let o = Command::new("sha256sum")
        .arg(path)
        .output()
        .expect("`sha256sum` (coreutils) is needed by this test");
    assert!(o.status.success(), "{}", text(&o));
    String::from_utf8_lossy(&o.stdout)
        .split_whitespace()
        .next()
        .unwrap()
        .to_string()
}

/// The manifest line of a file: (cases, bytes, sha256).
fn listed(manifest: &Path, rel: &str) -> (usize, usize, String) {
    let t = std::fs::read_to_string(manifest).unwrap();
    let line = t
        .lines()
        .find(|l| l.split('\t').next() == Some(rel))
        .unwrap_or_else(|| panic!("{rel} not in {}", manifest.display()));
    let f: Vec<&str> = line.split('\t').collect();
    (
        f[1].parse().unwrap(),
        f[2].parse().unwrap(),
        f[3].to_string(),
    )
}

/// An on-demand random level of `n` cases per instruction in a fresh folder.
fn random_level(name: &str, n: usize) -> std::path::PathBuf {
    let d = tempdir("corpus", name);
    let o = gpuref()
        .args(["generate", "--random", &n.to_string(), "--out"])
        .arg(&d)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    d
}

#[test]
fn the_random_level_runs_clean_and_extends_the_committed_one() {
    let d = random_level("random", 12);
    let rel = "amd-gcn5-vega/alu/vop2/v_add_f32.vec";
    let file = d.join(rel);
    let t = std::fs::read_to_string(&file).unwrap();
    assert!(
        t.contains("\n#!command gpuref generate --random 12\n"),
        "{t}"
    );
    assert!(t.contains("\n#!level random\n"), "{t}");
    let cases: Vec<&str> = t
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .collect();
    assert_eq!(cases.len(), 12, "{t}");
    // The manifest of the folder counts the file and hashes it as sha256sum does.
    let (n, bytes, sha) = listed(&d.join("MANIFEST"), rel);
    assert_eq!((n, bytes), (12, t.len()));
    assert_eq!(sha, sha256sum(&file));
    // The committed random level of the row is the start of the on-demand one: each of
    // its cases (ids hash the mode, asm and inputs) is among the 12.
    let committed = std::fs::read_to_string(root().join("vectors").join(rel)).unwrap();
    let mut in_random = false;
    let mut seen = 0;
    for l in committed.lines() {
        if l.starts_with("## ") {
            in_random = l.contains(" level=random ");
        } else if in_random && !l.starts_with('#') {
            let id = l.split('\t').next().unwrap();
            assert!(cases.iter().any(|c| c.starts_with(id)), "{id} not in {t}");
            seen += 1;
        }
    }
    assert!(seen > 0, "no random group in the committed {rel}");
    // Every file of the level runs clean against the built-in reference.
    let o = gpuref()
        .args(["run", "--no-progress", "--vectors"])
        .arg(&d)
        .output()
        .unwrap();
    let all = text(&o);
    assert!(o.status.success(), "{all}");
    let row = all
        .lines()
        .find(|l| l.starts_with("gcn5     alu"))
        .unwrap_or_else(|| panic!("{all}"));
    let cols: Vec<usize> = row
        .split_whitespace()
        .skip(2)
        .filter_map(|c| c.parse().ok())
        .collect();
    // files, cases, passed, failed: over a thousand files, all passed.
    assert!(cols[0] > 1000 && cols[1] > 10_000, "{row}");
    assert_eq!((cols[2], cols[3]), (cols[1], 0), "{row}");
}

#[test]
fn random_refuses_the_committed_corpus_and_zero() {
    let o = gpuref()
        .args(["generate", "--random", "4", "--out"])
        .arg(root().join("vectors"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("holds a committed corpus"),
        "{}",
        text(&o)
    );
    let d = tempdir("corpus", "zero");
    let o = gpuref()
        .args(["generate", "--random", "0", "--out"])
        .arg(&d)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}

#[test]
fn a_changed_or_missing_file_is_reported_by_path_with_both_hashes() {
    let d = random_level("tamper", 2);
    let rel = "amd-gcn5-mi100/alu/vop1/v_rcp_f32.vec";
    let file = d.join(rel);
    let (_, _, expected) = listed(&d.join("MANIFEST"), rel);
    // Untouched, the file checks clean.
    let o = gpuref().arg("check").arg(&file).output().unwrap();
    assert!(o.status.success(), "{}", text(&o));
    // A comment added: every case still holds, but the bytes are not the generated ones.
    let mut t = std::fs::read_to_string(&file).unwrap();
    t.push_str("# edited by hand\n");
    std::fs::write(&file, &t).unwrap();
    let actual = sha256sum(&file);
    assert_ne!(actual, expected);
    let o = gpuref().arg("check").arg(&file).output().unwrap();
    let all = text(&o);
    assert_eq!(o.status.code(), Some(1), "{all}");
    let want = format!(
        "{}: content does not match {}: expected sha256 {expected}",
        file.display(),
        d.join("MANIFEST").display()
    );
    assert!(all.contains(&want), "{want}\n{all}");
    assert!(all.contains(&format!("actual sha256 {actual}")), "{all}");
    // `run` on the folder reports it too, and a listed file that is gone.
    let gone = d.join("amd-gcn5-vega/alu/sop2/s_add_u32.vec");
    std::fs::remove_file(&gone).unwrap();
    let o = gpuref()
        .args(["run", "--no-progress", "--vectors"])
        .arg(&d)
        .output()
        .unwrap();
    let all = text(&o);
    assert_eq!(o.status.code(), Some(1), "{all}");
    assert!(all.contains(&format!("actual sha256 {actual}")), "{all}");
    assert!(
        all.contains("s_add_u32.vec: listed in") && all.contains("MANIFEST but missing"),
        "{all}"
    );
    // A file the manifest does not list.
    std::fs::copy(&file, d.join("amd-gcn5-mi100/alu/vop1/extra.vec")).unwrap();
    let o = gpuref()
        .arg("check")
        .arg(d.join("amd-gcn5-mi100/alu/vop1"))
        .output()
        .unwrap();
    let all = text(&o);
    assert_eq!(o.status.code(), Some(1), "{all}");
    assert!(all.contains("extra.vec: not listed in"), "{all}");
}

#[test]
fn the_committed_manifest_lists_every_file_and_its_totals() {
    let v = root().join("vectors");
    let t = std::fs::read_to_string(v.join("MANIFEST")).unwrap();
    let mut files = Vec::new();
    gpuref_conformance::check::collect_files(std::slice::from_ref(&v), &mut files, &mut Vec::new());
    assert!(files.len() > 1000);
    for f in &files {
        let rel = f
            .strip_prefix(&v)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        assert!(
            t.lines()
                .any(|l| l.split('\t').next() == Some(rel.as_str())),
            "{rel} not in vectors/MANIFEST"
        );
    }
    let total = t.lines().find(|l| l.starts_with("#!total ")).unwrap();
    let entries = t.lines().filter(|l| !l.starts_with('#')).count();
    assert!(total.contains(&format!("files={entries} ")), "{total}");
    // The budget holds: the whole corpus under 100 MiB (docs/design/0039).
    assert!(total.ends_with(&format!("budget={}", 100 << 20)), "{total}");
    assert_eq!(t.lines().filter(|l| l.starts_with("#!part ")).count(), 4);
}

/// `gpuref generate --special-all` (docs/design/0048): the special-value level under every
/// MODE of a float row's file, whole in each group (256 cases of V_MAX_F32 per MODE), its
/// default-MODE cases those of the committed file, and it runs clean.
#[test]
fn the_special_level_under_every_mode_is_made_on_demand_and_runs_clean() {
    let d = tempdir("corpus", "special-all");
    let o = gpuref()
        .args([
            "generate",
            "--special-all",
            "--target",
            "gfx900",
            "--instruction",
            "v_max_f32",
            "--out",
        ])
        .arg(&d)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    let rel = "amd-gcn5-vega/alu/vop2/v_max_f32.vec";
    let t = std::fs::read_to_string(d.join(rel)).unwrap();
    assert!(
        t.contains("\n#!command gpuref generate --special-all\n"),
        "{t}"
    );
    for mode in ["0x3f0", "0x0", "0x3ff"] {
        let n = t
            .lines()
            .filter(|l| !l.starts_with('#') && l.contains(&format!("\tmode={mode}\t")))
            .count();
        assert_eq!(n, 256, "mode {mode}");
        assert!(t.contains(&format!(" level=special mode={mode}:")), "{t}");
    }
    // The default MODE's cases are the committed ones (in the committed file's special
    // group or in the level that claimed them first).
    let committed = std::fs::read_to_string(root().join("vectors").join(rel)).unwrap();
    let ids: std::collections::HashSet<&str> = committed
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split('\t').next())
        .collect();
    for l in t
        .lines()
        .filter(|l| !l.starts_with('#') && l.contains("\tmode=0x3f0\t"))
    {
        let id = l.split('\t').next().unwrap();
        assert!(ids.contains(id), "{id} is not in the committed file");
    }
    let o = gpuref()
        .args(["run", "--no-progress", "--vectors"])
        .arg(&d)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("verdict: ok"), "{}", text(&o));
}
