//! Packed (VOP3P) models, per lane (Vega manual, "VOP3P Instructions"; note 0027 "Third
//! round (B)").
//!
//! OP_SEL, OP_SEL_HI, NEG_LO and NEG_HI are not inputs: the models are of the default
//! encoding (OP_SEL = 0, OP_SEL_HI = 1: each half of the result reads the same half of
//! every source; no negation), because the executor, not the kernel, selects and negates
//! the halves (DESIGN.md "Layout"). CLAMP is 0, as for every model.

use crate::bv::*;
use crate::coverage::OpKind;
use crate::fp::*;
use crate::gcn5::mode::*;
use crate::{Model, ModelFn};

/// The half `hi` (bits 31:16) or low half of `x`.
fn half(x: &str, hi: bool) -> String {
    if hi {
        ext(x, 31, 16)
    } else {
        ext(x, 15, 0)
    }
}

/// `D = {f(S0[31:16], S1[31:16], S2[31:16]), f(S0[15:0], ...)}` with 16-bit halves.
fn packed(
    name: &'static str,
    spec: &'static str,
    three: bool,
    f: impl Fn(&str, &str, &str) -> String,
) -> Model {
    let d = |hi: bool| f(&half("s0", hi), &half("s1", hi), &half("s2", hi));
    let mut m = Model::new(name, spec).input("s0", 32).input("s1", 32);
    if three {
        m = m.input("s2", 32);
    }
    m.out("d", 32, concat(&[d(true), d(false)])).region(
        "halves_differ",
        "(not (= ((_ extract 31 16) s0) ((_ extract 15 0) s0)))",
    )
}

macro_rules! pk_int {
    ($($f:ident $name:literal $three:literal $spec:literal |$a:ident, $b:ident, $c:ident| $body:expr;)*) => {$(
        #[doc = $spec]
        pub fn $f() -> Model {
            packed($name, $spec, $three, |$a, $b, $c| { let _ = $c; $body })
        }
    )*};
}

pk_int! {
    v_pk_mad_i16 "V_PK_MAD_I16" true "D.i[31:16] = S0.i[31:16] * S1.i[31:16] + S2.i[31:16] . D.i[15:0] = S0.i[15:0] * S1.i[15:0] + S2.i[15:0] ."
        |a, b, c| format!("(bvadd (bvmul {a} {b}) {c})");
    v_pk_mad_u16 "V_PK_MAD_U16" true "D.u[31:16] = S0.u[31:16] * S1.u[31:16] + S2.u[31:16] . D.u[15:0] = S0.u[15:0] * S1.u[15:0] + S2.u[15:0] ."
        |a, b, c| format!("(bvadd (bvmul {a} {b}) {c})");
    v_pk_mul_lo_u16 "V_PK_MUL_LO_U16" false "D.u[31:16] = S0.u[31:16] * S1.u[31:16] . D.u[15:0] = S0.u[15:0] * S1.u[15:0] ."
        |a, b, c| format!("(bvmul {a} {b})");
    v_pk_add_i16 "V_PK_ADD_I16" false "D.i[31:16] = S0.i[31:16] + S1.i[31:16] . D.i[15:0] = S0.i[15:0] + S1.i[15:0] ."
        |a, b, c| format!("(bvadd {a} {b})");
    v_pk_add_u16 "V_PK_ADD_U16" false "D.u[31:16] = S0.u[31:16] + S1.u[31:16] . D.u[15:0] = S0.u[15:0] + S1.u[15:0] ."
        |a, b, c| format!("(bvadd {a} {b})");
    v_pk_sub_i16 "V_PK_SUB_I16" false "D.i[31:16] = S0.i[31:16] - S1.i[31:16] . D.i[15:0] = S0.i[15:0] - S1.i[15:0] ."
        |a, b, c| format!("(bvsub {a} {b})");
    v_pk_sub_u16 "V_PK_SUB_U16" false "D.u[31:16] = S0.u[31:16] - S1.u[31:16] . D.u[15:0] = S0.u[15:0] - S1.u[15:0] ."
        |a, b, c| format!("(bvsub {a} {b})");
    v_pk_lshlrev_b16 "V_PK_LSHLREV_B16" false "D.u[31:16] = S1.u[31:16] << S0.u[19:16] . D.u[15:0] = S1.u[15:0] << S0.u[3:0] ."
        |a, b, c| format!("(bvshl {b} {})", zext(&ext(a, 3, 0), 12));
    v_pk_lshrrev_b16 "V_PK_LSHRREV_B16" false "D.u[31:16] = S1.u[31:16] >> S0.u[19:16] . D.u[15:0] = S1.u[15:0] >> S0.u[3:0] ."
        |a, b, c| format!("(bvlshr {b} {})", zext(&ext(a, 3, 0), 12));
    v_pk_ashrrev_i16 "V_PK_ASHRREV_I16" false "D.i[31:16] = S1.i[31:16] >> S0.i[19:16] . D.i[15:0] = S1.i[15:0] >> S0.i[3:0] ."
        |a, b, c| format!("(bvashr {b} {})", zext(&ext(a, 3, 0), 12));
    v_pk_max_i16 "V_PK_MAX_I16" false "D.i[31:16] = (S0.i[31:16] >= S1.i[31:16]) ? S0.i[31:16] : S1.i[31:16] . D.i[15:0] = (S0.i[15:0] >= S1.i[15:0]) ? S0.i[15:0] : S1.i[15:0] ."
        |a, b, c| format!("(ite (bvsge {a} {b}) {a} {b})");
    v_pk_min_i16 "V_PK_MIN_I16" false "D.i[31:16] = (S0.i[31:16] < S1.i[31:16]) ? S0.i[31:16] : S1.i[31:16] . D.i[15:0] = (S0.i[15:0] < S1.i[15:0]) ? S0.i[15:0] : S1.i[15:0]"
        |a, b, c| format!("(ite (bvslt {a} {b}) {a} {b})");
    v_pk_max_u16 "V_PK_MAX_U16" false "D.u[31:16] = (S0.u[31:16] >= S1.u[31:16]) ? S0.u[31:16] : S1.u[31:16] . D.u[15:0] = (S0.u[15:0] >= S1.u[15:0]) ? S0.u[15:0] : S1.u[15:0] ."
        |a, b, c| format!("(ite (bvuge {a} {b}) {a} {b})");
    v_pk_min_u16 "V_PK_MIN_U16" false "D.u[31:16] = (S0.u[31:16] < S1.u[31:16]) ? S0.u[31:16] : S1.u[31:16] . D.u[15:0] = (S0.u[15:0] < S1.u[15:0]) ? S0.u[15:0] : S1.u[15:0] ."
        |a, b, c| format!("(ite (bvult {a} {b}) {a} {b})");
}

