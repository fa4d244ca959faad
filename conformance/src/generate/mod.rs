//! `gpuref generate`: writes the vector corpus, or checks that the committed one is what
//! the semantics produce (`--check`, run in CI).

pub mod float;
pub mod gcn5_alu;
pub mod gcn5_encoding;
pub mod gcn5_state;

use crate::vector::VecFile;
use std::path::{Path, PathBuf};

/// splitmix64, seeded from a name so each file's random cases do not depend on the others.
pub struct Rng(u64);

impl Rng {
    pub fn from_name(name: &str) -> Rng {
        Rng(fnv1a(name.as_bytes()))
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= *b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// A stable id: the instruction name and 48 bits of a hash of mode and inputs.
pub fn case_id(instr: &str, mode: &str, inputs: &[u64]) -> String {
    let mut key = format!("{instr}|{mode}");
    for v in inputs {
        key.push_str(&format!("|{v:x}"));
    }
    // fnv1a mixes the last bytes weakly; a splitmix finalizer spreads them over the id.
    let mut z = fnv1a(key.as_bytes());
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    format!("{instr}.{:012x}", (z ^ (z >> 31)) >> 16)
}

/// The header keys every generated file shares.
pub fn common_header() -> Vec<(String, String)> {
    vec![
        (
            "generator".into(),
            format!("gpuref {}", env!("CARGO_PKG_VERSION")),
        ),
        ("command".into(), "gpuref generate".into()),
        (
            "semantics".into(),
            format!(
                "fnv1a64:{} (semantics/core + semantics/float sources)",
                env!("GPUREF_SEMANTICS_HASH")
            ),
        ),
    ]
}

/// The header keys every generated GCN5/CDNA1 file shares: its expectations come from
/// semantics/core and semantics/amd-gcn5 (see build.rs).
pub fn gcn5_common_header() -> Vec<(String, String)> {
    let mut h = common_header();
    for (k, v) in h.iter_mut() {
        if k == "semantics" {
            *v = format!(
                "fnv1a64:{} (semantics/core + semantics/amd-gcn5 sources)",
                env!("GPUREF_SEMANTICS_HASH_GCN5")
            );
        }
    }
    h
}

/// The ISAs `gpuref generate --isa` takes, and the corpus folders each one owns.
pub const ISAS: [(&str, &[&str]); 2] = [
    ("float", &["float"]),
    ("gcn5", &["amd-gcn5-vega", "amd-gcn5-mi100"]),
];

/// A generated file: value vectors (`.vec`) or state-transition vectors (`.jsonl`).
pub enum Generated {
    Vec(VecFile),
    State(crate::state::StateFile),
}

impl Generated {
    pub fn to_text(&self) -> String {
        match self {
            Generated::Vec(f) => f.to_text(),
            Generated::State(f) => f.to_text(),
        }
    }
    pub fn cases(&self) -> usize {
        match self {
            Generated::Vec(f) => f.cases.len(),
            Generated::State(f) => f.cases.len(),
        }
    }
    /// The value-vector file, if it is one.
    pub fn as_vec(&self) -> Option<&VecFile> {
        match self {
            Generated::Vec(f) => Some(f),
            Generated::State(_) => None,
        }
    }
}

/// Every file of the corpus: its path relative to the corpus root, and its content.
pub fn corpus() -> Vec<(PathBuf, Generated)> {
    corpus_of(None)
}

/// The files of one ISA (`None`: all).
pub fn corpus_of(isa: Option<&str>) -> Vec<(PathBuf, Generated)> {
    let mut out = Vec::new();
    if isa.is_none() || isa == Some("float") {
        let header = common_header();
        out.extend(float::instructions().iter().map(|i| {
            (
                PathBuf::from(float::file_path(i)),
                Generated::Vec(float::generate_file(i, &header)),
            )
        }));
    }
    if isa.is_none() || isa == Some("gcn5") {
        let header = gcn5_common_header();
        out.extend(
            gcn5_encoding::files(&header)
                .into_iter()
                .map(|(p, f)| (PathBuf::from(p), Generated::Vec(f))),
        );
        out.extend(
            gcn5_alu::files(&header)
                .into_iter()
                .map(|(p, f)| (PathBuf::from(p), Generated::Vec(f))),
        );
        out.extend(
            gcn5_state::files(&header)
                .into_iter()
                .map(|(p, f)| (PathBuf::from(p), Generated::State(f))),
        );
    }
    out
}

/// Outcome of writing or checking the corpus.
pub struct Report {
    pub files: usize,
    pub cases: usize,
    pub bytes: usize,
    /// Files that differ from (or are missing in) the committed corpus (check mode).
    pub stale: Vec<PathBuf>,
    /// `.vec` files under the root that the generator does not produce (check mode).
    pub extra: Vec<PathBuf>,
}

/// Write the corpus under `root` (or, with `check`, compare with what is there).
/// Files are written to a temporary name and renamed, so an interrupted run never leaves a
/// half-written file.
pub fn run(
    root: &Path,
    check: bool,
    progress: &mut dyn FnMut(usize, usize),
) -> std::io::Result<Report> {
    run_isa(root, check, None, progress)
}

/// [`run`] for one ISA of [`ISAS`] (`None`: all); only that ISA's folders are compared.
pub fn run_isa(
    root: &Path,
    check: bool,
    isa: Option<&str>,
    progress: &mut dyn FnMut(usize, usize),
) -> std::io::Result<Report> {
    let files = corpus_of(isa);
    let mut report = Report {
        files: files.len(),
        cases: 0,
        bytes: 0,
        stale: Vec::new(),
        extra: Vec::new(),
    };
    let total = files.len();
    let mut produced = std::collections::HashSet::new();
    for (i, (rel, file)) in files.iter().enumerate() {
        let text = file.to_text();
        report.cases += file.cases();
        report.bytes += text.len();
        let path = root.join(rel);
        produced.insert(path.clone());
        if check {
            if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                report.stale.push(rel.clone());
            }
        } else {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir)?;
            }
            let tmp = path.with_extension("tmp");
            std::fs::write(&tmp, &text)?;
            std::fs::rename(&tmp, &path)?;
        }
        progress(i + 1, total);
    }
    let mut existing = Vec::new();
    let dirs: Vec<PathBuf> = ISAS
        .iter()
        .filter(|(name, _)| isa.is_none() || isa == Some(*name))
        .flat_map(|(_, dirs)| dirs.iter().map(|d| root.join(d)))
        .collect();
    crate::check::collect_files(&dirs, &mut existing, &mut Vec::new());
    for p in existing {
        if !produced.contains(&p) {
            report
                .extra
                .push(p.strip_prefix(root).unwrap_or(&p).to_path_buf());
        }
    }
    Ok(report)
}
