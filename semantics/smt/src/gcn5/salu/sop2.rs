//! SOP2 models (Vega manual, "SOP2 Instructions").

use crate::bv::*;
use crate::coverage::IntFamily;
use crate::{Model, ModelFn};

/// S0 and S1 of `w` bits each.
fn two(name: &'static str, spec: &'static str, w: u32) -> Model {
    Model::new(name, spec).input("s0", w).input("s1", w)
}

/// `D = f(S0, S1); SCC = (D != 0)`.
fn nz_op(name: &'static str, spec: &'static str, w: u32, d: String) -> Model {
    let scc = let1("r", &d, &nz("r", w));
    two(name, spec, w)
        .out("d", w, d.clone())
        .out("scc", 1, scc)
        .region("d_zero", format!("(= {d} {})", lit(0, w)))
}

/// D.u = S0.u + S1.u; SCC = (S0.u + S1.u >= 0x100000000ULL ? 1 : 0).
pub fn s_add_u32() -> Model {
    two(
        "S_ADD_U32",
        "D.u = S0.u + S1.u; SCC = (S0.u + S1.u >= 0x100000000ULL ? 1 : 0).",
        32,
    )
    .out("d", 32, "(bvadd s0 s1)")
    .out("scc", 1, carry("s0", "s1", None, 32))
    .region(
        "carry_out",
        format!("(= {} #b1)", carry("s0", "s1", None, 32)),
    )
    .int_family(IntFamily::Arith {
        sub: false,
        rev: false,
        carry_in: false,
    })
}

/// D.u = S0.u - S1.u; SCC = (S1.u > S0.u ? 1 : 0).
pub fn s_sub_u32() -> Model {
    two(
        "S_SUB_U32",
        "D.u = S0.u - S1.u; SCC = (S1.u > S0.u ? 1 : 0).",
        32,
    )
    .out("d", 32, "(bvsub s0 s1)")
    .out("scc", 1, b1("(bvugt s1 s0)"))
    .region("borrow", "(bvugt s1 s0)")
    .int_family(IntFamily::Arith {
        sub: true,
        rev: false,
        carry_in: false,
    })
}

fn signed_overflow(name: &'static str, spec: &'static str, sub: bool) -> Model {
    let d = if sub {
        "(bvsub s0 s1)"
    } else {
        "(bvadd s0 s1)"
    };
    let same = if sub {
        "(not (= (s31 s0) (s31 s1)))"
    } else {
        "(= (s31 s0) (s31 s1))"
    };
    let scc = format!("(and {same} (not (= (s31 s0) (s31 {d}))))")
        .replace("(s31 ", "((_ extract 31 31) ");
    two(name, spec, 32)
        .out("d", 32, d)
        .out("scc", 1, b1(&scc))
        .region("overflow", scc)
}

/// D.i = S0.i + S1.i; SCC = (S0.u[31] == S1.u[31] && S0.u[31] != D.u[31]).
pub fn s_add_i32() -> Model {
    signed_overflow(
        "S_ADD_I32",
        "D.i = S0.i + S1.i; SCC = (S0.u[31] == S1.u[31] && S0.u[31] != D.u[31]).",
        false,
    )
    .int_family(IntFamily::Arith {
        sub: false,
        rev: false,
        carry_in: false,
    })
}

/// D.i = S0.i - S1.i; SCC = (S0.u[31] != S1.u[31] && S0.u[31] != D.u[31]).
pub fn s_sub_i32() -> Model {
    signed_overflow(
        "S_SUB_I32",
        "D.i = S0.i - S1.i; SCC = (S0.u[31] != S1.u[31] && S0.u[31] != D.u[31]).",
        true,
    )
    .int_family(IntFamily::Arith {
        sub: true,
        rev: false,
        carry_in: false,
    })
}

