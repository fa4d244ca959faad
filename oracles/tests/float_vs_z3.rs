//! gpuref-float (IEEE 754 baseline: `Ieee754` quirks, subnormals kept, tininess after
//! rounding) against z3's floating-point theory, on directed corner cases for every
//! operation, every format (binary16, bfloat16, binary32, binary64) and all four rounding
//! modes. The oracle is `gpuref_oracles::z3fp`; docs/design/0004-z3-oracle.md says what z3
//! models and how each gap is handled:
//! - values are compared bit for bit, except NaN results, which must both be NaN (z3 has one
//!   NaN; payloads and the default NaN are checked by the other oracles);
//! - flags: z3 has none; the oracle derives invalid, division by zero, overflow, underflow
//!   and inexact from further z3 evaluations, and they are compared exactly. The
//!   input-denormal flag is an x86/GPU quirk outside IEEE 754 and is not compared;
//! - float→int results are compared only where the rounded operand is in range (z3 leaves
//!   the rest unspecified), `min(+0, -0)` is skipped (unspecified in z3);
//! - FMA never uses z3's `fp.fma` (unsound in libz3 4.8.12): the oracle builds it from an
//!   exact product and a round-to-odd sum, and each case also checks that construction
//!   against exact real arithmetic.
//!
//! Case sets: the class cross product (±0, ±min/max subnormal, ±min/max normal, ±1, ±inf,
//! quiet and signalling NaN), rounding boundaries (ties and near-ties), overflow and
//! underflow thresholds, massive cancellation, perfect and near squares, conversion and
//! integer-range boundaries; plus seeded random operands.
//!
//! Environment: `GPUREF_Z3_CASES=N` sets the number of seeded random cases per operation,
//! format and rounding mode (default 32); `GPUREF_Z3_SEED=S` changes the seed. Example:
//! `GPUREF_Z3_CASES=20000 cargo test -p gpuref-oracles --test float_vs_z3 --release`.
//!
//! Needs the system libz3 (Debian: `apt-get install libz3-dev`); without it the crate does
//! not link.

use gpuref_float::quirks::Ieee754;
use gpuref_float::{
    ops, BFloat16, Binary16, Binary32, Binary64, Flagged, Flags, Format, FpMode, Rounding,
};
use gpuref_oracles::z3fp::cases::*;
use gpuref_oracles::z3fp::{BinOp, Fmt, IntTy, Outcome, Relations, Value, Z3Error, Z3Fp};

/// Run `$body` with the type `$F` bound to the gpuref format of the z3 format `$f`.
macro_rules! with_format {
    ($f:expr, $F:ident => $body:expr) => {
        match $f {
            Fmt::BINARY16 => {
                type $F = Binary16;
                $body
            }
            Fmt::BFLOAT16 => {
                type $F = BFloat16;
                $body
            }
            Fmt::BINARY32 => {
                type $F = Binary32;
                $body
            }
            Fmt::BINARY64 => {
                type $F = Binary64;
                $body
            }
            other => panic!("no gpuref format for {other:?}"),
        }
    };
}

/// Flags outside IEEE 754 that z3 cannot say anything about.
const NOT_COMPARED: Flags = Flags::INPUT_DENORMAL;

// ---------------------------------------------------------------- reporting

struct Report {
    name: &'static str,
    cases: u64,
    failures: Vec<String>,
}

impl Report {
    fn new(name: &'static str) -> Report {
        Report {
            name,
            cases: 0,
            failures: Vec::new(),
        }
    }

    fn fail(&mut self, msg: String) {
        self.failures.push(msg);
    }

    fn finish(self) {
        println!(
            "{}: {} cases, {} failures",
            self.name,
            self.cases,
            self.failures.len()
        );
        if self.failures.is_empty() {
            return;
        }
        for f in self.failures.iter().take(60) {
            eprintln!("{f}");
        }
        panic!(
            "{}: {} of {} cases disagree with z3 (first {} shown above)",
            self.name,
            self.failures.len(),
            self.cases,
            self.failures.len().min(60)
        );
    }
}

