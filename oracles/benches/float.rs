//! Time per operation of gpuref-float (`Ieee754`, `FpMode::IEEE`), Berkeley SoftFloat 3e
//! (through `gpuref_oracles::softfloat`) and the host hardware, in the same run.
//!
//! Each benchmark runs one operation over 65,536 distinct seeded inputs (about half of them
//! special values: zeros, subnormals, infinities, NaNs, extremes; the rest normal values of
//! moderate magnitude), so the branch predictor cannot learn a short repeating pattern.
//! Criterion reports the time for the whole batch and the throughput in elements per second;
//! time per op = batch time / 65,536.
//!
//! Rows: `gpuref` returns each operation's flags; `softfloat` (the `gpuref_oracles::softfloat`
//! functions) clears and reads SoftFloat's thread-local flags around each call, so it too
//! delivers per-operation flags; `softfloat-sticky` calls SoftFloat directly with the mode
//! set once per batch and the flags accumulating (SoftFloat's bare cost); `hardware` sets
//! MXCSR once per batch and lets the flags accumulate (the x86 batch helpers; F16C and
//! `cvtss2si` intrinsics for binary16 and float-to-int, which have no helper);
//! `hardware+flags` reads and clears MXCSR around each operation.
//!
//! Run: `cargo bench -p gpuref-oracles --bench float -- --warm-up-time 1 --measurement-time 3`
//! (or `--quick`); CI only compiles it (`cargo bench --no-run`). The defaults below are kept
//! short (1 s warm-up, 3 s measurement, 30 samples) so a full run takes a few minutes.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gpuref_float::quirks::Ieee754;
use gpuref_float::{ops, Binary16, Binary32, Binary64, Flags, Format, FpMode, Rounding};
use gpuref_oracles::softfloat::{self as sf, ConvertTo, Env, IntType, SoftFloatFormat};

#[cfg(target_arch = "x86_64")]
use gpuref_oracles::x86::{self, X86Mode};

const N: usize = 1 << 16;

/// SplitMix64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// One input of format `F`: half special values, half normal values within 2^±20.
fn input<F: Format>(rng: &mut Rng) -> u64 {
    let r = rng.next();
    let sign = (r & 1) * F::SIGN_MASK;
    let frac = rng.next() & F::FRAC_MASK;
    if r & 2 == 0 {
        let special = match (r >> 2) % 8 {
            0 => 0,
            1 => frac.max(1), // subnormal
            2 => F::INFINITY,
            3 => F::INFINITY | F::QUIET_BIT | (frac >> 1), // quiet NaN
            4 => F::INFINITY | (frac >> 1).max(1),         // signalling NaN
            5 => F::MAX_FINITE - (frac & 0xff),
            6 => F::MIN_NORMAL | frac,
            _ => F::ONE,
        };
        sign | special
    } else {
        let span = 20.min(F::BIAS as u64 - 1);
        let exp = F::BIAS as u64 - span + (r >> 8) % (2 * span + 1);
        sign | exp << F::FRAC_BITS | frac
    }
}

fn inputs<F: Format>(seed: u64) -> Vec<F::Bits> {
    let mut rng = Rng(seed);
    (0..N)
        .map(|_| F::bits_from_u64(input::<F>(&mut rng)))
        .collect()
}

/// Criterion settings that keep a full run short.
fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(30)
}

const M: FpMode = FpMode::IEEE;
const E: Env = Env::IEEE;
const RNE: u8 = sf::rounding_code(Rounding::NearestEven);

