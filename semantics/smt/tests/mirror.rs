//! Model files mirror kernel files (DESIGN.md "Layout": "Model files carry the same group
//! names as kernel files, so the two trees mirror each other"): the model of a row whose
//! kernel is in gpuref-amd-gcn5's `src/alu/valu/vop1/cvt.rs` belongs in
//! `semantics/smt/src/gcn5/valu/vop1/cvt.rs`.
//!
//! The kernel's file is found from the kernel tables' source text: the row's `k("NAME",
//! path::function, ...)` entry names the function, and the file under the table's module
//! that defines it is the kernel's file (a macro-made function: the table's file; the
//! MFMA rows: the shape table of `vpacked/mfma.rs`; the AccVGPR moves: `vpacked/mai.rs`).
//! Every modelled row is checked on its own: a model put anywhere else fails the test,
//! naming the row, the file its model is in and the file it belongs in.

use gpuref_smt::gcn5::ISA;
use std::path::{Path, PathBuf};

fn alu_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../amd-gcn5/src/alu")
}

fn rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd {
        let p = e.unwrap().path();
        if p.is_dir() {
            rs_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every `.rs` file under `alu/` with its text (tests excluded).
fn sources() -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    rs_files(&alu_root(), &mut files);
    files.sort();
    files
        .into_iter()
        .filter(|p| !p.to_string_lossy().contains("test"))
        .map(|p| {
            let t = std::fs::read_to_string(&p).unwrap();
            (p, t)
        })
        .collect()
}

/// The kernel file of `row`, relative to `alu/` (`valu/vop1/cvt.rs`).
fn kernel_file(row: &str, src: &[(PathBuf, String)]) -> Option<String> {
    let root = alu_root();
    let rel = |p: &Path| {
        p.strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .into_owned()
    };
    let entry = format!("k(\"{row}\",");
    for (table, text) in src {
        let Some(at) = text.find(&entry) else {
            continue;
        };
        let rest = text[at + entry.len()..].trim_start();
        let path = rest.split(|c: char| c == ',' || c.is_whitespace()).next()?;
        let function = path.rsplit("::").next()?;
        let def = format!("fn {function}(");
        // The table's module: the table file and the folder of its submodules.
        let dir = table.with_extension("");
        let dir = if table.file_name().is_some_and(|n| n == "mod.rs") {
            table.parent().unwrap().to_path_buf()
        } else {
            dir
        };
        // A function no file spells out (made by a macro of the table's file): the
        // table's file.
        return src
            .iter()
            .filter(|(p, _)| p == table || p.starts_with(&dir))
            .find(|(_, t)| t.contains(&def))
            .map_or(Some(rel(table)), |(p, _)| Some(rel(p)));
    }
    // Rows without a lane kernel (whole-wave rows of `vpacked/`): the shape table that
    // lists the row (MFMA), else the file that executes it (the AccVGPR moves).
    let shape = format!("(\"{row}\",");
    let packed = || {
        src.iter()
            .filter(|(p, _)| p.starts_with(root.join("vpacked")))
    };
    packed()
        .find(|(_, t)| t.contains(&shape))
        .or_else(|| packed().find(|(_, t)| t.contains(row)))
        .map(|(p, _)| rel(p))
}

#[test]
fn model_files_mirror_kernel_files() {
    let src = sources();
    let mut rows: Vec<&str> = ISA.models().iter().map(|(n, _)| *n).collect();
    rows.extend(gpuref_smt::gcn5::mfma::MODELS.iter().map(|(n, _)| *n));
    assert!(!rows.is_empty(), "no models registered");
    let mut wrong = Vec::new();
    for row in &rows {
        let kernel = kernel_file(row, &src).unwrap_or_else(|| panic!("{row}: no kernel file"));
        let want = format!("semantics/smt/src/gcn5/{kernel}");
        let have = ISA.model_source(row).expect("a model");
        if have != want {
            wrong.push(format!(
                "{row}: its model is in {have}, its kernel in semantics/amd-gcn5/src/alu/{kernel}: the model belongs in {want}"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} rows do not mirror their kernel's file:\n{}",
        wrong.len(),
        rows.len(),
        wrong.join("\n")
    );
}
