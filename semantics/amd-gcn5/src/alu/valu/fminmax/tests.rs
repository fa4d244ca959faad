//! Hand-worked lanes of the fminmax family: expected bits from the manual's pseudocode and
//! IEEE 754 arithmetic done by hand (reasoning in the comments), never from the kernels.

use super::*;
use crate::alu::valu::testing::*;
use crate::alu::valu::LaneIn;
use gpuref_float::Flags;

fn lane(name: &str, s: [u64; 3], d: u64, mode: u32) -> LaneOut {
    call(name, LaneIn { d, ..srcs(s) }, mode, false)
}

/// What a lane must be: exact bits (flags given), or unsettled with the rule.
#[derive(Debug, PartialEq)]
enum Want {
    Exact(u64, Flags),
    /// `d` (gpuref's choice), the acceptance set, the rule, whether flags are settled.
    Open(u64, Accept, &'static str, bool),
}

fn got(r: LaneOut) -> Want {
    let d = r.d.expect("a result");
    match r.unsettled {
        None => Want::Exact(d, r.flags),
        Some(u) => Want::Open(d, u.accept, u.rule, u.flags_settled),
    }
}

const N: Flags = Flags::NONE;
const INV: Flags = Flags::INVALID;
const DE: Flags = Flags::INPUT_DENORMAL;

// binary32 operands.
const Q: u64 = 0x7fc0_0001; // qNaN, payload 1
const Q2: u64 = 0xffc0_0003; // another qNaN
const S: u64 = 0x7f80_0002; // sNaN, payload 2
const QS: u64 = 0x7fc0_0002; // Quiet(S): the quiet bit set, payload kept
const S2: u64 = 0xff80_0004; // another sNaN
const ONE: u64 = 0x3f80_0000;
const TWO: u64 = 0x4000_0000;
const THREE: u64 = 0x4040_0000;
const PZ: u64 = 0;
const NZ: u64 = 0x8000_0000;
const INF: u64 = 0x7f80_0000;
const ANY: Accept = Accept::AnyNan;
const ALL32: Accept = Accept::Mask(0xffff_ffff);
const SIGNLESS32: Accept = Accept::Mask(0x7fff_ffff);
const TWO_NANS: &str = "gcn5.v_minmax.two_nans";
const SNAN_FLAG: &str = "gcn5.v_minmax.snan_flag";

/// All nine (S0, S1) pairs of {qNaN, sNaN, number} under IEEE = 1 and IEEE = 0, for
/// V_MIN_F32 and V_MAX_F32 (the NaN branches are the same for both; with one number the
/// result is that number; (num, num) is worked separately below).
#[test]
fn min_max_f32_nan_pairs() {
    #[rustfmt::skip]
    let cases: [(u64, u64, u32, Want); 16] = [
        // IEEE = 1. sNaN in S0 wins, quieted, invalid.
        (S, Q2, IEEE, Want::Exact(QS, INV)),
        (S, S2, IEEE, Want::Exact(QS, INV)),
        (S, ONE, IEEE, Want::Exact(QS, INV)),
        // sNaN in S1 (S0 not signalling): Quiet(S1); with S0 a qNaN the first-NaN reading
        // (gfx1201 measurement) gives S0: contested, any NaN.
        (Q, S, IEEE, Want::Open(QS, ANY, TWO_NANS, true)),
        (ONE, S, IEEE, Want::Exact(QS, INV)),
        // Two quiet NaNs: "S0 == NaN → S1" gives Q2; first-NaN reading gives Q.
        (Q, Q2, IEEE, Want::Open(Q2, ANY, TWO_NANS, true)),
        // One quiet NaN loses to the number.
        (Q, ONE, IEEE, Want::Exact(ONE, N)),
        (ONE, Q, IEEE, Want::Exact(ONE, N)),
        // IEEE = 0: nothing is quieted; "S0 == NaN → S1" returns S1 as it is.
        (Q, Q2, 0, Want::Open(Q2, ANY, TWO_NANS, true)),
        (Q, S, 0, Want::Open(S, ANY, TWO_NANS, false)),
        (S, Q2, 0, Want::Open(Q2, ANY, TWO_NANS, false)),
        (S, S2, 0, Want::Open(S2, ANY, TWO_NANS, false)),
        // A signalling NaN is just a NaN: the number wins; invalid is not stated.
        (S, ONE, 0, Want::Open(ONE, ALL32, SNAN_FLAG, false)),
        (ONE, S, 0, Want::Open(ONE, ALL32, SNAN_FLAG, false)),
        (Q, ONE, 0, Want::Exact(ONE, N)),
        (ONE, Q, 0, Want::Exact(ONE, N)),
    ];
    for name in ["V_MIN_F32", "V_MAX_F32"] {
        for (a, b, m, want) in &cases {
            assert_eq!(
                got(lane(name, [*a, *b, 0], 0, KEEP | m)),
                *want,
                "{name}({a:#x}, {b:#x}) mode {m:#x}"
            );
        }
        // (num, num): min(1, 2) = 1, max = 2, either order, both IEEE modes.
        for m in [0, IEEE] {
            let (lo, hi) = if name == "V_MIN_F32" {
                (ONE, ONE)
            } else {
                (TWO, TWO)
            };
            assert_eq!(
                got(lane(name, [ONE, TWO, 0], 0, KEEP | m)),
                Want::Exact(lo, N)
            );
            assert_eq!(
                got(lane(name, [TWO, ONE, 0], 0, KEEP | m)),
                Want::Exact(hi, N)
            );
        }
    }
}

/// The zero branches: min(±0, ∓0) = −0, max = +0, both orders, both IEEE modes.
#[test]
fn min_max_signed_zeros() {
    for m in [0, IEEE] {
        for (a, b) in [(PZ, NZ), (NZ, PZ)] {
            let min = got(lane("V_MIN_F32", [a, b, 0], 0, KEEP | m));
            let max = got(lane("V_MAX_F32", [a, b, 0], 0, KEEP | m));
            assert_eq!((min, max), (Want::Exact(NZ, N), Want::Exact(PZ, N)));
        }
    }
    // f16 (0x8000 = −0) and f64 (sign bit 63).
    assert_eq!(
        got(lane("V_MIN_F16", [0, 0x8000, 0], 0, KEEP)),
        Want::Exact(0x8000, N)
    );
    assert_eq!(
        got(lane("V_MAX_F16", [0x8000, 0, 0], 0, KEEP)),
        Want::Exact(0, N)
    );
    let nz64 = 1u64 << 63;
    assert_eq!(
        got(lane("V_MIN_F64", [0, nz64, 0], 0, KEEP)),
        Want::Exact(nz64, N)
    );
    assert_eq!(
        got(lane("V_MAX_F64", [nz64, 0, 0], 0, KEEP)),
        Want::Exact(0, N)
    );
}

#[test]
fn min_max_other_widths() {
    // f16: sNaN 0x7c01 with IEEE → Quiet = 0x7e01 (quiet bit 0x0200), invalid.
    assert_eq!(
        got(lane("V_MIN_F16", [0x7c01, 0x3c00, 0], 0, KEEP | IEEE)),
        Want::Exact(0x7e01, INV)
    );
    // Only the low 16 bits are the operand: 0xabcd_3c00 is 1.0; max(1.0, 2.0 = 0x4000) = 2.0.
    assert_eq!(
        got(lane("V_MAX_F16", [0xabcd_3c00, 0x4000, 0], 0, KEEP)),
        Want::Exact(0x4000, N)
    );
    // f64: min(1.0, qNaN) = 1.0; max(−inf, −1.0) = −1.0.
    let one = 0x3ff0_0000_0000_0000;
    assert_eq!(
        got(lane(
            "V_MIN_F64",
            [one, 0x7ff8_0000_0000_0001, 0],
            0,
            KEEP | IEEE
        )),
        Want::Exact(one, N)
    );
    assert_eq!(
        got(lane(
            "V_MAX_F64",
            [0xfff0_0000_0000_0000, 0xbff0_0000_0000_0000, 0],
            0,
            KEEP
        )),
        Want::Exact(0xbff0_0000_0000_0000, N)
    );
}

/// Subnormal operands of min/max: read under the mode's input flush; where flushing
/// nothing or also the result changes the result, both are accepted.
#[test]
fn min_max_denormals() {
    let denorm = "gcn5.v_minmax.denorm";
    // Keep: max(2^-149, −0) = 2^-149, input-denormal flag.
    assert_eq!(
        got(lane("V_MAX_F32", [1, NZ, 0], 0, KEEP)),
        Want::Exact(1, DE)
    );
    // Flush in and out (FP_DENORM[5:4] = 0): 2^-149 reads as +0; max(+0, −0) = +0; not
    // flushing gives 2^-149: accept [+0, 2^-149].
    assert_eq!(
        got(lane("V_MAX_F32", [1, NZ, 0], 0, 0)),
        Want::Open(0, Accept::Range { lo: 0, hi: 1 }, denorm, false)
    );
    // Keep inputs, flush outputs (FP_DENORM[5:4] = 1, double field kept): d = 2^-149, an
    // output flush would give +0.
    assert_eq!(
        got(lane("V_MAX_F32", [1, NZ, 0], 0, 0xd0)),
        Want::Open(1, Accept::Range { lo: 0, hi: 1 }, denorm, false)
    );
    // No subnormal in play: flushing changes nothing.
    assert_eq!(
        got(lane("V_MIN_F32", [ONE, TWO, 0], 0, 0)),
        Want::Exact(ONE, N)
    );
}

#[test]
fn min3_max3_med3() {
    // med3 of {1, 2, 3} in every order is 2.
    for s in [
        [ONE, TWO, THREE],
        [ONE, THREE, TWO],
        [TWO, ONE, THREE],
        [TWO, THREE, ONE],
        [THREE, ONE, TWO],
        [THREE, TWO, ONE],
    ] {
        assert_eq!(
            got(lane("V_MED3_F32", s, 0, KEEP)),
            Want::Exact(TWO, N),
            "{s:x?}"
        );
    }
    // A NaN operand: MIN3. med3(3, 1, qNaN) = min(min(3, 1), qNaN) = 1;
    // med3(qNaN, 3, 2) = min(min(qNaN, 3), 2) = min(3, 2) = 2.
    assert_eq!(
        got(lane("V_MED3_F32", [THREE, ONE, Q], 0, KEEP | IEEE)),
        Want::Exact(ONE, N)
    );
    assert_eq!(
        got(lane("V_MED3_F32", [Q, THREE, TWO], 0, KEEP | IEEE)),
        Want::Exact(TWO, N)
    );
    // med3(−0, +0, −0): MAX3 = max(max(−0, +0), −0) = +0. Numeric == (the pseudocode):
    // +0 == S0 (−0) holds, so max(S1, S2) = max(+0, −0) = +0. Asking which operand MAX3
    // picked (S1): max(S0, S2) = −0 (gfx1201's measured −0). Either zero.
    assert_eq!(
        got(lane("V_MED3_F32", [NZ, PZ, NZ], 0, KEEP)),
        Want::Open(PZ, SIGNLESS32, "gcn5.v_med3.zero", true)
    );
    // min3(qNaN, qNaN2, 1): the first step is contested (Q2 or Q) but both lose to 1.
    assert_eq!(
        got(lane("V_MIN3_F32", [Q, Q2, ONE], 0, KEEP | IEEE)),
        Want::Exact(ONE, N)
    );
    // max3(sNaN, 1, 2) with IEEE: max(sNaN, 1) = Quiet(sNaN) (invalid); max(qNaN, 2) = 2.
    assert_eq!(
        got(lane("V_MAX3_F32", [S, ONE, TWO], 0, KEEP | IEEE)),
        Want::Exact(TWO, INV)
    );
    // max3(1, 3, 2) = 3; min3(2, 3, 1) = 1.
    assert_eq!(
        got(lane("V_MAX3_F32", [ONE, THREE, TWO], 0, KEEP)),
        Want::Exact(THREE, N)
    );
    assert_eq!(
        got(lane("V_MIN3_F32", [TWO, THREE, ONE], 0, KEEP)),
        Want::Exact(ONE, N)
    );
    // f16: med3(1.0, 3.0 = 0x4200, 2.0 = 0x4000) = 2.0; min3(1, 2, −inf) = −inf (0xfc00);
    // max3(qNaN 0x7e00, 1, −1 = 0xbc00) = max(1, −1) = 1.
    assert_eq!(
        got(lane("V_MED3_F16", [0x3c00, 0x4200, 0x4000], 0, KEEP)),
        Want::Exact(0x4000, N)
    );
    assert_eq!(
        got(lane("V_MIN3_F16", [0x3c00, 0x4000, 0xfc00], 0, KEEP)),
        Want::Exact(0xfc00, N)
    );
    assert_eq!(
        got(lane("V_MAX3_F16", [0x7e00, 0x3c00, 0xbc00], 0, KEEP)),
        Want::Exact(0x3c00, N)
    );
}

/// Legacy multiply (D1): a zero operand (or a flushed subnormal) gives +0 whatever the
/// other operand and the signs.
#[test]
fn mul_legacy() {
    let m = KEEP | IEEE;
    let l = |a: u64, b: u64, mode: u32| got(lane("V_MUL_LEGACY_F32", [a, b, 0], 0, mode));
    assert_eq!(l(0xc000_0000, PZ, m), Want::Exact(PZ, N)); // (−2, +0): IEEE gives −0
    assert_eq!(l(PZ, Q, m), Want::Exact(PZ, N)); // (+0, NaN): IEEE gives the NaN
    assert_eq!(l(NZ, INF, m), Want::Exact(PZ, N)); // (−0, inf): IEEE gives NaN, invalid
                                                   // (2^-149, inf): kept, a nonzero × inf = inf (input-denormal flag); flushed (FP_DENORM
                                                   // [5:4] = 0 or 2), the subnormal is a zero → +0; also for −2^-149.
    assert_eq!(l(1, INF, m), Want::Exact(INF, DE));
    for flush in [0x00, 0x20] {
        assert_eq!(l(1, INF, flush | IEEE), Want::Exact(PZ, N));
        assert_eq!(l(0x8000_0001, INF, flush | IEEE), Want::Exact(PZ, N));
    }
    // Otherwise IEEE: 2 × 3 = 6 (0x40c00000); −2 × inf = −inf.
    assert_eq!(l(TWO, THREE, m), Want::Exact(0x40c0_0000, N));
    assert_eq!(l(0xc000_0000, INF, m), Want::Exact(0xff80_0000, N));
    // 0 × sNaN: +0; invalid or not is not stated.
    assert_eq!(
        l(PZ, S, m),
        Want::Open(PZ, ALL32, "gcn5.v_mul_legacy_f32.snan", false)
    );
}

/// a = b = 1 + 2^-12 (0x3f800800): a × b = 1 + 2^-11 + 2^-24 exactly. Rounded to f32
/// (ulp 2^-23 on [1, 2)), 2^-24 is a tie and goes to the even 1 + 2^-11 (0x3f801000).
/// With c = −(1 + 2^-11): MAD gives exactly 0 → +0; FMA keeps 2^-24 (0x33800000). Rounding
/// up (FP_ROUND[1:0] = 1), MAD's product is 1 + 2^-11 + 2^-23, the sum 2^-23 (0x34000000).
#[test]
fn mad_rounds_the_product_fma_does_not() {
    let (a, c) = (0x3f80_0800, 0xbf80_1000);
    for name in ["V_MAD_F32", "V_MAD_LEGACY_F32"] {
        assert_eq!(
            got(lane(name, [a, a, c], 0, KEEP)),
            Want::Exact(0, Flags::INEXACT)
        );
        assert_eq!(
            got(lane(name, [a, a, c], 0, KEEP | 1)),
            Want::Exact(0x3400_0000, Flags::INEXACT)
        );
    }
    assert_eq!(
        got(lane("V_FMA_F32", [a, a, c], 0, KEEP)),
        Want::Exact(0x3380_0000, N)
    );
    assert_eq!(
        got(lane("V_FMA_F32", [a, a, c], 0, KEEP | 1)),
        Want::Exact(0x3380_0000, N)
    );
    // MAC and FMAC add D.
    assert_eq!(
        got(lane("V_MAC_F32", [a, a, 0], c, KEEP)),
        Want::Exact(0, Flags::INEXACT)
    );
    assert_eq!(
        got(lane("V_FMAC_F32", [a, a, 0], c, KEEP)),
        Want::Exact(0x3380_0000, N)
    );
}

#[test]
fn mad_operand_order() {
    // S0 = 2, S1 = 1, K (s2) = 3. MADMK: S0 × K + S1 = 7 (0x40e00000); MADAK: S0 × S1 + K
    // = 5 (0x40a00000). Swapping the roles would give the other value.
    let s = [TWO, ONE, THREE];
    assert_eq!(
        got(lane("V_MADMK_F32", s, 0, KEEP)),
        Want::Exact(0x40e0_0000, N)
    );
    assert_eq!(
        got(lane("V_MADAK_F32", s, 0, KEEP)),
        Want::Exact(0x40a0_0000, N)
    );
    // f16: 2 = 0x4000, 1 = 0x3c00, 3 = 0x4200; 7 = 1.75 × 4 = 0x4700, 5 = 1.25 × 4 = 0x4500.
    let h = [0x4000, 0x3c00, 0x4200];
    assert_eq!(got(lane("V_MADMK_F16", h, 0, KEEP)), Want::Exact(0x4700, N));
    assert_eq!(got(lane("V_MADAK_F16", h, 0, KEEP)), Want::Exact(0x4500, N));
    // MAC_F16 adds D's low half: 2 × 3 + 1 = 7 whatever D[31:16] holds.
    assert_eq!(
        got(lane("V_MAC_F16", [0x4000, 0x4200, 0], 0xdead_3c00, KEEP)),
        Want::Exact(0x4700, N)
    );
}

/// MAD flushes denormals whatever FP_DENORM says; FMA follows the mode.
#[test]
fn mad_denormals() {
    // 2^-149 × 1 + 0: MAD reads 2^-149 as +0 → +0; FMA keeps it.
    assert_eq!(
        got(lane("V_MAD_F32", [1, ONE, PZ], 0, KEEP)),
        Want::Exact(0, N)
    );
    assert_eq!(
        got(lane("V_FMA_F32", [1, ONE, PZ], 0, KEEP)),
        Want::Exact(1, DE)
    );
    // 2^-63 (0x20000000) × 2^-64 (0x1f800000) = 2^-127 (0x00400000, subnormal). + 0: the
    // tiny product flushed → +0; kept, 2^-127 + 0 is output-flushed → +0 too: settled.
    let (p, q) = (0x2000_0000, 0x1f80_0000);
    assert!(matches!(
        got(lane("V_MAD_F32", [p, q, PZ], 0, KEEP)),
        Want::Exact(0, _)
    ));
    assert_eq!(
        got(lane("V_FMA_F32", [p, q, PZ], 0, KEEP)),
        Want::Exact(0x0040_0000, N)
    );
    // + 2^-126 (0x00800000): flushed product gives 2^-126; a kept product gives
    // 1.5 × 2^-126 (0x00c00000), normal: both accepted.
    let r = got(lane("V_MAD_F32", [p, q, 0x0080_0000], 0, KEEP));
    assert_eq!(
        r,
        Want::Open(
            0x0080_0000,
            Accept::Range {
                lo: 0x0080_0000,
                hi: 0x00c0_0000
            },
            "gcn5.v_mad_f32.product_flush",
            false
        )
    );
    // f16: 2^-24 (0x0001) × 1 + 0: MAD_F16 → +0; FMA_F16 keeps it (FP_DENORM[7:6] = 3).
    assert_eq!(
        got(lane("V_MAD_F16", [1, 0x3c00, 0], 0, KEEP)),
        Want::Exact(0, N)
    );
    assert_eq!(
        got(lane("V_FMA_F16", [1, 0x3c00, 0], 0, KEEP)),
        Want::Exact(1, DE)
    );
}

/// Legacy MAD: the DX9 product then the add.
#[test]
fn mad_legacy_f32() {
    // +0 × inf + 1 = 1 (IEEE: NaN). −2 × +0 + (−0): +0 + −0 = +0 under round to nearest
    // (an IEEE product −0 would give −0).
    assert_eq!(
        got(lane("V_MAD_LEGACY_F32", [PZ, INF, ONE], 0, KEEP)),
        Want::Exact(ONE, N)
    );
    assert_eq!(
        got(lane("V_MAD_LEGACY_F32", [0xc000_0000, PZ, NZ], 0, KEEP)),
        Want::Exact(PZ, N)
    );
    assert_eq!(
        got(lane("V_MAD_F32", [0xc000_0000, PZ, NZ], 0, KEEP)),
        Want::Exact(NZ, N)
    );
}

/// f16: a = 1 + 2^-5 (0x3c20), b = 1 + 2^-6 (0x3c10): a × b = 1 + 2^-5 + 2^-6 + 2^-11;
/// 2^-11 is half an f16 ulp on [1, 2): a tie, to the even 1 + 2^-5 + 2^-6 (0x3c30). With
/// c = −0x3c30: MAD → +0, FMA → 2^-11 (0x1000).
#[test]
fn f16_mad_fma() {
    let s = [0x3c20, 0x3c10, 0xbc30];
    for name in ["V_MAD_F16", "V_MAD_LEGACY_F16"] {
        assert_eq!(got(lane(name, s, 0, KEEP)), Want::Exact(0, Flags::INEXACT));
    }
    for name in ["V_FMA_F16", "V_FMA_LEGACY_F16"] {
        assert_eq!(got(lane(name, s, 0, KEEP)), Want::Exact(0x1000, N));
    }
    // 65504 (0x7bff) × 2 + 0 overflows: +inf (0x7c00), or MAX_FP16 with FP16_OVFL.
    let o = Flags::OVERFLOW.union(Flags::INEXACT);
    let big = [0x7bff, 0x4000, 0];
    assert_eq!(got(lane("V_FMA_F16", big, 0, KEEP)), Want::Exact(0x7c00, o));
    assert_eq!(
        got(lane("V_FMA_F16", big, 0, KEEP | OVFL)),
        Want::Exact(0x7bff, o)
    );
    assert_eq!(
        got(lane("V_MAD_F16", big, 0, KEEP | OVFL)),
        Want::Exact(0x7bff, o)
    );
    // A true infinity stays: inf (0x7c00) × 1 + 0.
    assert_eq!(
        got(lane("V_FMA_F16", [0x7c00, 0x3c00, 0], 0, KEEP | OVFL)),
        Want::Exact(0x7c00, N)
    );
    // MAD's product 65504 × -2 overflows to -inf (overflow, inexact), and the addend is a
    // true -inf (0xfc00): -inf + -inf is that true infinity, kept under FP16_OVFL
    // ("preserving true INF values", Vega "Mode register"); found by the z3 model.
    assert_eq!(
        got(lane("V_MAD_F16", [0x7bff, 0xc000, 0xfc00], 0, KEEP | OVFL)),
        Want::Exact(0xfc00, o)
    );
}

#[test]
fn fma_f64() {
    // 1.5 × 2 + (−1) = 2 (0x4000000000000000).
    let r = lane(
        "V_FMA_F64",
        [
            0x3ff8_0000_0000_0000,
            0x4000_0000_0000_0000,
            0xbff0_0000_0000_0000,
        ],
        0,
        KEEP,
    );
    assert_eq!(got(r), Want::Exact(0x4000_0000_0000_0000, N));
}

/// The f16 VOP3 forms through the executor, which selects the halves op_sel names (the
/// kernels read only the low 16 bits of each operand): v1 = {2.0, 2.0}, v2 = {1.0, 3.0},
/// v3 = {1.0, 1.0} as {[31:16], [15:0]}; v0 = 0xdead_3c00 before.
#[test]
fn f16_op_sel_through_the_executor() {
    use crate::exec::execute;
    use crate::formats::parse;
    use crate::target::Target;
    use crate::wave::Wave;
    let run = |asm: &str| {
        let mut out = Vec::new();
        for t in Target::ALL {
            let inst = parse(t, asm).unwrap_or_else(|e| panic!("{asm}: {e}"));
            let mut w = Wave {
                exec: 1,
                mode: 0x3f0,
                ..Wave::default()
            };
            w.vgpr[0][0] = 0xdead_3c00;
            w.vgpr[1][0] = 0x4000_4000;
            w.vgpr[2][0] = 0x3c00_4200;
            w.vgpr[3][0] = 0x3c00_3c00;
            execute(&mut w, &inst).unwrap_or_else(|e| panic!("{asm}: {e}"));
            out.push(w.vgpr[0][0]);
        }
        assert_eq!(out[0], out[1], "{asm}: targets differ");
        out[0]
    };
    // Low halves: 2 × 3 + 1 = 7 (0x4700); op_sel[3] = 1 writes it to [31:16] and keeps
    // [15:0] (0x3c00).
    assert_eq!(
        run("v_mad_f16 v0, v1, v2, v3 op_sel:[0,0,0,1]"),
        0x4700_3c00
    );
    assert_eq!(
        run("v_fma_f16 v0, v1, v2, v3 op_sel:[0,0,0,1]"),
        0x4700_3c00
    );
    // High halves of all three sources: 2 × 1 + 1 = 3 (0x4200) in [15:0]. (The manual
    // keeps [31:16] for V_MAD_F16/V_FMA_F16; the executor's 16-bit write is not checked here.)
    assert_eq!(
        run("v_mad_f16 v0, v1, v2, v3 op_sel:[1,1,1,0]") & 0xffff,
        0x4200
    );
    assert_eq!(
        run("v_fma_f16 v0, v1, v2, v3 op_sel:[1,1,1,0]") & 0xffff,
        0x4200
    );
    // V_MAD_LEGACY_F16 with op_sel[3] = 0 writes [15:0] and zeroes [31:16].
    assert_eq!(run("v_mad_legacy_f16 v0, v1, v2, v3"), 0x4700);
    // V_MAC_F16 adds the destination's low half: 2 × 3 + 1.0 = 7.
    assert_eq!(run("v_mac_f16_e32 v0, v1, v2") & 0xffff, 0x4700);
}

/// Ordering across the classes: −inf < −max < −1 < −min normal < −min subnormal < −0 < +0
/// < +min subnormal < +min normal < +1 < +max < +inf (binary32 bits below), kept
/// denormals; each adjacent pair in both orders.
#[test]
fn min_max_edge_classes() {
    let order: [u64; 12] = [
        0xff80_0000, // −inf
        0xff7f_ffff, // −max
        0xbf80_0000, // −1
        0x8080_0000, // −min normal
        0x8000_0001, // −min subnormal
        NZ,
        PZ,
        0x0000_0001, // +min subnormal
        0x0080_0000, // +min normal
        ONE,
        0x7f7f_ffff, // +max
        INF,
    ];
    for w in order.windows(2) {
        let (lo, hi) = (w[0], w[1]);
        let sub = |v: u64| v & 0x7f80_0000 == 0 && v & 0x007f_ffff != 0;
        let f = if sub(lo) || sub(hi) { DE } else { N };
        for (a, b) in [(lo, hi), (hi, lo)] {
            let m = KEEP | IEEE;
            assert_eq!(
                got(lane("V_MIN_F32", [a, b, 0], 0, m)),
                Want::Exact(lo, f),
                "min({a:#x}, {b:#x})"
            );
            assert_eq!(
                got(lane("V_MAX_F32", [a, b, 0], 0, m)),
                Want::Exact(hi, f),
                "max({a:#x}, {b:#x})"
            );
        }
    }
    // med3 of (−inf, +inf, qNaN) = MIN3 = min(−inf, +inf) then min(−inf, NaN) = −inf.
    assert_eq!(
        got(lane("V_MED3_F32", [INF, 0xff80_0000, Q], 0, KEEP)),
        Want::Exact(0xff80_0000, N)
    );
}

/// f16 min/max flush with the double field FP_DENORM[7:6], not the single one: 0x0001 is
/// 2^-24. Mode 0x30 (single keep, double/half flush): max(2^-24, −0) reads +0 vs −0 → +0,
/// unsettled against the unflushed 2^-24. Mode 0xc0 (half keep): exact 2^-24.
#[test]
fn f16_min_max_denormal_field() {
    assert_eq!(
        got(lane("V_MAX_F16", [1, 0x8000, 0], 0, 0x30)),
        Want::Open(
            0,
            Accept::Range { lo: 0, hi: 1 },
            "gcn5.v_minmax.denorm",
            false
        )
    );
    assert_eq!(
        got(lane("V_MAX_F16", [1, 0x8000, 0], 0, 0xc0)),
        Want::Exact(1, DE)
    );
}

/// f64 NaN pairs, spot checks of the same branches: sNaN 0x7ff0_0000_0000_0001 quiets to
/// 0x7ff8_0000_0000_0001 with IEEE; with IEEE = 0 the number wins.
#[test]
fn f64_nans() {
    let s = 0x7ff0_0000_0000_0001;
    let two = 0x4000_0000_0000_0000;
    assert_eq!(
        got(lane("V_MAX_F64", [two, s, 0], 0, KEEP | IEEE)),
        Want::Exact(0x7ff8_0000_0000_0001, INV)
    );
    assert_eq!(
        got(lane("V_MAX_F64", [two, s, 0], 0, KEEP)),
        Want::Open(two, Accept::Mask(u64::MAX), SNAN_FLAG, false)
    );
}

/// FMA follows FP_ROUND: 1 + 2^-24 (a tie between 1 and 1 + 2^-23 as 1 × 1 + 2^-24)
/// rounds to 1.0 to nearest even and to 1 + 2^-23 (0x3f800001) toward +inf.
#[test]
fn fma_rounding() {
    let s = [ONE, ONE, 0x3380_0000];
    assert_eq!(
        got(lane("V_FMA_F32", s, 0, KEEP)),
        Want::Exact(ONE, Flags::INEXACT)
    );
    assert_eq!(
        got(lane("V_FMA_F32", s, 0, KEEP | 1)),
        Want::Exact(0x3f80_0001, Flags::INEXACT)
    );
    // f64 reads FP_ROUND[3:2]: 1 + 2^-53 (0x3ca0_0000_0000_0000) rounds up with [3:2] = 1.
    let one = 0x3ff0_0000_0000_0000;
    let t = [one, one, 0x3ca0_0000_0000_0000];
    assert_eq!(
        got(lane("V_FMA_F64", t, 0, KEEP | 1)),
        Want::Exact(one, Flags::INEXACT)
    );
    assert_eq!(
        got(lane("V_FMA_F64", t, 0, KEEP | 0b0100)),
        Want::Exact(one + 1, Flags::INEXACT)
    );
    // Legacy multiply: −0 × 5 is +0 also rounding toward −inf (an IEEE −0 × 5 is −0).
    assert_eq!(
        got(lane("V_MUL_LEGACY_F32", [NZ, 0x40a0_0000, 0], 0, KEEP | 2)),
        Want::Exact(PZ, N)
    );
}

/// The order of the vector format's ranges: -0 just before +0 (docs/vector-format.md).
fn total_key(x: u64, sign: u64) -> (bool, u64) {
    if x & sign != 0 {
        (false, !x & (2 * sign - 1))
    } else {
        (true, x)
    }
}

#[test]
fn every_lane_accepts_its_own_result() {
    // gpuref's value `d` must lie inside the lane's acceptance set, for every kernel of the
    // family on edge operands under flushing and keeping modes. (Regression: V_MED3_F32 on
    // (-min subnormal, -1.0, +max subnormal) with everything flushed returned +0 with the
    // range -min subnormal..-0.)
    let f32s = [
        0u64,
        0x8000_0000,
        1,
        0x8000_0001,
        0x007f_ffff,
        0x807f_ffff,
        0x3f80_0000,
        0xbf80_0000,
        0x7f80_0000,
        0xff80_0000,
        0x7fc0_0000,
        0x7fa0_0000,
    ];
    for k in KERNELS.iter().filter(|k| k.name.ends_with("_F32")) {
        for mode in [0u32, KEEP, KEEP | IEEE, IEEE] {
            for a in f32s {
                for b in f32s {
                    for c in [0x8000_0001u64, 0x3f80_0000, 0x007f_ffff] {
                        let r = lane(k.name, [a, b, c], 0, mode);
                        let (Some(d), Some(u)) = (r.d, r.unsettled) else {
                            continue;
                        };
                        let ok = match u.accept {
                            Accept::Mask(_) | Accept::Mask128(_) => true,
                            Accept::AnyNan => d & 0x7fff_ffff > 0x7f80_0000,
                            Accept::Range { lo, hi } => {
                                let key = |x| total_key(x, 0x8000_0000);
                                key(lo) <= key(d) && key(d) <= key(hi)
                            }
                        };
                        assert!(
                            ok,
                            "{} {a:#x} {b:#x} {c:#x} mode {mode:#x}: {d:#x} not in {:?}",
                            k.name, u.accept
                        );
                    }
                }
            }
        }
    }
}
