//! The ISA seam stays true (issue 16, docs/guides/adding-an-isa.md): outside the per-ISA
//! folders `conformance/src/isa/<name>/`, no file of `conformance/src` names an ISA — every
//! command reaches an ISA through the registry — except the registration lines of
//! `conformance/src/isa/mod.rs` (`pub mod NAME;` and the entries of `REGISTRY`).

use std::path::{Path, PathBuf};

/// Words that name GCN5/CDNA1 (case-insensitive): its ISA name, crate, targets, manuals.
const GCN5_WORDS: &[&str] = &["gcn5", "gfx90", "vega", "mi100", "cdna"];

/// Words that name R700: its ISA name and crate, its targets.
const R700_WORDS: &[&str] = &["r700", "rv770", "rv710", "rv730", "rv740"];
/// Words that name Gen7: its ISA name, crate, target (quoted: `divbyzero` holds `ivb`),
/// manual, tools.
const GEN7_WORDS: &[&str] = &[
    "gen7",
    "intel",
    "\"ivb\"",
    "ivy bridge",
    "ivybridge",
    "iga64",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every line of the shared files that names one of `words`, as `path:line: text`.
fn offending_lines(src: &Path, words: &[&str]) -> Vec<String> {
    let isa_dir = src.join("isa");
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let mut bad = Vec::new();
    for f in files {
        // The per-ISA folders are where an ISA's code lives.
        if f.parent()
            .is_some_and(|p| p != isa_dir && p.starts_with(&isa_dir))
        {
            continue;
        }
        let registry = f == isa_dir.join("mod.rs");
        let text = std::fs::read_to_string(&f).unwrap();
        let mut in_registry = false;
        for (i, line) in text.lines().enumerate() {
            let t = line.trim();
            if registry && t.starts_with("static REGISTRY") {
                in_registry = true;
            }
            let allowed =
                registry && (in_registry || (t.starts_with("pub mod ") && t.ends_with(';')));
            if in_registry && t.ends_with("];") {
                in_registry = false;
            }
            let lower = line.to_ascii_lowercase();
            if !allowed && words.iter().any(|w| lower.contains(w)) {
                bad.push(format!("{}:{}: {t}", f.display(), i + 1));
            }
        }
    }
    bad
}

/// Each ISA's words and the folder its code belongs in.
const ISAS: &[(&str, &str, &[&str])] = &[
    ("GCN5", "gcn5", GCN5_WORDS),
    ("R700", "r700", R700_WORDS),
    ("Gen7", "gen7", GEN7_WORDS),
];

#[test]
fn no_shared_file_of_conformance_names_an_isa() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    for (name, folder, words) in ISAS {
        let bad = offending_lines(&src, words);
        if !bad.is_empty() {
            all.push(format!(
                "shared conformance files name {name} (move the code into conformance/src/isa/{folder}/ behind the registry):\n{}",
                bad.join("\n")
            ));
        }
    }
    assert!(all.is_empty(), "{}", all.join("\n"));
}

#[test]
fn the_check_finds_a_planted_name() {
    let dir = std::env::temp_dir().join(format!("gpuref-layering-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("isa/gcn5")).unwrap();
    std::fs::write(dir.join("check.rs"), "use gpuref_amd_gcn5::Target;\n").unwrap();
    std::fs::write(
        dir.join("isa/gcn5/mod.rs"),
        "use gpuref_amd_gcn5::Target;\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("isa/mod.rs"),
        "pub mod gcn5;\nstatic REGISTRY: &[&dyn E] = &[\n    &gcn5::Gcn5Entry,\n];\nfn f() { gcn5::x() }\n",
    )
    .unwrap();
    let bad = offending_lines(&dir, GCN5_WORDS);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(bad.len(), 2, "{bad:?}");
    assert!(bad[0].contains("check.rs:1"), "{bad:?}");
    assert!(bad[1].contains("isa/mod.rs:5"), "{bad:?}");
}
