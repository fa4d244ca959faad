//! Gen7 decode throughput measured against GCN5's decoder in the same run (issue 19
//! acceptance). On demand (`cargo test -p gpuref-conformance --test gen7_decode_speed --
//! --ignored --nocapture`): 1 MiB of valid code per ISA, decoded front to back, best of 3,
//! with and without printing. The test profile (opt-level 3, debug assertions on) applies
//! to both; `cargo bench -p gpuref-conformance --bench decode` is GCN5's criterion bench.

use gpuref_amd_gcn5::{formats, Target};
use gpuref_conformance::isa::gcn5::generate::encoding as gcn5_encoding;
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::{Duration, Instant};

const BYTES: usize = 1 << 20;

/// Gen7 texts covering the formats (native and compacted, Align1 and Align16, 3-source,
/// send, math, branches).
const GEN7: &[&str] = &[
    "add (8|M0) r10.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f",
    "(f0.0) sel (16|M0) (ge)f0.0 r10.0<1>:f r2.0<8;8,1>:f 0x3f800000:f",
    "(W) mov (8|M8) (sat)r1.0<1>:ud r[a0.2,-32]<8;8,1>:ud {AccWrEn}",
    "math.pow (8|M0) r10.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f",
    "send (8|M0) null.0<1>:ud r112.0<0;1,0>:ud 0x25 0x2000010 {EOT}",
    "if (8|M0) 16 32",
    "mad (8|M0) r5.0<1>.xyzw:f r2.0<4>.xyzw:f r3.0<4>.xyzw:f r4.0<4>.xyzw:f {Align16}",
    "dp4 (8|M0) r5.0<1>.w:f r2.4<4>.xyzw:f r3.0<0>.xxxx:f {Align16}",
    "mov (8|M0) r10.0<1>:ud 0x5:ud {Compacted}",
    "add (8|M0) r10.0<1>:f r2.0<8;8,1>:f r3.0<8;8,1>:f {Compacted}",
    "cmp (8|M0) (lt)f1.1 null.0<1>:d r1.0<8;8,1>:d -r2.0<8;8,1>:d",
];

fn fill(one_round: &[Vec<u32>]) -> (Vec<u32>, usize) {
    let (mut words, mut n) = (Vec::new(), 0);
    'fill: loop {
        for w in one_round {
            if (words.len() + w.len()) * 4 > BYTES {
                break 'fill;
            }
            words.extend_from_slice(w);
            n += 1;
        }
    }
    (words, n)
}

fn best_of_3(mut f: impl FnMut() -> usize) -> (Duration, usize) {
    let mut best = (Duration::MAX, 0);
    for _ in 0..3 {
        let t = Instant::now();
        let n = f();
        best = best.min((t.elapsed(), n));
    }
    best
}

#[test]
#[ignore = "a measurement: run on demand"]
fn gen7_decode_throughput_against_gcn5() {
    let gen7: Vec<Vec<u32>> = GEN7
        .iter()
        .map(|t| gpuref_intel_gen7::encode(&gpuref_intel_gen7::parse(t).unwrap()))
        .collect();
    let (g7, g7_n) = fill(&gen7);
    let gcn: Vec<Vec<u32>> = gcn5_encoding::cases(Target::Gfx900)
        .values()
        .flat_map(|v| v.iter().map(|e| e.words.clone()))
        .collect();
    let (g5, g5_n) = fill(&gcn);
    let mut out = String::new();
    let run7 = |print: bool, out: &mut String| {
        out.clear();
        let (mut at, mut n) = (0, 0);
        while at < g7.len() {
            let (i, used) = gpuref_intel_gen7::decode(&g7[at..]).expect("valid code");
            if print {
                let _ = writeln!(out, "{i}");
            }
            black_box(&i);
            at += used;
            n += 1;
        }
        n
    };
    let run5 = |print: bool, out: &mut String| {
        out.clear();
        let (mut at, mut n) = (0, 0);
        while at < g5.len() {
            let (i, used) = formats::decode(Target::Gfx900, &g5[at..]).expect("valid code");
            if print {
                let _ = writeln!(out, "{i}");
            }
            black_box(&i);
            at += used;
            n += 1;
        }
        n
    };
    let rate = |(d, n): (Duration, usize)| n as f64 / d.as_secs_f64() / 1e6;
    let g7d = rate(best_of_3(|| run7(false, &mut out)));
    let g5d = rate(best_of_3(|| run5(false, &mut out)));
    let g7p = rate(best_of_3(|| run7(true, &mut out)));
    let g5p = rate(best_of_3(|| run5(true, &mut out)));
    println!("1 MiB each: gen7 {g7_n} instructions, gcn5 {g5_n}");
    println!(
        "decode only:   gen7 {g7d:.1} M instr/s, gcn5 {g5d:.1} M instr/s (gen7/gcn5 {:.2})",
        g7d / g5d
    );
    println!(
        "decode + print: gen7 {g7p:.1} M instr/s, gcn5 {g5p:.1} M instr/s (gen7/gcn5 {:.2})",
        g7p / g5p
    );
    assert!(g7d > 0.0 && g5d > 0.0);
}
