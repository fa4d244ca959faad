//! `gpuref run`: the corpus as libtest-mimic trials (one per instruction file), against the
//! built-in reference or an adapter, with a progress bar and a summary per ISA and format.

use crate::adapter::{self, Config, Session};
use crate::check;
use crate::filter::{self, Filter};
use crate::reference::{Observed, Reference};
use crate::report::{self, ReportFile};
use crate::vector::{self, Case, FlagSpec, VecFile};
use libtest_mimic::{Arguments, Completion, Trial};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Set when a write to stdout found it closed (`gpuref run | head -1`): the trials not yet
/// started are skipped, since nobody reads their results.
pub static OUTPUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Options of `gpuref run` besides libtest-mimic's.
#[derive(Clone, Debug)]
pub struct Options {
    pub vectors: PathBuf,
    pub adapter: Option<Config>,
    /// Which files and cases run (docs/design/0047).
    pub filter: Filter,
    /// Compare with the reference's exact bits instead of the vectors' acceptance sets.
    pub strict: bool,
    /// Failure reports printed per file.
    pub reports_per_file: usize,
    pub progress: bool,
    /// Per-case results as JSON Lines, and as JUnit XML.
    pub report_jsonl: Option<PathBuf>,
    pub report_junit: Option<PathBuf>,
    /// The per-rule summary lists every rule touched, not only those with failures.
    pub by_rule: bool,
}

/// Counts for one summary row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub files: usize,
    pub cases: usize,
    pub passed: usize,
    pub failed: usize,
    pub unsupported: usize,
    pub faults: usize,
    /// Cases some flag output of which was not compared (the adapter did not announce the
    /// `flags` feature).
    pub flags_not_compared: usize,
    /// Files whose every case was declined (unsupported).
    pub declined_files: usize,
}

impl Tally {
    fn add(&mut self, o: &Tally) {
        self.files += o.files;
        self.cases += o.cases;
        self.passed += o.passed;
        self.failed += o.failed;
        self.unsupported += o.unsupported;
        self.faults += o.faults;
        self.flags_not_compared += o.flags_not_compared;
        self.declined_files += o.declined_files;
    }
}

struct Loaded {
    rel: String,
    path: PathBuf,
    file: VecFile,
    /// The file's problems (malformed lines, a manifest mismatch, repeated ids): each fails
    /// its trial and counts as one failed case.
    problems: Vec<String>,
    /// The lines of the cases the filters select, when they leave some out (`file.cases`
    /// holds only those; a state file, read again by its trial, is cut to them).
    keep: Option<std::collections::HashSet<usize>>,
}

/// The summary table: one row per (ISA, format folder), then the total.
pub fn summary_table(rows: &BTreeMap<(String, String), Tally>) -> String {
    let mut s = format!(
        "{:<8} {:<8} {:>6} {:>9} {:>9} {:>8} {:>11} {:>7}\n",
        "isa", "format", "files", "cases", "passed", "failed", "unsupported", "faults"
    );
    let mut total = Tally::default();
    for ((isa, fmt), t) in rows {
        total.add(t);
        s += &format!(
            "{:<8} {:<8} {:>6} {:>9} {:>9} {:>8} {:>11} {:>7}\n",
            isa, fmt, t.files, t.cases, t.passed, t.failed, t.unsupported, t.faults
        );
    }
    s += &format!(
        "{:<8} {:<8} {:>6} {:>9} {:>9} {:>8} {:>11} {:>7}\n",
        "total",
        "",
        total.files,
        total.cases,
        total.passed,
        total.failed,
        total.unsupported,
        total.faults
    );
    if total.flags_not_compared > 0 {
        s += &format!(
            "{} cases passed or failed without their flag outputs (the adapter did not announce the `flags` feature)\n",
            total.flags_not_compared
        );
    }
    s
}

/// What [`load`] found: the selected files, every error, the errors no vector file owns,
/// and every filter value the files hold.
struct Corpus {
    files: Vec<Loaded>,
    errors: Vec<String>,
    orphans: Vec<String>,
    seen: filter::Seen,
}

