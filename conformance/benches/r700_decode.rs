//! R700 decode throughput against GCN5's decoder in the same run (issue 18): 1 MiB of R700
//! program (a CF program of ALU clauses, 126 slots each, every group five instructions on
//! the five units with a literal slot, then END_OF_PROGRAM), decoded as one program and
//! printed, against 1 MiB of gfx900 code (eight common instructions repeated) decoded and
//! printed by `gpuref_amd_gcn5::formats::decode`. Units are what `disasm` prints one line
//! each: R700 CF/ALU/literal units, GCN5 instructions.
//!
//! Run: `cargo bench -p gpuref-conformance --bench r700_decode`; a summary line with both
//! rates and their ratio (best of 5 timed runs of each) is printed at the end.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Instant;

const BYTES: usize = 1 << 20;

/// One group of five instructions on X, Y, Z, W and Trans, and its literal slot, as the
/// listing's text.
const GROUP: &[&str] = &[
    "x: MUL R0.x, R1.x, KC0[0].x",
    "y: MULADD R0.y, R1.y, literal.x, R2.y",
    "z: SETE_DX10 R2.z, -R0.x, |R0.y|",
    "w: ADD R3.w, R1.w, C5.y",
    "x: RECIP_IEEE R4.x, R1.x LAST",
    "LITERAL 0x3f800000 0x00000000",
];

/// 1 MiB of R700 program and its number of units.
fn r700_code() -> (Vec<u32>, usize) {
    let t = gpuref_amd_r700::Target::Rv770;
    let group: Vec<u32> = GROUP
        .iter()
        .flat_map(|l| gpuref_amd_r700::program::parse_unit(t, l).unwrap().words())
        .collect();
    let per_clause = 21; // groups: 126 slots
    let clause_words = per_clause * group.len();
    let n = (BYTES / 4 - 2) / (2 + clause_words);
    let mut w = Vec::with_capacity(BYTES / 4);
    let first = 2 * (n + 1); // dword of the first clause
    for c in 0..n {
        let addr = (first + c * clause_words) / 2;
        let text = format!("ALU ADDR({addr}) COUNT({})", clause_words / 2 - 1);
        w.extend(
            gpuref_amd_r700::program::parse_unit(t, &text)
                .unwrap()
                .words(),
        );
    }
    w.extend(
        gpuref_amd_r700::program::parse_unit(t, "NOP END_OF_PROGRAM")
            .unwrap()
            .words(),
    );
    for _ in 0..n * per_clause {
        w.extend_from_slice(&group);
    }
    let units = n + 1 + n * per_clause * GROUP.len();
    (w, units)
}

fn r700_decode_print(words: &[u32], out: &mut String) -> usize {
    out.clear();
    let (p, used) = gpuref_amd_r700::program::decode(gpuref_amd_r700::Target::Rv770, words)
        .expect("valid program");
    assert_eq!(used, words.len());
    for u in &p.units {
        let _ = writeln!(out, "{u}");
    }
    p.units.len()
}

/// 1 MiB of gfx900 code (words from `gpuref asm --target gfx900`): v_add_f32, s_add_u32,
/// v_mad_f32, s_load_dwordx4, buffer_load_dword, v_mov_b32 with an inline 1.0, s_waitcnt,
/// ds_read_b32.
fn gcn5_code() -> (Vec<u32>, usize) {
    let insts: &[&[u32]] = &[
        &[0x0200_0501],
        &[0x8000_0201],
        &[0xd1c1_0000, 0x040e_0501],
        &[0xc00a_0002, 0x0000_0010],
        &[0xe050_1000, 0x8001_0102],
        &[0x7e00_02f2],
        &[0xbf8c_0f70],
        &[0xd86c_0000, 0x0100_0002],
    ];
    let (mut w, mut n) = (Vec::with_capacity(BYTES / 4), 0);
    'fill: loop {
        for i in insts {
            if (w.len() + i.len()) * 4 > BYTES {
                break 'fill;
            }
            w.extend_from_slice(i);
            n += 1;
        }
    }
    (w, n)
}

fn gcn5_decode_print(words: &[u32], out: &mut String) -> usize {
    out.clear();
    let (mut at, mut n) = (0, 0);
    while at < words.len() {
        let (inst, used) =
            gpuref_amd_gcn5::formats::decode(gpuref_amd_gcn5::Target::Gfx900, &words[at..])
                .expect("valid code");
        let _ = writeln!(out, "{inst}");
        at += used;
        n += 1;
    }
    n
}

fn best_rate(f: &mut dyn FnMut() -> usize) -> f64 {
    (0..5)
        .map(|_| {
            let t = Instant::now();
            let n = f();
            n as f64 / t.elapsed().as_secs_f64()
        })
        .fold(0.0, f64::max)
}

fn bench(c: &mut Criterion) {
    let (r7, r7_units) = r700_code();
    let (g5, g5_units) = gcn5_code();
    let mut out = String::new();
    assert_eq!(r700_decode_print(&r7, &mut out), r7_units);
    let mut group = c.benchmark_group("decode_print_1MiB");
    group.throughput(Throughput::Elements(r7_units as u64));
    group.bench_function("r700", |b| {
        b.iter(|| black_box(r700_decode_print(&r7, &mut out)))
    });
    group.throughput(Throughput::Elements(g5_units as u64));
    group.bench_function("gcn5", |b| {
        b.iter(|| black_box(gcn5_decode_print(&g5, &mut out)))
    });
    group.finish();
    let r_only = best_rate(&mut || {
        gpuref_amd_r700::program::decode(gpuref_amd_r700::Target::Rv770, &r7)
            .expect("valid program")
            .0
            .units
            .len()
    });
    let r = best_rate(&mut || r700_decode_print(&r7, &mut out));
    let g = best_rate(&mut || gcn5_decode_print(&g5, &mut out));
    println!(
        "summary: decode+print: R700 {:.2} M units/s ({r7_units} units; decode only {:.2} M/s), GCN5 {:.2} M instructions/s ({g5_units}), R700/GCN5 = {:.2}",
        r / 1e6,
        r_only / 1e6,
        g / 1e6,
        r / g
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
