//! Computes a content hash of the semantics sources, stamped into generated vector files as
//! the `semantics` header: it names exactly the semantics the expectations came from, and
//! unlike a commit id it does not change when unrelated files do.

use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs" || x == "toml") {
            out.push(p);
        }
    }
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for b in bytes {
            hash ^= *b as u64;
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for crate_dir in ["semantics/core", "semantics/float"] {
        let dir = root.join(crate_dir);
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut list = Vec::new();
        files(&dir, &mut list);
        list.sort();
        for f in list {
            let rel = f
                .strip_prefix(&root)
                .unwrap_or(&f)
                .to_string_lossy()
                .replace('\\', "/");
            eat(rel.as_bytes());
            eat(&[0]);
            eat(&std::fs::read(&f).unwrap_or_default());
            eat(&[0]);
        }
    }
    println!("cargo:rustc-env=GPUREF_SEMANTICS_HASH={hash:016x}");
}
