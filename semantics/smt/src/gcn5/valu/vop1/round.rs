//! VOP1 integral rounding, FRACT, FREXP and LDEXP models, per lane (Vega manual, "VOP1
//! Instructions", "VOP2 Instructions" V_LDEXP_F16, "VOP3A & VOP3B Instructions"
//! V_LDEXP_F32/F64; note 0027 "Third round (A)").
//!
//! Same layer as the float models of `valu.rs` (`fp.rs`): values stay IEEE bits, z3's FP theory only rounds,
//! MODE's flushing and the NaN rules are applied around it.

use crate::bv::*;
use crate::coverage::Family;
use crate::fp::*;
use crate::gcn5::mode::*;
use crate::{Model, ModelFn};

/// Flags the rounded operations model: all but input denormal.
const ROUNDED: u8 = INVALID | DIV0 | OVERFLOW | UNDERFLOW | INEXACT;

fn bias(f: Fmt) -> u64 {
    (1 << (f.e - 1)) - 1
}

/// The NaN result of a one-operand operation on `a` (bits as read), and whether it is a
/// NaN: `(any, bits, nan_any)`.
fn nan1(f: Fmt) -> (String, String, String) {
    let n = nan_pick(f, &["a"]);
    let nan_any = b1(&format!("(and {} (not {}))", n.any, n.settled));
    (n.any, n.bits, nan_any)
}

/// TRUNC / CEIL / FLOOR / RNDNE: IEEE roundToIntegral in the direction `rm` (the printed
/// pseudocode's trunc, and its `+= 1.0` / `+= -1.0` corrections, give exactly that,
/// the sign of a zero result included: `trunc(-0.5) = -0`, and `-0 + 0` is not reached).
/// RNDNE is printed `floor(S0 + 0.5)` corrected for even ties, "Round-to-nearest-even
/// semantics": read in exact arithmetic, its integral result is the tie-to-even one and
/// a zero result is `floor` of a non-negative value, +0 (IEEE's roundToIntegralTiesToEven
/// keeps the operand's sign: -0 for [-0.5, -0]). The operand is read with MODE's input
/// flushing; a NaN operand gives the NaN rules of the other float models. Flags are not
/// modelled (the manual does not say whether these raise inexact).
fn integral(name: &'static str, spec: &'static str, f: Fmt, rm: &str, rndne: bool) -> Model {
    let (any, bits, nan_any) = nan1(f);
    let r = format!("(fp.to_ieee_bv (fp.roundToIntegral {rm} {}))", f.fp("a"));
    let value = if rndne {
        let1(
            "r",
            &r,
            &ite(
                &format!("(= (bvshl r {}) {})", lit(1, f.w()), lit(0, f.w())),
                &lit(0, f.w()),
                "r",
            ),
        )
    } else {
        r
    };
    let bind = |t: &str| let1("a", &f.read("s0"), t);
    let half = lit(bias(f) - 1, f.e);
    let m = Model::new(name, spec)
        .family(Family::RoundInt, f)
        .input("s0", f.w())
        .out("d", f.w(), bind(&ite(&any, &bits, &value)))
        .out("nan_any", 1, bind(&nan_any))
        .float_flags(0)
        .region(
            "negative_fraction",
            format!(
                "(and (= {} #b1) (= {} {half}))",
                ext("s0", f.w() - 1, f.w() - 1),
                ext("s0", f.w() - 2, f.m)
            ),
        );
    // A tie: x.5 with an integral part of 1 or 2 bits (exponent bias or bias + 1, the bit
    // below the binary point set, nothing below it).
    let tie = format!(
        "(and (= {} {}) (= {} {}))",
        ext("s0", f.w() - 2, f.m),
        lit(bias(f) + 1, f.e),
        ext("s0", f.m - 2, 0),
        lit(1 << (f.m - 2), f.m - 1)
    );
    m.region("tie", tie)
        .region("denormal_operand", f.is_sub("s0"))
}

macro_rules! integrals {
    ($($f:ident $name:literal $fmt:ident $rm:literal $ne:literal $spec:literal;)*) => {$(
        #[doc = $spec]
        pub fn $f() -> Model {
            integral($name, $spec, $fmt, $rm, $ne)
        }
    )*};
}