/// D.u = S0.u + S1.u + SCC; SCC = (S0.u + S1.u + SCC >= 0x100000000ULL ? 1 : 0).
pub fn s_addc_u32() -> Model {
    let c = carry("s0", "s1", Some("scc_in"), 32);
    two(
        "S_ADDC_U32",
        "D.u = S0.u + S1.u + SCC; SCC = (S0.u + S1.u + SCC >= 0x100000000ULL ? 1 : 0).",
        32,
    )
    .input("scc_in", 1)
    .out("d", 32, format!("(bvadd s0 s1 {})", zext("scc_in", 31)))
    .out("scc", 1, c.clone())
    .region("carry_out", format!("(= {c} #b1)"))
    .region(
        "carry_in_only_carries",
        "(and (= scc_in #b1) (= (bvadd s0 s1) #xffffffff))",
    )
    .int_family(IntFamily::Arith {
        sub: false,
        rev: false,
        carry_in: true,
    })
}

/// D.u = S0.u - S1.u - SCC; SCC = (S1.u + SCC > S0.u ? 1 : 0).
pub fn s_subb_u32() -> Model {
    let borrow = format!(
        "(bvugt (bvadd {} {}) {})",
        zext("s1", 1),
        zext("scc_in", 32),
        zext("s0", 1)
    );
    two(
        "S_SUBB_U32",
        "D.u = S0.u - S1.u - SCC; SCC = (S1.u + SCC > S0.u ? 1 : 0).",
        32,
    )
    .input("scc_in", 1)
    .out(
        "d",
        32,
        format!("(bvsub (bvsub s0 s1) {})", zext("scc_in", 31)),
    )
    .out("scc", 1, b1(&borrow))
    .region("borrow", borrow)
    .region("equal_with_borrow_in", "(and (= s0 s1) (= scc_in #b1))")
    .int_family(IntFamily::Arith {
        sub: true,
        rev: false,
        carry_in: true,
    })
}

fn minmax(name: &'static str, spec: &'static str, is_min: bool, signed: bool) -> Model {
    let (d, c) = if is_min {
        (min("s0", "s1", signed), lt("s0", "s1", signed))
    } else {
        (
            ite(&lt("s1", "s0", signed), "s0", "s1"),
            lt("s1", "s0", signed),
        )
    };
    two(name, spec, 32)
        .out("d", 32, d)
        .out("scc", 1, b1(&c))
        .region(
            "signs_differ",
            "(not (= ((_ extract 31 31) s0) ((_ extract 31 31) s1)))",
        )
}

/// D.i = (S0.i < S1.i) ? S0.i : S1.i; SCC = (S0.i < S1.i).
pub fn s_min_i32() -> Model {
    minmax(
        "S_MIN_I32",
        "D.i = (S0.i < S1.i) ? S0.i : S1.i; SCC = (S0.i < S1.i).",
        true,
        true,
    )
}
/// D.u = (S0.u < S1.u) ? S0.u : S1.u; SCC = (S0.u < S1.u).
pub fn s_min_u32() -> Model {
    minmax(
        "S_MIN_U32",
        "D.u = (S0.u < S1.u) ? S0.u : S1.u; SCC = (S0.u < S1.u).",
        true,
        false,
    )
}
/// D.i = (S0.i > S1.i) ? S0.i : S1.i; SCC = (S0.i > S1.i).
pub fn s_max_i32() -> Model {
    minmax(
        "S_MAX_I32",
        "D.i = (S0.i > S1.i) ? S0.i : S1.i; SCC = (S0.i > S1.i).",
        false,
        true,
    )
}
/// D.u = (S0.u > S1.u) ? S0.u : S1.u; SCC = (S0.u > S1.u).
pub fn s_max_u32() -> Model {
    minmax(
        "S_MAX_U32",
        "D.u = (S0.u > S1.u) ? S0.u : S1.u; SCC = (S0.u > S1.u).",
        false,
        false,
    )
}

fn cselect(name: &'static str, w: u32) -> Model {
    two(name, "D.u = SCC ? S0.u : S1.u.", w)
        .input("scc_in", 1)
        .out("d", w, "(ite (= scc_in #b1) s0 s1)")
}
/// D.u = SCC ? S0.u : S1.u.
pub fn s_cselect_b32() -> Model {
    cselect("S_CSELECT_B32", 32)
}
/// D.u64 = SCC ? S0.u64 : S1.u64.
pub fn s_cselect_b64() -> Model {
    cselect("S_CSELECT_B64", 64)
}

