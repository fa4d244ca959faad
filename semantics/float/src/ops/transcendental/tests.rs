//! Hand-worked cases (expected bits from IEEE 754-2019 §9.2 and known constants, not from
//! the code under test) and the series constants checked by an independent computation.

use super::*;
use crate::format::{Binary16, Binary32, Binary64};
use crate::quirks::AmdGcn5;

type T32 = Transcendental<u32>;
const M: FpMode = FpMode::IEEE;

fn check(r: T32, value: u32, flags: Flags) {
    assert_eq!((r.result.value, r.result.flags), (value, flags), "{r:?}");
    assert!(r.correctly_rounded);
}

#[test]
fn constants_match_independent_series() {
    // ln 2 = 2 atanh(1/3) = Σ 2 / ((2k+1) 3^(2k+1)), summed in Q0.126.
    let mut s = 0u128;
    let mut p = (1u128 << 126) / 3; // (1/3)^(2k+1) in Q0.126
    let mut k = 0u128;
    while p != 0 {
        s += p / (2 * k + 1);
        p /= 9;
        k += 1;
    }
    // 2s in Q0.126 against LN2_Q128 >> 2, within the ~40 truncations of the sum.
    let ours = LN2_Q128 >> 2;
    assert!((2 * s).abs_diff(ours) < 128, "{:#x} {:#x}", 2 * s, ours);
    // log2(e) × ln 2 = 1; (π/2) × 4 = 2π: 0x6.487ed5110b4611a6... (π = 3.243f6a8885a308d3...).
    let one = mulq(LOG2E_Q127 >> 1, LN2_Q128 >> 2);
    assert!(one.abs_diff(ONE) < 4);
    assert_eq!(HALF_PI_Q127 >> 64, 0xc90f_daa2_2168_c234); // π/2 = 1.921fb54442d18469...
    assert_eq!((SQRT2_Q62 as u128 * SQRT2_Q62 as u128) >> 124, 1);
}

#[test]
fn exp2_cases() {
    // 2^3 = 8 exactly; 2^-1 = 0.5; 2^±0 = 1; 2^+inf = +inf; 2^-inf = +0.
    check(
        exp2::<Binary32, AmdGcn5>(0x4040_0000, &M, Ulps::ONE),
        0x4100_0000,
        Flags::NONE,
    );
    check(
        exp2::<Binary32, AmdGcn5>(0xbf80_0000, &M, Ulps::ONE),
        0x3f00_0000,
        Flags::NONE,
    );
    check(
        exp2::<Binary32, AmdGcn5>(0x8000_0000, &M, Ulps::ONE),
        0x3f80_0000,
        Flags::NONE,
    );
    check(
        exp2::<Binary32, AmdGcn5>(0x7f80_0000, &M, Ulps::ONE),
        0x7f80_0000,
        Flags::NONE,
    );
    check(
        exp2::<Binary32, AmdGcn5>(0xff80_0000, &M, Ulps::ONE),
        0,
        Flags::NONE,
    );
    // 2^0.5 = sqrt 2 = 1.6a09e667f3bc... → 0x3fb504f3 (the dropped bits are 0.33 ulp).
    let r = exp2::<Binary32, AmdGcn5>(0x3f00_0000, &M, Ulps::ONE);
    check(r, 0x3fb5_04f3, Flags::INEXACT);
    assert_eq!((r.lo, r.hi), (0x3fb5_04f3, 0x3fb5_04f4));
    let r = exp2::<Binary32, AmdGcn5>(0x3f00_0000, &M, Ulps::whole(2));
    assert_eq!((r.lo, r.hi), (0x3fb5_04f2, 0x3fb5_04f5));
    // 2^128 overflows; 2^-150 is half the smallest subnormal: RNE ties to even, 0.
    check(
        exp2::<Binary32, AmdGcn5>(0x4300_0000, &M, Ulps::ONE),
        0x7f80_0000,
        Flags::OVERFLOW | Flags::INEXACT,
    );
    check(
        exp2::<Binary32, AmdGcn5>(0xc316_0000, &M, Ulps::ONE),
        0,
        Flags::UNDERFLOW | Flags::INEXACT,
    );
    // 2^-149 is the smallest subnormal, exact.
    check(
        exp2::<Binary32, AmdGcn5>(0xc315_0000, &M, Ulps::ONE),
        1,
        Flags::NONE,
    );
    // 2^(2^-149) rounds to 1 (RNE) and to 1 + 2^-23 upward.
    check(
        exp2::<Binary32, AmdGcn5>(1, &M, Ulps::ONE),
        0x3f80_0000,
        Flags::INEXACT | Flags::INPUT_DENORMAL,
    );
    let up = M.with_rounding(Rounding::TowardPositive);
    assert_eq!(
        exp2::<Binary32, AmdGcn5>(1, &up, Ulps::ONE).result.value,
        0x3f80_0001
    );
    // binary16: 2^0.5 = 1.6a09e → 0x3da8 (0x3da8 = 1.4140625, dropped 0.41 ulp); 2^-1 = 0x3800.
    assert_eq!(
        exp2::<Binary16, AmdGcn5>(0x3800, &M, Ulps::ONE)
            .result
            .value,
        0x3da8
    );
    assert_eq!(
        exp2::<Binary16, AmdGcn5>(0xbc00, &M, Ulps::ONE)
            .result
            .value,
        0x3800
    );
    // binary64: 2^0.5 = 0x3ff6a09e667f3bcd (sqrt 2 rounded).
    assert_eq!(
        exp2::<Binary64, AmdGcn5>(0x3fe0_0000_0000_0000, &FpMode::IEEE, Ulps::ONE)
            .result
            .value,
        0x3ff6_a09e_667f_3bcd
    );
}

