//! VOP3-only division-step models (DIV_FIXUP, DIV_FMAS, DIV_SCALE), per lane (Vega manual,
//! "VOP3A & VOP3B Instructions"; note 0027 "Third round (B)"): the rows whose kernels are in
//! gpuref-amd-gcn5's `alu/valu/vop3f/div.rs`.

use crate::bv::*;
use crate::coverage::Family;
use crate::fp::*;
use crate::gcn5::mode::*;
use crate::{Model, ModelFn};

/// V_DIV_FIXUP in format `f` as printed: `under` the exponent difference below which the
/// printed "underflow" branch applies (F32 -150, F64 -1075; F16 has none). Operands are
/// classified as given (the pseudocode tests NAN, 0 and INF on the values; no flushing
/// is printed); `Quiet` sets the quiet bit; the last branch moves S0's bits with the sign
/// `sign_out`. The "underflow" and "overflow" values are not defined by the manual: where
/// that branch applies the model settles nothing (`open`). The overflow branch,
/// `exponent(S1) == 255` (2047), is unreachable as printed (inf and NaN are caught
/// before). Flags: the manual says the instruction "generates invalid, denorm and divide
/// by zero exceptions caused by the division" and no others: invalid for 0/0, inf/inf
/// and a signalling NaN S1 or S2, input denormal for a denormal S1 or S2, divide by zero
/// for S1 = 0 with a finite nonzero S2; the other bits 0.
fn div_fixup(name: &'static str, spec: &'static str, f: Fmt, under: Option<i64>) -> Model {
    let w = f.w();
    let sb = w - 1;
    let abs = |x: &str| format!("(concat #b0 {})", ext(x, sb - 1, 0));
    let inf = lit(((1u64 << f.e) - 1) << f.m, w);
    let zero = |x: &str| format!("(= {} {})", abs(x), lit(0, w));
    let is_inf = |x: &str| format!("(= {} {inf})", abs(x));
    let sign_out = format!("(bvxor {} {})", ext("s1", sb, sb), ext("s2", sb, sb));
    let signed = |mag: &str| format!("(concat {sign_out} {})", ext(mag, sb - 1, 0));
    let nan = f.default_nan();
    let (s1, s2) = ("s1", "s2");
    let exp = |x: &str| zext(&ext(x, w - 2, f.m), 2);
    let under_c = match under {
        Some(t) => format!(
            "(bvslt (bvsub {} {}) {})",
            exp(s2),
            exp(s1),
            lit((t as u64) & ((1 << (f.e + 2)) - 1), f.e + 2)
        ),
        None => "false".into(),
    };
    let d = ite(
        &f.is_nan(s2),
        &f.quiet(s2),
        &ite(
            &f.is_nan(s1),
            &f.quiet(s1),
            &ite(
                &format!("(and {} {})", zero(s1), zero(s2)),
                &nan,
                &ite(
                    &format!("(and {} {})", is_inf(s1), is_inf(s2)),
                    &nan,
                    &ite(
                        &format!("(or {} {})", zero(s1), is_inf(s2)),
                        &signed(&inf),
                        &ite(
                            &format!("(or {} {})", is_inf(s1), zero(s2)),
                            &signed(&lit(0, w)),
                            &signed("s0"),
                        ),
                    ),
                ),
            ),
        ),
    );
    let special = format!(
        "(or {} {} {} {} {} {})",
        f.is_nan(s1),
        f.is_nan(s2),
        zero(s1),
        zero(s2),
        is_inf(s1),
        is_inf(s2)
    );
    let open = format!("(and (not {special}) {under_c})");
    let invalid = format!(
        "(or {} {} (and {} {}) (and {} {}))",
        f.is_snan(s1),
        f.is_snan(s2),
        zero(s1),
        zero(s2),
        is_inf(s1),
        is_inf(s2)
    );
    let div0 = format!(
        "(and {} (not {}) (not {}) (not {}))",
        zero(s1),
        zero(s2),
        is_inf(s2),
        f.is_nan(s2)
    );
    let denorm = format!("(or {} {})", f.is_sub(s1), f.is_sub(s2));
    let flags = concat(&["#b000".into(), b1(&div0), b1(&denorm), b1(&invalid)]);
    Model::new(name, spec)
        .family(Family::DivFixup, f)
        .input("s0", w)
        .input("s1", w)
        .input("s2", w)
        .out("d", w, d.clone())
        .out("lo", w, d.clone())
        .out("hi", w, d)
        .out("nan_any", 1, "#b0")
        .out("open", 1, b1(&open))
        .out("flags", 6, flags)
        .float_flags(0x3f)
        .region("zero_over_zero", format!("(and {} {})", zero(s1), zero(s2)))
        .region(
            "x_over_zero",
            format!(
                "(and {} (not {}) (not {}))",
                zero(s1),
                zero(s2),
                f.is_nan(s2)
            ),
        )
        .region(
            "inf_over_zero",
            format!("(and {} {})", zero(s1), is_inf(s2)),
        )
        .region("denormal_denominator", f.is_sub(s1))
        .region(
            "ordinary_quotient",
            format!("(and (not {special}) (not {under_c}))"),
        )
}

