//! The shared layers name no ISA (DESIGN.md "Layout": smt's shared layers know no ISA by
//! name). Every file under `src/` outside the ISA folders is read, split into words at
//! every character that is not a letter or digit (so `scc_in` is `scc` `in`), and no word
//! may name GCN5: its name, targets, registers, formats or MODE fields. Adding an ISA's
//! folder adds its name to [`ISA_DIRS`] and its words to [`WORDS`].

use std::path::{Path, PathBuf};

/// The ISA folders (and their module files) under `src/`: the only places allowed to name
/// an ISA, apart from [`REGISTRATION`].
const ISA_DIRS: &[&str] = &["gcn5"];

/// Lines of `src/lib.rs` that register an ISA (one module line, one entry of `ISAS`).
const REGISTRATION: &[&str] = &[
    "pub mod gcn5;",
    "pub static ISAS: &[&IsaModels] = &[&gcn5::ISA];",
];

/// Words (lowercase) that name GCN5; `*` at the end: any word starting so (`gfx900`,
/// `vop3p`, `sop2`).
const WORDS: &[&str] = &[
    "gcn",
    "gcn5",
    "gfx9*",
    "vega",
    "mi100",
    "cdna",
    "amdgpu",
    "mfma", // the ISA, its targets
    "vcc",
    "scc",
    "exec",
    "sgpr*",
    "vgpr*",
    "m0",
    "trapsts", // its registers
    "vop*",
    "sop*",
    "smem",
    "ds",
    "mubuf",
    "sdwa",
    "dpp", // its encodings
    "dx10",
    "fp16_ovfl",
    "ovfl", // its MODE fields
];

/// Shared files that still name GCN5, and why: each must still do so (the list only
/// shrinks), and no other file may.
const KNOWN: &[(&str, &str)] = &[];

fn named(word: &str) -> Option<&'static str> {
    let w = word.to_ascii_lowercase();
    WORDS.iter().copied().find(|p| match p.strip_suffix('*') {
        Some(prefix) => w.starts_with(prefix),
        None => w == *p,
    })
}

/// `(line number, word)` of every word of `text` that names GCN5.
fn hits(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if REGISTRATION.contains(&line.trim()) {
            continue;
        }
        for w in line.split(|c: char| !c.is_ascii_alphanumeric()) {
            if !w.is_empty() && named(w).is_some() {
                out.push((i + 1, w.to_string()));
            }
        }
    }
    out
}

fn shared_files(dir: &Path, root: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        let rel = p.strip_prefix(root).unwrap().to_string_lossy().into_owned();
        let stem = rel.trim_end_matches(".rs");
        if ISA_DIRS.contains(&stem) {
            continue;
        }
        if p.is_dir() {
            shared_files(&p, root, out);
        } else if rel.ends_with(".rs") {
            out.push(p);
        }
    }
}

#[test]
fn the_scanner_finds_planted_names() {
    // Before relying on the scan: it finds a planted name in each spelling it must catch.
    assert_eq!(
        hits("x\n(declare-const vcc_in (_ BitVec 1))"),
        [(2, "vcc".to_string())]
    );
    assert_eq!(hits("// GFX908's MFMA")[0].1, "GFX908");
    assert_eq!(hits("MODE.DX10_CLAMP").len(), 1);
    assert_eq!(hits("Vop3P").len(), 1);
    assert!(
        hits("executes the d_in scc0 vccz").is_empty(),
        "whole words only"
    );
    assert!(hits("pub mod gcn5;").is_empty(), "registration lines");
    assert_eq!(
        hits("pub mod gcn5; // x").len(),
        1,
        "only exact registration lines"
    );
}

#[test]
fn shared_layers_name_no_isa() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    shared_files(&root, &root, &mut files);
    files.sort();
    assert!(files.len() >= 8, "{files:?}");
    let mut bad = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let rel = f
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if KNOWN.iter().any(|(k, _)| *k == rel) {
            assert!(
                !hits(&text).is_empty(),
                "{rel} names no ISA now: drop it from KNOWN"
            );
            continue;
        }
        for (line, w) in hits(&text) {
            bad.push(format!(
                "{}:{line}: {w}",
                f.strip_prefix(&root).unwrap().display()
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "shared layers name GCN5 (move it into src/gcn5/):\n{}",
        bad.join("\n")
    );
}
