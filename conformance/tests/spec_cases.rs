//! Every spec case in conformance/spec_cases/ (typed by hand from the manuals' tables and
//! worked examples) holds for the built-in reference, on each of its targets.

use gpuref_conformance::isa::gcn5::spec_cases::{parse, run};
use std::path::Path;

#[test]
fn every_spec_case_holds() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("spec_cases/gcn5");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "cases"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no spec-case files in {}", dir.display());
    let (mut count, mut failures) = (0, Vec::new());
    for f in &files {
        let text = std::fs::read_to_string(f).expect("readable");
        let cases = parse(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        for c in &cases {
            count += 1;
            if let Err(e) = run(c) {
                failures.push(format!("{}: {e}", f.display()));
            }
        }
    }
    eprintln!("{count} spec cases in {} files", files.len());
    assert!(count > 0);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