/// Flags the packed float models claim: all but input denormal (as the scalar ones).
const ROUNDED: u8 = INVALID | DIV0 | OVERFLOW | UNDERFLOW | INEXACT;

/// A packed f16 operation: per half, the operands read with MODE's half input flushing
/// (`ins`: the sources, `read` false for a source not flushed), `f` the rounded result of
/// one half from the operand names `a`, `b`, `c`. Outputs `d`, `nan_half` (bit 1: the high
/// half is settled only as some NaN; bit 0 the low half) and `flags`, the two halves'
/// flags ORed.
fn packed_float(
    name: &'static str,
    spec: &'static str,
    inf: Fmt,
    ins: &[&'static str],
    f: impl Fn() -> Rounded,
) -> Model {
    let vars = ["a", "b", "c"];
    let bind = |hi: bool, t: &str| {
        let w = inf.w();
        let binds: Vec<String> = ins
            .iter()
            .zip(vars)
            .map(|(src, v)| {
                let x = if w == 32 {
                    src.to_string()
                } else if hi {
                    ext(src, 31, 16)
                } else {
                    ext(src, 15, 0)
                };
                format!("({v} {})", inf.read(&x))
            })
            .collect();
        format!("(let ({}) {t})", binds.join(" "))
    };
    let r = f();
    let (d, nan, flags) = (
        |hi: bool| bind(hi, &r.d),
        |hi: bool| bind(hi, &r.nan_any),
        |hi: bool| bind(hi, &r.flags),
    );
    let mut m = Model::new(name, spec);
    for i in ins {
        m = m.input(i, 32);
    }
    m.out("d", 32, concat(&[d(true), d(false)]))
        .out("nan_half", 2, concat(&[nan(true), nan(false)]))
        .out(
            "flags",
            6,
            format!("(bvor {} {})", flags(true), flags(false)),
        )
        .float_flags(ROUNDED)
}

/// `D.f[31:16] = S0.f[31:16] op S1.f[31:16]`, the same for [15:0], `op` `fp.add` or `fp.mul`.
fn pk_binary(name: &'static str, spec: &'static str, fop: &str) -> Model {
    let f = H;
    let wide = f.widened(2);
    let to_wide = |v: &str| format!("((_ to_fp {} {}) RNE {})", wide.e, wide.m + 1, f.fp(v));
    let real = if fop == "fp.add" { "+" } else { "*" };
    let rm = f.rm();
    packed_float(name, spec, f, &["s0", "s1"], || {
        round(RoundIn {
            inf: f,
            out: f,
            ops: &["a", "b"],
            r: format!("({fop} {rm} {} {})", f.fp("a"), f.fp("b")),
            wide,
            w: format!("({fop} {rm} {} {})", to_wide("a"), to_wide("b")),
            exact: format!(
                "({real} (fp.to_real {}) (fp.to_real {}))",
                f.fp("a"),
                f.fp("b")
            ),
        })
    })
    .region("nan_high_half", f.is_nan("((_ extract 31 16) s0)"))
    .region(
        "overflow_low_half",
        "(and (= ((_ extract 14 10) s0) #b11110) (= ((_ extract 14 10) s1) #b11110))",
    )
}
/// D.f[31:16] = S0.f[31:16] + S1.f[31:16] . D.f[15:0] = S0.f[15:0] + S1.f[15:0] .
pub fn v_pk_add_f16() -> Model {
    pk_binary(
        "V_PK_ADD_F16",
        "D.f[31:16] = S0.f[31:16] + S1.f[31:16] . D.f[15:0] = S0.f[15:0] + S1.f[15:0] .",
        "fp.add",
    )
    .packed_op(OpKind::Add)
}
/// D.f[31:16] = S0.f[31:16] * S1.f[31:16] . D.f[15:0] = S0.f[15:0] * S1.f[15:0] .
pub fn v_pk_mul_f16() -> Model {
    pk_binary(
        "V_PK_MUL_F16",
        "D.f[31:16] = S0.f[31:16] * S1.f[31:16] . D.f[15:0] = S0.f[15:0] * S1.f[15:0] .",
        "fp.mul",
    )
    .packed_op(OpKind::Mul { legacy: false })
}

/// A fused `a * b + c` of format `f` without `fp.fma` (unsound in libz3 4.8.12), as
/// V_FMA_F32's model: the product exact in `prod` (twice the significand, a wider
/// exponent); a finite non-zero sum is the exact Real rounded once by MODE; an exactly
/// zero sum and the infinite and invalid cases come from z3's `fp.add` of the exact
/// product and `c` (exact there: IEEE's zero sign, inf - inf invalid).
pub(crate) fn fused(f: Fmt, prod: Fmt) -> Rounded {
    super::fminmax::mad::fused_scaled(f, prod, "1.0", "#b0")
}

/// D.f[31:16] = S0.f[31:16] * S1.f[31:16] + S2.f[31:16] . D.f[15:0] = S0.f[15:0] * S1.f[15:0] + S2.f[15:0] . Fused half-precision multiply add.
pub fn v_pk_fma_f16() -> Model {
    packed_float(
        "V_PK_FMA_F16",
        "D.f[31:16] = S0.f[31:16] * S1.f[31:16] + S2.f[31:16] . D.f[15:0] = S0.f[15:0] * S1.f[15:0] + S2.f[15:0] . Fused half-precision multiply add.",
        H,
        &["s0", "s1", "s2"],
        || fused(H, Fmt { e: 8, m: 21 }),
    )
    .region("exact_cancellation", "(and (= s0 #x3c003c00) (= s1 #x3c003c00) (= s2 #xbc00bc00))")
    .region("inf_times_zero_high", "(and (= ((_ extract 31 16) s0) #x7c00) (= ((_ extract 31 16) s1) #x0000))")
    .packed_op(OpKind::MulAdd {
        fused: true,
        legacy: false,
    })
}

/// gfx908 (VOP2): D.f[31:16] = S0.f[31:16] * S1.f[31:16] + D.f[31:16], the same for [15:0].
///
/// The MI100 manual lists the opcode without a description (its VOP2 table is cut off):
/// read from the name, a fused multiply-accumulate, as V_PK_FMA_F16 with D as the addend.
pub fn v_pk_fmac_f16() -> Model {
    packed_float(
        "V_PK_FMAC_F16",
        "D.f[31:16] = S0.f[31:16] * S1.f[31:16] + D.f[31:16] . D.f[15:0] = S0.f[15:0] * S1.f[15:0] + D.f[15:0] . (MI100: opcode listed, read from its name)",
        H,
        &["s0", "s1", "d_in"],
        || fused(H, Fmt { e: 8, m: 21 }),
    )
    .region("exact_cancellation", "(and (= s0 #x3c003c00) (= s1 #x3c003c00) (= d_in #xbc00bc00))")
}

/// V_PK_MIN_F16 (`max` false) / V_PK_MAX_F16: "min()" / "max()" per half, read as the
/// VOP2 V_MIN_F16 / V_MAX_F16 pseudocode (the manual's only definition of an f16 min/max):
/// signalling NaNs quieted first under MODE.IEEE, a NaN operand yields the other, the
/// signed zeros as bit patterns, then the comparison (MAX with IEEE: `>=`). Operands read
/// with MODE's half input flushing; a denormal result flushed per the half output bit.
/// Flags not modelled (none printed).
fn pk_minmax(name: &'static str, spec: &'static str, max: bool) -> Model {
    let f = H;
    let (a, b) = (f.fp("a"), f.fp("b"));
    let (pz, nz) = ("#x0000", "#x8000");
    let pick = if max {
        format!(
            "(ite (and (= a {pz}) (= b {nz})) a (ite (and (= a {nz}) (= b {pz})) b (ite {ieee} (ite (fp.geq {a} {b}) a b) (ite (fp.gt {a} {b}) a b))))",
            ieee = ieee()
        )
    } else {
        format!("(ite (and (= a {pz}) (= b {nz})) b (ite (and (= a {nz}) (= b {pz})) a (ite (fp.lt {a} {b}) a b)))")
    };
    let d = format!(
        "(ite (and {ieee} {sa}) {qa} (ite (and {ieee} {sb}) {qb} (ite {na} b (ite {nb} a {pick}))))",
        ieee = ieee(),
        sa = f.is_snan("a"),
        sb = f.is_snan("b"),
        qa = f.quiet("a"),
        qb = f.quiet("b"),
        na = f.is_nan("a"),
        nb = f.is_nan("b"),
    );
    let d = format!(
        "(let ((r {d})) (ite (and {} {}) {} r))",
        f.flush_out(),
        f.is_sub("r"),
        f.signed_zero("r")
    );
    let r = Rounded {
        d,
        nan_any: "#b0".into(),
        flags: lit(0, 6),
    };
    let mut m = packed_float(name, spec, f, &["s0", "s1"], || Rounded {
        d: r.d.clone(),
        nan_any: r.nan_any.clone(),
        flags: r.flags.clone(),
    })
    .region(
        "signed_zeros_low",
        "(and (= ((_ extract 15 0) s0) #x0000) (= ((_ extract 15 0) s1) #x8000))",
    )
    .region("snan_high", f.is_snan("((_ extract 31 16) s1)"));
    m.flags_modelled = Some(0);
    m
}
/// D.f[31:16] = min(S0.f[31:16], S1.f[31:16]) . D.f[15:0] = min(S0.f[15:0], S1.u[15:0]) .
pub fn v_pk_min_f16() -> Model {
    pk_minmax(
        "V_PK_MIN_F16",
        "D.f[31:16] = min(S0.f[31:16], S1.f[31:16]) . D.f[15:0] = min(S0.f[15:0], S1.u[15:0]) .",
        false,
    )
}
/// D.f[31:16] = max(S0.f[31:16], S1.f[31:16]) . D.f[15:0] = max(S0.f[15:0], S1.f[15:0]) .
pub fn v_pk_max_f16() -> Model {
    pk_minmax(
        "V_PK_MAX_F16",
        "D.f[31:16] = max(S0.f[31:16], S1.f[31:16]) . D.f[15:0] = max(S0.f[15:0], S1.f[15:0]) .",
        true,
    )
}

/// The packed integer and float models.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_PK_MAD_I16", v_pk_mad_i16), ("V_PK_MAD_U16", v_pk_mad_u16),
    ("V_PK_MUL_LO_U16", v_pk_mul_lo_u16), ("V_PK_ADD_I16", v_pk_add_i16),
    ("V_PK_ADD_U16", v_pk_add_u16), ("V_PK_SUB_I16", v_pk_sub_i16),
    ("V_PK_SUB_U16", v_pk_sub_u16), ("V_PK_LSHLREV_B16", v_pk_lshlrev_b16),
    ("V_PK_LSHRREV_B16", v_pk_lshrrev_b16), ("V_PK_ASHRREV_I16", v_pk_ashrrev_i16),
    ("V_PK_MAX_I16", v_pk_max_i16), ("V_PK_MIN_I16", v_pk_min_i16),
    ("V_PK_MAX_U16", v_pk_max_u16), ("V_PK_MIN_U16", v_pk_min_u16),
    ("V_PK_ADD_F16", v_pk_add_f16), ("V_PK_MUL_F16", v_pk_mul_f16), ("V_PK_FMA_F16", v_pk_fma_f16),
    ("V_PK_FMAC_F16", v_pk_fmac_f16), ("V_PK_MIN_F16", v_pk_min_f16), ("V_PK_MAX_F16", v_pk_max_f16),
];