/// sign_out = sign(S1.f)^sign(S2.f); if (S2.f == NAN) D.f = Quiet(S2.f); ... else D.f = sign_out ? -abs(S0.f) : abs(S0.f); endif.
pub fn v_div_fixup_f32() -> Model {
    div_fixup("V_DIV_FIXUP_F32", "sign_out = sign(S1.f)^sign(S2.f); if (S2.f == NAN) D.f = Quiet(S2.f); ... else if ((exponent(S2.f) - exponent(S1.f)) < -150) D.f = sign_out ? -underflow : underflow; else if (exponent(S1.f) == 255) D.f = sign_out ? -overflow : overflow; else D.f = sign_out ? -abs(S0.f) : abs(S0.f); endif.", S, Some(-150))
}

/// sign_out = sign(S1.d)^sign(S2.d); if (S2.d == NAN) D.d = Quiet(S2.d); ... else D.d = sign_out ? -abs(S0.d) : abs(S0.d); endif.
pub fn v_div_fixup_f64() -> Model {
    div_fixup("V_DIV_FIXUP_F64", "sign_out = sign(S1.d)^sign(S2.d); if (S2.d == NAN) D.d = Quiet(S2.d); ... else if ((exponent(S2.d) - exponent(S1.d)) < -1075) D.d = sign_out ? -underflow : underflow; else if (exponent(S1.d) == 2047) D.d = sign_out ? -overflow : overflow; else D.d = sign_out ? -abs(S0.d) : abs(S0.d); endif.", D, Some(-1075))
}

/// sign_out = sign(S1.f16)^sign(S2.f16); if (S2.f16 == NAN) D.f16 = Quiet(S2.f16); ... else D.f16 = sign_out ? -abs(S0.f16) : abs(S0.f16); end if.
pub fn v_div_fixup_f16() -> Model {
    div_fixup("V_DIV_FIXUP_F16", "sign_out = sign(S1.f16)^sign(S2.f16); if (S2.f16 == NAN) D.f16 = Quiet(S2.f16); ... else D.f16 = sign_out ? -abs(S0.f16) : abs(S0.f16); end if.", H, None)
}

/// sign_out = sign(S1.f16)^sign(S2.f16); if (S2.f16 == NAN) D.f16 = Quiet(S2.f16); ... else D.f16 = sign_out ? -abs(S0.f16) : abs(S0.f16); end if.
pub fn v_div_fixup_legacy_f16() -> Model {
    div_fixup("V_DIV_FIXUP_LEGACY_F16", "sign_out = sign(S1.f16)^sign(S2.f16); if (S2.f16 == NAN) D.f16 = Quiet(S2.f16); ... else D.f16 = sign_out ? -abs(S0.f16) : abs(S0.f16); end if.", H, None)
        // No underflow branch to cover (as V_DIV_FIXUP_F16's): the operand extremes only.
        .family(Family::Approx, H)
}

