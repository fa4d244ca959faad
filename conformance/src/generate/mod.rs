//! `gpuref generate`: writes the vector corpus, or checks that the committed one is what
//! the semantics produce (`--check`, run in CI).

//!
//! Each ISA of the registry ([`crate::isa`]) generates its own files
//! ([`IsaEntry::corpus`](crate::isa::IsaEntry::corpus)); this module has what they share
//! (ids, seeded randomness, headers), the budgets and the writing and checking.

use crate::vector::VecFile;
use std::path::{Path, PathBuf};

/// splitmix64, seeded from a name so each file's random cases do not depend on the others.
pub struct Rng(pub(crate) u64);

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

/// A generated file: value vectors (`.vec`), state-transition vectors (`.jsonl`), or a
/// text page (an index).
pub enum Generated {
    Vec(VecFile),
    State(crate::state::StateFile),
    Text(String),
}

impl Generated {
    pub fn to_text(&self) -> String {
        match self {
            Generated::Vec(f) => f.to_text(),
            Generated::State(f) => f.to_text(),
            Generated::Text(t) => t.clone(),
        }
    }
    pub fn cases(&self) -> usize {
        match self {
            Generated::Vec(f) => f.cases.len(),
            Generated::State(f) => f.cases.len(),
            Generated::Text(_) => 0,
        }
    }
    /// The value-vector file, if it is one.
    pub fn as_vec(&self) -> Option<&VecFile> {
        match self {
            Generated::Vec(f) => Some(f),
            Generated::State(_) | Generated::Text(_) => None,
        }
    }
}

/// Every file of the corpus: its path relative to the corpus root, and its content.
pub fn corpus() -> Vec<(PathBuf, Generated)> {
    corpus_of(None)
}

/// The files of one ISA (`None`: every listed ISA), in registry order.
pub fn corpus_of(isa: Option<&str>) -> Vec<(PathBuf, Generated)> {
    crate::isa::all()
        .filter(|e| isa.is_none_or(|n| n == e.info().name))
        .flat_map(|e| e.corpus())
        .collect()
}

const MIB: usize = 1 << 20;

/// The committed corpus's budget on disk: all ISAs together (DESIGN.md: of the order of 64
/// MiB; raised for 100 state cases per row, docs/design/0039 "Budgets per part").
pub const BUDGET: usize = 100 * MIB;

/// The parts of the corpus and their budgets in bytes (docs/design/0039): every ISA's
/// [`IsaEntry::parts`](crate::isa::IsaEntry::parts), in registry order.
pub fn parts() -> Vec<(&'static str, usize)> {
    crate::isa::all()
        .flat_map(|e| e.parts().iter().copied())
        .collect()
}

/// The part of a path from the corpus root (`None`: the manifest, or a path of no part):
/// `ISA-SUBFOLDER` when the ISA has that part (`ISA-alu`), else `ISA` when it has that.
pub fn part_of(rel: &str) -> Option<&'static str> {
    let mut it = rel.split('/');
    let (first, second) = (it.next()?, it.next()?);
    let entry = crate::isa::all().find(|e| e.corpus_dirs().contains(&first))?;
    let name = entry.info().name;
    let sub = format!("{name}-{second}");
    let parts = entry.parts();
    parts
        .iter()
        .map(|p| p.0)
        .find(|p| *p == sub)
        .or_else(|| parts.iter().map(|p| p.0).find(|p| *p == name))
}

/// The totals of each part of `parts` over `entries`, and one message per part over its
/// budget (and for the whole corpus over `budget`).
pub fn budget_check(
    entries: &[crate::manifest::Entry],
    parts: &[(&str, usize)],
    budget: usize,
) -> (Vec<(String, crate::manifest::Totals, usize)>, Vec<String>) {
    let mut out = Vec::new();
    let mut over = Vec::new();
    for &(name, limit) in parts {
        let mut t = crate::manifest::Totals::default();
        for e in entries.iter().filter(|e| part_of(&e.path) == Some(name)) {
            t.files += 1;
            t.cases += e.cases;
            t.bytes += e.bytes;
        }
        if t.bytes > limit {
            over.push(format!(
                "part {name}: {} bytes ({:.1} MiB) over its budget of {limit} bytes ({:.1} MiB)",
                t.bytes,
                t.bytes as f64 / MIB as f64,
                limit as f64 / MIB as f64
            ));
        }
        out.push((name.to_string(), t, limit));
    }
    let all: usize = entries.iter().map(|e| e.bytes).sum();
    if all > budget {
        over.push(format!(
            "the corpus: {all} bytes over its budget of {budget} bytes ({:.1} MiB)",
            budget as f64 / MIB as f64
        ));
    }
    (out, over)
}

