//! Checking cases: against the built-in reference (`gpuref check`) or against what an
//! adapter answered (`gpuref run --adapter`), with failure reports that carry the inputs,
//! the expectation, the answer and the rules with their citations.

use crate::filter::Filter;
use crate::isa::IsaEntry;
use crate::reference::{lookup_rule, Observed, Reference};
use crate::vector::{self, flags_text, Case, FlagSpec, ParseError};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Collect vector files (`.vec`, `.jsonl`) under the given files or directories, sorted.
/// Paths that do not exist are reported in `missing`.
pub fn collect_files(paths: &[PathBuf], out: &mut Vec<PathBuf>, missing: &mut Vec<PathBuf>) {
    fn walk(p: &Path, out: &mut Vec<PathBuf>) {
        if p.is_dir() {
            if let Ok(entries) = std::fs::read_dir(p) {
                let mut v: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
                v.sort();
                for e in v {
                    walk(&e, out);
                }
            }
        } else if p.extension().is_some_and(|x| x == "vec" || x == "jsonl") {
            out.push(p.to_path_buf());
        }
    }
    for p in paths {
        if p.exists() {
            walk(p, out);
        } else {
            missing.push(p.clone());
        }
    }
}

/// Why a case did not pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Outputs or flags differ from the expectation.
    Mismatch(Observed),
    /// The implementation could not evaluate the case (reference error, adapter `error`,
    /// crash, timeout, protocol error).
    Error(String),
}

/// Compare an answer with a case's expectation: `None` if it passes. Outputs are found
/// by the names the case gives them only, and flag outputs are compared
/// ([`compare_with`] reads aliases and can leave flags out).
pub fn compare(case: &Case, got: &Observed) -> Option<Problem> {
    compare_with(case, got, None, true).0
}

/// Compare an answer with a case's expectation: `None` if it passes, and whether an
/// output was left out because it is a flag output and `flags` is false.
///
/// With `entry`, an output the answer does not name is read from an answer that names it
/// by one of the ISA's documented aliases ([`IsaEntry::output_alias`]: a register pair by
/// its halves, a half by its pair); outputs the ISA calls flag registers
/// ([`IsaEntry::is_flag_output`]) are compared only when `flags` is true (the adapter
/// announced the `flags` feature).
pub fn compare_with(
    case: &Case,
    got: &Observed,
    entry: Option<&dyn IsaEntry>,
    flags: bool,
) -> (Option<Problem>, bool) {
    if case.outputs.is_empty() {
        return (
            Some(Problem::Error(
                "the case has no expected outputs (`-` is for encoding vectors only)".into(),
            )),
            false,
        );
    }
    let mut skipped = false;
    let mut resolved: Option<Observed> = None;
    let mut bad = false;
    for (name, spec) in &case.outputs {
        if !flags && entry.is_some_and(|e| e.is_flag_output(name)) {
            skipped = true;
            continue;
        }
        let value = match got.outputs.iter().find(|(n, _)| n == name) {
            Some((_, v)) => Some(*v),
            None => {
                let v = entry.and_then(|e| e.output_alias(name, &got.outputs));
                if let Some(v) = v {
                    // The report shows the value under the case's name.
                    resolved
                        .get_or_insert_with(|| got.clone())
                        .outputs
                        .push((name.clone(), v));
                }
                v
            }
        };
        if !value.is_some_and(|v| spec.accepts(v)) {
            bad = true;
        }
    }
    if bad {
        return (
            Some(Problem::Mismatch(resolved.unwrap_or_else(|| got.clone()))),
            skipped,
        );
    }
    if let (FlagSpec::Exact(want), Some(have)) = (&case.flags, got.flags) {
        if *want != have {
            return (Some(Problem::Mismatch(got.clone())), skipped);
        }
    }
    (None, skipped)
}

