//! gpuref-float (quirks `Ieee754`) against the host x86-64 CPU (`gpuref_oracles::x86`).
//!
//! Operations: binary32 and binary64 add, sub, mul, div, sqrt, fma (FMA3), and the
//! conversions binary32→binary64 and binary64→binary32. Modes: the four rounding directions
//! × the four denormal settings (`flush_inputs`, `flush_outputs` ∈ {false, true}², the same
//! for every width), tininess after rounding (x86's rule), mapped to MXCSR by
//! `X86Mode::for_format` / `X86Mode::for_conversion`. Conversions are also run with
//! different settings for binary32 and binary64 (`conversion_mixed_denormals`).
//!
//! What is compared:
//! - results bit for bit, except that when x86's result is a NaN, gpuref's only has to be a
//!   NaN (the NaN bits are checked separately by `nan_bits_match_x86_sse`, since the
//!   `Ieee754` baseline claims x86 SSE's NaN rules);
//! - flags exactly, including `INPUT_DENORMAL` against x86's DE (x86 does not raise DE when
//!   the operation signals invalid or divide-by-zero, which outrank it; gpuref's
//!   `InputDenormalFlag::WhenNotFlushed` follows that, see `docs/design/0002-x86-oracle.md`).
//!
//! Inputs: `edges_*` cross every edge value with every edge value (every triple for fma):
//! ±0, ±min/max subnormal, ±min/max normal, ±1, ±inf, quiet and signalling NaNs with
//! payloads, and values at rounding boundaries (ties around 1 and around the largest finite
//! value, half the smallest subnormal, ...). `random_*` draw seeded random inputs, shaped to
//! hit specials, subnormals, near-overflow and near-underflow exponents, close exponents and
//! cancellation, short significands (exact results and ties) and exact squares.
//! Expected values come only from the x86 instruction.
//!
//! Sizes (environment variables):
//! - `GPUREF_X86_CASES` — random cases per operation **per rounding mode** (split evenly over
//!   the four denormal settings). Default 2^21 (2.1×10^6 per op per rounding mode, 8.4×10^6 per op).
//! - `GPUREF_X86_SEED` — seed (default fixed), decimal or 0x-hex; printed on failure.
//! - `GPUREF_X86_OPS` — comma-separated operation names to run (default all), e.g.
//!   `add_f32,fma_f64`.
//!
//! On-demand large run, 10^9 random cases per operation (2.5×10^8 per rounding mode):
//! `cargo test -p gpuref-oracles --test float_vs_x86 -- --ignored --test-threads 1`
//! (`GPUREF_X86_OPS` picks operations; `GPUREF_X86_CASES` overrides the size). Each test
//! uses every core.

#![cfg(target_arch = "x86_64")]

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use gpuref_float::quirks::Ieee754;
use gpuref_float::{ops, Binary32, Binary64, DenormModes, Denormals, Flagged, Flags, FpMode};
use gpuref_float::{Rounding, Tininess};
use gpuref_oracles::x86::{self, X86Mode};

/// Failures printed per test.
const MAX_FAILURES: usize = 30;
/// Cases per work unit of the random tests.
const CHUNK: usize = 4096;

// ------------------------------------------------------------------------------------------
// Formats, described independently of gpuref (raw bit layout only).
// ------------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq)]
struct Fmt {
    exp_bits: u32,
    frac_bits: u32,
}

const F32: Fmt = Fmt {
    exp_bits: 8,
    frac_bits: 23,
};
const F64: Fmt = Fmt {
    exp_bits: 11,
    frac_bits: 52,
};

