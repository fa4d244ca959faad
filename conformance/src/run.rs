//! `gpuref run`: the corpus as libtest-mimic trials (one per instruction file), against the
//! built-in reference or an adapter, with a progress bar and a summary per ISA and format.

use crate::adapter::{self, Answer, Config, Request, Session};
use crate::check::{self, Problem};
use crate::reference::{Observed, Reference};
use crate::vector::{self, Case, FlagSpec, Spec, VecFile};
use libtest_mimic::{Arguments, Failed, Trial};
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
    /// Only files whose `target` header is this.
    pub target: Option<String>,
    /// Compare with the reference's exact bits instead of the vectors' acceptance sets.
    pub strict: bool,
    /// Failure reports printed per file.
    pub reports_per_file: usize,
    pub progress: bool,
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
    }
}

struct Loaded {
    rel: String,
    path: PathBuf,
    file: VecFile,
    /// The file's problems (malformed lines, a manifest mismatch, repeated ids): each fails
    /// its trial and counts as one failed case.
    problems: Vec<String>,
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

/// Load every file under the corpus root; parse errors are returned, not fatal (those of a
/// loaded file are also its `problems`), and so are the errors no vector file owns.
fn load(root: &Path, target: Option<&str>) -> (Vec<Loaded>, Vec<String>, Vec<String>) {
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
    for path in paths {
        let text = match check::read_text(&path) {
            Ok(t) => t,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let (file, errs) = if crate::state::is_state_text(&text) {
            state_as_vec_file(&path, &text)
        } else {
            vector::parse(&path, &text)
        };
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
        if target.is_some_and(|t| file.header("target") != Some(t)) {
            continue;
        }
        let rel = path.strip_prefix(root).unwrap_or(&path).with_extension("");
        let problems = errors
            .iter()
            .filter(|e| e.starts_with(&prefix))
            .cloned()
            .collect();
        out.push(Loaded {
            rel: rel.to_string_lossy().replace('\\', "/"),
            path,
            file,
            problems,
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
    (out, errors, orphans)
}

/// A state-transition file, for the runner: its header, and one placeholder case per case
/// (`run_file` reads the state cases again and checks them with the state reference or
/// sends them to an adapter as protocol-2 state requests).
fn state_as_vec_file(path: &Path, text: &str) -> (VecFile, Vec<vector::ParseError>) {
    let (state, errs) = crate::state::parse(path, text);
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
    (file, errs)
}

/// The strict expectation of a case: the reference's exact answer.
fn strict_case(case: &Case, reference: &mut Reference) -> Result<Case, String> {
    let got = reference.eval(case)?;
    let mut c = case.clone();
    c.outputs = case
        .outputs
        .iter()
        .map(|(n, _)| {
            let v = got
                .outputs
                .iter()
                .find(|(g, _)| g == n)
                .map(|(_, v)| *v)
                .unwrap_or(0);
            (n.clone(), Spec::exact(v))
        })
        .collect();
    if let Some(f) = got.flags {
        c.flags = FlagSpec::Exact(f);
    }
    Ok(c)
}

/// Run the corpus; returns the process exit code.
pub fn run(opts: Options, args: Arguments) -> i32 {
    let (files, load_errors, orphans) = load(&opts.vectors, opts.target.as_deref());
    for e in &load_errors {
        eprintln!("{e}");
    }
    if files.is_empty() && !args.list {
        match &opts.target {
            Some(t) => eprintln!(
                "gpuref run: no vector file under {} has target `{t}` (its `#!target` header; the registry's targets: {})",
                opts.vectors.display(),
                crate::isa::all()
                    .flat_map(|e| e.info().targets.iter().map(|t| t.name))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            None => eprintln!(
                "gpuref run: no vector files under {} (run `gpuref generate` first?)",
                opts.vectors.display()
            ),
        }
        return 2;
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
                "gpuref run: {} encoding files ({cases} cases) are not sent to the adapter: the adapter protocol (versions 1 and 2) has no encoding request yet; they are counted as unsupported (check them with `gpuref run` without --adapter, or `gpuref check`)",
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
                let why = if h.protocol < 2 {
                    "the adapter speaks protocol 1, which has no state request".to_string()
                } else {
                    "the adapter speaks protocol 2 but does not declare the `state` feature"
                        .to_string()
                };
                format!(
                    "gpuref run: {} state-transition files ({cases} cases) are not sent to the adapter: {why}; they are counted as unsupported (check them with `gpuref run` without --adapter, or `gpuref check`)",
                    st.len()
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
    let rows: Arc<Mutex<BTreeMap<(String, String), Tally>>> = Arc::default();
    let pool: Arc<Mutex<Vec<Session>>> = Arc::default();
    let cfg: Option<Arc<Config>> = opts.adapter.clone().map(Arc::new);
    let opts = Arc::new(opts);
    let mut trials = Vec::new();
    for loaded in files {
        let isa = loaded.file.header("isa").unwrap_or("?").to_string();
        let fmt = loaded.rel.split('/').nth(1).unwrap_or("").to_string();
        let (rows, pool, bar, hello, opts) = (
            rows.clone(),
            pool.clone(),
            bar.clone(),
            hello.clone(),
            opts.clone(),
        );
        let (cfg, restarts) = (cfg.clone(), restarts.clone());
        let kind = isa.clone();
        trials.push(
            Trial::test(loaded.rel.clone(), move || {
                if OUTPUT_CLOSED.load(Ordering::SeqCst) {
                    return Ok(());
                }
                let tally = run_file(
                    &loaded,
                    &opts,
                    cfg,
                    restarts,
                    &pool,
                    hello.as_ref(),
                    bar.as_ref(),
                );
                let (mut t, mut result) = tally;
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
                if let Ok(mut r) = rows.lock() {
                    r.entry((isa, fmt)).or_default().add(&t);
                }
                result
            })
            .with_kind(kind),
        );
    }
    // Problems no loaded file owns (a listed file missing, an unreadable or empty file)
    // fail a trial of their own, so that a run they fail never reports `test result: ok`.
    if !orphans.is_empty() {
        let rows = rows.clone();
        trials.push(
            Trial::test("corpus", move || {
                let t = Tally {
                    cases: orphans.len(),
                    failed: orphans.len(),
                    ..Tally::default()
                };
                if let Ok(mut r) = rows.lock() {
                    r.entry(("corpus".into(), String::new()))
                        .or_default()
                        .add(&t);
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
    if !args.list {
        if let Ok(r) = rows.lock() {
            println!("\n{}", summary_table(&r));
        }
        if let Some(n) = &state_note {
            println!("{}", n.trim_start_matches("gpuref run: "));
        }
    }
    // Problems of files the filter does not select were printed and do not fail the run.
    if conclusion.has_failed() {
        1
    } else {
        0
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

type TrialResult = (Tally, Result<(), Failed>);

/// A trial's result from failure reports (at most `shown` printed).
fn report_failures(tally: Tally, failures: &[String], shown: usize) -> TrialResult {
    if failures.is_empty() {
        return (tally, Ok(()));
    }
    let mut msg = format!("{} of {} vectors failed\n", failures.len(), tally.cases);
    for r in failures.iter().take(shown) {
        msg.push_str(r);
    }
    if failures.len() > shown {
        msg.push_str(&format!("({} more not shown)\n", failures.len() - shown));
    }
    (tally, Err(msg.into()))
}

fn run_file(
    loaded: &Loaded,
    opts: &Options,
    cfg: Option<Arc<Config>>,
    restarts: Arc<AtomicUsize>,
    pool: &Mutex<Vec<Session>>,
    hello: Option<&adapter::Hello>,
    bar: Option<&indicatif::ProgressBar>,
) -> TrialResult {
    let file = &loaded.file;
    let mut tally = Tally {
        files: 1,
        cases: file.cases.len(),
        ..Tally::default()
    };
    let isa = file.header("isa").unwrap_or("");
    let target = file.header("target").unwrap_or("");
    if file.header("kind") == Some("state") {
        // State requests need protocol 2 and the `state` feature (docs/adapter-protocol.md):
        // without them `run` says so once and counts these cases as unsupported; without an
        // adapter the built-in reference checks them.
        let text = std::fs::read_to_string(&loaded.path).unwrap_or_default();
        let (state, _) = crate::state::parse(&loaded.path, &text);
        if let Some(cfg) = cfg {
            return match hello {
                Some(h) if h.state && h.supports(isa, target) => {
                    let t = run_state_adapter(loaded, &state, opts, cfg, restarts, pool);
                    if let Some(b) = bar {
                        b.inc(file.cases.len() as u64);
                    }
                    t
                }
                _ => {
                    tally.unsupported = file.cases.len();
                    (tally, Ok(()))
                }
            };
        }
        let checked = crate::isa::by_name(isa).and_then(|e| e.check_state(&loaded.path, &state));
        let (passed, failures) = match checked {
            Ok(c) => c,
            Err(e) => {
                tally.faults = file.cases.len();
                return (tally, Err(format!("{}: {e}", loaded.path.display()).into()));
            }
        };
        tally.passed = passed;
        tally.failed = failures.len();
        if let Some(b) = bar {
            b.inc(file.cases.len() as u64);
        }
        return report_failures(tally, &failures, opts.reports_per_file);
    }
    if file.header("kind") == Some("encoding") {
        // The adapter protocol has no encoding request: `run` says so once and counts these
        // cases as unsupported; without an adapter the built-in reference checks them.
        if cfg.is_some() {
            tally.unsupported = file.cases.len();
            return (tally, Ok(()));
        }
        let checked = crate::isa::by_name(isa).map(|e| e.check_encoding(&loaded.path, file));
        let (passed, failures) = match checked {
            Ok(Some(c)) => c,
            Ok(None) | Err(_) => {
                tally.faults = file.cases.len();
                let why = format!(
                    "{}: no built-in reference for encoding vectors of isa `{isa}` (known: {})",
                    loaded.path.display(),
                    crate::isa::names()
                );
                return (tally, Err(why.into()));
            }
        };
        tally.passed = passed;
        tally.failed = failures.len();
        if let Some(b) = bar {
            b.inc(file.cases.len() as u64);
        }
        return report_failures(tally, &failures, opts.reports_per_file);
    }
    let mut reference = match Reference::for_file(file) {
        Ok(r) => Some(r),
        Err(e) if cfg.is_none() || opts.strict => {
            tally.faults = file.cases.len();
            return (tally, Err(format!("{}: {e}", loaded.path.display()).into()));
        }
        Err(_) => None,
    };
    // The expectations: the file's, or the reference's exact bits in strict mode.
    let mut cases: Vec<Case> = Vec::with_capacity(file.cases.len());
    let mut reports = Vec::new();
    for c in &file.cases {
        let strict = if opts.strict {
            reference.as_mut().and_then(|r| strict_case(c, r).ok())
        } else {
            None
        };
        cases.push(strict.unwrap_or_else(|| c.clone()));
    }
    let adapter = cfg.is_some();
    let answers: Vec<Answer> = match (cfg, hello) {
        (Some(_), Some(h)) if !h.supports(isa, target) => {
            let why = format!("adapter does not declare {isa}:{target}");
            cases
                .iter()
                .map(|_| Answer::Unsupported(why.clone()))
                .collect()
        }
        (Some(cfg), _) => {
            let session = pool.lock().ok().and_then(|mut p| p.pop());
            let mut session = match session {
                Some(s) => s,
                None => match Session::start(cfg, restarts) {
                    Ok(s) => s,
                    Err(e) => {
                        tally.faults = cases.len();
                        return (tally, Err(e.into()));
                    }
                },
            };
            let refs: Vec<&Case> = cases.iter().collect();
            let a = session.run(&format!("{isa}:{target}"), &refs);
            if let Ok(mut p) = pool.lock() {
                p.push(session);
            }
            a
        }
        (None, _) => cases
            .iter()
            .map(|c| match reference.as_mut().map(|r| r.eval(c)) {
                Some(Ok(o)) => Answer::Ok(o),
                Some(Err(e)) => Answer::Error(e),
                None => Answer::Fault("no reference".into()),
            })
            .collect(),
    };
    // Through an adapter, answers may name registers by the ISA's aliases, and flag
    // outputs are compared only when the adapter announced the `flags` feature.
    let entry = crate::isa::by_name(isa).ok();
    let flags = !adapter || hello.is_some_and(|h| h.flags);
    for (case, answer) in cases.iter().zip(&answers) {
        let problem = match answer {
            Answer::Ok(got) => {
                let (p, skipped) = check::compare_with(case, got, entry, flags);
                tally.flags_not_compared += usize::from(skipped);
                p
            }
            Answer::Unsupported(_) => {
                tally.unsupported += 1;
                continue;
            }
            Answer::Error(e) => Some(Problem::Error(format!("adapter error: {e}"))),
            Answer::State(_) => Some(Problem::Error(
                "protocol error: a state answer to a value case".into(),
            )),
            Answer::Fault(e) => {
                tally.faults += 1;
                if reports.len() < opts.reports_per_file {
                    reports.push(check::report(
                        &loaded.path,
                        case,
                        &Problem::Error(e.clone()),
                    ));
                }
                continue;
            }
        };
        match problem {
            None => tally.passed += 1,
            Some(p) => {
                tally.failed += 1;
                if reports.len() < opts.reports_per_file {
                    reports.push(check::report(&loaded.path, case, &p));
                }
            }
        }
    }
    if let Some(b) = bar {
        b.inc(cases.len() as u64);
    }
    let bad = tally.failed + tally.faults;
    if bad == 0 {
        (tally, Ok(()))
    } else {
        let mut msg = format!(
            "{} of {} vectors failed ({} faults)\n",
            bad, tally.cases, tally.faults
        );
        for r in &reports {
            msg.push_str(r);
        }
        if bad > reports.len() {
            msg.push_str(&format!("({} more not shown)\n", bad - reports.len()));
        }
        (tally, Err(msg.into()))
    }
}

/// The state cases of a file through an adapter (protocol 2): each answer is compared with
/// the case's final state by the state reference's comparison.
fn run_state_adapter(
    loaded: &Loaded,
    state: &crate::state::StateFile,
    opts: &Options,
    cfg: Arc<Config>,
    restarts: Arc<AtomicUsize>,
    pool: &Mutex<Vec<Session>>,
) -> TrialResult {
    use crate::state::report;
    let mut tally = Tally {
        files: 1,
        cases: state.cases.len(),
        ..Tally::default()
    };
    let Some(h) = &state.header else {
        return (tally, Ok(()));
    };
    let entry = match crate::isa::by_name(&h.isa) {
        Ok(e) => e,
        Err(e) => {
            tally.faults = state.cases.len();
            return (tally, Err(format!("{}: {e}", loaded.path.display()).into()));
        }
    };
    let session = pool.lock().ok().and_then(|mut p| p.pop());
    let mut session = match session {
        Some(s) => s,
        None => match Session::start(cfg, restarts) {
            Ok(s) => s,
            Err(e) => {
                tally.faults = state.cases.len();
                return (tally, Err(e.into()));
            }
        },
    };
    let requests: Vec<Request> = state.cases.iter().map(Request::State).collect();
    let answers = session.run_requests(&format!("{}:{}", h.isa, h.target), &requests);
    if let Ok(mut p) = pool.lock() {
        p.push(session);
    }
    let mut failures = Vec::new();
    for (case, answer) in state.cases.iter().zip(&answers) {
        let what = match answer {
            Answer::State(got) => match entry.compare_state_answer(&h.target, case, got) {
                Ok(None) => {
                    tally.passed += 1;
                    continue;
                }
                Ok(Some(diff)) => format!("got: {diff}"),
                Err(e) => format!("error: {e}"),
            },
            Answer::Unsupported(_) => {
                tally.unsupported += 1;
                continue;
            }
            Answer::Error(e) => format!("adapter error: {e}"),
            Answer::Fault(e) => {
                tally.faults += 1;
                failures.push(report(&loaded.path, case, e));
                continue;
            }
            Answer::Ok(_) => "protocol error: a value answer to a state request".to_string(),
        };
        tally.failed += 1;
        failures.push(report(&loaded.path, case, &what));
    }
    if failures.is_empty() {
        return (tally, Ok(()));
    }
    let mut msg = format!(
        "{} of {} vectors failed ({} faults)\n",
        failures.len(),
        tally.cases,
        tally.faults
    );
    for r in failures.iter().take(opts.reports_per_file) {
        msg.push_str(r);
    }
    if failures.len() > opts.reports_per_file {
        msg.push_str(&format!(
            "({} more not shown)\n",
            failures.len() - opts.reports_per_file
        ));
    }
    (tally, Err(msg.into()))
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