/// Load every file under the corpus root and keep the files and cases `filter` selects;
/// parse errors are returned, not fatal (those of a loaded file are also its `problems`),
/// and so are the errors no vector file owns.
fn load(root: &Path, filter: &Filter) -> Corpus {
    let mut paths = Vec::new();
    let mut missing = Vec::new();
    check::collect_files(&[root.to_path_buf()], &mut paths, &mut missing);
    let mut errors: Vec<String> = missing
        .iter()
        .map(|m| format!("{}: no such directory", m.display()))
        .collect();
    // A file of a generated corpus is run only if its bytes are the manifest's.
    errors.extend(crate::manifest::verify(&paths, &[root.to_path_buf()]));
    let mut out = Vec::new();
    let mut owners = Vec::new();
    let mut seen = filter::Seen::default();
    for path in paths {
        let text = match check::read_text(&path) {
            Ok(t) => t,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let rel = path.strip_prefix(root).unwrap_or(&path).with_extension("");
        let rel = rel.to_string_lossy().replace('\\', "/");
        // What the filters read (only when there are filters: it costs a pass over every
        // case's rules).
        let filtering = !filter.is_empty();
        let (mut file, errs, facts, cases) = if crate::state::is_state_text(&text) {
            let (state, errs) = crate::state::parse(&path, &text);
            let (facts, cases) = if filtering {
                filter::state_facts(&rel, &state)
            } else {
                Default::default()
            };
            (state_as_vec_file(&state), errs, facts, cases)
        } else {
            let (file, errs) = vector::parse(&path, &text);
            let (facts, cases) = if filtering {
                let facts = filter::vec_file_facts(&rel, &file);
                let cases = filter::vec_case_facts(&file, &facts);
                (facts, cases)
            } else {
                Default::default()
            };
            (file, errs, facts, cases)
        };
        seen.file(&facts);
        for c in &cases {
            seen.case(c);
        }
        errors.extend(errs.iter().map(|e| e.to_string()));
        if let Ok(entry) = crate::isa::of_file(&file) {
            let lint = entry.lint(&path, &text, &file);
            errors.extend(lint.iter().map(|e| e.to_string()));
        }
        if file.cases.is_empty() && file.header.is_empty() {
            continue; // not a vector file at all: reported above, no trial
        }
        let prefix = format!("{}:", path.display());
        owners.push(prefix.clone());
        let mut keep = None;
        if filtering {
            let chosen = filter.select(&facts, &cases);
            if chosen.is_empty() && (!file.cases.is_empty() || !filter.file(&facts)) {
                continue;
            }
            if chosen.len() < file.cases.len() {
                let lines: std::collections::HashSet<usize> =
                    chosen.iter().map(|&i| file.cases[i].line).collect();
                file.cases.retain(|c| lines.contains(&c.line));
                keep = Some(lines);
            }
        }
        let problems = errors
            .iter()
            .filter(|e| e.starts_with(&prefix))
            .cloned()
            .collect();
        out.push(Loaded {
            rel,
            path,
            file,
            problems,
            keep,
        });
    }
    let ids = out.iter().flat_map(|f| {
        let target = f.file.header("target").unwrap_or("");
        f.file
            .cases
            .iter()
            .map(move |c| (target, f.path.as_path(), c.id.as_str(), c.line))
    });
    let repeats = check::duplicate_ids(ids);
    for m in repeats {
        if let Some(f) = out
            .iter_mut()
            .find(|f| m.starts_with(&format!("{}:", f.path.display())))
        {
            f.problems.push(m.clone());
        }
        errors.push(m);
    }
    let orphans = errors
        .iter()
        .filter(|e| !owners.iter().any(|o| e.starts_with(o)))
        .cloned()
        .collect();
    Corpus {
        files: out,
        errors,
        orphans,
        seen,
    }
}

/// A state-transition file, for the runner: its header, and one placeholder case per case
/// (`run_file` reads the state cases again and checks them with the state reference or
/// sends them to an adapter as protocol-2 state requests).
fn state_as_vec_file(state: &crate::state::StateFile) -> VecFile {
    let mut file = VecFile::default();
    if let Some(h) = &state.header {
        file.header = vec![
            ("isa".into(), h.isa.clone()),
            ("target".into(), h.target.clone()),
            ("instruction".into(), h.instruction.clone()),
            ("kind".into(), "state".into()),
        ];
    }
    file.cases = state
        .cases
        .iter()
        .map(|c| Case {
            id: c.id.clone(),
            words: Vec::new(),
            asm: c.asm.clone(),
            mode: String::new(),
            inputs: Vec::new(),
            outputs: Vec::new(),
            flags: FlagSpec::Unchecked,
            rules: c.rules.clone(),
            line: c.line,
        })
        .collect();
    file
}

mod file;
mod outcome;
use file::run_file;
pub use outcome::{declined_summary, rule_summary, RuleTally};
use outcome::{FileLog, Shared};

/// The exit status of a run in which no selected case was checked: every one was declined
/// (the adapter answered `unsupported`, or the case could not be sent to it).
pub const ALL_DECLINED: i32 = 3;

/// Run the corpus; returns the process exit code.
pub fn run(opts: Options, args: Arguments) -> i32 {
    let Corpus {
        files,
        errors: load_errors,
        orphans,
        seen,
    } = load(&opts.vectors, &opts.filter);
    let unknown = opts.filter.unknown_values(&seen);
    if !unknown.is_empty() {
        for u in &unknown {
            eprintln!("gpuref run: {u}");
        }
        return 2;
    }
    for e in &load_errors {
        eprintln!("{e}");
    }
    if files.is_empty() && !args.list {
        if opts.filter.is_empty() {
            eprintln!(
                "gpuref run: no vector files under {} (run `gpuref generate` first?)",
                opts.vectors.display()
            );
        } else {
            eprintln!(
                "gpuref run: no case under {} matches {} (each value exists, but not together: kinds are ANDed)",
                opts.vectors.display(),
                opts.filter.describe()
            );
        }
        return 2;
    }
    let shared = Arc::new(Shared::default());
    if let (Some(a), Some(b)) = (&opts.report_jsonl, &opts.report_junit) {
        if a == b {
            eprintln!(
                "gpuref run: --report-jsonl and --report-junit both name {}: give each its own file",
                a.display()
            );
            return 2;
        }
    }
    if !args.list {
        for (path, slot) in [
            (&opts.report_jsonl, &shared.jsonl),
            (&opts.report_junit, &shared.junit),
        ] {
            if let Some(p) = path {
                match ReportFile::create(p) {
                    Ok(f) => {
                        if let Ok(mut s) = slot.lock() {
                            *s = Some(f);
                        }
                    }
                    Err(e) => {
                        eprintln!("gpuref run: report {e}");
                        return 2;
                    }
                }
            }
        }
        if let Ok(mut j) = shared.junit.lock() {
            if let Some(j) = j.as_mut() {
                j.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"gpuref run\">\n");
            }
        }
    }
    let restarts = Arc::new(AtomicUsize::new(0));
    let hello = match &opts.adapter {
        Some(cfg) if !args.list => {
            // One handshake up front, so a broken adapter stops the run with one clear error.
            match Session::start(Arc::new(cfg.clone()), restarts.clone()) {
                Ok(s) => {
                    let h = s.hello.clone();
                    eprintln!(
                        "adapter: {} ({}), targets {}{}",
                        h.name,
                        cfg.command,
                        h.targets.join(","),
                        if h.flags {
                            ", reports flags"
                        } else {
                            ", flags not compared"
                        }
                    );
                    s.finish();
                    Some(h)
                }
                Err(e) => {
                    eprintln!("gpuref run: {e}");
                    return 2;
                }
            }
        }
        _ => None,
    };
    let total_cases = selected_cases(&files, &args);
    if opts.adapter.is_some() && !args.list {
        let enc: Vec<&Loaded> = files
            .iter()
            .filter(|f| f.file.header("kind") == Some("encoding"))
            .collect();
        if !enc.is_empty() {
            let cases: usize = enc.iter().map(|f| f.file.cases.len()).sum();
            eprintln!(
                "gpuref run: {} encoding files ({cases} cases) are not sent to the adapter: {NO_ENCODING_REQUEST}; they are counted as unsupported (check them with `gpuref run` without --adapter, or `gpuref check`)",
                enc.len()
            );
        }
    }
    let mut state_note = None;
    if let (Some(h), false) = (&hello, args.list) {
        let st: Vec<&Loaded> = files
            .iter()
            .filter(|f| f.file.header("kind") == Some("state"))
            .collect();
        if !st.is_empty() {
            let cases: usize = st.iter().map(|f| f.file.cases.len()).sum();
            let note = if h.state {
                format!(
                    "gpuref run: {} state-transition files ({cases} cases) go to the adapter as state requests (protocol 2)",
                    st.len()
                )
            } else {
                format!(
                    "gpuref run: {} state-transition files ({cases} cases) are not sent to the adapter: {}; they are counted as unsupported (check them with `gpuref run` without --adapter, or `gpuref check`)",
                    st.len(),
                    no_state_request(h)
                )
            };
            eprintln!("{note}");
            state_note = Some(note);
        }
    }
    let bar = if opts.progress && !args.list {
        let b = indicatif::ProgressBar::new(total_cases);
        b.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} vectors {per_sec} eta {eta}",
        ) {
            b.set_style(style);
        }
        Some(b)
    } else {
        None
    };
    let pool: Arc<Mutex<Vec<Session>>> = Arc::default();
    let cfg: Option<Arc<Config>> = opts.adapter.clone().map(Arc::new);
    let opts = Arc::new(opts);
    let mut trials = Vec::new();
    for loaded in files {
        let isa = loaded.file.header("isa").unwrap_or("?").to_string();
        let fmt = loaded.rel.split('/').nth(1).unwrap_or("").to_string();
        let (shared, pool, bar, hello, opts) = (
            shared.clone(),
            pool.clone(),
            bar.clone(),
            hello.clone(),
            opts.clone(),
        );
        let (cfg, restarts) = (cfg.clone(), restarts.clone());
        let kind = isa.clone();
        trials.push(
            Trial::ignorable_test(loaded.rel.clone(), move || {
                if OUTPUT_CLOSED.load(Ordering::SeqCst) {
                    return Ok(Completion::Completed);
                }
                let mut log = FileLog::default();
                let (mut t, mut result) = run_file(
                    &loaded,
                    &opts,
                    cfg,
                    restarts,
                    &pool,
                    hello.as_ref(),
                    &mut log,
                );
                if let Some(b) = bar.as_ref() {
                    b.inc(loaded.file.cases.len() as u64);
                }
                if !loaded.problems.is_empty() {
                    t.cases += loaded.problems.len();
                    t.failed += loaded.problems.len();
                    let mut msg = format!(
                        "{} problems with the file (malformed lines, a manifest mismatch, repeated ids):\n{}\n",
                        loaded.problems.len(),
                        loaded.problems.join("\n")
                    );
                    if let Err(f) = result {
                        msg.push_str(f.message().unwrap_or_default());
                    }
                    result = Err(msg.into());
                }
                let declined = t.cases > 0 && t.unsupported == t.cases;
                if declined {
                    t.declined_files = 1;
                }
                let top = shared.log(&loaded, &log);
                if let Ok(mut r) = shared.rows.lock() {
                    r.entry((isa, fmt)).or_default().add(&t);
                }
                match result {
                    Err(f) => Err(f),
                    // Not `ok`: nothing of the file was checked.
                    Ok(()) if declined => Ok(Completion::ignored_with(format!(
                        "declined: all {} cases unsupported ({})",
                        t.cases,
                        top.unwrap_or_default()
                    ))),
                    Ok(()) => Ok(Completion::Completed),
                }
            })
            .with_kind(kind),
        );
    }
    // Problems no loaded file owns (a listed file missing, an unreadable or empty file)
    // fail a trial of their own, so that a run they fail never reports `test result: ok`.
    if !orphans.is_empty() {
        let shared = shared.clone();
        trials.push(
            Trial::test("corpus", move || {
                let t = Tally {
                    cases: orphans.len(),
                    failed: orphans.len(),
                    ..Tally::default()
                };
                if let Ok(mut r) = shared.rows.lock() {
                    r.entry(("corpus".into(), String::new()))
                        .or_default()
                        .add(&t);
                }
                if let Ok(mut j) = shared.junit.lock() {
                    if let Some(j) = j.as_mut() {
                        j.write(&report::junit_suite("corpus", &[], &orphans));
                    }
                }
                Err(format!(
                    "{} problems reading the corpus:\n{}",
                    orphans.len(),
                    orphans.join("\n")
                )
                .into())
            })
            .with_kind("load"),
        );
    }
    let conclusion = libtest_mimic::run(&args, trials);
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    if let Ok(mut p) = pool.lock() {
        for s in p.drain(..) {
            s.finish();
        }
    }
    if args.list {
        return 0;
    }
    let total = shared
        .rows
        .lock()
        .map(|r| {
            let mut t = Tally::default();
            for v in r.values() {
                t.add(v);
            }
            t
        })
        .unwrap_or_default();
    if let Ok(r) = shared.rows.lock() {
        println!("\n{}", summary_table(&r));
    }
    if let Some(n) = &state_note {
        println!("{}", n.trim_start_matches("gpuref run: "));
    }
    if let Ok(r) = shared.reasons.lock() {
        print!("{}", declined_summary(&r, total.declined_files));
    }
    if let Ok(r) = shared.rules.lock() {
        print!("{}", rule_summary(&r, opts.by_rule));
    }
    // The reports, unless stdout closed and the run stopped early: then the files already
    // there stay as they were.
    let mut report_failed = false;
    if !OUTPUT_CLOSED.load(Ordering::SeqCst) {
        if let Ok(mut j) = shared.junit.lock() {
            if let Some(j) = j.as_mut() {
                j.write("</testsuites>\n");
            }
        }
        for (what, slot) in [("JSON Lines", &shared.jsonl), ("JUnit", &shared.junit)] {
            if let Some(f) = slot.lock().ok().and_then(|mut s| s.take()) {
                match f.commit() {
                    Ok(p) => println!("{what} report: {}", p.display()),
                    Err(e) => {
                        eprintln!("gpuref run: report {e}");
                        report_failed = true;
                    }
                }
            }
        }
    }
    // Problems of files the filter does not select were printed and do not fail the run.
    let (code, verdict) = if conclusion.has_failed() {
        (
            1,
            format!("FAILED ({} failed, {} faults)", total.failed, total.faults),
        )
    } else if total.passed == 0 && total.unsupported > 0 {
        (
            ALL_DECLINED,
            format!(
                "declined: none of the {} selected cases was checked (every one unsupported)",
                total.unsupported
            ),
        )
    } else {
        (0, "ok".to_string())
    };
    if report_failed {
        println!("verdict: {verdict}; a report could not be written");
        return 2;
    }
    println!("verdict: {verdict}");
    code
}