impl Fmt {
    const fn width(self) -> u32 {
        1 + self.exp_bits + self.frac_bits
    }
    const fn sign(self) -> u64 {
        1 << (self.width() - 1)
    }
    const fn frac_mask(self) -> u64 {
        (1 << self.frac_bits) - 1
    }
    const fn max_exp(self) -> i64 {
        (1 << self.exp_bits) - 1
    }
    const fn bias(self) -> i64 {
        (1 << (self.exp_bits - 1)) - 1
    }
    const fn inf(self) -> u64 {
        (self.max_exp() as u64) << self.frac_bits
    }
    const fn quiet(self) -> u64 {
        1 << (self.frac_bits - 1)
    }
    const fn precision(self) -> u32 {
        self.frac_bits + 1
    }
    fn is_nan(self, x: u64) -> bool {
        x & (self.sign() - 1) > self.inf()
    }
    fn exp_field(self, x: u64) -> i64 {
        ((x >> self.frac_bits) as i64) & self.max_exp()
    }
    fn hex(self, x: u64) -> String {
        format!("{:#0w$x}", x, w = 2 + self.width() as usize / 4)
    }
    /// A finite value `±1.frac × 2^e` (unbiased `e`), or the subnormal / zero it becomes by
    /// truncation below the normal range, or the largest exponent above it.
    fn with_exp(self, neg: bool, e: i64, frac: u64) -> u64 {
        let s = if neg { self.sign() } else { 0 };
        let frac = frac & self.frac_mask();
        let field = e + self.bias();
        if field >= self.max_exp() {
            return s | ((self.max_exp() as u64 - 1) << self.frac_bits) | frac;
        }
        if field >= 1 {
            return s | ((field as u64) << self.frac_bits) | frac;
        }
        let shift = 1 - field;
        let sig = frac | (1 << self.frac_bits);
        s | if shift > 63 { 0 } else { sig >> shift }
    }
    /// `±n × 2^e2` for an integer `n` (truncated to the precision if longer).
    fn value_of_int(self, neg: bool, n: u128, e2: i64) -> u64 {
        if n == 0 {
            return if neg { self.sign() } else { 0 };
        }
        let bl = 128 - n.leading_zeros() as i64;
        let p = self.precision() as i64;
        let m = if bl > p { n >> (bl - p) } else { n << (p - bl) };
        self.with_exp(neg, e2 + bl - 1, m as u64)
    }
    /// Integer significand and exponent of a finite nonzero value: `x = sig × 2^e`.
    fn sig_exp(self, x: u64) -> (u64, i64) {
        let f = self.exp_field(x);
        let frac = x & self.frac_mask();
        if f == 0 {
            (frac, 1 - self.bias() - self.frac_bits as i64)
        } else {
            (
                frac | 1 << self.frac_bits,
                f - self.bias() - self.frac_bits as i64,
            )
        }
    }
}

// ------------------------------------------------------------------------------------------
// Operations: gpuref and x86 side by side.
// ------------------------------------------------------------------------------------------

/// Declares `Op`, `Op::ALL` and the per-op table columns.
macro_rules! op_table {
    ($($op:ident $name:literal $input:ident -> $output:ident $kind:ident;)*) => {
        #[derive(Clone, Copy, Debug, PartialEq)]
        enum Op { $($op),* }

        impl Op {
            const ALL: &'static [Op] = &[$(Op::$op),*];
            fn name(self) -> &'static str {
                match self { $(Op::$op => $name),* }
            }
            fn input(self) -> Fmt {
                match self { $(Op::$op => $input),* }
            }
            fn output(self) -> Fmt {
                match self { $(Op::$op => $output),* }
            }
            fn kind(self) -> Kind {
                match self { $(Op::$op => Kind::$kind),* }
            }
        }
    };
}

#[rustfmt::skip]
op_table! {
    Add32    "add_f32"    F32 -> F32 Add;
    Sub32    "sub_f32"    F32 -> F32 Add;
    Mul32    "mul_f32"    F32 -> F32 Mul;
    Div32    "div_f32"    F32 -> F32 Div;
    Sqrt32   "sqrt_f32"   F32 -> F32 Sqrt;
    Fma32    "fma_f32"    F32 -> F32 Fma;
    Add64    "add_f64"    F64 -> F64 Add;
    Sub64    "sub_f64"    F64 -> F64 Add;
    Mul64    "mul_f64"    F64 -> F64 Mul;
    Div64    "div_f64"    F64 -> F64 Div;
    Sqrt64   "sqrt_f64"   F64 -> F64 Sqrt;
    Fma64    "fma_f64"    F64 -> F64 Fma;
    F32ToF64 "f32_to_f64" F32 -> F64 Convert;
    F64ToF32 "f64_to_f32" F64 -> F32 Convert;
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Add,
    Mul,
    Div,
    Sqrt,
    Fma,
    Convert,
}

impl Op {
    fn arity(self) -> usize {
        match self.kind() {
            Kind::Sqrt | Kind::Convert => 1,
            Kind::Fma => 3,
            _ => 2,
        }
    }

    fn x86_mode(self, mode: &FpMode) -> Option<X86Mode> {
        match self {
            Op::F32ToF64 => X86Mode::for_conversion::<Binary32, Binary64>(mode),
            Op::F64ToF32 => X86Mode::for_conversion::<Binary64, Binary32>(mode),
            _ if self.input() == F32 => X86Mode::for_format::<Binary32>(mode),
            _ => X86Mode::for_format::<Binary64>(mode),
        }
    }