macro_rules! logic {
    ($($f:ident $name:literal $w:literal $spec:literal $term:literal;)*) => {$(
        #[doc = $spec]
        pub fn $f() -> Model {
            nz_op($name, $spec, $w, $term.to_string())
        }
    )*};
}

logic! {
    s_and_b32   "S_AND_B32"   32 "D = S0 & S1; SCC = (D != 0)."    "(bvand s0 s1)";
    s_and_b64   "S_AND_B64"   64 "D = S0 & S1; SCC = (D != 0)."    "(bvand s0 s1)";
    s_or_b32    "S_OR_B32"    32 "D = S0 | S1; SCC = (D != 0)."    "(bvor s0 s1)";
    s_or_b64    "S_OR_B64"    64 "D = S0 | S1; SCC = (D != 0)."    "(bvor s0 s1)";
    s_xor_b32   "S_XOR_B32"   32 "D = S0 ^ S1; SCC = (D != 0)."    "(bvxor s0 s1)";
    s_xor_b64   "S_XOR_B64"   64 "D = S0 ^ S1; SCC = (D != 0)."    "(bvxor s0 s1)";
    s_andn2_b32 "S_ANDN2_B32" 32 "D = S0 & ~S1; SCC = (D != 0)."   "(bvand s0 (bvnot s1))";
    s_andn2_b64 "S_ANDN2_B64" 64 "D = S0 & ~S1; SCC = (D != 0)."   "(bvand s0 (bvnot s1))";
    s_orn2_b32  "S_ORN2_B32"  32 "D = S0 | ~S1; SCC = (D != 0)."   "(bvor s0 (bvnot s1))";
    s_orn2_b64  "S_ORN2_B64"  64 "D = S0 | ~S1; SCC = (D != 0)."   "(bvor s0 (bvnot s1))";
    s_nand_b32  "S_NAND_B32"  32 "D = ~(S0 & S1); SCC = (D != 0)." "(bvnot (bvand s0 s1))";
    s_nand_b64  "S_NAND_B64"  64 "D = ~(S0 & S1); SCC = (D != 0)." "(bvnot (bvand s0 s1))";
    s_nor_b32   "S_NOR_B32"   32 "D = ~(S0 | S1); SCC = (D != 0)." "(bvnot (bvor s0 s1))";
    s_nor_b64   "S_NOR_B64"   64 "D = ~(S0 | S1); SCC = (D != 0)." "(bvnot (bvor s0 s1))";
    s_xnor_b32  "S_XNOR_B32"  32 "D = ~(S0 ^ S1); SCC = (D != 0)." "(bvnot (bvxor s0 s1))";
    s_xnor_b64  "S_XNOR_B64"  64 "D = ~(S0 ^ S1); SCC = (D != 0)." "(bvnot (bvxor s0 s1))";
}

/// A shift of a `w`-bit S0 by S1.u[n-1:0] (S1 is 32 bits).
fn shift(name: &'static str, spec: &'static str, w: u32, f: &str) -> Model {
    let n = if w == 64 { 6 } else { 5 };
    let d = format!("({f} s0 {})", low("s1", n, w));
    Model::new(name, spec)
        .input("s0", w)
        .input("s1", 32)
        .out("d", w, d.clone())
        .out("scc", 1, nz(&d, w))
        .region(
            "s1_high_bits_set",
            format!("(bvuge s1 {})", lit(u64::from(w), 32)),
        )
        .region("d_zero", format!("(= {d} {})", lit(0, w)))
}