/// A multi-line failure report.
pub fn report(file: &Path, case: &Case, problem: &Problem) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "FAIL {} ({}:{})", case.id, file.display(), case.line);
    let _ = writeln!(s, "  asm:      {}", case.asm);
    if !case.words.is_empty() {
        let words: Vec<String> = case.words.iter().map(|w| format!("{w:08x}")).collect();
        let _ = writeln!(s, "  words:    {}", words.join(" "));
    }
    let _ = writeln!(s, "  mode:     {}", case.mode);
    let inputs: Vec<String> = case
        .inputs
        .iter()
        .map(|(n, v)| format!("{n}={v:#x}"))
        .collect();
    let _ = writeln!(s, "  inputs:   {}", inputs.join(" "));
    let expected: Vec<String> = case
        .outputs
        .iter()
        .map(|(n, sp)| format!("{n}={sp}"))
        .collect();
    let want_flags = match &case.flags {
        FlagSpec::Exact(f) => flags_text(*f),
        FlagSpec::Unchecked => "*".into(),
    };
    let _ = writeln!(s, "  expected: {} flags={}", expected.join(" "), want_flags);
    match problem {
        Problem::Mismatch(got) => {
            let outs: Vec<String> = case
                .outputs
                .iter()
                .map(|(n, _)| match got.outputs.iter().find(|(g, _)| g == n) {
                    Some((_, v)) => format!("{n}={v:#x}"),
                    None => format!("{n}=(missing)"),
                })
                .collect();
            let flags = got
                .flags
                .map(flags_text)
                .unwrap_or_else(|| "(not reported)".into());
            let _ = writeln!(s, "  got:      {} flags={}", outs.join(" "), flags);
        }
        Problem::Error(e) => {
            let _ = writeln!(s, "  error:    {e}");
        }
    }
    for id in &case.rules {
        match lookup_rule(id) {
            Some(r) => {
                let cites: Vec<String> = r.cites.iter().map(|c| c.to_string()).collect();
                let _ = writeln!(
                    s,
                    "  rule:     {id} [{}] {}: {}",
                    r.status,
                    cites.join("; "),
                    r.statement
                );
            }
            None => {
                let _ = writeln!(s, "  rule:     {id} (not in gpuref's rule tables)");
            }
        }
    }
    s
}

/// The result of checking one file against the reference.
#[derive(Default)]
pub struct FileResult {
    pub passed: usize,
    pub failed: usize,
    /// Failure reports, in file order.
    pub failures: Vec<String>,
    pub parse_errors: Vec<ParseError>,
    /// An error that stopped the whole file (unreadable, no reference for its ISA).
    pub fatal: Option<String>,
    pub isa: String,
    pub instruction: String,
    /// The target and the cases' ids with their lines (for [`duplicate_ids`]).
    pub target: String,
    pub ids: Vec<(String, usize)>,
    /// The filter values the file holds (docs/design/0047).
    pub seen: crate::filter::Seen,
    /// The filters left no case of the file.
    pub skipped: bool,
}

/// Ids used twice within one target: ids are unique per target (docs/vector-format.md; two
/// targets of one ISA share ids). `cases` are (target, file, id, line); one message
/// per repeat, starting with the repeat's `FILE:LINE:` and naming the first use.
pub fn duplicate_ids<'a>(
    cases: impl IntoIterator<Item = (&'a str, &'a Path, &'a str, usize)>,
) -> Vec<String> {
    let mut first: std::collections::HashMap<(&str, &str), (&Path, usize)> = Default::default();
    let mut out = Vec::new();
    for (target, path, id, line) in cases {
        if let Some((p, l)) = first.get(&(target, id)) {
            out.push(format!(
                "{}:{line}: id `{id}` is already the id of the case at {}:{l} (ids are unique per target, here `{target}`)",
                path.display(),
                p.display()
            ));
        } else {
            first.insert((target, id), (path, line));
        }
    }
    out
}

/// A vector file's text; a file that is not UTF-8 is refused with the byte offset of the
/// first bad byte.
pub fn read_text(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{}: not UTF-8 text (byte offset {} is not valid UTF-8)",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })
}

/// Parse `path` and check every case against the built-in reference: the reference's
/// answer must be in the case's acceptance set and raise exactly its flags.
pub fn check_file(path: &Path) -> FileResult {
    check_file_with(path, "", &Filter::default())
}

