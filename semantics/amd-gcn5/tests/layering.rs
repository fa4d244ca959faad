//! The executors are leaves: `alu/`, `mem/` and `program/` do not import each other. Only
//! the crate root (the dispatcher `exec.rs`, the row classification in `isa.rs`, the rule
//! registry `rules.rs`) knows all three, and what they share lives at the root
//! (`error.rs`, `wave.rs`). An import from one leaf into another brings back the cycle the
//! dispatcher was moved out of `alu/` to break, so this test reads the sources and names
//! the file and line of any such import.

use std::path::{Path, PathBuf};

/// The leaves: a module each, as `src/<leaf>.rs` or `src/<leaf>/mod.rs` plus `src/<leaf>/**`.
const LEAVES: &[&str] = &["alu", "mem", "program"];

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// How many `super::` a path in this file needs to reach the crate root: the file's module
/// depth (`alu/mod.rs` and `alu.rs` are 1, `alu/valu.rs` 2, `alu/valu/vop1/tests.rs` 4).
fn depth(rel: &Path) -> usize {
    let parts: Vec<_> = rel.iter().collect();
    let last = rel.file_name().and_then(|f| f.to_str()).unwrap_or("");
    if last == "mod.rs" {
        parts.len() - 1
    } else {
        parts.len()
    }
}

/// The source without comments (`//` to the end of the line; block comments are not used
/// in this crate), lines kept so that positions still give line numbers. A `//` inside a
/// string literal is kept.
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let mut in_str = false;
        let mut prev = '\0';
        let mut cut = line.len();
        for (i, c) in line.char_indices() {
            if c == '"' && prev != '\\' {
                in_str = !in_str;
            }
            if !in_str && c == '/' && prev == '/' {
                cut = i - 1;
                break;
            }
            prev = c;
        }
        out.push_str(&line[..cut]);
        out.push('\n');
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The first path segments a path starting at `rest` names: one for `name::...`, each
/// top-level item for `{a, b::c, d}`.
fn first_segments(rest: &str) -> Vec<&str> {
    let rest = rest.trim_start();
    if let Some(inner) = rest.strip_prefix('{') {
        let mut level = 0;
        let mut items = Vec::new();
        let mut start = 0;
        for (i, c) in inner.char_indices() {
            match c {
                '{' => level += 1,
                '}' if level == 0 => {
                    items.push(&inner[start..i]);
                    break;
                }
                '}' => level -= 1,
                ',' if level == 0 => {
                    items.push(&inner[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        return items
            .into_iter()
            .map(|s| s.trim().split(|c: char| !is_ident(c)).next().unwrap_or(""))
            .collect();
    }
    vec![rest.split(|c: char| !is_ident(c)).next().unwrap_or("")]
}

/// Every line of `text` (the file `rel`, relative to `src/`, of leaf `own`) that names
/// another leaf through `crate::`, `super::...` climbing to the root, or the crate's own
/// name: (line number, line).
fn violations(rel: &Path, own: &str, text: &str) -> Vec<(usize, String)> {
    let code = strip_comments(text);
    let to_root = depth(rel);
    let line_of = |pos: usize| code[..pos].matches('\n').count() + 1;
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    for (start, _) in code
        .match_indices("crate::")
        .chain(code.match_indices("super::"))
    {
        if start > 0 && (is_ident(bytes[start - 1] as char) || bytes[start - 1] == b':') {
            continue; // `gpuref_amd_gcn5::...` is handled below; `a::super` is not a root path.
        }
        let mut rest = &code[start..];
        let at_root = if let Some(r) = rest.strip_prefix("crate::") {
            rest = r;
            true
        } else {
            let mut n = 0;
            while let Some(r) = rest.strip_prefix("super::") {
                rest = r;
                n += 1;
            }
            n >= to_root
        };
        if !at_root {
            continue;
        }
        for seg in first_segments(rest) {
            if seg != own && LEAVES.contains(&seg) {
                found.push(line_of(start));
            }
        }
    }
    for (start, _) in code.match_indices("gpuref_amd_gcn5::") {
        let rest = &code[start + "gpuref_amd_gcn5::".len()..];
        for seg in first_segments(rest) {
            if seg != own && LEAVES.contains(&seg) {
                found.push(line_of(start));
            }
        }
    }
    found.sort_unstable();
    found.dedup();
    let lines: Vec<&str> = text.lines().collect();
    found
        .into_iter()
        .map(|n| (n, lines[n - 1].trim().to_string()))
        .collect()
}

/// The files of each leaf, relative to `src/`.
fn leaf_files(src: &Path) -> Vec<(&'static str, PathBuf)> {
    let mut out = Vec::new();
    for leaf in LEAVES {
        let mut files = Vec::new();
        let single = src.join(format!("{leaf}.rs"));
        if single.exists() {
            files.push(single);
        }
        rust_files(&src.join(leaf), &mut files);
        out.extend(
            files
                .into_iter()
                .map(|f| (*leaf, f.strip_prefix(src).unwrap().to_path_buf())),
        );
    }
    out
}

#[test]
fn no_leaf_imports_another_leaf() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = leaf_files(&src);
    assert!(files.len() > 50, "only {} leaf files found", files.len());
    for leaf in LEAVES {
        assert!(files.iter().any(|(l, _)| l == leaf), "no file of {leaf}");
    }
    let mut bad = Vec::new();
    for (leaf, rel) in &files {
        let text = std::fs::read_to_string(src.join(rel)).unwrap();
        for (n, line) in violations(rel, leaf, &text) {
            bad.push(format!("src/{}:{n}: {line}", rel.display()));
        }
    }
    assert!(
        bad.is_empty(),
        "a leaf imports another leaf (alu, mem and program reach each other only through \
         the crate root: exec.rs, error.rs, wave.rs):\n{}",
        bad.join("\n")
    );
}

/// The scanner finds every spelling of a cross-leaf path, and none of a leaf's own paths,
/// of root modules or of comments.
#[test]
fn the_scanner_sees_every_spelling() {
    let f = |rel: &str, own: &str, text: &str| -> Vec<usize> {
        violations(Path::new(rel), own, text)
            .into_iter()
            .map(|(n, _)| n)
            .collect()
    };
    let planted = "use crate::mem::ds;\n\
                   use crate::{error::ExecError, mem};\n\
                   use super::super::mem::ds;\n\
                   let x = crate::alu::execute(w, i);\n\
                   use crate::{\n    wave::Wave,\n    alu::{kernel, salu},\n};\n";
    assert_eq!(
        f("program/flow.rs", "program", planted),
        vec![1, 2, 3, 4, 5]
    );
    // Inside its own leaf, and through the root's own modules: fine.
    let clean = "use crate::program::ROWS;\n\
                 use super::super::valu::kernel;\n\
                 use crate::{error::ExecError, wave::Wave};\n\
                 use crate::exec::execute;\n\
                 // crate::mem::ds is only a comment\n\
                 /// [`crate::alu`] in a doc comment\n";
    assert!(f("program/flow.rs", "program", clean).is_empty());
    // `super::super` from alu/valu.rs is the crate root, from alu/valu/vop1/tests.rs it is
    // still inside alu/ (alu::valu).
    assert_eq!(
        f("alu/valu.rs", "alu", "use super::super::mem::ds;\n"),
        vec![1]
    );
    assert!(f(
        "alu/valu/vop1/tests.rs",
        "alu",
        "use super::super::mem::x;\n"
    )
    .is_empty());
    assert_eq!(
        f("alu/mod.rs", "alu", "use super::program::ROWS;\n"),
        vec![1]
    );
}
