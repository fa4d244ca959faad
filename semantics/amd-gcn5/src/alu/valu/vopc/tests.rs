//! VOPC lanes worked by hand from the manual's compare table ("VOPC Instructions": the
//! predicate of each opcode offset, `!(S0 >= S1)` true on NaN, ...), IEEE 754 §5.11 (-0 equals
//! +0, NaN unordered) and the CLASS bit list; never computed by the kernels under test.

use super::super::{not_yet, Accept, LaneOut, Output};
use crate::alu::valu::testing::*;
use crate::instructions::{rows, Format};
use gpuref_float::Flags;

/// Keep denormals of every width, round to nearest even.
const KEEP: u32 = 0xf0;

fn run(name: &str, s0: u64, s1: u64, mode: u32, clamp: bool) -> LaneOut {
    let out = call(name, srcs([s0, s1, 0]), mode, clamp);
    assert_eq!(out.d, None, "{name} writes no VGPR");
    out
}

fn bit(name: &str, s0: u64, s1: u64) -> bool {
    run(name, s0, s1, KEEP, false)
        .carry
        .unwrap_or_else(|| panic!("{name}: no compare bit"))
}

#[test]
fn every_vopc_row_has_one_kernel() {
    let mut bad = Vec::new();
    let mut count = 0;
    for r in rows().filter(|r| r.format == Format::Vopc) {
        count += 1;
        let n = super::KERNELS.iter().filter(|k| k.name == r.name).count()
            + not_yet().filter(|(n, _)| *n == r.name).count();
        if n != 1 {
            bad.push(r.name);
        }
    }
    assert!(bad.is_empty(), "{bad:?}");
    assert_eq!(count, 198);
    assert_eq!(super::KERNELS.len(), 198);
}

/// Operands (S0, S1) of each relation: 1 < 2, -0 = +0, 2 > 1, qNaN ? 1.
struct Enc {
    ty: &'static str,
    one: u64,
    two: u64,
    nzero: u64,
    qnan: u64,
    snan: u64,
}

const ENCS: [Enc; 3] = [
    Enc {
        ty: "F16",
        one: 0x3c00,
        two: 0x4000,
        nzero: 0x8000,
        qnan: 0x7e00,
        snan: 0x7d00,
    },
    Enc {
        ty: "F32",
        one: 0x3f80_0000,
        two: 0x4000_0000,
        nzero: 0x8000_0000,
        qnan: 0x7fc0_0000,
        snan: 0x7fa0_0000,
    },
    Enc {
        ty: "F64",
        one: 0x3ff0_0000_0000_0000,
        two: 0x4000_0000_0000_0000,
        nzero: 0x8000_0000_0000_0000,
        qnan: 0x7ff8_0000_0000_0000,
        snan: 0x7ff4_0000_0000_0000,
    },
];

#[test]
fn float_predicates_on_each_relation() {
    // (predicate, true for less, equal, greater, unordered), from the manual's rows.
    let table = [
        ("F", [0, 0, 0, 0]),
        ("LT", [1, 0, 0, 0]),
        ("EQ", [0, 1, 0, 0]),
        ("LE", [1, 1, 0, 0]),
        ("GT", [0, 0, 1, 0]),
        ("LG", [1, 0, 1, 0]),
        ("GE", [0, 1, 1, 0]),
        ("O", [1, 1, 1, 0]),
        ("U", [0, 0, 0, 1]),
        ("NGE", [1, 0, 0, 1]),
        ("NLG", [0, 1, 0, 1]),
        ("NGT", [1, 1, 0, 1]),
        ("NLE", [0, 0, 1, 1]),
        ("NEQ", [1, 0, 1, 1]),
        ("NLT", [0, 1, 1, 1]),
        ("TRU", [1, 1, 1, 1]),
    ];
    for e in &ENCS {
        let pairs = [
            (e.one, e.two),
            (e.nzero, 0),
            (e.two, e.one),
            (e.qnan, e.one),
        ];
        for (p, want) in table {
            for cmp in ["CMP", "CMPX"] {
                let name = format!("V_{cmp}_{p}_{}", e.ty);
                for (i, (a, b)) in pairs.iter().enumerate() {
                    assert_eq!(bit(&name, *a, *b), want[i] == 1, "{name} case {i}");
                }
                // NaN in S1 too, and a signalling NaN: unordered.
                assert_eq!(bit(&name, e.one, e.snan), want[3] == 1, "{name} sNaN");
            }
        }
    }
}

