//! Spec cases: results typed by hand from the manuals' own tables and worked examples,
//! kept apart from the generated vectors (conformance/spec_cases/, one file per manual
//! section). The reference must satisfy every one.
//!
//! A file is lines of `TARGETS | ASM | SETTINGS | EXPECTED`; `#` starts a comment (the
//! section the cases come from heads each group):
//! - TARGETS: `all` or a comma-separated list (`gfx900,gfx908`);
//! - ASM: one instruction in LLVM syntax;
//! - SETTINGS: `gpuref eval` arguments (`s1=0x5`, `v1=...`, `exec=0x1`, ...) and optionally
//!   `mode=0xMODE` (default: MODE 0x3f0, every denormal kept, round to nearest even);
//! - EXPECTED: the `REG=VALUE` lines `gpuref eval` prints, space-separated, all of them
//!   (a register the case leaves unchanged is not listed; notes after a value and `#`
//!   lines of the output are not compared).

use crate::isa::gcn5::eval::eval;
use gpuref_amd_gcn5::Target;
use std::collections::BTreeSet;

/// One case, with where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecCase {
    pub line: usize,
    pub targets: Vec<Target>,
    pub asm: String,
    pub mode: u32,
    pub settings: Vec<String>,
    pub expected: BTreeSet<String>,
}

pub use gpuref_amd_gcn5::alu::mode::DEFAULT_MODE;

/// Parse a spec-case file; errors name the line and the reason.
pub fn parse(text: &str) -> Result<Vec<SpecCase>, String> {
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let body = raw.split('#').next().unwrap_or("").trim();
        if body.is_empty() {
            continue;
        }
        let fields: Vec<&str> = body.split('|').map(str::trim).collect();
        let [targets, asm, settings, expected] = fields[..] else {
            return Err(format!(
                "line {line}: expected 4 fields `TARGETS | ASM | SETTINGS | EXPECTED`, found {}",
                fields.len()
            ));
        };
        let targets = match targets {
            "all" => Target::ALL.to_vec(),
            list => list
                .split(',')
                .map(|t| {
                    Target::parse(t.trim())
                        .ok_or(format!("line {line}: unknown target `{}`", t.trim()))
                })
                .collect::<Result<_, _>>()?,
        };
        if asm.is_empty() {
            return Err(format!("line {line}: no instruction"));
        }
        let mut mode = DEFAULT_MODE;
        let mut set = Vec::new();
        for s in settings.split_whitespace() {
            match s.strip_prefix("mode=") {
                Some(m) => {
                    mode = m
                        .strip_prefix("0x")
                        .and_then(|h| u32::from_str_radix(h, 16).ok())
                        .ok_or(format!("line {line}: `{s}`: expected mode=0xHEX"))?;
                }
                None => set.push(s.to_string()),
            }
        }
        let expected: BTreeSet<String> = expected.split_whitespace().map(String::from).collect();
        if expected.is_empty() {
            return Err(format!("line {line}: no expected result"));
        }
        if let Some(bad) = expected.iter().find(|e| !e.contains('=')) {
            return Err(format!("line {line}: expected `REG=VALUE`, found `{bad}`"));
        }
        cases.push(SpecCase {
            line,
            targets,
            asm: asm.to_string(),
            mode,
            settings: set,
            expected,
        });
    }
    Ok(cases)
}

/// Run one case on each of its targets; `Err` says what differed.
pub fn run(case: &SpecCase) -> Result<(), String> {
    for &t in &case.targets {
        let out = eval(t, case.mode, &case.asm, &case.settings)
            .map(|e| e.out)
            .map_err(|e| format!("line {} on {t}: `{}`: {e}", case.line, case.asm))?;
        let got: BTreeSet<String> = out
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.split(" (").next().unwrap_or(l).trim().to_string())
            .collect();
        if got != case.expected {
            return Err(format!(
                "line {} on {t}: `{}` {}: expected {:?}, got {:?}",
                case.line,
                case.asm,
                case.settings.join(" "),
                case.expected,
                got
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_lines_name_the_line() {
        for (text, says) in [
            (
                "all | s_mov_b32 s0, 1 | s1=1\n",
                "line 1: expected 4 fields",
            ),
            (
                "# c\ngfx999 | s_nop 0 | | s0=1\n",
                "line 2: unknown target `gfx999`",
            ),
            ("all | s_mov_b32 s0, 1 | mode=zz | s0=0x1\n", "mode=0xHEX"),
            ("all | s_mov_b32 s0, 1 | | \n", "no expected result"),
            ("all | s_mov_b32 s0, 1 | | s0\n", "expected `REG=VALUE`"),
        ] {
            let e = parse(text).unwrap_err();
            assert!(e.contains(says), "{text}: {e}");
        }
    }

    #[test]
    fn a_wrong_expectation_fails() {
        let cases = parse("all | s_mov_b32 s0, s1 | s1=5 | s0=0x6\n").unwrap();
        let e = run(&cases[0]).unwrap_err();
        assert!(e.contains("expected") && e.contains("s0=0x5"), "{e}");
        let cases = parse("all | s_mov_b32 s0, s1 | s1=5 | s0=0x5\n").unwrap();
        run(&cases[0]).unwrap();
    }
}
