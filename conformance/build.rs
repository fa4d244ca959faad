//! Computes content hashes of the semantics sources, stamped into generated vector files as
//! the `semantics` header: each names exactly the semantics the expectations came from, and
//! unlike a commit id it does not change when unrelated files do.
//!
//! - `GPUREF_SEMANTICS_HASH`: semantics/core + semantics/float (every `.rs` and `.toml`),
//!   for ISA `float`.
//! - `GPUREF_SEMANTICS_HASH_<CRATE>` for every other crate folder `semantics/<crate>`
//!   (`<CRATE>` its folder name in capitals, `-` as `_`; gpuref-smt's models excepted):
//!   semantics/core + semantics/float + the crate's `src/` and `Cargo.toml` (the decoder,
//!   encoder, printer, parser, tables and kernels its vectors come from; its tests are left
//!   out so that adding a test does not make the corpus stale). An ISA's registry entry
//!   stamps its crate's hash; this script names no ISA.
//!
//! Test-only files are left out of every hash: by the workspace's naming rule a `#[cfg(test)]`
//! module in a file of its own is named `tests.rs`, `tests_*.rs`, `*_tests.rs` or
//! `testing.rs`, or lies in a `tests/` folder, and no other file is named so.

use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            if p.file_name().is_none_or(|n| n != "tests") {
                files(&p, out);
            }
        } else if p.extension().is_some_and(|x| x == "rs" || x == "toml") && !test_only(&p) {
            out.push(p);
        }
    }
}

/// A test module's own file (the naming rule above).
fn test_only(p: &Path) -> bool {
    let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
    stem == "tests" || stem == "testing" || stem.starts_with("tests_") || stem.ends_with("_tests")
}

/// FNV-1a over (relative path, 0, content, 0) of every file under `paths`, in path order.
fn hash(root: &Path, paths: &[&str]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for b in bytes {
            hash ^= *b as u64;
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for path in paths {
        let p = root.join(path);
        // Relative to the package root (cargo resolves it there), so that a target folder
        // copied from another checkout watches this checkout's files, not that one's.
        println!("cargo:rerun-if-changed=../{path}");
        let mut list = Vec::new();
        if p.is_dir() {
            files(&p, &mut list);
        } else {
            list.push(p);
        }
        list.sort();
        for f in list {
            let rel = f
                .strip_prefix(root)
                .unwrap_or(&f)
                .to_string_lossy()
                .replace('\\', "/");
            eat(rel.as_bytes());
            eat(&[0]);
            eat(&std::fs::read(&f).unwrap_or_default());
            eat(&[0]);
        }
    }
    hash
}

fn main() {
    // Read at run time, not with env!: a build-script binary reused from a target folder
    // copied from another checkout must hash this checkout's sources.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let root = Path::new(&manifest).join("..");
    let shared = ["semantics/core", "semantics/float"];
    let float = hash(&root, &shared);
    println!("cargo:rustc-env=GPUREF_SEMANTICS_HASH={float:016x}");
    // A crate folder added or removed changes the list.
    println!("cargo:rerun-if-changed=../semantics");
    let mut crates: Vec<String> = std::fs::read_dir(root.join("semantics"))
        .map(|rd| {
            rd.flatten()
                .filter(|e| e.path().join("Cargo.toml").is_file())
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|n| !matches!(n.as_str(), "core" | "float" | "smt"))
                .collect()
        })
        .unwrap_or_default();
    crates.sort();
    for name in crates {
        let toml = format!("semantics/{name}/Cargo.toml");
        let src = format!("semantics/{name}/src");
        let h = hash(&root, &[shared[0], shared[1], &toml, &src]);
        let var = name.to_uppercase().replace('-', "_");
        println!("cargo:rustc-env=GPUREF_SEMANTICS_HASH_{var}={h:016x}");
    }
}