#[test]
fn float_compare_edges() {
    // -inf < +inf; +inf == +inf; -0 < +min subnormal (denormals kept); max subnormal
    // 0x007fffff < min normal 0x00800000; -1 < -min subnormal.
    assert!(bit("V_CMP_LT_F32", 0xff80_0000, 0x7f80_0000));
    assert!(bit("V_CMP_EQ_F32", 0x7f80_0000, 0x7f80_0000));
    assert!(bit("V_CMP_LT_F32", 0x8000_0000, 1));
    assert!(bit("V_CMP_LT_F32", 0x007f_ffff, 0x0080_0000));
    assert!(bit("V_CMP_LT_F32", 0xbf80_0000, 0x8000_0001));
    assert!(bit(
        "V_CMP_GT_F64",
        0x7fef_ffff_ffff_ffff,
        0x7fef_ffff_ffff_fffe
    ));
    assert!(bit("V_CMP_LT_F16", 0xfbff, 0x7bff));
    // NaN against itself is unordered: EQ false, NEQ true.
    assert!(!bit("V_CMP_EQ_F32", 0x7fc0_0000, 0x7fc0_0000));
    assert!(bit("V_CMP_NEQ_F32", 0x7fc0_0000, 0x7fc0_0000));
    // Only the low 16 bits are an f16 operand (the executor selects the half).
    assert!(bit("V_CMP_EQ_F16", 0xdead_3c00, 0x3c00));
}

#[test]
fn float_compare_flags_follow_clamp() {
    for e in &ENCS {
        for p in ["F", "LT", "EQ", "U", "NLT", "TRU"] {
            let name = format!("V_CMP_{p}_{}", e.ty);
            // Quiet NaN: no flag without CLAMP, invalid with it ("signal an exception
            // when either of the inputs is NaN"), whatever the predicate.
            let r = run(&name, e.qnan, e.one, KEEP, false);
            assert_eq!((r.flags, r.unsettled), (Flags::NONE, None), "{name}");
            let r = run(&name, e.one, e.qnan, KEEP, true);
            assert_eq!((r.flags, r.unsettled), (Flags::INVALID, None), "{name}");
            // Signalling NaN without CLAMP: the manual's reading (no flag), flags unsettled,
            // the bit settled.
            let r = run(&name, e.snan, e.one, KEEP, false);
            assert_eq!(r.flags, Flags::NONE, "{name}");
            let u = r.unsettled.expect("flags unsettled");
            assert_eq!(
                (u.output, u.accept, u.rule, u.flags_settled),
                (
                    Output::Carry,
                    Accept::Mask(1),
                    "gcn5.vopc.snan_quiet",
                    false
                )
            );
            let r = run(&name, e.snan, e.one, KEEP, true);
            assert_eq!((r.flags, r.unsettled), (Flags::INVALID, None), "{name}");
            // Ordered operands: no flag either way.
            let r = run(&name, e.one, e.two, KEEP, true);
            assert_eq!(r.flags, Flags::NONE, "{name}");
        }
    }
}

#[test]
fn float_compare_reads_denormals_under_mode() {
    // f32 min subnormal vs +0: kept (FP_DENORM[5:4] = 3) it is greater; flushed on input
    // ([5:4] = 0 or 2) it is +0, equal. FP_DENORM[5:4] = 1 keeps inputs.
    let eq = |name: &str, a: u64, mode: u32| run(name, a, 0, mode, false).carry;
    assert_eq!(eq("V_CMP_EQ_F32", 1, 0x30), Some(false));
    assert_eq!(eq("V_CMP_EQ_F32", 1, 0x10), Some(false));
    assert_eq!(eq("V_CMP_EQ_F32", 1, 0x20), Some(true));
    assert_eq!(eq("V_CMP_EQ_F32", 1, 0x00), Some(true));
    // -min subnormal flushes to -0, which equals +0.
    assert_eq!(eq("V_CMP_EQ_F32", 0x8000_0001, 0x00), Some(true));
    assert_eq!(eq("V_CMP_LT_F32", 0x8000_0001, 0x30), Some(true));
    // f64 and f16 follow FP_DENORM[7:6], not [5:4]: 0x30 flushes them, 0xc0 keeps them.
    assert_eq!(eq("V_CMP_EQ_F64", 1, 0x30), Some(true));
    assert_eq!(eq("V_CMP_EQ_F64", 1, 0xc0), Some(false));
    assert_eq!(eq("V_CMP_EQ_F16", 0x03ff, 0x30), Some(true));
    assert_eq!(eq("V_CMP_EQ_F16", 0x03ff, 0xc0), Some(false));
    // The max subnormal flushed is below the min normal still.
    assert_eq!(
        run("V_CMP_LT_F32", 0x007f_ffff, 0x0080_0000, 0, false).carry,
        Some(true)
    );
}

