//! The legacy multiply and the MAD / MAC / MADMK / MADAK / FMA / FMAC families, per lane
//! (Vega manual, "VOP2 Instructions", "VOP3A & VOP3B Instructions"; V_FMAC_F32 (gfx908)
//! is not in either manual: modelled as V_FMA_F32 with D as the addend; note 0027
//! "Third round (A)").
//!
//! Readings, from the manual only:
//! - FMA (and FMAC, FMA_LEGACY_F16, whose text is FMA_F16's) is "fused": one rounding
//!   (`fused`). `fp.fma` is never used (libz3 4.8.12's is unsound): the product is exact
//!   in a format with twice the significand and 2 more exponent bits, a finite non-zero sum
//!   is the exact Real rounded once, zero sums and the special cases come from z3's `fp.add`
//!   of the exact product and the addend (exact there).
//! - MAD, MAC, MADMK, MADAK and MAD_LEGACY are not called fused and MAD_F32 is "1ULP
//!   accuracy" where FMA is 0.5: the product is rounded (MODE's rounding, a tiny product
//!   flushed as a result would be, FP16_OVFL not applied: it is not the result), then the
//!   sum is rounded (`unfused`). Flags of both steps are gathered.
//! - "denormals are flushed" (V_MAD_F32, V_MAD_F16): inputs and results flushed whatever
//!   FP_DENORM says (the script's `mode` is shadowed with the format's FP_DENORM field 0).
//!   Every other row follows MODE: "Rounding and Denormal modes apply to all
//!   floating-point operations unless otherwise specified in the instruction description"
//!   (Vega manual, notes before "SOP2 Instructions"), and MAC/MADMK/MADAK/MAD_LEGACY say
//!   nothing of denormals.
//! - DX9 rules "0.0 * x = 0.0" (V_MUL_LEGACY_F32, V_MAD_LEGACY_F32): when either factor
//!   (as read) is a zero, the product is +0, whatever the other factor (inf, NaN), with no
//!   flag; otherwise the IEEE product. V_MAD_LEGACY_F16 prints no DX9 rule: plain MAD.
//! - MADMK's and MADAK's literal K is the input `s2` (as the kernels' lane input);
//!   MAC's and FMAC's addend D is `d_in`.

use crate::bv::*;

use crate::coverage::OpKind;

use crate::fp::*;

use crate::gcn5::mode::*;

use crate::gcn5::valu::{outputs, read};
use crate::{Model, ModelFn};

/// Flags the rounded operations model: all but input denormal.
const ROUNDED: u8 = INVALID | DIV0 | OVERFLOW | UNDERFLOW | INEXACT;

/// `body` with `mode`'s FP_DENORM field for `f` cleared (flush inputs and outputs).
fn flushing(f: Fmt, body: &str) -> String {
    let mask = if f == S { 0xffff_ffcf_u64 } else { 0xffff_ff3f };
    format!("(let ((mode (bvand mode {}))) {body})", lit(mask, 32))
}

/// `body` with `mode`'s FP16_OVFL bit cleared.
fn no_ovfl(body: &str) -> String {
    format!(
        "(let ((mode (bvand mode {}))) {body})",
        lit(0xff7f_ffff, 32)
    )
}

/// `let`-bind the operands `a`, `b`, `c` read from the inputs `x`, `y`, `z`.
fn read3(f: Fmt, (x, y, z): (&str, &str, &str), body: &str) -> String {
    format!(
        "(let ((a {}) (b {}) (c {})) {body})",
        f.read(x),
        f.read(y),
        f.read(z)
    )
}