/// Outcome of writing or checking the corpus.
pub struct Report {
    pub files: usize,
    pub cases: usize,
    pub bytes: usize,
    /// Totals per part of [`parts`] (the generated ISAs only), with the budget.
    pub parts: Vec<(String, crate::manifest::Totals, usize)>,
    /// Parts over their budget, and the whole corpus if it is: one message each.
    pub over_budget: Vec<String>,
    /// Files that differ from (or are missing in) the committed corpus (check mode).
    pub stale: Vec<PathBuf>,
    /// `.vec` files under the root that the generator does not produce (check mode).
    pub extra: Vec<PathBuf>,
    /// Seconds spent computing the files (cases and texts), without writing them.
    pub seconds: f64,
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

/// [`run`] for one ISA of the registry (`None`: all); only that ISA's folders are compared.
/// The manifest always lists the whole corpus: with `isa`, the other ISAs' lines are kept
/// from the manifest already under `root`.
pub fn run_isa(
    root: &Path,
    check: bool,
    isa: Option<&str>,
    progress: &mut dyn FnMut(usize, usize),
) -> std::io::Result<Report> {
    let start = std::time::Instant::now();
    let files = corpus_of(isa);
    let dirs: Vec<&str> = crate::isa::all()
        .filter(|e| isa.is_none_or(|n| n == e.info().name))
        .flat_map(|e| e.corpus_dirs().iter().copied())
        .collect();
    write_corpus(root, check, files, &dirs, true, start, progress)
}

/// A level produced on demand, outside the committed corpus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnDemand {
    /// `gpuref generate --random N`: N seeded random cases per row.
    Random(usize),
    /// `gpuref generate --special-all`: the special-value level under every MODE of a
    /// float row's file (docs/design/0048).
    SpecialAll,
}

/// `gpuref generate --random N --out DIR` (or `--special-all`): the on-demand level of
/// every ISA that has one ([`IsaEntry::on_demand_level`](crate::isa::IsaEntry::on_demand_level)),
/// in the committed layout with its own manifest, into a folder that must not be the
/// committed corpus. No budget applies.
pub fn run_on_demand(
    root: &Path,
    level: OnDemand,
    filter: &crate::filter::Filter,
    progress: &mut dyn FnMut(usize, usize),
) -> std::io::Result<Report> {
    let start = std::time::Instant::now();
    let mut files = Vec::new();
    let mut dirs = Vec::new();
    // An ISA the filter leaves out draws nothing; within an ISA the level is drawn whole
    // and then filtered (docs/design/0047).
    let wanted = |e: &&dyn crate::isa::IsaEntry| {
        filter.isa.is_empty() || filter.isa.iter().any(|i| i == e.info().name)
    };
    for (f, d) in crate::isa::all()
        .filter(wanted)
        .filter_map(|e| e.on_demand_level(level))
    {
        files.extend(f);
        dirs.extend(d);
    }
    if !filter.is_empty() {
        files = filter_level(files, filter)?;
    }
    let dirs: Vec<&str> = dirs.iter().map(String::as_str).collect();
    write_corpus(root, false, files, &dirs, false, start, progress)
}

/// The files and cases of a generated level that `filter` selects (docs/design/0047): a
/// file keeps its selected cases and the group lines above them; files without any, and
/// pages that list the whole level (indexes), are left out. An unknown filter value is an
/// `InvalidInput` error listing the valid ones.
fn filter_level(
    files: Vec<(PathBuf, Generated)>,
    filter: &crate::filter::Filter,
) -> std::io::Result<Vec<(PathBuf, Generated)>> {
    use crate::filter;
    let mut seen = filter::Seen::default();
    let mut out = Vec::new();
    for (rel, g) in files {
        let Generated::Vec(mut f) = g else {
            continue;
        };
        let rel_text = rel.to_string_lossy().replace('\\', "/");
        let facts = filter::vec_file_facts(&rel_text, &f);
        let cases = filter::vec_case_facts(&f, &facts);
        seen.file(&facts);
        for c in &cases {
            seen.case(c);
        }
        let keep = filter.select(&facts, &cases);
        if keep.is_empty() {
            continue;
        }
        filter::retain_cases(&mut f, &keep);
        out.push((rel, Generated::Vec(f)));
    }
    let unknown = filter.unknown_values(&seen);
    if !unknown.is_empty() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            unknown.join("; "),
        ));
    }
    if out.is_empty() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "no case of the level matches {} (each value exists, but not together: kinds are ANDed)",
                filter.describe()
            ),
        ));
    }
    Ok(out)
}