    /// gpuref-float, quirks `Ieee754`.
    fn gpuref(self, m: &FpMode, [a, b, c]: [u64; 3]) -> Flagged<u64> {
        type Q = Ieee754;
        type S = Binary32;
        type D = Binary64;
        let (a32, b32, c32) = (a as u32, b as u32, c as u32);
        match self {
            Op::Add32 => ops::add::<S, Q>(a32, b32, m).map(u64::from),
            Op::Sub32 => ops::sub::<S, Q>(a32, b32, m).map(u64::from),
            Op::Mul32 => ops::mul::<S, Q>(a32, b32, m).map(u64::from),
            Op::Div32 => ops::div::<S, Q>(a32, b32, m).map(u64::from),
            Op::Sqrt32 => ops::sqrt::<S, Q>(a32, m).map(u64::from),
            Op::Fma32 => ops::fma::<S, Q>(a32, b32, c32, m).map(u64::from),
            Op::Add64 => ops::add::<D, Q>(a, b, m),
            Op::Sub64 => ops::sub::<D, Q>(a, b, m),
            Op::Mul64 => ops::mul::<D, Q>(a, b, m),
            Op::Div64 => ops::div::<D, Q>(a, b, m),
            Op::Sqrt64 => ops::sqrt::<D, Q>(a, m),
            Op::Fma64 => ops::fma::<D, Q>(a, b, c, m),
            Op::F32ToF64 => ops::convert::<S, D, Q>(a32, m),
            Op::F64ToF32 => ops::convert::<D, S, Q>(a, m).map(u64::from),
        }
    }

    /// One x86 instruction under `x` (single-op wrappers).
    fn x86_one(self, x: X86Mode, [a, b, c]: [u64; 3]) -> Flagged<u64> {
        let (a32, b32, c32) = (a as u32, b as u32, c as u32);
        match self {
            Op::Add32 => x86::add_f32(x, a32, b32).map(u64::from),
            Op::Sub32 => x86::sub_f32(x, a32, b32).map(u64::from),
            Op::Mul32 => x86::mul_f32(x, a32, b32).map(u64::from),
            Op::Div32 => x86::div_f32(x, a32, b32).map(u64::from),
            Op::Sqrt32 => x86::sqrt_f32(x, a32).map(u64::from),
            Op::Fma32 => fma_or_die(x86::fma_f32(x, a32, b32, c32)).map(u64::from),
            Op::Add64 => x86::add_f64(x, a, b),
            Op::Sub64 => x86::sub_f64(x, a, b),
            Op::Mul64 => x86::mul_f64(x, a, b),
            Op::Div64 => x86::div_f64(x, a, b),
            Op::Sqrt64 => x86::sqrt_f64(x, a),
            Op::Fma64 => fma_or_die(x86::fma_f64(x, a, b, c)),
            Op::F32ToF64 => x86::f32_to_f64(x, a32),
            Op::F64ToF32 => x86::f64_to_f32(x, a).map(u64::from),
        }
    }

    /// The x86 batch form with per-element flags, on inputs held as u64.
    fn x86_batch(self, x: X86Mode, inp: &[Vec<u64>; 3], out: &mut [u64], flags: &mut [Flags]) {
        let n = out.len();
        let narrow = |v: &Vec<u64>| v.iter().map(|&w| w as u32).collect::<Vec<u32>>();
        let res = match self.input() == F32 && self != Op::F32ToF64 {
            true => {
                let (a, b, c) = (narrow(&inp[0]), narrow(&inp[1]), narrow(&inp[2]));
                let mut o = vec![0u32; n];
                let r = match self {
                    Op::Add32 => x86::add_f32_batch_flags(x, &a, &b, &mut o, flags),
                    Op::Sub32 => x86::sub_f32_batch_flags(x, &a, &b, &mut o, flags),
                    Op::Mul32 => x86::mul_f32_batch_flags(x, &a, &b, &mut o, flags),
                    Op::Div32 => x86::div_f32_batch_flags(x, &a, &b, &mut o, flags),
                    Op::Sqrt32 => x86::sqrt_f32_batch_flags(x, &a, &mut o, flags),
                    Op::Fma32 => x86::fma_f32_batch_flags(x, &a, &b, &c, &mut o, flags),
                    _ => unreachable!(),
                };
                for (d, s) in out.iter_mut().zip(o) {
                    *d = u64::from(s);
                }
                r
            }
            false => match self {
                Op::Add64 => x86::add_f64_batch_flags(x, &inp[0], &inp[1], out, flags),
                Op::Sub64 => x86::sub_f64_batch_flags(x, &inp[0], &inp[1], out, flags),
                Op::Mul64 => x86::mul_f64_batch_flags(x, &inp[0], &inp[1], out, flags),
                Op::Div64 => x86::div_f64_batch_flags(x, &inp[0], &inp[1], out, flags),
                Op::Sqrt64 => x86::sqrt_f64_batch_flags(x, &inp[0], out, flags),
                Op::Fma64 => x86::fma_f64_batch_flags(x, &inp[0], &inp[1], &inp[2], out, flags),
                Op::F32ToF64 => x86::f32_to_f64_batch_flags(x, &narrow(&inp[0]), out, flags),
                Op::F64ToF32 => {
                    let mut o = vec![0u32; n];
                    let r = x86::f64_to_f32_batch_flags(x, &inp[0], &mut o, flags);
                    for (d, s) in out.iter_mut().zip(o) {
                        *d = u64::from(s);
                    }
                    r
                }
                _ => unreachable!(),
            },
        };
        if let Err(e) = res {
            panic!("x86 oracle cannot run {}: {e}", self.name());
        }
    }
}