/// The product of `a` and `b` as the unfused operations form it: `(bits, nan_any, flags)`,
/// with DX9's zero rule when `legacy`.
fn product(f: Fmt, legacy: bool) -> Rounded {
    let wide = f.widened(2);
    let rm = f.rm();
    let to_wide = |v: &str| format!("((_ to_fp {} {}) RNE {})", wide.e, wide.m + 1, f.fp(v));
    let p = round(RoundIn {
        inf: f,
        out: f,
        ops: &["a", "b"],
        r: format!("(fp.mul {rm} {} {})", f.fp("a"), f.fp("b")),
        wide,
        w: format!("(fp.mul {rm} {} {})", to_wide("a"), to_wide("b")),
        exact: format!("(* (fp.to_real {}) (fp.to_real {}))", f.fp("a"), f.fp("b")),
    });
    let (d, nan_any, flags) = (no_ovfl(&p.d), no_ovfl(&p.nan_any), no_ovfl(&p.flags));
    if !legacy {
        return Rounded { d, nan_any, flags };
    }
    let zero = |v: &str| format!("(= (bvshl {v} {}) {})", lit(1, f.w()), lit(0, f.w()));
    let z = format!("(or {} {})", zero("a"), zero("b"));
    Rounded {
        d: ite(&z, &lit(0, f.w()), &d),
        nan_any: ite(&z, "#b0", &nan_any),
        flags: ite(&z, &lit(0, 6), &flags),
    }
}

/// `D = x * y + z`, the product rounded first (see the module doc).
pub(crate) fn unfused(f: Fmt, legacy: bool) -> Rounded {
    let p = product(f, legacy);
    let wide = f.widened(2);
    let rm = f.rm();
    let to_wide = |v: &str| format!("((_ to_fp {} {}) RNE {})", wide.e, wide.m + 1, f.fp(v));
    let s = round(RoundIn {
        inf: f,
        out: f,
        ops: &["p", "c"],
        r: format!("(fp.add {rm} {} {})", f.fp("p"), f.fp("c")),
        wide,
        w: format!("(fp.add {rm} {} {})", to_wide("p"), to_wide("c")),
        exact: format!("(+ (fp.to_real {}) (fp.to_real {}))", f.fp("p"), f.fp("c")),
    });
    let bind = |t: &str| {
        format!(
            "(let ((p {}) (p_nan_any {}) (p_flags {})) {t})",
            p.d, p.nan_any, p.flags
        )
    };
    // FP16_OVFL: "an overflowed FP16 result is clamped to +/- MAX_FP16 ... while still
    // preserving true INF values": an infinite result of finite operands (the product
    // overflowed; the final rounding alone is clamped by `round`) is clamped too.
    let d = if f == H {
        let inf = |v: &str| format!("(fp.isInfinite {})", f.fp(v));
        format!(
            "(let ((d {})) (ite (and {} {} (not (or {} {} {}))) (concat ((_ extract 15 15) d) #b111101111111111) d))",
            s.d,
            fp16_ovfl(),
            inf("d"),
            inf("a"),
            inf("b"),
            inf("c")
        )
    } else {
        s.d
    };
    Rounded {
        d: bind(&d),
        nan_any: bind(&format!("(bvor p_nan_any {})", s.nan_any)),
        flags: bind(&format!("(bvor p_flags {})", s.flags)),
    }
}

/// `D = a * b + c` rounded once (see the module doc).
pub fn fused(f: Fmt) -> Rounded {
    let prod = Fmt {
        e: f.e + 2,
        m: 2 * f.m + 1,
    };
    fused_scaled(f, prod, "1.0", "#b0")
}

