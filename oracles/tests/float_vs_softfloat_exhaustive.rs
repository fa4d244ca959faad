//! The float core against Berkeley SoftFloat 3e: every binary16 binary operation on all
//! 2^32 operand pairs (on demand; `#[ignore]`d). The default checks are in
//! float_vs_softfloat.rs.
//!
//! # Running it
//! ```text
//! GPUREF_SOFTFLOAT_OPS=add,sub,mul,div,fma GPUREF_SOFTFLOAT_MODES=rne,rtz,rup,rdn \
//! GPUREF_SOFTFLOAT_TININESS=after,before \
//!   cargo test --release -p gpuref-oracles --test float_vs_softfloat_exhaustive -- --ignored --nocapture
//! ```
//! Every variable is optional (defaults: all five ops, all four modes, tininess `after`);
//! `GPUREF_SOFTFLOAT_THREADS` overrides the thread count (default: all cores).
//! add/sub/mul/div run all 2^32 operand pairs; fma runs all 2^32 (a, b) pairs, each with
//! one c drawn from a seeded mix (special values, random, and values near -(a*b) so that the
//! sum cancels). Progress and the time taken are printed. Measured on 2 cores (Xeon, 2026):
//! see docs/design/0003-softfloat-oracle-and-benchmarks.md.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use gpuref_float::{Binary16, Rounding, Tininess};
use gpuref_oracles::softfloat::{self as sf, Env};

mod softfloat_support;
use softfloat_support::*;

// ---------------------------------------------------------------------------------------
// Exhaustive binary16 binary operations (on demand)
// ---------------------------------------------------------------------------------------

fn env_list<T>(var: &str, default: &[&str], parse: impl Fn(&str) -> Option<T>) -> Vec<T> {
    let s = std::env::var(var).unwrap_or_else(|_| default.join(","));
    s.split(',')
        .map(str::trim)
        .filter(|x| !x.is_empty())
        .map(|x| parse(x).unwrap_or_else(|| panic!("{var}: unknown item {x:?}")))
        .collect()
}

fn parse_rounding(s: &str) -> Option<Rounding> {
    Rounding::ALL.into_iter().find(|r| r.short_name() == s)
}

fn parse_tininess(s: &str) -> Option<Tininess> {
    TININESS.into_iter().find(|t| tin_name(*t) == s)
}

/// The addend for fma's exhaustive (a, b) sweep: a seeded mix of special values, random
/// values, and values within a few ulps of -(a*b).
fn fma_addend(a: u64, b: u64, specials: &[u64]) -> u64 {
    let mut rng = Rng::new((a << 16 | b) ^ 0xf16a);
    match rng.below(4) {
        0 => specials[rng.below(specials.len() as u64) as usize],
        1 => rng.next() & 0xffff,
        _ => {
            let prod: u64 = sf::mul::<Binary16>(Env::IEEE, a as u16, b as u16)
                .value
                .into();
            let d = rng.range(-3, 3) as u64;
            (prod.wrapping_add(d) & 0xffff) ^ 0x8000
        }
    }
}

/// All 2^32 operand pairs of a binary16 op in one mode, on every core, with progress.
fn exhaustive_pairs(op: Op, r: Rounding, t: Tininess, threads: usize) -> (Report, Duration) {
    let start = Instant::now();
    let rows_done = AtomicU64::new(0);
    let sp = specials::<Binary16>();
    let what = format!("{} binary16 {} exhaustive", op.name(), mode_name(r, t));
    let report = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|id| {
                let (rows_done, sp) = (&rows_done, &sp);
                s.spawn(move || {
                    let mut rep = Report::new("");
                    let mut a = id as u64;
                    while a <= 0xffff {
                        for b in 0..=0xffff {
                            let c = if op == Op::Fma {
                                fma_addend(a, b, sp)
                            } else {
                                0
                            };
                            compare_op::<Binary16>(&mut rep, op, [a, b, c], r, t);
                        }
                        rows_done.fetch_add(1, Ordering::Relaxed);
                        a += threads as u64;
                    }
                    rep
                })
            })
            .collect();
        let mut last = Instant::now();
        while !workers.iter().all(|w| w.is_finished()) {
            std::thread::sleep(Duration::from_millis(200));
            if last.elapsed() >= Duration::from_secs(15) {
                let done = rows_done.load(Ordering::Relaxed);
                eprintln!(
                    "  {what}: {:.1}% after {:.0?}",
                    done as f64 / 655.36,
                    start.elapsed()
                );
                last = Instant::now();
            }
        }
        let mut total = Report::new(what.clone());
        for w in workers {
            total.merge(w.join().expect("worker panicked"));
        }
        total
    });
    (report, start.elapsed())
}

#[test]
#[ignore = "exhaustive: 2^32 pairs per op and mode; see the module docs"]
fn binary16_binary_ops_exhaustive() {
    let ops = env_list(
        "GPUREF_SOFTFLOAT_OPS",
        &["add", "sub", "mul", "div", "fma"],
        Op::parse,
    );
    let rms = env_list(
        "GPUREF_SOFTFLOAT_MODES",
        &["rne", "rtz", "rup", "rdn"],
        parse_rounding,
    );
    let tins = env_list("GPUREF_SOFTFLOAT_TININESS", &["after"], parse_tininess);
    let threads = std::env::var("GPUREF_SOFTFLOAT_THREADS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let mut failed = Vec::new();
    let total = Instant::now();
    for &op in &ops {
        for &r in &rms {
            for &t in &tins {
                let (rep, took) = exhaustive_pairs(op, r, t, threads);
                eprintln!(
                    "{}: {:.1?} on {threads} threads ({:.1} ns per case per thread)",
                    rep.what,
                    took,
                    took.as_nanos() as f64 * threads as f64 / rep.checked.max(1) as f64
                );
                // Print every run's summary, keep going, fail at the end.
                rep.print_summary();
                if rep.mismatches > 0 || rep.checked == 0 {
                    failed.push(rep.what.clone());
                }
            }
        }
    }
    eprintln!("all exhaustive runs: {:.1?}", total.elapsed());
    assert!(failed.is_empty(), "mismatches in: {failed:?}");
}