/// Benchmark one op: `$gp` and `$sf` map the inputs at index `i` to a `Flagged` result.
macro_rules! bench_op {
    ($c:expr, $name:expr, $out:ty, |$i:ident|
     gpuref: $gp:expr, softfloat: $sf:expr, sticky: $raw:expr $(,)?) => {{
        let mut g = $c.benchmark_group($name);
        g.throughput(Throughput::Elements(N as u64));
        let mut out: Vec<$out> = vec![Default::default(); N];
        g.bench_function("gpuref", |b| {
            b.iter(|| {
                let mut flags = Flags::NONE;
                for $i in 0..N {
                    let r = $gp;
                    out[$i] = r.value;
                    flags |= r.flags;
                }
                black_box((&out, flags));
            })
        });
        g.bench_function("softfloat", |b| {
            b.iter(|| {
                let mut flags = Flags::NONE;
                for $i in 0..N {
                    let r = $sf;
                    out[$i] = r.value;
                    flags |= r.flags;
                }
                black_box((&out, flags));
            })
        });
        g.bench_function("softfloat-sticky", |b| {
            b.iter(|| {
                let r = sf::sticky(E, || {
                    for $i in 0..N {
                        out[$i] = $raw;
                    }
                });
                black_box((&out, r.flags));
            })
        });
        g
    }};
}

fn bench_f32(c: &mut Criterion) {
    let a = inputs::<Binary32>(1);
    let b = inputs::<Binary32>(2);
    let d = inputs::<Binary32>(3);
    let (a, b, d) = (&a[..], &b[..], &d[..]);

    let mut g = bench_op!(c, "f32 add", u32, |i|
        gpuref: ops::add::<Binary32, Ieee754>(a[i], b[i], &M),
        softfloat: sf::add::<Binary32>(E, a[i], b[i]),
        sticky: Binary32::raw_add(a[i], b[i]));
    #[cfg(target_arch = "x86_64")]
    hw2(&mut g, a, b, x86::add_f32_batch, x86::add_f32_batch_flags);
    g.finish();

    let mut g = bench_op!(c, "f32 mul", u32, |i|
        gpuref: ops::mul::<Binary32, Ieee754>(a[i], b[i], &M),
        softfloat: sf::mul::<Binary32>(E, a[i], b[i]),
        sticky: Binary32::raw_mul(a[i], b[i]));
    #[cfg(target_arch = "x86_64")]
    hw2(&mut g, a, b, x86::mul_f32_batch, x86::mul_f32_batch_flags);
    g.finish();

    let mut g = bench_op!(c, "f32 fma", u32, |i|
        gpuref: ops::fma::<Binary32, Ieee754>(a[i], b[i], d[i], &M),
        softfloat: sf::mul_add::<Binary32>(E, a[i], b[i], d[i]),
        sticky: Binary32::raw_mul_add(a[i], b[i], d[i]));
    #[cfg(target_arch = "x86_64")]
    if x86::has_fma() {
        hw3(
            &mut g,
            a,
            b,
            d,
            x86::fma_f32_batch,
            x86::fma_f32_batch_flags,
        );
    }
    g.finish();

    let mut g = bench_op!(c, "f32 div", u32, |i|
        gpuref: ops::div::<Binary32, Ieee754>(a[i], b[i], &M),
        softfloat: sf::div::<Binary32>(E, a[i], b[i]),
        sticky: Binary32::raw_div(a[i], b[i]));
    #[cfg(target_arch = "x86_64")]
    hw2(&mut g, a, b, x86::div_f32_batch, x86::div_f32_batch_flags);
    g.finish();

    let mut g = bench_op!(c, "f32 sqrt", u32, |i|
        gpuref: ops::sqrt::<Binary32, Ieee754>(a[i], &M),
        softfloat: sf::sqrt::<Binary32>(E, a[i]),
        sticky: Binary32::raw_sqrt(a[i]));
    #[cfg(target_arch = "x86_64")]
    hw1(&mut g, a, x86::sqrt_f32_batch, x86::sqrt_f32_batch_flags);
    g.finish();

    let mut g = bench_op!(c, "f32->f16", u16, |i|
        gpuref: ops::convert::<Binary32, Binary16, Ieee754>(a[i], &M),
        softfloat: sf::convert::<Binary32, Binary16>(E, a[i]),
        sticky: <Binary32 as ConvertTo<Binary16>>::raw_convert(a[i]));
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("f16c") {
        g.bench_function("hardware", |bch| {
            let mut out = vec![0u16; N];
            bch.iter(|| {
                // SAFETY: F16C is present (checked above).
                unsafe { f16c::f32_to_f16(a, &mut out) };
                black_box(&out);
            })
        });
    }
    g.finish();

    let mut g = bench_op!(c, "f32->i32", u64, |i|
        gpuref: ops::to_int::<Binary32, Ieee754>(a[i], ops::IntType::I32, Rounding::NearestEven, false, &M),
        softfloat: sf::to_int::<Binary32>(a[i], IntType::I32, Rounding::NearestEven, true),
        sticky: Binary32::raw_to_int(a[i], IntType::I32, RNE, true));
    #[cfg(target_arch = "x86_64")]
    g.bench_function("hardware", |bch| {
        let mut out = vec![0u64; N];
        bch.iter(|| {
            sse::f32_to_i32(a, &mut out);
            black_box(&out);
        })
    });
    g.finish();
}