fn fma_or_die<T>(r: Result<T, x86::X86Error>) -> T {
    r.unwrap_or_else(|e| panic!("x86 oracle cannot run fma: {e}"))
}

// ------------------------------------------------------------------------------------------
// Modes and comparison.
// ------------------------------------------------------------------------------------------

/// (flush_inputs, flush_outputs) ∈ {false, true}².
const DENORMALS: [Denormals; 4] = [
    den(false, false),
    den(true, false),
    den(false, true),
    den(true, true),
];

const fn den(flush_inputs: bool, flush_outputs: bool) -> Denormals {
    Denormals {
        flush_inputs,
        flush_outputs,
    }
}

/// The 16 modes: rounding × denormal setting (same for every width), tininess after.
fn modes() -> Vec<FpMode> {
    let mut v = Vec::new();
    for r in Rounding::ALL {
        for d in DENORMALS {
            v.push(FpMode {
                rounding: r,
                denormals: DenormModes::all(d),
                tininess: Tininess::AfterRounding,
            });
        }
    }
    v
}

fn mode_str(m: &FpMode) -> String {
    let d = |d: Denormals| format!("in={} out={}", d.flush_inputs as u8, d.flush_outputs as u8);
    format!(
        "{} tininess=after flush[f32 {}; f64 {}]",
        m.rounding.short_name(),
        d(m.denormals.single),
        d(m.denormals.double)
    )
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Verdict {
    Agree,
    Differ,
}

fn compare(op: Op, x: Flagged<u64>, g: Flagged<u64>) -> Verdict {
    let out = op.output();
    let value_ok = if out.is_nan(x.value) {
        out.is_nan(g.value)
    } else {
        x.value == g.value
    };
    if !value_ok {
        return Verdict::Differ;
    }
    if x.flags == g.flags {
        Verdict::Agree
    } else {
        Verdict::Differ
    }
}

/// Failures and counts of one test.
#[derive(Default)]
struct Report {
    cases: u64,
    failures: u64,
    shown: Vec<String>,
}

impl Report {
    fn record(&mut self, op: Op, m: &FpMode, inp: [u64; 3], x: Flagged<u64>, g: Flagged<u64>) {
        self.cases += 1;
        match compare(op, x, g) {
            Verdict::Agree => {}
            Verdict::Differ => {
                self.failures += 1;
                if self.shown.len() < MAX_FAILURES {
                    self.shown.push(describe(op, m, inp, x, g));
                }
            }
        }
    }

    fn merge(&mut self, o: Report) {
        self.cases += o.cases;
        self.failures += o.failures;
        for s in o.shown {
            if self.shown.len() < MAX_FAILURES {
                self.shown.push(s);
            }
        }
    }

    fn finish(self, what: &str) {
        println!("{what}: {} cases", self.cases);
        if self.failures > 0 {
            panic!(
                "{what}: {} of {} cases disagree with x86 (seed {:#x}); first {}:\n{}",
                self.failures,
                self.cases,
                seed(),
                self.shown.len(),
                self.shown.join("\n")
            );
        }
    }
}

fn describe(op: Op, m: &FpMode, inp: [u64; 3], x: Flagged<u64>, g: Flagged<u64>) -> String {
    let (i, o) = (op.input(), op.output());
    let args: Vec<String> = inp[..op.arity()].iter().map(|&v| i.hex(v)).collect();
    format!(
        "  {} [{}] ({})  x86 {} {}  gpuref {} {}",
        op.name(),
        mode_str(m),
        args.join(", "),
        o.hex(x.value),
        x.flags,
        o.hex(g.value),
        g.flags
    )
}

mod x86_inputs;
use x86_inputs::*;

// ------------------------------------------------------------------------------------------
// Drivers.
// ------------------------------------------------------------------------------------------

fn env_u64(name: &str) -> Option<u64> {
    let s = std::env::var(name).ok()?;
    let s = s.trim().replace('_', "");
    let v = match s.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16),
        None => s.parse(),
    };
    Some(v.unwrap_or_else(|_| panic!("{name}={s}: not a number")))
}

