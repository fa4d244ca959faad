//! What a run adds up besides each trial's pass or fail: every case's outcome, the decline
//! reasons, the per-rule counts and the report records (docs/design/0047).

use super::{Loaded, Tally};
use crate::adapter::Answer;
use crate::report::{self, Record, ReportFile, Verdict};
use crate::vector::{self, Case, FlagSpec};
use std::collections::BTreeMap;
use std::sync::Mutex;

/// What every trial adds to besides its own result: the summary rows, the per-rule counts,
/// the decline reasons and the report files.
#[derive(Default)]
pub(super) struct Shared {
    pub(super) rows: Mutex<BTreeMap<(String, String), Tally>>,
    pub(super) rules: Mutex<BTreeMap<String, RuleTally>>,
    pub(super) reasons: Mutex<BTreeMap<String, usize>>,
    pub(super) jsonl: Mutex<Option<ReportFile>>,
    pub(super) junit: Mutex<Option<ReportFile>>,
}

/// Cases per verdict for one rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RuleTally {
    pub passed: usize,
    pub failed: usize,
    pub declined: usize,
}

/// One case's outcome in a trial: the case's index in its file (the state file's, for a
/// state file), the verdict, why, and what the implementation answered.
pub(super) struct CaseOutcome {
    pub(super) index: usize,
    pub(super) verdict: Verdict,
    pub(super) message: Option<String>,
    pub(super) got: Option<Answer>,
    /// The expectation checked when it is not the file's (`--strict`).
    pub(super) strict: Option<Case>,
}

/// The outcomes of one trial's cases, and its state file when it read one.
#[derive(Default)]
pub(super) struct FileLog {
    pub(super) outcomes: Vec<CaseOutcome>,
    pub(super) state: Option<crate::state::StateFile>,
}

impl FileLog {
    pub(super) fn all(&mut self, n: usize, verdict: Verdict, message: &str) {
        self.outcomes.extend((0..n).map(|index| CaseOutcome {
            index,
            verdict,
            message: Some(message.to_string()),
            got: None,
            strict: None,
        }));
    }

    /// Outcomes from a checker's failure reports (each starts `FAIL ID (FILE:LINE)`): the
    /// cases whose line a report names failed, the others passed.
    pub(super) fn add_reports(&mut self, lines: &[usize], failures: &[String]) {
        let mut failed: BTreeMap<usize, &String> = BTreeMap::new();
        for f in failures {
            let first = f.lines().next().unwrap_or("");
            let line = first
                .strip_suffix(')')
                .and_then(|h| h.rsplit_once(':'))
                .and_then(|(_, n)| n.parse::<usize>().ok());
            if let Some(n) = line {
                failed.insert(n, f);
            }
        }
        for (index, line) in lines.iter().enumerate() {
            let f = failed.get(line);
            self.outcomes.push(CaseOutcome {
                index,
                verdict: if f.is_some() {
                    Verdict::Fail
                } else {
                    Verdict::Pass
                },
                message: f.map(|s| s.to_string()),
                got: None,
                strict: None,
            });
        }
    }
}

/// How many reasons the summary lists.
const TOP_REASONS: usize = 10;

/// The declined cases by reason, most frequent first, and the files every case of which
/// was declined.
pub fn declined_summary(reasons: &BTreeMap<String, usize>, files: usize) -> String {
    let total: usize = reasons.values().sum();
    if total == 0 {
        return String::new();
    }
    let mut v: Vec<(&String, &usize)> = reasons.iter().collect();
    v.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let mut s = format!(
        "declined: {total} cases ({} files with every case declined, shown as `ignored (declined: ...)`), by reason:\n",
        files
    );
    for (r, n) in v.iter().take(TOP_REASONS) {
        s += &format!("  {n:>9}  {r}\n");
    }
    if v.len() > TOP_REASONS {
        let rest: usize = v[TOP_REASONS..].iter().map(|(_, n)| **n).sum();
        s += &format!("  {rest:>9}  ({} other reasons)\n", v.len() - TOP_REASONS);
    }
    s
}

/// How many rules the compact per-rule summary lists.
const TOP_RULES: usize = 10;

/// The per-rule summary: every rule the selected cases name, with its cases passed, failed
/// and declined; compact (the rules with failures, most first) unless `all`.
pub fn rule_summary(rules: &BTreeMap<String, RuleTally>, all: bool) -> String {
    if rules.is_empty() {
        return String::new();
    }
    let failing = rules.values().filter(|t| t.failed > 0).count();
    let mut s = format!(
        "rules: {} named by the cases run, {failing} with failures{}\n",
        rules.len(),
        if all { "" } else { " (every rule: --by-rule)" }
    );
    let mut v: Vec<(&String, &RuleTally)> =
        rules.iter().filter(|(_, t)| all || t.failed > 0).collect();
    if !all {
        v.sort_by(|a, b| b.1.failed.cmp(&a.1.failed).then(a.0.cmp(b.0)));
    }
    if v.is_empty() {
        return s;
    }
    s += &format!(
        "  {:<48} {:>9} {:>8} {:>9}\n",
        "rule", "passed", "failed", "declined"
    );
    let shown = if all { v.len() } else { TOP_RULES };
    for (id, t) in v.iter().take(shown) {
        s += &format!(
            "  {id:<48} {:>9} {:>8} {:>9}\n",
            t.passed, t.failed, t.declined
        );
    }
    if v.len() > shown {
        s += &format!(
            "  ({} more rules with failures: --by-rule)\n",
            v.len() - shown
        );
    }
    s
}