/// D.u = S0.u << S1.u[4:0]; SCC = (D.u != 0).
pub fn s_lshl_b32() -> Model {
    shift(
        "S_LSHL_B32",
        "D.u = S0.u << S1.u[4:0]; SCC = (D.u != 0).",
        32,
        "bvshl",
    )
    .int_family(IntFamily::Shift { count: "s1" })
}
/// D.u64 = S0.u64 << S1.u[5:0]; SCC = (D.u64 != 0).
pub fn s_lshl_b64() -> Model {
    shift(
        "S_LSHL_B64",
        "D.u64 = S0.u64 << S1.u[5:0]; SCC = (D.u64 != 0).",
        64,
        "bvshl",
    )
    .int_family(IntFamily::Shift { count: "s1" })
}
/// D.u = S0.u >> S1.u[4:0]; SCC = (D.u != 0).
pub fn s_lshr_b32() -> Model {
    shift(
        "S_LSHR_B32",
        "D.u = S0.u >> S1.u[4:0]; SCC = (D.u != 0).",
        32,
        "bvlshr",
    )
    .int_family(IntFamily::Shift { count: "s1" })
}
/// D.u64 = S0.u64 >> S1.u[5:0]; SCC = (D.u64 != 0).
pub fn s_lshr_b64() -> Model {
    shift(
        "S_LSHR_B64",
        "D.u64 = S0.u64 >> S1.u[5:0]; SCC = (D.u64 != 0).",
        64,
        "bvlshr",
    )
    .int_family(IntFamily::Shift { count: "s1" })
}
/// D.i = signext(S0.i) >> S1.u[4:0]; SCC = (D.i != 0).
pub fn s_ashr_i32() -> Model {
    shift(
        "S_ASHR_I32",
        "D.i = signext(S0.i) >> S1.u[4:0]; SCC = (D.i != 0).",
        32,
        "bvashr",
    )
    .int_family(IntFamily::Shift { count: "s1" })
}
/// D.i64 = signext(S0.i64) >> S1.u[5:0]; SCC = (D.i64 != 0).
pub fn s_ashr_i64() -> Model {
    shift(
        "S_ASHR_I64",
        "D.i64 = signext(S0.i64) >> S1.u[5:0]; SCC = (D.i64 != 0).",
        64,
        "bvashr",
    )
    .int_family(IntFamily::Shift { count: "s1" })
}

/// `((1 << S0[n-1:0]) - 1) << S1[n-1:0]` in `w` bits.
pub(crate) fn bfm(w: u32) -> String {
    let n = if w == 64 { 6 } else { 5 };
    format!(
        "(bvshl (bvsub (bvshl {} {}) {}) {})",
        lit(1, w),
        low("s0", n, w),
        lit(1, w),
        low("s1", n, w)
    )
}

/// D.u = ((1 << S0.u[4:0]) - 1) << S1.u[4:0].
pub fn s_bfm_b32() -> Model {
    two(
        "S_BFM_B32",
        "D.u = ((1 << S0.u[4:0]) - 1) << S1.u[4:0].",
        32,
    )
    .out("d", 32, bfm(32))
}
/// D.u64 = ((1ULL << S0.u[5:0]) - 1) << S1.u[5:0].
pub fn s_bfm_b64() -> Model {
    two(
        "S_BFM_B64",
        "D.u64 = ((1ULL << S0.u[5:0]) - 1) << S1.u[5:0].",
        32,
    )
    .out("d", 64, bfm(64))
}

/// D.i = S0.i * S1.i.
pub fn s_mul_i32() -> Model {
    two("S_MUL_I32", "D.i = S0.i * S1.i.", 32).out("d", 32, "(bvmul s0 s1)")
}

