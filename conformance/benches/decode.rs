//! GCN5 decode throughput (issue goal: ≥ 100× `llvm-mc --disassemble`), on 1 MiB of valid
//! gfx900 code that mixes every decoded form: the encoding-vector cases of every file
//! (`generate::gcn5_encoding`), interleaved, repeated to 1 MiB.
//!
//! - `gcn5_decode/decode_only`: `formats::decode` over the stream (one instruction after
//!   another, as a disassembler walks code), nothing printed.
//! - `gcn5_decode/decode_print`: the same plus printing every instruction's LLVM text into
//!   a reused `String` (one line each), which is what `gpuref disasm` does before output.
//! - `gcn5_decode/llvm_mc`: the baseline in the same run, `llvm-mc -arch=amdgcn
//!   -mcpu=gfx900 --disassemble` as a subprocess, timed from spawn to exit: it includes
//!   process start-up, reading the code as hex-byte text (`0x00,0x00,0x80,0xbf`, one
//!   instruction per line, the input llvm-mc reads), decoding, printing, and writing its
//!   output to a pipe that the bench drains.
//!
//! Criterion reports instructions/s for each; a summary with the ratios (best of 3 runs of
//! each side, measured again after criterion) is printed at the end.
//! Run: `cargo bench -p gpuref-conformance --bench decode`. Needs `llvm-mc` (LLVM 14,
//! Debian package llvm-14); without it the bench stops and says so.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gpuref_amd_gcn5::formats;
use gpuref_amd_gcn5::Target;
use gpuref_conformance::isa::gcn5::generate::encoding as gcn5_encoding;
use std::fmt::Write as _;
use std::hint::black_box;
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const TARGET: Target = Target::Gfx900;
const BYTES: usize = 1 << 20;

/// 1 MiB of code: every case of every encoding file, round-robin over the files so the
/// formats are mixed, repeated; and the number of instructions in it.
fn code() -> (Vec<u32>, usize) {
    let files = gcn5_encoding::cases(TARGET);
    let lists: Vec<Vec<Vec<u32>>> = files
        .values()
        .map(|v| v.iter().map(|e| e.words.clone()).collect())
        .collect();
    let longest = lists.iter().map(Vec::len).max().unwrap_or(0);
    let mut one_round = Vec::new();
    for i in 0..longest {
        for l in &lists {
            if let Some(w) = l.get(i) {
                one_round.push(w.clone());
            }
        }
    }
    // Only instructions llvm-mc decodes too (where gpuref and LLVM disagree, the format's
    // differential test classifies it; a throughput comparison needs both to decode).
    let input: String = one_round.iter().map(|w| hex_bytes_line(w)).collect();
    let rejected = llvm_mc_rejected_lines(&input);
    let before = one_round.len();
    let one_round: Vec<Vec<u32>> = one_round
        .into_iter()
        .enumerate()
        .filter(|(i, _)| !rejected.contains(&(i + 1)))
        .map(|(_, w)| w)
        .collect();
    println!(
        "code: {} distinct instructions of the encoding vectors, {} of them rejected by llvm-mc and left out",
        before,
        before - one_round.len()
    );
    assert!(!one_round.is_empty(), "no decoded formats");
    let (mut words, mut count) = (Vec::with_capacity(BYTES / 4 + 3), 0);
    'fill: loop {
        for w in &one_round {
            if (words.len() + w.len()) * 4 > BYTES {
                break 'fill;
            }
            words.extend_from_slice(w);
            count += 1;
        }
    }
    (words, count)
}

fn decode_only(words: &[u32]) -> usize {
    let (mut at, mut n) = (0, 0);
    while at < words.len() {
        let (inst, used) = formats::decode(TARGET, &words[at..]).expect("valid code");
        black_box(&inst);
        at += used;
        n += 1;
    }
    n
}

fn decode_print(words: &[u32], out: &mut String) -> usize {
    out.clear();
    let (mut at, mut n) = (0, 0);
    while at < words.len() {
        let (inst, used) = formats::decode(TARGET, &words[at..]).expect("valid code");
        let _ = writeln!(out, "{inst}");
        at += used;
        n += 1;
    }
    n
}

/// One instruction as llvm-mc's input line: its bytes as `0x..`, comma-separated.
fn hex_bytes_line(words: &[u32]) -> String {
    let mut s = String::with_capacity(words.len() * 20 + 1);
    for (i, b) in words.iter().flat_map(|w| w.to_le_bytes()).enumerate() {
        if i > 0 {
            s.push(',');
        }
        let _ = write!(s, "{b:#04x}");
    }
    s.push('\n');
    s
}