/// [`check_file`] of the cases `filter` selects; `rel` is the file's path under the folder
/// it was found in (its second component is the part the filter reads).
pub fn check_file_with(path: &Path, rel: &str, filter: &Filter) -> FileResult {
    let mut r = FileResult::default();
    let text = match read_text(path) {
        Ok(t) => t,
        Err(e) => {
            r.fatal = Some(e);
            return r;
        }
    };
    if crate::state::is_state_text(&text) {
        return check_state_file(path, &text, rel, filter);
    }
    let (mut file, errors) = vector::parse(path, &text);
    if !filter.is_empty() {
        let facts = crate::filter::vec_file_facts(rel, &file);
        let cases = crate::filter::vec_case_facts(&file, &facts);
        if !select(filter, &mut r.seen, &facts, &cases, &mut file.cases) {
            r.skipped = true;
            return r;
        }
    }
    r.parse_errors = errors;
    r.isa = file.header("isa").unwrap_or("").to_string();
    r.target = file.header("target").unwrap_or("").to_string();
    r.ids = file.cases.iter().map(|c| (c.id.clone(), c.line)).collect();
    r.instruction = file.header("instruction").unwrap_or("").to_string();
    let entry = match crate::isa::of_file(&file) {
        Ok(e) => e,
        Err(e) => {
            r.fatal = Some(format!("{}: {e}", path.display()));
            r.failed = file.cases.len();
            return r;
        }
    };
    if let Some((passed, failures)) = entry.check_encoding(path, &file) {
        r.passed = passed;
        r.failed = failures.len();
        r.failures = failures;
        return r;
    }
    r.parse_errors.extend(entry.lint(path, &text, &file));
    let mut reference = match Reference::for_file(&file) {
        Ok(x) => x,
        Err(e) => {
            r.fatal = Some(format!("{}: {e}", path.display()));
            r.failed = file.cases.len();
            return r;
        }
    };
    for case in &file.cases {
        // A rule id gpuref does not know fails its case, as in state files.
        let unknown: Vec<&String> = case
            .rules
            .iter()
            .filter(|r| lookup_rule(r).is_none())
            .collect();
        let problem = match reference.eval(case) {
            _ if !unknown.is_empty() => Some(Problem::Error(format!(
                "rules: unknown rule ids {unknown:?}"
            ))),
            Ok(got) => compare(case, &got),
            Err(e) => Some(Problem::Error(e)),
        };
        match problem {
            None => r.passed += 1,
            Some(p) => {
                r.failed += 1;
                r.failures.push(report(path, case, &p));
            }
        }
    }
    r
}

/// Check many files on every core; results in the order of `files`.
pub fn check_files_parallel(files: &[PathBuf]) -> Vec<FileResult> {
    let rels = vec![String::new(); files.len()];
    check_files_filtered(files, &rels, &Filter::default())
}

/// [`check_files_parallel`] of the cases `filter` selects (`rels` as in
/// [`check_file_with`]).
pub fn check_files_filtered(
    files: &[PathBuf],
    rels: &[String],
    filter: &Filter,
) -> Vec<FileResult> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<FileResult>>> =
        Mutex::new((0..files.len()).map(|_| None).collect());
    let workers = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .min(files.len().max(1));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= files.len() {
                    break;
                }
                let rel = rels.get(i).map(String::as_str).unwrap_or("");
                let r = check_file_with(&files[i], rel, filter);
                if let Ok(mut all) = results.lock() {
                    all[i] = Some(r);
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .map(|r| r.unwrap_or_default())
        .collect()
}

/// Keep the cases of a file that `filter` selects (`cases` holds their facts, in order),
/// noting in `seen` what the file holds; false when it selects none.
fn select<T>(
    filter: &crate::filter::Filter,
    seen: &mut crate::filter::Seen,
    facts: &crate::filter::FileFacts,
    cases: &[crate::filter::CaseFacts],
    items: &mut Vec<T>,
) -> bool {
    seen.file(facts);
    for c in cases {
        seen.case(c);
    }
    let chosen = filter.select(facts, cases);
    let mut i = 0;
    items.retain(|_| {
        i += 1;
        chosen.binary_search(&(i - 1)).is_ok()
    });
    !chosen.is_empty()
}

/// A state-transition file: parsed, validated, and its cases checked against the built-in
/// reference of the ISA its header names.
fn check_state_file(path: &Path, text: &str, rel: &str, filter: &Filter) -> FileResult {
    let (mut file, errors) = crate::state::parse(path, text);
    let mut r = FileResult {
        parse_errors: errors,
        ..FileResult::default()
    };
    if !filter.is_empty() {
        let (facts, cases) = crate::filter::state_facts(rel, &file);
        if !select(filter, &mut r.seen, &facts, &cases, &mut file.cases) {
            r.skipped = true;
            return r;
        }
    }
    if let Some(h) = &file.header {
        r.isa = h.isa.clone();
        r.target = h.target.clone();
        r.instruction = h.instruction.clone();
    }
    r.ids = file.cases.iter().map(|c| (c.id.clone(), c.line)).collect();
    let Some(h) = &file.header else {
        return r;
    };
    match crate::isa::by_name(&h.isa).and_then(|e| e.check_state(path, &file)) {
        Ok((passed, failures)) => {
            r.passed = passed;
            r.failed = failures.len();
            r.failures = failures;
        }
        Err(e) => {
            r.fatal = Some(format!("{}: {e}", path.display()));
            r.failed = file.cases.len();
        }
    }
    r
}
