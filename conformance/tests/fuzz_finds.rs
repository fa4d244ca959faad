//! Every find a fuzz run made through its target's property. `scripts/fuzz` copies each
//! find to `fuzz/finds/<target>/`; committed there, it is a named regression test (the
//! failure names the file) that fails until the property holds on it. A find of a target
//! this table does not know fails too, so no find is silently skipped.

use gpuref_amd_gcn5::formats::properties::FuzzTarget;
use std::path::Path;

type Property = fn(&[u8]) -> Result<(), String>;
/// A property as the test runs it (GCN5's are methods of `FuzzTarget`).
type Check = Box<dyn Fn(&[u8]) -> Result<(), String>>;

fn gcn5(t: FuzzTarget) -> impl Fn(&[u8]) -> Result<(), String> {
    move |d| t.run(d).map_err(|f| f.to_string())
}

/// The property of the cargo-fuzz target `name`, as the target runs it.
fn property(name: &str) -> Option<Check> {
    if let Some(t) = FuzzTarget::ALL.into_iter().find(|t| t.name() == name) {
        return Some(Box::new(gcn5(t)));
    }
    let table: [(&str, Property); 5] = [
        (
            "r700_decode_never_panics",
            gpuref_amd_r700::properties::decode_input,
        ),
        (
            "r700_parse_never_panics",
            gpuref_amd_r700::properties::parse_input,
        ),
        (
            "gen7_decode_never_panics",
            gpuref_intel_gen7::properties::decode_never_panics,
        ),
        (
            "gen7_parse_never_panics",
            gpuref_intel_gen7::properties::parse_never_panics,
        ),
        (
            "gen7_compact_then_expand",
            gpuref_intel_gen7::properties::compact_then_expand,
        ),
    ];
    table
        .into_iter()
        .find(|(n, _)| *n == name)
        .map(|(_, p)| Box::new(p) as Check)
}

#[test]
fn every_committed_fuzz_find_holds_its_property() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/finds");
    let mut failures = Vec::new();
    let mut ran = 0;
    let Ok(dirs) = std::fs::read_dir(&root) else {
        eprintln!("no fuzz/finds folder: no find committed");
        return;
    };
    for dir in dirs.flatten().filter(|d| d.path().is_dir()) {
        let name = dir.file_name().to_string_lossy().into_owned();
        let Some(prop) = property(&name) else {
            failures.push(format!(
                "fuzz/finds/{name}: no property known for this target (add it to this test)"
            ));
            continue;
        };
        for e in std::fs::read_dir(dir.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            let data = std::fs::read(e.path()).expect("a find file reads");
            ran += 1;
            if let Err(f) = prop(&data) {
                failures.push(format!("{}: {f}", e.path().display()));
            }
        }
    }
    eprintln!("fuzz finds run: {ran}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_fuzz_target_has_a_property_here() {
    let manifest =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/Cargo.toml"))
            .expect("fuzz/Cargo.toml reads");
    let missing: Vec<&str> = manifest
        .lines()
        .filter_map(|l| l.strip_prefix("name = \"")?.strip_suffix('"'))
        .filter(|n| *n != "gpuref-fuzz" && property(n).is_none())
        // Targets whose input reading lives in the target itself (no library entry yet).
        .filter(|n| {
            !matches!(
                *n,
                "float_ops_never_panic" | "arbitrary_instructions_roundtrip"
            )
        })
        .collect();
    assert!(
        missing.is_empty(),
        "fuzz targets whose finds this test cannot run: {missing:?}"
    );
}