integrals! {
    v_trunc_f64 "V_TRUNC_F64" D "RTZ" false "D.d = trunc(S0.d). Return integer part of S0.d, round-to-zero semantics.";
    v_ceil_f64  "V_CEIL_F64"  D "RTP" false "D.d = trunc(S0.d); if(S0.d > 0.0 && S0.d != D.d) then D.d += 1.0; endif.";
    v_rndne_f64 "V_RNDNE_F64" D "RNE" true  "D.d = floor(S0.d + 0.5); if(floor(S0.d) is even && fract(S0.d) == 0.5) then D.d -= 1.0; endif.";
    v_floor_f64 "V_FLOOR_F64" D "RTN" false "D.d = trunc(S0.d); if(S0.d < 0.0 && S0.d != D.d) then D.d += -1.0; endif.";
    v_trunc_f32 "V_TRUNC_F32" S "RTZ" false "D.f = trunc(S0.f). Return integer part of S0.f, round-to-zero semantics.";
    v_ceil_f32  "V_CEIL_F32"  S "RTP" false "D.f = trunc(S0.f); if(S0.f > 0.0 && S0.f != D.f) then D.f += 1.0; endif.";
    v_rndne_f32 "V_RNDNE_F32" S "RNE" true  "D.f = floor(S0.f + 0.5); if(floor(S0.f) is even && fract(S0.f) == 0.5) then D.f -= 1.0; endif.";
    v_floor_f32 "V_FLOOR_F32" S "RTN" false "D.f = trunc(S0.f); if(S0.f < 0.0 && S0.f != D.f) then D.f += -1.0; endif.";
    v_trunc_f16 "V_TRUNC_F16" H "RTZ" false "D.f16 = trunc(S0.f16). Return integer part of S0.f16, round-to-zero semantics.";
    v_ceil_f16  "V_CEIL_F16"  H "RTP" false "D.f16 = trunc(S0.f16); if(S0.f16 > 0.0f && S0.f16 != D.f16) then D.f16 += 1.0; endif.";
    v_rndne_f16 "V_RNDNE_F16" H "RNE" true  "D.f16 = floor(S0.f16 + 0.5); if(floor(S0.f16) is even && fract(S0.f16) == 0.5) then D.f16 -= 1.0; endif.";
    v_floor_f16 "V_FLOOR_F16" H "RTN" false "D.f16 = trunc(S0.f16); if(S0.f16 < 0.0f && S0.f16 != D.f16) then D.f16 -= 1.0; endif.";
}

/// V_FRACT: `S0 + -floor(S0)`, floor exact, the sum rounded once with MODE (the result
/// width's rounding and output flushing). "Denormals are accepted": the operand is never
/// flushed (as V_CVT_F32_F16's "FP16 denormal inputs are accepted"). As printed, a tiny
/// negative operand gives 1.0 when the sum rounds up, and +-inf gives inf - inf, an
/// invalid operation (a NaN, invalid).
fn fract(name: &'static str, spec: &'static str, f: Fmt) -> Model {
    let wide = f.widened(2);
    let rm = f.rm();
    let fl = format!("(fp.roundToIntegral RTN {})", f.fp("a"));
    let to_wide = |v: &str| format!("((_ to_fp {} {}) RNE {v})", wide.e, wide.m + 1);
    let r = RoundIn {
        inf: f,
        out: f,
        ops: &["a"],
        r: format!("(fp.sub {rm} {} {fl})", f.fp("a")),
        wide,
        w: format!("(fp.sub {rm} {} {})", to_wide(&f.fp("a")), to_wide(&fl)),
        exact: format!("(- (fp.to_real {}) (fp.to_real {fl}))", f.fp("a")),
    };
    let r = round(r);
    let bind = |t: &str| let1("a", "s0", t);
    let tiny_neg = format!(
        "(and (= {} #b1) (bvult {} {}))",
        ext("s0", f.w() - 1, f.w() - 1),
        ext("s0", f.w() - 2, f.m),
        lit(bias(f) - u64::from(f.m) - 1, f.e)
    );
    Model::new(name, spec)
        .family(Family::RoundInt, f)
        .input("s0", f.w())
        .out("d", f.w(), bind(&r.d))
        .out("nan_any", 1, bind(&r.nan_any))
        .out("flags", 6, bind(&r.flags))
        .float_flags(ROUNDED)
        .region("tiny_negative", tiny_neg)
        .region(
            "infinite_operand",
            format!(
                "(= (bvshl s0 {one}) (bvshl {inf} {one}))",
                one = lit(1, f.w()),
                inf = lit(((1u64 << f.e) - 1) << f.m, f.w())
            ),
        )
        .region("denormal_operand", f.is_sub("s0"))
}