/// V_DIV_FMAS in format `f` (`prod` its exact-product format, `scale` 2**32 or 2**64):
/// `S0 * S1 + S2` fused, times `scale` when the lane's VCC bit is set, rounded once by
/// MODE. "Input denormals are not flushed, but output flushing is allowed": operands are
/// read as given, a tiny result is flushed per MODE.
fn div_fmas(name: &'static str, spec: &'static str, f: Fmt, prod: Fmt, scale: &str) -> Model {
    let r = crate::gcn5::valu::fminmax::mad::fused_scaled(f, prod, scale, "vcc_in");
    let bind = |t: &str| format!("(let ((a s0) (b s1) (c s2)) {t})");
    Model::new(name, spec)
        .family(Family::Approx, f)
        .input("s0", f.w())
        .input("s1", f.w())
        .input("s2", f.w())
        .input("vcc_in", 1)
        .out("d", f.w(), bind(&r.d))
        .out("nan_any", 1, bind(&r.nan_any))
        .out("flags", 6, bind(&r.flags))
        .float_flags(INVALID | DIV0 | OVERFLOW | UNDERFLOW | INEXACT)
        .region("scaled", "(= vcc_in #b1)")
        .region("denormal_operand", f.is_sub("s0"))
}

/// if (VCC[threadId]) D.f = 2**32 * (S0.f * S1.f + S2.f); else D.f = S0.f * S1.f + S2.f; end if.
pub fn v_div_fmas_f32() -> Model {
    div_fmas("V_DIV_FMAS_F32", "if (VCC[threadId]) D.f = 2**32 * (S0.f * S1.f + S2.f); else D.f = S0.f * S1.f + S2.f; end if.", S, Fmt { e: 10, m: 47 }, "4294967296.0")
}

/// if (VCC[threadId]) D.d = 2**64 * (S0.d * S1.d + S2.d); else D.d = S0.d * S1.d + S2.d; end if.
pub fn v_div_fmas_f64() -> Model {
    div_fmas("V_DIV_FMAS_F64", "if (VCC[threadId]) D.d = 2**64 * (S0.d * S1.d + S2.d); else D.d = S0.d * S1.d + S2.d; end if.", D, Fmt { e: 13, m: 105 }, "18446744073709551616.0")
}