/// The bit-field extract of a `w`-bit S0 at offset S1[n-1:0], width S1[22:16]. The mask
/// `(1 << width) - 1` is read with unbounded integers (all ones once the width reaches
/// `w`); signed: the field sign-extended from its top bit, the shift arithmetic.
fn bfe(name: &'static str, spec: &'static str, w: u32, signed: bool) -> Model {
    let n = if w == 64 { 6 } else { 5 };
    let off = low("s1", n, w);
    let width = zext(&ext("s1", 22, 16), w - 7);
    let sh = if signed { "bvashr" } else { "bvlshr" };
    let t = format!("({sh} s0 {off})");
    let full = format!("(bvuge {width} {})", lit(u64::from(w), w));
    let mask = format!("(bvsub (bvshl {} {width}) {})", lit(1, w), lit(1, w));
    let field = format!("(bvand {t} {mask})");
    let d = if signed {
        let k = format!("(bvsub {} {width})", lit(u64::from(w), w));
        ite(
            &full,
            &t,
            &ite(
                &format!("(= {width} {})", lit(0, w)),
                &lit(0, w),
                &format!("(bvashr (bvshl {field} {k}) {k})"),
            ),
        )
    } else {
        ite(&full, &t, &field)
    };
    Model::new(name, spec)
        .input("s0", w)
        .input("s1", 32)
        .out("d", w, d.clone())
        .out("scc", 1, nz(&d, w))
        .region("offset_plus_width_past_top", format!("(bvugt (bvadd {off} {width}) {})", lit(u64::from(w), w)))
        .region("width_at_least_operand", full)
        .region("width_zero", format!("(= {width} {})", lit(0, w)))
        .region("field_negative", format!("(and (bvult {width} {}) (not (= {width} {})) (= #b1 ((_ extract 0 0) (bvlshr {t} (bvsub {width} {})))))", lit(u64::from(w), w), lit(0, w), lit(1, w)))
}

/// D.u = (S0.u >> S1.u[4:0]) & ((1 << S1.u[22:16]) - 1); SCC = (D.u != 0).
pub fn s_bfe_u32() -> Model {
    bfe(
        "S_BFE_U32",
        "D.u = (S0.u >> S1.u[4:0]) & ((1 << S1.u[22:16]) - 1); SCC = (D.u != 0).",
        32,
        false,
    )
    .int_family(IntFamily::Bfe {
        offset: "((_ extract 4 0) s1)",
        offset_bits: 5,
        width: "((_ extract 22 16) s1)",
        width_bits: 7,
        top: 32,
    })
}
/// D.i = signext((S0.i >> S1.u[4:0]) & ((1 << S1.u[22:16]) - 1)); SCC = (D.i != 0).
pub fn s_bfe_i32() -> Model {
    bfe(
        "S_BFE_I32",
        "D.i = signext((S0.i >> S1.u[4:0]) & ((1 << S1.u[22:16]) - 1)); SCC = (D.i != 0).",
        32,
        true,
    )
    .int_family(IntFamily::Bfe {
        offset: "((_ extract 4 0) s1)",
        offset_bits: 5,
        width: "((_ extract 22 16) s1)",
        width_bits: 7,
        top: 32,
    })
}
/// D.u64 = (S0.u64 >> S1.u[5:0]) & ((1 << S1.u[22:16]) - 1); SCC = (D.u64 != 0).
pub fn s_bfe_u64() -> Model {
    bfe(
        "S_BFE_U64",
        "D.u64 = (S0.u64 >> S1.u[5:0]) & ((1 << S1.u[22:16]) - 1); SCC = (D.u64 != 0).",
        64,
        false,
    )
    .int_family(IntFamily::Bfe {
        offset: "((_ extract 5 0) s1)",
        offset_bits: 6,
        width: "((_ extract 22 16) s1)",
        width_bits: 7,
        top: 64,
    })
}
/// D.i64 = signext((S0.i64 >> S1.u[5:0]) & ((1 << S1.u[22:16]) - 1)); SCC = (D.i64 != 0).
pub fn s_bfe_i64() -> Model {
    bfe(
        "S_BFE_I64",
        "D.i64 = signext((S0.i64 >> S1.u[5:0]) & ((1 << S1.u[22:16]) - 1)); SCC = (D.i64 != 0).",
        64,
        true,
    )
    .int_family(IntFamily::Bfe {
        offset: "((_ extract 5 0) s1)",
        offset_bits: 6,
        width: "((_ extract 22 16) s1)",
        width_bits: 7,
        top: 64,
    })
}

/// D.i = S0.i - S1.i; if(D.i < 0) then D.i = -D.i; endif; SCC = (D.i != 0).
pub fn s_absdiff_i32() -> Model {
    let d = let1(
        "t",
        "(bvsub s0 s1)",
        "(ite (bvslt t #x00000000) (bvneg t) t)",
    );
    nz_op(
        "S_ABSDIFF_I32",
        "D.i = S0.i - S1.i; if(D.i < 0) then D.i = -D.i; endif; SCC = (D.i != 0).",
        32,
        d,
    )
    .region("difference_overflows", "(bvslt (bvsub s0 s1) #x00000000)")
}

