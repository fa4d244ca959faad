//! Shared helpers of `float_vs_softfloat.rs`: modes, the mismatch report, the operations
//! on both sides, and the input generators.

#![allow(dead_code)]

use gpuref_float::quirks::Ieee754;
use gpuref_float::{ops, Flagged, Flags, Format, FpMode, Rounding, Tininess};
use gpuref_oracles::softfloat::{self as sf, Env, SoftFloatFormat};

// ---------------------------------------------------------------------------------------
// Modes, reporting
// ---------------------------------------------------------------------------------------

pub const TININESS: [Tininess; 2] = [Tininess::AfterRounding, Tininess::BeforeRounding];

pub fn tin_name(t: Tininess) -> &'static str {
    match t {
        Tininess::AfterRounding => "after",
        Tininess::BeforeRounding => "before",
    }
}

/// Every (rounding, tininess) pair, or only after-rounding ones if tininess cannot matter.
pub fn modes(tininess_matters: bool) -> Vec<(Rounding, Tininess)> {
    let tins: &[Tininess] = if tininess_matters {
        &TININESS
    } else {
        &TININESS[..1]
    };
    Rounding::ALL
        .iter()
        .flat_map(|&r| tins.iter().map(move |&t| (r, t)))
        .collect()
}

pub fn fp_mode(r: Rounding, t: Tininess) -> FpMode {
    FpMode::IEEE.with_rounding(r).with_tininess(t)
}

pub fn mode_name(r: Rounding, t: Tininess) -> String {
    format!("{}/{}", r.short_name(), tin_name(t))
}

pub fn hex<F: Format>(x: u64) -> String {
    format!("0x{:0w$x}", x, w = (F::WIDTH / 4) as usize)
}

/// gpuref's flags as SoftFloat can report them.
pub fn comparable(f: Flags) -> Flags {
    f.without(Flags::INPUT_DENORMAL)
}

/// Mismatch collector: counts every case, keeps the first few mismatches for printing.
pub struct Report {
    pub what: String,
    pub checked: u64,
    pub skipped: u64,
    /// Cases compared with a documented weakening (bfloat16 NaN payloads).
    pub weakened: u64,
    pub mismatches: u64,
    pub shown: Vec<String>,
}

pub const SHOW: usize = 25;

impl Report {
    pub fn new(what: impl Into<String>) -> Report {
        Report {
            what: what.into(),
            checked: 0,
            skipped: 0,
            weakened: 0,
            mismatches: 0,
            shown: Vec::new(),
        }
    }

    /// Compare SoftFloat's result (`want`) with gpuref's (`got`, flags already made
    /// comparable). `case` describes op, format, mode and inputs; `show` prints a result.
    #[inline]
    pub fn check<T: PartialEq + Copy>(
        &mut self,
        want: Flagged<T>,
        got: Flagged<T>,
        case: impl FnOnce() -> String,
        show: impl Fn(T) -> String,
    ) {
        self.checked += 1;
        if want.value != got.value || want.flags != got.flags {
            self.mismatches += 1;
            if self.shown.len() < SHOW {
                self.shown.push(format!(
                    "{}: softfloat {} {{{}}}, gpuref {} {{{}}}",
                    case(),
                    show(want.value),
                    want.flags,
                    show(got.value),
                    got.flags
                ));
            }
        }
    }

    pub fn merge(&mut self, other: Report) {
        self.checked += other.checked;
        self.skipped += other.skipped;
        self.weakened += other.weakened;
        self.mismatches += other.mismatches;
        for s in other.shown {
            if self.shown.len() < SHOW {
                self.shown.push(s);
            }
        }
    }

    /// Print the counts and the first mismatches.
    pub fn print_summary(&self) {
        let weakened = if self.weakened > 0 {
            format!(" ({} with the bfloat16 NaN payload rule)", self.weakened)
        } else {
            String::new()
        };
        eprintln!(
            "{}: {} cases compared{weakened}, {} skipped (known difference), {} mismatches",
            self.what, self.checked, self.skipped, self.mismatches
        );
        for s in &self.shown {
            eprintln!("  {s}");
        }
    }