fn hex_list(xs: &[u64]) -> String {
    xs.iter()
        .map(|x| format!("{x:#x}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Compare a gpuref float result with the z3 outcome.
fn check(
    rep: &mut Report,
    what: &str,
    f: Fmt,
    r: Rounding,
    inputs: &[u64],
    oracle: Result<Outcome, Z3Error>,
    (got_value, got_flags): (u64, Flags),
) {
    rep.cases += 1;
    let o = match oracle {
        Ok(o) => o,
        Err(e) => {
            rep.fail(format!(
                "{what} {} [{}]: {e}",
                r.short_name(),
                hex_list(inputs)
            ));
            return;
        }
    };
    let value_ok = match o.value {
        Value::Nan => f.is_nan(got_value),
        Value::Bits(b) => got_value == b,
    };
    let got_flags = got_flags.without(NOT_COMPARED);
    if !value_ok || got_flags != o.flags {
        rep.fail(format!(
            "{what} {} inputs [{}]: z3 {} flags {} | gpuref {got_value:#x} flags {got_flags}",
            r.short_name(),
            hex_list(inputs),
            o.value,
            o.flags,
        ));
    }
}

fn mode(r: Rounding) -> FpMode {
    FpMode::IEEE.with_rounding(r)
}

fn bits<F: Format>(x: u64) -> F::Bits {
    F::bits_from_u64(x)
}

fn val<F: Format>(r: Flagged<F::Bits>) -> (u64, Flags) {
    (r.value.into(), r.flags)
}

// ---------------------------------------------------------------- values

fn formats() -> [(Fmt, &'static str); 4] {
    [
        (Fmt::BINARY16, "binary16"),
        (Fmt::BFLOAT16, "bfloat16"),
        (Fmt::BINARY32, "binary32"),
        (Fmt::BINARY64, "binary64"),
    ]
}

// ---------------------------------------------------------------- random operands

fn random_cases() -> (usize, u64) {
    let n = std::env::var("GPUREF_Z3_CASES")
        .ok()
        .map(|s| s.parse().expect("GPUREF_Z3_CASES: a number"))
        .unwrap_or(32);
    let seed = std::env::var("GPUREF_Z3_SEED")
        .ok()
        .map(|s| s.parse().expect("GPUREF_Z3_SEED: a number"))
        .unwrap_or(0x9e37_79b9_7f4a_7c15);
    (n, seed)
}

fn random_tuples(f: Fmt, arity: usize, salt: u64) -> Vec<Vec<u64>> {
    let (n, seed) = random_cases();
    let classes = class_values(f);
    let mut rng = Rng(seed ^ salt.wrapping_mul(0x1000_0000_01b3) | 1);
    (0..n)
        .map(|_| (0..arity).map(|_| rng.operand(f, &classes)).collect())
        .collect()
}

// ---------------------------------------------------------------- dispatch to gpuref

/// gpuref's result for an op on format `f` (runtime-dispatched to the generic functions).
fn gpuref_binary(op: BinOp, f: Fmt, a: u64, b: u64, m: &FpMode) -> (u64, Flags) {
    fn go<F: Format>(op: BinOp, a: u64, b: u64, m: &FpMode) -> (u64, Flags) {
        let (a, b) = (bits::<F>(a), bits::<F>(b));
        val::<F>(match op {
            BinOp::Add => ops::add::<F, Ieee754>(a, b, m),
            BinOp::Sub => ops::sub::<F, Ieee754>(a, b, m),
            BinOp::Mul => ops::mul::<F, Ieee754>(a, b, m),
            BinOp::Div => ops::div::<F, Ieee754>(a, b, m),
        })
    }
    with_format!(f, F => go::<F>(op, a, b, m))
}

fn gpuref_sqrt(f: Fmt, a: u64, m: &FpMode) -> (u64, Flags) {
    fn go<F: Format>(a: u64, m: &FpMode) -> (u64, Flags) {
        val::<F>(ops::sqrt::<F, Ieee754>(bits::<F>(a), m))
    }
    with_format!(f, F => go::<F>(a, m))
}

fn gpuref_fma(f: Fmt, fused: bool, a: u64, b: u64, c: u64, m: &FpMode) -> (u64, Flags) {
    fn go<F: Format>(fused: bool, a: u64, b: u64, c: u64, m: &FpMode) -> (u64, Flags) {
        let (a, b, c) = (bits::<F>(a), bits::<F>(b), bits::<F>(c));
        val::<F>(if fused {
            ops::fma::<F, Ieee754>(a, b, c, m)
        } else {
            ops::mul_add_unfused::<F, Ieee754>(a, b, c, m)
        })
    }
    with_format!(f, F => go::<F>(fused, a, b, c, m))
}

fn gpuref_convert(from: Fmt, to: Fmt, a: u64, m: &FpMode) -> (u64, Flags) {
    with_format!(from, F => with_format!(to, G => {
        val::<G>(ops::convert::<F, G, Ieee754>(bits::<F>(a), m))
    }))
}

// ---------------------------------------------------------------- add, sub, mul, div

fn run_binary(op: BinOp, name: &'static str) {
    let z = Z3Fp::new();
    let mut rep = Report::new(name);
    for (f, fname) in formats() {
        let mut cases = binary_cases(op, f);
        cases.extend(
            random_tuples(f, 2, op as u64)
                .into_iter()
                .map(|t| [t[0], t[1]]),
        );
        for r in Rounding::ALL {
            let m = mode(r);
            for &[a, b] in &cases {
                let (gv, gf) = gpuref_binary(op, f, a, b, &m);
                let o = z.binary(op, f, r, a, b);
                check(
                    &mut rep,
                    &format!("{name} {fname}"),
                    f,
                    r,
                    &[a, b],
                    o,
                    (gv, gf),
                );
            }
        }
    }
    rep.finish();
}

#[test]
fn add_matches_z3() {
    run_binary(BinOp::Add, "add");
}

#[test]
fn sub_matches_z3() {
    run_binary(BinOp::Sub, "sub");
}

#[test]
fn mul_matches_z3() {
    run_binary(BinOp::Mul, "mul");
}

#[test]
fn div_matches_z3() {
    run_binary(BinOp::Div, "div");
}

// ---------------------------------------------------------------- sqrt

#[test]
fn sqrt_matches_z3() {
    let z = Z3Fp::new();
    let mut rep = Report::new("sqrt");
    for (f, fname) in formats() {
        let mut cases = sqrt_cases(f);
        cases.extend(random_tuples(f, 1, 5).into_iter().map(|t| t[0]));
        for r in Rounding::ALL {
            let m = mode(r);
            for &a in &cases {
                let (gv, gf) = gpuref_sqrt(f, a, &m);
                let o = z.sqrt_op(f, r, a);
                check(&mut rep, &format!("sqrt {fname}"), f, r, &[a], o, (gv, gf));
            }
        }
    }
    rep.finish();
}

// ---------------------------------------------------------------- fma

fn run_fma(fused: bool, name: &'static str) {
    let z = Z3Fp::new();
    let mut rep = Report::new(name);
    let mut construction = Report::new("fma construction vs exact reals");
    for (f, fname) in formats() {
        let mut cases = fma_cases(&z, f);
        cases.extend(
            random_tuples(f, 3, 7)
                .into_iter()
                .map(|t| [t[0], t[1], t[2]]),
        );
        for r in Rounding::ALL {
            let m = mode(r);
            for &[a, b, c] in &cases {
                let (gv, gf) = gpuref_fma(f, fused, a, b, c, &m);
                let o = if fused {
                    z.fma(f, r, a, b, c)
                } else {
                    z.mul_add_unfused(f, r, a, b, c)
                };
                if fused {
                    // The construction itself, checked against exact rational arithmetic.
                    construction.cases += 1;
                    match (&o, z.fma_via_reals(f, r, a, b, c)) {
                        (Ok(o), Ok(Some(reference))) if o.value != reference => {
                            construction.fail(format!(
                                "fma {fname} {} [{}]: round-to-odd {} | reals {}",
                                r.short_name(),
                                hex_list(&[a, b, c]),
                                o.value,
                                reference
                            ))
                        }
                        (_, Err(e)) => construction.fail(format!("fma via reals: {e}")),
                        _ => {}
                    }
                }
                check(
                    &mut rep,
                    &format!("{name} {fname}"),
                    f,
                    r,
                    &[a, b, c],
                    o,
                    (gv, gf),
                );
            }
        }
    }
    if fused {
        construction.finish();
    }
    rep.finish();
}

#[test]
fn fma_matches_z3_without_fp_fma() {
    run_fma(true, "fma");
}

#[test]
fn mul_add_unfused_matches_z3() {
    run_fma(false, "mul_add_unfused");
}

/// The case that broke `fp.fma` in libz3 4.8.12, checked in every mode against the exact
/// value computed in rationals, not against any stored answer. Its exact value
/// 842 × 0.0054931640625 + 3.73828125 = 8.363525390625 = 34257 × 2^-12 has 16 significant
/// bits (it is not a binary16 number): it lies at 1070.53125 binary16 ulps (2^-7), above the
/// midpoint, so every mode rounds and signals inexact, nearest-even and upward give 1071,
/// toward zero and downward 1070.
#[test]
fn fma_construction_on_the_z3_fp_fma_bug() {
    let z = Z3Fp::new();
    let [a, b, c] = Z3_FMA_BUG;
    let mut results = Vec::new();
    for r in Rounding::ALL {
        let o = z.fma(Fmt::BINARY16, r, a, b, c).expect("z3");
        let reals = z.fma_via_reals(Fmt::BINARY16, r, a, b, c).expect("z3");
        assert_eq!(Some(o.value), reals, "{}", r.short_name());
        assert_eq!(o.flags, Flags::INEXACT, "{}", r.short_name());
        let (gv, gf) = gpuref_fma(Fmt::BINARY16, true, a, b, c, &mode(r));
        assert_eq!(
            (Value::Bits(gv), gf.without(NOT_COMPARED)),
            (o.value, o.flags)
        );
        results.push(o.value);
    }
    // Rounding::ALL is rne, rtz, rup, rdn.
    assert_eq!(results[0], results[2]);
    assert_eq!(results[1], results[3]);
    assert_ne!(results[0], results[1]);
}

// ---------------------------------------------------------------- float → float

#[test]
fn convert_matches_z3() {
    let z = Z3Fp::new();
    let mut rep = Report::new("convert");
    for (from, fname) in formats() {
        for (to, tname) in formats() {
            let mut cases = convert_cases(from, to);
            cases.extend(random_tuples(from, 1, 11).into_iter().map(|t| t[0]));
            for r in Rounding::ALL {
                let m = mode(r);
                for &a in &cases {
                    let (gv, gf) = gpuref_convert(from, to, a, &m);
                    let o = z.convert(from, to, r, a);
                    check(
                        &mut rep,
                        &format!("convert {fname}->{tname}"),
                        to,
                        r,
                        &[a],
                        o,
                        (gv, gf),
                    );
                }
            }
        }
    }
    rep.finish();
}

// ---------------------------------------------------------------- round to integral, fract

fn gpuref_rti(f: Fmt, a: u64, r: Rounding, exact: bool, m: &FpMode) -> (u64, Flags) {
    fn go<F: Format>(a: u64, r: Rounding, exact: bool, m: &FpMode) -> (u64, Flags) {
        val::<F>(ops::round_to_integral::<F, Ieee754>(
            bits::<F>(a),
            r,
            exact,
            m,
        ))
    }
    with_format!(f, F => go::<F>(a, r, exact, m))
}

#[test]
fn round_to_integral_matches_z3() {
    let z = Z3Fp::new();
    let mut rep = Report::new("round_to_integral");
    for (f, fname) in formats() {
        let mut cases = integral_cases(f);
        cases.extend(random_tuples(f, 1, 13).into_iter().map(|t| t[0]));
        for r in Rounding::ALL {
            // The rounding direction is the operation's own; the mode's is another one, to
            // catch a mix-up.
            let m = mode(Rounding::ALL[(r as usize + 1) % 4]);
            for &a in &cases {
                for exact in [false, true] {
                    let (gv, gf) = gpuref_rti(f, a, r, exact, &m);
                    let o = z.round_to_integral_op(f, r, exact, a);
                    let what = format!("round_to_integral(exact={exact}) {fname}");
                    check(&mut rep, &what, f, r, &[a], o, (gv, gf));
                }
            }
        }
    }
    rep.finish();
}

#[test]
fn fract_matches_z3() {
    fn go<F: Format>(a: u64, m: &FpMode) -> (u64, Flags) {
        val::<F>(ops::fract::<F, Ieee754>(bits::<F>(a), m))
    }
    let z = Z3Fp::new();
    let mut rep = Report::new("fract");
    for (f, fname) in formats() {
        let mut cases = integral_cases(f);
        cases.extend(random_tuples(f, 1, 17).into_iter().map(|t| t[0]));
        for r in Rounding::ALL {
            let m = mode(r);
            for &a in &cases {
                let (gv, gf) = with_format!(f, F => go::<F>(a, &m));
                check(
                    &mut rep,
                    &format!("fract {fname}"),
                    f,
                    r,
                    &[a],
                    z.fract(f, r, a),
                    (gv, gf),
                );
            }
        }
    }
    rep.finish();
}

// ---------------------------------------------------------------- frexp, ldexp

#[test]
fn frexp_satisfies_its_definition_in_z3() {
    fn go<F: Format>(a: u64, m: &FpMode) -> (u64, i32, Flags) {
        let r = ops::frexp::<F, Ieee754>(bits::<F>(a), m);
        (r.value.0.into(), r.value.1, r.flags)
    }
    let z = Z3Fp::new();
    let mut rep = Report::new("frexp");
    for (f, fname) in formats() {
        let mut cases = class_values(f);
        cases.extend(magnitudes(f));
        cases.extend(magnitudes(f).into_iter().map(|x| neg(f, x)));
        cases.extend(random_tuples(f, 1, 19).into_iter().map(|t| t[0]));
        for &a in &cases {
            rep.cases += 1;
            let (m, e, flags) = with_format!(f, F => go::<F>(a, &FpMode::IEEE));
            let flags = flags.without(NOT_COMPARED);
            // frexp is exact: only a signalling NaN raises anything (invalid).
            let want_flags = Flags::when(f.is_snan(a), Flags::INVALID);
            let ok = match z.frexp_holds(f, a, m, i64::from(e)) {
                Ok(Some(holds)) => holds,
                // C's conventions for NaN, zero and infinity (C11 7.12.6.4): a NaN, or the
                // operand itself with exponent 0 for zeros (unspecified for infinities).
                Ok(None) if f.is_nan(a) => f.is_nan(m),
                Ok(None) if f.is_zero(a) => m == a && e == 0,
                Ok(None) => m == a,
                Err(err) => {
                    rep.fail(format!("frexp {fname} [{a:#x}]: {err}"));
                    continue;
                }
            };
            if !ok || flags != want_flags {
                rep.fail(format!(
                    "frexp {fname} [{a:#x}]: gpuref ({m:#x}, {e}) flags {flags}; \
                     z3 finds m * 2^e != a or |m| outside [0.5, 1) (want flags {want_flags})"
                ));
            }
        }
    }
    rep.finish();
}

#[test]
fn ldexp_matches_z3() {
    fn go<F: Format>(a: u64, n: i32, m: &FpMode) -> (u64, Flags) {
        val::<F>(ops::ldexp::<F, Ieee754>(bits::<F>(a), n, m))
    }
    let z = Z3Fp::new();
    let mut rep = Report::new("ldexp");
    for (f, fname) in formats() {
        let p = f.sbits as i32;
        let range = (f.emax() - f.emin()) as i32;
        let ns = [
            0,
            1,
            -1,
            2,
            -2,
            p,
            -p,
            p - 1,
            -(p - 1),
            range,
            -range,
            range + p,
            -(range + p),
            -(range + p + 1),
            i32::MAX,
            i32::MIN,
            1 << 21,
            -(1 << 21),
        ];
        let mut cases = class_values(f);
        cases.extend(magnitudes(f));
        cases.extend(
            [exact(f, true, 3, -1), exact(f, false, 3, 0)]
                .into_iter()
                .flatten(),
        );
        cases.extend(random_tuples(f, 1, 23).into_iter().map(|t| t[0]));
        for r in Rounding::ALL {
            let m = mode(r);
            for &a in &cases {
                for n in ns {
                    let (gv, gf) = with_format!(f, F => go::<F>(a, n, &m));
                    let o = z.ldexp(f, r, a, i64::from(n));
                    check(
                        &mut rep,
                        &format!("ldexp(n={n}) {fname}"),
                        f,
                        r,
                        &[a],
                        o,
                        (gv, gf),
                    );
                }
            }
        }
    }
    rep.finish();
}

// ---------------------------------------------------------------- float ↔ int

fn int_ty(t: ops::IntType) -> IntTy {
    IntTy {
        bits: t.width(),
        signed: t.is_signed(),
    }
}

#[test]
fn to_int_matches_z3_in_range() {
    fn go<F: Format>(a: u64, t: ops::IntType, r: Rounding, sat: bool, m: &FpMode) -> (u64, Flags) {
        let x = ops::to_int::<F, Ieee754>(bits::<F>(a), t, r, sat, m);
        (x.value, x.flags)
    }
    let z = Z3Fp::new();
    let mut rep = Report::new("to_int");
    for (f, fname) in formats() {
        let mut cases = to_int_cases(f);
        cases.extend(random_tuples(f, 1, 29).into_iter().map(|t| t[0]));
        for r in Rounding::ALL {
            // The direction is the operation's; give the mode another one.
            let m = mode(Rounding::ALL[(r as usize + 2) % 4]);
            for t in ops::IntType::ALL {
                for &a in &cases {
                    let o = match z.to_int(f, r, a, int_ty(t)) {
                        Ok(o) => o,
                        Err(e) => {
                            rep.fail(format!("to_int {fname}->{} [{a:#x}]: {e}", t.name()));
                            continue;
                        }
                    };
                    for sat in [false, true] {
                        let (gv, gf) = with_format!(f, F => go::<F>(a, t, r, sat, &m));
                        let gf = gf.without(NOT_COMPARED);
                        rep.cases += 1;
                        // In range: value and flags. Out of range or NaN: z3 gives no value
                        // (the result is a quirk); a non-saturating conversion is invalid.
                        let ok = match o.value {
                            Some(v) => gv == v && gf == o.flags,
                            None => sat || gf == o.flags,
                        };
                        if !ok {
                            let want = o.value.map_or("unspecified".into(), |v| format!("{v:#x}"));
                            rep.fail(format!(
                                "to_int(sat={sat}) {fname}->{} {} [{a:#x}]: z3 {want} flags {} \
                                 | gpuref {gv:#x} flags {gf}",
                                t.name(),
                                r.short_name(),
                                o.flags
                            ));
                        }
                    }
                }
            }
        }
    }
    rep.finish();
}

#[test]
fn from_int_matches_z3() {
    fn go<F: Format>(x: u64, t: ops::IntType, m: &FpMode) -> (u64, Flags) {
        val::<F>(ops::from_int::<F, Ieee754>(x, t, m))
    }
    let z = Z3Fp::new();
    let mut rep = Report::new("from_int");
    let (n_random, seed) = random_cases();
    let mut rng = Rng(seed | 1);
    for (f, fname) in formats() {
        for t in ops::IntType::ALL {
            let mut cases = from_int_cases(f, int_ty(t));
            cases.extend((0..n_random).map(|_| rng.next_u64() >> (rng.next_u64() % 64) & t.mask()));
            for r in Rounding::ALL {
                let m = mode(r);
                for &x in &cases {
                    let (gv, gf) = with_format!(f, F => go::<F>(x, t, &m));
                    let o = z.from_int(f, r, x, int_ty(t));
                    check(
                        &mut rep,
                        &format!("from_int {}->{fname}", t.name()),
                        f,
                        r,
                        &[x],
                        o,
                        (gv, gf),
                    );
                }
            }
        }
    }
    rep.finish();
}

// ---------------------------------------------------------------- min/max, compare

#[test]
fn min_max_match_z3() {
    type MinMax = fn(u64, u64, &FpMode) -> (u64, Flags);
    type Op<F> =
        fn(<F as Format>::Bits, <F as Format>::Bits, &FpMode) -> Flagged<<F as Format>::Bits>;
    fn table<F: Format>() -> [(&'static str, bool, bool, MinMax); 6] {
        fn w<F: Format>(op: Op<F>, a: u64, b: u64, m: &FpMode) -> (u64, Flags) {
            val::<F>(op(bits::<F>(a), bits::<F>(b), m))
        }
        // (name, max, NaN propagates, op)
        [
            ("min_num", false, false, |a, b, m| {
                w::<F>(ops::min_num::<F, Ieee754>, a, b, m)
            }),
            ("max_num", true, false, |a, b, m| {
                w::<F>(ops::max_num::<F, Ieee754>, a, b, m)
            }),
            ("minimum_number", false, false, |a, b, m| {
                w::<F>(ops::minimum_number::<F, Ieee754>, a, b, m)
            }),
            ("maximum_number", true, false, |a, b, m| {
                w::<F>(ops::maximum_number::<F, Ieee754>, a, b, m)
            }),
            ("minimum", false, true, |a, b, m| {
                w::<F>(ops::minimum::<F, Ieee754>, a, b, m)
            }),
            ("maximum", true, true, |a, b, m| {
                w::<F>(ops::maximum::<F, Ieee754>, a, b, m)
            }),
        ]
    }
    let z = Z3Fp::new();
    let mut rep = Report::new("min/max");
    for (f, fname) in formats() {
        let ops_table = with_format!(f, F => table::<F>());
        let mut cases = pair_cases(f);
        cases.extend(random_tuples(f, 2, 31).into_iter().map(|t| [t[0], t[1]]));
        for (name, max, propagates, op) in ops_table {
            for &[a, b] in &cases {
                // 754-2008 minNum/maxNum turn an sNaN operand into NaN, unlike fp.min.
                if name.ends_with("_num") && (f.is_snan(a) || f.is_snan(b)) {
                    continue;
                }
                let (gv, gf) = op(a, b, &FpMode::IEEE);
                match z.min_max(f, max, propagates, a, b) {
                    Ok(None) => {} // ±0 pair: unspecified in z3
                    o => {
                        let o = o.map(|o| o.expect("Some"));
                        let what = format!("{name} {fname}");
                        check(
                            &mut rep,
                            &what,
                            f,
                            Rounding::NearestEven,
                            &[a, b],
                            o,
                            (gv, gf),
                        );
                    }
                }
            }
        }
    }
    rep.finish();
}

/// The relations of each §5.11 predicate, written out from the predicate names (not from
/// gpuref's mask encoding).
fn relations(p: ops::Predicate) -> Relations {
    use ops::Predicate as P;
    let (less, equal, greater, unordered) = match p {
        P::False => (false, false, false, false),
        P::Less => (true, false, false, false),
        P::Equal => (false, true, false, false),
        P::LessEqual => (true, true, false, false),
        P::Greater => (false, false, true, false),
        P::LessGreater => (true, false, true, false),
        P::GreaterEqual => (false, true, true, false),
        P::Ordered => (true, true, true, false),
        P::Unordered => (false, false, false, true),
        P::LessUnordered => (true, false, false, true),
        P::EqualUnordered => (false, true, false, true),
        P::NotGreater => (true, true, false, true),
        P::GreaterUnordered => (false, false, true, true),
        P::NotEqual => (true, false, true, true),
        P::NotLess => (false, true, true, true),
        P::True => (true, true, true, true),
    };
    Relations {
        less,
        equal,
        greater,
        unordered,
    }
}

#[test]
fn compare_matches_z3() {
    fn go<F: Format>(a: u64, b: u64, p: ops::Predicate, sig: bool) -> (bool, Flags) {
        let r = ops::compare::<F, Ieee754>(bits::<F>(a), bits::<F>(b), p, sig, &FpMode::IEEE);
        (r.value, r.flags)
    }
    let z = Z3Fp::new();
    let mut rep = Report::new("compare");
    for (f, fname) in formats() {
        let mut cases = pair_cases(f);
        cases.extend(random_tuples(f, 2, 37).into_iter().map(|t| [t[0], t[1]]));
        for p in ops::Predicate::ALL {
            for signaling in [false, true] {
                for &[a, b] in &cases {
                    rep.cases += 1;
                    let (gv, gf) = with_format!(f, F => go::<F>(a, b, p, signaling));
                    let gf = gf.without(NOT_COMPARED);
                    match z.compare(f, relations(p), signaling, a, b) {
                        Ok((zv, zf)) if (zv, zf) == (gv, gf) => {}
                        o => rep.fail(format!(
                            "compare {p:?}(signaling={signaling}) {fname} [{a:#x}, {b:#x}]: \
                             z3 {o:?} | gpuref ({gv}, {gf})"
                        )),
                    }
                }
            }
        }
    }
    rep.finish();
}
