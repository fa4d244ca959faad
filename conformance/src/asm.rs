//! `gpuref disasm` and `gpuref asm` for any ISA of the registry: a thin layer over the ISA
//! crate's [`Isa`] impl (decode, encode, print, parse) that reads machine code and assembly
//! text from the command line or files and reports every bad input with where it is and why.
//!
//! - Disassembly reads dwords (`--hex`: hex dwords as the vectors write them, `bf800000`; a FILE: raw little-endian code bytes, `-` for stdin).
//!   A dword that does not start a valid instruction is printed as `.long 0x…` with the
//!   reason, and disassembly goes on with the next dword (what a reader of a damaged or
//!   mixed code+data stream wants); the exit status is then 1.
//! - Assembly reads one instruction per line; `;` and `//` start a comment, blank lines are
//!   skipped. A bad line is reported with line, column and reason, and the other lines are
//!   still assembled; the exit status is then 1.
//!
//! Design note 0018 (the command line and decode speed) has the decisions.

use gpuref_core::isa::Isa;
use std::fmt::Write as _;

/// The target `s` of ISA `I`; an error that lists its targets otherwise.
pub fn parse_target<I: Isa>(s: &str) -> Result<I::Target, String> {
    I::target(s).ok_or_else(|| {
        format!(
            "unknown {} target `{s}` (known: {})",
            I::INFO.name,
            I::INFO.target_names()
        )
    })
}

/// Dwords written as hex: whitespace- or comma-separated tokens of 1 to 8 hex digits,
/// each with an optional `0x`. An error names the 1-based column of the bad token.
pub fn parse_hex_words(text: &str) -> Result<Vec<u32>, String> {
    let mut words = Vec::new();
    let mut start = None;
    let bytes = text.as_bytes();
    for i in 0..=bytes.len() {
        let sep = i == bytes.len() || bytes[i].is_ascii_whitespace() || bytes[i] == b',';
        match (sep, start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                let tok = &text[s..i];
                let digits = tok
                    .strip_prefix("0x")
                    .or_else(|| tok.strip_prefix("0X"))
                    .unwrap_or(tok);
                let ok = !digits.is_empty()
                    && digits.len() <= 8
                    && digits.bytes().all(|b| b.is_ascii_hexdigit());
                if !ok {
                    return Err(format!(
                        "column {}: `{tok}` is not a hex dword (1 to 8 hex digits, optional 0x)",
                        text[..s].chars().count() + 1
                    ));
                }
                words.push(u32::from_str_radix(digits, 16).unwrap_or(0));
                start = None;
            }
            _ => {}
        }
    }
    Ok(words)
}

/// One line of disassembly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Byte offset of the first dword.
    pub offset: usize,
    pub words: Vec<u32>,
    /// The ISA's assembly text, or `.long 0x…` / `.byte 0x…` for what did not decode.
    pub text: String,
    /// Why the words did not decode (then `text` is the `.long`/`.byte` directive).
    pub error: Option<String>,
}

impl Line {
    /// `OFFSET: WORDS  TEXT`, with ` // error: …` after a directive.
    pub fn render(&self) -> String {
        let mut words = String::with_capacity(27);
        for (i, w) in self.words.iter().enumerate() {
            if i > 0 {
                words.push(' ');
            }
            let _ = write!(words, "{w:08x}");
        }
        let mut s = format!("{:08x}: {words:<26} {}", self.offset, self.text);
        if let Some(e) = &self.error {
            let _ = write!(s, " // error: {e}");
        }
        s
    }
}

/// Little-endian bytes to dwords; trailing bytes that do not fill a dword are returned apart.
pub fn dwords_of(bytes: &[u8]) -> (Vec<u32>, &[u8]) {
    let chunks = bytes.chunks_exact(4);
    let rest = chunks.remainder();
    (
        chunks
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect(),
        rest,
    )
}

/// Decode one instruction at dword `at` of `words`: the instruction and its length, or the
/// reason with the byte offset of the bad dword.
pub fn decode_at<I: Isa>(
    target: I::Target,
    words: &[u32],
    at: usize,
) -> Result<(I::Instruction, usize), String> {
    I::decode(target, &words[at..])
        .map_err(|e| format!("byte offset {:#x}: {}", (at + e.offset_words) * 4, e.kind))
}

/// Disassemble a dword stream (plus trailing bytes that do not fill a dword, reported as
/// an error) starting at byte offset 0, collecting the lines ([`disassemble_each`] streams
/// them).
pub fn disassemble<I: Isa>(target: I::Target, words: &[u32], trailing: &[u8]) -> Vec<Line> {
    let mut lines = Vec::new();
    disassemble_each::<I>(target, words, trailing, &mut |l| {
        lines.push(l);
        true
    });
    lines
}