/// V_FRACT_F32.
pub fn v_fract_f32() -> Model {
    fract("V_FRACT_F32", "D.f = S0.f + -floor(S0.f). Return fractional portion of a number. 0.5ULP accuracy, denormals are accepted.", S)
}
/// V_FRACT_F64.
pub fn v_fract_f64() -> Model {
    fract("V_FRACT_F64", "D.d = S0.d + -floor(S0.d). Return fractional portion of a number. 0.5ULP accuracy, denormals are accepted.", D)
}
/// V_FRACT_F16.
pub fn v_fract_f16() -> Model {
    fract("V_FRACT_F16", "D.f16 = S0.f16 + -floor(S0.f16). Return fractional portion of a number. 0.5ULP accuracy, denormals are accepted.", H)
}

/// The operand `a` (bits as read) normalized: a denormal scaled by 2^(m+1) (exact), and
/// the scale's exponent.
fn normalized(f: Fmt) -> (String, String) {
    let scale = lit((bias(f) + u64::from(f.m) + 1) << f.m, f.w());
    let y = ite(
        &f.is_sub("a"),
        &format!(
            "(fp.to_ieee_bv (fp.mul RNE {} {}))",
            f.fp("a"),
            f.fp(&scale)
        ),
        "a",
    );
    (
        y,
        ite(&f.is_sub("a"), &lit(u64::from(f.m) + 1, 32), &lit(0, 32)),
    )
}

/// `a` is +-0, +-inf or NaN (a Bool).
fn special(f: Fmt) -> String {
    format!(
        "(or (= {} {}) (= {} {}))",
        ext("a", f.w() - 2, 0),
        lit(0, f.w() - 1),
        ext("a", f.w() - 2, f.m),
        lit((1u64 << f.e) - 1, f.e)
    )
}

/// V_FREXP_MANT: NaN and +-inf give S0 (a NaN by the NaN rules), otherwise the significand
/// in [0.5, 1) with S0's sign, such that S0 = significand * 2^exponent as the manual
/// requires (C frexp, which it points to): +-0 give +-0 and a denormal is normalized (the
/// printed `Mantissa`/`Exponent` field formulas would break that requirement for them).
/// The operand is read with MODE's input flushing. Flags are not modelled.
fn frexp_mant(name: &'static str, spec: &'static str, f: Fmt) -> Model {
    let (any, bits, nan_any) = nan1(f);
    let (y, _) = normalized(f);
    let mant = concat(&[
        ext("a", f.w() - 1, f.w() - 1),
        lit(bias(f) - 1, f.e),
        ext("y", f.m - 1, 0),
    ]);
    let zero_or_inf = format!(
        "(or (= {} {}) (= {} {}))",
        ext("a", f.w() - 2, 0),
        lit(0, f.w() - 1),
        ext("a", f.w() - 2, 0),
        lit(((1u64 << f.e) - 1) << f.m, f.w() - 1)
    );
    let d = ite(&any, &bits, &ite(&zero_or_inf, "a", &let1("y", &y, &mant)));
    let bind = |t: &str| let1("a", &f.read("s0"), t);
    Model::new(name, spec)
        .family(Family::Approx, f)
        .input("s0", f.w())
        .out("d", f.w(), bind(&d))
        .out("nan_any", 1, bind(&nan_any))
        .float_flags(0)
        .region("denormal_operand", f.is_sub("s0"))
        .region("snan_operand", f.is_snan("s0"))
}

