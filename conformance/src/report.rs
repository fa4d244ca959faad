//! Per-case results of `gpuref run` as files for machines: JSON Lines (`--report-jsonl`,
//! one object per case) and JUnit XML (`--report-junit`, a `testsuite` per vector file and
//! a `testcase` per case). Each is written to a temporary file beside its destination and
//! renamed over it when the run ends, so a run that stops early (a closed stdout, an
//! error) leaves what was there before untouched (docs/design/0047).

use crate::reference::lookup_rule;
use serde_json::{json, Map, Value};
use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// What became of one case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    Pass,
    /// The answer is outside the expectation (or the adapter answered `error`).
    Fail,
    /// Crashed, timed out, protocol error, not run.
    Fault,
    /// The adapter answered `unsupported`, or the case was not sent to it.
    Declined,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Fail => "fail",
            Verdict::Fault => "fault",
            Verdict::Declined => "declined",
        }
    }
}

/// One case's result.
#[derive(Clone, Debug)]
pub struct Record {
    /// The vector file, as the run names it, and the case's line in it.
    pub file: String,
    pub line: usize,
    pub id: String,
    pub isa: String,
    pub target: String,
    /// The instruction text (the case's asm field).
    pub asm: String,
    pub words: Vec<String>,
    pub mode: Value,
    /// The inputs (value cases) or the initial state (state cases).
    pub inputs: Value,
    /// The acceptance set of every output (value cases) or the final state (state cases).
    pub expected: Value,
    pub expected_flags: Option<String>,
    /// What the implementation answered, when it answered.
    pub got: Option<Value>,
    pub got_flags: Option<String>,
    pub verdict: Verdict,
    /// Why: the decline reason, the fault, the adapter's error, or the failure report.
    pub message: Option<String>,
    pub rules: Vec<String>,
}

impl Record {
    /// The case's rules with status, citations and statement, and its least settled status.
    fn rules_json(&self) -> (Vec<Value>, &'static str) {
        let rules = self
            .rules
            .iter()
            .map(|id| match lookup_rule(id) {
                Some(r) => json!({
                    "id": id,
                    "status": r.status.as_str(),
                    "citation": r.cites.iter().map(|c| c.to_string()).collect::<Vec<_>>().join("; "),
                    "statement": r.statement,
                }),
                None => json!({"id": id, "status": null, "citation": null, "statement": null}),
            })
            .collect();
        (
            rules,
            crate::filter::STATUSES[crate::filter::status_of(&self.rules)],
        )
    }

    /// The JSON Lines object (docs/adapter-protocol.md, "Reports").
    pub fn to_json(&self) -> Value {
        let (rules, status) = self.rules_json();
        json!({
            "file": self.file,
            "line": self.line,
            "id": self.id,
            "isa": self.isa,
            "target": self.target,
            "instruction": self.asm,
            "words": self.words,
            "mode": self.mode,
            "inputs": self.inputs,
            "expected": self.expected,
            "expected_flags": self.expected_flags,
            "got": self.got,
            "got_flags": self.got_flags,
            "verdict": self.verdict.as_str(),
            "message": self.message,
            "status": status,
            "rules": rules,
        })
    }
}

/// `name=value` pairs as a JSON object of strings.
pub fn pairs<'a, V: std::fmt::Display + 'a>(
    items: impl IntoIterator<Item = (&'a String, V)>,
) -> Value {
    let mut m = Map::new();
    for (k, v) in items {
        m.insert(k.clone(), Value::String(v.to_string()));
    }
    Value::Object(m)
}

/// The text of `s` safe inside XML attributes and text (and without the characters XML 1.0
/// cannot hold).
pub fn xml_escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&apos;"),
            '\t' | '\n' | '\r' => o.push(c),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => o.push('\u{fffd}'),
            c => o.push(c),
        }
    }
    o
}