fn bench_f64_f16(c: &mut Criterion) {
    let a = inputs::<Binary64>(11);
    let b = inputs::<Binary64>(12);
    let d = inputs::<Binary64>(13);
    let (a, b, d) = (&a[..], &b[..], &d[..]);
    let mut g = bench_op!(c, "f64 fma", u64, |i|
        gpuref: ops::fma::<Binary64, Ieee754>(a[i], b[i], d[i], &M),
        softfloat: sf::mul_add::<Binary64>(E, a[i], b[i], d[i]),
        sticky: Binary64::raw_mul_add(a[i], b[i], d[i]));
    #[cfg(target_arch = "x86_64")]
    if x86::has_fma() {
        hw3(
            &mut g,
            a,
            b,
            d,
            x86::fma_f64_batch,
            x86::fma_f64_batch_flags,
        );
    }
    g.finish();

    let a = inputs::<Binary16>(21);
    let b = inputs::<Binary16>(22);
    let (a, b) = (&a[..], &b[..]);
    let mut g = bench_op!(c, "f16 add", u16, |i|
        gpuref: ops::add::<Binary16, Ieee754>(a[i], b[i], &M),
        softfloat: sf::add::<Binary16>(E, a[i], b[i]),
        sticky: Binary16::raw_add(a[i], b[i]));
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("f16c") {
        g.bench_function("hardware", |bch| {
            let mut out = vec![0u16; N];
            bch.iter(|| {
                // SAFETY: F16C is present (checked above).
                unsafe { f16c::add_f16(a, b, &mut out) };
                black_box(&out);
            })
        });
    }
    g.finish();
}

type Group<'a> = criterion::BenchmarkGroup<'a, criterion::measurement::WallTime>;

#[cfg(target_arch = "x86_64")]
type Batch1<T> = fn(X86Mode, &[T], &mut [T]) -> Result<Flags, x86::X86Error>;
#[cfg(target_arch = "x86_64")]
type Batch1F<T> = fn(X86Mode, &[T], &mut [T], &mut [Flags]) -> Result<(), x86::X86Error>;
#[cfg(target_arch = "x86_64")]
type Batch2<T> = fn(X86Mode, &[T], &[T], &mut [T]) -> Result<Flags, x86::X86Error>;
#[cfg(target_arch = "x86_64")]
type Batch2F<T> = fn(X86Mode, &[T], &[T], &mut [T], &mut [Flags]) -> Result<(), x86::X86Error>;
#[cfg(target_arch = "x86_64")]
type Batch3<T> = fn(X86Mode, &[T], &[T], &[T], &mut [T]) -> Result<Flags, x86::X86Error>;
#[cfg(target_arch = "x86_64")]
type Batch3F<T> =
    fn(X86Mode, &[T], &[T], &[T], &mut [T], &mut [Flags]) -> Result<(), x86::X86Error>;

#[cfg(target_arch = "x86_64")]
fn hw1<T: Copy + Default>(g: &mut Group, a: &[T], batch: Batch1<T>, batch_flags: Batch1F<T>) {
    let mut out = vec![T::default(); N];
    let mut flags = vec![Flags::NONE; N];
    g.bench_function("hardware", |bch| {
        bch.iter(|| black_box(batch(X86Mode::IEEE, a, &mut out).expect("x86 batch")))
    });
    g.bench_function("hardware+flags", |bch| {
        bch.iter(|| {
            batch_flags(X86Mode::IEEE, a, &mut out, &mut flags).expect("x86 batch");
            black_box(&flags);
        })
    });
}