/// Why the adapter protocol carries no encoding case.
const NO_ENCODING_REQUEST: &str =
    "the adapter protocol (versions 1 and 2) has no encoding request yet";

/// Why an adapter gets no state request.
fn no_state_request(h: &adapter::Hello) -> &'static str {
    if h.protocol < 2 {
        "the adapter speaks protocol 1, which has no state request"
    } else {
        "the adapter speaks protocol 2 but does not declare the `state` feature"
    }
}

/// The cases of the trials the filter selects: the progress bar's length.
fn selected_cases(files: &[Loaded], args: &Arguments) -> u64 {
    files
        .iter()
        .filter(|f| selected(args, f.file.header("isa").unwrap_or("?"), &f.rel))
        .map(|f| f.file.cases.len() as u64)
        .sum()
}

/// Whether libtest-mimic runs the trial `[kind] name` under `args`' filter, `--exact`,
/// `--skip` and `--ignored` (its own test is private; this one mirrors libtest-mimic 0.8).
fn selected(args: &Arguments, kind: &str, name: &str) -> bool {
    let full = format!("[{kind}] {name}");
    let matches = |f: &String| {
        if args.exact {
            name == f || &full == f
        } else {
            full.contains(f.as_str())
        }
    };
    !args.ignored && args.filter.as_ref().is_none_or(matches) && !args.skip.iter().any(matches)
}