/// V_FREXP_EXP: +-inf and NaN give 0, +-0 gives 0 (C frexp), otherwise the exponent such
/// that S0 = significand * 2^exponent with the significand in [0.5, 1): the biased
/// exponent - bias + 1 (`TwosComplement(Exponent(S0) - bias + 1)`), a denormal normalized
/// first. `out`: the result width (32, or 16 for V_FREXP_EXP_I16_F16).
fn frexp_exp(name: &'static str, spec: &'static str, f: Fmt, out: u32) -> Model {
    let (y, adj) = normalized(f);
    let e32 = format!(
        "(bvsub (bvadd {} {}) (bvadd {} {adj}))",
        zext(&ext("y", f.w() - 2, f.m), 32 - f.e),
        lit(1, 32),
        lit(bias(f), 32)
    );
    let d = ite(
        &special(f),
        &lit(0, out),
        &let1("y", &y, &ext(&e32, out - 1, 0)),
    );
    Model::new(name, spec)
        .family(Family::Approx, f)
        .input("s0", f.w())
        .out("d", out, let1("a", &f.read("s0"), &d))
        .out("nan_any", 1, "#b0")
        .float_flags(0)
        .region("denormal_operand", f.is_sub("s0"))
        .region("nan_operand", f.is_nan("s0"))
}

/// V_FREXP_MANT_F64.
pub fn v_frexp_mant_f64() -> Model {
    frexp_mant(
        "V_FREXP_MANT_F64",
        "if(S0.d == +-INF || S0.d == NAN) then D.d = S0.d; else D.d = Mantissa(S0.d); endif.",
        D,
    )
}
/// V_FREXP_MANT_F32.
pub fn v_frexp_mant_f32() -> Model {
    frexp_mant(
        "V_FREXP_MANT_F32",
        "if(S0.f == +-INF || S0.f == NAN) then D.f = S0.f; else D.f = Mantissa(S0.f); endif.",
        S,
    )
}
/// V_FREXP_MANT_F16.
pub fn v_frexp_mant_f16() -> Model {
    frexp_mant("V_FREXP_MANT_F16", "if(S0.f16 == +-INF || S0.f16 == NAN) then D.f16 = S0.f16; else D.f16 = Mantissa(S0.f16); endif.", H)
}
/// V_FREXP_EXP_I32_F64.
pub fn v_frexp_exp_i32_f64() -> Model {
    frexp_exp("V_FREXP_EXP_I32_F64", "if(S0.d == +-INF || S0.d == NAN) then D.i = 0; else D.i = TwosComplement(Exponent(S0.d) - 1023 + 1); endif.", D, 32)
}
/// V_FREXP_EXP_I32_F32.
pub fn v_frexp_exp_i32_f32() -> Model {
    frexp_exp("V_FREXP_EXP_I32_F32", "if(S0.f == +-INF || S0.f == NAN) then D.i = 0; else D.i = TwosComplement(Exponent(S0.f) - 127 + 1); endif.", S, 32)
}
/// V_FREXP_EXP_I16_F16.
pub fn v_frexp_exp_i16_f16() -> Model {
    frexp_exp("V_FREXP_EXP_I16_F16", "if(S0.f16 == +-INF || S0.f16 == NAN) then D.i = 0; else D.i = TwosComplement(Exponent(S0.f16) - 15 + 1); endif.", H, 16)
}