/// D.u = (S0.u * S1.u) >> 32.
pub fn s_mul_hi_u32() -> Model {
    two("S_MUL_HI_U32", "D.u = (S0.u * S1.u) >> 32.", 32).out(
        "d",
        32,
        ext(&mul_wide("s0", "s1", 32, false), 63, 32),
    )
}
/// D.i = (S0.i * S1.i) >> 32.
pub fn s_mul_hi_i32() -> Model {
    two("S_MUL_HI_I32", "D.i = (S0.i * S1.i) >> 32.", 32)
        .out("d", 32, ext(&mul_wide("s0", "s1", 32, true), 63, 32))
        .region(
            "signs_differ",
            "(not (= ((_ extract 31 31) s0) ((_ extract 31 31) s1)))",
        )
        .int_family(IntFamily::MulHi { sign_bit: 31 })
}

/// D.u = (S0.u << n) + S1.u; SCC = (((S0.u << n) + S1.u) >= 0x100000000ULL ? 1 : 0),
/// the sum taken in 64 bits (the ULL constant).
fn lshl_add(name: &'static str, spec: &'static str, n: u64) -> Model {
    let wide = format!(
        "(bvadd (bvshl {} {}) {})",
        zext("s0", 32),
        lit(n, 64),
        zext("s1", 32)
    );
    let c = format!("(bvuge {wide} {})", lit(1 << 32, 64));
    two(name, spec, 32)
        .out("d", 32, format!("(bvadd (bvshl s0 {}) s1)", lit(n, 32)))
        .out("scc", 1, b1(&c))
        .region("carry_out", c)
        .region("shift_drops_bits_no_add_carry", format!("(and (not (= ((_ extract 31 {}) s0) {})) (bvuge (bvadd (bvshl s0 {}) s1) (bvshl s0 {})))", 32 - n, lit(0, n as u32), lit(n, 32), lit(n, 32)))
}

/// D.u = (S0.u << 1) + S1.u; SCC = (((S0.u << 1) + S1.u) >= 0x100000000ULL ? 1 : 0).
pub fn s_lshl1_add_u32() -> Model {
    lshl_add(
        "S_LSHL1_ADD_U32",
        "D.u = (S0.u << 1) + S1.u; SCC = (((S0.u << 1) + S1.u) >= 0x100000000ULL ? 1 : 0).",
        1,
    )
}
/// D.u = (S0.u << 2) + S1.u; SCC = (((S0.u << 2) + S1.u) >= 0x100000000ULL ? 1 : 0).
pub fn s_lshl2_add_u32() -> Model {
    lshl_add(
        "S_LSHL2_ADD_U32",
        "D.u = (S0.u << 2) + S1.u; SCC = (((S0.u << 2) + S1.u) >= 0x100000000ULL ? 1 : 0).",
        2,
    )
}
/// D.u = (S0.u << 3) + S1.u; SCC = (((S0.u << 3) + S1.u) >= 0x100000000ULL ? 1 : 0).
pub fn s_lshl3_add_u32() -> Model {
    lshl_add(
        "S_LSHL3_ADD_U32",
        "D.u = (S0.u << 3) + S1.u; SCC = (((S0.u << 3) + S1.u) >= 0x100000000ULL ? 1 : 0).",
        3,
    )
}
/// D.u = (S0.u << 4) + S1.u; SCC = (((S0.u << 4) + S1.u) >= 0x100000000ULL ? 1 : 0).
pub fn s_lshl4_add_u32() -> Model {
    lshl_add(
        "S_LSHL4_ADD_U32",
        "D.u = (S0.u << 4) + S1.u; SCC = (((S0.u << 4) + S1.u) >= 0x100000000ULL ? 1 : 0).",
        4,
    )
}