/// The 1-based input lines llvm-mc warns about ("invalid instruction encoding").
fn llvm_mc_rejected_lines(input: &str) -> std::collections::HashSet<usize> {
    let out = Command::new("llvm-mc")
        .args(["-arch=amdgcn", "-mcpu=gfx900", "--disassemble"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            let mut stdin = child.stdin.take().expect("stdin");
            let text = input.to_string();
            let w = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
            let out = child.wait_with_output();
            let _ = w.join();
            out
        })
        .expect("llvm-mc is needed by this bench: install llvm-14 (scripts/setup does)");
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter_map(|l| l.strip_prefix("<stdin>:"))
        .filter_map(|l| l.split(':').next()?.parse().ok())
        .collect()
}

/// The code as llvm-mc's input: one instruction per line, its bytes as `0x..`.
fn llvm_mc_input(words: &[u32]) -> String {
    let mut s = String::with_capacity(words.len() * 22);
    let mut at = 0;
    while at < words.len() {
        let (_, used) = formats::decode(TARGET, &words[at..]).expect("valid code");
        let mut first = true;
        for w in &words[at..at + used] {
            for b in w.to_le_bytes() {
                if !first {
                    s.push(',');
                }
                first = false;
                let _ = write!(s, "{b:#04x}");
            }
        }
        s.push('\n');
        at += used;
    }
    s
}

/// Run llvm-mc over the input; the number of instruction lines it printed.
fn llvm_mc(input: &str) -> usize {
    let mut child = Command::new("llvm-mc")
        .args(["-arch=amdgcn", "-mcpu=gfx900", "--disassemble"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("llvm-mc is needed by this bench: install llvm-14 (scripts/setup does)");
    let mut stdin = child.stdin.take().expect("stdin");
    let text = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let mut out = String::new();
    child
        .stdout
        .take()
        .expect("stdout")
        .read_to_string(&mut out)
        .expect("llvm-mc output");
    writer.join().expect("writer").expect("write to llvm-mc");
    child.wait().expect("llvm-mc exit");
    out.lines()
        .filter(|l| l.starts_with('\t') && !l.starts_with("\t.text"))
        .count()
}

fn best_of_3(mut f: impl FnMut()) -> Duration {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn bench_decode(c: &mut Criterion) {
    let (words, n) = code();
    let input = llvm_mc_input(&words);
    assert_eq!(decode_only(&words), n);
    let lines = llvm_mc(&input);
    assert_eq!(
        lines, n,
        "llvm-mc printed {lines} instructions for the {n} in the code"
    );
    let mut g = c.benchmark_group("gcn5_decode");
    g.throughput(Throughput::Elements(n as u64));
    g.sample_size(10);
    g.bench_function("decode_only", |b| b.iter(|| decode_only(&words)));
    let mut out = String::with_capacity(n * 48);
    g.bench_function("decode_print", |b| {
        b.iter(|| decode_print(&words, &mut out))
    });
    g.measurement_time(Duration::from_secs(20));
    g.bench_function("llvm_mc", |b| b.iter(|| llvm_mc(&input)));
    g.finish();

    let ours = best_of_3(|| {
        decode_only(&words);
    });
    let ours_print = best_of_3(|| {
        decode_print(&words, &mut out);
    });
    let theirs = best_of_3(|| {
        llvm_mc(&input);
    });
    let rate = |d: Duration| n as f64 / d.as_secs_f64() / 1e6;
    println!(
        "\ngcn5 decode, {n} instructions in {} KiB of gfx900 code (best of 3):",
        words.len() * 4 / 1024
    );
    println!(
        "  decode only:          {:8.2} M instr/s  ({:.0}x llvm-mc)",
        rate(ours),
        theirs.as_secs_f64() / ours.as_secs_f64()
    );
    println!(
        "  decode + print:       {:8.2} M instr/s  ({:.0}x llvm-mc)",
        rate(ours_print),
        theirs.as_secs_f64() / ours_print.as_secs_f64()
    );
    println!(
        "  llvm-mc --disassemble {:8.2} M instr/s  (subprocess: start-up, hex-byte text in, decode, print, text out)",
        rate(theirs)
    );
}

criterion_group!(benches, bench_decode);
criterion_main!(benches);
