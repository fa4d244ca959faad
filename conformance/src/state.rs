//! State-transition vector files (`.jsonl`): the data model, the reader and the writer, as
//! specified in docs/vector-format.md ("State-transition vectors"). One JSON object per
//! line: a header, then one case per line. What the names of a state mean is the ISA's
//! business (its registry entry's `check_state`); this module checks the shapes and the hex.

use crate::vector::{parse_hex, parse_spec, ParseError, Spec};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The first line of a `.jsonl` file. Unknown keys are ignored (later versions may add
/// some, as in `.vec` headers).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    pub gpuref_vectors: u32,
    pub kind: String,
    #[serde(default)]
    pub generator: String,
    #[serde(default)]
    pub command: String,
    #[serde(default)]
    pub semantics: String,
    pub isa: String,
    pub target: String,
    pub instruction: String,
    /// The levels the file holds (`edge,random`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub level: String,
    /// What a reader should know about the file: rows with fewer cases than the goal and
    /// why, rows without cases and why.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// A value of the machine state: a scalar register or every lane of a vector register
/// (one hex string), the 64 lanes of a vector register (an array; also the list of
/// `events`), or a map: lane number → value for some lanes of a vector register, hex byte
/// address → hex bytes (lowest address first) for `mem`, `lds` and `gds`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Value {
    Scalar(String),
    Lanes(Vec<String>),
    Map(BTreeMap<String, String>),
}

fn star() -> String {
    "*".into()
}

fn is_star(s: &str) -> bool {
    s == "*"
}

/// One case.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    pub id: String,
    pub words: Vec<String>,
    pub asm: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub mode: BTreeMap<String, String>,
    pub initial: BTreeMap<String, Value>,
    #[serde(rename = "final")]
    pub final_state: BTreeMap<String, Value>,
    /// Flags as in `.vec` files; `*` (the default, omitted when written) = not checked.
    #[serde(default = "star", skip_serializing_if = "is_star")]
    pub flags: String,
    pub rules: Vec<String>,
    /// Why the case exists (its group: `range.past_num_records`, `exec.none`, ...).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub why: String,
    /// 1-based line in the file it was read from.
    #[serde(skip)]
    pub line: usize,
}

/// A whole `.jsonl` file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StateFile {
    pub header: Option<Header>,
    pub cases: Vec<Case>,
}

impl StateFile {
    /// The file as text: the header line, then one line per case.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        if let Some(h) = &self.header {
            s += &serde_json::to_string(h).unwrap_or_default();
            s.push('\n');
        }
        for c in &self.cases {
            s += &serde_json::to_string(c).unwrap_or_default();
            s.push('\n');
        }
        s
    }
}

/// Hex bytes of a memory range; `??` (final states only) is a byte whose value is not
/// settled. `None` for a byte pair that is `??`.
pub fn parse_bytes(bytes: &str, is_final: bool) -> Result<Vec<Option<u8>>, String> {
    if bytes.is_empty() || bytes.len() % 2 == 1 || !bytes.is_ascii() {
        return Err(format!("bytes must be pairs of hex digits, got `{bytes}`"));
    }
    (0..bytes.len() / 2)
        .map(|i| {
            let pair = &bytes[2 * i..2 * i + 2];
            if pair == "??" && is_final {
                Ok(None)
            } else {
                u8::from_str_radix(pair, 16)
                    .map(Some)
                    .map_err(|_| format!("bytes must be pairs of hex digits, got `{bytes}`"))
            }
        })
        .collect()
}

/// A value string: `0xHEX` in an initial state, a SPEC in a final one.
pub fn parse_value(s: &str, is_final: bool) -> Result<Spec, String> {
    if is_final {
        parse_spec(s)
    } else {
        parse_hex(s)
            .map(Spec::exact)
            .ok_or_else(|| format!("bad value `{s}` (0xHEX)"))
    }
}