impl Shared {
    /// Count a trial's outcomes per rule and decline reason, and write its report lines;
    /// returns the file's most frequent decline reason.
    pub(super) fn log(&self, loaded: &Loaded, log: &FileLog) -> Option<String> {
        let rules_of = |i: usize| -> &[String] {
            match &log.state {
                Some(st) => st.cases.get(i).map(|c| c.rules.as_slice()).unwrap_or(&[]),
                None => loaded
                    .file
                    .cases
                    .get(i)
                    .map(|c| c.rules.as_slice())
                    .unwrap_or(&[]),
            }
        };
        let mut reasons: BTreeMap<&str, usize> = BTreeMap::new();
        if let Ok(mut rules) = self.rules.lock() {
            for o in &log.outcomes {
                for id in rules_of(o.index) {
                    let t = rules.entry(id.clone()).or_default();
                    match o.verdict {
                        Verdict::Pass => t.passed += 1,
                        Verdict::Fail | Verdict::Fault => t.failed += 1,
                        Verdict::Declined => t.declined += 1,
                    }
                }
                if o.verdict == Verdict::Declined {
                    *reasons
                        .entry(o.message.as_deref().unwrap_or("(no reason given)"))
                        .or_default() += 1;
                }
            }
        }
        if let Ok(mut all) = self.reasons.lock() {
            for (r, n) in &reasons {
                *all.entry(r.to_string()).or_default() += n;
            }
        }
        let top = reasons
            .iter()
            .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
            .map(|(r, _)| r.to_string());
        let want_jsonl = self.jsonl.lock().is_ok_and(|j| j.is_some());
        let want_junit = self.junit.lock().is_ok_and(|j| j.is_some());
        if !want_jsonl && !want_junit {
            return top;
        }
        let records: Vec<Record> = log
            .outcomes
            .iter()
            .filter_map(|o| record(loaded, log, o))
            .collect();
        if want_jsonl {
            let mut text = String::new();
            for r in &records {
                text.push_str(&r.to_json().to_string());
                text.push('\n');
            }
            if let Ok(mut j) = self.jsonl.lock() {
                if let Some(j) = j.as_mut() {
                    j.write(&text);
                }
            }
        }
        if want_junit {
            let suite = report::junit_suite(&loaded.rel, &records, &loaded.problems);
            if let Ok(mut j) = self.junit.lock() {
                if let Some(j) = j.as_mut() {
                    j.write(&suite);
                }
            }
        }
        top
    }
}

/// The report record of one outcome.
fn record(loaded: &Loaded, log: &FileLog, o: &CaseOutcome) -> Option<Record> {
    use serde_json::Value;
    let header = |k: &str| loaded.file.header(k).unwrap_or("").to_string();
    let file = loaded.path.display().to_string();
    let flags_text = |f: &FlagSpec| match f {
        FlagSpec::Exact(f) => vector::flags_text(*f),
        FlagSpec::Unchecked => "*".into(),
    };
    if let Some(st) = &log.state {
        let c = st.cases.get(o.index)?;
        let got = match &o.got {
            Some(Answer::State(m)) => serde_json::to_value(m).ok(),
            _ => None,
        };
        return Some(Record {
            file,
            line: c.line,
            id: c.id.clone(),
            isa: header("isa"),
            target: header("target"),
            asm: c.asm.clone(),
            words: c.words.clone(),
            mode: serde_json::to_value(&c.mode).unwrap_or(Value::Null),
            inputs: serde_json::to_value(&c.initial).unwrap_or(Value::Null),
            expected: serde_json::to_value(&c.final_state).unwrap_or(Value::Null),
            expected_flags: Some(c.flags.clone()),
            got,
            got_flags: None,
            verdict: o.verdict,
            message: o.message.clone(),
            rules: c.rules.clone(),
        });
    }
    let file_case = loaded.file.cases.get(o.index)?;
    let c = o.strict.as_ref().unwrap_or(file_case);
    let (got, got_flags) = match &o.got {
        Some(Answer::Ok(obs)) => (
            Some(report::pairs(
                obs.outputs.iter().map(|(n, v)| (n, format!("{v:#x}"))),
            )),
            obs.flags.map(vector::flags_text),
        ),
        _ => (None, None),
    };
    Some(Record {
        file,
        line: c.line,
        id: c.id.clone(),
        isa: header("isa"),
        target: header("target"),
        asm: c.asm.clone(),
        words: c.words.iter().map(|w| format!("{w:08x}")).collect(),
        mode: Value::String(c.mode.clone()),
        inputs: report::pairs(c.inputs.iter().map(|(n, v)| (n, format!("{v:#x}")))),
        expected: report::pairs(c.outputs.iter().map(|(n, s)| (n, s.to_string()))),
        expected_flags: Some(flags_text(&c.flags)),
        got,
        got_flags,
        verdict: o.verdict,
        message: o.message.clone(),
        rules: c.rules.clone(),
    })
}
