//! The float core's transcendentals (`ops::{exp2, log2, rsqrt, sin_rev, cos_rev, reciprocal,
//! sqrt_ulps}`) against the host's binary64 libm, rounded to the target format.
//!
//! The reference: the host's f64 function (for sin/cos after an exact reduction of the angle
//! to at most a quarter turn), which is within a few f64 ulps of the exact value. Where the
//! reference's error bound (2^-48 relative, generous) straddles a rounding boundary of the
//! target format the reference is ambiguous and the input is skipped (counted). Everywhere
//! else the core's round-to-nearest result must equal the reference's rounding and claim
//! `correctly_rounded`, and its 1-ulp interval must contain the reference.
//!
//! Round-down and round-up results are checked to be the interval's ends.
//! binary32: random bit patterns plus inputs drawn from each function's interesting range;
//! binary16: all 65536 inputs. Run with `--nocapture` to see the agreement counts.

use gpuref_float::ops::{self, Transcendental, Ulps};
use gpuref_float::quirks::Ieee754;
use gpuref_float::{Binary16, Binary32, Binary64, FpMode};

type Q = Ieee754;

/// The host reference for one function, in f64 (NaN where the result is NaN).
#[derive(Clone, Copy, Debug)]
enum Fun {
    Exp2,
    Log2,
    Rsqrt,
    Sin,
    Cos,
    Rcp,
    Sqrt,
}

const FUNS: [Fun; 7] = [
    Fun::Exp2,
    Fun::Log2,
    Fun::Rsqrt,
    Fun::Sin,
    Fun::Cos,
    Fun::Rcp,
    Fun::Sqrt,
];

/// sin(2π·r) for |r| ≤ 1/2 given exactly, reduced to a quarter turn by exact subtractions.
fn sin_turns(r: f64) -> f64 {
    let a = r.abs();
    let s = if a > 0.25 {
        (0.5 - a) * std::f64::consts::TAU
    } else {
        a * std::f64::consts::TAU
    };
    let v = s.sin();
    if r < 0.0 {
        -v
    } else {
        v
    }
}

fn reference(f: Fun, x: f64) -> f64 {
    match f {
        Fun::Exp2 => x.exp2(),
        Fun::Log2 => x.log2(),
        Fun::Rsqrt => 1.0 / x.sqrt(),
        Fun::Rcp => 1.0 / x,
        Fun::Sqrt => x.sqrt(),
        Fun::Sin | Fun::Cos => {
            if !x.is_finite() {
                return f64::NAN;
            }
            let r = x - x.round(); // exact: x has at most 24 significant bits
            if let Fun::Sin = f {
                // IEEE 754-2019 sinPi: an exact zero has the sign of the operand.
                let v = sin_turns(r);
                if v == 0.0 {
                    0f64.copysign(x)
                } else {
                    v
                }
            } else {
                // cos(2πr) = sin(2π(1/4 − |r|)); 1/4 − |r| is exact in f64 for |r| ≥ 2^-29.
                sin_turns(0.25 - r.abs())
                    .abs()
                    .copysign(sin_turns(0.25 - r.abs()) + 0.0)
            }
        }
    }
}

fn core<F: gpuref_float::Format>(f: Fun, x: F::Bits) -> Transcendental<F::Bits> {
    core_in::<F>(f, x, FpMode::IEEE)
}

fn core_in<F: gpuref_float::Format>(f: Fun, x: F::Bits, m: FpMode) -> Transcendental<F::Bits> {
    core_ulps::<F>(f, x, m, Ulps::ONE)
}

fn core_ulps<F: gpuref_float::Format>(
    f: Fun,
    x: F::Bits,
    m: FpMode,
    u: Ulps,
) -> Transcendental<F::Bits> {
    match f {
        Fun::Exp2 => ops::exp2::<F, Q>(x, &m, u),
        Fun::Log2 => ops::log2::<F, Q>(x, &m, u),
        Fun::Rsqrt => ops::rsqrt::<F, Q>(x, &m, u),
        Fun::Sin => ops::sin_rev::<F, Q>(x, &m, u),
        Fun::Cos => ops::cos_rev::<F, Q>(x, &m, u),
        Fun::Rcp => ops::reciprocal::<F, Q>(x, &m, u),
        Fun::Sqrt => ops::sqrt_ulps::<F, Q>(x, &m, u),
    }
}

#[derive(Default, Debug)]
struct Tally {
    checked: u64,
    agree: u64,
    ambiguous: u64,
    nan: u64,
    not_certain: u64,
}

