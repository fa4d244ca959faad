//! Property tests over the whole float core: relations between operations that must hold
//! for every input, format and mode. Expected values are never computed by the operation
//! under test; `support` decodes bits independently of the crate.
//!
//! Case counts are sized for about 10 s in the test profile; raise them with
//! `PROPTEST_CASES=<n>` (applies to every property). Failures print the format, mode and
//! operands in hex.

use gpuref_float::ops::{self, IntType, Predicate, Relation};
use gpuref_float::quirks::{AmdGcn5, AmdR700, Ieee754, IntelGen7Alt, IntelGen7Ieee};
use gpuref_float::{
    classify, is_nan_bits, is_signaling_nan_bits, BFloat16, Binary16, Binary32, Binary64, Class,
    Flags, FloatQuirks, Format, FpMode, Rounding,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

mod support;

use support::*;

type Q = Ieee754;

// ---------------------------------------------------------------------------------------
// Properties, generic over the format.

/// sub(a, b) == add(a, −b), bit for bit with flags, for b not NaN.
fn sub_is_add_neg<F: Format>(a: u64, b: u64, m: &FpMode) -> Result<(), TestCaseError> {
    if nan::<F>(b) {
        return Ok(());
    }
    let s = fl::<F>(ops::sub::<F, Q>(bits::<F>(a), bits::<F>(b), m));
    let t = fl::<F>(ops::add::<F, Q>(
        bits::<F>(a),
        bits::<F>(b ^ F::SIGN_MASK),
        m,
    ));
    prop_assert_eq!(s, t, "sub vs add(−b): {}", ctx::<F>(m, &[a, b]));
    Ok(())
}

/// add and mul commute (values and flags) for non-NaN operands.
fn commutative<F: Format>(a: u64, b: u64, m: &FpMode) -> Result<(), TestCaseError> {
    if nan::<F>(a) || nan::<F>(b) {
        return Ok(());
    }
    let (x, y) = (bits::<F>(a), bits::<F>(b));
    prop_assert_eq!(
        fl::<F>(ops::add::<F, Q>(x, y, m)),
        fl::<F>(ops::add::<F, Q>(y, x, m)),
        "add: {}",
        ctx::<F>(m, &[a, b])
    );
    prop_assert_eq!(
        fl::<F>(ops::mul::<F, Q>(x, y, m)),
        fl::<F>(ops::mul::<F, Q>(y, x, m)),
        "mul: {}",
        ctx::<F>(m, &[a, b])
    );
    Ok(())
}

#[derive(Clone, Copy, Debug)]
enum Arith {
    Add,
    Mul,
    Div,
    Sqrt,
    Fma,
}

fn arith<F: Format>(op: Arith, a: u64, b: u64, c: u64, m: &FpMode) -> (u64, Flags) {
    let (x, y, z) = (bits::<F>(a), bits::<F>(b), bits::<F>(c));
    fl::<F>(match op {
        Arith::Add => ops::add::<F, Q>(x, y, m),
        Arith::Mul => ops::mul::<F, Q>(x, y, m),
        Arith::Div => ops::div::<F, Q>(x, y, m),
        Arith::Sqrt => ops::sqrt::<F, Q>(x, m),
        Arith::Fma => ops::fma::<F, Q>(x, y, z, m),
    })
}

/// Directed roundings bracket the exact result: rd ≤ rn ≤ ru, rd = ru iff exact (the same
/// inexact flag in every direction), |rz| ≤ |rd|, |ru| and rz is one of them.
fn directed<F: Format>(op: Arith, a: u64, b: u64, c: u64, m: &FpMode) -> Result<(), TestCaseError> {
    let m = no_output_flush::<F>(*m);
    let run = |r| arith::<F>(op, a, b, c, &m.with_rounding(r));
    let (rd, fd) = run(Rounding::TowardNegative);
    let (ru, fu) = run(Rounding::TowardPositive);
    let (rn, fn_) = run(Rounding::NearestEven);
    let (rz, fz) = run(Rounding::TowardZero);
    let why = || {
        format!(
            "{op:?} {} rd {rd:#x} rn {rn:#x} ru {ru:#x} rz {rz:#x}",
            ctx::<F>(&m, &[a, b, c])
        )
    };
    let nans = [rd, ru, rn, rz].map(nan::<F>);
    prop_assert!(
        nans.iter().all(|&n| n == nans[0]),
        "NaN in some directions only: {}",
        why()
    );
    if nans[0] {
        return Ok(());
    }
    let inexact = fd.contains(Flags::INEXACT);
    for f in [fu, fn_, fz] {
        prop_assert_eq!(
            f.contains(Flags::INEXACT),
            inexact,
            "inexact differs: {}",
            why()
        );
    }
    prop_assert!(
        key::<F>(rd) <= key::<F>(rn) && key::<F>(rn) <= key::<F>(ru),
        "order: {}",
        why()
    );
    prop_assert_eq!(
        key::<F>(rd) == key::<F>(ru),
        !inexact,
        "equality iff exact: {}",
        why()
    );
    let mag = |x: u64| x & F::ABS_MASK;
    prop_assert!(mag(rz) <= mag(rd) && mag(rz) <= mag(ru), "|rz|: {}", why());
    prop_assert!(
        key::<F>(rz) == key::<F>(rd) || key::<F>(rz) == key::<F>(ru),
        "rz: {}",
        why()
    );
    Ok(())
}

/// a ≤ b ⇒ f(a) ≤ f(b) for non-NaN operands (numeric order, ±0 equal).
fn monotone<F: Format, G: Format>(
    name: &str,
    f: impl Fn(u64) -> u64,
    a: u64,
    b: u64,
    m: &FpMode,
) -> Result<(), TestCaseError> {
    if nan::<F>(a) || nan::<F>(b) {
        return Ok(());
    }
    let (lo, hi) = if key::<F>(a) <= key::<F>(b) {
        (a, b)
    } else {
        (b, a)
    };
    let (flo, fhi) = (f(lo), f(hi));
    if nan::<G>(flo) || nan::<G>(fhi) {
        return Ok(());
    }
    prop_assert!(
        key::<G>(flo) <= key::<G>(fhi),
        "{name} not monotone: f({lo:#x}) = {flo:#x} > f({hi:#x}) = {fhi:#x}; {}",
        ctx::<F>(m, &[a, b])
    );
    Ok(())
}

fn monotone_ops<F: Format>(a: u64, b: u64, r: Rounding, m: &FpMode) -> Result<(), TestCaseError> {
    // sqrt on non-negative operands.
    let (pa, pb) = (a & !F::SIGN_MASK, b & !F::SIGN_MASK);
    monotone::<F, F>(
        "sqrt",
        |x| raw::<F>(ops::sqrt::<F, Q>(bits::<F>(x), m).value),
        pa,
        pb,
        m,
    )?;
    monotone::<F, F>(
        "round_to_integral",
        |x| raw::<F>(ops::round_to_integral::<F, Q>(bits::<F>(x), r, true, m).value),
        a,
        b,
        m,
    )?;
    monotone::<F, Binary16>(
        "convert→f16",
        |x| raw::<Binary16>(ops::convert::<F, Binary16, Q>(bits::<F>(x), m).value),
        a,
        b,
        m,
    )?;
    monotone::<F, BFloat16>(
        "convert→bf16",
        |x| raw::<BFloat16>(ops::convert::<F, BFloat16, Q>(bits::<F>(x), m).value),
        a,
        b,
        m,
    )?;
    monotone::<F, Binary32>(
        "convert→f32",
        |x| raw::<Binary32>(ops::convert::<F, Binary32, Q>(bits::<F>(x), m).value),
        a,
        b,
        m,
    )?;
    // Saturating float→int: monotone in the integer order (non-NaN operands).
    for ty in [
        IntType::I16,
        IntType::I32,
        IntType::U32,
        IntType::I64,
        IntType::U64,
    ] {
        let as_int = |v: u64| -> i128 {
            let w = ty.width();
            if ty.is_signed() && (v >> (w - 1)) & 1 == 1 {
                v as i128 - (1i128 << w)
            } else {
                v as i128
            }
        };
        if nan::<F>(a) || nan::<F>(b) {
            continue;
        }
        let (lo, hi) = if key::<F>(a) <= key::<F>(b) {
            (a, b)
        } else {
            (b, a)
        };
        let ilo = as_int(ops::to_int::<F, Q>(bits::<F>(lo), ty, r, true, m).value);
        let ihi = as_int(ops::to_int::<F, Q>(bits::<F>(hi), ty, r, true, m).value);
        prop_assert!(
            ilo <= ihi,
            "to_int {} {r:?}: {ilo} > {ihi}; {}",
            ty.name(),
            ctx::<F>(m, &[lo, hi])
        );
    }
    Ok(())
}

/// from_int is monotone over i64 and u64.
fn from_int_monotone<F: Format>(x: i64, y: i64, m: &FpMode) -> Result<(), TestCaseError> {
    let (lo, hi) = if x <= y { (x, y) } else { (y, x) };
    let flo = raw::<F>(ops::from_int::<F, Q>(lo as u64, IntType::I64, m).value);
    let fhi = raw::<F>(ops::from_int::<F, Q>(hi as u64, IntType::I64, m).value);
    prop_assert!(
        key::<F>(flo) <= key::<F>(fhi),
        "from_int i64 {lo} {hi}: {flo:#x} {fhi:#x} {m:?}"
    );
    let (ulo, uhi) = if (x as u64) <= (y as u64) {
        (x as u64, y as u64)
    } else {
        (y as u64, x as u64)
    };
    let flo = raw::<F>(ops::from_int::<F, Q>(ulo, IntType::U64, m).value);
    let fhi = raw::<F>(ops::from_int::<F, Q>(uhi, IntType::U64, m).value);
    prop_assert!(
        key::<F>(flo) <= key::<F>(fhi),
        "from_int u64 {ulo} {uhi}: {flo:#x} {fhi:#x} {m:?}"
    );
    Ok(())
}

/// Integral values in range convert to an integer exactly and back.
fn int_round_trip<F: Format>(
    x: u64,
    ty: IntType,
    r: Rounding,
    m: &FpMode,
) -> Result<(), TestCaseError> {
    let i = ops::to_int::<F, Q>(bits::<F>(x), ty, r, false, m);
    if !i.flags.is_empty() {
        // Out of range (invalid) is the only way an integral value can raise a flag.
        prop_assert_eq!(i.flags, Flags::INVALID, "to_int({:#x}) {}", x, ty.name());
        return Ok(());
    }
    let back = fl::<F>(ops::from_int::<F, Q>(i.value, ty, m));
    // −0 converts to 0 and back to +0.
    let expect = if zero::<F>(x) { 0 } else { x };
    prop_assert_eq!(
        back,
        (expect, Flags::NONE),
        "from_int(to_int({:#x}) = {:#x}) {}",
        x,
        i.value,
        ty.name()
    );
    Ok(())
}

/// Integers that convert exactly convert back to themselves.
fn int_round_trip_from_int<F: Format>(
    v: u64,
    ty: IntType,
    m: &FpMode,
) -> Result<(), TestCaseError> {
    let f = ops::from_int::<F, Q>(v, ty, m);
    if !f.flags.is_empty() {
        return Ok(());
    }
    let r = ops::to_int::<F, Q>(f.value, ty, Rounding::NearestEven, false, m);
    prop_assert_eq!(
        (r.value, r.flags),
        (v & ty.mask(), Flags::NONE),
        "to_int(from_int({:#x}) = {:#x}) {}",
        v,
        raw::<F>(f.value),
        ty.name()
    );
    Ok(())
}

/// fma(a, b, −0) == mul(a, b), values and flags, whenever the product is not zero.
fn fma_minus_zero<F: Format>(a: u64, b: u64, m: &FpMode) -> Result<(), TestCaseError> {
    if nan::<F>(a) || nan::<F>(b) {
        return Ok(());
    }
    let p = fl::<F>(ops::mul::<F, Q>(bits::<F>(a), bits::<F>(b), m));
    if zero::<F>(p.0) {
        return Ok(());
    }
    let f = fl::<F>(ops::fma::<F, Q>(
        bits::<F>(a),
        bits::<F>(b),
        bits::<F>(F::SIGN_MASK),
        m,
    ));
    prop_assert_eq!(f, p, "fma(a, b, -0) vs mul: {}", ctx::<F>(m, &[a, b]));
    Ok(())
}

/// ldexp(frexp(x)) == x as read, with m in [0.5, 1) (exponent field BIAS − 1).
fn frexp_ldexp<F: Format>(x: u64, m: &FpMode) -> Result<(), TestCaseError> {
    if nan::<F>(x) {
        return Ok(());
    }
    let m = no_output_flush::<F>(*m);
    let fr = ops::frexp::<F, Q>(bits::<F>(x), &m);
    let (mant, e) = (raw::<F>(fr.value.0), fr.value.1);
    let read = as_read::<F>(x, &m);
    let finite_nonzero = !zero::<F>(read) && read & F::EXP_MASK != F::EXP_MASK;
    if finite_nonzero {
        prop_assert_eq!(
            (mant & F::EXP_MASK) >> F::FRAC_BITS,
            (F::BIAS - 1) as u64,
            "frexp mantissa {:#x}: {}",
            mant,
            ctx::<F>(&m, &[x])
        );
        prop_assert_eq!(neg::<F>(mant), neg::<F>(x));
    } else {
        prop_assert_eq!(
            (mant, e),
            (read, 0),
            "frexp special: {}",
            ctx::<F>(&m, &[x])
        );
    }
    let back = fl::<F>(ops::ldexp::<F, Q>(bits::<F>(mant), e, &m));
    prop_assert_eq!(
        back,
        (read, Flags::NONE),
        "ldexp(frexp) e = {}: {}",
        e,
        ctx::<F>(&m, &[x])
    );
    Ok(())
}

/// fract(x) == x − floor(x) with one rounding: sub(x, roundToIntegral(x, toward negative))
/// bit for bit with flags, for every x (floor is exact; NaN, infinity and zero rules agree).
fn fract_is_x_minus_floor<F: Format>(x: u64, m: &FpMode) -> Result<(), TestCaseError> {
    let fr = fl::<F>(ops::fract::<F, Q>(bits::<F>(x), m));
    let floor = ops::round_to_integral::<F, Q>(bits::<F>(x), Rounding::TowardNegative, false, m);
    let diff = fl::<F>(ops::sub::<F, Q>(bits::<F>(x), floor.value, m));
    prop_assert_eq!(
        fr,
        diff,
        "fract vs x - floor(x) (floor {:#x}): {}",
        raw::<F>(floor.value),
        ctx::<F>(m, &[x])
    );
    Ok(())
}

/// roundToIntegral agrees with to_int (i64) where the latter is valid, flags included, and
/// is idempotent.
fn round_to_integral_vs_to_int<F: Format>(
    x: u64,
    r: Rounding,
    m: &FpMode,
) -> Result<(), TestCaseError> {
    let ri = ops::round_to_integral::<F, Q>(bits::<F>(x), r, true, m);
    let again = ops::round_to_integral::<F, Q>(ri.value, r, true, m);
    if !nan::<F>(x) {
        prop_assert_eq!(
            (raw::<F>(again.value), again.flags),
            (raw::<F>(ri.value), Flags::NONE),
            "idempotence: {}",
            ctx::<F>(m, &[x])
        );
    }
    let i = ops::to_int::<F, Q>(bits::<F>(x), IntType::I64, r, false, m);
    if i.flags.contains(Flags::INVALID) {
        return Ok(());
    }
    let back = ops::from_int::<Binary64, Q>(i.value, IntType::I64, &FpMode::IEEE);
    let wide = ops::convert::<F, Binary64, Q>(ri.value, &FpMode::IEEE);
    prop_assert_eq!(
        key::<Binary64>(raw::<Binary64>(back.value)),
        key::<Binary64>(raw::<Binary64>(wide.value)),
        "value: to_int {:#x} vs round_to_integral {:#x}: {}",
        i.value,
        raw::<F>(ri.value),
        ctx::<F>(m, &[x])
    );
    prop_assert_eq!(i.flags, ri.flags, "flags: {}", ctx::<F>(m, &[x]));
    Ok(())
}

/// ldexp(x, n) == x × 2^n (one rounding), bit for bit with flags, for 2^n a normal number.
fn ldexp_is_mul_by_power_of_two<F: Format>(
    x: u64,
    n: i32,
    m: &FpMode,
) -> Result<(), TestCaseError> {
    let n = n.rem_euclid(F::EMAX - F::EMIN + 1) + F::EMIN;
    let pow2 = ((n + F::BIAS) as u64) << F::FRAC_BITS;
    let l = fl::<F>(ops::ldexp::<F, Q>(bits::<F>(x), n, m));
    let p = fl::<F>(ops::mul::<F, Q>(bits::<F>(x), bits::<F>(pow2), m));
    prop_assert_eq!(
        l,
        p,
        "ldexp(x, {}) vs x * {:#x}: {}",
        n,
        pow2,
        ctx::<F>(m, &[x])
    );
    Ok(())
}

/// classify agrees with fields decoded by hand.
fn classify_fields<F: Format>(x: u64) -> Result<(), TestCaseError> {
    let e = (x & F::EXP_MASK) >> F::FRAC_BITS;
    let f = x & F::FRAC_MASK;
    let s = neg::<F>(x);
    let expect = match (e, f) {
        (e, f) if e == F::EXP_MAX_FIELD && f != 0 => {
            if f >> (F::FRAC_BITS - 1) == 1 {
                Class::QuietNan
            } else {
                Class::SignalingNan
            }
        }
        (e, _) if e == F::EXP_MAX_FIELD => {
            [Class::PositiveInfinity, Class::NegativeInfinity][s as usize]
        }
        (0, 0) => [Class::PositiveZero, Class::NegativeZero][s as usize],
        (0, _) => [Class::PositiveSubnormal, Class::NegativeSubnormal][s as usize],
        _ => [Class::PositiveNormal, Class::NegativeNormal][s as usize],
    };
    let got = classify::<F>(bits::<F>(x));
    prop_assert_eq!(got, expect, "classify {} {:#x}", F::NAME, x);
    prop_assert_eq!(
        is_nan_bits::<F>(bits::<F>(x)),
        matches!(expect, Class::QuietNan | Class::SignalingNan)
    );
    prop_assert_eq!(
        is_signaling_nan_bits::<F>(bits::<F>(x)),
        expect == Class::SignalingNan
    );
    Ok(())
}

/// Comparisons: swapping operands swaps the relation; min/max agree with the order.
fn compare_and_minmax<F: Format>(a: u64, b: u64, m: &FpMode) -> Result<(), TestCaseError> {
    let (x, y) = (bits::<F>(a), bits::<F>(b));
    let why = || ctx::<F>(m, &[a, b]);
    for signaling in [false, true] {
        let r = ops::compare_raw::<F, Q>(x, y, signaling, m);
        let s = ops::compare_raw::<F, Q>(y, x, signaling, m);
        let swapped = match r.value {
            Relation::Less => Relation::Greater,
            Relation::Greater => Relation::Less,
            other => other,
        };
        prop_assert_eq!((s.value, s.flags), (swapped, r.flags), "swap: {}", why());
        let expect = if nan::<F>(a) || nan::<F>(b) {
            Relation::Unordered
        } else {
            match key::<F>(as_read::<F>(a, m)).cmp(&key::<F>(as_read::<F>(b, m))) {
                std::cmp::Ordering::Less => Relation::Less,
                std::cmp::Ordering::Equal => Relation::Equal,
                std::cmp::Ordering::Greater => Relation::Greater,
            }
        };
        prop_assert_eq!(r.value, expect, "relation: {}", why());
        for p in Predicate::ALL {
            let c = ops::compare::<F, Q>(x, y, p, signaling, m);
            prop_assert_eq!(c.flags, r.flags);
            let d = ops::compare::<F, Q>(y, x, p.swap(), signaling, m);
            prop_assert_eq!(c.value, d.value, "{:?} swapped: {}", p, why());
        }
    }
    if nan::<F>(a) || nan::<F>(b) {
        return Ok(());
    }
    let (ra, rb) = (as_read::<F>(a, m), as_read::<F>(b, m));
    // Total order with −0 < +0, independently: (key, sign) lexicographic.
    let tkey = |v: u64| (key::<F>(v), !neg::<F>(v));
    let (lo, hi) = if tkey(ra) <= tkey(rb) {
        (ra, rb)
    } else {
        (rb, ra)
    };
    let mins = [
        ops::minimum::<F, Q>(x, y, m),
        ops::min_num::<F, Q>(x, y, m),
        ops::minimum_number::<F, Q>(x, y, m),
    ];
    let maxs = [
        ops::maximum::<F, Q>(x, y, m),
        ops::max_num::<F, Q>(x, y, m),
        ops::maximum_number::<F, Q>(x, y, m),
    ];
    for r in mins {
        prop_assert_eq!(raw::<F>(r.value), lo, "min: {}", why());
    }
    for r in maxs {
        prop_assert_eq!(raw::<F>(r.value), hi, "max: {}", why());
    }
    // DX10: the same numerically; on ±0 ties, the first operand.
    let dmin = raw::<F>(ops::min_dx10::<F, Q>(x, y, m).value);
    let dmax = raw::<F>(ops::max_dx10::<F, Q>(x, y, m).value);
    prop_assert_eq!(key::<F>(dmin), key::<F>(lo), "min_dx10: {}", why());
    prop_assert_eq!(key::<F>(dmax), key::<F>(hi), "max_dx10: {}", why());
    if key::<F>(ra) == key::<F>(rb) {
        prop_assert_eq!((dmin, dmax), (ra, ra), "dx10 tie: {}", why());
    }
    Ok(())
}

/// Every operation on any bits in any mode returns without panicking (overflow checks and
/// debug assertions are on in the test profile).
#[allow(clippy::too_many_arguments)]
fn no_panic<F: Format, Qk: FloatQuirks>(
    a: u64,
    b: u64,
    c: u64,
    n: i32,
    v: u64,
    ty: IntType,
    r: Rounding,
    sat: bool,
    m: &FpMode,
) {
    let (x, y, z) = (bits::<F>(a), bits::<F>(b), bits::<F>(c));
    let _ = ops::add::<F, Qk>(x, y, m);
    let _ = ops::sub::<F, Qk>(x, y, m);
    let _ = ops::mul::<F, Qk>(x, y, m);
    let _ = ops::div::<F, Qk>(x, y, m);
    let _ = ops::sqrt::<F, Qk>(x, m);
    let _ = ops::fma::<F, Qk>(x, y, z, m);
    let _ = ops::mul_add_unfused::<F, Qk>(x, y, z, m);
    let _ = ops::convert::<F, Binary16, Qk>(x, m);
    let _ = ops::convert::<F, BFloat16, Qk>(x, m);
    let _ = ops::convert::<F, Binary32, Qk>(x, m);
    let _ = ops::convert::<F, Binary64, Qk>(x, m);
    let _ = ops::to_int::<F, Qk>(x, ty, r, sat, m);
    let _ = ops::from_int::<F, Qk>(v, ty, m);
    let _ = ops::round_to_integral::<F, Qk>(x, r, sat, m);
    let _ = ops::fract::<F, Qk>(x, m);
    let _ = ops::frexp::<F, Qk>(x, m);
    let _ = ops::ldexp::<F, Qk>(x, n, m);
    let _ = ops::min_num::<F, Qk>(x, y, m);
    let _ = ops::max_num::<F, Qk>(x, y, m);
    let _ = ops::minimum::<F, Qk>(x, y, m);
    let _ = ops::maximum::<F, Qk>(x, y, m);
    let _ = ops::minimum_number::<F, Qk>(x, y, m);
    let _ = ops::maximum_number::<F, Qk>(x, y, m);
    let _ = ops::compare::<F, Qk>(x, y, Predicate::from_mask(n as u8), sat, m);
    let _ = ops::mul_dx9::<F, Qk>(x, y, m);
    let _ = ops::min_dx10::<F, Qk>(x, y, m);
    let _ = ops::max_dx10::<F, Qk>(x, y, m);
    let _ = classify::<F>(x);
}

// ---------------------------------------------------------------------------------------
// Instantiation per format.

macro_rules! per_format {
    ($modname:ident, $F:ty) => {
        mod $modname {
            use super::*;
            type F = $F;

            proptest! {
                #![proptest_config(config(10000))]

                #[test]
                fn sub_equals_add_of_negation((a, b) in fpair::<F>(), m in any_mode()) {
                    sub_is_add_neg::<F>(a, b, &m)?;
                }

                #[test]
                fn add_and_mul_commute((a, b) in fpair::<F>(), m in any_mode()) {
                    commutative::<F>(a, b, &m)?;
                }

                #[test]
                fn directed_rounding_brackets(
                    (a, b) in fpair::<F>(),
                    c in fbits::<F>(),
                    m in any_mode(),
                ) {
                    for op in [Arith::Add, Arith::Mul, Arith::Div, Arith::Sqrt, Arith::Fma] {
                        directed::<F>(op, a, b, c, &m)?;
                    }
                }

                #[test]
                fn rounding_is_monotone((a, b) in fpair::<F>(), r in rounding(), m in any_mode()) {
                    monotone_ops::<F>(a, b, r, &m)?;
                }

                #[test]
                fn from_int_is_monotone(x in any::<i64>(), y in any::<i64>(), s in 0u32..64, m in any_mode()) {
                    from_int_monotone::<F>(x >> s, y >> s, &m)?;
                }

                #[test]
                fn integer_round_trips(
                    x in integral_bits::<F>(),
                    v in any::<u64>(),
                    s in 0u32..64,
                    ty in int_type(),
                    r in rounding(),
                    m in any_mode(),
                ) {
                    int_round_trip::<F>(x, ty, r, &m)?;
                    int_round_trip_from_int::<F>(v >> s, ty, &m)?;
                    int_round_trip_from_int::<F>((v >> s).wrapping_neg(), ty, &m)?;
                }

                #[test]
                fn fma_with_minus_zero_is_mul((a, b) in fpair::<F>(), m in any_mode()) {
                    fma_minus_zero::<F>(a, b, &m)?;
                }

                #[test]
                fn ldexp_inverts_frexp(x in fbits::<F>(), m in any_mode()) {
                    frexp_ldexp::<F>(x, &m)?;
                }

                #[test]
                fn fract_is_x_minus_its_floor(x in fbits::<F>(), m in any_mode()) {
                    fract_is_x_minus_floor::<F>(x, &m)?;
                }

                #[test]
                fn round_to_integral_agrees_with_to_int(x in fbits::<F>(), r in rounding(), m in any_mode()) {
                    round_to_integral_vs_to_int::<F>(x, r, &m)?;
                }

                #[test]
                fn ldexp_is_a_multiplication(x in fbits::<F>(), n in any::<i32>(), m in any_mode()) {
                    ldexp_is_mul_by_power_of_two::<F>(x, n, &m)?;
                }

                #[test]
                fn classify_agrees_with_fields(x in fbits::<F>()) {
                    classify_fields::<F>(x)?;
                }

                #[test]
                fn compare_and_min_max_agree((a, b) in fpair::<F>(), m in any_mode()) {
                    compare_and_minmax::<F>(a, b, &m)?;
                }

                #[test]
                fn no_op_panics(
                    (a, b) in fpair::<F>(),
                    c in fbits::<F>(),
                    n in prop_oneof![any::<i32>(), -300i32..300, Just(i32::MIN), Just(i32::MAX)],
                    v in any::<u64>(),
                    ty in int_type(),
                    r in rounding(),
                    sat in any::<bool>(),
                    m in any_mode(),
                ) {
                    no_panic::<F, Ieee754>(a, b, c, n, v, ty, r, sat, &m);
                    no_panic::<F, AmdGcn5>(a, b, c, n, v, ty, r, sat, &m);
                    no_panic::<F, AmdR700>(a, b, c, n, v, ty, r, sat, &m);
                    no_panic::<F, IntelGen7Ieee>(a, b, c, n, v, ty, r, sat, &m);
                    no_panic::<F, IntelGen7Alt>(a, b, c, n, v, ty, r, sat, &m);
                }
            }
        }
    };
}

per_format!(binary16, Binary16);
per_format!(bfloat16, BFloat16);
per_format!(binary32, Binary32);
per_format!(binary64, Binary64);

// ---------------------------------------------------------------------------------------
// Format round trips: exhaustive for the 16-bit formats, sampled for binary32.

/// Widening then narrowing gives the operand back: exactly for numbers and quiet NaNs
/// (flags: input-denormal on each step whose operand is subnormal, nothing else), quieted
/// with invalid (widening step only) for signalling NaNs.
fn round_trip_via<F: Format, G: Format>(x: u64) -> Result<(), TestCaseError> {
    let m = FpMode::IEEE;
    let w = ops::convert::<F, G, Q>(bits::<F>(x), &m);
    let n = ops::convert::<G, F, Q>(w.value, &m);
    let snan = nan::<F>(x) && x & F::QUIET_BIT == 0;
    let (expect, wflags) = if snan {
        (x | F::QUIET_BIT, Flags::INVALID)
    } else {
        (x, Flags::when(subnormal::<F>(x), Flags::INPUT_DENORMAL))
    };
    let nflags = Flags::when(subnormal::<G>(raw::<G>(w.value)), Flags::INPUT_DENORMAL);
    prop_assert_eq!(
        (raw::<F>(n.value), w.flags, n.flags),
        (expect, wflags, nflags),
        "{} → {} → {} of {:#x} (via {:#x})",
        F::NAME,
        G::NAME,
        F::NAME,
        x,
        raw::<G>(w.value)
    );
    Ok(())
}

#[test]
fn f16_f32_f16_and_bf16_f32_bf16_exhaustive() {
    for x in 0..=0xffffu64 {
        round_trip_via::<Binary16, Binary32>(x).unwrap();
        round_trip_via::<Binary16, Binary64>(x).unwrap();
        round_trip_via::<BFloat16, Binary32>(x).unwrap();
        round_trip_via::<BFloat16, Binary64>(x).unwrap();
    }
}

proptest! {
    #![proptest_config(config(20000))]

    #[test]
    fn f32_f64_f32_round_trip(x in fbits::<Binary32>()) {
        round_trip_via::<Binary32, Binary64>(x)?;
    }
}