#[test]
fn log2_cases() {
    check(
        log2::<Binary32, AmdGcn5>(0x4100_0000, &M, Ulps::ONE),
        0x4040_0000,
        Flags::NONE,
    ); // log2 8 = 3
    check(
        log2::<Binary32, AmdGcn5>(0x3f80_0000, &M, Ulps::ONE),
        0,
        Flags::NONE,
    ); // log2 1 = +0
    check(
        log2::<Binary32, AmdGcn5>(0x3e80_0000, &M, Ulps::ONE),
        0xc000_0000,
        Flags::NONE,
    ); // log2 1/4 = -2
    check(
        log2::<Binary32, AmdGcn5>(0, &M, Ulps::ONE),
        0xff80_0000,
        Flags::DIV_BY_ZERO,
    );
    check(
        log2::<Binary32, AmdGcn5>(0x8000_0000, &M, Ulps::ONE),
        0xff80_0000,
        Flags::DIV_BY_ZERO,
    );
    check(
        log2::<Binary32, AmdGcn5>(0xbf80_0000, &M, Ulps::ONE),
        0xffc0_0000,
        Flags::INVALID,
    );
    check(
        log2::<Binary32, AmdGcn5>(0x7f80_0000, &M, Ulps::ONE),
        0x7f80_0000,
        Flags::NONE,
    );
    // log2(2^-149) = -149 = -1.0010101 × 2^7.
    check(
        log2::<Binary32, AmdGcn5>(1, &M, Ulps::ONE),
        0xc315_0000,
        Flags::INPUT_DENORMAL,
    );
    // log2 3 = 1.5849625007 = 1.95c01a39fbd6... × 2^0 → 0x3fcae00d (dropped 0.23 ulp).
    check(
        log2::<Binary32, AmdGcn5>(0x4040_0000, &M, Ulps::ONE),
        0x3fca_e00d,
        Flags::INEXACT,
    );
    // log2 10 = 3.321928094887362 = 0x400a934f0979a371 in binary64.
    assert_eq!(
        log2::<Binary64, AmdGcn5>(0x4024_0000_0000_0000, &FpMode::IEEE, Ulps::ONE)
            .result
            .value,
        0x400a_934f_0979_a371
    );
}

#[test]
fn rsqrt_cases() {
    check(
        rsqrt::<Binary32, AmdGcn5>(0x4080_0000, &M, Ulps::ONE),
        0x3f00_0000,
        Flags::NONE,
    ); // 1/sqrt 4
    check(
        rsqrt::<Binary32, AmdGcn5>(0, &M, Ulps::ONE),
        0x7f80_0000,
        Flags::DIV_BY_ZERO,
    );
    check(
        rsqrt::<Binary32, AmdGcn5>(0x8000_0000, &M, Ulps::ONE),
        0xff80_0000,
        Flags::DIV_BY_ZERO,
    );
    check(
        rsqrt::<Binary32, AmdGcn5>(0x7f80_0000, &M, Ulps::ONE),
        0,
        Flags::NONE,
    );
    check(
        rsqrt::<Binary32, AmdGcn5>(0xbf80_0000, &M, Ulps::ONE),
        0xffc0_0000,
        Flags::INVALID,
    );
    // 1/sqrt 2 = sqrt(2)/2: the significand of sqrt 2, 0x3f3504f3.
    check(
        rsqrt::<Binary32, AmdGcn5>(0x4000_0000, &M, Ulps::ONE),
        0x3f35_04f3,
        Flags::INEXACT,
    );
    // 1/sqrt(2^-149) = 2^74.5 = sqrt2 × 2^74 → 0x64b504f3.
    assert_eq!(
        rsqrt::<Binary32, AmdGcn5>(1, &M, Ulps::ONE).result.value,
        0x64b5_04f3
    );
}

