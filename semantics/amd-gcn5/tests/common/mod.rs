//! What every llvm-mc differential shares: running `llvm-mc -arch=amdgcn -mcpu=...` as a
//! subprocess (if it is missing the test fails and says to install llvm-14), splitting its
//! output per case, and comparing its verdict with ours.

#![allow(dead_code)]

use gpuref_amd_gcn5::formats::decode;
use gpuref_amd_gcn5::Target;
use gpuref_core::decode::DecodeErrorKind;
use std::io::Write;
use std::process::{Command, Stdio};

/// A VOP1 instruction our generator never produces, between cases so that llvm-mc's output
/// can be split per case: `v_mov_b32_e32 v255, 0x13579bdf`. llvm-mc reads its input as one
/// byte stream (an instruction can take its literal from the next line), so the marker is
/// preceded by two `s_nop 0` words: a stray word left over from a case (a literal LLVM did
/// not take, or the word after a rejected one) may take one of them as its own literal or
/// second dword, never the marker.
pub const MARKER: [u32; 4] = [0xbf80_0000, 0xbf80_0000, 0x7ffe_02ff, 0x1357_9bdf];

pub const MARKER_TEXT: &str = "v_mov_b32_e32 v255, 0x13579bdf";

pub fn llvm_mc(target: Target, args: &[&str], input: &str) -> (String, String) {
    let mut child = Command::new("llvm-mc")
        .args(["-arch=amdgcn", &format!("-mcpu={}", target.name())])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!("cannot run llvm-mc ({e}): install LLVM 14 (apt-get install llvm-14) so that `llvm-mc` is on PATH")
        });
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_owned();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("llvm-mc output");
    writer.join().expect("writer").expect("write to llvm-mc");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

pub fn bytes_line(words: &[u32]) -> String {
    words
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .map(|b| format!("{b:#04x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `text ; encoding: [0x..,...]` → (text, words).
pub fn split_output_line(line: &str) -> Option<(String, Vec<u8>)> {
    let (text, enc) = line.split_once("; encoding: [")?;
    let bytes = enc
        .trim_end()
        .trim_end_matches(']')
        .split(',')
        .filter_map(|b| u8::from_str_radix(b.trim().trim_start_matches("0x"), 16).ok())
        .collect();
    Some((text.trim().to_string(), bytes))
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accept { text: String, words: usize },
    Reject(String),
}

/// Disassemble every case with llvm-mc, one case per line, markers between.
pub fn llvm_disassemble(target: Target, cases: &[Vec<u32>]) -> Vec<Verdict> {
    let marker = bytes_line(&MARKER);
    let mut input = String::new();
    for c in cases {
        input += &bytes_line(c);
        input += "\n";
        input += &marker;
        input += "\n";
    }
    let (out, err) = llvm_mc(target, &["--disassemble", "-show-encoding"], &input);
    let mut rejected = std::collections::HashSet::new();
    // A warning later on a case's line: LLVM left some of the case's words to a second
    // instruction.
    let mut split = std::collections::HashSet::new();
    for l in err.lines() {
        // <stdin>:LINE:COL: warning: invalid instruction encoding
        let mut parts = l.split(':');
        if parts.next() != Some("<stdin>") {
            continue;
        }
        let line: usize = parts.next().and_then(|s| s.parse().ok()).unwrap_or(0);
        let col: usize = parts.next().and_then(|s| s.parse().ok()).unwrap_or(0);
        if line % 2 == 1 {
            if col == 1 {
                rejected.insert((line - 1) / 2);
            } else {
                split.insert((line - 1) / 2);
            }
        }
    }
    let mut groups = vec![Vec::new()];
    for l in out.lines().filter(|l| l.contains("; encoding:")) {
        let (text, bytes) = split_output_line(l).expect("llvm-mc output line");
        if text == MARKER_TEXT {
            groups.push(Vec::new());
        } else if let Some(g) = groups.last_mut() {
            g.push((text, bytes.len() / 4));
        }
    }
    assert_eq!(groups.len(), cases.len() + 1, "llvm-mc output not aligned");
    (0..cases.len())
        .map(|i| {
            if rejected.contains(&i) {
                Verdict::Reject("invalid instruction encoding".into())
            } else {
                // llvm-mc shows the re-encoding, whose length can differ from what it read
                // (a literal equal to an inline constant is re-encoded inline), so the words
                // it read are counted from what follows: exactly the two pad `s_nop 0`s when
                // it read the whole case.
                let g = &groups[i];
                let pads_only = g.len() == 3 && g[1..].iter().all(|(t, _)| t == "s_nop 0");
                let words = if pads_only && !split.contains(&i) {
                    cases[i].len()
                } else {
                    1
                };
                match g.first() {
                    Some((t, _)) => Verdict::Accept {
                        text: t.clone(),
                        words,
                    },
                    None => Verdict::Reject("no output".into()),
                }
            }
        })
        .collect()
}

/// The same text and length, or both reject (for any reason).
pub fn same(a: &Verdict, b: &Verdict) -> bool {
    matches!((a, b), (Verdict::Reject(_), Verdict::Reject(_))) || a == b
}

pub fn ours(target: Target, words: &[u32]) -> (Verdict, Option<DecodeErrorKind>) {
    match decode(target, words) {
        Ok((inst, used)) => (
            Verdict::Accept {
                text: inst.to_string(),
                words: used,
            },
            None,
        ),
        Err(e) => (Verdict::Reject(e.to_string()), Some(e.kind)),
    }
}

/// splitmix64.
pub fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

pub fn llvm_assemble(t: Target, text: &str) -> Result<Vec<u8>, String> {
    let (out, err) = llvm_mc(t, &["-show-encoding"], &format!("{text}\n"));
    if err.contains("error:") {
        return Err(err);
    }
    out.lines()
        .find_map(split_output_line)
        .map(|(_, b)| b)
        .ok_or(err)
}

pub fn le_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}