/// V_DIV_SCALE in format `f`: `big` the exponent difference of "N/D near MAX_FLOAT" (96,
/// 768), `k` the scale exponent (64, 128), `tiny` the numerator exponent of "Numerator is
/// tiny" (23, 53). Readings: `exponent()` is the biased exponent field (0 for zeros and
/// denormals); operands are classified as given (the pseudocode tests DENORM and 0 on
/// the values; no flushing is printed) and compared as floats (`S0.f == S1.f`: IEEE
/// equality); `1 / S1.f == DENORM` and `S2.f / S1.f == DENORM` test the exact quotient
/// (nonzero and below the smallest normal), not a rounded one; where no branch assigns
/// D, D is S0 (the input to scale passes through); `ldexp` is a multiplication by a power
/// of two under MODE's rounding (exact but at the range ends); `NAN` is some NaN. Flags
/// are not modelled (the manual lists none for this opcode).
fn div_scale(name: &'static str, spec: &'static str, f: Fmt, big: u64, k: i32, tiny: u64) -> Model {
    let w = f.w();
    let sb = w - 1;
    let ew = f.e + 2;
    let abs = |x: &str| format!("(concat #b0 {})", ext(x, sb - 1, 0));
    let zero = |x: &str| format!("(= {} {})", abs(x), lit(0, w));
    let exp = |x: &str| zext(&ext(x, w - 2, f.m), 2);
    let finite = |x: &str| {
        format!(
            "(not (= {} {}))",
            ext(x, w - 2, f.m),
            lit((1 << f.e) - 1, f.e)
        )
    };
    let real = |x: &str| format!("(fp.to_real {})", f.fp(&abs(x)));
    // 2^(bias - 1): 1/|S1| is below the smallest normal 2^(1 - bias) iff |S1| > 2^(bias - 1).
    let bias = (1u64 << (f.e - 1)) - 1;
    let pow = |e: u64| format!("(fp #b0 {} {})", lit(e, f.e), lit(0, f.m));
    let rcp_d = format!(
        "(and {} (fp.gt {} {}))",
        finite("s1"),
        f.fp(&abs("s1")),
        pow(2 * bias - 1)
    );
    // |S2| / |S1| < 2^(1 - bias), S2 nonzero and finite, S1 finite nonzero.
    let quot_d = format!(
        "(and {} {} (not {}) (not {}) (< {} (* {} (fp.to_real {}))))",
        finite("s1"),
        finite("s2"),
        zero("s1"),
        zero("s2"),
        real("s2"),
        real("s1"),
        pow(1)
    );
    let near_max = format!(
        "(bvsge (bvsub {} {}) {})",
        exp("s2"),
        exp("s1"),
        lit(big, ew)
    );
    let rm = f.rm();
    let scale = |by: i32| {
        let e = (bias as i64 + by as i64) as u64;
        let p = format!("(fp #b0 {} {})", lit(e, f.e), lit(0, f.m));
        ite(
            &f.is_nan("s0"),
            &f.quiet("s0"),
            &format!("(fp.to_ieee_bv (fp.mul {rm} {} {p}))", f.fp("s0")),
        )
    };
    let (up, down) = (scale(k), scale(-k));
    let eq = |a: &str, b: &str| format!("(fp.eq {} {})", f.fp(a), f.fp(b));
    let either_zero = format!("(or {} {})", zero("s1"), zero("s2"));
    let vcc = ite(
        &either_zero,
        "#b0",
        &ite(
            &near_max,
            "#b1",
            &ite(
                &f.is_sub("s1"),
                "#b0",
                &ite(
                    &format!("(and {rcp_d} {quot_d})"),
                    "#b1",
                    &ite(&rcp_d, "#b0", &ite(&quot_d, "#b1", "#b0")),
                ),
            ),
        ),
    );
    let d = ite(
        &either_zero,
        &f.default_nan(),
        &ite(
            &near_max,
            &ite(&eq("s0", "s1"), &up, "s0"),
            &ite(
                &f.is_sub("s1"),
                &up,
                &ite(
                    &format!("(and {rcp_d} {quot_d})"),
                    &ite(&eq("s0", "s1"), &up, "s0"),
                    &ite(
                        &rcp_d,
                        &down,
                        &ite(
                            &quot_d,
                            &ite(&eq("s0", "s2"), &up, "s0"),
                            &ite(
                                &format!("(bvule {} {})", exp("s2"), lit(tiny, ew)),
                                &up,
                                "s0",
                            ),
                        ),
                    ),
                ),
            ),
        ),
    );
    let nan_any = format!("(or {either_zero} (and {} (not (= d s0))))", f.is_nan("s0"));
    let let_d = |t: &str| format!("(let ((d {d})) {t})");
    Model::new(name, spec)
        .family(Family::DivScale, f)
        .input("s0", w)
        .input("s1", w)
        .input("s2", w)
        .out("d", w, d.clone())
        .out("vcc", 1, vcc)
        .out("nan_any", 1, let_d(&b1(&nan_any)))
        .out("flags", 6, lit(0, 6))
        .float_flags(0)
        .region(
            "near_max",
            format!("(and {near_max} (not {either_zero}) (= s0 s1))"),
        )
        .region(
            "denormal_denominator",
            format!("(and {} (= s0 s1))", f.is_sub("s1")),
        )
        .region(
            "rcp_denormal",
            format!("(and {rcp_d} (not {either_zero}) (not {near_max}) (= s0 s1))"),
        )
        // |S2/S1| < 2^(e2 - e1 + 1) <= 2^(1 - bias) with S1 at most 2^(bias - 2): a
        // denormal quotient without a denormal reciprocal (bit-level, for the solver).
        .region(
            "quotient_denormal",
            format!(
            "(and (= s0 s2) (bvuge {e2} #b{one}) (bvule (bvadd {e2} {b}) {e1}) (bvule {e1} {top}))",
            e2 = exp("s2"),
            e1 = exp("s1"),
            one = "0".repeat(ew as usize - 1) + "1",
            b = lit(bias, ew),
            top = lit(2 * bias - 2, ew)
        ),
        )
        .region(
            "tiny_numerator",
            format!(
                "(and (bvule {} {}) (not {either_zero}) (= s0 s2) (bvult {} {}))",
                exp("s2"),
                lit(tiny, ew),
                exp("s1"),
                lit(bias, ew)
            ),
        )
}