/// Compare one input; `round` rounds an f64 to the target format's bits (RNE) and `value`
/// reads the target's bits as f64.
fn compare(
    t: &mut Tally,
    f: Fun,
    x: f64,
    sign: u64,
    ours: (u64, bool, u64, u64),
    round: impl Fn(f64) -> u64,
    value: impl Fn(u64) -> f64,
) {
    let y = reference(f, x);
    t.checked += 1;
    if y.is_nan() {
        assert!(
            value(ours.0).is_nan(),
            "{f:?}({x:e}): host NaN, ours {:#x}",
            ours.0
        );
        t.nan += 1;
        return;
    }
    let d = if y.is_finite() {
        y.abs() * 2f64.powi(-48)
    } else {
        0.0
    };
    let (a, b) = if d == 0.0 {
        (round(y), round(y))
    } else {
        (round(y - d), round(y + d))
    };
    if a != b {
        if t.ambiguous < 3 {
            eprintln!("ambiguous {f:?}({x:e}): host {y:e}, {a:#x} vs {b:#x}");
        }
        t.ambiguous += 1;
        return;
    }
    assert_eq!(
        ours.0, a,
        "{f:?}({x:e} = {x:?}): ours {:#x}, host {y:e} rounds to {a:#x}",
        ours.0
    );
    t.agree += 1;
    if !ours.1 {
        t.not_certain += 1;
    }
    if y.is_finite() {
        let (lo, hi) = (value(ours.2), value(ours.3));
        assert!(
            lo <= y + d && y - d <= hi,
            "{f:?}({x:e}): [{lo:e}, {hi:e}] misses {y:e}"
        );
        // At most one step wide: [lo, hi] is exactly [round-down, round-up] of the value.
        let key = |b: u64| {
            if b & sign != 0 {
                -((b & (sign - 1)) as i64) - 1
            } else {
                b as i64
            }
        };
        assert!(
            key(ours.3) - key(ours.2) <= 1,
            "{f:?}({x:e}): {:#x}..{:#x}",
            ours.2,
            ours.3
        );
    }
}

/// The results under roundTowardNegative and roundTowardPositive are the interval's ends
/// (a finite non-special result; the interval was checked against the host above).
fn directed_ends<F: gpuref_float::Format>(f: Fun, x: F::Bits, r: &Transcendental<F::Bits>) {
    use gpuref_float::Rounding::{TowardNegative, TowardPositive};
    if r.special {
        return;
    }
    let dn = core_in::<F>(f, x, FpMode::IEEE.with_rounding(TowardNegative));
    let up = core_in::<F>(f, x, FpMode::IEEE.with_rounding(TowardPositive));
    assert_eq!(
        (dn.result.value, up.result.value),
        (r.lo, r.hi),
        "{f:?}({x:?})"
    );
}

fn xorshift(s: &mut u64) -> u64 {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    *s
}

/// Inputs for binary32: random bit patterns, and values in each function's busy range.
fn inputs32(f: Fun, n: usize) -> Vec<u32> {
    let mut s = 0x9e37_79b9_7f4a_7c15u64 ^ f as u64;
    let mut v: Vec<u32> = (0..n).map(|_| xorshift(&mut s) as u32).collect();
    for _ in 0..n {
        let r = xorshift(&mut s);
        let u = (r >> 32) as u32;
        let x: f32 = match f {
            // exp2: |x| < 150 covers every finite nonzero result.
            Fun::Exp2 => (u as f32 / u32::MAX as f32 - 0.5) * 300.0,
            // log2: values near 1 (the cancellation) and a spread of magnitudes.
            Fun::Log2 => f32::from_bits(0x3f80_0000 ^ (u & 0x00ff_ffff) >> (r & 15)),
            // sin/cos: angles within a few turns, and tiny ones.
            Fun::Sin | Fun::Cos => {
                if r & 1 == 0 {
                    (u as f32 / u32::MAX as f32 - 0.5) * 8.0
                } else {
                    f32::from_bits(u >> 4)
                }
            }
            _ => f32::from_bits(u & 0x7fff_ffff),
        };
        v.push(x.to_bits());
    }
    v.extend([
        0,
        0x8000_0000,
        1,
        0x8000_0001,
        0x7f7f_ffff,
        0xff7f_ffff,
        0x0080_0000,
        0x3f80_0000,
    ]);
    v.extend([
        0x7f80_0000,
        0xff80_0000,
        0x7fc0_0000,
        0x3e80_0000,
        0x3f00_0000,
        0x3e00_0000,
    ]);
    v
}

fn report(name: &str, f: Fun, t: &Tally) {
    eprintln!(
        "{name} {f:?}: {} inputs, {} agree with host libm, {} ambiguous reference, {} NaN, {} not proven",
        t.checked, t.agree, t.ambiguous, t.nan, t.not_certain
    );
    // Every input with a non-NaN, unambiguous reference agreed (compare asserts it).
    assert_eq!(t.agree + t.ambiguous + t.nan, t.checked);
    assert!(t.ambiguous * 1000 < t.checked);
}