fn seed() -> u64 {
    env_u64("GPUREF_X86_SEED").unwrap_or(0x6770_7572_6566_7838)
}

/// Whether `GPUREF_X86_OPS` selects `op`.
fn selected(op: Op) -> bool {
    match std::env::var("GPUREF_X86_OPS") {
        Ok(list) => list.split(',').any(|s| s.trim() == op.name()),
        Err(_) => true,
    }
}

fn x86_mode_or_die(op: Op, m: &FpMode) -> X86Mode {
    op.x86_mode(m)
        .unwrap_or_else(|| panic!("{}: x86 cannot mirror mode {}", op.name(), mode_str(m)))
}

/// Every edge value crossed with every edge value (every triple for fma), under `modes`.
fn run_edges(op: Op, modes: &[FpMode]) -> Report {
    let e = edges_for(op);
    let n = e.len();
    let count = n.pow(op.arity() as u32);
    let mut rep = Report::default();
    for m in modes {
        let xm = x86_mode_or_die(op, m);
        for i in 0..count {
            let inp = [e[i % n], e[(i / n) % n], e[(i / n / n) % n]];
            rep.record(op, m, inp, op.x86_one(xm, inp), op.gpuref(m, inp));
        }
    }
    rep
}

/// `cases_per_rounding` random cases per rounding mode, split over the 4 denormal settings,
/// on every core.
fn run_random(op: Op, cases_per_rounding: u64) {
    if !selected(op) {
        println!("{}: skipped (GPUREF_X86_OPS)", op.name());
        return;
    }
    let modes = modes();
    let per_mode = cases_per_rounding.div_ceil(DENORMALS.len() as u64) as usize;
    let chunks_per_mode = per_mode.div_ceil(CHUNK);
    let units = modes.len() * chunks_per_mode;
    let next = AtomicUsize::new(0);
    let total = Mutex::new(Report::default());
    let edges = edges_for(op);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let start = std::time::Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut rep = Report::default();
                let mut inp: [Vec<u64>; 3] = Default::default();
                let mut out = vec![0u64; CHUNK];
                let mut flags = vec![Flags::NONE; CHUNK];
                loop {
                    let u = next.fetch_add(1, Ordering::Relaxed);
                    if u >= units {
                        break;
                    }
                    let (mi, ci) = (u / chunks_per_mode, u % chunks_per_mode);
                    let m = &modes[mi];
                    let len = CHUNK.min(per_mode - ci * CHUNK);
                    let mut r =
                        Rng::new(seed() ^ (op as u64) << 56 ^ (mi as u64) << 48 ^ ci as u64);
                    r.next();
                    for v in inp.iter_mut() {
                        v.clear();
                    }
                    for _ in 0..len {
                        let t = rand_inputs(op, &edges, &mut r);
                        for (v, x) in inp.iter_mut().zip(t) {
                            v.push(x);
                        }
                    }
                    let xm = x86_mode_or_die(op, m);
                    op.x86_batch(xm, &inp, &mut out[..len], &mut flags[..len]);
                    for i in 0..len {
                        let t = [inp[0][i], inp[1][i], inp[2][i]];
                        let x = Flagged::new(out[i], flags[i]);
                        rep.record(op, m, t, x, op.gpuref(m, t));
                    }
                }
                total.lock().unwrap().merge(rep);
            });
        }
    });
    let rep = total.into_inner().unwrap();
    println!(
        "{}: {} random cases in {:.2} s on {threads} threads",
        op.name(),
        rep.cases,
        start.elapsed().as_secs_f64()
    );
    rep.finish(&format!("random {}", op.name()));
}

fn default_cases() -> u64 {
    env_u64("GPUREF_X86_CASES").unwrap_or(1 << 21)
}