#[test]
fn integer_predicates() {
    // (predicate, true for less, equal, greater).
    let table = [
        ("F", [0, 0, 0]),
        ("LT", [1, 0, 0]),
        ("EQ", [0, 1, 0]),
        ("LE", [1, 1, 0]),
        ("GT", [0, 0, 1]),
        ("NE", [1, 0, 1]),
        ("GE", [0, 1, 1]),
        ("T", [1, 1, 1]),
    ];
    // (type, a < b, equal pair) with the boundary values of the type: signed types see
    // the all-ones pattern as -1 and the top bit as the minimum.
    type Pair = (u64, u64);
    let cases: [(&str, Pair, Pair); 6] = [
        ("I16", (0x8000, 0x7fff), (0xffff, 0xffff)),
        ("U16", (0x7fff, 0x8000), (0, 0)),
        ("I32", (0xffff_ffff, 0), (0x8000_0000, 0x8000_0000)),
        ("U32", (0, 0xffff_ffff), (0xffff_ffff, 0xffff_ffff)),
        (
            "I64",
            (0x8000_0000_0000_0000, 0x7fff_ffff_ffff_ffff),
            (u64::MAX, u64::MAX),
        ),
        (
            "U64",
            (0x7fff_ffff_ffff_ffff, 0x8000_0000_0000_0000),
            (u64::MAX, u64::MAX),
        ),
    ];
    for (ty, (lo, hi), (e0, e1)) in cases {
        for (p, want) in table {
            for cmp in ["CMP", "CMPX"] {
                let name = format!("V_{cmp}_{p}_{ty}");
                assert_eq!(bit(&name, lo, hi), want[0] == 1, "{name} less");
                assert_eq!(bit(&name, e0, e1), want[1] == 1, "{name} equal");
                assert_eq!(bit(&name, hi, lo), want[2] == 1, "{name} greater");
            }
        }
    }
    // 16- and 32-bit compares read only their operand's bits.
    assert!(bit("V_CMP_EQ_U16", 0x1_0001, 1));
    assert!(bit("V_CMP_EQ_I32", 0x5_ffff_ffff, 0xffff_ffff));
    assert!(bit("V_CMP_LT_I16", 0x0000_ffff, 0));
    // No flags, whatever CLAMP.
    assert_eq!(run("V_CMP_LT_I32", 1, 2, 0, true).flags, Flags::NONE);
}

#[test]
fn class_bits() {
    // The manual's list: bit 0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0,
    // 7 +denormal, 8 +normal, 9 +inf; one value of each class per format.
    let f16 = [
        0x7d00, 0x7e00, 0xfc00, 0xbc00, 0x8001, 0x8000, 0, 0x03ff, 0x3c00, 0x7c00,
    ];
    let f32 = [
        0x7fa0_0000,
        0x7fc0_0000,
        0xff80_0000,
        0xbf80_0000,
        0x8000_0001,
        0x8000_0000,
        0,
        0x007f_ffff,
        0x0080_0000,
        0x7f80_0000,
    ];
    let f64 = [
        0x7ff4_0000_0000_0000,
        0xfff8_0000_0000_0000,
        0xfff0_0000_0000_0000,
        0xffef_ffff_ffff_ffff,
        0x800f_ffff_ffff_ffff,
        0x8000_0000_0000_0000,
        0,
        1,
        0x3ff0_0000_0000_0000,
        0x7ff0_0000_0000_0000,
    ];
    for (ty, vals) in [("F16", &f16[..]), ("F32", &f32[..]), ("F64", &f64[..])] {
        for cmp in ["CMP", "CMPX"] {
            let name = format!("V_{cmp}_CLASS_{ty}");
            for (i, &v) in vals.iter().enumerate() {
                for mode in [KEEP, 0] {
                    for clamp in [false, true] {
                        let only = run(&name, v, 1 << i, mode, clamp);
                        let others = run(&name, v, 0x3ff & !(1 << i), mode, clamp);
                        assert_eq!(only.carry, Some(true), "{name} class {i}");
                        assert_eq!(others.carry, Some(false), "{name} class {i}");
                        assert_eq!(only.flags, Flags::NONE, "{name} class {i}");
                    }
                }
                // Bits above 9 select nothing.
                assert_eq!(run(&name, v, 0xffff_fc00, KEEP, false).carry, Some(false));
            }
        }
    }
}