#[test]
fn sin_cos_cases() {
    let s = |x| sin_rev::<Binary32, AmdGcn5>(x, &M, Ulps::ONE);
    let c = |x| cos_rev::<Binary32, AmdGcn5>(x, &M, Ulps::ONE);
    check(s(0x3e80_0000), 0x3f80_0000, Flags::NONE); // sin(2π/4) = 1
    check(s(0x3f40_0000), 0xbf80_0000, Flags::NONE); // sin(2π·3/4) = -1
    check(s(0x8000_0000), 0x8000_0000, Flags::NONE); // sin(-0) = -0
    check(s(0x3f00_0000), 0, Flags::NONE); // sinPi(1) = +0
    check(s(0xbf00_0000), 0x8000_0000, Flags::NONE); // sinPi(-1) = -0
    check(s(0xff7f_ffff), 0x8000_0000, Flags::NONE); // -MaxFloat: an integer, -0 (sinPi)
    check(s(0x7f80_0000), 0xffc0_0000, Flags::INVALID);
    check(c(0x3e80_0000), 0, Flags::NONE); // cos(2π/4) = +0
    check(c(0xbf40_0000), 0, Flags::NONE); // cos(-2π·3/4) = +0
    check(c(0x3f00_0000), 0xbf80_0000, Flags::NONE); // cos(π) = -1
    check(c(0xff7f_ffff), 0x3f80_0000, Flags::NONE);
    check(c(0xff80_0000), 0xffc0_0000, Flags::INVALID);
    // sin(2π/8) = cos(2π/8) = 1/sqrt 2 → 0x3f3504f3; sin(-2π/8) negative.
    check(s(0x3e00_0000), 0x3f35_04f3, Flags::INEXACT);
    check(c(0x3e00_0000), 0x3f35_04f3, Flags::INEXACT);
    check(s(0xbe00_0000), 0xbf35_04f3, Flags::INEXACT);
    // sin(2π × 2^-149) = 2π × 2^-149 ≈ 6.28 × 2^-149 → 6 (subnormal), tiny and inexact.
    assert_eq!(s(1).result.value, 6);
    // sin(2π × 2^-20) = 2π 2^-20 (1 - (2π 2^-20)²/6): 2π = 0x40c90fdb, the cube term is
    // 2^-38 relative, below the half ulp; 2π 2^-20 = 1.5708 × 2^-18: 0x36c90fdb.
    assert_eq!(s(0x3580_0000).result.value, 0x36c9_0fdb);
}

#[test]
fn intervals_next_to_one_are_exact() {
    // 2^(2^-149) = 1 + 2^-149 ln 2: round-down 1.0, round-up 1 + 2^-23 (0x3f800001).
    let r = exp2::<Binary32, AmdGcn5>(1, &M, Ulps::ONE);
    assert_eq!((r.lo, r.hi), (0x3f80_0000, 0x3f80_0001));
    // 2^(-2^-149) is just below 1: round-down 1 - 2^-24 (0x3f7fffff), round-up 1.0.
    let r = exp2::<Binary32, AmdGcn5>(0x8000_0001, &M, Ulps::ONE);
    assert_eq!(
        (r.lo, r.hi, r.result.value),
        (0x3f7f_ffff, 0x3f80_0000, 0x3f80_0000)
    );
    // cos(2π × 2^-70) and cos(2π × 2^-30) = 1 − δ: [1 - 2^-24, 1], nearest 1.
    for x in [0x1c80_0000u32, 0x3080_0000] {
        let r = cos_rev::<Binary32, AmdGcn5>(x, &M, Ulps::ONE);
        assert_eq!(
            (r.lo, r.hi, r.result.value),
            (0x3f7f_ffff, 0x3f80_0000, 0x3f80_0000)
        );
    }
    // Toward zero, cos of a tiny angle is the round-down.
    let rtz = M.with_rounding(Rounding::TowardZero);
    assert_eq!(
        cos_rev::<Binary32, AmdGcn5>(0x3080_0000, &rtz, Ulps::ONE)
            .result
            .value,
        0x3f7f_ffff
    );
}

#[test]
fn a_flushed_result_has_an_interval_of_flushed_ends() {
    use crate::mode::{DenormModes, Denormals};
    // 1 / MAX_f64 = 1 / ((2 − 2^-52) × 2^1023) ≈ 2^-1024: a subnormal (the smallest normal is
    // 2^-1022). Kept, the 2^29-step interval around it holds only positive subnormals; a mode
    // that flushes results returns +0 and must accept +0 alone, not the subnormals it never
    // returns nor negative values (stepping down from a flushed +0 reaches them).
    const MAX: u64 = 0x7fef_ffff_ffff_ffff;
    let kept = reciprocal::<Binary64, AmdGcn5>(MAX, &FpMode::IEEE, Ulps(1 << 29));
    assert!(is_subnormal::<Binary64>(kept.lo) && is_subnormal::<Binary64>(kept.hi));
    assert!(kept.lo & Binary64::SIGN_MASK == 0, "{kept:?}");
    let flush = FpMode::IEEE.with_denormals(DenormModes::all(Denormals::FLUSH));
    let r = reciprocal::<Binary64, AmdGcn5>(MAX, &flush, Ulps(1 << 29));
    assert_eq!((r.result.value, r.lo, r.hi), (0, 0, 0), "{r:?}");
    let n = reciprocal::<Binary64, AmdGcn5>(MAX | Binary64::SIGN_MASK, &flush, Ulps(1 << 29));
    let neg0 = Binary64::SIGN_MASK;
    assert_eq!((n.result.value, n.lo, n.hi), (neg0, neg0, neg0), "{n:?}");
}
