//! `gpuref adapter`: the built-in reference behind the adapter protocol
//! (docs/adapter-protocol.md), on stdin and stdout. It speaks version 2 with the `state`
//! feature for every target of every ISA whose registry entry serves state requests, and
//! answers each state request with what the reference's run of the case changes (exact values, the answer an emulator would give);
//! value cases it answers `unsupported`. It is the example of a protocol-2 adapter that
//! covers the whole state corpus, and the runner's end-to-end check of the state request
//! at scale: gpuref's own answers, sent through the protocol, must pass its own vectors.

use crate::isa::{self, IsaEntry};
use crate::state::{Case, Value};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::io::{BufRead, Write};

/// A state request's JSON object (the case without its expectations).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    id: String,
    words: Vec<String>,
    asm: String,
    #[serde(default)]
    mode: BTreeMap<String, String>,
    initial: BTreeMap<String, Value>,
}

/// The answer line to a state request of `target` (`None`: no target line yet).
fn answer(target: Option<(&dyn IsaEntry, &str)>, id: &str, json: &str) -> String {
    let Some((entry, target)) = target else {
        return format!("unsupported\t{id}\tno `target` line before the request");
    };
    let r: Request = match serde_json::from_str(json) {
        Ok(r) => r,
        Err(e) => return format!("error\t{id}\tmalformed state request: {e}"),
    };
    let case = Case {
        id: r.id,
        words: r.words,
        asm: r.asm,
        mode: r.mode,
        initial: r.initial,
        final_state: BTreeMap::new(),
        flags: "*".into(),
        rules: Vec::new(),
        why: String::new(),
        line: 0,
    };
    match entry.answer_state(target, &case) {
        Ok(changed) => format!(
            "ok\t{id}\t{}",
            serde_json::to_string(&changed).unwrap_or_default()
        ),
        Err(e) => format!("error\t{id}\t{}", e.replace(['\t', '\n'], " ")),
    }
}

/// The exit status when stdout is closed (gpuref, the reader, went away): 141, as for every
/// command of `gpuref` (128 + SIGPIPE).
const OUTPUT_CLOSED: i32 = 141;

/// Serve the protocol until `bye` or the end of input; the exit code.
pub fn serve(input: impl BufRead, mut out: impl Write) -> i32 {
    let mut lines = input.lines();
    let Some(Ok(first)) = lines.next() else {
        eprintln!("gpuref adapter: no handshake");
        return 2;
    };
    let offered: u32 = match first.split_once('\t') {
        Some(("gpuref-adapter", v)) => match v.trim().parse() {
            Ok(v) if v >= 1 => v,
            _ => {
                eprintln!(
                    "gpuref adapter: the handshake's version {:?} is not a protocol version (1, 2, ...)",
                    v.trim()
                );
                return 2;
            }
        },
        _ => {
            eprintln!("gpuref adapter: expected the handshake, got {first:?}");
            return 2;
        }
    };
    let served: Vec<String> = isa::all()
        .filter(|e| e.serves_state())
        .flat_map(|e| {
            e.info()
                .targets
                .iter()
                .map(move |t| format!("{}:{}", e.info().name, t.name))
        })
        .collect();
    let served = served.join(",");
    let hello = if offered >= 2 {
        format!("hello\t2\tgpuref\t{served}\tstate")
    } else {
        // Protocol 1 has no state request: nothing to answer but `unsupported`.
        format!("hello\t1\tgpuref\t{served}\t-")
    };
    if writeln!(out, "{hello}").and_then(|_| out.flush()).is_err() {
        return OUTPUT_CLOSED;
    }
    let mut target: Option<(&dyn IsaEntry, String)> = None;
    for line in lines {
        let Ok(line) = line else { return 1 };
        let f: Vec<&str> = line.splitn(3, '\t').collect();
        let reply = match f.as_slice() {
            ["bye"] => break,
            ["sync"] => {
                if out.flush().is_err() {
                    return OUTPUT_CLOSED;
                }
                continue;
            }
            ["target", t] => {
                target = t.split_once(':').and_then(|(name, t)| {
                    let e = isa::by_name(name).ok().filter(|e| e.serves_state())?;
                    e.info().target(t).map(|_| (e, t.to_string()))
                });
                continue;
            }
            ["state", id, json] if offered >= 2 => {
                answer(target.as_ref().map(|(e, t)| (*e, t.as_str())), id, json)
            }
            ["case", id, ..] => {
                format!("unsupported\t{id}\tgpuref adapter answers state requests only")
            }
            _ => continue,
        };
        if writeln!(out, "{reply}").is_err() {
            return OUTPUT_CLOSED;
        }
    }
    if out.flush().is_err() {
        return OUTPUT_CLOSED;
    }
    0
}

#[cfg(test)]
mod tests {
    use super::serve;

    fn talk(input: &str) -> (i32, String) {
        let mut out = Vec::new();
        let code = serve(input.as_bytes(), &mut out);
        (code, String::from_utf8(out).unwrap())
    }

    #[test]
    fn the_greeting_picks_the_protocol_version() {
        let (code, out) = talk("gpuref-adapter\t2\nbye\n");
        assert_eq!(code, 0);
        assert!(out.starts_with("hello\t2\t"), "{out}");
        let (code, out) = talk("gpuref-adapter\t1\nbye\n");
        assert_eq!(code, 0);
        assert!(out.starts_with("hello\t1\t"), "{out}");
    }

    #[test]
    fn a_version_that_is_not_a_number_is_refused_without_a_greeting() {
        for bad in ["two", "", "0", "-1", "2.0"] {
            let (code, out) = talk(&format!("gpuref-adapter\t{bad}\nbye\n"));
            assert_eq!(code, 2, "{bad:?}");
            assert!(out.is_empty(), "{bad:?}: {out}");
        }
        let (code, out) = talk("hello\t2\n");
        assert_eq!((code, out.as_str()), (2, ""));
    }
}