/// V_LDEXP: `S0 * 2^S1.i` (`ew`: S1's width, 16 for V_LDEXP_F16's `S1.i16`) rounded once
/// with MODE. The exponent is clamped to +-`lim` (beyond it every finite non-zero result
/// already overflows or underflows past the smallest denormal); the power of two and the
/// exact product live in a format with 4 more exponent bits, so the product is exact and
/// rounding it to the result format is the only rounding.
fn ldexp(name: &'static str, spec: &'static str, f: Fmt, ew: u32, lim: u64) -> Model {
    let wide = f.widened(4);
    let rm = f.rm();
    let n = sext("s1", 32 - ew);
    let hi = lit(lim, 32);
    let lo = lit(lim.wrapping_neg() & 0xffff_ffff, 32);
    let nc = ite(
        &format!("(bvsgt {n} {hi})"),
        &hi,
        &ite(&format!("(bvslt {n} {lo})"), &lo, &n),
    );
    // 2^n in `wide`: biased exponent n + bias(wide), zero fraction.
    let pow = format!(
        "(fp #b0 ((_ extract {} 0) (bvadd {nc} {})) {})",
        wide.e - 1,
        lit(bias(wide), 32),
        lit(0, wide.m)
    );
    let xw = format!("((_ to_fp {} {}) RNE {})", wide.e, wide.m + 1, f.fp("a"));
    let w = format!("(fp.mul RNE {xw} {pow})");
    let r = RoundIn {
        inf: f,
        out: f,
        ops: &["a"],
        r: format!("((_ to_fp {} {}) {rm} {w})", f.e, f.m + 1),
        wide,
        w: w.clone(),
        exact: format!("(fp.to_real {w})"),
    };
    let r = round(r);
    let bind = |t: &str| let1("a", &f.read("s0"), t);
    let max_exp = lit(((1u64 << f.e) - 2) << f.m, f.w() - 1);
    Model::new(name, spec)
        .family(Family::Approx, f)
        .input("s0", f.w())
        .input("s1", ew)
        .out("d", f.w(), bind(&r.d))
        .out("nan_any", 1, bind(&r.nan_any))
        .out("flags", 6, bind(&r.flags))
        .float_flags(ROUNDED)
        .region(
            "overflow",
            format!(
                "(and (= {} {max_exp}) (= s1 {}))",
                ext("s0", f.w() - 2, 0),
                lit(1, ew)
            ),
        )
        .region(
            "denormal_result_rounds",
            format!(
                "(and (= {} {}) (= s1 {}))",
                ext("s0", f.w() - 2, 0),
                lit(((bias(f)) << f.m) | ((1 << f.m) - 1), f.w() - 1),
                lit(
                    (u64::from(f.m) + bias(f)).wrapping_neg() & ((1u64 << ew) - 1),
                    ew
                )
            ),
        )
        .region(
            "huge_exponent",
            format!("(and (bvsgt {n} {hi}) (not {}))", f.is_nan("s0")),
        )
        .region(
            "very_negative_exponent",
            format!(
                "(and (bvslt {n} {lo}) (= {} #b0))",
                ext("s0", f.w() - 2, f.w() - 2)
            ),
        )
}

/// V_LDEXP_F16.
pub fn v_ldexp_f16() -> Model {
    ldexp("V_LDEXP_F16", "D.f16 = S0.f16 * (2 ** S1.i16).", H, 16, 64)
}
/// V_LDEXP_F32.
pub fn v_ldexp_f32() -> Model {
    ldexp("V_LDEXP_F32", "D.f = S0.f * (2 ** S1.i).", S, 32, 400)
}
/// V_LDEXP_F64.
pub fn v_ldexp_f64() -> Model {
    ldexp("V_LDEXP_F64", "D.d = S0.d * (2 ** S1.i).", D, 32, 2200)
}

/// The rounding, FRACT, FREXP and LDEXP models.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_TRUNC_F64", v_trunc_f64), ("V_CEIL_F64", v_ceil_f64), ("V_RNDNE_F64", v_rndne_f64),
    ("V_FLOOR_F64", v_floor_f64), ("V_TRUNC_F32", v_trunc_f32), ("V_CEIL_F32", v_ceil_f32),
    ("V_RNDNE_F32", v_rndne_f32), ("V_FLOOR_F32", v_floor_f32), ("V_TRUNC_F16", v_trunc_f16),
    ("V_CEIL_F16", v_ceil_f16), ("V_RNDNE_F16", v_rndne_f16), ("V_FLOOR_F16", v_floor_f16),
    ("V_FRACT_F32", v_fract_f32), ("V_FRACT_F64", v_fract_f64), ("V_FRACT_F16", v_fract_f16),
    ("V_FREXP_MANT_F64", v_frexp_mant_f64), ("V_FREXP_MANT_F32", v_frexp_mant_f32),
    ("V_FREXP_MANT_F16", v_frexp_mant_f16), ("V_FREXP_EXP_I32_F64", v_frexp_exp_i32_f64),
    ("V_FREXP_EXP_I32_F32", v_frexp_exp_i32_f32), ("V_FREXP_EXP_I16_F16", v_frexp_exp_i16_f16),
    ("V_LDEXP_F16", v_ldexp_f16), ("V_LDEXP_F32", v_ldexp_f32), ("V_LDEXP_F64", v_ldexp_f64),
];