fn write_corpus(
    root: &Path,
    check: bool,
    files: Vec<(PathBuf, Generated)>,
    dirs: &[&str],
    budgeted: bool,
    start: std::time::Instant,
    progress: &mut dyn FnMut(usize, usize),
) -> std::io::Result<Report> {
    use crate::manifest::{self, Entry};
    let texts: Vec<(PathBuf, String, usize)> = files
        .into_iter()
        .map(|(rel, f)| {
            let t = f.to_text();
            (rel, t, f.cases())
        })
        .collect();
    let seconds = start.elapsed().as_secs_f64();
    let rel_str = |p: &Path| p.to_string_lossy().replace('\\', "/");
    // The manifest: these files, and (for one ISA) the other ISAs' lines already there.
    let mut entries: Vec<Entry> = texts
        .iter()
        .map(|(rel, t, n)| Entry::of(&rel_str(rel), *n, t.as_bytes()))
        .collect();
    let manifest_path = root.join(manifest::FILE);
    let ours = |p: &str| dirs.iter().any(|d| p.starts_with(&format!("{d}/")));
    if budgeted {
        if let Ok(old) = std::fs::read_to_string(&manifest_path) {
            let old = manifest::parse(&old).map_err(|e| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!("{}: {e}", manifest_path.display()),
                )
            })?;
            entries.extend(old.into_iter().filter(|e| !ours(&e.path)));
        }
    }
    let (parts, over_budget) = if budgeted {
        budget_check(&entries, &parts(), BUDGET)
    } else {
        (Vec::new(), Vec::new())
    };
    let manifest_text = manifest::render(&entries, &parts, if budgeted { BUDGET } else { 0 });
    let mut report = Report {
        files: texts.len(),
        cases: texts.iter().map(|x| x.2).sum(),
        bytes: texts.iter().map(|x| x.1.len()).sum(),
        parts,
        over_budget,
        stale: Vec::new(),
        extra: Vec::new(),
        seconds,
    };
    if !report.over_budget.is_empty() && !check {
        return Ok(report); // nothing written: the caller fails loudly
    }
    let total = texts.len();
    let mut produced = std::collections::HashSet::new();
    let all = texts
        .iter()
        .map(|(r, t, _)| (r.clone(), t.as_str()))
        .chain(std::iter::once((
            PathBuf::from(manifest::FILE),
            manifest_text.as_str(),
        )));
    for (i, (rel, text)) in all.enumerate() {
        let path = root.join(&rel);
        produced.insert(path.clone());
        if check {
            if std::fs::read_to_string(&path).ok().as_deref() != Some(text) {
                report.stale.push(rel.clone());
            }
        } else {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir)?;
            }
            let tmp = path.with_extension("tmp");
            std::fs::write(&tmp, text)?;
            std::fs::rename(&tmp, &path)?;
        }
        progress((i + 1).min(total), total);
    }
    let mut existing = Vec::new();
    let dirs: Vec<PathBuf> = dirs.iter().map(|d| root.join(d)).collect();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manifest::Entry;

    #[test]
    fn paths_fall_in_their_part() {
        assert_eq!(part_of("float/f32/f32.add.vec"), Some("float"));
        assert_eq!(part_of("MANIFEST"), None);
        assert_eq!(part_of("no-such-isa/alu/x.vec"), None);
    }

    #[test]
    fn a_part_over_its_budget_is_named_with_its_size() {
        let e = |p: &str, n: usize| Entry {
            path: p.into(),
            cases: 1,
            bytes: n,
            sha256: "0".repeat(64),
        };
        let entries = [
            e("float/f32/a.vec", 600),
            e("float/f32/b.vec", 500),
            e("no-such-isa/alu/x.vec", 100),
        ];
        // A file in no part still counts towards the whole corpus.
        let parts = [("float", 1000)];
        let (totals, over) = budget_check(&entries, &parts, 2000);
        assert_eq!((totals[0].1.files, totals[0].1.bytes), (2, 1100));
        assert_eq!(over.len(), 1, "{over:?}");
        assert!(over[0].starts_with("part float: 1100 bytes"), "{over:?}");
        let (_, over) = budget_check(&entries, &parts, 1199);
        assert_eq!(over.len(), 2, "{over:?}");
        assert!(over[1].starts_with("the corpus: 1200 bytes"), "{over:?}");
    }
}
