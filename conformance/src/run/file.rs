//! One trial: a vector file's cases against the built-in reference or an adapter, each
//! case's outcome logged for the summaries and reports.

use super::outcome::{CaseOutcome, FileLog};
use super::{no_state_request, Loaded, Options, Tally, NO_ENCODING_REQUEST};
use crate::adapter::{self, Answer, Config, Request, Session};
use crate::check::{self, Problem};
use crate::reference::Reference;
use crate::report::Verdict;
use crate::vector::{Case, FlagSpec, Spec};
use libtest_mimic::Failed;
use std::sync::atomic::AtomicUsize;
use std::sync::{Arc, Mutex};

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

pub(super) type TrialResult = (Tally, Result<(), Failed>);

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

pub(super) fn run_file(
    loaded: &Loaded,
    opts: &Options,
    cfg: Option<Arc<Config>>,
    restarts: Arc<AtomicUsize>,
    pool: &Mutex<Vec<Session>>,
    hello: Option<&adapter::Hello>,
    log: &mut FileLog,
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
        let (mut state, _) = crate::state::parse(&loaded.path, &text);
        if let Some(keep) = &loaded.keep {
            state.cases.retain(|c| keep.contains(&c.line));
        }
        let n = state.cases.len();
        let lines: Vec<usize> = state.cases.iter().map(|c| c.line).collect();
        log.state = Some(state);
        let Some(state) = log.state.as_ref() else {
            return (tally, Ok(()));
        };
        if let Some(cfg) = cfg {
            return match hello {
                Some(h) if h.state && h.supports(isa, target) => {
                    let (t, outcomes) = run_state_adapter(loaded, state, opts, cfg, restarts, pool);
                    log.outcomes = outcomes;
                    t
                }
                Some(h) => {
                    let why = if !h.state {
                        no_state_request(h).to_string()
                    } else {
                        format!("adapter does not declare {isa}:{target}")
                    };
                    log.all(n, Verdict::Declined, &why);
                    tally.unsupported = file.cases.len();
                    (tally, Ok(()))
                }
                None => {
                    log.all(n, Verdict::Declined, "not sent to the adapter");
                    tally.unsupported = file.cases.len();
                    (tally, Ok(()))
                }
            };
        }
        let checked = crate::isa::by_name(isa).and_then(|e| e.check_state(&loaded.path, state));
        let (passed, failures) = match checked {
            Ok(c) => c,
            Err(e) => {
                tally.faults = file.cases.len();
                let why = format!("{}: {e}", loaded.path.display());
                log.all(n, Verdict::Fault, &why);
                return (tally, Err(why.into()));
            }
        };
        log.add_reports(&lines, &failures);
        tally.passed = passed;
        tally.failed = failures.len();
        return report_failures(tally, &failures, opts.reports_per_file);
    }
    if file.header("kind") == Some("encoding") {
        // The adapter protocol has no encoding request: `run` says so once and counts these
        // cases as unsupported; without an adapter the built-in reference checks them.
        if cfg.is_some() {
            log.all(file.cases.len(), Verdict::Declined, NO_ENCODING_REQUEST);
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
                log.all(file.cases.len(), Verdict::Fault, &why);
                return (tally, Err(why.into()));
            }
        };
        let lines: Vec<usize> = file.cases.iter().map(|c| c.line).collect();
        log.add_reports(&lines, &failures);
        tally.passed = passed;
        tally.failed = failures.len();
        return report_failures(tally, &failures, opts.reports_per_file);
    }
    let mut reference = match Reference::for_file(file) {
        Ok(r) => Some(r),
        Err(e) if cfg.is_none() || opts.strict => {
            tally.faults = file.cases.len();
            let why = format!("{}: {e}", loaded.path.display());
            log.all(file.cases.len(), Verdict::Fault, &why);
            return (tally, Err(why.into()));
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
                        log.all(cases.len(), Verdict::Fault, &e);
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
    for (index, (case, answer)) in cases.iter().zip(&answers).enumerate() {
        let mut outcome = CaseOutcome {
            index,
            verdict: Verdict::Pass,
            message: None,
            got: Some(answer.clone()),
            strict: opts.strict.then(|| case.clone()),
        };
        let problem = match answer {
            Answer::Ok(got) => {
                let (p, skipped) = check::compare_with(case, got, entry, flags);
                tally.flags_not_compared += usize::from(skipped);
                p
            }
            Answer::Unsupported(why) => {
                tally.unsupported += 1;
                outcome.verdict = Verdict::Declined;
                outcome.message = Some(why.clone());
                log.outcomes.push(outcome);
                continue;
            }
            Answer::Error(e) => Some(Problem::Error(format!("adapter error: {e}"))),
            Answer::State(_) => Some(Problem::Error(
                "protocol error: a state answer to a value case".into(),
            )),
            Answer::Fault(e) => {
                tally.faults += 1;
                let r = check::report(&loaded.path, case, &Problem::Error(e.clone()));
                if reports.len() < opts.reports_per_file {
                    reports.push(r.clone());
                }
                outcome.verdict = Verdict::Fault;
                outcome.message = Some(r);
                log.outcomes.push(outcome);
                continue;
            }
        };
        match problem {
            None => tally.passed += 1,
            Some(p) => {
                tally.failed += 1;
                let r = check::report(&loaded.path, case, &p);
                if reports.len() < opts.reports_per_file {
                    reports.push(r.clone());
                }
                outcome.verdict = Verdict::Fail;
                outcome.message = Some(r);
            }
        }
        log.outcomes.push(outcome);
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
) -> (TrialResult, Vec<CaseOutcome>) {
    use crate::state::report;
    let n = state.cases.len();
    let mut log = FileLog::default();
    let mut tally = Tally {
        files: 1,
        cases: n,
        ..Tally::default()
    };
    let Some(h) = &state.header else {
        return ((tally, Ok(())), log.outcomes);
    };
    let entry = match crate::isa::by_name(&h.isa) {
        Ok(e) => e,
        Err(e) => {
            tally.faults = n;
            let why = format!("{}: {e}", loaded.path.display());
            log.all(n, Verdict::Fault, &why);
            return ((tally, Err(why.into())), log.outcomes);
        }
    };
    let session = pool.lock().ok().and_then(|mut p| p.pop());
    let mut session = match session {
        Some(s) => s,
        None => match Session::start(cfg, restarts) {
            Ok(s) => s,
            Err(e) => {
                tally.faults = n;
                log.all(n, Verdict::Fault, &e);
                return ((tally, Err(e.into())), log.outcomes);
            }
        },
    };
    let requests: Vec<Request> = state.cases.iter().map(Request::State).collect();
    let answers = session.run_requests(&format!("{}:{}", h.isa, h.target), &requests);
    if let Ok(mut p) = pool.lock() {
        p.push(session);
    }
    let mut failures = Vec::new();
    for (index, (case, answer)) in state.cases.iter().zip(&answers).enumerate() {
        let mut outcome = CaseOutcome {
            index,
            verdict: Verdict::Pass,
            message: None,
            got: Some(answer.clone()),
            strict: None,
        };
        let what = match answer {
            Answer::State(got) => match entry.compare_state_answer(&h.target, case, got) {
                Ok(None) => {
                    tally.passed += 1;
                    log.outcomes.push(outcome);
                    continue;
                }
                Ok(Some(diff)) => format!("got: {diff}"),
                Err(e) => format!("error: {e}"),
            },
            Answer::Unsupported(why) => {
                tally.unsupported += 1;
                outcome.verdict = Verdict::Declined;
                outcome.message = Some(why.clone());
                log.outcomes.push(outcome);
                continue;
            }
            Answer::Error(e) => format!("adapter error: {e}"),
            Answer::Fault(e) => {
                tally.faults += 1;
                let r = report(&loaded.path, case, e);
                failures.push(r.clone());
                outcome.verdict = Verdict::Fault;
                outcome.message = Some(r);
                log.outcomes.push(outcome);
                continue;
            }
            Answer::Ok(_) => "protocol error: a value answer to a state request".to_string(),
        };
        tally.failed += 1;
        let r = report(&loaded.path, case, &what);
        failures.push(r.clone());
        outcome.verdict = Verdict::Fail;
        outcome.message = Some(r);
        log.outcomes.push(outcome);
    }
    if failures.is_empty() {
        return ((tally, Ok(())), log.outcomes);
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
    ((tally, Err(msg.into())), log.outcomes)
}