/// VCC = 0; if (S2.f == 0 || S1.f == 0) D.f = NAN else if (exponent(S2.f) - exponent(S1.f) >= 96) ... else if (exponent(S2.f) <= 23) D.f = ldexp(S0.f, 64); end if.
pub fn v_div_scale_f32() -> Model {
    div_scale("V_DIV_SCALE_F32", "VCC = 0; if (S2.f == 0 || S1.f == 0) D.f = NAN else if (exponent(S2.f) - exponent(S1.f) >= 96) // N/D near MAX_FLOAT VCC = 1; if (S0.f == S1.f) D.f = ldexp(S0.f, 64); end if else if (S1.f == DENORM) D.f = ldexp(S0.f, 64); else if (1 / S1.f == DENORM && S2.f / S1.f == DENORM) VCC = 1; if (S0.f == S1.f) D.f = ldexp(S0.f, 64); end if else if (1 / S1.f == DENORM) D.f = ldexp(S0.f, -64); else if (S2.f / S1.f==DENORM) VCC = 1; if (S0.f == S2.f) D.f = ldexp(S0.f, 64); end if else if (exponent(S2.f) <= 23) D.f = ldexp(S0.f, 64); end if.", S, 96, 64, 23)
}

/// VCC = 0; if (S2.d == 0 || S1.d == 0) D.d = NAN else if (exponent(S2.d) - exponent(S1.d) >= 768) ... else if (exponent(S2.d) <= 53) D.d = ldexp(S0.d, 128); end if.
pub fn v_div_scale_f64() -> Model {
    div_scale("V_DIV_SCALE_F64", "VCC = 0; if (S2.d == 0 || S1.d == 0) D.d = NAN else if (exponent(S2.d) - exponent(S1.d) >= 768) // N/D near MAX_FLOAT VCC = 1; if (S0.d == S1.d) D.d = ldexp(S0.d, 128); end if else if (S1.d == DENORM) D.d = ldexp(S0.d, 128); else if (1 / S1.d == DENORM && S2.d / S1.d == DENORM) VCC = 1; if (S0.d == S1.d) D.d = ldexp(S0.d, 128); end if else if (1 / S1.d == DENORM) D.d = ldexp(S0.d, -128); else if (S2.d / S1.d==DENORM) VCC = 1; if (S0.d == S2.d) D.d = ldexp(S0.d, 128); end if else if (exponent(S2.d) <= 53) D.d = ldexp(S0.d, 128); end if.", D, 768, 128, 53)
}

/// The VOP3 division-step models.
#[rustfmt::skip]
pub const MODELS: &[(&str, ModelFn)] = &[
    ("V_DIV_FIXUP_F32", v_div_fixup_f32), ("V_DIV_FIXUP_F64", v_div_fixup_f64),
    ("V_DIV_FIXUP_F16", v_div_fixup_f16), ("V_DIV_FIXUP_LEGACY_F16", v_div_fixup_legacy_f16),
    ("V_DIV_FMAS_F32", v_div_fmas_f32), ("V_DIV_FMAS_F64", v_div_fmas_f64),
    ("V_DIV_SCALE_F32", v_div_scale_f32), ("V_DIV_SCALE_F64", v_div_scale_f64),
];