/// One vector file's results as a JUnit `testsuite` element: a `testcase` per case
/// (`classname` the file, `name` the case id), with `failure` (a wrong answer), `error`
/// (a fault) or `skipped` (declined) carrying the message.
pub fn junit_suite(name: &str, records: &[Record], problems: &[String]) -> String {
    let count = |v: Verdict| records.iter().filter(|r| r.verdict == v).count();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
        xml_escape(name),
        records.len() + problems.len(),
        count(Verdict::Fail),
        count(Verdict::Fault) + problems.len(),
        count(Verdict::Declined)
    );
    for r in records {
        let _ = write!(
            s,
            "    <testcase classname=\"{}\" name=\"{}\" file=\"{}\" line=\"{}\"",
            xml_escape(name),
            xml_escape(&r.id),
            xml_escape(&r.file),
            r.line
        );
        let msg = r.message.as_deref().unwrap_or("");
        let first = msg.lines().next().unwrap_or("");
        match r.verdict {
            Verdict::Pass => s.push_str("/>\n"),
            Verdict::Fail => {
                let _ = writeln!(
                    s,
                    ">\n      <failure message=\"{}\" type=\"mismatch\">{}</failure>\n    </testcase>",
                    xml_escape(first),
                    xml_escape(msg)
                );
            }
            Verdict::Fault => {
                let _ = writeln!(
                    s,
                    ">\n      <error message=\"{}\" type=\"fault\">{}</error>\n    </testcase>",
                    xml_escape(first),
                    xml_escape(msg)
                );
            }
            Verdict::Declined => {
                let _ = writeln!(
                    s,
                    ">\n      <skipped message=\"{}\"/>\n    </testcase>",
                    xml_escape(&format!("declined: {msg}"))
                );
            }
        }
    }
    for (i, p) in problems.iter().enumerate() {
        let _ = writeln!(
            s,
            "    <testcase classname=\"{}\" name=\"file problem {}\">\n      <error message=\"{}\" type=\"file\">{}</error>\n    </testcase>",
            xml_escape(name),
            i + 1,
            xml_escape(p.lines().next().unwrap_or("")),
            xml_escape(p)
        );
    }
    s.push_str("  </testsuite>\n");
    s
}

/// A report being written: a temporary file beside `path`, renamed over it by
/// [`ReportFile::commit`]; dropped without a commit, the temporary file is removed.
pub struct ReportFile {
    path: PathBuf,
    tmp: PathBuf,
    out: Option<BufWriter<File>>,
    /// The first write error (reported by `commit`).
    error: Option<String>,
}

impl ReportFile {
    /// Start a report at `path`: an error naming the path when it cannot be written.
    pub fn create(path: &Path) -> Result<ReportFile, String> {
        if path.is_dir() {
            return Err(format!("{}: is a directory", path.display()));
        }
        let name = path
            .file_name()
            .ok_or_else(|| format!("{}: not a file name", path.display()))?;
        let mut tmp_name = std::ffi::OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(format!(".tmp-{}", std::process::id()));
        let tmp = path.with_file_name(tmp_name);
        let f =
            File::create(&tmp).map_err(|e| format!("{}: cannot write ({e})", path.display()))?;
        Ok(ReportFile {
            path: path.to_path_buf(),
            tmp,
            out: Some(BufWriter::new(f)),
            error: None,
        })
    }

    pub fn write(&mut self, text: &str) {
        if self.error.is_some() {
            return;
        }
        if let Some(o) = self.out.as_mut() {
            if let Err(e) = o.write_all(text.as_bytes()) {
                self.error = Some(format!("{}: cannot write ({e})", self.path.display()));
            }
        }
    }

    /// Flush and rename over the destination.
    pub fn commit(mut self) -> Result<PathBuf, String> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        let out = self.out.take();
        let flushed = match out {
            Some(o) => o
                .into_inner()
                .map_err(|e| e.to_string())
                .and_then(|f| f.sync_all().map_err(|e| e.to_string())),
            None => Ok(()),
        };
        flushed
            .and_then(|_| std::fs::rename(&self.tmp, &self.path).map_err(|e| e.to_string()))
            .map(|_| self.path.clone())
            .map_err(|e| format!("{}: cannot write ({e})", self.path.display()))
    }
}

impl Drop for ReportFile {
    fn drop(&mut self) {
        // Not committed (or the rename failed): nothing of this run replaces the old file.
        self.out = None;
        let _ = std::fs::remove_file(&self.tmp);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xml_text_is_escaped() {
        assert_eq!(
            xml_escape("a<b & \"c\"\u{1}"),
            "a&lt;b &amp; &quot;c&quot;\u{fffd}"
        );
    }

    #[test]
    fn a_report_replaces_the_old_file_only_when_committed() {
        let d = std::env::temp_dir().join(format!("gpuref-report-unit-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&d);
        let p = d.join("r.jsonl");
        std::fs::write(&p, "old\n").unwrap();
        let mut r = ReportFile::create(&p).unwrap();
        r.write("new\n");
        drop(r);
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "old\n");
        assert_eq!(std::fs::read_dir(&d).unwrap().count(), 1, "temp file left");
        let mut r = ReportFile::create(&p).unwrap();
        r.write("new\n");
        r.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "new\n");
        assert!(ReportFile::create(&d).is_err());
        let _ = std::fs::remove_dir_all(&d);
    }
}