fn large_cases() -> u64 {
    env_u64("GPUREF_X86_CASES").unwrap_or(250_000_000)
}

macro_rules! per_op_tests {
    ($($name:ident => $op:expr),* $(,)?) => {
        /// Every edge value crossed (every triple for fma), 16 modes.
        mod edges {
            use super::*;
            $(#[test]
            fn $name() {
                run_edges($op, &modes()).finish(concat!("edges ", stringify!($name)));
            })*
        }
        /// `GPUREF_X86_CASES` (default 2^21) random cases per rounding mode.
        mod random {
            use super::*;
            $(#[test]
            fn $name() {
                run_random($op, default_cases());
            })*
        }
        /// On demand: 10^9 random cases per operation (2.5×10^8 per rounding mode).
        mod large {
            use super::*;
            $(#[test]
            #[ignore = "large run: 10^9 cases per op; see the module docs"]
            fn $name() {
                run_random($op, large_cases());
            })*
        }
    };
}

per_op_tests! {
    add_f32 => Op::Add32,
    sub_f32 => Op::Sub32,
    mul_f32 => Op::Mul32,
    div_f32 => Op::Div32,
    sqrt_f32 => Op::Sqrt32,
    fma_f32 => Op::Fma32,
    add_f64 => Op::Add64,
    sub_f64 => Op::Sub64,
    mul_f64 => Op::Mul64,
    div_f64 => Op::Div64,
    sqrt_f64 => Op::Sqrt64,
    fma_f64 => Op::Fma64,
    f32_to_f64 => Op::F32ToF64,
    f64_to_f32 => Op::F64ToF32,
}

/// Conversions with different denormal settings for binary32 and binary64: DAZ must follow
/// the source format's `flush_inputs`, FTZ the destination's `flush_outputs`.
#[test]
fn conversion_mixed_denormals() {
    let mut modes = Vec::new();
    for r in Rounding::ALL {
        for s in DENORMALS {
            for d in DENORMALS {
                modes.push(FpMode {
                    rounding: r,
                    denormals: DenormModes {
                        single: s,
                        double: d,
                        ..DenormModes::default()
                    },
                    tininess: Tininess::AfterRounding,
                });
            }
        }
    }
    for op in [Op::F32ToF64, Op::F64ToF32] {
        run_edges(op, &modes).finish(&format!("mixed denormals {}", op.name()));
    }
}

/// The `Ieee754` baseline claims x86 SSE's NaN rules (default NaN 0xffc00000…, the first NaN
/// operand quieted, payload-preserving conversions), and the oracle's FMA operand order makes
/// x86 pick the first NaN of (a, b, c): so NaN results must match bit for bit. Checked on all
/// edge crosses/triples (which include NaNs with payloads) in one mode (NaN rules do not
/// depend on the mode).
#[test]
fn nan_bits_match_x86_sse() {
    let m = FpMode::IEEE;
    let mut bad = Vec::new();
    let mut nans = 0u64;
    for &op in Op::ALL {
        let e = edges_for(op);
        let n = e.len();
        let xm = x86_mode_or_die(op, &m);
        for i in 0..n.pow(op.arity() as u32) {
            let inp = [e[i % n], e[(i / n) % n], e[(i / n / n) % n]];
            let x = op.x86_one(xm, inp);
            if !op.output().is_nan(x.value) {
                continue;
            }
            nans += 1;
            let g = op.gpuref(&m, inp);
            if g.value != x.value && bad.len() < MAX_FAILURES {
                bad.push(describe(op, &m, inp, x, g));
            }
        }
    }
    println!("{nans} NaN results compared bit for bit");
    assert!(
        bad.is_empty(),
        "NaN bits differ from x86:\n{}",
        bad.join("\n")
    );
}

/// The mode mapping: only tininess-after-rounding modes map; DAZ/FTZ follow the format's
/// input/output flushing.
#[test]
fn x86_mode_mapping() {
    for m in modes() {
        let d = m.denormals.single;
        let x = X86Mode::for_format::<Binary32>(&m).expect("after-rounding modes map");
        assert_eq!(
            (x.rounding, x.daz, x.ftz),
            (m.rounding, d.flush_inputs, d.flush_outputs)
        );
        let before = m.with_tininess(Tininess::BeforeRounding);
        assert_eq!(X86Mode::for_format::<Binary32>(&before), None);
        assert_eq!(X86Mode::for_conversion::<Binary64, Binary32>(&before), None);
    }
}