/// Check that a value's strings are what the format allows (module documentation).
fn validate(name: &str, v: &Value, is_final: bool) -> Result<(), String> {
    let value = |s: &str, at: &str| {
        parse_value(s, is_final)
            .map(|_| ())
            .map_err(|e| format!("`{name}{at}`: {e}"))
    };
    match v {
        Value::Scalar(s) => value(s, ""),
        Value::Lanes(_) if name == "events" => Ok(()),
        Value::Lanes(lanes) if lanes.len() > 64 => {
            Err(format!("`{name}`: {} lanes (a wave has 64)", lanes.len()))
        }
        Value::Lanes(lanes) => lanes
            .iter()
            .enumerate()
            .try_for_each(|(i, s)| value(s, &format!("[{i}]"))),
        Value::Map(m) if matches!(name, "mem" | "lds" | "gds") => {
            m.iter().try_for_each(|(addr, bytes)| {
                parse_hex(addr).ok_or_else(|| format!("`{name}`: bad address `{addr}` (0xHEX)"))?;
                parse_bytes(bytes, is_final)
                    .map(|_| ())
                    .map_err(|e| format!("`{name}` at {addr}: {e}"))
            })
        }
        Value::Map(m) => m.iter().try_for_each(|(lane, s)| {
            match lane.parse::<u8>() {
                Ok(l) if l < 64 && lane == &l.to_string() => {}
                _ => return Err(format!("`{name}`: bad lane `{lane}` (0..63)")),
            }
            value(s, &format!("[{lane}]"))
        }),
    }
}

/// Whether `text` is a state-transition file rather than a `.vec` file: its first line that
/// is not blank is a JSON object. Files are told apart by what they hold, not by their
/// extension.
pub fn is_state_text(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .lines()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| l.trim_start().starts_with('{'))
}

/// Parse the text of a `.jsonl` file; a bad line is reported and the others are kept.
pub fn parse(file: &Path, text: &str) -> (StateFile, Vec<ParseError>) {
    let mut out = StateFile::default();
    let mut errors = Vec::new();
    let err =
        |line: usize, column: usize, message: String| ParseError::new(file, line, column, message);
    for (idx, raw) in text.split('\n').enumerate() {
        let n = idx + 1;
        if raw.trim().is_empty() {
            continue;
        }
        if out.header.is_none() {
            match serde_json::from_str::<Header>(raw) {
                Ok(h) if h.gpuref_vectors != 1 => {
                    errors.push(err(
                        n,
                        1,
                        format!(
                            "unsupported format version {} (this reader knows 1)",
                            h.gpuref_vectors
                        ),
                    ));
                    return (out, errors);
                }
                Ok(h) if h.kind != "state" => {
                    errors.push(err(
                        n,
                        1,
                        format!("header kind `{}`: expected `state`", h.kind),
                    ));
                    return (out, errors);
                }
                Ok(h) => out.header = Some(h),
                Err(e) => {
                    errors.push(err(n, e.column().max(1), format!("bad header object: {e}")));
                    return (out, errors);
                }
            }
            continue;
        }
        match serde_json::from_str::<Case>(raw) {
            Ok(mut c) => {
                let checked = c
                    .initial
                    .iter()
                    .try_for_each(|(k, v)| validate(k, v, false))
                    .map_err(|e| format!("initial: {e}"))
                    .and_then(|_| {
                        c.final_state
                            .iter()
                            .try_for_each(|(k, v)| validate(k, v, true))
                            .map_err(|e| format!("final: {e}"))
                    })
                    .and_then(|_| {
                        c.words.iter().try_for_each(|w| {
                            u32::from_str_radix(w, 16)
                                .map(|_| ())
                                .map_err(|_| format!("words: bad encoding word `{w}`"))
                        })
                    })
                    .and_then(|_| {
                        crate::vector::parse_flags(&c.flags)
                            .map(|_| ())
                            .or_else(|e| if c.flags == "*" { Ok(()) } else { Err(e) })
                    });
                match checked {
                    Ok(()) => {
                        c.line = n;
                        out.cases.push(c);
                    }
                    Err(m) => errors.push(err(n, 1, m)),
                }
            }
            Err(e) => errors.push(err(n, e.column().max(1), format!("bad case object: {e}"))),
        }
    }
    if out.header.is_none() {
        errors.push(err(1, 1, "empty file: no header object".into()));
    }
    (out, errors)
}

/// A failure report for a state case: id, file and line, asm, words, what, rules.
pub fn report(path: &std::path::Path, case: &Case, what: &str) -> String {
    format!(
        "FAIL {} ({}:{})\n  asm:      {}\n  words:    {}\n  {what}\n  rules:    {}\n",
        case.id,
        path.display(),
        case.line,
        case.asm,
        case.words.join(" "),
        case.rules.join(", ")
    )
}