#[test]
fn class_of_a_denormal_when_inputs_flush() {
    // +min subnormal, mask = +denormal only: kept inputs, settled true; flushed inputs
    // (FP_DENORM[5:4] = 0), gpuref still says true but the bit is unsettled, since a
    // flushed input would be +0.
    let r = run("V_CMP_CLASS_F32", 1, 1 << 7, KEEP, false);
    assert_eq!((r.carry, r.unsettled), (Some(true), None));
    let r = run("V_CMP_CLASS_F32", 1, 1 << 7, 0, false);
    assert_eq!(r.carry, Some(true));
    let u = r.unsettled.expect("unsettled");
    assert_eq!(
        (u.output, u.accept, u.rule),
        (Output::Carry, Accept::Mask(0), "gcn5.v_cmp_class.denormal")
    );
    // Mask with both +denormal and +0: either reading gives true, settled.
    let r = run("V_CMP_CLASS_F32", 1, 1 << 7 | 1 << 6, 0, false);
    assert_eq!((r.carry, r.unsettled), (Some(true), None));
    // -denormal vs -0 for f64 under FP_DENORM[7:6] = 2 (flush inputs): mask = -0 only.
    let r = run(
        "V_CMP_CLASS_F64",
        0x8000_0000_0000_0001,
        1 << 5,
        0xb0,
        false,
    );
    assert_eq!(r.carry, Some(false));
    assert!(r.unsettled.is_some());
    // Single flush does not touch f16 (double/half field kept).
    let r = run("V_CMP_CLASS_F16", 1, 1 << 7, 0xc0, false);
    assert_eq!((r.carry, r.unsettled), (Some(true), None));
}

#[test]
fn class_with_clamp_leaves_the_flags_of_a_nan_open() {
    // CLAMP with a quiet NaN S0 (0x7fc00000), mask = quiet NaN (bit 1): true, no flag
    // raised, the flags open (rule gcn5.v_cmp_class.clamp: the VOPC CLAMP sentence may or
    // may not cover CLASS); the compare bit settled (Mask(1)).
    let r = run("V_CMP_CLASS_F32", 0x7fc0_0000, 1 << 1, KEEP, true);
    assert_eq!((r.carry, r.flags), (Some(true), Flags::NONE));
    let u = r.unsettled.expect("flags open");
    assert_eq!(
        (u.output, u.accept, u.rule, u.flags_settled),
        (
            Output::Carry,
            Accept::Mask(1),
            "gcn5.v_cmp_class.clamp",
            false
        )
    );
    // A signalling NaN f16 (0x7c01) the same; 1.0 (0x3f800000) settled, no flag.
    let r = run("V_CMP_CLASS_F16", 0x7c01, 1, KEEP, true);
    assert_eq!(r.carry, Some(true));
    assert!(r.unsettled.is_some_and(|u| !u.flags_settled));
    let r = run("V_CMP_CLASS_F32", 0x3f80_0000, 1 << 8, KEEP, true);
    assert_eq!(
        (r.carry, r.unsettled, r.flags),
        (Some(true), None, Flags::NONE)
    );
    // Without CLAMP a NaN settles everything (no flag).
    let r = run("V_CMP_CLASS_F32", 0x7fc0_0000, 1 << 1, KEEP, false);
    assert_eq!(r.unsettled, None);
}