    /// Print the summary; fail on any mismatch or if nothing was compared.
    pub fn finish(self) {
        self.print_summary();
        assert!(self.checked > 0, "{}: no case was compared", self.what);
        if self.mismatches > 0 {
            panic!(
                "{}: {} of {} cases differ from SoftFloat; first ones:\n  {}",
                self.what,
                self.mismatches,
                self.checked,
                self.shown.join("\n  ")
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// The operations, both sides, on u64-held bits
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Fma,
    Sqrt,
}

impl Op {
    pub fn name(self) -> &'static str {
        match self {
            Op::Add => "add",
            Op::Sub => "sub",
            Op::Mul => "mul",
            Op::Div => "div",
            Op::Fma => "fma",
            Op::Sqrt => "sqrt",
        }
    }
    pub fn arity(self) -> usize {
        match self {
            Op::Sqrt => 1,
            Op::Fma => 3,
            _ => 2,
        }
    }
    pub fn parse(s: &str) -> Option<Op> {
        [Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Fma, Op::Sqrt]
            .into_iter()
            .find(|o| o.name() == s)
    }
}

#[inline(always)]
pub fn widen<F: Format>(r: Flagged<F::Bits>) -> Flagged<u64> {
    Flagged::new(r.value.into(), r.flags)
}

#[inline]
pub fn gpuref_op<F: Format>(op: Op, x: [u64; 3], m: &FpMode) -> Flagged<u64> {
    let b = |i: usize| F::bits_from_u64(x[i]);
    let r = match op {
        Op::Add => ops::add::<F, Ieee754>(b(0), b(1), m),
        Op::Sub => ops::sub::<F, Ieee754>(b(0), b(1), m),
        Op::Mul => ops::mul::<F, Ieee754>(b(0), b(1), m),
        Op::Div => ops::div::<F, Ieee754>(b(0), b(1), m),
        Op::Fma => ops::fma::<F, Ieee754>(b(0), b(1), b(2), m),
        Op::Sqrt => ops::sqrt::<F, Ieee754>(b(0), m),
    };
    let r = widen::<F>(r);
    Flagged::new(r.value, comparable(r.flags))
}

#[inline]
pub fn softfloat_op<F: SoftFloatFormat>(op: Op, x: [u64; 3], env: Env) -> Flagged<u64> {
    let b = |i: usize| F::bits_from_u64(x[i]);
    widen::<F>(match op {
        Op::Add => sf::add::<F>(env, b(0), b(1)),
        Op::Sub => sf::sub::<F>(env, b(0), b(1)),
        Op::Mul => sf::mul::<F>(env, b(0), b(1)),
        Op::Div => sf::div::<F>(env, b(0), b(1)),
        Op::Fma => sf::mul_add::<F>(env, b(0), b(1), b(2)),
        Op::Sqrt => sf::sqrt::<F>(env, b(0)),
    })
}

pub fn is_nan<F: Format>(x: u64) -> bool {
    x & F::ABS_MASK > F::INFINITY
}
pub fn is_inf<F: Format>(x: u64) -> bool {
    x & F::ABS_MASK == F::INFINITY
}
pub fn is_zero<F: Format>(x: u64) -> bool {
    x & F::ABS_MASK == 0
}

/// The known difference: fma whose product is inf times zero and whose addend is a NaN.
pub fn fma_inf_zero_nan<F: Format>(x: [u64; 3]) -> bool {
    let (a, b, c) = (x[0], x[1], x[2]);
    !is_nan::<F>(a)
        && !is_nan::<F>(b)
        && is_nan::<F>(c)
        && ((is_inf::<F>(a) && is_zero::<F>(b)) || (is_zero::<F>(a) && is_inf::<F>(b)))
}

pub fn describe<F: Format>(op: Op, x: [u64; 3], r: Rounding, t: Tininess) -> String {
    let ins: Vec<String> = x[..op.arity()].iter().map(|&v| hex::<F>(v)).collect();
    format!(
        "{} {} {} ({})",
        op.name(),
        F::NAME,
        mode_name(r, t),
        ins.join(", ")
    )
}

/// Compare one case of an arithmetic op (skipping, and counting, the known difference).
#[inline]
pub fn compare_op<F: SoftFloatFormat>(
    rep: &mut Report,
    op: Op,
    x: [u64; 3],
    r: Rounding,
    t: Tininess,
) {
    if op == Op::Fma && fma_inf_zero_nan::<F>(x) {
        rep.skipped += 1;
        return;
    }
    let want = softfloat_op::<F>(op, x, Env::new(r, t));
    let got = gpuref_op::<F>(op, x, &fp_mode(r, t));
    rep.check(want, got, || describe::<F>(op, x, r, t), hex::<F>);
}

// ---------------------------------------------------------------------------------------
// Seeded input generation
// ---------------------------------------------------------------------------------------

/// SplitMix64: small, seeded, good enough to pick test inputs.
pub struct Rng(pub u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
}

pub fn width_mask<F: Format>() -> u64 {
    if F::WIDTH == 64 {
        u64::MAX
    } else {
        (1 << F::WIDTH) - 1
    }
}

/// Special values of `F`: zeros, extreme subnormals and normals, values around one,
/// infinities, quiet and signalling NaNs with several payloads; both signs.
pub fn specials<F: Format>() -> Vec<u64> {
    let exp1 = 1u64 << F::FRAC_BITS; // one unit of the exponent field
    let pos = [
        0,
        1,
        2,
        F::FRAC_MASK >> 1,
        F::FRAC_MASK,
        F::MIN_NORMAL,
        F::MIN_NORMAL + 1,
        F::MIN_NORMAL + F::FRAC_MASK,
        F::ONE - 1,
        F::ONE,
        F::ONE + 1,
        F::ONE + (F::QUIET_BIT),      // 1.5
        F::ONE + exp1,                // 2
        F::ONE - exp1,                // 0.5
        F::ONE + exp1 + F::QUIET_BIT, // 3
        F::MAX_FINITE - 1,
        F::MAX_FINITE,
        F::MAX_FINITE - exp1,
        F::INFINITY,
        F::INFINITY | F::QUIET_BIT,
        F::INFINITY | F::QUIET_BIT | 1,
        F::INFINITY | F::FRAC_MASK,
        F::INFINITY | 1,
        F::INFINITY | (F::QUIET_BIT >> 1),
        F::INFINITY | (F::FRAC_MASK >> 1),
    ];
    pos.iter().flat_map(|&v| [v, v | F::SIGN_MASK]).collect()
}

/// A fraction with a pattern that exercises rounding: random, random with low bits all
/// zero or all one, a single bit, all ones.
pub fn fraction<F: Format>(rng: &mut Rng) -> u64 {
    let r = rng.next() & F::FRAC_MASK;
    let k = rng.below(F::FRAC_BITS as u64 + 1) as u32;
    let low = (1u64 << k) - 1;
    match rng.below(6) {
        0 | 1 => r,
        2 => r & !low,
        3 => r | low,
        4 => (1u64 << rng.below(F::FRAC_BITS as u64)) & F::FRAC_MASK,
        _ => F::FRAC_MASK ^ (r & low),
    }
}

pub fn pack<F: Format>(sign: bool, exp_field: i64, frac: u64) -> u64 {
    let e = exp_field.clamp(0, F::EXP_MAX_FIELD as i64) as u64;
    ((sign as u64) * F::SIGN_MASK) | (e << F::FRAC_BITS) | (frac & F::FRAC_MASK)
}

pub fn exp_field_of<F: Format>(x: u64) -> i64 {
    ((x & F::EXP_MASK) >> F::FRAC_BITS) as i64
}

/// One operand: special values, uniform bits, subnormals, values near one, near the
/// exponent limits, or any finite exponent with a patterned fraction.
pub fn operand<F: Format>(rng: &mut Rng, specials: &[u64]) -> u64 {
    let sign = rng.below(2) == 1;
    let emax = F::EXP_MAX_FIELD as i64 - 1;
    let bias = F::BIAS as i64;
    match rng.below(10) {
        0 => specials[rng.below(specials.len() as u64) as usize],
        1 => rng.next() & width_mask::<F>(),
        2 => pack::<F>(sign, 0, fraction::<F>(rng)),
        3 => pack::<F>(sign, bias + rng.range(-3, 3), fraction::<F>(rng)),
        4 => pack::<F>(sign, rng.range(1, 4), fraction::<F>(rng)),
        5 => pack::<F>(sign, rng.range(emax - 3, emax), fraction::<F>(rng)),
        _ => pack::<F>(sign, rng.range(1, emax), fraction::<F>(rng)),
    }
}

/// Operands for `op`, sometimes chosen so the result lands near the overflow or underflow
/// threshold, or so that an addition cancels.
pub fn operands<F: SoftFloatFormat>(op: Op, rng: &mut Rng, specials: &[u64]) -> [u64; 3] {
    let mut x = [
        operand::<F>(rng, specials),
        operand::<F>(rng, specials),
        operand::<F>(rng, specials),
    ];
    let emax = F::EXP_MAX_FIELD as i64 - 1;
    let bias = F::BIAS as i64;
    let p = F::PRECISION as i64;
    match (op, rng.below(4)) {
        (Op::Add | Op::Sub, 0) => {
            // Nearly equal magnitudes: massive cancellation.
            let d = rng.range(-3, 3) as u64;
            let flip = (op == Op::Add) as u64 * F::SIGN_MASK;
            x[1] = (x[0].wrapping_add(d) & width_mask::<F>()) ^ flip;
        }
        (Op::Add | Op::Sub, 1) => {
            // Exponents a little apart: alignment, guard and sticky bits.
            let e = exp_field_of::<F>(x[0]) - rng.range(0, p + 3);
            x[1] = pack::<F>(rng.below(2) == 1, e, fraction::<F>(rng));
        }
        (Op::Mul | Op::Div | Op::Fma, 0 | 1) => {
            // Result exponent near the underflow threshold (including deep subnormals) or
            // the overflow threshold.
            let target = if rng.below(2) == 0 {
                rng.range(1 - p - 2, 3)
            } else {
                rng.range(emax - 2, emax + 2)
            };
            let ea = rng.range(1, emax);
            let eb = if op == Op::Div {
                ea - target + bias
            } else {
                target - ea + bias
            };
            x[0] = pack::<F>(rng.below(2) == 1, ea, fraction::<F>(rng));
            x[1] = pack::<F>(rng.below(2) == 1, eb, fraction::<F>(rng));
        }
        (Op::Mul | Op::Div | Op::Fma, 2) => {
            // Result within a few ulps of the smallest normal magnitude, where tininess
            // before and after rounding differ: b = t / a (mul, fma) or a / t (div) for t
            // at or just below 2^emin, then nudged (SoftFloat's division only picks inputs).
            let t = F::MIN_NORMAL - rng.below(3);
            let a = pack::<F>(rng.below(2) == 1, rng.range(1, emax), fraction::<F>(rng));
            let env = Env::new(
                Rounding::ALL[rng.below(4) as usize],
                Tininess::AfterRounding,
            );
            let (ab, tb) = (F::bits_from_u64(a), F::bits_from_u64(t));
            let b: u64 = if op == Op::Div {
                sf::div::<F>(env, ab, tb).value.into()
            } else {
                sf::div::<F>(env, tb, ab).value.into()
            };
            x[0] = a;
            x[1] = (b.wrapping_add(rng.range(-2, 2) as u64) & width_mask::<F>())
                ^ (rng.below(2) * F::SIGN_MASK);
            if op == Op::Fma {
                // A small addend that may push the sum across the threshold.
                x[2] = pack::<F>(rng.below(2) == 1, rng.range(0, 2), fraction::<F>(rng));
            }
        }
        _ => {}
    }
    if op == Op::Fma && rng.below(3) == 0 {
        // c close to -(a*b): the sum cancels (c from SoftFloat's product; inputs only).
        let prod: u64 = sf::mul::<F>(Env::IEEE, F::bits_from_u64(x[0]), F::bits_from_u64(x[1]))
            .value
            .into();
        let d = rng.range(-2, 2) as u64;
        x[2] = (prod.wrapping_add(d) & width_mask::<F>()) ^ F::SIGN_MASK;
    }
    x
}

pub fn cases_per_mode() -> u64 {
    std::env::var("GPUREF_ORACLE_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1 << 17)
}