/// D.u[31:0] = { S1.u[15:0], S0.u[15:0] }.
pub fn s_pack_ll_b32_b16() -> Model {
    two(
        "S_PACK_LL_B32_B16",
        "D.u[31:0] = { S1.u[15:0], S0.u[15:0] }.",
        32,
    )
    .out(
        "d",
        32,
        "(concat ((_ extract 15 0) s1) ((_ extract 15 0) s0))",
    )
}
/// D.u[31:0] = { S1.u[31:16], S0.u[15:0] }.
pub fn s_pack_lh_b32_b16() -> Model {
    two(
        "S_PACK_LH_B32_B16",
        "D.u[31:0] = { S1.u[31:16], S0.u[15:0] }.",
        32,
    )
    .out(
        "d",
        32,
        "(concat ((_ extract 31 16) s1) ((_ extract 15 0) s0))",
    )
}
/// D.u[31:0] = { S1.u[31:16], S0.u[31:16] }.
pub fn s_pack_hh_b32_b16() -> Model {
    two(
        "S_PACK_HH_B32_B16",
        "D.u[31:0] = { S1.u[31:16], S0.u[31:16] }.",
        32,
    )
    .out(
        "d",
        32,
        "(concat ((_ extract 31 16) s1) ((_ extract 31 16) s0))",
    )
}

/// The SOP2 models.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("S_ADD_U32", s_add_u32), ("S_SUB_U32", s_sub_u32), ("S_ADD_I32", s_add_i32),
    ("S_SUB_I32", s_sub_i32), ("S_ADDC_U32", s_addc_u32), ("S_SUBB_U32", s_subb_u32),
    ("S_MIN_I32", s_min_i32), ("S_MIN_U32", s_min_u32), ("S_MAX_I32", s_max_i32),
    ("S_MAX_U32", s_max_u32), ("S_CSELECT_B32", s_cselect_b32), ("S_CSELECT_B64", s_cselect_b64),
    ("S_AND_B32", s_and_b32), ("S_AND_B64", s_and_b64), ("S_OR_B32", s_or_b32),
    ("S_OR_B64", s_or_b64), ("S_XOR_B32", s_xor_b32), ("S_XOR_B64", s_xor_b64),
    ("S_ANDN2_B32", s_andn2_b32), ("S_ANDN2_B64", s_andn2_b64), ("S_ORN2_B32", s_orn2_b32),
    ("S_ORN2_B64", s_orn2_b64), ("S_NAND_B32", s_nand_b32), ("S_NAND_B64", s_nand_b64),
    ("S_NOR_B32", s_nor_b32), ("S_NOR_B64", s_nor_b64), ("S_XNOR_B32", s_xnor_b32),
    ("S_XNOR_B64", s_xnor_b64), ("S_LSHL_B32", s_lshl_b32), ("S_LSHL_B64", s_lshl_b64),
    ("S_LSHR_B32", s_lshr_b32), ("S_LSHR_B64", s_lshr_b64), ("S_ASHR_I32", s_ashr_i32),
    ("S_ASHR_I64", s_ashr_i64), ("S_BFM_B32", s_bfm_b32), ("S_BFM_B64", s_bfm_b64),
    ("S_MUL_I32", s_mul_i32), ("S_BFE_U32", s_bfe_u32), ("S_BFE_I32", s_bfe_i32),
    ("S_BFE_U64", s_bfe_u64), ("S_BFE_I64", s_bfe_i64), ("S_ABSDIFF_I32", s_absdiff_i32),
    ("S_MUL_HI_U32", s_mul_hi_u32), ("S_MUL_HI_I32", s_mul_hi_i32),
    ("S_LSHL1_ADD_U32", s_lshl1_add_u32), ("S_LSHL2_ADD_U32", s_lshl2_add_u32),
    ("S_LSHL3_ADD_U32", s_lshl3_add_u32), ("S_LSHL4_ADD_U32", s_lshl4_add_u32),
    ("S_PACK_LL_B32_B16", s_pack_ll_b32_b16), ("S_PACK_LH_B32_B16", s_pack_lh_b32_b16),
    ("S_PACK_HH_B32_B16", s_pack_hh_b32_b16),
];