/// [`fused`] (with the product exact in `prod`), with the result multiplied by `scale` (a Real literal, a power of two)
/// before the one rounding when the 1-bit term `by` is 1 (V_DIV_FMAS's
/// `2**32 * (S0.f * S1.f + S2.f)`).
pub(crate) fn fused_scaled(f: Fmt, prod: Fmt, scale: &str, by: &str) -> Rounded {
    let wide = f.widened(2);
    let rm = f.rm();
    let to = |g: Fmt, v: &str| format!("((_ to_fp {} {}) RNE {})", g.e, g.m + 1, f.fp(v));
    let sum = format!(
        "(+ (* (fp.to_real {}) (fp.to_real {})) (fp.to_real {}))",
        f.fp("a"),
        f.fp("b"),
        f.fp("c")
    );
    let exact = if by == "#b0" {
        sum
    } else {
        format!("(* (ite (= {by} #b1) {scale} 1.0) {sum})")
    };
    let finite = ["a", "b", "c"]
        .iter()
        .map(|v| format!("(not (fp.isInfinite {0})) (not (fp.isNaN {0}))", f.fp(v)))
        .collect::<Vec<_>>()
        .join(" ");
    let special = format!(
        "(fp.add {rm} (fp.mul RNE {} {}) {})",
        to(prod, "a"),
        to(prod, "b"),
        to(prod, "c")
    );
    let one = |g: Fmt| {
        format!(
            "(ite (and {finite} (not (= {exact} 0.0))) ((_ to_fp {e} {s}) {rm} {exact}) ((_ to_fp {e} {s}) {rm} {special}))",
            e = g.e,
            s = g.m + 1
        )
    };
    round(RoundIn {
        inf: f,
        out: f,
        ops: &["a", "b", "c"],
        r: one(f),
        wide,
        w: one(wide),
        exact,
    })
}

/// How a row combines its operands.
#[derive(Clone, Copy)]
enum Op {
    /// DX9 multiply (two operands).
    MulLegacy,
    /// Product rounded, then the sum; `legacy`: DX9 zero rule; `flush`: "denormals are
    /// flushed".
    Mad { legacy: bool, flush: bool },
    /// One rounding.
    Fma,
}

/// Wraps a row's output terms in the `let`s that read its operands.
type Bind = Box<dyn Fn(&str) -> String>;