#[cfg(target_arch = "x86_64")]
fn hw2<T: Copy + Default>(
    g: &mut Group,
    a: &[T],
    b: &[T],
    batch: Batch2<T>,
    batch_flags: Batch2F<T>,
) {
    let mut out = vec![T::default(); N];
    let mut flags = vec![Flags::NONE; N];
    g.bench_function("hardware", |bch| {
        bch.iter(|| black_box(batch(X86Mode::IEEE, a, b, &mut out).expect("x86 batch")))
    });
    g.bench_function("hardware+flags", |bch| {
        bch.iter(|| {
            batch_flags(X86Mode::IEEE, a, b, &mut out, &mut flags).expect("x86 batch");
            black_box(&flags);
        })
    });
}

#[cfg(target_arch = "x86_64")]
fn hw3<T: Copy + Default>(
    g: &mut Group,
    a: &[T],
    b: &[T],
    d: &[T],
    batch: Batch3<T>,
    batch_flags: Batch3F<T>,
) {
    let mut out = vec![T::default(); N];
    let mut flags = vec![Flags::NONE; N];
    g.bench_function("hardware", |bch| {
        bch.iter(|| black_box(batch(X86Mode::IEEE, a, b, d, &mut out).expect("x86 batch")))
    });
    g.bench_function("hardware+flags", |bch| {
        bch.iter(|| {
            batch_flags(X86Mode::IEEE, a, b, d, &mut out, &mut flags).expect("x86 batch");
            black_box(&flags);
        })
    });
}

/// Hardware baselines for binary16, which the x86 oracle module does not cover: F16C
/// conversions (binary16 add is exact through binary32: 24 >= 2 * 11 + 2 bits).
#[cfg(target_arch = "x86_64")]
mod f16c {
    use std::arch::x86_64::*;

    /// # Safety
    /// The CPU must support F16C.
    #[target_feature(enable = "f16c")]
    pub unsafe fn add_f16(a: &[u16], b: &[u16], out: &mut [u16]) {
        for ((x, y), o) in a.iter().zip(b).zip(out.iter_mut()) {
            let fx = _mm_cvtph_ps(_mm_cvtsi32_si128(*x as i32));
            let fy = _mm_cvtph_ps(_mm_cvtsi32_si128(*y as i32));
            let s = _mm_add_ss(fx, fy);
            *o = _mm_extract_epi16::<0>(_mm_cvtps_ph::<_MM_FROUND_CUR_DIRECTION>(s)) as u16;
        }
    }

    /// # Safety
    /// The CPU must support F16C.
    #[target_feature(enable = "f16c")]
    pub unsafe fn f32_to_f16(a: &[u32], out: &mut [u16]) {
        for (x, o) in a.iter().zip(out.iter_mut()) {
            let v = _mm_castsi128_ps(_mm_cvtsi32_si128(*x as i32));
            *o = _mm_extract_epi16::<0>(_mm_cvtps_ph::<_MM_FROUND_CUR_DIRECTION>(v)) as u16;
        }
    }
}

/// `cvtss2si` (rounding per MXCSR, nearest-even by default); SSE is baseline on x86-64.
#[cfg(target_arch = "x86_64")]
mod sse {
    use std::arch::x86_64::*;

    pub fn f32_to_i32(a: &[u32], out: &mut [u64]) {
        for (x, o) in a.iter().zip(out.iter_mut()) {
            // SAFETY: SSE and SSE2 are part of the x86-64 baseline.
            let i = unsafe { _mm_cvtss_si32(_mm_castsi128_ps(_mm_cvtsi32_si128(*x as i32))) };
            *o = i as u32 as u64;
        }
    }
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench_f32, bench_f64_f16
}
criterion_main!(benches);
