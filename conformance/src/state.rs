//! State-transition vector files (`.jsonl`): the data model and the reader, as specified in
//! docs/vector-format.md ("State-transition vectors"). One JSON object per line: a header,
//! then one case per line.

use crate::vector::{parse_hex, parse_spec, ParseError, Spec};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The first line of a `.jsonl` file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
}

/// A value of the machine state: a scalar register, the lanes of a vector register, or a
/// memory range (hex byte address → hex bytes, lowest address first).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Value {
    Scalar(String),
    Lanes(Vec<String>),
    Memory(BTreeMap<String, String>),
}

/// One case.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    pub id: String,
    pub words: Vec<String>,
    pub asm: String,
    #[serde(default)]
    pub mode: BTreeMap<String, String>,
    pub initial: BTreeMap<String, Value>,
    #[serde(rename = "final")]
    pub final_state: BTreeMap<String, Value>,
    pub flags: String,
    pub rules: Vec<String>,
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

/// Check that a value's strings are what the format allows: `initial` values are hex;
/// `final` values may be acceptance sets; memory bytes are an even number of hex digits.
fn validate(name: &str, v: &Value, is_final: bool) -> Result<(), String> {
    let scalar = |s: &str| -> Result<(), String> {
        if is_final {
            parse_spec(s)
                .map(|_: Spec| ())
                .map_err(|e| format!("`{name}`: {e}"))
        } else {
            parse_hex(s)
                .map(|_| ())
                .ok_or_else(|| format!("`{name}`: bad value `{s}` (0xHEX)"))
        }
    };
    match v {
        Value::Scalar(s) => scalar(s),
        Value::Lanes(lanes) => lanes.iter().try_for_each(|s| scalar(s)),
        Value::Memory(m) => m.iter().try_for_each(|(addr, bytes)| {
            parse_hex(addr).ok_or_else(|| format!("`{name}`: bad address `{addr}` (0xHEX)"))?;
            let ok = bytes.len() % 2 == 0
                && !bytes.is_empty()
                && bytes.chars().all(|c| c.is_ascii_hexdigit());
            if ok {
                Ok(())
            } else {
                Err(format!(
                    "`{name}` at {addr}: bytes must be pairs of hex digits, got `{bytes}`"
                ))
            }
        }),
    }
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
                    .and_then(|_| {
                        c.final_state
                            .iter()
                            .try_for_each(|(k, v)| validate(k, v, true))
                    })
                    .and_then(|_| {
                        c.words.iter().try_for_each(|w| {
                            u32::from_str_radix(w, 16)
                                .map(|_| ())
                                .map_err(|_| format!("bad encoding word `{w}`"))
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

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = r#"{"gpuref_vectors": 1, "kind": "state", "isa": "gcn5", "target": "gfx900", "instruction": "buffer_load_dword"}"#;
    const CASE: &str = r#"{"id": "x.1", "words": ["e0500000", "80010100"], "asm": "buffer_load_dword v1, v0, s[4:7], 0 offen", "mode": {"MODE": "0x000000f0"}, "initial": {"v0": ["0x0", "0x4"], "s[4:7]": ["0x1000", "0x0", "0x100", "0x27000"], "mem": {"0x1000": "00112233"}}, "final": {"v1": ["0x33221100", "nan:f32"]}, "flags": "none", "rules": ["gcn5.mubuf.range_check"]}"#;

    #[test]
    fn reads_the_documented_example() {
        let (f, errs) = parse(Path::new("s.jsonl"), &format!("{HEADER}\n{CASE}\n"));
        assert!(errs.is_empty(), "{errs:?}");
        assert_eq!(f.header.as_ref().map(|h| h.isa.as_str()), Some("gcn5"));
        assert_eq!(f.cases.len(), 1);
        assert_eq!(f.cases[0].line, 2);
        assert!(matches!(
            f.cases[0].initial.get("mem"),
            Some(Value::Memory(_))
        ));
    }

    #[test]
    fn errors_name_line_and_column_and_keep_the_rest() {
        let bad_json = r#"{"id": "x.2", "words": [}"#;
        let bad_hex = CASE.replace("\"0x4\"", "\"4\"");
        let bad_mem = CASE.replace("00112233", "0011223");
        let text = format!("{HEADER}\n{bad_json}\n{bad_hex}\n{bad_mem}\n{CASE}\n");
        let (f, errs) = parse(Path::new("b.jsonl"), &text);
        assert_eq!(f.cases.len(), 1);
        assert_eq!(errs.len(), 3, "{errs:?}");
        assert_eq!((errs[0].line, errs[0].column), (2, 25), "{}", errs[0]);
        assert!(
            errs[1]
                .to_string()
                .starts_with("b.jsonl:3:1: `v0`: bad value `4`"),
            "{}",
            errs[1]
        );
        assert!(
            errs[2].message.contains("pairs of hex digits"),
            "{}",
            errs[2]
        );
        let (_, errs) = parse(
            Path::new("v.jsonl"),
            &HEADER.replace("\"gpuref_vectors\": 1", "\"gpuref_vectors\": 2"),
        );
        assert!(errs[0].message.contains("unsupported format version 2"));
        let (_, errs) = parse(Path::new("e.jsonl"), "");
        assert!(errs[0].message.contains("no header"));
    }
}
