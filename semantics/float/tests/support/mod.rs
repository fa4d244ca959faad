//! Shared helpers of the property tests: bit decoding written independently of the crate,
//! and proptest strategies for operands and modes.

use gpuref_float::ops::IntType;
use gpuref_float::{
    DenormClass, DenormModes, Denormals, Flagged, Flags, Format, FpMode, Rounding, Tininess,
};
use proptest::prelude::*;

pub fn config(default_cases: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default_cases);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------------------
// Independent bit helpers (no code under test).

pub fn width_mask<F: Format>() -> u64 {
    if F::WIDTH >= 64 {
        u64::MAX
    } else {
        (1u64 << F::WIDTH) - 1
    }
}
pub fn nan<F: Format>(x: u64) -> bool {
    x & F::ABS_MASK > F::EXP_MASK
}
pub fn zero<F: Format>(x: u64) -> bool {
    x & F::ABS_MASK == 0
}
pub fn subnormal<F: Format>(x: u64) -> bool {
    x & F::EXP_MASK == 0 && x & F::FRAC_MASK != 0
}
pub fn neg<F: Format>(x: u64) -> bool {
    x & F::SIGN_MASK != 0
}
/// Numeric order of non-NaN values (±0 equal): sign-magnitude to signed.
pub fn key<F: Format>(x: u64) -> i128 {
    let m = (x & F::ABS_MASK) as i128;
    if neg::<F>(x) {
        -m
    } else {
        m
    }
}
pub fn bits<F: Format>(x: u64) -> F::Bits {
    F::bits_from_u64(x & width_mask::<F>())
}
pub fn raw<F: Format>(x: F::Bits) -> u64 {
    x.into()
}
pub fn fl<F: Format>(r: Flagged<F::Bits>) -> (u64, Flags) {
    (r.value.into(), r.flags)
}
pub fn flush_inputs<F: Format>(m: &FpMode) -> bool {
    m.denormals_for::<F>().flush_inputs
}
/// `x` as an operation sees it: a subnormal is a signed zero when the mode flushes inputs.
pub fn as_read<F: Format>(x: u64, m: &FpMode) -> u64 {
    if subnormal::<F>(x) && flush_inputs::<F>(m) {
        x & F::SIGN_MASK
    } else {
        x
    }
}

// ---------------------------------------------------------------------------------------
// Strategies.

/// Bits of format `F`, biased toward special values, boundaries and subnormals.
pub fn fbits<F: Format>() -> BoxedStrategy<u64> {
    let exp_max = F::EXP_MAX_FIELD;
    let bias = F::BIAS as u64;
    let exp = prop_oneof![
        Just(0u64),
        Just(1),
        Just(2),
        Just(exp_max - 1),
        Just(exp_max),
        Just(bias - 1),
        Just(bias),
        Just(bias + 1),
        0..=exp_max,
        0..=exp_max,
    ];
    let frac_mask = F::FRAC_MASK;
    let frac = prop_oneof![
        Just(0u64),
        Just(1),
        Just(frac_mask),
        Just(F::QUIET_BIT),
        Just(F::QUIET_BIT | 1),
        any::<u64>().prop_map(move |f| f & frac_mask),
        any::<u64>().prop_map(move |f| f & frac_mask),
        // few significant bits: exact results
        (any::<u64>(), 0..F::FRAC_BITS).prop_map(move |(f, k)| f & frac_mask & !((1u64 << k) - 1)),
    ];
    let wm = width_mask::<F>();
    prop_oneof![
        1 => any::<u64>().prop_map(move |x| x & wm),
        3 => (any::<bool>(), exp, frac).prop_map(|(s, e, f)| {
            ((s as u64) << (F::WIDTH - 1)) | (e << F::FRAC_BITS) | f
        }),
    ]
    .boxed()
}

/// Two operands, often close to each other or to each other's negation (cancellation).
pub fn fpair<F: Format>() -> BoxedStrategy<(u64, u64)> {
    let wm = width_mask::<F>();
    (fbits::<F>(), fbits::<F>(), 0u8..4, any::<i8>())
        .prop_map(move |(a, b, kind, d)| {
            let d = d as i64 as u64;
            match kind {
                1 => (a, a.wrapping_add(d) & wm),
                2 => (a, (a ^ F::SIGN_MASK).wrapping_add(d) & wm),
                _ => (a, b),
            }
        })
        .boxed()
}

pub fn denormals() -> impl Strategy<Value = Denormals> {
    (any::<bool>(), any::<bool>()).prop_map(|(i, o)| Denormals {
        flush_inputs: i,
        flush_outputs: o,
    })
}

pub fn rounding() -> impl Strategy<Value = Rounding> {
    prop::sample::select(Rounding::ALL.to_vec())
}

/// Every mode: rounding, all four flush settings per width, both tininess rules.
pub fn any_mode() -> BoxedStrategy<FpMode> {
    (
        rounding(),
        denormals(),
        denormals(),
        denormals(),
        denormals(),
        any::<bool>(),
    )
        .prop_map(|(r, h, bf, s, d, before)| FpMode {
            rounding: r,
            denormals: DenormModes {
                half: h,
                bfloat: bf,
                single: s,
                double: d,
            },
            tininess: if before {
                Tininess::BeforeRounding
            } else {
                Tininess::AfterRounding
            },
        })
        .boxed()
}

/// `m` with output flushing off for `F` (properties that output flushing breaks by design).
pub fn no_output_flush<F: Format>(mut m: FpMode) -> FpMode {
    let d = match F::DENORM_CLASS {
        DenormClass::Half => &mut m.denormals.half,
        DenormClass::BFloat => &mut m.denormals.bfloat,
        DenormClass::Single => &mut m.denormals.single,
        DenormClass::Double => &mut m.denormals.double,
    };
    d.flush_outputs = false;
    m
}

pub fn int_type() -> impl Strategy<Value = IntType> {
    prop::sample::select(IntType::ALL.to_vec())
}

/// Integral values of `F` whose magnitude is below 2^66 (many fit some integer type).
pub fn integral_bits<F: Format>() -> BoxedStrategy<u64> {
    let bias = F::BIAS as u64;
    let top = (bias + 66).min(F::EXP_MAX_FIELD - 1);
    (any::<bool>(), bias..=top, any::<u64>())
        .prop_map(move |(s, e, f)| {
            let unbiased = (e - bias) as u32;
            let frac_mask = if unbiased >= F::FRAC_BITS {
                F::FRAC_MASK
            } else {
                F::FRAC_MASK & !((1u64 << (F::FRAC_BITS - unbiased)) - 1)
            };
            ((s as u64) << (F::WIDTH - 1)) | (e << F::FRAC_BITS) | (f & frac_mask)
        })
        .boxed()
}

pub fn ctx<F: Format>(m: &FpMode, xs: &[u64]) -> String {
    let ops: Vec<String> = xs.iter().map(|x| format!("{x:#x}")).collect();
    format!("{} operands [{}] mode {m:?}", F::NAME, ops.join(", "))
}