/// Disassemble a dword stream as [`disassemble`] does, handing each line to `each` as soon
/// as it is decoded (memory stays bounded whatever the input size); `each` returns `false`
/// to stop (the output was closed). Bad dwords become `.long` lines with the reason and
/// decoding goes on with the next dword.
pub fn disassemble_each<I: Isa>(
    target: I::Target,
    words: &[u32],
    trailing: &[u8],
    each: &mut dyn FnMut(Line) -> bool,
) {
    let mut at = 0;
    while at < words.len() {
        let line = match decode_at::<I>(target, words, at) {
            Ok((inst, n)) => {
                let l = Line {
                    offset: at * 4,
                    words: words[at..at + n].to_vec(),
                    text: inst.to_string(),
                    error: None,
                };
                at += n;
                l
            }
            Err(e) => {
                let l = Line {
                    offset: at * 4,
                    words: vec![words[at]],
                    text: format!(".long {:#010x}", words[at]),
                    error: Some(e),
                };
                at += 1;
                l
            }
        };
        if !each(line) {
            return;
        }
    }
    if !trailing.is_empty() {
        let offset = words.len() * 4;
        let bytes: Vec<String> = trailing.iter().map(|b| format!("{b:#04x}")).collect();
        each(Line {
            offset,
            words: Vec::new(),
            text: format!(".byte {}", bytes.join(", ")),
            error: Some(format!(
                "byte offset {offset:#x}: {} trailing bytes: the code is a whole number of dwords",
                trailing.len()
            )),
        });
    }
}

/// Strip a `;` or `//` comment.
fn strip_comment(line: &str) -> &str {
    let cut = [line.find(';'), line.find("//")]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(line.len());
    &line[..cut]
}

/// One assembled line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assembled {
    /// 1-based line number in the source.
    pub line: usize,
    /// The words, or the 1-based column and the reason.
    pub result: Result<Vec<u32>, (usize, String)>,
}

/// Assemble a source: one instruction per line, `;`/`//` comments and blank lines skipped.
/// Each line is parsed and then checked against the ISA's legality rules ([`Isa::check`]),
/// unless `lenient`: then whatever the encoding holds is encoded, as the hardware would
/// decode it, even where the manual calls it illegal.
pub fn assemble<I: Isa>(target: I::Target, source: &str, lenient: bool) -> Vec<Assembled> {
    let mut out = Vec::new();
    for (i, raw) in source.split('\n').enumerate() {
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let code = strip_comment(raw);
        if code.trim().is_empty() {
            continue;
        }
        let result = I::parse(target, code)
            .and_then(|inst| {
                if !lenient {
                    I::check(target, &inst, code)?;
                }
                Ok(I::encode(&inst))
            })
            .map_err(|e| {
                // The library counts bytes; report characters.
                let byte = e.column.saturating_sub(1).min(code.len());
                let col = code.get(..byte).map_or(e.column, |p| p.chars().count() + 1);
                (col, e.reason)
            });
        out.push(Assembled {
            line: i + 1,
            result,
        });
    }
    out
}

/// Words as the CLI and the vectors print them: `c0020002 00000010`.
pub fn words_text(words: &[u32]) -> String {
    let mut s = String::with_capacity(words.len() * 9);
    for (i, w) in words.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        let _ = write!(s, "{w:08x}");
    }
    s
}

/// Check one encoding case (docs/vector-format.md "Encoding vectors"): its words decode to
/// exactly its asm, using every word, and its asm assembles to exactly its words. `Ok` if
/// both directions hold, else every direction that failed.
pub fn check_encoding_case<I: Isa>(
    target: I::Target,
    case: &crate::vector::Case,
) -> Result<(), String> {
    let mut problems = Vec::new();
    if case.words.is_empty() {
        return Err("an encoding case needs its words".into());
    }
    match I::decode(target, &case.words) {
        Ok((inst, used)) => {
            let text = inst.to_string();
            if used != case.words.len() {
                problems.push(format!(
                    "decode used {used} of the {} words (as `{text}`)",
                    case.words.len()
                ));
            } else if text != case.asm {
                problems.push(format!("decode printed `{text}`"));
            }
        }
        Err(e) => problems.push(format!("decode failed: {e}")),
    }
    match I::parse(target, &case.asm) {
        Ok(inst) => {
            let words = I::encode(&inst);
            if words != case.words {
                problems.push(format!("assembling gave {}", words_text(&words)));
            }
        }
        Err(e) => problems.push(format!("assembling failed: {e}")),
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

/// A failure report for an encoding case.
pub fn encoding_report(
    path: &std::path::Path,
    case: &crate::vector::Case,
    problem: &str,
) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "FAIL {} ({}:{})", case.id, path.display(), case.line);
    let _ = writeln!(s, "  asm:      {}", case.asm);
    let _ = writeln!(s, "  words:    {}", words_text(&case.words));
    let _ = writeln!(s, "  error:    {problem}");
    s
}

/// Check every case of a parsed encoding file of ISA `I`: (passed, failure reports). When
/// `target` is an error (the file names no target of `I`), every case fails with it.
pub fn check_encoding_file<I: Isa>(
    path: &std::path::Path,
    file: &crate::vector::VecFile,
    target: Result<I::Target, String>,
) -> (usize, Vec<String>) {
    let target = match target {
        Ok(t) => t,
        Err(e) => {
            return (
                0,
                file.cases
                    .iter()
                    .map(|c| encoding_report(path, c, &e))
                    .collect(),
            )
        }
    };
    let mut passed = 0;
    let mut failures = Vec::new();
    for case in &file.cases {
        match check_encoding_case::<I>(target, case) {
            Ok(()) => passed += 1,
            Err(e) => failures.push(encoding_report(path, case, &e)),
        }
    }
    (passed, failures)
}