/// Used by tests: the observed answer of the reference for a case.
pub fn reference_answer(isa: &str, case: &Case) -> Result<Observed, String> {
    Reference::for_isa(isa)?.eval(case)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 25, defect 8: `gpuref run f32.add` drew a bar of every case of the corpus.
    #[test]
    fn the_progress_bar_counts_only_the_selected_trials() {
        let case = Case {
            id: String::new(),
            words: Vec::new(),
            asm: String::new(),
            mode: String::new(),
            inputs: Vec::new(),
            outputs: Vec::new(),
            flags: FlagSpec::Unchecked,
            rules: Vec::new(),
            line: 0,
        };
        let file = |rel: &str, cases: usize| Loaded {
            rel: rel.into(),
            path: PathBuf::from(rel),
            file: VecFile {
                header: vec![("isa".into(), "float".into())],
                cases: vec![case.clone(); cases],
                ..VecFile::default()
            },
            problems: Vec::new(),
            keep: None,
        };
        let files = [
            file("float/f32/f32.add", 3),
            file("float/f32/f32.mul", 5),
            file("float/f64/f64.add", 7),
        ];
        let args = |a: &[&str]| {
            Arguments::from_iter(std::iter::once("gpuref run").chain(a.iter().copied()))
        };
        assert_eq!(selected_cases(&files, &args(&[])), 15);
        assert_eq!(selected_cases(&files, &args(&["f32.add"])), 3);
        assert_eq!(selected_cases(&files, &args(&["add"])), 10);
        assert_eq!(selected_cases(&files, &args(&["f32", "--skip", "mul"])), 3);
        assert_eq!(
            selected_cases(&files, &args(&["--exact", "float/f64/f64.add"])),
            7
        );
        assert_eq!(selected_cases(&files, &args(&["[float] float/f32"])), 8);
        assert_eq!(selected_cases(&files, &args(&["--ignored"])), 0);
    }
}