/// A row: `D = x * y + z` with the inputs named `(x, y, z)`.
fn row(
    name: &'static str,
    spec: &'static str,
    f: Fmt,
    op: Op,
    (x, y, z): (&'static str, &'static str, &'static str),
) -> Model {
    let mut m = Model::new(name, spec);
    let (r, bind): (Rounded, Bind) = match op {
        Op::MulLegacy => {
            m = m.input(x, f.w()).input(y, f.w());
            let p = product(f, true);
            let (x, y) = (x.to_string(), y.to_string());
            (
                p,
                Box::new(move |t: &str| {
                    format!("(let ((a {}) (b {})) {t})", f.read(&x), f.read(&y))
                }),
            )
        }
        Op::Mad { legacy, flush } => {
            for n in [x, y, z] {
                m = m.input(n, f.w());
            }
            let inner = move |t: &str| read3(f, (x, y, z), t);
            let b: Bind = if flush {
                Box::new(move |t: &str| flushing(f, &inner(t)))
            } else {
                Box::new(inner)
            };
            (unfused(f, legacy), b)
        }
        Op::Fma => {
            for n in [x, y, z] {
                m = m.input(n, f.w());
            }
            (fused(f), Box::new(move |t: &str| read3(f, (x, y, z), t)))
        }
    };
    let (kind, operands): (OpKind, &[&'static str]) = match op {
        Op::MulLegacy => (OpKind::Mul { legacy: true }, &[x, y]),
        Op::Mad { legacy, .. } => (
            OpKind::MulAdd {
                fused: false,
                legacy,
            },
            &[x, y, z],
        ),
        Op::Fma => (
            OpKind::MulAdd {
                fused: true,
                legacy: false,
            },
            &[x, y, z],
        ),
    };
    m = m.fp_op(kind, f, f, operands);
    // Inputs are declared in the order s0, s1, s2 / d_in.
    m.inputs.sort_by_key(|(n, _)| match *n {
        "s0" => 0,
        "s1" => 1,
        "s2" => 2,
        _ => 3,
    });
    let unit = match f.w() {
        16 => 0x3c00u64,
        32 => 0x3f80_0000,
        _ => 0x3ff0_0000_0000_0000,
    };
    let neg_unit = unit | 1 << (f.w() - 1);
    let m = m
        .out("d", f.w(), bind(&r.d))
        .out("nan_any", 1, bind(&r.nan_any))
        .out("flags", 6, bind(&r.flags))
        .float_flags(ROUNDED)
        .region(
            "zero_times_inf",
            format!(
                "(and (= {x} {}) (= {y} {}))",
                lit(0, f.w()),
                lit(((1u64 << f.e) - 1) << f.m, f.w())
            ),
        )
        .region(
            "denormal_product",
            format!(
                "(and (= {x} {}) (= {y} {}))",
                lit(1 << (f.m - 1), f.w()),
                lit(unit, f.w())
            ),
        );
    if matches!(op, Op::MulLegacy) {
        return m.region(
            "zero_times_nan",
            format!(
                "(and (= {x} {}) {})",
                lit(1 << (f.w() - 1), f.w()),
                f.is_nan(y)
            ),
        );
    }
    // Cancellation: x * 1 + (-x); a tie of the sum; an exact zero sum's sign.
    m.region(
        "cancellation",
        format!(
            "(and (= {y} {}) (= {z} (bvxor {x} {})))",
            lit(unit, f.w()),
            lit(1 << (f.w() - 1), f.w())
        ),
    )
    .region(
        "minus_one_plus_one",
        format!(
            "(and (= {x} {}) (= {y} {}) (= {z} {}))",
            lit(neg_unit, f.w()),
            lit(unit, f.w()),
            lit(unit, f.w())
        ),
    )
    .region(
        "product_rounds",
        format!(
            "(and (= {x} {}) (= {y} {x}) (= {z} {}))",
            lit(unit | 3, f.w()),
            lit(neg_unit, f.w())
        ),
    )
}

macro_rules! rows {
    ($($f:ident $name:literal $fmt:ident $op:expr, $ops:expr, $spec:literal;)*) => {$(
        #[doc = $spec]
        pub fn $f() -> Model {
            row($name, $spec, $fmt, $op, $ops)
        }
    )*};
}

const SSS: (&str, &str, &str) = ("s0", "s1", "s2");

const MAC: (&str, &str, &str) = ("s0", "s1", "d_in");

const MK: (&str, &str, &str) = ("s0", "s2", "s1");

const MAD: Op = Op::Mad {
    legacy: false,
    flush: false,
};

const MAD_FLUSH: Op = Op::Mad {
    legacy: false,
    flush: true,
};

const MAD_DX9: Op = Op::Mad {
    legacy: true,
    flush: false,
};

rows! {
    v_mul_legacy_f32 "V_MUL_LEGACY_F32" S Op::MulLegacy, ("s0", "s1", ""), "D.f = S0.f * S1.f. // DX9 rules, 0.0*x = 0.0";
    v_mad_legacy_f32 "V_MAD_LEGACY_F32" S MAD_DX9, SSS, "D.f = S0.f * S1.f + S2.f. // DX9 rules, 0.0 * x = 0.0";
    v_mad_f32        "V_MAD_F32"        S MAD_FLUSH, SSS, "D.f = S0.f * S1.f + S2.f. 1ULP accuracy, denormals are flushed.";
    v_mac_f32        "V_MAC_F32"        S MAD, MAC, "D.f = S0.f * S1.f + D.f.";
    v_madmk_f32      "V_MADMK_F32"      S MAD, MK, "D.f = S0.f * K + S1.f. // K is a 32-bit literal constant.";
    v_madak_f32      "V_MADAK_F32"      S MAD, SSS, "D.f = S0.f * S1.f + K. // K is a 32-bit literal constant.";
    v_mad_f16        "V_MAD_F16"        H MAD_FLUSH, SSS, "D.f16 = S0.f16 * S1.f16 + S2.f16. Supports round mode, exception flags, saturation. 1ULP accuracy, denormals are flushed.";
    v_mac_f16        "V_MAC_F16"        H MAD, MAC, "D.f16 = S0.f16 * S1.f16 + D.f16. Supports round mode, exception flags, saturation.";
    v_madmk_f16      "V_MADMK_F16"      H MAD, MK, "D.f16 = S0.f16 * K.f16 + S1.f16. // K is a 16-bit literal constant stored in the following literal DWORD.";
    v_madak_f16      "V_MADAK_F16"      H MAD, SSS, "D.f16 = S0.f16 * S1.f16 + K.f16. // K is a 16-bit literal constant stored in the following literal DWORD.";
    v_mad_legacy_f16 "V_MAD_LEGACY_F16" H MAD, SSS, "D.f16 = S0.f16 * S1.f16 + S2.f16. Supports round mode, exception flags, saturation.";
    v_fma_f64        "V_FMA_F64"        D Op::Fma, SSS, "D.d = S0.d * S1.d + S2.d. Fused double precision multiply add. 0.5ULP precision, denormals are supported.";
    v_fma_f16        "V_FMA_F16"        H Op::Fma, SSS, "D.f16 = S0.f16 * S1.f16 + S2.f16. Fused half precision multiply add. 0.5ULP accuracy, denormals are supported.";
    v_fma_legacy_f16 "V_FMA_LEGACY_F16" H Op::Fma, SSS, "D.f16 = S0.f16 * S1.f16 + S2.f16. Fused half precision multiply add.";
    v_fmac_f32       "V_FMAC_F32"       S Op::Fma, MAC, "D.f = S0.f * S1.f + D.f (gfx908; not in the manuals: V_FMA_F32 with D as the addend).";
}

/// D.f = S0.f * S1.f + S2.f. Fused single precision multiply add.
///
/// Without `fp.fma` (unsound in libz3 4.8.12): `vmad::fused`, the model of every fused
/// multiply-add width. fma(inf, 0, qNaN) returns the quiet NaN without invalid (IEEE 754
/// 7.2 leaves it to the implementation; the manual says nothing): invalid is modelled
/// only for signalling NaN operands and invalid operations without a NaN operand.
pub fn v_fma_f32() -> Model {
    let f = S;
    let bind = |t: &str| read(f, &[("a", "s0"), ("b", "s1"), ("c", "s2")], t);
    let m = Model::new(
        "V_FMA_F32",
        "D.f = S0.f * S1.f + S2.f. Fused single precision multiply add.",
    )
    .input("s0", 32)
    .input("s1", 32)
    .input("s2", 32)
    .fp_op(
        OpKind::MulAdd {
            fused: true,
            legacy: false,
        },
        f,
        f,
        &["s0", "s1", "s2"],
    );
    outputs(m, f, &bind, fused(f))
        .region(
            "exact_cancellation",
            "(and (= s0 #x3f800000) (= s1 #x3f800000) (= s2 #xbf800000))",
        )
        .region(
            "inf_times_zero",
            "(and (= s0 #x7f800000) (= s1 #x00000000))",
        )
}

/// The multiply-add models of this file.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_MUL_LEGACY_F32", v_mul_legacy_f32), ("V_MAD_LEGACY_F32", v_mad_legacy_f32),
    ("V_MAD_F32", v_mad_f32), ("V_MAC_F32", v_mac_f32), ("V_MADMK_F32", v_madmk_f32),
    ("V_MADAK_F32", v_madak_f32), ("V_MAD_F16", v_mad_f16), ("V_MAC_F16", v_mac_f16),
    ("V_MADMK_F16", v_madmk_f16), ("V_MADAK_F16", v_madak_f16),
    ("V_MAD_LEGACY_F16", v_mad_legacy_f16), ("V_FMA_F64", v_fma_f64), ("V_FMA_F16", v_fma_f16),
    ("V_FMA_LEGACY_F16", v_fma_legacy_f16), ("V_FMAC_F32", v_fmac_f32), ("V_FMA_F32", v_fma_f32),
];