#[test]
fn binary32_against_host_f64_libm() {
    for f in FUNS {
        let mut t = Tally::default();
        for x in inputs32(f, 150_000) {
            let r = core::<Binary32>(f, x);
            directed_ends::<Binary32>(f, x, &r);
            compare(
                &mut t,
                f,
                f32::from_bits(x) as f64,
                1 << 31,
                (
                    r.result.value as u64,
                    r.correctly_rounded,
                    r.lo as u64,
                    r.hi as u64,
                ),
                |y| (y as f32).to_bits() as u64,
                |b| f32::from_bits(b as u32) as f64,
            );
        }
        report("binary32", f, &t);
    }
}

/// binary16 bits ↔ f64, through the float core's conversion (checked against SoftFloat in
/// float_vs_softfloat.rs): exact one way, round-to-nearest-even the other.
fn f16_to_f64(b: u64) -> f64 {
    f64::from_bits(ops::convert::<Binary16, Binary64, Q>(b as u16, &FpMode::IEEE).value)
}
fn f64_to_f16(y: f64) -> u64 {
    ops::convert::<Binary64, Binary16, Q>(y.to_bits(), &FpMode::IEEE).value as u64
}

#[test]
fn binary16_exhaustive_against_host_f64_libm() {
    for f in FUNS {
        let mut t = Tally::default();
        for x in 0..=u16::MAX {
            let r = core::<Binary16>(f, x);
            directed_ends::<Binary16>(f, x, &r);
            compare(
                &mut t,
                f,
                f16_to_f64(x as u64),
                1 << 15,
                (
                    r.result.value as u64,
                    r.correctly_rounded,
                    r.lo as u64,
                    r.hi as u64,
                ),
                f64_to_f16,
                f16_to_f64,
            );
        }
        assert_eq!(t.checked, 65536);
        report("binary16", f, &t);
        half_ulp_plus(f);
    }
}

/// binary64 against the host's f64 functions themselves (not a correctly rounded reference:
/// glibc's exp2/log2/sin are within 1 ulp, 1/sqrt and the reduced sin within about 2), so
/// the check is a distance of at most 2 ulp, and the exact agreement is reported.
#[test]
fn binary64_within_two_ulp_of_host_libm() {
    let key = |b: u64| {
        if b >> 63 == 1 {
            -((b & !(1 << 63)) as i64) - 1
        } else {
            b as i64
        }
    };
    for f in [Fun::Exp2, Fun::Log2, Fun::Rsqrt, Fun::Sin, Fun::Cos] {
        let mut s = 0x2545_f491_4f6c_dd1du64 ^ f as u64;
        let (mut same, mut near, mut n) = (0u64, 0u64, 0u64);
        for i in 0..100_000 {
            let r = xorshift(&mut s);
            let x = match (f, i % 2) {
                (Fun::Exp2, 0) => ((r >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 2000.0,
                (Fun::Sin | Fun::Cos, 0) => ((r >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 8.0,
                (Fun::Sin | Fun::Cos, _) => f64::from_bits(r >> 3), // below 2^-1 or so: tiny angles too
                _ => f64::from_bits(r & !(1 << 63)),
            };
            // The reduction in `reference` is exact only while x - round(x) is: keep |x| < 2^52.
            if !x.is_finite() || x.abs() >= 4.5e15 {
                continue;
            }
            let y = reference(f, x);
            let ours = core::<Binary64>(f, x.to_bits()).result.value;
            if y.is_nan() {
                assert!(f64::from_bits(ours).is_nan());
                continue;
            }
            n += 1;
            let dist = (key(ours) - key(y.to_bits())).unsigned_abs();
            assert!(
                dist <= 2,
                "{f:?}({x:e}): ours {:e}, host {y:e}",
                f64::from_bits(ours)
            );
            same += (dist == 0) as u64;
            near += (dist == 1) as u64;
        }
        eprintln!("binary64 {f:?}: {n} finite inputs, {same} identical to host libm, {near} one ulp apart, {} two", n - same - near);
    }
}

/// The 0.51-ulp interval (the GCN f16 rows' bound) over every binary16 input: it holds the
/// round-to-nearest result, and each end is within 0.52 ulp of the host reference (0.51
/// plus the reference's own error and the binade slack).
fn half_ulp_plus(f: Fun) {
    let mut both = 0;
    for x in 0..=u16::MAX {
        let r = core_ulps::<Binary16>(f, x, FpMode::IEEE, Ulps(51));
        if r.special {
            continue;
        }
        let y = reference(f, f16_to_f64(x as u64));
        let (lo, hi, v) = (
            f16_to_f64(r.lo as u64),
            f16_to_f64(r.hi as u64),
            f16_to_f64(r.result.value as u64),
        );
        assert!(lo <= v && v <= hi, "{f:?}({x:#x})");
        if r.lo != r.hi {
            both += 1;
            let ulp = hi - lo;
            assert!(
                (lo - y).abs() <= 0.52 * ulp && (hi - y).abs() <= 0.52 * ulp,
                "{f:?}({x:#x}): [{lo:e}, {hi:e}] for {y:e}"
            );
        }
    }
    eprintln!("binary16 {f:?} at 0.51 ulp: {both} inputs accept both neighbours");
}
